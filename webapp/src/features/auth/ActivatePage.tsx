import { useState } from "react";
import { Link, useParams } from "react-router";
import { activate, isSuccess } from "./api";
import { AuthPage } from "./AuthPage";
import { FormAlert } from "../../components/form";
import { ShieldIcon, SuccessIcon } from "../../components/badges";
import { successRedirectMs } from "../../lib/domain";
import { ACTIVATION_FAILURE, ACTIVATION_SUCCESS } from "./messages";
import { useRedirectAfter } from "./useRedirectAfter";
import "./auth.css";

/** SPEC §9: how long a success message shows before the app moves on (the crate's redirects rule). */
const SUCCESS_REDIRECT_MS = successRedirectMs();

type State = "idle" | "busy" | "done" | "failed";

/** /activate/:uid/:token: the link from the activation e-mail; one button verifies the account. */
export default function ActivatePage() {
  const { uid = "", token = "" } = useParams();
  const [state, setState] = useState<State>("idle");
  useRedirectAfter(state === "done", "/auth/login", SUCCESS_REDIRECT_MS);

  async function verify() {
    if (state === "busy" || state === "done") return;
    setState("busy");
    try {
      setState(isSuccess(await activate(uid, token)) ? "done" : "failed");
    } catch {
      setState("failed");
    }
  }

  return (
    <AuthPage
      title={state === "done" ? "You’re all set" : "Activate your account"}
      icon={state === "done" ? <SuccessIcon /> : <ShieldIcon />}
      lead={
        state === "done"
          ? "Your e-mail address is confirmed. You can now sign in and book your first session."
          : "One last step: confirm your e-mail address to start booking sessions with mentors."
      }
      testId="activate-page"
      footer={
        <p className="auth-page__muted">
          Having trouble? <Link to="/contact">Contact support</Link> or{" "}
          <Link to="/auth/resend-verification">resend the verification e-mail</Link>.
        </p>
      }
    >
      <div className="auth-form">
        {state === "done" ? <FormAlert tone="success">{ACTIVATION_SUCCESS}</FormAlert> : null}
        {state === "failed" ? <FormAlert tone="error">{ACTIVATION_FAILURE}</FormAlert> : null}
        {state === "done" ? (
          <Link className="btn btn--primary btn--lg btn--block" to="/auth/login" replace>
            Sign in now
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block auth-submit"
            onClick={() => void verify()}
            disabled={state === "busy"}
            aria-busy={state === "busy"}
          >
            {state === "busy" ? <span className="spinner" aria-hidden="true" /> : null}
            Verify Account
          </button>
        )}
      </div>
    </AuthPage>
  );
}

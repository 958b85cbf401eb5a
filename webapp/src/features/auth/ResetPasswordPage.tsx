import { useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { inlinePasswordMismatch, successRedirectMs } from "../../lib/domain";
import { formErrors } from "../../lib/api/errors";
import { confirmPasswordReset, isSuccess } from "./api";
import { AuthPage } from "./AuthPage";
import { focusFirstInvalid, FormAlert, SubmitButton } from "../../components/form";
import { KeyIcon, SuccessIcon } from "../../components/badges";
import { FIX_ERRORS, RESET_FAILURE, RESET_SUCCESS } from "./messages";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { newPasswordErrors } from "./passwords";
import { useRedirectAfter } from "./useRedirectAfter";
import "./auth.css";

/** SPEC §9: how long a success message shows before the app moves on (the crate's redirects rule). */
const SUCCESS_REDIRECT_MS = successRedirectMs();

const FIELDS = ["new_password", "re_new_password"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/** /password/reset/confirm/:uid/:token: the link from the reset e-mail. */
export default function ResetPasswordPage() {
  const { uid = "", token = "" } = useParams();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useRedirectAfter(done, "/auth/login", SUCCESS_REDIRECT_MS);

  function fail(found: Errors, text: string | undefined) {
    setErrors(found);
    setMessage(text);
    requestAnimationFrame(() => focusFirstInvalid(form.current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = newPasswordErrors(password, confirmation);
    if (problems.password || problems.confirmation) {
      fail({ new_password: problems.password, re_new_password: problems.confirmation }, undefined);
      return;
    }
    setErrors({});
    setMessage(undefined);
    setBusy(true);
    try {
      const answer = await confirmPasswordReset(uid, token, password, confirmation);
      if (isSuccess(answer)) {
        setDone(true);
        return;
      }
      const { fields } = answer.status === 400 ? formErrors(answer.body, FIELDS) : { fields: {} };
      if (Object.keys(fields).length > 0) fail(fields, FIX_ERRORS);
      else fail({}, RESET_FAILURE);
    } catch {
      fail({}, RESET_FAILURE);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthPage
        title={RESET_SUCCESS}
        icon={<SuccessIcon />}
        lead="You can now sign in with your new password."
        testId="reset-password-page"
      >
        <div className="auth-form">
          <FormAlert tone="success">
            <span>{RESET_SUCCESS}</span> Taking you to sign in in {SUCCESS_REDIRECT_MS / 1000} seconds…
          </FormAlert>
          <Link className="btn btn--primary btn--lg btn--block" to="/auth/login" replace>
            Sign in now
          </Link>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Choose a new password"
      icon={<KeyIcon />}
      lead="Pick a strong password you don’t use anywhere else."
      testId="reset-password-page"
      footer={
        <p className="auth-page__muted">
          Link expired? <Link to="/auth/forgot-password">Request a new one</Link>
        </p>
      }
    >
      <form ref={form} className="auth-form" noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={(e) => setPassword(e.target.value)}
          onConfirmationChange={(e) => {
            setConfirmation(e.target.value);
            if (errors.re_new_password) setErrors((x) => ({ ...x, re_new_password: undefined }));
          }}
          passwordError={errors.new_password}
          confirmationError={errors.re_new_password ?? inlinePasswordMismatch(password, confirmation)}
        />
        {message ? (
          <FormAlert tone="error">
            <span>{message}</span>
            {message === RESET_FAILURE ? (
              <>
                {" "}
                <Link to="/auth/forgot-password">Request a new link</Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Saving…">
          Reset Password
        </SubmitButton>
      </form>
    </AuthPage>
  );
}

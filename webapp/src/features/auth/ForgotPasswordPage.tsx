import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { checkEmail } from "../../lib/domain";
import { detailOf, fieldErrors } from "../../lib/api/errors";
import { checkAuthType, requestPasswordReset } from "./api";
import { AuthPage } from "./AuthPage";
import { Field, focusFirstInvalid, FormAlert, SubmitButton } from "../../components/form";
import { Dialog } from "../../components/Dialog";
import { GoogleIcon, KeyIcon } from "../../components/badges";
import { EMAIL_NOT_REGISTERED, GOOGLE_ACCOUNT_TITLE, RESET_EMAIL_FAILED, RESET_EMAIL_SENT, UNEXPECTED } from "./messages";
import "./auth.css";

/**
 * /auth/forgot-password (SPEC §8): a Google-created account is steered to
 * Google sign-in; otherwise the reset e-mail is sent and the confirmation
 * page says so.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [googleDialog, setGoogleDialog] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkEmail(email);
    setMessage(undefined);
    if (check.type === "error") {
      setFieldError(check.message);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const authType = await checkAuthType(check.value);
      if (authType.isGoogleUser) {
        setGoogleDialog(true);
        return;
      }
      const answer = await requestPasswordReset(check.value);
      if (answer.status === 204) {
        void navigate("/auth/email-confirmation", {
          state: { title: "Check your inbox", message: RESET_EMAIL_SENT, buttonText: "Back to Home" },
        });
        return;
      }
      if (answer.status >= 200 && answer.status <= 299) {
        setMessage(UNEXPECTED);
        return;
      }
      if (answer.status === 400) {
        setFieldError(EMAIL_NOT_REGISTERED);
        requestAnimationFrame(() => input.current?.focus());
        return;
      }
      const serverMessage = fieldErrors(answer.body)["email"] ?? (answer.status === 429 ? detailOf(answer.body) : undefined);
      setMessage(serverMessage ?? RESET_EMAIL_FAILED);
    } catch {
      setMessage(RESET_EMAIL_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPage
      title="Forgot your password?"
      icon={<KeyIcon />}
      lead="Enter the e-mail address you signed up with and we’ll send you a link to choose a new password."
      testId="forgot-password-page"
      footer={
        <p>
          Remembered it? <Link to="/auth/login">Back to sign in</Link>
        </p>
      }
    >
      <form ref={form} className="auth-form" noValidate onSubmit={onSubmit}>
        <Field
          inputRef={input}
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          required
        />
        {message ? <FormAlert tone="error">{message}</FormAlert> : null}
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send Reset Link
        </SubmitButton>
      </form>
      {googleDialog ? (
        <Dialog
          title={GOOGLE_ACCOUNT_TITLE}
          icon={<GoogleIcon />}
          testId="google-account-dialog"
          onClose={() => setGoogleDialog(false)}
          returnFocus={() => input.current}
          actions={
            <>
              <button type="button" className="btn btn--primary" onClick={() => void navigate("/auth/login")}>
                Go to Login
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => setGoogleDialog(false)}>
                Try Again
              </button>
            </>
          }
        >
          <p>
            <strong>{email.trim()}</strong> was created with Google sign-in, so it has no password to reset. Use{" "}
            <em>Continue with Google</em> on the sign-in page instead.
          </p>
        </Dialog>
      ) : null}
    </AuthPage>
  );
}

import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { checkEmailRequired } from "../../lib/domain";
import { detailOf, formErrors } from "../../lib/api/errors";
import { isSuccess, resendActivation } from "./api";
import { AuthPage } from "./AuthPage";
import { Field, FormAlert, SubmitButton } from "../../components/form";
import { MailIcon } from "../../components/badges";
import { FIX_ERRORS, UNEXPECTED, VERIFICATION_SENT } from "./messages";
import "./auth.css";

/** /auth/resend-verification: a new activation link for an account not yet verified. */
export default function ResendVerificationPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function fail(field: string | undefined, text: string | undefined) {
    setFieldError(field);
    setMessage(text);
    if (field) requestAnimationFrame(() => input.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Blank: the spec's "Email is required!"; otherwise the e-mail rule.
    const check = checkEmailRequired(email);
    if (check.type === "error") {
      fail(check.message, undefined);
      return;
    }
    fail(undefined, undefined);
    setBusy(true);
    try {
      const answer = await resendActivation(check.value);
      if (isSuccess(answer)) {
        void navigate("/auth/email-confirmation", {
          state: { title: "Check your inbox", message: VERIFICATION_SENT, buttonText: "Back to Home" },
        });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["email"] as const);
        if (fields.email) {
          fail(fields.email, FIX_ERRORS);
          return;
        }
        fail(undefined, other ?? UNEXPECTED);
        return;
      }
      fail(undefined, (answer.status === 429 ? detailOf(answer.body) : undefined) ?? UNEXPECTED);
    } catch {
      fail(undefined, UNEXPECTED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPage
      title="Resend verification e-mail"
      icon={<MailIcon />}
      lead="Didn’t get the activation e-mail, or the link expired? Enter your address and we’ll send a fresh one."
      testId="resend-verification-page"
      footer={
        <p>
          Already verified? <Link to="/auth/login">Sign in</Link>
        </p>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
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
          Resend Verification Link
        </SubmitButton>
      </form>
    </AuthPage>
  );
}

import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { checkEmail, checkPasswordGiven, loginFailureMessage } from "../../lib/domain";
import { detailOf, fieldErrors } from "../../lib/api/errors";
import { login, userFrom } from "./api";
import { AuthPage } from "./AuthPage";
import { Field, focusFirstInvalid, FormAlert, PasswordField, SubmitButton } from "../../components/form";
import { credentialEmail } from "./google";
import { GoogleSignIn, handleGoogleCredential } from "./GoogleSignIn";
import { FIX_ERRORS, NETWORK_ERROR } from "./messages";
import { session } from "../../lib/session";
import "./auth.css";
import "./account-security.css";

/** The end of the server's answer when Google may not link an existing password account by itself (issue 10, finding 8). */
const PASSWORD_TO_LINK = "Sign in with your password to link Google.";

interface Errors {
  email?: string | undefined;
  password?: string | undefined;
}

/**
 * /auth/login (guest-only). On success the session starts and the guard
 * takes the person on: profile completion if a contact number is needed,
 * else the remembered page, else home.
 */
export default function LoginPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [linkHint, setLinkHint] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** Google sign-in; when the address has a password account Google does not vouch for, the password form takes over. */
  async function onGoogleCredential(credential: string | undefined): Promise<string | undefined> {
    setLinkHint(false);
    const failure = await handleGoogleCredential(credential);
    if (failure?.endsWith(PASSWORD_TO_LINK)) {
      const address = credentialEmail(credential);
      if (address) setEmail(address);
      setErrors({});
      setLinkHint(true);
      requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>(address ? "input[name=password]" : "input[name=email]")?.focus());
    }
    return failure;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const emailCheck = checkEmail(email);
    const passwordCheck = checkPasswordGiven(password);
    const found: Errors = {
      email: emailCheck.type === "error" ? emailCheck.message : undefined,
      password: passwordCheck.type === "error" ? passwordCheck.message : undefined,
    };
    setErrors(found);
    setMessage(undefined);
    setLinkHint(false);
    if (emailCheck.type === "error" || found.password) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    try {
      const answer = await login(emailCheck.value, password);
      const body = (answer.body ?? {}) as { token?: unknown; refresh?: unknown; user?: unknown };
      if (answer.status === 200 && typeof body.token === "string" && body.token !== "") {
        session.signIn({ access: body.token, refresh: typeof body.refresh === "string" ? body.refresh : undefined, user: userFrom(body.user) });
        return;
      }
      if (answer.status === 429) {
        setMessage(detailOf(answer.body) ?? loginFailureMessage());
        return;
      }
      const fields = fieldErrors(answer.body);
      if (answer.status === 400 && (fields["email"] || fields["password"])) {
        setErrors({ email: fields["email"], password: fields["password"] });
        setMessage(FIX_ERRORS);
        return;
      }
      setMessage(loginFailureMessage());
    } catch {
      setMessage(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPage
      title="Welcome back"
      eyebrow="Sign in"
      lead="Sign in to book sessions, join your calls and manage your bookings."
      aside
      testId="login-page"
      footer={
        <>
          <p>
            New to MentorBridge? <Link to="/auth/register">Create an account</Link>
          </p>
          <p className="auth-page__muted">
            Didn’t get your activation e-mail? <Link to="/auth/resend-verification">Send it again</Link>
          </p>
        </>
      }
    >
      <form ref={form} className="auth-form" noValidate onSubmit={onSubmit}>
        <Field
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <p className="auth-form__aside">
          <Link to="/auth/forgot-password">Forgot password?</Link>
        </p>
        {message ? (
          <FormAlert tone="error">
            {message}
            {linkHint ? <p className="form-alert__more">Once you’re signed in, connect Google from your profile to use either way next time.</p> : null}
          </FormAlert>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
      <GoogleSignIn text="signin_with" onError={setMessage} onCredential={onGoogleCredential} />
    </AuthPage>
  );
}

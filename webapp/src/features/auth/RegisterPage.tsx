import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { checkEmail, checkName, checkOptionalContactNumber, inlinePasswordMismatch } from "../../lib/domain";
import { detailOf, formErrors } from "../../lib/api/errors";
import { isSuccess, register, type Registration } from "./api";
import { AuthPage } from "./AuthPage";
import { Field, focusFirstInvalid, FormAlert, SubmitButton } from "../../components/form";
import { GoogleSignIn } from "./GoogleSignIn";
import { FIRST_PASSWORD, NewPasswordFields } from "../../components/NewPasswordFields";
import { FIX_ERRORS, NETWORK_ERROR, REGISTER_FAILED } from "./messages";
import { newPasswordErrors } from "./passwords";
import { browserZone } from "../../lib/time";
import "./auth.css";

const FIELDS = ["name", "email", "contact_number", "password", "re_password"] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

/** /auth/register (guest-only): create an account, then check the inbox for the activation link. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ name: "", email: "", contact_number: "", password: "", re_password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function fail(found: Errors, text: string | undefined) {
    setErrors(found);
    setMessage(text);
    requestAnimationFrame(() => focusFirstInvalid(form.current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const name = checkName(values.name);
    const email = checkEmail(values.email);
    const contact = checkOptionalContactNumber(values.contact_number);
    const passwords = newPasswordErrors(values.password, values.re_password);
    const found: Errors = {
      name: name.type === "error" ? name.message : undefined,
      email: email.type === "error" ? email.message : undefined,
      contact_number: contact?.type === "error" ? contact.message : undefined,
      password: passwords.password,
      re_password: passwords.confirmation,
    };
    if (name.type === "error" || email.type === "error" || contact?.type === "error" || passwords.password || passwords.confirmation) {
      fail(found, undefined);
      return;
    }
    setErrors({});
    setMessage(undefined);
    setBusy(true);
    // The browser's zone: session times and e-mails are shown in it (editable in the profile).
    const registration: Registration = {
      name: name.value,
      email: email.value,
      password: values.password,
      re_password: values.re_password,
      time_zone: browserZone(),
    };
    if (contact?.type === "ok") registration.contact_number = contact.value;
    try {
      const answer = await register(registration);
      if (isSuccess(answer)) {
        void navigate("/auth/email-confirmation", {
          state: {
            title: "Check your inbox",
            message: `We’ve sent an activation link to ${email.value}. Open it to activate your account, then sign in.`,
            buttonText: "Back to Home",
          },
        });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, FIELDS);
        if (Object.keys(fields).length > 0) fail(fields, other ?? FIX_ERRORS);
        else fail({}, other ?? REGISTER_FAILED);
        return;
      }
      fail({}, (answer.status === 429 ? detailOf(answer.body) : undefined) ?? REGISTER_FAILED);
    } catch {
      fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  const mismatch = errors.re_password ?? inlinePasswordMismatch(values.password, values.re_password);

  return (
    <AuthPage
      title="Create your account"
      eyebrow="Get started"
      lead="Book one-on-one sessions with mentors who have been where you want to go."
      aside
      testId="register-page"
      footer={
        <p>
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </p>
      }
    >
      <form ref={form} className="auth-form" noValidate onSubmit={onSubmit}>
        <Field label="Full name" name="name" autoComplete="name" value={values.name} onChange={set("name")} error={errors.name} required />
        <Field
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={set("email")}
          error={errors.email}
          hint="We’ll send an activation link to this address."
          required
        />
        <Field
          label="Contact number"
          type="tel"
          name="contact_number"
          autoComplete="tel"
          inputMode="tel"
          optional
          value={values.contact_number}
          onChange={set("contact_number")}
          error={errors.contact_number}
          hint="Include your country code, e.g. +91 98765 43210."
        />
        <NewPasswordFields
          fields={FIRST_PASSWORD}
          password={values.password}
          confirmation={values.re_password}
          onPasswordChange={set("password")}
          onConfirmationChange={set("re_password")}
          passwordError={errors.password}
          confirmationError={mismatch}
        />
        {message ? <FormAlert tone="error">{message}</FormAlert> : null}
        <SubmitButton busy={busy} busyLabel="Creating your account…">
          Create Account
        </SubmitButton>
        <p className="auth-form__legal">
          By creating an account you agree to our <Link to="/terms">Terms &amp; Conditions</Link> and{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>
      <GoogleSignIn text="signup_with" onError={setMessage} />
    </AuthPage>
  );
}

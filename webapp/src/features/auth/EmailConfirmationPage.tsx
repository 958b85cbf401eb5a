import { Link, useLocation } from "react-router";
import { AuthPage } from "./AuthPage";
import { MailIcon } from "../../components/badges";
import { CONFIRMATION_DEFAULTS } from "./messages";
import "./auth.css";

type Text = keyof typeof CONFIRMATION_DEFAULTS;

/** The words of the page: router state first, then the query, then the defaults (SPEC §2). */
export function confirmationText(state: unknown, search: string): Record<Text, string> {
  const params = new URLSearchParams(search);
  const fromState = (typeof state === "object" && state !== null ? state : {}) as Partial<Record<Text, unknown>>;
  const pick = (key: Text): string => {
    const value = fromState[key];
    if (typeof value === "string" && value.trim() !== "") return value;
    const query = params.get(key);
    return query !== null && query.trim() !== "" ? query : CONFIRMATION_DEFAULTS[key];
  };
  return { title: pick("title"), message: pick("message"), buttonText: pick("buttonText") };
}

/** /auth/email-confirmation: "check your inbox" after register, reset request and resend. */
export default function EmailConfirmationPage() {
  const location = useLocation();
  const { title, message, buttonText } = confirmationText(location.state, location.search);
  return (
    <AuthPage title={title} icon={<MailIcon />} testId="email-confirmation-page">
      <div className="auth-form">
        <p className="auth-confirmation__message" role="status" data-testid="confirmation-message">
          {message}
        </p>
        <p className="auth-confirmation__tip">
          Can’t find it? Check your spam or promotions folder. Links expire, so use it soon.
        </p>
        <Link className="btn btn--primary btn--lg btn--block" to="/">
          {buttonText}
        </Link>
        <p className="auth-form__aside auth-form__aside--center">
          Ready to sign in? <Link to="/auth/login">Go to sign in</Link>
        </p>
      </div>
    </AuthPage>
  );
}

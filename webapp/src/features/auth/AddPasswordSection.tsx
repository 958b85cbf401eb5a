import { useRef, useState, type FormEvent } from "react";
import { SessionEndedError } from "../../lib/api/client";
import { useGoogleClientId } from "../../lib/api/config";
import { detailOf, formErrors } from "../../lib/api/errors";
import { focusFirstInvalid, FormAlert, SubmitButton } from "../../components/form";
import { addFirstPassword, isSuccess, requestFirstPasswordLink } from "./api";
import { GoogleSignIn } from "./GoogleSignIn";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import {
  firstPasswordLinkSent,
  FIX_ERRORS,
  GOOGLE_CONFIRMED,
  LINK_FAILED,
  NETWORK_ERROR,
  PASSWORD_ADD_FAILED,
} from "./messages";
import { newPasswordErrors } from "./passwords";
import "./account-security.css";

type Outcome = { tone: "success" | "error" | "info"; text: string } | undefined;

/** How the section ended: the password is set, or the server says there was one already. */
export type AddPasswordResult = "added" | "had-password";

const FIELDS = ["new_password", "re_new_password", "google_credential", "current_password"] as const;
type Errors = Partial<Record<"new_password" | "re_new_password", string>>;

/**
 * The new password and its confirmation, sent with the Google credential
 * the owner has just given (issue 10, finding 4).
 */
function ChoosePasswordForm({
  credential,
  onDone,
  onCredentialRefused,
  onCancel,
}: {
  credential: string;
  onDone: (result: AddPasswordResult) => void;
  onCredentialRefused: (message: string) => void;
  onCancel: () => void;
}) {
  const [next, setNext] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>({ tone: "info", text: GOOGLE_CONFIRMED });
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function fail(found: Errors, text: string) {
    setErrors(found);
    setOutcome({ tone: "error", text });
    requestAnimationFrame(() => focusFirstInvalid(form.current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = newPasswordErrors(next, confirmation);
    if (problems.password || problems.confirmation) {
      setErrors({ new_password: problems.password, re_new_password: problems.confirmation });
      setOutcome({ tone: "info", text: GOOGLE_CONFIRMED });
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setOutcome(undefined);
    setBusy(true);
    try {
      const answer = await addFirstPassword(credential, next, confirmation);
      if (isSuccess(answer)) {
        onDone("added");
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, FIELDS);
        if (fields.current_password) {
          onDone("had-password");
          return;
        }
        if (fields.google_credential) {
          onCredentialRefused(fields.google_credential);
          return;
        }
        const shown: Errors = { new_password: fields.new_password, re_new_password: fields.re_new_password };
        fail(shown, shown.new_password || shown.re_new_password ? FIX_ERRORS : (other ?? PASSWORD_ADD_FAILED));
        return;
      }
      fail({}, (answer.status === 429 ? detailOf(answer.body) : undefined) ?? PASSWORD_ADD_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="choose-password-title">
      <h3 id="choose-password-title" className="account-security__subtitle">
        Choose your password
      </h3>
      <NewPasswordFields
        password={next}
        confirmation={confirmation}
        onPasswordChange={(e) => setNext(e.target.value)}
        onConfirmationChange={(e) => setConfirmation(e.target.value)}
        passwordError={errors.new_password}
        confirmationError={errors.re_new_password}
      />
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <SubmitButton busy={busy} busyLabel="Adding…">
        Add Password
      </SubmitButton>
      <button type="button" className="btn btn--ghost btn--block" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}

/**
 * "Add a password", for an account that signs in with Google and has none:
 * the owner confirms it is them with Google (then chooses the password
 * here) or asks for an e-mailed link, valid for an hour, that opens the
 * password reset page. A bearer token alone never sets it.
 */
export function AddPasswordSection({ email, onDone }: { email: string; onDone: (result: AddPasswordResult) => void }) {
  const clientId = useGoogleClientId();
  const [credential, setCredential] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);

  async function onGoogleCredential(value: string | undefined): Promise<string | undefined> {
    if (!value) return "Google did not return a credential. Please try again.";
    setOutcome(undefined);
    setCredential(value);
    return undefined;
  }

  async function sendLink() {
    if (sending) return;
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await requestFirstPasswordLink();
      if (isSuccess(answer)) {
        setOutcome({ tone: "success", text: firstPasswordLinkSent(email) });
        return;
      }
      if (answer.status === 400) {
        onDone("had-password");
        return;
      }
      setOutcome({ tone: "error", text: (answer.status === 429 ? detailOf(answer.body) : undefined) ?? LINK_FAILED });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setOutcome({ tone: "error", text: NETWORK_ERROR });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="auth-form account-security" aria-labelledby="add-password-title" data-testid="add-password">
      <h2 id="add-password-title" className="profile-section__title">
        Add a password
      </h2>
      <p className="account-security__lead">
        You sign in with Google. Add a password to also sign in with your e-mail address, {email}, and a password.
      </p>
      {credential ? (
        <ChoosePasswordForm
          credential={credential}
          onDone={onDone}
          onCredentialRefused={(message) => {
            setCredential(undefined);
            setOutcome({ tone: "error", text: message });
          }}
          onCancel={() => {
            setCredential(undefined);
            setOutcome(undefined);
          }}
        />
      ) : (
        <>
          <p className="account-security__lead">
            {clientId ? "First, confirm it’s you. Use Google, or we’ll e-mail you a link." : "We’ll e-mail you a link to confirm it’s you."}
          </p>
          {clientId ? (
            <GoogleSignIn
              text="continue_with"
              divider={false}
              onCredential={onGoogleCredential}
              onError={(message) => setOutcome(message ? { tone: "error", text: message } : undefined)}
              unavailableNote="Google isn’t available right now. We can e-mail you a link instead."
            />
          ) : null}
          {clientId ? (
            <p className="auth-divider">
              <span>or</span>
            </p>
          ) : null}
          <button type="button" className="btn btn--secondary btn--lg btn--block" onClick={() => void sendLink()} disabled={sending} aria-busy={sending}>
            {sending ? <span className="spinner" aria-hidden="true" /> : null}
            {sending ? "Sending…" : "E-mail me a link"}
          </button>
          {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        </>
      )}
    </section>
  );
}

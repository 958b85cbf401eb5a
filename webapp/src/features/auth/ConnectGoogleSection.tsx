import { useState } from "react";
import { SessionEndedError } from "../../lib/api/client";
import { useGoogleClientId } from "../../lib/api/config";
import { detailOf } from "../../lib/api/errors";
import { FormAlert } from "../../components/form";
import { isSuccess, linkGoogle, userFrom } from "./api";
import { GoogleSignIn } from "./GoogleSignIn";
import { GOOGLE_ALREADY_CONNECTED, GOOGLE_CONNECT_FAILED, GOOGLE_CONNECTED, NETWORK_ERROR } from "./messages";
import type { User } from "../../lib/session";
import "./account-security.css";

type Outcome = { tone: "success" | "error"; text: string } | undefined;

/** The `error` of a Google answer (`{"error": "..."}`), when it has one. */
function googleError(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  return typeof error === "string" && error !== "" ? error : undefined;
}

/**
 * "Connect Google", for an account with a password, when the server has a
 * Google client id: Google's credential for the account's own address goes
 * to `POST /api/accounts/google-link/`; the server's answer is shown as it
 * is (another address, too old, ...). An account already connected
 * (`google_connected`) is told so, without a button.
 */
export function ConnectGoogleSection({
  email,
  connected = false,
  onLinked,
}: {
  email: string;
  connected?: boolean;
  onLinked: (user: User | null) => void;
}) {
  const clientId = useGoogleClientId();
  const [outcome, setOutcome] = useState<Outcome>();
  const [linked, setLinked] = useState(false);

  async function connect(credential: string | undefined): Promise<string | undefined> {
    if (!credential) return "Google did not return a credential. Please try again.";
    setOutcome(undefined);
    try {
      const answer = await linkGoogle(credential);
      if (isSuccess(answer)) {
        setLinked(true);
        setOutcome({ tone: "success", text: GOOGLE_CONNECTED });
        onLinked(userFrom(answer.body));
        return undefined;
      }
      return (answer.status === 429 ? detailOf(answer.body) : googleError(answer.body)) ?? GOOGLE_CONNECT_FAILED;
    } catch (error) {
      return error instanceof SessionEndedError ? undefined : NETWORK_ERROR;
    }
  }

  if (!clientId) return null;
  if (connected && !linked) {
    return (
      <section className="auth-form account-security" aria-labelledby="connect-google-title" data-testid="connect-google">
        <h2 id="connect-google-title" className="profile-section__title">
          Google
        </h2>
        <p className="account-security__lead">{GOOGLE_ALREADY_CONNECTED}</p>
      </section>
    );
  }
  return (
    <section className="auth-form account-security" aria-labelledby="connect-google-title" data-testid="connect-google">
      <h2 id="connect-google-title" className="profile-section__title">
        Connect Google
      </h2>
      <p className="account-security__lead">
        Sign in with one click using the Google account for {email}. Your password keeps working, and we’ll e-mail you when Google is connected.
      </p>
      {linked ? null : (
        <GoogleSignIn
          text="continue_with"
          divider={false}
          onCredential={connect}
          onError={(message) => setOutcome(message ? { tone: "error", text: message } : undefined)}
          unavailableNote="Google isn’t available right now. Please try again later."
        />
      )}
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
    </section>
  );
}

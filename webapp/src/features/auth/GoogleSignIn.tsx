import { useEffect, useRef, useState } from "react";
import { useGoogleClientId } from "../../lib/api/config";
import { exchangeGoogleCredential, loadGoogleIdentity } from "./google";
import { session } from "../../lib/session";

export interface GoogleSignInProps {
  /** Shows a failed Google login's message (undefined clears it). */
  onError: (message: string | undefined) => void;
  /** "signin_with" on the login screen, "signup_with" on register, "continue_with" elsewhere. */
  text: "signin_with" | "signup_with" | "continue_with";
  /**
   * What to do with Google's credential; resolves to the message to show on
   * failure. Default: sign in with it (`handleGoogleCredential`).
   */
  onCredential?: (credential: string | undefined) => Promise<string | undefined>;
  /** The "or" line above the button (default: shown). */
  divider?: boolean;
  /** Shown when Google's script cannot be loaded. */
  unavailableNote?: string;
}

/**
 * Sends a Google credential to the server and starts the session; the
 * guest-only guard then takes the person where the login leads. Returns the
 * message to show on failure.
 */
export async function handleGoogleCredential(credential: string | undefined): Promise<string | undefined> {
  const outcome = await exchangeGoogleCredential(credential);
  if (outcome.type === "error") return outcome.message;
  session.signIn(outcome.signIn);
  return undefined;
}

/**
 * "Continue with Google", when the server has a Google client id (SPEC §7).
 * Without one nothing is rendered and Google's script is never requested.
 */
export function GoogleSignIn({
  onError,
  text,
  onCredential = handleGoogleCredential,
  divider = true,
  unavailableNote = "Google sign-in isn’t available right now. Use your e-mail and password instead.",
}: GoogleSignInProps) {
  const clientId = useGoogleClientId();
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed" | "working">("loading");
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGoogleIdentity().then(
      (google) => {
        const parent = slot.current;
        if (!active || !parent) return;
        google.initialize({
          client_id: clientId,
          ux_mode: "popup",
          callback: (response) => {
            setState("working");
            onErrorRef.current(undefined);
            void onCredentialRef.current(response.credential).then((message) => {
              if (!active) return;
              setState("ready");
              if (message) onErrorRef.current(message);
            });
          },
        });
        google.renderButton(parent, {
          type: "standard",
          theme: "outline",
          size: "large",
          shape: "pill",
          text,
          logo_alignment: "center",
          width: Math.max(200, Math.min(400, Math.floor(parent.clientWidth || 320))),
        });
        setState("ready");
      },
      (error: unknown) => {
        console.warn("Google sign-in is unavailable:", error);
        if (active) setState("failed");
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, text]);

  if (!clientId) return null;
  return (
    <div className="google-signin" data-testid="google-signin" aria-busy={state === "loading" || state === "working"}>
      {divider ? (
        <p className="auth-divider">
          <span>or</span>
        </p>
      ) : null}
      <div ref={slot} className="google-signin__slot" hidden={state === "failed"} />
      {state === "failed" ? (
        <p className="google-signin__note" role="status">
          {unavailableNote}
        </p>
      ) : null}
    </div>
  );
}

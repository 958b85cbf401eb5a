/**
 * Google sign-in: Google Identity Services draws the button and hands back an
 * ID token ("credential"); the server checks it and answers with a session
 * (SPEC §7). Failure messages come from the domain module
 * (`googleLoginError`, SPEC §8).
 */
import { googleLoginError, type GoogleFailure } from "../../lib/domain";
import { call, NoAnswerError, type Answer } from "../../lib/api/client";
import { userFrom } from "./api";
import { browserZone } from "../../lib/time";
import type { SignIn } from "../../lib/session";

export const GSI_SRC = "https://accounts.google.com/gsi/client";

/** The part of `google.accounts.id` used here. */
export interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: "popup"; context?: string }): void;
  renderButton(
    parent: HTMLElement,
    options: { type?: "standard"; theme?: "outline" | "filled_blue"; size?: "large"; text?: string; shape?: "pill" | "rectangular"; width?: number; logo_alignment?: "left" | "center" },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let script: Promise<GoogleAccountsId> | undefined;

/** Loads Google's script once (only the login, register and edit-profile screens call this). */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  script ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const element = document.createElement("script");
    element.src = GSI_SRC;
    element.async = true;
    element.defer = true;
    element.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error("Google Identity Services loaded without google.accounts.id"));
    };
    element.onerror = () => {
      element.remove();
      script = undefined;
      reject(new Error(`Could not load ${GSI_SRC}`));
    };
    document.head.append(element);
  });
  return script;
}

export type GoogleOutcome = { type: "ok"; signIn: SignIn } | { type: "error"; message: string };

function failure(f: GoogleFailure): GoogleOutcome {
  return { type: "error", message: googleLoginError(f) };
}

/**
 * Sends a Google credential to `POST /api/accounts/google-auth/` and reads
 * the session out of the answer, or the message to show. The browser's time
 * zone goes along: an account the sign-in creates starts in it.
 */
export async function exchangeGoogleCredential(credential: string | undefined): Promise<GoogleOutcome> {
  if (!credential) return failure({ kind: "other", message: "Google did not return a credential." });
  let answer: Answer;
  try {
    answer = await call("post", "/api/accounts/google-auth/", { json: { credential, time_zone: browserZone() } });
  } catch (error) {
    // The client rejects only when no answer came back.
    if (error instanceof NoAnswerError) return failure({ kind: "noResponse" });
    return failure({ kind: "other", message: error instanceof Error ? error.message : String(error) });
  }
  try {
    if (!answer.ok) return failure({ kind: "response", status: answer.status, body: answer.text });
    const body = (answer.body ?? {}) as {
      access?: unknown;
      refresh?: unknown;
      user?: unknown;
      profile_complete?: unknown;
      requires_contact_number?: unknown;
    };
    if (typeof body.access !== "string" || body.access === "") return failure({ kind: "missingAccess" });
    return {
      type: "ok",
      signIn: {
        access: body.access,
        refresh: typeof body.refresh === "string" ? body.refresh : undefined,
        user: userFrom(body.user),
        profileComplete: typeof body.profile_complete === "boolean" ? body.profile_complete : undefined,
        requiresContactNumber: typeof body.requires_contact_number === "boolean" ? body.requires_contact_number : undefined,
      },
    };
  } catch (error) {
    return failure({ kind: "other", message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The address a Google credential names, read without checking the
 * signature: only to fill in a form for its owner (the server checks every
 * credential it is sent).
 */
export function credentialEmail(credential: string | undefined): string | undefined {
  const payload = credential?.split(".")[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=")));
    const email = typeof claims === "object" && claims !== null ? (claims as { email?: unknown }).email : undefined;
    return typeof email === "string" && email.includes("@") ? email : undefined;
  } catch {
    return undefined;
  }
}

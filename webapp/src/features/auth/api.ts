/**
 * The account calls (SPEC §7 and the API's account endpoints), through the
 * app's one client (`lib/api`). Calls made before login go out without
 * authorisation; the profile calls are authorised, so the client refreshes
 * and logs out as SPEC §4 says. Each returns the answer as read; the screens
 * decide what it means for the person in front of them.
 */
import { call, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";
import type { User } from "../../lib/session";

export type { Answer } from "../../lib/api/client";

export type Registration = Schemas["RegisterBody"];

export function login(email: string, password: string): Promise<Answer> {
  return call("post", "/api/login/", { json: { email, password } });
}

export function register(registration: Registration): Promise<Answer> {
  return call("post", "/auth/users/", { json: registration });
}

export function activate(uid: string, token: string): Promise<Answer> {
  return call("post", "/auth/users/activation/", { json: { uid, token } });
}

export function resendActivation(email: string): Promise<Answer> {
  return call("post", "/auth/users/resend_activation/", { json: { email } });
}

export function requestPasswordReset(email: string): Promise<Answer> {
  return call("post", "/auth/users/reset_password/", { json: { email } });
}

export function confirmPasswordReset(uid: string, token: string, newPassword: string, confirmation: string): Promise<Answer> {
  return call("post", "/auth/users/reset_password_confirm/", { json: { uid, token, new_password: newPassword, re_new_password: confirmation } });
}

export interface AuthType {
  exists: boolean;
  isGoogleUser: boolean;
}

/** Whether an e-mail belongs to a Google-created account; any failure counts as not Google (SPEC §7). */
export async function checkAuthType(email: string): Promise<AuthType> {
  try {
    const answer = await call("post", "/api/accounts/check-user-auth-type/", { json: { email } });
    if (answer.status < 200 || answer.status > 299 || typeof answer.body !== "object" || answer.body === null) {
      return { exists: false, isGoogleUser: false };
    }
    const body: Partial<Record<keyof Schemas["AuthType"], unknown>> = answer.body;
    return { exists: body.exists === true, isGoogleUser: body.is_google_user === true };
  } catch {
    return { exists: false, isGoogleUser: false };
  }
}

/* ---------- Authorised ---------- */

export function fetchMe(): Promise<Answer> {
  return call("get", "/auth/users/me/", { authorised: true });
}

export function updateMe(changes: Schemas["ProfileBody"]): Promise<Answer> {
  return call("patch", "/auth/users/me/", { json: changes, authorised: true });
}

export function changePassword(currentPassword: string, newPassword: string, confirmation: string): Promise<Answer> {
  return call("post", "/auth/users/set_password/", {
    json: { current_password: currentPassword, new_password: newPassword, re_new_password: confirmation },
    authorised: true,
  });
}

/**
 * The first password of an account that signs in with Google: a fresh Google
 * credential of its own Google account proves it is the owner (a bearer
 * token alone is not enough).
 */
export function addFirstPassword(googleCredential: string, newPassword: string, confirmation: string): Promise<Answer> {
  return call("post", "/auth/users/set_password/", {
    json: { google_credential: googleCredential, new_password: newPassword, re_new_password: confirmation },
    authorised: true,
  });
}

/** E-mails the owner of a Google account without a password a one-hour link to choose one. */
export function requestFirstPasswordLink(): Promise<Answer> {
  return call("post", "/api/accounts/set-password-link/", { authorised: true });
}

/** Links Google to the signed-in password account (`credential`: a fresh Google ID token for the same address). */
export function linkGoogle(credential: string): Promise<Answer> {
  return call("post", "/api/accounts/google-link/", { json: { credential }, authorised: true });
}

export function completeProfile(contactNumber: string, name?: string): Promise<Answer> {
  const json: Schemas["CompleteProfileBody"] = name === undefined ? { contact_number: contactNumber } : { contact_number: contactNumber, name };
  return call("post", "/api/accounts/complete-profile/", { json, authorised: true });
}

/** A user object from an answer's body (or a field of it), when it looks like one. */
export function userFrom(value: unknown): User | null {
  if (typeof value !== "object" || value === null) return null;
  const user = value as Partial<User>;
  return typeof user.email === "string" ? (user as User) : null;
}

export function isSuccess(answer: Answer): boolean {
  return answer.status >= 200 && answer.status <= 299;
}

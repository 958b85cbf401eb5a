/**
 * The account calls (SPEC §7 and the API's account endpoints). Calls made
 * before login go out without authorisation; the profile calls go through
 * the app's authorised client (`lib/http`), which refreshes and logs out as
 * SPEC §4 says. Each returns the answer as read; the screens decide what it
 * means for the person in front of them.
 */
import { http } from "../../lib/http";
import { postJson, readAnswer, type Answer } from "./answers";
import type { User } from "./session";

export interface Registration {
  name: string;
  email: string;
  password: string;
  re_password: string;
  contact_number?: string;
}

export function login(email: string, password: string): Promise<Answer> {
  return postJson("/api/login/", { email, password });
}

export function register(registration: Registration): Promise<Answer> {
  return postJson("/auth/users/", registration);
}

export function activate(uid: string, token: string): Promise<Answer> {
  return postJson("/auth/users/activation/", { uid, token });
}

export function resendActivation(email: string): Promise<Answer> {
  return postJson("/auth/users/resend_activation/", { email });
}

export function requestPasswordReset(email: string): Promise<Answer> {
  return postJson("/auth/users/reset_password/", { email });
}

export function confirmPasswordReset(uid: string, token: string, newPassword: string, confirmation: string): Promise<Answer> {
  return postJson("/auth/users/reset_password_confirm/", { uid, token, new_password: newPassword, re_new_password: confirmation });
}

export interface AuthType {
  exists: boolean;
  isGoogleUser: boolean;
}

/** Whether an e-mail belongs to a Google-created account; any failure counts as not Google (SPEC §7). */
export async function checkAuthType(email: string): Promise<AuthType> {
  try {
    const answer = await postJson("/api/accounts/check-user-auth-type/", { email });
    if (answer.status < 200 || answer.status > 299 || typeof answer.body !== "object" || answer.body === null) {
      return { exists: false, isGoogleUser: false };
    }
    const body = answer.body as { exists?: unknown; is_google_user?: unknown };
    return { exists: body.exists === true, isGoogleUser: body.is_google_user === true };
  } catch {
    return { exists: false, isGoogleUser: false };
  }
}

/* ---------- Authorised ---------- */

async function authorised(path: string, method: string, json?: unknown): Promise<Answer> {
  return readAnswer(await http.request(path, json === undefined ? { method } : { method, json }));
}

export function fetchMe(): Promise<Answer> {
  return authorised("/auth/users/me/", "GET");
}

export function updateMe(changes: { name?: string; contact_number?: string }): Promise<Answer> {
  return authorised("/auth/users/me/", "PATCH", changes);
}

export function changePassword(currentPassword: string, newPassword: string, confirmation: string): Promise<Answer> {
  return authorised("/auth/users/set_password/", "POST", {
    current_password: currentPassword,
    new_password: newPassword,
    re_new_password: confirmation,
  });
}

export function completeProfile(contactNumber: string, name?: string): Promise<Answer> {
  return authorised("/api/accounts/complete-profile/", "POST", name === undefined ? { contact_number: contactNumber } : { contact_number: contactNumber, name });
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

/** A logged-in session for tests, and a clean slate between them. Imported by tests only. */
import { resetConfig } from "../lib/api/config";
import { attention } from "../lib/attention";
import { session, type User } from "../lib/session";

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: "asha@example.com",
    name: "Asha Rao",
    role: "user",
    is_google_user: false,
    google_connected: false,
    contact_number: "+919876543210",
    profile_complete: true,
    requires_contact_number: false,
    mentor_id: null,
    date_joined: "2026-01-01T00:00:00Z",
    time_zone: "UTC",
    time_zone_chosen: true,
    ...overrides,
  };
}

/** Starts a session as a login would, and returns where it leads. */
export function logIn(user: User = aUser(), tokens = { access: "access-1", refresh: "refresh-1" }): string {
  return session.signIn({ access: tokens.access, refresh: tokens.refresh, user });
}

/** A clean slate: no stored session, no fetched settings, no stubs. */
export function resetAuth(): void {
  localStorage.clear();
  sessionStorage.clear();
  session.reload();
  session.acknowledgeEnd();
  resetConfig();
  attention.clear();
}

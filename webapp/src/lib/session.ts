/**
 * The logged-in session (SPEC §3, §4): what is stored, when the token is
 * refreshed, when the session ends, and keeping tabs in step.
 *
 * Rules come from the domain module: the storage keys (`storageKeys`,
 * `sessionKeys`), when a refresh or the forced logout is due (`sessionDue`,
 * `sessionTimers`) and what a failed refresh means (`afterRefresh`). This
 * file keeps the timers and the storage and tells the app when the session
 * ended; the app decides where to go (`logoutDestination`).
 *
 * Besides the spec's keys, one key of our own, `sessionClock`, holds when the
 * token was set and last refreshed, so the 55-minute refresh and the 2-hour
 * logout survive a reload and agree across tabs.
 */
import { useSyncExternalStore } from "react";
import { afterLogin, afterRefresh, safeRedirect, sessionDue, sessionKeys, sessionTimers, storageKeys, storedProfileComplete, type StorageKey } from "./domain";
import { bindSession, createApiClient, type Answer, type ApiClient, type SessionPort } from "./api/client";
import type { Schemas } from "./api/types";

/**
 * The user object of the API (`UserOut` of the OpenAPI document), with what
 * the server guarantees beyond the document: the role is one of three, and
 * absent optional fields come as null.
 */
export type User = Omit<Schemas["UserOut"], "role" | "contact_number" | "mentor_id"> & {
  role: "user" | "mentor" | "admin";
  contact_number: string | null;
  mentor_id: number | null;
};

export type SessionSnapshot =
  | {
      status: "guest";
      /**
       * The session just ended here or in another tab and the app has not
       * left the screen yet: the login guard must not remember this screen
       * as the place to come back to (logout forgets it, SPEC §4).
       */
      ended: boolean;
    }
  | {
      status: "user";
      token: string;
      /** The stored user, or null when what is stored cannot be read. */
      user: User | null;
      /** Where the login that started this session leads (this tab only). */
      arrival: string | undefined;
    };

/** What a successful login (password or Google) hands over. */
export interface SignIn {
  access: string;
  refresh: string | undefined;
  user: User | null;
  profileComplete?: boolean | undefined;
  requiresContactNumber?: boolean | undefined;
}

/** A key of the domain's storage table; throws at start-up if the table changed. */
function key(name: StorageKey): StorageKey {
  if (!storageKeys().includes(name)) throw new Error(`The domain module no longer lists the storage key ${name}`);
  return name;
}

export const KEYS = {
  token: key("token"),
  refreshToken: key("refreshToken"),
  user: key("user"),
  redirectPath: key("redirectPath"),
  profileComplete: key("profile_complete"),
  requiresContactNumber: key("requires_contact_number"),
  /** Ours: `{"setAt": ms, "refreshedAt": ms | null}`. */
  clock: "sessionClock",
} as const;

const COMPLETE_PROFILE = "/complete-profile";
const LOCK_NAME = "mentorbridge-session-refresh";

interface Clock {
  setAt: number;
  refreshedAt: number | null;
}

export interface SessionDeps {
  storage: Storage;
  now: () => number;
  /** Read at call time, so tests can stub the global. */
  fetch: () => typeof fetch;
  /** Web Locks, to make one tab refresh at a time; absent: no cross-tab lock. */
  locks?: () => LockManager | undefined;
}

function parseUser(raw: string | null): User | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === "object" && value !== null && typeof (value as { email?: unknown }).email === "string") return value as User;
  } catch {
    // Unreadable: treated as unknown below.
  }
  return null;
}

function parseClock(raw: string | null): Clock | undefined {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Clock> | null;
    if (value && typeof value.setAt === "number") {
      return { setAt: value.setAt, refreshedAt: typeof value.refreshedAt === "number" ? value.refreshedAt : null };
    }
  } catch {
    // Unreadable: the session ends (an untrusted time is due now).
  }
  return undefined;
}

export class SessionStore implements SessionPort {
  private snapshot: SessionSnapshot;
  private rawUser: string | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly endListeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<boolean> | undefined;
  private started = 0;
  private readonly deps: SessionDeps;
  /** The one client, over the fetch the session was given; its own calls carry no session. */
  private readonly client: ApiClient;

  constructor(deps: SessionDeps) {
    this.deps = deps;
    this.client = createApiClient(() => undefined, deps.fetch);
    this.snapshot = { status: "guest", ended: false };
    this.reload();
  }

  /* ---------- reading ---------- */

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called when the session ends in this tab or another (forced or not). */
  onEnd(listener: () => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  accessToken(): string | null {
    return this.snapshot.status === "user" ? this.snapshot.token : null;
  }

  /** Reads the stored session again; true when it changed. */
  reload(): boolean {
    const { storage } = this.deps;
    const token = storage.getItem(KEYS.token);
    const rawUser = storage.getItem(KEYS.user);
    const current = this.snapshot;
    if (!token) {
      if (current.status === "guest") return false;
      this.snapshot = { status: "guest", ended: false };
      this.rawUser = null;
      return true;
    }
    if (current.status === "user" && current.token === token && this.rawUser === rawUser) return false;
    this.rawUser = rawUser;
    this.snapshot = { status: "user", token, user: parseUser(rawUser), arrival: current.status === "user" ? current.arrival : undefined };
    return true;
  }

  /* ---------- lifecycle ---------- */

  /**
   * Starts the timers and listens to other tabs and to the page coming back
   * into view (timers sleep with the computer). Returns the stop function.
   */
  start(): () => void {
    this.started += 1;
    const onStorage = (event: StorageEvent) => this.onStorage(event);
    const onVisible = () => {
      if (document.visibilityState === "visible") this.tick();
    };
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisible);
    this.tick();
    return () => {
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisible);
      this.started -= 1;
      if (this.started === 0) this.cancelTimer();
    };
  }

  private clock(): Clock | undefined {
    return parseClock(this.deps.storage.getItem(KEYS.clock));
  }

  private cancelTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Does what the session needs now and sets the timer for the next step. */
  tick(): void {
    this.cancelTimer();
    if (this.snapshot.status !== "user") return;
    const clock = this.clock();
    const now = this.deps.now();
    const setAt = clock?.setAt ?? Number.NaN;
    const refreshedAt = clock?.refreshedAt ?? null;
    switch (sessionDue(setAt, refreshedAt, now)) {
      case "logout":
        this.endSession();
        return;
      case "refresh": {
        const token = this.snapshot.token;
        void this.refreshAccess(token).then((ok) => {
          if (afterRefresh(ok) === "logout") {
            if (this.accessToken() !== null) this.endSession();
          } else if (this.started > 0) {
            this.tick();
          }
        });
        return;
      }
      case "ok": {
        if (this.started === 0) return;
        const { refreshInMs, logoutInMs } = sessionTimers(setAt, refreshedAt, now);
        this.timer = setTimeout(() => this.tick(), Math.min(refreshInMs, logoutInMs));
        return;
      }
    }
  }

  private onStorage(event: StorageEvent) {
    if (event.storageArea !== null && event.storageArea !== this.deps.storage) return;
    const watched: (string | null)[] = [null, KEYS.token, KEYS.user, KEYS.clock];
    if (!watched.includes(event.key)) return;
    const wasUser = this.snapshot.status === "user";
    if (!this.reload()) {
      if (event.key === KEYS.clock) this.tick();
      return;
    }
    if (wasUser && this.snapshot.status === "guest") {
      // Logged out in another tab: that tab cleaned up and revoked.
      this.cancelTimer();
      this.snapshot = { status: "guest", ended: true };
      this.notify();
      this.emitEnd();
    } else {
      this.notify();
      this.tick();
    }
  }

  /* ---------- changes ---------- */

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  private emitEnd() {
    for (const listener of [...this.endListeners]) listener();
  }

  /**
   * Stores a new session and returns where to go (SPEC §2, §4): the profile
   * completion first when a contact number is needed (the remembered path
   * stays for afterwards), else the remembered path (then forgotten) for
   * every role, else the role's home (the crate's `afterLogin`: a learner's
   * dashboard, a mentor's requests, the admin dashboard).
   */
  signIn(data: SignIn): string {
    const { storage, now } = this.deps;
    const requiresContactNumber = data.requiresContactNumber ?? data.user?.requires_contact_number ?? false;
    // The crate's profile_completion rule: the flags given, else the name and the contact number.
    const profileComplete = storedProfileComplete(data.profileComplete, data.user?.profile_complete, data.user?.name, requiresContactNumber);
    storage.setItem(KEYS.token, data.access);
    if (data.refresh) storage.setItem(KEYS.refreshToken, data.refresh);
    else storage.removeItem(KEYS.refreshToken);
    if (data.user) storage.setItem(KEYS.user, JSON.stringify(data.user));
    else storage.removeItem(KEYS.user);
    storage.setItem(KEYS.profileComplete, JSON.stringify(profileComplete));
    storage.setItem(KEYS.requiresContactNumber, JSON.stringify(requiresContactNumber));
    storage.setItem(KEYS.clock, JSON.stringify({ setAt: now(), refreshedAt: null } satisfies Clock));

    let arrival: string;
    if (requiresContactNumber) {
      arrival = COMPLETE_PROFILE;
    } else {
      arrival = this.arrivalFor(data.user);
    }
    this.reload();
    if (this.snapshot.status === "user") this.snapshot = { ...this.snapshot, arrival };
    this.notify();
    this.tick();
    return arrival;
  }

  /** Forgets where the last login led, once the app got there. */
  clearArrival(): void {
    if (this.snapshot.status === "user" && this.snapshot.arrival !== undefined) {
      this.snapshot = { ...this.snapshot, arrival: undefined };
      this.notify();
    }
  }

  /** Replaces the stored user (after a profile change). */
  updateUser(user: User): void {
    const { storage } = this.deps;
    storage.setItem(KEYS.user, JSON.stringify(user));
    storage.setItem(KEYS.profileComplete, JSON.stringify(user.profile_complete));
    storage.setItem(KEYS.requiresContactNumber, JSON.stringify(user.requires_contact_number));
    if (this.reload()) this.notify();
  }

  /** Whether the stored flag says a contact number is still needed. */
  requiresContactNumber(): boolean {
    return this.deps.storage.getItem(KEYS.requiresContactNumber) === "true";
  }

  /** Remembers a protected path (with its query) to return to after login. */
  rememberRedirect(path: string): void {
    if (safeRedirect(path)) this.deps.storage.setItem(KEYS.redirectPath, path);
  }

  /** Where a login leads now: the remembered path (then forgotten), else the home of `user`'s role. */
  arrivalFor(user: Pick<User, "role"> | null | undefined): string {
    return afterLogin(this.takeRedirect(), user?.role);
  }

  /** The remembered path, forgotten as it is read. */
  takeRedirect(): string | undefined {
    const { storage } = this.deps;
    const path = safeRedirect(storage.getItem(KEYS.redirectPath));
    storage.removeItem(KEYS.redirectPath);
    return path;
  }

  /** Logout (also forced): revoke, clear the session keys, tell the app. */
  endSession = (): void => {
    const { storage } = this.deps;
    const wasUser = this.snapshot.status === "user";
    const refresh = storage.getItem(KEYS.refreshToken);
    const token = storage.getItem(KEYS.token);
    if (refresh) this.revoke(refresh, token);
    for (const name of sessionKeys()) storage.removeItem(name);
    storage.removeItem(KEYS.clock);
    this.cancelTimer();
    this.reload();
    if (wasUser) this.snapshot = { status: "guest", ended: true };
    this.notify();
    if (wasUser) this.emitEnd();
  };

  /** The app left the screen the session ended on: guests are remembered again. */
  acknowledgeEnd(): void {
    if (this.snapshot.status === "guest" && this.snapshot.ended) {
      this.snapshot = { status: "guest", ended: false };
      this.notify();
    }
  }

  /** The logout button. */
  logout(): void {
    this.endSession();
  }

  private revoke(refresh: string, token: string | null) {
    // The token being cleared, not the session's: this call must not refresh or log out again.
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    // Best effort: the session is over here whatever the server says.
    const json: Schemas["LogoutBody"] = { refresh };
    this.client.send("/api/logout/", { method: "POST", json, headers, keepalive: true }).catch(() => undefined);
  }

  /* ---------- refresh ---------- */

  /**
   * Refreshes the access token with the stored refresh token, which rotates
   * (the new one is stored). One refresh at a time in this tab, and with Web
   * Locks one across tabs: a tab that waited finds the token already
   * replaced and uses it.
   */
  refreshAccess(rejected: string | null): Promise<boolean> {
    if (this.inflight) return this.inflight;
    const run = async () => {
      if (this.reload()) this.notify();
      const current = this.accessToken();
      if (current === null) return false;
      if (rejected !== null && current !== rejected) return true;
      return this.refreshNow();
    };
    const locks = this.deps.locks?.();
    // The lock resolves with what `run` resolves with.
    const attempt: Promise<boolean> = locks ? locks.request(LOCK_NAME, run).then((ok) => ok) : run();
    this.inflight = attempt
      .catch(() => false)
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  private async refreshNow(): Promise<boolean> {
    const { storage, now } = this.deps;
    const refresh = storage.getItem(KEYS.refreshToken);
    if (!refresh) return false;
    let answer: Answer<Partial<Record<keyof Schemas["Refreshed"], unknown>>>;
    try {
      const json: Schemas["RefreshBody"] = { refresh };
      answer = await this.client.send("/auth/jwt/refresh/", { method: "POST", json });
    } catch {
      return false;
    }
    const body = answer.body;
    if (!answer.ok || body === null || typeof body !== "object") return false;
    if (typeof body.access !== "string" || body.access === "") return false;
    // Logged out while the refresh was under way: keep it that way.
    if (storage.getItem(KEYS.token) === null) return false;
    storage.setItem(KEYS.token, body.access);
    if (typeof body.refresh === "string" && body.refresh !== "") storage.setItem(KEYS.refreshToken, body.refresh);
    const clock = this.clock();
    storage.setItem(KEYS.clock, JSON.stringify({ setAt: clock?.setAt ?? Number.NaN, refreshedAt: now() } satisfies Clock));
    if (this.reload()) this.notify();
    return true;
  }
}

function browserLocks(): LockManager | undefined {
  return typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : undefined;
}

/** The app's session, bound to the authorised HTTP client. */
export const session = new SessionStore({
  storage: window.localStorage,
  now: () => Date.now(),
  fetch: () => fetch,
  locks: browserLocks,
});

bindSession(session);

/** The session, re-rendering on change. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

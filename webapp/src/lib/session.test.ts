import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionKeys, storageKeys } from "./domain";
import { KEYS, SessionStore } from "./session";
import { aUser, callsTo, json, mockApi } from "../testing";

const MIN = 60_000;

function newStore() {
  return new SessionStore({ storage: localStorage, now: () => Date.now(), fetch: () => fetch });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("storage keys", () => {
  it("uses the domain's names for everything the spec stores", () => {
    expect(Object.values(KEYS).filter((k) => k !== "sessionClock").sort()).toEqual([...storageKeys()].sort());
  });

  it("stores token, refresh token, user and the profile flags at login", () => {
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser({ requires_contact_number: false, profile_complete: true }) });
    expect(localStorage.getItem("token")).toBe("a1");
    expect(localStorage.getItem("refreshToken")).toBe("r1");
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toMatchObject({ email: "asha@example.com" });
    expect(localStorage.getItem("profile_complete")).toBe("true");
    expect(localStorage.getItem("requires_contact_number")).toBe("false");
    expect(store.getSnapshot()).toMatchObject({ status: "user", token: "a1", user: { name: "Asha Rao" } });
  });

  it("takes the Google answer's flags over the user's", () => {
    const store = newStore();
    const arrival = store.signIn({ access: "a1", refresh: "r1", user: aUser(), profileComplete: false, requiresContactNumber: true });
    expect(arrival).toBe("/complete-profile");
    expect(localStorage.getItem("requires_contact_number")).toBe("true");
    expect(localStorage.getItem("profile_complete")).toBe("false");
  });
});

describe("where a login leads", () => {
  it("goes to the role's home when nothing was remembered", () => {
    // The rule is the crate's redirects::after_login (vectors/redirects.json).
    expect(newStore().signIn({ access: "a", refresh: "r", user: aUser() })).toBe("/dashboard/user");
    expect(newStore().signIn({ access: "a", refresh: "r", user: aUser({ role: "mentor", mentor_id: 3 }) })).toBe("/dashboard/mentor?tab=requests");
    expect(newStore().signIn({ access: "a", refresh: "r", user: aUser({ role: "admin" }) })).toBe("/dashboard/admin");
    expect(newStore().signIn({ access: "a", refresh: "r", user: null })).toBe("/dashboard/user");
  });

  it("goes to the remembered path whatever the role", () => {
    for (const role of ["user", "mentor", "admin"] as const) {
      const store = newStore();
      store.rememberRedirect("/mentors/7-asha-rao?tab=reviews");
      expect(store.signIn({ access: "a", refresh: "r", user: aUser({ role }) })).toBe("/mentors/7-asha-rao?tab=reviews");
    }
  });

  it("goes to the remembered path with its query, then forgets it", () => {
    const store = newStore();
    store.rememberRedirect("/my-bookings?tab=upcoming");
    expect(localStorage.getItem("redirectPath")).toBe("/my-bookings?tab=upcoming");
    expect(store.signIn({ access: "a", refresh: "r", user: aUser() })).toBe("/my-bookings?tab=upcoming");
    expect(localStorage.getItem("redirectPath")).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ arrival: "/my-bookings?tab=upcoming" });
  });

  it("completes the profile first when a contact number is needed, keeping the remembered path", () => {
    const store = newStore();
    store.rememberRedirect("/dashboard/user");
    expect(store.signIn({ access: "a", refresh: "r", user: aUser({ requires_contact_number: true }) })).toBe("/complete-profile");
    expect(store.takeRedirect()).toBe("/dashboard/user");
    expect(store.takeRedirect()).toBeUndefined();
  });

  it("never remembers another site or a guest-only screen", () => {
    // The rule is the crate's redirects::safe_redirect (vectors/redirects.json); the store applies it.
    const store = newStore();
    const remembered = (path: string) => {
      store.rememberRedirect(path);
      return store.takeRedirect();
    };
    expect(remembered("//evil.example/x")).toBeUndefined();
    expect(remembered("https://evil.example/")).toBeUndefined();
    expect(remembered("/\\evil.example")).toBeUndefined();
    expect(remembered("/auth/login?next=1")).toBeUndefined();
    expect(remembered("/my-bookings/42?x=1#top")).toBe("/my-bookings/42?x=1#top");
  });
});

describe("timers", () => {
  it("refreshes the token after 55 minutes and stores the rotated refresh token", async () => {
    const calls = mockApi({ "POST /auth/jwt/refresh/": json(200, { access: "a2", refresh: "r2" }) });
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(callsTo(calls, "POST", "/auth/jwt/refresh/")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsTo(calls, "POST", "/auth/jwt/refresh/").map((c) => c.body)).toEqual([{ refresh: "r1" }]);
    expect(localStorage.getItem("token")).toBe("a2");
    expect(localStorage.getItem("refreshToken")).toBe("r2");
    expect(store.accessToken()).toBe("a2");
    // The next refresh is 55 minutes after this one, with the new refresh token.
    mockApi({ "POST /auth/jwt/refresh/": json(200, { access: "a3", refresh: "r3" }) });
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(localStorage.getItem("token")).toBe("a3");
    stop();
  });

  it("logs out 2 hours after the token was set, refreshes or not", async () => {
    let n = 1;
    const calls = mockApi({
      "POST /auth/jwt/refresh/": () => {
        n += 1;
        return json(200, { access: `a${n}`, refresh: `r${n}` });
      },
    });
    const store = newStore();
    const ended = vi.fn();
    store.onEnd(ended);
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    localStorage.setItem("redirectPath", "/feedback");
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(120 * MIN - 1);
    expect(store.getSnapshot().status).toBe("user");
    expect(ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSnapshot()).toEqual({ status: "guest", ended: true });
    expect(ended).toHaveBeenCalledTimes(1);
    for (const key of sessionKeys()) expect(localStorage.getItem(key)).toBeNull();
    // SPEC §4 clears exactly these four; the profile flags stay.
    expect(localStorage.getItem("profile_complete")).toBe("true");
    // The session is revoked on the server, best effort.
    const revoke = callsTo(calls, "POST", "/api/logout/");
    expect(revoke).toHaveLength(1);
    expect(revoke[0]?.body).toEqual({ refresh: `r${n}` });
    stop();
  });

  it("logs out when the timed refresh fails", async () => {
    mockApi({ "POST /auth/jwt/refresh/": json(401, { detail: "Token is invalid or expired", code: "token_not_valid" }) });
    const store = newStore();
    const ended = vi.fn();
    store.onEnd(ended);
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(store.getSnapshot().status).toBe("guest");
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it("keeps the clock across a reload: a session set 2 hours ago ends at start", () => {
    mockApi({});
    newStore().signIn({ access: "a1", refresh: "r1", user: aUser() });
    vi.setSystemTime(Date.now() + 121 * MIN);
    const reloaded = newStore();
    expect(reloaded.getSnapshot().status).toBe("user");
    const stop = reloaded.start();
    expect(reloaded.getSnapshot().status).toBe("guest");
    expect(localStorage.getItem("token")).toBeNull();
    stop();
  });

  it("ends a stored session without a readable clock", () => {
    mockApi({});
    localStorage.setItem("token", "a1");
    localStorage.setItem("refreshToken", "r1");
    const store = newStore();
    const stop = store.start();
    expect(store.getSnapshot().status).toBe("guest");
    stop();
  });
});

describe("refreshing on demand", () => {
  it("makes one refresh for calls that fail together", async () => {
    const calls = mockApi({ "POST /auth/jwt/refresh/": json(200, { access: "a2", refresh: "r2" }) });
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const results = await Promise.all([store.refreshAccess("a1"), store.refreshAccess("a1"), store.refreshAccess("a1")]);
    expect(results).toEqual([true, true, true]);
    expect(callsTo(calls, "POST", "/auth/jwt/refresh/")).toHaveLength(1);
  });

  it("uses a token another tab already refreshed instead of refreshing again", async () => {
    const calls = mockApi({});
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    localStorage.setItem("token", "a2-from-other-tab");
    expect(await store.refreshAccess("a1")).toBe(true);
    expect(store.accessToken()).toBe("a2-from-other-tab");
    expect(callsTo(calls, "POST", "/auth/jwt/refresh/")).toHaveLength(0);
  });

  it("fails without a refresh token or when the answer has no access token", async () => {
    mockApi({ "POST /auth/jwt/refresh/": json(200, { refresh: "r2" }) });
    const store = newStore();
    store.signIn({ access: "a1", refresh: undefined, user: aUser() });
    expect(await store.refreshAccess("a1")).toBe(false);
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    expect(await store.refreshAccess("a1")).toBe(false);
  });
});

describe("logout", () => {
  it("clears the session keys, revokes with the refresh token and bearer, and tells the app", () => {
    const calls = mockApi({});
    const store = newStore();
    const ended = vi.fn();
    store.onEnd(ended);
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    store.rememberRedirect("/my-bookings");
    store.logout();
    for (const key of ["token", "refreshToken", "user", "redirectPath", "sessionClock"]) expect(localStorage.getItem(key)).toBeNull();
    const revoke = callsTo(calls, "POST", "/api/logout/")[0];
    expect(revoke?.body).toEqual({ refresh: "r1" });
    expect(revoke?.headers.get("Authorization")).toBe("Bearer a1");
    expect(ended).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ status: "guest", ended: true });
    store.acknowledgeEnd();
    expect(store.getSnapshot()).toEqual({ status: "guest", ended: false });
  });

  it("still logs out when the revoke call cannot be sent", () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    store.logout();
    expect(store.getSnapshot().status).toBe("guest");
  });
});

describe("other tabs", () => {
  function fromOtherTab(key: string | null, newValue: string | null) {
    if (key === null) localStorage.clear();
    else if (newValue === null) localStorage.removeItem(key);
    else localStorage.setItem(key, newValue);
    window.dispatchEvent(new StorageEvent("storage", { key, newValue, storageArea: localStorage }));
  }

  it("follows a login and a logout made in another tab", () => {
    const calls = mockApi({});
    const store = newStore();
    const stop = store.start();
    const ended = vi.fn();
    store.onEnd(ended);
    const seen = vi.fn();
    store.subscribe(seen);

    localStorage.setItem("sessionClock", JSON.stringify({ setAt: Date.now(), refreshedAt: null }));
    localStorage.setItem("user", JSON.stringify(aUser()));
    fromOtherTab("token", "a-other");
    expect(store.getSnapshot()).toMatchObject({ status: "user", token: "a-other", user: { email: "asha@example.com" } });
    expect(seen).toHaveBeenCalled();

    fromOtherTab("token", null);
    expect(store.getSnapshot()).toEqual({ status: "guest", ended: true });
    expect(ended).toHaveBeenCalledTimes(1);
    // The tab that logged out revoked; this one does not call again.
    expect(callsTo(calls, "POST", "/api/logout/")).toHaveLength(0);
    stop();
  });

  it("picks up a token refreshed in another tab and does not refresh it again", async () => {
    const calls = mockApi({ "POST /auth/jwt/refresh/": json(200, { access: "mine", refresh: "mine" }) });
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(50 * MIN);
    // The other tab refreshed at 50 minutes.
    localStorage.setItem("refreshToken", "r-other");
    localStorage.setItem("sessionClock", JSON.stringify({ setAt: Date.now() - 50 * MIN, refreshedAt: Date.now() }));
    fromOtherTab("token", "a-other");
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(callsTo(calls, "POST", "/auth/jwt/refresh/")).toHaveLength(0);
    expect(store.accessToken()).toBe("a-other");
    stop();
  });

  it("ignores keys that are not the session's", () => {
    mockApi({});
    const store = newStore();
    store.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const stop = store.start();
    const seen = vi.fn();
    store.subscribe(seen);
    fromOtherTab("explorerRotationMs", "5000");
    expect(seen).not.toHaveBeenCalled();
    stop();
  });
});

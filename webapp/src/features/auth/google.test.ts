import { browserZone } from "../../lib/time";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exchangeGoogleCredential } from "./google";
import { handleGoogleCredential } from "./GoogleSignIn";
import { session } from "../../lib/session";
import { aUser, callsTo, json, mockApi, resetAuth } from "../../testing";

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

const GOOD = {
  access: "g-access",
  refresh: "g-refresh",
  user: aUser({ is_google_user: true, contact_number: null, requires_contact_number: true, profile_complete: false }),
  profile_complete: false,
  needs_profile_completion: true,
  requires_contact_number: true,
};

describe("the Google credential", () => {
  it("is posted as JSON and the answer starts a session that completes the profile first", async () => {
    const calls = mockApi({ "POST /api/accounts/google-auth/": json(200, GOOD) });
    session.rememberRedirect("/my-bookings");
    expect(await handleGoogleCredential("id-token")).toBeUndefined();
    const sent = callsTo(calls, "POST", "/api/accounts/google-auth/")[0];
    expect(sent?.body).toEqual({ credential: "id-token", time_zone: browserZone() });
    expect(sent?.headers.get("Content-Type")).toBe("application/json");
    expect(sent?.headers.get("Accept")).toBe("application/json");
    expect(localStorage.getItem("token")).toBe("g-access");
    expect(localStorage.getItem("refreshToken")).toBe("g-refresh");
    expect(localStorage.getItem("requires_contact_number")).toBe("true");
    expect(localStorage.getItem("profile_complete")).toBe("false");
    expect(session.getSnapshot()).toMatchObject({ status: "user", arrival: "/complete-profile" });
    expect(localStorage.getItem("redirectPath")).toBe("/my-bookings");
  });

  it.each([
    ["user", "/dashboard/user"],
    ["mentor", "/dashboard/mentor?tab=requests"],
    ["admin", "/dashboard/admin"],
  ] as const)("leads a %s with a complete profile to their home, or to the remembered path", async (role, home) => {
    const complete = {
      ...GOOD,
      user: aUser({ is_google_user: true, role, mentor_id: role === "mentor" ? 3 : null }),
      profile_complete: true,
      needs_profile_completion: false,
      requires_contact_number: false,
    };
    mockApi({ "POST /api/accounts/google-auth/": json(200, complete) });
    expect(await handleGoogleCredential("id-token")).toBeUndefined();
    expect(session.getSnapshot()).toMatchObject({ status: "user", arrival: home });

    resetAuth();
    mockApi({ "POST /api/accounts/google-auth/": json(200, complete) });
    session.rememberRedirect("/my-bookings/abc");
    expect(await handleGoogleCredential("id-token")).toBeUndefined();
    expect(session.getSnapshot()).toMatchObject({ status: "user", arrival: "/my-bookings/abc" });
  });

  it.each([
    ["the server's error field", json(400, { error: "Invalid Google token." }), "Google login failed. Invalid Google token."],
    ["key: value pairs", json(400, { credential: ["This field is required."] }), "Google login failed. credential: This field is required."],
    ["the raw text", new Response("Bad Gateway", { status: 502 }), "Google login failed. Bad Gateway"],
    ["the status", new Response("", { status: 500 }), "Google login failed. Server returned 500"],
    ["no access token", json(200, { refresh: "x" }), "Invalid response from authentication server"],
  ])("fails with %s", async (_what, answer, message) => {
    mockApi({ "POST /api/accounts/google-auth/": answer });
    expect(await exchangeGoogleCredential("id-token")).toEqual({ type: "error", message });
    expect(session.getSnapshot().status).toBe("guest");
  });

  it("says so when no answer came back", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await handleGoogleCredential("id-token")).toBe("Google login failed. No response from authentication server.");
  });

  it("requires a credential and sends nothing without one", async () => {
    const calls = mockApi({});
    expect(await handleGoogleCredential(undefined)).toBe("Google login failed: Google did not return a credential.");
    expect(calls).toHaveLength(0);
  });
});

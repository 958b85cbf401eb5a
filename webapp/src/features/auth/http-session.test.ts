import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, SessionEndedError } from "../../lib/api/client";
import { session } from "../../lib/session";
import { aUser, callsTo, json, mockApi } from "../../testing";

const http = { request: (path: string) => api.send(path, { authorised: true }) };

beforeEach(() => {
  localStorage.clear();
  session.reload();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reload();
});

describe("the app's authorised client with the session store", () => {
  it("refreshes through /auth/jwt/refresh/, stores the rotated token and retries", async () => {
    session.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const calls = mockApi({
      "POST /auth/jwt/refresh/": json(200, { access: "a2", refresh: "r2" }),
      "GET /auth/users/me/": (call) => (call.headers.get("Authorization") === "Bearer a2" ? json(200, aUser()) : json(401, { detail: "expired" })),
    });
    const response = await http.request("/auth/users/me/");
    expect(response.status).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.get("Authorization") ?? "-"}`)).toEqual([
      "GET /auth/users/me/ Bearer a1",
      "POST /auth/jwt/refresh/ -",
      "GET /auth/users/me/ Bearer a2",
    ]);
    expect(calls[1]?.body).toEqual({ refresh: "r1" });
    expect(localStorage.getItem("token")).toBe("a2");
    expect(localStorage.getItem("refreshToken")).toBe("r2");
  });

  it("logs out when the refresh is refused", async () => {
    session.signIn({ access: "a1", refresh: "r1", user: aUser() });
    const ended = vi.fn();
    const stop = session.onEnd(ended);
    const calls = mockApi({
      "POST /auth/jwt/refresh/": json(401, { detail: "Token is invalid or expired", code: "token_not_valid" }),
      "GET /auth/users/me/": json(401, { detail: "expired" }),
    });
    await expect(http.request("/auth/users/me/")).rejects.toBeInstanceOf(SessionEndedError);
    expect(session.getSnapshot().status).toBe("guest");
    expect(localStorage.getItem("token")).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(callsTo(calls, "POST", "/api/logout/")).toHaveLength(1);
    stop();
  });

  it("logs out on a 403", async () => {
    session.signIn({ access: "a1", refresh: "r1", user: aUser() });
    mockApi({ "GET /auth/users/me/": json(403, { detail: "You do not have permission to perform this action." }) });
    await expect(http.request("/auth/users/me/")).rejects.toBeInstanceOf(SessionEndedError);
    expect(session.getSnapshot().status).toBe("guest");
  });
});

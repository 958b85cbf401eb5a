import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient, SessionEndedError, type CallOptions, type SessionPort } from "./client";

/** The client's authorised calls (SPEC §4, §6). */
function createHttpClient(session: () => SessionPort | undefined, fetchImpl: () => typeof fetch) {
  const client = createApiClient(session, fetchImpl);
  return { request: (path: string, options: CallOptions = {}) => client.send(path, { ...options, authorised: true }) };
}

/** A session whose refresh hands out `next` (or fails when it is null). */
function fakeSession(next: string | null) {
  let token: string | null = "old";
  const port = {
    accessToken: vi.fn(() => token),
    refreshAccess: vi.fn(async () => {
      if (next === null) return false;
      token = next;
      return true;
    }),
    endSession: vi.fn(() => {
      token = null;
    }),
  } satisfies SessionPort;
  return port;
}

function answers(...statuses: number[]) {
  const queue = [...statuses];
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const status = queue.shift() ?? 500;
    return new Response(status === 204 ? null : JSON.stringify({ status }), { status, headers: { "content-type": "application/json" } });
  });
}

function authorisation(fetchMock: ReturnType<typeof answers>, call: number): string | null {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers).get("Authorization");
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the authorised HTTP client", () => {
  it("sends the access token as a bearer token and hands back a good answer", async () => {
    const session = fakeSession("new");
    const fetchMock = answers(200);
    const client = createHttpClient(() => session, () => fetchMock);
    const response = await client.request("/auth/users/me/");
    expect(response.status).toBe(200);
    expect(authorisation(fetchMock, 0)).toBe("Bearer old");
    expect(session.refreshAccess).not.toHaveBeenCalled();
  });

  it("on a 401 refreshes once and repeats the call with the new token and the same body", async () => {
    const session = fakeSession("new");
    const fetchMock = answers(401, 200);
    const client = createHttpClient(() => session, () => fetchMock);
    const response = await client.request("/auth/users/me/", { method: "PATCH", json: { name: "Asha" } });
    expect(response.status).toBe(200);
    expect(session.refreshAccess).toHaveBeenCalledWith("old");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authorisation(fetchMock, 1)).toBe("Bearer new");
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe("PATCH");
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ name: "Asha" }));
    expect(session.endSession).not.toHaveBeenCalled();
  });

  it("logs out when the refresh fails", async () => {
    const session = fakeSession(null);
    const fetchMock = answers(401);
    const client = createHttpClient(() => session, () => fetchMock);
    await expect(client.request("/auth/users/me/")).rejects.toBeInstanceOf(SessionEndedError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it("logs out when the repeated call still gets 401, without a second refresh", async () => {
    const session = fakeSession("new");
    const fetchMock = answers(401, 401);
    const client = createHttpClient(() => session, () => fetchMock);
    await expect(client.request("/auth/users/me/")).rejects.toBeInstanceOf(SessionEndedError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(session.refreshAccess).toHaveBeenCalledTimes(1);
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it("logs out on any 403, first call or repeated", async () => {
    const first = fakeSession("new");
    const firstFetch = answers(403);
    await expect(createHttpClient(() => first, () => firstFetch).request("/x")).rejects.toMatchObject({ status: 403 });
    expect(first.refreshAccess).not.toHaveBeenCalled();
    expect(first.endSession).toHaveBeenCalledTimes(1);

    const second = fakeSession("new");
    const secondFetch = answers(401, 403);
    await expect(createHttpClient(() => second, () => secondFetch).request("/x")).rejects.toBeInstanceOf(SessionEndedError);
    expect(second.endSession).toHaveBeenCalledTimes(1);
  });

  it("hands other errors to the caller untouched", async () => {
    for (const status of [204, 400, 404, 429, 500]) {
      const session = fakeSession("new");
      const fetchMock = answers(status);
      const response = await createHttpClient(() => session, () => fetchMock).request("/x", { json: {} });
      expect(response.status).toBe(status);
      expect(session.endSession).not.toHaveBeenCalled();
    }
  });

  it("lets a network failure reach the caller without logging out", async () => {
    const session = fakeSession("new");
    const fetchMock = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(createHttpClient(() => session, () => fetchMock).request("/x")).rejects.toThrow("Failed to fetch");
    expect(session.endSession).not.toHaveBeenCalled();
  });
});

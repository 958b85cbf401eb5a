import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedMentors, loadMentors, onMentorList, resetMentorCache, type MentorList } from "./mentors";

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);

function mentorsBody(...names: string[]): string {
  return JSON.stringify(names.map((name, i) => ({ id: i + 1, name, expertise: ["Career Growth"], rating: 4.5, experience_years: 5 })));
}

function answer(status: number, statusText: string, body: string, contentType: string | null = "application/json") {
  const headers = new Headers();
  if (contentType !== null) headers.set("content-type", contentType);
  return new Response(body, { status, statusText, headers });
}

function names(list: MentorList | readonly { name: string }[] | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const mentors = "type" in list ? list.mentors : list;
  return mentors.map((m) => m.name);
}

/** A fetch that answers with each of `answers` in turn, then with the last one again. */
function fetchAnswering(...answers: (() => Response)[]) {
  let n = 0;
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const make = answers[Math.min(n, answers.length - 1)];
    n += 1;
    if (!make) throw new Error("no answer configured");
    return make();
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

/** A fetch that never answers, and rejects as browsers do when its signal aborts. */
function fetchHanging() {
  const mock = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      }),
  );
  vi.stubGlobal("fetch", mock);
  return mock;
}

beforeEach(() => {
  resetMentorCache();
  vi.useFakeTimers({ now: T0 });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("loading the mentor list", () => {
  it("asks /api/mentors/ without credentials or authorisation and keeps what the domain module accepts", async () => {
    const fetchMock = fetchAnswering(() => answer(200, "OK", mentorsBody("Asha Rao", "Ravi Kumar")));
    const list = await loadMentors();
    expect(list.type).toBe("ok");
    expect(names(list)).toEqual(["Asha Rao", "Ravi Kumar"]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/mentors/");
    expect(init?.credentials).toBe("omit");
    expect(new Headers(init?.headers).has("Authorization")).toBe(false);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("retries a 503 twice, after 1000 ms and then 2000 ms, then gives up", async () => {
    const fetchMock = fetchAnswering(() => answer(503, "Service Unavailable", "down", "text/plain"));
    let settled: MentorList | undefined;
    void loadMentors().then((list) => (settled = list));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(0);

    expect(settled).toEqual({ type: "failed", mentors: [], message: "HTTP 503: Service Unavailable" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("recovers when a retry succeeds", async () => {
    const fetchMock = fetchAnswering(
      () => answer(500, "Internal Server Error", "<h1>oops</h1>", "text/html"),
      () => answer(200, "OK", mentorsBody("Asha Rao")),
    );
    const pending = loadMentors();
    await vi.advanceTimersByTimeAsync(1000);
    expect(names(await pending)).toEqual(["Asha Rao"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not retry a request that timed out after 10 s", async () => {
    const fetchMock = fetchHanging();
    let settled: MentorList | undefined;
    void loadMentors().then((list) => (settled = list));

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled?.type).toBe("failed");
    expect(settled?.mentors).toEqual([]);
    expect(settled?.type === "failed" ? settled.message : "").toMatch(/10 seconds/);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("falls back to an empty list with the spec's message for an answer that is not JSON", async () => {
    fetchAnswering(() => answer(200, "OK", "<!doctype html>", "text/html"));
    const pending = loadMentors();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await pending).toEqual({ type: "failed", mentors: [], message: "Invalid response format: Expected JSON" });
    expect(cachedMentors()).toBeUndefined();
  });

  it("retries a network error with its message", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    const pending = loadMentors();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await pending).toEqual({ type: "failed", mentors: [], message: "Failed to fetch" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shares one request in flight between concurrent callers", async () => {
    const fetchMock = fetchAnswering(() => answer(200, "OK", mentorsBody("Asha Rao")));
    const [a, b, c] = await Promise.all([loadMentors(), loadMentors(), loadMentors()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a.mentors).toBe(b.mentors);
    expect(b.mentors).toBe(c.mentors);
  });
});

describe("the mentor list cache", () => {
  it("serves the cache without a request while it is fresh (under 4 minutes)", async () => {
    const fetchMock = fetchAnswering(() => answer(200, "OK", mentorsBody("Asha Rao")));
    const first = await loadMentors();
    await vi.advanceTimersByTimeAsync(239_999);
    const second = await loadMentors();
    expect(second.mentors).toBe(first.mentors);
    expect(cachedMentors()).toBe(first.mentors);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("after 4 minutes serves the cache at once and refreshes it in the background", async () => {
    const fetchMock = fetchAnswering(
      () => answer(200, "OK", mentorsBody("Asha Rao")),
      () => answer(200, "OK", mentorsBody("Asha Rao", "Meera Iyer")),
    );
    const first = await loadMentors();
    const seen: MentorList[] = [];
    onMentorList((list) => seen.push(list));

    await vi.advanceTimersByTimeAsync(240_000);
    const served = await loadMentors();
    expect(served.mentors).toBe(first.mentors);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(0);
    expect(names(cachedMentors())).toEqual(["Asha Rao", "Meera Iyer"]);
    expect(seen.map(names)).toEqual([["Asha Rao", "Meera Iyer"]]);
    // The refreshed list is fresh again: no further request.
    await loadMentors();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("keeps the cached list when a background refresh fails", async () => {
    fetchAnswering(
      () => answer(200, "OK", mentorsBody("Asha Rao")),
      () => answer(503, "Service Unavailable", ""),
    );
    await loadMentors();
    const seen: MentorList[] = [];
    onMentorList((list) => seen.push(list));
    await vi.advanceTimersByTimeAsync(250_000);
    expect(names(await loadMentors())).toEqual(["Asha Rao"]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(seen).toEqual([]);
    expect(names(cachedMentors())).toEqual(["Asha Rao"]);
  });

  it("fetches again, and waits for it, once the cache is 5 minutes old", async () => {
    const fetchMock = fetchAnswering(
      () => answer(200, "OK", mentorsBody("Asha Rao")),
      () => answer(200, "OK", mentorsBody("Ravi Kumar")),
    );
    await loadMentors();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(cachedMentors()).toBeUndefined();
    expect(names(await loadMentors())).toEqual(["Ravi Kumar"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

/**
 * The mentor list (SPEC §4, §7, §8, §9): `GET /api/mentors/`, fetched without
 * authorisation, shared by every screen through one module-level cache.
 *
 * This file only fetches, waits and remembers. Whether an answer is usable,
 * whether and when to retry, and how old the cache may get are decided by the
 * domain module (`parseMentorResponse`, `afterFailure`, `cacheState`,
 * `fetchPolicy`).
 */
import { afterFailure, cacheState, fetchPolicy, parseMentorResponse, type Mentor } from "../../lib/domain";

export type { Mentor, MentorService } from "../../lib/domain";

/** What a screen gets: the mentors, or the fallback empty list and the reason. */
export type MentorList =
  | { type: "ok"; mentors: readonly Mentor[] }
  | { type: "failed"; mentors: readonly Mentor[]; message: string };

interface CacheEntry {
  mentors: readonly Mentor[];
  fetchedAt: number;
}

type Attempt = { type: "ok"; mentors: readonly Mentor[] } | { type: "failed"; message: string; timedOut: boolean };

/** The fallback after every attempt failed (SPEC §4): an empty list, never cached. */
const FALLBACK: readonly Mentor[] = Object.freeze([]);

let cache: CacheEntry | undefined;
let inFlight: Promise<MentorList> | undefined;
const listeners = new Set<(list: MentorList) => void>();


/** A passthrough field that should be text, or "" when the API sent something else. */
export function textField(mentor: Mentor, field: string): string {
  const value = mentor[field];
  return typeof value === "string" ? value : "";
}

/** The mentor's portrait URL (`image_url`, else `image`), or "" for none. */
export function portraitUrl(mentor: Mentor): string {
  return textField(mentor, "image_url") || textField(mentor, "image");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A whole answer as text, or why none came. */
type Answer =
  | { type: "answer"; status: number; statusText: string; contentType: string | null; body: string }
  | { type: "failed"; message: string; timedOut: boolean };

/** One GET, cut off after the policy's timeout. */
async function request(url: string): Promise<Answer> {
  const { requestTimeoutMs } = fetchPolicy();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      credentials: "omit",
      signal: controller.signal,
    });
    const body = await response.text();
    return { type: "answer", status: response.status, statusText: response.statusText, contentType: response.headers.get("content-type"), body };
  } catch (error) {
    if (timedOut) {
      return { type: "failed", message: `The server did not answer within ${requestTimeoutMs / 1000} seconds.`, timedOut: true };
    }
    return { type: "failed", message: describeError(error), timedOut: false };
  } finally {
    clearTimeout(timer);
  }
}

/** One request for the list, checked by the domain module. */
async function attempt(): Promise<Attempt> {
  const answer = await request("/api/mentors/");
  if (answer.type === "failed") return answer;
  const result = parseMentorResponse(answer.status, answer.statusText, answer.contentType, answer.body);
  if (result.type === "error") return { type: "failed", message: result.message, timedOut: false };
  if (result.dropped > 0) console.warn(`Mentor list: ${result.dropped} invalid item(s) left out.`);
  return { type: "ok", mentors: Object.freeze(result.mentors) };
}

/** Attempts until the domain module says give up; caches a success. */
async function fetchWithRetries(): Promise<MentorList> {
  for (let n = 1; ; n += 1) {
    const outcome = await attempt();
    if (outcome.type === "ok") {
      cache = { mentors: outcome.mentors, fetchedAt: Date.now() };
      return { type: "ok", mentors: outcome.mentors };
    }
    const decision = afterFailure(n, outcome.timedOut);
    if (decision.type === "giveUp") {
      console.warn(`Could not load mentors after ${n} attempt(s): ${outcome.message}`);
      return { type: "failed", mentors: FALLBACK, message: outcome.message };
    }
    await sleep(decision.delayMs);
  }
}

/** The one request in flight; every caller in the meantime shares it. */
function refetch(): Promise<MentorList> {
  inFlight ??= fetchWithRetries().then(
    (list) => {
      inFlight = undefined;
      // A failed background refresh keeps the cached list on screen.
      if (list.type === "ok") for (const listener of listeners) listener(list);
      return list;
    },
    (error: unknown) => {
      inFlight = undefined;
      throw error;
    },
  );
  return inFlight;
}

/**
 * The cached list when the domain module says it is usable now, else
 * undefined. Lets a screen render at once instead of flashing skeletons.
 */
export function cachedMentors(now: number = Date.now()): readonly Mentor[] | undefined {
  const state = cacheState(cache?.fetchedAt ?? null, now);
  return cache !== undefined && (state === "fresh" || state === "refresh") ? cache.mentors : undefined;
}

/**
 * The mentor list (SPEC §4): a fresh cache as is; a cache older than the
 * refresh age as is, refreshed in the background; otherwise one shared
 * request with retries, ending in the fallback empty list and the spec's
 * message when every attempt failed.
 */
export function loadMentors(): Promise<MentorList> {
  const state = cacheState(cache?.fetchedAt ?? null, Date.now());
  if (cache !== undefined && (state === "fresh" || state === "refresh")) {
    if (state === "refresh") void refetch();
    return Promise.resolve({ type: "ok", mentors: cache.mentors });
  }
  return refetch();
}

/**
 * Called with every list a request brings, background refreshes included,
 * so that a screen shows the newest one (failures go only to the caller that
 * waited for them). Returns the unsubscribe function.
 */
export function onMentorList(listener: (list: MentorList) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/* ---------- One mentor: GET /api/mentors/{id}/ ---------- */

/** What the profile page gets: the mentor, "no such mentor", or why loading failed. */
export type MentorDetail =
  | { type: "ok"; mentor: Mentor }
  | { type: "notFound" }
  | { type: "failed"; message: string };

type DetailAttempt = MentorDetail | { type: "retryable"; message: string; timedOut: boolean };

const detailCache = new Map<number, { mentor: Mentor; fetchedAt: number }>();
const detailsInFlight = new Map<number, Promise<MentorDetail>>();

/**
 * One request for a mentor. The body is checked by the same domain rule as
 * the list (id, name, expertise and rating present and typed, missing
 * numbers as 0), by handing it over as a list of one.
 */
async function attemptDetail(id: number): Promise<DetailAttempt> {
  const answer = await request(`/api/mentors/${id}/`);
  if (answer.type === "failed") return { type: "retryable", message: answer.message, timedOut: answer.timedOut };
  if (answer.status === 404) return { type: "notFound" };
  const isJsonObject = answer.status >= 200 && answer.status < 300 && answer.body.trimStart().startsWith("{");
  const result = parseMentorResponse(answer.status, answer.statusText, answer.contentType, isJsonObject ? `[${answer.body}]` : answer.body);
  if (result.type === "error") return { type: "retryable", message: result.message, timedOut: false };
  const mentor = result.mentors[0];
  if (mentor === undefined || mentor.id !== id) return { type: "retryable", message: "No valid mentor data received from API", timedOut: false };
  return { type: "ok", mentor: Object.freeze(mentor) };
}

async function fetchDetailWithRetries(id: number): Promise<MentorDetail> {
  for (let n = 1; ; n += 1) {
    const outcome = await attemptDetail(id);
    if (outcome.type === "ok") detailCache.set(id, { mentor: outcome.mentor, fetchedAt: Date.now() });
    if (outcome.type !== "retryable") return outcome;
    const decision = afterFailure(n, outcome.timedOut);
    if (decision.type === "giveUp") {
      console.warn(`Could not load mentor ${id} after ${n} attempt(s): ${outcome.message}`);
      return { type: "failed", message: outcome.message };
    }
    await sleep(decision.delayMs);
  }
}

function usable(fetchedAt: number, now: number): boolean {
  const state = cacheState(fetchedAt, now);
  return state === "fresh" || state === "refresh";
}

/**
 * A mentor already at hand: from an earlier profile visit or from the
 * mentor list, when the domain module says that data is still usable.
 */
export function cachedMentor(id: number, now: number = Date.now()): Mentor | undefined {
  const own = detailCache.get(id);
  if (own !== undefined && usable(own.fetchedAt, now)) return own.mentor;
  if (cache !== undefined && usable(cache.fetchedAt, now)) return cache.mentors.find((m) => m.id === id);
  return undefined;
}

/**
 * One mentor (SPEC §4 policy): at once from a usable cache, else one shared
 * request per id with the list's timeout and retries. A 404 is final: the
 * id is unknown, which no retry changes.
 */
export function loadMentor(id: number): Promise<MentorDetail> {
  const mentor = cachedMentor(id);
  if (mentor !== undefined) return Promise.resolve({ type: "ok", mentor });
  let pending = detailsInFlight.get(id);
  if (pending === undefined) {
    pending = fetchDetailWithRetries(id).finally(() => detailsInFlight.delete(id));
    detailsInFlight.set(id, pending);
  }
  return pending;
}

/** Forgets the caches and any request in flight (tests). */
export function resetMentorCache(): void {
  cache = undefined;
  inFlight = undefined;
  listeners.clear();
  detailCache.clear();
  detailsInFlight.clear();
}

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

/** One request, cut off after the policy's timeout. */
async function attempt(): Promise<Attempt> {
  const { requestTimeoutMs } = fetchPolicy();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  try {
    const response = await fetch("/api/mentors/", {
      headers: { Accept: "application/json" },
      credentials: "omit",
      signal: controller.signal,
    });
    const body = await response.text();
    const result = parseMentorResponse(response.status, response.statusText, response.headers.get("content-type"), body);
    if (result.type === "error") return { type: "failed", message: result.message, timedOut: false };
    if (result.dropped > 0) console.warn(`Mentor list: ${result.dropped} invalid item(s) left out.`);
    return { type: "ok", mentors: Object.freeze(result.mentors) };
  } catch (error) {
    if (timedOut) {
      return { type: "failed", message: `The server did not answer within ${requestTimeoutMs / 1000} seconds.`, timedOut: true };
    }
    return { type: "failed", message: describeError(error), timedOut: false };
  } finally {
    clearTimeout(timer);
  }
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

/** Forgets the cache and any request in flight (tests). */
export function resetMentorCache(): void {
  cache = undefined;
  inFlight = undefined;
  listeners.clear();
}

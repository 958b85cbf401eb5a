/**
 * The mentor list (SPEC §4, §7, §8, §9): `GET /api/mentors/`, fetched without
 * authorisation through the app's one client, remembered by one resource
 * (`lib/api/resource`), the home of server state.
 *
 * This file only says what to fetch and what to keep. Whether an answer is
 * usable, whether and when to retry, and how old the cache may get are
 * decided by the domain module (`parseMentorResponse`, `afterFailure`,
 * `cacheState`, `fetchPolicy`).
 */
import { afterFailure, cacheState, fetchPolicy, loadOnDemand, noValidMentorData, parseMentorResponse, type Mentor } from "../domain";
import { api, NoAnswerError, type Answer } from "./client";
import { createResource, createResourceFamily, type Freshness } from "./resource";

export type { Mentor, MentorService } from "../domain";

/** What a screen gets: the mentors, or the fallback empty list and the reason. */
export type MentorList =
  | { type: "ok"; mentors: readonly Mentor[] }
  | { type: "failed"; mentors: readonly Mentor[]; message: string };

type Attempt = { type: "ok"; mentors: readonly Mentor[] } | { type: "failed"; message: string; timedOut: boolean };

/** The fallback after every attempt failed (SPEC §4): an empty list, never cached. */
const FALLBACK: readonly Mentor[] = Object.freeze([]);

/** A passthrough field that should be text, or "" when the API sent something else. */
export function textField(mentor: Mentor, field: string): string {
  const value = mentor[field];
  return typeof value === "string" ? value : "";
}

/**
 * How many reviews the mentor has (`review_count`, a whole number of 0 or
 * more), or 0 when the API sent none: a mentor without reviews shows as New.
 */
export function reviewCount(mentor: Mentor): number {
  const value = mentor["review_count"];
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The mentor's portrait URL (`image_url`, else `image`), or "" for none. */
export function portraitUrl(mentor: Mentor): string {
  return textField(mentor, "image_url") || textField(mentor, "image");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A whole answer, or why none came. */
type Reply = { type: "answer"; answer: Answer } | { type: "failed"; message: string; timedOut: boolean };

/** One public GET, cut off after the policy's timeout. */
async function request(url: string): Promise<Reply> {
  try {
    const answer = await api.send(url, { credentials: "omit", timeoutMs: fetchPolicy().requestTimeoutMs, read: "text" });
    return { type: "answer", answer };
  } catch (error) {
    if (error instanceof NoAnswerError) return { type: "failed", message: error.message, timedOut: error.timedOut };
    return { type: "failed", message: error instanceof Error ? error.message : String(error), timedOut: false };
  }
}

/** One request for the list, checked by the domain module. */
async function attempt(): Promise<Attempt> {
  const reply = await request("/api/mentors/");
  if (reply.type === "failed") return reply;
  const { answer } = reply;
  const result = parseMentorResponse(answer.status, answer.statusText, answer.contentType, answer.text);
  if (result.type === "error") return { type: "failed", message: result.message, timedOut: false };
  if (result.dropped > 0) console.warn(`Mentor list: ${result.dropped} invalid item(s) left out.`);
  return { type: "ok", mentors: Object.freeze(result.mentors) };
}

/** Attempts until the domain module says give up (the resource below keeps a success). */
async function fetchWithRetries(): Promise<MentorList> {
  for (let n = 1; ; n += 1) {
    const outcome = await attempt();
    if (outcome.type === "ok") return { type: "ok", mentors: outcome.mentors };
    const decision = afterFailure(n, outcome.timedOut);
    if (decision.type === "giveUp") {
      console.warn(`Could not load mentors after ${n} attempt(s): ${outcome.message}`);
      return { type: "failed", mentors: FALLBACK, message: outcome.message };
    }
    await sleep(decision.delayMs);
  }
}

/** How usable a copy fetched at `fetchedAt` is: the domain module's cache ages. */
function listFreshness(fetchedAt: number, now: number): Freshness {
  const state = cacheState(fetchedAt, now);
  return state === "fresh" || state === "refresh" ? state : "stale";
}

/**
 * The list: a success is kept (a failed background refresh keeps the cached
 * list on screen); every caller in the meantime shares the one request.
 */
const list = createResource<MentorList>({
  fetch: fetchWithRetries,
  keep: (value) => value.type === "ok",
  freshness: listFreshness,
});

/**
 * The cached list when the domain module says it is usable now, else
 * undefined. Lets a screen render at once instead of flashing skeletons.
 */
export function cachedMentors(now: number = Date.now()): readonly Mentor[] | undefined {
  return list.peek(now)?.mentors;
}

/**
 * The mentor list (SPEC §4): a fresh cache as is; a cache older than the
 * refresh age as is, refreshed in the background; otherwise one shared
 * request with retries, ending in the fallback empty list and the spec's
 * message when every attempt failed.
 */
export function loadMentors(): Promise<MentorList> {
  return list.load();
}

/**
 * Called with every list a request brings, background refreshes included,
 * so that a screen shows the newest one (failures go only to the caller that
 * waited for them). Returns the unsubscribe function.
 */
export function onMentorList(listener: (list: MentorList) => void): () => void {
  return list.subscribe(listener);
}

/* ---------- One mentor: GET /api/mentors/{id}/ ---------- */

/** What the profile page gets: the mentor, "no such mentor", or why loading failed. */
export type MentorDetail =
  | { type: "ok"; mentor: Mentor }
  | { type: "notFound" }
  | { type: "failed"; message: string };

type DetailAttempt = MentorDetail | { type: "retryable"; message: string; timedOut: boolean };

/**
 * One request for a mentor. The body is checked by the same domain rule as
 * the list (id, name, expertise and rating present and typed, missing
 * numbers as 0), by handing it over as a list of one.
 */
async function attemptDetail(id: number): Promise<DetailAttempt> {
  const reply = await request(`/api/mentors/${id}/`);
  if (reply.type === "failed") return { type: "retryable", message: reply.message, timedOut: reply.timedOut };
  const { answer } = reply;
  if (answer.status === 404) return { type: "notFound" };
  const isJsonObject = answer.status >= 200 && answer.status < 300 && answer.text.trimStart().startsWith("{");
  const result = parseMentorResponse(answer.status, answer.statusText, answer.contentType, isJsonObject ? `[${answer.text}]` : answer.text);
  if (result.type === "error") return { type: "retryable", message: result.message, timedOut: false };
  const mentor = result.mentors[0];
  if (mentor === undefined || mentor.id !== id) {
    // The message is the crate's (mentor_profile, on demand).
    await loadOnDemand();
    return { type: "retryable", message: noValidMentorData(), timedOut: false };
  }
  return { type: "ok", mentor: Object.freeze(mentor) };
}

async function fetchDetailWithRetries(id: number): Promise<MentorDetail> {
  for (let n = 1; ; n += 1) {
    const outcome = await attemptDetail(id);
    if (outcome.type !== "retryable") return outcome;
    const decision = afterFailure(n, outcome.timedOut);
    if (decision.type === "giveUp") {
      console.warn(`Could not load mentor ${id} after ${n} attempt(s): ${outcome.message}`);
      return { type: "failed", message: outcome.message };
    }
    await sleep(decision.delayMs);
  }
}

/**
 * One resource per mentor: a found mentor is kept while the domain module's
 * cache ages say it is usable; a kept mentor is served as is until then
 * (no background refresh).
 */
const details = createResourceFamily<number, MentorDetail>((id) => ({
  fetch: () => fetchDetailWithRetries(id),
  keep: (value) => value.type === "ok",
  freshness: (fetchedAt, now) => (listFreshness(fetchedAt, now) === "stale" ? "stale" : "fresh"),
}));

/**
 * A mentor already at hand: from an earlier profile visit or from the
 * mentor list, when the domain module says that data is still usable.
 */
export function cachedMentor(id: number, now: number = Date.now()): Mentor | undefined {
  const own = details.get(id).peek(now);
  if (own?.type === "ok") return own.mentor;
  return list.peek(now)?.mentors.find((m) => m.id === id);
}

/**
 * One mentor (SPEC §4 policy): at once from a usable cache, else one shared
 * request per id with the list's timeout and retries. A 404 is final: the
 * id is unknown, which no retry changes.
 */
export function loadMentor(id: number): Promise<MentorDetail> {
  const mentor = cachedMentor(id);
  if (mentor !== undefined) return Promise.resolve({ type: "ok", mentor });
  return details.get(id).load();
}

/** Forgets the caches and any request in flight (tests). */
export function resetMentorCache(): void {
  list.reset();
  details.reset();
}

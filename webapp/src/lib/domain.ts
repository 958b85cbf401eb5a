/**
 * The one door to the domain rules compiled from Rust (`domain-wasm`).
 *
 * Nothing else in the app imports the wasm package: every rule the spec gives
 * (mentor list checks, retry and cache policy, price labels, rating and
 * experience labels, badges, slugs, the route table, the explorer, password
 * and FAQ rules, session timers) is computed there and only typed here. The
 * app itself fetches, keeps timers and storage, and renders.
 */
import * as wasm from "../../domain-pkg/domain.js";
import type {
  AfterRefresh as WasmAfterRefresh,
  CacheState as WasmCacheState,
  CardLabels as WasmCardLabels,
  CategoryChoice as WasmCategoryChoice,
  FailureDecision as WasmFailureDecision,
  FaqPreview as WasmFaqPreview,
  FetchPolicy as WasmFetchPolicy,
  FieldCheck as WasmFieldCheck,
  FormCheck as WasmFormCheck,
  GoogleFailure as WasmGoogleFailure,
  Mentor as WasmMentor,
  MentorResponse as WasmMentorResponse,
  MentorService as WasmMentorService,
  PasswordLabel as WasmPasswordLabel,
  PasswordStrength as WasmPasswordStrength,
  PriceContext as WasmPriceContext,
  ResponseAction as WasmResponseAction,
  RouteAccess as WasmRouteAccess,
  RouteInfo as WasmRouteInfo,
  SessionDue as WasmSessionDue,
  SessionTimers as WasmSessionTimers,
  StorageKey as WasmStorageKey,
} from "../../domain-pkg/domain.js";

export type CardLabels = WasmCardLabels;
export type RouteAccess = WasmRouteAccess;
export type RouteInfo = WasmRouteInfo;
export type PriceContext = WasmPriceContext;

/* ---------- Labels (SPEC §2 mentor card, §9) ---------- */

/**
 * Every label of a mentor card: price badge, rating, "N+ Years", Top Mentor /
 * PRO badge and the profile path. Throws only for input no mentor can have
 * (a negative price, a fractional id).
 */
export function cardLabels(id: number, name: string, rating: number, experienceYears: number, price: number): CardLabels {
  return wasm.cardLabels(id, name, rating, experienceYears, price);
}

/**
 * `✨ Free Trial Session` (cards) or `Free Session` (explorer) for 0, else
 * `₹` and the amount in Indian digit grouping, plus `/session` on cards.
 * Throws for a negative or non-finite price.
 */
export function priceLabel(price: number, context: PriceContext): string {
  return wasm.priceLabel(price, context);
}

/** The rating to one decimal; `New` for 0 when `newWhenZero` (the explorer). */
export function ratingLabel(rating: number, newWhenZero: boolean): string {
  return wasm.ratingLabel(rating, newWhenZero);
}

/** `Top Mentor` (`TOP` when compact), `PRO`, or undefined for no badge. */
export function badgeLabel(rating: number, experienceYears: number, compact: boolean): string | undefined {
  return wasm.badgeLabel(rating, experienceYears, compact);
}

/* ---------- Routes (SPEC §2) ---------- */

let routeTable: readonly RouteInfo[] | undefined;

/** Every screen of the app with who may see it (SPEC §2), in spec order. */
export function routes(): readonly RouteInfo[] {
  routeTable ??= Object.freeze(wasm.routes());
  return routeTable;
}

/** The screen a path (without query or hash) shows, or undefined for not-found. */
export function matchRoute(path: string): RouteInfo | undefined {
  return wasm.matchRoute(path);
}

/** The mentor id in a `/mentors/{id}-{slug}` segment, or undefined. */
export function parseMentorSegment(segment: string): number | undefined {
  return wasm.parseMentorSegment(segment);
}

/** The canonical `/mentors/{id}-{slug}` path of a mentor. */
export function mentorPath(id: number, name: string): string {
  return wasm.mentorPath(id, name);
}

/* ---------- The mentor list (SPEC §4, §5, §8, §9) ---------- */

/**
 * A mentor accepted from `GET /api/mentors/`: `id`, `name`, `expertise`,
 * `rating`, `experience_years` and `services` are checked and normalised;
 * every other field is `unknown` until narrowed.
 */
export type Mentor = WasmMentor;
export type MentorService = WasmMentorService;
export type MentorResponse = WasmMentorResponse;
export type FailureDecision = WasmFailureDecision;
export type CacheState = WasmCacheState;
export type FetchPolicy = WasmFetchPolicy;

/**
 * Checks and cleans the answer to `GET /api/mentors/` from its status line,
 * content type and body text: the accepted mentors (invalid items dropped),
 * or one of the spec's messages ("HTTP 503: Service Unavailable",
 * "Invalid response format: Expected JSON", …). Throws only for a status
 * outside 100–599, which no `Response` has.
 */
export function parseMentorResponse(status: number, statusText: string, contentType: string | null, body: string): MentorResponse {
  return wasm.parseMentorResponse(status, statusText, contentType, body);
}

/** Whether to retry, and after how long, once attempt number `attempt` (1-based) failed. */
export function afterFailure(attempt: number, timedOut: boolean): FailureDecision {
  return wasm.afterFailure(attempt, timedOut);
}

/** How usable a list fetched at `fetchedAtMs` (null: never) is at `nowMs`. */
export function cacheState(fetchedAtMs: number | null, nowMs: number): CacheState {
  return wasm.cacheState(fetchedAtMs, nowMs);
}

let policy: Readonly<FetchPolicy> | undefined;

/** The request timeout, attempt count and cache ages of the mentor list. */
export function fetchPolicy(): Readonly<FetchPolicy> {
  policy ??= Object.freeze(wasm.fetchPolicy());
  return policy;
}

/* ---------- The home explorer (SPEC §2, §4, §9) ---------- */

export type ExplorerCategory = wasm.ExplorerCategory;
export type CategoryChoice = WasmCategoryChoice;

let categoryTable: readonly ExplorerCategory[] | undefined;

/** The explorer's categories (All Mentors, Technology, …) with the expertise each matches. */
export function explorerCategories(): readonly ExplorerCategory[] {
  categoryTable ??= Object.freeze(wasm.explorerCategories());
  return categoryTable;
}

/** What the explorer needs of a mentor. */
export interface Arrangeable {
  rating: number;
  experience_years: number;
  expertise: readonly string[];
  services: readonly { price: number }[];
}

/** The price a mentor is shown at (SPEC §3): the first service's, or 0 (free) without services. */
export function cardPrice(mentor: Pick<Arrangeable, "services">): number {
  return mentor.services[0]?.price ?? 0;
}

interface Columns {
  ratings: Float64Array;
  experience: Float64Array;
  prices: Float64Array;
  masks: Uint32Array;
}

// Columns are built once per fetched list (lists are immutable once fetched),
// so a rotation tick or a category change is one call into wasm.
const columnCache = new WeakMap<readonly Arrangeable[], Columns>();

function columnsOf(mentors: readonly Arrangeable[]): Columns {
  const cached = columnCache.get(mentors);
  if (cached) return cached;
  const n = mentors.length;
  const columns: Columns = {
    ratings: new Float64Array(n),
    experience: new Float64Array(n),
    prices: new Float64Array(n),
    masks: new Uint32Array(0),
  };
  const packed: string[] = new Array<string>(n);
  for (const [i, m] of mentors.entries()) {
    columns.ratings[i] = m.rating;
    columns.experience[i] = m.experience_years;
    columns.prices[i] = cardPrice(m);
    packed[i] = m.expertise.join("\u001f");
  }
  columns.masks = wasm.categoryMasks(packed.join("\u001e"), n);
  columnCache.set(mentors, columns);
  return columns;
}

/**
 * The home explorer's arrangement of `mentors` for a category, seed and
 * rotation (SPEC §4, §9): the same seed gives the same list here and on the
 * server. Throws only for an unknown category id.
 */
export function arrangeExplorer<T extends Arrangeable>(mentors: readonly T[], categoryId: string, seed: number, rotation: number): T[] {
  const c = columnsOf(mentors);
  const order = wasm.arrangeExplorer(c.ratings, c.experience, c.prices, c.masks, categoryId, seed, rotation);
  const arranged: T[] = [];
  for (const i of order) {
    const mentor = mentors[i];
    if (mentor !== undefined) arranged.push(mentor);
  }
  return arranged;
}

/**
 * The mentors of a category by the explorer's membership rule (All: every
 * one), in list order. Pass the fetched list itself: its category masks are
 * computed once and reused. Throws for an unknown category id.
 */
export function categoryMembers<T extends Arrangeable>(mentors: readonly T[], categoryId: string): T[] {
  // A category's position in the table is its bit in a mask.
  const bit = explorerCategories().findIndex((c) => c.id === categoryId);
  if (bit < 0) throw new RangeError(`unknown category ${JSON.stringify(categoryId)}`);
  const { masks } = columnsOf(mentors);
  return mentors.filter((_, i) => (((masks[i] ?? 0) >>> bit) & 1) === 1);
}

/** The ranking score (SPEC §9) in [0, 1]: 60% rating / 5 plus 40% experience / 20, capped. */
export function mentorScore(rating: number, experienceYears: number): number {
  return wasm.mentorScore(rating, experienceYears);
}

/** How many mentors a category shows: 16 for All, 12 otherwise. Throws for an unknown id. */
export function explorerLimit(categoryId: string): number {
  return wasm.explorerLimit(categoryId);
}

/**
 * The reshuffle interval in ms: the local-storage override when it is sane,
 * else the default of two minutes. Pass `localStorage.getItem(...)` as is.
 */
export function rotationIntervalMs(stored: string | null): number {
  return wasm.rotationIntervalMs(stored);
}

/** Which reshuffle of a seed created at `seedCreatedMs` is due at `nowMs`. */
export function rotationIndex(seedCreatedMs: number, nowMs: number, intervalMs: number): number {
  return wasm.rotationIndex(seedCreatedMs, nowMs, intervalMs);
}

/** Whether a seed created at `createdMs` must be replaced at `nowMs` (4 hours, or the clock moved back). */
export function seedIsStale(createdMs: number, nowMs: number): boolean {
  return wasm.seedIsStale(createdMs, nowMs);
}

/**
 * Choosing a category tab: whether to drop the seed (re-choosing a visited
 * category reshuffles) and the new visited list.
 */
export function chooseCategory(visited: readonly string[], current: string, chosen: string): CategoryChoice {
  return wasm.chooseCategory([...visited], current, chosen);
}

/* ---------- Account fields (SPEC §3, §5) ---------- */

export type FieldCheck = WasmFieldCheck;

/** An e-mail address trimmed and lower-cased, or the message to show under the field. */
export function checkEmail(email: string): FieldCheck {
  return wasm.checkEmail(email);
}

/** A display name tidied (1–100 characters), or the message to show. */
export function checkName(name: string): FieldCheck {
  return wasm.checkName(name);
}

/** A contact number in E.164 form (+91 assumed for Indian mobiles), or the message to show. */
export function checkContactNumber(contactNumber: string): FieldCheck {
  return wasm.checkContactNumber(contactNumber);
}

/* ---------- Password and FAQ (SPEC §2, §5, §9) ---------- */

export type PasswordLabel = WasmPasswordLabel;
export type PasswordStrength = WasmPasswordStrength;
export type FormCheck = WasmFormCheck;
export type FaqPreview = WasmFaqPreview;

/** Score 0–4, its label and whether it reaches the threshold of 3. */
export function passwordStrength(password: string): PasswordStrength {
  return wasm.passwordStrength(password);
}

/** Ok, or `Passwords do not match.` / `Please use a stronger password.` (checked on submit). */
export function checkNewPassword(password: string, confirmation: string): FormCheck {
  return wasm.checkNewPassword(password, confirmation);
}

/** `Passwords don't match` while the confirmation differs, else undefined (shown inline). */
export function inlinePasswordMismatch(password: string, confirmation: string): string | undefined {
  return wasm.inlinePasswordMismatch(password, confirmation);
}

/** How many questions the collapsed FAQ shows: 6 on large screens without touch, else 4. */
export function faqCollapsedCount(viewportWidth: number, touch: boolean): number {
  return wasm.faqCollapsedCount(viewportWidth, touch);
}

/** `Show More Questions (N more)`, or undefined when every question shows. */
export function faqShowMoreLabel(total: number, visible: number): string | undefined {
  return wasm.faqShowMoreLabel(total, visible);
}

/** The open question after `clicked` is clicked (undefined: none open). */
export function faqToggle(open: number | undefined, clicked: number): number | undefined {
  return wasm.faqToggle(open, clicked);
}

/** An answer as first shown, and whether Read More is offered. */
export function faqPreview(answer: string): FaqPreview {
  return wasm.faqPreview(answer);
}

/** `Read More` / `Read Less`. */
export function faqReadToggleLabel(expanded: boolean): string {
  return wasm.faqReadToggleLabel(expanded);
}

/* ---------- The logged-in session (SPEC §3, §4, §8, §9) ---------- */

export type SessionTimers = WasmSessionTimers;
export type SessionDue = WasmSessionDue;
export type ResponseAction = WasmResponseAction;
export type AfterRefresh = WasmAfterRefresh;
export type StorageKey = WasmStorageKey;
export type GoogleFailure = WasmGoogleFailure;

/** Milliseconds until the token refresh and until the forced logout (0: now). */
export function sessionTimers(tokenSetAtMs: number, lastRefreshAtMs: number | null, nowMs: number): SessionTimers {
  return wasm.sessionTimers(tokenSetAtMs, lastRefreshAtMs, nowMs);
}

/** What the session needs now: nothing, a token refresh, or a logout. */
export function sessionDue(tokenSetAtMs: number, lastRefreshAtMs: number | null, nowMs: number): SessionDue {
  return wasm.sessionDue(tokenSetAtMs, lastRefreshAtMs, nowMs);
}

/** What to do with the answer to an authorised call (`retried`: this is the retry after a refresh). */
export function afterResponse(status: number, retried: boolean): ResponseAction {
  return wasm.afterResponse(status, retried);
}

/** Repeat the call after a successful token refresh; log out after a failed one. */
export function afterRefresh(ok: boolean): AfterRefresh {
  return wasm.afterRefresh(ok);
}

let logoutKeys: readonly StorageKey[] | undefined;

/** The storage keys a logout removes. */
export function sessionKeys(): readonly StorageKey[] {
  logoutKeys ??= Object.freeze(wasm.sessionKeys());
  return logoutKeys;
}

let allKeys: readonly StorageKey[] | undefined;

/** Every storage key the client uses. */
export function storageKeys(): readonly StorageKey[] {
  allKeys ??= Object.freeze(wasm.storageKeys());
  return allKeys;
}

/** `/auth/login`, or undefined when the user is already there. */
export function logoutDestination(currentPath: string): string | undefined {
  return wasm.logoutDestination(currentPath);
}

/** The message shown for a failed Google login. */
export function googleLoginError(failure: GoogleFailure): string {
  return wasm.googleLoginError(failure);
}

/** "Login failed. Please check your credentials and try again." */
export function loginFailureMessage(): string {
  return wasm.loginFailureMessage();
}

/**
 * The one door to the domain rules compiled from Rust (`domain-wasm`).
 *
 * Every function and type here is generated: the functions are the wasm
 * modules' exports (one `#[export]` beside each rule in `domain-wasm/src/`),
 * the types come from the Rust types (tsify). This file only re-exports them,
 * plus a few adapters where the app's call shape differs (whole mentor lists
 * for the explorer, tables computed once) and the app's older names for a
 * few types.
 */
import * as wasm from "../../domain-pkg/rules.js";
import type { Availability, SlotsOutcome } from "../../domain-pkg/dashboards/domain.js";
import type { ApplicationLimits } from "../../domain-pkg/mentoring/domain.js";

// Every rule of every wasm module, as plain functions (rules.js, generated
// by `just wasm`): a call goes to whichever loaded module has the rule. The
// page's first module (the home page's, or on a learner's screen the
// learner's, as the server names it) is there before any code that imports
// this runs; a lazy screen awaits the modules it needs (`loadOnDemand()`,
// `loadFirstOf(…)`), and the on-demand module is prefetched when the browser
// is idle after a page whose first module is the home page's. The password
// screens (`loadPasswordRules()`, with the common-password list), the
// mentor application form and mentor's dashboard (`loadMentoringRules()`)
// and the mentor's and admin's dashboards (`loadDashboardRules()`, with the
// IANA time zones) load theirs; a learner's screens load only the learner's
// module (`loadLearnerRules()`), with the booking rules and no zone data.
export * from "../../domain-pkg/rules.js";

/**
 * The rules a mentor's page, the booking review and the learner's dashboard
 * call: the on-demand module's (with the home page's), or the learner's,
 * whichever is loaded or loading already (the on-demand one otherwise).
 */
export function loadProfileRules(): Promise<void> {
  return wasm.loadFirstOf(["on-demand"], ["learner"]);
}

// The app's names for generated types.
export type {
  Access as RouteAccess,
  Category as ExplorerCategory,
  Preview as FaqPreview,
  Route as RouteInfo,
} from "../../domain-pkg/domain.js";
export type { NewPasswordCheck as FormCheck, Strength as PasswordStrength } from "../../domain-pkg/passwords/domain.js";
export type {
  ApplicationCheck,
  ApplicationDraft,
  ApplicationLimits,
  Completeness as ProfileCompleteness,
  CompletenessInput as ProfileCompletenessInput,
  CompletenessItem as ProfileCompletenessItem,
  EducationEntry,
  ExperienceEntry,
  ProfileCheck,
  ProfileDraft,
  ProjectEntry,
  ServiceCheck,
  ServiceDraft,
  Split as CommissionSplit,
} from "../../domain-pkg/mentoring/domain.js";
export type {
  Availability,
  AvailabilityCheck,
  DateOverride,
  Interval as Slot,
  SlotQuery,
  SlotsOutcome,
  TimeRange,
  WeeklyRange,
} from "../../domain-pkg/dashboards/domain.js";
// The booking lifecycle (issue 12; the dashboards' module, and of them
// bookingActions, bookingStatus and bookingRules the learner's too):
// bookingActions, bookingStatus, bookingTransition, bookingOpening and
// bookingRules are re-exported above.
export type {
  Action as BookingAction,
  BookingRequest,
  BookingRules,
  Change as BookingChange,
  Facts as BookingFacts,
  Missed as BookingMissed,
  NoShowChoice as BookingNoShowChoice,
  Opening as BookingOpening,
  Party as BookingParty,
  Status as BookingStatus,
  TransitionOutcome as BookingTransitionOutcome,
} from "../../domain-pkg/dashboards/domain.js";

/** A table the module computes, computed once and frozen. */
function once<T>(make: () => T[]): () => readonly T[] {
  let table: readonly T[] | undefined;
  return () => (table ??= Object.freeze(make()));
}

/** Every screen of the app with who may see it (SPEC §2), in spec order. */
export const routes = once(wasm.routes);
/** The explorer's categories (All Mentors, Technology, …) with the expertise each matches. */
export const explorerCategories = once(wasm.explorerCategories);
/** The storage keys a logout removes. */
export const sessionKeys = once(wasm.sessionKeys);
/** Every storage key the client uses. */
export const storageKeys = once(wasm.storageKeys);

/** The areas of expertise the mentor forms offer (mentoring module; call after `loadMentoringRules()`). */
export const mentorCategories = once(wasm.mentorCategories);

let limits: Readonly<ApplicationLimits> | undefined;

/**
 * The mentor forms' limits (mentoring module; call after
 * `loadMentoringRules()`): the most sessions an application offers, the
 * session lengths offered, the bio's bounds. Computed once and frozen.
 */
export function applicationLimits(): Readonly<ApplicationLimits> {
  if (!limits) {
    const made = wasm.applicationLimits();
    Object.freeze(made.durations);
    limits = Object.freeze(made);
  }
  return limits;
}

let policy: Readonly<wasm.FetchPolicy> | undefined;

/** The request timeout, attempt count and cache ages of the mentor list. */
export function fetchPolicy(): Readonly<wasm.FetchPolicy> {
  policy ??= Object.freeze(wasm.fetchPolicy());
  return policy;
}

/** Choosing a category tab: whether to drop the seed and the new visited list. */
export function chooseCategory(visited: readonly string[], current: string, chosen: string): wasm.CategoryChoice {
  return wasm.chooseCategory([...visited], current, chosen);
}

/* ---------- The home explorer over whole mentor lists ---------- */

/** What the explorer needs of a mentor. */
export interface Arrangeable {
  rating: number;
  experience_years: number;
  expertise: readonly string[];
  services: readonly { price: number }[];
}

/** The price a mentor is shown at (SPEC §3): the crate's `shownPrice` of its services' prices. */
export function cardPrice(mentor: Pick<Arrangeable, "services">): number {
  return wasm.shownPrice(mentor.services.map((s) => s.price));
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
  const ratings = new Float64Array(n);
  const experience = new Float64Array(n);
  const prices = new Float64Array(n);
  const packed = new Array<string>(n);
  for (const [i, m] of mentors.entries()) {
    ratings[i] = m.rating;
    experience[i] = m.experience_years;
    prices[i] = cardPrice(m);
    packed[i] = m.expertise.join("\u001f");
  }
  const columns = { ratings, experience, prices, masks: wasm.categoryMasks(packed.join("\u001e"), n) };
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
  return Array.from(order, (i) => mentors[i]).filter((m): m is T => m !== undefined);
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

/* ---------- The dashboards' slots with dates ---------- */

/** A slot as the screens show it. */
export interface SlotTimes {
  start: Date;
  end: Date;
}

/** What to preview slots for, with the app's `Date`s. */
export interface SlotPreviewQuery {
  durationMinutes: number;
  now: Date;
  from: Date;
  to: Date;
  busy?: readonly SlotTimes[];
}

/**
 * The crate's `mentorSlots` (dashboards module; call after
 * `loadDashboardRules()`) with `Date`s in and out: the calendar the mentor
 * previews while editing their availability is exactly the server's.
 */
export function previewSlots(availability: Availability, query: SlotPreviewQuery): { type: "ok"; value: SlotTimes[] } | Extract<SlotsOutcome, { type: "error" }> {
  const outcome = wasm.mentorSlots(availability, {
    duration_minutes: query.durationMinutes,
    now: query.now.toISOString(),
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    busy: (query.busy ?? []).map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString() })),
  });
  if (outcome.type === "error") return outcome;
  return { type: "ok", value: outcome.value.map((s) => ({ start: new Date(s.start), end: new Date(s.end) })) };
}

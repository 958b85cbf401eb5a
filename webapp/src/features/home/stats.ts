/**
 * The home page figures (SPEC §2 items 1 and 2): what `GET /api/stats/`
 * answers, how each figure is written, and the count-up's timing.
 *
 * Every figure shown is one the database supports: a figure the API sends
 * as null (unknown) is left out, never replaced by a marketing number. The
 * only fixed item is the `<24h` average response time, a service promise
 * rather than a measurement.
 */
import { ratingLabel } from "../../lib/domain";

/** The answer of `GET /api/stats/`. */
export interface SiteStats {
  mentors: number;
  rated_mentors: number;
  average_rating: number | null;
  completed_sessions: number;
  positive_feedback_percent: number | null;
  countries: number | null;
}

/** How long the figures count up (SPEC §9). */
export const COUNT_UP_MS = 2000;

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function optional(value: unknown): number | null | undefined {
  return value === null ? null : count(value);
}

/**
 * The stats from the API's JSON, or undefined when the answer is not what
 * the API documents (then no figure is shown at all).
 */
export function parseSiteStats(json: unknown): SiteStats | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const o = json as Record<string, unknown>;
  const mentors = count(o.mentors);
  const rated = count(o.rated_mentors);
  const average = optional(o.average_rating);
  const sessions = count(o.completed_sessions);
  const positive = optional(o.positive_feedback_percent);
  const countries = optional(o.countries);
  if (
    mentors === undefined ||
    rated === undefined ||
    average === undefined ||
    sessions === undefined ||
    positive === undefined ||
    countries === undefined
  ) {
    return undefined;
  }
  return {
    mentors,
    rated_mentors: rated,
    average_rating: average === null || average > 5 ? null : average,
    completed_sessions: sessions,
    positive_feedback_percent: positive === null || positive > 100 ? null : positive,
    countries,
  };
}

/* ---------- Formats (SPEC §2: `150+`, `4.8/5`, `98%`, `<24h`) ---------- */

export const formatMentors = (value: number): string => `${Math.round(value)}+`;
/** One decimal, by the domain's rating rule. */
export const formatRating = (value: number): string => `${ratingLabel(value, false)}/5`;
export const formatPercent = (value: number): string => `${Math.round(value)}%`;
export const RESPONSE_TIME = "<24h";

/** One figure of the count-up band. */
export interface CountUpStat {
  id: "mentors" | "rating" | "positive" | "response";
  label: string;
  /** What the figure means, in a sentence (shown under the label). */
  detail: string;
  /** The value counted up to, or null for a fixed text. */
  target: number | null;
  /** The text for a value on the way to `target` (and for `target` itself). */
  format: (value: number) => string;
  /** The final text, as read by screen readers from the start. */
  final: string;
}

/**
 * The count-up band's figures in spec order: active mentors, average
 * rating, positive response (each only when the database has the figure),
 * then the fixed `<24h` average response time.
 */
export function countUpStats(stats: SiteStats | undefined): CountUpStat[] {
  const items: CountUpStat[] = [];
  if (stats && stats.mentors > 0) {
    items.push({
      id: "mentors",
      label: "Active mentors",
      detail: "Vetted practitioners, each reviewed before their first booking",
      target: stats.mentors,
      format: formatMentors,
      final: formatMentors(stats.mentors),
    });
  }
  if (stats && stats.average_rating !== null && stats.rated_mentors > 0) {
    items.push({
      id: "rating",
      label: "Average rating",
      detail: `Across ${stats.rated_mentors} mentors rated by their mentees`,
      target: stats.average_rating,
      format: formatRating,
      final: formatRating(stats.average_rating),
    });
  }
  if (stats && stats.positive_feedback_percent !== null) {
    items.push({
      id: "positive",
      label: "Positive response",
      detail: "Of session feedback from mentees",
      target: stats.positive_feedback_percent,
      format: formatPercent,
      final: formatPercent(stats.positive_feedback_percent),
    });
  }
  items.push({
    id: "response",
    label: "Average response time",
    detail: "For your questions and for mentor applications",
    target: null,
    format: () => RESPONSE_TIME,
    final: RESPONSE_TIME,
  });
  return items;
}

/** One figure of the hero's stat cards. */
export interface HeroFigure {
  id: string;
  value: string;
  label: string;
}

/**
 * The hero's stat cards: only figures the database has (SPEC §2 item 1),
 * so an empty catalogue shows none rather than a made-up number.
 */
export function heroFigures(stats: SiteStats | undefined): HeroFigure[] {
  if (!stats) return [];
  const figures: HeroFigure[] = [];
  if (stats.mentors > 0) figures.push({ id: "mentors", value: String(stats.mentors), label: "Vetted mentors to choose from" });
  if (stats.average_rating !== null && stats.rated_mentors > 0) {
    figures.push({
      id: "rating",
      value: formatRating(stats.average_rating),
      label: `Average rating across ${stats.rated_mentors} rated mentors`,
    });
  }
  if (stats.completed_sessions > 0) {
    figures.push({ id: "sessions", value: stats.completed_sessions.toLocaleString("en-IN"), label: "Sessions completed" });
  }
  if (stats.positive_feedback_percent !== null) {
    figures.push({ id: "positive", value: formatPercent(stats.positive_feedback_percent), label: "Positive session feedback" });
  }
  if (stats.countries !== null && stats.countries > 0) {
    figures.push({ id: "countries", value: String(stats.countries), label: "Countries our mentors work from" });
  }
  return figures;
}

/* ---------- Count-up timing ---------- */

/** Fast start, gentle landing. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/** How far (0..1, eased) the count-up is after `elapsedMs`. */
export function countUpFraction(elapsedMs: number, durationMs: number = COUNT_UP_MS): number {
  if (durationMs <= 0) return 1;
  return easeOutCubic(elapsedMs / durationMs);
}

/** The value shown for `target` at `fraction` of the way there (the target itself at 1). */
export function countUpValue(target: number, fraction: number): number {
  return fraction >= 1 ? target : target * fraction;
}

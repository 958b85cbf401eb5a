/**
 * A mentor's bookable times for the profile page: `GET
 * /api/mentors/{id}/slots/?service=&from=&to=` (a bare array of `{start,
 * end}` in UTC; the mentor's IANA zone in the `X-Mentor-Time-Zone` header),
 * and the calendar arithmetic that shows them a week at a time in the
 * viewer's zone.
 *
 * Which times are bookable is the server's rule (the crate's `slots`); this
 * file only asks for a window and lays the answer out. Days and weeks here
 * are display: they decide where a time is printed, never whether it exists.
 */
import { fetchPolicy } from "../../lib/domain";
import { api, NoAnswerError } from "../../lib/api/client";

export interface OpenSlot {
  /** The start as the API sent it (RFC 3339), a stable key. */
  key: string;
  start: Date;
  end: Date;
}

export type SlotsAnswer =
  | {
      type: "ok";
      slots: OpenSlot[];
      /** The mentor's IANA zone, when the server named one this browser knows. */
      mentorZone: string | undefined;
      /** How many days ahead the mentor takes bookings, when the server said. */
      windowDays: number | undefined;
    }
  | { type: "failed"; message: string };

/** How far ahead the week navigation goes when the server does not say: the API's longest range. */
export const DEFAULT_WINDOW_DAYS = 92;

/** Zone names and comparisons, and the calendar arithmetic's formatting, are the app's one copy (`lib/time`). */
import { addDays, dayIn, isKnownZone, zoneOffsetAt } from "../../lib/time";

/** Zones most viewers pick from, besides their own and the mentor's. */
export const COMMON_ZONES: readonly string[] = [
  "Asia/Kolkata",
  "Asia/Dubai",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "UTC",
];

/* ---------- Calendar days in a zone ---------- */

/** A calendar day, `YYYY-MM-DD`. */
export type DayKey = string;

/** The calendar day an instant falls on in `zone` (`lib/time`'s `dayIn`). */
export function dayKeyOf(at: Date, zone: string): DayKey {
  return dayIn(at, zone);
}

function parseDay(day: DayKey): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  return [y, m, d];
}

/** The instant `day` begins in `zone` (its first moment, should the clocks skip midnight). */
export function startOfDay(day: DayKey, zone: string): Date {
  const [y, m, d] = parseDay(day);
  const wall = Date.UTC(y, m - 1, d);
  // Two passes: the offset a day earlier or later can differ across a change of the clocks.
  let ms = wall - zoneOffsetAt(wall, zone);
  ms = wall - zoneOffsetAt(ms, zone);
  // A midnight the clocks skipped: the day starts at the first instant that is on it.
  while (dayKeyOf(new Date(ms), zone) < day) ms += 15 * 60_000;
  return new Date(ms);
}

/** One week of the calendar in a zone: seven days from `first`, and the instants it spans. */
export interface Week {
  days: DayKey[];
  from: Date;
  to: Date;
}

/** The `index`th week (0 = the one starting today) in `zone` at `now`. */
export function weekOf(index: number, zone: string, now: Date): Week {
  const first = addDays(dayKeyOf(now, zone), index * 7);
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  return { days, from: startOfDay(first, zone), to: startOfDay(addDays(first, 7), zone) };
}

/** The slots of each day of `week` in `zone`, days without any included, each in start order. */
export function groupByDay(slots: readonly OpenSlot[], week: Week, zone: string): { day: DayKey; slots: OpenSlot[] }[] {
  const byDay = new Map<DayKey, OpenSlot[]>(week.days.map((d) => [d, []]));
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    byDay.get(dayKeyOf(slot.start, zone))?.push(slot);
  }
  return week.days.map((day) => ({ day, slots: byDay.get(day) ?? [] }));
}

/* ---------- The API call ---------- */

function parseSlots(body: unknown): OpenSlot[] | undefined {
  if (!Array.isArray(body)) return undefined;
  const slots: OpenSlot[] = [];
  for (const item of body as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { start, end } = item as { start?: unknown; end?: unknown };
    if (typeof start !== "string" || typeof end !== "string") continue;
    const s = new Date(start);
    const e = new Date(end);
    if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime()) || e <= s) continue;
    slots.push({ key: start, start: s, end: e });
  }
  return slots;
}

/**
 * The open times of `serviceId` between `from` and `to`. Public: sent
 * without credentials, like the catalogue. `signal` cancels a request that a
 * newer choice (another week, zone or service) made obsolete.
 */
export async function fetchSlots(mentorId: number, serviceId: number, from: Date, to: Date, signal?: AbortSignal): Promise<SlotsAnswer> {
  const query = new URLSearchParams({ service: String(serviceId), from: from.toISOString(), to: to.toISOString() });
  try {
    const answer = await api.send(`/api/mentors/${mentorId}/slots/?${query.toString()}`, {
      credentials: "omit",
      timeoutMs: fetchPolicy().requestTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!answer.ok) return { type: "failed", message: `The server answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}.` };
    const slots = parseSlots(answer.body);
    if (slots === undefined) return { type: "failed", message: "The server sent something other than a list of times." };
    const zone = answer.headers.get("x-mentor-time-zone")?.trim();
    const window = Number(answer.headers.get("x-booking-window-days"));
    return {
      type: "ok",
      slots,
      mentorZone: zone && isKnownZone(zone) ? zone : undefined,
      windowDays: Number.isInteger(window) && window > 0 ? window : undefined,
    };
  } catch (error) {
    if (error instanceof NoAnswerError) return { type: "failed", message: error.message };
    return { type: "failed", message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Time and time zones, for every screen (issue 21: one zone per person).
 *
 * - A signed-in person sees every time in their **account's** zone (the
 *   profile's `time_zone`); a guest in the browser's (`viewerZone`).
 * - Times read as Indian English writes them, the zone named in full as
 *   CLDR names it: `Wed, 25 Nov 2026, 3:30 pm India Standard Time`. The
 *   server's e-mails write the same (`api/src/mail/zone_names.rs`, a table
 *   generated from the same CLDR names).
 * - An account never given a zone takes the browser's at its first sign-in;
 *   afterwards a device in another zone is offered the switch
 *   (`zoneAction`).
 *
 * Display only, with the browser's Intl (no zone database of our own):
 * when something is allowed is the domain's rule.
 */

export const LOCALE = "en-IN";

/**
 * Browsers name a few zones by their old IANA names (CLDR keeps them as
 * canonical): screens offer and store the current ones, which the server's
 * IANA data knows too.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "Pacific/Enderbury": "Pacific/Kanton",
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter for `locale` and `options`, made once: making one costs a
 * browser far more than using it (a mentor's page formats hundreds of times
 * while it renders). Throws as the constructor does (an unknown zone).
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale ?? ""} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

/** The zone's current IANA name (`Asia/Calcutta` → `Asia/Kolkata`). */
export function currentZoneName(zone: string): string {
  return CURRENT_NAMES[zone] ?? zone;
}

/** This browser's Intl knows the zone. */
export function isKnownZone(zone: string): boolean {
  try {
    dateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own IANA zone ("UTC" when it has none), by its current name. */
export function browserZone(): string {
  return currentZoneName(dateTimeFormat(undefined).resolvedOptions().timeZone || "UTC");
}

/** The two names are one zone (`Asia/Calcutta` and `Asia/Kolkata`, `UTC` and `Etc/UTC`). */
export function sameZone(a: string, b: string): boolean {
  if (currentZoneName(a) === currentZoneName(b)) return true;
  if (!isKnownZone(a) || !isKnownZone(b)) return false;
  const canonical = (zone: string) => dateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  return canonical(a) === canonical(b);
}

/** What of an account the zone rules read (the API's `UserOut`). */
export interface ZoneHolder {
  time_zone?: unknown;
  time_zone_chosen?: unknown;
}

/**
 * The zone to show times in: the account's when there is an account and
 * this browser knows its zone, else the browser's own (a guest).
 */
export function viewerZone(user?: ZoneHolder | null): string {
  const zone = user?.time_zone;
  if (typeof zone === "string" && zone !== "" && isKnownZone(zone)) return currentZoneName(zone);
  return browserZone();
}

/**
 * What to do about the account's zone on this device:
 * - `adopt`: the account never had one chosen (it is in UTC by default):
 *   send the device's zone as the profile's `detected_time_zone` (first
 *   sign-in), without asking;
 * - `offer`: the account's zone differs from the device's and the person
 *   has not dismissed the offer for this device zone: offer the switch;
 * - `none`: nothing to do.
 */
export type ZoneAction = { type: "adopt"; zone: string } | { type: "offer"; zone: string; current: string } | { type: "none" };

export function zoneAction(user: ZoneHolder | null | undefined, device: string, dismissed: string | null | undefined): ZoneAction {
  if (!user || !isKnownZone(device)) return { type: "none" };
  const zone = currentZoneName(device);
  if (user.time_zone_chosen === false) return { type: "adopt", zone };
  const current = typeof user.time_zone === "string" && user.time_zone !== "" ? user.time_zone : "UTC";
  if (sameZone(current, zone) || (dismissed && sameZone(dismissed, zone))) return { type: "none" };
  return { type: "offer", zone, current: currentZoneName(current) };
}

/** Where a device remembers that its person declined a switch to a zone (per account). */
export function zoneOfferKey(userId: number): string {
  return `zoneOfferDeclined:${userId}`;
}

function part(at: Date, zone: string, type: Intl.DateTimeFormatPartTypes, options: Intl.DateTimeFormatOptions): string {
  return (
    dateTimeFormat(LOCALE, { timeZone: zone, ...options })
      .formatToParts(at)
      .find((p) => p.type === type)?.value ?? ""
  );
}

/** The zone's long name at `at`: `India Standard Time`, `British Summer Time`. */
export function zoneLongName(at: Date, zone: string): string {
  return part(at, zone, "timeZoneName", { timeZoneName: "long" }) || zone;
}

/** `3:30 pm` in `zone`. */
export function clockTime(at: Date, zone: string): string {
  return dateTimeFormat(LOCALE, { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(at);
}

function dateParts(at: Date, zone: string, style: "short" | "long") {
  const parts = dateTimeFormat(LOCALE, { timeZone: zone, weekday: style, day: "numeric", month: style, year: "numeric" }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: get("weekday"), day: get("day"), month: get("month"), year: get("year") };
}

/** `Wed, 25 Nov 2026` (or `Wed, 25 Nov`) in `zone`. */
export function dayDate(at: Date, zone: string, withYear = true): string {
  const d = dateParts(at, zone, "short");
  return `${d.weekday}, ${d.day} ${d.month}${withYear ? ` ${d.year}` : ""}`;
}

/** `Wednesday, 25 November 2026` in `zone`. */
export function longDate(at: Date, zone: string): string {
  const d = dateParts(at, zone, "long");
  return `${d.weekday}, ${d.day} ${d.month} ${d.year}`;
}

/** `25 Nov 2026` in `zone`. */
export function shortDate(at: Date, zone: string): string {
  const d = dateParts(at, zone, "short");
  return `${d.day} ${d.month} ${d.year}`;
}

/** `Wed, 25 Nov 2026, 3:30 pm India Standard Time`: a moment, the zone named (as the e-mails write it). */
export function dateTime(at: Date, zone: string): string {
  return `${dayDate(at, zone)}, ${clockTime(at, zone)} ${zoneLongName(at, zone)}`;
}

/** A session's time: `Wed, 25 Nov 2026`, `3:00 pm – 4:00 pm India Standard Time`, and the zone's long name. */
export function sessionTime(start: Date, end: Date, zone: string): { day: string; longDay: string; time: string; zone: string; zoneName: string } {
  const name = zoneLongName(start, zone);
  return {
    day: dayDate(start, zone),
    longDay: longDate(start, zone),
    time: `${clockTime(start, zone)} – ${clockTime(end, zone)} ${name}`,
    zone: name,
    zoneName: name,
  };
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `zone`. */
export function dayIn(at: Date, zone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return dateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The calendar day an instant falls on in the browser's zone, as a date input holds it: `2026-11-24`. */
export function browserDay(at: Date): string {
  return dayIn(at, browserZone());
}

/** A calendar day's (`YYYY-MM-DD`) year, month and day as numbers (1970-01-01 for what is missing). */
function dayNumbers(day: string): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  return [y, m, d];
}

/** A calendar day as the instant it begins in UTC, to write it as a date, not an instant (with `timeZone: "UTC"`). */
function utcMidnight(day: string): Date {
  const [y, m, d] = dayNumbers(day);
  return new Date(Date.UTC(y, m - 1, d));
}

/** The day `n` days after `day` (`YYYY-MM-DD`: calendar arithmetic, no zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = dayNumbers(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** `today`, `tomorrow`, or `on Wed, 25 Nov` for `at` as seen from `now` in `zone`. */
export function dayWord(at: Date, now: Date, zone: string): string {
  const day = dayIn(at, zone);
  if (day === dayIn(now, zone)) return "today";
  if (day === dayIn(new Date(now.getTime() + 86_400_000), zone)) return "tomorrow";
  return `on ${dayDate(at, zone, false)}`;
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

/** How long until `at`, in round words: `45 minutes`, `5 hours`, `3 days`; `less than a minute` at the end. */
export function timeLeft(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  if (ms < 60_000) return "less than a minute";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return hours < 3 && rest > 0 ? `${plural(hours, "hour")} ${plural(rest, "minute")}` : plural(hours, "hour");
  }
  return plural(Math.floor(hours / 24), "day");
}

/** `3:00 pm India Standard Time tomorrow`: a deadline in words, in `zone`. */
export function deadlineWords(at: Date, now: Date, zone: string): string {
  return `${clockTime(at, zone)} ${zoneLongName(at, zone)} ${dayWord(at, now, zone)}`;
}

/** Every IANA zone the browser knows, by current names (one entry per zone), with `extra` kept in. */
export function zoneChoices(extra: readonly string[]): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone").map(currentZoneName) : [];
  const all = new Set<string>([...known, ...Object.values(CURRENT_NAMES), ...extra.filter(Boolean).map(currentZoneName), "UTC"]);
  return [...all].sort();
}

/**
 * A zone as a choice reads: `Kolkata — India Standard Time`,
 * `New York — Eastern Standard Time`, `Coordinated Universal Time` (never
 * `UTC (UTC)`): the place once, then the zone's name when it says more.
 */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const name = isKnownZone(zone) ? zoneLongName(at, zone) : zone;
  const place = (zone.split("/").pop() ?? zone).replace(/_/g, " ");
  if (!zone.includes("/") || name === place || name.startsWith(place)) return name;
  return `${place} — ${name}`;
}

/* ---------- Screens that write times in the viewer's own locale ----------
 *
 * The helpers below came from the screens that wrote them before this file
 * was their home; each keeps its screen's output as it was. Those that take
 * an optional `locale` use the browser's own locale when it is not given
 * (the screen passes none): `9:30 AM` in the United States, `09:30` in
 * Germany. Tests pass one. The Earnings tab's months, days and moments
 * (`monthLabel`, `zonedDayLabel`, `momentLabel`) are the exception: without
 * a locale they read as the booking screens' dates do, in Indian English.
 */

/** The zone when this browser knows it, else `UTC` (formatting in an unknown zone would throw). */
export function safeZone(zone: string | null | undefined): string {
  return zone && isKnownZone(zone) ? zone : "UTC";
}

/**
 * The zone a mentor's own figures are shown in: their saved one (as saved),
 * else the browser's; a zone this browser does not know reads as UTC. The
 * Earnings tab.
 */
export function zoneOrDefault(zone: string | undefined): string {
  return safeZone(zone || browserZone());
}

const DAY_AND_CLOCK: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" };

/**
 * An instant in `zone`, short: `Wed, 25 Nov, 3:30 pm` (an unknown zone
 * reads as UTC; an unreadable instant as it was given). The dashboards'
 * deadlines and requests (user-dashboard's attention banners, the mentor's
 * requests).
 */
export function instantLabel(at: string | Date, zone: string, locale: string = LOCALE): string {
  const date = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  return dateTimeFormat(locale, { ...DAY_AND_CLOCK, timeZone: safeZone(zone) }).format(date);
}

/**
 * A session's time on one line, as the dashboards' cards write it: `Wed, 25
 * Nov, 3:30 – 4:30 pm` (the locale's range: the day once, `pm` once), in
 * `zone` (an unknown zone reads as UTC); the start alone where the browser
 * has no ranges; an unreadable start as it was given. Not `sessionTime`,
 * which the booking screens use (the year, and the zone named after the
 * time, in parts).
 */
export function sessionRange(start: string, end: string, zone: string, locale: string = LOCALE): string {
  const from = new Date(start);
  const to = new Date(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return start;
  const format = dateTimeFormat(locale, { ...DAY_AND_CLOCK, timeZone: safeZone(zone) });
  try {
    return format.formatRange(from, to);
  } catch {
    return format.format(from);
  }
}

function unit(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The time from `now` to `deadline` in the dashboards' short words, rounded
 * down: `2 days 3 h`, `5 h 12 min`, `12 min`, `less than a minute`; null
 * once it has passed (or for an unreadable deadline). The dashboards' cards
 * and banners (user-dashboard, the mentor's requests and schedule). Not
 * `timeLeft`, which the booking screens use (rounded, words in full:
 * `2 hours 5 minutes`).
 */
export function timeLeftShort(deadline: string | Date, now: number): string | null {
  const at = typeof deadline === "string" ? Date.parse(deadline) : deadline.getTime();
  if (!Number.isFinite(at)) return null;
  const ms = at - now;
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${unit(days, "day", "days")} ${hours} h` : unit(days, "day", "days");
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

const clockLabels = new Map<string, string>();

/**
 * A time of day (`HH:MM`, no date, no zone) as the locale writes one: `9:30
 * am`, `09:30`; `24:00` is `Midnight (end of day)`, anything unreadable
 * stays as it is. The availability editor's choices.
 */
export function clockLabel(value: string, locale?: string): string {
  const key = `${locale ?? ""} ${value}`;
  let label = clockLabels.get(key);
  if (label !== undefined) return label;
  const [h = 0, m = 0] = value.split(":").map(Number);
  if (value === "24:00") label = "Midnight (end of day)";
  else if (!Number.isFinite(h) || !Number.isFinite(m)) label = value;
  else label = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, h, m)));
  clockLabels.set(key, label);
  return label;
}

/** A date (`YYYY-MM-DD`) read as a date, not an instant: `Wed, 25 Nov 2026`. The availability editor's dates set apart. */
export function calendarDateLabel(day: string, locale?: string): string {
  return dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(utcMidnight(day));
}

/** A date (`YYYY-MM-DD`) as a day of the week: `Mon, 7 Jan`, or `Monday, 7 January` (`long`). The mentor profile's open times. */
export function calendarDayLabel(day: string, locale?: string, long = false): string {
  return dateTimeFormat(locale, { weekday: long ? "long" : "short", day: "numeric", month: long ? "long" : "short", timeZone: "UTC" }).format(utcMidnight(day));
}

/** Two dates (`YYYY-MM-DD`) as a range, as the locale writes one: `6–12 Jan 2030`. The mentor profile's week of open times. */
export function calendarRangeLabel(first: string, last: string, locale?: string): string {
  return dateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).formatRange(utcMidnight(first), utcMidnight(last));
}

/** A slot as the mentor profile's preview writes it. */
export interface SlotFormat {
  /** `Mon, 23 Nov` in the viewer's locale. */
  day: string;
  /** `9:00 – 10:00 AM`. */
  time: string;
  /** For `<time dateTime>`. */
  iso: string;
}

/** A slot in the viewer's time zone (or `timeZone`), in `locale` (default: Indian English). The mentor profile's next open times. */
export function formatSlot(slot: { start: Date; end: Date }, timeZone?: string, locale: string = LOCALE): SlotFormat {
  const day = dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone });
  const time = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
  return { day: day.format(slot.start), time: time.formatRange(slot.start, slot.end), iso: slot.start.toISOString() };
}

/**
 * The day of an instant as the locale writes a date of medium length (`25
 * Nov 2026` in India, `Nov 25, 2026` in the United States), in `timeZone`
 * (the browser's when none, or one this browser does not know); "" for an
 * unreadable instant. The mentor profile's reviews.
 */
export function mediumDate(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return dateTimeFormat(locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return dateTimeFormat(locale, { dateStyle: "medium" }).format(date);
  }
}

/**
 * A month (`2026-11`, not an instant) as `Nov 2026` or `November 2026`, in
 * Indian English as the booking screens write dates (or `locale`); anything
 * unreadable as it is. The Earnings tab.
 */
export function monthLabel(month: string, style: "short" | "long" = "short", locale: string = LOCALE): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return dateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/**
 * The calendar day an instant falls on in `zone`: `Wed, 25 Nov 2026`, as
 * the booking screens write a day (`dayDate`), or as `locale` writes it
 * when one is given; an unreadable instant as it was given. The Earnings
 * tab and payout details.
 */
export function zonedDayLabel(at: string, zone: string, locale?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  if (locale === undefined) return dayDate(date, zone);
  return dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(date);
}

/**
 * An instant in `zone` as its day, with the time when it is not the start
 * of that day there: `Wed, 25 Nov 2026`, `Tue, 24 Nov 2026, 6:30 pm` (a
 * payout due at midnight in India is the evening before in London, and the
 * date alone would mislead), as the booking screens write them (`dayDate`,
 * `clockTime`) unless `locale` is given. The Earnings tab and payout
 * details.
 */
export function momentLabel(at: string, zone: string, locale?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  // en-GB with a 24-hour clock writes the start of a day as 00:00, whatever the viewer's locale.
  const clock = dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(date);
  if (clock === "00:00") return zonedDayLabel(at, zone, locale);
  const time = locale === undefined ? clockTime(date, zone) : dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(date);
  return `${zonedDayLabel(at, zone, locale)}, ${time}`;
}

/** The calendar day of an instant in `zone`, as a heading: `Wednesday, 25 November`. The mentor's schedule. */
export function dayHeading(at: string, zone: string, locale?: string): string {
  return dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: zone }).format(new Date(at));
}

/** `Wed, 25 Nov` in `zone`, as the locale orders it. The availability editor's preview of open times. */
export function weekdayDayMonth(at: Date, zone: string, locale?: string): string {
  return dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: zone }).format(at);
}

/** `3:30 pm` in `zone`, as the locale writes it (`clockTime` is always Indian English). The availability editor's preview of open times. */
export function localClockTime(at: Date, zone: string, locale?: string): string {
  return dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(at);
}

/** The day of the month and the month's short name in `zone`, apart: `{ day: "25", month: "Nov" }`. The date badge of My bookings' cards. */
export function dateBadge(at: Date, zone: string, locale?: string): { day: string; month: string } {
  return {
    day: dateTimeFormat(locale, { timeZone: zone, day: "numeric" }).format(at),
    month: dateTimeFormat(locale, { timeZone: zone, month: "short" }).format(at),
  };
}

/**
 * An instant in the browser's own locale and zone (or `zone`, when given):
 * `25 Nov 2026, 9:30 am`. The mentor application's status.
 */
export function localDateTime(at: Date, locale?: string, zone?: string): string {
  return dateTimeFormat(locale, zone ? { dateStyle: "medium", timeStyle: "short", timeZone: zone } : { dateStyle: "medium", timeStyle: "short" }).format(at);
}

/**
 * How far `zone`'s wall clock is ahead of UTC at `ms`, in milliseconds
 * (whole seconds of `ms` only): 19 800 000 in India. The mentor profile's
 * slot calendar finds where a day begins with it.
 */
export function zoneOffsetAt(ms: number, zone: string): number {
  // en-US with a 24-hour clock gives plain numbers for every part.
  const parts = dateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * When something happened, as a list of events says it: `just now`,
 * `5 min ago`, `3 h ago` within a day, then the day and time in `zone`
 * (`Wed, 25 Nov, 3:30 pm`).
 */
export function ago(at: Date, now: Date, zone: string): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `${dayDate(at, zone, false)}, ${clockTime(at, zone)}`;
}

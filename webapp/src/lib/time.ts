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

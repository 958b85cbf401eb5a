/**
 * Times on the booking screens: every instant in the viewer's zone (the
 * profile's `time_zone`, else the browser's) with the zone named, and
 * deadlines as words that count down ("until 3:00 PM IST tomorrow, in 5
 * hours"). Display only: when something is allowed is the domain's rule.
 */

const RENAMED: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
};

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone to show times in: the profile's when this browser knows it, else the browser's own. */
export function viewerZone(profileZone?: unknown): string {
  if (typeof profileZone === "string" && profileZone !== "" && isKnownZone(profileZone)) return RENAMED[profileZone] ?? profileZone;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  return RENAMED[own] ?? own;
}

function zonePart(at: Date, zone: string, locale: string, style: "short" | "long"): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/**
 * The zone's short name at `at`: `EST`, `GMT`, and `IST` or `GST` where
 * English in the US only knows an offset (Indian English names them).
 */
export function zoneAbbreviation(at: Date, zone: string): string {
  const us = zonePart(at, zone, "en-US", "short");
  if (!us.startsWith("GMT") || us === "GMT") return us;
  const indian = zonePart(at, zone, "en-IN", "short");
  return indian.startsWith("GMT") ? us : indian;
}

/** The zone's long name (`India Standard Time`). */
export function zoneLongName(at: Date, zone: string): string {
  return zonePart(at, zone, "en-US", "long");
}

function format(at: Date, zone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(undefined, { timeZone: zone, ...options }).format(at);
}

/** `3:00 PM` in `zone`. */
export function clockTime(at: Date, zone: string): string {
  return format(at, zone, { hour: "numeric", minute: "2-digit" });
}

/** `Wed, 25 Nov 2026` in `zone`. */
export function dayDate(at: Date, zone: string, withYear = true): string {
  return format(at, zone, { weekday: "short", day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}) });
}

/** `Wednesday, 25 November 2026` in `zone`. */
export function longDate(at: Date, zone: string): string {
  return format(at, zone, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
}

/** A session's time: `Wed, 25 Nov 2026`, `3:00 PM – 4:00 PM IST`, and the zone's long name. */
export function sessionTime(start: Date, end: Date, zone: string): { day: string; longDay: string; time: string; zone: string; zoneName: string } {
  const abbr = zoneAbbreviation(start, zone);
  return {
    day: dayDate(start, zone),
    longDay: longDate(start, zone),
    time: `${clockTime(start, zone)} – ${clockTime(end, zone)} ${abbr}`,
    zone: abbr,
    zoneName: zoneLongName(start, zone),
  };
}

function calendarDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** `today`, `tomorrow`, or `on Wed, 25 Nov` for `at` as seen from `now` in `zone`. */
export function dayWord(at: Date, now: Date, zone: string): string {
  const day = calendarDay(at, zone);
  if (day === calendarDay(now, zone)) return "today";
  if (day === calendarDay(new Date(now.getTime() + 86_400_000), zone)) return "tomorrow";
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

/** `3:00 PM IST tomorrow`: a deadline in words, in `zone`. */
export function deadlineWords(at: Date, now: Date, zone: string): string {
  return `${clockTime(at, zone)} ${zoneAbbreviation(at, zone)} ${dayWord(at, now, zone)}`;
}

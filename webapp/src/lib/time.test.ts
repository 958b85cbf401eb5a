import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addDays,
  browserDay,
  browserZone,
  calendarDateLabel,
  calendarDayLabel,
  calendarRangeLabel,
  clockLabel,
  clockTime,
  dateBadge,
  dateTime,
  dayDate,
  dayHeading,
  dayIn,
  deadlineWords,
  formatSlot,
  instantLabel,
  localClockTime,
  localDateTime,
  longDate,
  mediumDate,
  momentLabel,
  monthLabel,
  safeZone,
  sameZone,
  sessionRange,
  sessionTime,
  timeLeft,
  timeLeftShort,
  viewerZone,
  weekdayDayMonth,
  zonedDayLabel,
  zoneAction,
  zoneChoices,
  zoneLabel,
  zoneLongName,
  zoneOffsetAt,
  zoneOrDefault,
} from "./time";

/** Makes this browser say it is in `zone` (as Chrome in India says Asia/Calcutta). */
function deviceIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

// Fixed instants: a northern winter (and southern summer) day, and a northern summer one.
const WINTER = new Date("2026-11-25T10:00:00Z");
const SUMMER = new Date("2026-07-01T10:00:00Z");

describe("times read in Indian English with the zone's long name", () => {
  it("names zones in full, summer and winter, north and south", () => {
    expect(zoneLongName(WINTER, "Asia/Kolkata")).toBe("India Standard Time");
    expect(zoneLongName(SUMMER, "Asia/Kolkata")).toBe("India Standard Time");
    expect(zoneLongName(WINTER, "Europe/London")).toBe("Greenwich Mean Time");
    expect(zoneLongName(SUMMER, "Europe/London")).toBe("British Summer Time");
    expect(zoneLongName(WINTER, "America/New_York")).toBe("Eastern Standard Time");
    expect(zoneLongName(SUMMER, "America/New_York")).toBe("Eastern Daylight Time");
    expect(zoneLongName(WINTER, "Australia/Sydney")).toBe("Australian Eastern Daylight Time");
    expect(zoneLongName(SUMMER, "Australia/Sydney")).toBe("Australian Eastern Standard Time");
    expect(zoneLongName(WINTER, "UTC")).toBe("Coordinated Universal Time");
  });

  it("writes a moment as the e-mails do", () => {
    expect(dateTime(WINTER, "Asia/Kolkata")).toBe("Wed, 25 Nov 2026, 3:30 pm India Standard Time");
    expect(dateTime(WINTER, "UTC")).toBe("Wed, 25 Nov 2026, 10:00 am Coordinated Universal Time");
    expect(dateTime(SUMMER, "America/New_York")).toBe("Wed, 1 Jul 2026, 6:00 am Eastern Daylight Time");
    // Across midnight the day is the zone's, not UTC's.
    expect(dayDate(new Date("2026-11-25T19:00:00Z"), "Asia/Kolkata")).toBe("Thu, 26 Nov 2026");
    expect(dayDate(WINTER, "Asia/Kolkata", false)).toBe("Wed, 25 Nov");
    expect(longDate(WINTER, "Asia/Kolkata")).toBe("Wednesday, 25 November 2026");
    expect(clockTime(new Date("2026-11-25T18:30:00Z"), "Asia/Kolkata")).toBe("12:00 am");
  });

  it("gives a session one zone: the slot grid's 6:00 pm is the review's 6:00 pm", () => {
    const start = new Date("2026-11-25T12:30:00Z");
    const end = new Date("2026-11-25T13:30:00Z");
    const when = sessionTime(start, end, "Asia/Kolkata");
    expect(when.day).toBe("Wed, 25 Nov 2026");
    expect(when.time).toBe("6:00 pm – 7:00 pm India Standard Time");
    expect(when.zoneName).toBe("India Standard Time");
    expect(clockTime(start, "Asia/Kolkata")).toBe("6:00 pm");
  });

  it("words a deadline in the zone", () => {
    const now = new Date("2026-11-25T04:00:00Z"); // 9:30 am in India
    expect(deadlineWords(new Date("2026-11-25T10:00:00Z"), now, "Asia/Kolkata")).toBe("3:30 pm India Standard Time today");
    expect(deadlineWords(new Date("2026-11-26T10:00:00Z"), now, "Asia/Kolkata")).toBe("3:30 pm India Standard Time tomorrow");
    expect(deadlineWords(new Date("2026-11-28T10:00:00Z"), now, "Europe/London")).toBe("10:00 am Greenwich Mean Time on Sat, 28 Nov");
  });
});

describe("whose zone", () => {
  it("shows a signed-in person their account's zone, whatever the device", () => {
    deviceIn("America/New_York");
    expect(viewerZone({ time_zone: "Asia/Kolkata", time_zone_chosen: true })).toBe("Asia/Kolkata");
    expect(viewerZone({ time_zone: "Asia/Calcutta" })).toBe("Asia/Kolkata");
  });

  it("shows a guest the browser's zone, by its current name", () => {
    deviceIn("Asia/Calcutta");
    expect(browserZone()).toBe("Asia/Kolkata");
    expect(viewerZone(null)).toBe("Asia/Kolkata");
    expect(viewerZone(undefined)).toBe("Asia/Kolkata");
    // A zone this browser does not know falls back to the device's.
    expect(viewerZone({ time_zone: "Mars/Olympus" })).toBe("Asia/Kolkata");
  });

  it("tells one zone under two names", () => {
    expect(sameZone("Asia/Calcutta", "Asia/Kolkata")).toBe(true);
    expect(sameZone("UTC", "Etc/UTC")).toBe(true);
    expect(sameZone("Asia/Kolkata", "Asia/Dubai")).toBe(false);
  });
});

describe("zoneAction: first sign-in adopts, later a different device offers", () => {
  it("adopts the device's zone for an account that never chose one", () => {
    expect(zoneAction({ time_zone: "UTC", time_zone_chosen: false }, "Asia/Calcutta", null)).toEqual({ type: "adopt", zone: "Asia/Kolkata" });
  });

  it("offers the switch when a chosen zone differs from the device's", () => {
    expect(zoneAction({ time_zone: "UTC", time_zone_chosen: true }, "Asia/Kolkata", null)).toEqual({ type: "offer", zone: "Asia/Kolkata", current: "UTC" });
  });

  it("says nothing when they agree, once declined for that zone, or for a guest", () => {
    expect(zoneAction({ time_zone: "Asia/Kolkata", time_zone_chosen: true }, "Asia/Calcutta", null)).toEqual({ type: "none" });
    expect(zoneAction({ time_zone: "UTC", time_zone_chosen: true }, "Asia/Kolkata", "Asia/Kolkata")).toEqual({ type: "none" });
    expect(zoneAction(null, "Asia/Kolkata", null)).toEqual({ type: "none" });
    // Declined for one zone, the device moved on: offered again.
    expect(zoneAction({ time_zone: "UTC", time_zone_chosen: true }, "Europe/London", "Asia/Kolkata").type).toBe("offer");
  });
});

describe("zone choices", () => {
  it("labels a zone once, never 'UTC (UTC)'", () => {
    expect(zoneLabel("UTC", WINTER)).toBe("Coordinated Universal Time");
    expect(zoneLabel("Asia/Kolkata", WINTER)).toBe("Kolkata — India Standard Time");
    expect(zoneLabel("America/New_York", SUMMER)).toBe("New York — Eastern Daylight Time");
    expect(zoneLabel("Etc/UTC", WINTER)).not.toMatch(/\(UTC\)/);
  });

  it("lists each zone once, by its current name", () => {
    const zones = zoneChoices(["Asia/Calcutta", "UTC"]);
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
    expect(new Set(zones).size).toBe(zones.length);
  });
});

/**
 * The text with ICU's thin and narrow no-break spaces as plain ones: the
 * browser's Intl puts them in ranges and before `am`/`pm` (which ones
 * depends on its ICU version); a reader sees a space either way.
 */
function plain(text: string | null): string | null {
  return text === null ? null : text.replace(/[\u2009\u202f\u00a0]/g, " ");
}

describe("the dashboards' times (Indian English unless a locale is given)", () => {
  it("knows a zone or reads it as UTC", () => {
    expect(safeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(safeZone("Mars/Olympus")).toBe("UTC");
    expect(safeZone("")).toBe("UTC");
    expect(safeZone(null)).toBe("UTC");
    expect(safeZone(undefined)).toBe("UTC");
  });

  it("writes an instant short, in the zone", () => {
    expect(plain(instantLabel(WINTER, "Asia/Kolkata"))).toBe("Wed, 25 Nov, 3:30 pm");
    expect(plain(instantLabel("2026-11-25T10:00:00Z", "America/New_York"))).toBe("Wed, 25 Nov, 5:00 am");
    expect(plain(instantLabel(WINTER, "Mars/Olympus"))).toBe("Wed, 25 Nov, 10:00 am");
    expect(plain(instantLabel(WINTER, "America/New_York", "en-US"))).toBe("Wed, Nov 25, 5:00 AM");
    expect(instantLabel("not a date", "Asia/Kolkata")).toBe("not a date");
  });

  it("writes a session on one line, the day once", () => {
    const end = "2026-11-25T11:00:00Z";
    expect(plain(sessionRange("2026-11-25T10:00:00Z", end, "Asia/Kolkata"))).toBe("Wed, 25 Nov, 3:30 – 4:30 pm");
    expect(plain(sessionRange("2026-11-25T10:00:00Z", end, "America/New_York"))).toBe("Wed, 25 Nov, 5:00 – 6:00 am");
    expect(plain(sessionRange("2026-11-25T10:00:00Z", end, "America/New_York", "en-US"))).toBe("Wed, Nov 25, 5:00 – 6:00 AM");
    // Across midnight in the zone, both days.
    expect(plain(sessionRange("2026-11-25T18:00:00Z", "2026-11-25T19:00:00Z", "Asia/Kolkata"))).toBe("Wed, 25 Nov, 11:30 pm – Thu, 26 Nov, 12:30 am");
    expect(plain(sessionRange("2026-11-25T10:00:00Z", end, "Mars/Olympus"))).toBe("Wed, 25 Nov, 10:00 – 11:00 am");
    expect(sessionRange("soon", end, "Asia/Kolkata")).toBe("soon");
  });

  it("says the time left short and rounded down, and nothing once it has passed", () => {
    const now = WINTER.getTime();
    const later = (minutes: number) => new Date(now + minutes * 60_000);
    expect(timeLeftShort(later(0.5), now)).toBe("less than a minute");
    expect(timeLeftShort(later(12.9), now)).toBe("12 min");
    expect(timeLeftShort(later(60), now)).toBe("1 h");
    expect(timeLeftShort(later(5 * 60 + 12), now)).toBe("5 h 12 min");
    expect(timeLeftShort(later(24 * 60), now)).toBe("1 day");
    expect(timeLeftShort(later(2 * 24 * 60 + 3 * 60 + 59), now)).toBe("2 days 3 h");
    expect(timeLeftShort("2026-11-25T10:45:00Z", now)).toBe("45 min");
    expect(timeLeftShort(WINTER, now)).toBeNull();
    expect(timeLeftShort(later(-5), now)).toBeNull();
    expect(timeLeftShort("never", now)).toBeNull();
  });

  it("differs from the booking screens' timeLeft, which rounds and writes words in full", () => {
    const now = WINTER;
    const at = new Date(now.getTime() + (2 * 60 + 5) * 60_000 + 40_000);
    expect(timeLeftShort(at, now.getTime())).toBe("2 h 5 min");
    expect(timeLeft(at, now)).toBe("2 hours 6 minutes");
  });

  it("writes the booking screens' session and the dashboards' differently", () => {
    const start = new Date("2026-11-25T10:00:00Z");
    const end = new Date("2026-11-25T11:00:00Z");
    expect(sessionTime(start, end, "Asia/Kolkata").time).toBe("3:30 pm – 4:30 pm India Standard Time");
    expect(plain(sessionRange(start.toISOString(), end.toISOString(), "Asia/Kolkata"))).toBe("Wed, 25 Nov, 3:30 – 4:30 pm");
  });
});

describe("times in the viewer's locale (the browser's unless one is given)", () => {
  it("writes a time of day, the end of the day in words", () => {
    expect(plain(clockLabel("09:30", "en-US"))).toBe("9:30 AM");
    expect(clockLabel("09:30", "en-GB")).toBe("9:30");
    expect(plain(clockLabel("21:45", "en-IN"))).toBe("9:45 pm");
    expect(clockLabel("24:00", "en-US")).toBe("Midnight (end of day)");
    expect(clockLabel("later", "en-US")).toBe("later");
    // The browser's own locale when none is given: as that locale writes it.
    expect(clockLabel("09:30")).toBe(localClockTime(new Date("2000-01-01T09:30:00Z"), "UTC"));
  });

  it("writes a date as a date, whatever the zone", () => {
    expect(calendarDateLabel("2026-11-25", "en-GB")).toBe("Wed, 25 Nov 2026");
    expect(calendarDateLabel("2026-11-25", "en-US")).toBe("Wed, Nov 25, 2026");
  });

  it("writes a month", () => {
    expect(monthLabel("2026-11", "short", "en-US")).toBe("Nov 2026");
    expect(monthLabel("2026-11", "long", "en-GB")).toBe("November 2026");
    expect(monthLabel("soon")).toBe("soon");
  });

  it("writes an instant's day in the zone", () => {
    const evening = "2026-11-25T19:00:00Z";
    expect(zonedDayLabel(evening, "Asia/Kolkata", "en-GB")).toBe("Thu, 26 Nov 2026");
    expect(zonedDayLabel(evening, "America/New_York", "en-GB")).toBe("Wed, 25 Nov 2026");
    expect(zonedDayLabel(evening, "America/New_York", "en-US")).toBe("Wed, Nov 25, 2026");
    expect(zonedDayLabel("soon", "Asia/Kolkata")).toBe("soon");
  });

  it("writes a moment as its day, with the time unless it is the day's start", () => {
    // Midnight in India: the day alone there; the evening before, with its time, in New York.
    expect(momentLabel("2026-11-25T18:30:00Z", "Asia/Kolkata", "en-GB")).toBe("Thu, 26 Nov 2026");
    expect(plain(momentLabel("2026-11-25T18:30:00Z", "America/New_York", "en-US"))).toBe("Wed, Nov 25, 2026, 1:30 PM");
    expect(momentLabel("2026-11-29T18:30:00Z", "Europe/London", "en-GB")).toBe("Sun, 29 Nov 2026, 18:30");
    expect(momentLabel("soon", "Asia/Kolkata")).toBe("soon");
  });

  it("writes the Earnings tab's dates as the booking screens do when no locale is given", () => {
    const evening = "2026-11-25T19:00:00Z";
    expect(zonedDayLabel(evening, "Asia/Kolkata")).toBe(dayDate(new Date(evening), "Asia/Kolkata"));
    expect(zonedDayLabel(evening, "Asia/Kolkata")).toBe("Thu, 26 Nov 2026");
    expect(momentLabel("2026-11-25T18:30:00Z", "Asia/Kolkata")).toBe("Thu, 26 Nov 2026");
    expect(plain(momentLabel("2026-11-29T18:30:00Z", "Europe/London"))).toBe("Sun, 29 Nov 2026, 6:30 pm");
    expect(monthLabel("2026-11", "long")).toBe("November 2026");
  });

  it("writes the mentor profile's days, weeks, slots and review dates", () => {
    expect(calendarDayLabel("2030-01-07", "en-GB")).toBe("Mon 7 Jan");
    expect(calendarDayLabel("2030-01-07", "en-IN", true)).toBe("Monday, 7 January");
    expect(plain(calendarRangeLabel("2030-01-06", "2030-01-12", "en-GB"))).toBe("6 – 12 Jan 2030");
    const slot = formatSlot({ start: WINTER, end: new Date(WINTER.getTime() + 3_600_000) }, "Asia/Kolkata");
    expect(slot.day).toBe("Wed, 25 Nov");
    expect(plain(slot.time)).toBe("3:30 – 4:30 pm");
    expect(slot.iso).toBe(WINTER.toISOString());
    expect(mediumDate("2026-11-25T19:00:00Z", "en-GB", "Asia/Kolkata")).toBe("26 Nov 2026");
    expect(mediumDate("2026-11-25T19:00:00Z", "en-GB", "Not/AZone")).toBe(mediumDate("2026-11-25T19:00:00Z", "en-GB"));
    expect(mediumDate("soon")).toBe("");
  });

  it("writes the schedule's day headings in the zone", () => {
    expect(dayHeading("2026-11-25T19:00:00Z", "Asia/Kolkata", "en-US")).toBe("Thursday, November 26");
    expect(dayHeading("2026-11-25T19:00:00Z", "America/New_York", "en-GB")).toBe("Wednesday 25 November");
  });

  it("writes the preview's days and times in the zone", () => {
    expect(weekdayDayMonth(WINTER, "Asia/Kolkata", "en-US")).toBe("Wed, Nov 25");
    expect(weekdayDayMonth(new Date("2026-11-26T03:00:00Z"), "America/New_York", "en-GB")).toBe("Wed 25 Nov");
    expect(plain(localClockTime(WINTER, "Asia/Kolkata", "en-US"))).toBe("3:30 PM");
    expect(localClockTime(WINTER, "America/New_York", "en-GB")).toBe("5:00");
  });

  it("gives a card's date badge in the zone", () => {
    expect(dateBadge(WINTER, "Asia/Kolkata", "en-US")).toEqual({ day: "25", month: "Nov" });
    expect(dateBadge(new Date("2026-03-01T03:00:00Z"), "America/New_York", "en-GB")).toEqual({ day: "28", month: "Feb" });
  });

  it("writes an instant with its date and time", () => {
    expect(plain(localDateTime(WINTER, "en-GB", "Asia/Kolkata"))).toBe("25 Nov 2026, 15:30");
    expect(plain(localDateTime(WINTER, "en-US", "America/New_York"))).toBe("Nov 25, 2026, 5:00 AM");
    expect(plain(localDateTime(WINTER, "en-IN", "Asia/Kolkata"))).toBe("25 Nov 2026, 3:30 pm");
  });
});

describe("the zone of a mentor's own figures", () => {
  it("is the saved zone, else the browser's, and UTC for one this browser does not know", () => {
    deviceIn("Europe/London");
    expect(zoneOrDefault("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(zoneOrDefault(undefined)).toBe("Europe/London");
    expect(zoneOrDefault("Not/AZone")).toBe("UTC");
  });
});

describe("calendar arithmetic in a zone", () => {
  it("finds the day an instant falls on", () => {
    expect(dayIn(new Date("2026-11-25T19:00:00Z"), "Asia/Kolkata")).toBe("2026-11-26");
    expect(dayIn(new Date("2026-11-25T19:00:00Z"), "America/New_York")).toBe("2026-11-25");
  });

  it("finds the day in the browser's zone, as a date input holds it", () => {
    deviceIn("America/New_York");
    expect(browserDay(new Date("2026-11-25T03:00:00Z"))).toBe("2026-11-24");
  });

  it("adds days to a date across months and years", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 7)).toBe("2027-01-07");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("knows how far a zone's clock is ahead of UTC, summer and winter", () => {
    expect(zoneOffsetAt(WINTER.getTime(), "Asia/Kolkata")).toBe(5.5 * 3_600_000);
    expect(zoneOffsetAt(WINTER.getTime(), "America/New_York")).toBe(-5 * 3_600_000);
    expect(zoneOffsetAt(SUMMER.getTime(), "America/New_York")).toBe(-4 * 3_600_000);
    expect(zoneOffsetAt(WINTER.getTime() + 999, "UTC")).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import {
  browserZone,
  clockTime,
  dateTime,
  dayDate,
  deadlineWords,
  longDate,
  sameZone,
  sessionTime,
  viewerZone,
  zoneAction,
  zoneChoices,
  zoneLabel,
  zoneLongName,
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

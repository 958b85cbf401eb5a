import { describe, expect, it } from "vitest";
import {
  COUNT_UP_MS,
  countUpFraction,
  countUpStats,
  countUpValue,
  formatMentors,
  formatPercent,
  formatRating,
  heroFigures,
  parseSiteStats,
  type SiteStats,
} from "./stats";

const FULL: SiteStats = {
  mentors: 150,
  rated_mentors: 140,
  average_rating: 4.8,
  completed_sessions: 1520,
  positive_feedback_percent: 98,
  countries: 12,
};

/** What the demo catalogue's database can say today: no feedback, no countries. */
const PARTIAL: SiteStats = {
  mentors: 65,
  rated_mentors: 60,
  average_rating: 4.5,
  completed_sessions: 0,
  positive_feedback_percent: null,
  countries: null,
};

describe("the stats formats (SPEC §2: 150+, 4.8/5, 98%, <24h)", () => {
  it("writes mentors with a plus, the rating to one decimal out of 5 and percentages whole", () => {
    expect(formatMentors(65)).toBe("65+");
    expect(formatMentors(150)).toBe("150+");
    expect(formatRating(4.8)).toBe("4.8/5");
    expect(formatRating(4.5)).toBe("4.5/5");
    expect(formatRating(4)).toBe("4.0/5");
    expect(formatPercent(98)).toBe("98%");
    expect(formatPercent(97.6)).toBe("98%");
  });
});

describe("the count-up band's figures", () => {
  it("shows every figure in spec order when the database has them all", () => {
    const items = countUpStats(FULL);
    expect(items.map((i) => i.id)).toEqual(["mentors", "rating", "positive", "response"]);
    expect(items.map((i) => i.final)).toEqual(["150+", "4.8/5", "98%", "<24h"]);
    expect(items.map((i) => i.label)).toEqual(["Active mentors", "Average rating", "Positive response", "Average response time"]);
  });

  it("hides a figure the database does not have rather than inventing one", () => {
    const items = countUpStats(PARTIAL);
    expect(items.map((i) => i.final)).toEqual(["65+", "4.5/5", "<24h"]);
    expect(items.some((i) => i.id === "positive")).toBe(false);
  });

  it("hides the rating while no mentor is rated, and the mentors while there are none", () => {
    const items = countUpStats({ ...PARTIAL, mentors: 0, rated_mentors: 0, average_rating: null });
    expect(items.map((i) => i.id)).toEqual(["response"]);
  });

  it("keeps only the fixed response time without stats", () => {
    expect(countUpStats(undefined).map((i) => i.final)).toEqual(["<24h"]);
  });
});

describe("the hero's stat cards", () => {
  it("show only figures from the database", () => {
    expect(heroFigures(PARTIAL).map((f) => [f.id, f.value])).toEqual([
      ["mentors", "65"],
      ["rating", "4.5/5"],
    ]);
    expect(heroFigures(FULL).map((f) => f.value)).toEqual(["150", "4.8/5", "1,520", "98%", "12"]);
    expect(heroFigures(undefined)).toEqual([]);
  });
});

describe("parsing GET /api/stats/", () => {
  it("accepts the documented shape, nulls included", () => {
    expect(parseSiteStats({ ...PARTIAL })).toEqual(PARTIAL);
    expect(parseSiteStats({ ...FULL })).toEqual(FULL);
  });

  it("refuses anything else", () => {
    expect(parseSiteStats(null)).toBeUndefined();
    expect(parseSiteStats([])).toBeUndefined();
    expect(parseSiteStats({ ...PARTIAL, mentors: "65" })).toBeUndefined();
    expect(parseSiteStats({ ...PARTIAL, average_rating: undefined })).toBeUndefined();
    expect(parseSiteStats({ ...PARTIAL, mentors: -1 })).toBeUndefined();
  });

  it("treats an impossible rating or percentage as unknown", () => {
    expect(parseSiteStats({ ...FULL, average_rating: 7 })?.average_rating).toBeNull();
    expect(parseSiteStats({ ...FULL, positive_feedback_percent: 140 })?.positive_feedback_percent).toBeNull();
  });
});

describe("the count-up timing", () => {
  it("lasts 2000 ms, starting at 0 and ending exactly on the target", () => {
    expect(COUNT_UP_MS).toBe(2000);
    expect(countUpFraction(0)).toBe(0);
    expect(countUpFraction(1000)).toBeGreaterThan(0.5);
    expect(countUpFraction(1999)).toBeLessThan(1);
    expect(countUpFraction(2000)).toBe(1);
    expect(countUpFraction(5000)).toBe(1);
    expect(countUpValue(65, 1)).toBe(65);
    expect(countUpValue(4.5, 0.5)).toBeCloseTo(2.25);
  });

  it("only ever rises", () => {
    let last = -1;
    for (let t = 0; t <= 2000; t += 16) {
      const f = countUpFraction(t);
      expect(f).toBeGreaterThanOrEqual(last);
      last = f;
    }
  });
});

import { describe, expect, it } from "vitest";
import { cardLabels, matchRoute, parseMentorSegment, routes } from "./domain";

describe("cardLabels from the domain module", () => {
  it("labels a free mentor with the free-trial badge and no rupee amount", () => {
    const labels = cardLabels(7, "Asha Rao", 4.2, 6, 0);
    expect(labels).toEqual({
      priceLabel: "✨ Free Trial Session",
      ratingLabel: "4.2",
      experienceLabel: "6+ Years",
      path: "/mentors/7-asha-rao",
    });
    expect(labels.badge).toBeUndefined();
  });

  it("groups a ₹1,00,000 price the Indian way, per session", () => {
    const labels = cardLabels(12, "Vikram Menon", 4.0, 3, 100000);
    expect(labels.priceLabel).toBe("₹1,00,000/session");
  });

  it("keeps paise of a fractional price", () => {
    expect(cardLabels(1, "A", 4, 1, 1499.5).priceLabel).toBe("₹1,499.50/session");
  });

  it("gives Top Mentor to a rating of 4.51 and shows it to one decimal", () => {
    const labels = cardLabels(3, "Dr. K. S. Iyer", 4.51, 2, 999);
    expect(labels.badge).toBe("Top Mentor");
    expect(labels.ratingLabel).toBe("4.5");
    expect(labels.path).toBe("/mentors/3-dr-k-s-iyer");
  });

  it("gives PRO to a long-serving mentor rated 4.5 or less", () => {
    expect(cardLabels(4, "B", 4.5, 11, 0).badge).toBe("PRO");
  });

  it("throws for input no mentor can have", () => {
    expect(() => cardLabels(1.5, "A", 4, 1, 0)).toThrow();
    expect(() => cardLabels(1, "A", 4, 1, -1)).toThrow();
  });
});

describe("the route table", () => {
  it("lists the spec's screens with who may see them", () => {
    const table = routes();
    expect(table.length).toBeGreaterThanOrEqual(43);
    expect(table).toContainEqual({ pattern: "/", access: "public" });
    expect(table).toContainEqual({ pattern: "/auth/login", access: "guestOnly" });
    expect(table).toContainEqual({ pattern: "/dashboard/admin", access: "loginRequired" });
  });

  it("matches mentor pages only with an id", () => {
    expect(matchRoute("/mentors/42-asha-rao")?.pattern).toBe("/mentors/:idSlug");
    expect(matchRoute("/mentors/asha")).toBeUndefined();
    expect(matchRoute("/no-such-page")).toBeUndefined();
    expect(parseMentorSegment("42-asha-rao")).toBe(42);
  });
});

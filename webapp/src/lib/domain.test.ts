import { beforeAll, describe, expect, it } from "vitest";
import {
  applicationLimits,
  bookingFormLimits,
  checkBookingText,
  checkApplication,
  checkAvailability,
  checkProfile,
  checkService,
  commissionSplit,
  loadDashboardRules,
  loadMentoringRules,
  mentorCategories,
  profileCompleteness,
  previewSlots,
  afterFailure,
  afterRefresh,
  afterResponse,
  arrangeExplorer,
  badgeLabel,
  cacheState,
  cardLabels,
  checkNewPassword,
  chooseCategory,
  explorerCategories,
  explorerLimit,
  faqCollapsedCount,
  faqPreview,
  faqReadToggleLabel,
  faqShowMoreLabel,
  faqToggle,
  fetchPolicy,
  googleLoginError,
  inlinePasswordMismatch,
  loadOnDemand,
  loadPasswordRules,
  loginFailureMessage,
  logoutDestination,
  matchRoute,
  parseMentorResponse,
  parseMentorSegment,
  passwordStrength,
  priceLabel,
  ratingLabel,
  rotationIndex,
  rotationIntervalMs,
  routes,
  seedIsStale,
  sessionDue,
  sessionKeys,
  sessionTimers,
  storageKeys,
  type Mentor,
} from "./domain";

describe("cardLabels from the domain module", () => {
  it("labels a free mentor with the free-trial badge and no rupee amount", () => {
    const labels = cardLabels(7, "Asha Rao", 4.2, 23, 6, 0);
    expect(labels).toEqual({
      priceLabel: "✨ Free Trial Session",
      ratingLabel: "4.2",
      reviewsLabel: "23 reviews",
      experienceLabel: "6+ Years",
      path: "/mentors/7-asha-rao",
    });
    expect(labels.badge).toBeUndefined();
  });

  it("groups a ₹1,00,000 price the Indian way, per session", () => {
    const labels = cardLabels(12, "Vikram Menon", 4.0, 5, 3, 100000);
    expect(labels.priceLabel).toBe("₹1,00,000/session");
  });

  it("keeps paise of a fractional price", () => {
    expect(cardLabels(1, "A", 4, 1, 1, 1499.5).priceLabel).toBe("₹1,499.50/session");
  });

  it("gives Top Mentor to a rating of 4.51 and shows it to one decimal", () => {
    const labels = cardLabels(3, "Dr. K. S. Iyer", 4.51, 9, 2, 999);
    expect(labels.badge).toBe("Top Mentor");
    expect(labels.ratingLabel).toBe("4.5");
    expect(labels.path).toBe("/mentors/3-dr-k-s-iyer");
  });

  it("gives PRO to a long-serving mentor rated 4.5 or less", () => {
    expect(cardLabels(4, "B", 4.5, 9, 11, 0).badge).toBe("PRO");
  });

  it("shows New with no badge for a mentor without reviews, whatever the stored rating", () => {
    const labels = cardLabels(4, "B", 4.8, 0, 11, 0);
    expect(labels.ratingLabel).toBe("New");
    expect(labels.reviewsLabel).toBeUndefined();
    expect(labels.badge).toBeUndefined();
  });

  it("throws for input no mentor can have", () => {
    expect(() => cardLabels(1.5, "A", 4, 1, 1, 0)).toThrow();
    expect(() => cardLabels(1, "A", 4, 1, 1, -1)).toThrow();
  });
});

describe("the route table", () => {
  it("lists the spec's screens with who may see them", () => {
    const table = routes();
    expect(table.length).toBeGreaterThanOrEqual(43);
    expect(table).toContainEqual({ pattern: "/", access: "public", rules: "home" });
    expect(table).toContainEqual({ pattern: "/auth/login", access: "guestOnly", rules: "home" });
    expect(table).toContainEqual({ pattern: "/dashboard/admin", access: "loginRequired", rules: "home" });
    // A learner's screen loads the learner's wasm module first (issue 22).
    expect(table).toContainEqual({ pattern: "/my-bookings/:id", access: "loginRequired", rules: "learner" });
  });

  it("matches mentor pages only with an id", () => {
    expect(matchRoute("/mentors/42-asha-rao")?.pattern).toBe("/mentors/:idSlug");
    expect(matchRoute("/mentors/asha")).toBeUndefined();
    expect(matchRoute("/no-such-page")).toBeUndefined();
    expect(parseMentorSegment("42-asha-rao")).toBe(42);
  });
});

describe("the single labels", () => {
  it("prices: free on cards and in the explorer, Indian grouping otherwise", () => {
    expect(priceLabel(0, "card")).toBe("✨ Free Trial Session");
    expect(priceLabel(0, "explorer")).toBe("Free Session");
    expect(priceLabel(12345678, "card")).toBe("₹1,23,45,678/session");
    expect(priceLabel(100000, "explorer")).toBe("₹1,00,000");
    expect(() => priceLabel(-1, "explorer")).toThrow();
  });

  it("ratings: one decimal, New for 0 only in the explorer", () => {
    expect(ratingLabel(4, false)).toBe("4.0");
    expect(ratingLabel(4.86, true)).toBe("4.9");
    expect(ratingLabel(0, true)).toBe("New");
    expect(ratingLabel(0, false)).toBe("0.0");
  });

  it("badges: Top Mentor / TOP above 4.5, PRO for more than 10 years, else none", () => {
    expect(badgeLabel(4.6, 3, 2, false)).toBe("Top Mentor");
    expect(badgeLabel(4.6, 3, 2, true)).toBe("TOP");
    expect(badgeLabel(4.5, 3, 11, true)).toBe("PRO");
    expect(badgeLabel(4.5, 3, 10, true)).toBeUndefined();
  });
});

describe("the mentor list rules", () => {
  it("accepts a JSON array and normalises missing fields", () => {
    const result = parseMentorResponse(200, "OK", "application/json", '[{"id": 7, "expertise": ["Go"], "headline": "Hi"}]');
    expect(result.type).toBe("ok");
    if (result.type !== "ok") return;
    const mentor: Mentor | undefined = result.mentors[0];
    expect(mentor).toMatchObject({ id: 7, name: "", expertise: ["Go"], rating: 0, experience_years: 0, services: [] });
    expect(mentor?.["headline"]).toBe("Hi");
    expect(result.dropped).toBe(0);
  });

  it("drops invalid items and counts them", () => {
    const result = parseMentorResponse(200, "OK", "application/json", '[{"id": 1, "name": "A", "expertise": [], "rating": 4}, {"id": 2, "name": 5}]');
    expect(result).toMatchObject({ type: "ok", dropped: 1 });
  });

  it("gives the spec's messages", () => {
    expect(parseMentorResponse(404, "Not Found", "application/json", "[]")).toEqual({ type: "error", message: "HTTP 404: Not Found" });
    expect(parseMentorResponse(503, "Service Unavailable", null, "")).toEqual({ type: "error", message: "HTTP 503: Service Unavailable" });
    expect(parseMentorResponse(200, "OK", "text/html", "<html>")).toEqual({ type: "error", message: "Invalid response format: Expected JSON" });
    expect(parseMentorResponse(200, "OK", "application/json", '{"results": []}')).toEqual({
      type: "error",
      message: "Invalid API response: Expected array of mentors",
    });
    expect(parseMentorResponse(200, "OK", "application/json", '[1, "x"]')).toEqual({ type: "error", message: "No valid mentor data received from API" });
  });

  it("retries after 1 s, then 2 s, then gives up; never retries a timeout", () => {
    expect(afterFailure(1, false)).toEqual({ type: "retry", delayMs: 1000 });
    expect(afterFailure(2, false)).toEqual({ type: "retry", delayMs: 2000 });
    expect(afterFailure(3, false)).toEqual({ type: "giveUp" });
    expect(afterFailure(1, true)).toEqual({ type: "giveUp" });
    expect(() => afterFailure(0, false)).toThrow("an attempt number must be a whole number of 1 or more, got 0");
  });

  it("ages the cache: fresh, refresh after 4 minutes, expired after 5", () => {
    const t = 1_700_000_000_000;
    expect(cacheState(null, t)).toBe("missing");
    expect(cacheState(t, t + 239_999)).toBe("fresh");
    expect(cacheState(t, t + 240_000)).toBe("refresh");
    expect(cacheState(t, t + 300_000)).toBe("expired");
  });

  it("states the fetch policy of SPEC §9, once", () => {
    expect(fetchPolicy()).toEqual({ requestTimeoutMs: 10_000, maxAttempts: 3, cacheTtlMs: 300_000, refreshAfterMs: 240_000 });
    expect(fetchPolicy()).toBe(fetchPolicy());
    expect(Object.isFrozen(fetchPolicy())).toBe(true);
  });
});

describe("the explorer rules", () => {
  it("lists the eight categories, All first", () => {
    expect(explorerCategories().map((c) => c.name)).toEqual([
      "All Mentors",
      "Technology",
      "Business",
      "Leadership",
      "Management",
      "Marketing",
      "Mental Health",
      "Psychology",
    ]);
  });

  it("shows 16 for All and 12 for a category", () => {
    expect(explorerLimit("all")).toBe(16);
    expect(explorerLimit("technology")).toBe(12);
    expect(() => explorerLimit("All")).toThrow(/unknown category "All"/);
  });

  it("reads the rotation override from storage only when it is sane", () => {
    expect(rotationIntervalMs(null)).toBe(120_000);
    expect(rotationIntervalMs("60000")).toBe(60_000);
    expect(rotationIntervalMs("abc")).toBe(120_000);
    expect(rotationIntervalMs("86400001")).toBe(120_000);
  });

  it("counts rotations since the seed was created", () => {
    expect(rotationIndex(0, 119_999, 120_000)).toBe(0);
    expect(rotationIndex(0, 359_999, 120_000)).toBe(2);
    expect(rotationIndex(1000, 500, 120_000)).toBe(0);
  });

  it("replaces a seed after 4 hours or when the clock moves back", () => {
    const t = 1_700_000_000_000;
    expect(seedIsStale(t, t + 14_399_999)).toBe(false);
    expect(seedIsStale(t, t + 14_400_000)).toBe(true);
    expect(seedIsStale(t, t - 1)).toBe(true);
  });

  it("reshuffles when a visited category is chosen again", () => {
    expect(chooseCategory([], "all", "technology")).toEqual({ clearSeed: false, visited: ["all", "technology"] });
    expect(chooseCategory(["all", "technology"], "technology", "all")).toEqual({ clearSeed: true, visited: ["all", "technology"] });
    expect(chooseCategory(["all", "technology"], "technology", "technology").clearSeed).toBe(false);
  });

  it("arranges the same list for the same seed, and an empty list to nothing", () => {
    const mentors = Array.from({ length: 30 }, (_, i) => ({
      rating: (i % 10) / 2,
      experience_years: i,
      expertise: [i % 2 === 0 ? "Technology" : "Marketing"],
      services: [{ price: i * 100 }],
    }));
    const a = arrangeExplorer(mentors, "all", 7, 0);
    expect(a).toHaveLength(16);
    expect(arrangeExplorer(mentors, "all", 7, 0)).toEqual(a);
    expect(arrangeExplorer(mentors, "technology", 7, 0).length).toBeLessThanOrEqual(12);
    expect(arrangeExplorer([], "all", 7, 0)).toEqual([]);
  });
});

describe("password and FAQ rules", () => {
  it("scores password strength 0-4 with labels", () => {
    expect(passwordStrength("")).toEqual({ score: 0, label: "very weak", strongEnough: false });
    expect(passwordStrength("abcdefgh")).toEqual({ score: 1, label: "weak", strongEnough: false });
    expect(passwordStrength("Abcdefg1")).toMatchObject({ score: 3, label: "strong", strongEnough: true });
    expect(passwordStrength("Abcdefg1!")).toMatchObject({ score: 4, label: "very strong" });
  });

  it("checks a new password on submit and inline", () => {
    expect(checkNewPassword("Mentor2026!", "Mentor2026!")).toEqual({ type: "ok" });
    // The result says which field failed, so the form needs one call.
    expect(checkNewPassword("Mentor2026!", "Mentor2026?")).toEqual({
      type: "error",
      field: "confirmation",
      problem: "mismatch",
      message: "Passwords do not match.",
    });
    expect(checkNewPassword("weakpass", "weakpass")).toEqual({
      type: "error",
      field: "password",
      problem: "tooWeak",
      message: "Please use a stronger password.",
    });
    expect(checkNewPassword("weak", "other")).toMatchObject({ field: "confirmation" });
    expect(inlinePasswordMismatch("secret", "secre")).toBe("Passwords don't match");
    expect(inlinePasswordMismatch("secret", "")).toBeUndefined();
  });

  it("collapses the FAQ to 4 questions, 6 on large screens without touch", () => {
    expect(faqCollapsedCount(1280, false)).toBe(6);
    expect(faqCollapsedCount(1440, true)).toBe(4);
    expect(faqCollapsedCount(375, false)).toBe(4);
  });

  it("labels the Show More button, or hides it", () => {
    expect(faqShowMoreLabel(15, 4)).toBe("Show More Questions (11 more)");
    expect(faqShowMoreLabel(15, 15)).toBeUndefined();
  });

  it("keeps one answer open at a time", () => {
    expect(faqToggle(undefined, 0)).toBe(0);
    expect(faqToggle(0, 0)).toBeUndefined();
    expect(faqToggle(3, 7)).toBe(7);
  });

  it("truncates long answers and labels the toggle", () => {
    expect(faqPreview("Short answer.")).toEqual({ text: "Short answer.", truncated: false });
    const long = faqPreview("word ".repeat(100));
    expect(long.truncated).toBe(true);
    expect(long.text.length).toBeLessThan(310);
    expect(faqReadToggleLabel(false)).toBe("Read More");
    expect(faqReadToggleLabel(true)).toBe("Read Less");
  });
});

describe("session rules", () => {
  const t = 1_700_000_000_000;

  it("refreshes after 55 minutes and logs out after 2 hours", () => {
    expect(sessionTimers(t, null, t)).toEqual({ refreshInMs: 3_300_000, logoutInMs: 7_200_000 });
    expect(sessionDue(t, null, t + 3_299_999)).toBe("ok");
    expect(sessionDue(t, null, t + 3_300_000)).toBe("refresh");
    expect(sessionDue(t, null, t + 7_200_000)).toBe("logout");
  });

  it("refreshes once on 401 and logs out on 403", () => {
    expect(afterResponse(401, false)).toBe("refreshAndRetry");
    expect(afterResponse(401, true)).toBe("logout");
    expect(afterResponse(403, false)).toBe("logout");
    expect(afterResponse(200, false)).toBe("proceed");
    expect(afterRefresh(true)).toBe("retry");
    expect(afterRefresh(false)).toBe("logout");
  });

  it("names the storage keys and where logout goes", () => {
    expect(sessionKeys()).toEqual(["token", "refreshToken", "user", "redirectPath"]);
    expect(storageKeys()).toEqual(["token", "refreshToken", "user", "redirectPath", "profile_complete", "requires_contact_number"]);
    expect(logoutDestination("/dashboard/user")).toBe("/auth/login");
    expect(logoutDestination("/auth/login")).toBeUndefined();
  });

  it("words login failures as the spec does", () => {
    expect(loginFailureMessage()).toBe("Login failed. Please check your credentials and try again.");
    expect(googleLoginError({ kind: "noResponse" })).toBe("Google login failed. No response from authentication server.");
    expect(googleLoginError({ kind: "response", status: 400, body: '{"error": "Token expired"}' })).toBe("Google login failed. Token expired");
    expect(googleLoginError({ kind: "response", status: 500, body: "" })).toBe("Google login failed. Server returned 500");
    expect(googleLoginError({ kind: "other", message: "Network Error" })).toBe("Google login failed: Network Error");
    expect(googleLoginError({ kind: "missingAccess" })).toBe("Invalid response from authentication server");
  });
});

describe("the three wasm modules behind one door", () => {
  it("serves the rules of later screens from the on-demand module under their own names", async () => {
    await expect(loadOnDemand()).resolves.toBeUndefined();
    // Tests load it before the first test; loading again is the same promise's result.
    expect(loadOnDemand()).toBe(loadOnDemand());
    expect(faqReadToggleLabel(true)).toBe("Read Less");
  });

  it("serves the password screens' rules from their own module", async () => {
    await expect(loadPasswordRules()).resolves.toBeUndefined();
    expect(loadPasswordRules()).toBe(loadPasswordRules());
    expect(passwordStrength("Mentor2026!")).toEqual({ score: 4, label: "very strong", strongEnough: true });
    expect(checkNewPassword("Password1", "Password1")).toMatchObject({ problem: "common" });
  });

  it("throws the spec's error for input no caller should pass, from either module", () => {
    expect(() => priceLabel(Number.NaN, "card")).toThrow(Error);
    expect(() => googleLoginError({ kind: "response", status: 99, body: "" })).toThrow(/HTTP status/);
  });
});

describe("the mentors' side (the mentoring module) and the dashboards' module", () => {
  // Neither module is prefetched: their screens await them, as here.
  beforeAll(() => Promise.all([loadMentoringRules(), loadDashboardRules()]));

  it("loads the dashboards' module and the mentoring one once each", async () => {
    await expect(loadDashboardRules()).resolves.toBeUndefined();
    expect(loadDashboardRules()).toBe(loadDashboardRules());
    await expect(loadMentoringRules()).resolves.toBeUndefined();
    expect(loadMentoringRules()).toBe(loadMentoringRules());
  });

  it("gives the forms' limits once, frozen, and the profile checklist with its share done", () => {
    expect(applicationLimits()).toEqual({ maxSessions: 5, durations: [15, 30, 45, 60, 75, 90, 120, 150, 180], bioMin: 50, bioMax: 2000 });
    expect(applicationLimits()).toBe(applicationLimits());
    expect(Object.isFrozen(applicationLimits().durations)).toBe(true);
    const checklist = profileCompleteness({ hasPhoto: true, headline: " ", bio: "Bio", expertise: ["Business"], activeServices: 0, availabilitySaved: false });
    expect(checklist.items.map((i) => [i.id, i.done])).toEqual([
      ["photo", true],
      ["headline", false],
      ["bio", true],
      ["expertise", true],
      ["service", false],
      ["availability", false],
    ]);
    expect(checklist).toMatchObject({ done: 3, total: 6, percent: 50 });
  });

  it("cleans an application or names every problem by its API field", () => {
    const draft = {
      name: " Asha  Rao ",
      email: "Asha@Example.com",
      phone: "+91 98765 43210",
      expertise: ["technology"],
      experience_years: 12,
      current_role: "",
      company: "",
      linkedin: "",
      links: [],
      bio: "I have led product teams at three start-ups and love helping people ship.",
      services: [{ title: "Career chat", description: "", duration_minutes: 30, price_paise: 0 }],
    };
    const ok = checkApplication(draft);
    expect(ok.type).toBe("ok");
    if (ok.type === "ok") expect(ok.value).toMatchObject({ name: "Asha Rao", email: "asha@example.com", phone: "+919876543210", expertise: ["Technology"] });
    const refused = checkApplication({ ...draft, services: [draft.services[0]!, { title: "AB", description: "", duration_minutes: 30, price_paise: 50 }] });
    expect(refused).toEqual({
      type: "error",
      errors: { services: ["Session 2: Give the session a title of 3 to 100 characters.", "Session 2: Set the price in whole rupees, without paise."] },
    });
    // A value of the wrong shape is a programming error: thrown.
    expect(() => checkService({ title: 5 } as never)).toThrow("a service: title must be a string");
  });

  it("checks a profile's entries and a service on its own", () => {
    expect(checkService({ title: "Mock interview", description: "", duration_minutes: 200, price_paise: 0 })).toEqual({
      type: "error",
      errors: { duration_minutes: ["A session lasts from 15 to 180 minutes."] },
    });
    const profile = checkProfile({
      name: "Asha Rao",
      headline: "",
      bio: "I have led product teams at three start-ups and love helping people ship.",
      expertise: ["Business"],
      experience_years: 3,
      education: [{ degree: "", institution: "IIT", year: 2010 }],
      experience: [],
      projects: [],
      social_links: {},
      contact: {},
    });
    expect(profile).toEqual({ type: "error", errors: { education: ["Education 1: Enter the degree or qualification."] } });
  });

  it("splits a price with the commission rounded half up", () => {
    expect(commissionSplit(99_900, 1234)).toEqual({ price_paise: 99_900, commission_paise: 12_328, mentor_paise: 87_572 });
    expect(() => commissionSplit(100, 10_001)).toThrow(Error);
    expect(mentorCategories()).toContain("Freelancing");
    expect(mentorCategories()).not.toContain("All Mentors");
    expect(mentorCategories()).toBe(mentorCategories());
  });

  it("previews slots with dates, across New York's clocks going forward", () => {
    const availability = { time_zone: "America/New_York", weekly: [{ weekday: 6, start: "01:00", end: "04:00" }], booking_window_days: 60 };
    expect(checkAvailability(availability).type).toBe("ok");
    const got = previewSlots(availability, {
      durationMinutes: 60,
      now: new Date("2026-03-01T00:00:00Z"),
      from: new Date("2026-03-08T00:00:00-05:00"),
      to: new Date("2026-03-09T00:00:00-04:00"),
    });
    // 01:00-04:00 on the day 02:00 is skipped: two real hours, 01:00 EST and 03:00 EDT.
    expect(got).toEqual({
      type: "ok",
      value: [
        { start: new Date("2026-03-08T06:00:00Z"), end: new Date("2026-03-08T07:00:00Z") },
        { start: new Date("2026-03-08T07:00:00Z"), end: new Date("2026-03-08T08:00:00Z") },
      ],
    });
    expect(previewSlots({ ...availability, time_zone: "Mars/Olympus" }, { durationMinutes: 60, now: new Date(0), from: new Date(0), to: new Date(86_400_000) })).toMatchObject({ type: "error" });
  });
});

describe("booking forms' limits come from the API's parsers (issue 23)", () => {
  beforeAll(() => loadDashboardRules());

  it("states each limit once, as the crate's forms declare it", () => {
    expect(bookingFormLimits()).toEqual({ note: 1000, reason: 1000, feedback: 2000, statement: 1000, refundReason: 1000 });
  });

  it("answers the message the API would, on the cleaned text", () => {
    expect(checkBookingText("note", "n".repeat(1001))).toEqual({ type: "error", message: "Keep the note to 1000 characters or fewer." });
    expect(checkBookingText("reason", "r".repeat(1000))).toEqual({ type: "ok", value: "r".repeat(1000) });
    expect(checkBookingText("feedback", "  great\r\n ")).toEqual({ type: "ok", value: "great" });
    expect(() => checkBookingText("title", "x")).toThrow();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { resetMentorCache } from "../../lib/api/mentors";
import { HomePage } from "./HomePage";
import { resetSiteStatsForTests } from "./useSiteStats";

const STATS = { mentors: 12, rated_mentors: 6, average_rating: 4.6, completed_sessions: 6, positive_feedback_percent: null, countries: null };

/** name, rating, years, price */
const CATALOGUE: [string, number, number, number][] = [
  ["Asha Rao", 4.5, 10, 1500],
  ["Vikram Shah", 4.9, 6, 2000],
  ["Meera Iyer", 4.9, 20, 0],
  ["Ravi Kumar", 0, 3, 500],
  ["Zara Khan", 4.95, 2, 999],
];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

function stubApi(stats: unknown = STATS) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes("/api/stats/")) return json(stats);
      if (url.includes("/api/mentors/")) {
        return json(
          CATALOGUE.map(([name, rating, years, price], i) => ({
            id: i + 1,
            name,
            expertise: ["Career Growth"],
            rating,
            review_count: rating > 0 ? 9 : 0,
            experience_years: years,
            services: [{ price }],
          })),
        );
      }
      return new Response("not found", { status: 404 });
    }),
  );
}

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage explorer={<section data-testid="explorer">explorer</section>} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetMentorCache();
  resetSiteStatsForTests();
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the home page", () => {
  it("shows its sections in the spec's order", async () => {
    stubApi();
    renderHome();
    await screen.findByTestId("home-faq");
    const order = [
      "home-hero",
      "home-stats",
      "home-about",
      "explorer",
      "home-testimonials",
      "home-recruit",
      "home-steps",
      "home-business",
      "home-elite",
      "home-faq",
    ];
    const sections = order.map((id) => screen.getByTestId(id));
    for (let i = 1; i < sections.length; i++) {
      const previous = sections[i - 1] as HTMLElement;
      const current = sections[i] as HTMLElement;
      expect(previous.compareDocumentPosition(current) & Node.DOCUMENT_POSITION_FOLLOWING, `${order[i - 1]} before ${order[i]}`).toBeTruthy();
    }
  });

  it("has the hero's headline, buttons, topic pills and scroll-down arrow", () => {
    stubApi();
    renderHome();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Accelerate your career with expert mentorship");
    const hero = within(screen.getByTestId("home-hero"));
    expect(hero.getByRole("link", { name: /Find Your Mentor/ }).getAttribute("href")).toBe("/mentors");
    expect(hero.getByRole("link", { name: /Watch 60s intro/ }).getAttribute("href")).toBe("/about");
    const topics = hero.getByRole("list", { name: "Popular topics" });
    expect(topics.textContent).toBe("ProductData & AIDesignCareer GrowthStartup");
    // Each topic is a link to the listing searched for it, not a dead pill.
    const links = within(topics).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/mentors?search=Product",
      "/mentors?search=Data+%26+AI",
      "/mentors?search=Design",
      "/mentors?search=Career+Growth",
      "/mentors?search=Startup",
    ]);
    expect(hero.getByRole("button", { name: /Scroll down/ })).toBeTruthy();
  });

  it("shows only real figures: the hero cards and the band follow GET /api/stats/", async () => {
    stubApi();
    renderHome();
    const cards = await screen.findByTestId("hero-stats");
    await screen.findByTestId("home-faq");
    expect(within(cards).getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual(["12", "4.6/5"]);
    expect(screen.getAllByTestId("stat-final").map((el) => el.textContent)).toEqual(["12+", "4.6/5", "<24h"]);
    // No marketing number anywhere on the page.
    const text = document.body.textContent ?? "";
    for (const invented of ["150+", "4.8/5", "4.9/5", "98%", "1,500+", "92%", "75+"]) expect(text).not.toContain(invented);
  });

  it("shows no figure at all when the stats cannot be loaded", async () => {
    stubApi({ unexpected: true });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderHome();
    await waitFor(() => expect(screen.queryByTestId("hero-stats-loading")).toBeNull());
    expect(screen.queryByTestId("hero-stats")).toBeNull();
    expect(screen.getAllByTestId("stat-final").map((el) => el.textContent)).toEqual(["<24h"]);
  });

  it("shows the 3 highest-rated mentors as cards, ties going to the higher score, with a link to all mentors", async () => {
    stubApi();
    renderHome();
    const elite = within(await screen.findByTestId("home-elite"));
    expect(elite.getByRole("heading", { level: 2 }).textContent).toBe("Our Elite Mentors");
    const cards = await elite.findAllByTestId("mentor-card");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Zara Khan", "Meera Iyer", "Vikram Shah"]);
    expect(cards.map((c) => within(c).getByTestId("rating-label").textContent)).toEqual(["5.0", "4.9", "4.9"]);
    expect(elite.getByRole("link", { name: /Meet all our mentors/ }).getAttribute("href")).toBe("/mentors");
  });

  it("links the about, recruitment and business sections to their pages", async () => {
    stubApi();
    renderHome();
    await screen.findByTestId("home-business");
    expect(within(screen.getByTestId("home-about")).getByRole("link", { name: /Explore Our Mission/ }).getAttribute("href")).toBe("/about");
    const recruit = within(screen.getByTestId("home-recruit"));
    expect(recruit.getByRole("link", { name: /Discover Your Impact/ }).getAttribute("href")).toBe("/why-become-mentor");
    expect(recruit.getByRole("link", { name: /Apply Now/ }).getAttribute("href")).toBe("/become-mentor");
    const business = within(screen.getByTestId("home-business"));
    const hrefs = business.getAllByRole("link").map((a) => a.getAttribute("href"));
    for (const path of ["/b2b/corporate-mentoring", "/b2b/ceo-talks", "/b2b/strategy-consulting", "/b2b/industry-mentoring", "/b2b/startup-entrepreneurship", "/b2b/contact"]) {
      expect(hrefs).toContain(path);
    }
  });

  it("shows two testimonials with every field, initials avatars and safe LinkedIn links", async () => {
    stubApi();
    renderHome();
    const items = await screen.findAllByTestId("testimonial");
    expect(items).toHaveLength(2);
    for (const item of items) {
      const img = item.querySelector("img");
      expect(img?.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
      const link = within(item).getByRole("link", { name: /on LinkedIn/ });
      expect(link.getAttribute("href")).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(within(item).getByRole("img", { name: /Rated 5 out of 5/ })).toBeTruthy();
      expect(item.textContent).toMatch(/Mentored by/);
    }
  });
});

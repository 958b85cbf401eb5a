import { expect, test, type Page } from "@playwright/test";
import { collectErrors, fetchApiMentors, seriousAxeViolations, waitForExplorerCards } from "./helpers";

interface ApiStats {
  mentors: number;
  rated_mentors: number;
  average_rating: number | null;
  completed_sessions: number;
  positive_feedback_percent: number | null;
  countries: number | null;
}

/** Waits until the intro loading screen has come and gone. */
async function waitForIntro(page: Page) {
  await expect(page.getByTestId("intro-loader")).toHaveCount(0, { timeout: 10_000 });
}

test.describe("the home page", () => {
  // The hero's motion and the counting figures, as most visitors see them.
  test.use({ reducedMotion: "no-preference" });
  test("shows its sections in the spec's order", async ({ page }) => {
    await page.goto("/");
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
    const tops: number[] = [];
    for (const id of order) {
      const section = page.getByTestId(id);
      await expect(section, id).toHaveCount(1);
      tops.push(await section.evaluate((el) => el.getBoundingClientRect().top + window.scrollY));
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accelerate your career with expert mentorship");
    const hero = page.getByTestId("home-hero");
    await expect(hero.getByRole("link", { name: "Find Your Mentor" })).toHaveAttribute("href", "/mentors");
    await expect(hero.getByRole("link", { name: "Watch 60s intro" })).toHaveAttribute("href", "/about");
    await expect(hero.getByRole("list", { name: "Popular topics" }).getByRole("listitem")).toHaveText([
      "Product",
      "Data & AI",
      "Design",
      "Career Growth",
      "Startup",
    ]);
    await expect(page.getByTestId("home-about").getByRole("link", { name: "Explore Our Mission" })).toHaveAttribute("href", "/about");
    await expect(page.getByTestId("home-recruit").getByRole("link", { name: "Discover Your Impact" })).toHaveAttribute("href", "/why-become-mentor");
    await expect(page.getByTestId("home-recruit").getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/become-mentor");
    await expect(page.getByTestId("testimonial")).toHaveCount(2);
    await expect(page.getByTestId("home-business").getByRole("link", { name: "Get Custom Quote" })).toHaveAttribute("href", "/b2b/contact");
  });

  test("keeps the document title the server sent, from pages.json", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const served = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(served).toBeTruthy();
    await page.goto("/mentors");
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(served ?? "");
  });

  test("shows the real figures of GET /api/stats/ and counts them up when scrolled to", async ({ page, request }) => {
    const response = await request.get("/api/stats/");
    expect(response.status()).toBe(200);
    const stats = (await response.json()) as ApiStats;
    expect(stats.mentors).toBeGreaterThan(0);

    await page.goto("/");
    const expected = [`${stats.mentors}+`];
    if (stats.average_rating !== null) expected.push(`${stats.average_rating.toFixed(1)}/5`);
    if (stats.positive_feedback_percent !== null) expected.push(`${Math.round(stats.positive_feedback_percent)}%`);
    expected.push("<24h");

    const band = page.getByTestId("home-stats");
    // Screen readers get the final values from the start.
    await expect(band.getByTestId("stat-final")).toHaveText(expected);
    if (stats.positive_feedback_percent === null) await expect(band.getByTestId("stat-positive")).toHaveCount(0);

    // The hero cards carry the same real figures and nothing else.
    const heroCards = page.getByTestId("hero-stats").locator(".hero-stat__value");
    const heroExpected = [String(stats.mentors)];
    if (stats.average_rating !== null) heroExpected.push(`${stats.average_rating.toFixed(1)}/5`);
    if (stats.completed_sessions > 0) heroExpected.push(stats.completed_sessions.toLocaleString("en-IN"));
    if (stats.positive_feedback_percent !== null) heroExpected.push(`${Math.round(stats.positive_feedback_percent)}%`);
    if (stats.countries !== null && stats.countries > 0) heroExpected.push(String(stats.countries));
    await expect(heroCards).toHaveText(heroExpected);

    // Before the band is in view nothing has counted.
    const live = band.locator(".home-stat__live");
    await expect(live.first()).toHaveText("0+");
    await waitForIntro(page);
    const started = Date.now();
    await band.scrollIntoViewIfNeeded();
    await expect(live).toHaveText(expected, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);

    // No marketing number from the old site anywhere on the page.
    const text = await page.locator("body").innerText();
    for (const invented of ["150+", "4.9/5", "1,500+", "500+", "92%", "75+"]) expect(text).not.toContain(invented);
  });

  test("shows the final figures at once with reduced motion", async ({ browser, request }) => {
    const stats = (await (await request.get("/api/stats/")).json()) as ApiStats;
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByTestId("home-stats").locator(".home-stat__live").first()).toHaveText(`${stats.mentors}+`);
    await context.close();
  });

  test("Our Elite Mentors are the 3 highest-rated mentors of GET /api/mentors/", async ({ page, request }) => {
    const mentors = await fetchApiMentors(request);
    // Written independently of the app: rating first, then 60% rating/5 + 40% min(years/20, 1).
    const score = (m: { rating: number; experience_years: number }) => 0.6 * (m.rating / 5) + 0.4 * Math.min(m.experience_years / 20, 1);
    const top = mentors
      .filter((m) => m.rating > 0)
      .map((m, i) => ({ m, i }))
      .sort((a, b) => b.m.rating - a.m.rating || score(b.m) - score(a.m) || a.i - b.i)
      .slice(0, 3)
      .map(({ m }) => m.name);

    await page.goto("/");
    const elite = page.getByTestId("home-elite");
    await expect(elite.getByRole("heading", { level: 2 })).toHaveText("Our Elite Mentors");
    await expect(elite.getByTestId("mentor-card").getByRole("heading", { level: 3 })).toHaveText(top);
    await expect(elite.getByRole("link", { name: "Meet all our mentors" })).toHaveAttribute("href", "/mentors");
  });

  test("the FAQ: 6 questions on a large screen, Show More, one open at a time, Read More / Read Less", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await waitForIntro(page);
    const faq = page.getByTestId("home-faq");
    await expect(faq.getByRole("heading", { level: 2 })).toHaveText("Frequently Asked Questions");
    const items = faq.getByTestId("faq-item");
    await expect(items).toHaveCount(6);

    const more = faq.getByRole("button", { name: "Show More Questions (9 more)" });
    await more.click();
    await expect(items).toHaveCount(15);
    await expect(more).toHaveCount(0);

    const question = (i: number) => items.nth(i).locator(".faq-item__question");
    await question(0).click();
    await expect(question(0)).toHaveAttribute("aria-expanded", "true");
    await expect(items.nth(0).getByTestId("faq-answer")).toBeVisible();
    await question(1).click();
    await expect(question(1)).toHaveAttribute("aria-expanded", "true");
    await expect(question(0)).toHaveAttribute("aria-expanded", "false");
    await expect(items.nth(0).getByTestId("faq-answer")).toBeHidden();
    await expect(faq.locator('.faq-item__question[aria-expanded="true"]')).toHaveCount(1);

    // The refunds answer is long: a preview, then the whole text.
    const refunds = items.filter({ hasText: "How do refunds work?" });
    await refunds.locator(".faq-item__question").click();
    const answer = refunds.locator(".faq-item__answer");
    await expect(answer).not.toContainText("The refund policy has the details.");
    await refunds.getByRole("button", { name: "Read More" }).click();
    await expect(answer).toContainText("The refund policy has the details.");
    await refunds.getByRole("button", { name: "Read Less" }).click();
    await expect(answer).not.toContainText("The refund policy has the details.");

    await expect(faq.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(faq.getByText("Still have questions?")).toBeVisible();
  });

  test("the FAQ shows 4 questions on a phone", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByTestId("faq-item")).toHaveCount(4);
    await expect(page.getByRole("button", { name: "Show More Questions (11 more)" })).toBeVisible();
    await context.close();
  });

  test("emits FAQPage structured data with all 15 questions", async ({ page }) => {
    await page.goto("/");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"][data-testid="faq-jsonld"]').textContent()) ?? "{}") as {
      "@type": string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(15);
    expect(data.mainEntity.every((q) => q.name.endsWith("?") && q.acceptedAnswer.text.length > 80)).toBe(true);
  });

  test("the wave shows only on screens at least 768 px wide", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.locator(".hero__wave")).toBeVisible();
    await page.setViewportSize({ width: 767, height: 800 });
    await expect(page.locator(".hero__wave")).toBeHidden();
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.locator(".hero__wave")).toBeVisible();
  });

  test("the scroll-down arrow brings the figures into view", async ({ page }) => {
    await page.goto("/");
    await waitForIntro(page);
    await page.getByRole("button", { name: "Scroll down to the next section" }).click();
    await expect(page.getByTestId("home-stats")).toBeInViewport();
  });

  test("the header turns solid after scrolling past the viewport height minus 100 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const header = page.locator("header.site-header");
    await expect(header).toHaveClass(/site-header--overlay/);
    await page.evaluate(() => window.scrollTo(0, window.innerHeight - 100 - 20));
    await expect(header).toHaveClass(/site-header--overlay/);
    await page.evaluate(() => window.scrollTo(0, window.innerHeight - 100 + 20));
    await expect(header).toHaveClass(/site-header--solid/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveClass(/site-header--overlay/);
  });

  for (const width of [1280, 375]) {
    test(`has no serious or critical axe violations at ${width} px, with an answer open`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await waitForExplorerCards(page);
      await waitForIntro(page);
      await expect(page.getByTestId("home-elite").getByTestId("mentor-card")).toHaveCount(3);
      await page.getByTestId("faq-item").first().locator(".faq-item__question").click();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test("logs no console errors", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    await waitForExplorerCards(page);
    await waitForIntro(page);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});

test.describe("the intro loading screen", () => {
  test.use({ reducedMotion: "no-preference" });
  test("shows first with its stage texts, lasts at least 2000 ms, then hides", async ({ page }) => {
    // Record, in the page, when the loader appears and when it is gone.
    await page.addInitScript(() => {
      const w = window as unknown as { __intro: { shown?: number; hidden?: number; stages: string[] } };
      w.__intro = { stages: [] };
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="intro-loader"]');
        const stage = document.querySelector('[data-testid="intro-stage"]')?.textContent;
        if (el && w.__intro.shown === undefined) w.__intro.shown = performance.now();
        if (stage && w.__intro.stages.at(-1) !== stage) w.__intro.stages.push(stage);
        if (!el && w.__intro.shown !== undefined && w.__intro.hidden === undefined) w.__intro.hidden = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // The page's clock stands still until the checks below have seen the
    // loader, however long the page takes to load here.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/");
    const loader = page.getByTestId("intro-loader");
    await expect(loader).toBeVisible();
    await expect(loader.getByRole("progressbar", { name: "Loading MentorBridge" })).toBeVisible();
    // The app renders underneath.
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    // Then move the page's clock one loader tick (50 ms) at a time and let
    // React render between ticks (a message-channel turn, which the clock
    // does not fake), so every stage is seen however busy the machine is;
    // with the clock running freely a starved page skips a stage's ticks.
    // Each tick is two round trips to the browser (about 50 of them): on a
    // busy machine that is slow, never wrong, so the test may take longer.
    test.setTimeout(120_000);
    let showing = (await loader.count()) > 0;
    for (let step = 0; step < 200 && showing; step++) {
      await page.clock.runFor(50);
      showing = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(document.querySelector('[data-testid="intro-loader"]') !== null);
            channel.port2.postMessage(null);
          }),
      );
    }

    await waitForIntro(page);
    const intro = await page.evaluate(() => (window as unknown as { __intro: { shown: number; hidden: number; stages: string[] } }).__intro);
    expect(intro.hidden - intro.shown).toBeGreaterThanOrEqual(2000 + 300 - 20);
    expect(intro.stages[0]).toBe("Initializing");
    expect(intro.stages.at(-1)).toBe("Ready to launch");
    expect(intro.stages).toEqual(expect.arrayContaining(["Loading resources", "Preparing UI components", "Almost there"]));
  });

  test("shows once per page load, not on client-side navigation", async ({ page }) => {
    await page.goto("/");
    await waitForIntro(page);
    await page.getByTestId("home-hero").getByRole("link", { name: "Find Your Mentor" }).click();
    await expect(page).toHaveURL(/\/mentors$/);
    await expect(page.getByTestId("intro-loader")).toHaveCount(0);
  });
});

import { expect, test, type Page } from "@playwright/test";
import { collectErrors, expectedSlug, fetchApiMentors } from "./helpers";

/**
 * Issue 22: the server draws the top of the home page, the listing and a
 * mentor's page in the HTML it sends (api/src/web/first_screen.rs), and the
 * app replaces it with its own screen. The two must be the same screen:
 * the same words in the same places, so the swap neither moves nor changes
 * anything a visitor sees.
 */

/**
 * The parts compared on each page, by selector: their words and boxes (the
 * header's box only: the server leaves out its account buttons).
 */
const PARTS: Record<string, string[]> = {
  home: [".site-header", ".logo", ".site-nav", ".hero__eyebrow", ".hero__title", ".hero__lead", ".button-row", ".topic-pills", ".session-card"],
  listing: [".site-header", ".site-nav", ".page-intro .eyebrow", ".page-intro__title", ".page-intro__lead", ".listing-search", ".trust-row"],
  mentor: [".site-header", ".breadcrumb", ".profile-hero__photo", ".profile-badge", ".profile-hero__name", ".profile-hero__headline", ".profile-hero__meta", ".expertise-chips"],
};

interface Part {
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

/** Text and box of each part inside `root` (the first screen or the app's #root). */
async function measure(page: Page, root: string, selectors: string[]): Promise<Record<string, Part | null>> {
  return page.evaluate(
    ({ root, selectors }) => {
      const scope = document.querySelector(root);
      if (!scope) throw new Error(`no ${root}`);
      return Object.fromEntries(
        selectors.map((selector) => {
          const el = scope.querySelector<HTMLElement>(selector);
          if (!el) return [selector, null];
          const r = el.getBoundingClientRect();
          const box = { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
          // The words a visitor sees (none for what is not rendered, such as the phone's hidden nav).
          const text = el.checkVisibility() ? el.innerText : "";
          return [selector, { text: text.replace(/\s+/g, " ").trim(), box }];
        }),
      );
    },
    { root, selectors },
  );
}

/** The server's first screen, as painted with the app's code kept from running. */
async function firstScreen(page: Page, path: string, selectors: string[]) {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto(path);
  await expect(page.locator("#first-screen")).toBeVisible();
  await expect(page.locator("#root")).toBeHidden();
  await page.evaluate(() => document.fonts.ready);
  const parts = await measure(page, "#first-screen", selectors);
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  return parts;
}

/** The app's screen, once it has replaced the first screen. */
async function appScreen(page: Page, path: string, selectors: string[], ready: string) {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  return measure(page, "#root", selectors);
}

const PAGES = [
  { name: "home", path: () => "/", ready: "home-hero" },
  { name: "listing", path: () => "/mentors", ready: "mentor-card" },
  { name: "mentor", path: (slug: string) => slug, ready: "mentor-profile" },
];

for (const width of [375, 1280]) {
  test.describe(`the first screen drawn by the server is the app's (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { name, path, ready } of PAGES) {
      test(`${name} page`, async ({ page, context, request, baseURL }) => {
        // Later pages of a browser session: no intro screen over either.
        await context.addCookies([{ name: "mb_intro", value: "seen", url: baseURL ?? "" }]);
        const errors = collectErrors(page);
        // A mentor with a headline, a badge and expertise, so every part is compared.
        const mentors = (await fetchApiMentors(request)) as ({ headline: string; expertise: string[] } & Awaited<ReturnType<typeof fetchApiMentors>>[number])[];
        const mentor = mentors.find((m) => m.headline && m.expertise.length > 0 && m.review_count > 0 && m.rating >= 4.5);
        expect(mentor, "a rated demo mentor with a headline").toBeDefined();
        const mentorPath = `/mentors/${mentor?.id}-${expectedSlug(mentor?.name ?? "")}`;
        const url = path(mentorPath);

        const selectors = PARTS[name] ?? [];
        const drawn = await firstScreen(page, url, selectors);
        const app = await appScreen(page, url, selectors, ready);
        for (const selector of selectors) {
          expect(drawn[selector], `${selector} drawn by the server`).not.toBeNull();
          expect(app[selector], `${selector} in the app`).not.toBeNull();
          if (selector !== ".site-header") expect(drawn[selector]?.text, `${selector}'s words`).toBe(app[selector]?.text);
          for (const side of ["x", "y", "width", "height"] as const) {
            // Sub-pixel rounding apart, the same place and size.
            expect(Math.abs((drawn[selector]?.box[side] ?? 0) - (app[selector]?.box[side] ?? 0)), `${selector}'s ${side}`).toBeLessThanOrEqual(1);
          }
        }
        // The app's code kept from loading is the one error expected.
        expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
      });
    }
  });
}

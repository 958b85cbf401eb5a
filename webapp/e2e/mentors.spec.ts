import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { collectErrors, expectedPriceLabel, expectedSlug, fetchApiMentors, waitForAnimations, waitForMentorCards, type ApiMentor } from "./helpers";

/** The fields of `GET /api/mentors/` the listing and profile tests look at. */
interface Mentor extends ApiMentor {
  expertise: string[];
  headline: string;
  services: { title: string; price: number; duration_minutes: number }[];
  available_slots: { start: string; end: string }[];
}

async function fetchMentors(request: APIRequestContext): Promise<Mentor[]> {
  return (await fetchApiMentors(request)) as Mentor[];
}

/** The ranking score as SPEC §9 states it, written independently of the app. */
function score(m: Mentor): number {
  return 0.6 * (m.rating / 5) + 0.4 * Math.min(m.experience_years / 20, 1);
}

const priceOf = (m: Mentor) => m.services[0]?.price ?? 0;

/** Every demo mentor lists its category first, so this is the Technology category of the demo catalogue. */
const isTechnology = (m: Mentor) => m.expertise.includes("Technology");

async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId("mentor-card").evaluateAll((cards) => cards.map((card) => card.querySelector("h3")?.textContent ?? ""));
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
}

/** Moves the app to `path` the way a client-side navigation does (no request for the document). */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test.describe("the mentors page", () => {
  test("shows one card per mentor of the API, with its price and rating labels, best match first", async ({ page, request }) => {
    const errors = collectErrors(page);
    const mentors = await fetchMentors(request);
    expect(mentors.length).toBeGreaterThanOrEqual(60);

    await page.goto("/mentors");
    await waitForMentorCards(page);
    const cards = page.getByTestId("mentor-card");
    await expect(cards).toHaveCount(mentors.length);
    await expect(page.getByTestId("mentor-count")).toHaveText(String(mentors.length));

    const shown = await cards.evaluateAll((elements) =>
      elements.map((card) => ({
        name: card.querySelector("h3")?.textContent ?? "",
        price: card.querySelector('[data-testid="price-label"]')?.textContent ?? "",
        rating: card.querySelector('[data-testid="rating-label"]')?.textContent ?? "",
      })),
    );

    for (const mentor of mentors) {
      const card = shown.find((c) => c.name === mentor.name);
      expect(card, `a card for ${mentor.name}`).toBeDefined();
      const price = priceOf(mentor);
      const label = card?.price ?? "";
      if (price === 0) {
        expect(label, `${mentor.name}: free`).toBe("✨ Free Trial Session");
      } else {
        expect(label, `${mentor.name}: ₹ first`).toMatch(/^₹/);
        expect(label, `${mentor.name}: Indian grouping`).toMatch(/^₹\d{1,2}(,\d{2})*,?\d{0,3}/);
        expect(label, `${mentor.name}: per session`).toMatch(/\/session$/);
        expect(label, `${mentor.name}: exact label for ${price}`).toBe(expectedPriceLabel(price));
      }
      // A mentor without reviews is New (issue 21), never "0.0" or a rating no review backs.
      const rating = mentor.review_count > 0 ? mentor.rating.toFixed(1) : "New";
      expect(card?.rating, `${mentor.name}: rating ${mentor.rating} from ${mentor.review_count} reviews`).toBe(rating);
    }

    // Best match: the 60/40 score never rises down the list.
    const scores = shown.map((c) => score(mentors.find((m) => m.name === c.name) as Mentor));
    for (let i = 1; i < scores.length; i += 1) expect(scores[i], `card ${i}`).toBeLessThanOrEqual((scores[i - 1] ?? 1) + 1e-9);
    expect(errors).toEqual([]);
  });

  test("filters from the controls into the URL, and Back restores the previous view", async ({ page, request }) => {
    const errors = collectErrors(page);
    const mentors = await fetchMentors(request);
    const technology = mentors.filter(isTechnology);
    await page.goto("/mentors");
    await waitForMentorCards(page);

    await page.getByRole("radio", { name: /^Technology/ }).check();
    await expect(page).toHaveURL(/\?category=technology$/);
    await expect(page.getByTestId("mentor-card")).toHaveCount(technology.length);
    expect((await cardNames(page)).sort()).toEqual(technology.map((m) => m.name).sort());
    await expect(page.getByTestId("results-status")).toHaveText(`${technology.length} mentors found in Technology.`);

    await page.getByTestId("mentor-sort").selectOption({ label: "Price: low to high" });
    await expect(page).toHaveURL(/\?category=technology&sort=price-asc$/);
    const byPrice = (await cardNames(page)).map((name) => priceOf(technology.find((m) => m.name === name) as Mentor));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));

    await page.getByRole("switch", { name: "Free sessions only" }).check();
    await expect(page).toHaveURL(/\?category=technology&sort=price-asc&free=1$/);
    const freeTechnology = technology.filter((m) => priceOf(m) === 0);
    await expect(page.getByTestId("mentor-card")).toHaveCount(freeTechnology.length);
    for (const label of await page.getByTestId("price-label").allTextContents()) expect(label).toBe("✨ Free Trial Session");

    await page.goBack();
    await expect(page).toHaveURL(/\?category=technology&sort=price-asc$/);
    await expect(page.getByRole("switch", { name: "Free sessions only" })).not.toBeChecked();
    await expect(page.getByTestId("mentor-card")).toHaveCount(technology.length);

    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/mentors$/);
    await expect(page.getByRole("radio", { name: /^All Mentors/ })).toBeChecked();
    await expect(page.getByTestId("mentor-card")).toHaveCount(mentors.length);
    expect(errors).toEqual([]);
  });

  test("searches by name or expertise, ignoring case and accents, and offers Clear filters when nothing matches", async ({ page, request }) => {
    const mentors = await fetchMentors(request);
    const accented = mentors.find((m) => /[^\p{ASCII}]/u.test(m.name));
    if (!accented) throw new Error("the demo catalogue has no accented name");
    const plain = accented.name.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase();

    await page.goto("/mentors");
    await waitForMentorCards(page);
    const search = page.getByRole("searchbox", { name: "Search mentors by name or expertise" });
    await search.fill(plain);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(plain).replace(/%20/g, "\\+")}$`));
    expect(await cardNames(page)).toEqual([accented.name]);

    await search.fill("mindfulness");
    await expect.poll(() => query(page).get("q")).toBe("mindfulness");
    const mindful = mentors.filter((m) => m.expertise.some((e) => e.toLowerCase().includes("mindfulness")));
    await expect(page.getByTestId("mentor-card")).toHaveCount(mindful.length);

    await search.fill("no such expertise anywhere");
    await expect(page.getByText("No mentors match these filters")).toBeVisible();
    await page.getByTestId("mentors-empty").getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/mentors$/);
    await expect(search).toHaveValue("");
    await expect(page.getByTestId("mentor-card")).toHaveCount(mentors.length);
  });

  test("reproduces a shared URL", async ({ page, request }) => {
    const mentors = await fetchMentors(request);
    const expected = mentors.filter((m) => isTechnology(m) && priceOf(m) === 0);
    expect(expected.length, "the demo catalogue has a free Technology mentor").toBeGreaterThan(0);

    await page.goto("/mentors?category=technology&sort=price-asc&free=1");
    await waitForMentorCards(page);
    await expect(page.getByRole("radio", { name: /^Technology/ })).toBeChecked();
    await expect(page.getByTestId("mentor-sort")).toHaveValue("price-asc");
    await expect(page.getByRole("switch", { name: "Free sessions only" })).toBeChecked();
    expect((await cardNames(page)).sort()).toEqual(expected.map((m) => m.name).sort());
  });

  test("/category/technology shows the Technology mentors", async ({ page, request }) => {
    const mentors = await fetchMentors(request);
    const technology = mentors.filter(isTechnology);
    await page.goto("/category/technology");
    await waitForMentorCards(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technology mentors");
    await expect(page.getByRole("radio", { name: /^Technology/ })).toBeChecked();
    expect((await cardNames(page)).sort()).toEqual(technology.map((m) => m.name).sort());
  });

  test("opens a mentor's profile at /mentors/{id}-{slug} when a card is clicked", async ({ page, request }) => {
    const errors = collectErrors(page);
    const mentors = await fetchMentors(request);
    await page.goto("/mentors");
    await waitForMentorCards(page);
    const first = page.getByTestId("mentor-card").first();
    const name = (await first.locator("h3").textContent()) ?? "";
    const mentor = mentors.find((m) => m.name === name);
    if (!mentor) throw new Error(`no API mentor named ${name}`);
    await first.click();

    const expected = `/mentors/${mentor.id}-${expectedSlug(mentor.name)}`;
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(expected);
    await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
    // The crate's mentorPageTitle, "{name} — {headline} · MentorBridge": the same title the server's HTML carries.
    await expect(page).toHaveTitle(new RegExp(`^${mentor.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${mentor.headline.trim() ? " — " : " · "}`));
    const served = /<title>([^<]*)<\/title>/.exec(await (await request.get(encodeURI(expected))).text())?.[1] ?? "";
    const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };
    await expect(page).toHaveTitle(served.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => entities[e] ?? e));
    await expect(page.getByTestId("service")).toHaveCount(mentor.services.length);
    // Booking starts from the open times (issue 12): the button takes the
    // reader, and the keyboard focus, to them.
    const book = page.getByRole("button", { name: "Book a session" });
    await book.click();
    await expect(page.locator("#slots-title")).toBeFocused();
    await expect(page.getByTestId("profile-slots")).toBeInViewport();
    expect(errors).toEqual([]);
  });

  test("offers Retry when the API fails, and recovers", async ({ page }) => {
    let failing = true;
    await page.route("**/api/mentors/", (route) => (failing ? route.fulfill({ status: 503, body: "down" }) : route.fallback()));
    await page.goto("/mentors");
    const error = page.getByTestId("mentors-error");
    await expect(error).toBeVisible();
    await expect(error).toContainText("HTTP 503");

    failing = false;
    await error.getByRole("button", { name: "Retry" }).click();
    await waitForMentorCards(page);
  });

  test("has no serious or critical axe violations, and fits a phone screen", async ({ page }) => {
    await page.goto("/mentors?category=technology");
    await waitForMentorCards(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("a mentor's profile", () => {
  // The page writes times in en-IN whatever the browser's locale ("6:00 – 7:00 pm").
  test.use({ timezoneId: "Asia/Kolkata", locale: "en-US" });

  test("shows services, prices and the next slots in the viewer's time zone", async ({ page, request }) => {
    const errors = collectErrors(page);
    const mentors = await fetchMentors(request);
    const now = Date.now();
    const mentor = mentors.find((m) => m.services.length > 1 && m.available_slots.some((s) => Date.parse(s.start) > now + 60_000));
    if (!mentor) throw new Error("no demo mentor with services and open slots");

    await page.goto(`/mentors/${mentor.id}-${expectedSlug(mentor.name)}`);
    await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
    await expect(page.getByTestId("service-price")).toHaveText(mentor.services.map((s) => expectedPriceLabel(s.price)));

    const next = mentor.available_slots.filter((s) => Date.parse(s.start) > now).sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
    if (!next) throw new Error("no upcoming slot");
    const time = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).formatRange(
      new Date(next.start),
      new Date(next.end),
    );
    const day = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Kolkata" }).format(
      new Date(next.start),
    );
    const firstSlot = page.getByTestId("slot").first();
    await expect(firstSlot).toContainText(day);
    await expect(firstSlot).toContainText(time);
    await expect(page.getByTestId("slot-zone")).toContainText("India Standard Time");

    for (const link of await page.locator('a[target="_blank"]').all()) {
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(errors).toEqual([]);
  });

  test("has no serious or critical axe violations, and fits a phone screen", async ({ page, request }) => {
    const mentors = await fetchMentors(request);
    const mentor = mentors[0];
    if (!mentor) throw new Error("no mentors");
    await page.goto(`/mentors/${mentor.id}-${expectedSlug(mentor.name)}`);
    await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const path of ["/mentors/12", "/mentors/12-wrong"]) {
    test(`${path} redirects to the canonical slug`, async ({ page, request }) => {
      const errors = collectErrors(page);
      const mentor = (await fetchMentors(request)).find((m) => m.id === 12);
      if (!mentor) throw new Error("no mentor 12");
      const canonical = `/mentors/12-${expectedSlug(mentor.name)}`;

      const response = await page.goto(`${path}?ref=share`);
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()?.url()).toContain(path);
      await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(canonical);
      expect(new URL(page.url()).search).toBe("?ref=share");
      await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();

      // The same inside the app, without the server's help.
      await navigateInApp(page, path);
      await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(canonical);
      await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test("an unknown id is a 404 with the not-found page, on first load and inside the app", async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto("/mentors/99999-nobody");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found · /);

    await page.goto("/mentors");
    await waitForMentorCards(page);
    await navigateInApp(page, "/mentors/88888-somebody");
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    // Only the expected 404 answers (the document and the mentor look-ups) are logged.
    expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
  });
});

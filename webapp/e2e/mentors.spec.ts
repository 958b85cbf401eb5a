import { expect, test } from "@playwright/test";
import { expectedPriceLabel, expectedSlug, fetchApiMentors, waitForMentorCards } from "./helpers";

test.describe("the mentors page", () => {
  test("shows one card per mentor of the API, with its price and rating labels", async ({ page, request }) => {
    const mentors = await fetchApiMentors(request);
    expect(mentors.length).toBeGreaterThanOrEqual(60);

    await page.goto("/mentors");
    await waitForMentorCards(page);
    const cards = page.getByTestId("mentor-card");
    await expect(cards).toHaveCount(mentors.length);

    const shown = await cards.evaluateAll((elements) =>
      elements.map((card) => ({
        name: card.querySelector("h3")?.textContent ?? "",
        price: card.querySelector('[data-testid="price-label"]')?.textContent ?? "",
        rating: card.querySelector('[data-testid="rating-label"]')?.textContent ?? "",
      })),
    );

    mentors.forEach((mentor, i) => {
      const card = shown[i];
      expect(card, `card ${i}`).toBeDefined();
      expect(card?.name, `card ${i} name`).toBe(mentor.name);
      const price = mentor.services[0]?.price ?? 0;
      const label = card?.price ?? "";
      if (price === 0) {
        expect(label, `${mentor.name}: free`).toBe("✨ Free Trial Session");
      } else {
        expect(label, `${mentor.name}: ₹ first`).toMatch(/^₹/);
        expect(label, `${mentor.name}: Indian grouping`).toMatch(/^₹\d{1,2}(,\d{2})*,?\d{0,3}/);
        expect(label, `${mentor.name}: per session`).toMatch(/\/session$/);
        expect(label, `${mentor.name}: exact label for ${price}`).toBe(expectedPriceLabel(price));
      }
      expect(card?.rating, `${mentor.name}: rating ${mentor.rating}`).toBe(mentor.rating.toFixed(1));
    });
  });

  test("opens a mentor's page at /mentors/{id}-{slug} when a card is clicked", async ({ page, request }) => {
    const mentors = await fetchApiMentors(request);
    const mentor = mentors[0];
    if (!mentor) throw new Error("the API returned no mentors");

    await page.goto("/mentors");
    await waitForMentorCards(page);
    await page.getByTestId("mentor-card").first().click();

    const expected = `/mentors/${mentor.id}-${expectedSlug(mentor.name)}`;
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(expected);
    await expect(page.getByRole("heading", { level: 1, name: "Mentor profile" })).toBeVisible();
  });

  test("offers Retry when the API fails, and recovers", async ({ page }) => {
    let failing = true;
    await page.route("**/api/mentors/", (route) =>
      failing ? route.fulfill({ status: 503, body: "down" }) : route.fallback(),
    );
    await page.goto("/mentors");
    const error = page.getByTestId("mentors-error");
    await expect(error).toBeVisible();
    await expect(error).toContainText("HTTP 503");

    failing = false;
    await error.getByRole("button", { name: "Retry" }).click();
    await waitForMentorCards(page);
  });
});

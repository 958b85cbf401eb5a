import { expect, test, type Page } from "@playwright/test";
import { collectErrors, waitForExplorerCards } from "./helpers";

/** Keeps the rotation at 0 for the whole test: the seed is new and the interval is a day. */
async function freezeRotation(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem("explorerRotationMs", "86400000");
  });
}

async function shownIds(page: Page): Promise<number[]> {
  const ids = await page
    .getByTestId("explorer")
    .getByTestId("explorer-card")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-mentor-id") ?? ""));
  return ids.map(Number);
}

async function sessionSeed(page: Page): Promise<number> {
  const stored = await page.evaluate(() => window.sessionStorage.getItem("explorerSeed"));
  expect(stored, "the explorer stores its seed in sessionStorage").not.toBeNull();
  const parsed = JSON.parse(stored ?? "{}") as { seed?: unknown; createdAt?: unknown };
  expect(typeof parsed.seed).toBe("number");
  expect(typeof parsed.createdAt).toBe("number");
  return parsed.seed as number;
}

test.describe("the home page mentor explorer", () => {
  test("shows at most 16 mentors for All and at most 12 for Technology, priced for the explorer", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    await waitForExplorerCards(page);
    const explorer = page.getByTestId("explorer");
    const cards = explorer.getByTestId("explorer-card");

    const allCount = await cards.count();
    expect(allCount).toBeGreaterThan(0);
    expect(allCount).toBeLessThanOrEqual(16);
    await expect(explorer.getByRole("tab", { name: "All Mentors" })).toHaveAttribute("aria-selected", "true");

    await explorer.getByRole("tab", { name: "Technology" }).click();
    await expect(explorer.getByRole("tab", { name: "Technology" })).toHaveAttribute("aria-selected", "true");
    await expect(cards.first()).toBeVisible();
    const techCount = await cards.count();
    expect(techCount).toBeGreaterThan(0);
    expect(techCount).toBeLessThanOrEqual(12);

    for (const label of await explorer.getByTestId("explorer-price").allTextContents()) {
      if (label !== "Free Session") {
        expect(label).toMatch(/^₹/);
        expect(label).not.toContain("/session");
      }
    }
    expect(errors).toEqual([]);
  });

  test("links a card to the mentor's page", async ({ page }) => {
    await page.goto("/");
    await waitForExplorerCards(page);
    const first = page.getByTestId("explorer").getByTestId("explorer-card").first();
    const id = await first.getAttribute("data-mentor-id");
    const name = ((await first.locator("h3").textContent()) ?? "").trim();
    expect(name).not.toBe("");
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/mentors/${id}-[^/]+$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  for (const category of [
    { id: "all", tab: "All Mentors" },
    { id: "technology", tab: "Technology" },
  ]) {
    test(`arranges ${category.id} exactly as the server does for the same seed`, async ({ page, request }) => {
      await freezeRotation(page);
      await page.goto("/");
      await waitForExplorerCards(page);
      const explorer = page.getByTestId("explorer");
      if (category.id !== "all") {
        await explorer.getByRole("tab", { name: category.tab }).click();
        await expect(explorer.getByRole("tab", { name: category.tab })).toHaveAttribute("aria-selected", "true");
      }
      const seed = await sessionSeed(page);
      const shown = await shownIds(page);

      const response = await request.get(`/api/explorer/?category=${category.id}&seed=${seed}&rotation=0`);
      expect(response.status(), "GET /api/explorer/ answers").toBe(200);
      const body = (await response.json()) as { category: string; seed: number; rotation: number; mentor_ids: number[] };
      expect(body.category).toBe(category.id);
      expect(body.mentor_ids.length).toBeGreaterThan(0);
      expect(shown, `seed ${seed}`).toEqual(body.mentor_ids);
    });
  }
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { collectErrors, waitForExplorerCards, waitForMentorCards, waitForAnimations } from "./helpers";

test.describe("unknown paths", () => {
  test("answer HTTP 404 and show the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Browse mentors" })).toHaveAttribute("href", "/mentors");
  });
});

test.describe("no console errors", () => {
  for (const path of ["/", "/mentors", "/no-such-page"]) {
    test(`on ${path}`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      if (path === "/mentors") await waitForMentorCards(page);
      if (path === "/") await waitForExplorerCards(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      // A 404 status for the document itself is the point of that page, not an app error.
      const appErrors = path === "/no-such-page" ? errors.filter((e) => !isDocument404(e, path)) : errors;
      expect(appErrors).toEqual([]);
    });
  }
});

function isDocument404(error: string, path: string): boolean {
  return error.includes("status of 404") && error.includes(`${path})`);
}

test.describe("accessibility (axe-core)", () => {
  for (const path of ["/", "/mentors"]) {
    test(`no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      if (path === "/mentors") await waitForMentorCards(page);
      if (path === "/") await waitForExplorerCards(page);
      await waitForAnimations(page);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
      expect(blocking).toEqual([]);
    });
  }
});

test.describe("layout", () => {
  test("the Business menu opens from the keyboard and lists the business links", async ({ page }) => {
    await page.goto("/mentors");
    const toggle = page.getByRole("button", { name: "Business" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const quote = page.getByRole("link", { name: "Get Custom Quote" }).first();
    await expect(quote).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("a phone gets a menu button with every link", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav.getByRole("link", { name: "Get Custom Quote" })).toBeVisible();
    await mobileNav.getByRole("link", { name: "Mentors" }).click();
    await expect(page).toHaveURL(/\/mentors$/);
    await expect(mobileNav).toBeHidden();
  });

  test("the page scrolls to the top on navigation", async ({ page }) => {
    await page.goto("/mentors");
    await waitForMentorCards(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

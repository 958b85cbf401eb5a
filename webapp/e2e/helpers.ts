import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** The fields of `GET /api/mentors/` these tests look at. */
export interface ApiMentor {
  id: number;
  name: string;
  rating: number;
  experience_years: number;
  services: { price: number }[];
}

export async function fetchApiMentors(request: APIRequestContext): Promise<ApiMentor[]> {
  const response = await request.get("/api/mentors/");
  expect(response.status()).toBe(200);
  const body: unknown = await response.json();
  expect(Array.isArray(body)).toBe(true);
  return body as ApiMentor[];
}

/**
 * The card's price label, written independently of the app: ₹ and Indian
 * digit grouping (last three digits, then pairs), paise only when present.
 */
export function expectedPriceLabel(price: number): string {
  if (price === 0) return "✨ Free Trial Session";
  const paise = Math.round(price * 100);
  const rupees = String(Math.floor(paise / 100));
  const rest = paise % 100;
  const tail = rupees.slice(-3);
  let head = rupees.slice(0, -3);
  const groups: string[] = [];
  while (head.length > 2) {
    groups.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  if (head) groups.unshift(head);
  const amount = [...groups, tail].join(",");
  return `₹${amount}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}/session`;
}

/** The lower-cased name with every run of other characters as one dash. */
export function expectedSlug(name: string): string {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join("-");
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

export async function waitForMentorCards(page: Page) {
  await expect(page.getByTestId("mentor-card").first()).toBeVisible();
  await expect(page.getByTestId("mentors-loading")).toHaveCount(0);
}

/** Waits until the home page explorer shows mentor cards instead of skeletons. */
export async function waitForExplorerCards(page: Page) {
  const explorer = page.getByTestId("explorer");
  await expect(explorer.getByTestId("explorer-card").first()).toBeVisible();
  await expect(explorer.getByTestId("explorer-loading")).toHaveCount(0);
}

/**
 * Waits until every finite CSS animation on the page has finished, so that
 * checks such as axe's colour contrast see the settled page rather than a
 * card half-way through fading in. Infinite animations (spinners) are ignored.
 */
export async function waitForAnimations(page: import("@playwright/test").Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

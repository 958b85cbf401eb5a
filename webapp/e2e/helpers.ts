import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** The fields of `GET /api/mentors/` these tests look at. */
export interface ApiMentor {
  id: number;
  name: string;
  rating: number;
  /** How many reviews the rating averages (issue 21). */
  review_count: number;
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

/* ---------- Accounts ---------- */

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface OutboxMessage {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  links: string[];
}

/**
 * The newest link in the development outbox (`GET /api/dev/outbox/`) sent to
 * `recipient` whose path contains `pathPart`, as a path of this site (the
 * server writes links with its PUBLIC_URL, which may name another host).
 */
export async function outboxLink(request: APIRequestContext, recipient: string, pathPart: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox/?recipient=${encodeURIComponent(recipient)}`);
        expect(response.status()).toBe(200);
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.flatMap((m) => m.links).find((link) => new URL(link).pathname.includes(pathPart));
        return found;
      },
      { message: `an e-mail to ${recipient} with a ${pathPart} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  const url = new URL(found ?? "");
  return url.pathname + url.search;
}

/** Registers and activates an account through the API (for tests about later steps). */
export async function createActiveAccount(request: APIRequestContext, account: { name: string; email: string; password: string }) {
  const created = await request.post("/auth/users/", {
    data: { ...account, re_password: account.password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const link = await outboxLink(request, account.email, "/activate/");
  const [, , uid, token] = link.split("?")[0]?.split("/") ?? [];
  const activated = await request.post("/auth/users/activation/", { data: { uid, token } });
  expect(activated.status(), await activated.text()).toBe(204);
}

/** Books the soonest open slot of the first free service in the catalogue, as `token`'s owner; the booking's id. */
export async function bookFreeSlot(request: APIRequestContext, token: string, note = "Looking forward to it."): Promise<string> {
  const list = (await (await request.get("/api/mentors/")).json()) as { id: number; services: { id: number; price: number }[] }[];
  for (const mentor of list) {
    const service = mentor.services.find((s) => s.price === 0);
    if (!service) continue;
    const slots = (await (await request.get(`/api/mentors/${mentor.id}/slots/?service=${service.id}`)).json()) as { start: string }[];
    const start = slots[0]?.start;
    if (!start) continue;
    const booked = await request.post("/api/bookings/", {
      headers: { Authorization: `Bearer ${token}` },
      data: { service_id: service.id, start, note },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { id: string }).id;
  }
  throw new Error("no free service with an open slot in the demo catalogue");
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
}

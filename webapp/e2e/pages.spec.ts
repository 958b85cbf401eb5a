import { expect, test, type Page } from "@playwright/test";
import { collectErrors, seriousAxeViolations, uniqueEmail, type OutboxMessage } from "./helpers";

/** Every static and business route, with the h1 and document title it must show. */
const ROUTES: readonly { path: string; h1: string; title: string }[] = [
  { path: "/about", h1: "We connect you with people who have already done it", title: "About Us" },
  { path: "/services", h1: "Mentoring that fits how you learn", title: "Our Services" },
  { path: "/privacy", h1: "Privacy Policy", title: "Privacy Policy" },
  { path: "/terms", h1: "Terms & Conditions", title: "Terms & Conditions" },
  { path: "/refund", h1: "Refund Policy", title: "Refund Policy" },
  { path: "/sitemap", h1: "Sitemap", title: "Sitemap" },
  { path: "/become-mentor", h1: "Share what you know. Get paid for it.", title: "Become a Mentor" },
  { path: "/why-become-mentor", h1: "Your experience is someone’s shortcut", title: "Why Become a Mentor" },
  { path: "/b2b/corporate-mentoring", h1: "Corporate Mentoring", title: "Corporate Mentoring" },
  { path: "/b2b/ceo-talks", h1: "CEO Talks", title: "CEO Talks" },
  { path: "/b2b/strategy-consulting", h1: "Strategy Consulting", title: "Strategy Consulting" },
  { path: "/b2b/industry-mentoring", h1: "Industry Mentoring", title: "Industry Mentoring" },
  { path: "/b2b/startup-entrepreneurship", h1: "Startup & Entrepreneurship", title: "Startup & Entrepreneurship" },
  { path: "/contact", h1: "Contact Us", title: "Contact Us" },
  { path: "/b2b/contact", h1: "Get a Custom Quote", title: "Get a Custom Quote" },
];

async function expectOneH1(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

test.describe("static and business pages", () => {
  for (const { path, h1, title } of ROUTES) {
    test(`${path} answers 200 with its h1 and title, no console errors and no serious axe violations`, async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectOneH1(page, h1);
      await expect(page).toHaveTitle(`${title} · MentorBridge`);
      await page.waitForLoadState("networkidle");
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("fit a 375 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const { path, h1 } of ROUTES) {
      await page.goto(path);
      await expectOneH1(page, h1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("policy tables of contents", () => {
  // The smooth scroll to a section, as most visitors see it.
  test.use({ reducedMotion: "no-preference" });
  for (const { path, count } of [
    { path: "/privacy", count: 8 },
    { path: "/terms", count: 10 },
  ]) {
    test(`${path}: a click on a contents link scrolls to the section and focuses its heading`, async ({ page }) => {
      await page.goto(path);
      const toc = page.getByRole("navigation", { name: "On this page" });
      const links = toc.getByRole("link");
      await expect(links).toHaveCount(count);
      await expect(page.getByTestId("policy-section")).toHaveCount(count);

      const last = links.nth(count - 1);
      const target = (await last.getAttribute("href"))?.slice(1) ?? "";
      const heading = page.locator(`#${target}`).getByRole("heading", { level: 2 });
      await expect(heading).not.toBeInViewport();
      await last.click();
      await expect(heading).toBeInViewport();
      await expect(heading).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${path}#${target}$`));
      // The heading is below the fixed header, not under it.
      const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(60);
    });
  }

  test("works from the keyboard, and a shared #section link lands on the section", async ({ page }) => {
    await page.goto("/privacy");
    const link = page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Your Rights and Choices" });
    await link.focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 2, name: "Your Rights and Choices" });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();

    await page.goto("/terms#conduct");
    await expect(page.getByRole("heading", { level: 2, name: "Conduct During Sessions" })).toBeInViewport();
  });
});

test.describe("page content", () => {
  test("the refund policy has the spec's sections and the configured refund address", async ({ page, request }) => {
    const config = (await (await request.get("/api/config/")).json()) as { support_email?: string };
    const email = config.support_email ?? "support@mentorbridge.in";
    await page.goto("/refund");
    await expect(page.getByTestId("policy-section").getByRole("heading", { level: 2 })).toHaveText([
      /Payment Processing$/,
      /Refund Eligibility$/,
      /Refund Process$/,
      /Non-Refundable Cases$/,
      /Cancellation Policy$/,
      /Contact Us$/,
    ]);
    await expect(page.getByText(`Refund requests are made by e-mail to ${email}.`)).toBeVisible();
    await expect(page.getByText("Last updated: August 2023")).toBeVisible();
  });

  test("the sitemap's links all open their pages", async ({ page }) => {
    await page.goto("/sitemap");
    const nav = page.getByRole("navigation", { name: "Sitemap" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Login",
      "Register",
      "About Us",
      "Our Services",
      "Find Mentors",
      "Contact Us",
      "Privacy Policy",
      "Refund Policy",
      "Terms & Conditions",
    ]);
    await expect(page.getByTestId("sitemap-contact")).toHaveAttribute("href", "/contact");
    await nav.getByRole("link", { name: "Refund Policy" }).click();
    await expectOneH1(page, "Refund Policy");
  });

  test("the home page's Watch 60s intro leads to the about page's 60-second intro", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Watch 60s intro" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole("link", { name: "Read the 60-second intro" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "MentorBridge in 60 seconds" })).toBeFocused();
  });

  test("a business page's Get Custom Quote opens the quote form with its programme chosen", async ({ page }) => {
    await page.goto("/b2b/strategy-consulting");
    await page.getByRole("main").getByRole("link", { name: "Get Custom Quote" }).first().click();
    await expect(page).toHaveURL(/\/b2b\/contact\?programme=strategy-consulting$/);
    await expectOneH1(page, "Get a Custom Quote");
    await expect(page.getByLabel("Programme")).toHaveValue("strategy-consulting");
  });
});

test.describe("the enquiry forms", () => {
  test("the contact form shows field errors for bad input and sends nothing", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/contact/")) sent.push(r.url());
    });
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Asha Rao");
    await page.getByLabel("E-mail address").fill("asha@example");
    await page.getByLabel("Message").fill("Help?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("E-mail address")).toHaveAccessibleDescription("Enter a valid email address.");
    await expect(page.getByLabel("Message")).toHaveAccessibleDescription(/Please write at least 10 characters/);
    await expect(page.getByRole("alert")).toHaveText("Please fix the errors above.");
    await expect(page.getByLabel("E-mail address")).toBeFocused();
    expect(sent).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("the contact form reaches the API, which confirms and acknowledges by e-mail", async ({ page, request }) => {
    const email = uniqueEmail("contact");
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Asha Rao");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Subject").fill("Question about a refund");
    await page.getByLabel("Message").fill("My mentor missed yesterday's session. Can I reschedule instead of a refund?");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact/") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send message" }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByTestId("form-success")).toContainText(
      `Thanks, Asha Rao. We've received your message and will reply within 24 hours at ${email}.`,
    );
    await expect
      .poll(async () => {
        const response = await request.get(`/api/dev/outbox/?recipient=${encodeURIComponent(email)}`);
        return ((await response.json()) as OutboxMessage[]).length;
      })
      .toBeGreaterThan(0);
  });

  test("the API's own field errors have the shape the forms show", async ({ request }) => {
    const response = await request.post("/api/b2b/quote/", {
      data: { name: "Vikram", email: "vikram@example.com", company: "", programme: "unknown", message: "short", website: "" },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    for (const field of ["company", "programme", "message"]) {
      expect(Array.isArray(body[field]) && typeof (body[field] as unknown[])[0] === "string", field).toBe(true);
    }
  });

  test("the quote form sends a request for the chosen programme", async ({ page }) => {
    const email = uniqueEmail("quote");
    await page.goto("/b2b/contact?programme=ceo-talks");
    await page.getByLabel("Your name").fill("Vikram Mehta");
    await page.getByLabel("Work e-mail").fill(email);
    await page.getByLabel("Organisation").fill("Acme Learning");
    await page.getByLabel("Phone").fill("98765 43210");
    await page.getByLabel("Team size").selectOption("51-200");
    await page.getByLabel("What would you like to achieve?").fill("A CEO talk for our annual leadership offsite in March.");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/b2b/quote/") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Request a quote" }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ programme: "ceo-talks", phone: "+919876543210", team_size: "51-200", website: "" });
    await expect(page.getByTestId("form-success")).toContainText(`Thanks, Vikram Mehta.`);
  });
});

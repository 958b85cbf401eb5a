/**
 * Issue 11's flow through the real UI against the real server: a guest
 * applies on /become-mentor with a password and confirms the e-mail, the
 * demo administrator approves the application on /dashboard/admin, the new
 * mentor is listed on /mentors with the session and price they set, changes
 * their availability on /dashboard/mentor, and their profile page shows the
 * new open times in the viewer's zone.
 */
import { expect, test, type Page } from "@playwright/test";
import { collectErrors, expectedPriceLabel, outboxLink, seriousAxeViolations, uniqueEmail } from "./helpers";

/** The viewer's browser is in India; the mentor keeps London's clock. */
const VIEWER_ZONE = "Asia/Kolkata";
const MENTOR_ZONE = "Europe/London";
/** How the page names London's zone (its long name depends on the season of the week shown). */
const LONDON = "London — (Greenwich Mean Time|British Summer Time)";
test.use({ timezoneId: VIEWER_ZONE, locale: "en-GB" });

const ADMIN = { email: "admin@demo.mentorbridge.in", password: "Admin#2026" };
const PASSWORD = "Mentor#2026";
const SERVICE = { title: "Career clarity call", rupees: 1250 };
/**
 * The hours the mentor opens every day, in London: room for one 60-minute
 * session with the default 10-minute break after it, so one slot a day, at 07:30.
 */
const OPEN = { from: "07:30", to: "09:00" };
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A name no other run shares (names take letters, not digits). */
function uniqueName(): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `Devika ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

function header(page: Page) {
  return page.getByRole("banner");
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
}

async function signOut(page: Page) {
  await header(page).getByRole("button", { name: "Logout" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
}

/** The wall-clock time of an instant in a zone, as `HH:MM`. */
function clockIn(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(new Date(iso));
}

/** An instant's time of day as the page writes it in a zone: en-IN, whatever the browser's locale (`7:30 am`). */
function shownTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: zone }).format(new Date(iso));
}

test.describe("becoming a mentor", () => {
  test("apply as a guest, get approved, appear on /mentors, open hours, and the profile shows the new times", async ({ page, request }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const name = uniqueName();
    const email = uniqueEmail("mentor");

    await test.step("a guest applies on /become-mentor with a password", async () => {
      await page.goto("/become-mentor#apply");
      const form = page.getByRole("form", { name: "Mentor application" });
      await expect(form).toBeVisible();
      await form.getByLabel("Full name").fill(name);
      await form.getByLabel("E-mail address").fill(email);
      await form.getByLabel("Phone").fill("+91 98765 43210");
      await form.getByLabel("Years of experience").fill("9");
      await form.getByRole("list", { name: "Categories" }).getByRole("button", { name: "Career" }).click();
      await form
        .getByLabel("Bio")
        .fill("I have hired and coached engineers for nine years and help people plan their next career move with a clear, honest plan.");
      const session = form.getByTestId("session-row").first();
      await session.getByLabel("Title").fill(SERVICE.title);
      await session.getByLabel("Length").selectOption({ value: "60" });
      await session.getByLabel("Price (₹)").fill(String(SERVICE.rupees));
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByLabel("Confirm password").fill(PASSWORD);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await form.getByRole("button", { name: "Create account and apply" }).click();
      await expect(page.getByTestId("application-sent")).toContainText(email);
    });

    await test.step("the e-mailed link activates the account, which submits the application", async () => {
      await page.goto(await outboxLink(request, email, "/activate/"));
      await page.getByRole("button", { name: "Verify Account" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Account verified" })).toBeVisible();
    });

    await test.step("the demo administrator approves it on /dashboard/admin", async () => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto("/dashboard/admin");
      const row = page.getByRole("list", { name: "Applications" }).getByRole("button").filter({ hasText: name });
      await expect(row).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.click();
      const application = page.getByRole("article", { name });
      await expect(application.getByText(SERVICE.title)).toBeVisible();
      await application.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText(`Approved: ${name} is now a mentor and has been e-mailed.`)).toBeVisible();
      await signOut(page);
    });

    await test.step("the approved mentor is not listed until they open hours: nobody could book them", async () => {
      await signIn(page, email, PASSWORD);
      await page.goto("/mentors");
      await expect(page.getByTestId("mentor-card").first()).toBeVisible();
      await page.getByRole("searchbox", { name: "Search mentors by name or expertise" }).fill(name);
      await expect(page.getByTestId("mentor-card").filter({ hasText: name })).toHaveCount(0);
    });

    await test.step("the mentor opens 07:30–09:00 London time every day on /dashboard/mentor", async () => {
      await page.goto("/dashboard/mentor");
      await page.getByRole("tab", { name: "Availability" }).click();
      const form = page.getByRole("form", { name: "Availability" });
      await expect(form).toBeVisible();
      await form.getByLabel("Your time zone").selectOption(MENTOR_ZONE);
      // From the keyboard: the sticky save bar can cover a control the page scrolled to.
      for (const day of WEEKDAYS) {
        const on = form.getByRole("switch", { name: day });
        if (!(await on.isChecked())) {
          await on.focus();
          await page.keyboard.press("Space");
          await expect(on).toBeChecked();
        }
        // One range a day: drop any beyond the first.
        const second = form.getByRole("button", { name: `Remove ${day} hours 2` });
        while ((await second.count()) > 0) {
          await second.focus();
          await page.keyboard.press("Enter");
        }
        await form.getByLabel(`${day}, hours 1, from`).selectOption(OPEN.from);
        await form.getByLabel(`${day}, hours 1, to`).selectOption(OPEN.to);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      await form.getByRole("button", { name: "Save availability" }).click();
      await expect(page.getByText("Availability saved. Learners see your new times at once.")).toBeVisible();
    });

    let profilePath = "";
    await test.step("the new mentor is on /mentors with the session and price they set", async () => {
      await page.goto("/mentors");
      await page.getByRole("searchbox", { name: "Search mentors by name or expertise" }).fill(name);
      const card = page.getByTestId("mentor-card").filter({ hasText: name });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId("price-label")).toHaveText(expectedPriceLabel(SERVICE.rupees));
      await card.getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      profilePath = new URL(page.url()).pathname;
      const service = page.getByTestId("service").filter({ hasText: SERVICE.title });
      await expect(service.getByTestId("service-price")).toHaveText(expectedPriceLabel(SERVICE.rupees));
    });

    await test.step("the profile page shows the new times in the viewer's zone and in the mentor's", async () => {
      await page.goto(profilePath);
      const section = page.getByRole("region", { name: "Available times" });
      await expect(section.getByTestId("slots-zone")).toHaveText(
        new RegExp(`^Times shown in Kolkata — India Standard Time \\(your time\\)\\. Mentor is in ${LONDON}\\.$`),
      );
      // The week from today, one time a day: the first day or two may fall inside the minimum notice.
      const times = section.getByTestId("slot-time");
      await expect(times.first()).toBeVisible();
      const shown = await times.evaluateAll((elements) => elements.map((e) => ({ iso: e.getAttribute("datetime") ?? "", text: e.textContent ?? "" })));
      expect(shown.length).toBeGreaterThanOrEqual(4);
      expect(shown.length).toBeLessThanOrEqual(7);
      for (const { iso, text } of shown) {
        expect(clockIn(iso, MENTOR_ZONE), `${iso} opens at ${OPEN.from} in London`).toBe(OPEN.from);
        expect(text, `${iso} in Kolkata`).toBe(shownTime(iso, VIEWER_ZONE));
      }
      expect(await seriousAxeViolations(page)).toEqual([]);

      await section.getByLabel("Time zone").selectOption(MENTOR_ZONE);
      await expect(section.getByTestId("slots-zone")).toHaveText(new RegExp(`^Times shown in ${LONDON}\\. Mentor is in ${LONDON} too\\.$`));
      const first = section.getByTestId("slot-time").first();
      await expect(first).toHaveText(shownTime((await first.getAttribute("datetime")) ?? "", MENTOR_ZONE));
      expect(clockIn((await first.getAttribute("datetime")) ?? "", MENTOR_ZONE)).toBe(OPEN.from);
    });

    // Signing in before approval finishes and the first slots request may log nothing else.
    expect(errors).toEqual([]);
  });
});

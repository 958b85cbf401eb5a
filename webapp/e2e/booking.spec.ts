/**
 * Issue 12's paid booking through the real UI against the real server (the
 * second server of global-setup.ts, whose clock stands still until this test
 * moves it with POST /dev/clock/): the demo learner picks a paid time on the
 * demo mentor's page and sends the request, the demo mentor accepts it in
 * another browser, the learner pays through the sandbox checkout with UPI
 * and lands on the confirmation with the meeting link; both confirmation
 * e-mails, each with the calendar file, are in the development outbox. The
 * clock then passes the session's end, the learner rates the session at
 * /feedback?booking=, and the review shows on the mentor's page.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { collectErrors, seriousAxeViolations, type OutboxMessage } from "./helpers";

const CLOCK_BASE_URL = process.env.E2E_CLOCK_BASE_URL;
const VIEWER_ZONE = "Asia/Kolkata";
test.use({ baseURL: CLOCK_BASE_URL, timezoneId: VIEWER_ZONE, locale: "en-GB" });

const LEARNER = { email: "learner@demo.mentorbridge.in", password: "Learner#2026" };
const MENTOR = { email: "mentor@demo.mentorbridge.in", password: "Mentor#2026" };
const FEEDBACK = "Clear, practical advice on my portfolio and a plan I can follow.";

interface BookingMessage extends OutboxMessage {
  attachments?: { filename: string; content_type: string; content: string }[];
}

function header(page: Page) {
  return page.getByRole("banner");
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
}

/** A browser context of its own (another person's browser), as the test's own are set up. */
async function otherBrowser(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: CLOCK_BASE_URL, timezoneId: VIEWER_ZONE, locale: "en-GB" });
}

/** The demo mentor's catalogue entry: the profile the demo mentor account manages. */
async function demoMentor(request: APIRequestContext): Promise<{ id: number; name: string; path: string }> {
  const login = await request.post("/api/login/", { data: MENTOR });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const me = await request.get("/auth/users/me/", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  const { mentor_id: id } = (await me.json()) as { mentor_id: number | null };
  expect(id, "the demo mentor account manages a profile").toBeTruthy();
  const profile = await request.get(`/api/mentors/${id}/`);
  expect(profile.status()).toBe(200);
  const { name, slug } = (await profile.json()) as { name: string; slug: string };
  return { id: id as number, name, path: `/mentors/${id}-${slug}` };
}

/** The element's `datetime` is the same instant as `iso` (however it is written). */
async function expectInstant(time: Locator, iso: string) {
  await expect.poll(async () => Date.parse((await time.getAttribute("datetime")) ?? ""), { message: `the time ${iso}` }).toBe(Date.parse(iso));
}

/** The server's clock (the test clock's `GET /dev/clock/`), in ms. */
async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get("/dev/clock/");
  expect(answer.status(), "the server runs with TEST_CLOCK=on").toBe(200);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

/** The `booking_confirmed` e-mail to `recipient` that carries this booking's calendar file. */
async function confirmationMail(request: APIRequestContext, recipient: string, bookingId: string): Promise<BookingMessage> {
  let found: BookingMessage | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/outbox/?recipient=${encodeURIComponent(recipient)}`);
        expect(answer.status()).toBe(200);
        const messages = (await answer.json()) as BookingMessage[];
        found = messages.find(
          (m) => m.kind === "booking_confirmed" && (m.attachments ?? []).some((a) => a.content.includes(`UID:${bookingId}@mentorbridge`)),
        );
        return found?.kind;
      },
      { message: `the confirmation e-mail to ${recipient}` },
    )
    .toBe("booking_confirmed");
  return found as BookingMessage;
}

test.describe("booking a paid session", () => {
  test.skip(!CLOCK_BASE_URL, "global-setup.ts starts the server with the test clock");

  test("request, the mentor accepts, pay with UPI, confirmation and e-mails, then feedback shows on the mentor's page", async ({ page, request, browser }) => {
    test.setTimeout(240_000);
    const errors = collectErrors(page);
    const mentor = await demoMentor(request);

    let bookingId = "";
    let start = "";
    await test.step("the learner picks a paid time on the mentor's page and sends the request", async () => {
      await signIn(page, LEARNER);
      await page.goto(mentor.path);
      await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
      const times = page.getByTestId("profile-slots");
      // The first week with open times (the minimum notice may empty this one).
      const first = times.getByTestId("slot-time").first();
      const empty = times.getByTestId("slots-empty");
      await expect(first.or(empty)).toBeVisible();
      for (let week = 0; week < 4 && (await first.count()) === 0; week += 1) {
        await times.getByRole("button", { name: "Next 7 days" }).click();
        await expect(first.or(empty)).toBeVisible();
      }
      start = (await first.getAttribute("datetime")) ?? "";
      expect(start).not.toBe("");
      // The time is the label of its button.
      await first.click();

      const review = page.getByRole("dialog", { name: "Review your booking" });
      await expect(review).toBeVisible();
      await expect(review.getByTestId("review-price")).toHaveText(/^₹[\d,]+/);
      await expectInstant(review.locator("time"), start);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await review.getByLabel(/^Note for/).fill("I would like to go over my portfolio.");
      await review.getByRole("button", { name: "Send request" }).click();

      await expect(page).toHaveURL(/\/session-request-pending\/[0-9a-f-]{36}$/);
      bookingId = page.url().split("/").pop() ?? "";
      const view = page.getByTestId("booking-view");
      await expect(view).toHaveAttribute("data-status", "pending");
      await expectInstant(view.getByTestId("booking-when").locator("time"), start);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    // The learner's bell before the mentor answers (issue 24).
    // Its own request reached it live first.
    const bell = header(page).getByTestId("notification-bell");
    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await expect(panel.getByRole("listitem").first()).toContainText(/Your request to .+ was sent/);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    const unreadBefore = Number((await bell.getAttribute("aria-label"))?.match(/(\d+) unread/)?.[1] ?? "0");
    expect(unreadBefore).toBeGreaterThan(0);

    await test.step("the demo mentor accepts the request in their own browser", async () => {
      // The mentor's device clock is wrong: already past the request's
      // answer-by. The screen reads the server's time (each answer's
      // `Date`), so the request is still pending there, as on the server.
      const asked = await page.request.get(`/api/bookings/${bookingId}/`, {
        headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` },
      });
      expect(asked.status()).toBe(200);
      const respondBy = Date.parse(((await asked.json()) as { respond_by: string }).respond_by);
      expect(respondBy).toBeGreaterThan(await serverNow(request));
      const context = await otherBrowser(browser);
      await context.clock.install({ time: respondBy + 10 * 60_000 });
      try {
        const mentorPage = await context.newPage();
        await signIn(mentorPage, MENTOR);
        await mentorPage.goto(`/session-request/${bookingId}`);
        const view = mentorPage.getByTestId("booking-view");
        await expect(view).toHaveAttribute("data-status", "pending");
        expect(await seriousAxeViolations(mentorPage)).toEqual([]);
        await view.getByRole("button", { name: "Accept request" }).click();
        await expect(view.getByTestId("notice")).toHaveText("Request accepted. The learner has been told.");
        await expect(view).toHaveAttribute("data-status", "payment_required");
      } finally {
        await context.close();
      }
    });

    await test.step("the learner hears of it at once: the bell counts it and the screen becomes payable, with no reload", async () => {
      await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} unread`);
      await expect(page.getByTestId("booking-view")).toHaveAttribute("data-status", "payment_required");
      await bell.click();
      await expect(panel).toBeVisible();
      const newest = panel.getByRole("listitem").first();
      await expect(newest).toContainText("accepted — pay by");
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Opening it marks it read and goes to the payment.
      await newest.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/session-payment-required/${bookingId}$`));
      await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore} unread`);
    });

    let meetingUrl = "";
    await test.step("the learner pays through the sandbox checkout with UPI and sees the meeting link", async () => {
      await page.goto(`/session-payment-required/${bookingId}`);
      const view = page.getByTestId("booking-view");
      await expect(view).toHaveAttribute("data-status", "payment_required");
      await view.getByTestId("pay").click();
      const checkout = page.getByTestId("sandbox-checkout");
      await expect(checkout).toBeVisible();
      const amount = (await checkout.getByTestId("pay-amount").textContent()) ?? "";
      expect(amount).toMatch(/^₹[\d,]+$/);
      await checkout.getByRole("radio", { name: /^UPI/ }).check();
      await expect(checkout.getByRole("radio", { name: /^UPI/ })).toBeChecked();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await checkout.getByRole("button", { name: `Pay ${amount}` }).click();

      await expect(page).toHaveURL(new RegExp(`/booking-confirmation\\?booking=${bookingId}$`));
      const confirmed = page.getByTestId("booking-view");
      await expect(confirmed).toHaveAttribute("data-status", "confirmed");
      await expect(confirmed.getByRole("heading", { level: 1 })).toHaveText("You’re booked!");
      const link = confirmed.getByRole("link", { name: /^meet\.jit\.si\// });
      await expect(link).toBeVisible();
      meetingUrl = (await link.getAttribute("href")) ?? "";
      expect(meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/\S{20,}$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    await test.step("both sides have the confirmation e-mail with the link and the calendar file", async () => {
      for (const recipient of [LEARNER.email, MENTOR.email]) {
        const mail = await confirmationMail(request, recipient, bookingId);
        expect(mail.links, `the meeting link in the mail to ${recipient}`).toContain(meetingUrl);
        const ics = (mail.attachments ?? []).find((a) => a.filename.endsWith(".ics"));
        expect(ics?.content_type).toMatch(/^text\/calendar/);
        expect(ics?.content).toContain("BEGIN:VEVENT");
        expect(ics?.content).toContain("METHOD:REQUEST");
      }
    });

    await test.step("after the session the learner rates it at /feedback", async () => {
      // Past the session's end on the server (the browser keeps its own clock: the
      // booking's state and allowed actions come from the server).
      const booking = await page.request.get(`/api/bookings/${bookingId}/`, {
        headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` },
      });
      expect(booking.status()).toBe(200);
      const end = Date.parse(((await booking.json()) as { end: string }).end);
      const seconds = Math.ceil((end - (await serverNow(request))) / 1000) + 5 * 60;
      // The first browser leaves before days pass on the server's clock
      // alone: its live notifications would otherwise be read with tokens
      // that lapse there but not in the browser, whose own clock would have
      // ended the session first in real life.
      await page.goto("about:blank");
      const moved = await request.post("/dev/clock/", { data: { advance_seconds: seconds } });
      expect(moved.status(), await moved.text()).toBe(200);
      const now = await serverNow(request);
      expect(now).toBeGreaterThan(end);

      const context = await otherBrowser(browser);
      try {
        const later = await context.newPage();
        const laterErrors = collectErrors(later);
        // The old session's tokens expired with the days that passed: sign in again.
        await signIn(later, LEARNER);
        await later.goto(`/feedback?booking=${bookingId}`);
        const view = later.getByTestId("booking-view");
        await expect(view).toHaveAttribute("data-status", "completed");
        await expect(view.getByRole("heading", { level: 1 })).toHaveText("Rate your session");
        const form = view.getByTestId("feedback-form");
        expect(await seriousAxeViolations(later)).toEqual([]);
        await form.getByRole("radio", { name: /^5 stars/ }).check({ force: true });
        await form.getByLabel(/^Your feedback/).fill(FEEDBACK);
        await form.getByRole("button", { name: "Submit feedback" }).click();
        await expect(view.getByTestId("notice")).toHaveText("Thank you! Your feedback is on the mentor’s profile.");
        await expect(view.getByTestId("feedback-form")).toHaveCount(0);

        await later.goto(mentor.path);
        await expect(later.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
        const review = later.getByText(FEEDBACK);
        await expect(review).toBeVisible();
        await review.scrollIntoViewIfNeeded();
        expect(await seriousAxeViolations(later)).toEqual([]);
        expect(laterErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    expect(errors).toEqual([]);
  });
});

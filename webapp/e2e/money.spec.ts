/**
 * Issue 13's refund through the real UI against the real server (the
 * second server of global-setup.ts, whose clock stands still until a test
 * moves it with POST /dev/clock/): the demo learner books a paid session of
 * the demo mentor (request and acceptance through the API: booking.spec.ts
 * covers them in the UI) and pays through the sandbox checkout; the clock
 * passes the session's end; the learner gives feedback and asks for the
 * 50 % partial refund on the booking page; the demo administrator approves
 * it in the Refunds tab of /dashboard/admin; the learner sees it processed,
 * and the demo mentor's pending balance on the Earnings tab drops by the
 * mentor's share of the refund.
 *
 * The browsers' clocks start at the server's (`clock.install`): the
 * booking page recomputes what may be refunded with the crate's rule at the
 * browser's "now", which must be after the session like the server's.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { collectErrors, seriousAxeViolations } from "./helpers";

const CLOCK_BASE_URL = process.env.E2E_CLOCK_BASE_URL;
const VIEWER_ZONE = "Asia/Kolkata";
test.use({ baseURL: CLOCK_BASE_URL, timezoneId: VIEWER_ZONE, locale: "en-GB" });

const LEARNER = { email: "learner@demo.mentorbridge.in", password: "Learner#2026" };
const MENTOR = { email: "mentor@demo.mentorbridge.in", password: "Mentor#2026" };
const ADMIN = { email: "admin@demo.mentorbridge.in", password: "Admin#2026" };
const FEEDBACK = "Useful, but the call dropped twice and we lost a third of the time.";
const REASON = "The connection dropped twice and we lost about twenty minutes of the session.";

/**
 * `₹1,23,456.50`: ₹ and Indian digit grouping (last three digits, then
 * pairs), paise only when present; written independently of the app.
 */
function rupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const rest = paise % 100;
  const tail = whole.slice(-3);
  let head = whole.slice(0, -3);
  const groups: string[] = [];
  while (head.length > 2) {
    groups.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  if (head) groups.unshift(head);
  return `₹${[...groups, tail].join(",")}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/** The amount in a label such as `₹1,234.50`, in paise. */
function paiseIn(text: string): number {
  const match = /₹([\d,]+)(?:\.(\d{2}))?/.exec(text);
  expect(match, `an amount in "${text}"`).toBeTruthy();
  return Number((match?.[1] ?? "").replace(/,/g, "")) * 100 + Number(match?.[2] ?? "0");
}

/** The server's clock (the test clock's `GET /dev/clock/`), in ms. */
async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get("/dev/clock/");
  expect(answer.status(), "the server runs with TEST_CLOCK=on").toBe(200);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

/** An access token for `account` (`POST /api/login/`). */
async function tokenOf(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const login = await request.post("/api/login/", { data: account });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** A browser of its own (another person's, or the same one later), its clock at the server's. */
async function browserAt(browser: Browser, request: APIRequestContext): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: CLOCK_BASE_URL, timezoneId: VIEWER_ZONE, locale: "en-GB" });
  await context.clock.install({ time: await serverNow(request) });
  return context;
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
}

interface Booking {
  id: string;
  status: string;
  start: string;
  end: string;
  price_paise: number;
}

/**
 * A paid session of the demo mentor requested by the demo learner at the
 * first open time, and accepted: the booking, awaiting payment.
 */
async function paidBookingAwaitingPayment(request: APIRequestContext): Promise<Booking> {
  const learner = await tokenOf(request, LEARNER);
  const mentor = await tokenOf(request, MENTOR);
  const me = await request.get("/auth/users/me/", { headers: bearer(mentor) });
  expect(me.status()).toBe(200);
  const mentorId = ((await me.json()) as { mentor_id: number | null }).mentor_id;
  expect(mentorId, "the demo mentor account manages a profile").toBeTruthy();
  const profile = await request.get(`/api/mentors/${mentorId}/`);
  expect(profile.status()).toBe(200);
  const { services } = (await profile.json()) as { services: { id: number; price: number }[] };
  const paid = services.filter((s) => s.price > 0);
  expect(paid.length, "the demo mentor has a paid service").toBeGreaterThan(0);

  for (const service of paid) {
    const from = new Date(await serverNow(request)).toISOString();
    const to = new Date(Date.parse(from) + 60 * 24 * 3600 * 1000).toISOString();
    const slots = await request.get(`/api/mentors/${mentorId}/slots/?service=${service.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(slots.status(), await slots.text()).toBe(200);
    const open = (await slots.json()) as { start: string; end: string }[];
    const first = open[0];
    if (!first) continue;
    const created = await request.post("/api/bookings/", {
      headers: bearer(learner),
      data: { service_id: service.id, start: first.start, note: "Portfolio review, please." },
    });
    expect(created.status(), await created.text()).toBe(201);
    let booking = (await created.json()) as Booking;
    if (booking.status === "pending") {
      const accepted = await request.post(`/api/bookings/${booking.id}/accept/`, { headers: bearer(mentor), data: {} });
      expect(accepted.status(), await accepted.text()).toBe(200);
      booking = (await accepted.json()) as Booking;
    }
    expect(booking.status).toBe("payment_required");
    expect(booking.price_paise).toBeGreaterThan(0);
    return booking;
  }
  throw new Error("The demo mentor has no open time for a paid service in the next 60 days.");
}

/** The demo mentor's pending balance as the Earnings tab shows it, in paise. */
async function pendingShown(page: Page): Promise<number> {
  await page.goto("/dashboard/mentor?tab=earnings");
  const pending = page.getByTestId("earn-pending");
  await expect(pending).toBeVisible();
  return paiseIn((await pending.locator("dd").first().textContent()) ?? "");
}

test.describe("a partial refund after the session", () => {
  test.skip(!CLOCK_BASE_URL, "global-setup.ts starts the server with the test clock");

  test("the learner pays, gives feedback and asks for 50 %; the admin approves; the learner sees it processed and the mentor's pending balance drops", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const errors = collectErrors(page);
    await page.clock.install({ time: await serverNow(request) });

    let booking: Booking = { id: "", status: "", start: "", end: "", price_paise: 0 };
    await test.step("the demo learner pays for an accepted request through the sandbox checkout", async () => {
      booking = await paidBookingAwaitingPayment(request);
      await signIn(page, LEARNER);
      await page.goto(`/session-payment-required/${booking.id}`);
      const view = page.getByTestId("booking-view");
      await expect(view).toHaveAttribute("data-status", "payment_required");
      await view.getByTestId("pay").click();
      const checkout = page.getByTestId("sandbox-checkout");
      await expect(checkout).toBeVisible();
      const amount = (await checkout.getByTestId("pay-amount").textContent()) ?? "";
      expect(amount).toBe(rupees(booking.price_paise));
      await checkout.getByRole("radio", { name: /^UPI/ }).check();
      await checkout.getByRole("button", { name: `Pay ${amount}` }).click();
      await expect(page).toHaveURL(new RegExp(`/booking-confirmation\\?booking=${booking.id}$`));
      await expect(page.getByTestId("booking-view")).toHaveAttribute("data-status", "confirmed");
    });

    const partial = Math.floor((booking.price_paise * 50) / 100);
    let learnerPage: Page = page;
    await test.step("after the session the learner gives feedback and asks for the partial refund on the booking page", async () => {
      const end = Date.parse(booking.end);
      const seconds = Math.ceil((end - (await serverNow(request))) / 1000) + 5 * 60;
      // The open page leaves before time passes on the server's clock alone:
      // its live notifications would be read with tokens that lapse there
      // but not in the browser (see booking.spec.ts).
      await page.goto("about:blank");
      const moved = await request.post("/dev/clock/", { data: { advance_seconds: seconds } });
      expect(moved.status(), await moved.text()).toBe(200);
      expect(await serverNow(request)).toBeGreaterThan(end);

      // The first session's tokens expired with the time that passed: a new browser, signed in again.
      const context = await browserAt(browser, request);
      learnerPage = await context.newPage();
      const learnerErrors = collectErrors(learnerPage);
      await signIn(learnerPage, LEARNER);
      await learnerPage.goto(`/feedback?booking=${booking.id}`);
      const view = learnerPage.getByTestId("booking-view");
      await expect(view).toHaveAttribute("data-status", "completed");
      const form = view.getByTestId("feedback-form");
      // The radio is visually hidden: its star (the label) is what people click.
      await form.locator("label", { has: learnerPage.getByRole("radio", { name: /^3 stars/ }) }).click();
      await expect(form.getByRole("radio", { name: /^3 stars/ })).toBeChecked();
      await form.getByLabel(/^Your feedback/).fill(FEEDBACK);
      await form.getByRole("button", { name: "Submit feedback" }).click();
      await expect(view.getByTestId("feedback-form")).toHaveCount(0);

      await learnerPage.goto(`/my-bookings/${booking.id}`);
      const panel = learnerPage.getByTestId("refund-panel");
      await expect(panel.getByTestId("refund-captured")).toHaveText(rupees(booking.price_paise));
      const eligibility = panel.getByTestId("refund-eligibility");
      await expect(eligibility).toHaveAttribute("data-eligible", "true");
      await expect(eligibility).toContainText(`partial refund of 50 % (${rupees(partial)})`);
      expect(await seriousAxeViolations(learnerPage)).toEqual([]);
      await eligibility.getByRole("button", { name: "Ask for a refund" }).click();
      const dialog = learnerPage.getByRole("dialog", { name: "Ask for a refund" });
      await dialog.getByLabel(/^Reason/).fill(REASON);
      await dialog.getByRole("button", { name: "Send request" }).click();
      await expect(dialog).toHaveCount(0);
      const refund = panel.getByTestId("refund");
      await expect(refund).toHaveAttribute("data-status", "requested");
      await expect(refund.getByTestId("refund-status")).toBeVisible();
      expect(learnerErrors).toEqual([]);
    });

    let refundId = "";
    let mentorShare = 0;
    await test.step("the refund is the learner's, waiting for a decision; the mentor's share of it follows the published split", async () => {
      const learner = await tokenOf(request, LEARNER);
      const answer = await request.get(`/api/bookings/${booking.id}/refunds/`, { headers: bearer(learner) });
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { refunds: { id: string; status: string; basis: string; requested_paise: number }[] };
      expect(body.refunds.map((r) => [r.status, r.basis, r.requested_paise])).toEqual([["requested", "partial", partial]]);
      refundId = body.refunds[0]?.id ?? "";

      const mentor = await tokenOf(request, MENTOR);
      const earnings = await request.get("/api/mentor/earnings/", { headers: bearer(mentor) });
      expect(earnings.status()).toBe(200);
      const { sessions } = (await earnings.json()) as { sessions: { booking_id: string; gross_paise: number; commission_paise: number; state: string }[] };
      const session = sessions.find((s) => s.booking_id === booking.id);
      expect(session?.gross_paise).toBe(booking.price_paise);
      expect(session?.state).toBe("pending");
      // A refund takes back commission in the payment's proportion (the refund page's rule): the rest comes off the mentor's net.
      const commissionBack = Math.floor(((session?.commission_paise ?? 0) * partial) / booking.price_paise);
      mentorShare = partial - commissionBack;
      expect(mentorShare).toBeGreaterThan(0);
    });

    const mentorContext = await browserAt(browser, request);
    const mentorPage = await mentorContext.newPage();
    let pendingBefore = 0;
    await test.step("the demo mentor's Earnings tab shows the session's net as pending", async () => {
      await signIn(mentorPage, MENTOR);
      pendingBefore = await pendingShown(mentorPage);
      expect(pendingBefore).toBeGreaterThanOrEqual(mentorShare);
    });

    await test.step("the demo administrator approves the request, the amount prefilled with what was asked", async () => {
      const context = await browserAt(browser, request);
      try {
        const admin = await context.newPage();
        const adminErrors = collectErrors(admin);
        await signIn(admin, ADMIN);
        await admin.goto("/dashboard/admin");
        await admin.getByRole("tab", { name: "Refunds" }).click();
        await expect(admin).toHaveURL(/\?section=refunds$/);
        const row = admin.locator(`[data-testid="refund-row"][data-id="${refundId}"]`);
        await expect(row).toContainText("Demo Learner");
        await expect(row).toContainText(rupees(partial));
        await expect(row.getByTestId("refund-age")).toContainText(/Waiting .* of 3–5 · answer by/);
        expect(await seriousAxeViolations(admin)).toEqual([]);
        await row.click();
        const detail = admin.getByTestId("refund-detail");
        await expect(detail.getByRole("heading", { name: `${rupees(partial)} to Demo Learner` })).toBeVisible();
        await expect(detail).toContainText(REASON);
        await expect(detail.getByLabel("Amount to refund (₹)")).toHaveValue(partial % 100 === 0 ? String(partial / 100) : (partial / 100).toFixed(2));
        expect(await seriousAxeViolations(admin)).toEqual([]);
        await detail.getByRole("button", { name: "Approve refund" }).click();
        await expect(admin.getByText(`Approved: ${rupees(partial)} is on its way back to Demo Learner.`)).toBeVisible();
        await expect(admin.locator(`[data-testid="refund-row"][data-id="${refundId}"]`)).toHaveCount(0);

        // It leaves through the gateway (the sandbox's at once): the Processed filter lists it.
        await expect
          .poll(
            async () => {
              await admin.goto("/dashboard/admin?section=refunds&status=processed");
              // The list as loaded (rows, or the words for none), not the screen still on its way.
              await expect(admin.getByTestId("refunds").or(admin.getByTestId("refunds-empty"))).toBeVisible();
              return admin.locator(`[data-testid="refund-row"][data-id="${refundId}"]`).count();
            },
            { message: "the refund listed as processed", timeout: 30_000 },
          )
          .toBe(1);

        await admin.getByRole("tab", { name: "Payouts" }).click();
        await expect(admin.getByTestId("ledger-balanced")).toContainText("The books balance.");
        expect(await seriousAxeViolations(admin)).toEqual([]);
        expect(adminErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    await test.step("the learner sees the refund processed on the booking page", async () => {
      await expect
        .poll(
          async () => {
            await learnerPage.goto(`/my-bookings/${booking.id}`);
            const refund = learnerPage.getByTestId("refund-panel").getByTestId("refund");
            await expect(refund).toBeVisible();
            return refund.getAttribute("data-status");
          },
          { message: "the learner's refund processed" },
        )
        .toBe("processed");
      await expect(learnerPage.getByTestId("refund-refunded")).toHaveText(rupees(partial));
      expect(await seriousAxeViolations(learnerPage)).toEqual([]);
    });

    await test.step("the mentor's pending balance drops by the mentor's share of the refund", async () => {
      const after = await pendingShown(mentorPage);
      expect(after).toBe(pendingBefore - mentorShare);
      await expect(mentorPage.getByTestId("earn-pending").locator("dd").first()).toHaveText(rupees(pendingBefore - mentorShare));
      await mentorContext.close();
    });

    await learnerPage.context().close();
    expect(errors).toEqual([]);
  });
});

test.describe("a payout batch", () => {
  test.skip(!CLOCK_BASE_URL, "global-setup.ts starts the server with the test clock");

  test("the demo administrator pays out the demo money: a batch, its CSV for the bank, a line marked paid, and the ledger still balancing", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.clock.install({ time: await serverNow(request) });
    await signIn(page, ADMIN);
    await page.goto("/dashboard/admin?section=payouts");
    const ledger = page.getByTestId("ledger-totals");
    await expect(ledger.getByTestId("ledger-balanced")).toContainText("The books balance.");
    const paidOutBefore = paiseIn((await ledger.getByTestId("ledger-paid-out").locator("dd").textContent()) ?? "");

    await page.getByRole("button", { name: "Create payout batch" }).click();
    const made = page.getByText(/^Batch \d+ made: \d+ mentors?, ₹[\d,.]+\./);
    await expect(made).toBeVisible();
    const [, batchId, count, total] = /^Batch (\d+) made: (\d+) mentors?, (₹[\d,.]+)\./.exec((await made.textContent()) ?? "") ?? [];
    await expect(page).toHaveURL(new RegExp(`\\?section=payouts&batch=${batchId}$`));
    const detail = page.getByTestId("batch-detail");
    const lines = detail.getByTestId("payout-line");
    await expect(lines).toHaveCount(Number(count));
    expect(Number(count)).toBeGreaterThan(0);
    // Numbers are masked on the screen; the CSV has them in full.
    await expect(detail).not.toContainText(/\d{9,18}/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const download = page.waitForEvent("download");
    await detail.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    // The demo's money is the sandbox's: its file says so, and so does the batch.
    expect(file.suggestedFilename()).toBe(`payout-batch-${batchId}-SANDBOX-no-real-money.csv`);
    await expect(detail.getByTestId("batch-sandbox")).toContainText("do not send its file to a bank");
    const csv = await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => resolve(text));
        stream.on("error", reject);
      }, reject);
    });
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe("payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference,gross_rupees,tds_rupees");
    expect(rows).toHaveLength(Number(count));
    const cells = rows.map((r) => r.split(","));
    expect(new Set(cells.map((c) => c[0]))).toEqual(new Set([batchId]));
    const rupeesSum = cells.reduce((sum, c) => sum + Math.round(Number(c[6]) * 100), 0);
    expect(rupees(rupeesSum)).toBe(total);
    const references = await detail.getByTestId("payout-line").locator("td.am-mono").allTextContents();
    expect(new Set(cells.map((c) => c[7]))).toEqual(new Set(references));

    const first = lines.first();
    const amount = paiseIn((await first.locator("td.am-num").textContent()) ?? "");
    await first.getByRole("button", { name: /as paid$/ }).click();
    await expect(first).toHaveAttribute("data-status", "paid");
    await expect(detail.getByText(/^Marked paid: ₹[\d,.]+ to .+\. They have been e-mailed\.$/)).toBeVisible();
    await expect(ledger.getByTestId("ledger-paid-out").locator("dd")).toHaveText(rupees(paidOutBefore + amount));
    await expect(ledger.getByTestId("ledger-balanced")).toContainText("The books balance.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

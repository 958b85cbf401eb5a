/**
 * Paying through Razorpay's checkout (issue 19) against the real server
 * with PAYMENT_GATEWAY=razorpay (the third server of global-setup.ts, whose
 * gateway is the Razorpay stand-in of api/examples/razorpay_standin.rs):
 * the demo mentor's paid service is confirmed instantly, the demo learner
 * books its earliest open time on the mentor's page, pays with checkout.js
 * loaded from the stand-in (a card payment that fails first, then UPI) and
 * lands on the confirmation with the meeting link. The page's
 * Content-Security-Policy lets the checkout in, the sandbox checkout never
 * shows, and the stand-in sent the server the payment's webhooks.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { collectErrors } from "./helpers";

const RAZORPAY_BASE_URL = process.env.E2E_RAZORPAY_BASE_URL;
const STANDIN_URL = process.env.E2E_RAZORPAY_STANDIN_URL;
const VIEWER_ZONE = "Asia/Kolkata";
test.use({ baseURL: RAZORPAY_BASE_URL, timezoneId: VIEWER_ZONE, locale: "en-GB" });

const LEARNER = { email: "learner@demo.mentorbridge.in", password: "Learner#2026" };
const MENTOR = { email: "mentor@demo.mentorbridge.in", password: "Mentor#2026" };

/** The fields of `POST /api/bookings/{id}/checkout/` this test reads. */
interface CheckoutAnswer {
  gateway: string;
  key_id: string;
  order_id: string;
  amount_paise: number;
  currency: string;
  checkout_url: string;
}

/** A webhook event as `GET /standin/events` lists it. */
interface StandInEvent {
  event: string;
  event_id: string;
  body: string;
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

/** The sources of one directive of a Content-Security-Policy. */
function directive(policy: string, name: string): string[] {
  for (const part of policy.split(";")) {
    const [key, ...sources] = part.trim().split(/\s+/);
    if (key === name) return sources;
  }
  return [];
}

/** The element's `datetime` is the same instant as `iso` (however it is written). */
async function expectInstant(time: Locator, iso: string) {
  await expect.poll(async () => Date.parse((await time.getAttribute("datetime")) ?? ""), { message: `the time ${iso}` }).toBe(Date.parse(iso));
}

/**
 * The demo mentor's catalogue entry and its first paid service, switched to
 * instant confirmation (the demo services wait for the mentor's acceptance)
 * through the mentor's own `PATCH /api/mentor/services/{id}/`.
 */
async function instantPaidService(request: APIRequestContext) {
  const login = await request.post("/api/login/", { data: MENTOR });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const me = await request.get("/auth/users/me/", { headers: auth });
  expect(me.status()).toBe(200);
  const { mentor_id: id } = (await me.json()) as { mentor_id: number | null };
  expect(id, "the demo mentor account manages a profile").toBeTruthy();

  const own = await request.get("/api/mentor/services/", { headers: auth });
  expect(own.status(), await own.text()).toBe(200);
  const services = (await own.json()) as { id: number; title: string; price_paise: number; active: boolean; instant_confirmation: boolean }[];
  const paid = services.find((s) => s.active && s.price_paise > 0);
  expect(paid, "the demo mentor offers a paid service").toBeTruthy();
  const service = paid as (typeof services)[number];
  if (!service.instant_confirmation) {
    const changed = await request.patch(`/api/mentor/services/${service.id}/`, { headers: auth, data: { instant_confirmation: true } });
    expect(changed.status(), await changed.text()).toBe(200);
    expect(((await changed.json()) as { instant_confirmation: boolean }).instant_confirmation).toBe(true);
  }

  const profile = await request.get(`/api/mentors/${id}/`);
  expect(profile.status()).toBe(200);
  const mentor = (await profile.json()) as { name: string; slug: string; services: { id: number; instant_confirmation?: boolean }[] };
  expect(mentor.services.find((s) => s.id === service.id)?.instant_confirmation, "the catalogue shows the service as instant").toBe(true);
  return { name: mentor.name, path: `/mentors/${id}-${mentor.slug}`, service };
}

test.describe("paying through Razorpay's checkout", () => {
  test.skip(!RAZORPAY_BASE_URL || !STANDIN_URL, "global-setup.ts starts the Razorpay stand-in and a server using it");

  test("an instant paid booking: the card fails, UPI succeeds, confirmation with the meeting link, webhooks sent", async ({ page, request }) => {
    test.setTimeout(120_000);
    const standInOrigin = new URL(STANDIN_URL ?? "").origin;
    const errors = collectErrors(page);
    // Whether the app's own sandbox checkout ever showed, however briefly, on any page.
    await page.addInitScript(() => {
      const flag = window as unknown as { __sandboxCheckoutSeen?: boolean };
      flag.__sandboxCheckoutSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="sandbox-checkout"]')) flag.__sandboxCheckoutSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const sandboxCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/payments/sandbox/")) sandboxCalls.push(r.url());
    });

    const mentor = await instantPaidService(request);

    await test.step("the page's Content-Security-Policy lets the stand-in's checkout in", async () => {
      const document = await page.goto("/auth/login");
      expect(document?.status()).toBe(200);
      const policy = (await document?.headerValue("content-security-policy")) ?? "";
      expect(directive(policy, "script-src"), policy).toContain(standInOrigin);
      expect(directive(policy, "frame-src"), policy).toContain(standInOrigin);
      expect(directive(policy, "connect-src"), policy).toContain(standInOrigin);
    });

    let bookingId = "";
    await test.step("the learner books the earliest open time of the instant paid service", async () => {
      await signIn(page, LEARNER);
      await page.goto(mentor.path);
      await expect(page.getByRole("heading", { level: 1, name: mentor.name })).toBeVisible();
      const times = page.getByTestId("profile-slots");
      const choice = times.getByLabel("Session");
      if ((await choice.count()) > 0) await choice.selectOption(String(mentor.service.id));
      else await expect(times.getByTestId("slots-service")).toContainText(mentor.service.title);
      // The first week with open times (the minimum notice may empty this one).
      const first = times.getByTestId("slot-time").first();
      const empty = times.getByTestId("slots-empty");
      await expect(first.or(empty)).toBeVisible();
      for (let week = 0; week < 4 && (await first.count()) === 0; week += 1) {
        await times.getByRole("button", { name: "Next 7 days" }).click();
        await expect(first.or(empty)).toBeVisible();
      }
      const start = (await first.getAttribute("datetime")) ?? "";
      expect(start).not.toBe("");
      await first.click();

      const review = page.getByRole("dialog", { name: "Review your booking" });
      await expect(review).toBeVisible();
      await expect(review.getByTestId("review-summary")).toContainText(mentor.service.title);
      await expect(review.getByTestId("review-price")).toHaveText(/^₹[\d,]+/);
      await expectInstant(review.locator("time"), start);
      await expect(review.getByText("You’ll pay next to confirm the session; the time is held for you until the payment deadline shown on the booking.")).toBeVisible();
      await review.getByRole("button", { name: "Continue to payment" }).click();

      await expect(page).toHaveURL(/\/session-payment-required\/[0-9a-f-]{36}$/);
      bookingId = page.url().split("/").pop() ?? "";
      const view = page.getByTestId("booking-view");
      await expect(view).toHaveAttribute("data-status", "payment_required");
      await expectInstant(view.getByTestId("booking-when").locator("time"), start);
    });

    let order: CheckoutAnswer | undefined;
    const frame = page.frameLocator('iframe[name="razorpay-checkout-frame"]');
    await test.step("Pay opens Razorpay's checkout from the stand-in", async () => {
      const view = page.getByTestId("booking-view");
      const checkout = page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/bookings\/[^/]+\/checkout\/$/.test(new URL(r.url()).pathname));
      await view.getByTestId("pay").click();
      const answer = await checkout;
      expect(answer.status(), await answer.text()).toBe(200);
      order = (await answer.json()) as CheckoutAnswer;
      expect(order.gateway).toBe("razorpay");
      expect(order.key_id).toBe("rzp_test_StandIn0001");
      expect(order.order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
      expect(order.amount_paise).toBe(mentor.service.price_paise);
      expect(order.currency).toBe("INR");
      expect(order.checkout_url).toBe(`${standInOrigin}/v1/checkout.js`);

      await expect(page.getByTitle("Razorpay Checkout")).toBeVisible();
      expect(new URL((await page.getByTitle("Razorpay Checkout").getAttribute("src")) ?? "").origin).toBe(standInOrigin);
      await expect(frame.getByText(`₹${(mentor.service.price_paise / 100).toLocaleString("en-IN")}.00`)).toBeVisible();
      await expect(frame.getByRole("radio", { name: "UPI" })).toBeChecked();
    });

    await test.step("a card payment that fails: the app says so and the checkout stays open", async () => {
      await frame.getByRole("radio", { name: "Card" }).check();
      await frame.getByRole("button", { name: "Failure" }).click();
      const view = page.getByTestId("booking-view");
      await expect(view.getByRole("alert")).toHaveText(/^Payment failed\b.*You can try again\.$/);
      await expect(frame.getByRole("status")).toHaveText("Payment failed. You can try again.");
      await expect(page.getByTitle("Razorpay Checkout")).toBeVisible();
      await expect(frame.getByRole("button", { name: "Success" })).toBeEnabled();
      await expect(view).toHaveAttribute("data-status", "payment_required");
      expect(page.url()).toMatch(new RegExp(`/session-payment-required/${bookingId}$`));
    });

    await test.step("then UPI succeeds: the confirmation with the meeting link", async () => {
      const verified = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/payments/verify/");
      await frame.getByRole("radio", { name: "UPI" }).check();
      await frame.getByRole("button", { name: "Success" }).click();
      const answer = await verified;
      expect(answer.status(), await answer.text()).toBe(200);
      const proof = answer.request().postDataJSON() as Record<string, string>;
      expect(proof.razorpay_order_id).toBe(order?.order_id);
      expect(proof.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
      expect(proof.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);

      await expect(page).toHaveURL(new RegExp(`/booking-confirmation\\?booking=${bookingId}$`));
      await expect(page.getByTitle("Razorpay Checkout")).toHaveCount(0);
      const confirmed = page.getByTestId("booking-view");
      await expect(confirmed).toHaveAttribute("data-status", "confirmed");
      await expect(confirmed.getByRole("heading", { level: 1 })).toHaveText("You’re booked!");
      const link = confirmed.getByRole("link", { name: /^meet\.jit\.si\// });
      await expect(link).toBeVisible();
      expect((await link.getAttribute("href")) ?? "").toMatch(/^https:\/\/meet\.jit\.si\/\S{20,}$/);
    });

    await test.step("the stand-in sent the order's webhooks: the failed card payment, then the captured UPI one", async () => {
      const orderId = order?.order_id ?? "";
      let events: { event: string; status: string; method: string }[] = [];
      await expect
        .poll(
          async () => {
            const answer = await request.get(`${STANDIN_URL}/standin/events`);
            expect(answer.status()).toBe(200);
            events = ((await answer.json()) as StandInEvent[])
              .map((e) => JSON.parse(e.body) as { event: string; payload: { payment?: { entity: { order_id: string; status: string; method: string } } } })
              .filter((e) => e.payload.payment?.entity.order_id === orderId)
              .map((e) => ({ event: e.event, status: e.payload.payment?.entity.status ?? "", method: e.payload.payment?.entity.method ?? "" }));
            return events.map((e) => e.event);
          },
          { message: `the stand-in's events for ${orderId}` },
        )
        .toContain("payment.captured");
      expect(events).toContainEqual({ event: "payment.failed", status: "failed", method: "card" });
      expect(events).toContainEqual({ event: "payment.captured", status: "captured", method: "upi" });
    });

    await test.step("no sandbox checkout, no sandbox payment, no errors", async () => {
      expect(await page.evaluate(() => (window as unknown as { __sandboxCheckoutSeen?: boolean }).__sandboxCheckoutSeen)).toBe(false);
      await expect(page.getByTestId("sandbox-checkout")).toHaveCount(0);
      expect(sandboxCalls).toEqual([]);
    });

    // The stand-in's frame logs its answer to the failed card payment (as
    // Razorpay's own checkout does); nothing else may log an error.
    const failedPayment = `console: Failed to load resource: the server responded with a status of 400 (Bad Request) (${standInOrigin}/v1/checkout/pay)`;
    expect(errors.filter((e) => e === failedPayment)).toHaveLength(1);
    expect(errors.filter((e) => e !== failedPayment)).toEqual([]);
  });
});

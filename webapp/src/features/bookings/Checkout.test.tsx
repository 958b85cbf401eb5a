/**
 * Paying through the sandbox gateway: the checkout opens with the amount
 * and the four methods, a success is verified like Razorpay's callback and
 * leads to the confirmation screen, a failure says so and charges nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, pathOf, renderScreen, resetAuth } from "../../testing";
import { BookingPage } from "./BookingPage";
import { ConfirmationPage } from "./pages";
import { paymentFailed } from "./Checkout";
import { aBooking, aConfirmedBooking } from "./fixtures.test-util";
import type { Checkout } from "./types";

const booking = aBooking({ status: "payment_required", allowed_actions: ["pay", "cancel"], pay_by: new Date(Date.now() + 30 * 60_000).toISOString() });
const ID = booking.id;

const order: Checkout = {
  gateway: "sandbox",
  order_id: "order_SBX123",
  amount_paise: 150_000,
  currency: "INR",
  key_id: null,
  checkout_url: "/api/payments/sandbox/order_SBX123/",
  name: "MentorBridge",
  description: "Mock interview with Asha Rao",
  prefill: { name: "Ravi Kumar", email: "ravi@example.com" },
};

const proof = { razorpay_order_id: "order_SBX123", razorpay_payment_id: "pay_SBX9", razorpay_signature: "abc123" };

function open(extra: Parameters<typeof mockApi>[0]) {
  const calls = mockApi({
    [`GET /api/bookings/${ID}/`]: json(200, booking),
    [`POST /api/bookings/${ID}/checkout/`]: json(200, order),
    ...extra,
  });
  const router = renderScreen(`/session-payment-required/${ID}`, [{ path: "/session-payment-required/:requestId", element: <BookingPage /> }]);
  return { calls, router };
}

beforeEach(() => {
  resetAuth();
  logIn(aUser());
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the sandbox checkout", () => {
  it("pays, verifies the signed fields and goes to the confirmation", async () => {
    const { calls, router } = open({
      "POST /api/payments/sandbox/order_SBX123/pay/": json(200, proof),
      "POST /api/payments/verify/": json(200, aConfirmedBooking()),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pay ₹1,500" }));
    expect(dialog.getAllByRole("radio").map((r) => r.closest("label")?.querySelector(".bk-pay__method-label")?.textContent)).toEqual([
      "UPI",
      "Card",
      "Net banking",
      "Wallet",
    ]);
    fireEvent.click(dialog.getByRole("radio", { name: /Card/ }));
    fireEvent.click(dialog.getByRole("button", { name: "Pay ₹1,500" }));
    await vi.waitFor(() => expect(pathOf(router)).toBe(`/booking-confirmation?booking=${ID}`));
    expect(callsTo(calls, "POST", "/api/payments/sandbox/order_SBX123/pay/")[0]?.body).toEqual({ method: "card", outcome: "success" });
    expect(callsTo(calls, "POST", "/api/payments/verify/")[0]?.body).toEqual(proof);
  });

  it("has a close button that closes the checkout without paying (issue 21)", async () => {
    const { calls } = open({});
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pay ₹1,500" }));
    fireEvent.click(dialog.getByRole("button", { name: "Close checkout" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(calls, "POST", "/api/payments/sandbox/order_SBX123/pay/")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Pay ₹1,500" })).toBeTruthy();
  });

  it("a failed payment says so, verifies nothing and can be tried again", async () => {
    const { calls } = open({
      "POST /api/payments/sandbox/order_SBX123/pay/": (call) =>
        (call.body as { outcome: string }).outcome === "failure" ? json(402, { detail: "Payment failed: the bank declined the payment." }) : json(200, proof),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pay ₹1,500" }));
    fireEvent.click(dialog.getByRole("button", { name: "Simulate a failed payment" }));
    expect(await dialog.findByText("Payment failed: the bank declined the payment.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/payments/sandbox/order_SBX123/pay/")[0]?.body).toEqual({ method: "upi", outcome: "failure" });
    expect(callsTo(calls, "POST", "/api/payments/verify/")).toHaveLength(0);
    expect((dialog.getByRole("button", { name: "Pay ₹1,500" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a signature the server cannot verify: its message, the booking unchanged", async () => {
    const message = "The payment could not be verified. You have not been charged twice; please try again.";
    open({
      "POST /api/payments/sandbox/order_SBX123/pay/": json(200, proof),
      "POST /api/payments/verify/": json(400, { detail: message }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Pay ₹1,500" }));
    expect(await dialog.findByText(message)).toBeTruthy();
  });

  it("a hold that lapsed: the checkout's refusal on the page", async () => {
    open({ [`POST /api/bookings/${ID}/checkout/`]: json(409, { detail: "The time held for payment has run out. Please choose the slot again." }) });
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    expect(await screen.findByText("The time held for payment has run out. Please choose the slot again.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("what the verification answers", () => {
  it("the gateway says the payment failed (402): its words in the checkout, nowhere else to go, and paying again is possible", async () => {
    const message = "Payment failed: your bank did not approve it. No money was taken; please try again.";
    const { calls, router } = open({
      "POST /api/payments/sandbox/order_SBX123/pay/": json(200, proof),
      "POST /api/payments/verify/": json(402, { detail: message }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pay ₹1,500" }));
    fireEvent.click(dialog.getByRole("button", { name: "Pay ₹1,500" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(message);
    expect(pathOf(router)).toBe(`/session-payment-required/${ID}`);
    expect(callsTo(calls, "POST", "/api/payments/verify/").map((c) => c.body)).toEqual([proof]);
    expect((dialog.getByRole("button", { name: "Pay ₹1,500" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("verified but not yet confirmed by the gateway: the confirmation screen says the payment is being confirmed, with no Pay", async () => {
    const waiting = { ...booking, payment_confirming: true, pay_by: booking.start };
    let verified = false;
    const calls = mockApi({
      [`GET /api/bookings/${ID}/`]: () => json(200, verified ? waiting : booking),
      [`POST /api/bookings/${ID}/checkout/`]: json(200, order),
      "POST /api/payments/sandbox/order_SBX123/pay/": json(200, proof),
      "POST /api/payments/verify/": () => {
        verified = true;
        return json(200, waiting);
      },
    });
    const router = renderScreen(`/session-payment-required/${ID}`, [
      { path: "/session-payment-required/:requestId", element: <BookingPage /> },
      { path: "/booking-confirmation", element: <ConfirmationPage /> },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹1,500" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pay ₹1,500" }));
    fireEvent.click(dialog.getByRole("button", { name: "Pay ₹1,500" }));
    await vi.waitFor(() => expect(pathOf(router)).toBe(`/booking-confirmation?booking=${ID}`));
    expect((await screen.findByRole("heading", { level: 1, name: "We’re confirming your payment" })).textContent).toBe("We’re confirming your payment");
    expect(screen.getByTestId("next-step").textContent).toMatch(/^We’re confirming your payment with the bank\. .* You haven’t been charged twice\.$/);
    expect(screen.getByTestId("booking-status").textContent).toBe("Confirming payment");
    expect(screen.queryByText("You’re booked!")).toBeNull();
    expect(screen.queryByTestId("pay")).toBeNull();
    expect(callsTo(calls, "POST", "/api/payments/verify/")).toHaveLength(1);
  });
});

describe("a failed attempt at the gateway's checkout", () => {
  it("gives the gateway's reason once, with one full stop, and what to do next", () => {
    expect(paymentFailed("Payment failed")).toBe("Payment failed: your bank did not approve it. You can try again.");
    expect(paymentFailed("Your bank declined it.")).toBe("Payment failed: Your bank declined it. You can try again.");
    expect(paymentFailed("Payment failed: card expired.")).toBe("Payment failed: card expired. You can try again.");
    expect(paymentFailed(undefined)).toBe("Payment failed: your bank did not approve it. You can try again.");
  });
});

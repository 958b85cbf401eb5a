/**
 * The booking page's refunds: what the learner may ask for now (the
 * server's answer, or the crate's rule at this moment when the answer
 * carries the capture time), the request and its refusals, and each
 * refund's way from the request to the money back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, useFakeClock, type Handler } from "../../testing";
import { readEligibility, type Refund } from "./api";
import { BookingPage } from "./BookingPage";
import { aBooking, aConfirmedBooking, HOUR } from "./fixtures.test-util";
import { cancelInsteadAt, eligibilityAt, REFUND_POLL_MS, refundSteps } from "./RefundPanel";
import type { Booking } from "./types";

const ID = aBooking().id;
const PATH = `/my-bookings/${ID}`;
const REFUNDS = `/api/bookings/${ID}/refunds/`;
const REQUEST = `/api/bookings/${ID}/refund-request/`;

function routes() {
  return [{ path: "/my-bookings/:id", element: <BookingPage /> }];
}

/** A session that ended two hours ago, rated an hour ago. */
function aCompletedBooking(overrides: Partial<Booking> = {}): Booking {
  const start = Date.now() - 3 * HOUR;
  return aConfirmedBooking({
    status: "completed",
    start: new Date(start).toISOString(),
    end: new Date(start + HOUR).toISOString(),
    allowed_actions: [],
    feedback: { rating: 2, text: "Mostly off topic.", created_at: new Date(Date.now() - HOUR).toISOString() },
    ...overrides,
  });
}

function aRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: "rf_1",
    booking_id: ID,
    status: "requested",
    basis: "partial",
    automatic: false,
    reason: "The mentor talked about something else.",
    requested_paise: 75_000,
    amount_paise: null,
    decision_note: null,
    requested_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    decided_at: null,
    processed_at: null,
    failed_at: null,
    failure_reason: "",
    ...overrides,
  };
}

const PARTIAL_OPEN = {
  eligible: true,
  automatic: false,
  basis: "partial",
  max_paise: 75_000,
  closes_at: new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
  message: "You gave feedback in time, so you may ask for a 50% refund of what you paid.",
};

/** The answer's verdict when asking is not possible. */
function closed(message: string) {
  return { eligible: false, automatic: false, basis: null, max_paise: 0, closes_at: null, message };
}

/** The rules' input as the answer carries it: a confirmed session paid `paidAgo` ms ago, starting in two days. */
function factsOf(booking: Booking, paidAgo: number) {
  return {
    status: booking.status,
    startMs: Date.parse(booking.start),
    endMs: Date.parse(booking.end),
    cancelledBy: null,
    noShowBy: null,
    noShowChoice: null,
    refundOwedPaise: 0,
    capturedPaise: 150_000,
    capturedAtMs: Date.now() - paidAgo,
    refundedPaise: 0,
    openRequest: false,
    feedbackAtMs: null,
  };
}

function serve(booking: Booking, refunds: Record<string, unknown> | Handler, extra: Record<string, Handler | Response> = {}) {
  return mockApi({
    [`GET /api/bookings/${booking.id}/`]: json(200, booking),
    [`GET ${REFUNDS}`]: typeof refunds === "function" ? refunds : () => json(200, refunds),
    [`GET /api/bookings/${booking.id}/receipts/`]: json(200, []),
    ...extra,
  });
}

beforeEach(() => {
  resetAuth();
  logIn(Object.assign(aUser(), { time_zone: "Asia/Kolkata" }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("what the learner may ask for", () => {
  it("a rated session: the partial share, the most that may come back and until when, from the server's answer", async () => {
    serve(aCompletedBooking(), { eligibility: PARTIAL_OPEN, refunds: [], captured_paise: 150_000, refunded_paise: 0 });
    renderScreen(PATH, routes());
    const panel = await screen.findByTestId("refund-panel");
    expect(within(panel).getByRole("heading", { level: 2 }).textContent).toBe("Refunds");
    expect(within(panel).getByTestId("refund-captured").textContent).toBe("₹1,500");
    expect(within(panel).getByTestId("refund-refunded").textContent).toBe("₹0");
    const eligibility = within(panel).getByTestId("refund-eligibility");
    expect(eligibility.dataset["eligible"]).toBe("true");
    expect(eligibility.textContent).toContain(PARTIAL_OPEN.message);
    expect(within(panel).getByTestId("refund-closes").textContent).toMatch(/^You can ask until \d{1,2}:\d{2} [ap]m India Standard Time on \w{3}, \d{1,2} \w{3} \(5 days from now\)\.$/);
    expect(within(panel).getByRole("link", { name: "How refunds work" }).getAttribute("href")).toBe("/refund");
  });

  it("reads the answer's verdict into the crate's shape", () => {
    const closes = "2026-12-01T10:00:00Z";
    expect(readEligibility({ eligible: true, automatic: false, basis: "unused", max_paise: 150_000, closes_at: closes, message: "m" })).toEqual({
      eligible: true,
      automatic: false,
      basis: "unused",
      maxPaise: 150_000,
      closesAtMs: Date.parse(closes),
      message: "m",
    });
    expect(readEligibility(closed("no"))?.closesAtMs).toBeNull();
    expect(readEligibility({ message: "no verdict" })).toBeNull();
  });

  it("not eligible: the rule's words and no request button", async () => {
    const message = "Refund requests close 7 days after the payment.";
    serve(aConfirmedBooking(), { eligibility: closed(message), refunds: [], captured_paise: 150_000, refunded_paise: 0 });
    renderScreen(PATH, routes());
    const eligibility = await screen.findByTestId("refund-eligibility");
    expect(eligibility.dataset["eligible"]).toBe("false");
    expect(eligibility.textContent).toBe(message);
    expect(within(screen.getByTestId("refund-panel")).queryByRole("button")).toBeNull();
  });

  it("the crate's rule at this moment wins over the answer's verdict: the 7 days after the payment have passed", async () => {
    // The server said yes when it answered; the payment was 8 days ago, so by the rule the window is closed now.
    // The session starts in 6 hours, inside the notice: cancelling would not refund either.
    const soon = Date.now() + 6 * HOUR;
    const booking = aConfirmedBooking({ start: new Date(soon).toISOString(), end: new Date(soon + HOUR).toISOString(), allowed_actions: [] });
    serve(booking, {
      eligibility: { ...PARTIAL_OPEN, basis: "unused", max_paise: 150_000 },
      refunds: [],
      captured_paise: 150_000,
      refunded_paise: 0,
      facts: factsOf(booking, 8 * 24 * HOUR),
    });
    renderScreen(PATH, routes());
    const eligibility = await screen.findByTestId("refund-eligibility");
    expect(eligibility.dataset["eligible"]).toBe("false");
    expect(eligibility.textContent).toMatch(/7 days after the payment/);
    expect(within(screen.getByTestId("refund-panel")).queryByRole("button", { name: "Ask for a refund" })).toBeNull();
  });

  it("a session just taken, not yet rated: the crate's rule says feedback opens the partial refund, and until when", async () => {
    const booking = aCompletedBooking({ feedback: null, allowed_actions: ["feedback"] });
    serve(booking, {
      eligibility: closed("stale"),
      refunds: [],
      captured_paise: 150_000,
      refunded_paise: 0,
      facts: { ...factsOf(booking, 3 * 24 * HOUR), status: "completed" },
    });
    renderScreen(PATH, routes());
    const eligibility = await screen.findByTestId("refund-eligibility");
    expect(eligibility.dataset["eligible"]).toBe("false");
    expect(eligibility.textContent).toMatch(/give feedback within 48 hours of the session's end and you can ask for a 50\s?% refund/);
    expect(within(eligibility).getByTestId("refund-closes").textContent).toMatch(/^Give your feedback by .* \(46 hours from now\)\.$/);
  });

  it("by the crate's rule, a session not yet taken may be refunded in full until 7 days after the payment", () => {
    const booking = aConfirmedBooking();
    const facts = factsOf(booking, 24 * HOUR);
    const stale = readEligibility(closed("stale"));
    if (!stale) throw new Error("unread");
    const verdict = eligibilityAt({ eligibility: stale, refunds: [], captured_paise: 150_000, refunded_paise: 0, facts }, Date.now());
    expect(verdict).toMatchObject({ eligible: true, automatic: false, basis: "unused", maxPaise: 150_000, closesAtMs: facts.capturedAtMs + 7 * 24 * HOUR });
  });

  it("cancel first: while cancelling refunds everything at once, the panel offers cancelling, not a refund request (issue 21)", async () => {
    // Paid a day ago, starting in two days: well before the 12-hour notice.
    const booking = aConfirmedBooking();
    serve(booking, {
      eligibility: { ...PARTIAL_OPEN, basis: "unused", max_paise: 150_000 },
      refunds: [],
      captured_paise: 150_000,
      refunded_paise: 0,
      facts: factsOf(booking, 24 * HOUR),
    });
    renderScreen(PATH, routes());
    const eligibility = await screen.findByTestId("refund-eligibility");
    expect(eligibility.dataset["cancelFirst"]).toBe("true");
    expect(eligibility.textContent).toMatch(/^Cancel the session to get all ₹1,500 back at once: cancelling up to 12 hours before the start refunds everything you paid/);
    expect(within(eligibility).getByTestId("refund-closes").textContent).toMatch(/^Cancelling refunds in full until .* \(3\d hours?[^)]*from now\)\.$/);
    const panel = within(screen.getByTestId("refund-panel"));
    expect(panel.queryByRole("button", { name: "Ask for a refund" })).toBeNull();
    // The panel's button opens the cancel dialog, which says what it is.
    fireEvent.click(panel.getByRole("button", { name: "Cancel for a full refund" }));
    const dialog = await screen.findByTestId("cancel-dialog");
    expect(within(dialog).getByRole("heading", { level: 2 }).textContent).toBe("Cancel this session?");
    expect(dialog.textContent).toContain("You’ll get a full refund of ₹1,500.");
  });

  it("inside the notice, where cancelling no longer refunds, the request is offered (the crate's refundOffer decides)", () => {
    const soon = Date.now() + 6 * HOUR;
    const booking = aConfirmedBooking({ start: new Date(soon).toISOString(), end: new Date(soon + HOUR).toISOString() });
    const data = { eligibility: closed("stale"), refunds: [], captured_paise: 150_000, refunded_paise: 0, facts: factsOf(booking, 24 * HOUR) };
    const read = readEligibility(data.eligibility);
    if (!read) throw new Error("unread");
    expect(cancelInsteadAt({ ...data, eligibility: read }, Date.now())).toBeUndefined();
    expect(eligibilityAt({ ...data, eligibility: read }, Date.now())).toMatchObject({ eligible: true, basis: "unused" });
    const early = aConfirmedBooking();
    expect(cancelInsteadAt({ ...data, eligibility: read, facts: factsOf(early, 24 * HOUR) }, Date.now())).toMatchObject({ untilMs: Date.parse(early.start) - 12 * HOUR });
  });

  it("without facts, the server's verdict stands", () => {
    const verdict = { eligible: true, automatic: false, basis: "unused" as const, maxPaise: 150_000, closesAtMs: null, message: "yes" };
    expect(eligibilityAt({ eligibility: verdict, refunds: [], captured_paise: 150_000, refunded_paise: 0, facts: null }, Date.now())).toBe(verdict);
  });

  it("shows nothing for a booking nothing was paid for, and does not ask", async () => {
    const calls = serve(aBooking({ status: "payment_required", allowed_actions: ["pay", "cancel"], pay_by: new Date(Date.now() + 20 * 60_000).toISOString() }), {});
    renderScreen(PATH, routes());
    await screen.findByTestId("booking-view");
    expect(screen.queryByTestId("refund-panel")).toBeNull();
    expect(callsTo(calls, "GET", REFUNDS)).toHaveLength(0);
  });

  it("shows nothing when nothing was captured and there are no refunds (a cancelled, unpaid booking)", async () => {
    const calls = serve(aBooking({ status: "cancelled", cancelled_by: "learner", allowed_actions: [] }), {
      eligibility: closed("Nothing was paid."),
      refunds: [],
      captured_paise: 0,
      refunded_paise: 0,
    });
    renderScreen(PATH, routes());
    await waitFor(() => expect(callsTo(calls, "GET", REFUNDS)).toHaveLength(1));
    expect(screen.queryByTestId("refund-panel")).toBeNull();
  });
});

describe("asking for a refund", () => {
  it("asks for a reason, sends it, and shows the request under review", async () => {
    const booking = aCompletedBooking();
    let asked = false;
    const calls = serve(
      booking,
      () =>
        json(200, {
          eligibility: asked ? closed("Your refund request is being reviewed; we answer within 3–5 business days.") : PARTIAL_OPEN,
          refunds: asked ? [aRefund()] : [],
          captured_paise: 150_000,
          refunded_paise: 0,
        }),
      {
        [`POST ${REQUEST}`]: () => {
          asked = true;
          return json(201, aRefund());
        },
      },
    );
    renderScreen(PATH, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Ask for a refund" }));
    const dialog = await screen.findByTestId("refund-dialog");
    expect(within(dialog).getByTestId("refund-terms").textContent).toBe(
      "As the session took place, you can ask for 50% of what you paid: up to ₹750. Tell us what went wrong; we review it and answer within 3–5 business days.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByText("Tell us why you are asking for a refund.")).toBeTruthy();
    expect(callsTo(calls, "POST", REQUEST)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "  The mentor talked about something else.  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect((await screen.findByTestId("refund-notice")).textContent).toBe("Your request is in. We answer within 3–5 business days and e-mail you either way.");
    expect(screen.queryByTestId("refund-dialog")).toBeNull();
    expect(callsTo(calls, "POST", REQUEST).map((c) => c.body)).toEqual([{ reason: "The mentor talked about something else." }]);

    const refund = await screen.findByTestId("refund");
    expect(within(refund).getByTestId("refund-status").textContent).toBe("Under review");
    expect(within(refund).getByRole("heading", { level: 3 }).textContent).toBe("₹750 · Partial refund (50%)");
    const steps = within(refund).getAllByRole("listitem");
    expect(steps.map((s) => s.className)).toEqual(["rf-step rf-step--done", "rf-step rf-step--current", "rf-step rf-step--upcoming"]);
    expect(steps[1]?.getAttribute("aria-current")).toBe("step");
    expect(steps[0]?.textContent).toContain("“The mentor talked about something else.”");
    expect(screen.getByTestId("refund-eligibility").textContent).toContain("being reviewed");
  });

  it("a refusal by the rules (409): its words in the dialog, and the refunds are read again", async () => {
    const detail = "Refund requests close 7 days after the payment.";
    const calls = serve(aCompletedBooking(), { eligibility: PARTIAL_OPEN, refunds: [], captured_paise: 150_000, refunded_paise: 0 }, { [`POST ${REQUEST}`]: json(409, { detail }) });
    renderScreen(PATH, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Ask for a refund" }));
    const dialog = await screen.findByTestId("refund-dialog");
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Not useful." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, "GET", REFUNDS)).toHaveLength(2));
  });

  it("the server's field message for the reason (400) shows under the field", async () => {
    const message = "Write at least one character that is not a space or a symbol.";
    serve(aCompletedBooking(), { eligibility: PARTIAL_OPEN, refunds: [], captured_paise: 150_000, refunded_paise: 0 }, { [`POST ${REQUEST}`]: json(400, { reason: [message] }) });
    renderScreen(PATH, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Ask for a refund" }));
    const dialog = await screen.findByTestId("refund-dialog");
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "…" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Reason/).getAttribute("aria-invalid")).toBe("true");
  });

  it("an amount owed goes straight through: the button names it and the refund is on its way", async () => {
    const booking = aBooking({ status: "cancelled", cancelled_by: "mentor", allowed_actions: [], refund_owed_paise: 150_000 });
    const made = aRefund({ status: "pending", basis: "mentor_cancelled", automatic: true, reason: "", requested_paise: 150_000, amount_paise: 150_000 });
    let asked = false;
    const calls = serve(
      booking,
      () =>
        json(200, {
          eligibility: asked
            ? closed("Everything you paid is being refunded.")
            : { eligible: true, automatic: true, basis: "mentor_cancelled", max_paise: 150_000, closes_at: null, message: "Your mentor cancelled, so everything you paid comes back." },
          refunds: asked ? [made] : [],
          captured_paise: 150_000,
          refunded_paise: asked ? 150_000 : 0,
        }),
      {
        [`POST ${REQUEST}`]: () => {
          asked = true;
          return json(201, made);
        },
      },
    );
    renderScreen(PATH, routes());
    expect((await screen.findByTestId("refund-eligibility")).textContent).toContain("Your mentor cancelled, so everything you paid comes back.");
    fireEvent.click(screen.getByRole("button", { name: "Get my refund" }));
    const dialog = await screen.findByTestId("refund-dialog");
    expect(within(dialog).getByTestId("refund-terms").textContent).toMatch(/^₹1,500 is owed back to you, so it goes straight through: no review needed\./);
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund ₹1,500" }));
    expect((await screen.findByTestId("refund-notice")).textContent).toBe("₹1,500 is on its way back to the payment method you used.");
    expect(callsTo(calls, "POST", REQUEST)).toHaveLength(1);
    expect(within(await screen.findByTestId("refund")).getByTestId("refund-status").textContent).toBe("On its way");
  });
});

describe("a refund's way", () => {
  it("automatic and processed: started, then refunded, no review step", () => {
    const refund = aRefund({ status: "processed", basis: "mentor_no_show", automatic: true, reason: "", requested_paise: 150_000, amount_paise: 150_000, processed_at: new Date().toISOString() });
    expect(refundSteps(refund).map((s) => [s.label, s.state])).toEqual([
      ["Refund started", "done"],
      ["Refunded ₹1,500", "done"],
    ]);
    expect(refundSteps(refund)[0]?.detail).toBe("Mentor missed the session: no review needed.");
  });

  it("approved for less than asked: the approval says both amounts", () => {
    const refund = aRefund({ status: "pending", amount_paise: 50_000, decided_at: new Date().toISOString(), decision_note: "Half the session was useful." });
    expect(refundSteps(refund).map((s) => [s.label, s.state])).toEqual([
      ["Requested", "done"],
      ["Approved: ₹500 of the ₹750 asked for", "done"],
      ["On its way", "current"],
    ]);
    expect(refundSteps(refund)[1]?.detail).toBe("Half the session was useful.");
  });

  it("rejected: stops at the decision, with the reason", () => {
    const refund = aRefund({ status: "rejected", decided_at: new Date().toISOString(), decision_note: "The session ran in full as described." });
    expect(refundSteps(refund).map((s) => [s.label, s.state, s.detail ?? null])).toEqual([
      ["Requested", "done", "“The mentor talked about something else.”"],
      ["Not approved", "stopped", "The session ran in full as described."],
    ]);
  });

  it("failed at the gateway: the reason and what the learner can do", () => {
    const refund = aRefund({ status: "failed", amount_paise: 75_000, decided_at: new Date().toISOString(), failed_at: new Date().toISOString(), failure_reason: "The bank account is closed." });
    const last = refundSteps(refund).at(-1);
    expect(last?.state).toBe("failed");
    expect(last?.detail).toBe("The bank account is closed. Nothing was taken from the amount owed to you: you can ask again, or write to support.");
  });

  it("lists the newest first, each with its status and times in the viewer's zone", async () => {
    const older = aRefund({ id: "rf_old", status: "rejected", requested_at: "2026-11-20T04:30:00Z", decided_at: "2026-11-21T06:00:00Z", decision_note: "No." });
    const newer = aRefund({ id: "rf_new", status: "processed", amount_paise: 75_000, requested_at: "2026-11-22T04:30:00Z", decided_at: "2026-11-23T06:00:00Z", processed_at: "2026-11-23T06:01:00Z" });
    serve(aCompletedBooking(), { eligibility: closed("Already refunded."), refunds: [older, newer], captured_paise: 150_000, refunded_paise: 75_000 });
    renderScreen(PATH, routes());
    const shown = await screen.findAllByTestId("refund");
    expect(shown.map((r) => r.dataset["status"])).toEqual(["processed", "rejected"]);
    expect(within(shown[0] as HTMLElement).getByTestId("refund-status").textContent).toBe("Refunded");
    const times = Array.from((shown[0] as HTMLElement).querySelectorAll("time"));
    expect(times.map((t) => t.getAttribute("datetime"))).toEqual([newer.requested_at, newer.decided_at, newer.processed_at]);
    // The day in the browser's own order ("22 Nov" or "Nov 22"), the time in the viewer's zone.
    expect(times.map((t) => t.textContent)).toEqual([
      expect.stringMatching(/^Sun, 22 Nov 2026, 10:00 am India Standard Time$/),
      expect.stringMatching(/^Mon, 23 Nov 2026, 11:30 am India Standard Time$/),
      expect.stringMatching(/^Mon, 23 Nov 2026, 11:31 am India Standard Time$/),
    ]);
    expect(screen.getByTestId("refund-refunded").textContent).toBe("₹750");
  });

  it.each(["mentor", "admin"] as const)("the booking's %s sees its refunds, without the learner's form", async (role) => {
    serve(aCompletedBooking({ role }), {
      eligibility: { ...PARTIAL_OPEN, message: "You may ask." },
      refunds: [aRefund()],
      captured_paise: 150_000,
      refunded_paise: 0,
    });
    renderScreen(PATH, routes());
    const panel = await screen.findByTestId("refund-panel");
    expect(within(panel).getByTestId("refund")).toBeTruthy();
    expect(within(panel).queryByTestId("refund-eligibility")).toBeNull();
    expect(within(panel).queryByRole("button")).toBeNull();
  });
});

describe("a refund on its way", () => {
  it("is read again until it settles", async () => {
    useFakeClock();
    let settled = false;
    const pending = aRefund({ status: "pending", basis: "mentor_cancelled", automatic: true, reason: "", requested_paise: 150_000, amount_paise: 150_000 });
    const calls = serve(aBooking({ status: "cancelled", cancelled_by: "mentor", allowed_actions: [], refund_owed_paise: 150_000 }), () =>
      json(200, {
        eligibility: closed("Everything you paid is being refunded."),
        refunds: [settled ? { ...pending, status: "processed", processed_at: new Date().toISOString() } : pending],
        captured_paise: 150_000,
        refunded_paise: 150_000,
      }),
    );
    renderScreen(PATH, routes());
    expect((await screen.findByTestId("refund-status")).textContent).toBe("On its way");
    settled = true;
    await vi.advanceTimersByTimeAsync(REFUND_POLL_MS);
    await waitFor(() => expect(screen.getByTestId("refund-status").textContent).toBe("Refunded"));
    const reads = callsTo(calls, "GET", REFUNDS).length;
    await vi.advanceTimersByTimeAsync(3 * REFUND_POLL_MS);
    expect(callsTo(calls, "GET", REFUNDS)).toHaveLength(reads);
  });
});

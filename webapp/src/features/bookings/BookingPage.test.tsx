/**
 * The booking screens: whatever route a booking is opened on, its real
 * state and next action; the not-found page for a 404 (someone else's
 * booking too); the cancel dialog; the mentor's accept; the feedback form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, pathOf, renderScreen, resetAuth, useFakeClock } from "../../testing";
import { BookingPage } from "./BookingPage";
import { aBooking, aConfirmedBooking, HOUR } from "./fixtures.test-util";
import { ConfirmationPage, FeedbackPage } from "./pages";
import type { Booking } from "./types";

const ID = aBooking().id;

function routes() {
  return [
    { path: "/session-request/:requestId", element: <BookingPage /> },
    { path: "/session-request-pending/:requestId", element: <BookingPage /> },
    { path: "/session-confirmed/:sessionId", element: <BookingPage /> },
    { path: "/session-payment-required/:requestId", element: <BookingPage /> },
    { path: "/session-request-cancelled/:requestId", element: <BookingPage /> },
    { path: "/my-bookings/:id", element: <BookingPage /> },
    { path: "/booking-confirmation", element: <ConfirmationPage /> },
    { path: "/feedback", element: <FeedbackPage /> },
  ];
}

function serve(booking: Booking, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ [`GET /api/bookings/${booking.id}/`]: json(200, booking), ...extra });
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

describe("the booking's real state, whatever the route", () => {
  it("a pending request: the mentor's deadline in the viewer's zone, and withdrawing", async () => {
    const respondBy = new Date(Date.now() + 5 * HOUR);
    serve(aBooking({ respond_by: respondBy.toISOString() }));
    renderScreen(`/session-confirmed/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Request sent");
    const next = screen.getByTestId("next-step").textContent ?? "";
    expect(next).toMatch(/^Your mentor has until \d{1,2}:\d{2} [ap]m India Standard Time (today|tomorrow) \(\d+ hours? ?(\d+ minutes?)? from now\) to respond\./);
    expect(screen.getByTestId("booking-status").textContent).toBe("Awaiting mentor");
    expect(screen.getByTestId("booking-when").textContent).toContain("India Standard Time");
    expect(screen.getByTestId("booking-when").textContent).toContain("India Standard Time");
    const actions = within(screen.getByTestId("booking-actions"));
    expect(actions.getAllByRole("button").map((b) => b.textContent)).toEqual(["Withdraw request"]);
  });

  it("payment due: Pay with the price label", async () => {
    serve(aBooking({ status: "payment_required", allowed_actions: ["pay", "cancel"], pay_by: new Date(Date.now() + 25 * 60_000).toISOString() }));
    renderScreen(`/session-request/${ID}`, routes());
    expect(await screen.findByRole("button", { name: "Pay ₹1,500" })).toBeTruthy();
    expect(screen.getByTestId("next-step").textContent).toMatch(/^Pay by .* \(25 minutes from now\) to keep this time\./);
  });

  it("confirmed, hours away: join is disabled until 10 minutes before, and the calendar file is offered", async () => {
    serve(aConfirmedBooking());
    renderScreen(`/session-request-pending/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your session is confirmed");
    const join = screen.getByTestId("join");
    expect(join.tagName).toBe("BUTTON");
    expect((join as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("You can join from 10 minutes before the start.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add to calendar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reschedule" })).toBeTruthy();
  });

  it("confirmed, in the window: join opens the meeting link in a new tab", async () => {
    const start = Date.now() + 5 * 60_000;
    serve(aConfirmedBooking({ start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), allowed_actions: ["join"] }));
    renderScreen(`/booking-confirmation?booking=${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("You’re booked!");
    const join = screen.getByRole("link", { name: /Join session/ });
    expect(join.getAttribute("href")).toBe("https://meet.jit.si/MentorBridge-abc");
    expect(join.getAttribute("target")).toBe("_blank");
  });

  it("completed: leave feedback", async () => {
    const start = Date.now() - 3 * HOUR;
    serve(aConfirmedBooking({ status: "completed", start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), allowed_actions: ["no_show", "feedback"] }));
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Session completed");
    expect(screen.getByRole("link", { name: "Leave feedback" }).getAttribute("href")).toBe(`/feedback?booking=${ID}`);
    expect(screen.getByRole("button", { name: "Asha didn’t join?" })).toBeTruthy();
  });

  it("cancelled by the mentor: the reason, the refund, and booking another time", async () => {
    serve(aBooking({ status: "cancelled", allowed_actions: [], cancelled_by: "mentor", cancel_reason: "Travelling that week.", refund_owed_paise: 150_000 }));
    renderScreen(`/session-confirmed/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This session was cancelled");
    expect(screen.getByTestId("next-step").textContent).toBe("Asha couldn’t take this session. A refund of ₹1,500 is on its way.");
    expect(screen.getByText("Travelling that week.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book another time with Asha" }).getAttribute("href")).toBe("/mentors/12-asha-rao");
    expect(within(screen.getByTestId("booking-actions")).queryAllByRole("button")).toHaveLength(0);
  });

  it("expired unpaid: the hold was released, nothing was charged", async () => {
    serve(aBooking({ status: "expired", allowed_actions: [], pay_by: new Date(Date.now() - HOUR).toISOString() }));
    renderScreen(`/session-request/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("The payment window closed");
    expect(screen.getByTestId("booking-status").textContent).toBe("Expired");
    expect(screen.getByRole("link", { name: "Book another time with Asha" })).toBeTruthy();
  });

  it("a request whose deadline passed while the screen was open reads as expired by the crate's rules", async () => {
    serve(aBooking({ respond_by: new Date(Date.now() - 60_000).toISOString() }));
    renderScreen(`/session-request-pending/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This request expired");
    expect(within(screen.getByTestId("booking-actions")).queryAllByRole("button")).toHaveLength(0);
  });

  it("a mentor who did not join, the learner chose a new time: choosing it is the next action", async () => {
    const start = Date.now() - 2 * HOUR;
    serve(
      aConfirmedBooking({
        status: "no_show",
        start: new Date(start).toISOString(),
        end: new Date(start + HOUR).toISOString(),
        no_show_by: "mentor",
        no_show_choice: "reschedule",
        allowed_actions: ["reschedule"],
      }),
    );
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Missed session");
    expect(screen.getByTestId("next-step").textContent).toBe("Asha was reported as not joining. Choose a new time below, at no extra cost.");
    expect(screen.getByRole("button", { name: "Choose a new time" })).toBeTruthy();
  });

  it("someone else's booking, or none: the not-found page", async () => {
    mockApi({ [`GET /api/bookings/${ID}/`]: json(404, { detail: "Not found." }) });
    renderScreen(`/session-request/${ID}`, routes());
    expect(await screen.findByTestId("not-found")).toBeTruthy();
  });

  it("no booking id: the not-found page without asking", async () => {
    const calls = mockApi({});
    renderScreen("/booking-confirmation", routes());
    expect(await screen.findByTestId("not-found")).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith("/api/bookings"))).toHaveLength(0);
  });

  it("a server failure offers to try again", async () => {
    let attempts = 0;
    mockApi({ [`GET /api/bookings/${ID}/`]: () => (++attempts === 1 ? json(503, {}) : json(200, aBooking())) });
    renderScreen(`/my-bookings/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Request sent");
  });
});

describe("the mentor's view", () => {
  it("accepts a request", async () => {
    const booking = aBooking({ role: "mentor", allowed_actions: ["accept", "decline"] });
    const calls = serve(booking, {
      [`POST /api/bookings/${ID}/accept/`]: json(200, { ...booking, status: "payment_required", allowed_actions: ["cancel"], pay_by: new Date(Date.now() + 30 * 60_000).toISOString() }),
    });
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Ravi Kumar requested a session");
    expect(screen.getByTestId("next-step").textContent).toMatch(/^You have until .* to accept or decline\./);
    fireEvent.click(screen.getByRole("button", { name: "Accept request" }));
    expect(await screen.findByText("Request accepted. The learner has been told.")).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/accept/`)).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Waiting for the learner’s payment");
  });

  it("a decline needs a reason", async () => {
    const booking = aBooking({ role: "mentor", allowed_actions: ["accept", "decline"] });
    const calls = serve(booking, {
      [`POST /api/bookings/${ID}/decline/`]: json(200, { ...booking, status: "cancelled", allowed_actions: [], cancelled_by: "mentor", cancel_reason: "Fully booked." }),
    });
    renderScreen(`/my-bookings/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Decline this request?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Decline request" }));
    expect(dialog.getByText("Tell the learner why, so they can pick another time or mentor.")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("Reason"), { target: { value: "Fully booked." } });
    fireEvent.click(dialog.getByRole("button", { name: "Decline request" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/decline/`)[0]?.body).toEqual({ reason: "Fully booked." });
  });
});

describe("reporting a missed session and rescheduling", () => {
  it("the learner must choose a refund or a new time", async () => {
    const start = Date.now() - 30 * 60_000;
    const booking = aConfirmedBooking({ start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), allowed_actions: ["join", "no_show"] });
    const calls = serve(booking, {
      [`POST /api/bookings/${ID}/no-show/`]: json(200, { ...booking, status: "no_show", no_show_by: "mentor", no_show_choice: "refund", refund_owed_paise: 0, allowed_actions: [] }),
    });
    renderScreen(`/my-bookings/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Asha didn’t join?" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Did Asha miss the session?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Report missed session" }));
    expect(dialog.getByText("Choose a refund or a new time.")).toBeTruthy();
    fireEvent.click(dialog.getByRole("radio", { name: /A full refund/ }));
    expect(dialog.getByRole("radio", { name: /A full refund/ }).closest("label")?.textContent).toMatch(/once the 48 hours Asha has to contest your report end/);
    fireEvent.change(dialog.getByLabelText(/What happened/), { target: { value: "I waited 20 minutes in the room." } });
    fireEvent.click(dialog.getByRole("button", { name: "Report missed session" }));
    expect(await screen.findByText("Thanks for letting us know.")).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/no-show/`)[0]?.body).toEqual({ choice: "refund", statement: "I waited 20 minutes in the room." });
    // Money waits for the 48 hours the mentor has to contest the report (issue 20).
    expect(screen.getByTestId("next-step").textContent).toBe("Asha was reported as not joining. Your full refund is made once the 48 hours Asha has to contest the report end; if Asha contests it, an administrator decides first.");
  });

  it("reschedules to one of the mentor's open times; a time taken meanwhile reads the times again", async () => {
    const booking = aConfirmedBooking();
    const later = new Date(Date.parse(booking.start) + 24 * HOUR);
    const other = new Date(Date.parse(booking.start) + 26 * HOUR);
    let moves = 0;
    const calls = serve(booking, {
      "GET /api/mentors/12/slots/": json(200, [
        { start: later.toISOString(), end: new Date(later.getTime() + HOUR).toISOString() },
        { start: other.toISOString(), end: new Date(other.getTime() + HOUR).toISOString() },
      ]),
      [`POST /api/bookings/${ID}/reschedule/`]: (call) =>
        ++moves === 1
          ? json(409, { detail: "That time was just booked by someone else. Please choose another slot." })
          : json(200, { ...booking, start: (call.body as { start: string }).start }),
    });
    renderScreen(`/session-confirmed/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Reschedule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Choose a new time" }));
    const times = await dialog.findAllByRole("radio");
    expect(times).toHaveLength(2);
    expect(callsTo(calls, "GET", "/api/mentors/12/slots/")[0]?.url).toMatch(/^\/api\/mentors\/12\/slots\/\?service=7&from=/);
    fireEvent.click(times[0] as HTMLElement);
    fireEvent.click(dialog.getByRole("button", { name: "Move session" }));
    expect(await dialog.findByText("That time was just booked by someone else. Please choose another slot.")).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, "GET", "/api/mentors/12/slots/")).toHaveLength(2));
    fireEvent.click((await dialog.findAllByRole("radio"))[1] as HTMLElement);
    fireEvent.click(dialog.getByRole("button", { name: "Move session" }));
    expect(await screen.findByText("Session moved. The new time is in your e-mail with an updated calendar entry.")).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/reschedule/`).map((c) => c.body)).toEqual([{ start: later.toISOString() }, { start: other.toISOString() }]);
  });
});

describe("the cancel dialog", () => {
  it("says what happens to the money, sends the reason and shows the cancelled booking", async () => {
    const booking = aConfirmedBooking();
    const calls = serve(booking, {
      [`POST /api/bookings/${ID}/cancel/`]: (call) =>
        json(200, { ...booking, status: "cancelled", allowed_actions: [], cancelled_by: "learner", cancel_reason: (call.body as { reason: string }).reason, refund_owed_paise: 150_000 }),
    });
    renderScreen(`/session-confirmed/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Cancel session" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Cancel this session?" }));
    expect(dialog.getByText(/You’ll get a full refund of ₹1,500\./)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Reason for cancelling/), { target: { value: "  Exam moved.  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Cancel session" }));
    expect(await screen.findByText("The session is cancelled. We’ve told everyone by e-mail.")).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/cancel/`)[0]?.body).toEqual({ reason: "Exam moved." });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This session was cancelled");
    expect(screen.getByTestId("next-step").textContent).toBe("You cancelled it. A refund of ₹1,500 is on its way.");
  });

  it("shows the rules' refusal and keeps the booking", async () => {
    const message = "This session can no longer be cancelled: cancellations close 12 hours before the start.";
    serve(aConfirmedBooking(), { [`POST /api/bookings/${ID}/cancel/`]: json(409, { detail: message }) });
    renderScreen(`/session-confirmed/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Cancel session" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Cancel session" }));
    expect(await dialog.findByText(message)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Keep session" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("booking-status").textContent).toBe("Confirmed");
  });
});

describe("the feedback form", () => {
  function completed(overrides: Partial<Booking> = {}) {
    const start = Date.now() - 3 * HOUR;
    return aConfirmedBooking({ status: "completed", start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), allowed_actions: ["feedback"], ...overrides });
  }

  it("needs a rating, then sends it with the text", async () => {
    const booking = completed();
    const calls = serve(booking, {
      [`POST /api/bookings/${ID}/feedback/`]: json(200, { ...booking, allowed_actions: [], feedback: { rating: 4, text: "Clear and practical.", created_at: new Date().toISOString() } }),
    });
    renderScreen(`/feedback?booking=${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Rate your session");
    const form = within(screen.getByTestId("feedback-form"));
    const stars = form.getAllByRole("radio");
    expect(stars).toHaveLength(5);
    expect(form.getByRole("group", { name: "How was your session with Asha?" })).toBeTruthy();
    fireEvent.click(form.getByRole("button", { name: "Submit feedback" }));
    expect(form.getByText("Choose a rating from 1 to 5 stars.")).toBeTruthy();
    expect(form.getByText("Please fix the errors above.")).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/feedback/`)).toHaveLength(0);

    fireEvent.click(form.getByRole("radio", { name: "4 stars, Very good" }));
    fireEvent.change(form.getByLabelText(/Your feedback/), { target: { value: " Clear and practical. " } });
    fireEvent.click(form.getByRole("button", { name: "Submit feedback" }));
    expect(await screen.findByText("Thank you! Your feedback is on the mentor’s profile.")).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${ID}/feedback/`)[0]?.body).toEqual({ rating: 4, text: "Clear and practical." });
    expect(screen.queryByTestId("feedback-form")).toBeNull();
  });

  it("a second time: the server's refusal", async () => {
    serve(completed(), { [`POST /api/bookings/${ID}/feedback/`]: json(409, { detail: "You have already left feedback for this session." }) });
    renderScreen(`/feedback?booking=${ID}`, routes());
    const form = within(await screen.findByTestId("feedback-form"));
    fireEvent.click(form.getByRole("radio", { name: "5 stars, Excellent" }));
    fireEvent.click(form.getByRole("button", { name: "Submit feedback" }));
    expect(await form.findByText("You have already left feedback for this session.")).toBeTruthy();
  });

  it("not open for feedback (still upcoming): the booking's state instead of the form", async () => {
    serve(aConfirmedBooking());
    const router = renderScreen(`/feedback?booking=${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your session is confirmed");
    expect(screen.queryByTestId("feedback-form")).toBeNull();
    expect(pathOf(router)).toBe(`/feedback?booking=${ID}`);
  });
});

describe("a payment being confirmed", () => {
  const NOTICE =
    "We’re confirming your payment with the bank. This usually takes a minute; you’ll get an e-mail as soon as your session is confirmed. You haven’t been charged twice.";

  /** Paid at the checkout, not yet confirmed by the gateway: still payment due, its deadline frozen at the start. */
  function confirming(overrides: Partial<Booking> = {}): Booking {
    const booking = aBooking({ status: "payment_required", allowed_actions: ["pay", "cancel"], payment_confirming: true, ...overrides });
    return { ...booking, pay_by: booking.start };
  }

  it("a calm notice instead of Pay and the pay-by countdown", async () => {
    serve(confirming());
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("We’re confirming your payment");
    expect(screen.getByTestId("next-step").textContent).toBe(NOTICE);
    expect(screen.getByTestId("booking-status").textContent).toBe("Confirming payment");
    expect(screen.getByTestId("booking-status").className).toContain("bk-badge--info");
    expect(screen.queryByTestId("pay")).toBeNull();
    expect(screen.queryByText(/Pay by/)).toBeNull();
    expect(within(screen.getByTestId("booking-actions")).getAllByRole("button").map((b) => b.textContent)).toEqual(["Cancel session"]);
  });

  it("the confirmation screen after paying does not say the session is booked while the bank confirms", async () => {
    serve(confirming());
    renderScreen(`/booking-confirmation?booking=${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("We’re confirming your payment");
    expect(screen.getByTestId("next-step").textContent).toBe(NOTICE);
    expect(screen.queryByText(/You’re booked/)).toBeNull();
    expect(screen.queryByTestId("pay")).toBeNull();
  });

  it("is read again every 15 seconds and turns confirmed as soon as the gateway answers", async () => {
    useFakeClock({ now: new Date("2026-11-24T10:00:00Z") });
    let reads = 0;
    const calls = mockApi({
      [`GET /api/bookings/${ID}/`]: () => (++reads < 3 ? json(200, confirming()) : json(200, aConfirmedBooking())),
    });
    renderScreen(`/booking-confirmation?booking=${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("We’re confirming your payment");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await waitFor(() => expect(callsTo(calls, "GET", `/api/bookings/${ID}/`)).toHaveLength(2));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("We’re confirming your payment");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("You’re booked!"));
    expect(screen.getByTestId("booking-status").textContent).toBe("Confirmed");
    // Confirmed: no more checks.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(callsTo(calls, "GET", `/api/bookings/${ID}/`)).toHaveLength(3);
  });

  it("a check that fails keeps the booking on screen and checks again", async () => {
    useFakeClock({ now: new Date("2026-11-24T10:00:00Z") });
    let reads = 0;
    mockApi({
      [`GET /api/bookings/${ID}/`]: () => {
        reads += 1;
        return reads === 2 ? json(503, { detail: "Try later." }) : reads === 1 ? json(200, confirming()) : json(200, aConfirmedBooking());
      },
    });
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("We’re confirming your payment");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.queryByTestId("booking-error")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("We’re confirming your payment");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your session is confirmed"));
  });

  it("the mentor reads that the learner's payment is being confirmed", async () => {
    serve(confirming({ role: "mentor", allowed_actions: ["cancel"] }));
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("The learner’s payment is being confirmed");
    expect(screen.getByTestId("next-step").textContent).toBe("The bank is confirming Ravi’s payment. The session is confirmed as soon as it answers; we’ll e-mail you.");
  });
});

describe("issue 21's copy slips on the booking page", () => {
  it("addresses a titled mentor by name, never by the title", async () => {
    serve(aBooking({ mentor: { id: 12, name: "Dr. Asha Rao", slug: "dr-asha-rao", image_url: null }, respond_by: null }));
    renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByTestId("next-step")).textContent).toBe("Asha will respond soon.");
    expect(screen.getByTestId("meeting-link").textContent).toBe("Appears here and in your e-mail as soon as Asha accepts and you pay.");
    expect(document.body.textContent).not.toMatch(/Dr\. (will|has|didn)/);
  });

  it("withdrawing a request opens a dialog that says it withdraws the request", async () => {
    serve(aBooking());
    renderScreen(`/my-bookings/${ID}`, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw request" }));
    const dialog = await screen.findByTestId("cancel-dialog");
    expect(within(dialog).getByRole("heading", { level: 2 }).textContent).toBe("Withdraw this request?");
    expect(within(dialog).getAllByRole("button").map((b) => b.textContent)).toEqual(["Keep request", "Withdraw request"]);
    expect(dialog.textContent).not.toMatch(/session\?/);
  });

  it("shows a short booking reference, while the address keeps the id", async () => {
    serve(aConfirmedBooking());
    const router = renderScreen(`/my-bookings/${ID}`, routes());
    expect((await screen.findByTestId("booking-reference")).textContent).toBe("MB-5B0C1F0E");
    expect(pathOf(router)).toBe(`/my-bookings/${ID}`);
  });

  it("a confirmed booking opened at its pending address moves to the confirmed one and shows its meeting link", async () => {
    serve(aConfirmedBooking());
    const router = renderScreen(`/session-request-pending/${ID}`, routes());
    await waitFor(() => expect(pathOf(router)).toBe(`/session-confirmed/${ID}`));
    expect(screen.getByTestId("meeting-link").textContent).toBe("meet.jit.si/MentorBridge-abc");
    expect(screen.getByTestId("booking-status").textContent).toBe("Confirmed");
  });
});

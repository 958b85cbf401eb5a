/**
 * The booking page's missed-session report (issue 20): the report's state
 * and both statements, the deadline to contest in the viewer's time zone,
 * the contest form for the side that did not report (its field errors and
 * the learner's remedy), and the outcome once decided. Time is fixed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, type Handler } from "../../testing";
import { BookingPage } from "./BookingPage";
import { aConfirmedBooking, HOUR } from "./fixtures.test-util";
import type { NoShowReport } from "./api";
import type { Booking } from "./types";

/** Tuesday 1 December 2026, 11:00 UTC (16:30 in India). */
const NOW = Date.parse("2026-12-01T11:00:00Z");
const REPORTED = NOW - 2 * HOUR;

function routes() {
  return [{ path: "/my-bookings/:id", element: <BookingPage /> }];
}

function aMissedBooking(overrides: Partial<Booking> = {}): Booking {
  const start = REPORTED - 15 * 60_000;
  return aConfirmedBooking({
    status: "no_show",
    start: new Date(start).toISOString(),
    end: new Date(start + HOUR).toISOString(),
    no_show_by: "learner",
    no_show_choice: null,
    allowed_actions: [],
    ...overrides,
  });
}

function aReport(overrides: Partial<NoShowReport> = {}): NoShowReport {
  return {
    booking_id: aMissedBooking().id,
    missed: "learner",
    reporter: "mentor",
    state: "open",
    report_statement: "I waited 20 minutes; the learner never joined.",
    reported_at: new Date(REPORTED).toISOString(),
    contest_closes_at: new Date(REPORTED + 48 * HOUR).toISOString(),
    may_contest: true,
    message: "If this is not what happened, contest the report with a short statement within 48 hours of it.",
    partial_max_paise: 75_000,
    ...overrides,
  };
}

function serve(booking: Booking, report: NoShowReport | null, extra: Record<string, Handler | Response> = {}) {
  return mockApi({
    [`GET /api/bookings/${booking.id}/`]: json(200, booking),
    [`GET /api/bookings/${booking.id}/no-show/report/`]: json(200, { report }),
    [`GET /api/bookings/${booking.id}/refunds/`]: json(200, { eligibility: null, refunds: [], captured_paise: 150_000, refunded_paise: 0 }),
    [`GET /api/bookings/${booking.id}/receipts/`]: json(200, []),
    ...extra,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  resetAuth();
  logIn(Object.assign(aUser(), { time_zone: "Asia/Kolkata" }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the missed-session report on the booking page", () => {
  it("shows the mentor's report and the learner's deadline to contest it in the learner's time zone", async () => {
    const booking = aMissedBooking();
    serve(booking, aReport());
    renderScreen(`/my-bookings/${booking.id}`, routes());
    const panel = await screen.findByTestId("no-show-panel");
    expect(within(panel).getByRole("heading", { level: 2 }).textContent).toBe("Missed session report");
    expect(within(panel).getByTestId("no-show-state").textContent).toBe("Open to contest");
    expect(within(panel).getByTestId("no-show-report-statement").textContent).toBe("I waited 20 minutes; the learner never joined.");
    // Reported at 09:00 UTC: the window closes at 09:00 UTC on Thursday, 2:30 PM in India.
    expect(within(panel).getByTestId("no-show-deadline").textContent).toMatch(/^You can contest it until 2:30 pm India Standard Time .*\(46 hours from now\)\.$/);
    expect(within(panel).getByRole("form", { name: "Contest the no-show report" })).toBeTruthy();
    expect(within(panel).getByRole("group", { name: /If the mentor is found to have missed it/ })).toBeTruthy();
  });

  it("contests with a statement and the chosen remedy; an empty statement is refused before sending", async () => {
    const booking = aMissedBooking();
    const calls = serve(booking, aReport(), {
      [`POST /api/bookings/${booking.id}/no-show/contest/`]: (call) =>
        json(200, aReport({ state: "contested", contest_statement: (call.body as { statement: string }).statement, may_contest: false, message: "An administrator will decide." })),
    });
    renderScreen(`/my-bookings/${booking.id}`, routes());
    const panel = await screen.findByTestId("no-show-panel");
    fireEvent.click(within(panel).getByRole("button", { name: "Contest the report" }));
    expect((await within(panel).findByText("Tell us briefly what happened at the session time.")).textContent).toBeTruthy();
    expect(callsTo(calls, "POST", `/api/bookings/${booking.id}/no-show/contest/`)).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText("Your statement"), { target: { value: "I was in the room from 2:45 PM; the mentor never came." } });
    fireEvent.click(within(panel).getByLabelText("a new time for the session"));
    fireEvent.click(within(panel).getByRole("button", { name: "Contest the report" }));
    await waitFor(() => expect(within(panel).getByTestId("no-show-state").textContent).toBe("Waiting for a decision"));
    const [sent] = callsTo(calls, "POST", `/api/bookings/${booking.id}/no-show/contest/`);
    expect(sent?.body).toEqual({ statement: "I was in the room from 2:45 PM; the mentor never came.", choice: "reschedule" });
    expect(within(panel).getByTestId("no-show-contest-statement").textContent).toBe("I was in the room from 2:45 PM; the mentor never came.");
    expect(within(panel).queryByRole("form", { name: "Contest the no-show report" })).toBeNull();
    expect(within(panel).getByText(/An administrator will read both sides and decide/)).toBeTruthy();
  });

  it("shows the server's field error under the statement", async () => {
    const booking = aMissedBooking();
    serve(booking, aReport(), {
      [`POST /api/bookings/${booking.id}/no-show/contest/`]: json(400, { statement: ["Keep the statement to 1000 characters or fewer."] }),
    });
    renderScreen(`/my-bookings/${booking.id}`, routes());
    const panel = await screen.findByTestId("no-show-panel");
    fireEvent.change(within(panel).getByLabelText("Your statement"), { target: { value: "x" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Contest the report" }));
    expect(await within(panel).findByText("Keep the statement to 1000 characters or fewer.")).toBeTruthy();
    expect(within(panel).getByLabelText("Your statement").getAttribute("aria-invalid")).toBe("true");
  });

  it("the reporter sees when the report takes effect and no form", async () => {
    const booking = aMissedBooking({ role: "mentor" });
    serve(booking, aReport({ may_contest: false, message: "The other side has 48 hours to contest your report. If they do not, it takes effect when that time ends." }));
    renderScreen(`/my-bookings/${booking.id}`, routes());
    const panel = await screen.findByTestId("no-show-panel");
    expect(within(panel).getByTestId("no-show-deadline").textContent).toMatch(/^It can be contested until/);
    expect(within(panel).getByTestId("no-show-message").textContent).toMatch(/takes effect when that time ends/);
    expect(within(panel).queryByRole("form")).toBeNull();
  });

  it("shows the outcome and the administrator's reason once decided", async () => {
    const booking = aMissedBooking();
    serve(
      booking,
      aReport({ state: "settled", outcome: "partial", refund_paise: 40_000, decision_reason: "Both had network trouble.", may_contest: false, contest_statement: "The link did not work." }),
    );
    renderScreen(`/my-bookings/${booking.id}`, routes());
    const panel = await screen.findByTestId("no-show-panel");
    expect(within(panel).getByTestId("no-show-state").textContent).toBe("Settled");
    const outcome = within(panel).getByTestId("no-show-outcome");
    expect(outcome.textContent).toContain("₹400 goes back to the learner.");
    expect(outcome.textContent).toContain("The administrator’s reason: Both had network trouble.");
  });

  it("asks nothing for a booking nobody reported as missed", async () => {
    const booking = aConfirmedBooking();
    const calls = serve(booking, null);
    renderScreen(`/my-bookings/${booking.id}`, routes());
    await screen.findByTestId("booking-view");
    expect(screen.queryByTestId("no-show-panel")).toBeNull();
    expect(callsTo(calls, "GET", `/api/bookings/${booking.id}/no-show/report/`)).toHaveLength(0);
  });
});

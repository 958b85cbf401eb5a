/**
 * The mentor's Requests, Schedule and Past sessions tabs: requests with the
 * learner, the time in the mentor's zone, the note and a countdown to the
 * deadline; accepting, declining with a reason, a refusal in the server's
 * words; the schedule's join window; reporting a learner's no-show; the
 * empty states; the count of waiting requests on the overview and the tab.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, skippedHeadingLevels, useFakeClock, type Handler } from "../../testing";
import type { Booking } from "../../lib/api/bookings";
import { aProfile, aService, anAvailability } from "./fixtures.test-util";
import MentorDashboardPage from "./MentorDashboardPage";

const NOW = new Date("2026-11-24T12:00:00Z");

function aRequest(overrides: Partial<Booking> = {}): Booking {
  return {
    id: "req-1",
    status: "pending",
    role: "mentor",
    mentor: { id: 3, name: "Asha Rao", slug: "asha-rao", image_url: "" },
    learner: { name: "Ravi Kumar" },
    service: { id: 11, title: "Career strategy call", duration_minutes: 60 },
    start: "2026-11-26T04:30:00Z",
    end: "2026-11-26T05:30:00Z",
    price_paise: 250_000,
    note: "I’d like to talk about moving into product management.",
    allowed_actions: ["accept", "decline", "cancel"],
    meeting_url: null,
    respond_by: "2026-11-25T09:15:00Z",
    pay_by: null,
    cancelled_by: null,
    cancel_reason: null,
    no_show_by: null,
    no_show_choice: null,
    refund_owed_paise: 0,
    payment_confirming: false,
    feedback: null,
    mentor_time_zone: "Asia/Kolkata",
    created_at: "2026-11-24T09:15:00Z",
    updated_at: "2026-11-24T09:15:00Z",
    ...overrides,
  };
}

function renderAt(tab: string) {
  return renderScreen(`/dashboard/mentor?tab=${tab}`, [{ path: "/dashboard/mentor", element: <MentorDashboardPage /> }]);
}

function handlers(upcoming: Booking[], past: Booking[] = [], extra: Record<string, Handler | Response> = {}) {
  return mockApi({
    "GET /api/mentor/profile/": json(200, aProfile()),
    "GET /api/mentor/services/": json(200, [aService()]),
    "GET /api/mentor/availability/": json(200, anAvailability()),
    "GET /api/bookings/": (call) => json(200, new URL(call.url, "http://localhost").searchParams.get("when") === "past" ? past : upcoming),
    ...extra,
  });
}

beforeEach(() => {
  // Every test reads the same instant (the fixtures' requests are answerable
  // then), whatever day it runs; a test that moves time fakes the timers too.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  resetAuth();
  logIn(aUser({ role: "mentor", mentor_id: 3 }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the requests tab", () => {
  it("shows each request's learner, service, time in the mentor's zone, note and time left to answer", async () => {
    useFakeClock({ now: NOW });
    const calls = handlers([aRequest(), aRequest({ id: "conf-1", status: "confirmed", allowed_actions: ["cancel"], meeting_url: "https://meet.jit.si/x" })]);
    renderAt("requests");
    const items = await screen.findAllByTestId("request");
    expect(items).toHaveLength(1);
    const request = within(items[0] as HTMLElement);
    expect(request.getByRole("heading", { name: "Ravi Kumar" })).toBeTruthy();
    expect(request.getByText(/Career strategy call · 1 hr · ₹2,500/)).toBeTruthy();
    // 04:30 UTC is 10:00 in Kolkata, the mentor's zone.
    expect(request.getByText(/10:00/)).toBeTruthy();
    expect(request.getByText("(Kolkata — India Standard Time)")).toBeTruthy();
    expect(request.getByText(/moving into product management/)).toBeTruthy();
    expect(request.getByTestId("respond-by").textContent).toMatch(/^Respond within 21 h 15 min \(by .*2:45/);
    expect(request.getByTestId("status").textContent).toBe("Request");
    expect(new URL(callsTo(calls, "GET", "/api/bookings/")[0]?.url ?? "", "http://localhost").search).toBe("?as=mentor&when=upcoming");
    // The countdown moves with the clock.
    await act(async () => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    expect(request.getByTestId("respond-by").textContent).toMatch(/^Respond within 20 h 15 min/);
    // Once the deadline passes with the screen open, the request can no longer be answered.
    await act(async () => {
      vi.advanceTimersByTime(20 * 60 * 60_000 + 15 * 60_000);
    });
    expect(request.getByTestId("respond-by").textContent).toBe("The time to respond has passed.");
    expect(request.queryByRole("button", { name: /Accept/ })).toBeNull();
    expect(request.queryByRole("button", { name: /Decline/ })).toBeNull();
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("accepts a request, says what happens next and moves it to the schedule", async () => {
    const calls = handlers([aRequest()], [], {
      "POST /api/bookings/req-1/accept/": json(200, aRequest({ status: "payment_required", allowed_actions: ["cancel"], pay_by: "2026-11-24T12:30:00Z" })),
    });
    renderAt("requests");
    expect((await screen.findByTestId("requests-count")).textContent).toBe(" 1 waiting");
    expect(screen.getByRole("tab", { name: "Requests 1 waiting" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Accept Ravi Kumar’s request" }));
    expect(await screen.findByText(/Accepted. Ravi has been asked to pay/)).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/bookings/req-1/accept/")).toHaveLength(1);
    expect(screen.queryAllByTestId("request")).toHaveLength(0);
    expect(screen.getByTestId("requests-empty")).toBeTruthy();
    expect(screen.queryByTestId("requests-count")).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: /Schedule/ }));
    const scheduled = within(await screen.findByTestId("scheduled-session"));
    expect(scheduled.getByTestId("status").textContent).toBe("Awaiting payment");
    expect(scheduled.getByTestId("pay-by").textContent).toContain("Waiting for Ravi to pay");
  });

  it("declines only with a reason, and sends it", async () => {
    const calls = handlers([aRequest()], [], {
      "POST /api/bookings/req-1/decline/": (call) =>
        json(200, aRequest({ status: "cancelled", allowed_actions: [], cancelled_by: "mentor", cancel_reason: (call.body as { reason: string }).reason })),
    });
    renderAt("requests");
    fireEvent.click(await screen.findByRole("button", { name: "Decline Ravi Kumar’s request" }));
    const dialog = within(await screen.findByTestId("decline-dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Decline request" }));
    expect(await dialog.findByText(/Tell the learner why/)).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/bookings/req-1/decline/")).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/Reason for the learner/), { target: { value: "  I’m travelling that week.  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Decline request" }));
    expect(await screen.findByText("Declined. We’ve let Ravi know, with your reason.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/bookings/req-1/decline/")[0]?.body).toEqual({ reason: "I’m travelling that week." });
    expect(screen.queryByTestId("decline-dialog")).toBeNull();
    expect(screen.getByTestId("requests-empty")).toBeTruthy();
  });

  it("shows the server's refusal in its words and reads the list again", async () => {
    const detail = "This request has expired: the time to answer it has passed.";
    const calls = handlers([aRequest()], [], { "POST /api/bookings/req-1/accept/": json(409, { detail }) });
    renderAt("requests");
    fireEvent.click(await screen.findByRole("button", { name: "Accept Ravi Kumar’s request" }));
    expect(await screen.findByText(detail)).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, "GET", "/api/bookings/").filter((c) => c.url.includes("upcoming"))).toHaveLength(2));
  });

  it("says there is nothing to answer, and points to the services", async () => {
    handlers([]);
    renderAt("requests");
    const empty = within(await screen.findByTestId("requests-empty"));
    expect(empty.getByText("No requests waiting")).toBeTruthy();
    fireEvent.click(empty.getByRole("button", { name: "Review your services" }));
    expect(await screen.findByRole("tab", { name: /Services/, selected: true })).toBeTruthy();
  });

  it("counts the waiting requests on the overview", async () => {
    handlers([aRequest(), aRequest({ id: "req-2" })]);
    renderAt("overview");
    const summary = within(await screen.findByTestId("requests-summary"));
    expect(await summary.findByText("2 requests are waiting for your answer. Unanswered requests expire.")).toBeTruthy();
    fireEvent.click(summary.getByRole("button", { name: "Answer requests" }));
    expect(await screen.findByRole("tab", { name: /Requests/, selected: true })).toBeTruthy();
  });
});

describe("the schedule tab", () => {
  it("lists confirmed sessions by day with a join button that opens 10 minutes before the start", async () => {
    useFakeClock({ now: new Date("2026-11-26T04:15:00Z") });
    handlers([
      aRequest({
        id: "later",
        status: "confirmed",
        start: "2026-11-27T04:30:00Z",
        end: "2026-11-27T05:30:00Z",
        allowed_actions: ["cancel", "reschedule"],
        meeting_url: "https://meet.jit.si/later",
      }),
      aRequest({ id: "soon", status: "confirmed", allowed_actions: ["cancel"], meeting_url: "https://meet.jit.si/soon" }),
      aRequest({ id: "asked" }),
    ]);
    renderAt("schedule");
    const cards = await screen.findAllByTestId("scheduled-session");
    expect(cards).toHaveLength(2);
    const soon = within(cards[0] as HTMLElement);
    expect(soon.getByTestId("manage").getAttribute("href")).toBe("/my-bookings/soon");
    expect((soon.getByTestId("join") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Thursday, November 26", "Friday, November 27"]);
    await act(async () => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(soon.getByTestId("join").getAttribute("href")).toBe("https://meet.jit.si/soon");
    expect((within(cards[1] as HTMLElement).getByTestId("join") as HTMLButtonElement).disabled).toBe(true);
    expect(within(cards[1] as HTMLElement).getByTestId("manage").textContent).toContain("Reschedule or cancel");
  });

  it("says when nothing is scheduled and points to the availability", async () => {
    handlers([aRequest()]);
    renderAt("schedule");
    const empty = within(await screen.findByTestId("schedule-empty"));
    fireEvent.click(empty.getByRole("button", { name: "Check your availability" }));
    expect(await screen.findByRole("tab", { name: /Availability/, selected: true })).toBeTruthy();
  });
});

describe("the past sessions tab", () => {
  it("shows completed sessions with their feedback and reports a learner's no-show when allowed", async () => {
    const done = aRequest({
      id: "done",
      status: "completed",
      allowed_actions: [],
      feedback: { rating: 4, text: "Very practical advice.", created_at: "2026-11-26T06:00:00Z" },
    });
    const missed = aRequest({ id: "missed", status: "completed", learner: { name: "Meera Shah" }, allowed_actions: ["no_show"] });
    const calls = handlers([], [missed, done], {
      "POST /api/bookings/missed/no-show/": json(200, { ...missed, status: "no_show", no_show_by: "learner", allowed_actions: [] }),
    });
    renderAt("past");
    const items = await screen.findAllByTestId("past-session");
    expect(items).toHaveLength(2);
    const rated = within(items[1] as HTMLElement);
    expect(rated.getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
    expect(rated.getByText("Very practical advice.")).toBeTruthy();
    expect(rated.queryByRole("button", { name: /Report a no-show/ })).toBeNull();
    expect(new URL(callsTo(calls, "GET", "/api/bookings/").find((c) => c.url.includes("past"))?.url ?? "", "http://localhost").search).toBe(
      "?as=mentor&when=past",
    );

    fireEvent.click(within(items[0] as HTMLElement).getByRole("button", { name: /Report a no-show/ }));
    const dialog = within(await screen.findByTestId("no-show-dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Report no-show" }));
    expect(await screen.findByText("Recorded: Meera didn’t attend. We’ve let them know.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/bookings/missed/no-show/")[0]?.body).toEqual({});
    expect(within(screen.getAllByTestId("past-session")[0] as HTMLElement).getByTestId("status").textContent).toBe("Learner didn’t attend");
    expect(screen.queryByRole("button", { name: /Report a no-show/ })).toBeNull();
  });

  it("says when there are no past sessions yet", async () => {
    handlers([]);
    renderAt("past");
    expect((await screen.findByTestId("past-empty")).textContent).toContain("No past sessions yet");
  });
});

describe("what waits for the mentor (issue 21)", () => {
  it("shows a request to answer as a banner above the sections, its deadline in the mentor's zone", async () => {
    const waiting = {
      kind: "answer_request",
      booking_id: "r-1",
      deadline: "2026-11-25T02:30:00Z",
      start: "2026-11-25T10:00:00Z",
      service_title: "Career plan",
      with_name: "Lata Learner",
    };
    const pay = { ...waiting, kind: "pay", booking_id: "p-1", with_name: "Meera Nair" };
    handlers([], [], { "GET /api/me/attention/": json(200, { count: 2, items: [waiting, pay] }) });
    renderAt("overview");
    const banners = await screen.findAllByTestId("attention-banner");
    expect(banners).toHaveLength(1);
    const banner = within(banners[0] as HTMLElement);
    expect(banner.getByText("Lata Learner asked for Career plan")).toBeTruthy();
    expect(banner.getByRole("link", { name: "Answer request" }).getAttribute("href")).toBe("/session-request/r-1");
    expect(skippedHeadingLevels()).toEqual([]);
  });
});

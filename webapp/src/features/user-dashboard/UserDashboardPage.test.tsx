/**
 * /dashboard/user: the greeting, upcoming sessions with their next step and
 * a join button that opens only in the join window, past sessions waiting
 * for feedback, the quick links by role, and empty and failed states.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, skippedHeadingLevels, useFakeClock } from "../../testing";
import type { User } from "../../lib/session";
import type { Booking } from "../../lib/api/bookings";
import { aBooking } from "./fixtures.test-util";
import UserDashboardPage from "./UserDashboardPage";

function renderDashboard() {
  return renderScreen("/dashboard/user", [{ path: "/dashboard/user", element: <UserDashboardPage /> }]);
}

function lists(upcoming: Booking[] | Response, past: Booking[] | Response = []) {
  return mockApi({
    "GET /api/bookings/": (call) => {
      const when = new URL(call.url, "http://localhost").searchParams.get("when");
      const answer = when === "past" ? past : upcoming;
      return answer instanceof Response ? answer.clone() : json(200, answer);
    },
  });
}

/** A user whose account is in `zone`. */
function userIn(zone: string, overrides: Partial<User> = {}): User {
  return aUser({ ...overrides, time_zone: zone });
}

beforeEach(() => {
  resetAuth();
  logIn(userIn("Asia/Kolkata"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the learner's dashboard", () => {
  it("greets the learner and asks for the upcoming and past sessions as a learner", async () => {
    const calls = lists([]);
    renderDashboard();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your dashboard");
    expect(screen.getByTestId("greeting").textContent).toMatch(/^Welcome back, Asha\. /);
    expect(screen.getByText("Kolkata — India Standard Time")).toBeTruthy();
    await screen.findByTestId("upcoming-empty");
    const asked = callsTo(calls, "GET", "/api/bookings/").map((c) => new URL(c.url, "http://localhost").search);
    expect(asked.sort()).toEqual(["?as=learner&when=past", "?as=learner&when=upcoming"]);
    expect(callsTo(calls, "GET", "/api/bookings/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("shows each upcoming session's time in the account's zone, its status and its next step", async () => {
    useFakeClock({ now: new Date("2026-11-24T12:00:00Z") });
    lists([
      aBooking({ id: "b-pending", status: "pending", allowed_actions: ["cancel"], meeting_url: null, respond_by: "2026-11-24T17:30:00Z" }),
      aBooking({ id: "b-pay", status: "payment_required", allowed_actions: ["pay", "cancel"], meeting_url: null, pay_by: "2026-11-24T12:20:00Z" }),
      aBooking({ id: "b-confirmed", start: "2026-11-26T04:30:00Z", end: "2026-11-26T05:30:00Z" }),
    ]);
    renderDashboard();
    const cards = (await screen.findAllByTestId("upcoming-session")).map((c) => within(c));
    expect(cards).toHaveLength(3);
    const [pending, pay, confirmed] = cards;
    expect(pending?.getByTestId("status").textContent).toBe("Awaiting the mentor");
    expect(pending?.getByTestId("next-action").getAttribute("href")).toBe("/session-request-pending/b-pending");
    expect(pending?.getByTestId("deadline").textContent).toBe("Asha has 5 h 30 min left to respond.");
    expect(pay?.getByTestId("status").textContent).toBe("Awaiting payment");
    expect(pay?.getByRole("link", { name: "Pay now" }).getAttribute("href")).toBe("/session-payment-required/b-pay");
    expect(pay?.getByTestId("deadline").textContent).toContain("20 min left to pay");
    expect(confirmed?.getByTestId("status").textContent).toBe("Confirmed");
    expect(confirmed?.getByTestId("next-action").getAttribute("href")).toBe("/my-bookings/b-confirmed");
    // 04:30 UTC is 10:00 in Kolkata.
    expect(confirmed?.getByText(/10:00/)).toBeTruthy();
    expect(confirmed?.getByRole("link", { name: "Asha Rao" }).getAttribute("href")).toBe("/mentors/3-asha-rao");
    // Only a confirmed session has a join button; not yet open two days ahead.
    expect(pending?.queryByTestId("join")).toBeNull();
    expect(pay?.queryByTestId("join")).toBeNull();
    expect((confirmed?.getByTestId("join") as HTMLButtonElement).disabled).toBe(true);
  });

  it("a payment being confirmed: a calm notice instead of Pay now and the countdown", async () => {
    useFakeClock({ now: new Date("2026-11-24T12:00:00Z") });
    lists([
      aBooking({
        id: "b-confirming",
        status: "payment_required",
        allowed_actions: ["pay", "cancel"],
        meeting_url: null,
        pay_by: "2026-11-25T10:00:00Z",
        payment_confirming: true,
      }),
    ]);
    renderDashboard();
    const card = within(await screen.findByTestId("upcoming-session"));
    expect(card.getByTestId("status").textContent).toBe("Confirming payment");
    expect(card.getByTestId("status").className).toContain("ses-pill--confirming");
    expect(
      card.getByText(
        "We’re confirming your payment with the bank. This usually takes a minute; you’ll get an e-mail as soon as your session is confirmed. You haven’t been charged twice.",
      ),
    ).toBeTruthy();
    expect(card.queryByTestId("deadline")).toBeNull();
    expect(card.queryByRole("link", { name: "Pay now" })).toBeNull();
    const next = card.getByTestId("next-action");
    expect(next.textContent).toBe("View booking");
    expect(next.getAttribute("href")).toBe("/my-bookings/b-confirming");
    expect(next.className).toContain("btn--secondary");
  });

  it("opens the join link 10 minutes before the start and closes it at the end", async () => {
    useFakeClock({ now: new Date("2026-11-25T09:45:00Z") });
    lists([aBooking({ allowed_actions: ["cancel"] })]);
    renderDashboard();
    const card = within(await screen.findByTestId("upcoming-session"));
    const waiting = card.getByTestId("join");
    expect(waiting.tagName).toBe("BUTTON");
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    // 09:50 UTC in Kolkata.
    expect(card.getByText(/Opens at 3:20/)).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    const open = card.getByTestId("join");
    expect(open.tagName).toBe("A");
    expect(open.getAttribute("href")).toBe("https://meet.jit.si/MentorBridge-abcdefghijklmnopqrstuv");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("rel")).toContain("noopener");

    await act(async () => {
      vi.advanceTimersByTime(70 * 60_000);
    });
    expect(card.queryByTestId("join")).toBeNull();
  });

  it("opens the join link when the server says it may be joined, even with this browser's clock behind", async () => {
    useFakeClock({ now: new Date("2026-11-25T09:00:00Z") });
    lists([aBooking({ allowed_actions: ["join"] })]);
    renderDashboard();
    const card = within(await screen.findByTestId("upcoming-session"));
    expect(card.getByTestId("join").getAttribute("href")).toBe("https://meet.jit.si/MentorBridge-abcdefghijklmnopqrstuv");
  });

  it("lists past sessions that wait for feedback, each linking to the feedback form", async () => {
    lists(
      [],
      [
        aBooking({ id: "b-rate", status: "completed", allowed_actions: ["feedback"] }),
        aBooking({ id: "b-rated", status: "completed", allowed_actions: [], feedback: { rating: 5, text: "Great", created_at: "2026-11-25T12:00:00Z" } }),
        aBooking({ id: "b-late", status: "completed", allowed_actions: [] }),
        aBooking({ id: "b-missed", status: "no_show", no_show_by: "learner", allowed_actions: [] }),
      ],
    );
    renderDashboard();
    const items = await screen.findAllByTestId("feedback-session");
    expect(items).toHaveLength(1);
    const link = within(items[0] as HTMLElement).getByRole("link", { name: /Rate this session/ });
    expect(link.getAttribute("href")).toBe("/feedback?booking=b-rate");
  });

  it("helps when there is nothing yet: find a mentor, and what feedback is for", async () => {
    lists([], []);
    renderDashboard();
    const empty = within(await screen.findByTestId("upcoming-empty"));
    expect(empty.getByText("No upcoming sessions")).toBeTruthy();
    expect(empty.getByRole("link", { name: "Find a mentor" }).getAttribute("href")).toBe("/mentors");
    expect((await screen.findByTestId("feedback-empty")).textContent).toContain("Nothing to rate right now");
  });

  it("says when a list could not be loaded and loads it again on request", async () => {
    let fail = true;
    mockApi({
      "GET /api/bookings/": (call) => {
        const when = new URL(call.url, "http://localhost").searchParams.get("when");
        if (when === "upcoming" && fail) return json(500, {});
        return json(200, when === "upcoming" ? [aBooking()] : []);
      },
    });
    renderDashboard();
    const failed = within(await screen.findByTestId("list-failed"));
    expect(failed.getByText(/We couldn’t load your upcoming sessions/)).toBeTruthy();
    fail = false;
    fireEvent.click(failed.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("upcoming-session")).toBeTruthy();
  });

  it("offers becoming a mentor to a learner and the mentor dashboard to a mentor", async () => {
    lists([]);
    renderDashboard();
    const links = within(screen.getByRole("navigation", { name: "Quick links" }));
    expect(links.getByRole("link", { name: /Find a mentor/ }).getAttribute("href")).toBe("/mentors");
    expect(links.getByRole("link", { name: /My bookings/ }).getAttribute("href")).toBe("/my-bookings");
    expect(links.getByRole("link", { name: /Edit profile/ }).getAttribute("href")).toBe("/auth/edit-profile");
    expect(links.getByRole("link", { name: /Become a mentor/ }).getAttribute("href")).toBe("/become-mentor");
    expect(links.queryByRole("link", { name: /Mentor dashboard/ })).toBeNull();
    await screen.findByTestId("upcoming-empty");
  });

  it("shows a mentor the way to their own dashboard", async () => {
    resetAuth();
    logIn(userIn("Europe/London", { role: "mentor", mentor_id: 3 }));
    lists([]);
    renderDashboard();
    const links = within(screen.getByRole("navigation", { name: "Quick links" }));
    expect(links.getByRole("link", { name: /Mentor dashboard/ }).getAttribute("href")).toBe("/dashboard/mentor");
    expect(links.queryByRole("link", { name: /Become a mentor/ })).toBeNull();
    expect(screen.getByText(/^London — (Greenwich Mean|British Summer) Time$/)).toBeTruthy();
    await screen.findByTestId("upcoming-empty");
  });
});

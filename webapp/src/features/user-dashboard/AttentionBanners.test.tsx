/**
 * The banners of things waiting (issue 21): a learner's dashboard shows a
 * session to pay for with the payment window's end in the account's zone,
 * the time left and a link to pay; a mentor's shows a request to answer by
 * its deadline with a link to answer it; each shows only its own kind, and
 * a deadline that passes while the screen is open drops its banner.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { aUser, json, logIn, mockApi, renderScreen, resetAuth, skippedHeadingLevels, useFakeClock } from "../../testing";
import { AttentionBanners } from "../../components/AttentionBanners";
import UserDashboardPage from "./UserDashboardPage";

const NOW = new Date("2026-11-24T12:00:00Z");

const PAY = {
  kind: "pay",
  booking_id: "b-pay",
  deadline: "2026-11-24T16:00:00Z",
  start: "2026-11-25T10:00:00Z",
  service_title: "Career plan",
  with_name: "Meera Nair",
} as const;
const ANSWER = { ...PAY, kind: "answer_request", booking_id: "b-ask", deadline: "2026-11-25T02:30:00Z", with_name: "Lata Learner" } as const;

function answering(items: unknown[]) {
  return mockApi({
    "GET /api/me/attention/": json(200, { count: items.length, items }),
    "GET /api/bookings/": json(200, []),
  });
}

beforeEach(() => {
  useFakeClock({ now: NOW });
  resetAuth();
  logIn(aUser({ time_zone: "Asia/Kolkata", role: "mentor", mentor_id: 3 }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("banners on the learner's dashboard", () => {
  it("show a session to pay for, its deadline in the account's zone and a link to pay", async () => {
    answering([PAY, ANSWER]);
    renderScreen("/dashboard/user", [{ path: "/dashboard/user", element: <UserDashboardPage /> }]);
    const region = await screen.findByRole("region", { name: "Waiting for you 1" });
    const banners = within(region).getAllByTestId("attention-banner");
    expect(banners).toHaveLength(1);
    const banner = within(banners[0] as HTMLElement);
    expect(banner.getByText("Pay for Career plan with Meera Nair")).toBeTruthy();
    // 16:00 UTC is 9:30 pm in Kolkata; four hours from now.
    const when = banner.getByText(/^Meera accepted your request/).textContent ?? "";
    expect(when).toMatch(/9:30\s?(pm|PM)/);
    expect(when).toContain("(Kolkata — India Standard Time)");
    expect(when).toContain("4 h from now");
    expect(banner.getByRole("link", { name: "Pay now" }).getAttribute("href")).toBe("/session-payment-required/b-pay");
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("show nothing when nothing waits", async () => {
    const calls = answering([]);
    renderScreen("/dashboard/user", [{ path: "/dashboard/user", element: <UserDashboardPage /> }]);
    await screen.findByTestId("upcoming-empty");
    expect(calls.some((c) => c.path === "/api/me/attention/")).toBe(true);
    expect(screen.queryByTestId("attention-banners")).toBeNull();
  });
});

describe("banners on the mentor's dashboard", () => {
  it("show a request to answer with its deadline and a link to answer it, and drop it once the deadline passes", async () => {
    answering([PAY, ANSWER]);
    renderScreen("/dashboard/mentor", [{ path: "/dashboard/mentor", element: <AttentionBanners kind="answer_request" zone="Asia/Kolkata" /> }]);
    const banner = within(await screen.findByTestId("attention-banner"));
    expect(banner.getByText("Lata Learner asked for Career plan")).toBeTruthy();
    // 02:30 UTC is 8:00 am in Kolkata; 14 h 30 min from now.
    const when = banner.getByText(/^For /).textContent ?? "";
    expect(when).toMatch(/8:00\s?(am|AM)/);
    expect(when).toContain("14 h 30 min from now, or the request expires.");
    expect(banner.getByRole("link", { name: "Answer request" }).getAttribute("href")).toBe("/session-request/b-ask");
    expect(screen.getAllByTestId("attention-banner")).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(14.5 * 60 * 60_000);
    });
    expect(screen.queryByTestId("attention-banner")).toBeNull();
  });
});

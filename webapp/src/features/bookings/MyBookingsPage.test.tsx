/**
 * `/my-bookings`: three lists by `?tab=`, each booking with its next
 * action; a mentor also sees the sessions booked with them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { aUser, json, logIn, mockApi, pathOf, renderScreen, resetAuth } from "../../testing";
import { aBooking, aConfirmedBooking } from "./fixtures.test-util";
import { MyBookingsPage } from "./MyBookingsPage";

function renderList(path: string) {
  return renderScreen(path, [{ path: "/my-bookings", element: <MyBookingsPage /> }]);
}

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("my bookings", () => {
  it("lists the upcoming bookings with their next action", async () => {
    logIn(aUser());
    const calls = mockApi({
      "GET /api/bookings/": json(200, [
        aBooking({ id: "a", status: "payment_required", allowed_actions: ["pay", "cancel"] }),
        aConfirmedBooking({ id: "b" }),
      ]),
    });
    renderList("/my-bookings");
    const items = await screen.findAllByTestId("booking-item");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole("link", { name: /^Pay now/ }).getAttribute("href")).toBe("/my-bookings/a");
    expect(within(items[0] as HTMLElement).getByTestId("booking-status").textContent).toBe("Payment due");
    expect(within(items[1] as HTMLElement).getByRole("link", { name: /^View details/ }).getAttribute("href")).toBe("/my-bookings/b");
    expect(calls.find((c) => c.path === "/api/bookings/")?.url).toBe("/api/bookings/?as=learner&when=upcoming");
    expect(screen.getByRole("link", { name: "Upcoming" }).getAttribute("aria-current")).toBe("page");
  });

  it("a payment being confirmed reads as such and offers no Pay now", async () => {
    logIn(aUser());
    mockApi({
      "GET /api/bookings/": json(200, [aBooking({ id: "c", status: "payment_required", allowed_actions: ["pay", "cancel"], payment_confirming: true })]),
    });
    renderList("/my-bookings");
    const [item] = (await screen.findAllByTestId("booking-item")) as [HTMLElement];
    expect(within(item).getByTestId("booking-status").textContent).toBe("Confirming payment");
    expect(within(item).queryByRole("link", { name: /^Pay now/ })).toBeNull();
    expect(within(item).getByRole("link", { name: /^View details/ }).getAttribute("href")).toBe("/my-bookings/c");
  });

  it("switches lists through ?tab=", async () => {
    logIn(aUser());
    const calls = mockApi({ "GET /api/bookings/": (call) => json(200, call.url.includes("when=past") ? [] : [aBooking()]) });
    const router = renderList("/my-bookings");
    await screen.findAllByTestId("booking-item");
    fireEvent.click(screen.getByRole("link", { name: "Past" }));
    expect(await screen.findByTestId("bookings-empty")).toBeTruthy();
    expect(pathOf(router)).toBe("/my-bookings?tab=past");
    expect(calls.filter((c) => c.path === "/api/bookings/").map((c) => c.url)).toContain("/api/bookings/?as=learner&when=past");
    expect(screen.getByText("No past sessions yet.")).toBeTruthy();
  });

  it("an empty upcoming list leads to the mentors", async () => {
    logIn(aUser());
    mockApi({ "GET /api/bookings/": json(200, []) });
    renderList("/my-bookings?tab=nonsense");
    expect((await screen.findByRole("link", { name: "Find a mentor" })).getAttribute("href")).toBe("/mentors");
  });

  it("a mentor can see the sessions booked with them", async () => {
    logIn(aUser({ role: "mentor", mentor_id: 12 }));
    const calls = mockApi({ "GET /api/bookings/": json(200, [aBooking({ role: "mentor", allowed_actions: ["accept", "decline"] })]) });
    renderList("/my-bookings?as=mentor");
    const item = within(await screen.findByTestId("booking-item"));
    expect(item.getByRole("link", { name: /^Respond/ })).toBeTruthy();
    expect(item.getByRole("heading").textContent).toBe("Mock interview with Ravi Kumar");
    expect(calls.find((c) => c.path === "/api/bookings/")?.url).toBe("/api/bookings/?as=mentor&when=upcoming");
  });
});

/**
 * The booking review a chosen time opens: the time in the viewer's zone,
 * the price label, the note, `POST /api/bookings/` and on to the screen of
 * the booking's status; field errors inline, a time taken meanwhile (409)
 * said and the times read again; a guest sent to sign in with the choice
 * remembered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, pathOf, renderScreen, resetAuth } from "../../testing";
import { session } from "../../lib/session";
import { BookingReview, type ReviewService } from "./BookingReview";
import { aBooking } from "./fixtures.test-util";

const START = "2030-03-04T04:30:00Z";
const service: ReviewService = { id: 7, title: "Mock interview", durationMinutes: 60, price: 1500, instant: false };

function renderReview(onTaken = vi.fn(), props: Partial<ReviewService> = {}) {
  const router = renderScreen("/mentors/12-asha-rao", [
    {
      path: "/mentors/:idSlug",
      element: (
        <BookingReview
          mentor={{ id: 12, name: "Asha Rao" }}
          service={{ ...service, ...props }}
          start={START}
          end={new Date(Date.parse(START) + 3_600_000)}
          timeZone="Asia/Kolkata"
          onClose={vi.fn()}
          onTaken={onTaken}
        />
      ),
    },
  ]);
  return { router, onTaken };
}

beforeEach(() => {
  resetAuth();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the booking review", () => {
  it("shows the session, the time in the viewer's zone with the zone named, and the price label", async () => {
    logIn(aUser());
    mockApi({});
    renderReview();
    const dialog = within(await screen.findByRole("dialog", { name: "Review your booking" }));
    const summary = dialog.getByTestId("review-summary").textContent ?? "";
    expect(summary).toContain("Asha Rao");
    expect(summary).toContain("Mock interview · 1 hr");
    expect(summary).toMatch(/Mon, 4 Mar 2030|Mon, Mar 4, 2030/);
    expect(summary).toMatch(/10:00 am – 11:00 am India Standard Time/);
    expect(summary).toContain("India Standard Time");
    expect(dialog.getByTestId("review-price").textContent).toBe("₹1,500");
    expect(dialog.getByText("Asha will accept or decline your request within 24 hours. You pay only once it’s accepted.")).toBeTruthy();
  });

  it("books with the note and goes to the screen of the booking's status", async () => {
    logIn(aUser());
    const calls = mockApi({ "POST /api/bookings/": json(201, aBooking()) });
    const { router } = renderReview();
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText(/Note for Asha/), { target: { value: "  System design, please. " } });
    fireEvent.click(dialog.getByRole("button", { name: "Send request" }));
    await vi.waitFor(() => expect(pathOf(router)).toBe(`/session-request-pending/${aBooking().id}`));
    expect(callsTo(calls, "POST", "/api/bookings/")[0]?.body).toEqual({ service_id: 7, start: START, note: "System design, please." });
    expect(callsTo(calls, "POST", "/api/bookings/")[0]?.headers.get("authorization")).toBe("Bearer access-1");
  });

  it("an instant paid service goes on to payment", async () => {
    logIn(aUser());
    mockApi({ "POST /api/bookings/": json(201, aBooking({ status: "payment_required", allowed_actions: ["pay", "cancel"] })) });
    const { router } = renderReview(vi.fn(), { instant: true });
    fireEvent.click(await screen.findByRole("button", { name: "Continue to payment" }));
    await vi.waitFor(() => expect(pathOf(router)).toBe(`/session-payment-required/${aBooking().id}`));
  });

  it("shows the server's field errors: the note under the note, the time above", async () => {
    logIn(aUser());
    mockApi({
      "POST /api/bookings/": json(400, { note: ["Keep the note to 1000 characters or fewer."], start: ["That time is inside the mentor's minimum notice."] }),
    });
    renderReview();
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Send request" }));
    expect(await dialog.findByText("Keep the note to 1000 characters or fewer.")).toBeTruthy();
    expect(dialog.getByText("That time is inside the mentor's minimum notice.")).toBeTruthy();
    expect(dialog.getByLabelText(/Note for Asha/).getAttribute("aria-invalid")).toBe("true");
  });

  it("a time just taken: says so and reads the open times again", async () => {
    logIn(aUser());
    mockApi({ "POST /api/bookings/": json(409, { detail: "That time was just booked by someone else. Please choose another slot." }) });
    const { onTaken } = renderReview();
    fireEvent.click(await screen.findByRole("button", { name: "Send request" }));
    const dialog = within(await screen.findByRole("dialog", { name: "This time is no longer free" }));
    expect(dialog.getByText("That time was just booked by someone else. Please choose another slot.")).toBeTruthy();
    expect(onTaken).toHaveBeenCalledTimes(1);
    expect(dialog.getByRole("button", { name: "Choose another time" })).toBeTruthy();
    expect(dialog.queryByRole("button", { name: "Send request" })).toBeNull();
  });

  it("past a holding cap: says what to do and leads to the learner's bookings, the time kept", async () => {
    logIn(aUser());
    const cap =
      "You already have 2 requests with this mentor waiting for an answer or a payment. Wait for the mentor's answer, pay for an accepted one, or cancel one in your bookings before asking again.";
    mockApi({ "POST /api/bookings/": json(409, { detail: cap }) });
    const { onTaken } = renderReview();
    fireEvent.click(await screen.findByRole("button", { name: "Send request" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Finish one of your bookings first" }));
    expect(dialog.getByText(cap)).toBeTruthy();
    expect(onTaken).not.toHaveBeenCalled();
    expect(dialog.getByRole("link", { name: "See your bookings" }).getAttribute("href")).toBe("/my-bookings");
    expect(dialog.queryByRole("button", { name: "Send request" })).toBeNull();
  });

  it("too many bookings in an hour: says when to try again", async () => {
    logIn(aUser());
    const limit = "You have made 20 bookings this hour, the most one account may. Please try again in 12 minutes.";
    mockApi({ "POST /api/bookings/": json(429, { detail: limit }) });
    renderReview();
    fireEvent.click(await screen.findByRole("button", { name: "Send request" }));
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send request" })).toBeTruthy();
  });

  it("a guest is sent to sign in, the chosen time remembered for after", async () => {
    mockApi({});
    const { router } = renderReview();
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.queryByLabelText(/Note for Asha/)).toBeNull();
    fireEvent.click(dialog.getByRole("button", { name: "Sign in to book" }));
    await vi.waitFor(() => expect(pathOf(router)).toBe("/auth/login"));
    expect(session.takeRedirect()).toBe(`/mentors/12-asha-rao?book=7&at=${encodeURIComponent(START)}`);
  });
});

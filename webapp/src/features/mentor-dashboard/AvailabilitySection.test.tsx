/**
 * The availability editor: the PUT body it builds, the crate's check
 * before saving and the server's field errors after, and the live preview
 * of the next open times computed in the browser by the crate's slot rule
 * (on a fake clock: `now` is the test's).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { checkAvailability, loadDashboardRules } from "../../lib/domain";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, useFakeClock } from "../../testing";
import type { MentorService, StoredAvailability } from "./api";
import { aProfile, aService, anAvailability } from "./fixtures.test-util";
import MentorDashboardPage from "./MentorDashboardPage";
import { browserZone } from "../../lib/time";

function renderAvailability() {
  return renderScreen("/dashboard/mentor?tab=availability", [{ path: "/dashboard/mentor", element: <MentorDashboardPage /> }]);
}

function handlers(availability: StoredAvailability, services: MentorService[] = [aService()], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/mentor/profile/": json(200, aProfile()),
    "GET /api/mentor/services/": json(200, services),
    "GET /api/mentor/availability/": json(200, availability),
    "PUT /api/mentor/availability/": (call) => json(200, { ...(call.body as object), configured: true }),
    ...extra,
  });
}

const day = (d: number) => within(screen.getByTestId(`day-${d}`));

beforeAll(() => loadDashboardRules());

beforeEach(() => {
  resetAuth();
  logIn(aUser({ role: "mentor", mentor_id: 3 }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the availability editor", () => {
  it("builds the PUT body from the weekly hours, overrides and rules", async () => {
    const calls = handlers(anAvailability({ configured: false, weekly: [], time_zone: "Pacific/Chatham" }));
    renderAvailability();
    expect(await screen.findByText("You haven’t set your availability yet. Learners can book you once you save it.")).toBeTruthy();
    // Never saved: the zone starts as the browser's, not the server's default.
    expect((screen.getByLabelText("Your time zone") as HTMLSelectElement).value).toBe(browserZone());
    fireEvent.change(screen.getByLabelText("Your time zone"), { target: { value: "Asia/Kolkata" } });
    // Monday: 09:00–17:00 and, after it, 17:00–19:00.
    fireEvent.click(day(0).getByRole("switch", { name: "Monday" }));
    fireEvent.click(day(0).getByRole("button", { name: "+ Add hours" }));
    // Wednesday: the morning only.
    fireEvent.click(day(2).getByRole("switch", { name: "Wednesday" }));
    fireEvent.change(day(2).getByLabelText("Wednesday, hours 1, to"), { target: { value: "12:00" } });
    // Friday on, then off again: no hours.
    fireEvent.click(day(4).getByRole("switch", { name: "Friday" }));
    fireEvent.click(day(4).getByRole("button", { name: "Remove Friday hours 1" }));
    // Christmas off, and custom hours on a Saturday.
    fireEvent.click(screen.getByRole("button", { name: "+ Add a date" }));
    fireEvent.click(screen.getByRole("button", { name: "+ Add a date" }));
    const [christmas, saturday] = screen.getAllByTestId("override").map((o) => within(o));
    fireEvent.change(christmas?.getByLabelText("Date") as HTMLElement, { target: { value: "2026-12-25" } });
    fireEvent.change(saturday?.getByLabelText("Date") as HTMLElement, { target: { value: "2026-12-19" } });
    fireEvent.change(saturday?.getByLabelText("On this date") as HTMLElement, { target: { value: "custom" } });
    fireEvent.change(screen.getByLabelText("Break before a session"), { target: { value: "15" } });
    fireEvent.change(screen.getByLabelText("Break after a session"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Minimum notice"), { target: { value: "240" } });
    fireEvent.change(screen.getByLabelText("Bookings open (days ahead)"), { target: { value: "60" } });
    fireEvent.change(screen.getByLabelText(/Most sessions a day/), { target: { value: "4" } });
    fireEvent.change(screen.getByLabelText("Start times"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
    expect(await screen.findByText("Availability saved. Learners see your new times at once.")).toBeTruthy();
    expect(callsTo(calls, "PUT", "/api/mentor/availability/")[0]?.body).toEqual({
      time_zone: "Asia/Kolkata",
      weekly: [
        { weekday: 0, start: "09:00", end: "17:00" },
        { weekday: 0, start: "17:00", end: "19:00" },
        { weekday: 2, start: "09:00", end: "12:00" },
      ],
      overrides: [
        { date: "2026-12-19", ranges: [{ start: "09:00", end: "17:00" }] },
        { date: "2026-12-25", ranges: [] },
      ],
      buffer_before_minutes: 15,
      buffer_after_minutes: 10,
      minimum_notice_minutes: 240,
      booking_window_days: 60,
      max_sessions_per_day: 4,
      slot_interval_minutes: 30,
    });
    expect(screen.queryByText("You haven’t set your availability yet. Learners can book you once you save it.")).toBeNull();
  });

  it("keeps the saved rules it does not show changed, and leaves out the daily cap when there is none", async () => {
    const saved = anAvailability({ weekly: [{ weekday: 6, start: "07:10", end: "24:00" }], max_sessions_per_day: 3 });
    const calls = handlers(saved);
    renderAvailability();
    fireEvent.change(await screen.findByLabelText(/Most sessions a day/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
    await screen.findByText("Availability saved. Learners see your new times at once.");
    const { configured: _configured, max_sessions_per_day: _cap, ...rest } = saved;
    expect(callsTo(calls, "PUT", "/api/mentor/availability/")[0]?.body).toEqual(rest);
  });

  it("shows the crate's message and sends nothing when the rules cannot be saved", async () => {
    const calls = handlers(anAvailability());
    renderAvailability();
    fireEvent.change(await screen.findByLabelText("Monday, hours 1, to"), { target: { value: "08:00" } });
    const expected = checkAvailability({ time_zone: "Europe/London", booking_window_days: 30, weekly: [{ weekday: 0, start: "09:00", end: "08:00" }] });
    expect(expected.type).toBe("error");
    const message = expected.type === "error" ? expected.message : "";
    // The preview says it as the mentor edits…
    expect(within(screen.getByTestId("slot-preview")).getByTestId("preview-error").textContent).toBe(message);
    // …and saving says it again, sending nothing.
    fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
    expect(callsTo(calls, "PUT", "/api/mentor/availability/")).toHaveLength(0);
  });

  it("shows the server's field errors under their fields", async () => {
    handlers(anAvailability(), [aService()], { "PUT /api/mentor/availability/": json(400, { booking_window_days: ["Open bookings at most 365 days ahead."] }) });
    renderAvailability();
    await screen.findByLabelText("Bookings open (days ahead)");
    fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
    expect(await screen.findByText("Open bookings at most 365 days ahead.")).toBeTruthy();
    expect(screen.getByText("Please fix the errors above.")).toBeTruthy();
    expect(screen.getByLabelText("Bookings open (days ahead)").getAttribute("aria-invalid")).toBe("true");
  });

  it("offers to try again when the availability cannot be loaded", async () => {
    let attempts = 0;
    handlers(anAvailability(), [], { "GET /api/mentor/availability/": () => (++attempts === 1 ? json(500, {}) : json(200, anAvailability())) });
    renderAvailability();
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Save availability" })).toBeTruthy();
  });
});

describe("the preview", () => {
  // Monday 2 March 2026, 08:00 in London (GMT).
  const NOW = new Date("2026-03-02T08:00:00Z");
  const timeIn = (iso: string, zone: string) => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(new Date(iso));

  beforeEach(() => useFakeClock({ now: NOW }));

  it("lists the next open times by the crate's rule, in the mentor's zone, named", async () => {
    handlers(anAvailability(), [aService(), aService({ id: 12, title: "Deep dive", duration_minutes: 90 })]);
    renderAvailability();
    const preview = within(await screen.findByTestId("slot-preview"));
    await waitFor(() => expect(preview.getAllByTestId("preview-time")).toHaveLength(6));
    expect(preview.getByTestId("preview-zone").textContent).toContain("Shown in Europe/London");
    // Mondays 2 and 9 March, 09:00–12:00 by the hour.
    expect(preview.getAllByTestId("preview-time").map((t) => t.textContent)).toEqual(
      ["09:00", "10:00", "11:00", "09:00", "10:00", "11:00"].map((t) => timeIn(`2026-03-02T${t}:00Z`, "UTC")),
    );
    // A 90-minute service: two a morning.
    fireEvent.change(preview.getByLabelText("For"), { target: { value: "service-12" } });
    await waitFor(() => expect(preview.getAllByTestId("preview-time")).toHaveLength(4));
  });

  it("follows the editor live, before anything is saved", async () => {
    const calls = handlers(anAvailability({ minimum_notice_minutes: 120 }), []);
    renderAvailability();
    const preview = within(await screen.findByTestId("slot-preview"));
    // Two hours' notice from 08:00: 10:00 and 11:00 today, three next Monday.
    await waitFor(() => expect(preview.getAllByTestId("preview-time")).toHaveLength(5));
    // Tuesday mornings too.
    fireEvent.click(day(1).getByRole("switch", { name: "Tuesday" }));
    fireEvent.change(day(1).getByLabelText("Tuesday, hours 1, to"), { target: { value: "10:00" } });
    await waitFor(() => expect(preview.getAllByTestId("preview-time")).toHaveLength(7));
    // Shown in the zone chosen: Kolkata is 5½ hours ahead, so Monday's 09:00 London-time range becomes Kolkata's.
    fireEvent.change(screen.getByLabelText("Your time zone"), { target: { value: "Asia/Kolkata" } });
    await waitFor(() => expect(preview.getByTestId("preview-zone").textContent).toContain("Shown in Asia/Kolkata"));
    expect(preview.getAllByTestId("preview-time")[0]?.textContent).toBe(timeIn("2026-03-02T09:00:00Z", "UTC"));
    expect(callsTo(calls, "PUT", "/api/mentor/availability/")).toHaveLength(0);
  });

  it("says when there is nothing to book", async () => {
    handlers(anAvailability({ weekly: [] }));
    renderAvailability();
    expect(await screen.findByTestId("preview-empty")).toBeTruthy();
  });
});

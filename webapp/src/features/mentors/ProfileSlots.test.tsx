import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { callsTo, json, mockApi, skippedHeadingLevels, useFakeClock, type Call } from "../../testing";
import type { Mentor } from "../../lib/api/mentors";
import { ProfileSlots } from "./ProfileSlots";
import { dayKeyOf, startOfDay, weekOf } from "./slots";
import { addDays, currentZoneName, sameZone } from "../../lib/time";

const NOW = Date.UTC(2030, 0, 6, 12, 0, 0); // Sunday 6 January 2030, 12:00 UTC: winter in London
const SLOTS = "/api/mentors/12/slots/";

function mentor(services: Record<string, unknown>[] = [{ id: 23, title: "SEO audit walkthrough", duration_minutes: 60, price: 1500 }]) {
  return {
    id: 12,
    name: "Pallavi Borah",
    expertise: ["SEO"],
    rating: 4.6,
    experience_years: 8,
    services,
  } as unknown as Mentor & { id: number };
}

function slot(start: string, minutes = 60) {
  return { start, end: new Date(new Date(start).getTime() + minutes * 60_000).toISOString() };
}

const LONDON = { "X-Mentor-Time-Zone": "Europe/London" };

function query(call: Call | undefined): Record<string, string> {
  return Object.fromEntries(new URL(call?.url ?? "/", "http://localhost").searchParams);
}

/** Text with ICU's thin and narrow spaces as plain ones. */
function plain(text: string | null): string {
  return (text ?? "").replace(/\s/gu, " ");
}

/** The times shown under each day heading. */
function shownDays(): [string, string[]][] {
  return screen.getAllByTestId("slots-day").map((day) => [
    day.querySelector("h4 [aria-hidden]")?.textContent ?? "",
    within(day).getAllByTestId("slot-time").map((t) => t.textContent ?? ""),
  ]);
}

beforeEach(() => {
  useFakeClock({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ProfileSlots", () => {
  it("shows a 09:00 London slot at 14:30 in Kolkata in winter, grouped by the viewer's day, and states both zones", async () => {
    const calls = mockApi({
      [`GET ${SLOTS}`]: json(200, [slot("2030-01-08T09:00:00Z"), slot("2030-01-07T09:00:00Z"), slot("2030-01-07T20:00:00Z")], LONDON),
    });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" />);
    expect(screen.getByTestId("slots-loading")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Loading open times…");

    await screen.findByTestId("slots-days");
    // 20:00 UTC on the 7th is 01:30 on the 8th in Kolkata: it belongs to the 8th there.
    expect(shownDays()).toEqual([
      ["Mon 7 Jan", ["14:30"]],
      ["Tue 8 Jan", ["1:30", "14:30"]],
    ]);
    expect(screen.getByTestId("slots-zone").textContent).toBe("Times shown in Kolkata — India Standard Time (your time). Mentor is in London — Greenwich Mean Time.");
    expect(screen.getAllByTestId("slot-time")[0]?.getAttribute("datetime")).toBe("2030-01-07T09:00:00.000Z");
    expect(screen.getByRole("list", { name: /^Open times, 6\s–\s12 Jan 2030$/u })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Tuesday 8 January" })).toBeTruthy();
    expect(screen.getByTestId("slots-service").textContent).toBe("SessionSEO audit walkthrough · 1 hr");
    expect(screen.getByText(/Each time is the start of a 1 hr session\. Booking one of Pallavi’s times online opens soon\./)).toBeTruthy();
    // Times to read, not yet to pick.
    expect(within(screen.getByTestId("slots-days")).queryAllByRole("button")).toEqual([]);

    // The week is the viewer's: from midnight of today in Kolkata, seven days.
    const [first] = callsTo(calls, "GET", SLOTS);
    expect(query(first)).toEqual({ service: "23", from: "2030-01-05T18:30:00.000Z", to: "2030-01-12T18:30:00.000Z" });
    expect(skippedHeadingLevels(document.body).filter((p) => !p.startsWith("h2"))).toEqual([]);
  });

  it("switches the zone: the week and the times follow, and the mentor's zone is offered", async () => {
    const calls = mockApi({ [`GET ${SLOTS}`]: json(200, [slot("2030-01-07T09:00:00Z")], LONDON) });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" />);
    await screen.findByTestId("slots-days");

    const zone = screen.getByLabelText("Time zone");
    const labels = Array.from((zone as HTMLSelectElement).options, (o) => o.textContent);
    expect(labels.slice(0, 2)).toEqual(["Kolkata — India Standard Time (your time)", "London — Greenwich Mean Time (mentor’s time)"]);
    expect(labels).toContain("New York — Eastern Standard Time");

    fireEvent.change(zone, { target: { value: "Europe/London" } });
    expect(await screen.findByText("9:00")).toBeTruthy();
    expect(screen.getByTestId("slots-zone").textContent).toBe("Times shown in London — Greenwich Mean Time. Mentor is in London — Greenwich Mean Time too.");
    expect(query(callsTo(calls, "GET", SLOTS)[1])).toMatchObject({ from: "2030-01-06T00:00:00.000Z", to: "2030-01-13T00:00:00.000Z" });

    fireEvent.change(zone, { target: { value: "America/New_York" } });
    expect(await screen.findByText("4:00")).toBeTruthy();
  });

  it("reads summer time from the zone data: 09:00 in London in July is 13:30 in Kolkata", async () => {
    useFakeClock({ now: Date.UTC(2030, 6, 1, 6, 0, 0) });
    mockApi({ [`GET ${SLOTS}`]: json(200, [slot("2030-07-02T08:00:00Z")], LONDON) });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" />);
    await screen.findByTestId("slots-days");
    expect(shownDays()).toEqual([["Tue 2 Jul", ["13:30"]]]);
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Europe/London" } });
    expect(await screen.findByText("9:00")).toBeTruthy();
  });

  it("moves a week at a time within the booking window", async () => {
    const calls = mockApi({
      [`GET ${SLOTS}`]: (call) => {
        const from = query(call).from;
        return json(200, from?.startsWith("2030-01-05") ? [slot("2030-01-07T09:00:00Z")] : [slot("2030-01-14T09:00:00Z")], {
          ...LONDON,
          "X-Booking-Window-Days": "14",
        });
      },
    });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" />);
    await screen.findByTestId("slots-days");
    const previous = screen.getByRole("button", { name: "Previous 7 days" });
    const next = screen.getByRole("button", { name: "Next 7 days" });
    expect(previous).toHaveProperty("disabled", true);
    expect(plain(screen.getByTestId("slots-week").textContent)).toBe("6 – 12 Jan 2030");

    fireEvent.click(next);
    expect(screen.getByTestId("slots-loading")).toBeTruthy();
    expect(await screen.findByText("Mon 14 Jan")).toBeTruthy();
    expect(plain(screen.getByTestId("slots-week").textContent)).toBe("13 – 19 Jan 2030");
    expect(query(callsTo(calls, "GET", SLOTS)[1])).toMatchObject({ from: "2030-01-12T18:30:00.000Z", to: "2030-01-19T18:30:00.000Z" });
    // 14 days ahead: the second week is the last.
    expect(next).toHaveProperty("disabled", true);
    expect(previous).toHaveProperty("disabled", false);

    fireEvent.click(previous);
    expect(await screen.findByText("Mon 7 Jan")).toBeTruthy();
  });

  it("says when a week has no open times and offers the next one", async () => {
    mockApi({
      [`GET ${SLOTS}`]: (call) => json(200, query(call).from?.startsWith("2030-01-05") ? [] : [slot("2030-01-15T09:00:00Z")], LONDON),
    });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" />);
    const empty = await screen.findByTestId("slots-empty");
    expect(empty.textContent).toContain("No open times in this week.");
    fireEvent.click(within(empty).getByRole("button", { name: "Show next week" }));
    expect(await screen.findByText("Tue 15 Jan")).toBeTruthy();
  });

  it("shows a failure with Retry, which asks again", async () => {
    let fail = true;
    const calls = mockApi({
      [`GET ${SLOTS}`]: () => (fail ? json(503, { detail: "Down." }) : json(200, [slot("2030-01-07T09:00:00Z")], LONDON)),
    });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" />);
    const error = await screen.findByTestId("slots-error");
    expect(error.getAttribute("role")).toBe("alert");
    expect(error.textContent).toContain("We couldn’t load the open times");
    fail = false;
    fireEvent.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("14:30")).toBeTruthy();
    expect(callsTo(calls, "GET", SLOTS)).toHaveLength(2);
  });

  it("offers a choice of the active services and asks for the chosen one's times", async () => {
    const calls = mockApi({ [`GET ${SLOTS}`]: json(200, [slot("2030-01-07T09:00:00Z")], LONDON) });
    const services = [
      { id: 23, title: "SEO audit walkthrough", duration_minutes: 60, price: 1500 },
      { id: 24, title: "Retired workshop", duration_minutes: 90, price: 900, active: false },
      { id: 25, title: "Intro call", duration_minutes: 20, price: 0 },
    ];
    render(<ProfileSlots mentor={mentor(services)} timeZone="Asia/Kolkata" locale="en-GB" />);
    await screen.findByTestId("slots-days");
    const picker = screen.getByLabelText("Session") as HTMLSelectElement;
    expect(Array.from(picker.options, (o) => o.textContent)).toEqual(["SEO audit walkthrough · 1 hr", "Intro call · 20 min"]);

    fireEvent.change(picker, { target: { value: "25" } });
    await screen.findByText(/start of a 20 min session/);
    await screen.findByTestId("slots-days");
    expect(callsTo(calls, "GET", SLOTS).map((c) => query(c).service)).toEqual(["23", "25"]);
  });

  it("takes a browser's old name for the viewer's zone as the current one, listed once", async () => {
    mockApi({ [`GET ${SLOTS}`]: json(200, [slot("2030-01-07T09:00:00Z")], { "X-Mentor-Time-Zone": "Asia/Kolkata" }) });
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Calcutta" locale="en-GB" />);
    await screen.findByTestId("slots-days");
    expect(screen.getByTestId("slots-zone").textContent).toBe("Times shown in Kolkata — India Standard Time (your time). Mentor is in Kolkata — India Standard Time too.");
    const labels = Array.from((screen.getByLabelText("Time zone") as HTMLSelectElement).options, (o) => o.textContent);
    expect(labels.filter((l) => l?.startsWith("Kolkata") || l?.startsWith("Calcutta"))).toEqual(["Kolkata — India Standard Time (yours and the mentor’s)"]);
  });

  it("shows nothing for a mentor without a bookable service", () => {
    const calls = mockApi();
    const { container } = render(<ProfileSlots mentor={mentor([{ id: 1, title: "Off", price: 0, active: false }])} timeZone="Asia/Kolkata" />);
    expect(container.textContent).toBe("");
    expect(callsTo(calls, "GET", SLOTS)).toEqual([]);
  });

  it("turns each time into a button when the booking step is plugged in", async () => {
    mockApi({ [`GET ${SLOTS}`]: json(200, [slot("2030-01-07T09:00:00Z")], LONDON) });
    const onChoose = vi.fn();
    render(<ProfileSlots mentor={mentor()} timeZone="Asia/Kolkata" locale="en-GB" onChoose={onChoose} />);
    fireEvent.click(await screen.findByRole("button", { name: "14:30" }));
    expect(onChoose).toHaveBeenCalledWith(
      expect.objectContaining({ start: new Date("2030-01-07T09:00:00Z") }),
      expect.objectContaining({ id: 23 }),
    );
  });
});

describe("slot calendar arithmetic", () => {
  it("finds midnight in a zone, across a change of the clocks", () => {
    expect(startOfDay("2030-01-06", "Asia/Kolkata").toISOString()).toBe("2030-01-05T18:30:00.000Z");
    expect(startOfDay("2030-03-31", "Europe/London").toISOString()).toBe("2030-03-31T00:00:00.000Z");
    expect(startOfDay("2030-04-01", "Europe/London").toISOString()).toBe("2030-03-31T23:00:00.000Z");
    expect(startOfDay("2030-11-04", "America/New_York").toISOString()).toBe("2030-11-04T05:00:00.000Z");
    // Santiago's clocks skip midnight in September: the day starts at 01:00.
    expect(startOfDay("2030-09-08", "America/Santiago").toISOString()).toBe("2030-09-08T04:00:00.000Z");
  });

  it("names zones by their current names and knows an old name for the same zone", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/London")).toBe("Europe/London");
    expect(sameZone("Asia/Calcutta", "Asia/Kolkata")).toBe(true);
    expect(sameZone("Asia/Kolkata", "Europe/London")).toBe(false);
  });

  it("names the day an instant falls on in a zone and steps days on the calendar", () => {
    expect(dayKeyOf(new Date("2030-01-07T20:00:00Z"), "Asia/Kolkata")).toBe("2030-01-08");
    expect(dayKeyOf(new Date("2030-01-07T20:00:00Z"), "Europe/London")).toBe("2030-01-07");
    expect(addDays("2030-12-29", 7)).toBe("2031-01-05");
    const week = weekOf(1, "Europe/London", new Date("2030-03-27T12:00:00Z"));
    expect(week.days).toEqual(["2030-04-03", "2030-04-04", "2030-04-05", "2030-04-06", "2030-04-07", "2030-04-08", "2030-04-09"]);
  });
});

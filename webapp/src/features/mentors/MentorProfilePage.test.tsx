import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { loadMentors, resetMentorCache } from "../../lib/api/mentors";
import { MentorProfilePage } from "./MentorProfilePage";
import { mentorAnswer as json, pallavi, serveMentors, useFakeClock } from "../../testing";

const NOW = Date.UTC(2030, 0, 6, 12, 0, 0); // Sunday 6 January 2030, 12:00 UTC

/**
 * Answers the mentor endpoints with `mentors` and `/api/mentors/{id}/slots/`
 * with `slots` (the mentor in Europe/London).
 */
function serve(...mentors: ReturnType<typeof pallavi>[]) {
  return serveMentors(() => slots, ...mentors);
}

/** What `/api/mentors/{id}/slots/` answers (a 09:00 London slot on Monday 7 January 2030). */
let slots: { start: string; end: string }[] = [];

/** The requests other than the slots' (the catalogue and profile reads). */
function catalogueCalls(fetchMock: ReturnType<typeof serve>): unknown[] {
  return fetchMock.mock.calls.filter(([input]) => !String(input).includes("/slots/") && !String(input).includes("/reviews/"));
}

/**
 * The booking review stands apart: it is the bookings feature's, composed in
 * by the app (app/mentor-booking.test.tsx tests the page with it).
 */
function NoReview() {
  return null;
}

function renderAt(path: string, timeZone = "Asia/Kolkata") {
  const router = createMemoryRouter(
    [
      { path: "/mentors/:idSlug", element: <MentorProfilePage timeZone={timeZone} bookingReview={NoReview} /> },
      { path: "/mentors", element: <p>Listing</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetMentorCache();
  slots = [{ start: "2030-01-07T09:00:00Z", end: "2030-01-07T10:00:00Z" }];
  useFakeClock({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("MentorProfilePage", () => {
  it("fetches /api/mentors/{id}/ and shows the whole profile", async () => {
    const fetchMock = serve(pallavi());
    renderAt("/mentors/12-pallavi-borah");
    expect(screen.getByTestId("profile-loading")).toBeTruthy();

    expect(await screen.findByRole("heading", { level: 1, name: "Pallavi Borah" })).toBeTruthy();
    // The sections under the booking card mount one after another; Projects is the last.
    await screen.findByRole("link", { name: /Keyword atlas/ });
    expect(fetchMock).toHaveBeenCalledWith("/api/mentors/12/", expect.objectContaining({ credentials: "omit" }));
    expect(document.title).toBe("Pallavi Borah — SEO and content strategist for B2B software brands · MentorBridge");
    expect(screen.getByText("SEO and content strategist for B2B software brands")).toBeTruthy();
    expect(screen.getByTestId("profile-rating").textContent).toBe("4.6");
    expect(screen.getByText("average of 23 reviews")).toBeTruthy();
    expect(screen.getByTestId("profile-experience").textContent).toBe("8+ Years");
    expect(screen.getByTestId("profile-badge").textContent).toBe("Top Mentor");
    expect(within(screen.getByRole("list", { name: "Expertise" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Marketing",
      "SEO",
      "Content Strategy",
    ]);
    expect(screen.getByText("Pallavi grew organic traffic for a Guwahati travel startup.")).toBeTruthy();

    // Services with the domain's price labels and their durations.
    const services = screen.getAllByTestId("service");
    expect(services.map((s) => s.querySelector("h3")?.textContent)).toEqual(["SEO audit walkthrough", "Content calendar workshop", "Intro call"]);
    expect(screen.getAllByTestId("service-price").map((e) => e.textContent)).toEqual(["₹1,500/session", "₹1,25,000/session", "✨ Free Trial Session"]);
    expect(screen.getAllByTestId("service-duration").map((e) => e.textContent)).toEqual(["1 hr", "1 hr 30 min", "20 min"]);
    // The shown price is the lowest (issue 21): the free intro call, not the first entered.
    expect(screen.getByTestId("profile-price").textContent).toBe("✨ Free Trial Session");

    // Experience, education, projects.
    expect(screen.getByText("Content Strategy Lead")).toBeTruthy();
    expect(screen.getByText(/2021 – Present/)).toBeTruthy();
    expect(screen.getByText(/2017 – 2021/)).toBeTruthy();
    expect(screen.getByText("M.A., Mass Communication")).toBeTruthy();
    const project = screen.getByRole("link", { name: /Keyword atlas/ });
    expect(project.getAttribute("href")).toBe("https://atlas.example/");
    expect(project.getAttribute("rel")).toBe("noopener noreferrer");
    expect(project.getAttribute("target")).toBe("_blank");

    // Links: http(s) only; e-mail and phone stay private.
    expect(screen.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toBe("https://www.linkedin.com/in/pallavi-demo");
    expect(screen.getByRole("link", { name: /Website/ }).getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.queryByRole("link", { name: /Twitter/ })).toBeNull();
    expect(document.body.textContent).not.toContain("pallavi@mentors.example");
    expect(document.body.textContent).not.toContain("+919800000000");

    // Booking, and the reviews saying there are none yet.
    expect(screen.getByRole("button", { name: "Book a session" })).toBeTruthy();
    expect((await screen.findByTestId("reviews-empty")).textContent).toBe("No reviews yet");
  });

  it("previews the upcoming slots, soonest first, in the viewer's time zone", async () => {
    serve(pallavi());
    renderAt("/mentors/12-pallavi-borah", "Asia/Kolkata");
    const slots = await screen.findAllByTestId("slot");
    expect(slots).toHaveLength(2);
    // 03:30 UTC is 9:00 in India; 12:00 UTC is 17:30.
    expect(slots[0]?.textContent).toMatch(/7/);
    expect(slots[0]?.textContent).toMatch(/9:00/);
    expect(slots[0]?.textContent).toMatch(/10:00/);
    expect(slots[1]?.textContent).toMatch(/5:30|17:30/);
    expect(slots[0]?.querySelector("time")?.getAttribute("datetime")).toBe("2030-01-07T03:30:00.000Z");
    expect(screen.getByTestId("slot-zone").textContent).toContain("India Standard Time");
  });

  it("shows the same slots in another zone with its own day and hour", async () => {
    serve(pallavi());
    renderAt("/mentors/12-pallavi-borah", "America/New_York");
    const slots = await screen.findAllByTestId("slot");
    // 03:30 UTC on the 7th is 22:30 on the 6th in New York.
    expect(slots[0]?.textContent).toMatch(/6/);
    expect(slots[0]?.textContent).toMatch(/10:30|22:30/);
    expect(screen.getByTestId("slot-zone").textContent).toContain("Eastern Standard Time");
  });

  it("says when there is no open slot, and shows New for a mentor without ratings", async () => {
    serve(pallavi({ available_slots: [], rating: 0, review_count: 0, experience_years: 2 }));
    renderAt("/mentors/12-pallavi-borah");
    expect(await screen.findByTestId("no-slots")).toBeTruthy();
    expect(screen.getByTestId("profile-rating").textContent).toBe("New");
    expect(screen.queryByTestId("profile-badge")).toBeNull();
  });

  it("replaces a wrong or missing slug with the canonical one, keeping the query", async () => {
    serve(pallavi());
    const router = renderAt("/mentors/12-wrong?ref=share");
    await screen.findByRole("heading", { level: 1, name: "Pallavi Borah" });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/mentors/12-pallavi-borah"));
    expect(router.state.location.search).toBe("?ref=share");
    // Replaced, not pushed: Back leaves the profile instead of returning to the wrong URL.
    expect(router.state.historyAction).toBe("REPLACE");

    act(() => {
      void router.navigate("/mentors/12");
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/mentors/12-pallavi-borah"));
  });

  it("keeps an accented canonical slug as it is", async () => {
    serve(pallavi({ id: 40, name: "Zoë Fernandes" }));
    const router = renderAt("/mentors/40-zo%C3%AB-fernandes");
    await screen.findByRole("heading", { level: 1, name: "Zoë Fernandes" });
    expect(router.state.historyAction).toBe("POP");
  });

  it("shows the not-found page for an unknown id, without retrying", async () => {
    const fetchMock = serve(pallavi());
    renderAt("/mentors/99999-nobody");
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.title).toBe("Page Not Found · MentorBridge");
  });

  it("shows the not-found page for a segment without an id", async () => {
    const fetchMock = serve(pallavi());
    renderAt("/mentors/pallavi");
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uses the cached mentor list instead of asking again", async () => {
    const fetchMock = serve(pallavi());
    await loadMentors();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    renderAt("/mentors/12-pallavi-borah");
    expect(screen.getByRole("heading", { level: 1, name: "Pallavi Borah" })).toBeTruthy();
    expect(catalogueCalls(fetchMock)).toHaveLength(1);
  });

  it("shows the open times of the first service in the viewer's zone, stating the mentor's", async () => {
    const fetchMock = serve(pallavi());
    renderAt("/mentors/12-pallavi-borah");
    const section = await screen.findByRole("region", { name: "Available times" });
    const time = await within(section).findByText((_, element) => element?.tagName === "TIME" && element.getAttribute("datetime") === "2030-01-07T09:00:00.000Z");
    // 09:00 in London in winter is 2:30 pm in Kolkata, in Indian English.
    expect(time.textContent).toBe("2:30 pm");
    expect(within(section).getByTestId("slots-zone").textContent).toBe("Times shown in Kolkata — India Standard Time (your time). Mentor is in London — Greenwich Mean Time.");
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes("/slots/"));
    expect(asked).toBe("/api/mentors/12/slots/?service=23&from=2030-01-05T18%3A30%3A00.000Z&to=2030-01-12T18%3A30%3A00.000Z");
    expect(within(section).getByLabelText("Session")).toBeTruthy();
  });

  it("retries failures with the list's policy, then offers Retry", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { detail: "down" }))
      .mockResolvedValueOnce(json(503, { detail: "down" }))
      .mockResolvedValueOnce(json(503, { detail: "down" }))
      .mockResolvedValueOnce(json(200, pallavi()));
    vi.stubGlobal("fetch", fetchMock);
    renderAt("/mentors/12-pallavi-borah");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("HTTP 503: Service Unavailable");
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pallavi Borah" })).toBeTruthy();
  });

  it("refuses a body that is not a valid mentor", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { id: 12, name: 5 })));
    renderAt("/mentors/12-pallavi-borah");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect((await screen.findByRole("alert")).textContent).toContain("No valid mentor data received from API");
  });
});

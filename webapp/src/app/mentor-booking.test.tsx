/**
 * The mentor's page with the booking review composed in, as the app routes
 * it (`MentorProfileScreen`): the page is the mentors feature's, the review
 * the bookings feature's, and neither imports the other.
 */
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { resetMentorCache } from "../lib/api/mentors";
import { pallavi, serveMentors, useFakeClock } from "../testing";
import { MentorProfileScreen } from "./screens";

const NOW = Date.UTC(2030, 0, 6, 12, 0, 0); // Sunday 6 January 2030, 12:00 UTC

/** A 09:00 London slot on Monday 7 January 2030. */
const SLOTS = [{ start: "2030-01-07T09:00:00Z", end: "2030-01-07T10:00:00Z" }];

function serve(...mentors: ReturnType<typeof pallavi>[]) {
  return serveMentors(() => SLOTS, ...mentors);
}

function renderAt(path: string, timeZone = "Asia/Kolkata") {
  const router = createMemoryRouter(
    [
      {
        path: "/mentors/:idSlug",
        element: (
          <Suspense fallback={null}>
            <MentorProfileScreen timeZone={timeZone} />
          </Suspense>
        ),
      },
      { path: "/mentors", element: <p>Listing</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetMentorCache();
  useFakeClock({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a mentor's page with the booking review", () => {
  it("books from a chosen time: the review opens with the session, the time in the viewer's zone and the price", async () => {
    serve(pallavi());
    renderAt("/mentors/12-pallavi-borah");
    const section = await screen.findByRole("region", { name: "Available times" });
    const time = await within(section).findByRole("button", { name: "2:30 pm" });
    fireEvent.click(time);
    const dialog = within(await screen.findByRole("dialog", { name: "Review your booking" }));
    const summary = dialog.getByTestId("review-summary").textContent ?? "";
    expect(summary).toContain("SEO audit walkthrough · 1 hr");
    expect(summary).toContain("India Standard Time");
    expect(dialog.getByTestId("review-price").textContent).toBe("₹1,500");
    // A guest signs in first; the choice is remembered for after.
    expect(dialog.getByRole("button", { name: "Sign in to book" })).toBeTruthy();
  });

  it("after signing in, the time a guest chose opens in the review again, and leaves the address", async () => {
    serve(pallavi());
    const router = renderAt("/mentors/12-pallavi-borah?book=23&at=2030-01-07T09%3A00%3A00Z");
    const dialog = within(await screen.findByRole("dialog", { name: "Review your booking" }));
    expect(dialog.getByTestId("review-summary").textContent).toContain("SEO audit walkthrough · 1 hr");
    await vi.waitFor(() => expect(router.state.location.search).toBe(""));
  });
});

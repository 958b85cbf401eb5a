import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { callsTo, json, mockApi } from "../../testing";
import { countText, parseReviews, ReviewsSection } from "./ReviewsSection";

const PATH = "/api/mentors/12/reviews/";

function review(n: number, rating = 5, text = `Review ${n}`) {
  return { rating, text, learner_name: "Priya S.", created_at: new Date(Date.UTC(2030, 0, 30 - n)).toISOString() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the mentor page's reviews", () => {
  it("says there are none yet", async () => {
    mockApi({ [`GET ${PATH}`]: json(200, { count: 0, rating: null, reviews: [] }) });
    render(<ReviewsSection mentorId={12} timeZone="UTC" locale="en-GB" />);
    expect(await screen.findByText("No reviews yet")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Reviews" })).toBeTruthy();
    expect(screen.queryAllByTestId("review")).toHaveLength(0);
  });

  it("shows the mean rating, the count and the newest reviews with their stars", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: json(200, {
        count: 2,
        rating: 4.5,
        reviews: [review(0, 5, "Clear, practical advice on my portfolio."), { ...review(1, 4, ""), learner_name: "Arjun M." }],
      }),
    });
    render(<ReviewsSection mentorId={12} timeZone="UTC" locale="en-GB" />);
    const summary = await screen.findByTestId("reviews-summary");
    expect(summary.textContent).toContain("4.5");
    expect(summary.textContent).toContain("2 reviews");
    expect(within(summary).getByRole("img", { name: "4.5 out of 5 stars" })).toBeTruthy();
    const shown = screen.getAllByTestId("review");
    expect(shown).toHaveLength(2);
    expect(within(shown[0]!).getByRole("img", { name: "5 out of 5 stars" })).toBeTruthy();
    expect(shown[0]!.textContent).toContain("Priya S.");
    expect(shown[0]!.textContent).toContain("Clear, practical advice on my portfolio.");
    expect(shown[0]!.querySelector("time")?.textContent).toBe("30 Jan 2030");
    expect(within(shown[1]!).getByRole("img", { name: "4 out of 5 stars" })).toBeTruthy();
    expect(shown[1]!.textContent).toContain("Arjun M.");
    expect(shown[1]!.querySelectorAll("svg.review-star--on")).toHaveLength(4);
    expect(screen.queryByRole("button", { name: "Show more reviews" })).toBeNull();
    expect(callsTo(calls, "GET", PATH)).toHaveLength(1);
  });

  it("pages on with the offset", async () => {
    const first = Array.from({ length: 20 }, (_, i) => review(i));
    const calls = mockApi({
      [`GET ${PATH}`]: (call) =>
        new URL(call.url, "http://localhost").searchParams.get("offset") === "20"
          ? json(200, { count: 21, rating: 5, reviews: [review(20, 5, "The oldest one")] })
          : json(200, { count: 21, rating: 5, reviews: first }),
    });
    render(<ReviewsSection mentorId={12} timeZone="UTC" locale="en-GB" />);
    expect(await screen.findAllByTestId("review")).toHaveLength(20);
    fireEvent.click(screen.getByRole("button", { name: "Show more reviews" }));
    expect(await screen.findByText("The oldest one")).toBeTruthy();
    expect(screen.getAllByTestId("review")).toHaveLength(21);
    expect(screen.queryByRole("button", { name: "Show more reviews" })).toBeNull();
    expect(callsTo(calls, "GET", PATH).map((c) => new URL(c.url, "http://localhost").search)).toEqual(["", "?offset=20"]);
  });

  it("says so in a line when the reviews cannot be read", async () => {
    mockApi({ [`GET ${PATH}`]: json(500, { detail: "Something went wrong." }) });
    render(<ReviewsSection mentorId={12} />);
    expect(await screen.findByText("Reviews could not be loaded right now.")).toBeTruthy();
  });

  it("takes only the documented answer", () => {
    expect(parseReviews({ count: 1, rating: 5, reviews: [review(0)] })?.count).toBe(1);
    expect(parseReviews({ count: 1, rating: 5, reviews: [{ ...review(0), rating: 6 }] })).toBeUndefined();
    expect(parseReviews({ count: -1, rating: null, reviews: [] })).toBeUndefined();
    expect(parseReviews([])).toBeUndefined();
    expect(countText(1)).toBe("1 review");
    expect(countText(150000)).toBe("1,50,000 reviews");
  });
});

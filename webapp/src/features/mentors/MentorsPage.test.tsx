import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { resetMentorCache } from "./api";
import { MentorsPage } from "./MentorsPage";

function mentor(id: number, name: string, rating: number, years: number, prices: number[]) {
  return {
    id,
    user_id: null,
    name,
    headline: `${name}'s headline`,
    expertise: ["Career Growth"],
    rating,
    experience_years: years,
    bio: "",
    image_url: `/media/portraits/${id}.svg`,
    contact: {},
    social_links: {},
    education: [],
    experience: [],
    projects: [],
    services: prices.map((price, i) => ({ id: i + 1, title: "Session", description: "", duration_minutes: 45, price })),
    available_slots: [],
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
  };
}

function answer(status: number, body: unknown, contentType = "application/json") {
  return new Response(JSON.stringify(body), { status, statusText: status === 200 ? "OK" : "Service Unavailable", headers: { "content-type": contentType } });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <MentorsPage />
    </MemoryRouter>,
  );
}

/** Lets the retry delays (1 s, then 2 s) pass without waiting for them. */
async function skipRetryDelays() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(3_000);
  });
}

beforeEach(() => {
  resetMentorCache();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("MentorsPage", () => {
  it("shows skeletons, then one card per mentor labelled by the domain module", async () => {
    const fetchMock = vi.fn(async () =>
      answer(200, [mentor(1, "Asha Rao", 4.8, 12, [1499, 0]), mentor(2, "Ravi Kumar", 4.2, 3, []), mentor(3, "Meera Iyer", 4, 20, [100000])]),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderPage();
    expect(screen.getByTestId("mentors-loading")).toBeTruthy();

    const cards = await screen.findAllByTestId("mentor-card");
    expect(cards).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledWith("/api/mentors/", expect.objectContaining({ credentials: "omit" }));
    expect(screen.getAllByTestId("price-label").map((e) => e.textContent)).toEqual([
      "₹1,499/session",
      "✨ Free Trial Session",
      "₹1,00,000/session",
    ]);
    expect(screen.getAllByTestId("rating-label").map((e) => e.textContent)).toEqual(["4.8", "4.2", "4.0"]);
    expect(screen.getAllByTestId("mentor-badge").map((e) => e.textContent)).toEqual(["Top Mentor", "PRO"]);
    expect(screen.getByRole("link", { name: "Asha Rao" }).getAttribute("href")).toBe("/mentors/1-asha-rao");
    expect(screen.getByTestId("mentor-count").textContent).toBe("3");
  });

  it("leaves out an item the domain module refuses instead of failing the page", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn(async () => answer(200, [mentor(1, "Asha Rao", 4.8, 12, [-5]), mentor(2, "Ravi Kumar", 4.2, 3, [])])));
    renderPage();
    expect(await screen.findAllByTestId("mentor-card")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Ravi Kumar" })).toBeTruthy();
  });

  it("shows the spec's message and a Retry button when the API fails, and recovers", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(503, { detail: "down" }))
      .mockResolvedValueOnce(answer(503, { detail: "down" }))
      .mockResolvedValueOnce(answer(503, { detail: "down" }))
      .mockResolvedValueOnce(answer(200, [mentor(1, "Asha Rao", 4.8, 12, [0])]));
    vi.stubGlobal("fetch", fetchMock);
    renderPage();
    await skipRetryDelays();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("HTTP 503: Service Unavailable");
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("mentor-card")).toHaveLength(1);
  });

  it("rejects an answer that is not JSON or not an array", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn(async () => answer(200, { mentors: [] })));
    renderPage();
    await skipRetryDelays();
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid API response: Expected array of mentors");
  });

  it("says so when there are no mentors", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => answer(200, [])));
    renderPage();
    expect(await screen.findByText("No mentors found")).toBeTruthy();
    expect(screen.getByText("We're continuously adding new mentors. Check back soon!")).toBeTruthy();
  });
});

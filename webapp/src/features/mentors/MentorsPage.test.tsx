import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { mentorScore, searchDebounceMs } from "../../lib/domain";
import { resetMentorCache } from "../../lib/api/mentors";
import { MentorsPage, type MentorsPageProps } from "./MentorsPage";
import { useFakeClock } from "../../testing";

function mentor(id: number, name: string, rating: number, years: number, prices: number[], expertise: string[] = ["Career Growth"]) {
  return {
    id,
    user_id: null,
    name,
    headline: `${name}'s headline`,
    expertise,
    rating,
    review_count: rating > 0 ? 7 : 0,
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

/** A small catalogue across categories; ids in list order. */
const CATALOGUE = [
  mentor(1, "Asha Rao", 4.8, 12, [1499], ["Technology", "Machine Learning"]),
  mentor(2, "Ravi Kumar", 4.2, 3, [0], ["Marketing", "SEO"]),
  mentor(3, "Meera Iyer", 4.0, 20, [3000], ["Leadership", "Executive Coaching"]),
  mentor(4, "Zoë Fernandes", 4.9, 6, [0], ["Technology", "Data Science"]),
  mentor(5, "José Mathew", 0, 2, [500], ["Mental Health", "Mindfulness"]),
  mentor(6, "Kiran Shah", 4.6, 15, [2500], ["Business", "Strategy"]),
];

function answer(status: number, body: unknown, contentType = "application/json") {
  return new Response(JSON.stringify(body), { status, statusText: status === 200 ? "OK" : "Service Unavailable", headers: { "content-type": contentType } });
}

function serve(body: unknown = CATALOGUE) {
  const fetchMock = vi.fn(async () => answer(200, body));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage(path = "/mentors", props: MentorsPageProps = {}) {
  const router = createMemoryRouter(
    [
      { path: "/mentors", element: <MentorsPage {...props} /> },
      { path: "/category/technology", element: <MentorsPage title="Technology mentors" defaultCategory="technology" {...props} /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view, search: () => new URLSearchParams(router.state.location.search) };
}

/** The names on the cards, in order. */
function shownNames(): string[] {
  return screen.queryAllByTestId("mentor-card").map((card) => card.querySelector("h3")?.textContent ?? "");
}

async function typeSearch(text: string) {
  fireEvent.change(screen.getByTestId("mentor-search"), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(searchDebounceMs() + 10);
  });
}

/** Lets the retry delays (1 s, then 2 s) pass without waiting for them. */
async function skipRetryDelays() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(3_000);
  });
}

function byScore(list: typeof CATALOGUE): string[] {
  return [...list].sort((a, b) => mentorScore(b.rating, b.experience_years) - mentorScore(a.rating, a.experience_years)).map((m) => m.name);
}

/**
 * The app renders with `RouterProvider` from `react-router/dom`, which gives
 * the page's `flushSync` navigations their synchronous render; under Vitest
 * that entry point resolves to a second copy of the router, so these tests use
 * the plain one and React Router says it falls back to a transition.
 */
function quietFlushSyncFallback() {
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("flushSync")) return;
    warn(...args);
  });
}

beforeEach(() => {
  resetMentorCache();
  useFakeClock();
  quietFlushSyncFallback();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("MentorsPage: cards and load states", () => {
  it("shows skeletons, then one card per mentor labelled by the domain module", async () => {
    const fetchMock = serve([mentor(1, "Asha Rao", 4.8, 12, [1499, 0]), mentor(2, "Ravi Kumar", 4.2, 3, []), mentor(3, "Meera Iyer", 4, 20, [100000])]);
    renderPage();
    expect(screen.getByTestId("mentors-loading")).toBeTruthy();

    const cards = await screen.findAllByTestId("mentor-card");
    expect(cards).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledWith("/api/mentors/", expect.objectContaining({ credentials: "omit" }));
    // Best match: Meera (0.88) before Asha (0.816) before Ravi (0.564).
    expect(shownNames()).toEqual(["Meera Iyer", "Asha Rao", "Ravi Kumar"]);
    expect(screen.getAllByTestId("price-label").map((e) => e.textContent)).toEqual(["₹1,00,000/session", "✨ Free Trial Session", "✨ Free Trial Session"]);
    expect(screen.getAllByTestId("rating-label").map((e) => e.textContent)).toEqual(["4.0", "4.8", "4.2"]);
    expect(screen.getAllByTestId("review-count").map((e) => e.textContent)).toEqual(["7 reviews", "7 reviews", "7 reviews"]);
    expect(screen.getAllByTestId("mentor-badge").map((e) => e.textContent)).toEqual(["PRO", "Top Mentor"]);
    expect(screen.getByRole("link", { name: "Asha Rao" }).getAttribute("href")).toBe("/mentors/1-asha-rao");
    expect(screen.getByTestId("mentor-count").textContent).toBe("3");
  });

  it("leaves out an item the domain module refuses instead of failing the page", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serve([mentor(1, "Asha Rao", 4.8, 12, [-5]), mentor(2, "Ravi Kumar", 4.2, 3, [])]);
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
    serve({ mentors: [] });
    renderPage();
    await skipRetryDelays();
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid API response: Expected array of mentors");
  });

  it("says so when there are no mentors at all", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("No mentors found")).toBeTruthy();
    expect(screen.getByText("We're continuously adding new mentors. Check back soon!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });
});

describe("MentorsPage: search, category, sort and free filter", () => {
  it("orders Best match by the domain's score", async () => {
    serve();
    renderPage();
    await screen.findAllByTestId("mentor-card");
    expect(shownNames()).toEqual(byScore(CATALOGUE));
    const scores = CATALOGUE.map((m) => [m.name, mentorScore(m.rating, m.experience_years)] as const);
    const shown = shownNames().map((name) => scores.find(([n]) => n === name)?.[1] ?? -1);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
  });

  it("searches names and expertise after a pause, ignoring case and accents", async () => {
    serve();
    const { search } = renderPage();
    await screen.findAllByTestId("mentor-card");

    fireEvent.change(screen.getByTestId("mentor-search"), { target: { value: "ZOE" } });
    // Nothing happens while typing.
    expect(shownNames()).toHaveLength(CATALOGUE.length);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(searchDebounceMs() + 10);
    });
    expect(shownNames()).toEqual(["Zoë Fernandes"]);
    expect(search().get("q")).toBe("ZOE");

    await typeSearch("data science");
    expect(shownNames()).toEqual(["Zoë Fernandes"]);

    await typeSearch("jose mindful");
    expect(shownNames()).toEqual(["José Mathew"]);
    expect(screen.getByTestId("results-status").textContent).toBe("1 mentor found for “jose mindful”.");
  });

  it("filters by the domain's categories, with counts, and puts the category in the URL", async () => {
    serve();
    const { search } = renderPage();
    await screen.findAllByTestId("mentor-card");
    const filter = screen.getByTestId("category-filter");
    const names = within(filter)
      .getAllByRole("radio")
      .map((radio) => radio.closest("label")?.querySelector(".category-filter__name")?.textContent);
    expect(names).toEqual([
      "All Mentors",
      "Technology",
      "Business",
      "Leadership",
      "Management",
      "Marketing",
      "Mental Health",
      "Psychology",
      "Career",
      "Health",
      "Academic",
      "Freelancing",
      "Creative",
    ]);

    const technology = within(filter).getByRole("radio", { name: /^Technology/ });
    expect(technology.closest("label")?.textContent).toContain("2");
    fireEvent.click(technology);
    expect(search().get("category")).toBe("technology");
    expect(shownNames()).toEqual(["Asha Rao", "Zoë Fernandes"]);
    expect(screen.getByTestId("results-status").textContent).toBe("2 mentors found in Technology.");

    fireEvent.click(within(filter).getByRole("radio", { name: /^Leadership/ }));
    expect(shownNames()).toEqual(["Meera Iyer"]);
    fireEvent.click(within(filter).getByRole("radio", { name: /^All Mentors/ }));
    expect(search().has("category")).toBe(false);
    expect(shownNames()).toHaveLength(CATALOGUE.length);
  });

  it("browses every field of the crate's list: a mentor who chose Health or Creative is found under it", async () => {
    serve([
      ...CATALOGUE,
      mentor(7, "Nisha Verma", 4.7, 9, [800], ["Health", "Nutrition"]),
      mentor(8, "Dev Anand", 0, 4, [1200], ["Creative", "Illustration"]),
    ]);
    renderPage("/mentors?category=health");
    await screen.findAllByTestId("mentor-card");
    expect(shownNames()).toEqual(["Nisha Verma", "José Mathew"]);
    expect(screen.getByTestId("results-status").textContent).toBe("2 mentors found in Health.");
    fireEvent.click(within(screen.getByTestId("category-filter")).getByRole("radio", { name: /^Creative/ }));
    expect(shownNames()).toEqual(["Dev Anand"]);
    // Career Growth (the test catalogue's default expertise) is Career.
    fireEvent.click(within(screen.getByTestId("category-filter")).getByRole("radio", { name: /^Career/ }));
    expect(shownNames()).toEqual([]);
  });

  it("applies a topic link's search=", async () => {
    serve();
    renderPage("/mentors?search=Data");
    await screen.findAllByTestId("mentor-card");
    expect(shownNames()).toEqual(["Zoë Fernandes"]);
    expect((screen.getByTestId("mentor-search") as HTMLInputElement).value).toBe("Data");
  });

  it("shows a mentor whose ₹1,00,000 service came first but who offers a free call as free, and the free filter finds them", async () => {
    serve([mentor(1, "Asha Rao", 4.8, 12, [100000, 0]), mentor(2, "Ravi Kumar", 4.2, 3, [100000, 2500])]);
    renderPage("/mentors?free=1");
    await screen.findAllByTestId("mentor-card");
    expect(shownNames()).toEqual(["Asha Rao"]);
    expect(screen.getByTestId("price-label").textContent).toBe("✨ Free Trial Session");
  });

  it("sorts by rating, experience and price", async () => {
    serve();
    const { search } = renderPage();
    await screen.findAllByTestId("mentor-card");
    const sort = screen.getByTestId("mentor-sort");

    fireEvent.change(sort, { target: { value: "rating" } });
    expect(search().get("sort")).toBe("rating");
    expect(shownNames()).toEqual(["Zoë Fernandes", "Asha Rao", "Kiran Shah", "Ravi Kumar", "Meera Iyer", "José Mathew"]);

    fireEvent.change(sort, { target: { value: "experience" } });
    expect(shownNames()).toEqual(["Meera Iyer", "Kiran Shah", "Asha Rao", "Zoë Fernandes", "Ravi Kumar", "José Mathew"]);

    // Price ties (the two free mentors) fall back to the score: Zoë before Ravi.
    fireEvent.change(sort, { target: { value: "price-asc" } });
    expect(search().get("sort")).toBe("price-asc");
    expect(shownNames()).toEqual(["Zoë Fernandes", "Ravi Kumar", "José Mathew", "Asha Rao", "Kiran Shah", "Meera Iyer"]);

    fireEvent.change(sort, { target: { value: "price-desc" } });
    expect(shownNames()).toEqual(["Meera Iyer", "Kiran Shah", "Asha Rao", "José Mathew", "Zoë Fernandes", "Ravi Kumar"]);

    fireEvent.change(sort, { target: { value: "best" } });
    expect(search().has("sort")).toBe(false);
    expect(shownNames()).toEqual(byScore(CATALOGUE));
  });

  it("shows only mentors whose shown price is free with the toggle", async () => {
    serve();
    const { search } = renderPage();
    await screen.findAllByTestId("mentor-card");
    const toggle = screen.getByRole("switch", { name: "Free sessions only" });
    fireEvent.click(toggle);
    expect(search().get("free")).toBe("1");
    expect(shownNames()).toEqual(["Zoë Fernandes", "Ravi Kumar"]);
    expect(screen.getAllByTestId("price-label").map((e) => e.textContent)).toEqual(["✨ Free Trial Session", "✨ Free Trial Session"]);
    fireEvent.click(toggle);
    expect(search().has("free")).toBe(false);
  });

  it("reproduces a shared URL and writes changes back to it", async () => {
    serve();
    const { search, router } = renderPage("/mentors?q=a&category=technology&sort=price-desc&free=1");
    await screen.findAllByTestId("mentor-card");
    expect((screen.getByTestId("mentor-search") as HTMLInputElement).value).toBe("a");
    expect((screen.getByRole("radio", { name: /^Technology/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId("mentor-sort") as HTMLSelectElement).value).toBe("price-desc");
    expect((screen.getByRole("switch", { name: "Free sessions only" }) as HTMLInputElement).checked).toBe(true);
    expect(shownNames()).toEqual(["Zoë Fernandes"]);

    fireEvent.click(screen.getByRole("switch", { name: "Free sessions only" }));
    expect(router.state.location.search).toBe("?q=a&category=technology&sort=price-desc");
    expect(shownNames()).toEqual(["Asha Rao", "Zoë Fernandes"]);
    expect(search().get("q")).toBe("a");
  });

  it("ignores unknown values in the URL", async () => {
    serve();
    renderPage("/mentors?category=astrology&sort=cheapest&free=yes");
    await screen.findAllByTestId("mentor-card");
    expect((screen.getByRole("radio", { name: /^All Mentors/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId("mentor-sort") as HTMLSelectElement).value).toBe("best");
    expect(shownNames()).toHaveLength(CATALOGUE.length);
  });

  it("goes back to the previous view with Back, search box included", async () => {
    serve();
    const { router } = renderPage();
    await screen.findAllByTestId("mentor-card");
    fireEvent.click(screen.getByRole("radio", { name: /^Marketing/ }));
    await typeSearch("ravi");
    expect(router.state.location.search).toBe("?q=ravi&category=marketing");
    // Refining a search replaces its history entry instead of adding one per pause.
    await typeSearch("ravi kumar");
    expect(router.state.location.search).toBe("?q=ravi+kumar&category=marketing");

    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.search).toBe("?category=marketing");
    expect((screen.getByTestId("mentor-search") as HTMLInputElement).value).toBe("");
    expect(shownNames()).toEqual(["Ravi Kumar"]);

    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.search).toBe("");
    expect(shownNames()).toHaveLength(CATALOGUE.length);
  });

  it("offers Clear filters when nothing matches", async () => {
    serve();
    const { router } = renderPage("/mentors?category=business&free=1");
    await screen.findByTestId("mentors-empty");
    expect(screen.getByText("No mentors match these filters")).toBeTruthy();
    expect(screen.getByTestId("results-status").textContent).toBe("0 mentors found in Business with a free session.");

    const panel = screen.getByTestId("mentors-empty");
    fireEvent.click(within(panel).getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("");
    expect(shownNames()).toHaveLength(CATALOGUE.length);
  });

  it("preselects Technology on /category/technology", async () => {
    serve();
    const { router } = renderPage("/category/technology");
    await screen.findAllByTestId("mentor-card");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Technology mentors");
    expect((screen.getByRole("radio", { name: /^Technology/ }) as HTMLInputElement).checked).toBe(true);
    expect(shownNames()).toEqual(["Asha Rao", "Zoë Fernandes"]);

    fireEvent.click(screen.getByRole("radio", { name: /^All Mentors/ }));
    expect(router.state.location.pathname).toBe("/category/technology");
    expect(router.state.location.search).toBe("?category=all");
    expect(shownNames()).toHaveLength(CATALOGUE.length);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { resetMentorCache } from "../../lib/api/mentors";
import { MentorExplorer } from "./MentorExplorer";
import { useFakeClock } from "../../testing";

/**
 * The 20-mentor catalogue of `domain-wasm/vectors/explorer.json` (and of the
 * explorer tests in `src/explorer.rs`): rating, years, price, expertise. The
 * expected orders below are that file's `arrangeExplorer` cases, as indices.
 */
const CATALOGUE: [number, number, number, string[]][] = [
  [4.9, 12, 1500, ["Technology", "Machine Learning"]],
  [4.8, 18, 2500, ["Leadership", "Executive Coaching"]],
  [4.7, 6, 0, ["Marketing", "SEO"]],
  [4.6, 3, 999, ["Technology", "DevOps"]],
  [4.95, 22, 5000, ["Business", "Strategy", "Leadership"]],
  [4.6, 9, 1200, ["Psychology", "CBT"]],
  [4.5, 25, 3000, ["Management", "Product Management"]],
  [4.2, 16, 800, ["Business", "Finance"]],
  [3.9, 20, 0, ["Mental Health", "Mindfulness"]],
  [4.0, 2, 500, ["Technology", "Data Science"]],
  [0.0, 1, 0, ["technology "]],
  [4.4, 8, 700, ["Marketing", "Growth Marketing"]],
  [4.1, 17, 1800, ["Technology", "System Design"]],
  [3.5, 4, 300, ["Business", "Startups"]],
  [4.3, 11, 1100, ["Leadership", "Management"]],
  [4.6, 15, 2000, ["Technology", "Cloud Architecture"]],
  [4.4, 8, 0, ["Marketing", "Social Media"]],
  [4.4, 8, 700, ["Marketing", "Content Strategy"]],
  [3.0, 30, 4000, ["Mental Health", "Psychology"]],
  [5.0, 0, 100, ["Career Growth"]],
];

/** Mentor ids are the catalogue index plus 101, so an index never looks like an id. */
const idOf = (index: number) => String(index + 101);

const ORDERS = {
  all_1_0: [4, 1, 15, 0, 7, 2, 11, 8, 16, 18, 13, 9, 6, 14, 17, 10],
  all_1_1: [4, 1, 15, 0, 11, 17, 7, 5, 3, 9, 13, 16, 19, 14, 12, 18],
  all_42_0: [4, 1, 15, 0, 10, 18, 3, 2, 5, 8, 7, 11, 19, 6, 16, 12],
  technology_1_0: [15, 0, 3, 10, 12, 9],
  marketing_1_0: [2, 17, 16, 11],
};

function catalogueBody(): string {
  return JSON.stringify(
    CATALOGUE.map(([rating, years, price, expertise], i) => ({
      id: i + 101,
      name: `Mentor ${String.fromCharCode(65 + i)}`,
      expertise,
      rating,
      review_count: rating > 0 ? 12 : 0,
      experience_years: years,
      image_url: `/media/portraits/${i + 101}.svg`,
      services: [{ id: 1, title: "Session", price }],
    })),
  );
}

function json(body: string, status = 200, statusText = "OK") {
  return new Response(body, { status, statusText, headers: { "content-type": "application/json" } });
}

function storeSeed(seed: number, createdAt: number) {
  sessionStorage.setItem("explorerSeed", JSON.stringify({ seed, createdAt }));
}

function storedSeed(): unknown {
  return JSON.parse(sessionStorage.getItem("explorerSeed") ?? "null");
}

/** Makes the next drawn seeds `seeds`, in order. */
function drawSeeds(...seeds: number[]) {
  const queue = [...seeds];
  vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    if (array instanceof Uint32Array) array[0] = queue.shift() ?? 7;
    return array;
  });
}

function renderExplorer() {
  return render(
    <MemoryRouter>
      <MentorExplorer />
    </MemoryRouter>,
  );
}

async function shownIds(): Promise<string[]> {
  const cards = await screen.findAllByTestId("explorer-card");
  return cards.map((card) => card.getAttribute("data-mentor-id") ?? "");
}

beforeEach(() => {
  resetMentorCache();
  sessionStorage.clear();
  localStorage.clear();
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the home mentor explorer", () => {
  it("shows the arrangement the domain module gives for the session's seed", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    storeSeed(1, Date.now());
    renderExplorer();
    expect(await shownIds()).toEqual(ORDERS.all_1_0.map(idOf));
  });

  it("labels cards for the explorer: New, TOP / PRO, Free Session, rupees without /session, the profile path", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    storeSeed(1, Date.now());
    renderExplorer();
    const cards = await screen.findAllByTestId("explorer-card");
    const card = (index: number) => {
      const found = cards.find((c) => c.getAttribute("data-mentor-id") === idOf(index));
      if (!found) throw new Error(`no card for catalogue index ${index}`);
      return within(found);
    };
    // 4: rated 4.95, 22 years, ₹5,000.
    expect(card(4).getByTestId("explorer-price").textContent).toBe("₹5,000");
    expect(card(4).getByTestId("explorer-rating").textContent).toBe("5.0");
    expect(card(4).getByTestId("explorer-reviews").textContent).toBe(" · , from 12 reviews");
    expect(card(4).getByTestId("explorer-badge").textContent).toBe("TOP");
    expect(card(4).getByRole("link").getAttribute("href")).toBe("/mentors/105-mentor-e");
    // 2: free.  7: 4.2 with 16 years is PRO.  10: rated 0 is New.
    expect(card(2).getByTestId("explorer-price").textContent).toBe("Free Session");
    expect(card(7).getByTestId("explorer-badge").textContent).toBe("PRO");
    expect(card(10).getByTestId("explorer-rating").textContent).toBe("New");
    expect(card(10).queryByTestId("explorer-badge")).toBeNull();
    expect(card(10).queryByTestId("explorer-reviews")).toBeNull();
    expect(screen.getByRole("link", { name: /Browse all 20 mentors/ })).toBeTruthy();
  });

  it("offers the eight categories as tabs, All Mentors selected", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    renderExplorer();
    const tablist = screen.getByRole("tablist", { name: "Mentor categories" });
    const tabs = within(tablist).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual([
      "All Mentors",
      "Technology",
      "Business",
      "Leadership",
      "Management",
      "Marketing",
      "Mental Health",
      "Psychology",
    ]);
    expect(tabs.map((t) => t.getAttribute("aria-selected"))).toEqual(["true", ...Array<string>(7).fill("false")]);
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(tabs[0]?.id);
    await shownIds();
  });

  it("switches category, and reshuffles with a new seed when a visited category is chosen again", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    storeSeed(1, Date.now());
    drawSeeds(42);
    renderExplorer();
    await shownIds();

    fireEvent.click(screen.getByRole("tab", { name: "Technology" }));
    expect(screen.getByRole("tab", { name: "Technology" }).getAttribute("aria-selected")).toBe("true");
    expect(await shownIds()).toEqual(ORDERS.technology_1_0.map(idOf));
    expect(JSON.parse(sessionStorage.getItem("explorerVisited") ?? "[]")).toEqual(["all", "technology"]);

    fireEvent.click(screen.getByRole("tab", { name: "Marketing" }));
    expect(await shownIds()).toEqual(ORDERS.marketing_1_0.map(idOf));
    expect(storedSeed()).toMatchObject({ seed: 1 });

    fireEvent.click(screen.getByRole("tab", { name: "All Mentors" }));
    expect(await shownIds()).toEqual(ORDERS.all_42_0.map(idOf));
    expect(storedSeed()).toMatchObject({ seed: 42 });
  });

  it("moves between tabs with the arrow keys without choosing", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    renderExplorer();
    await shownIds();
    const all = screen.getByRole("tab", { name: "All Mentors" });
    all.focus();
    fireEvent.keyDown(all, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Technology" }));
    fireEvent.keyDown(document.activeElement ?? all, { key: "ArrowLeft" });
    fireEvent.keyDown(document.activeElement ?? all, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Psychology" }));
    expect(all.getAttribute("aria-selected")).toBe("true");
  });

  it("reshuffles on the rotation timer", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    storeSeed(1, Date.now());
    renderExplorer();
    expect(await shownIds()).toEqual(ORDERS.all_1_0.map(idOf));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(await shownIds()).toEqual(ORDERS.all_1_1.map(idOf));
  });

  it("takes the rotation interval from localStorage", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    localStorage.setItem("explorerRotationMs", "60000");
    storeSeed(1, Date.now());
    renderExplorer();
    await shownIds();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(await shownIds()).toEqual(ORDERS.all_1_1.map(idOf));
  });

  it("replaces a seed older than 4 hours, and draws one when there is none", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(catalogueBody())));
    storeSeed(1, Date.now() - 5 * 3_600_000);
    drawSeeds(42);
    renderExplorer();
    expect(await shownIds()).toEqual(ORDERS.all_42_0.map(idOf));
    expect(storedSeed()).toMatchObject({ seed: 42 });
  });

  it("shows 8 skeleton cards while loading", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {})));
    renderExplorer();
    expect(screen.getAllByTestId("explorer-skeleton")).toHaveLength(8);
    expect(screen.queryAllByTestId("explorer-card")).toHaveLength(0);
  });

  it("says so when there are no mentors", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json("[]")));
    renderExplorer();
    expect(await screen.findByText("No mentors found")).toBeTruthy();
    expect(screen.getByText("We're continuously adding new mentors. Check back soon!")).toBeTruthy();
  });

  it("shows the spec's message and Retry after every attempt failed", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json("", 503, "Service Unavailable"))
      .mockResolvedValueOnce(json("", 503, "Service Unavailable"))
      .mockResolvedValueOnce(json("", 503, "Service Unavailable"))
      .mockResolvedValueOnce(json(catalogueBody()));
    vi.stubGlobal("fetch", fetchMock);
    renderExplorer();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    const alert = await screen.findByTestId("explorer-error");
    expect(alert.textContent).toContain("HTTP 503: Service Unavailable");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("explorer-card")).toHaveLength(16);
  });
});

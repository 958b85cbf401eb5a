import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, within } from "@testing-library/react";
import { StatsBand } from "./StatsBand";
import type { SiteStats } from "../../lib/domain";

const STATS: SiteStats = {
  mentors: 65,
  rated_mentors: 60,
  average_rating: 4.5,
  completed_sessions: 0,
  positive_feedback_percent: 98,
};

/** An IntersectionObserver whose targets come into view when the test says so. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  takeRecords() {
    return [];
  }
  static scrollIntoView() {
    for (const o of FakeObserver.instances) {
      const entries = o.targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query.includes("prefers-reduced-motion"),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
}

const shown = (id: string) => within(screen.getByTestId(`stat-${id}`)).getByTestId("stat-value").querySelector(".home-stat__live")?.textContent;

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "setTimeout", "clearTimeout", "Date", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the stats band", () => {
  it("counts up over 2000 ms once scrolled into view, ending on the real figures", () => {
    stubReducedMotion(false);
    render(<StatsBand state={{ status: "ready", stats: STATS }} />);

    // Not in view yet: nothing moves.
    act(() => vi.advanceTimersByTime(3000));
    expect(shown("mentors")).toBe("0+");
    expect(shown("rating")).toBe("0.0/5");

    act(() => FakeObserver.scrollIntoView());
    act(() => vi.advanceTimersByTime(1000));
    const midway = Number.parseInt(shown("mentors") ?? "", 10);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(65);

    act(() => vi.advanceTimersByTime(400));
    expect(shown("mentors")).not.toBe("65+");

    act(() => vi.advanceTimersByTime(700));
    expect(shown("mentors")).toBe("65+");
    expect(shown("rating")).toBe("4.5/5");
    expect(shown("positive")).toBe("98%");
    expect(shown("response")).toBe("<24h");
  });

  it("gives screen readers the final values from the start and hides the moving numbers", () => {
    stubReducedMotion(false);
    render(<StatsBand state={{ status: "ready", stats: STATS }} />);
    expect(screen.getAllByTestId("stat-final").map((el) => el.textContent)).toEqual(["65+", "4.5/5", "98%", "<24h"]);
    for (const value of screen.getAllByTestId("stat-value")) expect(value.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("The marketplace in numbers");
  });

  it("shows the final values at once with reduced motion", () => {
    stubReducedMotion(true);
    render(<StatsBand state={{ status: "ready", stats: STATS }} />);
    expect(shown("mentors")).toBe("65+");
    expect(shown("rating")).toBe("4.5/5");
  });

  it("leaves out a figure the database does not have", () => {
    stubReducedMotion(true);
    render(<StatsBand state={{ status: "ready", stats: { ...STATS, positive_feedback_percent: undefined } }} />);
    expect(screen.queryByTestId("stat-positive")).toBeNull();
    expect(screen.getAllByTestId("stat-final").map((el) => el.textContent)).toEqual(["65+", "4.5/5", "<24h"]);
  });

  it("shows placeholders while loading and only the fixed response time when the figures are unavailable", () => {
    stubReducedMotion(true);
    const { rerender } = render(<StatsBand state={{ status: "loading" }} />);
    expect(screen.queryAllByTestId("stat-final")).toHaveLength(0);
    rerender(<StatsBand state={{ status: "unavailable" }} />);
    expect(screen.getAllByTestId("stat-final").map((el) => el.textContent)).toEqual(["<24h"]);
  });
});

describe("the stats band under the intro loading screen", () => {
  it("waits for the intro to go before counting", async () => {
    stubReducedMotion(false);
    const { setIntroCovering } = await import("./intro");
    setIntroCovering(true);
    render(<StatsBand state={{ status: "ready", stats: STATS }} />);
    act(() => FakeObserver.scrollIntoView());
    act(() => vi.advanceTimersByTime(3000));
    expect(shown("mentors")).toBe("0+");
    act(() => setIntroCovering(false));
    act(() => vi.advanceTimersByTime(2100));
    expect(shown("mentors")).toBe("65+");
  });
});

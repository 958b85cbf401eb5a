/**
 * What the earnings chart hands to uPlot: one point per month in rupees,
 * bars for what was earned and a line for what was paid, month names
 * under the bars (thinned out so they never overlap on a phone) and short
 * rupee amounts on the side. uPlot itself is replaced: happy-dom has no
 * canvas.
 */
import { describe, expect, it, vi } from "vitest";
import type uPlot from "uplot";
import { monthLabel } from "../../lib/time";

const made = vi.hoisted(() => ({
  plots: [] as { opts: uPlot.Options; data: unknown; el: HTMLElement; setSize: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn> }[],
}));

vi.mock("uplot", () => {
  class FakePlot {
    static paths = { bars: () => "bars-path" };
    width: number;
    constructor(opts: uPlot.Options, data: unknown, el: HTMLElement) {
      this.width = opts.width;
      made.plots.push({ opts, data, el, setSize: this.setSize, destroy: this.destroy });
    }
    setSize = vi.fn();
    destroy = vi.fn();
  }
  return { default: FakePlot };
});

const { drawEarnings, labelStep, PLOT_HEIGHT } = await import("./earningsPlot");

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, "0")}`,
  earned_paise: (i + 1) * 100_000,
  paid_paise: i * 50_050,
}));

describe("the earnings plot", () => {
  it("hands uPlot the months in rupees: earned as bars, paid as a line", () => {
    const el = document.createElement("div");
    const drawn = drawEarnings(el, months.slice(0, 2), 600);
    const plot = made.plots.at(-1);
    expect(plot?.el).toBe(el);
    expect(plot?.data).toEqual([
      [0, 1],
      [1000, 2000],
      [0, 500.5],
    ]);
    expect(plot?.opts.width).toBe(600);
    expect(plot?.opts.height).toBe(PLOT_HEIGHT);
    const [, earned, paid] = plot?.opts.series ?? [];
    expect(earned?.label).toBe("Earned");
    expect(earned?.paths).toBe("bars-path");
    expect(paid?.label).toBe("Paid out");
    expect(paid?.paths).toBeUndefined();
    drawn.resize(320);
    expect(plot?.setSize).toHaveBeenCalledWith({ width: 320, height: PLOT_HEIGHT });
    drawn.destroy();
    expect(plot?.destroy).toHaveBeenCalledTimes(1);
  });

  it("names the months under the bars and writes short amounts on the side", () => {
    drawEarnings(document.createElement("div"), months, 900);
    const opts = made.plots.at(-1)?.opts;
    const [x, y] = opts?.axes ?? [];
    const fake = { width: 900 } as uPlot;
    const splits = typeof x?.splits === "function" ? x.splits(fake, 0, 0, 11, 1, 1) : [];
    expect(splits).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const values = typeof x?.values === "function" ? x.values(fake, splits as number[], 0, 1, 1) : [];
    expect(values[0]).toBe(monthLabel("2026-01"));
    expect(values[11]).toBe(monthLabel("2026-12"));
    const amounts = typeof y?.values === "function" ? y.values(fake, [0, 2500, 125000], 1, 1, 1) : [];
    expect(amounts).toEqual(["₹0", "₹2.5k", "₹1.3L"]);
  });

  it("thins the month names out on a narrow chart, always keeping the latest", () => {
    expect(labelStep(12, 900)).toBe(1);
    expect(labelStep(12, 320)).toBe(3);
    drawEarnings(document.createElement("div"), months, 320);
    const [x] = made.plots.at(-1)?.opts.axes ?? [];
    const splits = typeof x?.splits === "function" ? x.splits({ width: 320 } as uPlot, 0, 0, 11, 1, 1) : [];
    expect(splits).toEqual([2, 5, 8, 11]);
  });
});

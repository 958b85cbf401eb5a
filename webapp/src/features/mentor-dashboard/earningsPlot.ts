/**
 * The earnings chart drawn with uPlot. This module is the chart's own
 * chunk: `EarningsChart` imports it with `import()` when a chart is to be
 * shown, so the library and its style sheet are fetched only by a mentor
 * who opens the Earnings tab with something to draw.
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { compactAmountLabel } from "../../lib/money";
import type { EarningMonth } from "./earningsApi";
import { monthLabel } from "../../lib/time";

export interface EarningsPlot {
  resize(width: number): void;
  destroy(): void;
}

export const PLOT_HEIGHT = 240;

/** A design token's colour (canvas needs a value, not a `var()`), or `fallback`. */
function token(name: string, fallback: string): string {
  const value = typeof getComputedStyle === "function" ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : "";
  return value || fallback;
}

/** The x axis shows every `step`-th month so labels never overlap (about 64 px each). */
export function labelStep(months: number, width: number): number {
  return Math.max(1, Math.ceil((months * 64) / Math.max(width, 1)));
}

/**
 * Draws the months' earnings (bars) and payouts (a line with points) into
 * `el`, `width` CSS pixels wide. Amounts are drawn in rupees.
 */
export function drawEarnings(el: HTMLElement, series: readonly EarningMonth[], width: number): EarningsPlot {
  const n = series.length;
  const xs = series.map((_, i) => i);
  const labels = series.map((s) => monthLabel(s.month));
  const earned = series.map((s) => s.earned_paise / 100);
  const paid = series.map((s) => s.paid_paise / 100);
  const primary = token("--indigo-600", "#4338ca");
  const green = token("--emerald-700", "#047857");
  const muted = token("--muted", "#475569");
  const line = token("--line", "#e2e8f0");
  const font = `12px ${token("--font-sans", "system-ui, sans-serif")}`;
  const bars = uPlot.paths.bars?.({ size: [0.6, 56], gap: 2 });

  const opts: uPlot.Options = {
    width,
    height: PLOT_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(n, 1) - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] },
    },
    axes: [
      {
        stroke: muted,
        font,
        grid: { show: false },
        ticks: { show: false },
        splits: (u) => xs.filter((i) => (n - 1 - i) % labelStep(n, u.width) === 0),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ""),
      },
      {
        stroke: muted,
        font,
        size: 64,
        grid: { stroke: line, width: 1 },
        ticks: { show: false },
        values: (_u, splits) => splits.map((v) => compactAmountLabel(v * 100)),
      },
    ],
    series: [
      {},
      { label: "Earned", stroke: primary, fill: primary, width: 0, ...(bars ? { paths: bars } : {}), points: { show: false } },
      { label: "Paid out", stroke: green, width: 2, points: { show: true, size: 7, fill: green } },
    ],
  };
  const plot = new uPlot(opts, [xs, earned, paid], el);
  return {
    resize: (w) => plot.setSize({ width: w, height: PLOT_HEIGHT }),
    destroy: () => plot.destroy(),
  };
}

/**
 * The mentor's earnings by month: a chart (uPlot, fetched on demand with
 * the chart's own chunk) and the same figures as a table, which is what
 * assistive technology reads and what is shown when the chart can't be
 * drawn.
 */
import { useEffect, useRef, useState } from "react";
import { amountLabel } from "../../lib/money";
import type { EarningMonth } from "./earningsApi";
import { monthLabel } from "../../lib/time";
import type { EarningsPlot } from "./earningsPlot";

type Drawing = "loading" | "ready" | "failed";

/** What the chart shows, in words: the months covered and the best one. */
export function chartSummary(series: readonly EarningMonth[]): string {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return "No earnings to chart yet.";
  const best = series.reduce((top, m) => (m.earned_paise > top.earned_paise ? m : top), first);
  const span = first === last ? monthLabel(first.month, "long") : `${monthLabel(first.month, "long")} to ${monthLabel(last.month, "long")}`;
  const earned = series.reduce((sum, m) => sum + m.earned_paise, 0);
  const paid = series.reduce((sum, m) => sum + m.paid_paise, 0);
  return (
    `Bar chart of your earnings by month, ${span}: ${amountLabel(earned)} earned and ${amountLabel(paid)} paid out in all; ` +
    `the best month was ${monthLabel(best.month, "long")} with ${amountLabel(best.earned_paise)}. The figures are in the table below.`
  );
}

export function EarningsChart({ series }: { series: readonly EarningMonth[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing>("loading");
  const empty = series.length === 0;

  useEffect(() => {
    const el = box.current;
    if (empty || !el) return;
    let active = true;
    let plot: EarningsPlot | undefined;
    let observer: ResizeObserver | undefined;
    import("./earningsPlot").then(
      ({ drawEarnings }) => {
        if (!active) return;
        try {
          plot = drawEarnings(el, series, el.clientWidth || 640);
        } catch {
          setDrawing("failed");
          return;
        }
        setDrawing("ready");
        if (typeof ResizeObserver === "function") {
          let width = el.clientWidth;
          observer = new ResizeObserver(() => {
            if (el.clientWidth > 0 && el.clientWidth !== width) {
              width = el.clientWidth;
              plot?.resize(width);
            }
          });
          observer.observe(el);
        }
      },
      () => {
        if (active) setDrawing("failed");
      },
    );
    return () => {
      active = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, empty]);

  if (empty) {
    return (
      <p className="ses-muted" data-testid="chart-empty">
        Your monthly chart starts with your first paid session.
      </p>
    );
  }

  return (
    <div className="earn-chart">
      <ul className="earn-chart__legend" aria-hidden="true">
        <li>
          <span className="earn-swatch earn-swatch--earned" />
          Earned
        </li>
        <li>
          <span className="earn-swatch earn-swatch--paid" />
          Paid out
        </li>
      </ul>
      <div
        className={`earn-chart__plot${drawing === "failed" ? " is-failed" : ""}`}
        role="img"
        aria-label={chartSummary(series)}
        aria-busy={drawing === "loading"}
        data-testid="earnings-plot"
        data-drawing={drawing}
      >
        {drawing === "loading" ? <div className="skeleton earn-chart__skeleton" aria-hidden="true" /> : null}
        {/* uPlot's own nodes live here; React keeps nothing inside. */}
        <div ref={box} className="earn-chart__canvas" />
      </div>
      {drawing === "failed" ? (
        <p className="ses-muted" role="status">
          We couldn’t draw the chart just now; the same figures are in the table.
        </p>
      ) : null}
      <details className="earn-chart__table" open={drawing === "failed" || undefined}>
        <summary>Show the figures as a table</summary>
        <div className="earn-table-wrap">
          <table className="earn-table" data-testid="chart-table">
            <caption className="sr-only">Earned and paid out, by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="earn-num">
                  Earned
                </th>
                <th scope="col" className="earn-num">
                  Paid out
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month, "long")}</th>
                  <td className="earn-num">{amountLabel(m.earned_paise)}</td>
                  <td className="earn-num">{amountLabel(m.paid_paise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

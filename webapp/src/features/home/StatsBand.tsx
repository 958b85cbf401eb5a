import { countUpStats, countUpValue, formatStat, type CountUpStat } from "../../lib/domain";
import { useCountUpFraction, useIntroCovering, useSeenOnce } from "./useCountUp";
import type { SiteStatsState } from "./useSiteStats";
import "./home.css";

export const STATS_SECTION_ID = "home-stats";

const ICONS: Record<CountUpStat["id"], string> = {
  mentors: "M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1.5 17c0-3 2.5-5 5.5-5s5.5 2 5.5 5M14 9.5a2.5 2.5 0 1 0 0-5M15 12.2c2 .5 3.5 2.2 3.5 4.8",
  rating: "M10 1.8l2.5 5.1 5.6.8-4 4 .9 5.6-5-2.6-5 2.6.9-5.6-4-4 5.6-.8z",
  positive: "M6.5 9v8.5h-3V9zM6.5 16.5l2 .9h6.3a1.7 1.7 0 0 0 1.7-1.4l1-5.3A1.7 1.7 0 0 0 15.8 9h-4.3l.7-3.6A1.6 1.6 0 0 0 9.3 4.8L6.5 9",
  response: "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM10 5.5V10l3 2",
};

function StatIcon({ id }: { id: CountUpStat["id"] }) {
  return (
    <span className="home-stat__icon" aria-hidden="true">
      <svg viewBox="0 0 20 20" width="22" height="22" focusable="false">
        <path d={ICONS[id]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/**
 * The figures band under the hero (SPEC §2 item 2): active mentors, average
 * rating and positive response count up over 2000 ms once the band is
 * scrolled into view (and the intro loading screen has gone), beside the
 * fixed `<24h` response time. Figures the database does not have are left
 * out. Screen readers get the final values straight away; the moving
 * numbers are hidden from them.
 */
export function StatsBand({ state }: { state: SiteStatsState }) {
  const { ref, seen } = useSeenOnce<HTMLElement>();
  const ready = state.status === "ready";
  // Counting under the intro loading screen would finish before anyone saw it.
  const covered = useIntroCovering();
  const fraction = useCountUpFraction(seen && ready && !covered);
  const items = countUpStats(ready ? state.stats : undefined);
  const loading = state.status === "loading";

  return (
    <section ref={ref} id={STATS_SECTION_ID} className="home-stats" aria-labelledby="home-stats-title" data-testid="home-stats">
      <div className="container">
        <h2 id="home-stats-title" className="sr-only">
          The marketplace in numbers
        </h2>
        <ul className={`home-stats__list home-stats__list--${loading ? 4 : items.length}`} aria-busy={loading}>
          {loading
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="home-stat home-stat--skeleton" aria-hidden="true">
                  <span className="skeleton home-stat__icon" />
                  <span className="skeleton skeleton--line home-stat__skeleton-value" />
                  <span className="skeleton skeleton--line home-stat__skeleton-label" />
                </li>
              ))
            : items.map((item) => {
                const shown = item.target === undefined ? item.final : formatStat(item.id, countUpValue(item.target, fraction));
                return (
                  <li key={item.id} className={`home-stat home-stat--${item.id}`} data-testid={`stat-${item.id}`}>
                    <StatIcon id={item.id} />
                    {/* The final text sizes the slot, so counting never shifts the layout. */}
                    <span className="home-stat__value" aria-hidden="true" data-testid="stat-value">
                      <span className="home-stat__ghost">{item.final}</span>
                      <span className="home-stat__live">{shown}</span>
                    </span>
                    <span className="sr-only" data-testid="stat-final">
                      {item.final}
                    </span>
                    <span className="home-stat__label">{item.label}</span>
                    <span className="home-stat__detail">{item.detail}</span>
                  </li>
                );
              })}
        </ul>
      </div>
    </section>
  );
}

import { heroFigures } from "../../lib/domain";
import type { SiteStatsState } from "./useSiteStats";
import "./home.css";

/**
 * The hero's stat cards (SPEC §2 item 1): only figures from the database.
 * While they load, two placeholders hold the space; if they cannot be
 * loaded, no card is shown.
 */
export function HeroStats({ state }: { state: SiteStatsState }) {
  if (state.status === "loading") {
    return (
      <ul className="hero-stats" aria-hidden="true" data-testid="hero-stats-loading">
        {[0, 1].map((i) => (
          <li key={i} className="hero-stat hero-stat--skeleton">
            <span className="hero-stat__bone hero-stat__bone--value" />
            <span className="hero-stat__bone" />
          </li>
        ))}
      </ul>
    );
  }
  const figures = heroFigures(state.status === "ready" ? state.stats : undefined);
  if (figures.length === 0) return null;
  return (
    <ul className="hero-stats" aria-label="The marketplace today" data-testid="hero-stats">
      {figures.map((figure) => (
        <li key={figure.id} className="hero-stat" data-testid={`hero-stat-${figure.id}`}>
          <span className="hero-stat__value">{figure.value}</span>
          <span className="hero-stat__label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}

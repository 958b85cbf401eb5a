import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { createResource } from "../../lib/api/resource";
import { parseSiteStats, type SiteStats } from "../../lib/domain";

export type SiteStatsState = { status: "loading" } | { status: "ready"; stats: SiteStats } | { status: "unavailable" };

const STATS_URL = "/api/stats/";
const TIMEOUT_MS = 10_000;

async function fetchStats(): Promise<SiteStatsState> {
  try {
    const answer = await api.send(STATS_URL, { credentials: "omit", timeoutMs: TIMEOUT_MS });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}: ${answer.statusText}`);
    const stats = parseSiteStats(answer.text);
    if (!stats) throw new Error("Invalid API response: unexpected stats format");
    return { status: "ready", stats };
  } catch (error) {
    // No figure is better than a made-up one: the sections hide them.
    console.warn("Home page figures unavailable:", error instanceof Error ? error.message : error);
    return { status: "unavailable" };
  }
}

/**
 * One request per page load, shared by the hero and the stats band. A
 * failure is not remembered: the next page that asks tries again.
 */
const stats = createResource<SiteStatsState>({ fetch: fetchStats, keep: (state) => state.status === "ready" });

/** The marketplace's figures from `GET /api/stats/`. */
export function useSiteStats(): SiteStatsState {
  const [state, setState] = useState<SiteStatsState>(() => stats.peek() ?? { status: "loading" });
  useEffect(() => {
    let active = true;
    void stats.load().then((next) => {
      if (active) setState(next);
    });
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/** Forgets the shared answer (tests only). */
export function resetSiteStatsForTests(): void {
  stats.reset();
}

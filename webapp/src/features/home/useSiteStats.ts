import { useEffect, useState } from "react";
import { parseSiteStats, type SiteStats } from "./stats";

export type SiteStatsState = { status: "loading" } | { status: "ready"; stats: SiteStats } | { status: "unavailable" };

const STATS_URL = "/api/stats/";
const TIMEOUT_MS = 10_000;

/** One request per page load, shared by the hero and the stats band. */
let request: Promise<SiteStatsState> | undefined;
let settled: SiteStatsState | undefined;

async function fetchStats(): Promise<SiteStatsState> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(STATS_URL, { headers: { Accept: "application/json" }, credentials: "omit", signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
    const stats = parseSiteStats(await response.json());
    if (!stats) throw new Error("Invalid API response: unexpected stats format");
    return { status: "ready", stats };
  } catch (error) {
    // No figure is better than a made-up one: the sections hide them.
    console.warn("Home page figures unavailable:", error instanceof Error ? error.message : error);
    return { status: "unavailable" };
  } finally {
    clearTimeout(timer);
  }
}

function loadStats(): Promise<SiteStatsState> {
  request ??= fetchStats().then((state) => {
    settled = state;
    // A failure is not remembered: the next page that asks tries again.
    if (state.status !== "ready") request = undefined;
    return state;
  });
  return request;
}

/** The marketplace's figures from `GET /api/stats/`. */
export function useSiteStats(): SiteStatsState {
  const [state, setState] = useState<SiteStatsState>(() => (settled?.status === "ready" ? settled : { status: "loading" }));
  useEffect(() => {
    let active = true;
    void loadStats().then((next) => {
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
  request = undefined;
  settled = undefined;
}

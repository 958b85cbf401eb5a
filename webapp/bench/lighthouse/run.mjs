// `just bench-lighthouse`: Lighthouse's performance audit (mobile defaults:
// simulated slow 4G, 4× CPU slowdown, a Moto G Power's screen) of pages of
// the running release app, three runs per page, each in a fresh browser
// profile (a first visit: empty cache, no cookies, so the intro screen
// shows). Prints the median run of each page (by performance score) with
// the range of the scores, and the goal of issue 22 beside them; exits 1
// when a median misses the goal.
//
//   BASE_URL=http://127.0.0.1:8080 node run.mjs <path>...     (CHROMIUM_PATH, RUNS to override)

import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const base = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: BASE_URL=http://127.0.0.1:8080 node run.mjs <path>...");
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Issue 22's goal: performance ≥ 95, LCP ≤ 2.5 s, FCP ≤ 1.5 s, TBT ≤ 200 ms, CLS ≤ 0.1. */
const GOAL = { score: 95, lcp: 2500, fcp: 1500, tbt: 200, cls: 0.1 };

async function audit(url) {
  const chrome = await launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: value("largest-contentful-paint"),
      fcp: value("first-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      // How fast this machine is (Lighthouse's own benchmark): TBT scales
      // with it, so two days' figures compare only beside it.
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
      lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
    };
  } finally {
    await chrome.kill();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rows = [];
let missed = false;
for (const path of paths) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await audit(new URL(path, base).href));
  results.sort((a, b) => a.score - b.score);
  const median = results[Math.floor(results.length / 2)];
  const scores = results.map((r) => r.score);
  const ok =
    median.score >= GOAL.score && median.lcp <= GOAL.lcp && median.fcp <= GOAL.fcp && median.tbt <= GOAL.tbt && median.cls <= GOAL.cls;
  missed ||= !ok;
  rows.push([
    `\`${path}\``,
    `${median.score} (${Math.min(...scores)}–${Math.max(...scores)})`,
    seconds(median.lcp),
    seconds(median.fcp),
    `${Math.round(median.tbt)} ms`,
    median.cls.toFixed(2),
    ok ? "yes" : "no",
  ]);
  console.error(`${path}: LCP element ${median.lcpElement}; Lighthouse's benchmark index ${median.benchmarkIndex}`);
}

const header = [`Page`, `Performance (median of ${runs})`, "LCP", "FCP", "TBT", "CLS", "within goal"];
const goal = ["goal", `≥ ${GOAL.score}`, `≤ ${seconds(GOAL.lcp)}`, `≤ ${seconds(GOAL.fcp)}`, `≤ ${GOAL.tbt} ms`, `≤ ${GOAL.cls}`, ""];
const line = (cells) => `| ${cells.join(" | ")} |`;
console.log(line(header));
console.log(line(header.map(() => "---")));
for (const row of rows) console.log(line(row));
console.log(line(goal));
process.exit(missed ? 1 : 0);

// `just bench-slots`, the wasm half: the time to compute the busy mentor's
// 90 days of slots with the dashboards' module in Node (the browser's
// engine), on the input examples/bench_slots.rs times natively (read from
// stdin, as its `--json` prints it). The whole call, as the mentor's
// calendar preview makes it: the arguments read from JavaScript objects,
// the availability checked, the slots computed and handed back as objects.
// Prints the median of many runs, in microseconds.
// Usage: cargo run --example bench_slots -- --json | node domain-wasm/scripts/bench-slots.mjs
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(process.env.WASM_PKG ?? join(here, "../../target/wasm-node"));
const { mentorSlots } = createRequire(import.meta.url)(join(pkgDir, "dashboards", "domain.js"));
const { availability, query } = JSON.parse(readFileSync(0, "utf8"));

const RUNS = 501;
const first = mentorSlots(availability, query);
if (first.type !== "ok") throw new Error(`the benchmark's input is refused: ${first.message}`);
// Warm up the engine's tiers before timing.
for (let i = 0; i < 50; i++) mentorSlots(availability, query);
const times = [];
for (let i = 0; i < RUNS; i++) {
  const started = process.hrtime.bigint();
  mentorSlots(availability, query);
  times.push(Number(process.hrtime.bigint() - started) / 1000);
}
times.sort((a, b) => a - b);
console.log(
  `slots in wasm (Node ${process.versions.node}, dashboards module): 90 days, ${first.value.length} slots: median ${Math.round(times[RUNS >> 1])} µs of ${RUNS} runs (fastest ${Math.round(times[0])} µs)`,
);

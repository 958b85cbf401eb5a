/**
 * Benchmark (not a test): arranging 10 000 mentors for the home explorer
 * through the wasm module, boundary crossing included, against a
 * straightforward TypeScript implementation of the same rule, in the same
 * process on the same data. Prints timings and the ratio wasm / TypeScript.
 *
 *   just bench-domain
 */
import { test } from "vitest";
import { arrangeExplorer, explorerCategories, type Arrangeable } from "../src/lib/domain";

const N = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchMentor extends Arrangeable {
  id: number;
  name: string;
}

function catalogue(): BenchMentor[] {
  const r = prng(7);
  const terms = explorerCategories().flatMap((c) => c.expertise);
  const extra = ["Public Speaking", "Cooking", "Photography", "Negotiation"];
  return Array.from({ length: N }, (_, i) => ({
    id: i + 1,
    name: `Mentor ${i + 1}`,
    rating: r() < 0.1 ? 0 : Math.round((3 + r() * 2) * 100) / 100,
    experience_years: Math.floor(r() * 30),
    expertise: Array.from({ length: 1 + Math.floor(r() * 3) }, () => (r() < 0.8 ? terms[Math.floor(r() * terms.length)] : extra[Math.floor(r() * extra.length)])),
    services: [{ price: r() < 0.15 ? 0 : Math.round(r() * 20_000) }],
  }));
}

// ---- The TypeScript baseline: the same rule, written plainly. ----------
const TOP_RATING = 4.5;
function score(m: Arrangeable) {
  const rating = Math.min(Math.max(m.rating, 0), 5);
  const years = Math.max(m.experience_years, 0);
  return (0.6 * rating) / 5 + 0.4 * Math.min(years / 20, 1);
}
function shuffle<T>(xs: T[], random: () => number) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
}
function baselineArrange<T extends Arrangeable>(mentors: readonly T[], categoryId: string, seed: number, rotation: number): T[] {
  const category = explorerCategories().find((c) => c.id === categoryId);
  if (!category) throw new Error(`unknown category ${categoryId}`);
  const terms = new Set(category.expertise.map((t) => t.trim().toLowerCase()));
  const pool = mentors
    .map((m, index) => ({ m, index, score: score(m), price: m.services[0]?.price ?? 0 }))
    .filter(({ m }) => category.id === "all" || m.expertise.some((e) => terms.has(e.trim().toLowerCase())));
  pool.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.m.rating > TOP_RATING) - Number(a.m.rating > TOP_RATING) ||
      b.m.rating - a.m.rating ||
      b.m.experience_years - a.m.experience_years ||
      a.price - b.price ||
      a.index - b.index,
  );
  const limit = category.id === "all" ? 16 : 12;
  const random = prng(seed * 4294967296 + rotation);
  const top = pool.filter((p) => p.m.rating > TOP_RATING).slice(0, 4);
  const taken = new Set(top.map((p) => p.index));
  let veterans: typeof pool = [];
  if (category.id === "all") {
    veterans = pool.filter((p) => !taken.has(p.index) && p.m.experience_years > 15);
    shuffle(veterans, random);
    veterans = veterans.slice(0, 2);
    for (const v of veterans) taken.add(v.index);
  }
  const rest = pool.filter((p) => !taken.has(p.index));
  shuffle(rest, random);
  const tail = [...rest.slice(0, Math.max(limit - top.length - veterans.length, 0)), ...veterans];
  shuffle(tail, random);
  return [...top, ...tail].slice(0, limit).map((p) => p.m);
}

// ---- Timing -------------------------------------------------------------
function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(label: string, run: (round: number) => unknown) {
  for (let i = 0; i < 10; i++) run(-1 - i); // warm up the JIT and caches
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    run(round);
    samples.push(performance.now() - start);
  }
  const ms = median(samples);
  console.log(`  ${label.padEnd(44)} median ${ms.toFixed(3)} ms over ${ROUNDS} rounds`);
  return ms;
}

test("bench: arrange 10 000 mentors, wasm vs TypeScript", () => {
  const mentors = catalogue();
  const categories = ["all", "technology", "mental-health"];
  console.log(`\nexplorer arrangement, ${N} mentors, categories ${categories.join(", ")}`);

  // A fresh list each round: the wasm path also builds its columns and masks
  // (the cost of a new fetch), the baseline matches strings as it always does.
  const freshWasm = time("wasm, new list each round (columns + masks)", (round) => {
    const list = mentors.slice();
    for (const c of categories) arrangeExplorer(list, c, 42, round & 0xffff);
  });
  const freshTs = time("TypeScript baseline, new list each round", (round) => {
    const list = mentors.slice();
    for (const c of categories) baselineArrange(list, c, 42, round & 0xffff);
  });
  // The rotation tick: the same list rearranged with the next rotation.
  const tickWasm = time("wasm, same list, next rotation", (round) => {
    for (const c of categories) arrangeExplorer(mentors, c, 42, round & 0xffff);
  });
  const tickTs = time("TypeScript baseline, same list, next rotation", (round) => {
    for (const c of categories) baselineArrange(mentors, c, 42, round & 0xffff);
  });

  console.log(`ratio wasm/TypeScript, new list:      ${(freshWasm / freshTs).toFixed(2)} (target ≤ 1.00)`);
  console.log(`ratio wasm/TypeScript, rotation tick: ${(tickWasm / tickTs).toFixed(2)} (target ≤ 1.00)\n`);
});

// Runs every case in ../vectors/*.json against the built wasm module (the
// same files `cargo test` runs natively), plus differential checks against
// JavaScript's own number formatting.
// Usage: node --test domain-wasm/tests/vectors.mjs  (WASM_PKG=dir of the nodejs build)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(process.env.WASM_PKG ?? join(here, "../../target/wasm-node"));
// The home page's module, the on-demand one, the password screens' one, the dashboards' one and the mentoring one, as one set of exports.
const load = createRequire(import.meta.url);
const wasm = Object.assign({}, ...["", "on-demand", "passwords", "dashboards", "mentoring"].map((m) => load(join(pkgDir, m, "domain.js"))));
const vectorDir = join(here, "../vectors");

const files = readdirSync(vectorDir).filter((f) => f.endsWith(".json")).sort();
const suites = files.map((f) => ({ file: f, cases: JSON.parse(readFileSync(join(vectorDir, f), "utf8")).cases }));
const declared = suites.reduce((n, s) => n + s.cases.length, 0);

// JSON round trip: undefined fields vanish and undefined becomes null, as in the vector files.
// Typed arrays (Uint32Array results) compare as plain arrays.
const plain = (v) =>
  v === undefined ? null : JSON.parse(JSON.stringify(v, (_, x) => (ArrayBuffer.isView(x) ? Array.from(x) : x)));

test("every vector passes against the wasm module", () => {
  let ran = 0;
  const failures = [];
  for (const { file, cases } of suites) {
    assert.ok(cases.length > 0, `${file} has no cases`);
    for (const c of cases) {
      const fn = wasm[c.fn];
      assert.equal(typeof fn, "function", `wasm module exports ${c.fn}`);
      let outcome;
      try {
        outcome = { value: plain(fn(...c.args)) };
      } catch (e) {
        outcome = { error: e instanceof Error ? e.message : String(e) };
      }
      const passed = "throws" in c ? outcome.error === c.throws : "value" in outcome && isDeepStrictEqual(outcome.value, c.expect);
      if (!passed) failures.push(`${c.fn}(${JSON.stringify(c.args)}): got ${JSON.stringify(outcome)}, want ${JSON.stringify(c)}`);
      ran += 1;
    }
  }
  assert.deepEqual(failures, []);
  assert.equal(ran, declared);
  assert.ok(ran >= 70, `expected the full vector suite, ran ${ran}`);
  console.log(`vectors: ${ran} cases passed in wasm`);
});

test("rating labels agree with toFixed(1) on every rating a mentor can have", () => {
  let checked = 0;
  for (let hundredths = 0; hundredths <= 500; hundredths++) {
    const r = hundredths / 100;
    assert.equal(wasm.ratingLabel(r, false), r.toFixed(1), `rating ${r}`);
    checked++;
  }
  assert.equal(checked, 501);
});

test("Indian grouping agrees with the en-IN locale for whole rupees", () => {
  const fmt = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
  let checked = 0;
  for (let k = 0; k < 2000; k++) {
    const rupees = Math.floor(Math.abs(Math.sin(k + 1)) * 10 ** (1 + (k % 9)));
    if (rupees === 0) continue;
    assert.equal(wasm.priceLabel(rupees, "explorer"), `₹${fmt.format(rupees)}`, `₹${rupees}`);
    checked++;
  }
  assert.ok(checked > 1900);
});

function isDeepStrictEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

// The money rules (issue 13) against the built wasm: the vectors
// (../vectors/refunds.json, also run natively by tests/refunds.rs) through
// the dashboards module alone, where the rules live; that no other module
// carries them; and eligibility's promises over a grid of facts and times
// (never more than is left, nothing when not eligible, automatic exactly
// for the automatic bases).
// Usage: node --test domain-wasm/tests/refunds.mjs  (WASM_PKG=dir of the nodejs build)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(process.env.WASM_PKG ?? join(here, "../../target/wasm-node"));
const load = createRequire(import.meta.url);
const dashboards = load(join(pkgDir, "dashboards", "domain.js"));
const { cases } = JSON.parse(readFileSync(join(here, "../vectors/refunds.json"), "utf8"));

const plain = (v) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));
const RULES = ["refundEligibility", "refundSplit", "refundRules", "checkPayoutDetails", "nextPayout"];

test("every money vector passes in the dashboards module", () => {
  const failures = [];
  for (const c of cases) {
    let outcome;
    try {
      outcome = { value: plain(dashboards[c.fn](...c.args)) };
    } catch (e) {
      outcome = { error: e instanceof Error ? e.message : String(e) };
    }
    const want = "throws" in c ? { error: c.throws } : { value: c.expect };
    try {
      assert.deepStrictEqual(outcome, want);
    } catch {
      failures.push(`${c.note}: got ${JSON.stringify(outcome)}, want ${JSON.stringify(want)}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.equal(cases.length, 268, "the generator's count");
  console.log(`refunds: ${cases.length} cases passed in wasm`);
});

test("the money rules are exported by the dashboards module only", () => {
  const functionsOf = (m) => [...readFileSync(join(pkgDir, m, "domain.d.ts"), "utf8").matchAll(/^export function (\w+)\(/gm)].map((x) => x[1]);
  const own = functionsOf("dashboards");
  for (const rule of RULES) assert.ok(own.includes(rule), `dashboards exports ${rule}`);
  for (const other of ["", "on-demand", "passwords", "mentoring"]) {
    const theirs = functionsOf(other);
    for (const rule of RULES) assert.ok(!theirs.includes(rule), `${rule} is not in the ${other || "home"} module`);
  }
});

test("eligibility never offers more than is left, around every boundary", () => {
  const H = 3_600_000, D = 24 * H;
  const S = Date.UTC(2026, 11, 1, 10), E = S + H;
  const AUTOMATIC = new Set(["mentor_cancelled", "mentor_no_show", "learner_cancelled", "expired", "overpaid"]);
  const times = [S - 4 * D, S - D, S, E, E + 48 * H, E + 7 * D].flatMap((t) => [t - 1, t, t + 1]);
  let checked = 0;
  for (const status of ["pending", "payment_required", "confirmed", "completed", "cancelled", "expired", "no_show"]) {
    for (const [cancelledBy, noShowBy, noShowChoice] of [[null, null, null], ["learner", null, null], ["mentor", null, null], [null, "mentor", "refund"], [null, "mentor", "reschedule"], [null, "learner", null]]) {
      for (const [captured, refunded, owed] of [[0, 0, 0], [150000, 0, 0], [150000, 0, 150000], [150000, 50000, 150000], [150000, 150000, 150000], [300000, 0, 150000]]) {
        for (const feedbackAtMs of [null, E + H, E + 49 * H]) {
          for (const openRequest of [false, true]) {
            const facts = { status, startMs: S, endMs: E, cancelledBy, noShowBy, noShowChoice, refundOwedPaise: owed, capturedPaise: captured, capturedAtMs: captured ? S - 3 * D : null, refundedPaise: refunded, openRequest, feedbackAtMs };
            for (const now of times) {
              const e = dashboards.refundEligibility(facts, now);
              assert.ok(e.message.length > 0);
              if (e.eligible) {
                assert.ok(e.maxPaise > 0 && e.maxPaise <= captured - refunded, JSON.stringify({ facts, now, e }));
                assert.equal(e.automatic, AUTOMATIC.has(e.basis));
                assert.ok(!openRequest);
              } else {
                assert.equal(e.maxPaise, 0);
                assert.equal(e.basis, undefined);
              }
              checked++;
            }
          }
        }
      }
    }
  }
  assert.ok(checked > 20000, `${checked} checks`);
});

test("refund splits in any pieces take back exactly the commission", () => {
  for (const [gross, commission] of [[150000, 22500], [99900, 14985], [3, 1], [1, 0], [1000, 1000]]) {
    for (const pieces of [1, 2, 3, 7]) {
      let before = 0, back = 0;
      for (let k = 1; k <= pieces; k++) {
        const upto = Math.floor((gross * k) / pieces);
        const s = dashboards.refundSplit(gross, commission, before, upto - before);
        assert.equal(s.commissionPaise + s.mentorPaise, upto - before);
        back += s.commissionPaise;
        before = upto;
      }
      assert.equal(back, commission, `${gross}/${commission} in ${pieces}`);
    }
  }
});

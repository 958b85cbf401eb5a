// The booking lifecycle (issue 12) against the built wasm: the vectors
// (../vectors/booking.json, also run natively by tests/booking.rs and by
// Vitest) through the dashboards module alone, where the rules live, and the
// table's agreement check (every listed action succeeds, every other one is
// refused) over a grid of times around every deadline.
// Usage: node --test domain-wasm/tests/booking.mjs  (WASM_PKG=dir of the nodejs build)
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
const { cases } = JSON.parse(readFileSync(join(here, "../vectors/booking.json"), "utf8"));

const plain = (v) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

test("every booking vector passes in the dashboards module", () => {
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
  assert.ok(cases.length >= 1200, `the full booking suite, ${cases.length} cases`);
  console.log(`booking: ${cases.length} cases passed in wasm`);
});

test("the booking rules are exported by the dashboards module only", () => {
  const functionsOf = (m) => [...readFileSync(join(pkgDir, m, "domain.d.ts"), "utf8").matchAll(/^export function (\w+)\(/gm)].map((x) => x[1]);
  const rules = ["bookingActions", "bookingStatus", "bookingTransition", "bookingOpening", "bookingRules"];
  const own = functionsOf("dashboards");
  for (const rule of rules) assert.ok(own.includes(rule), `dashboards exports ${rule}`);
  for (const other of ["", "on-demand", "passwords", "mentoring"]) {
    const theirs = functionsOf(other);
    for (const rule of rules) assert.ok(!theirs.includes(rule), `${rule} is not in the ${other || "home"} module`);
  }
});

test("the listed actions are exactly those the transition accepts, around every deadline", () => {
  const M = 60_000, H = 60 * M, D = 24 * H;
  const S = Date.UTC(2026, 11, 1, 10), E = S + H;
  const sample = (action, party, now) =>
    action === "reschedule" ? { type: "reschedule", startMs: now + 7 * D, endMs: now + 7 * D + H }
    : action === "no_show" ? (party === "learner" ? { type: "no_show", choice: "refund" } : { type: "no_show" })
    : { type: action };
  const boundaries = [S - 20 * H, S - 19 * H, S - 12 * H, S - 2 * H, S - 10 * M, S, S + 10 * M, E, S + 48 * H, E + 30 * D];
  let checked = 0;
  for (const status of ["pending", "payment_required", "confirmed", "completed", "cancelled", "expired", "no_show"]) {
    for (const hasFeedback of [false, true]) {
      const facts = { status, startMs: S, endMs: E, respondByMs: S - 20 * H, payByMs: S - 19 * H, pricePaise: 150000, paidPaise: 150000, hasFeedback, rescheduleCount: 0, noShowBy: "mentor", noShowChoice: "reschedule" };
      for (const now of boundaries.flatMap((t) => [t - 1, t, t + 1])) {
        for (const party of ["learner", "mentor", "admin"]) {
          const allowed = dashboards.bookingActions(facts, party, now);
          for (const action of ["accept", "decline", "pay", "cancel", "reschedule", "no_show", "feedback"]) {
            const outcome = dashboards.bookingTransition(facts, party, sample(action, party, now), now);
            assert.equal(outcome.type === "ok", allowed.includes(action), `${status} ${party} ${action} at ${now - S}`);
            checked++;
          }
          assert.ok(!allowed.includes("refund"));
        }
      }
    }
  }
  assert.ok(checked > 8000);
});

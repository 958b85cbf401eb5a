// The slot cases (tests/slots_cases.json, which tests/slots.rs runs
// natively) against the dashboards' wasm module, where the browser runs
// them: `mentorSlots` answers `{type: "ok", value}` for a case's `expect`
// and `{type: "error", message}` for its `throws`.
// Usage: node --test domain-wasm/tests/slots.mjs  (WASM_PKG=dir of the nodejs build)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(process.env.WASM_PKG ?? join(here, "../../target/wasm-node"));
const dashboards = createRequire(import.meta.url)(join(pkgDir, "dashboards", "domain.js"));
const { cases } = JSON.parse(readFileSync(join(here, "slots_cases.json"), "utf8"));

test("every slot case passes in the dashboards' wasm module", () => {
  let ran = 0;
  const failures = [];
  for (const c of cases) {
    assert.equal(c.fn, "mentorSlots");
    const got = dashboards.mentorSlots(...c.args);
    const want = "throws" in c ? { type: "error", message: c.throws } : { type: "ok", value: c.expect };
    try {
      assert.deepStrictEqual(got, want);
    } catch {
      failures.push(`${c.note}:\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
    }
    ran += 1;
  }
  assert.deepEqual(failures, []);
  assert.equal(ran, cases.length);
  assert.ok(ran >= 54, `expected the full case list, ran ${ran}`);
  console.log(`slots: ${ran} cases passed in wasm`);
});

test("an availability is checked as the API checks it before saving", () => {
  const availability = { time_zone: "Asia/Kolkata", weekly: [{ weekday: 0, start: "09:00", end: "12:00" }], booking_window_days: 30 };
  assert.deepStrictEqual(dashboards.checkAvailability(availability), {
    type: "ok",
    value: { ...availability, overrides: [], buffer_before_minutes: 0, buffer_after_minutes: 0, minimum_notice_minutes: 0 },
  });
  assert.deepStrictEqual(dashboards.checkAvailability({ ...availability, time_zone: "Mars/Olympus" }), {
    type: "error",
    message: 'unknown time zone "Mars/Olympus": use an IANA name such as Europe/London or Asia/Kolkata',
  });
  assert.deepStrictEqual(dashboards.checkAvailability({ ...availability, weekly: [{ weekday: 0, start: "12:00", end: "09:00" }] }).type, "error");
  // A value of the wrong shape is a programming error: thrown.
  assert.throws(() => dashboards.checkAvailability({ time_zone: 5 }), /an availability is malformed/);
  assert.throws(() => dashboards.mentorSlots(availability, { duration_minutes: 30 }), /a slot query is malformed/);
});

test("slots come out as RFC 3339 instants in UTC, whatever offset the query uses", () => {
  const got = dashboards.mentorSlots(
    { time_zone: "America/New_York", weekly: [{ weekday: 0, start: "09:00", end: "10:00" }], booking_window_days: 30 },
    { duration_minutes: 60, now: "2026-01-01T00:00:00Z", from: "2026-01-12T00:00:00-05:00", to: "2026-01-13T00:00:00-05:00" },
  );
  assert.deepStrictEqual(got, { type: "ok", value: [{ start: "2026-01-12T14:00:00Z", end: "2026-01-12T15:00:00Z" }] });
});

// Which wasm module carries what (issue 10, finding 2): the common-password
// list (data/common-passwords/policy.txt) reaches the browser only in the
// `passwords` module, which the web app loads on the screens that set a
// password; the home page's module and the on-demand one (which the home page
// also loads) must not contain it. Likewise (issue 11) chrono-tz's IANA
// time-zone database is only in the `dashboards` module, and the home page's
// module stays within its gzip budget. The mentors' forms' rules (the
// application, service and profile checks, the commission split) are only in
// the `mentoring` module, which applicants and mentors alone fetch, and the
// on-demand module, which the home page prefetches for every visitor, stays
// within its own gzip budget. Searched in the built .wasm bytes, in both
// builds (the browser's, webapp/domain-pkg, and Node's).
// Usage: node --test domain-wasm/tests/modules.mjs  (WASM_PKG=dir of the nodejs build)
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const builds = [resolve(process.env.WASM_PKG ?? join(root, "target/wasm-node")), join(root, "webapp/domain-pkg")];
const wasmOf = (dir, module) => readFileSync(join(dir, module, "domain_bg.wasm"));
const functionsOf = (dir, module) =>
  [...readFileSync(join(dir, module, "domain.d.ts"), "utf8").matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]);

// Runs of 8 consecutive lines of the list, from its start, middle and end:
// the text of the list itself, which no other code of the crate contains.
const lines = readFileSync(join(here, "../data/common-passwords/policy.txt"), "utf8").split("\n").filter(Boolean);
const runs = [0, Math.floor(lines.length / 2), lines.length - 8].map((at) => Buffer.from(`${lines.slice(at, at + 8).join("\n")}\n`));

const PASSWORD_RULES = ["checkNewPassword", "passwordStrength", "inlinePasswordMismatch"];

for (const dir of builds) {
  test(`only the passwords module carries the common-password list (${dir})`, { skip: !existsSync(join(dir, "passwords")) && dir !== builds[0] }, () => {
    assert.ok(lines.length >= 5000, "policy.txt is the whole list");
    // The search finds the list where it is: in the passwords module.
    const passwords = wasmOf(dir, "passwords");
    for (const run of runs) assert.ok(passwords.includes(run), `the passwords module has ${JSON.stringify(run.toString().slice(0, 40))}…`);
    for (const module of ["", "on-demand", "mentoring"]) {
      const bytes = wasmOf(dir, module);
      const name = module || "home";
      for (const run of runs) assert.ok(!bytes.includes(run), `the ${name} module contains the common-password list`);
      // Not even a single entry typical of the list (each is in policy.txt).
      for (const entry of ["1qaz2wsx3edc", "qwertyuiop123", "trustno1"]) {
        assert.ok(lines.includes(entry), `${entry} is on the list`);
        assert.ok(!bytes.includes(Buffer.from(`\n${entry}\n`)), `the ${name} module contains ${entry}`);
      }
    }
  });

  test(`the password rules are exported by the passwords module only (${dir})`, { skip: !existsSync(join(dir, "passwords")) && dir !== builds[0] }, () => {
    const [home, onDemand, passwords] = ["", "on-demand", "passwords"].map((m) => functionsOf(dir, m));
    for (const rule of PASSWORD_RULES) {
      assert.ok(passwords.includes(rule), `passwords exports ${rule}`);
      assert.ok(!home.includes(rule) && !onDemand.includes(rule), `${rule} is in the passwords module only`);
    }
    // Each export is in one module.
    const all = [...home, ...onDemand, ...passwords];
    assert.equal(new Set(all).size, all.length, "no export is in two modules");
  });
}

// Zone names of the IANA database (a link, a deep name, two rarely written
// ones): no rule of the crate spells them, so only the database has them.
const ZONES = ["America/Argentina/ComodRivadavia", "Antarctica/DumontDUrville", "Pacific/Chatham", "Africa/Ouagadougou"];
const SLOT_RULES = ["mentorSlots", "checkAvailability"];
// `just wasm`'s budgets for the home page's module and the on-demand one
// (wasm_gzip_budget and wasm_on_demand_gzip_budget in the justfile).
const justfile = readFileSync(join(root, "justfile"), "utf8");
const HOME_GZIP_BUDGET = Number(/^wasm_gzip_budget := "(\d+)"/m.exec(justfile)?.[1]);
const ON_DEMAND_GZIP_BUDGET = Number(/^wasm_on_demand_gzip_budget := "(\d+)"/m.exec(justfile)?.[1]);
// Measured as `just wasm` measures (GNU gzip -9): Node's zlib gives about 5%
// more for the same bytes (74,172 against 70,593 for the on-demand module),
// so the budgets would mean two different things.
function gzipped(bytes) {
  const out = spawnSync("gzip", ["-9c"], { input: bytes, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(out.status, 0, `gzip failed: ${out.stderr}`);
  return out.stdout.length;
}

for (const dir of builds) {
  const skip = !existsSync(join(dir, "dashboards")) && dir !== builds[0];
  test(`only the dashboards module carries the IANA time zones (${dir})`, { skip }, () => {
    const dashboards = wasmOf(dir, "dashboards");
    for (const zone of ZONES) assert.ok(dashboards.includes(Buffer.from(zone)), `the dashboards module has ${zone}`);
    for (const module of ["", "on-demand", "passwords", "mentoring"]) {
      const bytes = wasmOf(dir, module);
      for (const zone of ZONES) assert.ok(!bytes.includes(Buffer.from(zone)), `the ${module || "home"} module contains ${zone}`);
    }
  });

  test(`the slot rules are exported by the dashboards module only (${dir})`, { skip }, () => {
    const modules = ["", "on-demand", "passwords", "dashboards"].map((m) => functionsOf(dir, m));
    const dashboards = modules[3];
    for (const rule of SLOT_RULES) {
      assert.ok(dashboards.includes(rule), `dashboards exports ${rule}`);
      assert.ok(modules.slice(0, 3).every((m) => !m.includes(rule)), `${rule} is in the dashboards module only`);
    }
    const all = modules.flat();
    assert.equal(new Set(all).size, all.length, "no export is in two modules");
  });

  test(`the home page's module stays within its gzip budget (${dir})`, { skip }, () => {
    assert.ok(HOME_GZIP_BUDGET > 0, "the justfile states the budget");
    const size = gzipped(wasmOf(dir, ""));
    assert.ok(size <= HOME_GZIP_BUDGET, `home: ${size} bytes gzipped, budget ${HOME_GZIP_BUDGET}`);
  });
}

// What only applicants and mentors use (the application form, the mentor's
// dashboard): kept out of the on-demand module the home page prefetches.
const MENTORING_RULES = ["checkApplication", "checkService", "checkProfile", "commissionSplit", "mentorCategories", "applicationLimits", "profileCompleteness"];
const MODULES = ["", "on-demand", "passwords", "dashboards", "mentoring"];

for (const dir of builds) {
  const skip = !existsSync(join(dir, "mentoring")) && dir !== builds[0];
  test(`the mentors' forms' rules are exported by the mentoring module only (${dir})`, { skip }, () => {
    const modules = MODULES.map((m) => functionsOf(dir, m));
    const mentoring = modules[4];
    for (const rule of MENTORING_RULES) {
      assert.ok(mentoring.includes(rule), `mentoring exports ${rule}`);
      assert.ok(modules.slice(0, 4).every((m) => !m.includes(rule)), `${rule} is in the mentoring module only`);
    }
    const all = modules.flat();
    assert.equal(new Set(all).size, all.length, "no export is in two modules");
  });

  test(`the on-demand module, which the home page prefetches, stays within its gzip budget (${dir})`, { skip }, () => {
    assert.ok(ON_DEMAND_GZIP_BUDGET > 0, "the justfile states the budget");
    const size = gzipped(wasmOf(dir, "on-demand"));
    assert.ok(size <= ON_DEMAND_GZIP_BUDGET, `on-demand: ${size} bytes gzipped, budget ${ON_DEMAND_GZIP_BUDGET}`);
  });
}

// The learner's module (issue 22): the one module a screen a learner opens
// loads, so it repeats the rules those screens call from the home page's,
// the on-demand and the dashboards' modules, without the IANA time zones,
// the common-password list or the mentors' forms, within 80 KB gzipped.
// Built for the browser only (webapp/domain-pkg/learner).
const LEARNER_GZIP_BUDGET = Number(/^wasm_learner_gzip_budget := "(\d+)"/m.exec(justfile)?.[1]);
const browser = builds[1];

test("the learner's module has a learner's screens' rules and nothing heavier, within its budget", () => {
  const learner = functionsOf(browser, "learner");
  const [home, onDemand, dashboards] = ["", "on-demand", "dashboards"].map((m) => functionsOf(browser, m));
  // The shell's, a mentor page's and the booking screens' rules.
  for (const [rule, from] of [
    ["matchRoute", home],
    ["introProgress", home],
    ["priceLabel", home],
    ["durationLabel", onDemand],
    ["upcomingSlots", onDemand],
    ["bookingActions", dashboards],
    ["bookingRules", dashboards],
    ["refundEligibility", dashboards],
  ]) {
    assert.ok(learner.includes(rule), `the learner's module has ${rule}`);
    assert.ok(from.includes(rule), `${rule} is in its own module too`);
  }
  // Every rule it has is another module's too: it only gathers them.
  const elsewhere = new Set(["", "on-demand", "passwords", "dashboards", "mentoring"].flatMap((m) => functionsOf(browser, m)));
  assert.deepEqual(learner.filter((rule) => !elsewhere.has(rule)), []);
  for (const rule of [...SLOT_RULES, ...PASSWORD_RULES, ...MENTORING_RULES, "listingOrder", "arrangeExplorer"]) {
    assert.ok(!learner.includes(rule), `the learner's module has ${rule}`);
  }
  const bytes = wasmOf(browser, "learner");
  for (const zone of ZONES) assert.ok(!bytes.includes(Buffer.from(zone)), `the learner's module contains ${zone}`);
  for (const run of runs) assert.ok(!bytes.includes(run), "the learner's module contains the common-password list");
  assert.ok(LEARNER_GZIP_BUDGET === 80 * 1024, "the justfile states the budget");
  const size = gzipped(bytes);
  assert.ok(size <= LEARNER_GZIP_BUDGET, `learner: ${size} bytes gzipped, budget ${LEARNER_GZIP_BUDGET}`);
});

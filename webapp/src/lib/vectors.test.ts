/**
 * The shared vector suite (`domain-wasm/vectors/*.json`) run against the wasm
 * package exactly as the app ships it: the bundler build, loaded by Vite's
 * wasm plugin. `cargo test` runs the same files natively and
 * `domain-wasm/tests/vectors.mjs` runs them against the Node build.
 *
 * This file tests the package itself, so it imports it directly, and calls
 * each export by the name the vector gives. The app goes through `domain.ts`.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as wasm from "../../domain-pkg/domain.js";
import * as onDemand from "../../domain-pkg/on-demand/domain.js";
import * as passwords from "../../domain-pkg/passwords/domain.js";
import * as dashboards from "../../domain-pkg/dashboards/domain.js";
import * as mentoring from "../../domain-pkg/mentoring/domain.js";
import * as learner from "../../domain-pkg/learner/domain.js";
import slotCases from "../../../domain-wasm/tests/slots_cases.json";

interface VectorCase {
  fn: string;
  args: unknown[];
  expect?: unknown;
  throws?: string;
  note?: string;
}

interface VectorFile {
  description: string;
  cases: VectorCase[];
}

const files = import.meta.glob<VectorFile>("../../../domain-wasm/vectors/*.json", { eager: true, import: "default" });
const suites = Object.entries(files)
  .map(([path, file]) => ({ name: path.slice(path.lastIndexOf("/") + 1), cases: file.cases }))
  .sort((a, b) => a.name.localeCompare(b.name));
const declared = suites.reduce((n, s) => n + s.cases.length, 0);

// The home page's module, the one loaded on demand for later screens, the
// one of the screens that set a password, the dashboards' one and the
// mentors' forms' one.
const exports: Record<string, unknown> = { ...wasm, ...onDemand, ...passwords, ...dashboards, ...mentoring };

/** As the vector files write values: undefined is null, typed arrays are arrays. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v)));
}

type Outcome = { value: unknown } | { error: string };

function run(c: VectorCase, from: Record<string, unknown> = exports): Outcome {
  const fn = from[c.fn];
  if (typeof fn !== "function") return { error: `the wasm package has no export ${c.fn}` };
  try {
    return { value: plain((fn as (...args: unknown[]) => unknown)(...c.args)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

let ran = 0;

describe("the shared vectors against the wasm package the app ships", () => {
  it("finds the vector files, every one of them (rules join the crate with new files)", () => {
    // Vitest runs in webapp/ (its config's folder).
    const onDisk = readdirSync(path.resolve(process.cwd(), "../domain-wasm/vectors"))
      .filter((name) => name.endsWith(".json"))
      .sort((a, b) => a.localeCompare(b));
    expect(onDisk).toEqual(expect.arrayContaining(["accounts.json", "explorer.json", "forms.json", "labels.json", "mentors.json", "session.json"]));
    expect(suites.map((s) => s.name)).toEqual(onDisk);
  });

  for (const suite of suites) {
    it(`passes every case of ${suite.name}`, () => {
      expect(suite.cases.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const c of suite.cases) {
        const outcome = run(c);
        ran += 1;
        const label = `${c.fn}(${JSON.stringify(c.args).slice(0, 160)})`;
        if (c.throws !== undefined) {
          if (!("error" in outcome) || outcome.error !== c.throws) {
            failures.push(`${label}: want the error ${JSON.stringify(c.throws)}, got ${JSON.stringify(outcome)}`);
          }
        } else if (!("value" in outcome)) {
          failures.push(`${label}: threw ${outcome.error}`);
        } else {
          try {
            expect(outcome.value).toStrictEqual(c.expect);
          } catch {
            failures.push(`${label}: want ${JSON.stringify(c.expect)}, got ${JSON.stringify(outcome.value)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("ran every case in the files, and the files hold the full suite", () => {
    expect(ran).toBe(declared);
    expect(ran).toBeGreaterThanOrEqual(300);
  });
});

describe("the shared vectors against the learner's module the app ships", () => {
  // The learner's module repeats rules of the other modules (issue 22): the
  // same Rust compiled again, which must answer every case of those rules
  // as the module it repeats them from does.
  const carried = suites.flatMap((s) => s.cases).filter((c) => typeof (learner as Record<string, unknown>)[c.fn] === "function");

  it("answers every case of the rules it carries as their own module does", () => {
    const failures = carried
      .map((c) => ({ c, want: run(c), got: run(c, learner as Record<string, unknown>) }))
      .filter(({ want, got }) => JSON.stringify(want) !== JSON.stringify(got))
      .map(({ c, want, got }) => `${c.fn}(${JSON.stringify(c.args).slice(0, 160)}): want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    expect(failures).toEqual([]);
    // The booking rules, the shell's and a mentor page's are among them.
    const fns = new Set(carried.map((c) => c.fn));
    for (const fn of ["bookingActions", "refundEligibility", "matchRoute", "priceLabel", "durationLabel"]) expect(fns).toContain(fn);
    expect(carried.length).toBeGreaterThanOrEqual(100);
  });
});

describe("the slot cases against the dashboards' module the app ships", () => {
  // domain-wasm/tests/slots_cases.json: `expect` is the slots, `throws` the
  // message of the `{type: "error"}` answer.
  const cases = (slotCases as unknown as VectorFile).cases;

  it("answers every case as the native crate does", () => {
    const failures: string[] = [];
    for (const c of cases) {
      const [availability, query] = c.args as Parameters<typeof dashboards.mentorSlots>;
      const got = dashboards.mentorSlots(availability, query);
      const want = c.throws === undefined ? { type: "ok", value: c.expect } : { type: "error", message: c.throws };
      try {
        expect(got).toStrictEqual(want);
      } catch {
        failures.push(`${c.note ?? c.fn}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(54);
  });
});

// Differential test: thousands of generated inputs through the wasm module
// and through the native crate (examples/dispatch.rs, the same facade) must
// give identical results, compared as canonical JSON (keys sorted, numbers
// formatted by JavaScript).
// Usage: node --test domain-wasm/tests/differential.mjs
//   WASM_PKG: the nodejs wasm build (default target/wasm-node)
//   DISPATCH_BIN: the native dispatcher (default target/debug/examples/dispatch)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const pkgDir = resolve(process.env.WASM_PKG ?? join(root, "target/wasm-node"));
// The home page's module, the on-demand one, the password screens' one, the dashboards' one and the mentoring one, as one set of exports.
const load = createRequire(import.meta.url);
const wasm = Object.assign({}, ...["", "on-demand", "passwords", "dashboards", "mentoring"].map((m) => load(join(pkgDir, m, "domain.js"))));
const dispatchBin = resolve(process.env.DISPATCH_BIN ?? join(root, "target/debug/examples/dispatch"));
const PER_FUNCTION = Number(process.env.DIFF_CASES ?? 300);

// A small seeded PRNG (mulberry32) so failures reproduce.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r = rng(20261122);
const pick = (xs) => xs[Math.floor(r() * xs.length)];
const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
const ALPHABET = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,!?/@#&'éüñÉçøßЖжक्षि中文🙂\n"];
const str = (max = 24) => Array.from({ length: int(0, max) }, () => pick(ALPHABET)).join("");
const rating = () => pick([0, 0, 4.5, 4.51, 5, Math.round(r() * 500) / 100, Math.round(r() * 50) / 10]);
const years = () => pick([0, 10, 11, 15, 16, 20, 30, int(0, 40), r() * 25]);
const price = () => pick([0, 0, 999, 1000, 99999, 100000, 1499.5, int(0, 200000), Math.round(r() * 1e6) / 100]);
const whole = () => pick([0, 1, 4, 6, 15, int(0, 50), 1.5, -1]);
const time = () => pick([0, 1_700_000_000_000 + int(0, 20_000_000), 1_700_000_000_000 + int(-10_000, 10_000)]);
const path = () => pick(["/", "/mentors", "/mentors/", `/mentors/${int(0, 99)}-${str(8)}`, "/auth/login", `/activate/${str(4)}/${str(6)}`, `/${str(10)}`, "/my-bookings/" + str(5), "//"]);
const categories = ["all", "technology", "business", "leadership", "management", "marketing", "mental-health", "psychology"];
const expertiseTerms = ["Technology", "technology ", "Machine Learning", "Business", "Leadership", "Marketing", "Mental Health", "Psychology", "Management", "Cooking", str(10)];

function mentorItem() {
  const m = {};
  if (r() < 0.9) m.id = r() < 0.8 ? int(1, 500) : pick([null, "x", 0]);
  if (r() < 0.9) m.name = r() < 0.85 ? str(16) : pick([null, 5]);
  if (r() < 0.9) m.expertise = r() < 0.9 ? Array.from({ length: int(0, 3) }, () => pick(expertiseTerms)) : "Tech";
  if (r() < 0.9) m.rating = r() < 0.85 ? rating() : "4.5";
  if (r() < 0.7) m.experience_years = years();
  if (r() < 0.7) m.services = Array.from({ length: int(0, 2) }, () => (r() < 0.8 ? { price: price() } : {}));
  return m;
}

function body() {
  return pick([
    () => JSON.stringify(Array.from({ length: int(0, 6) }, mentorItem)),
    () => JSON.stringify({ detail: str(10) }),
    () => str(20),
    () => "[",
    () => "[]",
    () => `[{"id":1,"name":"N","expertise":[],"rating":1e400}]`,
    () => `[{"id":12345678901234567890,"name":"Big","expertise":["Technology"],"rating":4.123456789012345678}]`,
  ])();
}

function googleFailure() {
  return pick([
    () => ({ kind: "response", status: pick([400, 401, 500, 502]), body: pick([JSON.stringify({ error: str(12) }), JSON.stringify({ credential: [str(10)], detail: str(8) }), `{"detail":"${int(0, 9)}","10":[1.5,"x"],"2":{"b":1,"a":2}}`, str(15), "", "  "]) }),
    () => ({ kind: "noResponse" }),
    () => ({ kind: "other", message: str(20) }),
    () => ({ kind: "missingAccess" }),
  ])();
}

// Each function: how to make its arguments, and (where the wasm signature
// takes typed arrays) how to pass them to wasm.
const F64 = (a) => Float64Array.from(a);
const U32 = (a) => Uint32Array.from(a);
const GENERATORS = {
  priceLabel: () => [price(), pick(["card", "explorer", "card", "banner"])],
  ratingLabel: () => [rating(), r() < 0.5],
  experienceLabel: () => [years()],
  badgeLabel: () => [rating(), int(0, 50), years(), r() < 0.5],
  slugify: () => [str(30)],
  mentorPath: () => [pick([int(0, 10000), 1.5, -3]), str(20)],
  parseMentorSegment: () => [pick([`${int(0, 999)}-${str(6)}`, str(6), `${int(0, 99)}`, ""])],
  matchRoute: () => [path()],
  cardLabels: () => [int(1, 999), str(16), rating(), int(0, 50), years(), price()],
  passwordStrength: () => [str(16)],
  checkEmail: () => [r() < 0.5 ? `${str(6)}@${str(5)}.${r() < 0.8 ? "com" : str(2)}` : str(12)],
  checkName: () => [str(r() < 0.1 ? 120 : 14)],
  checkContactNumber: () => [r() < 0.5 ? `${r() < 0.5 ? "+" : ""}${Math.floor(r() * 1e12)}` : str(12)],
  checkNewPassword: () => { const p = str(14); return [p, r() < 0.6 ? p : str(14)]; },
  inlinePasswordMismatch: () => { const p = str(10); return [p, pick([p, "", str(10)])]; },
  faqCollapsedCount: () => [pick([375, 768, 1023, 1024, 1440, r() * 2000]), r() < 0.5],
  faqShowMoreLabel: () => [whole(), whole()],
  faqToggle: () => [r() < 0.3 ? null : whole(), whole()],
  faqPreview: () => [Array.from({ length: int(1, 4) }, () => str(int(5, 220))).join(pick(["\n\n", " "]))],
  faqReadToggleLabel: () => [r() < 0.5],
  explorerCategories: () => [],
  categoryMask: () => [Array.from({ length: int(0, 4) }, () => pick(expertiseTerms))],
  categoryMasks: () => {
    const n = int(0, 5);
    const packed = Array.from({ length: n }, () => Array.from({ length: int(0, 3) }, () => pick(expertiseTerms).replace(/[\u001e\u001f]/g, "")).join("\u001f")).join("\u001e");
    return [packed, r() < 0.1 ? n + 1 : n];
  },
  mentorScore: () => [rating(), years()],
  explorerLimit: () => [pick([...categories, "nope"])],
  arrangeExplorer: () => {
    const n = int(0, 40);
    const cols = [Array.from({ length: n }, rating), Array.from({ length: n }, years), Array.from({ length: n }, price), Array.from({ length: n }, () => int(0, 255) | 1)];
    if (r() < 0.05) cols[int(0, 3)].pop();
    return [...cols, pick([...categories, "nope"]), int(0, 2 ** 32 - 1), int(0, 50)];
  },
  rotationIntervalMs: () => [pick([null, "", "60000", " 30000 ", "abc", "-5", "4999", "86400001", "1e5", "120000.5", String(int(0, 100000000))])],
  rotationIndex: () => [time(), time(), pick([120000, 5000, 60000])],
  seedIsStale: () => [time(), time()],
  chooseCategory: () => [Array.from({ length: int(0, 4) }, () => pick(categories)), pick(categories), pick(categories)],
  parseMentorResponse: () => [pick([200, 204, 299, 300, 404, 500, 503]), pick(["OK", "Not Found", "", "Service Unavailable"]), pick(["application/json", "application/json; charset=utf-8", "text/html", null, "application/problem+json"]), body()],
  afterFailure: () => [pick([1, 2, 3, 4]), r() < 0.3],
  cacheState: () => [r() < 0.2 ? null : time(), time()],
  fetchPolicy: () => [],
  sessionTimers: () => [time(), r() < 0.4 ? null : time(), time()],
  sessionDue: () => [time(), r() < 0.4 ? null : time(), time()],
  afterResponse: () => [pick([200, 201, 400, 401, 403, 404, 500]), r() < 0.5],
  afterRefresh: () => [r() < 0.5],
  sessionKeys: () => [],
  storageKeys: () => [],
  logoutDestination: () => [pick(["/auth/login", "/auth/login/", "/auth/login?next=/x", "/mentors", "/", "/dashboard/user"])],
  googleLoginError: () => [googleFailure()],
  loginFailureMessage: () => [],
  // Rules that moved into the crate with issue 9 (home and on-demand modules).
  formatCount: () => [pick([0, 1, 999, 1000, 123456, 1e7 + 3, int(0, 1e9), r() * 1e6, -5, 1.5])],
  formatRating: () => [pick([0, 4.85, 3.25, 5, r() * 5, -1])],
  formatPercent: () => [pick([0, 50, 99.5, 100, r() * 100])],
  countUpFraction: () => [int(-100, 3000), pick([0, 1000, 2000, 1500.5])],
  countUpValue: () => [pick([0, 65, 1200, 98.5, int(0, 100000)]), pick([0, 0.5, 1, r(), -0.1, 1.2])],
  introProgress: () => [int(-100, 5000), r() < 0.5],
  introStage: () => [pick([0, 10, 50, 99, 100, r() * 100, -1, 150])],
  isFree: () => [price()],
  isRated: () => [rating()],
  shownPrice: () => [Array.from({ length: int(0, 3) }, price)],
  averageRating: () => [Array.from({ length: int(0, 6) }, rating)],
  ratedCount: () => [Array.from({ length: int(0, 6) }, rating)],
  eliteMentors: () => { const n = int(0, 12); return [Array.from({ length: n }, rating), Array.from({ length: n }, years), int(0, 5)]; },
  safeRedirect: () => [pick([null, "/", "/mentors", "//evil.com", "/auth/login?next=/x", "https://x.y/", `/${str(8)}`, str(8), "/\\evil"])],
  pageTitle: () => [pick(["", "  ", "About Us", str(12)])],
  documentTitle: () => [pick(["/", "/about", "/mentors/:idSlug", "/nope", path()])],
  shareTitle: () => [pick(["/", "/about", "/nope", path()])],
  profileComplete: () => [pick([null, "", "  ", "Asha", str(6)]), r() < 0.5],
  requiresContactNumber: () => [r() < 0.5, r() < 0.5],
  programmeFromPath: () => [pick(["/b2b/ceo-talks", "/b2b/CEO-Talks", "/b2b/", "/b2b/nope", `/b2b/${str(6)}`, "/"])],
  checkProgramme: () => [pick(["ceo-talks", " CEO-TALKS ", "Corporate-Mentoring", "", str(10), "ÇEO-talks"])],
  checkMessage: () => [str(r() < 0.1 ? 1200 : 40)],
  checkSubject: () => [str(20)],
  checkCompany: () => [str(20)],
  messageLength: () => [str(30)],
  messageCount: () => [str(30)],
  foldText: () => [str(20)],
  searchTerms: () => [str(20)],
  matchesSearch: () => [str(30), Array.from({ length: int(0, 3) }, () => str(4))],
  safeUrl: () => [pick(["https://example.com", "http://x.y/z", "javascript:alert(1)", "HTTPS://EXAMPLE.COM", "//x", "mailto:a@b.c", str(15), `https://${str(8)}`])],
  durationLabel: () => [pick([0, 30, 45, 60, 90, 125, int(0, 600), 1.5, -5])],
  yearsLabel: () => [r() < 0.2 ? null : int(1990, 2030), r() < 0.4 ? null : int(1990, 2030)],
  // Issue 11: the mentors' side (mentoring module) and the slots (dashboards).
  checkService: () => [service()],
  checkApplication: () => [application()],
  checkProfile: () => [mentorProfile()],
  commissionSplit: () => [pick([0, 10, 99900, 100000, int(0, 1e8), 1.5, -100]), pick([0, 1, 1500, 1234, 10000, int(0, 10000), 10001, 0.5])],
  mentorCategories: () => [],
  applicationLimits: () => [],
  profileCompleteness: () => [{ hasPhoto: r() < 0.5, headline: pick(["", " ", str(20)]), bio: pick(["", "\n", str(40)]), expertise: words(), activeServices: pick([0, 1, 3, int(0, 9)]), availabilitySaved: r() < 0.5 }],
  checkAvailability: () => [availability()],
  mentorSlots: () => [availability(), slotQuery()],
};

function service() {
  return { title: str(r() < 0.1 ? 120 : 20), description: str(r() < 0.1 ? 1100 : 30), duration_minutes: pick([10, 15, 30, 60, 180, 181, int(0, 200)]), price_paise: pick([0, 100, 49950, 150000, 10000000, 10000100, -100, int(0, 200000) * 100]) };
}
const url = () => pick(["https://example.com/a", "example.com", "javascript:alert(1)", "", " ", "https://www.linkedin.com/in/a", "linkedin.com/in/b", "https://www.linkedin.com/", str(12)]);
const words = () => Array.from({ length: int(0, 4) }, () => pick([...expertiseTerms, "mental health", "CAREER", " Creative ", str(45)]));
function application() {
  return {
    name: str(r() < 0.1 ? 110 : 16), email: pick(["Asha@Example.COM", `${str(6)}@${str(5)}.com`, str(12)]), phone: pick(["+91 98765-43210", "9876543210", `+${int(0, 1e9)}`, str(12)]),
    expertise: r() < 0.05 ? Array.from({ length: 11 }, (_, i) => `Tag ${i}`) : words(), experience_years: pick([0, 5, 60, 61, -1, int(0, 70)]),
    current_role: str(r() < 0.1 ? 110 : 20), company: str(20), linkedin: url(), links: Array.from({ length: int(0, 6) }, url),
    bio: str(r() < 0.3 ? 30 : 120), services: Array.from({ length: int(0, 6) }, service),
  };
}
const year = () => pick([null, 1939, 1940, 2010, 2100, 2101, int(1900, 2120)]);
function mentorProfile() {
  return {
    name: str(16), headline: str(r() < 0.1 ? 160 : 30), bio: str(r() < 0.3 ? 30 : 120), expertise: words(), experience_years: int(-1, 61),
    education: Array.from({ length: int(0, 3) }, () => ({ degree: str(10), institution: str(10), year: year() })),
    experience: Array.from({ length: int(0, 3) }, () => ({ title: str(10), company: str(10), start_year: year(), end_year: year(), description: str(20) })),
    projects: Array.from({ length: int(0, 3) }, () => ({ title: str(10), description: str(20), url: r() < 0.3 ? null : url() })),
    social_links: Object.fromEntries(Array.from({ length: int(0, 3) }, () => [pick(["linkedin", "GitHub", "twitter", "myspace", str(5)]), url()])),
    contact: Object.fromEntries(Array.from({ length: int(0, 3) }, () => [pick(["email", "phone", "website", "fax"]), pick([url(), "a@b.co", "+91 98765 43210", str(8)])])),
  };
}
const hhmm = () => pick(["00:00", "08:30", "09:00", "12:00", "13:15", "17:00", "24:00", "9:00", "25:00", `${String(int(0, 23)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`]);
const day = () => `2026-${pick(["03", "10", "11"])}-${String(int(1, 31)).padStart(2, "0")}`;
function availability() {
  const a = {
    time_zone: pick(["Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Mars/Olympus", "europe/london"]),
    weekly: Array.from({ length: int(0, 6) }, () => ({ weekday: int(0, 7), start: hhmm(), end: hhmm() })),
    overrides: Array.from({ length: int(0, 2) }, () => ({ date: day(), ranges: Array.from({ length: int(0, 2) }, () => ({ start: hhmm(), end: hhmm() })) })),
    buffer_before_minutes: pick([0, 5, 15, 200]), buffer_after_minutes: pick([0, 10]), minimum_notice_minutes: pick([0, 60, 1440]), booking_window_days: pick([0, 30, 120, 400]),
  };
  if (r() < 0.3) a.max_sessions_per_day = pick([0, 1, 3, 97]);
  if (r() < 0.2) a.slot_interval_minutes = pick([4, 15, 30]);
  return a;
}
function slotQuery() {
  const from = `${day()}T${pick(["00:00:00Z", "05:30:00+05:30", "12:00:00-04:00"])}`;
  const to = pick([`2026-${pick(["03", "04", "11", "12"])}-${String(int(1, 28)).padStart(2, "0")}T00:00:00Z`, from]);
  const busy = Array.from({ length: int(0, 3) }, () => {
    const start = `${day()}T${String(int(0, 23)).padStart(2, "0")}:00:00Z`;
    return { start, end: start.replace(/T(\d\d)/, (_, h) => `T${String(Math.min(23, Number(h) + 1)).padStart(2, "0")}`) };
  });
  return { duration_minutes: pick([15, 30, 60, 180, 10]), now: "2026-03-01T00:00:00Z", from, to, busy };
}
const TO_WASM = {
  arrangeExplorer: (a) => [F64(a[0]), F64(a[1]), F64(a[2]), U32(a[3]), a[4], a[5], a[6]],
};

function canonical(value) {
  if (value === undefined) return "null";
  return JSON.stringify(value, (_, v) => {
    if (v instanceof Uint32Array || v instanceof Float64Array) return Array.from(v);
    if (v && typeof v === "object" && !Array.isArray(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]));
    return v;
  });
}

test("the wasm module and the native crate agree on thousands of generated inputs", () => {
  const exported = Object.keys(GENERATORS).filter((fn) => typeof wasm[fn] === "function");
  const missing = Object.keys(GENERATORS).filter((fn) => typeof wasm[fn] !== "function");
  assert.deepEqual(missing, [], "every function the differential covers is exported");
  const calls = [];
  for (const fn of exported) {
    for (let i = 0; i < (GENERATORS[fn]().length === 0 ? 3 : PER_FUNCTION); i++) calls.push({ fn, args: GENERATORS[fn]() });
  }
  const fromWasm = calls.map(({ fn, args }) => {
    try {
      return canonical({ ok: wasm[fn](...(TO_WASM[fn] ? TO_WASM[fn](args) : args)) ?? null });
    } catch (e) {
      return canonical({ err: e instanceof Error ? e.message : String(e) });
    }
  });
  const native = spawnSync(dispatchBin, [], { input: calls.map((c) => JSON.stringify(c)).join("\n"), maxBuffer: 256 * 1024 * 1024 });
  assert.equal(native.status, 0, `native dispatcher failed: ${native.stderr}`);
  const fromNative = native.stdout.toString().trimEnd().split("\n").map((line) => canonical(JSON.parse(line)));
  assert.equal(fromNative.length, calls.length);
  const differences = [];
  calls.forEach((c, i) => {
    if (fromWasm[i] !== fromNative[i]) differences.push(`${c.fn}(${JSON.stringify(c.args)}):\n  wasm   ${fromWasm[i]}\n  native ${fromNative[i]}`);
  });
  assert.deepEqual(differences.slice(0, 10), [], `${differences.length} of ${calls.length} differ`);
  assert.ok(calls.length >= 5000, `ran ${calls.length}`);
  console.log(`differential: ${calls.length} generated calls over ${exported.length} functions agree`);
});

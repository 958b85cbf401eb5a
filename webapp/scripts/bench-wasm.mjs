#!/usr/bin/env node
// `just bench-wasm` (issue 22): what each screen a learner can open
// transfers, gzipped, of WebAssembly and of JavaScript until the network is
// idle (prefetches included), each screen a first visit in a fresh browser
// context (empty cache) with the demo learner signed in. Prints a table with
// the budget beside the figures; exits 1 when a screen is over it.
//
//   BASE_URL=http://127.0.0.1:8080 node scripts/bench-wasm.mjs

import { chromium } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const LEARNER = { email: "learner@demo.mentorbridge.in", password: "Learner#2026" };
/** Issue 22: no learner screen transfers more than 80 KB of gzipped wasm. */
const WASM_BUDGET = 80 * 1024;

const browser = await chromium.launch({
  headless: true,
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});

/** The demo learner's bookings (one booked now on a fresh demo), to open their screens. */
async function learnerBookings() {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const login = await context.request.post("/api/login/", { data: LEARNER });
  if (!login.ok()) throw new Error(`signing in the demo learner: ${login.status()} ${await login.text()}`);
  const { token } = await login.json();
  const bookings = [];
  for (const when of ["upcoming", "past", "cancelled"]) {
    const list = await context.request.get(`/api/bookings/?when=${when}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!list.ok()) throw new Error(`listing the demo learner's bookings: ${list.status()}`);
    bookings.push(...(await list.json()));
  }
  if (bookings.length === 0) {
    // A fresh demo: book the first open slot of a demo mentor's first service.
    const mentor = await (await context.request.get("/api/mentors/2/")).json();
    const service = mentor.services[0];
    const slots = await (await context.request.get(`/api/mentors/2/slots/?service=${service.id}`)).json();
    const booked = await context.request.post("/api/bookings/", {
      headers: { Authorization: `Bearer ${token}` },
      data: { service_id: service.id, start: slots[0].start },
    });
    if (!booked.ok()) throw new Error(`booking as the demo learner: ${booked.status()} ${await booked.text()}`);
    bookings.push(await booked.json());
  }
  await context.close();
  return bookings;
}

/** The signed-in learner's browser storage (the app keeps its session in localStorage). */
async function signedInState() {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await page.goto("/auth/login");
  await page.getByLabel("E-mail address").fill(LEARNER.email);
  await page.getByLabel("Password", { exact: true }).fill(LEARNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Logout" }).first().waitFor({ timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Bytes on the wire (gzipped) of wasm and JavaScript that `path` loads until the network is idle. */
async function transfers(path, storageState) {
  const context = await browser.newContext({ baseURL: BASE_URL, storageState });
  const page = await context.newPage();
  const seen = [];
  page.on("requestfinished", async (request) => {
    const url = new URL(request.url());
    const kind = url.pathname.endsWith(".wasm") ? "wasm" : url.pathname.endsWith(".js") ? "js" : null;
    if (!kind) return;
    seen.push(request.sizes().then((sizes) => ({ kind, bytes: sizes.responseBodySize, url: url.pathname })));
  });
  let requests = 0;
  page.on("request", () => requests++);
  await page.goto(path, { waitUntil: "networkidle" });
  // The idle prefetch waits for the intro screen to be gone.
  await page.locator("#intro").waitFor({ state: "detached", timeout: 30_000 });
  // What an idle callback prefetches may start after that: wait for a
  // whole second without a new request.
  for (let before = -1; before !== requests; ) {
    before = requests;
    await page.waitForTimeout(1000);
    await page.waitForLoadState("networkidle");
  }
  const files = await Promise.all(seen);
  await context.close();
  const sum = (kind) => files.filter((f) => f.kind === kind).reduce((total, f) => total + f.bytes, 0);
  return { wasm: sum("wasm"), js: sum("js"), wasmFiles: files.filter((f) => f.kind === "wasm").map((f) => f.url) };
}

try {
  const bookings = await learnerBookings();
  const id = bookings[0].id;
  const state = await signedInState();
  const screens = [
    "/dashboard/user",
    "/my-bookings",
    `/my-bookings/${id}`,
    `/session-request/${id}`,
    `/session-request-pending/${id}`,
    `/session-payment-required/${id}`,
    `/session-confirmed/${id}`,
    "/booking-confirmation",
    "/confirmation",
    "/feedback",
    "/mentors/1-ananya-krishnan",
  ];
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`| Screen (signed in as the demo learner) | wasm, gzipped | JavaScript, gzipped | wasm within ${kb(WASM_BUDGET)} |`);
  console.log("| --- | --- | --- | --- |");
  let over = false;
  for (const path of screens) {
    const { wasm, js, wasmFiles } = await transfers(path, state);
    over ||= wasm > WASM_BUDGET;
    console.log(`| \`${path}\` | ${kb(wasm)} | ${kb(js)} | ${wasm <= WASM_BUDGET ? "yes" : "no"} |`);
    if (process.env.VERBOSE) console.error(`${path}: ${wasmFiles.join(", ")}`);
  }
  process.exitCode = over ? 1 : 0;
} finally {
  await browser.close();
}

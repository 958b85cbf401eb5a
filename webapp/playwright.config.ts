import { defineConfig } from "@playwright/test";

/** Debian's Chromium: Playwright's own browsers cannot be downloaded here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./e2e",
  // globalSetup builds the app, starts the real API binary on a free port and
  // exports E2E_BASE_URL; workers load this file again and inherit it.
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    // The stories run as a visitor who asked for less motion: the home
    // page's waves, the spinners and the skeletons' shimmer otherwise have
    // headless Chromium drawing frames all the time (the browser tests took
    // 365 s of both cores with motion, 292 s without). The specs about
    // motion (the home page, scrolling to a policy's section) turn it back
    // on with `test.use({ reducedMotion: "no-preference" })`, and this run
    // covers the reduced-motion styles every other story passes through.
    reducedMotion: "reduce",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
});

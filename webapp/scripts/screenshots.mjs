#!/usr/bin/env node
// Full-page PNGs of the main screens at phone and desktop widths.
//   BASE_URL=http://127.0.0.1:8080 OUT=screenshots node scripts/screenshots.mjs
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const OUT = path.resolve(process.env.OUT ?? "screenshots");
const PAGES = [
  { name: "home", path: "/" },
  { name: "mentors", path: "/mentors" },
  { name: "not-found", path: "/no-such-page" },
  ...(process.env.EXTRA_PATHS ?? "")
    .split(",")
    .filter(Boolean)
    .map((p) => ({ name: p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, ""), path: p })),
];
const WIDTHS = [375, 1280];

mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  headless: true,
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 812 : 800 },
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const { name, path: urlPath } of PAGES) {
      await page.goto(new URL(urlPath, BASE_URL).href, { waitUntil: "networkidle" });
      // The intro loading screen covers the first paint of every full page load.
      await page.locator("[data-testid=intro-loader]").waitFor({ state: "detached", timeout: 15000 }).catch(() => {});
      // Scroll through the page so lazy images load, then wait for them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 40));
        }
        await Promise.all(
          Array.from(document.images).map((img) =>
            img.complete ? null : new Promise((r) => img.addEventListener("load", r, { once: true }) || img.addEventListener("error", r, { once: true })),
          ),
        );
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(700);
      const file = path.join(OUT, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`saved ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

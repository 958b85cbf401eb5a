#!/usr/bin/env node
// The JavaScript a first visit to the home page downloads before anything
// else: the entry script of dist/index.html and every chunk it preloads
// (as tags, or added by its inline boot script once the page has painted),
// gzipped (level 9). Fails when it is over the budget (issue 5: 150 KB).
//   node scripts/bundle-size.mjs [dist]
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = 150 * 1024;
const dist = path.resolve(process.argv[2] ?? "dist");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const initial = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) initial.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) initial.add(m[1]);
for (const script of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
  if (!script[1].includes("modulepreload")) continue;
  // The boot script preloads the code of the page's first wasm module, named
  // per module (`var r={"home":[…],"learner":[…]}`): the home page's only.
  const rules = /var r=(\{.*?\});/.exec(script[1]);
  const byModule = rules ? JSON.parse(rules[1]) : {};
  const home = new Set((byModule.home ?? []).map(([, url]) => url));
  const others = new Set(Object.values(byModule).flatMap((links) => links.map(([, url]) => url).filter((url) => !home.has(url))));
  for (const m of script[1].matchAll(/"(\/assets\/[^"]+\.js)"/g)) if (!others.has(m[1])) initial.add(m[1]);
}
if (initial.size === 0) {
  console.error("bundle-size: no module script in dist/index.html");
  process.exit(1);
}
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
for (const src of initial) {
  const size = gz(path.join(dist, src.replace(/^\//, "")));
  total += size;
  console.log(`  ${kb(size).padStart(9)}  ${src}`);
}
const assets = path.join(dist, "assets");
const lazy = readdirSync(assets)
  .filter((f) => f.endsWith(".js") && ![...initial].some((s) => s.endsWith(f)))
  .map((f) => ({ f, size: gz(path.join(assets, f)) }));
const wasm = readdirSync(assets).filter((f) => f.endsWith(".wasm"));
console.log(`home page initial JavaScript: ${kb(total)} gzipped (budget ${kb(BUDGET)})`);
console.log(`loaded on demand: ${lazy.length} chunks, ${kb(lazy.reduce((a, c) => a + c.size, 0))} gzipped in all`);
for (const w of wasm) console.log(`wasm: ${w} ${kb(gz(path.join(assets, w)))} gzipped (${kb(statSync(path.join(assets, w)).size)} raw)`);
if (total > BUDGET) {
  console.error(`bundle-size: ${kb(total)} is over the ${kb(BUDGET)} budget`);
  process.exit(1);
}

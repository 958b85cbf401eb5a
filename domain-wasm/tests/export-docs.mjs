// docs/architecture.md documents every export of the wasm package with its real
// TypeScript signature (regenerate with `just wasm-docs`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { END, START, exportCount, exportsMarkdown } from "../scripts/exports.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const pkgDir = resolve(process.env.WASM_PKG ?? join(root, "target/wasm-node"));
// The home page's module, the on-demand one, the password screens' one, the dashboards' one and the mentoring one.
const dts = ["", "on-demand", "passwords", "dashboards", "mentoring"].map((m) => join(pkgDir, m, "domain.d.ts"));

test("docs/architecture.md lists every wasm export with its current signature", () => {
  const readme = readFileSync(join(root, "docs/architecture.md"), "utf8");
  const block = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
  assert.ok(exportCount(dts) >= 40, "the package exports the rule families");
  assert.equal(block, exportsMarkdown(dts), "docs/architecture.md is stale: run `just wasm-docs`");
  // Types only: the doc comments (generated from the rules' docs) may say "any".
  const types = dts.map((file) => readFileSync(file, "utf8")).join("\n").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  assert.doesNotMatch(types, /\bany\b/, "the typings have no `any`");
});

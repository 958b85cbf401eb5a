// Writes docs/architecture.md's list of the wasm package's exports, grouped by rule
// module (the src/<rule>.rs files and their JavaScript adapters, src/js/<rule>.rs,
// with `#[export]` functions), from the generated domain.d.ts, so the
// documentation is the real signatures.
// `just wasm-docs` rewrites that block; tests/export-docs.mjs fails while the block is stale.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const START = "<!-- wasm-exports:start -->";
export const END = "<!-- wasm-exports:end -->";

/** The rule modules with `#[export]`ed functions (in the rule's file or its adapters' in `src/js/`), each with its title (first `//!` line). */
function families() {
  const dir = join(here, "../src");
  const adapters = new Set(readdirSync(join(dir, "js")));
  // A rule is a file (`src/<rule>.rs`) or a folder (`src/<rule>/mod.rs`
  // and its files, such as `src/forms/`).
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "js" && readdirSync(join(dir, d.name)).includes("mod.rs"))
    .map((d) => `${d.name}/mod.rs`);
  return [...readdirSync(dir).filter((f) => f.endsWith(".rs")), ...folders]
    .sort()
    .map((file) => {
      const src = readFileSync(join(dir, file), "utf8");
      const js = adapters.has(file) ? readFileSync(join(dir, "js", file), "utf8") : "";
      const parts = file.endsWith("/mod.rs")
        ? readdirSync(join(dir, dirname(file)))
            .filter((f) => f.endsWith(".rs") && f !== "mod.rs")
            .sort()
            .map((f) => `${dirname(file)}/${f}`)
        : [];
      const partExports = parts.map((f) => [f, exportsOf(readFileSync(join(dir, f), "utf8"))]);
      const names = [...exportsOf(src), ...partExports.flatMap(([, e]) => e), ...exportsOf(js)];
      // The module doc's first sentence.
      const doc = [...src.matchAll(/^\/\/!(.*)$/gm)].map((m) => m[1].trim());
      const paragraph = doc.slice(0, (doc.indexOf("") + 1 || doc.length + 1) - 1).join(" ");
      const title = (/^(.*?[.:])(?:\s|$)/.exec(paragraph)?.[1] ?? paragraph).replace(/[.:]$/, "") || file;
      const files = [
        exportsOf(src).length > 0 && `src/${file}`,
        ...partExports.filter(([, e]) => e.length > 0).map(([f]) => `src/${f}`),
        exportsOf(js).length > 0 && `src/js/${file}`,
      ].filter(Boolean);
      return { files, title, names };
    })
    .filter((f) => f.names.length > 0);
}

/** The `#[export]`ed functions of a source file, in order. */
function exportsOf(src) {
  // `#[export]`, `#[crate::export]` or `#[crate::export(js_name = "…")]` above `pub fn`.
  return [...src.matchAll(/#\[(?:crate::)?export(?:\(([^\n]*)\))?\]\s*pub (?:const )?fn (\w+)/g)].map(
    ([, attrs, fn]) => ({
      name: /js_name = "(\w+)"/.exec(attrs ?? "")?.[1] ?? camel(fn),
      module: /\bon_demand\b/.test(attrs ?? "")
        ? "onDemand"
        : /\bpasswords\b/.test(attrs ?? "")
          ? "passwords"
          : /\bdashboards\b/.test(attrs ?? "")
            ? "dashboards"
            : /\bmentoring\b/.test(attrs ?? "")
              ? "mentoring"
              : "home",
      // Repeated in the learner's module (issue 22).
      learner: /\blearner\b/.test(attrs ?? ""),
    }),
  );
}

const camel = (snake) => snake.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** Where a module's exports are marked in the table (the home page's: unmarked). */
const MARK = { home: "", onDemand: " *(on demand)*", passwords: " *(password screens)*", dashboards: " *(dashboards)*", mentoring: " *(mentoring)*" };

/** `dtsPaths`: the typings of the home page's module, then of the on-demand, passwords, dashboards and mentoring ones. */
export function exportsMarkdown(dtsPaths) {
  const dts = [dtsPaths].flat().map((p) => readFileSync(p, "utf8")).join("\n");
  const dtsLines = dts.split("\n");
  const lines = [];
  let listed = 0;
  for (const { files, title, names } of families()) {
    listed += names.length;
    lines.push(`#### ${title} (${files.map((f) => `\`${f}\``).join(", ")})`, "", "| Export | What it answers |", "| --- | --- |");
    for (const { name, module, learner } of names) {
      const at = dtsLines.findIndex((l) => l.startsWith(`export function ${name}(`));
      if (at < 0) throw new Error(`${name} is not in ${dtsPaths}`);
      const sig = dtsLines[at].replace(/^export function /, "").replace(/;$/, "");
      const cell = (text) => text.replaceAll("|", "\\|");
      lines.push(`| \`${cell(sig)}\`${MARK[module]}${learner ? " *(learner)*" : ""} | ${cell(docAbove(dtsLines, at))} |`);
    }
    lines.push("");
  }
  if (listed !== exportCount(dtsPaths)) {
    throw new Error(`listed ${listed} of ${exportCount(dtsPaths)} exports: an export is not annotated \`#[export]\` in src/*.rs or src/js/*.rs`);
  }
  const types = [...new Set([...dts.matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => `\`${m[1]}\``))];
  lines.push(`Types: ${types.join(", ")} (see \`domain.d.ts\`).`);
  return `${START}\n${lines.join("\n")}\n${END}`;
}

/** The JSDoc block that ends on the line just above `at`, as one line. */
function docAbove(dtsLines, at) {
  if (!dtsLines[at - 1]?.trim().endsWith("*/")) return "";
  let start = at - 1;
  while (start > 0 && !dtsLines[start].trim().startsWith("/**")) start--;
  return dtsLines
    .slice(start, at)
    .map((l) => l.trim().replace(/^\/\*\*\s?/, "").replace(/\s?\*\/$/, "").replace(/^\*\s?/, ""))
    .filter(Boolean)
    .join(" ");
}

export function exportCount(dtsPaths) {
  return [dtsPaths]
    .flat()
    .reduce((n, p) => n + [...readFileSync(p, "utf8").matchAll(/^export function /gm)].length, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [readme, ...dts] = process.argv.slice(2);
  const { writeFileSync } = await import("node:fs");
  const text = readFileSync(readme, "utf8");
  const block = exportsMarkdown(dts);
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < 0) throw new Error(`${readme} has no ${START} … ${END} block`);
  writeFileSync(readme, text.slice(0, a) + block + text.slice(b + END.length));
  console.log(`wrote ${exportCount(dts)} exports into ${readme}`);
}

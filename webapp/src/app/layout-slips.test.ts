/**
 * Issue 21's layout slips, held where jsdom cannot lay pages out: the
 * stylesheet rules that fix them must stay. (Seen in screenshots at 375
 * and 1280 px: a dialog's long button label overflowed, the explorer's
 * heading broke one word a line beside its hidden-but-shown button, the
 * scroll-to-top button covered the sticky Save button on phones.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = (file: string) => readFileSync(path.resolve(process.cwd(), "src", file), "utf8").replace(/\s+/g, " ");

describe("layout rules that hold issue 21's fixes", () => {
  it("a dialog's buttons wrap their labels inside the dialog", () => {
    expect(css("components/dialog.css")).toContain(".dialog__actions > * { min-width: 0; max-width: 100%; white-space: normal; overflow-wrap: anywhere; }");
  });

  it("the explorer's heading keeps its line on phones: the head wraps and the top button stays hidden, whatever order the stylesheets load in", () => {
    const explorer = css("features/mentors/explorer.css");
    expect(explorer).toMatch(/\.explorer__head \{ display: flex; flex-wrap: wrap;/);
    expect(explorer).toContain(".explorer__head > div { flex: 1 1 18rem; min-width: 0; }");
    expect(explorer).toContain(".explorer__head .explorer__all--top { display: none;");
  });

  it("the sticky save bar keeps the scroll-to-top button's corner free on phones", () => {
    const layout = css("app/layout.css");
    expect(layout).toMatch(/\.scroll-top \{ position: fixed; right: var\(--space-5\); bottom: var\(--space-5\);[^}]*width: 46px;/);
    expect(css("features/mentor-dashboard/dashboard.css")).toContain(
      "@media (max-width: 639px) { .md-savebar { padding-right: calc(46px + var(--space-5) + var(--space-2)); } }",
    );
  });
});

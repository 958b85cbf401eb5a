import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import { createElement } from "react";
import { FullScreenSpinner } from "./FullScreenSpinner";
import { introProgress, introStage, introStages, introTimings } from "../../lib/domain";
import { introCovering, pageLoaded, runIntro } from "./intro";

const { hideMs: INTRO_HIDE_MS, minMs: INTRO_MIN_MS, waitAt: INTRO_WAIT_AT } = introTimings();
const INTRO_STAGES = introStages();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The intro screen exactly as index.html sends it. */
function introFromHtml(): HTMLElement {
  const html = readFileSync(path.resolve(process.cwd(), "index.html"), "utf8");
  const start = html.indexOf("<!--intro-->");
  const end = html.indexOf("<!--/intro-->");
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  const holder = document.createElement("div");
  holder.innerHTML = html.slice(start, end);
  const intro = holder.querySelector<HTMLElement>("#intro");
  if (!intro) throw new Error("index.html's intro block has no #intro");
  document.body.append(intro);
  return intro;
}

afterEach(() => {
  document.getElementById("intro")?.remove();
});

const bar = () => screen.getByRole("progressbar");
const progress = () => Number(bar().getAttribute("aria-valuenow"));
const stage = () => screen.getByTestId("intro-stage").textContent;

describe("the intro loader's rules", () => {
  it("has the spec's five stage texts, in order", () => {
    expect(INTRO_STAGES.map((s) => s.text)).toEqual(["Initializing", "Loading resources", "Preparing UI components", "Almost there", "Ready to launch"]);
    expect(introStage(0)).toBe("Initializing");
    expect(introStage(30)).toBe("Loading resources");
    expect(introStage(50)).toBe("Preparing UI components");
    expect(introStage(99)).toBe("Almost there");
    expect(introStage(100)).toBe("Ready to launch");
  });

  it("reaches 100 at 2000 ms at the earliest, and only once the page is ready", () => {
    expect(INTRO_MIN_MS).toBe(2000);
    expect(introProgress(0, true)).toBe(0);
    expect(introProgress(1999, true)).toBeLessThan(100);
    expect(introProgress(2000, true)).toBe(100);
    expect(introProgress(2000, false)).toBe(INTRO_WAIT_AT);
    expect(introProgress(10_000, false)).toBe(INTRO_WAIT_AT);
  });

  it("rises steadily", () => {
    let last = -1;
    for (let t = 0; t <= 2000; t += 50) {
      const p = introProgress(t, true);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it("waits for images that are loading, not for lazy ones out of view", () => {
    const doc = document.implementation.createHTMLDocument("t");
    Object.defineProperty(doc, "readyState", { value: "complete" });
    expect(pageLoaded(doc)).toBe(true);
    const img = doc.createElement("img");
    Object.defineProperty(img, "complete", { value: false });
    doc.body.append(img);
    expect(pageLoaded(doc)).toBe(false);
    img.loading = "lazy";
    expect(pageLoaded(doc, () => true)).toBe(false);
    expect(pageLoaded(doc, () => false)).toBe(true);
  });
});

describe("the intro loading screen", () => {
  it("comes with the HTML at 0 %, Initializing, labelled, and never focusable", () => {
    const intro = introFromHtml();
    expect(intro.dataset.testid).toBe("intro-loader");
    expect(progress()).toBe(0);
    expect(stage()).toBe("Initializing");
    expect(bar().getAttribute("aria-label")).toBe("Loading MentorBridge");
    expect(bar().getAttribute("aria-valuemin")).toBe("0");
    expect(bar().getAttribute("aria-valuemax")).toBe("100");
    expect(intro.querySelector("a, button, input, [tabindex]")).toBeNull();
  });

  it("passes through the stage texts, holds at least 2000 ms, then hides 300 ms after 100 %", () => {
    const intro = introFromHtml();
    runIntro(intro, { isPageLoaded: () => true });
    expect(introCovering()).toBe(true);
    expect(intro.className).toContain("is-live");
    expect(stage()).toBe("Initializing");

    const seen = new Set<string>();
    for (let t = 0; t < 1950; t += 50) {
      vi.advanceTimersByTime(50);
      seen.add(stage() ?? "");
      expect(progress()).toBeLessThan(100);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["Loading resources", "Preparing UI components", "Almost there"]));

    vi.advanceTimersByTime(50); // 2000 ms
    expect(progress()).toBe(100);
    expect(stage()).toBe("Ready to launch");
    expect(bar().getAttribute("aria-valuetext")).toBe("Ready to launch: 100%");
    expect(intro.querySelector(".intro-loader__percent")?.textContent).toBe("100%");
    expect(intro.className).toContain("is-leaving");
    expect(introCovering()).toBe(false);

    vi.advanceTimersByTime(INTRO_HIDE_MS - 1);
    expect(screen.queryByTestId("intro-loader")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(screen.queryByTestId("intro-loader")).toBeNull();
  });

  it("counts from when the HTML painted it, not from when the app started", () => {
    const intro = introFromHtml();
    // The app started 1500 ms after the screen appeared.
    runIntro(intro, { shownAt: Date.now() - 1500, isPageLoaded: () => true });
    expect(progress()).toBe(introProgress(1500, true));
    vi.advanceTimersByTime(500);
    expect(progress()).toBe(100);
    vi.advanceTimersByTime(INTRO_HIDE_MS);
    expect(screen.queryByTestId("intro-loader")).toBeNull();
  });

  it("waits at 95 % while the page is still loading, then completes", () => {
    let ready = false;
    runIntro(introFromHtml(), { isPageLoaded: () => ready });
    vi.advanceTimersByTime(3000);
    expect(progress()).toBe(INTRO_WAIT_AT);
    expect(stage()).toBe("Almost there");
    ready = true;
    vi.advanceTimersByTime(50);
    expect(progress()).toBe(100);
    vi.advanceTimersByTime(INTRO_HIDE_MS);
    expect(screen.queryByTestId("intro-loader")).toBeNull();
  });

  it("gives up waiting on a stalled image after 6 s", () => {
    runIntro(introFromHtml(), { isPageLoaded: () => false });
    vi.advanceTimersByTime(6000);
    vi.advanceTimersByTime(INTRO_HIDE_MS + 50);
    expect(screen.queryByTestId("intro-loader")).toBeNull();
  });

  it("never takes focus", () => {
    const button = document.createElement("button");
    document.body.append(button);
    button.focus();
    runIntro(introFromHtml(), { isPageLoaded: () => true });
    vi.advanceTimersByTime(1000);
    expect(document.activeElement).toBe(button);
    button.remove();
  });
});

describe("the full-screen spinner", () => {
  it('says "Loading..." as a status', () => {
    render(createElement(FullScreenSpinner));
    expect(screen.getByRole("status").textContent).toBe("Loading...");
  });
});

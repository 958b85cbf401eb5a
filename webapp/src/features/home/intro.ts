import { introProgress, introStage, introTimings } from "../../lib/domain";

/**
 * The intro loading screen (SPEC §2 "Layout", §9). Its markup and styles
 * come with the HTML (`index.html`, between `<!--intro-->` and
 * `<!--/intro-->`), so it is painted before any script runs; the server
 * leaves it out after the first page of a browser session (api/src/web.rs).
 * When the app starts, `runIntro` takes the screen over: the progress rises
 * to 100 with the stage texts over at least 2000 ms from when the screen
 * appeared, reaching 100 only once the page and its images have loaded;
 * 300 ms later (the fade) the screen is gone. It never takes focus. Its
 * timings, stage texts and progress are the crate's.
 */

const TICK_MS = 50;

export interface RunIntroOptions {
  /** When the screen appeared (`Date.now()`), recorded by the HTML's own script; defaults to now. */
  shownAt?: number;
  /** Whether the page and its images are loaded (tests pass their own). */
  isPageLoaded?: () => boolean;
}

/**
 * Takes over the intro screen `screen` (the HTML's `#intro`): moves its
 * progress bar, percent and stage text, and removes it when done. Returns a
 * function that stops it and removes the screen at once.
 */
export function runIntro(screen: HTMLElement, { shownAt = Date.now(), isPageLoaded = pageLoaded }: RunIntroOptions = {}): () => void {
  const { hideMs, maxMs } = introTimings();
  const track = screen.querySelector<HTMLElement>("[role=progressbar]");
  const bar = screen.querySelector<HTMLElement>(".intro-loader__bar");
  const percent = screen.querySelector<HTMLElement>(".intro-loader__percent");
  const stageText = screen.querySelector<HTMLElement>("[data-testid=intro-stage]");
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let shown = -1;
  screen.classList.add("is-live");
  setIntroCovering(true);

  const show = (progress: number) => {
    if (progress === shown) return;
    shown = progress;
    const stage = introStage(progress);
    track?.setAttribute("aria-valuenow", String(progress));
    track?.setAttribute("aria-valuetext", `${stage}: ${progress}%`);
    if (bar) bar.style.transform = `scaleX(${progress / 100})`;
    if (percent) percent.textContent = `${progress}%`;
    if (stageText && stageText.textContent !== stage) stageText.textContent = stage;
  };
  const tick = () => {
    const elapsed = Math.max(0, Date.now() - shownAt);
    const progress = introProgress(elapsed, elapsed >= maxMs || isPageLoaded());
    show(progress);
    if (progress < 100) return;
    clearInterval(timer);
    // What waits for the page to be seen (the count-up) waits for the fade.
    setIntroCovering(false);
    screen.classList.add("is-leaving");
    hideTimer = setTimeout(() => screen.remove(), hideMs);
  };
  const timer = setInterval(tick, TICK_MS);
  tick();
  return () => {
    clearInterval(timer);
    clearTimeout(hideTimer);
    setIntroCovering(false);
    screen.remove();
  };
}

/**
 * Whether the document has loaded and every image that is loading is done.
 * Lazy images outside the viewport have not started and are not waited for.
 */
export function pageLoaded(doc: Document = document): boolean {
  if (doc.readyState !== "complete") return false;
  const viewportHeight = doc.defaultView?.innerHeight ?? 0;
  return Array.from(doc.querySelectorAll("img")).every((img) => {
    if (img.complete) return true;
    if (img.loading !== "lazy") return false;
    const box = img.getBoundingClientRect();
    const inView = box.bottom > 0 && box.top < viewportHeight;
    return !inView;
  });
}

/* ---------- Whether the intro is covering the page ---------- */

let covering = false;
const coverListeners = new Set<() => void>();

/** Set by the intro loader: true while it covers the page, false once it starts to fade. */
export function setIntroCovering(value: boolean): void {
  if (covering === value) return;
  covering = value;
  for (const listener of coverListeners) listener();
}

/** Whether the intro loader is covering the page right now. */
export function introCovering(): boolean {
  return covering;
}

export function subscribeIntroCovering(listener: () => void): () => void {
  coverListeners.add(listener);
  return () => coverListeners.delete(listener);
}

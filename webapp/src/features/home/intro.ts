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
export function runIntro(screen: HTMLElement, { shownAt = Date.now(), isPageLoaded }: RunIntroOptions = {}): () => void {
  const { hideMs, maxMs } = introTimings();
  const lazyImages = isPageLoaded ? undefined : lazyImagesInView();
  const loaded = isPageLoaded ?? (() => pageLoaded(document, lazyImages?.inView));
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
    const progress = introProgress(elapsed, elapsed >= maxMs || loaded());
    show(progress);
    if (progress < 100) return;
    clearInterval(timer);
    lazyImages?.stop();
    // What waits for the page to be seen (the count-up) waits for the fade.
    setIntroCovering(false);
    screen.classList.add("is-leaving");
    hideTimer = setTimeout(() => screen.remove(), hideMs);
  };
  const timer = setInterval(tick, TICK_MS);
  tick();
  return () => {
    clearInterval(timer);
    lazyImages?.stop();
    clearTimeout(hideTimer);
    setIntroCovering(false);
    screen.remove();
  };
}

/**
 * Whether the document has loaded and every image that is loading is done.
 * Lazy images outside the viewport (`inView` says which are in it) have not
 * started and are not waited for.
 */
export function pageLoaded(doc: Document = document, inView: (img: HTMLImageElement) => boolean = () => false): boolean {
  if (doc.readyState !== "complete") return false;
  return Array.from(doc.querySelectorAll("img")).every((img) => img.complete || (img.loading === "lazy" && !inView(img)));
}

/**
 * Which lazy images are in the viewport, as an IntersectionObserver reports
 * it: measuring them on every tick would force the browser to lay out the
 * whole page each time (hundreds of milliseconds on a slow phone while the
 * app renders underneath). An image not reported yet counts as in view.
 */
function lazyImagesInView(): { inView: (img: HTMLImageElement) => boolean; stop: () => void } | undefined {
  if (typeof IntersectionObserver !== "function") return undefined;
  const seen = new WeakMap<Element, boolean>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) seen.set(entry.target, entry.isIntersecting);
  });
  return {
    inView(img) {
      const known = seen.get(img);
      if (known !== undefined) return known;
      seen.set(img, true);
      observer.observe(img);
      return true;
    },
    stop: () => observer.disconnect(),
  };
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

/**
 * The intro loading screen's timing and texts (SPEC §2 "Layout", §9): the
 * progress rises to 100 over at least 2000 ms, passing through five stage
 * texts; it only reaches 100 once the page has loaded and its images are
 * complete; then the screen hides after 300 ms.
 */

/** The shortest time the intro shows (SPEC §9). */
export const INTRO_MIN_MS = 2000;
/** From 100 % to gone: the fade-out (SPEC §2). */
export const INTRO_HIDE_MS = 300;
/**
 * After this long the page counts as loaded even if an image is still
 * pending, so a stalled request never keeps the visitor out.
 */
export const INTRO_MAX_MS = 6000;
/** Where the progress waits while the page is still loading. */
export const INTRO_WAIT_AT = 95;

export const INTRO_STAGES: readonly { from: number; text: string }[] = [
  { from: 0, text: "Initializing" },
  { from: 20, text: "Loading resources" },
  { from: 45, text: "Preparing UI components" },
  { from: 75, text: "Almost there" },
  { from: 100, text: "Ready to launch" },
];

/** The stage text for a progress value (0..100). */
export function introStage(progress: number): string {
  let text = INTRO_STAGES[0]?.text ?? "";
  for (const stage of INTRO_STAGES) if (progress >= stage.from) text = stage.text;
  return text;
}

/**
 * The progress (whole percent) `elapsedMs` after the intro appeared: eased
 * towards 100 at `INTRO_MIN_MS`, held at 95 while the page is not ready.
 */
export function introProgress(elapsedMs: number, pageReady: boolean): number {
  const t = Math.min(1, Math.max(0, elapsedMs / INTRO_MIN_MS));
  const eased = 1 - (1 - t) ** 2;
  const progress = t >= 1 ? 100 : Math.min(99, Math.floor(eased * 100));
  return pageReady ? progress : Math.min(progress, INTRO_WAIT_AT);
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

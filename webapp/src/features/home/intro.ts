/**
 * The intro loading screen's page side (SPEC §2 "Layout", §9): whether the
 * page has loaded, and whether the screen still covers it. Its timings,
 * stage texts and progress are the crate's (`introTimings`, `introStages`,
 * `introStage`, `introProgress` in `lib/domain`).
 */

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

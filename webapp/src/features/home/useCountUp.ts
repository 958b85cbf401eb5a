import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { introCovering, subscribeIntroCovering } from "./intro";
import { countUpFraction, countUpMs } from "../../lib/domain";

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Whether the element has been scrolled into view (at least `threshold` of
 * it visible). Stays true once seen. Without IntersectionObserver it is
 * true at once.
 */
export function useSeenOnce<T extends Element>(threshold = 0.35): { ref: RefObject<T | null>; seen: boolean } {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, threshold]);
  return { ref, seen };
}

/** Whether the intro loading screen is still covering the page. */
export function useIntroCovering(): boolean {
  return useSyncExternalStore(subscribeIntroCovering, introCovering, () => false);
}

/**
 * The count-up's eased progress (0..1) over `durationMs`, driven by
 * requestAnimationFrame once `running` turns true. With reduced motion the
 * answer is 1 from the start: the final values, no animation.
 */
export function useCountUpFraction(running: boolean, durationMs: number = countUpMs()): number {
  const [reduced] = useState(prefersReducedMotion);
  const [fraction, setFraction] = useState(reduced ? 1 : 0);
  useEffect(() => {
    if (!running || reduced) return;
    let frame = 0;
    let start: number | undefined;
    const tick = (now: number) => {
      start ??= now;
      const next = countUpFraction(now - start, durationMs);
      setFraction(next);
      if (next < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, reduced, durationMs]);
  return fraction;
}

/**
 * In-page links to a section (the policies' contents, the about page's
 * 60-second intro): scroll smoothly to the section, or instantly when the
 * visitor prefers reduced motion, move keyboard focus to its heading so
 * reading continues there, and put the section in the address bar.
 */
import { useEffect, type MouseEvent } from "react";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls to a section and focuses its heading. Returns whether the section exists. */
export function goToSection(id: string, smooth: boolean): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: smooth && !prefersReducedMotion() ? "smooth" : "auto", block: "start" });
  section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  return true;
}

/** The click handler of a `#id` link; leaves modified clicks (new tab, …) to the browser. */
export function onSectionLinkClick(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  event.preventDefault();
  if (goToSection(id, true)) {
    // Keep the router's history entry; only the fragment changes.
    window.history.replaceState(window.history.state, "", `#${id}`);
  }
}

/** Arriving with `#section` (a shared link): land on that section once the page has rendered. */
export function useLandOnHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.replace(/^#/, ""));
    if (!id) return;
    const frame = requestAnimationFrame(() => goToSection(id, false));
    return () => cancelAnimationFrame(frame);
  }, []);
}

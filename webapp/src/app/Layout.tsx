import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { Outlet, useLocation } from "react-router";
import { SessionEffects, ZoneNotice } from "../features/auth";
import { matchRoute } from "../lib/domain";
import { drawnPattern, releaseFirstScreen } from "../lib/first-screen";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { useScrolledPast, useScrollProgress } from "./scroll";
import "./layout.css";

/** Screens shown without header and footer (SPEC §2 "Layout"). */
const BARE_PATTERNS = new Set(["/complete-profile"]);
/** Screens whose hero sits under a see-through header until scrolled. */
const HERO_PATTERNS = new Set(["/", "/how-it-work"]);

const SCROLL_TOP_AFTER_PX = 300;

function ScrollProgressBar() {
  const ref = useScrollProgress<HTMLDivElement>();
  return <div ref={ref} className="scroll-progress" aria-hidden="true" />;
}

function ScrollTopButton() {
  const visible = useScrolledPast(() => SCROLL_TOP_AFTER_PX);
  return (
    <button
      type="button"
      className={`scroll-top${visible ? " is-visible" : ""}`}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
    >
      <span className="sr-only">Back to top</span>
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M5 12l5-5 5 5" />
      </svg>
    </button>
  );
}

/** Scrolls to the top and moves focus to the page on every route change. */
function useRouteChangeReset(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    if (first.current) {
      first.current = false;
      return;
    }
    // Screen readers start reading the new page instead of staying on the old link.
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

export function Layout() {
  const { pathname } = useLocation();
  const pattern = matchRoute(pathname)?.pattern;
  const bare = pattern !== undefined && BARE_PATTERNS.has(pattern);
  const hero = pattern !== undefined && HERO_PATTERNS.has(pattern);
  const solid = useScrolledPast((vh) => (hero ? vh - 100 : 50));
  const mainRef = useRef<HTMLElement>(null);
  useRouteChangeReset(mainRef);
  // The server's first screen, if it drew another screen than this one
  // (which would release it when ready), gives way at once.
  useLayoutEffect(() => {
    const drawn = drawnPattern();
    if (drawn !== undefined && drawn !== pattern) releaseFirstScreen();
  }, [pattern]);

  return (
    <div className={`app-shell${hero ? " app-shell--hero" : ""}${bare ? " app-shell--bare" : ""}`}>
      <SessionEffects />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {bare ? null : <ScrollProgressBar />}
      {bare ? null : <Header overlay={hero && !solid} />}
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      {bare ? null : <ZoneNotice />}
      {bare ? null : <Footer />}
      {bare ? null : <ScrollTopButton />}
    </div>
  );
}

import { useEffect, useState } from "react";
import { introProgress, introStage, introTimings, siteName } from "../../lib/domain";
import { pageLoaded, setIntroCovering } from "./intro";
import "./intro.css";

const { hideMs: INTRO_HIDE_MS, maxMs: INTRO_MAX_MS } = introTimings();

const TICK_MS = 50;

export interface IntroLoaderProps {
  /** Whether the page and its images are loaded (tests pass their own). */
  isPageLoaded?: () => boolean;
}

/**
 * The intro loading screen (SPEC §2 "Layout"): shown once per page load,
 * over the app, which renders underneath. The progress rises to 100 with
 * the stage texts over at least 2000 ms, reaching 100 only once the page
 * and its images have loaded; 300 ms later (the fade) the screen is gone.
 *
 * It never takes focus; with reduced motion nothing slides or fades.
 */
export function IntroLoader({ isPageLoaded = pageLoaded }: IntroLoaderProps) {
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<"loading" | "leaving" | "gone">("loading");

  // What waits for the page to be seen (the count-up) waits for the fade.
  useEffect(() => {
    setIntroCovering(phase === "loading");
    return () => setIntroCovering(false);
  }, [phase]);

  useEffect(() => {
    const start = Date.now();
    const tick = () => {
      const elapsed = Date.now() - start;
      const next = introProgress(elapsed, elapsed >= INTRO_MAX_MS || isPageLoaded());
      setProgress(next);
      if (next >= 100) {
        clearInterval(timer);
        setPhase("leaving");
      }
    };
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [isPageLoaded]);

  useEffect(() => {
    if (phase !== "leaving") return;
    const timer = setTimeout(() => setPhase("gone"), INTRO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "gone") return null;
  const stage = introStage(progress);
  return (
    <div className={`intro-loader${phase === "leaving" ? " is-leaving" : ""}`} data-testid="intro-loader">
      <div className="intro-loader__card">
        <div className="intro-loader__brand" aria-hidden="true">
          <svg className="intro-loader__mark" viewBox="0 0 32 32" width="44" height="44" focusable="false">
            <defs>
              <linearGradient id="intro-logo-g" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#6d28d9" />
                <stop offset="1" stopColor="#4338ca" />
              </linearGradient>
            </defs>
            <rect width="32" height="32" rx="9" fill="url(#intro-logo-g)" />
            <path className="intro-loader__arc" d="M7 21.5c3-6.5 6-9.5 9-9.5s6 3 9 9.5" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
            <circle className="intro-loader__sun" cx="16" cy="9.5" r="2.6" fill="#fbbf24" />
          </svg>
          <span className="intro-loader__name">{siteName()}</span>
        </div>
        <div
          className="intro-loader__track"
          role="progressbar"
          aria-label={`Loading ${siteName()}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${stage}: ${progress}%`}
        >
          <span className="intro-loader__bar" style={{ transform: `scaleX(${progress / 100})` }} />
        </div>
        <p className="intro-loader__status" aria-hidden="true">
          <span data-testid="intro-stage">{stage}</span>
          <span className="intro-loader__percent">{progress}%</span>
        </p>
      </div>
    </div>
  );
}

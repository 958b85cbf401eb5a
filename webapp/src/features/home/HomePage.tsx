import { lazy, Suspense, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { documentTitle, formatRating, loadOnDemand } from "../../lib/domain";
import { useFirstScreenDone } from "../../lib/first-screen";
import { AboutBlock } from "./AboutBlock";
import { HeroStats } from "./HeroStats";
import { STATS_SECTION_ID, StatsBand } from "./StatsBand";
import { prefersReducedMotion } from "./useCountUp";
import { useSiteStats } from "./useSiteStats";
import "./hero.css";

/**
 * Everything after the explorer: its own chunk, requested as soon as the
 * page renders, shown once the crate's on-demand rules it calls (the top
 * mentors, the FAQ) are there too.
 */
const HomeBelowFold = lazy(() => Promise.all([import("./HomeBelowFold"), loadOnDemand()]).then(([chunk]) => chunk));

const TOPICS = ["Product", "Data & AI", "Design", "Career Growth", "Startup"];

/** The listing searched for a hero topic: `/mentors?search=Design`. */
export function topicPath(topic: string): string {
  return `/mentors?${new URLSearchParams({ search: topic }).toString()}`;
}

function ArrowRight() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d="M4 10h12M11 5l5 5-5 5" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path fill="currentColor" d="M8.2 6.8v6.4l5-3.2z" />
    </svg>
  );
}

/**
 * A decorative preview of a booked session, drawn with markup only. The
 * rating chip shows the real average rating, and only once it is known.
 */
function SessionPreview({ averageRating }: { averageRating: number | null }) {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="session-card">
        <div className="session-card__top">
          <span className="session-card__avatar">AR</span>
          <div>
            <p className="session-card__label">Upcoming session</p>
            <p className="session-card__title">Career strategy session</p>
          </div>
          <span className="chip chip--success">Confirmed</span>
        </div>
        <div className="session-card__slots">
          <span className="slot">Mon · 10:00</span>
          <span className="slot slot--active">Tue · 18:30</span>
          <span className="slot">Thu · 20:00</span>
        </div>
        <div className="session-card__row">
          <span className="session-card__icon">
            <svg viewBox="0 0 20 20" width="18" height="18">
              <rect x="2.5" y="5" width="10" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M12.5 9l5-3v8l-5-3z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
            </svg>
          </span>
          Video link sent to your inbox
        </div>
        <div className="session-card__row">
          <span className="session-card__icon">
            <svg viewBox="0 0 20 20" width="18" height="18">
              <rect x="2.5" y="4.5" width="15" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M2.5 8h15" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </span>
          Paid securely with UPI
        </div>
      </div>
      {averageRating !== null ? (
        <div className="floating-chip floating-chip--rating">
          <svg viewBox="0 0 20 20" width="16" height="16">
            <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
          </svg>
          {formatRating(averageRating)} average rating
        </div>
      ) : null}
      <div className="floating-chip floating-chip--free">Free trial sessions</div>
    </div>
  );
}

function ScrollDownIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M12 5v14M6 13l6 6 6-6" />
    </svg>
  );
}

/** The hero's bottom edge: two layered waves, drawn only on screens at least 768 px wide (CSS). */
function HeroWave() {
  return (
    <div className="hero__wave" aria-hidden="true">
      <svg className="hero__wave-back" viewBox="0 0 2880 120" preserveAspectRatio="none" focusable="false">
        <path d="M0 64c240 38 480 38 720 0s480-38 720 0 480 38 720 0 480-38 720 0v56H0z" />
      </svg>
      <svg className="hero__wave-front" viewBox="0 0 2880 120" preserveAspectRatio="none" focusable="false">
        <path d="M0 84c240-30 480-30 720 0s480 30 720 0 480-30 720 0 480 30 720 0v36H0z" />
      </svg>
    </div>
  );
}

export interface HomePageProps {
  /**
   * The mentor category explorer (SPEC §2 item 4). The app composes it in:
   * it belongs to the mentors feature.
   */
  explorer?: ReactNode;
}

/**
 * The home page (SPEC §2 "Home page, in order"): hero, figures, about,
 * explorer, testimonials, mentor recruitment, how it works, business
 * programmes, top mentors and the FAQ.
 */
export function HomePage({ explorer }: HomePageProps) {
  const stats = useSiteStats();
  const { pathname } = useLocation();
  // The hero the server drew gives way to this one.
  useFirstScreenDone();
  const averageRating = stats.status === "ready" && stats.stats.rated_mentors > 0 ? (stats.stats.average_rating ?? null) : null;

  const scrollDown = () => {
    document.getElementById(STATS_SECTION_ID)?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  };

  return (
    <>
      <title>{documentTitle(pathname === "/how-it-work" ? "/how-it-work" : "/")}</title>
      <section className="hero" aria-labelledby="hero-title" data-testid="home-hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">
              <span className="hero__dot" aria-hidden="true" />
              One-on-one video sessions<span className="hero__eyebrow-more"> · free trials available</span>
            </p>
            <h1 id="hero-title" className="hero__title">
              Accelerate your career with <span className="hero__highlight">expert mentorship</span>
            </h1>
            <p className="hero__lead">
              Learn from people who have already done it. Book a one-on-one session with an experienced professional
              and leave with a plan you can act on this week.
            </p>
            <div className="button-row">
              <Link className="btn btn--accent btn--lg" to="/mentors">
                Find Your Mentor
                <ArrowRight />
              </Link>
              <Link className="btn btn--on-dark btn--lg" to="/about">
                <PlayIcon />
                Watch 60s intro
              </Link>
            </div>
            <ul className="topic-pills" aria-label="Popular topics">
              {TOPICS.map((topic) => (
                <li key={topic}>
                  <Link className="topic-pill" to={topicPath(topic)}>
                    {topic}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <SessionPreview averageRating={averageRating} />
        </div>
        <div className="container hero__foot">
          <HeroStats state={stats} />
          <button type="button" className="hero__scroll" onClick={scrollDown}>
            <span className="sr-only">Scroll down to the next section</span>
            <ScrollDownIcon />
          </button>
        </div>
        <HeroWave />
      </section>

      <StatsBand state={stats} />
      <AboutBlock />
      {explorer}
      <Suspense fallback={<div className="home-below-fold-placeholder" aria-busy="true" />}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { SITE_NAME } from "../../lib/site";
import "./pages.css";

const TOPICS = ["Product", "Data & AI", "Design", "Career Growth", "Startup"];

const STATS = [
  { value: "150+", label: "Active mentors" },
  { value: "4.8/5", label: "Average rating" },
  { value: "98%", label: "Positive response" },
  { value: "<24h", label: "Average response time" },
];

const STEPS = [
  {
    title: "Find the right mentor",
    text: "Browse verified practitioners by expertise, experience and price. Many offer a free first session.",
  },
  {
    title: "Book a slot and pay securely",
    text: "Pick a time that suits you and pay by UPI, card, net banking or wallet.",
  },
  {
    title: "Meet one-on-one on video",
    text: "Your meeting link arrives by e-mail instantly. Missed session? Full refund or reschedule.",
  },
];

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

/** A decorative preview of a booked session, drawn with markup only. */
function SessionPreview() {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="session-card">
        <div className="session-card__top">
          <span className="session-card__avatar">AR</span>
          <div>
            <p className="session-card__label">Upcoming session</p>
            <p className="session-card__title">Career strategy · 45 min</p>
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
      <div className="floating-chip floating-chip--rating">
        <svg viewBox="0 0 20 20" width="16" height="16">
          <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
        4.8/5 from learners
      </div>
      <div className="floating-chip floating-chip--free">Free trial sessions</div>
    </div>
  );
}

export interface HomePageProps {
  /**
   * The mentor category explorer, shown under the hero. The app composes it
   * in (it belongs to the mentors feature; features do not import each other).
   */
  explorer?: ReactNode;
}

export function HomePage({ explorer }: HomePageProps) {
  return (
    <>
      <title>{`${SITE_NAME} · Accelerate your career with expert mentorship`}</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">
              <span className="hero__dot" aria-hidden="true" />
              150+ verified mentors<span className="hero__eyebrow-more"> · one-on-one video sessions</span>
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
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </div>
          <SessionPreview />
        </div>
        <div className="container">
          <ul className="stat-cards" aria-label="By the numbers">
            {STATS.map((stat) => (
              <li key={stat.label} className="stat-card">
                <span className="stat-card__value">{stat.value}</span>
                <span className="stat-card__label">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {explorer}

      <section className="steps" aria-labelledby="steps-title">
        <div className="container">
          <p className="eyebrow">How it works</p>
          <h2 id="steps-title" className="section-title">
            From first question to clear next steps
          </h2>
          <ol className="steps__list">
            {STEPS.map((step, i) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="step__title">{step.title}</h3>
                <p className="step__text">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="steps__cta">
            <Link className="btn btn--primary btn--lg" to="/mentors">
              Browse all mentors
              <ArrowRight />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

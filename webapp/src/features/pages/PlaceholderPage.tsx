import { Link } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import "./pages.css";

export interface PlaceholderPageProps {
  /** The screen's human title, e.g. "Corporate mentoring". */
  title: string;
  /** A short line about what the screen will offer. */
  summary?: string;
  /** Small label above the title, e.g. "For business". */
  eyebrow?: string;
}

/** A screen that exists in the route table but is built in a later release. */
export function PlaceholderPage({ title, summary, eyebrow }: PlaceholderPageProps) {
  return (
    <section className="placeholder-page" aria-labelledby="placeholder-title" data-testid="placeholder-page">
      <RouteTitle />
      <div className="container placeholder-page__inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 id="placeholder-title" className="placeholder-page__title">
          {title}
        </h1>
        {summary ? <p className="placeholder-page__summary">{summary}</p> : null}
        <div className="placeholder-page__notice">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M12 3l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L4.8 8.3l5-.7L12 3z"
            />
          </svg>
          <div>
            <p className="placeholder-page__soon">This page is coming soon.</p>
            <p>We’re putting the finishing touches on it. In the meantime, our mentors are ready to help.</p>
          </div>
        </div>
        <div className="button-row">
          <Link className="btn btn--primary" to="/mentors">
            Browse mentors
          </Link>
          <Link className="btn btn--ghost" to="/">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}

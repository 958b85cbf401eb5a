import { Link } from "react-router";
import { useMemo } from "react";
import { cardLabels, type CardLabels, cardPrice } from "../../lib/domain";
import { portraitUrl, textField, type Mentor } from "./api";
import { MentorCard } from "./MentorCard";
import { useMentors } from "./useMentors";
import { pageTitle } from "../../lib/site";
import "./mentors.css";
import { LoadError } from "./LoadError";

const SKELETON_COUNT = 8;

function SkeletonCard() {
  return (
    <div className="mentor-card mentor-card--skeleton" aria-hidden="true">
      <div className="mentor-card__photo skeleton" />
      <div className="mentor-card__body">
        <div className="skeleton skeleton--line skeleton--w60" />
        <div className="skeleton skeleton--line skeleton--w90" />
        <div className="skeleton skeleton--line skeleton--w75" />
        <div className="skeleton skeleton--line skeleton--w40" />
        <div className="skeleton skeleton--pill" />
      </div>
    </div>
  );
}

interface LabelledMentor {
  mentor: Mentor;
  labels: CardLabels;
}

/**
 * Pairs each mentor with its card labels. The domain module refuses input no
 * mentor can have (a fractional id, a negative price), and a card needs a
 * numeric id for its link; such an item is left out rather than taking the
 * whole list down.
 */
function labelMentors(mentors: readonly Mentor[]): LabelledMentor[] {
  return mentors.flatMap((mentor) => {
    try {
      if (typeof mentor.id !== "number") throw new TypeError(`id ${JSON.stringify(mentor.id)} is not a number`);
      return [{ mentor, labels: cardLabels(mentor.id, mentor.name, mentor.rating, mentor.experience_years, cardPrice(mentor)) }];
    } catch (error) {
      console.warn(`Mentor ${String(mentor.id)} left out:`, error);
      return [];
    }
  });
}

function MentorGrid({ items }: { items: LabelledMentor[] }) {
  return (
    <ul className="mentor-grid" aria-label="Mentors">
      {items.map(({ mentor, labels }) => (
        <li key={String(mentor.id)}>
          <MentorCard
            name={mentor.name}
            headline={textField(mentor, "headline")}
            expertise={mentor.expertise}
            imageUrl={portraitUrl(mentor)}
            labels={labels}
          />
        </li>
      ))}
    </ul>
  );
}

export interface MentorsPageProps {
  /** The page heading; the category route passes its own. */
  title?: string;
}

export function MentorsPage({ title = "Find your mentor" }: MentorsPageProps) {
  const { state, retry } = useMentors();
  const items = useMemo(() => (state.status === "ready" ? labelMentors(state.mentors) : []), [state]);

  return (
    <div className="mentors-page">
      <title>{pageTitle(title)}</title>
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">Mentors</p>
          <h1 className="page-intro__title">{title}</h1>
          <p className="page-intro__lead">
            Book a one-on-one video session with practitioners in career, business, technology, health, academics,
            freelancing and the creative fields. Many offer a free first session.
          </p>
          <ul className="trust-row" aria-label="Why learners book here">
            <li>Verified mentors</li>
            <li>Pay by UPI, card, net banking or wallet</li>
            <li>Meeting link sent instantly</li>
          </ul>
        </div>
      </header>

      <section className="container mentors-page__results" aria-labelledby="mentors-results-heading">
        <div className="results-bar">
          <h2 id="mentors-results-heading" className="results-bar__title">
            {state.status === "ready" ? (
              <>
                <span data-testid="mentor-count">{items.length}</span> {items.length === 1 ? "mentor" : "mentors"}{" "}
                available
              </>
            ) : (
              "Available mentors"
            )}
          </h2>
        </div>

        {state.status === "loading" ? (
          <div className="mentor-grid" aria-busy="true" data-testid="mentors-loading">
            <p className="sr-only" role="status">
              Loading mentors…
            </p>
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
        ) : null}

        {state.status === "error" ? (
          <LoadError message={state.message} onRetry={retry} testId="mentors-error" />
        ) : null}

        {state.status === "ready" && items.length === 0 ? (
          <div className="state-panel" data-testid="mentors-empty">
            <h3>No mentors found</h3>
            <p>We're continuously adding new mentors. Check back soon!</p>
            <Link className="btn btn--secondary" to="/">
              Back to home
            </Link>
          </div>
        ) : null}

        {state.status === "ready" && items.length > 0 ? <MentorGrid items={items} /> : null}
      </section>
    </div>
  );
}

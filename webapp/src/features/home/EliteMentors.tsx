import { useMemo } from "react";
import { Link } from "react-router";
import { cardLabels, eliteCount, eliteMentors, shownPrice, type CardLabels, type Mentor } from "../../lib/domain";
// The mentor card and the shared mentor list are shared code (the listing
// shows them too); the home page shows them as they are rather than keeping
// a second copy.
import { MentorCard, SkeletonCard } from "../../components/MentorCard";
import { portraitUrl, reviewCount, textField } from "../../lib/api/mentors";
import { useMentors } from "../../lib/useMentors";
import { Icon } from "../../components/icons";
import "./home.css";

function labelled(mentor: Mentor): { mentor: Mentor; labels: CardLabels; price: number } | undefined {
  try {
    if (typeof mentor.id !== "number") throw new TypeError(`id ${JSON.stringify(mentor.id)} is not a number`);
    const price = shownPrice(mentor.services.map((s) => s.price));
    return { mentor, labels: cardLabels(mentor.id, mentor.name, mentor.rating, reviewCount(mentor), mentor.experience_years, price), price };
  } catch (error) {
    console.warn(`Mentor ${String(mentor.id)} left out of the top mentors:`, error);
    return undefined;
  }
}

/** "Our Elite Mentors": the three highest-rated mentors (SPEC §2 item 8, §9). */
export function EliteMentors() {
  const { state } = useMentors();
  const mentors = state.status === "loading" ? undefined : state.mentors;
  const top = useMemo(() => {
    if (mentors === undefined) return [];
    const usable = mentors.flatMap((m) => labelled(m) ?? []);
    const order = eliteMentors(
      usable.map((u) => u.mentor.rating),
      usable.map((u) => u.mentor.experience_years),
      eliteCount(),
    );
    return Array.from(order, (i) => usable[i]).filter((u) => u !== undefined);
  }, [mentors]);

  return (
    <section className="home-section home-elite" aria-labelledby="home-elite-title" data-testid="home-elite">
      <div className="container">
        <div className="home-section__head home-section__head--center">
          <p className="eyebrow">Top rated</p>
          <h2 id="home-elite-title" className="section-title">
            Our Elite Mentors
          </h2>
          <p className="home-section__lead">The three mentors our mentees rate highest right now.</p>
        </div>

        {state.status === "loading" ? (
          <ul className="mentor-grid home-elite__grid" aria-busy="true" data-testid="elite-loading">
            {Array.from({ length: eliteCount() }, (_, i) => (
              <li key={i}>
                <SkeletonCard />
              </li>
            ))}
          </ul>
        ) : top.length > 0 ? (
          <ol className="mentor-grid home-elite__grid" aria-label="Highest-rated mentors">
            {top.map(({ mentor, labels, price }, i) => (
              <li key={String(mentor.id)} className="home-elite__item" data-rank={i + 1}>
                <MentorCard
                  name={mentor.name}
                  headline={textField(mentor, "headline")}
                  expertise={mentor.expertise}
                  imageUrl={portraitUrl(mentor)}
                  labels={labels}
                  price={price}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p className="home-elite__empty" data-testid="elite-empty">
            {state.status === "error"
              ? "Our top mentors could not be loaded just now. The full list is one click away."
              : "Ratings appear here once mentees have reviewed their sessions."}
          </p>
        )}

        <div className="home-elite__cta">
          <Link className="btn btn--primary btn--lg" to="/mentors">
            Meet all our mentors
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}

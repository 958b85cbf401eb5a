/**
 * Placeholders for the mentor screens, shown while a lazily loaded mentor
 * page's code arrives (the skeleton card is the card's:
 * components/MentorCard). Kept apart from the pages so the app shell can
 * show them without loading the pages.
 */
import { SkeletonCard } from "../../components/MentorCard";
import "../../components/mentors.css";
import "./profile-hero.css";

function IntroSkeleton() {
  return (
    <div className="page-intro" aria-hidden="true">
      <div className="container screen-skeleton__intro">
        <div className="skeleton skeleton--line skeleton--w40" />
        <div className="skeleton screen-skeleton__title" />
        <div className="skeleton skeleton--line skeleton--w75" />
      </div>
    </div>
  );
}

/** While the listing's code loads: the intro band and a grid of skeleton cards. */
export function ListingScreenSkeleton() {
  return (
    <div className="screen-skeleton" aria-busy="true" data-testid="screen-loading">
      <p className="sr-only" role="status">
        Loading mentors…
      </p>
      <IntroSkeleton />
      <div className="container">
        <div className="mentor-grid screen-skeleton__grid">
          {Array.from({ length: 8 }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** While the profile's code loads. */
export function ProfileScreenSkeleton() {
  return (
    <div className="screen-skeleton" aria-busy="true" data-testid="screen-loading">
      <p className="sr-only" role="status">
        Loading mentor profile…
      </p>
      <IntroSkeleton />
    </div>
  );
}

/**
 * Placeholders for the mentor screens: the listing's skeleton card, and the
 * screens shown while a lazily loaded mentor page's code arrives. Kept apart
 * from the pages so the app shell can show them without loading the pages.
 */
import "./mentors.css";
import "./profile-hero.css";

export function SkeletonCard() {
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

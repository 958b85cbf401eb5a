import { Link } from "react-router";
import { isFree, type CardLabels } from "../lib/domain";
import { Portrait } from "./Portrait";
import "./mentors.css";

export { FALLBACK_PORTRAIT } from "./Portrait";

export interface MentorCardProps {
  name: string;
  headline: string;
  expertise: readonly string[];
  imageUrl: string;
  /** Everything a rule decides, straight from the domain module. */
  labels: CardLabels;
  /** The shown price in rupees (`shownPrice`): whether it is free is the crate's `isFree`, never read from the label. */
  price: number;
}

function StarIcon() {
  return (
    <svg className="mentor-card__star" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
      />
    </svg>
  );
}

function BriefcaseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        d="M3 6.5h14v9.5H3zM7 6.5V4.5h6v2M3 10.5h14"
      />
    </svg>
  );
}

export function MentorCard({ name, headline, expertise, imageUrl, labels, price }: MentorCardProps) {
  const free = isFree(price);
  return (
    <article className="mentor-card" data-testid="mentor-card">
      <Portrait src={imageUrl} name={name} />
      {labels.badge ? (
        <span
          className={`mentor-card__badge${labels.badge === "PRO" ? " mentor-card__badge--pro" : ""}`}
          data-testid="mentor-badge"
        >
          {labels.badge}
        </span>
      ) : null}
      <div className="mentor-card__body">
        <h3 className="mentor-card__name">
          <Link to={labels.path} className="mentor-card__link stretched-link">
            {name}
          </Link>
        </h3>
        {headline ? <p className="mentor-card__headline clamp-2">{headline}</p> : null}
        {expertise.length > 0 ? (
          <p className="mentor-card__expertise clamp-2" data-testid="expertise-label">
            {expertise.join(" • ")}
          </p>
        ) : null}
        <div className="mentor-card__meta">
          {labels.reviewsLabel ? (
            <span className="mentor-card__rating">
              <StarIcon />
              <span className="sr-only">Rated </span>
              <span data-testid="rating-label">{labels.ratingLabel}</span>
              <span className="sr-only"> out of 5</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, from </span>
              <span className="mentor-card__reviews" data-testid="review-count">
                {labels.reviewsLabel}
              </span>
            </span>
          ) : (
            <span className="mentor-card__rating mentor-card__rating--new">
              <span data-testid="rating-label">{labels.ratingLabel}</span>
              <span className="sr-only">: no reviews yet</span>
            </span>
          )}
          <span className="mentor-card__experience">
            <BriefcaseIcon />
            <span data-testid="experience-label">{labels.experienceLabel}</span>
          </span>
        </div>
        <div className="mentor-card__footer">
          <span className={`price-badge${free ? " price-badge--free" : ""}`} data-testid="price-label">
            {labels.priceLabel}
          </span>
          <span className="mentor-card__cta" aria-hidden="true" title="View profile">
            <svg viewBox="0 0 20 20" width="18" height="18" focusable="false">
              <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d="M7.5 4.5L13 10l-5.5 5.5" />
            </svg>
          </span>
        </div>
      </div>
    </article>
  );
}

/** The card while the mentors load: its shape, no content. */
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

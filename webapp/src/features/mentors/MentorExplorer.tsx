import { useMemo, useRef, type CSSProperties, type KeyboardEvent } from "react";
import { Link } from "react-router";
import {
  arrangeExplorer,
  badgeLabel,
  cardLabels,
  explorerCategories,
  isFree,
  type Mentor,
  priceLabel,
  shownPrice,
} from "../../lib/domain";
import { portraitUrl, reviewCount } from "../../lib/api/mentors";
import { Portrait } from "../../components/Portrait";
import { useExplorerShuffle } from "./useExplorerShuffle";
import { useMentors } from "../../lib/useMentors";
import "../../components/mentors.css";
import "./explorer.css";
import { LoadError } from "./LoadError";

const SKELETON_COUNT = 8;
const PANEL_ID = "explorer-panel";

const tabId = (categoryId: string) => `explorer-tab-${categoryId}`;

/** Everything an explorer card shows, each label from the domain module. */
export interface ExplorerItem {
  id: string;
  name: string;
  expertise: readonly string[];
  imageUrl: string;
  path: string;
  /** `4.8`, or `New` without reviews. */
  rating: string;
  /** `23 reviews`; undefined without reviews. */
  reviews: string | undefined;
  experience: string;
  badge: string | undefined;
  price: string;
  /** Whether the shown price is free (the crate's `isFree`, never read from the label). */
  free: boolean;
}

/**
 * Labels one arranged mentor, or undefined (with a warning) for a mentor no
 * card can show: an id that is not a whole number, a negative price.
 */
function explorerItem(mentor: Mentor): ExplorerItem | undefined {
  try {
    if (typeof mentor.id !== "number") throw new TypeError(`id ${JSON.stringify(mentor.id)} is not a number`);
    const price = shownPrice(mentor.services.map((s) => s.price));
    const card = cardLabels(mentor.id, mentor.name, mentor.rating, reviewCount(mentor), mentor.experience_years, price);
    return {
      id: String(mentor.id),
      name: mentor.name,
      expertise: mentor.expertise,
      imageUrl: portraitUrl(mentor),
      path: card.path,
      rating: card.ratingLabel,
      reviews: card.reviewsLabel,
      experience: card.experienceLabel,
      badge: badgeLabel(mentor.rating, reviewCount(mentor), mentor.experience_years, true),
      price: priceLabel(price, "explorer"),
      free: isFree(price),
    };
  } catch (error) {
    console.warn(`Mentor ${String(mentor.id)} left out of the explorer:`, error);
    return undefined;
  }
}

function StarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
    </svg>
  );
}

function ArrowRight() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d="M4 10h12M11 5l5 5-5 5" />
    </svg>
  );
}

export function ExplorerCard({ item, index }: { item: ExplorerItem; index: number }) {
  const free = item.free;
  return (
    <article className="explorer-card" data-testid="explorer-card" data-mentor-id={item.id} style={{ "--i": index } as CSSProperties}>
      <div className="explorer-card__media">
        <Portrait src={item.imageUrl} name={item.name} className="explorer-card__photo" width={320} height={260} />
        {item.badge ? (
          <span className={`explorer-card__badge explorer-card__badge--${item.badge.toLowerCase()}`} data-testid="explorer-badge">
            {item.badge}
          </span>
        ) : null}
        <span className="explorer-card__rating">
          {item.reviews ? <StarIcon /> : null}
          <span className="sr-only">Rating: </span>
          <span data-testid="explorer-rating">{item.rating}</span>
          {item.reviews ? (
            <span className="explorer-card__reviews" data-testid="explorer-reviews">
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, from </span>
              {item.reviews}
            </span>
          ) : null}
        </span>
      </div>
      <div className="explorer-card__body">
        <h3 className="explorer-card__name">
          <Link to={item.path} className="explorer-card__link stretched-link">
            {item.name}
          </Link>
        </h3>
        {item.expertise.length > 0 ? <p className="explorer-card__expertise clamp-2">{item.expertise.join(" • ")}</p> : null}
        <div className="explorer-card__footer">
          <span className={`explorer-card__price${free ? " explorer-card__price--free" : ""}`} data-testid="explorer-price">
            {item.price}
          </span>
          <span className="explorer-card__years">{item.experience}</span>
        </div>
      </div>
    </article>
  );
}

function SkeletonCard() {
  return (
    <li className="explorer-card explorer-card--skeleton" aria-hidden="true" data-testid="explorer-skeleton">
      <div className="explorer-card__media skeleton" />
      <div className="explorer-card__body">
        <div className="skeleton skeleton--line skeleton--w75" />
        <div className="skeleton skeleton--line skeleton--w90" />
        <div className="explorer-card__footer">
          <div className="skeleton skeleton--line skeleton--w40" />
        </div>
      </div>
    </li>
  );
}

/**
 * The home page's mentor category explorer (SPEC §2 item 4, §4, §9): tabs
 * for the categories, and the mentors the domain module arranges for the
 * chosen one, the session's seed and the current rotation.
 */
export function MentorExplorer() {
  const { state, retry } = useMentors();
  const { category, seed, rotation, choose } = useExplorerShuffle();
  const categories = explorerCategories();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const mentors = state.status === "loading" ? undefined : state.mentors;
  const items = useMemo(() => {
    if (mentors === undefined) return [];
    return arrangeExplorer(mentors, category, seed, rotation).flatMap((m) => explorerItem(m) ?? []);
  }, [mentors, category, seed, rotation]);

  const categoryName = categories.find((c) => c.id === category)?.name ?? "";

  // Arrow keys move between tabs; Enter or Space chooses (manual activation,
  // so passing over a visited tab does not reshuffle it).
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = categories.length - 1;
    const target =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : undefined;
    if (target === undefined) return;
    event.preventDefault();
    const id = categories[target]?.id;
    if (id !== undefined) tabRefs.current.get(id)?.focus();
  };

  return (
    <section className="explorer" data-testid="explorer" aria-labelledby="explorer-title">
      <div className="container">
        <div className="explorer__head">
          <div>
            <p className="eyebrow">Mentor explorer</p>
            <h2 id="explorer-title" className="section-title">
              Find your mentor by field
            </h2>
            <p className="explorer__lead">
              Top-rated mentors first, seasoned practitioners mixed in, and a fresh line-up every few minutes.
            </p>
          </div>
          <Link className="btn btn--secondary explorer__all explorer__all--top" to="/mentors">
            View all mentors
            <ArrowRight />
          </Link>
        </div>

        <div className="explorer__tabs-wrap">
          <div className="explorer__tabs" role="tablist" aria-label="Mentor categories">
            {categories.map((c, i) => {
              const selected = c.id === category;
              return (
                <button
                  key={c.id}
                  ref={(el) => {
                    if (el) tabRefs.current.set(c.id, el);
                    else tabRefs.current.delete(c.id);
                  }}
                  type="button"
                  role="tab"
                  id={tabId(c.id)}
                  className="explorer__tab"
                  aria-selected={selected}
                  aria-controls={PANEL_ID}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => choose(c.id)}
                  onKeyDown={(event) => onTabKeyDown(event, i)}
                >
                  {c.name}
                </button>
              );
            })}
          </div>
        </div>

        <div className="explorer__panel" role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(category)}>
          <p className="sr-only" role="status">
            {state.status === "loading" ? "Loading mentors…" : state.status === "ready" ? `${items.length} ${categoryName} mentors shown` : ""}
          </p>

          {state.status === "loading" ? (
            <ul className="explorer__grid" aria-busy="true" data-testid="explorer-loading">
              {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                <SkeletonCard key={i} />
              ))}
            </ul>
          ) : null}

          {state.status === "error" ? (
            <LoadError message={state.message} onRetry={retry} testId="explorer-error" />
          ) : null}

          {state.status === "ready" && items.length === 0 ? (
            <div className="state-panel" data-testid="explorer-empty">
              <h3>No mentors found</h3>
              <p>We're continuously adding new mentors. Check back soon!</p>
            </div>
          ) : null}

          {state.status === "ready" && items.length > 0 ? (
            <ul className="explorer__grid" key={`${category}:${seed}:${rotation}`}>
              {items.map((item, i) => (
                <li key={item.id}>
                  <ExplorerCard item={item} index={i} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="explorer__foot">
          <Link className="btn btn--primary btn--lg explorer__all" to="/mentors">
            {state.status === "ready" && mentors !== undefined && mentors.length > 0 ? `Browse all ${mentors.length} mentors` : "Browse all mentors"}
            <ArrowRight />
          </Link>
        </div>
      </div>
    </section>
  );
}

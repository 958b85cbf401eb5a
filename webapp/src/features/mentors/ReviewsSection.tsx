/**
 * The mentor page's "Reviews": what learners said after their sessions
 * (`GET /api/mentors/{id}/reviews/`, issue 12): the mean rating and count,
 * then the newest reviews, twenty at a time ("Show more reviews"), or "No
 * reviews yet". Reviews are a secondary part of the page: while they load
 * the section waits quietly, and when they cannot be read it says so in a
 * line without hiding the rest of the profile.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { formatCount } from "../../lib/domain";
import { mediumDate } from "../../lib/time";
import type { components } from "../../lib/api/schema";
import "./reviews.css";

export type MentorReviews = components["schemas"]["MentorReviews"];
export type Review = components["schemas"]["ReviewOut"];

type State =
  | { type: "loading" }
  | { type: "failed" }
  | { type: "ok"; count: number; rating: number | null; reviews: Review[]; more: "idle" | "loading" | "failed" };

function isReview(value: unknown): value is Review {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.rating === "number" &&
    Number.isInteger(r.rating) &&
    r.rating >= 1 &&
    r.rating <= 5 &&
    typeof r.text === "string" &&
    typeof r.learner_name === "string" &&
    typeof r.created_at === "string"
  );
}

/** The answer, checked; undefined when it is not what the API documents. */
export function parseReviews(body: unknown): MentorReviews | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.count !== "number" || !Number.isInteger(b.count) || b.count < 0) return undefined;
  if (b.rating !== null && (typeof b.rating !== "number" || !Number.isFinite(b.rating))) return undefined;
  if (!Array.isArray(b.reviews) || !b.reviews.every(isReview)) return undefined;
  return { count: b.count, rating: b.rating, reviews: b.reviews };
}

async function fetchReviews(mentorId: number, offset: number, signal?: AbortSignal): Promise<MentorReviews | undefined> {
  const query = offset > 0 ? `?offset=${offset}` : "";
  try {
    const answer = await api.send(`/api/mentors/${mentorId}/reviews/${query}`, { credentials: "omit", ...(signal ? { signal } : {}) });
    return answer.ok ? parseReviews(answer.body) : undefined;
  } catch {
    return undefined;
  }
}

/** "4.7" */
function ratingText(rating: number): string {
  return rating.toFixed(1);
}

/** "1 review", "25 reviews" */
export function countText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "review" : "reviews"}`;
}

/** Five stars, `rating` of them filled; read out as "4 out of 5 stars". */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const filled = Math.round(rating);
  return (
    <span className="review-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
          className={n <= filled ? "review-star review-star--on" : "review-star"}
        >
          <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}

export interface ReviewsSectionProps {
  mentorId: number;
  /** The viewer's IANA zone for the dates; the browser's when not given. */
  timeZone?: string | undefined;
  /** The locale for dates; the browser's when not given. */
  locale?: string | undefined;
}

export function ReviewsSection({ mentorId, timeZone, locale }: ReviewsSectionProps) {
  const [state, setState] = useState<State>({ type: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    setState({ type: "loading" });
    void fetchReviews(mentorId, 0, controller.signal).then((page) => {
      if (controller.signal.aborted) return;
      setState(page ? { type: "ok", count: page.count, rating: page.rating ?? null, reviews: page.reviews, more: "idle" } : { type: "failed" });
    });
    return () => controller.abort();
  }, [mentorId]);

  const showMore = useCallback(() => {
    if (state.type !== "ok") return;
    const offset = state.reviews.length;
    setState({ ...state, more: "loading" });
    void fetchReviews(mentorId, offset).then((page) => {
      setState((now) => {
        if (now.type !== "ok") return now;
        if (!page) return { ...now, more: "failed" };
        return { type: "ok", count: page.count, rating: page.rating ?? null, reviews: [...now.reviews, ...page.reviews], more: "idle" };
      });
    });
  }, [mentorId, state]);

  if (state.type === "loading") return null;

  return (
    <section className="profile-section reviews" aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title" className="profile-section__title">
        Reviews
      </h2>
      {state.type === "failed" ? (
        <p className="reviews__note">Reviews could not be loaded right now.</p>
      ) : state.count === 0 ? (
        <p className="reviews__note" data-testid="reviews-empty">
          No reviews yet
        </p>
      ) : (
        <>
          <p className="reviews__summary" data-testid="reviews-summary">
            {state.rating !== null ? (
              <>
                <Stars rating={state.rating} size={20} />
                <span className="reviews__rating">{ratingText(state.rating)}</span>
                <span aria-hidden="true"> · </span>
              </>
            ) : null}
            <span>{countText(state.count)}</span>
          </p>
          <ol className="review-list">
            {state.reviews.map((review, i) => (
              <li key={`${review.created_at}-${i}`} className="review" data-testid="review">
                <div className="review__head">
                  <Stars rating={review.rating} />
                  <span className="review__name">{review.learner_name}</span>
                  <time className="review__date" dateTime={review.created_at}>
                    {mediumDate(review.created_at, locale, timeZone)}
                  </time>
                </div>
                {review.text.trim() ? <p className="review__text">{review.text}</p> : null}
              </li>
            ))}
          </ol>
          {state.reviews.length < state.count ? (
            <div className="reviews__more">
              <button type="button" className="btn btn--secondary" onClick={showMore} disabled={state.more === "loading"}>
                {state.more === "loading" ? "Loading…" : "Show more reviews"}
              </button>
              {state.more === "failed" ? (
                <p className="reviews__note" role="status">
                  More reviews could not be loaded. Please try again.
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

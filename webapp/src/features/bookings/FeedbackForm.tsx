/**
 * Feedback after a session: a rating of 1 to 5 stars (a radio group, so
 * it works with the keyboard and screen readers) and a few words; `POST
 * /api/bookings/{id}/feedback/`. It moves the mentor's rating and shows on
 * their page. Once given, it cannot be given again (409).
 */
import { useId, useState, type FormEvent } from "react";
import { FormAlert } from "../../components/form";
import { TextArea } from "../../components/form";
import { bookingFormLimits, checkBookingText, shortName } from "../../lib/domain";
import { sendTransition } from "./dialogs";
import type { Booking } from "./types";

/** The longest feedback text (the API's parser's limit, from the crate). */
function feedbackLimit(): number {
  return bookingFormLimits().feedback;
}

const WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="30" height="30" aria-hidden="true" focusable="false" className={`bk-star${filled ? " is-on" : ""}`}>
      <path
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
        d="M10 1.8l2.5 5.1 5.7.8-4.1 4 1 5.6L10 14.6l-5.1 2.7 1-5.6-4.1-4 5.7-.8L10 1.8z"
      />
    </svg>
  );
}

export function FeedbackForm({ booking, onDone }: { booking: Booking; onDone: (booking: Booking) => void }) {
  const name = useId();
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [ratingError, setRatingError] = useState<string | undefined>(undefined);
  const [textError, setTextError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const firstName = shortName(booking.mentor.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    const badRating = rating < 1 || rating > 5 ? "Choose a rating from 1 to 5 stars." : undefined;
    const checked = checkBookingText("feedback", words);
    const badText = checked.type === "error" ? checked.message : undefined;
    setRatingError(badRating);
    setTextError(badText);
    if (badRating || badText) {
      setProblem("Please fix the errors above.");
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const outcome = await sendTransition(booking.id, { kind: "feedback", rating, text: words });
      if ("booking" in outcome) return onDone(outcome.booking);
      if (outcome.field === "rating") setRatingError(outcome.message);
      else if (outcome.field === "text") setTextError(outcome.message);
      else setProblem(outcome.message);
      if (outcome.field) setProblem("Please fix the errors above.");
    } catch {
      return;
    }
    setBusy(false);
  };

  const shown = hover || rating;

  return (
    <form className="bk-feedback" onSubmit={(e) => void submit(e)} noValidate data-testid="feedback-form">
      <fieldset className={`bk-rating${ratingError ? " bk-rating--invalid" : ""}`} aria-describedby={ratingError ? `${name}-error` : `${name}-word`}>
        <legend className="bk-rating__legend">How was your session with {firstName}?</legend>
        <div className="bk-rating__stars" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="bk-rating__star" onMouseEnter={() => setHover(n)}>
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setRatingError(undefined);
                }}
              />
              <Star filled={n <= shown} />
              <span className="sr-only">
                {n} {n === 1 ? "star" : "stars"}, {WORDS[n]}
              </span>
            </label>
          ))}
          <span id={`${name}-word`} className="bk-rating__word" aria-live="polite">
            {shown ? WORDS[shown] : "Choose 1 to 5 stars"}
          </span>
        </div>
        {ratingError ? (
          <p id={`${name}-error`} className="field__error" data-testid="field-error">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label="Your feedback"
        optional
        rows={5}
        maxLength={feedbackLimit()}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTextError(undefined);
        }}
        error={textError}
        hint={`What went well, and what could be better? Shown on ${firstName}’s profile with your first name. ${text.length}/${feedbackLimit()}`}
      />
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <button type="submit" className="btn btn--primary btn--lg" disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        Submit feedback
      </button>
    </form>
  );
}

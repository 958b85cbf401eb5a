/**
 * The booking review: a chosen time of a mentor's service, checked once
 * more before it is booked — the session, its time in the viewer's zone
 * (named), the price (the crate's label) and an optional note — then
 * `POST /api/bookings/` and on to the screen of the booking's status.
 *
 * A guest is sent to sign in, the choice remembered in the address so the
 * review opens again after the login (SPEC §2's remembered path). A time
 * someone else took meanwhile (409) says so and has the mentor's times
 * read again; a learner who already holds as much of mentors' time as they
 * may (409 with another message) reads what to do and is led to their
 * bookings; too many bookings in an hour (429) says when to try again.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Dialog } from "../../components/Dialog";
import { FormAlert, TextArea } from "../../components/form";
import { checkBookingText, durationLabel, priceLabel, shortName } from "../../lib/domain";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { session, useSession } from "../../lib/session";
import { createBooking } from "./api";
import { noteLimit } from "./constants";
import { BOOK_SERVICE_PARAM, BOOK_START_PARAM, type BookingReviewProps, type ReviewService } from "../../lib/booking-review";
import { routeFor } from "./rules";
import { sessionTime, viewerZone } from "../../lib/time";
import { failureMessage } from "./useBooking";
import "./bookings.css";

/** The review's props and its service are the contract with the mentor's page (`lib/booking-review`). */
export type { BookingReviewProps, ReviewService };

/** The contract's answer to a time someone else booked first. */
const TAKEN = "That time was just booked by someone else. Please choose another slot.";

function nextStep(service: ReviewService, firstName: string): string {
  if (service.price === 0 && service.instant) return "This free session is confirmed as soon as you book it. The meeting link comes by e-mail.";
  if (service.price === 0) return `${firstName} will accept or decline your request within 24 hours. The meeting link comes by e-mail once it’s confirmed.`;
  if (service.instant) return "You’ll pay next to confirm the session; the time is held for you until the payment deadline shown on the booking.";
  return `${firstName} will accept or decline your request within 24 hours. You pay only once it’s accepted.`;
}

function submitLabel(service: ReviewService): string {
  if (!service.instant) return "Send request";
  return service.price === 0 ? "Confirm booking" : "Continue to payment";
}

export function BookingReview({ mentor, service, start, end, timeZone, onClose, onTaken }: BookingReviewProps) {
  const snapshot = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [taken, setTaken] = useState(false);
  const [held, setHeld] = useState(false);

  const user = snapshot.status === "user" ? snapshot.user : null;
  const zone = timeZone ?? viewerZone(user);
  const startDate = new Date(start);
  const when = sessionTime(startDate, end, zone);
  const firstName = shortName(mentor.name);
  const price = priceLabel(service.price, "explorer");

  const signIn = () => {
    const params = new URLSearchParams(location.search);
    params.set(BOOK_SERVICE_PARAM, String(service.id));
    params.set(BOOK_START_PARAM, start);
    session.rememberRedirect(`${location.pathname}?${params.toString()}`);
    void navigate("/auth/login");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || taken || held) return;
    const text = note.trim();
    const checked = checkBookingText("note", text);
    if (checked.type === "error") {
      setNoteError(checked.message);
      formRef.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus();
      return;
    }
    setBusy(true);
    setProblem(undefined);
    setNoteError(undefined);
    try {
      const answer = await createBooking({ service_id: service.id, start, ...(text ? { note: text } : {}) });
      if (answer.ok && answer.body) {
        void navigate(routeFor(answer.body));
        return;
      }
      const detail = detailOf(answer.body);
      if (answer.status === 409 && (detail === undefined || detail === TAKEN)) {
        setTaken(true);
        setProblem(TAKEN);
        onTaken();
      } else if (answer.status === 409) {
        // The learner already holds as much of mentors' time as they may
        // (open requests, upcoming free sessions): the answer says what to do.
        setHeld(true);
        setProblem(detail);
      } else if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["note", "start", "service_id"] as const);
        setNoteError(fields.note);
        setProblem(fields.start ?? fields.service_id ?? other ?? (fields.note ? undefined : "Please check your booking and try again."));
      } else {
        setProblem(detailOf(answer.body) ?? "We couldn’t book this session. Please try again.");
      }
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      setProblem(failureMessage(error));
    }
    setBusy(false);
  };

  const guest = snapshot.status === "guest";

  return (
    <Dialog
      title={taken ? "This time is no longer free" : held ? "Finish one of your bookings first" : "Review your booking"}
      onClose={onClose}
      testId="booking-review"
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {taken ? "Choose another time" : "Back"}
          </button>
          {held ? (
            <Link className="btn btn--primary" to="/my-bookings">
              See your bookings
            </Link>
          ) : taken ? null : guest ? (
            <button type="button" className="btn btn--primary" onClick={signIn}>
              Sign in to book
            </button>
          ) : (
            <button type="submit" form={formId} className="btn btn--primary" disabled={busy} aria-busy={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {busy ? "Booking…" : submitLabel(service)}
            </button>
          )}
        </>
      }
    >
      <div className="bk-scroll">
        <dl className="bk-summary" data-testid="review-summary">
          <div>
            <dt>Mentor</dt>
            <dd>{mentor.name}</dd>
          </div>
          <div>
            <dt>Session</dt>
            <dd>
              {service.title}
              {service.durationMinutes !== undefined ? ` · ${durationLabel(service.durationMinutes)}` : ""}
            </dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>
              <time dateTime={start}>
                {when.day}, {when.time}
              </time>
              <span className="bk-summary__zone">Your time zone: {when.zoneName}</span>
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd data-testid="review-price">{price}</dd>
          </div>
        </dl>

        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}

        {taken || held ? null : (
          <form id={formId} ref={formRef} className="bk-review__form" onSubmit={(e) => void submit(e)} noValidate>
            {guest ? null : (
              <TextArea
                label={`Note for ${firstName}`}
                optional
                value={note}
                rows={3}
                maxLength={noteLimit()}
                onChange={(e) => {
                  setNote(e.target.value);
                  setNoteError(undefined);
                }}
                error={noteError}
                hint={`What would you like to cover? ${note.length}/${noteLimit()}`}
              />
            )}
            <p className="bk-review__next">{guest ? "Sign in or create an account to book this time; we’ll bring you back here." : nextStep(service, firstName)}</p>
          </form>
        )}
      </div>
    </Dialog>
  );
}

export default BookingReview;

/**
 * One booking as its participant sees it: what state it is really in (as
 * of now), what happens next and by when, the details, and exactly the
 * actions the rules allow now.
 */
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../components/form";
import { bookingReference, durationLabel, shortName } from "../../lib/domain";
import { CONTEST_WINDOW } from "../../lib/facts";
import { SessionEndedError } from "../../lib/api/client";
import { fetchCalendar } from "./api";
import { priceLabelOf } from "../../lib/money";
import { PayButton } from "./Checkout";
import { CancelDialog, NoShowDialog, RescheduleDialog, sendTransition } from "./dialogs";
import { FeedbackForm } from "./FeedbackForm";
import { Receipts } from "./Receipts";
import { NoShowPanel } from "./NoShowPanel";
import { RefundPanel } from "./RefundPanel";
import { liveState, STATUS_LABEL, statusTone } from "./rules";
import { CONFIRMING_LABEL, CONFIRMING_NOTICE, confirmingPayment } from "../../lib/sessions";
import { deadlineWords, sessionTime, timeLeft } from "../../lib/time";
import type { Booking, BookingAction, BookingStatus } from "./types";
import { failureMessage } from "./useBooking";

export type ViewVariant = "detail" | "confirmation" | "feedback";

/** How a person is addressed in a sentence: the crate's short name, titles skipped. */
const first = shortName;

/** The status's badge; a payment being confirmed reads as such, calmly (not "Payment due"). */
export function StatusBadge({ status, confirming = false }: { status: BookingStatus; confirming?: boolean }) {
  const waiting = confirming && status === "payment_required";
  return (
    <span className={`bk-badge bk-badge--${waiting ? "info" : statusTone(status)}`} data-testid="booking-status">
      {waiting ? CONFIRMING_LABEL : STATUS_LABEL[status]}
    </span>
  );
}

/** The headline and the next step, in the viewer's words. */
function story(booking: Booking, status: BookingStatus, variant: ViewVariant, now: number, zone: string): { title: string; next: ReactNode } {
  const learner = booking.role !== "mentor";
  const mentor = first(booking.mentor.name);
  const other = learner ? mentor : first(booking.learner.name);
  const start = new Date(booking.start);
  const nowDate = new Date(now);
  const until = (iso: string | null) => (iso ? `${deadlineWords(new Date(iso), nowDate, zone)} (${timeLeft(new Date(iso), nowDate)} from now)` : "");

  switch (status) {
    case "pending":
      return learner
        ? {
            title: "Request sent",
            next: booking.respond_by ? `Your mentor has until ${until(booking.respond_by)} to respond. We’ll e-mail you either way.` : `${mentor} will respond soon.`,
          }
        : {
            title: `${booking.learner.name} requested a session`,
            next: booking.respond_by ? `You have until ${until(booking.respond_by)} to accept or decline. After that the request expires.` : "Accept or decline the request.",
          };
    case "payment_required":
      if (confirmingPayment(booking, status))
        return learner
          ? { title: "We’re confirming your payment", next: CONFIRMING_NOTICE }
          : {
              title: "The learner’s payment is being confirmed",
              next: `The bank is confirming ${other}’s payment. The session is confirmed as soon as it answers; we’ll e-mail you.`,
            };
      return learner
        ? {
            title: booking.respond_by ? `${mentor} accepted: complete your payment` : "Complete your payment",
            next: booking.pay_by ? `Pay by ${until(booking.pay_by)} to keep this time. Unpaid, it is released for others.` : "Pay to confirm this session.",
          }
        : { title: "Waiting for the learner’s payment", next: booking.pay_by ? `${other} has until ${until(booking.pay_by)} to pay.` : `${other} will pay to confirm.` };
    case "confirmed": {
      const title = variant === "confirmation" && learner ? "You’re booked!" : "Your session is confirmed";
      const startsIn = start.getTime() > now ? `It starts ${deadlineWords(start, nowDate, zone)} (in ${timeLeft(start, nowDate)}).` : "It is under way.";
      return { title, next: `${startsIn} The Join button opens 10 minutes before the start; the link is also in your e-mail.` };
    }
    case "completed":
      return {
        title: "Session completed",
        next: booking.feedback
          ? "Thanks for your feedback."
          : learner && booking.allowed_actions.includes("feedback")
            ? `How did it go? Your rating helps others find the right mentor and helps ${mentor} improve.`
            : "We hope it was worth your time.",
      };
    case "cancelled": {
      const by =
        booking.cancelled_by === "system"
          ? "It was cancelled automatically."
          : booking.cancelled_by === booking.role
            ? "You cancelled it."
            : booking.cancelled_by === "mentor"
              ? `${first(booking.mentor.name)} couldn’t take this session.`
              : booking.cancelled_by === "learner"
                ? `${first(booking.learner.name)} cancelled it.`
                : "It was cancelled by MentorBridge.";
      const refund = booking.refund_owed_paise > 0 && learner ? ` A refund of ${priceLabelOf(booking.refund_owed_paise)} is on its way.` : "";
      return { title: "This session was cancelled", next: `${by}${refund}` };
    }
    case "expired":
      return {
        title: booking.pay_by ? "The payment window closed" : "This request expired",
        next: booking.pay_by
          ? "The time was held until the payment deadline and released when no payment arrived. You have not been charged."
          : learner
            ? `${mentor} didn’t respond in time, so the time was released. You have not been charged.`
            : "The request was not answered in time and the time was released.",
      };
    case "no_show": {
      const missedBy = booking.no_show_by === "mentor" ? mentor : first(booking.learner.name);
      const choice =
        booking.no_show_choice === "refund"
          ? booking.refund_owed_paise > 0
            ? ` A full refund of ${priceLabelOf(booking.refund_owed_paise)} is on its way.`
            : booking.price_paise > 0
              ? learner
                ? ` Your full refund is made once the ${CONTEST_WINDOW} ${mentor} has to contest the report end; if ${mentor} contests it, an administrator decides first.`
                : " The learner asked for a full refund: the report below says where it stands."
              : ""
          : booking.no_show_choice === "reschedule"
            ? learner
              ? " Choose a new time below, at no extra cost."
              : " The learner will pick a new time."
            : "";
      return { title: "Missed session", next: `${booking.no_show_by === booking.role ? "You were" : `${missedBy} was`} reported as not joining.${choice}` };
    }
  }
}

/** When the meeting link appears, for a booking that has none to show yet; undefined when it never will. */
export function meetingLinkWhen(booking: Booking, status: BookingStatus): string | undefined {
  const learner = booking.role !== "mentor";
  switch (status) {
    case "pending":
      return learner
        ? `Appears here and in your e-mail as soon as ${first(booking.mentor.name)} accepts${booking.price_paise > 0 ? " and you pay" : ""}.`
        : `Appears here and in both e-mails as soon as you accept${booking.price_paise > 0 ? " and the learner pays" : ""}.`;
    case "payment_required":
      return learner ? "Appears here and in your e-mail as soon as your payment is confirmed." : "Appears here and in both e-mails as soon as the learner’s payment is confirmed.";
    case "confirmed":
      return "Being created: it appears here and in your e-mail within a minute. Reload the page if it doesn’t.";
    default:
      return undefined;
  }
}

/** Downloads the booking's calendar file with the bearer token. */
async function downloadCalendar(booking: Booking): Promise<string | undefined> {
  try {
    const answer = await fetchCalendar(booking.id);
    if (!answer.ok) return "We couldn’t get the calendar file. Please try again.";
    const url = URL.createObjectURL(new Blob([answer.text], { type: "text/calendar" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `mentorbridge-${booking.service.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.ics`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return undefined;
  } catch (error) {
    return error instanceof SessionEndedError ? undefined : failureMessage(error);
  }
}

type Open = "cancel" | "decline" | "reschedule" | "no_show" | undefined;

export interface BookingViewProps {
  booking: Booking;
  variant: ViewVariant;
  now: number;
  zone: string;
  onChange: (booking: Booking) => void;
  /** Read the booking again (after a refusal: the state moved on). */
  onStale: () => void;
}

export function BookingView({ booking, variant, now, zone, onChange, onStale }: BookingViewProps) {
  const [open, setOpen] = useState<Open>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [accepting, setAccepting] = useState(false);
  const [moneyVersion, setMoneyVersion] = useState(0);
  const { status, actions } = liveState(booking, now);
  const can = (action: BookingAction) => actions.includes(action);
  const learner = booking.role !== "mentor";
  const when = sessionTime(new Date(booking.start), new Date(booking.end), zone);
  const { title, next } = story(booking, status, variant, now, zone);
  const mentorPath = `/mentors/${booking.mentor.id}-${booking.mentor.slug}`;

  const done = (message: string) => (next: Booking) => {
    setOpen(undefined);
    setProblem(undefined);
    setNotice(message);
    onChange(next);
  };

  const accept = async () => {
    setAccepting(true);
    setProblem(undefined);
    try {
      const outcome = await sendTransition(booking.id, { kind: "accept" });
      if ("booking" in outcome) done("Request accepted. The learner has been told.")(outcome.booking);
      else {
        setProblem(outcome.message);
        if (outcome.conflict) onStale();
      }
    } catch {
      return;
    }
    setAccepting(false);
  };

  const joinable = can("join") && booking.meeting_url;
  const showJoin = status === "confirmed";
  const showFeedbackForm = variant === "feedback" && can("feedback");

  return (
    <article className={`bk-view bk-view--${status}`} data-testid="booking-view" data-status={status}>
      <header className="bk-view__head">
        <StatusBadge status={status} confirming={booking.payment_confirming} />
        <h1 className="bk-view__title">{variant === "feedback" && showFeedbackForm ? "Rate your session" : title}</h1>
        <p className="bk-view__next" data-testid="next-step">
          {next}
        </p>
      </header>

      {notice ? (
        <FormAlert tone="success">
          <span data-testid="notice">{notice}</span>
        </FormAlert>
      ) : null}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}

      {showFeedbackForm ? <FeedbackForm booking={booking} onDone={done("Thank you! Your feedback is on the mentor’s profile.")} /> : null}

      <div className="bk-actions" data-testid="booking-actions">
        {can("pay") ? <PayButton booking={booking} onProblem={setProblem} className="btn btn--primary btn--lg" /> : null}
        {can("accept") ? (
          <button type="button" className="btn btn--primary btn--lg" onClick={() => void accept()} disabled={accepting} aria-busy={accepting}>
            {accepting ? <span className="spinner" aria-hidden="true" /> : null}
            Accept request
          </button>
        ) : null}
        {can("decline") ? (
          <button type="button" className="btn btn--secondary btn--lg" onClick={() => setOpen("decline")}>
            Decline
          </button>
        ) : null}
        {showJoin ? (
          joinable ? (
            <a className="btn btn--primary btn--lg" href={booking.meeting_url ?? undefined} target="_blank" rel="noopener noreferrer" data-testid="join">
              Join session<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <button type="button" className="btn btn--primary btn--lg" disabled aria-describedby="join-hint" data-testid="join">
              Join session
            </button>
          )
        ) : null}
        {can("feedback") && !showFeedbackForm ? (
          <Link className="btn btn--primary btn--lg" to={`/feedback?booking=${encodeURIComponent(booking.id)}`}>
            Leave feedback
          </Link>
        ) : null}
        {can("reschedule") ? (
          <button type="button" className={`btn ${status === "no_show" ? "btn--primary" : "btn--secondary"} btn--lg`} onClick={() => setOpen("reschedule")}>
            {status === "no_show" ? "Choose a new time" : "Reschedule"}
          </button>
        ) : null}
        {status === "confirmed" ? (
          <button
            type="button"
            className="btn btn--secondary btn--lg"
            onClick={() =>
              void downloadCalendar(booking).then((message) => {
                if (message) setProblem(message);
              })
            }
          >
            Add to calendar
          </button>
        ) : null}
        {can("no_show") ? (
          <button type="button" className="btn btn--ghost" onClick={() => setOpen("no_show")}>
            {learner ? `${first(booking.mentor.name)} didn’t join?` : `${first(booking.learner.name)} didn’t join?`}
          </button>
        ) : null}
        {can("cancel") ? (
          <button type="button" className="btn btn--ghost bk-actions__cancel" onClick={() => setOpen("cancel")}>
            {status === "pending" && learner ? "Withdraw request" : "Cancel session"}
          </button>
        ) : null}
      </div>
      {showJoin && !joinable ? (
        <p id="join-hint" className="bk-view__hint">
          {now < Date.parse(booking.end) ? "You can join from 10 minutes before the start." : "This session has ended."}
        </p>
      ) : null}
      {status === "confirmed" && !can("cancel") && !can("reschedule") && learner && Date.parse(booking.start) > now ? (
        <p className="bk-view__hint">Changes close 12 hours before the start. If something comes up, write to your mentor or to support.</p>
      ) : null}

      <section className="bk-card" aria-labelledby="bk-details-title">
        <h2 id="bk-details-title" className="bk-card__title">
          Session details
        </h2>
        <dl className="bk-summary">
          <div>
            <dt>{learner ? "Mentor" : "Learner"}</dt>
            <dd>{learner ? <Link to={mentorPath}>{booking.mentor.name}</Link> : booking.learner.name}</dd>
          </div>
          <div>
            <dt>Session</dt>
            <dd>
              {booking.service.title} · {durationLabel(booking.service.duration_minutes)}
            </dd>
          </div>
          <div>
            <dt>When</dt>
            <dd data-testid="booking-when">
              <time dateTime={booking.start}>
                {when.day}, {when.time}
              </time>
              <span className="bk-summary__zone">Shown in your time zone: {when.zoneName}</span>
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd data-testid="booking-price">{priceLabelOf(booking.price_paise)}</dd>
          </div>
          {booking.meeting_url && (status === "confirmed" || status === "completed") ? (
            <div>
              <dt>Meeting link</dt>
              <dd className="bk-summary__link" data-testid="meeting-link">
                <a href={booking.meeting_url} target="_blank" rel="noopener noreferrer">
                  {booking.meeting_url.replace(/^https?:\/\//u, "")}
                </a>
              </dd>
            </div>
          ) : meetingLinkWhen(booking, status) ? (
            <div>
              <dt>Meeting link</dt>
              <dd data-testid="meeting-link">{meetingLinkWhen(booking, status)}</dd>
            </div>
          ) : null}
          {booking.note ? (
            <div>
              <dt>{learner ? "Your note" : "Their note"}</dt>
              <dd className="bk-summary__note">{booking.note}</dd>
            </div>
          ) : null}
          {booking.cancel_reason ? (
            <div>
              <dt>Reason given</dt>
              <dd className="bk-summary__note">{booking.cancel_reason}</dd>
            </div>
          ) : null}
          {booking.feedback ? (
            <div>
              <dt>Feedback</dt>
              <dd>
                <span aria-label={`${booking.feedback.rating} out of 5 stars`} className="bk-stars-text">
                  {"★".repeat(booking.feedback.rating)}
                  {"☆".repeat(5 - booking.feedback.rating)}
                </span>
                {booking.feedback.text ? <span className="bk-summary__note"> {booking.feedback.text}</span> : null}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Booking reference</dt>
            <dd className="bk-summary__ref" data-testid="booking-reference">
              {bookingReference(booking.id)}
            </dd>
          </div>
        </dl>
      </section>

      <NoShowPanel booking={booking} now={now} zone={zone} onChanged={() => setMoneyVersion((n) => n + 1)} />
      <RefundPanel
        booking={booking}
        now={now}
        zone={zone}
        onCancel={can("cancel") ? () => setOpen("cancel") : undefined}
        onRefundsChanged={() => setMoneyVersion((n) => n + 1)} />
      <Receipts booking={booking} zone={zone} version={moneyVersion} />

      <nav className="bk-view__links" aria-label="More">
        <Link to="/my-bookings">All my bookings</Link>
        {learner ? <Link to={mentorPath}>{status === "cancelled" || status === "expired" ? `Book another time with ${first(booking.mentor.name)}` : `${first(booking.mentor.name)}’s profile`}</Link> : null}
      </nav>

      {open === "cancel" || open === "decline" ? (
        <CancelDialog
          booking={booking}
          decline={open === "decline"}
          withdraw={open === "cancel" && status === "pending" && learner}
          onClose={() => setOpen(undefined)}
          onDone={done(
            open === "decline"
              ? "Request declined. The learner has been told."
              : status === "pending" && learner
                ? "Request withdrawn. We’ve told your mentor."
                : "The session is cancelled. We’ve told everyone by e-mail.",
          )}
        />
      ) : null}
      {open === "reschedule" ? (
        <RescheduleDialog booking={booking} zone={zone} onClose={() => setOpen(undefined)} onDone={done("Session moved. The new time is in your e-mail with an updated calendar entry.")} />
      ) : null}
      {open === "no_show" ? <NoShowDialog booking={booking} onClose={() => setOpen(undefined)} onDone={done("Thanks for letting us know.")} /> : null}
    </article>
  );
}

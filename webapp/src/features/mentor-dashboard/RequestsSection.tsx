import { useId, useRef, useState, type FormEvent } from "react";
import { Dialog } from "../../components/Dialog";
import { FormAlert, TextArea } from "../../components/form";
import { Icon } from "../../components/icons";
import { bookingFormLimits } from "../../lib/domain";
import { acceptBooking, allows, declineBooking, type Booking } from "../../lib/api/bookings";
import { instantLabel, timeLeftShort } from "../../lib/time";
import { firstName, useNow } from "../../lib/sessions";
import type { Loaded as LoadedBookings } from "../../lib/useBookings";
import type { Tab } from "./MentorDashboardPage";
import { SectionFailed, SectionHeader, SectionLoading } from "./parts";
import { act, mentorZone, SessionHead } from "./sessions";

/** Under this much time left, the deadline shows as urgent. */
const URGENT_MS = 2 * 3_600_000;

type Notice = { tone: "success" | "error"; text: string } | undefined;

export interface RequestsSectionProps {
  /** The mentor's upcoming bookings (`as=mentor&when=upcoming`); the requests are the pending ones. */
  state: LoadedBookings<Booking[]>;
  reload: () => void;
  onChange: (bookings: Booking[]) => void;
  onOpen: (tab: Tab) => void;
}

/** The pending ones, the most urgent answer first. */
export function requestsOf(bookings: readonly Booking[]): Booking[] {
  const deadline = (b: Booking) => (b.respond_by ? Date.parse(b.respond_by) : Date.parse(b.start));
  return bookings.filter((b) => b.status === "pending").sort((a, b) => deadline(a) - deadline(b));
}

/** The answer's deadline has passed while the list was open: the server will have let the request expire. */
function lapsed(booking: Booking, now: number): boolean {
  return booking.respond_by ? Date.parse(booking.respond_by) <= now : false;
}

function acceptedText(booking: Booking): string {
  const learner = firstName(booking.learner.name);
  if (booking.status === "payment_required") return `Accepted. ${learner} has been asked to pay; the session is confirmed once they do. It’s in your schedule.`;
  return `Accepted. The session with ${learner} is confirmed and you’ll both get the meeting link by e-mail. It’s in your schedule.`;
}

function Deadline({ booking, now }: { booking: Booking; now: number }) {
  if (!booking.respond_by) return null;
  const left = timeLeftShort(booking.respond_by, now);
  const by = instantLabel(booking.respond_by, mentorZone(booking));
  const urgent = Date.parse(booking.respond_by) - now < URGENT_MS;
  return (
    <p className={`ses-item__deadline${urgent ? " is-urgent" : ""}`} data-testid="respond-by">
      <Icon name="clock" size={16} />
      {left ? (
        <span>
          <strong>Respond within {left}</strong> (by {by}). After that the request expires and the time is freed.
        </span>
      ) : (
        <span>The time to respond has passed.</span>
      )}
    </p>
  );
}

function DeclineDialog({ booking, onClose, onDeclined }: { booking: Booking; onClose: () => void; onDeclined: (b: Booking) => void }) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (!text) {
      setError("Tell the learner why, in a few words: they’ll read it in the e-mail we send.");
      field.current?.querySelector("textarea")?.focus();
      return;
    }
    setError(undefined);
    setFailure(undefined);
    setBusy(true);
    const outcome = await act(() => declineBooking(booking.id, text), "We couldn’t decline this request. Please try again.");
    setBusy(false);
    if (!outcome) return;
    if (outcome.ok) onDeclined(outcome.booking);
    else setFailure(outcome.message);
  }

  return (
    <Dialog
      title={`Decline ${firstName(booking.learner.name)}’s request?`}
      onClose={onClose}
      testId="decline-dialog"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Keep the request
          </button>
          <button type="submit" form={formId} className="btn btn--primary md-danger-btn" disabled={busy} aria-busy={busy}>
            {busy ? "Declining…" : "Decline request"}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="md-ses__decline">
        <p>
          {booking.service.title}, {instantLabel(booking.start, mentorZone(booking))}. The learner is told at once
          {booking.price_paise > 0 ? "; nothing has been charged" : ""}.
        </p>
        <div ref={field}>
          <TextArea
            label="Reason for the learner"
            name="reason"
            value={reason}
            maxLength={bookingFormLimits().reason}
            rows={3}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(undefined);
            }}
            error={error}
            hint="For example: “I’m travelling that week. Could you pick a time after the 30th?”"
            required
          />
        </div>
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      </form>
    </Dialog>
  );
}

/** Incoming requests: who, what, when (in the mentor's zone), their note and the time left to answer; accept, or decline with a reason. */
export function RequestsSection({ state, reload, onChange, onOpen }: RequestsSectionProps) {
  const now = useNow();
  const [busyId, setBusyId] = useState<string>();
  const [declining, setDeclining] = useState<Booking>();
  const [notice, setNotice] = useState<Notice>();
  const bookings = state.status === "ready" ? state.value : [];
  const requests = requestsOf(bookings);

  function replace(updated: Booking) {
    onChange(bookings.map((b) => (b.id === updated.id ? updated : b)));
  }

  async function accept(booking: Booking) {
    setBusyId(booking.id);
    setNotice(undefined);
    const outcome = await act(() => acceptBooking(booking.id), "We couldn’t accept this request. Please try again.");
    setBusyId(undefined);
    if (!outcome) return;
    if (outcome.ok) {
      replace(outcome.booking);
      setNotice({ tone: "success", text: acceptedText(outcome.booking) });
    } else {
      setNotice({ tone: "error", text: outcome.message });
      if (outcome.stale) reload();
    }
  }

  return (
    <div className="md-section" aria-labelledby="md-requests-title">
      <SectionHeader
        id="md-requests-title"
        title="Requests"
        lead="Learners waiting for your answer. Times are in your own time zone."
        action={
          state.status === "ready" ? (
            <button type="button" className="btn btn--ghost" onClick={reload}>
              <Icon name="refresh" size={16} /> Refresh
            </button>
          ) : undefined
        }
      />
      <div role="status" aria-live="polite" className="md-ses__notice">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>
      {state.status === "loading" ? <SectionLoading label="Loading your requests…" /> : null}
      {state.status === "failed" ? <SectionFailed onRetry={reload} /> : null}
      {state.status === "ready" && requests.length === 0 ? (
        <div className="ses-card ses-empty" data-testid="requests-empty">
          <span className="ses-empty__icon" aria-hidden="true">
            <Icon name="message" size={24} />
          </span>
          <h3 className="ses-empty__title">No requests waiting</h3>
          <p className="ses-muted">
            When a learner asks for a session that needs your approval, it shows here with the time you have to answer. Services with instant confirmation are
            booked straight away, without a request.
          </p>
          <button type="button" className="btn btn--secondary" onClick={() => onOpen("services")}>
            Review your services
          </button>
        </div>
      ) : null}
      {requests.length > 0 ? (
        <ul className="ses-list" data-testid="requests">
          {requests.map((b) => (
            <li key={b.id} className="ses-card ses-item" data-testid="request">
              <SessionHead booking={b}>
                {b.note ? (
                  <blockquote className="ses-item__note">
                    <span className="sr-only">{firstName(b.learner.name)}’s note: </span>
                    {b.note}
                  </blockquote>
                ) : (
                  <p className="ses-muted">No note from the learner.</p>
                )}
                <Deadline booking={b} now={now} />
              </SessionHead>
              <div className="ses-item__actions">
                {allows(b, "accept") && !lapsed(b, now) ? (
                  <button type="button" className="btn btn--primary" disabled={busyId === b.id} aria-busy={busyId === b.id} onClick={() => void accept(b)}>
                    {busyId === b.id ? "Accepting…" : "Accept"}
                    <span className="sr-only"> {b.learner.name}’s request</span>
                  </button>
                ) : null}
                {allows(b, "decline") && !lapsed(b, now) ? (
                  <button type="button" className="btn btn--secondary" disabled={busyId === b.id} onClick={() => setDeclining(b)}>
                    Decline<span className="sr-only"> {b.learner.name}’s request</span>
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {declining ? (
        <DeclineDialog
          booking={declining}
          onClose={() => setDeclining(undefined)}
          onDeclined={(b) => {
            replace(b);
            setDeclining(undefined);
            setNotice({ tone: "success", text: `Declined. We’ve let ${firstName(b.learner.name)} know, with your reason.` });
          }}
        />
      ) : null}
    </div>
  );
}

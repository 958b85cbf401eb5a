import { useState } from "react";
import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { FormAlert } from "../../components/form";
import { Icon } from "../../components/icons";
import { allows, reportLearnerNoShow, type Booking } from "../../lib/api/bookings";
import { firstName } from "../../lib/sessions";
import { useBookings } from "../../lib/useBookings";
import { SectionFailed, SectionHeader, SectionLoading } from "./parts";
import { act, SessionHead } from "./sessions";

type Notice = { tone: "success" | "error"; text: string } | undefined;

function Feedback({ booking }: { booking: Booking }) {
  const feedback = booking.feedback;
  if (!feedback) return booking.status === "completed" ? <p className="ses-muted">No feedback from the learner yet.</p> : null;
  return (
    <figure className="md-ses__feedback" data-testid="feedback">
      <p className="md-ses__stars" role="img" aria-label={`Rated ${feedback.rating} out of 5`}>
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className={i < feedback.rating ? "is-on" : undefined} aria-hidden="true">
            <Icon name="star" size={16} />
          </span>
        ))}
      </p>
      {feedback.text ? <blockquote className="ses-item__note">{feedback.text}</blockquote> : null}
    </figure>
  );
}

/**
 * Completed and missed sessions, the latest first, with the learner's
 * feedback; the mentor can report that the learner did not come while the
 * domain allows it (from 10 minutes after the start, for 48 hours).
 */
export function PastSessionsSection() {
  const past = useBookings("mentor", "past");
  const [reporting, setReporting] = useState<Booking>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const bookings = past.state.status === "ready" ? past.state.value : [];

  async function report(booking: Booking) {
    setBusy(true);
    setNotice(undefined);
    const outcome = await act(() => reportLearnerNoShow(booking.id), "We couldn’t record this. Please try again.");
    setBusy(false);
    setReporting(undefined);
    if (!outcome) return;
    if (outcome.ok) {
      past.set(bookings.map((b) => (b.id === outcome.booking.id ? outcome.booking : b)));
      setNotice({ tone: "success", text: `Recorded: ${firstName(booking.learner.name)} didn’t attend. We’ve let them know.` });
    } else {
      setNotice({ tone: "error", text: outcome.message });
      if (outcome.stale) past.reload();
    }
  }

  return (
    <div className="md-section" aria-labelledby="md-past-title">
      <SectionHeader id="md-past-title" title="Past sessions" lead="Sessions that have happened, with what learners said about them." />
      <div role="status" aria-live="polite" className="md-ses__notice">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>
      {past.state.status === "loading" ? <SectionLoading label="Loading your past sessions…" /> : null}
      {past.state.status === "failed" ? <SectionFailed onRetry={past.reload} /> : null}
      {past.state.status === "ready" && bookings.length === 0 ? (
        <div className="ses-card ses-empty" data-testid="past-empty">
          <span className="ses-empty__icon" aria-hidden="true">
            <Icon name="star" size={24} />
          </span>
          <h3 className="ses-empty__title">No past sessions yet</h3>
          <p className="ses-muted">
            After each session it moves here, with the learner’s rating and feedback once they give it. Their reviews build your rating.
          </p>
        </div>
      ) : null}
      {bookings.length > 0 ? (
        <ul className="ses-list" data-testid="past">
          {bookings.map((b) => (
            <li key={b.id} className="ses-card ses-item" data-testid="past-session">
              <SessionHead booking={b}>
                <Feedback booking={b} />
              </SessionHead>
              <div className="ses-item__actions">
                {allows(b, "no_show") ? (
                  <button type="button" className="btn btn--secondary" onClick={() => setReporting(b)}>
                    Report a no-show<span className="sr-only">: {b.learner.name} didn’t attend</span>
                  </button>
                ) : null}
                <Link className="btn btn--ghost" to={`/my-bookings/${encodeURIComponent(b.id)}`}>
                  View booking<span className="sr-only"> (session with {b.learner.name})</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {reporting ? (
        <Dialog
          title={`Report that ${firstName(reporting.learner.name)} didn’t attend?`}
          onClose={() => setReporting(undefined)}
          testId="no-show-dialog"
          actions={
            <>
              <button type="button" className="btn btn--ghost" onClick={() => setReporting(undefined)}>
                Cancel
              </button>
              <button type="button" className="btn btn--primary md-danger-btn" disabled={busy} aria-busy={busy} onClick={() => void report(reporting)}>
                {busy ? "Reporting…" : "Report no-show"}
              </button>
            </>
          }
        >
          <p>
            Only report it if {firstName(reporting.learner.name)} didn’t join the meeting at all. We’ll tell them; they aren’t refunded, and the session can’t
            be rated afterwards.
          </p>
        </Dialog>
      ) : null}
    </div>
  );
}

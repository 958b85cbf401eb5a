/** The session parts both dashboards draw: the status pill and the join button. */
import { Suspense, useId } from "react";
import type { Booking, Side } from "../lib/api/bookings";
import { confirmingPayment, joinEarlyMinutes, joinState, statusLabel } from "../lib/sessions";
import { clockTime, safeZone } from "../lib/time";
import "./session-parts.css";

/** The booking's status as a coloured pill (the words carry the meaning; the colour only repeats it). */
export function StatusPill({ booking, side = "learner" }: { booking: Booking; side?: Side }) {
  return (
    <span className={`ses-pill ses-pill--${confirmingPayment(booking) ? "confirming" : booking.status}`} data-testid="status">
      {statusLabel(booking, side)}
    </span>
  );
}

/**
 * The meeting's link, opened from 10 minutes before the start until the
 * end; before that a disabled button that says when it opens (in `zone`).
 * Nothing for a booking that is not confirmed.
 */
export function JoinButton(props: { booking: Booking; now: number; zone: string }) {
  // The join window's rule may still be on its way (the dashboards' module): meanwhile, a button that waits.
  const waiting = (
    <button type="button" className="btn btn--secondary ses-join" disabled data-testid="join">
      Join session
    </button>
  );
  return (
    <Suspense fallback={props.booking.status === "confirmed" && props.booking.meeting_url ? waiting : null}>
      <Join {...props} />
    </Suspense>
  );
}

function Join({ booking, now, zone }: { booking: Booking; now: number; zone: string }) {
  const hintId = useId();
  const state = joinState(booking, now);
  if (state.open && booking.meeting_url) {
    return (
      <a className="btn btn--primary ses-join" href={booking.meeting_url} target="_blank" rel="noopener noreferrer" data-testid="join">
        Join session<span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (state.open || !state.opensAt) return null;
  return (
    <span className="ses-join-wait">
      <button type="button" className="btn btn--secondary ses-join" disabled aria-describedby={hintId} data-testid="join">
        Join session
      </button>
      <span id={hintId} className="ses-muted ses-join-hint">
        {state.opensAt.getTime() - now < 12 * 3_600_000 ? `Opens at ${clockTime(state.opensAt, safeZone(zone))}` : `Opens ${joinEarlyMinutes()} minutes before the start`}
      </span>
    </span>
  );
}

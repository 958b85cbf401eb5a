import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { allows, type Booking } from "../../lib/api/bookings";
import { dayHeading, timeLeftShort } from "../../lib/time";
import { JoinButton } from "../../components/SessionParts";
import { firstName, joinEarlyMinutes, useNow } from "../../lib/sessions";
import type { Loaded as LoadedBookings } from "../../lib/useBookings";
import type { Tab } from "./MentorDashboardPage";
import { SectionFailed, SectionHeader, SectionLoading } from "./parts";
import { byStart, mentorZone, SessionHead } from "./sessions";

export interface ScheduleSectionProps {
  /** The mentor's upcoming bookings; the schedule is the confirmed ones and those awaiting payment. */
  state: LoadedBookings<Booking[]>;
  reload: () => void;
  onOpen: (tab: Tab) => void;
}

/** Confirmed sessions and those awaiting the learner's payment, soonest first. */
export function scheduleOf(bookings: readonly Booking[]): Booking[] {
  return bookings.filter((b) => b.status === "confirmed" || b.status === "payment_required").sort(byStart);
}

/** The sessions grouped by their day in the mentor's zone, in order. */
function byDay(bookings: readonly Booking[]): { day: string; items: Booking[] }[] {
  const groups: { day: string; items: Booking[] }[] = [];
  for (const b of bookings) {
    const day = dayHeading(b.start, mentorZone(b));
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(b);
    else groups.push({ day, items: [b] });
  }
  return groups;
}

function ScheduleCard({ booking, now }: { booking: Booking; now: number }) {
  const zone = mentorZone(booking);
  const changeable = allows(booking, "cancel") || allows(booking, "reschedule");
  const payLeft = booking.status === "payment_required" && booking.pay_by ? timeLeftShort(booking.pay_by, now) : null;
  return (
    <li className="ses-card ses-item" data-testid="scheduled-session">
      <SessionHead booking={booking} level={4}>
        {booking.status === "payment_required" ? (
          <p className="ses-item__deadline" data-testid="pay-by">
            <Icon name="clock" size={16} />
            <span>
              {payLeft
                ? `Waiting for ${firstName(booking.learner.name)} to pay (${payLeft} left). If they don’t, the time is freed again.`
                : `Waiting for ${firstName(booking.learner.name)} to pay.`}
            </span>
          </p>
        ) : null}
        {booking.note ? (
          <blockquote className="ses-item__note">
            <span className="sr-only">{firstName(booking.learner.name)}’s note: </span>
            {booking.note}
          </blockquote>
        ) : null}
      </SessionHead>
      <div className="ses-item__actions">
        <JoinButton booking={booking} now={now} zone={zone} />
        <Link className="btn btn--secondary" to={`/my-bookings/${encodeURIComponent(booking.id)}`} data-testid="manage">
          {changeable ? "Reschedule or cancel" : "View booking"}
          <span className="sr-only"> (session with {booking.learner.name})</span>
        </Link>
      </div>
    </li>
  );
}

/** The mentor's upcoming sessions by day, with the meeting link (open from 10 minutes before) and the way to change them. */
export function ScheduleSection({ state, reload, onOpen }: ScheduleSectionProps) {
  const now = useNow();
  const sessions = state.status === "ready" ? scheduleOf(state.value) : [];
  return (
    <div className="md-section" aria-labelledby="md-schedule-title">
      <SectionHeader
        id="md-schedule-title"
        title="Schedule"
        lead={`Your upcoming sessions. Times are in your own time zone; the join button opens ${joinEarlyMinutes()} minutes before each starts.`}
      />
      {state.status === "loading" ? <SectionLoading label="Loading your schedule…" /> : null}
      {state.status === "failed" ? <SectionFailed onRetry={reload} /> : null}
      {state.status === "ready" && sessions.length === 0 ? (
        <div className="ses-card ses-empty" data-testid="schedule-empty">
          <span className="ses-empty__icon" aria-hidden="true">
            <Icon name="video" size={24} />
          </span>
          <h3 className="ses-empty__title">No upcoming sessions</h3>
          <p className="ses-muted">
            Confirmed sessions show here with their meeting links. Keep your availability up to date so learners can find a time that suits you both.
          </p>
          <button type="button" className="btn btn--secondary" onClick={() => onOpen("availability")}>
            Check your availability
          </button>
        </div>
      ) : null}
      {sessions.length > 0 ? (
        <div className="md-ses__days" data-testid="schedule">
          {byDay(sessions).map((group) => (
            <div key={group.day} className="md-ses__day">
              <h3 className="md-ses__day-title">{group.day}</h3>
              <ul className="ses-list">
                {group.items.map((b) => (
                  <ScheduleCard key={b.id} booking={b} now={now} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

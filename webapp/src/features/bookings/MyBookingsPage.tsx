/**
 * `/my-bookings`: the signed-in person's sessions in three lists,
 * upcoming, past and cancelled (`?tab=`), each from `GET
 * /api/bookings/?as=learner&when=…`; a mentor can switch to the sessions
 * booked with them (`?as=mentor`). Each booking leads to its own screen,
 * with its next action named.
 */
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import { durationLabel } from "../../lib/domain";
import { SessionEndedError } from "../../lib/api/client";
import { useSession } from "../../lib/session";
import { fetchBookings } from "../../lib/api/bookings";
import { priceLabelOf } from "../../lib/money";
import { StatusBadge } from "./BookingView";
import { liveState } from "./rules";
import { clockTime, dateBadge, dayDate, viewerZone, zoneLabel, zoneLongName } from "../../lib/time";
import type { Booking, BookingAction, BookingsTab } from "./types";
import { failureMessage } from "./useBooking";
import { useNow } from "../../lib/sessions";
import "./bookings.css";

const TABS: { id: BookingsTab; label: string }[] = [
  { id: "upcoming", label: "Upcoming" },
  { id: "past", label: "Past" },
  { id: "cancelled", label: "Cancelled" },
];

type Loaded = { key: string; status: "ready"; bookings: Booking[] } | { key: string; status: "error"; message: string };

const NEXT: Partial<Record<BookingAction, string>> = {
  pay: "Pay now",
  accept: "Respond",
  join: "Join",
  feedback: "Leave feedback",
  reschedule: "Choose a new time",
};

function nextLabel(booking: Booking, actions: BookingAction[]): string {
  for (const action of ["pay", "accept", "join", "feedback"] as const) if (actions.includes(action)) return NEXT[action] ?? "View";
  if (booking.status === "no_show" && actions.includes("reschedule")) return NEXT.reschedule ?? "View";
  return "View details";
}

function BookingCard({ booking, zone, now }: { booking: Booking; zone: string; now: number }) {
  const { status, actions } = liveState(booking, now);
  const start = new Date(booking.start);
  const end = new Date(booking.end);
  const other = booking.role === "mentor" ? booking.learner.name : booking.mentor.name;
  const headingId = `bk-card-${booking.id}`;
  const { day, month } = dateBadge(start, zone);
  const label = nextLabel(booking, actions);
  return (
    <li className="bk-item" data-testid="booking-item">
      <div className="bk-item__date" aria-hidden="true">
        <span className="bk-item__day">{day}</span>
        <span className="bk-item__month">{month}</span>
      </div>
      <div className="bk-item__body">
        <h2 id={headingId} className="bk-item__title">
          {booking.service.title}
          <span className="bk-item__with"> with {other}</span>
        </h2>
        <p className="bk-item__when">
          <time dateTime={booking.start}>
            {dayDate(start, zone)}, {clockTime(start, zone)} – {clockTime(end, zone)} {zoneLongName(start, zone)}
          </time>
          <span aria-hidden="true"> · </span>
          {durationLabel(booking.service.duration_minutes)} · {priceLabelOf(booking.price_paise)}
        </p>
        <StatusBadge status={status} confirming={booking.payment_confirming} />
      </div>
      <Link className={`btn ${label === "View details" ? "btn--secondary" : "btn--primary"} bk-item__go`} to={`/my-bookings/${encodeURIComponent(booking.id)}`}>
        {label}
        <span className="sr-only">: {booking.service.title} with {other}</span>
      </Link>
    </li>
  );
}

function Empty({ tab, asMentor }: { tab: BookingsTab; asMentor: boolean }) {
  const text =
    tab === "upcoming"
      ? asMentor
        ? "No upcoming sessions booked with you yet."
        : "No upcoming sessions. Find a mentor and book a time that suits you."
      : tab === "past"
        ? "No past sessions yet."
        : "Nothing cancelled. Good going!";
  return (
    <div className="bk-empty" data-testid="bookings-empty">
      <p>{text}</p>
      {tab === "upcoming" && !asMentor ? (
        <Link className="btn btn--primary" to="/mentors">
          Find a mentor
        </Link>
      ) : null}
    </div>
  );
}

export function MyBookingsPage() {
  const [search, setSearch] = useSearchParams();
  const snapshot = useSession();
  const user = snapshot.status === "user" ? snapshot.user : null;
  const zone = viewerZone(user);
  const isMentor = user?.role === "mentor";
  const tabParam = search.get("tab");
  const tab: BookingsTab = tabParam === "past" || tabParam === "cancelled" ? tabParam : "upcoming";
  const as = isMentor && search.get("as") === "mentor" ? "mentor" : "learner";
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const now = useNow();
  const key = `${as}|${tab}|${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchBookings(as, tab, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok && Array.isArray(answer.body)) setLoaded({ key, status: "ready", bookings: answer.body });
        else setLoaded({ key, status: "error", message: `We couldn’t load your bookings (the server answered ${answer.status}). Please try again.` });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof SessionEndedError) return;
        setLoaded({ key, status: "error", message: failureMessage(error) });
      },
    );
    return () => controller.abort();
  }, [as, tab, key]);

  const current = loaded?.key === key ? loaded : undefined;
  const link = (next: { tab?: BookingsTab; as?: "learner" | "mentor" }) => {
    const params = new URLSearchParams(search);
    const nextTab = next.tab ?? tab;
    const nextAs = next.as ?? as;
    if (nextTab === "upcoming") params.delete("tab");
    else params.set("tab", nextTab);
    if (nextAs === "mentor") params.set("as", "mentor");
    else params.delete("as");
    const query = params.toString();
    return query ? `?${query}` : "/my-bookings";
  };

  return (
    <div className="bk-page">
      <RouteTitle />
      <div className="container bk-page__inner bk-page__inner--wide">
        <div className="bk-list__head">
          <p className="eyebrow">Bookings</p>
          <h1 className="bk-view__title">My bookings</h1>
          <p className="bk-view__next">Times are shown in {zoneLabel(zone, new Date(now))}.</p>
        </div>

        {isMentor ? (
          <div className="bk-switch" role="group" aria-label="Whose sessions">
            <button type="button" className={`bk-switch__option${as === "learner" ? " is-on" : ""}`} aria-pressed={as === "learner"} onClick={() => setSearch(link({ as: "learner" }).replace(/^\/my-bookings$/u, ""))}>
              Sessions I booked
            </button>
            <button type="button" className={`bk-switch__option${as === "mentor" ? " is-on" : ""}`} aria-pressed={as === "mentor"} onClick={() => setSearch(link({ as: "mentor" }).replace(/^\/my-bookings$/u, ""))}>
              Booked with me
            </button>
          </div>
        ) : null}

        <nav className="bk-tabs" aria-label="Booking lists">
          {TABS.map((t) => (
            <Link key={t.id} to={link({ tab: t.id })} className={`bk-tabs__tab${t.id === tab ? " is-on" : ""}`} aria-current={t.id === tab ? "page" : undefined}>
              {t.label}
            </Link>
          ))}
        </nav>

        {current === undefined ? (
          <div aria-busy="true" data-testid="bookings-loading">
            <p className="sr-only" role="status">
              Loading your bookings…
            </p>
            <div className="skeleton bk-skeleton-card" aria-hidden="true" />
            <div className="skeleton bk-skeleton-card" aria-hidden="true" />
          </div>
        ) : current.status === "error" ? (
          <div className="bk-empty" role="alert">
            <p>{current.message}</p>
            <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : current.bookings.length === 0 ? (
          <Empty tab={tab} asMentor={as === "mentor"} />
        ) : (
          <ul className="bk-items" data-testid="bookings-list">
            {current.bookings.map((booking) => (
              <BookingCard key={booking.id} booking={booking} zone={zone} now={now} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export default MyBookingsPage;

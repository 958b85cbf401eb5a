/**
 * Every screen of one booking (SPEC §2's login-only routes):
 * `/session-request/{id}`, `/session-request-pending/{id}`,
 * `/session-payment-required/{id}`, `/session-confirmed/{id}`,
 * `/session-request-cancelled/{id}`, `/my-bookings/{id}`,
 * `/booking-confirmation?booking=`, `/confirmation?booking=`, and
 * `/feedback?booking=` (= `/feedbackform`).
 *
 * Whatever route it was opened on, the screen shows the booking's real
 * state as of now and its next action; a booking that does not exist or is
 * someone else's (404 either way) shows the not-found page.
 */
import { useEffect } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import { NotFoundPage } from "../../components/NotFoundPage";
import { useSession } from "../../lib/session";
import { BookingView, type ViewVariant } from "./BookingView";
import { liveState, statusRouteMove } from "./rules";
import { viewerZone } from "../../lib/time";
import { useBooking } from "./useBooking";
import { useNow } from "../../lib/sessions";
import "./bookings.css";

export function BookingSkeleton() {
  return (
    <div className="bk-view" aria-busy="true" data-testid="booking-loading">
      <p className="sr-only" role="status">
        Loading your booking…
      </p>
      <div aria-hidden="true">
        <div className="skeleton skeleton--pill" />
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line skeleton--w90" />
        <div className="skeleton bk-skeleton-card" />
      </div>
    </div>
  );
}

export function BookingScreen({ variant }: { variant: ViewVariant }) {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params["requestId"] ?? params["sessionId"] ?? params["id"] ?? search.get("booking") ?? undefined;
  const snapshot = useSession();
  const user = snapshot.status === "user" ? snapshot.user : null;
  const zone = viewerZone(user);
  const { state, retry, refresh, replace, changedHere } = useBooking(id || undefined);
  const now = useNow();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const live = state.status === "ready" ? { id: state.booking.id, status: liveState(state.booking, now).status } : undefined;
  const move = live && !changedHere ? statusRouteMove(pathname, live) : undefined;

  // The address follows the booking's state: a confirmed session is never at `…-pending/`.
  useEffect(() => {
    if (move) void navigate(move, { replace: true });
  }, [move, navigate]);

  if (state.status === "notFound") return <NotFoundPage />;
  return (
    <div className="bk-page">
      <RouteTitle />
      <div className="container bk-page__inner">
        {state.status === "loading" ? (
          <BookingSkeleton />
        ) : state.status === "error" ? (
          <div className="bk-view" role="alert" data-testid="booking-error">
            <h1 className="bk-view__title">We couldn’t load this booking</h1>
            <p className="bk-view__next">{state.message}</p>
            <button type="button" className="btn btn--primary" onClick={retry}>
              Try again
            </button>
          </div>
        ) : (
          <BookingView booking={state.booking} variant={variant} now={now} zone={zone} onChange={replace} onStale={refresh} />
        )}
      </div>
    </div>
  );
}

/** The status routes and `/my-bookings/{id}`. */
export function BookingPage() {
  return <BookingScreen variant="detail" />;
}

export default BookingPage;

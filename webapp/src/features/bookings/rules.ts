/**
 * What a booking screen shows of the rules: the route that matches a
 * status, the status's words, and the actions allowed now.
 *
 * Which actions are allowed is the domain's table (`allowed_actions` from
 * the server). As time passes on an open screen, the crate's
 * `bookingActions` recomputes them in the browser (a join button opens
 * 10 minutes before the start without a reload); facts the answer does not
 * carry (how often it was rescheduled) keep the server's word.
 */
import { bookingActions, bookingStatus } from "../../lib/domain";
import { confirmingPayment } from "../../lib/sessions";
import type { Booking, BookingAction, BookingStatus } from "./types";

/** The screen a booking in `status` belongs on. */
export function routeFor(booking: Pick<Booking, "id" | "status">): string {
  const id = encodeURIComponent(booking.id);
  switch (booking.status) {
    case "pending":
      return `/session-request-pending/${id}`;
    case "payment_required":
      return `/session-payment-required/${id}`;
    case "confirmed":
      return `/session-confirmed/${id}`;
    case "cancelled":
    case "expired":
      return `/session-request-cancelled/${id}`;
    default:
      return `/my-bookings/${id}`;
  }
}

const STATUS_ROUTES = ["/session-request/", "/session-request-pending/", "/session-payment-required/", "/session-confirmed/", "/session-request-cancelled/"];

/**
 * Where a status route should move to once the booking is in another
 * state (a request that was accepted, paid and confirmed while its page
 * was open no longer reads "pending" in the address), or undefined when
 * the path is right or is not a status route (`/my-bookings/{id}` and the
 * confirmation and feedback screens stay where they are).
 */
export function statusRouteMove(pathname: string, booking: Pick<Booking, "id" | "status">): string | undefined {
  if (!STATUS_ROUTES.some((prefix) => pathname.startsWith(prefix))) return undefined;
  const want = routeFor(booking);
  if (want.startsWith("/my-bookings/")) return undefined;
  if (pathname.startsWith("/session-request/") && booking.status === "pending") return undefined;
  return want === pathname ? undefined : want;
}

/** The status as a short label for a badge. */
export const STATUS_LABEL: Readonly<Record<BookingStatus, string>> = {
  pending: "Awaiting mentor",
  payment_required: "Payment due",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Expired",
  no_show: "Missed",
};


/** The badge's tone. */
export function statusTone(status: BookingStatus): "info" | "warn" | "success" | "muted" | "danger" {
  switch (status) {
    case "pending":
      return "info";
    case "payment_required":
      return "warn";
    case "confirmed":
    case "completed":
      return "success";
    case "no_show":
      return "danger";
    default:
      return "muted";
  }
}

/** The crate's `Facts` of one booking. */
type BookingFacts = Parameters<typeof bookingActions>[0];

const ms = (iso: string | null | undefined) => (iso == null ? null : Date.parse(iso));

/** The booking as the crate's `Facts` (camelCase). */
function factsOf(booking: Booking): BookingFacts {
  const paid = booking.price_paise > 0 && (booking.status === "confirmed" || booking.status === "completed" || booking.status === "no_show");
  return {
    status: booking.status,
    startMs: Date.parse(booking.start),
    endMs: Date.parse(booking.end),
    respondByMs: ms(booking.respond_by) ?? undefined,
    payByMs: ms(booking.pay_by) ?? undefined,
    pricePaise: booking.price_paise,
    paidPaise: paid ? booking.price_paise : 0,
    hasFeedback: booking.feedback != null,
    rescheduleCount: 0,
    noShowBy: booking.no_show_by ?? undefined,
    noShowChoice: booking.no_show_choice ?? undefined,
  };
}

/** Actions that only the passing of time adds; anything else needs the server's word too. */
const TIMED: ReadonlySet<BookingAction> = new Set(["join", "no_show", "feedback"]);

/**
 * The booking's status and actions at `now` by the crate's rules (the
 * dashboards module, which the booking screens' loaders await); the
 * server's answer should the rules be unavailable. A payment being
 * confirmed (`payment_confirming`) is never offered to be paid again.
 */
export function liveState(booking: Booking, now: number): { status: BookingStatus; actions: BookingAction[] } {
  try {
    const facts = factsOf(booking);
    const status = bookingStatus(facts, now) as BookingStatus;
    const actions = (bookingActions(facts, booking.role, now) as BookingAction[]).filter(
      (action) => TIMED.has(action) || booking.allowed_actions.includes(action),
    );
    return { status, actions: withoutSecondPayment(booking, status, actions) };
  } catch {
    return { status: booking.status, actions: withoutSecondPayment(booking, booking.status, booking.allowed_actions) };
  }
}

/** A payment being confirmed is not paid again: no Pay while the gateway has not answered. */
function withoutSecondPayment(booking: Booking, status: BookingStatus, actions: BookingAction[]): BookingAction[] {
  return confirmingPayment(booking, status) ? actions.filter((action) => action !== "pay") : actions;
}

/** The next instant after `now` at which the booking's actions or status may change by time alone. */
export function nextBoundary(booking: Booking, now: number): number | undefined {
  const start = Date.parse(booking.start);
  const end = Date.parse(booking.end);
  const points = [
    ms(booking.respond_by),
    ms(booking.pay_by),
    start - 12 * 3_600_000,
    start - 2 * 3_600_000,
    start - 10 * 60_000,
    start,
    start + 10 * 60_000,
    end,
    start + 48 * 3_600_000,
  ];
  return points.filter((p): p is number => p !== null && !Number.isNaN(p) && p > now).sort((a, b) => a - b)[0];
}

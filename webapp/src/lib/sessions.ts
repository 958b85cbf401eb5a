/**
 * Sessions as both dashboards show them: the small readings of a booking
 * the cards need (whether the meeting can be joined now, its status in
 * words, the learner's next step). The booking itself, the dashboards'
 * calls and the readers of their answers are the shared API layer's
 * (`lib/api/bookings`); how times, zones and amounts are written is
 * `lib/time`'s and `lib/money`'s.
 *
 * Who may do what, and until when, is the server's (the domain's transition
 * table): a card offers exactly the booking's `allowed_actions`. The join
 * button alone also follows the clock while the screen stays open, so it
 * opens on time without a reload; its window is the crate's
 * (`bookingRules().joinEarlyMinutes`, in the learner's and the dashboards'
 * modules: a render that needs it before one is there suspends until the
 * learner's is).
 */
import { useEffect, useState } from "react";
import { allows, type Booking, type BookingStatus, type Side } from "./api/bookings";
import { bookingRules, shortName } from "./domain";
import { serverNow } from "./clock";

/* ---------- Reading a booking ---------- */

/** The domain's `JOIN_EARLY_MINUTES`: the meeting opens this many minutes before the start. */
export function joinEarlyMinutes(): number {
  return bookingRules().joinEarlyMinutes;
}

export type JoinState = { open: true } | { open: false; opensAt: Date } | { open: false; opensAt: null };

/**
 * Whether the meeting can be joined at `now`: a confirmed booking with its
 * link, from the start less `JOIN_EARLY_MINUTES` until the end. Before the
 * window, when it opens; after it (or without a link), never. When the
 * server said `join` as it answered, the link is open until the end whatever
 * this browser's clock says (a clock running behind, or the server's test
 * clock); the browser's clock only opens it on time while the screen stays
 * open.
 */
export function joinState(booking: Booking, now: number): JoinState {
  const start = Date.parse(booking.start);
  const end = Date.parse(booking.end);
  if (booking.status !== "confirmed" || !booking.meeting_url || !Number.isFinite(start) || now >= end) return { open: false, opensAt: null };
  if (allows(booking, "join")) return { open: true };
  const opens = start - joinEarlyMinutes() * 60_000;
  if (now < opens) return { open: false, opensAt: new Date(opens) };
  return { open: true };
}

const STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  pending: "Awaiting the mentor",
  payment_required: "Awaiting payment",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Expired",
  no_show: "Missed",
};

/**
 * Whether the booking, in `status` (its own unless a screen recomputed it
 * as time passed), waits on a payment the checkout reported and the gateway
 * has not confirmed yet: it stays `payment_required` (its `pay_by` frozen)
 * and is confirmed as soon as the gateway answers; no one is asked to pay
 * again meanwhile. The dashboards and the booking screens.
 */
export function confirmingPayment(booking: Pick<Booking, "status" | "payment_confirming">, status: BookingStatus = booking.status): boolean {
  return status === "payment_required" && booking.payment_confirming === true;
}

/** The status's words for a payment the gateway has not confirmed yet (still `payment_required`). */
export const CONFIRMING_LABEL = "Confirming payment";

/** What the learner reads while their payment is being confirmed. */
export const CONFIRMING_NOTICE =
  "We’re confirming your payment with the bank. This usually takes a minute; you’ll get an e-mail as soon as your session is confirmed. You haven’t been charged twice.";

/** The status in words; a mentor sees a request as one, and a payment being confirmed reads as such. */
export function statusLabel(booking: Booking, side: Side = "learner"): string {
  if (side === "mentor" && booking.status === "pending") return "Request";
  if (confirmingPayment(booking)) return CONFIRMING_LABEL;
  if (booking.status === "no_show")
    return booking.no_show_by === "mentor" ? "Mentor didn’t attend" : booking.no_show_by === "learner" ? "Learner didn’t attend" : "Missed";
  return STATUS_LABELS[booking.status] ?? booking.status;
}

/** The learner's next step for an upcoming booking: what to do, and the page where it is done. */
export function learnerNextStep(booking: Booking): { text: string; label: string; to: string } {
  const id = encodeURIComponent(booking.id);
  switch (booking.status) {
    case "pending":
      return { text: `Waiting for ${firstName(booking.mentor.name)} to accept your request.`, label: "View request", to: `/session-request-pending/${id}` };
    case "payment_required":
      return confirmingPayment(booking)
        ? { text: CONFIRMING_NOTICE, label: "View booking", to: `/my-bookings/${id}` }
        : { text: "Pay to confirm your session before the hold runs out.", label: "Pay now", to: `/session-payment-required/${id}` };
    case "confirmed":
      return {
        text:
          allows(booking, "cancel") || allows(booking, "reschedule")
            ? "You’re all set. Need to change it? Reschedule or cancel from the booking."
            : "You’re all set.",
        label: "View booking",
        to: `/my-bookings/${id}`,
      };
    default:
      return { text: "", label: "View booking", to: `/my-bookings/${id}` };
  }
}

/** The name to address a person by: the crate's `shortName` ("Dr. Asha Rao" is Asha, never "Dr."). */
export function firstName(name: string): string {
  return shortName(name);
}

/* ---------- Time ---------- */

/** The current time, moving every `everyMs` while the screen is open (countdowns, the join window). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

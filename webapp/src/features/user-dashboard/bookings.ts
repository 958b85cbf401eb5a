/**
 * Sessions as both dashboards show them: the booking as the API answers it
 * (BOOKING.md §2), the dashboards' calls, and the small readings of a
 * booking the cards need (its time in a zone, the time left before a
 * deadline, whether the meeting can be joined now, the learner's next step).
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
import { api, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";
import { bookingRules, shortName } from "../../lib/domain";
import { zoneLabel } from "../../lib/time";

export type { Answer } from "../../lib/api/client";

/* ---------- The booking (BOOKING.md §2; types generated from the OpenAPI document) ---------- */

export type BookingStatus = Schemas["BookingStatus"];
export type BookingAction = Schemas["BookingAction"];
/** One booking as `GET /api/bookings/` answers it; times are RFC 3339 UTC, `status` as of now. */
export type Booking = Schemas["Booking"];

/** A booking's readable body, or undefined when it is not one. */
export function readBooking(body: unknown): Booking | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Partial<Booking>;
  return typeof b.id === "string" && typeof b.status === "string" && typeof b.start === "string" && Array.isArray(b.allowed_actions)
    ? (b as Booking)
    : undefined;
}

/** A list's readable bookings, or undefined when the body is not a list. */
export function readBookings(body: unknown): Booking[] | undefined {
  if (!Array.isArray(body)) return undefined;
  return body.map(readBooking).filter((b): b is Booking => b !== undefined);
}

/* ---------- Calls ---------- */

const authorised = { authorised: true } as const;

export type Side = "learner" | "mentor";
export type When = "upcoming" | "past" | "cancelled";

/** `GET /api/bookings/?as=…&when=…`: the caller's own bookings, a bare list. */
export function fetchBookings(side: Side, when: When): Promise<Answer<Booking[]>> {
  return api.send<Booking[]>(`/api/bookings/?as=${side}&when=${when}`, authorised);
}

export function acceptBooking(id: string): Promise<Answer<Booking>> {
  return api.send<Booking>(`/api/bookings/${encodeURIComponent(id)}/accept/`, { ...authorised, method: "POST" });
}

export function declineBooking(id: string, reason: string): Promise<Answer<Booking>> {
  return api.send<Booking>(`/api/bookings/${encodeURIComponent(id)}/decline/`, { ...authorised, method: "POST", json: { reason } });
}

/** The mentor reports that the learner did not come (no choice, no refund). */
export function reportLearnerNoShow(id: string): Promise<Answer<Booking>> {
  return api.send<Booking>(`/api/bookings/${encodeURIComponent(id)}/no-show/`, { ...authorised, method: "POST", json: {} });
}

/* ---------- Reading a booking ---------- */

/** The domain's `JOIN_EARLY_MINUTES`: the meeting opens this many minutes before the start. */
export function joinEarlyMinutes(): number {
  return bookingRules().joinEarlyMinutes;
}

export function allows(booking: Booking, action: BookingAction): boolean {
  return booking.allowed_actions.includes(action);
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
 * Whether the booking waits on a payment the checkout reported and the
 * gateway has not confirmed yet: it stays `payment_required` (its `pay_by`
 * frozen) and is confirmed as soon as the gateway answers; no one is asked
 * to pay again meanwhile.
 */
export function confirmingPayment(booking: Booking): boolean {
  return booking.status === "payment_required" && booking.payment_confirming === true;
}

/** What the learner reads while their payment is being confirmed. */
export const CONFIRMING_NOTICE =
  "We’re confirming your payment with the bank. This usually takes a minute; you’ll get an e-mail as soon as your session is confirmed. You haven’t been charged twice.";

/** The status in words; a mentor sees a request as one, and a payment being confirmed reads as such. */
export function statusLabel(booking: Booking, side: Side = "learner"): string {
  if (side === "mentor" && booking.status === "pending") return "Request";
  if (confirmingPayment(booking)) return "Confirming payment";
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

/**
 * How the dashboards write times is the app's one copy (`lib/time`): a
 * session on one line (`sessionRange`), an instant (`instantLabel`), the time
 * left before a deadline (`timeLeftShort`); the account's zone, else the
 * browser's (`viewerZone`).
 */
export { browserZone, instantLabel, sessionRange, timeLeftShort, viewerZone } from "../../lib/time";

/** A zone as people read it: `Kolkata — India Standard Time`. */
export function zoneName(zone: string): string {
  return zoneLabel(zone);
}

/** The current time, moving every `everyMs` while the screen is open (countdowns, the join window). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

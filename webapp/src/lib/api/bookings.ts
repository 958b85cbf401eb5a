/**
 * The booking, the list of one's bookings (the dashboards and My
 * bookings), the dashboards' booking calls (`/api/bookings/…`) and the
 * readers of their answers, through the app's one client (the booking
 * flow's own calls are `features/bookings/api.ts`): it refreshes an expired
 * token and ends the session on a refusal (SPEC §4). Each call returns the
 * answer as read; the screens decide what it means.
 *
 * The booking is the API's (BOOKING.md §2), its types generated from the
 * OpenAPI document (`schema.d.ts`, `just api-types`). Who may do what, and
 * until when, is the server's (the domain's transition table): a booking
 * carries the actions it allows now (`allowed_actions`, read by `allows`).
 */
import { api, type Answer } from "./client";
import type { Schemas } from "./types";

export type { Answer } from "./client";

/* ---------- The booking ---------- */

export type BookingStatus = Schemas["BookingStatus"];
export type BookingAction = Schemas["BookingAction"];
/** One booking as `GET /api/bookings/` answers it; times are RFC 3339 UTC, `status` as of now. */
export type Booking = Schemas["Booking"];

/** Whose bookings: the caller's as the learner, or as the mentor. */
export type Side = "learner" | "mentor";
/** Which of them: still to come, over, or cancelled. */
export type When = "upcoming" | "past" | "cancelled";

/* ---------- Readers ---------- */

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

/** Whether the server allowed `action` on the booking when it answered (its `allowed_actions`). */
export function allows(booking: Booking, action: BookingAction): boolean {
  return booking.allowed_actions.includes(action);
}

/* ---------- Calls ---------- */

const authorised = { authorised: true } as const;

/** `GET /api/bookings/?as=…&when=…`: the caller's own bookings, a bare list (the dashboards, My bookings). */
export function fetchBookings(side: Side, when: When, signal?: AbortSignal): Promise<Answer<Booking[]>> {
  return api.send<Booking[]>(`/api/bookings/?as=${side}&when=${when}`, { ...authorised, ...(signal ? { signal } : {}) });
}

/** `POST /api/bookings/{id}/accept/`: the mentor accepts a request. */
export function acceptBooking(id: string): Promise<Answer<Booking>> {
  return api.send<Booking>(`/api/bookings/${encodeURIComponent(id)}/accept/`, { ...authorised, method: "POST" });
}

/** `POST /api/bookings/{id}/decline/`: the mentor declines a request, with a reason. */
export function declineBooking(id: string, reason: string): Promise<Answer<Booking>> {
  return api.send<Booking>(`/api/bookings/${encodeURIComponent(id)}/decline/`, { ...authorised, method: "POST", json: { reason } });
}

/** `POST /api/bookings/{id}/no-show/`: the mentor reports that the learner did not come (no choice, no refund). */
export function reportLearnerNoShow(id: string): Promise<Answer<Booking>> {
  return api.send<Booking>(`/api/bookings/${encodeURIComponent(id)}/no-show/`, { ...authorised, method: "POST", json: {} });
}

/**
 * The booking API's bodies (issue 12), from the OpenAPI document's
 * generated types (`just api-types`): nothing here is written by hand.
 */
import type { Schemas } from "../../lib/api/types";

/** The booking's status as of now (the domain's `current()`). */
export type BookingStatus = Schemas["BookingStatus"];

/** What the caller may do now (the domain's `allowed_actions`). */
export type BookingAction = Schemas["BookingAction"];

/** The caller's relation to the booking. */
export type BookingRole = Schemas["BookingRole"];

export type BookingFeedback = Schemas["BookingFeedback"];

/** `Booking`: one booking as a participant (or an admin) sees it. Times are RFC 3339 UTC. */
export type Booking = Schemas["Booking"];

/** `POST /api/bookings/`. */
export type NewBooking = Schemas["NewBookingBody"];

/** `POST /api/bookings/{id}/checkout/`: what the gateway's checkout needs. */
export type Checkout = Schemas["CheckoutOut"];

/** What a checkout hands over for `POST /api/payments/verify/` (Razorpay's handler fields). */
export type PaymentProof = Schemas["VerifyBody"];

/** A payment method the sandbox offers. */
export type PaymentMethod = Schemas["SandboxPayBody"]["method"];

/** Which list of `GET /api/bookings/?when=`. */
export type BookingsTab = "upcoming" | "past" | "cancelled";

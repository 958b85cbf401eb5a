/**
 * The booking API's bodies (issue 12), from the OpenAPI document's
 * generated types (`just api-types`): nothing here is written by hand.
 */
import type { Schemas } from "../../lib/api/types";
import type { When } from "../../lib/api/bookings";

/**
 * The booking, its status as of now (the domain's `current()`) and what the
 * caller may do now (the domain's `allowed_actions`): the shared API layer's
 * types (`lib/api/bookings`), which the dashboards use too.
 */
export type { Booking, BookingAction, BookingStatus } from "../../lib/api/bookings";

/** The caller's relation to the booking. */
export type BookingRole = Schemas["BookingRole"];

export type BookingFeedback = Schemas["BookingFeedback"];

/** `POST /api/bookings/`. */
export type NewBooking = Schemas["NewBookingBody"];

/** `POST /api/bookings/{id}/checkout/`: what the gateway's checkout needs. */
export type Checkout = Schemas["CheckoutOut"];

/** What a checkout hands over for `POST /api/payments/verify/` (Razorpay's handler fields). */
export type PaymentProof = Schemas["VerifyBody"];

/** A payment method the sandbox offers. */
export type PaymentMethod = Schemas["SandboxPayBody"]["method"];

/** Which list of `GET /api/bookings/?when=`. */
export type BookingsTab = When;

/**
 * The booking flow's public entry: the app and the mentor page import it
 * from here only (`npm run lint` enforces it). Every screen and the booking
 * review are chunks of their own, loaded on demand; each counts as loaded
 * once the crate's on-demand rules (labels) are there too, and the booking
 * screens once the dashboards' module (the booking rules) is.
 */
import { lazy, type ComponentType } from "react";
import { loadDashboardRules, loadOnDemand } from "../../lib/domain";

export { BOOK_SERVICE_PARAM, BOOK_START_PARAM, NOTE_LIMIT } from "./constants";
export type { BookingReviewProps, ReviewService } from "./BookingReview";

function screen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => Promise.all([load(), loadOnDemand()]).then(([component]) => ({ default: component })));
}

/** A booking screen: also waits for the dashboards' module, whose booking rules recompute the actions as time passes. */
function bookingScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => Promise.all([load(), loadOnDemand(), loadDashboardRules()]).then(([component]) => ({ default: component })));
}

/** The status routes (`/session-…/{id}`) and `/my-bookings/{id}`. */
export const BookingPage = bookingScreen(() => import("./BookingPage").then((m) => m.BookingPage));
/** `/booking-confirmation?booking=` and `/confirmation?booking=`. */
export const ConfirmationPage = bookingScreen(() => import("./pages").then((m) => m.ConfirmationPage));
/** `/feedback?booking=` and `/feedbackform?booking=`. */
export const FeedbackPage = bookingScreen(() => import("./pages").then((m) => m.FeedbackPage));
/** `/my-bookings?tab=upcoming|past|cancelled`. */
export const MyBookingsPage = bookingScreen(() => import("./MyBookingsPage").then((m) => m.MyBookingsPage));
/** The review dialog a chosen time on the mentor page opens. */
export const BookingReview = screen(() => import("./BookingReview").then((m) => m.BookingReview));

/**
 * The booking flow's public entry: the app imports it from here only
 * (`npm run lint` enforces it) and composes the booking review into the
 * mentor's page. Every screen and the booking review are chunks of their
 * own, loaded on demand; each counts as loaded
 * once the crate's rules it calls are there too: the review's labels (the
 * on-demand module, or the learner's), and for the booking screens the
 * booking rules, from the learner's module (no time-zone data) unless the
 * on-demand and dashboards' modules are both there already (a mentor's
 * dashboard loaded them).
 */
import { lazy, type ComponentType } from "react";
import { loadFirstOf, loadProfileRules } from "../../lib/domain";

export { noteLimit } from "./constants";

function screen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => Promise.all([load(), loadProfileRules()]).then(([component]) => ({ default: component })));
}

/** A booking screen: also waits for the booking rules, which recompute the actions as time passes. */
function bookingScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    Promise.all([load(), loadFirstOf(["learner"], ["on-demand", "dashboards"])]).then(([component]) => ({ default: component })),
  );
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

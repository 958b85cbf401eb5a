/** The confirmation and feedback screens: the booking screen with the headline and form for the occasion. */
import { BookingScreen } from "./BookingPage";

/** `/booking-confirmation?booking=`, `/confirmation?booking=`: after booking or paying; the real state either way. */
export function ConfirmationPage() {
  return <BookingScreen variant="confirmation" />;
}

/** `/feedback?booking=`, `/feedbackform?booking=`: the rating form when feedback is open, else the booking's state. */
export function FeedbackPage() {
  return <BookingScreen variant="feedback" />;
}

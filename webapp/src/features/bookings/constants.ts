/**
 * The booking flow's small constants, shared by its lazy screens without
 * loading them. (The query keys that carry a guest's chosen time through
 * the login are the mentor page's too: `lib/booking-review`.)
 */

import { bookingFormLimits } from "../../lib/domain";

/** The longest note a learner may add to a booking: the API's parser's
 * limit, from the crate (`forms::bookings::NOTE_MAX`). */
export function noteLimit(): number {
  return bookingFormLimits().note;
}

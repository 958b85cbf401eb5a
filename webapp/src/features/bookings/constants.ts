/**
 * The booking flow's small constants, shared by its lazy screens without
 * loading them. (The query keys that carry a guest's chosen time through
 * the login are the mentor page's too: `lib/booking-review`.)
 */

/** The longest note a learner may add to a booking (the API's rule). */
export const NOTE_LIMIT = 1000;

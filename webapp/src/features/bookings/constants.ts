/** The booking flow's small constants, shared by the lazy screens and the mentor page without loading them. */

/** The longest note a learner may add to a booking (the API's rule). */
export const NOTE_LIMIT = 1000;

/** The query keys that carry a guest's chosen time through the login: `?book={serviceId}&at={start}`. */
export const BOOK_SERVICE_PARAM = "book";
export const BOOK_START_PARAM = "at";

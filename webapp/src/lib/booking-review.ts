/**
 * What a mentor's page and the booking review agree on, without either
 * importing the other's feature: the app composes the review into the page
 * (`app/screens.tsx`). The chosen service as the review needs it, the
 * review's props, and the query keys that carry a guest's chosen time
 * through the login.
 */

/** The query keys that carry a guest's chosen time through the login: `?book={serviceId}&at={start}`. */
export const BOOK_SERVICE_PARAM = "book";
export const BOOK_START_PARAM = "at";

export interface ReviewService {
  id: number;
  title: string;
  durationMinutes: number | undefined;
  /** Rupees; 0 is free. */
  price: number;
  /** Booked at once (free) or after paying, without the mentor's acceptance. */
  instant: boolean;
}

export interface BookingReviewProps {
  mentor: { id: number; name: string };
  service: ReviewService;
  /** The slot's start as the API sent it (RFC 3339). */
  start: string;
  end: Date;
  /** The viewer's IANA zone, when the page knows one; else the profile's, else the browser's. */
  timeZone?: string | undefined;
  onClose: () => void;
  /** The time was taken meanwhile: the page reads the open times again. */
  onTaken: () => void;
}

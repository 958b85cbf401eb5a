/** Bookings as the API answers them, for the feature's tests. Imported by tests only. */
import type { Booking } from "./types";

export const HOUR = 3_600_000;

/** A booking of Asha Rao's one-hour mock interview, by default pending and starting in two days. */
export function aBooking(overrides: Partial<Booking> = {}): Booking {
  const start = Date.now() + 48 * HOUR;
  return {
    id: "5b0c1f0e-8a4e-4c51-9d53-2f4f1f0a9b11",
    status: "pending",
    role: "learner",
    mentor: { id: 12, name: "Asha Rao", slug: "asha-rao", image_url: null },
    learner: { name: "Ravi Kumar" },
    service: { id: 7, title: "Mock interview", duration_minutes: 60 },
    start: new Date(start).toISOString(),
    end: new Date(start + HOUR).toISOString(),
    price_paise: 150_000,
    note: "System design, please.",
    allowed_actions: ["cancel"],
    meeting_url: null,
    respond_by: new Date(Date.now() + 24 * HOUR).toISOString(),
    pay_by: null,
    cancelled_by: null,
    cancel_reason: null,
    no_show_by: null,
    no_show_choice: null,
    refund_owed_paise: 0,
    payment_confirming: false,
    feedback: null,
    mentor_time_zone: "Asia/Kolkata",
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

/** A confirmed paid booking with its meeting link. */
export function aConfirmedBooking(overrides: Partial<Booking> = {}): Booking {
  return aBooking({ status: "confirmed", allowed_actions: ["cancel", "reschedule"], meeting_url: "https://meet.jit.si/MentorBridge-abc", ...overrides });
}

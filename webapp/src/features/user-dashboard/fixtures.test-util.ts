/** Bookings as `GET /api/bookings/` answers them, for the dashboards' tests. Imported by tests only. */
import type { Booking } from "../../lib/api/bookings";

export function aBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: "7f1c6a52-3b1e-4c1d-9a51-0d3c1f2b9e01",
    status: "confirmed",
    role: "learner",
    mentor: { id: 3, name: "Asha Rao", slug: "asha-rao", image_url: "" },
    learner: { name: "Ravi Kumar" },
    service: { id: 11, title: "Career strategy call", duration_minutes: 60 },
    start: "2026-11-25T10:00:00Z",
    end: "2026-11-25T11:00:00Z",
    price_paise: 150_000,
    note: "",
    allowed_actions: ["cancel", "reschedule"],
    meeting_url: "https://meet.jit.si/MentorBridge-abcdefghijklmnopqrstuv",
    respond_by: null,
    pay_by: null,
    cancelled_by: null,
    cancel_reason: null,
    no_show_by: null,
    no_show_choice: null,
    refund_owed_paise: 0,
    payment_confirming: false,
    feedback: null,
    mentor_time_zone: "Asia/Kolkata",
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-20T10:00:00Z",
    ...overrides,
  };
}

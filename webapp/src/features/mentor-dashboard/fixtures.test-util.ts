/** A mentor's dashboard data as the server answers it, for the dashboard's tests. Imported by tests only. */
import type { MentorProfile, MentorService, StoredAvailability } from "./api";

export function aProfile(overrides: Partial<MentorProfile> = {}): MentorProfile {
  return {
    id: 3,
    name: "Asha Rao",
    headline: "Staff engineer at a payments company",
    bio: "I have spent twelve years building payment systems and leading teams of engineers across three companies.",
    expertise: ["Technology", "System design"],
    experience_years: 12,
    education: [{ degree: "B.Tech, Computer Science", institution: "IIT Madras", year: 2012 }],
    experience: [{ title: "Staff Engineer", company: "Razorpay", start_year: 2019, end_year: null, description: "" }],
    projects: [],
    social_links: { linkedin: "https://www.linkedin.com/in/asha-rao" },
    contact: {},
    image_url: "",
    rating: 4.8,
    updated_at: "2026-11-01T00:00:00Z",
    listed: true,
    not_listed: [],
    ...overrides,
  };
}

export function aService(overrides: Partial<MentorService> = {}): MentorService {
  return {
    id: 11,
    title: "Career strategy call",
    description: "A plan for your next move.",
    duration_minutes: 60,
    price_paise: 250_000,
    price: 2500,
    active: true,
    instant_confirmation: false,
    commission_bps: 1500,
    commission_paise: 37_500,
    mentor_receives_paise: 212_500,
    ...overrides,
  };
}

export function anAvailability(overrides: Partial<StoredAvailability> = {}): StoredAvailability {
  return {
    time_zone: "Europe/London",
    weekly: [{ weekday: 0, start: "09:00", end: "12:00" }],
    overrides: [],
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    minimum_notice_minutes: 0,
    booking_window_days: 30,
    configured: true,
    ...overrides,
  };
}

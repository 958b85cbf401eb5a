/**
 * The parts of a mentor profile the domain module passes through unchecked
 * (`GET /api/mentors/{id}/`: education, experience, projects, services'
 * titles and durations, social links, open slots), narrowed to what the
 * profile page can show. Anything malformed is left out, never shown raw.
 */
import { safeUrl as safeHttpUrl, upcomingSlots as upcomingSlotIndices } from "../../lib/domain";
import type { Mentor } from "../../lib/api/mentors";

export interface ProfileService {
  key: string;
  title: string;
  description: string;
  /** Minutes, when the API gave a positive whole number. */
  durationMinutes: number | undefined;
  /** Rupees; 0 is free. */
  price: number;
}

export interface EducationEntry {
  degree: string;
  institution: string;
  year: number | undefined;
}

export interface ExperienceEntry {
  title: string;
  company: string;
  startYear: number | undefined;
  /** Undefined while the role is current. */
  endYear: number | undefined;
  description: string;
}

export interface ProjectEntry {
  title: string;
  description: string;
  /** An http(s) address, or undefined. */
  url: string | undefined;
}

export interface ProfileLink {
  kind: string;
  label: string;
  url: string;
}

export interface Slot {
  key: string;
  start: Date;
  end: Date;
}

type Fields = Record<string, unknown>;

function records(value: unknown): Fields[] {
  return Array.isArray(value) ? value.filter((v): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v)) : [];
}

function text(record: Fields, field: string): string {
  const value = record[field];
  return typeof value === "string" ? value.trim() : "";
}

function wholeNumber(record: Fields, field: string): number | undefined {
  const value = record[field];
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/** The address when it is a plain http(s) URL (the crate's `mentor_profile::safe_url`), else undefined. */
export function safeUrl(value: unknown): string | undefined {
  return typeof value === "string" ? safeHttpUrl(value) : undefined;
}

export function servicesOf(mentor: Mentor): ProfileService[] {
  return mentor.services.map((service, i) => {
    const fields = service as Fields;
    const minutes = wholeNumber(fields, "duration_minutes");
    return {
      key: typeof service.id === "number" || typeof service.id === "string" ? String(service.id) : `service-${i}`,
      title: text(fields, "title") || "Mentoring session",
      description: text(fields, "description"),
      durationMinutes: minutes !== undefined && minutes > 0 ? minutes : undefined,
      price: service.price,
    };
  });
}

export function educationOf(mentor: Mentor): EducationEntry[] {
  return records(mentor.education)
    .map((e) => ({ degree: text(e, "degree"), institution: text(e, "institution"), year: wholeNumber(e, "year") }))
    .filter((e) => e.degree || e.institution);
}

export function experienceOf(mentor: Mentor): ExperienceEntry[] {
  return records(mentor.experience)
    .map((e) => ({
      title: text(e, "title"),
      company: text(e, "company"),
      startYear: wholeNumber(e, "start_year"),
      endYear: wholeNumber(e, "end_year"),
      description: text(e, "description"),
    }))
    .filter((e) => e.title || e.company);
}

export function projectsOf(mentor: Mentor): ProjectEntry[] {
  return records(mentor.projects)
    .map((p) => ({ title: text(p, "title"), description: text(p, "description"), url: safeUrl(p.url) }))
    .filter((p) => p.title);
}

const LINK_LABELS: Readonly<Record<string, string>> = {
  linkedin: "LinkedIn",
  twitter: "X (Twitter)",
  x: "X",
  github: "GitHub",
  youtube: "YouTube",
  instagram: "Instagram",
  medium: "Medium",
  website: "Website",
};

function linkLabel(kind: string): string {
  return LINK_LABELS[kind.toLowerCase()] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * The mentor's public profiles (`social_links`) and website (`contact.website`).
 * E-mail and phone stay private: sessions are booked and paid here.
 */
export function linksOf(mentor: Mentor): ProfileLink[] {
  const links: ProfileLink[] = [];
  const social = mentor.social_links;
  if (typeof social === "object" && social !== null && !Array.isArray(social)) {
    for (const [kind, value] of Object.entries(social as Fields)) {
      const url = safeUrl(value);
      if (url) links.push({ kind: kind.toLowerCase(), label: linkLabel(kind), url });
    }
  }
  const contact = mentor.contact;
  if (typeof contact === "object" && contact !== null && !Array.isArray(contact)) {
    const url = safeUrl((contact as Fields).website);
    if (url) links.push({ kind: "website", label: linkLabel("website"), url });
  }
  return links;
}

function instant(record: Fields, ...fields: string[]): number {
  for (const field of fields) {
    const value = record[field];
    if (typeof value !== "string") continue;
    const ms = new Date(value).getTime();
    if (!Number.isNaN(ms)) return ms;
  }
  return Number.NaN;
}

/**
 * The open slots still ahead at `nowMs`, soonest first, at most `limit`:
 * which ones is the crate's `mentor_profile::upcoming_slots`; this only
 * reads the API's times.
 */
export function upcomingSlots(mentor: Mentor, nowMs: number, limit: number): Slot[] {
  const slots = records(mentor.available_slots);
  // The API names them `start` / `end`; `starts_at` / `ends_at` are accepted too.
  const starts = Float64Array.from(slots, (s) => instant(s, "start", "starts_at"));
  const ends = Float64Array.from(slots, (s) => instant(s, "end", "ends_at"));
  return Array.from(upcomingSlotIndices(starts, ends, nowMs, limit), (i) => {
    const id = slots[i]?.id;
    return {
      key: typeof id === "number" || typeof id === "string" ? String(id) : `slot-${i}`,
      start: new Date(starts[i] ?? Number.NaN),
      end: new Date(ends[i] ?? Number.NaN),
    };
  });
}

/** The mentors API (SPEC §7): `GET /api/mentors/`, fetched without authorisation. */

export interface MentorService {
  id: number;
  title: string;
  description: string;
  duration_minutes: number;
  /** Rupees; 0 means free. May be fractional (1499.5). */
  price: number;
}

export interface Mentor {
  id: number;
  user_id: number | null;
  name: string;
  headline: string;
  expertise: string[];
  rating: number;
  experience_years: number;
  bio: string;
  /** Same-origin path such as `/media/portraits/12.svg`, or empty. */
  image_url: string;
  contact: { email?: string; website?: string };
  social_links: { linkedin?: string; twitter?: string; github?: string };
  education: { degree: string; institution: string; year: number }[];
  experience: { title: string; company: string; start_year: number; end_year: number | null; description: string }[];
  projects: { title: string; description: string; url: string }[];
  services: MentorService[];
  available_slots: { id: number; start: string; end: string }[];
  created_at: string;
  updated_at: string;
}

/** A mentor fetch that failed, with one of the spec's messages (SPEC §8). */
export class MentorFetchError extends Error {
  override name = "MentorFetchError";
}

/** The price a card shows: the first service's, or 0 (free) without services. */
export function cardPrice(mentor: Pick<Mentor, "services">): number {
  return mentor.services[0]?.price ?? 0;
}

export async function fetchMentors(signal?: AbortSignal): Promise<Mentor[]> {
  const response = await fetch("/api/mentors/", {
    headers: { Accept: "application/json" },
    credentials: "omit",
    signal,
  });
  if (!response.ok) {
    throw new MentorFetchError(`HTTP ${response.status}: ${response.statusText}`);
  }
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
    throw new MentorFetchError("Invalid response format: Expected JSON");
  }
  const body: unknown = await response.json();
  if (!Array.isArray(body)) {
    throw new MentorFetchError("Invalid API response: Expected array of mentors");
  }
  // Item validation (SPEC §5) belongs to the domain crate; until it is exported
  // to the browser, the server's own typed output is trusted.
  return body as Mentor[];
}

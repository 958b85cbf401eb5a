/**
 * A mentor as `GET /api/mentors/{id}/` answers it (Pallavi Borah, with three
 * services) and a stand-in for the mentor endpoints, for the mentor page's
 * tests and the app's test of the booking review composed into it.
 * Imported by tests only.
 */
import { vi } from "vitest";

export function pallavi(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    user_id: null,
    name: "Pallavi Borah",
    headline: "SEO and content strategist for B2B software brands",
    expertise: ["Marketing", "SEO", "Content Strategy"],
    rating: 4.6,
    review_count: 23,
    experience_years: 8,
    bio: "Pallavi grew organic traffic for a Guwahati travel startup.",
    image_url: "/media/portraits/12.svg",
    contact: { email: "pallavi@mentors.example", phone: "+919800000000", website: "https://pallavi.example/" },
    social_links: { linkedin: "https://www.linkedin.com/in/pallavi-demo", twitter: "javascript:alert(1)" },
    education: [{ degree: "M.A., Mass Communication", institution: "Tezpur University", year: 2017 }],
    experience: [
      { title: "Content Strategy Lead", company: "A B2B SaaS company", start_year: 2021, end_year: null, description: "Owns SEO." },
      { title: "Content Marketer", company: "A travel startup", start_year: 2017, end_year: 2021, description: "" },
    ],
    projects: [{ title: "Keyword atlas", description: "An open keyword map.", url: "https://atlas.example/" }],
    services: [
      { id: 23, title: "SEO audit walkthrough", description: "We audit your site together.", duration_minutes: 60, price: 1500, price_paise: 150000 },
      { id: 24, title: "Content calendar workshop", description: "", duration_minutes: 90, price: 125000, price_paise: 12500000 },
      { id: 25, title: "Intro call", description: "", duration_minutes: 20, price: 0, price_paise: 0 },
    ],
    available_slots: [
      // Out of order, and one already past: the preview sorts and drops it.
      { id: 3, start: "2030-01-08T12:00:00Z", end: "2030-01-08T12:45:00Z" },
      { id: 1, start: "2030-01-07T03:30:00Z", end: "2030-01-07T04:30:00Z" },
      { id: 9, start: "2030-01-05T03:30:00Z", end: "2030-01-05T04:30:00Z" },
    ],
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    ...overrides,
  };
}

export function mentorAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? "OK" : status === 404 ? "Not Found" : "Service Unavailable",
    headers: { "content-type": "application/json" },
  });
}

/**
 * Answers `/api/mentors/{id}/` from `mentors` (404 for others), `/api/mentors/` with all of them and
 * `/api/mentors/{id}/slots/` with `slots()` (the mentor in Europe/London).
 */
export function serveMentors(slots: () => { start: string; end: string }[], ...mentors: ReturnType<typeof pallavi>[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === "/api/mentors/") return mentorAnswer(200, mentors);
    if (/^\/api\/mentors\/\d+\/slots\/\?/.test(url)) {
      const answer = mentorAnswer(200, slots());
      answer.headers.set("X-Mentor-Time-Zone", "Europe/London");
      return answer;
    }
    if (/^\/api\/mentors\/\d+\/reviews\//.test(url)) return mentorAnswer(200, { count: 0, rating: null, reviews: [] });
    const id = Number(/^\/api\/mentors\/(\d+)\/$/.exec(url)?.[1]);
    const found = mentors.find((m) => m.id === id);
    return found ? mentorAnswer(200, found) : mentorAnswer(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

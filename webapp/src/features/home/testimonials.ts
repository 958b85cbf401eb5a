/**
 * The two fixed testimonials of the home page (SPEC §2 item 5, §3
 * "Testimonial"). The portraits are initials avatars drawn here as SVG
 * data URIs: no external images, nothing fetched.
 */

export interface Testimonial {
  name: string;
  position: string;
  /** An image URL; here a generated initials avatar. */
  image: string;
  text: string;
  /** Out of 5. */
  rating: number;
  /** The mentor the sessions were with. */
  mentorName: string;
  company: string;
  /** A public profile on https://www.linkedin.com/. */
  linkedin: string;
}

function initials(name: string): string {
  const parts = name.split(/\s+/u).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** A round avatar with the person's initials on a two-colour gradient, as a data URI. */
export function initialsAvatar(name: string, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="48" fill="url(#g)"/>` +
    `<text x="48" y="49" dominant-baseline="central" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="36" font-weight="700" fill="#fff">${initials(name)}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Ishaan Verma",
    position: "Associate Product Manager",
    image: initialsAvatar("Ishaan Verma", "#4338ca", "#7c3aed"),
    text:
      "I had spent two years in customer support wanting to move into product, with no idea how to get noticed. " +
      "In four sessions Pooja rebuilt my case-study story, ran two mock interviews with me and told me exactly where my answers were vague. " +
      "Three months later I switched teams as an APM, having paid only for the four sessions I actually needed.",
    rating: 5,
    mentorName: "Pooja Saxena",
    company: "Kaveri Learning",
    linkedin: "https://www.linkedin.com/in/ishaan-verma-apm-7c21b4/",
  },
  {
    name: "Neha Bansal",
    position: "Data Scientist",
    image: initialsAvatar("Neha Bansal", "#b45309", "#db2777"),
    text:
      "My machine-learning projects looked like every other portfolio. Ananya helped me pick one real problem from my logistics job, " +
      "take it from notebook to a small deployed service, and explain the trade-offs in interviews. " +
      "Booking took a minute, paying by UPI took less, and the meeting link was in my inbox straight away.",
    rating: 5,
    mentorName: "Ananya Krishnan",
    company: "Tarang Freight",
    linkedin: "https://www.linkedin.com/in/neha-bansal-data-3e9f58/",
  },
];

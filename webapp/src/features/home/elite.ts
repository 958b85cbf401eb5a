import { mentorScore } from "../../lib/domain";

/** How many top mentors the home page shows (SPEC §9). */
export const ELITE_COUNT = 3;

interface Ranked {
  rating: number;
  experience_years: number;
}

/**
 * The highest-rated mentors, best first. A tie on rating goes to the higher
 * ranking score of the domain (`mentorScore`: rating and experience), then
 * to the list's own order. Mentors without a rating yet (0) are not
 * "highest-rated" and are left out.
 */
export function eliteMentors<T extends Ranked>(mentors: readonly T[], count: number = ELITE_COUNT): T[] {
  return mentors
    .filter((mentor) => mentor.rating > 0)
    .map((mentor, index) => ({ mentor, index, score: mentorScore(mentor.rating, mentor.experience_years) }))
    .sort((a, b) => b.mentor.rating - a.mentor.rating || b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((r) => r.mentor);
}

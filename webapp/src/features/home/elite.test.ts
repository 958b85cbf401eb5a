import { describe, expect, it } from "vitest";
import { mentorScore } from "../../lib/domain";
import { ELITE_COUNT, eliteMentors } from "./elite";

const m = (name: string, rating: number, experience_years: number) => ({ name, rating, experience_years });

describe("Our Elite Mentors", () => {
  it("are the 3 highest-rated mentors, best first", () => {
    const mentors = [m("A", 4.2, 10), m("B", 4.9, 5), m("C", 4.7, 3), m("D", 4.95, 2), m("E", 4.1, 30), m("F", 4.8, 1)];
    expect(ELITE_COUNT).toBe(3);
    expect(eliteMentors(mentors).map((x) => x.name)).toEqual(["D", "B", "F"]);
  });

  it("break a tie on rating by the domain's score (more experience wins)", () => {
    const mentors = [m("Junior", 4.9, 6), m("Senior", 4.9, 27), m("Middle", 4.9, 14), m("Lower", 4.85, 40)];
    expect(mentorScore(4.9, 27)).toBeGreaterThan(mentorScore(4.9, 14));
    expect(eliteMentors(mentors).map((x) => x.name)).toEqual(["Senior", "Middle", "Junior"]);
  });

  it("keep the list's order when rating and score are equal", () => {
    const mentors = [m("First", 4.5, 10), m("Second", 4.5, 10), m("Third", 4.5, 10), m("Fourth", 4.5, 10)];
    expect(eliteMentors(mentors).map((x) => x.name)).toEqual(["First", "Second", "Third"]);
  });

  it("leave out mentors without a rating and cope with short lists", () => {
    expect(eliteMentors([m("New", 0, 20), m("Rated", 3.5, 1)]).map((x) => x.name)).toEqual(["Rated"]);
    expect(eliteMentors([])).toEqual([]);
  });

  it("do not reorder the list they are given", () => {
    const mentors = [m("A", 1, 1), m("B", 5, 1)];
    eliteMentors(mentors);
    expect(mentors.map((x) => x.name)).toEqual(["A", "B"]);
  });
});

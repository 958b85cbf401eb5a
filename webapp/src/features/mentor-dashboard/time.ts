/**
 * The clock times the availability editor offers. Which times are bookable
 * is the crate's rule (`mentorSlots`); nothing here decides it. The
 * browser's zone, the zones to offer, the day an instant falls on, the day
 * after a date and how times and dates are written are the app's one copy
 * (`lib/time`).
 */

/** "HH:MM" on a 15-minute grid through the day, ending with 24:00 (the next midnight). */
export const CLOCK_TIMES: readonly string[] = Array.from({ length: 97 }, (_, i) => {
  const h = Math.floor(i / 4);
  const m = (i % 4) * 15;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
});

/** The grid with `value` in it (a time saved off the grid stays choosable). */
export function timeChoices(value: string): readonly string[] {
  return CLOCK_TIMES.includes(value) ? CLOCK_TIMES : [...CLOCK_TIMES, value].sort();
}

/** `HH:MM` plus `minutes`, at most 24:00. */
export function laterBy(value: string, minutes: number): string {
  const [h = 0, m = 0] = value.split(":").map(Number);
  const total = Math.min(24 * 60, h * 60 + m + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

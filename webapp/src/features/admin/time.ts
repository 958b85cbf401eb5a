/**
 * Times as the administrator's own clock reads them, in their account's
 * zone (stated, as every screen: `lib/time`), and how long an application
 * has waited. Whether it is overdue
 * is the server's answer (`overdue`), not computed here.
 */
import { durationLabel } from "../../lib/domain";
import { dateTime, viewerZone } from "../../lib/time";
import { session } from "../../lib/session";

/** `Wed, 25 Nov 2026, 9:30 am India Standard Time`: in the signed-in person's zone, named. */
export function submittedLabel(iso: string | null | undefined): string {
  if (!iso) return "Not submitted yet";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "—";
  const snapshot = session.getSnapshot();
  return dateTime(at, viewerZone(snapshot.status === "user" ? snapshot.user : null));
}

/** The promise the queue is measured against, in minutes (SPEC: a decision within 24 hours). */
export const PROMISE_MINUTES = 24 * 60;

/** "Under a minute", else "3 hr 20 min". */
export function ageLabel(minutes: number): string {
  return minutes < 1 ? "under a minute" : durationLabel(minutes);
}

/** How far through the 24 hours an application is, 0 to 1 (for the bar only). */
export function promiseFraction(minutes: number): number {
  return Math.min(1, Math.max(0, minutes / PROMISE_MINUTES));
}

/**
 * The server's time, as this browser can best tell it.
 *
 * Deadlines (a request's answer-by, a hold's pay-by, the join window) are
 * the server's: it decides when a request expires. A device whose clock is
 * a few minutes fast would otherwise show a request as expired that the
 * mentor can still accept, or offer a slot the server refuses as too soon.
 * Every API answer carries the server's `Date` (whole seconds); the gap to
 * this device's clock, when it is larger than the header's own rounding and
 * the network's delay could make it, is added to `Date.now()`.
 */

/** Below this the gap is the header's rounding and the trip, not a wrong clock. */
export const SKEW_THRESHOLD_MS = 2_000;

export class ServerClock {
  private offset = 0;

  constructor(private readonly local: () => number = () => Date.now()) {}

  /**
   * Learns from one answer's `Date` header, read when the answer arrived.
   * The header is truncated to the second, so the server's time then was
   * half a second past it on average.
   */
  observe(date: string | null | undefined, receivedAt: number = this.local()): void {
    if (!date) return;
    const sent = Date.parse(date);
    if (Number.isNaN(sent)) return;
    const gap = sent + 500 - receivedAt;
    this.offset = Math.abs(gap) < SKEW_THRESHOLD_MS ? 0 : gap;
  }

  /** The server's time now, in ms since the epoch. */
  now(): number {
    return this.local() + this.offset;
  }

  /** How far this device's clock is behind the server's (negative: ahead), in ms. */
  skew(): number {
    return this.offset;
  }
}

/** The one clock of the app, taught by every answer of the API client. */
export const serverClock = new ServerClock();

/** The server's time now (see {@link ServerClock}). */
export function serverNow(): number {
  return serverClock.now();
}

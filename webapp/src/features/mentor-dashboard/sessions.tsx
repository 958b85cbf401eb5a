/**
 * What the mentor's Requests, Schedule and Past sessions tabs share: the
 * head of a session card (the learner, the service, its time in the
 * mentor's own zone) and the outcome of an action on a booking.
 */
import type { ReactNode } from "react";
import { durationLabel } from "../../lib/domain";
import { priceLabelOf } from "../../lib/money";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, errorMessages } from "../../lib/api/errors";
import { readBooking, type Booking } from "../../lib/api/bookings";
import { sessionRange, viewerZone, zoneLabel } from "../../lib/time";
import { StatusPill } from "../../components/SessionParts";
import { NETWORK_ERROR } from "./messages";
import "./sessions.css";

/** The zone a mentor reads a booking's time in: the zone of their availability, as the booking carries it. */
export function mentorZone(booking: Booking): string {
  return booking.mentor_time_zone || viewerZone(null);
}

export function byStart(a: Booking, b: Booking): number {
  return Date.parse(a.start) - Date.parse(b.start);
}

/** The learner, the service with its length and price, the status and the time in the mentor's zone. */
export function SessionHead({ booking, level = 3, children }: { booking: Booking; level?: 3 | 4; children?: ReactNode }) {
  const zone = mentorZone(booking);
  const Title = level === 4 ? "h4" : "h3";
  return (
    <>
      <div className="ses-item__head md-ses__head">
        <div className="ses-item__who">
          <Title className="ses-item__title">{booking.learner.name}</Title>
          <p className="ses-muted">
            {booking.service.title} · {durationLabel(booking.service.duration_minutes)} · {priceLabelOf(booking.price_paise)}
          </p>
        </div>
        <StatusPill booking={booking} side="mentor" />
      </div>
      <p className="ses-item__time">
        <Icon name="calendar" size={16} />
        <span>
          {sessionRange(booking.start, booking.end, zone)} <span className="ses-muted">({zoneLabel(zone)})</span>
        </span>
      </p>
      {children}
    </>
  );
}

export type Outcome = { ok: true; booking: Booking } | { ok: false; message: string; stale: boolean };

/**
 * Runs one action on a booking: the booking as it is now, or the server's
 * reason in its words (a 409's `detail`). `stale`: the list no longer
 * matches the server (refused or gone), so it should be read again.
 */
export async function act(run: () => Promise<{ ok: boolean; status: number; body: unknown }>, failed: string): Promise<Outcome | undefined> {
  try {
    const answer = await run();
    const booking = answer.ok ? readBooking(answer.body) : undefined;
    if (booking) return { ok: true, booking };
    if (answer.status === 404) return { ok: false, message: "This booking is no longer there. The list has been refreshed.", stale: true };
    return { ok: false, message: detailOf(answer.body) ?? errorMessages(answer.body)[0]?.message ?? failed, stale: answer.status === 409 };
  } catch (error) {
    if (error instanceof SessionEndedError) return undefined;
    return { ok: false, message: NETWORK_ERROR, stale: false };
  }
}

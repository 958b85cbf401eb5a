/**
 * Picking a new time for a booking: the mentor's open times for the same
 * service (the profile page's endpoint), two weeks at a time, grouped by
 * day in the viewer's zone, one choice at a time (a radio group).
 */
import { useEffect, useId, useState } from "react";
import { fetchOpenTimes, type OpenTime } from "./api";
import { clockTime, dayDate, zoneLongName } from "../../lib/time";
import { serverNow } from "../../lib/clock";

/** How many days one read covers, and how far ahead the picker goes at most. */
const STEP_DAYS = 14;
const MAX_DAYS = 92;

type Loaded = { key: string; status: "ready"; times: OpenTime[] } | { key: string; status: "error"; message: string };

export interface SlotPickerProps {
  mentorId: number;
  serviceId: number;
  zone: string;
  /** The booking's own start: not offered again. */
  exclude?: string;
  chosen: string | undefined;
  onChoose: (time: OpenTime) => void;
  /** Changing it reads the times again (after a 409). */
  reloadKey?: number;
}

export function SlotPicker({ mentorId, serviceId, zone, exclude, chosen, onChoose, reloadKey = 0 }: SlotPickerProps) {
  const [days, setDays] = useState(STEP_DAYS);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [from] = useState(() => new Date(serverNow()));
  const name = useId();
  const key = `${mentorId}|${serviceId}|${days}|${attempt}|${reloadKey}`;

  useEffect(() => {
    const controller = new AbortController();
    const to = new Date(from.getTime() + days * 86_400_000);
    void fetchOpenTimes(mentorId, serviceId, from, to, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      setLoaded(answer.type === "ok" ? { key, status: "ready", times: answer.times } : { key, status: "error", message: answer.message });
    });
    return () => controller.abort();
  }, [mentorId, serviceId, from, days, key]);

  const current = loaded?.key === key ? loaded : undefined;
  if (current === undefined) {
    return (
      <p className="bk-picker__status" role="status">
        <span className="spinner spinner--dark" aria-hidden="true" /> Loading open times…
      </p>
    );
  }
  if (current.status === "error") {
    return (
      <div className="bk-picker__status" role="alert">
        <p>{current.message}</p>
        <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }

  const times = current.times.filter((t) => t.key !== exclude && t.start.getTime() !== (exclude ? Date.parse(exclude) : NaN));
  const byDay = new Map<string, OpenTime[]>();
  for (const time of times) {
    const day = dayDate(time.start, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), time]);
  }
  const more = days < MAX_DAYS;

  return (
    <fieldset className="bk-picker" data-testid="slot-picker">
      <legend className="bk-picker__legend">New time</legend>
      <p className="bk-picker__zone">Times in {times[0] ? zoneLongName(times[0].start, zone) : zone}.</p>
      {byDay.size === 0 ? <p className="bk-picker__empty">No open times in the next {days} days.</p> : null}
      <div className="bk-picker__days">
        {[...byDay.entries()].map(([day, list]) => (
          <div key={day} className="bk-picker__day" role="group" aria-label={day}>
            <p className="bk-picker__day-title" aria-hidden="true">
              {day}
            </p>
            <div className="bk-picker__times">
              {list.map((time) => (
                <label key={time.key} className={`bk-picker__time${chosen === time.key ? " is-on" : ""}`}>
                  <input type="radio" name={name} value={time.key} checked={chosen === time.key} onChange={() => onChoose(time)} />
                  <span>{clockTime(time.start, zone)}</span>
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
      {more ? (
        <button type="button" className="btn btn--ghost bk-picker__more" onClick={() => setDays((d) => Math.min(MAX_DAYS, d + STEP_DAYS))}>
          Show later times
        </button>
      ) : null}
    </fieldset>
  );
}

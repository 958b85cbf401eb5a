/**
 * The profile page's "Available times": a mentor's open times for one of
 * their services, a week at a time, in a time zone the viewer picks (their
 * own by default), with the mentor's zone stated.
 *
 * Without `onChoose` the times are a list to read; given (the profile page
 * gives it), each time becomes a button that hands the slot and service over
 * to the booking review.
 */
import { useEffect, useId, useMemo, useState, type ChangeEvent } from "react";
import { durationLabel, shortName } from "../../lib/domain";
import { calendarDayLabel, calendarRangeLabel, LOCALE, localClockTime, sameZone, viewerZone as zoneOfViewer, zoneLabel } from "../../lib/time";
import { SelectField } from "../../components/form";
import type { Mentor } from "../../lib/api/mentors";
import { LoadError } from "./LoadError";
import { servicesOf, type ProfileService } from "./profile";
import { COMMON_ZONES, DEFAULT_WINDOW_DAYS, fetchSlots, groupByDay, weekOf, type OpenSlot } from "./slots";
import "./slots.css";
import { serverNow } from "../../lib/clock";

/** A service someone can book: published (not switched off) and with an id to ask the slots for. */
export interface BookableService extends ProfileService {
  id: number;
}

/** The mentor's services that have open times to show, in the profile's order. */
export function bookableServices(mentor: Mentor): BookableService[] {
  const shown = servicesOf(mentor);
  const out: BookableService[] = [];
  mentor.services.forEach((raw, i) => {
    const service = shown[i];
    if (service === undefined || typeof raw.id !== "number" || raw.active === false) return;
    out.push({ ...service, id: raw.id });
  });
  return out;
}

export interface ProfileSlotsProps {
  mentor: Mentor & { id: number };
  /** The viewer's IANA zone; the browser's when not given. */
  timeZone?: string | undefined;
  /** The locale for dates and times; Indian English (`en-IN`) when not given. */
  locale?: string | undefined;
  /** The booking issue's seam: when given, each time is a button choosing that slot. */
  onChoose?: ((slot: OpenSlot, service: BookableService) => void) | undefined;
  /** Changing it reads the open times again (a time was just booked by someone else). */
  refreshKey?: number | undefined;
}

type Shown =
  | { key: string; status: "ready"; slots: OpenSlot[] }
  | { key: string; status: "error"; message: string };

function zoneSentence(shownZone: string, viewerZone: string, mentorZone: string | undefined, at: Date): string {
  const shown = `Times shown in ${zoneLabel(shownZone, at)}${sameZone(shownZone, viewerZone) ? " (your time)" : ""}.`;
  if (mentorZone === undefined) return shown;
  return `${shown} Mentor is in ${zoneLabel(mentorZone, at)}${sameZone(mentorZone, shownZone) ? " too" : ""}.`;
}

/** The zones to pick from: the viewer's, the mentor's, the one shown, then common ones; one entry per zone. */
function zoneOptions(viewerZone: string, mentorZone: string | undefined, shownZone: string, at: Date): { zone: string; label: string }[] {
  const zones: string[] = [];
  for (const zone of [viewerZone, ...(mentorZone ? [mentorZone] : []), shownZone, ...COMMON_ZONES]) {
    if (!zones.some((z) => sameZone(z, zone))) zones.push(zone);
  }
  return zones.map((zone) => {
    const notes = [sameZone(zone, viewerZone) ? "your time" : "", mentorZone && sameZone(zone, mentorZone) ? "mentor’s time" : ""].filter(Boolean);
    const label = zoneLabel(zone, at);
    return { zone, label: notes.length === 2 ? `${label} (yours and the mentor’s)` : notes.length === 1 ? `${label} (${notes[0]})` : label };
  });
}

function SlotsSkeleton() {
  return (
    <div className="slots-loading" aria-busy="true" data-testid="slots-loading">
      <p className="sr-only" role="status">
        Loading open times…
      </p>
      <div aria-hidden="true" className="slots-loading__rows">
        {[0, 1, 2].map((row) => (
          <div key={row} className="slots-loading__row">
            <div className="skeleton skeleton--line skeleton--w40" />
            <div className="slots-loading__chips">
              {[0, 1, 2, 3].map((chip) => (
                <div key={chip} className="skeleton slots-loading__chip" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function ProfileSlots({ mentor, timeZone, locale = LOCALE, onChoose, refreshKey = 0 }: ProfileSlotsProps) {
  const services = useMemo(() => bookableServices(mentor), [mentor]);
  const viewerZone = useMemo(() => zoneOfViewer({ time_zone: timeZone }), [timeZone]);
  const [now] = useState(() => new Date(serverNow()));
  const [serviceId, setServiceId] = useState<number | undefined>(services[0]?.id);
  const [zone, setZone] = useState(viewerZone);
  const [weekIndex, setWeekIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const [mentorZone, setMentorZone] = useState<string | undefined>(undefined);
  const [windowDays, setWindowDays] = useState(DEFAULT_WINDOW_DAYS);
  const ids = useId();

  const service = services.find((s) => s.id === serviceId) ?? services[0];
  const week = useMemo(() => weekOf(weekIndex, zone, now), [weekIndex, zone, now]);
  const requestKey = `${service?.id ?? ""}|${zone}|${weekIndex}|${attempt}|${refreshKey}`;

  useEffect(() => {
    if (service === undefined) return;
    const controller = new AbortController();
    void fetchSlots(mentor.id, service.id, week.from, week.to, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      if (answer.type === "failed") {
        setShown({ key: requestKey, status: "error", message: answer.message });
        return;
      }
      if (answer.mentorZone !== undefined) setMentorZone(answer.mentorZone);
      if (answer.windowDays !== undefined) setWindowDays(answer.windowDays);
      setShown({ key: requestKey, status: "ready", slots: answer.slots });
    });
    return () => controller.abort();
  }, [mentor.id, service, week, requestKey]);

  if (service === undefined) return null;

  const current = shown?.key === requestKey ? shown : undefined;
  const hasNext = (weekIndex + 1) * 7 < windowDays;
  const hasPrevious = weekIndex > 0;
  const firstName = shortName(mentor.name);
  const days = current?.status === "ready" ? groupByDay(current.slots, week, zone).filter((d) => d.slots.length > 0) : [];
  // Zones are named as they are at the times shown (summer or winter names).
  const namedAt = days[0]?.slots[0]?.start ?? now;
  const range = calendarRangeLabel(week.days[0] ?? "", week.days[6] ?? "", locale);

  const onService = (e: ChangeEvent<HTMLSelectElement>) => {
    setServiceId(Number(e.target.value));
    setWeekIndex(0);
  };

  return (
    <section className="profile-section slots" aria-labelledby="slots-title" data-testid="profile-slots">
      <h2 id="slots-title" className="profile-section__title" tabIndex={-1}>
        Available times
      </h2>

      <div className="slots__controls">
        {services.length > 1 ? (
          <SelectField label="Session" value={String(service.id)} onChange={onService}>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.durationMinutes !== undefined ? `${s.title} · ${durationLabel(s.durationMinutes)}` : s.title}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="slots__service" data-testid="slots-service">
            <span className="slots__service-label">Session</span>
            <span>
              {service.title}
              {service.durationMinutes !== undefined ? ` · ${durationLabel(service.durationMinutes)}` : ""}
            </span>
          </p>
        )}
        <SelectField label="Time zone" value={zone} onChange={(e) => setZone(e.target.value)}>
          {zoneOptions(viewerZone, mentorZone, zone, namedAt).map((option) => (
            <option key={option.zone} value={option.zone}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>

      <p className="slots__zone" data-testid="slots-zone">
        {zoneSentence(zone, viewerZone, mentorZone, namedAt)}
      </p>

      <div className="slots__week" role="group" aria-labelledby={`${ids}-week`}>
        <button
          type="button"
          className="btn btn--secondary slots__nav"
          onClick={() => setWeekIndex((n) => n - 1)}
          disabled={!hasPrevious}
          aria-label="Previous 7 days"
        >
          <span aria-hidden="true">‹</span>
          <span className="slots__nav-text">Previous</span>
        </button>
        <h3 id={`${ids}-week`} className="slots__range" aria-live="polite" data-testid="slots-week">
          {range}
        </h3>
        <button
          type="button"
          className="btn btn--secondary slots__nav"
          onClick={() => setWeekIndex((n) => n + 1)}
          disabled={!hasNext}
          aria-label="Next 7 days"
        >
          <span className="slots__nav-text">Next</span>
          <span aria-hidden="true">›</span>
        </button>
      </div>

      {current === undefined ? (
        <SlotsSkeleton />
      ) : current.status === "error" ? (
        <LoadError title="We couldn’t load the open times" message={current.message} onRetry={() => setAttempt((n) => n + 1)} testId="slots-error" />
      ) : days.length === 0 ? (
        <div className="slots__empty" data-testid="slots-empty">
          <p>No open times in this week.</p>
          {hasNext ? (
            <button type="button" className="btn btn--secondary" onClick={() => setWeekIndex((n) => n + 1)}>
              Show next week
            </button>
          ) : (
            <p className="slots__hint">{firstName} takes bookings up to {windowDays} days ahead.</p>
          )}
        </div>
      ) : (
        <ol className="slots__days" aria-label={`Open times, ${range}`} data-testid="slots-days">
          {days.map(({ day, slots }) => (
            <li key={day} className="slots__day" data-testid="slots-day">
              <h4 id={`${ids}-${day}`} className="slots__day-title">
                <span aria-hidden="true">{calendarDayLabel(day, locale)}</span>
                <span className="sr-only">{calendarDayLabel(day, locale, true)}</span>
              </h4>
              <ul className="slots__times" aria-labelledby={`${ids}-${day}`}>
                {slots.map((slot) => {
                  const time = (
                    <time dateTime={slot.start.toISOString()} data-testid="slot-time">
                      {localClockTime(slot.start, zone, locale)}
                    </time>
                  );
                  return (
                    <li key={slot.key} className="slots__time">
                      {onChoose ? (
                        <button type="button" className="slots__choose" onClick={() => onChoose(slot, service)}>
                          {time}
                        </button>
                      ) : (
                        time
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}

      <p className="slots__note">
        {service.durationMinutes !== undefined ? `Each time is the start of a ${durationLabel(service.durationMinutes)} session. ` : ""}
        {onChoose ? "Choose a time to book it." : `Booking one of ${firstName}’s times online opens soon.`}
      </p>
    </section>
  );
}

import { useId, useMemo, useState } from "react";
import { durationLabel, mentorSlots } from "../../lib/domain";
import { SelectField } from "../../components/form";
import type { Availability, MentorService } from "./api";
import { dayIn, isKnownZone, localClockTime, weekdayDayMonth } from "../../lib/time";

/** How far ahead the preview looks, at most (the booking window may be shorter). */
export const PREVIEW_DAYS = 14;
/** How many open times the preview lists. */
export const PREVIEW_SLOTS = 12;
const LENGTHS = [30, 45, 60, 90];

type Preview = { type: "ok"; slots: { start: Date; end: Date }[] } | { type: "error"; message: string };

/**
 * The next open times for a service, computed in the browser by the crate's
 * slot rule (`mentorSlots`, the server's own) from the availability being
 * edited, before it is saved. Busy times are not known here: booked
 * sessions still show.
 */
export function previewSlots(availability: Availability, durationMinutes: number, now: Date): Preview {
  const to = new Date(now.getTime() + PREVIEW_DAYS * 24 * 60 * 60 * 1000);
  const outcome = mentorSlots(availability, {
    duration_minutes: durationMinutes,
    now: now.toISOString(),
    from: now.toISOString(),
    to: to.toISOString(),
    busy: [],
  });
  if (outcome.type === "error") return { type: "error", message: outcome.message };
  return { type: "ok", slots: outcome.value.slice(0, PREVIEW_SLOTS).map((s) => ({ start: new Date(s.start), end: new Date(s.end) })) };
}

export function SlotPreview({ availability, services, locale }: { availability: Availability; services: readonly MentorService[]; locale?: string }) {
  const active = services.filter((s) => s.active);
  const [picked, setChoice] = useState<string>();
  // The first active service until the mentor picks (services may arrive after the rules).
  const first = active[0];
  const choice = picked !== undefined && (active.length === 0 || active.some((s) => `service-${s.id}` === picked)) ? picked : first ? `service-${first.id}` : "minutes-60";
  const chosen = active.find((s) => `service-${s.id}` === choice);
  const minutes = chosen?.duration_minutes ?? (Number(choice.replace("minutes-", "")) || 60);
  const zone = availability.time_zone;
  const headingId = useId();
  const key = JSON.stringify(availability);
  // Recomputed on every change of the rules or the length; `now` is read then (the fake clock in tests).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const preview = useMemo(() => previewSlots(availability, minutes, new Date()), [key, minutes]);

  const days = useMemo(() => {
    if (preview.type !== "ok") return [];
    const byDay = new Map<string, { start: Date; end: Date }[]>();
    for (const slot of preview.slots) {
      const day = dayIn(slot.start, zone);
      byDay.set(day, [...(byDay.get(day) ?? []), slot]);
    }
    return [...byDay.entries()];
  }, [preview, zone]);

  // A zone the browser does not know writes no day or time: the rule's message says so below.
  const known = isKnownZone(zone);

  return (
    <section className="md-card md-preview" aria-labelledby={headingId} data-testid="slot-preview">
      <div className="md-preview__head">
        <div>
          <h3 id={headingId} className="md-card__title">
            Preview: your next open times
          </h3>
          <p className="md-muted" data-testid="preview-zone">
            Shown in {zone}, the time zone above. Learners see them in their own time zone.
          </p>
        </div>
        <SelectField label="For" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {active.map((s) => (
            <option key={s.id} value={`service-${s.id}`}>
              {s.title} ({durationLabel(s.duration_minutes)})
            </option>
          ))}
          {active.length === 0
            ? LENGTHS.map((m) => (
                <option key={m} value={`minutes-${m}`}>
                  A {durationLabel(m)} session
                </option>
              ))
            : null}
        </SelectField>
      </div>
      <div aria-live="polite">
        {preview.type === "error" ? (
          <p className="md-preview__error" data-testid="preview-error">
            {preview.message}
          </p>
        ) : days.length === 0 ? (
          <p className="md-muted" data-testid="preview-empty">
            No open times in the next {PREVIEW_DAYS} days with these settings.
          </p>
        ) : (
          <ul className="md-preview__days" data-testid="preview-days">
            {days.map(([day, slots]) => (
              <li key={day} className="md-preview__day">
                <span className="md-preview__date">{known && slots[0] ? weekdayDayMonth(slots[0].start, zone, locale) : day}</span>
                <span className="md-preview__times">
                  {slots.map((s) => (
                    <span key={s.start.toISOString()} className="md-preview__time" data-testid="preview-time">
                      {known ? localClockTime(s.start, zone, locale) : undefined}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

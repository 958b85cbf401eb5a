import { useMemo, useRef, useState, type FormEvent } from "react";
import { checkAvailability, durationLabel } from "../../lib/domain";
import { FormAlert, SelectField, TextField } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { formErrors } from "../../lib/api/errors";
import { saveAvailability, type Availability, type DateOverride, type MentorService, type StoredAvailability, type TimeRange } from "./api";
import type { Loaded } from "./load";
import { AVAILABILITY_SAVED, FIX_ERRORS, NETWORK_ERROR, SAVE_FAILED } from "./messages";
import { SaveButton, SectionFailed, SectionHeader, SectionLoading, Switch } from "./parts";
import { SlotPreview } from "./SlotPreview";
import { laterBy, timeChoices } from "./time";
import { addDays, browserZone, calendarDateLabel, clockLabel, dayIn, zoneChoices } from "../../lib/time";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const FIELDS = [
  "time_zone",
  "weekly",
  "overrides",
  "buffer_before_minutes",
  "buffer_after_minutes",
  "minimum_notice_minutes",
  "booking_window_days",
  "max_sessions_per_day",
  "slot_interval_minutes",
] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

const BUFFERS = [0, 5, 10, 15, 30, 45, 60];
const NOTICES = [0, 60, 120, 240, 480, 720, 1440, 2880, 4320, 10080];
const INTERVALS = [15, 30, 60];
const DEFAULT_RANGE: TimeRange = { start: "09:00", end: "17:00" };

/** The editor's copy of the rules: the weekly ranges by weekday, numbers as typed. */
interface Draft {
  time_zone: string;
  days: TimeRange[][];
  overrides: DateOverride[];
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  minimum_notice_minutes: number;
  booking_window_days: string;
  max_sessions_per_day: string;
  slot_interval_minutes: number | null;
}

function draftOf(a: StoredAvailability): Draft {
  return {
    // Never saved: start from the zone the mentor's browser is in.
    time_zone: a.configured ? a.time_zone : browserZone(),
    days: WEEKDAYS.map((_, d) => a.weekly.filter((r) => r.weekday === d).map(({ start, end }) => ({ start, end }))),
    overrides: a.overrides.map((o) => ({ date: o.date, ranges: o.ranges.map(({ start, end }) => ({ start, end })) })),
    buffer_before_minutes: a.buffer_before_minutes,
    buffer_after_minutes: a.buffer_after_minutes,
    minimum_notice_minutes: a.minimum_notice_minutes,
    booking_window_days: String(a.booking_window_days),
    max_sessions_per_day: a.max_sessions_per_day == null ? "" : String(a.max_sessions_per_day),
    slot_interval_minutes: a.slot_interval_minutes ?? null,
  };
}

/** A whole number as typed; anything else is 0, which the crate's rule refuses in its words. */
function whole(text: string): number {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The body of `PUT /api/mentor/availability/`. */
export function bodyOf(d: Draft): Availability {
  const body: Availability = {
    time_zone: d.time_zone,
    weekly: d.days.flatMap((ranges, weekday) => ranges.map((r) => ({ weekday, start: r.start, end: r.end }))),
    overrides: [...d.overrides].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    buffer_before_minutes: d.buffer_before_minutes,
    buffer_after_minutes: d.buffer_after_minutes,
    minimum_notice_minutes: d.minimum_notice_minutes,
    booking_window_days: whole(d.booking_window_days),
  };
  if (d.max_sessions_per_day.trim() !== "") body.max_sessions_per_day = whole(d.max_sessions_per_day);
  if (d.slot_interval_minutes !== null) body.slot_interval_minutes = d.slot_interval_minutes;
  return body;
}

function withValue(options: readonly number[], value: number): number[] {
  return options.includes(value) ? [...options] : [...options, value].sort((a, b) => a - b);
}

/** The ranges of one day (a weekday or a date): several, each from–to, added and removed. */
function RangesEditor({ label, ranges, onChange }: { label: string; ranges: TimeRange[]; onChange: (ranges: TimeRange[]) => void }) {
  function add() {
    const last = ranges[ranges.length - 1];
    if (!last) return onChange([DEFAULT_RANGE]);
    const start = last.end === "24:00" ? "23:00" : last.end;
    onChange([...ranges, { start, end: laterBy(start, 120) }]);
  }
  return (
    <div className="md-ranges">
      {ranges.map((r, i) => (
        <div key={i} className="md-range" role="group" aria-label={`${label}, hours ${i + 1}`}>
          <label className="md-range__field">
            <span className="sr-only">
              {label}, hours {i + 1}, from
            </span>
            <select className="md-select" value={r.start} onChange={(e) => onChange(ranges.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)))}>
              {timeChoices(r.start).map((t) => (
                <option key={t} value={t}>
                  {clockLabel(t)}
                </option>
              ))}
            </select>
          </label>
          <span className="md-range__dash" aria-hidden="true">
            –
          </span>
          <label className="md-range__field">
            <span className="sr-only">
              {label}, hours {i + 1}, to
            </span>
            <select className="md-select" value={r.end} onChange={(e) => onChange(ranges.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)))}>
              {timeChoices(r.end).map((t) => (
                <option key={t} value={t}>
                  {clockLabel(t)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="md-icon-btn" onClick={() => onChange(ranges.filter((_, j) => j !== i))} aria-label={`Remove ${label} hours ${i + 1}`}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
      <button type="button" className="md-link" onClick={add}>
        + Add hours
      </button>
    </div>
  );
}

function OverridesEditor({ overrides, zone, onChange }: { overrides: DateOverride[]; zone: string; onChange: (o: DateOverride[]) => void }) {
  function add() {
    let date: string;
    try {
      date = addDays(dayIn(new Date(), zone), 1);
    } catch {
      date = addDays(new Date().toISOString().slice(0, 10), 1);
    }
    while (overrides.some((o) => o.date === date)) date = addDays(date, 1);
    onChange([...overrides, { date, ranges: [] }]);
  }
  const update = (i: number, next: DateOverride) => onChange(overrides.map((o, j) => (j === i ? next : o)));
  return (
    <div className="md-overrides">
      {overrides.length === 0 ? <p className="md-muted">No dates set apart. Add a day off, or different hours for one date.</p> : null}
      <ul className="md-overrides__list">
        {overrides.map((o, i) => {
          const label = /^\d{4}-\d{2}-\d{2}$/.test(o.date) ? calendarDateLabel(o.date) : `Date ${i + 1}`;
          return (
            <li key={i} className="md-override" data-testid="override">
              <div className="md-override__head">
                <TextField label="Date" type="date" value={o.date} onChange={(e) => update(i, { ...o, date: e.target.value })} />
                <SelectField
                  label="On this date"
                  value={o.ranges.length === 0 ? "off" : "custom"}
                  onChange={(e) => update(i, { ...o, ranges: e.target.value === "off" ? [] : [DEFAULT_RANGE] })}
                >
                  <option value="off">Day off</option>
                  <option value="custom">Custom hours</option>
                </SelectField>
                <button type="button" className="md-link md-link--danger md-override__remove" onClick={() => onChange(overrides.filter((_, j) => j !== i))} aria-label={`Remove ${label}`}>
                  Remove
                </button>
              </div>
              {o.ranges.length > 0 ? <RangesEditor label={label} ranges={o.ranges} onChange={(ranges) => update(i, { ...o, ranges })} /> : null}
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn--ghost md-add" onClick={add}>
        + Add a date
      </button>
    </div>
  );
}

function FieldsetError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="sp-field__error md-list__error" data-testid="field-error">
      {message}
    </p>
  ) : null;
}

function AvailabilityForm({ stored, services, onSaved }: { stored: StoredAvailability; services: readonly MentorService[]; onSaved: (a: StoredAvailability) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string }>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const body = bodyOf(draft);
  const viewer = browserZone();
  const zones = useMemo(() => zoneChoices([draft.time_zone, viewer]), [draft.time_zone, viewer]);

  function fail(found: Errors, text: string) {
    setErrors(found);
    setOutcome({ tone: "error", text });
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .md-list--invalid select, .md-list--invalid input')?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setOutcome(undefined);
    const check = checkAvailability(body);
    if (check.type === "error") {
      // The rule says what to correct in one sentence, naming the day or the setting.
      fail({}, check.message);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await saveAvailability(body);
      if (answer.ok) {
        const saved = answer.body !== null && typeof answer.body.time_zone === "string" ? answer.body : { ...body, configured: true };
        onSaved({ ...saved, configured: true });
        setOutcome({ tone: "success", text: AVAILABILITY_SAVED });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, FIELDS);
        fail(fields, Object.keys(fields).length > 0 ? FIX_ERRORS : (other ?? SAVE_FAILED));
        return;
      }
      fail({}, SAVE_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="md-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="md-availability-title">
      {!stored.configured ? (
        <FormAlert tone="info">You haven’t set your availability yet. Learners can book you once you save it.</FormAlert>
      ) : null}
      <div className="md-card">
        <h3 className="md-card__title">Time zone</h3>
        <SelectField
          label="Your time zone"
          value={draft.time_zone}
          onChange={(e) => set("time_zone", e.target.value)}
          error={errors.time_zone}
          hint={`Your hours below are in this zone, and follow its clock changes.${viewer !== draft.time_zone ? ` Your browser is in ${viewer}.` : ""}`}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className={`md-card md-week${errors.weekly ? " md-list--invalid" : ""}`} data-testid="weekly">
        <legend className="md-card__title md-legend">Weekly hours</legend>
        <p className="md-muted">The hours you take sessions each week. Add several ranges to a day for breaks.</p>
        <ul className="md-week__days">
          {WEEKDAYS.map((name, d) => {
            const ranges = draft.days[d] ?? [];
            return (
              <li key={name} className="md-week__day" data-testid={`day-${d}`}>
                <div className="md-week__name">
                  <Switch
                    checked={ranges.length > 0}
                    onChange={(on) => set("days", draft.days.map((r, j) => (j === d ? (on ? [DEFAULT_RANGE] : []) : r)))}
                    label={name}
                  />
                </div>
                {ranges.length > 0 ? (
                  <RangesEditor label={name} ranges={ranges} onChange={(next) => set("days", draft.days.map((r, j) => (j === d ? next : r)))} />
                ) : (
                  <p className="md-muted md-week__off">Unavailable</p>
                )}
              </li>
            );
          })}
        </ul>
        <FieldsetError message={errors.weekly} />
      </fieldset>

      <fieldset className={`md-card${errors.overrides ? " md-list--invalid" : ""}`} data-testid="overrides">
        <legend className="md-card__title md-legend">Date overrides</legend>
        <p className="md-muted">A date here replaces that day’s weekly hours: a day off, or different hours.</p>
        <OverridesEditor overrides={draft.overrides} zone={draft.time_zone} onChange={(o) => set("overrides", o)} />
        <FieldsetError message={errors.overrides} />
      </fieldset>

      <div className="md-card">
        <h3 className="md-card__title">Booking rules</h3>
        <div className="md-form__row">
          <SelectField label="Break before a session" value={draft.buffer_before_minutes} onChange={(e) => set("buffer_before_minutes", Number(e.target.value))} error={errors.buffer_before_minutes}>
            {withValue(BUFFERS, draft.buffer_before_minutes).map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "None" : durationLabel(m)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Break after a session" value={draft.buffer_after_minutes} onChange={(e) => set("buffer_after_minutes", Number(e.target.value))} error={errors.buffer_after_minutes}>
            {withValue(BUFFERS, draft.buffer_after_minutes).map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "None" : durationLabel(m)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="md-form__row">
          <SelectField
            label="Minimum notice"
            value={draft.minimum_notice_minutes}
            onChange={(e) => set("minimum_notice_minutes", Number(e.target.value))}
            error={errors.minimum_notice_minutes}
            hint="How long before a session learners must book it."
          >
            {withValue(NOTICES, draft.minimum_notice_minutes).map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "None" : durationLabel(m)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Bookings open (days ahead)"
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.booking_window_days}
            onChange={(e) => set("booking_window_days", e.target.value)}
            error={errors.booking_window_days}
          />
        </div>
        <div className="md-form__row">
          <TextField
            label="Most sessions a day"
            type="number"
            inputMode="numeric"
            min={1}
            optional
            value={draft.max_sessions_per_day}
            onChange={(e) => set("max_sessions_per_day", e.target.value)}
            error={errors.max_sessions_per_day}
            hint="Leave empty for no limit."
          />
          <SelectField
            label="Start times"
            value={draft.slot_interval_minutes ?? ""}
            onChange={(e) => set("slot_interval_minutes", e.target.value === "" ? null : Number(e.target.value))}
            error={errors.slot_interval_minutes}
          >
            <option value="">One after another (every session length)</option>
            {withValue(INTERVALS, draft.slot_interval_minutes ?? INTERVALS[0] ?? 15).map((m) => (
              <option key={m} value={m}>
                Every {durationLabel(m)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <SlotPreview availability={body} services={services} />

      <div className="md-savebar">
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <SaveButton busy={busy}>Save availability</SaveButton>
      </div>
    </form>
  );
}

export interface AvailabilitySectionProps {
  state: Loaded<StoredAvailability>;
  reload: () => void;
  onSaved: (a: StoredAvailability) => void;
  services: Loaded<MentorService[]>;
}

/** The mentor's calendar rules: zone, weekly hours, date overrides, buffers, notice, window, daily cap; previewed live, saved with PUT. */
export function AvailabilitySection({ state, reload, onSaved, services }: AvailabilitySectionProps) {
  return (
    <div className="md-section" aria-labelledby="md-availability-title">
      <SectionHeader id="md-availability-title" title="Availability" lead="When learners can book you. Times are in your own time zone." />
      {state.status === "loading" ? <SectionLoading label="Loading your availability…" /> : null}
      {state.status === "failed" ? <SectionFailed onRetry={reload} /> : null}
      {state.status === "ready" ? <AvailabilityForm stored={state.value} services={services.status === "ready" ? services.value : []} onSaved={onSaved} /> : null}
    </div>
  );
}

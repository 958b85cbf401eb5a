/**
 * The account's time zone: a text field that suggests the IANA zones as you
 * type (a native datalist, so it is searchable with any input method and
 * read out by screen readers), the same zones the availability editor
 * offers. Session times and e-mails are shown in it.
 */
import { useId, useMemo } from "react";
import { Field } from "../../components/form";
import { browserZone, zoneChoices, zoneLabel } from "../../lib/time";

/**
 * The zone as the list writes it (`asia/kolkata` → `Asia/Kolkata`, spaces
 * for underscores, or the city alone when only one zone has it), or
 * undefined when it is none of them.
 */
export function matchZone(value: string, zones: readonly string[]): string | undefined {
  const wanted = value.trim().replace(/\s+/g, "_").toLowerCase();
  if (!wanted) return undefined;
  const exact = zones.find((z) => z.toLowerCase() === wanted);
  if (exact) return exact;
  // A city alone ("Kolkata") names its zone when exactly one zone ends with it.
  const byCity = zones.filter((z) => z.toLowerCase().endsWith(`/${wanted}`));
  return byCity.length === 1 ? byCity[0] : undefined;
}

/** The message for a value that is not a zone of the list. */
export const ZONE_UNKNOWN = "Choose a time zone from the list, such as Asia/Kolkata or Europe/London.";

/** The zone an account has (its `time_zone`), else the browser's. */
export function accountZone(user: object): string {
  const zone = "time_zone" in user ? (user as { time_zone?: unknown }).time_zone : undefined;
  return typeof zone === "string" && zone ? zone : browserZone();
}

export function useZoneChoices(saved: string): string[] {
  return useMemo(() => zoneChoices([saved, browserZone()]), [saved]);
}

export function TimeZoneField({
  value,
  saved,
  zones,
  onChange,
  error,
}: {
  value: string;
  /** The stored zone (kept in the list even when the browser does not know it). */
  saved: string;
  zones: readonly string[];
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const listId = useId();
  const browser = browserZone();
  const matched = matchZone(value, zones);
  return (
    <Field
      label="Time zone"
      name="time_zone"
      autoComplete="off"
      spellCheck={false}
      list={listId}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      required
      below={
        <datalist id={listId}>
          {zones.map((z) => (
            <option key={z} value={z} label={zoneLabel(z)} />
          ))}
        </datalist>
      }
      hint={
        <>
          Session times on your dashboard and in e-mails are shown in this zone. Type a city to search, e.g. “Kolkata”.
          {browser !== (matched ?? saved) ? (
            <>
              {" "}
              Your browser is in {browser.replace(/_/g, " ")}.{" "}
              <button type="button" className="link-button" onClick={() => onChange(browser)}>
                Use {browser.replace(/_/g, " ")}
              </button>
            </>
          ) : null}
        </>
      }
    />
  );
}

/**
 * How the Earnings tab writes amounts, months and dates. Amounts are the
 * crate's label (`priceLabel`: Indian grouping, paise only when there are
 * any); dates are shown in the mentor's own time zone.
 */
import { priceLabel } from "../../lib/domain";

/** `₹1,23,456`, `₹1,234.50`, `₹0`; a negative amount as `−₹500`. */
export function rupees(paise: number): string {
  if (!Number.isFinite(paise) || paise === 0) return "₹0";
  const label = priceLabel(Math.abs(paise) / 100, "explorer");
  return paise < 0 ? `−${label}` : label;
}

/** A short amount for a chart's axis: `₹950`, `₹12.5k`, `₹3.2L` (lakh), `₹1.1Cr`. */
export function rupeesShort(paise: number): string {
  const r = Math.round(paise / 100);
  const sign = r < 0 ? "−" : "";
  const a = Math.abs(r);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (a >= 1e7) return `${sign}₹${trim(a / 1e7)}Cr`;
  if (a >= 1e5) return `${sign}₹${trim(a / 1e5)}L`;
  if (a >= 1e3) return `${sign}₹${trim(a / 1e3)}k`;
  return `${sign}₹${a}`;
}

/** `2026-11` as `Nov 2026` (a calendar month, not an instant). */
export function monthLabel(month: string, style: "short" | "long" = "short"): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(undefined, { month: style, year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** An instant's calendar day in `zone`: `Tue, 24 Nov 2026`. */
export function dayLabel(at: string, zone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(date);
}

/**
 * An instant in `zone` as a day, with the time when it is not the start of
 * that day there: a payout due at midnight in India is the evening before
 * in London, and saying only the date would mislead.
 */
export function momentLabel(at: string, zone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(date);
  if (clock === "00:00") return dayLabel(at, zone);
  const time = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(date);
  return `${dayLabel(at, zone)}, ${time}`;
}

/** The zone to show times in: the mentor's saved one, else the browser's, else UTC. */
export function zoneOrDefault(zone: string | undefined): string {
  const candidate = zone || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: candidate });
    return candidate;
  } catch {
    return "UTC";
  }
}

/**
 * How the Earnings tab writes amounts, months and dates. Amounts are the
 * crate's label (`priceLabel`: Indian grouping, paise only when there are
 * any); dates are shown in the mentor's own time zone.
 */
import { priceLabel } from "../../lib/domain";
import { browserZone, safeZone } from "../../lib/time";

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

/**
 * Months, an instant's day and a moment are written by the app's one copy
 * (`lib/time`), in the viewer's locale.
 */
export { momentLabel, monthLabel, zonedDayLabel } from "../../lib/time";

/**
 * The zone to show times in: the mentor's saved one (as saved), else the
 * browser's; a zone this browser does not know reads as UTC.
 */
export function zoneOrDefault(zone: string | undefined): string {
  return safeZone(zone || browserZone());
}

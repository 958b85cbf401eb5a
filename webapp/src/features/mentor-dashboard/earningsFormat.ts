/**
 * How the Earnings tab writes months and dates: in the mentor's own time
 * zone. Amounts are the app's one copy (`lib/money`: `amountLabel`,
 * `compactAmountLabel`).
 */
import { browserZone, safeZone } from "../../lib/time";

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

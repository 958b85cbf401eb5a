/**
 * Money, for every screen: amounts are integer paise (1 rupee = 100 paise),
 * as the API sends and takes them.
 *
 * How a price reads (Indian grouping, paise only when there are any, `Free
 * Session` for nothing) is the crate's rule (`priceLabel`, through
 * `lib/domain`); this file only wraps it and does the integer arithmetic
 * around it. No locale formatting here (`npm run lint` forbids it).
 *
 * Two labels, on purpose, for two different things:
 *
 * - `priceLabelOf`: a session's price, `Free Session` when it is 0 (the
 *   booking screens, the services a mentor offers);
 * - `amountLabel`: an amount of money, `₹0` when there is none and
 *   `−₹500` below zero (balances, refunds, payouts, earnings).
 *
 * And two pairs of writers and readers of typed rupees, as their forms need:
 *
 * - `parseAmount`: an amount in rupees and paise (`750.50`, `₹1,250`),
 *   undefined when it is not one (the admin's refunds and disputes), and
 *   `amountInput` to prefill one (`750.50`: two decimals when there are
 *   paise);
 * - `parsePrice`: a price field's rupees, -1 when it is empty or not a
 *   number, which the crate's service rule then refuses in its own words
 *   (the mentor application, the mentor's services), and `priceInput` to
 *   prefill one (`1500`, `1499.5`).
 */
import { priceLabel } from "./domain";

/** The minus sign amounts below zero are written with (U+2212, not a hyphen). */
const MINUS = "−";

/**
 * A session's price in paise as the crate labels it: `₹1,500`,
 * `₹1,499.50`, `₹1,23,45,678`; `Free Session` for 0. The crate refuses a
 * negative or non-finite price (it throws).
 */
export function priceLabelOf(paise: number): string {
  return priceLabel(paise / 100, "explorer");
}

/**
 * An amount of money in paise: the crate's label (`₹1,23,456.50`), `₹0`
 * for nothing (never `Free Session`) or when it is not a finite number, and
 * a leading minus below zero (`−₹500`).
 */
export function amountLabel(paise: number): string {
  if (!Number.isFinite(paise) || paise === 0) return "₹0";
  const label = priceLabelOf(Math.abs(paise));
  return paise < 0 ? `${MINUS}${label}` : label;
}

/**
 * A short amount for a chart's axis, rounded to whole rupees: `₹950`,
 * `₹12.5k`, `₹3.2L` (lakh), `₹1.1Cr` (crore); `−₹500` below zero.
 */
export function compactAmountLabel(paise: number): string {
  const r = Math.round(paise / 100);
  const sign = r < 0 ? MINUS : "";
  const a = Math.abs(r);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (a >= 1e7) return `${sign}₹${trim(a / 1e7)}Cr`;
  if (a >= 1e5) return `${sign}₹${trim(a / 1e5)}L`;
  if (a >= 1e3) return `${sign}₹${trim(a / 1e3)}k`;
  return `${sign}₹${a}`;
}

/**
 * Paise as the rupees an amount input shows: `750` for whole rupees,
 * `750.50` otherwise (always two decimals then).
 */
export function amountInput(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/**
 * Paise as the rupees a price field shows: `1500`, and `1499.5` should a
 * price not be whole rupees (the API's prices are); unlike `amountInput`,
 * no trailing zero is added.
 */
export function priceInput(paise: number): string {
  return String(paise / 100);
}

/**
 * The rupees typed in an amount input, in paise: `750`, `750.5`,
 * `₹1,250.00` (the rupee sign, commas and spaces are ignored), at most two
 * decimals; undefined when it is not such an amount (empty, negative,
 * `12.345`).
 */
export function parseAmount(typed: string): number | undefined {
  const text = typed.replace(/[₹,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/**
 * The rupees typed in a price field, in paise, rounded to the nearest paisa
 * (`1499.5` is 149950); an empty or unreadable price is -1 (no price),
 * which the crate's service rule refuses in its own words. Unlike
 * `parseAmount` it reads any number JavaScript does (`-5`, `1e3`) and
 * leaves the judging to the crate.
 */
export function parsePrice(typed: string): number {
  const trimmed = typed.trim();
  const value = trimmed === "" ? Number.NaN : Number(trimmed);
  return Number.isFinite(value) ? Math.round(value * 100) : -1;
}

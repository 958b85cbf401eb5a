/**
 * The mentor's earnings and payout details (`/api/mentor/earnings/`,
 * `/api/mentor/payout-details/`), through the app's one client.
 *
 * The types are the server's OpenAPI document's (`just api-types`).
 */
import { api, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";

export type PayoutSchedule = Schemas["PayoutSchedule"];
export type PayoutMethod = Schemas["PayoutMethod"];
/** A session's share: still held, released for payout, in a payout on its way, or paid. */
export type EarningState = Schemas["EarningState"];
/** A payout line's state. */
export type PayoutStatus = Schemas["LineStatus"];
/** One completed (or upcoming) paid session's money for the mentor. */
export type EarningSession = Schemas["SessionEarningView"];
/** A calendar month's totals, for the chart. */
export type EarningMonth = Schemas["EarningMonth"];
/** One payout to the mentor (the mentor's line of a payout batch). */
export type Payout = Schemas["MentorPayoutView"];
/** `GET /api/mentor/earnings/`. */
export type Earnings = Schemas["EarningsView"];
/** `GET`, `PUT /api/mentor/payout-details/` answer: the details as kept, masked. */
export type PayoutDetails = Schemas["PayoutDetailsView"];
/**
 * `PUT /api/mentor/payout-details/` body: every field, as typed (the server
 * checks and normalises); the form always sends the schedule chosen.
 */
export type PayoutDetailsBody = Schemas["PayoutDetailsBody"] & { schedule: PayoutSchedule };

/** A change of where the money goes, waiting 48 hours. */
export type PendingChange = Schemas["PendingPayoutChange"];

export const PAYOUT_FIELDS = ["method", "beneficiary_name", "account_number", "ifsc", "upi_id", "schedule", "pan", "password", "google_credential"] as const;

const authorised = { authorised: true } as const;

export function fetchEarnings(): Promise<Answer<Earnings>> {
  return api.send<Earnings>("/api/mentor/earnings/", authorised);
}

/** A 404 (or an answer without a method) means the mentor has not given any details yet. */
export function fetchPayoutDetails(): Promise<Answer<PayoutDetails>> {
  return api.send<PayoutDetails>("/api/mentor/payout-details/", authorised);
}

export function savePayoutDetails(body: PayoutDetailsBody): Promise<Answer<PayoutDetails>> {
  return api.send<PayoutDetails>("/api/mentor/payout-details/", { ...authorised, method: "PUT", json: body });
}

/** Cancels the pending change of where the money goes: the details as they stay (404: nothing pending). */
export function cancelPendingChange(): Promise<Answer<PayoutDetails>> {
  return api.send<PayoutDetails>("/api/mentor/payout-details/pending/", { ...authorised, method: "DELETE" });
}

/** The quarter's TDS statement as CSV (fetched with the mentor's token, so it cannot be a plain link). */
export function fetchTdsStatement(fy: string, quarter: number): Promise<Answer<never>> {
  const query = new URLSearchParams({ fy, quarter: `Q${quarter}` });
  return api.send<never>(`/api/mentor/payouts/tds-statement/?${query.toString()}`, { ...authorised, read: "text", headers: { Accept: "text/csv" } });
}

/* ---------- Reading the answers ---------- */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The earnings when the body has their shape (the totals and lists), else undefined. */
export function readEarnings(body: Earnings): Earnings | undefined {
  const b: unknown = body;
  if (!isObject(b)) return undefined;
  const totals = ["pending_paise", "available_paise", "owed_paise", "in_payout_paise", "paid_paise"].every((k) => typeof b[k] === "number");
  const lists = ["sessions", "series", "payouts"].every((k) => Array.isArray(b[k]));
  return totals && lists ? body : undefined;
}

/** Details on file, or null for none (a 404, or an answer with no method). */
export function readPayoutDetails(answer: Answer<PayoutDetails>): PayoutDetails | null | undefined {
  if (answer.status === 404) return null;
  if (!answer.ok) return undefined;
  const b: unknown = answer.body;
  if (!isObject(b)) return undefined;
  return b["method"] === "bank" || b["method"] === "upi" ? answer.body : null;
}

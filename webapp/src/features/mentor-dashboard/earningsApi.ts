/**
 * The mentor's earnings and payout details (`/api/mentor/earnings/`,
 * `/api/mentor/payout-details/`), through the app's one client.
 *
 * The types are written by hand from the issue's contract (issue 13) while
 * the server's operations are being built; once the OpenAPI document has
 * them, they can become `Schemas[...]` like `./api`'s.
 */
import { api, type Answer } from "../../lib/api/client";

export type PayoutSchedule = "weekly" | "monthly";
export type PayoutMethod = "bank" | "upi";

/** A session's share: still held, released for payout, or paid out. */
export type EarningState = "pending" | "available" | "paid";
/** A payout line's state. */
export type PayoutStatus = "pending" | "paid" | "failed";

/** One completed (or upcoming) paid session's money for the mentor. */
export interface EarningSession {
  booking_id: string;
  service_title: string;
  /** When the session ended (RFC 3339, UTC). */
  end_at: string;
  gross_paise: number;
  commission_paise: number;
  /** What the mentor keeps after the commission and any refund. */
  net_paise: number;
  state: EarningState;
  /** When the net is (or was) released for payout: the end plus the hold. */
  available_at: string;
}

/** A calendar month's totals, for the chart. */
export interface EarningMonth {
  /** `YYYY-MM`. */
  month: string;
  earned_paise: number;
  paid_paise: number;
}

/** One payout to the mentor (the mentor's line of a payout batch). */
export interface Payout {
  id: number;
  batch_id: number;
  amount_paise: number;
  status: PayoutStatus;
  /** The bank or UPI reference the transfer carries (`MMP-000012-000034`). */
  reference: string;
  paid_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
  created_at: string;
}

/** `GET /api/mentor/earnings/`. */
export interface Earnings {
  pending_paise: number;
  available_paise: number;
  /** Refunds taken back after a payout, deducted from the next one. */
  owed_paise: number;
  in_payout_paise: number;
  paid_paise: number;
  schedule: PayoutSchedule;
  /** When the next payout batch is due (RFC 3339, UTC). */
  next_payout_at: string | null;
  sessions: EarningSession[];
  series: EarningMonth[];
  payouts: Payout[];
}

/** `GET`, `PUT /api/mentor/payout-details/` answer: the details as kept, masked. */
export interface PayoutDetails {
  method: PayoutMethod;
  beneficiary_name: string;
  account_number_masked: string | null;
  ifsc: string | null;
  upi_id_masked: string | null;
  schedule: PayoutSchedule;
  updated_at: string | null;
}

/** `PUT /api/mentor/payout-details/` body: every field, as typed (the server checks and normalises). */
export interface PayoutDetailsBody {
  method: PayoutMethod;
  beneficiary_name: string;
  account_number: string | null;
  ifsc: string | null;
  upi_id: string | null;
  schedule: PayoutSchedule;
}

export const PAYOUT_FIELDS = ["method", "beneficiary_name", "account_number", "ifsc", "upi_id", "schedule"] as const;

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

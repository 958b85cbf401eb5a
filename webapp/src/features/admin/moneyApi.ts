/**
 * The administrators' money calls (issue 13): the refund queue, payout
 * batches and the ledger's totals, through the app's one client (it
 * refreshes an expired token and ends the session on a refusal, SPEC §4).
 * Each returns the answer as read; the screens decide what it means.
 *
 * The types are written by hand from the server's DTOs until the generated
 * schema (`lib/api/schema.d.ts`) carries them.
 */
import { api, type Answer } from "../../lib/api/client";
import { priceLabel } from "../../lib/domain";

export type { Answer } from "../../lib/api/client";

/* ---------- Refunds ---------- */

/** A refund's life: asked for, then rejected, or sent (pending) and processed or failed. */
export type RefundStatus = "requested" | "rejected" | "pending" | "processed" | "failed";

/** Why the published rules allow it (the crate's `refunds::Basis`). */
export type RefundBasis = "mentor_cancelled" | "mentor_no_show" | "learner_cancelled" | "expired" | "overpaid" | "unused" | "partial";

/** `GET /api/admin/refunds/`: a refund with who and what it is about, and its age against the 3–5 business-day promise. */
export interface AdminRefund {
  id: string;
  booking_id: string;
  status: RefundStatus;
  basis: RefundBasis;
  automatic: boolean;
  reason: string;
  requested_paise: number;
  amount_paise: number | null;
  decision_note: string | null;
  requested_at: string;
  decided_at: string | null;
  processed_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
  learner_name: string;
  mentor_name: string;
  service_title: string;
  /** Whole business days (Mon–Fri, India) since it was asked for. */
  age_business_days: number;
  /** 5 business days after it was asked for. */
  due_at: string;
  /** Still waiting past `due_at` (the server's verdict). */
  overdue: boolean;
  /** What may still be returned on this booking: captured less pending and processed refunds. */
  refundable_paise: number;
}

/** The queue's filters; `requested` (waiting for a decision) first. */
export type RefundFilter = RefundStatus;

const REFUNDS = "/api/admin/refunds/";

export function fetchRefunds(filter: RefundFilter, signal?: AbortSignal): Promise<Answer<AdminRefund[]>> {
  return api.send<AdminRefund[]>(`${REFUNDS}?status=${filter}`, { authorised: true, ...(signal ? { signal } : {}) });
}

export function approveRefund(id: string, amountPaise: number): Promise<Answer<AdminRefund>> {
  return api.send<AdminRefund>(`${REFUNDS}${encodeURIComponent(id)}/approve/`, { method: "POST", json: { amount_paise: amountPaise }, authorised: true });
}

export function rejectRefund(id: string, reason: string): Promise<Answer<AdminRefund>> {
  return api.send<AdminRefund>(`${REFUNDS}${encodeURIComponent(id)}/reject/`, { method: "POST", json: { reason }, authorised: true });
}

/** An answer's body as a refund, when it looks like one. */
export function refundFrom(body: unknown): Partial<AdminRefund> & Pick<AdminRefund, "id" | "status"> | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const r = body as Partial<AdminRefund>;
  return typeof r.id === "string" && typeof r.status === "string" ? (r as Partial<AdminRefund> & Pick<AdminRefund, "id" | "status">) : undefined;
}

/* ---------- Payouts ---------- */

export type PayoutLineStatus = "pending" | "paid" | "failed";

/** One mentor's line of a batch, with the details it was made with (masked for the screen). */
export interface PayoutLine {
  id: number;
  batch_id: number;
  mentor_id: number;
  mentor_name: string;
  amount_paise: number;
  method: "bank" | "upi";
  beneficiary_name: string;
  account_number_masked: string | null;
  ifsc: string | null;
  upi_id_masked: string | null;
  reference: string;
  status: PayoutLineStatus;
  failure_reason: string | null;
  paid_at: string | null;
  failed_at: string | null;
  updated_at?: string;
}

/** A mentor with money available left out of a new batch, and why (no payout details, schedule not due). */
export interface SkippedMentor {
  mentor_id: number;
  mentor_name: string;
  available_paise: number;
  reason: string;
}

/** A payout run with its figures (the list); one batch also has its lines (and, just made, who was left out). */
export interface PayoutBatch {
  id: number;
  /** Money available by this moment was paid. */
  period_end: string;
  created_by: number | null;
  created_at: string;
  line_count: number;
  total_paise: number;
  paid_paise: number;
  pending_count: number;
  failed_count: number;
  lines?: PayoutLine[];
  skipped?: SkippedMentor[];
  export_url?: string;
}

const PAYOUTS = "/api/admin/payouts/";

export function fetchBatches(signal?: AbortSignal): Promise<Answer<PayoutBatch[]>> {
  return api.send<PayoutBatch[]>(PAYOUTS, { authorised: true, ...(signal ? { signal } : {}) });
}

export function fetchBatch(id: number, signal?: AbortSignal): Promise<Answer<PayoutBatch>> {
  return api.send<PayoutBatch>(`${PAYOUTS}${id}/`, { authorised: true, ...(signal ? { signal } : {}) });
}

/** A new batch of what is available now (the server's clock) for every mentor whose schedule is due. */
export function createBatch(): Promise<Answer<PayoutBatch>> {
  return api.send<PayoutBatch>(PAYOUTS, { method: "POST", json: {}, authorised: true });
}

export function markLinePaid(batchId: number, lineId: number): Promise<Answer<PayoutLine>> {
  return api.send<PayoutLine>(`${PAYOUTS}${batchId}/lines/${lineId}/paid/`, { method: "POST", authorised: true });
}

export function markLineFailed(batchId: number, lineId: number, reason: string): Promise<Answer<PayoutLine>> {
  return api.send<PayoutLine>(`${PAYOUTS}${batchId}/lines/${lineId}/failed/`, { method: "POST", json: { reason }, authorised: true });
}

/** The bank file: full account numbers, so it is fetched with the admin's token, never linked. */
export function fetchBatchCsv(batchId: number): Promise<Answer<never>> {
  return api.send<never>(`${PAYOUTS}${batchId}/export.csv`, { authorised: true, read: "text", headers: { Accept: "text/csv" } });
}

/* ---------- The ledger ---------- */

export type LedgerAccount = "gateway" | "commission" | "mentor" | "payouts_in_transit" | "learner_credit";

/** `GET /api/admin/ledger/`: every account's balance (debit positive) and the money story. */
export interface LedgerTotals {
  accounts: { account: LedgerAccount | string; balance_paise: number }[];
  balanced: boolean;
  captured_paise: number;
  refunded_paise: number;
  paid_out_paise: number;
  held_paise: number;
  commission_paise: number;
  /** Each mentor's position: what the platform owes them and what is in a payout. */
  mentors?: { mentor_id: number; owed_paise: number; in_transit_paise: number }[];
}

export function fetchLedger(signal?: AbortSignal): Promise<Answer<LedgerTotals>> {
  return api.send<LedgerTotals>("/api/admin/ledger/", { authorised: true, ...(signal ? { signal } : {}) });
}

/* ---------- Amounts ---------- */

/** `₹1,234.50` (Indian grouping, the crate's label); `₹0` for nothing; a leading minus below zero. */
export function rupees(paise: number): string {
  if (paise === 0) return "₹0";
  const label = priceLabel(Math.abs(paise) / 100, "explorer");
  return paise < 0 ? `−${label}` : label;
}

/** The rupees typed (`750`, `750.5`, `1,250.00`), in paise; undefined when it is not an amount. */
export function paiseOf(typed: string): number | undefined {
  const text = typed.replace(/[₹,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/** Paise as the rupees an input shows: `750`, `750.50`. */
export function rupeesInput(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

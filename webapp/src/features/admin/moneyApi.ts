/**
 * The administrators' money calls (issue 13): the refund queue, payout
 * batches, the ledger's totals and the books against the gateway (issue
 * 19), through the app's one client (it refreshes an expired token and
 * ends the session on a refusal, SPEC §4).
 * Each returns the answer as read; the screens decide what it means.
 *
 * The types are the server's OpenAPI document's (`just api-types`).
 */
import { api, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";

export type { Answer } from "../../lib/api/client";

/* ---------- Refunds ---------- */

/** A refund's life: asked for, then rejected, or sent (pending) and processed or failed. */
export type RefundStatus = Schemas["RefundStatus"];

/** Why the published rules allow it (the crate's `refunds::Basis`). */
export type RefundBasis = Schemas["RefundBasis"];

/** `GET /api/admin/refunds/`: a refund with who and what it is about, and its age against the 3–5 business-day promise. */
export type AdminRefund = Schemas["AdminRefund"];

/** The queue's filters; `requested` (waiting for a decision) first. */
export type RefundFilter = RefundStatus;

const REFUNDS = "/api/admin/refunds/";

export function fetchRefunds(filter: RefundFilter, signal?: AbortSignal): Promise<Answer<AdminRefund[]>> {
  return api.send<AdminRefund[]>(`${REFUNDS}?status=${filter}`, { authorised: true, ...(signal ? { signal } : {}) });
}

/**
 * Approves a request for `amountPaise`. The server checks the refund rules
 * again now; going beyond them needs `overrideReason` (a 400 under
 * `override_reason` otherwise), which the audit log keeps.
 */
export function approveRefund(id: string, amountPaise: number, overrideReason?: string): Promise<Answer<AdminRefund>> {
  const json = overrideReason ? { amount_paise: amountPaise, override_reason: overrideReason } : { amount_paise: amountPaise };
  return api.send<AdminRefund>(`${REFUNDS}${encodeURIComponent(id)}/approve/`, { method: "POST", json, authorised: true });
}

/* ---------- No-show disputes ---------- */

/** `GET /api/admin/disputes/`: a contested no-show report with both statements, the booking, its people and its money. */
export type Dispute = Schemas["Dispute"];

/** How an administrator settles a report. */
export type DisputeOutcome = "mentor_missed" | "learner_missed" | "partial";

const DISPUTES = "/api/admin/disputes/";

export function fetchDisputes(signal?: AbortSignal): Promise<Answer<Dispute[]>> {
  return api.send<Dispute[]>(DISPUTES, { authorised: true, ...(signal ? { signal } : {}) });
}

export function decideDispute(
  id: string,
  decision: { outcome: DisputeOutcome; amountPaise?: number; reason?: string },
): Promise<Answer<Schemas["NoShowReportView"]>> {
  const json: Record<string, unknown> = { outcome: decision.outcome };
  if (decision.amountPaise !== undefined) json["amount_paise"] = decision.amountPaise;
  if (decision.reason) json["reason"] = decision.reason;
  return api.send<Schemas["NoShowReportView"]>(`${DISPUTES}${encodeURIComponent(id)}/decide/`, { method: "POST", json, authorised: true });
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

export type PayoutLineStatus = Schemas["LineStatus"];

/** One mentor's line of a batch, with the details it was made with (masked for the screen). */
export type PayoutLine = Schemas["PayoutLineView"];

/** A mentor with money available left out of a new batch, and why (no payout details, schedule not due). */
export type SkippedMentor = Schemas["SkippedMentor"];

/**
 * A payout run with its figures (the list); one batch also has its lines
 * (and, just made, who was left out) and the bank file's address.
 */
export type PayoutBatch = Schemas["PayoutBatchSummary"] & Partial<Pick<Schemas["PayoutBatchView"], "lines" | "skipped" | "export_url">>;

const PAYOUTS = "/api/admin/payouts/";

export function fetchBatches(signal?: AbortSignal): Promise<Answer<PayoutBatch[]>> {
  return api.send<PayoutBatch[]>(PAYOUTS, { authorised: true, ...(signal ? { signal } : {}) });
}

export function fetchBatch(id: number, signal?: AbortSignal): Promise<Answer<PayoutBatch>> {
  return api.send<PayoutBatch>(`${PAYOUTS}${id}/`, { authorised: true, ...(signal ? { signal } : {}) });
}

/**
 * A new batch for every mentor whose schedule is due: what was available by
 * `periodEnd` (RFC 3339), or now (the server's clock) when it is left out.
 */
export function createBatch(periodEnd?: string): Promise<Answer<PayoutBatch>> {
  return api.send<PayoutBatch>(PAYOUTS, { method: "POST", json: periodEnd ? { period_end: periodEnd } : {}, authorised: true });
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

/** The ledger's accounts (the server names each as text). */
export type LedgerAccount = "gateway" | "commission" | "mentor" | "payouts_in_transit" | "learner_credit" | "tds_payable";

/** `GET /api/admin/ledger/`: every account's balance (debit positive), the money story and each mentor's position. */
export type LedgerTotals = Schemas["LedgerReport"];

export function fetchLedger(signal?: AbortSignal): Promise<Answer<LedgerTotals>> {
  return api.send<LedgerTotals>("/api/admin/ledger/", { authorised: true, ...(signal ? { signal } : {}) });
}

/* ---------- Reconciliation ---------- */

/** Which side lacks an item, or how the two differ. */
export type ReconciliationDifference = Schemas["ReconciliationDifference"];

/** A payment, a refund or a dispute. */
export type ReconciliationKind = Schemas["ReconciliationKind"];

/** One item the books and the gateway do not agree on. */
export type ReconciliationMismatch = Schemas["ReconciliationMismatch"];

/** `GET /api/admin/reconciliation/`: the books against the gateway for one period. */
export type ReconciliationReport = Schemas["ReconciliationReport"];

/**
 * The books against the gateway's own lists for payments made from `from`
 * to `to` (RFC 3339; the server's last 30 days when left out). Asks the
 * gateway: 503 when it does not answer.
 */
export function fetchReconciliation(period: { from?: string; to?: string }, signal?: AbortSignal): Promise<Answer<ReconciliationReport>> {
  const query = new URLSearchParams();
  if (period.from) query.set("from", period.from);
  if (period.to) query.set("to", period.to);
  const search = query.toString();
  return api.send<ReconciliationReport>(`/api/admin/reconciliation/${search ? `?${search}` : ""}`, { authorised: true, ...(signal ? { signal } : {}) });
}

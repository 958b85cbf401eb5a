/**
 * The booking flow's calls (`/api/bookings/…`, `/api/payments/…`), all
 * authorised except the mentor's open times, through the app's one client:
 * it refreshes an expired token and ends the session on a refusal (SPEC
 * §4). Each returns the answer as read; the screens decide what it means.
 */
import { fetchPolicy } from "../../lib/domain";
import { api, NoAnswerError, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";
import type { Booking, Checkout, NewBooking, PaymentMethod, PaymentProof } from "./types";

export type { Answer } from "../../lib/api/client";

const authorised = { authorised: true } as const;

function path(id: string, rest = ""): string {
  return `/api/bookings/${encodeURIComponent(id)}/${rest}`;
}

export function createBooking(booking: NewBooking): Promise<Answer<Booking>> {
  return api.send<Booking>("/api/bookings/", { ...authorised, method: "POST", json: booking });
}

export function fetchBooking(id: string, signal?: AbortSignal): Promise<Answer<Booking>> {
  return api.send<Booking>(path(id), { ...authorised, ...(signal ? { signal } : {}) });
}

/** The transitions: each answers 200 with the booking, or 409 `{detail}` when the rules forbid it now. */
export type Transition =
  | { kind: "accept" }
  | { kind: "decline"; reason: string }
  | { kind: "cancel"; reason: string }
  | { kind: "reschedule"; start: string }
  | { kind: "no-show"; choice?: "refund" | "reschedule"; statement?: string }
  | { kind: "feedback"; rating: number; text: string };

export function act(id: string, transition: Transition): Promise<Answer<Booking>> {
  const { kind, ...body } = transition;
  return api.send<Booking>(path(id, `${kind}/`), { ...authorised, method: "POST", json: body });
}

export function startCheckout(id: string): Promise<Answer<Checkout>> {
  return api.send<Checkout>(path(id, "checkout/"), { ...authorised, method: "POST", json: {} });
}

/** The sandbox gateway's "payment": signed `razorpay_*` fields on success, `{detail}` on a failure. */
export function sandboxPay(orderId: string, method: PaymentMethod, outcome: "success" | "failure"): Promise<Answer<PaymentProof>> {
  return api.send<PaymentProof>(`/api/payments/sandbox/${encodeURIComponent(orderId)}/pay/`, {
    ...authorised,
    method: "POST",
    json: { method, outcome },
  });
}

export function verifyPayment(proof: PaymentProof): Promise<Answer<Booking>> {
  return api.send<Booking>("/api/payments/verify/", { ...authorised, method: "POST", json: proof });
}

/** The booking's calendar file (`text/calendar`), read as text. */
export function fetchCalendar(id: string): Promise<Answer> {
  return api.send(path(id, "calendar.ics"), { ...authorised, read: "text", headers: { Accept: "text/calendar" } });
}

/** One open time of a mentor's service. */
export interface OpenTime {
  start: Date;
  end: Date;
  /** The start as the API sent it. */
  key: string;
}

/**
 * A mentor's open times for one service between `from` and `to` (the same
 * public endpoint as the profile page), or why there are none to show.
 */
export async function fetchOpenTimes(
  mentorId: number,
  serviceId: number,
  from: Date,
  to: Date,
  signal?: AbortSignal,
): Promise<{ type: "ok"; times: OpenTime[] } | { type: "failed"; message: string }> {
  const query = new URLSearchParams({ service: String(serviceId), from: from.toISOString(), to: to.toISOString() });
  try {
    const answer = await api.send(`/api/mentors/${mentorId}/slots/?${query.toString()}`, {
      credentials: "omit",
      timeoutMs: fetchPolicy().requestTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!answer.ok || !Array.isArray(answer.body)) return { type: "failed", message: "We couldn’t load the open times. Please try again." };
    const times: OpenTime[] = [];
    for (const item of answer.body as unknown[]) {
      if (typeof item !== "object" || item === null) continue;
      const { start, end } = item as { start?: unknown; end?: unknown };
      if (typeof start !== "string" || typeof end !== "string") continue;
      const s = new Date(start);
      const e = new Date(end);
      if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) continue;
      times.push({ start: s, end: e, key: start });
    }
    times.sort((a, b) => a.start.getTime() - b.start.getTime());
    return { type: "ok", times };
  } catch (error) {
    return { type: "failed", message: error instanceof NoAnswerError ? error.message : "We couldn’t load the open times. Please try again." };
  }
}

/* ---------- Refunds and receipts (issue 13) ---------- */
// Hand-written until the OpenAPI types are generated again (`just api-types`).

/** A refund's state: `requested` waits for an admin; `pending` is on its way through the gateway. */
export type RefundStatus = "requested" | "rejected" | "pending" | "processed" | "failed";

/** Why a refund is owed or asked for (the crate's `refunds::Basis`, as the `refunds.basis` column stores it). */
export type RefundBasis = "mentor_cancelled" | "mentor_no_show" | "learner_cancelled" | "expired" | "overpaid" | "unused" | "partial";

/** `Refund`: one refund of a booking. Times are RFC 3339 UTC. */
export interface Refund {
  id: string;
  booking_id: string;
  status: RefundStatus;
  basis: RefundBasis;
  /** Went straight through, without an admin's review. */
  automatic: boolean;
  /** The learner's reason (may be empty for an automatic refund). */
  reason: string;
  requested_paise: number;
  /** What was approved (or is being paid back); null until decided. */
  amount_paise: number | null;
  /** The administrator's words: why it was rejected (or a note on the approval). */
  decision_note: string | null;
  requested_at: string;
  decided_at: string | null;
  processed_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
}

/** Whether the learner may ask for a refund now (the crate's `refunds::eligibility`), as the page uses it. */
export interface RefundEligibility {
  eligible: boolean;
  /** Goes straight through (no admin review). */
  automatic: boolean;
  basis: RefundBasis | null;
  /** The most that may be refunded now, in paise (0 when not eligible). */
  maxPaise: number;
  /** When asking stops being possible, if it does (ms since the epoch). */
  closesAtMs: number | null;
  /** The learner's words: what they can do, or why not. */
  message: string;
}

/**
 * The crate's `RefundFacts` as the answer carries them (camelCase, the
 * stored status), exactly what `refundEligibility(facts, nowMs)` takes.
 */
export interface RefundFactsBody {
  status: string;
  startMs: number;
  endMs: number;
  cancelledBy: string | null;
  noShowBy: string | null;
  noShowChoice: string | null;
  refundOwedPaise: number;
  capturedPaise: number;
  capturedAtMs: number | null;
  refundedPaise: number;
  openRequest: boolean;
  feedbackAtMs: number | null;
}

/** `GET /api/bookings/{id}/refunds/`, with its eligibility read into the crate's shape. */
export interface BookingRefunds {
  /** The server's verdict when it answered. */
  eligibility: RefundEligibility;
  /** Oldest first. */
  refunds: Refund[];
  captured_paise: number;
  refunded_paise: number;
  /** The rules' input: the page recomputes the verdict with the crate as time passes. */
  facts: RefundFactsBody | null;
}

/** `Receipt`: one receipt of a booking's payment or refund. */
export interface Receipt {
  number: string;
  kind: "payment" | "refund";
  amount_paise: number;
  issued_at: string;
  /** `GET` it (authorised) for the printable receipt, `text/html`. */
  download_url: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The answer's `eligibility` (`max_paise`, `closes_at` RFC 3339) in the crate's shape; null when it is not one. */
export function readEligibility(raw: unknown): RefundEligibility | null {
  if (!isObject(raw) || typeof raw["eligible"] !== "boolean" || typeof raw["message"] !== "string") return null;
  const closes = typeof raw["closes_at"] === "string" ? Date.parse(raw["closes_at"]) : NaN;
  return {
    eligible: raw["eligible"],
    automatic: raw["automatic"] === true,
    basis: typeof raw["basis"] === "string" ? (raw["basis"] as RefundBasis) : null,
    maxPaise: typeof raw["max_paise"] === "number" ? raw["max_paise"] : 0,
    closesAtMs: Number.isNaN(closes) ? null : closes,
    message: raw["message"],
  };
}

/** A booking's refunds and whether the learner may ask for one; `body` null when the answer is not one. */
export async function fetchRefunds(id: string, signal?: AbortSignal): Promise<Answer<BookingRefunds>> {
  const answer = await api.send<Record<string, unknown>>(path(id, "refunds/"), { ...authorised, ...(signal ? { signal } : {}) });
  if (!answer.ok || !answer.body) return { ...answer, body: null };
  const raw = answer.body;
  const eligibility = readEligibility(raw["eligibility"]);
  if (!eligibility || !Array.isArray(raw["refunds"])) return { ...answer, body: null };
  return {
    ...answer,
    body: {
      eligibility,
      refunds: raw["refunds"] as Refund[],
      captured_paise: typeof raw["captured_paise"] === "number" ? raw["captured_paise"] : 0,
      refunded_paise: typeof raw["refunded_paise"] === "number" ? raw["refunded_paise"] : 0,
      facts: isObject(raw["facts"]) ? (raw["facts"] as unknown as RefundFactsBody) : null,
    },
  };
}

/** `POST /api/bookings/{id}/refund-request/`: 201 (or 200 for an automatic refund already made) with the refund; 400 `{reason}`; 409 `{detail}`. */
export function requestRefund(id: string, reason: string): Promise<Answer<Refund>> {
  return api.send<Refund>(path(id, "refund-request/"), { ...authorised, method: "POST", json: { reason } });
}

/** The receipts of a booking's payments and refunds (the learner's own; a mentor is answered 404). */
export function fetchReceipts(id: string, signal?: AbortSignal): Promise<Answer<Receipt[]>> {
  return api.send<Receipt[]>(path(id, "receipts/"), { ...authorised, ...(signal ? { signal } : {}) });
}

/** One printable receipt (`text/html`), read as text with the bearer token. */
export function fetchReceipt(receipt: Pick<Receipt, "number" | "download_url">): Promise<Answer> {
  const url = receipt.download_url || `/api/receipts/${encodeURIComponent(receipt.number)}/`;
  return api.send(url, { ...authorised, read: "text", headers: { Accept: "text/html" } });
}

/* ---------- No-shows settled by contest (issue 20) ---------- */

/** A no-show report as the booking's people see it: both statements, the deadline to contest, the outcome. */
export type NoShowReport = Schemas["NoShowReportView"];

/** The booking's no-show report, or `null` when nobody reported one. */
export async function fetchNoShowReport(id: string, signal?: AbortSignal): Promise<Answer<NoShowReport | null>> {
  const answer = await api.send<{ report?: NoShowReport | null }>(path(id, "no-show/report/"), { ...authorised, ...(signal ? { signal } : {}) });
  return { ...answer, body: answer.ok && answer.body ? (answer.body.report ?? null) : null };
}

/** The other side contests the report with a statement (a learner may also say which remedy they want). */
export function contestNoShow(id: string, statement: string, choice?: "refund" | "reschedule"): Promise<Answer<NoShowReport>> {
  return api.send<NoShowReport>(path(id, "no-show/contest/"), { ...authorised, method: "POST", json: choice ? { statement, choice } : { statement } });
}

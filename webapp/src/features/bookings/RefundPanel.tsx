/**
 * The booking page's refunds (issue 13): whether the learner may ask for a
 * refund now, how much and until when (the crate's `refundEligibility`, the
 * same function the API enforces), the request with a reason, and each
 * refund's way from the request to the money back. The mentor of the
 * booking sees its refunds, without the form.
 *
 * Eligibility is the crate's rule applied in the browser to the facts that
 * `GET /api/bookings/{id}/refunds/` answers (so a window closes on an open
 * screen when it closes); should the answer carry no facts, it is the
 * server's verdict, read again when the window it named closes.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { FormAlert, TextArea } from "../../components/form";
import { bookingFormLimits, checkBookingText, refundEligibility, refundOffer } from "../../lib/domain";
import { REFUND_POLICY, REFUND_REVIEW_TIME } from "../../lib/facts";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { amountLabel, priceLabelOf } from "../../lib/money";
import { fetchRefunds, requestRefund, type BookingRefunds, type Refund, type RefundBasis, type RefundEligibility, type RefundStatus } from "./api";
import { clockTime, dayDate, deadlineWords, timeLeft, zoneLongName } from "../../lib/time";
import type { Booking } from "./types";
import { failureMessage } from "./useBooking";
import "./refunds.css";
import { serverNow } from "../../lib/clock";

/** The longest reason the API takes (after cleaning): its parser's limit,
 * from the crate. */
function refundReasonLimit(): number {
  return bookingFormLimits().refundReason;
}

/** While a refund is on its way, its state is read again this often. */
export const REFUND_POLL_MS = 30_000;

/* ---------- Words ---------- */

/** Why a refund is owed or was asked for, as a short phrase. */
export const BASIS_LABEL: Readonly<Record<RefundBasis, string>> = {
  mentor_cancelled: "Session cancelled for you",
  mentor_no_show: "Mentor missed the session",
  learner_cancelled: "You cancelled in time",
  expired: "Paid after the booking lapsed",
  overpaid: "Paid more than the price",
  unused: "Session not taken",
  partial: `Partial refund (${REFUND_POLICY.partialPercent}%)`,
};

export const REFUND_STATUS_LABEL: Readonly<Record<RefundStatus, string>> = {
  requested: "Under review",
  rejected: "Not approved",
  pending: "On its way",
  processed: "Refunded",
  failed: "Failed",
};

function statusTone(status: RefundStatus): "info" | "warn" | "success" | "muted" | "danger" {
  switch (status) {
    case "requested":
      return "info";
    case "pending":
      return "warn";
    case "processed":
      return "success";
    case "rejected":
      return "muted";
    case "failed":
      return "danger";
  }
}

/** `Tue, 24 Nov 2026, 3:00 PM IST` in `zone`. */
export function instantWords(iso: string, zone: string): string {
  const at = new Date(iso);
  return `${dayDate(at, zone)}, ${clockTime(at, zone)} ${zoneLongName(at, zone)}`;
}

/** What a refund pays (or would pay) back. */
function amountOf(refund: Refund): number {
  return refund.amount_paise ?? refund.requested_paise;
}

/* ---------- Eligibility ---------- */

type RefundFacts = Parameters<typeof refundEligibility>[0];

/**
 * Whether the learner may ask at `now`: the crate's `refundEligibility` of
 * the facts the answer carried, so a window that closes while the page is
 * open closes here too; the server's verdict as answered when the answer
 * has no facts or the rule cannot read them.
 */
export function eligibilityAt(data: BookingRefunds, now: number): RefundEligibility {
  if (!data.facts) return data.eligibility;
  try {
    const e = refundEligibility(data.facts as unknown as RefundFacts, now);
    return {
      eligible: e.eligible,
      automatic: e.automatic,
      basis: (e.basis ?? null) as RefundBasis | null,
      maxPaise: e.maxPaise,
      closesAtMs: e.closesAtMs ?? null,
      message: e.message,
    };
  } catch {
    return data.eligibility;
  }
}

/* ---------- The timeline ---------- */

export type StepState = "done" | "current" | "upcoming" | "stopped" | "failed";

export interface TimelineStep {
  label: string;
  state: StepState;
  /** When it happened (RFC 3339), for a step that did. */
  at?: string | null;
  detail?: string | null;
}

/** A refund's steps, from the request (or its automatic start) to the money back. */
export function refundSteps(refund: Refund): TimelineStep[] {
  const amount = priceLabelOf(amountOf(refund));
  const steps: TimelineStep[] = [];
  if (refund.automatic) {
    steps.push({ label: "Refund started", state: "done", at: refund.requested_at, detail: `${BASIS_LABEL[refund.basis]}: no review needed.` });
  } else {
    steps.push({ label: "Requested", state: "done", at: refund.requested_at, detail: refund.reason ? `“${refund.reason}”` : null });
    if (refund.status === "requested") {
      steps.push({ label: "Under review", state: "current", detail: `We answer within ${REFUND_REVIEW_TIME} and e-mail you either way.` });
    } else if (refund.status === "rejected") {
      steps.push({ label: "Not approved", state: "stopped", at: refund.decided_at, detail: refund.decision_note });
      return steps;
    } else {
      const partOf = refund.amount_paise !== null && refund.amount_paise !== refund.requested_paise ? ` of the ${priceLabelOf(refund.requested_paise)} asked for` : "";
      steps.push({ label: `Approved: ${amount}${partOf}`, state: "done", at: refund.decided_at, detail: refund.decision_note });
    }
  }
  switch (refund.status) {
    case "requested":
      steps.push({ label: "Refunded", state: "upcoming" });
      break;
    case "pending":
      steps.push({
        label: "On its way",
        state: "current",
        detail: `${amount} is being returned to the payment method you used. When it shows in your account depends on your bank, card issuer, UPI app or wallet.`,
      });
      break;
    case "processed":
      steps.push({ label: `Refunded ${amount}`, state: "done", at: refund.processed_at, detail: "Returned to the payment method you used." });
      break;
    case "failed":
      steps.push({
        label: "The refund could not be completed",
        state: "failed",
        at: refund.failed_at,
        detail: `${refund.failure_reason ? `${refund.failure_reason} ` : ""}Nothing was taken from the amount owed to you: you can ask again, or write to support.`,
      });
      break;
    case "rejected":
      break;
  }
  return steps;
}

function RefundTimeline({ refund, zone }: { refund: Refund; zone: string }) {
  const titleId = useId();
  const steps = refundSteps(refund);
  return (
    <article className="rf-refund" aria-labelledby={titleId} data-testid="refund" data-status={refund.status}>
      <header className="rf-refund__head">
        <h3 id={titleId} className="rf-refund__title">
          {priceLabelOf(amountOf(refund))} · {BASIS_LABEL[refund.basis]}
        </h3>
        <span className={`bk-badge bk-badge--${statusTone(refund.status)}`} data-testid="refund-status">
          {REFUND_STATUS_LABEL[refund.status]}
        </span>
      </header>
      <ol className="rf-steps" aria-label="Progress of this refund">
        {steps.map((step, i) => (
          <li key={i} className={`rf-step rf-step--${step.state}`} aria-current={step.state === "current" ? "step" : undefined}>
            <span className="rf-step__dot" aria-hidden="true" />
            <span className="rf-step__label">
              {step.label}
              {step.state === "upcoming" ? <span className="sr-only"> (not yet)</span> : null}
            </span>
            {step.at ? (
              <time className="rf-step__at" dateTime={step.at}>
                {instantWords(step.at, zone)}
              </time>
            ) : null}
            {step.detail ? <span className="rf-step__detail">{step.detail}</span> : null}
          </li>
        ))}
      </ol>
    </article>
  );
}

/* ---------- The request ---------- */

/** What the dialog says the request will do. */
function requestWords(eligibility: RefundEligibility): string {
  const amount = priceLabelOf(eligibility.maxPaise);
  if (eligibility.automatic) return `${amount} is owed back to you, so it goes straight through: no review needed. It returns to the payment method you used.`;
  if (eligibility.basis === "partial")
    return `As the session took place, you can ask for ${REFUND_POLICY.partialPercent}% of what you paid: up to ${amount}. Tell us what went wrong; we review it and answer within ${REFUND_REVIEW_TIME}.`;
  return `You can ask for up to ${amount}. Tell us why; we review it and answer within ${REFUND_REVIEW_TIME}. If approved, it returns to the payment method you used.`;
}

type Sent = { refund: Refund } | { message: string; field?: "reason"; conflict: boolean };

async function send(bookingId: string, reason: string): Promise<Sent> {
  try {
    const answer = await requestRefund(bookingId, reason);
    if (answer.ok && answer.body) return { refund: answer.body };
    if (answer.status === 400) {
      const { fields, other } = formErrors(answer.body, ["reason"] as const);
      if (fields.reason) return { message: fields.reason, field: "reason", conflict: false };
      return { message: other ?? "Please check and try again.", conflict: false };
    }
    if (answer.status === 404) return { message: "This booking is no longer available to you.", conflict: false };
    return { message: detailOf(answer.body) ?? "That didn’t work. Please try again.", conflict: answer.status === 409 };
  } catch (error) {
    if (error instanceof SessionEndedError) throw error;
    return { message: failureMessage(error), conflict: false };
  }
}

export function RefundDialog({
  booking,
  eligibility,
  onClose,
  onDone,
  onStale,
}: {
  booking: Booking;
  eligibility: RefundEligibility;
  onClose: () => void;
  onDone: (refund: Refund) => void;
  /** The rules refused (409): the refunds are read again. */
  onStale: () => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState(eligibility.automatic ? "Please refund what I am owed." : "");
  const [busy, setBusy] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === "") {
      setReasonError("Tell us why you are asking for a refund.");
      return;
    }
    const checked = checkBookingText("refund_reason", text);
    if (checked.type === "error") {
      setReasonError(checked.message);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const outcome = await send(booking.id, text);
      if ("refund" in outcome) return onDone(outcome.refund);
      if (outcome.field === "reason") setReasonError(outcome.message);
      else setProblem(outcome.message);
      if (outcome.conflict) onStale();
    } catch {
      return;
    }
    setBusy(false);
  };

  return (
    <Dialog
      title="Ask for a refund"
      onClose={onClose}
      testId="refund-dialog"
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Back
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy} aria-busy={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {eligibility.automatic ? `Refund ${priceLabelOf(eligibility.maxPaise)}` : "Send request"}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="bk-dialog__form bk-scroll">
        <p data-testid="refund-terms">{requestWords(eligibility)}</p>
        <TextArea
          label="Reason"
          rows={4}
          maxLength={refundReasonLimit()}
          value={reason}
          required
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
          error={reasonError}
          hint={`${reason.length}/${refundReasonLimit()}`}
        />
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      </form>
    </Dialog>
  );
}

/* ---------- The panel ---------- */

type PanelState = { status: "loading" } | { status: "hidden" } | { status: "error"; message: string } | { status: "ready"; data: BookingRefunds };

/** Statuses in which nothing can have been paid yet. */
const UNPAID = new Set(["pending", "payment_required"]);

/**
 * Whether cancelling refunds in full now, so the panel offers cancelling
 * instead of a refund request (the crate's `refundOffer`: cancel first
 * while it refunds everything; a request only where cancelling would not).
 * Undefined when the answer has no facts or the rule cannot read them.
 */
export function cancelInsteadAt(data: BookingRefunds, now: number): { message: string; untilMs: number | null } | undefined {
  if (!data.facts) return undefined;
  try {
    const offer = refundOffer(data.facts as unknown as RefundFacts, now);
    return offer.cancelRefunds ? { message: offer.message, untilMs: offer.cancelRefundsUntilMs ?? null } : undefined;
  } catch {
    return undefined;
  }
}

export interface RefundPanelProps {
  booking: Booking;
  now: number;
  zone: string;
  /** Opens the cancel dialog: offered first while cancelling refunds in full. */
  onCancel?: () => void;
  /** A refund was made or changed state (a receipt may have been issued). */
  onRefundsChanged?: () => void;
}

export function RefundPanel({ booking, now, zone, onCancel, onRefundsChanged }: RefundPanelProps) {
  const titleId = useId();
  const [state, setState] = useState<PanelState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  // Only the learner asks; the mentor and an administrator see the refunds.
  const learner = booking.role === "learner";
  const relevant = booking.price_paise > 0 && !UNPAID.has(booking.status);
  const signature = useRef<string | undefined>(undefined);
  const changed = useRef(onRefundsChanged);
  changed.current = onRefundsChanged;

  // Read again whenever the booking changes (a cancellation, feedback), and on demand.
  useEffect(() => {
    if (!relevant) {
      setState({ status: "hidden" });
      return;
    }
    const controller = new AbortController();
    fetchRefunds(booking.id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.status === 404 || answer.status === 403) setState({ status: "hidden" });
        else if (answer.ok && answer.body) {
          const data = answer.body;
          const next = data.refunds.map((r) => `${r.id}:${r.status}`).join(",");
          if (signature.current !== undefined && signature.current !== next) changed.current?.();
          signature.current = next;
          setState({ status: "ready", data });
        } else setState({ status: "error", message: detailOf(answer.body) ?? "We couldn’t load the refund details. Please try again." });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof SessionEndedError)) setState({ status: "error", message: failureMessage(error) });
      },
    );
    return () => controller.abort();
  }, [booking.id, booking.updated_at, relevant, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const data = state.status === "ready" ? state.data : undefined;
  const moving = data?.refunds.some((r) => r.status === "pending") ?? false;
  const live = data?.facts != null;
  const closesAt = data?.eligibility.closesAtMs ?? null;

  // A refund on its way is read again until it settles.
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(reload, REFUND_POLL_MS);
    return () => clearInterval(timer);
  }, [moving, reload]);

  // Without the facts to recompute it, the eligibility is read again when the window it named closes.
  useEffect(() => {
    if (live || closesAt === null) return;
    const wait = closesAt - serverNow() + 1_000;
    if (wait <= 0 || wait > 2_147_483_647) return;
    const timer = setTimeout(reload, wait);
    return () => clearTimeout(timer);
  }, [live, closesAt, reload]);

  if (state.status === "hidden" || state.status === "loading") return null;
  if (state.status === "error")
    return (
      <section className="bk-card rf-panel" aria-labelledby={titleId} data-testid="refund-panel">
        <h2 id={titleId} className="bk-card__title">
          Refunds
        </h2>
        <FormAlert tone="error">{state.message}</FormAlert>
        <button type="button" className="btn btn--secondary" onClick={reload}>
          Try again
        </button>
      </section>
    );

  const { refunds, captured_paise: captured, refunded_paise: refunded } = state.data;
  if (captured <= 0 && refunds.length === 0) return null;
  if (!learner && refunds.length === 0) return null;
  const eligibility = eligibilityAt(state.data, now);
  const cancelInstead = learner ? cancelInsteadAt(state.data, now) : undefined;
  const cancelUntil = cancelInstead?.untilMs != null && cancelInstead.untilMs > now ? new Date(cancelInstead.untilMs) : undefined;
  const ordered = [...refunds].sort((a, b) => Date.parse(b.requested_at) - Date.parse(a.requested_at));
  const closes = eligibility.closesAtMs !== null && eligibility.closesAtMs > now ? new Date(eligibility.closesAtMs) : undefined;

  const done = (refund: Refund) => {
    setAsking(false);
    setNotice(
      refund.status === "requested"
        ? `Your request is in. We answer within ${REFUND_REVIEW_TIME} and e-mail you either way.`
        : refund.status === "processed"
          ? `${priceLabelOf(amountOf(refund))} has been refunded to the payment method you used.`
          : `${priceLabelOf(amountOf(refund))} is on its way back to the payment method you used.`,
    );
    reload();
    changed.current?.();
  };

  return (
    <section className="bk-card rf-panel" aria-labelledby={titleId} data-testid="refund-panel">
      <h2 id={titleId} className="bk-card__title">
        Refunds
      </h2>
      <dl className="rf-totals">
        <div>
          <dt>{learner ? "You paid" : "Paid"}</dt>
          <dd data-testid="refund-captured">{amountLabel(captured)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-testid="refund-refunded">{amountLabel(refunded)}</dd>
        </div>
      </dl>

      {notice ? (
        <FormAlert tone="success">
          <span data-testid="refund-notice">{notice}</span>
        </FormAlert>
      ) : null}

      {cancelInstead ? (
        <div className="rf-eligibility rf-eligibility--open" data-testid="refund-eligibility" data-eligible="false" data-cancel-first="true">
          <p className="rf-eligibility__message">{cancelInstead.message}</p>
          {cancelUntil ? (
            <p className="rf-eligibility__closes" data-testid="refund-closes">
              Cancelling refunds in full until {deadlineWords(cancelUntil, new Date(now), zone)} ({timeLeft(cancelUntil, new Date(now))} from now).
            </p>
          ) : null}
          {onCancel ? (
            <button type="button" className="btn btn--secondary" onClick={onCancel} data-testid="refund-cancel">
              Cancel for a full refund
            </button>
          ) : null}
        </div>
      ) : learner ? (
        <div className={`rf-eligibility${eligibility.eligible ? " rf-eligibility--open" : ""}`} data-testid="refund-eligibility" data-eligible={eligibility.eligible}>
          <p className="rf-eligibility__message">{eligibility.message}</p>
          {eligibility.eligible ? (
            <>
              {closes ? (
                <p className="rf-eligibility__closes" data-testid="refund-closes">
                  You can ask until {deadlineWords(closes, new Date(now), zone)} ({timeLeft(closes, new Date(now))} from now).
                </p>
              ) : null}
              <button type="button" className="btn btn--primary" onClick={() => setAsking(true)}>
                {eligibility.automatic ? "Get my refund" : "Ask for a refund"}
              </button>
            </>
          ) : closes ? (
            <p className="rf-eligibility__closes" data-testid="refund-closes">
              Give your feedback by {deadlineWords(closes, new Date(now), zone)} ({timeLeft(closes, new Date(now))} from now).
            </p>
          ) : null}
        </div>
      ) : null}

      {ordered.length > 0 ? (
        <div className="rf-refunds" data-testid="refund-list">
          {ordered.map((refund) => (
            <RefundTimeline key={refund.id} refund={refund} zone={zone} />
          ))}
        </div>
      ) : null}

      <p className="rf-panel__policy">
        <Link to="/refund">How refunds work</Link>
      </p>

      {asking ? (
        <RefundDialog
          booking={booking}
          eligibility={eligibility}
          onClose={() => setAsking(false)}
          onDone={done}
          onStale={reload}
        />
      ) : null}
    </section>
  );
}

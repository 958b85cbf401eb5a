import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { TabList } from "../../components/TabList";
import { FormAlert, TextArea, TextField } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { bookingReference } from "../../lib/domain";
import { amountInput, amountLabel, parseAmount } from "../../lib/money";
import {
  approveRefund,
  fetchRefunds,
  refundFrom,
  rejectRefund,
  type AdminRefund,
  type RefundBasis,
  type RefundFilter,
  type RefundStatus,
} from "./moneyApi";
import { reviewPromise } from "./moneyRules";
import { ReasonDialog } from "./ReasonDialog";
import { submittedLabel } from "./time";
import "./money.css";

const FILTERS: readonly { id: RefundFilter; label: string }[] = [
  { id: "requested", label: "Requested" },
  { id: "pending", label: "Pending" },
  { id: "processed", label: "Processed" },
  { id: "failed", label: "Failed" },
  { id: "rejected", label: "Rejected" },
];

const EMPTY: Record<RefundFilter, string> = {
  requested: "No refund requests are waiting. You’re all caught up.",
  pending: "No refunds are on their way right now.",
  processed: "No refunds have been processed yet.",
  failed: "No refunds have failed.",
  rejected: "No refund requests have been rejected.",
};

export const STATUS_LABEL: Readonly<Record<RefundStatus, string>> = {
  requested: "Requested",
  rejected: "Rejected",
  pending: "Pending",
  processed: "Processed",
  failed: "Failed",
};

export const BASIS_LABEL: Readonly<Record<RefundBasis, string>> = {
  mentor_cancelled: "Mentor cancelled",
  mentor_no_show: "Mentor missed the session",
  learner_cancelled: "Learner cancelled in time",
  expired: "Request expired after payment",
  overpaid: "Paid more than once",
  unused: "Unused session",
  partial: "Partial refund after feedback",
};

const LOAD_FAILED = "We couldn’t load the refunds. Please try again.";
const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const DECIDE_FAILED = "We couldn’t record the decision. Please try again.";

function isFilter(value: string | null): value is RefundFilter {
  return FILTERS.some((f) => f.id === value);
}

function days(n: number): string {
  return `${n} business ${n === 1 ? "day" : "days"}`;
}

/** The wait in words against the 3–5 business-day promise; overdue said in words (never colour alone). */
export function refundAgeText(refund: Pick<AdminRefund, "age_business_days" | "overdue">): string {
  const { min, max } = reviewPromise();
  const waited = refund.age_business_days < 1 ? "less than a business day" : days(refund.age_business_days);
  return refund.overdue ? `Waiting ${waited} — past the ${max}-business-day promise` : `Waiting ${waited} of ${min}–${max}`;
}

function RefundBadges({ refund }: { refund: AdminRefund }) {
  const overdue = refund.status === "requested" && refund.overdue;
  return (
    <span className="ad-badges">
      <span className={`ad-badge am-badge--${refund.status}`}>{STATUS_LABEL[refund.status]}</span>
      {refund.automatic ? <span className="ad-badge">Automatic</span> : null}
      {overdue ? (
        <span className="ad-badge ad-badge--overdue" data-testid="overdue">
          <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M10 2.5l8 14.5H2L10 2.5z" fill="currentColor" />
            <path d="M10 8v4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            <circle cx="10" cy="14.3" r="1.1" fill="#fff" />
          </svg>
          Overdue
        </span>
      ) : null}
    </span>
  );
}

function RefundAge({ refund }: { refund: AdminRefund }) {
  const { max } = reviewPromise();
  const fraction = Math.min(1, Math.max(0, refund.age_business_days / max));
  return (
    <div className={`ad-age${refund.overdue ? " is-overdue" : ""}`} data-testid="refund-age">
      <span className="ad-age__text">
        {refundAgeText(refund)} · answer by <time dateTime={refund.due_at}>{submittedLabel(refund.due_at)}</time>
      </span>
      <span className="ad-age__bar" aria-hidden="true">
        <span className="ad-age__fill" style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </span>
    </div>
  );
}

/** The amount that matters for the row: what was returned (or is being) once decided, else what was asked. */
function shownAmount(r: AdminRefund): number {
  return r.amount_paise ?? r.requested_paise;
}

type Queue = { status: "loading" } | { status: "failed" } | { status: "ready"; refunds: AdminRefund[] };

function useRefunds(filter: RefundFilter) {
  const [queue, setQueue] = useState<Queue>({ status: "loading" });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setQueue({ status: "loading" });
    fetchRefunds(filter, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setQueue(answer.ok && Array.isArray(answer.body) ? { status: "ready", refunds: answer.body } : { status: "failed" });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof SessionEndedError) return;
        setQueue({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [filter, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { queue, setQueue, reload };
}

type Outcome = { type: "decided"; refund: AdminRefund } | { type: "stale"; message: string };

/** One refund in full; while requested, the amount to approve (rupees, prefilled with what was asked) and Reject. */
export function RefundDetail({ refund, onDecided, onBack }: { refund: AdminRefund; onDecided: (outcome: Outcome) => void; onBack: () => void }) {
  const r = refund;
  const heading = useRef<HTMLHeadingElement>(null);
  const [amount, setAmount] = useState(() => amountInput(Math.min(r.requested_paise, r.refundable_paise > 0 ? r.refundable_paise : r.requested_paise)));
  const [amountError, setAmountError] = useState<string>();
  const [overrideReason, setOverrideReason] = useState("");
  const [overrideError, setOverrideError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [r.id]);

  async function approve(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(undefined);
    const paise = parseAmount(amount);
    if (paise === undefined) {
      setAmountError("Enter the amount in rupees, e.g. 750 or 750.50.");
      return;
    }
    setBusy(true);
    try {
      const answer = await approveRefund(r.id, paise, overrideReason.trim() || undefined);
      const decided = answer.ok ? refundFrom(answer.body) : undefined;
      if (decided) {
        onDecided({ type: "decided", refund: { ...r, ...decided } });
      } else if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["amount_paise", "override_reason"] as const);
        setAmountError(fields.amount_paise);
        setOverrideError(fields.override_reason);
        setAlert(fields.amount_paise || fields.override_reason ? undefined : (other ?? DECIDE_FAILED));
      } else if (answer.status === 409 || answer.status === 404) {
        onDecided({ type: "stale", message: detailOf(answer.body) ?? DECIDE_FAILED });
      } else {
        setAlert(detailOf(answer.body) ?? DECIDE_FAILED);
      }
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setAlert(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="ad-detail" aria-labelledby="am-refund-title" data-testid="refund-detail">
      <button type="button" className="btn btn--ghost ad-detail__back" onClick={onBack}>
        <span aria-hidden="true">←</span> All refunds
      </button>
      <header className="am-detail__head">
        <h3 id="am-refund-title" ref={heading} tabIndex={-1} className="ad-detail__name">
          {amountLabel(shownAmount(r))} to {r.learner_name}
        </h3>
        <RefundBadges refund={r} />
      </header>

      {r.status === "requested" ? <RefundAge refund={r} /> : null}

      <dl className="ad-facts">
        <div>
          <dt>Session</dt>
          <dd>
            {r.service_title} with {r.mentor_name}
          </dd>
        </div>
        <div>
          <dt>Why it may be refunded</dt>
          <dd>{BASIS_LABEL[r.basis]}</dd>
        </div>
        <div>
          <dt>Asked for</dt>
          <dd data-testid="requested-amount">{amountLabel(r.requested_paise)}</dd>
        </div>
        <div>
          <dt>Still refundable</dt>
          <dd data-testid="refundable-amount">{amountLabel(r.refundable_paise)}</dd>
        </div>
        <div>
          <dt>Asked on</dt>
          <dd>
            <time dateTime={r.requested_at}>{submittedLabel(r.requested_at)}</time>
          </dd>
        </div>
        {r.decided_at ? (
          <div>
            <dt>Decided</dt>
            <dd>
              <time dateTime={r.decided_at}>{submittedLabel(r.decided_at)}</time>
            </dd>
          </div>
        ) : null}
        {r.processed_at ? (
          <div>
            <dt>Returned</dt>
            <dd>
              <time dateTime={r.processed_at}>{submittedLabel(r.processed_at)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Booking</dt>
          <dd className="am-mono" title={r.booking_id} data-testid="refund-booking-reference">
            {bookingReference(r.booking_id)}
          </dd>
        </div>
      </dl>

      {r.reason ? (
        <section className="ad-block" aria-labelledby="am-refund-reason">
          <h4 id="am-refund-reason" className="ad-block__title">
            The learner’s reason
          </h4>
          <p className="am-quote">{r.reason}</p>
        </section>
      ) : null}

      {r.decision_note ? (
        <section className="ad-block" aria-labelledby="am-refund-note">
          <h4 id="am-refund-note" className="ad-block__title">
            {r.status === "rejected" ? "Reason given" : "Note"}
          </h4>
          <p className="ad-reason">{r.decision_note}</p>
        </section>
      ) : null}

      {r.status === "failed" && r.failure_reason ? (
        <FormAlert tone="error">
          The gateway could not return the money: {r.failure_reason}. The amount is refundable again.
        </FormAlert>
      ) : null}

      <div aria-live="polite">{alert ? <FormAlert tone="error">{alert}</FormAlert> : null}</div>

      {r.status === "requested" ? (
        <form className="am-approve" noValidate onSubmit={(e) => void approve(e)} aria-label="Approve the refund">
          <TextField
            label="Amount to refund (₹)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={amountError}
            hint={`At most ${amountLabel(r.refundable_paise)}, what is left of the payment. The learner asked for ${amountLabel(r.requested_paise)}.${
              r.basis === "unused" ? " Approving also cancels the session if it has not started, and tells both sides." : ""
            }`}
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountError(undefined);
            }}
          />
          <TextArea
            label="Reason for going beyond the refund rules"
            name="override_reason"
            optional
            rows={3}
            maxLength={1000}
            value={overrideReason}
            error={overrideError}
            hint="Needed only when the rules no longer allow this refund as it stands now (the session has started, or the amount is above the partial refund’s share). It is kept in the audit log."
            onChange={(e) => {
              setOverrideReason(e.target.value);
              setOverrideError(undefined);
            }}
          />
          <div className="ad-actions">
            <button type="submit" className="btn btn--primary btn--lg" disabled={busy} aria-busy={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" size={18} />}
              {busy ? "Approving…" : "Approve refund"}
            </button>
            <button type="button" className="btn btn--secondary btn--lg ad-reject-btn" onClick={() => setRejecting(true)} disabled={busy}>
              Reject…
            </button>
          </div>
        </form>
      ) : null}

      {rejecting ? (
        <ReasonDialog
          title={`Reject ${r.learner_name}’s refund request?`}
          testId="reject-refund-dialog"
          submitLabel="Reject request"
          busyLabel="Rejecting…"
          reasonLabel="Reason (sent to the learner)"
          hint="Say which rule applies and what the learner can still do."
          failed={DECIDE_FAILED}
          send={(reason) => rejectRefund(r.id, reason)}
          read={(body) => {
            const decided = refundFrom(body);
            return decided ? { ...r, ...decided } : undefined;
          }}
          onClose={() => setRejecting(false)}
          onDone={(outcome) => {
            setRejecting(false);
            onDecided(outcome.type === "decided" ? { type: "decided", refund: outcome.value } : outcome);
          }}
        />
      ) : null}
    </article>
  );
}

/**
 * The Refunds tab of /dashboard/admin: requests waiting for a decision,
 * oldest first, each with its age against the 3–5 business-day promise
 * (overdue said in words and marked), then the refunds on their way,
 * returned, failed and rejected. Open one to approve it with an amount (in
 * rupees, at most what is left of the payment) or reject it with a reason.
 * The filter and the open refund are in the address.
 */
export function RefundsQueue() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("status");
  const filter: RefundFilter = isFilter(requested) ? requested : "requested";
  const selectedId = params.get("refund") ?? undefined;
  const { queue, setQueue, reload } = useRefunds(filter);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  const [decided, setDecided] = useState<AdminRefund>();
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const refunds = queue.status === "ready" ? queue.refunds : [];
  const selected = refunds.find((r) => r.id === selectedId) ?? (decided?.id === selectedId ? decided : undefined);

  function setQuery(next: { status?: RefundFilter; refund?: string | undefined }) {
    const status = next.status ?? filter;
    const query: Record<string, string> = { section: "refunds" };
    if (status !== "requested") query["status"] = status;
    const refund = "refund" in next ? next.refund : selectedId;
    if (refund) query["refund"] = refund;
    setParams(query, { replace: "status" in next });
  }

  function choose(next: RefundFilter) {
    setNotice(undefined);
    setDecided(undefined);
    setQuery({ status: next, refund: undefined });
  }

  function back() {
    const id = selectedId;
    setQuery({ refund: undefined });
    requestAnimationFrame(() => {
      Array.from(listRef.current?.querySelectorAll<HTMLElement>("[data-id]") ?? [])
        .find((row) => row.dataset["id"] === id)
        ?.focus();
    });
  }

  function onDecided(outcome: Outcome) {
    if (outcome.type === "stale") {
      setNotice({ tone: "error", text: outcome.message });
      reload();
      return;
    }
    const r = outcome.refund;
    setDecided(r);
    setNotice({
      tone: "success",
      text:
        r.status === "rejected"
          ? `Rejected: ${r.learner_name} has been e-mailed the reason.`
          : `Approved: ${amountLabel(r.amount_paise ?? r.requested_paise)} is on its way back to ${r.learner_name}.`,
    });
    setQueue((q) => {
      if (q.status !== "ready") return q;
      const keep = filter === r.status;
      return { status: "ready", refunds: keep ? q.refunds.map((x) => (x.id === r.id ? r : x)) : q.refunds.filter((x) => x.id !== r.id) };
    });
  }

  const overdue = filter === "requested" ? refunds.filter((r) => r.overdue).length : 0;

  return (
    <div className="am-section" data-testid="refunds-queue">
      <div className="ad__toolbar">
        <h2 className="ad__section-title">Refund requests</h2>
        <TabList
          tabs={FILTERS.map((f) => ({ id: f.id, content: f.label }))}
          selected={filter}
          onSelect={choose}
          label="Show refunds"
          tabId={(id) => `${baseId}-tab-${id}`}
          panelId={() => `${baseId}-panel`}
          className="ad-tabs am-tabs"
          tabClassName="ad-tab"
        />
      </div>

      <div aria-live="polite" className="ad__notice">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>

      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${filter}`} className={`ad__layout${selected ? " has-selection" : ""}`}>
        <div className="ad__list" ref={listRef}>
          {queue.status === "loading" ? (
            <div className="ad-empty" role="status">
              <span className="spinner ad-spinner" aria-hidden="true" />
              Loading refunds…
            </div>
          ) : queue.status === "failed" ? (
            <div className="ad-empty">
              <FormAlert tone="error">{LOAD_FAILED}</FormAlert>
              <button type="button" className="btn btn--secondary" onClick={reload}>
                Try again
              </button>
            </div>
          ) : refunds.length === 0 ? (
            <div className="ad-empty" data-testid="refunds-empty">
              <Icon name="check" size={28} />
              <p>{EMPTY[filter]}</p>
            </div>
          ) : (
            <>
              <p className="ad__count" data-testid="refunds-count">
                {refunds.length} {refunds.length === 1 ? "refund" : "refunds"}
                {filter === "requested" ? ", oldest first" : ""}
                {overdue > 0 ? <strong className="ad__overdue-count"> · {overdue} overdue</strong> : null}
              </p>
              <ul className="ad-queue" aria-label="Refunds" data-testid="refunds">
                {refunds.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      className={`ad-row${r.id === selected?.id ? " is-selected" : ""}${r.status === "requested" && r.overdue ? " is-overdue" : ""}`}
                      aria-current={r.id === selected?.id ? "true" : undefined}
                      onClick={() => {
                        setNotice(undefined);
                        setQuery({ refund: r.id });
                      }}
                      data-testid="refund-row"
                      data-id={r.id}
                    >
                      <span className="ad-row__top">
                        <span className="ad-row__name">
                          {r.learner_name} <span className="am-amount">{amountLabel(shownAmount(r))}</span>
                        </span>
                        <RefundBadges refund={r} />
                      </span>
                      <span className="ad-row__expertise">
                        {r.service_title} with {r.mentor_name} · {BASIS_LABEL[r.basis]}
                      </span>
                      <span className="ad-row__when">
                        Asked <time dateTime={r.requested_at}>{submittedLabel(r.requested_at)}</time>
                      </span>
                      {r.status === "requested" ? <RefundAge refund={r} /> : null}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="ad__detail">
          {selected ? (
            <RefundDetail key={selected.id} refund={selected} onDecided={onDecided} onBack={back} />
          ) : queue.status === "ready" && refunds.length > 0 ? (
            <div className="ad-placeholder">
              <Icon name="rupee" size={28} />
              <p>Choose a refund to read the learner’s reason and decide.</p>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

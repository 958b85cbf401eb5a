/**
 * The Disputes tab (issue 20): contested no-show reports, oldest contest
 * first, each with both sides' statements, the session, its people and
 * its money, and the decision: the mentor missed it (the learner's full
 * refund or new time), the learner missed it (no refund), or a partial
 * refund up to the feedback rule's share, with a reason. The server
 * applies the crate's rules and writes the decision to the audit log.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { FormAlert, TextArea, TextField } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { amountLabel, parseAmount } from "../../lib/money";
import { decideDispute, fetchDisputes, type Dispute, type DisputeOutcome } from "./moneyApi";
import { submittedLabel } from "./time";
import "./money.css";

const LOAD_FAILED = "We couldn’t load the disputes. Please try again.";
const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const DECIDE_FAILED = "We couldn’t record the decision. Please try again.";

const OUTCOMES: readonly { id: DisputeOutcome; label: string; hint: string }[] = [
  { id: "mentor_missed", label: "The mentor missed it", hint: "The learner gets a full refund, or keeps the new time they chose." },
  { id: "learner_missed", label: "The learner missed it", hint: "No refund: the session counts as held and the mentor is paid." },
  { id: "partial", label: "Neither is established", hint: "A partial refund, at most half of what was paid, with a reason." },
];

function side(s: "learner" | "mentor", d: Dispute): string {
  return s === "learner" ? `${d.learner_name} (learner)` : `${d.mentor_name} (mentor)`;
}

/** One dispute with its decision form. */
export function DisputeCard({ dispute, onDecided }: { dispute: Dispute; onDecided: (d: Dispute, outcome: DisputeOutcome) => void }) {
  const d = dispute;
  const r = d.report;
  const titleId = useId();
  const outcomeName = useId();
  const [outcome, setOutcome] = useState<DisputeOutcome>();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ outcome?: string | undefined; amount_paise?: string | undefined; reason?: string | undefined }>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(undefined);
    if (!outcome) {
      setErrors({ outcome: "Choose what happened." });
      return;
    }
    let amountPaise: number | undefined;
    if (outcome === "partial") {
      amountPaise = parseAmount(amount);
      if (amountPaise === undefined) {
        setErrors({ amount_paise: "Enter the amount in rupees, e.g. 750 or 750.50." });
        return;
      }
    }
    setBusy(true);
    try {
      const answer = await decideDispute(d.id, { outcome, ...(amountPaise !== undefined ? { amountPaise } : {}), reason: reason.trim() });
      if (answer.ok) {
        onDecided(d, outcome);
      } else if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["outcome", "amount_paise", "reason"] as const);
        setErrors(fields);
        setAlert(fields.outcome || fields.amount_paise || fields.reason ? undefined : (other ?? DECIDE_FAILED));
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
    <article className="ad-detail dp-card" aria-labelledby={titleId} data-testid="dispute" data-id={d.id}>
      <header className="am-detail__head">
        <h3 id={titleId} className="ad-detail__name">
          {d.service_title}: {side(r.reporter, d)} reported {side(r.missed, d)} missing
        </h3>
      </header>
      <dl className="ad-facts">
        <div>
          <dt>Session</dt>
          <dd>
            <time dateTime={d.start}>{submittedLabel(d.start)}</time>
          </dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="dispute-captured">{amountLabel(d.captured_paise)}</dd>
        </div>
        <div>
          <dt>Refunded so far</dt>
          <dd>{amountLabel(d.refunded_paise)}</dd>
        </div>
        <div>
          <dt>Partial refund at most</dt>
          <dd data-testid="dispute-partial-max">{amountLabel(d.partial_max_paise)}</dd>
        </div>
        {r.choice ? (
          <div>
            <dt>Learner’s remedy if the mentor missed it</dt>
            <dd>{r.choice === "reschedule" ? "A new time" : "A full refund"}</dd>
          </div>
        ) : null}
        <div>
          <dt>Contested</dt>
          <dd>{r.contested_at ? <time dateTime={r.contested_at}>{submittedLabel(r.contested_at)}</time> : "—"}</dd>
        </div>
      </dl>
      <section className="ad-block" aria-label="Statements">
        <h4 className="ad-block__title">{side(r.reporter, d)} reported</h4>
        <p className="am-quote" data-testid="dispute-report-statement">
          {r.report_statement || "No statement given."}
        </p>
        <h4 className="ad-block__title">{side(r.missed, d)} contested</h4>
        <p className="am-quote" data-testid="dispute-contest-statement">
          {r.contest_statement}
        </p>
      </section>

      <div aria-live="polite">{alert ? <FormAlert tone="error">{alert}</FormAlert> : null}</div>
      <form className="am-approve" noValidate onSubmit={(e) => void submit(e)} aria-label={`Decide the dispute about ${d.service_title}`}>
        <fieldset className="dp-outcomes" aria-invalid={errors.outcome ? true : undefined} aria-describedby={errors.outcome ? `${outcomeName}-error` : undefined}>
          <legend>What happened?</legend>
          {OUTCOMES.map((o) => (
            <label key={o.id} className="dp-outcome">
              <input
                type="radio"
                name={outcomeName}
                value={o.id}
                checked={outcome === o.id}
                onChange={() => {
                  setOutcome(o.id);
                  setErrors({});
                }}
              />
              <span>
                <strong>{o.label}</strong> <span className="dp-outcome__hint">{o.hint}</span>
              </span>
            </label>
          ))}
          {errors.outcome ? (
            <p id={`${outcomeName}-error`} className="sp-field__error" role="alert">
              {errors.outcome}
            </p>
          ) : null}
        </fieldset>
        {outcome === "partial" ? (
          <TextField
            label="Partial refund (₹)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={errors.amount_paise}
            hint={`At most ${amountLabel(d.partial_max_paise)}: the feedback rule’s share of what was paid, less what was refunded.`}
            onChange={(e) => {
              setAmount(e.target.value);
              setErrors((x) => ({ ...x, amount_paise: undefined }));
            }}
          />
        ) : null}
        <TextArea
          label="Reason"
          name="reason"
          optional={outcome !== "partial"}
          rows={3}
          maxLength={1000}
          value={reason}
          error={errors.reason}
          hint="Both sides read it. Required for a partial refund."
          onChange={(e) => {
            setReason(e.target.value);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
        />
        <div className="ad-actions">
          <button type="submit" className="btn btn--primary btn--lg" disabled={busy} aria-busy={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" size={18} />}
            {busy ? "Recording…" : "Record decision"}
          </button>
        </div>
      </form>
    </article>
  );
}

type Queue = { status: "loading" } | { status: "failed" } | { status: "ready"; disputes: Dispute[] };

/** The tab: the contested reports waiting for a decision. */
export function DisputesQueue() {
  const [queue, setQueue] = useState<Queue>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    setQueue({ status: "loading" });
    fetchDisputes(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok && Array.isArray(answer.body)) setQueue({ status: "ready", disputes: answer.body });
        else setQueue({ status: "failed" });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof SessionEndedError)) setQueue({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  function decided(d: Dispute, outcome: DisputeOutcome) {
    setQueue((q) => (q.status === "ready" ? { status: "ready", disputes: q.disputes.filter((x) => x.id !== d.id) } : q));
    const label = OUTCOMES.find((o) => o.id === outcome)?.label ?? outcome;
    setNotice(`Decided: ${label.toLowerCase()} (${d.service_title}, ${d.learner_name} and ${d.mentor_name}). Both sides have been told.`);
  }

  return (
    <section className="ad-queue" aria-labelledby="dp-title" data-testid="disputes-queue">
      <h2 id="dp-title" className="ad__section-title">
        Contested no-show reports
      </h2>
      <p className="ad__lead">Contested no-show reports wait here. Read both sides, then decide whether the no-show happened.</p>
      <div aria-live="polite">{notice ? <FormAlert tone="success">{notice}</FormAlert> : null}</div>
      {queue.status === "loading" ? (
        <p className="ad-empty">Loading…</p>
      ) : queue.status === "failed" ? (
        <div>
          <FormAlert tone="error">{LOAD_FAILED}</FormAlert>
          <button type="button" className="btn btn--secondary" onClick={reload}>
            Try again
          </button>
        </div>
      ) : queue.disputes.length === 0 ? (
        <p className="ad-empty" data-testid="disputes-empty">
          No contested no-show reports. You’re all caught up.
        </p>
      ) : (
        <div className="dp-list">
          {queue.disputes.map((d) => (
            <DisputeCard key={d.id} dispute={d} onDecided={decided} />
          ))}
        </div>
      )}
    </section>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { FormAlert, TextField } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { amountLabel } from "../../lib/money";
import { LedgerTotals } from "./LedgerTotals";
import {
  createBatch,
  fetchBatch,
  fetchBatchCsv,
  fetchBatches,
  markLineFailed,
  markLinePaid,
  type PayoutBatch,
  type PayoutLine,
  type PayoutLineStatus,
} from "./moneyApi";
import { payoutHoldDays } from "./moneyRules";
import { ReasonDialog } from "./ReasonDialog";
import { ReconciliationPanel } from "./ReconciliationPanel";
import { submittedLabel } from "./time";
import { browserDay } from "../../lib/time";
import "./money.css";

const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const ACTION_FAILED = "We couldn’t record that. Please try again.";

const LINE_STATUS: Readonly<Record<PayoutLineStatus, string>> = { pending: "To pay", paid: "Paid", failed: "Failed" };

/**
 * The batch's period end for the day chosen: nothing (now) for today or
 * later, else the last moment of that day in this browser's time zone.
 */
export function periodEndOf(day: string, today: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match || day >= today) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
}

type Loaded<T> = { status: "loading" } | { status: "failed" } | { status: "ready"; value: T };

function useLoad<T>(load: (signal: AbortSignal) => Promise<{ ok: boolean; body: T | null }>, accept: (body: T | null) => boolean, key: unknown) {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    loadRef.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState(answer.ok && acceptRef.current(answer.body) ? { status: "ready", value: answer.body as T } : { status: "failed" });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof SessionEndedError)) setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, setState, reload };
}

/** Saves `text` as a file the browser downloads (the CSV is fetched with the admin's token, so it cannot be a plain link). */
function saveFile(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Where a line's money goes, as masked as the server sends it. */
function destination(line: PayoutLine): string {
  if (line.method === "upi") return `UPI ${line.upi_id_masked ?? ""}`.trim();
  return [line.account_number_masked ? `A/c ${line.account_number_masked}` : "Bank", line.ifsc].filter(Boolean).join(" · ");
}

/** One batch: its lines, the CSV for the bank, and each line marked paid or failed. */
export function BatchDetail({ batchId, onBack, onChanged }: { batchId: number; onBack: () => void; onChanged: () => void }) {
  const { state, setState } = useLoad<PayoutBatch>(
    (signal) => fetchBatch(batchId, signal),
    (b) => !!b && Array.isArray(b.lines),
    batchId,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const [busyLine, setBusyLine] = useState<number>();
  const [failing, setFailing] = useState<PayoutLine>();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [batchId]);

  function replaceLine(line: PayoutLine) {
    setState((s) => (s.status === "ready" ? { status: "ready", value: { ...s.value, lines: (s.value.lines ?? []).map((l) => (l.id === line.id ? line : l)) } } : s));
    onChanged();
  }

  async function paid(line: PayoutLine) {
    if (busyLine !== undefined) return;
    setBusyLine(line.id);
    setNotice(undefined);
    try {
      const answer = await markLinePaid(batchId, line.id);
      if (answer.ok) {
        replaceLine(answer.body && typeof answer.body === "object" ? { ...line, ...answer.body } : { ...line, status: "paid" });
        setNotice({ tone: "success", text: `Marked paid: ${amountLabel(line.amount_paise)} to ${line.mentor_name}. They have been e-mailed.` });
      } else {
        setNotice({ tone: "error", text: detailOf(answer.body) ?? ACTION_FAILED });
      }
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setNotice({ tone: "error", text: NETWORK_ERROR });
    } finally {
      setBusyLine(undefined);
    }
  }

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setNotice(undefined);
    try {
      const answer = await fetchBatchCsv(batchId);
      // A sandbox batch's file says so, so it is never sent to a bank.
      const name = batch?.sandbox ? `payout-batch-${batchId}-SANDBOX-no-real-money.csv` : `payout-batch-${batchId}.csv`;
      if (answer.ok) saveFile(answer.text, name, "text/csv");
      else setNotice({ tone: "error", text: detailOf(answer.body) ?? "We couldn’t make the CSV. Please try again." });
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setNotice({ tone: "error", text: NETWORK_ERROR });
    } finally {
      setDownloading(false);
    }
  }

  const batch = state.status === "ready" ? state.value : undefined;
  const lines = batch?.lines ?? [];
  const total = lines.reduce((sum, l) => sum + l.amount_paise, 0);

  return (
    <article className="ad-detail am-batch" aria-labelledby="am-batch-title" data-testid="batch-detail">
      <button type="button" className="btn btn--ghost ad-detail__back" onClick={onBack}>
        <span aria-hidden="true">←</span> All batches
      </button>
      <header className="am-detail__head">
        <h3 id="am-batch-title" ref={heading} tabIndex={-1} className="ad-detail__name">
          Payout batch {batchId}
        </h3>
        {batch ? (
          <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
            <Icon name="file" size={18} /> {downloading ? "Preparing CSV…" : "Download CSV"}
          </button>
        ) : null}
      </header>
      {batch?.sandbox ? (
        <p className="am-sandbox" data-testid="batch-sandbox">
          <strong>Sandbox batch.</strong> It pays out test money that never moved: do not send its file to a bank.
        </p>
      ) : null}
      {state.status === "loading" ? (
        <p className="am-muted" role="status">
          <span className="spinner ad-spinner" aria-hidden="true" /> Loading the batch…
        </p>
      ) : state.status === "failed" ? (
        <FormAlert tone="error">We couldn’t load this batch. Please try again.</FormAlert>
      ) : batch ? (
        <>
          <p className="am-muted">
            For earnings available by <time dateTime={batch.period_end}>{submittedLabel(batch.period_end)}</time> · {lines.length}{" "}
            {lines.length === 1 ? "mentor" : "mentors"} · {amountLabel(total)}
          </p>
          <div aria-live="polite" className="ad__notice">
            {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          </div>
          <div className="am-table-wrap">
            <table className="am-table am-lines" data-testid="payout-lines">
              <caption className="sr-only">Lines of payout batch {batchId}</caption>
              <thead>
                <tr>
                  <th scope="col">Mentor</th>
                  <th scope="col">Paid to</th>
                  <th scope="col" className="am-num">
                    Amount
                  </th>
                  <th scope="col" className="am-tds">
                    TDS
                  </th>
                  <th scope="col">Reference</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id} data-testid="payout-line" data-status={line.status}>
                    <th scope="row">{line.mentor_name}</th>
                    <td>
                      {line.beneficiary_name}
                      <span className="am-sub">{destination(line)}</span>
                    </td>
                    <td className="am-num" data-label="Amount">
                      {amountLabel(line.amount_paise)}
                    </td>
                    <td className="am-tds" data-testid="payout-line-tds" data-label="TDS">
                      {line.tds_paise > 0 ? amountLabel(line.tds_paise) : "—"}
                      {line.gross_paise > 0 ? <span className="am-sub">of {amountLabel(line.gross_paise)} gross</span> : null}
                    </td>
                    <td className="am-mono">{line.reference}</td>
                    <td>
                      <span className={`ad-badge am-line--${line.status}`}>{LINE_STATUS[line.status]}</span>
                      {line.status === "failed" && line.failure_reason ? <span className="am-sub">{line.failure_reason}</span> : null}
                    </td>
                    <td className="am-line-actions">
                      {line.status === "pending" ? (
                        <div className="am-line-buttons">
                          <button
                            type="button"
                            className="btn btn--primary am-small"
                            onClick={() => void paid(line)}
                            disabled={busyLine !== undefined}
                            aria-busy={busyLine === line.id}
                            aria-label={`Mark the payout to ${line.mentor_name} as paid`}
                          >
                            {busyLine === line.id ? "Saving…" : "Mark paid"}
                          </button>
                          <button
                            type="button"
                            className="btn btn--secondary am-small ad-reject-btn"
                            onClick={() => setFailing(line)}
                            disabled={busyLine !== undefined}
                            aria-label={`Mark the payout to ${line.mentor_name} as failed`}
                          >
                            Failed…
                          </button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {failing ? (
        <ReasonDialog
          title={`Mark the payout to ${failing.mentor_name} as failed?`}
          testId="fail-line-dialog"
          submitLabel="Mark as failed"
          busyLabel="Saving…"
          reasonLabel="What went wrong (sent to the mentor)"
          hint="For example: the bank returned it because the account is closed."
          rows={4}
          intro={<p className="am-muted">{amountLabel(failing.amount_paise)} goes back to the mentor’s available balance and is paid in a later batch.</p>}
          failed={ACTION_FAILED}
          send={(reason) => markLineFailed(batchId, failing.id, reason)}
          read={(body, reason): PayoutLine =>
            body && typeof body === "object" ? { ...failing, ...(body as Partial<PayoutLine>) } : { ...failing, status: "failed", failure_reason: reason }
          }
          onClose={() => setFailing(undefined)}
          onDone={(outcome) => {
            setFailing(undefined);
            if (outcome.type === "decided") {
              const line = outcome.value;
              replaceLine(line);
              setNotice({ tone: "success", text: `Marked failed: ${amountLabel(line.amount_paise)} is back in ${line.mentor_name}’s available balance.` });
            } else {
              setNotice({ tone: "error", text: outcome.message });
            }
          }}
        />
      ) : null}
    </article>
  );
}

/**
 * The Payouts tab of /dashboard/admin: the ledger's totals, the books
 * checked against the gateway's own lists (reconciliation), a button that
 * makes a batch of what mentors may be paid now (their net from sessions
 * that ended more than the hold ago, less anything they owe, on their
 * schedule), the batches made so far, and one batch's lines with the CSV
 * for the bank. The open batch is in the address (`?section=payouts&batch=3`).
 */
export function PayoutsPanel() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get("batch") ?? "");
  const selected = Number.isInteger(openId) && openId > 0 ? openId : undefined;
  const { state, reload } = useLoad<PayoutBatch[]>((signal) => fetchBatches(signal), (b) => Array.isArray(b), "batches");
  const [creating, setCreating] = useState(false);
  const today = browserDay(new Date());
  const [until, setUntil] = useState(today);
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string; skipped?: PayoutBatch["skipped"] }>();
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  function open(id: number | undefined) {
    setParams(id === undefined ? { section: "payouts" } : { section: "payouts", batch: String(id) });
  }

  function back() {
    const id = selected;
    open(undefined);
    requestAnimationFrame(() => {
      Array.from(listRef.current?.querySelectorAll<HTMLElement>("[data-id]") ?? [])
        .find((row) => row.dataset["id"] === String(id))
        ?.focus();
    });
  }

  async function create() {
    if (creating) return;
    setCreating(true);
    setNotice(undefined);
    try {
      const answer = await createBatch(periodEndOf(until, today));
      const batch = answer.body;
      if (answer.ok && batch && typeof batch.id === "number") {
        const lines = batch.lines ?? [];
        const total = lines.reduce((sum, l) => sum + l.amount_paise, 0);
        setNotice({
          tone: "success",
          text: `Batch ${batch.id} made: ${lines.length} ${lines.length === 1 ? "mentor" : "mentors"}, ${amountLabel(total)}. Download the CSV for the bank, then mark each line.`,
          ...(batch.skipped && batch.skipped.length > 0 ? { skipped: batch.skipped } : {}),
        });
        reload();
        setLedgerVersion((v) => v + 1);
        open(batch.id);
      } else if (answer.status === 409) {
        setNotice({ tone: "info", text: detailOf(answer.body) ?? "Nothing is available to pay out right now." });
      } else {
        setNotice({ tone: "error", text: detailOf(answer.body) ?? "We couldn’t make the batch. Please try again." });
      }
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setNotice({ tone: "error", text: NETWORK_ERROR });
    } finally {
      setCreating(false);
    }
  }

  const batches = state.status === "ready" ? state.value : [];

  return (
    <div className="am-section" data-testid="payouts-panel">
      <LedgerTotals version={ledgerVersion} />
      <ReconciliationPanel />

      <div className="ad__toolbar">
        <h2 className="ad__section-title">Payout batches</h2>
        <div className="am-batch-form">
          <TextField
            label="Pay what was available by"
            name="period_end"
            type="date"
            max={today}
            value={until}
            onChange={(e) => setUntil(e.target.value || today)}
          />
          <button type="button" className="btn btn--primary" onClick={() => void create()} disabled={creating} aria-busy={creating}>
            {creating ? <span className="spinner" aria-hidden="true" /> : <Icon name="rupee" size={18} />}
            {creating ? "Making the batch…" : "Create payout batch"}
          </button>
        </div>
      </div>
      <p className="am-muted">
        A batch pays each mentor whose schedule is due what was available by the end of the day chosen (today: now): their net from sessions that ended
        more than {payoutHoldDays()} days before, less anything they owe back. Mentors without payout details are left out and listed.
      </p>

      <div aria-live="polite" className="ad__notice">
        {notice ? (
          <FormAlert tone={notice.tone}>
            {notice.text}
            {notice.skipped ? (
              <ul className="am-skipped" data-testid="skipped">
                {notice.skipped.map((s) => (
                  <li key={s.mentor_id}>
                    Left out: {s.mentor_name} ({amountLabel(s.available_paise)} available): {s.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </FormAlert>
        ) : null}
      </div>

      <div className={`ad__layout am-payouts${selected ? " has-selection" : ""}`}>
        <div className="ad__list" ref={listRef}>
          {state.status === "loading" ? (
            <div className="ad-empty" role="status">
              <span className="spinner ad-spinner" aria-hidden="true" />
              Loading batches…
            </div>
          ) : state.status === "failed" ? (
            <div className="ad-empty">
              <FormAlert tone="error">We couldn’t load the payout batches. Please try again.</FormAlert>
              <button type="button" className="btn btn--secondary" onClick={reload}>
                Try again
              </button>
            </div>
          ) : batches.length === 0 ? (
            <div className="ad-empty" data-testid="batches-empty">
              <Icon name="rupee" size={28} />
              <p>No payout batches yet.</p>
            </div>
          ) : (
            <ul className="ad-queue" aria-label="Payout batches" data-testid="batches">
              {batches.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    className={`ad-row${b.id === selected ? " is-selected" : ""}`}
                    aria-current={b.id === selected ? "true" : undefined}
                    onClick={() => open(b.id)}
                    data-testid="batch-row"
                    data-id={b.id}
                  >
                    <span className="ad-row__top">
                      <span className="ad-row__name">
                        Batch {b.id} <span className="am-amount">{amountLabel(b.total_paise)}</span>
                      </span>
                      <span className="ad-badges">
                        {b.sandbox ? <span className="ad-badge am-sandbox-badge">Sandbox</span> : null}
                        {b.pending_count > 0 ? (
                          <span className="ad-badge am-line--pending">{b.pending_count} to pay</span>
                        ) : (
                          <span className="ad-badge am-line--paid">Settled</span>
                        )}
                      </span>
                    </span>
                    <span className="ad-row__expertise">
                      {b.line_count} {b.line_count === 1 ? "mentor" : "mentors"}
                      {b.failed_count > 0 ? ` · ${b.failed_count} failed` : ""}
                    </span>
                    <span className="ad-row__when">
                      Made <time dateTime={b.created_at}>{submittedLabel(b.created_at)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="ad__detail">
          {selected !== undefined ? (
            <BatchDetail
              key={selected}
              batchId={selected}
              onBack={back}
              onChanged={() => {
                reload();
                setLedgerVersion((v) => v + 1);
              }}
            />
          ) : state.status === "ready" && batches.length > 0 ? (
            <div className="ad-placeholder">
              <Icon name="file" size={28} />
              <p>Choose a batch to see its lines, download its CSV and mark payments.</p>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

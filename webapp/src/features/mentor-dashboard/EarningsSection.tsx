/**
 * The mentor's Earnings tab: what is pending, available, in a payout and
 * paid (and owed back after a refund), when the next payout is due in the
 * mentor's own time zone, where the money goes (payout details), the
 * months' chart, each session's share and each payout.
 *
 * Every figure is the server's (`GET /api/mentor/earnings/`): the hold,
 * the refunds and the ledger are the server's rules, not this screen's.
 */
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { FormAlert, SelectField } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { financialQuarter, refundRules } from "../../lib/domain";
import { amountLabel } from "../../lib/money";
import { EarningsChart } from "./EarningsChart";
import { fetchEarnings, fetchTdsStatement, readEarnings, type EarningSession, type Earnings, type Payout, type PayoutSchedule } from "./earningsApi";
import { momentLabel, zonedDayLabel, zoneOrDefault } from "../../lib/time";
import { useLoaded } from "./load";
import { NETWORK_ERROR } from "./messages";
import { SectionFailed, SectionHeader, SectionLoading } from "./parts";
import { PayoutDetailsForm, SCHEDULES, usePayoutDetails } from "./PayoutDetailsForm";
import "./earnings.css";

function Stat({ label, amount, tone, testId, children }: { label: string; amount: number; tone?: "main" | "warn"; testId: string; children?: ReactNode }) {
  return (
    <div className={`earn-stat${tone ? ` earn-stat--${tone}` : ""}`} data-testid={testId}>
      <dt className="earn-stat__label">{label}</dt>
      <dd className="earn-stat__amount">{amountLabel(amount)}</dd>
      {children ? <dd className="earn-stat__note">{children}</dd> : null}
    </div>
  );
}

function scheduleWord(schedule: PayoutSchedule): string {
  return (SCHEDULES.find((s) => s.id === schedule)?.label ?? schedule).toLowerCase();
}

function Totals({ earnings, zone }: { earnings: Earnings; zone: string }) {
  const next = earnings.next_payout_at;
  const holdDays = refundRules().payoutHoldDays;
  return (
    <div className="md-card earn-totals">
      <dl className="earn-stats">
        <Stat label="Available for payout" amount={earnings.available_paise} tone="main" testId="earn-available">
          {next ? (
            <span data-testid="next-payout">
              Next payout ({scheduleWord(earnings.schedule)}): <strong>{momentLabel(next, zone)}</strong>
            </span>
          ) : (
            <span>Paid {scheduleWord(earnings.schedule)}.</span>
          )}
        </Stat>
        <Stat label="Pending" amount={earnings.pending_paise} testId="earn-pending">
          Each session’s share is released for payout {holdDays === 1 ? "a day" : `${holdDays} days`} after it ends.
        </Stat>
        {earnings.in_payout_paise > 0 ? (
          <Stat label="In a payout" amount={earnings.in_payout_paise} testId="earn-in-payout">
            On its way to you.
          </Stat>
        ) : null}
        <Stat label="Paid to you" amount={earnings.paid_paise} testId="earn-paid">
          In all, so far, after TDS.
        </Stat>
        <Stat label={`TDS deducted in ${earnings.financial_year}`} amount={earnings.tds_year_paise} testId="earn-tds-year">
          Under section 194-O; it counts toward your income tax.
        </Stat>
        {earnings.owed_paise > 0 ? (
          <Stat label="Owed back" amount={earnings.owed_paise} tone="warn" testId="earn-owed">
            A learner was refunded after you were paid; this is taken from your next payout.
          </Stat>
        ) : null}
      </dl>
      <p className="earn-note">
        Times are in your time zone ({zone}).{" "}
        <Link to="/refund" className="earn-link">
          How refunds affect earnings
        </Link>
      </p>
    </div>
  );
}

/** A session's TDS: none yet until a payout pays it (`—`), else what was deducted. */
function tdsLabel(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return "—";
  return paise > 0 ? `−${amountLabel(paise)}` : amountLabel(0);
}

const SESSION_STATE: Record<EarningSession["state"], string> = {
  pending: "Pending",
  held: "On hold",
  available: "Available",
  cancelled: "Cancelled",
  in_payout: "In payout",
  paid: "Paid",
};

/** What a cancelled session left the mentor: nothing once the learner is refunded, else what they keep. */
function cancelledOutcome(session: EarningSession): string {
  return session.net_paise > 0 ? ` · you keep ${amountLabel(session.net_paise)}` : session.gross_paise > 0 ? " · learner refunded" : "";
}

function SessionState({ session, zone }: { session: EarningSession; zone: string }) {
  return (
    <span className={`earn-pill earn-pill--${session.state}`}>
      {SESSION_STATE[session.state] ?? session.state}
      {session.state === "pending" ? <span className="earn-pill__more"> until {zonedDayLabel(session.available_at, zone)}</span> : null}
      {session.state === "cancelled" ? <span className="earn-pill__more">{cancelledOutcome(session)}</span> : null}
      {session.state === "held" ? (
        <span className="earn-pill__more" title="A refund request, a dispute or a missed-session report of this session is open.">
          {" "}
          until settled
        </span>
      ) : null}
    </span>
  );
}

function Sessions({ sessions, zone }: { sessions: readonly EarningSession[]; zone: string }) {
  return (
    <div className="md-card">
      <h3 id="earn-sessions-title" className="md-card__title">
        Sessions
      </h3>
      {sessions.length === 0 ? (
        <p className="ses-muted" data-testid="sessions-empty">
          No paid sessions yet. When learners pay for a session, its share shows here, with when it’s released for payout.
        </p>
      ) : (
        <div className="earn-table-wrap" tabIndex={0} role="region" aria-labelledby="earn-sessions-title">
          <table className="earn-table earn-table--stack" data-testid="earn-sessions">
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Date</th>
                <th scope="col" className="earn-num">
                  Price
                </th>
                <th scope="col" className="earn-num">
                  Commission
                </th>
                <th scope="col" className="earn-num">
                  You earn
                </th>
                <th scope="col" className="earn-num">
                  TDS
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.booking_id} data-testid="earn-session">
                  <th scope="row" data-label="Session">
                    <Link to={`/my-bookings/${encodeURIComponent(s.booking_id)}`} className="earn-link">
                      {s.service_title}
                    </Link>
                  </th>
                  <td data-label={s.state === "cancelled" ? "Was to end" : "Ended"}>
                    {zonedDayLabel(s.end_at, zone)}
                    {s.state === "cancelled" ? <span className="sr-only"> (cancelled)</span> : null}
                  </td>
                  <td data-label="Price" className="earn-num">
                    {amountLabel(s.gross_paise)}
                  </td>
                  <td data-label="Commission" className="earn-num">
                    {s.commission_paise > 0 ? `−${amountLabel(s.commission_paise)}` : amountLabel(0)}
                  </td>
                  <td data-label="You earn" className="earn-num earn-strong">
                    {amountLabel(s.net_paise)}
                  </td>
                  <td data-label="TDS" className="earn-num" data-testid="earn-session-tds">
                    {tdsLabel(s.tds_paise)}
                  </td>
                  <td data-label="Status">
                    <SessionState session={s} zone={zone} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function payoutStatus(p: Payout, zone: string): string {
  if (p.status === "paid") return p.paid_at ? `Paid on ${zonedDayLabel(p.paid_at, zone)}` : "Paid";
  if (p.status === "failed") return "Failed";
  return "Processing";
}

function Payouts({ payouts, zone }: { payouts: readonly Payout[]; zone: string }) {
  return (
    <div className="md-card">
      <h3 id="earn-payouts-title" className="md-card__title">
        Payouts
      </h3>
      {payouts.length === 0 ? (
        <p className="ses-muted" data-testid="payouts-empty">
          No payouts yet. Available earnings are paid in the next payout run on your schedule.
        </p>
      ) : (
        <div className="earn-table-wrap" tabIndex={0} role="region" aria-labelledby="earn-payouts-title">
          <table className="earn-table earn-table--stack" data-testid="earn-payouts">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Reference</th>
                <th scope="col" className="earn-num">
                  TDS
                </th>
                <th scope="col" className="earn-num">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p.id} data-testid="earn-payout">
                  <th scope="row" data-label="Created">
                    {zonedDayLabel(p.created_at, zone)}
                  </th>
                  <td data-label="Reference" className="earn-mono">
                    {p.reference}
                  </td>
                  <td data-label="TDS" className="earn-num">
                    {tdsLabel(p.tds_paise)}
                  </td>
                  <td data-label="Amount" className="earn-num earn-strong">
                    {amountLabel(p.amount_paise)}
                  </td>
                  <td data-label="Status">
                    <span className={`earn-pill earn-pill--${p.status}`}>{payoutStatus(p, zone)}</span>
                    {p.status === "failed" ? (
                      <span className="earn-failure">
                        {p.failure_reason ? `${p.failure_reason}. ` : ""}The amount is back in your available balance; check your payout details.
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Saves `text` as a downloaded file (the statement is fetched with the mentor's token, so it cannot be a plain link). */
function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const QUARTERS = [
  { id: 1, label: "Q1 (April–June)" },
  { id: 2, label: "Q2 (July–September)" },
  { id: 3, label: "Q3 (October–December)" },
  { id: 4, label: "Q4 (January–March)" },
] as const;

/** The financial years a statement may be asked for: this one and the two before (`2026-27`). */
export function recentYears(current: string): string[] {
  const start = Number(current.slice(0, 4));
  return [0, 1, 2].map((back) => `${start - back}-${String((start - back + 1) % 100).padStart(2, "0")}`);
}

/** The quarterly TDS statement: a financial year and a quarter, downloaded as CSV. */
export function TdsStatement() {
  const now = financialQuarter(Date.now());
  const [fy, setFy] = useState(now.fy);
  const [quarter, setQuarter] = useState<number>(now.quarter);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const titleId = useId();

  async function download() {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await fetchTdsStatement(fy, quarter);
      if (answer.ok) saveFile(answer.text, `tds-statement-${fy}-Q${quarter}.csv`);
      else setProblem(detailOf(answer.body) ?? "We couldn’t make the statement. Please try again.");
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setProblem(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="md-card earn-tds" aria-labelledby={titleId} data-testid="tds-statement">
      <h3 id={titleId} className="md-card__title">
        TDS statement
      </h3>
      <p className="earn-note">
        Each paid session’s gross, the TDS deducted under section 194-O (0.1 % with a PAN above ₹5 lakh a year; 5 % without a PAN), any TDS given
        back by a refund, and what you were paid, for a quarter of the financial year (April to March).
      </p>
      <div className="earn-tds__form">
        <SelectField label="Financial year" value={fy} onChange={(e) => setFy(e.target.value)}>
          {recentYears(now.fy).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField label="Quarter" value={quarter} onChange={(e) => setQuarter(Number(e.target.value))}>
          {QUARTERS.map((q) => (
            <option key={q.id} value={q.id}>
              {q.label}
            </option>
          ))}
        </SelectField>
        <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
          <Icon name="file" size={16} /> Download statement (CSV)
        </button>
      </div>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}

/** The Earnings tab. `timeZone`: the mentor's zone (from their availability), for dates. */
export function EarningsSection({ timeZone }: { timeZone?: string | undefined }) {
  const earnings = useLoaded(fetchEarnings, readEarnings);
  const details = usePayoutDetails();
  const zone = zoneOrDefault(timeZone);

  return (
    <div className="md-section earn" aria-labelledby="md-earnings-title">
      <SectionHeader
        id="md-earnings-title"
        title="Earnings"
        lead="What your sessions have earned after the platform’s commission, when it’s paid out, and where it goes."
      />
      {earnings.state.status === "loading" ? <SectionLoading label="Loading your earnings…" /> : null}
      {earnings.state.status === "failed" ? <SectionFailed onRetry={earnings.reload} /> : null}
      {earnings.state.status === "ready" ? <Totals earnings={earnings.state.value} zone={zone} /> : null}
      <PayoutDetailsForm
        state={details.state}
        reload={details.reload}
        zone={zone}
        onSaved={(saved) => {
          details.set(saved);
          // A new schedule moves the next payout: read the figures again.
          if (earnings.state.status === "ready" && earnings.state.value.schedule !== saved.schedule) earnings.reload();
        }}
      />
      {earnings.state.status === "ready" ? (
        <>
          <section className="md-card" aria-labelledby="earn-chart-title">
            <h3 id="earn-chart-title" className="md-card__title">
              <Icon name="chart" size={18} /> By month
            </h3>
            <EarningsChart series={earnings.state.value.series} />
          </section>
          <Sessions sessions={earnings.state.value.sessions} zone={zone} />
          <Payouts payouts={earnings.state.value.payouts} zone={zone} />
          <TdsStatement />
        </>
      ) : null}
    </div>
  );
}

/**
 * The mentor's Earnings tab: what is pending, available, in a payout and
 * paid (and owed back after a refund), when the next payout is due in the
 * mentor's own time zone, where the money goes (payout details), the
 * months' chart, each session's share and each payout.
 *
 * Every figure is the server's (`GET /api/mentor/earnings/`): the hold,
 * the refunds and the ledger are the server's rules, not this screen's.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { refundRules } from "../../lib/domain";
import { EarningsChart } from "./EarningsChart";
import { fetchEarnings, readEarnings, type EarningSession, type Earnings, type Payout, type PayoutSchedule } from "./earningsApi";
import { dayLabel, momentLabel, rupees, zoneOrDefault } from "./earningsFormat";
import { useLoaded } from "./load";
import { SectionFailed, SectionHeader, SectionLoading } from "./parts";
import { PayoutDetailsForm, SCHEDULES, usePayoutDetails } from "./PayoutDetailsForm";
import "./earnings.css";

function Stat({ label, amount, tone, testId, children }: { label: string; amount: number; tone?: "main" | "warn"; testId: string; children?: ReactNode }) {
  return (
    <div className={`earn-stat${tone ? ` earn-stat--${tone}` : ""}`} data-testid={testId}>
      <dt className="earn-stat__label">{label}</dt>
      <dd className="earn-stat__amount">{rupees(amount)}</dd>
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
          In all, so far.
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

const SESSION_STATE: Record<EarningSession["state"], string> = { pending: "Pending", available: "Available", in_payout: "In payout", paid: "Paid" };

function SessionState({ session, zone }: { session: EarningSession; zone: string }) {
  return (
    <span className={`earn-pill earn-pill--${session.state}`}>
      {SESSION_STATE[session.state] ?? session.state}
      {session.state === "pending" ? <span className="earn-pill__more"> until {dayLabel(session.available_at, zone)}</span> : null}
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
                <th scope="col">Ended</th>
                <th scope="col" className="earn-num">
                  Price
                </th>
                <th scope="col" className="earn-num">
                  Commission
                </th>
                <th scope="col" className="earn-num">
                  You earn
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
                  <td data-label="Ended">{dayLabel(s.end_at, zone)}</td>
                  <td data-label="Price" className="earn-num">
                    {rupees(s.gross_paise)}
                  </td>
                  <td data-label="Commission" className="earn-num">
                    {s.commission_paise > 0 ? `−${rupees(s.commission_paise)}` : rupees(0)}
                  </td>
                  <td data-label="You earn" className="earn-num earn-strong">
                    {rupees(s.net_paise)}
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
  if (p.status === "paid") return p.paid_at ? `Paid on ${dayLabel(p.paid_at, zone)}` : "Paid";
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
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p.id} data-testid="earn-payout">
                  <th scope="row" data-label="Created">
                    {dayLabel(p.created_at, zone)}
                  </th>
                  <td data-label="Reference" className="earn-mono">
                    {p.reference}
                  </td>
                  <td data-label="Amount" className="earn-num earn-strong">
                    {rupees(p.amount_paise)}
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
        </>
      ) : null}
    </div>
  );
}

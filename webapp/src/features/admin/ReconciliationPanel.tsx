import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { FormAlert, TextField } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, fieldErrors } from "../../lib/api/errors";
import { amountLabel } from "../../lib/money";
import {
  fetchReconciliation,
  type ReconciliationDifference,
  type ReconciliationKind,
  type ReconciliationMismatch,
  type ReconciliationReport,
} from "./moneyApi";
import { submittedLabel } from "./time";
import { browserDay } from "../../lib/time";
import "./money.css";

const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const CHECK_FAILED = "We couldn’t check the books. Please try again.";

/** How far back the period starts by default (the server's default too). */
export const DEFAULT_DAYS = 30;

/** The gateway's own name, for people (`razorpay` → Razorpay). */
export function gatewayName(gateway: string): string {
  if (gateway === "razorpay") return "Razorpay";
  return gateway ? gateway.charAt(0).toUpperCase() + gateway.slice(1) : "the gateway";
}

/** What a difference means, in plain words (the gateway named). */
export function differenceLabel(difference: ReconciliationDifference, gateway: string): string {
  const name = gatewayName(gateway);
  switch (difference) {
    case "missing_in_books":
      return `At ${name}, not in our books`;
    case "missing_at_gateway":
      return `In our books, not at ${name}`;
    case "amount_differs":
      return "Amounts differ";
    case "status_differs":
      return "Statuses differ";
  }
}

const KIND_LABEL: Readonly<Record<ReconciliationKind, string>> = { payment: "Payment", refund: "Refund", dispute: "Dispute" };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `3 payments, 1 refund, 0 disputes`. */
function matchedLabel(r: ReconciliationReport): string {
  return `${count(r.matched_payments, "payment", "payments")}, ${count(r.matched_refunds, "refund", "refunds")}, ${count(r.matched_disputes, "dispute", "disputes")}`;
}

function dateOf(day: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return [y, m, d];
}

/**
 * The period the two days chosen cover, in this browser's time zone: from
 * the start of `fromDay` to the end of `toDay` (now at the latest), as
 * RFC 3339; or which field is wrong.
 */
export function periodOf(fromDay: string, toDay: string, now: Date): { from: string; to: string } | { errors: { from?: string; to?: string } } {
  const start = dateOf(fromDay);
  const end = dateOf(toDay);
  const errors: { from?: string; to?: string } = {};
  if (!start) errors.from = "Choose the first day.";
  if (!end) errors.to = "Choose the last day.";
  if (!start || !end) return { errors };
  const from = new Date(start[0], start[1] - 1, start[2]);
  const endOfDay = new Date(new Date(end[0], end[1] - 1, end[2] + 1).getTime() - 1);
  const to = endOfDay.getTime() > now.getTime() ? now : endOfDay;
  if (from.getTime() > to.getTime()) return { errors: { from: "The period must start before it ends." } };
  return { from: from.toISOString(), to: to.toISOString() };
}

type Check =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "unavailable"; message: string }
  | { status: "failed"; message: string }
  | { status: "ready"; report: ReconciliationReport };

/** An amount and a status on one side; a dash when that side has nothing. */
function Side({ paise, status }: { paise: number | null | undefined; status: string | null | undefined }) {
  if (paise == null && !status)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Nothing</span>
      </>
    );
  return (
    <>
      {paise != null ? <span className="am-recon__amount">{amountLabel(paise)}</span> : null}
      {status ? <span className="am-sub am-recon__status">{status}</span> : null}
    </>
  );
}

function Mismatches({ report }: { report: ReconciliationReport }) {
  const name = gatewayName(report.gateway);
  return (
    <div className="am-table-wrap">
      <table className="am-table am-recon-table" data-testid="recon-mismatches">
        <caption className="sr-only">
          What the books and {name} do not agree on, payments made from {submittedLabel(report.from)} to {submittedLabel(report.to)}
        </caption>
        <thead>
          <tr>
            <th scope="col">What differs</th>
            <th scope="col">Kind</th>
            <th scope="col">{name} id</th>
            <th scope="col">Booking</th>
            <th scope="col" className="am-num">
              At {name}
            </th>
            <th scope="col" className="am-num">
              In our books
            </th>
          </tr>
        </thead>
        <tbody>
          {report.mismatches.map((m: ReconciliationMismatch) => (
            <tr key={`${m.kind}-${m.gateway_id}-${m.difference}`} data-testid="recon-mismatch" data-difference={m.difference}>
              <td data-label="What differs">
                <span className={`ad-badge am-recon--${m.difference}`}>{differenceLabel(m.difference, report.gateway)}</span>
              </td>
              <td data-label="Kind">{KIND_LABEL[m.kind] ?? m.kind}</td>
              <th scope="row" data-label={`${name} id`} className="am-mono">
                {m.gateway_id}
              </th>
              <td data-label="Booking">
                {m.booking_id ? (
                  <Link className="ad-link am-mono" to={`/my-bookings/${encodeURIComponent(m.booking_id)}`}>
                    {m.booking_id}
                  </Link>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">None</span>
                  </>
                )}
              </td>
              <td data-label={`At ${name}`} className="am-num" data-testid="recon-gateway">
                <Side paise={m.gateway_amount_paise} status={m.gateway_status} />
              </td>
              <td data-label="In our books" className="am-num" data-testid="recon-books">
                <Side paise={m.books_amount_paise} status={m.books_status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Result({ report }: { report: ReconciliationReport }) {
  const name = gatewayName(report.gateway);
  const n = report.mismatches.length;
  return (
    <>
      <p className="am-muted" data-testid="recon-period">
        Payments made from <time dateTime={report.from}>{submittedLabel(report.from)}</time> to <time dateTime={report.to}>{submittedLabel(report.to)}</time>
      </p>
      {!report.checked ? (
        <p className="am-balance is-unchecked" role="status" data-testid="recon-result" data-state="unchecked">
          The sandbox keeps no books of its own: nothing to reconcile.
        </p>
      ) : n === 0 ? (
        <p className="am-balance is-balanced" role="status" data-testid="recon-result" data-state="matched">
          <strong>The books match {name}:</strong> {matchedLabel(report)}.
        </p>
      ) : (
        <>
          <p className="am-balance is-unbalanced" role="status" data-testid="recon-result" data-state="mismatched">
            <strong>
              The books and {name} disagree on {count(n, "item", "items")}.
            </strong>{" "}
            Matched: {matchedLabel(report)}.
          </p>
          <Mismatches report={report} />
        </>
      )}
    </>
  );
}

/**
 * The books against the gateway (`GET /api/admin/reconciliation/`): for
 * payments made in the period chosen (by default the last 30 days, in this
 * browser's time zone), the payments, refunds and disputes the gateway's
 * lists and the books do not agree on, each side's amount and status. It
 * asks the gateway, so it runs when asked (Check), not on every visit.
 */
export function ReconciliationPanel() {
  const [today] = useState(() => new Date());
  const [fromDay, setFromDay] = useState(() => browserDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - DEFAULT_DAYS)));
  const [toDay, setToDay] = useState(() => browserDay(today));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [check, setCheck] = useState<Check>({ status: "idle" });
  const controllerRef = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controllerRef.current?.abort(), []);

  async function run() {
    const period = periodOf(fromDay, toDay, new Date());
    if ("errors" in period) {
      setErrors(period.errors);
      return;
    }
    setErrors({});
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setCheck({ status: "checking" });
    try {
      const answer = await fetchReconciliation(period, controller.signal);
      if (controller.signal.aborted) return;
      const body = answer.body;
      if (answer.ok && body && Array.isArray(body.mismatches)) {
        setCheck({ status: "ready", report: body });
      } else if (answer.status === 400) {
        const fields = fieldErrors(body);
        setErrors({ ...(fields["from"] ? { from: fields["from"] } : {}), ...(fields["to"] ? { to: fields["to"] } : {}) });
        setCheck(fields["from"] || fields["to"] ? { status: "idle" } : { status: "failed", message: detailOf(body) ?? CHECK_FAILED });
      } else if (answer.status === 503) {
        setCheck({ status: "unavailable", message: detailOf(body) ?? "The payment gateway did not answer. Please try again in a minute." });
      } else {
        setCheck({ status: "failed", message: detailOf(body) ?? CHECK_FAILED });
      }
    } catch (e) {
      if (controller.signal.aborted || e instanceof SessionEndedError) return;
      setCheck({ status: "failed", message: NETWORK_ERROR });
    }
  }

  const checking = check.status === "checking";

  return (
    <section className="am-recon" aria-labelledby="am-recon-title" data-testid="reconciliation">
      <h2 id="am-recon-title" className="ad__section-title">
        Reconciliation
      </h2>
      <p className="am-muted">
        Compares the payment gateway’s own lists of payments, refunds and disputes with our books, for payments made in the period. It asks the gateway, so it
        may take a few seconds.
      </p>
      <form
        className="am-batch-form am-recon__form"
        aria-label="Period to check"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!checking) void run();
        }}
      >
        <TextField label="From" name="from" type="date" max={toDay || browserDay(today)} value={fromDay} error={errors.from} onChange={(e) => setFromDay(e.target.value)} />
        <TextField label="To" name="to" type="date" min={fromDay || undefined} max={browserDay(today)} value={toDay} error={errors.to} onChange={(e) => setToDay(e.target.value)} />
        <button type="submit" className="btn btn--primary" disabled={checking} aria-busy={checking}>
          {checking ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" size={18} />}
          {checking ? "Checking…" : "Check"}
        </button>
      </form>

      {check.status === "checking" ? (
        <p className="am-muted" role="status">
          <span className="spinner ad-spinner" aria-hidden="true" /> Asking the gateway and reading the books…
        </p>
      ) : check.status === "unavailable" || check.status === "failed" ? (
        <div className="am-inline" data-testid="recon-error">
          <FormAlert tone="error">{check.message}</FormAlert>
          <button type="button" className="btn btn--secondary" onClick={() => void run()}>
            Try again
          </button>
        </div>
      ) : check.status === "ready" ? (
        <Result report={check.report} />
      ) : null}
    </section>
  );
}

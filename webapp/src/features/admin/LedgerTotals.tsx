import { useCallback, useEffect, useState } from "react";
import { FormAlert } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { amountLabel } from "../../lib/money";
import { fetchLedger, type LedgerAccount, type LedgerTotals as Totals } from "./moneyApi";
import "./money.css";

const ACCOUNT_LABEL: Readonly<Record<LedgerAccount, string>> = {
  gateway: "Held at the gateway and bank",
  commission: "Platform commission",
  mentor: "Owed to mentors",
  payouts_in_transit: "Payouts in transit",
  learner_credit: "Owed back to learners",
  tds_payable: "TDS payable (section 194-O)",
};

/** A balance as the books write it: debit positive (Dr), credit negative (Cr). */
function side(balance: number): string {
  if (balance === 0) return amountLabel(0);
  return `${amountLabel(Math.abs(balance))} ${balance > 0 ? "Dr" : "Cr"}`;
}

type State = { status: "loading" } | { status: "failed" } | { status: "ready"; totals: Totals };

/**
 * The ledger's totals for administrators (`GET /api/admin/ledger/`): the
 * money taken in, returned to learners, paid out to mentors and held now,
 * the commission earned, whether the books balance (money in = money out +
 * held, every transaction summing to zero) and each account's balance.
 * `version` reloads it (after a payout or a refund changed the books).
 */
export function LedgerTotals({ version = 0 }: { version?: number }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [retry, setRetry] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchLedger(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const body = answer.body;
        setState(answer.ok && body && Array.isArray(body.accounts) ? { status: "ready", totals: body } : { status: "failed" });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof SessionEndedError)) setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [version, retry]);
  const reload = useCallback(() => {
    setState({ status: "loading" });
    setRetry((n) => n + 1);
  }, []);

  return (
    <section className="am-ledger" aria-labelledby="am-ledger-title" data-testid="ledger-totals">
      <h2 id="am-ledger-title" className="ad__section-title">
        Ledger totals
      </h2>
      {state.status === "loading" ? (
        <p className="am-muted" role="status">
          <span className="spinner ad-spinner" aria-hidden="true" /> Loading the ledger…
        </p>
      ) : state.status === "failed" ? (
        <div className="am-inline">
          <FormAlert tone="error">We couldn’t load the ledger totals. Please try again.</FormAlert>
          <button type="button" className="btn btn--secondary" onClick={reload}>
            Try again
          </button>
        </div>
      ) : (
        <LedgerFigures totals={state.totals} />
      )}
    </section>
  );
}

function LedgerFigures({ totals: t }: { totals: Totals }) {
  const figures: { id: string; label: string; paise: number }[] = [
    { id: "captured", label: "Money in (payments)", paise: t.captured_paise },
    { id: "refunded", label: "Refunded to learners", paise: t.refunded_paise },
    { id: "paid-out", label: "Paid out to mentors", paise: t.paid_out_paise },
    { id: "held", label: "Held now", paise: t.held_paise },
    { id: "commission", label: "Commission earned", paise: t.commission_paise },
  ];
  return (
    <>
      <dl className="am-figures">
        {figures.map((f) => (
          <div key={f.id} className="am-figure" data-testid={`ledger-${f.id}`}>
            <dt>{f.label}</dt>
            <dd>{amountLabel(f.paise)}</dd>
          </div>
        ))}
      </dl>
      {t.sandbox ? (
        <p className="am-sandbox" data-testid="ledger-sandbox">
          <strong>Sandbox money.</strong> This site takes payments through the sandbox: these figures are test money and no real money moved.
        </p>
      ) : null}
      <p className={`am-balance${t.balanced ? " is-balanced" : " is-unbalanced"}`} data-testid="ledger-balanced">
        {t.balanced ? (
          <>
            <strong>The books balance.</strong> {amountLabel(t.captured_paise)} in = {amountLabel(t.refunded_paise)} refunded + {amountLabel(t.paid_out_paise)} paid out +{" "}
            {amountLabel(t.held_paise)} held.
          </>
        ) : (
          <>
            <strong>The books do not balance.</strong> Some transaction’s entries do not sum to zero: look at the ledger before paying anyone.
          </>
        )}
      </p>
      <div className="am-table-wrap">
        <table className="am-table" data-testid="ledger-accounts">
          <caption className="sr-only">Balance of each ledger account (Dr: debit, Cr: credit)</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col" className="am-num">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {t.accounts.map((a) => (
              <tr key={a.account}>
                <th scope="row">{ACCOUNT_LABEL[a.account as LedgerAccount] ?? a.account}</th>
                <td className="am-num">{side(a.balance_paise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

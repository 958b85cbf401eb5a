/**
 * The booking page's receipts (issue 13): one for every payment and every
 * refund of the booking (`GET /api/bookings/{id}/receipts/`, the learner's
 * own; a mentor is answered 404 and sees nothing here), each downloadable
 * as a printable page (`GET /api/receipts/{number}/`, read with the bearer
 * token like the calendar file, then saved as `receipt-{number}.html`).
 */
import { useEffect, useId, useState } from "react";
import { FormAlert } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { fetchReceipt, fetchReceipts, type Receipt } from "./api";
import { priceLabelOf } from "../../lib/money";
import { instantWords } from "./RefundPanel";
import type { Booking } from "./types";
import { failureMessage } from "./useBooking";
import "./refunds.css";

const KIND_LABEL: Readonly<Record<Receipt["kind"], string>> = {
  payment: "Payment receipt",
  refund: "Refund receipt",
};

/** Statuses in which nothing can have been paid yet. */
const UNPAID = new Set(["pending", "payment_required"]);

/** The file a receipt is saved as. */
export function receiptFileName(number: string): string {
  return `receipt-${number.replace(/[^A-Za-z0-9-]+/g, "-")}.html`;
}

/** Saves one receipt; a message when it could not be fetched. */
async function download(receipt: Receipt): Promise<string | undefined> {
  try {
    const answer = await fetchReceipt(receipt);
    if (!answer.ok) return detailOf(answer.body ?? safeJson(answer.text)) ?? "We couldn’t get this receipt. Please try again.";
    const url = URL.createObjectURL(new Blob([answer.text], { type: "text/html" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = receiptFileName(receipt.number);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return undefined;
  } catch (error) {
    return error instanceof SessionEndedError ? undefined : failureMessage(error);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type ReceiptsState = { status: "loading" } | { status: "hidden" } | { status: "error"; message: string } | { status: "ready"; receipts: Receipt[] };

export interface ReceiptsProps {
  booking: Booking;
  zone: string;
  /** Bumped when a refund changed: the list is read again. */
  version?: number;
}

export function Receipts({ booking, zone, version = 0 }: ReceiptsProps) {
  const titleId = useId();
  const [state, setState] = useState<ReceiptsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const relevant = booking.role !== "mentor" && booking.price_paise > 0 && !UNPAID.has(booking.status);

  useEffect(() => {
    if (!relevant) {
      setState({ status: "hidden" });
      return;
    }
    const controller = new AbortController();
    fetchReceipts(booking.id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.status === 404 || answer.status === 403) setState({ status: "hidden" });
        else if (answer.ok && Array.isArray(answer.body)) setState({ status: "ready", receipts: answer.body });
        else setState({ status: "error", message: detailOf(answer.body) ?? "We couldn’t load your receipts. Please try again." });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof SessionEndedError)) setState({ status: "error", message: failureMessage(error) });
      },
    );
    return () => controller.abort();
  }, [booking.id, booking.updated_at, relevant, version, attempt]);

  if (state.status === "hidden" || state.status === "loading") return null;
  if (state.status === "ready" && state.receipts.length === 0) return null;

  const save = async (receipt: Receipt) => {
    setBusy(receipt.number);
    setProblem(undefined);
    const message = await download(receipt);
    setBusy(undefined);
    if (message) setProblem(message);
  };

  return (
    <section className="bk-card rf-receipts" aria-labelledby={titleId} data-testid="receipts">
      <h2 id={titleId} className="bk-card__title">
        Receipts
      </h2>
      {state.status === "error" ? (
        <>
          <FormAlert tone="error">{state.message}</FormAlert>
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      ) : (
        <>
          <ul className="rf-receipts__list">
            {[...state.receipts]
              .sort((a, b) => Date.parse(a.issued_at) - Date.parse(b.issued_at))
              .map((receipt) => (
                <li key={receipt.number} className="rf-receipt" data-testid="receipt">
                  <span className="rf-receipt__what">
                    <span className="rf-receipt__kind">{KIND_LABEL[receipt.kind]}</span>
                    <span className="rf-receipt__number">{receipt.number}</span>
                  </span>
                  <time className="rf-receipt__at" dateTime={receipt.issued_at}>
                    {instantWords(receipt.issued_at, zone)}
                  </time>
                  <span className="rf-receipt__amount">
                    {receipt.kind === "refund" ? "−" : ""}
                    {priceLabelOf(receipt.amount_paise)}
                  </span>
                  <button
                    type="button"
                    className="btn btn--secondary rf-receipt__download"
                    onClick={() => void save(receipt)}
                    disabled={busy === receipt.number}
                    aria-busy={busy === receipt.number}
                    aria-label={`Download ${KIND_LABEL[receipt.kind].toLowerCase()} ${receipt.number}`}
                  >
                    Download
                  </button>
                </li>
              ))}
          </ul>
          {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
          <p className="rf-receipts__hint">Each receipt downloads as a page to open in your browser, print or save as PDF.</p>
        </>
      )}
    </section>
  );
}

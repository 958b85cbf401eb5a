/**
 * Paying for a booking: `POST /api/bookings/{id}/checkout/` opens an order
 * with the gateway the server uses, then
 *
 * - `sandbox` (the embedded default, moves no money): a checkout styled
 *   like a gateway's, offering UPI, card, net banking and wallet, that can
 *   succeed or be made to fail; it asks the sandbox for signed
 *   `razorpay_*` fields;
 * - `razorpay`: Razorpay's own checkout (checkout.js, loaded on demand),
 *   whose handler hands over the same fields;
 *
 * and either way posts them to `POST /api/payments/verify/`, which confirms
 * the booking; then on to `/booking-confirmation?booking={id}`.
 */
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Dialog } from "../../components/Dialog";
import { FormAlert } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { priceLabelOf } from "../../lib/money";
import { sandboxPay, startCheckout, verifyPayment } from "./api";
import type { Booking, Checkout, PaymentMethod, PaymentProof } from "./types";
import { failureMessage } from "./useBooking";

const VERIFY_FAILED = "The payment could not be verified. You have not been charged twice; please try again.";

/** Posts a checkout's proof to the server; the confirmed booking, or why not. */
async function verify(proof: PaymentProof): Promise<{ ok: true; booking: Booking } | { ok: false; message: string }> {
  try {
    const answer = await verifyPayment(proof);
    if (answer.ok && answer.body) return { ok: true, booking: answer.body };
    return { ok: false, message: detailOf(answer.body) ?? VERIFY_FAILED };
  } catch (error) {
    if (error instanceof SessionEndedError) throw error;
    return { ok: false, message: failureMessage(error) };
  }
}

/* ---------- Razorpay ---------- */

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let razorpayLoading: Promise<RazorpayConstructor> | undefined;

/**
 * Razorpay's checkout.js, loaded once, on the first paid checkout, from the
 * address the server's checkout answer names (`RAZORPAY_CHECKOUT_URL`, the
 * origin its Content-Security-Policy allows).
 */
function loadRazorpay(src: string | null | undefined): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  if (!src) return Promise.reject(new Error("We couldn’t load the payment page. Please try again later."));
  razorpayLoading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error("Razorpay checkout did not load."));
    };
    script.onerror = () => {
      razorpayLoading = undefined;
      script.remove();
      reject(new Error("We couldn’t load the payment page. Check your connection and try again."));
    };
    document.head.appendChild(script);
  });
  return razorpayLoading;
}

/**
 * The learner's words for a failed attempt: the gateway's reason, without
 * its own "Payment failed" or closing full stop, and what to do next.
 */
export function paymentFailed(description: string | undefined): string {
  const reason = (description ?? "")
    .trim()
    .replace(/^payment failed[.:!]?\s*/i, "")
    .replace(/[.\s]+$/, "");
  return reason ? `Payment failed: ${reason}. You can try again.` : "Payment failed: your bank did not approve it. You can try again.";
}

/** Opens Razorpay's checkout for `order`; resolves with its handler's fields, or undefined when closed unpaid. */
async function razorpayCheckout(order: Checkout, onFailed: (message: string) => void): Promise<PaymentProof | undefined> {
  const Razorpay = await loadRazorpay(order.checkout_url);
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: order.key_id,
      amount: order.amount_paise,
      currency: order.currency,
      name: order.name,
      description: order.description,
      order_id: order.order_id,
      prefill: order.prefill,
      theme: { color: "#4338ca" },
      handler: (response: PaymentProof) =>
        resolve({
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        }),
      modal: { ondismiss: () => resolve(undefined) },
    });
    checkout.on("payment.failed", (response) => onFailed(paymentFailed(response.error?.description)));
    checkout.open();
  });
}

/* ---------- The sandbox checkout ---------- */

const METHODS: { id: PaymentMethod; label: string; detail: string }[] = [
  { id: "upi", label: "UPI", detail: "Google Pay, PhonePe, Paytm or any UPI app" },
  { id: "card", label: "Card", detail: "Visa, Mastercard, RuPay" },
  { id: "netbanking", label: "Net banking", detail: "All major Indian banks" },
  { id: "wallet", label: "Wallet", detail: "Paytm, Mobikwik, Amazon Pay" },
];

interface SandboxProps {
  order: Checkout;
  onClose: () => void;
  onPaid: (booking: Booking) => void;
}

/** The sandbox gateway's checkout: pick a method, pay (or make it fail), verified like a real payment. */
export function SandboxCheckout({ order, onClose, onPaid }: SandboxProps) {
  const [method, setMethod] = useState<PaymentMethod>("upi");
  const [busy, setBusy] = useState<"success" | "failure" | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const name = useId();
  const amount = priceLabelOf(order.amount_paise);

  const pay = async (outcome: "success" | "failure") => {
    setBusy(outcome);
    setProblem(undefined);
    try {
      const answer = await sandboxPay(order.order_id, method, outcome);
      if (!answer.ok || !answer.body) {
        setProblem(detailOf(answer.body) ?? "Payment failed. You have not been charged; please try again.");
        setBusy(undefined);
        return;
      }
      const verified = await verify(answer.body);
      if (verified.ok) {
        onPaid(verified.booking);
        return;
      }
      setProblem(verified.message);
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      setProblem(failureMessage(error));
    }
    setBusy(undefined);
  };

  return (
    <Dialog
      title={`Pay ${amount}`}
      onClose={() => (busy ? undefined : onClose())}
      closeLabel="Close checkout"
      testId="sandbox-checkout"
      actions={
        <>
          <button type="button" className="btn btn--ghost bk-pay__fail" onClick={() => void pay("failure")} disabled={busy !== undefined}>
            {busy === "failure" ? "Processing…" : "Simulate a failed payment"}
          </button>
          <button type="button" className="btn btn--primary bk-pay__go" onClick={() => void pay("success")} disabled={busy !== undefined} aria-busy={busy === "success"}>
            {busy === "success" ? <span className="spinner" aria-hidden="true" /> : null}
            {busy === "success" ? "Processing…" : `Pay ${amount}`}
          </button>
        </>
      }
    >
      <div className="bk-pay bk-scroll">
        <div className="bk-pay__merchant">
          <span className="bk-pay__logo" aria-hidden="true">
            MB
          </span>
          <div>
            <p className="bk-pay__name">{order.name}</p>
            <p className="bk-pay__desc">{order.description}</p>
          </div>
          <p className="bk-pay__amount" data-testid="pay-amount">
            {amount}
          </p>
        </div>
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <p className="bk-pay__sandbox">Sandbox checkout: no money moves. Use it to try the booking flow end to end.</p>
        <fieldset className="bk-pay__methods">
          <legend>Payment method</legend>
          {METHODS.map((m) => (
            <label key={m.id} className={`bk-pay__method${method === m.id ? " is-on" : ""}`}>
              <input type="radio" name={name} value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} disabled={busy !== undefined} />
              <span className="bk-pay__method-text">
                <span className="bk-pay__method-label">{m.label}</span>
                <span className="bk-pay__method-detail">{m.detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {order.prefill.email ? <p className="bk-pay__prefill">Receipt to {order.prefill.email}</p> : null}
      </div>
    </Dialog>
  );
}

/* ---------- The pay button ---------- */

/**
 * "Pay ₹X": opens the checkout the server's gateway needs and, once the
 * payment is verified, goes to the confirmation screen.
 */
export function PayButton({ booking, onProblem, className }: { booking: Booking; onProblem: (message: string) => void; className?: string }) {
  const navigate = useNavigate();
  const [order, setOrder] = useState<Checkout | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const paid = (confirmed: Booking) => {
    setOrder(undefined);
    void navigate(`/booking-confirmation?booking=${encodeURIComponent(confirmed.id)}`);
  };

  const start = async () => {
    setBusy(true);
    try {
      const answer = await startCheckout(booking.id);
      if (!answer.ok || !answer.body) {
        onProblem(detailOf(answer.body) ?? "We couldn’t start the payment. Please try again.");
      } else if (answer.body.gateway === "sandbox") {
        setOrder(answer.body);
      } else {
        const proof = await razorpayCheckout(answer.body, onProblem);
        if (proof) {
          const verified = await verify(proof);
          if (verified.ok) paid(verified.booking);
          else onProblem(verified.message);
        }
      }
    } catch (error) {
      if (!(error instanceof SessionEndedError)) onProblem(error instanceof Error && !("timedOut" in error) ? error.message : failureMessage(error));
    }
    setBusy(false);
  };

  return (
    <>
      <button type="button" className={className ?? "btn btn--primary"} onClick={() => void start()} disabled={busy} aria-busy={busy} data-testid="pay">
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        Pay {priceLabelOf(booking.price_paise)}
      </button>
      {order ? <SandboxCheckout order={order} onClose={() => setOrder(undefined)} onPaid={paid} /> : null}
    </>
  );
}

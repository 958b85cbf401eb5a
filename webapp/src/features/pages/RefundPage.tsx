import { Link } from "react-router";
import { siteName } from "../../lib/domain";
import { FEEDBACK_WINDOW, PAYMENT_METHODS, POLICY_UPDATED, REFUND_REVIEW_TIME, REFUND_WINDOW, REPLY_TIME } from "../../lib/facts";
import { Icon } from "../../components/icons";
import { PolicyDocument, type PolicySection } from "./PolicyDocument";
import { Hero, StaticPage } from "./StaticKit";
import { useSupportEmail } from "../../lib/api/config";

/** The sections SPEC §2 names, in its order. */
export const REFUND_SECTION_TITLES = [
  "Payment Processing",
  "Refund Eligibility",
  "Refund Process",
  "Non-Refundable Cases",
  "Cancellation Policy",
  "Contact Us",
] as const;

function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}?subject=${encodeURIComponent("Refund request")}`} data-testid="refund-email">
      {email}
    </a>
  );
}

function sections(email: string): PolicySection[] {
  const [payment, eligibility, process, nonRefundable, cancellation, contact] = REFUND_SECTION_TITLES;
  return [
    {
      id: "payment-processing",
      title: payment,
      body: (
        <>
          <p>
            All payments on {siteName()} are made in Indian rupees and processed securely by our card payment gateway.
            You can pay by {PAYMENT_METHODS}. Your card, UPI and bank credentials are entered on the gateway’s page and
            are never stored by us.
          </p>
          <p>
            Once the payment succeeds, your session is confirmed and we send you a confirmation e-mail with the meeting
            link. Approved refunds are returned through the same gateway to the payment method you used.
          </p>
        </>
      ),
    },
    {
      id: "refund-eligibility",
      title: eligibility,
      body: (
        <>
          <p>A payment can be refunded when all of the following are true:</p>
          <ul>
            <li>the service was not accessed or used: the session has not taken place;</li>
            <li>the refund is requested within {REFUND_WINDOW} of the transaction date; and</li>
            <li>the request follows the process described in this policy.</li>
          </ul>
          <p>Two situations are covered in particular:</p>
          <ul>
            <li>
              <strong>The mentor missed the session.</strong> You choose between a full refund and rescheduling the
              session with the same mentor at no extra cost.
            </li>
            <li>
              <strong>The session did not go as described.</strong> If you submit feedback about the session within{" "}
              {FEEDBACK_WINDOW} of it, we review what happened and may grant a partial refund.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "refund-process",
      title: process,
      body: (
        <>
          <p>
            Refund requests are made by e-mail to <MailLink email={email} />. Please write from the e-mail address on
            your account and include:
          </p>
          <ul>
            <li>your booking reference and the mentor’s name;</li>
            <li>the date of the transaction; and</li>
            <li>the reason for your request.</li>
          </ul>
          <ol>
            <li>We confirm that we have received your request.</li>
            <li>We review it against this policy and respond within {REFUND_REVIEW_TIME}.</li>
            <li>
              If the refund is approved, we send it back to your original payment method through the card payment
              gateway. When the amount appears in your account then depends on your bank, card issuer, UPI app or
              wallet.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: "non-refundable-cases",
      title: nonRefundable,
      body: (
        <>
          <p>We cannot refund a payment when:</p>
          <ul>
            <li>the service was accessed or extensively used, for example the session took place;</li>
            <li>the refund is requested more than {REFUND_WINDOW} after the transaction date; or</li>
            <li>the session was cancelled after it had begun.</li>
          </ul>
          <p>
            The one exception for a session that took place is a partial refund after feedback submitted within{" "}
            {FEEDBACK_WINDOW}, as described under Refund Eligibility.
          </p>
        </>
      ),
    },
    {
      id: "cancellation-policy",
      title: cancellation,
      body: (
        <>
          <p>
            You can cancel a booked session before it begins from <Link to="/my-bookings">My Bookings</Link>. If you
            cancelled a paid session before it began, you can request a refund under this policy within {REFUND_WINDOW}{" "}
            of the transaction date. A session cannot be cancelled for a refund once it has begun.
          </p>
          <p>
            If your mentor cancels or does not join, you get a full refund or a new slot, as you prefer. Free sessions
            can be cancelled any time before they begin; as nothing was paid, there is nothing to refund.
          </p>
        </>
      ),
    },
    {
      id: "contact-us",
      title: contact,
      body: (
        <>
          <p>
            For refund requests and questions about this policy, e-mail <MailLink email={email} />. For anything else,
            use our <Link to="/contact">contact form</Link>; we reply within {REPLY_TIME}.
          </p>
        </>
      ),
    },
  ];
}

export default function RefundPage() {
  const email = useSupportEmail();
  return (
    <StaticPage testId="refund-page">
      <Hero
        tone="light"
        eyebrow="Legal"
        title="Refund Policy"
        lead="When you can get your money back for a session, and how to ask for it."
        meta={`Last updated: ${POLICY_UPDATED}`}
        aside={
          <ul className="sp-facts" aria-label="Refund policy at a glance">
            <li>
              <Icon name="refresh" />
              <span>
                <strong>Mentor missed it?</strong> Full refund or reschedule
              </span>
            </li>
            <li>
              <Icon name="calendar" />
              <span>
                <strong>{REFUND_WINDOW}</strong> to request a refund
              </span>
            </li>
            <li>
              <Icon name="clock" />
              <span>
                <strong>{REFUND_REVIEW_TIME}</strong> for our answer
              </span>
            </li>
          </ul>
        }
      />
      <PolicyDocument
        intro={
          <p data-testid="refund-intro">
            We want every session booked on {siteName()} to be worth what you paid for it. This policy explains how
            payments are processed, which payments can be refunded, and how to request a refund. It is part of our{" "}
            <Link to="/terms">Terms &amp; Conditions</Link>.
          </p>
        }
        sections={sections(email)}
      />
    </StaticPage>
  );
}

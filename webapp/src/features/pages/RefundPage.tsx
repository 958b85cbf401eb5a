import { Link } from "react-router";
import { refundPolicyText, siteName, type RefundPolicyText } from "../../lib/domain";
import {
  BOOKING_POLICY,
  CONTEST_WINDOW,
  FEEDBACK_WINDOW,
  PARTIAL_REFUND_SHARE,
  PAYMENT_METHODS,
  POLICY_UPDATED,
  REFUND_REVIEW_TIME,
  REFUND_SPLIT_RULE,
  REFUND_WINDOW,
  REPLY_TIME,
} from "../../lib/facts";
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

function sections(email: string, rules: RefundPolicyText): PolicySection[] {
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
          <p>
            <strong>Money you are owed comes back in full, with no time limit and no review.</strong> This is the case
            when:
          </p>
          <ul data-testid="automatic-refunds">
            <li>your mentor (or {siteName()}) cancels a session you paid for;</li>
            <li>
              <strong>the mentor missed the session</strong> and you choose a full refund. You choose between a full
              refund and rescheduling the session with the same mentor at no extra cost;
            </li>
            <li>you cancel a paid session in time, as the Cancellation Policy below describes; or</li>
            <li>a payment reached us for a booking that had already lapsed, or more was paid than the price.</li>
          </ul>
          <p data-testid="cancel-first">
            <strong>{rules.cancelFirst}</strong>
          </p>
          <p>Otherwise, a payment can be refunded on request when all of the following are true:</p>
          <ul>
            <li>the service was not accessed or used: the session has not taken place;</li>
            <li>the refund is requested within {REFUND_WINDOW} of the transaction date; and</li>
            <li>the request follows the process described in this policy.</li>
          </ul>
          <p data-testid="refund-request-rule">{rules.request}</p>
          <p data-testid="partial-refund">
            <strong>The session did not go as described.</strong> If you submit feedback about the session within{" "}
            {FEEDBACK_WINDOW} of it, you may ask for a partial refund of <strong>{PARTIAL_REFUND_SHARE}</strong> of what
            you paid, within {REFUND_WINDOW} of the session. We review what happened before we grant it.
          </p>
          <div data-testid="no-show-contest">
            <p>
              <strong>Missed sessions are settled fairly.</strong> A report that the other side missed a session moves
              no money on one side’s word:
            </p>
            <ul>
              <li>
                the other side can contest the report with a short statement within {CONTEST_WINDOW} of it, from the
                booking’s page;
              </li>
              <li>
                if nobody contests it, the report takes effect when those {CONTEST_WINDOW} end: a learner whose mentor
                missed the session gets the full refund they chose (a learner who chose a new time books it at once);
                a learner who missed the session gets no refund;
              </li>
              <li>
                if it is contested, an administrator reads both statements and decides whether the no-show happened.
                If the mentor missed it, you get a full refund or a new time, your choice; if the learner missed it,
                there is no refund; if neither can be established, a partial refund of up to {PARTIAL_REFUND_SHARE}{" "}
                of what you paid, with the reason given to both sides.
              </li>
            </ul>
            <p>The mentor’s earnings for the session are held until the report is settled.</p>
          </div>
          <p data-testid="refund-split">
            <strong>Where the money comes from.</strong> Each payment is split between the mentor’s earnings and the
            platform’s commission. {REFUND_SPLIT_RULE} Amounts are in whole paise: the commission’s part is rounded
            down, counted over all the refunds of a payment together, so refunds that add up to the whole payment take
            back exactly its commission and exactly the mentor’s earnings.
          </p>
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
          <p data-testid="refund-in-app">
            {rules.inApp} <Link to="/my-bookings">Go to My Bookings</Link>
          </p>
          <ol>
            <li>We confirm by e-mail that we have received your request.</li>
            <li>We review it against this policy and respond within {REFUND_REVIEW_TIME}.</li>
            <li>
              If the refund is approved, we send it back to your original payment method through the card payment
              gateway. When the amount appears in your account then depends on your bank, card issuer, UPI app or
              wallet.
            </li>
          </ol>
          <p>
            You can follow each refund on the booking’s page, and we e-mail you at every step. Every payment and every
            refund comes with a receipt, which you can also download from the booking’s page.
          </p>
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
            The one exception for a session that took place is the partial refund of {PARTIAL_REFUND_SHARE} after
            feedback submitted within {FEEDBACK_WINDOW}, as described under Refund Eligibility. A session the mentor
            missed is never counted as used.
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
            You can cancel or reschedule a confirmed session from <Link to="/my-bookings">My Bookings</Link> up to{" "}
            {BOOKING_POLICY.learnerNoticeHours} hours before it begins, and reschedule a session up to{" "}
            {BOOKING_POLICY.maxReschedules} times. If you cancel a paid session in time, the full payment comes back to
            you at once. Inside those {BOOKING_POLICY.learnerNoticeHours} hours the session can no longer be cancelled,
            and once it has begun it cannot be cancelled at all.
          </p>
          <p>{rules.request}</p>
          <p>
            A request you sent and your mentor has not yet accepted, or a session you have not yet paid for, can be
            withdrawn at any time before it begins; nothing is charged.
          </p>
          <ul data-testid="booking-rules">
            <li>
              <strong>Your mentor answers within {BOOKING_POLICY.responseHours} hours</strong> (or before the
              session&apos;s notice period, if sooner). A request left unanswered expires and the time is released.
            </li>
            <li>
              <strong>An unpaid booking is held until its payment deadline</strong> ({BOOKING_POLICY.holdMinutes / 60} hours
              after it is accepted, never past the session&apos;s notice period; the booking shows the exact time). Pay
              within that time to confirm it; afterwards the time is released for others.
            </li>
            <li>
              <strong>Your mentor can cancel at any time before the session,</strong> and you are then owed a full
              refund. Mentors can reschedule up to {BOOKING_POLICY.mentorNoticeHours} hours before the start.
            </li>
            <li>
              <strong>If your mentor does not join,</strong> report it from the booking from{" "}
              {BOOKING_POLICY.noShowAfterMinutes} minutes after the start until {BOOKING_POLICY.noShowWindowHours} hours
              after it, and choose a full refund or a new time at no extra cost.
            </li>
          </ul>
          <p>Free sessions follow the same rules; as nothing was paid, there is nothing to refund.</p>
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
  const rules = refundPolicyText();
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
              <Icon name="star" />
              <span>
                <strong>{PARTIAL_REFUND_SHARE}</strong> back after feedback within {FEEDBACK_WINDOW}
              </span>
            </li>
            <li>
              <Icon name="calendar" />
              <span>
                Cancel up to <strong>{rules.cancelNotice}</strong> before: full refund at once
              </span>
            </li>
            <li>
              <Icon name="calendar" />
              <span>
                <strong>{rules.requestWindow}</strong> to request a refund after that
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
        sections={sections(email, rules)}
      />
    </StaticPage>
  );
}

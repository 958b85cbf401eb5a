import { Link } from "react-router";
import { siteName } from "../../lib/domain";
import { APPROVAL_TIME, COMMISSION_SUMMARY, FEEDBACK_WINDOW, PAYMENT_METHODS, PAYOUT_SUMMARY, POLICY_UPDATED, REFUND_WINDOW } from "../../lib/facts";
import { PolicyDocument, type PolicySection } from "./PolicyDocument";
import { Hero, StaticPage } from "./StaticKit";
import { useSupportEmail } from "../../lib/api/config";

function sections(email: string): PolicySection[] {
  return [
    {
      id: "acceptance",
      title: "Acceptance of These Terms",
      body: (
        <p>
          These terms govern your use of {siteName()}, its website and its services. By creating an account, booking a
          session or mentoring on the platform, you agree to them and to our <Link to="/privacy">Privacy Policy</Link>{" "}
          and <Link to="/refund">Refund Policy</Link>. If you do not agree, please do not use the service.
        </p>
      ),
    },
    {
      id: "accounts",
      title: "Your Account",
      body: (
        <ul>
          <li>You must give accurate information when you register and keep it up to date.</li>
          <li>You must be at least 18, or have a parent or guardian’s permission to use the service.</li>
          <li>
            You are responsible for keeping your password safe and for everything done through your account. Tell us at
            once if you think someone else has used it.
          </li>
          <li>One person, one account. Accounts may not be shared, sold or transferred.</li>
        </ul>
      ),
    },
    {
      id: "mentors",
      title: "Mentors on the Platform",
      body: (
        <>
          <p>
            Mentors apply to join and are reviewed by our team; we aim to decide on every application within{" "}
            {APPROVAL_TIME}. Approval means a mentor’s profile met our standards when reviewed, not that we guarantee any
            particular outcome from their sessions.
          </p>
          <p>
            Mentors are independent professionals, not employees of {siteName()}. They set their own availability and
            prices, may offer free sessions, and are responsible for the accuracy of their profiles. Mentors receive the
            price of each confirmed, completed booking minus {COMMISSION_SUMMARY}. {PAYOUT_SUMMARY}
          </p>
        </>
      ),
    },
    {
      id: "bookings-payments",
      title: "Bookings and Payments",
      body: (
        <>
          <p>
            Session prices are shown in Indian rupees on each mentor’s profile before you book. Some slots can be
            booked straight away; for others you send a session request, and you are asked to pay once the mentor
            accepts it. The full price is paid before the session, by {PAYMENT_METHODS}, through our card payment
            gateway.
          </p>
          <p>
            A paid session is confirmed once payment succeeds, and a free session once it is booked. We then
            send a confirmation e-mail with the meeting link. Please check the time zone of your slot and join on time.
          </p>
        </>
      ),
    },
    {
      id: "cancellations-refunds",
      title: "Cancellations, Rescheduling and Refunds",
      body: (
        <>
          <p>
            If a mentor misses a session, you are entitled to a full refund or to reschedule. If a session does not go as
            described, you may submit feedback within {FEEDBACK_WINDOW} and may receive a partial refund after review.
            Refund requests must be made within {REFUND_WINDOW} of the transaction.
          </p>
          <p>
            Sessions that have been attended, and sessions cancelled after they began, are not refundable. The full rules
            are in our <Link to="/refund">Refund Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: "conduct",
      title: "Conduct During Sessions",
      body: (
        <>
          <p>Mentors and mentees agree to:</p>
          <ul>
            <li>treat each other with respect, and not harass, discriminate against or threaten anyone;</li>
            <li>not record a session without the other person’s consent;</li>
            <li>
              keep bookings and payments on {siteName()}, and not ask for or make payments outside the platform for
              sessions found here;
            </li>
            <li>not use sessions to sell unrelated products or to collect others’ personal data.</li>
          </ul>
          <p>Report a problem with a session to us and we will look into it.</p>
        </>
      ),
    },
    {
      id: "content",
      title: "Content and Intellectual Property",
      body: (
        <>
          <p>
            The {siteName()} name, logo, design and software belong to us. You may not copy or reuse them without our
            written permission.
          </p>
          <p>
            You keep ownership of what you post, such as profile text, reviews and materials shared in a session. You
            give us permission to display your profile and reviews on the platform for as long as they are published.
            Do not post anything you do not have the right to share.
          </p>
        </>
      ),
    },
    {
      id: "disclaimers",
      title: "Disclaimers and Limitation of Liability",
      body: (
        <>
          <p>
            Mentoring is guidance based on a mentor’s experience. It is not professional medical, legal, financial or
            psychological advice, and it does not guarantee a job, admission, funding or any other result. Mentors in
            health-related fields offer general guidance and do not diagnose or treat.
          </p>
          <p>
            To the extent the law allows, our total liability for any claim about a session is limited to the amount you
            paid for that session.
          </p>
        </>
      ),
    },
    {
      id: "termination",
      title: "Suspension and Termination",
      body: (
        <p>
          You can close your account at any time by writing to us. We may suspend or close an account that breaks these
          terms, misuses payments, or, for mentors, repeatedly misses sessions or receives serious complaints. Bookings
          already paid for on a closed mentor account are refunded in full.
        </p>
      ),
    },
    {
      id: "law-changes-contact",
      title: "Governing Law, Changes and Contact",
      body: (
        <>
          <p>
            These terms are governed by the laws of India, and the courts of India have jurisdiction over any dispute
            arising from them.
          </p>
          <p>
            We may update these terms. The date at the top of this page shows the latest version; if a change is
            significant we will tell registered users by e-mail before it takes effect.
          </p>
          <p>
            Questions about these terms: <a href={`mailto:${email}`}>{email}</a>, or our{" "}
            <Link to="/contact">contact form</Link>.
          </p>
        </>
      ),
    },
  ];
}

export default function TermsPage() {
  const email = useSupportEmail();
  return (
    <StaticPage testId="terms-page">
      <Hero
        tone="light"
        eyebrow="Legal"
        title="Terms & Conditions"
        lead={`The agreement between you and ${siteName()} when you browse, book a session or mentor on the platform.`}
        meta={`Last updated: ${POLICY_UPDATED}`}
      />
      <PolicyDocument
        intro={
          <p>
            Please read these terms carefully. They explain what you can expect from us, what we expect from you, and
            what happens if something goes wrong.
          </p>
        }
        sections={sections(email)}
      />
    </StaticPage>
  );
}

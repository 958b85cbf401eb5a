import { Link } from "react-router";
import { siteName } from "../../lib/domain";
import { PAYMENT_METHODS, POLICY_UPDATED, REPLY_TIME } from "../../lib/facts";
import { PolicyDocument, type PolicySection } from "./PolicyDocument";
import { Hero, StaticPage } from "./StaticKit";
import { useSupportEmail } from "../../lib/api/config";

function sections(email: string): PolicySection[] {
  return [
    {
      id: "information-we-collect",
      title: "Information We Collect",
      body: (
        <>
          <p>We collect only what we need to run the marketplace:</p>
          <ul>
            <li>
              <strong>Account details</strong>: your name, e-mail address, password (stored only as a secure hash) and,
              where you give it, your contact number. If you sign in with Google, we receive your name, e-mail address
              and Google account identifier.
            </li>
            <li>
              <strong>Mentor profiles</strong>: for mentors, the experience, education, projects, expertise, prices,
              availability, photo and social links you choose to publish.
            </li>
            <li>
              <strong>Bookings and feedback</strong>: the sessions you book or hold, their times and status, and the
              ratings, reviews and feedback you submit.
            </li>
            <li>
              <strong>Messages</strong>: what you send us through the contact and custom-quote forms or by e-mail.
            </li>
            <li>
              <strong>Technical data</strong>: your IP address, browser type and the pages you request, recorded in our
              server logs to keep the service secure and working.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: "How We Use Your Information",
      body: (
        <>
          <p>We use your information to:</p>
          <ul>
            <li>create and secure your account, and verify your e-mail address;</li>
            <li>show mentor profiles and let mentees book, pay for and attend sessions;</li>
            <li>send booking confirmations with meeting links, reminders and notifications about your sessions;</li>
            <li>process refunds, mentor payouts and disputes;</li>
            <li>review mentor applications and keep the quality of the platform high;</li>
            <li>answer your questions and requests;</li>
            <li>detect and prevent fraud, spam and abuse.</li>
          </ul>
          <p>
            We do not sell your personal information, and we do not use it for advertising on other websites.
          </p>
        </>
      ),
    },
    {
      id: "payments",
      title: "Payments and Financial Data",
      body: (
        <>
          <p>
            Payments by {PAYMENT_METHODS} are handled by our card payment gateway. You enter your payment details on the
            gateway’s secure page: {siteName()} never sees or stores your full card number, CVV, UPI PIN or net banking
            password.
          </p>
          <p>
            We keep a record of each transaction (amount, date, status and the gateway’s reference) to confirm bookings,
            issue refunds and meet our accounting and tax obligations. For mentors, we store the bank details needed to
            send payouts.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Sharing Your Information",
      body: (
        <>
          <p>We share personal information only where it is needed:</p>
          <ul>
            <li>
              <strong>Between mentor and mentee</strong>: when you book a session, your mentor sees your name and the
              details of the booking; you see your mentor’s public profile.
            </li>
            <li>
              <strong>Service providers</strong>: the payment gateway, our e-mail delivery provider, video meeting
              services and our hosting provider, each bound to use the data only to provide their service to us.
            </li>
            <li>
              <strong>The law</strong>: when we are required to by law, a court order or a lawful request from a
              government authority, or to protect the rights and safety of our users.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies and Local Storage",
      body: (
        <>
          <p>
            We use your browser’s local storage to keep you signed in (your session tokens), remember where to take you
            after signing in and keep the mentor list quick to load. We use cookies only where needed for security and
            sign-in, for example with Google sign-in.
          </p>
          <p>
            We do not use advertising cookies. You can clear cookies and local storage in your browser settings at any
            time; you will then need to sign in again.
          </p>
        </>
      ),
    },
    {
      id: "security-retention",
      title: "Data Security and Retention",
      body: (
        <>
          <p>
            All traffic to {siteName()} is encrypted in transit. Passwords are stored as salted hashes, access to personal
            data is limited to staff who need it, and sign-in sessions expire automatically.
          </p>
          <p>
            We keep your account data for as long as your account is open. Booking and payment records are kept for as
            long as tax and accounting law requires, even after an account is closed. Server logs are deleted after a
            short period unless they are needed to investigate abuse.
          </p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your Rights and Choices",
      body: (
        <>
          <p>You can, at any time:</p>
          <ul>
            <li>
              view and correct your name and contact number from <Link to="/auth/edit-profile">your profile</Link>;
            </li>
            <li>ask for a copy of the personal information we hold about you;</li>
            <li>ask us to delete your account and the personal information we are not required to keep;</li>
            <li>withdraw consent to optional e-mails, using the link in those e-mails.</li>
          </ul>
          <p>
            To make a request, write to <a href={`mailto:${email}`}>{email}</a> from the address on your account. We
            reply within {REPLY_TIME} and complete requests as quickly as the law requires.
          </p>
        </>
      ),
    },
    {
      id: "contact",
      title: "Changes and Contact",
      body: (
        <>
          <p>
            If we change this policy we will update the date at the top of this page, and tell registered users by
            e-mail before a significant change takes effect.
          </p>
          <p>
            Questions or complaints about your personal information: e-mail <a href={`mailto:${email}`}>{email}</a> or use
            our <Link to="/contact">contact form</Link>.
          </p>
        </>
      ),
    },
  ];
}

export default function PrivacyPage() {
  const email = useSupportEmail();
  return (
    <StaticPage testId="privacy-page">
      <Hero
        tone="light"
        eyebrow="Legal"
        title="Privacy Policy"
        lead={`What ${siteName()} collects about you, why, who it is shared with and the choices you have.`}
        meta={`Last updated: ${POLICY_UPDATED}`}
      />
      <PolicyDocument
        intro={
          <p>
            This policy applies to everyone who uses {siteName()}: visitors, mentees and mentors. By using the site you
            agree to the practices it describes. It should be read together with our{" "}
            <Link to="/terms">Terms &amp; Conditions</Link>.
          </p>
        }
        sections={sections(email)}
      />
    </StaticPage>
  );
}

import { Suspense, useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { siteName, mentorFields, mentorFieldsText } from "../../lib/domain";
import { APPROVAL_TIME, COMMISSION_SUMMARY, PAYMENT_METHODS, PAYOUT_SUMMARY } from "../../lib/facts";
import { Icon } from "../../components/icons";
import { goToSection } from "./sectionLinks";
import { CardGrid, CheckList, Hero, HeroCard, Section, StaticPage, Steps, type CardItem } from "./StaticKit";

/** Where "Apply" leads: the application form (or its status) further down this page. */
export const APPLY_PATH = "#apply";

const WHO = [
  "You have real, hands-on experience in your field: you have done the work you will mentor others on.",
  "You can explain what you know clearly, and you enjoy helping people make progress.",
  "You can commit to the slots you publish, and join your sessions on time.",
  "You have a reliable internet connection and a quiet place for video calls.",
];

const YOU_SET: readonly CardItem[] = [
  {
    icon: "calendar",
    title: "Your availability",
    text: <p>Publish the slots that suit you, evenings and weekends included, and change them whenever your week changes.</p>,
  },
  {
    icon: "rupee",
    title: "Your prices",
    text: <p>Set a price per session in rupees. It is shown on your profile and mentor card before anyone books.</p>,
  },
  {
    icon: "gift",
    title: "Free sessions",
    text: (
      <p>
        Offer a free first session if you like. Free sessions are marked on your card and are a good way to meet new
        mentees.
      </p>
    ),
  },
  {
    icon: "user",
    title: "Your profile",
    text: <p>Describe your experience, education, projects and the services you offer, with links to your work.</p>,
  },
];

const STEPS = [
  {
    title: "Tell us about your experience",
    text: "Fill in the form below: your work history, expertise and the sessions you want to offer, with their prices.",
  },
  {
    title: "Confirm your e-mail",
    text: "New here? We create your account with your application; open the link we e-mail you and it is submitted.",
  },
  {
    title: `Get a decision within ${APPROVAL_TIME}`,
    text: "Our team reviews every application by hand and lets you know by e-mail.",
  },
  {
    title: "Publish and start mentoring",
    text: "Set your slots and prices, publish your profile and accept your first bookings.",
  },
];

function ApplyCard() {
  return (
    <HeroCard
      title="What you need to apply"
      items={["A few minutes to fill in your profile", "Your work history and areas of expertise", "An idea of your availability and price"]}
      foot={
        <>
          <Icon name="clock" size={18} />
          Decision within {APPROVAL_TIME}
        </>
      }
    />
  );
}

/** Arriving at, or following a link to, `#apply`: the form (or the status) scrolls into view and its heading takes focus. */
function useApplyAnchor(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== APPLY_PATH) return;
    const frame = requestAnimationFrame(() => goToSection(APPLY_PATH.slice(1), true));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

export interface BecomeMentorPageProps {
  /**
   * The mentor application (the apply feature's section), which the app
   * composes in (`app/screens.tsx`): one feature does not import another.
   * It may suspend while its code loads; the page shows the loading line.
   */
  applyForm: ReactNode;
}

export default function BecomeMentorPage({ applyForm }: BecomeMentorPageProps) {
  useApplyAnchor();
  return (
    <StaticPage testId="become-mentor-page">
      <Hero
        eyebrow="Become a mentor"
        title={
          <>
            Share what you know. <span className="sp-hero__highlight">Get paid for it.</span>
          </>
        }
        lead={`Mentor learners and professionals one-on-one, on your schedule and at your price. Applications are reviewed within ${APPROVAL_TIME}.`}
        actions={[
          { to: APPLY_PATH, label: "Apply to mentor", tone: "accent", icon: "arrowRight" },
          { to: "/why-become-mentor", label: "Why mentor with us?", tone: "light" },
        ]}
        aside={<ApplyCard />}
      />

      <Section
        eyebrow="Who can apply"
        title="Experienced people from every field"
        intro={`We welcome mentors in ${mentorFieldsText()} fields: engineers, founders, managers, doctors, teachers, freelancers, designers and more.`}
      >
        <div className="sp-split">
          <CheckList items={WHO} />
          <div className="sp-note">
            <p className="sp-note__title" id="mentor-fields">
              Fields our mentors work in
            </p>
            <ul className="sp-tags" aria-labelledby="mentor-fields">
              {mentorFields().map((field) => (
                <li key={field}>{field}</li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section eyebrow="You are in control" title="What you set" tone="tint">
        <CardGrid items={YOU_SET} columns={4} />
      </Section>

      <Section
        id="payment"
        eyebrow="How payment works"
        title="Paid for every confirmed booking"
        intro={`Mentees pay up front by ${PAYMENT_METHODS} when they book, so you never chase a payment.`}
        narrow
      >
        <p className="sp-equation">
          <span className="sp-equation__term">Confirmed booking</span>
          <span className="sp-equation__op">
            <span aria-hidden="true">−</span>
            <span className="sr-only">minus</span>
          </span>
          <span className="sp-equation__term">Platform commission</span>
          <span className="sp-equation__op">
            <span aria-hidden="true">=</span>
            <span className="sr-only">equals</span>
          </span>
          <span className="sp-equation__term sp-equation__term--result">Your earnings</span>
        </p>
        <CheckList
          items={[
            <>
              You receive the price of each confirmed booking minus {COMMISSION_SUMMARY}.
            </>,
            PAYOUT_SUMMARY,
            "Meeting links are created and sent to you and your mentee automatically, with instant notifications for new bookings.",
            "If you cannot make a session, reschedule it with your mentee; a missed session is refunded to the mentee in full.",
          ]}
        />
      </Section>

      <Section eyebrow="How to apply" title={`Four steps to your first session on ${siteName()}`} tone="tint">
        <Steps items={STEPS} />
      </Section>

      <Section id="apply" eyebrow="Apply" title="Apply to become a mentor" testId="apply">
        <div className="sp-form-layout sp-apply-layout">
          <div className="sp-form-card">
            <Suspense
              fallback={
                <div className="screen-loading" role="status">
                  <span className="screen-loading__spinner" aria-hidden="true" />
                  Loading the application form…
                </div>
              }
            >
              {applyForm}
            </Suspense>
          </div>
          <div className="sp-form-side sp-apply-side">
            <div className="sp-side-card">
              <h3 className="sp-side-card__title">Good to know</h3>
              <CheckList
                items={[
                  `A person on our team reads every application and decides within ${APPROVAL_TIME}.`,
                  "Your prices, sessions and availability stay yours to change at any time after approval.",
                  "You see what you receive after the platform commission before you publish your prices.",
                  "Your photo and the rest of your profile can be added from your dashboard.",
                ]}
              />
            </div>
            <div className="sp-side-card">
              <h3 className="sp-side-card__title">Questions first?</h3>
              <p className="sp-side-card__muted">
                Read <Link to="/why-become-mentor">why mentors join us</Link>, or <Link to="/contact">contact us</Link>.
              </p>
            </div>
          </div>
        </div>
      </Section>
    </StaticPage>
  );
}

import { siteName } from "../../lib/domain";
import { APPROVAL_TIME, COMMISSION_SUMMARY, FEEDBACK_WINDOW, PAYMENT_METHODS, PAYOUT_SUMMARY } from "../../lib/facts";
import { CardGrid, CtaBand, Hero, HeroCard, QuestionList, Section, StaticPage, Steps, type CardItem } from "./StaticKit";

const BENEFITS: readonly CardItem[] = [
  {
    icon: "heart",
    title: "Make a real difference",
    text: (
      <p>
        One honest hour can change someone’s next move: the job they apply for, the course they choose, the business
        they start. Mentees rate and review each session, so you see the impact you have.
      </p>
    ),
  },
  {
    icon: "rupee",
    title: "Earn on your terms",
    text: <p>You decide what a session is worth. Mentees pay when they book, and you are paid for every completed session.</p>,
  },
  {
    icon: "calendar",
    title: "Fit it around your work",
    text: <p>Open a few slots a week or a few a month. You publish your availability and can change it at any time.</p>,
  },
  {
    icon: "globe",
    title: "Grow your reach",
    text: (
      <p>
        Your profile showcases your experience, projects and reviews to learners across India and abroad, and highly
        rated mentors earn the Top Mentor badge.
      </p>
    ),
  },
  {
    icon: "spark",
    title: "No admin",
    text: (
      <p>
        Bookings, payments, automatic meeting links and instant notifications are handled for you. You just show up and
        mentor.
      </p>
    ),
  },
  {
    icon: "bulb",
    title: "Sharpen your own thinking",
    text: <p>Explaining what you know to people facing real decisions keeps you close to how your field is changing.</p>,
  },
];

const FAQ = [
  {
    q: "How much can I charge?",
    a: (
      <p>
        You set your own price per session in rupees, and you can change it later. You may also offer free sessions,
        which are clearly marked on your profile.
      </p>
    ),
  },
  {
    q: "What does the platform keep?",
    a: (
      <p>
        You receive the price of each confirmed booking minus {COMMISSION_SUMMARY}. You will always know exactly what
        you earn per session before a mentee books.
      </p>
    ),
  },
  {
    q: "When do I get paid?",
    a: <p>{PAYOUT_SUMMARY}</p>,
  },
  {
    q: "How long does approval take?",
    a: <p>Our team reviews each application by hand and gives a decision within {APPROVAL_TIME}.</p>,
  },
  {
    q: "What if I have to miss a session?",
    a: (
      <p>
        Reschedule with your mentee as early as you can. If a session is missed, the mentee receives a full refund or a
        new slot, so please only publish times you can keep.
      </p>
    ),
  },
  {
    q: "How do mentees give feedback?",
    a: (
      <p>
        After each session mentees can rate and review it. If something went wrong, they have {FEEDBACK_WINDOW} to tell
        us, and we look at both sides before deciding on any partial refund.
      </p>
    ),
  },
];

export default function WhyBecomeMentorPage() {
  return (
    <StaticPage testId="why-become-mentor-page">
      <Hero
        eyebrow="Why become a mentor"
        title={
          <>
            Your experience is <span className="sp-hero__highlight">someone’s shortcut</span>
          </>
        }
        lead={`Mentors on ${siteName()} help learners and professionals avoid the mistakes they made, and are paid fairly for their time.`}
        actions={[
          { to: "/become-mentor", label: "Apply Now", tone: "accent", icon: "arrowRight" },
          { to: "/mentors", label: "Meet our mentors", tone: "light" },
        ]}
        aside={
          <HeroCard
            icon="award"
            title="Mentoring with us"
            items={[
              "You set your availability and your price",
              "Offer free sessions if you like",
              "Paid for every completed session",
              "Meeting links and notifications handled for you",
              `A decision on your application within ${APPROVAL_TIME}`,
            ]}
          />
        }
      />

      <Section eyebrow="Benefits" title="Why mentors choose us">
        <CardGrid items={BENEFITS} columns={3} />
      </Section>

      <Section
        id="earnings"
        tone="tint"
        eyebrow="How earnings work"
        title="From booking to bank account"
        intro={`Mentees pay up front by ${PAYMENT_METHODS}, so every confirmed booking is already paid for.`}
      >
        <Steps
          items={[
            { title: "A mentee books and pays", text: "The booking is confirmed and you both receive the meeting link by e-mail." },
            { title: "You hold the session", text: "Meet on video at the agreed time and help your mentee with their question." },
            {
              title: "Your earnings are released",
              text: "The session price minus the platform commission is released for payout 2 days after the session.",
            },
            { title: "Money reaches your bank", text: "Released earnings are settled to your bank account weekly, or monthly if you prefer." },
          ]}
        />
      </Section>

      <Section eyebrow="Questions mentors ask" title="Before you apply" narrow>
        <QuestionList items={FAQ} />
      </Section>

      <CtaBand
        title="Start mentoring this week"
        text={`Apply in a few minutes. We review every application within ${APPROVAL_TIME}.`}
        actions={[{ to: "/become-mentor", label: "Apply Now", icon: "arrowRight" }]}
      />
    </StaticPage>
  );
}

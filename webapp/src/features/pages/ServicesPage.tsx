import { Link } from "react-router";
import { siteName, mentorFieldsText } from "../../lib/domain";
import { FEEDBACK_WINDOW, PAYMENT_METHODS, REFUND_WINDOW } from "../../lib/facts";
import { CardGrid, CheckList, CtaBand, Hero, HeroCard, Section, StaticPage, Steps, type CardItem } from "./StaticKit";

const SERVICES: readonly CardItem[] = [
  {
    icon: "video",
    tag: "For individuals",
    title: "One-on-one sessions",
    text: (
      <p>
        A private video call with a mentor you choose, on a topic you set: a CV review, a mock interview, a pitch deck,
        a code review or a career decision. Your meeting link arrives by e-mail as soon as you book.
      </p>
    ),
    link: { to: "/mentors", label: "Browse mentors" },
  },
  {
    icon: "compass",
    tag: "For individuals",
    title: "Career guidance",
    text: (
      <p>
        For students choosing a path, professionals switching fields and managers stepping up. Work with someone who has
        made the move you are considering, and leave with a plan for the next three months.
      </p>
    ),
    link: { to: "/mentors", label: "Find a career mentor" },
  },
  {
    icon: "building",
    tag: "For organisations",
    title: "Business programmes",
    text: (
      <p>
        Mentoring for teams: corporate mentoring cohorts, CEO talks, strategy consulting, industry mentoring and support
        for startups. Each programme is scoped with you and priced on a custom quote.
      </p>
    ),
    link: { to: "/b2b/corporate-mentoring", label: "Explore business programmes" },
  },
  {
    icon: "gift",
    tag: "Free",
    title: "Free intro sessions",
    text: (
      <p>
        Many mentors offer a free first session so you can check the fit before paying. They are marked “Free Trial
        Session” on mentor cards and booked exactly like a paid session.
      </p>
    ),
    link: { to: "/mentors?free=1", label: "See mentors with free sessions" },
  },
];

const BUSINESS = [
  { to: "/b2b/corporate-mentoring", label: "Corporate Mentoring", text: "Structured mentoring cohorts for your people." },
  { to: "/b2b/ceo-talks", label: "CEO Talks", text: "Founders and executives in conversation with your teams." },
  { to: "/b2b/strategy-consulting", label: "Strategy Consulting", text: "Senior advisers on a specific strategic question." },
  { to: "/b2b/industry-mentoring", label: "Industry Mentoring", text: "Practitioners from your sector for your specialists." },
  { to: "/b2b/startup-entrepreneurship", label: "Startup & Entrepreneurship", text: "Operators who help founders find their footing." },
];

export default function ServicesPage() {
  return (
    <StaticPage testId="services-page">
      <Hero
        eyebrow="Our services"
        title={
          <>
            Mentoring that fits <span className="sp-hero__highlight">how you learn</span>
          </>
        }
        lead={`From a single question to a programme for your whole team: ${siteName()} offers one-on-one mentoring with experienced people in ${mentorFieldsText()} fields.`}
        actions={[
          { to: "/mentors", label: "Find your mentor", tone: "accent", icon: "arrowRight" },
          { to: "/b2b/contact", label: "Get a custom quote", tone: "light" },
        ]}
        aside={
          <HeroCard
            icon="video"
            title="Every session includes"
            items={[
              "A private one-on-one video call",
              "The price in rupees, shown before you book",
              `Payment by ${PAYMENT_METHODS}`,
              "A confirmation e-mail with your meeting link",
              "A full refund or reschedule if your mentor misses it",
            ]}
          />
        }
      />

      <Section eyebrow="What we offer" title="Four ways to work with a mentor">
        <CardGrid items={SERVICES} columns={2} />
      </Section>

      <Section
        id="pricing"
        tone="tint"
        eyebrow="How pricing works"
        title="Each mentor sets their own price"
        intro="There are no bundles to decode. You see the price of a session before you book it, and pay only for the sessions you book."
      >
        <div className="sp-split">
          <Steps
            items={[
              {
                title: "See the price on the profile",
                text: "Every mentor card and profile shows the price per session in rupees, for example ₹1,500/session. Free sessions are labelled as such.",
              },
              {
                title: "Pay when you book",
                text: `Pay by ${PAYMENT_METHODS} through our card payment gateway. The slot is yours once the payment succeeds.`,
              },
              {
                title: "Get your meeting link",
                text: "A confirmation e-mail with the meeting link and the session details follows straight away.",
              },
            ]}
          />
          <div className="sp-note">
            <p id="pricing-protection" className="sp-note__title">
              Your booking is protected
            </p>
            <CheckList
              items={[
                "Mentor missed the session? Full refund or a reschedule, your choice.",
                `Session not as described? Send feedback within ${FEEDBACK_WINDOW} and you may receive a partial refund.`,
                `Refund requests are accepted within ${REFUND_WINDOW} of payment.`,
              ]}
            />
            <Link className="sp-card__link" to="/refund">
              Read the refund policy
            </Link>
          </div>
        </div>
      </Section>

      <Section
        eyebrow="For organisations"
        title="Business programmes"
        intro="For companies, colleges and incubators that want mentoring for a group. Every programme starts with a conversation about your goals."
      >
        <ul className="sp-linklist">
          {BUSINESS.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="sp-linklist__link">
                <span className="sp-linklist__label">{item.label}</span>
                <span className="sp-linklist__text">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        title="Not sure where to start?"
        text="Book a free intro session with a mentor in your field, or tell us what you are looking for and we will point you to the right person."
        actions={[
          { to: "/mentors", label: "Browse mentors", icon: "arrowRight" },
          { to: "/contact", label: "Contact us", tone: "secondary" },
        ]}
      />
    </StaticPage>
  );
}

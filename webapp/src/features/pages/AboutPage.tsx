import { Link } from "react-router";
import { siteName, mentorFields, mentorFieldsText } from "../../lib/domain";
import { APPROVAL_TIME, PAYMENT_METHODS } from "../../lib/facts";
import { Icon } from "../../components/icons";
import { onSectionLinkClick, useLandOnHash } from "./sectionLinks";
import { CardGrid, CheckList, CtaBand, Hero, Section, StaticPage, Steps } from "./StaticKit";

const SIXTY_SECONDS = [
  {
    time: "0:00",
    title: "The problem",
    text: "Most career and business questions have been answered before, by someone a few years ahead of you. Finding that person, and getting an hour of their time, is the hard part.",
  },
  {
    time: "0:15",
    title: "What we do",
    text: `${siteName()} lists experienced professionals who have agreed to mentor. You see what each one has done, what they charge per session and when they are free.`,
  },
  {
    time: "0:30",
    title: "How a session happens",
    text: `Pick a slot, pay by ${PAYMENT_METHODS}, and a confirmation e-mail with your meeting link arrives straight away. You meet one-on-one on video.`,
  },
  {
    time: "0:45",
    title: "Why it is safe to try",
    text: "Many mentors offer a free first session. If a mentor misses a paid session you get a full refund or a new slot, your choice.",
  },
];

const VETTING = [
  "Every mentor applies with their work history, areas of expertise and the kind of help they offer.",
  `Our team reviews each application by hand and gives a decision within ${APPROVAL_TIME}.`,
  "Approved mentors publish a profile with their real experience, education and projects, so you can judge the fit yourself.",
  "After every session, mentees rate and review it. Ratings are public, and mentors rated above 4.5 earn the Top Mentor badge.",
  "A mentor who misses a session owes you a full refund or a new slot, and mentors who repeatedly miss sessions or break our terms are suspended.",
];

const VALUES = [
  {
    icon: "target" as const,
    title: "Practical over theoretical",
    text: "A good session ends with a plan you can act on this week, not a reading list.",
  },
  {
    icon: "shield" as const,
    title: "Honest about experience",
    text: "Profiles show what a mentor has actually done. We do not inflate titles or invent reviews.",
  },
  {
    icon: "rupee" as const,
    title: "Prices in the open",
    text: "Every mentor’s price per session is on their profile before you book, in rupees. Free sessions are clearly marked.",
  },
  {
    icon: "heart" as const,
    title: "Respect for everyone’s time",
    text: "Mentors keep their slots; if they cannot, you get your money back or a new time. Mentees turn up prepared.",
  },
];

/** Beside the hero: the way to the 60-second intro (the home page's "Watch 60s intro" lands here). */
function IntroCard() {
  return (
    <div className="sp-intro-card">
      <p className="sp-intro-card__label">
        <Icon name="clock" size={18} />
        New here?
      </p>
      <p className="sp-intro-card__title">How {siteName()} works, in the time it takes to make a cup of chai.</p>
      <a className="sp-intro-card__link" href="#in-60-seconds" onClick={(event) => onSectionLinkClick(event, "in-60-seconds")}>
        Read the 60-second intro
        <Icon name="arrowRight" size={18} />
      </a>
      <ul className="sp-tags" aria-label="Mentor fields">
        {mentorFields().map((field) => (
          <li key={field}>{field}</li>
        ))}
      </ul>
    </div>
  );
}

export default function AboutPage() {
  useLandOnHash();
  return (
    <StaticPage testId="about-page">
      <Hero
        eyebrow="About us"
        title={
          <>
            We connect you with people who have <span className="sp-hero__highlight">already done it</span>
          </>
        }
        lead={`${siteName()} is a marketplace for one-on-one video mentoring. Learners and professionals in India and beyond book sessions with mentors across ${mentorFieldsText()} fields.`}
        actions={[
          { to: "/mentors", label: "Find a mentor", tone: "accent", icon: "arrowRight" },
          { to: "/become-mentor", label: "Become a mentor", tone: "light" },
        ]}
        aside={<IntroCard />}
      />

      <Section eyebrow="Our mission" title="Make good advice easy to reach" narrow>
        <div className="sp-prose sp-prose--lead">
          <p>
            The right conversation at the right moment can save months of trial and error: how to prepare for a
            product manager interview, whether to take that offer, how to price a first freelance project, how to
            raise a seed round. Too often those conversations depend on who you happen to know.
          </p>
          <p>
            Our mission is to change that. We bring together mentors in {mentorFieldsText()} fields, and let anyone
            book time with them at a price the mentor sets, or for free where the mentor offers it.
          </p>
        </div>
      </Section>

      <Section
        id="in-60-seconds"
        tone="tint"
        eyebrow="The 60-second intro"
        title={`${siteName()} in 60 seconds`}
        intro="Everything you need to know before your first session, in four short beats."
        testId="sixty-seconds"
      >
        <ol className="sp-timeline">
          {SIXTY_SECONDS.map((beat) => (
            <li key={beat.time} className="sp-timeline__item">
              <span className="sp-timeline__time">{beat.time}</span>
              <h3 className="sp-timeline__title">{beat.title}</h3>
              <p className="sp-timeline__text">{beat.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        eyebrow="How mentors are vetted"
        title="Every mentor is reviewed before they can take a booking"
        intro="Anyone can apply. Not everyone is approved. This is what happens between an application and a first session."
      >
        <div className="sp-split">
          <CheckList items={VETTING} />
          <div className="sp-note">
            <span className="sp-note__icon">
              <Icon name="award" />
            </span>
            <p className="sp-note__title">Have experience worth sharing?</p>
            <p>
              Applications are reviewed within {APPROVAL_TIME}. You set your own availability and prices, and can offer
              free sessions.
            </p>
            <Link className="sp-card__link" to="/become-mentor">
              How to become a mentor
              <Icon name="arrowRight" size={16} />
            </Link>
          </div>
        </div>
      </Section>

      <Section eyebrow="How it works" title="From first question to clear next steps" tone="tint">
        <Steps
          items={[
            {
              title: "Find the right mentor",
              text: "Search by name or expertise, filter by field, and compare experience, ratings and prices. Look for mentors offering a free session.",
            },
            {
              title: "Book a slot and pay securely",
              text: `Choose a time that suits you and pay by ${PAYMENT_METHODS} through our card payment gateway.`,
            },
            {
              title: "Meet one-on-one on video",
              text: "Your confirmation e-mail carries the meeting link. Afterwards, rate the session and tell us how it went.",
            },
          ]}
        />
      </Section>

      <Section eyebrow="What we value" title="The principles behind the product">
        <CardGrid items={VALUES} columns={4} />
      </Section>

      <CtaBand
        title="Ready for your first session?"
        text="Browse mentors by field, price and experience, or share what you know by becoming a mentor yourself."
        actions={[
          { to: "/mentors", label: "Find a mentor", icon: "arrowRight" },
          { to: "/become-mentor", label: "Become a mentor", tone: "secondary" },
        ]}
      />
    </StaticPage>
  );
}

/**
 * One layout for the five business programme pages (`/b2b/...`): what it is,
 * who it is for, formats, outcomes, how an engagement runs, and the way to a
 * custom quote. The page reads its programme from the path.
 */
import { Link, useLocation } from "react-router";
import { REPLY_TIME } from "../../lib/facts";
import { Icon } from "../../components/icons";
import { programmeFromPath } from "../../lib/domain";
import { allProgrammes, programmeOf, type Programme } from "./programmes";
import { CardGrid, CheckList, CtaBand, Hero, HeroCard, Section, StaticPage, Steps } from "./StaticKit";

function quotePath(slug: string): string {
  return `/b2b/contact?programme=${slug}`;
}

function engagement(programme: Programme) {
  return [
    {
      title: "Discovery call",
      text: "Tell us about your organisation, the people taking part, your goals and your timeline.",
    },
    {
      title: "Proposal and custom quote",
      text: "We propose a format, shortlist mentors for you to review and send a fixed quote in rupees.",
    },
    { title: "Delivery", text: programme.delivery },
    {
      title: "Review",
      text: "Participants give feedback after their sessions, and we close with a summary of what was covered and achieved.",
    },
  ];
}

function GlanceCard({ programme }: { programme: Programme }) {
  return (
    <HeroCard
      icon={programme.icon}
      title="At a glance"
      items={[
        `${programme.formats.length} formats, combined to suit you`,
        "Mentors shortlisted for your goals",
        "Delivered online on video",
        "Priced on a custom quote",
      ]}
    />
  );
}

export function ProgrammePage({ programme }: { programme: Programme }) {
  const others = allProgrammes().filter((other) => other.slug !== programme.slug);
  return (
    <StaticPage testId="business-page">
      <Hero
        eyebrow="For business"
        title={programme.title}
        lead={programme.lead}
        actions={[
          { to: quotePath(programme.slug), label: "Get Custom Quote", tone: "accent", icon: "arrowRight" },
          { to: "/mentors", label: "Browse mentors", tone: "light" },
        ]}
        aside={<GlanceCard programme={programme} />}
      />

      <Section eyebrow="What it is" title={`About ${programme.title}`} narrow>
        <div className="sp-prose sp-prose--lead">
          {programme.what.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section eyebrow="Who it’s for" title="Built for" tone="tint">
        <ul className="sp-audience">
          {programme.audience.map((a) => (
            <li key={a.title} className="sp-audience__item">
              <span className="sp-checks__mark">
                <Icon name="check" size={16} />
              </span>
              <p>
                <strong>{a.title}</strong> {a.text}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section eyebrow="Formats" title="Ways we can run it" intro="Pick one format or combine several. We shape the programme around your goals.">
        <CardGrid items={programme.formats} columns={4} />
      </Section>

      <Section eyebrow="Outcomes" title="What your people leave with" tone="tint" narrow>
        <CheckList items={programme.outcomes} />
      </Section>

      <Section eyebrow="How an engagement runs" title="From first call to final review">
        <Steps items={engagement(programme)} />
      </Section>

      <CtaBand
        title={`Plan your ${programme.title} programme`}
        text={`Tell us who it is for and what you want to achieve. We reply within ${REPLY_TIME} with next steps.`}
        actions={[{ to: quotePath(programme.slug), label: "Get Custom Quote", icon: "arrowRight" }]}
      />

      <section className="sp-section sp-section--plain sp-related" aria-labelledby="related-title">
        <div className="container">
          <h2 id="related-title" className="sp-related__title">
            Other business programmes
          </h2>
          <ul className="sp-linklist">
            {others.map((other) => (
              <li key={other.slug}>
                <Link to={`/b2b/${other.slug}`} className="sp-linklist__link">
                  <span className="sp-linklist__label">{other.title}</span>
                  <span className="sp-linklist__text">{other.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </StaticPage>
  );
}

/** The `/b2b/{programme}` screen: the programme comes from the path. */
export default function BusinessPage() {
  const { pathname } = useLocation();
  // A path that names no programme shows the first (corporate mentoring).
  const programme = programmeOf(programmeFromPath(pathname) ?? "") ?? allProgrammes()[0];
  return programme ? <ProgrammePage programme={programme} /> : null;
}

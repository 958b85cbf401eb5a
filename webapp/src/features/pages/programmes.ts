/**
 * The business programme pages' copy (SPEC §1 "Business offering"): one
 * entry per `/b2b/...` page, rendered by `BusinessPage`. Which programmes
 * there are, their slugs (the `programme` values of `POST /api/b2b/quote/`)
 * and their names are the crate's (`businessProgrammes`, `programmeLabel`,
 * `programmeFromPath` in `lib/domain`); only the words of each page are here.
 */
import { businessProgrammes, programmeLabel } from "../../lib/domain";
import type { IconName } from "../../components/icons";

export interface Format {
  icon: IconName;
  title: string;
  text: string;
}

/** What this file says about a programme. */
interface ProgrammeCopy {
  icon: IconName;
  /** One line under the h1. */
  lead: string;
  /** "What it is": one or two short paragraphs. */
  what: readonly string[];
  /** "Who it's for". */
  audience: readonly { title: string; text: string }[];
  formats: readonly Format[];
  outcomes: readonly string[];
  /** How delivery looks for this programme (step 3 of the engagement). */
  delivery: string;
  /** One line for cross-links from the other programme pages. */
  summary: string;
}

/** A programme page: the crate's slug and name with this file's copy. */
export interface Programme extends ProgrammeCopy {
  slug: string;
  /** The page's h1 and the document title (`programmeLabel`, the name in pages.json). */
  title: string;
}

const COPY: Readonly<Record<string, ProgrammeCopy | undefined>> = {
  "corporate-mentoring": {
    icon: "users",
    lead: "Structured one-on-one mentoring for your employees, with experienced mentors from outside your company.",
    what: [
      "We match each participant with a mentor who has walked the path they are on, for a series of private video sessions built around goals they set with their manager.",
      "Sessions stay confidential between mentor and mentee. Your HR or L&D team sees programme-level progress: sessions held, goals set and participant feedback.",
    ],
    audience: [
      { title: "HR and L&D teams", text: "who want a mentoring programme without building a mentor pool in-house." },
      { title: "First-time managers", text: "who need a safe place to think through their first hard conversations." },
      { title: "High-potential employees", text: "ready for a bigger role and looking for an outside perspective." },
      { title: "People returning to work", text: "after a career break, who want to rebuild confidence and momentum." },
    ],
    formats: [
      { icon: "user", title: "One-on-one cohorts", text: "Each participant meets their mentor regularly over an agreed period." },
      { icon: "users", title: "Group mentoring circles", text: "Small groups with one mentor, working through shared challenges." },
      { icon: "briefcase", title: "New manager track", text: "Sessions on delegation, feedback, hiring and running a team." },
      { icon: "refresh", title: "Return-to-work mentoring", text: "Support for employees coming back after a break." },
    ],
    outcomes: [
      "Every participant leaves with a written development plan agreed with their mentor.",
      "New managers practise difficult conversations before they have them for real.",
      "Your people get an outside view of their careers, without leaving the company to find one.",
      "You get programme-level reporting to show what the programme delivered.",
    ],
    delivery:
      "Sessions run online on video. We handle scheduling, meeting links and reminders, and check in with participants along the way.",
    summary: "Structured mentoring cohorts for your people.",
  },
  "ceo-talks": {
    icon: "mic",
    lead: "Founders, CEOs and senior executives in conversation with your teams, students or community.",
    what: [
      "CEO Talks bring leaders who have built and scaled organisations to your audience for an honest talk about what worked, what did not and what they would do differently.",
      "Every talk ends with open questions from the audience, and can be followed by small-group sessions for those who want to go deeper.",
    ],
    audience: [
      { title: "Companies", text: "for town halls, leadership offsites and team events." },
      { title: "Colleges and universities", text: "for student clubs, festivals and placement preparation." },
      { title: "Incubators and communities", text: "for founders who want to learn from people a few steps ahead." },
      { title: "Industry events", text: "that need a speaker who has done the work, not just studied it." },
    ],
    formats: [
      { icon: "mic", title: "Keynote talk", text: "A focused talk on a theme you choose, followed by questions." },
      { icon: "message", title: "Fireside chat", text: "A conversation led by your host, with audience questions." },
      { icon: "users", title: "Leadership roundtable", text: "A small group of your leaders in open discussion with the speaker." },
      { icon: "video", title: "Follow-up sessions", text: "Small-group mentoring with the speaker after the talk." },
    ],
    outcomes: [
      "First-hand lessons on building, scaling and leading, from people who have done it.",
      "Your audience’s own questions answered directly, not a prepared script.",
      "A theme and speaker matched to your audience and the moment your organisation is in.",
      "An easy next step for people who want to go further: mentoring with the speaker.",
    ],
    delivery:
      "Talks run online on video. We brief the speaker on your audience and goals, agree the format with you and handle the logistics.",
    summary: "Founders and executives in conversation with your teams.",
  },
  "strategy-consulting": {
    icon: "compass",
    lead: "Senior operators and advisers for the strategic question your team needs answered.",
    what: [
      "Short, focused engagements with experienced operators and consultants on one strategic question: entering a new market, pricing, go-to-market, organisation design or preparing to raise funds.",
      "You work directly with the adviser in a series of working sessions, and finish with a decision and a plan, not a thick report.",
    ],
    audience: [
      { title: "Founders and leadership teams", text: "of startups and growing businesses facing a big decision." },
      { title: "Business unit heads", text: "who want an experienced outside view before committing budget." },
      { title: "Family businesses", text: "planning an expansion, a new line of business or a transition." },
      { title: "Non-profits", text: "rethinking their model, funding or reach." },
    ],
    formats: [
      { icon: "spark", title: "Strategy sprint", text: "A few intensive working sessions on one question, ending with a plan." },
      { icon: "file", title: "Plan review", text: "An expert review of your business plan, deck or go-to-market." },
      { icon: "users", title: "Leadership workshop", text: "A facilitated session to align your leadership team." },
      { icon: "calendar", title: "Ongoing advisory", text: "Regular sessions with an adviser as your plan is put into action." },
    ],
    outcomes: [
      "A sharper definition of the problem you are actually solving.",
      "Options weighed by someone who has seen them play out before.",
      "A clear decision, with the reasoning written down for your team.",
      "A plan for the next 90 days, with owners and milestones.",
    ],
    delivery:
      "Working sessions run online on video with your team. Between sessions your adviser reviews the material you share.",
    summary: "Senior advisers on a specific strategic question.",
  },
  "industry-mentoring": {
    icon: "building",
    lead: "Practitioners from your industry and function, mentoring your specialists and students.",
    what: [
      "Some knowledge only comes from years in a particular industry: how decisions are really made in a hospital, a bank, a factory or a software company. Industry Mentoring matches your people with practitioners from that world.",
      "Mentors are chosen by sector and function, so a product manager in fintech learns from someone who has shipped fintech products.",
    ],
    audience: [
      { title: "Specialist teams", text: "in engineering, product, data, sales, design or operations." },
      { title: "Colleges and universities", text: "preparing students for a specific industry." },
      { title: "Industry associations", text: "supporting members with access to experienced peers." },
      { title: "Training providers", text: "adding practitioner mentoring to their courses." },
    ],
    formats: [
      { icon: "layers", title: "Functional tracks", text: "Mentoring paths for product, engineering, data, sales and design." },
      { icon: "book", title: "Industry immersion", text: "Sessions that show students how their chosen industry works." },
      { icon: "clock", title: "Expert office hours", text: "Regular slots where your people bring their current questions." },
      { icon: "target", title: "Interview and portfolio prep", text: "Mock interviews and portfolio reviews by people who hire." },
    ],
    outcomes: [
      "Domain knowledge that is not in any textbook or course.",
      "Work and portfolios reviewed to the standard of your industry.",
      "Students who understand the roles they are applying for.",
      "Connections with practitioners your people would not otherwise meet.",
    ],
    delivery:
      "Sessions run online on video, one-on-one or in small groups. We handle matching, scheduling and meeting links.",
    summary: "Practitioners from your sector for your specialists.",
  },
  "startup-entrepreneurship": {
    icon: "rocket",
    lead: "Founders and operators who help early-stage startups find their footing.",
    what: [
      "Mentoring for founders from people who have built startups themselves: validating an idea, finding the first customers, pricing, hiring the first team and getting ready to raise.",
      "We work with incubators, accelerators and college entrepreneurship cells to give every founder in a cohort access to the right mentor at the right stage.",
    ],
    audience: [
      { title: "Incubators and accelerators", text: "that want a wider bench of mentors for their cohorts." },
      { title: "College E-cells", text: "supporting student founders from idea to first customers." },
      { title: "Corporate innovation teams", text: "running internal ventures or startup programmes." },
      { title: "Founding teams", text: "who want regular sessions with an experienced operator." },
    ],
    formats: [
      { icon: "users", title: "Cohort mentoring", text: "Mentors matched to each startup in your programme." },
      { icon: "clock", title: "Founder office hours", text: "Open slots for founders to bring this week’s problem." },
      { icon: "mic", title: "Pitch practice", text: "Deck reviews and mock pitches before demo day or investor meetings." },
      { icon: "chart", title: "Go-to-market clinics", text: "Working sessions on positioning, pricing and first sales." },
    ],
    outcomes: [
      "Problems and customers validated before money is spent building.",
      "A pitch and deck that have been pressure-tested by experienced founders.",
      "Clear next milestones, reviewed by someone who has hit them before.",
      "Founders who know whom to call when they get stuck.",
    ],
    delivery:
      "Sessions run online on video, around your programme’s calendar. We handle matching, scheduling and meeting links.",
    summary: "Operators who help founders find their footing.",
  },
};

/** The programme of a slug, when the crate lists it and this file has its copy. */
export function programmeOf(slug: string): Programme | undefined {
  const copy = COPY[slug];
  return copy === undefined ? undefined : { ...copy, slug, title: programmeLabel(slug) };
}

/** Every business programme with a page, in the crate's order. */
export function allProgrammes(): Programme[] {
  return businessProgrammes().flatMap((choice) => programmeOf(choice.value) ?? []);
}

/**
 * The building blocks of the static and business pages: the page frame with
 * its document title, the hero, sections, card grids, numbered steps, check
 * lists, question lists and the closing call to action. Every page is made of
 * these, so headings nest the same way everywhere (one h1 in the hero, h2 per
 * section, h3 per card).
 */
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import { Icon, type IconName } from "../../components/icons";
import "./static.css";

/* ---------- Frame ---------- */

/** The page frame; its document title is the screen's in pages.json (`documentTitle`), as the server's first HTML says. */
export function StaticPage({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="sp" data-testid={testId}>
      <RouteTitle />
      {children}
    </div>
  );
}

export interface Action {
  to: string;
  label: string;
  /** primary (default), accent, secondary, light (on dark backgrounds) */
  tone?: "primary" | "accent" | "secondary" | "light";
  icon?: IconName;
}

const TONE_CLASS: Record<NonNullable<Action["tone"]>, string> = {
  primary: "btn--primary",
  accent: "btn--accent",
  secondary: "btn--secondary",
  light: "btn--on-dark",
};

export function Actions({ actions, center }: { actions: readonly Action[]; center?: boolean }) {
  return (
    <div className={`button-row${center ? " button-row--center" : ""}`}>
      {actions.map((action) => (
        <Link key={action.to + action.label} className={`btn btn--lg ${TONE_CLASS[action.tone ?? "primary"]}`} to={action.to}>
          {action.label}
          {action.icon ? <Icon name={action.icon} size={18} /> : null}
        </Link>
      ))}
    </div>
  );
}

/* ---------- Hero ---------- */

export interface HeroProps {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  /** `dark` for marketing pages, `light` for documents (policies, sitemap). */
  tone?: "dark" | "light";
  actions?: readonly Action[];
  /** A line under the lead, e.g. "Last updated: August 2023". */
  meta?: ReactNode;
  /** Shown beside the copy on wide screens. */
  aside?: ReactNode;
}

export function Hero({ eyebrow, title, lead, tone = "dark", actions, meta, aside }: HeroProps) {
  return (
    <div className={`sp-hero sp-hero--${tone}`}>
      <div className={`container sp-hero__inner${aside ? " sp-hero__inner--split" : ""}`}>
        <div className="sp-hero__copy">
          <p className="sp-hero__eyebrow">{eyebrow}</p>
          <h1 className="sp-hero__title">{title}</h1>
          {lead ? <p className="sp-hero__lead">{lead}</p> : null}
          {meta ? <p className="sp-hero__meta">{meta}</p> : null}
          {actions && actions.length > 0 ? <Actions actions={actions} /> : null}
        </div>
        {aside ? <div className="sp-hero__aside">{aside}</div> : null}
      </div>
    </div>
  );
}

/** A white card beside the hero copy: a short list of key points. */
export function HeroCard({ title, items, icon, foot }: { title: string; items: readonly ReactNode[]; icon?: IconName; foot?: ReactNode }) {
  return (
    <div className="sp-hero-card">
      {icon ? (
        <span className="sp-hero-card__icon">
          <Icon name={icon} size={28} />
        </span>
      ) : null}
      <p className="sp-hero-card__title">{title}</p>
      <CheckList items={items} />
      {foot ? <p className="sp-hero-card__foot">{foot}</p> : null}
    </div>
  );
}

/* ---------- Sections ---------- */

export interface SectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** `tint` gives the section a soft background band. */
  tone?: "plain" | "tint";
  /** Narrow text column (prose) instead of the full container. */
  narrow?: boolean;
  children?: ReactNode;
  testId?: string;
}

export function Section({ id, eyebrow, title, intro, tone = "plain", narrow, children, testId }: SectionProps) {
  const autoId = useId();
  const titleId = id ? `${id}-title` : autoId;
  return (
    <section id={id} className={`sp-section sp-section--${tone}`} aria-labelledby={titleId} data-testid={testId}>
      <div className={`container${narrow ? " sp-narrow" : ""}`}>
        <div className="sp-section__head">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId} className="section-title sp-section__title" tabIndex={id ? -1 : undefined}>
            {title}
          </h2>
          {intro ? <div className="sp-section__intro">{intro}</div> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/* ---------- Cards ---------- */

export interface CardItem {
  title: string;
  text: ReactNode;
  icon?: IconName;
  /** A small label above the title ("Free", "1:1"). */
  tag?: string;
  link?: { to: string; label: string };
}

export function CardGrid({ items, columns = 3 }: { items: readonly CardItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`sp-cards sp-cards--${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="sp-card">
          {item.icon ? (
            <span className="sp-card__icon">
              <Icon name={item.icon} />
            </span>
          ) : null}
          {item.tag ? <p className="sp-card__tag">{item.tag}</p> : null}
          <h3 className="sp-card__title">{item.title}</h3>
          <div className="sp-card__text">{item.text}</div>
          {item.link ? (
            <Link className="sp-card__link" to={item.link.to}>
              {item.link.label}
              <Icon name="arrowRight" size={16} />
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/* ---------- Steps ---------- */

export interface StepItem {
  title: string;
  text: ReactNode;
}

export function Steps({ items }: { items: readonly StepItem[] }) {
  return (
    <ol className={`sp-steps sp-steps--${Math.min(items.length, 4)}`}>
      {items.map((step, i) => (
        <li key={step.title} className="sp-step">
          <span className="sp-step__number" aria-hidden="true">
            {i + 1}
          </span>
          <div>
            <h3 className="sp-step__title">{step.title}</h3>
            <p className="sp-step__text">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/* ---------- Lists ---------- */

export function CheckList({ items, columns }: { items: readonly ReactNode[]; columns?: 1 | 2 }) {
  return (
    <ul className={`sp-checks${columns === 2 ? " sp-checks--2" : ""}`}>
      {items.map((item, i) => (
        <li key={i}>
          <span className="sp-checks__mark">
            <Icon name="check" size={16} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export interface Question {
  q: string;
  a: ReactNode;
}

/** Questions and answers, all visible (short answers; no disclosure needed). */
export function QuestionList({ items }: { items: readonly Question[] }) {
  return (
    <div className="sp-questions">
      {items.map((item) => (
        <div key={item.q} className="sp-question">
          <h3 className="sp-question__q">{item.q}</h3>
          <div className="sp-question__a">{item.a}</div>
        </div>
      ))}
    </div>
  );
}

/* ---------- Call to action ---------- */

export function CtaBand({ title, text, actions }: { title: string; text: ReactNode; actions: readonly Action[] }) {
  const titleId = useId();
  return (
    <section className="sp-cta" aria-labelledby={titleId}>
      <div className="container">
        <div className="sp-cta__box">
          <div className="sp-cta__copy">
            <h2 id={titleId} className="sp-cta__title">
              {title}
            </h2>
            <p className="sp-cta__text">{text}</p>
          </div>
          <Actions actions={actions} />
        </div>
      </div>
    </section>
  );
}

/** The frame of the account screens: heading, lead, card and, on wide screens, a brand panel. */
import { useId, type ReactNode } from "react";
import { RouteTitle } from "../../components/RouteTitle";
import { CheckIcon } from "../../components/form";

/* ---------- Page frame ---------- */

export interface AuthPageProps {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  /** A small illustration above the heading. */
  icon?: ReactNode;
  /** Below the card: "Already have an account? Sign in". */
  footer?: ReactNode;
  /** A brand panel beside the card on wide screens (login, register). */
  aside?: boolean;
  children: ReactNode;
  testId?: string;
}

function BrandPanel() {
  return (
    <aside className="auth-aside" aria-label="Why MentorBridge">
      <p className="auth-aside__eyebrow">One-on-one mentoring</p>
      <p className="auth-aside__title">Learn from people who have done it before.</p>
      <ul className="auth-aside__list">
        <li>
          <CheckIcon />
          Verified mentors across career, tech, business, health and more
        </li>
        <li>
          <CheckIcon />
          Free trial sessions with selected mentors
        </li>
        <li>
          <CheckIcon />
          Pay securely with UPI, cards, net banking or wallets
        </li>
        <li>
          <CheckIcon />
          Full refund or reschedule if a mentor misses a session
        </li>
      </ul>
      <dl className="auth-aside__stats">
        <div>
          <dt>Refund window</dt>
          <dd>7 days</dd>
        </div>
        <div>
          <dt>Refund review</dt>
          <dd>3–5 days</dd>
        </div>
        <div>
          <dt>Typical reply</dt>
          <dd>&lt;24h</dd>
        </div>
      </dl>
    </aside>
  );
}

export function AuthPage({ title, eyebrow, lead, icon, footer, aside, children, testId }: AuthPageProps) {
  const titleId = useId();
  return (
    <section className={`auth-page${aside ? " auth-page--split" : ""}`} aria-labelledby={titleId} data-testid={testId}>
      <RouteTitle />
      <div className="auth-page__inner">
        {aside ? <BrandPanel /> : null}
        <div className="auth-page__main">
          <div className="auth-card">
            {icon ? <div className="auth-card__icon">{icon}</div> : null}
            {eyebrow ? <p className="eyebrow auth-card__eyebrow">{eyebrow}</p> : null}
            <h1 id={titleId} className="auth-card__title">
              {title}
            </h1>
            {lead ? <p className="auth-card__lead">{lead}</p> : null}
            {children}
          </div>
          {footer ? <div className="auth-page__footer">{footer}</div> : null}
        </div>
      </div>
    </section>
  );
}

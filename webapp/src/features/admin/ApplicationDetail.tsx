import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { durationLabel, mentorPath } from "../../lib/domain";
import { priceLabelOf } from "../../lib/money";
import { FormAlert } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { approveApplication, queuedFrom, rejectApplication, type QueuedApplication } from "./api";
import { ageLabel, submittedLabel } from "./time";
import { AgeMeter, StatusBadge } from "./QueueList";
import { ReasonDialog } from "./ReasonDialog";

const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const DECIDE_FAILED = "We couldn’t record the decision. Please try again.";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/** What a decision call ended with, for the dashboard to show. */
export type Outcome = { type: "decided"; application: QueuedApplication } | { type: "stale"; message: string };

/**
 * One application in full (contact, experience, bio, links, sessions,
 * photo), with Approve and Reject while it is pending. Buttons are
 * disabled while a decision is being sent; the answer updates the queue.
 */
export function ApplicationDetail({
  application,
  onDecided,
  onBack,
}: {
  application: QueuedApplication;
  onDecided: (outcome: Outcome) => void;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [rejecting, setRejecting] = useState(false);
  const a = application;

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    setAlert(undefined);
  }, [a.id]);

  async function approve() {
    if (busy) return;
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await approveApplication(a.id);
      const decided = answer.ok ? queuedFrom(answer.body) : undefined;
      if (decided) onDecided({ type: "decided", application: decided });
      else if (answer.status === 409 || answer.status === 404) onDecided({ type: "stale", message: detailOf(answer.body) ?? DECIDE_FAILED });
      else setAlert(detailOf(answer.body) ?? DECIDE_FAILED);
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setAlert(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  const role = [a.current_role, a.company].filter(Boolean).join(" at ");
  return (
    <article className="ad-detail" aria-labelledby="ad-detail-title" data-testid="application-detail">
      <button type="button" className="btn btn--ghost ad-detail__back" onClick={onBack}>
        <span aria-hidden="true">←</span> All applications
      </button>
      <header className="ad-detail__head">
        <div className="ad-avatar ad-avatar--lg" aria-hidden={a.photo_url ? undefined : true}>
          {a.photo_url ? <img src={a.photo_url} alt={`Photo of ${a.name}`} width={72} height={72} /> : initials(a.name)}
        </div>
        <div className="ad-detail__who">
          <h2 id="ad-detail-title" ref={heading} tabIndex={-1} className="ad-detail__name">
            {a.name}
          </h2>
          {role ? <p className="ad-detail__role">{role}</p> : null}
          <StatusBadge application={a} />
        </div>
      </header>

      {a.status === "pending" ? <AgeMeter application={a} /> : null}

      <dl className="ad-facts">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${a.email}`}>{a.email}</a>
            {a.user_email !== a.email ? <span className="ad-muted"> (account: {a.user_email})</span> : null}
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${a.phone}`}>{a.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Experience</dt>
          <dd>
            {a.experience_years} {a.experience_years === 1 ? "year" : "years"}
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{submittedLabel(a.submitted_at)}</dd>
        </div>
        {a.decided_at ? (
          <div>
            <dt>Decided</dt>
            <dd>
              {submittedLabel(a.decided_at)} <span className="ad-muted">(after {ageLabel(a.age_minutes)})</span>
            </dd>
          </div>
        ) : null}
      </dl>

      {a.status === "rejected" && a.reason ? (
        <section className="ad-block" aria-label="Reason given">
          <h3 className="ad-block__title">Reason given</h3>
          <p className="ad-reason">{a.reason}</p>
        </section>
      ) : null}

      <section className="ad-block">
        <h3 className="ad-block__title">Expertise</h3>
        <ul className="ad-tags">
          {a.expertise.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </section>

      <section className="ad-block">
        <h3 className="ad-block__title">Bio</h3>
        <p className="ad-bio">{a.bio}</p>
      </section>

      {a.linkedin || a.links.length > 0 ? (
        <section className="ad-block">
          <h3 className="ad-block__title">Links</h3>
          <ul className="ad-links">
            {a.linkedin ? (
              <li>
                <a href={a.linkedin} target="_blank" rel="noopener noreferrer">
                  LinkedIn profile
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {a.links.map((link) => (
              <li key={link}>
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {link.replace(/^https?:\/\//, "")}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="ad-block">
        <h3 className="ad-block__title">Sessions offered</h3>
        <ul className="ad-services">
          {a.services.map((s, i) => (
            <li key={`${s.title}-${i}`} className="ad-service">
              <span className="ad-service__title">{s.title}</span>
              <span className="ad-service__meta">
                {durationLabel(s.duration_minutes)} · {priceLabelOf(s.price_paise)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {a.status === "approved" && typeof a.mentor_id === "number" ? (
        <p>
          <Link className="ad-link" to={mentorPath(a.mentor_id, a.name)}>
            View the published profile <Icon name="arrowRight" size={16} />
          </Link>
        </p>
      ) : null}

      <div aria-live="polite">{alert ? <FormAlert tone="error">{alert}</FormAlert> : null}</div>

      {a.status === "pending" ? (
        <div className="ad-actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={() => void approve()} disabled={busy} aria-busy={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" size={18} />}
            {busy ? "Approving…" : "Approve"}
          </button>
          <button ref={rejectButton} type="button" className="btn btn--secondary btn--lg ad-reject-btn" onClick={() => setRejecting(true)} disabled={busy}>
            Reject…
          </button>
        </div>
      ) : null}

      {rejecting ? (
        <ReasonDialog
          title={`Reject ${a.name}’s application?`}
          testId="reject-dialog"
          submitLabel="Reject application"
          busyLabel="Rejecting…"
          reasonLabel="Reason (sent to the applicant)"
          hint="Be specific and kind: say what would make a future application succeed."
          failed={DECIDE_FAILED}
          send={(reason) => rejectApplication(a.id, reason)}
          read={queuedFrom}
          onClose={() => setRejecting(false)}
          onDone={(outcome) => {
            setRejecting(false);
            onDecided(outcome.type === "decided" ? { type: "decided", application: outcome.value } : outcome);
          }}
        />
      ) : null}
    </article>
  );
}

import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "../../components/icons";
import { APPROVAL_TIME } from "../../lib/facts";
import { localDateTime } from "../../lib/time";
import type { Application } from "./api";
import { REVIEW_PROMISE } from "./messages";

/** An instant as the viewer's clock reads it, in their own zone: `25 Nov 2026, 9:30 am`. */
export function whenLabel(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  return localDateTime(at);
}

type Stage = "done" | "current" | "todo" | "failed";

function Step({ stage, title, children }: { stage: Stage; title: string; children?: ReactNode }) {
  const label = { done: "Done", current: "In progress", todo: "Next", failed: "Not approved" }[stage];
  return (
    <li className={`ap-steps__step is-${stage}`}>
      <span className="ap-steps__dot" aria-hidden="true">
        {stage === "done" ? <Icon name="check" size={14} /> : stage === "failed" ? "×" : null}
      </span>
      <div>
        <p className="ap-steps__title">
          {title} <span className="sr-only">({label})</span>
        </p>
        {children ? <p className="ap-steps__text">{children}</p> : null}
      </div>
    </li>
  );
}

export interface ApplicationStatusProps {
  application: Application;
  /** The role of the stored user: an approval shows only after signing in again when it is not "mentor" yet. */
  role: string | undefined;
  /** Offered after a rejection. */
  onApplyAgain: () => void;
  /** Moves focus to the heading when shown after an action (a submit, a conflict). */
  focus?: boolean;
  /** A message above the card (why the status is shown instead of the form). */
  notice?: string | undefined;
}

/**
 * Where an application stands: received, under review (with the promise of
 * a decision within 24 hours), approved (the way to the mentor dashboard) or
 * rejected (the reason and a way to apply again).
 */
export function ApplicationStatus({ application, role, onApplyAgain, focus, notice }: ApplicationStatusProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: "center" });
  }, [focus]);

  const submitted = whenLabel(application.submitted_at ?? application.created_at);
  const decided = whenLabel(application.decided_at);
  let icon: IconName = "clock";
  let tone = "pending";
  let title: string;
  let lead: ReactNode;
  let action: ReactNode = null;
  let steps: ReactNode;

  switch (application.status) {
    case "draft":
      title = "Confirm your e-mail to submit";
      lead = `Your application is saved. Open the link we e-mailed to ${application.email} to activate your account: that submits it for review.`;
      steps = (
        <>
          <Step stage="current" title="Confirm your e-mail" />
          <Step stage="todo" title="Under review" />
          <Step stage="todo" title="Decision" />
        </>
      );
      break;
    case "pending":
      title = "Your application is under review";
      lead = REVIEW_PROMISE;
      steps = (
        <>
          <Step stage="done" title="Received">
            {submitted ? `Submitted ${submitted}` : null}
          </Step>
          <Step stage="current" title="Under review">
            A decision within {APPROVAL_TIME} of submitting.
          </Step>
          <Step stage="todo" title="Decision" />
        </>
      );
      break;
    case "approved":
      icon = "award";
      tone = "approved";
      title = "You’re approved — welcome aboard!";
      lead = "Your mentor profile is live. Add your photo, set your availability and fine-tune your services from your dashboard.";
      action = (
        <>
          <Link className="btn btn--primary btn--lg" to="/dashboard/mentor">
            Open your mentor dashboard
            <Icon name="arrowRight" size={18} />
          </Link>
          {role !== undefined && role !== "mentor" ? (
            <p className="ap-status__hint" data-testid="sign-in-again">
              If the dashboard says it isn’t for your account yet, sign out and sign in again to pick up your new role.
            </p>
          ) : null}
        </>
      );
      steps = (
        <>
          <Step stage="done" title="Received">
            {submitted ? `Submitted ${submitted}` : null}
          </Step>
          <Step stage="done" title="Reviewed" />
          <Step stage="done" title="Approved">
            {decided ?? null}
          </Step>
        </>
      );
      break;
    case "rejected":
      icon = "refresh";
      tone = "rejected";
      title = "Your application wasn’t approved this time";
      lead = "Thank you for applying. Here is what our reviewers said — you’re welcome to apply again.";
      action = (
        <button type="button" className="btn btn--primary btn--lg" onClick={onApplyAgain}>
          Apply again
        </button>
      );
      steps = (
        <>
          <Step stage="done" title="Received">
            {submitted ? `Submitted ${submitted}` : null}
          </Step>
          <Step stage="done" title="Reviewed" />
          <Step stage="failed" title="Not approved">
            {decided ?? null}
          </Step>
        </>
      );
      break;
  }

  return (
    <div className={`ap-status ap-status--${tone}`} data-testid="application-status" data-status={application.status}>
      {notice ? (
        <p className="ap-status__notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="ap-status__head">
        <span className="ap-status__icon" aria-hidden="true">
          <Icon name={icon} size={26} />
        </span>
        <div>
          <p className="eyebrow ap-status__eyebrow">Your application</p>
          <h3 ref={heading} tabIndex={-1} className="ap-status__title">
            {title}
          </h3>
        </div>
      </div>
      <p className="ap-status__lead">{lead}</p>
      {application.status === "rejected" && application.reason ? (
        <blockquote className="ap-status__reason" data-testid="rejection-reason">
          <p className="ap-status__reason-label">Reviewer’s note</p>
          <p>{application.reason}</p>
        </blockquote>
      ) : null}
      <ol className="ap-steps" aria-label="Progress">
        {steps}
      </ol>
      {action ? <div className="ap-status__actions">{action}</div> : null}
    </div>
  );
}

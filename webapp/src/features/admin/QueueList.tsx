import type { QueuedApplication } from "./api";
import { ageLabel, promiseFraction, submittedLabel } from "./time";

const STATUS_LABEL: Record<QueuedApplication["status"], string> = {
  draft: "Awaiting e-mail confirmation",
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

/** The status in words (and, while pending past 24 hours, "Overdue" in words too: never colour alone). */
export function StatusBadge({ application }: { application: QueuedApplication }) {
  const overdue = application.status === "pending" && application.overdue;
  return (
    <span className="ad-badges">
      <span className={`ad-badge ad-badge--${application.status}`}>{STATUS_LABEL[application.status]}</span>
      {overdue ? (
        <span className="ad-badge ad-badge--overdue" data-testid="overdue">
          <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M10 2.5l8 14.5H2L10 2.5z" fill="currentColor" />
            <path d="M10 8v4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            <circle cx="10" cy="14.3" r="1.1" fill="#fff" />
          </svg>
          Overdue
        </span>
      ) : null}
    </span>
  );
}

/** How long a pending application has waited, against the 24-hour promise: in words, and as a bar. */
export function AgeMeter({ application }: { application: QueuedApplication }) {
  const minutes = application.age_minutes;
  const overdue = application.overdue;
  return (
    <div className={`ad-age${overdue ? " is-overdue" : ""}`} data-testid="age">
      <span className="ad-age__text">
        {overdue ? `Waiting ${ageLabel(minutes)} — past the 24-hour promise` : `Waiting ${ageLabel(minutes)} of 24 hr`}
      </span>
      <span className="ad-age__bar" aria-hidden="true">
        <span className="ad-age__fill" style={{ width: `${(promiseFraction(minutes) * 100).toFixed(1)}%` }} />
      </span>
    </div>
  );
}

/** The queue: one row per application, oldest first as the server sends it; choosing one opens it. */
export function QueueList({
  applications,
  selected,
  onOpen,
}: {
  applications: readonly QueuedApplication[];
  selected: string | undefined;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="ad-queue" aria-label="Applications" data-testid="queue">
      {applications.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            className={`ad-row${a.id === selected ? " is-selected" : ""}${a.status === "pending" && a.overdue ? " is-overdue" : ""}`}
            aria-current={a.id === selected ? "true" : undefined}
            onClick={() => onOpen(a.id)}
            data-testid="queue-row"
            data-id={a.id}
          >
            <span className="ad-row__top">
              <span className="ad-row__name">{a.name}</span>
              <StatusBadge application={a} />
            </span>
            <span className="ad-row__expertise">{a.expertise.slice(0, 3).join(" · ") + (a.expertise.length > 3 ? ` · +${a.expertise.length - 3}` : "")}</span>
            <span className="ad-row__when">
              Submitted <time dateTime={a.submitted_at ?? undefined}>{submittedLabel(a.submitted_at)}</time>
            </span>
            {a.status === "pending" ? <AgeMeter application={a} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

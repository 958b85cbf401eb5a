import { Link } from "react-router";
import { durationLabel, mentorPath, profileCompleteness } from "../../lib/domain";
import { priceLabelOf } from "../../lib/money";
import { Icon } from "../../components/icons";
import type { MentorProfile, MentorService, StoredAvailability } from "./api";
import type { Loaded } from "./load";
import type { Tab } from "./MentorDashboardPage";
import { SectionHeader, SectionLoading } from "./parts";

interface Step {
  id: string;
  done: boolean;
  /** What is done, once it is. */
  label: string;
  /** What to do, and why, while it is not. */
  todo: string;
  tab: Tab;
}

/**
 * What makes a profile worth booking, in the order a mentor would do it:
 * the crate's checklist (`profileCompleteness`, mentoring module), each item
 * with the tab where it is done.
 */
function checklistOf(profile: MentorProfile, services: readonly MentorService[], availability: StoredAvailability | undefined): { steps: Step[]; done: number; percent: number } {
  const checklist = profileCompleteness({
    hasPhoto: Boolean(profile.image_url),
    headline: profile.headline,
    bio: profile.bio,
    expertise: [...profile.expertise],
    activeServices: services.filter((s) => s.active).length,
    availabilitySaved: availability?.configured === true,
  });
  const steps = checklist.items.map((item): Step => ({ ...item, tab: item.id === "service" ? "services" : item.id === "availability" ? "availability" : "profile" }));
  return { steps, done: checklist.done, percent: checklist.percent };
}

export interface OverviewProps {
  profile: Loaded<MentorProfile>;
  services: Loaded<MentorService[]>;
  availability: Loaded<StoredAvailability>;
  /** How many booking requests wait for an answer (undefined: not known yet). */
  requests?: number | undefined;
  onOpen: (tab: Tab) => void;
}

/** Where the mentor stands: how complete the profile is, the next step, and a summary of each part. */
export function OverviewSection({ profile, services, availability, requests, onOpen }: OverviewProps) {
  if (profile.status !== "ready") {
    return (
      <div className="md-section" aria-labelledby="md-overview-title">
        <SectionHeader id="md-overview-title" title="Overview" />
        {profile.status === "loading" ? <SectionLoading label="Loading your dashboard…" /> : <p className="md-muted">{"We couldn’t load your profile. Open the Profile tab to try again."}</p>}
      </div>
    );
  }
  const mentor = profile.value;
  const list = services.status === "ready" ? services.value : [];
  const rules = availability.status === "ready" ? availability.value : undefined;
  const { steps, done, percent } = checklistOf(mentor, list, rules);
  const next = steps.find((s) => !s.done);
  const active = list.filter((s) => s.active);
  const publicPath = mentorPath(mentor.id, mentor.name);

  return (
    <div className="md-section" aria-labelledby="md-overview-title">
      <SectionHeader
        id="md-overview-title"
        title="Overview"
        lead="How your profile looks to learners, and what to do next."
        action={
          <Link className="btn btn--secondary" to={publicPath} data-testid="public-profile-link">
            View your public profile
          </Link>
        }
      />
      {mentor.listed ? null : (
        <div className="md-card md-unlisted" role="status" data-testid="not-listed">
          <h3 className="md-card__title">Your profile is not listed yet</h3>
          <p className="md-muted">Learners cannot find or book you until this is done:</p>
          <ul className="md-unlisted__list">
            {mentor.not_listed.map((why) => {
              const tab: Tab | undefined = why.reason === "no_service" ? "services" : why.reason === "no_open_hours" ? "availability" : undefined;
              return (
                <li key={why.reason}>
                  <span>{why.message}</span>
                  {tab ? (
                    <button type="button" className="btn btn--secondary" onClick={() => onOpen(tab)}>
                      {tab === "availability" ? "Set availability" : "Add a service"}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="md-card md-progress" data-testid="completeness">
        <div className="md-progress__head">
          <div>
            <h3 className="md-card__title">Profile completeness</h3>
            <p className="md-muted">
              {done} of {steps.length} done
            </p>
          </div>
          <p className="md-progress__percent" aria-hidden="true">
            {percent}%
          </p>
        </div>
        <div className="md-progress__bar" role="progressbar" aria-label="Profile completeness" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </div>
        {next ? (
          <div className="md-next" data-testid="next-step">
            <div>
              <p className="md-next__eyebrow">Next step</p>
              <p className="md-next__text">{next.todo}.</p>
            </div>
            <button type="button" className="btn btn--primary" onClick={() => onOpen(next.tab)}>
              {next.tab === "availability" ? "Set availability" : next.tab === "services" ? "Add a service" : "Edit profile"}
            </button>
          </div>
        ) : (
          <div className="md-next md-next--done" data-testid="next-step">
            <p className="md-next__text">{mentor.listed ? "Your profile is complete and learners can book you." : "Your profile is complete."}</p>
          </div>
        )}
        <ul className="md-steps">
          {steps.map((s) => (
            <li key={s.id} className={`md-steps__item${s.done ? " is-done" : ""}`}>
              <span className="md-steps__mark" aria-hidden="true">
                {s.done ? <Icon name="check" size={14} /> : null}
              </span>
              <span>{s.done ? s.label : s.todo}</span>
              <span className="sr-only">{s.done ? " (done)" : " (to do)"}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="md-summary">
        <div className="md-card md-stat" data-testid="requests-summary">
          <span className="md-stat__icon" aria-hidden="true">
            <Icon name="message" size={20} />
          </span>
          <h3 className="md-card__title">Requests</h3>
          <p className="md-muted">
            {requests === undefined
              ? "Loading…"
              : requests === 0
                ? "No requests waiting for your answer."
                : `${requests} ${requests === 1 ? "request is" : "requests are"} waiting for your answer. Unanswered requests expire.`}
          </p>
          <button type="button" className="md-link" onClick={() => onOpen(requests ? "requests" : "schedule")}>
            {requests ? "Answer requests" : "See your schedule"}
          </button>
        </div>
        <div className="md-card md-stat">
          <span className="md-stat__icon" aria-hidden="true">
            <Icon name="rupee" size={20} />
          </span>
          <h3 className="md-card__title">Services</h3>
          {services.status === "ready" ? (
            active.length > 0 ? (
              <ul className="md-stat__list">
                {active.slice(0, 3).map((s) => (
                  <li key={s.id}>
                    <span>{s.title}</span>
                    <span className="md-muted">
                      {durationLabel(s.duration_minutes)} · {priceLabelOf(s.price_paise)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="md-muted">No active services yet.</p>
            )
          ) : (
            <p className="md-muted">{services.status === "loading" ? "Loading…" : "Couldn’t load your services."}</p>
          )}
          <button type="button" className="md-link" onClick={() => onOpen("services")}>
            Manage services
          </button>
        </div>
        <div className="md-card md-stat">
          <span className="md-stat__icon" aria-hidden="true">
            <Icon name="calendar" size={20} />
          </span>
          <h3 className="md-card__title">Availability</h3>
          {rules ? (
            <p className="md-muted">
              {rules.configured
                ? `${new Set(rules.weekly.map((r) => r.weekday)).size} days a week, in ${rules.time_zone}. Bookings open ${rules.booking_window_days} days ahead.`
                : "Not set yet: learners can’t book you until it is."}
            </p>
          ) : (
            <p className="md-muted">{availability.status === "loading" ? "Loading…" : "Couldn’t load your availability."}</p>
          )}
          <button type="button" className="md-link" onClick={() => onOpen("availability")}>
            Edit availability
          </button>
        </div>
      </div>
    </div>
  );
}

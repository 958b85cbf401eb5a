import { Link, useSearchParams } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import { Icon } from "../../components/icons";
import { FormAlert } from "../../components/form";
import { durationLabel, mentorPath } from "../../lib/domain";
import { useSession } from "../../lib/session";
import { AttentionBanners } from "../../components/AttentionBanners";
import { allows, type Booking } from "../../lib/api/bookings";
import { sessionRange, timeLeftShort, viewerZone, zoneLabel } from "../../lib/time";
import { confirmingPayment, firstName, learnerNextStep, useNow } from "../../lib/sessions";
import { useBookings, type Loaded } from "../../lib/useBookings";
import { JoinButton, StatusPill } from "../../components/SessionParts";
import { NotificationsSection } from "./NotificationsSection";
import "./user-dashboard.css";

type IconName = Parameters<typeof Icon>[0]["name"];

function Avatar({ name, image }: { name: string; image?: string | null | undefined }) {
  if (image) return <img className="ses-avatar" src={image} alt="" width={48} height={48} loading="lazy" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  return (
    <span className="ses-avatar ses-avatar--initials" aria-hidden="true">
      {initials}
    </span>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="ses-card" role="status" aria-busy="true" data-testid="list-loading">
      <span className="sr-only">{label}</span>
      <div className="skeleton ses-skeleton" />
      <div className="skeleton ses-skeleton ses-skeleton--short" />
    </div>
  );
}

function Failed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="ses-card" data-testid="list-failed">
      <FormAlert tone="error">{`We couldn’t load ${what}. Check your connection and try again.`}</FormAlert>
      <button type="button" className="btn btn--secondary ses-retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The line under a waiting booking: how long is left to answer or to pay. */
function deadlineLine(booking: Booking, now: number): string | null {
  if (booking.status === "pending" && booking.respond_by) {
    const left = timeLeftShort(booking.respond_by, now);
    return left ? `${firstName(booking.mentor.name)} has ${left} left to respond.` : null;
  }
  if (booking.status === "payment_required" && booking.pay_by && !confirmingPayment(booking)) {
    const left = timeLeftShort(booking.pay_by, now);
    return left ? `${left} left to pay; after that the time is released.` : null;
  }
  return null;
}

function UpcomingCard({ booking, now, zone }: { booking: Booking; now: number; zone: string }) {
  const step = learnerNextStep(booking);
  const deadline = deadlineLine(booking, now);
  return (
    <li className="ses-card ses-item" data-testid="upcoming-session">
      <div className="ses-item__head">
        <Avatar name={booking.mentor.name} image={booking.mentor.image_url} />
        <div className="ses-item__who">
          <h3 className="ses-item__title">{booking.service.title}</h3>
          <p className="ses-muted">
            with <Link to={mentorPath(booking.mentor.id, booking.mentor.name)}>{booking.mentor.name}</Link> · {durationLabel(booking.service.duration_minutes)}
          </p>
        </div>
        <StatusPill booking={booking} />
      </div>
      <p className="ses-item__time">
        <Icon name="calendar" size={16} />
        <span>{sessionRange(booking.start, booking.end, zone)}</span>
      </p>
      {step.text ? <p className="ses-item__next">{step.text}</p> : null}
      {deadline ? (
        <p className="ses-item__deadline" data-testid="deadline">
          <Icon name="clock" size={16} />
          <strong>{deadline}</strong>
        </p>
      ) : null}
      <div className="ses-item__actions">
        <JoinButton booking={booking} now={now} zone={zone} />
        <Link className={`btn ${booking.status === "payment_required" && !confirmingPayment(booking) ? "btn--primary" : "btn--secondary"}`} to={step.to} data-testid="next-action">
          {step.label}
        </Link>
      </div>
    </li>
  );
}

function Upcoming({ state, reload, now, zone }: { state: Loaded<Booking[]>; reload: () => void; now: number; zone: string }) {
  let body;
  if (state.status === "loading") body = <Loading label="Loading your upcoming sessions…" />;
  else if (state.status === "failed") body = <Failed what="your upcoming sessions" onRetry={reload} />;
  else if (state.value.length === 0)
    body = (
      <div className="ses-card ses-empty" data-testid="upcoming-empty">
        <span className="ses-empty__icon" aria-hidden="true">
          <Icon name="calendar" size={24} />
        </span>
        <h3 className="ses-empty__title">No upcoming sessions</h3>
        <p className="ses-muted">Pick a mentor, choose a time that suits you and book a session. It shows up here with its meeting link and what to do next.</p>
        <Link className="btn btn--primary" to="/mentors">
          Find a mentor
        </Link>
      </div>
    );
  else
    body = (
      <ul className="ses-list">
        {state.value.map((b) => (
          <UpcomingCard key={b.id} booking={b} now={now} zone={zone} />
        ))}
      </ul>
    );
  return (
    <section className="ud-section" aria-labelledby="ud-upcoming-title">
      <div className="ud-section__header">
        <h2 id="ud-upcoming-title" className="ud-section__title">
          Upcoming sessions
        </h2>
        <Link className="ud-section__more" to="/my-bookings">
          All bookings
        </Link>
      </div>
      {body}
    </section>
  );
}

function AwaitingFeedback({ state, reload, zone }: { state: Loaded<Booking[]>; reload: () => void; zone: string }) {
  let body;
  if (state.status === "loading") body = <Loading label="Loading your past sessions…" />;
  else if (state.status === "failed") body = <Failed what="your past sessions" onRetry={reload} />;
  else {
    const waiting = state.value.filter((b) => !b.feedback && allows(b, "feedback"));
    body =
      waiting.length === 0 ? (
        <p className="ses-card ses-muted" data-testid="feedback-empty">
          Nothing to rate right now. After each session, you can tell us how it went here; your rating helps other learners choose.
        </p>
      ) : (
        <ul className="ses-list">
          {waiting.map((b) => (
            <li key={b.id} className="ses-card ses-item ses-item--compact" data-testid="feedback-session">
              <div className="ses-item__head">
                <Avatar name={b.mentor.name} image={b.mentor.image_url} />
                <div className="ses-item__who">
                  <h3 className="ses-item__title">{b.service.title}</h3>
                  <p className="ses-muted">
                    with {b.mentor.name} · {sessionRange(b.start, b.end, zone)}
                  </p>
                </div>
              </div>
              <div className="ses-item__actions">
                <Link className="btn btn--primary" to={`/feedback?booking=${encodeURIComponent(b.id)}`}>
                  <Icon name="star" size={16} />
                  Rate this session<span className="sr-only"> with {b.mentor.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <section className="ud-section" aria-labelledby="ud-feedback-title">
      <div className="ud-section__header">
        <h2 id="ud-feedback-title" className="ud-section__title">
          Waiting for your feedback
        </h2>
      </div>
      {body}
    </section>
  );
}

interface QuickLink {
  to: string;
  label: string;
  text: string;
  icon: IconName;
}

function quickLinks(role: string | undefined): QuickLink[] {
  const links: QuickLink[] = [
    { to: "/mentors", label: "Find a mentor", text: "Browse mentors by expertise and book a session.", icon: "search" },
    { to: "/my-bookings", label: "My bookings", text: "Upcoming, past and cancelled sessions.", icon: "calendar" },
    { to: "/dashboard/user?tab=notifications", label: "Notifications", text: "Everything that happened, and which e-mails you get.", icon: "mail" },
    { to: "/auth/edit-profile", label: "Edit profile", text: "Your name, contact number, time zone and password.", icon: "user" },
  ];
  if (role === "mentor")
    links.push({ to: "/dashboard/mentor", label: "Mentor dashboard", text: "Requests, your schedule, services and availability.", icon: "chart" });
  else if (role === "admin") links.push({ to: "/dashboard/admin", label: "Admin dashboard", text: "Applications, mentors and commissions.", icon: "shield" });
  else links.push({ to: "/become-mentor", label: "Become a mentor", text: "Share what you know and earn from your sessions.", icon: "award" });
  return links;
}

/**
 * /dashboard/user (login required): a greeting, the upcoming sessions with
 * their join link and next step, the past sessions still waiting for
 * feedback, and quick links. Times are in the account's time zone.
 */
export default function UserDashboardPage() {
  const snapshot = useSession();
  const user = snapshot.status === "user" ? snapshot.user : null;
  const zone = viewerZone(user);
  const upcoming = useBookings("learner", "upcoming");
  const past = useBookings("learner", "past");
  const now = useNow();
  const [params] = useSearchParams();
  const showNotifications = params.get("tab") === "notifications";

  return (
    <section className="ud" aria-labelledby="ud-title" data-testid="user-dashboard">
      <RouteTitle />
      <header className="ud__hero">
        <div className="container">
          <p className="eyebrow ud__eyebrow">Dashboard</p>
          <h1 id="ud-title" className="ud__title">
            Your dashboard
          </h1>
          <p className="ud__lead" data-testid="greeting">
            {user?.name ? `Welcome back, ${firstName(user.name)}. ` : null}Your sessions, mentors and profile at a glance. Times are shown in{" "}
            <strong>{zoneLabel(zone)}</strong> (<Link to="/auth/edit-profile">change</Link>).
          </p>
          <AttentionBanners kind="pay" zone={zone} />
        </div>
      </header>
      <div className="container ud__body">
        <div className="ud__main">
          {showNotifications ? (
            <NotificationsSection zone={zone} />
          ) : (
            <>
              <Upcoming state={upcoming.state} reload={upcoming.reload} now={now} zone={zone} />
              <AwaitingFeedback state={past.state} reload={past.reload} zone={zone} />
            </>
          )}
        </div>
        <nav className="ud__aside" aria-labelledby="ud-links-title">
          <h2 id="ud-links-title" className="ud-section__title">
            Quick links
          </h2>
          <ul className="ud-links">
            {quickLinks(user?.role).map((l) => (
              <li key={l.to}>
                <Link className="ud-link" to={l.to}>
                  <span className="ud-link__icon" aria-hidden="true">
                    <Icon name={l.icon} size={20} />
                  </span>
                  <span>
                    <span className="ud-link__label">{l.label}</span>
                    <span className="ud-link__text">{l.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

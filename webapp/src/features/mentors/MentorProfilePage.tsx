import { Suspense, useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import {
  cardLabels,
  durationLabel,
  mentorPageTitle,
  parseMentorSegment,
  priceLabel,
  ratingCaption,
  shortName,
  shownPrice,
  yearsLabel,
  type CardLabels,
} from "../../lib/domain";
import { NotFoundPage } from "../../components/NotFoundPage";
import { useSession } from "../../lib/session";
import { browserZone, formatSlot, viewerZone, zoneLongName } from "../../lib/time";
import { BOOK_SERVICE_PARAM, BOOK_START_PARAM, type BookingReviewProps, type ReviewService } from "../../lib/booking-review";
import { OneByOne } from "../../components/OneByOne";
import { RouteTitle } from "../../components/RouteTitle";
import { useFirstScreenDone } from "../../lib/first-screen";
import { portraitUrl, reviewCount, textField, type Mentor } from "../../lib/api/mentors";
import { LoadError } from "./LoadError";
import { Portrait } from "../../components/Portrait";
import {
  educationOf,
  experienceOf,
  linksOf,
  projectsOf,
  servicesOf,
  upcomingSlots,
  type ProfileLink,
} from "./profile";
import { bookableServices, ProfileSlots, type BookableService } from "./ProfileSlots";
import { ReviewsSection } from "./ReviewsSection";
import { useMentor } from "./useMentor";
import "../../components/mentors.css";
import "./profile-hero.css";
import "./profile.css";
import { serverNow } from "../../lib/clock";

/** How many open slots the booking card previews. */
const SLOT_PREVIEW = 5;

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The card labels (rating, experience, badge, canonical path), or undefined for a mentor no card can show. */
function labelsOf(mentor: Mentor): CardLabels | undefined {
  try {
    if (typeof mentor.id !== "number") return undefined;
    return cardLabels(mentor.id, mentor.name, mentor.rating, reviewCount(mentor), mentor.experience_years, shownPrice(mentor.services.map((s) => s.price)));
  } catch (error) {
    console.warn(`Mentor ${String(mentor.id)} cannot be shown:`, error);
    return undefined;
  }
}

/* ---------- Icons ---------- */

function Icon({ d, size = 18 }: { d: string; size?: number }) {
  return (
    <svg viewBox="0 0 20 20" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

const ICONS = {
  briefcase: "M3 6.5h14v9.5H3zM7 6.5V4.5h6v2M3 10.5h14",
  calendar: "M3.5 5h13v11.5h-13zM3.5 8.5h13M7 3v3.5M13 3v3.5",
  clock: "M10 3.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM10 6.5V10l2.5 1.5",
  video: "M3 6h9.5v8H3zM12.5 9l4.5-2.5v7L12.5 11",
  shield: "M10 2.5l6 2.5v4.5c0 3.8-2.6 6.6-6 8-3.4-1.4-6-4.2-6-8V5z M7.3 10l1.9 1.9 3.6-3.8",
  external: "M11 4h5v5M16 4l-7 7M14 11.5V16H4V6h4.5",
  cap: "M2 8l8-4 8 4-8 4zM5.5 9.8v3.7c1.2 1 2.7 1.5 4.5 1.5s3.3-.5 4.5-1.5V9.8",
  chevron: "M7.5 4.5L13 10l-5.5 5.5",
};

function StarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" className="profile-hero__star">
      <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
    </svg>
  );
}

function LinkIcon({ kind }: { kind: string }) {
  const paths: Record<string, ReactNode> = {
    linkedin: (
      <path
        fill="currentColor"
        d="M4.5 3a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM3 8h3v9H3zM8 8h2.9v1.3c.4-.8 1.5-1.5 3-1.5 3 0 3.6 1.9 3.6 4.4V17h-3v-4.2c0-1.1 0-2.4-1.5-2.4s-1.8 1.1-1.8 2.3V17H8z"
      />
    ),
    twitter: <path fill="currentColor" d="M3 3h4l3.3 4.6L14.2 3H16.5l-5.1 5.9L17 17h-4l-3.6-5-4.3 5H2.8l5.5-6.3z" />,
    x: <path fill="currentColor" d="M3 3h4l3.3 4.6L14.2 3H16.5l-5.1 5.9L17 17h-4l-3.6-5-4.3 5H2.8l5.5-6.3z" />,
    github: (
      <path
        fill="currentColor"
        d="M10 2a8 8 0 0 0-2.5 15.6c.4 0 .6-.2.6-.4v-1.5c-2.2.5-2.7-1-2.7-1-.4-.9-.9-1.2-.9-1.2-.7-.5.1-.5.1-.5.8.1 1.2.8 1.2.8.7 1.2 1.9.9 2.3.7.1-.5.3-.9.5-1.1-1.8-.2-3.6-.9-3.6-4 0-.9.3-1.6.8-2.1-.1-.2-.4-1 .1-2.1 0 0 .7-.2 2.2.8a7.5 7.5 0 0 1 4 0c1.5-1 2.2-.8 2.2-.8.4 1.1.2 1.9.1 2.1.5.6.8 1.3.8 2.1 0 3.1-1.9 3.8-3.6 4 .3.3.6.8.6 1.5v2.3c0 .2.1.5.6.4A8 8 0 0 0 10 2z"
      />
    ),
  };
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      {paths[kind] ?? (
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          d="M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15zM2.5 10h15M10 2.5c2 2 3 4.5 3 7.5s-1 5.5-3 7.5c-2-2-3-4.5-3-7.5s1-5.5 3-7.5z"
        />
      )}
    </svg>
  );
}

/* ---------- Sections ---------- */

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id} className="profile-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Brings the open times into view, with focus on their heading (keyboard and screen reader users land there). */
function showTimes() {
  const heading = document.getElementById("slots-title");
  heading?.scrollIntoView({ behavior: "smooth", block: "start" });
  heading?.focus({ preventScroll: true });
}

function BookingCard({ mentor, timeZone }: { mentor: Mentor & { id: number }; timeZone: string | undefined }) {
  const bookable = bookableServices(mentor).length > 0;
  const slots = useMemo(() => upcomingSlots(mentor, serverNow(), SLOT_PREVIEW), [mentor]);
  const price = shownPrice(mentor.services.map((s) => s.price));
  const firstName = shortName(mentor.name);
  const zone = slots[0] ? zoneLongName(slots[0].start, timeZone ?? browserZone()) : undefined;

  return (
    <section className="booking-card" aria-labelledby="booking-title" data-testid="booking-card">
      <div className="booking-card__price">
        <span className="booking-card__from">{mentor.services.length > 1 ? "Sessions from" : "Session"}</span>
        <span className={`price-badge price-badge--lg${price === 0 ? " price-badge--free" : ""}`} data-testid="profile-price">
          {priceLabel(price, "card")}
        </span>
      </div>

      <h2 id="booking-title" className="booking-card__title">
        Next available
      </h2>
      {slots.length > 0 ? (
        <>
          <ul className="slot-list" data-testid="slot-list">
            {slots.map((slot) => {
              const shown = formatSlot(slot, timeZone);
              return (
                <li key={slot.key} className="slot-list__item" data-testid="slot">
                  <Icon d={ICONS.calendar} />
                  <time dateTime={shown.iso} className="slot-list__day">
                    {shown.day}
                  </time>
                  <span className="slot-list__time">{shown.time}</span>
                </li>
              );
            })}
          </ul>
          <p className="booking-card__zone" data-testid="slot-zone">
            Times shown in your time zone{zone ? ` (${zone})` : ""}.
          </p>
        </>
      ) : (
        <p className="booking-card__none" data-testid="no-slots">
          No open times soon. See “Available times” for later weeks.
        </p>
      )}

      {bookable ? (
        <button type="button" className="btn btn--primary btn--lg btn--block" onClick={showTimes} data-testid="book-session">
          Book a session
        </button>
      ) : (
        <p className="booking-card__none">{firstName} has no sessions open for booking yet.</p>
      )}
      <ul className="booking-card__facts">
        <li>
          <Icon d={ICONS.video} />
          One-on-one video call, meeting link by e-mail
        </li>
        <li>
          <Icon d={ICONS.shield} />
          Full refund or reschedule if the mentor misses it
        </li>
      </ul>
    </section>
  );
}

function LinksCard({ links }: { links: ProfileLink[] }) {
  return (
    <section className="profile-links" aria-labelledby="links-title">
      <h2 id="links-title" className="profile-links__title">
        Find online
      </h2>
      <ul className="profile-links__list">
        {links.map((link) => (
          <li key={link.kind + link.url}>
            <a className="profile-links__link" href={link.url} target="_blank" rel="noopener noreferrer">
              <LinkIcon kind={link.kind} />
              {link.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The booking review a chosen time opens: the bookings feature's, composed in by the app. */
type Review = ComponentType<BookingReviewProps>;

function Profile({
  mentor,
  labels,
  timeZone,
  BookingReview,
}: {
  mentor: Mentor & { id: number };
  labels: CardLabels;
  timeZone: string | undefined;
  BookingReview: Review;
}) {
  const headline = textField(mentor, "headline");
  const bio = textField(mentor, "bio");
  const services = servicesOf(mentor);
  const education = educationOf(mentor);
  const experience = experienceOf(mentor);
  const projects = projectsOf(mentor);
  const links = linksOf(mentor);
  const rating = labels.ratingLabel;
  const rated = labels.reviewsLabel !== undefined;
  const { choice, choose, close, refreshKey, taken } = useBookingChoice(mentor);

  return (
    <article className="profile" data-testid="mentor-profile">
      <title>{mentorPageTitle(mentor.name, headline)}</title>
      <header className="profile-hero">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/mentors">Mentors</Link>
              </li>
              <li aria-current="page">{mentor.name}</li>
            </ol>
          </nav>
          <div className="profile-hero__inner">
            <div className="profile-hero__media">
              <Portrait src={portraitUrl(mentor)} name={mentor.name} className="profile-hero__photo" width={240} height={240} priority />
              {labels.badge ? (
                <span className={`profile-badge${labels.badge === "PRO" ? " profile-badge--pro" : ""}`} data-testid="profile-badge">
                  {labels.badge}
                </span>
              ) : null}
            </div>
            <div className="profile-hero__text">
              <h1 className="profile-hero__name">{mentor.name}</h1>
              {headline ? <p className="profile-hero__headline">{headline}</p> : null}
              <ul className="profile-hero__meta">
                <li className="profile-hero__rating">
                  {rated ? <StarIcon /> : null}
                  <span data-testid="profile-rating">{rating}</span>
                  <span className="profile-hero__meta-label">{ratingCaption(mentor.rating, reviewCount(mentor))}</span>
                </li>
                <li>
                  <Icon d={ICONS.briefcase} />
                  <span data-testid="profile-experience">{labels.experienceLabel}</span>
                  <span className="profile-hero__meta-label">experience</span>
                </li>
              </ul>
              {mentor.expertise.length > 0 ? (
                <ul className="expertise-chips" aria-label="Expertise">
                  {mentor.expertise.map((field) => (
                    <li key={field} className="expertise-chip">
                      {field}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        </div>
      </header>

      <div className="container profile-layout">
        <aside className="profile-aside" aria-label="Booking">
          <BookingCard mentor={mentor} timeZone={timeZone} />
          {links.length > 0 ? <LinksCard links={links} /> : null}
        </aside>

        <div className="profile-main">
          {bio ? (
            <Section id="about-title" title="About">
              <p className="profile-bio">{bio}</p>
            </Section>
          ) : null}

          {services.length > 0 ? (
            <Section id="services-title" title="Services">
              <ul className="service-list" data-testid="services">
                {services.map((service) => (
                  <li key={service.key} className="service" data-testid="service">
                    <div className="service__text">
                      <h3 className="service__title">{service.title}</h3>
                      {service.description ? <p className="service__description">{service.description}</p> : null}
                    </div>
                    <div className="service__meta">
                      <span className={`price-badge${service.price === 0 ? " price-badge--free" : ""}`} data-testid="service-price">
                        {priceLabel(service.price, "card")}
                      </span>
                      {service.durationMinutes !== undefined ? (
                        <span className="service__duration" data-testid="service-duration">
                          <Icon d={ICONS.clock} size={16} />
                          {durationLabel(service.durationMinutes)}
                        </span>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          <ProfileSlots mentor={mentor} timeZone={timeZone} onChoose={choose} refreshKey={refreshKey} />

          {/* Further down: mounted one section at a time. */}
          <OneByOne>
            <ReviewsSection mentorId={mentor.id} timeZone={timeZone} />

            {experience.length > 0 ? (
              <Section id="experience-title" title="Experience">
                <ol className="timeline">
                  {experience.map((entry, i) => (
                    <li key={`${entry.title}-${entry.company}-${i}`} className="timeline__item">
                      <span className="timeline__dot" aria-hidden="true" />
                      <h3 className="timeline__title">{entry.title}</h3>
                      <p className="timeline__org">
                        {entry.company}
                        {yearsLabel(entry.startYear, entry.endYear) ? (
                          <span className="timeline__years"> · {yearsLabel(entry.startYear, entry.endYear)}</span>
                        ) : null}
                      </p>
                      {entry.description ? <p className="timeline__text">{entry.description}</p> : null}
                    </li>
                  ))}
                </ol>
              </Section>
            ) : null}

            {education.length > 0 ? (
              <Section id="education-title" title="Education">
                <ul className="education-list">
                  {education.map((entry, i) => (
                    <li key={`${entry.degree}-${i}`} className="education">
                      <span className="education__icon">
                        <Icon d={ICONS.cap} />
                      </span>
                      <div>
                        <h3 className="education__degree">{entry.degree || entry.institution}</h3>
                        <p className="education__school">
                          {entry.degree ? entry.institution : null}
                          {entry.year !== undefined ? <span>{entry.degree && entry.institution ? " · " : ""}{entry.year}</span> : null}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}

            {projects.length > 0 ? (
              <Section id="projects-title" title="Projects">
                <ul className="project-list">
                  {projects.map((project, i) => (
                    <li key={`${project.title}-${i}`} className="project">
                      <h3 className="project__title">
                        {project.url ? (
                          <a href={project.url} target="_blank" rel="noopener noreferrer">
                            {project.title}
                            <Icon d={ICONS.external} size={16} />
                            <span className="sr-only"> (opens in a new tab)</span>
                          </a>
                        ) : (
                          project.title
                        )}
                      </h3>
                      {project.description ? <p className="project__text">{project.description}</p> : null}
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
          </OneByOne>
        </div>
      </div>
      {choice ? (
        <Suspense fallback={null}>
          <BookingReview
            mentor={mentor}
            service={choice.service}
            start={choice.start}
            end={choice.end}
            timeZone={timeZone}
            onClose={close}
            onTaken={taken}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** A chosen time on its way to the booking review. */
interface Choice {
  service: ReviewService;
  start: string;
  end: Date;
}

function reviewService(mentor: Mentor, service: BookableService): ReviewService {
  const raw = mentor.services.find((s) => s.id === service.id) as { instant_confirmation?: unknown } | undefined;
  return { id: service.id, title: service.title, durationMinutes: service.durationMinutes, price: service.price, instant: raw?.instant_confirmation === true };
}

/**
 * The time chosen for the booking review: a slot button's, or one a guest
 * chose before signing in (carried in the address through the login).
 */
function useBookingChoice(mentor: Mentor & { id: number }) {
  const [search, setSearch] = useSearchParams();
  const [refreshKey, setRefreshKey] = useState(0);
  const [choice, setChoice] = useState<Choice | undefined>(() => {
    const serviceId = Number(search.get(BOOK_SERVICE_PARAM));
    const start = search.get(BOOK_START_PARAM);
    const service = bookableServices(mentor).find((s) => s.id === serviceId);
    const at = start ? Date.parse(start) : NaN;
    if (!service || !start || Number.isNaN(at) || at <= serverNow()) return undefined;
    return { service: reviewService(mentor, service), start, end: new Date(at + (service.durationMinutes ?? 60) * 60_000) };
  });

  useEffect(() => {
    if (!search.has(BOOK_SERVICE_PARAM) && !search.has(BOOK_START_PARAM)) return;
    const next = new URLSearchParams(search);
    next.delete(BOOK_SERVICE_PARAM);
    next.delete(BOOK_START_PARAM);
    setSearch(next, { replace: true });
  }, [search, setSearch]);

  const choose = useCallback(
    (slot: { key: string; end: Date }, service: BookableService) => setChoice({ service: reviewService(mentor, service), start: slot.key, end: slot.end }),
    [mentor],
  );
  const close = useCallback(() => setChoice(undefined), []);
  const taken = useCallback(() => setRefreshKey((n) => n + 1), []);
  return { choice, choose, close, refreshKey, taken };
}

export function ProfileSkeleton() {
  return (
    <div className="profile" aria-busy="true" data-testid="profile-loading">
      <p className="sr-only" role="status">
        Loading mentor profile…
      </p>
      <div className="profile-hero" aria-hidden="true">
        <div className="container">
          <div className="skeleton skeleton--line skeleton--crumb" />
          <div className="profile-hero__inner">
            <div className="profile-hero__media">
              <div className="profile-hero__photo skeleton" />
            </div>
            <div className="profile-hero__text profile-hero__text--skeleton">
              <div className="skeleton skeleton--title" />
              <div className="skeleton skeleton--line skeleton--w90" />
              <div className="skeleton skeleton--line skeleton--w60" />
              <div className="skeleton skeleton--pill" />
            </div>
          </div>
        </div>
      </div>
      <div className="container profile-layout" aria-hidden="true">
        <div className="profile-aside">
          <div className="booking-card skeleton skeleton--card" />
        </div>
        <div className="profile-main">
          <div className="skeleton skeleton--line skeleton--w40" />
          <div className="skeleton skeleton--line skeleton--w90" />
          <div className="skeleton skeleton--line skeleton--w90" />
          <div className="skeleton skeleton--line skeleton--w75" />
        </div>
      </div>
    </div>
  );
}

export interface MentorProfilePageProps {
  /** Shows slot times in this IANA zone instead of the viewer's (tests). */
  timeZone?: string;
  /**
   * The booking review a chosen time opens (the bookings feature's): the
   * app composes it in (`app/screens.tsx`), as one feature does not import
   * another. It may suspend while its code loads.
   */
  bookingReview: Review;
}

/**
 * `/mentors/{id}-{slug}`: a mentor's full profile. Only the id counts; a
 * stale or missing slug is replaced by the canonical one, and an unknown id
 * shows the not-found page (the server answers 404 on a first load).
 */
export function MentorProfilePage({ timeZone: given, bookingReview }: MentorProfilePageProps) {
  const { idSlug = "" } = useParams();
  // One zone per person (issue 21): the account's when signed in, else the browser's.
  const snapshot = useSession();
  const timeZone = given ?? viewerZone(snapshot.status === "user" ? snapshot.user : null);
  const id = parseMentorSegment(safeDecode(idSlug));
  if (id === undefined) return <NotFoundPage />;
  return <MentorProfile id={id} timeZone={timeZone} bookingReview={bookingReview} />;
}

function MentorProfile({ id, timeZone, bookingReview }: { id: number; timeZone: string | undefined; bookingReview: Review }) {
  const { state, retry } = useMentor(id);
  const location = useLocation();
  const navigate = useNavigate();
  const mentor = state.status === "ready" ? state.mentor : undefined;
  const labels = useMemo(() => (mentor === undefined ? undefined : labelsOf(mentor)), [mentor]);
  // The hero the server drew stays until this page has its mentor (or knows it has none).
  useFirstScreenDone(state.status !== "loading");

  useEffect(() => {
    if (labels === undefined || safeDecode(location.pathname) === labels.path) return;
    void navigate({ pathname: labels.path, search: location.search, hash: location.hash }, { replace: true });
  }, [labels, location.pathname, location.search, location.hash, navigate]);

  if (state.status === "notFound") return <NotFoundPage />;
  if (state.status === "loading") {
    return (
      <>
        <RouteTitle />
        <ProfileSkeleton />
      </>
    );
  }
  if (state.status === "error" || mentor === undefined || labels === undefined) {
    return (
      <div className="container profile-error">
        <RouteTitle />
        <LoadError
          title="We couldn’t load this mentor"
          message={state.status === "error" ? state.message : "This profile has data we cannot show."}
          onRetry={retry}
          testId="profile-error"
        />
      </div>
    );
  }
  return <Profile mentor={mentor as Mentor & { id: number }} labels={labels} timeZone={timeZone} BookingReview={bookingReview} />;
}

export default MentorProfilePage;

import { useId, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import { TabList } from "../../components/TabList";
import { Icon } from "../../components/icons";
import { attention } from "../../lib/attention";
import { useSession } from "../../lib/session";
import { viewerZone } from "../../lib/time";
import { AttentionBanners } from "../../components/AttentionBanners";
import { useBookings } from "../../lib/useBookings";
import { fetchAvailability, fetchProfile, fetchServices, type MentorProfile, type MentorService, type StoredAvailability } from "./api";
import { AvailabilitySection } from "./AvailabilitySection";
import { EarningsSection } from "./EarningsSection";
import { useLoaded } from "./load";
import { OverviewSection } from "./OverviewSection";
import { PastSessionsSection } from "./PastSessionsSection";
import { ProfileSection } from "./ProfileSection";
import { requestsOf, RequestsSection } from "./RequestsSection";
import { ScheduleSection } from "./ScheduleSection";
import { ServicesSection } from "./ServicesSection";
import "./dashboard.css";

export type Tab = "overview" | "requests" | "schedule" | "past" | "earnings" | "profile" | "services" | "availability";

/** Each section's tab; `more` is said everywhere but shown on wider screens only. */
const TABS: readonly { id: Tab; label: string; more?: string; icon: Parameters<typeof Icon>[0]["name"] }[] = [
  { id: "overview", label: "Overview", icon: "chart" },
  { id: "requests", label: "Requests", icon: "message" },
  { id: "schedule", label: "Schedule", icon: "video" },
  { id: "past", label: "Past", more: " sessions", icon: "clock" },
  { id: "earnings", label: "Earnings", icon: "chart" },
  { id: "profile", label: "Profile", icon: "user" },
  { id: "services", label: "Services", more: " & prices", icon: "rupee" },
  { id: "availability", label: "Availability", icon: "calendar" },
];

function isTab(value: string | null): value is Tab {
  return TABS.some((t) => t.id === value);
}

const readProfile = (body: MentorProfile) => (typeof body === "object" && typeof body.id === "number" ? body : undefined);
const readServices = (body: MentorService[]) => (Array.isArray(body) ? body : undefined);
const readAvailability = (body: StoredAvailability) => (typeof body === "object" && typeof body.time_zone === "string" ? body : undefined);

/**
 * /dashboard/mentor (mentors only): the overview with what to do next, and
 * the mentor's own profile, services and prices, and calendar. The tab is
 * in the address (`?tab=services`), so a link or a reload opens it again.
 */
export default function MentorDashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "overview";
  const profile = useLoaded(fetchProfile, readProfile);
  const services = useLoaded(fetchServices, readServices);
  const availability = useLoaded(fetchAvailability, readAvailability);
  // Requests and the schedule are one list: the mentor's upcoming bookings.
  const upcoming = useBookings("mentor", "upcoming");
  const waiting = upcoming.state.status === "ready" ? requestsOf(upcoming.state.value).length : 0;
  const baseId = useId();
  const snapshot = useSession();
  // Deadlines in the viewer's zone: the account's, else the browser's.
  const zone = viewerZone(snapshot.status === "user" ? snapshot.user : null);

  function open(next: Tab, keyboard = false) {
    setParams(next === "overview" ? {} : { tab: next }, { replace: true });
    if (!keyboard) window.scrollTo?.({ top: 0 });
  }

  const name = profile.state.status === "ready" ? profile.state.value.name : "";
  // A section stays mounted once opened (hidden while another is shown), so
  // edits not yet saved survive a look at another section.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set([...opened, tab]));

  const panels: Record<Tab, () => ReactNode> = {
    overview: () => (
      <OverviewSection profile={profile.state} services={services.state} availability={availability.state} requests={upcoming.state.status === "ready" ? waiting : undefined} onOpen={(t) => open(t)} />
    ),
    requests: () => (
      <RequestsSection
        state={upcoming.state}
        reload={upcoming.reload}
        onChange={(list) => {
          upcoming.set(list);
          // An answered request waits no more: the header's count and the banners follow at once.
          void attention.refresh(true);
        }}
        onOpen={(t) => open(t)}
      />
    ),
    schedule: () => <ScheduleSection state={upcoming.state} reload={upcoming.reload} onOpen={(t) => open(t)} />,
    past: () => <PastSessionsSection />,
    earnings: () => <EarningsSection timeZone={availability.state.status === "ready" ? availability.state.value.time_zone : undefined} />,
    profile: () => <ProfileSection state={profile.state} reload={profile.reload} onSaved={profile.set} />,
    services: () => <ServicesSection state={services.state} reload={services.reload} onChange={services.set} />,
    availability: () => <AvailabilitySection state={availability.state} reload={availability.reload} onSaved={availability.set} services={services.state} />,
  };

  return (
    <section className="md" aria-labelledby="md-title" data-testid="mentor-dashboard">
      <RouteTitle />
      <header className="md__hero">
        <div className="container md__hero-inner">
          <p className="eyebrow md__eyebrow">Dashboard</p>
          <h1 id="md-title" className="md__title">
            Mentor dashboard
          </h1>
          <p className="md__lead">
            {name ? `Welcome back, ${name.split(" ")[0]}. ` : null}Your requests, sessions, profile, services and calendar, in one place.
          </p>
          <AttentionBanners kind="answer_request" zone={zone} />
        </div>
      </header>
      <div className="container md__body">
        <TabList
          tabs={TABS.map((t) => ({
            id: t.id,
            content: (
              <>
                <Icon name={t.icon} size={18} />
                <span>
                  {t.label}
                  {t.more ? <span className="md__tab-more">{t.more}</span> : null}
                </span>
                {t.id === "requests" && waiting > 0 ? (
                  // The space keeps the name apart from the count for screen readers ("Requests 2 waiting").
                  <span className="md__tab-count" data-testid="requests-count">
                    <span className="sr-only"> </span>
                    {waiting}
                    <span className="sr-only"> waiting</span>
                  </span>
                ) : null}
              </>
            ),
          }))}
          selected={tab}
          onSelect={open}
          label="Dashboard sections"
          tabId={(id) => `${baseId}-tab-${id}`}
          panelId={(id) => `${baseId}-panel-${id}`}
          className="md__tabs"
          tabClassName="md__tab"
          vertical
        />
        {TABS.map((t) =>
          opened.has(t.id) ? (
            <div
              key={t.id}
              className="md__panel"
              role="tabpanel"
              id={`${baseId}-panel-${t.id}`}
              aria-labelledby={`${baseId}-tab-${t.id}`}
              hidden={t.id !== tab}
              data-testid={`panel-${t.id}`}
            >
              {panels[t.id]()}
            </div>
          ) : null,
        )}
      </div>
    </section>
  );
}

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { RouteTitle } from "../../components/RouteTitle";
import { TabList } from "../../components/TabList";
import { FormAlert } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { fetchQueue, type QueuedApplication, type QueueFilter } from "./api";
import { ApplicationDetail, type Outcome } from "./ApplicationDetail";
import { QueueList } from "./QueueList";
import { reviewPromise } from "./moneyRules";
import { PayoutsPanel } from "./PayoutsPanel";
import { RefundsQueue } from "./RefundsQueue";
import { DisputesQueue } from "./DisputesQueue";
import { WebhooksPanel } from "./WebhooksPanel";
import "./admin.css";
import "./money.css";

const FILTERS: readonly { id: QueueFilter; label: string }[] = [
  { id: "pending", label: "Pending" },
  { id: "approved", label: "Approved" },
  { id: "rejected", label: "Rejected" },
  { id: "all", label: "All" },
];

const EMPTY: Record<QueueFilter, string> = {
  pending: "No applications are waiting. You’re all caught up.",
  approved: "No approved applications yet.",
  rejected: "No rejected applications.",
  all: "No applications yet.",
};

const LOAD_FAILED = "We couldn’t load the applications. Please try again.";
const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";

function isFilter(value: string | null): value is QueueFilter {
  return FILTERS.some((f) => f.id === value);
}

type Queue = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; applications: QueuedApplication[] };

function useQueue(filter: QueueFilter) {
  const [queue, setQueue] = useState<Queue>({ status: "loading" });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setQueue({ status: "loading" });
    fetchQueue(filter, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok && Array.isArray(answer.body)) setQueue({ status: "ready", applications: answer.body });
        else setQueue({ status: "failed", message: LOAD_FAILED });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof SessionEndedError) return;
        setQueue({ status: "failed", message: NETWORK_ERROR });
      },
    );
    return () => controller.abort();
  }, [filter, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { queue, setQueue, reload };
}

/**
 * The Applications tab: the mentor applications queue. Filter by status,
 * open one to read all of it, approve it or reject it with a reason.
 * Pending ones show how long they have waited against the 24-hour promise;
 * overdue ones say so in words and stand out. The filter and the open
 * application are in the address (`?status=all&application=…`).
 */
function ApplicationsSection() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("status");
  const filter: QueueFilter = isFilter(requested) ? requested : "pending";
  const selectedId = params.get("application") ?? undefined;
  const { queue, setQueue, reload } = useQueue(filter);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  // A just-decided application stays open even when the filter no longer lists it.
  const [decided, setDecided] = useState<QueuedApplication>();
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const applications = queue.status === "ready" ? queue.applications : [];
  const selected = applications.find((a) => a.id === selectedId) ?? (decided?.id === selectedId ? decided : undefined);

  function setQuery(next: { status?: QueueFilter; application?: string | undefined }) {
    const status = next.status ?? filter;
    const query: Record<string, string> = {};
    if (status !== "pending") query["status"] = status;
    const application = "application" in next ? next.application : selectedId;
    if (application) query["application"] = application;
    setParams(query, { replace: "status" in next });
  }

  function choose(next: QueueFilter) {
    setNotice(undefined);
    setDecided(undefined);
    setQuery({ status: next, application: undefined });
  }

  function open(id: string) {
    setNotice(undefined);
    setQuery({ application: id });
  }

  function back() {
    const id = selectedId;
    setQuery({ application: undefined });
    requestAnimationFrame(() => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>("[data-id]") ?? [];
      Array.from(rows)
        .find((row) => row.dataset["id"] === id)
        ?.focus();
    });
  }

  function onDecided(outcome: Outcome) {
    if (outcome.type === "stale") {
      setNotice({ tone: "error", text: outcome.message });
      reload();
      return;
    }
    const a = outcome.application;
    setDecided(a);
    setNotice({
      tone: "success",
      text: a.status === "approved" ? `Approved: ${a.name} is now a mentor and has been e-mailed.` : `Rejected: ${a.name} has been e-mailed the reason.`,
    });
    setQueue((q) => {
      if (q.status !== "ready") return q;
      const keep = filter === "all" || filter === a.status;
      return { status: "ready", applications: keep ? q.applications.map((x) => (x.id === a.id ? a : x)) : q.applications.filter((x) => x.id !== a.id) };
    });
  }

  const pendingOverdue = filter === "pending" ? applications.filter((a) => a.overdue).length : 0;

  return (
    <>
      <div className="ad__toolbar">
        <h2 className="ad__section-title">Mentor applications</h2>
        <TabList
          tabs={FILTERS.map((f) => ({ id: f.id, content: f.label }))}
          selected={filter}
          onSelect={choose}
          label="Show applications"
          tabId={(id) => `${baseId}-tab-${id}`}
          panelId={() => `${baseId}-panel`}
          className="ad-tabs"
          tabClassName="ad-tab"
        />
      </div>

      <div aria-live="polite" className="ad__notice">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>

      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${filter}`}
        className={`ad__layout${selected ? " has-selection" : ""}`}
      >
        <div className="ad__list" ref={listRef}>
          {queue.status === "loading" ? (
            <div className="ad-empty" role="status">
              <span className="spinner ad-spinner" aria-hidden="true" />
              Loading applications…
            </div>
          ) : queue.status === "failed" ? (
            <div className="ad-empty">
              <FormAlert tone="error">{queue.message}</FormAlert>
              <button type="button" className="btn btn--secondary" onClick={reload}>
                Try again
              </button>
            </div>
          ) : applications.length === 0 ? (
            <div className="ad-empty" data-testid="queue-empty">
              <Icon name="check" size={28} />
              <p>{EMPTY[filter]}</p>
            </div>
          ) : (
            <>
              <p className="ad__count" data-testid="queue-count">
                {applications.length} {applications.length === 1 ? "application" : "applications"}
                {filter === "pending" ? ", oldest first" : ""}
                {pendingOverdue > 0 ? <strong className="ad__overdue-count"> · {pendingOverdue} overdue</strong> : null}
              </p>
              <QueueList applications={applications} selected={selected?.id} onOpen={open} />
            </>
          )}
        </div>
        <div className="ad__detail">
          {selected ? (
            <ApplicationDetail key={selected.id} application={selected} onDecided={onDecided} onBack={back} />
          ) : queue.status === "ready" && applications.length > 0 ? (
            <div className="ad-placeholder">
              <Icon name="file" size={28} />
              <p>Choose an application to read it in full and decide.</p>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}

type Section = "applications" | "refunds" | "disputes" | "payouts" | "webhooks";

const SECTIONS: readonly { id: Section; label: string; icon: Parameters<typeof Icon>[0]["name"] }[] = [
  { id: "applications", label: "Applications", icon: "file" },
  { id: "refunds", label: "Refunds", icon: "refresh" },
  { id: "payouts", label: "Payouts", icon: "rupee" },
  { id: "disputes", label: "Disputes", icon: "message" },
  { id: "webhooks", label: "Webhooks", icon: "globe" },
];

function isSection(value: string | null): value is Section {
  return SECTIONS.some((s) => s.id === value);
}

/**
 * /dashboard/admin (administrators only): mentor applications, refund
 * requests (issue 13), contested no-show reports (issue 20), payouts
 * with the ledger's totals, and webhooks (issue 25), one tab each.
 * The tab is in the address (`?section=refunds`; applications without it),
 * and each tab keeps its own filter and open item there too.
 */
export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("section");
  const section: Section = isSection(requested) ? requested : "applications";
  const baseId = useId();

  function open(next: Section) {
    setParams(next === "applications" ? {} : { section: next });
  }

  return (
    <section className="ad" aria-labelledby="ad-title" data-testid="admin-dashboard">
      <RouteTitle />
      <header className="ad__hero">
        <div className="container">
          <p className="eyebrow">Dashboard</p>
          <h1 id="ad-title" className="ad__title">
            Admin dashboard
          </h1>
          <p className="ad__lead">
            Mentor applications get a decision within 24 hours; refund requests an answer within {reviewPromise().min}–{reviewPromise().max} business days.
          </p>
        </div>
      </header>

      <div className="container ad__body">
        <TabList
          tabs={SECTIONS.map((s) => ({
            id: s.id,
            content: (
              <>
                <Icon name={s.icon} size={18} />
                {s.label}
              </>
            ),
            testId: `section-${s.id}`,
          }))}
          selected={section}
          onSelect={open}
          label="Admin sections"
          tabId={(id) => `${baseId}-section-${id}`}
          panelId={() => `${baseId}-section-panel`}
          className="ad-sections"
          tabClassName="ad-section-tab"
        />
        <div id={`${baseId}-section-panel`} role="tabpanel" aria-labelledby={`${baseId}-section-${section}`} className="ad__body">
          {section === "refunds" ? (
            <RefundsQueue />
          ) : section === "disputes" ? (
            <DisputesQueue />
          ) : section === "payouts" ? (
            <PayoutsPanel />
          ) : section === "webhooks" ? (
            <WebhooksPanel />
          ) : (
            <ApplicationsSection />
          )}
        </div>
      </div>
    </section>
  );
}

import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { NO_NOTIFICATIONS, NotificationList } from "../../components/NotificationList";
import { api, SessionEndedError } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";
import { notifications, useNotifications, type Notification } from "../../lib/notifications";

type Choices = Record<string, Schemas["EmailChoice"]>;

type Prefs = { status: "loading" } | { status: "ready"; choices: Choices } | { status: "failed" };

/** Which e-mails come besides the in-app notifications: one switch per kind that may be turned off. */
function EmailPreferences() {
  const [prefs, setPrefs] = useState<Prefs>({ status: "loading" });
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    api.send<Choices>("/api/notifications/preferences/", { authorised: true }).then(
      (answer) => {
        if (active) setPrefs(answer.ok && answer.body ? { status: "ready", choices: answer.body } : { status: "failed" });
      },
      (e: unknown) => {
        if (active && !(e instanceof SessionEndedError)) setPrefs({ status: "failed" });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const toggle = async (kind: string, email: boolean) => {
    if (prefs.status !== "ready") return;
    const before = prefs.choices;
    const label = before[kind]?.label ?? kind;
    const position = before[kind]?.position ?? 0;
    // Shown at once; put back if the server does not keep it.
    setPrefs({ status: "ready", choices: { ...before, [kind]: { email, label, position } } });
    setSaving(kind);
    setError(null);
    try {
      const answer = await api.send<Choices>("/api/notifications/preferences/", {
        method: "PUT",
        json: { [kind]: { email } },
        authorised: true,
      });
      if (answer.ok && answer.body) setPrefs({ status: "ready", choices: answer.body });
      else {
        setPrefs({ status: "ready", choices: before });
        setError("Your choice was not saved. Please try again.");
      }
    } catch (e) {
      setPrefs({ status: "ready", choices: before });
      if (!(e instanceof SessionEndedError)) setError("We couldn’t reach MentorBridge. Please try again.");
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="ud-section" aria-labelledby="ud-email-title">
      <div className="ud-section__header">
        <h2 id="ud-email-title" className="ud-section__title">
          E-mail me as well
        </h2>
      </div>
      <p className="nt-note">
        Everything shows here in the app. E-mails that carry money, a meeting link or a deadline are always sent; choose which others you want.
      </p>
      {prefs.status === "loading" ? (
        <p role="status">Loading your choices…</p>
      ) : prefs.status === "failed" ? (
        <p role="alert">Your choices could not be loaded. Reload the page to try again.</p>
      ) : (
        <ul className="nt-prefs">
          {Object.entries(prefs.choices)
            .sort(([, a], [, b]) => a.position - b.position)
            .map(([kind, choice]) => (
            <li key={kind}>
              <label className="nt-pref">
                <input
                  type="checkbox"
                  checked={choice.email}
                  aria-busy={saving === kind}
                  onChange={(event) => void toggle(kind, event.currentTarget.checked)}
                />
                <span>{choice.label}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="nt-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * /dashboard/user?tab=notifications: every notification of the person's,
 * newest first (the bell shows the newest twenty), and their e-mail choices.
 */
export function NotificationsSection({ zone }: { zone: string }) {
  const { items, unread, loaded, more } = useNotifications();
  const navigate = useNavigate();
  const [older, setOlder] = useState<"idle" | "loading" | "failed">("idle");
  const showOlder = async () => {
    setOlder("loading");
    setOlder((await notifications.loadOlder()) ? "idle" : "failed");
  };
  const open = (n: Notification) => {
    void notifications.markRead(n.id);
    void navigate(n.link);
  };
  return (
    <>
      <section className="ud-section" aria-labelledby="ud-notifications-title" data-testid="notifications-section">
        <div className="ud-section__header">
          <h2 id="ud-notifications-title" className="ud-section__title">
            Notifications
          </h2>
          {unread > 0 ? (
            <button type="button" className="btn btn--ghost" onClick={() => void notifications.markAllRead()}>
              Mark all as read
            </button>
          ) : null}
        </div>
        {!loaded ? (
          <p role="status">Loading…</p>
        ) : items.length === 0 ? (
          <p className="nt-note">{NO_NOTIFICATIONS}</p>
        ) : (
          <>
            <div className="nt-list">
              <NotificationList items={items} zone={zone} onOpen={open} />
            </div>
            {more ? (
              <div className="nt-more">
                <button type="button" className="btn btn--ghost" onClick={() => void showOlder()} aria-busy={older === "loading"} disabled={older === "loading"}>
                  {older === "loading" ? "Loading…" : "Show older"}
                </button>
              </div>
            ) : null}
            {older === "failed" ? (
              <p role="alert" className="nt-error">
                We couldn’t load older notifications. Please try again.
              </p>
            ) : null}
          </>
        )}
      </section>
      <EmailPreferences />
    </>
  );
}

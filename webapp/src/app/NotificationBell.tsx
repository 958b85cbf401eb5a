import { useId } from "react";
import { Link, useNavigate } from "react-router";
import { NO_NOTIFICATIONS, NotificationList } from "../components/NotificationList";
import { bellLabel, notifications, PAGE, useNotifications, type Notification } from "../lib/notifications";
import { useSession } from "../lib/session";
import { viewerZone } from "../lib/time";
import { useDisclosure } from "./useDisclosure";

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
      />
    </svg>
  );
}

/**
 * The bell in the header of every screen that has one, while signed in:
 * the unread count on it, and a panel of the newest notifications (full
 * screen on a phone) with "Mark all as read". Opening one marks it read
 * and goes to its page.
 */
export function NotificationBell() {
  const { items, unread, loaded } = useNotifications();
  const snapshot = useSession();
  const zone = viewerZone(snapshot.status === "user" ? snapshot.user : null);
  const { open, setOpen, rootRef, buttonRef, close, closeOnEscape } = useDisclosure();
  const panelId = useId();
  const headingId = useId();
  const navigate = useNavigate();

  const openOne = (n: Notification) => {
    void notifications.markRead(n.id);
    setOpen(false);
    void navigate(n.link);
  };

  return (
    <div className="bell" ref={rootRef} onKeyDown={closeOnEscape}>
      <button
        ref={buttonRef}
        type="button"
        className="bell__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={bellLabel(unread)}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="bell__count" aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <section id={panelId} className="bell__panel" hidden={!open} aria-labelledby={headingId}>
        <header className="bell__head">
          <p id={headingId} className="bell__heading">
            Notifications
          </p>
          <div className="bell__actions">
            {unread > 0 ? (
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void notifications.markAllRead()}>
                Mark all as read
              </button>
            ) : null}
            <button type="button" className="bell__close" aria-label="Close notifications" onClick={close}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
        </header>
        {!loaded ? (
          <p className="bell__empty">Loading…</p>
        ) : items.length === 0 ? (
          <p className="bell__empty">{NO_NOTIFICATIONS}</p>
        ) : (
          <div className="bell__list">
            <NotificationList items={items.slice(0, PAGE)} zone={zone} onOpen={openOne} />
          </div>
        )}
        <footer className="bell__foot">
          <Link to="/dashboard/user?tab=notifications" className="bell__all" onClick={() => setOpen(false)}>
            All notifications and e-mail settings
          </Link>
        </footer>
      </section>
    </div>
  );
}

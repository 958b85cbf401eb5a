import type { Notification } from "../lib/notifications";
import { ago } from "../lib/time";
import "./notification-list.css";
import { serverNow } from "../lib/clock";

/** What the bell's panel and the notifications tab say before anything happened. */
export const NO_NOTIFICATIONS = "Nothing yet. Requests, confirmations, reminders and payments will show here as they happen.";

/**
 * Notifications, newest first: each a link to its page (opening it is the
 * caller's `onOpen`: mark it read, then go), the unread ones marked in
 * words and with a dot. The bell's panel and the notifications tab show it.
 */
export function NotificationList({ items, zone, onOpen }: { items: readonly Notification[]; zone: string; onOpen: (n: Notification) => void }) {
  const now = new Date(serverNow());
  return (
    <ul className="note-list">
      {items.map((n) => (
        <li key={n.id} className={`note-item${n.read_at ? "" : " is-unread"}`}>
          <a
            href={n.link}
            className="note-item__link"
            onClick={(event) => {
              event.preventDefault();
              onOpen(n);
            }}
          >
            {n.read_at ? null : <span className="sr-only">Unread: </span>}
            <span className="note-item__title">{n.title}</span>
            {n.body ? <span className="note-item__body">{n.body}</span> : null}
            <time className="note-item__time" dateTime={n.created_at}>
              {ago(new Date(n.created_at), now, zone)}
            </time>
          </a>
        </li>
      ))}
    </ul>
  );
}

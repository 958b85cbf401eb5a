-- Issue 24: in-app notifications. Each event that e-mails a person also
-- leaves them a notification, written in the same transaction as the
-- event; the id orders them and is the live stream's event id.
-- Same meaning as ../postgres/0020_notifications.sql.

CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    -- A path in the web app (`/my-bookings/…`), never another site.
    link        TEXT    NOT NULL CHECK (link LIKE '/%'),
    created_at  TEXT    NOT NULL,
    read_at     TEXT    NULL
);

-- The list (newest first, by page), the stream (after an id) and the
-- unread count all read one person's rows by id.
CREATE INDEX notifications_by_user ON notifications (user_id, id);

-- Which optional e-mails a person turned off (`domain_wasm::notifications`
-- says which kinds may be); no row means the e-mail is sent.
CREATE TABLE notification_preferences (
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL,
    email    BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, kind)
);

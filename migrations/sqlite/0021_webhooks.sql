-- Issue 25: signed webhooks. An administrator registers endpoints, each
-- with a secret and the events it receives; every event a booking, payment,
-- refund or application raises is written here in the transaction that
-- raised it (one delivery per endpoint) and sent by the durable job queue
-- (`webhook_deliver`, keyed by the delivery's id), with retries. Each
-- attempt and its answer is kept for the delivery log.
-- Same meaning as ../postgres/0021_webhooks.sql.

CREATE TABLE webhook_endpoints (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    url          TEXT    NOT NULL,
    -- Sealed like payout details (`payout_crypto`), never shown again
    -- after the answer that created it.
    secret       TEXT    NOT NULL,
    -- The event names it receives, space-separated (`booking.confirmed ...`).
    events       TEXT    NOT NULL,
    description  TEXT    NOT NULL DEFAULT '',
    active       BOOLEAN NOT NULL DEFAULT 1,
    created_by   INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);

CREATE TABLE webhook_deliveries (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id  INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    -- The event's id (`evt_...`), the same for every endpoint and attempt:
    -- a receiver drops a repeat by it.
    event_id     TEXT    NOT NULL,
    event        TEXT    NOT NULL,
    -- The exact body sent (and signed) on every attempt.
    payload      TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT    NOT NULL,
    delivered_at TEXT    NULL,
    UNIQUE (endpoint_id, event_id)
);

CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, id);

CREATE TABLE webhook_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id  INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at TEXT    NOT NULL,
    -- The receiver's HTTP status; NULL when no answer came (refused,
    -- timed out, an address the policy forbids).
    status_code  INTEGER NULL,
    -- Why it failed, or the start of the receiver's answer.
    answer       TEXT    NOT NULL DEFAULT '',
    duration_ms  INTEGER NOT NULL
);

CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, id);

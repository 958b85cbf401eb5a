-- The clients (IPv4 address, or IPv6 /64, as `auth::client_key` writes
-- it) each account has signed in from with its password, and when last.
-- A known client is exempt from the per-account sign-in throttle and from
-- the per-address cap on reset e-mails, so strangers flooding an account
-- cannot lock its owner out (see `auth::limits`). Rows older than the
-- exemption lasts are pruned with the attempt counters.
-- Same meaning as ../sqlite/0007_known_clients.sql.

CREATE TABLE known_clients (
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_key      TEXT   NOT NULL,
    -- Unix seconds.
    last_success_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, client_key)
);

CREATE INDEX known_clients_age ON known_clients (last_success_at);

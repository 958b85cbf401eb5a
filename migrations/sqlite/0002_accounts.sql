-- Accounts (SPEC §3-§6): users with roles, server-side login sessions and
-- their rotating refresh tokens, the e-mail outbox, shared rate-limit
-- counters and server secrets. Times are UTC. Same meaning as
-- ../postgres/0002_accounts.sql.

CREATE TABLE users (
    id             INTEGER PRIMARY KEY,
    -- Trimmed and lower-cased by the domain crate's e-mail rule.
    email          TEXT    NOT NULL UNIQUE CHECK (length(email) > 2),
    name           TEXT    NOT NULL DEFAULT '',
    -- argon2id PHC string; NULL for an account that signs in with Google only.
    password_hash  TEXT    NULL,
    google_sub     TEXT    NULL UNIQUE,
    role           TEXT    NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'mentor', 'admin')),
    is_active      BOOLEAN NOT NULL DEFAULT FALSE,
    contact_number TEXT    NULL,
    date_joined    TEXT    NOT NULL,
    last_login     TEXT    NULL,
    updated_at     TEXT    NOT NULL
);

-- One row per signed-in device. Revoking it ends the session at once:
-- access tokens name their session and are checked against this table.
CREATE TABLE auth_sessions (
    id             TEXT    PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at     TEXT    NOT NULL,
    last_used_at   TEXT    NOT NULL,
    expires_at     TEXT    NOT NULL,
    revoked_at     TEXT    NULL,
    revoked_reason TEXT    NULL,
    user_agent     TEXT    NULL
);

CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id);

-- Refresh tokens are single use: refreshing marks the presented one used and
-- issues the next of the same session. Presenting a used one again revokes
-- the session (token theft detection).
CREATE TABLE refresh_tokens (
    jti        TEXT    PRIMARY KEY,
    session_id TEXT    NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    issued_at  TEXT    NOT NULL,
    expires_at TEXT    NOT NULL,
    used_at    TEXT    NULL
);

CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id);

-- Every message the product sends, written in the same transaction as the
-- change that causes it and delivered by a background worker (SMTP when
-- configured, otherwise recorded for the development outbox page).
CREATE TABLE email_outbox (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL,
    recipient       TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    text_body       TEXT    NOT NULL,
    html_body       TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NULL,
    created_at      TEXT    NOT NULL,
    next_attempt_at TEXT    NOT NULL,
    claimed_until   TEXT    NULL,
    sent_at         TEXT    NULL
);

CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_by_recipient ON email_outbox (recipient, id);

-- Fixed-window counters shared by every API process on the database.
CREATE TABLE rate_limit_hits (
    bucket       TEXT    NOT NULL,
    window_start BIGINT  NOT NULL,
    hits         BIGINT  NOT NULL,
    expires_at   BIGINT  NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

CREATE INDEX rate_limit_hits_expiry ON rate_limit_hits (expires_at);

-- Secrets the server makes for itself on first start (token signing keys),
-- so that every process and every restart agrees on them.
CREATE TABLE server_secrets (
    name       TEXT NOT NULL PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at TEXT NOT NULL
);

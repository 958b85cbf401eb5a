-- Money (issue 13): refunds by the published rules, the commission fixed at
-- capture, a double-entry ledger, mentors' payout details, payout batches
-- and receipts. Times are UTC; money is integer paise. Same meaning as
-- ../postgres/0010_money.sql.

-- The commission applied when the payment was captured (the mentor's rate
-- at that moment), so a later change of rate never rewrites history:
-- commission_paise + mentor_paise = amount_paise.
ALTER TABLE payments ADD COLUMN commission_bps   INTEGER NULL CHECK (commission_bps >= 0 AND commission_bps <= 10000);
ALTER TABLE payments ADD COLUMN commission_paise INTEGER NULL CHECK (commission_paise >= 0);
ALTER TABLE payments ADD COLUMN mentor_paise     INTEGER NULL CHECK (mentor_paise >= 0);

-- Money going back to a learner. The id (UUIDv4) is also the idempotency
-- key sent to the gateway, so a retried refund never refunds twice.
--   requested  a learner asked; an administrator decides (3-5 business days)
--   rejected   an administrator said no, with a reason
--   pending    approved (or automatic) and sent, or being sent, to the gateway
--   processed  the gateway returned the money
--   failed     the gateway could not; the amount is refundable again
-- basis: why the rules allow it (domain refunds::Basis).
CREATE TABLE refunds (
    id                TEXT    PRIMARY KEY,
    booking_id        TEXT    NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    payment_id        TEXT    NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
    learner_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    automatic         BOOLEAN NOT NULL,
    basis             TEXT    NOT NULL CHECK (basis IN ('mentor_cancelled', 'mentor_no_show', 'learner_cancelled', 'expired', 'overpaid', 'unused', 'partial')),
    reason            TEXT    NOT NULL DEFAULT '',
    -- The most the rules allowed when it was asked for.
    requested_paise   INTEGER NOT NULL CHECK (requested_paise > 0),
    -- What is (or was to be) returned: set when approved or automatic.
    amount_paise      INTEGER NULL CHECK (amount_paise > 0),
    status            TEXT    NOT NULL CHECK (status IN ('requested', 'rejected', 'pending', 'processed', 'failed')),
    decided_by        INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
    decision_note     TEXT    NULL,
    gateway           TEXT    NOT NULL,
    gateway_refund_id TEXT    NULL UNIQUE,
    failure_reason    TEXT    NULL,
    requested_at      TEXT        NOT NULL,
    decided_at        TEXT        NULL,
    processed_at      TEXT        NULL,
    failed_at         TEXT        NULL,
    updated_at        TEXT        NOT NULL
);

CREATE INDEX refunds_by_booking ON refunds (booking_id);
CREATE INDEX refunds_by_status ON refunds (status, requested_at);
-- At most one request waiting for a decision per booking.
CREATE UNIQUE INDEX refunds_one_open ON refunds (booking_id) WHERE status = 'requested';

-- The ledger: every money event is one transaction (ledger_txns) of
-- balanced entries (ledger_entries: debit positive, credit negative, the
-- entries of a transaction sum to zero), written in the same database
-- transaction as the event. A transaction's id names its event
-- ('capture:<payment id>', 'refund:<refund id>', 'payout:<line id>',
-- 'payout_paid:<line id>', 'payout_failed:<line id>'), so recording an
-- event twice is refused by the primary key.
-- Accounts: gateway (money held at the gateway or bank: an asset),
-- commission (the platform's revenue), mentor (what the platform owes a
-- mentor; a debit balance is money the mentor owes back), payouts_in_transit
-- (in a payout batch, not yet paid), learner_credit (owed back to a learner).
CREATE TABLE ledger_txns (
    id              TEXT    PRIMARY KEY,
    event           TEXT    NOT NULL CHECK (event IN ('capture', 'refund', 'payout', 'payout_paid', 'payout_failed')),
    booking_id      TEXT    NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    refund_id       TEXT    NULL REFERENCES refunds (id) ON DELETE RESTRICT,
    payout_line_id  INTEGER NULL,
    created_at      TEXT        NOT NULL
);

CREATE TABLE ledger_entries (
    id            INTEGER PRIMARY KEY,
    txn_id        TEXT    NOT NULL REFERENCES ledger_txns (id) ON DELETE RESTRICT,
    account       TEXT    NOT NULL CHECK (account IN ('gateway', 'commission', 'mentor', 'payouts_in_transit', 'learner_credit')),
    mentor_id     INTEGER NULL REFERENCES mentors (id) ON DELETE RESTRICT,
    booking_id    TEXT    NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    amount_paise  INTEGER NOT NULL CHECK (amount_paise <> 0),
    created_at    TEXT        NOT NULL
);

CREATE INDEX ledger_entries_by_txn ON ledger_entries (txn_id);
CREATE INDEX ledger_entries_by_mentor ON ledger_entries (mentor_id, account);
CREATE INDEX ledger_entries_by_booking ON ledger_entries (booking_id);

-- Where a mentor is paid, and how often. Validated by the domain (IFSC,
-- UPI id, account number); shown masked.
CREATE TABLE payout_details (
    mentor_id         INTEGER PRIMARY KEY REFERENCES mentors (id) ON DELETE CASCADE,
    method            TEXT    NOT NULL CHECK (method IN ('bank', 'upi')),
    beneficiary_name  TEXT    NOT NULL,
    account_number    TEXT    NULL,
    ifsc              TEXT    NULL,
    upi_id            TEXT    NULL,
    schedule          TEXT    NOT NULL DEFAULT 'weekly' CHECK (schedule IN ('weekly', 'monthly')),
    updated_at        TEXT        NOT NULL
);

-- A payout run for a period: one line per mentor with money available by
-- period_end whose schedule is due. A line copies the payout details it was
-- made with, so the export matches what was paid.
CREATE TABLE payout_batches (
    id            INTEGER PRIMARY KEY,
    period_end    TEXT        NOT NULL,
    created_by    INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at    TEXT        NOT NULL
);

CREATE TABLE payout_lines (
    id                INTEGER PRIMARY KEY,
    batch_id          INTEGER NOT NULL REFERENCES payout_batches (id) ON DELETE RESTRICT,
    mentor_id         INTEGER NOT NULL REFERENCES mentors (id) ON DELETE RESTRICT,
    amount_paise      INTEGER NOT NULL CHECK (amount_paise > 0),
    method            TEXT    NOT NULL CHECK (method IN ('bank', 'upi')),
    beneficiary_name  TEXT    NOT NULL,
    account_number    TEXT    NULL,
    ifsc              TEXT    NULL,
    upi_id            TEXT    NULL,
    reference         TEXT    NOT NULL UNIQUE,
    status            TEXT    NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    failure_reason    TEXT    NULL,
    paid_at           TEXT        NULL,
    failed_at         TEXT        NULL,
    updated_at        TEXT        NOT NULL,
    UNIQUE (batch_id, mentor_id)
);

CREATE INDEX payout_lines_by_mentor ON payout_lines (mentor_id, status);

-- Receipts: one per captured payment and one per processed refund, numbered
-- in order (number 'MM-<year>-<seq, 6 digits>').
CREATE TABLE receipts (
    id            INTEGER PRIMARY KEY,
    number        TEXT    NOT NULL UNIQUE,
    kind          TEXT    NOT NULL CHECK (kind IN ('payment', 'refund')),
    booking_id    TEXT    NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    learner_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    payment_id    TEXT    NULL REFERENCES payments (id) ON DELETE RESTRICT,
    refund_id     TEXT    NULL UNIQUE REFERENCES refunds (id) ON DELETE RESTRICT,
    amount_paise  INTEGER NOT NULL CHECK (amount_paise > 0),
    issued_at     TEXT        NOT NULL
);

CREATE INDEX receipts_by_booking ON receipts (booking_id);
CREATE UNIQUE INDEX receipts_one_per_payment ON receipts (payment_id) WHERE kind = 'payment';

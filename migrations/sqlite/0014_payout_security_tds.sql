-- Issue 20: payouts an attacker cannot redirect, and TDS under section 194-O.
--
-- Payout details: the account number, UPI id and PAN are stored encrypted
-- (`enc1:<key id>:<nonce and ciphertext, base64>`, written by the server;
-- rows written before are encrypted by the server at start). A change of
-- where the money goes waits 48 hours beside the current details
-- (pending_*), so a stolen session cannot redirect the next payout; the
-- mentor can cancel it meanwhile.
ALTER TABLE payout_details ADD COLUMN pan TEXT NULL;
ALTER TABLE payout_details ADD COLUMN pending_method TEXT NULL CHECK (pending_method IN ('bank', 'upi'));
ALTER TABLE payout_details ADD COLUMN pending_beneficiary_name TEXT NULL;
ALTER TABLE payout_details ADD COLUMN pending_account_number TEXT NULL;
ALTER TABLE payout_details ADD COLUMN pending_ifsc TEXT NULL;
ALTER TABLE payout_details ADD COLUMN pending_upi_id TEXT NULL;
ALTER TABLE payout_details ADD COLUMN pending_requested_at TEXT NULL;
ALTER TABLE payout_details ADD COLUMN pending_effective_at TEXT NULL;

-- What a payout line's sessions grossed and the TDS deducted from it (the
-- line's amount is what is sent, after TDS).
ALTER TABLE payout_lines ADD COLUMN gross_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payout_lines ADD COLUMN tds_paise INTEGER NOT NULL DEFAULT 0 CHECK (tds_paise >= 0);

-- TDS under section 194-O: one row per paid session, written when a payout
-- line first pays it (every session, TDS or not: the year's gross counts
-- toward the threshold). fy is the Indian financial year ('2026-27'),
-- quarter 1..4 (April-June = 1), both of the deduction in Asia/Kolkata.
-- A later refund reverses the TDS in proportion to the gross it refunds
-- (refunded_paise, reversed_paise).
CREATE TABLE tds_deductions (
    id              INTEGER PRIMARY KEY,
    booking_id      TEXT    NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE RESTRICT,
    mentor_id       INTEGER NOT NULL REFERENCES mentors (id) ON DELETE RESTRICT,
    payout_line_id  INTEGER NOT NULL REFERENCES payout_lines (id) ON DELETE RESTRICT,
    fy              TEXT    NOT NULL,
    quarter         INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
    gross_paise     INTEGER NOT NULL CHECK (gross_paise >= 0),
    commission_paise INTEGER NOT NULL,
    net_paise       INTEGER NOT NULL,
    pan_given       BOOLEAN NOT NULL,
    rate_bps        INTEGER NOT NULL CHECK (rate_bps >= 0),
    taxable_paise   INTEGER NOT NULL CHECK (taxable_paise >= 0),
    tds_paise       INTEGER NOT NULL CHECK (tds_paise >= 0),
    refunded_paise  INTEGER NOT NULL DEFAULT 0 CHECK (refunded_paise >= 0),
    reversed_paise  INTEGER NOT NULL DEFAULT 0 CHECK (reversed_paise >= 0 AND reversed_paise <= tds_paise),
    deducted_at     TEXT    NOT NULL
);

CREATE INDEX tds_deductions_by_mentor ON tds_deductions (mentor_id, fy, quarter);

-- The ledger gains the tds_payable account (TDS deducted, owed to the
-- government): SQLite cannot change a CHECK, so ledger_entries is rebuilt
-- with the same rows.
CREATE TABLE ledger_entries_new (
    id            INTEGER PRIMARY KEY,
    txn_id        TEXT    NOT NULL REFERENCES ledger_txns (id) ON DELETE RESTRICT,
    account       TEXT    NOT NULL CHECK (account IN ('gateway', 'commission', 'mentor', 'payouts_in_transit', 'learner_credit', 'tds_payable')),
    mentor_id     INTEGER NULL REFERENCES mentors (id) ON DELETE RESTRICT,
    booking_id    TEXT    NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    amount_paise  INTEGER NOT NULL CHECK (amount_paise <> 0),
    created_at    TEXT        NOT NULL
);
INSERT INTO ledger_entries_new (id, txn_id, account, mentor_id, booking_id, amount_paise, created_at)
    SELECT id, txn_id, account, mentor_id, booking_id, amount_paise, created_at FROM ledger_entries;
DROP TABLE ledger_entries;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_entries_by_txn ON ledger_entries (txn_id);
CREATE INDEX ledger_entries_by_mentor ON ledger_entries (mentor_id, account);
CREATE INDEX ledger_entries_by_booking ON ledger_entries (booking_id);

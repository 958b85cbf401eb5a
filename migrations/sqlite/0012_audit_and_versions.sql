-- Money rules under pressure (issue 20).
--
-- Every booking change is a compare-and-swap on the row: a writer reads
-- the version with the row and writes only if it is unchanged, raising it
-- (PostgreSQL also locks the row, and the mentor's time, for the unit of
-- work: see store::bookings).
ALTER TABLE bookings ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- Who did what to money and accounts: refund decisions, dispute decisions,
-- payout exports, payout-detail changes, account disabling. Written in the
-- same unit of work as the action; append-only (the triggers refuse any
-- change or removal). actor_id is NULL for the command line and the system.
CREATE TABLE audit_log (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id     INTEGER NULL REFERENCES users (id) ON DELETE RESTRICT,
    actor        TEXT    NOT NULL,
    action       TEXT    NOT NULL,
    object_type  TEXT    NOT NULL,
    object_id    TEXT    NOT NULL,
    reason       TEXT    NULL,
    before_json  TEXT    NULL,
    after_json   TEXT    NULL,
    at           TEXT    NOT NULL
);

CREATE INDEX audit_log_by_object ON audit_log (object_type, object_id, id);
CREATE INDEX audit_log_by_time ON audit_log (at, id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;

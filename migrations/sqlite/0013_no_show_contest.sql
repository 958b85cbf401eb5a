-- No-shows settled by contest (issue 20).
--
-- A no-show report moves no money on one side's word: it opens a window
-- (48 hours, domain_wasm::no_show) in which the other side may contest it
-- with a statement. Uncontested, it takes effect when the window closes
-- (the job no_show_due); contested, an administrator decides. One report
-- per booking. state: open → contested → settled, or open → settled.
-- While a report is not settled, the mentor's share of the session is
-- held from payouts (store::payouts counts it as open, like a dispute).
CREATE TABLE no_show_reports (
    booking_id         TEXT    PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    -- Who the report says missed the session; the reporter is the other side.
    missed             TEXT    NOT NULL CHECK (missed IN ('mentor', 'learner')),
    -- The learner's remedy if the mentor missed it.
    choice             TEXT    NULL CHECK (choice IN ('refund', 'reschedule')),
    reporter_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    report_statement   TEXT    NOT NULL DEFAULT '',
    reported_at        TEXT    NOT NULL,
    -- The last moment it can be contested.
    contest_closes_at  TEXT    NOT NULL,
    state              TEXT    NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'contested', 'settled')),
    contest_statement  TEXT    NULL,
    contested_by       INTEGER NULL REFERENCES users (id) ON DELETE RESTRICT,
    contested_at       TEXT    NULL,
    outcome            TEXT    NULL CHECK (outcome IN ('mentor_missed', 'learner_missed', 'partial')),
    -- What went back to the learner when it settled.
    refund_paise       INTEGER NULL CHECK (refund_paise >= 0),
    -- The administrator who decided it (NULL: it took effect uncontested).
    decided_by         INTEGER NULL REFERENCES users (id) ON DELETE RESTRICT,
    decision_reason    TEXT    NULL,
    settled_at         TEXT    NULL,
    CHECK ((state = 'settled') = (settled_at IS NOT NULL AND outcome IS NOT NULL))
);

CREATE INDEX no_show_reports_by_state ON no_show_reports (state, contested_at);

-- Booking (issue 12): sessions booked with mentors, their payments, the
-- gateway's webhook deliveries, feedback, a durable job queue, e-mail
-- attachments and each person's time zone. Times are UTC; money is integer
-- paise. Same meaning as ../sqlite/0009_bookings.sql.

-- The reader's IANA time zone: e-mails and screens show times in it.
-- Detected by the browser at sign-up, editable in the profile.
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- One session booked with a mentor. The id is a UUIDv4 (unguessable, it is
-- in URLs). The service's title, length and price are copied at booking, so
-- later edits to the service do not change a booking.
--
-- held_from/held_until is the mentor time the booking holds: the session
-- widened by the mentor's buffers (before, after) as they were at booking.
-- While a booking is active (pending, payment_required, confirmed) no other
-- active booking of the same mentor may overlap it: the exclusion
-- constraint below (SQLite: one serialized write transaction re-checks).
CREATE TABLE bookings (
    id                 TEXT    PRIMARY KEY,
    learner_id         BIGINT  NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    mentor_id          BIGINT  NOT NULL REFERENCES mentors (id) ON DELETE RESTRICT,
    service_id         BIGINT  NOT NULL REFERENCES mentor_services (id) ON DELETE RESTRICT,
    service_title      TEXT    NOT NULL,
    duration_minutes   BIGINT  NOT NULL CHECK (duration_minutes > 0),
    price_paise        BIGINT  NOT NULL CHECK (price_paise >= 0),
    -- The platform's commission rate when booked, in basis points.
    commission_bps     BIGINT  NOT NULL CHECK (commission_bps >= 0 AND commission_bps <= 10000),
    status             TEXT    NOT NULL CHECK (status IN ('pending', 'payment_required', 'confirmed', 'completed', 'cancelled', 'expired', 'no_show')),
    start_at           TIMESTAMPTZ NOT NULL,
    end_at             TIMESTAMPTZ NOT NULL CHECK (end_at > start_at),
    held_from          TIMESTAMPTZ NOT NULL CHECK (held_from <= start_at),
    held_until         TIMESTAMPTZ NOT NULL CHECK (held_until >= end_at),
    note               TEXT    NOT NULL DEFAULT '',
    -- pending: the mentor answers by then, or the booking expires.
    respond_by         TIMESTAMPTZ NULL,
    -- payment_required: payment arrives by then, or the booking expires.
    pay_by             TIMESTAMPTZ NULL,
    -- The Jitsi room, made at confirmation; kept across reschedules.
    meeting_url        TEXT    NULL,
    -- The calendar file's SEQUENCE: raised by every reschedule.
    sequence           BIGINT  NOT NULL DEFAULT 0,
    reschedule_count   BIGINT  NOT NULL DEFAULT 0,
    -- cancelled: who ('learner', 'mentor', 'admin', 'system') and why.
    cancelled_by       TEXT    NULL CHECK (cancelled_by IN ('learner', 'mentor', 'admin', 'system')),
    cancel_reason      TEXT    NULL,
    -- no_show: who missed it ('mentor' or 'learner') and, when the mentor
    -- did, the learner's choice ('refund' or 'reschedule').
    no_show_by         TEXT    NULL CHECK (no_show_by IN ('mentor', 'learner')),
    no_show_choice     TEXT    NULL CHECK (no_show_choice IN ('refund', 'reschedule')),
    -- What the learner is owed back; the refunds issue moves the money.
    refund_owed_paise  BIGINT  NOT NULL DEFAULT 0 CHECK (refund_owed_paise >= 0),
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL,
    confirmed_at       TIMESTAMPTZ NULL,
    completed_at       TIMESTAMPTZ NULL,
    cancelled_at       TIMESTAMPTZ NULL,
    CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
        int8range(mentor_id, mentor_id, '[]') WITH &&,
        tstzrange(held_from, held_until, '[)') WITH &&
    ) WHERE (status IN ('pending', 'payment_required', 'confirmed'))
);

CREATE INDEX bookings_by_learner ON bookings (learner_id, start_at);
CREATE INDEX bookings_by_mentor ON bookings (mentor_id, start_at);
CREATE INDEX bookings_active ON bookings (status, start_at);

-- A payment for a booking through a gateway ('sandbox' or 'razorpay').
-- order_id is the gateway's order; payment_id its payment, once captured.
CREATE TABLE payments (
    id            TEXT    PRIMARY KEY,
    booking_id    TEXT    NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    gateway       TEXT    NOT NULL,
    order_id      TEXT    NOT NULL UNIQUE,
    amount_paise  BIGINT  NOT NULL CHECK (amount_paise > 0),
    currency      TEXT    NOT NULL DEFAULT 'INR',
    status        TEXT    NOT NULL CHECK (status IN ('created', 'captured', 'failed')),
    payment_id    TEXT    NULL UNIQUE,
    method        TEXT    NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    captured_at   TIMESTAMPTZ NULL
);

CREATE INDEX payments_by_booking ON payments (booking_id);
-- At most one captured payment per booking.
CREATE UNIQUE INDEX payments_one_captured ON payments (booking_id) WHERE status = 'captured';

-- Gateway webhook deliveries by event id: a repeated delivery is a no-op.
CREATE TABLE webhook_events (
    gateway     TEXT    NOT NULL,
    event_id    TEXT    NOT NULL,
    event       TEXT    NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (gateway, event_id)
);

-- The learner's feedback on a session: one per booking.
CREATE TABLE feedback (
    booking_id  TEXT    PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    mentor_id   BIGINT  NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    learner_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating      BIGINT  NOT NULL CHECK (rating >= 1 AND rating <= 5),
    text        TEXT    NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE INDEX feedback_by_mentor ON feedback (mentor_id, created_at);

-- Reviews move a mentor's rating: how many there are. The rating shown is
-- their average once there is one (mentors.rating is kept equal to it).
ALTER TABLE mentors ADD COLUMN review_count BIGINT NOT NULL DEFAULT 0;

-- A durable job queue (reminders, expiry, completion, ...). A job runs at or
-- after run_at; a worker claims it with a conditional UPDATE of
-- claimed_until (a lease), so of several API processes exactly one runs
-- it. (kind, key) is unique: enqueuing the same job twice is a no-op.
CREATE TABLE jobs (
    id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    kind          TEXT    NOT NULL,
    key           TEXT    NOT NULL,
    payload       TEXT    NOT NULL DEFAULT '{}',
    status        TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed', 'cancelled')),
    run_at        TIMESTAMPTZ NOT NULL,
    attempts      BIGINT  NOT NULL DEFAULT 0,
    last_error    TEXT    NULL,
    claimed_until TIMESTAMPTZ NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    finished_at   TIMESTAMPTZ NULL,
    UNIQUE (kind, key)
);

CREATE INDEX jobs_due ON jobs (status, run_at);

-- Files attached to an e-mail (a calendar invitation): a JSON array of
-- {"filename", "content_type", "content"} (text content), or NULL.
ALTER TABLE email_outbox ADD COLUMN attachments TEXT NULL;

-- Active bookings hold mentor time, which the catalogue's available_slots
-- leave out, so their changes move the catalogue's version (0004).
CREATE TRIGGER bookings_changed AFTER INSERT OR UPDATE OF status, held_from, held_until OR DELETE OR TRUNCATE ON bookings
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

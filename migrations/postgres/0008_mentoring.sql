-- The mentors' side (issue 11): applications and their review, uploaded
-- images, services that can be switched off or retired, each mentor's
-- availability, and the platform commission with per-mentor overrides.
-- Times are UTC; money is integer paise; rates are basis points
-- (1/100 of a per cent). Same meaning as ../sqlite/0008_mentoring.sql.

-- An uploaded image (an applicant's or a mentor's photo), decoded and
-- re-encoded by the server into the sizes the site shows; the files live
-- behind the media storage interface (on disk by default) under this id.
CREATE TABLE media_images (
    id            TEXT    PRIMARY KEY,
    owner_user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose       TEXT    NOT NULL CHECK (purpose IN ('application', 'mentor')),
    width         BIGINT NOT NULL CHECK (width > 0),
    height        BIGINT NOT NULL CHECK (height > 0),
    -- A tiny blurred version as a data: URL, shown while the image loads.
    placeholder   TEXT    NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);

CREATE INDEX media_images_by_owner ON media_images (owner_user_id);

-- An application to become a mentor. 'draft': made by a guest together with
-- their account, submitted (pending) when the account is activated.
-- The application is a document as the applicant sent it: its lists are
-- JSON arrays, checked by the domain crate before they are stored.
CREATE TABLE mentor_applications (
    id               TEXT    PRIMARY KEY,
    user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status           TEXT    NOT NULL CHECK (status IN ('draft', 'pending', 'approved', 'rejected')),
    name             TEXT    NOT NULL,
    email            TEXT    NOT NULL,
    phone            TEXT    NOT NULL,
    expertise        TEXT    NOT NULL,
    experience_years BIGINT NOT NULL CHECK (experience_years >= 0),
    -- The API's current_role (CURRENT_ROLE is a reserved word in PostgreSQL).
    job_title        TEXT    NOT NULL DEFAULT '',
    company          TEXT    NOT NULL DEFAULT '',
    linkedin         TEXT    NOT NULL DEFAULT '',
    links            TEXT    NOT NULL,
    bio              TEXT    NOT NULL,
    services         TEXT    NOT NULL,
    photo_id         TEXT    NULL REFERENCES media_images (id) ON DELETE SET NULL,
    reason           TEXT    NULL,
    created_at       TIMESTAMPTZ NOT NULL,
    submitted_at     TIMESTAMPTZ NULL,
    decided_at       TIMESTAMPTZ NULL,
    decided_by       BIGINT NULL REFERENCES users (id) ON DELETE SET NULL,
    mentor_id        BIGINT NULL REFERENCES mentors (id) ON DELETE SET NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);

-- At most one open (draft or pending) application per account.
CREATE UNIQUE INDEX mentor_applications_one_open ON mentor_applications (user_id)
    WHERE status IN ('draft', 'pending');
CREATE INDEX mentor_applications_queue ON mentor_applications (status, submitted_at);
CREATE INDEX mentor_applications_by_user ON mentor_applications (user_id, created_at);

-- A mentor's photo, when they uploaded one (image_url then points at it).
ALTER TABLE mentors ADD COLUMN photo_id TEXT NULL REFERENCES media_images (id) ON DELETE SET NULL;

-- Services can be paused (not offered, kept) and retired (deleted by the
-- mentor: hidden everywhere, kept for the bookings that name them).
ALTER TABLE mentor_services ADD COLUMN active BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE mentor_services ADD COLUMN instant_confirmation BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE mentor_services ADD COLUMN retired_at TIMESTAMPTZ NULL;

-- A mentor's availability: the JSON of domain_wasm::slots::Availability
-- (time zone, weekly ranges, date overrides, buffers, notice, window, cap),
-- checked by Schedule::new before it is stored. Slots are computed from it.
CREATE TABLE mentor_availability (
    mentor_id  BIGINT PRIMARY KEY REFERENCES mentors (id) ON DELETE CASCADE,
    rules      TEXT    NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- The platform's commission on a paid session, in basis points, and the
-- rates agreed with single mentors. Bookings will record the rate they used.
CREATE TABLE commission_default (
    id         BIGINT PRIMARY KEY CHECK (id = 1),
    rate_bps   BIGINT NOT NULL CHECK (rate_bps >= 0 AND rate_bps <= 10000),
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by BIGINT NULL REFERENCES users (id) ON DELETE SET NULL
);

INSERT INTO commission_default (id, rate_bps, updated_at, updated_by)
    VALUES (1, 1500, '2026-01-01T00:00:00+00:00', NULL);

CREATE TABLE commission_overrides (
    mentor_id  BIGINT PRIMARY KEY REFERENCES mentors (id) ON DELETE CASCADE,
    rate_bps   BIGINT NOT NULL CHECK (rate_bps >= 0 AND rate_bps <= 10000),
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by BIGINT NULL REFERENCES users (id) ON DELETE SET NULL
);

-- Availability feeds the catalogue's available_slots, so its changes move
-- the catalogue's version like the other catalogue tables (0004).
CREATE TRIGGER mentor_availability_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_availability
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

-- The mentor catalogue (SPEC §3), normalised: one row per mentor, one table
-- per list. Times are UTC; money is integer paise. Same meaning as
-- ../postgres/0001_mentors.sql.

CREATE TABLE mentors (
    id               INTEGER PRIMARY KEY,
    user_id          INTEGER NULL,
    name             TEXT    NOT NULL CHECK (length(name) > 0),
    headline         TEXT    NOT NULL DEFAULT '',
    rating           REAL    NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
    experience_years INTEGER NOT NULL DEFAULT 0 CHECK (experience_years >= 0),
    bio              TEXT    NOT NULL DEFAULT '',
    image_url        TEXT    NULL,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

CREATE TABLE mentor_expertise (
    mentor_id INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    PRIMARY KEY (mentor_id, position)
);

CREATE TABLE mentor_contacts (
    mentor_id INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    value     TEXT    NOT NULL,
    PRIMARY KEY (mentor_id, position),
    UNIQUE (mentor_id, kind)
);

CREATE TABLE mentor_social_links (
    mentor_id INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    network   TEXT    NOT NULL,
    url       TEXT    NOT NULL,
    PRIMARY KEY (mentor_id, position),
    UNIQUE (mentor_id, network)
);

CREATE TABLE mentor_education (
    mentor_id   INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    degree      TEXT    NOT NULL,
    institution TEXT    NOT NULL,
    year        INTEGER NULL,
    PRIMARY KEY (mentor_id, position)
);

CREATE TABLE mentor_experience (
    mentor_id   INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    title       TEXT    NOT NULL,
    company     TEXT    NOT NULL,
    start_year  INTEGER NULL,
    end_year    INTEGER NULL,
    description TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (mentor_id, position)
);

CREATE TABLE mentor_projects (
    mentor_id   INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    title       TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    url         TEXT    NULL,
    PRIMARY KEY (mentor_id, position)
);

CREATE TABLE mentor_services (
    id               INTEGER PRIMARY KEY,
    mentor_id        INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    title            TEXT    NOT NULL,
    description      TEXT    NOT NULL DEFAULT '',
    duration_minutes INTEGER NOT NULL CHECK (duration_minutes > 0),
    price_paise      INTEGER NOT NULL CHECK (price_paise >= 0),
    UNIQUE (mentor_id, position)
);

CREATE TABLE mentor_available_slots (
    id        INTEGER PRIMARY KEY,
    mentor_id INTEGER NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL,
    CHECK (ends_at > starts_at)
);

CREATE INDEX mentor_available_slots_by_mentor ON mentor_available_slots (mentor_id, starts_at);

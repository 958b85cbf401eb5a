-- Enquiries from the contact form (/contact) and the custom-quote form
-- (/b2b/contact): kept for the admin dashboard, which works through them by
-- status. Times are UTC. Same meaning as ../sqlite/0003_enquiries.sql.

CREATE TABLE enquiries (
    -- Random and unguessable: the id the sender is told.
    id         TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('contact', 'quote')),
    name       TEXT    NOT NULL CHECK (char_length(name) > 0),
    -- Trimmed and lower-cased by the domain crate's e-mail rule.
    email      TEXT    NOT NULL,
    -- E.164, e.g. +919876543210.
    phone      TEXT    NULL,
    -- Quotes only (required there).
    company    TEXT    NULL CHECK (kind = 'contact' OR company IS NOT NULL),
    team_size  TEXT    NULL,
    programme  TEXT    NULL CHECK (programme IS NULL OR programme IN (
                   'corporate-mentoring', 'ceo-talks', 'strategy-consulting',
                   'industry-mentoring', 'startup-entrepreneurship', 'other')),
    subject    TEXT    NULL,
    message    TEXT    NOT NULL,
    client_ip  TEXT    NULL,
    user_agent TEXT    NULL,
    status     TEXT    NOT NULL DEFAULT 'new'
                       CHECK (status IN ('new', 'in_progress', 'answered', 'closed', 'spam')),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX enquiries_by_status ON enquiries (status, created_at);
CREATE INDEX enquiries_by_email ON enquiries (email, created_at);

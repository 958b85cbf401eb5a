-- Issue 21: one time zone per person. An account made without a zone
-- (through the API, Google without one, the demo) is shown in UTC until
-- someone chooses; the server must tell "never chosen" from "chose UTC", so
-- the web app can give such an account the browser's zone at its first
-- sign-in (PATCH /auth/users/me/ with detected_time_zone) and never again.
-- Same meaning as ../sqlite/0019_time_zone_chosen.sql.

-- TRUE once the zone was chosen: at registration or Google sign-up with a
-- zone, in the profile, or adopted from the browser at first sign-in.
ALTER TABLE users ADD COLUMN time_zone_chosen BOOLEAN NOT NULL DEFAULT FALSE;

-- Before this column, a zone other than UTC was always someone's choice; a
-- stored UTC cannot be told apart from "never set" and counts as never set.
UPDATE users SET time_zone_chosen = TRUE WHERE time_zone <> 'UTC';

-- A mentor profile is listed (shown and bookable) only while an active
-- account runs it, it offers a service, it has open hours and no
-- administrator has hidden it (domain_wasm::listed). This adds what an
-- administrator's hiding needs (the screen that sets it comes later), and
-- makes a change to the account that runs a profile move the catalogue's
-- version (with NOTIFY catalogue_changed), as the other inputs of the rule
-- already do (0004, 0008).
-- Same meaning as ../sqlite/0015_listed_mentors.sql.

-- NULL: not hidden.
ALTER TABLE mentors ADD COLUMN hidden_at TIMESTAMPTZ NULL;
-- Why it was hidden, for the mentor and the other administrators.
ALTER TABLE mentors ADD COLUMN hidden_reason TEXT NULL;

-- Activating, disabling or enabling the account of a profile, or deleting
-- it, changes whether the profile is listed.
CREATE FUNCTION users_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    uid BIGINT;
BEGIN
    IF TG_OP = 'DELETE' THEN
        uid := OLD.id;
    ELSE
        uid := NEW.id;
    END IF;
    IF EXISTS (SELECT 1 FROM mentors WHERE user_id = uid) THEN
        UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
        PERFORM pg_notify('catalogue_changed', '');
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER users_listing_changed AFTER UPDATE OF is_active, disabled_at OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_listing_changed();

-- A mentor profile is listed (shown and bookable) only while an active
-- account runs it, it offers a service, it has open hours and no
-- administrator has hidden it (domain_wasm::listed). This adds what an
-- administrator's hiding needs (the screen that sets it comes later), and
-- makes a change to the account that runs a profile move the catalogue's
-- version, as the other inputs of the rule already do (0004, 0008).
-- Same meaning as ../postgres/0015_listed_mentors.sql.

-- NULL: not hidden.
ALTER TABLE mentors ADD COLUMN hidden_at TEXT NULL;
-- Why it was hidden, for the mentor and the other administrators.
ALTER TABLE mentors ADD COLUMN hidden_reason TEXT NULL;

-- Activating, disabling or enabling the account of a profile, or deleting
-- it, changes whether the profile is listed.
CREATE TRIGGER users_listing_update_changed AFTER UPDATE OF is_active, disabled_at ON users
WHEN EXISTS (SELECT 1 FROM mentors WHERE user_id = NEW.id)
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER users_listing_delete_changed AFTER DELETE ON users
WHEN EXISTS (SELECT 1 FROM mentors WHERE user_id = OLD.id)
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

-- The catalogue's version: one row, bumped by every statement that changes
-- the mentor catalogue (any of its nine tables), in the same transaction.
-- API processes keep the catalogue in memory and reload it when the version
-- moves: a trigger here also sends NOTIFY catalogue_changed, delivered at
-- commit to every process LISTENing on this database, and each process
-- checks the version once a second in case a notification was lost.
-- Same meaning as ../sqlite/0004_catalogue_version.sql (no NOTIFY there:
-- SQLite serves one process).

CREATE TABLE catalogue_version (
    id      BIGINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);

INSERT INTO catalogue_version (id, version) VALUES (1, 0);

CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
    PERFORM pg_notify('catalogue_changed', '');
    RETURN NULL;
END;
$$;

CREATE TRIGGER mentors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentors
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_expertise_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_expertise
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_contacts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_contacts
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_social_links_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_social_links
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_education_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_education
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_experience_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_experience
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_projects_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_projects
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_services_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_services
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE TRIGGER mentor_available_slots_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mentor_available_slots
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

-- The catalogue's version: one row, bumped by every change to the mentor
-- catalogue (any of its nine tables), in the same transaction. The API keeps
-- the catalogue in memory and reloads it when the version moves. Same
-- meaning as ../postgres/0004_catalogue_version.sql, whose trigger also
-- sends NOTIFY catalogue_changed for other processes (SQLite serves one).

CREATE TABLE catalogue_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);

INSERT INTO catalogue_version (id, version) VALUES (1, 0);

CREATE TRIGGER mentors_insert_changed AFTER INSERT ON mentors
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentors_update_changed AFTER UPDATE ON mentors
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentors_delete_changed AFTER DELETE ON mentors
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_expertise_insert_changed AFTER INSERT ON mentor_expertise
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_expertise_update_changed AFTER UPDATE ON mentor_expertise
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_expertise_delete_changed AFTER DELETE ON mentor_expertise
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_contacts_insert_changed AFTER INSERT ON mentor_contacts
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_contacts_update_changed AFTER UPDATE ON mentor_contacts
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_contacts_delete_changed AFTER DELETE ON mentor_contacts
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_social_links_insert_changed AFTER INSERT ON mentor_social_links
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_social_links_update_changed AFTER UPDATE ON mentor_social_links
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_social_links_delete_changed AFTER DELETE ON mentor_social_links
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_education_insert_changed AFTER INSERT ON mentor_education
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_education_update_changed AFTER UPDATE ON mentor_education
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_education_delete_changed AFTER DELETE ON mentor_education
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_experience_insert_changed AFTER INSERT ON mentor_experience
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_experience_update_changed AFTER UPDATE ON mentor_experience
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_experience_delete_changed AFTER DELETE ON mentor_experience
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_projects_insert_changed AFTER INSERT ON mentor_projects
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_projects_update_changed AFTER UPDATE ON mentor_projects
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_projects_delete_changed AFTER DELETE ON mentor_projects
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_services_insert_changed AFTER INSERT ON mentor_services
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_services_update_changed AFTER UPDATE ON mentor_services
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_services_delete_changed AFTER DELETE ON mentor_services
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_available_slots_insert_changed AFTER INSERT ON mentor_available_slots
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_available_slots_update_changed AFTER UPDATE ON mentor_available_slots
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER mentor_available_slots_delete_changed AFTER DELETE ON mentor_available_slots
BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;

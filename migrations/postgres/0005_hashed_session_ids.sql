-- Session ids (auth_sessions.id, refresh_tokens.session_id) and refresh
-- token ids (refresh_tokens.jti) are stored as the SHA-256 of the id the
-- tokens carry, in hex, so a copy of the database cannot be turned into
-- working tokens. Rows written before held the ids themselves and would
-- never match again: they are removed, which signs everyone out once.
-- Same meaning as ../sqlite/0005_hashed_session_ids.sql.

DELETE FROM refresh_tokens;
DELETE FROM auth_sessions;

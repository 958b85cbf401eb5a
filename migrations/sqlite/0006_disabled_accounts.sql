-- "Disabled" is its own state, apart from "never activated" (is_active):
-- an operator disables an account (`api disable-user`), and no self-service
-- flow (password reset, Google sign-in or linking, an activation link)
-- clears it; only `api enable-user` does. NULL: not disabled.
-- Same meaning as ../postgres/0006_disabled_accounts.sql.

ALTER TABLE users ADD COLUMN disabled_at TEXT NULL;

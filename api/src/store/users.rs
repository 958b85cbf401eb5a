//! Accounts: users with roles, their login sessions and rotating refresh
//! tokens. Reads run on the [`Store`]; every write runs in a [`Tx`], so a
//! use case that makes several writes makes them all or none.

use chrono::{DateTime, Utc};
use domain_wasm::accounts::Email;
use domain_wasm::profile_completion;
use sqlx::FromRow;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// A fresh random id for sessions and token ids (128 bits, URL-safe): the
/// store keeps it as [`stored_id`].
pub fn random_id() -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>())
}

/// A new row id for bookings and refunds: a UUIDv4 (122 random bits; a
/// refund's id is also the gateway's idempotency key).
pub fn new_uuid() -> String {
    uuid::Builder::from_random_bytes(rand::random())
        .into_uuid()
        .to_string()
}

/// How a session id or refresh token id is kept in the database: the
/// SHA-256 of the id, in hex. Tokens carry the id itself, so a copy of the
/// database names no session a token could be made for.
pub fn stored_id(id: &str) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(id.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What an account may do. Mentors and administrators are users too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    User,
    Mentor,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Mentor => "mentor",
            Role::Admin => "admin",
        }
    }

    /// The role a stored or typed name stands for; `None` for any other
    /// text (never a silent `user`).
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "user" => Some(Role::User),
            "mentor" => Some(Role::Mentor),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// An account as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: i64,
    /// Trimmed and lower-cased by the domain's rule.
    pub email: Email,
    pub name: String,
    /// argon2id PHC string; `None` for an account that signs in with Google only.
    pub password_hash: Option<String>,
    pub google_sub: Option<String>,
    pub role: Role,
    /// The owner proved the address (activation, a reset, Google). Says
    /// nothing about [`User::disabled_at`].
    pub is_active: bool,
    pub contact_number: Option<String>,
    pub date_joined: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// The mentor profile linked to this account, if any.
    pub mentor_id: Option<i64>,
    /// When an operator disabled the account (`api disable-user`); `None`
    /// when it is not disabled. Only `api enable-user` clears it.
    pub disabled_at: Option<DateTime<Utc>>,
    /// Their IANA time zone, e.g. `Asia/Kolkata` (`UTC` until they choose
    /// one): e-mails and screens show times in it.
    pub time_zone: String,
    /// Someone chose [`User::time_zone`] (registration, Google sign-up or
    /// the profile, or the browser's adopted at first sign-in); `false`
    /// while it is the UTC every account starts in.
    pub time_zone_chosen: bool,
}

/// A `users` row as the database gives it, before its values are checked.
#[derive(FromRow)]
struct UserRow {
    id: i64,
    email: String,
    name: String,
    password_hash: Option<String>,
    google_sub: Option<String>,
    role: String,
    is_active: bool,
    contact_number: Option<String>,
    date_joined: DateTime<Utc>,
    last_login: Option<DateTime<Utc>>,
    updated_at: DateTime<Utc>,
    mentor_id: Option<i64>,
    disabled_at: Option<DateTime<Utc>>,
    time_zone: String,
    time_zone_chosen: bool,
}

impl TryFrom<UserRow> for User {
    type Error = StoreError;

    fn try_from(row: UserRow) -> Result<User, StoreError> {
        let role = Role::parse(&row.role).ok_or(StoreError::Corrupt {
            what: "role",
            value: row.role.clone(),
        })?;
        let email = Email::parse(&row.email)
            .ok()
            .filter(|e| e.as_str() == row.email)
            .ok_or(StoreError::Corrupt {
                what: "e-mail address",
                value: row.email.clone(),
            })?;
        Ok(User {
            id: row.id,
            email,
            name: row.name,
            password_hash: row.password_hash,
            google_sub: row.google_sub,
            role,
            is_active: row.is_active,
            contact_number: row.contact_number,
            date_joined: row.date_joined,
            last_login: row.last_login,
            updated_at: row.updated_at,
            mentor_id: row.mentor_id,
            disabled_at: row.disabled_at,
            time_zone: row.time_zone,
            time_zone_chosen: row.time_zone_chosen,
        })
    }
}

impl User {
    /// An operator disabled it: it cannot sign in, refresh or use a token.
    pub fn is_disabled(&self) -> bool {
        self.disabled_at.is_some()
    }

    /// Created through Google and without a password of its own.
    pub fn is_google_user(&self) -> bool {
        self.google_sub.is_some() && self.password_hash.is_none()
    }

    /// By the domain's rule (`domain_wasm::profile_completion`).
    pub fn requires_contact_number(&self) -> bool {
        profile_completion::requires_contact_number(
            self.google_sub.is_some(),
            self.contact_number.is_some(),
        )
    }

    /// By the domain's rule (`domain_wasm::profile_completion`).
    pub fn profile_complete(&self) -> bool {
        profile_completion::profile_complete(Some(&self.name), self.requires_contact_number())
    }
}

/// A new account.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub email: Email,
    pub name: String,
    pub password_hash: Option<String>,
    pub google_sub: Option<String>,
    pub role: Role,
    pub is_active: bool,
    pub contact_number: Option<String>,
}

const USER_COLUMNS: &str = "u.id, u.email, u.name, u.password_hash, u.google_sub, u.role, \
     u.is_active, u.contact_number, u.date_joined, u.last_login, u.updated_at, u.disabled_at, \
     u.time_zone, u.time_zone_chosen, (SELECT MIN(m.id) FROM mentors m WHERE m.user_id = u.id) AS mentor_id";

/// A login session as the token checks need it.
#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    /// The stored id: the SHA-256 of the session id tokens carry
    /// ([`stored_id`]).
    pub id: String,
    pub user_id: i64,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A refresh token presented again within this time of its use is refused
/// without ending the session (`domain_wasm::session::REFRESH_REUSE_GRACE_MS`).
pub const REUSE_GRACE: chrono::Duration =
    chrono::Duration::milliseconds(domain_wasm::session::REFRESH_REUSE_GRACE_MS as i64);

/// What presenting a refresh token did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// The token was current: it is now used, and the session may have the
    /// next. `session_id` is the stored id (the SHA-256 of the one tokens
    /// carry, see [`stored_id`]).
    Rotated { session_id: String, user_id: i64 },
    /// The token had already been used: someone replayed it, so the whole
    /// session is revoked.
    Reused,
    /// Unknown, expired, or its session ended; or used a moment ago (two
    /// tabs refreshing at once), which keeps the session.
    Invalid,
}

enum Value<'a> {
    Int(i64),
    Text(&'a str),
}

fn user_sql(condition: &str) -> String {
    format!("SELECT {USER_COLUMNS} FROM users u WHERE {condition}")
}

impl Store {
    async fn user_where(&self, condition: &str, value: Value<'_>) -> Result<User, StoreError> {
        let sql = user_sql(condition);
        let found = on_pool!(self, pool => {
            let q = sqlx::query_as::<_, UserRow>(&sql);
            let q = match value { Value::Int(v) => q.bind(v), Value::Text(v) => q.bind(v) };
            q.fetch_optional(pool).await
        })?;
        found.ok_or(StoreError::NotFound)?.try_into()
    }

    pub async fn user_by_id(&self, id: i64) -> Result<User, StoreError> {
        self.user_where("u.id = $1", Value::Int(id)).await
    }

    pub async fn user_by_email(&self, email: &Email) -> Result<User, StoreError> {
        self.user_where("u.email = $1", Value::Text(email.as_str()))
            .await
    }

    pub async fn user_by_google_sub(&self, sub: &str) -> Result<User, StoreError> {
        self.user_where("u.google_sub = $1", Value::Text(sub)).await
    }

    /// The session a token names (`id` as the token carries it).
    pub async fn session(&self, id: &str) -> Result<SessionRow, StoreError> {
        let id = stored_id(id);
        let found = on_pool!(self, pool => {
            sqlx::query_as::<_, SessionRow>(
                "SELECT id, user_id, expires_at, revoked_at FROM auth_sessions WHERE id = $1",
            )
            .bind(&id)
            .fetch_optional(pool)
            .await
        })?;
        found.ok_or(StoreError::NotFound)
    }

    /// Deletes sessions that ended more than a day ago and their tokens.
    pub async fn prune_sessions(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let cutoff = now - chrono::Duration::days(1);
        let done = on_pool!(self, pool => {
            sqlx::query(
                "DELETE FROM auth_sessions WHERE expires_at < $1 OR (revoked_at IS NOT NULL AND revoked_at < $1)",
            )
            .bind(cutoff)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done)
    }
}

enum Bind<'a> {
    Text(&'a str),
    OptText(Option<&'a str>),
    Bool(bool),
    Time(DateTime<Utc>),
}

impl Tx {
    /// An account, read inside the unit of work (it sees its own writes).
    pub async fn user_by_id(&mut self, id: i64) -> Result<User, StoreError> {
        let sql = user_sql("u.id = $1");
        let found = on_tx!(self, conn => {
            sqlx::query_as::<_, UserRow>(&sql).bind(id).fetch_optional(conn).await
        })?;
        found.ok_or(StoreError::NotFound)?.try_into()
    }

    /// Creates an account; a [`Constraint::UserEmail`] or
    /// [`Constraint::UserGoogleSub`] violation when the e-mail address or
    /// Google account is taken.
    ///
    /// [`Constraint::UserEmail`]: super::Constraint::UserEmail
    /// [`Constraint::UserGoogleSub`]: super::Constraint::UserGoogleSub
    pub async fn create_user(
        &mut self,
        new: &NewUser,
        now: DateTime<Utc>,
    ) -> Result<User, StoreError> {
        let id: i64 = on_tx!(self, conn => {
            sqlx::query_scalar(
                "INSERT INTO users (email, name, password_hash, google_sub, role, is_active, \
                 contact_number, date_joined, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
            )
            .bind(new.email.as_str())
            .bind(&new.name)
            .bind(&new.password_hash)
            .bind(&new.google_sub)
            .bind(new.role.as_str())
            .bind(new.is_active)
            .bind(&new.contact_number)
            .bind(now)
            .fetch_one(conn)
            .await
        })?;
        self.user_by_id(id).await
    }

    async fn update_user(
        &mut self,
        sql: &str,
        id: i64,
        binds: &[Bind<'_>],
    ) -> Result<(), StoreError> {
        let done = on_tx!(self, conn => {
            let mut q = sqlx::query(sql);
            for b in binds {
                q = match b {
                    Bind::Text(v) => q.bind(*v),
                    Bind::OptText(v) => q.bind(*v),
                    Bind::Bool(v) => q.bind(*v),
                    Bind::Time(v) => q.bind(*v),
                };
            }
            q.bind(id).execute(conn).await.map(|r| r.rows_affected())
        })?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Marks the account verified (activation, or a completed password reset
    /// which proves the same thing).
    pub async fn activate_user(&mut self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET is_active = $1, updated_at = $2 WHERE id = $3",
            id,
            &[Bind::Bool(true), Bind::Time(now)],
        )
        .await
    }

    pub async fn set_password_hash(
        &mut self,
        id: i64,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3",
            id,
            &[Bind::Text(hash), Bind::Time(now)],
        )
        .await
    }

    /// Sets a new password hash only if the current one is still `old`;
    /// false when it changed meanwhile.
    pub async fn replace_password_hash(
        &mut self,
        id: i64,
        old: Option<&str>,
        new: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => {
            sqlx::query(
                "UPDATE users SET password_hash = $1, updated_at = $2 \
                 WHERE id = $3 AND password_hash IS NOT DISTINCT FROM $4",
            )
            .bind(new)
            .bind(now)
            .bind(id)
            .bind(old)
            .execute(conn)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done == 1)
    }

    pub async fn record_login(&mut self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET last_login = $1 WHERE id = $2",
            id,
            &[Bind::Time(now)],
        )
        .await
    }

    /// Sets the account's IANA time zone (already checked, e.g. by
    /// `domain_wasm::accounts::parse_time_zone`), as chosen.
    pub async fn set_time_zone(
        &mut self,
        id: i64,
        time_zone: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET time_zone = $1, time_zone_chosen = TRUE, updated_at = $2 WHERE id = $3",
            id,
            &[Bind::Text(time_zone), Bind::Time(now)],
        )
        .await
    }

    /// Gives the account the zone its browser detected, only if no zone
    /// was ever chosen for it (its first sign-in); `false` when it already
    /// had one, which is then kept. One statement, so two first sign-ins at
    /// once adopt one zone.
    pub async fn adopt_time_zone(
        &mut self,
        id: i64,
        time_zone: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => {
            sqlx::query(
                "UPDATE users SET time_zone = $1, time_zone_chosen = TRUE, updated_at = $2 \
                 WHERE id = $3 AND NOT time_zone_chosen",
            )
            .bind(time_zone)
            .bind(now)
            .bind(id)
            .execute(conn)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done == 1)
    }

    pub async fn update_profile(
        &mut self,
        id: i64,
        name: &str,
        contact_number: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET name = $1, contact_number = $2, updated_at = $3 WHERE id = $4",
            id,
            &[
                Bind::Text(name),
                Bind::OptText(contact_number),
                Bind::Time(now),
            ],
        )
        .await
    }

    /// Links a Google account to an existing account that has none yet;
    /// `NotFound` when it has one meanwhile. Google has verified the
    /// address, so the account is active too. An account that was never
    /// activated loses its password and what its registrant typed (the
    /// name becomes `google_name`, the contact number goes): whoever
    /// registered never proved they own the address (pre-registration
    /// takeover). Never changes whether the account is disabled.
    pub async fn link_google(
        &mut self,
        user: &User,
        sub: &str,
        google_name: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if user.is_active {
            self.update_user(
                "UPDATE users SET google_sub = $1, updated_at = $2 \
                 WHERE id = $3 AND google_sub IS NULL",
                user.id,
                &[Bind::Text(sub), Bind::Time(now)],
            )
            .await
        } else {
            self.update_user(
                "UPDATE users SET google_sub = $1, is_active = $2, updated_at = $3, \
                 password_hash = NULL, name = $4, contact_number = NULL \
                 WHERE id = $5 AND google_sub IS NULL",
                user.id,
                &[
                    Bind::Text(sub),
                    Bind::Bool(true),
                    Bind::Time(now),
                    Bind::Text(google_name),
                ],
            )
            .await
        }
    }

    /// Clears what the registrant of a never-activated account typed (the
    /// name, the contact number), when someone else proves the address
    /// (a password reset): the registrant may not be its owner.
    pub async fn clear_registration_fields(
        &mut self,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET name = '', contact_number = NULL, updated_at = $1 WHERE id = $2",
            id,
            &[Bind::Time(now)],
        )
        .await
    }

    /// Disables the account (keeping the first time it was disabled) or
    /// enables it again. Does not end its sessions: the caller does that in
    /// the same transaction.
    pub async fn set_disabled(
        &mut self,
        id: i64,
        disabled: bool,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let sql = if disabled {
            "UPDATE users SET disabled_at = COALESCE(disabled_at, $1), updated_at = $2 WHERE id = $3"
        } else {
            "UPDATE users SET disabled_at = NULL, updated_at = $1 WHERE id = $2"
        };
        let binds: &[Bind<'_>] = if disabled {
            &[Bind::Time(now), Bind::Time(now)]
        } else {
            &[Bind::Time(now)]
        };
        self.update_user(sql, id, binds).await
    }

    pub async fn set_role(
        &mut self,
        id: i64,
        role: Role,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET role = $1, updated_at = $2 WHERE id = $3",
            id,
            &[Bind::Text(role.as_str()), Bind::Time(now)],
        )
        .await
    }

    /// Links a mentor profile to its account.
    pub async fn link_mentor(&mut self, mentor_id: i64, user_id: i64) -> Result<(), StoreError> {
        let done = on_tx!(self, conn => {
            sqlx::query("UPDATE mentors SET user_id = $1 WHERE id = $2")
                .bind(user_id)
                .bind(mentor_id)
                .execute(conn)
                .await
                .map(|r| r.rows_affected())
        })?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    // ---------- sessions and refresh tokens ----------
    //
    // Session ids and refresh token ids are taken as tokens carry them and
    // stored as their SHA-256 ([`stored_id`]), never as they are.

    pub async fn create_session(
        &mut self,
        id: &str,
        user_id: i64,
        user_agent: Option<&str>,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => {
            sqlx::query(
                "INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, expires_at, user_agent) \
                 VALUES ($1, $2, $3, $3, $4, $5)",
            )
            .bind(stored_id(id))
            .bind(user_id)
            .bind(now)
            .bind(expires_at)
            .bind(user_agent)
            .execute(conn)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    pub async fn insert_refresh_token(
        &mut self,
        jti: &str,
        session_id: &str,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => {
            sqlx::query(
                "INSERT INTO refresh_tokens (jti, session_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(stored_id(jti))
            .bind(stored_id(session_id))
            .bind(now)
            .bind(expires_at)
            .execute(conn)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// Uses up a refresh token. Exactly one of several concurrent callers
    /// presenting the same current token gets `Rotated`; a token presented
    /// again more than [`REUSE_GRACE`] after it was used revokes its session.
    pub async fn rotate_refresh_token(
        &mut self,
        jti: &str,
        now: DateTime<Utc>,
    ) -> Result<Rotation, StoreError> {
        let jti = stored_id(jti);
        let claimed: Option<String> = on_tx!(self, conn => {
            sqlx::query_scalar(
                "UPDATE refresh_tokens SET used_at = $1 \
                 WHERE jti = $2 AND used_at IS NULL AND expires_at > $1 \
                   AND session_id IN (SELECT id FROM auth_sessions \
                                      WHERE revoked_at IS NULL AND expires_at > $1) \
                 RETURNING session_id",
            )
            .bind(now)
            .bind(&jti)
            .fetch_optional(conn)
            .await
        })?;
        if let Some(session_id) = claimed {
            let user_id: i64 = on_tx!(self, conn => {
                sqlx::query_scalar("SELECT user_id FROM auth_sessions WHERE id = $1")
                    .bind(&session_id)
                    .fetch_one(conn)
                    .await
            })?;
            on_tx!(self, conn => {
                sqlx::query("UPDATE auth_sessions SET last_used_at = $1 WHERE id = $2")
                    .bind(now)
                    .bind(&session_id)
                    .execute(conn)
                    .await
                    .map(|_| ())
            })?;
            return Ok(Rotation::Rotated {
                session_id,
                user_id,
            });
        }
        let used: Option<(String, Option<DateTime<Utc>>)> = on_tx!(self, conn => {
            sqlx::query_as("SELECT session_id, used_at FROM refresh_tokens WHERE jti = $1")
                .bind(&jti)
                .fetch_optional(conn)
                .await
        })?;
        match used {
            // Used moments ago: two tabs refreshing at once, or a retry
            // after a lost answer. Refuse it, but keep the session.
            Some((_, Some(used_at))) if now - used_at < REUSE_GRACE => Ok(Rotation::Invalid),
            Some((session_id, Some(_))) => {
                self.revoke_stored_session(&session_id, "refresh token reused", now)
                    .await?;
                Ok(Rotation::Reused)
            }
            _ => Ok(Rotation::Invalid),
        }
    }

    /// Ends a session (`id` as tokens carry it): its refresh tokens and
    /// access tokens stop working.
    pub async fn revoke_session(
        &mut self,
        id: &str,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.revoke_stored_session(&stored_id(id), reason, now)
            .await
    }

    /// [`Tx::revoke_session`] by the stored id.
    async fn revoke_stored_session(
        &mut self,
        id: &str,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => {
            sqlx::query(
                "UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2 \
                 WHERE id = $3 AND revoked_at IS NULL",
            )
            .bind(now)
            .bind(reason)
            .bind(id)
            .execute(conn)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// Ends every session of a user but `keep` (after a password change or reset).
    pub async fn revoke_sessions_of(
        &mut self,
        user_id: i64,
        keep: Option<&str>,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let done = on_tx!(self, conn => {
            sqlx::query(
                "UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2 \
                 WHERE user_id = $3 AND revoked_at IS NULL AND id <> $4",
            )
            .bind(now)
            .bind(reason)
            .bind(user_id)
            .bind(keep.map(stored_id).unwrap_or_default())
            .execute(conn)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done)
    }
}

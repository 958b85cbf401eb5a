//! Accounts: users with roles, their login sessions and rotating refresh
//! tokens.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::{Store, StoreError, on_pool};

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
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct User {
    pub id: i64,
    /// Trimmed and lower-cased (`domain_wasm::accounts::Email`).
    pub email: String,
    pub name: String,
    /// argon2id PHC string; `None` for an account that signs in with Google only.
    pub password_hash: Option<String>,
    pub google_sub: Option<String>,
    pub role: String,
    pub is_active: bool,
    pub contact_number: Option<String>,
    pub date_joined: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// The mentor profile linked to this account, if any.
    pub mentor_id: Option<i64>,
}

impl User {
    pub fn role(&self) -> Role {
        Role::parse(&self.role).unwrap_or(Role::User)
    }

    /// Created through Google and without a password of its own.
    pub fn is_google_user(&self) -> bool {
        self.google_sub.is_some() && self.password_hash.is_none()
    }

    /// A Google account has no contact number until the person gives one,
    /// and needs one before booking.
    pub fn requires_contact_number(&self) -> bool {
        self.google_sub.is_some() && self.contact_number.is_none()
    }

    pub fn profile_complete(&self) -> bool {
        !self.name.trim().is_empty() && !self.requires_contact_number()
    }
}

/// A new account.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub email: String,
    pub name: String,
    pub password_hash: Option<String>,
    pub google_sub: Option<String>,
    pub role: Role,
    pub is_active: bool,
    pub contact_number: Option<String>,
}

const USER_COLUMNS: &str = "u.id, u.email, u.name, u.password_hash, u.google_sub, u.role, \
     u.is_active, u.contact_number, u.date_joined, u.last_login, u.updated_at, \
     (SELECT MIN(m.id) FROM mentors m WHERE m.user_id = u.id) AS mentor_id";

/// A login session as the token checks need it.
#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub id: String,
    pub user_id: i64,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A refresh token presented again within this time of its use is refused
/// without ending the session.
pub const REUSE_GRACE: chrono::Duration = chrono::Duration::seconds(30);

/// What presenting a refresh token did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// The token was current: it is now used, and the session may have the next.
    Rotated { session_id: String, user_id: i64 },
    /// The token had already been used: someone replayed it, so the whole
    /// session is revoked.
    Reused,
    /// Unknown, expired, or its session ended.
    Invalid,
}

fn conflict_on_unique(e: sqlx::Error, what: &str) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            StoreError::Conflict(what.to_owned())
        }
        _ => StoreError::Other(e),
    }
}

impl Store {
    async fn user_where(&self, condition: &str, value: Value<'_>) -> Result<User, StoreError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users u WHERE {condition}");
        let found = on_pool!(self, pool => {
            let q = sqlx::query_as::<_, User>(&sql);
            let q = match value { Value::Int(v) => q.bind(v), Value::Text(v) => q.bind(v) };
            q.fetch_optional(pool).await
        })?;
        found.ok_or(StoreError::NotFound)
    }

    pub async fn user_by_id(&self, id: i64) -> Result<User, StoreError> {
        self.user_where("u.id = $1", Value::Int(id)).await
    }

    /// `email` must already be normalised.
    pub async fn user_by_email(&self, email: &str) -> Result<User, StoreError> {
        self.user_where("u.email = $1", Value::Text(email)).await
    }

    pub async fn user_by_google_sub(&self, sub: &str) -> Result<User, StoreError> {
        self.user_where("u.google_sub = $1", Value::Text(sub)).await
    }

    /// Creates an account; `Conflict` when the e-mail (or Google account) is taken.
    pub async fn create_user(&self, new: &NewUser, now: DateTime<Utc>) -> Result<User, StoreError> {
        let id: i64 = on_pool!(self, pool => {
            sqlx::query_scalar(
                "INSERT INTO users (email, name, password_hash, google_sub, role, is_active, \
                 contact_number, date_joined, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
            )
            .bind(&new.email)
            .bind(&new.name)
            .bind(&new.password_hash)
            .bind(&new.google_sub)
            .bind(new.role.as_str())
            .bind(new.is_active)
            .bind(&new.contact_number)
            .bind(now)
            .fetch_one(pool)
            .await
        })
        .map_err(|e| conflict_on_unique(e, "A user with this email already exists."))?;
        self.user_by_id(id).await
    }

    async fn update_user(&self, sql: &str, id: i64, binds: &[Bind<'_>]) -> Result<(), StoreError> {
        let done = on_pool!(self, pool => {
            let mut q = sqlx::query(sql);
            for b in binds {
                q = match b {
                    Bind::Text(v) => q.bind(*v),
                    Bind::OptText(v) => q.bind(*v),
                    Bind::Bool(v) => q.bind(*v),
                    Bind::Time(v) => q.bind(*v),
                };
            }
            q.bind(id).execute(pool).await.map(|r| r.rows_affected())
        })?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Marks the account verified (activation, or a completed password reset
    /// which proves the same thing).
    pub async fn activate_user(&self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET is_active = $1, updated_at = $2 WHERE id = $3",
            id,
            &[Bind::Bool(true), Bind::Time(now)],
        )
        .await
    }

    pub async fn set_password_hash(
        &self,
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
        &self,
        id: i64,
        old: Option<&str>,
        new: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query(
                "UPDATE users SET password_hash = $1, updated_at = $2 \
                 WHERE id = $3 AND password_hash IS NOT DISTINCT FROM $4",
            )
            .bind(new)
            .bind(now)
            .bind(id)
            .bind(old)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done == 1)
    }

    pub async fn record_login(&self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        self.update_user(
            "UPDATE users SET last_login = $1 WHERE id = $2",
            id,
            &[Bind::Time(now)],
        )
        .await
    }

    pub async fn update_profile(
        &self,
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

    /// Links a Google account to an existing account (same verified e-mail).
    /// Google has verified the address, so the account is active too. An
    /// account that was never activated loses its password: whoever chose it
    /// never proved they own the address (pre-registration takeover).
    pub async fn link_google(
        &self,
        user: &User,
        sub: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let sql = if user.is_active {
            "UPDATE users SET google_sub = $1, is_active = $2, updated_at = $3 \
             WHERE id = $4 AND google_sub IS NULL"
        } else {
            "UPDATE users SET google_sub = $1, is_active = $2, updated_at = $3, password_hash = NULL \
             WHERE id = $4 AND google_sub IS NULL"
        };
        self.update_user(
            sql,
            user.id,
            &[Bind::Text(sub), Bind::Bool(true), Bind::Time(now)],
        )
        .await
        .map_err(|e| match e {
            StoreError::Other(e) => {
                conflict_on_unique(e, "This Google account is linked to another user.")
            }
            other => other,
        })
    }

    pub async fn set_role(
        &self,
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
    pub async fn link_mentor(&self, mentor_id: i64, user_id: i64) -> Result<(), StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("UPDATE mentors SET user_id = $1 WHERE id = $2")
                .bind(user_id)
                .bind(mentor_id)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        })?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    // ---------- sessions and refresh tokens ----------

    pub async fn create_session(
        &self,
        id: &str,
        user_id: i64,
        user_agent: Option<&str>,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, expires_at, user_agent) \
                 VALUES ($1, $2, $3, $3, $4, $5)",
            )
            .bind(id)
            .bind(user_id)
            .bind(now)
            .bind(expires_at)
            .bind(user_agent)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    pub async fn session(&self, id: &str) -> Result<SessionRow, StoreError> {
        let found = on_pool!(self, pool => {
            sqlx::query_as::<_, SessionRow>(
                "SELECT id, user_id, expires_at, revoked_at FROM auth_sessions WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await
        })?;
        found.ok_or(StoreError::NotFound)
    }

    pub async fn insert_refresh_token(
        &self,
        jti: &str,
        session_id: &str,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO refresh_tokens (jti, session_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(jti)
            .bind(session_id)
            .bind(now)
            .bind(expires_at)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// Uses up a refresh token. Exactly one of several concurrent callers
    /// presenting the same current token gets `Rotated`; a token presented
    /// after it was used revokes its session.
    pub async fn rotate_refresh_token(
        &self,
        jti: &str,
        now: DateTime<Utc>,
    ) -> Result<Rotation, StoreError> {
        let claimed: Option<String> = on_pool!(self, pool => {
            sqlx::query_scalar(
                "UPDATE refresh_tokens SET used_at = $1 \
                 WHERE jti = $2 AND used_at IS NULL AND expires_at > $1 \
                   AND session_id IN (SELECT id FROM auth_sessions \
                                      WHERE revoked_at IS NULL AND expires_at > $1) \
                 RETURNING session_id",
            )
            .bind(now)
            .bind(jti)
            .fetch_optional(pool)
            .await
        })?;
        if let Some(session_id) = claimed {
            let user_id = self.session(&session_id).await?.user_id;
            on_pool!(self, pool => {
                sqlx::query("UPDATE auth_sessions SET last_used_at = $1 WHERE id = $2")
                    .bind(now)
                    .bind(&session_id)
                    .execute(pool)
                    .await
                    .map(|_| ())
            })?;
            return Ok(Rotation::Rotated {
                session_id,
                user_id,
            });
        }
        let used: Option<(String, Option<DateTime<Utc>>)> = on_pool!(self, pool => {
            sqlx::query_as("SELECT session_id, used_at FROM refresh_tokens WHERE jti = $1")
                .bind(jti)
                .fetch_optional(pool)
                .await
        })?;
        match used {
            // Used moments ago: two tabs refreshing at once, or a retry
            // after a lost answer. Refuse it, but keep the session.
            Some((_, Some(used_at))) if now - used_at < REUSE_GRACE => Ok(Rotation::Invalid),
            Some((session_id, Some(_))) => {
                self.revoke_session(&session_id, "refresh token reused", now)
                    .await?;
                Ok(Rotation::Reused)
            }
            _ => Ok(Rotation::Invalid),
        }
    }

    /// Ends a session: its refresh tokens and access tokens stop working.
    pub async fn revoke_session(
        &self,
        id: &str,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2 \
                 WHERE id = $3 AND revoked_at IS NULL",
            )
            .bind(now)
            .bind(reason)
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// Ends every session of a user but `keep` (after a password change or reset).
    pub async fn revoke_sessions_of(
        &self,
        user_id: i64,
        keep: Option<&str>,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query(
                "UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2 \
                 WHERE user_id = $3 AND revoked_at IS NULL AND id <> $4",
            )
            .bind(now)
            .bind(reason)
            .bind(user_id)
            .bind(keep.unwrap_or(""))
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done)
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

enum Value<'a> {
    Int(i64),
    Text(&'a str),
}

enum Bind<'a> {
    Text(&'a str),
    OptText(Option<&'a str>),
    Bool(bool),
    Time(DateTime<Utc>),
}

//! Secrets the server makes for itself and keeps in the database, so every
//! API process and every restart agrees on them.

use chrono::Utc;

use super::{Store, StoreError, on_pool};

impl Store {
    /// The secret called `name`, stored as `candidate` if there is none yet.
    /// Safe when several processes start at once: the first insert wins and
    /// everyone reads the winner.
    pub async fn secret_or_insert(
        &self,
        name: &str,
        candidate: &str,
    ) -> Result<String, StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (name) DO NOTHING",
            )
            .bind(name)
            .bind(candidate)
            .bind(Utc::now())
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        let value: String = on_pool!(self, pool => {
            sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1")
                .bind(name)
                .fetch_one(pool)
                .await
        })?;
        Ok(value)
    }

    /// The secret called `name`, if one was stored.
    pub async fn secret(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(on_pool!(self, pool => {
            sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1")
                .bind(name)
                .fetch_optional(pool)
                .await
        })?)
    }
}

//! Fixed-window attempt counters, shared by every API process on the
//! database (an in-memory limiter would let each process allow its own
//! quota); and the clients each account has signed in from, which the
//! per-account throttle and the per-address e-mail cap exempt, and which
//! tell a shared address (many accounts signing in from it) from others.

use super::{Store, StoreError, on_pool};

/// How long a sign-in with the password keeps its client known to the
/// account (30 days, in seconds): how long a row of `known_clients` counts.
pub const KNOWN_CLIENT_SECS: i64 = 30 * 24 * 3600;

impl Store {
    /// Counts one attempt in `bucket` for the window starting at
    /// `window_start` (Unix seconds) and returns the attempts so far in it.
    pub async fn count_hit(
        &self,
        bucket: &str,
        window_start: i64,
        expires_at: i64,
    ) -> Result<i64, StoreError> {
        let hits = on_pool!(self, pool => {
            sqlx::query_scalar(
                "INSERT INTO rate_limit_hits (bucket, window_start, hits, expires_at) VALUES ($1, $2, 1, $3) \
                 ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 \
                 RETURNING hits",
            )
            .bind(bucket)
            .bind(window_start)
            .bind(expires_at)
            .fetch_one(pool)
            .await
        })?;
        Ok(hits)
    }

    /// Attempts so far in `bucket`'s window, without counting one.
    pub async fn hits(&self, bucket: &str, window_start: i64) -> Result<i64, StoreError> {
        let hits: Option<i64> = on_pool!(self, pool => {
            sqlx::query_scalar("SELECT hits FROM rate_limit_hits WHERE bucket = $1 AND window_start = $2")
                .bind(bucket)
                .bind(window_start)
                .fetch_optional(pool)
                .await
        })?;
        Ok(hits.unwrap_or(0))
    }

    /// Takes one attempt back from `bucket`'s window starting at
    /// `window_start` (a success forgives its own attempt).
    pub async fn forgive_hit(&self, bucket: &str, window_start: i64) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "UPDATE rate_limit_hits SET hits = hits - 1 \
                 WHERE bucket = $1 AND window_start = $2 AND hits > 0",
            )
            .bind(bucket)
            .bind(window_start)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// Forgets a bucket's current window (a successful sign-in clears its failures).
    pub async fn clear_hits(&self, bucket: &str) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("DELETE FROM rate_limit_hits WHERE bucket = $1")
                .bind(bucket)
                .execute(pool)
                .await
                .map(|_| ())
        })?;
        Ok(())
    }

    /// Drops counters whose window has passed, and clients no longer
    /// known (last sign-in more than [`KNOWN_CLIENT_SECS`] ago).
    pub async fn prune_hits(&self, now: i64) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM rate_limit_hits WHERE expires_at < $1")
                .bind(now)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        })?;
        let forgotten = on_pool!(self, pool => {
            sqlx::query("DELETE FROM known_clients WHERE last_success_at < $1")
                .bind(now - KNOWN_CLIENT_SECS)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        })?;
        Ok(done + forgotten)
    }

    /// Records that `client_key` signed in to account `user_id` at `now`
    /// (Unix seconds).
    pub async fn remember_client(
        &self,
        user_id: i64,
        client_key: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO known_clients (user_id, client_key, last_success_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (user_id, client_key) DO UPDATE SET last_success_at = \
                 CASE WHEN known_clients.last_success_at > excluded.last_success_at \
                 THEN known_clients.last_success_at ELSE excluded.last_success_at END",
            )
            .bind(user_id)
            .bind(client_key)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// How many accounts signed in from `client_key` at `since` (Unix
    /// seconds) or later, counting up to `at_most` (enough to tell a shared
    /// address from one that is not; see `auth::limits::SHARED_ADDRESS_ACCOUNTS`).
    pub async fn accounts_signed_in_from(
        &self,
        client_key: &str,
        since: i64,
        at_most: i64,
    ) -> Result<i64, StoreError> {
        let accounts: i64 = on_pool!(self, pool => {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM (SELECT 1 FROM known_clients \
                 WHERE client_key = $1 AND last_success_at >= $2 LIMIT $3) AS recent",
            )
            .bind(client_key)
            .bind(since)
            .bind(at_most)
            .fetch_one(pool)
            .await
        })?;
        Ok(accounts)
    }

    /// Whether `client_key` signed in to account `user_id` at `since`
    /// (Unix seconds) or later.
    pub async fn is_known_client(
        &self,
        user_id: i64,
        client_key: &str,
        since: i64,
    ) -> Result<bool, StoreError> {
        let found: Option<i64> = on_pool!(self, pool => {
            sqlx::query_scalar(
                "SELECT last_success_at FROM known_clients \
                 WHERE user_id = $1 AND client_key = $2 AND last_success_at >= $3",
            )
            .bind(user_id)
            .bind(client_key)
            .bind(since)
            .fetch_optional(pool)
            .await
        })?;
        Ok(found.is_some())
    }
}

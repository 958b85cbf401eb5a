//! Fixed-window attempt counters, shared by every API process on the
//! database (an in-memory limiter would let each process allow its own
//! quota).

use super::{Store, StoreError, on_pool};

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

    /// Drops counters whose window has passed.
    pub async fn prune_hits(&self, now: i64) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM rate_limit_hits WHERE expires_at < $1")
                .bind(now)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        })?;
        Ok(done)
    }
}

//! The platform's commission (`commission_default`, one row, and
//! `commission_overrides`, one per mentor with an agreed rate), in basis
//! points, with who set each and when. Rates are checked by
//! `domain_wasm::commission::check_rate` before they get here.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::{Store, StoreError, on_pool};

/// A mentor's agreed rate, with their name for the admin screen.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct CommissionOverride {
    pub mentor_id: i64,
    pub mentor_name: String,
    pub rate_bps: i64,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<i64>,
}

/// The default rate and every override, by mentor id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commission {
    pub default_bps: i64,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<i64>,
    pub overrides: Vec<CommissionOverride>,
}

/// What an administrator changes at once: the default rate, and/or the
/// whole list of overrides (`(mentor id, rate)`), each left as it is when
/// `None` (parsed by `domain_wasm::forms::money::parse_commission`).
pub use domain_wasm::forms::money::CommissionChange;

#[derive(FromRow)]
struct DefaultRow {
    rate_bps: i64,
    updated_at: DateTime<Utc>,
    updated_by: Option<i64>,
}

impl Store {
    /// The default rate and the overrides.
    pub async fn commission(&self) -> Result<Commission, StoreError> {
        let default = on_pool!(self, pool => sqlx::query_as::<_, DefaultRow>(
            "SELECT rate_bps, updated_at, updated_by FROM commission_default WHERE id = 1",
        )
        .fetch_one(pool)
        .await)?;
        let overrides = on_pool!(self, pool => sqlx::query_as::<_, CommissionOverride>(
            "SELECT o.mentor_id, m.name AS mentor_name, o.rate_bps, o.updated_at, o.updated_by \
             FROM commission_overrides o JOIN mentors m ON m.id = o.mentor_id ORDER BY o.mentor_id",
        )
        .fetch_all(pool)
        .await)?;
        Ok(Commission {
            default_bps: default.rate_bps,
            updated_at: default.updated_at,
            updated_by: default.updated_by,
            overrides,
        })
    }

    /// The rate the platform takes from this mentor's sessions: their
    /// override, or else the default.
    pub async fn commission_rate_of(&self, mentor_id: i64) -> Result<i64, StoreError> {
        let (rate,): (i64,) = on_pool!(self, pool => sqlx::query_as(
            "SELECT COALESCE((SELECT rate_bps FROM commission_overrides WHERE mentor_id = $1), \
             (SELECT rate_bps FROM commission_default WHERE id = 1))",
        )
        .bind(mentor_id)
        .fetch_one(pool)
        .await)?;
        Ok(rate)
    }

    /// Which of these mentor ids name no mentor.
    pub async fn unknown_mentors(&self, ids: &[i64]) -> Result<Vec<i64>, StoreError> {
        let mut unknown = Vec::new();
        for &id in ids {
            let found: Option<(i64,)> = on_pool!(self, pool =>
                sqlx::query_as("SELECT id FROM mentors WHERE id = $1").bind(id).fetch_optional(pool).await)?;
            if found.is_none() {
                unknown.push(id);
            }
        }
        Ok(unknown)
    }

    /// Sets the default and/or replaces the overrides, in one unit of
    /// work, recording who did it. An override naming no mentor breaks a
    /// foreign key (the caller checks with [`Store::unknown_mentors`]
    /// first; one deleted meanwhile fails the whole change).
    pub async fn change_commission(
        &self,
        change: &CommissionChange,
        by: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            if let Some(rate) = change.default_bps {
                sqlx::query(
                    "UPDATE commission_default SET rate_bps = $1, updated_at = $2, updated_by = $3 WHERE id = 1",
                )
                .bind(rate)
                .bind(now)
                .bind(by)
                .execute(&mut *tx)
                .await?;
            }
            if let Some(overrides) = &change.overrides {
                sqlx::query("DELETE FROM commission_overrides").execute(&mut *tx).await?;
                for (mentor_id, rate) in overrides {
                    sqlx::query(
                        "INSERT INTO commission_overrides (mentor_id, rate_bps, updated_at, updated_by) \
                         VALUES ($1, $2, $3, $4)",
                    )
                    .bind(mentor_id)
                    .bind(rate)
                    .bind(now)
                    .bind(by)
                    .execute(&mut *tx)
                    .await?;
                }
            }
            tx.commit().await
        })?;
        Ok(())
    }

    /// Sets one mentor's agreed rate (adding or replacing their override).
    pub async fn set_commission_override(
        &self,
        mentor_id: i64,
        rate_bps: i64,
        by: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query(
            "INSERT INTO commission_overrides (mentor_id, rate_bps, updated_at, updated_by) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (mentor_id) DO UPDATE SET \
             rate_bps = excluded.rate_bps, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
        )
        .bind(mentor_id)
        .bind(rate_bps)
        .bind(now)
        .bind(by)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Removes one mentor's override (the default applies again); true
    /// when there was one.
    pub async fn remove_commission_override(&self, mentor_id: i64) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => sqlx::query(
            "DELETE FROM commission_overrides WHERE mentor_id = $1",
        )
        .bind(mentor_id)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }
}

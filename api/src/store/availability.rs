//! Each mentor's availability (`mentor_availability`): the rules their
//! bookable slots are computed from ([`domain_wasm::slots`]), stored as the
//! JSON of [`Availability`], one row per mentor. The caller checks the
//! rules ([`domain_wasm::slots::Schedule::new`]) before storing them; what
//! is read back is used as stored.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain_wasm::slots::{Availability, Interval};

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// The stored JSON as rules, or [`StoreError::Corrupt`] when it is not.
fn parse(rules: &str) -> Result<Availability, StoreError> {
    serde_json::from_str(rules).map_err(|_| StoreError::Corrupt {
        what: "mentor availability",
        value: rules.chars().take(200).collect(),
    })
}

/// The mentor takes bookings: their account (if the profile has one) is
/// not disabled (issue 20).
const TAKING: &str = "NOT EXISTS (SELECT 1 FROM mentors m JOIN users u ON u.id = m.user_id \
     WHERE m.id = mentor_availability.mentor_id AND u.disabled_at IS NOT NULL)";

/// A mentor's availability, as [`Store::availability`] reads it.
const ONE: &str = "SELECT rules FROM mentor_availability WHERE mentor_id = $1 AND ";

impl Tx {
    /// [`Store::availability`] inside this unit of work: what a transition
    /// checks a new time against, read on the connection it already holds
    /// (a second one from the pool could wait on the writers that hold the
    /// others, issue 21).
    pub async fn availability(
        &mut self,
        mentor_id: i64,
    ) -> Result<Option<Availability>, StoreError> {
        let row: Option<(String,)> = on_tx!(self, conn =>
            sqlx::query_as(&format!("{ONE}{TAKING}"))
                .bind(mentor_id)
                .fetch_optional(conn)
                .await)?;
        row.map(|(rules,)| parse(&rules)).transpose()
    }
}

impl Store {
    /// A mentor's availability; `None` when they have not set any, when
    /// their account is disabled (their profile takes no bookings; the rules
    /// are kept for when it is enabled again), or there is no such mentor.
    pub async fn availability(&self, mentor_id: i64) -> Result<Option<Availability>, StoreError> {
        let row: Option<(String,)> = on_pool!(self, pool =>
            sqlx::query_as(&format!("{ONE}{TAKING}"))
                .bind(mentor_id)
                .fetch_optional(pool)
                .await)?;
        row.map(|(rules,)| parse(&rules)).transpose()
    }

    /// Every mentor's availability, by mentor id (for the catalogue's
    /// `available_slots`), but disabled accounts'. One query.
    pub async fn all_availability(&self) -> Result<HashMap<i64, Availability>, StoreError> {
        let rows: Vec<(i64, String)> = on_pool!(self, pool =>
            sqlx::query_as(&format!("SELECT mentor_id, rules FROM mentor_availability WHERE {TAKING}"))
                .fetch_all(pool)
                .await)?;
        rows.into_iter()
            .map(|(id, rules)| Ok((id, parse(&rules)?)))
            .collect()
    }

    /// Sets a mentor's availability (replacing what they had) and marks
    /// their profile updated, in one transaction; then the catalogue is
    /// marked written, so the next read shows the new slots.
    /// [`StoreError::NotFound`] when there is no such mentor.
    pub async fn put_availability(
        &self,
        mentor_id: i64,
        availability: &Availability,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // Serialising plain strings and numbers cannot fail.
        let rules = serde_json::to_string(availability).unwrap_or_default();
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let touched = sqlx::query("UPDATE mentors SET updated_at = $1 WHERE id = $2")
                .bind(now)
                .bind(mentor_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if touched == 0 {
                return Err(StoreError::NotFound);
            }
            sqlx::query(
                "INSERT INTO mentor_availability (mentor_id, rules, updated_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (mentor_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at",
            )
            .bind(mentor_id)
            .bind(&rules)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        self.catalogue_written();
        Ok(())
    }

    /// Gives each listed mentor the rules paired with them unless they
    /// already have availability (their own, or what a server starting at
    /// the same moment just gave them: the insert does nothing then), and
    /// marks the profiles that got rules updated, in one transaction.
    /// Returns how many got rules; marks the catalogue written when any did.
    /// For the demo mentors of a database seeded before availability was
    /// stored (see `demo::ensure_availability`).
    pub async fn add_missing_availability(
        &self,
        rules: &[(i64, Availability)],
        now: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        if rules.is_empty() {
            return Ok(0);
        }
        let added = on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let mut added = 0;
            for (mentor_id, availability) in rules {
                // Serialising plain strings and numbers cannot fail.
                let json = serde_json::to_string(availability).unwrap_or_default();
                let inserted = sqlx::query(
                    "INSERT INTO mentor_availability (mentor_id, rules, updated_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (mentor_id) DO NOTHING",
                )
                .bind(mentor_id)
                .bind(&json)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if inserted > 0 {
                    sqlx::query("UPDATE mentors SET updated_at = $1 WHERE id = $2")
                        .bind(now)
                        .bind(mentor_id)
                        .execute(&mut *tx)
                        .await?;
                    added += 1;
                }
            }
            tx.commit().await?;
            added
        });
        if added > 0 {
            self.catalogue_written();
        }
        Ok(added)
    }

    /// The mentor's busy intervals that overlap `[from, to)`: the sessions
    /// of their active bookings (pending, awaiting payment or confirmed),
    /// which slots keep clear of (with the buffers). A hold whose deadline
    /// passed by `now` no longer counts, even before it is marked expired.
    /// Sessions up to two days either side are included (buffers and the
    /// per-day cap reach past the period). Booking writes mark the catalogue written, so `available_slots`
    /// follows. The catalogue calls it once per mentor with availability.
    pub async fn busy_intervals(
        &self,
        mentor_id: i64,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Interval>, StoreError> {
        // Sessions just outside the period still block slots inside it
        // (buffers), and the per-day cap counts whole local days.
        let margin = chrono::TimeDelta::days(2);
        self.active_sessions(mentor_id, from - margin, to + margin, now)
            .await
    }
}

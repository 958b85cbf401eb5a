//! A mentor's own services as their dashboard manages them
//! (`mentor_services`): paused ones (`active = false`) included, retired
//! ones never. Retiring keeps the row, so bookings that name it still
//! read it; the public catalogue shows only active, unretired services.
//! Every write here moves the catalogue's version (triggers of 0004) and
//! the mentor's `updated_at`, and is followed by
//! [`Store::catalogue_written`].

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use sqlx::FromRow;

use super::{Store, StoreError, on_pool};

/// A service of the mentor's, as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OwnService {
    pub id: i64,
    pub mentor_id: i64,
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    /// Zero means free.
    #[sqlx(try_from = "i64")]
    pub price_paise: Paise,
    /// Offered to learners (a paused service is kept but not shown).
    pub active: bool,
    /// Bookings of it are confirmed without the mentor's say.
    pub instant_confirmation: bool,
}

/// What a mentor writes for a service, parsed by
/// `domain_wasm::forms::mentoring` (its terms checked by
/// `domain_wasm::mentoring::check_service`).
pub use domain_wasm::forms::mentoring::ServiceFields;

const COLUMNS: &str = "id, mentor_id, title, description, duration_minutes, price_paise, \
                       active, instant_confirmation";

impl Store {
    /// The mentor's unretired services, in their display order.
    pub async fn own_services(&self, mentor_id: i64) -> Result<Vec<OwnService>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM mentor_services \
             WHERE mentor_id = $1 AND retired_at IS NULL ORDER BY position, id"
        );
        Ok(on_pool!(self, pool => sqlx::query_as::<_, OwnService>(&sql)
            .bind(mentor_id)
            .fetch_all(pool)
            .await)?)
    }

    /// One unretired service of the mentor's; [`StoreError::NotFound`]
    /// for a retired one or another mentor's (whose existence stays
    /// unknown to the caller).
    pub async fn own_service(&self, mentor_id: i64, id: i64) -> Result<OwnService, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM mentor_services \
             WHERE id = $1 AND mentor_id = $2 AND retired_at IS NULL"
        );
        let row = on_pool!(self, pool => sqlx::query_as::<_, OwnService>(&sql)
            .bind(id)
            .bind(mentor_id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }

    /// Adds a service after the mentor's others, unless they already have
    /// `max` unretired ones (`Ok(None)`). The count and the insert happen
    /// in one unit of work, so two at once cannot pass the limit together.
    pub async fn add_service(
        &self,
        mentor_id: i64,
        fields: &ServiceFields,
        max: i64,
        now: DateTime<Utc>,
    ) -> Result<Option<OwnService>, StoreError> {
        let lock = match self {
            // A write takes SQLite's write lock for the rest of the
            // transaction; on PostgreSQL the mentor's row is locked.
            Store::Sqlite(_) => "UPDATE mentors SET id = id WHERE id = $1",
            Store::Postgres(_) => "SELECT id FROM mentors WHERE id = $1 FOR UPDATE",
        };
        let sql = format!(
            "INSERT INTO mentor_services (mentor_id, position, title, description, \
             duration_minutes, price_paise, active, instant_confirmation) \
             VALUES ($1, (SELECT COALESCE(MAX(position), -1) + 1 FROM mentor_services WHERE mentor_id = $1), \
             $2, $3, $4, $5, $6, $7) RETURNING {COLUMNS}"
        );
        let added = on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(lock).bind(mentor_id).execute(&mut *tx).await?;
            let (count,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM mentor_services WHERE mentor_id = $1 AND retired_at IS NULL",
            )
            .bind(mentor_id)
            .fetch_one(&mut *tx)
            .await?;
            if count >= max {
                return Ok(None);
            }
            let row = sqlx::query_as::<_, OwnService>(&sql)
                .bind(mentor_id)
                .bind(&fields.title)
                .bind(&fields.description)
                .bind(fields.duration_minutes)
                .bind(fields.price_paise)
                .bind(fields.active)
                .bind(fields.instant_confirmation)
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query(TOUCH_MENTOR).bind(now).bind(mentor_id).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok::<_, sqlx::Error>(Some(row))
        })?;
        if added.is_some() {
            self.catalogue_written();
        }
        Ok(added)
    }

    /// Rewrites an unretired service of the mentor's.
    pub async fn update_service(
        &self,
        mentor_id: i64,
        id: i64,
        fields: &ServiceFields,
        now: DateTime<Utc>,
    ) -> Result<OwnService, StoreError> {
        let sql = format!(
            "UPDATE mentor_services SET title = $3, description = $4, duration_minutes = $5, \
             price_paise = $6, active = $7, instant_confirmation = $8 \
             WHERE id = $1 AND mentor_id = $2 AND retired_at IS NULL RETURNING {COLUMNS}"
        );
        let row = on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let row = sqlx::query_as::<_, OwnService>(&sql)
                .bind(id)
                .bind(mentor_id)
                .bind(&fields.title)
                .bind(&fields.description)
                .bind(fields.duration_minutes)
                .bind(fields.price_paise)
                .bind(fields.active)
                .bind(fields.instant_confirmation)
                .fetch_optional(&mut *tx)
                .await?;
            if row.is_some() {
                sqlx::query(TOUCH_MENTOR).bind(now).bind(mentor_id).execute(&mut *tx).await?;
                tx.commit().await?;
            }
            Ok::<_, sqlx::Error>(row)
        })?;
        let row = row.ok_or(StoreError::NotFound)?;
        self.catalogue_written();
        Ok(row)
    }

    /// Retires an unretired service of the mentor's: hidden from them and
    /// the catalogue from now on, kept for the bookings that name it.
    pub async fn retire_service(
        &self,
        mentor_id: i64,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let retired = on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let done = sqlx::query(
                "UPDATE mentor_services SET retired_at = $3 \
                 WHERE id = $1 AND mentor_id = $2 AND retired_at IS NULL",
            )
            .bind(id)
            .bind(mentor_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done > 0 {
                sqlx::query(TOUCH_MENTOR).bind(now).bind(mentor_id).execute(&mut *tx).await?;
                tx.commit().await?;
            }
            Ok::<_, sqlx::Error>(done > 0)
        })?;
        if !retired {
            return Err(StoreError::NotFound);
        }
        self.catalogue_written();
        Ok(())
    }
}

/// Marks the mentor's profile changed (its public `updated_at`): `$1` now,
/// `$2` the mentor.
pub(super) const TOUCH_MENTOR: &str = "UPDATE mentors SET updated_at = $1 WHERE id = $2";

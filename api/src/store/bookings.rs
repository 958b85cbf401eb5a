//! Bookings as stored (`bookings`, migration 0009): one session booked with
//! a mentor, read with its mentor, learner, feedback and what was paid.
//!
//! No double booking: while a booking is active (`pending`,
//! `payment_required`, `confirmed`) no other active booking of the same
//! mentor may overlap its held time (`held_from..held_until`, the session
//! widened by the mentor's buffers). On PostgreSQL the exclusion constraint
//! `bookings_no_overlap` refuses it ([`Constraint::BookingOverlap`]); on
//! SQLite the writer holds the database's one write lock (`BEGIN
//! IMMEDIATE`, [`Store::begin`]) and re-checks ([`Tx::held_overlaps`])
//! before it writes. Transitions are compare-and-swaps on the stored status
//! and version ([`Tx::update_booking`]), so two at once cannot both apply;
//! on PostgreSQL the booking row and its mentor's time are also locked for
//! the unit of work ([`Tx::booking`], [`Tx::lock_mentor_time`]), so the
//! second waits and then decides on what the first wrote (the reschedule
//! cap, the mentor's day cap and the open-request caps hold under
//! concurrency).
//!
//! [`Constraint::BookingOverlap`]: super::Constraint::BookingOverlap

use chrono::{DateTime, Utc};
use domain_wasm::booking::Party;
use domain_wasm::money::Paise;
use domain_wasm::slots::Interval;
use sqlx::FromRow;

use super::{Role, Store, StoreError, Tx, User, on_pool, on_tx};

/// The advisory-lock class of a mentor's time (PostgreSQL).
pub const MENTOR_TIME_LOCK: i32 = 20;
/// The advisory-lock class of a learner's open requests (PostgreSQL).
pub const LEARNER_REQUESTS_LOCK: i32 = 21;

/// The statuses that hold mentor time.
pub const ACTIVE: &str = "('pending', 'payment_required', 'confirmed')";

/// One booking with what its screens show beside it.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct BookingRow {
    pub id: String,
    pub learner_id: i64,
    pub mentor_id: i64,
    pub service_id: i64,
    pub service_title: String,
    pub duration_minutes: i64,
    #[sqlx(try_from = "i64")]
    pub price_paise: Paise,
    pub commission_bps: i64,
    /// As stored (see `domain_wasm::booking::current` for the status now).
    #[sqlx(try_from = "String")]
    pub status: domain_wasm::booking::Status,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub held_from: DateTime<Utc>,
    pub held_until: DateTime<Utc>,
    pub note: String,
    pub respond_by: Option<DateTime<Utc>>,
    pub pay_by: Option<DateTime<Utc>>,
    pub meeting_url: Option<String>,
    pub sequence: i64,
    pub reschedule_count: i64,
    pub cancelled_by: Option<String>,
    pub cancel_reason: Option<String>,
    pub no_show_by: Option<String>,
    pub no_show_choice: Option<String>,
    #[sqlx(try_from = "i64")]
    pub refund_owed_paise: Paise,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The mentor's name and photo.
    pub mentor_name: String,
    pub mentor_image_url: Option<String>,
    /// The mentor's account, when their profile has one.
    pub mentor_user_id: Option<i64>,
    /// The mentor's availability rules (JSON), for their time zone.
    pub mentor_rules: Option<String>,
    pub learner_name: String,
    pub learner_email: String,
    /// The learner's feedback, once given.
    pub feedback_rating: Option<i64>,
    pub feedback_text: Option<String>,
    pub feedback_at: Option<DateTime<Utc>>,
    /// Captured payments.
    #[sqlx(try_from = "i64")]
    pub paid_paise: Paise,
    /// A verified payment the gateway has not confirmed yet (issue 19):
    /// the booking's deadline is frozen meanwhile.
    pub payment_confirming: bool,
    /// Raised by every change: a writer changes the row only at the
    /// version it read ([`Tx::update_booking`]).
    pub version: i64,
}

const SELECT: &str = "SELECT b.id, b.learner_id, b.mentor_id, b.service_id, b.service_title, \
     b.duration_minutes, b.price_paise, b.commission_bps, b.status, b.start_at, b.end_at, \
     b.held_from, b.held_until, b.note, b.respond_by, b.pay_by, b.meeting_url, b.sequence, \
     b.reschedule_count, b.cancelled_by, b.cancel_reason, b.no_show_by, b.no_show_choice, \
     b.refund_owed_paise, b.created_at, b.updated_at, b.confirmed_at, b.completed_at, \
     b.cancelled_at, m.name AS mentor_name, m.image_url AS mentor_image_url, \
     m.user_id AS mentor_user_id, a.rules AS mentor_rules, u.name AS learner_name, \
     u.email AS learner_email, f.rating AS feedback_rating, f.text AS feedback_text, \
     f.created_at AS feedback_at, \
     CAST(COALESCE((SELECT SUM(p.amount_paise) FROM payments p \
       WHERE p.booking_id = b.id AND p.status = 'captured'), 0) AS BIGINT) AS paid_paise, \
     EXISTS (SELECT 1 FROM payments c WHERE c.booking_id = b.id AND c.status = 'created' \
       AND c.confirming_since IS NOT NULL) AS payment_confirming, \
     CAST(b.version AS BIGINT) AS version \
     FROM bookings b \
     JOIN mentors m ON m.id = b.mentor_id \
     JOIN users u ON u.id = b.learner_id \
     LEFT JOIN mentor_availability a ON a.mentor_id = b.mentor_id \
     LEFT JOIN feedback f ON f.booking_id = b.id";

/// A service as a booking needs it: who offers it and whether it is
/// offered now.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BookableService {
    pub id: i64,
    pub mentor_id: i64,
    /// The account that runs the mentor's profile, if any.
    pub mentor_user_id: Option<i64>,
    pub title: String,
    pub duration_minutes: i64,
    #[sqlx(try_from = "i64")]
    pub price_paise: Paise,
    pub active: bool,
    pub retired: bool,
    pub instant_confirmation: bool,
}

/// A new booking, checked by `crate::bookings::create`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBookingRow {
    pub id: String,
    pub learner_id: i64,
    pub mentor_id: i64,
    pub service_id: i64,
    pub service_title: String,
    pub duration_minutes: i64,
    pub price_paise: Paise,
    pub commission_bps: i64,
    pub status: domain_wasm::booking::Status,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub held_from: DateTime<Utc>,
    pub held_until: DateTime<Utc>,
    pub note: String,
    pub respond_by: Option<DateTime<Utc>>,
    pub pay_by: Option<DateTime<Utc>>,
    pub meeting_url: Option<String>,
}

/// The new state of a booking after a transition (every column a
/// transition may change; the rest stay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingUpdate {
    pub status: domain_wasm::booking::Status,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub held_from: DateTime<Utc>,
    pub held_until: DateTime<Utc>,
    pub respond_by: Option<DateTime<Utc>>,
    pub pay_by: Option<DateTime<Utc>>,
    pub meeting_url: Option<String>,
    pub sequence: i64,
    pub reschedule_count: i64,
    pub cancelled_by: Option<&'static str>,
    pub cancel_reason: Option<String>,
    pub no_show_by: Option<&'static str>,
    pub no_show_choice: Option<&'static str>,
    pub refund_owed_paise: Paise,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
}

impl BookingRow {
    /// Which side of this booking `user` is: its learner, its mentor (the
    /// profile's account), an administrator, or none (`None`: the booking
    /// is not theirs to see).
    pub fn party_of(&self, user: &User) -> Option<Party> {
        if user.id == self.learner_id {
            Some(Party::Learner)
        } else if self.mentor_user_id == Some(user.id) || user.mentor_id == Some(self.mentor_id) {
            Some(Party::Mentor)
        } else if user.role == Role::Admin {
            Some(Party::Admin)
        } else {
            None
        }
    }
}

impl BookingUpdate {
    /// The row as it is: the starting point of a change.
    pub fn of(row: &BookingRow) -> Self {
        fn known(value: Option<&str>, choices: &[&'static str]) -> Option<&'static str> {
            value.and_then(|v| choices.iter().copied().find(|c| *c == v))
        }
        BookingUpdate {
            status: row.status,
            start_at: row.start_at,
            end_at: row.end_at,
            held_from: row.held_from,
            held_until: row.held_until,
            respond_by: row.respond_by,
            pay_by: row.pay_by,
            meeting_url: row.meeting_url.clone(),
            sequence: row.sequence,
            reschedule_count: row.reschedule_count,
            cancelled_by: known(
                row.cancelled_by.as_deref(),
                &["learner", "mentor", "admin", "system"],
            ),
            cancel_reason: row.cancel_reason.clone(),
            no_show_by: known(row.no_show_by.as_deref(), &["mentor", "learner"]),
            no_show_choice: known(row.no_show_choice.as_deref(), &["refund", "reschedule"]),
            refund_owed_paise: row.refund_owed_paise,
            confirmed_at: row.confirmed_at,
            completed_at: row.completed_at,
            cancelled_at: row.cancelled_at,
        }
    }
}

/// Which side's bookings a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The bookings this account made.
    Learner(i64),
    /// The bookings with this mentor profile.
    Mentor(i64),
}

impl Store {
    /// One booking with its mentor, learner and feedback.
    pub async fn booking(&self, id: &str) -> Result<BookingRow, StoreError> {
        if !super::is_key(id) {
            return Err(StoreError::NotFound);
        }
        let sql = format!("{SELECT} WHERE b.id = $1");
        let row = on_pool!(self, pool => sqlx::query_as::<_, BookingRow>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }

    /// Every booking of one side, by start (the caller filters by the
    /// status as of now, which time alone changes).
    pub async fn bookings_of(&self, side: Side) -> Result<Vec<BookingRow>, StoreError> {
        let (filter, id) = match side {
            Side::Learner(id) => ("b.learner_id", id),
            Side::Mentor(id) => ("b.mentor_id", id),
        };
        let sql = format!("{SELECT} WHERE {filter} = $1 ORDER BY b.start_at, b.id");
        Ok(on_pool!(self, pool => sqlx::query_as::<_, BookingRow>(&sql)
            .bind(id)
            .fetch_all(pool)
            .await)?)
    }

    /// A service by id, retired or paused ones too; `NotFound` when there
    /// is none.
    pub async fn bookable_service(&self, id: i64) -> Result<BookableService, StoreError> {
        let row = on_pool!(self, pool => sqlx::query_as::<_, BookableService>(
            "SELECT s.id, s.mentor_id, m.user_id AS mentor_user_id, s.title, s.duration_minutes, \
             s.price_paise, s.active, (s.retired_at IS NOT NULL) AS retired, \
             s.instant_confirmation \
             FROM mentor_services s JOIN mentors m ON m.id = s.mentor_id WHERE s.id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await)?;
        row.ok_or(StoreError::NotFound)
    }

    /// The sessions of the mentor's active bookings that overlap
    /// `[from, to)` (holds whose deadline passed by `now` are not active
    /// any more, even before the job that marks them expired has run).
    pub async fn active_sessions(
        &self,
        mentor_id: i64,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Interval>, StoreError> {
        let rows: Vec<(DateTime<Utc>, DateTime<Utc>)> = on_pool!(self, pool =>
            sqlx::query_as(BUSY_SQL)
                .bind(mentor_id)
                .bind(from)
                .bind(to)
                .bind(now)
                .fetch_all(pool)
                .await)?;
        Ok(intervals(rows))
    }
}

const BUSY_SQL: &str = "SELECT start_at, end_at FROM bookings \
     WHERE mentor_id = $1 AND start_at < $3 AND end_at > $2 AND (status = 'confirmed' \
     OR (status = 'pending' AND (respond_by IS NULL OR respond_by > $4)) \
     OR (status = 'payment_required' AND (pay_by IS NULL OR pay_by > $4))) \
     ORDER BY start_at";

fn intervals(rows: Vec<(DateTime<Utc>, DateTime<Utc>)>) -> Vec<Interval> {
    rows.into_iter()
        .filter(|(start, end)| end > start)
        .map(|(start, end)| Interval { start, end })
        .collect()
}

impl Tx {
    /// One booking, read inside the unit of work.
    ///
    /// On PostgreSQL the booking is locked until the unit of work ends, and
    /// its mentor's time before it ([`Tx::lock_mentor_time`]): a concurrent
    /// change of the same booking waits, then reads what this one wrote.
    /// (On SQLite the unit of work holds the database's one write lock.)
    pub async fn booking(&mut self, id: &str) -> Result<BookingRow, StoreError> {
        if !super::is_key(id) {
            return Err(StoreError::NotFound);
        }
        let lock = match &mut self.inner {
            super::TxInner::Sqlite(_) => "",
            super::TxInner::Postgres(t) => {
                let mentor: Option<i64> =
                    sqlx::query_scalar("SELECT mentor_id FROM bookings WHERE id = $1")
                        .bind(id)
                        .fetch_optional(&mut **t)
                        .await?;
                let Some(mentor) = mentor else {
                    return Err(StoreError::NotFound);
                };
                self.lock_mentor_time(mentor).await?;
                " FOR UPDATE OF b"
            }
        };
        let sql = format!("{SELECT} WHERE b.id = $1{lock}");
        let row = on_tx!(self, conn => sqlx::query_as::<_, BookingRow>(&sql)
            .bind(id)
            .fetch_optional(conn)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }

    /// What a learner holds of mentors' time at `now` (their open requests
    /// and upcoming free sessions, in all and with `mentor_id`), for the
    /// caps of `domain_wasm::holds`. A request or hold past its deadline
    /// holds nothing, whether or not a job has marked it expired yet.
    pub async fn learner_holds(
        &mut self,
        learner_id: i64,
        mentor_id: i64,
        now: DateTime<Utc>,
    ) -> Result<domain_wasm::holds::Held, StoreError> {
        let row: (i64, i64, i64, i64) = on_tx!(self, conn => sqlx::query_as(
            "SELECT \
               CAST(COALESCE(SUM(CASE WHEN o.open AND o.mentor_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT), \
               CAST(COALESCE(SUM(CASE WHEN o.open THEN 1 ELSE 0 END), 0) AS BIGINT), \
               CAST(COALESCE(SUM(CASE WHEN o.free AND o.mentor_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT), \
               CAST(COALESCE(SUM(CASE WHEN o.free THEN 1 ELSE 0 END), 0) AS BIGINT) \
             FROM (SELECT b.mentor_id, \
                     ((b.status = 'pending' AND (b.respond_by IS NULL OR b.respond_by > $3)) \
                       OR (b.status = 'payment_required' AND (b.pay_by IS NULL OR b.pay_by > $3))) AS open, \
                     (b.price_paise = 0 AND b.start_at > $3 AND (b.status = 'confirmed' \
                       OR (b.status = 'pending' AND (b.respond_by IS NULL OR b.respond_by > $3)))) AS free \
                   FROM bookings b WHERE b.learner_id = $1 \
                     AND b.status IN ('pending', 'payment_required', 'confirmed')) o",
        )
        .bind(learner_id)
        .bind(mentor_id)
        .bind(now)
        .fetch_one(conn)
        .await)?;
        let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(domain_wasm::holds::Held {
            open_with_mentor: count(row.0),
            open: count(row.1),
            free_with_mentor: count(row.2),
            free: count(row.3),
        })
    }

    /// The active bookings (pending, awaiting payment, confirmed) of a
    /// learner (`as_learner`) and of a mentor (`as_mentor`), by start.
    pub async fn active_booking_ids(
        &mut self,
        as_learner: i64,
        as_mentor: Option<i64>,
    ) -> Result<Vec<String>, StoreError> {
        let sql = format!(
            "SELECT id FROM bookings WHERE (learner_id = $1 OR mentor_id = $2) \
             AND status IN {ACTIVE} ORDER BY start_at, id"
        );
        let rows: Vec<(String,)> = on_tx!(self, conn => sqlx::query_as(&sql)
            .bind(as_learner)
            .bind(as_mentor.unwrap_or(-1))
            .fetch_all(conn)
            .await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Marks a mentor's profile updated (the catalogue's triggers bump its
    /// version, so every process reloads it).
    pub async fn touch_mentor(
        &mut self,
        mentor_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query("UPDATE mentors SET updated_at = $1 WHERE id = $2")
            .bind(now)
            .bind(mentor_id)
            .execute(conn)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// Serialises the writers of one mentor's time until the unit of work
    /// ends, so that checks across their bookings (a free slot, the day's
    /// cap) still hold when the write commits. PostgreSQL: a transaction
    /// advisory lock (class [`MENTOR_TIME_LOCK`]), always taken before any
    /// booking row's lock; SQLite: nothing to do, the unit of work already
    /// holds the database's one write lock.
    pub async fn lock_mentor_time(&mut self, mentor_id: i64) -> Result<(), StoreError> {
        self.advisory_lock(MENTOR_TIME_LOCK, mentor_id).await
    }

    /// Serialises one learner's new bookings (their open-request caps),
    /// taken after the mentor's time.
    pub async fn lock_learner_requests(&mut self, learner_id: i64) -> Result<(), StoreError> {
        self.advisory_lock(LEARNER_REQUESTS_LOCK, learner_id).await
    }

    async fn advisory_lock(&mut self, class: i32, key: i64) -> Result<(), StoreError> {
        if let super::TxInner::Postgres(t) = &mut self.inner {
            // The two-key form takes 32-bit keys; ids past that share a
            // lock with another id, which only serialises a little more.
            let key = (key & 0x7fff_ffff) as i32;
            sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
                .bind(class)
                .bind(key)
                .execute(&mut **t)
                .await?;
        }
        Ok(())
    }

    /// Sets the payment deadline of a booking still awaiting payment
    /// (frozen while the gateway confirms a payment, then restored):
    /// `false` when it awaits none.
    pub async fn set_pay_by(
        &mut self,
        id: &str,
        pay_by: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE bookings SET pay_by = $2, updated_at = $3 \
             WHERE id = $1 AND status = 'payment_required'",
        )
        .bind(id)
        .bind(pay_by)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Marks the mentor's holds whose deadline has passed by `now` expired
    /// (a pending request past `respond_by`, an unpaid hold past `pay_by`),
    /// except `keep`; returns their ids. Run before a write that needs
    /// their time, so the exclusion constraint no longer counts them.
    pub async fn expire_overdue_holds(
        &mut self,
        mentor_id: i64,
        keep: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Vec<String>, StoreError> {
        let ids: Vec<(String,)> = on_tx!(self, conn => sqlx::query_as(
            "UPDATE bookings SET status = 'expired', updated_at = $2 \
             WHERE mentor_id = $1 AND id <> $3 AND ((status = 'pending' AND respond_by <= $2) \
             OR (status = 'payment_required' AND pay_by <= $2)) RETURNING id",
        )
        .bind(mentor_id)
        .bind(now)
        .bind(keep.unwrap_or(""))
        .fetch_all(conn)
        .await)?;
        Ok(ids.into_iter().map(|(id,)| id).collect())
    }

    /// The sessions of the mentor's active bookings overlapping
    /// `[from, to)`, but `except` (see [`Store::active_sessions`]).
    pub async fn active_sessions(
        &mut self,
        mentor_id: i64,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        now: DateTime<Utc>,
        except: Option<&str>,
    ) -> Result<Vec<Interval>, StoreError> {
        let rows: Vec<(DateTime<Utc>, DateTime<Utc>)> = on_tx!(self, conn =>
            sqlx::query_as(BUSY_SQL_EXCEPT)
                .bind(mentor_id)
                .bind(from)
                .bind(to)
                .bind(now)
                .bind(except.unwrap_or(""))
                .fetch_all(conn)
                .await)?;
        Ok(intervals(rows))
    }

    /// Whether an active booking of the mentor other than `except` holds
    /// time overlapping `[held_from, held_until)` (SQLite's guard; on
    /// PostgreSQL the exclusion constraint also refuses the write).
    pub async fn held_overlaps(
        &mut self,
        mentor_id: i64,
        held_from: DateTime<Utc>,
        held_until: DateTime<Utc>,
        except: Option<&str>,
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "SELECT COUNT(*) FROM bookings WHERE mentor_id = $1 AND status IN {ACTIVE} \
             AND held_from < $3 AND held_until > $2 AND id <> $4"
        );
        let (count,): (i64,) = on_tx!(self, conn => sqlx::query_as(&sql)
            .bind(mentor_id)
            .bind(held_from)
            .bind(held_until)
            .bind(except.unwrap_or(""))
            .fetch_one(conn)
            .await)?;
        Ok(count > 0)
    }

    /// Writes a new booking. On PostgreSQL a
    /// [`Constraint::BookingOverlap`](super::Constraint::BookingOverlap)
    /// violation when its held time is taken.
    pub async fn insert_booking(
        &mut self,
        b: &NewBookingRow,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO bookings (id, learner_id, mentor_id, service_id, service_title, \
             duration_minutes, price_paise, commission_bps, status, start_at, end_at, held_from, \
             held_until, note, respond_by, pay_by, meeting_url, created_at, updated_at, confirmed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18, $18, $19)",
        )
        .bind(&b.id)
        .bind(b.learner_id)
        .bind(b.mentor_id)
        .bind(b.service_id)
        .bind(&b.service_title)
        .bind(b.duration_minutes)
        .bind(b.price_paise.to_i64())
        .bind(b.commission_bps)
        .bind(b.status.as_str())
        .bind(b.start_at)
        .bind(b.end_at)
        .bind(b.held_from)
        .bind(b.held_until)
        .bind(&b.note)
        .bind(b.respond_by)
        .bind(b.pay_by)
        .bind(&b.meeting_url)
        .bind(now)
        .bind((b.status == domain_wasm::booking::Status::Confirmed).then_some(now))
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Applies a transition if the booking is still as `expected` was read
    /// (its status and version); `false` when it is not (someone else
    /// changed it first). Raises the version.
    pub async fn update_booking(
        &mut self,
        id: &str,
        expected: &BookingRow,
        u: &BookingUpdate,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE bookings SET status = $1, start_at = $2, end_at = $3, held_from = $4, \
             held_until = $5, respond_by = $6, pay_by = $7, meeting_url = $8, sequence = $9, \
             reschedule_count = $10, cancelled_by = $11, cancel_reason = $12, no_show_by = $13, \
             no_show_choice = $14, refund_owed_paise = $15, confirmed_at = $16, completed_at = $17, \
             cancelled_at = $18, updated_at = $19, version = version + 1 \
             WHERE id = $20 AND status = $21 AND version = $22",
        )
        .bind(u.status.as_str())
        .bind(u.start_at)
        .bind(u.end_at)
        .bind(u.held_from)
        .bind(u.held_until)
        .bind(u.respond_by)
        .bind(u.pay_by)
        .bind(&u.meeting_url)
        .bind(u.sequence)
        .bind(u.reschedule_count)
        .bind(u.cancelled_by)
        .bind(&u.cancel_reason)
        .bind(u.no_show_by)
        .bind(u.no_show_choice)
        .bind(u.refund_owed_paise.to_i64())
        .bind(u.confirmed_at)
        .bind(u.completed_at)
        .bind(u.cancelled_at)
        .bind(now)
        .bind(id)
        .bind(expected.status.as_str())
        .bind(expected.version)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// Adds to what the learner is owed back (a payment that came when it
    /// could no longer buy the session).
    pub async fn add_refund_owed(
        &mut self,
        id: &str,
        amount_paise: Paise,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE bookings SET refund_owed_paise = refund_owed_paise + $1, updated_at = $2 \
             WHERE id = $3",
        )
        .bind(amount_paise.to_i64())
        .bind(now)
        .bind(id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Stores the learner's feedback and sets the mentor's rating to the
    /// average of their reviews and their review count.
    pub async fn add_feedback(
        &mut self,
        booking: &BookingRow,
        rating: i64,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => {
            sqlx::query(
                "INSERT INTO feedback (booking_id, mentor_id, learner_id, rating, text, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&booking.id)
            .bind(booking.mentor_id)
            .bind(booking.learner_id)
            .bind(rating)
            .bind(text)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "UPDATE mentors SET \
                 review_count = (SELECT COUNT(*) FROM feedback WHERE mentor_id = $1), \
                 rating = COALESCE((SELECT CAST(AVG(CAST(rating AS DOUBLE PRECISION)) AS DOUBLE PRECISION) \
                   FROM feedback WHERE mentor_id = $1), rating), \
                 updated_at = $2 WHERE id = $1",
            )
            .bind(booking.mentor_id)
            .bind(now)
            .execute(conn)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }
}

const BUSY_SQL_EXCEPT: &str = "SELECT start_at, end_at FROM bookings \
     WHERE mentor_id = $1 AND start_at < $3 AND end_at > $2 AND id <> $5 AND (status = 'confirmed' \
     OR (status = 'pending' AND (respond_by IS NULL OR respond_by > $4)) \
     OR (status = 'payment_required' AND (pay_by IS NULL OR pay_by > $4))) \
     ORDER BY start_at";

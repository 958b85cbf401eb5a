//! Refunds as stored (`refunds`, migration 0010): money going back to a
//! learner, with the payment it goes back on, why the rules allow it, the
//! administrator's decision and what the gateway did.
//!
//! Each change of status is a conditional update on the stored status
//! ([`Tx::decide_refund`], [`Tx::settle_refund`]), so two decisions (or a
//! job and a webhook) at once cannot both apply. What may still be
//! refunded on a booking is read in the same unit of work as the refund
//! that takes it, after [`Tx::lock_booking_money`]: on SQLite the writer
//! holds the database's one write lock (`BEGIN IMMEDIATE`), on PostgreSQL
//! the booking's row is locked, so two refunds of one booking at once are
//! checked one after the other and never exceed what was paid.

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use domain_wasm::payments::PaymentStatus;
use domain_wasm::refunds::RefundStatus;
use sqlx::FromRow;

use super::paise::NullablePaise;
use super::{Store, StoreError, Tx, TxInner, on_pool, on_tx};

/// One refund as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RefundRow {
    pub id: String,
    pub booking_id: String,
    /// Our payment (`payments.id`) the money goes back on.
    pub payment_id: String,
    pub learner_id: i64,
    pub automatic: bool,
    /// `domain_wasm::refunds::Basis` as text.
    pub basis: String,
    pub reason: String,
    #[sqlx(try_from = "i64")]
    pub requested_paise: Paise,
    #[sqlx(try_from = "NullablePaise")]
    pub amount_paise: Option<Paise>,
    #[sqlx(try_from = "String")]
    pub status: RefundStatus,
    pub decided_by: Option<i64>,
    pub decision_note: Option<String>,
    pub gateway: String,
    pub gateway_refund_id: Option<String>,
    pub failure_reason: Option<String>,
    pub requested_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    pub processed_at: Option<DateTime<Utc>>,
    pub failed_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "r.id, r.booking_id, r.payment_id, r.learner_id, r.automatic, r.basis, \
     r.reason, CAST(r.requested_paise AS BIGINT) AS requested_paise, \
     CAST(r.amount_paise AS BIGINT) AS amount_paise, r.status, r.decided_by, r.decision_note, \
     r.gateway, r.gateway_refund_id, r.failure_reason, r.requested_at, r.decided_at, \
     r.processed_at, r.failed_at, r.updated_at";

/// A refund with the names an administrator's queue shows beside it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct QueuedRefundRow {
    #[sqlx(flatten)]
    pub refund: RefundRow,
    pub service_title: String,
    pub learner_name: String,
    pub mentor_name: String,
    pub mentor_id: i64,
    /// Everything received for the booking.
    #[sqlx(try_from = "i64")]
    pub captured_paise: Paise,
    /// What its refunds in `pending` or `processed` take.
    #[sqlx(try_from = "i64")]
    pub refunded_paise: Paise,
}

/// A payment on which money was received (captured, or an extra payment
/// for a booking another order had paid), with what its refunds in status
/// `pending` or `processed` take back.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ReceivedPayment {
    /// Our payment id (`payments.id`).
    pub id: String,
    pub gateway: String,
    /// The gateway's payment (`pay_...`).
    pub gateway_payment_id: String,
    #[sqlx(try_from = "i64")]
    pub amount_paise: Paise,
    /// `captured` (the booking's payment), `failed` (an extra payment,
    /// owed back), or `created` (claimed in this unit of work, not yet
    /// marked).
    #[sqlx(try_from = "String")]
    pub status: PaymentStatus,
    pub captured_at: Option<DateTime<Utc>>,
    #[sqlx(try_from = "i64")]
    pub refunded_paise: Paise,
}

impl ReceivedPayment {
    /// What may still go back on this payment.
    pub fn refundable_paise(&self) -> Paise {
        self.amount_paise.saturating_sub(self.refunded_paise)
    }
}

/// A new refund.
#[derive(Debug, Clone)]
pub struct NewRefund<'a> {
    pub id: &'a str,
    pub booking_id: &'a str,
    pub payment_id: &'a str,
    pub learner_id: i64,
    pub automatic: bool,
    pub basis: &'a str,
    pub reason: &'a str,
    pub requested_paise: Paise,
    /// Set for a refund that goes straight to the gateway (`pending`).
    pub amount_paise: Option<Paise>,
    /// `requested` or `pending`.
    pub status: RefundStatus,
    pub gateway: &'a str,
}

/// What an administrator decided about a request.
#[derive(Debug, Clone)]
pub enum Decision<'a> {
    /// Approved for `amount_paise`: the refund goes to the gateway.
    Approve { amount_paise: Paise },
    /// Rejected, with the reason the learner reads.
    Reject { reason: &'a str },
}

/// How the gateway settled a refund.
#[derive(Debug, Clone)]
pub enum Settlement<'a> {
    /// The money went back.
    Processed { gateway_refund_id: Option<&'a str> },
    /// It could not; the amount is refundable again.
    Failed { reason: &'a str },
}

const RECEIVED: &str = "SELECT p.id, p.gateway, p.payment_id AS gateway_payment_id, \
     CAST(p.amount_paise AS BIGINT) AS amount_paise, p.status, p.captured_at, \
     CAST(COALESCE((SELECT SUM(r.amount_paise) FROM refunds r WHERE r.payment_id = p.id \
       AND r.status IN ('pending', 'processed')), 0) + COALESCE((SELECT SUM(g.amount_paise) \
       FROM gateway_adjustments g WHERE g.payment_id = p.id AND g.status IN \
       ('pending', 'processed', 'open', 'under_review', 'lost')), 0) AS BIGINT) AS refunded_paise \
     FROM payments p WHERE p.booking_id = $1 AND p.payment_id IS NOT NULL \
     ORDER BY p.created_at, p.id";

impl Store {
    /// One refund.
    pub async fn refund(&self, id: &str) -> Result<RefundRow, StoreError> {
        if !super::is_key(id) {
            return Err(StoreError::NotFound);
        }
        let sql = format!("SELECT {COLUMNS} FROM refunds r WHERE r.id = $1");
        let row = on_pool!(self, pool => sqlx::query_as::<_, RefundRow>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }

    /// The refunds of a booking, oldest first.
    pub async fn refunds_of_booking(&self, booking_id: &str) -> Result<Vec<RefundRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM refunds r WHERE r.booking_id = $1 ORDER BY r.requested_at, r.id"
        );
        Ok(on_pool!(self, pool => sqlx::query_as::<_, RefundRow>(&sql)
            .bind(booking_id)
            .fetch_all(pool)
            .await)?)
    }

    /// The payments of a booking on which money was received.
    pub async fn received_payments(
        &self,
        booking_id: &str,
    ) -> Result<Vec<ReceivedPayment>, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, ReceivedPayment>(RECEIVED)
            .bind(booking_id)
            .fetch_all(pool)
            .await)?,
        )
    }

    /// Every refund (or those in `status`), oldest request first, with the
    /// booking's service, the learner's and the mentor's names.
    pub async fn queued_refunds(
        &self,
        status: Option<&str>,
    ) -> Result<Vec<QueuedRefundRow>, StoreError> {
        let sql = format!(
            "{} WHERE ($1 = '' OR r.status = $1) ORDER BY r.requested_at, r.id",
            *QUEUED
        );
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, QueuedRefundRow>(&sql)
            .bind(status.unwrap_or(""))
            .fetch_all(pool)
            .await)?,
        )
    }

    /// One refund as the queue shows it.
    pub async fn queued_refund(&self, id: &str) -> Result<QueuedRefundRow, StoreError> {
        if !super::is_key(id) {
            return Err(StoreError::NotFound);
        }
        let sql = format!("{} WHERE r.id = $1", *QUEUED);
        let row = on_pool!(self, pool => sqlx::query_as::<_, QueuedRefundRow>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }
}

/// The queue's rows, before their filter.
static QUEUED: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "SELECT {COLUMNS}, b.service_title, u.name AS learner_name, m.name AS mentor_name, \
         b.mentor_id, \
         CAST(COALESCE((SELECT SUM(p.amount_paise) FROM payments p \
           WHERE p.booking_id = r.booking_id AND p.payment_id IS NOT NULL), 0) AS BIGINT) \
           AS captured_paise, \
         CAST(COALESCE((SELECT SUM(o.amount_paise) FROM refunds o \
           WHERE o.booking_id = r.booking_id AND o.status IN ('pending', 'processed')), 0) \
           + COALESCE((SELECT SUM(g.amount_paise) FROM gateway_adjustments g \
           WHERE g.booking_id = r.booking_id AND g.status IN \
           ('pending', 'processed', 'open', 'under_review', 'lost')), 0) \
           AS BIGINT) AS refunded_paise \
         FROM refunds r \
         JOIN bookings b ON b.id = r.booking_id \
         JOIN users u ON u.id = r.learner_id \
         JOIN mentors m ON m.id = b.mentor_id"
    )
});

impl Tx {
    /// Serializes the refunds of one booking: on PostgreSQL locks the
    /// booking's row until the unit of work ends (SQLite's writer already
    /// holds the database's write lock). `NotFound` when there is no such
    /// booking.
    pub async fn lock_booking_money(&mut self, booking_id: &str) -> Result<(), StoreError> {
        if !super::is_key(booking_id) {
            return Err(StoreError::NotFound);
        }
        let found: Option<(String,)> = match &mut self.inner {
            TxInner::Sqlite(t) => {
                sqlx::query_as("SELECT id FROM bookings WHERE id = $1")
                    .bind(booking_id)
                    .fetch_optional(&mut **t)
                    .await?
            }
            TxInner::Postgres(t) => {
                // The mentor's time before the row, as every writer of a
                // booking takes them (`Tx::booking`): the other order
                // deadlocks with a transition of the same booking.
                let mentor: Option<i64> =
                    sqlx::query_scalar("SELECT mentor_id FROM bookings WHERE id = $1")
                        .bind(booking_id)
                        .fetch_optional(&mut **t)
                        .await?;
                let Some(mentor) = mentor else {
                    return Err(StoreError::NotFound);
                };
                self.lock_mentor_time(mentor).await?;
                let TxInner::Postgres(t) = &mut self.inner else {
                    unreachable!("matched PostgreSQL above")
                };
                sqlx::query_as("SELECT id FROM bookings WHERE id = $1 FOR UPDATE")
                    .bind(booking_id)
                    .fetch_optional(&mut **t)
                    .await?
            }
        };
        found.map(|_| ()).ok_or(StoreError::NotFound)
    }

    /// One refund, inside the unit of work.
    pub async fn refund(&mut self, id: &str) -> Result<RefundRow, StoreError> {
        if !super::is_key(id) {
            return Err(StoreError::NotFound);
        }
        let sql = format!("SELECT {COLUMNS} FROM refunds r WHERE r.id = $1");
        let row = on_tx!(self, conn => sqlx::query_as::<_, RefundRow>(&sql)
            .bind(id)
            .fetch_optional(conn)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }

    /// The refund the gateway knows as `gateway_refund_id`, or whose id
    /// (our idempotency key, the gateway's `receipt`) is `receipt`.
    pub async fn refund_of_gateway(
        &mut self,
        gateway_refund_id: Option<&str>,
        receipt: Option<&str>,
    ) -> Result<Option<RefundRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM refunds r WHERE (r.gateway_refund_id = $1 AND $1 <> '') \
             OR (r.id = $2 AND $2 <> '') ORDER BY r.requested_at LIMIT 1"
        );
        let key = |v: Option<&str>| v.filter(|v| super::is_key(v)).unwrap_or("").to_owned();
        Ok(on_tx!(self, conn => sqlx::query_as::<_, RefundRow>(&sql)
            .bind(key(gateway_refund_id))
            .bind(key(receipt))
            .fetch_optional(conn)
            .await)?)
    }

    /// The refunds of a booking, oldest first, inside the unit of work.
    pub async fn refunds_of_booking(
        &mut self,
        booking_id: &str,
    ) -> Result<Vec<RefundRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM refunds r WHERE r.booking_id = $1 ORDER BY r.requested_at, r.id"
        );
        Ok(on_tx!(self, conn => sqlx::query_as::<_, RefundRow>(&sql)
            .bind(booking_id)
            .fetch_all(conn)
            .await)?)
    }

    /// The payments of a booking on which money was received (including
    /// one claimed earlier in this unit of work), with what their refunds
    /// take back.
    pub async fn received_payments(
        &mut self,
        booking_id: &str,
    ) -> Result<Vec<ReceivedPayment>, StoreError> {
        Ok(
            on_tx!(self, conn => sqlx::query_as::<_, ReceivedPayment>(RECEIVED)
            .bind(booking_id)
            .fetch_all(conn)
            .await)?,
        )
    }

    /// Writes a new refund.
    pub async fn insert_refund(
        &mut self,
        r: &NewRefund<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO refunds (id, booking_id, payment_id, learner_id, automatic, basis, reason, \
             requested_paise, amount_paise, status, gateway, requested_at, decided_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12)",
        )
        .bind(r.id)
        .bind(r.booking_id)
        .bind(r.payment_id)
        .bind(r.learner_id)
        .bind(r.automatic)
        .bind(r.basis)
        .bind(r.reason)
        .bind(r.requested_paise.to_i64())
        .bind(r.amount_paise.map(Paise::to_i64))
        .bind(r.status.as_str())
        .bind(r.gateway)
        .bind(now)
        .bind((r.status == RefundStatus::Pending).then_some(now))
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Records an administrator's decision (`by`; `None` when the platform
    /// closes a request) on a refund still `requested`; `false` when it is
    /// not (decided meanwhile).
    pub async fn decide_refund(
        &mut self,
        id: &str,
        by: Option<i64>,
        decision: &Decision<'_>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let (status, amount, note) = match decision {
            Decision::Approve { amount_paise } => ("pending", Some(amount_paise.to_i64()), None),
            Decision::Reject { reason } => ("rejected", None, Some(*reason)),
        };
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE refunds SET status = $1, amount_paise = COALESCE($2, amount_paise), \
             decision_note = $3, decided_by = $4, decided_at = $5, updated_at = $5 \
             WHERE id = $6 AND status = 'requested'",
        )
        .bind(status)
        .bind(amount)
        .bind(note)
        .bind(by)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Notes the gateway's id of a refund still `pending` (the gateway has
    /// it and will settle it later, by webhook).
    pub async fn note_gateway_refund(
        &mut self,
        id: &str,
        gateway_refund_id: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE refunds SET gateway_refund_id = $1, updated_at = $2 \
             WHERE id = $3 AND status = 'pending' \
             AND (gateway_refund_id IS NULL OR gateway_refund_id = $1)",
        )
        .bind(gateway_refund_id)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Settles a refund still `pending`; `false` when it is not (settled
    /// before: a replayed webhook or a retried job).
    pub async fn settle_refund(
        &mut self,
        id: &str,
        how: &Settlement<'_>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = match how {
            Settlement::Processed { gateway_refund_id } => on_tx!(self, conn => sqlx::query(
                "UPDATE refunds SET status = 'processed', \
                 gateway_refund_id = COALESCE($1, gateway_refund_id), processed_at = $2, \
                 updated_at = $2 WHERE id = $3 AND status = 'pending'",
            )
            .bind(*gateway_refund_id)
            .bind(now)
            .bind(id)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?,
            Settlement::Failed { reason } => on_tx!(self, conn => sqlx::query(
                "UPDATE refunds SET status = 'failed', failure_reason = $1, failed_at = $2, \
                 updated_at = $2 WHERE id = $3 AND status = 'pending'",
            )
            .bind(*reason)
            .bind(now)
            .bind(id)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?,
        };
        Ok(done == 1)
    }
}

//! Money the gateway moved on its own side (`gateway_adjustments` of
//! migration 0011): refunds made on the gateway's dashboard or by its
//! auto-refund, and disputes (chargebacks). Each change is conditional on
//! the row's current status, so replays and out-of-order deliveries of the
//! gateway's news change it once, and only forward
//! ([`AdjustmentStatus::may_follow`]).

use chrono::{DateTime, Utc};

use domain_wasm::gateway::{AdjustmentKind, AdjustmentStatus};
use domain_wasm::money::Paise;

use super::payments::PaymentRow;
use super::{Store, StoreError, Tx, on_pool, on_tx};

/// A refund or dispute of the gateway's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdjustmentRow {
    /// The gateway's id (`rfnd_...`, `disp_...`).
    pub id: String,
    pub kind: AdjustmentKind,
    pub gateway: String,
    /// Our payment (`payments.id`).
    pub payment_id: String,
    pub booking_id: String,
    pub amount_paise: Paise,
    pub status: AdjustmentStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The row as stored; [`AdjustmentRow`] once its kind and status are read.
#[derive(sqlx::FromRow)]
struct Stored {
    id: String,
    kind: String,
    gateway: String,
    payment_id: String,
    booking_id: String,
    #[sqlx(try_from = "i64")]
    amount_paise: Paise,
    status: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<Stored> for AdjustmentRow {
    type Error = StoreError;

    fn try_from(r: Stored) -> Result<Self, StoreError> {
        let corrupt = |what: &'static str, value: &str| StoreError::Corrupt {
            what,
            value: value.to_owned(),
        };
        Ok(AdjustmentRow {
            kind: AdjustmentKind::parse(&r.kind)
                .ok_or_else(|| corrupt("adjustment kind", &r.kind))?,
            status: AdjustmentStatus::parse(&r.status)
                .ok_or_else(|| corrupt("adjustment status", &r.status))?,
            id: r.id,
            gateway: r.gateway,
            payment_id: r.payment_id,
            booking_id: r.booking_id,
            amount_paise: r.amount_paise,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    }
}

const COLUMNS: &str = "id, kind, gateway, payment_id, booking_id, \
     CAST(amount_paise AS BIGINT) AS amount_paise, status, created_at, updated_at";

impl Store {
    /// Every adjustment, newest first.
    pub async fn adjustments(&self) -> Result<Vec<AdjustmentRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM gateway_adjustments ORDER BY created_at DESC, id");
        let rows = on_pool!(self, pool => sqlx::query_as::<_, Stored>(&sql)
            .fetch_all(pool)
            .await)?;
        rows.into_iter().map(AdjustmentRow::try_from).collect()
    }

    /// Every payment money was received on (captured, or owed back), for
    /// the reconciliation report.
    pub async fn received_gateway_payments(&self) -> Result<Vec<PaymentRow>, StoreError> {
        let sql = "SELECT id, booking_id, gateway, order_id, \
             CAST(amount_paise AS BIGINT) AS amount_paise, currency, status, payment_id, method, \
             created_at, captured_at, confirming_payment_id, confirming_since, frozen_pay_by \
             FROM payments WHERE payment_id IS NOT NULL ORDER BY created_at, id";
        Ok(on_pool!(self, pool => sqlx::query_as::<_, PaymentRow>(sql)
            .fetch_all(pool)
            .await)?)
    }
}

/// One of our refunds the gateway took, as the books have it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BookedRefund {
    /// Our refund's id.
    pub id: String,
    pub booking_id: String,
    pub gateway: String,
    /// The gateway's refund (`rfnd_...`).
    pub gateway_refund_id: String,
    #[sqlx(try_from = "i64")]
    pub amount_paise: Paise,
    #[sqlx(try_from = "String")]
    pub status: domain_wasm::refunds::RefundStatus,
    pub requested_at: DateTime<Utc>,
}

impl Store {
    /// Our refunds the gateway has an id for, oldest first.
    pub async fn booked_gateway_refunds(&self) -> Result<Vec<BookedRefund>, StoreError> {
        Ok(on_pool!(self, pool => sqlx::query_as::<_, BookedRefund>(
            "SELECT id, booking_id, gateway, gateway_refund_id, \
             CAST(COALESCE(amount_paise, requested_paise) AS BIGINT) AS amount_paise, status, requested_at \
             FROM refunds WHERE gateway_refund_id IS NOT NULL ORDER BY requested_at, id",
        )
        .fetch_all(pool)
        .await)?)
    }
}

impl Tx {
    /// Our payment the gateway knows as `gateway_payment_id` (`pay_...`).
    pub async fn payment_by_gateway_id(
        &mut self,
        gateway_payment_id: &str,
    ) -> Result<Option<PaymentRow>, StoreError> {
        if !super::is_key(gateway_payment_id) {
            return Ok(None);
        }
        let sql = "SELECT id, booking_id, gateway, order_id, \
             CAST(amount_paise AS BIGINT) AS amount_paise, currency, status, payment_id, method, \
             created_at, captured_at, confirming_payment_id, confirming_since, frozen_pay_by \
             FROM payments WHERE payment_id = $1";
        Ok(on_tx!(self, conn => sqlx::query_as::<_, PaymentRow>(sql)
            .bind(gateway_payment_id)
            .fetch_optional(conn)
            .await)?)
    }

    /// One adjustment, row-locked on PostgreSQL until the unit of work ends.
    pub async fn adjustment(&mut self, id: &str) -> Result<Option<AdjustmentRow>, StoreError> {
        let lock = if matches!(self.inner, super::TxInner::Postgres(_)) {
            " FOR UPDATE"
        } else {
            ""
        };
        let sql = format!("SELECT {COLUMNS} FROM gateway_adjustments WHERE id = $1{lock}");
        let row = on_tx!(self, conn => sqlx::query_as::<_, Stored>(&sql)
            .bind(id)
            .fetch_optional(conn)
            .await)?;
        row.map(AdjustmentRow::try_from).transpose()
    }

    /// Records a new adjustment at `status`: `false` when one with this id
    /// exists (then [`Tx::advance_adjustment`] may move it).
    pub async fn insert_adjustment(&mut self, row: &AdjustmentRow) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "INSERT INTO gateway_adjustments (id, kind, gateway, payment_id, booking_id, \
             amount_paise, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&row.id)
        .bind(row.kind.as_str())
        .bind(&row.gateway)
        .bind(&row.payment_id)
        .bind(&row.booking_id)
        .bind(row.amount_paise.to_i64())
        .bind(row.status.as_str())
        .bind(row.created_at)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Moves adjustment `id` from `from` to `to`, only if it is still at
    /// `from`: `false` when it was not.
    pub async fn advance_adjustment(
        &mut self,
        id: &str,
        from: AdjustmentStatus,
        to: AdjustmentStatus,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE gateway_adjustments SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2",
        )
        .bind(id)
        .bind(from.as_str())
        .bind(to.as_str())
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }
}

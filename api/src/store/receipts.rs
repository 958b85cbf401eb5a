//! Receipts (`receipts`, issue 13): one per captured payment and one per
//! processed refund, numbered from the row's id ([`crate::receipts`]).
//! Recording one twice is refused by the table's unique indexes (one
//! receipt per payment of kind `payment`, one per refund), so an insert
//! that conflicts writes nothing and the existing receipt stands.

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use sqlx::FromRow;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// A stored receipt.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ReceiptRow {
    pub id: i64,
    pub number: String,
    /// `payment` or `refund`.
    pub kind: String,
    pub booking_id: String,
    pub learner_id: i64,
    /// Our payment's id (`payments.id`).
    pub payment_id: Option<String>,
    /// Our refund's id (`refunds.id`), for a refund's receipt.
    pub refund_id: Option<String>,
    #[sqlx(try_from = "i64")]
    pub amount_paise: Paise,
    pub issued_at: DateTime<Utc>,
}

/// What a receipt is for: one of our payments, or one of our refunds of
/// a payment. A payment's receipt without its payment, or a refund's
/// without its refund, cannot be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReceiptFor<'a> {
    /// Our captured payment (`payments.id`).
    Payment { payment_id: &'a str },
    /// Our processed refund (`refunds.id`) of our payment `payment_id`.
    Refund {
        payment_id: &'a str,
        refund_id: &'a str,
    },
}

impl<'a> ReceiptFor<'a> {
    /// The `receipts.kind` column's value: `payment` or `refund`.
    pub fn kind(self) -> &'static str {
        match self {
            ReceiptFor::Payment { .. } => "payment",
            ReceiptFor::Refund { .. } => "refund",
        }
    }

    /// Our payment: the one paid, or the one refunded.
    pub fn payment_id(self) -> &'a str {
        match self {
            ReceiptFor::Payment { payment_id } | ReceiptFor::Refund { payment_id, .. } => {
                payment_id
            }
        }
    }

    /// Our refund, for a refund's receipt.
    pub fn refund_id(self) -> Option<&'a str> {
        match self {
            ReceiptFor::Payment { .. } => None,
            ReceiptFor::Refund { refund_id, .. } => Some(refund_id),
        }
    }
}

/// A receipt with what its printed form and its e-mail show.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ReceiptDetail {
    #[sqlx(flatten)]
    pub receipt: ReceiptRow,
    pub learner_name: String,
    pub learner_email: String,
    pub learner_zone: String,
    pub service_title: String,
    pub duration_minutes: i64,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    /// The mentor's name as the catalogue shows it.
    pub mentor_name: String,
    /// `sandbox` or `razorpay`.
    pub gateway: Option<String>,
    /// The gateway's payment id (`pay_...`).
    pub gateway_payment_id: Option<String>,
    /// How the learner paid (`card`, `upi`, ...), when the gateway said.
    pub method: Option<String>,
    /// The gateway's refund id (`rfnd_...`), for a refund's receipt.
    pub gateway_refund_id: Option<String>,
    /// Why the money went back (`refunds.basis`), for a refund's receipt.
    pub refund_basis: Option<String>,
}

const COLUMNS: &str = "r.id, r.number, r.kind, r.booking_id, r.learner_id, r.payment_id, \
                       r.refund_id, r.amount_paise, r.issued_at";

fn detail_select() -> String {
    format!(
        "SELECT {COLUMNS}, lu.name AS learner_name, lu.email AS learner_email, \
           lu.time_zone AS learner_zone, b.service_title, b.duration_minutes, b.start_at, \
           b.end_at, m.name AS mentor_name, p.gateway, p.payment_id AS gateway_payment_id, \
           p.method, f.gateway_refund_id, f.basis AS refund_basis \
         FROM receipts r \
         JOIN bookings b ON b.id = r.booking_id \
         JOIN users lu ON lu.id = r.learner_id \
         JOIN mentors m ON m.id = b.mentor_id \
         LEFT JOIN payments p ON p.id = r.payment_id \
         LEFT JOIN refunds f ON f.id = r.refund_id \
         WHERE r.number = $1"
    )
}

impl Tx {
    /// Records the receipt of `of` under the provisional number
    /// `provisional` (unique), issued at `now`: its id, or `None` when the
    /// payment (kind `payment`) or the refund already has one (nothing is
    /// written).
    pub async fn insert_receipt(
        &mut self,
        provisional: &str,
        of: ReceiptFor<'_>,
        booking_id: &str,
        learner_id: i64,
        amount_paise: Paise,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        let id: Option<(i64,)> = on_tx!(self, conn => sqlx::query_as(
            "INSERT INTO receipts (number, kind, booking_id, learner_id, payment_id, refund_id, \
               amount_paise, issued_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(provisional)
        .bind(of.kind())
        .bind(booking_id)
        .bind(learner_id)
        .bind(of.payment_id())
        .bind(of.refund_id())
        .bind(amount_paise.to_i64())
        .bind(now)
        .fetch_optional(conn)
        .await)?;
        Ok(id.map(|(id,)| id))
    }

    /// Gives receipt `id` its number.
    pub async fn set_receipt_number(&mut self, id: i64, number: &str) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query("UPDATE receipts SET number = $1 WHERE id = $2")
            .bind(number)
            .bind(id)
            .execute(conn)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// The gateway that took our payment `payment_id` (`sandbox`, `razorpay`).
    pub async fn payment_gateway(
        &mut self,
        payment_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_scalar::<_, String>(
            "SELECT gateway FROM payments WHERE id = $1",
        )
        .bind(payment_id)
        .fetch_optional(conn)
        .await)?)
    }

    /// The receipt already issued for `of`: for its payment (kind
    /// `payment`) or for its refund (kind `refund`).
    pub async fn existing_receipt(
        &mut self,
        of: ReceiptFor<'_>,
    ) -> Result<Option<ReceiptRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM receipts r \
             WHERE ($1 = 'payment' AND r.kind = 'payment' AND r.payment_id = $2) \
                OR ($1 = 'refund' AND r.refund_id = $3)"
        );
        let row: Option<ReceiptRow> = on_tx!(self, conn => sqlx::query_as(&sql)
            .bind(of.kind())
            .bind(of.payment_id())
            .bind(of.refund_id())
            .fetch_optional(conn)
            .await)?;
        Ok(row)
    }

    /// Receipt `number` with what its printed form shows, as this unit of
    /// work sees it.
    pub async fn receipt_detail(
        &mut self,
        number: &str,
    ) -> Result<Option<ReceiptDetail>, StoreError> {
        let sql = detail_select();
        let row: Option<ReceiptDetail> = on_tx!(self, conn => sqlx::query_as(&sql)
            .bind(number)
            .fetch_optional(conn)
            .await)?;
        Ok(row)
    }
}

impl Store {
    /// Booking `booking_id`'s receipts, in the order they were issued.
    pub async fn booking_receipts(&self, booking_id: &str) -> Result<Vec<ReceiptRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM receipts r WHERE r.booking_id = $1 ORDER BY r.issued_at, r.id"
        );
        let rows: Vec<ReceiptRow> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(booking_id)
            .fetch_all(pool)
            .await)?;
        Ok(rows)
    }

    /// Receipt `number` with what its printed form shows.
    pub async fn receipt_detail(&self, number: &str) -> Result<Option<ReceiptDetail>, StoreError> {
        if !super::is_key(number) {
            return Ok(None);
        }
        let sql = detail_select();
        let row: Option<ReceiptDetail> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(number)
            .fetch_optional(pool)
            .await)?;
        Ok(row)
    }
}

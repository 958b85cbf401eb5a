//! Payments for bookings and the gateway's webhook deliveries
//! (`payments`, `webhook_events` of migration 0009). A payment is
//! captured once: the capture is a conditional update, and the schema
//! allows one captured payment per booking.

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// One payment (an order at the gateway) as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PaymentRow {
    pub id: String,
    pub booking_id: String,
    /// `sandbox` or `razorpay`.
    pub gateway: String,
    pub order_id: String,
    #[sqlx(try_from = "i64")]
    pub amount_paise: Paise,
    pub currency: String,
    #[sqlx(try_from = "String")]
    pub status: domain_wasm::payments::PaymentStatus,
    /// The gateway's payment, once one was received.
    pub payment_id: Option<String>,
    pub method: Option<String>,
    pub created_at: DateTime<Utc>,
    pub captured_at: Option<DateTime<Utc>>,
    /// The payment a verified checkout named while the gateway could not
    /// be asked about it yet (the payment is "being confirmed").
    pub confirming_payment_id: Option<String>,
    pub confirming_since: Option<DateTime<Utc>>,
    /// The booking's payment deadline before it was frozen.
    pub frozen_pay_by: Option<DateTime<Utc>>,
}

/// A new order for a booking.
#[derive(Debug, Clone)]
pub struct NewPayment<'a> {
    pub id: &'a str,
    pub booking_id: &'a str,
    pub gateway: &'a str,
    pub order_id: &'a str,
    pub amount_paise: Paise,
    pub currency: &'a str,
}

const SELECT: &str = "SELECT id, booking_id, gateway, order_id, \
     CAST(amount_paise AS BIGINT) AS amount_paise, currency, status, payment_id, method, \
     created_at, captured_at, confirming_payment_id, confirming_since, frozen_pay_by FROM payments";

impl Store {
    /// The payment of the gateway's order `order_id`.
    pub async fn payment_by_order(&self, order_id: &str) -> Result<Option<PaymentRow>, StoreError> {
        if !super::is_key(order_id) {
            return Ok(None);
        }
        let sql = format!("{SELECT} WHERE order_id = $1");
        Ok(on_pool!(self, pool => sqlx::query_as::<_, PaymentRow>(&sql)
            .bind(order_id)
            .fetch_optional(pool)
            .await)?)
    }

    /// The booking's newest order that is still open (created, nothing
    /// received) at `gateway` for `amount_paise`: a second checkout pays
    /// it instead of making another.
    pub async fn open_payment(
        &self,
        booking_id: &str,
        gateway: &str,
        amount_paise: Paise,
    ) -> Result<Option<PaymentRow>, StoreError> {
        let sql = format!(
            "{SELECT} WHERE booking_id = $1 AND gateway = $2 AND amount_paise = $3 \
             AND status = 'created' AND payment_id IS NULL ORDER BY created_at DESC, id LIMIT 1"
        );
        Ok(on_pool!(self, pool => sqlx::query_as::<_, PaymentRow>(&sql)
            .bind(booking_id)
            .bind(gateway)
            .bind(amount_paise.to_i64())
            .fetch_optional(pool)
            .await)?)
    }

    /// Records a new order (status `created`).
    pub async fn insert_payment(
        &self,
        new: &NewPayment<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query(
            "INSERT INTO payments (id, booking_id, gateway, order_id, amount_paise, currency, \
             status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'created', $7)",
        )
        .bind(new.id)
        .bind(new.booking_id)
        .bind(new.gateway)
        .bind(new.order_id)
        .bind(new.amount_paise.to_i64())
        .bind(new.currency)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Notes how the learner chose to pay an order still open.
    pub async fn set_payment_method(&self, order_id: &str, method: &str) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query(
            "UPDATE payments SET method = $1 WHERE order_id = $2 AND status <> 'captured'",
        )
        .bind(method)
        .bind(order_id)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

impl Tx {
    /// The payment of `order_id`, read inside the unit of work.
    pub async fn payment_by_order(
        &mut self,
        order_id: &str,
    ) -> Result<Option<PaymentRow>, StoreError> {
        if !super::is_key(order_id) {
            return Ok(None);
        }
        let sql = format!("{SELECT} WHERE order_id = $1");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, PaymentRow>(&sql)
            .bind(order_id)
            .fetch_optional(conn)
            .await)?)
    }

    /// Whether another order than `order_id` of the booking was captured.
    pub async fn booking_captured_elsewhere(
        &mut self,
        booking_id: &str,
        order_id: &str,
    ) -> Result<bool, StoreError> {
        let n: i64 = on_tx!(self, conn => sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM payments \
             WHERE booking_id = $1 AND order_id <> $2 AND status = 'captured'",
        )
        .bind(booking_id)
        .bind(order_id)
        .fetch_one(conn)
        .await)?;
        Ok(n > 0)
    }

    /// Claims the order for `payment_id`: the first of several deliveries
    /// of a payment (callback, webhooks, replays) takes it, row-locked
    /// until the unit of work ends; `false` when the order was claimed or
    /// captured before (a replay: nothing to do). The order counts as paid
    /// only once [`Tx::mark_captured`] runs.
    pub async fn claim_payment(
        &mut self,
        order_id: &str,
        payment_id: &str,
        method: Option<&str>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET payment_id = $1, method = COALESCE($2, method) \
             WHERE order_id = $3 AND status <> 'captured' AND payment_id IS NULL",
        )
        .bind(payment_id)
        .bind(method)
        .bind(order_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Marks a claimed order captured (`status = 'captured'`, at `now`).
    /// One captured payment per booking (`payments_one_captured`).
    pub async fn mark_captured(
        &mut self,
        order_id: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET status = 'captured', captured_at = $1 WHERE order_id = $2",
        )
        .bind(now)
        .bind(order_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Marks a claimed order of a booking that another order already paid:
    /// money received (`captured_at`) but the order not captured (one
    /// captured payment per booking) and owed back: `status = 'failed'`
    /// with a `payment_id` and a `captured_at`.
    pub async fn mark_extra_payment(
        &mut self,
        order_id: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET status = 'failed', captured_at = $1 WHERE order_id = $2",
        )
        .bind(now)
        .bind(order_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Marks an order whose payment `payment_id` failed, unless something
    /// was received on it or another of its payments is being confirmed
    /// (an earlier attempt's failure told late): `false` when nothing changed.
    pub async fn fail_payment(
        &mut self,
        order_id: &str,
        payment_id: &str,
        method: Option<&str>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET status = 'failed', method = COALESCE($1, method) \
             WHERE order_id = $2 AND status = 'created' AND payment_id IS NULL \
             AND (confirming_payment_id IS NULL OR confirming_payment_id = $3)",
        )
        .bind(method)
        .bind(order_id)
        .bind(payment_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Marks an open order "being confirmed": a verified checkout named
    /// `payment_id`, and the gateway could not be asked about it; keeps
    /// the booking's deadline `pay_by` to restore. `false` when the order
    /// is not open, or already being confirmed.
    pub async fn mark_confirming(
        &mut self,
        order_id: &str,
        payment_id: &str,
        pay_by: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET confirming_payment_id = $1, confirming_since = $2, frozen_pay_by = $3 \
             WHERE order_id = $4 AND status = 'created' AND payment_id IS NULL \
             AND confirming_since IS NULL",
        )
        .bind(payment_id)
        .bind(now)
        .bind(pay_by)
        .bind(order_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Ends an order's confirmation (the gateway answered): `true` when it
    /// was being confirmed.
    pub async fn end_confirming(&mut self, order_id: &str) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET confirming_payment_id = NULL, confirming_since = NULL, \
             frozen_pay_by = NULL WHERE order_id = $1 AND confirming_since IS NOT NULL",
        )
        .bind(order_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Records a webhook delivery: `false` when this event was seen before
    /// (the delivery is then a no-op).
    pub async fn record_webhook_event(
        &mut self,
        gateway: &str,
        event_id: &str,
        event: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "INSERT INTO webhook_events (gateway, event_id, event, received_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (gateway, event_id) DO NOTHING",
        )
        .bind(gateway)
        .bind(event_id)
        .bind(event)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Forgets a webhook event recorded in this unit of work that changed
    /// nothing (an order not ours yet, an amount refused), so a later
    /// delivery of the same event is still read.
    pub async fn forget_webhook_event(
        &mut self,
        gateway: &str,
        event_id: &str,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "DELETE FROM webhook_events WHERE gateway = $1 AND event_id = $2",
        )
        .bind(gateway)
        .bind(event_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

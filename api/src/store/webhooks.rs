//! Signed webhooks (`webhook_endpoints`, `webhook_deliveries`,
//! `webhook_attempts` of migration 0021): the endpoints administrators
//! register, one delivery per endpoint and event written in the
//! transaction that raised the event, and each attempt's answer.
//!
//! [`Tx::emit_webhook`] plans the job `webhook_deliver` (keyed by the
//! delivery's id) beside each delivery, so the event goes out only if the
//! change that raised it commits, and goes out once per endpoint however
//! many processes share the database ([`crate::webhooks`] sends it).

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use domain_wasm::webhooks::DeliveryStatus;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// The job that sends one delivery; its key is the delivery's id.
pub const DELIVER_JOB: &str = "webhook_deliver";

/// One registered endpoint (its secret as stored: sealed).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct EndpointRow {
    pub id: i64,
    pub url: String,
    pub secret: String,
    /// Space-separated event names.
    pub events: String,
    pub description: String,
    pub active: bool,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl EndpointRow {
    /// The event names it receives.
    pub fn event_names(&self) -> Vec<String> {
        self.events.split_whitespace().map(str::to_owned).collect()
    }
}

/// A new endpoint (its secret already sealed).
#[derive(Debug, Clone)]
pub struct NewEndpoint<'a> {
    pub url: &'a str,
    pub events: &'a [&'static str],
    pub description: &'a str,
    pub active: bool,
    pub created_by: i64,
}

/// A change to an endpoint: each `None` stays as it is.
#[derive(Debug, Clone, Default)]
pub struct EndpointChange {
    pub url: Option<String>,
    pub events: Option<Vec<&'static str>>,
    pub description: Option<String>,
    pub active: Option<bool>,
    /// A new secret, sealed.
    pub secret: Option<String>,
}

/// One delivery of one event to one endpoint.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct DeliveryRow {
    pub id: i64,
    pub endpoint_id: i64,
    pub event_id: String,
    pub event: String,
    pub payload: String,
    #[sqlx(try_from = "String")]
    pub status: DeliveryStatus,
    pub attempts: i64,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// One attempt at a delivery and what came back.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct AttemptRow {
    pub id: i64,
    pub delivery_id: i64,
    pub attempted_at: DateTime<Utc>,
    pub status_code: Option<i64>,
    pub answer: String,
    pub duration_ms: i64,
}

/// What an attempt came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub status_code: Option<u16>,
    pub answer: String,
    pub duration_ms: i64,
    /// A 2xx answer: the delivery is done.
    pub delivered: bool,
    /// The last attempt there will be: a failure marks the delivery failed.
    pub last: bool,
}

const ENDPOINT_COLUMNS: &str = "id, url, secret, events, description, active, created_by, \
     created_at, updated_at";
const DELIVERY_COLUMNS: &str = "id, endpoint_id, event_id, event, payload, status, attempts, \
     created_at, delivered_at";

impl Tx {
    /// Writes a delivery of `event` (its body `payload`, the same bytes on
    /// every attempt) to each active endpoint that receives it, and plans
    /// each one's sending; returns how many.
    pub async fn emit_webhook(
        &mut self,
        event: &str,
        event_id: &str,
        payload: &str,
        now: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        let endpoints: Vec<(i64, String)> = on_tx!(self, conn => sqlx::query_as(
            "SELECT id, events FROM webhook_endpoints WHERE active = $1 ORDER BY id",
        )
        .bind(true)
        .fetch_all(conn)
        .await)?;
        let mut planned = 0;
        for (endpoint, events) in endpoints {
            if !events.split_whitespace().any(|e| e == event) {
                continue;
            }
            let (id,): (i64,) = on_tx!(self, conn => sqlx::query_as(
                "INSERT INTO webhook_deliveries (endpoint_id, event_id, event, payload, status, \
                 attempts, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING id",
            )
            .bind(endpoint)
            .bind(event_id)
            .bind(event)
            .bind(payload)
            .bind(DeliveryStatus::Pending.as_str())
            .bind(now)
            .fetch_one(conn)
            .await)?;
            self.enqueue_job(
                DELIVER_JOB,
                &id.to_string(),
                &serde_json::Value::Null,
                now,
                now,
            )
            .await?;
            planned += 1;
        }
        Ok(planned)
    }

    /// Registers an endpoint; returns its id.
    pub async fn insert_webhook_endpoint(
        &mut self,
        new: &NewEndpoint<'_>,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        // The secret is sealed with the row's id, so the row comes first.
        let (id,): (i64,) = on_tx!(self, conn => sqlx::query_as(
            "INSERT INTO webhook_endpoints (url, secret, events, description, active, \
             created_by, created_at, updated_at) VALUES ($1, '', $2, $3, $4, $5, $6, $6) \
             RETURNING id",
        )
        .bind(new.url)
        .bind(new.events.join(" "))
        .bind(new.description)
        .bind(new.active)
        .bind(new.created_by)
        .bind(now)
        .fetch_one(conn)
        .await)?;
        Ok(id)
    }

    /// The endpoint `id`, read inside this unit of work.
    pub async fn webhook_endpoint(&mut self, id: i64) -> Result<EndpointRow, StoreError> {
        let sql = format!("SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1");
        on_tx!(self, conn => sqlx::query_as(&sql)
            .bind(id)
            .fetch_optional(conn)
            .await)?
        .ok_or(StoreError::NotFound)
    }

    /// Applies `change` to endpoint `id`.
    pub async fn update_webhook_endpoint(
        &mut self,
        id: i64,
        change: &EndpointChange,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let events = change.events.as_ref().map(|e| e.join(" "));
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE webhook_endpoints SET url = COALESCE($1, url), events = COALESCE($2, events), \
             description = COALESCE($3, description), active = COALESCE($4, active), \
             secret = COALESCE($5, secret), updated_at = $6 WHERE id = $7",
        )
        .bind(change.url.as_deref())
        .bind(events.as_deref())
        .bind(change.description.as_deref())
        .bind(change.active)
        .bind(change.secret.as_deref())
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

    /// Removes endpoint `id` with its deliveries and their log; their
    /// pending jobs find nothing and end.
    pub async fn delete_webhook_endpoint(&mut self, id: i64) -> Result<(), StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "DELETE FROM webhook_endpoints WHERE id = $1",
        )
        .bind(id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}

impl Store {
    /// Every endpoint, oldest first.
    pub async fn webhook_endpoints(&self) -> Result<Vec<EndpointRow>, StoreError> {
        let sql = format!("SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY id");
        Ok(on_pool!(self, pool => sqlx::query_as(&sql).fetch_all(pool).await)?)
    }

    /// The endpoint `id`.
    pub async fn webhook_endpoint(&self, id: i64) -> Result<EndpointRow, StoreError> {
        let sql = format!("SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1");
        on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?
        .ok_or(StoreError::NotFound)
    }

    /// The delivery `id`, if it is still there.
    pub async fn webhook_delivery(&self, id: i64) -> Result<Option<DeliveryRow>, StoreError> {
        let sql = format!("SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1");
        Ok(on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?)
    }

    /// An endpoint's deliveries, newest first: those before the id
    /// `before` when given, at most `limit`.
    pub async fn webhook_deliveries(
        &self,
        endpoint_id: i64,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>, StoreError> {
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 \
             AND id < $2 ORDER BY id DESC LIMIT $3"
        );
        Ok(on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(endpoint_id)
            .bind(before.unwrap_or(i64::MAX))
            .bind(limit)
            .fetch_all(pool)
            .await)?)
    }

    /// The attempts at the deliveries `ids`, oldest first.
    pub async fn webhook_attempts(&self, ids: &[i64]) -> Result<Vec<AttemptRow>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = ids
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT id, delivery_id, attempted_at, status_code, answer, duration_ms \
             FROM webhook_attempts WHERE delivery_id IN ({list}) ORDER BY id"
        );
        Ok(on_pool!(self, pool => sqlx::query_as(&sql).fetch_all(pool).await)?)
    }

    /// Records an attempt at delivery `id` at `at` and what it came to:
    /// delivered on a 2xx, failed when it was the last, pending otherwise.
    pub async fn record_webhook_attempt(
        &self,
        id: i64,
        attempt: &Attempt,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        let status = if attempt.delivered {
            DeliveryStatus::Delivered
        } else if attempt.last {
            DeliveryStatus::Failed
        } else {
            DeliveryStatus::Pending
        };
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, answer, \
             duration_ms) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(at)
        .bind(attempt.status_code.map(i64::from))
        .bind(&attempt.answer)
        .bind(attempt.duration_ms)
        .execute(conn)
        .await
        .map(|_| ()))?;
        on_tx!(tx, conn => sqlx::query(
            "UPDATE webhook_deliveries SET attempts = attempts + 1, status = $1, \
             delivered_at = $2 WHERE id = $3 AND status <> $4",
        )
        .bind(status.as_str())
        .bind(attempt.delivered.then_some(at))
        .bind(id)
        .bind(DeliveryStatus::Delivered.as_str())
        .execute(conn)
        .await
        .map(|_| ()))?;
        tx.commit().await
    }
}

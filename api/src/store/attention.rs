//! The bookings that may be waiting for someone (issue 21): the pending
//! requests to a mentor's profile and the unpaid holds a learner made, in
//! one query. Whether each still waits now is the domain crate's rule
//! (`domain_wasm::attention`).

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::{Store, StoreError, on_pool};

/// A booking that may wait for the caller.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct AttentionRow {
    pub id: String,
    /// As stored: `pending` (a request to the caller's profile) or
    /// `payment_required` (a hold the caller made).
    pub status: String,
    pub start_at: DateTime<Utc>,
    pub respond_by: Option<DateTime<Utc>>,
    pub pay_by: Option<DateTime<Utc>>,
    /// The gateway is confirming a payment for it.
    pub payment_confirming: bool,
    /// The caller is its mentor (else its learner).
    pub as_mentor: bool,
    /// The service's title when booked.
    pub service_title: String,
    /// The other side: the learner's name for the mentor, the mentor's for
    /// the learner.
    pub with_name: String,
}

const SQL: &str = "SELECT b.id, b.status, b.start_at, b.respond_by, b.pay_by, \
     EXISTS (SELECT 1 FROM payments c WHERE c.booking_id = b.id AND c.status = 'created' \
       AND c.confirming_since IS NOT NULL) AS payment_confirming, \
     (b.status = 'pending') AS as_mentor, b.service_title, \
     CASE WHEN b.status = 'pending' THEN u.name ELSE m.name END AS with_name \
     FROM bookings b \
     JOIN mentors m ON m.id = b.mentor_id \
     JOIN users u ON u.id = b.learner_id \
     WHERE (b.mentor_id = $2 AND b.status = 'pending') \
        OR (b.learner_id = $1 AND b.status = 'payment_required') \
     ORDER BY b.start_at, b.id";

impl Store {
    /// The pending requests to `mentor_id`'s profile (when the caller runs
    /// one) and the unpaid holds `user_id` made, by start.
    pub async fn attention(
        &self,
        user_id: i64,
        mentor_id: Option<i64>,
    ) -> Result<Vec<AttentionRow>, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, AttentionRow>(SQL)
            .bind(user_id)
            .bind(mentor_id)
            .fetch_all(pool)
            .await)?,
        )
    }
}

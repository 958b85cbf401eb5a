//! The one claim mechanism of the store's work queues: the e-mail outbox
//! ([`super::outbox`]) and the jobs ([`super::jobs`]).
//!
//! A queue is a table whose rows have an `id`, a `status` (`'pending'`
//! until the work is settled), a column saying when a row is (next) due,
//! and `claimed_until`, a lease. A worker lists the due rows nobody holds
//! ([`Store::due`]), then claims each with a conditional `UPDATE` that only
//! succeeds on a pending, due, unclaimed (or lease-expired) row
//! ([`Store::claim`]), so of several workers on one database (several API
//! processes on PostgreSQL) exactly one gets each row.
//!
//! The lease's end the claim set is the claim's token ([`Claim`]): an
//! outcome is recorded ([`Store::settle`]) only while the row is still
//! pending and still carries that lease. A worker whose lease ran out and
//! whose row was claimed again by another, or whose row was re-planned
//! meanwhile (a job enqueued again clears the claim), changes nothing and
//! learns so: the newer claim's outcome stands.
//!
//! The SQL is written once for both engines. On SQLite, times are RFC 3339
//! text in UTC, which compares in time order and, read back and bound
//! again, compares equal to itself.

use chrono::{DateTime, Utc};
use sqlx::FromRow;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;

use super::{Store, StoreError, on_pool};

/// A table of claimable rows (see the module's documentation).
pub(super) struct Queue {
    /// The table's name.
    pub table: &'static str,
    /// The column saying when a row is (next) due.
    pub due_at: &'static str,
}

/// A worker's hold on one row: the row's id and the end of the lease its
/// claim set, which identifies this claim among later ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    pub id: i64,
    pub until: DateTime<Utc>,
}

impl Claim {
    /// The claim a row read back with its `claimed_until` stands for; `None`
    /// when the row is not held.
    pub fn of(id: i64, claimed_until: Option<DateTime<Utc>>) -> Option<Claim> {
        claimed_until.map(|until| Claim { id, until })
    }
}

/// A value an outcome's `SET` clause binds, from `$3` on.
pub(super) enum Value<'a> {
    Text(&'a str),
    Time(DateTime<Utc>),
}

impl Queue {
    fn due_sql(&self) -> String {
        let Queue { table, due_at } = self;
        format!(
            "SELECT id FROM {table} \
             WHERE status = 'pending' AND {due_at} <= $1 \
               AND (claimed_until IS NULL OR claimed_until < $1) \
             ORDER BY {due_at}, id LIMIT $2"
        )
    }

    fn claim_sql(&self, columns: &str) -> String {
        let Queue { table, due_at } = self;
        format!(
            "UPDATE {table} SET claimed_until = $1, attempts = attempts + 1 \
             WHERE id = $2 AND status = 'pending' AND {due_at} <= $3 \
               AND (claimed_until IS NULL OR claimed_until < $3) \
             RETURNING {columns}"
        )
    }

    fn settle_sql(&self, set: &str) -> String {
        let table = self.table;
        format!(
            "UPDATE {table} SET {set}, claimed_until = NULL \
             WHERE id = $1 AND status = 'pending' AND claimed_until = $2"
        )
    }
}

impl Store {
    /// Ids of `queue`'s pending rows due at `now` that no worker holds,
    /// oldest due first, at most `limit`.
    pub(super) async fn due(
        &self,
        queue: &Queue,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let sql = queue.due_sql();
        let rows: Vec<(i64,)> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(now)
            .bind(limit)
            .fetch_all(pool)
            .await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Claims row `id` of `queue` until `lease_until` and counts the
    /// attempt; returns the row as `columns` after the claim. `None` when
    /// it is not (or no longer) pending, due and free: another worker
    /// claimed it first, or it changed meanwhile.
    pub(super) async fn claim<R>(
        &self,
        queue: &Queue,
        columns: &str,
        id: i64,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Option<R>, StoreError>
    where
        R: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        let sql = queue.claim_sql(columns);
        let row: Option<R> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(lease_until)
            .bind(id)
            .bind(now)
            .fetch_optional(pool)
            .await)?;
        Ok(row)
    }

    /// Records an outcome on a claimed row: `set` is the `SET` clause's
    /// assignments (the claim is released with them), its placeholders
    /// `$3`, `$4`, ... bound to `values` in order. Changes the row only
    /// while it is pending and `claim` still holds it; false when the claim
    /// was lost (its lease taken over, or the row re-planned or settled
    /// meanwhile), the row then left as the newer change made it.
    pub(super) async fn settle(
        &self,
        queue: &Queue,
        claim: Claim,
        set: &str,
        values: &[Value<'_>],
    ) -> Result<bool, StoreError> {
        let sql = queue.settle_sql(set);
        let changed = on_pool!(self, pool => {
            let mut query = sqlx::query(&sql).bind(claim.id).bind(claim.until);
            for value in values {
                query = match *value {
                    Value::Text(text) => query.bind(text),
                    Value::Time(time) => query.bind(time),
                };
            }
            query.execute(pool).await.map(|r| r.rows_affected())
        })?;
        Ok(changed == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEUE: Queue = Queue {
        table: "things",
        due_at: "due",
    };

    #[test]
    fn outcomes_check_the_claim() {
        let sql = QUEUE.settle_sql("status = 'done'");
        assert!(
            sql.ends_with("WHERE id = $1 AND status = 'pending' AND claimed_until = $2"),
            "{sql}"
        );
        assert!(
            sql.contains("SET status = 'done', claimed_until = NULL"),
            "{sql}"
        );
    }

    #[test]
    fn claims_take_only_due_free_pending_rows() {
        let sql = QUEUE.claim_sql("id");
        assert!(
            sql.contains(
                "status = 'pending' AND due <= $3 AND (claimed_until IS NULL OR claimed_until < $3)"
            ),
            "{sql}"
        );
        let due = QUEUE.due_sql();
        assert!(due.contains("ORDER BY due, id LIMIT $2"), "{due}");
    }
}

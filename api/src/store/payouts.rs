//! Mentors' payout details and payout batches (`payout_details`,
//! `payout_batches`, `payout_lines` of migration 0010), and what a mentor's
//! earnings are read from: their sessions' money in the ledger.
//!
//! Every read is a method of [`Tx`], so creating a batch reads and writes
//! in one unit of work; the API's reads open a read-only unit of work with
//! [`Store::begin_read`] (on SQLite a deferred transaction, which does not
//! take the write lock that [`Store::begin`] takes).

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::notices::Recipient;
use super::{Store, StoreError, Tx, TxInner, on_tx};

/// A mentor's payout details as stored (full numbers: only the mentor's
/// masked view and the administrator's export show them).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PayoutDetailsRow {
    pub mentor_id: i64,
    /// `bank` or `upi`.
    pub method: String,
    pub beneficiary_name: String,
    pub account_number: Option<String>,
    pub ifsc: Option<String>,
    pub upi_id: Option<String>,
    /// `weekly` or `monthly`.
    pub schedule: String,
    pub updated_at: DateTime<Utc>,
}

/// Payout details to store, checked by `domain_wasm::payouts::check_payout_details`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPayoutDetails<'a> {
    pub method: &'a str,
    pub beneficiary_name: &'a str,
    pub account_number: Option<&'a str>,
    pub ifsc: Option<&'a str>,
    pub upi_id: Option<&'a str>,
    pub schedule: &'a str,
}

/// A payout batch with its totals.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BatchRow {
    pub id: i64,
    pub period_end: DateTime<Utc>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub line_count: i64,
    pub total_paise: i64,
    pub paid_paise: i64,
    pub pending_count: i64,
    pub failed_count: i64,
    /// The sandbox's money, which never moved (issue 19).
    pub sandbox: bool,
}

/// One line of a batch: one mentor's payout, with the details it was made with.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct LineRow {
    pub id: i64,
    pub batch_id: i64,
    pub mentor_id: i64,
    pub mentor_name: String,
    pub amount_paise: i64,
    pub method: String,
    pub beneficiary_name: String,
    pub account_number: Option<String>,
    pub ifsc: Option<String>,
    pub upi_id: Option<String>,
    pub reference: String,
    /// `pending`, `paid` or `failed`.
    pub status: String,
    pub failure_reason: Option<String>,
    pub paid_at: Option<DateTime<Utc>>,
    pub failed_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// When its batch was created.
    pub created_at: DateTime<Utc>,
}

/// A new line of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine<'a> {
    pub batch_id: i64,
    pub mentor_id: i64,
    pub amount_paise: i64,
    pub details: &'a PayoutDetailsRow,
}

/// One of a mentor's sessions that moved money, as the ledger has it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SessionMoney {
    pub booking_id: String,
    pub service_title: String,
    /// The stored status.
    pub status: String,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub no_show_by: Option<String>,
    /// Money captured for it.
    pub gross_paise: i64,
    /// The platform's commission kept, after refunds.
    pub commission_paise: i64,
    /// The mentor's net credited for it, after refunds.
    pub net_paise: i64,
    /// Refunds asked for or on their way (`requested`, `pending`), and the
    /// gateway's own refunds on their way and disputes still open, and a
    /// no-show report not yet settled: the session's net is held meanwhile.
    pub open_refunds: i64,
}

const LINE_SELECT: &str = "SELECT l.id, l.batch_id, l.mentor_id, m.name AS mentor_name, \
     CAST(l.amount_paise AS BIGINT) AS amount_paise, l.method, l.beneficiary_name, \
     l.account_number, l.ifsc, l.upi_id, l.reference, l.status, l.failure_reason, l.paid_at, \
     l.failed_at, l.updated_at, b.created_at \
     FROM payout_lines l JOIN payout_batches b ON b.id = l.batch_id \
     JOIN mentors m ON m.id = l.mentor_id";

const BATCH_SELECT: &str = "SELECT b.id, b.period_end, b.created_by, b.created_at, \
     CAST((SELECT COUNT(*) FROM payout_lines l WHERE l.batch_id = b.id) AS BIGINT) AS line_count, \
     CAST(COALESCE((SELECT SUM(l.amount_paise) FROM payout_lines l WHERE l.batch_id = b.id), 0) AS BIGINT) AS total_paise, \
     CAST(COALESCE((SELECT SUM(l.amount_paise) FROM payout_lines l WHERE l.batch_id = b.id AND l.status = 'paid'), 0) AS BIGINT) AS paid_paise, \
     CAST((SELECT COUNT(*) FROM payout_lines l WHERE l.batch_id = b.id AND l.status = 'pending') AS BIGINT) AS pending_count, \
     CAST((SELECT COUNT(*) FROM payout_lines l WHERE l.batch_id = b.id AND l.status = 'failed') AS BIGINT) AS failed_count, \
     EXISTS (SELECT 1 FROM payout_lines l JOIN ledger_txns t ON t.payout_line_id = l.id \
       WHERE l.batch_id = b.id AND t.event = 'payout' AND t.sandbox) AS sandbox \
     FROM payout_batches b";

const DETAILS_SELECT: &str = "SELECT mentor_id, method, beneficiary_name, account_number, ifsc, \
     upi_id, schedule, updated_at FROM payout_details";

impl Store {
    /// A unit of work that only reads: on SQLite a deferred transaction
    /// (no write lock), on PostgreSQL an ordinary one. Drop it when done.
    pub async fn begin_read(&self) -> Result<Tx, StoreError> {
        let inner = match self {
            Store::Sqlite(pool) => TxInner::Sqlite(pool.begin().await?),
            Store::Postgres(pool) => TxInner::Postgres(pool.begin().await?),
        };
        Ok(Tx { inner })
    }
}

impl Tx {
    /// The mentor's payout details, if they gave any.
    pub async fn payout_details(
        &mut self,
        mentor_id: i64,
    ) -> Result<Option<PayoutDetailsRow>, StoreError> {
        let sql = format!("{DETAILS_SELECT} WHERE mentor_id = $1");
        Ok(
            on_tx!(self, conn => sqlx::query_as::<_, PayoutDetailsRow>(&sql)
            .bind(mentor_id)
            .fetch_optional(conn)
            .await)?,
        )
    }

    /// Stores (adds or replaces) the mentor's payout details.
    pub async fn set_payout_details(
        &mut self,
        mentor_id: i64,
        d: &NewPayoutDetails<'_>,
        now: DateTime<Utc>,
    ) -> Result<PayoutDetailsRow, StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO payout_details (mentor_id, method, beneficiary_name, account_number, \
             ifsc, upi_id, schedule, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (mentor_id) DO UPDATE SET method = excluded.method, \
             beneficiary_name = excluded.beneficiary_name, account_number = excluded.account_number, \
             ifsc = excluded.ifsc, upi_id = excluded.upi_id, schedule = excluded.schedule, \
             updated_at = excluded.updated_at",
        )
        .bind(mentor_id)
        .bind(d.method)
        .bind(d.beneficiary_name)
        .bind(d.account_number)
        .bind(d.ifsc)
        .bind(d.upi_id)
        .bind(d.schedule)
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
        self.payout_details(mentor_id)
            .await?
            .ok_or(StoreError::NotFound)
    }

    /// Makes payout batches one at a time: two made at once would both
    /// read a mentor's balance before the other's lines and pay it twice.
    /// On PostgreSQL a lock on `payout_batches` that conflicts with itself,
    /// held until this unit of work ends; on SQLite the unit of work
    /// already holds the database's one write lock ([`Store::begin`]).
    pub async fn lock_payout_batches(&mut self) -> Result<(), StoreError> {
        if let TxInner::Postgres(t) = &mut self.inner {
            sqlx::query("LOCK TABLE payout_batches IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut **t)
                .await?;
        }
        Ok(())
    }

    /// The mentors whose ledger account has any entry, by id (of the
    /// sandbox's money only `with_sandbox`).
    pub async fn mentors_with_earnings(
        &mut self,
        with_sandbox: bool,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_scalar::<_, i64>(
            "SELECT DISTINCT e.mentor_id FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id \
             WHERE e.account = 'mentor' AND e.mentor_id IS NOT NULL AND (t.sandbox = FALSE OR $1) \
             ORDER BY e.mentor_id",
        )
        .bind(with_sandbox)
        .fetch_all(conn)
        .await)?)
    }

    /// The mentor's sessions that moved money, by the session's end; the
    /// sandbox's money counts only `with_sandbox`.
    pub async fn mentor_sessions_money(
        &mut self,
        mentor_id: i64,
        with_sandbox: bool,
    ) -> Result<Vec<SessionMoney>, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_as::<_, SessionMoney>(
            "SELECT b.id AS booking_id, b.service_title, b.status, b.start_at, b.end_at, b.no_show_by, \
             CAST(COALESCE((SELECT SUM(p.amount_paise) FROM payments p \
               WHERE p.booking_id = b.id AND p.status = 'captured' \
               AND (p.gateway <> 'sandbox' OR $2)), 0) AS BIGINT) AS gross_paise, \
             CAST(COALESCE((SELECT -SUM(e.amount_paise) FROM ledger_entries e \
               JOIN ledger_txns t ON t.id = e.txn_id \
               WHERE t.booking_id = b.id AND e.account = 'commission' \
               AND (t.sandbox = FALSE OR $2)), 0) AS BIGINT) AS commission_paise, \
             CAST(COALESCE((SELECT -SUM(e.amount_paise) FROM ledger_entries e \
               JOIN ledger_txns t ON t.id = e.txn_id \
               WHERE t.booking_id = b.id AND e.account = 'mentor' AND e.mentor_id = $1 \
               AND (t.sandbox = FALSE OR $2)), 0) AS BIGINT) AS net_paise, \
             CAST((SELECT COUNT(*) FROM refunds r \
               WHERE r.booking_id = b.id AND r.status IN ('requested', 'pending')) \
               + (SELECT COUNT(*) FROM gateway_adjustments g WHERE g.booking_id = b.id \
               AND g.status IN ('pending', 'open', 'under_review')) \
               + (SELECT COUNT(*) FROM no_show_reports n WHERE n.booking_id = b.id \
               AND n.state <> 'settled') AS BIGINT) AS open_refunds \
             FROM bookings b \
             WHERE b.mentor_id = $1 AND EXISTS (SELECT 1 FROM ledger_txns t WHERE t.booking_id = b.id \
               AND (t.sandbox = FALSE OR $2)) \
             ORDER BY b.end_at, b.id",
        )
        .bind(mentor_id)
        .bind(with_sandbox)
        .fetch_all(conn)
        .await)?)
    }

    /// The mentor's account (name, address, zone) for their mail, when
    /// their profile has one.
    pub async fn mentor_recipient(
        &mut self,
        mentor_id: i64,
    ) -> Result<Option<Recipient>, StoreError> {
        let row: Option<(String, String, String)> = on_tx!(self, conn => sqlx::query_as(
            "SELECT COALESCE(NULLIF(TRIM(u.name), ''), m.name), u.email, u.time_zone \
             FROM mentors m JOIN users u ON u.id = m.user_id WHERE m.id = $1",
        )
        .bind(mentor_id)
        .fetch_optional(conn)
        .await)?;
        Ok(row.map(|(name, email, time_zone)| Recipient {
            name,
            email,
            time_zone,
        }))
    }

    /// The mentor's name as the catalogue shows it.
    pub async fn mentor_name(&mut self, mentor_id: i64) -> Result<String, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_scalar::<_, String>(
            "SELECT name FROM mentors WHERE id = $1",
        )
        .bind(mentor_id)
        .fetch_one(conn)
        .await)?)
    }

    /// Marks a confirmed booking whose end has passed completed at its end
    /// (the demo's sessions that took place before the server started).
    pub async fn complete_at_end(&mut self, booking_id: &str) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE bookings SET status = 'completed', completed_at = end_at, updated_at = end_at \
             WHERE id = $1 AND status = 'confirmed'",
        )
        .bind(booking_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Every batch, newest first.
    pub async fn payout_batches(&mut self) -> Result<Vec<BatchRow>, StoreError> {
        let sql = format!("{BATCH_SELECT} ORDER BY b.id DESC");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, BatchRow>(&sql)
            .fetch_all(conn)
            .await)?)
    }

    /// Batch `id`.
    pub async fn payout_batch(&mut self, id: i64) -> Result<Option<BatchRow>, StoreError> {
        let sql = format!("{BATCH_SELECT} WHERE b.id = $1");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, BatchRow>(&sql)
            .bind(id)
            .fetch_optional(conn)
            .await)?)
    }

    /// The lines of batch `batch_id`, by id.
    pub async fn payout_lines_of_batch(
        &mut self,
        batch_id: i64,
    ) -> Result<Vec<LineRow>, StoreError> {
        let sql = format!("{LINE_SELECT} WHERE l.batch_id = $1 ORDER BY l.id");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, LineRow>(&sql)
            .bind(batch_id)
            .fetch_all(conn)
            .await)?)
    }

    /// The mentor's payout lines, newest first.
    pub async fn payout_lines_of_mentor(
        &mut self,
        mentor_id: i64,
    ) -> Result<Vec<LineRow>, StoreError> {
        let sql = format!("{LINE_SELECT} WHERE l.mentor_id = $1 ORDER BY l.id DESC");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, LineRow>(&sql)
            .bind(mentor_id)
            .fetch_all(conn)
            .await)?)
    }

    /// Line `line_id` of batch `batch_id`.
    pub async fn payout_line(
        &mut self,
        batch_id: i64,
        line_id: i64,
    ) -> Result<Option<LineRow>, StoreError> {
        let sql = format!("{LINE_SELECT} WHERE l.batch_id = $1 AND l.id = $2");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, LineRow>(&sql)
            .bind(batch_id)
            .bind(line_id)
            .fetch_optional(conn)
            .await)?)
    }

    /// A new batch for money available by `period_end`; its id.
    pub async fn insert_payout_batch(
        &mut self,
        period_end: DateTime<Utc>,
        created_by: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_scalar::<_, i64>(
            "INSERT INTO payout_batches (period_end, created_by, created_at) \
             VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(period_end)
        .bind(created_by)
        .bind(now)
        .fetch_one(conn)
        .await)?)
    }

    /// A new pending line, its reference made from its id by `reference`;
    /// the line's id.
    pub async fn insert_payout_line(
        &mut self,
        line: &NewLine<'_>,
        reference: impl Fn(i64) -> String,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let d = line.details;
        // The reference names the line's id, known once it is inserted:
        // a placeholder unique to (batch, mentor) until then.
        let placeholder = format!("new-{}-{}", line.batch_id, line.mentor_id);
        let id = on_tx!(self, conn => sqlx::query_scalar::<_, i64>(
            "INSERT INTO payout_lines (batch_id, mentor_id, amount_paise, method, beneficiary_name, \
             account_number, ifsc, upi_id, reference, status, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10) RETURNING id",
        )
        .bind(line.batch_id)
        .bind(line.mentor_id)
        .bind(line.amount_paise)
        .bind(&d.method)
        .bind(&d.beneficiary_name)
        .bind(&d.account_number)
        .bind(&d.ifsc)
        .bind(&d.upi_id)
        .bind(&placeholder)
        .bind(now)
        .fetch_one(conn)
        .await)?;
        on_tx!(self, conn => sqlx::query("UPDATE payout_lines SET reference = $1 WHERE id = $2")
            .bind(reference(id))
            .bind(id)
            .execute(conn)
            .await
            .map(|_| ()))?;
        Ok(id)
    }

    /// Settles a pending line as `paid` or `failed` (with its reason):
    /// `false` when it was not pending (settled before, or meanwhile).
    pub async fn settle_payout_line(
        &mut self,
        line_id: i64,
        paid: bool,
        failure_reason: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = if paid {
            on_tx!(self, conn => sqlx::query(
                "UPDATE payout_lines SET status = 'paid', paid_at = $1, updated_at = $1 \
                 WHERE id = $2 AND status = 'pending'",
            )
            .bind(now)
            .bind(line_id)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?
        } else {
            on_tx!(self, conn => sqlx::query(
                "UPDATE payout_lines SET status = 'failed', failed_at = $1, updated_at = $1, \
                 failure_reason = $3 WHERE id = $2 AND status = 'pending'",
            )
            .bind(now)
            .bind(line_id)
            .bind(failure_reason)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?
        };
        Ok(done == 1)
    }
}

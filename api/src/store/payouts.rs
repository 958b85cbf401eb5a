//! Mentors' payout details and payout batches (`payout_details`,
//! `payout_batches`, `payout_lines` of migration 0010), and what a mentor's
//! earnings are read from: their sessions' money in the ledger.
//!
//! Every read is a method of [`Tx`], so creating a batch reads and writes
//! in one unit of work; the API's reads open a read-only unit of work with
//! [`Store::begin_read`] (on SQLite a deferred transaction, which does not
//! take the write lock that [`Store::begin`] takes).

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use sqlx::FromRow;

use super::notices::Recipient;
use super::paise::amount;
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
    /// The PAN, for TDS.
    pub pan: Option<String>,
    /// A change of where the money goes, waiting until `pending_effective_at`.
    pub pending_method: Option<String>,
    pub pending_beneficiary_name: Option<String>,
    pub pending_account_number: Option<String>,
    pub pending_ifsc: Option<String>,
    pub pending_upi_id: Option<String>,
    pub pending_requested_at: Option<DateTime<Utc>>,
    pub pending_effective_at: Option<DateTime<Utc>>,
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
    pub pan: Option<&'a str>,
}

/// A payout batch with its totals.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BatchRow {
    pub id: i64,
    pub period_end: DateTime<Utc>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub line_count: i64,
    #[sqlx(try_from = "i64")]
    pub total_paise: Paise,
    #[sqlx(try_from = "i64")]
    pub paid_paise: Paise,
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
    #[sqlx(try_from = "i64")]
    pub amount_paise: Paise,
    pub method: String,
    pub beneficiary_name: String,
    pub account_number: Option<String>,
    pub ifsc: Option<String>,
    pub upi_id: Option<String>,
    pub reference: String,
    #[sqlx(try_from = "String")]
    pub status: domain_wasm::payouts::LineStatus,
    pub failure_reason: Option<String>,
    pub paid_at: Option<DateTime<Utc>>,
    pub failed_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// When its batch was created.
    pub created_at: DateTime<Utc>,
    /// What the sessions it paid grossed (issue 20; 0 before).
    #[sqlx(try_from = "i64")]
    pub gross_paise: Paise,
    /// The TDS deducted from it; `amount_paise` is what was sent after it.
    #[sqlx(try_from = "i64")]
    pub tds_paise: Paise,
}

/// A new line of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine<'a> {
    pub batch_id: i64,
    pub mentor_id: i64,
    pub amount_paise: Paise,
    pub gross_paise: Paise,
    pub tds_paise: Paise,
    pub details: &'a PayoutDetailsRow,
}

/// One of a mentor's sessions that moved money, as the ledger has it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SessionMoney {
    pub booking_id: String,
    pub service_title: String,
    /// The stored status.
    #[sqlx(try_from = "String")]
    pub status: domain_wasm::booking::Status,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub no_show_by: Option<String>,
    /// Money captured for it.
    #[sqlx(try_from = "i64")]
    pub gross_paise: Paise,
    /// The platform's commission kept, after refunds (a signed sum of the
    /// ledger, as the mentor's net below).
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
     l.failed_at, l.updated_at, b.created_at, \
     CAST(l.gross_paise AS BIGINT) AS gross_paise, CAST(l.tds_paise AS BIGINT) AS tds_paise \
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
     upi_id, schedule, updated_at, pan, pending_method, pending_beneficiary_name, \
     pending_account_number, pending_ifsc, pending_upi_id, pending_requested_at, \
     pending_effective_at FROM payout_details";

impl Store {
    /// A unit of work that only reads: on SQLite a deferred transaction
    /// (no write lock), on PostgreSQL an ordinary one. Drop it when done.
    pub async fn begin_read(&self) -> Result<Tx, StoreError> {
        let inner = match self {
            Store::Sqlite(pool) => TxInner::Sqlite(pool.begin().await?),
            Store::Postgres(pool) => TxInner::Postgres(pool.begin().await?),
        };
        Ok(Tx {
            inner,
            notified: Vec::new(),
        })
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

    /// Stores (adds or replaces) the mentor's payout details at once,
    /// dropping any pending change.
    pub async fn set_payout_details(
        &mut self,
        mentor_id: i64,
        d: &NewPayoutDetails<'_>,
        now: DateTime<Utc>,
    ) -> Result<PayoutDetailsRow, StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO payout_details (mentor_id, method, beneficiary_name, account_number, \
             ifsc, upi_id, schedule, updated_at, pan) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (mentor_id) DO UPDATE SET method = excluded.method, \
             beneficiary_name = excluded.beneficiary_name, account_number = excluded.account_number, \
             ifsc = excluded.ifsc, upi_id = excluded.upi_id, schedule = excluded.schedule, \
             updated_at = excluded.updated_at, pan = excluded.pan, pending_method = NULL, \
             pending_beneficiary_name = NULL, pending_account_number = NULL, pending_ifsc = NULL, \
             pending_upi_id = NULL, pending_requested_at = NULL, pending_effective_at = NULL",
        )
        .bind(mentor_id)
        .bind(d.method)
        .bind(d.beneficiary_name)
        .bind(d.account_number)
        .bind(d.ifsc)
        .bind(d.upi_id)
        .bind(d.schedule)
        .bind(now)
        .bind(d.pan)
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
             account_number, ifsc, upi_id, reference, status, updated_at, gross_paise, tds_paise) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12) RETURNING id",
        )
        .bind(line.batch_id)
        .bind(line.mentor_id)
        .bind(line.amount_paise.to_i64())
        .bind(&d.method)
        .bind(&d.beneficiary_name)
        .bind(&d.account_number)
        .bind(&d.ifsc)
        .bind(&d.upi_id)
        .bind(&placeholder)
        .bind(now)
        .bind(line.gross_paise.to_i64())
        .bind(line.tds_paise.to_i64())
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

/// A payout detail stored sealed (or, from before, in clear): where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecretColumn {
    AccountNumber,
    UpiId,
    Pan,
    PendingAccountNumber,
    PendingUpiId,
    LineAccountNumber,
    LineUpiId,
}

impl SecretColumn {
    pub const ALL: [SecretColumn; 7] = [
        SecretColumn::AccountNumber,
        SecretColumn::UpiId,
        SecretColumn::Pan,
        SecretColumn::PendingAccountNumber,
        SecretColumn::PendingUpiId,
        SecretColumn::LineAccountNumber,
        SecretColumn::LineUpiId,
    ];

    /// `(table, key column, column)`.
    fn place(self) -> (&'static str, &'static str, &'static str) {
        match self {
            SecretColumn::AccountNumber => ("payout_details", "mentor_id", "account_number"),
            SecretColumn::UpiId => ("payout_details", "mentor_id", "upi_id"),
            SecretColumn::Pan => ("payout_details", "mentor_id", "pan"),
            SecretColumn::PendingAccountNumber => {
                ("payout_details", "mentor_id", "pending_account_number")
            }
            SecretColumn::PendingUpiId => ("payout_details", "mentor_id", "pending_upi_id"),
            SecretColumn::LineAccountNumber => ("payout_lines", "id", "account_number"),
            SecretColumn::LineUpiId => ("payout_lines", "id", "upi_id"),
        }
    }
}

/// One stored value of a [`SecretColumn`]: its row's key, its mentor, the value.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SecretCell {
    pub row_key: i64,
    pub mentor_id: i64,
    pub value: String,
}

/// One session's TDS, as deducted (`tds_deductions` of migration 0014).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TdsRow {
    pub booking_id: String,
    pub mentor_id: i64,
    pub payout_line_id: i64,
    pub fy: String,
    pub quarter: i32,
    #[sqlx(try_from = "i64")]
    pub gross_paise: Paise,
    /// The session's commission and the mentor's net as the ledger had
    /// them (signed sums).
    pub commission_paise: i64,
    pub net_paise: i64,
    pub pan_given: bool,
    pub rate_bps: i64,
    #[sqlx(try_from = "i64")]
    pub taxable_paise: Paise,
    #[sqlx(try_from = "i64")]
    pub tds_paise: Paise,
    #[sqlx(try_from = "i64")]
    pub refunded_paise: Paise,
    #[sqlx(try_from = "i64")]
    pub reversed_paise: Paise,
    pub deducted_at: DateTime<Utc>,
    /// The session's end, and its service's title.
    pub end_at: DateTime<Utc>,
    pub service_title: String,
    /// The payout line's reference.
    pub reference: String,
}

const TDS_SELECT: &str = "SELECT d.booking_id, d.mentor_id, d.payout_line_id, d.fy, \
     CAST(d.quarter AS INTEGER) AS quarter, CAST(d.gross_paise AS BIGINT) AS gross_paise, \
     CAST(d.commission_paise AS BIGINT) AS commission_paise, CAST(d.net_paise AS BIGINT) AS net_paise, \
     d.pan_given, CAST(d.rate_bps AS BIGINT) AS rate_bps, CAST(d.taxable_paise AS BIGINT) AS taxable_paise, \
     CAST(d.tds_paise AS BIGINT) AS tds_paise, CAST(d.refunded_paise AS BIGINT) AS refunded_paise, \
     CAST(d.reversed_paise AS BIGINT) AS reversed_paise, d.deducted_at, b.end_at, b.service_title, \
     l.reference FROM tds_deductions d JOIN bookings b ON b.id = d.booking_id \
     JOIN payout_lines l ON l.id = d.payout_line_id";

/// A session's TDS to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTds<'a> {
    pub booking_id: &'a str,
    pub mentor_id: i64,
    pub payout_line_id: i64,
    pub fy: &'a str,
    pub quarter: i32,
    pub gross_paise: Paise,
    pub commission_paise: i64,
    pub net_paise: i64,
    pub pan_given: bool,
    pub rate_bps: i64,
    pub taxable_paise: Paise,
    pub tds_paise: Paise,
}

impl Tx {
    /// Stores a change of where the mentor's money goes, to take effect
    /// at `effective_at` (replacing a change waiting before); the schedule
    /// and the PAN change at once.
    pub async fn set_pending_payout_details(
        &mut self,
        mentor_id: i64,
        d: &NewPayoutDetails<'_>,
        requested_at: DateTime<Utc>,
        effective_at: DateTime<Utc>,
    ) -> Result<PayoutDetailsRow, StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE payout_details SET pending_method = $2, pending_beneficiary_name = $3, \
             pending_account_number = $4, pending_ifsc = $5, pending_upi_id = $6, \
             pending_requested_at = $7, pending_effective_at = $8, schedule = $9, pan = $10, \
             updated_at = $7 WHERE mentor_id = $1",
        )
        .bind(mentor_id)
        .bind(d.method)
        .bind(d.beneficiary_name)
        .bind(d.account_number)
        .bind(d.ifsc)
        .bind(d.upi_id)
        .bind(requested_at)
        .bind(effective_at)
        .bind(d.schedule)
        .bind(d.pan)
        .execute(conn)
        .await
        .map(|_| ()))?;
        self.payout_details(mentor_id)
            .await?
            .ok_or(StoreError::NotFound)
    }

    /// Changes the schedule and the PAN at once, dropping any pending
    /// change (the new details are the current ones again).
    pub async fn set_payout_schedule_and_pan(
        &mut self,
        mentor_id: i64,
        schedule: &str,
        pan: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<PayoutDetailsRow, StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE payout_details SET schedule = $2, pan = $3, updated_at = $4, \
             pending_method = NULL, pending_beneficiary_name = NULL, pending_account_number = NULL, \
             pending_ifsc = NULL, pending_upi_id = NULL, pending_requested_at = NULL, \
             pending_effective_at = NULL WHERE mentor_id = $1",
        )
        .bind(mentor_id)
        .bind(schedule)
        .bind(pan)
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
        self.payout_details(mentor_id)
            .await?
            .ok_or(StoreError::NotFound)
    }

    /// Drops the mentor's pending change: `false` when there was none.
    pub async fn cancel_pending_payout_details(
        &mut self,
        mentor_id: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE payout_details SET pending_method = NULL, pending_beneficiary_name = NULL, \
             pending_account_number = NULL, pending_ifsc = NULL, pending_upi_id = NULL, \
             pending_requested_at = NULL, pending_effective_at = NULL, updated_at = $2 \
             WHERE mentor_id = $1 AND pending_method IS NOT NULL",
        )
        .bind(mentor_id)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Makes the mentor's pending change current when its time has come
    /// (`pending_effective_at` ≤ `now`): `true` when it did.
    pub async fn apply_due_payout_details(
        &mut self,
        mentor_id: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE payout_details SET method = pending_method, \
             beneficiary_name = pending_beneficiary_name, account_number = pending_account_number, \
             ifsc = pending_ifsc, upi_id = pending_upi_id, updated_at = pending_effective_at, \
             pending_method = NULL, pending_beneficiary_name = NULL, pending_account_number = NULL, \
             pending_ifsc = NULL, pending_upi_id = NULL, pending_requested_at = NULL, \
             pending_effective_at = NULL \
             WHERE mentor_id = $1 AND pending_method IS NOT NULL AND pending_effective_at <= $2",
        )
        .bind(mentor_id)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Every stored value of `column` (not null), for sealing.
    pub async fn secret_cells(
        &mut self,
        column: SecretColumn,
    ) -> Result<Vec<SecretCell>, StoreError> {
        let (table, key, col) = column.place();
        let sql = format!(
            "SELECT CAST({key} AS BIGINT) AS row_key, CAST(mentor_id AS BIGINT) AS mentor_id, {col} AS value \
             FROM {table} WHERE {col} IS NOT NULL ORDER BY {key}"
        );
        Ok(on_tx!(self, conn => sqlx::query_as::<_, SecretCell>(&sql)
            .fetch_all(conn)
            .await)?)
    }

    /// Replaces one stored value of `column`, if it is still `old`.
    pub async fn replace_secret_cell(
        &mut self,
        column: SecretColumn,
        row: i64,
        old: &str,
        new: &str,
    ) -> Result<bool, StoreError> {
        let (table, key, col) = column.place();
        let sql = format!("UPDATE {table} SET {col} = $1 WHERE {key} = $2 AND {col} = $3");
        let done = on_tx!(self, conn => sqlx::query(&sql)
            .bind(new)
            .bind(row)
            .bind(old)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Records a session's TDS.
    pub async fn insert_tds(
        &mut self,
        t: &NewTds<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO tds_deductions (booking_id, mentor_id, payout_line_id, fy, quarter, \
             gross_paise, commission_paise, net_paise, pan_given, rate_bps, taxable_paise, \
             tds_paise, deducted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(t.booking_id)
        .bind(t.mentor_id)
        .bind(t.payout_line_id)
        .bind(t.fy)
        .bind(t.quarter)
        .bind(t.gross_paise.to_i64())
        .bind(t.commission_paise)
        .bind(t.net_paise)
        .bind(t.pan_given)
        .bind(t.rate_bps)
        .bind(t.taxable_paise.to_i64())
        .bind(t.tds_paise.to_i64())
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// What the mentor's sessions paid in financial year `fy` grossed.
    pub async fn tds_year_gross(&mut self, mentor_id: i64, fy: &str) -> Result<Paise, StoreError> {
        let sum = on_tx!(self, conn => sqlx::query_scalar::<_, i64>(
            "SELECT CAST(COALESCE(SUM(gross_paise), 0) AS BIGINT) FROM tds_deductions \
             WHERE mentor_id = $1 AND fy = $2",
        )
        .bind(mentor_id)
        .bind(fy)
        .fetch_one(conn)
        .await)?;
        amount("TDS year's gross", sum)
    }

    /// The TDS of booking `booking_id`, if a payout paid it.
    pub async fn tds_of_booking(&mut self, booking_id: &str) -> Result<Option<TdsRow>, StoreError> {
        let sql = format!("{TDS_SELECT} WHERE d.booking_id = $1");
        Ok(on_tx!(self, conn => sqlx::query_as::<_, TdsRow>(&sql)
            .bind(booking_id)
            .fetch_optional(conn)
            .await)?)
    }

    /// Adds a refund's gross and the TDS it gave back to a session's row.
    pub async fn add_tds_reversal(
        &mut self,
        booking_id: &str,
        refunded_paise: Paise,
        reversed_paise: Paise,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE tds_deductions SET refunded_paise = refunded_paise + $2, \
             reversed_paise = reversed_paise + $3 WHERE booking_id = $1",
        )
        .bind(booking_id)
        .bind(refunded_paise.to_i64())
        .bind(reversed_paise.to_i64())
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// The mentor's TDS rows, by deduction then booking; of one financial
    /// year and quarter when given.
    pub async fn tds_of_mentor(
        &mut self,
        mentor_id: i64,
        period: Option<(&str, i32)>,
    ) -> Result<Vec<TdsRow>, StoreError> {
        let (fy, quarter) = period.map_or((None, None), |(f, q)| (Some(f), Some(q)));
        let sql = format!(
            "{TDS_SELECT} WHERE d.mentor_id = $1 AND ($2 IS NULL OR d.fy = $2) \
             AND ($3 IS NULL OR d.quarter = $3) ORDER BY d.deducted_at, d.booking_id"
        );
        Ok(on_tx!(self, conn => sqlx::query_as::<_, TdsRow>(&sql)
            .bind(mentor_id)
            .bind(fy)
            .bind(quarter)
            .fetch_all(conn)
            .await)?)
    }
}

//! The double-entry ledger (`ledger_txns`, `ledger_entries` of migration
//! 0010) and the commission fixed on a payment at capture
//! (`payments.commission_bps/commission_paise/mentor_paise`).
//!
//! Amounts are signed paise: a debit is positive, a credit negative, and
//! the entries of one transaction sum to zero. Accounts: `gateway` (money
//! held: an asset), `commission` (the platform's revenue), `mentor` (owed
//! to a mentor; a credit balance), `payouts_in_transit`, `learner_credit`.
//! The balanced check and the postings themselves belong to
//! `domain_wasm::ledger`; [`crate::ledger::post`] writes them here.
//!
//! Reads come twice: on the pool ([`Store`]) for screens, and inside a
//! unit of work ([`Tx`]) for a use case that decides on them (a refund's
//! split, a payout's amount) and writes in the same transaction.

use chrono::{DateTime, Utc};

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// One line of the ledger's totals: a raw sum (debit positive) of an
/// account, per mentor for the `mentor` and `payouts_in_transit` accounts.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AccountTotal {
    pub account: String,
    pub mentor_id: Option<i64>,
    pub sum_paise: i64,
}

/// The money figures of the whole ledger (see [`Store::ledger_figures`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct LedgerFigures {
    /// Received from learners: the gateway's debits of `capture` transactions.
    pub captured_paise: i64,
    /// Returned to learners: the gateway's credits of `refund` transactions.
    pub refunded_paise: i64,
    /// Paid to mentors: the gateway's credits of `payout_paid` transactions.
    pub paid_out_paise: i64,
    /// Still held: the gateway account's (debit) balance.
    pub held_paise: i64,
    /// The platform's revenue: the commission account's credit balance.
    pub commission_paise: i64,
    /// The sum of every entry (0 when the ledger balances).
    pub total_paise: i64,
    /// Transactions whose entries do not sum to zero.
    pub unbalanced_txns: i64,
}

// ---- SQL, written once for both engines -------------------------------

const INSERT_TXN: &str = "INSERT INTO ledger_txns (id, event, booking_id, refund_id, payout_line_id, sandbox, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING";

const INSERT_ENTRY: &str = "INSERT INTO ledger_entries (txn_id, account, mentor_id, booking_id, amount_paise, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6)";

/// The mentor's credit balance: what the platform owes them (negative:
/// what they owe back).
const MENTOR_BALANCE: &str = "SELECT CAST(-COALESCE(SUM(e.amount_paise), 0) AS BIGINT) \
     FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id \
     WHERE e.account = 'mentor' AND e.mentor_id = $1 AND (t.sandbox = FALSE OR $2)";

/// What the mentor account was credited for one booking (captures less
/// refunds).
const BOOKING_NET: &str = "SELECT CAST(-COALESCE(SUM(amount_paise), 0) AS BIGINT) \
     FROM ledger_entries WHERE account = 'mentor' AND booking_id = $1";

const MENTOR_BOOKING_NETS: &str = "SELECT booking_id, CAST(-SUM(amount_paise) AS BIGINT) AS net \
     FROM ledger_entries WHERE account = 'mentor' AND mentor_id = $1 AND booking_id IS NOT NULL \
     GROUP BY booking_id ORDER BY booking_id";

const IN_TRANSIT: &str = "SELECT CAST(-COALESCE(SUM(amount_paise), 0) AS BIGINT) \
     FROM ledger_entries WHERE account = 'payouts_in_transit' AND mentor_id = $1";

const ACCOUNT_TOTALS: &str = "SELECT e.account, e.mentor_id, CAST(SUM(e.amount_paise) AS BIGINT) AS sum_paise \
     FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id WHERE (t.sandbox = FALSE OR $1) \
     GROUP BY e.account, e.mentor_id ORDER BY e.account, e.mentor_id";

/// The captured payment's amount and commission, and what refunds took
/// back from its commission and mentor's share so far. A payment captured
/// before the commission was recorded on payments takes its booking's rate,
/// rounded half up like `domain_wasm::commission::split`.
const BOOKING_COMMISSION: &str = "SELECT CAST(p.amount_paise AS BIGINT), \
     CAST(COALESCE(p.commission_paise, (p.amount_paise * b.commission_bps + 5000) / 10000) AS BIGINT), \
     CAST(COALESCE((SELECT SUM(e.amount_paise) FROM ledger_entries e \
        JOIN ledger_txns t ON t.id = e.txn_id \
        WHERE t.event = 'refund' AND e.booking_id = p.booking_id \
        AND e.account IN ('commission', 'mentor')), 0) AS BIGINT) \
     FROM payments p JOIN bookings b ON b.id = p.booking_id \
     WHERE p.booking_id = $1 AND p.status = 'captured'";

const FIGURES: &str = "SELECT \
     CAST(COALESCE(SUM(CASE WHEN e.account = 'gateway' AND t.event = 'capture' THEN e.amount_paise ELSE 0 END), 0) AS BIGINT) AS captured_paise, \
     CAST(-COALESCE(SUM(CASE WHEN e.account = 'gateway' AND t.event = 'refund' THEN e.amount_paise ELSE 0 END), 0) AS BIGINT) AS refunded_paise, \
     CAST(-COALESCE(SUM(CASE WHEN e.account = 'gateway' AND t.event = 'payout_paid' THEN e.amount_paise ELSE 0 END), 0) AS BIGINT) AS paid_out_paise, \
     CAST(COALESCE(SUM(CASE WHEN e.account = 'gateway' THEN e.amount_paise ELSE 0 END), 0) AS BIGINT) AS held_paise, \
     CAST(-COALESCE(SUM(CASE WHEN e.account = 'commission' THEN e.amount_paise ELSE 0 END), 0) AS BIGINT) AS commission_paise, \
     CAST(COALESCE(SUM(e.amount_paise), 0) AS BIGINT) AS total_paise, \
     CAST((SELECT COUNT(*) FROM ledger_txns x WHERE COALESCE((SELECT SUM(y.amount_paise) FROM ledger_entries y WHERE y.txn_id = x.id), 0) <> 0) AS BIGINT) AS unbalanced_txns \
     FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id WHERE (t.sandbox = FALSE OR $1)";

const RATE_OF: &str = "SELECT CAST(COALESCE((SELECT rate_bps FROM commission_overrides WHERE mentor_id = $1), \
     (SELECT rate_bps FROM commission_default WHERE id = 1)) AS BIGINT)";

impl Store {
    /// What the platform owes the mentor now (the `mentor` account's credit
    /// balance; negative when the mentor owes money back).
    /// The sandbox's money counts too.
    pub async fn mentor_balance(&self, mentor_id: i64) -> Result<i64, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_scalar::<_, i64>(MENTOR_BALANCE)
            .bind(mentor_id)
            .bind(true)
            .fetch_one(pool)
            .await)?,
        )
    }

    /// The mentor's net left from one booking: what its capture credited
    /// the mentor, less what refunds took back.
    pub async fn booking_net(&self, booking_id: &str) -> Result<i64, StoreError> {
        if !super::is_key(booking_id) {
            return Ok(0);
        }
        Ok(
            on_pool!(self, pool => sqlx::query_scalar::<_, i64>(BOOKING_NET)
            .bind(booking_id)
            .fetch_one(pool)
            .await)?,
        )
    }

    /// Each of the mentor's bookings with money in the ledger, with its
    /// net (as [`Store::booking_net`]), by booking id.
    pub async fn mentor_booking_nets(
        &self,
        mentor_id: i64,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, (String, i64)>(MENTOR_BOOKING_NETS)
            .bind(mentor_id)
            .fetch_all(pool)
            .await)?,
        )
    }

    /// What is in payout batches for the mentor and not yet paid (or failed).
    pub async fn in_transit(&self, mentor_id: i64) -> Result<i64, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_scalar::<_, i64>(IN_TRANSIT)
            .bind(mentor_id)
            .fetch_one(pool)
            .await)?,
        )
    }

    /// Every account's raw sum (debit positive), per mentor where the
    /// entries name one, ordered by account then mentor (the sandbox's
    /// money too).
    pub async fn account_totals(&self) -> Result<Vec<AccountTotal>, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, AccountTotal>(ACCOUNT_TOTALS)
            .bind(true)
            .fetch_all(pool)
            .await)?,
        )
    }

    /// The ledger's money figures, for the admin's report (the sandbox's
    /// money too).
    pub async fn ledger_figures(&self) -> Result<LedgerFigures, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, LedgerFigures>(FIGURES)
            .bind(true)
            .fetch_one(pool)
            .await)?,
        )
    }

    /// The account totals and the money figures as of one moment: both
    /// read in one snapshot (PostgreSQL: a repeatable-read, read-only
    /// transaction; SQLite: one read transaction), so a refund or payout
    /// committed between the two reads cannot make the report disagree
    /// with itself. The sandbox's money counts only `with_sandbox`.
    pub async fn ledger_snapshot(
        &self,
        with_sandbox: bool,
    ) -> Result<(Vec<AccountTotal>, LedgerFigures), StoreError> {
        let mut tx = self.begin_read().await?;
        if let super::TxInner::Postgres(t) = &mut tx.inner {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(&mut **t)
                .await?;
        }
        let totals = on_tx!(tx, conn => sqlx::query_as::<_, AccountTotal>(ACCOUNT_TOTALS)
            .bind(with_sandbox)
            .fetch_all(conn)
            .await)?;
        let figures = on_tx!(tx, conn => sqlx::query_as::<_, LedgerFigures>(FIGURES)
            .bind(with_sandbox)
            .fetch_one(conn)
            .await)?;
        Ok((totals, figures))
    }

    /// `(gross, commission, refunded_before)` of the booking's captured
    /// payment, for `domain_wasm::refunds::refund_split`: its amount, the
    /// commission fixed at capture, and what refunds took back so far
    /// (commission and mentor's share; overpayments are not counted).
    /// `NotFound` when the booking has no captured payment.
    pub async fn booking_commission(
        &self,
        booking_id: &str,
    ) -> Result<(i64, i64, i64), StoreError> {
        if !super::is_key(booking_id) {
            return Err(StoreError::NotFound);
        }
        let row = on_pool!(self, pool => sqlx::query_as::<_, (i64, i64, i64)>(BOOKING_COMMISSION)
            .bind(booking_id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }
}

/// A ledger transaction's header (a `ledger_txns` row): the event it
/// records and what it is about. Its id names the event
/// (`capture:<payments.id>`, ...).
#[derive(Debug, Clone, Copy)]
pub struct Txn<'a> {
    pub id: &'a str,
    /// One of [`crate::ledger::EVENTS`].
    pub event: &'a str,
    pub booking_id: Option<&'a str>,
    pub refund_id: Option<&'a str>,
    pub payout_line_id: Option<i64>,
    /// Money of the sandbox gateway, which never moved (issue 19): counted
    /// only on a site that runs the sandbox.
    pub sandbox: bool,
}

impl Tx {
    /// Records ledger transaction `txn`'s header at `now`: `false` (and
    /// nothing written) when a transaction with its id exists, so an event
    /// recorded twice is recorded once.
    pub async fn insert_ledger_txn(
        &mut self,
        txn: &Txn<'_>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(INSERT_TXN)
            .bind(txn.id)
            .bind(txn.event)
            .bind(txn.booking_id)
            .bind(txn.refund_id)
            .bind(txn.payout_line_id)
            .bind(txn.sandbox)
            .bind(now)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// One entry of a transaction (debit positive, credit negative).
    pub async fn insert_ledger_entry(
        &mut self,
        txn_id: &str,
        account: &str,
        mentor_id: Option<i64>,
        booking_id: Option<&str>,
        amount_paise: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(INSERT_ENTRY)
            .bind(txn_id)
            .bind(account)
            .bind(mentor_id)
            .bind(booking_id)
            .bind(amount_paise)
            .bind(now)
            .execute(conn)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// The commission rate for the mentor's sessions now: their override,
    /// else the default (read inside the unit of work).
    pub async fn commission_rate_of(&mut self, mentor_id: i64) -> Result<i64, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_scalar::<_, i64>(RATE_OF)
            .bind(mentor_id)
            .fetch_one(conn)
            .await)?)
    }

    /// Fixes the commission of a captured payment (our `payments.id`) and
    /// of its booking: the rate applied and the split of the amount.
    pub async fn record_commission(
        &mut self,
        payment_id: &str,
        booking_id: &str,
        rate_bps: i64,
        commission_paise: i64,
        mentor_paise: i64,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE payments SET commission_bps = $1, commission_paise = $2, mentor_paise = $3 \
             WHERE id = $4",
        )
        .bind(rate_bps)
        .bind(commission_paise)
        .bind(mentor_paise)
        .bind(payment_id)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
        on_tx!(self, conn => sqlx::query("UPDATE bookings SET commission_bps = $1 WHERE id = $2")
            .bind(rate_bps)
            .bind(booking_id)
            .execute(conn)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// [`Store::mentor_balance`] inside the unit of work; the sandbox's
    /// money counts only `with_sandbox`.
    pub async fn mentor_balance(
        &mut self,
        mentor_id: i64,
        with_sandbox: bool,
    ) -> Result<i64, StoreError> {
        Ok(
            on_tx!(self, conn => sqlx::query_scalar::<_, i64>(MENTOR_BALANCE)
            .bind(mentor_id)
            .bind(with_sandbox)
            .fetch_one(conn)
            .await)?,
        )
    }

    /// [`Store::booking_net`] inside the unit of work.
    pub async fn booking_net(&mut self, booking_id: &str) -> Result<i64, StoreError> {
        if !super::is_key(booking_id) {
            return Ok(0);
        }
        Ok(
            on_tx!(self, conn => sqlx::query_scalar::<_, i64>(BOOKING_NET)
            .bind(booking_id)
            .fetch_one(conn)
            .await)?,
        )
    }

    /// [`Store::mentor_booking_nets`] inside the unit of work.
    pub async fn mentor_booking_nets(
        &mut self,
        mentor_id: i64,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(
            on_tx!(self, conn => sqlx::query_as::<_, (String, i64)>(MENTOR_BOOKING_NETS)
            .bind(mentor_id)
            .fetch_all(conn)
            .await)?,
        )
    }

    /// [`Store::in_transit`] inside the unit of work.
    pub async fn in_transit(&mut self, mentor_id: i64) -> Result<i64, StoreError> {
        Ok(
            on_tx!(self, conn => sqlx::query_scalar::<_, i64>(IN_TRANSIT)
            .bind(mentor_id)
            .fetch_one(conn)
            .await)?,
        )
    }

    /// [`Store::booking_commission`] inside the unit of work (a refund's
    /// split is decided and written in one transaction).
    pub async fn booking_commission(
        &mut self,
        booking_id: &str,
    ) -> Result<(i64, i64, i64), StoreError> {
        if !super::is_key(booking_id) {
            return Err(StoreError::NotFound);
        }
        let row = on_tx!(self, conn => sqlx::query_as::<_, (i64, i64, i64)>(BOOKING_COMMISSION)
            .bind(booking_id)
            .fetch_optional(conn)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }
}

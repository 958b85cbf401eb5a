//! No-show reports as stored (`no_show_reports`, migration 0013): one per
//! booking, with both sides' statements, the contest window and how it was
//! settled. Each change of state is a conditional update on the stored
//! state ([`Tx::contest_no_show`], [`Tx::settle_no_show`]), so a contest
//! racing the window's job, a job run twice, or two decisions at once
//! apply once. States and outcomes cross this edge as the crate's enums.

use chrono::{DateTime, Utc};
use domain_wasm::booking::{Missed, NoShowChoice};
use domain_wasm::money::Paise;
use domain_wasm::no_show::{ContestState, Outcome};
use sqlx::FromRow;

use super::paise::NullablePaise;
use super::{Store, StoreError, Tx, on_pool, on_tx};

/// One report as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoShowReport {
    pub booking_id: String,
    pub missed: Missed,
    pub choice: Option<NoShowChoice>,
    pub reporter_id: i64,
    pub report_statement: String,
    pub reported_at: DateTime<Utc>,
    pub contest_closes_at: DateTime<Utc>,
    pub state: ContestState,
    pub contest_statement: Option<String>,
    pub contested_by: Option<i64>,
    pub contested_at: Option<DateTime<Utc>>,
    pub outcome: Option<Outcome>,
    pub refund_paise: Option<Paise>,
    pub decided_by: Option<i64>,
    pub decision_reason: Option<String>,
    pub settled_at: Option<DateTime<Utc>>,
}

#[derive(FromRow)]
struct Raw {
    booking_id: String,
    missed: String,
    choice: Option<String>,
    reporter_id: i64,
    report_statement: String,
    reported_at: DateTime<Utc>,
    contest_closes_at: DateTime<Utc>,
    state: String,
    contest_statement: Option<String>,
    contested_by: Option<i64>,
    contested_at: Option<DateTime<Utc>>,
    outcome: Option<String>,
    #[sqlx(try_from = "NullablePaise")]
    refund_paise: Option<Paise>,
    decided_by: Option<i64>,
    decision_reason: Option<String>,
    settled_at: Option<DateTime<Utc>>,
}

impl Raw {
    fn typed(self) -> Result<NoShowReport, StoreError> {
        let unknown = |what: &str, v: &str| {
            StoreError::Other(sqlx::Error::Protocol(format!(
                "no_show_reports: unknown {what} {v:?}"
            )))
        };
        Ok(NoShowReport {
            missed: Missed::parse(&self.missed).ok_or_else(|| unknown("missed", &self.missed))?,
            choice: match self.choice.as_deref() {
                None => None,
                Some(c) => Some(NoShowChoice::parse(c).ok_or_else(|| unknown("choice", c))?),
            },
            state: ContestState::parse(&self.state).ok_or_else(|| unknown("state", &self.state))?,
            outcome: match self.outcome.as_deref() {
                None => None,
                Some(o) => Some(Outcome::parse(o).ok_or_else(|| unknown("outcome", o))?),
            },
            booking_id: self.booking_id,
            reporter_id: self.reporter_id,
            report_statement: self.report_statement,
            reported_at: self.reported_at,
            contest_closes_at: self.contest_closes_at,
            contest_statement: self.contest_statement,
            contested_by: self.contested_by,
            contested_at: self.contested_at,
            refund_paise: self.refund_paise,
            decided_by: self.decided_by,
            decision_reason: self.decision_reason,
            settled_at: self.settled_at,
        })
    }
}

const COLUMNS: &str = "booking_id, missed, choice, CAST(reporter_id AS BIGINT) AS reporter_id, \
     report_statement, reported_at, contest_closes_at, state, contest_statement, \
     CAST(contested_by AS BIGINT) AS contested_by, contested_at, outcome, \
     CAST(refund_paise AS BIGINT) AS refund_paise, CAST(decided_by AS BIGINT) AS decided_by, \
     decision_reason, settled_at";

/// A new report.
#[derive(Debug, Clone)]
pub struct NewNoShowReport<'a> {
    pub booking_id: &'a str,
    pub missed: Missed,
    pub choice: Option<NoShowChoice>,
    pub reporter_id: i64,
    pub statement: &'a str,
    pub contest_closes_at: DateTime<Utc>,
}

/// How a report is settled.
#[derive(Debug, Clone)]
pub struct NoShowSettlement<'a> {
    pub outcome: Outcome,
    pub refund_paise: Paise,
    /// The administrator (`None`: the window closed uncontested).
    pub decided_by: Option<i64>,
    pub reason: Option<&'a str>,
}

impl Tx {
    /// Writes a new report (state `open`).
    pub async fn insert_no_show_report(
        &mut self,
        r: &NewNoShowReport<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO no_show_reports (booking_id, missed, choice, reporter_id, \
             report_statement, reported_at, contest_closes_at, state) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'open')",
        )
        .bind(r.booking_id)
        .bind(r.missed.as_str())
        .bind(r.choice.map(NoShowChoice::as_str))
        .bind(r.reporter_id)
        .bind(r.statement)
        .bind(now)
        .bind(r.contest_closes_at)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// The report of a booking, in this unit of work.
    pub async fn no_show_report(
        &mut self,
        booking_id: &str,
    ) -> Result<Option<NoShowReport>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM no_show_reports WHERE booking_id = $1");
        let raw = on_tx!(self, conn => sqlx::query_as::<_, Raw>(&sql)
            .bind(booking_id)
            .fetch_optional(conn)
            .await)?;
        raw.map(Raw::typed).transpose()
    }

    /// Contests an open report (only while open, and at most at its
    /// closing moment); `false` when it was not open any more.
    pub async fn contest_no_show(
        &mut self,
        booking_id: &str,
        by: i64,
        statement: &str,
        choice: Option<NoShowChoice>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE no_show_reports SET state = 'contested', contest_statement = $1, \
             contested_by = $2, contested_at = $3, choice = COALESCE($4, choice) \
             WHERE booking_id = $5 AND state = 'open' AND contest_closes_at >= $3",
        )
        .bind(statement)
        .bind(by)
        .bind(now)
        .bind(choice.map(NoShowChoice::as_str))
        .bind(booking_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Settles a report that is still in `from`; `false` when it was not
    /// (settled before, or contested meanwhile): the caller moves no money.
    pub async fn settle_no_show(
        &mut self,
        booking_id: &str,
        from: ContestState,
        s: &NoShowSettlement<'_>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE no_show_reports SET state = 'settled', outcome = $1, refund_paise = $2, \
             decided_by = $3, decision_reason = $4, settled_at = $5 \
             WHERE booking_id = $6 AND state = $7",
        )
        .bind(s.outcome.as_str())
        .bind(s.refund_paise.to_i64())
        .bind(s.decided_by)
        .bind(s.reason)
        .bind(now)
        .bind(booking_id)
        .bind(from.as_str())
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }
}

impl Store {
    /// The report of a booking.
    pub async fn no_show_report(
        &self,
        booking_id: &str,
    ) -> Result<Option<NoShowReport>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM no_show_reports WHERE booking_id = $1");
        let raw = on_pool!(self, pool => sqlx::query_as::<_, Raw>(&sql)
            .bind(booking_id)
            .fetch_optional(pool)
            .await)?;
        raw.map(Raw::typed).transpose()
    }

    /// The reports in `state`, oldest contest (or report) first.
    pub async fn no_show_reports_in(
        &self,
        state: ContestState,
    ) -> Result<Vec<NoShowReport>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM no_show_reports WHERE state = $1 \
             ORDER BY COALESCE(contested_at, reported_at), booking_id"
        );
        let raws = on_pool!(self, pool => sqlx::query_as::<_, Raw>(&sql)
            .bind(state.as_str())
            .fetch_all(pool)
            .await)?;
        raws.into_iter().map(Raw::typed).collect()
    }
}

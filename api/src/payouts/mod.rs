//! Paying mentors (issue 13): their payout details, their earnings, and
//! the administrators' payout batches.
//!
//! A mentor's money is the credit balance of their `mentor` account in the
//! ledger. A session's net is *pending* until the session is completed and
//! [`payouts::PAYOUT_HOLD_DAYS`] have passed since its end, and while a
//! refund of it is asked for or on its way; the rest of the balance is
//! *available*; a balance below what is pending (a refund after a payout)
//! is *owed* and comes off later earnings (`domain_wasm::payouts::earnings`).
//!
//! A batch pays each mentor whose available money is above zero, who gave
//! payout details and whose schedule is due: weekly mentors once per week,
//! monthly mentors once per calendar month (weeks from Monday and months in
//! Asia/Kolkata, as `next_payout_ms` counts them); a line paid or still
//! pending in the current week or month counts, a failed one does not.
//! Each line moves its amount from the mentor's account to
//! `payouts_in_transit` (ledger `payout:<line>`), then to the gateway when
//! it is paid (`payout_paid:<line>`) or back to the mentor when it failed
//! (`payout_failed:<line>`), all in the unit of work of the change.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Utc};
use domain_wasm::ledger;
use domain_wasm::payouts::{self, EarningFact, Earnings, PayoutDetailsInput, Schedule};

use crate::fields::{FieldErrors, Fields};
use crate::mail::payout_templates;
use crate::state::AppState;
use crate::store::payouts::{
    BatchRow, LineRow, NewLine, NewPayoutDetails, PayoutDetailsRow, SessionMoney,
};
use crate::store::{StoreError, Tx};

/// The answer when a batch would have no line.
pub const NOTHING_TO_PAY: &str = "Nothing is available to pay out: no mentor with payout details and a due schedule has money available.";
/// The answer when a line was settled before.
pub const NOT_PENDING: &str = "This payout line was already marked paid or failed.";
/// The longest failure reason kept, in characters.
pub const MAX_REASON_CHARS: usize = 500;

/// Why a payout use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum PayoutError {
    /// Field errors (400).
    #[error("invalid: {0:?}")]
    Invalid(FieldErrors),
    /// No such thing, or not the caller's (404).
    #[error("not found")]
    NotFound,
    /// Not possible now (409 `{"detail"}`).
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for PayoutError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => PayoutError::NotFound,
            e => PayoutError::Store(e),
        }
    }
}

impl From<PayoutError> for poem::Error {
    fn from(e: PayoutError) -> Self {
        match e {
            PayoutError::Store(e) => e.into(),
            PayoutError::NotFound => StoreError::NotFound.into(),
            e => crate::error::internal(e),
        }
    }
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn at(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

// ---- Payout details ------------------------------------------------------

/// The mentor's payout details, if they gave any.
pub async fn details(
    state: &AppState,
    mentor_id: i64,
) -> Result<Option<PayoutDetailsRow>, PayoutError> {
    let mut r = state.store.begin_read().await?;
    Ok(r.payout_details(mentor_id).await?)
}

/// Checks and stores the mentor's payout details (all fields, replacing
/// the stored ones).
pub async fn set_details(
    state: &AppState,
    mentor_id: i64,
    input: &PayoutDetailsInput,
    now: DateTime<Utc>,
) -> Result<PayoutDetailsRow, PayoutError> {
    let checked = payouts::check_payout_details(input).map_err(|errors| {
        let mut f = Fields::default();
        for (field, message) in errors {
            f.add(field, message);
        }
        PayoutError::Invalid(f.0)
    })?;
    let mut tx = state.store.begin().await?;
    let row = tx
        .set_payout_details(
            mentor_id,
            &NewPayoutDetails {
                method: checked.method.as_str(),
                beneficiary_name: &checked.beneficiary_name,
                account_number: checked.account_number.as_deref(),
                ifsc: checked.ifsc.as_deref(),
                upi_id: checked.upi_id.as_deref(),
                schedule: checked.schedule.as_str(),
            },
            now,
        )
        .await?;
    tx.commit().await?;
    Ok(row)
}

/// The schedule stored details name (weekly when none, or unreadable).
pub fn schedule_of(details: Option<&PayoutDetailsRow>) -> Schedule {
    details
        .and_then(|d| Schedule::parse(&d.schedule))
        .unwrap_or(Schedule::Weekly)
}

// ---- Earnings ------------------------------------------------------------

/// Whether a session's money counts as earned: its end has passed and it
/// was not still waiting for an answer or a payment (a confirmed session
/// past its end is completed; a late cancellation or a learner's no-show
/// leaves the mentor their net).
pub fn session_done(s: &SessionMoney, now: DateTime<Utc>) -> bool {
    s.end_at <= now && !matches!(s.status.as_str(), "pending" | "payment_required")
}

/// The earning facts of the mentor's sessions at `now` (in the order
/// given, oldest first), and which of them payouts carried: the sessions
/// past their hold count as paid out oldest first, up to `paid_out` (what
/// the mentor's payout lines, paid or on their way, carried). A refund
/// asked for on a session already paid out holds nothing back (the money
/// is with the mentor; a refund made becomes an amount owed), so its fact
/// has no open refund.
pub fn facts(
    sessions: &[SessionMoney],
    paid_out: i64,
    now: DateTime<Utc>,
) -> (Vec<EarningFact>, Vec<bool>) {
    let mut left = paid_out;
    sessions
        .iter()
        .map(|s| {
            let mut f = EarningFact {
                booking_id: s.booking_id.clone(),
                net_paise: s.net_paise,
                end_ms: ms(s.end_at),
                completed: session_done(s, now),
                refund_open: false,
            };
            let carried =
                !payouts::is_pending(&f, ms(now)) && s.net_paise > 0 && left >= s.net_paise;
            if carried {
                left -= s.net_paise;
            }
            f.refund_open = s.open_refunds > 0 && !carried;
            (f, carried)
        })
        .unzip()
}

/// Where one session's net stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionState {
    Pending,
    Available,
    /// Carried by a payout line still on its way to the bank.
    InPayout,
    /// Carried by a paid payout line.
    Paid,
}

/// One session in the mentor's earnings.
#[derive(Debug, Clone)]
pub struct SessionEarning {
    pub money: SessionMoney,
    pub state: SessionState,
    pub available_at: DateTime<Utc>,
}

/// One month of the earnings chart (`YYYY-MM`, Asia/Kolkata).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Month {
    pub month: String,
    pub earned_paise: i64,
    pub paid_paise: i64,
}

/// A mentor's earnings as their dashboard shows them.
#[derive(Debug, Clone)]
pub struct MentorEarnings {
    pub earnings: Earnings,
    /// In batches, not yet paid.
    pub in_payout_paise: i64,
    pub paid_paise: i64,
    pub schedule: Schedule,
    pub next_payout_at: DateTime<Utc>,
    pub sessions: Vec<SessionEarning>,
    pub series: Vec<Month>,
    pub payouts: Vec<LineRow>,
}

/// The month of `t` in India: `2026-11`.
fn month_of(t: DateTime<Utc>) -> String {
    let local = t.with_timezone(&chrono_tz::Asia::Kolkata);
    format!("{:04}-{:02}", local.year(), local.month())
}

/// The mentor's earnings at `now`.
pub async fn earnings(
    state: &AppState,
    mentor_id: i64,
    now: DateTime<Utc>,
) -> Result<MentorEarnings, PayoutError> {
    let mut r = state.store.begin_read().await?;
    let details = r.payout_details(mentor_id).await?;
    let with_sandbox = state.counts_sandbox_money();
    let sessions = r.mentor_sessions_money(mentor_id, with_sandbox).await?;
    let balance = r.mentor_balance(mentor_id, with_sandbox).await?;
    let lines = r.payout_lines_of_mentor(mentor_id).await?;
    drop(r);
    let schedule = schedule_of(details.as_ref());
    let sum = |status: &str| -> i64 {
        lines
            .iter()
            .filter(|l| l.status == status)
            .map(|l| l.amount_paise)
            .sum()
    };
    let (in_payout, paid) = (sum("pending"), sum("paid"));
    let now_ms = ms(now);
    let (all_facts, carried) = facts(&sessions, in_payout + paid, now);
    let mut shown = Vec::with_capacity(sessions.len());
    // The carried sessions, oldest first, are paid up to what the paid
    // lines carried; the rest are in a payout still on its way.
    let mut paid_left = paid;
    for ((s, f), carried) in sessions.into_iter().zip(&all_facts).zip(carried) {
        let state = if carried {
            if paid_left >= s.net_paise {
                paid_left -= s.net_paise;
                SessionState::Paid
            } else {
                paid_left = 0;
                SessionState::InPayout
            }
        } else if payouts::is_pending(f, now_ms) {
            SessionState::Pending
        } else {
            SessionState::Available
        };
        shown.push(SessionEarning {
            available_at: at(payouts::available_at_ms(f.end_ms)),
            state,
            money: s,
        });
    }
    let mut months: BTreeMap<String, Month> = BTreeMap::new();
    fn month(months: &mut BTreeMap<String, Month>, key: String) -> &mut Month {
        months.entry(key.clone()).or_insert(Month {
            month: key,
            earned_paise: 0,
            paid_paise: 0,
        })
    }
    for s in &shown {
        if s.money.net_paise != 0 {
            month(&mut months, month_of(s.money.end_at)).earned_paise += s.money.net_paise;
        }
    }
    for l in lines.iter().filter(|l| l.status == "paid") {
        month(&mut months, month_of(l.paid_at.unwrap_or(l.updated_at))).paid_paise +=
            l.amount_paise;
    }
    Ok(MentorEarnings {
        earnings: payouts::earnings(&all_facts, balance, now_ms),
        in_payout_paise: in_payout,
        paid_paise: paid,
        schedule,
        next_payout_at: at(payouts::next_payout_ms(schedule, now_ms)),
        sessions: shown,
        series: months.into_values().collect(),
        payouts: lines,
    })
}

// ---- Batches -------------------------------------------------------------

/// A mentor left out of a batch, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub mentor_id: i64,
    pub mentor_name: String,
    pub available_paise: i64,
    pub reason: String,
}

/// A batch with its lines.
#[derive(Debug, Clone)]
pub struct Batch {
    pub batch: BatchRow,
    pub lines: Vec<LineRow>,
}

/// A batch just created, with who was left out.
#[derive(Debug, Clone)]
pub struct CreatedBatch {
    pub batch: Batch,
    pub skipped: Vec<Skipped>,
}

/// Whether a mentor on `schedule` with these payout lines is due a payout
/// at `now`: no line paid or pending in a batch created in the current
/// week (weekly) or month (monthly).
pub fn schedule_due(schedule: Schedule, lines: &[LineRow], now: DateTime<Utc>) -> bool {
    let period = payouts::next_payout_ms(schedule, ms(now));
    !lines.iter().any(|l| {
        l.status != "failed" && payouts::next_payout_ms(schedule, ms(l.created_at)) == period
    })
}

fn rupees(paise: i64) -> String {
    crate::mail::booking_templates::rupees(paise)
}

/// Creates a payout batch for money available by `period_end` (now when
/// `None`; never later than now): one line per mentor with available money,
/// payout details and a due schedule, each posted to the ledger. Refused
/// (409, nothing written) when no mentor gets a line.
pub async fn create_batch(
    state: &AppState,
    admin_id: i64,
    period_end: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<CreatedBatch, PayoutError> {
    let period_end = period_end.unwrap_or(now);
    if period_end > now {
        return Err(PayoutError::Invalid(
            Fields::one("period_end", "The period cannot end in the future.").0,
        ));
    }
    let mut tx = state.store.begin().await?;
    tx.lock_payout_batches().await?;
    let mut batch_id = None;
    let mut skipped = Vec::new();
    let with_sandbox = state.counts_sandbox_money();
    for mentor_id in tx.mentors_with_earnings(with_sandbox).await? {
        let sessions = tx.mentor_sessions_money(mentor_id, with_sandbox).await?;
        let balance = tx.mentor_balance(mentor_id, with_sandbox).await?;
        let lines = tx.payout_lines_of_mentor(mentor_id).await?;
        let paid_out = lines
            .iter()
            .filter(|l| l.status != "failed")
            .map(|l| l.amount_paise)
            .sum();
        let (facts, _) = facts(&sessions, paid_out, period_end);
        let e = payouts::earnings(&facts, balance, ms(period_end));
        if e.available_paise <= 0 && e.owed_paise <= 0 {
            continue;
        }
        let details = tx.payout_details(mentor_id).await?;
        let name = tx.mentor_name(mentor_id).await?;
        let skip = |reason: String| Skipped {
            mentor_id,
            mentor_name: name.clone(),
            available_paise: e.available_paise,
            reason,
        };
        if e.available_paise <= 0 {
            skipped.push(skip(format!(
                "Owes {} back from a refund after a payout; it comes off their next earnings.",
                rupees(e.owed_paise)
            )));
            continue;
        }
        let Some(details) = details else {
            skipped.push(skip(
                "No payout details: the mentor has not said where to pay them.".to_owned(),
            ));
            continue;
        };
        let schedule = schedule_of(Some(&details));
        if !schedule_due(schedule, &lines, now) {
            let next = at(payouts::next_payout_ms(schedule, ms(now)));
            let when = crate::mail::booking_templates::local_time(next, "Asia/Kolkata");
            let period = match schedule {
                Schedule::Weekly => "weekly; already paid this week",
                Schedule::Monthly => "monthly; already paid this month",
            };
            skipped.push(skip(format!("Paid {period}. Next payout from {when}.")));
            continue;
        }
        let batch = match batch_id {
            Some(id) => id,
            None => {
                let id = tx
                    .insert_payout_batch(period_end, Some(admin_id), now)
                    .await?;
                batch_id = Some(id);
                id
            }
        };
        let line_id = tx
            .insert_payout_line(
                &NewLine {
                    batch_id: batch,
                    mentor_id,
                    amount_paise: e.available_paise,
                    details: &details,
                },
                |line| payouts::payout_reference(batch, line),
                now,
            )
            .await?;
        let txn = format!("payout:{line_id}");
        let header = crate::ledger::Txn {
            id: &txn,
            event: "payout",
            booking_id: None,
            refund_id: None,
            payout_line_id: Some(line_id),
            sandbox: state.counts_sandbox_money(),
        };
        let postings = ledger::payout_postings(mentor_id, e.available_paise);
        crate::ledger::post(&mut tx, &header, &postings, now).await?;
    }
    let Some(batch_id) = batch_id else {
        return Err(PayoutError::Conflict(NOTHING_TO_PAY.to_owned()));
    };
    let batch = read_batch(&mut tx, batch_id).await?;
    tx.commit().await?;
    Ok(CreatedBatch { batch, skipped })
}

async fn read_batch(tx: &mut Tx, id: i64) -> Result<Batch, PayoutError> {
    let batch = tx.payout_batch(id).await?.ok_or(PayoutError::NotFound)?;
    let lines = tx.payout_lines_of_batch(id).await?;
    Ok(Batch { batch, lines })
}

/// Every batch, newest first.
pub async fn batches(state: &AppState) -> Result<Vec<BatchRow>, PayoutError> {
    let mut r = state.store.begin_read().await?;
    Ok(r.payout_batches().await?)
}

/// Batch `id` with its lines.
pub async fn batch(state: &AppState, id: i64) -> Result<Batch, PayoutError> {
    let mut r = state.store.begin_read().await?;
    read_batch(&mut r, id).await
}

/// The batch's lines as the bank transfer file: CSV with the header
/// `payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference`
/// (payout_id is the batch's id), one row per line (failed ones too, as
/// they were made), full account numbers and UPI ids.
pub fn csv(batch: &Batch) -> String {
    let mut out = String::from(
        "payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference\r\n",
    );
    for l in &batch.lines {
        let fields = [
            l.batch_id.to_string(),
            l.mentor_id.to_string(),
            csv_field(&l.beneficiary_name),
            csv_field(l.account_number.as_deref().unwrap_or_default()),
            csv_field(l.upi_id.as_deref().unwrap_or_default()),
            csv_field(l.ifsc.as_deref().unwrap_or_default()),
            payouts::rupees_csv(l.amount_paise),
            csv_field(&l.reference),
        ];
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}

/// One CSV field: quoted when it holds a comma, quote or line break; text
/// a spreadsheet would take for a formula (`=`, `+`, `-`, `@` first) gets a
/// leading apostrophe.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// Marks line `line_id` of batch `batch_id` paid (`failure_reason: None`)
/// or failed (with its reason): the ledger moves the money on (to the
/// gateway, or back to the mentor's available balance) and the mentor is
/// e-mailed. 409 unless the line is pending.
pub async fn settle_line(
    state: &AppState,
    batch_id: i64,
    line_id: i64,
    failure_reason: Option<&Option<String>>,
    now: DateTime<Utc>,
) -> Result<LineRow, PayoutError> {
    let reason = match failure_reason {
        None => None,
        Some(given) => {
            let cleaned = given
                .as_deref()
                .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
                .unwrap_or_default();
            if cleaned.is_empty() {
                return Err(PayoutError::Invalid(
                    Fields::one("reason", "Say why the payout failed, for the mentor.").0,
                ));
            }
            if cleaned.chars().count() > MAX_REASON_CHARS {
                return Err(PayoutError::Invalid(
                    Fields::one(
                        "reason",
                        format!("Keep the reason to {MAX_REASON_CHARS} characters."),
                    )
                    .0,
                ));
            }
            Some(cleaned)
        }
    };
    let mut tx = state.store.begin().await?;
    let line = tx
        .payout_line(batch_id, line_id)
        .await?
        .ok_or(PayoutError::NotFound)?;
    if !tx
        .settle_payout_line(line_id, reason.is_none(), reason.as_deref(), now)
        .await?
    {
        return Err(PayoutError::Conflict(NOT_PENDING.to_owned()));
    }
    let (txn, event, postings) = match &reason {
        None => (
            format!("payout_paid:{line_id}"),
            "payout_paid",
            ledger::payout_paid_postings(line.mentor_id, line.amount_paise),
        ),
        Some(_) => (
            format!("payout_failed:{line_id}"),
            "payout_failed",
            ledger::payout_failed_postings(line.mentor_id, line.amount_paise),
        ),
    };
    let header = crate::ledger::Txn {
        id: &txn,
        event,
        booking_id: None,
        refund_id: None,
        payout_line_id: Some(line_id),
        sandbox: state.counts_sandbox_money(),
    };
    crate::ledger::post(&mut tx, &header, &postings, now).await?;
    let line = tx
        .payout_line(batch_id, line_id)
        .await?
        .ok_or(PayoutError::NotFound)?;
    if let Some(to) = tx.mentor_recipient(line.mentor_id).await? {
        let link = state.link("/dashboard/mentor?tab=earnings");
        let mail = match &reason {
            None => payout_templates::paid(&to, &line, &link),
            Some(reason) => payout_templates::failed(&to, &line, reason, &link),
        };
        tx.enqueue_email(&mail, now).await?;
    }
    tx.commit().await?;
    state.mailer.wake();
    Ok(line)
}

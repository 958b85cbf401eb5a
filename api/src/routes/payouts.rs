//! Payouts (issue 13). For a mentor with a profile: their payout details
//! (`GET`/`PUT /api/mentor/payout-details/`, shown masked) and their
//! earnings (`GET /api/mentor/earnings/`). For administrators: payout
//! batches (`/api/admin/payouts/...`): create one, list them, read one,
//! export it as CSV (full account numbers: administrators only), and mark
//! its lines paid or failed. Others get 403 (guests 401); a mentor only
//! ever sees their own money.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::forms;
use domain_wasm::payouts::{self as rules, Method, PayoutDetailsInput, Schedule};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{Enum, Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::payouts::{self, Batch, CreatedBatch, PayoutError};
use crate::state::AppState;
use crate::store::payouts::{BatchRow, LineRow, PayoutDetailsRow};

// ---- Payout details --------------------------------------------------------

/// How a mentor is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::payouts::Method")]
pub enum PayoutMethod {
    /// A bank transfer (account number and IFSC).
    Bank,
    /// A UPI id.
    Upi,
}

/// How often a mentor is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::payouts::Schedule")]
pub enum PayoutSchedule {
    /// In the week's payout (the default).
    Weekly,
    /// In the first payout of each calendar month.
    Monthly,
}

fn method_of(s: &str) -> PayoutMethod {
    Method::parse(s).unwrap_or(Method::Bank).into()
}

fn schedule_of(s: &str) -> PayoutSchedule {
    Schedule::parse(s).unwrap_or(Schedule::Weekly).into()
}

/// Where the mentor is paid, masked.
#[derive(Debug, Object)]
pub struct PayoutDetailsView {
    pub method: PayoutMethod,
    pub beneficiary_name: String,
    /// `•••• •••• 1234` (bank only).
    #[oai(nullable)]
    pub account_number_masked: Option<String>,
    /// The branch's IFSC (bank only; it is public).
    #[oai(nullable)]
    pub ifsc: Option<String>,
    /// `ra•••@okaxis` (UPI only).
    #[oai(nullable)]
    pub upi_id_masked: Option<String>,
    pub schedule: PayoutSchedule,
    pub updated_at: DateTime<Utc>,
    /// `••••••234F`, when a PAN was given (TDS is 5 % without one).
    #[oai(nullable)]
    pub pan_masked: Option<String>,
    /// A change of where the money goes, waiting 48 hours; payouts until
    /// `effective_at` use the details above.
    #[oai(nullable)]
    pub pending: Option<PendingPayoutChange>,
}

/// A change of payout details that takes effect later (masked).
#[derive(Debug, Object)]
pub struct PendingPayoutChange {
    pub method: PayoutMethod,
    pub beneficiary_name: String,
    #[oai(nullable)]
    pub account_number_masked: Option<String>,
    #[oai(nullable)]
    pub ifsc: Option<String>,
    #[oai(nullable)]
    pub upi_id_masked: Option<String>,
    pub requested_at: DateTime<Utc>,
    /// When it takes effect (48 hours after it was asked for).
    pub effective_at: DateTime<Utc>,
}

impl From<PayoutDetailsRow> for PayoutDetailsView {
    fn from(d: PayoutDetailsRow) -> Self {
        let pending = match (
            &d.pending_method,
            d.pending_requested_at,
            d.pending_effective_at,
        ) {
            (Some(method), Some(requested_at), Some(effective_at)) => Some(PendingPayoutChange {
                method: method_of(method),
                beneficiary_name: d.pending_beneficiary_name.clone().unwrap_or_default(),
                account_number_masked: d.pending_account_number.as_deref().map(rules::mask_account),
                ifsc: d.pending_ifsc.clone(),
                upi_id_masked: d.pending_upi_id.as_deref().map(rules::mask_upi),
                requested_at,
                effective_at,
            }),
            _ => None,
        };
        PayoutDetailsView {
            pan_masked: d.pan.as_deref().map(rules::mask_pan),
            pending,
            method: method_of(&d.method),
            beneficiary_name: d.beneficiary_name,
            account_number_masked: d.account_number.as_deref().map(rules::mask_account),
            ifsc: d.ifsc,
            upi_id_masked: d.upi_id.as_deref().map(rules::mask_upi),
            schedule: schedule_of(&d.schedule),
            updated_at: d.updated_at,
        }
    }
}

/// The mentor's payout details, all of them (replacing the stored ones).
#[derive(Debug, Object)]
pub struct PayoutDetailsBody {
    /// `bank` or `upi`.
    pub method: Option<String>,
    /// The account holder's name, 2 to 100 characters.
    pub beneficiary_name: Option<String>,
    /// For `bank`: 9 to 18 digits (spaces ignored).
    pub account_number: Option<String>,
    /// For `bank`: 4 letters, a zero, 6 letters or digits (any case).
    pub ifsc: Option<String>,
    /// For `upi`: `name@handle`.
    pub upi_id: Option<String>,
    /// `weekly` (the default when left out) or `monthly`.
    pub schedule: Option<String>,
    /// The PAN, for TDS (optional; 5 letters, 4 digits, a letter, any case).
    pub pan: Option<String>,
    /// The account's password: required to set or change payout details.
    #[oai(write_only)]
    pub password: Option<String>,
    /// For an account that signs in only with Google, instead of the
    /// password: a Google ID token issued within the last 5 minutes.
    #[oai(write_only)]
    pub google_credential: Option<String>,
}

role_answers!(mentor, PayoutDetailsResponse {
    #[oai(status = 200)]
    Ok(Json<Box<PayoutDetailsView>>),
    /// The mentor has not given payout details yet.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(mentor, SetPayoutDetailsResponse {
    /// The details as stored, masked: the first ones in effect at once; a
    /// change of where the money goes under `pending` for 48 hours.
    #[oai(status = 200)]
    Ok(Json<Box<PayoutDetailsView>>),
    /// Field errors under `method`, `beneficiary_name`, `account_number`,
    /// `ifsc`, `upi_id`, `schedule`, `pan`, and `password` (missing, or
    /// `Invalid password.`) or `google_credential`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// Too many wrong passwords; `Retry-After` says when to try again.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
});

role_answers!(mentor, CancelPendingResponse {
    /// The details as they stay.
    #[oai(status = 200)]
    Ok(Json<Box<PayoutDetailsView>>),
    /// No change is pending.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(mentor, TdsStatementResponse {
    /// Header `financial_year,quarter,booking_id,service,session_ended,deducted_on,payout_reference,gross_rupees,commission_rupees,tds_rate_percent,tds_rupees,tds_reversed_rupees,net_rupees`,
    /// one row per session paid in the quarter, then a `TOTAL` row.
    #[oai(status = 200, content_type = "text/csv; charset=utf-8")]
    Ok(
        PlainText<String>,
        #[oai(header = "Content-Disposition")] String,
    ),
    /// `fy` (`2026-27`) or `quarter` (`Q1`..`Q4`) not understood.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

// ---- Earnings ----------------------------------------------------------------

/// Where one session's net stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "crate::payouts::SessionState")]
pub enum EarningState {
    /// Not yet payable: the session is not over, or within the 2-day hold
    /// (a refund asked for meanwhile keeps it so).
    Pending,
    /// Past the 2-day hold, but a refund request, a dispute or a no-show
    /// report of it is open: held until that is settled.
    Held,
    /// Payable in the next payout.
    Available,
    /// The session was cancelled: its net (`net_paise`) is what the mentor
    /// keeps after the refund, usually nothing.
    Cancelled,
    /// Carried by a payout on its way to the bank, counted oldest first.
    InPayout,
    /// Carried by a paid payout, counted oldest first.
    Paid,
}

/// One session that earned (or lost) the mentor money.
#[derive(Debug, Object)]
pub struct SessionEarningView {
    pub booking_id: String,
    pub service_title: String,
    pub end_at: DateTime<Utc>,
    /// What the learner paid.
    pub gross_paise: i64,
    /// The platform's commission, after refunds.
    pub commission_paise: i64,
    /// The mentor's share, after refunds.
    pub net_paise: i64,
    pub state: EarningState,
    /// When a completed session's net becomes payable (2 days after its end).
    pub available_at: DateTime<Utc>,
    /// TDS (section 194-O) deducted when a payout paid it, less what
    /// refunds gave back; null until a payout pays it.
    #[oai(nullable)]
    pub tds_paise: Option<i64>,
}

/// One month of earnings (`YYYY-MM`, India time).
#[derive(Debug, Object)]
pub struct EarningMonth {
    pub month: String,
    /// Nets of the sessions that ended that month.
    pub earned_paise: i64,
    /// Payouts paid that month.
    pub paid_paise: i64,
}

/// Where a payout line stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::payouts::LineStatus")]
pub enum LineStatus {
    /// In a batch, not yet sent.
    Pending,
    /// Sent.
    Paid,
    /// Could not be sent: the amount went back to the available balance.
    Failed,
}

/// One payout to the mentor.
#[derive(Debug, Object)]
pub struct MentorPayoutView {
    /// The line's id.
    pub id: i64,
    pub batch_id: i64,
    /// What was sent, after TDS.
    pub amount_paise: i64,
    /// What the sessions it paid grossed (0 for payouts before TDS).
    pub gross_paise: i64,
    /// The TDS deducted from it.
    pub tds_paise: i64,
    pub status: LineStatus,
    /// The bank transfer's reference (`MMP-000012-000034`).
    pub reference: String,
    #[oai(nullable)]
    pub paid_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failed_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failure_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<LineRow> for MentorPayoutView {
    fn from(l: LineRow) -> Self {
        MentorPayoutView {
            id: l.id,
            batch_id: l.batch_id,
            amount_paise: l.amount_paise.to_i64(),
            gross_paise: l.gross_paise.to_i64(),
            tds_paise: l.tds_paise.to_i64(),
            status: l.status.into(),
            reference: l.reference,
            paid_at: l.paid_at,
            failed_at: l.failed_at,
            failure_reason: l.failure_reason,
            created_at: l.created_at,
        }
    }
}

/// The mentor's money.
#[derive(Debug, Object)]
pub struct EarningsView {
    /// Credited but not yet payable.
    pub pending_paise: i64,
    /// What the next payout pays.
    pub available_paise: i64,
    /// Owed back (a refund after a payout), deducted from later earnings.
    pub owed_paise: i64,
    /// In payout batches, not yet sent.
    pub in_payout_paise: i64,
    /// Sent, ever.
    pub paid_paise: i64,
    pub schedule: PayoutSchedule,
    /// When the next payout on the schedule is made.
    pub next_payout_at: DateTime<Utc>,
    /// Oldest first.
    pub sessions: Vec<SessionEarningView>,
    /// By month, oldest first.
    pub series: Vec<EarningMonth>,
    /// Newest first.
    pub payouts: Vec<MentorPayoutView>,
    /// TDS deducted this financial year, net of refunds' reversals.
    pub tds_year_paise: i64,
    /// The current Indian financial year (`2026-27`).
    pub financial_year: String,
}

role_answers!(mentor, EarningsResponse {
    #[oai(status = 200)]
    Ok(Json<Box<EarningsView>>),
});

// ---- Admin ---------------------------------------------------------------------

/// A batch's figures.
#[derive(Debug, Object)]
pub struct PayoutBatchSummary {
    pub id: i64,
    /// Money available by this moment was paid.
    pub period_end: DateTime<Utc>,
    #[oai(nullable)]
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub line_count: i64,
    pub total_paise: i64,
    pub paid_paise: i64,
    pub pending_count: i64,
    pub failed_count: i64,
    /// The sandbox's money, which never moved: a test batch, not to be
    /// sent to a bank.
    pub sandbox: bool,
}

impl From<BatchRow> for PayoutBatchSummary {
    fn from(b: BatchRow) -> Self {
        PayoutBatchSummary {
            id: b.id,
            period_end: b.period_end,
            created_by: b.created_by,
            created_at: b.created_at,
            line_count: b.line_count,
            total_paise: b.total_paise.to_i64(),
            paid_paise: b.paid_paise.to_i64(),
            pending_count: b.pending_count,
            failed_count: b.failed_count,
            sandbox: b.sandbox,
        }
    }
}

/// One line of a batch: one mentor's payout (numbers masked; the CSV
/// export has them in full).
#[derive(Debug, Object)]
pub struct PayoutLineView {
    pub id: i64,
    pub batch_id: i64,
    pub mentor_id: i64,
    pub mentor_name: String,
    /// What is sent, after TDS.
    pub amount_paise: i64,
    pub gross_paise: i64,
    pub tds_paise: i64,
    pub method: PayoutMethod,
    pub beneficiary_name: String,
    #[oai(nullable)]
    pub account_number_masked: Option<String>,
    #[oai(nullable)]
    pub ifsc: Option<String>,
    #[oai(nullable)]
    pub upi_id_masked: Option<String>,
    pub reference: String,
    pub status: LineStatus,
    #[oai(nullable)]
    pub failure_reason: Option<String>,
    #[oai(nullable)]
    pub paid_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failed_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

impl From<LineRow> for PayoutLineView {
    fn from(l: LineRow) -> Self {
        PayoutLineView {
            id: l.id,
            batch_id: l.batch_id,
            mentor_id: l.mentor_id,
            mentor_name: l.mentor_name,
            amount_paise: l.amount_paise.to_i64(),
            gross_paise: l.gross_paise.to_i64(),
            tds_paise: l.tds_paise.to_i64(),
            method: method_of(&l.method),
            beneficiary_name: l.beneficiary_name,
            account_number_masked: l.account_number.as_deref().map(rules::mask_account),
            ifsc: l.ifsc,
            upi_id_masked: l.upi_id.as_deref().map(rules::mask_upi),
            reference: l.reference,
            status: l.status.into(),
            failure_reason: l.failure_reason,
            paid_at: l.paid_at,
            failed_at: l.failed_at,
            updated_at: l.updated_at,
        }
    }
}

/// A mentor with money available who got no line, and why.
#[derive(Debug, Object)]
pub struct SkippedMentor {
    pub mentor_id: i64,
    pub mentor_name: String,
    pub available_paise: i64,
    pub reason: String,
}

/// A batch with its lines (and, just created, who was left out).
#[derive(Debug, Object)]
pub struct PayoutBatchView {
    #[oai(flatten)]
    pub batch: PayoutBatchSummary,
    pub lines: Vec<PayoutLineView>,
    /// Mentors with money left out of it (only when it was just created).
    pub skipped: Vec<SkippedMentor>,
    /// The CSV export (`GET` it as an administrator).
    pub export_url: String,
}

fn batch_view(b: Batch, skipped: Vec<payouts::Skipped>) -> PayoutBatchView {
    let id = b.batch.id;
    PayoutBatchView {
        batch: b.batch.into(),
        lines: b.lines.into_iter().map(Into::into).collect(),
        skipped: skipped
            .into_iter()
            .map(|s| SkippedMentor {
                mentor_id: s.mentor_id,
                mentor_name: s.mentor_name,
                available_paise: s.available_paise,
                reason: s.reason,
            })
            .collect(),
        export_url: format!("/api/admin/payouts/{id}/export.csv"),
    }
}

/// A new batch.
#[derive(Debug, Object)]
pub struct PayoutBatchBody {
    /// Pay what was available by this moment (now when left out; not in
    /// the future).
    pub period_end: Option<DateTime<Utc>>,
}

/// Why a line failed.
#[derive(Debug, Object)]
pub struct PayoutFailedBody {
    /// What the bank said, for the mentor (1 to 500 characters).
    pub reason: Option<String>,
}

role_answers!(admin, CreateBatchResponse {
    /// The batch, its lines and the mentors left out.
    #[oai(status = 201)]
    Created(Json<Box<PayoutBatchView>>),
    /// `period_end` in the future.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No mentor gets a line (nothing was created).
    #[oai(status = 409)]
    Nothing(Json<Detail>),
});

role_answers!(admin, BatchesResponse {
    #[oai(status = 200)]
    Ok(Json<Vec<PayoutBatchSummary>>),
});

role_answers!(admin, BatchResponse {
    #[oai(status = 200)]
    Ok(Json<Box<PayoutBatchView>>),
    /// No such batch.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(admin, ExportResponse {
    /// Header `payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference,gross_rupees,tds_rupees`,
    /// one row per line (`amount_rupees` is sent, after TDS).
    #[oai(status = 200, content_type = "text/csv; charset=utf-8")]
    Ok(
        PlainText<String>,
        #[oai(header = "Content-Disposition")] String,
    ),
    /// No such batch.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(admin, SettleResponse {
    #[oai(status = 200)]
    Ok(Json<Box<PayoutLineView>>),
    /// `reason` missing or too long (failed only).
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such line in that batch.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// The line was already marked paid or failed.
    #[oai(status = 409)]
    Settled(Json<Detail>),
});

fn parse_id(s: &str) -> Option<i64> {
    s.parse::<i64>().ok().filter(|id| *id > 0)
}

// ---- The operations --------------------------------------------------------------

pub struct MentorPayoutsApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::MentorDashboard")]
impl MentorPayoutsApi {
    /// The mentor's payout details
    ///
    /// Where and how often the mentor is paid, masked; 404 until they give them.
    #[oai(
        path = "/api/mentor/payout-details/",
        method = "get",
        operation_id = "payoutDetails"
    )]
    async fn payout_details(&self, auth: SignedIn) -> poem::Result<PayoutDetailsResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), PayoutDetailsResponse);
        let now = self.state.clock.now();
        match payouts::details(&self.state, mentor, now).await? {
            Some(d) => Ok(PayoutDetailsResponse::Ok(Json(Box::new(d.into())))),
            None => Ok(PayoutDetailsResponse::NotFound(Json(Detail::new(
                "You have not added payout details yet.",
            )))),
        }
    }

    /// Set the mentor's payout details
    ///
    /// All fields at once: a bank account (`account_number`, `ifsc`) or a
    /// UPI id (`upi_id`), the account holder's name, the schedule and the
    /// PAN, confirmed with the account's `password` (or, for an account
    /// that signs in only with Google, a fresh `google_credential`). The
    /// first details take effect at once; a change of where the money goes
    /// takes effect 48 hours later (under `pending` meanwhile); the schedule
    /// and the PAN change at once. The mentor is e-mailed each time.
    /// Answers with the details as stored, masked.
    #[oai(
        path = "/api/mentor/payout-details/",
        method = "put",
        operation_id = "setPayoutDetails"
    )]
    async fn set_payout_details(
        &self,
        auth: SignedIn,
        body: Json<PayoutDetailsBody>,
    ) -> poem::Result<SetPayoutDetailsResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), SetPayoutDetailsResponse);
        let b = body.0;
        let input = PayoutDetailsInput {
            method: b.method.unwrap_or_default(),
            beneficiary_name: b.beneficiary_name.unwrap_or_default(),
            account_number: b.account_number,
            ifsc: b.ifsc,
            upi_id: b.upi_id,
            schedule: b.schedule.unwrap_or_default(),
            pan: b.pan,
        };
        let details = match forms::money::parse_payout_details(&input) {
            Ok(details) => details,
            Err(f) => return Ok(SetPayoutDetailsResponse::Invalid(Json(f))),
        };
        let proof = payouts::Proof {
            password: b.password.as_deref(),
            google_credential: b.google_credential.as_deref(),
        };
        let now = self.state.clock.now();
        match payouts::set_details(&self.state, &auth.0, mentor, details, proof, now).await {
            Ok(d) => Ok(SetPayoutDetailsResponse::Ok(Json(Box::new(d.into())))),
            Err(PayoutError::Invalid(f)) => Ok(SetPayoutDetailsResponse::Invalid(Json(f))),
            Err(PayoutError::Limited(l)) => {
                let (d, r) = super::accounts::too_many(l);
                Ok(SetPayoutDetailsResponse::TooMany(d, r))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Cancel the pending change of payout details
    ///
    /// The details stay as they are; the mentor is e-mailed. 404 when no
    /// change is pending.
    #[oai(
        path = "/api/mentor/payout-details/pending/",
        method = "delete",
        operation_id = "cancelPendingPayoutDetails"
    )]
    async fn cancel_pending(&self, auth: SignedIn) -> poem::Result<CancelPendingResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), CancelPendingResponse);
        let now = self.state.clock.now();
        match payouts::cancel_pending(&self.state, &auth.0, mentor, now).await {
            Ok(d) => Ok(CancelPendingResponse::Ok(Json(Box::new(d.into())))),
            Err(PayoutError::NotFound) => Ok(CancelPendingResponse::NotFound(Json(Detail::new(
                payouts::NOTHING_PENDING,
            )))),
            Err(e) => Err(e.into()),
        }
    }

    /// The mentor's quarterly TDS statement
    ///
    /// CSV of the sessions payouts paid in a quarter of an Indian financial
    /// year (April to March): gross, commission, TDS under section 194-O
    /// and its rate, TDS given back by refunds, and net; then the totals.
    #[oai(
        path = "/api/mentor/payouts/tds-statement/",
        method = "get",
        operation_id = "tdsStatement"
    )]
    async fn tds_statement(
        &self,
        auth: SignedIn,
        /// The financial year, `2026-27` (required; anything else, or a
        /// second year that does not follow the first, is 400 under `fy`).
        fy: Query<Option<String>>,
        /// The quarter, `Q1` (April–June) to `Q4` (January–March)
        /// (required; anything else is 400 under `quarter`).
        quarter: Query<Option<String>>,
    ) -> poem::Result<TdsStatementResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), TdsStatementResponse);
        let mut f = crate::fields::Fields::default();
        let year = fy.0.as_deref().and_then(rules::parse_fy);
        if year.is_none() {
            f.add("fy", "Give the financial year as 2026-27.");
        }
        let q = quarter.0.as_deref().and_then(rules::parse_quarter);
        if q.is_none() {
            f.add("quarter", "Give the quarter as Q1, Q2, Q3 or Q4.");
        }
        let (Some(year), Some(q)) = (year, q) else {
            return Ok(TdsStatementResponse::Invalid(Json(f.0)));
        };
        let rows = payouts::tds_rows(&self.state, mentor, year, q).await?;
        let name = format!("tds-statement-{}-Q{q}.csv", rules::fy_label(year));
        Ok(TdsStatementResponse::Ok(
            PlainText(payouts::tds_csv(year, q, &rows)),
            format!("attachment; filename=\"{name}\""),
        ))
    }

    /// The mentor's earnings
    ///
    /// Pending, available, owed, in payout and paid, the next payout's
    /// date, each session's money, a monthly series and the payouts.
    #[oai(
        path = "/api/mentor/earnings/",
        method = "get",
        operation_id = "mentorEarnings"
    )]
    async fn earnings(&self, auth: SignedIn) -> poem::Result<EarningsResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), EarningsResponse);
        let now = self.state.clock.now();
        let e = payouts::earnings(&self.state, mentor, now).await?;
        Ok(EarningsResponse::Ok(Json(Box::new(EarningsView {
            pending_paise: e.earnings.pending_paise,
            available_paise: e.earnings.available_paise,
            owed_paise: e.earnings.owed_paise,
            in_payout_paise: e.in_payout_paise.to_i64(),
            paid_paise: e.paid_paise.to_i64(),
            schedule: e.schedule.into(),
            next_payout_at: e.next_payout_at,
            sessions: e
                .sessions
                .into_iter()
                .map(|s| SessionEarningView {
                    booking_id: s.money.booking_id,
                    service_title: s.money.service_title,
                    end_at: s.money.end_at,
                    gross_paise: s.money.gross_paise.to_i64(),
                    commission_paise: s.money.commission_paise,
                    net_paise: s.money.net_paise,
                    state: s.state.into(),
                    available_at: s.available_at,
                    tds_paise: s.tds_paise.map(|t| t.to_i64()),
                })
                .collect(),
            series: e
                .series
                .into_iter()
                .map(|m| EarningMonth {
                    month: m.month,
                    earned_paise: m.earned_paise,
                    paid_paise: m.paid_paise.to_i64(),
                })
                .collect(),
            payouts: e.payouts.into_iter().map(Into::into).collect(),
            tds_year_paise: e.tds_year_paise.to_i64(),
            financial_year: e.financial_year,
        }))))
    }
}

pub struct AdminPayoutsApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Admin")]
impl AdminPayoutsApi {
    /// Create a payout batch
    ///
    /// One line per mentor with money available by `period_end`, payout
    /// details, and a due schedule (weekly: not yet paid this week;
    /// monthly: not yet paid this month, India time). Lists the mentors
    /// with money who were left out, and why.
    #[oai(
        path = "/api/admin/payouts/",
        method = "post",
        operation_id = "createPayoutBatch"
    )]
    async fn create(
        &self,
        auth: SignedIn,
        body: Json<PayoutBatchBody>,
    ) -> poem::Result<CreateBatchResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), CreateBatchResponse);
        let now = self.state.clock.now();
        let period_end = match forms::money::parse_payout_batch(body.0.period_end, now) {
            Ok(period_end) => period_end,
            Err(f) => return Ok(CreateBatchResponse::Invalid(Json(f))),
        };
        match payouts::create_batch(&self.state, admin, period_end, now).await {
            Ok(CreatedBatch { batch, skipped }) => Ok(CreateBatchResponse::Created(Json(
                Box::new(batch_view(batch, skipped)),
            ))),
            Err(PayoutError::Invalid(f)) => Ok(CreateBatchResponse::Invalid(Json(f))),
            Err(PayoutError::Conflict(m)) => Ok(CreateBatchResponse::Nothing(Json(Detail::new(m)))),
            Err(e) => Err(e.into()),
        }
    }

    /// Payout batches
    ///
    /// Every batch with its figures, newest first.
    #[oai(
        path = "/api/admin/payouts/",
        method = "get",
        operation_id = "payoutBatches"
    )]
    async fn list(&self, auth: SignedIn) -> poem::Result<BatchesResponse> {
        or_forbidden!(auth.0.require_admin(), BatchesResponse);
        let list = payouts::batches(&self.state).await?;
        Ok(BatchesResponse::Ok(Json(
            list.into_iter().map(Into::into).collect(),
        )))
    }

    /// A payout batch
    #[oai(
        path = "/api/admin/payouts/:id/",
        method = "get",
        operation_id = "payoutBatch"
    )]
    async fn get(&self, auth: SignedIn, id: Path<String>) -> poem::Result<BatchResponse> {
        or_forbidden!(auth.0.require_admin(), BatchResponse);
        let Some(id) = parse_id(&id.0) else {
            return Ok(BatchResponse::NotFound(Json(Detail::not_found())));
        };
        match payouts::batch(&self.state, id).await {
            Ok(b) => Ok(BatchResponse::Ok(Json(Box::new(batch_view(b, Vec::new()))))),
            Err(PayoutError::NotFound) => Ok(BatchResponse::NotFound(Json(Detail::not_found()))),
            Err(e) => Err(e.into()),
        }
    }

    /// A payout batch as CSV
    ///
    /// For the bank's bulk transfer: full account numbers and UPI ids (each
    /// export is kept in the audit log). A batch of the sandbox's money is named `payout-<id>-SANDBOX-no-real-money.csv`.
    #[oai(
        path = "/api/admin/payouts/:id/export.csv",
        method = "get",
        operation_id = "exportPayoutBatch"
    )]
    async fn export(&self, auth: SignedIn, id: Path<String>) -> poem::Result<ExportResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), ExportResponse);
        let Some(id) = parse_id(&id.0) else {
            return Ok(ExportResponse::NotFound(Json(Detail::not_found())));
        };
        let now = self.state.clock.now();
        match payouts::export(&self.state, admin, id, now).await {
            Ok(b) => {
                // A sandbox batch's file says so in its name, so it is not
                // uploaded to a bank by mistake.
                let name = if b.batch.sandbox {
                    format!("payout-{id}-SANDBOX-no-real-money.csv")
                } else {
                    format!("payout-{id}.csv")
                };
                Ok(ExportResponse::Ok(
                    PlainText(payouts::csv(&b)),
                    format!("attachment; filename=\"{name}\""),
                ))
            }
            Err(PayoutError::NotFound) => Ok(ExportResponse::NotFound(Json(Detail::not_found()))),
            Err(e) => Err(e.into()),
        }
    }

    /// Mark a payout line paid
    ///
    /// The money left the platform; the mentor is told, with the reference.
    #[oai(
        path = "/api/admin/payouts/:id/lines/:line_id/paid/",
        method = "post",
        operation_id = "payoutLinePaid"
    )]
    async fn paid(
        &self,
        auth: SignedIn,
        id: Path<String>,
        line_id: Path<String>,
    ) -> poem::Result<SettleResponse> {
        or_forbidden!(auth.0.require_admin(), SettleResponse);
        self.settle(&id.0, &line_id.0, None).await
    }

    /// Mark a payout line failed
    ///
    /// The amount returns to the mentor's available balance; the mentor is
    /// told why.
    #[oai(
        path = "/api/admin/payouts/:id/lines/:line_id/failed/",
        method = "post",
        operation_id = "payoutLineFailed"
    )]
    async fn failed(
        &self,
        auth: SignedIn,
        id: Path<String>,
        line_id: Path<String>,
        body: Json<PayoutFailedBody>,
    ) -> poem::Result<SettleResponse> {
        or_forbidden!(auth.0.require_admin(), SettleResponse);
        self.settle(&id.0, &line_id.0, Some(&body.0.reason)).await
    }
}

impl AdminPayoutsApi {
    async fn settle(
        &self,
        id: &str,
        line_id: &str,
        reason: Option<&Option<String>>,
    ) -> poem::Result<SettleResponse> {
        let (Some(id), Some(line_id)) = (parse_id(id), parse_id(line_id)) else {
            return Ok(SettleResponse::NotFound(Json(Detail::not_found())));
        };
        let now = self.state.clock.now();
        match payouts::settle_line(&self.state, id, line_id, reason, now).await {
            Ok(line) => Ok(SettleResponse::Ok(Json(Box::new(line.into())))),
            Err(PayoutError::Invalid(f)) => Ok(SettleResponse::Invalid(Json(f))),
            Err(PayoutError::NotFound) => Ok(SettleResponse::NotFound(Json(Detail::not_found()))),
            Err(PayoutError::Conflict(m)) => Ok(SettleResponse::Settled(Json(Detail::new(m)))),
            Err(e) => Err(e.into()),
        }
    }
}

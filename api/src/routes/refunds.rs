//! Refunds (issue 13): the learner asks (`POST
//! /api/bookings/{id}/refund-request/`), the booking's people see its
//! refunds and what the rules allow now (`GET /api/bookings/{id}/refunds/`),
//! administrators review the queue (`GET /api/admin/refunds/`) and approve
//! or reject requests. Someone else's booking is 404; the queue and its
//! decisions are 403 to anyone but an administrator.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::forms;
use domain_wasm::money::Paise;
use domain_wasm::refunds::{Basis, Eligibility, RefundFacts};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::refunds::{self, Queued, RefundError};
use crate::state::AppState;
use crate::store::refunds::RefundRow;

// ---- What the API shows -------------------------------------------------

/// Where a refund stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename_all = "snake_case",
    remote = "domain_wasm::refunds::RefundStatus"
)]
pub enum RefundStatus {
    /// The learner asked; an administrator decides within 3–5 business days.
    Requested,
    /// An administrator said no (`decision_note` says why).
    Rejected,
    /// Approved (or automatic) and sent, or being sent, to the gateway.
    Pending,
    /// The gateway returned the money.
    Processed,
    /// The gateway could not; the amount is refundable again.
    Failed,
}

/// Why the published rules allow a refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::refunds::Basis")]
pub enum RefundBasis {
    /// The mentor (or an administrator) cancelled or declined: a full refund.
    MentorCancelled,
    /// The mentor missed the session and the learner chose a refund.
    MentorNoShow,
    /// The learner cancelled in time.
    LearnerCancelled,
    /// The booking expired with money paid.
    Expired,
    /// More was paid than the price.
    Overpaid,
    /// Asked before the session, within 7 days of the payment.
    Unused,
    /// The partial refund after feedback within 48 hours.
    Partial,
}

fn basis_of(s: &str) -> RefundBasis {
    Basis::parse(s).map_or(RefundBasis::Overpaid, RefundBasis::from)
}

fn instant(ms: Option<i64>) -> Option<DateTime<Utc>> {
    ms.and_then(DateTime::from_timestamp_millis)
}

/// One refund of a booking.
#[derive(Debug, Clone, Object)]
pub struct Refund {
    /// A UUIDv4 (also the gateway's idempotency key).
    pub id: String,
    pub booking_id: String,
    pub status: RefundStatus,
    pub basis: RefundBasis,
    /// Went straight through, with no administrator's review.
    pub automatic: bool,
    /// The learner's reason (may be empty for an automatic refund).
    pub reason: String,
    /// The most the rules allowed when it was asked for, in paise.
    pub requested_paise: i64,
    /// What is (or was to be) returned, once approved or automatic.
    #[oai(nullable)]
    pub amount_paise: Option<i64>,
    /// Why it was rejected (the administrator's words).
    #[oai(nullable)]
    pub decision_note: Option<String>,
    pub requested_at: DateTime<Utc>,
    #[oai(nullable)]
    pub decided_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub processed_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failed_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failure_reason: Option<String>,
}

impl From<RefundRow> for Refund {
    fn from(r: RefundRow) -> Self {
        Refund {
            status: r.status.into(),
            basis: basis_of(&r.basis),
            id: r.id,
            booking_id: r.booking_id,
            automatic: r.automatic,
            reason: r.reason,
            requested_paise: r.requested_paise.to_i64(),
            amount_paise: r.amount_paise.map(Paise::to_i64),
            decision_note: r.decision_note,
            requested_at: r.requested_at,
            decided_at: r.decided_at,
            processed_at: r.processed_at,
            failed_at: r.failed_at,
            failure_reason: r.failure_reason,
        }
    }
}

/// Whether the learner may get money back now (the crate's
/// `refunds::eligibility`).
#[derive(Debug, Clone, Object)]
pub struct RefundEligibility {
    pub eligible: bool,
    /// Goes straight through, with no administrator's review.
    pub automatic: bool,
    #[oai(nullable)]
    pub basis: Option<RefundBasis>,
    /// The most that may be refunded now, in paise (0 when not eligible).
    pub max_paise: i64,
    /// When asking stops being possible, if it does.
    #[oai(nullable)]
    pub closes_at: Option<DateTime<Utc>>,
    /// The learner's words: what they can do, or why not.
    pub message: String,
}

impl From<Eligibility> for RefundEligibility {
    fn from(e: Eligibility) -> Self {
        RefundEligibility {
            eligible: e.eligible,
            automatic: e.automatic,
            basis: e.basis.map(RefundBasis::from),
            max_paise: e.max_paise,
            closes_at: instant(e.closes_at_ms),
            message: e.message,
        }
    }
}

/// What the refund rules know about the booking, exactly as the web
/// app's `refundEligibility(facts, nowMs)` takes it (camelCase), so the
/// page can tell when the verdict changes with time.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct RefundFactsBody {
    /// The stored status (`confirmed`, `completed`, ...).
    pub status: String,
    pub start_ms: i64,
    pub end_ms: i64,
    /// `learner`, `mentor` or `admin`.
    #[oai(nullable)]
    pub cancelled_by: Option<String>,
    /// `mentor` or `learner`.
    #[oai(nullable)]
    pub no_show_by: Option<String>,
    /// `refund` or `reschedule`.
    #[oai(nullable)]
    pub no_show_choice: Option<String>,
    pub refund_owed_paise: i64,
    pub captured_paise: i64,
    #[oai(nullable)]
    pub captured_at_ms: Option<i64>,
    pub refunded_paise: i64,
    pub open_request: bool,
    #[oai(nullable)]
    pub feedback_at_ms: Option<i64>,
}

impl From<&RefundFacts> for RefundFactsBody {
    fn from(f: &RefundFacts) -> Self {
        RefundFactsBody {
            status: f.status.as_str().to_owned(),
            start_ms: f.start_ms,
            end_ms: f.end_ms,
            cancelled_by: f.cancelled_by.map(|p| p.as_str().to_owned()),
            no_show_by: f.no_show_by.map(|m| m.as_str().to_owned()),
            no_show_choice: f.no_show_choice.map(|c| c.as_str().to_owned()),
            refund_owed_paise: f.refund_owed_paise,
            captured_paise: f.captured_paise,
            captured_at_ms: f.captured_at_ms,
            refunded_paise: f.refunded_paise,
            open_request: f.open_request,
            feedback_at_ms: f.feedback_at_ms,
        }
    }
}

/// A booking's refunds and what the rules allow now.
#[derive(Debug, Clone, Object)]
pub struct BookingRefunds {
    /// For the learner: whether (and how much) they may ask for now.
    pub eligibility: RefundEligibility,
    /// Oldest first.
    pub refunds: Vec<Refund>,
    /// Everything received for the booking, in paise.
    pub captured_paise: i64,
    /// What its pending and processed refunds take, in paise.
    pub refunded_paise: i64,
    /// When the booking's payment was captured.
    #[oai(nullable)]
    pub captured_at: Option<DateTime<Utc>>,
    /// The rules' input, for the web app's own verdict as time passes.
    pub facts: RefundFactsBody,
}

/// A refund in the administrators' queue.
#[derive(Debug, Clone, Object)]
pub struct AdminRefund {
    pub id: String,
    pub booking_id: String,
    pub status: RefundStatus,
    pub basis: RefundBasis,
    pub automatic: bool,
    pub reason: String,
    pub requested_paise: i64,
    #[oai(nullable)]
    pub amount_paise: Option<i64>,
    #[oai(nullable)]
    pub decision_note: Option<String>,
    pub requested_at: DateTime<Utc>,
    #[oai(nullable)]
    pub decided_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub processed_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failed_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub failure_reason: Option<String>,
    /// The booked session's title.
    pub service_title: String,
    pub learner_name: String,
    pub mentor_name: String,
    pub mentor_id: i64,
    /// Whole business days (Monday–Friday, India) since it was asked for.
    pub age_business_days: i64,
    /// When the answer is due: 5 business days after the request.
    pub due_at: DateTime<Utc>,
    /// Still a request, past `due_at`.
    pub overdue: bool,
    /// What may still be refunded on the booking, in paise.
    pub refundable_paise: i64,
}

impl From<Queued> for AdminRefund {
    fn from(q: Queued) -> Self {
        let row = q.row;
        let r = Refund::from(row.refund);
        AdminRefund {
            id: r.id,
            booking_id: r.booking_id,
            status: r.status,
            basis: r.basis,
            automatic: r.automatic,
            reason: r.reason,
            requested_paise: r.requested_paise,
            amount_paise: r.amount_paise,
            decision_note: r.decision_note,
            requested_at: r.requested_at,
            decided_at: r.decided_at,
            processed_at: r.processed_at,
            failed_at: r.failed_at,
            failure_reason: r.failure_reason,
            service_title: row.service_title,
            learner_name: row.learner_name,
            mentor_name: row.mentor_name,
            mentor_id: row.mentor_id,
            age_business_days: q.age_business_days,
            due_at: q.due_at,
            overdue: q.overdue,
            refundable_paise: q.refundable_paise.to_i64(),
        }
    }
}

// ---- Bodies --------------------------------------------------------------

/// A learner's refund request.
#[derive(Debug, Object)]
pub struct RefundRequestBody {
    /// Why, 1 to 1000 characters (optional when the money is owed anyway:
    /// a mentor's cancellation or no-show, a timely cancellation, an expiry,
    /// an overpayment).
    pub reason: Option<String>,
}

/// An administrator's approval.
#[derive(Debug, Object)]
pub struct ApproveBody {
    /// What to refund, in paise: above 0 and at most what was paid less
    /// what was already refunded.
    pub amount_paise: Option<i64>,
    /// Required when the approval goes beyond the refund rules as they stand
    /// now (a refund for a session not yet held once it has started, a
    /// partial refund above its 50 % share): why, 1 to 1000 characters,
    /// written to the audit log. Ignored otherwise.
    pub override_reason: Option<String>,
}

/// An administrator's rejection.
#[derive(Debug, Object)]
pub struct RejectBody {
    /// Why, 1 to 1000 characters: the learner reads it.
    pub reason: Option<String>,
}

// ---- Answers -------------------------------------------------------------

#[derive(ApiResponse)]
pub enum RequestResponse {
    /// The automatic refund that already returns the money owed.
    #[oai(status = 200)]
    Existing(Json<Refund>),
    /// Asked: `requested` (an administrator decides within 3–5 business
    /// days), or `pending` when the rules owe the money and it goes
    /// straight back.
    #[oai(status = 201)]
    Created(Json<Refund>),
    /// `reason` empty or too long.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such booking, or not the caller's as its learner.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// The rules allow no refund now, in their words.
    #[oai(status = 409)]
    Refused(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum BookingRefundsResponse {
    #[oai(status = 200)]
    Ok(Json<Box<BookingRefunds>>),
    /// No such booking, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

role_answers!(admin, QueueResponse {
    /// Oldest request first.
    #[oai(status = 200)]
    Ok(Json<Vec<AdminRefund>>),
    /// An unknown `status`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

role_answers!(admin, DecisionResponse {
    /// Decided: the refund as it is now.
    #[oai(status = 200)]
    Ok(Json<Box<AdminRefund>>),
    /// `amount_paise` missing, 0 or more than is refundable; `reason` missing or too long.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such refund.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// The refund is no longer a request.
    #[oai(status = 409)]
    Refused(Json<Detail>),
});

/// The refunds' operations.
pub struct RefundsApi {
    pub state: Arc<AppState>,
}

impl RefundsApi {
    fn now(&self) -> DateTime<Utc> {
        self.state.clock.now()
    }

    async fn decision(
        &self,
        result: Result<RefundRow, RefundError>,
    ) -> poem::Result<DecisionResponse> {
        match result {
            Ok(r) => {
                let q = refunds::queued_one(&self.state, &r.id, self.now()).await?;
                Ok(DecisionResponse::Ok(Json(Box::new(q.into()))))
            }
            Err(RefundError::Invalid(f)) => Ok(DecisionResponse::Invalid(Json(f))),
            Err(RefundError::NotFound) => Ok(DecisionResponse::NotFound(Json(Detail::not_found()))),
            Err(RefundError::Refused(m)) => Ok(DecisionResponse::Refused(Json(Detail::new(m)))),
            Err(e) => Err(e.into()),
        }
    }
}

/// The statuses the queue filters by.
const STATUSES: [&str; 5] = ["requested", "rejected", "pending", "processed", "failed"];

#[OpenApi(tag = "ApiTags::Bookings")]
impl RefundsApi {
    /// Ask for a refund (the learner)
    ///
    /// By the published refund rules: money the booking rules owe back (a
    /// mentor's cancellation or no-show, a timely cancellation, an expiry,
    /// an overpayment) goes straight back; a request before the session
    /// within 7 days of the payment, or for the 50 % partial refund after
    /// feedback given within 48 hours of the session, waits for an
    /// administrator (3–5 business days).
    #[oai(
        path = "/api/bookings/:id/refund-request/",
        method = "post",
        operation_id = "requestRefund"
    )]
    async fn request(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<RefundRequestBody>,
    ) -> poem::Result<RequestResponse> {
        let now = self.now();
        match refunds::request(&self.state, &auth.0, &id.0, body.0.reason.as_deref(), now).await {
            Ok((r, true)) => Ok(RequestResponse::Created(Json(r.into()))),
            Ok((r, false)) => Ok(RequestResponse::Existing(Json(r.into()))),
            Err(RefundError::Invalid(f)) => Ok(RequestResponse::Invalid(Json(f))),
            Err(RefundError::NotFound) => Ok(RequestResponse::NotFound(Json(Detail::not_found()))),
            Err(RefundError::Refused(m)) => Ok(RequestResponse::Refused(Json(Detail::new(m)))),
            Err(e) => Err(e.into()),
        }
    }

    /// A booking's refunds
    ///
    /// For its learner, its mentor or an administrator (anyone else 404):
    /// the refunds, what was received and refunded, and whether the
    /// learner may ask for one now.
    #[oai(
        path = "/api/bookings/:id/refunds/",
        method = "get",
        operation_id = "bookingRefunds"
    )]
    async fn booking_refunds(
        &self,
        auth: SignedIn,
        id: Path<String>,
    ) -> poem::Result<BookingRefundsResponse> {
        match refunds::overview(&self.state, &auth.0, &id.0, self.now()).await {
            Ok(o) => Ok(BookingRefundsResponse::Ok(Json(Box::new(BookingRefunds {
                eligibility: o.eligibility.into(),
                refunds: o.refunds.into_iter().map(Refund::from).collect(),
                captured_paise: o.captured_paise.to_i64(),
                refunded_paise: o.refunded_paise.to_i64(),
                captured_at: instant(o.facts.captured_at_ms),
                facts: (&o.facts).into(),
            })))),
            Err(RefundError::NotFound) => {
                Ok(BookingRefundsResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The refunds queue (administrators)
    ///
    /// Every refund, or those in `status` (`requested`, `rejected`,
    /// `pending`, `processed`, `failed`), oldest request first, each with
    /// its age in business days against the 3–5 business-day promise.
    #[oai(
        path = "/api/admin/refunds/",
        method = "get",
        operation_id = "listRefunds",
        tag = "ApiTags::Admin"
    )]
    async fn queue(
        &self,
        auth: SignedIn,
        status: Query<Option<String>>,
    ) -> poem::Result<QueueResponse> {
        or_forbidden!(auth.0.require_admin(), QueueResponse);
        // `?status=` (empty) lists them all, like no status.
        let status = status.0.filter(|s| !s.trim().is_empty());
        if let Some(s) = status.as_deref()
            && !STATUSES.contains(&s)
        {
            return Ok(QueueResponse::Invalid(Json(
                Fields::one(
                    "status",
                    "Choose requested, rejected, pending, processed or failed.",
                )
                .0,
            )));
        }
        let list = refunds::queue(&self.state, status.as_deref(), self.now()).await?;
        Ok(QueueResponse::Ok(Json(
            list.into_iter().map(AdminRefund::from).collect(),
        )))
    }

    /// Approve a refund request (administrators)
    ///
    /// For `amount_paise`, at most what was paid less what was already
    /// refunded: the refund goes to the gateway at once. The refund rules
    /// are checked again at this moment; an approval beyond them (a
    /// refund for a session not yet held after it started, a partial
    /// refund above its share) needs `override_reason` (400 under it
    /// otherwise). Written to the audit log.
    #[oai(
        path = "/api/admin/refunds/:id/approve/",
        method = "post",
        operation_id = "approveRefund",
        tag = "ApiTags::Admin"
    )]
    async fn approve(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<ApproveBody>,
    ) -> poem::Result<DecisionResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), DecisionResponse);
        let approval = match forms::money::parse_approve(
            body.0.amount_paise,
            body.0.override_reason.as_deref(),
        ) {
            Ok(approval) => approval,
            Err(f) => return Ok(DecisionResponse::Invalid(Json(f))),
        };
        let result =
            crate::bookings::approve_refund(&self.state, admin, &id.0, approval, self.now()).await;
        self.decision(result).await
    }

    /// Reject a refund request (administrators)
    ///
    /// With a reason the learner reads (1 to 1000 characters).
    #[oai(
        path = "/api/admin/refunds/:id/reject/",
        method = "post",
        operation_id = "rejectRefund",
        tag = "ApiTags::Admin"
    )]
    async fn reject(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<RejectBody>,
    ) -> poem::Result<DecisionResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), DecisionResponse);
        let result = refunds::reject(
            &self.state,
            admin,
            &id.0,
            body.0.reason.as_deref(),
            self.now(),
        )
        .await;
        self.decision(result).await
    }
}

//! No-shows settled by contest (issue 20): a booking's report as its
//! people see it (`GET /api/bookings/{id}/no-show/report/`), the other side's
//! contest (`POST /api/bookings/{id}/no-show/contest/`), and the
//! administrators' dispute queue (`GET /api/admin/disputes/`) and decision
//! (`POST /api/admin/disputes/{id}/decide/`, `id` being the booking's).
//! Someone else's booking is 404; the queue and its decisions are 403 to
//! anyone but an administrator.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::booking::Party;
use domain_wasm::forms;
use domain_wasm::money::Paise;
use domain_wasm::no_show as rules;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::bookings::no_show::{self as flow, ReportMoney};
use crate::bookings::{BookingError, BookingRecord};
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::state::AppState;
use crate::store::no_show::NoShowReport;

/// Where a no-show report stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename_all = "snake_case",
    remote = "domain_wasm::no_show::ContestState"
)]
pub enum NoShowState {
    /// Reported: the other side may contest it until `contest_closes_at`.
    Open,
    /// Contested: an administrator decides.
    Contested,
    /// Taken effect or decided: its money has moved.
    Settled,
}

/// How a report was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::no_show::Outcome")]
pub enum NoShowOutcome {
    /// The mentor missed it: the learner's full refund or new time.
    MentorMissed,
    /// The learner missed it: no refund.
    LearnerMissed,
    /// Neither was established: a partial refund.
    Partial,
}

/// A side of the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::booking::Missed")]
pub enum NoShowSide {
    Learner,
    Mentor,
}

/// A no-show report: both statements, the window, the outcome.
#[derive(Debug, Clone, Object)]
pub struct NoShowReportView {
    pub booking_id: String,
    /// Who the report says missed the session.
    pub missed: NoShowSide,
    /// Who reported it (the other side).
    pub reporter: NoShowSide,
    /// The learner's remedy if the mentor missed it: `refund` or `reschedule`.
    pub choice: Option<String>,
    pub state: NoShowState,
    /// The reporter's words (may be empty).
    pub report_statement: String,
    pub reported_at: DateTime<Utc>,
    /// The last moment the other side can contest it.
    pub contest_closes_at: DateTime<Utc>,
    pub contest_statement: Option<String>,
    pub contested_at: Option<DateTime<Utc>>,
    pub outcome: Option<NoShowOutcome>,
    /// What went back to the learner when it settled.
    pub refund_paise: Option<i64>,
    /// The administrator's reason, when one was given.
    pub decision_reason: Option<String>,
    pub settled_at: Option<DateTime<Utc>>,
    /// Whether the caller may contest it now.
    pub may_contest: bool,
    /// What the rules say to the caller about it.
    pub message: String,
    /// The most a partial refund could give.
    pub partial_max_paise: i64,
}

fn view(
    r: NoShowReport,
    facts: &rules::ContestFacts,
    party: Party,
    now: DateTime<Utc>,
) -> NoShowReportView {
    let v = rules::view(facts, party, now.timestamp_millis());
    NoShowReportView {
        booking_id: r.booking_id,
        missed: r.missed.into(),
        reporter: if v.reporter == Party::Learner {
            NoShowSide::Learner
        } else {
            NoShowSide::Mentor
        },
        choice: r.choice.map(|c| c.as_str().to_owned()),
        state: r.state.into(),
        report_statement: r.report_statement,
        reported_at: r.reported_at,
        contest_closes_at: r.contest_closes_at,
        contest_statement: r.contest_statement,
        contested_at: r.contested_at,
        outcome: r.outcome.map(Into::into),
        refund_paise: r.refund_paise.map(Paise::to_i64),
        decision_reason: r.decision_reason,
        settled_at: r.settled_at,
        may_contest: v.may_contest,
        message: v.message,
        partial_max_paise: v.partial_max_paise,
    }
}

/// A contested report in the administrators' queue.
#[derive(Debug, Clone, Object)]
pub struct Dispute {
    /// The booking's id (also the dispute's).
    pub id: String,
    pub report: NoShowReportView,
    pub service_title: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub learner_name: String,
    pub mentor_name: String,
    pub price_paise: i64,
    /// Money received for the booking.
    pub captured_paise: i64,
    /// What its refunds took so far.
    pub refunded_paise: i64,
    /// The most a partial refund may give.
    pub partial_max_paise: i64,
}

fn dispute(b: BookingRecord, r: NoShowReport, money: ReportMoney, now: DateTime<Utc>) -> Dispute {
    let facts = flow::contest_facts(&b, &r, money);
    let partial_max_paise = rules::partial_max_paise(&facts);
    Dispute {
        id: b.id.clone(),
        report: view(r, &facts, Party::Admin, now),
        service_title: b.service_title,
        start: b.start_at,
        end: b.end_at,
        learner_name: b.learner_name,
        mentor_name: b.mentor_name,
        price_paise: b.price_paise.to_i64(),
        captured_paise: money.captured_paise.to_i64(),
        refunded_paise: money.refunded_paise.to_i64(),
        partial_max_paise,
    }
}

/// The other side's contest.
#[derive(Debug, Object)]
pub struct ContestBody {
    /// What happened, in 1 to 1000 characters: the administrator reads it.
    pub statement: Option<String>,
    /// A learner contesting the mentor's report: `refund` (the default) or
    /// `reschedule`, should the administrator find the mentor missed it.
    pub choice: Option<String>,
}

/// An administrator's decision.
#[derive(Debug, Object)]
pub struct DecideBody {
    /// `mentor_missed`, `learner_missed` or `partial`.
    pub outcome: Option<String>,
    /// For `partial`: above 0 and at most the partial refund's maximum.
    pub amount_paise: Option<i64>,
    /// Required for `partial`, and whenever the decision goes beyond the
    /// rules (deciding a report nobody contested); both sides read it.
    pub reason: Option<String>,
}

/// A booking's no-show report, if one was made.
#[derive(Debug, Clone, Object)]
pub struct BookingNoShow {
    /// Absent when nobody reported a no-show (the schema has no `null`).
    #[oai(skip_serializing_if_is_none)]
    pub report: Option<Box<NoShowReportView>>,
}

#[derive(ApiResponse)]
pub enum ReportResponse {
    #[oai(status = 200)]
    Ok(Json<BookingNoShow>),
    /// No such booking or report, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum ContestResponse {
    /// Contested: the report as it is now.
    #[oai(status = 200)]
    Ok(Json<Box<NoShowReportView>>),
    /// `statement` empty or too long; `choice` unknown or not the caller's to make.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such booking, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// Not the caller's to contest (they reported it), already contested
    /// or settled, the window closed, or nothing was reported.
    #[oai(status = 409)]
    Refused(Json<Detail>),
}

role_answers!(admin, DisputesResponse {
    /// Contested reports, oldest contest first.
    #[oai(status = 200)]
    Ok(Json<Vec<Dispute>>),
});

role_answers!(admin, DecideResponse {
    /// Decided: the report as it is now.
    #[oai(status = 200)]
    Ok(Json<Box<NoShowReportView>>),
    /// `outcome` unknown; `amount_paise` missing, 0 or above the maximum;
    /// `reason` missing where required, or too long.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such report.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// Already settled.
    #[oai(status = 409)]
    Refused(Json<Detail>),
});

pub struct DisputesApi {
    pub state: Arc<AppState>,
}

impl DisputesApi {
    fn now(&self) -> DateTime<Utc> {
        self.state.clock.now()
    }
}

#[OpenApi(tag = "ApiTags::Bookings")]
impl DisputesApi {
    /// A booking's no-show report
    ///
    /// For its learner, its mentor or an administrator: both statements,
    /// the deadline to contest, whether the caller may contest it now and
    /// the outcome once settled.
    #[oai(
        path = "/api/bookings/:id/no-show/report/",
        method = "get",
        operation_id = "noShowReport"
    )]
    async fn report(&self, auth: SignedIn, id: Path<String>) -> poem::Result<ReportResponse> {
        match flow::report(&self.state, &auth.0, &id.0).await {
            Ok(Some((_, party, r, facts))) => Ok(ReportResponse::Ok(Json(BookingNoShow {
                report: Some(Box::new(view(r, &facts, party, self.now()))),
            }))),
            Ok(None) => Ok(ReportResponse::Ok(Json(BookingNoShow { report: None }))),
            Err(BookingError::NotFound) => Ok(ReportResponse::NotFound(Json(Detail::not_found()))),
            Err(e) => Err(e.into()),
        }
    }

    /// Contest a no-show report
    ///
    /// The side that did not report it, within 48 hours of the report,
    /// with a statement (1 to 1000 characters). The report then waits for
    /// an administrator's decision; nothing moves until then.
    #[oai(
        path = "/api/bookings/:id/no-show/contest/",
        method = "post",
        operation_id = "contestNoShow"
    )]
    async fn contest(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<ContestBody>,
    ) -> poem::Result<ContestResponse> {
        let choice = match forms::bookings::parse_contest_choice(body.0.choice.as_deref()) {
            Ok(choice) => choice,
            Err(f) => return Ok(ContestResponse::Invalid(Json(f))),
        };
        let now = self.now();
        let statement = body.0.statement.as_deref();
        match flow::contest(&self.state, &auth.0, &id.0, statement, choice, now).await {
            Ok(_) => match flow::report(&self.state, &auth.0, &id.0).await {
                Ok(Some((_, party, r, facts))) => Ok(ContestResponse::Ok(Json(Box::new(view(
                    r, &facts, party, now,
                ))))),
                Ok(None) => Err(BookingError::NotFound.into()),
                Err(e) => Err(e.into()),
            },
            Err(BookingError::Invalid(f)) => Ok(ContestResponse::Invalid(Json(f))),
            Err(BookingError::NotFound) => Ok(ContestResponse::NotFound(Json(Detail::not_found()))),
            Err(BookingError::Refused(m)) => Ok(ContestResponse::Refused(Json(Detail::new(m)))),
            Err(e) => Err(e.into()),
        }
    }

    /// The dispute queue (administrators)
    ///
    /// Contested no-show reports waiting for a decision, with both
    /// statements, the booking, its people and its money.
    #[oai(
        path = "/api/admin/disputes/",
        method = "get",
        operation_id = "listDisputes",
        tag = "ApiTags::Admin"
    )]
    async fn disputes(&self, auth: SignedIn) -> poem::Result<DisputesResponse> {
        or_forbidden!(auth.0.require_admin(), DisputesResponse);
        let now = self.now();
        let list = flow::disputes(&self.state).await?;
        Ok(DisputesResponse::Ok(Json(
            list.into_iter()
                .map(|d| dispute(d.booking, d.report, d.money, now))
                .collect(),
        )))
    }

    /// Decide a no-show report (administrators)
    ///
    /// `mentor_missed`: the learner gets their full refund (or keeps the
    /// new time they chose); `learner_missed`: no refund;
    /// `partial`: `amount_paise` up to the partial refund's maximum, with
    /// a `reason`. Deciding a report nobody contested goes beyond the rules
    /// and needs a `reason`. Written to the audit log.
    #[oai(
        path = "/api/admin/disputes/:id/decide/",
        method = "post",
        operation_id = "decideDispute",
        tag = "ApiTags::Admin"
    )]
    async fn decide(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<DecideBody>,
    ) -> poem::Result<DecideResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), DecideResponse);
        let body = body.0;
        let decision = match forms::bookings::parse_decide(
            body.outcome.as_deref(),
            body.amount_paise,
            body.reason.as_deref(),
        ) {
            Ok(decision) => decision,
            Err(f) => return Ok(DecideResponse::Invalid(Json(f))),
        };
        let now = self.now();
        let result = flow::decide(&self.state, admin, &id.0, decision, now).await;
        match result {
            Ok(_) => match flow::report(&self.state, &auth.0, &id.0).await {
                Ok(Some((_, party, r, facts))) => Ok(DecideResponse::Ok(Json(Box::new(view(
                    r, &facts, party, now,
                ))))),
                Ok(None) => Err(BookingError::NotFound.into()),
                Err(e) => Err(e.into()),
            },
            Err(BookingError::Invalid(f)) => Ok(DecideResponse::Invalid(Json(f))),
            Err(BookingError::NotFound) => Ok(DecideResponse::NotFound(Json(Detail::not_found()))),
            Err(BookingError::Refused(m)) => Ok(DecideResponse::Refused(Json(Detail::new(m)))),
            Err(e) => Err(e.into()),
        }
    }
}

//! The ledger's totals, for administrators (issue 13):
//! `GET /api/admin/ledger/`, and the books against the gateway (issue 19):
//! `GET /api/admin/reconciliation/`. Everyone else gets 403 (guests 401).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::error::Detail;
use crate::ledger::{self, Report};
use crate::payments::reconciliation;
use crate::state::AppState;

/// One ledger account's balance, in paise: debit positive, credit negative
/// (the money held at the gateway is positive; the commission earned and
/// what is owed to mentors are negative).
#[derive(Debug, Object)]
pub struct AccountBalanceDto {
    /// `gateway`, `commission`, `mentor`, `payouts_in_transit`,
    /// `learner_credit` or `tds_payable`.
    pub account: String,
    pub balance_paise: i64,
}

/// One mentor's position in the ledger.
#[derive(Debug, Object)]
pub struct MentorPositionDto {
    pub mentor_id: i64,
    /// What the platform owes the mentor (negative: what they owe back).
    pub owed_paise: i64,
    /// In payout batches, not yet marked paid or failed.
    pub in_transit_paise: i64,
}

/// The ledger's totals.
#[derive(Debug, Object)]
pub struct LedgerReport {
    /// Every account, always all six, in a fixed order.
    pub accounts: Vec<AccountBalanceDto>,
    /// Every transaction's entries sum to zero and the money received
    /// equals the money refunded and paid out plus what is held.
    pub balanced: bool,
    /// Received from learners (every capture, second payments included).
    pub captured_paise: i64,
    /// Returned to learners by refunds.
    pub refunded_paise: i64,
    /// Paid to mentors (payout lines marked paid).
    pub paid_out_paise: i64,
    /// Held at the gateway or bank: captured less refunded and paid out.
    pub held_paise: i64,
    /// The platform's commission earned, net of what refunds took back.
    pub commission_paise: i64,
    /// TDS deducted from payouts under section 194-O and not given back by
    /// refunds: owed to the government, still held.
    pub tds_payable_paise: i64,
    /// Each mentor with entries in the ledger, by mentor id.
    pub mentors: Vec<MentorPositionDto>,
    /// The figures are the sandbox's money, which never moved (this site
    /// runs the sandbox). On a site running a real gateway the sandbox's
    /// money is never counted, and this is `false`.
    pub sandbox: bool,
}

impl From<Report> for LedgerReport {
    fn from(r: Report) -> Self {
        LedgerReport {
            accounts: r
                .accounts
                .into_iter()
                .map(|a| AccountBalanceDto {
                    account: a.account.to_owned(),
                    balance_paise: a.balance_paise,
                })
                .collect(),
            sandbox: false,
            balanced: r.balanced,
            captured_paise: r.captured_paise,
            refunded_paise: r.refunded_paise,
            paid_out_paise: r.paid_out_paise,
            held_paise: r.held_paise,
            commission_paise: r.commission_paise,
            tds_payable_paise: r.tds_payable_paise,
            mentors: r
                .mentors
                .into_iter()
                .map(|m| MentorPositionDto {
                    mentor_id: m.mentor_id,
                    owed_paise: m.owed_paise,
                    in_transit_paise: m.in_transit_paise,
                })
                .collect(),
        }
    }
}

role_answers!(admin, LedgerResponse {
    #[oai(status = 200)]
    Ok(Json<LedgerReport>),
});

/// How the books and the gateway disagree about an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename_all = "snake_case",
    remote = "crate::payments::reconciliation::Difference"
)]
pub enum ReconciliationDifference {
    /// The gateway has it; the books do not.
    MissingInBooks,
    /// The books have it; the gateway does not (or says it did not happen).
    MissingAtGateway,
    /// Both have it, for other amounts.
    AmountDiffers,
    /// Both have it, at other statuses.
    StatusDiffers,
}

/// What the item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case")]
pub enum ReconciliationKind {
    Payment,
    Refund,
    Dispute,
}

/// One item the books and the gateway do not agree on.
#[derive(Debug, Object)]
pub struct ReconciliationMismatch {
    pub kind: ReconciliationKind,
    pub difference: ReconciliationDifference,
    /// The gateway's id (`pay_...`, `rfnd_...`, `disp_...`).
    pub gateway_id: String,
    /// The booking the books tie it to, when they have it.
    #[oai(nullable)]
    pub booking_id: Option<String>,
    #[oai(nullable)]
    pub gateway_amount_paise: Option<i64>,
    #[oai(nullable)]
    pub books_amount_paise: Option<i64>,
    #[oai(nullable)]
    pub gateway_status: Option<String>,
    #[oai(nullable)]
    pub books_status: Option<String>,
}

/// The books against the gateway for one period.
#[derive(Debug, Object)]
pub struct ReconciliationReport {
    /// `razorpay`, or `sandbox` (which keeps no books of its own: nothing
    /// is checked).
    pub gateway: String,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// Whether the gateway's lists were read.
    pub checked: bool,
    pub matched_payments: i64,
    pub matched_refunds: i64,
    pub matched_disputes: i64,
    /// Everything that does not match; empty when the books agree.
    pub mismatches: Vec<ReconciliationMismatch>,
}

impl From<reconciliation::Report> for ReconciliationReport {
    fn from(r: reconciliation::Report) -> Self {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        ReconciliationReport {
            gateway: r.gateway.to_owned(),
            from: r.from,
            to: r.to,
            checked: r.checked,
            matched_payments: count(r.matched_payments),
            matched_refunds: count(r.matched_refunds),
            matched_disputes: count(r.matched_disputes),
            mismatches: r
                .mismatches
                .into_iter()
                .map(|m| ReconciliationMismatch {
                    kind: match m.kind {
                        "refund" => ReconciliationKind::Refund,
                        "dispute" => ReconciliationKind::Dispute,
                        _ => ReconciliationKind::Payment,
                    },
                    difference: m.difference.into(),
                    gateway_id: m.gateway_id,
                    booking_id: m.booking_id,
                    gateway_amount_paise: m.gateway_amount_paise,
                    books_amount_paise: m.books_amount_paise.map(Paise::to_i64),
                    gateway_status: m.gateway_status,
                    books_status: m.books_status,
                })
                .collect(),
        }
    }
}

role_answers!(admin, ReconciliationResponse {
    #[oai(status = 200)]
    Ok(Json<ReconciliationReport>),
    /// `from` or `to` is not an RFC 3339 time.
    #[oai(status = 400)]
    Invalid(Json<crate::fields::FieldErrors>),
    /// The gateway did not answer; try again in a minute.
    #[oai(status = 503)]
    Unavailable(Json<Detail>),
});

/// An optional RFC 3339 time of a query: absent is `None`; anything else
/// must be a time, exactly (no blank, no padding), as the document says.
fn time_of(value: Option<&str>) -> Result<Option<DateTime<Utc>>, ()> {
    match value {
        None => Ok(None),
        Some(v) => DateTime::parse_from_rfc3339(v)
            .map(|t| Some(t.with_timezone(&Utc)))
            .map_err(|_| ()),
    }
}

pub struct AdminLedgerApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Admin")]
impl AdminLedgerApi {
    /// The ledger's totals
    ///
    /// Each account's balance and the money figures: captured, refunded,
    /// paid out, held, commission, and whether everything balances.
    #[oai(
        path = "/api/admin/ledger/",
        method = "get",
        operation_id = "ledgerReport"
    )]
    async fn ledger(&self, auth: SignedIn) -> poem::Result<LedgerResponse> {
        or_forbidden!(auth.0.require_admin(), LedgerResponse);
        let sandbox = self.state.counts_sandbox_money();
        let report = ledger::report(&self.state.store, sandbox).await?;
        Ok(LedgerResponse::Ok(Json(LedgerReport {
            sandbox,
            ..report.into()
        })))
    }

    /// The books against the gateway
    ///
    /// Payments money was taken on, refunds (ours and the gateway's own)
    /// and disputes that the gateway's lists and the books do not agree
    /// on, for payments made from `from` to `to` (RFC 3339; by default the
    /// last 30 days): each side's amount and status. Asks the gateway, so
    /// it may answer 503.
    #[oai(
        path = "/api/admin/reconciliation/",
        method = "get",
        operation_id = "reconciliationReport"
    )]
    async fn reconciliation(
        &self,
        auth: SignedIn,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
    ) -> poem::Result<ReconciliationResponse> {
        or_forbidden!(auth.0.require_admin(), ReconciliationResponse);
        let now = self.state.clock.now();
        let mut fields = crate::fields::Fields::default();
        let to = match time_of(to.0.as_deref()) {
            Ok(t) => t.unwrap_or(now),
            Err(()) => {
                fields.add("to", "Give a time such as 2026-11-30T00:00:00Z.");
                now
            }
        };
        let from = match time_of(from.0.as_deref()) {
            Ok(t) => t.unwrap_or(to - reconciliation::DEFAULT_PERIOD),
            Err(()) => {
                fields.add("from", "Give a time such as 2026-11-01T00:00:00Z.");
                to
            }
        };
        // A period that ends before it starts holds nothing: an empty
        // report, not an error (the document cannot say `from <= to`).
        if !fields.is_empty() {
            return Ok(ReconciliationResponse::Invalid(Json(fields.0)));
        }
        match reconciliation::report(&self.state, from, to).await {
            Ok(report) => Ok(ReconciliationResponse::Ok(Json(report.into()))),
            Err(reconciliation::ReportError::Gateway(e)) => {
                tracing::warn!(error = %e, "reconciliation: the gateway did not answer");
                Ok(ReconciliationResponse::Unavailable(Json(Detail::new(
                    crate::payments::UNAVAILABLE,
                ))))
            }
            Err(reconciliation::ReportError::Store(e)) => Err(e.into()),
        }
    }
}

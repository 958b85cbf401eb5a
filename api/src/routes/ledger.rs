//! The ledger's totals, for administrators (issue 13):
//! `GET /api/admin/ledger/`. Everyone else gets 403 (guests 401).

use std::sync::Arc;

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::ledger::{self, Report};
use crate::state::AppState;

/// One ledger account's balance, in paise: debit positive, credit negative
/// (the money held at the gateway is positive; the commission earned and
/// what is owed to mentors are negative).
#[derive(Debug, Object)]
pub struct AccountBalanceDto {
    /// `gateway`, `commission`, `mentor`, `payouts_in_transit` or `learner_credit`.
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
    /// Every account, always all five, in a fixed order.
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
    /// Each mentor with entries in the ledger, by mentor id.
    pub mentors: Vec<MentorPositionDto>,
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
            balanced: r.balanced,
            captured_paise: r.captured_paise,
            refunded_paise: r.refunded_paise,
            paid_out_paise: r.paid_out_paise,
            held_paise: r.held_paise,
            commission_paise: r.commission_paise,
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
        let report = ledger::report(&self.state.store).await?;
        Ok(LedgerResponse::Ok(Json(report.into())))
    }
}

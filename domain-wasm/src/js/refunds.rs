//! The refund rules' JavaScript adapters (`src/refunds.rs`): a booking's
//! money facts read from JavaScript, amounts and times as JavaScript's
//! numbers, and the exports of the dashboards' and the learner's modules.

use super::{Arg, arg, js_whole};
use crate::bindings::{BadInput, FromJson, bad};
use crate::booking::{Missed, NoShowChoice, Party, Status};
use crate::json::Json;
use crate::refunds::{
    Basis, Eligibility, PARTIAL_REFUND_FEEDBACK_HOURS, PARTIAL_REFUND_PERCENT, REFUND_WINDOW_DAYS,
    REVIEW_BUSINESS_DAYS_MAX, REVIEW_BUSINESS_DAYS_MIN, RefundFacts, RefundOffer, RefundRules,
    RefundSplit, approval_beyond_rules, eligibility, refund_offer, refund_split,
};

/// [`RefundFacts`] as JavaScript passes them (camelCase; a field left out
/// or `null` is unknown, zero or false).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RefundFactsArg {
    status: Status,
    start_ms: i64,
    end_ms: i64,
    cancelled_by: Option<Party>,
    no_show_by: Option<Missed>,
    no_show_choice: Option<NoShowChoice>,
    #[serde(default)]
    refund_owed_paise: i64,
    #[serde(default)]
    captured_paise: i64,
    captured_at_ms: Option<i64>,
    #[serde(default)]
    refunded_paise: i64,
    #[serde(default)]
    open_request: bool,
    feedback_at_ms: Option<i64>,
}

impl FromJson for RefundFacts {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let f: RefundFactsArg = arg(
            json,
            &Arg {
                what: "a booking",
                field: "a booking's ",
                got: false,
                text: "text",
            },
        )?;
        Ok(RefundFacts {
            status: f.status,
            start_ms: f.start_ms,
            end_ms: f.end_ms,
            cancelled_by: f.cancelled_by,
            no_show_by: f.no_show_by,
            no_show_choice: f.no_show_choice,
            refund_owed_paise: f.refund_owed_paise,
            captured_paise: f.captured_paise,
            captured_at_ms: f.captured_at_ms,
            refunded_paise: f.refunded_paise,
            open_request: f.open_request,
            feedback_at_ms: f.feedback_at_ms,
        })
    }
}

/// Whether the learner may ask for money back for a booking at `nowMs`, how
/// much (`maxPaise`), whether it goes straight through (`automatic`), on
/// what basis, until when (`closesAtMs`) and the learner's words. Throws for
/// a malformed booking or time.
#[crate::export(dashboards, learner, js_name = "refundEligibility")]
pub fn refund_eligibility(facts: RefundFacts, now_ms: f64) -> Result<Eligibility, BadInput> {
    Ok(eligibility(&facts, js_whole(now_ms, "nowMs")?))
}

/// How a refund of `refundPaise` splits between the platform's commission
/// and the mentor's share, for a payment of `grossPaise` with
/// `commissionPaise` commission of which `refundedBeforePaise` was already
/// refunded (the published proportional rule). Throws for amounts that are
/// not whole numbers of paise.
#[crate::export(dashboards, js_name = "refundSplit")]
pub fn refund_split_js(
    gross_paise: f64,
    commission_paise: f64,
    refunded_before_paise: f64,
    refund_paise: f64,
) -> Result<RefundSplit, BadInput> {
    Ok(refund_split(
        js_whole(gross_paise, "grossPaise")?,
        js_whole(commission_paise, "commissionPaise")?,
        js_whole(refunded_before_paise, "refundedBeforePaise")?,
        js_whole(refund_paise, "refundPaise")?,
    ))
}

/// The refund and payout rules' numbers: the 7-day window, the 48 hours for
/// feedback and the 50 % partial refund, the 3–5 business days of review,
/// the 2 days before earnings are paid out.
#[crate::export(dashboards, js_name = "refundRules")]
pub fn refund_rules() -> RefundRules {
    RefundRules {
        window_days: REFUND_WINDOW_DAYS,
        partial_feedback_hours: PARTIAL_REFUND_FEEDBACK_HOURS,
        partial_percent: PARTIAL_REFUND_PERCENT,
        review_days_min: REVIEW_BUSINESS_DAYS_MIN,
        review_days_max: REVIEW_BUSINESS_DAYS_MAX,
        payout_hold_days: crate::payouts::PAYOUT_HOLD_DAYS,
    }
}

/// Whether approving a request of `basis` for `amountPaise` at `nowMs`
/// goes beyond the rules: `null` when it does not, else the
/// administrator's words (a reason is then required).
#[crate::export(dashboards, js_name = "refundApprovalBeyondRules")]
pub fn refund_approval_beyond_rules(
    facts: RefundFacts,
    basis: &str,
    amount_paise: f64,
    now_ms: f64,
) -> Result<Option<String>, BadInput> {
    let basis = Basis::parse(basis).ok_or_else(|| bad("unknown refund basis"))?;
    Ok(approval_beyond_rules(
        &facts,
        basis,
        js_whole(amount_paise, "amountPaise")?,
        js_whole(now_ms, "nowMs")?,
    ))
}

/// What the booking page offers a learner who wants their money back at
/// `nowMs`: cancelling first while it refunds in full (`cancelRefunds`,
/// until `cancelRefundsUntilMs`), a refund request only where cancelling
/// would not refund (`request`), and the learner's words. Throws for a
/// malformed booking or time.
#[crate::export(dashboards, learner, js_name = "refundOffer")]
pub fn refund_offer_js(facts: RefundFacts, now_ms: f64) -> Result<RefundOffer, BadInput> {
    Ok(refund_offer(&facts, js_whole(now_ms, "nowMs")?))
}

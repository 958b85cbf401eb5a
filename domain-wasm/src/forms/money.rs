//! The money bodies: the commission (issue 11), the checkout's callback and
//! the sandbox's payment (issue 12), refunds and payouts (issue 13).

use chrono::{DateTime, Utc};

use super::patterns::{NON_BLANK, VISIBLE};
use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::commission::{MAX_RATE_BPS, rate_problem};
use crate::enquiry::clean_message;
use crate::payouts::{PayoutDetails, PayoutDetailsInput, check_payout_details};

/// The payment methods the sandbox checkout offers (SPEC: UPI, cards, net
/// banking and wallets).
pub const SANDBOX_METHODS: [&str; 4] = ["upi", "card", "netbanking", "wallet"];

const RATE: Rule = Rule::range(0, MAX_RATE_BPS as i64);

const DEFAULT_RATE: Field = Field::optional("default_bps", RATE);
const OVERRIDES: Field = Field::optional("overrides", Rule::NONE);

pub const COMMISSION: Body = Body {
    schema: "CommissionBody",
    fields: &[DEFAULT_RATE, OVERRIDES],
};

pub const COMMISSION_OVERRIDE: Body = Body {
    schema: "CommissionOverrideBody",
    fields: &[
        Field::required("mentor_id", Rule::NONE),
        Field::required("rate_bps", RATE),
    ],
};

const MENTOR_RATE_BPS: Field = Field::required("rate_bps", RATE);

pub const MENTOR_RATE: Body = Body {
    schema: "MentorRateBody",
    fields: &[MENTOR_RATE_BPS],
};

pub const VERIFY: Body = Body {
    schema: "VerifyBody",
    fields: &[
        Field::required("razorpay_order_id", Rule::pattern(NON_BLANK)),
        Field::required("razorpay_payment_id", Rule::pattern(NON_BLANK)),
        Field::required("razorpay_signature", Rule::pattern(NON_BLANK)),
    ],
};

const SANDBOX_METHOD: Field = Field::required("method", Rule::one_of(&SANDBOX_METHODS));

pub const SANDBOX_PAY: Body = Body {
    schema: "SandboxPayBody",
    fields: &[SANDBOX_METHOD, Field::required("outcome", Rule::NONE)],
};

/// The longest reason of a refund request, approval or rejection.
pub const REFUND_REASON_MAX: usize = 1000;

/// A refund request's reason (also what the web app checks, through
/// `forms::bookings::check_booking_text`).
pub(super) const REFUND_REASON: Field =
    Field::optional("reason", Rule::max_length(REFUND_REASON_MAX)).called("the reason");

pub const REFUND_REQUEST: Body = Body {
    schema: "RefundRequestBody",
    fields: &[REFUND_REASON],
};

const AMOUNT: Field = Field::required(
    "amount_paise",
    Rule {
        minimum: Some(1),
        ..Rule::NONE
    },
);

const OVERRIDE_REASON: Field =
    Field::optional("override_reason", Rule::max_length(REFUND_REASON_MAX)).called("the reason");

pub const APPROVE: Body = Body {
    schema: "ApproveBody",
    fields: &[AMOUNT, OVERRIDE_REASON],
};

const REJECT_REASON: Field = Field::required(
    "reason",
    Rule::max_length(REFUND_REASON_MAX).and_pattern(NON_BLANK),
)
.called("the reason");

pub const REJECT: Body = Body {
    schema: "RejectBody",
    fields: &[REJECT_REASON],
};

pub const PAYOUT_DETAILS: Body = Body {
    schema: "PayoutDetailsBody",
    fields: &[
        Field::required("method", Rule::one_of(&["bank", "upi"])),
        Field::required("beneficiary_name", Rule::pattern(VISIBLE)),
        Field::optional("schedule", Rule::one_of(&["", "weekly", "monthly"])),
    ],
};

const PERIOD_END: Field = Field::optional("period_end", Rule::DATE_TIME);

pub const PAYOUT_BATCH: Body = Body {
    schema: "PayoutBatchBody",
    fields: &[PERIOD_END],
};

/// The longest reason an administrator gives for a failed payout.
pub const PAYOUT_REASON_MAX: usize = 500;

const PAYOUT_REASON: Field = Field::optional("reason", Rule::max_length(PAYOUT_REASON_MAX));

pub const PAYOUT_FAILED: Body = Body {
    schema: "PayoutFailedBody",
    fields: &[PAYOUT_REASON],
};

/// A refund request's reason, cleaned (`enquiry::clean_message`; empty
/// when none was given). Whether one is needed is the refund rules' call.
pub fn parse_refund_request(reason: Option<&str>) -> Result<String, FieldErrors> {
    let mut r = Reader::default();
    let reason = r.within(&REFUND_REASON, clean_message(reason.unwrap_or_default()));
    r.finish(reason)
}

/// An approval: the amount, and the reason for going beyond the rules
/// (`None` when none was given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Approval {
    pub amount_paise: i64,
    pub override_reason: Option<String>,
}

/// An approval's body: the amount is required (whether it is within what
/// may be refunded is the refund rules' call at that moment).
pub fn parse_approve(
    amount_paise: Option<i64>,
    override_reason: Option<&str>,
) -> Result<Approval, FieldErrors> {
    let mut r = Reader::default();
    let amount = r.present(&AMOUNT, amount_paise);
    let reason = r.within(
        &OVERRIDE_REASON,
        clean_message(override_reason.unwrap_or_default()),
    );
    let parsed = amount.zip(reason).map(|(amount_paise, reason)| Approval {
        amount_paise,
        override_reason: Some(reason).filter(|r| !r.is_empty()),
    });
    r.finish(parsed)
}

/// A rejection's reason: required, cleaned, at most
/// [`REFUND_REASON_MAX`] characters.
pub fn parse_reject(reason: Option<&str>) -> Result<String, FieldErrors> {
    let mut r = Reader::default();
    let reason = r
        .within(&REJECT_REASON, clean_message(reason.unwrap_or_default()))
        .and_then(|reason| r.present(&REJECT_REASON, Some(reason).filter(|r| !r.is_empty())));
    r.finish(reason)
}

/// A failed payout's reason, on one line: required, at most
/// [`PAYOUT_REASON_MAX`] characters.
pub fn parse_payout_failed(reason: Option<&str>) -> Result<String, FieldErrors> {
    let mut r = Reader::default();
    let cleaned = reason
        .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    if cleaned.is_empty() {
        r.add(&PAYOUT_REASON, "Say why the payout failed, for the mentor.");
        return r.finish(None);
    }
    if cleaned.chars().count() > PAYOUT_REASON_MAX {
        r.add(
            &PAYOUT_REASON,
            format!("Keep the reason to {PAYOUT_REASON_MAX} characters."),
        );
        return r.finish(None);
    }
    r.finish(Some(cleaned))
}

// ---- The commission ----------------------------------------------------

/// An override as sent (`CommissionOverrideBody`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OverrideInput {
    pub mentor_id: Option<i64>,
    pub rate_bps: Option<i64>,
}

/// What an administrator changes at once: the default rate, and/or the
/// whole list of overrides (`(mentor id, rate)`), each left as it is when
/// `None`. Every rate is from 0 to [`MAX_RATE_BPS`], every mentor named
/// once and known.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommissionChange {
    pub default_bps: Option<i64>,
    pub overrides: Option<Vec<(i64, i64)>>,
}

/// A commission change read from its body (`CommissionBody`), waiting for
/// the store's word on which of its mentors exist ([`Self::mentors`],
/// then [`Self::known`]): the body's errors and those of unknown mentors
/// are answered together.
#[derive(Debug)]
pub struct CommissionDraft {
    change: CommissionChange,
    reader: Reader,
}

/// A commission change's body: the default rate and each override's rate
/// from 0 to [`MAX_RATE_BPS`] (`commission::rate_problem`), each override
/// with a mentor and a rate, each mentor once; an override's problem is
/// under `overrides`, named by its position from 1.
pub fn parse_commission(
    default_bps: Option<i64>,
    overrides: Option<Vec<OverrideInput>>,
) -> CommissionDraft {
    let mut r = Reader::default();
    if let Some(problem) = default_bps.and_then(rate_problem) {
        r.add(&DEFAULT_RATE, problem);
    }
    let overrides = overrides.map(|list| {
        let mut checked: Vec<(i64, i64)> = Vec::new();
        for (i, o) in list.iter().enumerate() {
            let n = i + 1;
            match (o.mentor_id, o.rate_bps) {
                (None, _) => r.add(&OVERRIDES, format!("Override {n}: choose a mentor.")),
                (_, None) => r.add(&OVERRIDES, format!("Override {n}: enter a rate.")),
                (Some(mentor), Some(rate)) => {
                    if let Some(problem) = rate_problem(rate) {
                        r.add(&OVERRIDES, format!("Override {n}: {problem}"));
                    } else if checked.iter().any(|(m, _)| *m == mentor) {
                        r.add(
                            &OVERRIDES,
                            format!("Override {n}: mentor {mentor} already has a rate above; give each mentor one."),
                        );
                    } else {
                        checked.push((mentor, rate));
                    }
                }
            }
        }
        checked
    });
    CommissionDraft {
        change: CommissionChange {
            default_bps,
            overrides,
        },
        reader: r,
    }
}

impl CommissionDraft {
    /// The mentors the overrides name (none when the list was left out),
    /// for the store to say which do not exist.
    pub fn mentors(&self) -> Vec<i64> {
        self.change
            .overrides
            .iter()
            .flatten()
            .map(|(m, _)| *m)
            .collect()
    }

    /// The change, once the store has said which of [`Self::mentors`] are
    /// `unknown`; or every field error, the unknown mentors' last.
    pub fn known(mut self, unknown: &[i64]) -> Result<CommissionChange, FieldErrors> {
        for mentor in unknown {
            self.reader.add(
                &OVERRIDES,
                format!("There is no mentor {mentor}; choose one from the list."),
            );
        }
        self.reader.finish(Some(self.change))
    }
}

/// One mentor's rate (`MentorRateBody`): required, from 0 to
/// [`MAX_RATE_BPS`].
pub fn parse_mentor_rate(rate_bps: Option<i64>) -> Result<i64, FieldErrors> {
    let mut r = Reader::default();
    let rate = r
        .present(&MENTOR_RATE_BPS, rate_bps)
        .and_then(|rate| match rate_problem(rate) {
            Some(problem) => {
                r.add(&MENTOR_RATE_BPS, problem);
                None
            }
            None => Some(rate),
        });
    r.finish(rate)
}

// ---- Payouts -----------------------------------------------------------

/// A mentor's payout details (`PayoutDetailsBody`, without the proof of
/// who is asking, which is the payout flow's to check): by
/// `payouts::check_payout_details`, each field's messages in the rule's
/// order.
pub fn parse_payout_details(input: &PayoutDetailsInput) -> Result<PayoutDetails, FieldErrors> {
    check_payout_details(input).map_err(|errors| {
        let mut out = FieldErrors::new();
        for (field, message) in errors {
            out.entry(field.to_owned()).or_default().push(message);
        }
        out
    })
}

/// A new payout batch's period end (`PayoutBatchBody`): `now` when left
/// out, never later than `now`.
pub fn parse_payout_batch(
    period_end: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, FieldErrors> {
    let period_end = period_end.unwrap_or(now);
    if period_end > now {
        return Err(super::one(
            &PERIOD_END,
            "The period cannot end in the future.",
        ));
    }
    Ok(period_end)
}

// ---- Payments ----------------------------------------------------------

/// The longest order or payment id a checkout's callback may carry, in
/// bytes.
pub const GATEWAY_ID_MAX: usize = 100;

/// A checkout's callback, parsed: the ids trimmed, the signature as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckoutCallback<'a> {
    pub order_id: &'a str,
    pub payment_id: &'a str,
    pub signature: &'a str,
}

/// A checkout's callback (`VerifyBody`): the order and payment ids given
/// and at most [`GATEWAY_ID_MAX`] bytes once trimmed. `None` otherwise:
/// the API answers such a callback as one whose signature does not match,
/// without saying which part was wrong.
pub fn parse_verify<'a>(
    order_id: &'a str,
    payment_id: &'a str,
    signature: &'a str,
) -> Option<CheckoutCallback<'a>> {
    let order_id = order_id.trim();
    let payment_id = payment_id.trim();
    let fits = |id: &str| !id.is_empty() && id.len() <= GATEWAY_ID_MAX;
    (fits(order_id) && fits(payment_id)).then_some(CheckoutCallback {
        order_id,
        payment_id,
        signature,
    })
}

/// A sandbox payment's method (`SandboxPayBody`), trimmed: one of
/// [`SANDBOX_METHODS`].
pub fn parse_sandbox_pay(method: &str) -> Result<&'static str, FieldErrors> {
    let method = method.trim();
    SANDBOX_METHODS
        .iter()
        .copied()
        .find(|m| *m == method)
        .ok_or_else(|| {
            super::one(
                &SANDBOX_METHOD,
                format!("Choose one of: {}.", SANDBOX_METHODS.join(", ")),
            )
        })
}

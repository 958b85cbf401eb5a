//! The money bodies: the commission (issue 11), the checkout's callback and
//! the sandbox's payment (issue 12), refunds and payouts (issue 13).

use super::patterns::{NON_BLANK, VISIBLE};
use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::commission::MAX_RATE_BPS;
use crate::enquiry::clean_message;

/// The payment methods the sandbox checkout offers (SPEC: UPI, cards, net
/// banking and wallets).
pub const SANDBOX_METHODS: [&str; 4] = ["upi", "card", "netbanking", "wallet"];

const RATE: Rule = Rule::range(0, MAX_RATE_BPS as i64);

pub const COMMISSION: Body = Body {
    schema: "CommissionBody",
    fields: &[Field::optional("default_bps", RATE)],
};

pub const COMMISSION_OVERRIDE: Body = Body {
    schema: "CommissionOverrideBody",
    fields: &[
        Field::required("mentor_id", Rule::NONE),
        Field::required("rate_bps", RATE),
    ],
};

pub const MENTOR_RATE: Body = Body {
    schema: "MentorRateBody",
    fields: &[Field::required("rate_bps", RATE)],
};

pub const VERIFY: Body = Body {
    schema: "VerifyBody",
    fields: &[
        Field::required("razorpay_order_id", Rule::pattern(NON_BLANK)),
        Field::required("razorpay_payment_id", Rule::pattern(NON_BLANK)),
        Field::required("razorpay_signature", Rule::pattern(NON_BLANK)),
    ],
};

pub const SANDBOX_PAY: Body = Body {
    schema: "SandboxPayBody",
    fields: &[
        Field::required("method", Rule::one_of(&SANDBOX_METHODS)),
        Field::required("outcome", Rule::NONE),
    ],
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

pub const PAYOUT_BATCH: Body = Body {
    schema: "PayoutBatchBody",
    fields: &[Field::optional("period_end", Rule::DATE_TIME)],
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

//! Refunds by the published rules (issue 13): who may ask for money back,
//! how much, until when, and how a refund splits between the platform's
//! commission and the mentor's share.
//!
//! Pure: `now` is always an argument (milliseconds since the Unix epoch).
//! The API enforces [`eligibility`] when a learner asks and lists it with a
//! booking's refunds; the web app shows the same verdict before the learner
//! asks (`refundEligibility` in the dashboards module). Amounts are integer
//! paise. Business days are Monday to Friday in Asia/Kolkata (UTC+05:30, no
//! daylight saving), so no time-zone database is needed.
//!
//! Windows here are inclusive, as the policy words them ("within 7 days"):
//! asking at `closes_at_ms` exactly is still possible; a millisecond later
//! it is not. Time arithmetic saturates, so no input panics.

use serde::{Deserialize, Serialize};

use crate::booking::{Missed, NoShowChoice, Party, Status};
use crate::money::Paise;

crate::status::stored_status! {
    /// Where a refund stands.
    pub enum RefundStatus ("refund status") {
        /// A learner asked; an administrator decides.
        Requested = "requested",
        /// An administrator said no.
        Rejected = "rejected",
        /// On its way through the gateway.
        Pending = "pending",
        /// The money went back.
        Processed = "processed",
        /// The gateway could not return the money.
        Failed = "failed",
    }
}

impl RefundStatus {
    /// Whether a refund in this status takes money (counts against what
    /// was received): `pending` or `processed`.
    pub fn takes_money(self) -> bool {
        matches!(self, RefundStatus::Pending | RefundStatus::Processed)
    }
}

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;
/// Asia/Kolkata's offset from UTC: +05:30, all year.
pub(crate) const IST_OFFSET_MS: i64 = 5 * HOUR_MS + 30 * 60_000;

/// A learner's request (other than the partial refund) must come within 7
/// days of the payment; the partial refund within 7 days of the session's end.
pub const REFUND_WINDOW_DAYS: i64 = 7;
/// The partial refund needs feedback given within 48 hours of the session's end.
pub const PARTIAL_REFUND_FEEDBACK_HOURS: i64 = 48;
/// The partial refund's share of what was paid, in percent.
pub const PARTIAL_REFUND_PERCENT: i64 = 50;
/// An administrator answers a refund request within 3 to 5 business days.
pub const REVIEW_BUSINESS_DAYS_MIN: i64 = 3;
/// See [`REVIEW_BUSINESS_DAYS_MIN`]; [`review_due_ms`] uses this one.
pub const REVIEW_BUSINESS_DAYS_MAX: i64 = 5;

// ---- The vocabulary ----------------------------------------------------

/// Why the rules allow a refund (the `refunds.basis` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Basis {
    /// The mentor (or an administrator, or the system) cancelled or declined
    /// a paid booking: everything paid comes back, automatically.
    MentorCancelled,
    /// The mentor missed the session and the learner chose a refund.
    MentorNoShow,
    /// The learner cancelled in time (the booking rules' notice).
    LearnerCancelled,
    /// The booking expired with money paid for it.
    Expired,
    /// More was paid than the price (a second payment).
    Overpaid,
    /// The learner asks before the session, within 7 days of the payment.
    Unused,
    /// The learner gave feedback within 48 hours and asks for 50 %.
    Partial,
}

impl Basis {
    /// Every basis, in order.
    pub const ALL: [Basis; 7] = [
        Basis::MentorCancelled,
        Basis::MentorNoShow,
        Basis::LearnerCancelled,
        Basis::Expired,
        Basis::Overpaid,
        Basis::Unused,
        Basis::Partial,
    ];

    /// The name in the API and the database (`mentor_cancelled`).
    pub fn as_str(self) -> &'static str {
        match self {
            Basis::MentorCancelled => "mentor_cancelled",
            Basis::MentorNoShow => "mentor_no_show",
            Basis::LearnerCancelled => "learner_cancelled",
            Basis::Expired => "expired",
            Basis::Overpaid => "overpaid",
            Basis::Unused => "unused",
            Basis::Partial => "partial",
        }
    }

    /// The basis of a name that [`Basis::as_str`] gives; `None` for any other text.
    pub fn parse(name: &str) -> Option<Basis> {
        Basis::ALL.into_iter().find(|b| b.as_str() == name)
    }

    /// Whether a refund on this basis goes straight through (no admin review).
    pub fn is_automatic(self) -> bool {
        !matches!(self, Basis::Unused | Basis::Partial)
    }
}

/// What the refund rules need to know about one booking and its money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct RefundFacts {
    /// The STORED status (a confirmed session past its end counts as completed).
    pub status: Status,
    pub start_ms: i64,
    pub end_ms: i64,
    /// Who cancelled: learner, mentor or admin; the system is stored as `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "Party | null"))]
    pub cancelled_by: Option<Party>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "Missed | null"))]
    pub no_show_by: Option<Missed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "NoShowChoice | null"))]
    pub no_show_choice: Option<NoShowChoice>,
    /// `bookings.refund_owed_paise`: the booking rules' verdict of what is
    /// owed back (a refunding cancellation or no-show, an expiry with
    /// money, an overpayment).
    pub refund_owed_paise: i64,
    /// Money received for the booking (the capture and any extra payments).
    pub captured_paise: i64,
    /// When the (first) capture happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "number | null"))]
    pub captured_at_ms: Option<i64>,
    /// The sum of the booking's refunds that are pending or processed.
    pub refunded_paise: i64,
    /// Whether a refund request waits for an administrator's decision.
    pub open_request: bool,
    /// When the learner gave feedback, if they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "number | null"))]
    pub feedback_at_ms: Option<i64>,
}

/// The verdict: whether money can come back now, how much, and why (not).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Eligibility {
    pub eligible: bool,
    /// Goes straight through, with no administrator's review.
    pub automatic: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "Basis | null"))]
    pub basis: Option<Basis>,
    /// The most that may be refunded now (0 when not eligible).
    pub max_paise: i64,
    /// When asking stops being possible (the last moment it still is), if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "number | null"))]
    pub closes_at_ms: Option<i64>,
    /// The learner's words: what they can do, or why not.
    pub message: String,
}

/// How much of a refund comes back from the platform's commission and how
/// much from the mentor's share: `commission_paise + mentor_paise` is the refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct RefundSplit {
    pub commission_paise: i64,
    pub mentor_paise: i64,
}

/// The refund rules' numbers, for the screens that explain them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct RefundRules {
    pub window_days: i64,
    pub partial_feedback_hours: i64,
    pub partial_percent: i64,
    pub review_days_min: i64,
    pub review_days_max: i64,
    pub payout_hold_days: i64,
}

// ---- The rules ---------------------------------------------------------

fn days(n: i64) -> i64 {
    n.saturating_mul(DAY_MS)
}

fn hours(n: i64) -> i64 {
    n.saturating_mul(HOUR_MS)
}

fn rupees(paise: i64) -> String {
    Paise::new(paise.max(0).unsigned_abs()).to_string()
}

fn not_eligible(message: impl Into<String>, closes_at_ms: Option<i64>) -> Eligibility {
    Eligibility {
        eligible: false,
        automatic: false,
        basis: None,
        max_paise: 0,
        closes_at_ms,
        message: message.into(),
    }
}

/// The partial refund of a payment: [`PARTIAL_REFUND_PERCENT`] of it,
/// rounded down to the paisa (0 for nothing paid).
pub fn partial_amount(captured_paise: i64) -> i64 {
    let share = i128::from(captured_paise.max(0)) * i128::from(PARTIAL_REFUND_PERCENT) / 100;
    i64::try_from(share).unwrap_or(0)
}

/// The most the partial refund may give: [`PARTIAL_REFUND_PERCENT`] of
/// what the session itself cost (`captured − extra`, money owed back as an
/// overpayment aside) less what was refunded of that. May be 0 or below
/// when that share was refunded already.
pub fn partial_share(captured_paise: i64, extra_paise: i64, refunded_paise: i64) -> i64 {
    let extra = extra_paise.max(0);
    partial_amount(captured_paise.saturating_sub(extra))
        .saturating_sub(refunded_paise.max(0).saturating_sub(extra).max(0))
}

/// Whether approving a refund request of `basis` for `amount_paise` at
/// `now_ms` goes beyond the rules, and why, in the administrator's words
/// (`None`: within them). Re-checked at the moment of approval: a refund
/// for a session not yet held (`unused`) only before the session starts;
/// a partial refund only up to its share ([`partial_share`]). An
/// administrator may still approve beyond the rules, with a reason.
pub fn approval_beyond_rules(
    f: &RefundFacts,
    basis: Basis,
    amount_paise: i64,
    now_ms: i64,
) -> Option<String> {
    match basis {
        Basis::Unused if now_ms >= f.start_ms => Some(
            "The session has already started, so a refund for a session not yet held is beyond the rules. Give a reason to approve it anyway."
                .to_owned(),
        ),
        Basis::Partial => {
            let max = partial_share(f.captured_paise, f.refund_owed_paise, f.refunded_paise);
            (amount_paise > max).then(|| {
                format!(
                    "A partial refund is at most {} ({PARTIAL_REFUND_PERCENT} % of what the session cost, less what was refunded), so this amount is beyond the rules. Give a reason to approve it anyway.",
                    rupees(max.max(0))
                )
            })
        }
        _ => None,
    }
}

/// Whether the learner may get money back for a booking now, how much,
/// and why (not). The rules, in order:
///
/// 1. a request already waiting for review: no second one;
/// 2. nothing left of what was paid: nothing to refund;
/// 3. money owed by the booking rules (a mentor's or admin's cancellation,
///    the learner's timely cancellation, a mentor's no-show with the refund
///    chosen, an expiry, an overpayment): automatic, no time limit;
/// 4. the learner missed the session: it counts as used;
/// 5. once the session began: only the partial refund, for feedback given
///    within 48 hours of the end, asked within 7 days of the end: 50 % of
///    what the session cost (`captured − refund_owed`, an overpayment
///    aside) less what was refunded of it;
/// 6. before the session: within 7 days of the payment, everything left;
/// 7. anything else: no.
pub fn eligibility(f: &RefundFacts, now_ms: i64) -> Eligibility {
    if f.open_request {
        return not_eligible(
            format!(
                "Your refund request is being reviewed; we answer within {REVIEW_BUSINESS_DAYS_MIN}–{REVIEW_BUSINESS_DAYS_MAX} business days."
            ),
            None,
        );
    }
    let remaining = f.captured_paise.saturating_sub(f.refunded_paise.max(0));
    if remaining <= 0 {
        return not_eligible(
            if f.captured_paise <= 0 {
                "Nothing was paid for this booking, so there is nothing to refund."
            } else {
                "Everything you paid for this booking has already been refunded or is on its way back to you."
            },
            None,
        );
    }
    let owed = f.refund_owed_paise.saturating_sub(f.refunded_paise.max(0));
    if owed > 0 {
        let basis = owed_basis(f);
        let amount = owed.min(remaining);
        let why = match basis {
            Basis::MentorCancelled => "the session was cancelled by the mentor or by us",
            Basis::MentorNoShow => "the mentor missed the session and you chose a refund",
            Basis::LearnerCancelled => "you cancelled in time",
            Basis::Expired => "the booking expired",
            _ => "you paid more than the session's price",
        };
        return Eligibility {
            eligible: true,
            automatic: true,
            basis: Some(basis),
            max_paise: amount,
            closes_at_ms: None,
            message: format!(
                "You are owed {} because {why}. The refund is automatic and goes back to the way you paid.",
                rupees(amount)
            ),
        };
    }
    if f.no_show_by == Some(Missed::Learner) {
        return not_eligible(
            "The session was reported as missed by you, so it counts as used and cannot be refunded.",
            None,
        );
    }
    let delivered = matches!(f.status, Status::Confirmed | Status::Completed);
    if delivered && now_ms >= f.start_ms {
        return after_the_start(f, now_ms);
    }
    if f.status == Status::Confirmed {
        // Before the start (the branch above took the rest).
        let Some(captured_at) = f.captured_at_ms else {
            return not_eligible(
                format!("Refund requests close {REFUND_WINDOW_DAYS} days after the payment."),
                None,
            );
        };
        let closes = captured_at.saturating_add(days(REFUND_WINDOW_DAYS));
        if now_ms <= closes {
            return Eligibility {
                eligible: true,
                automatic: false,
                basis: Some(Basis::Unused),
                max_paise: remaining,
                closes_at_ms: Some(closes),
                message: format!(
                    "The session has not taken place yet, so you can ask for a refund of up to {} within {REFUND_WINDOW_DAYS} days of your payment; if it is approved, the session is cancelled. We review requests within {REVIEW_BUSINESS_DAYS_MIN}–{REVIEW_BUSINESS_DAYS_MAX} business days.",
                    rupees(remaining)
                ),
            };
        }
        return not_eligible(
            format!(
                "Refund requests close {REFUND_WINDOW_DAYS} days after the payment, and that time has passed. You can still cancel or reschedule the session if its notice period allows."
            ),
            None,
        );
    }
    not_eligible(other_reason(f), None)
}

/// The basis of money the booking rules say is owed.
fn owed_basis(f: &RefundFacts) -> Basis {
    if f.status == Status::Cancelled {
        return match f.cancelled_by {
            Some(Party::Learner) => Basis::LearnerCancelled,
            _ => Basis::MentorCancelled,
        };
    }
    if f.no_show_by == Some(Missed::Mentor) && f.no_show_choice == Some(NoShowChoice::Refund) {
        return Basis::MentorNoShow;
    }
    if f.status == Status::Expired {
        return Basis::Expired;
    }
    Basis::Overpaid
}

/// Rule 5: the session began; only the partial refund is possible.
fn after_the_start(f: &RefundFacts, now_ms: i64) -> Eligibility {
    let feedback_closes = f
        .end_ms
        .saturating_add(hours(PARTIAL_REFUND_FEEDBACK_HOURS));
    let asking_closes = f.end_ms.saturating_add(days(REFUND_WINDOW_DAYS));
    match f.feedback_at_ms {
        Some(given) if given <= feedback_closes => {
            if now_ms > asking_closes {
                return not_eligible(
                    format!(
                        "The partial refund could be asked for until {REFUND_WINDOW_DAYS} days after the session, and that time has passed."
                    ),
                    None,
                );
            }
            // Money the booking rules owed back (an overpayment) was refunded
            // already (rule 3 comes first): the share is of what the session
            // itself cost, less what was refunded of that.
            let max = partial_share(f.captured_paise, f.refund_owed_paise, f.refunded_paise);
            if max <= 0 {
                return not_eligible(
                    format!(
                        "You have already received the {PARTIAL_REFUND_PERCENT} % refund for this session, the most the policy allows after a session took place."
                    ),
                    None,
                );
            }
            Eligibility {
                eligible: true,
                automatic: false,
                basis: Some(Basis::Partial),
                max_paise: max,
                closes_at_ms: Some(asking_closes),
                message: format!(
                    "Thank you for your feedback. You can ask for a partial refund of {PARTIAL_REFUND_PERCENT} % ({}) within {REFUND_WINDOW_DAYS} days of the session. We review requests within {REVIEW_BUSINESS_DAYS_MIN}–{REVIEW_BUSINESS_DAYS_MAX} business days.",
                    rupees(max)
                ),
            }
        }
        None if now_ms <= feedback_closes => not_eligible(
            format!(
                "Refunds are not available once a session has begun, except one: give feedback within {PARTIAL_REFUND_FEEDBACK_HOURS} hours of the session's end and you can ask for a {PARTIAL_REFUND_PERCENT} % refund."
            ),
            Some(feedback_closes),
        ),
        Some(_) => not_eligible(
            format!(
                "Refunds are not available after the session took place. The {PARTIAL_REFUND_PERCENT} % partial refund needs feedback within {PARTIAL_REFUND_FEEDBACK_HOURS} hours of the session, and yours came later."
            ),
            None,
        ),
        None => not_eligible(
            format!(
                "Refunds are not available after the session took place. The {PARTIAL_REFUND_PERCENT} % partial refund needed feedback within {PARTIAL_REFUND_FEEDBACK_HOURS} hours of the session, and that time has passed."
            ),
            None,
        ),
    }
}

/// Rule 7's words, by status.
fn other_reason(f: &RefundFacts) -> String {
    match f.status {
        Status::Cancelled => {
            "This booking was cancelled after the free cancellation period, so the policy gives no refund for it.".to_owned()
        }
        Status::NoShow if f.no_show_choice == Some(NoShowChoice::Reschedule) => {
            "You chose a new time for the missed session instead of a refund.".to_owned()
        }
        // Reported, not yet settled (a settled mentor's no-show owes the refund: rule 3).
        Status::NoShow
            if f.no_show_by == Some(Missed::Mentor)
                && f.no_show_choice == Some(NoShowChoice::Refund) =>
        {
            format!(
                "Your full refund is made when the {} hours to contest your report end. If the mentor contests it, an administrator decides first.",
                crate::no_show::CONTEST_WINDOW_HOURS
            )
        }
        Status::NoShow => "The session was reported as missed, so it cannot be refunded.".to_owned(),
        Status::Pending | Status::PaymentRequired => {
            "This booking is not confirmed yet. If it is declined or expires, anything you paid comes back automatically.".to_owned()
        }
        _ => "This booking has no refund you can ask for under the refund policy.".to_owned(),
    }
}

/// The published rule: a refund takes back commission and mentor's share in
/// the proportion of the payment's split, computed cumulatively so that all
/// refunds of a payment together take back exactly its commission when they
/// total the payment: `commission_back = floor(c × (before + r) / g) −
/// floor(c × before / g)`, the rest from the mentor's share.
///
/// Negative inputs count as 0; refunds beyond the payment take no more
/// commission (the rest comes from the mentor's share); nothing paid
/// (`gross ≤ 0`) takes it all from the mentor's share.
pub fn refund_split(gross: i64, commission: i64, refunded_before: i64, refund: i64) -> RefundSplit {
    let refund = refund.max(0);
    if gross <= 0 {
        return RefundSplit {
            commission_paise: 0,
            mentor_paise: refund,
        };
    }
    let g = i128::from(gross);
    let c = i128::from(commission.clamp(0, gross));
    let before = i128::from(refunded_before.max(0)).min(g);
    let after = (before + i128::from(refund)).min(g);
    let back = c * after / g - c * before / g;
    let commission_paise = i64::try_from(back).unwrap_or(0).min(refund);
    RefundSplit {
        commission_paise,
        mentor_paise: refund - commission_paise,
    }
}

/// What is wrong with an amount an administrator approves, in their words;
/// `None` when it is above 0 and at most what is still refundable.
pub fn approve_problem(amount_paise: i64, refundable_paise: i64) -> Option<String> {
    if refundable_paise <= 0 {
        return Some("Nothing is left to refund on this booking.".to_owned());
    }
    if amount_paise <= 0 {
        return Some("Enter an amount above ₹0.".to_owned());
    }
    (amount_paise > refundable_paise).then(|| {
        format!(
            "You can refund at most {}: what was paid less what was already refunded.",
            rupees(refundable_paise)
        )
    })
}

// ---- Business days ------------------------------------------------------

/// Business (Monday–Friday, Asia/Kolkata) milliseconds from a fixed Monday
/// 00:00 IST to `t_ms`: a non-decreasing measure of business time.
fn business_clock(t_ms: i64) -> i128 {
    let day = i128::from(DAY_MS);
    let local = i128::from(t_ms) + i128::from(IST_OFFSET_MS);
    // 1970-01-01 was a Thursday: day 0 since the epoch is day 3 of its
    // Monday-based week, so shift by 3 days to count from a Monday.
    let since_monday = local + 3 * day;
    let d = since_monday.div_euclid(day);
    let into_day = since_monday.rem_euclid(day);
    let (weeks, weekday) = (d.div_euclid(7), d.rem_euclid(7));
    weeks * 5 * day + weekday.min(5) * day + if weekday < 5 { into_day } else { 0 }
}

/// The moment (earliest, in ms since the epoch) at which [`business_clock`] reads `target`.
fn at_business_clock(target: i128) -> i64 {
    let day = i128::from(DAY_MS);
    let week = 5 * day;
    let (weeks, into) = (target.div_euclid(week), target.rem_euclid(week));
    let since_monday = if into == 0 {
        // The end of a Friday: Saturday 00:00 (the weekend adds nothing).
        weeks * 7 * day - 2 * day
    } else {
        weeks * 7 * day + into
    };
    let t = since_monday - 3 * day - i128::from(IST_OFFSET_MS);
    i64::try_from(t).unwrap_or(if t < 0 { i64::MIN } else { i64::MAX })
}

/// Whole business days (Monday–Friday in Asia/Kolkata) elapsed from
/// `from_ms` to `to_ms`: the business time between them (weekends count
/// nothing) in whole 24-hour days, rounded down; 0 when `to_ms ≤ from_ms`.
/// Friday 18:00 to Monday 18:00 is one business day.
pub fn business_days_between(from_ms: i64, to_ms: i64) -> i64 {
    let elapsed = (business_clock(to_ms) - business_clock(from_ms)).max(0);
    i64::try_from(elapsed / i128::from(DAY_MS)).unwrap_or(i64::MAX)
}

/// When a request made at `requested_ms` is due an answer: the first moment
/// [`REVIEW_BUSINESS_DAYS_MAX`] business days have elapsed (a request made
/// on a weekend is due at the end of the following Friday, IST).
pub fn review_due_ms(requested_ms: i64) -> i64 {
    at_business_clock(
        business_clock(requested_ms) + i128::from(REVIEW_BUSINESS_DAYS_MAX) * i128::from(DAY_MS),
    )
}

// no_show.rs reads JavaScript's amounts and times by it.
pub(crate) use crate::js::js_whole;

/// What the booking page offers a learner who wants their money back, and
/// in which order: while cancelling refunds everything at once (a paid,
/// confirmed session more than the learner's notice before its start),
/// cancelling is the way and no refund request is offered; otherwise a
/// request is offered exactly when [`eligibility`] allows one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct RefundOffer {
    /// Cancelling now gives back everything paid, automatically.
    pub cancel_refunds: bool,
    /// The moment cancelling stops refunding (the learner's notice before
    /// the start), while it still does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "number | null"))]
    pub cancel_refunds_until_ms: Option<i64>,
    /// Whether to offer a refund request (or the automatic refund owed).
    pub request: bool,
    /// The learner's words.
    pub message: String,
}

/// The offer of [`RefundOffer`] for a booking at `now_ms`.
pub fn refund_offer(f: &RefundFacts, now_ms: i64) -> RefundOffer {
    let e = eligibility(f, now_ms);
    let until = f
        .start_ms
        .saturating_sub(hours(crate::booking::LEARNER_NOTICE_HOURS));
    let left = f.captured_paise.saturating_sub(f.refunded_paise.max(0));
    let cancel_refunds = f.status == Status::Confirmed
        && now_ms < until
        && left > 0
        && !f.open_request
        && !e.automatic;
    if cancel_refunds {
        return RefundOffer {
            cancel_refunds,
            cancel_refunds_until_ms: Some(until),
            request: false,
            message: format!(
                "Cancel the session to get all {} back at once: cancelling up to {} hours before the start refunds everything you paid, automatically, with no review. A refund request is only for when cancelling would no longer refund you.",
                rupees(left),
                crate::booking::LEARNER_NOTICE_HOURS
            ),
        };
    }
    RefundOffer {
        cancel_refunds: false,
        cancel_refunds_until_ms: None,
        request: e.eligible,
        message: e.message,
    }
}

/// The refund policy's own sentences, from the rules' numbers, so the
/// policy page says what the booking page does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct RefundPolicyText {
    /// After "Refund requests are made by e-mail to {email}.": the in-app way.
    pub in_app: &'static str,
    /// Cancelling in time: the first way to get money back.
    pub cancel_first: &'static str,
    /// What a refund request is for, and its window.
    pub request: &'static str,
    /// The hero's two facts: `12 hours`, `7 days`.
    pub cancel_notice: &'static str,
    pub request_window: &'static str,
}

use crate::booking::LEARNER_NOTICE_HOURS;

/// [`RefundPolicyText::in_app`].
const POLICY_IN_APP: &str = const_format::formatcp!(
    "You can also make the request from the booking's page in My Bookings: it is the same request, under the same rules, and the page shows whether a refund is possible now, how much and until when. We answer within {REVIEW_BUSINESS_DAYS_MIN}–{REVIEW_BUSINESS_DAYS_MAX} business days."
);
/// [`RefundPolicyText::cancel_first`].
const POLICY_CANCEL_FIRST: &str = const_format::formatcp!(
    "Cancel first: a paid session cancelled from My Bookings up to {LEARNER_NOTICE_HOURS} hours before it begins is refunded in full at once, automatically, with no request and no review."
);
/// [`RefundPolicyText::request`].
const POLICY_REQUEST: &str = const_format::formatcp!(
    "A refund request is for a session you can no longer cancel for a refund: inside the {LEARNER_NOTICE_HOURS} hours before it begins, a session not yet taken can be refunded on request within {REFUND_WINDOW_DAYS} days of the transaction date; if the refund is approved, the session is cancelled."
);
const POLICY_CANCEL_NOTICE: &str = const_format::formatcp!("{LEARNER_NOTICE_HOURS} hours");
const POLICY_REQUEST_WINDOW: &str = const_format::formatcp!("{REFUND_WINDOW_DAYS} days");

/// The refund policy's sentences about cancelling and asking (the page
/// `/refund`): cancelling up to the learner's notice before the start
/// refunds in full at once; a refund request, by e-mail or from the
/// booking's page, is for a session not taken that can no longer be
/// cancelled for a refund, within 7 days of the transaction date. The
/// sentences are made at compile time (`const_format`): the module carries
/// the text, not the code that would format it.
#[crate::export(on_demand, js_name = "refundPolicyText")]
pub fn refund_policy_text() -> RefundPolicyText {
    RefundPolicyText {
        in_app: POLICY_IN_APP,
        cancel_first: POLICY_CANCEL_FIRST,
        request: POLICY_REQUEST,
        cancel_notice: POLICY_CANCEL_NOTICE,
        request_window: POLICY_REQUEST_WINDOW,
    }
}

#[cfg(test)]
mod tests;

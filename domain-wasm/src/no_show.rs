//! No-shows settled by contest (issue 20): a report of a missed session
//! moves no money on one side's word. It opens a window of
//! [`CONTEST_WINDOW_HOURS`] in which the other side may contest it with a
//! short statement; uncontested, it takes effect when the window closes;
//! contested, an administrator decides whether the no-show happened:
//!
//! - the mentor missed it: the learner gets what the policy promises, a full
//!   refund or a new time, their choice (a new time is booked at once; only
//!   money waits for the window);
//! - the learner missed it: no refund, the session counts as held;
//! - neither is established: a partial refund of at most the feedback
//!   rule's share ([`crate::refunds::PARTIAL_REFUND_PERCENT`] of what the
//!   session cost), with a reason.
//!
//! The mentor's share of the session is held from payouts until the report
//! is settled. Pure: `now` is always an argument (ms since the epoch). The
//! window is inclusive: contesting at [`contest_closes_ms`] exactly is
//! still possible; a millisecond later it is not.

use serde::{Deserialize, Serialize};

use crate::bindings::{BadInput, FromJson, serde_arg};
use crate::booking::{Missed, NoShowChoice, Party};
use crate::json::Json;
use crate::money::Paise;
use crate::payouts::FieldError;
use crate::refunds::{Basis, PARTIAL_REFUND_PERCENT, js_whole};

const HOUR_MS: i64 = 3_600_000;

/// How long the other side has to contest a report, from the report.
pub const CONTEST_WINDOW_HOURS: i64 = 48;
/// The longest statement (the contest's, and the report's).
pub const STATEMENT_MAX: usize = 1000;

/// Where a report stands (the `no_show_reports.state` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum ContestState {
    /// Reported; the other side may still contest it.
    Open,
    /// Contested: waits for an administrator.
    Contested,
    /// Taken effect (uncontested) or decided: its money has moved.
    Settled,
}

impl ContestState {
    pub const ALL: [ContestState; 3] = [
        ContestState::Open,
        ContestState::Contested,
        ContestState::Settled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ContestState::Open => "open",
            ContestState::Contested => "contested",
            ContestState::Settled => "settled",
        }
    }

    pub fn parse(name: &str) -> Option<ContestState> {
        ContestState::ALL.into_iter().find(|s| s.as_str() == name)
    }
}

/// How a report was settled (the `no_show_reports.outcome` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Outcome {
    /// The mentor missed the session.
    MentorMissed,
    /// The learner missed the session.
    LearnerMissed,
    /// Neither was established: a partial refund.
    Partial,
}

impl Outcome {
    pub const ALL: [Outcome; 3] = [
        Outcome::MentorMissed,
        Outcome::LearnerMissed,
        Outcome::Partial,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::MentorMissed => "mentor_missed",
            Outcome::LearnerMissed => "learner_missed",
            Outcome::Partial => "partial",
        }
    }

    pub fn parse(name: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.as_str() == name)
    }

    /// What an uncontested report of `missed` settles as.
    pub fn reported(missed: Missed) -> Outcome {
        match missed {
            Missed::Mentor => Outcome::MentorMissed,
            Missed::Learner => Outcome::LearnerMissed,
        }
    }
}

/// What the contest rules need to know about one report and its booking's money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct ContestFacts {
    /// Who the report says missed the session (the reporter is the other side).
    pub missed: Missed,
    pub state: ContestState,
    pub reported_at_ms: i64,
    /// The learner's remedy if the mentor missed it (`None`: a refund).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "NoShowChoice | null"))]
    pub choice: Option<NoShowChoice>,
    /// Money received for the booking.
    #[serde(default)]
    pub captured_paise: i64,
    /// What its refunds (pending or processed) took.
    #[serde(default)]
    pub refunded_paise: i64,
    /// Money owed back beyond the session's price (an overpayment).
    #[serde(default)]
    pub overpaid_paise: i64,
}

impl ContestFacts {
    /// Who made the report.
    pub fn reporter(&self) -> Party {
        reporter_of(self.missed)
    }
}

/// Who reports that `missed` missed the session: the other side.
pub fn reporter_of(missed: Missed) -> Party {
    match missed {
        Missed::Mentor => Party::Learner,
        Missed::Learner => Party::Mentor,
    }
}

/// The last moment a report made at `reported_ms` can be contested.
pub fn contest_closes_ms(reported_ms: i64) -> i64 {
    reported_ms.saturating_add(CONTEST_WINDOW_HOURS.saturating_mul(HOUR_MS))
}

/// Whether a report's window has closed at `now_ms` (it takes effect).
pub fn window_closed(f: &ContestFacts, now_ms: i64) -> bool {
    now_ms > contest_closes_ms(f.reported_at_ms)
}

/// The most a partial refund may give: the feedback rule's share
/// ([`PARTIAL_REFUND_PERCENT`] of what the session cost, an overpayment
/// aside) less what was refunded of it; never below 0.
pub fn partial_max_paise(f: &ContestFacts) -> i64 {
    crate::refunds::partial_share(f.captured_paise, f.overpaid_paise, f.refunded_paise)
}

fn rupees(paise: i64) -> String {
    Paise::new(paise.max(0).unsigned_abs()).to_string()
}

/// Why `party` may not contest the report now, in their words; `Ok` when
/// they may: only the side that did not report, only while the report is
/// open, only until the window closes.
pub fn may_contest(f: &ContestFacts, party: Party, now_ms: i64) -> Result<(), String> {
    if party == Party::Admin {
        return Err(
            "Only the learner or the mentor of the session can contest a no-show report; an administrator decides contested reports."
                .to_owned(),
        );
    }
    match f.state {
        ContestState::Contested => {
            return Err(
                "This no-show report is already contested. An administrator will decide it and tell you both."
                    .to_owned(),
            );
        }
        ContestState::Settled => {
            return Err("This no-show report is already settled.".to_owned());
        }
        ContestState::Open => {}
    }
    if party == f.reporter() {
        return Err(
            "You made this no-show report, so you cannot contest it: the other side of the session can."
                .to_owned(),
        );
    }
    if window_closed(f, now_ms) {
        return Err(format!(
            "A no-show report can be contested for {CONTEST_WINDOW_HOURS} hours, and that time has passed, so the report took effect."
        ));
    }
    Ok(())
}

/// A statement's problem (empty, or over [`STATEMENT_MAX`] characters);
/// `None` when it is fine. `text` is the cleaned statement.
pub fn statement_problem(text: &str) -> Option<String> {
    if text.trim().is_empty() {
        return Some("Tell us briefly what happened at the session time.".to_owned());
    }
    (text.chars().count() > STATEMENT_MAX)
        .then(|| format!("Keep the statement to {STATEMENT_MAX} characters or fewer."))
}

/// What settling a report with an outcome does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Settlement {
    pub outcome: Outcome,
    /// What goes back to the learner.
    pub refund_paise: i64,
    /// The refund's basis, when money goes back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<Basis>,
    /// Who is established to have missed the session (`None`: neither).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missed: Option<Missed>,
}

/// What `outcome` pays: the mentor missed it, a full refund of what is
/// left (nothing when the learner chose a new time); the learner missed
/// it, nothing; partial, `amount_paise` (checked by [`decision`]).
pub fn settlement(f: &ContestFacts, outcome: Outcome, amount_paise: i64) -> Settlement {
    let remaining = f
        .captured_paise
        .saturating_sub(f.refunded_paise.max(0))
        .max(0);
    match outcome {
        Outcome::MentorMissed => {
            let refund = if f.choice == Some(NoShowChoice::Reschedule) {
                0
            } else {
                remaining
            };
            Settlement {
                outcome,
                refund_paise: refund,
                basis: (refund > 0).then_some(Basis::MentorNoShow),
                missed: Some(Missed::Mentor),
            }
        }
        Outcome::LearnerMissed => Settlement {
            outcome,
            refund_paise: 0,
            basis: None,
            missed: Some(Missed::Learner),
        },
        Outcome::Partial => {
            let refund = amount_paise.clamp(0, remaining);
            Settlement {
                outcome,
                refund_paise: refund,
                basis: (refund > 0).then_some(Basis::Partial),
                missed: None,
            }
        }
    }
}

/// An administrator's decision, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Decision {
    /// Allowed: what it pays, and whether it goes beyond the rules (the
    /// reason given is then the audit log's justification).
    #[serde(rename_all = "camelCase")]
    Ok {
        settlement: Settlement,
        beyond_rules: bool,
    },
    /// Refused (a settled report, 409 `{"detail"}`).
    Refused { message: String },
    /// Field errors (400 `{"field": ["message"]}`).
    Invalid { errors: Vec<FieldError> },
}

/// Checks an administrator's decision on a report at `now_ms`: a settled
/// report is refused; deciding a report nobody contested is beyond the
/// rules (a reason is required); a partial refund needs an amount above ₹0
/// and at most [`partial_max_paise`], and a reason. `reason` is the
/// cleaned reason (empty when none was given).
pub fn decision(
    f: &ContestFacts,
    outcome: Outcome,
    amount_paise: Option<i64>,
    reason: &str,
    now_ms: i64,
) -> Decision {
    let _ = now_ms;
    if f.state == ContestState::Settled {
        return Decision::Refused {
            message: "This no-show report is already settled. Reload the queue to see how."
                .to_owned(),
        };
    }
    let beyond_rules = f.state != ContestState::Contested;
    let has_reason = !reason.trim().is_empty();
    let mut errors = Vec::new();
    let mut err = |field: &str, message: String| {
        errors.push(FieldError {
            field: field.to_owned(),
            message,
        })
    };
    let mut amount = 0;
    if outcome == Outcome::Partial {
        let max = partial_max_paise(f);
        match amount_paise {
            None => err(
                "amount_paise",
                "Enter the partial refund's amount.".to_owned(),
            ),
            Some(a) if a <= 0 => err("amount_paise", "Enter an amount above ₹0.".to_owned()),
            Some(a) if a > max => err(
                "amount_paise",
                if max <= 0 {
                    "Nothing is left for a partial refund on this booking.".to_owned()
                } else {
                    format!(
                        "A partial refund is at most {} ({PARTIAL_REFUND_PERCENT} % of what the session cost, less what was refunded).",
                        rupees(max)
                    )
                },
            ),
            Some(a) => amount = a,
        }
        if !has_reason {
            err(
                "reason",
                "Give the reason for the partial refund: both sides read it.".to_owned(),
            );
        }
    } else if beyond_rules && !has_reason {
        err(
            "reason",
            "Nobody contested this report, so deciding it goes beyond the rules: give a reason."
                .to_owned(),
        );
    }
    if !errors.is_empty() {
        return Decision::Invalid { errors };
    }
    Decision::Ok {
        settlement: settlement(f, outcome, amount),
        beyond_rules,
    }
}

/// What a viewer of the booking sees of its report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct ContestView {
    pub reporter: Party,
    /// The last moment the report can be contested.
    pub closes_at_ms: i64,
    pub may_contest: bool,
    /// Why not, or what contesting does, in the viewer's words.
    pub message: String,
    /// The most a partial refund could give.
    pub partial_max_paise: i64,
}

/// What `party` sees of the report at `now_ms`.
pub fn view(f: &ContestFacts, party: Party, now_ms: i64) -> ContestView {
    let closes = contest_closes_ms(f.reported_at_ms);
    let allowed = may_contest(f, party, now_ms);
    let message = match (&allowed, f.state) {
        (Ok(()), _) => format!(
            "If this is not what happened, contest the report with a short statement within {CONTEST_WINDOW_HOURS} hours of it. An administrator then decides, from both sides' words."
        ),
        (Err(_), ContestState::Open) if party == f.reporter() && !window_closed(f, now_ms) => {
            format!(
                "The other side has {CONTEST_WINDOW_HOURS} hours to contest your report. If they do not, it takes effect when that time ends."
            )
        }
        (Err(why), _) => why.clone(),
    };
    ContestView {
        reporter: f.reporter(),
        closes_at_ms: closes,
        may_contest: allowed.is_ok(),
        message,
        partial_max_paise: partial_max_paise(f),
    }
}

/// The contest rules' numbers, for the policy page and the forms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct ContestRules {
    pub contest_window_hours: i64,
    pub statement_max: i64,
    pub partial_percent: i64,
}

// ---- JavaScript --------------------------------------------------------

impl FromJson for ContestFacts {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        serde_arg(json, "a no-show report")
    }
}

fn party_js(name: &str) -> Result<Party, BadInput> {
    Party::parse(name)
        .ok_or_else(|| crate::bindings::bad("a party must be \"learner\", \"mentor\" or \"admin\""))
}

/// What `party` ("learner", "mentor", "admin") sees of a no-show report at
/// `nowMs`: the contest deadline (`closesAtMs`), whether they may contest
/// it, the words to show and the partial refund's maximum.
#[crate::export(dashboards, js_name = "noShowContest")]
pub fn no_show_contest(
    facts: ContestFacts,
    party: &str,
    now_ms: f64,
) -> Result<ContestView, BadInput> {
    Ok(view(&facts, party_js(party)?, js_whole(now_ms, "nowMs")?))
}

/// Checks an administrator's decision (`outcome`: "mentor_missed",
/// "learner_missed" or "partial"; `amountPaise` for a partial refund;
/// `reason`) at `nowMs`: `{type: "ok", settlement, beyondRules}`,
/// `{type: "refused", message}` or `{type: "invalid", errors}`.
#[crate::export(dashboards, js_name = "noShowDecision")]
pub fn no_show_decision(
    facts: ContestFacts,
    outcome: &str,
    amount_paise: Option<f64>,
    reason: &str,
    now_ms: f64,
) -> Result<Decision, BadInput> {
    let outcome = Outcome::parse(outcome).ok_or_else(|| {
        crate::bindings::bad(
            "an outcome must be \"mentor_missed\", \"learner_missed\" or \"partial\"",
        )
    })?;
    let amount = amount_paise
        .map(|a| js_whole(a, "amountPaise"))
        .transpose()?;
    Ok(decision(
        &facts,
        outcome,
        amount,
        reason,
        js_whole(now_ms, "nowMs")?,
    ))
}

/// The contest rules' numbers: 48 hours to contest, 1000 characters of
/// statement, the partial refund's 50 %.
#[crate::export(dashboards, js_name = "noShowContestRules")]
pub fn contest_rules() -> ContestRules {
    ContestRules {
        contest_window_hours: CONTEST_WINDOW_HOURS,
        statement_max: STATEMENT_MAX as i64,
        partial_percent: PARTIAL_REFUND_PERCENT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORTED: i64 = 1_796_122_800_000;

    fn facts(missed: Missed, state: ContestState) -> ContestFacts {
        ContestFacts {
            missed,
            state,
            reported_at_ms: REPORTED,
            choice: None,
            captured_paise: 150_000,
            refunded_paise: 0,
            overpaid_paise: 0,
        }
    }

    #[test]
    fn the_window_is_48_hours_inclusive() {
        let f = facts(Missed::Mentor, ContestState::Open);
        let closes = contest_closes_ms(REPORTED);
        assert_eq!(closes, REPORTED + 48 * HOUR_MS);
        assert!(may_contest(&f, Party::Mentor, closes).is_ok());
        assert!(may_contest(&f, Party::Mentor, closes + 1).is_err());
        assert!(may_contest(&f, Party::Learner, REPORTED).is_err());
        assert!(may_contest(&f, Party::Admin, REPORTED).is_err());
    }

    #[test]
    fn outcomes_pay_by_the_policy() {
        let mut f = facts(Missed::Learner, ContestState::Contested);
        assert_eq!(
            settlement(&f, Outcome::MentorMissed, 0).refund_paise,
            150_000
        );
        assert_eq!(settlement(&f, Outcome::LearnerMissed, 0).refund_paise, 0);
        f.choice = Some(NoShowChoice::Reschedule);
        assert_eq!(settlement(&f, Outcome::MentorMissed, 0).refund_paise, 0);
        assert_eq!(partial_max_paise(&f), 75_000);
        match decision(&f, Outcome::Partial, Some(75_001), "", REPORTED) {
            Decision::Invalid { errors } => assert_eq!(errors.len(), 2),
            other => panic!("{other:?}"),
        }
        match decision(&f, Outcome::Partial, Some(75_000), "Both late.", REPORTED) {
            Decision::Ok {
                settlement,
                beyond_rules,
            } => {
                assert_eq!(settlement.refund_paise, 75_000);
                assert!(!beyond_rules);
            }
            other => panic!("{other:?}"),
        }
    }
}

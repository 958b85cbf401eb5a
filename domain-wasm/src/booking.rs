//! The booking lifecycle (issue 12): where a booking starts, what its status
//! is at a given moment, and the transition table — who may do what in
//! which status, and until when.
//!
//! Pure: `now` is always an argument (milliseconds since the Unix epoch),
//! the crate never reads a clock. The API enforces [`transition`] and lists
//! [`allowed_actions`] in every booking it answers; the web app shows
//! exactly those actions (`bookingActions` in the dashboards module).
//!
//! Every window is half open: an action allowed "from A until B" is allowed
//! at `A` and closed at `B` (`A <= now < B`). A deadline is therefore over
//! the moment it is reached: a request whose `respond_by` is 10:00 is
//! expired at 10:00, a session whose end is 11:00 is completed at 11:00.
//! Time arithmetic saturates, so no input panics.

use serde::{Deserialize, Serialize};

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;

/// The mentor answers a request within 24 hours, or by the start minus the
/// service's minimum notice if that is sooner.
pub const RESPONSE_HOURS: i64 = 24;
/// The pay window by default: after a mentor accepts (or a paid instant
/// booking is made), the learner has this long to pay (the server's
/// `PAY_WINDOW_MINUTES` setting chooses it), never past the start minus the
/// service's minimum notice.
pub const DEFAULT_PAY_WINDOW_MINUTES: u32 = 240;
/// The learner cancels or reschedules a confirmed session up to 12 hours
/// before its start.
pub const LEARNER_NOTICE_HOURS: i64 = 12;
/// The mentor reschedules up to 2 hours before the start; the mentor may
/// cancel until the start (the learner is then owed a full refund).
pub const MENTOR_NOTICE_HOURS: i64 = 2;
/// How many times one booking may be rescheduled by notice (a reschedule
/// chosen after a mentor's no-show does not count against it).
pub const MAX_RESCHEDULES: u32 = 3;
/// The meeting can be joined from 10 minutes before the start until the end.
pub const JOIN_EARLY_MINUTES: i64 = 10;
/// A no-show can be reported from 10 minutes after the start ...
pub const NO_SHOW_AFTER_MINUTES: i64 = 10;
/// ... until 48 hours after the start.
pub const NO_SHOW_WINDOW_HOURS: i64 = 48;
/// Feedback is accepted until 30 days after the end.
pub const FEEDBACK_DAYS: i64 = 30;
/// Reminder e-mails go out this many hours before the start.
pub const REMINDER_HOURS: [i64; 2] = [24, 1];

// ---- The vocabulary ----------------------------------------------------

/// A booking's status (stored, or as of now: see [`current`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Status {
    /// Awaiting the mentor's answer.
    Pending,
    /// Accepted (or instant) and awaiting the learner's payment.
    PaymentRequired,
    Confirmed,
    Completed,
    /// Cancelled by someone (a decline is a cancellation by the mentor).
    Cancelled,
    /// The mentor did not answer in time, or the payment did not arrive in time.
    Expired,
    /// Someone missed the session (see [`Facts::no_show_by`]).
    NoShow,
}

/// A stored status's text (the server's store reads rows with it): an
/// unknown name is an error naming it.
impl TryFrom<String> for Status {
    type Error = String;

    fn try_from(name: String) -> Result<Status, String> {
        Status::parse(&name).ok_or_else(|| format!("unknown booking status {name:?}"))
    }
}

impl Status {
    /// Every status, in order.
    pub const ALL: [Status; 7] = [
        Status::Pending,
        Status::PaymentRequired,
        Status::Confirmed,
        Status::Completed,
        Status::Cancelled,
        Status::Expired,
        Status::NoShow,
    ];

    /// The status's name in the API and the database (`payment_required`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::PaymentRequired => "payment_required",
            Status::Confirmed => "confirmed",
            Status::Completed => "completed",
            Status::Cancelled => "cancelled",
            Status::Expired => "expired",
            Status::NoShow => "no_show",
        }
    }

    /// The status of a name that [`Status::as_str`] gives; `None` for any other text.
    pub fn parse(name: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == name)
    }

    /// Whether the booking still holds the mentor's time: pending,
    /// payment required or confirmed.
    pub fn is_active(self) -> bool {
        matches!(
            self,
            Status::Pending | Status::PaymentRequired | Status::Confirmed
        )
    }
}

/// What someone can do with a booking (the API's `allowed_actions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Action {
    Accept,
    Decline,
    Pay,
    Cancel,
    Reschedule,
    Join,
    NoShow,
    Feedback,
    /// Never allowed in this issue (the refunds issue moves money).
    Refund,
}

impl Action {
    /// Every action, in order.
    pub const ALL: [Action; 9] = [
        Action::Accept,
        Action::Decline,
        Action::Pay,
        Action::Cancel,
        Action::Reschedule,
        Action::Join,
        Action::NoShow,
        Action::Feedback,
        Action::Refund,
    ];

    /// The action's name in the API (`no_show`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Pay => "pay",
            Action::Cancel => "cancel",
            Action::Reschedule => "reschedule",
            Action::Join => "join",
            Action::NoShow => "no_show",
            Action::Feedback => "feedback",
            Action::Refund => "refund",
        }
    }

    /// The action of a name that [`Action::as_str`] gives; `None` for any other text.
    pub fn parse(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == name)
    }
}

/// Who acts: the caller's relation to the booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Party {
    Learner,
    Mentor,
    /// An administrator, or the system (expiry and completion).
    Admin,
}

impl Party {
    /// Every party, in order.
    pub const ALL: [Party; 3] = [Party::Learner, Party::Mentor, Party::Admin];

    /// `learner`, `mentor` or `admin`.
    pub fn as_str(self) -> &'static str {
        match self {
            Party::Learner => "learner",
            Party::Mentor => "mentor",
            Party::Admin => "admin",
        }
    }

    /// The party of a name that [`Party::as_str`] gives.
    pub fn parse(name: &str) -> Option<Party> {
        Party::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

/// Who missed a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Missed {
    Mentor,
    Learner,
}

impl Missed {
    /// `mentor` or `learner`.
    pub fn as_str(self) -> &'static str {
        match self {
            Missed::Mentor => "mentor",
            Missed::Learner => "learner",
        }
    }

    /// The value of a name that [`Missed::as_str`] gives.
    pub fn parse(name: &str) -> Option<Missed> {
        [Missed::Mentor, Missed::Learner]
            .into_iter()
            .find(|m| m.as_str() == name)
    }
}

/// The learner's choice when the mentor missed the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum NoShowChoice {
    /// A full refund of what was paid.
    Refund,
    /// A new time for the same session (at no charge).
    Reschedule,
}

impl NoShowChoice {
    /// `refund` or `reschedule`.
    pub fn as_str(self) -> &'static str {
        match self {
            NoShowChoice::Refund => "refund",
            NoShowChoice::Reschedule => "reschedule",
        }
    }

    /// The choice of a name that [`NoShowChoice::as_str`] gives.
    pub fn parse(name: &str) -> Option<NoShowChoice> {
        [NoShowChoice::Refund, NoShowChoice::Reschedule]
            .into_iter()
            .find(|c| c.as_str() == name)
    }
}

/// What the rules need to know about one booking (times in milliseconds
/// since the Unix epoch).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Facts {
    /// The STORED status ([`current`] gives the status as of now).
    pub status: Status,
    pub start_ms: i64,
    pub end_ms: i64,
    /// When a pending request expires unanswered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "number | null"))]
    pub respond_by_ms: Option<i64>,
    /// When an unpaid hold expires.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "number | null"))]
    pub pay_by_ms: Option<i64>,
    /// The session's price.
    pub price_paise: i64,
    /// Captured so far (0 when free or unpaid).
    pub paid_paise: i64,
    pub has_feedback: bool,
    /// How many times the session was rescheduled by notice.
    pub reschedule_count: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "Missed | null"))]
    pub no_show_by: Option<Missed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "NoShowChoice | null"))]
    pub no_show_choice: Option<NoShowChoice>,
    /// How long the learner has to pay once a mentor accepts (the server's
    /// `PAY_WINDOW_MINUTES`; [`DEFAULT_PAY_WINDOW_MINUTES`] when not given).
    #[serde(default = "default_pay_window")]
    pub pay_window_minutes: u32,
    /// The service's minimum notice: the pay window never runs past the
    /// start minus it (0 when not given).
    #[serde(default)]
    pub minimum_notice_minutes: u32,
}

fn default_pay_window() -> u32 {
    DEFAULT_PAY_WINDOW_MINUTES
}

/// Where a new booking starts, and its deadlines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Opening {
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub respond_by_ms: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pay_by_ms: Option<i64>,
}

/// What someone asks to do (the system's `Complete` and `Expire` included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    Accept,
    Decline,
    /// A payment was captured. `facts.paid_paise` includes it.
    Pay,
    Cancel,
    /// Move the session to `start_ms..end_ms` (the API checks the slot grid).
    Reschedule {
        start_ms: i64,
        end_ms: i64,
    },
    /// The learner reports the mentor missing (a choice is required); the
    /// mentor reports the learner missing (no choice).
    NoShow {
        choice: Option<NoShowChoice>,
    },
    Feedback,
    /// The system: a confirmed session whose end has passed is completed.
    Complete,
    /// The system: a request or hold whose deadline has passed is expired.
    Expire,
}

/// What a transition leads to: the new values of the booking's columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Change {
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pay_by_ms: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub respond_by_ms: Option<i64>,
    /// The total refund owed to the learner after this change (what was
    /// paid on a refunding cancellation or no-show; otherwise anything paid
    /// beyond the price).
    pub refund_owed_paise: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancelled_by: Option<Party>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_show_by: Option<Missed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_show_choice: Option<NoShowChoice>,
    /// Whether the session moved (a new start and end; the calendar file's
    /// SEQUENCE goes up).
    pub rescheduled: bool,
}

/// Why a transition is refused, in the user's words (the API answers 409
/// `{"detail": message}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Refusal {
    pub message: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

fn refuse<T>(message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        message: message.into(),
    })
}

// ---- The rules ---------------------------------------------------------

fn minutes(n: i64) -> i64 {
    n.saturating_mul(MINUTE_MS)
}

fn hours(n: i64) -> i64 {
    n.saturating_mul(HOUR_MS)
}

/// The unpaid hold's end for a hold starting `now`: the pay window, never
/// past the start minus the minimum notice, but at least a minute (never
/// past the start).
pub fn pay_until(
    now_ms: i64,
    start_ms: i64,
    pay_window_minutes: u32,
    minimum_notice_minutes: u32,
) -> i64 {
    now_ms
        .saturating_add(minutes(i64::from(pay_window_minutes)))
        .min(start_ms.saturating_sub(minutes(i64::from(minimum_notice_minutes))))
        .max(now_ms.saturating_add(MINUTE_MS))
        .min(start_ms)
}

/// Where a new booking starts and its deadlines: free and instant →
/// confirmed; free → pending; paid and instant → payment required (the
/// hold lasts the pay window, see [`pay_until`]); paid → pending. A pending
/// request must be answered within 24 hours or by the start minus the
/// minimum notice, if sooner — but the mentor always gets at least a
/// minute (never past the start).
pub fn start(
    price_paise: i64,
    instant: bool,
    now_ms: i64,
    start_ms: i64,
    minimum_notice_minutes: u32,
    pay_window_minutes: u32,
) -> Opening {
    let paid = price_paise > 0;
    match (paid, instant) {
        (false, true) => Opening {
            status: Status::Confirmed,
            respond_by_ms: None,
            pay_by_ms: None,
        },
        (true, true) => Opening {
            status: Status::PaymentRequired,
            respond_by_ms: None,
            pay_by_ms: Some(pay_until(
                now_ms,
                start_ms,
                pay_window_minutes,
                minimum_notice_minutes,
            )),
        },
        (_, false) => {
            let respond_by = now_ms
                .saturating_add(hours(RESPONSE_HOURS))
                .min(start_ms.saturating_sub(minutes(i64::from(minimum_notice_minutes))))
                .max(now_ms.saturating_add(MINUTE_MS))
                .min(start_ms);
            Opening {
                status: Status::Pending,
                respond_by_ms: Some(respond_by),
                pay_by_ms: None,
            }
        }
    }
}

/// The status as of `now`: a pending request past its `respond_by` (or its
/// start) or an unpaid hold past its `pay_by` (or its start) is expired; a
/// confirmed session whose end has passed is completed. Otherwise the
/// stored status.
pub fn current(facts: &Facts, now_ms: i64) -> Status {
    match facts.status {
        Status::Pending => {
            let deadline = facts
                .respond_by_ms
                .map_or(facts.start_ms, |r| r.min(facts.start_ms));
            if now_ms >= deadline {
                Status::Expired
            } else {
                Status::Pending
            }
        }
        Status::PaymentRequired => {
            let deadline = facts
                .pay_by_ms
                .map_or(facts.start_ms, |p| p.min(facts.start_ms));
            if now_ms >= deadline {
                Status::Expired
            } else {
                Status::PaymentRequired
            }
        }
        Status::Confirmed if now_ms >= facts.end_ms => Status::Completed,
        stored => stored,
    }
}

/// Exactly the actions `party` may take now, in the order of [`Action`]:
/// each one [`transition`] accepts (a reschedule to a free time in the
/// future, the learner's no-show with a choice), and `join` in the meeting
/// window. Never `refund` (the refunds issue).
pub fn allowed_actions(facts: &Facts, party: Party, now_ms: i64) -> Vec<Action> {
    Action::ALL
        .into_iter()
        .filter(|&action| match sample_request(action, party, now_ms) {
            Some(request) => transition(facts, party, &request, now_ms).is_ok(),
            None => action == Action::Join && may_join(facts, party, now_ms),
        })
        .collect()
}

/// The request that stands for `action` when listing the allowed actions
/// (`None`: the action changes nothing, or is never allowed).
pub fn sample_request(action: Action, party: Party, now_ms: i64) -> Option<Request> {
    Some(match action {
        Action::Accept => Request::Accept,
        Action::Decline => Request::Decline,
        Action::Pay => Request::Pay,
        Action::Cancel => Request::Cancel,
        Action::Reschedule => {
            let start_ms = now_ms.saturating_add(7 * DAY_MS);
            Request::Reschedule {
                start_ms,
                end_ms: start_ms.saturating_add(HOUR_MS),
            }
        }
        Action::NoShow => Request::NoShow {
            choice: (party == Party::Learner).then_some(NoShowChoice::Refund),
        },
        Action::Feedback => Request::Feedback,
        Action::Join | Action::Refund => return None,
    })
}

/// Whether `party` may join the meeting now: the learner or the mentor of a
/// confirmed session, from 10 minutes before the start until the end.
pub fn may_join(facts: &Facts, party: Party, now_ms: i64) -> bool {
    party != Party::Admin
        && current(facts, now_ms) == Status::Confirmed
        && now_ms >= facts.start_ms.saturating_sub(minutes(JOIN_EARLY_MINUTES))
        && now_ms < facts.end_ms
}

/// What the current status means for someone who wanted to act, and what
/// they can do instead.
fn status_reason(status: Status) -> &'static str {
    match status {
        Status::Pending => "the request is still waiting for the mentor's answer.",
        Status::PaymentRequired => "the session is waiting for the learner's payment.",
        Status::Confirmed => "the session is already confirmed.",
        Status::Completed => "the session has already taken place.",
        Status::Cancelled => {
            "the booking was cancelled. You can book a new session from the mentor's page."
        }
        Status::Expired => {
            "the booking expired before it was confirmed. You can book a new session from the mentor's page."
        }
        Status::NoShow => "the session was reported as missed.",
    }
}

/// The transition table: what `party` doing `request` now leads to, or why not.
pub fn transition(
    facts: &Facts,
    party: Party,
    request: &Request,
    now_ms: i64,
) -> Result<Change, Refusal> {
    let now_status = current(facts, now_ms);
    let overpaid = facts
        .paid_paise
        .saturating_sub(facts.price_paise.max(0))
        .max(0);
    let unchanged = Change {
        status: now_status,
        pay_by_ms: facts.pay_by_ms,
        respond_by_ms: facts.respond_by_ms,
        refund_owed_paise: overpaid,
        cancelled_by: None,
        no_show_by: facts.no_show_by,
        no_show_choice: facts.no_show_choice,
        rescheduled: false,
    };
    let start = facts.start_ms;
    match *request {
        Request::Accept | Request::Decline => {
            let (verb, done) = if *request == Request::Accept {
                ("accept", "accepted")
            } else {
                ("decline", "declined")
            };
            if party != Party::Mentor {
                return refuse(format!("Only the mentor can {verb} a session request."));
            }
            if now_status != Status::Pending {
                return refuse(if facts.status == Status::Pending {
                    // Stored pending, expired now.
                    format!(
                        "This request can no longer be {done}: the time to answer it has passed, so it expired and the slot was released."
                    )
                } else {
                    format!(
                        "This request cannot be {done}: {}",
                        status_reason(now_status)
                    )
                });
            }
            if *request == Request::Decline {
                return Ok(Change {
                    status: Status::Cancelled,
                    cancelled_by: Some(Party::Mentor),
                    refund_owed_paise: facts.paid_paise.max(0),
                    ..unchanged
                });
            }
            if facts.price_paise > 0 && facts.paid_paise < facts.price_paise {
                Ok(Change {
                    status: Status::PaymentRequired,
                    pay_by_ms: Some(pay_until(
                        now_ms,
                        start,
                        facts.pay_window_minutes,
                        facts.minimum_notice_minutes,
                    )),
                    ..unchanged
                })
            } else {
                Ok(Change {
                    status: Status::Confirmed,
                    ..unchanged
                })
            }
        }
        Request::Pay => {
            if party != Party::Learner {
                return refuse("Only the learner who booked the session can pay for it.");
            }
            if now_status != Status::PaymentRequired {
                return refuse(if facts.status == Status::PaymentRequired {
                    "The time to pay for this session has passed, so the slot was released. Please book the session again.".to_owned()
                } else {
                    format!(
                        "This session needs no payment now: {}",
                        status_reason(now_status)
                    )
                });
            }
            Ok(Change {
                status: Status::Confirmed,
                ..unchanged
            })
        }
        Request::Cancel => cancel(facts, party, now_ms, now_status, unchanged),
        Request::Reschedule { start_ms, end_ms } => reschedule(
            facts, party, now_ms, now_status, unchanged, start_ms, end_ms,
        ),
        Request::NoShow { choice } => no_show(facts, party, now_ms, now_status, unchanged, choice),
        Request::Feedback => {
            if party != Party::Learner {
                return refuse("Only the learner who attended the session can leave feedback.");
            }
            if facts.has_feedback {
                return refuse("You have already left feedback for this session. Thank you!");
            }
            if now_status != Status::Completed {
                return refuse(if now_status == Status::Confirmed {
                    "Feedback opens when the session has ended. Please come back after it."
                        .to_owned()
                } else {
                    format!(
                        "Feedback is not possible for this booking: {}",
                        status_reason(now_status)
                    )
                });
            }
            if now_ms
                >= facts
                    .end_ms
                    .saturating_add(FEEDBACK_DAYS.saturating_mul(DAY_MS))
            {
                return refuse(format!(
                    "Feedback for this session has closed: it is accepted for {FEEDBACK_DAYS} days after the session."
                ));
            }
            Ok(unchanged)
        }
        Request::Complete => {
            if now_status == Status::Completed && facts.status == Status::Confirmed {
                Ok(unchanged)
            } else {
                refuse(
                    "This session cannot be completed now: it is completed only once its end has passed.",
                )
            }
        }
        Request::Expire => {
            if now_status == Status::Expired && facts.status != Status::Expired {
                Ok(unchanged)
            } else {
                refuse(
                    "This booking cannot expire now: only a request or an unpaid hold whose deadline has passed expires.",
                )
            }
        }
    }
}

fn cancel(
    facts: &Facts,
    party: Party,
    now_ms: i64,
    now_status: Status,
    unchanged: Change,
) -> Result<Change, Refusal> {
    let start = facts.start_ms;
    if !now_status.is_active() {
        return refuse(format!(
            "This booking cannot be cancelled: {}",
            status_reason(now_status)
        ));
    }
    let cancelled = Change {
        status: Status::Cancelled,
        cancelled_by: Some(party),
        refund_owed_paise: facts.paid_paise.max(0),
        ..unchanged
    };
    match party {
        Party::Learner => match now_status {
            // Pending and payment required end before the start (see `current`).
            Status::Pending | Status::PaymentRequired => Ok(cancelled),
            _ => {
                if now_ms < start.saturating_sub(hours(LEARNER_NOTICE_HOURS)) {
                    Ok(cancelled)
                } else {
                    refuse(format!(
                        "This session can no longer be cancelled: cancellations close {LEARNER_NOTICE_HOURS} hours before the start. If something came up, message your mentor; if the mentor does not come, report it from this page 10 minutes after the start."
                    ))
                }
            }
        },
        Party::Mentor => match now_status {
            Status::Pending => refuse(
                "A request you have not accepted is declined, not cancelled: use Decline instead.",
            ),
            _ => {
                if now_ms < start {
                    Ok(cancelled)
                } else {
                    refuse(
                        "This session has already started, so it can no longer be cancelled. If the learner did not come, report a no-show from 10 minutes after the start.",
                    )
                }
            }
        },
        // Any active booking before its end (`current` completes it at the end).
        Party::Admin => Ok(cancelled),
    }
}

fn reschedule(
    facts: &Facts,
    party: Party,
    now_ms: i64,
    now_status: Status,
    unchanged: Change,
    new_start: i64,
    new_end: i64,
) -> Result<Change, Refusal> {
    let after_mentor_no_show = facts.status == Status::NoShow
        && facts.no_show_by == Some(Missed::Mentor)
        && facts.no_show_choice == Some(NoShowChoice::Reschedule);
    match party {
        Party::Admin => {
            return refuse(
                "Only the learner or the mentor can reschedule a session; an administrator can cancel it.",
            );
        }
        Party::Mentor if after_mentor_no_show => {
            return refuse(
                "The learner chooses the new time after a missed session; they will pick one from your free slots.",
            );
        }
        _ => {}
    }
    if !(after_mentor_no_show && party == Party::Learner) {
        if now_status != Status::Confirmed {
            return refuse(match now_status {
                Status::Pending | Status::PaymentRequired => format!(
                    "Only a confirmed session can be rescheduled: {} You can cancel it and book another time instead.",
                    status_reason(now_status)
                ),
                _ => format!(
                    "This session cannot be rescheduled: {}",
                    status_reason(now_status)
                ),
            });
        }
        let notice = if party == Party::Learner {
            LEARNER_NOTICE_HOURS
        } else {
            MENTOR_NOTICE_HOURS
        };
        if now_ms >= facts.start_ms.saturating_sub(hours(notice)) {
            return refuse(format!(
                "This session can no longer be rescheduled: changes close {notice} hours before the start."
            ));
        }
        if facts.reschedule_count >= MAX_RESCHEDULES {
            return refuse(format!(
                "This session has already been rescheduled {MAX_RESCHEDULES} times, the most allowed. You can cancel it and book a new one instead."
            ));
        }
    }
    if new_start <= now_ms {
        return refuse("Choose a new time in the future.");
    }
    if new_end <= new_start {
        return refuse("The new time must end after it starts.");
    }
    Ok(Change {
        status: Status::Confirmed,
        rescheduled: true,
        ..unchanged
    })
}

fn no_show(
    facts: &Facts,
    party: Party,
    now_ms: i64,
    now_status: Status,
    unchanged: Change,
    choice: Option<NoShowChoice>,
) -> Result<Change, Refusal> {
    let missed = match party {
        Party::Learner => Missed::Mentor,
        Party::Mentor => Missed::Learner,
        Party::Admin => {
            return refuse("Only the learner or the mentor of a session can report a no-show.");
        }
    };
    if now_status == Status::NoShow {
        return refuse("A no-show has already been reported for this session.");
    }
    if !matches!(now_status, Status::Confirmed | Status::Completed) {
        return refuse(format!(
            "A no-show can only be reported for a confirmed session: {}",
            status_reason(now_status)
        ));
    }
    let opens = facts
        .start_ms
        .saturating_add(minutes(NO_SHOW_AFTER_MINUTES));
    if now_ms < opens {
        return refuse(format!(
            "A no-show can be reported from {NO_SHOW_AFTER_MINUTES} minutes after the start. If the other side is late, please wait a little longer."
        ));
    }
    if now_ms >= facts.start_ms.saturating_add(hours(NO_SHOW_WINDOW_HOURS)) {
        return refuse(format!(
            "No-shows can be reported until {NO_SHOW_WINDOW_HOURS} hours after the start, and that time has passed. Please contact support."
        ));
    }
    if facts.has_feedback {
        return refuse(
            "Feedback was already given for this session, so it cannot be reported as missed.",
        );
    }
    let (choice, refund) = match party {
        Party::Learner => match choice {
            Some(NoShowChoice::Refund) => (Some(NoShowChoice::Refund), facts.paid_paise.max(0)),
            Some(NoShowChoice::Reschedule) => {
                (Some(NoShowChoice::Reschedule), unchanged.refund_owed_paise)
            }
            None => {
                return refuse(
                    "Choose what you would like instead: a full refund or a new time for the session.",
                );
            }
        },
        _ => (None, unchanged.refund_owed_paise),
    };
    Ok(Change {
        status: Status::NoShow,
        no_show_by: Some(missed),
        no_show_choice: choice,
        refund_owed_paise: refund,
        ..unchanged
    })
}

#[cfg(test)]
mod tests;

//! The booking lifecycle's JavaScript adapters (`src/booking.rs`): the
//! booking's facts, the party and the request read from JavaScript, times
//! as JavaScript's numbers, and the exports of the dashboards' and the
//! learner's modules.

use serde::{Deserialize, Serialize};

use super::{Arg, arg, describe, name, whole};
use crate::bindings::{BadInput, FromJson, bad};
use crate::booking::{
    Action, Change, DEFAULT_PAY_WINDOW_MINUTES, FEEDBACK_DAYS, Facts, JOIN_EARLY_MINUTES,
    LEARNER_NOTICE_HOURS, MAX_RESCHEDULES, MENTOR_NOTICE_HOURS, Missed, NO_SHOW_AFTER_MINUTES,
    NO_SHOW_WINDOW_HOURS, NoShowChoice, Opening, Party, REMINDER_HOURS, RESPONSE_HOURS, Request,
    Status, allowed_actions, current, start, transition,
};
use crate::json::Json;

/// A whole number of milliseconds from JavaScript (up to ±2⁵³).
fn js_ms(n: f64, what: &str) -> Result<i64, BadInput> {
    whole(n, what, " of milliseconds")
}

/// A booking's facts in messages: `a booking's startMs is missing`.
const BOOKING: Arg = Arg {
    what: "a booking",
    field: "a booking's ",
    got: true,
    text: "text",
};

/// [`Facts`] as JavaScript passes them (camelCase; a field left out or
/// `null` is unknown, zero or false).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FactsArg {
    status: Status,
    start_ms: i64,
    end_ms: i64,
    respond_by_ms: Option<i64>,
    pay_by_ms: Option<i64>,
    #[serde(default)]
    price_paise: i64,
    #[serde(default)]
    paid_paise: i64,
    #[serde(default)]
    has_feedback: bool,
    #[serde(default)]
    reschedule_count: u32,
    no_show_by: Option<Missed>,
    no_show_choice: Option<NoShowChoice>,
    pay_window_minutes: Option<u32>,
    #[serde(default)]
    minimum_notice_minutes: u32,
}

impl FromJson for Facts {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let f: FactsArg = arg(json, &BOOKING)?;
        Ok(Facts {
            status: f.status,
            start_ms: f.start_ms,
            end_ms: f.end_ms,
            respond_by_ms: f.respond_by_ms,
            pay_by_ms: f.pay_by_ms,
            price_paise: f.price_paise,
            paid_paise: f.paid_paise,
            has_feedback: f.has_feedback,
            reschedule_count: f.reschedule_count,
            no_show_by: f.no_show_by,
            no_show_choice: f.no_show_choice,
            pay_window_minutes: f.pay_window_minutes.unwrap_or(DEFAULT_PAY_WINDOW_MINUTES),
            minimum_notice_minutes: f.minimum_notice_minutes,
        })
    }
}

impl FromJson for Party {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        name(json).ok_or_else(|| {
            bad(format!(
                "unknown party {}: use \"learner\", \"mentor\" or \"admin\"",
                describe(json)
            ))
        })
    }
}

/// A request from JavaScript: `{type: "accept"}`, `{type: "reschedule",
/// startMs, endMs}`, `{type: "no_show", choice?}`, … (`complete` and
/// `expire` are the system's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum BookingRequest {
    Accept,
    Decline,
    Pay,
    Cancel,
    #[serde(rename_all = "camelCase")]
    Reschedule {
        start_ms: i64,
        end_ms: i64,
    },
    NoShow {
        choice: Option<NoShowChoice>,
    },
    Feedback,
    Complete,
    Expire,
}

/// A request's kind (its `type`).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Accept,
    Decline,
    Pay,
    Cancel,
    Reschedule,
    NoShow,
    Feedback,
    Complete,
    Expire,
}

/// [`BookingRequest`] as JavaScript passes it: the kind and the fields
/// that kinds carry.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RequestArg {
    r#type: Kind,
    start_ms: Option<i64>,
    end_ms: Option<i64>,
    choice: Option<NoShowChoice>,
}

impl FromJson for BookingRequest {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let request = Arg {
            what: "a booking request",
            ..BOOKING
        };
        // An unknown or missing type in the words of the screens' callers.
        if matches!(json, Json::Object(_)) && json.get("type").and_then(name::<Kind>).is_none() {
            return Err(bad(format!(
                "unknown booking request type \"{}\": use accept, decline, pay, cancel, reschedule, no_show, feedback, complete or expire",
                json.get("type").and_then(Json::as_str).unwrap_or_default()
            )));
        }
        let r: RequestArg = arg(json, &request)?;
        let ms = |v: Option<i64>, key: &str| {
            v.ok_or_else(|| bad(format!("{}{key} is missing", BOOKING.field)))
        };
        Ok(match r.r#type {
            Kind::Accept => BookingRequest::Accept,
            Kind::Decline => BookingRequest::Decline,
            Kind::Pay => BookingRequest::Pay,
            Kind::Cancel => BookingRequest::Cancel,
            Kind::Reschedule => BookingRequest::Reschedule {
                start_ms: ms(r.start_ms, "startMs")?,
                end_ms: ms(r.end_ms, "endMs")?,
            },
            Kind::NoShow => BookingRequest::NoShow { choice: r.choice },
            Kind::Feedback => BookingRequest::Feedback,
            Kind::Complete => BookingRequest::Complete,
            Kind::Expire => BookingRequest::Expire,
        })
    }
}

impl From<BookingRequest> for Request {
    fn from(r: BookingRequest) -> Request {
        match r {
            BookingRequest::Accept => Request::Accept,
            BookingRequest::Decline => Request::Decline,
            BookingRequest::Pay => Request::Pay,
            BookingRequest::Cancel => Request::Cancel,
            BookingRequest::Reschedule { start_ms, end_ms } => {
                Request::Reschedule { start_ms, end_ms }
            }
            BookingRequest::NoShow { choice } => Request::NoShow { choice },
            BookingRequest::Feedback => Request::Feedback,
            BookingRequest::Complete => Request::Complete,
            BookingRequest::Expire => Request::Expire,
        }
    }
}

/// The outcome of [`booking_transition`]: the change, or why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum TransitionOutcome {
    Ok { value: Change },
    Refused { message: String },
}

/// The booking rules' numbers, for the screens that explain them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct BookingRules {
    pub response_hours: i64,
    pub hold_minutes: i64,
    pub learner_notice_hours: i64,
    pub mentor_notice_hours: i64,
    pub max_reschedules: u32,
    pub join_early_minutes: i64,
    pub no_show_after_minutes: i64,
    pub no_show_window_hours: i64,
    pub feedback_days: i64,
    pub reminder_hours: Vec<i64>,
}

/// The actions `party` ("learner", "mentor" or "admin") may take on a
/// booking at `nowMs`, in order (`accept`, `decline`, `pay`, `cancel`,
/// `reschedule`, `join`, `no_show`, `feedback`), as the API lists them.
/// Throws for a malformed booking or time.
#[crate::export(dashboards, learner, js_name = "bookingActions")]
pub fn booking_actions(facts: Facts, party: Party, now_ms: f64) -> Result<Vec<Action>, BadInput> {
    Ok(allowed_actions(&facts, party, js_ms(now_ms, "nowMs")?))
}

/// The booking's status as of `nowMs` (a request past its deadline is
/// `expired`, a confirmed session past its end `completed`).
#[crate::export(dashboards, learner, js_name = "bookingStatus")]
pub fn booking_status(facts: Facts, now_ms: f64) -> Result<Status, BadInput> {
    Ok(current(&facts, js_ms(now_ms, "nowMs")?))
}

/// What `party` doing `request` at `nowMs` leads to (`{type: "ok", value}`)
/// or why not (`{type: "refused", message}`), as the API decides it.
#[crate::export(dashboards, js_name = "bookingTransition")]
pub fn booking_transition(
    facts: Facts,
    party: Party,
    request: BookingRequest,
    now_ms: f64,
) -> Result<TransitionOutcome, BadInput> {
    let now_ms = js_ms(now_ms, "nowMs")?;
    Ok(
        match transition(&facts, party, &Request::from(request), now_ms) {
            Ok(value) => TransitionOutcome::Ok { value },
            Err(r) => TransitionOutcome::Refused { message: r.message },
        },
    )
}

/// Where a new booking of a service at `startMs`, requested at `nowMs`,
/// starts: its status and deadlines.
#[crate::export(dashboards, js_name = "bookingOpening")]
pub fn booking_opening(
    price_paise: f64,
    instant: bool,
    now_ms: f64,
    start_ms: f64,
    minimum_notice_minutes: u32,
    pay_window_minutes: u32,
) -> Result<Opening, BadInput> {
    Ok(start(
        js_ms(price_paise, "pricePaise")?,
        instant,
        js_ms(now_ms, "nowMs")?,
        js_ms(start_ms, "startMs")?,
        minimum_notice_minutes,
        pay_window_minutes,
    ))
}

/// The booking rules' numbers: the answer and payment deadlines, each
/// side's notice, the reschedule limit and the join, no-show, feedback and
/// reminder windows.
#[crate::export(dashboards, learner, js_name = "bookingRules")]
pub fn booking_rules() -> BookingRules {
    BookingRules {
        response_hours: RESPONSE_HOURS,
        hold_minutes: i64::from(DEFAULT_PAY_WINDOW_MINUTES),
        learner_notice_hours: LEARNER_NOTICE_HOURS,
        mentor_notice_hours: MENTOR_NOTICE_HOURS,
        max_reschedules: MAX_RESCHEDULES,
        join_early_minutes: JOIN_EARLY_MINUTES,
        no_show_after_minutes: NO_SHOW_AFTER_MINUTES,
        no_show_window_hours: NO_SHOW_WINDOW_HOURS,
        feedback_days: FEEDBACK_DAYS,
        reminder_hours: REMINDER_HOURS.to_vec(),
    }
}

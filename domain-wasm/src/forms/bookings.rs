//! The booking bodies (issue 12, issue 20): a request, the answers and
//! changes to one, a no-show report, its contest and decision, feedback.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::booking::NoShowChoice;
use crate::enquiry::clean_message;
use crate::no_show::{Outcome, STATEMENT_MAX, statement_problem};

/// The longest note a learner may add to a request.
pub const NOTE_MAX: usize = 1000;
/// The longest reason for a cancellation or a decline.
pub const REASON_MAX: usize = 1000;
/// The longest feedback text.
pub const FEEDBACK_MAX: usize = 2000;

const SERVICE_ID: Field = Field::required("service_id", Rule::NONE);
const START: Field = Field::required("start", Rule::DATE_TIME);
const NOTE: Field = Field::optional("note", Rule::max_length(NOTE_MAX)).called("the note");

pub const NEW_BOOKING: Body = Body {
    schema: "NewBookingBody",
    fields: &[SERVICE_ID, START, NOTE],
};

const REASON_FIELD: Field =
    Field::optional("reason", Rule::max_length(REASON_MAX)).called("the reason");

pub const REASON: Body = Body {
    schema: "ReasonBody",
    fields: &[REASON_FIELD],
};

pub const RESCHEDULE: Body = Body {
    schema: "RescheduleBody",
    fields: &[START],
};

const CHOICES: &[&str] = &["refund", "reschedule"];
const CHOICE: Field = Field::optional("choice", Rule::one_of(CHOICES));
const CHOOSE: &str = "Choose refund or reschedule.";

pub const NO_SHOW: Body = Body {
    schema: "NoShowBody",
    fields: &[
        CHOICE,
        Field::optional("statement", Rule::max_length(REASON_MAX)),
    ],
};

const STATEMENT: Field = Field::required(
    "statement",
    Rule::max_length(STATEMENT_MAX).and_pattern(super::patterns::NON_BLANK),
)
.called("the statement");

pub const CONTEST: Body = Body {
    schema: "ContestBody",
    fields: &[STATEMENT, CHOICE],
};

const OUTCOME: Field = Field::required(
    "outcome",
    Rule::one_of(&["mentor_missed", "learner_missed", "partial"]),
);
const DECISION_REASON: Field =
    Field::optional("reason", Rule::max_length(STATEMENT_MAX)).called("the reason");

pub const DECIDE: Body = Body {
    schema: "DecideBody",
    fields: &[
        OUTCOME,
        Field::optional(
            "amount_paise",
            Rule {
                minimum: Some(1),
                ..Rule::NONE
            },
        ),
        DECISION_REASON,
    ],
};

const RATING: Field = Field::required("rating", Rule::range(1, 5));
const FEEDBACK_TEXT: Field =
    Field::optional("text", Rule::max_length(FEEDBACK_MAX)).called("your feedback");

pub const FEEDBACK: Body = Body {
    schema: "FeedbackBody",
    fields: &[RATING, FEEDBACK_TEXT],
};

/// A request for a session, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBooking {
    pub service_id: i64,
    pub start: DateTime<Utc>,
    /// Cleaned (`enquiry::clean_message`), at most [`NOTE_MAX`] characters.
    pub note: String,
}

/// A request's body: the service and the start are required, the start an
/// RFC 3339 instant; the note at most [`NOTE_MAX`] characters once cleaned.
pub fn parse_new_booking(
    service_id: Option<i64>,
    start: Option<&str>,
    note: Option<&str>,
) -> Result<NewBooking, FieldErrors> {
    let mut r = Reader::default();
    let service_id = r.present(&SERVICE_ID, service_id);
    let start = r.instant(&START, start);
    let note = r.within(&NOTE, clean_message(note.unwrap_or_default()));
    let parsed = match (service_id, start, note) {
        (Some(service_id), Some(start), Some(note)) => Some(NewBooking {
            service_id,
            start,
            note,
        }),
        _ => None,
    };
    r.finish(parsed)
}

/// A decline's or a cancellation's reason, cleaned; `None` when none was
/// given.
pub fn parse_reason(reason: Option<&str>) -> Result<Option<String>, FieldErrors> {
    let mut r = Reader::default();
    let reason = match reason.map(clean_message).filter(|r| !r.is_empty()) {
        None => Some(None),
        Some(text) => r.within(&REASON_FIELD, text).map(Some),
    };
    r.finish(reason)
}

/// A reschedule's new start.
pub fn parse_reschedule(start: Option<&str>) -> Result<DateTime<Utc>, FieldErrors> {
    let mut r = Reader::default();
    let start = r.instant(&START, start);
    r.finish(start)
}

/// A no-show report, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoShowReport {
    pub choice: Option<NoShowChoice>,
    /// Cleaned; `None` when none was given.
    pub statement: Option<String>,
}

/// A no-show report's body: the learner's choice, if any, must be one of
/// `refund` and `reschedule`; the statement is read as a reason.
pub fn parse_no_show(
    choice: Option<&str>,
    statement: Option<&str>,
) -> Result<NoShowReport, FieldErrors> {
    let choice = parse_choice(choice)?;
    let statement = parse_reason(statement)?;
    Ok(NoShowReport { choice, statement })
}

/// An optional choice of remedy.
fn parse_choice(choice: Option<&str>) -> Result<Option<NoShowChoice>, FieldErrors> {
    match choice {
        None => Ok(None),
        Some(text) => NoShowChoice::parse(text)
            .map(Some)
            .ok_or_else(|| super::one(&CHOICE, CHOOSE)),
    }
}

/// A contest, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contest {
    /// Cleaned, 1 to [`STATEMENT_MAX`] characters.
    pub statement: String,
    pub choice: Option<NoShowChoice>,
}

/// A contest's choice, which a handler reads first (an unknown choice is
/// answered before anything else).
pub fn parse_contest_choice(choice: Option<&str>) -> Result<Option<NoShowChoice>, FieldErrors> {
    parse_choice(choice)
}

/// A contest's statement: required, at most [`STATEMENT_MAX`] characters
/// once cleaned (`no_show::statement_problem`). The contest flow reads it
/// once it knows the caller is a party to the booking.
pub fn parse_contest_statement(statement: Option<&str>) -> Result<String, FieldErrors> {
    let statement = clean_message(statement.unwrap_or_default());
    match statement_problem(&statement) {
        Some(problem) => Err(super::one(&STATEMENT, problem)),
        None => Ok(statement),
    }
}

/// An administrator's decision, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisputeDecision {
    pub outcome: Outcome,
    pub amount_paise: Option<i64>,
    /// Cleaned; empty when none was given.
    pub reason: String,
}

/// A decision's body: the outcome is required and one of the three; the
/// reason at most [`STATEMENT_MAX`] characters once cleaned. (Whether the
/// amount and the reason are needed, and the amount's ceiling, are the
/// contest rules' call.)
pub fn parse_decide(
    outcome: Option<&str>,
    amount_paise: Option<i64>,
    reason: Option<&str>,
) -> Result<DisputeDecision, FieldErrors> {
    let Some(outcome) = outcome.and_then(Outcome::parse) else {
        return Err(super::one(
            &OUTCOME,
            "Choose mentor_missed, learner_missed or partial.",
        ));
    };
    let mut r = Reader::default();
    let reason = r.within(&DECISION_REASON, clean_message(reason.unwrap_or_default()));
    r.finish(reason.map(|reason| DisputeDecision {
        outcome,
        amount_paise,
        reason,
    }))
}

/// Feedback, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    /// 1 to 5.
    pub rating: i64,
    /// Cleaned, at most [`FEEDBACK_MAX`] characters.
    pub text: String,
}

const RATE_IT: &str = "Choose a rating from 1 to 5 stars.";

/// Feedback's body: a rating from 1 to 5 (required), a text of at most
/// [`FEEDBACK_MAX`] characters once cleaned.
pub fn parse_feedback(rating: Option<i64>, text: Option<&str>) -> Result<Feedback, FieldErrors> {
    let Some(rating) = rating else {
        return Err(super::one(&RATING, RATE_IT));
    };
    let mut r = Reader::default();
    let range = RATING.rule.minimum.unwrap_or(1)..=RATING.rule.maximum.unwrap_or(5);
    let rating = if range.contains(&rating) {
        Some(rating)
    } else {
        r.add(&RATING, RATE_IT);
        None
    };
    let text = r.within(&FEEDBACK_TEXT, clean_message(text.unwrap_or_default()));
    r.finish(
        rating
            .zip(text)
            .map(|(rating, text)| Feedback { rating, text }),
    )
}

/// The booking forms' length limits, for the screens that show them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct BookingFormLimits {
    pub note: usize,
    pub reason: usize,
    pub feedback: usize,
    pub statement: usize,
    pub refund_reason: usize,
}

/// The booking forms' length limits (the note, a decline's or a
/// cancellation's reason, feedback, a no-show statement, a refund
/// request's reason), as the API's parsers apply them.
#[crate::export(dashboards, learner, js_name = "bookingFormLimits")]
pub fn booking_form_limits() -> BookingFormLimits {
    BookingFormLimits {
        note: NOTE_MAX,
        reason: REASON_MAX,
        feedback: FEEDBACK_MAX,
        statement: STATEMENT_MAX,
        refund_reason: super::money::REFUND_REASON_MAX,
    }
}

/// A booking form's text, checked as the API's parser checks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum TextCheck {
    /// The text as it is stored (cleaned).
    Ok {
        value: String,
    },
    Error {
        message: String,
    },
}

/// The text of a booking form's field (`note`, `reason`, `feedback`,
/// `statement` or `refund_reason`) checked as the API checks it: the
/// cleaned text, or the message the API would answer under the field
/// (`Keep the note to 1000 characters or fewer.`). Throws for another
/// field name.
#[crate::export(dashboards, learner, js_name = "checkBookingText")]
pub fn check_booking_text(field: &str, text: &str) -> Result<TextCheck, crate::bindings::BadInput> {
    let declared = match field {
        "note" => NOTE,
        "reason" => REASON_FIELD,
        "feedback" => FEEDBACK_TEXT,
        "statement" => STATEMENT,
        "refund_reason" => super::money::REFUND_REASON,
        other => return Err(crate::bindings::bad(format!("no booking field {other}"))),
    };
    let mut r = Reader::default();
    Ok(match r.within(&declared, clean_message(text)) {
        Some(value) => TextCheck::Ok { value },
        None => TextCheck::Error {
            message: declared.too_long(),
        },
    })
}

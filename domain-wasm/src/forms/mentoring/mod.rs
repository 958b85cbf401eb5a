//! The mentor's bodies: an application (issue 11), the profile, services
//! and availability, and an administrator's rejection. The profile and
//! application fields are read by `crate::mentoring`'s checks, the
//! availability by `crate::slots`; these declarations state the same rules
//! and the parsers beside them ([`applications`], [`profile`],
//! [`services`], [`availability`]) apply them.

use super::patterns::{NON_BLANK, VISIBLE};
use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::mentoring::{
    BIO_MAX, BIO_MIN, EXPERIENCE_YEARS_MAX, EXPERTISE_MAX, HEADLINE_MAX, LINKS_MAX,
    PRICE_MAX_PAISE, PRICE_STEP_PAISE, SERVICES_MAX,
};
use crate::slots;

pub mod applications;
pub mod availability;
pub mod profile;
pub mod services;

pub use applications::{
    Application, ApplicationInput, ApplicationServiceInput, GuestApplication, parse_application,
    parse_guest_application,
};
pub use availability::{AvailabilityInput, WeeklyInput, parse_availability, slot_problem};
pub use profile::{ProfileEdit, parse_mentor_profile};
pub use services::{ServiceEdit, ServiceFields, parse_new_service, parse_service_change};

#[cfg(test)]
mod tests;

const EXPERIENCE: Rule = Rule::range(0, EXPERIENCE_YEARS_MAX);
const DURATION: Rule = Rule::range(slots::DURATION_MIN as i64, slots::DURATION_MAX as i64);
const PRICE: Rule = Rule {
    minimum: Some(0),
    maximum: Some(PRICE_MAX_PAISE),
    multiple_of: Some(PRICE_STEP_PAISE),
    ..Rule::NONE
};

pub const MENTOR_PROFILE: Body = Body {
    schema: "MentorProfileBody",
    fields: &[
        Field::optional("experience_years", EXPERIENCE),
        Field::optional("headline", Rule::max_length(HEADLINE_MAX)),
    ],
};

const SERVICE_TITLE: Field = Field::optional("title", Rule::pattern(VISIBLE));
const SERVICE_DURATION: Field = Field::optional("duration_minutes", DURATION);
const SERVICE_PRICE: Field = Field::optional("price_paise", PRICE);

pub const MENTOR_SERVICE: Body = Body {
    schema: "MentorServiceBody",
    fields: &[SERVICE_TITLE, SERVICE_DURATION, SERVICE_PRICE],
};

const BUFFER: Rule = Rule::range(0, slots::BUFFER_MAX as i64);

const TIME_ZONE: Field = Field::required("time_zone", Rule::pattern(NON_BLANK));
const WEEKLY: Field = Field::optional("weekly", Rule::NONE);
const OVERRIDES: Field = Field::optional("overrides", Rule::NONE);
const BUFFER_BEFORE: Field = Field::optional("buffer_before_minutes", BUFFER);
const BUFFER_AFTER: Field = Field::optional("buffer_after_minutes", BUFFER);
const NOTICE: Field = Field::optional(
    "minimum_notice_minutes",
    Rule::range(0, slots::NOTICE_MAX as i64),
);
const WINDOW: Field = Field::required(
    "booking_window_days",
    Rule::range(slots::WINDOW_MIN_DAYS as i64, slots::WINDOW_MAX_DAYS as i64),
);
const SESSIONS_PER_DAY: Field = Field::optional(
    "max_sessions_per_day",
    Rule::range(1, slots::MAX_SESSIONS_PER_DAY as i64),
);
const INTERVAL: Field = Field::optional(
    "slot_interval_minutes",
    Rule::range(slots::INTERVAL_MIN as i64, slots::INTERVAL_MAX as i64),
);

pub const AVAILABILITY: Body = Body {
    schema: "AvailabilityBody",
    fields: &[
        TIME_ZONE,
        WEEKLY,
        OVERRIDES,
        BUFFER_BEFORE,
        BUFFER_AFTER,
        NOTICE,
        WINDOW,
        SESSIONS_PER_DAY,
        INTERVAL,
    ],
};

const EXPERIENCE_YEARS: Field = Field::required("experience_years", EXPERIENCE);

/// The fields an application has, signed in or with a new account.
macro_rules! application_fields {
    ($name:expr $(, $password:expr)?) => {
        &[
            $name,
            Field::required("email", super::accounts::EMAIL_RULE),
            $($password,)?
            Field::required("phone", Rule::pattern(VISIBLE)),
            Field::required("expertise", Rule::items(Some(1), EXPERTISE_MAX)),
            EXPERIENCE_YEARS,
            Field::optional("links", Rule::items(None, LINKS_MAX)),
            Field::required(
                "bio",
                Rule {
                    min_length: Some(BIO_MIN),
                    max_length: Some(BIO_MAX),
                    ..Rule::NONE
                },
            ),
            Field::required("services", Rule::items(Some(1), SERVICES_MAX)),
        ]
    };
}

pub const APPLICATION: Body = Body {
    schema: "ApplicationBody",
    fields: application_fields!(Field::required("name", Rule::pattern(VISIBLE))),
};

pub const GUEST_APPLICATION: Body = Body {
    schema: "GuestApplicationBody",
    fields: application_fields!(
        Field::required("name", super::accounts::NAME_RULE),
        Field::required("password", super::accounts::NEW_PASSWORD)
    ),
};

pub const APPLICATION_SERVICE: Body = Body {
    schema: "ApplicationServiceBody",
    fields: &[
        Field::required("title", Rule::pattern(VISIBLE)),
        Field::required("duration_minutes", DURATION),
        Field::required("price_paise", PRICE),
    ],
};

/// The longest reason an administrator gives for rejecting an application.
pub const REJECT_REASON_MAX: usize = 1000;

const REJECT_REASON: Field = Field::required(
    "reason",
    Rule::max_length(REJECT_REASON_MAX).and_pattern(VISIBLE),
)
.called("the reason");

pub const REJECT_APPLICATION: Body = Body {
    schema: "RejectApplicationBody",
    fields: &[REJECT_REASON],
};

/// Why an application is rejected (the applicant is told): required,
/// trimmed, at most [`REJECT_REASON_MAX`] characters.
pub fn parse_reject_application(reason: Option<&str>) -> Result<String, FieldErrors> {
    let mut r = Reader::default();
    let reason = reason.map(str::trim).unwrap_or_default();
    if reason.is_empty() {
        r.add(
            &REJECT_REASON,
            "Say why the application is rejected: the applicant is told.",
        );
        return r.finish(None);
    }
    let reason = r.within(&REJECT_REASON, reason.to_owned());
    r.finish(reason)
}

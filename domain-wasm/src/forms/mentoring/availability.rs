//! The rules a mentor's bookable slots come from (`AvailabilityBody`),
//! replacing the stored ones whole: read into a
//! [`crate::slots::Availability`] and checked by [`Schedule::new`], each
//! refusal under the field it is about.

use super::super::{FieldErrors, NON_FIELD, Reader};
use super::{
    BUFFER_AFTER, BUFFER_BEFORE, Field, INTERVAL, NOTICE, OVERRIDES, SESSIONS_PER_DAY, TIME_ZONE,
    WEEKLY, WINDOW,
};
use crate::slots::{Availability, DateOverride, Schedule, SlotError, WeeklyRange};

/// A weekly range as sent: the weekday is any number until it is read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WeeklyInput {
    pub weekday: i64,
    pub start: String,
    pub end: String,
}

/// An availability as sent; lists left out are empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AvailabilityInput {
    pub time_zone: Option<String>,
    pub weekly: Vec<WeeklyInput>,
    pub overrides: Vec<DateOverride>,
    pub buffer_before_minutes: Option<i64>,
    pub buffer_after_minutes: Option<i64>,
    pub minimum_notice_minutes: Option<i64>,
    pub booking_window_days: Option<i64>,
    pub max_sessions_per_day: Option<i64>,
    pub slot_interval_minutes: Option<i64>,
}

/// A count the rules take as a `u32`; a negative or huge one is an error
/// under its field. `None` when none was given.
fn count(r: &mut Reader, field: &Field, value: Option<i64>) -> Option<u32> {
    let value = value?;
    u32::try_from(value)
        .map_err(|_| r.add(field, format!("Enter a whole number from 0, not {value}.")))
        .ok()
}

/// An availability (`AvailabilityBody`): `time_zone` and
/// `booking_window_days` required, weekdays and counts that the rules can
/// read (every such problem at once); then the rules themselves
/// ([`Schedule::new`]: the first refusal, under its field by
/// [`slot_problem`]). Buffers and notice left out are 0, the cap and the
/// interval none.
pub fn parse_availability(input: AvailabilityInput) -> Result<Availability, FieldErrors> {
    let mut r = Reader::default();
    let time_zone = r
        .given(&TIME_ZONE, input.time_zone.as_deref())
        .map(str::to_owned);
    if input.booking_window_days.is_none() {
        r.add(&WINDOW, crate::accounts::REQUIRED);
    }
    let mut weekly = Vec::new();
    for range in input.weekly {
        match u8::try_from(range.weekday) {
            Ok(weekday) => weekly.push(WeeklyRange {
                weekday,
                start: range.start,
                end: range.end,
            }),
            Err(_) => r.add(
                &WEEKLY,
                format!(
                    "Weekday {} does not exist: use 0 for Monday through 6 for Sunday.",
                    range.weekday
                ),
            ),
        }
    }
    let before = count(&mut r, &BUFFER_BEFORE, input.buffer_before_minutes);
    let after = count(&mut r, &BUFFER_AFTER, input.buffer_after_minutes);
    let notice = count(&mut r, &NOTICE, input.minimum_notice_minutes);
    let window = count(&mut r, &WINDOW, input.booking_window_days);
    let cap = count(&mut r, &SESSIONS_PER_DAY, input.max_sessions_per_day);
    let interval = count(&mut r, &INTERVAL, input.slot_interval_minutes);
    let availability = time_zone
        .zip(window)
        .map(|(time_zone, booking_window_days)| Availability {
            time_zone,
            weekly,
            overrides: input.overrides,
            buffer_before_minutes: before.unwrap_or(0),
            buffer_after_minutes: after.unwrap_or(0),
            minimum_notice_minutes: notice.unwrap_or(0),
            booking_window_days,
            max_sessions_per_day: cap,
            slot_interval_minutes: interval,
        });
    let availability = r.finish(availability)?;
    match Schedule::new(&availability) {
        Ok(_) => Ok(availability),
        Err(e) => {
            let (field, message) = slot_problem(&e);
            Err(super::super::one(field, message))
        }
    }
}

/// The field a rule's refusal belongs under, and its message as a
/// sentence (the rule's words, capitalised and ended).
pub fn slot_problem(e: &SlotError) -> (&'static Field, String) {
    let weekly_or_overrides = |place: &str| {
        if crate::slots::WEEKDAYS.contains(&place) {
            &WEEKLY
        } else {
            &OVERRIDES
        }
    };
    let field = match e {
        SlotError::UnknownTimeZone(_) => &TIME_ZONE,
        SlotError::BadWeekday(_) => &WEEKLY,
        SlotError::BadTime { place, .. }
        | SlotError::RangeNotForward { place, .. }
        | SlotError::RangesOverlap { place, .. } => weekly_or_overrides(place),
        SlotError::BadDate(_) | SlotError::DuplicateOverride(_) => &OVERRIDES,
        SlotError::OutOfRange { what, .. } => match *what {
            "the buffer before a session" => &BUFFER_BEFORE,
            "the buffer after a session" => &BUFFER_AFTER,
            "the minimum notice" => &NOTICE,
            "the booking window" => &WINDOW,
            "the most sessions a day" => &SESSIONS_PER_DAY,
            "the slot interval" => &INTERVAL,
            _ => &NON_FIELD,
        },
        // Not about stored rules (a slot query's), never from Schedule::new.
        SlotError::PeriodNotForward { .. }
        | SlotError::PeriodTooLong { .. }
        | SlotError::BusyNotForward { .. } => &NON_FIELD,
    };
    (field, sentence(&e.to_string()))
}

/// `text` with a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

//! The rules a mentor's bookable slots come from
//! (`domain_wasm::slots::Availability`), checked by `Schedule::new` before
//! they are stored; the catalogue's slots follow at once.

use chrono::{DateTime, Utc};
use domain_wasm::slots::{Availability, Schedule, SlotError};

use super::MentoringError;
use crate::store::Store;

/// The time zone of a mentor who has not chosen one: the marketplace's.
pub const DEFAULT_TIME_ZONE: &str = "Asia/Kolkata";

/// What a mentor who has set nothing starts from: India's time, no hours
/// yet (so no slots), 10 minutes' buffer after each session, a day's
/// notice and bookings up to 30 days ahead.
pub fn default_availability() -> Availability {
    Availability {
        time_zone: DEFAULT_TIME_ZONE.to_owned(),
        weekly: Vec::new(),
        overrides: Vec::new(),
        buffer_before_minutes: 0,
        buffer_after_minutes: 10,
        minimum_notice_minutes: 24 * 60,
        booking_window_days: 30,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    }
}

/// The mentor's availability and whether they set it (`false`: the
/// [`default_availability`]).
pub async fn availability(
    store: &Store,
    mentor_id: i64,
) -> Result<(Availability, bool), MentoringError> {
    Ok(match store.availability(mentor_id).await? {
        Some(a) => (a, true),
        None => (default_availability(), false),
    })
}

/// Checks and stores the mentor's availability, replacing what they had.
pub async fn put(
    store: &Store,
    mentor_id: i64,
    availability: Availability,
    now: DateTime<Utc>,
) -> Result<Availability, MentoringError> {
    if let Err(e) = Schedule::new(&availability) {
        let (field, message) = slot_problem(&e);
        return Err(MentoringError::field(field, message));
    }
    store
        .put_availability(mentor_id, &availability, now)
        .await?;
    Ok(availability)
}

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// The field a rule's refusal belongs under, and its message as a
/// sentence (the domain's words, capitalised and ended).
pub fn slot_problem(e: &SlotError) -> (&'static str, String) {
    let weekly_or_overrides = |place: &str| {
        if WEEKDAYS.contains(&place) {
            "weekly"
        } else {
            "overrides"
        }
    };
    let field = match e {
        SlotError::UnknownTimeZone(_) => "time_zone",
        SlotError::BadWeekday(_) => "weekly",
        SlotError::BadTime { place, .. }
        | SlotError::RangeNotForward { place, .. }
        | SlotError::RangesOverlap { place, .. } => weekly_or_overrides(place),
        SlotError::BadDate(_) | SlotError::DuplicateOverride(_) => "overrides",
        SlotError::OutOfRange { what, .. } => match *what {
            "the buffer before a session" => "buffer_before_minutes",
            "the buffer after a session" => "buffer_after_minutes",
            "the minimum notice" => "minimum_notice_minutes",
            "the booking window" => "booking_window_days",
            "the most sessions a day" => "max_sessions_per_day",
            "the slot interval" => "slot_interval_minutes",
            _ => "non_field_errors",
        },
        // Not about stored rules (a slot query's), never from Schedule::new.
        SlotError::PeriodNotForward { .. }
        | SlotError::PeriodTooLong { .. }
        | SlotError::BusyNotForward { .. } => "non_field_errors",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_valid_and_each_refusal_has_its_field() {
        assert!(Schedule::new(&default_availability()).is_ok());
        let mut a = default_availability();
        a.time_zone = "Mars/Olympus".into();
        let e = Schedule::new(&a).expect_err("refused");
        assert_eq!(slot_problem(&e).0, "time_zone");
        assert!(slot_problem(&e).1.starts_with("Unknown time zone"));
        let mut a = default_availability();
        a.booking_window_days = 0;
        assert_eq!(
            slot_problem(&Schedule::new(&a).expect_err("refused")).0,
            "booking_window_days"
        );
        for (field, set) in [
            (
                "buffer_before_minutes",
                (|a: &mut Availability| a.buffer_before_minutes = 999) as fn(&mut Availability),
            ),
            ("buffer_after_minutes", |a| a.buffer_after_minutes = 999),
            ("minimum_notice_minutes", |a| {
                a.minimum_notice_minutes = 999_999
            }),
            ("max_sessions_per_day", |a| a.max_sessions_per_day = Some(0)),
            ("slot_interval_minutes", |a| {
                a.slot_interval_minutes = Some(1)
            }),
        ] {
            let mut a = default_availability();
            set(&mut a);
            assert_eq!(
                slot_problem(&Schedule::new(&a).expect_err("refused")).0,
                field
            );
        }
    }
}

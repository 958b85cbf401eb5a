//! The rules a mentor's bookable slots come from
//! (`domain_wasm::slots::Availability`), parsed and checked by
//! `domain_wasm::forms::mentoring::parse_availability` before they are
//! stored; the catalogue's slots follow at once.

use chrono::{DateTime, Utc};
use domain_wasm::slots::Availability;

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

/// Stores the mentor's availability, replacing what they had: rules
/// parsed by `domain_wasm::forms::mentoring::parse_availability` (checked
/// by `Schedule::new`).
pub async fn put(
    store: &Store,
    mentor_id: i64,
    availability: Availability,
    now: DateTime<Utc>,
) -> Result<Availability, MentoringError> {
    store
        .put_availability(mentor_id, &availability, now)
        .await?;
    Ok(availability)
}

#[cfg(test)]
mod tests {
    use domain_wasm::slots::Schedule;

    use super::*;

    #[test]
    fn the_default_is_valid() {
        assert!(Schedule::new(&default_availability()).is_ok());
    }
}

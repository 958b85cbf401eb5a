//! Bookable slots as the catalogue and `GET /api/mentors/{id}/slots/` show
//! them: the crate's rule ([`domain_wasm::slots`]) fed with a mentor's stored
//! availability, the server's clock and the mentor's busy intervals.
//!
//! A mentor's `available_slots` (the next [`NEXT`] slots of their first
//! service) changes with time alone, so a snapshot of the catalogue says
//! until when its slots hold ([`NextSlots::valid_through`]) and is rebuilt on
//! the first read after that.

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, TimeZone, Utc};
use domain_wasm::slots::{Interval, MAX_PERIOD_DAYS, Schedule, SlotQuery};

use super::types::Slot;
use crate::fields::Fields;
use crate::store::model;

/// How many slots a mentor's `available_slots` lists.
pub const NEXT: usize = 10;
/// A snapshot whose mentors have availability is rebuilt at least this
/// often: slots that enter the booking window as time passes (for a mentor
/// with fewer than [`NEXT`] slots) show within this long.
pub const LONGEST_VALID: TimeDelta = TimeDelta::hours(1);
/// `available_slots` looks this far ahead first, and [`MAX_PERIOD_DAYS`]
/// ahead when that gives fewer than [`NEXT`]: most mentors fill their ten
/// within two weeks, and a shorter period is cheaper to compute.
const FIRST_LOOK_DAYS: i64 = 14;
/// The period of `GET /api/mentors/{id}/slots/` without `to`.
pub const DEFAULT_PERIOD_DAYS: i64 = 14;

/// A mentor's `available_slots` and until when they hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextSlots {
    pub slots: Vec<Slot>,
    /// The last instant at which these are still the next slots (they can
    /// change the moment after); `None` when they never change with time
    /// alone (no availability or no service).
    pub valid_through: Option<DateTime<Utc>>,
}

impl NextSlots {
    fn none() -> Self {
        NextSlots {
            slots: Vec::new(),
            valid_through: None,
        }
    }
}

/// The next [`NEXT`] slots of the mentor's first service (the first one the
/// public sees) at `now`, given the mentor's busy intervals.
pub fn next_slots(mentor: &model::Mentor, now: DateTime<Utc>, busy: &[Interval]) -> NextSlots {
    let (Some(availability), Some(service)) = (&mentor.availability, mentor.services.first())
    else {
        return NextSlots::none();
    };
    let schedule = match Schedule::new(availability) {
        Ok(s) => s,
        Err(e) => {
            // Checked before it was stored: only a database changed behind
            // the server's back gets here.
            tracing::warn!(mentor = mentor.id, error = %e, "a mentor's stored availability breaks the slot rule; showing no slots");
            return NextSlots::none();
        }
    };
    let Ok(duration) = u32::try_from(service.duration_minutes) else {
        return NextSlots::none();
    };
    let look = |days: i64| {
        let query = SlotQuery {
            duration_minutes: duration,
            now,
            from: now,
            to: now + TimeDelta::days(days),
            busy: busy.to_vec(),
        };
        schedule.slots(&query).unwrap_or_default()
    };
    let mut found = look(FIRST_LOOK_DAYS);
    if found.len() < NEXT {
        found = look(MAX_PERIOD_DAYS);
    }
    found.truncate(NEXT);
    let latest = now + LONGEST_VALID;
    // A slot is offered while it starts at least the minimum notice after
    // now: the first one goes when now passes its start minus the notice.
    // Later ones cannot enter ahead of it (the window only adds later
    // slots), so the list holds until then, unless busy intervals change
    // (which mark the catalogue written).
    let notice = TimeDelta::minutes(i64::from(availability.minimum_notice_minutes));
    let valid_through = found
        .first()
        .map_or(latest, |first| (first.start - notice).min(latest));
    NextSlots {
        slots: found
            .into_iter()
            .map(|s| Slot {
                start: s.start,
                end: s.end,
                service_id: service.id,
            })
            .collect(),
        valid_through: Some(valid_through),
    }
}

/// One end of the period asked of `GET /api/mentors/{id}/slots/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// A local date of the mentor's ("YYYY-MM-DD").
    Date(NaiveDate),
    /// An instant (RFC 3339, any offset).
    Instant(DateTime<Utc>),
}

impl Bound {
    /// "YYYY-MM-DD" or an RFC 3339 instant; `None` for anything else.
    pub fn parse(text: &str) -> Option<Bound> {
        let text = text.trim();
        if text.len() == 10 {
            return NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .map(Bound::Date);
        }
        DateTime::parse_from_rfc3339(text)
            .ok()
            .map(|t| Bound::Instant(t.with_timezone(&Utc)))
    }
}

/// The first instant of a local date in `tz`: its midnight, or, where the
/// clocks skip midnight, the first minute of the day that exists.
pub fn start_of_day<Z: TimeZone>(tz: &Z, date: NaiveDate) -> Option<DateTime<Utc>> {
    let midnight = date.and_time(NaiveTime::MIN);
    // Gaps last at most a day (Samoa, 2011); minutes are where they end.
    (0..=26 * 60).find_map(|m| {
        tz.from_local_datetime(&(midnight + TimeDelta::minutes(m)))
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    })
}

/// The period `[from, to)` asked for, with dates read in the mentor's zone
/// `tz`: `from` as a date is the start of that local day, `to` as a date the
/// end of it (the start of the next local day, so the day is included).
/// Without `from`, now; without `to`, [`DEFAULT_PERIOD_DAYS`] after `from`.
/// Field errors for a value that is neither a date nor an instant, a period
/// that does not end after it starts, or one over [`MAX_PERIOD_DAYS`] days.
pub fn period<Z: TimeZone>(
    tz: &Z,
    from: Option<&str>,
    to: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(DateTime<Utc>, DateTime<Utc>), Fields> {
    let mut errors = Fields::default();
    let mut read = |field: &str, text: Option<&str>| match text.map(|t| (t, Bound::parse(t))) {
        None => Ok(None),
        Some((_, Some(bound))) => Ok(Some(bound)),
        Some((text, None)) => {
            errors.add(
                field,
                format!(
                    "{text:?} is neither a date nor an instant: write a date as YYYY-MM-DD or an instant in RFC 3339, such as 2026-03-29T09:30:00Z."
                ),
            );
            Err(())
        }
    };
    let (from, to) = (read("from", from), read("to", to));
    let (Ok(from), Ok(to)) = (from, to) else {
        return Err(errors);
    };
    let out_of_range = || Fields::one("from", "This date is out of range.");
    let from = match from {
        None => now,
        Some(Bound::Instant(t)) => t,
        Some(Bound::Date(d)) => start_of_day(tz, d).ok_or_else(out_of_range)?,
    };
    let to = match to {
        None => from
            .checked_add_signed(TimeDelta::days(DEFAULT_PERIOD_DAYS))
            .ok_or_else(out_of_range)?,
        Some(Bound::Instant(t)) => t,
        Some(Bound::Date(d)) => d
            .succ_opt()
            .and_then(|next| start_of_day(tz, next))
            .ok_or_else(|| Fields::one("to", "This date is out of range."))?,
    };
    if to <= from {
        return Err(Fields::one("to", "The period must end after it starts."));
    }
    if to - from > TimeDelta::days(MAX_PERIOD_DAYS) {
        return Err(Fields::one(
            "to",
            format!(
                "The period is longer than {MAX_PERIOD_DAYS} days: ask for at most {MAX_PERIOD_DAYS} days at a time."
            ),
        ));
    }
    Ok((from, to))
}

/// The slots of a service of `duration_minutes` in `[from, to)`.
pub fn slots_between(
    schedule: &Schedule,
    duration_minutes: i64,
    now: DateTime<Utc>,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    busy: Vec<Interval>,
) -> Vec<Interval> {
    let Ok(duration_minutes) = u32::try_from(duration_minutes) else {
        return Vec::new();
    };
    let query = SlotQuery {
        duration_minutes,
        now,
        from,
        to,
        busy,
    };
    match schedule.slots(&query) {
        Ok(slots) => slots,
        Err(e) => {
            // The period is checked by [`period`] and the availability
            // before it was stored; a stored duration out of bounds is all
            // that is left.
            tracing::warn!(error = %e, "cannot compute slots; showing none");
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use domain_wasm::slots::Availability;

    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_default()
    }

    #[test]
    fn bounds_are_dates_or_instants() {
        assert_eq!(
            Bound::parse("2026-03-29"),
            NaiveDate::from_ymd_opt(2026, 3, 29).map(Bound::Date)
        );
        assert_eq!(
            Bound::parse("2026-03-29T09:30:00+05:30"),
            Some(Bound::Instant(at("2026-03-29T04:00:00Z")))
        );
        for bad in [
            "2026-02-30",
            "29-03-2026",
            "tomorrow",
            "",
            "2026-03-29T09:30",
        ] {
            assert_eq!(Bound::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates_are_whole_local_days() {
        let london = schedule_in("Europe/London").time_zone();
        let now = at("2026-03-01T00:00:00Z");
        // Summer time: the local day starts an hour before UTC's.
        assert_eq!(
            period(&london, Some("2026-06-01"), Some("2026-06-01"), now).ok(),
            Some((at("2026-05-31T23:00:00Z"), at("2026-06-01T23:00:00Z")))
        );
        // The day the clocks go forward lasts 23 hours.
        let (from, to) =
            period(&london, Some("2026-03-29"), Some("2026-03-29"), now).unwrap_or((now, now));
        assert_eq!(to - from, TimeDelta::hours(23));
        assert_eq!(
            period(&london, None, None, now).ok(),
            Some((now, now + TimeDelta::days(14)))
        );
        let errors = |from, to| period(&london, from, to, now).err().map(|f| f.0);
        assert!(errors(Some("soon"), None).is_some_and(|e| e.contains_key("from")));
        assert!(
            errors(Some("2026-03-02"), Some("2026-03-01")).is_some_and(|e| e.contains_key("to"))
        );
        assert!(
            errors(Some("2026-03-01"), Some("2026-06-01")).is_some_and(|e| e.contains_key("to"))
        );
        // 92 days exactly is allowed.
        assert!(
            period(
                &london,
                Some("2026-03-01T00:00:00Z"),
                Some("2026-06-01T00:00:00Z"),
                now
            )
            .is_ok()
        );
    }

    fn schedule_in(name: &str) -> Schedule {
        let availability = Availability {
            time_zone: name.to_owned(),
            weekly: Vec::new(),
            overrides: Vec::new(),
            buffer_before_minutes: 0,
            buffer_after_minutes: 0,
            minimum_notice_minutes: 0,
            booking_window_days: 1,
            max_sessions_per_day: None,
            slot_interval_minutes: None,
        };
        Schedule::new(&availability).expect("a known zone")
    }
}

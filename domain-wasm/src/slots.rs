//! Bookable slots: when a mentor can be booked for a session, from their
//! availability (issue 11, "Availability and slots").
//!
//! A pure function of its arguments: the current instant and the busy
//! intervals (the mentor's bookings) are passed in; nothing reads the clock.
//! The mentor's availability is written in their own IANA time zone
//! ([`Availability`], the body of `PUT /api/mentor/availability/`); slots come
//! out in UTC. Times of day are local wall-clock times, and the rules below
//! say how each is turned into an instant.
//!
//! # The rules
//!
//! - **Ranges.** Each local date has the ranges of its weekday
//!   ([`Availability::weekly`]), unless an override names the date
//!   ([`Availability::overrides`]): then the override's ranges replace that
//!   day's weekly ranges entirely (no ranges = a day off; to add hours, list
//!   the day's usual ranges with the extra ones). A range runs from `start` to
//!   `end` on that date ("HH:MM", 24-hour clock; `end` may be "24:00", the
//!   next midnight); it must end after it starts, so a range past midnight is
//!   written as two. The ranges of one day may touch but not overlap, and a
//!   slot never spans two ranges.
//! - **Local times to instants.** A local time that happens twice (the hour
//!   repeated when clocks go back) means its *first* occurrence. A local time
//!   that does not exist (the hour skipped when clocks go forward) means the
//!   first instant after the gap, the moment the clocks change. This mapping
//!   keeps the order of times, so a range covers exactly the real time between
//!   its two instants: on the day clocks go forward, 00:00–04:00 in London is
//!   three hours; on the day they go back it is five; a range that lies wholly
//!   in the skipped hour is empty.
//! - **The grid.** A session together with its buffers (`buffer_before`,
//!   session, `buffer_after`) lies wholly inside one range: the first slot
//!   starts at the range's start plus the buffer before, and the next ones
//!   every service duration after it (or every
//!   [`Availability::slot_interval_minutes`] when set; an interval shorter
//!   than the session gives overlapping slots, alternatives of which one can
//!   be booked), as long as the session and its buffer after end by the
//!   range's end. The grid counts real time, so it runs on evenly through a
//!   change of the clocks.
//! - **Notice and window.** A slot starts at least
//!   `minimum_notice_minutes` after `now`, and before `now` plus
//!   `booking_window_days` (days of 24 hours).
//! - **Busy intervals.** A busy interval is taken as a session of the mentor
//!   with the same buffers around it, and buffers stack: a slot, with its
//!   buffers, does not overlap a busy interval extended by the buffers. So
//!   between a slot and a busy interval there are at least
//!   `buffer_before_minutes + buffer_after_minutes` minutes, whichever comes
//!   first (the earlier one's buffer after, then the later one's buffer
//!   before).
//! - **Sessions per day.** With `max_sessions_per_day` set, a local day (in
//!   the mentor's zone) on which that many busy intervals start offers no
//!   slot. Slots are alternatives, so they do not count against one another;
//!   once booked, they come back as busy intervals and count.
//! - **The query.** The slots returned start at or after `from` and before
//!   `to` (at most [`MAX_PERIOD_DAYS`] apart), sorted by start.
//!
//! Input that breaks a rule (an unknown zone, a time that is not "HH:MM", a
//! range ending before it starts, overlapping ranges, numbers out of their
//! bounds, a period over 92 days) is a [`SlotError`], whose message tells the
//! mentor what to correct; [`Schedule::new`] checks an availability on its
//! own (for saving it). The JSON field names are the API's (snake_case).
//!
//! In the browser, [`mentor_slots`] and [`check_availability`] are exported
//! to the dashboards' wasm module only (`#[export(dashboards)]`, feature
//! `dashboards`), the one module that carries chrono-tz's IANA database: the
//! home page's and the on-demand module never reach [`Tz`], so the linker
//! leaves the database out of them (`tests/modules.mjs` searches their bytes
//! for zone names).

use std::collections::BTreeMap;
use std::fmt;

use chrono::{
    DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, Offset, SecondsFormat, TimeDelta,
    TimeZone, Utc,
};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A session lasts at least this many minutes…
pub const DURATION_MIN: u32 = 15;
/// …and at most this many.
pub const DURATION_MAX: u32 = 180;
/// The slot interval, when set, is at least this many minutes…
pub const INTERVAL_MIN: u32 = 5;
/// …and at most this many.
pub const INTERVAL_MAX: u32 = 180;
/// Each buffer (before, after) is at most this many minutes.
pub const BUFFER_MAX: u32 = 180;
/// The minimum notice is at most this many minutes (30 days).
pub const NOTICE_MAX: u32 = 43_200;
/// Bookings open at least this many days ahead…
pub const WINDOW_MIN_DAYS: u32 = 1;
/// …and at most this many.
pub const WINDOW_MAX_DAYS: u32 = 365;
/// The cap on sessions per day, when set, is at most this (a day of
/// 15-minute sessions).
pub const MAX_SESSIONS_PER_DAY: u32 = 96;
/// One query covers at most this many days (the API's `from` and `to`).
pub const MAX_PERIOD_DAYS: i64 = 92;

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 86_400_000;
/// The longest gap a change of the clocks can leave, in minutes (Samoa
/// skipped a whole day in 2011), with room to spare.
const MAX_GAP_MINUTES: i64 = 26 * 60;
/// The days' names, Monday first (as `Schedule`'s refusals name them).
pub(crate) const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// A mentor's availability, as they set it (the body of
/// `PUT /api/mentor/availability/`). Checked by [`Schedule::new`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Availability {
    /// The mentor's IANA time zone, such as "Europe/London" (exact spelling).
    pub time_zone: String,
    /// The ranges of each weekday, several a day allowed.
    #[serde(default)]
    pub weekly: Vec<WeeklyRange>,
    /// Dates whose ranges replace their weekday's.
    #[serde(default)]
    pub overrides: Vec<DateOverride>,
    #[serde(default)]
    pub buffer_before_minutes: u32,
    #[serde(default)]
    pub buffer_after_minutes: u32,
    #[serde(default)]
    pub minimum_notice_minutes: u32,
    /// How many days ahead bookings open (days of 24 hours from now).
    pub booking_window_days: u32,
    /// At most this many sessions start on one local day (none: no cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_sessions_per_day: Option<u32>,
    /// The step between slot starts (none: the service's duration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot_interval_minutes: Option<u32>,
}

/// A weekly range: on `weekday` (0 = Monday … 6 = Sunday), from `start` to
/// `end`, local "HH:MM" times.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct WeeklyRange {
    pub weekday: u8,
    pub start: String,
    pub end: String,
}

/// The ranges of one date ("YYYY-MM-DD", local), replacing its weekday's;
/// none = a day off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct DateOverride {
    pub date: String,
    #[serde(default)]
    pub ranges: Vec<TimeRange>,
}

/// A range of local "HH:MM" times within a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct TimeRange {
    pub start: String,
    pub end: String,
}

/// A span of real time, from `start` (included) to `end` (excluded): a busy
/// interval or a slot. As JSON, RFC 3339 instants (any offset in; UTC, `Z`,
/// out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Interval {
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub start: DateTime<Utc>,
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub end: DateTime<Utc>,
}

/// What to compute slots for: a service's duration, the current instant, the
/// period asked for and what is already booked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct SlotQuery {
    /// The service's duration, [`DURATION_MIN`] to [`DURATION_MAX`] minutes.
    pub duration_minutes: u32,
    /// The current instant (the caller's clock).
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub now: DateTime<Utc>,
    /// Slots starting at or after this…
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub from: DateTime<Utc>,
    /// …and before this, at most [`MAX_PERIOD_DAYS`] later.
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub to: DateTime<Utc>,
    /// The mentor's sessions already booked, in any order.
    #[serde(default)]
    pub busy: Vec<Interval>,
}

/// Why slots could not be computed: availability or a query that breaks a
/// rule. The messages are written for the mentor (or the API's caller).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SlotError {
    #[error("unknown time zone {}: use an IANA name such as Europe/London or Asia/Kolkata", quoted(.0))]
    UnknownTimeZone(String),
    #[error("weekday {0} does not exist: use 0 for Monday through 6 for Sunday")]
    BadWeekday(u8),
    #[error("{place}: {} is not a time of day; write it as HH:MM on a 24-hour clock, such as 09:00 or 17:30", quoted(.value))]
    BadTime { place: String, value: String },
    #[error("{} is not a date; write it as YYYY-MM-DD, such as 2026-03-29", quoted(.0))]
    BadDate(String),
    #[error(
        "{place}: the range {start}–{end} must end after it starts (write a range past midnight as two, one ending at 24:00)"
    )]
    RangeNotForward {
        place: String,
        start: String,
        end: String,
    },
    #[error("{place}: the ranges {first} and {second} overlap; join them into one range")]
    RangesOverlap {
        place: String,
        first: String,
        second: String,
    },
    #[error("{0} has more than one override; give each date one override with all its ranges")]
    DuplicateOverride(String),
    #[error("{what} must be from {min} to {max} {unit}, got {value}")]
    OutOfRange {
        what: &'static str,
        unit: &'static str,
        min: u32,
        max: u32,
        value: u32,
    },
    #[error("the period from {from} to {to} must end after it starts")]
    PeriodNotForward { from: String, to: String },
    #[error("the period from {from} to {to} is longer than {max} days; ask for at most {max} days at a time", max = MAX_PERIOD_DAYS)]
    PeriodTooLong { from: String, to: String },
    #[error("the busy interval from {start} to {end} must end after it starts")]
    BusyNotForward { start: String, end: String },
}

/// `s` quoted as a JSON string.
fn quoted(s: &str) -> String {
    crate::json::Json::String(s.to_owned()).to_string()
}

/// An instant as the messages show it: RFC 3339 in UTC, whole seconds.
fn shown(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A range of minutes of the local day, `start < end <= 1440`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Minutes {
    start: u16,
    end: u16,
}

/// An availability checked and ready to compute slots from.
#[derive(Debug, Clone)]
pub struct Schedule {
    tz: Tz,
    /// Each weekday's ranges, sorted (Monday first).
    weekly: [Vec<Minutes>; 7],
    /// The overrides' ranges by date, sorted.
    overrides: BTreeMap<NaiveDate, Vec<Minutes>>,
    before_ms: i64,
    after_ms: i64,
    notice_ms: i64,
    window_ms: i64,
    max_per_day: Option<u32>,
    interval_minutes: Option<u32>,
}

fn check_range(
    what: &'static str,
    unit: &'static str,
    value: u32,
    min: u32,
    max: u32,
) -> Result<u32, SlotError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(SlotError::OutOfRange {
            what,
            unit,
            min,
            max,
            value,
        })
    }
}

/// "HH:MM" as minutes since midnight; "24:00" only where `end_of_day`.
fn parse_time(place: &str, value: &str, end_of_day: bool) -> Result<u16, SlotError> {
    let bad = || SlotError::BadTime {
        place: place.to_owned(),
        value: value.to_owned(),
    };
    let b = value.as_bytes();
    if b.len() != 5 || b[2] != b':' || ![0, 1, 3, 4].iter().all(|&i| b[i].is_ascii_digit()) {
        return Err(bad());
    }
    let digit = |i: usize| u16::from(b[i] - b'0');
    let (hours, minutes) = (digit(0) * 10 + digit(1), digit(3) * 10 + digit(4));
    if minutes > 59 || hours > 24 || (hours == 24 && (minutes != 0 || !end_of_day)) {
        return Err(bad());
    }
    Ok(hours * 60 + minutes)
}

fn hh_mm(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// One place's ranges, checked and sorted: each ends after it starts and
/// none overlaps another (touching is fine).
fn day_ranges<'a>(
    place: &str,
    ranges: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<Vec<Minutes>, SlotError> {
    let mut out = Vec::new();
    for (start, end) in ranges {
        let range = Minutes {
            start: parse_time(place, start, false)?,
            end: parse_time(place, end, true)?,
        };
        if range.end <= range.start {
            return Err(SlotError::RangeNotForward {
                place: place.to_owned(),
                start: start.to_owned(),
                end: end.to_owned(),
            });
        }
        out.push(range);
    }
    out.sort_by_key(|r| (r.start, r.end));
    if let Some(pair) = out.windows(2).find(|w| w[1].start < w[0].end) {
        let text = |r: Minutes| format!("{}–{}", hh_mm(r.start), hh_mm(r.end));
        return Err(SlotError::RangesOverlap {
            place: place.to_owned(),
            first: text(pair[0]),
            second: text(pair[1]),
        });
    }
    Ok(out)
}

/// Minutes in milliseconds.
fn ms(minutes: u32) -> i64 {
    i64::from(minutes) * MINUTE_MS
}

impl Schedule {
    /// Checks an availability; the error says what to correct.
    pub fn new(availability: &Availability) -> Result<Schedule, SlotError> {
        let a = availability;
        let tz: Tz = a
            .time_zone
            .parse()
            .map_err(|_| SlotError::UnknownTimeZone(a.time_zone.clone()))?;
        if let Some(r) = a.weekly.iter().find(|r| r.weekday > 6) {
            return Err(SlotError::BadWeekday(r.weekday));
        }
        let mut weekly: [Vec<Minutes>; 7] = Default::default();
        for (day, name) in WEEKDAYS.iter().enumerate() {
            let of_day = a.weekly.iter().filter(|r| usize::from(r.weekday) == day);
            weekly[day] = day_ranges(name, of_day.map(|r| (r.start.as_str(), r.end.as_str())))?;
        }
        let mut overrides = BTreeMap::new();
        for o in &a.overrides {
            let date = parse_date(&o.date)?;
            let place = date.format("%Y-%m-%d").to_string();
            let ranges = day_ranges(
                &place,
                o.ranges.iter().map(|r| (r.start.as_str(), r.end.as_str())),
            )?;
            if overrides.insert(date, ranges).is_some() {
                return Err(SlotError::DuplicateOverride(place));
            }
        }
        let before = check_range(
            "the buffer before a session",
            "minutes",
            a.buffer_before_minutes,
            0,
            BUFFER_MAX,
        )?;
        let after = check_range(
            "the buffer after a session",
            "minutes",
            a.buffer_after_minutes,
            0,
            BUFFER_MAX,
        )?;
        let notice = check_range(
            "the minimum notice",
            "minutes",
            a.minimum_notice_minutes,
            0,
            NOTICE_MAX,
        )?;
        let window = check_range(
            "the booking window",
            "days",
            a.booking_window_days,
            WINDOW_MIN_DAYS,
            WINDOW_MAX_DAYS,
        )?;
        let max_per_day = a
            .max_sessions_per_day
            .map(|n| {
                check_range(
                    "the most sessions a day",
                    "sessions",
                    n,
                    1,
                    MAX_SESSIONS_PER_DAY,
                )
            })
            .transpose()?;
        let interval_minutes = a
            .slot_interval_minutes
            .map(|n| {
                check_range(
                    "the slot interval",
                    "minutes",
                    n,
                    INTERVAL_MIN,
                    INTERVAL_MAX,
                )
            })
            .transpose()?;
        Ok(Schedule {
            tz,
            weekly,
            overrides,
            before_ms: ms(before),
            after_ms: ms(after),
            notice_ms: ms(notice),
            window_ms: i64::from(window) * DAY_MS,
            max_per_day,
            interval_minutes,
        })
    }

    /// The time zone.
    pub fn time_zone(&self) -> Tz {
        self.tz
    }

    /// The ranges of a local date: its override's, or its weekday's.
    fn ranges_of(&self, date: NaiveDate) -> &[Minutes] {
        match self.overrides.get(&date) {
            Some(ranges) => ranges,
            None => &self.weekly[date.weekday().num_days_from_monday() as usize],
        }
    }

    /// The instant (Unix milliseconds) a local date and minute of the day
    /// stands for: the first occurrence when the clocks go back, the first
    /// instant after the gap when they go forward.
    fn instant(&self, date: NaiveDate, minute: u16) -> Option<i64> {
        let local = if minute >= 1440 {
            date.succ_opt()?.and_time(NaiveTime::MIN)
        } else {
            date.and_hms_opt(u32::from(minute / 60), u32::from(minute % 60), 0)?
        };
        first_instant(self.tz, local).map(|t| t.timestamp_millis())
    }

    /// The local date of an instant in the mentor's zone (none at the ends
    /// of chrono's range of dates).
    fn local_date(&self, t: DateTime<Utc>) -> Option<NaiveDate> {
        let offset = self.tz.offset_from_utc_datetime(&t.naive_utc()).fix();
        Some(t.naive_utc().checked_add_offset(offset)?.date())
    }

    /// The slots of one service in the query's period, sorted by start.
    pub fn slots(&self, query: &SlotQuery) -> Result<Vec<Interval>, SlotError> {
        let duration = check_range(
            "a session's duration",
            "minutes",
            query.duration_minutes,
            DURATION_MIN,
            DURATION_MAX,
        )?;
        if query.to <= query.from {
            return Err(SlotError::PeriodNotForward {
                from: shown(query.from),
                to: shown(query.to),
            });
        }
        if query.to.signed_duration_since(query.from) > TimeDelta::days(MAX_PERIOD_DAYS) {
            return Err(SlotError::PeriodTooLong {
                from: shown(query.from),
                to: shown(query.to),
            });
        }
        if let Some(b) = query.busy.iter().find(|b| b.end <= b.start) {
            return Err(SlotError::BusyNotForward {
                start: shown(b.start),
                end: shown(b.end),
            });
        }
        let duration_ms = ms(duration);
        let step_ms = ms(self.interval_minutes.unwrap_or(duration));
        let now = query.now.timestamp_millis();
        // Slots start in [lo, hi).
        let lo = query
            .from
            .timestamp_millis()
            .max(now.saturating_add(self.notice_ms));
        let hi = query
            .to
            .timestamp_millis()
            .min(now.saturating_add(self.window_ms));
        let mut slots = Vec::new();
        let (Some(lo_t), Some(hi_t)) = (
            DateTime::from_timestamp_millis(lo),
            DateTime::from_timestamp_millis(hi),
        ) else {
            return Ok(slots);
        };
        if lo >= hi {
            return Ok(slots);
        }
        // Busy intervals widened by both buffers (they stack), merged: a slot
        // may not overlap any of these.
        let gap = self.before_ms + self.after_ms;
        let mut blocked: Vec<(i64, i64)> = query
            .busy
            .iter()
            .map(|b| {
                (
                    b.start.timestamp_millis() - gap,
                    b.end.timestamp_millis() + gap,
                )
            })
            .collect();
        blocked.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::with_capacity(blocked.len());
        for (start, end) in blocked {
            match merged.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => merged.push((start, end)),
            }
        }
        // The local days on which the cap is reached.
        let mut starts_per_day: Vec<NaiveDate> = match self.max_per_day {
            Some(_) => query
                .busy
                .iter()
                .filter_map(|b| self.local_date(b.start))
                .collect(),
            None => Vec::new(),
        };
        starts_per_day.sort_unstable();
        let full = |date: NaiveDate| {
            self.max_per_day.is_some_and(|max| {
                let first = starts_per_day.partition_point(|d| *d < date);
                let after = starts_per_day.partition_point(|d| *d <= date);
                after - first >= max as usize
            })
        };
        // A day either side: a range of a date can start before the date's
        // first instant when clocks change at midnight.
        let (Some(first_day), Some(last_day)) = (
            self.local_date(lo_t).and_then(|d| d.pred_opt()),
            self.local_date(hi_t).and_then(|d| d.succ_opt()),
        ) else {
            return Ok(slots);
        };
        for date in first_day.iter_days().take_while(|d| *d <= last_day) {
            if full(date) {
                continue;
            }
            for range in self.ranges_of(date) {
                let (Some(range_start), Some(range_end)) = (
                    self.instant(date, range.start),
                    self.instant(date, range.end),
                ) else {
                    continue;
                };
                // The latest start whose session and buffer after fit.
                let last_start = range_end - self.after_ms - duration_ms;
                let mut start = range_start + self.before_ms;
                if start < lo {
                    start += (lo - start + step_ms - 1) / step_ms * step_ms;
                }
                while start <= last_start && start < hi {
                    let end = start + duration_ms;
                    let at = merged.partition_point(|&(_, e)| e <= start);
                    let free = merged.get(at).is_none_or(|&(s, _)| s >= end);
                    if free
                        && let (Some(start), Some(end)) = (
                            DateTime::from_timestamp_millis(start),
                            DateTime::from_timestamp_millis(end),
                        )
                    {
                        slots.push(Interval { start, end });
                    }
                    start += step_ms;
                }
            }
        }
        // Already in order (dates ascend, a day's ranges are sorted and
        // disjoint, and the local-to-instant mapping keeps order); sorting
        // sorted slots takes one pass and keeps the promise regardless.
        slots.sort_unstable();
        Ok(slots)
    }
}

fn parse_date(value: &str) -> Result<NaiveDate, SlotError> {
    let b = value.as_bytes();
    let shaped = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    shaped
        .then(|| NaiveDate::parse_from_str(value, "%Y-%m-%d").ok())
        .flatten()
        .ok_or_else(|| SlotError::BadDate(value.to_owned()))
}

/// The instant a local time stands for in `tz`: the earlier of two, or the
/// first instant after a gap (the first whole minute at which the local
/// clock reads a valid time at or after `local`).
fn first_instant(tz: Tz, local: NaiveDateTime) -> Option<DateTime<Utc>> {
    (0..=MAX_GAP_MINUTES).find_map(|m| {
        let t = local.checked_add_signed(TimeDelta::minutes(m))?;
        tz.from_local_datetime(&t)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    })
}

/// The bookable slots of a service for a mentor: [`Schedule::new`], then
/// [`Schedule::slots`].
pub fn slots(availability: &Availability, query: &SlotQuery) -> Result<Vec<Interval>, SlotError> {
    Schedule::new(availability)?.slots(query)
}

// ---- JavaScript (the dashboards' module) ---------------------------------

impl crate::bindings::FromJson for Availability {
    fn from_json(json: &crate::json::Json) -> Result<Self, crate::bindings::BadInput> {
        crate::bindings::serde_arg(json, "an availability")
    }
}

impl crate::bindings::FromJson for SlotQuery {
    fn from_json(json: &crate::json::Json) -> Result<Self, crate::bindings::BadInput> {
        crate::bindings::serde_arg(json, "a slot query")
    }
}

/// The outcome of [`mentor_slots`]: the slots, or what to correct.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum SlotsOutcome {
    Ok { value: Vec<Interval> },
    Error { message: String },
}

/// The outcome of [`check_availability`]: the availability as it will be
/// read (defaults filled in), or what to correct.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum AvailabilityCheck {
    Ok { value: Availability },
    Error { message: String },
}

/// The bookable slots of a service (`{type: "ok", value}`: `{start, end}`
/// in UTC, RFC 3339, sorted), or what to correct in the availability or the
/// query (`{type: "error", message}`), as `GET /api/mentors/{id}/slots/`
/// computes them. Throws only for a value of the wrong shape.
#[crate::export(dashboards)]
pub fn mentor_slots(availability: Availability, query: SlotQuery) -> SlotsOutcome {
    match slots(&availability, &query) {
        Ok(value) => SlotsOutcome::Ok { value },
        Err(e) => SlotsOutcome::Error {
            message: e.to_string(),
        },
    }
}

/// Whether a mentor's availability can be saved (`{type: "ok", value}`), or
/// what to correct (`{type: "error", message}`), as
/// `PUT /api/mentor/availability/` checks it.
#[crate::export(dashboards)]
pub fn check_availability(availability: Availability) -> AvailabilityCheck {
    match Schedule::new(&availability) {
        Ok(_) => AvailabilityCheck::Ok {
            value: availability,
        },
        Err(e) => AvailabilityCheck::Error {
            message: e.to_string(),
        },
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}", shown(self.start), shown(self.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .expect("an RFC 3339 instant")
            .with_timezone(&Utc)
    }

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").expect("a local time")
    }

    #[test]
    fn times_of_day_are_hh_mm_on_a_24_hour_clock() {
        assert_eq!(parse_time("Monday", "00:00", false), Ok(0));
        assert_eq!(parse_time("Monday", "09:30", false), Ok(570));
        assert_eq!(parse_time("Monday", "23:59", false), Ok(1439));
        assert_eq!(parse_time("Monday", "24:00", true), Ok(1440));
        for bad in [
            "24:00", "9:30", "09:3", "0930", "09-30", "25:00", "09:60", " 9:30", "０9:30", "",
        ] {
            assert!(parse_time("Monday", bad, false).is_err(), "{bad}");
        }
        assert!(parse_time("Monday", "24:01", true).is_err());
    }

    #[test]
    fn dates_are_yyyy_mm_dd() {
        assert_eq!(
            parse_date("2026-03-29"),
            NaiveDate::from_ymd_opt(2026, 3, 29).ok_or(SlotError::BadDate(String::new()))
        );
        for bad in [
            "2026-3-29",
            "2026-02-29",
            "29-03-2026",
            "2026/03/29",
            "+2026-03-2",
            "2026-03-29T00:00",
        ] {
            assert_eq!(
                parse_date(bad),
                Err(SlotError::BadDate(bad.to_owned())),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_skipped_local_time_is_the_change_of_the_clocks() {
        let london: Tz = "Europe/London".parse().expect("a zone");
        // 01:00-02:00 does not exist on 29 March 2026; the clocks change at 01:00 UTC.
        for skipped in ["2026-03-29 01:00", "2026-03-29 01:30", "2026-03-29 01:59"] {
            assert_eq!(
                first_instant(london, local(skipped)),
                Some(at("2026-03-29T01:00:00Z"))
            );
        }
        assert_eq!(
            first_instant(london, local("2026-03-29 00:59")),
            Some(at("2026-03-29T00:59:00Z"))
        );
        assert_eq!(
            first_instant(london, local("2026-03-29 02:00")),
            Some(at("2026-03-29T01:00:00Z"))
        );
        let new_york: Tz = "America/New_York".parse().expect("a zone");
        assert_eq!(
            first_instant(new_york, local("2026-03-08 02:30")),
            Some(at("2026-03-08T07:00:00Z"))
        );
    }

    #[test]
    fn a_repeated_local_time_is_its_first_occurrence() {
        let london: Tz = "Europe/London".parse().expect("a zone");
        assert_eq!(
            first_instant(london, local("2026-10-25 01:30")),
            Some(at("2026-10-25T00:30:00Z"))
        );
        assert_eq!(
            first_instant(london, local("2026-10-25 02:00")),
            Some(at("2026-10-25T02:00:00Z"))
        );
        let new_york: Tz = "America/New_York".parse().expect("a zone");
        assert_eq!(
            first_instant(new_york, local("2026-11-01 01:00")),
            Some(at("2026-11-01T05:00:00Z"))
        );
        let kolkata: Tz = "Asia/Kolkata".parse().expect("a zone");
        assert_eq!(
            first_instant(kolkata, local("2026-10-25 01:30")),
            Some(at("2026-10-24T20:00:00Z"))
        );
    }

    #[test]
    fn an_availability_is_checked_on_its_own() {
        let availability = Availability {
            time_zone: "Asia/Kolkata".to_owned(),
            weekly: vec![WeeklyRange {
                weekday: 0,
                start: "09:00".to_owned(),
                end: "12:00".to_owned(),
            }],
            overrides: Vec::new(),
            buffer_before_minutes: 0,
            buffer_after_minutes: 181,
            minimum_notice_minutes: 0,
            booking_window_days: 30,
            max_sessions_per_day: None,
            slot_interval_minutes: None,
        };
        let error = Schedule::new(&availability).err();
        assert_eq!(
            error.map(|e| e.to_string()).as_deref(),
            Some("the buffer after a session must be from 0 to 180 minutes, got 181")
        );
        let fixed = Availability {
            buffer_after_minutes: 180,
            ..availability
        };
        assert_eq!(
            Schedule::new(&fixed).map(|s| s.time_zone()).ok(),
            Some(chrono_tz::Asia::Kolkata)
        );
    }

    #[test]
    fn instants_at_the_ends_of_time_give_no_slots_and_no_panic() {
        let availability = Availability {
            time_zone: "Europe/London".to_owned(),
            weekly: (0..7)
                .map(|weekday| WeeklyRange {
                    weekday,
                    start: "00:00".to_owned(),
                    end: "24:00".to_owned(),
                })
                .collect(),
            overrides: Vec::new(),
            buffer_before_minutes: 180,
            buffer_after_minutes: 180,
            minimum_notice_minutes: NOTICE_MAX,
            booking_window_days: WINDOW_MAX_DAYS,
            max_sessions_per_day: Some(1),
            slot_interval_minutes: None,
        };
        let schedule = Schedule::new(&availability).expect("valid");
        for (now, from) in [
            (
                DateTime::<Utc>::MAX_UTC,
                DateTime::<Utc>::MAX_UTC - TimeDelta::days(92),
            ),
            (DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MIN_UTC),
        ] {
            let query = SlotQuery {
                duration_minutes: 180,
                now,
                from,
                to: from + TimeDelta::days(92),
                busy: vec![Interval {
                    start: from,
                    end: from + TimeDelta::hours(1),
                }],
            };
            assert!(schedule.slots(&query).is_ok());
        }
    }
}

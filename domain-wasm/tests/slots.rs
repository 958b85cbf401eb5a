//! The slot computation (`domain_wasm::slots`), natively: the cases of
//! `tests/slots_cases.json` (in the vector format, to move to `vectors/`
//! once the function has a wasm export), and a property test holding every
//! slot returned to every rule, checked against a mapping of local times to
//! instants written independently of the crate's.

use std::collections::HashMap;
use std::path::Path;

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, TimeZone, Utc};
use chrono_tz::Tz;
use domain_wasm::slots::{
    Availability, DateOverride, Interval, SlotQuery, TimeRange, WeeklyRange, slots,
};
use proptest::prelude::*;
use serde_json::{Value, json};

#[test]
fn every_case_passes() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/slots_cases.json");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("valid JSON");
    let cases = doc["cases"].as_array().expect("a cases array");
    let mut failures = Vec::new();
    for case in cases {
        assert_eq!(case["fn"], "mentorSlots");
        let availability: Availability =
            serde_json::from_value(case["args"][0].clone()).expect("an availability");
        let query: SlotQuery = serde_json::from_value(case["args"][1].clone()).expect("a query");
        let got = match slots(&availability, &query) {
            Ok(slots) => json!({ "expect": slots }),
            Err(e) => json!({ "throws": e.to_string() }),
        };
        let want = match case.get("throws") {
            Some(message) => json!({ "throws": message }),
            None => json!({ "expect": case["expect"] }),
        };
        if got != want {
            failures.push(format!("{}:\n  got  {got}\n  want {want}", case["note"]));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(
        cases.len() >= 50,
        "expected the full case list, ran {}",
        cases.len()
    );
}

#[test]
fn slots_come_out_as_rfc_3339_in_utc() {
    let availability: Availability = serde_json::from_value(json!({
        "time_zone": "Asia/Kolkata",
        "weekly": [{ "weekday": 0, "start": "09:00", "end": "10:00" }],
        "booking_window_days": 30
    }))
    .expect("an availability with defaults");
    let query: SlotQuery = serde_json::from_value(json!({
        "duration_minutes": 60,
        "now": "2026-01-01T00:00:00Z",
        "from": "2026-01-12T00:00:00+05:30",
        "to": "2026-01-13T00:00:00+05:30"
    }))
    .expect("a query without busy intervals");
    let got = serde_json::to_value(slots(&availability, &query).expect("slots")).expect("JSON");
    assert_eq!(
        got,
        json!([{ "start": "2026-01-12T03:30:00Z", "end": "2026-01-12T04:30:00Z" }])
    );
}

// ---- the property test ----

/// The instant a local time stands for, by the documented rule, found by
/// scanning real time minute by minute: the first instant at which the
/// local clock reads `local` or later (the first of a repeated time; the
/// change of the clocks for a skipped one).
fn reference_instant(tz: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    let guess = Utc.from_utc_datetime(&local) - TimeDelta::hours(16);
    let mut t = guess;
    // Skip ahead by hours while safely before: when the clock reads less
    // than `local` 3 hours on, it did so all along (clocks here go back by
    // an hour at most).
    while tz
        .from_utc_datetime(&(t + TimeDelta::hours(3)).naive_utc())
        .naive_local()
        < local
    {
        t += TimeDelta::hours(1);
    }
    while tz.from_utc_datetime(&t.naive_utc()).naive_local() < local {
        t += TimeDelta::minutes(1);
    }
    t
}

fn minute_of(text: &str) -> u32 {
    let (h, m) = text.split_once(':').expect("HH:MM");
    h.parse::<u32>().expect("hours") * 60 + m.parse::<u32>().expect("minutes")
}

fn local_at(date: NaiveDate, minute: u32) -> NaiveDateTime {
    if minute == 1440 {
        date.succ_opt()
            .expect("a next day")
            .and_time(NaiveTime::MIN)
    } else {
        date.and_hms_opt(minute / 60, minute % 60, 0)
            .expect("a time")
    }
}

fn hh_mm(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// Non-overlapping ranges from sorted distinct boundaries, paired in order
/// (minutes in 5-minute steps, so some fall in skipped or repeated hours).
fn ranges() -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::btree_set(0u32..=288, 0..=6).prop_map(|set| {
        let v: Vec<u32> = set.into_iter().map(|m| m * 5).collect();
        v.chunks_exact(2).map(|p| (p[0], p[1])).collect()
    })
}

const ZONES: [&str; 6] = [
    "Europe/London",
    "America/New_York",
    "Asia/Kolkata",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "America/Sao_Paulo",
];

/// Days around the 2026 changes of the clocks of [`ZONES`], and one quiet.
const AROUND: [&str; 7] = [
    "2026-03-07",
    "2026-03-28",
    "2026-04-04",
    "2026-09-26",
    "2026-10-03",
    "2026-10-24",
    "2026-06-15",
];

#[derive(Debug, Clone)]
struct Input {
    availability: Availability,
    query: SlotQuery,
}

fn input() -> impl Strategy<Value = Input> {
    let schedule = (
        0..ZONES.len(),
        proptest::collection::vec(ranges(), 7),
        proptest::collection::vec((0i64..12, ranges()), 0..3),
        (0u32..=45, 0u32..=45, 0u32..=600, 1u32..=20),
        (
            proptest::option::of(1u32..=4),
            proptest::option::of(5u32..=120),
        ),
    );
    let query = (
        (0..AROUND.len(), 0i64..1440, 1i64..=7 * 1440),
        (-3 * 1440i64..3 * 1440, 15u32..=180),
        proptest::collection::vec((0i64..8 * 1440, 15i64..=180), 0..8),
    );
    (schedule, query).prop_map(
        |(
            (zone, weekly, overrides, (before, after, notice, window), (max, interval)),
            ((around, start, length), (now, duration), busy),
        )| {
            let base = NaiveDate::parse_from_str(AROUND[around], "%Y-%m-%d").expect("a date");
            let from =
                Utc.from_utc_datetime(&base.and_time(NaiveTime::MIN)) + TimeDelta::minutes(start);
            let range = |&(s, e): &(u32, u32)| TimeRange {
                start: hh_mm(s),
                end: hh_mm(e),
            };
            Input {
                availability: Availability {
                    time_zone: ZONES[zone].to_owned(),
                    weekly: weekly
                        .iter()
                        .enumerate()
                        .flat_map(|(day, rs)| {
                            rs.iter().map(move |&(s, e)| WeeklyRange {
                                weekday: day as u8,
                                start: hh_mm(s),
                                end: hh_mm(e),
                            })
                        })
                        .collect(),
                    overrides: {
                        let mut seen = std::collections::BTreeMap::new();
                        for (offset, rs) in overrides {
                            seen.insert(offset - 2, rs);
                        }
                        seen.into_iter()
                            .map(|(offset, rs)| DateOverride {
                                date: (base + TimeDelta::days(offset))
                                    .format("%Y-%m-%d")
                                    .to_string(),
                                ranges: rs.iter().map(range).collect(),
                            })
                            .collect()
                    },
                    buffer_before_minutes: before,
                    buffer_after_minutes: after,
                    minimum_notice_minutes: notice,
                    booking_window_days: window,
                    max_sessions_per_day: max,
                    slot_interval_minutes: interval,
                },
                query: SlotQuery {
                    duration_minutes: duration,
                    now: from + TimeDelta::minutes(now),
                    from,
                    to: from + TimeDelta::minutes(length),
                    busy: busy
                        .into_iter()
                        .map(|(s, l)| {
                            let start = from + TimeDelta::minutes(s - 1440);
                            Interval {
                                start,
                                end: start + TimeDelta::minutes(l),
                            }
                        })
                        .collect(),
                },
            }
        },
    )
}

/// Every rule of `domain_wasm::slots`, checked for each slot.
fn check(input: &Input, got: &[Interval]) -> Result<(), TestCaseError> {
    let a = &input.availability;
    let q = &input.query;
    let tz: Tz = a.time_zone.parse().expect("a zone");
    let minutes = |n: u32| TimeDelta::minutes(i64::from(n));
    let (before, after) = (
        minutes(a.buffer_before_minutes),
        minutes(a.buffer_after_minutes),
    );
    let duration = minutes(q.duration_minutes);
    let step = minutes(a.slot_interval_minutes.unwrap_or(q.duration_minutes));
    let day_ranges = |date: NaiveDate| -> Vec<(u32, u32)> {
        let text = date.format("%Y-%m-%d").to_string();
        match a.overrides.iter().find(|o| o.date == text) {
            Some(o) => o
                .ranges
                .iter()
                .map(|r| (minute_of(&r.start), minute_of(&r.end)))
                .collect(),
            None => a
                .weekly
                .iter()
                .filter(|r| u32::from(r.weekday) == date.weekday().num_days_from_monday())
                .map(|r| (minute_of(&r.start), minute_of(&r.end)))
                .collect(),
        }
    };
    let mut instants: HashMap<(NaiveDate, u32), DateTime<Utc>> = HashMap::new();
    let mut instant = |date: NaiveDate, minute: u32| {
        *instants
            .entry((date, minute))
            .or_insert_with(|| reference_instant(tz, local_at(date, minute)))
    };
    let local_date = |t: DateTime<Utc>| tz.from_utc_datetime(&t.naive_utc()).date_naive();
    for (i, slot) in got.iter().enumerate() {
        prop_assert_eq!(
            slot.end - slot.start,
            duration,
            "{} lasts the session",
            slot
        );
        prop_assert!(
            q.from <= slot.start && slot.start < q.to,
            "{} starts in the period",
            slot
        );
        prop_assert!(
            slot.start >= q.now + minutes(a.minimum_notice_minutes),
            "{} gives the notice",
            slot
        );
        prop_assert!(
            slot.start < q.now + TimeDelta::days(i64::from(a.booking_window_days)),
            "{} is in the window",
            slot
        );
        if i > 0 {
            prop_assert!(
                got[i - 1].start < slot.start,
                "sorted, no repeats: {} then {}",
                got[i - 1],
                slot
            );
            if step >= duration {
                prop_assert!(
                    got[i - 1].end <= slot.start,
                    "{} and {} overlap",
                    got[i - 1],
                    slot
                );
            }
        }
        // Inside one range with its buffers, on the range's grid.
        let day = local_date(slot.start);
        let mut fits = false;
        for date in [
            day.pred_opt().expect("a day"),
            day,
            day.succ_opt().expect("a day"),
        ] {
            for (s, e) in day_ranges(date) {
                let (rs, re) = (instant(date, s), instant(date, e));
                let first = rs + before;
                if first <= slot.start
                    && slot.end + after <= re
                    && (slot.start - first).num_milliseconds() % step.num_milliseconds() == 0
                {
                    fits = true;
                }
            }
        }
        prop_assert!(
            fits,
            "{} lies on the grid of a range, with its buffers",
            slot
        );
        for b in &q.busy {
            let clear =
                slot.end + after + before <= b.start || b.end + after + before <= slot.start;
            prop_assert!(clear, "{} keeps both buffers from busy {}", slot, b);
        }
        if let Some(max) = a.max_sessions_per_day {
            let taken = q.busy.iter().filter(|b| local_date(b.start) == day).count();
            prop_assert!(
                taken < max as usize,
                "{} is on a day with {} sessions",
                slot,
                taken
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn every_slot_keeps_every_rule(input in input()) {
        let got = slots(&input.availability, &input.query).expect("valid input");
        check(&input, &got)?;
    }
}

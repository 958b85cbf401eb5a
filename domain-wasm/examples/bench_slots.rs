//! `just bench-slots`: the time to compute 90 days of slots natively for a
//! mentor with a busy calendar (issue 11's goal: under 2 ms). Europe/London,
//! 5 ranges every day, 30 overrides, 200 booked sessions, over a period that
//! crosses the clocks going forward; the whole call (checking the
//! availability, then the slots), as the API makes it. Prints the median of
//! many runs, in microseconds.
//!
//! With `--json` it prints the same availability and query instead, as
//! `{"availability": …, "query": …}`, for `scripts/bench-slots.mjs` to time
//! the dashboards' wasm module on them.

use std::hint::black_box;
use std::time::Instant;

use chrono::{NaiveDate, NaiveTime, TimeDelta, TimeZone, Utc};
use domain_wasm::slots::{
    Availability, DateOverride, Interval, SlotQuery, TimeRange, WeeklyRange, slots,
};

const RUNS: usize = 501;

fn main() {
    let day_ranges = [
        ("08:00", "09:30"),
        ("10:00", "12:00"),
        ("13:00", "14:30"),
        ("15:00", "17:00"),
        ("18:00", "20:00"),
    ];
    let range = |&(start, end): &(&str, &str)| TimeRange {
        start: start.to_owned(),
        end: end.to_owned(),
    };
    let first_day = NaiveDate::from_ymd_opt(2026, 3, 1).expect("a date");
    let from = Utc.from_utc_datetime(&first_day.and_time(NaiveTime::MIN));
    let availability = Availability {
        time_zone: "Europe/London".to_owned(),
        weekly: (0..7)
            .flat_map(|weekday| {
                day_ranges.iter().map(move |&(start, end)| WeeklyRange {
                    weekday,
                    start: start.to_owned(),
                    end: end.to_owned(),
                })
            })
            .collect(),
        // Every third day: a day off, or three longer ranges.
        overrides: (0..30)
            .map(|i| DateOverride {
                date: (first_day + TimeDelta::days(i * 3 + 1))
                    .format("%Y-%m-%d")
                    .to_string(),
                ranges: if i % 2 == 0 {
                    Vec::new()
                } else {
                    [("07:00", "11:00"), ("12:00", "16:00"), ("17:00", "21:00")]
                        .iter()
                        .map(range)
                        .collect()
                },
            })
            .collect(),
        buffer_before_minutes: 10,
        buffer_after_minutes: 10,
        minimum_notice_minutes: 120,
        booking_window_days: 120,
        max_sessions_per_day: Some(6),
        slot_interval_minutes: None,
    };
    // 200 sessions of an hour, two or three a day, at hours that vary.
    let busy: Vec<Interval> = (0..200)
        .map(|i: i64| {
            let start = from + TimeDelta::minutes(i * 90 * 24 * 60 / 200 + (i % 7) * 60 + 8 * 60);
            Interval {
                start,
                end: start + TimeDelta::hours(1),
            }
        })
        .collect();
    let query = SlotQuery {
        duration_minutes: 30,
        now: from - TimeDelta::hours(12),
        from,
        to: from + TimeDelta::days(90),
        busy,
    };
    if std::env::args().any(|a| a == "--json") {
        let input = serde_json::json!({ "availability": availability, "query": query });
        println!("{input}");
        return;
    }
    let count = slots(&availability, &query).expect("valid input").len();
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            black_box(slots(black_box(&availability), black_box(&query)).ok());
            started.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "slots natively: 90 days, {count} slots (Europe/London, 5 ranges a day, 30 overrides, 200 busy): median {:.0} µs of {RUNS} runs (fastest {:.0} µs)",
        times[RUNS / 2],
        times[0]
    );
}

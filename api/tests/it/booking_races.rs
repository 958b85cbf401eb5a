//! No double booking (issue 12): many learners ask for the same mentor time
//! at once, over HTTP, at real servers: one in-process server on SQLite,
//! one on PostgreSQL, and two `api` processes (the built binary) on one
//! PostgreSQL database. Exactly one request gets 201; every other one gets
//! 409 with the contract's message, and the database holds one booking.
//! An unpaid hold lasts the pay window (`PAY_WINDOW_MINUTES`) (the server's clock is moved, never
//! waited for) and then frees the slot for someone else.
//!
//! Transitions of one booking cannot be raced (issue 20): eight reschedules
//! at once apply up to the cap and no further, a cancel racing an accept
//! ends as one order of the two, and a mentor's day cap holds for learners
//! booking different slots at once, on SQLite, on PostgreSQL and on two
//! `api` processes on one PostgreSQL.
//!
//! `bench_bookings` (ignored; `just bench-bookings` runs it in a release
//! build) measures bookings per second with distinct slots and the outcome
//! of 1,000 concurrent attempts on 10 slots, against `api` processes.

use crate::common;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use api::auth::TokenKeys;
use api::clock::{Clock, ManualClock};
use api::store::model::{NewMentor, NewService};
use api::store::services::ServiceFields;
use api::store::{NewUser, Role, Store};
use chrono::{DateTime, Utc};
use common::{Engine, Options, TestApp, TestDb, spawn_app_with};
/// The pay window of a paid instant booking in these tests: a
/// `PAY_WINDOW_MINUTES` other than the default, which the server follows.
const HOLD_MINUTES: i64 = 30;

fn short_pay_window(settings: &mut api::config::Settings) {
    settings.pay_window_minutes = HOLD_MINUTES as u32;
}
use domain_wasm::money::Paise;
use domain_wasm::slots::{Availability, WeeklyRange};
use serde_json::{Value, json};

/// The contract's answer to a request for time that was just taken.
const TAKEN: &str = "That time was just booked by someone else. Please choose another slot.";

/// How many learners race for one slot.
const RACERS: usize = 50;

/// The key the in-process servers sign tokens with (`Options::default()`),
/// also given to the `api` processes as `SECRET_KEY`.
const SECRET: &str = "test-secret-key-not-used-anywhere-else";

// ---------- the races ----------

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_fifty_learners_race_for_one_slot_and_one_wins() {
    one_server_race(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_fifty_learners_race_for_one_slot_and_one_wins() {
    one_server_race(Engine::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_overlapping_slots_of_two_services_race_and_one_wins() {
    overlapping_race(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_overlapping_slots_of_two_services_race_and_one_wins() {
    overlapping_race(Engine::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_an_unpaid_hold_expires_and_frees_the_slot() {
    hold_expires(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_an_unpaid_hold_expires_and_frees_the_slot() {
    hold_expires(Engine::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_eight_concurrent_reschedules_apply_one_at_a_time_up_to_the_cap() {
    reschedule_race(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_eight_concurrent_reschedules_apply_one_at_a_time_up_to_the_cap() {
    reschedule_race(Engine::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_a_cancel_racing_an_accept_ends_as_one_order_of_them() {
    cancel_accept_race(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_a_cancel_racing_an_accept_ends_as_one_order_of_them() {
    cancel_accept_race(Engine::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_the_mentors_day_cap_holds_when_learners_book_different_slots_at_once() {
    day_cap_race(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_the_mentors_day_cap_holds_when_learners_book_different_slots_at_once() {
    day_cap_race(Engine::Postgres).await;
}

/// A confirmed session rescheduled by eight requests at once, each to a
/// different free slot: they apply one after another, each on what the
/// previous wrote, so exactly `MAX_RESCHEDULES` apply and the rest are
/// refused with the cap's message; nothing is lost (the stored start is
/// the last applied one's, the sequence counts every applied one).
async fn reschedule_race(engine: Engine) {
    let Some((app, clock, _hand)) = spawn(engine).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) = add_mentor(&app.store, "Busy Mentor", &[(60, 0, true)], now).await;
    let (booking, learner) = confirmed_booking(&app, mentor, services[0], now).await;
    let starts = open_slots(&app.client, &app.base, mentor, services[0]).await;
    // Well past the learner's notice, each its own time.
    let targets: Vec<String> = starts.iter().skip(48).step_by(3).take(8).cloned().collect();
    assert_eq!(targets.len(), 8, "eight free targets");
    let answers = fire_at(
        std::slice::from_ref(&app.base),
        targets
            .iter()
            .map(|t| {
                (
                    learner.clone(),
                    format!("/api/bookings/{booking}/reschedule/"),
                    json!({ "start": t }),
                )
            })
            .collect(),
    )
    .await;
    assert_reschedule_cap(&answers);
    check_stored_reschedules(&app.store, &booking, &answers).await;
}

/// The learner withdraws a paid request while the mentor accepts it, on
/// eight requests at once: every booking ends cancelled, and each pair's
/// answers are those of one order of the two (accepted then cancelled:
/// both 200; cancelled first: the accept refused with the rules' words).
async fn cancel_accept_race(engine: Engine) {
    let Some((app, clock, _hand)) = spawn(engine).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) =
        add_mentor(&app.store, "Torn Mentor", &[(60, 150_000, false)], now).await;
    let mentor_token = mentor_account(&app.store, mentor, now).await;
    let starts = open_slots(&app.client, &app.base, mentor, services[0]).await;
    let tokens = learners(&app.store, "torn", 8, now).await;
    let mut requests = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let body = json!({"service_id": services[0], "start": starts[10 + 2 * i]});
        let (status, b) = app
            .send(
                app.client
                    .post(app.url("/api/bookings/"))
                    .bearer_auth(token)
                    .json(&body),
            )
            .await;
        assert_eq!(status, 201, "{b}");
        requests.push((b["id"].as_str().expect("an id").to_owned(), token.clone()));
    }
    let mut attempts = Vec::new();
    for (id, token) in &requests {
        attempts.push((
            token.clone(),
            format!("/api/bookings/{id}/cancel/"),
            json!({ "reason": "Plans changed" }),
        ));
        attempts.push((
            mentor_token.clone(),
            format!("/api/bookings/{id}/accept/"),
            json!({}),
        ));
    }
    let answers = fire_at(std::slice::from_ref(&app.base), attempts).await;
    for (pair, (id, _)) in answers.chunks(2).zip(&requests) {
        let (cancel, accept) = (&pair[0], &pair[1]);
        assert_eq!(cancel.0, 200, "the learner may always withdraw: {cancel:?}");
        let stored = stored_booking(&app.store, id).await;
        assert_eq!(stored.0, "cancelled", "{id}");
        match accept.0 {
            // Accepted first, then withdrawn: two changes.
            200 => assert_eq!(stored.2, 2, "two changes applied to {id}"),
            409 => {
                assert!(
                    accept.1["detail"]
                        .as_str()
                        .is_some_and(|d| d.starts_with("This request cannot be accepted")),
                    "the rules' refusal: {accept:?}"
                );
                assert_eq!(stored.2, 1, "one change applied to {id}");
            }
            _ => panic!("accept answered {accept:?}"),
        }
    }
}

/// A mentor who takes one session a day: sixteen learners book sixteen
/// different slots of the same day at once, and one gets it.
async fn day_cap_race(engine: Engine) {
    let Some((app, clock, _hand)) = spawn(engine).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) =
        add_mentor(&app.store, "One A Day", &[(30, 150_000, false)], now).await;
    set_day_cap(&app.store, mentor, 1).await;
    let slots = day_slots(
        &open_slots(&app.client, &app.base, mentor, services[0]).await,
        3,
    );
    let tokens = learners(&app.store, "daily", 16, now).await;
    let attempts = tokens
        .into_iter()
        .zip(slots.iter().cycle())
        .map(|(t, slot)| (t, json!({"service_id": services[0], "start": slot})))
        .collect();
    let answers = fire(std::slice::from_ref(&app.base), attempts).await;
    exactly_one_winner(&answers);
    assert_eq!(
        bookings_of(&app.store, mentor).await,
        1,
        "one booking stored"
    );
}

/// The day cap, step by step on PostgreSQL: while another unit of work
/// holds the mentor's time, a booking of another slot of that day waits
/// for it (it does not decide on what it read before), then sees the
/// session that unit of work wrote and is refused by the cap.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_a_booking_waits_for_the_mentors_time_and_then_keeps_the_day_cap() {
    let Some((app, clock, _hand)) = spawn(Engine::Postgres).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) =
        add_mentor(&app.store, "Held Mentor", &[(30, 150_000, false)], now).await;
    set_day_cap(&app.store, mentor, 1).await;
    let day = day_slots(
        &open_slots(&app.client, &app.base, mentor, services[0]).await,
        3,
    );
    let token = learners(&app.store, "waiter", 1, now).await.remove(0);

    let mut holder = app.store.begin().await.expect("begin");
    holder
        .lock_mentor_time(mentor)
        .await
        .expect("the mentor's time");
    let request = {
        let (client, url) = (app.client.clone(), app.url("/api/bookings/"));
        let body = json!({"service_id": services[0], "start": day[4]});
        tokio::spawn(async move {
            answer(
                client
                    .post(url)
                    .bearer_auth(token)
                    .json(&body)
                    .send()
                    .await
                    .expect("sent"),
            )
            .await
        })
    };
    // Until the request waits for the lock (or, without one, has answered).
    let Store::Postgres(pool) = &app.store else {
        unreachable!("a PostgreSQL test")
    };
    tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            let waiting: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
            )
            .fetch_one(pool)
            .await
            .expect("pg_locks");
            if waiting > 0 || request.is_finished() {
                return;
            }
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the request waits or answers");
    assert!(
        !request.is_finished(),
        "the request waits for the mentor's time"
    );

    // The holder books another slot of that day and commits.
    let first = holder
        .create_user(
            &NewUser {
                email: common::email("first@learners.example"),
                name: "First Learner".into(),
                password_hash: None,
                google_sub: None,
                role: Role::User,
                is_active: true,
                contact_number: None,
            },
            now,
        )
        .await
        .expect("a learner");
    let start = instant(&day[0]);
    let end = start + chrono::TimeDelta::minutes(30);
    holder
        .insert_booking(
            &api::store::bookings::NewBookingRow {
                id: api::bookings::new_id(),
                learner_id: first.id,
                mentor_id: mentor,
                service_id: services[0],
                service_title: "A 30-minute session".into(),
                duration_minutes: 30,
                price_paise: domain_wasm::money::Paise::new(150_000),
                commission_bps: 1500,
                status: domain_wasm::booking::Status::Confirmed,
                start_at: start,
                end_at: end,
                held_from: start,
                held_until: end,
                note: String::new(),
                respond_by: None,
                pay_by: None,
                meeting_url: None,
            },
            now,
        )
        .await
        .expect("the first session");
    holder.commit().await.expect("commit");

    let (status, body) = request.await.expect("the request");
    assert_eq!((status, &body["detail"]), (409, &json!(TAKEN)), "{body}");
    assert_eq!(
        bookings_of(&app.store, mentor).await,
        1,
        "one session that day"
    );
}

/// The reschedule races' answers: `MAX_RESCHEDULES` applied, the rest
/// refused with the cap's message.
fn assert_reschedule_cap(answers: &[(u16, Value)]) {
    let applied = answers.iter().filter(|(s, _)| *s == 200).count();
    let refused: Vec<&(u16, Value)> = answers.iter().filter(|(s, _)| *s != 200).collect();
    assert_eq!(
        applied,
        domain_wasm::booking::MAX_RESCHEDULES as usize,
        "exactly the cap applies: {answers:?}"
    );
    for (status, body) in refused {
        assert_eq!(*status, 409, "{body}");
        assert_eq!(
            body["detail"],
            "This session has already been rescheduled 3 times, the most allowed. You can cancel it and book a new one instead.",
        );
    }
}

/// Nothing lost: each applied reschedule counted once (the count, the
/// calendar sequence and the row's version all say three), and the stored
/// start is one that an applied reschedule answered with.
async fn check_stored_reschedules(store: &Store, booking: &str, answers: &[(u16, Value)]) {
    let applied: Vec<DateTime<Utc>> = answers
        .iter()
        .filter(|(s, _)| *s == 200)
        .map(|(_, b)| instant(b["start"].as_str().expect("a start")))
        .collect();
    let (status, start, version, reschedules, sequence) = stored_booking(store, booking).await;
    assert_eq!(status, "confirmed");
    assert_eq!(reschedules, 3);
    assert_eq!(sequence, 3);
    assert_eq!(version, 3, "three changes applied");
    assert!(
        applied.contains(&instant(&start)),
        "the stored start {start} is an applied one: {applied:?}"
    );
}

/// A confirmed free session an hour-and-days ahead, booked by a new
/// learner: its id and the learner's token.
async fn confirmed_booking(
    app: &TestApp,
    mentor: i64,
    service: i64,
    now: DateTime<Utc>,
) -> (String, String) {
    let learner = learners(&app.store, "movers", 1, now).await.remove(0);
    let starts = open_slots(&app.client, &app.base, mentor, service).await;
    let (status, b) = app
        .send(
            app.client
                .post(app.url("/api/bookings/"))
                .bearer_auth(&learner)
                .json(&json!({"service_id": service, "start": starts[47]})),
        )
        .await;
    assert_eq!(status, 201, "{b}");
    assert_eq!(b["status"], "confirmed", "{b}");
    (b["id"].as_str().expect("an id").to_owned(), learner)
}

/// The mentor's account, signed in: its access token.
async fn mentor_account(store: &Store, mentor: i64, now: DateTime<Utc>) -> String {
    let keys = TokenKeys::from_secret(SECRET);
    let run: u32 = rand::random();
    let mut tx = store.begin().await.expect("begin");
    let user = tx
        .create_user(
            &NewUser {
                // Not the demo mentors' domain (`demo::MENTOR_DOMAIN`): a
                // server started with the demo off removes those accounts.
                email: common::email(&format!("mentor-{mentor}-{run}@mentor-accounts.example")),
                name: "Mentor Account".into(),
                password_hash: None,
                google_sub: None,
                role: Role::Mentor,
                is_active: true,
                contact_number: None,
            },
            now,
        )
        .await
        .expect("create the mentor's account");
    tx.link_mentor(mentor, user.id).await.expect("link");
    let sid = format!("mentor-{mentor}-{run}");
    tx.create_session(&sid, user.id, None, now, now + chrono::TimeDelta::days(7))
        .await
        .expect("a session");
    tx.commit().await.expect("commit");
    keys.access_token(user.id, &sid, now)
}

/// At most `max` sessions a day for this mentor.
async fn set_day_cap(store: &Store, mentor: i64, max: u32) {
    let mut rules = store
        .availability(mentor)
        .await
        .expect("read")
        .expect("availability");
    rules.max_sessions_per_day = Some(max);
    store
        .put_availability(mentor, &rules, Utc::now())
        .await
        .expect("store the cap");
}

/// Sixteen starts on one UTC day at least `days` ahead.
fn day_slots(starts: &[String], days: usize) -> Vec<String> {
    let day = &starts[days * 46][..10];
    let same: Vec<String> = starts
        .iter()
        .filter(|s| s.starts_with(day))
        .step_by(2)
        .take(16)
        .cloned()
        .collect();
    assert_eq!(same.len(), 16, "sixteen starts on {day}");
    same
}

/// `(status, start, version, reschedule_count, sequence)` as stored.
async fn stored_booking(store: &Store, id: &str) -> (String, String, i64, i64, i64) {
    let b = store.booking(id).await.expect("the booking");
    (
        b.status.as_str().to_owned(),
        b.start_at
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        b.version,
        b.reschedule_count,
        b.sequence,
    )
}

/// A server without the demo, rate limits off, on a clock the test moves.
async fn spawn(engine: Engine) -> Option<(TestApp, Clock, ManualClock)> {
    let (clock, hand) = Clock::manual();
    let app = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock.clone()),
            tweak: Some(short_pay_window),
            ..Options::default()
        },
    )
    .await?;
    Some((app, clock, hand))
}

async fn one_server_race(engine: Engine) {
    let Some((app, clock, _hand)) = spawn(engine).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) =
        add_mentor(&app.store, "Race Mentor", &[(60, 150_000, false)], now).await;
    let slot = open_slots(&app.client, &app.base, mentor, services[0]).await[3].clone();
    let tokens = learners(&app.store, "race", RACERS, now).await;
    let attempts = tokens
        .into_iter()
        .map(|t| (t, json!({"service_id": services[0], "start": slot})))
        .collect();
    let answers = fire(std::slice::from_ref(&app.base), attempts).await;
    let winner = exactly_one_winner(&answers);
    assert_eq!(winner["status"], "pending", "{winner}");
    assert_eq!(winner["start"], slot, "{winner}");
    assert_eq!(
        bookings_of(&app.store, mentor).await,
        1,
        "one booking stored"
    );
    assert!(
        !open_slots(&app.client, &app.base, mentor, services[0])
            .await
            .contains(&slot),
        "the booked slot is no longer offered"
    );
}

/// A 60-minute session at T and a 30-minute one at T+30 share mentor
/// time: of learners asking for either at once, one gets it.
async fn overlapping_race(engine: Engine) {
    let Some((app, clock, _hand)) = spawn(engine).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) = add_mentor(
        &app.store,
        "Overlap Mentor",
        &[(60, 150_000, false), (30, 0, true)],
        now,
    )
    .await;
    let long = open_slots(&app.client, &app.base, mentor, services[0]).await[3].clone();
    let t = instant(&long) + chrono::TimeDelta::minutes(30);
    let short = open_slots(&app.client, &app.base, mentor, services[1])
        .await
        .into_iter()
        .find(|s| instant(s) == t)
        .expect("the 30-minute service has a slot half-way through the hour");
    let tokens = learners(&app.store, "overlap", RACERS, now).await;
    let attempts = tokens
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            let body = if i % 2 == 0 {
                json!({"service_id": services[0], "start": long})
            } else {
                json!({"service_id": services[1], "start": short})
            };
            (t, body)
        })
        .collect();
    let answers = fire(std::slice::from_ref(&app.base), attempts).await;
    exactly_one_winner(&answers);
    assert_eq!(
        bookings_of(&app.store, mentor).await,
        1,
        "one booking stored"
    );
}

/// Paid and instant: the booking holds the slot as `payment_required`
/// for `HOLD_MINUTES` (the server's `PAY_WINDOW_MINUTES`, set to 30 here); unpaid by then it expires and someone else may
/// book the slot.
async fn hold_expires(engine: Engine) {
    let Some((app, clock, hand)) = spawn(engine).await else {
        return;
    };
    let now = clock.now();
    let (mentor, services) =
        add_mentor(&app.store, "Hold Mentor", &[(60, 150_000, true)], now).await;
    let service = services[0];
    // A few days ahead: the hold ends long before the session starts.
    let slot = open_slots(&app.client, &app.base, mentor, service).await[60].clone();
    assert!(instant(&slot) - now > chrono::TimeDelta::days(1), "{slot}");
    let tokens = learners(&app.store, "hold", 2, now).await;
    let body = json!({"service_id": service, "start": slot});

    let (status, first) = app
        .post_as(&tokens[0], "/api/bookings/", body.clone())
        .await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["status"], "payment_required", "{first}");
    let pay_by = instant(first["pay_by"].as_str().expect("pay_by"));
    // Deadlines are kept to the millisecond.
    assert_eq!(
        pay_by.timestamp_millis() - now.timestamp_millis(),
        HOLD_MINUTES * 60_000,
        "the hold lasts HOLD_MINUTES: {first}"
    );
    let id = first["id"].as_str().expect("an id").to_owned();

    let (status, refused) = app
        .post_as(&tokens[1], "/api/bookings/", body.clone())
        .await;
    assert_eq!((status, &refused["detail"]), (409, &json!(TAKEN)));
    assert!(
        !open_slots(&app.client, &app.base, mentor, service)
            .await
            .contains(&slot)
    );

    // A minute before the hold ends, the slot is still held.
    hand.advance(Duration::from_secs(60 * (HOLD_MINUTES as u64 - 1)));
    let (status, refused) = app
        .post_as(&tokens[1], "/api/bookings/", body.clone())
        .await;
    assert_eq!((status, &refused["detail"]), (409, &json!(TAKEN)));

    // Past it: the first booking has expired and the slot is free again.
    hand.advance(Duration::from_secs(61));
    let (status, expired) = get_as(&app, &tokens[0], &format!("/api/bookings/{id}/")).await;
    assert_eq!(status, 200, "{expired}");
    assert_eq!(expired["status"], "expired", "{expired}");
    assert!(
        open_slots(&app.client, &app.base, mentor, service)
            .await
            .contains(&slot),
        "the expired hold's slot is offered again"
    );
    let (status, second) = app
        .post_as(&tokens[1], "/api/bookings/", body.clone())
        .await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(second["status"], "payment_required", "{second}");
    assert_ne!(second["id"], first["id"]);
    let (status, first_again) = get_as(&app, &tokens[0], &format!("/api/bookings/{id}/")).await;
    assert_eq!((status, &first_again["status"]), (200, &json!("expired")));
    assert!(
        !open_slots(&app.client, &app.base, mentor, service)
            .await
            .contains(&slot)
    );
}

/// Two `api` processes on one PostgreSQL database, the learners' requests
/// spread over both: still exactly one booking.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_two_api_processes_on_one_database_book_a_slot_once() {
    let Some(db) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let store = db.open().await;
    let now = Utc::now();
    let (mentor, services) = add_mentor(&store, "Twin Mentor", &[(60, 150_000, false)], now).await;
    let tokens = learners(&store, "twin", RACERS + 10, now).await;
    let one = ApiProcess::start(&db, "one");
    let two = ApiProcess::start(&db, "two");
    let client = client();
    let slot = open_slots(&client, &one.base, mentor, services[0]).await[3].clone();
    assert!(
        open_slots(&client, &two.base, mentor, services[0])
            .await
            .contains(&slot)
    );
    let attempts = tokens
        .into_iter()
        .map(|t| (t, json!({"service_id": services[0], "start": slot})))
        .collect();
    let answers = fire(&[one.base.clone(), two.base.clone()], attempts).await;
    let winner = exactly_one_winner(&answers);
    assert_eq!(winner["status"], "pending", "{winner}");
    assert_eq!(bookings_of(&store, mentor).await, 1, "one booking stored");
    for server in [&one, &two] {
        assert!(
            !open_slots(&client, &server.base, mentor, services[0])
                .await
                .contains(&slot),
            "server {} still offers the booked slot",
            server.name
        );
    }
    store.close().await;
}

/// Two `api` processes on one PostgreSQL: eight reschedules of one
/// booking spread over both apply up to the cap and no further; a cancel
/// racing an accept on different processes ends as one order of them;
/// and a mentor's one-a-day cap holds for sixteen learners booking
/// different slots of a day through both.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_two_api_processes_hold_the_reschedule_and_day_caps() {
    let Some(db) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let store = db.open().await;
    let now = Utc::now();
    let (mentor, services) = add_mentor(&store, "Twin Busy", &[(60, 0, true)], now).await;
    let (capped, capped_services) =
        add_mentor(&store, "Twin One A Day", &[(30, 150_000, false)], now).await;
    let (asked, asked_services) =
        add_mentor(&store, "Twin Asked", &[(60, 150_000, false)], now).await;
    set_day_cap(&store, capped, 1).await;
    let tokens = learners(&store, "twins", 18, now).await;
    let mentor_token = mentor_account(&store, asked, now).await;
    let one = ApiProcess::start(&db, "one");
    let two = ApiProcess::start(&db, "two");
    let bases = [one.base.clone(), two.base.clone()];
    let client = client();

    // Reschedules.
    let starts = open_slots(&client, &one.base, mentor, services[0]).await;
    let booked = post_as(
        &client,
        &one.base,
        &tokens[0],
        "/api/bookings/",
        json!({"service_id": services[0], "start": starts[47]}),
    )
    .await;
    assert_eq!(booked.0, 201, "{booked:?}");
    let booking = booked.1["id"].as_str().expect("an id").to_owned();
    let attempts = starts
        .iter()
        .skip(48)
        .step_by(3)
        .take(8)
        .map(|t| {
            (
                tokens[0].clone(),
                format!("/api/bookings/{booking}/reschedule/"),
                json!({"start": t}),
            )
        })
        .collect();
    let answers = fire_at(&bases, attempts).await;
    assert_reschedule_cap(&answers);
    check_stored_reschedules(&store, &booking, &answers).await;

    // A cancel racing an accept, on different processes.
    let asked_starts = open_slots(&client, &two.base, asked, asked_services[0]).await;
    let request = post_as(
        &client,
        &two.base,
        &tokens[1],
        "/api/bookings/",
        json!({"service_id": asked_services[0], "start": asked_starts[20]}),
    )
    .await;
    assert_eq!(request.0, 201, "{request:?}");
    let id = request.1["id"].as_str().expect("an id").to_owned();
    let answers = fire_at(
        &bases,
        vec![
            (
                tokens[1].clone(),
                format!("/api/bookings/{id}/cancel/"),
                json!({}),
            ),
            (
                mentor_token.clone(),
                format!("/api/bookings/{id}/accept/"),
                json!({}),
            ),
        ],
    )
    .await;
    assert_eq!(answers[0].0, 200, "{answers:?}");
    let stored = stored_booking(&store, &id).await;
    assert_eq!(stored.0, "cancelled");
    match answers[1].0 {
        200 => assert_eq!(stored.2, 2),
        409 => assert_eq!(stored.2, 1),
        _ => panic!("accept answered {:?}", answers[1]),
    }

    // The day's cap.
    let day = day_slots(
        &open_slots(&client, &one.base, capped, capped_services[0]).await,
        3,
    );
    let attempts = tokens[2..]
        .iter()
        .zip(day.iter())
        .map(|(t, slot)| {
            (
                t.clone(),
                json!({"service_id": capped_services[0], "start": slot}),
            )
        })
        .collect();
    let answers = fire(&bases, attempts).await;
    exactly_one_winner(&answers);
    assert_eq!(bookings_of(&store, capped).await, 1, "one booking stored");
    store.close().await;
}

/// Exactly one 201 (its booking returned), every other answer 409 with
/// the contract's message.
fn exactly_one_winner(answers: &[(u16, Value)]) -> Value {
    let won: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 201)
        .map(|(_, b)| b)
        .collect();
    let others: Vec<String> = answers
        .iter()
        .filter(|(s, b)| *s != 201 && !(*s == 409 && b["detail"] == TAKEN))
        .map(|(s, b)| format!("{s} {b}"))
        .take(5)
        .collect();
    assert!(
        others.is_empty(),
        "answers other than 201 or 409: {others:?}"
    );
    assert_eq!(
        won.len(),
        1,
        "exactly one 201 of {}: {won:?}",
        answers.len()
    );
    won[0].clone()
}

// ---------- the benchmark ----------

/// `just bench-bookings`: run with `--release --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a benchmark: just bench-bookings"]
async fn bench_bookings() {
    let distinct: usize = env_number("BENCH_BOOKINGS", 2000);
    let concurrency: usize = env_number("BENCH_CONCURRENCY", 16);
    let storm: usize = env_number("BENCH_STORM", 1000);
    let mut failures = Vec::new();
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some(db) = TestDb::fresh(engine).await else {
            println!("{engine:?}: skipped (no PostgreSQL server; set TEST_DATABASE_URL)");
            continue;
        };
        if let Err(e) = bench_on(&db, distinct, concurrency, storm).await {
            failures.push(format!("{engine:?}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

async fn bench_on(
    db: &TestDb,
    distinct: usize,
    concurrency: usize,
    storm: usize,
) -> Result<(), String> {
    const MENTORS: usize = 10;
    let store = db.open().await;
    let now = Utc::now();
    let mut mentors = Vec::new();
    for m in 0..MENTORS {
        mentors.push(
            add_mentor(
                &store,
                &format!("Bench Mentor {}", letters(m)),
                &[(30, 99_900, false)],
                now,
            )
            .await,
        );
    }
    let bookers = learners(&store, "bench", distinct, now).await;
    let stormers = learners(&store, "storm", storm, now).await;
    let server = ApiProcess::start(db, "bench");
    let client = client();
    let mut offered = Vec::new();
    for (mentor, services) in &mentors {
        offered.push(open_slots(&client, &server.base, *mentor, services[0]).await);
    }
    let per_mentor = distinct.div_ceil(MENTORS);
    if offered.iter().any(|s| s.len() < per_mentor + 1) {
        return Err(format!(
            "fewer than {} open slots per mentor",
            per_mentor + 1
        ));
    }
    let engine = format!("{:?}", db.engine);

    // Distinct slots: each learner books another slot, `concurrency` at a time.
    let attempts: Vec<(String, Value)> = bookers
        .into_iter()
        .enumerate()
        .map(|(i, token)| {
            let m = i % MENTORS;
            let slot = &offered[m][i / MENTORS];
            (token, json!({"service_id": mentors[m].1[0], "start": slot}))
        })
        .collect();
    let started = Instant::now();
    let timed = fire_limited(&server.base, attempts, concurrency).await;
    let elapsed = started.elapsed();
    let created = timed.iter().filter(|(s, _)| *s == 201).count();
    let mut latencies: Vec<Duration> = timed.iter().map(|(_, d)| *d).collect();
    latencies.sort();
    println!(
        "{engine}: {created} of {} bookings of distinct slots ({MENTORS} mentors, {concurrency} at a time) in {:.2} s: {:.0} bookings/s; latency p50 {:.1} ms, p99 {:.1} ms; {}",
        timed.len(),
        elapsed.as_secs_f64(),
        created as f64 / elapsed.as_secs_f64(),
        ms(percentile(&latencies, 50)),
        ms(percentile(&latencies, 99)),
        tally(timed.iter().map(|(s, _)| *s))
    );

    // The storm: every learner at once, spread over 10 slots not yet taken.
    // The first slots past those the first phase took.
    let last = per_mentor;
    let targets: Vec<Value> = (0..10)
        .map(|k| {
            let m = k % MENTORS;
            json!({"service_id": mentors[m].1[0], "start": offered[m][last + k / MENTORS]})
        })
        .collect();
    let attempts = stormers
        .into_iter()
        .enumerate()
        .map(|(i, token)| (token, targets[i % targets.len()].clone()))
        .collect();
    let started = Instant::now();
    let answers = fire(std::slice::from_ref(&server.base), attempts).await;
    let elapsed = started.elapsed();
    let won = answers.iter().filter(|(s, _)| *s == 201).count();
    println!(
        "{engine}: {} concurrent attempts on {} slots in {:.2} s: {} (goal: exactly {} bookings: {})",
        answers.len(),
        targets.len(),
        elapsed.as_secs_f64(),
        tally(answers.iter().map(|(s, _)| *s)),
        targets.len(),
        if won == targets.len() {
            "met"
        } else {
            "NOT met"
        }
    );
    let mut stored = 0;
    for (mentor, _) in &mentors {
        stored += bookings_of(&store, *mentor).await;
    }
    store.close().await;
    if created != distinct {
        return Err(format!(
            "{created} of {distinct} distinct-slot bookings were made"
        ));
    }
    if won != targets.len() || stored != (distinct + targets.len()) as i64 {
        return Err(format!("{won} storm bookings, {stored} stored in all"));
    }
    Ok(())
}

/// Counts of 201, 409 and anything else.
fn tally(statuses: impl Iterator<Item = u16>) -> String {
    let (mut created, mut conflict, mut other) = (0, 0, 0);
    for s in statuses {
        match s {
            201 => created += 1,
            409 => conflict += 1,
            _ => other += 1,
        }
    }
    format!("201: {created}, 409: {conflict}, other: {other}")
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) * p) / 100]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------- fixtures ----------

/// A name made of letters only (names take no digits).
fn letters(mut n: usize) -> String {
    let mut out = String::new();
    loop {
        out.insert(0, (b'a' + (n % 26) as u8) as char);
        n /= 26;
        if n == 0 {
            break;
        }
    }
    let mut chars = out.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// A mentor open every day around the clock (UTC, no buffers or notice,
/// a year ahead) with these services `(minutes, price in paise, instant)`;
/// their id and the services' ids, in order.
async fn add_mentor(
    store: &Store,
    name: &str,
    services: &[(i64, i64, bool)],
    now: DateTime<Utc>,
) -> (i64, Vec<i64>) {
    let availability = Availability {
        time_zone: "UTC".into(),
        weekly: (0..7)
            .map(|weekday| WeeklyRange {
                weekday,
                start: "00:00".into(),
                end: "23:30".into(),
            })
            .collect(),
        overrides: Vec::new(),
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        minimum_notice_minutes: 0,
        booking_window_days: 365,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    };
    // Run by an active account: only then is it listed and bookable.
    let runner = common::running_account(store).await;
    let ids = store
        .insert_mentors(
            &[NewMentor {
                user_id: Some(runner),
                name: name.into(),
                headline: "Always has time".into(),
                expertise: vec!["Technology".into()],
                rating: 4.5,
                experience_years: 8,
                bio: "Open around the clock.".into(),
                image_url: None,
                contact: vec![],
                social_links: vec![],
                education: vec![],
                experience: vec![],
                projects: vec![],
                services: services
                    .iter()
                    .map(|&(minutes, price, _)| NewService {
                        title: format!("A {minutes}-minute session"),
                        description: "Bring your questions.".into(),
                        duration_minutes: minutes,
                        price_paise: Paise::try_from(price).expect("a price"),
                        instant_confirmation: false,
                    })
                    .collect(),
                availability: Some(availability),
            }],
            now,
        )
        .await
        .expect("insert the mentor");
    let mentor = ids[0];
    let stored = store.own_services(mentor).await.expect("services");
    assert_eq!(stored.len(), services.len());
    for (own, &(_, _, instant)) in stored.iter().zip(services) {
        if instant {
            store
                .update_service(
                    mentor,
                    own.id,
                    &ServiceFields {
                        title: own.title.clone(),
                        description: own.description.clone(),
                        duration_minutes: own.duration_minutes,
                        price_paise: own.price_paise.to_i64(),
                        active: true,
                        instant_confirmation: true,
                    },
                    now,
                )
                .await
                .expect("make the service instant");
        }
    }
    (mentor, stored.iter().map(|s| s.id).collect())
}

/// `n` active learners, each signed in: their access tokens. Made in the
/// store in one unit of work (no password hashing), each with a session
/// and a token signed with [`SECRET`], as signing in would make them.
async fn learners(store: &Store, label: &str, n: usize, now: DateTime<Utc>) -> Vec<String> {
    let keys = TokenKeys::from_secret(SECRET);
    let run: u32 = rand::random();
    let mut tx = store.begin().await.expect("begin");
    let mut tokens = Vec::with_capacity(n);
    for i in 0..n {
        let user = tx
            .create_user(
                &NewUser {
                    email: common::email(&format!("{label}-{run}-{i}@learners.example")),
                    name: format!("Learner {}", letters(i)),
                    password_hash: None,
                    google_sub: None,
                    role: Role::User,
                    is_active: true,
                    contact_number: None,
                },
                now,
            )
            .await
            .expect("create a learner");
        let sid = format!("{label}-{run}-{i}-{}", rand::random::<u64>());
        tx.create_session(&sid, user.id, None, now, now + chrono::TimeDelta::days(7))
            .await
            .expect("create a session");
        tokens.push(keys.access_token(user.id, &sid, now));
    }
    tx.commit().await.expect("commit");
    tokens
}

/// How many bookings of the mentor are stored, whatever their status.
async fn bookings_of(store: &Store, mentor: i64) -> i64 {
    let sql = "SELECT COUNT(*) FROM bookings WHERE mentor_id = $1";
    match store {
        Store::Sqlite(pool) => sqlx::query_scalar(sql).bind(mentor).fetch_one(pool).await,
        Store::Postgres(pool) => sqlx::query_scalar(sql).bind(mentor).fetch_one(pool).await,
    }
    .expect("count bookings")
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .pool_max_idle_per_host(2048)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// The starts of the service's open slots in the next 14 days, soonest
/// first, as the server writes them.
async fn open_slots(
    client: &reqwest::Client,
    base: &str,
    mentor: i64,
    service: i64,
) -> Vec<String> {
    let resp = client
        .get(format!("{base}/api/mentors/{mentor}/slots/"))
        .query(&[("service", service.to_string())])
        .send()
        .await
        .expect("slots");
    assert_eq!(resp.status(), 200, "GET slots");
    let body: Value = resp.json().await.expect("JSON");
    body.as_array()
        .expect("a bare array")
        .iter()
        .map(|s| s["start"].as_str().expect("a start").to_owned())
        .collect()
}

fn instant(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

async fn get_as(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    app.send(app.client.get(app.url(path)).bearer_auth(token))
        .await
}

async fn answer(resp: reqwest::Response) -> (u16, Value) {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, json)
}

/// Sends every `(token, body)` as `POST /api/bookings/` at once (each on
/// its own task, released together), spread over the servers in turn;
/// the answers in the same order. A request that gets no answer counts
/// as status 0.
async fn fire(bases: &[String], attempts: Vec<(String, Value)>) -> Vec<(u16, Value)> {
    let attempts = attempts
        .into_iter()
        .map(|(token, body)| (token, "/api/bookings/".to_owned(), body))
        .collect();
    fire_at(bases, attempts).await
}

/// Sends every `(token, path, body)` as a POST at once (each on its own
/// task, released together), spread over the servers in turn; the answers
/// in the same order.
async fn fire_at(bases: &[String], attempts: Vec<(String, String, Value)>) -> Vec<(u16, Value)> {
    let client = client();
    let gate = Arc::new(tokio::sync::Barrier::new(attempts.len()));
    let tasks: Vec<_> = attempts
        .into_iter()
        .enumerate()
        .map(|(i, (token, path, body))| {
            let request = client
                .post(format!("{}{path}", bases[i % bases.len()]))
                .bearer_auth(token)
                .json(&body);
            let gate = gate.clone();
            tokio::spawn(async move {
                gate.wait().await;
                match request.send().await {
                    Ok(resp) => answer(resp).await,
                    Err(e) => (0, Value::String(e.to_string())),
                }
            })
        })
        .collect();
    let mut answers = Vec::with_capacity(tasks.len());
    for task in tasks {
        answers.push(task.await.expect("the request task"));
    }
    answers
}

async fn post_as(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    path: &str,
    body: Value,
) -> (u16, Value) {
    match client
        .post(format!("{base}{path}"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
    {
        Ok(resp) => answer(resp).await,
        Err(e) => (0, Value::String(e.to_string())),
    }
}

/// Sends the attempts `limit` at a time; each one's status and latency.
async fn fire_limited(
    base: &str,
    attempts: Vec<(String, Value)>,
    limit: usize,
) -> Vec<(u16, Duration)> {
    let client = client();
    let permits = Arc::new(tokio::sync::Semaphore::new(limit));
    let tasks: Vec<_> = attempts
        .into_iter()
        .map(|(token, body)| {
            let request = client
                .post(format!("{base}/api/bookings/"))
                .bearer_auth(token)
                .json(&body);
            let permits = permits.clone();
            tokio::spawn(async move {
                let _permit = permits.acquire_owned().await.expect("semaphore");
                let started = Instant::now();
                let status = match request.send().await {
                    Ok(resp) => answer(resp).await.0,
                    Err(_) => 0,
                };
                (status, started.elapsed())
            })
        })
        .collect();
    let mut out = Vec::with_capacity(tasks.len());
    for task in tasks {
        out.push(task.await.expect("the request task"));
    }
    out
}

// ---------- `api` processes ----------

/// The built `api` binary serving `db` on a port of its own (PORT=0; the
/// address is read from the line it prints once listening). Killed when
/// dropped.
struct ApiProcess {
    name: String,
    base: String,
    child: Child,
}

impl ApiProcess {
    fn start(db: &TestDb, name: &str) -> ApiProcess {
        let web = db.dir().join(format!("web-{name}"));
        common::write_web_fixture(&web);
        let mut child = Command::new(env!("CARGO_BIN_EXE_api"))
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("RUST_LOG", "warn")
            .env("DATABASE_URL", &db.url)
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("WEB_DIR", &web)
            .env("MEDIA_DIR", db.dir().join(format!("media-{name}")))
            .env("DEMO_DATA", "off")
            .env("RATE_LIMITS", "off")
            .env("SECRET_KEY", SECRET)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the api binary starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let base = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(rest) = line.strip_prefix("Listening on ") {
                        break rest
                            .split_whitespace()
                            .next()
                            .expect("an address")
                            .to_owned();
                    }
                }
                _ => {
                    let _ = child.kill();
                    let status = child.wait().expect("wait");
                    panic!("the api process {name} stopped before listening ({status})");
                }
            }
        };
        // Keep reading, so the process never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        ApiProcess {
            name: name.to_owned(),
            base,
            child,
        }
    }
}

impl Drop for ApiProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

//! The bookings API (issue 12), focused: where a new booking starts, the
//! requests it refuses (400 under the field, 409 for a taken slot), what a
//! stranger is told (404), the list filters, and the catalogue's slots
//! leaving a booked time out. On both engines, on a clock the tests move.
//! (Every transition: booking_flow.rs; races: booking_races.rs.)

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, spawn_app_with};
use domain_wasm::slots::Availability;
use mentoring::{Caller, call, exec, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    each_kind_of_service_starts_where_it_should,
    bad_requests_are_field_errors_and_a_taken_slot_a_conflict,
    a_stranger_is_told_nothing,
    lists_show_ones_own_by_side_and_time,
    a_booked_slot_leaves_the_catalogue_and_the_slots,
    a_note_keeps_no_control_characters,
);

const PAID: i64 = 75_000;

struct World {
    app: TestApp,
    clock: Clock,
    _hand: ManualClock,
    mentor_id: i64,
    mentor: Caller,
    learner: Caller,
    stranger: Caller,
    admin: Caller,
    /// Free with instant confirmation, free, paid instant, paid.
    services: [i64; 4],
}

/// Weekdays 09:00–17:00 in Kolkata, 15 minutes after each session, two
/// hours' notice, three weeks ahead.
fn office_hours() -> Availability {
    Availability {
        buffer_after_minutes: 15,
        minimum_notice_minutes: 120,
        booking_window_days: 21,
        slot_interval_minutes: Some(30),
        ..bookings::daily("Asia/Kolkata", "09:00", "17:00")
    }
}

fn offer(title: &'static str, price_paise: i64, instant: bool) -> Offer {
    Offer {
        title,
        minutes: 45,
        price_paise,
        instant,
    }
}

async fn world(engine: Engine) -> Option<World> {
    let (clock, hand) = Clock::manual();
    let app = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock.clone()),
            tweak: Some(common::no_hold_caps),
            ..Options::default()
        },
    )
    .await?;
    let (mentor_id, list) = bookings::mentor(
        &app,
        "Meera Nair",
        "meera@example.com",
        &[
            offer("Intro call", 0, true),
            offer("Portfolio review", 0, false),
            offer("Mock interview", PAID, true),
            offer("Career plan", PAID, false),
        ],
        office_hours(),
    )
    .await;
    let services = [list[0], list[1], list[2], list[3]];
    use api::store::Role;
    bookings::account(&app, "Lata Learner", "lata@example.com", Role::User).await;
    bookings::account(&app, "Sid Stranger", "sid@example.com", Role::User).await;
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    let mentor = sign_in(&app, "meera@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lata@example.com", mentoring::PASSWORD).await;
    let stranger = sign_in(&app, "sid@example.com", mentoring::PASSWORD).await;
    let admin = sign_in(&app, "ada@example.com", mentoring::PASSWORD).await;
    Some(World {
        app,
        clock,
        _hand: hand,
        mentor_id,
        mentor,
        learner,
        stranger,
        admin,
        services,
    })
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

impl World {
    async fn slots(&self, service: i64) -> Vec<String> {
        let (status, body) = call(
            &self.app,
            "GET",
            &format!("/api/mentors/{}/slots/?service={service}", self.mentor_id),
            None,
            None,
        )
        .await;
        assert_eq!(status, 200, "slots: {body}");
        body.as_array()
            .expect("a list")
            .iter()
            .map(|s| s["start"].as_str().expect("a start").to_owned())
            .collect()
    }

    /// The `n`th open slot of `service` (0: the soonest).
    async fn slot(&self, service: i64, n: usize) -> String {
        self.slots(service)
            .await
            .get(n)
            .cloned()
            .expect("enough open slots")
    }

    /// The soonest open slot of `service` starting at `from` or later.
    async fn slot_from(&self, service: i64, from: DateTime<Utc>) -> String {
        self.slots(service)
            .await
            .into_iter()
            .find(|s| at(s) >= from)
            .expect("an open slot that late")
    }

    async fn book(&self, who: &Caller, body: Value) -> (u16, Value) {
        call(
            &self.app,
            "POST",
            "/api/bookings/",
            Some(&who.token),
            Some(body),
        )
        .await
    }

    async fn booked(&self, service: i64, n: usize) -> Value {
        let start = self.slot(service, n).await;
        let (status, body) = self
            .book(
                &self.learner,
                json!({"service_id": service, "start": start, "note": "Hello"}),
            )
            .await;
        assert_eq!(status, 201, "books {start}: {body}");
        body
    }

    async fn list(&self, who: &Caller, query: &str) -> (u16, Value) {
        call(
            &self.app,
            "GET",
            &format!("/api/bookings/{query}"),
            Some(&who.token),
            None,
        )
        .await
    }
}

fn id(b: &Value) -> String {
    b["id"].as_str().expect("an id").to_owned()
}

fn actions(b: &Value) -> Vec<&str> {
    b["allowed_actions"]
        .as_array()
        .expect("allowed_actions")
        .iter()
        .map(|a| a.as_str().expect("an action"))
        .collect()
}

async fn each_kind_of_service_starts_where_it_should(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let [free_instant, free, paid_instant, paid] = w.services;
    let now = w.clock.now();

    // A slot beyond the learner's 12-hour notice, so `cancel` is allowed
    // whatever the time of day the test runs at (the manual clock starts
    // at the real time).
    let start = w.slot_from(free_instant, now + TimeDelta::hours(13)).await;
    let (status, b) = w
        .book(
            &w.learner,
            json!({"service_id": free_instant, "start": start, "note": "Hello"}),
        )
        .await;
    assert_eq!(status, 201, "books {start}: {b}");
    assert_eq!(b["status"], "confirmed", "{b}");
    assert_eq!(b["role"], "learner");
    assert_eq!(b["price_paise"], 0);
    assert_eq!(b["note"], "Hello");
    assert_eq!(b["mentor"]["id"], w.mentor_id);
    assert_eq!(b["mentor"]["slug"], "meera-nair");
    assert_eq!(b["learner"]["name"], "Lata Learner");
    assert_eq!(b["service"]["title"], "Intro call");
    assert_eq!(b["service"]["duration_minutes"], 45);
    assert_eq!(b["mentor_time_zone"], "Asia/Kolkata");
    assert_eq!(
        at(b["end"].as_str().expect("an end")) - at(b["start"].as_str().expect("a start")),
        TimeDelta::minutes(45)
    );
    assert!(
        b["meeting_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("https://")),
        "a confirmed session has its room: {b}"
    );
    assert!(actions(&b).contains(&"cancel"), "{b}");
    assert!(b["respond_by"].is_null() && b["pay_by"].is_null());

    let b = w.booked(free, 2).await;
    assert_eq!(b["status"], "pending", "{b}");
    assert!(
        b["meeting_url"].is_null(),
        "no room before confirmation: {b}"
    );
    let respond_by = at(b["respond_by"].as_str().expect("a deadline"));
    assert!(
        respond_by > now && respond_by <= now + TimeDelta::hours(24),
        "{b}"
    );

    let b = w.booked(paid_instant, 4).await;
    assert_eq!(b["status"], "payment_required", "{b}");
    assert_eq!(b["price_paise"], PAID);
    let pay_by = at(b["pay_by"].as_str().expect("a hold"));
    // The pay window (240 minutes), never past the start minus the notice.
    let start = at(b["start"].as_str().expect("a start"));
    let expected = (now + TimeDelta::minutes(240)).min(start - TimeDelta::minutes(120));
    assert!((pay_by - expected).abs() < TimeDelta::seconds(1), "{b}");
    assert!(actions(&b).contains(&"pay"), "{b}");

    let b = w.booked(paid, 6).await;
    assert_eq!(b["status"], "pending", "{b}");
    assert!(b["pay_by"].is_null());

    // The mentor sees the request with their own actions.
    let (status, seen) = call(
        &w.app,
        "GET",
        &format!("/api/bookings/{}/", id(&b)),
        Some(&w.mentor.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["role"], "mentor");
    assert!(
        actions(&seen).contains(&"accept") && actions(&seen).contains(&"decline"),
        "{seen}"
    );
}

async fn bad_requests_are_field_errors_and_a_taken_slot_a_conflict(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let [free_instant, free, _, paid] = w.services;
    let slot = w.slot(free, 3).await;
    let off_grid = (at(&slot) + TimeDelta::minutes(10)).to_rfc3339();
    // The first slot whose next half hour is on the grid too (late in the
    // mentor's day the soonest slot is the day's last), so the overlap
    // below is a taken time, not an off-grid one, at whatever hour this runs.
    let open = w.slots(free).await;
    let first = open
        .iter()
        .find(|s| {
            let next = (at(s) + TimeDelta::minutes(30)).to_rfc3339();
            open.iter().any(|o| at(o) == at(&next))
        })
        .cloned()
        .expect("a slot followed by another half an hour later");
    let inside_notice = (w.clock.now() + TimeDelta::minutes(30)).to_rfc3339();
    let beyond = (at(&slot) + TimeDelta::days(30)).to_rfc3339();
    let cases = [
        (json!({"start": slot}), "service_id"),
        (json!({"service_id": free}), "start"),
        (
            json!({"service_id": free, "start": "next tuesday"}),
            "start",
        ),
        (json!({"service_id": free, "start": off_grid}), "start"),
        (json!({"service_id": free, "start": inside_notice}), "start"),
        (json!({"service_id": free, "start": beyond}), "start"),
        (json!({"service_id": 987_654, "start": slot}), "service_id"),
        (
            json!({"service_id": free, "start": slot, "note": "x".repeat(1001)}),
            "note",
        ),
    ];
    for (body, field) in cases {
        let (status, answer) = w.book(&w.learner, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(
            answer[field][0].is_string(),
            "{body}: an error under {field}: {answer}"
        );
    }
    // The mentor cannot book their own session.
    let (status, answer) = w
        .book(&w.mentor, json!({"service_id": free, "start": slot}))
        .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["service_id"][0].is_string(), "{answer}");
    // A paused service is not offered.
    exec(
        &w.app.store,
        "UPDATE mentor_services SET active = FALSE WHERE id = $1",
        free_instant,
    )
    .await;
    let (status, answer) = w
        .book(
            &w.learner,
            json!({"service_id": free_instant, "start": slot}),
        )
        .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["service_id"][0].is_string(), "{answer}");

    // On the grid but taken: 409, for the same service and for another one
    // whose session would overlap the held time (buffer included).
    let (status, _) = w
        .book(&w.learner, json!({"service_id": free, "start": first}))
        .await;
    assert_eq!(status, 201);
    let (status, answer) = w
        .book(&w.stranger, json!({"service_id": free, "start": first}))
        .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(
        answer["detail"],
        "That time was just booked by someone else. Please choose another slot."
    );
    let next = (at(&first) + TimeDelta::minutes(30)).to_rfc3339();
    let (status, answer) = w
        .book(&w.stranger, json!({"service_id": paid, "start": next}))
        .await;
    assert_eq!(
        status, 409,
        "45 minutes and a 15-minute buffer overlap the next half hour: {answer}"
    );
    let (status, list) = w.list(&w.stranger, "").await;
    assert_eq!(status, 200);
    assert_eq!(
        list,
        json!([]),
        "nothing was booked by the refused requests"
    );
}

async fn a_stranger_is_told_nothing(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let b = w.booked(w.services[1], 0).await;
    let booking = id(&b);
    for (method, path, body) in [
        ("GET", format!("/api/bookings/{booking}/"), None),
        ("GET", format!("/api/bookings/{booking}/calendar.ics"), None),
        ("POST", format!("/api/bookings/{booking}/accept/"), None),
        (
            "POST",
            format!("/api/bookings/{booking}/cancel/"),
            Some(json!({"reason": "mine"})),
        ),
        (
            "GET",
            "/api/bookings/00000000-0000-4000-8000-000000000000/".to_owned(),
            None,
        ),
        // Not an id at all: a NUL (which PostgreSQL refuses in text) and
        // a very long one are found nowhere, never a 500.
        ("GET", "/api/bookings/a%00b/".to_owned(), None),
        (
            "POST",
            format!("/api/bookings/{}/accept/", "x".repeat(300)),
            None,
        ),
    ] {
        let (status, answer) = call(&w.app, method, &path, Some(&w.stranger.token), body).await;
        assert_eq!(status, 404, "{method} {path}: {answer}");
        assert_eq!(answer, json!({"detail": "Not found."}), "{method} {path}");
    }
    let (status, _) = call(
        &w.app,
        "GET",
        &format!("/api/bookings/{booking}/"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 401, "a guest signs in first");
    let (status, seen) = call(
        &w.app,
        "GET",
        &format!("/api/bookings/{booking}/"),
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "an administrator sees it: {seen}");
    assert_eq!(seen["role"], "admin");
    // The stranger's attempt changed nothing.
    let (_, seen) = call(
        &w.app,
        "GET",
        &format!("/api/bookings/{booking}/"),
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(seen["status"], "pending");
}

async fn lists_show_ones_own_by_side_and_time(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let [free_instant, free, _, _] = w.services;
    let later = w.booked(free_instant, 6).await;
    let sooner = w.booked(free_instant, 0).await;
    let dropped = w.booked(free, 10).await;
    let (status, answer) = call(
        &w.app,
        "POST",
        &format!("/api/bookings/{}/cancel/", id(&dropped)),
        Some(&w.learner.token),
        Some(json!({"reason": "Clash"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "cancelled");
    assert_eq!(answer["cancelled_by"], "learner");
    assert_eq!(answer["cancel_reason"], "Clash");

    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .expect("a bare array")
            .iter()
            .map(id)
            .collect()
    };
    let (status, upcoming) = w.list(&w.learner, "").await;
    assert_eq!(status, 200);
    assert_eq!(ids(&upcoming), [id(&sooner), id(&later)], "soonest first");
    let (_, same) = w.list(&w.learner, "?as=learner&when=upcoming").await;
    assert_eq!(ids(&same), ids(&upcoming), "the defaults");
    let (_, cancelled) = w.list(&w.learner, "?when=cancelled").await;
    assert_eq!(ids(&cancelled), [id(&dropped)]);
    let (_, past) = w.list(&w.learner, "?when=past").await;
    assert_eq!(past, json!([]));
    let (status, mentors) = w.list(&w.mentor, "?as=mentor").await;
    assert_eq!(status, 200, "{mentors}");
    assert_eq!(ids(&mentors), [id(&sooner), id(&later)]);
    assert!(mentors[0]["role"] == "mentor");
    let (_, none) = w.list(&w.mentor, "").await;
    assert_eq!(none, json!([]), "the mentor booked nothing as a learner");
    let (_, theirs) = w.list(&w.stranger, "").await;
    assert_eq!(theirs, json!([]), "only one's own");

    let (status, answer) = w.list(&w.learner, "?as=mentor").await;
    assert_eq!(status, 403, "{answer}");
    for bad in ["?when=someday", "?as=teacher"] {
        let (status, answer) = w.list(&w.learner, bad).await;
        assert_eq!(status, 400, "{bad}: {answer}");
    }

    // After the sooner session ends, it is past and completed (signed in
    // again: the access token has expired meanwhile).
    let end = at(sooner["end"].as_str().expect("an end"));
    w._hand.advance(
        (end + TimeDelta::minutes(1) - w.clock.now())
            .to_std()
            .expect("forward"),
    );
    let learner = sign_in(&w.app, "lata@example.com", mentoring::PASSWORD).await;
    let (_, past) = w.list(&learner, "?when=past").await;
    assert_eq!(ids(&past), [id(&sooner)]);
    assert_eq!(past[0]["status"], "completed");
    let (_, upcoming) = w.list(&learner, "").await;
    assert_eq!(ids(&upcoming), [id(&later)]);
}

async fn a_booked_slot_leaves_the_catalogue_and_the_slots(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let first_service = w.services[0];
    let profile = w
        .app
        .get_json(&format!("/api/mentors/{}/", w.mentor_id))
        .await;
    let offered: Vec<String> = profile["available_slots"]
        .as_array()
        .expect("available_slots")
        .iter()
        .map(|s| s["start"].as_str().expect("a start").to_owned())
        .collect();
    assert!(!offered.is_empty(), "{profile}");
    let start = offered[0].clone();
    let (status, b) = w
        .book(
            &w.learner,
            json!({"service_id": first_service, "start": start}),
        )
        .await;
    assert_eq!(status, 201, "{b}");

    let profile = w
        .app
        .get_json(&format!("/api/mentors/{}/", w.mentor_id))
        .await;
    let now_offered: Vec<String> = profile["available_slots"]
        .as_array()
        .expect("available_slots")
        .iter()
        .map(|s| s["start"].as_str().expect("a start").to_owned())
        .collect();
    assert!(
        !now_offered.contains(&start),
        "the booked slot is no longer offered: {now_offered:?}"
    );
    assert!(!w.slots(first_service).await.contains(&start));
    // Nor the next half hour (45 minutes and the 15-minute buffer), for
    // any of the mentor's services.
    let next =
        (at(&start) + TimeDelta::minutes(30)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    assert!(!w.slots(w.services[3]).await.contains(&next));

    // Cancelled (the mentor may until the start), it is offered again.
    let (status, answer) = call(
        &w.app,
        "POST",
        &format!("/api/bookings/{}/cancel/", id(&b)),
        Some(&w.mentor.token),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert!(w.slots(first_service).await.contains(&start));
    let profile = w
        .app
        .get_json(&format!("/api/mentors/{}/", w.mentor_id))
        .await;
    assert_eq!(
        profile["available_slots"][0]["start"],
        start.as_str(),
        "{profile}"
    );
}

async fn a_note_keeps_no_control_characters(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    // Control characters other than line breaks and tabs are dropped, so
    // a NUL (which PostgreSQL refuses in text) never reaches the database.
    let start = w.slot(w.services[1], 0).await;
    let (status, b) = w
        .book(
            &w.learner,
            json!({"service_id": w.services[1], "start": start,
                   "note": " Line\u{0} one\r\nline\u{7} two\t! "}),
        )
        .await;
    assert_eq!(status, 201, "{b}");
    assert_eq!(b["note"], "Line one\nline two\t!");
}

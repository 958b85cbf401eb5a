//! A mentor's open slots (issue 11): `GET /api/mentors/{id}/slots/` and the
//! catalogue's `available_slots`, computed from the stored availability at
//! the server's clock, which these tests move.

use crate::common;
use api::clock::{Clock, ManualClock};
use api::store::model::{NewMentor, NewService};
use chrono::{DateTime, Datelike, NaiveDate, TimeDelta, Utc, Weekday};
use common::{Engine, Options, TestApp, TestDb, spawn_app, spawn_app_on, spawn_app_with};
use domain_wasm::money::Paise;
use domain_wasm::slots::{Availability, WeeklyRange};
use serde_json::Value;

on_both_engines!(
    slots_follow_the_london_clocks_across_a_change,
    a_date_is_a_whole_local_day_and_an_instant_is_exact,
    the_default_period_is_the_next_fourteen_days,
    each_refusal_is_a_field_error_or_not_found,
    a_mentor_without_availability_is_not_listed,
    available_slots_are_the_next_ten_of_the_first_service_and_move_on_with_time,
    a_new_availability_shows_at_once,
    every_demo_mentor_has_slots,
    demo_mentors_seeded_without_availability_get_it_at_start,
);

/// A server without the demo catalogue, on a clock that moves when told.
async fn spawn(engine: Engine) -> Option<(TestApp, Clock, ManualClock)> {
    let (clock, hand) = Clock::manual();
    let app = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            clock: Some(clock.clone()),
            ..Options::default()
        },
    )
    .await?;
    Some((app, clock, hand))
}

/// Every day from `start` to `end` in `zone`, no buffers or notice, a year
/// ahead.
fn every_day(zone: &str, start: &str, end: &str) -> Availability {
    Availability {
        time_zone: zone.into(),
        weekly: (0..7)
            .map(|weekday| WeeklyRange {
                weekday,
                start: start.into(),
                end: end.into(),
            })
            .collect(),
        overrides: Vec::new(),
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        minimum_notice_minutes: 0,
        booking_window_days: 365,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    }
}

fn service(title: &str, minutes: i64) -> NewService {
    NewService {
        title: title.into(),
        description: String::new(),
        duration_minutes: minutes,
        price_paise: Paise::new(50_000),
        instant_confirmation: false,
    }
}

/// A mentor with these services and availability; their id and the
/// services' ids, in order.
async fn mentor(
    app: &TestApp,
    services: Vec<NewService>,
    availability: Option<Availability>,
) -> (i64, Vec<i64>) {
    let runner = common::running_account(&app.store).await;
    let ids = app
        .store
        .insert_mentors(
            &[NewMentor {
                user_id: Some(runner),
                name: "Slot Mentor".into(),
                headline: "Keeps a calendar".into(),
                expertise: vec!["Technology".into()],
                rating: 4.5,
                experience_years: 8,
                bio: "Has open hours.".into(),
                image_url: None,
                contact: vec![],
                social_links: vec![],
                education: vec![],
                experience: vec![],
                projects: vec![],
                services,
                availability,
            }],
            Utc::now(),
        )
        .await
        .expect("insert");
    // From the store: a mentor without availability is not listed.
    let services = app
        .store
        .get_mentor(ids[0])
        .await
        .expect("the mentor")
        .services
        .iter()
        .map(|s| s.id)
        .collect();
    (ids[0], services)
}

/// `GET /api/mentors/{id}/slots/` with these query parameters: the status,
/// the body and the `X-Mentor-Time-Zone` header.
async fn slots(app: &TestApp, id: i64, query: &[(&str, &str)]) -> (u16, Value, Option<String>) {
    let resp = app
        .client
        .get(app.url(&format!("/api/mentors/{id}/slots/")))
        .query(query)
        .send()
        .await
        .expect("request");
    let status = resp.status().as_u16();
    let zone = resp
        .headers()
        .get("x-mentor-time-zone")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    (status, resp.json().await.expect("JSON"), zone)
}

/// The starts of a list of slots.
fn starts(body: &Value) -> Vec<DateTime<Utc>> {
    body.as_array()
        .expect("a bare array")
        .iter()
        .map(|s| instant(&s["start"]))
        .collect()
}

fn instant(v: &Value) -> DateTime<Utc> {
    let text = v.as_str().expect("an instant");
    let t = DateTime::parse_from_rfc3339(text).expect("RFC 3339");
    assert_eq!(t.offset().local_minus_utc(), 0, "in UTC: {text}");
    t.with_timezone(&Utc)
}

fn utc(date: NaiveDate, hour: i64) -> DateTime<Utc> {
    date.and_hms_opt(0, 0, 0).expect("midnight").and_utc() + TimeDelta::hours(hour)
}

/// The last Sunday of a month.
fn last_sunday(year: i32, month: u32) -> NaiveDate {
    let mut day = NaiveDate::from_ymd_opt(year, month, 31).expect("March and October have 31 days");
    while day.weekday() != Weekday::Sun {
        day = day.pred_opt().expect("a day");
    }
    day
}

/// The next change of London's clocks whose Saturday before is at least two
/// days away, and whether the clocks go forward then.
fn next_london_change(now: DateTime<Utc>) -> (NaiveDate, bool) {
    let year = now.year();
    [
        (last_sunday(year, 3), true),
        (last_sunday(year, 10), false),
        (last_sunday(year + 1, 3), true),
    ]
    .into_iter()
    .find(|(sunday, _)| utc(*sunday, -24) > now + TimeDelta::days(2))
    .expect("one of the next three changes")
}

async fn slots_follow_the_london_clocks_across_a_change(engine: Engine) {
    let Some((app, clock, _)) = spawn(engine).await else {
        return;
    };
    // 00:00-04:00 every day, in hour-long sessions: four a day, three on
    // the day the clocks go forward (the range lasts three hours), five on
    // the day they go back.
    let (id, services) = mentor(
        &app,
        vec![service("Hour", 60)],
        Some(every_day("Europe/London", "00:00", "04:00")),
    )
    .await;
    let (sunday, forward) = next_london_change(clock.now());
    let (saturday, monday) = (sunday - TimeDelta::days(1), sunday + TimeDelta::days(1));
    let service = services[0].to_string();
    let (status, body, zone) = slots(
        &app,
        id,
        &[
            ("service", service.as_str()),
            ("from", &saturday.to_string()),
            ("to", &monday.to_string()),
        ],
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(zone.as_deref(), Some("Europe/London"));
    let want: Vec<DateTime<Utc>> = if forward {
        // Saturday in GMT, Sunday from 00:00 GMT to 04:00 BST, Monday in BST.
        vec![
            utc(saturday, 0),
            utc(saturday, 1),
            utc(saturday, 2),
            utc(saturday, 3),
            utc(sunday, 0),
            utc(sunday, 1),
            utc(sunday, 2),
            utc(sunday, 23),
            utc(monday, 0),
            utc(monday, 1),
            utc(monday, 2),
        ]
    } else {
        // Saturday in BST, Sunday from 00:00 BST to 04:00 GMT, Monday in GMT.
        vec![
            utc(saturday, -1),
            utc(saturday, 0),
            utc(saturday, 1),
            utc(saturday, 2),
            utc(saturday, 23),
            utc(sunday, 0),
            utc(sunday, 1),
            utc(sunday, 2),
            utc(sunday, 3),
            utc(monday, 0),
            utc(monday, 1),
            utc(monday, 2),
            utc(monday, 3),
        ]
    };
    assert_eq!(starts(&body), want);
    for slot in body.as_array().expect("array") {
        assert_eq!(
            instant(&slot["end"]) - instant(&slot["start"]),
            TimeDelta::hours(1)
        );
        assert_eq!(
            slot.as_object().map(|o| o.len()),
            Some(2),
            "start and end: {slot}"
        );
    }
}

async fn a_date_is_a_whole_local_day_and_an_instant_is_exact(engine: Engine) {
    let Some((app, clock, _)) = spawn(engine).await else {
        return;
    };
    // 09:00-12:00 in India (UTC+05:30): 03:30, 04:30 and 05:30 UTC.
    let (id, services) = mentor(
        &app,
        vec![service("Hour", 60)],
        Some(every_day("Asia/Kolkata", "09:00", "12:00")),
    )
    .await;
    let service = services[0].to_string();
    let day = (clock.now() + TimeDelta::days(3)).date_naive();
    let at = |h: i64| utc(day, 0) + TimeDelta::minutes(h * 60 + 30);
    let ask = |from: String, to: String| {
        let (app, service) = (&app, service.clone());
        async move {
            slots(
                app,
                id,
                &[("service", &service), ("from", &from), ("to", &to)],
            )
            .await
        }
    };
    // The date: the whole day in India.
    let (status, body, _) = ask(day.to_string(), day.to_string()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(starts(&body), vec![at(3), at(4), at(5)]);
    // Instants: exactly the slots that start in [from, to), any offset.
    let (status, body, _) = ask(format!("{day}T10:00:00+05:30"), format!("{day}T05:30:00Z")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(starts(&body), vec![at(4)]);
    // A date and an instant together.
    let (status, body, _) = ask(day.to_string(), format!("{day}T04:30:00Z")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(starts(&body), vec![at(3)]);
}

async fn the_default_period_is_the_next_fourteen_days(engine: Engine) {
    let Some((app, clock, _)) = spawn(engine).await else {
        return;
    };
    // One slot a day, in a zone whose clocks never change.
    let (id, services) = mentor(
        &app,
        vec![service("Hour", 60)],
        Some(every_day("Asia/Kolkata", "09:00", "10:00")),
    )
    .await;
    let service = services[0].to_string();
    let now = clock.now();
    let (status, body, _) = slots(&app, id, &[("service", &service)]).await;
    assert_eq!(status, 200, "{body}");
    let found = starts(&body);
    assert_eq!(found.len(), 14, "{body}");
    assert!(
        found
            .iter()
            .all(|s| *s >= now && *s < now + TimeDelta::days(14))
    );
    // The same as asking for it.
    let from = now.to_rfc3339();
    let to = (now + TimeDelta::days(14)).to_rfc3339();
    let (_, asked, _) = slots(
        &app,
        id,
        &[("service", &service), ("from", &from), ("to", &to)],
    )
    .await;
    assert_eq!(asked, body);
    // Without `to`, 14 days after `from`.
    let later = (now + TimeDelta::days(30)).to_rfc3339();
    let (status, body, _) = slots(&app, id, &[("service", &service), ("from", &later)]).await;
    assert_eq!(status, 200, "{body}");
    let found = starts(&body);
    assert_eq!(found.len(), 14, "{body}");
    assert!(found[0] >= now + TimeDelta::days(30));
}

async fn each_refusal_is_a_field_error_or_not_found(engine: Engine) {
    let Some((app, _, _)) = spawn(engine).await else {
        return;
    };
    let (id, services) = mentor(
        &app,
        vec![
            service("Hour", 60),
            service("Paused", 30),
            service("Retired", 30),
        ],
        Some(every_day("Europe/London", "09:00", "17:00")),
    )
    .await;
    let (other, other_services) = mentor(&app, vec![service("Theirs", 45)], None).await;
    // Pause one service and retire another: neither is offered any more.
    for (sql, service) in [
        (
            "UPDATE mentor_services SET active = FALSE WHERE id = $1",
            services[1],
        ),
        (
            "UPDATE mentor_services SET retired_at = CURRENT_TIMESTAMP WHERE id = $1",
            services[2],
        ),
    ] {
        match &app.store {
            api::store::Store::Sqlite(pool) => {
                sqlx::query(sql).bind(service).execute(pool).await.map(drop)
            }
            api::store::Store::Postgres(pool) => {
                sqlx::query(sql).bind(service).execute(pool).await.map(drop)
            }
        }
        .expect("update");
    }
    app.store.catalogue_written();
    let own = services[0].to_string();
    let field_error = |field: &'static str| {
        move |(status, body, _): (u16, Value, Option<String>)| {
            assert_eq!(status, 400, "{body}");
            let messages = body[field].as_array().expect("messages for the field");
            assert!(
                messages[0].as_str().is_some_and(|m| !m.is_empty()),
                "{body}"
            );
            assert_eq!(body.as_object().map(|o| o.len()), Some(1), "{body}");
        }
    };
    // `service`: missing, not a number, paused, retired, another mentor's.
    field_error("service")(slots(&app, id, &[]).await);
    field_error("service")(slots(&app, id, &[("service", "")]).await);
    field_error("service")(slots(&app, id, &[("service", "one")]).await);
    for s in [services[1], services[2], other_services[0]] {
        field_error("service")(slots(&app, id, &[("service", &s.to_string())]).await);
    }
    // `from` and `to` that are neither dates nor instants.
    field_error("from")(slots(&app, id, &[("service", &own), ("from", "tomorrow")]).await);
    field_error("to")(slots(&app, id, &[("service", &own), ("to", "2030-02-30")]).await);
    // A period that ends before it starts, or lasts over 92 days.
    field_error("to")(
        slots(
            &app,
            id,
            &[
                ("service", &own),
                ("from", "2030-03-02"),
                ("to", "2030-03-01"),
            ],
        )
        .await,
    );
    field_error("to")(
        slots(
            &app,
            id,
            &[
                ("service", &own),
                ("from", "2030-03-01T00:00:00Z"),
                ("to", "2030-03-01T00:00:00Z"),
            ],
        )
        .await,
    );
    field_error("to")(
        slots(
            &app,
            id,
            &[
                ("service", &own),
                ("from", "2030-01-01"),
                ("to", "2030-04-03"),
            ],
        )
        .await,
    );
    // 92 days exactly is allowed.
    let (status, body, _) = slots(
        &app,
        id,
        &[
            ("service", &own),
            ("from", "2030-01-01T00:00:00Z"),
            ("to", "2030-04-03T00:00:00Z"),
        ],
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // An unknown mentor, or an id that is not one.
    for path in [
        format!("/api/mentors/{}/slots/?service={own}", other + 1000),
        format!("/api/mentors/x{id}/slots/?service={own}"),
    ] {
        let resp = app.get(&path).await;
        assert_eq!(resp.status(), 404, "{path}");
        let body: Value = resp.json().await.expect("JSON");
        assert_eq!(body, serde_json::json!({"detail": "Not found."}));
    }
}

/// No open hours: not listed (issue 21), so no profile and no slots.
async fn a_mentor_without_availability_is_not_listed(engine: Engine) {
    let Some((app, _, _)) = spawn(engine).await else {
        return;
    };
    let (id, services) = mentor(&app, vec![service("Hour", 60)], None).await;
    let (status, _, zone) = slots(&app, id, &[("service", &services[0].to_string())]).await;
    assert_eq!((status, zone), (404, None));
    let resp = app.get(&format!("/api/mentors/{id}/")).await;
    assert_eq!(resp.status(), 404);
}

/// The list's ETag and the mentor's `available_slots`.
async fn listed(app: &TestApp, id: i64) -> (String, Value) {
    let resp = app.get("/api/mentors/").await;
    assert_eq!(resp.status(), 200);
    let etag = resp
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .expect("an ETag")
        .to_owned();
    let list: Value = resp.json().await.expect("JSON");
    let mentor = list
        .as_array()
        .expect("a list")
        .iter()
        .find(|m| m["id"] == id)
        .expect("listed")
        .clone();
    (etag, mentor["available_slots"].clone())
}

async fn available_slots_are_the_next_ten_of_the_first_service_and_move_on_with_time(
    engine: Engine,
) {
    let Some((app, clock, hand)) = spawn(engine).await else {
        return;
    };
    let mut availability = every_day("Asia/Kolkata", "09:00", "12:00");
    availability.minimum_notice_minutes = 60;
    let (id, services) = mentor(
        &app,
        vec![service("Hour", 60), service("Half hour", 30)],
        Some(availability),
    )
    .await;
    let first = services[0].to_string();
    let next_ten = |body: Value| -> Vec<Value> {
        body.as_array()
            .expect("array")
            .iter()
            .take(10)
            .map(|s| {
                serde_json::json!({"start": s["start"], "end": s["end"], "service_id": services[0]})
            })
            .collect()
    };

    let profile = app.get_json(&format!("/api/mentors/{id}/")).await;
    let shown = profile["available_slots"]
        .as_array()
        .expect("slots")
        .clone();
    assert_eq!(shown.len(), 10);
    let (_, all, _) = slots(&app, id, &[("service", &first)]).await;
    assert_eq!(shown, next_ten(all));
    let (etag, in_list) = listed(&app, id).await;
    assert_eq!(in_list.as_array(), Some(&shown));

    // Until the first slot is within the notice, nothing changes...
    let first_start = instant(&shown[0]["start"]);
    let notice = TimeDelta::minutes(60);
    let to_edge = (first_start - notice - clock.now())
        .to_std()
        .expect("ahead");
    hand.advance(to_edge);
    assert_eq!(listed(&app, id).await, (etag.clone(), in_list.clone()));
    // ...and the moment after, it is gone: the list moves on by one.
    hand.advance(std::time::Duration::from_secs(1));
    let (moved_etag, moved) = listed(&app, id).await;
    assert_ne!(moved_etag, etag);
    let moved = moved.as_array().expect("slots").clone();
    assert_eq!(moved.len(), 10);
    assert_eq!(moved[..9], shown[1..]);
    let (_, all, _) = slots(&app, id, &[("service", &first)]).await;
    assert_eq!(moved, next_ten(all));
    let profile = app.get_json(&format!("/api/mentors/{id}/")).await;
    assert_eq!(profile["available_slots"].as_array(), Some(&moved));

    // With the first service paused, the next one's slots are shown.
    match &app.store {
        api::store::Store::Sqlite(pool) => {
            sqlx::query("UPDATE mentor_services SET active = FALSE WHERE id = $1")
                .bind(services[0])
                .execute(pool)
                .await
                .map(drop)
        }
        api::store::Store::Postgres(pool) => {
            sqlx::query("UPDATE mentor_services SET active = FALSE WHERE id = $1")
                .bind(services[0])
                .execute(pool)
                .await
                .map(drop)
        }
    }
    .expect("pause");
    app.store.catalogue_written();
    let profile = app.get_json(&format!("/api/mentors/{id}/")).await;
    let shown = profile["available_slots"].as_array().expect("slots");
    assert_eq!(shown.len(), 10);
    assert!(shown.iter().all(|s| s["service_id"] == services[1]));
    assert_eq!(
        profile["services"].as_array().map(Vec::len),
        Some(1),
        "{profile}"
    );
    assert_eq!(profile["services"][0]["instant_confirmation"], false);
}

async fn a_new_availability_shows_at_once(engine: Engine) {
    let Some((app, clock, _)) = spawn(engine).await else {
        return;
    };
    let (id, services) = mentor(
        &app,
        vec![service("Hour", 60)],
        Some(every_day("Asia/Kolkata", "09:00", "12:00")),
    )
    .await;
    let service = services[0].to_string();
    let before = app.get_json(&format!("/api/mentors/{id}/")).await;
    assert_eq!(before["available_slots"].as_array().map(Vec::len), Some(10));

    // Evenings in New York instead.
    let evenings = every_day("America/New_York", "18:00", "20:00");
    app.store
        .put_availability(id, &evenings, clock.now())
        .await
        .expect("put");
    assert_eq!(
        app.store.availability(id).await.expect("read"),
        Some(evenings)
    );
    let (status, body, zone) = slots(&app, id, &[("service", &service)]).await;
    assert_eq!(status, 200);
    assert_eq!(zone.as_deref(), Some("America/New_York"));
    // 18:00 and 19:00 in New York are 22:00/23:00 or 23:00/00:00 UTC.
    for start in starts(&body) {
        assert!(
            [22, 23, 0].contains(&chrono::Timelike::hour(&start)),
            "{start}"
        );
    }
    let after = app.get_json(&format!("/api/mentors/{id}/")).await;
    let shown = after["available_slots"].as_array().expect("slots");
    assert_eq!(shown.len(), 10);
    assert_eq!(starts(&after["available_slots"]), starts(&body)[..10]);
    assert_ne!(after["updated_at"], before["updated_at"]);

    // An unknown mentor has no availability to set.
    assert!(matches!(
        app.store
            .put_availability(id + 1000, &every_day("UTC", "09:00", "10:00"), clock.now())
            .await,
        Err(api::store::StoreError::NotFound)
    ));
}

async fn every_demo_mentor_has_slots(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let list = app.get_json("/api/mentors/").await;
    let mentors = list.as_array().expect("a list");
    assert!(mentors.len() >= 64);
    for m in mentors {
        let shown = m["available_slots"].as_array().expect("slots");
        assert_eq!(shown.len(), 10, "{}", m["name"]);
        let first = &m["services"][0];
        assert!(shown.iter().all(|s| s["service_id"] == first["id"]));
        let (status, body, zone) = slots(
            &app,
            m["id"].as_i64().expect("id"),
            &[("service", &first["id"].to_string())],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(
            !starts(&body).is_empty(),
            "{}: no slots in two weeks",
            m["name"]
        );
        assert!(zone.is_some());
    }
}

/// A database seeded before availability was stored (seeding only fills an
/// empty catalogue): a start with the demo on gives each demo mentor without
/// availability the demo's, keeps what a mentor set themselves, and a
/// second start changes nothing.
async fn demo_mentors_seeded_without_availability_get_it_at_start(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, _) = Clock::manual();
    let now = clock.now();
    let demo = api::demo::catalogue(now.date_naive());
    let old: Vec<NewMentor> = demo
        .iter()
        .cloned()
        .map(|m| NewMentor {
            availability: None,
            ..m
        })
        .collect();
    let store = db.open().await;
    assert_eq!(
        store.seed_if_empty(&old, now).await.expect("seeds"),
        demo.len()
    );
    let ids: Vec<i64> = store
        .list_mentors()
        .await
        .expect("mentors")
        .iter()
        .map(|m| m.id)
        .collect();
    let own = every_day("Asia/Kolkata", "06:00", "08:00");
    store
        .put_availability(ids[1], &own, now)
        .await
        .expect("their own hours");

    let app = spawn_app_on(
        db,
        Options {
            clock: Some(clock.clone()),
            ..Options::default()
        },
    )
    .await;
    let stored = app.store.list_mentors().await.expect("mentors");
    assert_eq!(
        stored[0].availability, demo[0].availability,
        "the demo's hours"
    );
    assert_eq!(
        stored[1].availability.as_ref(),
        Some(&own),
        "their own, kept"
    );
    assert!(stored.iter().all(|m| m.availability.is_some()));
    let list = app.get_json("/api/mentors/").await;
    for m in list.as_array().expect("a list") {
        let shown = m["available_slots"].as_array().expect("slots");
        assert_eq!(shown.len(), 10, "{}", m["name"]);
    }

    let again = api::demo::ensure_availability(&app.store, clock.now())
        .await
        .expect("a second start");
    assert_eq!(again, 0, "nothing left to give");
}

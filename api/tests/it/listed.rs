//! Nobody books a mentor who cannot answer (issue 21): one definition of
//! "listed" (`domain_wasm::listed`) decides what the catalogue shows and
//! what may be booked. A profile is listed only while an active account
//! runs it, it offers a service, it has open hours and no administrator has
//! hid it; each condition alone takes it out of the list, the profile, the
//! slots and booking, and fixing it brings it back. Existing bookings stay
//! manageable. The demo gives every demo mentor an account; turning the
//! demo off leaves them unlisted. A new free service confirms instantly by
//! default, and the pay window after an accept is `PAY_WINDOW_MINUTES`
//! (240), never past the start minus the notice. Time is the test clock's.

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use api::store::Role;
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, spawn_app_with};
use domain_wasm::slots::Availability;
use mentoring::{Caller, call, exec, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    each_condition_unlists_and_fixing_it_lists_again,
    existing_bookings_of_an_unlisted_mentor_stay_manageable,
    every_input_of_the_definition_moves_the_catalogue,
    a_new_free_service_confirms_instantly_by_default,
    the_pay_window_is_the_setting_and_ends_by_the_start_minus_the_notice,
    every_demo_mentor_has_an_account_in_india_and_is_listed,
    with_the_demo_off_the_demo_mentors_are_unlisted,
);

const PAID: i64 = 75_000;

struct World {
    app: TestApp,
    clock: Clock,
    _hand: ManualClock,
    mentor_id: i64,
    mentor_user: i64,
    mentor: Caller,
    learner: Caller,
    /// Free, paid by request.
    services: [i64; 2],
}

fn hours() -> Availability {
    Availability {
        minimum_notice_minutes: 120,
        booking_window_days: 21,
        slot_interval_minutes: Some(30),
        ..bookings::daily("UTC", "00:00", "23:30")
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
            Offer {
                title: "Intro call",
                minutes: 30,
                price_paise: 0,
                instant: false,
            },
            Offer {
                title: "Career plan",
                minutes: 30,
                price_paise: PAID,
                instant: false,
            },
        ],
        hours(),
    )
    .await;
    bookings::account(&app, "Lata Learner", "lata@example.com", Role::User).await;
    let mentor = sign_in(&app, "meera@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lata@example.com", mentoring::PASSWORD).await;
    Some(World {
        app,
        clock,
        _hand: hand,
        mentor_id,
        mentor_user: mentor.id,
        mentor,
        learner,
        services: [list[0], list[1]],
    })
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

impl World {
    /// The open slots of `service` (404: the mentor is not listed).
    async fn slots(&self, service: i64) -> (u16, Vec<String>) {
        let (status, body) = call(
            &self.app,
            "GET",
            &format!("/api/mentors/{}/slots/?service={service}", self.mentor_id),
            None,
            None,
        )
        .await;
        let starts = body
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|s| s["start"].as_str().expect("a start").to_owned())
                    .collect()
            })
            .unwrap_or_default();
        (status, starts)
    }

    async fn book(&self, service: i64, start: &str) -> (u16, Value) {
        call(
            &self.app,
            "POST",
            "/api/bookings/",
            Some(&self.learner.token),
            Some(json!({"service_id": service, "start": start, "note": ""})),
        )
        .await
    }

    /// Whether the mentor is in the list; their profile and slots agree.
    async fn listed(&self) -> bool {
        let list = self.app.get_json("/api/mentors/").await;
        let in_list = list
            .as_array()
            .expect("a list")
            .iter()
            .any(|m| m["id"].as_i64() == Some(self.mentor_id));
        let detail = self
            .app
            .get(&format!("/api/mentors/{}/", self.mentor_id))
            .await
            .status()
            .as_u16();
        let (slots, _) = self.slots(self.services[0]).await;
        assert_eq!(detail, if in_list { 200 } else { 404 }, "the profile");
        assert_eq!(slots, if in_list { 200 } else { 404 }, "the slots");
        in_list
    }

    /// What the mentor's own profile says of it: listed, and why not.
    async fn own_listing(&self) -> (bool, Vec<String>) {
        let (status, body) = call(
            &self.app,
            "GET",
            "/api/mentor/profile/",
            Some(&self.mentor.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let reasons = body["not_listed"]
            .as_array()
            .expect("reasons")
            .iter()
            .map(|r| {
                assert!(!r["message"].as_str().unwrap_or("").is_empty());
                r["reason"].as_str().expect("a reason").to_owned()
            })
            .collect();
        (body["listed"].as_bool().expect("listed"), reasons)
    }

    /// Not listed, and a booking of its free service refused (the slot
    /// `start` was open before); `start` back.
    async fn unlisted_and_refused(&self, start: String) -> String {
        assert!(!self.listed().await, "unlisted");
        let (status, body) = self.book(self.services[0], &start).await;
        assert_eq!(status, 400, "refused: {body}");
        assert!(
            body["service_id"][0]
                .as_str()
                .is_some_and(|m| m.contains("not taking bookings")),
            "{body}"
        );
        start
    }

    /// A change made behind the store's back (as another process or a
    /// later admin screen would): what the API's own writes do after one.
    fn written(&self) {
        self.app.store.catalogue_written();
    }
}

async fn each_condition_unlists_and_fixing_it_lists_again(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    assert!(w.listed().await, "listed to begin with");
    assert_eq!(w.own_listing().await, (true, vec![]));
    let (_, starts) = w.slots(w.services[0]).await;
    assert!(starts.len() >= 8, "slots to book");
    let mut next = starts.into_iter();
    // (a) The account is disabled; enabled again.
    let now = w.clock.now();
    let mut tx = w.app.store.begin().await.expect("begin");
    tx.set_disabled(w.mentor_user, true, now)
        .await
        .expect("disable");
    tx.commit().await.expect("commit");
    w.written();
    let start = w.unlisted_and_refused(next.next().expect("a slot")).await;
    let mut tx = w.app.store.begin().await.expect("begin");
    tx.set_disabled(w.mentor_user, false, now)
        .await
        .expect("enable");
    tx.commit().await.expect("commit");
    w.written();
    assert!(w.listed().await, "listed once enabled");
    assert_eq!(w.book(w.services[0], &start).await.0, 201, "bookable again");

    // (b) Every service paused; one resumed.
    for id in w.services {
        let (status, body) = call(
            &w.app,
            "PATCH",
            &format!("/api/mentor/services/{id}/"),
            Some(&w.mentor.token),
            Some(json!({"active": false})),
        )
        .await;
        assert_eq!(status, 200, "paused: {body}");
    }
    assert!(!w.listed().await, "unlisted without a service");
    assert_eq!(w.own_listing().await, (false, vec!["no_service".into()]));
    let (status, body) = call(
        &w.app,
        "PATCH",
        &format!("/api/mentor/services/{}/", w.services[0]),
        Some(&w.mentor.token),
        Some(json!({"active": true})),
    )
    .await;
    assert_eq!(status, 200, "resumed: {body}");
    assert!(w.listed().await, "listed with a service again");

    // (c) No open hours; hours set again.
    exec(
        &w.app.store,
        "DELETE FROM mentor_availability WHERE mentor_id = $1",
        w.mentor_id,
    )
    .await;
    w.written();
    let start = w.unlisted_and_refused(next.next().expect("a slot")).await;
    assert_eq!(w.own_listing().await, (false, vec!["no_open_hours".into()]));
    w.app
        .store
        .put_availability(w.mentor_id, &hours(), w.clock.now())
        .await
        .expect("hours");
    assert!(w.listed().await, "listed with hours again");
    assert_eq!(w.book(w.services[0], &start).await.0, 201, "bookable again");

    // (d) Hidden by an administrator; shown again.
    exec(
        &w.app.store,
        "UPDATE mentors SET hidden_at = CURRENT_TIMESTAMP, hidden_reason = 'review' WHERE id = $1",
        w.mentor_id,
    )
    .await;
    w.written();
    let start = w.unlisted_and_refused(next.next().expect("a slot")).await;
    assert_eq!(w.own_listing().await, (false, vec!["hidden".into()]));
    exec(
        &w.app.store,
        "UPDATE mentors SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1",
        w.mentor_id,
    )
    .await;
    w.written();
    assert!(w.listed().await, "listed once shown");
    assert_eq!(w.book(w.services[0], &start).await.0, 201, "bookable again");
}

async fn existing_bookings_of_an_unlisted_mentor_stay_manageable(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (_, starts) = w.slots(w.services[1]).await;
    let (status, booking) = w.book(w.services[1], &starts[0]).await;
    assert_eq!(status, 201, "{booking}");
    let id = booking["id"].as_str().expect("an id").to_owned();
    exec(
        &w.app.store,
        "UPDATE mentors SET hidden_at = CURRENT_TIMESTAMP WHERE id = $1",
        w.mentor_id,
    )
    .await;
    w.written();
    assert!(!w.listed().await);
    for who in [&w.learner, &w.mentor] {
        let (status, body) = call(
            &w.app,
            "GET",
            &format!("/api/bookings/{id}/"),
            Some(&who.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "still viewable: {body}");
    }
    let (status, body) = call(
        &w.app,
        "POST",
        &format!("/api/bookings/{id}/accept/"),
        Some(&w.mentor.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "still answerable: {body}");
    assert_eq!(body["status"], "payment_required");
    let (status, body) = call(
        &w.app,
        "POST",
        &format!("/api/bookings/{id}/cancel/"),
        Some(&w.learner.token),
        Some(json!({"reason": "Plans changed"})),
    )
    .await;
    assert_eq!(status, 200, "still cancellable: {body}");
}

async fn every_input_of_the_definition_moves_the_catalogue(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let store = &w.app.store;
    let catalogue = &w.app.state.mentor_list;
    let version = || async { store.catalogue_version().await.expect("version") };
    let shown = |snapshot: &api::catalogue::Snapshot| snapshot.detail(w.mentor_id).is_some();
    assert!(shown(&catalogue.refresh().await.expect("loads")));

    // No local write is counted here: the triggers move the version, and a
    // refresh (what the watcher does on NOTIFY and once a second) reloads.
    let changes: [(&str, &str, bool); 8] = [
        (
            "UPDATE users SET disabled_at = CURRENT_TIMESTAMP WHERE id = $1",
            "user",
            false,
        ),
        (
            "UPDATE users SET disabled_at = NULL WHERE id = $1",
            "user",
            true,
        ),
        (
            "UPDATE users SET is_active = FALSE WHERE id = $1",
            "user",
            false,
        ),
        (
            "UPDATE users SET is_active = TRUE WHERE id = $1",
            "user",
            true,
        ),
        (
            "UPDATE mentor_services SET active = FALSE WHERE mentor_id = $1",
            "mentor",
            false,
        ),
        (
            "UPDATE mentor_services SET active = TRUE WHERE mentor_id = $1",
            "mentor",
            true,
        ),
        (
            "UPDATE mentors SET hidden_at = CURRENT_TIMESTAMP WHERE id = $1",
            "mentor",
            false,
        ),
        (
            "UPDATE mentors SET hidden_at = NULL WHERE id = $1",
            "mentor",
            true,
        ),
    ];
    for (sql, on, listed) in changes {
        let before = version().await;
        let id = if on == "user" {
            w.mentor_user
        } else {
            w.mentor_id
        };
        exec(store, sql, id).await;
        assert!(version().await > before, "{sql} moves the version");
        let snapshot = catalogue.refresh().await.expect("reloads");
        assert_eq!(shown(&snapshot), listed, "{sql}");
    }
    let before = version().await;
    exec(
        store,
        "DELETE FROM mentor_availability WHERE mentor_id = $1",
        w.mentor_id,
    )
    .await;
    assert!(
        version().await > before,
        "removing the hours moves the version"
    );
    assert!(!shown(&catalogue.refresh().await.expect("reloads")));

    // A learner's account is no input: activating one leaves the version.
    let learner = w.learner.id;
    let before = version().await;
    exec(
        store,
        "UPDATE users SET is_active = TRUE WHERE id = $1",
        learner,
    )
    .await;
    assert_eq!(version().await, before, "a learner's account is no input");
}

async fn a_new_free_service_confirms_instantly_by_default(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let add = |body: Value| {
        let w = &w;
        async move {
            let (status, body) = call(
                &w.app,
                "POST",
                "/api/mentor/services/",
                Some(&w.mentor.token),
                Some(body),
            )
            .await;
            assert_eq!(status, 201, "{body}");
            body["instant_confirmation"].as_bool().expect("a flag")
        }
    };
    assert!(
        add(json!({"title": "Hello call", "duration_minutes": 15, "price_paise": 0})).await,
        "free: instant unless said"
    );
    assert!(
        !add(json!({"title": "Deep dive", "duration_minutes": 60, "price_paise": 150_000})).await,
        "paid: by request unless said"
    );
    assert!(
        !add(
            json!({"title": "Free chat", "duration_minutes": 15, "price_paise": 0,
                    "instant_confirmation": false})
        )
        .await,
        "the mentor's word wins"
    );
}

async fn the_pay_window_is_the_setting_and_ends_by_the_start_minus_the_notice(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let now = w.clock.now();
    let (_, starts) = w.slots(w.services[1]).await;
    let accepted = |start: String| {
        let w = &w;
        async move {
            let (status, booking) = w.book(w.services[1], &start).await;
            assert_eq!(status, 201, "{booking}");
            assert_eq!(booking["status"], "pending");
            let id = booking["id"].as_str().expect("an id");
            let (status, body) = call(
                &w.app,
                "POST",
                &format!("/api/bookings/{id}/accept/"),
                Some(&w.mentor.token),
                None,
            )
            .await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["status"], "payment_required");
            at(body["pay_by"].as_str().expect("a pay_by"))
        }
    };
    // Far ahead: the whole window, 240 minutes by default.
    let far = starts
        .iter()
        .find(|s| at(s) >= now + TimeDelta::days(2))
        .expect("a slot two days ahead")
        .clone();
    // Deadlines are kept to the millisecond.
    assert_eq!(
        accepted(far).await.timestamp_millis(),
        (now + TimeDelta::minutes(240)).timestamp_millis()
    );
    // Three hours ahead with two hours' notice: pay by the start minus the
    // notice, an hour from now.
    let soon = starts
        .iter()
        .find(|s| {
            let t = at(s);
            t >= now + TimeDelta::hours(3) && t < now + TimeDelta::hours(6)
        })
        .expect("a slot within six hours")
        .clone();
    assert_eq!(
        accepted(soon.clone()).await,
        at(&soon) - TimeDelta::minutes(120)
    );
    assert_eq!(
        w.app.state.pay_window_minutes, 240,
        "PAY_WINDOW_MINUTES by default"
    );
}

async fn every_demo_mentor_has_an_account_in_india_and_is_listed(engine: Engine) {
    let Some(app) = mentoring::spawn(engine).await else {
        return;
    };
    let today = app.state.clock.now().date_naive();
    let demo = api::demo::catalogue(today);
    let list = app.get_json("/api/mentors/").await;
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), demo.len(), "every demo mentor is listed");
    for m in app.store.list_mentors().await.expect("mentors") {
        assert!(m.user_id.is_some(), "{} has an account", m.name);
    }
    // Any of them signs in with the contact e-mail and the demo password.
    for m in [&list[1], &list[list.len() / 2], &list[list.len() - 1]] {
        let email = m["contact"]["email"].as_str().expect("an e-mail");
        assert!(email.ends_with("@mentors.example"), "{email}");
        let caller = sign_in(&app, email, api::demo::mentor_password()).await;
        assert_eq!(
            caller.mentor_id,
            m["id"].as_i64(),
            "{email} runs the profile"
        );
        let (status, me) = app.me(&caller.token).await;
        assert_eq!(status, 200);
        assert_eq!(me["time_zone"], "Asia/Kolkata", "{me}");
    }
    // Every free service is instant, and some paid ones.
    let services: Vec<&Value> = list
        .iter()
        .flat_map(|m| m["services"].as_array().expect("services"))
        .collect();
    let free: Vec<&&Value> = services.iter().filter(|s| s["price"] == 0.0).collect();
    assert!(!free.is_empty());
    assert!(free.iter().all(|s| s["instant_confirmation"] == true));
    let paid_instant = services
        .iter()
        .filter(|s| s["price"] != 0.0 && s["instant_confirmation"] == true)
        .count();
    assert!(paid_instant >= 10, "{paid_instant} paid instant services");
}

async fn with_the_demo_off_the_demo_mentors_are_unlisted(engine: Engine) {
    let Some(app) = mentoring::spawn(engine).await else {
        return;
    };
    let list = app.get_json("/api/mentors/").await;
    let some = list[3]["id"].as_i64().expect("an id");
    // What a start with DEMO_DATA=off does (`server::prepare`).
    let removed = api::demo::remove_accounts(&app.store)
        .await
        .expect("removes");
    assert!(removed >= 65, "{removed} demo accounts removed");
    let list = app.get_json("/api/mentors/").await;
    assert_eq!(list, json!([]), "nobody to answer: none listed");
    assert_eq!(
        app.get(&format!("/api/mentors/{some}/")).await.status(),
        404
    );
    let mentors = app.store.list_mentors().await.expect("mentors");
    assert_eq!(
        mentors.len(),
        api::demo::catalogue(Utc::now().date_naive()).len()
    );
    assert!(
        mentors.iter().all(|m| m.user_id.is_none()),
        "the profiles stay, unrun"
    );
}

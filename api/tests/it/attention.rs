//! What waits for someone (issue 21), `GET /api/me/attention/`: a mentor
//! with a pending request sees it with the request's deadline; a learner
//! whose request a mentor accepted sees the payment window's end as the
//! booking stores it; anyone else sees nothing; a deadline that has passed
//! is gone; a guest gets 401. On both engines, on a fixed clock the tests
//! move.

use crate::{bookings, common, mentoring};
use std::time::Duration;

use api::clock::{Clock, ManualClock};
use api::store::Role;
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, spawn_app_with};
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    a_mentor_sees_a_pending_request_with_its_deadline,
    a_learner_sees_the_pay_deadline_after_the_mentor_accepts,
    a_guest_is_told_to_sign_in,
);

struct World {
    app: TestApp,
    clock: Clock,
    hand: ManualClock,
    mentor: Caller,
    learner: Caller,
    stranger: Caller,
    admin: Caller,
    /// Free by request, paid by request.
    services: [i64; 2],
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

async fn world(engine: Engine) -> Option<World> {
    // A fixed Monday morning in Kolkata.
    let (clock, hand) = Clock::manual_at(at("2030-01-07T03:30:00Z"));
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
    let offer = |title, price_paise| Offer {
        title,
        minutes: 45,
        price_paise,
        instant: false,
    };
    let (_, list) = bookings::mentor(
        &app,
        "Meera Nair",
        "meera@example.com",
        &[offer("Portfolio review", 0), offer("Career plan", 75_000)],
        bookings::daily("Asia/Kolkata", "09:00", "17:00"),
    )
    .await;
    bookings::account(&app, "Lata Learner", "lata@example.com", Role::User).await;
    bookings::account(&app, "Sid Stranger", "sid@example.com", Role::User).await;
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    let pw = mentoring::PASSWORD;
    Some(World {
        mentor: sign_in(&app, "meera@example.com", pw).await,
        learner: sign_in(&app, "lata@example.com", pw).await,
        stranger: sign_in(&app, "sid@example.com", pw).await,
        admin: sign_in(&app, "ada@example.com", pw).await,
        app,
        clock,
        hand,
        services: [list[0], list[1]],
    })
}

impl World {
    /// The learner books the soonest slot of `service` a day or more ahead.
    async fn book(&self, service: i64) -> Value {
        let from = self.clock.now() + TimeDelta::days(1);
        let (status, slots) = call(
            &self.app,
            "GET",
            &format!(
                "/api/mentors/{}/slots/?service={service}",
                self.mentor.mentor()
            ),
            None,
            None,
        )
        .await;
        assert_eq!(status, 200, "slots: {slots}");
        let start = slots
            .as_array()
            .expect("a list")
            .iter()
            .map(|s| s["start"].as_str().expect("a start").to_owned())
            .find(|s| at(s) >= from)
            .expect("a slot a day ahead");
        let (status, b) = call(
            &self.app,
            "POST",
            "/api/bookings/",
            Some(&self.learner.token),
            Some(json!({"service_id": service, "start": start})),
        )
        .await;
        assert_eq!(status, 201, "books {start}: {b}");
        b
    }

    async fn attention(&self, who: &Caller) -> Value {
        let (status, body) = call(
            &self.app,
            "GET",
            "/api/me/attention/",
            Some(&who.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "attention: {body}");
        assert_eq!(
            body["count"].as_u64(),
            Some(body["items"].as_array().expect("items").len() as u64),
            "the count is the items': {body}"
        );
        body
    }

    async fn nothing_for(&self, who: &Caller, whom: &str) {
        let body = self.attention(who).await;
        assert_eq!(body["count"], 0, "nothing waits for {whom}: {body}");
    }
}

async fn a_mentor_sees_a_pending_request_with_its_deadline(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    w.nothing_for(&w.mentor, "a mentor without requests").await;

    let b = w.book(w.services[0]).await;
    assert_eq!(b["status"], "pending", "{b}");
    let respond_by = at(b["respond_by"].as_str().expect("a deadline"));

    let body = w.attention(&w.mentor).await;
    assert_eq!(body["count"], 1, "{body}");
    let item = &body["items"][0];
    assert_eq!(item["kind"], "answer_request");
    assert_eq!(item["booking_id"], b["id"]);
    assert_eq!(
        at(item["deadline"].as_str().expect("a deadline")),
        respond_by
    );
    assert_eq!(
        at(item["start"].as_str().expect("a start")),
        at(b["start"].as_str().expect("a start"))
    );
    assert_eq!(item["service_title"], "Portfolio review");
    assert_eq!(
        item["with_name"], "Lata Learner",
        "the mentor is told who asks"
    );

    w.nothing_for(&w.learner, "the learner, who only waits")
        .await;
    w.nothing_for(&w.stranger, "someone else").await;
    w.nothing_for(&w.admin, "an administrator").await;

    // The deadline passes unanswered: nothing waits any more.
    let left = (respond_by - w.clock.now()).to_std().expect("ahead");
    w.hand.advance(left - Duration::from_secs(1));
    // Signed in again: the morning's access token has expired by then.
    let mentor = sign_in(&w.app, "meera@example.com", mentoring::PASSWORD).await;
    assert_eq!(w.attention(&mentor).await["count"], 1, "a second before");
    w.hand.advance(Duration::from_secs(1));
    w.nothing_for(&mentor, "a mentor whose request expired")
        .await;
}

async fn a_learner_sees_the_pay_deadline_after_the_mentor_accepts(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let b = w.book(w.services[1]).await;
    let id = b["id"].as_str().expect("an id");
    let (status, accepted) = call(
        &w.app,
        "POST",
        &format!("/api/bookings/{id}/accept/"),
        Some(&w.mentor.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "accepts: {accepted}");
    assert_eq!(accepted["status"], "payment_required", "{accepted}");
    // The deadline as the booking stores it (its length is a setting).
    let pay_by = at(accepted["pay_by"].as_str().expect("a payment window"));

    let body = w.attention(&w.learner).await;
    assert_eq!(body["count"], 1, "{body}");
    let item = &body["items"][0];
    assert_eq!(item["kind"], "pay");
    assert_eq!(item["booking_id"], id);
    assert_eq!(at(item["deadline"].as_str().expect("a deadline")), pay_by);
    assert_eq!(item["service_title"], "Career plan");
    assert_eq!(
        item["with_name"], "Meera Nair",
        "the learner is told whom they pay"
    );

    w.nothing_for(&w.mentor, "the mentor, who answered").await;
    w.nothing_for(&w.stranger, "someone else").await;
    w.nothing_for(&w.admin, "an administrator").await;

    w.hand
        .advance((pay_by - w.clock.now()).to_std().expect("ahead"));
    let learner = sign_in(&w.app, "lata@example.com", mentoring::PASSWORD).await;
    w.nothing_for(&learner, "a learner whose payment window closed")
        .await;
}

async fn a_guest_is_told_to_sign_in(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (status, body) = call(&w.app, "GET", "/api/me/attention/", None, None).await;
    assert_eq!(status, 401, "{body}");
    assert!(body["detail"].is_string(), "{body}");
}

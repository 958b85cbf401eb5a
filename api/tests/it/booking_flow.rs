//! Booking end to end (issue 12), as the people involved see it through
//! the API: where each kind of service starts, every transition of the
//! table and every refusal, on both engines, on a clock the tests move.
//!
//! The world: one mentor (with an account) offering a free session that
//! confirms at once, a free one they accept, a paid one that asks for
//! payment at once and a paid one they accept; every day of the next month
//! open around the clock with an hour's notice; a learner; a stranger.

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use api::store::Role;
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, spawn_app_with};
use mentoring::{Caller, call, exec, sign_in};

fn offer(title: &'static str, price_paise: i64, instant: bool) -> Offer {
    Offer {
        title,
        minutes: 60,
        price_paise,
        instant,
    }
}
use serde_json::{Value, json};

on_both_engines!(
    each_kind_of_service_starts_where_the_table_says,
    a_paid_request_accepted_awaits_payment_for_the_pay_window,
    a_free_request_accepted_is_confirmed_with_a_meeting_link,
    the_mentor_declines_with_a_reason_and_the_slot_is_free_again,
    an_unanswered_request_expires_after_a_day_and_frees_the_slot,
    an_unpaid_hold_expires_after_the_pay_window,
    only_the_mentor_answers_a_request,
    strangers_are_told_nothing,
    the_learner_cancels_until_twelve_hours_before,
    the_learner_withdraws_a_request_at_any_time_before_the_start,
    the_mentor_can_cancel_until_the_start,
    a_reschedule_keeps_the_booking_and_its_link_and_raises_the_sequence,
    a_reschedule_must_land_on_a_free_slot,
    join_opens_ten_minutes_before_and_closes_at_the_end,
    a_mentor_no_show_is_reported_in_its_window_with_a_choice,
    a_mentor_no_show_with_reschedule_lets_the_learner_pick_a_new_time,
    the_mentor_reports_a_learner_no_show_without_refund,
    feedback_after_the_session_moves_the_rating_once,
    feedback_is_refused_before_the_session_and_out_of_range,
    lists_split_upcoming_past_and_cancelled_for_each_side,
    a_start_off_the_grid_or_inside_the_notice_is_a_field_error,
    a_taken_slot_is_a_conflict_with_a_clear_message,
    nobody_books_their_own_or_a_paused_service,
    ids_are_unguessable,
);

const PAID: i64 = 50_000;

struct World {
    app: TestApp,
    hand: ManualClock,
    clock: Clock,
    mentor_id: i64,
    mentor: Caller,
    learner: Caller,
    other_learner: Caller,
    stranger: Caller,
    free_instant: i64,
    free: i64,
    paid_instant: i64,
    paid: i64,
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
    let (mentor_id, services) = bookings::mentor(
        &app,
        "Asha Rao",
        "asha@example.com",
        &[
            offer("Quick chat", 0, true),
            offer("Free review", 0, false),
            offer("Mock interview", PAID, true),
            offer("Career plan", PAID, false),
        ],
        bookings::daily("Asia/Kolkata", "00:00", "24:00"),
    )
    .await;
    for (name, email) in [
        ("Lena Learner", "lena@example.com"),
        ("Omar Other", "omar@example.com"),
        ("Sam Stranger", "sam@example.com"),
    ] {
        bookings::account(&app, name, email, Role::User).await;
    }
    let mentor = sign_in(&app, "asha@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lena@example.com", mentoring::PASSWORD).await;
    let other_learner = sign_in(&app, "omar@example.com", mentoring::PASSWORD).await;
    let stranger = sign_in(&app, "sam@example.com", mentoring::PASSWORD).await;
    Some(World {
        app,
        hand,
        clock,
        mentor_id,
        mentor,
        learner,
        other_learner,
        stranger,
        free_instant: services[0],
        free: services[1],
        paid_instant: services[2],
        paid: services[3],
    })
}

impl World {
    /// The service's open slot starts, soonest first, as the API gives them.
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

    /// The first open slot of `service` that starts at least `ahead` from now.
    async fn slot_after(&self, service: i64, ahead: TimeDelta) -> String {
        let earliest = self.clock.now() + ahead;
        self.slots(service)
            .await
            .into_iter()
            .find(|s| at(s) >= earliest)
            .expect("an open slot that far ahead")
    }

    async fn book_as(&self, who: &Caller, service: i64, start: &str) -> (u16, Value) {
        call(
            &self.app,
            "POST",
            "/api/bookings/",
            Some(&who.token),
            Some(json!({"service_id": service, "start": start, "note": "Looking forward to it"})),
        )
        .await
    }

    /// The learner books `service` at least `ahead` from now; the booking.
    async fn booked(&self, service: i64, ahead: TimeDelta) -> Value {
        let start = self.slot_after(service, ahead).await;
        let (status, body) = self.book_as(&self.learner, service, &start).await;
        assert_eq!(status, 201, "books {start}: {body}");
        body
    }

    async fn act(&self, who: &Caller, id: &str, action: &str, body: Value) -> (u16, Value) {
        call(
            &self.app,
            "POST",
            &format!("/api/bookings/{id}/{action}/"),
            Some(&who.token),
            Some(body),
        )
        .await
    }

    async fn get(&self, who: &Caller, id: &str) -> (u16, Value) {
        call(
            &self.app,
            "GET",
            &format!("/api/bookings/{id}/"),
            Some(&who.token),
            None,
        )
        .await
    }

    async fn seen_by(&self, who: &Caller, id: &str) -> Value {
        let (status, body) = self.get(who, id).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    async fn list(&self, who: &Caller, query: &str) -> Vec<Value> {
        let (status, body) = call(
            &self.app,
            "GET",
            &format!("/api/bookings/?{query}"),
            Some(&who.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "{query}: {body}");
        body.as_array().expect("a bare array").clone()
    }

    /// Moves the clock so that it reads `to`; everyone signs in again, as
    /// access tokens last an hour and the moves are longer.
    async fn move_to(&mut self, to: DateTime<Utc>) {
        let by = to - self.clock.now();
        assert!(by > TimeDelta::zero(), "time only moves forward");
        self.hand.advance(by.to_std().expect("a positive duration"));
        self.mentor = sign_in(&self.app, "asha@example.com", mentoring::PASSWORD).await;
        self.learner = sign_in(&self.app, "lena@example.com", mentoring::PASSWORD).await;
        self.other_learner = sign_in(&self.app, "omar@example.com", mentoring::PASSWORD).await;
        self.stranger = sign_in(&self.app, "sam@example.com", mentoring::PASSWORD).await;
    }

    /// Pays for a booking through the sandbox gateway, as the web app does.
    async fn pay(&self, id: &str) -> Value {
        let (status, checkout) = self.act(&self.learner, id, "checkout", json!({})).await;
        assert_eq!(status, 200, "checkout: {checkout}");
        assert_eq!(checkout["amount_paise"], PAID);
        assert_eq!(checkout["currency"], "INR");
        let order = checkout["order_id"].as_str().expect("an order id");
        let (status, signed) = call(
            &self.app,
            "POST",
            &format!("/api/payments/sandbox/{order}/pay/"),
            Some(&self.learner.token),
            Some(json!({"method": "upi", "outcome": "success"})),
        )
        .await;
        assert_eq!(status, 200, "sandbox pays: {signed}");
        let (status, booking) = call(
            &self.app,
            "POST",
            "/api/payments/verify/",
            Some(&self.learner.token),
            Some(signed),
        )
        .await;
        assert_eq!(status, 200, "verify: {booking}");
        booking
    }
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

/// The pay window after an accept or a paid instant booking
/// (`PAY_WINDOW_MINUTES`, default 240; these sessions are days away, far
/// beyond the notice that would cut it short).
fn pay_window() -> TimeDelta {
    TimeDelta::minutes(i64::from(domain_wasm::booking::DEFAULT_PAY_WINDOW_MINUTES))
}

/// Equal but for the storage's precision (PostgreSQL keeps microseconds).
fn assert_close(a: DateTime<Utc>, b: DateTime<Utc>) {
    assert!((a - b).abs() < TimeDelta::milliseconds(1), "{a} is not {b}");
}

fn id(booking: &Value) -> String {
    booking["id"].as_str().expect("an id").to_owned()
}

fn actions(booking: &Value) -> Vec<String> {
    booking["allowed_actions"]
        .as_array()
        .expect("allowed_actions")
        .iter()
        .map(|a| a.as_str().expect("an action").to_owned())
        .collect()
}

fn has(booking: &Value, action: &str) -> bool {
    actions(booking).iter().any(|a| a == action)
}

fn detail(body: &Value) -> &str {
    body["detail"]
        .as_str()
        .unwrap_or_else(|| panic!("a detail: {body}"))
}

async fn each_kind_of_service_starts_where_the_table_says(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let day = TimeDelta::days(2);

    let free_instant = w.booked(w.free_instant, day).await;
    assert_eq!(free_instant["status"], "confirmed");
    let link = free_instant["meeting_url"]
        .as_str()
        .expect("a meeting link");
    assert!(link.starts_with("http"), "{link}");
    assert_eq!(free_instant["price_paise"], 0);
    assert_eq!(free_instant["mentor"]["id"], w.mentor_id);
    assert_eq!(free_instant["mentor"]["name"], "Asha Rao");
    assert_eq!(free_instant["service"]["title"], "Quick chat");
    assert_eq!(free_instant["service"]["duration_minutes"], 60);
    assert_eq!(
        at(free_instant["end"].as_str().expect("a time"))
            - at(free_instant["start"].as_str().expect("a time")),
        TimeDelta::hours(1)
    );

    let free = w.booked(w.free, day).await;
    assert_eq!(free["status"], "pending");
    assert!(free["meeting_url"].is_null(), "no link before confirmation");
    let respond_by = at(free["respond_by"].as_str().expect("a response deadline"));
    assert_close(respond_by, w.clock.now() + TimeDelta::hours(24));
    assert_eq!(actions(&free), ["cancel"], "the learner waits or withdraws");
    let as_mentor = w.seen_by(&w.mentor, &id(&free)).await;
    assert!(has(&as_mentor, "accept") && has(&as_mentor, "decline"));
    assert_eq!(as_mentor["role"], "mentor");
    assert_eq!(as_mentor["learner"]["name"], "Lena Learner");

    let paid_instant = w.booked(w.paid_instant, day).await;
    assert_eq!(paid_instant["status"], "payment_required");
    assert_eq!(paid_instant["price_paise"], PAID);
    let pay_by = at(paid_instant["pay_by"].as_str().expect("a payment deadline"));
    assert_close(pay_by, w.clock.now() + pay_window());
    assert!(has(&paid_instant, "pay"));

    let paid = w.booked(w.paid, day).await;
    assert_eq!(paid["status"], "pending");
    assert!(
        !has(&paid, "pay"),
        "nothing to pay before the mentor accepts"
    );
}

async fn a_paid_request_accepted_awaits_payment_for_the_pay_window(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.paid, TimeDelta::days(2)).await;
    w.move_to(w.clock.now() + TimeDelta::hours(1)).await;

    let (status, accepted) = w.act(&w.mentor, &id(&booking), "accept", json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["status"], "payment_required");
    assert_close(
        at(accepted["pay_by"].as_str().expect("a payment deadline")),
        w.clock.now() + pay_window(),
    );
    let learner_view = w.seen_by(&w.learner, &id(&booking)).await;
    assert!(has(&learner_view, "pay"));

    let paid = w.pay(&id(&booking)).await;
    assert_eq!(paid["status"], "confirmed");
    assert!(paid["meeting_url"].as_str().is_some_and(|u| !u.is_empty()));

    let (status, again) = w.act(&w.mentor, &id(&booking), "accept", json!({})).await;
    assert_eq!(status, 409, "a second accept is refused: {again}");
    assert!(!detail(&again).is_empty());
}

async fn a_free_request_accepted_is_confirmed_with_a_meeting_link(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free, TimeDelta::days(1)).await;
    let (status, accepted) = w.act(&w.mentor, &id(&booking), "accept", json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["status"], "confirmed");
    let link = accepted["meeting_url"].as_str().expect("a link");
    let learner_view = w.seen_by(&w.learner, &id(&booking)).await;
    assert_eq!(learner_view["meeting_url"], link, "both see the same room");
}

async fn the_mentor_declines_with_a_reason_and_the_slot_is_free_again(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free, TimeDelta::days(1)).await;
    let start = booking["start"].as_str().expect("a time").to_owned();
    assert!(
        !w.slots(w.free).await.contains(&start),
        "a pending request holds its slot"
    );

    let (status, declined) = w
        .act(
            &w.mentor,
            &id(&booking),
            "decline",
            json!({"reason": "Travelling that week"}),
        )
        .await;
    assert_eq!(status, 200, "{declined}");
    assert_eq!(declined["status"], "cancelled");
    assert_eq!(declined["cancelled_by"], "mentor");
    assert_eq!(declined["cancel_reason"], "Travelling that week");
    assert!(actions(&declined).is_empty() || !has(&declined, "cancel"));

    let cancelled = w.list(&w.learner, "when=cancelled").await;
    assert!(cancelled.iter().any(|b| b["id"] == booking["id"]));
    assert!(
        w.slots(w.free).await.contains(&start),
        "the slot is offered again"
    );
    let (status, body) = w.book_as(&w.other_learner, w.free, &start).await;
    assert_eq!(status, 201, "someone else books the freed slot: {body}");
}

async fn an_unanswered_request_expires_after_a_day_and_frees_the_slot(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free, TimeDelta::days(3)).await;
    let start = booking["start"].as_str().expect("a time").to_owned();
    w.move_to(w.clock.now() + TimeDelta::hours(24) - TimeDelta::minutes(1))
        .await;
    assert_eq!(
        w.seen_by(&w.learner, &id(&booking)).await["status"],
        "pending"
    );

    w.move_to(w.clock.now() + TimeDelta::minutes(2)).await;
    let expired = w.seen_by(&w.learner, &id(&booking)).await;
    assert_eq!(expired["status"], "expired");
    let (status, refused) = w.act(&w.mentor, &id(&booking), "accept", json!({})).await;
    assert_eq!(status, 409, "too late to accept: {refused}");
    let (status, body) = w.book_as(&w.other_learner, w.free, &start).await;
    assert_eq!(status, 201, "the expired request's slot is free: {body}");
    let cancelled = w.list(&w.learner, "when=cancelled").await;
    assert!(
        cancelled
            .iter()
            .any(|b| b["id"] == booking["id"] && b["status"] == "expired")
    );
}

async fn an_unpaid_hold_expires_after_the_pay_window(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.paid_instant, TimeDelta::days(1)).await;
    let start = booking["start"].as_str().expect("a time").to_owned();
    let (status, body) = w.book_as(&w.other_learner, w.paid_instant, &start).await;
    assert_eq!(status, 409, "the hold keeps the slot: {body}");

    w.move_to(w.clock.now() + pay_window() + TimeDelta::minutes(1))
        .await;
    let expired = w.seen_by(&w.learner, &id(&booking)).await;
    assert_eq!(expired["status"], "expired");
    assert!(!has(&expired, "pay"));
    let (status, body) = w.book_as(&w.other_learner, w.paid_instant, &start).await;
    assert_eq!(status, 201, "the lapsed hold freed the slot: {body}");
}

async fn only_the_mentor_answers_a_request(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free, TimeDelta::days(1)).await;
    for action in ["accept", "decline"] {
        let (status, body) = w
            .act(&w.learner, &id(&booking), action, json!({"reason": "x"}))
            .await;
        assert_eq!(status, 409, "the learner cannot {action}: {body}");
    }
    assert_eq!(
        w.seen_by(&w.learner, &id(&booking)).await["status"],
        "pending"
    );
}

async fn strangers_are_told_nothing(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let booking_id = id(&booking);
    let (status, body) = w.get(&w.stranger, &booking_id).await;
    assert_eq!(status, 404, "{body}");
    assert!(
        !body.to_string().contains("Lena"),
        "nothing about the booking leaks"
    );
    for action in [
        "accept",
        "decline",
        "cancel",
        "reschedule",
        "no-show",
        "feedback",
        "checkout",
    ] {
        let (status, body) = w
            .act(&w.stranger, &booking_id, action, json!({"reason": "x", "start": booking["start"], "choice": "refund", "rating": 5, "text": "x"}))
            .await;
        assert_eq!(status, 404, "a stranger's {action}: {body}");
    }
    let resp = w
        .app
        .client
        .get(
            w.app
                .url(&format!("/api/bookings/{booking_id}/calendar.ics")),
        )
        .bearer_auth(&w.stranger.token)
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status(), 404);
    let (status, _) = call(
        &w.app,
        "GET",
        &format!("/api/bookings/{booking_id}/"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 401, "a guest must sign in");
    let (status, _) = w
        .get(&w.stranger, "00000000-0000-4000-8000-000000000000")
        .await;
    assert_eq!(status, 404);
    assert_eq!(
        w.seen_by(&w.learner, &booking_id).await["status"],
        "confirmed"
    );
}

async fn the_learner_cancels_until_twelve_hours_before(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let late = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let early = w.booked(w.free_instant, TimeDelta::days(3)).await;
    w.move_to(
        at(late["start"].as_str().expect("a time")) - TimeDelta::hours(12) + TimeDelta::minutes(1),
    )
    .await;

    let late_view = w.seen_by(&w.learner, &id(&late)).await;
    assert!(!has(&late_view, "cancel"), "{late_view}");
    let (status, refused) = w
        .act(&w.learner, &id(&late), "cancel", json!({"reason": "busy"}))
        .await;
    assert_eq!(status, 409, "{refused}");
    assert!(
        detail(&refused).contains("12 hours"),
        "says the rule: {refused}"
    );

    assert!(has(&w.seen_by(&w.learner, &id(&early)).await, "cancel"));
    let (status, cancelled) = w
        .act(
            &w.learner,
            &id(&early),
            "cancel",
            json!({"reason": "Plans changed"}),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["cancelled_by"], "learner");
    assert_eq!(cancelled["cancel_reason"], "Plans changed");
    let (status, again) = w
        .act(
            &w.learner,
            &id(&early),
            "cancel",
            json!({"reason": "again"}),
        )
        .await;
    assert_eq!(status, 409, "cancelled once: {again}");
}

async fn the_learner_withdraws_a_request_at_any_time_before_the_start(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let request = w.booked(w.free, TimeDelta::days(1)).await;
    w.move_to(at(request["start"].as_str().expect("a time")) - TimeDelta::hours(2))
        .await;
    // The mentor has until the start minus their notice; an hour is left.
    let (status, withdrawn) = w
        .act(
            &w.learner,
            &id(&request),
            "cancel",
            json!({"reason": "Found help"}),
        )
        .await;
    assert_eq!(status, 200, "{withdrawn}");
    assert_eq!(withdrawn["status"], "cancelled");
    assert_eq!(withdrawn["refund_owed_paise"], 0);
}

async fn the_mentor_can_cancel_until_the_start(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.paid_instant, TimeDelta::days(1)).await;
    w.pay(&id(&booking)).await;
    w.move_to(at(booking["start"].as_str().expect("a time")) - TimeDelta::minutes(5))
        .await;

    let (status, cancelled) = w
        .act(
            &w.mentor,
            &id(&booking),
            "cancel",
            json!({"reason": "Unwell"}),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["cancelled_by"], "mentor");
    assert_eq!(
        cancelled["refund_owed_paise"], PAID,
        "the learner is owed it all"
    );
}

async fn a_reschedule_keeps_the_booking_and_its_link_and_raises_the_sequence(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free_instant, TimeDelta::days(2)).await;
    let old_start = booking["start"].as_str().expect("a time").to_owned();
    let new_start = w.slot_after(w.free_instant, TimeDelta::days(4)).await;

    let (status, moved) = w
        .act(
            &w.learner,
            &id(&booking),
            "reschedule",
            json!({"start": new_start}),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["id"], booking["id"]);
    assert_eq!(moved["status"], "confirmed");
    assert_eq!(
        moved["meeting_url"], booking["meeting_url"],
        "the same room"
    );
    assert_eq!(at(moved["start"].as_str().expect("a time")), at(&new_start));
    assert!(
        w.slots(w.free_instant).await.contains(&old_start),
        "the old slot is free"
    );

    let resp = w
        .app
        .client
        .get(
            w.app
                .url(&format!("/api/bookings/{}/calendar.ics", id(&booking))),
        )
        .bearer_auth(&w.learner.token)
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .expect("a header")
            .starts_with("text/calendar"),
        "a calendar file"
    );
    let ics = resp.text().await.expect("text");
    assert!(
        ics.contains(&format!("UID:{}@mentorbridge", id(&booking))),
        "{ics}"
    );
    assert!(ics.contains("SEQUENCE:1"), "{ics}");
}

async fn a_reschedule_must_land_on_a_free_slot(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let mine = w.booked(w.free_instant, TimeDelta::days(2)).await;
    let theirs_start = w.slot_after(w.free_instant, TimeDelta::days(3)).await;
    let (status, _) = w
        .book_as(&w.other_learner, w.free_instant, &theirs_start)
        .await;
    assert_eq!(status, 201);

    let (status, taken) = w
        .act(
            &w.learner,
            &id(&mine),
            "reschedule",
            json!({"start": theirs_start}),
        )
        .await;
    assert_eq!(status, 409, "{taken}");
    let off_grid = (at(&theirs_start) + TimeDelta::minutes(7)).to_rfc3339();
    let (status, body) = w
        .act(
            &w.learner,
            &id(&mine),
            "reschedule",
            json!({"start": off_grid}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["start"][0].is_string(),
        "a field error on start: {body}"
    );
    assert_eq!(
        w.seen_by(&w.learner, &id(&mine)).await["start"],
        mine["start"]
    );
}

async fn join_opens_ten_minutes_before_and_closes_at_the_end(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let start = at(booking["start"].as_str().expect("a time"));
    assert!(!has(&booking, "join"));
    w.move_to(start - TimeDelta::minutes(11)).await;
    assert!(!has(&w.seen_by(&w.learner, &id(&booking)).await, "join"));
    w.move_to(start - TimeDelta::minutes(10)).await;
    assert!(has(&w.seen_by(&w.learner, &id(&booking)).await, "join"));
    assert!(has(&w.seen_by(&w.mentor, &id(&booking)).await, "join"));
    w.move_to(start + TimeDelta::minutes(61)).await;
    let after = w.seen_by(&w.learner, &id(&booking)).await;
    assert!(!has(&after, "join"));
    assert_eq!(after["status"], "completed");
}

async fn a_mentor_no_show_is_reported_in_its_window_with_a_choice(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.paid_instant, TimeDelta::days(1)).await;
    w.pay(&id(&booking)).await;
    let start = at(booking["start"].as_str().expect("a time"));

    w.move_to(start + TimeDelta::minutes(9)).await;
    let (status, early) = w
        .act(
            &w.learner,
            &id(&booking),
            "no-show",
            json!({"choice": "refund"}),
        )
        .await;
    assert_eq!(status, 409, "too early to tell: {early}");

    w.move_to(start + TimeDelta::minutes(10)).await;
    let (status, body) = w.act(&w.learner, &id(&booking), "no-show", json!({})).await;
    assert_eq!(status, 400, "the learner must choose: {body}");
    let (status, reported) = w
        .act(
            &w.learner,
            &id(&booking),
            "no-show",
            json!({"choice": "refund"}),
        )
        .await;
    assert_eq!(status, 200, "{reported}");
    assert_eq!(reported["status"], "no_show");
    assert_eq!(reported["no_show_by"], "mentor");
    assert_eq!(reported["no_show_choice"], "refund");
    // Nothing is owed on one side's word: the refund waits for the
    // 48-hour contest window (issue 20, tests/it/no_show_contest.rs).
    assert_eq!(reported["refund_owed_paise"], 0);
    let (status, twice) = w.act(&w.mentor, &id(&booking), "no-show", json!({})).await;
    assert_eq!(status, 409, "reported once: {twice}");
}

async fn a_mentor_no_show_with_reschedule_lets_the_learner_pick_a_new_time(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let start = at(booking["start"].as_str().expect("a time"));
    w.move_to(start + TimeDelta::minutes(30)).await;
    let (status, reported) = w
        .act(
            &w.learner,
            &id(&booking),
            "no-show",
            json!({"choice": "reschedule"}),
        )
        .await;
    assert_eq!(status, 200, "{reported}");
    assert!(has(&reported, "reschedule"), "{reported}");
    let new_start = w.slot_after(w.free_instant, TimeDelta::days(1)).await;
    let (status, moved) = w
        .act(
            &w.learner,
            &id(&booking),
            "reschedule",
            json!({"start": new_start}),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["status"], "confirmed");
    assert_eq!(moved["meeting_url"], booking["meeting_url"]);
}

async fn the_mentor_reports_a_learner_no_show_without_refund(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.paid_instant, TimeDelta::days(1)).await;
    w.pay(&id(&booking)).await;
    let start = at(booking["start"].as_str().expect("a time"));
    w.move_to(start + TimeDelta::hours(48) + TimeDelta::minutes(1))
        .await;
    let (status, late) = w.act(&w.mentor, &id(&booking), "no-show", json!({})).await;
    assert_eq!(status, 409, "the window closed after 48 hours: {late}");

    let other = w.booked(w.paid_instant, TimeDelta::days(1)).await;
    w.pay(&id(&other)).await;
    w.move_to(at(other["start"].as_str().expect("a time")) + TimeDelta::minutes(15))
        .await;
    let (status, reported) = w.act(&w.mentor, &id(&other), "no-show", json!({})).await;
    assert_eq!(status, 200, "{reported}");
    assert_eq!(reported["no_show_by"], "learner");
    assert_eq!(reported["refund_owed_paise"], 0);
    let learner_view = w.seen_by(&w.learner, &id(&other)).await;
    assert!(!has(&learner_view, "feedback") && !has(&learner_view, "no_show"));
}

async fn feedback_after_the_session_moves_the_rating_once(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let first = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let second = w.booked(w.free_instant, TimeDelta::days(2)).await;
    w.move_to(at(second["end"].as_str().expect("a time")) + TimeDelta::minutes(1))
        .await;

    let done = w.seen_by(&w.learner, &id(&first)).await;
    assert_eq!(done["status"], "completed");
    assert!(has(&done, "feedback"));
    assert!(
        !has(&w.seen_by(&w.mentor, &id(&first)).await, "feedback"),
        "only the learner rates"
    );

    let (status, rated) = w
        .act(
            &w.learner,
            &id(&first),
            "feedback",
            json!({"rating": 5, "text": "Clear and kind."}),
        )
        .await;
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated["feedback"]["rating"], 5);
    assert!(!has(&rated, "feedback"));
    let (status, again) = w
        .act(
            &w.learner,
            &id(&first),
            "feedback",
            json!({"rating": 1, "text": "changed my mind"}),
        )
        .await;
    assert_eq!(status, 409, "the second time: {again}");

    let (status, answer) = w
        .act(
            &w.learner,
            &id(&second),
            "feedback",
            json!({"rating": 4, "text": "Useful."}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let profile = w
        .app
        .get_json(&format!("/api/mentors/{}/", w.mentor_id))
        .await;
    assert_eq!(
        profile["rating"], 4.5,
        "the average of the reviews: {profile}"
    );
}

async fn feedback_is_refused_before_the_session_and_out_of_range(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let (status, early) = w
        .act(
            &w.learner,
            &id(&booking),
            "feedback",
            json!({"rating": 5, "text": "Great"}),
        )
        .await;
    assert_eq!(status, 409, "not before the session: {early}");
    w.move_to(at(booking["end"].as_str().expect("a time")) + TimeDelta::minutes(1))
        .await;
    for rating in [0, 6] {
        let (status, body) = w
            .act(
                &w.learner,
                &id(&booking),
                "feedback",
                json!({"rating": rating, "text": "x"}),
            )
            .await;
        assert_eq!(status, 400, "rating {rating}: {body}");
    }
    let (status, body) = w
        .act(
            &w.learner,
            &id(&booking),
            "feedback",
            json!({"rating": 4, "text": "x".repeat(2001)}),
        )
        .await;
    assert_eq!(status, 400, "too long: {body}");
}

async fn lists_split_upcoming_past_and_cancelled_for_each_side(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let soon = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let later = w.booked(w.free_instant, TimeDelta::days(3)).await;
    let dropped = w.booked(w.free, TimeDelta::days(4)).await;
    let (status, _) = w
        .act(&w.learner, &id(&dropped), "cancel", json!({"reason": "no"}))
        .await;
    assert_eq!(status, 200);

    let upcoming = w.list(&w.learner, "").await;
    let ids: Vec<_> = upcoming.iter().map(|b| b["id"].clone()).collect();
    assert_eq!(
        ids,
        [soon["id"].clone(), later["id"].clone()],
        "soonest first"
    );
    assert_eq!(
        w.list(&w.learner, "as=learner&when=cancelled").await.len(),
        1
    );
    assert!(w.list(&w.learner, "when=past").await.is_empty());
    assert_eq!(w.list(&w.mentor, "as=mentor&when=upcoming").await.len(), 2);
    assert!(
        w.list(&w.other_learner, "").await.is_empty(),
        "only one's own"
    );

    w.move_to(at(soon["end"].as_str().expect("a time")) + TimeDelta::minutes(1))
        .await;
    let past = w.list(&w.learner, "when=past").await;
    assert_eq!(past.len(), 1);
    assert_eq!(past[0]["id"], soon["id"]);
    assert_eq!(past[0]["status"], "completed");

    let (status, _) = call(
        &w.app,
        "GET",
        "/api/bookings/?as=mentor",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 403, "a learner has no mentor bookings to list");
    let (status, _) = call(
        &w.app,
        "GET",
        "/api/bookings/?when=someday",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 400);
}

async fn a_start_off_the_grid_or_inside_the_notice_is_a_field_error(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let slot = w.slot_after(w.free_instant, TimeDelta::days(1)).await;
    let off_grid = (at(&slot) + TimeDelta::minutes(7)).to_rfc3339();
    let inside_notice = w.slots(w.free_instant).await[0].clone();
    w.move_to(at(&inside_notice) - TimeDelta::minutes(30)).await;
    let past = (w.clock.now() - TimeDelta::days(1)).to_rfc3339();
    let beyond_window = (w.clock.now() + TimeDelta::days(40)).to_rfc3339();
    for start in [
        off_grid,
        inside_notice,
        past,
        beyond_window,
        "tomorrow".to_owned(),
    ] {
        let (status, body) = w.book_as(&w.learner, w.free_instant, &start).await;
        assert_eq!(status, 400, "{start}: {body}");
        assert!(body["start"][0].is_string(), "{start}: {body}");
    }
    assert!(
        w.list(&w.learner, "").await.is_empty(),
        "nothing was booked"
    );
}

async fn a_taken_slot_is_a_conflict_with_a_clear_message(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.booked(w.free, TimeDelta::days(1)).await;
    let start = booking["start"].as_str().expect("a time").to_owned();
    let (status, body) = w.book_as(&w.other_learner, w.free, &start).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        detail(&body).contains("another"),
        "tells what to do: {body}"
    );
    // Another service of the same mentor overlapping the held hour is taken too.
    let (status, body) = w.book_as(&w.other_learner, w.paid, &start).await;
    assert_eq!(status, 409, "the mentor's time, not the service's: {body}");
}

async fn nobody_books_their_own_or_a_paused_service(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let slot = w.slot_after(w.free, TimeDelta::days(1)).await;
    let (status, body) = w.book_as(&w.mentor, w.free, &slot).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["service_id"][0].is_string(), "{body}");

    exec(
        &w.app.store,
        "UPDATE mentor_services SET active = FALSE WHERE id = $1",
        w.free,
    )
    .await;
    let (status, body) = w.book_as(&w.learner, w.free, &slot).await;
    assert_eq!(status, 400, "a paused service: {body}");
    assert!(body["service_id"][0].is_string(), "{body}");
    let (status, body) = w.book_as(&w.learner, 999_999, &slot).await;
    assert_eq!(status, 400, "no such service: {body}");
    let (status, body) = call(
        &w.app,
        "POST",
        "/api/bookings/",
        None,
        Some(json!({"service_id": w.free_instant, "start": slot})),
    )
    .await;
    assert_eq!(status, 401, "a guest signs in first: {body}");
}

async fn ids_are_unguessable(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let a = w.booked(w.free_instant, TimeDelta::days(1)).await;
    let b = w.booked(w.free_instant, TimeDelta::days(2)).await;
    for booking in [&a, &b] {
        // A UUIDv4: 122 random bits, the version 4 and the variant 10xx.
        let text = id(booking);
        let groups: Vec<usize> = text.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12], "{text}");
        assert!(
            text.chars().all(|c| c == '-' || c.is_ascii_hexdigit()),
            "{text}"
        );
        assert_eq!(&text[14..15], "4", "{text}");
        assert!("89ab".contains(&text[19..20]), "{text}");
    }
    assert_ne!(a["id"], b["id"]);
}

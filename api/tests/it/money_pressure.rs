//! Money rules under pressure (issue 20), as the people involved meet them
//! through the API, on both engines, on a clock the tests move:
//!
//! - a learner holds at most `MAX_OPEN_REQUESTS_PER_MENTOR` (2) open
//!   requests with one mentor and `MAX_OPEN_REQUESTS` (5) in all, one
//!   upcoming free session per mentor and `MAX_UPCOMING_FREE` (3) in all;
//!   past a cap the answer is 409 saying what to do;
//! - one account makes at most `BOOKINGS_PER_HOUR` new bookings an hour
//!   (429 with `Retry-After`);
//! - a disabled mentor is neither bookable nor payable: their requests are
//!   declined, their sessions cancelled with a full refund and the learners
//!   told; a disabled learner's bookings are cancelled as an
//!   administrator's cancellation; both are in the audit log.
//!
//! The races of the same issue are in `booking_races.rs`; the job worker's
//! lease and panics in `jobs.rs`.

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use api::store::Role;
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, spawn_app_with};
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    a_learner_holds_at_most_two_open_requests_per_mentor_and_five_in_all,
    one_upcoming_free_session_per_mentor_and_three_in_all,
    new_bookings_are_limited_per_account_and_hour,
    a_disabled_mentor_is_neither_bookable_nor_payable,
    a_disabled_learners_bookings_are_called_off_as_an_administrator_would,
);

const PAID: i64 = 80_000;

/// A fixed instant a second into an hour, so that the hourly limit's
/// window does not end while a test runs.
const T0: &str = "2026-11-23T03:00:01Z";

struct World {
    app: TestApp,
    hand: ManualClock,
    clock: Clock,
    /// Four mentors, each offering a paid session by request, a paid one
    /// due for payment at once and a free one confirmed at once:
    /// `(profile id, [paid request, paid instant, free instant], e-mail)`.
    mentors: Vec<(i64, [i64; 3], &'static str)>,
    learner: Caller,
}

const MENTORS: [(&str, &str); 4] = [
    ("Asha Rao", "asha@example.com"),
    ("Bina Das", "bina@example.com"),
    ("Chitra Iyer", "chitra@example.com"),
    ("Dev Menon", "dev@example.com"),
];

async fn world(engine: Engine, tweak: Option<fn(&mut api::config::Settings)>) -> Option<World> {
    let t0 = DateTime::parse_from_rfc3339(T0)
        .expect("T0")
        .with_timezone(&Utc);
    let (clock, hand) = Clock::manual_at(t0);
    let app = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock.clone()),
            tweak,
            ..Options::default()
        },
    )
    .await?;
    let mut mentors = Vec::new();
    for (name, email) in MENTORS {
        let (id, services) = bookings::mentor(
            &app,
            name,
            email,
            &[
                offer("Career plan", PAID, false),
                offer("Mock interview", PAID, true),
                offer("Quick chat", 0, true),
            ],
            bookings::daily("UTC", "00:00", "24:00"),
        )
        .await;
        mentors.push((id, [services[0], services[1], services[2]], email));
    }
    bookings::account(&app, "Lena Learner", "lena@example.com", Role::User).await;
    let learner = sign_in(&app, "lena@example.com", mentoring::PASSWORD).await;
    Some(World {
        app,
        hand,
        clock,
        mentors,
        learner,
    })
}

fn offer(title: &'static str, price_paise: i64, instant: bool) -> Offer {
    Offer {
        title,
        minutes: 60,
        price_paise,
        instant,
    }
}

fn id(booking: &Value) -> String {
    booking["id"].as_str().expect("an id").to_owned()
}

impl World {
    /// The `n`th open slot (a day or more ahead) of `service` of mentor `m`.
    async fn slot(&self, m: usize, service: i64, n: usize) -> String {
        let (status, body) = call(
            &self.app,
            "GET",
            &format!(
                "/api/mentors/{}/slots/?service={service}",
                self.mentors[m].0
            ),
            None,
            None,
        )
        .await;
        assert_eq!(status, 200, "slots: {body}");
        let slots = body.as_array().expect("a list");
        slots[30 + 2 * n]["start"]
            .as_str()
            .expect("a start")
            .to_owned()
    }

    /// The learner asks for mentor `m`'s service `kind` (0 paid request,
    /// 1 paid instant, 2 free instant) at its `n`th slot.
    async fn book(&self, m: usize, kind: usize, n: usize) -> (u16, Value) {
        let service = self.mentors[m].1[kind];
        let start = self.slot(m, service, n).await;
        call(
            &self.app,
            "POST",
            "/api/bookings/",
            Some(&self.learner.token),
            Some(json!({"service_id": service, "start": start})),
        )
        .await
    }

    async fn booked(&self, m: usize, kind: usize, n: usize) -> Value {
        let (status, body) = self.book(m, kind, n).await;
        assert_eq!(status, 201, "mentor {m} kind {kind} slot {n}: {body}");
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

    async fn mentor(&self, m: usize) -> Caller {
        sign_in(&self.app, self.mentors[m].2, mentoring::PASSWORD).await
    }

    /// Pays for a booking through the sandbox gateway, as the web app does.
    async fn pay(&self, id: &str) -> Value {
        let (status, checkout) = self.act(&self.learner, id, "checkout", json!({})).await;
        assert_eq!(status, 200, "checkout: {checkout}");
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

    async fn move_by(&mut self, by: TimeDelta) {
        self.hand.advance(by.to_std().expect("forward"));
        self.learner = sign_in(&self.app, "lena@example.com", mentoring::PASSWORD).await;
    }

    async fn mails_to(&self, address: &str, kind: &str) -> usize {
        self.app
            .store
            .outbox(Some(address), 200)
            .await
            .expect("outbox")
            .iter()
            .filter(|m| m.kind == kind)
            .count()
    }
}

const OPEN_PER_MENTOR: &str = "You already have 2 requests with this mentor waiting for an answer or a payment. Wait for the mentor's answer, pay for an accepted one, or cancel one in your bookings before asking again.";
const OPEN_IN_ALL: &str = "You already have 5 requests waiting for an answer or a payment. Wait for the mentors' answers, pay for an accepted one, or cancel one in your bookings before asking again.";
const FREE_PER_MENTOR: &str = "You already have an upcoming free session with this mentor. Book another free session after it has taken place, or choose a paid session.";
const FREE_IN_ALL: &str = "You already have 3 free sessions coming up. Book another after one has taken place, or cancel one in your bookings first.";

/// Two open requests with one mentor, five in all; a request answered or
/// withdrawn frees its place.
async fn a_learner_holds_at_most_two_open_requests_per_mentor_and_five_in_all(engine: Engine) {
    let Some(w) = world(engine, None).await else {
        return;
    };
    let first = w.booked(0, 0, 0).await;
    // A paid session due for payment at once is an open request too.
    w.booked(0, 1, 1).await;
    let (status, body) = w.book(0, 0, 2).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (409, Some(OPEN_PER_MENTOR))
    );
    w.booked(1, 0, 0).await;
    w.booked(1, 0, 1).await;
    w.booked(2, 0, 0).await;
    let (status, body) = w.book(2, 0, 1).await;
    assert_eq!((status, body["detail"].as_str()), (409, Some(OPEN_IN_ALL)));
    // A free session confirmed at once is not a request.
    w.booked(3, 2, 0).await;

    // The learner withdraws one request; the mentor accepts another and
    // it is paid: both places are free again.
    let (status, _) = w.act(&w.learner, &id(&first), "cancel", json!({})).await;
    assert_eq!(status, 200);
    w.booked(2, 0, 1).await;
    let (status, body) = w.book(3, 0, 1).await;
    assert_eq!((status, body["detail"].as_str()), (409, Some(OPEN_IN_ALL)));
    let asha = w.mentor(1).await;
    let bina_request = w
        .app
        .store
        .bookings_of(api::store::bookings::Side::Learner(w.learner.id))
        .await
        .expect("bookings")
        .into_iter()
        .find(|b| b.mentor_id == w.mentors[1].0 && b.status.as_str() == "pending")
        .expect("a pending request with Bina");
    let (status, accepted) = w.act(&asha, &bina_request.id, "accept", json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    w.pay(&bina_request.id).await;
    w.booked(3, 0, 1).await;
}

/// One upcoming free session with a mentor, three in all; one that has
/// taken place no longer counts.
async fn one_upcoming_free_session_per_mentor_and_three_in_all(engine: Engine) {
    let Some(mut w) = world(engine, None).await else {
        return;
    };
    let first = w.booked(0, 2, 0).await;
    let (status, body) = w.book(0, 2, 3).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (409, Some(FREE_PER_MENTOR))
    );
    // Paid sessions with the same mentor are not free ones.
    w.booked(0, 1, 4).await;
    w.booked(1, 2, 0).await;
    w.booked(2, 2, 0).await;
    let (status, body) = w.book(3, 2, 0).await;
    assert_eq!((status, body["detail"].as_str()), (409, Some(FREE_IN_ALL)));

    // After the first free session has ended, another may be booked.
    let end = DateTime::parse_from_rfc3339(first["end"].as_str().expect("an end"))
        .expect("RFC 3339")
        .with_timezone(&Utc);
    w.move_by(end - w.clock.now() + TimeDelta::minutes(1)).await;
    let (status, body) = w.book(3, 2, 0).await;
    assert_eq!(status, 201, "{body}");
}

/// `BOOKINGS_PER_HOUR` new bookings (attempts) an hour per account; the
/// next one is 429 with `Retry-After`, and the next hour may book again.
async fn new_bookings_are_limited_per_account_and_hour(engine: Engine) {
    fn three_an_hour(s: &mut api::config::Settings) {
        s.rate_limits = true;
        s.bookings_per_hour = 3;
    }
    let Some(mut w) = world(engine, Some(three_an_hour)).await else {
        return;
    };
    w.booked(0, 2, 0).await;
    w.booked(1, 2, 0).await;
    // A refused attempt counts too (it cost the mentor nothing, but an
    // account probing slots is what the limit is for).
    let (status, _) = w.book(1, 2, 1).await;
    assert_eq!(status, 409);
    let service = w.mentors[2].1[2];
    let start = w.slot(2, service, 0).await;
    let resp = w
        .app
        .client
        .post(w.app.url("/api/bookings/"))
        .bearer_auth(&w.learner.token)
        .json(&json!({"service_id": service, "start": start}))
        .send()
        .await
        .expect("sent");
    assert_eq!(resp.status(), 429);
    let retry: i64 = resp
        .headers()
        .get("retry-after")
        .expect("Retry-After")
        .to_str()
        .expect("text")
        .parse()
        .expect("seconds");
    assert!((1..=3600).contains(&retry), "{retry}");
    let body: Value = resp.json().await.expect("JSON");
    assert!(
        body["detail"].as_str().is_some_and(|d| d.starts_with(
            "You have made 3 bookings this hour, the most one account may. Please try again in "
        )),
        "{body}"
    );
    w.move_by(TimeDelta::seconds(retry)).await;
    w.booked(2, 2, 0).await;
}

/// Disabling a mentor's account declines their requests, cancels their
/// accepted and confirmed sessions with a full refund (the learner told),
/// stops their profile taking bookings or payments, and is audited.
async fn a_disabled_mentor_is_neither_bookable_nor_payable(engine: Engine) {
    // Three requests with one mentor: past the holding cap.
    let Some(w) = world(engine, Some(common::no_hold_caps)).await else {
        return;
    };
    let asha = w.mentor(0).await;
    let request = w.booked(0, 0, 0).await;
    let awaiting = w.booked(0, 0, 1).await;
    let (status, _) = w.act(&asha, &id(&awaiting), "accept", json!({})).await;
    assert_eq!(status, 200);
    let paid = w.booked(0, 1, 2).await;
    w.pay(&id(&paid)).await;
    let (status, checkout) = w
        .act(&w.learner, &id(&awaiting), "checkout", json!({}))
        .await;
    assert_eq!(status, 200, "{checkout}");

    let said = api::admin::set_disabled(
        &w.app.state,
        "asha@example.com",
        true,
        Some("Asked to close".into()),
    )
    .await
    .expect("disabled");
    assert!(
        said.contains("3 upcoming bookings were called off"),
        "{said}"
    );

    for (booking, by) in [
        (&request, "mentor"),
        (&awaiting, "mentor"),
        (&paid, "mentor"),
    ] {
        let b = w.app.store.booking(&id(booking)).await.expect("booking");
        assert_eq!(b.status.as_str(), "cancelled", "{}", b.id);
        assert_eq!(b.cancelled_by.as_deref(), Some(by));
    }
    let refunded = w.app.store.booking(&id(&paid)).await.expect("booking");
    assert_eq!(refunded.refund_owed_paise.to_i64(), PAID, "a full refund");
    assert_eq!(w.mails_to("lena@example.com", "booking_declined").await, 1);
    assert_eq!(w.mails_to("lena@example.com", "booking_cancelled").await, 2);

    // Not payable: the hold it had is gone.
    let (status, body) = w
        .act(&w.learner, &id(&awaiting), "checkout", json!({}))
        .await;
    assert_eq!(status, 409, "{body}");
    // Not bookable: not listed (issue 21), so no open times, and a booking
    // is refused.
    let (status, slots) = call(
        &w.app,
        "GET",
        &format!(
            "/api/mentors/{}/slots/?service={}",
            w.mentors[0].0, w.mentors[0].1[2]
        ),
        None,
        None,
    )
    .await;
    assert_eq!(status, 404, "{slots}");
    let other = w.slot(1, w.mentors[1].1[2], 0).await;
    let (status, body) = call(
        &w.app,
        "POST",
        "/api/bookings/",
        Some(&w.learner.token),
        Some(json!({"service_id": w.mentors[0].1[2], "start": other})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["service_id"][0],
        "This mentor is not taking bookings at the moment. Choose another mentor."
    );
    // Their session ended: the mentor's token no longer works.
    let (status, _) = call(
        &w.app,
        "GET",
        "/api/bookings/?as=mentor",
        Some(&asha.token),
        None,
    )
    .await;
    assert_eq!(status, 401);

    let user = w
        .app
        .store
        .user_by_email(&common::email("asha@example.com"))
        .await
        .expect("user");
    let audit = w
        .app
        .store
        .audit_of("user", &user.id.to_string())
        .await
        .expect("audit");
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].action, "account.disabled");
    assert_eq!(audit[0].actor, "cli");
    assert_eq!(audit[0].reason.as_deref(), Some("Asked to close"));
    let after: Value =
        serde_json::from_str(audit[0].after_json.as_deref().expect("after")).expect("JSON");
    assert_eq!(after["bookings_called_off"], 3);

    // Enabled again: bookable again, and that is audited too.
    api::admin::set_disabled(&w.app.state, "asha@example.com", false, None)
        .await
        .expect("enabled");
    let start = w.slot(0, w.mentors[0].1[2], 5).await;
    let (status, body) = call(
        &w.app,
        "POST",
        "/api/bookings/",
        Some(&w.learner.token),
        Some(json!({"service_id": w.mentors[0].1[2], "start": start})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let audit = w
        .app
        .store
        .audit_of("user", &user.id.to_string())
        .await
        .expect("audit");
    assert_eq!(audit.len(), 2);
    assert_eq!(audit[1].action, "account.enabled");
}

/// Disabling a learner's account cancels their requests and sessions as an
/// administrator's cancellation (a paid session refunded by the rules, in
/// full), and tells the mentors.
async fn a_disabled_learners_bookings_are_called_off_as_an_administrator_would(engine: Engine) {
    let Some(w) = world(engine, None).await else {
        return;
    };
    let request = w.booked(0, 0, 0).await;
    let paid = w.booked(1, 1, 0).await;
    w.pay(&id(&paid)).await;
    let free = w.booked(2, 2, 0).await;

    let said = api::admin::set_disabled(&w.app.state, "lena@example.com", true, None)
        .await
        .expect("disabled");
    assert!(
        said.contains("3 upcoming bookings were called off"),
        "{said}"
    );
    for booking in [&request, &paid, &free] {
        let b = w.app.store.booking(&id(booking)).await.expect("booking");
        assert_eq!(b.status.as_str(), "cancelled", "{}", b.id);
        assert_eq!(b.cancelled_by.as_deref(), Some("admin"));
        assert_eq!(
            b.cancel_reason.as_deref(),
            Some(api::bookings::LEARNER_DISABLED_REASON)
        );
    }
    let refunded = w.app.store.booking(&id(&paid)).await.expect("booking");
    assert_eq!(refunded.refund_owed_paise.to_i64(), PAID);
    for (_, _, email) in &w.mentors[..3] {
        assert_eq!(w.mails_to(email, "booking_cancelled").await, 1, "{email}");
    }
}

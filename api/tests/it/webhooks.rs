//! Signed webhooks (issue 25): an administrator registers an endpoint; the
//! events a booking, its payment, a refund and an approval raise reach a
//! local receiver, each signed `t=<t>,v1=<HMAC-SHA256 of "<t>.<body>">`
//! with the endpoint's secret; a failed delivery is retried by the job
//! queue with the same body and its log shows every attempt; a public site
//! refuses endpoints on this machine or a private network; and only
//! administrators manage them.
//!
//! The job worker is off in these servers: the test runs due jobs itself
//! (`jobs::run_due`), so each step is exactly one pass of the queue.

use std::sync::{Arc, Mutex};

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use bookings::Offer;
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use hmac::{Hmac, Mac};
use mentoring::{Caller, call, sign_in};
use poem::web::Data;
use poem::{EndpointExt, Request, Response, Route, handler, post};
use serde_json::{Value, json};
use sha2::Sha256;
use tokio::sync::oneshot;

on_both_engines!(
    events_reach_the_receiver_signed_and_a_failure_is_retried,
    every_kind_of_event_is_sent_a_paid_booking_its_refund_an_approval_a_move_and_a_held_session,
    a_public_site_refuses_endpoints_inside_and_bad_bodies_get_field_errors,
    endpoints_are_changed_paused_and_removed_by_administrators_only,
);

/// What the receiver got: each request's signature header and body.
#[derive(Default)]
struct Seen {
    requests: Vec<(String, String, String)>,
    /// Statuses to answer, in order; 200 once they run out.
    script: Vec<u16>,
}

struct Receiver {
    url: String,
    seen: Arc<Mutex<Seen>>,
    _stop: oneshot::Sender<()>,
}

impl Receiver {
    async fn start(script: &[u16]) -> Receiver {
        #[handler]
        async fn hook(req: &Request, body: String, seen: Data<&Arc<Mutex<Seen>>>) -> Response {
            let header = |name: &str| {
                req.headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
                    .to_owned()
            };
            let mut seen = seen.0.lock().expect("lock");
            seen.requests.push((
                header("x-mentorbridge-signature"),
                header("x-mentorbridge-event"),
                body,
            ));
            let status = if seen.script.is_empty() {
                200
            } else {
                seen.script.remove(0)
            };
            Response::builder()
                .status(poem::http::StatusCode::from_u16(status).expect("a status"))
                .body(format!("answered {status}"))
        }
        let seen = Arc::new(Mutex::new(Seen {
            script: script.to_vec(),
            ..Seen::default()
        }));
        let app = Route::new().at("/hooks", post(hook)).data(seen.clone());
        let (addr, stop) = common::serve_locally(app).await;
        Receiver {
            url: format!("http://{addr}/hooks"),
            seen,
            _stop: stop,
        }
    }

    fn requests(&self) -> Vec<(String, String, String)> {
        self.seen.lock().expect("lock").requests.clone()
    }
}

struct World {
    app: TestApp,
    hand: ManualClock,
    admin: Caller,
    mentor: Caller,
    learner: Caller,
    mentor_id: i64,
    paid: i64,
    free: i64,
}

fn no_worker(settings: &mut api::config::Settings) {
    common::no_hold_caps(settings);
    settings.job_worker = false;
}

async fn world_with(engine: Engine, public_url: Option<String>) -> Option<World> {
    let db = TestDb::fresh(engine).await?;
    let (clock, hand) = Clock::manual();
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock),
            public_url,
            secret_key: Some("a test secret key that is long enough to sign tokens".into()),
            tweak: Some(no_worker),
            ..Options::default()
        },
    )
    .await;
    let (mentor_id, services) = bookings::mentor(
        &app,
        "Meera Nair",
        "meera@example.com",
        &[
            Offer {
                title: "Career plan",
                minutes: 45,
                price_paise: 75_000,
                instant: true,
            },
            Offer {
                title: "Intro call",
                minutes: 30,
                price_paise: 0,
                instant: true,
            },
        ],
        bookings::daily("Asia/Kolkata", "09:00", "17:00"),
    )
    .await;
    use api::store::Role;
    bookings::account(&app, "Lata Learner", "lata@example.com", Role::User).await;
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    let admin = sign_in(&app, "ada@example.com", mentoring::PASSWORD).await;
    let mentor = sign_in(&app, "meera@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lata@example.com", mentoring::PASSWORD).await;
    Some(World {
        app,
        hand,
        admin,
        mentor,
        learner,
        mentor_id,
        paid: services[0],
        free: services[1],
    })
}

async fn world(engine: Engine) -> Option<World> {
    world_with(engine, None).await
}

impl World {
    async fn as_(
        &self,
        who: &Caller,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        call(&self.app, method, path, Some(&who.token), body).await
    }

    async fn register(&self, url: &str, events: &[&str]) -> Value {
        let (status, body) = self
            .as_(
                &self.admin,
                "POST",
                "/api/admin/webhooks/",
                Some(json!({"url": url, "events": events, "description": "Our CRM"})),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        body
    }

    /// The first open slot of `service` at least `days` ahead.
    async fn slot_after(&self, service: i64, days: i64) -> String {
        let (status, slots) = self
            .as_(
                &self.learner,
                "GET",
                &format!("/api/mentors/{}/slots/?service={service}", self.mentor_id),
                None,
            )
            .await;
        assert_eq!(status, 200, "{slots}");
        let later = self.app.state.clock.now() + chrono::TimeDelta::days(days);
        slots
            .as_array()
            .expect("a bare array")
            .iter()
            .filter_map(|s| s["start"].as_str())
            .find(|s| chrono::DateTime::parse_from_rfc3339(s).is_ok_and(|t| t > later))
            .unwrap_or_else(|| panic!("an open slot {days} days ahead"))
            .to_owned()
    }

    /// Books the first open slot of `service` two days or more ahead (the
    /// learner may still cancel it) as the learner.
    async fn book(&self, service: i64) -> String {
        let start = self.slot_after(service, 2).await;
        let (status, body) = self
            .as_(
                &self.learner,
                "POST",
                "/api/bookings/",
                Some(json!({"service_id": service, "start": start, "note": "Hello"})),
            )
            .await;
        assert_eq!(status, 201, "books: {body}");
        body["id"].as_str().expect("an id").to_owned()
    }

    async fn run_jobs(&self) {
        api::jobs::run_due(&self.app.state).await.expect("jobs run");
    }

    async fn deliveries(&self, endpoint: i64) -> Vec<Value> {
        let (status, body) = self
            .as_(
                &self.admin,
                "GET",
                &format!("/api/admin/webhooks/{endpoint}/deliveries/"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body.as_array().expect("a bare array").clone()
    }

    /// Pays for booking `id` through the sandbox gateway, as the web app does.
    async fn pay(&self, id: &str) {
        let (status, checkout) = self
            .as_(
                &self.learner,
                "POST",
                &format!("/api/bookings/{id}/checkout/"),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, 200, "checkout: {checkout}");
        let order = checkout["order_id"].as_str().expect("an order id");
        let (status, signed) = self
            .as_(
                &self.learner,
                "POST",
                &format!("/api/payments/sandbox/{order}/pay/"),
                Some(json!({"method": "upi", "outcome": "success"})),
            )
            .await;
        assert_eq!(status, 200, "sandbox pays: {signed}");
        let (status, booking) = self
            .as_(&self.learner, "POST", "/api/payments/verify/", Some(signed))
            .await;
        assert_eq!(status, 200, "verify: {booking}");
    }
}

/// Checks `header` against `secret` and `body` as a receiver would, and
/// gives its time.
fn verified(secret: &str, header: &str, body: &str) -> i64 {
    let (t, v1) = header
        .split_once(',')
        .and_then(|(t, v)| Some((t.strip_prefix("t=")?, v.strip_prefix("v1=")?)))
        .unwrap_or_else(|| panic!("t=...,v1=...: {header:?}"));
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("a key");
    mac.update(format!("{t}.{body}").as_bytes());
    mac.verify_slice(&hex::decode(v1).expect("hex"))
        .unwrap_or_else(|_| panic!("the signature holds: {header}"));
    t.parse().expect("unix seconds")
}

fn event_of(body: &str) -> Value {
    serde_json::from_str(body).expect("a JSON body")
}

async fn events_reach_the_receiver_signed_and_a_failure_is_retried(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let receiver = Receiver::start(&[500]).await;
    let endpoint = w
        .register(
            &receiver.url,
            &[
                "booking.confirmed",
                "booking.requested",
                "booking.cancelled",
            ],
        )
        .await;
    let secret = endpoint["secret"]
        .as_str()
        .expect("the secret, once")
        .to_owned();
    assert!(
        secret.starts_with("whsec_") && secret.len() > 30,
        "{secret}"
    );
    assert_eq!(
        endpoint["events"],
        json!([
            "booking.requested",
            "booking.confirmed",
            "booking.cancelled"
        ]),
        "in the list's order"
    );
    let id = endpoint["id"].as_i64().expect("an id");
    // The list never shows the secret again.
    let (_, list) = w.as_(&w.admin, "GET", "/api/admin/webhooks/", None).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    assert!(list[0].get("secret").is_none(), "{list}");
    assert!(!list.to_string().contains(&secret));

    // An instant free booking: requested and confirmed, in that order.
    let booking = w.book(w.free).await;
    assert!(
        receiver.requests().is_empty(),
        "sent by the queue, not the request"
    );
    w.run_jobs().await;
    let seen = receiver.requests();
    assert_eq!(seen.len(), 2, "{seen:?}");
    let now = w.app.state.clock.now().timestamp();
    for (header, event, body) in &seen {
        assert_eq!(
            verified(&secret, header, body),
            now,
            "signed at the attempt"
        );
        let e = event_of(body);
        assert_eq!(e["event"], event.as_str());
        assert_eq!(e["data"]["booking"]["id"], booking.as_str());
        assert!(
            e["id"].as_str().is_some_and(|i| i.starts_with("evt_")),
            "{e}"
        );
    }
    let events: Vec<&str> = seen.iter().map(|(_, e, _)| e.as_str()).collect();
    assert_eq!(events, ["booking.requested", "booking.confirmed"]);
    // A signature under another secret does not hold.
    let mut other = Hmac::<Sha256>::new_from_slice(b"another secret").expect("key");
    other.update(format!("{now}.{}", seen[0].2).as_bytes());
    assert_ne!(
        seen[0].0,
        format!("t={now},v1={}", hex::encode(other.finalize().into_bytes()))
    );

    // The first answered 500: it waits a minute, then goes again, the same body.
    w.run_jobs().await;
    assert_eq!(receiver.requests().len(), 2, "not before its time");
    w.hand.advance(std::time::Duration::from_secs(61));
    w.run_jobs().await;
    let seen = receiver.requests();
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert_eq!(seen[2].2, seen[0].2, "the same bytes, the same event id");
    assert_eq!(
        verified(&secret, &seen[2].0, &seen[2].2),
        w.app.state.clock.now().timestamp(),
        "signed anew at the retry"
    );

    let log = w.deliveries(id).await;
    assert_eq!(log.len(), 2, "{log:?}");
    // Newest first: the confirmation went at once, the request on its second try.
    assert_eq!(log[0]["event"], "booking.confirmed");
    assert_eq!(log[0]["status"], "delivered");
    assert_eq!(log[0]["attempts"], 1);
    assert_eq!(log[1]["event"], "booking.requested");
    assert_eq!(log[1]["status"], "delivered");
    assert_eq!(log[1]["attempts"], 2);
    let codes: Vec<i64> = log[1]["log"]
        .as_array()
        .expect("the attempts")
        .iter()
        .map(|a| a["status_code"].as_i64().expect("a status"))
        .collect();
    assert_eq!(codes, [500, 200]);
    assert_eq!(log[1]["log"][0]["answer"], "answered 500");
    assert_eq!(
        event_of(log[1]["payload"].as_str().expect("the body"))["event"],
        "booking.requested"
    );

    // Cancelled by the learner: one more event; nothing else was subscribed.
    let (status, body) = w
        .as_(
            &w.learner,
            "POST",
            &format!("/api/bookings/{booking}/cancel/"),
            Some(json!({"reason": "Plans changed"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    w.run_jobs().await;
    let seen = receiver.requests();
    assert_eq!(seen.len(), 4);
    assert_eq!(seen[3].1, "booking.cancelled");
    assert_eq!(
        event_of(&seen[3].2)["data"]["booking"]["cancelled_by"],
        "learner"
    );
}

async fn every_kind_of_event_is_sent_a_paid_booking_its_refund_an_approval_a_move_and_a_held_session(
    engine: Engine,
) {
    let Some(w) = world(engine).await else { return };
    let receiver = Receiver::start(&[]).await;
    let all = [
        "booking.requested",
        "booking.confirmed",
        "booking.rescheduled",
        "booking.cancelled",
        "booking.completed",
        "payment.captured",
        "refund.processed",
        "mentor.approved",
    ];
    let endpoint = w.register(&receiver.url, &all).await;
    let secret = endpoint["secret"].as_str().expect("a secret").to_owned();
    let booking = w.book(w.paid).await;
    w.pay(&booking).await;
    // The mentor cancels: the learner's money comes back in full.
    let (status, body) = w
        .as_(
            &w.mentor,
            "POST",
            &format!("/api/bookings/{booking}/cancel/"),
            Some(json!({"reason": "I am unwell"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The refund is sent to the gateway by a job, and settles.
    w.run_jobs().await;
    w.run_jobs().await;
    let seen = receiver.requests();
    let events: Vec<&str> = seen.iter().map(|(_, e, _)| e.as_str()).collect();
    assert_eq!(
        events,
        [
            "booking.requested",
            "booking.confirmed",
            "payment.captured",
            "booking.cancelled",
            "refund.processed"
        ],
        "{seen:?}"
    );
    for (header, _, body) in &seen {
        verified(&secret, header, body);
    }
    let captured = event_of(&seen[2].2);
    assert_eq!(captured["data"]["payment"]["booking_id"], booking.as_str());
    assert_eq!(captured["data"]["payment"]["amount_paise"], 75_000);
    assert_eq!(captured["data"]["payment"]["sandbox"], true);
    let refunded = event_of(&seen[4].2);
    assert_eq!(refunded["data"]["refund"]["booking_id"], booking.as_str());
    assert_eq!(refunded["data"]["refund"]["amount_paise"], 75_000);
    let cancelled = event_of(&seen[3].2);
    assert_eq!(cancelled["data"]["booking"]["cancelled_by"], "mentor");

    // The learner applies to mentor and is approved: mentor.approved.
    let (status, applied) = w
        .as_(
            &w.learner,
            "POST",
            "/api/mentor-applications/",
            Some(json!({
                "name": "Lata Learner",
                "email": "lata.mentor@example.com",
                "phone": "+91 98765-43210",
                "expertise": ["technology", "Rust"],
                "experience_years": 8,
                "current_role": "Staff Engineer",
                "company": "Acme Payments",
                "linkedin": "https://www.linkedin.com/in/lata-learner",
                "links": [],
                "bio": "Eight years building payment systems in Rust; I help engineers grow into senior roles.",
                "services": [{"title": "Career chat", "duration_minutes": 30, "price_paise": 0}],
            })),
        )
        .await;
    assert_eq!(status, 201, "{applied}");
    let application = applied["id"].as_str().expect("an id").to_owned();
    let (status, decided) = w
        .as_(
            &w.admin,
            "POST",
            &format!("/api/admin/mentor-applications/{application}/approve/"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{decided}");
    w.run_jobs().await;
    let seen = receiver.requests();
    assert_eq!(seen.len(), 6, "{seen:?}");
    assert_eq!(seen[5].1, "mentor.approved");
    let approved = event_of(&seen[5].2);
    assert_eq!(approved["data"]["mentor"]["id"], decided["mentor_id"]);
    assert_eq!(approved["data"]["mentor"]["user_id"], w.learner.id);
    assert_eq!(approved["data"]["mentor"]["name"], "Lata Learner");
    assert_ne!(approved["data"]["mentor"]["id"], w.mentor_id);

    // A free session moved to another time, then held: rescheduled, completed.
    let session = w.book(w.free).await;
    let new_start = w.slot_after(w.free, 3).await;
    let (status, moved) = w
        .as_(
            &w.learner,
            "POST",
            &format!("/api/bookings/{session}/reschedule/"),
            Some(json!({"start": new_start})),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    w.run_jobs().await;
    let end = chrono::DateTime::parse_from_rfc3339(moved["end"].as_str().expect("an end"))
        .expect("a time")
        .with_timezone(&chrono::Utc);
    let wait = (end - w.app.state.clock.now()).to_std().expect("ahead")
        + std::time::Duration::from_secs(60);
    w.hand.advance(wait);
    w.run_jobs().await;
    w.run_jobs().await;
    let seen = receiver.requests();
    let events: Vec<&str> = seen[6..].iter().map(|(_, e, _)| e.as_str()).collect();
    assert_eq!(
        events,
        [
            "booking.requested",
            "booking.confirmed",
            "booking.rescheduled",
            "booking.completed"
        ],
        "{events:?}"
    );
    let rescheduled = event_of(&seen[8].2);
    assert_eq!(
        rescheduled["data"]["booking"]["start"]
            .as_str()
            .map(|s| chrono::DateTime::parse_from_rfc3339(s).ok()),
        Some(chrono::DateTime::parse_from_rfc3339(&new_start).ok())
    );
    assert_eq!(rescheduled["data"]["booking"]["reschedule_count"], 1);
    assert_eq!(
        event_of(&seen[9].2)["data"]["booking"]["status"],
        "completed"
    );
}

async fn a_public_site_refuses_endpoints_inside_and_bad_bodies_get_field_errors(engine: Engine) {
    let Some(w) = world_with(engine, Some("https://mentors.example.com".into())).await else {
        return;
    };
    for url in [
        "http://hooks.example.com/in",
        "https://127.0.0.1:9000/in",
        "https://localhost/in",
        "https://10.0.0.7/in",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/in",
    ] {
        let (status, body) = w
            .as_(
                &w.admin,
                "POST",
                "/api/admin/webhooks/",
                Some(json!({"url": url, "events": ["booking.confirmed"]})),
            )
            .await;
        assert_eq!(status, 400, "{url}: {body}");
        assert!(body["url"][0].as_str().is_some(), "{url}: {body}");
    }
    let (status, body) = w
        .as_(
            &w.admin,
            "POST",
            "/api/admin/webhooks/",
            Some(json!({"url": "https://hooks.example.com/in", "events": ["booking.deleted"], "secret": "short"})),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["events"][0],
        "There is no such event. (booking.deleted)"
    );
    assert!(body["secret"][0].as_str().is_some(), "{body}");
    let (status, body) = w
        .as_(
            &w.admin,
            "POST",
            "/api/admin/webhooks/",
            Some(json!({"events": []})),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["url"][0], "This field is required.");
    assert_eq!(body["events"][0], "Choose at least one event.");
    // A public https address is taken, with the secret chosen.
    let (status, body) = w
        .as_(
            &w.admin,
            "POST",
            "/api/admin/webhooks/",
            Some(json!({
                "url": "https://hooks.example.com/in",
                "events": ["booking.confirmed"],
                "secret": "a secret of our own choosing",
            })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["secret"], "a secret of our own choosing");
    // Stored sealed, never as it was given.
    let rows = w.app.store.webhook_endpoints().await.expect("rows");
    assert!(
        !rows[0].secret.contains("our own choosing"),
        "{:?}",
        rows[0].secret
    );
}

async fn endpoints_are_changed_paused_and_removed_by_administrators_only(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let receiver = Receiver::start(&[]).await;
    let endpoint = w.register(&receiver.url, &["booking.confirmed"]).await;
    let id = endpoint["id"].as_i64().expect("an id");
    let old = endpoint["secret"].as_str().expect("a secret").to_owned();
    for who in [&w.mentor, &w.learner] {
        for (method, path, body) in [
            ("GET", "/api/admin/webhooks/".to_owned(), None),
            (
                "POST",
                "/api/admin/webhooks/".to_owned(),
                Some(json!({"url": receiver.url, "events": ["booking.confirmed"]})),
            ),
            (
                "PATCH",
                format!("/api/admin/webhooks/{id}/"),
                Some(json!({"active": false})),
            ),
            ("DELETE", format!("/api/admin/webhooks/{id}/"), None),
            ("GET", format!("/api/admin/webhooks/{id}/deliveries/"), None),
        ] {
            let (status, answer) = w.as_(who, method, &path, body).await;
            assert_eq!(status, 403, "{method} {path}: {answer}");
        }
    }
    let (status, _) = call(&w.app, "GET", "/api/admin/webhooks/", None, None).await;
    assert_eq!(status, 401);
    // The events the console offers, in order, each with its words.
    let (status, events) = w
        .as_(&w.admin, "GET", "/api/admin/webhooks/events/", None)
        .await;
    assert_eq!(status, 200, "{events}");
    let names: Vec<&str> = events
        .as_array()
        .expect("a bare array")
        .iter()
        .filter_map(|e| e["event"].as_str())
        .collect();
    assert_eq!(names, domain_wasm::webhooks::EVENTS);
    assert_eq!(events[5]["label"], "A payment is received");

    // A new secret signs from now on; paused, nothing is sent.
    let (status, changed) = w
        .as_(
            &w.admin,
            "PATCH",
            &format!("/api/admin/webhooks/{id}/"),
            Some(json!({"rotate_secret": true, "events": ["booking.requested", "booking.confirmed"]})),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    let new = changed["secret"]
        .as_str()
        .expect("the new secret")
        .to_owned();
    assert_ne!(new, old);
    assert_eq!(
        changed["events"],
        json!(["booking.requested", "booking.confirmed"])
    );
    w.book(w.free).await;
    w.run_jobs().await;
    let seen = receiver.requests();
    assert_eq!(seen.len(), 2);
    verified(&new, &seen[0].0, &seen[0].2);

    let (status, paused) = w
        .as_(
            &w.admin,
            "PATCH",
            &format!("/api/admin/webhooks/{id}/"),
            Some(json!({"active": false})),
        )
        .await;
    assert_eq!(status, 200, "{paused}");
    assert_eq!(paused["active"], false);
    assert!(paused.get("secret").is_none(), "{paused}");
    let (status, slots) = w
        .as_(
            &w.learner,
            "GET",
            &format!("/api/mentors/{}/slots/?service={}", w.mentor_id, w.free),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let start = slots[1]["start"].as_str().expect("another slot").to_owned();
    let (status, _) = w
        .as_(
            &w.learner,
            "POST",
            "/api/bookings/",
            Some(json!({"service_id": w.free, "start": start, "note": ""})),
        )
        .await;
    assert_eq!(status, 201);
    w.run_jobs().await;
    assert_eq!(
        receiver.requests().len(),
        2,
        "a paused endpoint is sent nothing"
    );

    // Every change is in the audit log, with who did it.
    let actions: Vec<String> = w
        .app
        .store
        .audit_latest(10)
        .await
        .expect("audit")
        .into_iter()
        .filter(|a| a.object_type == "webhook")
        .map(|a| a.action)
        .collect();
    assert_eq!(actions.len(), 3, "{actions:?}");
    assert!(
        actions.iter().all(|a| a.starts_with("webhook.")),
        "{actions:?}"
    );

    let (status, _) = w
        .as_(
            &w.admin,
            "DELETE",
            &format!("/api/admin/webhooks/{id}/"),
            None,
        )
        .await;
    assert_eq!(status, 204);
    for (method, path) in [
        ("DELETE", format!("/api/admin/webhooks/{id}/")),
        ("GET", format!("/api/admin/webhooks/{id}/deliveries/")),
        ("DELETE", "/api/admin/webhooks/nope/".to_owned()),
    ] {
        let (status, body) = w.as_(&w.admin, method, &path, None).await;
        assert_eq!(status, 404, "{method} {path}: {body}");
    }
    let (status, body) = w
        .as_(
            &w.admin,
            "PATCH",
            &format!("/api/admin/webhooks/{id}/"),
            Some(json!({"active": true})),
        )
        .await;
    assert_eq!(status, 404, "{body}");
}

//! Refunds (issue 13) on both engines, over HTTP: the automatic refund of
//! a mentor's cancellation, a learner's request through the admin queue
//! (approve, reject), the rules' refusals (someone else's booking, a
//! second request, the 7-day window, the partial refund after feedback),
//! the job that executes a refund (retried: one refund, one ledger
//! transaction, one receipt), a refund webhook (replayed: settled once),
//! and racing approvals that never refund more than was paid. Time moves
//! on a manual clock; refunds are executed by calling the job's function
//! from a second state on the same database (the server's worker may run
//! it too: that is the retry the test wants).

use crate::{bookings, common, mentoring};
use std::collections::BTreeMap;
use std::sync::Arc;

use api::clock::{Clock, ManualClock};
use api::config::Settings;
use api::payments::{Gateway, SandboxGateway};
use api::state::AppState;
use api::store::refunds::NewRefund;
use api::store::{Role, Store};
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use domain_wasm::money::Paise;
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    a_mentor_cancellation_is_refunded_in_full_once,
    a_timely_cancellation_and_a_mentor_no_show_are_refunded_by_themselves,
    a_request_waits_for_review_and_an_approval_pays_it,
    a_rejection_needs_a_reason_and_tells_the_learner,
    refusals_follow_the_rules,
    the_partial_refund_follows_feedback,
    a_webhook_settles_a_pending_refund_once,
    a_second_payment_goes_back_on_its_own_payment,
    a_failed_refund_tells_the_learner_and_is_refundable_again,
    racing_decisions_never_refund_more_than_was_paid,
);

const PAID: i64 = 50_000;
const SECRET: &str = "refunds-test-secret-key-0123456789abcdef";

macro_rules! on_store {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite($pool) => $body,
            Store::Postgres($pool) => $body,
        }
    };
}

// ---- The world ---------------------------------------------------------

struct World {
    app: TestApp,
    hand: ManualClock,
    clock: Clock,
    /// A second state on the same database (no workers): runs the refund job.
    state: Arc<AppState>,
    mentor_id: i64,
    mentor: Caller,
    learner: Caller,
    stranger: Caller,
    admin: Caller,
    paid_instant: i64,
}

async fn world(engine: Engine) -> Option<World> {
    let (clock, hand) = Clock::manual();
    let db = TestDb::fresh(engine).await?;
    let url = db.url.clone();
    let media = db.dir().join("media2");
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits: false,
            secret_key: Some(SECRET.into()),
            clock: Some(clock.clone()),
            ..Options::default()
        },
    )
    .await;
    let mut settings = Settings::for_database(url);
    settings.media_dir = media;
    settings.secret_key = Some(SECRET.into());
    settings.clock = clock.clone();
    let store = api::server::prepare(&settings).await.expect("store opens");
    let bound = api::server::bind(&settings, store).await.expect("binds");
    let state = bound.state().clone();
    let (mentor_id, services) = bookings::mentor(
        &app,
        "Asha Rao",
        "asha@example.com",
        &[Offer {
            title: "Mock interview",
            minutes: 60,
            price_paise: PAID,
            instant: true,
        }],
        bookings::daily("Asia/Kolkata", "00:00", "24:00"),
    )
    .await;
    bookings::account(&app, "Lena Learner", "lena@example.com", Role::User).await;
    bookings::account(&app, "Sam Stranger", "sam@example.com", Role::User).await;
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    Some(World {
        mentor: sign_in(&app, "asha@example.com", mentoring::PASSWORD).await,
        learner: sign_in(&app, "lena@example.com", mentoring::PASSWORD).await,
        stranger: sign_in(&app, "sam@example.com", mentoring::PASSWORD).await,
        admin: sign_in(&app, "ada@example.com", mentoring::PASSWORD).await,
        app,
        hand,
        clock,
        state,
        mentor_id,
        paid_instant: services[0],
    })
}

impl World {
    async fn post(&self, who: &Caller, path: &str, body: Value) -> (u16, Value) {
        call(&self.app, "POST", path, Some(&who.token), Some(body)).await
    }

    async fn get(&self, who: &Caller, path: &str) -> (u16, Value) {
        call(&self.app, "GET", path, Some(&who.token), None).await
    }

    /// Moves the clock by `by`; everyone signs in again (tokens last an hour).
    async fn wait(&mut self, by: TimeDelta) {
        self.hand.advance(by.to_std().expect("forward"));
        self.mentor = sign_in(&self.app, "asha@example.com", mentoring::PASSWORD).await;
        self.learner = sign_in(&self.app, "lena@example.com", mentoring::PASSWORD).await;
        self.stranger = sign_in(&self.app, "sam@example.com", mentoring::PASSWORD).await;
        self.admin = sign_in(&self.app, "ada@example.com", mentoring::PASSWORD).await;
    }

    /// The learner books the session about `ahead` from now and pays it
    /// through the sandbox: the confirmed booking's id.
    async fn paid_booking(&self, ahead: TimeDelta) -> String {
        let earliest = self.clock.now() + ahead;
        let (status, slots) = call(
            &self.app,
            "GET",
            &format!(
                "/api/mentors/{}/slots/?service={}",
                self.mentor_id, self.paid_instant
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
            .find(|s| at(s) >= earliest)
            .expect("an open slot");
        let (status, booking) = self
            .post(
                &self.learner,
                "/api/bookings/",
                json!({"service_id": self.paid_instant, "start": start}),
            )
            .await;
        assert_eq!(status, 201, "{booking}");
        let id = booking["id"].as_str().expect("an id").to_owned();
        let (status, checkout) = self
            .post(
                &self.learner,
                &format!("/api/bookings/{id}/checkout/"),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{checkout}");
        let order = checkout["order_id"].as_str().expect("an order");
        let (status, signed) = self
            .post(
                &self.learner,
                &format!("/api/payments/sandbox/{order}/pay/"),
                json!({"method": "upi", "outcome": "success"}),
            )
            .await;
        assert_eq!(status, 200, "{signed}");
        let (status, confirmed) = self
            .post(&self.learner, "/api/payments/verify/", signed)
            .await;
        assert_eq!(status, 200, "{confirmed}");
        assert_eq!(confirmed["status"], "confirmed");
        id
    }

    async fn refunds(&self, who: &Caller, booking: &str) -> Value {
        let (status, body) = self
            .get(who, &format!("/api/bookings/{booking}/refunds/"))
            .await;
        assert_eq!(status, 200, "{body}");
        body
    }

    async fn ask(&self, who: &Caller, booking: &str, reason: &str) -> (u16, Value) {
        self.post(
            who,
            &format!("/api/bookings/{booking}/refund-request/"),
            json!({ "reason": reason }),
        )
        .await
    }

    /// Runs the refund job's function, as the worker (or its retry) does.
    async fn execute(&self, refund: &str) {
        api::refunds::execute(&self.state, refund, self.clock.now())
            .await
            .expect("the refund job runs");
    }

    async fn scalar(&self, sql: &str, key: &str) -> i64 {
        let (n,): (i64,) = on_store!(&self.app.store, pool => sqlx::query_as(sql)
            .bind(key)
            .fetch_one(pool)
            .await)
        .expect("a number");
        n
    }

    /// How many ledger transactions and receipts the refund has.
    async fn recorded(&self, refund: &str) -> (i64, i64) {
        (
            self.scalar(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM ledger_txns WHERE refund_id = $1",
                refund,
            )
            .await,
            self.scalar(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM receipts WHERE refund_id = $1",
                refund,
            )
            .await,
        )
    }

    /// The refund's postings to `account` (debit positive).
    async fn posted(&self, refund: &str, account: &str) -> i64 {
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(e.amount_paise), 0) AS BIGINT) FROM ledger_entries e \
             JOIN ledger_txns t ON t.id = e.txn_id WHERE t.refund_id = $1 AND e.account = '{account}'"
        );
        self.scalar(&sql, refund).await
    }

    /// The commission fixed on the booking's captured payment.
    async fn commission(&self, booking: &str) -> i64 {
        self.scalar(
            "SELECT CAST(commission_paise AS BIGINT) FROM payments \
             WHERE booking_id = $1 AND status = 'captured'",
            booking,
        )
        .await
    }

    /// What the booking's pending and processed refunds take.
    async fn taken(&self, booking: &str) -> i64 {
        self.scalar(
            "SELECT CAST(COALESCE(SUM(amount_paise), 0) AS BIGINT) FROM refunds \
             WHERE booking_id = $1 AND status IN ('pending', 'processed')",
            booking,
        )
        .await
    }

    /// A refund of the whole payment the gateway accepted as `gateway_id`
    /// and has not settled (no job: only a webhook settles it); its id and
    /// the gateway's payment id.
    async fn accepted_refund(&self, booking: &str, gateway_id: &str) -> (String, String) {
        let (payment, gateway_payment): (String, String) = on_store!(&self.app.store, pool =>
            sqlx::query_as("SELECT id, payment_id FROM payments WHERE booking_id = $1 AND status = 'captured'")
                .bind(booking)
                .fetch_one(pool)
                .await)
        .expect("the payment");
        let rid = api::bookings::new_id();
        let now = self.clock.now();
        let mut tx = self.app.store.begin().await.expect("begin");
        tx.insert_refund(
            &NewRefund {
                id: &rid,
                booking_id: booking,
                payment_id: &payment,
                learner_id: self.learner.id,
                automatic: false,
                basis: "unused",
                reason: "Plans changed.",
                requested_paise: Paise::saturating_from(PAID),
                amount_paise: Some(Paise::saturating_from(PAID)),
                status: domain_wasm::refunds::RefundStatus::Pending,
                gateway: "sandbox",
            },
            now,
        )
        .await
        .expect("refund");
        assert!(
            tx.note_gateway_refund(&rid, gateway_id, now)
                .await
                .expect("noted")
        );
        tx.commit().await.expect("commit");
        (rid, gateway_payment)
    }

    async fn kinds(&self, address: &str) -> Vec<String> {
        self.app.mail_kinds(address).await
    }
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

fn text(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {v}"))
        .to_owned()
}

// ---- Automatic refunds -------------------------------------------------

async fn a_mentor_cancellation_is_refunded_in_full_once(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.paid_booking(TimeDelta::days(2)).await;
    let before = w.refunds(&w.learner, &booking).await;
    assert_eq!(before["captured_paise"], PAID, "{before}");
    assert_eq!(before["refunded_paise"], 0);
    assert_eq!(before["refunds"], json!([]));
    assert!(before["captured_at"].is_string(), "{before}");
    assert_eq!(before["facts"]["capturedPaise"], PAID, "{before}");
    assert_eq!(before["facts"]["status"], "confirmed");

    let (status, body) = w
        .post(
            &w.mentor,
            &format!("/api/bookings/{booking}/cancel/"),
            json!({"reason": "I am unwell."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["refund_owed_paise"], PAID);

    // The refund was made with the cancellation: automatic, the whole payment.
    let seen = w.refunds(&w.learner, &booking).await;
    let refunds = seen["refunds"].as_array().expect("a list");
    assert_eq!(refunds.len(), 1, "{seen}");
    let refund = &refunds[0];
    let rid = text(refund, "id");
    assert_eq!(refund["basis"], "mentor_cancelled");
    assert_eq!(refund["automatic"], true);
    assert_eq!(refund["amount_paise"], PAID);
    assert!(
        matches!(refund["status"].as_str(), Some("pending" | "processed")),
        "{refund}"
    );
    assert_eq!(seen["refunded_paise"], PAID);
    assert_eq!(seen["eligibility"]["eligible"], false, "{seen}");

    // Asking again gives the automatic refund back (200), nothing new.
    let (status, again) = w.ask(&w.learner, &booking, "").await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], rid.as_str());

    // The job, retried (and perhaps the worker too): one refund at the
    // gateway, one ledger transaction, one receipt.
    w.execute(&rid).await;
    w.execute(&rid).await;
    let done = w.refunds(&w.mentor, &booking).await;
    assert_eq!(done["refunds"][0]["status"], "processed", "{done}");
    assert!(done["refunds"][0]["processed_at"].is_string());
    assert_eq!(w.recorded(&rid).await, (1, 1));
    // A full refund takes back exactly the commission, and the rest from the mentor.
    let commission = w.commission(&booking).await;
    assert_eq!(w.posted(&rid, "commission").await, commission);
    assert_eq!(w.posted(&rid, "mentor").await, PAID - commission);
    assert_eq!(w.posted(&rid, "gateway").await, -PAID);
    // The gateway gives the same refund for the same key.
    let gw = SandboxGateway::with_server_secret(SECRET);
    let notes = BTreeMap::new();
    let first = gw
        .refund("pay_x", Paise::saturating_from(PAID), &rid, &notes)
        .await
        .expect("refund");
    let second = gw
        .refund("pay_x", Paise::saturating_from(PAID), &rid, &notes)
        .await
        .expect("refund");
    assert_eq!(first, second);
    assert_eq!(w.taken(&booking).await, PAID);

    let learner_mail = w.kinds("lena@example.com").await;
    for kind in ["refund_approved", "refund_processed"] {
        assert_eq!(
            learner_mail.iter().filter(|k| *k == kind).count(),
            1,
            "{kind} once: {learner_mail:?}"
        );
    }
    let mentor_mail = w.kinds("asha@example.com").await;
    assert_eq!(
        mentor_mail.iter().filter(|k| *k == "refund_mentor").count(),
        1,
        "{mentor_mail:?}"
    );
}

async fn a_timely_cancellation_and_a_mentor_no_show_are_refunded_by_themselves(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let cancelled = w.paid_booking(TimeDelta::days(3)).await;
    let missed = w.paid_booking(TimeDelta::days(2)).await;

    let (status, body) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{cancelled}/cancel/"),
            json!({"reason": "Exams moved."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let seen = w.refunds(&w.learner, &cancelled).await;
    assert_eq!(seen["refunds"][0]["basis"], "learner_cancelled", "{seen}");
    assert_eq!(seen["refunds"][0]["automatic"], true);
    assert_eq!(seen["refunds"][0]["amount_paise"], PAID);
    assert_eq!(w.taken(&cancelled).await, PAID);

    // The mentor does not come; the learner chooses the refund.
    let (_, b) = w.get(&w.learner, &format!("/api/bookings/{missed}/")).await;
    let by = at(&text(&b, "start")) + TimeDelta::minutes(15) - w.clock.now();
    w.wait(by).await;
    let (status, body) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{missed}/no-show/"),
            json!({"choice": "refund"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The refund waits for the contest window (issue 20): uncontested, it
    // goes back by itself when the window closes.
    let seen = w.refunds(&w.learner, &missed).await;
    assert_eq!(seen["refunds"], json!([]), "{seen}");
    w.wait(TimeDelta::hours(48) + TimeDelta::minutes(1)).await;
    api::jobs::run_due(&w.state).await.expect("jobs run");
    let seen = w.refunds(&w.learner, &missed).await;
    assert_eq!(seen["refunds"][0]["basis"], "mentor_no_show", "{seen}");
    assert_eq!(seen["refunds"][0]["amount_paise"], PAID);
    let rid = text(&seen["refunds"][0], "id");
    w.execute(&rid).await;
    assert_eq!(w.recorded(&rid).await, (1, 1));
    assert_eq!(w.taken(&missed).await, PAID);
}

// ---- Requests and the queue ---------------------------------------------

async fn a_request_waits_for_review_and_an_approval_pays_it(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.paid_booking(TimeDelta::days(3)).await;

    let seen = w.refunds(&w.learner, &booking).await;
    assert_eq!(seen["eligibility"]["eligible"], true, "{seen}");
    assert_eq!(seen["eligibility"]["automatic"], false);
    assert_eq!(seen["eligibility"]["basis"], "unused");
    assert_eq!(seen["eligibility"]["max_paise"], PAID);

    let (status, body) = w.ask(&w.learner, &booking, "   ").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["reason"].is_array(), "{body}");
    let (status, body) = w.ask(&w.learner, &booking, &"x".repeat(1001)).await;
    assert_eq!(status, 400, "{body}");

    let (status, refund) = w.ask(&w.learner, &booking, "My plans changed.").await;
    assert_eq!(status, 201, "{refund}");
    assert_eq!(refund["status"], "requested");
    assert_eq!(refund["basis"], "unused");
    assert_eq!(refund["automatic"], false);
    assert_eq!(refund["requested_paise"], PAID);
    assert_eq!(refund["amount_paise"], Value::Null);
    assert_eq!(refund["reason"], "My plans changed.");
    let rid = text(&refund, "id");
    assert!(
        w.kinds("lena@example.com")
            .await
            .contains(&"refund_requested".to_owned())
    );

    // One request at a time.
    let (status, body) = w.ask(&w.learner, &booking, "Again.").await;
    assert_eq!(status, 409, "{body}");
    assert!(text(&body, "detail").contains("being reviewed"), "{body}");

    // The queue: administrators only.
    let (status, _) = w.get(&w.learner, "/api/admin/refunds/").await;
    assert_eq!(status, 403);
    let (status, body) = w.get(&w.admin, "/api/admin/refunds/?status=open").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["status"].is_array());
    let (status, queue) = w
        .get(&w.admin, "/api/admin/refunds/?status=requested")
        .await;
    assert_eq!(status, 200, "{queue}");
    let row = queue
        .as_array()
        .expect("a list")
        .iter()
        .find(|r| r["id"] == rid.as_str())
        .expect("the request is queued")
        .clone();
    assert_eq!(row["learner_name"], "Lena Learner");
    assert_eq!(row["mentor_name"], "Asha Rao");
    assert_eq!(row["service_title"], "Mock interview");
    assert_eq!(row["age_business_days"], 0);
    assert_eq!(row["overdue"], false);
    assert_eq!(row["refundable_paise"], PAID);
    assert!(at(&text(&row, "due_at")) > w.clock.now() + TimeDelta::days(4));
    let (status, none) = w
        .get(&w.admin, "/api/admin/refunds/?status=processed")
        .await;
    assert_eq!(status, 200);
    assert_eq!(none, json!([]));

    // Approve: not more than was paid, and only by an administrator.
    let approve = format!("/api/admin/refunds/{rid}/approve/");
    let (status, _) = w
        .post(&w.learner, &approve, json!({"amount_paise": 100}))
        .await;
    assert_eq!(status, 403);
    let (status, body) = w
        .post(&w.admin, &approve, json!({"amount_paise": PAID + 1}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["amount_paise"].is_array(), "{body}");
    let (status, body) = w.post(&w.admin, &approve, json!({"amount_paise": 0})).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = w.post(&w.admin, &approve, json!({})).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = w
        .post(
            &w.admin,
            "/api/admin/refunds/no-such-refund/approve/",
            json!({"amount_paise": 1}),
        )
        .await;
    assert_eq!(status, 404, "{body}");

    let partial = 20_000;
    let (status, approved) = w
        .post(&w.admin, &approve, json!({"amount_paise": partial}))
        .await;
    assert_eq!(status, 200, "{approved}");
    assert_eq!(approved["status"], "pending");
    assert_eq!(approved["amount_paise"], partial);
    assert!(approved["decided_at"].is_string());
    assert_eq!(approved["refundable_paise"], PAID - partial);
    let (status, body) = w
        .post(&w.admin, &approve, json!({"amount_paise": partial}))
        .await;
    assert_eq!(status, 409, "decided once: {body}");
    let (status, body) = w
        .post(
            &w.admin,
            &format!("/api/admin/refunds/{rid}/reject/"),
            json!({"reason": "No."}),
        )
        .await;
    assert_eq!(status, 409, "{body}");

    w.execute(&rid).await;
    w.execute(&rid).await;
    let done = w.refunds(&w.learner, &booking).await;
    assert_eq!(done["refunds"][0]["status"], "processed", "{done}");
    assert_eq!(done["refunded_paise"], partial);
    assert_eq!(w.recorded(&rid).await, (1, 1));
    // The commission comes back in proportion: floor(c × 20,000 / 50,000).
    let commission = w.commission(&booking).await;
    let back = commission * partial / PAID;
    assert_eq!(w.posted(&rid, "commission").await, back);
    assert_eq!(w.posted(&rid, "mentor").await, partial - back);

    // The learner asked for the money instead of the session: approving
    // it called the session off, freeing the time and telling both sides,
    // and the approved amount is all that comes back.
    let (status, b) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/"))
        .await;
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["status"], "cancelled", "{b}");
    assert_eq!(b["cancelled_by"], "admin");
    assert_eq!(b["cancel_reason"], api::bookings::REFUNDED_REASON);
    assert_eq!(
        b["refund_owed_paise"], 0,
        "nothing more is owed by the rules"
    );
    for address in ["lena@example.com", "asha@example.com"] {
        assert!(
            w.kinds(address)
                .await
                .contains(&"booking_cancelled".to_owned()),
            "{address}"
        );
    }
    let after = w.refunds(&w.learner, &booking).await;
    assert_eq!(after["eligibility"]["eligible"], false, "{after}");
    assert_eq!(after["refunded_paise"], partial);
    assert_eq!(w.taken(&booking).await, partial, "nothing more goes back");
}

async fn a_rejection_needs_a_reason_and_tells_the_learner(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.paid_booking(TimeDelta::days(3)).await;
    let (status, refund) = w.ask(&w.learner, &booking, "Changed my mind.").await;
    assert_eq!(status, 201, "{refund}");
    let rid = text(&refund, "id");
    let reject = format!("/api/admin/refunds/{rid}/reject/");
    let (status, _) = w.post(&w.mentor, &reject, json!({"reason": "No."})).await;
    assert_eq!(status, 403);
    let (status, body) = w.post(&w.admin, &reject, json!({"reason": "  "})).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["reason"].is_array());
    let (status, rejected) = w
        .post(
            &w.admin,
            &reject,
            json!({"reason": "The session is in two days; please reschedule instead."}),
        )
        .await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(
        rejected["decision_note"],
        "The session is in two days; please reschedule instead."
    );
    assert_eq!(w.taken(&booking).await, 0);
    let mail = w.kinds("lena@example.com").await;
    assert!(mail.contains(&"refund_rejected".to_owned()), "{mail:?}");
    // A rejected request is no longer open: the learner may ask again.
    let (status, again) = w.ask(&w.learner, &booking, "Please reconsider.").await;
    assert_eq!(status, 201, "{again}");
}

async fn refusals_follow_the_rules(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.paid_booking(TimeDelta::days(10)).await;
    // Someone else's booking: 404, whoever asks.
    for who in [&w.stranger, &w.mentor, &w.admin] {
        let (status, body) = w.ask(who, &booking, "Mine?").await;
        assert_eq!(status, 404, "{body}");
    }
    let (status, _) = w
        .get(&w.stranger, &format!("/api/bookings/{booking}/refunds/"))
        .await;
    assert_eq!(status, 404);
    let (status, _) = w.ask(&w.learner, "no-such-booking", "Hm.").await;
    assert_eq!(status, 404);
    // Seven days after the payment, before the session: closed.
    w.wait(TimeDelta::days(8)).await;
    let seen = w.refunds(&w.learner, &booking).await;
    assert_eq!(seen["eligibility"]["eligible"], false, "{seen}");
    let (status, body) = w.ask(&w.learner, &booking, "Too late?").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["detail"], seen["eligibility"]["message"]);
    assert_eq!(w.taken(&booking).await, 0);
}

async fn the_partial_refund_follows_feedback(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.paid_booking(TimeDelta::days(2)).await;
    let (_, b) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/"))
        .await;
    let end = at(&text(&b, "end"));
    // After the session, without feedback: not yet, and the page says how.
    let by = end + TimeDelta::hours(1) - w.clock.now();
    w.wait(by).await;
    let seen = w.refunds(&w.learner, &booking).await;
    assert_eq!(seen["eligibility"]["eligible"], false, "{seen}");
    assert!(seen["eligibility"]["closes_at"].is_string(), "{seen}");
    let (status, body) = w.ask(&w.learner, &booking, "It was not useful.").await;
    assert_eq!(status, 409, "{body}");

    let (status, body) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{booking}/feedback/"),
            json!({"rating": 2, "text": "Not what I hoped."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, refund) = w.ask(&w.learner, &booking, "It was not useful.").await;
    assert_eq!(status, 201, "{refund}");
    assert_eq!(refund["basis"], "partial");
    assert_eq!(refund["status"], "requested");
    assert_eq!(
        refund["requested_paise"],
        domain_wasm::refunds::partial_amount(PAID)
    );
}

// ---- The gateway's webhook ---------------------------------------------

async fn a_webhook_settles_a_pending_refund_once(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.paid_booking(TimeDelta::days(3)).await;
    let (rid, gateway_payment) = w.accepted_refund(&booking, "rfnd_hook1").await;

    let event = |name: &str, status: &str| {
        json!({
            "entity": "event", "event": name, "contains": ["refund"],
            "payload": {"refund": {"entity": {
                "id": "rfnd_hook1", "entity": "refund", "amount": PAID, "currency": "INR",
                "payment_id": gateway_payment, "receipt": rid, "status": status,
            }}},
        })
        .to_string()
    };
    let gw = SandboxGateway::with_server_secret(SECRET);
    let post = |body: String, event_id: &'static str| {
        let gw = &gw;
        let app = &w.app;
        async move {
            let signature = gw.sign_webhook(body.as_bytes()).await.expect("sig");
            let response = app
                .client
                .post(app.url("/api/payments/webhooks/razorpay/"))
                .header("content-type", "application/json")
                .header("x-razorpay-signature", signature)
                .header("x-razorpay-event-id", event_id)
                .body(body)
                .send()
                .await
                .expect("request");
            let status = response.status().as_u16();
            (
                status,
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        }
    };
    // A wrong amount changes nothing.
    let wrong = event("refund.processed", "processed")
        .replace(&format!("\"amount\":{PAID}"), "\"amount\":1");
    let (status, body) = post(wrong, "evt_r0").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "ignored");

    let (status, body) = post(event("refund.created", "pending"), "evt_r1").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(event("refund.processed", "processed"), "evt_r2").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "processed");
    // The same delivery again, and the news again under another delivery
    // id: the same event of the same refund, so a duplicate (issue 19: the
    // signed body, not the unsigned header, names the event).
    let (status, body) = post(event("refund.processed", "processed"), "evt_r2").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "duplicate");
    let (status, body) = post(event("refund.processed", "processed"), "evt_r3").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "duplicate");
    // A failure after it was processed changes nothing either.
    let (_, body) = post(event("refund.failed", "failed"), "evt_r4").await;
    assert_eq!(body["status"], "ignored");

    let seen = w.refunds(&w.learner, &booking).await;
    assert_eq!(seen["refunds"][0]["status"], "processed", "{seen}");
    assert_eq!(w.recorded(&rid).await, (1, 1));
    assert_eq!(w.posted(&rid, "gateway").await, -PAID);
}

fn refund_event(name: &str, gateway_id: &str, payment: &str, receipt: &str) -> String {
    json!({
        "entity": "event", "event": name, "contains": ["refund"],
        "payload": {"refund": {"entity": {
            "id": gateway_id, "entity": "refund", "amount": PAID, "currency": "INR",
            "payment_id": payment, "receipt": receipt, "status": "failed",
        }}},
    })
    .to_string()
}

async fn a_failed_refund_tells_the_learner_and_is_refundable_again(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.paid_booking(TimeDelta::days(3)).await;
    let (rid, payment) = w.accepted_refund(&booking, "rfnd_fail1").await;
    let seen = w.refunds(&w.learner, &booking).await;
    assert_eq!(seen["refunded_paise"], PAID);
    assert_eq!(seen["eligibility"]["eligible"], false, "{seen}");

    let body = refund_event("refund.failed", "rfnd_fail1", &payment, &rid);
    let (status, answer) = webhook(&w, body.clone(), "evt_f1").await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "processed");
    // The same event of the same refund under another delivery id: a
    // duplicate (issue 19), settled once.
    let (_, answer) = webhook(&w, body, "evt_f2").await;
    assert_eq!(answer["status"], "duplicate", "settled once");

    let after = w.refunds(&w.learner, &booking).await;
    let refund = &after["refunds"][0];
    assert_eq!(refund["status"], "failed", "{after}");
    assert!(refund["failed_at"].is_string());
    assert!(refund["failure_reason"].is_string());
    assert_eq!(after["refunded_paise"], 0);
    assert_eq!(after["eligibility"]["eligible"], true, "{after}");
    assert_eq!(after["eligibility"]["max_paise"], PAID);
    assert_eq!(w.recorded(&rid).await, (0, 0), "no money moved");
    let mail = w.kinds("lena@example.com").await;
    assert!(mail.contains(&"refund_failed".to_owned()), "{mail:?}");
    // Asked again, it is a new request.
    let (status, again) = w.ask(&w.learner, &booking, "Please try again.").await;
    assert_eq!(status, 201, "{again}");
    assert_ne!(again["id"], rid.as_str());
}

/// Posts a signed webhook body as Razorpay does (the sandbox's key).
async fn webhook(w: &World, body: String, event_id: &str) -> (u16, Value) {
    let gw = SandboxGateway::with_server_secret(SECRET);
    let signature = gw.sign_webhook(body.as_bytes()).await.expect("sig");
    let response = w
        .app
        .client
        .post(w.app.url("/api/payments/webhooks/razorpay/"))
        .header("content-type", "application/json")
        .header("x-razorpay-signature", signature)
        .header("x-razorpay-event-id", event_id)
        .body(body)
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (
        status,
        response.json::<Value>().await.unwrap_or(Value::Null),
    )
}

fn payment_event(name: &str, order: &str, payment: &str, status: &str) -> String {
    json!({
        "entity": "event", "event": name, "contains": ["payment"],
        "payload": {"payment": {"entity": {
            "id": payment, "entity": "payment", "amount": PAID, "currency": "INR",
            "status": status, "order_id": order, "method": "upi",
        }}},
    })
    .to_string()
}

async fn a_second_payment_goes_back_on_its_own_payment(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let earliest = w.clock.now() + TimeDelta::days(2);
    let (_, slots) = call(
        &w.app,
        "GET",
        &format!(
            "/api/mentors/{}/slots/?service={}",
            w.mentor_id, w.paid_instant
        ),
        None,
        None,
    )
    .await;
    let start = slots
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| text(s, "start"))
        .find(|s| at(s) >= earliest)
        .expect("a slot");
    let (_, booking) = w
        .post(
            &w.learner,
            "/api/bookings/",
            json!({"service_id": w.paid_instant, "start": start}),
        )
        .await;
    let bid = text(&booking, "id");
    let checkout = format!("/api/bookings/{bid}/checkout/");
    let (_, first) = w.post(&w.learner, &checkout, json!({})).await;
    let first = text(&first, "order_id");
    let (status, _) = webhook(
        &w,
        payment_event("payment.failed", &first, "pay_x1", "failed"),
        "evt_x1",
    )
    .await;
    assert_eq!(status, 200);
    let (_, second) = w.post(&w.learner, &checkout, json!({})).await;
    let second = text(&second, "order_id");
    let (_, signed) = w
        .post(
            &w.learner,
            &format!("/api/payments/sandbox/{second}/pay/"),
            json!({"method": "upi", "outcome": "success"}),
        )
        .await;
    let (status, confirmed) = w.post(&w.learner, "/api/payments/verify/", signed).await;
    assert_eq!(
        (status, confirmed["status"].as_str()),
        (200, Some("confirmed"))
    );
    // The first order is paid too: that money goes back by itself.
    let (status, _) = webhook(
        &w,
        payment_event("payment.captured", &first, "pay_x2", "captured"),
        "evt_x2",
    )
    .await;
    assert_eq!(status, 200);

    let seen = w.refunds(&w.learner, &bid).await;
    assert_eq!(seen["captured_paise"], 2 * PAID, "{seen}");
    let refunds = seen["refunds"].as_array().expect("a list").clone();
    assert_eq!(refunds.len(), 1, "{seen}");
    assert_eq!(refunds[0]["basis"], "overpaid");
    assert_eq!(refunds[0]["automatic"], true);
    assert_eq!(refunds[0]["amount_paise"], PAID);
    let rid = text(&refunds[0], "id");
    let on: (String,) = on_store!(&w.app.store, pool =>
        sqlx::query_as("SELECT p.payment_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = $1")
            .bind(&rid)
            .fetch_one(pool)
            .await)
    .expect("its payment");
    assert_eq!(on.0, "pay_x2", "on the extra payment");

    w.execute(&rid).await;
    assert_eq!(w.recorded(&rid).await, (1, 1));
    // The learner's credit goes back; the mentor and the commission keep theirs.
    assert_eq!(w.posted(&rid, "learner_credit").await, PAID);
    assert_eq!(w.posted(&rid, "gateway").await, -PAID);
    assert_eq!(w.posted(&rid, "mentor").await, 0);
    assert_eq!(w.posted(&rid, "commission").await, 0);
    let after = w.refunds(&w.learner, &bid).await;
    assert_eq!(after["refunded_paise"], PAID);
    // The session itself is still refundable by the rules (before it, in 7 days).
    assert_eq!(after["eligibility"]["basis"], "unused", "{after}");
    assert_eq!(after["eligibility"]["max_paise"], PAID);
    let mentor_mail = w.kinds("asha@example.com").await;
    assert!(
        !mentor_mail.contains(&"refund_mentor".to_owned()),
        "{mentor_mail:?}"
    );
}

// ---- Races ---------------------------------------------------------------

async fn racing_decisions_never_refund_more_than_was_paid(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    // Two approvals of one request at once: one wins.
    let booking = w.paid_booking(TimeDelta::days(3)).await;
    let (status, refund) = w.ask(&w.learner, &booking, "Plans changed.").await;
    assert_eq!(status, 201, "{refund}");
    let approve = format!("/api/admin/refunds/{}/approve/", text(&refund, "id"));
    let body = json!({"amount_paise": PAID});
    let (a, b) = tokio::join!(
        w.post(&w.admin, &approve, body.clone()),
        w.post(&w.admin, &approve, body.clone())
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    assert_eq!(w.taken(&booking).await, PAID);

    // An approval and the mentor's cancellation (an automatic refund of
    // everything) at once: never more than was paid. Either the mentor's
    // cancellation comes first and everything goes back, or the approval
    // does and calls the session off, the mentor's cancellation then
    // finding it changed, and the approved amount goes back.
    let booking = w.paid_booking(TimeDelta::days(4)).await;
    let (status, refund) = w.ask(&w.learner, &booking, "Plans changed.").await;
    assert_eq!(status, 201, "{refund}");
    let approve = format!("/api/admin/refunds/{}/approve/", text(&refund, "id"));
    let cancel = format!("/api/bookings/{booking}/cancel/");
    let (a, c) = tokio::join!(
        w.post(&w.admin, &approve, json!({"amount_paise": 30_000})),
        w.post(&w.mentor, &cancel, json!({"reason": "Something came up."}))
    );
    let (_, b) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/"))
        .await;
    assert_eq!(b["status"], "cancelled", "{b}");
    let expected = match (a.0, c.0) {
        (200, 409) => {
            assert_eq!(b["cancelled_by"], "admin", "{b}");
            30_000
        }
        (200 | 400 | 409, 200) => {
            assert_eq!(b["cancelled_by"], "mentor", "{b}");
            PAID
        }
        _ => panic!("{a:?} {c:?}"),
    };
    assert_eq!(w.taken(&booking).await, expected, "{a:?} {c:?}");
    let seen = w.refunds(&w.learner, &booking).await;
    let total: i64 = seen["refunds"]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|r| matches!(r["status"].as_str(), Some("pending" | "processed")))
        .map(|r| r["amount_paise"].as_i64().expect("an amount"))
        .sum();
    assert_eq!(total, expected, "{seen}");
}

//! Razorpay as the source of truth (issue 19), on both engines, with the
//! server's real Razorpay adapter against the shared stand-in
//! ([`api::payments::standin`]): a signed checkout is confirmed only once
//! the gateway says the money was taken (an authorised payment captured
//! through its API, a failed one refused, an unreachable gateway leaving
//! the payment "being confirmed" with the booking's deadline frozen and a
//! job asking again); webhooks de-duplicated by event and entity and
//! applied once in any order; the reconciliation finding payments no
//! callback brought; refunds and disputes made on the gateway's side in the
//! books; refunds through the gateway that took the payment.

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use api::payments::standin::{RazorpayStandIn, SignedEvent, StandInConfig};
use api::store::Role;
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, RAZORPAY_KEYS, TestApp, TestDb, spawn_app_on};
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    a_payment_is_confirmed_once_the_gateway_says_it_was_captured,
    an_authorised_payment_is_captured_through_the_api,
    a_failed_payment_is_refused_and_the_learner_pays_again,
    an_unreachable_gateway_leaves_the_payment_being_confirmed,
    the_webhook_confirms_a_payment_being_confirmed_first,
    a_failure_ends_only_the_confirmation_of_the_payment_it_names,
    webhooks_replayed_or_out_of_order_change_state_once,
    reconciliation_books_a_payment_no_callback_brought,
    money_for_a_booking_that_cannot_be_confirmed_goes_back,
    refunds_and_disputes_made_on_the_gateway_are_in_the_books,
    refunds_go_through_the_gateway_that_took_the_payment,
    the_reconciliation_report_shows_what_the_books_and_the_gateway_disagree_on,
    a_site_on_razorpay_does_not_count_the_sandboxs_money,
);

const PAID: i64 = 80_000;

struct World {
    app: TestApp,
    razorpay: RazorpayStandIn,
    hand: ManualClock,
    clock: Clock,
    mentor_id: i64,
    learner: Caller,
    admin: Caller,
    paid_instant: i64,
}

async fn world(engine: Engine) -> Option<World> {
    let (clock, hand) = Clock::manual();
    let (key_id, key_secret, webhook_secret) = RAZORPAY_KEYS;
    let razorpay = RazorpayStandIn::start(StandInConfig {
        key_id: key_id.into(),
        key_secret: key_secret.into(),
        webhook_secret: webhook_secret.into(),
        ..StandInConfig::default()
    })
    .await
    .expect("the stand-in starts");
    // The tests deliver the gateway's webhooks themselves, when they choose.
    razorpay.set_deliver_webhooks(false);
    let db = TestDb::fresh(engine).await?;
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock.clone()),
            razorpay: Some((razorpay.url(), razorpay.checkout_url())),
            ..Options::default()
        },
    )
    .await;
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
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    let learner = sign_in(&app, "lena@example.com", mentoring::PASSWORD).await;
    let admin = sign_in(&app, "ada@example.com", mentoring::PASSWORD).await;
    Some(World {
        app,
        razorpay,
        hand,
        clock,
        mentor_id,
        learner,
        admin,
        paid_instant: services[0],
    })
}

/// Runs the same query on whichever pool the store has.
macro_rules! on_store {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            api::store::Store::Sqlite($pool) => $body,
            api::store::Store::Postgres($pool) => $body,
        }
    };
}

impl World {
    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        call(
            &self.app,
            "POST",
            path,
            Some(&self.learner.token),
            Some(body),
        )
        .await
    }

    /// Moves the clock; the learner signs in again (tokens last an hour).
    async fn wait(&mut self, by: TimeDelta) {
        self.hand.advance(by.to_std().expect("forward"));
        self.learner = sign_in(&self.app, "lena@example.com", mentoring::PASSWORD).await;
        self.admin = sign_in(&self.app, "ada@example.com", mentoring::PASSWORD).await;
    }

    /// Runs every job due now, to the end: here, and through two whole
    /// passes of the server's own worker (which may have claimed one).
    async fn run_jobs(&self) {
        api::jobs::run_due(&self.app.state)
            .await
            .expect("the job queue runs");
        let jobs = &self.app.state.jobs;
        let mut passes = jobs.worker_passes();
        for _ in 0..2 {
            passes.borrow_and_update();
            jobs.wake();
            tokio::time::timeout(std::time::Duration::from_secs(60), passes.changed())
                .await
                .expect("the job worker made a pass")
                .expect("the worker runs");
        }
    }

    /// The learner books the session `ahead` from now: its id, awaiting payment.
    async fn booked(&self, ahead: TimeDelta) -> String {
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
        assert_eq!(status, 200, "{slots}");
        let start = slots
            .as_array()
            .expect("a list")
            .iter()
            .map(|s| s["start"].as_str().expect("a start").to_owned())
            .find(|s| at(s) >= earliest)
            .expect("an open slot");
        let (status, body) = self
            .post(
                "/api/bookings/",
                json!({"service_id": self.paid_instant, "start": start}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["status"], "payment_required", "{body}");
        body["id"].as_str().expect("an id").to_owned()
    }

    async fn booking(&self, id: &str) -> Value {
        let (status, body) = call(
            &self.app,
            "GET",
            &format!("/api/bookings/{id}/"),
            Some(&self.learner.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// Opens the checkout: the Razorpay order's id.
    async fn order(&self, booking: &str) -> String {
        let (status, body) = self
            .post(&format!("/api/bookings/{booking}/checkout/"), json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["gateway"], "razorpay");
        body["order_id"].as_str().expect("an order").to_owned()
    }

    async fn verify(&self, order: &str, payment: &str, signature: &str) -> (u16, Value) {
        self.post(
            "/api/payments/verify/",
            json!({"razorpay_order_id": order, "razorpay_payment_id": payment, "razorpay_signature": signature}),
        )
        .await
    }

    /// Delivers one of the stand-in's events to the server: its answer's `status`.
    async fn deliver(&self, event: &SignedEvent) -> String {
        let response = self
            .app
            .client
            .post(self.app.url("/api/payments/webhooks/razorpay/"))
            .header("content-type", "application/json")
            .header("x-razorpay-signature", &event.signature)
            .header("x-razorpay-event-id", &event.event_id)
            .body(event.body.clone())
            .send()
            .await
            .expect("delivered");
        assert_eq!(response.status().as_u16(), 200, "{}", event.event);
        let body: Value = response.json().await.expect("JSON");
        body["status"].as_str().expect("a status").to_owned()
    }

    /// The stand-in's events named `name`, oldest first.
    fn events(&self, name: &str) -> Vec<SignedEvent> {
        self.razorpay
            .events()
            .into_iter()
            .filter(|e| e.event == name)
            .collect()
    }

    fn asked(&self, method: &str, path: &str) -> usize {
        self.razorpay
            .requests()
            .iter()
            .filter(|(m, p)| m == method && p == path)
            .count()
    }

    /// (status, payment id, being confirmed) of each payment of the booking.
    async fn payments(&self, booking: &str) -> Vec<(String, Option<String>, bool)> {
        let sql = "SELECT status, payment_id, confirming_since IS NOT NULL FROM payments \
                   WHERE booking_id = $1 ORDER BY created_at, id";
        on_store!(&self.app.store, pool => sqlx::query_as(sql)
            .bind(booking)
            .fetch_all(pool)
            .await)
        .expect("payments")
    }

    /// The ids of the ledger transactions of the booking.
    async fn ledger_txns(&self, booking: &str) -> Vec<String> {
        let sql = "SELECT id FROM ledger_txns WHERE booking_id = $1 ORDER BY id";
        on_store!(&self.app.store, pool => sqlx::query_scalar(sql)
            .bind(booking)
            .fetch_all(pool)
            .await)
        .expect("ledger")
    }

    async fn adjustment(&self, id: &str) -> Option<(String, String, i64)> {
        let sql = "SELECT kind, status, CAST(amount_paise AS BIGINT) FROM gateway_adjustments WHERE id = $1";
        on_store!(&self.app.store, pool => sqlx::query_as(sql)
            .bind(id)
            .fetch_optional(pool)
            .await)
        .expect("adjustment")
    }

    async fn balanced(&self) -> api::ledger::Report {
        let report = api::ledger::report(&self.app.store, false)
            .await
            .expect("a report");
        assert!(report.balanced, "{report:?}");
        report
    }
}

/// The payment a `payment.failed` event names, and a checkout signature of
/// it on `order` made with the key secret (which Razorpay's checkout never
/// gives for a failed payment: a forger's, or a stale one's).
fn signed_failure(order: &str, failed: &SignedEvent) -> (String, String) {
    let body: Value = serde_json::from_str(&failed.body).expect("JSON");
    let payment = body["payload"]["payment"]["entity"]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let signature = api::payments::sign(
        RAZORPAY_KEYS.1.as_bytes(),
        format!("{order}|{payment}").as_bytes(),
    );
    (payment, signature)
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

async fn a_payment_is_confirmed_once_the_gateway_says_it_was_captured(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    let paid = w.razorpay.pay(&order, "upi", true).await.expect("paid");
    let payment = &paid.razorpay_payment_id;
    let (status, confirmed) = w.verify(&order, payment, &paid.razorpay_signature).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(confirmed["status"], "confirmed");
    assert!(confirmed["meeting_url"].is_string(), "{confirmed}");
    assert_eq!(confirmed["payment_confirming"], false);
    assert_eq!(
        w.asked("GET", &format!("/v1/payments/{payment}")),
        1,
        "asked once"
    );
    assert_eq!(
        w.asked("POST", &format!("/v1/payments/{payment}/capture")),
        0,
        "captured already"
    );
    assert_eq!(
        w.payments(&booking).await,
        vec![("captured".to_owned(), Some(payment.clone()), false)]
    );
    // The callback again: the same booking, nothing asked of anyone twice.
    let (status, again) = w.verify(&order, payment, &paid.razorpay_signature).await;
    assert_eq!(
        (status, &again["updated_at"]),
        (200, &confirmed["updated_at"])
    );
    assert_eq!(
        w.ledger_txns(&booking).await,
        vec![format!("capture:{}", payment_row(&w, &booking).await)]
    );
    // Real money gets a receipt of the real series (the sandbox's are TEST-).
    let (status, receipts) = call(
        &w.app,
        "GET",
        &format!("/api/bookings/{booking}/receipts/"),
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{receipts}");
    let number = receipts[0]["number"]
        .as_str()
        .expect("a receipt")
        .to_owned();
    assert!(number.starts_with("MM-"), "{receipts}");
    assert_eq!(receipts.as_array().map(Vec::len), Some(1), "{receipts}");
}

async fn payment_row(w: &World, booking: &str) -> String {
    let sql = "SELECT id FROM payments WHERE booking_id = $1 AND status = 'captured'";
    on_store!(&w.app.store, pool => sqlx::query_scalar(sql)
        .bind(booking)
        .fetch_one(pool)
        .await)
    .expect("a captured payment")
}

async fn an_authorised_payment_is_captured_through_the_api(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    w.razorpay.set_auto_capture(false);
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    let paid = w
        .razorpay
        .pay(&order, "card", true)
        .await
        .expect("authorised");
    let payment = paid.razorpay_payment_id.clone();
    assert_eq!(
        w.razorpay.payment(&payment).expect("known")["status"],
        "authorized"
    );
    let (status, confirmed) = w.verify(&order, &payment, &paid.razorpay_signature).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(confirmed["status"], "confirmed");
    assert_eq!(
        w.asked("POST", &format!("/v1/payments/{payment}/capture")),
        1
    );
    let at_gateway = w.razorpay.payment(&payment).expect("known");
    assert_eq!(
        (at_gateway["status"].as_str(), at_gateway["amount"].as_i64()),
        (Some("captured"), Some(PAID))
    );
    assert_eq!(w.payments(&booking).await[0].0, "captured");
}

async fn a_failed_payment_is_refused_and_the_learner_pays_again(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    w.razorpay
        .pay(&order, "card", false)
        .await
        .expect_err("the bank declines");
    // Even with a good signature (a checkout cannot make one for a failed
    // payment, a forger with the key could), the gateway's word decides.
    let (payment, signature) = signed_failure(&order, &w.events("payment.failed")[0]);
    let (status, answer) = w.verify(&order, &payment, &signature).await;
    assert_eq!(status, 402, "{answer}");
    assert!(
        answer["detail"]
            .as_str()
            .is_some_and(|d| d.contains("No money was taken")),
        "{answer}"
    );
    assert_eq!(w.booking(&booking).await["status"], "payment_required");
    assert_eq!(w.payments(&booking).await[0].0, "failed");
    // A new order, paid: confirmed.
    let again = w.order(&booking).await;
    assert_ne!(again, order, "a failed order is not reused");
    let paid = w.razorpay.pay(&again, "upi", true).await.expect("paid");
    let (status, confirmed) = w
        .verify(&again, &paid.razorpay_payment_id, &paid.razorpay_signature)
        .await;
    assert_eq!(
        (status, confirmed["status"].as_str()),
        (200, Some("confirmed")),
        "{confirmed}"
    );
}

async fn an_unreachable_gateway_leaves_the_payment_being_confirmed(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    // Far enough ahead that the pay window (240 minutes) and the hour the
    // gateway stays away both end before the start.
    let booking = w.booked(TimeDelta::hours(8)).await;
    let before = w.booking(&booking).await;
    let pay_by = at(before["pay_by"].as_str().expect("a deadline"));
    let start = at(before["start"].as_str().expect("a start"));
    let order = w.order(&booking).await;
    let paid = w.razorpay.pay(&order, "upi", true).await.expect("paid");
    w.razorpay.set_available(false);
    let (status, waiting) = w
        .verify(&order, &paid.razorpay_payment_id, &paid.razorpay_signature)
        .await;
    assert_eq!(status, 200, "{waiting}");
    assert_eq!(
        waiting["status"], "payment_required",
        "not confirmed on a signature alone"
    );
    assert_eq!(waiting["payment_confirming"], true, "{waiting}");
    assert_eq!(
        at(waiting["pay_by"].as_str().expect("a deadline")),
        start,
        "frozen until the start"
    );
    // Meanwhile no second payment can start: it could take the money twice.
    let (status, refused) = w
        .post(&format!("/api/bookings/{booking}/checkout/"), json!({}))
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["detail"], api::payments::CONFIRMING);
    // Past the old deadline, the hold stands while the gateway is asked again.
    w.wait(pay_by - w.clock.now() + TimeDelta::minutes(5)).await;
    w.run_jobs().await;
    let held = w.booking(&booking).await;
    assert_eq!(held["status"], "payment_required", "{held}");
    assert_eq!(held["payment_confirming"], true);
    // The gateway answers: confirmed, once.
    w.razorpay.set_available(true);
    w.wait(TimeDelta::hours(1)).await;
    w.run_jobs().await;
    let confirmed = w.booking(&booking).await;
    assert_eq!(confirmed["status"], "confirmed", "{confirmed}");
    assert_eq!(confirmed["payment_confirming"], false);
    let captured = w.events("payment.captured");
    assert_eq!(w.deliver(&captured[0]).await, "processed");
    assert_eq!(
        w.booking(&booking).await["updated_at"],
        confirmed["updated_at"]
    );
    assert_eq!(w.ledger_txns(&booking).await.len(), 1, "captured once");
    w.balanced().await;
}

async fn the_webhook_confirms_a_payment_being_confirmed_first(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(TimeDelta::days(1)).await;
    let order = w.order(&booking).await;
    let paid = w.razorpay.pay(&order, "wallet", true).await.expect("paid");
    w.razorpay.set_available(false);
    let (status, waiting) = w
        .verify(&order, &paid.razorpay_payment_id, &paid.razorpay_signature)
        .await;
    assert_eq!(
        (status, waiting["payment_confirming"].as_bool()),
        (200, Some(true)),
        "{waiting}"
    );
    // Razorpay's webhook arrives before the gateway's API answers again.
    let captured = w.events("payment.captured");
    assert_eq!(w.deliver(&captured[0]).await, "processed");
    let confirmed = w.booking(&booking).await;
    assert_eq!(confirmed["status"], "confirmed", "{confirmed}");
    assert_eq!(confirmed["payment_confirming"], false);
    // The confirmation job finds nothing left to do, even with the API up.
    w.razorpay.set_available(true);
    w.wait(TimeDelta::minutes(2)).await;
    w.run_jobs().await;
    assert_eq!(
        w.booking(&booking).await["updated_at"],
        confirmed["updated_at"]
    );
    assert_eq!(w.ledger_txns(&booking).await.len(), 1);
}

async fn webhooks_replayed_or_out_of_order_change_state_once(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    w.razorpay
        .pay(&order, "netbanking", true)
        .await
        .expect("paid");
    // order.paid first, then payment.captured; each ten times, some under
    // new delivery ids (the header is not what de-duplicates).
    let paid = w.events("order.paid");
    let captured = w.events("payment.captured");
    assert_eq!(
        (paid.len(), captured.len()),
        (1, 1),
        "{:?}",
        w.razorpay.events()
    );
    let mut outcomes = Vec::new();
    for round in 0..10 {
        for event in [&paid[0], &captured[0]] {
            let mut replay = event.clone();
            if round % 2 == 1 {
                replay.event_id = format!("evt_replay{round}");
            }
            outcomes.push(w.deliver(&replay).await);
        }
    }
    assert_eq!(
        &outcomes[..2],
        ["processed", "processed"],
        "each event once"
    );
    assert!(
        outcomes[2..].iter().all(|o| o == "duplicate"),
        "{outcomes:?}"
    );
    let confirmed = w.booking(&booking).await;
    assert_eq!(confirmed["status"], "confirmed");
    assert_eq!(
        w.ledger_txns(&booking).await.len(),
        1,
        "one capture in the books"
    );
    assert_eq!(w.payments(&booking).await[0].0, "captured");
    w.balanced().await;
}

async fn reconciliation_books_a_payment_no_callback_brought(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    // Paid, but the browser closed before the callback and every webhook was lost.
    let payment = w.razorpay.pay_late(&order, "upi").await.expect("paid late");
    w.wait(TimeDelta::minutes(10)).await;
    w.run_jobs().await;
    assert_eq!(
        w.booking(&booking).await["status"],
        "payment_required",
        "not checked before 15 minutes"
    );
    assert_eq!(w.asked("GET", &format!("/v1/orders/{order}/payments")), 0);
    w.wait(TimeDelta::minutes(6)).await;
    w.run_jobs().await;
    let confirmed = w.booking(&booking).await;
    assert_eq!(confirmed["status"], "confirmed", "{confirmed}");
    assert_eq!(w.asked("GET", &format!("/v1/orders/{order}/payments")), 1);
    assert_eq!(
        w.payments(&booking).await[0].1.as_deref(),
        Some(payment.as_str())
    );
    // An order that stays unpaid is checked again, less often, for three days, then no more.
    let other = w.booked(TimeDelta::days(5)).await;
    let unpaid = w.order(&other).await;
    let path = format!("/v1/orders/{unpaid}/payments");
    let mut checks = Vec::new();
    for _ in 0..80 {
        w.hand.advance(std::time::Duration::from_secs(3600));
        w.run_jobs().await;
        checks.push(w.asked("GET", &path));
    }
    let total = *checks.last().expect("checks");
    assert!(
        (4..=24).contains(&total),
        "checked {total} times in 80 hours: {checks:?}"
    );
    assert_eq!(
        checks[72..].iter().min(),
        checks[72..].iter().max(),
        "no more after three days: {checks:?}"
    );
}

async fn money_for_a_booking_that_cannot_be_confirmed_goes_back(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    let (status, cancelled) = w
        .post(
            &format!("/api/bookings/{booking}/cancel/"),
            json!({"reason": "changed my mind"}),
        )
        .await;
    assert_eq!(
        (status, cancelled["status"].as_str()),
        (200, Some("cancelled")),
        "{cancelled}"
    );
    // The checkout left open at the gateway was paid anyway, late.
    let payment = w
        .razorpay
        .pay_late(&order, "card")
        .await
        .expect("paid late");
    w.wait(TimeDelta::minutes(16)).await;
    w.run_jobs().await;
    w.run_jobs().await;
    let after = w.booking(&booking).await;
    assert_eq!(after["status"], "cancelled");
    let refunds = w.razorpay.refunds_of(&payment);
    assert_eq!(refunds.len(), 1, "refunded automatically: {refunds:?}");
    assert_eq!(refunds[0]["amount"], PAID);
    let report = w.balanced().await;
    let rows: Vec<(String, String, Option<String>)> =
        on_store!(&w.app.store, pool => sqlx::query_as(
        "SELECT status, gateway, failure_reason FROM refunds WHERE booking_id = $1")
        .bind(&booking)
        .fetch_all(pool)
        .await)
        .expect("refunds");
    assert_eq!(report.refunded_paise, PAID, "{report:?} {rows:?}");
}

async fn refunds_and_disputes_made_on_the_gateway_are_in_the_books(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    let paid = w.razorpay.pay(&order, "upi", true).await.expect("paid");
    let payment = paid.razorpay_payment_id.clone();
    let (status, _) = w.verify(&order, &payment, &paid.razorpay_signature).await;
    assert_eq!(status, 200);
    // A partial refund made on Razorpay's dashboard.
    let refund = w
        .razorpay
        .refund_on_gateway(&payment, 20_000)
        .await
        .expect("refunded");
    let refund_id = refund["id"].as_str().expect("an id").to_owned();
    let created = w.events("refund.created");
    let processed = w.events("refund.processed");
    // Out of order: processed first, then created, then both again.
    assert_eq!(w.deliver(&processed[0]).await, "processed");
    assert_eq!(
        w.deliver(&created[0]).await,
        "ignored",
        "older news changes nothing"
    );
    assert_eq!(w.deliver(&processed[0]).await, "duplicate");
    assert_eq!(
        w.adjustment(&refund_id).await,
        Some(("refund".to_owned(), "processed".to_owned(), 20_000))
    );
    let report = w.balanced().await;
    assert_eq!(report.refunded_paise, 20_000, "{report:?}");
    assert!(
        w.ledger_txns(&booking)
            .await
            .contains(&format!("gateway_refund:{refund_id}"))
    );

    // A dispute: open, then lost; its lost news delivered first.
    let dispute = w
        .razorpay
        .open_dispute(&payment, 60_000)
        .await
        .expect("disputed");
    let dispute_id = dispute["id"].as_str().expect("an id").to_owned();
    w.razorpay
        .close_dispute(&dispute_id, false)
        .await
        .expect("lost");
    let opened = w.events("payment.dispute.created");
    let lost = w.events("payment.dispute.lost");
    assert_eq!(w.deliver(&lost[0]).await, "processed");
    assert_eq!(w.deliver(&opened[0]).await, "ignored");
    assert_eq!(w.deliver(&lost[0]).await, "duplicate");
    assert_eq!(
        w.adjustment(&dispute_id).await,
        Some(("dispute".to_owned(), "lost".to_owned(), 60_000))
    );
    let report = w.balanced().await;
    assert_eq!(
        report.refunded_paise, 80_000,
        "the refund and the lost dispute: {report:?}"
    );
    // The administrators hear of it once: the older and the repeated news
    // changed nothing and told no one.
    let (status, notes) = call(
        &w.app,
        "GET",
        "/api/notifications/",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{notes}");
    let disputes: Vec<&Value> = notes
        .as_array()
        .expect("an array")
        .iter()
        .filter(|n| n["kind"] == "payment_dispute")
        .collect();
    assert_eq!(disputes.len(), 1, "{notes}");
    assert_eq!(disputes[0]["title"], "The dispute over ₹600 was lost");
    assert!(
        disputes[0]["body"]
            .as_str()
            .is_some_and(|b| b.contains(&dispute_id) && b.contains(&booking)),
        "{}",
        disputes[0]
    );
    assert_eq!(disputes[0]["link"], "/dashboard/admin?section=payouts");
    // Nothing is left to refund on the payment.
    let (status, answer) = w
        .post(
            &format!("/api/bookings/{booking}/refund-request/"),
            json!({"basis": "unused", "reason": "again"}),
        )
        .await;
    assert_ne!(status, 201, "{answer}");
}

async fn refunds_go_through_the_gateway_that_took_the_payment(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let state = &w.app.state;
    let razorpay =
        api::gateway::gateway_for(&state.payments, "razorpay").expect("the configured gateway");
    assert_eq!(razorpay.name(), "razorpay");
    // A sandbox payment on a site now running Razorpay: a refund-only
    // sandbox, which moves no money and checks no signatures.
    let sandbox =
        api::gateway::gateway_for(&state.payments, "sandbox").expect("the refund-only sandbox");
    assert_eq!(sandbox.name(), "sandbox");
    let notes = std::collections::BTreeMap::new();
    let refund = sandbox
        .refund(
            "pay_sbx_1",
            domain_wasm::money::Paise::new(5_000),
            "refund-key-000001",
            &notes,
        )
        .await
        .expect("refunded");
    assert!(refund.id.starts_with("rfnd_sbx_"), "{refund:?}");
    assert!(
        w.razorpay
            .requests()
            .iter()
            .all(|(_, p)| !p.contains("pay_sbx_1")),
        "no money moved"
    );
    let signed = api::payments::sign(b"", b"order_x|pay_x");
    assert!(
        !sandbox
            .verify_checkout("order_x", "pay_x", &signed)
            .await
            .expect("checks")
    );
    // A payment of a gateway this server does not run waits until it does.
    assert!(matches!(
        api::gateway::gateway_for(&state.payments, "stripe"),
        Err(api::payments::GatewayError::Unavailable(_))
    ));
    let _ = &w.admin;
}

/// The reconciliation report over every time there is.
async fn reconciliation(w: &World) -> Value {
    let (status, body) = call(
        &w.app,
        "GET",
        "/api/admin/reconciliation/?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn differences(report: &Value) -> Vec<(String, String, String)> {
    let mut all: Vec<(String, String, String)> = report["mismatches"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| {
            let s = |k: &str| m[k].as_str().unwrap_or_default().to_owned();
            (s("kind"), s("difference"), s("gateway_id"))
        })
        .collect();
    all.sort();
    all
}

async fn the_reconciliation_report_shows_what_the_books_and_the_gateway_disagree_on(
    engine: Engine,
) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.booked(TimeDelta::days(2)).await;
    let order = w.order(&booking).await;
    let paid = w.razorpay.pay(&order, "upi", true).await.expect("paid");
    let payment = paid.razorpay_payment_id.clone();
    let (status, _) = w.verify(&order, &payment, &paid.razorpay_signature).await;
    assert_eq!(status, 200);
    let report = reconciliation(&w).await;
    assert_eq!(
        (report["gateway"].as_str(), report["checked"].as_bool()),
        (Some("razorpay"), Some(true))
    );
    assert_eq!(report["matched_payments"], 1, "{report}");
    assert_eq!(differences(&report), vec![], "the books agree: {report}");

    // Money taken on an order the books never made (another shop on the
    // same account, say), a refund and a dispute whose webhooks were lost.
    let (key_id, key_secret, _) = RAZORPAY_KEYS;
    let foreign: Value = w
        .app
        .client
        .post(format!("{}/v1/orders", w.razorpay.url()))
        .basic_auth(key_id, Some(key_secret))
        .json(&json!({"amount": 12_300, "currency": "INR", "receipt": "elsewhere"}))
        .send()
        .await
        .expect("an order")
        .json()
        .await
        .expect("JSON");
    let stray = w
        .razorpay
        .pay(foreign["id"].as_str().expect("an id"), "card", true)
        .await
        .expect("paid");
    let refund = w
        .razorpay
        .refund_on_gateway(&payment, 10_000)
        .await
        .expect("refunded");
    let refund_id = refund["id"].as_str().expect("an id").to_owned();
    let dispute = w
        .razorpay
        .open_dispute(&payment, 30_000)
        .await
        .expect("disputed");
    let dispute_id = dispute["id"].as_str().expect("an id").to_owned();
    let report = reconciliation(&w).await;
    assert_eq!(
        differences(&report),
        vec![
            (
                "dispute".to_owned(),
                "missing_in_books".to_owned(),
                dispute_id.clone()
            ),
            (
                "payment".to_owned(),
                "missing_in_books".to_owned(),
                stray.razorpay_payment_id.clone()
            ),
            (
                "refund".to_owned(),
                "missing_in_books".to_owned(),
                refund_id.clone()
            ),
        ],
        "{report}"
    );
    // The reconciliation job records what no webhook brought, once (an
    // hour on: the stand-in stamps its objects with the machine's time).
    w.wait(TimeDelta::hours(1)).await;
    for _ in 0..2 {
        api::payments::reconciliation::run(&w.app.state, w.clock.now())
            .await
            .expect("the gateway answers");
    }
    assert_eq!(
        w.adjustment(&refund_id).await,
        Some(("refund".to_owned(), "processed".to_owned(), 10_000))
    );
    assert_eq!(
        w.adjustment(&dispute_id).await,
        Some(("dispute".to_owned(), "open".to_owned(), 30_000))
    );
    let report = reconciliation(&w).await;
    assert_eq!(
        differences(&report),
        vec![(
            "payment".to_owned(),
            "missing_in_books".to_owned(),
            stray.razorpay_payment_id.clone()
        )],
        "{report}"
    );
    assert_eq!(
        (
            report["matched_refunds"].as_i64(),
            report["matched_disputes"].as_i64()
        ),
        (Some(1), Some(1))
    );
    w.balanced().await;
    // The books say more than the gateway took: an amount that differs.
    let sql = "UPDATE payments SET amount_paise = amount_paise + 1 WHERE payment_id = $1";
    on_store!(&w.app.store, pool => sqlx::query(sql).bind(&payment).execute(pool).await.map(|_| ()))
        .expect("changed");
    let report = reconciliation(&w).await;
    assert!(
        differences(&report).contains(&(
            "payment".to_owned(),
            "amount_differs".to_owned(),
            payment.clone()
        )),
        "{report}"
    );
    // A period that ends before it starts holds nothing; a bad time is a
    // field error; the gateway away, a 503.
    let (status, body) = call(
        &w.app,
        "GET",
        "/api/admin/reconciliation/?from=2100-01-01T00:00:00Z&to=2000-01-01T00:00:00Z",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(
        (status, body["mismatches"].as_array().map(Vec::len)),
        (200, Some(0)),
        "{body}"
    );
    let (status, body) = call(
        &w.app,
        "GET",
        "/api/admin/reconciliation/?from=yesterday",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["from"][0].is_string(), "{body}");
    w.razorpay.set_available(false);
    let (status, body) = call(
        &w.app,
        "GET",
        "/api/admin/reconciliation/",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 503, "{body}");
}

/// A site that ran the sandbox (the demo's paid sessions are sandbox
/// money) and now runs Razorpay: none of that money is paid out, counted in
/// the home figures or in the ledger report's accounts; it stays in the
/// books, where a site running the sandbox counts it.
async fn a_site_on_razorpay_does_not_count_the_sandboxs_money(engine: Engine) {
    let (clock, _hand) = Clock::manual();
    let razorpay = RazorpayStandIn::start(StandInConfig::default())
        .await
        .expect("the stand-in starts");
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let app = spawn_app_on(
        db,
        Options {
            demo_data: true,
            rate_limits: false,
            clock: Some(clock.clone()),
            razorpay: Some((razorpay.url(), razorpay.checkout_url())),
            ..Options::default()
        },
    )
    .await;
    let admin = api::demo::accounts()
        .iter()
        .find(|a| a.role.as_str() == "admin")
        .expect("a demo admin");
    let admin = sign_in(&app, &admin.email, &admin.password).await;
    let sandbox_books = api::ledger::report(&app.store, true)
        .await
        .expect("a report");
    assert!(
        sandbox_books.captured_paise > 0,
        "the demo's sandbox money is in the books"
    );
    let (status, ledger) = call(&app, "GET", "/api/admin/ledger/", Some(&admin.token), None).await;
    assert_eq!(status, 200, "{ledger}");
    assert_eq!(ledger["captured_paise"], 0, "{ledger}");
    assert_eq!(ledger["sandbox"], false, "{ledger}");
    assert_eq!(ledger["balanced"], true);
    assert!(
        ledger["accounts"]
            .as_array()
            .expect("accounts")
            .iter()
            .all(|a| a["balance_paise"] == 0),
        "{ledger}"
    );
    let (status, stats) = call(&app, "GET", "/api/stats/", None, None).await;
    assert_eq!(status, 200, "{stats}");
    // The demo's past sessions: those paid through the sandbox, and the
    // free ones its seeded reviews were given for (issue 21). Only the
    // second kind counts here.
    let paid = "EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id \
                AND p.gateway = 'sandbox' AND p.payment_id IS NOT NULL)";
    let sandbox_paid = completed_where(&app.store, paid).await;
    let not_paid = completed_where(&app.store, &format!("NOT {paid}")).await;
    assert!(sandbox_paid > 0, "the demo has sandbox-paid sessions");
    assert_eq!(
        stats["completed_sessions"], not_paid,
        "the sandbox's sessions are not counted: {stats}"
    );
    let (status, batch) = call(
        &app,
        "POST",
        "/api/admin/payouts/",
        Some(&admin.token),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 409, "nothing real to pay out: {batch}");
}

/// How many stored bookings `b` are completed and meet `condition`.
async fn completed_where(store: &api::store::Store, condition: &str) -> i64 {
    let sql =
        format!("SELECT COUNT(*) FROM bookings b WHERE b.status = 'completed' AND {condition}");
    match store {
        api::store::Store::Sqlite(pool) => sqlx::query_scalar(&sql).fetch_one(pool).await,
        api::store::Store::Postgres(pool) => sqlx::query_scalar(&sql).fetch_one(pool).await,
    }
    .expect("a count")
}

/// While a payment is being confirmed, the late failure of an earlier
/// attempt on the same order changes nothing; the failure of the payment
/// being confirmed ends the confirmation and its deadline runs again.
async fn a_failure_ends_only_the_confirmation_of_the_payment_it_names(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let booking = w.booked(TimeDelta::days(1)).await;
    let order = w.order(&booking).await;
    w.razorpay
        .pay(&order, "card", false)
        .await
        .expect_err("declined");
    let failed = w.events("payment.failed");
    let paid = w.razorpay.pay(&order, "upi", true).await.expect("paid");
    w.razorpay.set_available(false);
    let (status, waiting) = w
        .verify(&order, &paid.razorpay_payment_id, &paid.razorpay_signature)
        .await;
    assert_eq!(
        (status, waiting["payment_confirming"].as_bool()),
        (200, Some(true)),
        "{waiting}"
    );
    assert_eq!(
        w.deliver(&failed[0]).await,
        "ignored",
        "an earlier attempt's failure"
    );
    let still = w.booking(&booking).await;
    assert_eq!(still["payment_confirming"], true, "{still}");
    assert_eq!(w.payments(&booking).await[0].0, "created");

    // Another booking: the payment being confirmed is the one that failed.
    let other = w.booked(TimeDelta::days(2)).await;
    let other_pay_by = w.booking(&other).await["pay_by"].clone();
    w.razorpay.set_available(true);
    let order = w.order(&other).await;
    w.razorpay
        .pay(&order, "card", false)
        .await
        .expect_err("declined");
    let failed = w.events("payment.failed").pop().expect("the failure");
    let (payment, signature) = signed_failure(&order, &failed);
    w.razorpay.set_available(false);
    let (status, waiting) = w.verify(&order, &payment, &signature).await;
    assert_eq!(
        (status, waiting["payment_confirming"].as_bool()),
        (200, Some(true)),
        "{waiting}"
    );
    assert_ne!(waiting["pay_by"], other_pay_by, "frozen");
    assert_eq!(w.deliver(&failed).await, "processed");
    let after = w.booking(&other).await;
    assert_eq!(after["status"], "payment_required", "{after}");
    assert_eq!(after["payment_confirming"], false, "{after}");
    assert_eq!(
        after["pay_by"], other_pay_by,
        "the deadline runs again from where it stood"
    );
}

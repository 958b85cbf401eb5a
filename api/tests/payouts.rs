//! Paying mentors (issue 13) on both engines: payout details (checked,
//! masked, the mentor's own), earnings moving from pending to available 2
//! days after the session (manual clock), an open refund keeping them
//! pending, payout batches (lines, the exact CSV, paid and failed lines,
//! the ledger), a refund after a payout owed and deducted from the next
//! batch, the monthly schedule, and nobody seeing another's money.

mod bookings;
mod common;
mod mentoring;

use api::clock::{Clock, ManualClock};
use api::store::Role;
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use domain_wasm::payouts::{Schedule, next_payout_ms};
use mentoring::{call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    payout_details_are_checked_masked_and_the_mentors_own,
    earnings_become_available_two_days_after_the_session_and_a_batch_pays_them,
    a_failed_line_returns_to_available,
    an_open_refund_keeps_the_earning_pending,
    a_refund_after_a_payout_is_owed_and_deducted_from_the_next_batch,
    a_monthly_mentor_waits_for_the_next_month,
    two_batches_at_once_pay_a_mentor_once,
);

/// The session's price and the mentor's agreed rate (20 %): 400 rupees net.
const PRICE: i64 = 50_000;
const RATE_BPS: i64 = 2_000;
const NET: i64 = 40_000;
const SECRET: &str = "payouts-test-secret-key-0123456789abcdef";

struct World {
    app: TestApp,
    hand: ManualClock,
    clock: Clock,
    mentor_id: i64,
    service: i64,
    /// The callers' tokens, by [`Who`]; signed in again when the clock
    /// moves (tokens expire by it).
    tokens: std::sync::Mutex<Vec<String>>,
}

/// Who calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Mentor,
    OtherMentor,
    Learner,
    Admin,
}
use Who::{Admin, Learner, Mentor, OtherMentor};

const EMAILS: [&str; 4] = [
    "asha@example.com",
    "bo@example.com",
    "lena@example.com",
    "ada@example.com",
];

fn bank() -> Value {
    json!({
        "method": "bank",
        "beneficiary_name": "Asha Rao",
        "account_number": "1234 5678 9012",
        "ifsc": "sbin0001234",
        "schedule": "weekly",
    })
}

async fn world(engine: Engine) -> Option<World> {
    let (clock, hand) = Clock::manual();
    // Start just after a Monday 00:00 IST, so a week's events stay in one week.
    let monday = next_payout_ms(Schedule::Weekly, clock.now().timestamp_millis());
    let ahead = monday - clock.now().timestamp_millis() + 3_600_000;
    hand.advance(std::time::Duration::from_millis(ahead as u64));
    world_from(engine, clock, hand).await
}

async fn world_from(engine: Engine, clock: Clock, hand: ManualClock) -> Option<World> {
    let db = TestDb::fresh(engine).await?;
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
    let offer = Offer {
        title: "Mock interview",
        minutes: 60,
        price_paise: PRICE,
        instant: true,
    };
    let (mentor_id, services) = bookings::mentor(
        &app,
        "Asha Rao",
        "asha@example.com",
        &[offer],
        bookings::daily("Asia/Kolkata", "00:00", "24:00"),
    )
    .await;
    let other = Offer {
        title: "Chat",
        minutes: 30,
        price_paise: 10_000,
        instant: true,
    };
    bookings::mentor(
        &app,
        "Bo Other",
        "bo@example.com",
        &[other],
        bookings::daily("Asia/Kolkata", "00:00", "24:00"),
    )
    .await;
    bookings::account(&app, "Lena Learner", "lena@example.com", Role::User).await;
    let admin_id = bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    app.store
        .set_commission_override(mentor_id, RATE_BPS, admin_id, Utc::now())
        .await
        .expect("rate");
    let mut tokens = Vec::new();
    for email in EMAILS {
        tokens.push(sign_in(&app, email, mentoring::PASSWORD).await.token);
    }
    Some(World {
        app,
        hand,
        clock,
        mentor_id,
        service: services[0],
        tokens: std::sync::Mutex::new(tokens),
    })
}

impl World {
    fn token(&self, who: Who) -> String {
        self.tokens.lock().expect("tokens")[who as usize].clone()
    }

    async fn call(&self, method: &str, who: Who, path: &str, body: Option<Value>) -> (u16, Value) {
        call(&self.app, method, path, Some(&self.token(who)), body).await
    }

    fn advance(&self, by: TimeDelta) {
        self.hand.advance(by.to_std().expect("forward"));
    }

    /// The learner books the service about two days ahead and pays in the
    /// sandbox: the booking's id and end.
    async fn paid_session(&self) -> (String, DateTime<Utc>) {
        let earliest = self.clock.now() + TimeDelta::days(2);
        let (status, slots) = call(
            &self.app,
            "GET",
            &format!(
                "/api/mentors/{}/slots/?service={}",
                self.mentor_id, self.service
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
            .find(|s| DateTime::parse_from_rfc3339(s).expect("RFC 3339") >= earliest)
            .expect("an open slot two days ahead");
        let (status, booking) = self
            .call(
                "POST",
                Learner,
                "/api/bookings/",
                Some(json!({"service_id": self.service, "start": start})),
            )
            .await;
        assert_eq!(status, 201, "{booking}");
        let id = booking["id"].as_str().expect("an id").to_owned();
        let (status, checkout) = self
            .call(
                "POST",
                Learner,
                &format!("/api/bookings/{id}/checkout/"),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, 200, "{checkout}");
        let order = checkout["order_id"].as_str().expect("an order").to_owned();
        let (status, signed) = self
            .call(
                "POST",
                Learner,
                &format!("/api/payments/sandbox/{order}/pay/"),
                Some(json!({"method": "upi", "outcome": "success"})),
            )
            .await;
        assert_eq!(status, 200, "{signed}");
        let (status, confirmed) = self
            .call("POST", Learner, "/api/payments/verify/", Some(signed))
            .await;
        assert_eq!(status, 200, "{confirmed}");
        assert_eq!(confirmed["status"], "confirmed", "{confirmed}");
        let end = DateTime::parse_from_rfc3339(confirmed["end"].as_str().expect("an end"))
            .expect("RFC 3339")
            .with_timezone(&Utc);
        (id, end)
    }

    async fn earnings(&self, who: Who) -> Value {
        let (status, body) = self.call("GET", who, "/api/mentor/earnings/", None).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// Moves the clock to `t` (forward only), and signs everyone in again.
    async fn to(&self, t: DateTime<Utc>) {
        let now = self.clock.now();
        assert!(t >= now, "the clock only moves forward");
        self.advance(t - now);
        let mut fresh = Vec::new();
        for email in EMAILS {
            fresh.push(sign_in(&self.app, email, mentoring::PASSWORD).await.token);
        }
        *self.tokens.lock().expect("tokens") = fresh;
    }

    async fn set_details(&self, body: Value) -> (u16, Value) {
        self.call("PUT", Mentor, "/api/mentor/payout-details/", Some(body))
            .await
    }

    async fn create_batch(&self) -> (u16, Value) {
        self.call("POST", Admin, "/api/admin/payouts/", Some(json!({})))
            .await
    }

    async fn export(&self, who: Who, batch: i64) -> (u16, String, String) {
        let response = self
            .app
            .client
            .get(
                self.app
                    .url(&format!("/api/admin/payouts/{batch}/export.csv")),
            )
            .bearer_auth(self.token(who))
            .send()
            .await
            .expect("request");
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        (status, kind, response.text().await.expect("text"))
    }

    /// Runs SQL with text binds on either engine.
    /// A partial refund of 250 rupees requested (not decided) on `booking`'s
    /// captured payment, as refund `id`, written straight to the database.
    async fn refund_requested(&self, booking: &str, id: &str) {
        let payment = "SELECT id FROM payments WHERE booking_id = $1 AND status = 'captured'";
        let payment_id: String = match &self.app.store {
            api::store::Store::Sqlite(pool) => {
                sqlx::query_scalar(payment)
                    .bind(booking)
                    .fetch_one(pool)
                    .await
            }
            api::store::Store::Postgres(pool) => {
                sqlx::query_scalar(payment)
                    .bind(booking)
                    .fetch_one(pool)
                    .await
            }
        }
        .expect("a payment");
        let insert = "INSERT INTO refunds (id, booking_id, payment_id, learner_id, automatic, basis, \
                      reason, requested_paise, status, gateway, requested_at, updated_at) \
                      SELECT $3, b.id, $2, b.learner_id, FALSE, 'partial', 'It was short', 25000, \
                      'requested', 'sandbox', b.created_at, b.created_at FROM bookings b WHERE b.id = $1";
        self.sql(insert, &[booking, &payment_id, id]).await;
    }

    async fn sql(&self, sql: &str, binds: &[&str]) {
        match &self.app.store {
            api::store::Store::Sqlite(pool) => {
                let mut q = sqlx::query(sql);
                for b in binds {
                    q = q.bind(*b);
                }
                q.execute(pool).await.map(drop)
            }
            api::store::Store::Postgres(pool) => {
                let mut q = sqlx::query(sql);
                for b in binds {
                    q = q.bind(*b);
                }
                q.execute(pool).await.map(drop)
            }
        }
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// The sum of every ledger entry (zero when the books balance) and the
    /// credit balance of payouts in transit.
    async fn ledger_sums(&self) -> (i64, i64) {
        let total = "SELECT CAST(COALESCE(SUM(amount_paise), 0) AS BIGINT) FROM ledger_entries";
        let transit = "SELECT CAST(COALESCE(-SUM(amount_paise), 0) AS BIGINT) FROM ledger_entries \
                       WHERE account = 'payouts_in_transit'";
        match &self.app.store {
            api::store::Store::Sqlite(pool) => (
                sqlx::query_scalar(total)
                    .fetch_one(pool)
                    .await
                    .expect("sum"),
                sqlx::query_scalar(transit)
                    .fetch_one(pool)
                    .await
                    .expect("sum"),
            ),
            api::store::Store::Postgres(pool) => (
                sqlx::query_scalar(total)
                    .fetch_one(pool)
                    .await
                    .expect("sum"),
                sqlx::query_scalar(transit)
                    .fetch_one(pool)
                    .await
                    .expect("sum"),
            ),
        }
    }

    /// A refund of `mentor_paise` of the mentor's share (and
    /// `commission_paise` of the commission) processed for booking `id`,
    /// as the refunds service posts it.
    async fn refunded(&self, id: &str, commission_paise: i64, mentor_paise: i64) {
        let postings = domain_wasm::ledger::refund_postings(
            self.mentor_id,
            &domain_wasm::refunds::RefundSplit {
                commission_paise,
                mentor_paise,
            },
        );
        let mut tx = self.app.store.begin().await.expect("begin");
        let txn = format!("refund:test-{id}");
        let posted = api::ledger::post(
            &mut tx,
            &api::ledger::Txn {
                id: &txn,
                event: "refund",
                booking_id: Some(id),
                refund_id: None,
                payout_line_id: None,
                sandbox: false,
            },
            &postings,
            self.clock.now(),
        )
        .await
        .expect("posted");
        assert!(posted);
        tx.commit().await.expect("commit");
    }
}

fn amounts(e: &Value) -> (i64, i64, i64) {
    (
        e["pending_paise"].as_i64().expect("pending"),
        e["available_paise"].as_i64().expect("available"),
        e["owed_paise"].as_i64().expect("owed"),
    )
}

async fn payout_details_are_checked_masked_and_the_mentors_own(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let path = "/api/mentor/payout-details/";
    let (status, body) = w.call("GET", Mentor, path, None).await;
    assert_eq!(status, 404, "none yet: {body}");

    let (status, body) = w
        .set_details(json!({"method": "bank", "beneficiary_name": "Asha Rao", "account_number": "12 34", "ifsc": "SBIN1234567"}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["account_number"].is_array(), "{body}");
    assert!(
        body["ifsc"].is_array(),
        "the fifth character is a zero: {body}"
    );

    let (status, body) = w
        .set_details(json!({"method": "upi", "beneficiary_name": "A", "upi_id": "asha@ok1"}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["upi_id"].is_array(), "{body}");
    assert!(body["beneficiary_name"].is_array(), "{body}");

    let (status, body) = w.set_details(json!({"method": "cheque"})).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["method"].is_array(), "{body}");

    let (status, body) = w.set_details(bank()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["method"], "bank");
    assert_eq!(body["account_number_masked"], "•••• •••• 9012");
    assert_eq!(body["ifsc"], "SBIN0001234");
    assert_eq!(body["upi_id_masked"], Value::Null);
    assert_eq!(body["schedule"], "weekly");
    assert!(
        !body.to_string().contains("123456789012"),
        "never in full: {body}"
    );

    let (status, body) = w
        .set_details(json!({"method": "upi", "beneficiary_name": "Asha Rao", "upi_id": "asha.rao@okaxis", "schedule": "monthly"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, got) = w.call("GET", Mentor, path, None).await;
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["upi_id_masked"], "as•••@okaxis");
    assert_eq!(got["account_number_masked"], Value::Null, "the bank's left");
    assert_eq!(got["schedule"], "monthly");

    // Another mentor has their own (none); learners and admins are not mentors.
    let (status, _) = w.call("GET", OtherMentor, path, None).await;
    assert_eq!(status, 404);
    for who in [Learner, Admin] {
        let (status, body) = w.call("GET", who, path, None).await;
        assert_eq!(status, 403, "{body}");
        let (status, body) = w.call("PUT", who, path, Some(bank())).await;
        assert_eq!(status, 403, "{body}");
        let (status, body) = w.call("GET", who, "/api/mentor/earnings/", None).await;
        assert_eq!(status, 403, "{body}");
    }
    let (status, _) = call(&w.app, "GET", path, None, None).await;
    assert_eq!(status, 401);
}

async fn earnings_become_available_two_days_after_the_session_and_a_batch_pays_them(
    engine: Engine,
) {
    let Some(w) = world(engine).await else { return };
    let (booking, end) = w.paid_session().await;

    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (NET, 0, 0), "before the session: {e}");
    let session = &e["sessions"][0];
    assert_eq!(session["booking_id"], booking.as_str());
    assert_eq!(session["gross_paise"], PRICE);
    assert_eq!(session["commission_paise"], PRICE - NET);
    assert_eq!(session["net_paise"], NET);
    assert_eq!(session["state"], "pending");
    let available_at = end + TimeDelta::days(2);
    assert_eq!(
        DateTime::parse_from_rfc3339(session["available_at"].as_str().expect("a time"))
            .expect("RFC 3339"),
        available_at
    );

    // Over, but within the hold.
    w.to(end + TimeDelta::hours(47)).await;
    assert_eq!(amounts(&w.earnings(Mentor).await), (NET, 0, 0));
    let (status, body) = w.create_batch().await;
    assert_eq!(status, 409, "nothing available yet: {body}");

    w.to(available_at).await;
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, NET, 0), "{e}");
    assert_eq!(e["sessions"][0]["state"], "available");

    // Available but no payout details: left out, and said so.
    let (status, body) = w.create_batch().await;
    assert_eq!(status, 409, "{body}");

    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    for who in [Mentor, Learner] {
        let (status, body) = w
            .call("POST", who, "/api/admin/payouts/", Some(json!({})))
            .await;
        assert_eq!(status, 403, "{body}");
    }
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let batch_id = batch["id"].as_i64().expect("an id");
    let lines = batch["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 1, "{batch}");
    let line = &lines[0];
    let line_id = line["id"].as_i64().expect("an id");
    assert_eq!(line["mentor_id"], w.mentor_id);
    assert_eq!(line["amount_paise"], NET);
    assert_eq!(line["status"], "pending");
    assert_eq!(line["account_number_masked"], "•••• •••• 9012");
    let reference = format!("MMP-{batch_id:06}-{line_id:06}");
    assert_eq!(line["reference"], reference.as_str());
    assert_eq!(batch["total_paise"], NET);
    assert_eq!(
        batch["sandbox"], true,
        "the sandbox's money, labelled (issue 19)"
    );

    let (status, kind, csv) = w.export(Admin, batch_id).await;
    assert_eq!(status, 200, "{csv}");
    assert!(kind.starts_with("text/csv"), "{kind}");
    assert_eq!(
        csv,
        format!(
            "payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference\r\n\
             {batch_id},{},Asha Rao,123456789012,,SBIN0001234,400.00,{reference}\r\n",
            w.mentor_id
        )
    );
    for who in [Mentor, Learner] {
        let (status, _, _) = w.export(who, batch_id).await;
        assert_eq!(status, 403);
    }

    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, 0, 0), "in the batch: {e}");
    assert_eq!(e["in_payout_paise"], NET);
    assert_eq!(e["sessions"][0]["state"], "in_payout");
    assert_eq!(w.ledger_sums().await, (0, NET), "balanced; in transit");
    let (status, body) = w.create_batch().await;
    assert_eq!(status, 409, "nothing left: {body}");

    // Another mentor sees none of it.
    let other = w.earnings(OtherMentor).await;
    assert_eq!(other["payouts"], json!([]), "{other}");
    assert_eq!(other["sessions"], json!([]), "{other}");
    let (status, _) = w
        .call(
            "GET",
            OtherMentor,
            &format!("/api/admin/payouts/{batch_id}/"),
            None,
        )
        .await;
    assert_eq!(status, 403);

    let paid = format!("/api/admin/payouts/{batch_id}/lines/{line_id}/paid/");
    let (status, _) = w.call("POST", Mentor, &paid, Some(json!({}))).await;
    assert_eq!(status, 403);
    let (status, wrong) = w
        .call(
            "POST",
            Admin,
            &format!("/api/admin/payouts/{}/lines/{line_id}/paid/", batch_id + 1),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 404, "{wrong}");
    let (status, line) = w.call("POST", Admin, &paid, Some(json!({}))).await;
    assert_eq!(status, 200, "{line}");
    assert_eq!(line["status"], "paid");
    let (status, again) = w.call("POST", Admin, &paid, Some(json!({}))).await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(
        w.ledger_sums().await,
        (0, 0),
        "paid out: nothing in transit"
    );
    assert!(
        w.app
            .mail_kinds("asha@example.com")
            .await
            .contains(&"payout_paid".to_owned())
    );

    let e = w.earnings(Mentor).await;
    assert_eq!(e["paid_paise"], NET);
    assert_eq!(e["in_payout_paise"], 0);
    assert_eq!(e["payouts"][0]["status"], "paid");
    assert_eq!(e["payouts"][0]["reference"], reference.as_str());
    assert_eq!(e["sessions"][0]["state"], "paid");
    let series = e["series"].as_array().expect("months");
    let total = |key: &str| {
        series
            .iter()
            .map(|m| m[key].as_i64().expect("paise"))
            .sum::<i64>()
    };
    assert_eq!(
        (total("earned_paise"), total("paid_paise")),
        (NET, NET),
        "{e}"
    );

    let (status, list) = w.call("GET", Admin, "/api/admin/payouts/", None).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list[0]["id"], batch_id);
    assert_eq!(list[0]["paid_paise"], NET);
}

async fn a_failed_line_returns_to_available(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (_, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let batch_id = batch["id"].as_i64().expect("an id");
    let line_id = batch["lines"][0]["id"].as_i64().expect("a line");
    let failed = format!("/api/admin/payouts/{batch_id}/lines/{line_id}/failed/");

    let (status, body) = w
        .call("POST", Admin, &failed, Some(json!({"reason": "  "})))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["reason"].is_array(), "{body}");
    let (status, line) = w
        .call(
            "POST",
            Admin,
            &failed,
            Some(json!({"reason": "Account closed"})),
        )
        .await;
    assert_eq!(status, 200, "{line}");
    assert_eq!(line["status"], "failed");
    assert_eq!(line["failure_reason"], "Account closed");
    let (status, _) = w
        .call(
            "POST",
            Admin,
            &format!("/api/admin/payouts/{batch_id}/lines/{line_id}/paid/"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 409, "a failed line stays failed");

    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, NET, 0), "back to available: {e}");
    assert_eq!(e["payouts"][0]["status"], "failed");
    assert_eq!(w.ledger_sums().await, (0, 0));
    assert!(
        w.app
            .mail_kinds("asha@example.com")
            .await
            .contains(&"payout_failed".to_owned())
    );

    // A failed line does not count as this week's payout.
    let (status, again) = w.create_batch().await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["lines"][0]["amount_paise"], NET);
}

async fn an_open_refund_keeps_the_earning_pending(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (booking, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(3)).await;
    w.refund_requested(&booking, "refund-open").await;

    let e = w.earnings(Mentor).await;
    assert_eq!(
        amounts(&e),
        (NET, 0, 0),
        "held while the request is open: {e}"
    );
    assert_eq!(e["sessions"][0]["state"], "pending");
    let (status, body) = w.create_batch().await;
    assert_eq!(status, 409, "{body}");

    w.sql(
        "UPDATE refunds SET status = 'rejected' WHERE id = 'refund-open'",
        &[],
    )
    .await;
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, NET, 0), "released when rejected: {e}");
}

async fn a_refund_after_a_payout_is_owed_and_deducted_from_the_next_batch(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (first, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let (batch_id, line_id) = (
        batch["id"].as_i64().expect("an id"),
        batch["lines"][0]["id"].as_i64().expect("a line"),
    );
    let (status, _) = w
        .call(
            "POST",
            Admin,
            &format!("/api/admin/payouts/{batch_id}/lines/{line_id}/paid/"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);

    // A refund asked for after the payout holds nothing back: the money
    // is with the mentor.
    w.refund_requested(&first, "refund-late").await;
    let e = w.earnings(Mentor).await;
    assert_eq!(
        amounts(&e),
        (0, 0, 0),
        "nothing held, nothing owed yet: {e}"
    );
    assert_eq!(e["sessions"][0]["state"], "paid");

    // 200 rupees refunded after the mentor was paid: 160 of it was theirs.
    w.sql(
        "UPDATE refunds SET status = 'processed', amount_paise = 20000 WHERE id = 'refund-late'",
        &[],
    )
    .await;
    w.refunded(&first, 4_000, 16_000).await;
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, 0, 16_000), "owed: {e}");
    assert_eq!(e["sessions"][0]["net_paise"], NET - 16_000);

    let (status, body) = w.create_batch().await;
    assert_eq!(status, 409, "{body}");

    // Next week, another session: the debt comes off it.
    let (_, end) = w.paid_session().await;
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (NET, 0, 16_000), "{e}");
    w.to(end + TimeDelta::days(2)).await;
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, NET - 16_000, 0), "{e}");
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    assert_eq!(batch["lines"][0]["amount_paise"], NET - 16_000);
    assert_eq!(w.ledger_sums().await, (0, NET - 16_000));
}

async fn a_monthly_mentor_waits_for_the_next_month(engine: Engine) {
    let (clock, hand) = Clock::manual();
    // Start just after the 1st of a month 00:00 IST.
    let first = next_payout_ms(Schedule::Monthly, clock.now().timestamp_millis());
    let ahead = first - clock.now().timestamp_millis() + 3_600_000;
    hand.advance(std::time::Duration::from_millis(ahead as u64));
    let Some(w) = world_from(engine, clock, hand).await else {
        return;
    };
    let mut monthly = bank();
    monthly["schedule"] = json!("monthly");
    let (status, body) = w.set_details(monthly).await;
    assert_eq!(status, 200, "{body}");

    let (_, end) = w.paid_session().await;
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "the month's first payout: {batch}");

    let (_, end) = w.paid_session().await;
    w.to(end + TimeDelta::days(2)).await;
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, NET, 0), "{e}");
    assert_eq!(e["schedule"], "monthly");
    let next = DateTime::parse_from_rfc3339(e["next_payout_at"].as_str().expect("a time"))
        .expect("RFC 3339")
        .with_timezone(&Utc);
    assert!(
        next > w.clock.now() + TimeDelta::days(14),
        "the 1st of next month: {next}"
    );
    let (status, body) = w.create_batch().await;
    assert_eq!(status, 409, "already paid this month: {body}");

    w.to(next + TimeDelta::hours(1)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    assert_eq!(batch["lines"][0]["amount_paise"], NET);
}

async fn two_batches_at_once_pay_a_mentor_once(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (_, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (a, b) = tokio::join!(w.create_batch(), w.create_batch());
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{} / {}", a.1, b.1);
    assert_eq!(w.ledger_sums().await, (0, NET), "paid once");
    let e = w.earnings(Mentor).await;
    assert_eq!(e["in_payout_paise"], NET, "{e}");
}

mod demo {
    use super::*;

    on_both_engines!(the_demo_has_money_to_pay_out);

    async fn the_demo_has_money_to_pay_out(engine: Engine) {
        let Some(app) = mentoring::spawn(engine).await else {
            return;
        };
        let people = mentoring::people(&app).await;
        let again = api::demo_money::ensure(&app.store, Utc::now())
            .await
            .expect("seeds");
        assert_eq!(again, 0, "seeded once, at the start");
        let stats = app.get_json("/api/stats/").await;
        assert_eq!(
            stats["completed_sessions"],
            api::demo_money::SESSIONS as i64,
            "the home page counts the demo's sessions"
        );

        let (status, e) = call(
            &app,
            "GET",
            "/api/mentor/earnings/",
            Some(&people.mentor.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "{e}");
        let sessions = e["sessions"].as_array().expect("sessions");
        assert_eq!(sessions.len(), 4, "{e}");
        let net = |s: &Value| s["net_paise"].as_i64().expect("net");
        let available: i64 = sessions.iter().take(3).map(net).sum();
        assert!(available > 0, "{e}");
        assert_eq!(e["available_paise"], available, "{e}");
        assert_eq!(
            e["pending_paise"],
            net(&sessions[3]),
            "yesterday's is held: {e}"
        );

        let (status, details) = call(
            &app,
            "GET",
            "/api/mentor/payout-details/",
            Some(&people.mentor.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "{details}");
        assert_eq!(details["method"], "bank");

        let (status, batch) = call(
            &app,
            "POST",
            "/api/admin/payouts/",
            Some(&people.admin.token),
            Some(json!({})),
        )
        .await;
        assert_eq!(status, 201, "{batch}");
        let lines = batch["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 3, "the demo mentor and two others: {batch}");
        let mine = lines
            .iter()
            .find(|l| l["mentor_id"].as_i64() == people.mentor.mentor_id)
            .expect("the demo mentor's line");
        assert_eq!(mine["amount_paise"], available);
        let id = batch["id"].as_i64().expect("an id");
        let csv = app
            .client
            .get(app.url(&format!("/api/admin/payouts/{id}/export.csv")))
            .bearer_auth(&people.admin.token)
            .send()
            .await
            .expect("request")
            .text()
            .await
            .expect("text");
        assert_eq!(csv.lines().count(), 4, "a header and three rows:\n{csv}");
        assert!(csv.contains("@okaxis"), "{csv}");
    }
}

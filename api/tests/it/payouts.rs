//! Paying mentors (issue 13) on both engines: payout details (checked,
//! masked, the mentor's own), earnings moving from pending to available 2
//! days after the session (manual clock), an open refund keeping them
//! pending, payout batches (lines, the exact CSV, paid and failed lines,
//! the ledger), a refund after a payout owed and deducted from the next
//! batch, the monthly schedule, and nobody seeing another's money.

use crate::{bookings, common, mentoring};
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
    a_cancelled_future_session_shows_as_cancelled_not_pending,
    a_refund_after_a_payout_is_owed_and_deducted_from_the_next_batch,
    a_monthly_mentor_waits_for_the_next_month,
    two_batches_at_once_pay_a_mentor_once,
    a_stolen_session_cannot_set_or_change_payout_details,
    wrong_passwords_for_payout_details_are_throttled,
    a_google_only_mentor_confirms_with_a_fresh_google_credential,
    a_change_of_where_the_money_goes_waits_48_hours_and_can_be_cancelled,
    payout_details_are_sealed_at_rest_and_clear_rows_are_sealed_at_start,
    rotation_seals_every_value_under_the_new_key_and_is_audited,
    tds_is_deducted_posted_to_tds_payable_and_the_books_balance,
    a_refund_after_the_payout_gives_back_tds_in_proportion,
    a_failed_line_keeps_its_tds_and_the_next_line_does_not_deduct_it_again,
    the_quarterly_tds_statement_lists_gross_tds_and_net,
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

/// Bank details with a PAN (below ₹5 lakh a year: no TDS).
fn bank() -> Value {
    json!({
        "method": "bank",
        "beneficiary_name": "Asha Rao",
        "account_number": "1234 5678 9012",
        "ifsc": "sbin0001234",
        "schedule": "weekly",
        "pan": "abcpr1234k",
    })
}

/// A fixed start for the tests of issue 20: Monday 4 January 2027, 01:00
/// IST (Q4 of financial year 2026-27), so nothing depends on the day the
/// tests run.
fn fixed_start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2027-01-04T01:00:00+05:30")
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

async fn fixed_world(engine: Engine) -> Option<World> {
    let (clock, hand) = Clock::manual_at(fixed_start());
    world_from(engine, clock, hand).await
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
    world_limited(engine, clock, hand, false).await
}

async fn world_limited(
    engine: Engine,
    clock: Clock,
    hand: ManualClock,
    rate_limits: bool,
) -> Option<World> {
    world_with(engine, clock, hand, rate_limits, None).await
}

async fn world_with(
    engine: Engine,
    clock: Clock,
    hand: ManualClock,
    rate_limits: bool,
    google: Option<(String, String)>,
) -> Option<World> {
    let db = TestDb::fresh(engine).await?;
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits,
            google,
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

    /// Sets payout details, confirmed with the mentor's password unless
    /// the body says otherwise.
    async fn set_details(&self, mut body: Value) -> (u16, Value) {
        if body.get("password").is_none() {
            body["password"] = json!(mentoring::PASSWORD);
        }
        self.call("PUT", Mentor, "/api/mentor/payout-details/", Some(body))
            .await
    }

    /// Text columns of the first row of `sql`, raw from the database.
    async fn raw(&self, sql: &str) -> Vec<Option<String>> {
        use sqlx::Row;
        match &self.app.store {
            api::store::Store::Sqlite(pool) => {
                let row = sqlx::query(sql).fetch_one(pool).await.expect(sql);
                (0..row.len())
                    .map(|i| row.get::<Option<String>, _>(i))
                    .collect()
            }
            api::store::Store::Postgres(pool) => {
                let row = sqlx::query(sql).fetch_one(pool).await.expect(sql);
                (0..row.len())
                    .map(|i| row.get::<Option<String>, _>(i))
                    .collect()
            }
        }
    }

    /// The `tds_payable` account's credit balance.
    async fn tds_payable(&self) -> i64 {
        let sql = "SELECT CAST(COALESCE(-SUM(amount_paise), 0) AS BIGINT) FROM ledger_entries \
                   WHERE account = 'tds_payable'";
        match &self.app.store {
            api::store::Store::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
            api::store::Store::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
        }
        .expect("sum")
    }

    async fn statement(&self, query: &str) -> (u16, String, String) {
        let response = self
            .app
            .client
            .get(
                self.app
                    .url(&format!("/api/mentor/payouts/tds-statement/{query}")),
            )
            .bearer_auth(self.token(Mentor))
            .send()
            .await
            .expect("request");
        let status = response.status().as_u16();
        let disposition = response
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        (status, disposition, response.text().await.expect("text"))
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
        static REFUNDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = REFUNDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let txn = format!("refund:test-{id}-{n}");
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

    assert_eq!(body["pan_masked"], "••••••234K");
    assert_eq!(body["pending"], Value::Null, "the first details at once");

    let (status, body) = w
        .set_details(json!({"method": "upi", "beneficiary_name": "Asha Rao", "upi_id": "asha.rao@okaxis", "schedule": "monthly"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, got) = w.call("GET", Mentor, path, None).await;
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["pending"]["upi_id_masked"], "as•••@okaxis");
    assert_eq!(got["pending"]["account_number_masked"], Value::Null);
    assert_eq!(
        got["account_number_masked"], "•••• •••• 9012",
        "the bank's until the change takes effect"
    );
    assert_eq!(got["schedule"], "monthly", "the schedule changes at once");
    assert_eq!(got["pan_masked"], Value::Null, "the PAN was left out");

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
            "payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference,gross_rupees,tds_rupees\r\n\
             {batch_id},{},Asha Rao,123456789012,,SBIN0001234,400.00,{reference},500.00,0.00\r\n",
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
    assert_eq!(e["sessions"][0]["state"], "held");
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

/// Issue 21: a session cancelled before it took place was listed as
/// "Ended <its future date> · Pending until …"; it is cancelled, with what
/// the mentor keeps of it (nothing, once the learner is refunded).
async fn a_cancelled_future_session_shows_as_cancelled_not_pending(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (booking, end) = w.paid_session().await;
    let (status, body) = w
        .call(
            "POST",
            Learner,
            &format!("/api/bookings/{booking}/cancel/"),
            Some(json!({"reason": "plans changed"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let e = w.earnings(Mentor).await;
    let session = &e["sessions"][0];
    assert_eq!(session["booking_id"], booking.as_str());
    assert_eq!(session["state"], "cancelled", "{e}");
    // Past the end it would have had and the hold after it: still cancelled.
    w.to(end + TimeDelta::days(3)).await;
    let e = w.earnings(Mentor).await;
    assert_eq!(e["sessions"][0]["state"], "cancelled", "{e}");
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

// ---- Issue 20: payouts an attacker cannot redirect ---------------------------

async fn a_stolen_session_cannot_set_or_change_payout_details(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let path = "/api/mentor/payout-details/";
    // A session token alone: no password.
    let mut stolen = bank();
    stolen["password"] = Value::Null;
    let (status, body) = w.set_details(stolen).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["password"].is_array(), "{body}");
    let mut wrong = bank();
    wrong["password"] = json!("not-the-password");
    let (status, body) = w.set_details(wrong.clone()).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["password"], json!(["Invalid password."]), "{body}");
    let (status, _) = w.call("GET", Mentor, path, None).await;
    assert_eq!(status, 404, "nothing was stored");

    let (status, body) = w.set_details(bank()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["account_number_masked"], "•••• •••• 9012");
    assert!(
        w.app
            .mail_kinds("asha@example.com")
            .await
            .contains(&"payout_details_set".to_owned()),
        "the mentor is told at once"
    );

    // Redirecting them needs the password too.
    let mut redirect =
        json!({"method": "upi", "beneficiary_name": "Mallory", "upi_id": "mallory@okaxis"});
    redirect["password"] = json!("guess-1");
    let (status, body) = w.set_details(redirect).await;
    assert_eq!(status, 400, "{body}");
    let (_, got) = w.call("GET", Mentor, path, None).await;
    assert_eq!(got["pending"], Value::Null, "{got}");
    assert_eq!(got["method"], "bank");
}

async fn a_google_only_mentor_confirms_with_a_fresh_google_credential(engine: Engine) {
    let google = common::google::TestGoogle::start().await;
    let (clock, hand) = Clock::manual_at(fixed_start());
    let Some(w) = world_with(
        engine,
        clock,
        hand,
        false,
        Some((google.client_id().to_owned(), google.jwks_url())),
    )
    .await
    else {
        return;
    };
    // The mentor's account signs in only with Google.
    w.sql(
        "UPDATE users SET password_hash = NULL, google_sub = 'g-asha' WHERE email = 'asha@example.com'",
        &[],
    )
    .await;
    let at = w.clock.now().timestamp();
    let credential = |sub: &str, issued: i64| {
        let mut claims = google.claims_for("asha@example.com", sub, None);
        claims["iat"] = json!(issued);
        claims["exp"] = json!(issued + 3600);
        // `nbf` is optional for Google, and the verifier checks it on the
        // machine's time while this test's server lives in 2027.
        claims.as_object_mut().map(|c| c.remove("nbf"));
        google.mint(claims)
    };
    let mut body = bank();
    body["password"] = json!(mentoring::PASSWORD);
    let (status, answer) = w.set_details(body.clone()).await;
    assert_eq!(status, 400, "a password proves nothing here: {answer}");
    assert!(answer["google_credential"].is_array(), "{answer}");
    body["password"] = Value::Null;
    for (sub, issued, why) in [
        ("g-asha", at - 600, "issued ten minutes ago"),
        ("g-mallory", at, "another Google account"),
    ] {
        body["google_credential"] = json!(credential(sub, issued));
        let (status, answer) = w.set_details(body.clone()).await;
        assert_eq!(status, 400, "{why}: {answer}");
        assert!(answer["google_credential"].is_array(), "{why}: {answer}");
    }
    body["google_credential"] = json!(credential("g-asha", at - 60));
    let (status, answer) = w.set_details(body).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["account_number_masked"], "•••• •••• 9012");
}

async fn wrong_passwords_for_payout_details_are_throttled(engine: Engine) {
    // At the start of a 15-minute window, so every attempt counts in one.
    let (clock, hand) = Clock::manual_at(fixed_start());
    let Some(w) = world_limited(engine, clock, hand, true).await else {
        return;
    };
    let mut wrong = bank();
    wrong["password"] = json!("not-the-password");
    for attempt in 1..=5 {
        let (status, body) = w.set_details(wrong.clone()).await;
        assert_eq!(status, 400, "attempt {attempt}: {body}");
    }
    let (status, body) = w.set_details(wrong.clone()).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.contains("Too many")),
        "{body}"
    );
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 429, "not even the right one, until the window ends");
    w.to(w.clock.now() + TimeDelta::minutes(15)).await;
    let (status, body) = w.set_details(bank()).await;
    assert_eq!(status, 200, "{body}");
}

async fn a_change_of_where_the_money_goes_waits_48_hours_and_can_be_cancelled(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let path = "/api/mentor/payout-details/";
    let (_, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;

    let asked = w.clock.now();
    let (status, body) = w
        .set_details(json!({"method": "upi", "beneficiary_name": "Asha Rao", "upi_id": "asha.rao@okaxis", "pan": "ABCPR1234K"}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["method"], "bank", "still the bank: {body}");
    let effective =
        DateTime::parse_from_rfc3339(body["pending"]["effective_at"].as_str().expect("when"))
            .expect("RFC 3339")
            .with_timezone(&Utc);
    assert_eq!(effective, asked + TimeDelta::hours(48));
    assert_eq!(body["pending"]["upi_id_masked"], "as•••@okaxis");
    assert!(
        w.app
            .mail_kinds("asha@example.com")
            .await
            .contains(&"payout_details_change_requested".to_owned())
    );

    // A payout made meanwhile goes to the current account.
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    assert_eq!(batch["lines"][0]["method"], "bank");
    assert_eq!(batch["lines"][0]["account_number_masked"], "•••• •••• 9012");

    w.to(asked + TimeDelta::hours(47)).await;
    let (_, got) = w.call("GET", Mentor, path, None).await;
    assert_eq!(got["method"], "bank", "{got}");
    assert!(got["pending"].is_object(), "{got}");

    w.to(asked + TimeDelta::hours(48)).await;
    let (_, got) = w.call("GET", Mentor, path, None).await;
    assert_eq!(got["method"], "upi", "in effect after 48 hours: {got}");
    assert_eq!(got["upi_id_masked"], "as•••@okaxis");
    assert_eq!(got["pending"], Value::Null);

    // Another change, cancelled by the mentor.
    let (status, body) = w.set_details(bank()).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["pending"].is_object(), "{body}");
    let pending = format!("{path}pending/");
    let (status, _) = w.call("DELETE", OtherMentor, &pending, None).await;
    assert_eq!(status, 404, "not theirs to cancel");
    let (status, body) = w.call("DELETE", Mentor, &pending, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["pending"], Value::Null);
    assert_eq!(body["method"], "upi");
    let (status, _) = w.call("DELETE", Mentor, &pending, None).await;
    assert_eq!(status, 404, "nothing left to cancel");
    assert!(
        w.app
            .mail_kinds("asha@example.com")
            .await
            .contains(&"payout_details_change_cancelled".to_owned())
    );
    w.to(asked + TimeDelta::hours(200)).await;
    let (_, got) = w.call("GET", Mentor, path, None).await;
    assert_eq!(
        got["method"], "upi",
        "the cancelled change never applies: {got}"
    );

    // The audit log keeps the history, masked.
    let history = w
        .app
        .store
        .audit_of("payout_details", &w.mentor_id.to_string())
        .await
        .expect("audit");
    assert!(history.len() >= 5, "{history:?}");
    assert!(
        history.iter().all(|h| h.action == "payout_details.changed"),
        "{history:?}"
    );
    let text = format!("{history:?}");
    assert!(!text.contains("123456789012"), "never in full: {text}");
    assert!(!text.contains("ABCPR1234K"), "never in full: {text}");
    assert!(text.contains("9012"), "masked: {text}");
}

async fn payout_details_are_sealed_at_rest_and_clear_rows_are_sealed_at_start(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let (_, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let (status, _) = w
        .set_details(json!({"method": "upi", "beneficiary_name": "Asha Rao", "upi_id": "asha.rao@okaxis", "pan": "ABCPR1234K"}))
        .await;
    assert_eq!(status, 200);

    let details = w
        .raw("SELECT account_number, pan, pending_upi_id FROM payout_details")
        .await;
    let line = w.raw("SELECT account_number FROM payout_lines").await;
    for value in details.iter().chain(&line) {
        let value = value.as_deref().expect("stored");
        assert!(value.starts_with("enc1:"), "sealed: {value}");
        for clear in ["123456789012", "ABCPR1234K", "asha.rao", "okaxis"] {
            assert!(!value.contains(clear), "{value}");
        }
    }

    // A row written in clear before (issue 13's) is sealed at start, once.
    w.sql(
        "UPDATE payout_details SET account_number = '999988887777'",
        &[],
    )
    .await;
    let cipher = w.app.state.payout_cipher.get().expect("loaded");
    let now = w.clock.now();
    let done =
        api::payouts::seal_stored(&w.app.store, cipher, api::store::audit::Actor::System, now)
            .await
            .expect("sealed");
    assert_eq!(done.from_clear, 1, "{done:?}");
    let again =
        api::payouts::seal_stored(&w.app.store, cipher, api::store::audit::Actor::System, now)
            .await
            .expect("sealed");
    assert_eq!(again, api::payouts::Sealed::default(), "idempotent");
    let after = w.raw("SELECT account_number FROM payout_details").await;
    assert!(after[0].as_deref().expect("stored").starts_with("enc1:"));
    let (_, got) = w
        .call("GET", Mentor, "/api/mentor/payout-details/", None)
        .await;
    assert_eq!(got["account_number_masked"], "•••• •••• 7777", "{got}");
}

async fn rotation_seals_every_value_under_the_new_key_and_is_audited(engine: Engine) {
    use api::payouts::crypto::{Field, PayoutCipher};
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let (_, end) = w.paid_session().await;
    let (status, _) = w.set_details(bank()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let old = w.app.state.payout_cipher.get().expect("loaded").clone();

    // PAYOUT_KEY set beside the SECRET_KEY the site derived its key from.
    let new_key = [42u8; 32];
    let mut settings = api::config::Settings::for_database("unused");
    settings.secret_key = Some(SECRET.into());
    settings.payout_key = Some(hex::encode(new_key));
    let (new, done) = api::server::load_payout_cipher(
        &w.app.store,
        &settings,
        api::store::audit::Actor::CommandLine,
    )
    .await
    .expect("rotated");
    assert_ne!(new.key_id(), old.key_id());
    assert_eq!(
        (done.from_clear, done.rotated),
        (0, 3),
        "the details' account number and PAN, the line's account number"
    );
    let (_, again) = api::server::load_payout_cipher(
        &w.app.store,
        &settings,
        api::store::audit::Actor::CommandLine,
    )
    .await
    .expect("again");
    assert_eq!(
        again,
        api::payouts::Sealed::default(),
        "nothing left to rotate"
    );

    let only_new = PayoutCipher::new(&new_key, &[]);
    let stored = w
        .raw("SELECT account_number, pan FROM payout_details")
        .await;
    let account = stored[0].as_deref().expect("stored");
    assert!(
        account.starts_with(&format!("enc1:{}:", new.key_id())),
        "{account}"
    );
    assert_eq!(
        only_new
            .open(Field::AccountNumber, w.mentor_id, account)
            .as_deref(),
        Ok("123456789012")
    );
    assert_eq!(
        only_new
            .open(
                Field::Pan,
                w.mentor_id,
                stored[1].as_deref().expect("a PAN")
            )
            .as_deref(),
        Ok("ABCPR1234K")
    );
    assert!(
        old.open(Field::AccountNumber, w.mentor_id, account)
            .is_err(),
        "the old key alone no longer opens it"
    );
    let audit = w.app.store.audit_latest(20).await.expect("audit");
    let rotated = audit
        .iter()
        .find(|a| a.action == "payout_key.rotated")
        .expect("audited");
    assert_eq!(rotated.actor, "cli");
    assert_eq!(rotated.object_id, new.key_id());
}

// ---- Issue 20: TDS under section 194-O -----------------------------------------

/// 5 % of the gross, without a PAN.
const TDS_NO_PAN: i64 = PRICE * 500 / 10_000;

fn no_pan() -> Value {
    let mut b = bank();
    b["pan"] = Value::Null;
    b
}

async fn tds_is_deducted_posted_to_tds_payable_and_the_books_balance(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let (booking, end) = w.paid_session().await;
    let (status, _) = w.set_details(no_pan()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let line = &batch["lines"][0];
    assert_eq!(line["gross_paise"], PRICE);
    assert_eq!(line["tds_paise"], TDS_NO_PAN);
    assert_eq!(line["amount_paise"], NET - TDS_NO_PAN, "sent after TDS");
    assert_eq!(w.tds_payable().await, TDS_NO_PAN);
    assert_eq!(w.ledger_sums().await, (0, NET - TDS_NO_PAN), "balanced");

    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, 0, 0), "nothing left: {e}");
    assert_eq!(e["sessions"][0]["booking_id"], booking.as_str());
    assert_eq!(e["sessions"][0]["tds_paise"], TDS_NO_PAN);
    assert_eq!(e["sessions"][0]["state"], "in_payout", "{e}");
    assert_eq!(e["payouts"][0]["tds_paise"], TDS_NO_PAN);
    assert_eq!(e["tds_year_paise"], TDS_NO_PAN);
    assert_eq!(e["financial_year"], "2026-27");

    let batch_id = batch["id"].as_i64().expect("an id");
    let line_id = line["id"].as_i64().expect("a line");
    let (status, _, csv) = w.export(Admin, batch_id).await;
    assert_eq!(status, 200);
    let row = csv.lines().nth(1).expect("a row");
    assert!(
        row.ends_with(&format!(
            ",{},500.00,25.00",
            line["reference"].as_str().expect("ref")
        )),
        "gross and TDS last: {csv}"
    );
    assert!(row.contains(",375.00,"), "{csv}");
    let exports = w
        .app
        .store
        .audit_of("payout_batch", &batch_id.to_string())
        .await
        .expect("audit");
    assert_eq!(exports.len(), 1, "each export is audited");
    assert_eq!(exports[0].action, "payout_batch.exported");
    assert_eq!(exports[0].actor, "admin");

    let (status, _) = w
        .call(
            "POST",
            Admin,
            &format!("/api/admin/payouts/{batch_id}/lines/{line_id}/paid/"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, report) = w.call("GET", Admin, "/api/admin/ledger/", None).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["balanced"], true, "{report}");
    assert_eq!(report["tds_payable_paise"], TDS_NO_PAN);
    let accounts = report["accounts"].as_array().expect("accounts");
    assert_eq!(accounts.len(), 6);
    assert_eq!(accounts[5]["account"], "tds_payable");
    assert_eq!(accounts[5]["balance_paise"], -TDS_NO_PAN);
    assert_eq!(
        report["held_paise"],
        TDS_NO_PAN + (PRICE - NET),
        "the commission and the TDS stay: {report}"
    );
    let e = w.earnings(Mentor).await;
    assert_eq!(e["sessions"][0]["state"], "paid", "{e}");
    assert_eq!(e["paid_paise"], NET - TDS_NO_PAN);
}

async fn a_refund_after_the_payout_gives_back_tds_in_proportion(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let (booking, end) = w.paid_session().await;
    let (status, _) = w.set_details(no_pan()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    assert_eq!(w.tds_payable().await, TDS_NO_PAN);

    // Half the price refunded after the payout: half the TDS comes back
    // to the mentor's balance.
    w.refunded(&booking, (PRICE - NET) / 2, NET / 2).await;
    assert_eq!(w.tds_payable().await, TDS_NO_PAN / 2);
    let (sum, _) = w.ledger_sums().await;
    assert_eq!(sum, 0, "balanced");
    let e = w.earnings(Mentor).await;
    assert_eq!(e["sessions"][0]["tds_paise"], TDS_NO_PAN / 2, "{e}");
    assert_eq!(
        amounts(&e),
        (0, 0, NET / 2 - TDS_NO_PAN / 2),
        "owed: the mentor's half less the TDS given back: {e}"
    );

    // The rest: all of it back, exactly.
    w.refunded(&booking, (PRICE - NET) / 2, NET / 2).await;
    assert_eq!(w.tds_payable().await, 0);
    let (status, report) = w.call("GET", Admin, "/api/admin/ledger/", None).await;
    assert_eq!(status, 200);
    assert_eq!(report["balanced"], true, "{report}");
}

async fn a_failed_line_keeps_its_tds_and_the_next_line_does_not_deduct_it_again(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let (_, end) = w.paid_session().await;
    let (status, _) = w.set_details(no_pan()).await;
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
            &format!("/api/admin/payouts/{batch_id}/lines/{line_id}/failed/"),
            Some(json!({"reason": "Account closed"})),
        )
        .await;
    assert_eq!(status, 200);
    let e = w.earnings(Mentor).await;
    assert_eq!(amounts(&e), (0, NET - TDS_NO_PAN, 0), "{e}");
    let (status, again) = w.create_batch().await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["lines"][0]["amount_paise"], NET - TDS_NO_PAN);
    assert_eq!(again["lines"][0]["tds_paise"], 0, "deducted once");
    assert_eq!(w.tds_payable().await, TDS_NO_PAN);
    assert_eq!(w.ledger_sums().await, (0, NET - TDS_NO_PAN));
}

async fn the_quarterly_tds_statement_lists_gross_tds_and_net(engine: Engine) {
    let Some(w) = fixed_world(engine).await else {
        return;
    };
    let (booking, end) = w.paid_session().await;
    let (status, _) = w.set_details(no_pan()).await;
    assert_eq!(status, 200);
    w.to(end + TimeDelta::days(2)).await;
    let (status, batch) = w.create_batch().await;
    assert_eq!(status, 201, "{batch}");
    let reference = batch["lines"][0]["reference"]
        .as_str()
        .expect("ref")
        .to_owned();

    let (status, disposition, csv) = w.statement("?fy=2026-27&quarter=Q4").await;
    assert_eq!(status, 200, "{csv}");
    assert_eq!(
        disposition,
        "attachment; filename=\"tds-statement-2026-27-Q4.csv\""
    );
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "financial_year,quarter,booking_id,service,session_ended,deducted_on,payout_reference,gross_rupees,commission_rupees,tds_rate_percent,tds_rupees,tds_reversed_rupees,net_rupees"
    );
    let session_day = end
        .with_timezone(&chrono_tz::Asia::Kolkata)
        .format("%Y-%m-%d")
        .to_string();
    let paid_day = w
        .clock
        .now()
        .with_timezone(&chrono_tz::Asia::Kolkata)
        .format("%Y-%m-%d")
        .to_string();
    assert_eq!(
        lines[1],
        format!(
            "2026-27,Q4,{booking},Mock interview,{session_day},{paid_day},{reference},500.00,100.00,5.00,25.00,0.00,375.00"
        )
    );
    assert_eq!(
        lines[2],
        "2026-27,Q4,TOTAL,,,,,500.00,100.00,,25.00,0.00,375.00"
    );
    assert_eq!(lines.len(), 3);

    let (status, _, csv) = w.statement("?fy=2026-27&quarter=Q3").await;
    assert_eq!(status, 200);
    assert_eq!(csv.lines().count(), 2, "nothing that quarter: {csv}");
    let (status, _, body) = w.statement("?fy=2026-28&quarter=Q3").await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("Give the financial year as 2026-27."),
        "{body}"
    );
    for query in [
        "?fy=2026-27&quarter=Q5",
        "?fy=26-27&quarter=Q3",
        "?quarter=Q3",
    ] {
        let (status, _, body) = w.statement(query).await;
        assert_eq!(status, 400, "{query}: {body}");
    }
    let (status, _) = w
        .call(
            "GET",
            Learner,
            "/api/mentor/payouts/tds-statement/?fy=2026-27&quarter=Q4",
            None,
        )
        .await;
    assert_eq!(status, 403);
}

/// A site that is not only on this machine refuses to start without
/// PAYOUT_KEY or SECRET_KEY; a malformed PAYOUT_KEY is refused anywhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_site_needs_a_payout_key_from_its_environment() {
    let Some(db) = TestDb::fresh(Engine::Sqlite).await else {
        return;
    };
    let mut settings = api::config::Settings::for_database(db.url.clone());
    settings.host = "0.0.0.0".into();
    settings.sandbox_payments = true;
    let store = api::server::prepare(&settings).await.expect("store opens");
    let Err(error) = api::server::bind(&settings, store.clone()).await else {
        panic!("started a live site with neither PAYOUT_KEY nor SECRET_KEY");
    };
    assert!(
        matches!(&error, api::server::StartError::Live(m) if m.contains("PAYOUT_KEY")),
        "{error}"
    );
    settings.payout_key = Some(hex::encode([5u8; 32]));
    api::server::refuse_unsafe_live(&settings).expect("PAYOUT_KEY given");
    settings.payout_key = None;
    settings.secret_key = Some(SECRET.into());
    api::server::refuse_unsafe_live(&settings).expect("one derived from SECRET_KEY");

    settings.host = "127.0.0.1".into();
    settings.secret_key = None;
    settings.payout_key = Some("not-a-key".into());
    let Err(error) = api::server::bind(&settings, store.clone()).await else {
        panic!("started with a malformed PAYOUT_KEY");
    };
    assert!(
        matches!(&error, api::server::StartError::PayoutKey(m) if m.contains("PAYOUT_KEY")),
        "{error}"
    );
    settings.payout_key = None;
    let bound = api::server::bind(&settings, store)
        .await
        .expect("a loopback site keeps its payout key in the database");
    drop(bound);
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
        // The sessions of the demo's reviews (issue 21) took place too.
        let reviewed: i64 = app
            .get_json("/api/mentors/")
            .await
            .as_array()
            .expect("mentors")
            .iter()
            .map(|m| m["review_count"].as_i64().expect("review_count"))
            .sum();
        assert_eq!(
            stats["completed_sessions"],
            api::demo_money::SESSIONS as i64 + reviewed,
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
        assert_eq!(
            mine["amount_paise"], available,
            "the demo mentor gave a PAN"
        );
        assert_eq!(mine["tds_paise"], 0);
        let others = lines
            .iter()
            .filter(|l| l["mentor_id"].as_i64() != people.mentor.mentor_id);
        for other in others {
            let gross = other["gross_paise"].as_i64().expect("gross");
            assert_eq!(
                other["tds_paise"].as_i64(),
                Some(gross * 500 / 10_000),
                "no PAN: 5 % of the gross: {other}"
            );
        }
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

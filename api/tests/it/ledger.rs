//! The ledger and the commission at capture (issue 13), on both engines: a
//! capture writes one balanced ledger transaction however often the
//! gateway and the callback tell it; the commission is the mentor's rate at
//! capture and a later change of rate leaves it alone; a second payment is
//! owed back whole; the admin's totals and `api ledger-report`; and the
//! property test: random sequences of captures, refunds and payouts posted
//! through `ledger::post` to the real database keep every transaction and
//! account balanced and the money in equal to the money out plus what is
//! held.

use crate::{bookings, common, mentoring};
use api::ledger::{self, Account, Posting};
use api::payments::SandboxGateway;
use api::store::{Role, Store, StoreError};
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use domain_wasm::commission;
use domain_wasm::ledger as postings;
use domain_wasm::money::Paise;
use domain_wasm::refunds::refund_split;
use mentoring::{Caller, call, sign_in};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

on_both_engines!(
    a_capture_posts_one_balanced_transaction_however_often_it_is_told,
    a_rate_changed_after_capture_leaves_the_split_alone,
    a_second_payment_is_owed_back_whole,
    the_admin_sees_the_totals_and_no_one_else_does,
    the_ledger_report_command_prints_the_totals,
    post_refuses_unbalanced_postings_and_records_an_event_once,
    random_money_events_keep_the_ledger_balanced,
);

const PAID: i64 = 50_000;
const SECRET: &str = "ledger-test-secret-key-0123456789abcdef!";

// ---- The world ---------------------------------------------------------

struct World {
    app: TestApp,
    db_url: String,
    mentor_id: i64,
    learner: Caller,
    admin: Caller,
    paid_instant: i64,
}

async fn world(engine: Engine) -> Option<World> {
    let db = TestDb::fresh(engine).await?;
    let db_url = db.url.clone();
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits: false,
            secret_key: Some(SECRET.into()),
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
        db_url,
        mentor_id,
        learner,
        admin,
        paid_instant: services[0],
    })
}

impl World {
    async fn post(&self, who: &Caller, path: &str, body: Value) -> (u16, Value) {
        call(&self.app, "POST", path, Some(&who.token), Some(body)).await
    }

    /// The learner books the paid session in about two days; its id.
    async fn booked(&self) -> String {
        let earliest = Utc::now() + TimeDelta::days(2);
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
            .find(|s| DateTime::parse_from_rfc3339(s).expect("RFC 3339") >= earliest)
            .expect("an open slot two days ahead");
        let (status, body) = self
            .post(
                &self.learner,
                "/api/bookings/",
                json!({"service_id": self.paid_instant, "start": start}),
            )
            .await;
        assert_eq!(status, 201, "books {start}: {body}");
        assert_eq!(body["status"], "payment_required", "{body}");
        body["id"].as_str().expect("an id").to_owned()
    }

    /// A new order for the booking; its id.
    async fn order(&self, bid: &str) -> String {
        let (status, checkout) = self
            .post(
                &self.learner,
                &format!("/api/bookings/{bid}/checkout/"),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{checkout}");
        checkout["order_id"].as_str().expect("an order").to_owned()
    }

    /// Pays the order in the sandbox; the signed callback fields.
    async fn pay(&self, order: &str) -> Value {
        let (status, signed) = self
            .post(
                &self.learner,
                &format!("/api/payments/sandbox/{order}/pay/"),
                json!({"method": "upi", "outcome": "success"}),
            )
            .await;
        assert_eq!(status, 200, "{signed}");
        signed
    }

    async fn verify(&self, signed: &Value) -> Value {
        let (status, booking) = self
            .post(&self.learner, "/api/payments/verify/", signed.clone())
            .await;
        assert_eq!(status, 200, "{booking}");
        booking
    }

    /// A signed Razorpay-shaped webhook about one payment of an order.
    async fn webhook(&self, name: &str, order: &str, payment: &str, event_id: &str) {
        let body = json!({
            "entity": "event", "event": name, "contains": ["payment"],
            "payload": {"payment": {"entity": {
                "id": payment, "entity": "payment", "amount": PAID, "currency": "INR",
                "status": "captured", "order_id": order, "method": "upi",
            }}},
        })
        .to_string();
        let signature = SandboxGateway::with_server_secret(SECRET)
            .sign_webhook(body.as_bytes())
            .await
            .expect("signs");
        let response = self
            .app
            .client
            .post(self.app.url("/api/payments/webhooks/razorpay/"))
            .header("content-type", "application/json")
            .header("x-razorpay-event-id", event_id)
            .header("x-razorpay-signature", signature)
            .body(body)
            .send()
            .await
            .expect("webhook");
        assert_eq!(response.status().as_u16(), 200, "webhook {event_id}");
    }

    async fn ledger_txn_count(&self) -> i64 {
        scalar(
            &self.app.store,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM ledger_txns",
            "",
        )
        .await
    }

    /// Our payment id (`payments.id`) of an order.
    async fn payment_id(&self, order: &str) -> String {
        text(
            &self.app.store,
            "SELECT id FROM payments WHERE order_id = $1",
            order,
        )
        .await
    }

    async fn admin_rate(&self, rate_bps: i64) {
        let (status, body) = call(
            &self.app,
            "PUT",
            &format!("/api/admin/commission/mentors/{}/", self.mentor_id),
            Some(&self.admin.token),
            Some(json!({"rate_bps": rate_bps})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
}

// ---- Raw reads, for what no API shows ----------------------------------

async fn scalar(store: &Store, sql: &str, bind: &str) -> i64 {
    let bound = sql.contains("$1");
    match store {
        Store::Sqlite(pool) => {
            let q = sqlx::query_scalar::<_, i64>(sql);
            let q = if bound { q.bind(bind) } else { q };
            q.fetch_one(pool).await
        }
        Store::Postgres(pool) => {
            let q = sqlx::query_scalar::<_, i64>(sql);
            let q = if bound { q.bind(bind) } else { q };
            q.fetch_one(pool).await
        }
    }
    .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

async fn text(store: &Store, sql: &str, bind: &str) -> String {
    match store {
        Store::Sqlite(pool) => {
            sqlx::query_scalar::<_, String>(sql)
                .bind(bind)
                .fetch_one(pool)
                .await
        }
        Store::Postgres(pool) => {
            sqlx::query_scalar::<_, String>(sql)
                .bind(bind)
                .fetch_one(pool)
                .await
        }
    }
    .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// A transaction's entries: (account, mentor id, booking id, amount), in order.
type Entry = (String, Option<i64>, Option<String>, i64);

async fn entries(store: &Store, txn_id: &str) -> Vec<Entry> {
    let sql = "SELECT account, mentor_id, booking_id, CAST(amount_paise AS BIGINT) \
               FROM ledger_entries WHERE txn_id = $1 ORDER BY id";
    match store {
        Store::Sqlite(pool) => sqlx::query_as(sql).bind(txn_id).fetch_all(pool).await,
        Store::Postgres(pool) => sqlx::query_as(sql).bind(txn_id).fetch_all(pool).await,
    }
    .expect("entries")
}

/// The payment's stored commission: (bps, commission, mentor).
async fn payment_split(store: &Store, payment_id: &str) -> (Option<i64>, Option<i64>, Option<i64>) {
    let sql = "SELECT CAST(commission_bps AS BIGINT), CAST(commission_paise AS BIGINT), \
               CAST(mentor_paise AS BIGINT) FROM payments WHERE id = $1";
    match store {
        Store::Sqlite(pool) => sqlx::query_as(sql).bind(payment_id).fetch_one(pool).await,
        Store::Postgres(pool) => sqlx::query_as(sql).bind(payment_id).fetch_one(pool).await,
    }
    .expect("the payment")
}

// ---- Capture -----------------------------------------------------------

async fn a_capture_posts_one_balanced_transaction_however_often_it_is_told(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let bid = w.booked().await;
    let order = w.order(&bid).await;
    let signed = w.pay(&order).await;
    let gateway_payment = signed["razorpay_payment_id"]
        .as_str()
        .expect("a payment")
        .to_owned();
    // The gateway's webhook, the callback, and both again, in any order.
    w.webhook("payment.captured", &order, &gateway_payment, "evt_1")
        .await;
    let booking = w.verify(&signed).await;
    assert_eq!(booking["status"], "confirmed", "{booking}");
    w.verify(&signed).await;
    w.webhook("order.paid", &order, &gateway_payment, "evt_2")
        .await;
    w.webhook("payment.captured", &order, &gateway_payment, "evt_1")
        .await;

    assert_eq!(w.ledger_txn_count().await, 1, "one transaction");
    let pid = w.payment_id(&order).await;
    let split = commission::split(Paise::try_from(PAID).expect("a price"), 1500);
    assert_eq!(
        (split.commission_paise, split.mentor_paise),
        (7_500, 42_500)
    );
    let rows = entries(&w.app.store, &format!("capture:{pid}")).await;
    let b = Some(bid.clone());
    assert_eq!(
        rows,
        vec![
            ("gateway".to_owned(), None, b.clone(), PAID),
            ("commission".to_owned(), None, b.clone(), -7_500),
            ("mentor".to_owned(), Some(w.mentor_id), b.clone(), -42_500),
        ]
    );
    assert_eq!(rows.iter().map(|r| r.3).sum::<i64>(), 0, "balanced");
    assert_eq!(
        payment_split(&w.app.store, &pid).await,
        (Some(1500), Some(7_500), Some(42_500))
    );
    let store = &w.app.store;
    assert_eq!(
        store.mentor_balance(w.mentor_id).await.expect("reads"),
        42_500
    );
    assert_eq!(store.booking_net(&bid).await.expect("reads"), 42_500);
    assert_eq!(
        store.mentor_booking_nets(w.mentor_id).await.expect("reads"),
        vec![(bid.clone(), 42_500)]
    );
    assert_eq!(store.in_transit(w.mentor_id).await.expect("reads"), 0);
    assert_eq!(
        store.booking_commission(&bid).await.expect("reads"),
        (PAID, 7_500, 0)
    );
    assert!(matches!(
        store.booking_commission("no-such-booking").await,
        Err(StoreError::NotFound)
    ));
    let report = ledger::report(store, true).await.expect("reads");
    assert!(report.balanced, "{report:?}");
    assert_eq!(
        (
            report.captured_paise,
            report.held_paise,
            report.commission_paise
        ),
        (PAID, PAID, 7_500)
    );
    // A payment captured before its commission was recorded takes its
    // booking's rate, rounded half up as the split does (333 × 15 % = 49.95).
    let sql = "UPDATE payments SET amount_paise = 333, commission_bps = NULL, \
               commission_paise = NULL, mentor_paise = NULL WHERE id = $1";
    match store {
        Store::Sqlite(pool) => sqlx::query(sql).bind(&pid).execute(pool).await.map(drop),
        Store::Postgres(pool) => sqlx::query(sql).bind(&pid).execute(pool).await.map(drop),
    }
    .expect("an older payment");
    assert_eq!(
        commission::split(Paise::new(333), 1500).commission_paise,
        50
    );
    assert_eq!(
        store.booking_commission(&bid).await.expect("reads"),
        (333, 50, 0)
    );
}

async fn a_rate_changed_after_capture_leaves_the_split_alone(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    // The mentor's agreed rate when the learner books and pays: 20 %.
    w.admin_rate(2_000).await;
    let first = w.booked().await;
    let order = w.order(&first).await;
    w.verify(&w.pay(&order).await).await;
    let first_pid = w.payment_id(&order).await;
    // Then the rate drops to 5 %: the paid booking keeps its 20 %.
    w.admin_rate(500).await;
    assert_eq!(
        payment_split(&w.app.store, &first_pid).await,
        (Some(2_000), Some(10_000), Some(40_000))
    );
    assert_eq!(
        w.app.store.booking_commission(&first).await.expect("reads"),
        (PAID, 10_000, 0)
    );
    assert_eq!(
        scalar(
            &w.app.store,
            "SELECT CAST(commission_bps AS BIGINT) FROM bookings WHERE id = $1",
            &first
        )
        .await,
        2_000
    );
    // A booking booked at 20 % but paid after the change takes the rate at
    // capture: 5 %.
    w.admin_rate(2_000).await;
    let second = w.booked().await;
    w.admin_rate(500).await;
    let order = w.order(&second).await;
    w.verify(&w.pay(&order).await).await;
    let second_pid = w.payment_id(&order).await;
    assert_eq!(
        payment_split(&w.app.store, &second_pid).await,
        (Some(500), Some(2_500), Some(47_500))
    );
    assert_eq!(
        scalar(
            &w.app.store,
            "SELECT CAST(commission_bps AS BIGINT) FROM bookings WHERE id = $1",
            &second
        )
        .await,
        500
    );
    assert_eq!(
        w.app
            .store
            .mentor_balance(w.mentor_id)
            .await
            .expect("reads"),
        40_000 + 47_500
    );
    let report = ledger::report(&w.app.store, true).await.expect("reads");
    assert!(report.balanced);
    assert_eq!(report.commission_paise, 12_500);
}

async fn a_second_payment_is_owed_back_whole(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let bid = w.booked().await;
    let first = w.order(&bid).await;
    w.webhook("payment.failed", &first, "pay_x1", "evt_f").await;
    let second = w.order(&bid).await;
    assert_ne!(first, second);
    w.verify(&w.pay(&second).await).await;
    // The first order is paid too, late, and told twice.
    w.webhook("payment.captured", &first, "pay_x2", "evt_l1")
        .await;
    w.webhook("payment.captured", &first, "pay_x2", "evt_l2")
        .await;

    assert_eq!(
        scalar(
            &w.app.store,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM ledger_txns WHERE event = 'capture'",
            ""
        )
        .await,
        2
    );
    let extra = w.payment_id(&first).await;
    let b = Some(bid.clone());
    assert_eq!(
        entries(&w.app.store, &format!("capture:{extra}")).await,
        vec![
            ("gateway".to_owned(), None, b.clone(), PAID),
            ("learner_credit".to_owned(), None, b.clone(), -PAID),
        ]
    );
    assert_eq!(
        payment_split(&w.app.store, &extra).await,
        (None, None, None),
        "no commission on money owed back"
    );
    let store = &w.app.store;
    assert_eq!(
        store.mentor_balance(w.mentor_id).await.expect("reads"),
        42_500
    );
    // The refund split reads the captured payment, not the extra one.
    assert_eq!(
        store.booking_commission(&bid).await.expect("reads"),
        (PAID, 7_500, 0)
    );
    // The automatic refund of what is owed back may have run already (its
    // job): either way the money is in the ledger once and balances.
    let report = ledger::report(store, true).await.expect("reads");
    assert!(report.balanced);
    assert_eq!(report.captured_paise, 2 * PAID);
    assert!(
        report.refunded_paise == 0 || report.refunded_paise == PAID,
        "{report:?}"
    );
    assert_eq!(report.held_paise, 2 * PAID - report.refunded_paise);
    let credit = report
        .accounts
        .iter()
        .find(|a| a.account == "learner_credit")
        .expect("listed");
    assert_eq!(credit.balance_paise, report.refunded_paise - PAID);
    assert_eq!(
        report.commission_paise, 7_500,
        "an overpayment takes no commission"
    );
}

// ---- The admin's totals and the command ---------------------------------

async fn the_admin_sees_the_totals_and_no_one_else_does(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (status, empty) = call(
        &w.app,
        "GET",
        "/api/admin/ledger/",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["balanced"], true);
    assert_eq!(empty["captured_paise"], 0);
    assert_eq!(
        empty["sandbox"], true,
        "this site runs the sandbox: its figures say so"
    );
    assert_eq!(
        empty["accounts"],
        json!([
            {"account": "gateway", "balance_paise": 0},
            {"account": "commission", "balance_paise": 0},
            {"account": "mentor", "balance_paise": 0},
            {"account": "payouts_in_transit", "balance_paise": 0},
            {"account": "learner_credit", "balance_paise": 0},
            {"account": "tds_payable", "balance_paise": 0},
        ])
    );

    let bid = w.booked().await;
    let order = w.order(&bid).await;
    w.verify(&w.pay(&order).await).await;
    let (status, body) = call(
        &w.app,
        "GET",
        "/api/admin/ledger/",
        Some(&w.admin.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({
            "accounts": [
                {"account": "gateway", "balance_paise": PAID},
                {"account": "commission", "balance_paise": -7_500},
                {"account": "mentor", "balance_paise": -42_500},
                {"account": "payouts_in_transit", "balance_paise": 0},
                {"account": "learner_credit", "balance_paise": 0},
                {"account": "tds_payable", "balance_paise": 0},
            ],
            "balanced": true,
            "captured_paise": PAID,
            "refunded_paise": 0,
            "paid_out_paise": 0,
            "held_paise": PAID,
            "commission_paise": 7_500,
            "tds_payable_paise": 0,
            "mentors": [{"mentor_id": w.mentor_id, "owed_paise": 42_500, "in_transit_paise": 0}],
            "sandbox": true,
        })
    );

    let (status, body) = call(
        &w.app,
        "GET",
        "/api/admin/ledger/",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert!(body["detail"].is_string());
    let mentor = sign_in(&w.app, "asha@example.com", mentoring::PASSWORD).await;
    let (status, _) = call(
        &w.app,
        "GET",
        "/api/admin/ledger/",
        Some(&mentor.token),
        None,
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = call(&w.app, "GET", "/api/admin/ledger/", None, None).await;
    assert_eq!(status, 401);
}

async fn the_ledger_report_command_prints_the_totals(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let bid = w.booked().await;
    let order = w.order(&bid).await;
    w.verify(&w.pay(&order).await).await;
    let run = |url: String| async move {
        let tmp = tempfile::tempdir().expect("temp dir");
        tokio::task::spawn_blocking(move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_api"))
                .arg("ledger-report")
                .env_clear()
                .env("PATH", std::env::var("PATH").unwrap_or_default())
                .env("RUST_LOG", "warn")
                .env("DATABASE_URL", url)
                .env("WEB_DIR", tmp.path())
                .output()
                .expect("the api binary runs")
        })
        .await
        .expect("runs")
    };
    let out = run(w.db_url.clone()).await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Captured from learners"), "{stdout}");
    assert!(stdout.contains("500.00"), "{stdout}");
    assert!(stdout.contains("75.00"), "commission: {stdout}");
    assert!(stdout.contains("Balanced"), "{stdout}");

    // A ledger that does not balance (written behind the API's back) fails
    // the command, naming it.
    let mut tx = w.app.store.begin().await.expect("begin");
    tx.insert_ledger_txn(
        &ledger::Txn {
            id: "capture:forged",
            event: "capture",
            booking_id: None,
            refund_id: None,
            payout_line_id: None,
            sandbox: false,
        },
        Utc::now(),
    )
    .await
    .expect("header");
    tx.insert_ledger_entry("capture:forged", "gateway", None, None, 1, Utc::now())
        .await
        .expect("entry");
    tx.commit().await.expect("commit");
    let out = run(w.db_url.clone()).await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.contains("NOT BALANCED"), "{stdout}");
    assert!(stderr.contains("does not balance"), "{stderr}");
}

// ---- ledger::post --------------------------------------------------------

async fn post_refuses_unbalanced_postings_and_records_an_event_once(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let store = &w.app.store;
    let now = Utc::now();
    let m = w.mentor_id;
    let unbalanced = [
        Posting {
            account: Account::Mentor,
            mentor_id: Some(m),
            amount_paise: 100,
        },
        Posting {
            account: Account::PayoutsInTransit,
            mentor_id: Some(m),
            amount_paise: -99,
        },
    ];
    let mut tx = store.begin().await.expect("begin");
    let refused = ledger::post(
        &mut tx,
        &ledger::Txn {
            id: "payout:1",
            event: "payout",
            booking_id: None,
            refund_id: None,
            payout_line_id: Some(1),
            sandbox: false,
        },
        &unbalanced,
        now,
    )
    .await;
    assert!(
        matches!(refused, Err(StoreError::Corrupt { .. })),
        "{refused:?}"
    );
    let with_zero = [Posting {
        account: Account::Gateway,
        mentor_id: None,
        amount_paise: 0,
    }];
    assert!(
        ledger::post(
            &mut tx,
            &ledger::Txn {
                id: "payout:1",
                event: "payout",
                booking_id: None,
                refund_id: None,
                payout_line_id: Some(1),
                sandbox: false
            },
            &with_zero,
            now
        )
        .await
        .is_err()
    );
    let good = postings::payout_failed_postings(m, 100);
    assert!(
        ledger::post(
            &mut tx,
            &ledger::Txn {
                id: "x:1",
                event: "not-an-event",
                booking_id: None,
                refund_id: None,
                payout_line_id: None,
                sandbox: false
            },
            &good,
            now
        )
        .await
        .is_err()
    );
    assert!(
        ledger::post(
            &mut tx,
            &ledger::Txn {
                id: "payout_failed:1",
                event: "payout_failed",
                booking_id: None,
                refund_id: None,
                payout_line_id: Some(1),
                sandbox: false
            },
            &good,
            now
        )
        .await
        .expect("posts")
    );
    assert!(
        !ledger::post(
            &mut tx,
            &ledger::Txn {
                id: "payout_failed:1",
                event: "payout_failed",
                booking_id: None,
                refund_id: None,
                payout_line_id: Some(1),
                sandbox: false
            },
            &good,
            now
        )
        .await
        .expect("a replay answers"),
        "the second time writes nothing"
    );
    tx.commit().await.expect("commit");
    assert_eq!(w.ledger_txn_count().await, 1);
    assert_eq!(entries(store, "payout_failed:1").await.len(), 2);
    assert_eq!(store.mentor_balance(m).await.expect("reads"), 100);
    assert_eq!(store.in_transit(m).await.expect("reads"), -100);
}

// ---- The property test ---------------------------------------------------

/// Bookings written directly (completed, an hour each), with a learner and
/// a service of the mentor; their ids.
async fn completed_bookings(
    w: &World,
    mentor_id: i64,
    service_id: i64,
    n: usize,
    tag: &str,
) -> Vec<String> {
    let learner = w.learner.id;
    let mut ids = Vec::new();
    for i in 0..n {
        let id = format!("{tag}-{i:03}");
        let start: DateTime<Utc> = DateTime::parse_from_rfc3339("2026-01-05T04:30:00Z")
            .expect("a time")
            .with_timezone(&Utc)
            + TimeDelta::hours(i64::try_from(i).expect("small") * 2);
        let end = start + TimeDelta::hours(1);
        let sql = "INSERT INTO bookings (id, learner_id, mentor_id, service_id, service_title, \
                   duration_minutes, price_paise, commission_bps, status, start_at, end_at, held_from, \
                   held_until, created_at, updated_at) \
                   VALUES ($1, $2, $3, $4, 'Session', 60, 100, 1500, 'completed', $5, $6, $5, $6, $5, $6)";
        match &w.app.store {
            Store::Sqlite(pool) => sqlx::query(sql)
                .bind(&id)
                .bind(learner)
                .bind(mentor_id)
                .bind(service_id)
                .bind(start)
                .bind(end)
                .execute(pool)
                .await
                .map(drop),
            Store::Postgres(pool) => sqlx::query(sql)
                .bind(&id)
                .bind(learner)
                .bind(mentor_id)
                .bind(service_id)
                .bind(start)
                .bind(end)
                .execute(pool)
                .await
                .map(drop),
        }
        .expect("a booking");
        ids.push(id);
    }
    ids
}

/// Marks a payment of the booking captured with its split, as a capture
/// does (the refund split reads it).
async fn captured_payment(
    store: &Store,
    booking_id: &str,
    split: &commission::Split,
    rate: i64,
    now: DateTime<Utc>,
) {
    let sql = "INSERT INTO payments (id, booking_id, gateway, order_id, amount_paise, currency, status, \
               payment_id, created_at, captured_at, commission_bps, commission_paise, mentor_paise) \
               VALUES ($1, $2, 'sandbox', $3, $4, 'INR', 'captured', $5, $6, $6, $7, $8, $9)";
    let (pid, order, gw) = (
        format!("p-{booking_id}"),
        format!("order-{booking_id}"),
        format!("pay-{booking_id}"),
    );
    match store {
        Store::Sqlite(pool) => sqlx::query(sql)
            .bind(&pid)
            .bind(booking_id)
            .bind(&order)
            .bind(split.price_paise)
            .bind(&gw)
            .bind(now)
            .bind(rate)
            .bind(split.commission_paise)
            .bind(split.mentor_paise)
            .execute(pool)
            .await
            .map(drop),
        Store::Postgres(pool) => sqlx::query(sql)
            .bind(&pid)
            .bind(booking_id)
            .bind(&order)
            .bind(split.price_paise)
            .bind(&gw)
            .bind(now)
            .bind(rate)
            .bind(split.commission_paise)
            .bind(split.mentor_paise)
            .execute(pool)
            .await
            .map(drop),
    }
    .expect("a payment");
}

/// What the model expects of one booking.
#[derive(Debug, Clone, Default)]
struct BookingModel {
    mentor_id: i64,
    gross: i64,
    commission: i64,
    /// Refunded so far of the session's payment.
    refunded: i64,
    /// Refunds' commission and mentor's share taken back so far.
    commission_back: i64,
    mentor_back: i64,
    /// Overpayments received and given back.
    overpaid: i64,
    overpaid_back: i64,
}

#[derive(Debug, Clone, Copy)]
struct LineModel {
    id: i64,
    mentor_id: i64,
    amount: i64,
}

#[derive(Debug, Default)]
struct Model {
    bookings: std::collections::BTreeMap<String, BookingModel>,
    captured: i64,
    refunded: i64,
    paid_out: i64,
    pending_lines: Vec<LineModel>,
    next_line: i64,
    next_refund: i64,
    posted: Vec<String>,
}

impl Model {
    fn mentor_balance(&self, mentor_id: i64, lines_out: i64) -> i64 {
        self.bookings
            .values()
            .filter(|b| b.mentor_id == mentor_id)
            .map(|b| (b.gross - b.commission) - b.mentor_back)
            .sum::<i64>()
            - lines_out
    }
}

async fn random_money_events_keep_the_ledger_balanced(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let (other_mentor, other_services) = bookings::mentor(
        &w.app,
        "Ravi Menon",
        "ravi@example.com",
        &[Offer {
            title: "Design review",
            minutes: 60,
            price_paise: PAID,
            instant: false,
        }],
        bookings::daily("Asia/Kolkata", "09:00", "18:00"),
    )
    .await;
    let mentors = [
        (w.mentor_id, w.paid_instant),
        (other_mentor, other_services[0]),
    ];
    // Money that left the mentor account for payout lines, per mentor
    // (created, less failed).
    let mut lines_out: std::collections::BTreeMap<i64, i64> = Default::default();
    let mut model = Model::default();
    let store = &w.app.store;
    let seeds: Vec<u64> = match std::env::var("LEDGER_SEED") {
        Ok(s) => vec![s.parse().expect("LEDGER_SEED is a number")],
        Err(_) => vec![1, 2, 3, 2026],
    };
    let mut fresh = Vec::new();
    for (k, (mentor_id, service_id)) in mentors.iter().enumerate() {
        for id in completed_bookings(&w, *mentor_id, *service_id, 8, &format!("m{k}")).await {
            fresh.push((id, *mentor_id));
        }
    }
    let now = Utc::now();
    let steps_per_seed = 45;
    for seed in seeds {
        let mut rng = StdRng::seed_from_u64(seed);
        for step in 0..steps_per_seed {
            let ctx = format!("seed {seed}, step {step}");
            let choice = rng.random_range(0..100);
            let captured: Vec<String> = model.bookings.keys().cloned().collect();
            // A capture's payment row first (the capture writes it; here
            // it is arranged outside the unit of work, which on SQLite
            // holds the write lock).
            let capture = if choice < 25 && !fresh.is_empty() {
                let (bid, mentor_id) = fresh.remove(rng.random_range(0..fresh.len()));
                let rate = rng.random_range(0..=10_000_i64);
                let gross = match rng.random_range(0..4) {
                    0 => 1,
                    1 => rng.random_range(1..100),
                    _ => rng.random_range(100..2_000_000),
                };
                let split = commission::split(
                    Paise::try_from(gross).expect("a price"),
                    u32::try_from(rate).expect("a rate"),
                );
                assert_eq!(split.commission_paise + split.mentor_paise, gross);
                captured_payment(store, &bid, &split, rate, now).await;
                Some((bid, mentor_id, gross, split))
            } else {
                None
            };
            let mut tx = store.begin().await.expect("begin");
            if let Some((bid, mentor_id, gross, split)) = capture {
                // A capture at a random rate of a random amount.
                let txn = format!("capture:p-{bid}");
                assert!(
                    ledger::post(
                        &mut tx,
                        &ledger::Txn {
                            id: &txn,
                            event: "capture",
                            booking_id: Some(&bid),
                            refund_id: None,
                            payout_line_id: None,
                            sandbox: false
                        },
                        &postings::capture_postings(mentor_id, &split),
                        now
                    )
                    .await
                    .expect("posts"),
                    "{ctx}"
                );
                model.posted.push(txn);
                model.captured += gross;
                model.bookings.insert(
                    bid,
                    BookingModel {
                        mentor_id,
                        gross,
                        commission: split.commission_paise,
                        ..BookingModel::default()
                    },
                );
            } else if choice < 55 && !captured.is_empty() {
                // A refund of part or all of what is left, split by the
                // published rule with what the database says.
                let bid = &captured[rng.random_range(0..captured.len())];
                let b = model.bookings[bid].clone();
                let left = b.gross - b.refunded;
                if left > 0 {
                    let amount = if rng.random_bool(0.4) {
                        left
                    } else {
                        rng.random_range(1..=left)
                    };
                    let (g, c, before) = tx.booking_commission(bid).await.expect("reads");
                    assert_eq!((g, c, before), (b.gross, b.commission, b.refunded), "{ctx}");
                    let s = refund_split(g, c, before, amount);
                    assert_eq!(s.commission_paise + s.mentor_paise, amount, "{ctx}");
                    assert!(
                        s.commission_paise >= 0 && s.mentor_paise >= 0,
                        "{ctx}: {s:?}"
                    );
                    model.next_refund += 1;
                    let txn = format!("refund:{seed}-{}", model.next_refund);
                    assert!(
                        ledger::post(
                            &mut tx,
                            &ledger::Txn {
                                id: &txn,
                                event: "refund",
                                booking_id: Some(bid),
                                refund_id: None,
                                payout_line_id: None,
                                sandbox: false
                            },
                            &postings::refund_postings(b.mentor_id, &s),
                            now
                        )
                        .await
                        .expect("posts"),
                        "{ctx}"
                    );
                    model.posted.push(txn);
                    model.refunded += amount;
                    let m = model.bookings.get_mut(bid).expect("known");
                    m.refunded += amount;
                    m.commission_back += s.commission_paise;
                    m.mentor_back += s.mentor_paise;
                }
            } else if choice < 62 && !captured.is_empty() {
                // A second payment owed back, sometimes given back at once.
                let bid = &captured[rng.random_range(0..captured.len())];
                let amount = rng.random_range(1..100_000);
                let n = model.next_refund + 1;
                model.next_refund = n;
                let txn = format!("capture:extra-{seed}-{n}");
                assert!(
                    ledger::post(
                        &mut tx,
                        &ledger::Txn {
                            id: &txn,
                            event: "capture",
                            booking_id: Some(bid),
                            refund_id: None,
                            payout_line_id: None,
                            sandbox: false
                        },
                        &postings::overpayment_postings(amount),
                        now
                    )
                    .await
                    .expect("posts")
                );
                model.posted.push(txn);
                model.captured += amount;
                let m = model.bookings.get_mut(bid).expect("known");
                m.overpaid += amount;
                if rng.random_bool(0.7) {
                    let txn = format!("refund:extra-{seed}-{n}");
                    assert!(
                        ledger::post(
                            &mut tx,
                            &ledger::Txn {
                                id: &txn,
                                event: "refund",
                                booking_id: Some(bid),
                                refund_id: None,
                                payout_line_id: None,
                                sandbox: false
                            },
                            &postings::overpayment_refund_postings(amount),
                            now
                        )
                        .await
                        .expect("posts")
                    );
                    model.posted.push(txn);
                    model.refunded += amount;
                    model.bookings.get_mut(bid).expect("known").overpaid_back += amount;
                }
            } else if choice < 80 {
                // A payout line of part or all of a mentor's balance, as the
                // database has it (a negative balance is not paid out).
                let (mentor_id, _) = mentors[rng.random_range(0..mentors.len())];
                let balance = tx.mentor_balance(mentor_id, true).await.expect("reads");
                let out = lines_out.get(&mentor_id).copied().unwrap_or(0);
                assert_eq!(balance, model.mentor_balance(mentor_id, out), "{ctx}");
                if balance > 0 {
                    let amount = if rng.random_bool(0.5) {
                        balance
                    } else {
                        rng.random_range(1..=balance)
                    };
                    model.next_line += 1;
                    let line = LineModel {
                        id: model.next_line,
                        mentor_id,
                        amount,
                    };
                    let txn = format!("payout:{}", line.id);
                    assert!(
                        ledger::post(
                            &mut tx,
                            &ledger::Txn {
                                id: &txn,
                                event: "payout",
                                booking_id: None,
                                refund_id: None,
                                payout_line_id: Some(line.id),
                                sandbox: false
                            },
                            &postings::payout_postings(mentor_id, amount),
                            now
                        )
                        .await
                        .expect("posts")
                    );
                    model.posted.push(txn);
                    *lines_out.entry(mentor_id).or_default() += amount;
                    model.pending_lines.push(line);
                }
            } else if choice < 95 && !model.pending_lines.is_empty() {
                // A pending line paid, or failed (its money back to the mentor).
                let line = model
                    .pending_lines
                    .remove(rng.random_range(0..model.pending_lines.len()));
                let (txn, event, p) = if rng.random_bool(0.75) {
                    model.paid_out += line.amount;
                    (
                        format!("payout_paid:{}", line.id),
                        "payout_paid",
                        postings::payout_paid_postings(line.mentor_id, line.amount),
                    )
                } else {
                    *lines_out.entry(line.mentor_id).or_default() -= line.amount;
                    (
                        format!("payout_failed:{}", line.id),
                        "payout_failed",
                        postings::payout_failed_postings(line.mentor_id, line.amount),
                    )
                };
                assert!(
                    ledger::post(
                        &mut tx,
                        &ledger::Txn {
                            id: &txn,
                            event,
                            booking_id: None,
                            refund_id: None,
                            payout_line_id: Some(line.id),
                            sandbox: false
                        },
                        &p,
                        now
                    )
                    .await
                    .expect("posts")
                );
                model.posted.push(txn);
            } else if !model.posted.is_empty() {
                // A replay of any event recorded before changes nothing.
                let txn = model.posted[rng.random_range(0..model.posted.len())].clone();
                let anything = postings::payout_postings(mentors[0].0, 1);
                assert!(
                    !ledger::post(
                        &mut tx,
                        &ledger::Txn {
                            id: &txn,
                            event: "payout",
                            booking_id: None,
                            refund_id: None,
                            payout_line_id: None,
                            sandbox: false
                        },
                        &anything,
                        now
                    )
                    .await
                    .expect("answers"),
                    "{ctx}: {txn} recorded twice"
                );
            }
            tx.commit().await.expect("commit");
            check(store, &model, &lines_out, &mentors, &ctx).await;
        }
    }
    // The sequences did move money every way.
    assert!(
        model.captured > 0 && model.refunded > 0 && model.paid_out > 0,
        "{model:?}"
    );
    assert!(
        model.bookings.values().any(|b| b.refunded == b.gross),
        "some booking was refunded in full"
    );
}

/// Every invariant, from the database.
async fn check(
    store: &Store,
    model: &Model,
    lines_out: &std::collections::BTreeMap<i64, i64>,
    mentors: &[(i64, i64)],
    ctx: &str,
) {
    let figures = store.ledger_figures().await.expect("reads");
    // Every transaction balances, so does the whole ledger.
    assert_eq!(figures.unbalanced_txns, 0, "{ctx}");
    assert_eq!(figures.total_paise, 0, "{ctx}");
    // Money in = money out + held.
    assert_eq!(
        figures.captured_paise,
        figures.refunded_paise + figures.paid_out_paise + figures.held_paise,
        "{ctx}: {figures:?}"
    );
    assert_eq!(figures.captured_paise, model.captured, "{ctx}");
    assert_eq!(figures.refunded_paise, model.refunded, "{ctx}");
    assert_eq!(figures.paid_out_paise, model.paid_out, "{ctx}");
    let commission: i64 = model
        .bookings
        .values()
        .map(|b| b.commission - b.commission_back)
        .sum();
    assert_eq!(figures.commission_paise, commission, "{ctx}");
    let report = ledger::report(store, true).await.expect("reads");
    assert!(report.balanced, "{ctx}: {report:?}");

    // Each account as the model has it.
    let totals = store.account_totals().await.expect("reads");
    let sum = |account: &str, mentor: Option<i64>| -> i64 {
        totals
            .iter()
            .filter(|t| t.account == account && t.mentor_id == mentor)
            .map(|t| t.sum_paise)
            .sum()
    };
    let in_transit_total: i64 = model.pending_lines.iter().map(|l| l.amount).sum();
    assert_eq!(sum("payouts_in_transit", None), 0, "{ctx}");
    let learner_credit: i64 = model
        .bookings
        .values()
        .map(|b| b.overpaid - b.overpaid_back)
        .sum();
    assert_eq!(sum("learner_credit", None), -learner_credit, "{ctx}");
    let mut transit_seen = 0;
    for &(mentor_id, _) in mentors {
        let out = lines_out.get(&mentor_id).copied().unwrap_or(0);
        let balance = model.mentor_balance(mentor_id, out);
        assert_eq!(sum("mentor", Some(mentor_id)), -balance, "{ctx}");
        assert_eq!(
            store.mentor_balance(mentor_id).await.expect("reads"),
            balance,
            "{ctx}"
        );
        let transit: i64 = model
            .pending_lines
            .iter()
            .filter(|l| l.mentor_id == mentor_id)
            .map(|l| l.amount)
            .sum();
        assert_eq!(
            store.in_transit(mentor_id).await.expect("reads"),
            transit,
            "{ctx}"
        );
        transit_seen += transit;
        let nets = store.mentor_booking_nets(mentor_id).await.expect("reads");
        let expected: Vec<(String, i64)> = model
            .bookings
            .iter()
            .filter(|(_, b)| b.mentor_id == mentor_id && b.gross - b.commission > 0)
            .map(|(id, b)| (id.clone(), b.gross - b.commission - b.mentor_back))
            .collect();
        // A booking whose mentor's share was 0 has no mentor entry at all.
        assert_eq!(nets, expected, "{ctx}");
    }
    assert_eq!(transit_seen, in_transit_total, "{ctx}");

    // Per booking: gross = commission + mentor net at capture, refunds never
    // above the capture, a full refund takes back exactly the commission.
    for (id, b) in &model.bookings {
        assert!(b.refunded <= b.gross, "{ctx}: {id}");
        assert_eq!(b.commission_back + b.mentor_back, b.refunded, "{ctx}: {id}");
        assert!(b.commission_back <= b.commission, "{ctx}: {id}");
        let capture = entries(store, &format!("capture:p-{id}")).await;
        let of =
            |account: &str| -> i64 { capture.iter().filter(|e| e.0 == account).map(|e| e.3).sum() };
        assert_eq!(of("gateway"), b.gross, "{ctx}: {id}");
        assert_eq!(-of("commission") - of("mentor"), b.gross, "{ctx}: {id}");
        assert_eq!(
            store.booking_net(id).await.expect("reads"),
            b.gross - b.commission - b.mentor_back,
            "{ctx}: {id}"
        );
        let (g, c, before) = store.booking_commission(id).await.expect("reads");
        assert_eq!(
            (g, c, before),
            (b.gross, b.commission, b.refunded),
            "{ctx}: {id}"
        );
        if b.refunded == b.gross {
            assert_eq!(
                b.commission_back, b.commission,
                "{ctx}: {id}: a full refund reverses the commission"
            );
            assert_eq!(
                store.booking_net(id).await.expect("reads"),
                0,
                "{ctx}: {id}"
            );
        }
    }
}

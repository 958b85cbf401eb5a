//! Receipts (issue 13), on both engines: `receipts::issue` numbers a
//! payment's and a refund's receipt once each and e-mails it in the same
//! unit of work (amounts in Indian grouping, the tax fields left blank);
//! a booking's receipts are listed for its learner and administrators
//! only; a receipt downloads as a printable HTML file for its learner or
//! an administrator, and is nobody else's to see.

use crate::{bookings, common, mentoring};
use std::sync::Arc;

use api::clock::{Clock, ManualClock};
use api::receipts::{self, ReceiptFor};
use api::state::AppState;
use api::store::{Role, Store};
use bookings::Offer;
use chrono::{Datelike, TimeDelta};
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use domain_wasm::money::Paise;
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    a_payment_and_a_refund_get_one_receipt_each_and_one_email,
    only_the_learner_and_administrators_see_a_bookings_receipts,
    a_receipt_downloads_as_a_printable_file_for_its_learner_only,
);

/// ₹1,23,456.50: large enough to show the Indian grouping.
const PAID: i64 = 12_345_650;
const SECRET: &str = "receipts-test-secret-key-0123456789abcdef";

struct World {
    app: TestApp,
    _hand: ManualClock,
    clock: Clock,
    state: Arc<AppState>,
    learner: Caller,
    mentor: Caller,
    stranger: Caller,
    admin: Caller,
    learner_id: i64,
    /// A confirmed, paid booking of the learner's and our payment's id.
    booking: String,
    payment: String,
}

async fn world(engine: Engine) -> Option<World> {
    let (clock, hand) = Clock::manual();
    let db = TestDb::fresh(engine).await?;
    let db_url = db.url.clone();
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
    let learner_id = bookings::account(&app, "Lena Learner", "lena@example.com", Role::User).await;
    bookings::account(&app, "Sam Stranger", "sam@example.com", Role::User).await;
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    let mentor = sign_in(&app, "asha@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lena@example.com", mentoring::PASSWORD).await;
    let stranger = sign_in(&app, "sam@example.com", mentoring::PASSWORD).await;
    let admin = sign_in(&app, "ada@example.com", mentoring::PASSWORD).await;

    // The learner books and pays through the sandbox.
    let earliest = clock.now() + TimeDelta::days(2);
    let (status, slots) = call(
        &app,
        "GET",
        &format!("/api/mentors/{mentor_id}/slots/?service={}", services[0]),
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
        .find(|s| chrono::DateTime::parse_from_rfc3339(s).expect("RFC 3339") >= earliest)
        .expect("an open slot two days ahead");
    let post = |path: String, body: Value| {
        let app = &app;
        let token = learner.token.clone();
        async move { call(app, "POST", &path, Some(&token), Some(body)).await }
    };
    let (status, booking) = post(
        "/api/bookings/".into(),
        json!({"service_id": services[0], "start": start}),
    )
    .await;
    assert_eq!(status, 201, "{booking}");
    let bid = booking["id"].as_str().expect("an id").to_owned();
    let (status, checkout) = post(format!("/api/bookings/{bid}/checkout/"), json!({})).await;
    assert_eq!(status, 200, "{checkout}");
    let order = checkout["order_id"].as_str().expect("an order").to_owned();
    let (status, signed) = post(
        format!("/api/payments/sandbox/{order}/pay/"),
        json!({"method": "upi", "outcome": "success"}),
    )
    .await;
    assert_eq!(status, 200, "{signed}");
    let (status, confirmed) = post("/api/payments/verify/".into(), signed).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(confirmed["status"], "confirmed");
    let payment = text_of(
        &app.store,
        "SELECT id FROM payments WHERE booking_id = $1 AND status = 'captured'",
        &bid,
    )
    .await
    .expect("a captured payment");

    let state = state_on(&app.store, &db_url, clock.clone());
    Some(World {
        app,
        _hand: hand,
        clock,
        state,
        learner,
        mentor,
        stranger,
        admin,
        learner_id,
        booking: bid,
        payment,
    })
}

/// An application state on the test server's database (what the server's
/// own code gets), for calling `receipts::issue` directly.
fn state_on(store: &Store, db_url: &str, clock: Clock) -> Arc<AppState> {
    let mut settings = api::config::Settings::for_database(db_url);
    settings.clock = clock;
    let mailer = api::mail::Mailer::new(store.clone(), &settings).expect("mailer");
    AppState::new(
        store.clone(),
        &settings,
        api::auth::TokenKeys::from_secret(SECRET),
        mailer,
        "https://mentors.test".into(),
    )
}

async fn text_of(store: &Store, sql: &str, arg: &str) -> Option<String> {
    let row: Option<(String,)> = match store {
        Store::Sqlite(pool) => sqlx::query_as(sql)
            .bind(arg)
            .fetch_optional(pool)
            .await
            .expect("query"),
        Store::Postgres(pool) => sqlx::query_as(sql)
            .bind(arg)
            .fetch_optional(pool)
            .await
            .expect("query"),
    };
    row.map(|(s,)| s)
}

/// The e-mails of `kind` in the outbox: (recipient, subject, text).
async fn emails(store: &Store, kind: &str) -> Vec<(String, String, String)> {
    let sql = "SELECT recipient, subject, text_body FROM email_outbox WHERE kind = $1 ORDER BY id";
    match store {
        Store::Sqlite(pool) => sqlx::query_as(sql)
            .bind(kind)
            .fetch_all(pool)
            .await
            .expect("outbox"),
        Store::Postgres(pool) => sqlx::query_as(sql)
            .bind(kind)
            .fetch_all(pool)
            .await
            .expect("outbox"),
    }
}

impl World {
    /// Issues the payment's receipt in a unit of work of its own.
    async fn issue_payment(&self) -> String {
        let mut tx = self.app.store.begin().await.expect("begin");
        let number = receipts::issue(
            &self.state,
            &mut tx,
            ReceiptFor::Payment {
                payment_id: &self.payment,
            },
            &self.booking,
            self.learner_id,
            Paise::saturating_from(PAID),
            self.clock.now(),
        )
        .await
        .expect("issued");
        tx.commit().await.expect("commit");
        number
    }

    /// A processed refund of `amount` (as the refunds service leaves it),
    /// and its receipt issued.
    async fn refund(&self, refund_id: &str, amount: i64) -> String {
        let now = self.clock.now();
        let sql = "INSERT INTO refunds (id, booking_id, payment_id, learner_id, automatic, basis, \
                     reason, requested_paise, amount_paise, status, gateway, gateway_refund_id, \
                     requested_at, decided_at, processed_at, updated_at) \
                   VALUES ($1, $2, $3, $4, FALSE, 'partial', 'It did not help', $5, $5, \
                     'processed', 'sandbox', $6, $7, $7, $7, $7)";
        let gateway_id = api::payments::SandboxGateway::refund_id(refund_id);
        match &self.app.store {
            Store::Sqlite(pool) => sqlx::query(sql)
                .bind(refund_id)
                .bind(&self.booking)
                .bind(&self.payment)
                .bind(self.learner_id)
                .bind(amount)
                .bind(&gateway_id)
                .bind(now)
                .execute(pool)
                .await
                .map(|_| ()),
            Store::Postgres(pool) => sqlx::query(sql)
                .bind(refund_id)
                .bind(&self.booking)
                .bind(&self.payment)
                .bind(self.learner_id)
                .bind(amount)
                .bind(&gateway_id)
                .bind(now)
                .execute(pool)
                .await
                .map(|_| ()),
        }
        .expect("a refund");
        self.issue_refund(refund_id, amount).await
    }

    async fn issue_refund(&self, refund_id: &str, amount: i64) -> String {
        let mut tx = self.app.store.begin().await.expect("begin");
        let number = receipts::issue(
            &self.state,
            &mut tx,
            ReceiptFor::Refund {
                payment_id: &self.payment,
                refund_id,
            },
            &self.booking,
            self.learner_id,
            Paise::saturating_from(amount),
            self.clock.now(),
        )
        .await
        .expect("issued");
        tx.commit().await.expect("commit");
        number
    }

    async fn list(&self, who: Option<&Caller>) -> (u16, Value) {
        call(
            &self.app,
            "GET",
            &format!("/api/bookings/{}/receipts/", self.booking),
            who.map(|c| c.token.as_str()),
            None,
        )
        .await
    }

    /// GET the printable receipt: status, content type, disposition, body.
    async fn download(&self, who: &Caller, number: &str) -> (u16, String, String, String) {
        let response = self
            .app
            .client
            .get(self.app.url(&format!("/api/receipts/{number}/")))
            .bearer_auth(&who.token)
            .send()
            .await
            .expect("request");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let (content_type, disposition) = (header("content-type"), header("content-disposition"));
        let status = response.status().as_u16();
        (
            status,
            content_type,
            disposition,
            response.text().await.unwrap_or_default(),
        )
    }
}

const REFUND: &str = "5b0e3f3c-7a51-4c8e-9d0e-2b6f1c9a7d11";

async fn a_payment_and_a_refund_get_one_receipt_each_and_one_email(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let year = w
        .clock
        .now()
        .with_timezone(&chrono_tz::Asia::Kolkata)
        .year();
    let number = w.issue_payment().await;
    // The sandbox's money never moved: its receipts are a series of their
    // own (issue 19); a real gateway's are `MM-<year>-<sequence>`.
    let prefix = format!("TEST-{year}-");
    assert!(
        number.starts_with(&prefix) && number.len() == prefix.len() + 6,
        "{number}"
    );
    // Issued again (a replayed capture): the same receipt, no new e-mail.
    assert_eq!(w.issue_payment().await, number);
    let paid_mail = emails(&w.app.store, "receipt_payment").await;
    assert_eq!(paid_mail.len(), 1, "one receipt e-mail: {paid_mail:?}");
    let (to, subject, text) = &paid_mail[0];
    assert_eq!(to, "lena@example.com");
    assert!(subject.contains(&number), "{subject}");
    assert!(text.contains("Amount paid: ₹1,23,456.50"), "{text}");
    assert!(text.contains("Seller GSTIN: —"), "{text}");
    assert!(text.contains("SAC: 999293"), "{text}");
    assert!(
        text.contains("Paid through: the sandbox test gateway (no money moved), UPI"),
        "{text}"
    );
    assert!(text.contains("Mock interview with Asha Rao"), "{text}");
    assert!(
        text.contains(&format!("/my-bookings/{}\n", w.booking)),
        "{text}"
    );

    let refund_number = w.refund(REFUND, 6_172_825).await;
    assert_ne!(refund_number, number);
    assert!(refund_number.starts_with(&prefix), "{refund_number}");
    assert_eq!(w.issue_refund(REFUND, 6_172_825).await, refund_number);
    let refund_mail = emails(&w.app.store, "receipt_refund").await;
    assert_eq!(refund_mail.len(), 1, "{refund_mail:?}");
    assert!(
        refund_mail[0].2.contains("Amount refunded: ₹61,728.25"),
        "{}",
        refund_mail[0].2
    );
    assert!(
        refund_mail[0]
            .2
            .contains(&api::payments::SandboxGateway::refund_id(REFUND)),
        "the gateway's refund reference"
    );

    // A receipt of no amount is refused, and writes nothing. (One without
    // what it is for, a payment or a refund, cannot be written.)
    let mut tx = w.app.store.begin().await.expect("begin");
    let refused = receipts::issue(
        &w.state,
        &mut tx,
        ReceiptFor::Refund {
            payment_id: &w.payment,
            refund_id: "a-refund-never-made",
        },
        &w.booking,
        w.learner_id,
        Paise::ZERO,
        w.clock.now(),
    )
    .await;
    assert!(refused.is_err());
    drop(tx);
    let (status, list) = w.list(Some(&w.learner)).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list.as_array().map(Vec::len), Some(2), "{list}");
}

async fn only_the_learner_and_administrators_see_a_bookings_receipts(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let number = w.issue_payment().await;
    let refund_number = w.refund(REFUND, 10_000).await;

    let (status, list) = w.list(Some(&w.learner)).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(
        list,
        json!([
            {"number": number, "kind": "payment", "amount_paise": PAID,
             "issued_at": list[0]["issued_at"], "download_url": format!("/api/receipts/{number}/")},
            {"number": refund_number, "kind": "refund", "amount_paise": 10_000,
             "issued_at": list[1]["issued_at"], "download_url": format!("/api/receipts/{refund_number}/")},
        ])
    );
    assert!(list[0]["issued_at"].is_string(), "{list}");

    let (status, as_admin) = w.list(Some(&w.admin)).await;
    assert_eq!((status, &as_admin), (200, &list));
    for who in [&w.mentor, &w.stranger] {
        let (status, body) = w.list(Some(who)).await;
        assert_eq!(status, 404, "{body}");
    }
    let (status, _) = w.list(None).await;
    assert_eq!(status, 401);
    let (status, _) = call(
        &w.app,
        "GET",
        "/api/bookings/no-such-booking/receipts/",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 404);
}

async fn a_receipt_downloads_as_a_printable_file_for_its_learner_only(engine: Engine) {
    let Some(w) = world(engine).await else { return };
    let number = w.issue_payment().await;

    let (status, content_type, disposition, page) = w.download(&w.learner, &number).await;
    assert_eq!(status, 200, "{page}");
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert_eq!(
        disposition,
        format!("attachment; filename=\"receipt-{number}.html\"")
    );
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(
        page.contains(&format!("Payment receipt {number}")),
        "{page}"
    );
    assert!(page.contains("<strong>₹1,23,456.50</strong>"), "{page}");
    assert!(page.contains("999293") && page.contains("Seller GSTIN"));
    assert!(page.contains("Lena Learner"));
    assert!(!page.contains("<script"), "nothing runs in a receipt");

    let (status, _, _, as_admin) = w.download(&w.admin, &number).await;
    assert_eq!((status, as_admin.as_str()), (200, page.as_str()));
    for who in [&w.mentor, &w.stranger] {
        let (status, _, _, body) = w.download(who, &number).await;
        assert_eq!(status, 404, "{body}");
    }
    for bad in ["MM-1999-000001", "no%20such", "%00"] {
        let (status, _, _, body) = w.download(&w.learner, bad).await;
        assert_eq!(status, 404, "{bad}: {body}");
    }
    let response = w
        .app
        .client
        .get(w.app.url(&format!("/api/receipts/{number}/")))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status().as_u16(), 401);
}

//! The Razorpay stand-in (issue 19) over real HTTP: its API as Razorpay
//! documents it (basic auth, orders, payments, captures, idempotent
//! refunds, disputes, the reconciliation lists, 503 when down), the
//! checkout's signatures, its script and frame, signed webhooks POSTed to a
//! local receiver in order, and the test controls of its process form.
//! Where the server has an adapter ([`RazorpayGateway`]) it is used too.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use api::payments::gateway::{GatewayError, GatewayRefundStatus, checkout_message};
use api::payments::standin::{RazorpayStandIn, SignedEvent, StandInConfig};
use api::payments::{Gateway, RazorpayGateway, signature_matches};
use domain_wasm::money::Paise;
use serde_json::{Value, json};
use tokio::sync::oneshot;

async fn stand_in() -> RazorpayStandIn {
    RazorpayStandIn::start(StandInConfig::default())
        .await
        .expect("the stand-in starts")
}

fn config() -> StandInConfig {
    StandInConfig::default()
}

fn adapter(rzp: &RazorpayStandIn) -> RazorpayGateway {
    let c = config();
    RazorpayGateway::new(c.key_id, c.key_secret, c.webhook_secret, &rzp.url())
}

/// An HTTP answer: status and JSON body (Null when not JSON).
struct Answer {
    status: u16,
    body: Value,
}

/// Calls the stand-in's API with the right keys.
async fn call(rzp: &RazorpayStandIn, method: &str, path: &str, body: Option<Value>) -> Answer {
    let c = config();
    call_as(
        rzp,
        method,
        path,
        body,
        Some((&c.key_id, &c.key_secret)),
        &[],
    )
    .await
}

async fn call_as(
    rzp: &RazorpayStandIn,
    method: &str,
    path: &str,
    body: Option<Value>,
    keys: Option<(&str, &str)>,
    headers: &[(&str, &str)],
) -> Answer {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = reqwest::Client::new().request(method, format!("{}{path}", rzp.url()));
    if let Some((id, secret)) = keys {
        request = request.basic_auth(id, Some(secret));
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("an answer");
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    Answer {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
    }
}

async fn order(rzp: &RazorpayStandIn, amount: i64) -> String {
    let answer = call(
        rzp,
        "POST",
        "/v1/orders",
        Some(json!({"amount": amount, "currency": "INR", "receipt": "r-1", "notes": {"booking_id": "b-1"}})),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["id"].as_str().expect("an id").to_owned()
}

/// A captured payment of `amount` (a new order paid by UPI).
async fn captured(rzp: &RazorpayStandIn, amount: i64) -> String {
    let order_id = order(rzp, amount).await;
    rzp.pay(&order_id, "upi", true)
        .await
        .expect("paid")
        .razorpay_payment_id
}

fn assert_error(answer: &Answer, status: u16, description: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    let error = &answer.body["error"];
    assert!(
        error["description"]
            .as_str()
            .is_some_and(|d| d.contains(description)),
        "{description:?} in {}",
        answer.body
    );
    for field in ["code", "source", "step", "reason"] {
        assert!(error[field].is_string(), "{field} in {}", answer.body);
    }
    assert!(error["metadata"].is_object(), "{}", answer.body);
}

fn assert_razorpay_id(id: &str, prefix: &str) {
    let tail = id
        .strip_prefix(prefix)
        .and_then(|t| t.strip_prefix('_'))
        .unwrap_or_else(|| panic!("{id} starts with {prefix}_"));
    assert_eq!(tail.len(), 14, "{id}");
    assert!(tail.bytes().all(|b| b.is_ascii_alphanumeric()), "{id}");
}

// ---- A webhook receiver ------------------------------------------------

/// One POST the receiver got.
#[derive(Debug, Clone)]
struct Delivery {
    signature: String,
    event_id: String,
    content_type: String,
    body: String,
}

struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Delivery>>>,
    _stop: oneshot::Sender<()>,
}

impl Receiver {
    fn got(&self) -> Vec<Delivery> {
        self.got.lock().expect("lock").clone()
    }

    fn events(&self) -> Vec<String> {
        self.got()
            .iter()
            .map(|d| {
                let body: Value = serde_json::from_str(&d.body).expect("JSON");
                body["event"].as_str().expect("an event").to_owned()
            })
            .collect()
    }
}

async fn receiver() -> Receiver {
    use poem::web::Data;
    use poem::{EndpointExt, Request, Route, handler, post};

    #[handler]
    fn hook(req: &Request, body: String, got: Data<&Arc<Mutex<Vec<Delivery>>>>) {
        let header = |name: &str| req.header(name).unwrap_or_default().to_owned();
        got.lock().expect("lock").push(Delivery {
            signature: header("x-razorpay-signature"),
            event_id: header("x-razorpay-event-id"),
            content_type: header("content-type"),
            body,
        });
    }

    let got = Arc::new(Mutex::new(Vec::new()));
    let app = Route::new().at("/hook", post(hook)).data(got.clone());
    let (addr, stop) = crate::common::serve_locally(app).await;
    Receiver {
        url: format!("http://{addr}/hook"),
        got,
        _stop: stop,
    }
}

// ---- The API -----------------------------------------------------------

#[tokio::test]
async fn the_api_wants_the_key_id_and_secret() {
    let rzp = stand_in().await;
    let c = config();
    for keys in [
        None,
        Some((c.key_id.as_str(), "not-the-secret")),
        Some(("rzp_test_Someone0000", c.key_secret.as_str())),
    ] {
        let answer = call_as(&rzp, "GET", "/v1/payments", None, keys, &[]).await;
        assert_eq!(answer.status, 401, "{keys:?}");
        assert_eq!(answer.body["error"]["code"], "BAD_REQUEST_ERROR");
        assert_eq!(answer.body["error"]["description"], "Authentication failed");
    }
    let fine = call(&rzp, "GET", "/v1/payments", None).await;
    assert_eq!(fine.status, 200, "{}", fine.body);
    assert_eq!(
        fine.body,
        json!({"entity": "collection", "count": 0, "items": []})
    );
    assert_error(
        &call(&rzp, "GET", "/v1/payments/pay_Unknown0000001", None).await,
        404,
        "The id provided does not exist",
    );
    assert_error(
        &call(&rzp, "GET", "/v1/nothing", None).await,
        404,
        "not found",
    );
    assert_eq!(
        rzp.requests(),
        [
            "/v1/payments",
            "/v1/payments",
            "/v1/payments",
            "/v1/payments",
            "/v1/payments/pay_Unknown0000001",
            "/v1/nothing"
        ]
        .map(|p| ("GET".to_owned(), p.to_owned()))
    );
}

#[tokio::test]
async fn orders_are_made_in_paise_and_read_back() {
    let rzp = stand_in().await;
    let created = call(
        &rzp,
        "POST",
        "/v1/orders",
        Some(json!({"amount": 123_400, "currency": "INR", "receipt": "our-payment-1", "notes": {"booking_id": "b-7"}})),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().expect("an id").to_owned();
    assert_razorpay_id(&id, "order");
    let expected = json!({
        "id": id, "entity": "order", "amount": 123_400, "amount_paid": 0, "amount_due": 123_400,
        "currency": "INR", "receipt": "our-payment-1", "offer_id": null, "status": "created",
        "attempts": 0, "notes": {"booking_id": "b-7"}, "created_at": created.body["created_at"],
    });
    assert_eq!(created.body, expected);
    assert!(
        created.body["created_at"]
            .as_i64()
            .is_some_and(|t| t > 1_700_000_000)
    );
    let fetched = call(&rzp, "GET", &format!("/v1/orders/{id}"), None).await;
    assert_eq!(fetched.body, expected);
    assert_eq!(rzp.order(&id), Some(expected));

    for (body, why) in [
        (json!({"amount": 99, "currency": "INR"}), "INR 1.00"),
        (json!({"currency": "INR"}), "INR 1.00"),
        (json!({"amount": 10_000, "currency": "USD"}), "Currency"),
        (json!({"amount": 10_000}), "Currency"),
        (
            json!({"amount": 10_000, "currency": "INR", "receipt": "r".repeat(41)}),
            "receipt",
        ),
    ] {
        assert_error(
            &call(&rzp, "POST", "/v1/orders", Some(body)).await,
            400,
            why,
        );
    }

    // The server's adapter goes through the same API.
    let gateway = adapter(&rzp);
    let made = gateway
        .create_order(Paise::new(50_000), "our-payment-2", &BTreeMap::new())
        .await
        .expect("an order");
    assert_eq!(made.amount_paise, Paise::new(50_000));
    assert_eq!(
        rzp.order(&made.id).expect("known")["receipt"],
        "our-payment-2"
    );
}

#[tokio::test]
async fn a_checkout_payment_is_signed_with_the_key_secret_and_captured() {
    let rzp = stand_in().await;
    let order_id = order(&rzp, 50_000).await;

    // A failure first: recorded, the order attempted.
    let failed = rzp.pay(&order_id, "card", false).await;
    assert_eq!(failed, Err("Payment failed".to_owned()));
    let attempts = call(
        &rzp,
        "GET",
        &format!("/v1/orders/{order_id}/payments"),
        None,
    )
    .await;
    assert_eq!(attempts.body["count"], 1);
    let failure = &attempts.body["items"][0];
    assert_eq!(failure["status"], "failed");
    assert_eq!(failure["error_reason"], "payment_failed");
    assert_eq!(failure["captured"], false);
    assert_eq!(rzp.order(&order_id).expect("known")["status"], "attempted");

    let answer = rzp.pay(&order_id, "upi", true).await.expect("paid");
    assert_eq!(answer.razorpay_order_id, order_id);
    assert_razorpay_id(&answer.razorpay_payment_id, "pay");
    let c = config();
    assert!(signature_matches(
        c.key_secret.as_bytes(),
        checkout_message(&order_id, &answer.razorpay_payment_id).as_bytes(),
        &answer.razorpay_signature
    ));
    assert!(!signature_matches(
        c.key_secret.as_bytes(),
        checkout_message(&order_id, failure["id"].as_str().expect("an id")).as_bytes(),
        &answer.razorpay_signature
    ));
    assert!(
        adapter(&rzp)
            .verify_checkout(
                &order_id,
                &answer.razorpay_payment_id,
                &answer.razorpay_signature
            )
            .await
            .expect("checked")
    );

    let payment = call(
        &rzp,
        "GET",
        &format!("/v1/payments/{}", answer.razorpay_payment_id),
        None,
    )
    .await
    .body;
    assert_eq!(
        Some(&payment),
        rzp.payment(&answer.razorpay_payment_id).as_ref()
    );
    for (field, value) in [
        ("entity", json!("payment")),
        ("amount", json!(50_000)),
        ("currency", json!("INR")),
        ("status", json!("captured")),
        ("order_id", json!(order_id)),
        ("method", json!("upi")),
        ("captured", json!(true)),
        ("amount_refunded", json!(0)),
        ("refund_status", Value::Null),
        ("international", json!(false)),
        ("invoice_id", Value::Null),
        ("error_code", Value::Null),
    ] {
        assert_eq!(payment[field], value, "{field}: {payment}");
    }
    assert!(payment["vpa"].is_string() && payment["card_id"].is_null());
    assert!(payment["fee"].as_i64().is_some_and(|f| f > 0));
    let order = rzp.order(&order_id).expect("known");
    assert_eq!(
        (
            &order["status"],
            &order["amount_paid"],
            &order["amount_due"],
            &order["attempts"]
        ),
        (&json!("paid"), &json!(50_000), &json!(0), &json!(2))
    );

    // A paid order takes no more payments; unknown orders and methods none.
    assert!(rzp.pay(&order_id, "upi", true).await.is_err());
    assert!(rzp.pay("order_Unknown0000001", "upi", true).await.is_err());
    let other = self::order(&rzp, 10_000).await;
    assert!(rzp.pay(&other, "cash", true).await.is_err());
}

#[tokio::test]
async fn without_auto_capture_a_payment_waits_for_its_capture() {
    let rzp = stand_in().await;
    rzp.set_auto_capture(false);
    let order_id = order(&rzp, 20_000).await;
    let paid = rzp.pay(&order_id, "card", true).await.expect("authorized");
    let id = paid.razorpay_payment_id;
    let payment = rzp.payment(&id).expect("known");
    assert_eq!(
        (&payment["status"], &payment["captured"]),
        (&json!("authorized"), &json!(false))
    );
    assert!(
        payment["card_id"]
            .as_str()
            .is_some_and(|c| c.starts_with("card_"))
    );
    assert_eq!(rzp.order(&order_id).expect("known")["status"], "attempted");

    let capture = format!("/v1/payments/{id}/capture");
    assert_error(
        &call(
            &rzp,
            "POST",
            &capture,
            Some(json!({"amount": 10_000, "currency": "INR"})),
        )
        .await,
        400,
        "equal to the amount authorized",
    );
    assert_eq!(rzp.payment(&id).expect("known")["status"], "authorized");
    let captured = call(
        &rzp,
        "POST",
        &capture,
        Some(json!({"amount": 20_000, "currency": "INR"})),
    )
    .await;
    assert_eq!(captured.status, 200, "{}", captured.body);
    assert_eq!(
        (&captured.body["status"], &captured.body["captured"]),
        (&json!("captured"), &json!(true))
    );
    assert_eq!(rzp.order(&order_id).expect("known")["status"], "paid");
    assert_error(
        &call(
            &rzp,
            "POST",
            &capture,
            Some(json!({"amount": 20_000, "currency": "INR"})),
        )
        .await,
        400,
        "This payment has already been captured",
    );

    // A late authorisation obeys the same setting; a failed payment is no capture.
    let late_order = order(&rzp, 30_000).await;
    let late = rzp
        .pay_late(&late_order, "netbanking")
        .await
        .expect("a payment");
    assert_eq!(rzp.payment(&late).expect("known")["status"], "authorized");
    rzp.set_auto_capture(true);
    let now_order = order(&rzp, 30_000).await;
    let now = rzp.pay_late(&now_order, "wallet").await.expect("a payment");
    assert_eq!(rzp.payment(&now).expect("known")["status"], "captured");
    let failing_order = order(&rzp, 30_000).await;
    let _ = rzp.pay(&failing_order, "upi", false).await;
    let failed = call(
        &rzp,
        "GET",
        &format!("/v1/orders/{failing_order}/payments"),
        None,
    )
    .await;
    let failed_id = failed.body["items"][0]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    assert_error(
        &call(
            &rzp,
            "POST",
            &format!("/v1/payments/{failed_id}/capture"),
            Some(json!({"amount": 30_000, "currency": "INR"})),
        )
        .await,
        400,
        "authorized",
    );

    // An order's own payment_capture wins over the account's setting.
    let manual = call(
        &rzp,
        "POST",
        "/v1/orders",
        Some(json!({"amount": 10_000, "currency": "INR", "payment_capture": false})),
    )
    .await;
    let manual_id = manual.body["id"].as_str().expect("an id");
    let paid = rzp.pay(manual_id, "upi", true).await.expect("authorized");
    assert_eq!(
        rzp.payment(&paid.razorpay_payment_id).expect("known")["status"],
        "authorized"
    );
}

#[tokio::test]
async fn refunds_are_idempotent_by_key_and_never_exceed_the_capture() {
    let rzp = stand_in().await;
    let payment = captured(&rzp, 500_000).await;
    let path = format!("/v1/payments/{payment}/refund");
    let key = "0b6c6f3e-2f4d-4c1e-9a7b-3d1f5e2a9c10";
    let body =
        json!({"amount": 200_000, "speed": "normal", "receipt": key, "notes": {"refund_id": key}});
    let refund = |body: Value, key: &'static str| {
        let rzp = rzp.clone();
        let path = path.clone();
        async move {
            let c = config();
            call_as(
                &rzp,
                "POST",
                &path,
                Some(body),
                Some((&c.key_id, &c.key_secret)),
                &[("X-Refund-Idempotency", key)],
            )
            .await
        }
    };
    let first = refund(body.clone(), key).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_razorpay_id(first.body["id"].as_str().expect("an id"), "rfnd");
    for (field, value) in [
        ("entity", json!("refund")),
        ("amount", json!(200_000)),
        ("currency", json!("INR")),
        ("payment_id", json!(payment)),
        ("receipt", json!(key)),
        ("notes", json!({"refund_id": key})),
        ("status", json!("processed")),
        ("speed_requested", json!("normal")),
        ("speed_processed", json!("normal")),
        ("batch_id", Value::Null),
    ] {
        assert_eq!(first.body[field], value, "{field}: {}", first.body);
    }
    let again = refund(body.clone(), key).await;
    assert_eq!(
        again.body, first.body,
        "the same key and body: the same refund"
    );
    let mut changed = body.clone();
    changed["amount"] = json!(100_000);
    assert_error(&refund(changed, key).await, 400, "same idempotency key");
    assert_eq!(rzp.refunds_of(&payment).len(), 1);
    let after_one = rzp.payment(&payment).expect("known");
    assert_eq!(
        (
            &after_one["amount_refunded"],
            &after_one["refund_status"],
            &after_one["status"]
        ),
        (&json!(200_000), &json!("partial"), &json!("captured"))
    );

    let too_much = json!({"amount": 300_001, "speed": "normal"});
    assert_error(
        &refund(too_much, "second-refund-key-000001").await,
        400,
        "greater than amount captured",
    );
    let tiny = json!({"amount": 99});
    assert_error(
        &refund(tiny, "third-refund-key-0000001").await,
        400,
        "INR 1.00",
    );

    // The server's adapter: the rest, then nothing is left.
    let gateway = adapter(&rzp);
    let rest = gateway
        .refund(
            &payment,
            Paise::new(300_000),
            "adapter-refund-key-0001",
            &BTreeMap::new(),
        )
        .await
        .expect("the rest");
    assert_eq!(rest.status, GatewayRefundStatus::Processed);
    let retried = gateway
        .refund(
            &payment,
            Paise::new(300_000),
            "adapter-refund-key-0001",
            &BTreeMap::new(),
        )
        .await
        .expect("the same refund");
    assert_eq!(retried, rest);
    let over = gateway
        .refund(
            &payment,
            Paise::new(100),
            "adapter-refund-key-0002",
            &BTreeMap::new(),
        )
        .await;
    assert!(
        matches!(&over, Err(GatewayError::Refused(m)) if m.contains("fully refunded")),
        "{over:?}"
    );
    let full = rzp.payment(&payment).expect("known");
    assert_eq!(
        (
            &full["amount_refunded"],
            &full["refund_status"],
            &full["status"]
        ),
        (&json!(500_000), &json!("full"), &json!("refunded"))
    );

    let listed = call(
        &rzp,
        "GET",
        &format!("/v1/payments/{payment}/refunds"),
        None,
    )
    .await;
    assert_eq!(listed.body["count"], 2);
    assert_eq!(
        listed.body["items"][0]["id"],
        json!(rest.id),
        "newest first"
    );
    let one = call(&rzp, "GET", &format!("/v1/refunds/{}", rest.id), None).await;
    assert_eq!(one.body["amount"], 300_000);
    assert_error(
        &call(&rzp, "GET", "/v1/refunds/rfnd_Unknown0000001", None).await,
        404,
        "does not exist",
    );

    // An uncaptured payment cannot be refunded; an unknown one is a 404.
    rzp.set_auto_capture(false);
    let order_id = order(&rzp, 10_000).await;
    let authorized = rzp.pay(&order_id, "upi", true).await.expect("authorized");
    let refused = gateway
        .refund(
            &authorized.razorpay_payment_id,
            Paise::new(10_000),
            "uncaptured-key-000001",
            &BTreeMap::new(),
        )
        .await;
    assert!(
        matches!(&refused, Err(GatewayError::Refused(m)) if m.contains("400")),
        "{refused:?}"
    );
    let unknown = gateway
        .refund(
            "pay_Unknown0000001",
            Paise::new(10_000),
            "unknown-key-00000001",
            &BTreeMap::new(),
        )
        .await;
    assert!(
        matches!(&unknown, Err(GatewayError::Refused(m)) if m.contains("404")),
        "{unknown:?}"
    );
}

#[tokio::test]
async fn pending_refunds_settle_later_and_a_failed_one_gives_the_amount_back() {
    let rzp = stand_in().await;
    let payment = captured(&rzp, 100_000).await;
    rzp.set_refund_status("pending").expect("a status");
    assert!(rzp.set_refund_status("lost").is_err());
    let gateway = adapter(&rzp);
    let first = gateway
        .refund(
            &payment,
            Paise::new(40_000),
            "pending-refund-key-01",
            &BTreeMap::new(),
        )
        .await
        .expect("a refund");
    assert_eq!(first.status, GatewayRefundStatus::Pending);
    let second = gateway
        .refund(
            &payment,
            Paise::new(60_000),
            "pending-refund-key-02",
            &BTreeMap::new(),
        )
        .await
        .expect("a refund");
    assert_eq!(
        rzp.payment(&payment).expect("known")["amount_refunded"],
        100_000
    );

    let processed = rzp.settle_refund(&first.id, true).await.expect("settled");
    assert_eq!(processed["status"], "processed");
    assert!(
        rzp.settle_refund(&first.id, false).await.is_err(),
        "settled once"
    );
    let failed = rzp.settle_refund(&second.id, false).await.expect("settled");
    assert_eq!(failed["status"], "failed");
    let payment = rzp.payment(&payment).expect("known");
    assert_eq!(
        (&payment["amount_refunded"], &payment["refund_status"]),
        (&json!(40_000), &json!("partial"))
    );
    let names: Vec<String> = rzp.events().into_iter().map(|e| e.event).collect();
    assert_eq!(
        names[names.len() - 4..],
        [
            "refund.created",
            "refund.created",
            "refund.processed",
            "refund.failed"
        ]
    );
}

#[tokio::test]
async fn lists_filter_by_time_and_page_newest_first() {
    let rzp = stand_in().await;
    let mut payments = Vec::new();
    for at in [1_000, 2_000, 3_000] {
        rzp.set_now(Some(at));
        let payment = captured(&rzp, 10_000).await;
        rzp.refund_on_gateway(&payment, 1_000)
            .await
            .expect("a refund");
        rzp.open_dispute(&payment, 5_000).await.expect("a dispute");
        payments.push(payment);
    }
    let ids = |answer: &Answer| -> Vec<String> {
        answer.body["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|i| {
                i["payment_id"]
                    .as_str()
                    .or(i["id"].as_str())
                    .expect("an id")
                    .to_owned()
            })
            .collect()
    };
    let all = call(&rzp, "GET", "/v1/payments", None).await;
    assert_eq!(
        ids(&all),
        [
            payments[2].as_str(),
            payments[1].as_str(),
            payments[0].as_str()
        ]
    );
    assert_eq!(all.body["count"], 3);
    let window = call(&rzp, "GET", "/v1/payments?from=1500&to=3000", None).await;
    assert_eq!(ids(&window), [payments[2].as_str(), payments[1].as_str()]);
    let inclusive = call(&rzp, "GET", "/v1/payments?from=1000&to=2000", None).await;
    assert_eq!(
        ids(&inclusive),
        [payments[1].as_str(), payments[0].as_str()]
    );
    let paged = call(&rzp, "GET", "/v1/payments?count=1&skip=1", None).await;
    assert_eq!(ids(&paged), [payments[1].as_str()]);
    assert_eq!(paged.body["count"], 1);
    let past = call(&rzp, "GET", "/v1/payments?skip=3", None).await;
    assert_eq!(past.body["count"], 0);
    let refunds = call(&rzp, "GET", "/v1/refunds?to=2000", None).await;
    assert_eq!(ids(&refunds), [payments[1].as_str(), payments[0].as_str()]);
    let disputes = call(&rzp, "GET", "/v1/disputes?from=3000", None).await;
    assert_eq!(ids(&disputes), [payments[2].as_str()]);
    for bad in ["count=101", "count=0", "from=yesterday", "skip=-1"] {
        assert_error(
            &call(&rzp, "GET", &format!("/v1/payments?{bad}"), None).await,
            400,
            "",
        );
    }

    // Ten by default.
    rzp.set_now(None);
    for _ in 0..9 {
        captured(&rzp, 10_000).await;
    }
    let first_page = call(&rzp, "GET", "/v1/payments", None).await;
    assert_eq!(first_page.body["count"], 10);
    let hundred = call(&rzp, "GET", "/v1/payments?count=100", None).await;
    assert_eq!(hundred.body["count"], 12);
}

#[tokio::test]
async fn disputes_open_then_close_won_or_lost() {
    let rzp = stand_in().await;
    let payment = captured(&rzp, 80_000).await;
    let dispute = rzp.open_dispute(&payment, 80_000).await.expect("opened");
    let id = dispute["id"].as_str().expect("an id").to_owned();
    assert_razorpay_id(&id, "disp");
    for (field, value) in [
        ("entity", json!("dispute")),
        ("payment_id", json!(payment)),
        ("amount", json!(80_000)),
        ("currency", json!("INR")),
        ("amount_deducted", json!(0)),
        ("status", json!("open")),
        ("phase", json!("chargeback")),
    ] {
        assert_eq!(dispute[field], value, "{field}: {dispute}");
    }
    assert!(dispute["respond_by"].as_i64() > dispute["created_at"].as_i64());
    let fetched = call(&rzp, "GET", &format!("/v1/disputes/{id}"), None).await;
    assert_eq!(fetched.body, dispute);

    let lost = rzp.close_dispute(&id, false).await.expect("closed");
    assert_eq!(
        (&lost["status"], &lost["amount_deducted"]),
        (&json!("lost"), &json!(80_000))
    );
    assert!(rzp.close_dispute(&id, true).await.is_err(), "closed once");
    let other = rzp.open_dispute(&payment, 10_000).await.expect("opened");
    let won = rzp
        .close_dispute(other["id"].as_str().expect("an id"), true)
        .await
        .expect("closed");
    assert_eq!(
        (&won["status"], &won["amount_deducted"]),
        (&json!("won"), &json!(0))
    );

    assert!(rzp.open_dispute(&payment, 80_001).await.is_err());
    assert!(rzp.open_dispute("pay_Unknown0000001", 1_000).await.is_err());
    assert!(
        rzp.close_dispute("disp_Unknown0000001", true)
            .await
            .is_err()
    );
    let names: Vec<String> = rzp.events().into_iter().map(|e| e.event).collect();
    assert_eq!(
        names[names.len() - 4..],
        [
            "payment.dispute.created",
            "payment.dispute.lost",
            "payment.dispute.created",
            "payment.dispute.won"
        ]
    );
    let last: Value =
        serde_json::from_str(&rzp.events().last().expect("an event").body).expect("JSON");
    assert_eq!(last["contains"], json!(["payment", "dispute"]));
    assert_eq!(last["payload"]["dispute"]["entity"]["status"], "won");
    assert_eq!(last["payload"]["payment"]["entity"]["id"], json!(payment));
}

// ---- Webhooks ----------------------------------------------------------

#[tokio::test]
async fn webhooks_are_signed_over_the_exact_body_and_posted_in_order() {
    let hooks = receiver().await;
    let rzp = RazorpayStandIn::start(StandInConfig {
        webhook_url: Some(hooks.url.clone()),
        ..StandInConfig::default()
    })
    .await
    .expect("started");
    let order_id = order(&rzp, 50_000).await;
    let _ = rzp.pay(&order_id, "upi", false).await;
    let paid = rzp.pay(&order_id, "upi", true).await.expect("paid");
    // pay() returns once its webhooks were delivered: no waiting here.
    assert_eq!(
        hooks.events(),
        [
            "payment.failed",
            "payment.authorized",
            "payment.captured",
            "order.paid"
        ]
    );

    let secret = config().webhook_secret;
    let gateway = adapter(&rzp);
    let got = hooks.got();
    for (delivery, made) in got.iter().zip(rzp.events()) {
        assert!(signature_matches(
            secret.as_bytes(),
            delivery.body.as_bytes(),
            &delivery.signature
        ));
        assert!(
            gateway
                .verify_webhook(delivery.body.as_bytes(), &delivery.signature)
                .await
                .expect("checked")
        );
        assert!(!signature_matches(
            secret.as_bytes(),
            format!("{} ", delivery.body).as_bytes(),
            &delivery.signature
        ));
        assert_eq!(delivery.content_type, "application/json");
        assert_eq!(
            (&delivery.body, &delivery.signature, &delivery.event_id),
            (&made.body, &made.signature, &made.event_id)
        );
        assert_razorpay_id(&delivery.event_id, "evt");
    }
    let ids: BTreeSet<&str> = got.iter().map(|d| d.event_id.as_str()).collect();
    assert_eq!(ids.len(), got.len(), "an event id each");

    let captured: Value = serde_json::from_str(&got[2].body).expect("JSON");
    assert_eq!(captured["entity"], "event");
    assert_eq!(captured["account_id"], "acc_StandIn");
    assert_eq!(captured["event"], "payment.captured");
    assert_eq!(captured["contains"], json!(["payment"]));
    assert!(captured["created_at"].is_i64());
    let entity = &captured["payload"]["payment"]["entity"];
    assert_eq!(
        (
            &entity["id"],
            &entity["order_id"],
            &entity["amount"],
            &entity["status"]
        ),
        (
            &json!(paid.razorpay_payment_id),
            &json!(order_id),
            &json!(50_000),
            &json!("captured")
        )
    );
    let order_paid: Value = serde_json::from_str(&got[3].body).expect("JSON");
    assert_eq!(order_paid["contains"], json!(["payment", "order"]));
    assert_eq!(order_paid["payload"]["order"]["entity"]["status"], "paid");

    // Refunds made on Razorpay's side, then through the API (whose
    // webhooks flush_webhooks waits for).
    rzp.refund_on_gateway(&paid.razorpay_payment_id, 10_000)
        .await
        .expect("a refund");
    gateway
        .refund(
            &paid.razorpay_payment_id,
            Paise::new(5_000),
            "api-refund-key-000001",
            &BTreeMap::new(),
        )
        .await
        .expect("a refund");
    rzp.flush_webhooks().await;
    assert_eq!(
        hooks.events()[4..],
        [
            "refund.created",
            "refund.processed",
            "refund.created",
            "refund.processed"
        ]
    );
    let refund: Value = serde_json::from_str(&hooks.got()[7].body).expect("JSON");
    assert_eq!(refund["contains"], json!(["refund", "payment"]));
    assert_eq!(
        refund["payload"]["refund"]["entity"]["receipt"],
        "api-refund-key-000001"
    );
    assert_eq!(
        refund["payload"]["payment"]["entity"]["amount_refunded"],
        15_000
    );

    // A replay reuses the event id; webhooks may be held back and sent by hand.
    let first: SignedEvent = rzp.events()[0].clone();
    assert_eq!(rzp.deliver(&hooks.url, &first).await, Ok(200));
    assert_eq!(
        hooks.got().last().expect("a delivery").event_id,
        first.event_id
    );
    let delivered = hooks.got().len();
    rzp.set_deliver_webhooks(false);
    rzp.open_dispute(&paid.razorpay_payment_id, 1_000)
        .await
        .expect("a dispute");
    assert_eq!(hooks.got().len(), delivered, "held back");
    let held = rzp.events().last().expect("an event").clone();
    assert_eq!(held.event, "payment.dispute.created");
    rzp.set_deliver_webhooks(true);
    rzp.set_webhook_url(None);
    rzp.refund_on_gateway(&paid.razorpay_payment_id, 1_000)
        .await
        .expect("a refund");
    assert_eq!(hooks.got().len(), delivered, "nowhere to send");
    assert_eq!(rzp.deliver(&hooks.url, &held).await, Ok(200));
    assert_eq!(
        hooks.events().last().map(String::as_str),
        Some("payment.dispute.created")
    );
    assert!(rzp.deliver("http://127.0.0.1:9/hook", &held).await.is_err());

    // A receiver that is gone is logged, not retried, and blocks nothing.
    rzp.set_webhook_url(Some("http://127.0.0.1:9/hook".to_owned()));
    rzp.refund_on_gateway(&paid.razorpay_payment_id, 1_000)
        .await
        .expect("a refund");
}

// ---- Down, checkout, controls ------------------------------------------

#[tokio::test]
async fn a_gateway_that_is_down_answers_503_and_changes_nothing() {
    let rzp = stand_in().await;
    let payment = captured(&rzp, 10_000).await;
    rzp.set_available(false);
    let down = call(
        &rzp,
        "POST",
        "/v1/orders",
        Some(json!({"amount": 10_000, "currency": "INR"})),
    )
    .await;
    assert_eq!(down.status, 503);
    assert_eq!(down.body["error"]["code"], "SERVER_ERROR");
    let no_keys = call_as(&rzp, "GET", "/v1/payments", None, None, &[]).await;
    assert_eq!(no_keys.status, 503);
    let gateway = adapter(&rzp);
    let refund = gateway
        .refund(
            &payment,
            Paise::new(1_000),
            "while-down-key-000001",
            &BTreeMap::new(),
        )
        .await;
    assert!(
        matches!(&refund, Err(GatewayError::Unavailable(m)) if m.contains("503")),
        "{refund:?}"
    );
    assert!(matches!(
        gateway
            .create_order(Paise::new(10_000), "r", &BTreeMap::new())
            .await,
        Err(GatewayError::Unavailable(_))
    ));
    assert_eq!(rzp.payment(&payment).expect("known")["amount_refunded"], 0);
    let script = reqwest::get(rzp.checkout_url()).await.expect("an answer");
    assert_eq!(script.status(), 200, "the checkout stays up");

    rzp.set_available(true);
    let listed = call(&rzp, "GET", "/v1/payments", None).await;
    assert_eq!(listed.body["count"], 1);
    let again = gateway
        .refund(
            &payment,
            Paise::new(1_000),
            "while-down-key-000001",
            &BTreeMap::new(),
        )
        .await
        .expect("a refund");
    assert_eq!(rzp.refunds_of(&payment).len(), 1);
    assert_eq!(rzp.refunds_of(&payment)[0]["id"], json!(again.id));
}

#[tokio::test]
async fn the_checkout_script_opens_a_frame_that_pays() {
    let rzp = stand_in().await;
    assert_eq!(rzp.checkout_url(), format!("{}/v1/checkout.js", rzp.url()));
    let script = reqwest::get(rzp.checkout_url()).await.expect("an answer");
    assert_eq!(script.status(), 200);
    let kind = script.headers()["content-type"]
        .to_str()
        .expect("text")
        .to_owned();
    assert!(kind.starts_with("application/javascript"), "{kind}");
    let js = script.text().await.expect("the script");
    for needed in [
        "razorpay-checkout-frame",
        "Razorpay Checkout",
        "window.Razorpay",
        "document.currentScript",
        "payment.failed",
        "ondismiss",
        "/v1/checkout/frame?",
        "event.origin",
    ] {
        assert!(js.contains(needed), "{needed}");
    }
    for forbidden in [
        "eval(",
        "new Function",
        "innerHTML",
        "style=",
        "setAttribute(\"style\"",
    ] {
        assert!(!js.contains(forbidden), "{forbidden}");
    }

    let order_id = order(&rzp, 123_456_700).await;
    let key = config().key_id;
    let frame = |query: String| {
        let url = format!("{}/v1/checkout/frame?{query}", rzp.url());
        async move {
            let page = reqwest::get(url).await.expect("an answer");
            assert!(
                page.headers()["content-type"]
                    .to_str()
                    .expect("text")
                    .starts_with("text/html")
            );
            page.text().await.expect("a page")
        }
    };
    let page = frame(format!(
        "order_id={order_id}&key={key}&amount=123456700&name=Mentor%3CBridge%3E&description=A+session"
    ))
    .await;
    for needed in [
        "₹12,34,567.00",
        "Mentor&lt;Bridge&gt;",
        "A session",
        ">Success<",
        ">Failure<",
        ">Cancel<",
        "value=\"upi\"",
        "/v1/checkout/pay",
        "razorpay-standin",
    ] {
        assert!(page.contains(needed), "{needed}");
    }
    for label in ["UPI", "Card", "Netbanking", "Wallet"] {
        assert!(page.contains(&format!("> {label}</label>")), "{label}");
    }
    let wrong_key = frame(format!("order_id={order_id}&key=rzp_test_Other")).await;
    assert!(
        wrong_key.contains("The api key provided is invalid") && !wrong_key.contains(">Success<")
    );
    let unknown = frame(format!("order_id=order_Unknown0000001&key={key}")).await;
    assert!(unknown.contains("does not exist"));

    // The frame's buttons.
    let pay = |body: Value| {
        let url = format!("{}/v1/checkout/pay", rzp.url());
        async move {
            let response = reqwest::Client::new()
                .post(url)
                .json(&body)
                .send()
                .await
                .expect("an answer");
            (
                response.status().as_u16(),
                response.json::<Value>().await.expect("JSON"),
            )
        }
    };
    let (status, failure) =
        pay(json!({"order_id": order_id, "key": key, "method": "wallet", "succeed": false})).await;
    assert_eq!(status, 400);
    let error = &failure["error"];
    assert_eq!(
        (
            &error["code"],
            &error["description"],
            &error["source"],
            &error["step"],
            &error["reason"]
        ),
        (
            &json!("BAD_REQUEST_ERROR"),
            &json!("Payment failed"),
            &json!("customer"),
            &json!("payment_authorization"),
            &json!("payment_failed")
        )
    );
    assert_eq!(error["metadata"]["order_id"], json!(order_id));
    let failed_id = error["metadata"]["payment_id"].as_str().expect("an id");
    assert_eq!(rzp.payment(failed_id).expect("known")["method"], "wallet");
    let (status, success) =
        pay(json!({"order_id": order_id, "key": key, "method": "netbanking", "succeed": true}))
            .await;
    assert_eq!(status, 200, "{success}");
    let payment_id = success["razorpay_payment_id"].as_str().expect("an id");
    assert_eq!(success["razorpay_order_id"], json!(order_id));
    assert!(signature_matches(
        config().key_secret.as_bytes(),
        checkout_message(&order_id, payment_id).as_bytes(),
        success["razorpay_signature"].as_str().expect("a signature")
    ));
    assert_eq!(rzp.payment(payment_id).expect("known")["bank"], "HDFC");
    let (status, _) = pay(
        json!({"order_id": order_id, "key": "rzp_test_Other", "method": "upi", "succeed": true}),
    )
    .await;
    assert_eq!(status, 400);
    let paid = frame(format!("order_id={order_id}&key={key}")).await;
    assert!(paid.contains("paid already") && !paid.contains(">Success<"));
    assert_eq!(
        rzp.requests(),
        [("POST".to_owned(), "/v1/orders".to_owned())],
        "the checkout is no API call"
    );
}

#[tokio::test]
async fn the_test_controls_drive_the_process_form() {
    let hooks = receiver().await;
    let rzp = stand_in().await;
    let client = reqwest::Client::new();
    let control = |method: reqwest::Method, path: &str, body: Option<Value>| {
        let mut request = client.request(method, format!("{}/standin/{path}", rzp.url()));
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move {
            let response = request.send().await.expect("an answer");
            let cors = response
                .headers()
                .get("access-control-allow-origin")
                .cloned();
            assert_eq!(cors.as_ref().and_then(|v| v.to_str().ok()), Some("*"));
            (
                response.status().as_u16(),
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        }
    };
    let (status, _) = control(reqwest::Method::OPTIONS, "config", None).await;
    assert_eq!(status, 204);
    let (status, settings) = control(
        reqwest::Method::POST,
        "config",
        Some(json!({"auto_capture": false, "webhook_url": hooks.url})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        settings,
        json!({"available": true, "auto_capture": false, "deliver_webhooks": true,
               "webhook_url": hooks.url, "refund_status": "processed", "now": null})
    );

    let order_id = order(&rzp, 40_000).await;
    let (status, late) = control(
        reqwest::Method::POST,
        "pay_late",
        Some(json!({"order_id": order_id, "method": "upi"})),
    )
    .await;
    assert_eq!(status, 200, "{late}");
    assert_eq!(late["status"], "authorized");
    assert_eq!(
        hooks.events(),
        ["payment.authorized"],
        "delivered before the answer"
    );
    let payment_id = late["id"].as_str().expect("an id");
    let capture = call(
        &rzp,
        "POST",
        &format!("/v1/payments/{payment_id}/capture"),
        Some(json!({"amount": 40_000, "currency": "INR"})),
    )
    .await;
    assert_eq!(capture.status, 200);

    let (status, refund) = control(
        reqwest::Method::POST,
        "refund",
        Some(json!({"payment_id": payment_id, "amount": 10_000})),
    )
    .await;
    assert_eq!((status, &refund["status"]), (200, &json!("processed")));
    let (status, dispute) = control(
        reqwest::Method::POST,
        "dispute",
        Some(json!({"payment_id": payment_id, "amount": 30_000})),
    )
    .await;
    assert_eq!(status, 200, "{dispute}");
    let dispute_id = dispute["id"].as_str().expect("an id");
    let (status, closed) = control(
        reqwest::Method::POST,
        &format!("dispute/{dispute_id}/close"),
        Some(json!({"won": false})),
    )
    .await;
    assert_eq!((status, &closed["status"]), (200, &json!("lost")));
    let (status, error) =
        control(reqwest::Method::POST, "dispute", Some(json!({"amount": 1}))).await;
    assert_eq!(status, 400);
    assert!(
        error["error"]["description"]
            .as_str()
            .is_some_and(|d| d.contains("payment_id"))
    );

    let (status, events) = control(reqwest::Method::GET, "events", None).await;
    assert_eq!(status, 200);
    let names: Vec<&str> = events
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| e["event"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        [
            "payment.authorized",
            "payment.captured",
            "order.paid",
            "refund.created",
            "refund.processed",
            "payment.dispute.created",
            "payment.dispute.lost"
        ]
    );
    assert_eq!(events[0]["event_id"], json!(rzp.events()[0].event_id));
    assert_eq!(events[0]["signature"], json!(rzp.events()[0].signature));

    let (_, down) = control(
        reqwest::Method::POST,
        "config",
        Some(json!({"available": false, "webhook_url": null})),
    )
    .await;
    assert_eq!(
        (&down["available"], &down["webhook_url"]),
        (&json!(false), &Value::Null)
    );
    assert_eq!(call(&rzp, "GET", "/v1/payments", None).await.status, 503);
    let (status, _) = control(
        reqwest::Method::POST,
        "config",
        Some(json!({"available": "no"})),
    )
    .await;
    assert_eq!(status, 400);
}

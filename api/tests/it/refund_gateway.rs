//! Refunds through the gateway interface (issue 13): the sandbox (processed
//! at once, the same key naming the same refund) and Razorpay's refunds API
//! (`POST /v1/payments/{id}/refund`, made idempotent by the
//! `X-Refund-Idempotency` header) against a local stand-in that behaves as
//! Razorpay documents it: a retry with the same key and body gives back the
//! same refund, the same key with another body is a 400, never more than
//! the payment is refunded. And the refund webhook events, read from
//! Razorpay's published sample payloads.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use api::payments::gateway::{
    GatewayError, GatewayRefundStatus, RAZORPAY_IDEMPOTENCY_HEADER, valid_idempotency_key,
};
use api::payments::{Gateway, RazorpayGateway, SandboxGateway, refund_event};
use domain_wasm::money::Paise;
use serde_json::{Value, json};
use tokio::sync::oneshot;

const KEY_ID: &str = "rzp_test_StandIn0001";
const KEY_SECRET: &str = "EnLs21M47BllR3X8PSFtjtbd";
const WEBHOOK_SECRET: &str = "stand-in-webhook-secret";
/// The captured payment the stand-in knows, and its amount.
const PAYMENT: &str = "pay_FPoJKWQQ8lK13n";
const CAPTURED: i64 = 500_000;
const KEY: &str = "0b6c6f3e-2f4d-4c1e-9a7b-3d1f5e2a9c10";

fn notes() -> BTreeMap<String, String> {
    BTreeMap::from([
        ("booking_id".to_owned(), "b-1".to_owned()),
        ("refund_id".to_owned(), KEY.to_owned()),
    ])
}

// ---- The sandbox -------------------------------------------------------

#[tokio::test]
async fn the_sandbox_refunds_at_once_and_the_same_key_is_the_same_refund() {
    let sandbox = SandboxGateway::with_server_secret("refund-test-secret-refund-test-secret");
    let first = sandbox
        .refund("pay_sbx_1", Paise::new(25_000), KEY, &notes())
        .await
        .expect("a refund");
    assert_eq!(first.status, GatewayRefundStatus::Processed);
    assert!(first.id.starts_with("rfnd_sbx_"), "{}", first.id);
    let retried = sandbox
        .refund("pay_sbx_1", Paise::new(25_000), KEY, &notes())
        .await
        .expect("a refund");
    assert_eq!(retried, first, "a retry names the same refund");
    let other = sandbox
        .refund(
            "pay_sbx_1",
            Paise::new(25_000),
            "another-refund-key-0001",
            &notes(),
        )
        .await
        .expect("a refund");
    assert_ne!(other.id, first.id, "another key, another refund");
    // Another server's sandbox agrees: the id comes from the key alone.
    let elsewhere = SandboxGateway::with_server_secret("another-secret-another-secret-0123");
    assert_eq!(
        elsewhere
            .refund("pay_sbx_1", Paise::new(25_000), KEY, &notes())
            .await
            .expect("a refund")
            .id,
        first.id
    );

    // A negative amount cannot be asked for: the gateway takes `Paise`.
    for (amount, key) in [(0, KEY), (100, "short"), (100, "has space 0123")] {
        let refused = sandbox
            .refund("pay_sbx_1", Paise::new(amount), key, &notes())
            .await;
        assert!(
            matches!(refused, Err(GatewayError::Refused(_))),
            "{amount} {key:?}: {refused:?}"
        );
    }
    assert!(matches!(
        sandbox.refund("", Paise::new(100), KEY, &notes()).await,
        Err(GatewayError::Refused(_))
    ));
}

#[test]
fn idempotency_keys_are_what_razorpay_takes() {
    assert!(valid_idempotency_key(KEY), "a UUID");
    assert!(valid_idempotency_key("abc_DEF-12"));
    assert!(!valid_idempotency_key("abc_DEF-1"), "at least 10");
    assert!(
        !valid_idempotency_key(&"a".repeat(41)),
        "a receipt holds 40"
    );
    assert!(!valid_idempotency_key("abc/def-123"));
    assert!(!valid_idempotency_key("abcdéf-1234"));
}

// ---- Razorpay's stand-in -----------------------------------------------

/// What the stand-in keeps: every request (headers we care about, body),
/// and the refunds it made by idempotency key.
#[derive(Default)]
struct Seen {
    requests: Vec<(Option<String>, Value)>,
    by_key: BTreeMap<String, (Value, Value)>,
    refunded: i64,
    made: usize,
    /// The status new refunds get (`processed` or `pending`).
    status: String,
    /// Answer 503 to the next this many requests, without refunding.
    unavailable: usize,
}

struct StandIn {
    url: String,
    seen: Arc<Mutex<Seen>>,
    _stop: oneshot::Sender<()>,
}

impl StandIn {
    fn made(&self) -> usize {
        self.seen.lock().expect("lock").made
    }
}

async fn stand_in(status: &str) -> StandIn {
    use poem::web::{Data, Json, Path};
    use poem::{EndpointExt, Request, Response, Route, handler, http::StatusCode, post};

    fn error(status: StatusCode, description: &str) -> Response {
        Response::builder()
            .status(status)
            .content_type("application/json")
            .body(
                json!({"error": {"code": "BAD_REQUEST_ERROR", "description": description,
                       "source": "business", "step": "payment_initiation",
                       "reason": "input_validation_failed", "metadata": {}}})
                .to_string(),
            )
    }

    #[handler]
    fn refund(
        req: &Request,
        Path(payment): Path<String>,
        body: Json<Value>,
        seen: Data<&Arc<Mutex<Seen>>>,
    ) -> Response {
        use base64::Engine as _;
        let expected = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{KEY_ID}:{KEY_SECRET}"))
        );
        let key = req.header(RAZORPAY_IDEMPOTENCY_HEADER).map(str::to_owned);
        let mut seen = seen.lock().expect("lock");
        seen.requests.push((key.clone(), body.0.clone()));
        if req.header("authorization") != Some(expected.as_str()) {
            return error(StatusCode::UNAUTHORIZED, "Authentication failed");
        }
        if seen.unavailable > 0 {
            seen.unavailable -= 1;
            return error(StatusCode::SERVICE_UNAVAILABLE, "Try again later");
        }
        if let Some(key) = &key
            && let Some((first_body, refund)) = seen.by_key.get(key)
        {
            if *first_body != body.0 {
                return error(
                    StatusCode::BAD_REQUEST,
                    "Different request with the same idempotency key has already been processed.",
                );
            }
            let refund = refund.clone();
            return Response::builder()
                .content_type("application/json")
                .body(refund.to_string());
        }
        if payment != PAYMENT {
            return error(StatusCode::BAD_REQUEST, "The id provided does not exist");
        }
        let amount = body["amount"].as_i64().unwrap_or(0);
        if amount < 100 {
            return error(
                StatusCode::BAD_REQUEST,
                "The amount must be at least INR 1.00",
            );
        }
        if seen.refunded + amount > CAPTURED {
            return error(
                StatusCode::BAD_REQUEST,
                "The refund amount provided is greater than amount captured",
            );
        }
        seen.refunded += amount;
        seen.made += 1;
        let refund = json!({
            "id": format!("rfnd_StandIn{:06}", seen.made),
            "entity": "refund",
            "amount": amount,
            "currency": "INR",
            "payment_id": payment,
            "notes": body["notes"],
            "receipt": body["receipt"],
            "acquirer_data": {"arn": null},
            "created_at": 1_764_000_000,
            "batch_id": null,
            "status": seen.status,
            "speed_processed": "normal",
            "speed_requested": body["speed"],
        });
        if let Some(key) = key {
            seen.by_key.insert(key, (body.0.clone(), refund.clone()));
        }
        Response::builder()
            .content_type("application/json")
            .body(refund.to_string())
    }

    let seen = Arc::new(Mutex::new(Seen {
        status: status.to_owned(),
        ..Seen::default()
    }));
    let app = Route::new()
        .at("/v1/payments/:id/refund", post(refund))
        .data(seen.clone());
    let (addr, stop) = crate::common::serve_locally(app).await;
    StandIn {
        url: format!("http://{addr}"),
        seen,
        _stop: stop,
    }
}

fn razorpay(stand_in: &StandIn) -> RazorpayGateway {
    RazorpayGateway::new(KEY_ID, KEY_SECRET, WEBHOOK_SECRET, &stand_in.url)
}

#[tokio::test]
async fn razorpay_refunds_carry_the_idempotency_key_and_a_retry_never_refunds_twice() {
    let rzp = stand_in("processed").await;
    let gateway = razorpay(&rzp);
    let first = gateway
        .refund(PAYMENT, Paise::new(250_000), KEY, &notes())
        .await
        .expect("a refund");
    assert_eq!(first.id, "rfnd_StandIn000001");
    assert_eq!(first.status, GatewayRefundStatus::Processed);
    {
        let seen = rzp.seen.lock().expect("lock");
        let (key, body) = &seen.requests[0];
        assert_eq!(key.as_deref(), Some(KEY), "the idempotency header");
        assert_eq!(body["amount"], 250_000);
        assert_eq!(body["speed"], "normal");
        assert_eq!(body["receipt"], KEY, "our refund's id is its receipt");
        assert_eq!(body["notes"]["booking_id"], "b-1");
    }

    // The answer was lost; the job asks again with the same key.
    let retried = gateway
        .refund(PAYMENT, Paise::new(250_000), KEY, &notes())
        .await
        .expect("the same refund");
    assert_eq!(retried, first);
    assert_eq!(rzp.made(), 1, "refunded once");
    assert_eq!(rzp.seen.lock().expect("lock").refunded, 250_000);

    // The same key with another amount is Razorpay's 400: refused for good.
    let changed = gateway
        .refund(PAYMENT, Paise::new(100_000), KEY, &notes())
        .await;
    assert!(
        matches!(&changed, Err(GatewayError::Refused(m)) if m.contains("400") && m.contains("same idempotency key")),
        "{changed:?}"
    );

    // A second refund (another key) of the rest; then nothing is left.
    let second = gateway
        .refund(
            PAYMENT,
            Paise::new(250_000),
            "second-refund-key-000001",
            &notes(),
        )
        .await
        .expect("the rest");
    assert_eq!(second.id, "rfnd_StandIn000002");
    let over = gateway
        .refund(
            PAYMENT,
            Paise::new(100),
            "third-refund-key-0000001",
            &notes(),
        )
        .await;
    assert!(
        matches!(&over, Err(GatewayError::Refused(m)) if m.contains("greater than amount captured")),
        "{over:?}"
    );
    assert_eq!(rzp.made(), 2);
    assert_eq!(rzp.seen.lock().expect("lock").refunded, CAPTURED);
}

#[tokio::test]
async fn a_pending_refund_is_reported_pending() {
    let rzp = stand_in("pending").await;
    let refund = razorpay(&rzp)
        .refund(PAYMENT, Paise::new(1_000), KEY, &notes())
        .await
        .expect("a refund");
    assert_eq!(refund.status, GatewayRefundStatus::Pending);
    assert_eq!(refund.id, "rfnd_StandIn000001");
}

#[tokio::test]
async fn an_unavailable_gateway_may_be_asked_again_with_the_same_key() {
    let rzp = stand_in("processed").await;
    rzp.seen.lock().expect("lock").unavailable = 1;
    let gateway = razorpay(&rzp);
    let first = gateway
        .refund(PAYMENT, Paise::new(5_000), KEY, &notes())
        .await;
    assert!(
        matches!(&first, Err(GatewayError::Unavailable(m)) if m.contains("503")),
        "{first:?}"
    );
    let again = gateway
        .refund(PAYMENT, Paise::new(5_000), KEY, &notes())
        .await
        .expect("a refund");
    assert_eq!(again.status, GatewayRefundStatus::Processed);
    assert_eq!(rzp.made(), 1);

    // Wrong keys, nobody listening, a payment it does not know.
    let wrong = RazorpayGateway::new(KEY_ID, "not-the-secret", WEBHOOK_SECRET, &rzp.url);
    let refused = wrong
        .refund(
            PAYMENT,
            Paise::new(5_000),
            "another-key-000000001",
            &notes(),
        )
        .await;
    assert!(
        matches!(&refused, Err(GatewayError::Unavailable(m)) if m.contains("401")),
        "{refused:?}"
    );
    let nobody = RazorpayGateway::new(KEY_ID, KEY_SECRET, WEBHOOK_SECRET, "http://127.0.0.1:9");
    assert!(matches!(
        nobody
            .refund(PAYMENT, Paise::new(5_000), KEY, &notes())
            .await,
        Err(GatewayError::Unavailable(_))
    ));
    let unknown = gateway
        .refund(
            "pay_Unknown0000001",
            Paise::new(5_000),
            "unknown-pay-key-000001",
            &notes(),
        )
        .await;
    assert!(
        matches!(&unknown, Err(GatewayError::Refused(m)) if m.contains("does not exist")),
        "{unknown:?}"
    );
    // Not a payment id at all: refused before anything is sent.
    let before = rzp.seen.lock().expect("lock").requests.len();
    assert!(matches!(
        gateway
            .refund(
                "pay_x/../../orders",
                Paise::new(5_000),
                "path-key-000000001",
                &notes()
            )
            .await,
        Err(GatewayError::Refused(_))
    ));
    assert_eq!(rzp.seen.lock().expect("lock").requests.len(), before);
    assert_eq!(rzp.made(), 1);
}

// ---- Refund webhook events ---------------------------------------------

/// Razorpay's sample refund event (its webhooks documentation), with our
/// refund's id as the receipt where `receipt` is given.
fn sample(event: &str, status: &str, receipt: Value) -> Value {
    json!({
        "entity": "event",
        "account_id": "acc_E7OQJcEANmBHTC",
        "event": event,
        "contains": ["refund", "payment"],
        "payload": {
            "refund": {"entity": {
                "id": "rfnd_FS8TWyPrCsa0OB",
                "entity": "refund",
                "amount": 50000,
                "currency": "INR",
                "payment_id": "pay_FPoJKWQQ8lK13n",
                "notes": {"comment": "Customer Notes for Webhooks."},
                "receipt": receipt,
                "acquirer_data": {"arn": null},
                "created_at": 1597734071,
                "batch_id": null,
                "status": status,
                "speed_processed": "normal",
                "speed_requested": "optimum"
            }},
            "payment": {"entity": {
                "id": "pay_FPoJKWQQ8lK13n",
                "entity": "payment",
                "amount": 500000,
                "currency": "INR",
                "status": "captured",
                "order_id": "order_FPoIeimWki9j8A",
                "amount_refunded": 50000,
                "captured": true
            }}
        },
        "created_at": 1597734071
    })
}

#[test]
fn refund_events_are_read_from_razorpays_payloads() {
    let processed =
        refund_event(&sample("refund.processed", "processed", json!(KEY))).expect("read");
    assert_eq!(processed.event, "refund.processed");
    assert_eq!(processed.gateway_refund_id, "rfnd_FS8TWyPrCsa0OB");
    assert_eq!(processed.payment_id, "pay_FPoJKWQQ8lK13n");
    assert_eq!(processed.amount_paise, Paise::new(50_000));
    assert_eq!(processed.status, GatewayRefundStatus::Processed);
    assert_eq!(processed.receipt.as_deref(), Some(KEY));

    let failed = refund_event(&sample("refund.failed", "failed", json!(KEY))).expect("read");
    assert_eq!(failed.status, GatewayRefundStatus::Failed);

    // Created: the refund's own status says where it stands.
    let created = refund_event(&sample("refund.created", "pending", json!(KEY))).expect("read");
    assert_eq!(created.status, GatewayRefundStatus::Pending);
    let created_done =
        refund_event(&sample("refund.created", "processed", json!(KEY))).expect("read");
    assert_eq!(created_done.status, GatewayRefundStatus::Processed);

    // No receipt (a refund made on Razorpay's dashboard): none, unless the
    // notes carry our id.
    let bare = refund_event(&sample("refund.processed", "processed", Value::Null)).expect("read");
    assert_eq!(bare.receipt, None);
    let mut noted = sample("refund.processed", "processed", Value::Null);
    noted["payload"]["refund"]["entity"]["notes"]["refund_id"] = json!(KEY);
    assert_eq!(
        refund_event(&noted).expect("read").receipt.as_deref(),
        Some(KEY)
    );

    // Not refund events, or not readable.
    assert_eq!(
        refund_event(&sample("refund.speed_changed", "pending", json!(KEY))),
        None
    );
    assert_eq!(
        refund_event(&json!({"event": "payment.captured", "payload": {}})),
        None
    );
    let mut no_amount = sample("refund.processed", "processed", json!(KEY));
    no_amount["payload"]["refund"]["entity"]["amount"] = json!("50000");
    assert_eq!(refund_event(&no_amount), None);
    let mut no_id = sample("refund.processed", "processed", json!(KEY));
    no_id["payload"]["refund"]["entity"]["id"] = json!("  ");
    assert_eq!(refund_event(&no_id), None);
    assert_eq!(refund_event(&json!([])), None);
}

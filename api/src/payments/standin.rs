//! A local stand-in for Razorpay (issue 19): its API as documented
//! (<https://razorpay.com/docs/api/>; amounts in paise, HTTP basic auth
//! with the key id and key secret, errors as `{"error": {...}}`), a
//! checkout (`/v1/checkout.js` and the dialog's frame) with "Success" and
//! "Failure" buttons, and signed webhooks. The Rust integration tests start
//! it in-process ([`RazorpayStandIn::start`]); the browser tests start the
//! `razorpay_standin` example and drive it through the test-control
//! endpoints under `/standin/`.
//!
//! Webhooks are POSTed by one background task, in the order the events
//! were made, once each (a failed delivery is logged, not retried). The
//! test-facing operations ([`RazorpayStandIn::pay`] and the like) wait for
//! their deliveries; API calls (a refund, a capture) do not, as Razorpay
//! does not: [`RazorpayStandIn::flush_webhooks`] waits for those.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use base64::Engine as _;
use domain_wasm::gateway::{DisputeStatus, GatewayPaymentStatus, GatewayRefundStatus, OrderStatus};
use poem::http::StatusCode;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::Data;
use poem::{Body, EndpointExt, Request, Response, handler};
use rand::Rng as _;
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};

use super::gateway::{CURRENCY, checkout_message, sign};

/// The payment methods of the checkout.
const METHODS: [&str; 4] = ["upi", "card", "netbanking", "wallet"];

/// How the stand-in is set up.
#[derive(Debug, Clone)]
pub struct StandInConfig {
    pub key_id: String,
    pub key_secret: String,
    pub webhook_secret: String,
    /// Where to POST signed webhooks (None: none sent).
    pub webhook_url: Option<String>,
    /// The address to listen on, e.g. "127.0.0.1:0".
    pub bind: String,
}

impl Default for StandInConfig {
    /// Razorpay's documented test key secret with a stand-in key id.
    fn default() -> StandInConfig {
        StandInConfig {
            key_id: "rzp_test_StandIn0001".to_owned(),
            key_secret: "EnLs21M47BllR3X8PSFtjtbd".to_owned(),
            webhook_secret: "stand-in-webhook-secret".to_owned(),
            webhook_url: None,
            bind: "127.0.0.1:0".to_owned(),
        }
    }
}

/// What the checkout hands the merchant's `handler` on success.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckoutAnswer {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
}

/// A webhook event as the stand-in made it: the exact body, its
/// `X-Razorpay-Signature` and its `X-Razorpay-Event-Id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SignedEvent {
    pub event: String,
    pub event_id: String,
    pub body: String,
    pub signature: String,
}

/// A running stand-in. Clones share it; it stops when the last clone is
/// dropped, or on [`RazorpayStandIn::stop`].
#[derive(Clone)]
pub struct RazorpayStandIn {
    shared: Arc<Shared>,
    server: Arc<ServerGuard>,
}

/// Stops the server when dropped (or taken).
struct ServerGuard {
    stop: Mutex<Option<oneshot::Sender<()>>>,
}

impl RazorpayStandIn {
    /// Listens on `config.bind` and serves until stopped.
    pub async fn start(config: StandInConfig) -> std::io::Result<RazorpayStandIn> {
        let acceptor = TcpListener::bind(config.bind.clone())
            .into_acceptor()
            .await?;
        let addr = acceptor
            .local_addr()
            .into_iter()
            .find_map(|a| a.as_socket_addr().copied())
            .ok_or_else(|| std::io::Error::other("the stand-in has no TCP address"))?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(std::io::Error::other)?;
        let (jobs, queue) = mpsc::unbounded_channel();
        tokio::spawn(deliver_in_order(queue, http.clone()));
        let shared = Arc::new(Shared {
            url: format!("http://{addr}"),
            key_id: config.key_id,
            key_secret: config.key_secret,
            state: Mutex::new(State::new(config.webhook_secret, config.webhook_url)),
            jobs,
            http,
        });
        let (stop, stopped) = oneshot::channel::<()>();
        let app = serve.data(shared.clone());
        tokio::spawn(async move {
            let server = poem::Server::new_with_acceptor(acceptor).run_with_graceful_shutdown(
                app,
                async move {
                    let _ = stopped.await;
                },
                Some(Duration::from_secs(1)),
            );
            if let Err(e) = server.await {
                tracing::warn!("the Razorpay stand-in stopped: {e}");
            }
        });
        Ok(RazorpayStandIn {
            shared,
            server: Arc::new(ServerGuard {
                stop: Mutex::new(Some(stop)),
            }),
        })
    }

    /// Stops serving (every clone).
    pub fn stop(&self) {
        lock(&self.server.stop).take();
    }

    /// `http://127.0.0.1:PORT`: the server's `RAZORPAY_API_URL`.
    pub fn url(&self) -> String {
        self.shared.url.clone()
    }

    /// The checkout script, `{url}/v1/checkout.js`.
    pub fn checkout_url(&self) -> String {
        format!("{}/v1/checkout.js", self.shared.url)
    }

    /// Where webhooks go from now on (None: nowhere).
    pub fn set_webhook_url(&self, url: Option<String>) {
        self.shared.state().webhook_url = url;
    }

    /// `false`: every `/v1` API call answers 503 and changes nothing
    /// (the checkout and the test-control endpoints stay up).
    pub fn set_available(&self, up: bool) {
        self.shared.state().available = up;
    }

    /// `true` (the default): a successful payment is captured at once;
    /// `false`: it stays `authorized` until `POST /v1/payments/{id}/capture`.
    /// An order's own `payment_capture` wins.
    pub fn set_auto_capture(&self, on: bool) {
        self.shared.state().auto_capture = on;
    }

    /// `true` (the default): webhooks are POSTed; `false`: only recorded
    /// ([`RazorpayStandIn::events`]) for a test to [`RazorpayStandIn::deliver`].
    pub fn set_deliver_webhooks(&self, on: bool) {
        self.shared.state().deliver_webhooks = on;
    }

    /// The status of refunds made from now on: `processed` (the default)
    /// or `pending` (settled later by [`RazorpayStandIn::settle_refund`]).
    pub fn set_refund_status(&self, status: &str) -> Result<(), String> {
        self.shared.state().refund_status = refund_status(status).map_err(|e| e.description)?;
        Ok(())
    }

    /// Pins the stand-in's clock (unix seconds) for the `created_at` of
    /// what it makes from now on; `None`: the real time.
    pub fn set_now(&self, unix_seconds: Option<i64>) {
        self.shared.state().clock = unix_seconds;
    }

    /// The learner pays order `order_id` by `method` (`upi`, `card`,
    /// `netbanking`, `wallet`), succeeding or not, as the checkout dialog
    /// does: the payment (captured or authorized, or failed), its webhooks
    /// delivered, and the checkout's answer. A failure is `Err` with the
    /// checkout's description; the failed payment is recorded.
    pub async fn pay(
        &self,
        order_id: &str,
        method: &str,
        succeed: bool,
    ) -> Result<CheckoutAnswer, String> {
        self.shared
            .checkout_pay(order_id, method, succeed)
            .await
            .map_err(|e| e.description)
    }

    /// A payment Razorpay authorises late (no checkout callback reached
    /// the merchant): authorized or captured as the checkout's would be,
    /// its webhooks delivered. Gives the payment's id.
    pub async fn pay_late(&self, order_id: &str, method: &str) -> Result<String, String> {
        let payment = self
            .shared
            .change(|s| s.pay(order_id, method, true))
            .await
            .map_err(|e| e.description)?;
        Ok(payment.id)
    }

    /// The payment as `GET /v1/payments/{id}` gives it.
    pub fn payment(&self, payment_id: &str) -> Option<Value> {
        let state = self.shared.state();
        state
            .payments
            .iter()
            .find(|p| p.id == payment_id)
            .map(entity)
    }

    /// The order as `GET /v1/orders/{id}` gives it.
    pub fn order(&self, order_id: &str) -> Option<Value> {
        let state = self.shared.state();
        state.orders.iter().find(|o| o.id == order_id).map(entity)
    }

    /// The refunds of a payment, oldest first.
    pub fn refunds_of(&self, payment_id: &str) -> Vec<Value> {
        let state = self.shared.state();
        state
            .refunds
            .iter()
            .filter(|r| r.payment_id == payment_id)
            .map(entity)
            .collect()
    }

    /// A refund made on Razorpay's side (the dashboard, an auto-refund),
    /// not through the API: processed at once (`refund.created`,
    /// `refund.processed` delivered).
    pub async fn refund_on_gateway(
        &self,
        payment_id: &str,
        amount_paise: i64,
    ) -> Result<Value, String> {
        self.shared
            .change(|s| {
                s.make_refund(
                    payment_id,
                    Some(amount_paise),
                    RefundStatus::Processed,
                    "normal",
                    None,
                    json!({}),
                )
            })
            .await
            .map(|r| entity(&r))
            .map_err(|e| e.description)
    }

    /// Settles a pending refund, processed or failed (`refund.processed` or
    /// `refund.failed` delivered); a failed refund no longer counts as refunded.
    pub async fn settle_refund(&self, refund_id: &str, processed: bool) -> Result<Value, String> {
        self.shared
            .change(|s| s.settle_refund(refund_id, processed))
            .await
            .map(|r| entity(&r))
            .map_err(|e| e.description)
    }

    /// Opens a chargeback on a captured payment (`open`, phase
    /// `chargeback`; `payment.dispute.created` delivered).
    pub async fn open_dispute(&self, payment_id: &str, amount_paise: i64) -> Result<Value, String> {
        self.shared
            .change(|s| s.open_dispute(payment_id, amount_paise))
            .await
            .map(|d| entity(&d))
            .map_err(|e| e.description)
    }

    /// Closes an open dispute, won or lost (`payment.dispute.won` or
    /// `payment.dispute.lost` delivered; a lost one deducts its amount).
    pub async fn close_dispute(&self, dispute_id: &str, won: bool) -> Result<Value, String> {
        self.shared
            .change(|s| s.close_dispute(dispute_id, won))
            .await
            .map(|d| entity(&d))
            .map_err(|e| e.description)
    }

    /// Every webhook event made so far, in order.
    pub fn events(&self) -> Vec<SignedEvent> {
        self.shared.state().events.clone()
    }

    /// POSTs `event` to `url` as Razorpay does (signed, with its event
    /// id): the answer's HTTP status.
    pub async fn deliver(&self, url: &str, event: &SignedEvent) -> Result<u16, String> {
        post_event(&self.shared.http, url, event).await
    }

    /// Waits until every webhook made so far was delivered (or failed).
    pub async fn flush_webhooks(&self) {
        let (done, delivered) = oneshot::channel();
        let sent = self.shared.jobs.send(Job {
            events: Vec::new(),
            url: None,
            done,
        });
        if sent.is_ok() {
            let _ = delivered.await;
        }
    }

    /// Every `/v1` API request received (method, path without the query).
    pub fn requests(&self) -> Vec<(String, String)> {
        self.shared.state().requests.clone()
    }
}

// ---- State -------------------------------------------------------------

/// What the server's endpoints and the handles share.
struct Shared {
    url: String,
    key_id: String,
    key_secret: String,
    state: Mutex<State>,
    jobs: mpsc::UnboundedSender<Job>,
    http: reqwest::Client,
}

/// Events to POST to `url` (if any), then `done`.
struct Job {
    events: Vec<SignedEvent>,
    url: Option<String>,
    done: oneshot::Sender<()>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    /// Runs `op` on the state and queues the events it made for delivery
    /// (under the lock, so deliveries keep the order events were made in).
    fn change_now<T>(
        &self,
        op: impl FnOnce(&mut State) -> Result<T, ApiError>,
    ) -> Result<(T, oneshot::Receiver<()>), ApiError> {
        let mut state = self.state();
        let result = op(&mut state);
        let events = std::mem::take(&mut state.outbox);
        let url = state.webhook_url.clone().filter(|_| state.deliver_webhooks);
        let (done, delivered) = oneshot::channel();
        // The worker lives as long as the stand-in; without it nothing is sent.
        let _ = self.jobs.send(Job { events, url, done });
        result.map(|value| (value, delivered))
    }

    /// [`Shared::change_now`], then waits for the deliveries.
    async fn change<T>(
        &self,
        op: impl FnOnce(&mut State) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let (value, delivered) = self.change_now(op)?;
        let _ = delivered.await;
        Ok(value)
    }

    /// The checkout's payment: signed on success, the checkout's error on failure.
    async fn checkout_pay(
        &self,
        order_id: &str,
        method: &str,
        succeed: bool,
    ) -> Result<CheckoutAnswer, ApiError> {
        let payment = self.change(|s| s.pay(order_id, method, succeed)).await?;
        if payment.status == GatewayPaymentStatus::Failed {
            return Err(ApiError::payment_failed(order_id, &payment.id));
        }
        Ok(CheckoutAnswer {
            razorpay_signature: sign(
                self.key_secret.as_bytes(),
                checkout_message(order_id, &payment.id).as_bytes(),
            ),
            razorpay_order_id: order_id.to_owned(),
            razorpay_payment_id: payment.id,
        })
    }

    /// Whether `authorization` is HTTP basic auth with our key id and secret.
    fn authorized(&self, authorization: Option<&str>) -> bool {
        let Some(encoded) = authorization.and_then(|h| h.trim().strip_prefix("Basic ")) else {
            return false;
        };
        base64::engine::general_purpose::STANDARD
            .decode(encoded.trim())
            .is_ok_and(|pair| pair == format!("{}:{}", self.key_id, self.key_secret).as_bytes())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RefundStatus {
    Pending,
    Processed,
}

fn refund_status(status: &str) -> Result<RefundStatus, ApiError> {
    match GatewayRefundStatus::parse(status) {
        Some(GatewayRefundStatus::Pending) => Ok(RefundStatus::Pending),
        Some(GatewayRefundStatus::Processed) => Ok(RefundStatus::Processed),
        _ => Err(ApiError::bad_request(format!(
            "{status:?} is no refund status (pending or processed)"
        ))),
    }
}

#[derive(Debug, Clone, Serialize)]
struct Order {
    id: String,
    entity: &'static str,
    amount: i64,
    amount_paid: i64,
    amount_due: i64,
    currency: &'static str,
    receipt: Option<String>,
    offer_id: Option<String>,
    status: OrderStatus,
    attempts: u32,
    notes: Value,
    created_at: i64,
    /// The order's own `payment_capture`, when it gave one.
    #[serde(skip)]
    payment_capture: Option<bool>,
}

#[derive(Debug, Clone, Serialize)]
struct Payment {
    id: String,
    entity: &'static str,
    amount: i64,
    currency: &'static str,
    status: GatewayPaymentStatus,
    order_id: String,
    invoice_id: Option<String>,
    international: bool,
    method: String,
    amount_refunded: i64,
    refund_status: Option<&'static str>,
    captured: bool,
    description: Option<String>,
    card_id: Option<String>,
    bank: Option<&'static str>,
    wallet: Option<&'static str>,
    vpa: Option<&'static str>,
    email: &'static str,
    contact: &'static str,
    notes: Value,
    fee: Option<i64>,
    tax: Option<i64>,
    error_code: Option<&'static str>,
    error_description: Option<&'static str>,
    error_source: Option<&'static str>,
    error_step: Option<&'static str>,
    error_reason: Option<&'static str>,
    created_at: i64,
}

#[derive(Debug, Clone, Serialize)]
struct Refund {
    id: String,
    entity: &'static str,
    amount: i64,
    currency: &'static str,
    payment_id: String,
    notes: Value,
    receipt: Option<String>,
    acquirer_data: Value,
    created_at: i64,
    batch_id: Option<String>,
    status: GatewayRefundStatus,
    speed_processed: &'static str,
    speed_requested: String,
}

#[derive(Debug, Clone, Serialize)]
struct Dispute {
    id: String,
    entity: &'static str,
    payment_id: String,
    amount: i64,
    currency: &'static str,
    amount_deducted: i64,
    reason_code: &'static str,
    reason_description: &'static str,
    respond_by: i64,
    status: DisputeStatus,
    phase: &'static str,
    created_at: i64,
}

/// Everything the stand-in knows, oldest first.
struct State {
    available: bool,
    auto_capture: bool,
    deliver_webhooks: bool,
    webhook_url: Option<String>,
    webhook_secret: String,
    refund_status: RefundStatus,
    clock: Option<i64>,
    orders: Vec<Order>,
    payments: Vec<Payment>,
    refunds: Vec<Refund>,
    disputes: Vec<Dispute>,
    /// Refunds by idempotency key: the payment and body first sent, the refund.
    by_key: BTreeMap<String, (String, Value, String)>,
    events: Vec<SignedEvent>,
    /// Events made by the change under way, not yet queued.
    outbox: Vec<SignedEvent>,
    requests: Vec<(String, String)>,
}

/// An id as Razorpay makes them: the prefix and 14 letters or digits.
fn new_id(prefix: &str) -> String {
    let tail: String = rand::rng()
        .sample_iter(rand::distr::Alphanumeric)
        .take(14)
        .map(char::from)
        .collect();
    format!("{prefix}_{tail}")
}

/// An entity as JSON.
fn entity<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl State {
    fn new(webhook_secret: String, webhook_url: Option<String>) -> State {
        State {
            available: true,
            auto_capture: true,
            deliver_webhooks: true,
            webhook_url,
            webhook_secret,
            refund_status: RefundStatus::Processed,
            clock: None,
            orders: Vec::new(),
            payments: Vec::new(),
            refunds: Vec::new(),
            disputes: Vec::new(),
            by_key: BTreeMap::new(),
            events: Vec::new(),
            outbox: Vec::new(),
            requests: Vec::new(),
        }
    }

    fn now(&self) -> i64 {
        self.clock.unwrap_or_else(|| chrono::Utc::now().timestamp())
    }

    /// Makes a webhook event whose payload holds `entities` (by name).
    fn emit(&mut self, event: &str, entities: &[(&str, Value)]) {
        let contains: Vec<&str> = entities.iter().map(|(name, _)| *name).collect();
        let payload: serde_json::Map<String, Value> = entities
            .iter()
            .map(|(name, value)| ((*name).to_owned(), json!({ "entity": value })))
            .collect();
        let body = json!({
            "entity": "event",
            "account_id": "acc_StandIn",
            "event": event,
            "contains": contains,
            "payload": payload,
            "created_at": self.now(),
        })
        .to_string();
        let signed = SignedEvent {
            event: event.to_owned(),
            event_id: new_id("evt"),
            signature: sign(self.webhook_secret.as_bytes(), body.as_bytes()),
            body,
        };
        self.events.push(signed.clone());
        self.outbox.push(signed);
    }

    fn order_index(&self, id: &str) -> Result<usize, ApiError> {
        self.orders
            .iter()
            .position(|o| o.id == id)
            .ok_or_else(ApiError::unknown_id)
    }

    fn payment_index(&self, id: &str) -> Result<usize, ApiError> {
        self.payments
            .iter()
            .position(|p| p.id == id)
            .ok_or_else(ApiError::unknown_id)
    }

    /// `POST /v1/orders`.
    fn create_order(&mut self, body: &Value) -> Result<Order, ApiError> {
        let amount = body
            .get("amount")
            .and_then(Value::as_i64)
            .filter(|a| *a >= 100)
            .ok_or_else(|| ApiError::bad_request("The amount must be atleast INR 1.00."))?;
        if body.get("currency").and_then(Value::as_str) != Some(CURRENCY) {
            return Err(ApiError::bad_request("Currency is not supported"));
        }
        let receipt = optional_text(body, "receipt")?;
        if receipt.as_ref().is_some_and(|r| r.chars().count() > 40) {
            return Err(ApiError::bad_request(
                "receipt: the length must be no more than 40.",
            ));
        }
        let payment_capture = match body.get("payment_capture") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(on)) => Some(*on),
            Some(v) if v.as_i64().is_some() => Some(v.as_i64() != Some(0)),
            Some(_) => {
                return Err(ApiError::bad_request(
                    "payment_capture must be true, false, 1 or 0.",
                ));
            }
        };
        let order = Order {
            id: new_id("order"),
            entity: "order",
            amount,
            amount_paid: 0,
            amount_due: amount,
            currency: CURRENCY,
            receipt,
            offer_id: None,
            status: OrderStatus::Created,
            attempts: 0,
            notes: notes(body)?,
            created_at: self.now(),
            payment_capture,
        };
        self.orders.push(order.clone());
        Ok(order)
    }

    /// A checkout payment of order `order_id`: failed, or authorized (and
    /// captured when the order or the account captures automatically).
    fn pay(&mut self, order_id: &str, method: &str, succeed: bool) -> Result<Payment, ApiError> {
        if !METHODS.contains(&method) {
            return Err(ApiError::bad_request(format!(
                "{method:?} is no payment method (upi, card, netbanking, wallet)"
            )));
        }
        let now = self.now();
        let auto_capture = self.auto_capture;
        let index = self.order_index(order_id)?;
        let order = &mut self.orders[index];
        if order.status == OrderStatus::Paid {
            return Err(ApiError::bad_request("Order has been paid already."));
        }
        order.attempts += 1;
        order.status = OrderStatus::Attempted;
        let capture = order.payment_capture.unwrap_or(auto_capture);
        let payment = Payment {
            id: new_id("pay"),
            entity: "payment",
            amount: order.amount,
            currency: CURRENCY,
            status: if succeed {
                GatewayPaymentStatus::Authorized
            } else {
                GatewayPaymentStatus::Failed
            },
            order_id: order.id.clone(),
            invoice_id: None,
            international: false,
            method: method.to_owned(),
            amount_refunded: 0,
            refund_status: None,
            captured: false,
            description: None,
            card_id: (method == "card").then(|| new_id("card")),
            bank: (method == "netbanking").then_some("HDFC"),
            wallet: (method == "wallet").then_some("paytm"),
            vpa: (method == "upi").then_some("learner@okstandin"),
            email: "void@razorpay.com",
            contact: "+919000090000",
            notes: order.notes.clone(),
            fee: None,
            tax: None,
            error_code: None,
            error_description: None,
            error_source: None,
            error_step: None,
            error_reason: None,
            created_at: now,
        };
        let payment = if succeed {
            payment
        } else {
            Payment {
                error_code: Some("BAD_REQUEST_ERROR"),
                error_description: Some("Payment failed"),
                error_source: Some("customer"),
                error_step: Some("payment_authorization"),
                error_reason: Some("payment_failed"),
                ..payment
            }
        };
        self.payments.push(payment.clone());
        if !succeed {
            self.emit("payment.failed", &[("payment", entity(&payment))]);
            return Ok(payment);
        }
        self.emit("payment.authorized", &[("payment", entity(&payment))]);
        if capture {
            return Ok(self.capture_at(self.payments.len() - 1));
        }
        Ok(payment)
    }

    /// Captures the authorized payment at `index`: fee and tax (2% + 18%
    /// GST), its order paid, `payment.captured` and `order.paid`.
    fn capture_at(&mut self, index: usize) -> Payment {
        let payment = &mut self.payments[index];
        payment.status = GatewayPaymentStatus::Captured;
        payment.captured = true;
        let fee = (payment.amount * 236 + 5_000) / 10_000;
        payment.fee = Some(fee);
        payment.tax = Some((fee * 18 + 59) / 118);
        let payment = payment.clone();
        let order = self.orders.iter_mut().find(|o| o.id == payment.order_id);
        let order = order.map(|order| {
            order.status = OrderStatus::Paid;
            order.amount_paid = payment.amount;
            order.amount_due = 0;
            entity(order)
        });
        self.emit("payment.captured", &[("payment", entity(&payment))]);
        if let Some(order) = order {
            self.emit(
                "order.paid",
                &[("payment", entity(&payment)), ("order", order)],
            );
        }
        payment
    }

    /// `POST /v1/payments/{id}/capture` {amount, currency}.
    fn capture(&mut self, payment_id: &str, body: &Value) -> Result<Payment, ApiError> {
        let index = self.payment_index(payment_id)?;
        let payment = &self.payments[index];
        match payment.status {
            GatewayPaymentStatus::Authorized => {}
            GatewayPaymentStatus::Captured | GatewayPaymentStatus::Refunded => {
                return Err(ApiError::bad_request(
                    "This payment has already been captured",
                ));
            }
            _ => {
                return Err(ApiError::bad_request(
                    "Only payments which have been authorized and not yet captured can be captured",
                ));
            }
        }
        let amount = body
            .get("amount")
            .and_then(Value::as_i64)
            .ok_or_else(|| ApiError::bad_request("The amount field is required."))?;
        if amount != payment.amount {
            return Err(ApiError::bad_request(
                "Capture amount must be equal to the amount authorized",
            ));
        }
        if body
            .get("currency")
            .is_some_and(|c| c.as_str() != Some(CURRENCY))
        {
            return Err(ApiError::bad_request("The currency should be INR."));
        }
        let order_paid = self
            .orders
            .iter()
            .any(|o| o.id == payment.order_id && o.status == OrderStatus::Paid);
        if order_paid {
            return Err(ApiError::bad_request("Order has been paid already."));
        }
        Ok(self.capture_at(index))
    }

    /// `POST /v1/payments/{id}/refund`, idempotent by `key`: the same key
    /// and request give back the same refund, another request is a 400.
    fn refund(
        &mut self,
        payment_id: &str,
        body: &Value,
        key: Option<&str>,
    ) -> Result<Refund, ApiError> {
        if let Some((first_payment, first_body, refund_id)) = key.and_then(|k| self.by_key.get(k)) {
            if first_payment != payment_id || first_body != body {
                return Err(ApiError::bad_request(
                    "Different request with the same idempotency key has already been processed.",
                ));
            }
            return self
                .refunds
                .iter()
                .find(|r| r.id == *refund_id)
                .cloned()
                .ok_or_else(ApiError::unknown_id);
        }
        let amount = match body.get("amount") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_i64()
                    .ok_or_else(|| ApiError::bad_request("The amount must be an integer."))?,
            ),
        };
        let speed = match body.get("speed").and_then(Value::as_str) {
            None => "normal",
            Some(speed @ ("normal" | "optimum")) => speed,
            Some(_) => return Err(ApiError::bad_request("The selected speed is invalid.")),
        };
        let receipt = optional_text(body, "receipt")?;
        let status = self.refund_status;
        let refund = self.make_refund(payment_id, amount, status, speed, receipt, notes(body)?)?;
        if let Some(key) = key {
            self.by_key.insert(
                key.to_owned(),
                (payment_id.to_owned(), body.clone(), refund.id.clone()),
            );
        }
        Ok(refund)
    }

    /// A refund of `amount` (all that is left when `None`) of a captured
    /// payment, never more than is left: `refund.created`, and
    /// `refund.processed` when processed at once.
    fn make_refund(
        &mut self,
        payment_id: &str,
        amount: Option<i64>,
        status: RefundStatus,
        speed: &str,
        receipt: Option<String>,
        notes: Value,
    ) -> Result<Refund, ApiError> {
        let now = self.now();
        let index = self.payment_index(payment_id)?;
        let payment = &mut self.payments[index];
        if !payment.captured {
            return Err(ApiError::bad_request(
                "The payment has not been captured, so it cannot be refunded.",
            ));
        }
        let left = payment.amount - payment.amount_refunded;
        if left == 0 {
            return Err(ApiError::bad_request(
                "The payment has been fully refunded already",
            ));
        }
        let amount = amount.unwrap_or(left);
        if amount < 100 {
            return Err(ApiError::bad_request(
                "The amount must be atleast INR 1.00.",
            ));
        }
        if amount > left {
            return Err(ApiError::bad_request(
                "The refund amount provided is greater than amount captured",
            ));
        }
        payment.amount_refunded += amount;
        update_refund_status(payment);
        let payment = entity(payment);
        let refund = Refund {
            id: new_id("rfnd"),
            entity: "refund",
            amount,
            currency: CURRENCY,
            payment_id: payment_id.to_owned(),
            notes,
            receipt,
            acquirer_data: json!({ "arn": null }),
            created_at: now,
            batch_id: None,
            status: match status {
                RefundStatus::Pending => GatewayRefundStatus::Pending,
                RefundStatus::Processed => GatewayRefundStatus::Processed,
            },
            speed_processed: "normal",
            speed_requested: speed.to_owned(),
        };
        self.refunds.push(refund.clone());
        let contains = [("refund", entity(&refund)), ("payment", payment)];
        self.emit("refund.created", &contains);
        if status == RefundStatus::Processed {
            self.emit("refund.processed", &contains);
        }
        Ok(refund)
    }

    /// A pending refund processed, or failed (its amount no longer refunded).
    fn settle_refund(&mut self, refund_id: &str, processed: bool) -> Result<Refund, ApiError> {
        let refund = self
            .refunds
            .iter_mut()
            .find(|r| r.id == refund_id)
            .ok_or_else(ApiError::unknown_id)?;
        if refund.status != GatewayRefundStatus::Pending {
            return Err(ApiError::bad_request(format!(
                "The refund is {}, not pending.",
                refund.status
            )));
        }
        refund.status = if processed {
            GatewayRefundStatus::Processed
        } else {
            GatewayRefundStatus::Failed
        };
        let refund = refund.clone();
        let index = self.payment_index(&refund.payment_id)?;
        let payment = &mut self.payments[index];
        if !processed {
            payment.amount_refunded -= refund.amount;
            update_refund_status(payment);
        }
        let payment = entity(payment);
        let event = if processed {
            "refund.processed"
        } else {
            "refund.failed"
        };
        self.emit(event, &[("refund", entity(&refund)), ("payment", payment)]);
        Ok(refund)
    }

    /// A chargeback on a captured payment: `payment.dispute.created`.
    fn open_dispute(&mut self, payment_id: &str, amount: i64) -> Result<Dispute, ApiError> {
        let now = self.now();
        let payment = &self.payments[self.payment_index(payment_id)?];
        if !payment.captured {
            return Err(ApiError::bad_request(
                "Only a captured payment can be disputed.",
            ));
        }
        if amount < 100 || amount > payment.amount {
            return Err(ApiError::bad_request(format!(
                "A dispute is of INR 1.00 to the payment's {} paise.",
                payment.amount
            )));
        }
        let payment = entity(payment);
        let dispute = Dispute {
            id: new_id("disp"),
            entity: "dispute",
            payment_id: payment_id.to_owned(),
            amount,
            currency: CURRENCY,
            amount_deducted: 0,
            reason_code: "chargeback",
            reason_description: "The customer's bank disputed the payment.",
            respond_by: now + 7 * 24 * 3600,
            status: DisputeStatus::Open,
            phase: "chargeback",
            created_at: now,
        };
        self.disputes.push(dispute.clone());
        self.emit(
            "payment.dispute.created",
            &[("payment", payment), ("dispute", entity(&dispute))],
        );
        Ok(dispute)
    }

    /// An open dispute won, or lost (its amount deducted):
    /// `payment.dispute.won` or `payment.dispute.lost`.
    fn close_dispute(&mut self, dispute_id: &str, won: bool) -> Result<Dispute, ApiError> {
        let dispute = self
            .disputes
            .iter_mut()
            .find(|d| d.id == dispute_id)
            .ok_or_else(ApiError::unknown_id)?;
        if dispute.status != DisputeStatus::Open {
            return Err(ApiError::bad_request(format!(
                "The dispute is {}, not open.",
                dispute.status
            )));
        }
        dispute.status = if won {
            DisputeStatus::Won
        } else {
            DisputeStatus::Lost
        };
        if !won {
            dispute.amount_deducted = dispute.amount;
        }
        let dispute = dispute.clone();
        let payment = entity(&self.payments[self.payment_index(&dispute.payment_id)?]);
        let event = if won {
            "payment.dispute.won"
        } else {
            "payment.dispute.lost"
        };
        self.emit(
            event,
            &[("payment", payment), ("dispute", entity(&dispute))],
        );
        Ok(dispute)
    }
}

/// `refund_status` (`partial`, `full`) and `status` (`refunded` when all
/// is) from `amount_refunded`.
fn update_refund_status(payment: &mut Payment) {
    let (refund_status, status) = match payment.amount_refunded {
        0 => (None, GatewayPaymentStatus::Captured),
        a if a >= payment.amount => (Some("full"), GatewayPaymentStatus::Refunded),
        _ => (Some("partial"), GatewayPaymentStatus::Captured),
    };
    payment.refund_status = refund_status;
    payment.status = status;
}

fn optional_text(body: &Value, key: &str) -> Result<Option<String>, ApiError> {
    match body.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(ApiError::bad_request(format!(
            "The {key} must be a string."
        ))),
    }
}

/// A request's `notes`: an object of at most 15 keys (`{}` when none).
fn notes(body: &Value) -> Result<Value, ApiError> {
    match body.get("notes") {
        None | Some(Value::Null) => Ok(json!({})),
        Some(Value::Object(notes)) if notes.len() <= 15 => Ok(Value::Object(notes.clone())),
        Some(_) => Err(ApiError::bad_request(
            "The notes must be an object of at most 15 keys.",
        )),
    }
}

// ---- Lists -------------------------------------------------------------

/// A list request's `from`, `to` (unix seconds, inclusive), `count`
/// (1-100, default 10) and `skip`.
struct ListQuery {
    from: Option<i64>,
    to: Option<i64>,
    count: usize,
    skip: usize,
}

impl ListQuery {
    fn parse(query: &str) -> Result<ListQuery, ApiError> {
        let mut list = ListQuery {
            from: None,
            to: None,
            count: 10,
            skip: 0,
        };
        for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
            let number = || {
                value
                    .parse::<i64>()
                    .ok()
                    .filter(|n| *n >= 0)
                    .ok_or_else(|| ApiError::bad_request(format!("The {key} must be an integer.")))
            };
            match key.as_ref() {
                "from" => list.from = Some(number()?),
                "to" => list.to = Some(number()?),
                "count" => {
                    list.count = usize::try_from(number()?).unwrap_or(usize::MAX);
                    if !(1..=100).contains(&list.count) {
                        return Err(ApiError::bad_request(
                            "The count must be between 1 and 100.",
                        ));
                    }
                }
                "skip" => list.skip = usize::try_from(number()?).unwrap_or(usize::MAX),
                _ => {}
            }
        }
        Ok(list)
    }

    /// `items` made within `from`..=`to`, newest first, paged.
    fn page<T: Serialize>(&self, items: &[T], created_at: impl Fn(&T) -> i64) -> Value {
        let mut chosen: Vec<(usize, &T)> = items
            .iter()
            .enumerate()
            .filter(|(_, item)| {
                let at = created_at(item);
                self.from.is_none_or(|from| at >= from) && self.to.is_none_or(|to| at <= to)
            })
            .collect();
        chosen.sort_by_key(|(index, item)| std::cmp::Reverse((created_at(item), *index)));
        collection(
            chosen
                .into_iter()
                .skip(self.skip)
                .take(self.count)
                .map(|(_, item)| entity(item))
                .collect(),
        )
    }
}

fn collection(items: Vec<Value>) -> Value {
    json!({ "entity": "collection", "count": items.len(), "items": items })
}

// ---- Errors ------------------------------------------------------------

/// Razorpay's error answer: `{"error": {"code", "description", "source",
/// "step", "reason", "metadata"}}`.
#[derive(Debug)]
struct ApiError {
    kind: ErrorKind,
    description: String,
}

#[derive(Debug)]
enum ErrorKind {
    /// 400: a request Razorpay refuses.
    BadRequest,
    /// 404: an unknown id or URL.
    NotFound,
    /// 401: not our key id and secret.
    Unauthorized,
    /// 503: [`RazorpayStandIn::set_available`] `(false)`.
    Unavailable,
    /// 400: the checkout's payment failed, as its `payment.failed` callback gets it.
    PaymentFailed {
        order_id: String,
        payment_id: String,
    },
}

impl ApiError {
    fn new(kind: ErrorKind, description: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            description: description.into(),
        }
    }

    fn bad_request(description: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::BadRequest, description)
    }

    fn unknown_id() -> ApiError {
        ApiError::new(ErrorKind::NotFound, "The id provided does not exist")
    }

    fn not_found() -> ApiError {
        ApiError::new(
            ErrorKind::NotFound,
            "The requested URL was not found on the server.",
        )
    }

    fn unauthorized() -> ApiError {
        ApiError::new(ErrorKind::Unauthorized, "Authentication failed")
    }

    fn unavailable() -> ApiError {
        ApiError::new(
            ErrorKind::Unavailable,
            "The server encountered an error. The incident has been reported to admins.",
        )
    }

    fn payment_failed(order_id: &str, payment_id: &str) -> ApiError {
        ApiError::new(
            ErrorKind::PaymentFailed {
                order_id: order_id.to_owned(),
                payment_id: payment_id.to_owned(),
            },
            "Payment failed",
        )
    }

    fn into_response(self) -> Response {
        let na = ("NA", "NA", "NA");
        let (status, code, (source, step, reason), metadata) = match self.kind {
            ErrorKind::BadRequest => (
                StatusCode::BAD_REQUEST,
                "BAD_REQUEST_ERROR",
                ("business", "payment_initiation", "input_validation_failed"),
                json!({}),
            ),
            ErrorKind::NotFound => (StatusCode::NOT_FOUND, "BAD_REQUEST_ERROR", na, json!({})),
            ErrorKind::Unauthorized => {
                (StatusCode::UNAUTHORIZED, "BAD_REQUEST_ERROR", na, json!({}))
            }
            ErrorKind::Unavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                "SERVER_ERROR",
                na,
                json!({}),
            ),
            ErrorKind::PaymentFailed {
                order_id,
                payment_id,
            } => (
                StatusCode::BAD_REQUEST,
                "BAD_REQUEST_ERROR",
                ("customer", "payment_authorization", "payment_failed"),
                json!({ "order_id": order_id, "payment_id": payment_id }),
            ),
        };
        let body = json!({"error": {
            "code": code,
            "description": self.description,
            "source": source,
            "step": step,
            "reason": reason,
            "metadata": metadata,
        }});
        json_response(status, &body)
    }
}

fn json_response(status: StatusCode, body: &Value) -> Response {
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body.to_string())
}

fn answer(result: Result<Value, ApiError>) -> Response {
    match result {
        Ok(body) => json_response(StatusCode::OK, &body),
        Err(e) => e.into_response(),
    }
}

// ---- HTTP --------------------------------------------------------------

/// Every request: the checkout, the API (`/v1/...`) and the test controls
/// (`/standin/...`).
#[handler]
async fn serve(req: &Request, body: Body, shared: Data<&Arc<Shared>>) -> Response {
    let shared: &Shared = shared.0;
    let method = req.method().as_str().to_owned();
    let path = req.uri().path().to_owned();
    let query = req.uri().query().unwrap_or_default();
    let body = match body.into_bytes().await {
        Ok(bytes) => bytes,
        Err(e) => return ApiError::bad_request(format!("unreadable body: {e}")).into_response(),
    };
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method.as_str(), segments.as_slice()) {
        (_, ["standin", rest @ ..]) => {
            let response = if method == "OPTIONS" {
                Response::builder().status(StatusCode::NO_CONTENT).finish()
            } else {
                answer(control(shared, &method, rest, &body).await)
            };
            cors(response)
        }
        ("GET", ["v1", "checkout.js"]) => Response::builder()
            .content_type("application/javascript; charset=utf-8")
            .header("Cache-Control", "no-cache")
            .body(CHECKOUT_JS),
        ("GET", ["v1", "checkout", "frame"]) => Response::builder()
            .content_type("text/html; charset=utf-8")
            .body(frame_page(shared, query)),
        ("POST", ["v1", "checkout", "pay"]) => answer(checkout_pay_endpoint(shared, &body).await),
        (_, ["v1", rest @ ..]) => {
            let seen = (method.clone(), path.clone());
            let mut state = shared.state();
            state.requests.push(seen);
            let refused = if !state.available {
                Some(ApiError::unavailable())
            } else if !shared.authorized(req.header("authorization")) {
                Some(ApiError::unauthorized())
            } else {
                None
            };
            drop(state);
            answer(match refused {
                Some(e) => Err(e),
                None => api(shared, req, &method, rest, query, &body),
            })
        }
        _ => ApiError::not_found().into_response(),
    }
}

/// A request's JSON object (`{}` when empty).
fn json_body(body: &[u8]) -> Result<Value, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    match serde_json::from_slice(body) {
        Ok(value @ Value::Object(_)) => Ok(value),
        _ => Err(ApiError::bad_request("The request body is no JSON object.")),
    }
}

/// Razorpay's API, after the key check.
fn api(
    shared: &Shared,
    req: &Request,
    method: &str,
    path: &[&str],
    query: &str,
    body: &[u8],
) -> Result<Value, ApiError> {
    let state = || shared.state();
    // Changes from the API queue their webhooks without waiting for them.
    let change = |op: &dyn Fn(&mut State) -> Result<Value, ApiError>| {
        shared.change_now(|s| op(s)).map(|(value, _)| value)
    };
    match (method, path) {
        ("POST", ["orders"]) => {
            let body = json_body(body)?;
            change(&|s| s.create_order(&body).map(|o| entity(&o)))
        }
        ("GET", ["orders", id]) => {
            let state = state();
            Ok(entity(&state.orders[state.order_index(id)?]))
        }
        ("GET", ["orders", id, "payments"]) => {
            let state = state();
            state.order_index(id)?;
            let mut items: Vec<Value> = state
                .payments
                .iter()
                .filter(|p| p.order_id == *id)
                .map(entity)
                .collect();
            items.reverse();
            Ok(collection(items))
        }
        ("GET", ["payments"]) => {
            let list = ListQuery::parse(query)?;
            Ok(list.page(&state().payments, |p| p.created_at))
        }
        ("GET", ["payments", id]) => {
            let state = state();
            Ok(entity(&state.payments[state.payment_index(id)?]))
        }
        ("POST", ["payments", id, "capture"]) => {
            let body = json_body(body)?;
            change(&|s| s.capture(id, &body).map(|p| entity(&p)))
        }
        ("POST", ["payments", id, "refund"]) => {
            let body = json_body(body)?;
            let key = req.header(super::gateway::RAZORPAY_IDEMPOTENCY_HEADER);
            change(&|s| s.refund(id, &body, key).map(|r| entity(&r)))
        }
        ("GET", ["payments", id, "refunds"]) => {
            let state = state();
            state.payment_index(id)?;
            let mut items: Vec<Value> = state
                .refunds
                .iter()
                .filter(|r| r.payment_id == *id)
                .map(entity)
                .collect();
            items.reverse();
            Ok(collection(items))
        }
        ("GET", ["refunds"]) => {
            let list = ListQuery::parse(query)?;
            Ok(list.page(&state().refunds, |r| r.created_at))
        }
        ("GET", ["refunds", id]) => state()
            .refunds
            .iter()
            .find(|r| r.id == *id)
            .map(entity)
            .ok_or_else(ApiError::unknown_id),
        ("GET", ["disputes"]) => {
            let list = ListQuery::parse(query)?;
            Ok(list.page(&state().disputes, |d| d.created_at))
        }
        ("GET", ["disputes", id]) => state()
            .disputes
            .iter()
            .find(|d| d.id == *id)
            .map(entity)
            .ok_or_else(ApiError::unknown_id),
        _ => Err(ApiError::not_found()),
    }
}

/// `POST /v1/checkout/pay` {order_id, key, method, succeed}: the frame's
/// buttons.
async fn checkout_pay_endpoint(shared: &Shared, body: &[u8]) -> Result<Value, ApiError> {
    let body = json_body(body)?;
    let text = |key: &str| body.get(key).and_then(Value::as_str).unwrap_or_default();
    if text("key") != shared.key_id {
        return Err(ApiError::bad_request("The api key provided is invalid"));
    }
    let succeed = body
        .get("succeed")
        .and_then(Value::as_bool)
        .ok_or_else(|| ApiError::bad_request("succeed must be true or false."))?;
    let answer = shared
        .checkout_pay(text("order_id"), text("method"), succeed)
        .await?;
    Ok(entity(&answer))
}

/// The test controls under `/standin/`.
async fn control(
    shared: &Shared,
    method: &str,
    path: &[&str],
    body: &[u8],
) -> Result<Value, ApiError> {
    let body = json_body(body)?;
    let text = |key: &str| {
        body.get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| ApiError::bad_request(format!("The {key} field is required.")))
    };
    let amount = || {
        body.get("amount")
            .and_then(Value::as_i64)
            .ok_or_else(|| ApiError::bad_request("The amount field is required."))
    };
    let flag = |key: &str| {
        body.get(key)
            .and_then(Value::as_bool)
            .ok_or_else(|| ApiError::bad_request(format!("The {key} field is required.")))
    };
    match (method, path) {
        ("POST", ["pay_late"]) => {
            let (order_id, pay_by) = (text("order_id")?, text("method")?);
            let payment = shared.change(|s| s.pay(order_id, pay_by, true)).await?;
            Ok(entity(&payment))
        }
        ("POST", ["refund"]) => {
            let (payment_id, amount) = (text("payment_id")?, amount()?);
            let refund = shared
                .change(|s| {
                    s.make_refund(
                        payment_id,
                        Some(amount),
                        RefundStatus::Processed,
                        "normal",
                        None,
                        json!({}),
                    )
                })
                .await?;
            Ok(entity(&refund))
        }
        ("POST", ["refund", id, "settle"]) => {
            let processed = flag("processed")?;
            let refund = shared.change(|s| s.settle_refund(id, processed)).await?;
            Ok(entity(&refund))
        }
        ("POST", ["dispute"]) => {
            let (payment_id, amount) = (text("payment_id")?, amount()?);
            let dispute = shared
                .change(|s| s.open_dispute(payment_id, amount))
                .await?;
            Ok(entity(&dispute))
        }
        ("POST", ["dispute", id, "close"]) => {
            let won = flag("won")?;
            let dispute = shared.change(|s| s.close_dispute(id, won)).await?;
            Ok(entity(&dispute))
        }
        ("POST", ["config"]) => configure(&mut shared.state(), &body),
        ("GET", ["events"]) => Ok(entity(&shared.state().events)),
        _ => Err(ApiError::not_found()),
    }
}

/// `POST /standin/config`: the settings given (`available`,
/// `auto_capture`, `deliver_webhooks`, `webhook_url`, `refund_status`,
/// `now`), then all of them.
fn configure(state: &mut State, body: &Value) -> Result<Value, ApiError> {
    let flag = |key: &str| match body.get(key) {
        None => Ok(None),
        Some(Value::Bool(on)) => Ok(Some(*on)),
        Some(_) => Err(ApiError::bad_request(format!(
            "{key} must be true or false."
        ))),
    };
    let (available, auto_capture, deliver) = (
        flag("available")?,
        flag("auto_capture")?,
        flag("deliver_webhooks")?,
    );
    let webhook_url = match body.get("webhook_url") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::String(url)) => Some(Some(url.clone())),
        Some(_) => return Err(ApiError::bad_request("webhook_url must be a URL or null.")),
    };
    let refund = match body.get("refund_status") {
        None => None,
        Some(status) => Some(refund_status(status.as_str().unwrap_or_default())?),
    };
    let clock = match body.get("now") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(now) => Some(Some(now.as_i64().ok_or_else(|| {
            ApiError::bad_request("now must be unix seconds or null.")
        })?)),
    };
    if let Some(on) = available {
        state.available = on;
    }
    if let Some(on) = auto_capture {
        state.auto_capture = on;
    }
    if let Some(on) = deliver {
        state.deliver_webhooks = on;
    }
    if let Some(url) = webhook_url {
        state.webhook_url = url;
    }
    if let Some(status) = refund {
        state.refund_status = status;
    }
    if let Some(now) = clock {
        state.clock = now;
    }
    Ok(json!({
        "available": state.available,
        "auto_capture": state.auto_capture,
        "deliver_webhooks": state.deliver_webhooks,
        "webhook_url": state.webhook_url,
        "refund_status": match state.refund_status {
            RefundStatus::Pending => "pending",
            RefundStatus::Processed => "processed",
        },
        "now": state.clock,
    }))
}

/// The test controls answer any page (the browser tests' harness).
fn cors(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        ("access-control-allow-origin", "*"),
        ("access-control-allow-methods", "GET, POST, OPTIONS"),
        ("access-control-allow-headers", "content-type"),
    ] {
        headers.insert(name, poem::http::HeaderValue::from_static(value));
    }
    response
}

// ---- Webhook delivery --------------------------------------------------

/// POSTs each job's events in turn, then tells the job's waiter.
async fn deliver_in_order(mut jobs: mpsc::UnboundedReceiver<Job>, http: reqwest::Client) {
    while let Some(job) = jobs.recv().await {
        if let Some(url) = &job.url {
            for event in &job.events {
                match post_event(&http, url, event).await {
                    Ok(status) if (200..300).contains(&status) => {}
                    Ok(status) => tracing::warn!(
                        event = %event.event, id = %event.event_id, status,
                        "the stand-in's webhook was refused"
                    ),
                    Err(e) => tracing::warn!(
                        event = %event.event, id = %event.event_id,
                        "the stand-in's webhook was not delivered: {e}"
                    ),
                }
            }
        }
        let _ = job.done.send(());
    }
}

async fn post_event(http: &reqwest::Client, url: &str, event: &SignedEvent) -> Result<u16, String> {
    http.post(url)
        .header("Content-Type", "application/json")
        .header("X-Razorpay-Signature", &event.signature)
        .header("X-Razorpay-Event-Id", &event.event_id)
        .body(event.body.clone())
        .send()
        .await
        .map(|response| response.status().as_u16())
        .map_err(|e| format!("POST {url}: {e}"))
}

// ---- The checkout ------------------------------------------------------

/// `₹1,23,456.00`: rupees as Razorpay's checkout shows paise (Indian
/// grouping, two decimals), as a receipt writes them.
fn rupees(paise: i64) -> String {
    domain_wasm::receipts::rupees_label(paise)
}

/// The checkout dialog's frame for `?order_id=..&key=..&name=..&description=..`:
/// the order's amount, four methods, and Success / Failure / Cancel.
fn frame_page(shared: &Shared, query: &str) -> String {
    use html_escape::{encode_double_quoted_attribute as attribute, encode_text as text};
    let params: BTreeMap<String, String> = url::form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    let param = |key: &str| params.get(key).map(String::as_str).unwrap_or_default();
    let (order_id, key) = (param("order_id"), param("key"));
    let order = shared
        .state()
        .orders
        .iter()
        .find(|o| o.id == order_id)
        .cloned();
    let problem = if key != shared.key_id {
        Some("The api key provided is invalid".to_owned())
    } else {
        match &order {
            None => Some("The id provided does not exist".to_owned()),
            Some(order) if order.status == OrderStatus::Paid => {
                Some("Order has been paid already.".to_owned())
            }
            Some(_) => None,
        }
    };
    let amount = order.map(|o| rupees(o.amount)).unwrap_or_default();
    let choices = match problem {
        Some(problem) => format!(r#"<p class="problem" role="alert">{}</p>"#, text(&problem)),
        None => {
            let methods: String = METHODS
                .iter()
                .zip(["UPI", "Card", "Netbanking", "Wallet"])
                .enumerate()
                .map(|(i, (value, label))| {
                    let checked = if i == 0 { " checked" } else { "" };
                    format!(
                        r#"<label><input type="radio" name="method" value="{value}"{checked}> {label}</label>"#
                    )
                })
                .collect();
            format!(
                r#"<fieldset><legend>Pay with</legend>{methods}</fieldset>
<p class="note">Test mode: choose how this payment ends.</p>
<div class="actions"><button type="button" id="success">Success</button><button type="button" id="failure">Failure</button></div>"#
            )
        }
    };
    format!(
        r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Razorpay Checkout</title>
<style>{css}</style></head>
<body data-order-id="{order_id}" data-key="{key}">
<main>
<header><p class="merchant">{name}</p><p class="description">{description}</p><p class="amount">{amount}</p></header>
{choices}
<p id="status" role="status" aria-live="polite"></p>
<button type="button" id="cancel" class="cancel">Cancel</button>
</main>
<script>{js}</script>
</body>
</html>"#,
        css = FRAME_CSS,
        js = FRAME_JS,
        order_id = attribute(order_id),
        key = attribute(key),
        name = text(param("name")),
        description = text(param("description")),
    )
}

const FRAME_CSS: &str = "body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#1b2b4b;background:#fff}\
main{padding:20px;display:flex;flex-direction:column;gap:14px}\
header{background:#2b6cf6;color:#fff;margin:-20px -20px 0;padding:16px 20px}\
header p{margin:0}.merchant{font-weight:600;font-size:18px}.amount{font-size:22px;font-weight:600;margin-top:6px}\
fieldset{border:1px solid #d5dbe7;border-radius:6px;display:flex;flex-direction:column;gap:8px}\
.actions{display:flex;gap:10px}.actions button{flex:1;padding:10px;font-size:16px;border-radius:6px;border:0;color:#fff}\
#success{background:#1e8e3e}#failure{background:#c5221f}\
.cancel{background:none;border:1px solid #d5dbe7;border-radius:6px;padding:8px}\
.problem{color:#c5221f}.note{margin:0;color:#5b6b8b;font-size:14px}";

/// The frame's buttons: `POST /v1/checkout/pay`, then tell the page.
const FRAME_JS: &str = r##"(function () {
  "use strict";
  var data = document.body.dataset;
  var status = document.getElementById("status");
  var buttons = Array.prototype.slice.call(document.querySelectorAll(".actions button"));
  function tell(message) {
    message.source = "razorpay-standin";
    window.parent.postMessage(message, "*");
  }
  function busy(on) {
    buttons.forEach(function (b) { b.disabled = on; });
  }
  function pay(succeed) {
    var chosen = document.querySelector('input[name="method"]:checked');
    busy(true);
    status.textContent = "Processing…";
    fetch("/v1/checkout/pay", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ order_id: data.orderId, key: data.key, method: chosen ? chosen.value : "upi", succeed: succeed })
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    }).then(function (answer) {
      if (answer.ok) {
        status.textContent = "Payment successful";
        tell({ type: "success", response: answer.body });
      } else {
        status.textContent = answer.body.error.description + ". You can try again.";
        busy(false);
        tell({ type: "failure", error: answer.body.error });
      }
    }, function () {
      status.textContent = "Razorpay could not be reached. You can try again.";
      busy(false);
      tell({ type: "failure", error: { code: "GATEWAY_ERROR", description: "Razorpay could not be reached", source: "NA", step: "NA", reason: "NA", metadata: {} } });
    });
  }
  var success = document.getElementById("success");
  var failure = document.getElementById("failure");
  if (success) { success.addEventListener("click", function () { pay(true); }); }
  if (failure) { failure.addEventListener("click", function () { pay(false); }); }
  document.getElementById("cancel").addEventListener("click", function () { tell({ type: "dismiss" }); });
})();"##;

/// `window.Razorpay` as Razorpay Checkout's standard integration offers
/// it: `new Razorpay(options)`, `open()`, `close()`, `on("payment.failed", cb)`.
/// Styles are set through the CSSOM only: the host page's CSP may forbid
/// inline style attributes.
const CHECKOUT_JS: &str = r##"(function () {
  "use strict";
  var script = document.currentScript;
  var origin = new URL(script && script.src ? script.src : window.location.href).origin;

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) { return new Razorpay(options); }
    this.options = options || {};
    this.callbacks = {};
    this.overlay = null;
    this.frame = null;
    this.listener = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.callbacks[event] = this.callbacks[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) { return this; }
    var options = this.options;
    var overlay = document.createElement("div");
    overlay.className = "razorpay-container";
    var o = overlay.style;
    o.position = "fixed";
    o.top = "0";
    o.left = "0";
    o.width = "100%";
    o.height = "100%";
    o.zIndex = "2147483647";
    o.display = "flex";
    o.alignItems = "center";
    o.justifyContent = "center";
    o.background = "rgba(0, 0, 0, 0.6)";
    var query = new URLSearchParams();
    query.set("order_id", options.order_id || "");
    query.set("key", options.key || "");
    query.set("amount", options.amount == null ? "" : String(options.amount));
    query.set("currency", options.currency || "INR");
    query.set("name", options.name || "");
    query.set("description", options.description || "");
    var frame = document.createElement("iframe");
    frame.name = "razorpay-checkout-frame";
    frame.title = "Razorpay Checkout";
    frame.className = "razorpay-checkout-frame";
    frame.src = origin + "/v1/checkout/frame?" + query.toString();
    var f = frame.style;
    f.border = "0";
    f.width = "420px";
    f.maxWidth = "100%";
    f.height = "600px";
    f.maxHeight = "100%";
    f.background = "#ffffff";
    f.borderRadius = "8px";
    overlay.appendChild(frame);
    var self = this;
    this.listener = function (event) { self.receive(event); };
    window.addEventListener("message", this.listener);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    this.frame = frame;
    return this;
  };

  Razorpay.prototype.close = function () {
    if (this.listener) { window.removeEventListener("message", this.listener); }
    if (this.overlay && this.overlay.parentNode) { this.overlay.parentNode.removeChild(this.overlay); }
    this.listener = null;
    this.overlay = null;
    this.frame = null;
  };

  Razorpay.prototype.receive = function (event) {
    var data = event.data;
    if (event.origin !== origin || !this.frame || event.source !== this.frame.contentWindow) { return; }
    if (!data || data.source !== "razorpay-standin") { return; }
    var options = this.options;
    if (data.type === "success") {
      this.close();
      if (typeof options.handler === "function") { options.handler(data.response); }
    } else if (data.type === "failure") {
      (this.callbacks["payment.failed"] || []).forEach(function (callback) { callback({ error: data.error }); });
    } else if (data.type === "dismiss") {
      this.close();
      if (options.modal && typeof options.modal.ondismiss === "function") { options.modal.ondismiss(); }
    }
  };

  window.Razorpay = Razorpay;
})();
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_are_grouped_the_indian_way() {
        assert_eq!(rupees(100), "₹1.00");
        assert_eq!(rupees(123_400), "₹1,234.00");
        assert_eq!(rupees(12_345_605), "₹1,23,456.05");
        assert_eq!(rupees(1_234_567_800), "₹1,23,45,678.00");
    }

    #[test]
    fn ids_look_like_razorpays() {
        let id = new_id("pay");
        assert_eq!(id.len(), "pay_".len() + 14);
        assert!(
            id["pay_".len()..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric())
        );
        assert_ne!(new_id("pay"), id);
    }

    #[test]
    fn list_queries_are_checked() {
        let list = ListQuery::parse("from=10&to=20&count=5&skip=2").expect("a query");
        assert_eq!(
            (list.from, list.to, list.count, list.skip),
            (Some(10), Some(20), 5, 2)
        );
        for bad in ["count=101", "count=0", "from=x", "skip=-1"] {
            assert!(ListQuery::parse(bad).is_err(), "{bad}");
        }
    }
}

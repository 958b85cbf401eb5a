//! The payment gateways: the built-in sandbox (the embedded default, which
//! never moves money) and Razorpay. Both speak Razorpay's protocol: an
//! order in paise, a checkout callback signed with
//! HMAC-SHA256(secret, "order_id|payment_id") in hex, webhooks signed with
//! HMAC-SHA256(webhook secret, raw body) in hex.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;
use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

use domain_wasm::money::Paise;

use crate::config::{PaymentGateway, Settings};
use crate::store::{Store, StoreError};

type HmacSha256 = Hmac<Sha256>;

/// The currency of every order: Indian rupees, amounts in paise.
pub const CURRENCY: &str = "INR";

/// What a gateway's asynchronous operations give back (boxed, so the
/// gateway can live behind `Arc<dyn Gateway>` in the application state).
pub type GatewayFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, GatewayError>> + Send + 'a>>;

/// An order the gateway created: the learner pays it at the checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The gateway's order id (`order_...`).
    pub id: String,
    pub amount_paise: Paise,
    pub currency: String,
}

/// Why a gateway could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The gateway did not answer, or not as expected (the learner may
    /// try again later).
    #[error("the payment gateway is unavailable: {0}")]
    Unavailable(String),
    /// The gateway answered and refused the request for good (a refund
    /// of more than is left, a payment it does not know, a key reused
    /// with another amount): asking again will not help.
    #[error("the payment gateway refused: {0}")]
    Refused(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A refund the gateway accepted (`rfnd_...`) and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayRefund {
    pub id: String,
    pub status: GatewayRefundStatus,
}

/// Where a gateway's refund and payment stand, in Razorpay's words: the
/// domain crate's.
pub use domain_wasm::gateway::{GatewayPaymentStatus, GatewayRefundStatus};

/// A payment as the gateway reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayPayment {
    /// The gateway's payment id (`pay_...`).
    pub id: String,
    /// The order it pays (`order_...`), when any.
    pub order_id: Option<String>,
    pub amount_paise: Paise,
    pub currency: String,
    pub status: GatewayPaymentStatus,
    /// `upi`, `card`, `netbanking`, `wallet`, ...
    pub method: Option<String>,
}

/// A payment gateway (see the module's documentation).
pub trait Gateway: Send + Sync {
    /// `sandbox` or `razorpay`: kept with each payment.
    fn name(&self) -> &'static str;
    /// The public key the gateway's checkout needs (Razorpay's key id).
    fn key_id(&self) -> Option<&str> {
        None
    }
    /// Creates an order of `amount_paise` (INR); `receipt` is our payment's id.
    fn create_order<'a>(
        &'a self,
        amount_paise: Paise,
        receipt: &'a str,
        notes: &'a BTreeMap<String, String>,
    ) -> GatewayFuture<'a, Order>;
    /// Whether `signature` is the checkout's signature of `order_id` (the
    /// order WE stored) and `payment_id`, compared in constant time.
    fn verify_checkout<'a>(
        &'a self,
        order_id: &'a str,
        payment_id: &'a str,
        signature: &'a str,
    ) -> GatewayFuture<'a, bool>;
    /// Whether `signature` is the webhook signature of exactly `raw_body`.
    fn verify_webhook<'a>(
        &'a self,
        raw_body: &'a [u8],
        signature: &'a str,
    ) -> GatewayFuture<'a, bool>;
    /// Refunds `amount_paise` of the gateway's payment `payment_id`
    /// (`pay_...`). `idempotency_key` (our refund's id, at least 10 of
    /// `[A-Za-z0-9_-]`) makes a retry safe: the same key gives back the same
    /// refund and never refunds twice; it is also sent as the refund's
    /// `receipt`. Errors: [`GatewayError::Unavailable`] (no answer, or one
    /// that may change: try again with the same key),
    /// [`GatewayError::Refused`] (asking again will not help).
    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: Paise,
        idempotency_key: &'a str,
        notes: &'a BTreeMap<String, String>,
    ) -> GatewayFuture<'a, GatewayRefund>;
    /// The payment `payment_id` as the gateway has it now (Razorpay:
    /// `GET /v1/payments/{id}`). The sandbox keeps no payments: it refuses.
    fn fetch_payment<'a>(&'a self, payment_id: &'a str) -> GatewayFuture<'a, GatewayPayment> {
        Box::pin(async move {
            Err(GatewayError::Refused(format!(
                "{} keeps no payment {payment_id:?} to fetch",
                self.name()
            )))
        })
    }
    /// Captures an authorised payment of `amount_paise` (Razorpay:
    /// `POST /v1/payments/{id}/capture`).
    fn capture_payment<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: Paise,
    ) -> GatewayFuture<'a, GatewayPayment> {
        Box::pin(async move {
            Err(GatewayError::Refused(format!(
                "{} cannot capture {payment_id:?} ({amount_paise})",
                self.name()
            )))
        })
    }
    /// Every payment made on our order `order_id` (Razorpay:
    /// `GET /v1/orders/{id}/payments`).
    fn order_payments<'a>(&'a self, order_id: &'a str) -> GatewayFuture<'a, Vec<GatewayPayment>> {
        Box::pin(async move {
            Err(GatewayError::Refused(format!(
                "{} keeps no payments of {order_id:?}",
                self.name()
            )))
        })
    }
    /// Every `entity` (`payments`, `refunds` or `disputes`) the gateway
    /// made between `from` and `to` (Unix seconds, inclusive), read page
    /// by page (Razorpay: `GET /v1/{entity}?from=&to=&count=100&skip=`).
    fn list<'a>(
        &'a self,
        entity: &'a str,
        from: i64,
        to: i64,
    ) -> GatewayFuture<'a, Vec<serde_json::Value>> {
        Box::pin(async move {
            Err(GatewayError::Refused(format!(
                "{} keeps no {entity} ({from}..{to}) to list",
                self.name()
            )))
        })
    }
    /// Whether a verified checkout is the payment's proof (the sandbox,
    /// which signs for itself), rather than the gateway's word on it.
    fn signature_is_proof(&self) -> bool {
        false
    }
    /// The sandbox gateway, when this is it (its checkout page signs payments).
    fn sandbox(&self) -> Option<&SandboxGateway> {
        None
    }
    /// The address of the gateway's checkout script the web app loads
    /// (Razorpay's `checkout.js`); `None` when the app has its own page.
    fn checkout_script(&self) -> Option<&str> {
        None
    }
}

/// Whether `key` is an idempotency key Razorpay takes: at least 10 (and,
/// ours, at most 40: it is also the refund's receipt) letters, digits,
/// hyphens or underscores.
pub fn valid_idempotency_key(key: &str) -> bool {
    (10..=40).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn check_refund_request(amount_paise: Paise, idempotency_key: &str) -> Result<(), GatewayError> {
    if amount_paise.is_zero() {
        return Err(GatewayError::Refused(format!(
            "a refund of {} paise",
            amount_paise.get()
        )));
    }
    if !valid_idempotency_key(idempotency_key) {
        return Err(GatewayError::Refused(format!(
            "{idempotency_key:?} is no idempotency key (10-40 of A-Z a-z 0-9 - _)"
        )));
    }
    Ok(())
}

/// A refund webhook event (`refund.created`, `refund.processed`,
/// `refund.failed`), as [`refund_event`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundEvent {
    /// `refund.created`, `refund.processed` or `refund.failed`.
    pub event: String,
    /// The gateway's refund id (`rfnd_...`).
    pub gateway_refund_id: String,
    /// The gateway's payment id (`pay_...`).
    pub payment_id: String,
    pub amount_paise: Paise,
    /// `refund.processed` → processed, `refund.failed` → failed,
    /// `refund.created` → the refund's own status (pending unless it says
    /// processed or failed).
    pub status: GatewayRefundStatus,
    /// Our refund's id (the receipt and idempotency key we sent), when
    /// the refund carries it (`receipt`, or `notes.refund_id`).
    pub receipt: Option<String>,
}

/// Reads a refund webhook event (the parsed, already verified body), or
/// `None` when it is not a refund event or lacks what we need.
pub fn refund_event(raw: &serde_json::Value) -> Option<RefundEvent> {
    let event = raw.get("event")?.as_str()?;
    let entity = raw.get("payload")?.get("refund")?.get("entity")?;
    let own_status = entity
        .get("status")
        .and_then(serde_json::Value::as_str)
        .and_then(GatewayRefundStatus::parse);
    let status = match event {
        "refund.processed" => GatewayRefundStatus::Processed,
        "refund.failed" => GatewayRefundStatus::Failed,
        "refund.created" => own_status.unwrap_or(GatewayRefundStatus::Pending),
        _ => return None,
    };
    let text = |v: Option<&serde_json::Value>| {
        v.and_then(serde_json::Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let gateway_refund_id = text(entity.get("id"))?;
    let payment_id = text(entity.get("payment_id"))?;
    let amount_paise = entity
        .get("amount")?
        .as_i64()
        .and_then(|a| Paise::try_from(a).ok())
        .filter(|a| !a.is_zero())?;
    let receipt = text(entity.get("receipt"))
        .or_else(|| text(entity.get("notes").and_then(|n| n.get("refund_id"))));
    Some(RefundEvent {
        event: event.to_owned(),
        gateway_refund_id,
        payment_id,
        amount_paise,
        status,
        receipt,
    })
}

fn mac(key: &[u8]) -> HmacSha256 {
    match HmacSha256::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    }
}

/// HMAC-SHA256 of `message` with `key`, in lowercase hex (Razorpay's signatures).
pub fn sign(key: &[u8], message: &[u8]) -> String {
    let mut m = mac(key);
    m.update(message);
    hex::encode(m.finalize().into_bytes())
}

/// Whether `signature_hex` is the HMAC-SHA256 of `message` with `key`,
/// compared in constant time. Anything that is not hex is no signature.
pub fn signature_matches(key: &[u8], message: &[u8], signature_hex: &str) -> bool {
    let Ok(signature) = hex::decode(signature_hex.trim()) else {
        return false;
    };
    let mut m = mac(key);
    m.update(message);
    m.verify_slice(&signature).is_ok()
}

/// The message a checkout signature signs: `order_id|payment_id`.
pub fn checkout_message(order_id: &str, payment_id: &str) -> String {
    format!("{order_id}|{payment_id}")
}

/// A fresh random id part (128 bits, URL-safe).
fn random_part() -> String {
    crate::store::random_id()
}

// ---- Sandbox -----------------------------------------------------------

/// The built-in gateway: orders and payments that exist only here, signed
/// with a secret of this server's (derived from `SECRET_KEY`, or made on
/// first use and kept in the database like the token-signing key), so a
/// signature cannot be forged by anyone who only has the code. It never
/// moves money.
pub struct SandboxGateway {
    source: SecretSource,
    secret: OnceLock<Vec<u8>>,
}

enum SecretSource {
    Known,
    Stored(Store),
}

/// The name the sandbox's secret is kept under in `server_secrets`.
const SANDBOX_SECRET_NAME: &str = "payments-sandbox";

impl SandboxGateway {
    /// A sandbox whose secret is derived from the server's `SECRET_KEY`.
    pub fn with_server_secret(server_secret: &str) -> SandboxGateway {
        let secret = OnceLock::new();
        let _ =
            secret.set(sign(server_secret.as_bytes(), SANDBOX_SECRET_NAME.as_bytes()).into_bytes());
        SandboxGateway {
            source: SecretSource::Known,
            secret,
        }
    }

    /// The sandbox as a refund-only adapter, for sandbox payments on a
    /// site that now runs a real gateway: its refunds move no money and
    /// need no secret (the refund's id comes from its key); it signs and
    /// checks nothing (an empty secret matches no signature of ours).
    pub fn refund_only() -> SandboxGateway {
        let secret = OnceLock::new();
        let _ = secret.set(Vec::new());
        SandboxGateway {
            source: SecretSource::Known,
            secret,
        }
    }

    /// A sandbox whose secret is made on first use and kept in the
    /// database, so every API process agrees on it.
    pub fn stored(store: Store) -> SandboxGateway {
        SandboxGateway {
            source: SecretSource::Stored(store),
            secret: OnceLock::new(),
        }
    }

    async fn secret(&self) -> Result<&[u8], GatewayError> {
        if let Some(secret) = self.secret.get() {
            return Ok(secret);
        }
        let SecretSource::Stored(store) = &self.source else {
            unreachable!("a known secret is set at construction");
        };
        let candidate: String = (0..3).map(|_| random_part()).collect();
        let value = store
            .secret_or_insert(SANDBOX_SECRET_NAME, &candidate)
            .await?;
        // Two first uses at once read the same stored winner.
        let _ = self.secret.set(value.into_bytes());
        Ok(self.secret.get().map(Vec::as_slice).unwrap_or_default())
    }

    async fn webhook_key(&self) -> Result<Vec<u8>, GatewayError> {
        Ok(sign(self.secret().await?, b"webhooks").into_bytes())
    }

    /// A new sandbox payment id (`pay_sbx_...`).
    pub fn new_payment_id() -> String {
        format!("pay_sbx_{}", random_part())
    }

    /// The sandbox's refund id for an idempotency key (`rfnd_sbx_...`):
    /// the same key, the same refund.
    pub fn refund_id(idempotency_key: &str) -> String {
        use sha2::Digest;
        let digest = Sha256::digest(format!("sandbox-refund|{idempotency_key}").as_bytes());
        format!("rfnd_sbx_{}", &hex::encode(digest)[..24])
    }

    /// The checkout signature of a sandbox payment, as Razorpay's checkout
    /// hands it to the web app.
    pub async fn sign_payment(
        &self,
        order_id: &str,
        payment_id: &str,
    ) -> Result<String, GatewayError> {
        Ok(sign(
            self.secret().await?,
            checkout_message(order_id, payment_id).as_bytes(),
        ))
    }

    /// The webhook signature of `raw_body` when the secret is known
    /// without the database ([`SandboxGateway::with_server_secret`]).
    pub fn sign_webhook_now(&self, raw_body: &[u8]) -> Option<String> {
        let key = sign(self.secret.get()?, b"webhooks");
        Some(sign(key.as_bytes(), raw_body))
    }

    /// The webhook signature of `raw_body` (tests of the webhook endpoint
    /// on the sandbox).
    pub async fn sign_webhook(&self, raw_body: &[u8]) -> Result<String, GatewayError> {
        Ok(sign(&self.webhook_key().await?, raw_body))
    }
}

impl Gateway for SandboxGateway {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn create_order<'a>(
        &'a self,
        amount_paise: Paise,
        _receipt: &'a str,
        _notes: &'a BTreeMap<String, String>,
    ) -> GatewayFuture<'a, Order> {
        Box::pin(async move {
            Ok(Order {
                id: format!("order_sbx_{}", random_part()),
                amount_paise,
                currency: CURRENCY.to_owned(),
            })
        })
    }

    fn verify_checkout<'a>(
        &'a self,
        order_id: &'a str,
        payment_id: &'a str,
        signature: &'a str,
    ) -> GatewayFuture<'a, bool> {
        Box::pin(async move {
            let secret = self.secret().await?;
            // The refund-only sandbox has no secret and checks nothing.
            Ok(!secret.is_empty()
                && signature_matches(
                    secret,
                    checkout_message(order_id, payment_id).as_bytes(),
                    signature,
                ))
        })
    }

    fn verify_webhook<'a>(
        &'a self,
        raw_body: &'a [u8],
        signature: &'a str,
    ) -> GatewayFuture<'a, bool> {
        Box::pin(async move {
            Ok(!self.secret().await?.is_empty()
                && signature_matches(&self.webhook_key().await?, raw_body, signature))
        })
    }

    /// Processed at once; the refund's id is derived from the key, so the
    /// same key always names the same refund.
    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: Paise,
        idempotency_key: &'a str,
        _notes: &'a BTreeMap<String, String>,
    ) -> GatewayFuture<'a, GatewayRefund> {
        Box::pin(async move {
            check_refund_request(amount_paise, idempotency_key)?;
            if payment_id.trim().is_empty() {
                return Err(GatewayError::Refused("a refund of no payment".into()));
            }
            Ok(GatewayRefund {
                id: SandboxGateway::refund_id(idempotency_key),
                status: GatewayRefundStatus::Processed,
            })
        })
    }

    fn signature_is_proof(&self) -> bool {
        true
    }

    fn sandbox(&self) -> Option<&SandboxGateway> {
        Some(self)
    }
}

// ---- Razorpay ----------------------------------------------------------

/// Razorpay (<https://razorpay.com/docs/api/orders/>): orders through its
/// API with HTTP basic auth (key id, key secret), the checkout's callback
/// checked with the key secret, webhooks with the webhook secret.
pub struct RazorpayGateway {
    key_id: String,
    key_secret: String,
    webhook_secret: String,
    api_url: String,
    checkout_url: String,
    http: reqwest::Client,
}

/// Where Razorpay Checkout's script is, unless `RAZORPAY_CHECKOUT_URL` says otherwise.
pub const RAZORPAY_CHECKOUT_URL: &str = "https://checkout.razorpay.com/v1/checkout.js";

/// The part of Razorpay's order we read.
#[derive(Debug, Deserialize)]
struct OrderJson {
    id: String,
    amount: i64,
    currency: String,
}

/// The part of Razorpay's refund we read.
#[derive(Debug, Deserialize)]
struct RefundJson {
    id: String,
    amount: i64,
    #[serde(default)]
    payment_id: Option<String>,
    status: String,
}

/// The header that makes a Razorpay refund request idempotent
/// (<https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/>).
pub const RAZORPAY_IDEMPOTENCY_HEADER: &str = "X-Refund-Idempotency";

impl RazorpayGateway {
    /// `api_url` is Razorpay's API (`https://api.razorpay.com`) or a
    /// stand-in's, without the `/v1`.
    pub fn new(
        key_id: impl Into<String>,
        key_secret: impl Into<String>,
        webhook_secret: impl Into<String>,
        api_url: &str,
    ) -> RazorpayGateway {
        RazorpayGateway {
            key_id: key_id.into(),
            key_secret: key_secret.into(),
            webhook_secret: webhook_secret.into(),
            api_url: api_url.trim().trim_end_matches('/').to_owned(),
            checkout_url: RAZORPAY_CHECKOUT_URL.to_owned(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(20))
                .build()
                .unwrap_or_default(),
        }
    }

    /// The same gateway with its checkout script at `url` (a stand-in's).
    pub fn with_checkout_url(mut self, url: &str) -> RazorpayGateway {
        self.checkout_url = url.trim().to_owned();
        self
    }

    async fn post_order(
        &self,
        amount_paise: Paise,
        receipt: &str,
        notes: &BTreeMap<String, String>,
    ) -> Result<Order, GatewayError> {
        let url = format!("{}/v1/orders", self.api_url);
        let body = serde_json::json!({
            "amount": amount_paise.get(),
            "currency": CURRENCY,
            "receipt": receipt,
            "notes": notes,
        });
        let response = self
            .http
            .post(&url)
            .basic_auth(&self.key_id, Some(&self.key_secret))
            .json(&body)
            .send()
            .await
            .map_err(|e| GatewayError::Unavailable(format!("POST {url}: {e}")))?;
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            let text: String = text.chars().take(300).collect();
            return Err(GatewayError::Unavailable(format!(
                "POST {url} answered {status}: {text}"
            )));
        }
        let order: OrderJson = response
            .json()
            .await
            .map_err(|e| GatewayError::Unavailable(format!("POST {url}: unreadable order: {e}")))?;
        if order.amount != amount_paise.to_i64()
            || order.currency != CURRENCY
            || order.id.trim().is_empty()
        {
            return Err(GatewayError::Unavailable(format!(
                "POST {url}: an order of {} {} (id {:?}) for {} {CURRENCY}",
                order.amount,
                order.currency,
                order.id,
                amount_paise.get()
            )));
        }
        Ok(Order {
            id: order.id,
            amount_paise,
            currency: order.currency,
        })
    }
}

/// The part of Razorpay's payment we read.
#[derive(Debug, Deserialize)]
struct PaymentJson {
    id: String,
    #[serde(default)]
    order_id: Option<String>,
    amount: i64,
    currency: String,
    status: String,
    #[serde(default)]
    method: Option<String>,
}

/// A Razorpay list (`{"entity":"collection","count":n,"items":[...]}`).
#[derive(Debug, Deserialize)]
struct Collection<T> {
    items: Vec<T>,
}

impl PaymentJson {
    fn read(self, url: &str) -> Result<GatewayPayment, GatewayError> {
        let status = GatewayPaymentStatus::parse(&self.status).ok_or_else(|| {
            GatewayError::Unavailable(format!("{url}: a payment with status {:?}", self.status))
        })?;
        Ok(GatewayPayment {
            id: self.id,
            order_id: self.order_id,
            amount_paise: Paise::try_from(self.amount).map_err(|_| {
                GatewayError::Unavailable(format!("{url}: a payment of {} paise", self.amount))
            })?,
            currency: self.currency,
            status,
            method: self.method,
        })
    }
}

/// Whether `id` can name a Razorpay object in a path (`pay_...`, `order_...`).
fn is_razorpay_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl RazorpayGateway {
    /// Sends `request` with our keys and reads its JSON answer: a 400 or
    /// 404 is the gateway's refusal, anything else unexpected is its
    /// unavailability (try again later).
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
        what: &str,
    ) -> Result<T, GatewayError> {
        let response = request
            .basic_auth(&self.key_id, Some(&self.key_secret))
            .send()
            .await
            .map_err(|e| GatewayError::Unavailable(format!("{what}: {e}")))?;
        let status = response.status();
        if !status.is_success() {
            let text: String = response
                .text()
                .await
                .unwrap_or_default()
                .chars()
                .take(300)
                .collect();
            let message = format!("{what} answered {status}: {text}");
            return Err(match status.as_u16() {
                400 | 404 | 422 => GatewayError::Refused(message),
                _ => GatewayError::Unavailable(message),
            });
        }
        response
            .json()
            .await
            .map_err(|e| GatewayError::Unavailable(format!("{what}: unreadable answer: {e}")))
    }

    async fn get_payment(&self, payment_id: &str) -> Result<GatewayPayment, GatewayError> {
        if !is_razorpay_id(payment_id) {
            return Err(GatewayError::Refused(format!(
                "{payment_id:?} is no Razorpay payment id"
            )));
        }
        let url = format!("{}/v1/payments/{payment_id}", self.api_url);
        let what = format!("GET {url}");
        let payment: PaymentJson = self.call(self.http.get(&url), &what).await?;
        if payment.id != payment_id {
            return Err(GatewayError::Unavailable(format!(
                "{what}: answered with payment {:?}",
                payment.id
            )));
        }
        payment.read(&what)
    }

    async fn post_capture(
        &self,
        payment_id: &str,
        amount_paise: Paise,
    ) -> Result<GatewayPayment, GatewayError> {
        if !is_razorpay_id(payment_id) {
            return Err(GatewayError::Refused(format!(
                "{payment_id:?} is no Razorpay payment id"
            )));
        }
        let url = format!("{}/v1/payments/{payment_id}/capture", self.api_url);
        let what = format!("POST {url}");
        let body = serde_json::json!({ "amount": amount_paise.get(), "currency": CURRENCY });
        let payment: PaymentJson = self.call(self.http.post(&url).json(&body), &what).await?;
        payment.read(&what)
    }

    /// The most pages one listing reads (100 items each).
    const MAX_PAGES: usize = 100;

    async fn get_list(
        &self,
        entity: &str,
        from: i64,
        to: i64,
    ) -> Result<Vec<serde_json::Value>, GatewayError> {
        if !matches!(entity, "payments" | "refunds" | "disputes") {
            return Err(GatewayError::Refused(format!("no list of {entity:?}")));
        }
        let url = format!("{}/v1/{entity}", self.api_url);
        let mut all = Vec::new();
        for page in 0..Self::MAX_PAGES {
            let what = format!("GET {url} (page {page})");
            let query = [
                ("from", from.to_string()),
                ("to", to.to_string()),
                ("count", "100".to_owned()),
                ("skip", (page * 100).to_string()),
            ];
            let list: Collection<serde_json::Value> =
                self.call(self.http.get(&url).query(&query), &what).await?;
            let n = list.items.len();
            all.extend(list.items);
            if n < 100 {
                return Ok(all);
            }
        }
        Err(GatewayError::Unavailable(format!(
            "GET {url}: more than {} pages",
            Self::MAX_PAGES
        )))
    }

    async fn get_order_payments(
        &self,
        order_id: &str,
    ) -> Result<Vec<GatewayPayment>, GatewayError> {
        if !is_razorpay_id(order_id) {
            return Err(GatewayError::Refused(format!(
                "{order_id:?} is no Razorpay order id"
            )));
        }
        let url = format!("{}/v1/orders/{order_id}/payments", self.api_url);
        let what = format!("GET {url}");
        let list: Collection<PaymentJson> = self.call(self.http.get(&url), &what).await?;
        list.items.into_iter().map(|p| p.read(&what)).collect()
    }
}

impl RazorpayGateway {
    /// `POST /v1/payments/{id}/refund` (a normal refund), idempotent by
    /// the `X-Refund-Idempotency` header; the key is also the receipt.
    async fn post_refund(
        &self,
        payment_id: &str,
        amount_paise: Paise,
        idempotency_key: &str,
        notes: &BTreeMap<String, String>,
    ) -> Result<GatewayRefund, GatewayError> {
        check_refund_request(amount_paise, idempotency_key)?;
        let id_ok = !payment_id.is_empty()
            && payment_id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !id_ok {
            return Err(GatewayError::Refused(format!(
                "{payment_id:?} is no Razorpay payment id"
            )));
        }
        let url = format!("{}/v1/payments/{payment_id}/refund", self.api_url);
        let body = serde_json::json!({
            "amount": amount_paise.get(),
            "speed": "normal",
            "receipt": idempotency_key,
            "notes": notes,
        });
        let response = self
            .http
            .post(&url)
            .basic_auth(&self.key_id, Some(&self.key_secret))
            .header(RAZORPAY_IDEMPOTENCY_HEADER, idempotency_key)
            .json(&body)
            .send()
            .await
            .map_err(|e| GatewayError::Unavailable(format!("POST {url}: {e}")))?;
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            let text: String = text.chars().take(300).collect();
            let message = format!("POST {url} answered {status}: {text}");
            // 400 (more than is left, a different request under the same
            // key, ...) and 404 are answers; 401/403 (our keys), 409 (the
            // same key still in progress), 429 and 5xx may pass.
            return Err(match status.as_u16() {
                400 | 404 | 422 => GatewayError::Refused(message),
                _ => GatewayError::Unavailable(message),
            });
        }
        let refund: RefundJson = response.json().await.map_err(|e| {
            GatewayError::Unavailable(format!("POST {url}: unreadable refund: {e}"))
        })?;
        let state = GatewayRefundStatus::parse(&refund.status);
        let other_payment = refund
            .payment_id
            .as_deref()
            .is_some_and(|p| p != payment_id);
        match state {
            Some(state)
                if refund.amount == amount_paise.to_i64()
                    && !refund.id.trim().is_empty()
                    && !other_payment =>
            {
                Ok(GatewayRefund {
                    id: refund.id,
                    status: state,
                })
            }
            _ => Err(GatewayError::Unavailable(format!(
                "POST {url}: a refund of {} (id {:?}, payment {:?}, status {:?}) for {}",
                refund.amount,
                refund.id,
                refund.payment_id,
                refund.status,
                amount_paise.get()
            ))),
        }
    }
}

impl Gateway for RazorpayGateway {
    fn name(&self) -> &'static str {
        "razorpay"
    }

    fn key_id(&self) -> Option<&str> {
        Some(&self.key_id)
    }

    fn checkout_script(&self) -> Option<&str> {
        Some(&self.checkout_url)
    }

    fn fetch_payment<'a>(&'a self, payment_id: &'a str) -> GatewayFuture<'a, GatewayPayment> {
        Box::pin(self.get_payment(payment_id))
    }

    fn capture_payment<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: Paise,
    ) -> GatewayFuture<'a, GatewayPayment> {
        Box::pin(self.post_capture(payment_id, amount_paise))
    }

    fn order_payments<'a>(&'a self, order_id: &'a str) -> GatewayFuture<'a, Vec<GatewayPayment>> {
        Box::pin(self.get_order_payments(order_id))
    }

    fn list<'a>(
        &'a self,
        entity: &'a str,
        from: i64,
        to: i64,
    ) -> GatewayFuture<'a, Vec<serde_json::Value>> {
        Box::pin(self.get_list(entity, from, to))
    }

    fn create_order<'a>(
        &'a self,
        amount_paise: Paise,
        receipt: &'a str,
        notes: &'a BTreeMap<String, String>,
    ) -> GatewayFuture<'a, Order> {
        Box::pin(self.post_order(amount_paise, receipt, notes))
    }

    fn verify_checkout<'a>(
        &'a self,
        order_id: &'a str,
        payment_id: &'a str,
        signature: &'a str,
    ) -> GatewayFuture<'a, bool> {
        Box::pin(async move {
            Ok(signature_matches(
                self.key_secret.as_bytes(),
                checkout_message(order_id, payment_id).as_bytes(),
                signature,
            ))
        })
    }

    fn verify_webhook<'a>(
        &'a self,
        raw_body: &'a [u8],
        signature: &'a str,
    ) -> GatewayFuture<'a, bool> {
        Box::pin(async move {
            Ok(signature_matches(
                self.webhook_secret.as_bytes(),
                raw_body,
                signature,
            ))
        })
    }

    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: Paise,
        idempotency_key: &'a str,
        notes: &'a BTreeMap<String, String>,
    ) -> GatewayFuture<'a, GatewayRefund> {
        Box::pin(self.post_refund(payment_id, amount_paise, idempotency_key, notes))
    }
}

/// The gateway the settings choose. Razorpay without its keys is refused
/// at start ([`Settings::payment_settings_problem`]).
pub fn from_settings(settings: &Settings, store: Store) -> std::sync::Arc<dyn Gateway> {
    let value = |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or_default().to_owned();
    match settings.payment_gateway {
        PaymentGateway::Razorpay => std::sync::Arc::new(
            RazorpayGateway::new(
                value(&settings.razorpay_key_id),
                value(&settings.razorpay_key_secret),
                value(&settings.razorpay_webhook_secret),
                &settings.razorpay_api_url,
            )
            .with_checkout_url(&settings.razorpay_checkout_url),
        ),
        PaymentGateway::Sandbox => match settings.secret_key.as_deref().map(str::trim) {
            Some(secret) if !secret.is_empty() => {
                std::sync::Arc::new(SandboxGateway::with_server_secret(secret))
            }
            _ => std::sync::Arc::new(SandboxGateway::stored(store)),
        },
    }
}

/// The gateway that took a payment recorded with gateway `name`:
/// `configured`, or for a sandbox payment on a site now running a real
/// gateway, a refund-only sandbox that moves no money. A payment of a real
/// gateway this server is not configured for waits (unavailable) until it
/// is: its money can only go back where it came from.
pub fn gateway_for(
    configured: &std::sync::Arc<dyn Gateway>,
    name: &str,
) -> Result<std::sync::Arc<dyn Gateway>, GatewayError> {
    if name == configured.name() {
        Ok(configured.clone())
    } else if name == "sandbox" {
        Ok(std::sync::Arc::new(SandboxGateway::refund_only()))
    } else {
        Err(GatewayError::Unavailable(format!(
            "the payment was taken by {name}, and this server's PAYMENT_GATEWAY is {}",
            configured.name()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn razorpays_published_checkout_example() {
        let message = checkout_message("order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l");
        let expected = "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f";
        assert_eq!(
            sign(b"EnLs21M47BllR3X8PSFtjtbd", message.as_bytes()),
            expected
        );
        assert!(signature_matches(
            b"EnLs21M47BllR3X8PSFtjtbd",
            message.as_bytes(),
            expected
        ));
        assert!(!signature_matches(
            b"EnLs21M47BllR3X8PSFtjtbe",
            message.as_bytes(),
            expected
        ));
    }

    #[test]
    fn razorpays_published_webhook_example() {
        let body = br#"{"a":1,"b":2,"c":{"d":3}}"#;
        let expected = "2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc";
        assert_eq!(sign(b"123456", body), expected);
        assert!(signature_matches(b"123456", body, expected));
        // The exact bytes: a space changes everything.
        assert!(!signature_matches(
            b"123456",
            br#"{"a": 1,"b":2,"c":{"d":3}}"#,
            expected
        ));
    }

    #[test]
    fn anything_but_the_right_hex_is_no_signature() {
        let body = b"x";
        let good = sign(b"k", body);
        assert!(
            signature_matches(b"k", body, &good.to_uppercase()),
            "hex in either case"
        );
        for bad in [
            "",
            "zz",
            &good[..62],
            &format!("{good}00"),
            "not hex at all",
        ] {
            assert!(!signature_matches(b"k", body, bad), "{bad:?}");
        }
    }

    #[tokio::test]
    async fn the_sandbox_signs_with_a_secret_of_its_server() {
        let a = SandboxGateway::with_server_secret("one-server-secret-one-server-secret");
        let b = SandboxGateway::with_server_secret("another-server-secret-another-secret");
        let sig = a
            .sign_payment("order_sbx_1", "pay_sbx_1")
            .await
            .expect("signs");
        assert!(
            a.verify_checkout("order_sbx_1", "pay_sbx_1", &sig)
                .await
                .expect("checks")
        );
        assert!(
            !b.verify_checkout("order_sbx_1", "pay_sbx_1", &sig)
                .await
                .expect("checks")
        );
        assert!(
            !a.verify_checkout("order_sbx_2", "pay_sbx_1", &sig)
                .await
                .expect("checks")
        );
        let hook = a.sign_webhook(b"{}").await.expect("signs");
        assert_ne!(hook, sign(b"", b"{}"));
        assert!(a.verify_webhook(b"{}", &hook).await.expect("checks"));
        assert!(!a.verify_webhook(b"{ }", &hook).await.expect("checks"));
    }
}

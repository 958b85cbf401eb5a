//! Paying for a booking (issue 12, tag `Payments`): the checkout, the
//! checkout's signed callback, Razorpay's webhooks and the built-in
//! sandbox gateway's checkout page. See [`crate::payments`].

use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use domain_wasm::booking::Party;
use domain_wasm::forms;
use poem::{Request, RequestBody};
use poem_openapi::param::{Header, Path};
use poem_openapi::payload::{Json, ParsePayload, Payload};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::ApiTags;
use super::bookings::Booking;
use crate::auth::SignedIn;
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::payments::{self, PaymentError, WebhookError};
use crate::state::AppState;

// ---- Bodies and answers ------------------------------------------------

/// The payment gateway that takes the payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum GatewayName {
    /// The built-in sandbox: its checkout page is `checkout_url`; no money moves.
    Sandbox,
    /// Razorpay: open its Checkout with `key_id` and `order_id`.
    Razorpay,
}

/// Who is paying, to fill in the checkout's form.
#[derive(Debug, Clone, Object)]
pub struct CheckoutPrefill {
    /// The learner's name.
    pub name: String,
    /// The learner's e-mail address.
    pub email: String,
}

/// What the web app needs to open the gateway's checkout for a booking.
/// After a successful payment the checkout's three `razorpay_*` fields go
/// to `POST /api/payments/verify/`.
#[derive(Debug, Clone, Object)]
pub struct CheckoutOut {
    /// The gateway: `sandbox` or `razorpay`.
    pub gateway: GatewayName,
    /// The gateway's order (`order_...`): the checkout pays exactly this.
    pub order_id: String,
    /// What is due, in paise (1 rupee = 100 paise): the booking's price.
    pub amount_paise: i64,
    /// Always `INR`.
    pub currency: String,
    /// Razorpay's public key id for its Checkout; `null` on the sandbox.
    #[oai(nullable)]
    pub key_id: Option<String>,
    /// Where the checkout is: the sandbox's page
    /// (`/api/payments/sandbox/{order_id}/`), or on Razorpay the address of
    /// its Checkout script to load (`RAZORPAY_CHECKOUT_URL`).
    #[oai(nullable)]
    pub checkout_url: Option<String>,
    /// The merchant's name the checkout shows.
    pub name: String,
    /// What is being paid for: the service and the mentor.
    pub description: String,
    /// The learner's name and e-mail address.
    pub prefill: CheckoutPrefill,
}

impl From<payments::Checkout> for CheckoutOut {
    fn from(c: payments::Checkout) -> Self {
        CheckoutOut {
            gateway: if c.gateway == "razorpay" {
                GatewayName::Razorpay
            } else {
                GatewayName::Sandbox
            },
            order_id: c.order_id,
            amount_paise: c.amount_paise.to_i64(),
            currency: c.currency,
            key_id: c.key_id,
            checkout_url: c.checkout_url,
            name: c.name,
            description: c.description,
            prefill: CheckoutPrefill {
                name: c.prefill_name,
                email: c.prefill_email,
            },
        }
    }
}

/// The checkout's callback after a successful payment, exactly as
/// Razorpay's Checkout (or the sandbox's page) hands it over.
#[derive(Debug, Clone, Object)]
pub struct VerifyBody {
    /// The order the checkout paid (`order_id` of the checkout).
    pub razorpay_order_id: String,
    /// The gateway's payment (`pay_...`).
    pub razorpay_payment_id: String,
    /// Hex HMAC-SHA256 of `razorpay_order_id|razorpay_payment_id` with
    /// the gateway's secret.
    pub razorpay_signature: String,
}

/// A signed payment, as a checkout hands it to the web app; post it to
/// `POST /api/payments/verify/`.
#[derive(Debug, Clone, Object)]
pub struct SignedPaymentOut {
    /// The order paid.
    pub razorpay_order_id: String,
    /// The sandbox payment (`pay_sbx_...`).
    pub razorpay_payment_id: String,
    /// Hex HMAC-SHA256 of `order_id|payment_id` with the sandbox's secret.
    pub razorpay_signature: String,
}

/// A webhook delivery's outcome.
#[derive(Debug, Clone, Object)]
pub struct WebhookAck {
    /// `processed` (done, or found already done), `duplicate` (this event
    /// id was received before: nothing done), `ignored` (an event or an
    /// order this server does not act on) or `refused` (the amount is not
    /// the order's: nothing changed).
    pub status: String,
}

/// The session a sandbox order pays for.
#[derive(Debug, Clone, Object)]
pub struct SandboxBooking {
    /// The booking's id.
    pub id: String,
    /// The service's title.
    pub service_title: String,
    /// The mentor's name.
    pub mentor_name: String,
    /// The session's start, RFC 3339 UTC.
    pub start: DateTime<Utc>,
    /// The session's end, RFC 3339 UTC.
    pub end: DateTime<Utc>,
    /// The session's price in paise.
    pub price_paise: i64,
    /// Until when the payment is awaited (RFC 3339 UTC), if there is a limit.
    #[oai(nullable)]
    pub pay_by: Option<DateTime<Utc>>,
}

/// A sandbox order, for the sandbox's checkout page.
#[derive(Debug, Clone, Object)]
pub struct SandboxOrderOut {
    /// The order (`order_sbx_...`).
    pub order_id: String,
    /// What is due, in paise.
    pub amount_paise: i64,
    /// Always `INR`.
    pub currency: String,
    /// `created` (awaiting payment), `captured` (paid) or `failed`.
    pub status: String,
    /// The session paid for.
    pub booking: SandboxBooking,
    /// The ways to pay offered: `upi`, `card`, `netbanking`, `wallet`.
    pub methods: Vec<String>,
}

/// How a sandbox payment should end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum SandboxOutcome {
    /// The payment goes through: answered with the signed fields.
    Success,
    /// The payment fails: answered 402, nothing is paid.
    Failure,
}

/// A sandbox payment: how the learner pays and how it should end.
#[derive(Debug, Clone, Object)]
pub struct SandboxPayBody {
    /// `upi`, `card`, `netbanking` or `wallet`.
    pub method: String,
    /// `success` or `failure`.
    pub outcome: SandboxOutcome,
}

#[derive(ApiResponse)]
pub enum CheckoutResponse {
    /// The order to pay (the booking's open order when there is one).
    #[oai(status = 200)]
    Ok(Json<CheckoutOut>),
    /// The booking's mentor or an administrator: only its learner pays.
    #[oai(status = 403)]
    Forbidden(Json<Detail>),
    /// No such booking, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// The booking does not await payment (not accepted yet, already paid,
    /// its time to pay ran out, cancelled, or a payment of it is being
    /// confirmed with the gateway).
    #[oai(status = 409)]
    Refused(Json<Detail>),
    /// The gateway is not answering; try again later.
    #[oai(status = 503)]
    Unavailable(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum VerifyResponse {
    /// Verified, and the gateway asked: the booking as it is now
    /// (confirmed when the payment was taken in time; still awaiting
    /// payment with `payment_confirming` when the gateway could not say
    /// yet). A replay answers the same and changes nothing.
    #[oai(status = 200)]
    Ok(Json<Box<Booking>>),
    /// The signature does not hold (or no such order, or the gateway does
    /// not know the payment): the booking is unchanged.
    #[oai(status = 400)]
    NotVerified(Json<Detail>),
    /// The gateway says the payment failed: nothing was taken; the learner
    /// may pay again.
    #[oai(status = 402)]
    Failed(Json<Detail>),
    /// The booking's mentor or an administrator: only its learner pays.
    #[oai(status = 403)]
    Forbidden(Json<Detail>),
    /// The order's booking is not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum WebhookResponse {
    /// Received (see `status`); the gateway need not send it again.
    #[oai(status = 200)]
    Ok(Json<WebhookAck>),
    /// The signature is missing or does not match the raw body, or the
    /// body is not an event: nothing was done.
    #[oai(status = 400)]
    Refused(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum SandboxOrderResponse {
    /// The order and the session it pays for.
    #[oai(status = 200)]
    Ok(Json<SandboxOrderOut>),
    /// No such sandbox order, or not the caller's (or the gateway is not the sandbox).
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum SandboxPayResponse {
    /// Paid: the fields to post to `POST /api/payments/verify/`.
    #[oai(status = 200)]
    Ok(Json<SignedPaymentOut>),
    /// Field errors: `{"method": ["..."]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// The payment failed (as asked): `{"detail": "Payment failed: ..."}`.
    #[oai(status = 402)]
    Failed(Json<Detail>),
    /// No such sandbox order, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// The order is paid already, or the booking no longer awaits payment.
    #[oai(status = 409)]
    Refused(Json<Detail>),
}

// ---- The raw webhook body ---------------------------------------------

/// A JSON body kept as the exact bytes received: a webhook's signature is
/// over those bytes, not over any re-serialisation.
pub struct RawJson(pub Bytes);

impl Payload for RawJson {
    const CONTENT_TYPE: &'static str = "application/json";

    fn check_content_type(content_type: &str) -> bool {
        content_type
            .split(';')
            .next()
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            description: Some(
                "A Razorpay webhook event (`event`, `payload`, ...), signed as sent.",
            ),
            ..MetaSchema::new("object")
        }))
    }
}

poem_openapi::impl_apirequest_for_payload!(RawJson,);

impl ParsePayload for RawJson {
    const IS_REQUIRED: bool = true;

    async fn from_request(request: &Request, body: &mut RequestBody) -> poem::Result<Self> {
        use poem::FromRequest as _;
        Ok(RawJson(Bytes::from_request(request, body).await?))
    }
}

// ---- The operations ----------------------------------------------------

pub struct PaymentsApi {
    pub state: Arc<AppState>,
}

fn detail(message: impl Into<String>) -> Json<Detail> {
    Json(Detail::new(message))
}

fn gateway_down(e: impl std::fmt::Display) -> Json<Detail> {
    tracing::error!(error = %e, "the payment gateway failed");
    detail(payments::UNAVAILABLE)
}

#[OpenApi(tag = "ApiTags::Payments")]
impl PaymentsApi {
    /// Pay for a booking (the learner)
    ///
    /// Opens the gateway's checkout for a booking awaiting payment: an
    /// order for its price in paise (INR), reused while it is unpaid, so a
    /// second click pays the same order.
    #[oai(
        path = "/api/bookings/:id/checkout/",
        method = "post",
        operation_id = "checkoutBooking"
    )]
    async fn checkout(&self, auth: SignedIn, id: Path<String>) -> poem::Result<CheckoutResponse> {
        let now = self.state.clock.now();
        match payments::checkout(&self.state, &auth.0, &id.0, now).await {
            Ok(c) => Ok(CheckoutResponse::Ok(Json(c.into()))),
            Err(PaymentError::NotFound) => {
                Ok(CheckoutResponse::NotFound(Json(Detail::not_found())))
            }
            Err(PaymentError::NotLearner) => {
                Ok(CheckoutResponse::Forbidden(Json(Detail::not_permitted())))
            }
            Err(PaymentError::Refused(m)) => Ok(CheckoutResponse::Refused(detail(m))),
            Err(PaymentError::Gateway(e)) => Ok(CheckoutResponse::Unavailable(gateway_down(e))),
            Err(e) => Err(internal(e)),
        }
    }

    /// Verify a checkout payment (the learner)
    ///
    /// The checkout's callback: the signature of `order_id|payment_id` is
    /// checked in constant time against the order this server stored, then
    /// the payment is captured once and the booking confirmed. A repeated
    /// callback answers 200 with the booking and changes nothing.
    #[oai(
        path = "/api/payments/verify/",
        method = "post",
        operation_id = "verifyPayment"
    )]
    async fn verify(&self, auth: SignedIn, body: Json<VerifyBody>) -> poem::Result<VerifyResponse> {
        let now = self.state.clock.now();
        let b = body.0;
        let Some(callback) = forms::money::parse_verify(
            &b.razorpay_order_id,
            &b.razorpay_payment_id,
            &b.razorpay_signature,
        ) else {
            return Ok(VerifyResponse::NotVerified(detail(payments::NOT_VERIFIED)));
        };
        match payments::verify(&self.state, &auth.0, callback, now).await {
            Ok(booking) => Ok(VerifyResponse::Ok(Json(Box::new(Booking::of(
                booking,
                Party::Learner,
                now,
            ))))),
            Err(PaymentError::NotVerified) => {
                Ok(VerifyResponse::NotVerified(detail(payments::NOT_VERIFIED)))
            }
            Err(PaymentError::Declined(why)) => Ok(VerifyResponse::Failed(detail(&why))),
            Err(PaymentError::NotFound) => Ok(VerifyResponse::NotFound(Json(Detail::not_found()))),
            Err(PaymentError::NotLearner) => {
                Ok(VerifyResponse::Forbidden(Json(Detail::not_permitted())))
            }
            Err(e) => Err(internal(e)),
        }
    }

    /// Razorpay's webhooks (the gateway)
    ///
    /// Verified by `X-Razorpay-Signature` (hex HMAC-SHA256 of the raw body
    /// with the webhook secret) and de-duplicated by the event and the id
    /// of its entity, read from the signed body. `payment.captured` and
    /// `order.paid` capture the payment (once, in any order with the
    /// checkout's callback), `payment.authorized` has it captured,
    /// `payment.failed` marks an unpaid order failed, `refund.*` settle a
    /// refund; other events are acknowledged and ignored.
    #[oai(
        path = "/api/payments/webhooks/razorpay/",
        method = "post",
        operation_id = "razorpayWebhook"
    )]
    async fn webhook(
        &self,
        body: RawJson,
        #[oai(name = "X-Razorpay-Signature")] signature: Header<Option<String>>,
    ) -> poem::Result<WebhookResponse> {
        let now = self.state.clock.now();
        match payments::webhook(&self.state, &body.0, signature.0.as_deref(), now).await {
            Ok(outcome) => Ok(WebhookResponse::Ok(Json(WebhookAck {
                status: outcome.as_str().to_owned(),
            }))),
            Err(WebhookError::BadSignature) => {
                Ok(WebhookResponse::Refused(detail(payments::BAD_WEBHOOK)))
            }
            Err(WebhookError::NotAnEvent) => Ok(WebhookResponse::Refused(detail(
                "The body is not a webhook event: a JSON object with `event` is expected.",
            ))),
            Err(WebhookError::Payment(e)) => Err(internal(e)),
        }
    }

    /// A sandbox order (the learner)
    ///
    /// The built-in sandbox gateway's checkout page reads the order here:
    /// its amount, the session and the ways to pay. Only while the server's
    /// gateway is the sandbox.
    #[oai(
        path = "/api/payments/sandbox/:order_id/",
        method = "get",
        operation_id = "getSandboxOrder"
    )]
    async fn sandbox_order(
        &self,
        auth: SignedIn,
        order_id: Path<String>,
    ) -> poem::Result<SandboxOrderResponse> {
        match payments::sandbox_order(&self.state, &auth.0, &order_id.0).await {
            Ok(o) => Ok(SandboxOrderResponse::Ok(Json(SandboxOrderOut {
                order_id: o.payment.order_id,
                amount_paise: o.payment.amount_paise.to_i64(),
                currency: o.payment.currency,
                status: o.payment.status.to_string(),
                booking: SandboxBooking {
                    id: o.booking.id,
                    service_title: o.booking.service_title,
                    mentor_name: o.booking.mentor_name,
                    start: o.booking.start_at,
                    end: o.booking.end_at,
                    price_paise: o.booking.price_paise.to_i64(),
                    pay_by: o.booking.pay_by,
                },
                methods: payments::SANDBOX_METHODS.map(str::to_owned).to_vec(),
            }))),
            Err(PaymentError::NotFound | PaymentError::NotLearner) => {
                Ok(SandboxOrderResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(internal(e)),
        }
    }

    /// Pay a sandbox order (the learner)
    ///
    /// Succeeds or fails as asked, moving no money. On success it answers
    /// the `razorpay_*` fields signed with the sandbox's secret, which the
    /// web app posts to `POST /api/payments/verify/` exactly as Razorpay's
    /// Checkout would.
    #[oai(
        path = "/api/payments/sandbox/:order_id/pay/",
        method = "post",
        operation_id = "paySandboxOrder"
    )]
    async fn sandbox_pay(
        &self,
        auth: SignedIn,
        order_id: Path<String>,
        body: Json<SandboxPayBody>,
    ) -> poem::Result<SandboxPayResponse> {
        let now = self.state.clock.now();
        let succeed = body.0.outcome == SandboxOutcome::Success;
        let method = forms::money::parse_sandbox_pay(&body.0.method);
        match payments::sandbox_pay(&self.state, &auth.0, &order_id.0, method, succeed, now).await {
            Ok(p) => Ok(SandboxPayResponse::Ok(Json(SignedPaymentOut {
                razorpay_order_id: p.order_id,
                razorpay_payment_id: p.payment_id,
                razorpay_signature: p.signature,
            }))),
            Err(PaymentError::Invalid(f)) => Ok(SandboxPayResponse::Invalid(Json(f))),
            Err(PaymentError::Declined(m)) => Ok(SandboxPayResponse::Failed(detail(m))),
            Err(PaymentError::NotFound | PaymentError::NotLearner) => {
                Ok(SandboxPayResponse::NotFound(Json(Detail::not_found())))
            }
            Err(PaymentError::Refused(m)) => Ok(SandboxPayResponse::Refused(detail(m))),
            Err(e) => Err(internal(e)),
        }
    }
}

/// A failure with no answer of its own: a logged 500 that hides its cause.
fn internal(e: PaymentError) -> poem::Error {
    match e {
        PaymentError::Store(e) => e.into(),
        PaymentError::Booking(e) => e.into(),
        e => crate::error::internal(e),
    }
}

//! Paying for a booking (issue 12): the checkout, the checkout's signed
//! callback, the gateway's webhooks and the built-in sandbox's checkout
//! page, over a [`Gateway`] (the sandbox or Razorpay, `PAYMENT_GATEWAY`).
//!
//! A payment is captured once: one unit of work marks the order captured
//! with a conditional update (a replay changes nothing), checks the amount
//! against the order's, and hands the booking the money
//! ([`crate::bookings::payment_captured`]). The callback and the webhooks
//! may arrive in any order and any number of times.

pub mod adjustments;
pub use crate::gateway;
pub mod reconciliation;
pub mod standin;

use std::collections::BTreeMap;

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::booking::{Party, Status};
use domain_wasm::forms::FieldErrors;
use domain_wasm::forms::money::CheckoutCallback;
use domain_wasm::money::Paise;
use domain_wasm::payments::PaymentStatus;

pub use gateway::{
    CURRENCY, Gateway, GatewayError, GatewayPayment, GatewayPaymentStatus, GatewayRefund,
    GatewayRefundStatus, Order, RazorpayGateway, RefundEvent, SandboxGateway, refund_event, sign,
    signature_matches,
};

use crate::auth::Caller;
use crate::bookings::{self, BookingError, BookingRecord};
use crate::state::AppState;
use crate::store::payments::{NewPayment, PaymentRow};
use crate::store::{StoreError, Tx};

/// The answer to a checkout callback whose signature does not hold.
pub const NOT_VERIFIED: &str =
    "The payment could not be verified. You have not been charged twice; please try again.";
/// The answer to a checkout while a payment of the booking is being
/// confirmed with the gateway: paying again could take the money twice.
pub const CONFIRMING: &str = "Your payment is being confirmed with your bank. You'll get an e-mail as soon as your session is confirmed; there is no need to pay again.";
/// The answer to a webhook whose signature does not hold.
pub const BAD_WEBHOOK: &str = "The webhook's signature is missing or does not match its body.";
/// The answer when the gateway does not answer.
pub const UNAVAILABLE: &str =
    "The payment service is not answering just now. Please try again in a minute.";

/// The sandbox checkout's payment methods (the crate declares them with
/// its body, `SandboxPayBody`).
pub use domain_wasm::forms::money::SANDBOX_METHODS;

/// Why a payment use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// No such booking or order, or not the caller's (404).
    #[error("not found")]
    NotFound,
    /// A participant who is not the learner (403).
    #[error("not the learner")]
    NotLearner,
    /// The booking does not take a payment now (409 `{"detail"}`).
    #[error("{0}")]
    Refused(String),
    /// The callback's signature does not hold (400, [`NOT_VERIFIED`]).
    #[error("not verified")]
    NotVerified,
    /// Field errors (400 `{"field": ["message"]}`).
    #[error("invalid: {0:?}")]
    Invalid(FieldErrors),
    /// The sandbox's payment failed, as the learner asked (402).
    #[error("{0}")]
    Declined(String),
    /// The gateway did not answer (503).
    #[error(transparent)]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(StoreError),
    #[error(transparent)]
    Booking(BookingError),
}

impl From<StoreError> for PaymentError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => PaymentError::NotFound,
            e => PaymentError::Store(e),
        }
    }
}

impl From<BookingError> for PaymentError {
    fn from(e: BookingError) -> Self {
        match e {
            BookingError::NotFound => PaymentError::NotFound,
            BookingError::Refused(message) => PaymentError::Refused(message),
            e => PaymentError::Booking(e),
        }
    }
}

impl From<GatewayError> for PaymentError {
    fn from(e: GatewayError) -> Self {
        match e {
            GatewayError::Store(e) => PaymentError::Store(e),
            e => PaymentError::Gateway(e),
        }
    }
}

/// What the web app needs to open the gateway's checkout.
#[derive(Debug, Clone)]
pub struct Checkout {
    pub gateway: &'static str,
    pub order_id: String,
    pub amount_paise: Paise,
    pub currency: String,
    pub key_id: Option<String>,
    pub checkout_url: Option<String>,
    /// What the checkout shows as the merchant.
    pub name: String,
    /// What is being paid for.
    pub description: String,
    pub prefill_name: String,
    pub prefill_email: String,
}

/// The booking, when `caller` is its learner: 404 to strangers, 403 to
/// its mentor and administrators.
async fn learners_booking(
    state: &AppState,
    caller: &Caller,
    booking_id: &str,
) -> Result<BookingRecord, PaymentError> {
    let booking = state.store.booking(booking_id).await?;
    match bookings::party_of(caller, &booking) {
        Some(Party::Learner) => Ok(booking),
        Some(_) => Err(PaymentError::NotLearner),
        None => Err(PaymentError::NotFound),
    }
}

/// Why a booking takes no payment now, in the learner's words; `None`
/// when it awaits one.
fn why_no_payment(booking: &BookingRecord, now: DateTime<Utc>) -> Option<String> {
    if booking.payment_confirming {
        return Some(CONFIRMING.to_owned());
    }
    let message = match bookings::status_now(booking, now) {
        Status::PaymentRequired if booking.price_paise > booking.paid_paise => return None,
        Status::PaymentRequired | Status::Confirmed | Status::Completed => {
            "This session is already paid for."
        }
        Status::Pending => {
            "The mentor has not accepted this request yet; you can pay once they do."
        }
        Status::Expired => {
            "The time to pay for this session ran out and its slot was released. Please book the session again."
        }
        Status::Cancelled => "This booking was cancelled, so there is nothing to pay.",
        Status::NoShow => "This session is over, so there is nothing to pay.",
    };
    Some(message.to_owned())
}

/// Opens the checkout for the learner's booking awaiting payment: the
/// booking's open order when there is one for the amount due (a second
/// click pays the same order), else a new order at the gateway.
pub async fn checkout(
    state: &AppState,
    caller: &Caller,
    booking_id: &str,
    now: DateTime<Utc>,
) -> Result<Checkout, PaymentError> {
    let booking = learners_booking(state, caller, booking_id).await?;
    if let Some(why) = why_no_payment(&booking, now) {
        return Err(PaymentError::Refused(why));
    }
    // More than was paid: `why_no_payment` saw to it.
    let amount = booking.price_paise.saturating_sub(booking.paid_paise);
    let gateway = state.payments.as_ref();
    let order_id = match state
        .store
        .open_payment(&booking.id, gateway.name(), amount)
        .await?
    {
        Some(open) => open.order_id,
        None => {
            let payment_id = crate::auth::tokens::random_id();
            let notes = BTreeMap::from([("booking_id".to_owned(), booking.id.clone())]);
            let order = gateway.create_order(amount, &payment_id, &notes).await?;
            state
                .store
                .insert_payment(
                    &NewPayment {
                        id: &payment_id,
                        booking_id: &booking.id,
                        gateway: gateway.name(),
                        order_id: &order.id,
                        // The gateway made the order for `amount`, or refused.
                        amount_paise: order.amount_paise,
                        currency: &order.currency,
                    },
                    now,
                )
                .await?;
            if !gateway.signature_is_proof() {
                // Checked with the gateway if no payment has come by then.
                state
                    .store
                    .enqueue_job(
                        RECONCILE,
                        &order.id,
                        &serde_json::json!({ "order_id": order.id }),
                        now + RECONCILE_AFTER,
                        now,
                    )
                    .await?;
            }
            order.id
        }
    };
    Ok(Checkout {
        gateway: gateway.name(),
        checkout_url: match gateway.sandbox() {
            Some(_) => Some(format!("/api/payments/sandbox/{order_id}/")),
            None => gateway.checkout_script().map(str::to_owned),
        },
        order_id,
        amount_paise: amount,
        currency: CURRENCY.to_owned(),
        key_id: gateway.key_id().map(str::to_owned),
        name: "MentorBridge".to_owned(),
        description: format!("{} with {}", booking.service_title, booking.mentor_name),
        prefill_name: booking.learner_name.clone(),
        prefill_email: booking.learner_email.clone(),
    })
}

/// How a capture went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Captured {
    /// Captured now; the booking has the money.
    Now,
    /// Captured before (a replay): nothing changed.
    Already,
    /// Money for a booking another order had paid: recorded as owed back.
    Extra,
}

/// Why a capture was refused.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    #[error("no such order")]
    UnknownOrder,
    #[error("{paid} paise paid for an order of {ordered}")]
    AmountMismatch { paid: i64, ordered: i64 },
    #[error(transparent)]
    Payment(#[from] PaymentError),
}

impl From<StoreError> for CaptureError {
    fn from(e: StoreError) -> Self {
        CaptureError::Payment(PaymentError::Store(e))
    }
}

impl From<BookingError> for CaptureError {
    fn from(e: BookingError) -> Self {
        CaptureError::Payment(PaymentError::from(e))
    }
}

/// Captures `payment_id` of `amount_paise` (as the gateway reports it) on
/// our order `order_id` inside `tx`: once (the conditional update), only
/// for the order's amount, and the booking gets the money in the same unit
/// of work.
pub async fn capture(
    state: &AppState,
    tx: &mut Tx,
    order_id: &str,
    payment_id: &str,
    amount_paise: i64,
    method: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(Captured, PaymentRow), CaptureError> {
    let payment = tx
        .payment_by_order(order_id)
        .await?
        .ok_or(CaptureError::UnknownOrder)?;
    if payment.status == PaymentStatus::Captured || payment.payment_id.is_some() {
        return Ok((Captured::Already, payment));
    }
    if Paise::try_from(amount_paise) != Ok(payment.amount_paise) {
        return Err(CaptureError::AmountMismatch {
            paid: amount_paise,
            ordered: payment.amount_paise.to_i64(),
        });
    }
    let amount = payment.amount_paise;
    // The claim row-locks the order: a concurrent delivery of the same
    // payment waits here, then finds it claimed and changes nothing.
    if !tx.claim_payment(order_id, payment_id, method).await? {
        return Ok((Captured::Already, payment));
    }
    let elsewhere = tx
        .booking_captured_elsewhere(&payment.booking_id, order_id)
        .await?;
    let booked = tx.booking(&payment.booking_id).await?;
    // The booking takes the money before this order counts as paid (its
    // paid_paise is what was captured before this payment).
    bookings::payment_captured(state, tx, &payment.booking_id, amount, now).await?;
    // The ledger records the money in the same unit of work: the
    // commission at the mentor's rate now, fixed on the payment and the
    // booking; a second payment is owed back whole (no commission).
    let captured = if elsewhere {
        tracing::warn!(
            booking = %payment.booking_id, order = order_id, payment = payment_id,
            "a second payment for a paid booking: recorded as owed back"
        );
        tx.mark_extra_payment(order_id, now).await?;
        crate::ledger::record_overpayment(
            tx,
            &payment.id,
            &payment.booking_id,
            amount,
            payment.gateway == "sandbox",
            now,
        )
        .await?;
        Captured::Extra
    } else {
        tx.mark_captured(order_id, now).await?;
        crate::ledger::record_capture(
            tx,
            &payment.id,
            &payment.booking_id,
            booked.mentor_id,
            amount,
            payment.gateway == "sandbox",
            now,
        )
        .await?;
        Captured::Now
    };
    // Every payment received gets its receipt, e-mailed to the learner.
    crate::receipts::issue(
        state,
        tx,
        crate::receipts::ReceiptFor::Payment {
            payment_id: &payment.id,
        },
        &payment.booking_id,
        booked.learner_id,
        amount,
        now,
    )
    .await?;
    crate::webhooks::payment_captured(tx, &payment, payment_id, method, now).await?;
    Ok((captured, payment))
}

/// The checkout's callback (parsed by
/// `domain_wasm::forms::money::parse_verify`): the gateway's signature of
/// `order_id|payment_id` (the order as WE stored it) checked, then the
/// payment captured. A
/// replay answers like the first call. Gives the booking, as it is now.
pub async fn verify(
    state: &AppState,
    caller: &Caller,
    callback: CheckoutCallback<'_>,
    now: DateTime<Utc>,
) -> Result<BookingRecord, PaymentError> {
    let CheckoutCallback {
        order_id,
        payment_id,
        signature,
    } = callback;
    let stored = state
        .store
        .payment_by_order(order_id)
        .await?
        .ok_or(PaymentError::NotVerified)?;
    let booking = learners_booking(state, caller, &stored.booking_id).await?;
    if !state
        .payments
        .verify_checkout(&stored.order_id, payment_id, signature)
        .await?
    {
        tracing::info!(
            order = order_id,
            "a checkout callback with a wrong signature"
        );
        return Err(PaymentError::NotVerified);
    }
    if state.payments.signature_is_proof() {
        // The sandbox signed for itself: its signature is the payment.
        book_capture(state, &stored, payment_id, stored.amount_paise, None, now).await?;
        return Ok(state.store.booking(&booking.id).await?);
    }
    // A signature proves the checkout said so, not that the money was
    // taken: the gateway is asked before the booking is confirmed.
    match state.payments.fetch_payment(payment_id).await {
        Ok(payment) => settle(state, &stored, payment, now).await?,
        Err(GatewayError::Refused(why)) => {
            tracing::warn!(order = order_id, payment = payment_id, %why,
                "a signed checkout whose payment the gateway does not know");
            return Err(PaymentError::NotVerified);
        }
        Err(GatewayError::Unavailable(why)) => {
            tracing::warn!(order = order_id, payment = payment_id, %why,
                "the gateway cannot be asked about a payment now: it is being confirmed");
            confirm_later(state, &stored, payment_id, now).await?;
        }
        Err(GatewayError::Store(e)) => return Err(e.into()),
    }
    Ok(state.store.booking(&booking.id).await?)
}

/// Books a payment the gateway (or the sandbox's signature) says was
/// captured, in one unit of work ([`capture`]); the order's confirmation,
/// if one was under way, ends with it.
async fn book_capture(
    state: &AppState,
    stored: &PaymentRow,
    payment_id: &str,
    amount_paise: Paise,
    method: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Captured, PaymentError> {
    let mut tx = state.store.begin().await?;
    let captured = match capture(
        state,
        &mut tx,
        &stored.order_id,
        payment_id,
        amount_paise.to_i64(),
        method,
        now,
    )
    .await
    {
        Ok((captured, _)) => captured,
        Err(CaptureError::UnknownOrder) => return Err(PaymentError::NotVerified),
        Err(CaptureError::AmountMismatch { paid, ordered }) => {
            tracing::error!(order = %stored.order_id, payment = payment_id, paid, ordered,
                "the gateway took another amount than the order's: left for reconciliation");
            return Err(PaymentError::NotVerified);
        }
        Err(CaptureError::Payment(e)) => return Err(e),
    };
    tx.end_confirming(&stored.order_id).await?;
    tx.cancel_jobs(CONFIRM, &stored.order_id).await?;
    tx.commit().await?;
    written(state);
    Ok(captured)
}

/// The kind of the job that asks the gateway again about a payment being
/// confirmed (key: our order id): [`confirm`].
pub const CONFIRM: &str = "payment_confirm";
/// The kind of the job that checks an order still unpaid with the gateway
/// (key: our order id): [`reconcile_order`].
pub const RECONCILE: &str = "payment_reconcile";
/// How long after a checkout an order still unpaid is first checked.
pub const RECONCILE_AFTER: TimeDelta = TimeDelta::minutes(15);
/// How long an unpaid order keeps being checked (the gateway authorises a
/// small share of payments late).
pub const RECONCILE_FOR: TimeDelta = TimeDelta::days(3);

/// Acts on what the gateway says of the payment a checkout named: an
/// authorised payment is captured through its API, a captured one booked,
/// a failed one recorded (402), one still in progress (or a capture the
/// gateway cannot make now) confirmed later.
async fn settle(
    state: &AppState,
    stored: &PaymentRow,
    payment: GatewayPayment,
    now: DateTime<Utc>,
) -> Result<(), PaymentError> {
    if payment.order_id.as_deref() != Some(stored.order_id.as_str()) || payment.currency != CURRENCY
    {
        tracing::warn!(order = %stored.order_id, payment = %payment.id, paid_for = ?payment.order_id,
            "a signed checkout names a payment of another order");
        return Err(PaymentError::NotVerified);
    }
    let payment = match payment.status {
        GatewayPaymentStatus::Authorized => {
            match state
                .payments
                .capture_payment(&payment.id, payment.amount_paise)
                .await
            {
                Ok(captured) => captured,
                // Captured meanwhile (a webhook, another process): ask again.
                Err(GatewayError::Refused(_)) => state.payments.fetch_payment(&payment.id).await?,
                Err(GatewayError::Unavailable(_)) => {
                    return confirm_later(state, stored, &payment.id, now).await;
                }
                Err(GatewayError::Store(e)) => return Err(e.into()),
            }
        }
        _ => payment,
    };
    match payment.status {
        status if status.money_taken() => {
            book_capture(
                state,
                stored,
                &payment.id,
                payment.amount_paise,
                payment.method.as_deref(),
                now,
            )
            .await?;
            Ok(())
        }
        GatewayPaymentStatus::Failed => {
            payment_failed(state, stored, &payment.id, payment.method.as_deref(), now).await?;
            Err(PaymentError::Declined(
                "Payment failed: your bank did not approve it. No money was taken; please try again."
                    .to_owned(),
            ))
        }
        _ => confirm_later(state, stored, &payment.id, now).await,
    }
}

/// The gateway said the payment failed: the order is marked failed and a
/// frozen deadline runs again from where it stood.
async fn payment_failed(
    state: &AppState,
    stored: &PaymentRow,
    payment_id: &str,
    method: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), PaymentError> {
    let mut tx = state.store.begin().await?;
    fail_order(&mut tx, &stored.order_id, payment_id, method, now).await?;
    tx.commit().await?;
    written(state);
    Ok(())
}

/// In `tx`: order `order_id`'s payment `payment_id` failed. The order is
/// marked failed unless money came on it or another of its payments is
/// being confirmed; if this payment was being confirmed, the booking's
/// frozen deadline runs again from where it stood. `false` when nothing
/// changed.
async fn fail_order(
    tx: &mut Tx,
    order_id: &str,
    payment_id: &str,
    method: Option<&str>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let Some(current) = tx.payment_by_order(order_id).await? else {
        return Ok(false);
    };
    if !tx.fail_payment(order_id, payment_id, method).await? {
        return Ok(false);
    }
    if current.confirming_payment_id.as_deref() == Some(payment_id)
        && tx.end_confirming(order_id).await?
        && let Some(pay_by) = current.frozen_pay_by
        && tx.set_pay_by(&current.booking_id, pay_by, now).await?
    {
        let payload = serde_json::json!({ "booking_id": current.booking_id });
        tx.enqueue_job(
            crate::bookings::BOOKING_DUE,
            &current.booking_id,
            &payload,
            pay_by.max(now),
            now,
        )
        .await?;
    }
    tx.cancel_jobs(CONFIRM, order_id).await?;
    Ok(true)
}

/// The gateway cannot say now what became of `payment_id`: the order is
/// "being confirmed", the booking's payment deadline frozen (never past
/// the session's start), and a job asks again.
async fn confirm_later(
    state: &AppState,
    stored: &PaymentRow,
    payment_id: &str,
    now: DateTime<Utc>,
) -> Result<(), PaymentError> {
    let mut tx = state.store.begin().await?;
    let booking = tx.booking(&stored.booking_id).await?;
    if tx
        .mark_confirming(&stored.order_id, payment_id, booking.pay_by, now)
        .await?
    {
        tx.set_pay_by(&booking.id, booking.start_at, now).await?;
    }
    let payload = serde_json::json!({ "order_id": stored.order_id });
    tx.enqueue_job(
        CONFIRM,
        &stored.order_id,
        &payload,
        now + TimeDelta::minutes(1),
        now,
    )
    .await?;
    tx.commit().await?;
    written(state);
    Ok(())
}

/// The `payment_confirm` job: asks the gateway again about the payment a
/// verified checkout named; an error (no answer yet) is retried.
pub async fn confirm(state: &AppState, order_id: &str, now: DateTime<Utc>) -> Result<(), String> {
    let stored = match state.store.payment_by_order(order_id).await {
        Ok(Some(p)) => p,
        Ok(None) => return Ok(()),
        Err(e) => return Err(e.to_string()),
    };
    let Some(payment_id) = stored.confirming_payment_id.clone() else {
        return Ok(()); // settled meanwhile (a webhook, the reconciliation)
    };
    let payment = state
        .payments
        .fetch_payment(&payment_id)
        .await
        .map_err(|e| format!("order {order_id}: {e}"))?;
    match settle(state, &stored, payment, now).await {
        Ok(()) | Err(PaymentError::Declined(_)) | Err(PaymentError::NotVerified) => {}
        Err(e) => return Err(format!("order {order_id}: {e}")),
    }
    match state.store.payment_by_order(order_id).await {
        Ok(Some(p)) if p.confirming_since.is_some() => Err(format!(
            "order {order_id}: the gateway has not settled {payment_id} yet"
        )),
        Ok(_) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// The `payment_reconcile` job: an order still unpaid is checked with the
/// gateway, 15 minutes after its checkout and then less and less often for
/// three days; a payment taken (or authorised, then captured) on it is
/// booked like a webhook's, and refunded automatically when the booking
/// can no longer be confirmed.
pub async fn reconcile_order(
    state: &AppState,
    order_id: &str,
    now: DateTime<Utc>,
) -> Result<(), String> {
    let stored = match state.store.payment_by_order(order_id).await {
        Ok(Some(p)) => p,
        Ok(None) => return Ok(()),
        Err(e) => return Err(e.to_string()),
    };
    if stored.status == PaymentStatus::Captured
        || stored.payment_id.is_some()
        || state.payments.signature_is_proof()
    {
        return Ok(());
    }
    let payments = state
        .payments
        .order_payments(order_id)
        .await
        .map_err(|e| format!("order {order_id}: {e}"))?;
    let taken = payments
        .iter()
        .find(|p| p.status.money_taken() || p.status == GatewayPaymentStatus::Authorized);
    if let Some(payment) = taken.cloned() {
        tracing::info!(order = order_id, payment = %payment.id,
            "reconciliation found a payment no callback or webhook brought");
        match settle(state, &stored, payment, now).await {
            Ok(()) | Err(PaymentError::Declined(_)) | Err(PaymentError::NotVerified) => {}
            Err(e) => return Err(format!("order {order_id}: {e}")),
        }
    }
    let settled = matches!(state.store.payment_by_order(order_id).await,
        Ok(Some(p)) if p.status == PaymentStatus::Captured || p.payment_id.is_some());
    let age = now - stored.created_at;
    if !settled && age < RECONCILE_FOR {
        let next = now + (age / 4).clamp(RECONCILE_AFTER, TimeDelta::hours(12));
        let mut tx = state.store.begin().await.map_err(|e| e.to_string())?;
        tx.enqueue_job(
            RECONCILE,
            order_id,
            &serde_json::json!({ "order_id": order_id }),
            next,
            now,
        )
        .await
        .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// After a commit: the catalogue's slots, the mailer and the job worker
/// see the booking's change at once.
fn written(state: &AppState) {
    state.store.catalogue_written();
    state.mailer.wake();
    state.jobs.wake();
}

/// What a webhook delivery did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// The event changed what it had to (or found it already done).
    Processed,
    /// This event id was received before: nothing done.
    Duplicate,
    /// An event we do not act on, or about an order that is not ours.
    Ignored,
    /// Refused (an amount that is not the order's): recorded, nothing changed.
    Refused,
}

impl WebhookOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            WebhookOutcome::Processed => "processed",
            WebhookOutcome::Duplicate => "duplicate",
            WebhookOutcome::Ignored => "ignored",
            WebhookOutcome::Refused => "refused",
        }
    }
}

/// Why a webhook delivery was refused (400).
#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    #[error("bad signature")]
    BadSignature,
    #[error("the body is not a JSON event")]
    NotAnEvent,
    #[error(transparent)]
    Payment(PaymentError),
}

impl From<StoreError> for WebhookError {
    fn from(e: StoreError) -> Self {
        WebhookError::Payment(PaymentError::Store(e))
    }
}

/// The key a webhook event is de-duplicated by: the event and the id of
/// the entity it is about, read from the signed body (`payment.captured` of
/// `pay_X` is one event however often, and under whatever delivery id, it
/// comes). `None` when the body names no entity.
pub fn event_key(event: &str, body: &serde_json::Value) -> Option<String> {
    let entity = if event.starts_with("refund.") {
        "refund"
    } else if event.starts_with("payment.dispute.") {
        "dispute"
    } else if event.starts_with("order.") {
        "order"
    } else {
        "payment"
    };
    let id = body
        .pointer(&format!("/payload/{entity}/entity/id"))
        .or_else(|| {
            // An order's event names its order in its payment too.
            (entity == "order")
                .then(|| body.pointer("/payload/payment/entity/order_id"))
                .flatten()
        })
        .and_then(|v| v.as_str())
        .map(str::trim)
        .filter(|id| !id.is_empty() && id.len() <= 100)?;
    Some(format!("{event}:{id}"))
}

/// A webhook of the gateway: its signature over the exact raw body
/// checked, de-duplicated by (event, entity id) read from that body
/// ([`event_key`]; the unsigned `X-Razorpay-Event-Id` header is not
/// trusted), then `payment.captured` and `order.paid` capture (like the
/// callback, once), `payment.authorized` has the order reconciled (the
/// payment captured through the API), `payment.failed` marks an order
/// nothing was received on, `refund.*` settle our refund they name, once
/// ([`crate::refunds::on_webhook`]); anything else is ignored. An event
/// that changed nothing is not remembered, so a later delivery is read
/// again; every change is conditional on the current state.
pub async fn webhook(
    state: &AppState,
    raw_body: &[u8],
    signature: Option<&str>,
    now: DateTime<Utc>,
) -> Result<WebhookOutcome, WebhookError> {
    let signature = signature.map(str::trim).unwrap_or_default();
    if signature.is_empty()
        || !state
            .payments
            .verify_webhook(raw_body, signature)
            .await
            .map_err(|e| WebhookError::Payment(e.into()))?
    {
        return Err(WebhookError::BadSignature);
    }
    let body: serde_json::Value =
        serde_json::from_slice(raw_body).map_err(|_| WebhookError::NotAnEvent)?;
    let event = body
        .get("event")
        .and_then(|e| e.as_str())
        .ok_or(WebhookError::NotAnEvent)?;
    let event: String = event.chars().take(100).collect();
    let Some(key) = event_key(&event, &body) else {
        return Ok(WebhookOutcome::Ignored);
    };
    let mut tx = state.store.begin().await?;
    if !tx
        .record_webhook_event("razorpay", &key, &event, now)
        .await?
    {
        return Ok(WebhookOutcome::Duplicate);
    }
    let payment = body.pointer("/payload/payment/entity");
    let text = |key: &str| {
        payment
            .and_then(|p| p.get(key))
            .and_then(|v| v.as_str())
            .map(str::to_owned)
    };
    let outcome = match event.as_str() {
        "payment.captured" | "order.paid" => {
            let order_id = text("order_id").or_else(|| {
                body.pointer("/payload/order/entity/id")
                    .and_then(|v| v.as_str())
                    .map(str::to_owned)
            });
            let amount = payment
                .and_then(|p| p.get("amount"))
                .and_then(|a| a.as_i64());
            match (order_id, text("id"), amount) {
                (Some(order_id), Some(payment_id), Some(amount)) => {
                    let method = text("method");
                    match capture(
                        state,
                        &mut tx,
                        &order_id,
                        &payment_id,
                        amount,
                        method.as_deref(),
                        now,
                    )
                    .await
                    {
                        Ok(_) => WebhookOutcome::Processed,
                        Err(CaptureError::UnknownOrder) => WebhookOutcome::Ignored,
                        Err(CaptureError::AmountMismatch { paid, ordered }) => {
                            tracing::warn!(
                                order = %order_id, payment = %payment_id, paid, ordered,
                                "a webhook's payment amount is not its order's: refused"
                            );
                            WebhookOutcome::Refused
                        }
                        Err(CaptureError::Payment(e)) => return Err(WebhookError::Payment(e)),
                    }
                }
                _ => WebhookOutcome::Ignored,
            }
        }
        "payment.authorized" => match text("order_id") {
            Some(order_id) if tx.payment_by_order(&order_id).await?.is_some() => {
                // Captured through the API by the reconciliation unless
                // the capture (automatic at Razorpay, or the checkout's
                // callback) comes in the next two minutes.
                tx.enqueue_job(
                    RECONCILE,
                    &order_id,
                    &serde_json::json!({ "order_id": order_id }),
                    now + TimeDelta::minutes(2),
                    now,
                )
                .await?;
                WebhookOutcome::Processed
            }
            _ => WebhookOutcome::Ignored,
        },
        "payment.failed" => match (text("order_id"), text("id")) {
            (Some(order_id), Some(payment_id)) => {
                if fail_order(
                    &mut tx,
                    &order_id,
                    &payment_id,
                    text("method").as_deref(),
                    now,
                )
                .await?
                {
                    WebhookOutcome::Processed
                } else {
                    WebhookOutcome::Ignored
                }
            }
            _ => WebhookOutcome::Ignored,
        },
        // A refund's news settles our refund once (issue 13); a refund
        // that is not ours was made on the gateway's side (issue 19).
        e if e.starts_with("refund.") => {
            let ours = match refund_event(&body) {
                Some(refund) => tx
                    .refund_of_gateway(Some(&refund.gateway_refund_id), refund.receipt.as_deref())
                    .await?
                    .map(|_| refund),
                None => None,
            };
            let changed = match (ours, adjustments::read_event(e, &body)) {
                (Some(refund), _) => {
                    crate::refunds::on_webhook(state, &mut tx, &refund, now).await?
                }
                (None, Some(news)) => {
                    adjustments::record(&mut tx, state.payments.name(), &news, now).await?
                }
                (None, None) => false,
            };
            if changed {
                WebhookOutcome::Processed
            } else {
                WebhookOutcome::Ignored
            }
        }
        e if e.starts_with("payment.dispute.") => match adjustments::read_event(e, &body) {
            Some(news)
                if adjustments::record(&mut tx, state.payments.name(), &news, now).await? =>
            {
                WebhookOutcome::Processed
            }
            _ => WebhookOutcome::Ignored,
        },
        _ => WebhookOutcome::Ignored,
    };
    if outcome != WebhookOutcome::Processed {
        tx.forget_webhook_event("razorpay", &key).await?;
    }
    tx.commit().await?;
    if outcome == WebhookOutcome::Processed {
        written(state);
    }
    Ok(outcome)
}

/// A sandbox order, for its checkout page.
#[derive(Debug, Clone)]
pub struct SandboxOrder {
    pub payment: PaymentRow,
    pub booking: BookingRecord,
}

/// The sandbox order `order_id` of the caller's booking.
pub async fn sandbox_order(
    state: &AppState,
    caller: &Caller,
    order_id: &str,
) -> Result<SandboxOrder, PaymentError> {
    if state.payments.sandbox().is_none() {
        return Err(PaymentError::NotFound);
    }
    let payment = state
        .store
        .payment_by_order(order_id)
        .await?
        .filter(|p| p.gateway == "sandbox")
        .ok_or(PaymentError::NotFound)?;
    let booking = match learners_booking(state, caller, &payment.booking_id).await {
        Err(PaymentError::NotLearner) => return Err(PaymentError::NotFound),
        other => other?,
    };
    Ok(SandboxOrder { payment, booking })
}

/// The fields the checkout hands the web app on success.
#[derive(Debug, Clone)]
pub struct SignedPayment {
    pub order_id: String,
    pub payment_id: String,
    pub signature: String,
}

/// Pays a sandbox order by `method` (as
/// `domain_wasm::forms::money::parse_sandbox_pay` read it: its errors are
/// answered once the order is known to take a payment), succeeding or
/// failing as asked: on success the signed fields Razorpay's checkout would
/// give, for `/api/payments/verify/`. No money moves.
pub async fn sandbox_pay(
    state: &AppState,
    caller: &Caller,
    order_id: &str,
    method: Result<&str, FieldErrors>,
    succeed: bool,
    now: DateTime<Utc>,
) -> Result<SignedPayment, PaymentError> {
    let Some(sandbox) = state.payments.sandbox() else {
        return Err(PaymentError::NotFound);
    };
    let order = sandbox_order(state, caller, order_id).await?;
    if order.payment.status == PaymentStatus::Captured || order.payment.payment_id.is_some() {
        return Err(PaymentError::Refused(
            "This order is already paid.".to_owned(),
        ));
    }
    if let Some(why) = why_no_payment(&order.booking, now) {
        return Err(PaymentError::Refused(why));
    }
    let method = method.map_err(PaymentError::Invalid)?;
    state.store.set_payment_method(order_id, method).await?;
    if !succeed {
        return Err(PaymentError::Declined(
            "Payment failed: the test bank declined it (you asked for a failure). No money was taken; try again."
                .to_owned(),
        ));
    }
    let payment_id = SandboxGateway::new_payment_id();
    let signature = sandbox.sign_payment(order_id, &payment_id).await?;
    Ok(SignedPayment {
        order_id: order_id.to_owned(),
        payment_id,
        signature,
    })
}

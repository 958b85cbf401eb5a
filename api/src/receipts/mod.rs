//! Receipts (issue 13): every captured payment and every processed refund
//! gets one, numbered `MM-<year>-<sequence>` (the year it was issued in
//! India, the receipt row's id; `TEST-<year>-<sequence>` for the sandbox's
//! money, which never moved), e-mailed to the learner and downloadable
//! from the booking page as a printable HTML page.
//!
//! [`issue`] runs in the caller's unit of work, with the event it records
//! (the capture in `payments::capture`, the refund's settlement in
//! `refunds`), so a receipt exists exactly when the money moved; issuing
//! the same payment's or refund's receipt again gives back its number and
//! sends nothing.

pub mod templates;

use chrono::{DateTime, Datelike, Utc};
use chrono_tz::Asia::Kolkata;
use domain_wasm::money::Paise;

use crate::state::AppState;
pub use crate::store::receipts::ReceiptFor;
use crate::store::receipts::{ReceiptDetail, ReceiptRow};
use crate::store::{StoreError, Tx};

/// What a receipt is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReceiptKind {
    /// Money the learner paid (a captured payment).
    Payment,
    /// Money returned to the learner (a processed refund).
    Refund,
}

impl ReceiptKind {
    /// The `receipts.kind` column's value.
    pub fn as_str(self) -> &'static str {
        match self {
            ReceiptKind::Payment => "payment",
            ReceiptKind::Refund => "refund",
        }
    }

    pub fn parse(s: &str) -> Option<ReceiptKind> {
        match s {
            "payment" => Some(ReceiptKind::Payment),
            "refund" => Some(ReceiptKind::Refund),
            _ => None,
        }
    }
}

/// What a receipt prints for a tax detail the business has no number for
/// yet ("GSTIN: —").
pub const NOT_YET: &str = "—";

/// The SAC (services accounting code) of the platform's service: other
/// professional, technical and business services, online.
pub const SAC: &str = "999293";

/// Issues the receipt of `of` (a payment of ours, or a refund of ours;
/// the refund row must exist) for booking `booking_id`'s learner
/// `learner_id`, of `amount_paise` (> 0), at `now`, in `tx`, with the event
/// it records; and enqueues its e-mail to the learner in the same unit of
/// work (wake the mailer after the commit: `state.mailer.wake()`).
///
/// Gives the receipt's number. Idempotent: a payment or a refund that
/// already has its receipt gives that number back and nothing is sent.
/// A receipt of no amount is a programming error: [`StoreError::NotFound`].
pub async fn issue(
    state: &AppState,
    tx: &mut Tx,
    of: ReceiptFor<'_>,
    booking_id: &str,
    learner_id: i64,
    amount_paise: Paise,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    if amount_paise.is_zero() {
        tracing::error!(
            kind = of.kind(),
            booking = booking_id,
            payment_id = of.payment_id(),
            refund_id = ?of.refund_id(),
            amount_paise = amount_paise.to_i64(),
            "a receipt of no amount"
        );
        return Err(StoreError::NotFound);
    }
    if let Some(existing) = tx.existing_receipt(of).await? {
        return Ok(existing.number);
    }
    let provisional = format!("issuing-{}", crate::auth::tokens::random_id());
    let Some(id) = tx
        .insert_receipt(&provisional, of, booking_id, learner_id, amount_paise, now)
        .await?
    else {
        // Issued meanwhile by another unit of work (it waited for it).
        return tx
            .existing_receipt(of)
            .await?
            .map(|r| r.number)
            .ok_or(StoreError::NotFound);
    };
    // Sandbox money (which never moved) is receipted in a series of its
    // own, so no real receipt is mistaken for it, or it for a real one.
    let sandbox = tx.payment_gateway(of.payment_id()).await?.as_deref() == Some("sandbox");
    let number = if sandbox {
        test_number_of(id, now)
    } else {
        number_of(id, now)
    };
    tx.set_receipt_number(id, &number).await?;
    let detail = tx
        .receipt_detail(&number)
        .await?
        .ok_or(StoreError::NotFound)?;
    let page = state.link(&format!("/my-bookings/{booking_id}"));
    let mail = templates::receipt_email(&detail, &page, &state.support_email);
    tx.enqueue_email(&mail, now).await?;
    Ok(number)
}

/// Receipt `id`'s number when issued at `now`: `MM-<year in India>-<id, 6 digits>`.
pub fn number_of(id: i64, now: DateTime<Utc>) -> String {
    domain_wasm::receipts::receipt_number(now.with_timezone(&Kolkata).year(), id)
}

/// A sandbox receipt's number: `TEST-<year in India>-<id, 6 digits>`.
pub fn test_number_of(id: i64, now: DateTime<Utc>) -> String {
    format!("TEST-{}", number_of(id, now).trim_start_matches("MM-"))
}

/// Where a receipt is downloaded (the API path, for a signed-in caller).
pub fn download_path(number: &str) -> String {
    format!("/api/receipts/{number}/")
}

/// The receipt's file name: `receipt-<number>.html`.
pub fn file_name(number: &str) -> String {
    format!("receipt-{number}.html")
}

/// Booking `booking_id`'s receipts, in the order they were issued (the
/// caller has checked who may see them).
pub async fn of_booking(state: &AppState, booking_id: &str) -> Result<Vec<ReceiptRow>, StoreError> {
    state.store.booking_receipts(booking_id).await
}

/// Receipt `number` for `caller`: its learner's or an administrator's;
/// anyone else (and a number that is none) gets `None`.
pub async fn for_caller(
    state: &AppState,
    caller: &crate::auth::Caller,
    number: &str,
) -> Result<Option<ReceiptDetail>, StoreError> {
    let Some(detail) = state.store.receipt_detail(number).await? else {
        return Ok(None);
    };
    let allowed = detail.receipt.learner_id == caller.user.id
        || caller.user.role == crate::store::Role::Admin;
    Ok(allowed.then_some(detail))
}

/// The printable receipt: a complete HTML document.
pub fn printable(detail: &ReceiptDetail, support_email: &str) -> String {
    templates::receipt_page(detail, support_email)
}

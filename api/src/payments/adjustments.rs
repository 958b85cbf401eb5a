//! Money the gateway moved on its own side (issue 19): refunds made on
//! Razorpay's dashboard or by its auto-refund, and disputes. Their webhooks
//! (and the reconciliation, for missed ones) record them once, only
//! forward ([`AdjustmentStatus::may_follow`]); a processed refund
//! and a lost dispute take the money back in the ledger as a refund would
//! (commission and the mentor's share in proportion), an open dispute
//! holds the session's net from payouts until it is decided.

use chrono::{DateTime, Utc};

use domain_wasm::gateway::{AdjustmentKind, AdjustmentStatus};
use domain_wasm::money::Paise;
use domain_wasm::payments::PaymentStatus;

use crate::store::adjustments::AdjustmentRow;
use crate::store::notifications::Notice;
use crate::store::{StoreError, Tx};

/// What the gateway said about one of its refunds or disputes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjustment {
    pub kind: AdjustmentKind,
    /// The gateway's id (`rfnd_...`, `disp_...`).
    pub id: String,
    /// The gateway's payment (`pay_...`).
    pub payment_id: String,
    /// Above zero.
    pub amount_paise: Paise,
    /// Where it stands now.
    pub status: AdjustmentStatus,
}

/// Reads a refund or dispute webhook event (its verified body).
pub fn read_event(event: &str, body: &serde_json::Value) -> Option<Adjustment> {
    let entity = if event.starts_with("refund.") {
        body.pointer("/payload/refund/entity")?
    } else if event.starts_with("payment.dispute.") {
        body.pointer("/payload/dispute/entity")?
    } else {
        return None;
    };
    let own = entity
        .get("status")
        .and_then(|s| s.as_str())
        .unwrap_or_default();
    let status = match event {
        "refund.processed" => AdjustmentStatus::Processed,
        "refund.failed" => AdjustmentStatus::Failed,
        "refund.created" if own == "processed" => AdjustmentStatus::Processed,
        "refund.created" => AdjustmentStatus::Pending,
        "payment.dispute.created" | "payment.dispute.action_required" => AdjustmentStatus::Open,
        "payment.dispute.under_review" => AdjustmentStatus::UnderReview,
        "payment.dispute.won" => AdjustmentStatus::Won,
        "payment.dispute.lost" => AdjustmentStatus::Lost,
        "payment.dispute.closed" => AdjustmentStatus::Closed,
        _ => return None,
    };
    let text = |key: &str| {
        entity
            .get(key)
            .and_then(|v| v.as_str())
            .map(str::trim)
            .filter(|s| !s.is_empty() && s.len() <= 100)
            .map(str::to_owned)
    };
    Some(Adjustment {
        kind: status.kind(),
        id: text("id")?,
        payment_id: text("payment_id")?,
        amount_paise: entity
            .get("amount")?
            .as_i64()
            .and_then(|a| Paise::try_from(a).ok())
            .filter(|a| !a.is_zero())?,
        status,
    })
}

/// What the administrators are told of a dispute's news: a chargeback
/// needs evidence before the gateway's deadline, and a lost one takes
/// money back. The reconciliation under Payouts lists every dispute.
fn dispute_notice(news: &Adjustment, booking_id: &str) -> Notice {
    let amount = news.amount_paise;
    let (title, body) = match news.status {
        AdjustmentStatus::Open => (
            format!("A payment of {amount} is disputed"),
            "The cardholder's bank raised a dispute: answer it with evidence on the gateway's dashboard before its deadline.",
        ),
        AdjustmentStatus::UnderReview => (
            format!("The dispute over {amount} is under review"),
            "The gateway is reviewing the evidence.",
        ),
        AdjustmentStatus::Won => (
            format!("The dispute over {amount} was won"),
            "The payment stands.",
        ),
        AdjustmentStatus::Lost => (
            format!("The dispute over {amount} was lost"),
            "The money went back to the cardholder and the books record it as a refund.",
        ),
        _ => (
            format!("The dispute over {amount} is closed"),
            "The gateway closed it.",
        ),
    };
    Notice {
        kind: "payment_dispute",
        title,
        body: format!("{body} Booking {booking_id}, gateway dispute {}.", news.id),
        link: "/dashboard/admin?section=payouts".to_owned(),
    }
}

/// Records what the gateway said inside `tx`: `false` when it names no
/// payment of ours or changes nothing (a replay, news older than what we
/// have). A refund whose id is one of ours is not this module's (see
/// [`crate::refunds::on_webhook`]).
pub async fn record(
    tx: &mut Tx,
    gateway: &str,
    news: &Adjustment,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let Some(payment) = tx.payment_by_gateway_id(&news.payment_id).await? else {
        return Ok(false);
    };
    if payment.gateway != gateway {
        return Ok(false);
    }
    let from = match tx.adjustment(&news.id).await? {
        None => {
            let row = AdjustmentRow {
                id: news.id.clone(),
                kind: news.kind,
                gateway: gateway.to_owned(),
                payment_id: payment.id.clone(),
                booking_id: payment.booking_id.clone(),
                amount_paise: news.amount_paise,
                status: news.status,
                created_at: now,
                updated_at: now,
            };
            if !tx.insert_adjustment(&row).await? {
                return Ok(false);
            }
            None
        }
        Some(row) => {
            if row.kind != news.kind
                || !news.status.may_follow(row.status)
                || !tx
                    .advance_adjustment(&row.id, row.status, news.status, now)
                    .await?
            {
                return Ok(false);
            }
            Some(row.status)
        }
    };
    tracing::info!(kind = news.kind.as_str(), id = %news.id, payment = %news.payment_id,
        from = ?from, to = news.status.as_str(), "the gateway's own refund or dispute recorded");
    if news.kind == AdjustmentKind::Dispute {
        tx.notify_admins(&dispute_notice(news, &payment.booking_id), now)
            .await?;
    }
    if news.status.takes_money_back() {
        let txn = match news.kind {
            AdjustmentKind::Refund => format!("gateway_refund:{}", news.id),
            AdjustmentKind::Dispute => format!("dispute_lost:{}", news.id),
        };
        let booking = tx.booking(&payment.booking_id).await?;
        let owed_back_whole = payment.status != PaymentStatus::Captured;
        let postings = if owed_back_whole {
            domain_wasm::ledger::overpayment_refund_postings(news.amount_paise.to_i64())
        } else {
            let (gross, commission, before) = match tx.booking_commission(&booking.id).await {
                Ok(split) => split,
                Err(StoreError::NotFound) => (0, 0, 0),
                Err(e) => return Err(e),
            };
            let split = domain_wasm::refunds::refund_split(
                gross,
                commission,
                before,
                news.amount_paise.to_i64(),
            );
            domain_wasm::ledger::refund_postings(booking.mentor_id, &split)
        };
        let header = crate::ledger::Txn {
            id: &txn,
            event: "refund",
            booking_id: Some(&booking.id),
            refund_id: None,
            payout_line_id: None,
            sandbox: payment.gateway == "sandbox",
        };
        crate::ledger::post(tx, &header, &postings, now).await?;
    }
    Ok(true)
}

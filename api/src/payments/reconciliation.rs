//! The books against the gateway (issue 19): what the gateway's lists of
//! payments, refunds and disputes hold that the books do not, and the
//! reverse, for an administrator (`GET /api/admin/reconciliation/`); and
//! the `gateway_reconcile` job, which records the gateway's own refunds
//! and disputes whose webhooks never came, every six hours.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::gateway::{AdjustmentStatus, DisputeStatus, GatewayRefundStatus};
use domain_wasm::money::Paise;
use domain_wasm::refunds::RefundStatus;
use serde_json::Value;

use super::adjustments::{self, Adjustment};
use super::{GatewayError, GatewayPaymentStatus};
use crate::state::AppState;
use crate::store::StoreError;

/// The kind of the job that records the gateway's refunds and disputes no
/// webhook brought (key: the gateway's name).
pub const JOB: &str = "gateway_reconcile";
/// How often that job runs, and how far back it reads.
pub const EVERY: TimeDelta = TimeDelta::hours(6);
pub const LOOK_BACK: TimeDelta = TimeDelta::days(3);
/// The period a report covers unless asked otherwise.
pub const DEFAULT_PERIOD: TimeDelta = TimeDelta::days(30);

/// Which side lacks an item, or how the two differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difference {
    /// The gateway has it; the books do not.
    MissingInBooks,
    /// The books have it; the gateway does not (or says it did not happen).
    MissingAtGateway,
    /// Both have it, for other amounts.
    AmountDiffers,
    /// Both have it, at other statuses.
    StatusDiffers,
}

/// One item the two sides do not agree on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// `payment`, `refund` or `dispute`.
    pub kind: &'static str,
    pub difference: Difference,
    /// The gateway's id (`pay_...`, `rfnd_...`, `disp_...`).
    pub gateway_id: String,
    pub booking_id: Option<String>,
    /// The gateway's figure as it gave it.
    pub gateway_amount_paise: Option<i64>,
    pub books_amount_paise: Option<Paise>,
    pub gateway_status: Option<String>,
    pub books_status: Option<String>,
}

/// The reconciliation of one period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub gateway: &'static str,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// `false` for the sandbox, which keeps no books of its own.
    pub checked: bool,
    pub matched_payments: usize,
    pub matched_refunds: usize,
    pub matched_disputes: usize,
    pub mismatches: Vec<Mismatch>,
}

/// Why there is no report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(transparent)]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(|s| s.as_str()).map(str::to_owned)
}

fn amount(v: &Value) -> Option<i64> {
    v.get("amount").and_then(|a| a.as_i64())
}

/// One mismatch: what the gateway says (amount, status), and what the
/// books say (booking, amount, status), each when it has the item.
fn mismatch(
    kind: &'static str,
    difference: Difference,
    gateway_id: String,
    at_gateway: Option<(Option<i64>, String)>,
    books: Option<(String, Paise, String)>,
) -> Mismatch {
    let (gateway_amount_paise, gateway_status) = match at_gateway {
        Some((paise, status)) => (paise, Some(status)),
        None => (None, None),
    };
    let (booking_id, books_amount_paise, books_status) = match books {
        Some((booking, paise, status)) => (Some(booking), Some(paise), Some(status)),
        None => (None, None, None),
    };
    Mismatch {
        kind,
        difference,
        gateway_id,
        booking_id,
        gateway_amount_paise,
        books_amount_paise,
        gateway_status,
        books_status,
    }
}

/// Compares the books with the gateway for payments made from `from` to
/// `to`: payments money was taken on, refunds (ours and the gateway's
/// own) and disputes, by the gateway's ids.
pub async fn report(
    state: &AppState,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Report, ReportError> {
    let gateway = state.payments.name();
    let mut report = Report {
        gateway,
        from,
        to,
        checked: false,
        matched_payments: 0,
        matched_refunds: 0,
        matched_disputes: 0,
        mismatches: Vec::new(),
    };
    if state.payments.signature_is_proof() {
        return Ok(report);
    }
    if from > to {
        // A period that ends before it starts holds nothing to compare.
        report.checked = true;
        return Ok(report);
    }
    let list = |entity: &'static str| async move {
        state
            .payments
            .list(entity, from.timestamp(), to.timestamp())
            .await
            .map_err(ReportError::Gateway)
    };
    let (at_payments, at_refunds, at_disputes) = (
        list("payments").await?,
        list("refunds").await?,
        list("disputes").await?,
    );
    report.checked = true;
    let within = |t: DateTime<Utc>| t >= from && t <= to;

    // Payments money was taken on.
    let booked: BTreeMap<String, _> = state
        .store
        .received_gateway_payments()
        .await?
        .into_iter()
        .filter(|p| p.gateway == gateway)
        .filter_map(|p| p.payment_id.clone().map(|id| (id, p)))
        .collect();
    let mut seen = BTreeSet::new();
    for p in &at_payments {
        let (Some(id), Some(status)) = (text(p, "id"), text(p, "status")) else {
            continue;
        };
        let taken = GatewayPaymentStatus::parse(&status).is_some_and(|s| s.money_taken());
        seen.insert(id.clone());
        let books = booked
            .get(&id)
            .map(|b| (b.booking_id.clone(), b.amount_paise, b.status.to_string()));
        let difference = match (taken, &books) {
            (true, Some((_, paise, _))) if Some(paise.to_i64()) == amount(p) => {
                report.matched_payments += 1;
                continue;
            }
            (true, Some(_)) => Difference::AmountDiffers,
            (true, None) => Difference::MissingInBooks,
            (false, Some(_)) => Difference::StatusDiffers,
            (false, None) => continue,
        };
        report.mismatches.push(mismatch(
            "payment",
            difference,
            id,
            Some((amount(p), status)),
            books,
        ));
    }
    for (id, b) in &booked {
        if !seen.contains(id) && within(b.captured_at.unwrap_or(b.created_at)) {
            report.mismatches.push(mismatch(
                "payment",
                Difference::MissingAtGateway,
                id.clone(),
                None,
                Some((b.booking_id.clone(), b.amount_paise, b.status.to_string())),
            ));
        }
    }

    // Refunds: ours (by the gateway's id) and the gateway's own.
    let ours: BTreeMap<String, _> = state
        .store
        .booked_gateway_refunds()
        .await?
        .into_iter()
        .filter(|r| r.gateway == gateway)
        .map(|r| (r.gateway_refund_id.clone(), r))
        .collect();
    let theirs: BTreeMap<String, _> = state
        .store
        .adjustments()
        .await?
        .into_iter()
        .filter(|a| a.gateway == gateway)
        .map(|a| (a.id.clone(), a))
        .collect();
    let mut seen = BTreeSet::new();
    for r in &at_refunds {
        let (Some(id), Some(status)) = (text(r, "id"), text(r, "status")) else {
            continue;
        };
        seen.insert(id.clone());
        let at_gateway = GatewayRefundStatus::parse(&status);
        // The books' status in the gateway's words, where it has them.
        let (books, in_books) = match (ours.get(&id), theirs.get(&id)) {
            (Some(o), _) => (
                Some((o.booking_id.clone(), o.amount_paise, o.status.to_string())),
                ours_at_gateway(o.status),
            ),
            (None, Some(a)) => (
                Some((
                    a.booking_id.clone(),
                    a.amount_paise,
                    a.status.as_str().to_owned(),
                )),
                theirs_at_gateway(a.status),
            ),
            (None, None) => (None, None),
        };
        let difference = match &books {
            None if at_gateway == Some(GatewayRefundStatus::Failed) => None,
            None => Some(Difference::MissingInBooks),
            Some((_, paise, _)) if Some(paise.to_i64()) != amount(r) => {
                Some(Difference::AmountDiffers)
            }
            Some(_) if in_books.is_none() || in_books != at_gateway => {
                Some(Difference::StatusDiffers)
            }
            Some(_) => None,
        };
        match difference {
            None if books.is_some() => report.matched_refunds += 1,
            None => {}
            Some(difference) => report.mismatches.push(mismatch(
                "refund",
                difference,
                id,
                Some((amount(r), status)),
                books,
            )),
        }
    }
    for (id, o) in &ours {
        if !seen.contains(id) && o.status != RefundStatus::Failed && within(o.requested_at) {
            report.mismatches.push(mismatch(
                "refund",
                Difference::MissingAtGateway,
                id.clone(),
                None,
                Some((o.booking_id.clone(), o.amount_paise, o.status.to_string())),
            ));
        }
    }

    // Disputes.
    for d in &at_disputes {
        let (Some(id), Some(status)) = (text(d, "id"), text(d, "status")) else {
            continue;
        };
        match theirs.get(&id) {
            Some(a)
                if Some(a.status) == AdjustmentStatus::parse(&status)
                    && Some(a.amount_paise.to_i64()) == amount(d) =>
            {
                report.matched_disputes += 1;
            }
            books => report.mismatches.push(mismatch(
                "dispute",
                if books.is_some() {
                    Difference::StatusDiffers
                } else {
                    Difference::MissingInBooks
                },
                id,
                Some((amount(d), status)),
                books.map(|a| {
                    (
                        a.booking_id.clone(),
                        a.amount_paise,
                        a.status.as_str().to_owned(),
                    )
                }),
            )),
        }
    }
    Ok(report)
}

/// Our refund's status in the gateway's words: one the gateway has an id
/// for is pending, processed or failed there.
fn ours_at_gateway(status: RefundStatus) -> Option<GatewayRefundStatus> {
    match status {
        RefundStatus::Pending => Some(GatewayRefundStatus::Pending),
        RefundStatus::Processed => Some(GatewayRefundStatus::Processed),
        RefundStatus::Failed => Some(GatewayRefundStatus::Failed),
        RefundStatus::Requested | RefundStatus::Rejected => None,
    }
}

/// A recorded gateway refund's status in the gateway's words.
fn theirs_at_gateway(status: AdjustmentStatus) -> Option<GatewayRefundStatus> {
    match status {
        AdjustmentStatus::Pending => Some(GatewayRefundStatus::Pending),
        AdjustmentStatus::Processed => Some(GatewayRefundStatus::Processed),
        AdjustmentStatus::Failed => Some(GatewayRefundStatus::Failed),
        _ => None,
    }
}

/// The news a listed refund or dispute gives, as its webhook would.
fn news(kind: &'static str, item: &Value) -> Option<Adjustment> {
    let status = text(item, "status")?;
    let event = if kind == "refund" {
        match GatewayRefundStatus::parse(&status) {
            Some(GatewayRefundStatus::Processed) => "refund.processed",
            Some(GatewayRefundStatus::Failed) => "refund.failed",
            _ => "refund.created",
        }
    } else {
        match DisputeStatus::parse(&status) {
            Some(DisputeStatus::Won) => "payment.dispute.won",
            Some(DisputeStatus::Lost) => "payment.dispute.lost",
            Some(DisputeStatus::Closed) => "payment.dispute.closed",
            Some(DisputeStatus::UnderReview) => "payment.dispute.under_review",
            _ => "payment.dispute.created",
        }
    };
    let entity = if kind == "refund" {
        "refund"
    } else {
        "dispute"
    };
    let body = serde_json::json!({ "payload": { entity: { "entity": item } } });
    adjustments::read_event(event, &body)
}

/// The `gateway_reconcile` job: the gateway's refunds and disputes of the
/// last three days that the books lack are recorded, as their webhooks
/// would have; our own refunds the gateway settled are settled. Then it
/// plans itself again.
pub async fn run(state: &AppState, now: DateTime<Utc>) -> Result<(), String> {
    if state.payments.signature_is_proof() {
        return Ok(());
    }
    let (from, to) = ((now - LOOK_BACK).timestamp(), now.timestamp());
    let mut changed = 0;
    for kind in ["refund", "dispute"] {
        let items = state
            .payments
            .list(
                if kind == "refund" {
                    "refunds"
                } else {
                    "disputes"
                },
                from,
                to,
            )
            .await
            .map_err(|e| format!("listing {kind}s: {e}"))?;
        for item in &items {
            let Some(news) = news(kind, item) else {
                continue;
            };
            let result: Result<bool, StoreError> = async {
                let mut tx = state.store.begin().await?;
                let ours = if kind == "refund" {
                    tx.refund_of_gateway(Some(&news.id), text(item, "receipt").as_deref())
                        .await?
                } else {
                    None
                };
                let done = match ours {
                    Some(_) => {
                        let event = super::RefundEvent {
                            event: format!("refund.{}", news.status.as_str()),
                            gateway_refund_id: news.id.clone(),
                            payment_id: news.payment_id.clone(),
                            amount_paise: news.amount_paise,
                            status: theirs_at_gateway(news.status)
                                .unwrap_or(GatewayRefundStatus::Pending),
                            receipt: text(item, "receipt"),
                        };
                        crate::refunds::on_webhook(state, &mut tx, &event, now).await?
                    }
                    None => adjustments::record(&mut tx, state.payments.name(), &news, now).await?,
                };
                tx.commit().await?;
                Ok(done)
            }
            .await;
            if result.map_err(|e| format!("{kind} {}: {e}", news.id))? {
                changed += 1;
            }
        }
    }
    if changed > 0 {
        tracing::info!(changed, "reconciliation recorded what no webhook brought");
        state.mailer.wake();
    }
    plan(state, now + EVERY, now)
        .await
        .map_err(|e| e.to_string())
}

/// Plans the `gateway_reconcile` job at `at` (one per gateway, however
/// many processes plan it).
pub async fn plan(
    state: &AppState,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    if state.payments.signature_is_proof() {
        return Ok(());
    }
    let key = state.payments.name();
    state
        .store
        .enqueue_job(JOB, key, &serde_json::json!({ "gateway": key }), at, now)
        .await
}

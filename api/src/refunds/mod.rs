//! Refunds (issue 13): money going back to a learner by the published
//! rules ([`domain_wasm::refunds::eligibility`]), the administrators'
//! review of the requests that need one, and the execution through the
//! gateway, with the ledger, the receipt and the e-mails.
//!
//! - A learner asks (`POST /api/bookings/{id}/refund-request/`): a case the
//!   rules settle automatically (the booking rules owe money back: a
//!   mentor's cancellation or no-show, a timely cancellation, an expiry
//!   with money, an overpayment) goes straight to the gateway; the others
//!   (before the session within 7 days of the payment, the 50 % partial
//!   refund after feedback) wait for an administrator.
//! - Whenever the booking rules raise what is owed back
//!   (`bookings.refund_owed_paise`), [`settle_owed`] creates the automatic
//!   refunds in the same unit of work as the change, with their job.
//! - The job [`EXECUTE`] (key: the refund's id) asks the gateway to refund
//!   with the refund's id as the idempotency key, so a retried job never
//!   refunds twice; the gateway's answer or its webhook settles the refund
//!   once (a conditional update on `pending`), and the ledger transaction
//!   `refund:<id>` is written once.
//! - What all refunds of a booking take (`pending` + `processed`) never
//!   exceeds what was received: every refund that takes money is checked
//!   against the rest in the unit of work that writes it, with the
//!   booking's money locked ([`Tx::lock_booking_money`]).

use std::collections::BTreeMap;

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::booking::{Missed, NoShowChoice, Party};
use domain_wasm::forms::{self, money::Approval as ApprovalBody};
use domain_wasm::money::Paise;
use domain_wasm::payments::PaymentStatus;
use domain_wasm::refunds::{self as rules, Basis, Eligibility, RefundFacts, RefundStatus};

use crate::auth::Caller;
use crate::fields::{FieldErrors, Fields};
use crate::gateway::{GatewayError, GatewayRefundStatus, RefundEvent};
use crate::mail::refund_templates::{self as mails, RefundNote};
use crate::state::AppState;
use crate::store::audit::{Actor, AuditAction, AuditEntry};
use crate::store::bookings::BookingRow as BookingRecord;
use crate::store::notices::BookingNotice;
use crate::store::notifications::Notice;
use crate::store::refunds::{
    Decision, NewRefund, QueuedRefundRow, ReceivedPayment, RefundRow, Settlement,
};
use crate::store::{StoreError, Tx};

/// The kind of the job that sends a refund to the gateway; its key is the
/// refund's id.
pub const EXECUTE: &str = "refund_execute";

/// How long a refund the gateway accepted but has not settled waits
/// before the job asks the gateway again (same key: the same refund).
pub const RECHECK: TimeDelta = TimeDelta::hours(6);

/// The answer to a decision on a refund that is no longer a request.
pub const DECIDED: &str =
    "This refund request was already decided. Reload the queue to see where it stands.";

/// Why a refund use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum RefundError {
    /// Field errors (400 `{"field": ["message"]}`).
    #[error("invalid: {0:?}")]
    Invalid(FieldErrors),
    /// The rules refuse it now (409 `{"detail"}`), in their words.
    #[error("{0}")]
    Refused(String),
    /// No such booking or refund, or not the caller's (404).
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for RefundError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => RefundError::NotFound,
            e => RefundError::Store(e),
        }
    }
}

impl From<RefundError> for poem::Error {
    fn from(e: RefundError) -> Self {
        match e {
            RefundError::Store(e) => e.into(),
            RefundError::NotFound => StoreError::NotFound.into(),
            e => crate::error::internal(e),
        }
    }
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

/// Whether a refund takes money (counts against what was received).
fn takes_money(r: &RefundRow) -> bool {
    r.status.takes_money()
}

/// A booking's money as the refund rules see it.
#[derive(Debug, Clone)]
pub struct Money {
    pub payments: Vec<ReceivedPayment>,
    pub refunds: Vec<RefundRow>,
}

impl Money {
    /// Everything received for the booking.
    pub fn captured_paise(&self) -> Paise {
        self.payments.iter().map(|p| p.amount_paise).sum()
    }

    /// What its refunds in `pending` or `processed` take.
    pub fn refunded_paise(&self) -> Paise {
        self.refunds
            .iter()
            .filter(|r| takes_money(r))
            .filter_map(|r| r.amount_paise)
            .sum()
    }

    /// What may still be refunded.
    pub fn refundable_paise(&self) -> Paise {
        self.captured_paise().saturating_sub(self.refunded_paise())
    }

    /// The booking's own payment: the captured one (or, before it is
    /// marked, the one being captured in this unit of work).
    fn main_payment(&self) -> Option<&ReceivedPayment> {
        self.payments
            .iter()
            .find(|p| p.status == PaymentStatus::Captured)
            .or_else(|| {
                self.payments
                    .iter()
                    .find(|p| p.status == PaymentStatus::Created)
            })
            .or_else(|| self.payments.first())
    }

    /// Whether `p` is money beyond the booking's payment (owed back as an
    /// overpayment, not shared with the mentor).
    fn is_extra(&self, p: &ReceivedPayment) -> bool {
        self.main_payment().is_some_and(|main| main.id != p.id)
    }
}

/// What the rules need to know about `b` and its money.
pub fn facts(b: &BookingRecord, money: &Money) -> RefundFacts {
    RefundFacts {
        status: b.status,
        start_ms: ms(b.start_at),
        end_ms: ms(b.end_at),
        cancelled_by: match b.cancelled_by.as_deref() {
            Some("learner") => Some(Party::Learner),
            Some("mentor") => Some(Party::Mentor),
            Some("admin") => Some(Party::Admin),
            _ => None,
        },
        no_show_by: b.no_show_by.as_deref().and_then(Missed::parse),
        no_show_choice: b.no_show_choice.as_deref().and_then(NoShowChoice::parse),
        refund_owed_paise: b.refund_owed_paise.to_i64(),
        captured_paise: money.captured_paise().to_i64(),
        captured_at_ms: money
            .payments
            .iter()
            .filter_map(|p| p.captured_at)
            .min()
            .map(ms),
        refunded_paise: money.refunded_paise().to_i64(),
        open_request: money
            .refunds
            .iter()
            .any(|r| r.status == RefundStatus::Requested),
        feedback_at_ms: b.feedback_at.map(ms),
    }
}

/// What the learner reads as the reason a refund is due.
pub fn basis_words(basis: &str) -> &'static str {
    match Basis::parse(basis) {
        Some(Basis::MentorCancelled) => "The session was cancelled by the mentor or by us",
        Some(Basis::MentorNoShow) => "The mentor missed the session",
        Some(Basis::LearnerCancelled) => "You cancelled in time",
        Some(Basis::Expired) => "The booking expired with a payment made",
        Some(Basis::Overpaid) => "More was paid than the session's price",
        Some(Basis::Unused) => "Asked before the session, within 7 days of the payment",
        Some(Basis::Partial) => "The partial refund after your feedback",
        None => "A refund",
    }
}

fn note<'a>(r: &'a RefundRow) -> RefundNote<'a> {
    RefundNote {
        amount_paise: r.amount_paise.unwrap_or(r.requested_paise),
        basis: basis_words(&r.basis),
        requested_at: r.requested_at,
        review_due: (r.status == RefundStatus::Requested)
            .then(|| DateTime::from_timestamp_millis(rules::review_due_ms(ms(r.requested_at))))
            .flatten(),
    }
}

fn page(state: &AppState, booking_id: &str) -> String {
    state.link(&format!("/my-bookings/{booking_id}"))
}

/// A new refund id: a UUIDv4 (also the gateway's idempotency key).
fn new_id() -> String {
    crate::store::new_uuid()
}

/// The booking and its money, read in `tx` with the money locked (on
/// PostgreSQL the mentor's time, then the booking's row, the order every
/// booking change takes them: see `Tx::lock_booking_money`).
async fn locked(tx: &mut Tx, booking_id: &str) -> Result<(BookingRecord, Money), StoreError> {
    tx.lock_booking_money(booking_id).await?;
    let b = tx.booking(booking_id).await?;
    let money = Money {
        payments: tx.received_payments(booking_id).await?,
        refunds: tx.refunds_of_booking(booking_id).await?,
    };
    Ok((b, money))
}

/// After a commit: the job worker and the mailer see the change at once.
pub fn written(state: &AppState) {
    state.mailer.wake();
    state.jobs.wake();
}

async fn notice(tx: &mut Tx, booking_id: &str) -> Result<BookingNotice, StoreError> {
    tx.booking_notice(booking_id)
        .await?
        .ok_or(StoreError::NotFound)
}

/// Creates the automatic refunds of what the booking rules owe back on
/// `booking_id` and not yet refunded, inside the caller's unit of work
/// `tx` (after the change that raised `refund_owed_paise`), each `pending`
/// with its [`EXECUTE`] job and the learner's e-mail. Money beyond the
/// booking's price (an extra payment) goes back on its own payment first.
/// An open request the automatic refund makes moot is closed. Gives the
/// refunds created (none when nothing is owed). Wake the job worker and the
/// mailer after the commit.
pub async fn settle_owed(
    state: &AppState,
    tx: &mut Tx,
    booking_id: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Vec<RefundRow>, StoreError> {
    let (b, money) = locked(tx, booking_id).await?;
    let mut f = facts(&b, &money);
    // Money owed by the rules does not wait for a request under review.
    f.open_request = false;
    let verdict = rules::eligibility(&f, ms(now));
    let owed = Paise::saturating_from(verdict.max_paise);
    if !(verdict.eligible && verdict.automatic) || owed.is_zero() {
        return Ok(Vec::new());
    }
    let basis = verdict.basis.unwrap_or(Basis::Overpaid);
    let mut left = owed;
    let mut order: Vec<&ReceivedPayment> = money.payments.iter().collect();
    // Extra payments first, the booking's own payment last.
    order.sort_by_key(|p| !money.is_extra(p));
    let mut created = Vec::new();
    for p in order {
        let amount = left.min(p.refundable_paise());
        if amount.is_zero() {
            continue;
        }
        left = left.saturating_sub(amount);
        let id = new_id();
        let basis = if money.is_extra(p) && basis != Basis::MentorCancelled {
            Basis::Overpaid
        } else {
            basis
        };
        tx.insert_refund(
            &NewRefund {
                id: &id,
                booking_id,
                payment_id: &p.id,
                learner_id: b.learner_id,
                automatic: true,
                basis: basis.as_str(),
                reason,
                requested_paise: amount,
                amount_paise: Some(amount),
                status: RefundStatus::Pending,
                gateway: &p.gateway,
            },
            now,
        )
        .await?;
        plan_execute(tx, &id, now, now).await?;
        created.push(tx.refund(&id).await?);
        if left.is_zero() {
            break;
        }
    }
    if created.is_empty() {
        return Ok(created);
    }
    // A request waiting for review is answered by the automatic refund.
    for open in money
        .refunds
        .iter()
        .filter(|r| r.status == RefundStatus::Requested)
    {
        let note = format!(
            "Closed: the booking's automatic refund ({}) returns the money.",
            basis_words(basis.as_str())
        );
        tx.decide_refund(&open.id, None, &Decision::Reject { reason: &note }, now)
            .await?;
    }
    let n = notice(tx, booking_id).await?;
    let link = page(state, booking_id);
    for r in &created {
        tx.enqueue_email(&mails::on_its_way(&n, &note(r), &link), now)
            .await?;
    }
    Ok(created)
}

/// A refund of `amount_paise` (capped at what is left) on `basis` that a
/// settled no-show report decided, inside the caller's unit of work: one
/// automatic `pending` refund on the booking's payment, with its job and
/// the learner's e-mail. `None` when nothing is left to refund.
pub async fn refund_decided(
    state: &AppState,
    tx: &mut Tx,
    booking_id: &str,
    basis: Basis,
    amount_paise: Paise,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Option<RefundRow>, StoreError> {
    let (b, money) = locked(tx, booking_id).await?;
    let Some(payment) = money.main_payment() else {
        return Ok(None);
    };
    let amount = amount_paise
        .min(money.refundable_paise())
        .min(payment.refundable_paise());
    if amount.is_zero() {
        return Ok(None);
    }
    let id = new_id();
    tx.insert_refund(
        &NewRefund {
            id: &id,
            booking_id,
            payment_id: &payment.id,
            learner_id: b.learner_id,
            automatic: true,
            basis: basis.as_str(),
            reason,
            requested_paise: amount,
            amount_paise: Some(amount),
            status: RefundStatus::Pending,
            gateway: &payment.gateway,
        },
        now,
    )
    .await?;
    plan_execute(tx, &id, now, now).await?;
    let r = tx.refund(&id).await?;
    let n = notice(tx, booking_id).await?;
    tx.enqueue_email(
        &mails::on_its_way(&n, &note(&r), &page(state, booking_id)),
        now,
    )
    .await?;
    Ok(Some(r))
}

async fn plan_execute(
    tx: &mut Tx,
    refund_id: &str,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let payload = serde_json::json!({ "refund_id": refund_id });
    tx.enqueue_job(EXECUTE, refund_id, &payload, at, now).await
}

/// A request's reason, parsed (`forms::money::parse_refund_request`):
/// `None` (and the errors in `f`) when it is too long, or empty while
/// `required` (the rules owe no money without one).
fn reason_of(raw: Option<&str>, required: bool, f: &mut Fields) -> Option<String> {
    match forms::money::parse_refund_request(raw) {
        Err(errors) => {
            f.merge(Fields(errors));
            None
        }
        Ok(reason) if required && reason.is_empty() => {
            f.add("reason", domain_wasm::accounts::REQUIRED);
            None
        }
        Ok(reason) => Some(reason),
    }
}

/// A learner's refund request for their booking `booking_id`, with a
/// reason (1 to 1000 characters; optional when the rules owe the money
/// anyway). Gives the refund and whether it was created now (`false`: the
/// automatic refund that already exists). Someone else's booking is
/// [`RefundError::NotFound`]; a request the rules refuse is
/// [`RefundError::Refused`] with the rules' message.
pub async fn request(
    state: &AppState,
    caller: &Caller,
    booking_id: &str,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(RefundRow, bool), RefundError> {
    let b = state.store.booking(booking_id).await?;
    if b.party_of(&caller.user) != Some(Party::Learner) {
        return Err(RefundError::NotFound);
    }
    let mut tx = state.store.begin().await?;
    let (b, money) = locked(&mut tx, booking_id).await?;
    let verdict = rules::eligibility(&facts(&b, &money), ms(now));
    let mut f = Fields::default();
    let reason = reason_of(reason, !(verdict.eligible && verdict.automatic), &mut f);
    if !verdict.eligible {
        // The automatic refund already has the money owed.
        let owed_refund = money
            .refunds
            .iter()
            .rev()
            .find(|r| r.automatic && takes_money(r));
        if let Some(r) = owed_refund
            && !b.refund_owed_paise.is_zero()
        {
            return Ok((r.clone(), false));
        }
        return Err(RefundError::Refused(verdict.message));
    }
    let Some(reason) = reason else {
        return Err(RefundError::Invalid(f.0));
    };
    if verdict.automatic {
        let created = settle_owed(state, &mut tx, booking_id, &reason, now).await?;
        let Some(first) = created.into_iter().next() else {
            return Err(RefundError::Refused(verdict.message));
        };
        tx.commit().await?;
        written(state);
        return Ok((state.store.refund(&first.id).await?, true));
    }
    let Some(payment) = money.main_payment() else {
        return Err(RefundError::Refused(verdict.message));
    };
    let amount = Paise::saturating_from(verdict.max_paise).min(payment.refundable_paise());
    let Some(basis) = verdict.basis.filter(|_| !amount.is_zero()) else {
        return Err(RefundError::Refused(verdict.message));
    };
    let id = new_id();
    tx.insert_refund(
        &NewRefund {
            id: &id,
            booking_id,
            payment_id: &payment.id,
            learner_id: b.learner_id,
            automatic: false,
            basis: basis.as_str(),
            reason: &reason,
            requested_paise: amount,
            amount_paise: None,
            status: RefundStatus::Requested,
            gateway: &payment.gateway,
        },
        now,
    )
    .await
    .map_err(|e| match e {
        // The one open request per booking, asked twice at once.
        StoreError::Violation(_) => RefundError::Refused(
            rules::eligibility(
                &RefundFacts {
                    open_request: true,
                    ..facts(&b, &money)
                },
                ms(now),
            )
            .message,
        ),
        e => e.into(),
    })?;
    let r = tx.refund(&id).await?;
    let n = notice(&mut tx, booking_id).await?;
    tx.enqueue_email(
        &mails::request_received(&n, &note(&r), &page(state, booking_id)),
        now,
    )
    .await?;
    tx.notify_admins(
        &Notice {
            kind: "refund_review",
            title: format!("A refund request on {} awaits review", n.service_title),
            body: format!("{} asks for {}.", n.learner.name, r.requested_paise),
            link: "/dashboard/admin?section=refunds".to_owned(),
        },
        now,
    )
    .await?;
    tx.commit().await?;
    written(state);
    Ok((r, true))
}

/// A booking's refunds, its money and the rules' verdict, for the
/// booking's learner, its mentor or an administrator.
#[derive(Debug, Clone)]
pub struct Overview {
    pub booking: BookingRecord,
    pub party: Party,
    pub eligibility: Eligibility,
    pub facts: RefundFacts,
    pub refunds: Vec<RefundRow>,
    pub captured_paise: Paise,
    pub refunded_paise: Paise,
}

/// The refunds of booking `booking_id` as `caller` may see them.
pub async fn overview(
    state: &AppState,
    caller: &Caller,
    booking_id: &str,
    now: DateTime<Utc>,
) -> Result<Overview, RefundError> {
    let b = state.store.booking(booking_id).await?;
    let party = b.party_of(&caller.user).ok_or(RefundError::NotFound)?;
    let money = Money {
        payments: state.store.received_payments(booking_id).await?,
        refunds: state.store.refunds_of_booking(booking_id).await?,
    };
    let facts = facts(&b, &money);
    Ok(Overview {
        eligibility: rules::eligibility(&facts, ms(now)),
        captured_paise: money.captured_paise(),
        refunded_paise: money.refunded_paise(),
        refunds: money.refunds,
        facts,
        booking: b,
        party,
    })
}

/// One refund in the administrators' queue.
#[derive(Debug, Clone)]
pub struct Queued {
    pub row: QueuedRefundRow,
    /// Whole business days since it was asked for.
    pub age_business_days: i64,
    /// When the answer is due (5 business days after the request).
    pub due_at: DateTime<Utc>,
    /// Still a request, past its due time.
    pub overdue: bool,
    /// What may still be refunded on its booking.
    pub refundable_paise: Paise,
}

fn queued(row: QueuedRefundRow, now: DateTime<Utc>) -> Queued {
    let asked = ms(row.refund.requested_at);
    let due_ms = rules::review_due_ms(asked);
    let due_at = DateTime::from_timestamp_millis(due_ms).unwrap_or(row.refund.requested_at);
    let open = row.refund.status == RefundStatus::Requested;
    Queued {
        age_business_days: rules::business_days_between(asked, ms(now)),
        overdue: open && ms(now) > due_ms,
        due_at,
        refundable_paise: row.captured_paise.saturating_sub(row.refunded_paise),
        row,
    }
}

/// The refunds in `status` (every one when `None`), oldest request first.
pub async fn queue(
    state: &AppState,
    status: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Vec<Queued>, RefundError> {
    let rows = state.store.queued_refunds(status).await?;
    Ok(rows.into_iter().map(|row| queued(row, now)).collect())
}

/// One refund as the queue shows it.
pub async fn queued_one(
    state: &AppState,
    refund_id: &str,
    now: DateTime<Utc>,
) -> Result<Queued, RefundError> {
    Ok(queued(state.store.queued_refund(refund_id).await?, now))
}

/// The audit log's picture of a refund.
fn audited(r: &RefundRow) -> serde_json::Value {
    serde_json::json!({
        "status": r.status,
        "basis": r.basis,
        "requested_paise": r.requested_paise.to_i64(),
        "amount_paise": r.amount_paise.map(Paise::to_i64),
        "decision_note": r.decision_note,
    })
}

/// An administrator's approval of request `refund_id` for `amount_paise`
/// (at most what is left of what was paid): it goes to the gateway. The
/// rules are checked again now ([`rules::approval_beyond_rules`]: a refund
/// for a session not yet held only before it starts, a partial refund only
/// up to its share); going beyond them needs `override_reason` (a field
/// error under it otherwise). The approval is written to the audit log,
/// with the reason, in the same unit of work.
///
/// In three steps, so that the flow above can act in the same unit of
/// work: [`Approval::check`] before it, [`Approval::write`] and
/// [`tell_approved`] inside it. The bookings flow composes them
/// (`bookings::approve_refund`), calling the session off in between when
/// the refund [`replaces_session`]; refunds never calls bookings (issue 23).
#[derive(Debug, Clone)]
pub struct Approval {
    refund_id: String,
    booking_id: String,
    amount_paise: i64,
    override_reason: Option<String>,
}

impl Approval {
    /// Reads the refund's booking for the approval `body` (parsed by
    /// `forms::money::parse_approve`), before any unit of work is open.
    pub async fn check(
        state: &AppState,
        refund_id: &str,
        body: ApprovalBody,
    ) -> Result<Approval, RefundError> {
        let ApprovalBody {
            amount_paise,
            override_reason,
        } = body;
        let r = state.store.refund(refund_id).await?;
        Ok(Approval {
            refund_id: refund_id.to_owned(),
            booking_id: r.booking_id,
            amount_paise,
            override_reason,
        })
    }

    /// Decides the approval by administrator `admin_id` in `tx`, with the
    /// booking's money locked: the rules checked again, the refund
    /// `pending` with its [`EXECUTE`] job, the audit log. Gives the refund
    /// as approved. Tell the learner with [`tell_approved`] before the
    /// commit, and wake the workers ([`written`]) after it.
    pub async fn write(
        &self,
        tx: &mut Tx,
        admin_id: i64,
        now: DateTime<Utc>,
    ) -> Result<RefundRow, RefundError> {
        let (refund_id, amount_paise) = (self.refund_id.as_str(), self.amount_paise);
        let override_reason = &self.override_reason;
        let (b, money) = locked(tx, &self.booking_id).await?;
        let r = tx.refund(refund_id).await?;
        if r.status != RefundStatus::Requested {
            return Err(RefundError::Refused(DECIDED.to_owned()));
        }
        let before = audited(&r);
        let beyond = Basis::parse(&r.basis).and_then(|basis| {
            rules::approval_beyond_rules(&facts(&b, &money), basis, amount_paise, ms(now))
        });
        if let (Some(problem), None) = (&beyond, override_reason) {
            return Err(RefundError::Invalid(
                Fields::one("override_reason", problem.clone()).0,
            ));
        }
        let on_payment = money
            .payments
            .iter()
            .find(|p| p.id == r.payment_id)
            .map_or(Paise::ZERO, ReceivedPayment::refundable_paise);
        let refundable = money.refundable_paise().min(on_payment);
        if let Some(problem) = rules::approve_problem(amount_paise, refundable.to_i64()) {
            return Err(RefundError::Invalid(Fields::one("amount_paise", problem).0));
        }
        // Above zero: the rules just checked it.
        let amount_paise = Paise::saturating_from(amount_paise);
        if !tx
            .decide_refund(
                refund_id,
                Some(admin_id),
                &Decision::Approve { amount_paise },
                now,
            )
            .await?
        {
            return Err(RefundError::Refused(DECIDED.to_owned()));
        }
        plan_execute(tx, refund_id, now, now).await?;
        let r = tx.refund(refund_id).await?;
        let mut after = audited(&r);
        if let Some(problem) = &beyond {
            after["beyond_rules"] = serde_json::Value::String(problem.clone());
        }
        tx.audit(
            &AuditEntry::new(
                Actor::Admin(admin_id),
                AuditAction::RefundApproved,
                "refund",
                refund_id,
            )
            .reason(beyond.as_ref().and(override_reason.clone()))
            .change(Some(before), Some(after)),
            now,
        )
        .await?;
        Ok(r)
    }
}

/// Whether approved refund `r` replaces its session: the learner asked for
/// the money instead of a session not yet held (basis `unused`), so the
/// session is called off with the approval.
pub fn replaces_session(r: &RefundRow) -> bool {
    r.basis == Basis::Unused.as_str()
}

/// Tells the learner, inside `tx`, that approved refund `r` is on its way.
pub async fn tell_approved(
    state: &AppState,
    tx: &mut Tx,
    r: &RefundRow,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let n = notice(tx, &r.booking_id).await?;
    tx.enqueue_email(
        &mails::on_its_way(&n, &note(r), &page(state, &r.booking_id)),
        now,
    )
    .await?;
    Ok(())
}

/// An administrator rejects request `refund_id` with a reason (1 to 1000
/// characters) the learner reads.
pub async fn reject(
    state: &AppState,
    admin_id: i64,
    refund_id: &str,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<RefundRow, RefundError> {
    let reason = forms::money::parse_reject(reason);
    // An unknown refund is 404 whatever the body says.
    let r = state.store.refund(refund_id).await?;
    let reason = reason.map_err(RefundError::Invalid)?;
    let mut tx = state.store.begin().await?;
    if !tx
        .decide_refund(
            refund_id,
            Some(admin_id),
            &Decision::Reject { reason: &reason },
            now,
        )
        .await?
    {
        return Err(RefundError::Refused(DECIDED.to_owned()));
    }
    let decided = tx.refund(refund_id).await?;
    tx.audit(
        &AuditEntry::new(
            Actor::Admin(admin_id),
            AuditAction::RefundRejected,
            "refund",
            refund_id,
        )
        .reason(Some(reason.clone()))
        .change(Some(audited(&r)), Some(audited(&decided))),
        now,
    )
    .await?;
    let n = notice(&mut tx, &r.booking_id).await?;
    tx.enqueue_email(
        &mails::rejected(&n, &note(&r), &reason, &page(state, &r.booking_id)),
        now,
    )
    .await?;
    let r = tx.refund(refund_id).await?;
    tx.commit().await?;
    written(state);
    Ok(r)
}

// ---- Execution -----------------------------------------------------------

/// The job [`EXECUTE`]: sends refund `refund_id` to the gateway, with its id
/// as the idempotency key (a retry gets the same refund back, never a
/// second one), then settles it as the gateway answered. A refund that is
/// no longer `pending` is left alone. An error is retried by the job queue.
pub async fn execute(state: &AppState, refund_id: &str, now: DateTime<Utc>) -> Result<(), String> {
    let r = match state.store.refund(refund_id).await {
        Ok(r) => r,
        Err(StoreError::NotFound) => return Ok(()),
        Err(e) => return Err(format!("refund {refund_id}: {e}")),
    };
    if r.status != RefundStatus::Pending {
        return Ok(());
    }
    let Some(amount) = r.amount_paise else {
        return Err(format!("refund {refund_id} is pending without an amount"));
    };
    let payments = state
        .store
        .received_payments(&r.booking_id)
        .await
        .map_err(|e| format!("refund {refund_id}: {e}"))?;
    let Some(payment) = payments.iter().find(|p| p.id == r.payment_id) else {
        return Err(format!(
            "refund {refund_id}: its payment {} received nothing",
            r.payment_id
        ));
    };
    let notes = BTreeMap::from([
        ("booking_id".to_owned(), r.booking_id.clone()),
        ("refund_id".to_owned(), r.id.clone()),
    ]);
    // The money goes back through the gateway that took it (a sandbox
    // payment on a site now running Razorpay through the refund-only
    // sandbox, which moves none).
    let answer = match crate::gateway::gateway_for(&state.payments, &payment.gateway) {
        Ok(gateway) => {
            gateway
                .refund(&payment.gateway_payment_id, amount, &r.id, &notes)
                .await
        }
        Err(e) => Err(e),
    };
    let how = match answer {
        Ok(g) => match g.status {
            GatewayRefundStatus::Processed => Outcome::Settle(
                Settlement::Processed {
                    gateway_refund_id: None,
                },
                Some(g.id),
            ),
            GatewayRefundStatus::Failed => Outcome::Settle(
                Settlement::Failed {
                    reason: "The payment service could not return the money.",
                },
                Some(g.id),
            ),
            GatewayRefundStatus::Pending => Outcome::Wait(g.id),
        },
        Err(GatewayError::Refused(why)) => {
            tracing::warn!(refund = %r.id, %why, "the gateway refused a refund");
            Outcome::Settle(
                Settlement::Failed {
                    reason: "The payment service refused the refund.",
                },
                None,
            )
        }
        Err(e) => return Err(format!("refund {refund_id}: {e}")),
    };
    let result: Result<(), StoreError> = async {
        let mut tx = state.store.begin().await?;
        match how {
            Outcome::Settle(settlement, gateway_id) => {
                let settlement = match settlement {
                    Settlement::Processed { .. } => Settlement::Processed {
                        gateway_refund_id: gateway_id.as_deref(),
                    },
                    failed => {
                        if let Some(gid) = gateway_id.as_deref() {
                            tx.note_gateway_refund(&r.id, gid, now).await?;
                        }
                        failed
                    }
                };
                settle(state, &mut tx, &r.id, &settlement, now).await?;
            }
            Outcome::Wait(gateway_id) => {
                tx.note_gateway_refund(&r.id, &gateway_id, now).await?;
                // Ask again later, in case the webhook never comes.
                plan_execute(&mut tx, &r.id, now + RECHECK, now).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    result.map_err(|e| format!("refund {refund_id}: {e}"))?;
    written(state);
    Ok(())
}

enum Outcome<'a> {
    Settle(Settlement<'a>, Option<String>),
    Wait(String),
}

/// Settles pending refund `refund_id` in `tx`, once: processed writes the
/// ledger transaction `refund:<id>` (commission and the mentor's share
/// back in proportion, or the learner's credit for an overpayment), the
/// refund receipt and the e-mails (the learner; the mentor when their
/// earnings shrink); failed tells the learner. `false` when it was not
/// pending (settled before).
pub async fn settle(
    state: &AppState,
    tx: &mut Tx,
    refund_id: &str,
    how: &Settlement<'_>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let r = tx.refund(refund_id).await?;
    let (b, money) = locked(tx, &r.booking_id).await?;
    if !tx.settle_refund(refund_id, how, now).await? {
        return Ok(false);
    }
    let r = tx.refund(refund_id).await?;
    let amount = r.amount_paise.unwrap_or(r.requested_paise);
    let n = notice(tx, &r.booking_id).await?;
    let link = page(state, &r.booking_id);
    match how {
        Settlement::Processed { .. } => {
            let extra = money
                .payments
                .iter()
                .find(|p| p.id == r.payment_id)
                .is_some_and(|p| money.is_extra(p));
            let mentor_paise = money_back(tx, &b, &r, amount, extra, now).await?;
            issue_receipt(state, tx, &b, &r, amount, now).await?;
            crate::webhooks::refund_processed(tx, &r, amount, now).await?;
            tx.enqueue_email(&mails::processed(&n, &note(&r), &link), now)
                .await?;
            if !mentor_paise.is_zero()
                && let Some(mentor) = &n.mentor
            {
                let dashboard = state.link("/dashboard/mentor");
                tx.enqueue_email(
                    &mails::mentor_refund(&n, mentor, amount, mentor_paise, &dashboard),
                    now,
                )
                .await?;
            }
        }
        Settlement::Failed { .. } => {
            tx.enqueue_email(&mails::failed(&n, &note(&r), &link), now)
                .await?;
        }
    }
    Ok(true)
}

/// The ledger transaction of a processed refund; gives what it took from
/// the mentor's share.
async fn money_back(
    tx: &mut Tx,
    b: &BookingRecord,
    r: &RefundRow,
    amount: Paise,
    extra: bool,
    now: DateTime<Utc>,
) -> Result<Paise, StoreError> {
    let amount = amount.to_i64();
    let (postings, mentor_paise) = if extra {
        (domain_wasm::ledger::overpayment_refund_postings(amount), 0)
    } else {
        let (gross, commission, before) = match tx.booking_commission(&b.id).await {
            Ok(split) => split,
            // No commission recorded for the payment: the mentor's share
            // is the whole of it.
            Err(StoreError::NotFound) => (0, 0, 0),
            Err(e) => return Err(e),
        };
        let split = rules::refund_split(gross, commission, before, amount);
        (
            domain_wasm::ledger::refund_postings(b.mentor_id, &split),
            split.mentor_paise,
        )
    };
    post_ledger(tx, b, r, &postings, now).await?;
    Ok(Paise::saturating_from(mentor_paise))
}

async fn post_ledger(
    tx: &mut Tx,
    b: &BookingRecord,
    r: &RefundRow,
    postings: &[domain_wasm::ledger::Posting],
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let txn = format!("refund:{}", r.id);
    let header = crate::ledger::Txn {
        id: &txn,
        event: "refund",
        booking_id: Some(&b.id),
        refund_id: Some(&r.id),
        payout_line_id: None,
        sandbox: r.gateway == "sandbox",
    };
    crate::ledger::post(tx, &header, postings, now).await?;
    Ok(())
}

async fn issue_receipt(
    state: &AppState,
    tx: &mut Tx,
    b: &BookingRecord,
    r: &RefundRow,
    amount: Paise,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    crate::receipts::issue(
        state,
        tx,
        crate::receipts::ReceiptFor::Refund {
            payment_id: &r.payment_id,
            refund_id: &r.id,
        },
        &b.id,
        b.learner_id,
        amount,
        now,
    )
    .await?;
    Ok(())
}

/// A verified, new refund webhook event (`refund.created`,
/// `refund.processed`, `refund.failed`) inside the webhook's unit of work:
/// settles our refund it names (by the gateway's id, or our id sent as its
/// receipt) once. `false` when it names none of ours or says nothing new.
pub async fn on_webhook(
    state: &AppState,
    tx: &mut Tx,
    event: &RefundEvent,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let Some(r) = tx
        .refund_of_gateway(Some(&event.gateway_refund_id), event.receipt.as_deref())
        .await?
    else {
        return Ok(false);
    };
    if r.amount_paise != Some(event.amount_paise) {
        tracing::warn!(refund = %r.id, gateway_refund = %event.gateway_refund_id,
            amount = event.amount_paise.get(), "a refund webhook's amount is not the refund's: ignored");
        return Ok(false);
    }
    if r.status != RefundStatus::Pending {
        return Ok(false);
    }
    match event.status {
        GatewayRefundStatus::Pending => {
            tx.note_gateway_refund(&r.id, &event.gateway_refund_id, now)
                .await
        }
        GatewayRefundStatus::Processed => {
            let how = Settlement::Processed {
                gateway_refund_id: Some(&event.gateway_refund_id),
            };
            settle(state, tx, &r.id, &how, now).await
        }
        GatewayRefundStatus::Failed => {
            tx.note_gateway_refund(&r.id, &event.gateway_refund_id, now)
                .await?;
            let how = Settlement::Failed {
                reason: "The payment service could not return the money.",
            };
            settle(state, tx, &r.id, &how, now).await
        }
    }
}

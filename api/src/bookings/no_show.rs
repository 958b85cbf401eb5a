//! No-shows settled by contest (issue 20): the use cases around a report.
//!
//! A report ([`super::perform`] with `Request::NoShow`) changes the
//! booking's status as the transition table says, but moves no money: it
//! opens a report ([`opened`]) whose window the other side may contest in
//! ([`contest`]). Uncontested, the job [`DUE`] settles it when the window
//! closes ([`on_due`]; a conditional update on the report's state, so a
//! job run twice settles it once); contested, an administrator decides
//! ([`decide`], written to the audit log in the same unit of work). The
//! rules (who may contest until when, what each outcome pays, the partial
//! maximum) are the crate's ([`domain_wasm::no_show`]). While a report is
//! not settled, the mentor's share of the session is held from payouts
//! (see `store::payouts`).

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::booking::{Missed, NoShowChoice, Party};
use domain_wasm::forms::{self, bookings::DisputeDecision};
use domain_wasm::money::Paise;
use domain_wasm::no_show::{self as rules, ContestFacts, ContestState, Decision, Outcome};

use super::{BookingError, BookingRecord, CHANGED, ms};
use crate::auth::Caller;
use crate::fields::Fields;
use crate::mail::booking_templates::{self as t, Side};
use crate::state::AppState;
use crate::store::audit::{Actor, AuditAction, AuditEntry};
use crate::store::bookings::BookingUpdate;
use crate::store::no_show::{NewNoShowReport, NoShowReport, NoShowSettlement};
use crate::store::notifications::Notice;
use crate::store::{StoreError, Tx};

/// The kind of the job that settles an uncontested report when its window
/// closes; its key is the booking's id.
pub const DUE: &str = "no_show_due";

fn instant(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// The booking's money as the contest rules need it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReportMoney {
    pub captured_paise: Paise,
    pub refunded_paise: Paise,
}

/// What the contest rules need to know about a report.
pub fn contest_facts(b: &BookingRecord, r: &NoShowReport, money: ReportMoney) -> ContestFacts {
    ContestFacts {
        missed: r.missed,
        state: r.state,
        reported_at_ms: ms(r.reported_at),
        choice: r.choice,
        captured_paise: money.captured_paise.to_i64(),
        refunded_paise: money.refunded_paise.to_i64(),
        overpaid_paise: b.paid_paise.saturating_sub(b.price_paise).to_i64(),
    }
}

async fn money_of(tx: &mut Tx, booking_id: &str) -> Result<ReportMoney, StoreError> {
    let payments = tx.received_payments(booking_id).await?;
    let refunds = tx.refunds_of_booking(booking_id).await?;
    Ok(ReportMoney {
        captured_paise: payments.iter().map(|p| p.amount_paise).sum(),
        refunded_paise: refunds
            .iter()
            .filter(|r| r.status.takes_money())
            .filter_map(|r| r.amount_paise)
            .sum(),
    })
}

/// The side a party reads as in mail.
fn side(p: Party) -> Side {
    if p == Party::Mentor {
        Side::Mentor
    } else {
        Side::Learner
    }
}

fn page(state: &AppState, booking_id: &str) -> String {
    state.link(&format!("/my-bookings/{booking_id}"))
}

/// Who reported a no-show, with what remedy and words.
#[derive(Debug, Clone, Copy)]
pub(super) struct Report<'a> {
    pub party: Party,
    pub reporter_id: i64,
    pub choice: Option<NoShowChoice>,
    pub statement: Option<&'a str>,
}

/// Called by [`super::perform`] INSIDE the report's unit of work, after
/// the booking changed: writes the open report (`party` reported, `choice`
/// the learner's remedy, `statement` their words), plans the job that
/// settles it when the window closes and tells the reporter (the reported
/// side hears through the booking's `NoShowReported` event).
pub(super) async fn opened(
    state: &AppState,
    tx: &mut Tx,
    booking_id: &str,
    report: Report<'_>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let Report {
        party,
        reporter_id,
        choice,
        statement,
    } = report;
    let missed = match party {
        Party::Learner => Missed::Mentor,
        _ => Missed::Learner,
    };
    let closes = instant(rules::contest_closes_ms(ms(now)));
    tx.insert_no_show_report(
        &NewNoShowReport {
            booking_id,
            missed,
            choice,
            reporter_id,
            statement: statement.unwrap_or_default(),
            contest_closes_at: closes,
        },
        now,
    )
    .await?;
    plan(tx, booking_id, closes, now).await?;
    if let Some(n) = tx.booking_notice(booking_id).await? {
        let to = match party {
            Party::Learner => Some(&n.learner),
            _ => n.mentor.as_ref(),
        };
        if let Some(to) = to {
            let mail =
                t::no_show_report_received(&n, to, side(party), &page(state, booking_id), closes);
            tx.enqueue_email(&mail, now).await?;
        }
    }
    Ok(())
}

/// Plans the job for the first moment after the window (`closes` is its
/// last moment).
async fn plan(
    tx: &mut Tx,
    booking_id: &str,
    closes: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let payload = serde_json::json!({ "booking_id": booking_id });
    let at = closes + TimeDelta::milliseconds(1);
    tx.enqueue_job(DUE, booking_id, &payload, at, now).await
}

/// A report with its booking, the caller's relation and the rules' facts.
pub type Reported = (BookingRecord, Party, NoShowReport, ContestFacts);

/// The report of a booking (`None`: nobody reported a no-show), for its
/// learner, its mentor or an administrator.
pub async fn report(
    state: &AppState,
    caller: &Caller,
    booking_id: &str,
) -> Result<Option<Reported>, BookingError> {
    let (b, party) = super::get(state, caller, booking_id).await?;
    let Some(r) = state.store.no_show_report(booking_id).await? else {
        return Ok(None);
    };
    let mut tx = state.store.begin_read().await?;
    let money = money_of(&mut tx, booking_id).await?;
    drop(tx);
    let f = contest_facts(&b, &r, money);
    Ok(Some((b, party, r, f)))
}

/// `caller` contests the report on booking `booking_id` with `statement`
/// (1 to 1000 characters): only the side that did not report, only within
/// the window ([`BookingError::Refused`] with the rules' words otherwise).
/// A learner contesting a mentor's report may say which remedy they want
/// should the administrator find the mentor missed it (`choice`; a refund
/// when none). Both sides are told; the report waits for an administrator.
pub async fn contest(
    state: &AppState,
    caller: &Caller,
    booking_id: &str,
    statement: Option<&str>,
    choice: Option<NoShowChoice>,
    now: DateTime<Utc>,
) -> Result<NoShowReport, BookingError> {
    // Read once the caller is known to be a party (a stranger gets 404).
    let statement = forms::bookings::parse_contest_statement(statement);
    let mut tx = state.store.begin().await?;
    let b = tx.booking(booking_id).await?;
    let party = super::party_of(caller, &b).ok_or(BookingError::NotFound)?;
    let statement = statement.map_err(BookingError::Invalid)?;
    let mut f = Fields::default();
    let Some(r) = tx.no_show_report(booking_id).await? else {
        return Err(BookingError::Refused(
            "No no-show was reported for this session, so there is nothing to contest.".to_owned(),
        ));
    };
    let money = money_of(&mut tx, booking_id).await?;
    let facts = contest_facts(&b, &r, money);
    rules::may_contest(&facts, party, ms(now)).map_err(BookingError::Refused)?;
    if choice.is_some() && !(party == Party::Learner && r.missed == Missed::Learner) {
        f.add(
            "choice",
            "Only a learner contesting the mentor's report chooses a remedy.",
        );
    }
    if !f.is_empty() {
        return Err(BookingError::Invalid(f.0));
    }
    if !tx
        .contest_no_show(booking_id, caller.user.id, &statement, choice, now)
        .await?
    {
        return Err(BookingError::Refused(CHANGED.to_owned()));
    }
    tx.cancel_jobs(DUE, booking_id).await?;
    if let Some(n) = tx.booking_notice(booking_id).await? {
        let link = page(state, booking_id);
        tx.enqueue_email(
            &t::no_show_contested(&n, &n.learner, Side::Learner, &link),
            now,
        )
        .await?;
        if let Some(mentor) = &n.mentor {
            tx.enqueue_email(&t::no_show_contested(&n, mentor, Side::Mentor, &link), now)
                .await?;
        }
        tx.notify_admins(
            &Notice {
                kind: "no_show_review",
                title: format!("A no-show on {} is contested", n.service_title),
                body: "Both sides have spoken; the decision is yours.".to_owned(),
                link: "/dashboard/admin?section=disputes".to_owned(),
            },
            now,
        )
        .await?;
    }
    let r = tx
        .no_show_report(booking_id)
        .await?
        .ok_or(StoreError::NotFound)?;
    tx.commit().await?;
    super::written(state);
    Ok(r)
}

/// The job [`DUE`]: an open report whose window has closed takes effect
/// as reported. A report contested or settled meanwhile is left alone; one
/// whose window is still open is planned again. Safe to run twice.
pub async fn on_due(state: &AppState, booking_id: &str, now: DateTime<Utc>) -> Result<(), String> {
    let run = async {
        let mut tx = state.store.begin().await?;
        let b = match tx.booking(booking_id).await {
            Ok(b) => b,
            Err(StoreError::NotFound) => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        let Some(r) = tx.no_show_report(booking_id).await? else {
            return Ok(());
        };
        if r.state != ContestState::Open {
            return Ok(());
        }
        let money = money_of(&mut tx, booking_id).await?;
        let facts = contest_facts(&b, &r, money);
        if !rules::window_closed(&facts, ms(now)) {
            plan(&mut tx, booking_id, r.contest_closes_at, now).await?;
            tx.commit().await?;
            return Ok(());
        }
        let outcome = Outcome::reported(r.missed);
        let s = rules::settlement(&facts, outcome, 0);
        if settle(state, &mut tx, &b, &r, &s, SettledBy::WindowClosed, now).await? {
            tx.commit().await?;
            super::written(state);
        }
        Ok::<(), BookingError>(())
    };
    run.await
        .map_err(|e| format!("no-show report {booking_id}: {e}"))
}

/// What settles a report: its window closing uncontested, or an
/// administrator's decision (a reason comes only with an administrator).
#[derive(Debug, Clone, Copy)]
enum SettledBy<'a> {
    /// Nobody contested it in time: it takes effect as reported.
    WindowClosed,
    /// Administrator `id` decided it, with their reason when they gave one.
    Admin { id: i64, reason: Option<&'a str> },
}

/// Settles report `r` of booking `b` (read in `tx`) as `s` says, `by`
/// whom, once: the report's state (a conditional update; `false` when it
/// was settled or changed meanwhile, and nothing moves), who is
/// established to have missed the session on the booking, the refund, the
/// e-mails.
async fn settle(
    state: &AppState,
    tx: &mut Tx,
    b: &BookingRecord,
    r: &NoShowReport,
    s: &rules::Settlement,
    by: SettledBy<'_>,
    now: DateTime<Utc>,
) -> Result<bool, BookingError> {
    let (admin, reason) = match by {
        SettledBy::WindowClosed => (None, None),
        SettledBy::Admin { id, reason } => (Some(id), reason),
    };
    // The rules' refund, never below zero.
    let refund = Paise::saturating_from(s.refund_paise);
    let settled = NoShowSettlement {
        outcome: s.outcome,
        refund_paise: refund,
        decided_by: admin,
        reason,
    };
    if !tx.settle_no_show(&b.id, r.state, &settled, now).await? {
        return Ok(false);
    }
    // The booking records who is established to have missed it (nobody
    // for a partial refund: the report's side stays); a mentor's no-show
    // owes the refund the learner chose.
    let mut u = BookingUpdate::of(b);
    if let Some(missed) = s.missed {
        u.no_show_by = Some(missed.as_str());
    }
    if s.outcome == Outcome::MentorMissed {
        let choice = r.choice.unwrap_or(NoShowChoice::Refund);
        u.no_show_choice = Some(choice.as_str());
        if !refund.is_zero() {
            u.refund_owed_paise = b.refund_owed_paise.max(b.paid_paise);
        }
    } else {
        // No remedy is owed: the learner missed it, or a partial refund
        // settles it.
        u.no_show_choice = None;
    }
    if u != BookingUpdate::of(b) {
        if !tx.update_booking(&b.id, b, &u, now).await? {
            return Err(BookingError::Refused(CHANGED.to_owned()));
        }
        crate::webhooks::booking_written(tx, &b.id, Some(b), now).await?;
    }
    let words = reason.unwrap_or_default();
    match (s.outcome, s.basis) {
        (Outcome::MentorMissed, Some(_)) => {
            crate::refunds::settle_owed(state, tx, &b.id, words, now).await?;
        }
        (Outcome::Partial, Some(basis)) => {
            crate::refunds::refund_decided(state, tx, &b.id, basis, refund, words, now).await?;
        }
        _ => {}
    }
    if let Some(n) = tx.booking_notice(&b.id).await? {
        let link = page(state, &b.id);
        let what = match s.outcome {
            Outcome::MentorMissed => "the mentor missed the session.",
            Outcome::LearnerMissed => "the learner missed the session, so it counts as held.",
            Outcome::Partial => {
                "neither side's account could be established, so part of the payment goes back."
            }
        };
        let mut to = vec![n.learner.clone()];
        to.extend(n.mentor.clone());
        for who in &to {
            let mail = t::no_show_decided(&n, who, what, refund, reason, &link);
            tx.enqueue_email(&mail, now).await?;
        }
    }
    Ok(true)
}

/// One contested report in the administrators' queue.
#[derive(Debug, Clone)]
pub struct Dispute {
    pub booking: BookingRecord,
    pub report: NoShowReport,
    pub money: ReportMoney,
    pub partial_max_paise: i64,
}

/// The contested reports waiting for a decision, oldest contest first.
pub async fn disputes(state: &AppState) -> Result<Vec<Dispute>, BookingError> {
    let reports = state
        .store
        .no_show_reports_in(ContestState::Contested)
        .await?;
    let mut out = Vec::with_capacity(reports.len());
    for r in reports {
        let b = state.store.booking(&r.booking_id).await?;
        let mut tx = state.store.begin_read().await?;
        let money = money_of(&mut tx, &r.booking_id).await?;
        drop(tx);
        let partial_max_paise = rules::partial_max_paise(&contest_facts(&b, &r, money));
        out.push(Dispute {
            booking: b,
            report: r,
            money,
            partial_max_paise,
        });
    }
    Ok(out)
}

/// An administrator decides the report on booking `booking_id`: the
/// crate's [`rules::decision`] checks it (a partial refund needs an amount
/// up to its maximum and a reason; deciding a report nobody contested goes
/// beyond the rules and needs a reason), the report settles with its money
/// and e-mails, and the decision is written to the audit log, all in one
/// unit of work.
pub async fn decide(
    state: &AppState,
    admin_id: i64,
    booking_id: &str,
    decision: DisputeDecision,
    now: DateTime<Utc>,
) -> Result<NoShowReport, BookingError> {
    let DisputeDecision {
        outcome,
        amount_paise,
        reason,
    } = decision;
    let mut tx = state.store.begin().await?;
    // The booking row (on PostgreSQL after the mentor's time, in the order
    // every booking change takes them), which also holds its money still.
    let b = tx.booking(booking_id).await?;
    let Some(r) = tx.no_show_report(booking_id).await? else {
        return Err(BookingError::NotFound);
    };
    let money = money_of(&mut tx, booking_id).await?;
    let facts = contest_facts(&b, &r, money);
    let (s, beyond_rules) = match rules::decision(&facts, outcome, amount_paise, &reason, ms(now)) {
        Decision::Ok {
            settlement,
            beyond_rules,
        } => (settlement, beyond_rules),
        Decision::Refused { message } => return Err(BookingError::Refused(message)),
        Decision::Invalid { errors } => {
            let mut f = Fields::default();
            for e in errors {
                f.add(&e.field, e.message);
            }
            return Err(BookingError::Invalid(f.0));
        }
    };
    let reason = (!reason.is_empty()).then_some(reason);
    let by = SettledBy::Admin {
        id: admin_id,
        reason: reason.as_deref(),
    };
    if !settle(state, &mut tx, &b, &r, &s, by, now).await? {
        return Err(BookingError::Refused(
            "This no-show report is already settled. Reload the queue to see how.".to_owned(),
        ));
    }
    tx.cancel_jobs(DUE, booking_id).await?;
    let before = serde_json::json!({
        "state": r.state.as_str(),
        "missed": r.missed.as_str(),
        "choice": r.choice.map(NoShowChoice::as_str),
        "captured_paise": money.captured_paise.to_i64(),
        "refunded_paise": money.refunded_paise.to_i64(),
    });
    let after = serde_json::json!({
        "state": ContestState::Settled.as_str(),
        "outcome": s.outcome.as_str(),
        "refund_paise": s.refund_paise,
        "missed": s.missed.map(Missed::as_str),
        "beyond_rules": beyond_rules,
    });
    tx.audit(
        &AuditEntry::new(
            Actor::Admin(admin_id),
            AuditAction::DisputeDecided,
            "booking",
            booking_id,
        )
        .reason(reason)
        .change(Some(before), Some(after)),
        now,
    )
    .await?;
    let r = tx
        .no_show_report(booking_id)
        .await?
        .ok_or(StoreError::NotFound)?;
    tx.commit().await?;
    super::written(state);
    Ok(r)
}

//! The durable job queue's worker: work planned for a later time (a
//! booking's reminders, its expiry or completion) runs here, once, even
//! with several API processes on one database and across restarts.
//!
//! Why our own queue and not a job library such as apalis: the e-mail
//! outbox ([`crate::mail`]) already solves the same problem in this code
//! base: rows in the database written in the caller's transaction, a worker
//! that polls and can be woken, claims by a conditional `UPDATE` with a
//! lease (so of several processes exactly one runs each job), retries with
//! backoff and a final `failed`. The jobs table ([`crate::store::jobs`])
//! reuses that pattern on both engines with the store's own pools and
//! migrations, the server's injectable [`crate::clock::Clock`] (tests move
//! time instead of waiting) and the same unit of work as the booking that
//! plans the job. apalis would bring a second schema, its own migrations
//! and polling per engine, and a clock of its own for a few hundred lines
//! we already had.
//!
//! Jobs (`kind`, `key`):
//! - `booking_due`, booking id: [`crate::bookings::on_due`] (expire or
//!   complete the booking when its time has come);
//! - `booking_reminder:24h` / `booking_reminder:1h`, booking id: the
//!   reminder e-mails ([`crate::notifications::send_reminder`]);
//! - `payment_confirm`, order id: ask the gateway again about a payment
//!   a verified checkout named ([`crate::payments::confirm`]);
//! - `payment_reconcile`, order id: check an order still unpaid with the
//!   gateway ([`crate::payments::reconcile_order`]);
//! - `gateway_reconcile`, the gateway's name: record the gateway's own
//!   refunds and disputes no webhook brought, every six hours
//!   ([`crate::payments::reconciliation::run`]);
//! - `refund_execute`, refund id: send the refund to the gateway and settle
//!   it ([`crate::refunds::execute`]);
//! - `webhook_deliver`, a webhook delivery's id: one signed POST to its
//!   endpoint ([`crate::webhooks::deliver`]).
//!
//! A job whose kind this version does not know is retried like a failure
//! (a newer process sharing the database may have planned it) and finally
//! marked `failed`.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use futures_util::FutureExt;

use chrono::{DateTime, TimeDelta, Utc};

use crate::state::AppState;
use crate::store::StoreError;
use crate::store::jobs::Job;

/// How many attempts a job gets before it is marked `failed`.
pub const MAX_ATTEMPTS: i64 = 5;

/// How often the worker looks for due jobs when nothing wakes it.
const POLL_INTERVAL: Duration = Duration::from_secs(5);

/// How long a claimed job is reserved for the worker that claimed it.
const LEASE: TimeDelta = TimeDelta::minutes(5);

/// How many due jobs one query fetches.
const BATCH: i64 = 20;

/// The longest `last_error` kept, in characters.
const MAX_ERROR_CHARS: usize = 1000;

/// How long a finished job stays in the table.
pub const RETENTION: TimeDelta = TimeDelta::days(30);

/// The wait before the next attempt after `attempts` failed ones:
/// 1 min, 5 min, 30 min, then 2 h.
pub fn retry_delay(attempts: i64) -> TimeDelta {
    match attempts {
        ..=1 => TimeDelta::minutes(1),
        2 => TimeDelta::minutes(5),
        3 => TimeDelta::minutes(30),
        _ => TimeDelta::hours(2),
    }
}

/// Starts the worker: it runs what is due by the server's clock, then
/// waits for [`crate::job_queue::Jobs::wake`] or [`POLL_INTERVAL`], forever. Abort the handle
/// to stop it; a job it was running at that moment runs again once its
/// lease has expired.
pub fn spawn_worker(state: Arc<AppState>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(e) = run_due(&state).await {
                tracing::warn!(error = %e, "job worker: cannot read the job queue; retrying shortly");
            }
            state.jobs.pass_done();
            tokio::select! {
                () = state.jobs.woken() => {}
                () = tokio::time::sleep(POLL_INTERVAL) => {}
            }
        }
    })
}

/// Runs every job due by the server's clock that no other worker holds,
/// one at a time; returns how many this call handled (done, retried or
/// failed). The worker calls this; tests may too (after moving the clock).
///
/// Each claim reads the clock afresh: on a long pass, a lease taken from
/// the pass's start could already have lapsed when it was taken, and
/// another process would run the same job.
pub async fn run_due(state: &AppState) -> Result<usize, StoreError> {
    let store = &state.store;
    let mut handled = 0;
    loop {
        let ids = store.due_job_ids(state.clock.now(), BATCH).await?;
        let mut claimed = 0;
        for &id in &ids {
            let now = state.clock.now();
            let Some(job) = store.claim_job(id, now, now + LEASE).await? else {
                continue; // another worker has it, or it changed meanwhile
            };
            claimed += 1;
            run_one(state, job, now).await?;
            handled += 1;
        }
        if (ids.len() as i64) < BATCH || claimed == 0 {
            return Ok(handled);
        }
    }
}

/// Runs one claimed job and records the outcome. A job that panics is
/// caught: the panic counts as a failed attempt (its message kept as the
/// error), and the worker goes on.
async fn run_one(state: &AppState, job: Job, claimed_at: DateTime<Utc>) -> Result<(), StoreError> {
    let store = &state.store;
    let outcome = AssertUnwindSafe(dispatch(state, &job, claimed_at))
        .catch_unwind()
        .await
        .unwrap_or_else(|panic| Err(format!("the job panicked: {}", panic_message(&*panic))));
    // The outcome is recorded at the time it came, not the claim's.
    let now = state.clock.now();
    match outcome {
        Ok(()) => {
            tracing::debug!(id = job.id, kind = %job.kind, key = %job.key, "job done");
            if !store.finish_job(&job, now).await? {
                tracing::info!(id = job.id, kind = %job.kind, "job re-planned while it ran; it stays planned");
            }
        }
        Err(error) => {
            let error = clip(&error);
            if job.attempts >= MAX_ATTEMPTS {
                tracing::error!(id = job.id, kind = %job.kind, key = %job.key, attempts = job.attempts,
                    %error, "job failed; giving up");
                store.fail_job(&job, &error, now).await?;
            } else {
                let next = now + retry_delay(job.attempts);
                tracing::warn!(id = job.id, kind = %job.kind, key = %job.key, attempts = job.attempts,
                    next_run_at = %next, %error, "job failed; will retry");
                store.retry_job(&job, &error, next).await?;
            }
        }
    }
    Ok(())
}

/// What a panic said (`panic!("...")` gives a `&str` or a `String`).
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_owned())
}

/// What each kind of job does. An error is retried with backoff.
async fn dispatch(state: &AppState, job: &Job, now: DateTime<Utc>) -> Result<(), String> {
    let kind = job.kind.as_str();
    if kind == BOOKING_DUE {
        return run_booking_due(state, &job.key, now).await;
    }
    if kind == crate::payments::CONFIRM {
        return crate::payments::confirm(state, &job.key, now).await;
    }
    if kind == crate::payments::RECONCILE {
        return crate::payments::reconcile_order(state, &job.key, now).await;
    }
    if kind == crate::payments::reconciliation::JOB {
        return crate::payments::reconciliation::run(state, now).await;
    }
    if kind == crate::bookings::no_show::DUE {
        return crate::bookings::no_show::on_due(state, &job.key, now).await;
    }
    if kind == crate::refunds::EXECUTE {
        return crate::refunds::execute(state, &job.key, now).await;
    }
    if kind == crate::webhooks::DELIVER_JOB {
        return crate::webhooks::deliver(state, &job.key, job.attempts >= MAX_ATTEMPTS).await;
    }
    if kind.starts_with(crate::notifications::REMINDER_KIND) {
        return crate::notifications::send_reminder(state, job, now)
            .await
            .map_err(|e| format!("cannot send the reminder: {e}"));
    }
    let handler = state.jobs.handler(kind);
    if let Some(handler) = handler {
        return handler(job.clone()).await;
    }
    Err(format!(
        "this server does not know jobs of kind {kind:?} (a newer version may)"
    ))
}

use crate::bookings::BOOKING_DUE;

async fn run_booking_due(
    state: &AppState,
    booking_id: &str,
    now: DateTime<Utc>,
) -> Result<(), String> {
    crate::bookings::on_due(state, booking_id, now)
        .await
        .map_err(|e| format!("booking {booking_id}: {e}"))
}

/// At most [`MAX_ERROR_CHARS`] characters of an error.
fn clip(error: &str) -> String {
    match error.char_indices().nth(MAX_ERROR_CHARS) {
        Some((at, _)) => format!("{}…", &error[..at]),
        None => error.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_and_stay_bounded() {
        let delays: Vec<i64> = (1..=MAX_ATTEMPTS)
            .map(|n| retry_delay(n).num_minutes())
            .collect();
        assert_eq!(delays, vec![1, 5, 30, 120, 120]);
    }

    #[test]
    fn long_errors_are_clipped() {
        let long = "é".repeat(MAX_ERROR_CHARS + 5);
        assert_eq!(clip(&long).chars().count(), MAX_ERROR_CHARS + 1);
        assert_eq!(clip("short"), "short");
    }
}

//! The durable job queue (issue 12): jobs are rows in the database, so they
//! survive a restart; a failed job is retried with backoff and finally
//! marked failed; of several servers on one database exactly one runs each
//! job; enqueuing a job again re-plans it. Time moves on a manual clock.

use crate::{booking_fixtures, common};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::FutureExt;

use api::clock::Clock;
use api::notifications::BookingEvent;
use api::store::Store;
use api::store::jobs::JobStatus;
use booking_fixtures::{announce, booking, cast, start};
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, TestDb};
use serde_json::json;

on_both_engines!(
    a_job_survives_a_restart,
    a_failing_job_is_retried_with_backoff_then_marked_failed,
    two_servers_on_one_database_run_each_job_once,
    enqueuing_again_re_plans_and_cancelling_calls_off,
    a_lapsed_lease_is_taken_over_and_the_old_claim_settles_nothing,
    a_panicking_job_is_a_failed_attempt_and_the_worker_goes_on,
    each_lease_is_taken_from_the_clock_at_its_claim,
);

fn secs(t: DateTime<Utc>) -> i64 {
    t.timestamp()
}

async fn status_of(store: &Store, kind: &str, key: &str) -> (JobStatus, i64) {
    let job = store
        .job(kind, key)
        .await
        .expect("job read")
        .unwrap_or_else(|| panic!("no job {kind} {key}"));
    (job.status, job.attempts)
}

async fn reminders_to(store: &Store, address: &str) -> usize {
    store
        .outbox(Some(address), 200)
        .await
        .expect("outbox")
        .iter()
        .filter(|m| m.kind == "booking_reminder")
        .count()
}

/// A reminder planned by one server runs in the next one, started on the
/// same database after the first stopped and after its time came.
async fn a_job_survives_a_restart(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let first = start(&db, &clock).await;
    let now = clock.now();
    let cast = cast(first.store(), now).await;
    let at = now + TimeDelta::days(2);
    let id = booking(first.store(), &cast, "confirmed", at, now).await;
    announce(&first.state, &id, BookingEvent::Confirmed, now).await;
    let planned = first
        .store()
        .job("booking_reminder:24h", &id)
        .await
        .expect("read")
        .expect("the 24 h reminder is planned");
    assert_eq!(planned.status, JobStatus::Pending);
    assert_eq!(secs(planned.run_at), secs(at - TimeDelta::hours(24)));
    first.stop().await;

    // Past the 24 h reminder's time, before the 1 h one's.
    hand.advance(Duration::from_secs(25 * 3600));
    let second = start(&db, &clock).await;
    let store = second.store().clone();
    second
        .wait_for_jobs("the 24 h reminder", || {
            let (store, id) = (store.clone(), id.clone());
            async move { status_of(&store, "booking_reminder:24h", &id).await.0 == JobStatus::Done }
        })
        .await;
    assert_eq!(
        status_of(&store, "booking_reminder:24h", &id).await,
        (JobStatus::Done, 1)
    );
    assert_eq!(reminders_to(&store, "ravi@example.com").await, 1);
    assert_eq!(reminders_to(&store, "asha@example.com").await, 1);
    assert_eq!(
        status_of(&store, "booking_reminder:1h", &id).await,
        (JobStatus::Pending, 0),
        "the 1 h reminder waits for its time"
    );
    second.stop().await;
}

/// A job that fails (here: a kind this server does not know) is retried
/// after 1 min, 5 min, 30 min and 2 h, then marked failed for good.
async fn a_failing_job_is_retried_with_backoff_then_marked_failed(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let t0 = clock.now();
    store
        .enqueue_job("from_a_newer_version", "k1", &json!({"n": 1}), t0, t0)
        .await
        .expect("enqueued");
    // The n-th attempt has ended: counted, and its claim released (a claim
    // counts the attempt before the job has run).
    let attempts = |n: i64| {
        let store = store.clone();
        move || {
            let store = store.clone();
            async move {
                let job = store.job("from_a_newer_version", "k1").await.expect("read");
                job.is_some_and(|job| job.attempts >= n && job.claimed_until.is_none())
            }
        }
    };
    server.wait_for_jobs("the first attempt", attempts(1)).await;
    let job = store
        .job("from_a_newer_version", "k1")
        .await
        .expect("read")
        .expect("the job");
    assert_eq!((job.status, job.attempts), (JobStatus::Pending, 1));
    assert_eq!(secs(job.run_at), secs(t0 + TimeDelta::minutes(1)));
    assert!(
        job.last_error
            .as_deref()
            .is_some_and(|e| e.contains("does not know jobs of kind")),
        "{job:?}"
    );
    assert_eq!(job.claimed_until, None, "the claim is released");

    // Not before its time.
    hand.advance(Duration::from_secs(59));
    server.settle_jobs().await;
    assert_eq!(status_of(&store, "from_a_newer_version", "k1").await.1, 1);

    let mut elapsed = TimeDelta::minutes(1);
    for (attempt, wait) in [(2, 1), (3, 5), (4, 30)] {
        hand.advance(Duration::from_secs(if attempt == 2 {
            1
        } else {
            wait * 60
        }));
        if attempt > 2 {
            elapsed += TimeDelta::minutes(wait as i64);
        }
        server
            .wait_for_jobs("another attempt", attempts(attempt))
            .await;
        let job = store
            .job("from_a_newer_version", "k1")
            .await
            .expect("read")
            .expect("the job");
        assert_eq!((job.status, job.attempts), (JobStatus::Pending, attempt));
        let next = match attempt {
            2 => TimeDelta::minutes(5),
            3 => TimeDelta::minutes(30),
            _ => TimeDelta::hours(2),
        };
        assert_eq!(
            secs(job.run_at),
            secs(t0 + elapsed + next),
            "attempt {attempt}"
        );
    }
    hand.advance(Duration::from_secs(2 * 3600));
    server.wait_for_jobs("the last attempt", attempts(5)).await;
    let job = store
        .job("from_a_newer_version", "k1")
        .await
        .expect("read")
        .expect("the job");
    assert_eq!((job.status, job.attempts), (JobStatus::Failed, 5));
    assert!(job.finished_at.is_some());
    hand.advance(Duration::from_secs(24 * 3600));
    server.settle_jobs().await;
    assert_eq!(
        status_of(&store, "from_a_newer_version", "k1").await,
        (JobStatus::Failed, 5),
        "a failed job is not tried again"
    );
    server.stop().await;
}

/// Two servers on one database, their workers and four concurrent runs:
/// every due job is claimed once and its e-mails are sent once.
async fn two_servers_on_one_database_run_each_job_once(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let a = start(&db, &clock).await;
    let b = start(&db, &clock).await;
    let now = clock.now();
    let cast = cast(a.store(), now).await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let at = now + TimeDelta::days(2) + TimeDelta::hours(i);
        let id = booking(a.store(), &cast, "confirmed", at, now).await;
        announce(&a.state, &id, BookingEvent::Confirmed, now).await;
        ids.push(id);
    }
    // Every 24 h reminder is due, no 1 h one.
    hand.advance(Duration::from_secs(36 * 3600));
    a.state.jobs.wake();
    b.state.jobs.wake();
    let (r1, r2, r3, r4) = tokio::join!(
        api::jobs::run_due(&a.state),
        api::jobs::run_due(&b.state),
        api::jobs::run_due(&a.state),
        api::jobs::run_due(&b.state),
    );
    let handled: usize = [r1, r2, r3, r4].into_iter().map(|r| r.expect("runs")).sum();
    assert!(handled <= 12, "at most one run per job: {handled}");
    let store = a.store().clone();
    let all = ids.clone();
    a.wait_for_jobs("every 24 h reminder", || {
        let (store, all) = (store.clone(), all.clone());
        async move {
            for id in &all {
                if status_of(&store, "booking_reminder:24h", id).await.0 != JobStatus::Done {
                    return false;
                }
            }
            true
        }
    })
    .await;
    for id in &ids {
        assert_eq!(
            status_of(&store, "booking_reminder:24h", id).await,
            (JobStatus::Done, 1),
            "claimed exactly once"
        );
        assert_eq!(
            status_of(&store, "booking_reminder:1h", id).await,
            (JobStatus::Pending, 0)
        );
    }
    assert_eq!(reminders_to(&store, "ravi@example.com").await, 12);
    assert_eq!(reminders_to(&store, "asha@example.com").await, 12);
    a.stop().await;
    b.stop().await;
}

/// `(kind, key)` is one job: enqueuing it again moves it (whatever state it
/// was in); cancelling by prefix calls off only the pending jobs of that
/// key whose kind starts so (an underscore is no wildcard).
async fn enqueuing_again_re_plans_and_cancelling_calls_off(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let store = db.open().await;
    let t = Utc::now();
    let lease = TimeDelta::minutes(5);
    store
        .enqueue_job(
            "booking_due",
            "b1",
            &json!({"v": 1}),
            t + TimeDelta::hours(2),
            t,
        )
        .await
        .expect("enqueued");
    store
        .enqueue_job(
            "booking_due",
            "b1",
            &json!({"v": 2}),
            t + TimeDelta::hours(1),
            t,
        )
        .await
        .expect("enqueued again");
    let jobs = store.jobs_for("b1").await.expect("jobs");
    assert_eq!(jobs.len(), 1, "one job per (kind, key)");
    assert_eq!(
        secs(jobs[0].run_at),
        secs(t + TimeDelta::hours(1)),
        "re-planned sooner"
    );
    assert_eq!(jobs[0].payload, json!({"v": 2}));
    assert!(
        store.due_job_ids(t, 10).await.expect("due").is_empty(),
        "not due yet"
    );

    // Claimed at its time; a second claim finds it held.
    let at = t + TimeDelta::hours(1);
    let claimed = store
        .claim_job(jobs[0].id, at, at + lease)
        .await
        .expect("claim")
        .expect("claimed");
    assert_eq!(claimed.attempts, 1);
    assert!(
        store
            .claim_job(jobs[0].id, at, at + lease)
            .await
            .expect("claim")
            .is_none()
    );

    // Re-planned while it runs: the run's outcome does not undo the new plan.
    store
        .enqueue_job(
            "booking_due",
            "b1",
            &json!({"v": 3}),
            t + TimeDelta::hours(3),
            at,
        )
        .await
        .expect("re-planned");
    assert!(
        !store.finish_job(&claimed, at).await.expect("finish"),
        "the claim was lost"
    );
    let job = store
        .job("booking_due", "b1")
        .await
        .expect("read")
        .expect("job");
    assert_eq!((job.status, job.attempts), (JobStatus::Pending, 0));
    assert_eq!(secs(job.run_at), secs(t + TimeDelta::hours(3)));
    assert_eq!(job.claimed_until, None);

    // Done, then enqueued again: pending once more.
    let later = t + TimeDelta::hours(3);
    let claimed = store
        .claim_job(job.id, later, later + lease)
        .await
        .expect("claim")
        .expect("claimed");
    assert!(store.finish_job(&claimed, later).await.expect("finish"));
    assert_eq!(
        status_of(&store, "booking_due", "b1").await,
        (JobStatus::Done, 1)
    );
    store
        .enqueue_job(
            "booking_due",
            "b1",
            &json!({}),
            t + TimeDelta::hours(5),
            later,
        )
        .await
        .expect("enqueued again");
    assert_eq!(
        status_of(&store, "booking_due", "b1").await,
        (JobStatus::Pending, 0)
    );

    // Cancelling by prefix.
    for kind in [
        "booking_reminder:24h",
        "booking_reminder:1h",
        "booking_due",
        "bookingXreminder",
    ] {
        store
            .enqueue_job(kind, "b2", &json!({}), t + TimeDelta::hours(1), t)
            .await
            .expect("enqueued");
    }
    store
        .enqueue_job(
            "booking_reminder:1h",
            "b3",
            &json!({}),
            t + TimeDelta::hours(1),
            t,
        )
        .await
        .expect("enqueued");
    let mut tx = store.begin().await.expect("begin");
    let cancelled = tx
        .cancel_jobs("booking_reminder", "b2")
        .await
        .expect("cancel");
    tx.commit().await.expect("commit");
    assert_eq!(cancelled, 2);
    assert_eq!(
        status_of(&store, "booking_reminder:24h", "b2").await.0,
        JobStatus::Cancelled
    );
    assert_eq!(
        status_of(&store, "booking_reminder:1h", "b2").await.0,
        JobStatus::Cancelled
    );
    assert_eq!(
        status_of(&store, "booking_due", "b2").await.0,
        JobStatus::Pending
    );
    assert_eq!(
        status_of(&store, "bookingXreminder", "b2").await.0,
        JobStatus::Pending
    );
    assert_eq!(
        status_of(&store, "booking_reminder:1h", "b3").await.0,
        JobStatus::Pending
    );
    let due = store
        .due_job_ids(t + TimeDelta::hours(1), 50)
        .await
        .expect("due");
    assert_eq!(due.len(), 3, "cancelled jobs never run: {due:?}");
    store.close().await;
}

/// A worker that died holding a job: once its lease lapses another claims
/// the job, and the dead claim can no longer settle it.
async fn a_lapsed_lease_is_taken_over_and_the_old_claim_settles_nothing(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let store = db.open().await;
    let t = Utc::now();
    store
        .enqueue_job("booking_due", "b1", &json!({}), t, t)
        .await
        .expect("enqueued");
    let id = store
        .job("booking_due", "b1")
        .await
        .expect("read")
        .expect("job")
        .id;
    let first = store
        .claim_job(id, t, t + TimeDelta::minutes(5))
        .await
        .expect("claim")
        .expect("claimed");
    let during = t + TimeDelta::minutes(4);
    assert!(
        store
            .claim_job(id, during, during + TimeDelta::minutes(5))
            .await
            .expect("claim")
            .is_none()
    );
    let after = t + TimeDelta::minutes(6);
    let second = store
        .claim_job(id, after, after + TimeDelta::minutes(5))
        .await
        .expect("claim")
        .expect("taken over");
    assert_eq!(second.attempts, 2);
    assert!(!store.retry_job(&first, "late", after).await.expect("retry"));
    assert!(!store.fail_job(&first, "late", after).await.expect("fail"));
    assert!(store.finish_job(&second, after).await.expect("finish"));
    assert_eq!(
        status_of(&store, "booking_due", "b1").await,
        (JobStatus::Done, 2)
    );
    store.close().await;
}

/// A job that panics (issue 20): the panic is caught, counted as a failed
/// attempt with its message, retried with backoff and finally marked
/// failed; the worker keeps running the other jobs meanwhile and after.
async fn a_panicking_job_is_a_failed_attempt_and_the_worker_goes_on(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let ran = Arc::new(AtomicUsize::new(0));
    server.state.jobs.handle(
        "test_panics",
        Arc::new(|_job| async { panic!("boom: the job's own bug") }.boxed()),
    );
    let counter = ran.clone();
    server.state.jobs.handle(
        "test_counts",
        Arc::new(move |_job| {
            counter.fetch_add(1, Ordering::SeqCst);
            async { Ok(()) }.boxed()
        }),
    );
    let store = server.store().clone();
    let now = clock.now();
    store
        .enqueue_job("test_panics", "p", &json!({}), now, now)
        .await
        .expect("enqueued");
    store
        .enqueue_job(
            "test_counts",
            "after",
            &json!({}),
            now + TimeDelta::seconds(1),
            now,
        )
        .await
        .expect("enqueued");
    hand.advance(Duration::from_secs(2));
    let s = store.clone();
    server
        .wait_for_jobs("the job after the panicking one", || {
            let s = s.clone();
            async move { status_of(&s, "test_counts", "after").await.0 == JobStatus::Done }
        })
        .await;
    let job = store
        .job("test_panics", "p")
        .await
        .expect("read")
        .expect("job");
    assert_eq!((job.status, job.attempts), (JobStatus::Pending, 1));
    assert_eq!(
        job.last_error.as_deref(),
        Some("the job panicked: boom: the job's own bug")
    );
    for attempt in 2..=api::jobs::MAX_ATTEMPTS {
        hand.advance(
            api::jobs::retry_delay(attempt - 1)
                .to_std()
                .expect("a delay")
                + Duration::from_secs(1),
        );
        let s = store.clone();
        server
            .wait_for_jobs("the next attempt", || {
                let s = s.clone();
                async move { status_of(&s, "test_panics", "p").await.1 >= attempt }
            })
            .await;
    }
    let s = store.clone();
    server
        .wait_for_jobs("the panicking job marked failed", || {
            let s = s.clone();
            async move { status_of(&s, "test_panics", "p").await.0 == JobStatus::Failed }
        })
        .await;
    assert_eq!(
        status_of(&store, "test_panics", "p").await,
        (JobStatus::Failed, api::jobs::MAX_ATTEMPTS)
    );
    // Still running.
    let now = clock.now();
    store
        .enqueue_job("test_counts", "later", &json!({}), now, now)
        .await
        .expect("enqueued");
    let s = store.clone();
    server
        .wait_for_jobs("a job after the failure", || {
            let s = s.clone();
            async move { status_of(&s, "test_counts", "later").await.0 == JobStatus::Done }
        })
        .await;
    assert_eq!(ran.load(Ordering::SeqCst), 2);
    server.stop().await;
}

/// A long job does not shorten the next one's lease (issue 20): each claim
/// reads the clock afresh, so a job claimed after a 6-minute job in the
/// same pass holds a lease that reaches past the time it starts at.
async fn each_lease_is_taken_from_the_clock_at_its_claim(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let slow_hand = hand.clone();
    server.state.jobs.handle(
        "test_slow",
        Arc::new(move |_job| {
            // The job takes six minutes (the clock moves, nobody waits).
            slow_hand.advance(Duration::from_secs(6 * 60));
            async { Ok(()) }.boxed()
        }),
    );
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (record, check_clock) = (seen.clone(), clock.clone());
    server.state.jobs.handle(
        "test_leased",
        Arc::new(move |job| {
            let lease = job.claimed_until.expect("a claimed job has a lease");
            record
                .lock()
                .expect("lock")
                .push((lease, check_clock.now()));
            async { Ok(()) }.boxed()
        }),
    );
    let store = server.store().clone();
    let now = clock.now();
    store
        .enqueue_job(
            "test_slow",
            "first",
            &json!({}),
            now - TimeDelta::seconds(2),
            now,
        )
        .await
        .expect("enqueued");
    store
        .enqueue_job(
            "test_leased",
            "second",
            &json!({}),
            now - TimeDelta::seconds(1),
            now,
        )
        .await
        .expect("enqueued");
    let s = store.clone();
    server
        .wait_for_jobs("both jobs", || {
            let s = s.clone();
            async move { status_of(&s, "test_leased", "second").await.0 == JobStatus::Done }
        })
        .await;
    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 1, "the second job ran once: {seen:?}");
    let (lease, started) = seen[0];
    assert!(
        lease > started,
        "the lease ({lease}) reaches past the job's start ({started})"
    );
    assert_eq!(
        status_of(&store, "test_slow", "first").await,
        (JobStatus::Done, 1)
    );
    server.stop().await;
}

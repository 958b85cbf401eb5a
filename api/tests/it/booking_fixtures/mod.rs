//! Fixtures for the job-queue and booking-mail tests: a server whose state
//! the test keeps (to run due jobs and watch the workers), and booking rows
//! written straight into the database (the bookings API is tested
//! elsewhere; these tests are about what happens around a booking).

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use api::clock::Clock;
use api::config::Settings;
use api::server;
use api::state::AppState;
use api::store::Store;
use chrono::{DateTime, TimeDelta, Utc};
use tokio::sync::oneshot;

use crate::common::{TestDb, write_web_fixture};

/// Runs the same expression on whichever pool the store has.
macro_rules! on_store {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite($pool) => $body,
            Store::Postgres($pool) => $body,
        }
    };
}

/// A running server whose state the test holds.
pub struct Server {
    pub state: Arc<AppState>,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    stop: Option<oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<()>>,
}

/// Starts a server (its mail and job workers included) on `db` with `clock`.
pub async fn start(db: &TestDb, clock: &Clock) -> Server {
    let web_dir = db.dir().join("web");
    write_web_fixture(&web_dir);
    let mut settings = Settings::for_database(db.url.clone());
    settings.web_dir = web_dir;
    settings.media_dir = db.dir().join("media");
    settings.secret_key = Some("test-secret-key-not-used-anywhere-else".into());
    settings.clock = clock.clone();
    let store = server::prepare(&settings).await.expect("store opens");
    let bound = server::bind(&settings, store).await.expect("binds a port");
    let state = bound.state().clone();
    let base = format!("http://{}", bound.addr);
    let (stop, stopped) = oneshot::channel::<()>();
    let done = tokio::spawn(async move {
        bound
            .run(async move {
                let _ = stopped.await;
            })
            .await
            .expect("the server ran");
    });
    Server {
        state,
        base,
        stop: Some(stop),
        done: Some(done),
    }
}

impl Server {
    pub fn store(&self) -> &Store {
        &self.state.store
    }

    /// Stops the server (its workers and its database connections).
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(done) = self.done.take() {
            done.await.expect("the server stopped");
        }
    }

    /// Wakes the job worker and waits until `done` holds, checking after
    /// each finished pass (no sleeping). The minute's limit only bounds a
    /// failing test.
    pub async fn wait_for_jobs<F, Fut>(&self, what: &str, done: F)
    where
        F: Fn() -> Fut,
        Fut: Future<Output = bool>,
    {
        let mut passes = self.state.jobs.worker_passes();
        let waited = tokio::time::timeout(Duration::from_secs(60), async {
            loop {
                passes.borrow_and_update();
                if done().await {
                    return;
                }
                self.state.jobs.wake();
                passes.changed().await.expect("the worker runs");
            }
        })
        .await;
        if waited.is_err() {
            panic!("still waiting for {what} after a minute of job worker passes");
        }
    }

    /// Waits for two whole passes of the job worker after now: whatever
    /// was due when this is called has been handled.
    pub async fn settle_jobs(&self) {
        let mut passes = self.state.jobs.worker_passes();
        for _ in 0..2 {
            passes.borrow_and_update();
            self.state.jobs.wake();
            tokio::time::timeout(Duration::from_secs(60), passes.changed())
                .await
                .expect("the job worker made a pass")
                .expect("the worker runs");
        }
    }
}

/// Someone with an account.
pub async fn user(store: &Store, email: &str, name: &str, zone: &str, now: DateTime<Utc>) -> i64 {
    let sql = "INSERT INTO users (email, name, role, is_active, date_joined, updated_at, time_zone) \
               VALUES ($1, $2, 'user', TRUE, $3, $3, $4) RETURNING id";
    let (id,): (i64,) = on_store!(store, pool => sqlx::query_as(sql)
        .bind(email)
        .bind(name)
        .bind(now)
        .bind(zone)
        .fetch_one(pool)
        .await)
    .expect("user inserted");
    id
}

/// A mentor (with the account `user_id`, if any) offering one service;
/// returns (mentor id, service id).
pub async fn mentor(
    store: &Store,
    name: &str,
    user_id: Option<i64>,
    now: DateTime<Utc>,
) -> (i64, i64) {
    let (mentor_id,): (i64,) = on_store!(store, pool => sqlx::query_as(
        "INSERT INTO mentors (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id",
    )
    .bind(user_id)
    .bind(name)
    .bind(now)
    .fetch_one(pool)
    .await)
    .expect("mentor inserted");
    let (service_id,): (i64,) = on_store!(store, pool => sqlx::query_as(
        "INSERT INTO mentor_services (mentor_id, position, title, duration_minutes, price_paise) \
         VALUES ($1, 0, 'Career chat', 60, 150000) RETURNING id",
    )
    .bind(mentor_id)
    .fetch_one(pool)
    .await)
    .expect("service inserted");
    (mentor_id, service_id)
}

/// The people of a booking.
pub struct Cast {
    pub learner_id: i64,
    pub mentor_id: i64,
    pub service_id: i64,
}

/// A learner in India and a mentor with an account in New York.
pub async fn cast(store: &Store, now: DateTime<Utc>) -> Cast {
    let learner_id = user(store, "ravi@example.com", "Ravi Kumar", "Asia/Kolkata", now).await;
    let mentor_user = user(
        store,
        "asha@example.com",
        "Asha Rao",
        "America/New_York",
        now,
    )
    .await;
    let (mentor_id, service_id) = mentor(store, "Asha Rao", Some(mentor_user), now).await;
    Cast {
        learner_id,
        mentor_id,
        service_id,
    }
}

/// Writes a booking of `cast` with `status` from `start` for an hour;
/// returns its id (a UUIDv4-like random id).
pub async fn booking(
    store: &Store,
    cast: &Cast,
    status: &str,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> String {
    let id = format!(
        "{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}",
        rand::random::<u32>(),
        rand::random::<u16>(),
        rand::random::<u16>() & 0xfff,
        rand::random::<u16>() & 0xfff,
        rand::random::<u64>() & 0xffff_ffff_ffff
    );
    let end = start + TimeDelta::hours(1);
    let confirmed = status == "confirmed";
    let meeting = confirmed.then(|| api::notifications::new_meeting_url("https://meet.jit.si"));
    let respond_by = (status == "pending").then(|| now + TimeDelta::hours(24));
    let pay_by = (status == "payment_required").then(|| now + TimeDelta::minutes(30));
    on_store!(store, pool => sqlx::query(
        "INSERT INTO bookings (id, learner_id, mentor_id, service_id, service_title, duration_minutes, \
         price_paise, commission_bps, status, start_at, end_at, held_from, held_until, note, respond_by, \
         pay_by, meeting_url, sequence, created_at, updated_at, confirmed_at) \
         VALUES ($1, $2, $3, $4, 'Career chat', 60, 150000, 1000, $5, $6, $7, $6, $7, \
         'About moving into product management.', $8, $9, $10, 0, $11, $11, $12)",
    )
    .bind(&id)
    .bind(cast.learner_id)
    .bind(cast.mentor_id)
    .bind(cast.service_id)
    .bind(status)
    .bind(start)
    .bind(end)
    .bind(respond_by)
    .bind(pay_by)
    .bind(meeting)
    .bind(now)
    .bind(confirmed.then_some(now))
    .execute(pool)
    .await
    .map(|_| ()))
    .expect("booking inserted");
    id
}

/// Moves a booking to `start` (an hour long) and raises its sequence, as a
/// reschedule does.
pub async fn move_booking(store: &Store, id: &str, start: DateTime<Utc>) {
    let end = start + TimeDelta::hours(1);
    on_store!(store, pool => sqlx::query(
        "UPDATE bookings SET start_at = $1, end_at = $2, held_from = $1, held_until = $2, \
         sequence = sequence + 1, reschedule_count = reschedule_count + 1 WHERE id = $3",
    )
    .bind(start)
    .bind(end)
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
    .expect("booking moved");
}

/// Sets a booking's status and cancellation facts.
pub async fn set_status(
    store: &Store,
    id: &str,
    status: &str,
    cancelled_by: Option<&str>,
    reason: Option<&str>,
    refund: i64,
) {
    on_store!(store, pool => sqlx::query(
        "UPDATE bookings SET status = $1, cancelled_by = $2, cancel_reason = $3, refund_owed_paise = $4 WHERE id = $5",
    )
    .bind(status)
    .bind(cancelled_by)
    .bind(reason)
    .bind(refund)
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
    .expect("booking updated");
}

/// Runs `api::notifications::booking_event` in a unit of work of its own.
pub async fn announce(
    state: &AppState,
    id: &str,
    event: api::notifications::BookingEvent,
    now: DateTime<Utc>,
) {
    let mut tx = state.store.begin().await.expect("begin");
    api::notifications::booking_event(state, &mut tx, id, event, now)
        .await
        .expect("booking_event");
    tx.commit().await.expect("commit");
}

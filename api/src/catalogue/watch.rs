//! The one task per catalogue that keeps it current: it reloads when this
//! process writes to the catalogue, when PostgreSQL notifies a change
//! (`LISTEN catalogue_changed`), and otherwise checks the version once a
//! second. It ends when the catalogue is dropped or the store closed.

use std::sync::Weak;
use std::time::{Duration, Instant};

use sqlx::postgres::PgListener;
use tokio::time::MissedTickBehavior;

use super::Shared;
use crate::store::Store;

/// The channel migration 0004's trigger notifies.
pub const CHANNEL: &str = "catalogue_changed";

/// How often the version is checked without a notification.
const POLL: Duration = Duration::from_secs(1);
/// How long to wait before listening again after losing the connection.
const RELISTEN: Duration = Duration::from_secs(5);

pub(super) fn spawn(shared: Weak<Shared>, store: Store) {
    tokio::spawn(async move {
        let mut writes = store.catalogue_write_signal();
        let mut listener = listen(&store).await;
        let mut listen_again = Instant::now() + RELISTEN;
        let mut poll = tokio::time::interval(POLL);
        poll.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut failing = false;
        loop {
            let woken = tokio::select! {
                _ = poll.tick() => Wake::Poll,
                changed = writes.changed() => match changed {
                    Ok(()) => Wake::Write,
                    Err(_) => break,
                },
                notified = notification(&mut listener) => match notified {
                    Ok(()) => Wake::Notified,
                    Err(e) => Wake::Lost(e),
                },
            };
            if store.is_closed() {
                break;
            }
            if let Wake::Lost(e) = woken {
                tracing::warn!(error = %e, "lost the catalogue notifications; checking once a second until listening again");
                listener = None;
                listen_again = Instant::now() + RELISTEN;
            }
            let Some(shared) = shared.upgrade() else {
                break;
            };
            match shared.refresh().await {
                Ok(_) => failing = false,
                // The server is stopping.
                Err(_) if store.is_closed() => break,
                // Once per outage, not once a second.
                Err(e) if !failing => {
                    failing = true;
                    tracing::warn!(error = %e, "cannot check the catalogue's version");
                }
                Err(_) => {}
            }
            drop(shared);
            if listener.is_none()
                && matches!(store, Store::Postgres(_))
                && Instant::now() >= listen_again
            {
                listener = listen(&store).await;
                listen_again = Instant::now() + RELISTEN;
                // Whatever changed while not listening is caught by the next
                // check, at most a second away.
            }
        }
    });
}

enum Wake {
    Poll,
    Write,
    Notified,
    Lost(sqlx::Error),
}

/// A listener on PostgreSQL; `None` on SQLite (one process) or when
/// listening fails (the once-a-second check still runs).
async fn listen(store: &Store) -> Option<PgListener> {
    let Store::Postgres(pool) = store else {
        return None;
    };
    let attempt = async {
        let mut listener = PgListener::connect_with(pool).await?;
        listener.listen(CHANNEL).await?;
        Ok::<_, sqlx::Error>(listener)
    };
    match attempt.await {
        Ok(listener) => Some(listener),
        Err(e) => {
            tracing::warn!(error = %e, "cannot LISTEN for catalogue changes; checking once a second");
            None
        }
    }
}

/// The next notification, or never without a listener.
async fn notification(listener: &mut Option<PgListener>) -> Result<(), sqlx::Error> {
    match listener {
        Some(listener) => listener.recv().await.map(drop),
        None => std::future::pending().await,
    }
}

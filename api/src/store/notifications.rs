//! In-app notifications (`notifications`, `notification_preferences` of
//! migration 0020): written in the transaction of the event they tell of,
//! read by their owner only.
//!
//! A committed notification wakes its owner's live streams: in this
//! process through [`Store::notification_signal`] (sent by [`Tx::commit`]),
//! and on PostgreSQL in every process through `NOTIFY notifications_added`
//! with the owner's id, sent by the same transaction (so only when it
//! commits). A woken stream reads what is new by id, so a wake that is
//! lost or doubled loses or doubles nothing.

use std::sync::LazyLock;

use chrono::{DateTime, Utc};
use sqlx::FromRow;
use tokio::sync::broadcast;

use super::{Store, StoreError, Tx, TxInner, on_pool, on_tx};

/// The PostgreSQL channel a committed notification is announced on, with
/// its owner's id as the payload.
pub const CHANNEL: &str = "notifications_added";

/// One notification, as its owner reads it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Notification {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub body: String,
    /// A path in the web app.
    pub link: String,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

/// What a new notification says (its owner and time are the call's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// A kind of `domain_wasm::notifications::KINDS`.
    pub kind: &'static str,
    pub title: String,
    pub body: String,
    /// A path in the web app (`/my-bookings/…`).
    pub link: String,
}

const COLUMNS: &str = "id, kind, title, body, link, created_at, read_at";

/// Owners whose notifications this process committed: their streams here
/// read again. A receiver that falls behind reads everyone's again.
static COMMITTED: LazyLock<broadcast::Sender<i64>> = LazyLock::new(|| broadcast::channel(1024).0);

/// Tells this process's streams that `user_id` has new notifications.
pub(crate) fn announce(user_id: i64) {
    // No stream listening is not an error.
    let _ = COMMITTED.send(user_id);
}

impl Tx {
    /// Leaves `user_id` a notification, in this unit of work: it exists (and
    /// wakes their streams) only if the change that causes it commits.
    pub async fn notify(
        &mut self,
        user_id: i64,
        notice: &Notice,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let link = if notice.link.starts_with('/') {
            notice.link.as_str()
        } else {
            "/"
        };
        let (id,): (i64,) = on_tx!(self, conn => sqlx::query_as(
            "INSERT INTO notifications (user_id, kind, title, body, link, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(user_id)
        .bind(notice.kind)
        .bind(&notice.title)
        .bind(&notice.body)
        .bind(link)
        .bind(now)
        .fetch_one(conn)
        .await)?;
        if let TxInner::Postgres(t) = &mut self.inner {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(user_id.to_string())
                .execute(&mut **t)
                .await?;
        }
        if !self.notified.contains(&user_id) {
            self.notified.push(user_id);
        }
        Ok(id)
    }

    /// Leaves every active administrator the notification.
    pub async fn notify_admins(
        &mut self,
        notice: &Notice,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let admins: Vec<(i64,)> = on_tx!(self, conn => sqlx::query_as(
            "SELECT id FROM users WHERE role = 'admin' AND is_active = $1 \
             AND disabled_at IS NULL ORDER BY id",
        )
        .bind(true)
        .fetch_all(conn)
        .await)?;
        for (admin,) in admins {
            self.notify(admin, notice, now).await?;
        }
        Ok(())
    }

    /// The account with this e-mail address, if any (addresses are stored
    /// in lower case, as `domain_wasm::accounts::Email` reads them).
    pub async fn user_id_by_email(&mut self, email: &str) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = on_tx!(self, conn => sqlx::query_as(
            "SELECT id FROM users WHERE email = $1",
        )
        .bind(email.trim().to_lowercase())
        .fetch_optional(conn)
        .await)?;
        Ok(row.map(|(id,)| id))
    }

    /// Whether `user_id` wants this kind's e-mail: yes unless they turned it
    /// off (the caller asks only for kinds that may be).
    pub async fn wants_email(&mut self, user_id: i64, kind: &str) -> Result<bool, StoreError> {
        let row: Option<(bool,)> = on_tx!(self, conn => sqlx::query_as(
            "SELECT email FROM notification_preferences WHERE user_id = $1 AND kind = $2",
        )
        .bind(user_id)
        .bind(kind)
        .fetch_optional(conn)
        .await)?;
        Ok(row.is_none_or(|(email,)| email))
    }
}

impl Store {
    /// The owner's notifications, newest first: those before the id
    /// `before` when given, at most `limit`.
    pub async fn notifications(
        &self,
        user_id: i64,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<Notification>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM notifications WHERE user_id = $1 AND id < $2 \
             ORDER BY id DESC LIMIT $3"
        );
        Ok(on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(user_id)
            .bind(before.unwrap_or(i64::MAX))
            .bind(limit)
            .fetch_all(pool)
            .await)?)
    }

    /// The owner's notifications after the id `after`, oldest first, at
    /// most `limit` (what a stream has not sent yet).
    pub async fn notifications_after(
        &self,
        user_id: i64,
        after: i64,
        limit: i64,
    ) -> Result<Vec<Notification>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM notifications WHERE user_id = $1 AND id > $2 \
             ORDER BY id LIMIT $3"
        );
        Ok(on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(user_id)
            .bind(after)
            .bind(limit)
            .fetch_all(pool)
            .await)?)
    }

    /// The id of the owner's newest notification (0 when none): where a new
    /// stream without a last id starts.
    pub async fn latest_notification_id(&self, user_id: i64) -> Result<i64, StoreError> {
        let (id,): (Option<i64>,) = on_pool!(self, pool => sqlx::query_as(
            "SELECT MAX(id) FROM notifications WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_one(pool)
        .await)?;
        Ok(id.unwrap_or(0))
    }

    /// How many of the owner's notifications are unread.
    pub async fn unread_notifications(&self, user_id: i64) -> Result<i64, StoreError> {
        let (count,): (i64,) = on_pool!(self, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL",
        )
        .bind(user_id)
        .fetch_one(pool)
        .await)?;
        Ok(count)
    }

    /// Marks one of the owner's notifications read (kept as first read when
    /// it already was); [`StoreError::NotFound`] when it is not theirs.
    pub async fn mark_notification_read(
        &self,
        user_id: i64,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let done = on_pool!(self, pool => sqlx::query(
            "UPDATE notifications SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Marks every unread notification of the owner's read; how many were.
    pub async fn mark_all_notifications_read(
        &self,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        Ok(on_pool!(self, pool => sqlx::query(
            "UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL",
        )
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?)
    }

    /// The kinds whose e-mail the owner turned on or off, as stored.
    pub async fn notification_preferences(
        &self,
        user_id: i64,
    ) -> Result<Vec<(String, bool)>, StoreError> {
        Ok(on_pool!(self, pool => sqlx::query_as(
            "SELECT kind, email FROM notification_preferences WHERE user_id = $1 ORDER BY kind",
        )
        .bind(user_id)
        .fetch_all(pool)
        .await)?)
    }

    /// Records the owner's choices, kind by kind, in one unit of work.
    pub async fn set_notification_preferences(
        &self,
        user_id: i64,
        choices: &[(&str, bool)],
    ) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        for (kind, email) in choices {
            on_tx!(tx, conn => sqlx::query(
                "INSERT INTO notification_preferences (user_id, kind, email) VALUES ($1, $2, $3) \
                 ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email",
            )
            .bind(user_id)
            .bind(*kind)
            .bind(*email)
            .execute(conn)
            .await
            .map(drop))?;
        }
        tx.commit().await
    }

    /// Wakes with the owner's id each time this process commits a
    /// notification (see the module's notes for other processes).
    pub fn notification_signal(&self) -> broadcast::Receiver<i64> {
        COMMITTED.subscribe()
    }
}

impl Store {
    /// On PostgreSQL, a task that listens on [`CHANNEL`] and wakes this
    /// process's streams of the person each notification names, whichever
    /// process committed it; after a lost connection it listens again
    /// (every five seconds until it can) and wakes every stream once, to
    /// read what came meanwhile. `None` on SQLite (one process).
    pub fn spawn_notification_listener(&self) -> Option<tokio::task::JoinHandle<()>> {
        let Store::Postgres(pool) = self else {
            return None;
        };
        let pool = pool.clone();
        Some(tokio::spawn(async move {
            let mut first = true;
            while !pool.is_closed() {
                let listening = async {
                    let mut listener = sqlx::postgres::PgListener::connect_with(&pool).await?;
                    listener.listen(CHANNEL).await?;
                    Ok::<_, sqlx::Error>(listener)
                }
                .await;
                match listening {
                    Ok(mut listener) => {
                        if !first {
                            announce(0);
                        }
                        first = false;
                        loop {
                            match listener.try_recv().await {
                                Ok(Some(n)) => {
                                    if let Ok(user) = n.payload().parse::<i64>() {
                                        announce(user);
                                    }
                                }
                                // The connection was lost and is made again:
                                // what came meanwhile is read by everyone.
                                Ok(None) => announce(0),
                                Err(e) => {
                                    tracing::warn!(error = %e, "lost the notifications channel");
                                    break;
                                }
                            }
                        }
                    }
                    Err(e) if !pool.is_closed() => {
                        tracing::warn!(error = %e, "cannot LISTEN for notifications; streams check every few seconds");
                    }
                    Err(_) => break,
                }
                tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            }
        }))
    }
}

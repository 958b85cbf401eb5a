//! Persistence. One interface, two engines: SQLite (the embedded default)
//! and PostgreSQL (for several API processes on one database), picked at
//! start from the database URL. Queries are written once with `$n`
//! placeholders and run on either pool through [`on_pool!`].

pub mod adjustments;
pub mod applications;
pub mod attention;
pub mod audit;
mod availability;
pub mod bookings;
pub mod claims;
pub mod commission;
pub mod constraints;
pub mod enquiries;
pub mod jobs;
pub mod ledger;
pub mod media;
mod mentor_profile;
mod mentors;
pub mod model;
pub mod no_show;
pub mod notices;
pub mod notifications;
pub mod outbox;
pub mod paise;
pub mod payments;
pub mod payouts;
mod ratelimit;
pub mod receipts;
pub mod refunds;
pub mod reviews;
mod secrets;
pub mod services;
mod users;
pub mod webhooks;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};
use thiserror::Error;

pub use constraints::{Constraint, Violation, ViolationKind};
pub use mentors::CatalogueFingerprint;
pub use outbox::{Attachment, DeliveryStatus, Email, OutboxMessage};
pub use ratelimit::KNOWN_CLIENT_SECS;
pub use users::{NewUser, Role, Rotation, SessionRow, User, new_uuid, random_id, stored_id};

/// Runs the same expression against whichever pool the store has. The
/// expression is compiled once per engine, so it must only use SQL both
/// engines understand.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            $crate::store::Store::Sqlite($pool) => $body,
            $crate::store::Store::Postgres($pool) => $body,
        }
    };
}
pub(crate) use on_pool;

/// The database behind the API.
#[derive(Clone, Debug)]
pub enum Store {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// What went wrong in the store, in terms the API layer can act on. The
/// store never words a message for people: a broken constraint comes back
/// as the [`Violation`] of a named constraint, and `crate::error` maps it to
/// an answer in one place.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("{0}")]
    Violation(Violation),
    /// A stored value the code cannot read (an unknown role, an e-mail
    /// address that is not one): the database was changed behind our back.
    #[error("the stored {what} {value:?} is not valid")]
    Corrupt { what: &'static str, value: String },
    #[error(transparent)]
    Other(sqlx::Error),
}

impl From<sqlx::Error> for StoreError {
    /// Every database error passes here, so constraint violations are
    /// recognised in one place, on both engines.
    fn from(e: sqlx::Error) -> Self {
        match Violation::of(&e) {
            Some(v) => StoreError::Violation(v),
            None => StoreError::Other(e),
        }
    }
}

impl StoreError {
    /// The violated constraint, when this is a violation of a known one.
    pub fn violated(&self) -> Option<Constraint> {
        match self {
            StoreError::Violation(v) => v.constraint,
            _ => None,
        }
    }

    /// PostgreSQL gave up one of two units of work that waited for each
    /// other (a deadlock, 40P01) or could not serialise them (40001): the
    /// other one went ahead, and this one may be tried again.
    pub fn lost_a_race(&self) -> bool {
        match self {
            StoreError::Other(sqlx::Error::Database(e)) => {
                matches!(e.code().as_deref(), Some("40P01" | "40001"))
            }
            _ => false,
        }
    }
}

/// A unit of work: several writes that happen together or not at all.
/// Begin with [`Store::begin`], write through its methods, then
/// [`Tx::commit`]; dropping it without committing rolls everything back.
pub struct Tx {
    inner: TxInner,
    /// Owners of the notifications written in it: their live streams in
    /// this process are woken when it commits.
    notified: Vec<i64>,
}

pub(crate) enum TxInner {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Runs the same expression on the transaction's connection, whichever
/// engine it is (the counterpart of [`on_pool!`]).
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match &mut $tx.inner {
            $crate::store::TxInner::Sqlite(t) => {
                let $conn = &mut **t;
                $body
            }
            $crate::store::TxInner::Postgres(t) => {
                let $conn = &mut **t;
                $body
            }
        }
    };
}
pub(crate) use on_tx;

/// `($1, …, $n)tail, ($n+1, …)tail, …`: the `VALUES` of a statement that
/// writes `rows` rows of `columns` parameters each, `tail` closing each row
/// (constant columns), numbered as both engines read them.
pub(crate) fn values_placeholders(rows: usize, columns: usize, tail: &str) -> String {
    (0..rows)
        .map(|row| {
            let params: Vec<String> = (1..=columns)
                .map(|c| format!("${}", row * columns + c))
                .collect();
            format!("({}{tail})", params.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Tx {
    pub async fn commit(self) -> Result<(), StoreError> {
        match self.inner {
            TxInner::Sqlite(t) => t.commit().await?,
            TxInner::Postgres(t) => t.commit().await?,
        }
        for user_id in self.notified {
            notifications::announce(user_id);
        }
        Ok(())
    }
}

/// Why the store could not be opened; each names the setting to change.
#[derive(Debug, Error)]
pub enum OpenError {
    #[error(
        "DATABASE_URL {url:?} is not a database URL this server understands ({reason}); use sqlite:PATH or postgres://USER@HOST:PORT/DATABASE"
    )]
    BadUrl { url: String, reason: String },
    #[error(
        "cannot open the SQLite database at {path}: {reason}; set DATABASE_URL=sqlite:PATH to a writable file"
    )]
    Sqlite { path: String, reason: String },
    #[error(
        "cannot connect to PostgreSQL at {target}: {reason}; check DATABASE_URL and that the server is running"
    )]
    Postgres { target: String, reason: String },
    #[error("cannot bring the database schema up to date: {0}")]
    Migrate(String),
}

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// The engine a database URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn of_url(url: &str) -> Result<Engine, OpenError> {
        let scheme = url.split_once(':').map(|(s, _)| s).unwrap_or_default();
        match scheme {
            "sqlite" => Ok(Engine::Sqlite),
            "postgres" | "postgresql" => Ok(Engine::Postgres),
            _ => Err(OpenError::BadUrl {
                url: redact(url),
                reason: "unknown scheme".into(),
            }),
        }
    }
}

/// Whether `s` could be a key this store or a gateway wrote (a booking's
/// id, an order's id): 1 to 100 printable ASCII characters. Anything else
/// is found nowhere without asking the database, which for PostgreSQL
/// would be an error (it refuses a NUL in text).
pub(crate) fn is_key(s: &str) -> bool {
    (1..=100).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_graphic())
}

/// The URL with any password replaced, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let userinfo = &url[s + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

impl Store {
    /// Opens (creating a SQLite file and its folder if needed) and migrates.
    pub async fn open(url: &str) -> Result<Store, OpenError> {
        let store = match Engine::of_url(url)? {
            Engine::Sqlite => Store::Sqlite(open_sqlite(url).await?),
            Engine::Postgres => Store::Postgres(open_postgres(url).await?),
        };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), OpenError> {
        // On PostgreSQL sqlx holds an advisory lock while migrating, so
        // several API processes may start at once.
        let result = match self {
            Store::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await,
            Store::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await,
        };
        result.map_err(|e| OpenError::Migrate(e.to_string()))
    }

    /// Starts a unit of work. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so two writers queue instead of one failing
    /// when it upgrades a read lock.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        let inner = match self {
            Store::Sqlite(pool) => TxInner::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Store::Postgres(pool) => TxInner::Postgres(pool.begin().await?),
        };
        Ok(Tx {
            inner,
            notified: Vec::new(),
        })
    }

    pub fn engine(&self) -> Engine {
        match self {
            Store::Sqlite(_) => Engine::Sqlite,
            Store::Postgres(_) => Engine::Postgres,
        }
    }

    /// A round trip to the database, for health checks.
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    pub async fn close(&self) {
        on_pool!(self, pool => pool.close().await)
    }
}

async fn open_sqlite(url: &str) -> Result<SqlitePool, OpenError> {
    let options = SqliteConnectOptions::from_str(url).map_err(|e| OpenError::BadUrl {
        url: url.to_owned(),
        reason: e.to_string(),
    })?;
    let path = options.get_filename().to_path_buf();
    let shown = path.display().to_string();
    let in_memory = shown.is_empty() || shown == ":memory:" || url.contains("mode=memory");
    if !in_memory && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| OpenError::Sqlite {
            path: shown.clone(),
            reason: format!("cannot create folder {}: {e}", dir.display()),
        })?;
    }
    let options = options
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    SqlitePoolOptions::new()
        // An in-memory database lives as long as its one connection.
        .max_connections(if in_memory { 1 } else { 8 })
        .min_connections(if in_memory { 1 } else { 0 })
        .idle_timeout(if in_memory {
            None
        } else {
            Some(Duration::from_secs(600))
        })
        .max_lifetime(if in_memory {
            None
        } else {
            Some(Duration::from_secs(1800))
        })
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(|e| OpenError::Sqlite {
            path: display_path(&path),
            reason: e.to_string(),
        })
}

fn display_path(path: &Path) -> String {
    std::path::absolute(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

async fn open_postgres(url: &str) -> Result<PgPool, OpenError> {
    let options = PgConnectOptions::from_str(url).map_err(|e| OpenError::BadUrl {
        url: redact(url),
        reason: e.to_string(),
    })?;
    let target = format!(
        "{}:{}/{}",
        options.get_host(),
        options.get_port(),
        options.get_database().unwrap_or("(default database)")
    );
    PgPoolOptions::new()
        .max_connections(16)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options)
        .await
        .map_err(|e| OpenError::Postgres {
            target,
            reason: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_parameters_are_numbered_on_from_row_to_row() {
        assert_eq!(
            values_placeholders(2, 3, ", 'x'"),
            "($1, $2, $3, 'x'), ($4, $5, $6, 'x')"
        );
        assert_eq!(values_placeholders(1, 1, ""), "($1)");
    }

    #[test]
    fn urls_name_their_engine() {
        assert_eq!(
            Engine::of_url("sqlite:data/x.db").ok(),
            Some(Engine::Sqlite)
        );
        assert_eq!(
            Engine::of_url("postgres://a@b/c").ok(),
            Some(Engine::Postgres)
        );
        assert!(Engine::of_url("mysql://x").is_err());
        assert!(Engine::of_url("not a url").is_err());
    }

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
    }
}

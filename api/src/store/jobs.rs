//! The durable job queue (`jobs`): planning work for a later time
//! (reminders, a booking's expiry or completion), claiming due jobs, and
//! recording the outcome. The worker lives in [`crate::jobs`].
//!
//! Due jobs are listed, claimed and settled through the store's one claim
//! mechanism ([`super::claims`]), shared with the e-mail outbox: of several
//! workers on one database exactly one runs each job, and an outcome is
//! recorded only while the worker still holds its claim, so a job
//! re-planned while it ran (its claim cleared by [`Tx::enqueue_job`]) stays
//! pending for its new time.
//!
//! `(kind, key)` is unique: enqueuing the same job again re-plans it (new
//! `run_at`, payload, attempts reset, pending again), whatever state it was in.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::claims::{Claim, Queue, Value};
use super::{Store, StoreError, Tx, on_pool, on_tx};

/// The jobs as a queue of the claim mechanism.
const QUEUE: Queue = Queue {
    table: "jobs",
    due_at: "run_at",
};

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStatus {
    /// Waiting for its time (or for another attempt).
    Pending,
    /// Ran successfully.
    Done,
    /// Given up on after too many failed attempts.
    Failed,
    /// Called off before it ran ([`Tx::cancel_jobs`]).
    Cancelled,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Pending => "pending",
            JobStatus::Done => "done",
            JobStatus::Failed => "failed",
            JobStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<JobStatus> {
        match s {
            "pending" => Some(JobStatus::Pending),
            "done" => Some(JobStatus::Done),
            "failed" => Some(JobStatus::Failed),
            "cancelled" => Some(JobStatus::Cancelled),
            _ => None,
        }
    }
}

/// One row of the queue.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: i64,
    /// What to do (`booking_due`, `booking_reminder:24h`, ...).
    pub kind: String,
    /// What to do it to (a booking id); unique with `kind`.
    pub key: String,
    pub payload: serde_json::Value,
    pub status: JobStatus,
    /// When it is due (or due again, after a failed attempt).
    pub run_at: DateTime<Utc>,
    /// Attempts started so far (claims).
    pub attempts: i64,
    pub last_error: Option<String>,
    /// While a worker holds the job: until when. Also the claim's token.
    pub claimed_until: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(FromRow)]
struct JobRow {
    id: i64,
    kind: String,
    key: String,
    payload: String,
    status: String,
    run_at: DateTime<Utc>,
    attempts: i64,
    last_error: Option<String>,
    claimed_until: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, kind, key, payload, status, run_at, attempts, last_error, claimed_until, created_at, finished_at";

impl Job {
    /// The claim this job was read with ([`Store::claim_job`]); `None` when
    /// no worker holds it.
    pub fn claim(&self) -> Option<Claim> {
        Claim::of(self.id, self.claimed_until)
    }
}

impl TryFrom<JobRow> for Job {
    type Error = StoreError;

    fn try_from(row: JobRow) -> Result<Job, StoreError> {
        let status = JobStatus::parse(&row.status).ok_or_else(|| StoreError::Corrupt {
            what: "job status",
            value: row.status.clone(),
        })?;
        let payload = serde_json::from_str(&row.payload).map_err(|_| StoreError::Corrupt {
            what: "job payload",
            value: row.payload.chars().take(80).collect(),
        })?;
        Ok(Job {
            id: row.id,
            kind: row.kind,
            key: row.key,
            payload,
            status,
            run_at: row.run_at,
            attempts: row.attempts,
            last_error: row.last_error,
            claimed_until: row.claimed_until,
            created_at: row.created_at,
            finished_at: row.finished_at,
        })
    }
}

/// A `LIKE` pattern matching every text that starts with `prefix`
/// (escaping `\`, `%` and `_`, with `ESCAPE '\'`).
fn prefix_pattern(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 1);
    for c in prefix.chars() {
        if matches!(c, '\\' | '%' | '_') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

const ENQUEUE: &str = "INSERT INTO jobs (kind, key, payload, status, run_at, attempts, created_at) \
     VALUES ($1, $2, $3, 'pending', $4, 0, $5) \
     ON CONFLICT (kind, key) DO UPDATE SET payload = excluded.payload, status = 'pending', \
       run_at = excluded.run_at, attempts = 0, last_error = NULL, claimed_until = NULL, \
       finished_at = NULL";

const CANCEL: &str = "UPDATE jobs SET status = 'cancelled', claimed_until = NULL, finished_at = $1 \
     WHERE key = $2 AND status = 'pending' AND kind LIKE $3 ESCAPE '\\'";

impl Tx {
    /// Plans job `kind` for `key` at `run_at`, in this unit of work (it
    /// exists only if the change that causes it is committed). `(kind, key)`
    /// is unique: a job already there is re-planned: its payload and time
    /// replaced, pending again with no attempts, whatever its state.
    pub async fn enqueue_job(
        &mut self,
        kind: &str,
        key: &str,
        payload: &serde_json::Value,
        run_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let payload = payload.to_string();
        on_tx!(self, conn => sqlx::query(ENQUEUE)
            .bind(kind)
            .bind(key)
            .bind(&payload)
            .bind(run_at)
            .bind(now)
            .execute(conn)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// Calls off the pending jobs for `key` whose kind starts with
    /// `kind_prefix` (`"booking_reminder"` matches both reminders); returns
    /// how many. Jobs already done, failed or cancelled are left as they are.
    pub async fn cancel_jobs(&mut self, kind_prefix: &str, key: &str) -> Result<u64, StoreError> {
        let pattern = prefix_pattern(kind_prefix);
        let now = Utc::now();
        let done = on_tx!(self, conn => sqlx::query(CANCEL)
            .bind(now)
            .bind(key)
            .bind(&pattern)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done)
    }
}

impl Store {
    /// [`Tx::enqueue_job`] in a unit of work of its own.
    pub async fn enqueue_job(
        &self,
        kind: &str,
        key: &str,
        payload: &serde_json::Value,
        run_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        tx.enqueue_job(kind, key, payload, run_at, now).await?;
        tx.commit().await
    }

    /// Ids of pending jobs due at `now` that no worker holds, oldest due first.
    pub async fn due_job_ids(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        self.due(&QUEUE, now, limit).await
    }

    /// Claims a job until `lease_until` and counts the attempt. `None` when
    /// it is not (or no longer) pending, due and free: another worker
    /// claimed it first, or it was re-planned or cancelled meanwhile.
    pub async fn claim_job(
        &self,
        id: i64,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Option<Job>, StoreError> {
        let row: Option<JobRow> = self.claim(&QUEUE, COLUMNS, id, now, lease_until).await?;
        row.map(Job::try_from).transpose()
    }

    /// Records a claimed job as done. False when the claim was lost (the
    /// job was re-planned, cancelled or its lease taken over meanwhile):
    /// the row is left as the newer change made it.
    pub async fn finish_job(&self, job: &Job, now: DateTime<Utc>) -> Result<bool, StoreError> {
        self.settle_job(
            job,
            "status = 'done', finished_at = $3, last_error = NULL",
            &[Value::Time(now)],
        )
        .await
    }

    /// Records a failed attempt: the job stays pending until `next_run_at`.
    /// False when the claim was lost (see [`Store::finish_job`]).
    pub async fn retry_job(
        &self,
        job: &Job,
        error: &str,
        next_run_at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        self.settle_job(
            job,
            "run_at = $3, last_error = $4",
            &[Value::Time(next_run_at), Value::Text(error)],
        )
        .await
    }

    /// Gives up on a claimed job (`failed`). False when the claim was lost.
    pub async fn fail_job(
        &self,
        job: &Job,
        error: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        self.settle_job(
            job,
            "status = 'failed', finished_at = $3, last_error = $4",
            &[Value::Time(now), Value::Text(error)],
        )
        .await
    }

    /// Records an outcome while `job`'s claim holds ([`Store::settle`]).
    async fn settle_job(
        &self,
        job: &Job,
        set: &str,
        values: &[Value<'_>],
    ) -> Result<bool, StoreError> {
        match job.claim() {
            Some(claim) => self.settle(&QUEUE, claim, set, values).await,
            None => Ok(false),
        }
    }

    /// The job `kind` for `key`, whatever its state.
    pub async fn job(&self, kind: &str, key: &str) -> Result<Option<Job>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM jobs WHERE kind = $1 AND key = $2");
        let row: Option<JobRow> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(kind)
            .bind(key)
            .fetch_optional(pool)
            .await)?;
        row.map(Job::try_from).transpose()
    }

    /// Every job for `key`, in the order they were first planned.
    pub async fn jobs_for(&self, key: &str) -> Result<Vec<Job>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM jobs WHERE key = $1 ORDER BY id");
        let rows: Vec<JobRow> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(key)
            .fetch_all(pool)
            .await)?;
        rows.into_iter().map(Job::try_from).collect()
    }

    /// Deletes every finished (done, failed or cancelled) job that finished
    /// before `before`; returns how many.
    pub async fn prune_jobs(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => sqlx::query(
            "DELETE FROM jobs WHERE status <> 'pending' AND finished_at < $1",
        )
        .bind(before)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_match_literally() {
        assert_eq!(prefix_pattern("booking_reminder"), "booking\\_reminder%");
        assert_eq!(prefix_pattern("a%b\\"), "a\\%b\\\\%");
    }

    #[test]
    fn statuses_round_trip() {
        for s in [
            JobStatus::Pending,
            JobStatus::Done,
            JobStatus::Failed,
            JobStatus::Cancelled,
        ] {
            assert_eq!(JobStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(JobStatus::parse("running"), None);
    }
}

//! The e-mail outbox (`email_outbox`): recording messages, claiming due ones
//! for delivery, and recording the outcome. The types live in
//! [`crate::mail`]; see there for the delivery design.
//!
//! Due messages are listed, claimed and settled through the store's one
//! claim mechanism ([`super::claims`]), shared with the jobs: of several
//! workers on one database exactly one gets each message, and an outcome
//! is recorded only while the worker still holds its claim, so a worker
//! whose lease ran out, and whose message another worker took over, cannot
//! overwrite the newer attempt's outcome.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::claims::{Claim, Queue, Value};
use super::notifications::Notice;
use super::{Store, StoreError, Tx, on_pool, on_tx};

/// The outbox as a queue of the claim mechanism.
const QUEUE: Queue = Queue {
    table: "email_outbox",
    due_at: "next_attempt_at",
};

/// One message to send: both parts are complete documents.
#[derive(Debug, Clone)]
pub struct Email {
    /// What the message is for (`activation`, `password_reset`, ...), for logs and the outbox.
    pub kind: &'static str,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Files sent with the message (a calendar invitation); usually none.
    pub attachments: Vec<Attachment>,
    /// What the recipient's in-app notification says, for a message of an
    /// event (`domain_wasm::notifications::kind` knows its kind); `None`
    /// for a message that is e-mail only.
    pub in_app: Option<InApp>,
}

/// The in-app side of a message: its subject, its one-line summary and
/// the page it points to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InApp {
    pub title: String,
    pub body: String,
    /// A path in the web app.
    pub link: String,
}

impl Email {
    /// The message with `attachment` added.
    pub fn with_attachment(mut self, attachment: Attachment) -> Email {
        self.attachments.push(attachment);
        self
    }
}

/// A file attached to a message, with text content (an `.ics` calendar
/// file). Stored as JSON in `email_outbox.attachments`; sent over SMTP as a
/// part of a multipart/mixed message after the text and HTML parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Attachment {
    /// The file's name as the recipient sees it, e.g. `invite.ics`.
    pub filename: String,
    /// Its MIME type with parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`.
    pub content_type: String,
    /// The file's text.
    pub content: String,
}

/// Where a message is in its delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryStatus {
    /// Waiting for (another) delivery attempt.
    Pending,
    /// Accepted by the SMTP server.
    Sent,
    /// Recorded only: no SMTP server is configured.
    Logged,
    /// Given up on after `mail::MAX_ATTEMPTS` attempts or a message that cannot be built.
    Failed,
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryStatus::Pending => "pending",
            DeliveryStatus::Sent => "sent",
            DeliveryStatus::Logged => "logged",
            DeliveryStatus::Failed => "failed",
        }
    }

    pub fn parse(s: &str) -> Option<DeliveryStatus> {
        match s {
            "pending" => Some(DeliveryStatus::Pending),
            "sent" => Some(DeliveryStatus::Sent),
            "logged" => Some(DeliveryStatus::Logged),
            "failed" => Some(DeliveryStatus::Failed),
            _ => None,
        }
    }
}

/// One row of the outbox.
#[derive(Debug, Clone)]
pub struct OutboxMessage {
    pub id: i64,
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub status: DeliveryStatus,
    /// Delivery attempts started so far (claims).
    pub attempts: i64,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: DateTime<Utc>,
    /// When the message was accepted by the SMTP server (or logged).
    pub sent_at: Option<DateTime<Utc>>,
    /// Files sent with the message (empty for most).
    pub attachments: Vec<Attachment>,
    /// While a worker holds the message: until when. Also the claim's token.
    pub claimed_until: Option<DateTime<Utc>>,
}

impl OutboxMessage {
    /// The claim this message was read with ([`Store::claim_email`]);
    /// `None` when no worker holds it.
    pub fn claim(&self) -> Option<Claim> {
        Claim::of(self.id, self.claimed_until)
    }
}

use serde::Serialize;

#[derive(FromRow)]
struct OutboxRow {
    id: i64,
    kind: String,
    recipient: String,
    subject: String,
    text_body: String,
    html_body: String,
    status: String,
    attempts: i64,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    next_attempt_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
    attachments: Option<String>,
    claimed_until: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, kind, recipient, subject, text_body, html_body, status, attempts, \
                       last_error, created_at, next_attempt_at, sent_at, attachments, claimed_until";

/// The stored form of a message's attachments: NULL when there are none,
/// else a JSON array of `{"filename", "content_type", "content"}`.
fn attachments_column(attachments: &[Attachment]) -> Option<String> {
    if attachments.is_empty() {
        None
    } else {
        // Plain strings only: serialising cannot fail.
        serde_json::to_string(attachments).ok()
    }
}

impl TryFrom<OutboxRow> for OutboxMessage {
    type Error = StoreError;

    fn try_from(row: OutboxRow) -> Result<Self, StoreError> {
        let status = DeliveryStatus::parse(&row.status).ok_or_else(|| {
            StoreError::Other(sqlx::Error::Decode(
                format!("unknown e-mail status {:?}", row.status).into(),
            ))
        })?;
        let attachments = match row.attachments.as_deref() {
            None | Some("") => Vec::new(),
            Some(json) => serde_json::from_str(json).map_err(|_| StoreError::Corrupt {
                what: "e-mail attachments",
                value: json.chars().take(80).collect(),
            })?,
        };
        Ok(OutboxMessage {
            id: row.id,
            kind: row.kind,
            recipient: row.recipient,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            status,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: row.created_at,
            next_attempt_at: row.next_attempt_at,
            sent_at: row.sent_at,
            attachments,
            claimed_until: row.claimed_until,
        })
    }
}

impl Store {
    /// Records a message as pending and due now; returns its id (`None`
    /// when the recipient turned this kind of e-mail off, see
    /// [`Tx::enqueue_email`]).
    pub async fn enqueue_email(
        &self,
        email: &Email,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.begin().await?;
        let id = tx.enqueue_email(email, now).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Ids of pending messages due at `now` that no worker holds, oldest due first.
    pub async fn due_email_ids(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        self.due(&QUEUE, now, limit).await
    }

    /// Claims a message for delivery until `lease_until` and counts the
    /// attempt. `None` when it is not (or no longer) pending, due and free:
    /// another worker claimed it first.
    pub async fn claim_email(
        &self,
        id: i64,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Option<OutboxMessage>, StoreError> {
        let row: Option<OutboxRow> = self.claim(&QUEUE, COLUMNS, id, now, lease_until).await?;
        row.map(OutboxMessage::try_from).transpose()
    }

    /// Records a claimed message as delivered (`Sent`) or recorded only
    /// (`Logged`). False when the claim was lost (its lease ran out and
    /// another worker took the message over): the row is left as the newer
    /// attempt makes it.
    pub async fn finish_email(
        &self,
        message: &OutboxMessage,
        status: DeliveryStatus,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        self.settle_email(
            message,
            "status = $3, sent_at = $4, last_error = NULL",
            &[Value::Text(status.as_str()), Value::Time(at)],
        )
        .await
    }

    /// [`Store::finish_email`], and in the same update replaces the bodies
    /// (a message that carried links) and drops its attachments (a calendar
    /// file carries the meeting link): the row keeps who it went to, what
    /// for and when, never a moment with the status but not the redaction.
    pub async fn finish_email_redacted(
        &self,
        message: &OutboxMessage,
        status: DeliveryStatus,
        at: DateTime<Utc>,
        text: &str,
        html: &str,
    ) -> Result<bool, StoreError> {
        self.settle_email(
            message,
            "status = $3, sent_at = $4, last_error = NULL, \
             text_body = $5, html_body = $6, attachments = NULL",
            &[
                Value::Text(status.as_str()),
                Value::Time(at),
                Value::Text(text),
                Value::Text(html),
            ],
        )
        .await
    }

    /// Records a failed attempt on a claimed message; it stays pending
    /// until `next_attempt_at`. False when the claim was lost.
    pub async fn retry_email(
        &self,
        message: &OutboxMessage,
        error: &str,
        next_attempt_at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        self.settle_email(
            message,
            "last_error = $3, next_attempt_at = $4",
            &[Value::Text(error), Value::Time(next_attempt_at)],
        )
        .await
    }

    /// Gives up on a claimed message. False when the claim was lost.
    pub async fn fail_email(
        &self,
        message: &OutboxMessage,
        error: &str,
    ) -> Result<bool, StoreError> {
        self.settle_email(
            message,
            "status = 'failed', last_error = $3",
            &[Value::Text(error)],
        )
        .await
    }

    /// Records an outcome while `message`'s claim holds ([`Store::settle`]).
    async fn settle_email(
        &self,
        message: &OutboxMessage,
        set: &str,
        values: &[Value<'_>],
    ) -> Result<bool, StoreError> {
        match message.claim() {
            Some(claim) => self.settle(&QUEUE, claim, set, values).await,
            None => Ok(false),
        }
    }

    /// Replaces the bodies of every sent or failed message (and logged
    /// ones, with `logged_too`) whose bodies still carry a link; returns how
    /// many.
    pub async fn redact_finished_emails(
        &self,
        logged_too: bool,
        text: &str,
        html: &str,
    ) -> Result<u64, StoreError> {
        let statuses = if logged_too {
            "('sent', 'failed', 'logged')"
        } else {
            "('sent', 'failed')"
        };
        let sql = format!(
            "UPDATE email_outbox SET text_body = $1, html_body = $2, attachments = NULL \
             WHERE status IN {statuses} \
               AND (text_body LIKE '%http://%' OR text_body LIKE '%https://%' \
                    OR html_body LIKE '%http://%' OR html_body LIKE '%https://%')"
        );
        let done = on_pool!(self, pool => sqlx::query(&sql)
            .bind(text)
            .bind(html)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done)
    }

    /// Deletes every message no longer pending that was written before
    /// `before`; returns how many.
    pub async fn prune_emails(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => sqlx::query(
            "DELETE FROM email_outbox WHERE status <> 'pending' AND created_at < $1",
        )
        .bind(before)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done)
    }

    /// The newest messages first, at most `limit`, optionally only those to
    /// one recipient (`recipient` lower-cased; compared with the lower-cased
    /// stored address, which both engines agree on for ASCII addresses).
    pub async fn outbox(
        &self,
        recipient: Option<&str>,
        limit: i64,
    ) -> Result<Vec<OutboxMessage>, StoreError> {
        let rows: Vec<OutboxRow> = match recipient {
            Some(r) => {
                let sql = format!(
                    "SELECT {COLUMNS} FROM email_outbox WHERE LOWER(recipient) = $1 \
                     ORDER BY id DESC LIMIT $2"
                );
                on_pool!(self, pool => sqlx::query_as(&sql)
                    .bind(r.to_lowercase())
                    .bind(limit)
                    .fetch_all(pool)
                    .await)?
            }
            None => {
                let sql = format!("SELECT {COLUMNS} FROM email_outbox ORDER BY id DESC LIMIT $1");
                on_pool!(self, pool => sqlx::query_as(&sql)
                    .bind(limit)
                    .fetch_all(pool)
                    .await)?
            }
        };
        rows.into_iter().map(OutboxMessage::try_from).collect()
    }

    /// One message by id.
    pub async fn outbox_message(&self, id: i64) -> Result<OutboxMessage, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM email_outbox WHERE id = $1");
        let row: Option<OutboxRow> = on_pool!(self, pool => sqlx::query_as(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)?.try_into()
    }
}

impl Tx {
    /// Records a message as pending and due now, in this unit of work: it
    /// goes out only if the change that causes it is committed. A message
    /// of an event also leaves its recipient, when they have an account, an
    /// in-app notification; and is not sent (`None`) when its kind's e-mail
    /// may be turned off (`domain_wasm::notifications`) and they did.
    pub async fn enqueue_email(
        &mut self,
        email: &Email,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        if let (Some(in_app), Some(rule)) =
            (&email.in_app, domain_wasm::notifications::kind(email.kind))
            && let Some(user_id) = self.user_id_by_email(&email.to).await?
        {
            let notice = Notice {
                kind: rule.kind,
                title: in_app.title.clone(),
                body: in_app.body.clone(),
                link: in_app.link.clone(),
            };
            self.notify(user_id, &notice, now).await?;
            if !rule.email_always && !self.wants_email(user_id, rule.kind).await? {
                return Ok(None);
            }
        }
        let (id,): (i64,) = on_tx!(self, conn => sqlx::query_as(
            "INSERT INTO email_outbox (kind, recipient, subject, text_body, html_body, status, \
             attempts, created_at, next_attempt_at, attachments) \
             VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6, $7) RETURNING id",
        )
        .bind(email.kind)
        .bind(email.to.trim())
        .bind(&email.subject)
        .bind(&email.text)
        .bind(&email.html)
        .bind(now)
        .bind(attachments_column(&email.attachments))
        .fetch_one(conn)
        .await)?;
        Ok(Some(id))
    }
}

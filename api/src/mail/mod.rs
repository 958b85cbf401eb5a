//! E-mail: every message goes through the `email_outbox` table and a
//! background worker delivers it.
//!
//! [`Mailer::send`] records the message as `pending` and wakes the worker
//! ([`Mailer::spawn_worker`]), which also polls the table every few seconds,
//! so rows written by other code paths or other API processes are delivered
//! too. Before delivering a message a worker claims it with a conditional
//! `UPDATE` (a lease in `claimed_until`); only the process whose update
//! changed the row delivers it, so several processes can share one
//! PostgreSQL database. Delivery is at least once: a process that dies
//! between the SMTP answer and the status update leaves the lease to expire,
//! and another worker sends the message again.
//!
//! With `SMTP_URL` set, messages go out over SMTP (lettre) as
//! multipart/alternative (plain text and HTML) from `MAIL_FROM`; failures are
//! retried with backoff ([`retry_delay`]) up to [`MAX_ATTEMPTS`] attempts,
//! then the row is marked `failed`. Without it, messages are marked `logged`
//! and, when the development outbox ([`dev_routes`]) is on, their links are
//! written to the log and the page shows them.
//!
//! Links in mail are keys to accounts, so they do not stay around: a message
//! that carries links has its bodies replaced by [`REDACTED_TEXT`] once it is
//! sent over SMTP (or logged while the development outbox is off, since
//! nobody can read it there), and [`Mailer::tidy_outbox`] (hourly, from the
//! server's housekeeping) redacts what an earlier run kept (older versions,
//! or a run with the development outbox on) and deletes finished messages
//! older than [`OUTBOX_RETENTION`]. While the development
//! outbox is on, logged messages keep their bodies, so its links work.

pub mod booking_templates;
mod dev;
pub mod enquiry_templates;
pub mod mentoring_templates;
pub mod message;
pub mod payout_templates;
pub mod refund_templates;
mod smtp;
pub mod templates;
pub mod zone_names;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::{Notify, watch};

use crate::clock::Clock;
use crate::config::Settings;
use crate::store::{Store, StoreError, Tx};

pub use dev::{dev_routes, links_in};
pub use smtp::{Security, SmtpTarget};

/// The product's name as it appears in every message.
pub const BRAND: &str = "MentorBridge";

/// How many delivery attempts a message gets before it is marked `failed`.
pub const MAX_ATTEMPTS: i64 = 6;

/// How often the worker looks for due messages when nothing wakes it.
const POLL_INTERVAL: Duration = Duration::from_secs(5);

/// How long a claimed message is reserved for the worker that claimed it.
/// Longer than an SMTP exchange can take ([`SMTP_TIMEOUT`] per command).
const LEASE: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// The time limit of each SMTP command, connecting included.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// How many due messages one query fetches.
const BATCH: i64 = 20;

/// The longest `last_error` kept, in characters.
const MAX_ERROR_CHARS: usize = 1000;

/// How long a sent, logged or failed message stays in the outbox.
pub const OUTBOX_RETENTION: chrono::TimeDelta = chrono::TimeDelta::days(30);

/// What the text part of a delivered message that carried links becomes.
pub const REDACTED_TEXT: &str =
    "(This message carried a link; its text was removed once it was delivered.)";

/// What the HTML part of a delivered message that carried links becomes.
pub const REDACTED_HTML: &str =
    "<p>(This message carried a link; its text was removed once it was delivered.)</p>";

// The outbox's rows and what is put in it belong to the store, which keeps
// them; the mailer builds and delivers them.
pub use crate::store::{Attachment, DeliveryStatus, Email, OutboxMessage};

#[derive(Debug, thiserror::Error)]
#[error("SMTP_URL is not usable: {0}")]
pub struct MailConfigError(pub String);

/// The wait before the next attempt after `attempts` failed ones:
/// 1 min, 5 min, 30 min, 2 h, then 6 h.
pub fn retry_delay(attempts: i64) -> chrono::TimeDelta {
    match attempts {
        ..=1 => chrono::TimeDelta::minutes(1),
        2 => chrono::TimeDelta::minutes(5),
        3 => chrono::TimeDelta::minutes(30),
        4 => chrono::TimeDelta::hours(2),
        _ => chrono::TimeDelta::hours(6),
    }
}

/// Records e-mail in the outbox and delivers it in the background.
#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    smtp: Option<Smtp>,
    wake: Notify,
    /// The server's clock: when messages are queued, due and delivered.
    clock: Clock,
    /// `/dev/outbox` is on (`Settings::dev_outbox_shown`): logged messages
    /// keep their links, and the log names them.
    dev_outbox: bool,
    /// How many passes the delivery worker has finished.
    passes: watch::Sender<u64>,
}

struct Smtp {
    target: SmtpTarget,
    /// Made on first use: its connection pool needs a Tokio runtime, and
    /// [`Mailer::new`] may run before there is one.
    transport: OnceLock<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    /// Scheme, host and port, for logs (never the credentials).
    shown: String,
}

impl Mailer {
    /// A mailer over `store`, delivering over SMTP when `settings.smtp_url`
    /// is set (an empty value counts as unset). Fails, without connecting,
    /// when the URL or `MAIL_FROM` cannot be used; the message never
    /// contains the password.
    pub fn new(store: Store, settings: &Settings) -> Result<Mailer, MailConfigError> {
        let smtp = match settings.smtp_url.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(url) => {
                let target = SmtpTarget::parse(url)?;
                let from: Mailbox = settings.mail_from.trim().parse().map_err(|e| {
                    MailConfigError(format!(
                        "the sender MAIL_FROM={:?} is not an e-mail address ({e}); use a form like \"{BRAND} <no-reply@example.com>\"",
                        settings.mail_from
                    ))
                })?;
                // Checked now, so a TLS problem stops the start.
                target.tls()?;
                Some(Smtp {
                    shown: target.to_string(),
                    target,
                    transport: OnceLock::new(),
                    from,
                })
            }
        };
        let dev_outbox = smtp.is_none() && settings.dev_outbox_shown();
        Ok(Mailer {
            inner: Arc::new(Inner {
                store,
                smtp,
                wake: Notify::new(),
                clock: settings.clock.clone(),
                dev_outbox,
                passes: watch::Sender::new(0),
            }),
        })
    }

    /// Records the message in the outbox and wakes the delivery worker.
    pub async fn send(&self, email: Email) -> Result<(), StoreError> {
        let id = self
            .inner
            .store
            .enqueue_email(&email, self.inner.clock.now())
            .await?;
        tracing::debug!(?id, kind = email.kind, "e-mail queued");
        self.wake();
        Ok(())
    }

    /// Records the message in the outbox within `tx`: it is sent only if
    /// `tx` commits. Call [`Mailer::wake`] after the commit.
    pub async fn queue(
        &self,
        tx: &mut Tx,
        email: Email,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let id = tx.enqueue_email(&email, now).await?;
        tracing::debug!(?id, kind = email.kind, "e-mail queued");
        Ok(())
    }

    /// Tells the delivery worker there is mail to look at.
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// True when no SMTP server is configured: messages are only recorded,
    /// and the development outbox page shows them.
    pub fn dev_outbox_enabled(&self) -> bool {
        self.inner.smtp.is_none()
    }

    /// The store the outbox lives in.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// Starts the delivery loop: it delivers what is due, then waits for
    /// [`Mailer::send`] or [`POLL_INTERVAL`], forever. Abort the handle to
    /// stop it; a message it was sending at that moment is retried by a
    /// worker once its lease has expired.
    pub fn spawn_worker(&self) -> tokio::task::JoinHandle<()> {
        let mailer = self.clone();
        tokio::spawn(async move {
            match &mailer.inner.smtp {
                Some(smtp) => tracing::info!(server = %smtp.shown, "e-mail delivery over SMTP"),
                None => tracing::info!(
                    "SMTP_URL is not set: e-mail is recorded, logged and shown at /dev/outbox, not sent"
                ),
            }
            loop {
                if let Err(e) = mailer.deliver_due().await {
                    tracing::warn!(error = %e, "e-mail worker: cannot read the outbox; retrying shortly");
                }
                mailer.inner.passes.send_modify(|n| *n += 1);
                tokio::select! {
                    () = mailer.inner.wake.notified() => {}
                    () = tokio::time::sleep(POLL_INTERVAL) => {}
                }
            }
        })
    }

    /// Changes each time the delivery worker finishes a pass: whoever waits
    /// for the worker (a test, a tool) waits on this instead of polling.
    /// A message sent before a pass starts has been handled when it ends.
    pub fn worker_passes(&self) -> watch::Receiver<u64> {
        self.inner.passes.subscribe()
    }

    /// Delivers every message that is due now and that no other worker holds,
    /// one at a time. Returns how many this call handled (sent, logged,
    /// rescheduled or failed). The worker calls this; tests and tools may too.
    pub async fn deliver_due(&self) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let mut handled = 0;
        loop {
            let ids = store.due_email_ids(self.inner.clock.now(), BATCH).await?;
            let mut claimed = 0;
            for &id in &ids {
                let now = self.inner.clock.now();
                let Some(message) = store.claim_email(id, now, now + LEASE).await? else {
                    continue; // another worker has it, or it changed meanwhile
                };
                claimed += 1;
                self.deliver(message).await?;
                handled += 1;
            }
            if (ids.len() as i64) < BATCH || claimed == 0 {
                return Ok(handled);
            }
        }
    }

    /// Redacts and deletes what the outbox should no longer hold: the
    /// bodies of sent and failed messages that carry links (and of logged
    /// ones while the development outbox is off), and every finished
    /// message older than [`OUTBOX_RETENTION`]. Returns (redacted, deleted).
    /// The server's housekeeping calls this hourly.
    pub async fn tidy_outbox(&self) -> Result<(u64, u64), StoreError> {
        let store = &self.inner.store;
        let redacted = store
            .redact_finished_emails(!self.inner.dev_outbox, REDACTED_TEXT, REDACTED_HTML)
            .await?;
        let deleted = store
            .prune_emails(self.inner.clock.now() - OUTBOX_RETENTION)
            .await?;
        Ok((redacted, deleted))
    }

    async fn deliver(&self, message: OutboxMessage) -> Result<(), StoreError> {
        let store = &self.inner.store;
        let links = links_in(&message.text, &message.html);
        let has_links = !links.is_empty();
        let Some(smtp) = &self.inner.smtp else {
            if self.inner.dev_outbox {
                tracing::info!(
                    id = message.id,
                    kind = %message.kind,
                    to = %message.recipient,
                    subject = %message.subject,
                    links = %links.join(" "),
                    "e-mail recorded, not sent (no SMTP_URL); see /dev/outbox"
                );
            } else {
                // Nobody can read it: neither the log nor the outbox keeps its links.
                tracing::info!(
                    id = message.id,
                    kind = %message.kind,
                    to = %message.recipient,
                    subject = %message.subject,
                    "e-mail recorded, not sent (no SMTP_URL; the development outbox is off)"
                );
            }
            // While the development outbox is on, its page needs the links.
            return self
                .finish(
                    &message,
                    DeliveryStatus::Logged,
                    has_links && !self.inner.dev_outbox,
                )
                .await;
        };
        let built = match build_message(&smtp.from, &message) {
            Ok(built) => built,
            Err(reason) => {
                tracing::error!(id = message.id, kind = %message.kind, to = %message.recipient, %reason,
                    "e-mail cannot be built; giving up on it");
                let settled = store.fail_email(&message, &clip(&reason)).await?;
                lost_claim_unless(settled, &message);
                return Ok(());
            }
        };
        let transport = match smtp.transport() {
            Ok(transport) => transport,
            Err(e) => {
                // Checked by `Mailer::new`; only a changed environment gets here.
                let error = clip(&e.to_string());
                tracing::error!(id = message.id, %error, "e-mail: no SMTP transport; will retry");
                let next = self.inner.clock.now() + retry_delay(message.attempts);
                let settled = store.retry_email(&message, &error, next).await?;
                lost_claim_unless(settled, &message);
                return Ok(());
            }
        };
        match transport.send(built).await {
            Ok(_) => {
                tracing::info!(id = message.id, kind = %message.kind, to = %message.recipient, "e-mail sent");
                self.finish(&message, DeliveryStatus::Sent, has_links).await
            }
            Err(e) => {
                let error = clip(&format!(
                    "{} via {}: {e}",
                    "SMTP delivery failed", smtp.shown
                ));
                if message.attempts >= MAX_ATTEMPTS {
                    tracing::error!(id = message.id, kind = %message.kind, to = %message.recipient,
                        attempts = message.attempts, %error, "e-mail could not be delivered; giving up");
                    let settled = store.fail_email(&message, &error).await?;
                    lost_claim_unless(settled, &message);
                    Ok(())
                } else {
                    let next = self.inner.clock.now() + retry_delay(message.attempts);
                    tracing::warn!(id = message.id, kind = %message.kind, to = %message.recipient,
                        attempts = message.attempts, next_attempt_at = %next, %error,
                        "e-mail delivery failed; will retry");
                    let settled = store.retry_email(&message, &error, next).await?;
                    lost_claim_unless(settled, &message);
                    Ok(())
                }
            }
        }
    }
}

impl Mailer {
    /// Records a message as sent or logged, its bodies replaced by
    /// [`REDACTED_TEXT`] and [`REDACTED_HTML`] when `redact`.
    async fn finish(
        &self,
        message: &OutboxMessage,
        status: DeliveryStatus,
        redact: bool,
    ) -> Result<(), StoreError> {
        let store = &self.inner.store;
        let now = self.inner.clock.now();
        let settled = if redact {
            store
                .finish_email_redacted(message, status, now, REDACTED_TEXT, REDACTED_HTML)
                .await?
        } else {
            store.finish_email(message, status, now).await?
        };
        lost_claim_unless(settled, message);
        Ok(())
    }
}

/// Notes an outcome that was not recorded because this worker no longer
/// held the message: its lease ran out while it worked, and another worker
/// took the message over, whose outcome stands.
fn lost_claim_unless(settled: bool, message: &OutboxMessage) {
    if !settled {
        tracing::info!(id = message.id, kind = %message.kind, attempts = message.attempts,
            "e-mail outcome not recorded: the lease ran out and another worker took the message over");
    }
}

impl Smtp {
    fn transport(&self) -> Result<&AsyncSmtpTransport<Tokio1Executor>, MailConfigError> {
        if let Some(transport) = self.transport.get() {
            return Ok(transport);
        }
        let made = self.target.transport(SMTP_TIMEOUT)?;
        Ok(self.transport.get_or_init(|| made))
    }
}

/// The message as it goes over SMTP: multipart/alternative, plain text
/// first; with attachments, that inside a multipart/mixed followed by each
/// file.
fn build_message(from: &Mailbox, message: &OutboxMessage) -> Result<Message, String> {
    let to: Mailbox = message.recipient.trim().parse().map_err(|e| {
        format!(
            "the recipient {:?} is not an address: {e}",
            message.recipient
        )
    })?;
    // Unique and stable enough: the row, its time and a random part, at the
    // sender's domain (RFC 5322 §3.6.4).
    let message_id = format!(
        "<{}.{}.{:08x}@{}>",
        message.created_at.timestamp_millis(),
        message.id,
        rand::random::<u32>(),
        from.email.domain()
    );
    let builder = Message::builder()
        .message_id(Some(message_id))
        .from(from.clone())
        .to(to)
        .subject(message.subject.clone());
    let alternative = MultiPart::alternative_plain_html(message.text.clone(), message.html.clone());
    if message.attachments.is_empty() {
        return builder
            .multipart(alternative)
            .map_err(|e| format!("the message cannot be built: {e}"));
    }
    // multipart/mixed: the readable message first, then each file.
    let mut mixed = MultiPart::mixed().multipart(alternative);
    for file in &message.attachments {
        let content_type = ContentType::parse(&file.content_type).map_err(|e| {
            format!(
                "the attachment {:?} has an unusable type {:?}: {e}",
                file.filename, file.content_type
            )
        })?;
        mixed = mixed.singlepart(
            lettre::message::Attachment::new(file.filename.clone())
                .body(file.content.clone(), content_type),
        );
    }
    builder
        .multipart(mixed)
        .map_err(|e| format!("the message cannot be built: {e}"))
}

/// At most [`MAX_ERROR_CHARS`] characters of an error, for the outbox.
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
        assert_eq!(delays, vec![1, 5, 30, 120, 360, 360]);
    }

    #[test]
    fn statuses_round_trip() {
        for s in [
            DeliveryStatus::Pending,
            DeliveryStatus::Sent,
            DeliveryStatus::Logged,
            DeliveryStatus::Failed,
        ] {
            assert_eq!(DeliveryStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(DeliveryStatus::parse("queued"), None);
    }

    #[test]
    fn long_errors_are_clipped_on_a_character_boundary() {
        let long = "é".repeat(MAX_ERROR_CHARS + 10);
        let clipped = clip(&long);
        assert_eq!(clipped.chars().count(), MAX_ERROR_CHARS + 1);
        assert!(clipped.ends_with('…'));
        assert_eq!(clip("short"), "short");
    }

    fn message(recipient: &str) -> OutboxMessage {
        let now = Utc::now();
        OutboxMessage {
            id: 1,
            kind: "activation".into(),
            recipient: recipient.into(),
            subject: "Activate your account".into(),
            text: "plain".into(),
            html: "<p>html</p>".into(),
            status: DeliveryStatus::Pending,
            attempts: 1,
            last_error: None,
            created_at: now,
            next_attempt_at: now,
            sent_at: None,
            attachments: Vec::new(),
            claimed_until: None,
        }
    }

    #[test]
    fn messages_are_multipart_alternative_from_the_sender() {
        let from: Mailbox = "MentorBridge <no-reply@mentorbridge.local>"
            .parse()
            .expect("sender");
        let built = build_message(&from, &message("asha@example.com")).expect("builds");
        let raw = String::from_utf8(built.formatted()).expect("utf-8");
        assert!(raw.contains("From: MentorBridge <no-reply@mentorbridge.local>"));
        assert!(raw.contains("To: asha@example.com"));
        assert!(raw.contains("multipart/alternative"));
        assert!(raw.contains(".1.") && raw.contains("@mentorbridge.local>"));
        assert!(raw.contains("Message-ID: <"), "{raw}");
        assert!(raw.contains("text/plain"));
        assert!(raw.contains("text/html"));
    }

    #[test]
    fn attachments_make_a_mixed_message_with_the_alternative_first() {
        let from: Mailbox = "no-reply@mentorbridge.local".parse().expect("sender");
        let mut m = message("asha@example.com");
        m.attachments.push(Attachment {
            filename: "invite.ics".into(),
            content_type: "text/calendar; charset=utf-8; method=REQUEST".into(),
            content: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n".into(),
        });
        let raw = String::from_utf8(build_message(&from, &m).expect("builds").formatted())
            .expect("utf-8");
        let mixed = raw.find("multipart/mixed").expect("mixed");
        let alternative = raw
            .find("multipart/alternative")
            .expect("alternative inside");
        let calendar = raw.find("text/calendar").expect("the calendar part");
        assert!(mixed < alternative && alternative < calendar, "{raw}");
        assert!(raw.contains("method=REQUEST"), "{raw}");
        assert!(raw.contains("filename=\"invite.ics\""), "{raw}");
        assert!(raw.contains("Content-Disposition: attachment"), "{raw}");
        m.attachments[0].content_type = "not a type".into();
        let err = build_message(&from, &m).expect_err("refused");
        assert!(err.contains("invite.ics"), "{err}");
    }

    #[test]
    fn a_recipient_that_is_not_an_address_is_a_permanent_failure() {
        let from: Mailbox = "no-reply@mentorbridge.local".parse().expect("sender");
        let err = build_message(&from, &message("not an address")).expect_err("rejected");
        assert!(err.contains("not an address"), "{err}");
    }
}

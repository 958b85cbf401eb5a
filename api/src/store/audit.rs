//! The audit log (`audit_log` of migration 0012): who did what to money and
//! accounts, written in the same unit of work as the action, never changed
//! or removed (the database's triggers refuse it).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// What was done. New actions are added here, never spelled as strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuditAction {
    /// An administrator approved a refund request.
    RefundApproved,
    /// An administrator rejected a refund request.
    RefundRejected,
    /// An administrator decided a contested no-show.
    DisputeDecided,
    /// An administrator exported a payout batch's bank file.
    PayoutExported,
    /// A mentor set or changed their payout details.
    PayoutDetailsChanged,
    /// The payout-detail key was rotated.
    PayoutKeyRotated,
    /// An account was disabled.
    AccountDisabled,
    /// An account was enabled again.
    AccountEnabled,
    /// A webhook endpoint was registered.
    WebhookCreated,
    /// A webhook endpoint was changed (its secret made anew, paused...).
    WebhookChanged,
    /// A webhook endpoint was removed.
    WebhookDeleted,
}

impl AuditAction {
    pub const ALL: [AuditAction; 11] = [
        AuditAction::RefundApproved,
        AuditAction::RefundRejected,
        AuditAction::DisputeDecided,
        AuditAction::PayoutExported,
        AuditAction::PayoutDetailsChanged,
        AuditAction::PayoutKeyRotated,
        AuditAction::AccountDisabled,
        AuditAction::AccountEnabled,
        AuditAction::WebhookCreated,
        AuditAction::WebhookChanged,
        AuditAction::WebhookDeleted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::RefundApproved => "refund.approved",
            AuditAction::RefundRejected => "refund.rejected",
            AuditAction::DisputeDecided => "dispute.decided",
            AuditAction::PayoutExported => "payout_batch.exported",
            AuditAction::PayoutDetailsChanged => "payout_details.changed",
            AuditAction::PayoutKeyRotated => "payout_key.rotated",
            AuditAction::AccountDisabled => "account.disabled",
            AuditAction::AccountEnabled => "account.enabled",
            AuditAction::WebhookCreated => "webhook.created",
            AuditAction::WebhookChanged => "webhook.changed",
            AuditAction::WebhookDeleted => "webhook.deleted",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == s)
    }
}

/// Who acted: an account (with the role they acted in), the command line
/// or the system (a job).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Admin(i64),
    Mentor(i64),
    Learner(i64),
    CommandLine,
    System,
}

impl Actor {
    fn id(self) -> Option<i64> {
        match self {
            Actor::Admin(id) | Actor::Mentor(id) | Actor::Learner(id) => Some(id),
            Actor::CommandLine | Actor::System => None,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Actor::Admin(_) => "admin",
            Actor::Mentor(_) => "mentor",
            Actor::Learner(_) => "learner",
            Actor::CommandLine => "cli",
            Actor::System => "system",
        }
    }
}

/// One entry to write.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    pub actor: Actor,
    pub action: AuditAction,
    /// What it was done to: `refund`, `booking`, `payout_batch`,
    /// `payout_details`, `user`, `webhook`.
    pub object_type: &'static str,
    pub object_id: String,
    /// Why (required where an administrator goes beyond the rules).
    pub reason: Option<String>,
    /// The object's values before and after, as the reader should see them
    /// (never a secret: a bank account number is masked).
    pub before: Option<Value>,
    pub after: Option<Value>,
}

impl AuditEntry {
    pub fn new(
        actor: Actor,
        action: AuditAction,
        object_type: &'static str,
        object_id: impl ToString,
    ) -> Self {
        AuditEntry {
            actor,
            action,
            object_type,
            object_id: object_id.to_string(),
            reason: None,
            before: None,
            after: None,
        }
    }

    pub fn reason(mut self, reason: Option<String>) -> Self {
        self.reason = reason.filter(|r| !r.trim().is_empty());
        self
    }

    pub fn change(mut self, before: Option<Value>, after: Option<Value>) -> Self {
        self.before = before;
        self.after = after;
        self
    }
}

/// One entry as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub actor_id: Option<i64>,
    pub actor: String,
    pub action: String,
    pub object_type: String,
    pub object_id: String,
    pub reason: Option<String>,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
    pub at: DateTime<Utc>,
}

const COLUMNS: &str = "CAST(id AS BIGINT) AS id, CAST(actor_id AS BIGINT) AS actor_id, actor, \
     action, object_type, object_id, reason, before_json, after_json, at";

impl Tx {
    /// Appends `entry` at `now`, in this unit of work.
    pub async fn audit(
        &mut self,
        entry: &AuditEntry,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let json = |v: &Option<Value>| v.as_ref().map(Value::to_string);
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO audit_log (actor_id, actor, action, object_type, object_id, reason, \
             before_json, after_json, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(entry.actor.id())
        .bind(entry.actor.label())
        .bind(entry.action.as_str())
        .bind(entry.object_type)
        .bind(&entry.object_id)
        .bind(&entry.reason)
        .bind(json(&entry.before))
        .bind(json(&entry.after))
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

impl Store {
    /// The entries about one object, oldest first.
    pub async fn audit_of(
        &self,
        object_type: &str,
        object_id: &str,
    ) -> Result<Vec<AuditRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM audit_log WHERE object_type = $1 AND object_id = $2 ORDER BY id"
        );
        Ok(on_pool!(self, pool => sqlx::query_as::<_, AuditRow>(&sql)
            .bind(object_type)
            .bind(object_id)
            .fetch_all(pool)
            .await)?)
    }

    /// The latest `limit` entries, newest first.
    pub async fn audit_latest(&self, limit: i64) -> Result<Vec<AuditRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM audit_log ORDER BY id DESC LIMIT $1");
        Ok(on_pool!(self, pool => sqlx::query_as::<_, AuditRow>(&sql)
            .bind(limit)
            .fetch_all(pool)
            .await)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_name() {
        for a in AuditAction::ALL {
            assert_eq!(AuditAction::parse(a.as_str()), Some(a));
        }
        assert_eq!(AuditAction::parse("refund.deleted"), None);
    }
}

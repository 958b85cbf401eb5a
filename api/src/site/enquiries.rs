//! Enquiries from the contact and custom-quote forms: the limits, storing
//! the enquiry, forwarding it to the operator and acknowledging it, the
//! last three in one transaction.
//!
//! Both forms carry a honeypot field that people never see or fill: when it
//! is filled the answer is the usual one, but nothing is stored or sent.
//! Accepted submissions are limited per client, all attempts more loosely,
//! and acknowledgments per recipient address (anyone can type anyone's
//! address into a form).

use base64::Engine as _;
use chrono::{DateTime, Utc};
use domain_wasm::forms::site::{Contact, Quote};
use thiserror::Error;

use super::dto::Received;
use crate::attempt_limits::Client;
use crate::auth::limits::{Limited, Rule};
use crate::mail::enquiry_templates;
use crate::state::AppState;
use crate::store::StoreError;
use crate::store::enquiries::{EnquiryKind, NewEnquiry};

/// Accepted enquiries from one client, per form.
pub const ENQUIRIES_PER_CLIENT: Rule = Rule {
    name: "enquiry",
    max: 5,
    window_secs: 3600,
};
/// Submissions from one client, accepted or not (both forms).
pub const ENQUIRY_ATTEMPTS_PER_CLIENT: Rule = Rule {
    name: "enquiry-attempt",
    max: 30,
    window_secs: 600,
};
/// Acknowledgments sent to one address; further enquiries are still stored
/// and forwarded, only not acknowledged.
pub const ACKS_PER_ADDRESS: Rule = Rule {
    name: "enquiry-ack",
    max: 3,
    window_secs: 3600,
};

const USER_AGENT_MAX: usize = 500;

#[derive(Debug, Error)]
pub enum EnquiryError {
    #[error("too many enquiries; retry in {}s", .0.retry_after_secs)]
    Limited(Limited),
    #[error("cannot record the enquiry: {0}")]
    Store(#[from] StoreError),
}

/// The per-form key of a client (IPv6 counted by /64, as everywhere).
fn client_key(kind: EnquiryKind, client: &Client<'_>) -> String {
    format!("{}:{}", kind.as_str(), crate::auth::client_key(client.ip))
}

/// The limits that apply before the fields are read: every attempt counts.
pub async fn admit(
    state: &AppState,
    kind: EnquiryKind,
    client: &Client<'_>,
    now: DateTime<Utc>,
) -> Result<(), EnquiryError> {
    let limiter = &state.limiter;
    limiter
        .hit(
            ENQUIRY_ATTEMPTS_PER_CLIENT,
            &crate::auth::client_key(client.ip),
            now,
        )
        .await?
        .map_err(EnquiryError::Limited)?;
    limiter
        .check(ENQUIRIES_PER_CLIENT, &client_key(kind, client), now)
        .await?
        .map_err(EnquiryError::Limited)
}

/// The fields of a valid enquiry of either form, parsed and cleaned by the
/// crate's parsers (`domain_wasm::forms::site`).
#[derive(Debug, Clone)]
pub struct Enquiry {
    pub kind: EnquiryKind,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub team_size: Option<String>,
    pub programme: Option<String>,
    pub subject: Option<String>,
    pub message: String,
}

impl From<Contact> for Enquiry {
    fn from(c: Contact) -> Self {
        Enquiry {
            kind: EnquiryKind::Contact,
            name: c.name,
            email: c.email.into_string(),
            phone: None,
            company: None,
            team_size: None,
            programme: None,
            subject: c.subject,
            message: c.message,
        }
    }
}

impl From<Quote> for Enquiry {
    fn from(q: Quote) -> Self {
        Enquiry {
            kind: EnquiryKind::Quote,
            name: q.name,
            email: q.email.into_string(),
            phone: q.phone,
            company: Some(q.company),
            team_size: q.team_size,
            programme: Some(q.programme),
            subject: None,
            message: q.message,
        }
    }
}

/// A random, unguessable reference (22 characters, URL-safe).
pub fn new_reference() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>())
}

/// Counts, stores and mails a valid enquiry; a honeypot catch is only
/// counted and logged.
pub async fn submit(
    state: &AppState,
    enquiry: Enquiry,
    honeypot_filled: bool,
    client: &Client<'_>,
    now: DateTime<Utc>,
) -> Result<Received, EnquiryError> {
    state
        .limiter
        .hit(ENQUIRIES_PER_CLIENT, &client_key(enquiry.kind, client), now)
        .await?
        .map_err(EnquiryError::Limited)?;
    let id = new_reference();
    let received = Received {
        id: id.clone(),
        received_at: now,
    };
    if honeypot_filled {
        tracing::info!(kind = enquiry.kind.as_str(), client = %client.ip,
            "enquiry with the honeypot field filled: answered as usual, nothing stored or sent");
        return Ok(received);
    }
    let stored = NewEnquiry {
        id,
        kind: enquiry.kind,
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone,
        company: enquiry.company,
        team_size: enquiry.team_size,
        programme: enquiry.programme,
        subject: enquiry.subject,
        message: enquiry.message,
        client_ip: Some(client.ip.to_string()),
        user_agent: client.user_agent.map(|ua| {
            domain_wasm::enquiry::one_line(ua)
                .chars()
                .take(USER_AGENT_MAX)
                .collect()
        }),
    };
    let acknowledge = state
        .limiter
        .hit(ACKS_PER_ADDRESS, &stored.email, now)
        .await?
        .is_ok();
    let mut tx = state.store.begin().await?;
    tx.insert_enquiry(&stored, now).await?;
    let forward = enquiry_templates::to_operator(&state.operator_email, &stored, now);
    state.mailer.queue(&mut tx, forward, now).await?;
    if acknowledge {
        let ack = enquiry_templates::acknowledgment(&stored, &state.link("/mentors"));
        state.mailer.queue(&mut tx, ack, now).await?;
    }
    tx.commit().await?;
    state.mailer.wake();
    tracing::info!(id = %stored.id, kind = stored.kind.as_str(), "enquiry received");
    Ok(received)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_long_and_distinct() {
        let a = new_reference();
        assert_eq!(a.len(), 22);
        assert_ne!(a, new_reference());
    }
}

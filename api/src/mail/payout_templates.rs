//! The messages of a mentor's payouts: a payout line paid (the money is on
//! its way to their bank or UPI id, with the transfer's reference) and a
//! payout line that failed (why, and that the amount is available again).
//! Account numbers and UPI ids are shown masked; times in the mentor's
//! time zone.

use super::booking_templates::{local_time, rupees};
use super::message::{Block, Parts, one_line, render};
use super::{BRAND, Email};
use crate::store::notices::Recipient;
use crate::store::payouts::LineRow;

fn footer() -> String {
    format!(
        "You are receiving this message because you mentor at {BRAND}. It was sent automatically; replies to this address are not read."
    )
}

/// Where the money went, masked: "Bank account •••• •••• 1234 (SBIN0001234)"
/// or "UPI ra•••@okaxis".
pub fn destination(line: &LineRow) -> String {
    match (line.method.as_str(), &line.account_number, &line.upi_id) {
        ("bank", Some(n), _) => {
            let ifsc = line
                .ifsc
                .as_deref()
                .map(|i| format!(" ({i})"))
                .unwrap_or_default();
            format!(
                "Bank account {}{ifsc}",
                domain_wasm::payouts::mask_account(n)
            )
        }
        (_, _, Some(u)) => format!("UPI {}", domain_wasm::payouts::mask_upi(u)),
        _ => "Your payout details".to_owned(),
    }
}

/// To the mentor: a payout line was paid.
pub fn paid(to: &Recipient, line: &LineRow, link: &str) -> Email {
    let amount = rupees(line.amount_paise);
    let when = line
        .paid_at
        .map(|t| local_time(t, &to.time_zone))
        .unwrap_or_default();
    render(Parts {
        kind: "payout_paid",
        to: &to.email,
        name: Some(&to.name),
        subject: format!("Your payout of {amount} has been sent"),
        preheader: format!("Reference {}", line.reference),
        blocks: vec![
            Block::Para(format!(
                "We have sent {amount} of your earnings. Banks usually show it within one working day; quote the reference below if you ask your bank about it."
            )),
            Block::Table(vec![
                ("Amount", amount.clone()),
                ("Paid to", destination(line)),
                ("Beneficiary", one_line(&line.beneficiary_name, 100)),
                ("Reference", line.reference.clone()),
                ("Sent", when),
            ]),
            Block::Action {
                label: "See your earnings",
                link: link.to_owned(),
            },
        ],
        footer: footer(),
        attachments: Vec::new(),
    })
}

/// To the mentor: a payout line failed; the amount is available again.
pub fn failed(to: &Recipient, line: &LineRow, reason: &str, link: &str) -> Email {
    let amount = rupees(line.amount_paise);
    render(Parts {
        kind: "payout_failed",
        to: &to.email,
        name: Some(&to.name),
        subject: format!("Your payout of {amount} could not be sent"),
        preheader: "Please check your payout details".to_owned(),
        blocks: vec![
            Block::Para(format!(
                "We could not send your payout of {amount}. The amount is back in your available balance and will go out with your next payout."
            )),
            Block::Para("What the bank told us:".to_owned()),
            Block::Quote(reason.to_owned()),
            Block::Table(vec![
                ("Amount", amount.clone()),
                ("Paid to", destination(line)),
                ("Beneficiary", one_line(&line.beneficiary_name, 100)),
                ("Reference", line.reference.clone()),
            ]),
            Block::Para(
                "If your bank account or UPI id has changed, please update your payout details."
                    .to_owned(),
            ),
            Block::Action {
                label: "Check your payout details",
                link: link.to_owned(),
            },
        ],
        footer: footer(),
        attachments: Vec::new(),
    })
}

/// What happened to a mentor's payout details (issue 20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DetailsChange {
    /// Given for the first time: in effect at once.
    FirstSet,
    /// Where the money goes will change at this moment (48 hours on).
    Scheduled(chrono::DateTime<chrono::Utc>),
    /// The schedule or the PAN changed (at once); where the money goes did not.
    Updated,
    /// A pending change was cancelled.
    Cancelled,
}

/// To the mentor, at once: their payout details were set, or a change was
/// asked for or cancelled. `destination` is masked; the message says what
/// to do if it was not them.
pub fn details_changed(
    to: &Recipient,
    change: DetailsChange,
    destination: &str,
    link: &str,
) -> Email {
    let (kind, subject, lead) = match change {
        DetailsChange::FirstSet => (
            "payout_details_set",
            "Your payout details were added".to_owned(),
            "Your payout details were added to your account. Your payouts will be sent to the account below.".to_owned(),
        ),
        DetailsChange::Scheduled(at) => (
            "payout_details_change_requested",
            "Your payout details will change in 48 hours".to_owned(),
            format!(
                "Someone signed in to your account, confirmed with your password, asked to send your payouts to the account below from {}. Payouts until then go to your current account.",
                local_time(at, &to.time_zone)
            ),
        ),
        DetailsChange::Updated => (
            "payout_details_updated",
            "Your payout settings were updated".to_owned(),
            "Your payout schedule or PAN was updated. Your payouts still go to the account below.".to_owned(),
        ),
        DetailsChange::Cancelled => (
            "payout_details_change_cancelled",
            "The change of your payout details was cancelled".to_owned(),
            "The pending change of your payout details was cancelled. Your payouts still go to the account below.".to_owned(),
        ),
    };
    render(Parts {
        kind,
        to: &to.email,
        name: Some(&to.name),
        subject,
        preheader: "If this was not you, act now".to_owned(),
        blocks: vec![
            Block::Para(lead),
            Block::Table(vec![("Account", destination.to_owned())]),
            Block::Para(
                "If this was not you, open your dashboard, cancel the change and change your password at once, then write to us.".to_owned(),
            ),
            Block::Action {
                label: "Review your payout details",
                link: link.to_owned(),
            },
        ],
        footer: footer(),
        attachments: Vec::new(),
    })
}

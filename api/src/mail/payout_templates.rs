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

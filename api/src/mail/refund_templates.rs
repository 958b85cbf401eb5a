//! The messages of a refund's life, to the learner at each step (request
//! received, approved and on its way, processed, rejected with the reason,
//! failed) and to the mentor when a refund takes back part of their
//! earnings. Built from the same blocks as the booking's messages
//! ([`super::booking_templates`]); amounts in Indian grouping, times in the
//! reader's zone, everything typed by someone escaped in HTML and kept to
//! one line in subjects.

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;

use super::booking_templates::{local_range, local_time, rupees};
use super::message::{Block, Parts, one_line, render};
use super::{BRAND, Email};
use crate::store::notices::{BookingNotice, Recipient};

/// What a refund message says about the refund.
#[derive(Debug, Clone)]
pub struct RefundNote<'a> {
    /// The amount asked for, approved or returned.
    pub amount_paise: Paise,
    /// Why it is due, in the learner's words ("The mentor cancelled").
    pub basis: &'a str,
    pub requested_at: DateTime<Utc>,
    /// When the learner may expect an answer (requests only).
    pub review_due: Option<DateTime<Utc>>,
}

fn footer() -> String {
    format!(
        "You are receiving this message because of a payment for a session booked at {BRAND}. It was sent automatically; replies to this address are not read."
    )
}

fn mail(
    kind: &'static str,
    to: &Recipient,
    subject: String,
    preheader: String,
    blocks: Vec<Block>,
) -> Email {
    render(Parts {
        kind,
        to: &to.email,
        name: Some(&to.name),
        subject,
        preheader,
        blocks,
        footer: footer(),
        attachments: Vec::new(),
    })
}

/// The session and the refund, in the reader's zone.
fn details(b: &BookingNotice, to: &Recipient, r: &RefundNote<'_>) -> Vec<(&'static str, String)> {
    vec![
        ("Session", one_line(&b.service_title, 150)),
        ("Mentor", one_line(&b.mentor_name, 80)),
        ("When", local_range(b.start, b.end, &to.time_zone)),
        ("Refund", rupees(r.amount_paise)),
        ("Why", one_line(r.basis, 200)),
        ("Asked on", local_time(r.requested_at, &to.time_zone)),
    ]
}

fn view(link: &str) -> Block {
    Block::Action {
        label: "View your booking",
        link: link.to_owned(),
    }
}

/// To the learner: their request reached us; an administrator answers
/// within the published 3–5 business days.
pub fn request_received(b: &BookingNotice, r: &RefundNote<'_>, link: &str) -> Email {
    let to = &b.learner;
    let by = r
        .review_due
        .map(|t| format!(" (by {})", local_time(t, &to.time_zone)))
        .unwrap_or_default();
    mail(
        "refund_requested",
        to,
        format!(
            "We received your refund request for {}",
            one_line(&b.service_title, 100)
        ),
        format!("We answer within 3–5 business days{by}."),
        vec![
            Block::Para(format!(
                "We received your request for a refund of {}. Our team reviews every request and answers within 3–5 business days{by}; we will e-mail you the decision.",
                rupees(r.amount_paise)
            )),
            Block::Table(details(b, to, r)),
            view(link),
        ],
    )
}

/// To the learner: the refund is approved (or due automatically) and on
/// its way to the way they paid.
pub fn on_its_way(b: &BookingNotice, r: &RefundNote<'_>, link: &str) -> Email {
    let to = &b.learner;
    let amount = rupees(r.amount_paise);
    mail(
        "refund_approved",
        to,
        format!("Your refund of {amount} is on its way"),
        "Refunds usually reach you within 5–7 business days.".to_owned(),
        vec![
            Block::Para(format!(
                "Your refund of {amount} is on its way to the account or card you paid with. Refunds usually reach you within 5–7 business days, depending on your bank; we will e-mail you when it has been sent."
            )),
            Block::Table(details(b, to, r)),
            view(link),
        ],
    )
}

/// To the learner: the gateway returned the money; the receipt follows.
pub fn processed(b: &BookingNotice, r: &RefundNote<'_>, link: &str) -> Email {
    let to = &b.learner;
    let amount = rupees(r.amount_paise);
    mail(
        "refund_processed",
        to,
        format!("Refunded: {amount} for {}", one_line(&b.service_title, 100)),
        format!("{amount} was sent back to the way you paid."),
        vec![
            Block::Para(format!(
                "We have sent {amount} back to the account or card you paid with. Depending on your bank it can take a few business days to show on your statement. Your refund receipt is on your booking's page."
            )),
            Block::Table(details(b, to, r)),
            view(link),
        ],
    )
}

/// To the learner: an administrator declined the request, with the reason.
pub fn rejected(b: &BookingNotice, r: &RefundNote<'_>, reason: &str, link: &str) -> Email {
    let to = &b.learner;
    mail(
        "refund_rejected",
        to,
        format!(
            "Your refund request for {} was not approved",
            one_line(&b.service_title, 100)
        ),
        "The reason is inside.".to_owned(),
        vec![
            Block::Para(format!(
                "We reviewed your request for a refund of {} and could not approve it. Our reason:",
                rupees(r.amount_paise)
            )),
            Block::Quote(reason.trim().to_owned()),
            Block::Table(details(b, to, r)),
            Block::Note(format!(
                "If you think this is a mistake, write to us through the contact page of {BRAND} and mention your booking."
            )),
            view(link),
        ],
    )
}

/// To the learner: the gateway could not return the money; nothing is
/// lost and they may ask again from the booking's page.
pub fn failed(b: &BookingNotice, r: &RefundNote<'_>, link: &str) -> Email {
    let to = &b.learner;
    let amount = rupees(r.amount_paise);
    mail(
        "refund_failed",
        to,
        format!("Your refund of {amount} could not be sent"),
        "Nothing is lost: you can ask again.".to_owned(),
        vec![
            Block::Para(format!(
                "The payment service could not send your refund of {amount} back (for example, the card or account you paid with is closed). Nothing is lost: the amount is refundable again, and you can ask for it from your booking's page, or write to us and we will help."
            )),
            Block::Table(details(b, to, r)),
            view(link),
        ],
    )
}

/// To the mentor: a refund on their session took back part of their
/// earnings (the session's share in proportion to the commission).
pub fn mentor_refund(
    b: &BookingNotice,
    to: &Recipient,
    refund_paise: Paise,
    mentor_paise: Paise,
    link: &str,
) -> Email {
    let learner = one_line(&b.learner.name, 80);
    let rows = vec![
        ("Session", one_line(&b.service_title, 150)),
        ("Learner", learner.clone()),
        ("When", local_range(b.start, b.end, &to.time_zone)),
        ("Refunded to the learner", rupees(refund_paise)),
        ("Taken from your earnings", rupees(mentor_paise)),
    ];
    mail(
        "refund_mentor",
        to,
        format!(
            "A refund of {} on your session with {learner}",
            rupees(refund_paise)
        ),
        format!("{} less in your earnings.", rupees(mentor_paise)),
        vec![
            Block::Para(format!(
                "{learner} was refunded {} for a session with you. Your share of it, {}, comes off your earnings (the platform's commission is returned in the same proportion). If you were already paid for this session, the amount is deducted from your next payout.",
                rupees(refund_paise),
                rupees(mentor_paise)
            )),
            Block::Table(rows),
            Block::Action {
                label: "See your earnings",
                link: link.to_owned(),
            },
        ],
    )
}

//! The messages of a booking's life: the request (to the mentor, with the
//! deadline, and to the learner), payment due, the confirmation with the
//! meeting link, decline and cancellation (with the refund owed),
//! reschedule, expiry, no-show, the reminders and the feedback request.
//! Each has a plain-text and an inline-styled HTML part in the frame every
//! message shares ([`super::templates::document`]), built like the mentor
//! application's messages ([`super::mentoring_templates`]). Every time is
//! shown in the recipient's time zone, named; every value someone typed (a
//! note, a reason, a name) is escaped in the HTML part and kept to one line
//! in subjects.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use domain_wasm::money::Paise;

use super::message::{Block, Parts, greeting, one_line, render};
use super::{Attachment, BRAND, Email};
use crate::store::notices::{BookingNotice, Recipient};

/// The zone `name` names, or UTC when it names none.
fn zone(name: &str) -> Tz {
    name.trim().parse().unwrap_or(Tz::UTC)
}

/// A date as Indian English writes it: "Wed, 25 Nov 2026".
fn day(t: &DateTime<Tz>) -> String {
    t.format("%a, %-d %b %Y").to_string()
}

/// A clock time as Indian English writes it: "3:30 pm", "12:00 am".
fn clock(t: &DateTime<Tz>) -> String {
    t.format("%-I:%M %P").to_string()
}

/// A moment in the reader's zone, the zone named in full as the web app
/// names it (en-IN, CLDR's long name):
/// "Wed, 25 Nov 2026, 3:30 pm India Standard Time".
pub fn local_time(t: DateTime<Utc>, zone_name: &str) -> String {
    let tz = zone(zone_name);
    let local = t.with_timezone(&tz);
    format!(
        "{}, {} {}",
        day(&local),
        clock(&local),
        super::zone_names::long_name(t, tz)
    )
}

/// A session's time in the reader's zone: "Wed, 25 Nov 2026, 3:30 pm –
/// 4:30 pm India Standard Time" (the end's date too when it is another day
/// there).
pub fn local_range(start: DateTime<Utc>, end: DateTime<Utc>, zone_name: &str) -> String {
    let tz = zone(zone_name);
    let (s, e) = (start.with_timezone(&tz), end.with_timezone(&tz));
    let end_shown = if s.date_naive() == e.date_naive() {
        clock(&e)
    } else {
        format!("{}, {}", day(&e), clock(&e))
    };
    format!(
        "{}, {} – {end_shown} {}",
        day(&s),
        clock(&s),
        super::zone_names::long_name(start, tz)
    )
}

/// An amount as rupees: "₹1,500", "₹1,499.50", "free" for 0.
pub fn rupees(amount: Paise) -> String {
    if amount.is_zero() {
        "free".to_owned()
    } else {
        amount.to_string()
    }
}

struct Message<'a> {
    kind: &'static str,
    to: &'a Recipient,
    subject: String,
    preheader: String,
    blocks: Vec<Block>,
    attachments: Vec<Attachment>,
}

fn footer() -> String {
    format!(
        "You are receiving this message because of a session booked at {BRAND}. It was sent automatically; replies to this address are not read."
    )
}

impl Message<'_> {
    fn render(self) -> Email {
        render(Parts {
            kind: self.kind,
            to: &self.to.email,
            name: Some(&self.to.name),
            subject: self.subject,
            preheader: self.preheader,
            blocks: self.blocks,
            footer: footer(),
            attachments: self.attachments,
        })
    }
}

/// Which side of the booking the reader is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Learner,
    Mentor,
}

/// The other participant's name as the reader knows them.
fn other_name(b: &BookingNotice, side: Side) -> String {
    match side {
        Side::Learner => one_line(&b.mentor_name, 80),
        Side::Mentor => greeting(&b.learner.name),
    }
}

/// The session's details, in the reader's zone.
fn details(b: &BookingNotice, to: &Recipient, side: Side) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("Session", one_line(&b.service_title, 150)),
        (
            if side == Side::Learner {
                "Mentor"
            } else {
                "Learner"
            },
            other_name(b, side),
        ),
        ("When", local_range(b.start, b.end, &to.time_zone)),
        ("Length", format!("{} minutes", b.duration_minutes)),
        ("Price", rupees(b.price_paise)),
    ];
    if let Some(url) = &b.meeting_url
        && matches!(
            b.status,
            domain_wasm::booking::Status::Confirmed | domain_wasm::booking::Status::Completed
        )
    {
        rows.push(("Meeting link", url.clone()));
    }
    // The short reference people quote (the crate's `booking_reference`), not the raw id.
    rows.push((
        "Booking reference",
        domain_wasm::naming::booking_reference(&b.id),
    ));
    rows
}

fn note_block(b: &BookingNotice, side: Side) -> Option<Block> {
    let note = b.note.trim();
    (side == Side::Mentor && !note.is_empty()).then(|| Block::Quote(note.to_owned()))
}

/// To the mentor: a new request to accept or decline by its deadline.
pub fn request_to_mentor(b: &BookingNotice, to: &Recipient, link: &str) -> Email {
    let learner = other_name(b, Side::Mentor);
    let deadline = b
        .respond_by
        .map(|t| local_time(t, &to.time_zone))
        .unwrap_or_else(|| "before the session starts".to_owned());
    let mut blocks = vec![
        Block::Para(format!(
            "{learner} would like to book a session with you. Please accept or decline the request by {deadline}; after that it expires and the time is released."
        )),
        Block::Table(details(b, to, Side::Mentor)),
    ];
    if let Some(note) = note_block(b, Side::Mentor) {
        blocks.push(Block::Para(format!("{learner} wrote:")));
        blocks.push(note);
    }
    blocks.push(Block::Action {
        label: "Accept or decline",
        link: link.to_owned(),
    });
    Message {
        kind: "booking_request",
        to,
        subject: format!("New session request from {learner} — answer by {deadline}"),
        preheader: format!(
            "{} on {}",
            b.service_title,
            local_time(b.start, &to.time_zone)
        ),
        blocks,
        attachments: Vec::new(),
    }
    .render()
}

/// To the learner: the request reached the mentor, who answers by the deadline.
pub fn request_sent(b: &BookingNotice, to: &Recipient, link: &str) -> Email {
    let mentor = other_name(b, Side::Learner);
    let deadline = b
        .respond_by
        .map(|t| local_time(t, &to.time_zone))
        .unwrap_or_else(|| "before the session starts".to_owned());
    let payment = if !b.price_paise.is_zero() {
        " If they accept, you will be asked to pay to confirm the session."
    } else {
        ""
    };
    Message {
        kind: "booking_request_sent",
        to,
        subject: format!("Your request to {mentor} was sent"),
        preheader: format!("{mentor} answers by {deadline}."),
        blocks: vec![
            Block::Para(format!(
                "We sent your session request to {mentor}. They have until {deadline} to accept or decline it, and we will e-mail you their answer.{payment}"
            )),
            Block::Table(details(b, to, Side::Learner)),
            Block::Action {
                label: "See your request",
                link: link.to_owned(),
            },
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To the learner: pay by the hold's end to confirm (after the mentor
/// accepted, or straight away for an instant paid booking).
pub fn payment_due(b: &BookingNotice, to: &Recipient, link: &str, accepted: bool) -> Email {
    let mentor = other_name(b, Side::Learner);
    let deadline = b
        .pay_by
        .map(|t| local_time(t, &to.time_zone))
        .unwrap_or_else(|| "before the session starts".to_owned());
    let opening = if accepted {
        format!("Good news: {mentor} accepted your session request.")
    } else {
        format!("Your session with {mentor} is held for you.")
    };
    Message {
        kind: "booking_payment_due",
        to,
        subject: if accepted {
            format!("{mentor} accepted — pay by {deadline} to confirm")
        } else {
            format!("Pay by {deadline} to confirm your session with {mentor}")
        },
        preheader: format!("Pay {} by {deadline}.", rupees(b.price_paise)),
        blocks: vec![
            Block::Para(format!(
                "{opening} Pay {} by {deadline} to confirm it; after that the time is released for others.",
                rupees(b.price_paise)
            )),
            Block::Table(details(b, to, Side::Learner)),
            Block::Action {
                label: "Pay now",
                link: link.to_owned(),
            },
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To either side: the session is confirmed, with the meeting link and the
/// calendar invitation attached.
pub fn confirmed(
    b: &BookingNotice,
    to: &Recipient,
    side: Side,
    link: &str,
    invitation: Attachment,
) -> Email {
    let other = other_name(b, side);
    let when = local_time(b.start, &to.time_zone);
    let mut blocks = vec![
        Block::Para(format!(
            "Your session with {other} is confirmed. The invitation is attached: open it to add the session to your calendar."
        )),
        Block::Table(details(b, to, side)),
    ];
    if let Some(note) = note_block(b, side) {
        blocks.push(Block::Para(format!("{other} wrote:")));
        blocks.push(note);
    }
    if let Some(url) = &b.meeting_url {
        blocks.push(Block::Para(format!(
            "At the start time, join the video call at {url} (no account needed). You can join from 10 minutes before the start."
        )));
    }
    blocks.push(Block::Action {
        label: "View your booking",
        link: link.to_owned(),
    });
    blocks.push(Block::Note(
        "We will remind you 24 hours and 1 hour before the start.".to_owned(),
    ));
    Message {
        kind: "booking_confirmed",
        to,
        subject: format!("Confirmed: {} with {other}, {when}", b.service_title),
        preheader: format!("{when}. The meeting link and invitation are inside."),
        blocks,
        attachments: vec![invitation],
    }
    .render()
}

/// Who called a booking off, as the reader is told.
fn cancelled_by(b: &BookingNotice, side: Side) -> String {
    let mentor = one_line(&b.mentor_name, 80);
    let learner = greeting(&b.learner.name);
    match (b.cancelled_by.as_deref(), side) {
        (Some("learner"), Side::Learner) | (Some("mentor"), Side::Mentor) => "You".to_owned(),
        (Some("learner"), Side::Mentor) => learner,
        (Some("mentor"), Side::Learner) => mentor,
        (Some("admin"), _) => format!("The {BRAND} team"),
        _ => BRAND.to_owned(),
    }
}

fn refund_note(b: &BookingNotice, side: Side) -> Option<Block> {
    if b.refund_owed_paise.is_zero() {
        return None;
    }
    let amount = rupees(b.refund_owed_paise);
    Some(Block::Para(match side {
        Side::Learner => format!(
            "You will get a full refund of {amount} to the way you paid. Refunds usually reach you within 5–7 business days."
        ),
        Side::Mentor => format!("The learner is refunded {amount}."),
    }))
}

/// To the learner: the mentor declined the request.
pub fn declined(b: &BookingNotice, to: &Recipient, link: &str) -> Email {
    let mentor = other_name(b, Side::Learner);
    let mut blocks = vec![Block::Para(format!(
        "{mentor} could not take your session request for {}. The time is free again, and you can choose another slot or another mentor.",
        local_time(b.start, &to.time_zone)
    ))];
    if let Some(reason) = b
        .cancel_reason
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        blocks.push(Block::Para(format!("{mentor} wrote:")));
        blocks.push(Block::Quote(reason.to_owned()));
    }
    if let Some(refund) = refund_note(b, Side::Learner) {
        blocks.push(refund);
    }
    blocks.push(Block::Action {
        label: "Find another session",
        link: link.to_owned(),
    });
    Message {
        kind: "booking_declined",
        to,
        subject: format!("{mentor} declined your session request"),
        preheader: "The time is free again; you can choose another slot.".to_owned(),
        blocks,
        attachments: Vec::new(),
    }
    .render()
}

/// To either side: the booking was cancelled (with a calendar CANCEL when
/// it had been confirmed).
pub fn cancelled(
    b: &BookingNotice,
    to: &Recipient,
    side: Side,
    link: &str,
    cancellation: Option<Attachment>,
) -> Email {
    let who = cancelled_by(b, side);
    let other = other_name(b, side);
    let when = local_range(b.start, b.end, &to.time_zone);
    let mut blocks = vec![Block::Para(format!(
        "{who} cancelled the session {} with {other} on {when}. The time is free again.",
        one_line(&b.service_title, 150)
    ))];
    if let Some(reason) = b
        .cancel_reason
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        blocks.push(Block::Para("The reason given:".to_owned()));
        blocks.push(Block::Quote(reason.to_owned()));
    }
    if let Some(refund) = refund_note(b, side) {
        blocks.push(refund);
    }
    if cancellation.is_some() {
        blocks.push(Block::Note(
            "The attached calendar update removes the session from your calendar.".to_owned(),
        ));
    }
    blocks.push(Block::Action {
        label: "View the booking",
        link: link.to_owned(),
    });
    Message {
        kind: "booking_cancelled",
        to,
        subject: format!(
            "Cancelled: {} with {other}, {}",
            b.service_title,
            local_time(b.start, &to.time_zone)
        ),
        preheader: format!("{who} cancelled the session."),
        blocks,
        attachments: cancellation.into_iter().collect(),
    }
    .render()
}

/// To either side: the session moved (the attached invitation updates it).
pub fn rescheduled(
    b: &BookingNotice,
    to: &Recipient,
    side: Side,
    previous_start: DateTime<Utc>,
    link: &str,
    invitation: Attachment,
) -> Email {
    let other = other_name(b, side);
    let new_time = local_time(b.start, &to.time_zone);
    Message {
        kind: "booking_rescheduled",
        to,
        subject: format!("Rescheduled: {} with {other}, now {new_time}", b.service_title),
        preheader: format!("New time: {new_time}."),
        blocks: vec![
            Block::Para(format!(
                "Your session with {other} has moved. The meeting link stays the same; the attached invitation updates your calendar."
            )),
            Block::Table(vec![
                ("Was", local_time(previous_start, &to.time_zone)),
                ("Now", local_range(b.start, b.end, &to.time_zone)),
            ]),
            Block::Table(details(b, to, side)),
            Block::Action {
                label: "View your booking",
                link: link.to_owned(),
            },
        ],
        attachments: vec![invitation],
    }
    .render()
}

/// To the learner: the request or the payment did not arrive in time.
pub fn expired_to_learner(b: &BookingNotice, to: &Recipient, link: &str) -> Email {
    let mentor = other_name(b, Side::Learner);
    let when = local_time(b.start, &to.time_zone);
    let why = if b.pay_by.is_some() {
        "the payment did not arrive before the hold ended, so the time was released. You have not been charged.".to_owned()
    } else {
        format!(
            "{mentor} did not answer in time, so the request expired. You have not been charged."
        )
    };
    let mut blocks = vec![Block::Para(format!(
        "Your session request with {mentor} for {when} has expired: {why}"
    ))];
    if let Some(refund) = refund_note(b, Side::Learner) {
        blocks.push(refund);
    }
    blocks.push(Block::Action {
        label: "Book another time",
        link: link.to_owned(),
    });
    Message {
        kind: "booking_expired",
        to,
        subject: format!("Your session request with {mentor} expired"),
        preheader: "You can choose another slot.".to_owned(),
        blocks,
        attachments: Vec::new(),
    }
    .render()
}

/// To the mentor: a request they did not answer in time expired.
pub fn expired_to_mentor(b: &BookingNotice, to: &Recipient, link: &str) -> Email {
    let learner = other_name(b, Side::Mentor);
    Message {
        kind: "booking_expired_mentor",
        to,
        subject: format!("You missed a session request from {learner}"),
        preheader: "The request expired and the time is free again.".to_owned(),
        blocks: vec![
            Block::Para(format!(
                "{learner}'s request for {} on {} expired because it was not answered in time. The time is free again.",
                one_line(&b.service_title, 150),
                local_time(b.start, &to.time_zone)
            )),
            Block::Note(
                "Answering requests quickly helps learners trust your profile. You can pause a service from your dashboard when you cannot take requests."
                    .to_owned(),
            ),
            Block::Action {
                label: "Open your dashboard",
                link: link.to_owned(),
            },
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To the side that was reported missing: nothing moves on one side's
/// word; they may contest until `contest_by` (shown in their zone).
pub fn no_show_reported(
    b: &BookingNotice,
    to: &Recipient,
    side: Side,
    link: &str,
    contest_by: DateTime<Utc>,
) -> Email {
    let other = other_name(b, side);
    let when = local_time(b.start, &to.time_zone);
    let deadline = local_time(contest_by, &to.time_zone);
    let consequence = match (side, b.no_show_choice.as_deref()) {
        (Side::Mentor, Some("refund")) => format!(
            "{other} asked for a full refund of {}.",
            rupees(b.price_paise.max(b.refund_owed_paise))
        ),
        (Side::Mentor, Some("reschedule")) => {
            format!("{other} chose to reschedule and will pick a new time.")
        }
        (Side::Mentor, _) => String::new(),
        (Side::Learner, _) => "No refund is due for a missed session.".to_owned(),
    };
    Message {
        kind: "booking_no_show",
        to,
        subject: format!("{other} reported that you missed your session"),
        preheader: format!("You can contest it until {deadline}."),
        blocks: vec![
            Block::Para(format!(
                "{other} reported that you did not join the session {} on {when}. {consequence}",
                one_line(&b.service_title, 150)
            )),
            Block::Para(format!(
                "If this is not what happened, contest the report with a short statement on the booking's page until {deadline}. An administrator then decides from both sides' words. If you do not contest it, the report takes effect then."
            )),
            Block::Action {
                label: "View the booking",
                link: link.to_owned(),
            },
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To the side that reported a no-show: received; the other side may
/// contest it until `contest_by`.
pub fn no_show_report_received(
    b: &BookingNotice,
    to: &Recipient,
    side: Side,
    link: &str,
    contest_by: DateTime<Utc>,
) -> Email {
    let other = other_name(b, side);
    let deadline = local_time(contest_by, &to.time_zone);
    let effect = match (side, b.no_show_choice.as_deref()) {
        (Side::Learner, Some("reschedule")) => {
            "You can pick the new time now; it does not wait.".to_owned()
        }
        (Side::Learner, _) => format!(
            "Your full refund of {} is made then.",
            rupees(b.price_paise)
        ),
        (Side::Mentor, _) => "The session then counts as held.".to_owned(),
    };
    Message {
        kind: "no_show_report_received",
        to,
        subject: format!("We received your no-show report for {}", one_line(&b.service_title, 80)),
        preheader: format!("{other} can contest it until {deadline}."),
        blocks: vec![
            Block::Para(format!(
                "You reported that {other} did not join the session. {other} can contest the report until {deadline}; if they do not, it takes effect then. {effect}"
            )),
            Block::Para(
                "If they contest it, an administrator decides from both sides' words and we tell you both."
                    .to_owned(),
            ),
            Block::Action {
                label: "View the booking",
                link: link.to_owned(),
            },
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To both sides: the report was contested and waits for an administrator.
pub fn no_show_contested(b: &BookingNotice, to: &Recipient, side: Side, link: &str) -> Email {
    let title = one_line(&b.service_title, 80);
    Message {
        kind: "no_show_contested",
        to,
        subject: format!("The no-show report for {title} was contested"),
        preheader: "An administrator will decide.".to_owned(),
        blocks: vec![
            Block::Para(format!(
                "The no-show report for your session {title} with {} was contested. An administrator will read both statements and decide; nothing is paid or refunded for the session until then.",
                other_name(b, side)
            )),
            Block::Action {
                label: "View the booking",
                link: link.to_owned(),
            },
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To both sides: how the report was settled (`outcome` in words, what goes
/// back to the learner, the administrator's reason if any).
pub fn no_show_decided(
    b: &BookingNotice,
    to: &Recipient,
    outcome: &str,
    refund_paise: Paise,
    reason: Option<&str>,
    link: &str,
) -> Email {
    let title = one_line(&b.service_title, 80);
    let money = if !refund_paise.is_zero() {
        format!("{} goes back to the learner.", rupees(refund_paise))
    } else {
        "No money goes back for the session.".to_owned()
    };
    let mut blocks = vec![Block::Para(format!(
        "The no-show report for the session {title} is settled: {outcome} {money}"
    ))];
    if let Some(reason) = reason.filter(|r| !r.trim().is_empty()) {
        blocks.push(Block::Para(format!("The administrator's reason: {reason}")));
    }
    blocks.push(Block::Action {
        label: "View the booking",
        link: link.to_owned(),
    });
    Message {
        kind: "no_show_decided",
        to,
        subject: format!("The no-show report for {title} is settled"),
        preheader: money.clone(),
        blocks,
        attachments: Vec::new(),
    }
    .render()
}

/// To the learner after the session: how was it?
pub fn feedback_request(b: &BookingNotice, to: &Recipient, link: &str) -> Email {
    let mentor = other_name(b, Side::Learner);
    Message {
        kind: "booking_feedback",
        to,
        subject: format!("How was your session with {mentor}?"),
        preheader: "Rate it in a minute; it helps other learners choose.".to_owned(),
        blocks: vec![
            Block::Para(format!(
                "We hope your session {} with {mentor} went well. Would you rate it and say a few words? Your review appears on {mentor}'s page and helps other learners choose.",
                one_line(&b.service_title, 150)
            )),
            Block::Action {
                label: "Rate your session",
                link: link.to_owned(),
            },
            Block::Note("You can leave feedback for 30 days after the session.".to_owned()),
        ],
        attachments: Vec::new(),
    }
    .render()
}

/// To either side: the session starts soon (`lead` is "24 hours" or "1 hour").
pub fn reminder(b: &BookingNotice, to: &Recipient, side: Side, lead: &str, link: &str) -> Email {
    let other = other_name(b, side);
    let when = local_time(b.start, &to.time_zone);
    let mut blocks = vec![
        Block::Para(format!(
            "A reminder: your session with {other} starts in {lead}, at {when}."
        )),
        Block::Table(details(b, to, side)),
    ];
    if let Some(url) = &b.meeting_url {
        blocks.push(Block::Action {
            label: "Join the session",
            link: url.clone(),
        });
    }
    blocks.push(Block::Action {
        label: "View your booking",
        link: link.to_owned(),
    });
    Message {
        kind: "booking_reminder",
        to,
        subject: format!("Starts in {lead}: {} with {other}", b.service_title),
        preheader: format!("{when}."),
        blocks,
        attachments: Vec::new(),
    }
    .render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 25, h, m, 0)
            .single()
            .expect("time")
    }

    #[test]
    fn times_are_in_the_readers_zone_in_indian_english_with_the_zones_long_name() {
        assert_eq!(
            local_time(at(10, 0), "Asia/Kolkata"),
            "Wed, 25 Nov 2026, 3:30 pm India Standard Time"
        );
        assert_eq!(
            local_time(at(10, 0), "UTC"),
            "Wed, 25 Nov 2026, 10:00 am Coordinated Universal Time"
        );
        assert_eq!(
            local_time(at(10, 0), "Not/AZone"),
            "Wed, 25 Nov 2026, 10:00 am Coordinated Universal Time",
            "an unknown zone reads as UTC"
        );
        assert_eq!(
            local_range(at(10, 0), at(11, 0), "America/New_York"),
            "Wed, 25 Nov 2026, 5:00 am – 6:00 am Eastern Standard Time"
        );
        assert_eq!(
            local_range(at(18, 0), at(19, 0), "Asia/Kolkata"),
            "Wed, 25 Nov 2026, 11:30 pm – Thu, 26 Nov 2026, 12:30 am India Standard Time"
        );
    }

    #[test]
    fn rupees_are_grouped_the_indian_way() {
        assert_eq!(rupees(Paise::new(15_000_000)), "₹1,50,000");
        assert_eq!(rupees(Paise::new(149_950)), "₹1,499.50");
        assert_eq!(rupees(Paise::ZERO), "free");
    }
}

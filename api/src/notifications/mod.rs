//! What a booking's changes tell people: the e-mails of each event (both
//! sides as the event needs, each in the recipient's time zone), the
//! calendar file, the reminder jobs, and the meeting link.

pub mod calendar;

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::booking::Status;

use crate::mail::booking_templates::{self as t, Side};
use crate::mail::{Attachment, BRAND, Email};
use crate::state::AppState;
use crate::store::jobs::Job;
use crate::store::notices::{BookingNotice, Recipient};
use crate::store::{StoreError, Tx};

pub use calendar::{CalendarEntry, CalendarMethod, calendar_file};

/// The prefix of the reminder jobs' kinds (`booking_reminder:24h`,
/// `booking_reminder:1h`); their key is the booking id.
pub const REMINDER_KIND: &str = "booking_reminder";

/// What happened to a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingEvent {
    /// A learner asked for a session (pending, or payment_required for a
    /// paid instant booking).
    Requested,
    /// The mentor accepted a paid request: the learner pays by `pay_by`.
    Accepted,
    /// The session is confirmed (free, or paid): meeting link and calendar.
    Confirmed,
    /// The mentor declined the request.
    Declined,
    /// Someone cancelled the booking.
    Cancelled,
    /// The session moved; `previous_start` is where it was.
    Rescheduled { previous_start: DateTime<Utc> },
    /// The request or the payment did not arrive in time.
    Expired,
    /// A participant reported the other missing.
    NoShowReported,
    /// The session is over: the learner is asked for feedback.
    Completed,
}

/// The reminders before a session: the job kind and how long before the start.
pub const REMINDERS: [(&str, i64, &str); 2] = [
    ("booking_reminder:24h", 24, "24 hours"),
    ("booking_reminder:1h", 1, "1 hour"),
];

/// Enqueues the e-mails of `event` for booking `booking_id` (both sides as
/// the event needs, each in the recipient's time zone; a calendar file on
/// Confirmed and Rescheduled (REQUEST, SEQUENCE) and on a cancelled
/// confirmed session (CANCEL)) and plans or calls off the reminder jobs
/// (24 h and 1 h before the start; one whose time has passed is skipped),
/// in the caller's transaction `tx`, after the booking row has been changed
/// in it. Wake the mailer (`state.mailer.wake()`) after the commit; the
/// mail worker also finds the messages on its next poll.
///
/// A mentor without an account (a demo mentor) gets no mail.
pub async fn booking_event(
    state: &AppState,
    tx: &mut Tx,
    booking_id: &str,
    event: BookingEvent,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let Some(b) = tx.booking_notice(booking_id).await? else {
        return Err(StoreError::NotFound);
    };
    let id = b.id.clone();
    let page = state.link(&format!("/my-bookings/{id}"));
    let mut mails: Vec<Email> = Vec::new();
    // What the stored status says wins over the event's name where they
    // disagree (a free request accepted is confirmed at once).
    let event = match (event, b.status) {
        (BookingEvent::Requested | BookingEvent::Accepted, Status::Confirmed) => {
            BookingEvent::Confirmed
        }
        (e, _) => e,
    };
    match event {
        BookingEvent::Requested if b.status == Status::PaymentRequired => {
            let pay = state.link(&format!("/session-payment-required/{id}"));
            mails.push(t::payment_due(&b, &b.learner, &pay, false));
        }
        BookingEvent::Requested => {
            if let Some(mentor) = &b.mentor {
                let answer = state.link(&format!("/session-request/{id}"));
                mails.push(t::request_to_mentor(&b, mentor, &answer));
            }
            let pending = state.link(&format!("/session-request-pending/{id}"));
            mails.push(t::request_sent(&b, &b.learner, &pending));
        }
        BookingEvent::Accepted => {
            let pay = state.link(&format!("/session-payment-required/{id}"));
            mails.push(t::payment_due(&b, &b.learner, &pay, true));
        }
        BookingEvent::Confirmed => {
            for (to, side) in participants(&b) {
                let ics = invitation(state, &b, CalendarMethod::Request, now);
                mails.push(t::confirmed(&b, to, side, &page, ics));
            }
            plan_reminders(tx, &b, now).await?;
        }
        BookingEvent::Rescheduled { previous_start } => {
            for (to, side) in participants(&b) {
                let ics = invitation(state, &b, CalendarMethod::Request, now);
                mails.push(t::rescheduled(&b, to, side, previous_start, &page, ics));
            }
            plan_reminders(tx, &b, now).await?;
        }
        BookingEvent::Declined => {
            let again = state.link(&format!("/session-request-cancelled/{id}"));
            mails.push(t::declined(&b, &b.learner, &again));
            tx.cancel_jobs(REMINDER_KIND, &id).await?;
        }
        BookingEvent::Cancelled => {
            // A calendar entry exists only once the session was confirmed.
            let had_entry = b.confirmed_at.is_some() || b.meeting_url.is_some();
            for (to, side) in participants(&b) {
                let ics = had_entry.then(|| invitation(state, &b, CalendarMethod::Cancel, now));
                let link = if had_entry {
                    page.clone()
                } else {
                    state.link(&format!("/session-request-cancelled/{id}"))
                };
                mails.push(t::cancelled(&b, to, side, &link, ics));
            }
            tx.cancel_jobs(REMINDER_KIND, &id).await?;
        }
        BookingEvent::Expired => {
            let again = state.link(&format!("/session-request-cancelled/{id}"));
            mails.push(t::expired_to_learner(&b, &b.learner, &again));
            // The mentor missed a request (not a payment that did not come).
            if b.pay_by.is_none()
                && let Some(mentor) = &b.mentor
            {
                let dashboard = state.link("/dashboard/mentor");
                mails.push(t::expired_to_mentor(&b, mentor, &dashboard));
            }
            tx.cancel_jobs(REMINDER_KIND, &id).await?;
        }
        BookingEvent::NoShowReported => {
            // The side reported missing hears of it, with the time they
            // have to contest it (the report is made now).
            let contest_by = DateTime::from_timestamp_millis(
                domain_wasm::no_show::contest_closes_ms(now.timestamp_millis()),
            )
            .unwrap_or(now);
            match b.no_show_by.as_deref() {
                Some("mentor") => {
                    if let Some(mentor) = &b.mentor {
                        mails.push(t::no_show_reported(
                            &b,
                            mentor,
                            Side::Mentor,
                            &page,
                            contest_by,
                        ));
                    }
                }
                Some("learner") => {
                    mails.push(t::no_show_reported(
                        &b,
                        &b.learner,
                        Side::Learner,
                        &page,
                        contest_by,
                    ));
                }
                _ => {}
            }
            tx.cancel_jobs(REMINDER_KIND, &id).await?;
        }
        BookingEvent::Completed => {
            let feedback = state.link(&format!("/feedback?booking={id}"));
            mails.push(t::feedback_request(&b, &b.learner, &feedback));
        }
    }
    for mail in &mails {
        tx.enqueue_email(mail, now).await?;
    }
    Ok(())
}

/// Both sides with their account (the learner first).
fn participants(b: &BookingNotice) -> Vec<(&Recipient, Side)> {
    let mut all = vec![(&b.learner, Side::Learner)];
    if let Some(mentor) = &b.mentor {
        all.push((mentor, Side::Mentor));
    }
    all
}

/// Plans the reminders before `b`'s start (re-planning any planned for an
/// earlier start); one whose time has passed is called off instead.
async fn plan_reminders(
    tx: &mut Tx,
    b: &BookingNotice,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let payload = serde_json::json!({ "start": b.start.to_rfc3339() });
    for (kind, hours, _) in REMINDERS {
        let at = b.start - TimeDelta::hours(hours);
        if at > now {
            tx.enqueue_job(kind, &b.id, &payload, at, now).await?;
        } else {
            tx.cancel_jobs(kind, &b.id).await?;
        }
    }
    Ok(())
}

/// Runs a reminder job: e-mails both sides if the booking is still
/// confirmed, starts when the reminder was planned for and has not
/// started; otherwise does nothing (a reschedule re-planned it, or the
/// booking was called off).
pub async fn send_reminder(
    state: &AppState,
    job: &Job,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let Some(&(_, _, lead)) = REMINDERS.iter().find(|(kind, _, _)| *kind == job.kind) else {
        tracing::warn!(kind = %job.kind, "unknown reminder; nothing sent");
        return Ok(());
    };
    let mut tx = state.store.begin().await?;
    let Some(b) = tx.booking_notice(&job.key).await? else {
        return Ok(());
    };
    let planned = job
        .payload
        .get("start")
        .and_then(serde_json::Value::as_str)
        .and_then(|s| DateTime::parse_from_rfc3339(s).ok())
        .map(|t| t.with_timezone(&Utc));
    let still_on = b.status == Status::Confirmed
        && planned.is_some_and(|p| p.timestamp() == b.start.timestamp())
        && now < b.start;
    if !still_on {
        tracing::debug!(booking = %b.id, kind = %job.kind, "reminder no longer applies; nothing sent");
        return Ok(());
    }
    let page = state.link(&format!("/my-bookings/{}", b.id));
    for (to, side) in participants(&b) {
        tx.enqueue_email(&t::reminder(&b, to, side, lead, &page), now)
            .await?;
    }
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

/// The calendar file of `b` as an e-mail attachment (`invite.ics`, or
/// `cancel.ics` for a cancellation).
fn invitation(
    state: &AppState,
    b: &BookingNotice,
    method: CalendarMethod,
    now: DateTime<Utc>,
) -> Attachment {
    let filename = if method == CalendarMethod::Cancel {
        "cancel.ics"
    } else {
        "invite.ics"
    };
    Attachment {
        filename: filename.to_owned(),
        content_type: format!("text/calendar; charset=utf-8; method={}", method.as_str()),
        content: calendar_file(&entry(state, b, now), method),
    }
}

/// What the calendar file says about `b`.
fn entry(state: &AppState, b: &BookingNotice, now: DateTime<Utc>) -> CalendarEntry {
    let page = state.link(&format!("/my-bookings/{}", b.id));
    let mut description = format!(
        "{} ({} minutes) between {} (mentor) and {} (learner), booked on {BRAND}.",
        b.service_title, b.duration_minutes, b.mentor_name, b.learner.name
    );
    if let Some(url) = &b.meeting_url {
        description.push_str(&format!("\n\nJoin the video call: {url}"));
    }
    description.push_str(&format!("\nYour booking: {page}"));
    let organizer = match &b.mentor {
        Some(m) => (m.name.clone(), m.email.clone()),
        None => (BRAND.to_owned(), state.support_email.clone()),
    };
    CalendarEntry {
        booking_id: b.id.clone(),
        sequence: b.sequence,
        start: b.start,
        end: b.end,
        summary: format!("{} with {}", b.service_title, b.mentor_name),
        description,
        meeting_url: b.meeting_url.clone(),
        organizer: Some(organizer),
        attendees: participants(b)
            .into_iter()
            .map(|(r, _)| (r.name.clone(), r.email.clone()))
            .collect(),
        stamp: now,
    }
}

/// The calendar file of booking `booking_id` for its page's download
/// (`GET /api/bookings/{id}/calendar.ics`): METHOD:PUBLISH, or CANCEL once
/// cancelled, expired or declined. `None` when there is no such booking.
pub async fn calendar_for(
    state: &AppState,
    booking_id: &str,
    now: DateTime<Utc>,
) -> Result<Option<String>, StoreError> {
    let Some(b) = state.store.booking_notice(booking_id).await? else {
        return Ok(None);
    };
    let method = if matches!(b.status, Status::Cancelled | Status::Expired) {
        CalendarMethod::Cancel
    } else {
        CalendarMethod::Publish
    };
    Ok(Some(calendar_file(&entry(state, &b, now), method)))
}

/// A new meeting link: a Jitsi Meet room on `base_url` (e.g.
/// `https://meet.jit.si`) whose name carries 128 random bits, e.g.
/// `https://meet.jit.si/MentorBridge-<22 URL-safe base64 characters>`.
pub fn new_meeting_url(base_url: &str) -> String {
    use base64::Engine as _;
    let bytes: [u8; 16] = rand::random();
    let room = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    format!(
        "{}/MentorBridge-{room}",
        base_url.trim().trim_end_matches('/')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meeting_rooms_are_jitsi_rooms_with_128_random_bits() {
        let url = new_meeting_url("https://meet.jit.si/");
        let room = url
            .strip_prefix("https://meet.jit.si/MentorBridge-")
            .expect("a room on the base URL");
        assert_eq!(room.len(), 22, "16 bytes in unpadded base64: {url}");
        assert!(
            room.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
            "URL-safe: {url}"
        );
        use base64::Engine as _;
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(room)
            .expect("base64url");
        assert_eq!(bytes.len() * 8, 128, "at least 122 random bits");
        let many: std::collections::HashSet<String> = (0..1000)
            .map(|_| new_meeting_url("https://meet.example"))
            .collect();
        assert_eq!(many.len(), 1000, "no repeats");
        assert!(
            many.iter()
                .all(|u| u.starts_with("https://meet.example/MentorBridge-"))
        );
    }
}

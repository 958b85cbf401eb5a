//! What a booking's events tell people (issue 12): the e-mails of each
//! event to the right side, times in each reader's zone with the zone
//! named, the calendar file (REQUEST on confirmation, the same UID with a
//! higher SEQUENCE on a reschedule, CANCEL on a cancellation), and the
//! reminders 24 h and 1 h before the start, re-planned and called off with
//! the booking. Bookings are written straight into the database and
//! `notifications::booking_event` is called as the bookings use cases call
//! it; the development outbox shows what was queued.

use crate::{booking_fixtures, common, mentoring};
use std::time::Duration;

use api::clock::Clock;
use api::mail::OutboxMessage;
use api::mail::booking_templates::{local_range, local_time};
use api::notifications::BookingEvent;
use api::store::Store;
use api::store::jobs::JobStatus;
use booking_fixtures::{announce, booking, cast, move_booking, set_status, start};
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, TestDb};
use domain_wasm::money::Paise;
use serde_json::Value;

on_both_engines!(
    a_confirmation_goes_to_both_sides_in_their_zones_with_the_invitation,
    a_reschedule_updates_the_invitation_and_re_plans_the_reminders,
    a_cancellation_removes_the_entry_and_calls_off_the_reminders,
    a_request_asks_the_mentor_for_an_answer_by_the_deadline,
    expiry_no_show_and_completion_tell_the_right_side,
    reminders_go_out_at_their_time_and_only_while_the_session_stands,
    through_the_api_booking_confirming_and_cancelling_mail_both_sides,
);

const LEARNER: &str = "ravi@example.com";
const MENTOR: &str = "asha@example.com";

async fn mail(store: &Store, to: &str, kind: &str) -> Vec<OutboxMessage> {
    store
        .outbox(Some(to), 200)
        .await
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == kind)
        .collect()
}

async fn one_mail(store: &Store, to: &str, kind: &str) -> OutboxMessage {
    let mut all = mail(store, to, kind).await;
    assert_eq!(all.len(), 1, "one {kind} to {to}: {all:?}");
    all.remove(0)
}

/// Unfolded content lines of a calendar file (RFC 5545 §3.1).
fn ics_lines(ics: &str) -> Vec<String> {
    ics.replace("\r\n ", "")
        .split("\r\n")
        .map(str::to_owned)
        .collect()
}

fn ics_time(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

async fn reminder_jobs(store: &Store, id: &str) -> Vec<(String, JobStatus, i64)> {
    store
        .jobs_for(id)
        .await
        .expect("jobs")
        .into_iter()
        .filter(|j| j.kind.starts_with("booking_reminder"))
        .map(|j| (j.kind, j.status, j.run_at.timestamp()))
        .collect()
}

async fn a_confirmation_goes_to_both_sides_in_their_zones_with_the_invitation(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, _hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let now = clock.now();
    let cast = cast(&store, now).await;
    let at = now + TimeDelta::days(3);
    let id = booking(&store, &cast, "confirmed", at, now).await;
    announce(&server.state, &id, BookingEvent::Confirmed, now).await;
    let b = store
        .booking_notice(&id)
        .await
        .expect("read")
        .expect("booking");
    let meeting = b.meeting_url.clone().expect("a meeting link");
    for (to, zone, names, other) in [
        (
            LEARNER,
            "Asia/Kolkata",
            &["India Standard Time"][..],
            "Asha Rao",
        ),
        (
            MENTOR,
            "America/New_York",
            &["Eastern Standard Time", "Eastern Daylight Time"][..],
            "Ravi Kumar",
        ),
    ] {
        let m = one_mail(&store, to, "booking_confirmed").await;
        let when = local_range(b.start, b.end, zone);
        assert!(m.text.contains(&when), "{to}: {when} in {}", m.text);
        // The zone's en-IN long name, as the web app shows it (issue 21),
        // not an abbreviation with the IANA name.
        assert!(
            names
                .iter()
                .any(|n| when.ends_with(n) && m.html.contains(n)),
            "the zone is named in full: {when}"
        );
        assert!(!m.text.contains(&format!("({zone})")), "{}", m.text);
        assert!(
            when.contains(" am ") || when.contains(" pm "),
            "en-IN clock: {when}"
        );
        assert!(
            m.subject.contains(&local_time(b.start, zone)),
            "{}",
            m.subject
        );
        assert!(m.text.contains(other), "{}", m.text);
        assert!(m.text.contains(&meeting), "the meeting link");
        assert!(m.html.contains(&format!("href=\"{meeting}\"")));
        assert!(m.text.contains(&format!("/my-bookings/{id}")));
        // People read the short reference; the link keeps the whole id.
        let reference = format!("MB-{}", id[..8].to_uppercase());
        assert!(
            m.text.contains(&format!("Booking reference: {reference}")),
            "{}",
            m.text
        );
        assert!(m.html.contains(&reference));
        assert_eq!(m.attachments.len(), 1, "the invitation");
        let ics = &m.attachments[0];
        assert_eq!(ics.filename, "invite.ics");
        assert!(ics.content_type.starts_with("text/calendar"));
        assert!(ics.content_type.contains("method=REQUEST"));
        let lines = ics_lines(&ics.content);
        for want in [
            "METHOD:REQUEST".to_owned(),
            format!("UID:{id}@mentorbridge"),
            "SEQUENCE:0".to_owned(),
            format!("DTSTART:{}", ics_time(b.start)),
            format!("DTEND:{}", ics_time(b.end)),
            format!("URL:{meeting}"),
            format!("LOCATION:{meeting}"),
            "STATUS:CONFIRMED".to_owned(),
        ] {
            assert!(lines.contains(&want), "{want} in {}", ics.content);
        }
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("ORGANIZER") && l.ends_with(&format!("mailto:{MENTOR}")))
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("ATTENDEE") && l.ends_with(&format!("mailto:{LEARNER}")))
        );
        assert!(
            ics.content.contains(&meeting),
            "the description has the link"
        );
    }
    // The reminders are planned.
    let jobs = reminder_jobs(&store, &id).await;
    assert_eq!(
        jobs,
        vec![
            (
                "booking_reminder:24h".to_owned(),
                JobStatus::Pending,
                (b.start - TimeDelta::hours(24)).timestamp()
            ),
            (
                "booking_reminder:1h".to_owned(),
                JobStatus::Pending,
                (b.start - TimeDelta::hours(1)).timestamp()
            ),
        ]
    );
    // The JSON outbox the e2e tests read shows the attachment.
    let listed: Value = reqwest::get(format!(
        "{}/api/dev/outbox/?recipient={LEARNER}",
        server.base
    ))
    .await
    .expect("outbox")
    .json()
    .await
    .expect("json");
    let confirmed = listed
        .as_array()
        .expect("a list")
        .iter()
        .find(|m| m["kind"] == "booking_confirmed")
        .expect("listed");
    assert_eq!(confirmed["attachments"][0]["filename"], "invite.ics");
    assert!(
        confirmed["attachments"][0]["content"]
            .as_str()
            .is_some_and(|c| c.contains("BEGIN:VCALENDAR"))
    );
    let page = reqwest::get(format!("{}/dev/outbox", server.base))
        .await
        .expect("page")
        .text()
        .await
        .expect("text");
    assert!(page.contains("invite.ics"), "the page names the file");
    server.stop().await;
}

async fn a_reschedule_updates_the_invitation_and_re_plans_the_reminders(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, _hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let now = clock.now();
    let cast = cast(&store, now).await;
    let id = booking(&store, &cast, "confirmed", now + TimeDelta::days(3), now).await;
    announce(&server.state, &id, BookingEvent::Confirmed, now).await;
    let before = store
        .booking_notice(&id)
        .await
        .expect("read")
        .expect("booking");
    move_booking(&store, &id, now + TimeDelta::days(5)).await;
    announce(
        &server.state,
        &id,
        BookingEvent::Rescheduled {
            previous_start: before.start,
        },
        now,
    )
    .await;
    let after = store
        .booking_notice(&id)
        .await
        .expect("read")
        .expect("booking");
    assert_eq!(after.meeting_url, before.meeting_url, "the link stays");
    for (to, zone) in [(LEARNER, "Asia/Kolkata"), (MENTOR, "America/New_York")] {
        let m = one_mail(&store, to, "booking_rescheduled").await;
        assert!(
            m.text
                .contains(&format!("Was: {}", local_time(before.start, zone))),
            "{}",
            m.text
        );
        assert!(
            m.text.contains(&format!(
                "Now: {}",
                local_range(after.start, after.end, zone)
            )),
            "{}",
            m.text
        );
        let lines = ics_lines(&m.attachments[0].content);
        assert!(lines.contains(&format!("UID:{id}@mentorbridge")));
        assert!(
            lines.contains(&"SEQUENCE:1".to_owned()),
            "a higher SEQUENCE: {lines:?}"
        );
        assert!(lines.contains(&format!("DTSTART:{}", ics_time(after.start))));
        assert!(lines.contains(&"METHOD:REQUEST".to_owned()));
    }
    let jobs = reminder_jobs(&store, &id).await;
    assert_eq!(
        jobs,
        vec![
            (
                "booking_reminder:24h".to_owned(),
                JobStatus::Pending,
                (after.start - TimeDelta::hours(24)).timestamp()
            ),
            (
                "booking_reminder:1h".to_owned(),
                JobStatus::Pending,
                (after.start - TimeDelta::hours(1)).timestamp()
            ),
        ],
        "re-planned, not doubled"
    );
    server.stop().await;
}

async fn a_cancellation_removes_the_entry_and_calls_off_the_reminders(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, _hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let now = clock.now();
    let cast = cast(&store, now).await;
    let id = booking(&store, &cast, "confirmed", now + TimeDelta::days(3), now).await;
    announce(&server.state, &id, BookingEvent::Confirmed, now).await;
    set_status(
        &store,
        &id,
        "cancelled",
        Some("mentor"),
        Some("I am unwell <sorry>"),
        150_000,
    )
    .await;
    announce(&server.state, &id, BookingEvent::Cancelled, now).await;
    let learner = one_mail(&store, LEARNER, "booking_cancelled").await;
    assert!(
        learner.text.contains("Asha Rao cancelled"),
        "{}",
        learner.text
    );
    assert!(learner.text.contains("I am unwell <sorry>"));
    assert!(learner.html.contains("I am unwell &lt;sorry&gt;"));
    assert!(
        learner.text.contains("full refund of ₹1,500"),
        "{}",
        learner.text
    );
    let mentor = one_mail(&store, MENTOR, "booking_cancelled").await;
    assert!(mentor.text.contains("You cancelled"), "{}", mentor.text);
    assert!(mentor.text.contains("The learner is refunded ₹1,500."));
    for m in [&learner, &mentor] {
        let file = &m.attachments[0];
        assert_eq!(file.filename, "cancel.ics");
        assert!(file.content_type.contains("method=CANCEL"));
        let lines = ics_lines(&file.content);
        assert!(lines.contains(&"METHOD:CANCEL".to_owned()));
        assert!(lines.contains(&"STATUS:CANCELLED".to_owned()));
        assert!(lines.contains(&format!("UID:{id}@mentorbridge")));
        assert!(
            lines.contains(&"SEQUENCE:1".to_owned()),
            "supersedes the invitation"
        );
    }
    let jobs = reminder_jobs(&store, &id).await;
    assert!(
        jobs.iter().all(|(_, s, _)| *s == JobStatus::Cancelled),
        "{jobs:?}"
    );
    assert_eq!(jobs.len(), 2);

    // A request declined before it was confirmed: no calendar file.
    let pending = booking(&store, &cast, "pending", now + TimeDelta::days(4), now).await;
    set_status(
        &store,
        &pending,
        "cancelled",
        Some("mentor"),
        Some("Fully booked that week"),
        0,
    )
    .await;
    announce(&server.state, &pending, BookingEvent::Declined, now).await;
    let declined = one_mail(&store, LEARNER, "booking_declined").await;
    assert!(declined.subject.contains("Asha Rao declined"));
    assert!(declined.text.contains("Fully booked that week"));
    assert!(declined.attachments.is_empty());
    assert!(
        declined
            .text
            .contains(&format!("/session-request-cancelled/{pending}"))
    );
    assert!(mail(&store, MENTOR, "booking_declined").await.is_empty());
    server.stop().await;
}

async fn a_request_asks_the_mentor_for_an_answer_by_the_deadline(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, _hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let now = clock.now();
    let cast = cast(&store, now).await;
    let id = booking(&store, &cast, "pending", now + TimeDelta::days(3), now).await;
    announce(&server.state, &id, BookingEvent::Requested, now).await;
    let b = store
        .booking_notice(&id)
        .await
        .expect("read")
        .expect("booking");
    let deadline = b.respond_by.expect("a deadline");
    let to_mentor = one_mail(&store, MENTOR, "booking_request").await;
    assert!(
        to_mentor
            .text
            .contains(&local_time(deadline, "America/New_York")),
        "{}",
        to_mentor.text
    );
    assert!(to_mentor.text.contains(&format!("/session-request/{id}")));
    assert!(
        to_mentor
            .text
            .contains("About moving into product management."),
        "the note"
    );
    assert!(to_mentor.subject.contains("Ravi Kumar"));
    let to_learner = one_mail(&store, LEARNER, "booking_request_sent").await;
    assert!(
        to_learner
            .text
            .contains(&local_time(deadline, "Asia/Kolkata"))
    );
    assert!(
        to_learner
            .text
            .contains(&format!("/session-request-pending/{id}"))
    );
    assert!(
        !to_learner.text.contains("About moving"),
        "the learner's own note is not echoed"
    );
    assert!(
        reminder_jobs(&store, &id).await.is_empty(),
        "no reminders before confirmation"
    );

    // Accepted: the learner pays by the hold's end.
    let paid = booking(
        &store,
        &cast,
        "payment_required",
        now + TimeDelta::days(4),
        now,
    )
    .await;
    announce(&server.state, &paid, BookingEvent::Accepted, now).await;
    let pay = one_mail(&store, LEARNER, "booking_payment_due").await;
    let pay_by = store
        .booking_notice(&paid)
        .await
        .expect("read")
        .expect("booking")
        .pay_by
        .expect("a hold");
    assert!(pay.subject.contains("accepted"), "{}", pay.subject);
    assert!(pay.text.contains(&local_time(pay_by, "Asia/Kolkata")));
    assert!(pay.text.contains("₹1,500"));
    assert!(
        pay.text
            .contains(&format!("/session-payment-required/{paid}"))
    );
    server.stop().await;
}

async fn expiry_no_show_and_completion_tell_the_right_side(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, _hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let now = clock.now();
    let cast = cast(&store, now).await;

    // A request the mentor missed: both hear.
    let missed = booking(&store, &cast, "pending", now + TimeDelta::days(2), now).await;
    set_status(&store, &missed, "expired", None, None, 0).await;
    announce(&server.state, &missed, BookingEvent::Expired, now).await;
    let e = one_mail(&store, LEARNER, "booking_expired").await;
    assert!(e.text.contains("did not answer in time"), "{}", e.text);
    let m = one_mail(&store, MENTOR, "booking_expired_mentor").await;
    assert!(
        m.subject
            .contains("You missed a session request from Ravi Kumar")
    );

    // A hold whose payment never came: only the learner.
    let unpaid = booking(
        &store,
        &cast,
        "payment_required",
        now + TimeDelta::days(3),
        now,
    )
    .await;
    set_status(&store, &unpaid, "expired", None, None, 0).await;
    announce(&server.state, &unpaid, BookingEvent::Expired, now).await;
    let all = mail(&store, LEARNER, "booking_expired").await;
    assert_eq!(all.len(), 2);
    assert!(
        all[0].text.contains("payment did not arrive"),
        "{}",
        all[0].text
    );
    assert_eq!(
        mail(&store, MENTOR, "booking_expired_mentor").await.len(),
        1
    );

    // The learner reports the mentor missing: the mentor hears, with the choice.
    let session = booking(&store, &cast, "confirmed", now + TimeDelta::days(4), now).await;
    announce(&server.state, &session, BookingEvent::Confirmed, now).await;
    let noshow = |by: &'static str, choice: Option<&'static str>, refund: i64| {
        let (store, session) = (store.clone(), session.clone());
        async move {
            let pool_sql = "UPDATE bookings SET status = 'no_show', no_show_by = $1, no_show_choice = $2, refund_owed_paise = $3 WHERE id = $4";
            match &store {
                Store::Sqlite(p) => sqlx::query(pool_sql)
                    .bind(by)
                    .bind(choice)
                    .bind(refund)
                    .bind(&session)
                    .execute(p)
                    .await
                    .map(|_| ()),
                Store::Postgres(p) => sqlx::query(pool_sql)
                    .bind(by)
                    .bind(choice)
                    .bind(refund)
                    .bind(&session)
                    .execute(p)
                    .await
                    .map(|_| ()),
            }
            .expect("no-show recorded");
        }
    };
    noshow("mentor", Some("refund"), 150_000).await;
    announce(&server.state, &session, BookingEvent::NoShowReported, now).await;
    let told = one_mail(&store, MENTOR, "booking_no_show").await;
    assert!(
        told.subject.contains("Ravi Kumar reported that you missed"),
        "{}",
        told.subject
    );
    assert!(told.text.contains("full refund of ₹1,500"), "{}", told.text);
    assert!(mail(&store, LEARNER, "booking_no_show").await.is_empty());
    assert!(
        reminder_jobs(&store, &session)
            .await
            .iter()
            .all(|(_, s, _)| *s == JobStatus::Cancelled),
        "no reminders for a missed session"
    );

    // The mentor reports the learner missing: the learner hears, no refund.
    noshow("learner", None, 0).await;
    announce(&server.state, &session, BookingEvent::NoShowReported, now).await;
    let told = one_mail(&store, LEARNER, "booking_no_show").await;
    assert!(told.text.contains("No refund is due"), "{}", told.text);

    // Completed: the learner is asked for feedback.
    let done = booking(&store, &cast, "completed", now + TimeDelta::days(5), now).await;
    announce(&server.state, &done, BookingEvent::Completed, now).await;
    let ask = one_mail(&store, LEARNER, "booking_feedback").await;
    assert!(
        ask.text.contains(&format!("/feedback?booking={done}")),
        "{}",
        ask.text
    );
    assert!(mail(&store, MENTOR, "booking_feedback").await.is_empty());
    server.stop().await;
}

async fn reminders_go_out_at_their_time_and_only_while_the_session_stands(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let server = start(&db, &clock).await;
    let store = server.store().clone();
    let now = clock.now();
    let cast = cast(&store, now).await;

    // Too soon for either reminder: none is planned.
    let soon = booking(
        &store,
        &cast,
        "confirmed",
        now + TimeDelta::minutes(50),
        now,
    )
    .await;
    announce(&server.state, &soon, BookingEvent::Confirmed, now).await;
    assert!(
        reminder_jobs(&store, &soon).await.is_empty(),
        "both times have passed"
    );

    // Within a day: only the 1 h reminder.
    let today = booking(&store, &cast, "confirmed", now + TimeDelta::hours(5), now).await;
    announce(&server.state, &today, BookingEvent::Confirmed, now).await;
    let jobs = reminder_jobs(&store, &today).await;
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].0, "booking_reminder:1h");

    // A session in 30 hours gets its 24 h reminder 6 hours from now.
    let later = booking(&store, &cast, "confirmed", now + TimeDelta::hours(30), now).await;
    announce(&server.state, &later, BookingEvent::Confirmed, now).await;
    // Another one, cancelled behind the queue's back: its reminder sends nothing.
    let gone = booking(&store, &cast, "confirmed", now + TimeDelta::hours(31), now).await;
    announce(&server.state, &gone, BookingEvent::Confirmed, now).await;
    set_status(&store, &gone, "cancelled", Some("admin"), None, 0).await;
    // And one moved without its reminders being re-planned: the old one sends nothing.
    let moved = booking(&store, &cast, "confirmed", now + TimeDelta::hours(32), now).await;
    announce(&server.state, &moved, BookingEvent::Confirmed, now).await;
    move_booking(&store, &moved, now + TimeDelta::days(9)).await;

    // Today's 1 h reminder is due in 4 hours.
    hand.advance(Duration::from_secs(4 * 3600));
    let watched = store.clone();
    let first = today.clone();
    server
        .wait_for_jobs("today's 1 h reminder", || {
            let (store, id) = (watched.clone(), first.clone());
            async move {
                let j = store
                    .job("booking_reminder:1h", &id)
                    .await
                    .expect("read")
                    .expect("job");
                j.status == JobStatus::Done
            }
        })
        .await;
    assert_eq!(mail(&store, LEARNER, "booking_reminder").await.len(), 1);
    hand.advance(Duration::from_secs(4 * 3600 + 8 * 60));
    let watched = store.clone();
    let ids = [later.clone(), gone.clone(), moved.clone()];
    server
        .wait_for_jobs("the 24 h reminders", || {
            let (store, ids) = (watched.clone(), ids.clone());
            async move {
                for id in &ids {
                    let j = store
                        .job("booking_reminder:24h", id)
                        .await
                        .expect("read")
                        .expect("job");
                    if j.status != JobStatus::Done {
                        return false;
                    }
                }
                true
            }
        })
        .await;
    let to_learner = mail(&store, LEARNER, "booking_reminder").await;
    let to_mentor = mail(&store, MENTOR, "booking_reminder").await;
    // today's 1 h reminder (due at +4 h) and later's 24 h reminder (+6 h);
    // nothing for gone (+7 h) or moved (+8 h).
    assert_eq!(to_learner.len(), 2, "{to_learner:?}");
    assert_eq!(to_mentor.len(), 2);
    let in_a_day = to_learner
        .iter()
        .find(|m| m.text.contains(&format!("/my-bookings/{later}")))
        .expect("later's reminder");
    assert!(
        in_a_day.subject.starts_with("Starts in 24 hours"),
        "{}",
        in_a_day.subject
    );
    assert!(
        to_learner
            .iter()
            .any(|m| m.subject.starts_with("Starts in 1 hour")
                && m.text.contains(&format!("/my-bookings/{today}")))
    );
    assert!(
        !to_learner
            .iter()
            .any(|m| m.text.contains(&gone) || m.text.contains(&moved))
    );
    server.stop().await;
}

/// The same through the bookings API: an instant free booking is confirmed
/// at once (both get the invitation with the booking's own meeting link and
/// the reminders are planned); the learner's cancellation sends the
/// calendar CANCEL and calls the reminders off; a paid request asks the
/// mentor, and the acceptance asks the learner to pay.
async fn through_the_api_booking_confirming_and_cancelling_mail_both_sides(engine: Engine) {
    use api::store::Role;
    use api::store::model::{NewMentor, NewService};
    use domain_wasm::slots::{Availability, WeeklyRange};
    use mentoring::{call, exec, sign_in};

    let (clock, _hand) = Clock::manual();
    let Some(app) = common::spawn_app_with(
        engine,
        common::Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock.clone()),
            ..common::Options::default()
        },
    )
    .await
    else {
        return;
    };
    let service = |title: &str, price_paise: i64| NewService {
        title: title.into(),
        description: String::new(),
        duration_minutes: 45,
        price_paise: Paise::try_from(price_paise).expect("a price"),
        instant_confirmation: false,
    };
    let ids = app
        .store
        .insert_mentors(
            &[NewMentor {
                user_id: None,
                name: "Meera Nair".into(),
                headline: "Product lead".into(),
                expertise: vec!["Product".into()],
                rating: 0.0,
                experience_years: 9,
                bio: "Helps product managers grow.".into(),
                image_url: None,
                contact: vec![],
                social_links: vec![],
                education: vec![],
                experience: vec![],
                projects: vec![],
                services: vec![service("Intro call", 0), service("Career plan", 75_000)],
                availability: Some(Availability {
                    time_zone: "Asia/Kolkata".into(),
                    weekly: (0..7)
                        .map(|weekday| WeeklyRange {
                            weekday,
                            start: "09:00".into(),
                            end: "17:00".into(),
                        })
                        .collect(),
                    overrides: Vec::new(),
                    buffer_before_minutes: 0,
                    buffer_after_minutes: 0,
                    minimum_notice_minutes: 120,
                    booking_window_days: 21,
                    max_sessions_per_day: None,
                    slot_interval_minutes: Some(60),
                }),
            }],
            Utc::now(),
        )
        .await
        .expect("insert");
    let mentor_id = ids[0];
    // From the store: the profile is listed once its account runs it.
    let services: Vec<i64> = app
        .store
        .get_mentor(mentor_id)
        .await
        .expect("the mentor")
        .services
        .iter()
        .map(|s| s.id)
        .collect();
    let (free, paid) = (services[0], services[1]);
    exec(
        &app.store,
        "UPDATE mentor_services SET instant_confirmation = TRUE WHERE id = $1",
        free,
    )
    .await;
    let mut accounts = Vec::new();
    for (name, email, role) in [
        ("Meera Nair", "meera@example.com", Role::Mentor),
        ("Lata Learner", "lata@example.com", Role::User),
    ] {
        let (status, body) = app.register(name, email, mentoring::PASSWORD).await;
        assert_eq!(status, 201, "{body}");
        let id = body["id"].as_i64().expect("an id");
        let mut tx = app.store.begin().await.expect("begin");
        tx.activate_user(id, Utc::now()).await.expect("activate");
        tx.set_role(id, role, Utc::now()).await.expect("role");
        tx.commit().await.expect("commit");
        accounts.push(id);
    }
    let mut tx = app.store.begin().await.expect("begin");
    tx.link_mentor(mentor_id, accounts[0]).await.expect("link");
    tx.commit().await.expect("commit");
    let mentor = sign_in(&app, "meera@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lata@example.com", mentoring::PASSWORD).await;
    let slot = |service: i64, n: usize| {
        let app = &app;
        async move {
            let (status, body) = call(
                app,
                "GET",
                &format!("/api/mentors/{mentor_id}/slots/?service={service}"),
                None,
                None,
            )
            .await;
            assert_eq!(status, 200, "{body}");
            body.as_array().expect("slots")[n]["start"]
                .as_str()
                .expect("a start")
                .to_owned()
        }
    };

    // Booked a few days ahead: instant and free, so confirmed at once.
    let start = slot(free, 40).await;
    let (status, booked) = call(
        &app,
        "POST",
        "/api/bookings/",
        Some(&learner.token),
        Some(serde_json::json!({"service_id": free, "start": start})),
    )
    .await;
    assert_eq!(status, 201, "{booked}");
    assert_eq!(booked["status"], "confirmed");
    let id = booked["id"].as_str().expect("an id").to_owned();
    let meeting = booked["meeting_url"]
        .as_str()
        .expect("a meeting link")
        .to_owned();
    assert!(
        meeting.starts_with("https://meet.jit.si/MentorBridge-"),
        "{meeting}"
    );
    for to in ["lata@example.com", "meera@example.com"] {
        let m = one_mail(&app.store, to, "booking_confirmed").await;
        assert!(m.text.contains(&meeting), "{to}");
        let lines = ics_lines(&m.attachments[0].content);
        assert!(lines.contains(&format!("UID:{id}@mentorbridge")));
        assert!(lines.contains(&format!("URL:{meeting}")));
        assert!(lines.contains(&"METHOD:REQUEST".to_owned()));
    }
    let planned = reminder_jobs(&app.store, &id).await;
    assert_eq!(planned.len(), 2, "{planned:?}");
    assert!(planned.iter().all(|(_, s, _)| *s == JobStatus::Pending));

    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/bookings/{id}/cancel/"),
        Some(&learner.token),
        Some(serde_json::json!({"reason": "Something came up"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    for to in ["lata@example.com", "meera@example.com"] {
        let m = one_mail(&app.store, to, "booking_cancelled").await;
        assert!(m.text.contains("Something came up"), "{}", m.text);
        let lines = ics_lines(&m.attachments[0].content);
        assert!(lines.contains(&"METHOD:CANCEL".to_owned()));
        assert!(lines.contains(&format!("UID:{id}@mentorbridge")));
    }
    let called_off = reminder_jobs(&app.store, &id).await;
    assert!(
        called_off
            .iter()
            .all(|(_, s, _)| *s == JobStatus::Cancelled),
        "{called_off:?}"
    );

    // A paid request: the mentor is asked, then the learner is asked to pay.
    let start = slot(paid, 3).await;
    let (status, requested) = call(
        &app,
        "POST",
        "/api/bookings/",
        Some(&learner.token),
        Some(serde_json::json!({"service_id": paid, "start": start, "note": "Switching to PM"})),
    )
    .await;
    assert_eq!(status, 201, "{requested}");
    assert_eq!(requested["status"], "pending");
    let request = requested["id"].as_str().expect("an id").to_owned();
    let ask = one_mail(&app.store, "meera@example.com", "booking_request").await;
    assert!(ask.text.contains(&format!("/session-request/{request}")));
    assert!(ask.text.contains("Switching to PM"));
    one_mail(&app.store, "lata@example.com", "booking_request_sent").await;
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/bookings/{request}/accept/"),
        Some(&mentor.token),
        Some(serde_json::json!({})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "payment_required");
    let pay = one_mail(&app.store, "lata@example.com", "booking_payment_due").await;
    assert!(
        pay.text
            .contains(&format!("/session-payment-required/{request}"))
    );
    assert!(pay.text.contains("₹750"), "{}", pay.text);
}

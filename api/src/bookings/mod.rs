//! Booking a session (issue 12): the use cases behind `/api/bookings/`.
//!
//! The transition table is the domain crate's ([`domain_wasm::booking`]);
//! this module checks what only the server knows (the service, the slot
//! grid, who is asking), writes each change in one unit of work with its
//! e-mails and jobs ([`crate::notifications::booking_event`],
//! [`BOOKING_DUE`]), and keeps the mentor's time held by at
//! most one active booking (see [`crate::store::bookings`]).

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::booking::{self as rules, Facts, Missed, NoShowChoice, Party, Request, Status};
use domain_wasm::holds;
use domain_wasm::money::Paise;
use domain_wasm::slots::{Availability, Interval, Schedule, SlotQuery};

use crate::auth::Caller;
use crate::auth::limits::{Limited, Rule};
use crate::fields::{FieldErrors, Fields};
use crate::notifications::{self, BookingEvent};
use crate::refunds::{self, RefundError};
use crate::state::AppState;
use crate::store::bookings::{BookingUpdate, NewBookingRow, Side};
use crate::store::notifications::Notice;
use crate::store::refunds::RefundRow;
use crate::store::{Constraint, StoreError, Tx};

/// The kind of the job that expires or completes a booking at its deadline
/// (run by the job worker, `jobs`).
pub const BOOKING_DUE: &str = "booking_due";

pub mod attention;
pub mod no_show;

/// One booking as stored, with its mentor's name, photo and rules, the
/// learner's name, the feedback and what was paid.
pub use crate::store::bookings::BookingRow as BookingRecord;

/// A learner's request for a session, as the crate's parser reads it
/// (the note cleaned and within its limit).
pub use domain_wasm::forms::bookings::{Feedback, NewBooking};

/// The answer to a start on the grid that another booking took first.
pub const TAKEN: &str = crate::error::SLOT_TAKEN;
/// The answer to a transition that lost a race with another one.
pub const CHANGED: &str = "This booking changed a moment ago. Reload it to see where it stands.";

/// Why a booking use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    /// Field errors (400 `{"field": ["message"]}`).
    #[error("invalid: {0:?}")]
    Invalid(FieldErrors),
    /// The start is on the grid but another booking holds it (409).
    #[error("the time is taken")]
    Taken,
    /// The transition table (or a race) refuses it (409 `{"detail"}`).
    #[error("{0}")]
    Refused(String),
    /// No such booking, or not the caller's (404, nothing revealed).
    #[error("not found")]
    NotFound,
    /// Too many new bookings from one account (429 with `Retry-After`).
    #[error("too many bookings")]
    Limited(Limited),
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for BookingError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => BookingError::NotFound,
            e if e.violated() == Some(Constraint::BookingOverlap) => BookingError::Taken,
            // Two changes waited for each other and the database gave this
            // one up: the other went ahead.
            e if e.lost_a_race() => BookingError::Refused(CHANGED.to_owned()),
            e => BookingError::Store(e),
        }
    }
}

/// The answer to one booking too many in an hour: "You have made 20
/// bookings this hour, the most one account may. Please try again in 12
/// minutes."
pub fn too_many_bookings(per_hour: u32, l: Limited) -> String {
    let wait = l.message();
    let wait = wait.strip_prefix("Too many attempts. ").unwrap_or(&wait);
    format!("You have made {per_hour} bookings this hour, the most one account may. {wait}")
}

fn invalid(field: &str, message: impl Into<String>) -> BookingError {
    BookingError::Invalid(Fields::one(field, message).0)
}

/// Milliseconds since the epoch, as the rules take time.
fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn instant(ms: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp_millis(ms)
}

/// A new booking id: a UUIDv4 (122 random bits).
pub fn new_id() -> String {
    crate::store::new_uuid()
}

/// What the rules need to know about a booking.
pub fn facts(b: &BookingRecord) -> Facts {
    Facts {
        status: b.status,
        start_ms: ms(b.start_at),
        end_ms: ms(b.end_at),
        respond_by_ms: b.respond_by.map(ms),
        pay_by_ms: b.pay_by.map(ms),
        price_paise: b.price_paise.to_i64(),
        paid_paise: b.paid_paise.to_i64(),
        has_feedback: b.feedback_rating.is_some(),
        reschedule_count: u32::try_from(b.reschedule_count).unwrap_or(u32::MAX),
        no_show_by: b.no_show_by.as_deref().and_then(Missed::parse),
        no_show_choice: b.no_show_choice.as_deref().and_then(NoShowChoice::parse),
        // Only an accept starts a pay window; `perform` sets both then.
        pay_window_minutes: rules::DEFAULT_PAY_WINDOW_MINUTES,
        minimum_notice_minutes: 0,
    }
}

/// The status as of `now` (a lapsed hold is expired, a past session
/// completed, before any job marks them so).
pub fn status_now(b: &BookingRecord, now: DateTime<Utc>) -> Status {
    rules::current(&facts(b), ms(now))
}

/// The caller's relation to a booking: the learner, the mentor (the
/// account that runs the profile), an administrator; `None` for anyone
/// else, who is told nothing.
pub fn party_of(caller: &Caller, b: &BookingRecord) -> Option<Party> {
    b.party_of(&caller.user)
}

/// The mentor's IANA time zone, from their availability (the
/// marketplace's when they set none).
pub fn mentor_time_zone(b: &BookingRecord) -> String {
    b.mentor_rules
        .as_deref()
        .and_then(|r| serde_json::from_str::<Availability>(r).ok())
        .map(|a| a.time_zone)
        .unwrap_or_else(|| crate::mentoring::availability::DEFAULT_TIME_ZONE.to_owned())
}

/// One booking, for a participant or an administrator.
pub async fn get(
    state: &AppState,
    caller: &Caller,
    id: &str,
) -> Result<(BookingRecord, Party), BookingError> {
    let b = state.store.booking(id).await?;
    let party = party_of(caller, &b).ok_or(BookingError::NotFound)?;
    Ok((b, party))
}

/// Which bookings a list shows, by their status as of now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Pending, awaiting payment or confirmed: soonest first.
    Upcoming,
    /// Completed or no-show: latest first.
    Past,
    /// Cancelled or expired: latest first.
    Cancelled,
}

/// The bookings of one side (the caller's own), as `when` selects them.
pub async fn list(
    state: &AppState,
    side: Side,
    when: When,
    now: DateTime<Utc>,
) -> Result<Vec<BookingRecord>, BookingError> {
    let mut rows: Vec<BookingRecord> = state
        .store
        .bookings_of(side)
        .await?
        .into_iter()
        .filter(|b| {
            let status = status_now(b, now);
            match when {
                When::Upcoming => status.is_active(),
                When::Past => matches!(status, Status::Completed | Status::NoShow),
                When::Cancelled => matches!(status, Status::Cancelled | Status::Expired),
            }
        })
        .collect();
    if when != When::Upcoming {
        rows.reverse();
    }
    Ok(rows)
}

/// Why a start is not one of the service's slots, under `start`.
fn off_grid(availability: &Availability, start: DateTime<Utc>, now: DateTime<Utc>) -> BookingError {
    let notice = i64::from(availability.minimum_notice_minutes);
    let window = i64::from(availability.booking_window_days);
    let message = if start <= now {
        "This time has already passed. Choose one of the open times on the mentor's page."
            .to_owned()
    } else if start < now + TimeDelta::minutes(notice) {
        format!(
            "This mentor needs at least {} notice. Choose a later time.",
            spoken_minutes(notice)
        )
    } else if start >= now + TimeDelta::days(window) {
        format!(
            "Bookings with this mentor open at most {window} days ahead. Choose an earlier time."
        )
    } else {
        "This is not one of this session's start times. Choose one of the open times on the mentor's page."
            .to_owned()
    };
    invalid("start", message)
}

/// "90 minutes", "2 hours", "1 day".
fn spoken_minutes(minutes: i64) -> String {
    let plural = |n: i64, unit: &str| format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    if minutes % (24 * 60) == 0 && minutes > 0 {
        plural(minutes / (24 * 60), "day")
    } else if minutes % 60 == 0 && minutes > 0 {
        plural(minutes / 60, "hour")
    } else {
        plural(minutes, "minute")
    }
}

/// Checks that `start` is a slot of a `duration`-minute session with this
/// mentor: 400 under `start` when it is not one at all, [`BookingError::Taken`]
/// when it is one but `busy` holds it.
fn check_slot(
    availability: &Availability,
    duration_minutes: i64,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
    busy: Vec<Interval>,
) -> Result<DateTime<Utc>, BookingError> {
    let schedule = Schedule::new(availability).map_err(|_| {
        invalid(
            "start",
            "This mentor has no open times to book right now. Try again later.",
        )
    })?;
    let duration = u32::try_from(duration_minutes).map_err(|_| {
        invalid(
            "service_id",
            "This session cannot be booked. Choose another one.",
        )
    })?;
    let query = |busy: Vec<Interval>| SlotQuery {
        duration_minutes: duration,
        now,
        from: start,
        to: start + TimeDelta::milliseconds(1),
        busy,
    };
    let on_grid = schedule
        .slots(&query(Vec::new()))
        .unwrap_or_default()
        .into_iter()
        .find(|s| s.start == start);
    let Some(slot) = on_grid else {
        return Err(off_grid(availability, start, now));
    };
    let free = schedule
        .slots(&query(busy))
        .unwrap_or_default()
        .iter()
        .any(|s| s.start == start);
    if free {
        Ok(slot.end)
    } else {
        Err(BookingError::Taken)
    }
}

/// The mentor's active sessions around `start` (buffers and the day's cap
/// reach that far), but `except`, inside the unit of work.
async fn busy_around(
    tx: &mut Tx,
    mentor_id: i64,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
    except: Option<&str>,
) -> Result<Vec<Interval>, StoreError> {
    let margin = TimeDelta::days(2);
    tx.active_sessions(mentor_id, start - margin, start + margin, now, except)
        .await
}

/// Plans (or calls off) the job that expires or completes the booking at
/// its next deadline.
async fn plan_due(
    tx: &mut Tx,
    id: &str,
    status: Status,
    respond_by: Option<DateTime<Utc>>,
    pay_by: Option<DateTime<Utc>>,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let at = match status {
        Status::Pending => respond_by,
        Status::PaymentRequired => pay_by,
        Status::Confirmed => Some(end),
        _ => None,
    };
    match at {
        Some(at) => {
            let payload = serde_json::json!({ "booking_id": id });
            tx.enqueue_job(BOOKING_DUE, id, &payload, at, now).await
        }
        None => tx.cancel_jobs(BOOKING_DUE, id).await.map(|_| ()),
    }
}

/// Tells people about holds that lapsed (expired by a write that needed
/// their time).
async fn expired_holds(
    state: &AppState,
    tx: &mut Tx,
    mentor_id: i64,
    keep: Option<&str>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let ids = tx.expire_overdue_holds(mentor_id, keep, now).await?;
    for id in &ids {
        notifications::booking_event(state, tx, id, BookingEvent::Expired, now).await?;
        tx.cancel_jobs(BOOKING_DUE, id).await?;
    }
    Ok(!ids.is_empty())
}

/// After a commit: the catalogue's slots, the mailer and the job worker
/// see the change at once.
fn written(state: &AppState) {
    state.store.catalogue_written();
    state.mailer.wake();
    state.jobs.wake();
}

/// Books a session for `learner_id`: the service must be offered and not
/// the caller's own, the start one of its open slots. In one unit of work:
/// the mentor's lapsed holds expire, the time is checked free again, the
/// booking is written with its e-mails and its deadline's job. Where it
/// starts (confirmed, pending, payment required) is the rules' `start`.
pub async fn create(
    state: &AppState,
    learner_id: i64,
    req: NewBooking,
    now: DateTime<Utc>,
) -> Result<BookingRecord, BookingError> {
    let mut f = Fields::default();
    let note = req.note;
    let service = match state.store.bookable_service(req.service_id).await {
        Ok(s) => Some(s),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    // New bookings only of a listed mentor (`domain_wasm::listed`, the
    // catalogue's one definition): someone runs the profile and can answer.
    let listed = match &service {
        Some(s) => state.store.get_mentor(s.mentor_id).await?.is_listed(now),
        None => false,
    };
    let service = match service {
        Some(s) if s.mentor_user_id == Some(learner_id) => {
            f.add(
                "service_id",
                "This is your own session: you cannot book it yourself.",
            );
            None
        }
        Some(_) if !listed => {
            f.add(
                "service_id",
                "This mentor is not taking bookings at the moment. Choose another mentor.",
            );
            None
        }
        Some(s) if s.active && !s.retired => Some(s),
        Some(_) => {
            f.add(
                "service_id",
                "This session is not offered at the moment. Choose another one on the mentor's page.",
            );
            None
        }
        None => {
            f.add(
                "service_id",
                "There is no such session. Choose one on the mentor's page.",
            );
            None
        }
    };
    let (Some(service), true) = (service, f.is_empty()) else {
        return Err(BookingError::Invalid(f.0));
    };
    let Some(availability) = state.store.availability(service.mentor_id).await? else {
        return Err(invalid(
            "start",
            "This mentor has no open times to book yet. Try again later.",
        ));
    };
    let commission_bps = state.store.commission_rate_of(service.mentor_id).await?;
    let start = req.start;
    let per_hour = Rule {
        name: "bookings",
        max: i64::from(state.bookings_per_hour),
        window_secs: 3600,
    };
    if let Err(limited) = state
        .limiter
        .hit(per_hour, &learner_id.to_string(), now)
        .await?
    {
        return Err(BookingError::Limited(limited));
    }

    let mut tx = state.store.begin().await?;
    tx.lock_mentor_time(service.mentor_id).await?;
    tx.lock_learner_requests(learner_id).await?;
    expired_holds(state, &mut tx, service.mentor_id, None, now).await?;
    let busy = busy_around(&mut tx, service.mentor_id, start, now, None).await?;
    let end = check_slot(&availability, service.duration_minutes, start, now, busy)?;
    let held_from = start - TimeDelta::minutes(i64::from(availability.buffer_before_minutes));
    let held_until = end + TimeDelta::minutes(i64::from(availability.buffer_after_minutes));
    if tx
        .held_overlaps(service.mentor_id, held_from, held_until, None)
        .await?
    {
        return Err(BookingError::Taken);
    }
    let opening = rules::start(
        service.price_paise.to_i64(),
        service.instant_confirmation,
        ms(now),
        ms(start),
        availability.minimum_notice_minutes,
        state.pay_window_minutes,
    );
    let held = tx.learner_holds(learner_id, service.mentor_id, now).await?;
    let asked = holds::Asked {
        open: opening.status != Status::Confirmed,
        free: service.price_paise.is_zero(),
    };
    holds::may_hold(state.hold_limits, held, asked)
        .map_err(|r| BookingError::Refused(r.message))?;
    let id = new_id();
    let confirmed = opening.status == Status::Confirmed;
    let row = NewBookingRow {
        id: id.clone(),
        learner_id,
        mentor_id: service.mentor_id,
        service_id: service.id,
        service_title: service.title.clone(),
        duration_minutes: service.duration_minutes,
        price_paise: service.price_paise,
        commission_bps,
        status: opening.status,
        start_at: start,
        end_at: end,
        held_from,
        held_until,
        note,
        respond_by: opening.respond_by_ms.and_then(instant),
        pay_by: opening.pay_by_ms.and_then(instant),
        meeting_url: confirmed.then(|| notifications::new_meeting_url(&state.meeting_base_url)),
    };
    tx.insert_booking(&row, now).await?;
    crate::webhooks::booking_written(&mut tx, &id, None, now).await?;
    let event = if confirmed {
        BookingEvent::Confirmed
    } else {
        BookingEvent::Requested
    };
    notifications::booking_event(state, &mut tx, &id, event, now).await?;
    plan_due(
        &mut tx,
        &id,
        opening.status,
        row.respond_by,
        row.pay_by,
        end,
        now,
    )
    .await?;
    tx.commit().await?;
    written(state);
    Ok(state.store.booking(&id).await?)
}

/// What some transitions carry besides the request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Extra {
    reason: Option<String>,
    /// The rating (1 to 5) and text of feedback.
    feedback: Option<(i64, String)>,
}

/// `caller` does `req` to booking `id` (accept, decline, cancel,
/// reschedule, no-show; feedback through [`feedback`]): the transition
/// table decides (a refusal is [`BookingError::Refused`] with its words),
/// a reschedule must land on a free slot of the service. `reason` (parsed:
/// `forms::bookings::parse_reason`) goes with a cancellation or a decline. Someone who is not a participant or an
/// administrator gets [`BookingError::NotFound`].
pub async fn act(
    state: &AppState,
    caller: &Caller,
    id: &str,
    req: Request,
    reason: Option<String>,
    now: DateTime<Utc>,
) -> Result<BookingRecord, BookingError> {
    perform(
        state,
        caller,
        id,
        req,
        Extra {
            reason,
            feedback: None,
        },
        now,
    )
    .await
}

/// The learner's feedback on a completed session (a rating from 1 to 5
/// and a text, as `forms::bookings::parse_feedback` reads them); once. The mentor's
/// rating (the average of their reviews) and review count move with it.
pub async fn feedback(
    state: &AppState,
    caller: &Caller,
    id: &str,
    feedback: Feedback,
    now: DateTime<Utc>,
) -> Result<BookingRecord, BookingError> {
    let extra = Extra {
        reason: None,
        feedback: Some((feedback.rating, feedback.text)),
    };
    perform(state, caller, id, Request::Feedback, extra, now).await
}

/// The event a transition tells people about.
fn event_of(req: &Request, before: &BookingRecord, to: Status) -> Option<BookingEvent> {
    Some(match req {
        Request::Accept if to == Status::Confirmed => BookingEvent::Confirmed,
        Request::Accept => BookingEvent::Accepted,
        Request::Decline => BookingEvent::Declined,
        Request::Pay => BookingEvent::Confirmed,
        Request::Cancel => BookingEvent::Cancelled,
        Request::Reschedule { .. } => BookingEvent::Rescheduled {
            previous_start: before.start_at,
        },
        Request::NoShow { .. } => BookingEvent::NoShowReported,
        Request::Feedback => return None,
        Request::Complete => BookingEvent::Completed,
        Request::Expire => BookingEvent::Expired,
    })
}

/// The booking's columns after `change`.
fn updated(
    state: &AppState,
    b: &BookingRecord,
    change: &rules::Change,
    reason: Option<String>,
    now: DateTime<Utc>,
) -> BookingUpdate {
    let mut u = BookingUpdate::of(b);
    u.status = change.status;
    u.respond_by = change.respond_by_ms.and_then(instant);
    u.pay_by = change.pay_by_ms.and_then(instant);
    u.refund_owed_paise = Paise::saturating_from(change.refund_owed_paise).max(b.refund_owed_paise);
    if let Some(by) = change.cancelled_by {
        u.cancelled_by = Some(by.as_str());
        u.cancel_reason = reason;
        u.cancelled_at = Some(now);
    }
    u.no_show_by = change.no_show_by.map(Missed::as_str);
    u.no_show_choice = change.no_show_choice.map(NoShowChoice::as_str);
    match change.status {
        Status::Confirmed => {
            if u.meeting_url.is_none() {
                u.meeting_url = Some(notifications::new_meeting_url(&state.meeting_base_url));
            }
            u.confirmed_at = u.confirmed_at.or(Some(now));
        }
        Status::Completed => u.completed_at = u.completed_at.or(Some(now)),
        _ => {}
    }
    u
}

async fn perform(
    state: &AppState,
    caller: &Caller,
    id: &str,
    req: Request,
    extra: Extra,
    now: DateTime<Utc>,
) -> Result<BookingRecord, BookingError> {
    let mut tx = state.store.begin().await?;
    let b = tx.booking(id).await?;
    let party = party_of(caller, &b).ok_or(BookingError::NotFound)?;
    if party == Party::Learner && req == (Request::NoShow { choice: None }) {
        return Err(invalid(
            "choice",
            "Choose what you would like instead: refund (a full refund) or reschedule (a new time).",
        ));
    }
    let mut f = facts(&b);
    if req == Request::Accept {
        // The pay window that starts now: the setting, never past the
        // start minus the mentor's minimum notice.
        f.pay_window_minutes = state.pay_window_minutes;
        f.minimum_notice_minutes = tx
            .availability(b.mentor_id)
            .await?
            .map_or(0, |a| a.minimum_notice_minutes);
    }
    let change = rules::transition(&f, party, &req, ms(now))
        .map_err(|r| BookingError::Refused(r.message))?;
    let statement = extra.reason.clone();
    let mut u = updated(state, &b, &change, extra.reason, now);
    if let Request::NoShow { .. } = req {
        // Money waits for the contest window (issue 20, see `no_show`).
        u.refund_owed_paise = b.refund_owed_paise;
    }
    if let Request::Reschedule { start_ms, .. } = req {
        let start = instant(start_ms).ok_or_else(|| {
            invalid(
                "start",
                "Choose one of the open times on the mentor's page.",
            )
        })?;
        let Some(availability) = tx.availability(b.mentor_id).await? else {
            return Err(invalid(
                "start",
                "This mentor has no open times to book right now.",
            ));
        };
        expired_holds(state, &mut tx, b.mentor_id, Some(id), now).await?;
        let busy = busy_around(&mut tx, b.mentor_id, start, now, Some(id)).await?;
        let end = check_slot(&availability, b.duration_minutes, start, now, busy)?;
        let held_from = start - TimeDelta::minutes(i64::from(availability.buffer_before_minutes));
        let held_until = end + TimeDelta::minutes(i64::from(availability.buffer_after_minutes));
        if tx
            .held_overlaps(b.mentor_id, held_from, held_until, Some(id))
            .await?
        {
            return Err(BookingError::Taken);
        }
        u.start_at = start;
        u.end_at = end;
        u.held_from = held_from;
        u.held_until = held_until;
        u.sequence += 1;
        // A reschedule after the mentor missed the session is the
        // learner's remedy, not one of the three by notice.
        if b.status != Status::NoShow {
            u.reschedule_count += 1;
        }
    }
    if let Some((rating, text)) = &extra.feedback {
        tx.add_feedback(&b, *rating, text, now).await?;
        // Feedback sends no e-mail; the mentor hears of it in the app.
        if let Some(mentor) = b.mentor_user_id {
            let notice = Notice {
                kind: "review_received",
                title: format!(
                    "{} left {rating}-star feedback on {}",
                    b.learner_name, b.service_title
                ),
                body: crate::mail::message::one_line(text, 200),
                link: format!("/my-bookings/{id}"),
            };
            tx.notify(mentor, &notice, now).await?;
        }
    }
    if !tx.update_booking(id, &b, &u, now).await? {
        return Err(BookingError::Refused(CHANGED.to_owned()));
    }
    crate::webhooks::booking_written(&mut tx, id, Some(&b), now).await?;
    if let Some(event) = event_of(&req, &b, change.status) {
        notifications::booking_event(state, &mut tx, id, event, now).await?;
    }
    if let Request::NoShow { choice } = req {
        let report = no_show::Report {
            party,
            reporter_id: caller.user.id,
            choice,
            statement: statement.as_deref(),
        };
        no_show::opened(state, &mut tx, id, report, now).await?;
    }
    if u.refund_owed_paise > b.refund_owed_paise {
        // Money owed back goes back now, in this unit of work (issue 13).
        refunds::settle_owed(state, &mut tx, id, "", now).await?;
    }
    plan_due(
        &mut tx,
        id,
        change.status,
        u.respond_by,
        u.pay_by,
        u.end_at,
        now,
    )
    .await?;
    tx.commit().await?;
    written(state);
    Ok(state.store.booking(id).await?)
}

/// The reason both sides read when an approved refund calls a session off.
pub const REFUNDED_REASON: &str = "The learner asked for a refund before the session and it was approved, so the session is cancelled.";

/// An administrator approves refund request `refund_id` for
/// `amount_paise` ([`refunds::Approval`]), in one unit of work: the
/// approval written, a session the refund replaces called off
/// ([`call_off_refunded`]), the learner told. Refunds sits below bookings
/// and never calls it: this is the one place the two meet over an
/// approval (issue 23).
pub async fn approve_refund(
    state: &AppState,
    admin_id: i64,
    refund_id: &str,
    body: domain_wasm::forms::money::Approval,
    now: DateTime<Utc>,
) -> Result<RefundRow, RefundError> {
    let approval = refunds::Approval::check(state, refund_id, body).await?;
    let mut tx = state.store.begin().await?;
    let r = approval.write(&mut tx, admin_id, now).await?;
    let called_off = refunds::replaces_session(&r)
        && call_off_refunded(state, &mut tx, &r.booking_id, now).await?;
    refunds::tell_approved(state, &mut tx, &r, now).await?;
    tx.commit().await?;
    if called_off {
        // The session's time is free again.
        state.store.catalogue_written();
    }
    refunds::written(state);
    Ok(r)
}

/// INSIDE an approval's unit of work `tx` ([`approve_refund`]): a refund
/// approved for a session that has not taken place (basis `unused`) calls
/// the session off, since the learner asked for their money instead of the
/// session. It is the transition table's cancellation by an administrator,
/// with both sides told (and a calendar CANCEL) and the time freed; the
/// approved amount is the refund, so the full refund the rules owe for an
/// administrator's cancellation is not owed on top. A booking that has
/// begun or is no longer active is left as it is. Gives whether it was
/// called off.
pub async fn call_off_refunded(
    state: &AppState,
    tx: &mut Tx,
    id: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let b = tx.booking(id).await?;
    if b.start_at <= now {
        return Ok(false);
    }
    let Ok(change) = rules::transition(&facts(&b), Party::Admin, &Request::Cancel, ms(now)) else {
        return Ok(false);
    };
    let mut u = updated(state, &b, &change, Some(REFUNDED_REASON.to_owned()), now);
    u.refund_owed_paise = b.refund_owed_paise;
    apply_called_off(
        state,
        tx,
        &b,
        change.status,
        &u,
        BookingEvent::Cancelled,
        now,
    )
    .await
}

/// The rest of a call-off inside `tx` (a refunded session, a disabled
/// account's booking): the compare-and-swap of `b` to `u`, the event told,
/// money newly owed back sent back, the deadline job re-planned. `false`
/// when the booking changed since `b` was read.
async fn apply_called_off(
    state: &AppState,
    tx: &mut Tx,
    b: &BookingRecord,
    status: Status,
    u: &BookingUpdate,
    event: BookingEvent,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    if !tx.update_booking(&b.id, b, u, now).await? {
        return Ok(false);
    }
    crate::webhooks::booking_written(tx, &b.id, Some(b), now).await?;
    notifications::booking_event(state, tx, &b.id, event, now).await?;
    if u.refund_owed_paise > b.refund_owed_paise {
        refunds::settle_owed(state, tx, &b.id, "", now).await?;
    }
    plan_due(tx, &b.id, status, u.respond_by, u.pay_by, u.end_at, now).await?;
    Ok(true)
}

/// Whose account was disabled, for [`call_off_for_disabled`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DisabledSide {
    Mentor,
    Learner,
}

/// The reason the learner reads when the mentor's account was disabled.
pub const MENTOR_DISABLED_REASON: &str = "This mentor is no longer taking sessions, so this booking was called off. Anything you paid is refunded in full.";
/// The reason both sides read when the learner's account was disabled.
pub const LEARNER_DISABLED_REASON: &str =
    "The learner's account was closed by the MentorBridge team, so this booking was called off.";

/// Called when an account is disabled, INSIDE that unit of work `tx`: one
/// of its active bookings that has not started is called off. A disabled
/// mentor's request is declined and their accepted or confirmed session
/// cancelled as a mentor's cancellation (a full refund, the learner told);
/// a disabled learner's booking is cancelled as an administrator's
/// cancellation (refund by the rules). A booking that has begun, or is no
/// longer active, is left as it is. Gives whether it was called off.
pub async fn call_off_for_disabled(
    state: &AppState,
    tx: &mut Tx,
    id: &str,
    side: DisabledSide,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let b = tx.booking(id).await?;
    let status = status_now(&b, now);
    if !status.is_active() || b.start_at <= now {
        return Ok(false);
    }
    let (party, req, reason) = match (side, status) {
        (DisabledSide::Mentor, Status::Pending) => {
            (Party::Mentor, Request::Decline, MENTOR_DISABLED_REASON)
        }
        (DisabledSide::Mentor, _) => (Party::Mentor, Request::Cancel, MENTOR_DISABLED_REASON),
        (DisabledSide::Learner, _) => (Party::Admin, Request::Cancel, LEARNER_DISABLED_REASON),
    };
    let Ok(change) = rules::transition(&facts(&b), party, &req, ms(now)) else {
        return Ok(false);
    };
    let u = updated(state, &b, &change, Some(reason.to_owned()), now);
    let Some(event) = event_of(&req, &b, change.status) else {
        return Ok(false);
    };
    apply_called_off(state, tx, &b, change.status, &u, event, now).await
}

/// Called by payments, INSIDE the payment's unit of work `tx`, when a
/// payment of `amount_paise` for booking `booking_id` is captured. A
/// booking awaiting payment (even one whose hold has just lapsed, while its
/// time is still free and its start ahead) is confirmed, with its meeting
/// link, e-mails and completion job; otherwise the amount is recorded as
/// owed back to the learner (money is never lost) and its automatic refund
/// made ([`crate::refunds::settle_owed`]).
pub async fn payment_captured(
    state: &AppState,
    tx: &mut Tx,
    booking_id: &str,
    amount_paise: Paise,
    now: DateTime<Utc>,
) -> Result<(), BookingError> {
    let b = tx.booking(booking_id).await?;
    let lapsed_hold = b.status == Status::Expired && b.pay_by.is_some() && b.confirmed_at.is_none();
    let awaiting = b.status == Status::PaymentRequired || lapsed_hold;
    if awaiting && b.start_at > now && amount_paise >= b.price_paise.saturating_sub(b.paid_paise) {
        // Lapsed holds of others no longer hold time; this one's own lapse
        // is forgiven while its time is free.
        expired_holds(state, tx, b.mentor_id, Some(booking_id), now).await?;
        let free = !tx
            .held_overlaps(b.mentor_id, b.held_from, b.held_until, Some(booking_id))
            .await?;
        if free {
            let mut f = facts(&b);
            f.status = Status::PaymentRequired;
            f.pay_by_ms = None;
            f.paid_paise = b.paid_paise.saturating_add(amount_paise).to_i64();
            if let Ok(change) = rules::transition(&f, Party::Learner, &Request::Pay, ms(now)) {
                let u = updated(state, &b, &change, None, now);
                if tx.update_booking(booking_id, &b, &u, now).await? {
                    crate::webhooks::booking_written(tx, booking_id, Some(&b), now).await?;
                    notifications::booking_event(
                        state,
                        tx,
                        booking_id,
                        BookingEvent::Confirmed,
                        now,
                    )
                    .await?;
                    plan_due(
                        tx,
                        booking_id,
                        change.status,
                        u.respond_by,
                        u.pay_by,
                        u.end_at,
                        now,
                    )
                    .await?;
                    state.store.catalogue_written();
                    return Ok(());
                }
            }
        }
    }
    tx.add_refund_owed(booking_id, amount_paise, now).await?;
    refunds::settle_owed(state, tx, booking_id, "", now).await?;
    Ok(())
}

/// Runs the due work of one booking (the job worker's `booking_due`):
/// a request or hold past its deadline expires, a confirmed session past
/// its end is completed; anything else waits for its next deadline.
pub async fn on_due(
    state: &AppState,
    booking_id: &str,
    now: DateTime<Utc>,
) -> Result<(), BookingError> {
    let mut tx = state.store.begin().await?;
    let b = match tx.booking(booking_id).await {
        Ok(b) => b,
        // Nothing to do for a booking that is gone.
        Err(StoreError::NotFound) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    let stored = b.status;
    let req = match (stored, status_now(&b, now)) {
        (Status::Pending | Status::PaymentRequired, Status::Expired) => Request::Expire,
        (Status::Confirmed, Status::Completed) => Request::Complete,
        (status, _) if status.is_active() => {
            // Not due yet (the job ran early, or the booking moved):
            // plan it again for its deadline.
            let end = b.end_at;
            let at_least = now + TimeDelta::seconds(1);
            let (respond_by, pay_by) = (
                b.respond_by.map(|t| t.max(at_least)),
                b.pay_by.map(|t| t.max(at_least)),
            );
            plan_due(
                &mut tx,
                booking_id,
                stored,
                respond_by,
                pay_by,
                end.max(at_least),
                now,
            )
            .await?;
            tx.commit().await?;
            return Ok(());
        }
        _ => return Ok(()),
    };
    let Ok(change) = rules::transition(&facts(&b), Party::Admin, &req, ms(now)) else {
        return Ok(());
    };
    let u = updated(state, &b, &change, None, now);
    if !tx.update_booking(booking_id, &b, &u, now).await? {
        return Ok(());
    }
    crate::webhooks::booking_written(&mut tx, booking_id, Some(&b), now).await?;
    if let Some(event) = event_of(&req, &b, change.status) {
        notifications::booking_event(state, &mut tx, booking_id, event, now).await?;
    }
    if u.refund_owed_paise > b.refund_owed_paise {
        refunds::settle_owed(state, &mut tx, booking_id, "", now).await?;
    }
    tx.commit().await?;
    written(state);
    Ok(())
}

/// A failure no answer covers, as the API reports it (404 or 500).
impl From<BookingError> for poem::Error {
    fn from(e: BookingError) -> Self {
        match e {
            BookingError::Store(e) => e.into(),
            BookingError::NotFound => StoreError::NotFound.into(),
            e => crate::error::internal(e),
        }
    }
}

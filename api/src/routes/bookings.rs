//! Bookings (`/api/bookings/...`, issue 12): a learner books a slot of a
//! mentor's service; both sides then see it and act on it as the
//! transition table allows (`domain_wasm::booking`). Only a participant
//! (or an administrator) sees a booking: anyone else gets 404. The
//! checkout lives with the payments (`routes::payments`).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::booking::{Party, Request, Status};
use domain_wasm::forms;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::bookings::{self, BookingError, BookingRecord, When};
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::notifications::{CalendarEntry, CalendarMethod, calendar_file};
use crate::state::AppState;
use crate::store::bookings::Side;

// ---- The booking as the API shows it ------------------------------------

/// Where a booking stands (as of now: a lapsed request or hold shows as
/// `expired`, a session whose end has passed as `completed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::booking::Status")]
pub enum BookingStatus {
    /// Awaiting the mentor's answer (until `respond_by`).
    Pending,
    /// Awaiting the learner's payment (until `pay_by`).
    PaymentRequired,
    /// Booked: the meeting link is ready.
    Confirmed,
    /// The session is over.
    Completed,
    /// Cancelled by someone (a decline is the mentor's cancellation).
    Cancelled,
    /// The mentor did not answer, or the payment did not arrive, in time.
    Expired,
    /// Someone missed the session (`no_show_by`).
    NoShow,
}

/// Something the caller may do with a booking now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::booking::Action")]
pub enum BookingAction {
    /// The mentor accepts the request.
    Accept,
    /// The mentor declines the request.
    Decline,
    /// The learner pays (`POST /api/bookings/{id}/checkout/`).
    Pay,
    /// Cancel the booking (or withdraw the request).
    Cancel,
    /// Move the session to another open slot.
    Reschedule,
    /// Open the meeting (from 10 minutes before the start to the end).
    Join,
    /// Report the other side missing.
    NoShow,
    /// The learner rates the session.
    Feedback,
    /// Ask for a refund (not offered yet).
    Refund,
}

/// The caller's relation to a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::booking::Party")]
pub enum BookingRole {
    /// The caller booked it.
    Learner,
    /// The caller is its mentor.
    Mentor,
    /// The caller administers the platform.
    Admin,
}

/// Who cancelled a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case")]
pub enum BookingCancelledBy {
    /// The learner.
    Learner,
    /// The mentor (a decline too).
    Mentor,
    /// An administrator.
    Admin,
    /// The platform.
    System,
}

/// Who missed a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "domain_wasm::booking::Missed")]
pub enum BookingMissed {
    /// The mentor did not come (the learner reported it).
    Mentor,
    /// The learner did not come (the mentor reported it).
    Learner,
}

/// The learner's remedy when the mentor missed the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename_all = "snake_case",
    remote = "domain_wasm::booking::NoShowChoice"
)]
pub enum BookingNoShowChoice {
    /// A full refund of what was paid.
    Refund,
    /// A new time with the same mentor.
    Reschedule,
}

/// The mentor of a booking.
#[derive(Debug, Clone, Object)]
pub struct BookingMentor {
    /// Their profile's id in the catalogue.
    pub id: i64,
    /// Their name as their profile shows it.
    pub name: String,
    /// Their page is `/mentors/{id}-{slug}`.
    pub slug: String,
    /// The photo, or the generated portrait.
    #[oai(nullable)]
    pub image_url: Option<String>,
}

/// The learner of a booking.
#[derive(Debug, Clone, Object)]
pub struct BookingLearner {
    /// Their name as their account shows it.
    pub name: String,
}

/// The service booked, as it was when booked.
#[derive(Debug, Clone, Object)]
pub struct BookingService {
    /// The service's id (it may have been paused or retired since).
    pub id: i64,
    /// Its title when booked.
    pub title: String,
    /// The session's length in minutes.
    pub duration_minutes: i64,
}

/// The learner's feedback on the session.
#[derive(Debug, Clone, Object)]
pub struct BookingFeedback {
    /// 1 to 5 stars.
    pub rating: i64,
    /// What the learner wrote (may be empty).
    pub text: String,
    /// When it was given.
    pub created_at: DateTime<Utc>,
}

/// A session booked with a mentor, as the caller sees it.
#[derive(Debug, Clone, Object)]
pub struct Booking {
    /// A UUIDv4: the booking's page is `/my-bookings/{id}`.
    pub id: String,
    /// Where it stands now.
    pub status: BookingStatus,
    /// The caller's relation to it.
    pub role: BookingRole,
    /// Who the session is with.
    pub mentor: BookingMentor,
    /// Who booked it.
    pub learner: BookingLearner,
    /// What was booked.
    pub service: BookingService,
    /// The session's start (RFC 3339, UTC).
    pub start: DateTime<Utc>,
    /// The session's end (RFC 3339, UTC).
    pub end: DateTime<Utc>,
    /// The price in paise (0: free), fixed when booked.
    pub price_paise: i64,
    /// What the learner wrote with the request.
    pub note: String,
    /// Exactly what the caller may do now, from the transition table.
    pub allowed_actions: Vec<BookingAction>,
    /// The meeting room, once confirmed (kept across reschedules).
    #[oai(nullable)]
    pub meeting_url: Option<String>,
    /// A pending request expires unanswered then.
    #[oai(nullable)]
    pub respond_by: Option<DateTime<Utc>>,
    /// An unpaid hold expires then.
    #[oai(nullable)]
    pub pay_by: Option<DateTime<Utc>>,
    /// Who cancelled (or declined) it.
    #[oai(nullable)]
    pub cancelled_by: Option<BookingCancelledBy>,
    /// Why, in their words.
    #[oai(nullable)]
    pub cancel_reason: Option<String>,
    /// Who missed the session.
    #[oai(nullable)]
    pub no_show_by: Option<BookingMissed>,
    /// The learner's remedy for a mentor's no-show.
    #[oai(nullable)]
    pub no_show_choice: Option<BookingNoShowChoice>,
    /// What the learner is owed back, in paise (the refunds issue pays it).
    pub refund_owed_paise: i64,
    /// A payment the checkout reported that the gateway has not confirmed
    /// yet: the booking waits (its `pay_by` frozen, at the latest until its
    /// start) and is confirmed as soon as the gateway answers.
    pub payment_confirming: bool,
    /// The learner's feedback, once given.
    #[oai(nullable)]
    pub feedback: Option<BookingFeedback>,
    /// The mentor's IANA time zone.
    pub mentor_time_zone: String,
    /// When it was requested.
    pub created_at: DateTime<Utc>,
    /// When it last changed.
    pub updated_at: DateTime<Utc>,
}

impl Booking {
    /// `b` as `party` sees it at `now`.
    pub fn of(b: BookingRecord, party: Party, now: DateTime<Utc>) -> Booking {
        let facts = bookings::facts(&b);
        let now_ms = now.timestamp_millis();
        let status = domain_wasm::booking::current(&facts, now_ms);
        let allowed_actions = domain_wasm::booking::allowed_actions(&facts, party, now_ms)
            .into_iter()
            .map(BookingAction::from)
            .collect();
        let shows_link = matches!(status, Status::Confirmed | Status::Completed);
        Booking {
            status: status.into(),
            role: party.into(),
            mentor: BookingMentor {
                id: b.mentor_id,
                slug: domain_wasm::slug::slugify(&b.mentor_name),
                name: b.mentor_name.clone(),
                image_url: b.mentor_image_url.clone(),
            },
            learner: BookingLearner {
                name: b.learner_name.clone(),
            },
            service: BookingService {
                id: b.service_id,
                title: b.service_title.clone(),
                duration_minutes: b.duration_minutes,
            },
            start: b.start_at,
            end: b.end_at,
            price_paise: b.price_paise.to_i64(),
            allowed_actions,
            meeting_url: b.meeting_url.clone().filter(|_| shows_link),
            respond_by: b.respond_by.filter(|_| status == Status::Pending),
            pay_by: b.pay_by.filter(|_| status == Status::PaymentRequired),
            cancelled_by: match b.cancelled_by.as_deref() {
                Some("learner") => Some(BookingCancelledBy::Learner),
                Some("mentor") => Some(BookingCancelledBy::Mentor),
                Some("admin") => Some(BookingCancelledBy::Admin),
                Some("system") => Some(BookingCancelledBy::System),
                _ => None,
            },
            no_show_by: facts.no_show_by.map(Into::into),
            no_show_choice: facts.no_show_choice.map(Into::into),
            refund_owed_paise: b.refund_owed_paise.to_i64(),
            payment_confirming: b.payment_confirming,
            feedback: match (b.feedback_rating, b.feedback_at) {
                (Some(rating), Some(created_at)) => Some(BookingFeedback {
                    rating,
                    text: b.feedback_text.clone().unwrap_or_default(),
                    created_at,
                }),
                _ => None,
            },
            mentor_time_zone: bookings::mentor_time_zone(&b),
            created_at: b.created_at,
            updated_at: b.updated_at,
            cancel_reason: b.cancel_reason,
            note: b.note,
            id: b.id,
        }
    }
}

// ---- Bodies --------------------------------------------------------------

/// A request for a session.
#[derive(Debug, Object)]
pub struct NewBookingBody {
    /// The service to book (one of the mentor's on their page).
    pub service_id: Option<i64>,
    /// The session's start, one of the service's open slots
    /// (`GET /api/mentors/{id}/slots/?service=...`), as RFC 3339.
    pub start: Option<String>,
    /// What the learner wants to talk about; at most 1000 characters.
    pub note: Option<String>,
}

/// Why (optional): shown to the other side.
#[derive(Debug, Object)]
pub struct ReasonBody {
    /// At most 1000 characters.
    pub reason: Option<String>,
}

/// A new time for the session.
#[derive(Debug, Object)]
pub struct RescheduleBody {
    /// One of the service's open slots, as RFC 3339.
    pub start: Option<String>,
}

/// A no-show report: the learner reports the mentor missing and chooses a
/// remedy; the mentor reports the learner missing and sends `{}`.
#[derive(Debug, Object)]
pub struct NoShowBody {
    /// `refund` or `reschedule` (the learner only).
    pub choice: Option<String>,
    /// What happened, in the reporter's words (optional, at most 1000
    /// characters): the administrator reads it if the report is contested.
    pub statement: Option<String>,
}

/// The learner's feedback on the session.
#[derive(Debug, Object)]
pub struct FeedbackBody {
    /// 1 to 5 stars.
    pub rating: Option<i64>,
    /// At most 2000 characters.
    pub text: Option<String>,
}

/// A decline's or a cancellation's reason, parsed.
fn reason_of(body: &ReasonBody) -> Result<Option<String>, forms::FieldErrors> {
    forms::bookings::parse_reason(body.reason.as_deref())
}

// ---- Answers -------------------------------------------------------------

#[derive(ApiResponse)]
pub enum CreatedResponse {
    /// Booked: where it starts depends on the service (confirmed, pending
    /// the mentor's answer, or awaiting payment).
    #[oai(status = 201)]
    Created(Json<Box<Booking>>),
    /// Field errors: `service_id` (unknown, paused, retired or the
    /// caller's own), `start` (not one of the service's slots, inside the
    /// mentor's notice or outside their window), `note` (too long).
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// The start is one of the service's slots, but someone booked it
    /// first; or the learner already holds as much of mentors' time as
    /// they may (open requests, upcoming free sessions: the message says
    /// what to do).
    #[oai(status = 409)]
    Taken(Json<Detail>),
    /// Too many new bookings from this account in an hour
    /// (`BOOKINGS_PER_HOUR`); `Retry-After` says when to try again.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
}

role_answers!(mentor, ListResponse {
    /// The caller's bookings (a bare array).
    #[oai(status = 200)]
    Ok(Json<Vec<Booking>>),
    /// An unknown `as` or `when`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

#[derive(ApiResponse)]
pub enum OneResponse {
    #[oai(status = 200)]
    Ok(Json<Box<Booking>>),
    /// No such booking, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum ActionResponse {
    /// Done: the booking as it is now.
    #[oai(status = 200)]
    Ok(Json<Box<Booking>>),
    /// Field errors of the body.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such booking, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// Not allowed now, in the rules' words (or the new time was taken).
    #[oai(status = 409)]
    Refused(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum CalendarResponse {
    /// The session's calendar file (UID `{id}@mentorbridge`, SEQUENCE
    /// raised by each reschedule).
    #[oai(status = 200, content_type = "text/calendar; charset=utf-8")]
    Ok(
        PlainText<String>,
        #[oai(header = "Content-Disposition")] String,
    ),
    /// No such booking, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

fn action_answer(
    result: Result<BookingRecord, BookingError>,
    party_of: impl Fn(&BookingRecord) -> Option<Party>,
    now: DateTime<Utc>,
) -> poem::Result<ActionResponse> {
    match result {
        Ok(b) => match party_of(&b) {
            Some(party) => Ok(ActionResponse::Ok(Json(Box::new(Booking::of(
                b, party, now,
            ))))),
            None => Ok(ActionResponse::NotFound(Json(Detail::not_found()))),
        },
        Err(BookingError::Invalid(f)) => Ok(ActionResponse::Invalid(Json(f))),
        Err(BookingError::NotFound) => Ok(ActionResponse::NotFound(Json(Detail::not_found()))),
        Err(BookingError::Refused(message)) => {
            Ok(ActionResponse::Refused(Json(Detail::new(message))))
        }
        Err(BookingError::Taken) => Ok(ActionResponse::Refused(Json(Detail::new(bookings::TAKEN)))),
        Err(e) => Err(e.into()),
    }
}

/// The bookings' operations.
pub struct BookingsApi {
    pub state: Arc<AppState>,
}

impl BookingsApi {
    fn now(&self) -> DateTime<Utc> {
        self.state.clock.now()
    }

    async fn act(
        &self,
        auth: SignedIn,
        id: &str,
        req: Request,
        reason: Result<Option<String>, forms::FieldErrors>,
    ) -> poem::Result<ActionResponse> {
        let reason = match reason {
            Ok(reason) => reason,
            Err(f) => return Ok(ActionResponse::Invalid(Json(f))),
        };
        let now = self.now();
        let result = bookings::act(&self.state, &auth.0, id, req, reason, now).await;
        action_answer(result, |b| bookings::party_of(&auth.0, b), now)
    }
}

#[OpenApi(tag = "ApiTags::Bookings")]
impl BookingsApi {
    /// Book a session
    ///
    /// `start` must be one of the service's open slots. A free service
    /// with instant confirmation is confirmed at once (with its meeting
    /// link); a paid one with instant confirmation awaits payment for 30
    /// minutes; otherwise the mentor has 24 hours (or until the start less
    /// their notice) to answer.
    #[oai(
        path = "/api/bookings/",
        method = "post",
        operation_id = "createBooking"
    )]
    async fn create(
        &self,
        auth: SignedIn,
        body: Json<NewBookingBody>,
    ) -> poem::Result<CreatedResponse> {
        let body = body.0;
        let req = match forms::bookings::parse_new_booking(
            body.service_id,
            body.start.as_deref(),
            body.note.as_deref(),
        ) {
            Ok(req) => req,
            Err(f) => return Ok(CreatedResponse::Invalid(Json(f))),
        };
        let now = self.now();
        match bookings::create(&self.state, auth.0.user.id, req, now).await {
            Ok(b) => Ok(CreatedResponse::Created(Json(Box::new(Booking::of(
                b,
                Party::Learner,
                now,
            ))))),
            Err(BookingError::Invalid(f)) => Ok(CreatedResponse::Invalid(Json(f))),
            Err(BookingError::Taken) => {
                Ok(CreatedResponse::Taken(Json(Detail::new(bookings::TAKEN))))
            }
            Err(BookingError::Refused(message)) => {
                Ok(CreatedResponse::Taken(Json(Detail::new(message))))
            }
            Err(BookingError::Limited(l)) => Ok(CreatedResponse::TooMany(
                Json(Detail::new(bookings::too_many_bookings(
                    self.state.bookings_per_hour,
                    l,
                ))),
                l.retry_after_secs.to_string(),
            )),
            Err(e) => Err(e.into()),
        }
    }

    /// My bookings
    ///
    /// `as=learner` (the default): the sessions the caller booked;
    /// `as=mentor`: the sessions booked with the caller (mentors only).
    /// `when=upcoming` (the default): pending, awaiting payment or
    /// confirmed, soonest first; `past`: completed or missed, latest first;
    /// `cancelled`: cancelled or expired, latest first.
    #[oai(path = "/api/bookings/", method = "get", operation_id = "listBookings")]
    async fn list(
        &self,
        auth: SignedIn,
        #[oai(name = "as")] side: Query<Option<String>>,
        when: Query<Option<String>>,
    ) -> poem::Result<ListResponse> {
        let mut f = Fields::default();
        let side = match side.0.as_deref() {
            None | Some("learner") => Some(false),
            Some("mentor") => Some(true),
            Some(_) => {
                f.add("as", "Choose learner or mentor.");
                None
            }
        };
        let when = match when.0.as_deref() {
            None | Some("upcoming") => Some(When::Upcoming),
            Some("past") => Some(When::Past),
            Some("cancelled") => Some(When::Cancelled),
            Some(_) => {
                f.add("when", "Choose upcoming, past or cancelled.");
                None
            }
        };
        let (Some(as_mentor), Some(when)) = (side, when) else {
            return Ok(ListResponse::Invalid(Json(f.0)));
        };
        let (side, party) = if as_mentor {
            let mentor = or_forbidden!(auth.0.require_mentor(), ListResponse);
            (Side::Mentor(mentor), Party::Mentor)
        } else {
            (Side::Learner(auth.0.user.id), Party::Learner)
        };
        let now = self.now();
        let list = bookings::list(&self.state, side, when, now).await?;
        Ok(ListResponse::Ok(Json(
            list.into_iter()
                .map(|b| Booking::of(b, party, now))
                .collect(),
        )))
    }

    /// One booking
    ///
    /// For its learner, its mentor or an administrator; anyone else gets 404.
    #[oai(
        path = "/api/bookings/:id/",
        method = "get",
        operation_id = "getBooking"
    )]
    async fn get(&self, auth: SignedIn, id: Path<String>) -> poem::Result<OneResponse> {
        match bookings::get(&self.state, &auth.0, &id.0).await {
            Ok((b, party)) => Ok(OneResponse::Ok(Json(Box::new(Booking::of(
                b,
                party,
                self.now(),
            ))))),
            Err(BookingError::NotFound) => Ok(OneResponse::NotFound(Json(Detail::not_found()))),
            Err(e) => Err(e.into()),
        }
    }

    /// Accept a request (the mentor)
    ///
    /// A free session is confirmed with its meeting link; a paid one awaits
    /// the learner's payment for the pay window (`PAY_WINDOW_MINUTES`, 240
    /// by default; never past the start minus the mentor's minimum notice).
    #[oai(
        path = "/api/bookings/:id/accept/",
        method = "post",
        operation_id = "acceptBooking"
    )]
    async fn accept(&self, auth: SignedIn, id: Path<String>) -> poem::Result<ActionResponse> {
        self.act(auth, &id.0, Request::Accept, Ok(None)).await
    }

    /// Decline a request (the mentor)
    ///
    /// The slot is released; the learner is told, with the reason.
    #[oai(
        path = "/api/bookings/:id/decline/",
        method = "post",
        operation_id = "declineBooking"
    )]
    async fn decline(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<ReasonBody>,
    ) -> poem::Result<ActionResponse> {
        self.act(auth, &id.0, Request::Decline, reason_of(&body.0))
            .await
    }

    /// Cancel a booking
    ///
    /// The learner: a request at any time before the start, a confirmed
    /// session until 12 hours before it (refund owed in full). The mentor:
    /// until the start (the learner is owed a full refund).
    #[oai(
        path = "/api/bookings/:id/cancel/",
        method = "post",
        operation_id = "cancelBooking"
    )]
    async fn cancel(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<ReasonBody>,
    ) -> poem::Result<ActionResponse> {
        self.act(auth, &id.0, Request::Cancel, reason_of(&body.0))
            .await
    }

    /// Move a confirmed session
    ///
    /// To another open slot of the same service: the learner until 12
    /// hours before, the mentor until 2 hours before, at most 3 times.
    /// The booking keeps its id and meeting link; its calendar file's
    /// SEQUENCE goes up.
    #[oai(
        path = "/api/bookings/:id/reschedule/",
        method = "post",
        operation_id = "rescheduleBooking"
    )]
    async fn reschedule(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<RescheduleBody>,
    ) -> poem::Result<ActionResponse> {
        let start = match forms::bookings::parse_reschedule(body.0.start.as_deref()) {
            Ok(start) => start,
            Err(f) => return Ok(ActionResponse::Invalid(Json(f))),
        };
        let start_ms = start.timestamp_millis();
        let now = self.now();
        // The session keeps its length: the new end follows from it.
        let result = match bookings::get(&self.state, &auth.0, &id.0).await {
            Ok((b, _)) => {
                let end_ms = start_ms.saturating_add(b.duration_minutes.saturating_mul(60_000));
                let req = Request::Reschedule { start_ms, end_ms };
                bookings::act(&self.state, &auth.0, &id.0, req, None, now).await
            }
            Err(e) => Err(e),
        };
        action_answer(result, |b| bookings::party_of(&auth.0, b), now)
    }

    /// Report a no-show
    ///
    /// From 10 minutes after the start until 48 hours after it. The
    /// learner reports the mentor missing and chooses `refund` (in full)
    /// or `reschedule` (booked at once); the mentor reports the learner
    /// missing (no refund) and sends `{}`. No money moves on the report:
    /// the other side may contest it for 48 hours
    /// (`/api/bookings/{id}/no-show/contest/`); uncontested, it takes
    /// effect then; contested, an administrator decides.
    #[oai(
        path = "/api/bookings/:id/no-show/",
        method = "post",
        operation_id = "reportNoShow"
    )]
    async fn no_show(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<NoShowBody>,
    ) -> poem::Result<ActionResponse> {
        let report = match forms::bookings::parse_no_show(
            body.0.choice.as_deref(),
            body.0.statement.as_deref(),
        ) {
            Ok(report) => report,
            Err(f) => return Ok(ActionResponse::Invalid(Json(f))),
        };
        let req = Request::NoShow {
            choice: report.choice,
        };
        self.act(auth, &id.0, req, Ok(report.statement)).await
    }

    /// Rate a session (the learner)
    ///
    /// Once, after the session and within 30 days of its end: a rating
    /// from 1 to 5 and a text of at most 2000 characters. It moves the
    /// mentor's rating and review count at once.
    #[oai(
        path = "/api/bookings/:id/feedback/",
        method = "post",
        operation_id = "leaveFeedback"
    )]
    async fn feedback(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<FeedbackBody>,
    ) -> poem::Result<ActionResponse> {
        let feedback = match forms::bookings::parse_feedback(body.0.rating, body.0.text.as_deref())
        {
            Ok(feedback) => feedback,
            Err(f) => return Ok(ActionResponse::Invalid(Json(f))),
        };
        let now = self.now();
        let result = bookings::feedback(&self.state, &auth.0, &id.0, feedback, now).await;
        action_answer(result, |b| bookings::party_of(&auth.0, b), now)
    }

    /// The session's calendar file
    ///
    /// An `.ics` file to add the session to a calendar, for its learner
    /// and its mentor.
    #[oai(
        path = "/api/bookings/:id/calendar.ics",
        method = "get",
        operation_id = "bookingCalendar"
    )]
    async fn calendar(&self, auth: SignedIn, id: Path<String>) -> poem::Result<CalendarResponse> {
        let b = match bookings::get(&self.state, &auth.0, &id.0).await {
            Ok((b, Party::Learner | Party::Mentor)) => b,
            Ok(_) | Err(BookingError::NotFound) => {
                return Ok(CalendarResponse::NotFound(Json(Detail::not_found())));
            }
            Err(e) => return Err(e.into()),
        };
        let now = self.now();
        let status = bookings::status_now(&b, now);
        let method = if matches!(status, Status::Cancelled | Status::Expired) {
            CalendarMethod::Cancel
        } else {
            CalendarMethod::Publish
        };
        let entry = CalendarEntry {
            booking_id: b.id.clone(),
            sequence: b.sequence,
            start: b.start_at,
            end: b.end_at,
            summary: format!("{} with {}", b.service_title, b.mentor_name),
            description: if b.note.is_empty() {
                format!("{} with {}", b.service_title, b.mentor_name)
            } else {
                b.note.clone()
            },
            meeting_url: b
                .meeting_url
                .clone()
                .filter(|_| matches!(status, Status::Confirmed | Status::Completed)),
            organizer: None,
            attendees: Vec::new(),
            stamp: now,
        };
        Ok(CalendarResponse::Ok(
            PlainText(calendar_file(&entry, method)),
            format!("attachment; filename=\"session-{}.ics\"", b.id),
        ))
    }

    /// What waits for me
    ///
    /// Until in-app notifications exist: the requests the caller must
    /// answer as a mentor (`answer_request`, by the request's deadline) and
    /// the sessions they must pay for as a learner (`pay`, by the end of
    /// the payment window), soonest deadline first, with their count. A
    /// deadline that has passed is left out; so is a payment the gateway
    /// is confirming. Any signed-in account; an administrator's list is
    /// usually empty.
    #[oai(
        path = "/api/me/attention/",
        method = "get",
        operation_id = "getAttention"
    )]
    async fn attention(&self, auth: SignedIn) -> poem::Result<super::attention::AttentionResponse> {
        let items = bookings::attention::waiting_for(&self.state, &auth.0, self.now()).await?;
        Ok(super::attention::AttentionResponse::Ok(Json(
            super::attention::Attention::of(items),
        )))
    }
}

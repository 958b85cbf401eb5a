//! The mentor's dashboard (`/api/mentor/...`, issue 11): their own public
//! profile, services and availability. Only a mentor with a profile may
//! call these (others get 403, guests 401); every object is the caller's
//! own, and another mentor's service answers 404 like a missing one.
//! The photo upload (`POST /api/mentor/photo/`) lives with the media.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::forms::{
    self,
    mentoring::{AvailabilityInput, ProfileEdit, ServiceEdit, WeeklyInput},
};
use domain_wasm::mentoring::{EducationEntry, ExperienceEntry, ProjectEntry};
use domain_wasm::slots::{Availability, DateOverride, TimeRange};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::catalogue::{Education, Experience, Project};
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::mentoring::services::PricedService;
use crate::mentoring::{self, MentoringError};
use crate::state::AppState;
use crate::store::model;

// ---- Profile -----------------------------------------------------------

/// The mentor's own public profile, as `GET /api/mentors/{id}/` shows it
/// (without the services and slots, which have their own calls).
#[derive(Debug, Object)]
pub struct OwnProfile {
    /// The profile's id in the public catalogue (read-only).
    pub id: i64,
    pub name: String,
    /// One line: role and background.
    pub headline: String,
    pub bio: String,
    /// Fields of expertise, most important first; the first is the category.
    pub expertise: Vec<String>,
    pub experience_years: i64,
    pub education: Vec<Education>,
    pub experience: Vec<Experience>,
    pub projects: Vec<Project>,
    /// Public profiles by network (`linkedin`, `twitter`, `github`, `website`).
    pub social_links: BTreeMap<String, String>,
    /// Contact channels by kind (`email`, `phone`, `website`).
    pub contact: BTreeMap<String, String>,
    /// The photo, or the generated portrait (read-only: change it with
    /// `POST /api/mentor/photo/`).
    #[oai(nullable)]
    pub image_url: Option<String>,
    /// Average review rating, 0 to 5 (read-only).
    pub rating: f64,
    pub updated_at: DateTime<Utc>,
    /// The profile is listed: shown in the catalogue and bookable
    /// (read-only). It is while an active account runs it, it offers a
    /// session, it has open hours and no administrator has hidden it.
    pub listed: bool,
    /// Why it is not listed and what to do, in order; empty when listed
    /// (read-only).
    pub not_listed: Vec<NotListedReason>,
}

/// Why a profile is not listed.
#[derive(Debug, Object)]
pub struct NotListedReason {
    /// `no_account`, `account_inactive`, `no_service`, `no_open_hours` or
    /// `hidden`.
    pub reason: String,
    /// What it means and what to do, in the mentor's words.
    pub message: String,
}

impl OwnProfile {
    /// The profile as of `now` (whether it is listed depends on the date
    /// of its date overrides).
    pub fn of(m: model::Mentor, now: DateTime<Utc>) -> Self {
        let not_listed: Vec<NotListedReason> = m
            .not_listed(now)
            .into_iter()
            .map(|why| NotListedReason {
                reason: why.as_str().to_owned(),
                message: why.message().to_owned(),
            })
            .collect();
        let public = crate::catalogue::Mentor::public(m, Vec::new());
        OwnProfile {
            listed: not_listed.is_empty(),
            not_listed,
            id: public.id,
            name: public.name,
            headline: public.headline,
            bio: public.bio,
            expertise: public.expertise,
            experience_years: public.experience_years,
            education: public.education,
            experience: public.experience,
            projects: public.projects,
            social_links: public.social_links,
            contact: public.contact,
            image_url: public.image_url,
            rating: public.rating,
            updated_at: public.updated_at,
        }
    }
}

#[derive(Debug, Object)]
pub struct ProfileEducation {
    pub degree: Option<String>,
    pub institution: Option<String>,
    pub year: Option<i64>,
}

#[derive(Debug, Object)]
pub struct ProfileExperience {
    pub title: Option<String>,
    pub company: Option<String>,
    pub start_year: Option<i64>,
    /// `null` while the role is current.
    pub end_year: Option<i64>,
    pub description: Option<String>,
}

#[derive(Debug, Object)]
pub struct ProfileProject {
    pub title: Option<String>,
    pub description: Option<String>,
    pub url: Option<String>,
}

/// A change to the profile: fields left out stay as they are; a list sent
/// replaces the stored one whole (blank entries are dropped); in
/// `social_links` and `contact` an empty value removes the entry.
#[derive(Debug, Object)]
pub struct MentorProfileBody {
    pub name: Option<String>,
    pub headline: Option<String>,
    pub bio: Option<String>,
    pub expertise: Option<Vec<String>>,
    pub experience_years: Option<i64>,
    pub education: Option<Vec<ProfileEducation>>,
    pub experience: Option<Vec<ProfileExperience>>,
    pub projects: Option<Vec<ProfileProject>>,
    pub social_links: Option<BTreeMap<String, String>>,
    pub contact: Option<BTreeMap<String, String>>,
}

impl From<MentorProfileBody> for ProfileEdit {
    fn from(b: MentorProfileBody) -> Self {
        ProfileEdit {
            name: b.name,
            headline: b.headline,
            bio: b.bio,
            expertise: b.expertise,
            experience_years: b.experience_years,
            education: b.education.map(|list| {
                list.into_iter()
                    .map(|e| EducationEntry {
                        degree: e.degree.unwrap_or_default(),
                        institution: e.institution.unwrap_or_default(),
                        year: e.year,
                    })
                    .collect()
            }),
            experience: b.experience.map(|list| {
                list.into_iter()
                    .map(|e| ExperienceEntry {
                        title: e.title.unwrap_or_default(),
                        company: e.company.unwrap_or_default(),
                        start_year: e.start_year,
                        end_year: e.end_year,
                        description: e.description.unwrap_or_default(),
                    })
                    .collect()
            }),
            projects: b.projects.map(|list| {
                list.into_iter()
                    .map(|p| ProjectEntry {
                        title: p.title.unwrap_or_default(),
                        description: p.description.unwrap_or_default(),
                        url: p.url,
                    })
                    .collect()
            }),
            social_links: b.social_links,
            contact: b.contact,
        }
    }
}

// ---- Services ----------------------------------------------------------

/// A service the mentor offers, with what the platform's commission
/// leaves them.
#[derive(Debug, Object)]
pub struct MentorService {
    pub id: i64,
    pub title: String,
    pub description: String,
    /// 15 to 180 minutes.
    pub duration_minutes: i64,
    /// The price in paise (1 rupee = 100 paise); 0 means free.
    pub price_paise: i64,
    /// The price in rupees (read-only).
    pub price: f64,
    /// Offered to learners; a paused service stays here but leaves the catalogue.
    pub active: bool,
    /// Bookings are confirmed at once, without the mentor's say.
    pub instant_confirmation: bool,
    /// The platform's rate for this mentor, in basis points (1500 = 15 %; read-only).
    pub commission_bps: i64,
    /// The platform's part of the price, rounded half up to the paisa (read-only).
    pub commission_paise: i64,
    /// What the mentor receives: the price less the commission (read-only).
    pub mentor_receives_paise: i64,
}

impl From<PricedService> for MentorService {
    fn from(p: PricedService) -> Self {
        let s = p.service;
        MentorService {
            id: s.id,
            price: s.price_paise.to_rupees(),
            title: s.title,
            description: s.description,
            duration_minutes: s.duration_minutes,
            price_paise: s.price_paise.to_i64(),
            active: s.active,
            instant_confirmation: s.instant_confirmation,
            commission_bps: i64::from(p.rate_bps),
            commission_paise: p.split.commission_paise,
            mentor_receives_paise: p.split.mentor_paise,
        }
    }
}

/// A new service (`title`, `duration_minutes` and `price_paise` required;
/// `active` defaults to true, `instant_confirmation` to true for a free
/// service and false for a paid one), or a change to one (fields left out
/// stay as they are).
#[derive(Debug, Object)]
pub struct MentorServiceBody {
    pub title: Option<String>,
    pub description: Option<String>,
    /// 15 to 180 minutes.
    pub duration_minutes: Option<i64>,
    /// Whole rupees in paise (a multiple of 100), 0 = free.
    pub price_paise: Option<i64>,
    pub active: Option<bool>,
    /// Bookings are confirmed without the mentor accepting. A new service
    /// without it: true when free, false when paid.
    pub instant_confirmation: Option<bool>,
}

impl From<MentorServiceBody> for ServiceEdit {
    fn from(b: MentorServiceBody) -> Self {
        ServiceEdit {
            title: b.title,
            description: b.description,
            duration_minutes: b.duration_minutes,
            price_paise: b.price_paise,
            active: b.active,
            instant_confirmation: b.instant_confirmation,
        }
    }
}

// ---- Availability ------------------------------------------------------

/// A weekly range: on `weekday` (0 = Monday … 6 = Sunday), from `start`
/// to `end`, local "HH:MM" times (`end` may be "24:00").
#[derive(Debug, Object)]
pub struct AvailabilityWeeklyRange {
    pub weekday: i64,
    pub start: String,
    pub end: String,
}

/// A range of local "HH:MM" times within a day.
#[derive(Debug, Object)]
pub struct AvailabilityTimeRange {
    pub start: String,
    pub end: String,
}

/// One date ("YYYY-MM-DD", local) whose ranges replace its weekday's; no
/// ranges = a day off.
#[derive(Debug, Object)]
pub struct AvailabilityOverride {
    pub date: String,
    #[oai(default)]
    pub ranges: Vec<AvailabilityTimeRange>,
}

/// The rules the mentor's bookable slots are computed from.
#[derive(Debug, Object)]
pub struct MentorAvailability {
    /// The mentor's IANA time zone, such as "Asia/Kolkata" or "Europe/London".
    pub time_zone: String,
    pub weekly: Vec<AvailabilityWeeklyRange>,
    pub overrides: Vec<AvailabilityOverride>,
    pub buffer_before_minutes: i64,
    pub buffer_after_minutes: i64,
    /// A slot starts at least this long after now.
    pub minimum_notice_minutes: i64,
    /// How many days ahead bookings open.
    pub booking_window_days: i64,
    /// At most this many sessions start on one local day; `null`: no cap.
    #[oai(nullable)]
    pub max_sessions_per_day: Option<i64>,
    /// The step between slot starts; `null`: the service's duration.
    #[oai(nullable)]
    pub slot_interval_minutes: Option<i64>,
    /// `false` until the mentor saves their own: these are then the
    /// defaults (India's time, no weekly hours, so no slots yet).
    pub configured: bool,
}

impl MentorAvailability {
    fn of(a: Availability, configured: bool) -> Self {
        MentorAvailability {
            time_zone: a.time_zone,
            weekly: a
                .weekly
                .into_iter()
                .map(|r| AvailabilityWeeklyRange {
                    weekday: i64::from(r.weekday),
                    start: r.start,
                    end: r.end,
                })
                .collect(),
            overrides: a
                .overrides
                .into_iter()
                .map(|o| AvailabilityOverride {
                    date: o.date,
                    ranges: o
                        .ranges
                        .into_iter()
                        .map(|r| AvailabilityTimeRange {
                            start: r.start,
                            end: r.end,
                        })
                        .collect(),
                })
                .collect(),
            buffer_before_minutes: i64::from(a.buffer_before_minutes),
            buffer_after_minutes: i64::from(a.buffer_after_minutes),
            minimum_notice_minutes: i64::from(a.minimum_notice_minutes),
            booking_window_days: i64::from(a.booking_window_days),
            max_sessions_per_day: a.max_sessions_per_day.map(i64::from),
            slot_interval_minutes: a.slot_interval_minutes.map(i64::from),
            configured,
        }
    }
}

/// The whole availability, replacing the stored one (`time_zone` and
/// `booking_window_days` required; lists default to empty, buffers and
/// notice to 0, the cap and the interval to none).
#[derive(Debug, Object)]
pub struct AvailabilityBody {
    pub time_zone: Option<String>,
    pub weekly: Option<Vec<AvailabilityWeeklyRange>>,
    pub overrides: Option<Vec<AvailabilityOverride>>,
    pub buffer_before_minutes: Option<i64>,
    pub buffer_after_minutes: Option<i64>,
    pub minimum_notice_minutes: Option<i64>,
    pub booking_window_days: Option<i64>,
    pub max_sessions_per_day: Option<i64>,
    pub slot_interval_minutes: Option<i64>,
}

impl From<AvailabilityBody> for AvailabilityInput {
    fn from(b: AvailabilityBody) -> Self {
        AvailabilityInput {
            time_zone: b.time_zone,
            weekly: b
                .weekly
                .unwrap_or_default()
                .into_iter()
                .map(|r| WeeklyInput {
                    weekday: r.weekday,
                    start: r.start,
                    end: r.end,
                })
                .collect(),
            overrides: b
                .overrides
                .unwrap_or_default()
                .into_iter()
                .map(|o| DateOverride {
                    date: o.date,
                    ranges: o
                        .ranges
                        .into_iter()
                        .map(|r| TimeRange {
                            start: r.start,
                            end: r.end,
                        })
                        .collect(),
                })
                .collect(),
            buffer_before_minutes: b.buffer_before_minutes,
            buffer_after_minutes: b.buffer_after_minutes,
            minimum_notice_minutes: b.minimum_notice_minutes,
            booking_window_days: b.booking_window_days,
            max_sessions_per_day: b.max_sessions_per_day,
            slot_interval_minutes: b.slot_interval_minutes,
        }
    }
}

// ---- Answers -----------------------------------------------------------

role_answers!(mentor, ProfileResponse {
    #[oai(status = 200)]
    Ok(Json<Box<OwnProfile>>),
});

role_answers!(mentor, ProfileUpdateResponse {
    #[oai(status = 200)]
    Ok(Json<Box<OwnProfile>>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

role_answers!(mentor, ServicesResponse {
    /// The mentor's services (paused ones too, retired ones not), in order.
    #[oai(status = 200)]
    Ok(Json<Vec<MentorService>>),
});

role_answers!(mentor, ServiceCreatedResponse {
    #[oai(status = 201)]
    Created(Json<MentorService>),
    /// Field errors, or `non_field_errors` when 20 services are offered already.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

role_answers!(mentor, ServiceUpdateResponse {
    #[oai(status = 200)]
    Ok(Json<MentorService>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such service of the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(mentor, ServiceRetiredResponse {
    /// Retired: gone from the list and the catalogue, kept for bookings.
    #[oai(status = 204)]
    Retired,
    /// No such service of the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(mentor, AvailabilityResponse {
    #[oai(status = 200)]
    Ok(Json<MentorAvailability>),
});

role_answers!(mentor, AvailabilityUpdateResponse {
    #[oai(status = 200)]
    Ok(Json<MentorAvailability>),
    /// Field errors, under the field the rule is about, in the rule's words.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

/// A failure no answer of the operation covers: 404 as the store says, or 500.
fn unexpected(e: MentoringError) -> poem::Error {
    match e {
        MentoringError::Invalid(_) | MentoringError::NotFound => {
            crate::store::StoreError::NotFound.into()
        }
        MentoringError::Store(e) => e.into(),
    }
}

pub struct MentorDashboardApi {
    pub state: Arc<AppState>,
}

impl MentorDashboardApi {
    fn now(&self) -> DateTime<Utc> {
        self.state.clock.now()
    }
}

#[OpenApi(tag = "ApiTags::MentorDashboard")]
impl MentorDashboardApi {
    /// My mentor profile
    #[oai(
        path = "/api/mentor/profile/",
        method = "get",
        operation_id = "myMentorProfile"
    )]
    async fn profile(&self, auth: SignedIn) -> poem::Result<ProfileResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), ProfileResponse);
        match mentoring::profile::profile(&self.state.store, mentor).await {
            Ok(m) => Ok(ProfileResponse::Ok(Json(Box::new(OwnProfile::of(
                m,
                self.now(),
            ))))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Edit my mentor profile
    ///
    /// Send only the fields to change; the profile as it would be is
    /// checked whole. Lists sent replace the stored ones. The public
    /// catalogue shows the change at once (with a new `ETag`).
    #[oai(
        path = "/api/mentor/profile/",
        method = "patch",
        operation_id = "updateMyMentorProfile"
    )]
    async fn update_profile(
        &self,
        auth: SignedIn,
        body: Json<MentorProfileBody>,
    ) -> poem::Result<ProfileUpdateResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), ProfileUpdateResponse);
        let edit = ProfileEdit::from(body.0);
        match mentoring::profile::update_profile(&self.state.store, mentor, edit, self.now()).await
        {
            Ok(m) => Ok(ProfileUpdateResponse::Ok(Json(Box::new(OwnProfile::of(
                m,
                self.now(),
            ))))),
            Err(MentoringError::Invalid(f)) => Ok(ProfileUpdateResponse::Invalid(Json(f))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// My services
    ///
    /// Paused ones included, retired ones not; each with the platform's
    /// commission and what the mentor receives.
    #[oai(
        path = "/api/mentor/services/",
        method = "get",
        operation_id = "myServices"
    )]
    async fn services(&self, auth: SignedIn) -> poem::Result<ServicesResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), ServicesResponse);
        match mentoring::services::services(&self.state.store, mentor).await {
            Ok(list) => Ok(ServicesResponse::Ok(Json(
                list.into_iter().map(MentorService::from).collect(),
            ))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Add a service
    ///
    /// At most 20 (retired ones do not count). Shown in the catalogue at
    /// once while `active`.
    #[oai(
        path = "/api/mentor/services/",
        method = "post",
        operation_id = "addService"
    )]
    async fn add_service(
        &self,
        auth: SignedIn,
        body: Json<MentorServiceBody>,
    ) -> poem::Result<ServiceCreatedResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), ServiceCreatedResponse);
        let fields = match forms::mentoring::parse_new_service(body.0.into()) {
            Ok(fields) => fields,
            Err(f) => return Ok(ServiceCreatedResponse::Invalid(Json(f))),
        };
        match mentoring::services::add(&self.state.store, mentor, fields, self.now()).await {
            Ok(s) => Ok(ServiceCreatedResponse::Created(Json(s.into()))),
            Err(MentoringError::Invalid(f)) => Ok(ServiceCreatedResponse::Invalid(Json(f))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Change a service
    ///
    /// Send only the fields to change; `active: false` pauses it.
    #[oai(
        path = "/api/mentor/services/:id/",
        method = "patch",
        operation_id = "updateService"
    )]
    async fn update_service(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<MentorServiceBody>,
    ) -> poem::Result<ServiceUpdateResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), ServiceUpdateResponse);
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(ServiceUpdateResponse::NotFound(Json(Detail::not_found())));
        };
        let store = &self.state.store;
        match mentoring::services::change(store, mentor, id, body.0.into(), self.now()).await {
            Ok(s) => Ok(ServiceUpdateResponse::Ok(Json(s.into()))),
            Err(MentoringError::Invalid(f)) => Ok(ServiceUpdateResponse::Invalid(Json(f))),
            Err(MentoringError::NotFound) => {
                Ok(ServiceUpdateResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Retire a service
    ///
    /// It leaves the mentor's list and the catalogue; bookings that name
    /// it keep it.
    #[oai(
        path = "/api/mentor/services/:id/",
        method = "delete",
        operation_id = "retireService"
    )]
    async fn retire_service(
        &self,
        auth: SignedIn,
        id: Path<String>,
    ) -> poem::Result<ServiceRetiredResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), ServiceRetiredResponse);
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(ServiceRetiredResponse::NotFound(Json(Detail::not_found())));
        };
        match mentoring::services::retire(&self.state.store, mentor, id, self.now()).await {
            Ok(()) => Ok(ServiceRetiredResponse::Retired),
            Err(MentoringError::NotFound) => {
                Ok(ServiceRetiredResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(unexpected(e)),
        }
    }

    /// My availability
    ///
    /// The stored rules, or (`configured: false`) the defaults: India's
    /// time, no weekly hours, 10 minutes after each session, a day's
    /// notice, 30 days ahead.
    #[oai(
        path = "/api/mentor/availability/",
        method = "get",
        operation_id = "myAvailability"
    )]
    async fn availability(&self, auth: SignedIn) -> poem::Result<AvailabilityResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), AvailabilityResponse);
        match mentoring::availability::availability(&self.state.store, mentor).await {
            Ok((a, configured)) => Ok(AvailabilityResponse::Ok(Json(MentorAvailability::of(
                a, configured,
            )))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Set my availability
    ///
    /// Replaces the rules whole; the catalogue's slots follow at once.
    #[oai(
        path = "/api/mentor/availability/",
        method = "put",
        operation_id = "setAvailability"
    )]
    async fn set_availability(
        &self,
        auth: SignedIn,
        body: Json<AvailabilityBody>,
    ) -> poem::Result<AvailabilityUpdateResponse> {
        let mentor = or_forbidden!(auth.0.require_mentor(), AvailabilityUpdateResponse);
        let rules = match forms::mentoring::parse_availability(body.0.into()) {
            Ok(rules) => rules,
            Err(f) => return Ok(AvailabilityUpdateResponse::Invalid(Json(f))),
        };
        match mentoring::availability::put(&self.state.store, mentor, rules, self.now()).await {
            Ok(a) => Ok(AvailabilityUpdateResponse::Ok(Json(
                MentorAvailability::of(a, true),
            ))),
            Err(MentoringError::Invalid(f)) => Ok(AvailabilityUpdateResponse::Invalid(Json(f))),
            Err(e) => Err(unexpected(e)),
        }
    }
}

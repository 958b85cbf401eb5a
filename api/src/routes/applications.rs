//! Becoming a mentor: the applicant's operations
//! (`/api/mentor-applications/…`) and the administrators' queue
//! (`/api/admin/mentor-applications/…`). Bodies are parsed by
//! `domain_wasm::forms::mentoring` (the fields by the domain's rule,
//! `domain_wasm::mentoring::check_application`, the browser's too); field
//! errors are `{"field": ["message"]}`, refusals `{"detail": "..."}`.

use std::sync::Arc;

use domain_wasm::forms::{
    self,
    mentoring::{ApplicationInput, ApplicationServiceInput},
};
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::accounts::registration::{RegisterError, Registration};
use crate::applications::dto::{AdminApplicationOut, ApplicationOut};
use crate::applications::{self, ApplicationError, Decision};
use crate::auth::SignedIn;
use crate::auth::limits::{self, Limited};
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::state::AppState;
use crate::store::applications::ApplicationStatus;
use crate::store::{Constraint, StoreError};

/// A session the applicant would offer.
#[derive(Debug, Object)]
pub struct ApplicationServiceBody {
    pub title: Option<String>,
    pub description: Option<String>,
    /// 15 to 180 minutes.
    pub duration_minutes: Option<i64>,
    /// Whole rupees in paise (a multiple of 100), 0 for a free session, at
    /// most ₹1,00,000.
    pub price_paise: Option<i64>,
}

/// An application to become a mentor.
#[derive(Debug, Object)]
pub struct ApplicationBody {
    pub name: Option<String>,
    /// The contact address for the profile.
    pub email: Option<String>,
    pub phone: Option<String>,
    /// 1 to 10 areas: the categories the form offers (Technology, Career, …) or free tags.
    pub expertise: Option<Vec<String>>,
    pub experience_years: Option<i64>,
    pub current_role: Option<String>,
    pub company: Option<String>,
    /// The applicant's LinkedIn profile (optional).
    pub linkedin: Option<String>,
    /// Up to 5 other pages (a site, a portfolio).
    pub links: Option<Vec<String>>,
    /// 50 to 2,000 characters.
    pub bio: Option<String>,
    /// 1 to 5 sessions the applicant would offer.
    pub services: Option<Vec<ApplicationServiceBody>>,
    /// An image uploaded with `POST /api/mentor-applications/photo/`.
    pub photo_id: Option<String>,
}

/// A guest's application: the application and the account it is made with.
#[derive(Debug, Object)]
pub struct GuestApplicationBody {
    /// The applicant's name, for the account and the profile.
    pub name: Option<String>,
    /// The account's address (the activation link goes there) and the
    /// profile's contact address.
    pub email: Option<String>,
    pub password: Option<String>,
    /// The password again; when sent, it must match.
    pub re_password: Option<String>,
    pub phone: Option<String>,
    pub expertise: Option<Vec<String>>,
    pub experience_years: Option<i64>,
    pub current_role: Option<String>,
    pub company: Option<String>,
    pub linkedin: Option<String>,
    pub links: Option<Vec<String>>,
    pub bio: Option<String>,
    pub services: Option<Vec<ApplicationServiceBody>>,
}

/// Why an application is rejected; the applicant is told.
#[derive(Debug, Object)]
pub struct RejectApplicationBody {
    /// 1 to 1,000 characters.
    pub reason: Option<String>,
}

#[derive(ApiResponse)]
pub enum SubmitResponse {
    /// Submitted: pending review. The applicant and the administrators are e-mailed.
    #[oai(status = 201)]
    Created(Json<Box<ApplicationOut>>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// An application is already under review, or the caller is a mentor
    /// or an administrator.
    #[oai(status = 409)]
    Conflict(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum GuestApplyResponse {
    /// The account (inactive until the e-mailed link is opened) and the
    /// application as a `draft`, submitted when the account is activated.
    #[oai(status = 201)]
    Created(Json<Box<ApplicationOut>>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// Too many attempts; `Retry-After` says when to try again.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
}

impl From<Limited> for GuestApplyResponse {
    fn from(l: Limited) -> Self {
        let (d, r) = super::accounts::too_many(l);
        GuestApplyResponse::TooMany(d, r)
    }
}

#[derive(ApiResponse)]
pub enum MineResponse {
    #[oai(status = 200)]
    Ok(Json<Box<ApplicationOut>>),
    /// The caller has not applied.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

role_answers!(admin, QueueResponse {
    /// Oldest submission first.
    #[oai(status = 200)]
    Ok(Json<Vec<AdminApplicationOut>>),
    /// An unknown `status`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

role_answers!(admin, AdminApplicationResponse {
    #[oai(status = 200)]
    Ok(Json<Box<AdminApplicationOut>>),
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(admin, DecisionResponse {
    /// Decided; the applicant is e-mailed.
    #[oai(status = 200)]
    Ok(Json<Box<AdminApplicationOut>>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    #[oai(status = 404)]
    NotFound(Json<Detail>),
    /// Already decided.
    #[oai(status = 409)]
    Conflict(Json<Detail>),
});

fn service_inputs(
    services: Option<Vec<ApplicationServiceBody>>,
) -> Option<Vec<ApplicationServiceInput>> {
    services.map(|list| {
        list.into_iter()
            .map(|s| ApplicationServiceInput {
                title: s.title,
                description: s.description,
                duration_minutes: s.duration_minutes,
                price_paise: s.price_paise,
            })
            .collect()
    })
}

/// The application's fields of either body (the signed-in person's or a
/// guest's: the same fields, declared twice for the OpenAPI document),
/// moved out of `$body`.
macro_rules! application_fields {
    ($body:ident) => {
        ApplicationInput {
            name: $body.name,
            email: $body.email,
            phone: $body.phone,
            expertise: $body.expertise,
            experience_years: $body.experience_years,
            current_role: $body.current_role,
            company: $body.company,
            linkedin: $body.linkedin,
            links: $body.links,
            bio: $body.bio,
            services: service_inputs($body.services),
        }
    };
}

/// The application's fields of a signed-in person's body.
fn application_input(body: ApplicationBody) -> (ApplicationInput, Option<String>) {
    let input = application_fields!(body);
    (input, body.photo_id)
}

/// A guest's body: its registration's fields, by the registration's
/// parser, and its application's.
fn guest_input(
    body: GuestApplicationBody,
) -> (Result<Registration, FieldErrors>, ApplicationInput) {
    let registration = forms::accounts::parse_register(
        body.name.as_deref(),
        body.email.as_deref(),
        body.password.as_deref(),
        body.re_password.as_deref(),
        None,
        None,
    );
    let input = application_fields!(body);
    (registration, input)
}

/// The queue's `status` filter: `None` for every submitted application.
fn parse_status(raw: Option<&str>) -> Result<Option<ApplicationStatus>, Fields> {
    // Exactly one of the documented choices (an empty or padded one is
    // refused, as the document's enum says).
    match raw.unwrap_or("pending") {
        "pending" => Ok(Some(ApplicationStatus::Pending)),
        "approved" => Ok(Some(ApplicationStatus::Approved)),
        "rejected" => Ok(Some(ApplicationStatus::Rejected)),
        "all" => Ok(None),
        other => Err(Fields::one(
            "status",
            format!("\"{other}\" is not a valid choice. Use pending, approved, rejected or all."),
        )),
    }
}

pub struct ApplicationsApi {
    pub state: Arc<AppState>,
}

impl ApplicationsApi {
    async fn throttle(
        &self,
        rule: limits::Rule,
        req: &Request,
        now: chrono::DateTime<chrono::Utc>,
    ) -> poem::Result<Option<Limited>> {
        let ip = crate::auth::client_of(req, self.state.trusted_proxies).ip;
        let key = crate::auth::client_key(ip);
        Ok(self.state.limiter.hit(rule, &key, now).await?.err())
    }
}

#[OpenApi(tag = "ApiTags::MentorApplications")]
impl ApplicationsApi {
    /// Apply to become a mentor
    ///
    /// Submits the application for review (an administrator decides within
    /// 24 hours) and e-mails the applicant and the administrators. 409 while
    /// an application is under review, and for mentors and administrators.
    #[oai(
        path = "/api/mentor-applications/",
        method = "post",
        operation_id = "applyToMentor"
    )]
    async fn submit(
        &self,
        auth: SignedIn,
        body: Json<ApplicationBody>,
    ) -> poem::Result<SubmitResponse> {
        let now = self.state.clock.now();
        let (input, photo_id) = application_input(body.0);
        let application = match forms::mentoring::parse_application(input, photo_id.as_deref()) {
            Ok(parsed) => parsed,
            Err(fields) => return Ok(SubmitResponse::Invalid(Json(fields))),
        };
        let (form, photo_id) = (application.form.into(), application.photo_id);
        match applications::submit(&self.state, &auth.0.user, form, photo_id, now).await {
            Ok(a) => Ok(SubmitResponse::Created(Json(Box::new(
                ApplicationOut::from(&a),
            )))),
            Err(ApplicationError::Invalid(fields)) => Ok(SubmitResponse::Invalid(Json(fields))),
            Err(e) => match e.conflict() {
                Some(detail) => Ok(SubmitResponse::Conflict(Json(Detail::new(detail)))),
                None => Err(internal_or_store(e)),
            },
        }
    }

    /// Apply with a new account
    ///
    /// For guests: the registration fields (`name`, `email`, `password`,
    /// `re_password`) and the application's. Creates the account, inactive
    /// until the e-mailed activation link is opened, and the application as
    /// a `draft`; activating the account submits it. The attempt limits of
    /// registration apply. A photo can be added from the mentor dashboard
    /// once approved.
    #[oai(
        path = "/api/mentor-applications/with-account/",
        method = "post",
        operation_id = "applyToMentorWithAccount"
    )]
    async fn apply_with_account(
        &self,
        req: &Request,
        body: Json<GuestApplicationBody>,
    ) -> poem::Result<GuestApplyResponse> {
        let now = self.state.clock.now();
        let ip = crate::auth::client_of(req, self.state.trusted_proxies).ip;
        if let Some(l) = self
            .state
            .limiter
            .hit_raised_when_shared(limits::REGISTER_PER_CLIENT, ip, now)
            .await?
            .err()
        {
            return Ok(l.into());
        }
        let (registration, input) = guest_input(body.0);
        let guest = match forms::mentoring::parse_guest_application(input, registration) {
            Ok(parsed) => parsed,
            Err(fields) => return Ok(GuestApplyResponse::Invalid(Json(fields))),
        };
        let registration = Registration {
            contact_number: guest.contact_number,
            ..guest.registration
        };
        let form = guest.form.into();
        match applications::apply_with_account(&self.state, registration, form, now).await {
            Ok(a) => Ok(GuestApplyResponse::Created(Json(Box::new(
                ApplicationOut::from(&a),
            )))),
            // A taken address tells whether it has an account: within the
            // client's budget of such answers only, as at registration.
            Err(ApplicationError::Register(RegisterError::Store(e))) => {
                if e.violated() == Some(Constraint::UserEmail)
                    && let Some(l) = self.throttle(limits::REVEALS_PER_CLIENT, req, now).await?
                {
                    return Ok(l.into());
                }
                Err(e.into())
            }
            Err(e) => Err(internal_or_store(e)),
        }
    }

    /// My applications
    ///
    /// Every application the caller submitted, newest first, each with its
    /// `status` and, when rejected, the `reason`: an empty array for someone
    /// who never applied (where `mine/` answers 404), so a screen can ask
    /// without an error either way.
    #[oai(
        path = "/api/mentor-applications/",
        method = "get",
        operation_id = "myMentorApplications"
    )]
    async fn list_mine(&self, auth: SignedIn) -> poem::Result<Json<Vec<ApplicationOut>>> {
        let all = self.state.store.applications_of(auth.0.user.id).await?;
        Ok(Json(all.iter().map(ApplicationOut::from).collect()))
    }

    /// My application
    ///
    /// The latest application the caller submitted, with its `status`
    /// (`pending`, `approved`, `rejected`) and, when rejected, the `reason`.
    #[oai(
        path = "/api/mentor-applications/mine/",
        method = "get",
        operation_id = "myMentorApplication"
    )]
    async fn mine(&self, auth: SignedIn) -> poem::Result<MineResponse> {
        match self
            .state
            .store
            .latest_application_of(auth.0.user.id)
            .await?
        {
            Some(a) => Ok(MineResponse::Ok(Json(Box::new(ApplicationOut::from(&a))))),
            None => Ok(MineResponse::NotFound(Json(Detail::not_found()))),
        }
    }
}

/// A use-case error that is neither a field error nor a refusal.
fn internal_or_store(e: ApplicationError) -> poem::Error {
    match e {
        ApplicationError::Store(e) => e.into(),
        ApplicationError::Register(RegisterError::Store(e)) => e.into(),
        ApplicationError::NotFound => StoreError::NotFound.into(),
        e => crate::error::internal(e),
    }
}

pub struct AdminApplicationsApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Admin")]
impl AdminApplicationsApi {
    /// The applications queue
    ///
    /// Submitted applications with `status` (`pending` by default,
    /// `approved`, `rejected`, or `all`), oldest first, each with how long
    /// it has waited and whether it is past the 24-hour promise.
    #[oai(
        path = "/api/admin/mentor-applications/",
        method = "get",
        operation_id = "adminMentorApplications"
    )]
    async fn queue(
        &self,
        auth: SignedIn,
        status: Query<Option<String>>,
    ) -> poem::Result<QueueResponse> {
        or_forbidden!(auth.0.require_admin(), QueueResponse);
        let filter = match parse_status(status.0.as_deref()) {
            Ok(f) => f,
            Err(fields) => return Ok(QueueResponse::Invalid(Json(fields.0))),
        };
        let now = self.state.clock.now();
        let list = self.state.store.applications(filter).await?;
        Ok(QueueResponse::Ok(Json(
            list.iter()
                .map(|a| AdminApplicationOut::of(a, now))
                .collect(),
        )))
    }

    /// One application
    #[oai(
        path = "/api/admin/mentor-applications/:id/",
        method = "get",
        operation_id = "adminMentorApplication"
    )]
    async fn one(
        &self,
        auth: SignedIn,
        id: Path<String>,
    ) -> poem::Result<AdminApplicationResponse> {
        or_forbidden!(auth.0.require_admin(), AdminApplicationResponse);
        match applications::for_admin(&self.state, &id.0).await {
            Ok(a) => Ok(AdminApplicationResponse::Ok(Json(Box::new(
                AdminApplicationOut::of(&a, self.state.clock.now()),
            )))),
            Err(ApplicationError::NotFound) => Ok(AdminApplicationResponse::NotFound(Json(
                Detail::not_found(),
            ))),
            Err(e) => Err(internal_or_store(e)),
        }
    }

    /// Approve an application
    ///
    /// Makes the applicant a mentor and publishes their profile from the
    /// application (its sessions bookable, its photo as theirs); it shows in
    /// `GET /api/mentors/` at once. E-mails the applicant. 409 when already
    /// decided.
    #[oai(
        path = "/api/admin/mentor-applications/:id/approve/",
        method = "post",
        operation_id = "approveMentorApplication"
    )]
    async fn approve(&self, auth: SignedIn, id: Path<String>) -> poem::Result<DecisionResponse> {
        self.decide(auth, &id.0, Ok(Decision::Approve)).await
    }

    /// Reject an application
    ///
    /// With the `reason` (1 to 1,000 characters), which the applicant is
    /// e-mailed. 409 when already decided.
    #[oai(
        path = "/api/admin/mentor-applications/:id/reject/",
        method = "post",
        operation_id = "rejectMentorApplication"
    )]
    async fn reject(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<RejectApplicationBody>,
    ) -> poem::Result<DecisionResponse> {
        let reason = forms::mentoring::parse_reject_application(body.0.reason.as_deref());
        self.decide(auth, &id.0, reason.map(Decision::Reject)).await
    }
}

impl AdminApplicationsApi {
    async fn decide(
        &self,
        auth: SignedIn,
        id: &str,
        decision: Result<Decision, FieldErrors>,
    ) -> poem::Result<DecisionResponse> {
        or_forbidden!(auth.0.require_admin(), DecisionResponse);
        let decision = match decision {
            Ok(d) => d,
            Err(fields) => return Ok(DecisionResponse::Invalid(Json(fields))),
        };
        let now = self.state.clock.now();
        match applications::decide(&self.state, &auth.0.user, id, decision, now).await {
            Ok(a) => Ok(DecisionResponse::Ok(Json(Box::new(
                AdminApplicationOut::of(&a, now),
            )))),
            Err(ApplicationError::NotFound) => {
                Ok(DecisionResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => match e.conflict() {
                Some(detail) => Ok(DecisionResponse::Conflict(Json(Detail::new(detail)))),
                None => Err(internal_or_store(e)),
            },
        }
    }
}

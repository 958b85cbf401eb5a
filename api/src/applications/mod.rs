//! Becoming a mentor (issue 11): a signed-in person applies; a guest applies
//! together with a new account, and the application is submitted when the
//! account is activated; an administrator approves or rejects it, and an
//! approval makes the account a mentor and publishes a profile from the
//! application. Each flow writes in one transaction, its e-mails included
//! (the outbox rows commit with the change): the acknowledgement to the
//! applicant and a notice to every administrator on submission, the
//! decision to the applicant.
//!
//! Administrators may not apply (their account runs the site, not a
//! profile); a mentor may not apply again. An account has at most one open
//! application (a unique index backs the check against two at once).

pub mod dto;
pub mod publish;

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::accounts::registration::{self, RegisterError, Registration};
use crate::fields::FieldErrors;
use crate::mail::mentoring_templates;
use crate::state::AppState;
use crate::store::applications::{
    Application, ApplicationForm, ApplicationStatus, NewApplication, is_second_open_application,
};
use crate::store::media::MediaPurpose;
use crate::store::{Role, StoreError, Tx, User};

pub const ALREADY_OPEN: &str = "You already have an application under review. We will e-mail you the decision; you can follow it on your application's page.";
pub const ALREADY_MENTOR: &str =
    "You are already a mentor. Manage your profile and sessions from your mentor dashboard.";
pub const ADMIN_CANNOT_APPLY: &str =
    "Administrators cannot apply to become mentors. Apply from a separate account of your own.";
pub const ALREADY_DECIDED: &str = "This application has already been decided.";
pub const APPLICANT_IS_MENTOR: &str = "The applicant already runs a mentor profile: reject this application instead, with that reason.";
pub const PHOTO_NOT_FOUND: &str =
    "This photo was not found among your uploads for an application. Upload it again.";

/// Where the web app shows a signed-in person's application: the status in
/// place of the form on the Become a Mentor page, or the form again once a
/// rejection lets them reapply. The e-mails link here (there is no page of
/// its own for an application).
pub const APPLICATION_PAGE: &str = "/become-mentor#apply";

/// Pending applications older than this are overdue (the SPEC promises a
/// decision within 24 hours).
pub const DECISION_DEADLINE: chrono::TimeDelta = chrono::TimeDelta::hours(24);

#[derive(Debug, Error)]
pub enum ApplicationError {
    /// Field errors, djoser's shape.
    #[error("the application has field errors")]
    Invalid(FieldErrors),
    #[error("{ALREADY_OPEN}")]
    AlreadyOpen,
    #[error("{ALREADY_MENTOR}")]
    AlreadyMentor,
    #[error("{ADMIN_CANNOT_APPLY}")]
    Admin,
    /// No such application (drafts count as none for administrators).
    #[error("not found")]
    NotFound,
    #[error("{ALREADY_DECIDED}")]
    AlreadyDecided,
    #[error("{APPLICANT_IS_MENTOR}")]
    ApplicantIsMentor,
    #[error(transparent)]
    Register(RegisterError),
    #[error("cannot record the application: {0}")]
    Store(#[from] StoreError),
}

impl ApplicationError {
    /// The message of a refusal answered with 409.
    pub fn conflict(&self) -> Option<&'static str> {
        match self {
            ApplicationError::AlreadyOpen => Some(ALREADY_OPEN),
            ApplicationError::AlreadyMentor => Some(ALREADY_MENTOR),
            ApplicationError::Admin => Some(ADMIN_CANNOT_APPLY),
            ApplicationError::AlreadyDecided => Some(ALREADY_DECIDED),
            ApplicationError::ApplicantIsMentor => Some(APPLICANT_IS_MENTOR),
            _ => None,
        }
    }
}

fn field(name: &str, message: &str) -> ApplicationError {
    ApplicationError::Invalid(FieldErrors::from([(
        name.to_owned(),
        vec![message.to_owned()],
    )]))
}

/// The address at which the site shows an uploaded photo.
pub fn photo_url(photo_id: &str) -> String {
    crate::media::public_url(photo_id)
}

/// A random, unguessable id (22 characters, URL-safe).
pub fn new_id() -> String {
    crate::site::enquiries::new_reference()
}

/// Whether `user` may apply at all.
fn eligible(user: &User) -> Result<(), ApplicationError> {
    match user.role {
        Role::Admin => Err(ApplicationError::Admin),
        Role::Mentor => Err(ApplicationError::AlreadyMentor),
        Role::User if user.mentor_id.is_some() => Err(ApplicationError::AlreadyMentor),
        Role::User => Ok(()),
    }
}

/// A photo the applicant may attach: an image they uploaded for an
/// application.
async fn check_photo(
    state: &AppState,
    user: &User,
    photo_id: Option<&str>,
) -> Result<(), ApplicationError> {
    let Some(id) = photo_id else {
        return Ok(());
    };
    match state.store.media_image(id).await {
        Ok(image)
            if image.owner_user_id == user.id && image.purpose == MediaPurpose::Application =>
        {
            Ok(())
        }
        Ok(_) | Err(StoreError::NotFound) => Err(field("photo_id", PHOTO_NOT_FOUND)),
        Err(e) => Err(e.into()),
    }
}

/// Queues the acknowledgement to the applicant and the notice to every
/// administrator of a just-submitted application.
async fn queue_submitted(
    state: &AppState,
    tx: &mut Tx,
    a: &Application,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let ack = mentoring_templates::received(&a.user_email, a, &state.link(APPLICATION_PAGE));
    state.mailer.queue(tx, ack, now).await?;
    let queue_link = state.link("/dashboard/admin");
    for admin in tx.admin_emails().await? {
        let notice = mentoring_templates::to_admin(&admin, a, &queue_link);
        state.mailer.queue(tx, notice, now).await?;
    }
    Ok(())
}

/// Inserts an application, a second open one answered as such.
async fn insert(
    tx: &mut Tx,
    new: &NewApplication,
    now: DateTime<Utc>,
) -> Result<Application, ApplicationError> {
    tx.insert_application(new, now).await.map_err(|e| {
        if is_second_open_application(&e) {
            ApplicationError::AlreadyOpen
        } else {
            e.into()
        }
    })
}

/// A signed-in person applies: the application is pending from `now`.
pub async fn submit(
    state: &AppState,
    user: &User,
    form: ApplicationForm,
    photo_id: Option<String>,
    now: DateTime<Utc>,
) -> Result<Application, ApplicationError> {
    eligible(user)?;
    check_photo(state, user, photo_id.as_deref()).await?;
    let mut tx = state.store.begin().await?;
    // A draft of an account that is active was made by whoever registered
    // the address before its owner proved it (a password reset or Google
    // activated it, not the e-mailed link): it is not the owner's, so it
    // gives way.
    tx.delete_draft_of(user.id).await?;
    if tx.open_application_of(user.id).await?.is_some() {
        return Err(ApplicationError::AlreadyOpen);
    }
    let new = NewApplication {
        id: new_id(),
        user_id: user.id,
        status: ApplicationStatus::Pending,
        form,
        photo_id,
    };
    let application = insert(&mut tx, &new, now).await?;
    queue_submitted(state, &mut tx, &application, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    tracing::info!(id = %application.id, user = user.id, "mentor application submitted");
    Ok(application)
}

/// A guest applies: their inactive account (with its activation e-mail,
/// as registration sends it) and the application as a draft, together.
/// Activating the account submits it ([`submit_draft`]).
pub async fn apply_with_account(
    state: &AppState,
    registration: Registration,
    form: ApplicationForm,
    now: DateTime<Utc>,
) -> Result<Application, ApplicationError> {
    let new_user = registration::prepare(registration)
        .await
        .map_err(ApplicationError::Register)?;
    let mut tx = state.store.begin().await?;
    let user = registration::create_inactive(state, &mut tx, &new_user, now)
        .await
        .map_err(|e| ApplicationError::Register(RegisterError::Store(e)))?;
    let new = NewApplication {
        id: new_id(),
        user_id: user.id,
        status: ApplicationStatus::Draft,
        form,
        photo_id: None,
    };
    let application = insert(&mut tx, &new, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(application)
}

/// Activates the account of an e-mailed link, welcomes its owner and, in
/// the same unit of work, submits the mentor application a guest drafted
/// before registering (with its e-mails).
pub async fn activate_account(
    state: &AppState,
    uid: &str,
    token: &str,
    now: DateTime<Utc>,
) -> Result<(), registration::ActivationError> {
    let user = registration::account_to_activate(state, uid, token, now).await?;
    let mut tx = state.store.begin().await?;
    tx.activate_user(user.id, now).await?;
    submit_draft(state, &mut tx, &user, now).await?;
    registration::queue_welcome(state, &mut tx, &user, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

/// Submits the draft of an account being activated, in the activation's
/// unit of work, with its e-mails; nothing when it has none.
pub async fn submit_draft(
    state: &AppState,
    tx: &mut Tx,
    user: &User,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    if let Some(application) = tx.submit_draft_of(user.id, now).await? {
        queue_submitted(state, tx, &application, now).await?;
        tracing::info!(id = %application.id, user = user.id, "mentor application submitted on activation");
    }
    Ok(())
}

/// An administrator's decision.
#[derive(Debug, Clone)]
pub enum Decision {
    Approve,
    /// With the reason the applicant is told.
    Reject(String),
}

/// An application as administrators see it: submitted ones only.
pub async fn for_admin(state: &AppState, id: &str) -> Result<Application, ApplicationError> {
    match state.store.application(id).await {
        Ok(a) if a.status != ApplicationStatus::Draft => Ok(a),
        Ok(_) | Err(StoreError::NotFound) => Err(ApplicationError::NotFound),
        Err(e) => Err(e.into()),
    }
}

/// Records `decision` on a pending application, with who and when. An
/// approval makes the account a mentor and publishes their profile (its
/// services active, the application's photo as theirs), in the same
/// transaction; the catalogue shows it at once. Both e-mail the applicant.
pub async fn decide(
    state: &AppState,
    admin: &User,
    id: &str,
    decision: Decision,
    now: DateTime<Utc>,
) -> Result<Application, ApplicationError> {
    let mut tx = state.store.begin().await?;
    let application = match tx.application(id).await {
        Ok(a) if a.status == ApplicationStatus::Draft => return Err(ApplicationError::NotFound),
        Ok(a) => a,
        Err(StoreError::NotFound) => return Err(ApplicationError::NotFound),
        Err(e) => return Err(e.into()),
    };
    if application.status != ApplicationStatus::Pending {
        return Err(ApplicationError::AlreadyDecided);
    }
    let approved = matches!(decision, Decision::Approve);
    let (status, reason, mentor_id) = match &decision {
        Decision::Approve => {
            let applicant = tx.user_by_id(application.user_id).await?;
            if applicant.mentor_id.is_some() || applicant.role != Role::User {
                return Err(ApplicationError::ApplicantIsMentor);
            }
            let photo = application.photo_id.as_deref();
            let profile = publish::new_mentor(&application, photo.map(photo_url));
            let mentor_id = tx.insert_mentor(&profile, photo, now).await?;
            tx.set_role(applicant.id, Role::Mentor, now).await?;
            tx.link_mentor(mentor_id, applicant.id).await?;
            (ApplicationStatus::Approved, None, Some(mentor_id))
        }
        Decision::Reject(reason) => (ApplicationStatus::Rejected, Some(reason.as_str()), None),
    };
    if !tx
        .decide_application(id, status, reason, admin.id, mentor_id, now)
        .await?
    {
        return Err(ApplicationError::AlreadyDecided);
    }
    let decided = tx.application(id).await?;
    if let Some(mentor_id) = mentor_id {
        crate::webhooks::mentor_approved(
            &mut tx,
            id,
            mentor_id,
            decided.user_id,
            &decided.form.name,
            now,
        )
        .await?;
    }
    let mail = match &decision {
        Decision::Approve => mentoring_templates::approved(
            &decided.user_email,
            &decided,
            &state.link("/dashboard/mentor"),
        ),
        Decision::Reject(reason) => mentoring_templates::rejected(
            &decided.user_email,
            &decided,
            reason,
            &state.link(APPLICATION_PAGE),
        ),
    };
    state.mailer.queue(&mut tx, mail, now).await?;
    tx.commit().await?;
    if approved {
        state.store.catalogue_written();
    }
    state.mailer.wake();
    tracing::info!(
        id,
        admin = admin.id,
        status = status.as_str(),
        "mentor application decided"
    );
    Ok(decided)
}

/// How long a submitted application has waited: until now while pending,
/// until its decision otherwise.
pub fn age(a: &Application, now: DateTime<Utc>) -> chrono::TimeDelta {
    let Some(submitted) = a.submitted_at else {
        return chrono::TimeDelta::zero();
    };
    let until = a.decided_at.unwrap_or(now);
    (until - submitted).max(chrono::TimeDelta::zero())
}

/// Pending for longer than the SPEC's promise.
pub fn overdue(a: &Application, now: DateTime<Utc>) -> bool {
    a.status == ApplicationStatus::Pending && age(a, now) > DECISION_DEADLINE
}

//! What the application endpoints answer, as the OpenAPI document names it.

use chrono::{DateTime, Utc};
use poem_openapi::Object;

use super::{age, overdue, photo_url};
use crate::store::applications::{Application, OfferedService};

/// A session the applicant would offer.
#[derive(Debug, Clone, Object)]
pub struct OfferedServiceOut {
    pub title: String,
    pub description: String,
    /// 15 to 180 minutes.
    pub duration_minutes: i64,
    /// Whole rupees in paise; 0 means free.
    pub price_paise: i64,
}

impl From<&OfferedService> for OfferedServiceOut {
    fn from(s: &OfferedService) -> Self {
        OfferedServiceOut {
            title: s.title.clone(),
            description: s.description.clone(),
            duration_minutes: s.duration_minutes,
            price_paise: s.price_paise.to_i64(),
        }
    }
}

/// An application to become a mentor, as its applicant sees it.
#[derive(Debug, Clone, Object)]
pub struct ApplicationOut {
    /// Random and unguessable.
    pub id: String,
    /// `draft` (a guest's, submitted when their account is activated),
    /// `pending` (under review), `approved` or `rejected`.
    pub status: String,
    pub name: String,
    /// The contact address for the profile.
    pub email: String,
    pub phone: String,
    pub expertise: Vec<String>,
    pub experience_years: i64,
    pub current_role: String,
    pub company: String,
    pub linkedin: String,
    pub links: Vec<String>,
    pub bio: String,
    pub services: Vec<OfferedServiceOut>,
    #[oai(nullable)]
    pub photo_id: Option<String>,
    /// Where the photo is shown, when there is one.
    #[oai(nullable)]
    pub photo_url: Option<String>,
    /// Why it was rejected.
    #[oai(nullable)]
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    /// `null` while a draft.
    #[oai(nullable)]
    pub submitted_at: Option<DateTime<Utc>>,
    #[oai(nullable)]
    pub decided_at: Option<DateTime<Utc>>,
}

impl From<&Application> for ApplicationOut {
    fn from(a: &Application) -> Self {
        let f = &a.form;
        ApplicationOut {
            id: a.id.clone(),
            status: a.status.as_str().to_owned(),
            name: f.name.clone(),
            email: f.email.clone(),
            phone: f.phone.clone(),
            expertise: f.expertise.clone(),
            experience_years: f.experience_years,
            current_role: f.current_role.clone(),
            company: f.company.clone(),
            linkedin: f.linkedin.clone(),
            links: f.links.clone(),
            bio: f.bio.clone(),
            services: f.services.iter().map(OfferedServiceOut::from).collect(),
            photo_url: a.photo_id.as_deref().map(photo_url),
            photo_id: a.photo_id.clone(),
            reason: a.reason.clone(),
            created_at: a.created_at,
            submitted_at: a.submitted_at,
            decided_at: a.decided_at,
        }
    }
}

/// An application as administrators see it: with its applicant's account
/// and how long it has waited against the 24-hour promise.
#[derive(Debug, Clone, Object)]
pub struct AdminApplicationOut {
    #[oai(flatten)]
    pub application: ApplicationOut,
    /// The applicant's account.
    pub user_id: i64,
    /// The applicant's account's address.
    pub user_email: String,
    /// Minutes since submission while pending; from submission to the
    /// decision once decided.
    pub age_minutes: i64,
    /// Pending for more than 24 hours (the SPEC promises a decision within 24 hours).
    pub overdue: bool,
    /// The administrator who decided.
    #[oai(nullable)]
    pub decided_by: Option<i64>,
    /// The profile an approval published.
    #[oai(nullable)]
    pub mentor_id: Option<i64>,
}

impl AdminApplicationOut {
    pub fn of(a: &Application, now: DateTime<Utc>) -> Self {
        AdminApplicationOut {
            application: ApplicationOut::from(a),
            user_id: a.user_id,
            user_email: a.user_email.clone(),
            age_minutes: age(a, now).num_minutes(),
            overdue: overdue(a, now),
            decided_by: a.decided_by,
            mentor_id: a.mentor_id,
        }
    }
}

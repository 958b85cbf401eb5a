//! Applications to become a mentor (`mentor_applications`) and what an
//! approval writes: the new mentor's profile, inserted inside the
//! approval's own unit of work. The application is a document as the
//! applicant sent it: its lists are stored as JSON text, checked by the
//! domain crate before they get here.

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::mentors::portrait_path;
use super::model::NewMentor;
use super::{Store, StoreError, Tx, ViolationKind, on_pool, on_tx};

pub use domain_wasm::mentoring::ApplicationStatus;

/// A session the applicant would offer, as stored in the application's
/// `services` JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferedService {
    pub title: String,
    #[serde(default)]
    pub description: String,
    pub duration_minutes: i64,
    /// Zero means free.
    pub price_paise: Paise,
}

/// What the applicant wrote, already checked and cleaned.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApplicationForm {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub expertise: Vec<String>,
    pub experience_years: i64,
    pub current_role: String,
    pub company: String,
    pub linkedin: String,
    pub links: Vec<String>,
    pub bio: String,
    pub services: Vec<OfferedService>,
}

impl From<domain_wasm::mentoring::ApplicationDraft> for ApplicationForm {
    /// An application as `domain_wasm::forms::mentoring` parsed it.
    fn from(clean: domain_wasm::mentoring::ApplicationDraft) -> Self {
        ApplicationForm {
            name: clean.name,
            email: clean.email,
            phone: clean.phone,
            expertise: clean.expertise,
            experience_years: clean.experience_years,
            current_role: clean.current_role,
            company: clean.company,
            linkedin: clean.linkedin,
            links: clean.links,
            bio: clean.bio,
            services: clean
                .services
                .into_iter()
                .map(|s| OfferedService {
                    title: s.title,
                    description: s.description,
                    duration_minutes: s.duration_minutes,
                    // The form's price rule admits no negative price.
                    price_paise: Paise::saturating_from(s.price_paise),
                })
                .collect(),
        }
    }
}

/// An application to record.
#[derive(Debug, Clone)]
pub struct NewApplication {
    /// Random, unguessable.
    pub id: String,
    pub user_id: i64,
    /// [`ApplicationStatus::Pending`] (submitted now) or
    /// [`ApplicationStatus::Draft`].
    pub status: ApplicationStatus,
    pub form: ApplicationForm,
    pub photo_id: Option<String>,
}

/// A stored application, with the applicant account's address.
#[derive(Debug, Clone, PartialEq)]
pub struct Application {
    pub id: String,
    pub user_id: i64,
    /// The applicant's account (the form's `email` is the contact address
    /// they want on their profile, which may differ).
    pub user_email: String,
    pub status: ApplicationStatus,
    pub form: ApplicationForm,
    pub photo_id: Option<String>,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    /// `None` while a draft.
    pub submitted_at: Option<DateTime<Utc>>,
    pub decided_at: Option<DateTime<Utc>>,
    pub decided_by: Option<i64>,
    /// The profile an approval published.
    pub mentor_id: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

#[derive(FromRow)]
struct ApplicationRow {
    id: String,
    user_id: i64,
    user_email: String,
    #[sqlx(try_from = "String")]
    status: ApplicationStatus,
    name: String,
    email: String,
    phone: String,
    expertise: String,
    experience_years: i64,
    job_title: String,
    company: String,
    linkedin: String,
    links: String,
    bio: String,
    services: String,
    photo_id: Option<String>,
    reason: Option<String>,
    created_at: DateTime<Utc>,
    submitted_at: Option<DateTime<Utc>>,
    decided_at: Option<DateTime<Utc>>,
    decided_by: Option<i64>,
    mentor_id: Option<i64>,
    updated_at: DateTime<Utc>,
}

fn json_list<T: for<'de> Deserialize<'de>>(what: &'static str, raw: &str) -> Result<T, StoreError> {
    serde_json::from_str(raw).map_err(|_| StoreError::Corrupt {
        what,
        value: raw.to_owned(),
    })
}

impl TryFrom<ApplicationRow> for Application {
    type Error = StoreError;

    fn try_from(r: ApplicationRow) -> Result<Application, StoreError> {
        let status = r.status;
        Ok(Application {
            form: ApplicationForm {
                expertise: json_list("application expertise", &r.expertise)?,
                links: json_list("application links", &r.links)?,
                services: json_list("application services", &r.services)?,
                name: r.name,
                email: r.email,
                phone: r.phone,
                experience_years: r.experience_years,
                current_role: r.job_title,
                company: r.company,
                linkedin: r.linkedin,
                bio: r.bio,
            },
            id: r.id,
            user_id: r.user_id,
            user_email: r.user_email,
            status,
            photo_id: r.photo_id,
            reason: r.reason,
            created_at: r.created_at,
            submitted_at: r.submitted_at,
            decided_at: r.decided_at,
            decided_by: r.decided_by,
            mentor_id: r.mentor_id,
            updated_at: r.updated_at,
        })
    }
}

fn select(condition: &str, order: &str) -> String {
    format!(
        "SELECT a.id, a.user_id, u.email AS user_email, a.status, a.name, a.email, a.phone, \
         a.expertise, a.experience_years, a.job_title, a.company, a.linkedin, a.links, a.bio, \
         a.services, a.photo_id, a.reason, a.created_at, a.submitted_at, a.decided_at, \
         a.decided_by, a.mentor_id, a.updated_at \
         FROM mentor_applications a JOIN users u ON u.id = a.user_id \
         WHERE {condition} {order}"
    )
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned())
}

/// Whether a store error is the one-open-application-per-account index
/// refusing a second open application (named on PostgreSQL; SQLite names
/// the table and column instead).
pub fn is_second_open_application(e: &StoreError) -> bool {
    matches!(e, StoreError::Violation(v)
        if v.kind == ViolationKind::Unique
            && (v.name == "mentor_applications_one_open"
                || v.name.contains("mentor_applications.user_id")))
}

impl Store {
    /// One application (drafts included) by id.
    pub async fn application(&self, id: &str) -> Result<Application, StoreError> {
        let sql = select("a.id = $1", "");
        let row = on_pool!(self, pool => sqlx::query_as::<_, ApplicationRow>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)?.try_into()
    }

    /// The account's newest submitted application (never a draft).
    pub async fn latest_application_of(
        &self,
        user_id: i64,
    ) -> Result<Option<Application>, StoreError> {
        let sql = select(
            "a.user_id = $1 AND a.status <> 'draft'",
            "ORDER BY a.submitted_at DESC, a.created_at DESC, a.id LIMIT 1",
        );
        let row = on_pool!(self, pool => sqlx::query_as::<_, ApplicationRow>(&sql)
            .bind(user_id)
            .fetch_optional(pool)
            .await)?;
        row.map(Application::try_from).transpose()
    }

    /// Every application the account submitted (never a draft), newest
    /// first.
    pub async fn applications_of(&self, user_id: i64) -> Result<Vec<Application>, StoreError> {
        let sql = select(
            "a.user_id = $1 AND a.status <> 'draft'",
            "ORDER BY a.submitted_at DESC, a.created_at DESC, a.id",
        );
        let rows = on_pool!(self, pool => sqlx::query_as::<_, ApplicationRow>(&sql)
            .bind(user_id)
            .fetch_all(pool)
            .await)?;
        rows.into_iter().map(Application::try_from).collect()
    }

    /// Submitted applications with `status` (any but drafts when `None`),
    /// oldest submission first.
    pub async fn applications(
        &self,
        status: Option<ApplicationStatus>,
    ) -> Result<Vec<Application>, StoreError> {
        let sql = select(
            "a.status <> 'draft' AND ($1 = '' OR a.status = $1)",
            "ORDER BY a.submitted_at, a.created_at, a.id",
        );
        let filter = status.map_or("", ApplicationStatus::as_str);
        let rows = on_pool!(self, pool => sqlx::query_as::<_, ApplicationRow>(&sql)
            .bind(filter)
            .fetch_all(pool)
            .await)?;
        rows.into_iter().map(Application::try_from).collect()
    }
}

impl Tx {
    /// One application, read inside the unit of work.
    pub async fn application(&mut self, id: &str) -> Result<Application, StoreError> {
        let sql = select("a.id = $1", "");
        let row = on_tx!(self, conn => sqlx::query_as::<_, ApplicationRow>(&sql)
            .bind(id)
            .fetch_optional(conn)
            .await)?;
        row.ok_or(StoreError::NotFound)?.try_into()
    }

    /// The addresses of the active administrators.
    pub async fn admin_emails(&mut self) -> Result<Vec<String>, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query_scalar::<_, String>(
            "SELECT email FROM users WHERE role = 'admin' AND is_active = $1 \
             AND disabled_at IS NULL ORDER BY id",
        )
        .bind(true)
        .fetch_all(conn)
        .await)?)
    }

    /// The account's open (draft or pending) application, if any.
    pub async fn open_application_of(
        &mut self,
        user_id: i64,
    ) -> Result<Option<Application>, StoreError> {
        let sql = select("a.user_id = $1 AND a.status IN ('draft', 'pending')", "");
        let row = on_tx!(self, conn => sqlx::query_as::<_, ApplicationRow>(&sql)
            .bind(user_id)
            .fetch_optional(conn)
            .await)?;
        row.map(Application::try_from).transpose()
    }

    /// Records an application: pending and submitted `now`, or a draft.
    /// A second open application of the same account breaks the
    /// one-open-application index (see [`is_second_open_application`]).
    pub async fn insert_application(
        &mut self,
        new: &NewApplication,
        now: DateTime<Utc>,
    ) -> Result<Application, StoreError> {
        let f = &new.form;
        let submitted_at = (new.status == ApplicationStatus::Pending).then_some(now);
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO mentor_applications (id, user_id, status, name, email, phone, expertise, \
             experience_years, job_title, company, linkedin, links, bio, services, photo_id, \
             created_at, submitted_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $16)",
        )
        .bind(&new.id)
        .bind(new.user_id)
        .bind(new.status.as_str())
        .bind(&f.name)
        .bind(&f.email)
        .bind(&f.phone)
        .bind(to_json(&f.expertise))
        .bind(f.experience_years)
        .bind(&f.current_role)
        .bind(&f.company)
        .bind(&f.linkedin)
        .bind(to_json(&f.links))
        .bind(&f.bio)
        .bind(to_json(&f.services))
        .bind(&new.photo_id)
        .bind(now)
        .bind(submitted_at)
        .execute(conn)
        .await
        .map(|_| ()))?;
        self.application(&new.id).await
    }

    /// Deletes the account's draft, if it has one.
    pub async fn delete_draft_of(&mut self, user_id: i64) -> Result<u64, StoreError> {
        Ok(on_tx!(self, conn => sqlx::query(
            "DELETE FROM mentor_applications WHERE user_id = $1 AND status = 'draft'",
        )
        .bind(user_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?)
    }

    /// Submits the account's draft (pending from `now`); `None` when it
    /// has none.
    pub async fn submit_draft_of(
        &mut self,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Option<Application>, StoreError> {
        let id: Option<String> = on_tx!(self, conn => sqlx::query_scalar(
            "UPDATE mentor_applications SET status = 'pending', submitted_at = $1, updated_at = $1 \
             WHERE user_id = $2 AND status = 'draft' RETURNING id",
        )
        .bind(now)
        .bind(user_id)
        .fetch_optional(conn)
        .await)?;
        match id {
            Some(id) => Ok(Some(self.application(&id).await?)),
            None => Ok(None),
        }
    }

    /// Records the decision on a pending application; false when it is not
    /// pending (any more): decided meanwhile, or a draft.
    pub async fn decide_application(
        &mut self,
        id: &str,
        status: ApplicationStatus,
        reason: Option<&str>,
        decided_by: i64,
        mentor_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_tx!(self, conn => sqlx::query(
            "UPDATE mentor_applications SET status = $1, reason = $2, decided_by = $3, \
             mentor_id = $4, decided_at = $5, updated_at = $5 \
             WHERE id = $6 AND status = 'pending'",
        )
        .bind(status.as_str())
        .bind(reason)
        .bind(decided_by)
        .bind(mentor_id)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Inserts one mentor profile with its lists (services active), with
    /// an uploaded photo when given; returns its id. The caller marks the
    /// catalogue written after the commit ([`Store::catalogue_written`]).
    pub async fn insert_mentor(
        &mut self,
        m: &NewMentor,
        photo_id: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let id: i64 = on_tx!(self, conn => sqlx::query_scalar(
            "INSERT INTO mentors (user_id, name, headline, rating, experience_years, bio, image_url, \
             photo_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id",
        )
        .bind(m.user_id)
        .bind(&m.name)
        .bind(&m.headline)
        .bind(m.rating)
        .bind(m.experience_years)
        .bind(&m.bio)
        .bind(&m.image_url)
        .bind(photo_id)
        .bind(now)
        .fetch_one(conn)
        .await)?;
        if m.image_url.is_none() {
            on_tx!(self, conn => sqlx::query("UPDATE mentors SET image_url = $1 WHERE id = $2")
                .bind(portrait_path(id))
                .bind(id)
                .execute(conn)
                .await
                .map(|_| ()))?;
        }
        for (pos, name) in m.expertise.iter().enumerate() {
            on_tx!(self, conn => sqlx::query(
                "INSERT INTO mentor_expertise (mentor_id, position, name) VALUES ($1, $2, $3)",
            )
            .bind(id).bind(pos as i64).bind(name)
            .execute(conn).await.map(|_| ()))?;
        }
        for (pos, (kind, value)) in m.contact.iter().enumerate() {
            on_tx!(self, conn => sqlx::query(
                "INSERT INTO mentor_contacts (mentor_id, position, kind, value) VALUES ($1, $2, $3, $4)",
            )
            .bind(id).bind(pos as i64).bind(kind).bind(value)
            .execute(conn).await.map(|_| ()))?;
        }
        for (pos, (network, url)) in m.social_links.iter().enumerate() {
            on_tx!(self, conn => sqlx::query(
                "INSERT INTO mentor_social_links (mentor_id, position, network, url) VALUES ($1, $2, $3, $4)",
            )
            .bind(id).bind(pos as i64).bind(network).bind(url)
            .execute(conn).await.map(|_| ()))?;
        }
        for (pos, s) in m.services.iter().enumerate() {
            on_tx!(self, conn => sqlx::query(
                "INSERT INTO mentor_services (mentor_id, position, title, description, duration_minutes, \
                 price_paise, active) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id).bind(pos as i64).bind(&s.title).bind(&s.description)
            .bind(s.duration_minutes).bind(s.price_paise.to_i64()).bind(true)
            .execute(conn).await.map(|_| ()))?;
        }
        Ok(id)
    }
}

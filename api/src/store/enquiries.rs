//! Enquiries from the contact and custom-quote forms (`enquiries`), kept
//! for the admin dashboard.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::{Store, StoreError, on_pool};

/// Which form an enquiry came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnquiryKind {
    /// `/contact`.
    Contact,
    /// `/b2b/contact` (Get Custom Quote).
    Quote,
}

impl EnquiryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EnquiryKind::Contact => "contact",
            EnquiryKind::Quote => "quote",
        }
    }
}

/// The programmes a custom quote can be for: slug (as stored and sent by
/// the form) and name. The slugs are the business pages' (`/b2b/{slug}`).
pub const PROGRAMMES: &[(&str, &str)] = &[
    ("corporate-mentoring", "Corporate Mentoring"),
    ("ceo-talks", "CEO Talks"),
    ("strategy-consulting", "Strategy Consulting"),
    ("industry-mentoring", "Industry Mentoring"),
    ("startup-entrepreneurship", "Startup & Entrepreneurship"),
    ("other", "Something else"),
];

/// The name of a programme slug (the slug itself when unknown).
pub fn programme_label(slug: &str) -> &str {
    PROGRAMMES
        .iter()
        .find(|(s, _)| *s == slug)
        .map_or(slug, |(_, label)| label)
}

/// An enquiry to record: every field already parsed and normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEnquiry {
    /// Random, unguessable; the sender is told it.
    pub id: String,
    pub kind: EnquiryKind,
    pub name: String,
    pub email: String,
    /// E.164.
    pub phone: Option<String>,
    pub company: Option<String>,
    pub team_size: Option<String>,
    /// One of the business programmes' slugs, or `other`.
    pub programme: Option<String>,
    pub subject: Option<String>,
    pub message: String,
    pub client_ip: Option<String>,
    pub user_agent: Option<String>,
}

/// A stored enquiry.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Enquiry {
    pub id: String,
    /// `contact` or `quote`.
    pub kind: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub team_size: Option<String>,
    pub programme: Option<String>,
    pub subject: Option<String>,
    pub message: String,
    pub client_ip: Option<String>,
    pub user_agent: Option<String>,
    /// `new`, `in_progress`, `answered`, `closed` or `spam`.
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, kind, name, email, phone, company, team_size, programme, subject, \
                       message, client_ip, user_agent, status, created_at, updated_at";

impl Store {
    /// Records an enquiry with status `new`.
    pub async fn insert_enquiry(
        &self,
        enquiry: &NewEnquiry,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query(
            "INSERT INTO enquiries (id, kind, name, email, phone, company, team_size, programme, \
             subject, message, client_ip, user_agent, status, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'new', $13, $13)",
        )
        .bind(&enquiry.id)
        .bind(enquiry.kind.as_str())
        .bind(&enquiry.name)
        .bind(&enquiry.email)
        .bind(&enquiry.phone)
        .bind(&enquiry.company)
        .bind(&enquiry.team_size)
        .bind(&enquiry.programme)
        .bind(&enquiry.subject)
        .bind(&enquiry.message)
        .bind(&enquiry.client_ip)
        .bind(&enquiry.user_agent)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// The newest enquiries first, at most `limit`.
    pub async fn enquiries(&self, limit: i64) -> Result<Vec<Enquiry>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM enquiries ORDER BY created_at DESC, id LIMIT $1");
        Ok(on_pool!(self, pool => sqlx::query_as::<_, Enquiry>(&sql)
            .bind(limit)
            .fetch_all(pool)
            .await)?)
    }

    /// One enquiry by id.
    pub async fn enquiry(&self, id: &str) -> Result<Enquiry, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM enquiries WHERE id = $1");
        let row: Option<Enquiry> = on_pool!(self, pool => sqlx::query_as::<_, Enquiry>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        row.ok_or(StoreError::NotFound)
    }
}

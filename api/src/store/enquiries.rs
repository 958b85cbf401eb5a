//! Enquiries from the contact and custom-quote forms (`enquiries`), kept
//! for the admin dashboard.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::{Store, StoreError, Tx, on_pool, on_tx};

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
    /// One of `domain_wasm::enquiry::PROGRAMMES`.
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

impl Tx {
    /// Records an enquiry with status `new`.
    pub async fn insert_enquiry(
        &mut self,
        enquiry: &NewEnquiry,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
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
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

impl Store {
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

//! The mentor catalogue as the store reads and writes it. Money is integer
//! paise; times are UTC.

use chrono::{DateTime, Utc};

/// A mentor as stored, with every child list in display order.
#[derive(Debug, Clone, PartialEq)]
pub struct Mentor {
    pub id: i64,
    pub user_id: Option<i64>,
    pub name: String,
    /// A one-line professional headline ("Staff Engineer at a fintech").
    pub headline: String,
    pub expertise: Vec<String>,
    /// 0 (no reviews yet) to 5.
    pub rating: f64,
    pub experience_years: i64,
    pub bio: String,
    pub image_url: Option<String>,
    /// Contact channels by kind: `email`, `phone`, `website`.
    pub contact: Vec<(String, String)>,
    /// Public profiles by network: `linkedin`, `twitter`, `github`, `website`.
    pub social_links: Vec<(String, String)>,
    pub education: Vec<Education>,
    pub experience: Vec<Experience>,
    pub projects: Vec<Project>,
    pub services: Vec<Service>,
    pub available_slots: Vec<Slot>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Education {
    pub degree: String,
    pub institution: String,
    pub year: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Experience {
    pub title: String,
    pub company: String,
    pub start_year: Option<i64>,
    /// `None` while the role is current.
    pub end_year: Option<i64>,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    pub title: String,
    pub description: String,
    pub url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Service {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    /// 0 means free.
    pub price_paise: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub id: i64,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

/// A mentor to insert: the same as [`Mentor`] without the ids and
/// timestamps the store assigns.
#[derive(Debug, Clone, PartialEq)]
pub struct NewMentor {
    pub user_id: Option<i64>,
    pub name: String,
    pub headline: String,
    pub expertise: Vec<String>,
    pub rating: f64,
    pub experience_years: i64,
    pub bio: String,
    /// `None` lets the store point it at the generated portrait
    /// (`/media/portraits/{id}.svg`).
    pub image_url: Option<String>,
    pub contact: Vec<(String, String)>,
    pub social_links: Vec<(String, String)>,
    pub education: Vec<Education>,
    pub experience: Vec<Experience>,
    pub projects: Vec<Project>,
    pub services: Vec<NewService>,
    pub available_slots: Vec<NewSlot>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewService {
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    pub price_paise: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSlot {
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

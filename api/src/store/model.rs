//! The mentor catalogue as the store reads and writes it. Money is integer
//! paise; times are UTC.

use chrono::{DateTime, Utc};
use domain_wasm::slots::Availability;

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
    /// The services the public sees (active, not retired), in display
    /// order; the first one's price is shown on cards.
    pub services: Vec<Service>,
    /// The rules their bookable slots are computed from, once they set
    /// them. (The `mentor_available_slots` rows of before are no longer
    /// read.)
    pub availability: Option<Availability>,
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
    /// A booking is confirmed at once, without the mentor accepting it.
    pub instant_confirmation: bool,
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
    /// The rules of their bookable slots, if any yet (checked by
    /// `domain_wasm::slots::Schedule::new` before it gets here).
    pub availability: Option<Availability>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewService {
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    pub price_paise: i64,
}

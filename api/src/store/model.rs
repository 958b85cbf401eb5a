//! The mentor catalogue as the store reads and writes it. Money is integer
//! paise; times are UTC.

use chrono::{DateTime, Utc};
use domain_wasm::listed::{self, ListingFacts, NotListed};
use domain_wasm::money::Paise;
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
    /// An account runs the profile.
    pub has_account: bool,
    /// That account is activated and not disabled.
    pub account_active: bool,
    /// An administrator hid the profile (`hidden_at` is set).
    pub hidden: bool,
}

impl Mentor {
    /// The facts `domain_wasm::listed` decides on, as of `now`.
    pub fn listing_facts(&self, now: DateTime<Utc>) -> ListingFacts {
        // A day before the UTC date: a date override is "not yet past" in
        // every time zone.
        let today = (now - chrono::TimeDelta::days(1))
            .date_naive()
            .format("%Y-%m-%d")
            .to_string();
        ListingFacts {
            has_account: self.has_account,
            account_active: self.account_active,
            active_services: self.services.len(),
            open_hours: listed::has_open_hours(self.availability.as_ref(), &today),
            hidden: self.hidden,
        }
    }

    /// Why the profile is not listed; empty: it is listed (shown in the
    /// catalogue and bookable). The one definition (`domain_wasm::listed`).
    pub fn not_listed(&self, now: DateTime<Utc>) -> Vec<NotListed> {
        listed::not_listed(&self.listing_facts(now))
    }

    pub fn is_listed(&self, now: DateTime<Utc>) -> bool {
        self.not_listed(now).is_empty()
    }
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
    /// Zero means free.
    pub price_paise: Paise,
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
    pub price_paise: Paise,
    /// Bookings are confirmed without the mentor accepting.
    pub instant_confirmation: bool,
}

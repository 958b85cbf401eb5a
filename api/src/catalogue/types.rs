//! The public catalogue's response types (SPEC §3): what `GET /api/mentors/`
//! and `GET /api/mentors/{id}/` return, also used by the explorer, the site
//! figures and the server-rendered page metadata.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use poem_openapi::Object;

use crate::store::model;

/// A mentor's public profile.
#[derive(Debug, Clone, Object)]
pub struct Mentor {
    pub id: i64,
    /// Always `null` here (SPEC §3 allows it): account ids are not public.
    /// A mentor finds their own profile through `mentor_id` of `/auth/users/me/`.
    #[oai(nullable)]
    pub user_id: Option<i64>,
    pub name: String,
    /// One line: role and background.
    pub headline: String,
    /// Fields of expertise, most important first. The first is the mentor's category.
    pub expertise: Vec<String>,
    /// Average rating from 0 to 5; 0 means no reviews yet.
    pub rating: f64,
    /// How many reviews learners gave after their sessions (the rating is
    /// their average). While it is 0 the mentor is shown as `New`, with no
    /// rating and no badge, whatever `rating` says.
    pub review_count: i64,
    pub experience_years: i64,
    pub bio: String,
    /// The photo, or a generated portrait served by this server.
    #[oai(nullable)]
    pub image_url: Option<String>,
    /// Contact channels by kind (`email`, `website`, ...).
    pub contact: BTreeMap<String, String>,
    /// Public profiles by network (`linkedin`, `twitter`, `github`, ...).
    pub social_links: BTreeMap<String, String>,
    pub education: Vec<Education>,
    pub experience: Vec<Experience>,
    pub projects: Vec<Project>,
    /// Bookable services (those the mentor offers now), cheapest first
    /// (free first; equal prices in the mentor's order): the first one's
    /// price, the one shown on cards, is the lowest, and a mentor is shown
    /// as free exactly when a free service exists.
    pub services: Vec<Service>,
    /// The next (at most 10) open slots of the first (cheapest) service, soonest first,
    /// computed from the mentor's availability at the time of the request.
    /// `GET /api/mentors/{id}/slots/` gives any service's slots in any period.
    pub available_slots: Vec<Slot>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Object)]
pub struct Education {
    pub degree: String,
    pub institution: String,
    #[oai(nullable)]
    pub year: Option<i64>,
}

#[derive(Debug, Clone, Object)]
pub struct Experience {
    pub title: String,
    pub company: String,
    #[oai(nullable)]
    pub start_year: Option<i64>,
    /// `null` while the role is current.
    #[oai(nullable)]
    pub end_year: Option<i64>,
    pub description: String,
}

#[derive(Debug, Clone, Object)]
pub struct Project {
    pub title: String,
    pub description: String,
    #[oai(nullable)]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct Service {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    /// Price in rupees; 0 means free.
    pub price: f64,
    /// The exact price in paise (1 rupee = 100 paise).
    pub price_paise: i64,
    /// A booking is confirmed at once, without waiting for the mentor to
    /// accept it.
    pub instant_confirmation: bool,
}

/// An open slot of a service: when a session of it can be booked.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
pub struct Slot {
    /// Start, UTC (RFC 3339).
    pub start: DateTime<Utc>,
    /// End, UTC (RFC 3339): the start plus the service's duration.
    pub end: DateTime<Utc>,
    /// The service it is a slot of.
    pub service_id: i64,
}

impl Mentor {
    /// The public profile of a stored mentor, with the slots computed for
    /// it (`super::slots`).
    pub fn public(m: model::Mentor, available_slots: Vec<Slot>) -> Self {
        Mentor {
            id: m.id,
            // Which account owns a profile is nobody else's business.
            user_id: None,
            name: m.name,
            headline: m.headline,
            expertise: m.expertise,
            rating: m.rating,
            // Counted by the catalogue (`Snapshot::at`), which has the reviews.
            review_count: 0,
            experience_years: m.experience_years,
            bio: m.bio,
            image_url: m.image_url,
            contact: m.contact.into_iter().collect(),
            social_links: m.social_links.into_iter().collect(),
            education: m
                .education
                .into_iter()
                .map(|e| Education {
                    degree: e.degree,
                    institution: e.institution,
                    year: e.year,
                })
                .collect(),
            experience: m
                .experience
                .into_iter()
                .map(|e| Experience {
                    title: e.title,
                    company: e.company,
                    start_year: e.start_year,
                    end_year: e.end_year,
                    description: e.description,
                })
                .collect(),
            projects: m
                .projects
                .into_iter()
                .map(|p| Project {
                    title: p.title,
                    description: p.description,
                    url: p.url,
                })
                .collect(),
            services: m
                .services
                .into_iter()
                .map(|s| Service {
                    id: s.id,
                    title: s.title,
                    description: s.description,
                    duration_minutes: s.duration_minutes,
                    price: s.price_paise.to_rupees(),
                    price_paise: s.price_paise.to_i64(),
                    instant_confirmation: s.instant_confirmation,
                })
                .collect(),
            available_slots,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

//! `GET /api/mentors/` and `GET /api/mentors/{id}/` (SPEC §3, §7).

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use poem::web::CompressionAlgo;
use poem_openapi::param::{Header, Path};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::error::Detail;
use crate::payload::PreSerialized;
use crate::state::AppState;
use crate::store::model;

/// A mentor's public profile.
#[derive(Debug, Clone, Object)]
pub struct Mentor {
    pub id: i64,
    /// The account behind the profile, when the mentor has one.
    pub user_id: Option<i64>,
    pub name: String,
    /// One line: role and background.
    pub headline: String,
    /// Fields of expertise, most important first. The first is the mentor's category.
    pub expertise: Vec<String>,
    /// Average rating from 0 to 5; 0 means no reviews yet.
    pub rating: f64,
    pub experience_years: i64,
    pub bio: String,
    /// The photo, or a generated portrait served by this server.
    pub image_url: Option<String>,
    /// Contact channels by kind (`email`, `website`, ...).
    pub contact: BTreeMap<String, String>,
    /// Public profiles by network (`linkedin`, `twitter`, `github`, ...).
    pub social_links: BTreeMap<String, String>,
    pub education: Vec<Education>,
    pub experience: Vec<Experience>,
    pub projects: Vec<Project>,
    /// Bookable services; the first one's price is the one shown on cards.
    pub services: Vec<Service>,
    /// Open slots to book, soonest first.
    pub available_slots: Vec<Slot>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Object)]
pub struct Education {
    pub degree: String,
    pub institution: String,
    pub year: Option<i64>,
}

#[derive(Debug, Clone, Object)]
pub struct Experience {
    pub title: String,
    pub company: String,
    pub start_year: Option<i64>,
    /// Absent while the role is current.
    pub end_year: Option<i64>,
    pub description: String,
}

#[derive(Debug, Clone, Object)]
pub struct Project {
    pub title: String,
    pub description: String,
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
}

#[derive(Debug, Clone, Object)]
pub struct Slot {
    pub id: i64,
    /// Start, UTC.
    pub start: DateTime<Utc>,
    /// End, UTC.
    pub end: DateTime<Utc>,
}

impl From<model::Mentor> for Mentor {
    fn from(m: model::Mentor) -> Self {
        Mentor {
            id: m.id,
            user_id: m.user_id,
            name: m.name,
            headline: m.headline,
            expertise: m.expertise,
            rating: m.rating,
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
                    // The schema forbids negative prices, so the fallback never shows.
                    price: Paise::new(u64::try_from(s.price_paise).unwrap_or(0)).to_rupees(),
                    price_paise: s.price_paise,
                })
                .collect(),
            available_slots: m
                .available_slots
                .into_iter()
                .map(|s| Slot {
                    id: s.id,
                    start: s.starts_at,
                    end: s.ends_at,
                })
                .collect(),
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

#[derive(ApiResponse)]
pub enum ListResponse {
    /// Every mentor, by id.
    #[oai(status = 200)]
    Ok(
        PreSerialized<Vec<Mentor>>,
        #[oai(header = "ETag")] String,
        #[oai(header = "Cache-Control")] String,
        /// `br` or `gzip` when the client accepts it.
        #[oai(header = "Content-Encoding")]
        Option<String>,
        #[oai(header = "Vary")] String,
    ),
    /// The catalogue has not changed since the `If-None-Match` ETag.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String),
}

#[derive(ApiResponse)]
pub enum GetResponse {
    #[oai(status = 200)]
    Ok(Json<Box<Mentor>>),
    /// No mentor has this id: `{"detail": "Not found."}`.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

pub struct MentorsApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Mentors")]
impl MentorsApi {
    /// List mentors
    ///
    /// The whole public catalogue as a JSON array. No authorisation needed.
    /// Send the last `ETag` in `If-None-Match` to get `304 Not Modified`
    /// while nothing changed.
    #[oai(path = "/api/mentors/", method = "get", operation_id = "listMentors")]
    async fn list(
        &self,
        #[oai(name = "If-None-Match")] if_none_match: Header<Option<String>>,
        #[oai(name = "Accept-Encoding")] accept_encoding: Header<Option<String>>,
    ) -> poem::Result<ListResponse> {
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        if if_none_match
            .0
            .as_deref()
            .is_some_and(|h| etag_matches(h, &cached.etag))
        {
            return Ok(ListResponse::NotModified(cached.etag.clone()));
        }
        let algo = accept_encoding
            .0
            .as_deref()
            .and_then(|h| poem::http::HeaderValue::from_str(h).ok())
            .and_then(|h| crate::app::preferred_encoding(Some(&h)));
        let (body, encoding) = match algo {
            Some(algo) => match cached.compressed(algo).await {
                Some(bytes) => (
                    bytes,
                    Some(if algo == CompressionAlgo::BR {
                        "br"
                    } else {
                        "gzip"
                    }),
                ),
                None => (cached.body.clone(), None),
            },
            None => (cached.body.clone(), None),
        };
        Ok(ListResponse::Ok(
            PreSerialized::new(body),
            cached.etag.clone(),
            "no-cache".to_owned(),
            encoding.map(str::to_owned),
            "accept-encoding".to_owned(),
        ))
    }

    /// Get one mentor
    #[oai(path = "/api/mentors/:id/", method = "get", operation_id = "getMentor")]
    async fn get(&self, id: Path<String>) -> poem::Result<GetResponse> {
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(GetResponse::NotFound(Json(Detail::not_found())));
        };
        // The cached catalogue (sorted by id, current as of its fingerprint)
        // answers without the nine queries of a fresh load.
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        match cached.mentors.binary_search_by_key(&id, |m| m.id) {
            Ok(at) => Ok(GetResponse::Ok(Json(Box::new(cached.mentors[at].clone())))),
            Err(_) => Ok(GetResponse::NotFound(Json(Detail::not_found()))),
        }
    }
}

/// `If-None-Match` compared weakly (RFC 9110 §13.1.2): `*` or any listed tag
/// with the same opaque value.
pub fn etag_matches(header: &str, etag: &str) -> bool {
    let opaque = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let ours = opaque(etag);
    header
        .split(',')
        .any(|t| t.trim() == "*" || opaque(t) == ours)
}

#[cfg(test)]
mod tests {
    use super::etag_matches;

    #[test]
    fn if_none_match_compares_weakly() {
        assert!(etag_matches("W/\"abc\"", "W/\"abc\""));
        assert!(etag_matches("\"abc\"", "W/\"abc\""));
        assert!(etag_matches("\"x\", W/\"abc\"", "W/\"abc\""));
        assert!(etag_matches("*", "W/\"abc\""));
        assert!(!etag_matches("W/\"abd\"", "W/\"abc\""));
        assert!(!etag_matches("", "W/\"abc\""));
    }
}

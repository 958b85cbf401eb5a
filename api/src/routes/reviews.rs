//! `GET /api/mentors/{id}/reviews/`: what learners said after their
//! sessions with a mentor (issue 12), for the mentor's public page.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::state::AppState;

/// How many reviews one page holds.
pub const PAGE_SIZE: i64 = 20;

/// One learner's review of a session.
#[derive(Debug, Clone, PartialEq, Object)]
pub struct ReviewOut {
    /// 1 to 5 stars.
    pub rating: i64,
    /// What the learner wrote (may be empty).
    pub text: String,
    /// The learner's first name and last initial, e.g. `Priya S.`.
    pub learner_name: String,
    /// When the review was given, UTC (RFC 3339).
    pub created_at: DateTime<Utc>,
}

/// A mentor's reviews: the totals over all of them and one page, newest first.
#[derive(Debug, Clone, PartialEq, Object)]
pub struct MentorReviews {
    /// How many reviews the mentor has in all.
    pub count: i64,
    /// The mean rating over all of them, to one decimal; `null` while there is none.
    #[oai(nullable)]
    pub rating: Option<f64>,
    /// Up to 20 reviews, newest first, after skipping `offset`.
    pub reviews: Vec<ReviewOut>,
}

#[derive(ApiResponse)]
pub enum ReviewsResponse {
    #[oai(status = 200)]
    Ok(Json<MentorReviews>, #[oai(header = "Cache-Control")] String),
    /// `offset` is not a whole number of 0 or more.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No mentor has this id: `{"detail": "Not found."}`.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

pub struct ReviewsApi {
    pub state: Arc<AppState>,
}

/// A learner's name as their review shows it: the first name and the
/// initial of the last, e.g. `Priya Sharma` → `Priya S.`; a single name as
/// it is; `A learner` when the account has no name (deleted, say).
pub fn public_name(full: &str) -> String {
    let mut words = full.split_whitespace();
    let Some(first) = words.next() else {
        return "A learner".to_owned();
    };
    match words.last().and_then(|last| last.chars().next()) {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_owned(),
    }
}

/// The `offset` query parameter: absent or empty is 0.
fn parse_offset(raw: Option<&str>) -> Result<i64, Fields> {
    match raw.map(str::trim) {
        None | Some("") => Ok(0),
        Some(text) => text.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| {
            Fields::one(
                "offset",
                "Give a whole number of 0 or more: how many of the newest reviews to skip.",
            )
        }),
    }
}

#[OpenApi(tag = "ApiTags::Mentors")]
impl ReviewsApi {
    /// List a mentor's reviews
    ///
    /// What learners said after their sessions: the count and mean rating
    /// over all reviews, and 20 of them, newest first; `offset` skips that
    /// many of the newest (the next page is `offset=20`). Learners are named
    /// by first name and last initial. No authorisation needed.
    #[oai(
        path = "/api/mentors/:id/reviews/",
        method = "get",
        operation_id = "listMentorReviews"
    )]
    async fn reviews(
        &self,
        id: Path<String>,
        /// How many of the newest reviews to skip (default 0).
        offset: Query<Option<String>>,
    ) -> poem::Result<ReviewsResponse> {
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(ReviewsResponse::NotFound(Json(Detail::not_found())));
        };
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        if cached.mentors.binary_search_by_key(&id, |m| m.id).is_err() {
            return Ok(ReviewsResponse::NotFound(Json(Detail::not_found())));
        }
        let offset = match parse_offset(offset.0.as_deref()) {
            Ok(n) => n,
            Err(fields) => return Ok(ReviewsResponse::Invalid(Json(fields.0))),
        };
        let page = self
            .state
            .store
            .mentor_reviews(id, offset, PAGE_SIZE)
            .await?;
        Ok(ReviewsResponse::Ok(
            Json(MentorReviews {
                count: page.count,
                rating: page.average.map(|a| (a * 10.0).round() / 10.0),
                reviews: page
                    .reviews
                    .into_iter()
                    .map(|r| ReviewOut {
                        rating: r.rating,
                        text: r.text,
                        learner_name: public_name(&r.learner_name),
                        created_at: r.created_at,
                    })
                    .collect(),
            }),
            "public, max-age=60".to_owned(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learners_are_named_by_first_name_and_last_initial() {
        assert_eq!(public_name("Priya Sharma"), "Priya S.");
        assert_eq!(public_name("  Asha  Rao Kulkarni "), "Asha K.");
        assert_eq!(public_name("Madhu"), "Madhu");
        assert_eq!(public_name("élodie ørsted"), "élodie Ø.");
        assert_eq!(public_name("   "), "A learner");
    }

    #[test]
    fn the_offset_is_a_whole_number_of_zero_or_more() {
        assert_eq!(parse_offset(None).ok(), Some(0));
        assert_eq!(parse_offset(Some(" 20 ")).ok(), Some(20));
        for bad in ["-1", "1.5", "x", "99999999999999999999"] {
            assert!(parse_offset(Some(bad)).is_err(), "{bad}");
        }
    }
}

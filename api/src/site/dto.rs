//! What the site endpoints answer, as the OpenAPI document names it.

use chrono::{DateTime, Utc};
use poem_openapi::Object;

/// What the database can honestly say about the marketplace. A figure the
/// data cannot support yet is `null`; new figures will be added as fields.
#[derive(Debug, Clone, PartialEq, Object)]
pub struct SiteStats {
    /// Mentors listed in the catalogue.
    pub mentors: i64,
    /// Listed mentors with a rating (a rating of 0 means no reviews yet).
    pub rated_mentors: i64,
    /// The mean rating of rated mentors, to one decimal; `null` while none is rated.
    #[oai(nullable)]
    pub average_rating: Option<f64>,
    /// Sessions that took place (bookings completed).
    pub completed_sessions: i64,
    /// The share of session feedback rating 4 or 5 stars, in whole percent
    /// (rounded down); `null` until there are at least 20 reviews.
    #[oai(nullable)]
    pub positive_feedback_percent: Option<f64>,
    /// How many countries mentors are based in; `null` while mentor
    /// profiles carry no country.
    #[oai(nullable)]
    pub countries: Option<i64>,
}

/// The enquiry arrived.
#[derive(Debug, Object)]
pub struct Received {
    /// The reference the sender is told.
    pub id: String,
    pub received_at: DateTime<Utc>,
}

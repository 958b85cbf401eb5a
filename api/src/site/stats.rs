//! The home page's figures.

use domain_wasm::ratings;

use super::dto::SiteStats;
use crate::store::reviews::SessionFigures;

/// The share of positive feedback shows once there are this many reviews
/// (issue 12): a handful of ratings says little.
pub const MIN_REVIEWS_FOR_PERCENT: i64 = 20;

/// The session figures from the records: sessions completed, and the
/// share of ratings of 4 or 5 in whole percent (rounded down, so it never
/// overstates), `None` below [`MIN_REVIEWS_FOR_PERCENT`] reviews.
pub fn with_sessions(mut stats: SiteStats, figures: SessionFigures) -> SiteStats {
    stats.completed_sessions = figures.completed;
    stats.positive_feedback_percent = (figures.reviews >= MIN_REVIEWS_FOR_PERCENT)
        .then(|| (figures.positive.clamp(0, figures.reviews) * 100 / figures.reviews) as f64);
    stats
}

/// The figures of a catalogue, from its mentors' ratings: "rated" and the
/// one-decimal average are the domain's rules.
pub fn stats_of(ratings_of_mentors: &[f64]) -> SiteStats {
    SiteStats {
        mentors: ratings_of_mentors.len() as i64,
        rated_mentors: i64::from(ratings::rated_count(ratings_of_mentors)),
        average_rating: ratings::average_rating(ratings_of_mentors),
        completed_sessions: 0,
        positive_feedback_percent: None,
        countries: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrated_mentors_count_but_do_not_average() {
        let stats = stats_of(&[4.8, 0.0, 4.6, f64::NAN]);
        assert_eq!(stats.mentors, 4);
        assert_eq!(stats.rated_mentors, 2);
        assert_eq!(stats.average_rating, Some(4.7));
        assert_eq!(stats_of(&[]).average_rating, None);
    }

    #[test]
    fn the_positive_share_shows_from_twenty_reviews_rounded_down() {
        let figures = |completed, reviews, positive| SessionFigures {
            completed,
            reviews,
            positive,
        };
        let s = with_sessions(stats_of(&[4.8]), figures(31, 19, 19));
        assert_eq!(s.completed_sessions, 31);
        assert_eq!(s.positive_feedback_percent, None, "19 reviews: hidden");
        let s = with_sessions(stats_of(&[4.8]), figures(31, 20, 19));
        assert_eq!(s.positive_feedback_percent, Some(95.0));
        let s = with_sessions(stats_of(&[4.8]), figures(40, 30, 29));
        assert_eq!(s.positive_feedback_percent, Some(96.0), "96.67 rounds down");
        let s = with_sessions(stats_of(&[]), figures(0, 0, 0));
        assert_eq!(
            (s.completed_sessions, s.positive_feedback_percent),
            (0, None)
        );
    }
}

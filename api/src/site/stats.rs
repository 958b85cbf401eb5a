//! The home page's figures.

use domain_wasm::ratings;

use super::dto::SiteStats;

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
}

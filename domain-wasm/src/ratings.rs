//! Ratings: whether a mentor is rated, the average rating the home page
//! shows, and the top mentors ("Our Elite Mentors", SPEC §2 item 8, §9).
//!
//! Replaces the copies in `api/src/routes/site.rs` (`stats_of`),
//! `webapp/src/features/home/elite.ts` (`eliteMentors`, `ELITE_COUNT`) and
//! `webapp/src/features/mentors/MentorProfilePage.tsx` (`rating > 0`,
//! "average rating" / "no reviews yet").
//!
//! Where the copies disagreed: the server counted a rating as given only
//! when it is a finite number above 0, the web app when it is above 0 (an
//! infinite rating passed). A rating is a mean of 1–5 stars, so an infinite
//! one is bad data: the server's reading is kept.

use std::cmp::Ordering;

use crate::explorer;

/// How many top mentors the home page shows (SPEC §9).
pub const ELITE_COUNT: u32 = 3;

/// [`ELITE_COUNT`] for JavaScript: how many top mentors the home page shows.
#[crate::export(on_demand)]
pub fn elite_count() -> u32 {
    ELITE_COUNT
}

/// Whether a mentor has a rating: a rating of 0 means no reviews yet
/// (SPEC §9, "New"); NaN and infinite ratings are no rating either.
#[crate::export]
pub fn is_rated(rating: f64) -> bool {
    rating.is_finite() && rating > 0.0
}

/// The mean of the rated mentors' ratings, rounded to one decimal
/// (half away from zero: 4.25 → 4.3); `None` while no mentor is rated.
/// Unrated entries (see [`is_rated`]) are left out.
#[crate::export]
pub fn average_rating(ratings: &[f64]) -> Option<f64> {
    let rated: Vec<f64> = ratings.iter().copied().filter(|r| is_rated(*r)).collect();
    if rated.is_empty() {
        return None;
    }
    let mean = rated.iter().sum::<f64>() / rated.len() as f64;
    Some((mean * 10.0).round() / 10.0)
}

/// How many of `ratings` are rated.
#[crate::export]
pub fn rated_count(ratings: &[f64]) -> u32 {
    ratings
        .iter()
        .filter(|r| is_rated(**r))
        .count()
        .try_into()
        .unwrap_or(u32::MAX)
}

/// What the profile page writes beside the rating: `average of 23
/// reviews`, or `no reviews yet` for a mentor without reviews (whose
/// rating shows as `New`, [`crate::labels::has_reviews`]).
#[crate::export(home, learner)]
pub fn rating_caption(rating: f64, review_count: f64) -> String {
    if crate::labels::has_reviews(rating, review_count) {
        format!(
            "average of {}",
            crate::labels::review_count_label(review_count)
        )
    } else {
        "no reviews yet".to_owned()
    }
}

/// The top mentors, best first, as indices into the columns
/// (`ratings[i]`, `experience_years[i]` describe mentor `i`; a missing
/// experience counts as 0): the highest rating first; a tie on rating goes
/// to the higher ranking score ([`explorer::score`]: rating and
/// experience), then to the lower index (the list's own order). Mentors
/// not rated ([`is_rated`]) are not "highest-rated" and are left out. At
/// most `count` indices ([`ELITE_COUNT`] on the home page).
#[crate::export(on_demand)]
pub fn elite_mentors(ratings: &[f64], experience_years: &[f64], count: u32) -> Vec<u32> {
    let ranked = ratings
        .iter()
        .enumerate()
        .filter(|(_, r)| is_rated(**r))
        .filter_map(|(i, r)| {
            let years = experience_years.get(i).copied().unwrap_or(0.0);
            Some((u32::try_from(i).ok()?, *r, explorer::score(*r, years)))
        });
    let order = |a: &(u32, f64, f64), b: &(u32, f64, f64)| {
        b.1.partial_cmp(&a.1)
            .unwrap_or(Ordering::Equal)
            .then_with(|| b.2.total_cmp(&a.2))
            .then_with(|| a.0.cmp(&b.0))
    };
    // The best `count` by insertion into a short sorted list: the same result
    // as sorting all and taking `count` (the order is total: indices differ),
    // without a general sort in the wasm module.
    let count = count as usize;
    let mut top: Vec<(u32, f64, f64)> = Vec::with_capacity(count + 1);
    for mentor in ranked {
        let at = top.partition_point(|t| order(t, &mentor) == Ordering::Less);
        if at < count {
            top.insert(at, mentor);
            top.truncate(count);
        }
    }
    top.into_iter().map(|(i, _, _)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rated_means_a_real_rating_above_zero() {
        assert!(is_rated(4.8));
        assert!(!is_rated(0.0));
        assert!(!is_rated(-1.0));
        assert!(!is_rated(f64::NAN));
        assert!(!is_rated(f64::INFINITY));
    }

    #[test]
    fn the_average_is_of_rated_mentors_to_one_decimal() {
        assert_eq!(average_rating(&[]), None);
        assert_eq!(average_rating(&[0.0, 0.0]), None);
        assert_eq!(average_rating(&[4.0, 0.0, 5.0]), Some(4.5));
        assert_eq!(average_rating(&[4.8, 4.9, 4.7]), Some(4.8));
        assert_eq!(average_rating(&[4.25]), Some(4.3));
        assert_eq!(rated_count(&[4.0, 0.0, f64::NAN, 5.0]), 2);
    }

    #[test]
    fn elite_is_by_rating_then_score_then_order() {
        // ratings 4.9 (2y), 0 (30y), 4.9 (12y), 4.5, 5.0
        let r = [4.9, 0.0, 4.9, 4.5, 5.0];
        let e = [2.0, 30.0, 12.0, 25.0, 1.0];
        assert_eq!(elite_mentors(&r, &e, 3), vec![4, 2, 0]);
        assert_eq!(elite_mentors(&r, &e, 10), vec![4, 2, 0, 3]);
        assert_eq!(elite_mentors(&[4.0, 4.0], &[5.0, 5.0], 3), vec![0, 1]);
        assert_eq!(elite_mentors(&[], &[], 3), Vec::<u32>::new());
        assert_eq!(elite_mentors(&[4.0, 3.0], &[], 1), vec![0]);
    }
}

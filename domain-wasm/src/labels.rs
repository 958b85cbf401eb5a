//! What a mentor card shows besides the name: rating, experience, badge.

/// A rating above this earns the "Top Mentor" badge.
pub const TOP_MENTOR_RATING: f64 = 4.5;
/// Experience above this many years earns PRO (when not already top).
pub const PRO_EXPERIENCE_YEARS: f64 = 10.0;

/// The rating to one decimal (`4.8`). In the home explorer a rating of 0
/// means the mentor has no reviews yet and shows as `New`.
#[crate::export(home, learner)]
pub fn rating_label(rating: f64, new_when_zero: bool) -> String {
    if new_when_zero && rating == 0.0 {
        return "New".to_owned();
    }
    let rating = if rating.is_finite() { rating } else { 0.0 };
    crate::num::to_fixed_1(rating)
}

/// Whether a mentor's rating can be shown: they have reviews
/// (`review_count` above 0) and a real rating ([`crate::ratings::is_rated`]).
/// Otherwise they are `New`: a rating beside "No reviews yet" is impossible.
pub fn has_reviews(rating: f64, review_count: f64) -> bool {
    review_count >= 1.0 && crate::ratings::is_rated(rating)
}

/// `1 review`, `23 reviews`, `1,250 reviews` (Indian digit grouping).
pub fn review_count_label(review_count: f64) -> String {
    let n = if review_count.is_finite() && review_count > 0.0 {
        review_count.floor()
    } else {
        0.0
    };
    let noun = if n == 1.0 { "review" } else { "reviews" };
    format!("{} {noun}", crate::site_stats::format_count(n))
}

/// A mentor's rating as cards show it: `4.8 · 23 reviews`, or `New` for a
/// mentor without reviews ([`has_reviews`]). [`card_labels`] gives the
/// two parts to JavaScript (`ratingLabel`, `reviewsLabel`).
pub fn rating_summary(rating: f64, review_count: f64) -> String {
    if has_reviews(rating, review_count) {
        format!(
            "{} · {}",
            rating_label(rating, false),
            review_count_label(review_count)
        )
    } else {
        "New".to_owned()
    }
}

/// `12+ Years`. Fractional years count whole years completed.
#[crate::export(home, learner)]
pub fn experience_label(years: f64) -> String {
    // Whole years completed; `as` saturates absurd values instead of failing.
    let whole = if years.is_finite() && years > 0.0 {
        years.floor() as u64
    } else {
        0
    };
    format!("{whole}+ Years")
}

/// The badge a mentor earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Badge {
    /// Rating above 4.5: "Top Mentor" on cards, "TOP" in the explorer.
    Top,
    /// Rating at most 4.5 and more than 10 years of experience: "PRO".
    Pro,
}

impl Badge {
    /// SPEC §9's badge. A mentor who is not rated (New: rating 0) has none,
    /// whatever their experience.
    pub fn for_mentor(rating: f64, experience_years: f64) -> Option<Badge> {
        if !crate::ratings::is_rated(rating) {
            None
        } else if rating > TOP_MENTOR_RATING {
            Some(Badge::Top)
        } else if experience_years > PRO_EXPERIENCE_YEARS {
            Some(Badge::Pro)
        } else {
            None
        }
    }

    /// The card's wording ("Top Mentor") or the explorer's ("TOP").
    pub fn label(self, compact: bool) -> &'static str {
        match (self, compact) {
            (Badge::Top, false) => "Top Mentor",
            (Badge::Top, true) => "TOP",
            (Badge::Pro, _) => "PRO",
        }
    }
}

/// `Top Mentor` (or `TOP` when compact), `PRO`, or undefined: SPEC §9's
/// badge, none for a mentor without reviews ([`has_reviews`]).
#[crate::export(home, learner)]
pub fn badge_label(
    rating: f64,
    review_count: f64,
    experience_years: f64,
    compact: bool,
) -> Option<&'static str> {
    if !has_reviews(rating, review_count) {
        return None;
    }
    Badge::for_mentor(rating, experience_years).map(|b| b.label(compact))
}

/// Everything a mentor card shows that a rule decides, in one call.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct CardLabels {
    pub price_label: String,
    /// `4.8`, or `New` without reviews.
    pub rating_label: String,
    /// `23 reviews`; left out without reviews.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviews_label: Option<String>,
    pub experience_label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge: Option<&'static str>,
    pub path: String,
}

/// All labels of a mentor card in one call (SPEC §2): the price of the first
/// service, the rating to one decimal with the number of reviews beside it
/// (`New` without reviews), `N+ Years`, the Top Mentor / PRO badge and the
/// page URL.
#[crate::export(home, learner)]
pub fn card_labels(
    id: f64,
    name: &str,
    rating: f64,
    review_count: f64,
    experience_years: f64,
    price: f64,
) -> Result<CardLabels, crate::bindings::BadInput> {
    let rated = has_reviews(rating, review_count);
    Ok(CardLabels {
        price_label: crate::money::price_label_of(price, crate::money::PriceContext::Card)?,
        rating_label: if rated {
            rating_label(rating, false)
        } else {
            "New".to_owned()
        },
        reviews_label: rated.then(|| review_count_label(review_count)),
        experience_label: experience_label(experience_years),
        badge: badge_label(rating, review_count, experience_years, false),
        path: crate::slug::mentor_path_of(id, name)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badge_boundaries() {
        assert_eq!(Badge::for_mentor(4.5, 30.0), Some(Badge::Pro));
        assert_eq!(Badge::for_mentor(4.51, 0.0), Some(Badge::Top));
        assert_eq!(Badge::for_mentor(4.5, 10.0), None);
        assert_eq!(Badge::for_mentor(0.0, 30.0), None, "New has no badge");
        assert_eq!(
            badge_label(4.8, 0.0, 30.0, false),
            None,
            "no reviews, no badge"
        );
        assert_eq!(badge_label(4.8, 3.0, 30.0, true), Some("TOP"));
    }

    #[test]
    fn ratings_come_with_their_review_count_or_say_new() {
        assert_eq!(rating_summary(4.8, 23.0), "4.8 · 23 reviews");
        assert_eq!(rating_summary(5.0, 1.0), "5.0 · 1 review");
        assert_eq!(rating_summary(0.0, 0.0), "New");
        assert_eq!(
            rating_summary(4.8, 0.0),
            "New",
            "a rating without reviews is not shown"
        );
        assert_eq!(review_count_label(1250.0), "1,250 reviews");
        let card = card_labels(3.0, "Asha Rao", 4.8, 0.0, 12.0, 0.0).expect("labels");
        assert_eq!(
            (card.rating_label.as_str(), card.reviews_label, card.badge),
            ("New", None, None)
        );
    }

    #[test]
    fn ratings_show_one_decimal() {
        assert_eq!(rating_label(4.85, false), "4.8"); // 4.85 is 4.8499999… in binary, as in JS
        assert_eq!(rating_label(0.0, true), "New");
        assert_eq!(rating_label(0.0, false), "0.0");
        assert_eq!(rating_label(3.25, false), "3.3");
        assert_eq!(rating_label(4.75, false), "4.8");
        assert_eq!(rating_label(f64::NAN, false), "0.0");
    }
}

//! What a mentor card shows besides the name: rating, experience, badge.

/// A rating above this earns the "Top Mentor" badge.
pub const TOP_MENTOR_RATING: f64 = 4.5;
/// Experience above this many years earns PRO (when not already top).
pub const PRO_EXPERIENCE_YEARS: f64 = 10.0;

/// The rating to one decimal (`4.8`). In the home explorer a rating of 0
/// means the mentor has no reviews yet and shows as `New`.
#[crate::export]
pub fn rating_label(rating: f64, new_when_zero: bool) -> String {
    if new_when_zero && rating == 0.0 {
        return "New".to_owned();
    }
    let rating = if rating.is_finite() { rating } else { 0.0 };
    crate::num::to_fixed_1(rating)
}

/// `12+ Years`. Fractional years count whole years completed.
#[crate::export]
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
    pub fn for_mentor(rating: f64, experience_years: f64) -> Option<Badge> {
        if rating > TOP_MENTOR_RATING {
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

/// `Top Mentor` (or `TOP` when compact), `PRO`, or undefined.
#[crate::export]
pub fn badge_label(rating: f64, experience_years: f64, compact: bool) -> Option<&'static str> {
    Badge::for_mentor(rating, experience_years).map(|b| b.label(compact))
}

/// Everything a mentor card shows that a rule decides, in one call.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct CardLabels {
    pub price_label: String,
    pub rating_label: String,
    pub experience_label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge: Option<&'static str>,
    pub path: String,
}

/// All labels of a mentor card in one call (SPEC §2): the price of the first
/// service, the rating to one decimal, `N+ Years`, the Top Mentor / PRO badge
/// and the page URL.
#[crate::export]
pub fn card_labels(
    id: f64,
    name: &str,
    rating: f64,
    experience_years: f64,
    price: f64,
) -> Result<CardLabels, crate::bindings::BadInput> {
    Ok(CardLabels {
        price_label: crate::money::price_label_of(price, crate::money::PriceContext::Card)?,
        rating_label: rating_label(rating, false),
        experience_label: experience_label(experience_years),
        badge: badge_label(rating, experience_years, false),
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

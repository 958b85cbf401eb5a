//! What a mentor card shows besides the name: rating, experience, badge.

/// A rating above this earns the "Top Mentor" badge.
pub const TOP_MENTOR_RATING: f64 = 4.5;
/// Experience above this many years earns PRO (when not already top).
pub const PRO_EXPERIENCE_YEARS: f64 = 10.0;

/// The rating to one decimal (`4.8`). In the home explorer a rating of 0
/// means the mentor has no reviews yet and shows as `New`.
pub fn rating_label(rating: f64, new_when_zero: bool) -> String {
    if new_when_zero && rating == 0.0 {
        return "New".to_owned();
    }
    let rating = if rating.is_finite() { rating } else { 0.0 };
    crate::num::to_fixed_1(rating)
}

/// `12+ Years`. Fractional years count whole years completed.
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

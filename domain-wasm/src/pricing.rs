//! The price a mentor is shown at (SPEC §3 "Service": the first service's
//! price is shown; 0 means free), and whether that price is free.
//!
//! Replaces the copies in `api/src/state.rs` (catalogue price column),
//! `api/src/seo.rs` (`mentor_price_label`) and `webapp/src/lib/domain.ts`
//! (`cardPrice`), and the label test of `MentorCard.tsx`
//! (`!priceLabel.startsWith("₹")`).
//!
//! Where the copies disagreed: with no services the web card showed "Free"
//! while the server's description showed no price. SPEC §3 says 0 means
//! free and the first service's price is shown; a mentor without services
//! has nothing to charge for, so the shown price is 0, free, everywhere.

use crate::money::{self, Paise, PriceContext};

/// The price a mentor is shown at: the first service's, or 0 (free) when
/// there are no services. Works for any price type whose default is zero
/// (`f64` rupees, [`Paise`], integer paise).
///
/// ```
/// use domain_wasm::pricing::shown_price_of;
/// use domain_wasm::money::Paise;
/// assert_eq!(shown_price_of([Paise::new(150_000), Paise::new(0)]), Paise::new(150_000));
/// assert_eq!(shown_price_of(Vec::<i64>::new()), 0);
/// ```
pub fn shown_price_of<T: Default>(service_prices: impl IntoIterator<Item = T>) -> T {
    service_prices.into_iter().next().unwrap_or_default()
}

/// [`shown_price_of`] for JavaScript: the services' prices in rupees, in the
/// order the API lists them. `shownPrice([1500, 0])` is 1500, `shownPrice([])` 0.
#[crate::export]
pub fn shown_price(service_prices: &[f64]) -> f64 {
    shown_price_of(service_prices.iter().copied())
}

/// Whether a price in rupees is free: it is zero once rounded to paise,
/// exactly when the price label says "Free" (decided from the price, never
/// from the label's text). Prices that are not a valid amount (negative,
/// not finite) are not free.
#[crate::export]
pub fn is_free(price_rupees: f64) -> bool {
    Paise::from_rupees(price_rupees).is_ok_and(Paise::is_zero)
}

/// The price as the server's page descriptions write it (`api/src/seo.rs`):
/// `₹1,500/session`, or `Free Session` when free.
pub fn description_price_label(price: Paise) -> String {
    if price.is_zero() {
        money::FREE_EXPLORER_LABEL.to_owned()
    } else {
        money::price_label(price, PriceContext::Card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_service_is_shown_and_none_is_free() {
        assert_eq!(shown_price(&[1500.0, 0.0]), 1500.0);
        assert_eq!(shown_price(&[0.0, 999.0]), 0.0);
        assert_eq!(shown_price(&[]), 0.0);
        assert!(is_free(shown_price(&[])));
        assert_eq!(shown_price_of([Some(3), None]), Some(3));
    }

    #[test]
    fn free_is_decided_by_the_price() {
        assert!(is_free(0.0));
        assert!(is_free(0.004));
        assert!(!is_free(0.01));
        assert!(!is_free(499.0));
        assert!(!is_free(-1.0));
        assert!(!is_free(f64::NAN));
        // The card label agrees wherever the price is valid.
        for p in [0.0, 0.004, 0.005, 1.0, 2500.0] {
            let label = money::price_label(
                Paise::from_rupees(p).expect("a valid price"),
                PriceContext::Card,
            );
            assert_eq!(is_free(p), !label.starts_with('₹'), "{p}");
        }
    }

    #[test]
    fn descriptions_name_free_sessions() {
        assert_eq!(description_price_label(Paise::ZERO), "Free Session");
        assert_eq!(
            description_price_label(Paise::new(150_000)),
            "₹1,500/session"
        );
    }
}

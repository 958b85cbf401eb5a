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
//!
//! Services are listed cheapest first ([`cheapest_first_order`], issue
//! 21): a mentor whose first-entered service costs ₹1,00,000 and who also
//! offers a free call is shown as free, not "from ₹1,00,000", and the free
//! filter finds them. So "the first service's price" is the lowest price,
//! and a shown price of 0 means a free service exists
//! ([`has_free_service`]).

use std::cmp::Ordering;

use crate::money::{self, Paise, PriceContext};

/// How two prices compare in the cheapest-first order: lower first; a
/// price that is not comparable (NaN) after every real one.
fn cheaper<T: PartialOrd>(a: &T, b: &T) -> Ordering {
    #[allow(clippy::eq_op)] // `x == x` is false only for NaN.
    let real = |x: &T| x.partial_cmp(x).is_some();
    match (real(a), real(b)) {
        (true, true) => a.partial_cmp(b).unwrap_or(Ordering::Equal),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => Ordering::Equal,
    }
}

/// The order services are listed in: positions into `prices`, cheapest
/// first (so free first), services at the same price in the order given
/// (the mentor's). A price that is not a number goes last.
///
/// ```
/// use domain_wasm::pricing::cheapest_first_order;
/// assert_eq!(cheapest_first_order(&[10_000_000_i64, 0, 150_000]), vec![1, 2, 0]);
/// ```
pub fn cheapest_first_order<T: PartialOrd>(prices: &[T]) -> Vec<usize> {
    // Insertion after the last not dearer: stable (equal prices keep the
    // mentor's order) and, for the handful of services a mentor has,
    // without a general sort in the wasm module (it is on the home page).
    let mut order: Vec<usize> = Vec::with_capacity(prices.len());
    for i in 0..prices.len() {
        let at = order.partition_point(|&j| cheaper(&prices[j], &prices[i]) != Ordering::Greater);
        order.insert(at, i);
    }
    order
}

/// Puts `services` in the order they are listed: cheapest first, equal
/// prices in the given order ([`cheapest_first_order`]).
pub fn sort_cheapest_first<S, T: PartialOrd>(services: &mut [S], price: impl Fn(&S) -> T) {
    services.sort_by(|a, b| cheaper(&price(a), &price(b)));
}

/// [`cheapest_first_order`] of prices in rupees, as `u32` positions:
/// `cheapest_first(&[100000.0, 0.0, 1500.0])` is `[1, 2, 0]`. (Not
/// exported: the API sends services in this order, and the web app's
/// shown price is [`shown_price`], the lowest.)
pub fn cheapest_first(service_prices: &[f64]) -> Vec<u32> {
    cheapest_first_order(service_prices)
        .into_iter()
        .filter_map(|i| u32::try_from(i).ok())
        .collect()
}

/// The price a mentor is shown at: the first service's in the order they
/// are listed (cheapest first), i.e. the lowest price, or 0 (free) when
/// there are no services. Works for any price type whose default is zero
/// (`f64` rupees, [`Paise`], integer paise).
///
/// ```
/// use domain_wasm::pricing::shown_price_of;
/// use domain_wasm::money::Paise;
/// assert_eq!(shown_price_of([Paise::new(150_000), Paise::new(0)]), Paise::new(0));
/// assert_eq!(shown_price_of([Paise::new(150_000), Paise::new(99_900)]), Paise::new(99_900));
/// assert_eq!(shown_price_of(Vec::<i64>::new()), 0);
/// ```
pub fn shown_price_of<T: Default + PartialOrd>(service_prices: impl IntoIterator<Item = T>) -> T {
    service_prices
        .into_iter()
        .min_by(cheaper)
        .unwrap_or_default()
}

/// [`shown_price_of`] for JavaScript: the services' prices in rupees.
/// `shownPrice([1500, 0])` is 0 (a free service exists), `shownPrice([1500,
/// 999])` 999, `shownPrice([])` 0.
#[crate::export(home, learner)]
pub fn shown_price(service_prices: &[f64]) -> f64 {
    // [`shown_price_of`] written out for `f64`: the generic `min_by` costs
    // the home page's wasm module 3 KB gzipped.
    let mut lowest: Option<f64> = None;
    for &p in service_prices {
        if !p.is_nan() && lowest.is_none_or(|l| p < l) {
            lowest = Some(p);
        }
    }
    lowest.unwrap_or_else(|| service_prices.first().copied().unwrap_or(0.0))
}

/// Whether any of the services (prices in rupees) is free
/// ([`is_free`]): what "Free sessions only" looks for (the listing's free
/// filter tests the shown price, [`shown_price`], which is free exactly
/// then).
pub fn has_free_service(service_prices: &[f64]) -> bool {
    service_prices.iter().any(|p| is_free(*p))
}

/// Whether a price in rupees is free: it is zero once rounded to paise,
/// exactly when the price label says "Free" (decided from the price, never
/// from the label's text). Prices that are not a valid amount (negative,
/// not finite) are not free.
#[crate::export(home, learner)]
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
    fn the_cheapest_service_is_shown_and_none_is_free() {
        assert_eq!(shown_price(&[1500.0, 0.0]), 0.0);
        assert_eq!(shown_price(&[100_000.0, 2500.0, 0.0]), 0.0);
        assert_eq!(shown_price(&[0.0, 999.0]), 0.0);
        assert_eq!(shown_price(&[2500.0, 999.0]), 999.0);
        assert_eq!(shown_price(&[f64::NAN, 999.0]), 999.0);
        assert_eq!(shown_price(&[]), 0.0);
        assert!(is_free(shown_price(&[])));
        assert_eq!(shown_price_of([3_i64, 1, 2]), 1);
    }

    #[test]
    fn services_are_listed_cheapest_first_keeping_ties_in_order() {
        // A ₹1,00,000 programme entered first and a free call.
        assert_eq!(cheapest_first(&[100_000.0, 0.0]), vec![1, 0]);
        assert_eq!(cheapest_first(&[500.0, 0.0, 500.0, 0.0]), vec![1, 3, 0, 2]);
        assert_eq!(cheapest_first(&[f64::NAN, 10.0]), vec![1, 0]);
        assert_eq!(cheapest_first(&[]), Vec::<u32>::new());
        let mut services = vec![
            ("programme", 10_000_000_i64),
            ("intro", 0),
            ("call", 150_000),
        ];
        sort_cheapest_first(&mut services, |s| s.1);
        assert_eq!(
            services.iter().map(|s| s.0).collect::<Vec<_>>(),
            ["intro", "call", "programme"]
        );
        assert_eq!(shown_price_of(services.iter().map(|s| s.1)), services[0].1);
    }

    #[test]
    fn a_free_service_anywhere_counts() {
        assert!(has_free_service(&[100_000.0, 0.0]));
        assert!(!has_free_service(&[100_000.0, 1.0]));
        assert!(!has_free_service(&[]));
        // The shown price is free exactly when a free service exists.
        for prices in [&[100_000.0, 0.0][..], &[5.0, 7.0], &[0.0], &[]] {
            assert_eq!(
                is_free(shown_price(prices)),
                has_free_service(prices) || prices.is_empty()
            );
        }
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

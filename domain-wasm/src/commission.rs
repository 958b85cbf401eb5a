//! The platform's commission on a paid session (issue 11, "Profile,
//! services, prices"): a rate in basis points (1 bp = 0.01 %) that an
//! administrator sets, with per-mentor overrides, and how a price splits
//! between the platform and the mentor.
//!
//! Money is integer paise throughout. The commission is rounded half up to
//! the paisa and the mentor receives the rest, so the two parts always add
//! up to the price exactly: no paisa is created or lost by rounding. The
//! money issue books the same split in the ledger.

use serde::{Deserialize, Serialize};

use crate::bindings::{BadInput, bad};
use crate::money::Paise;

/// The platform's rate when an administrator has set none: 15 %.
pub const DEFAULT_RATE_BPS: u32 = 1500;
/// The highest rate: 100 % (the whole price).
pub const MAX_RATE_BPS: u32 = 10_000;
/// Basis points in one whole (100 %).
const WHOLE_BPS: i128 = 10_000;

/// A price split between the platform and the mentor, in paise:
/// `commission_paise + mentor_paise == price_paise`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Split {
    /// What the learner pays.
    pub price_paise: i64,
    /// The platform's part.
    pub commission_paise: i64,
    /// What the mentor receives.
    pub mentor_paise: i64,
}

/// The commission at `rate_bps` on `price_paise`, rounded half up to the
/// paisa; the mentor receives the rest. A rate above [`MAX_RATE_BPS`]
/// counts as the maximum (callers check it first, with [`check_rate`]; the
/// split never panics).
pub fn split(price: Paise, rate_bps: u32) -> Split {
    let price_paise = price.to_i64();
    let rate = i128::from(rate_bps.min(MAX_RATE_BPS));
    // price ≤ i64::MAX and rate ≤ 10,000: the product fits an i128, and the
    // quotient is at most the price, so it fits an i64 again.
    let commission = (i128::from(price_paise) * rate + WHOLE_BPS / 2) / WHOLE_BPS;
    let commission_paise = i64::try_from(commission).unwrap_or(price_paise);
    Split {
        price_paise,
        commission_paise,
        mentor_paise: price_paise - commission_paise,
    }
}

/// What is wrong with a rate an administrator entered, in their words;
/// `None` when it is a whole number of basis points from 0 to
/// [`MAX_RATE_BPS`].
pub fn rate_problem(rate_bps: i64) -> Option<String> {
    (!(0..=i64::from(MAX_RATE_BPS)).contains(&rate_bps)).then(|| {
        format!(
            "Enter a commission from 0 to {MAX_RATE_BPS} basis points (0 % to 100 %); {rate_bps} is out of range."
        )
    })
}

/// A rate as the admin screens receive it: checked by [`rate_problem`].
pub fn check_rate(rate_bps: i64) -> Result<u32, String> {
    match rate_problem(rate_bps) {
        Some(problem) => Err(problem),
        None => Ok(u32::try_from(rate_bps).unwrap_or(MAX_RATE_BPS)),
    }
}

/// How a price in paise splits at a rate in basis points: the commission
/// rounded half up to the paisa, the rest to the mentor. Throws when the
/// price is not a whole number of paise from 0, or the rate not a whole
/// number from 0 to 10,000.
#[crate::export(mentoring)]
pub fn commission_split(price_paise: f64, rate_bps: f64) -> Result<Split, BadInput> {
    // Up to 2⁵³: every whole number JavaScript holds exactly.
    const SAFE: f64 = 9_007_199_254_740_991.0;
    if !(price_paise.fract() == 0.0 && (0.0..=SAFE).contains(&price_paise)) {
        return Err(bad(format!(
            "a price must be a whole number of paise from 0, got {}",
            crate::num::js_number(price_paise)
        )));
    }
    if !(rate_bps.fract() == 0.0 && (0.0..=f64::from(MAX_RATE_BPS)).contains(&rate_bps)) {
        return Err(bad(format!(
            "a commission rate must be a whole number of basis points from 0 to {MAX_RATE_BPS}, got {}",
            crate::num::js_number(rate_bps)
        )));
    }
    Ok(split(Paise::new(price_paise as u64), rate_bps as u32))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_commission_is_rounded_half_up_to_the_paisa() {
        // 15 % of ₹1,000.
        assert_eq!(
            split(Paise::new(100_000), DEFAULT_RATE_BPS),
            Split {
                price_paise: 100_000,
                commission_paise: 15_000,
                mentor_paise: 85_000
            }
        );
        // 15 % of 10 paise is 1.5: up to 2.
        assert_eq!(split(Paise::new(10), 1500).commission_paise, 2);
        // 15 % of 3 paise is 0.45: down to 0.
        assert_eq!(split(Paise::new(3), 1500).commission_paise, 0);
        // 12.34 % of ₹999 (99,900 paise) is 12,327.66: up to 12,328.
        assert_eq!(split(Paise::new(99_900), 1234).commission_paise, 12_328);
        // 0.01 % of ₹50 is half a paisa: up to 1.
        assert_eq!(split(Paise::new(5_000), 1).commission_paise, 1);
    }

    #[test]
    fn free_sessions_and_the_bounds_of_the_rate() {
        assert_eq!(split(Paise::new(0), 1500), Split::default_free());
        assert_eq!(split(Paise::new(12_345), 0).mentor_paise, 12_345);
        assert_eq!(
            split(Paise::new(12_345), MAX_RATE_BPS).commission_paise,
            12_345
        );
        // Out of range: clamped, never a panic (a negative price cannot be
        // written: it is not an amount).
        assert_eq!(split(Paise::new(100), 20_000).commission_paise, 100);
        assert_eq!(
            split(Paise::new(i64::MAX as u64), MAX_RATE_BPS).mentor_paise,
            0
        );
    }

    #[test]
    fn rates_are_checked_in_the_administrators_words() {
        assert_eq!(check_rate(1500), Ok(1500));
        assert_eq!(check_rate(0), Ok(0));
        assert_eq!(check_rate(10_000), Ok(10_000));
        assert_eq!(
            check_rate(10_001),
            Err("Enter a commission from 0 to 10000 basis points (0 % to 100 %); 10001 is out of range.".into())
        );
        assert!(check_rate(-1).is_err());
    }

    #[test]
    fn javascript_numbers_are_checked() {
        assert_eq!(
            commission_split(100.0, 1500.0).map(|s| s.commission_paise),
            Ok(15)
        );
        assert!(commission_split(1.5, 1500.0).is_err());
        assert!(commission_split(-1.0, 1500.0).is_err());
        assert!(commission_split(f64::NAN, 1500.0).is_err());
        assert!(commission_split(100.0, 10_000.5).is_err());
        assert!(commission_split(100.0, 10_001.0).is_err());
    }

    impl Split {
        fn default_free() -> Split {
            Split {
                price_paise: 0,
                commission_paise: 0,
                mentor_paise: 0,
            }
        }
    }

    proptest! {
        #[test]
        fn commission_and_mentor_add_up_to_the_price(
            price in 0u64..=1_000_000_000_000,
            rate in 0u32..=MAX_RATE_BPS,
        ) {
            let s = split(Paise::new(price), rate);
            let price = price as i64;
            prop_assert_eq!(s.price_paise, price);
            prop_assert_eq!(s.commission_paise + s.mentor_paise, price);
            prop_assert!(s.commission_paise >= 0 && s.mentor_paise >= 0);
            // Half up: the commission is within half a paisa of the exact
            // amount, and exactly half rounds up.
            let exact2 = 2 * i128::from(price) * i128::from(rate); // twice the exact amount × 10,000
            let got2 = 2 * i128::from(s.commission_paise) * 10_000;
            prop_assert!(got2 - exact2 <= 10_000 && exact2 - got2 < 10_000);
        }

        #[test]
        fn a_higher_rate_never_pays_the_mentor_more(price in 0u64..=10_000_000, a in 0u32..=MAX_RATE_BPS, b in 0u32..=MAX_RATE_BPS) {
            let (lo, hi) = (a.min(b), a.max(b));
            prop_assert!(split(Paise::new(price), hi).mentor_paise <= split(Paise::new(price), lo).mentor_paise);
        }
    }
}

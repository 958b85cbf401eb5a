//! Money. Amounts are integer paise everywhere inside the product; rupees
//! appear only at the edges (the public API's `price` field and labels).

use std::fmt;

use thiserror::Error;

/// An amount of money in paise (1 rupee = 100 paise). Never negative.
/// In JSON it is a whole number of paise; a negative one does not read.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(try_from = "i64", into = "i64")]
pub struct Paise(u64);

/// Why a number could not become an amount of money.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoneyError {
    #[error("a price must be a finite number")]
    NotFinite,
    #[error("a price cannot be negative")]
    Negative,
    #[error("a price is too large")]
    TooLarge,
}

/// A number of paise that is not an amount of money: it is negative (a
/// stored amount changed behind the product's back, or a difference taken
/// the wrong way round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{0} paise is not an amount of money: amounts are never negative")]
pub struct NegativePaise(pub i64);

/// The largest price we accept: ₹10,00,00,00,000 (one hundred crore rupees),
/// far above any session price and far below `f64`'s exact-integer range.
const MAX_PAISE: u64 = 100_000_000_000;

impl Paise {
    pub const ZERO: Paise = Paise(0);

    pub const fn new(paise: u64) -> Self {
        Paise(paise)
    }

    pub const fn get(self) -> u64 {
        self.0
    }

    /// Parses a rupee amount as sent by the public API (`price: 499.5`),
    /// rounding to the nearest paisa.
    pub fn from_rupees(rupees: f64) -> Result<Self, MoneyError> {
        if !rupees.is_finite() {
            return Err(MoneyError::NotFinite);
        }
        if rupees < 0.0 {
            return Err(MoneyError::Negative);
        }
        let paise = (rupees * 100.0).round();
        if paise > MAX_PAISE as f64 {
            return Err(MoneyError::TooLarge);
        }
        // In range [0, MAX_PAISE] and integral, so the conversion is exact.
        Ok(Paise(paise as u64))
    }

    /// The amount in rupees, as the public API's `price` field carries it.
    pub fn to_rupees(self) -> f64 {
        self.0 as f64 / 100.0
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The amount as the store and the API carry it: a (signed) `i64` of
    /// paise. Every amount the product handles fits; a larger one, which
    /// only `Paise::new` could make, saturates at `i64::MAX`.
    pub const fn to_i64(self) -> i64 {
        if self.0 > i64::MAX as u64 {
            i64::MAX
        } else {
            self.0 as i64
        }
    }

    /// `paise` as an amount, or zero when it is negative: what is left of
    /// a difference that may have run out (the rules' "at most this much",
    /// which they give as a signed number).
    pub const fn saturating_from(paise: i64) -> Paise {
        if paise < 0 {
            Paise(0)
        } else {
            Paise(paise as u64)
        }
    }

    /// The sum, saturating at the largest amount instead of overflowing.
    #[must_use]
    pub const fn saturating_add(self, other: Paise) -> Paise {
        Paise(self.0.saturating_add(other.0))
    }

    /// What is left of `self` once `other` is taken from it: zero when
    /// `other` is more.
    #[must_use]
    pub const fn saturating_sub(self, other: Paise) -> Paise {
        Paise(self.0.saturating_sub(other.0))
    }

    /// `self - other`, or `None` when `other` is more.
    pub const fn checked_sub(self, other: Paise) -> Option<Paise> {
        match self.0.checked_sub(other.0) {
            Some(left) => Some(Paise(left)),
            None => None,
        }
    }
}

impl TryFrom<i64> for Paise {
    type Error = NegativePaise;

    /// A count of paise as the store and the API carry it (`i64`), when it
    /// is not negative.
    fn try_from(paise: i64) -> Result<Self, NegativePaise> {
        u64::try_from(paise)
            .map(Paise)
            .map_err(|_| NegativePaise(paise))
    }
}

impl From<Paise> for i64 {
    /// [`Paise::to_i64`].
    fn from(amount: Paise) -> i64 {
        amount.to_i64()
    }
}

impl std::iter::Sum for Paise {
    /// The total, saturating like [`Paise::saturating_add`].
    fn sum<I: Iterator<Item = Paise>>(amounts: I) -> Paise {
        amounts.fold(Paise::ZERO, Paise::saturating_add)
    }
}

impl fmt::Display for Paise {
    /// `₹1,23,45,678` for whole rupees, `₹1,234.50` when there are paise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rupees = self.0 / 100;
        let paise = self.0 % 100;
        write!(f, "₹{}", group_indian(rupees))?;
        if paise != 0 {
            write!(f, ".{paise:02}")?;
        }
        Ok(())
    }
}

/// Groups digits the Indian way: the last three together, then pairs
/// (12345678 → "1,23,45,678").
pub fn group_indian(n: u64) -> String {
    let digits = n.to_string();
    let len = digits.len();
    if len <= 3 {
        return digits;
    }
    let (head, tail) = digits.split_at(len - 3);
    let mut out = String::with_capacity(len + len / 2);
    let lead = head.len() % 2;
    if lead == 1 {
        out.push_str(&head[..1]);
    }
    for (i, pair) in head.as_bytes()[lead..].chunks(2).enumerate() {
        if i > 0 || lead == 1 {
            out.push(',');
        }
        // Digits are ASCII, so each pair is valid UTF-8.
        out.push(pair[0] as char);
        out.push(pair[1] as char);
    }
    out.push(',');
    out.push_str(tail);
    out
}

/// Where a price label is shown; the spec words free sessions differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum PriceContext {
    /// Mentor cards (listing, top mentors): `✨ Free Trial Session`, `₹2,500/session`.
    Card,
    /// The home page's category explorer: `Free Session`, `₹2,500`.
    Explorer,
}

impl PriceContext {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "card" => Some(PriceContext::Card),
            "explorer" => Some(PriceContext::Explorer),
            _ => None,
        }
    }
}

pub const FREE_CARD_LABEL: &str = "✨ Free Trial Session";
pub const FREE_EXPLORER_LABEL: &str = "Free Session";

/// The price badge text for a session price.
pub fn price_label(price: Paise, context: PriceContext) -> String {
    match (price.is_zero(), context) {
        (true, PriceContext::Card) => FREE_CARD_LABEL.to_owned(),
        (true, PriceContext::Explorer) => FREE_EXPLORER_LABEL.to_owned(),
        (false, PriceContext::Card) => format!("{price}/session"),
        (false, PriceContext::Explorer) => price.to_string(),
    }
}

impl crate::bindings::FromJson for PriceContext {
    fn from_json(json: &crate::json::Json) -> Result<Self, crate::bindings::BadInput> {
        let text = json
            .as_str()
            .map_or_else(|| json.to_string(), str::to_owned);
        PriceContext::parse(&text).ok_or_else(|| {
            crate::bindings::bad(format!(
                "unknown price context \"{text}\": use \"card\" or \"explorer\""
            ))
        })
    }
}

/// `✨ Free Trial Session` / `Free Session` for 0, else `₹1,23,456` (+ `/session` on cards).
/// Throws for a negative or non-finite price or an unknown context.
#[crate::export(home, learner, js_name = "priceLabel")]
pub fn price_label_of(
    price: f64,
    context: PriceContext,
) -> Result<String, crate::bindings::BadInput> {
    let price = Paise::from_rupees(price).map_err(|e| crate::bindings::bad(e.to_string()))?;
    Ok(price_label(price, context))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn groups_the_indian_way() {
        assert_eq!(group_indian(0), "0");
        assert_eq!(group_indian(999), "999");
        assert_eq!(group_indian(1_000), "1,000");
        assert_eq!(group_indian(99_999), "99,999");
        assert_eq!(group_indian(100_000), "1,00,000");
        assert_eq!(group_indian(12_345_678), "1,23,45,678");
    }

    #[test]
    fn rejects_money_that_cannot_exist() {
        assert_eq!(Paise::from_rupees(f64::NAN), Err(MoneyError::NotFinite));
        assert_eq!(Paise::from_rupees(-1.0), Err(MoneyError::Negative));
        assert_eq!(Paise::from_rupees(1e12), Err(MoneyError::TooLarge));
        assert_eq!(Paise::from_rupees(499.5), Ok(Paise::new(49_950)));
    }

    #[test]
    fn stored_amounts_are_never_negative() {
        assert_eq!(Paise::try_from(49_950), Ok(Paise::new(49_950)));
        assert_eq!(Paise::try_from(0), Ok(Paise::ZERO));
        assert_eq!(Paise::try_from(-1), Err(NegativePaise(-1)));
        assert_eq!(Paise::try_from(i64::MAX).map(Paise::to_i64), Ok(i64::MAX));
        assert_eq!(Paise::new(u64::MAX).to_i64(), i64::MAX);
        assert_eq!(Paise::saturating_from(-5), Paise::ZERO);
        assert_eq!(Paise::saturating_from(5), Paise::new(5));
    }

    #[test]
    fn json_carries_whole_paise_and_refuses_negative_ones() {
        assert_eq!(
            serde_json::to_string(&Paise::new(49_950)).ok().as_deref(),
            Some("49950")
        );
        assert_eq!(
            serde_json::from_str::<Paise>("49950").ok(),
            Some(Paise::new(49_950))
        );
        assert!(serde_json::from_str::<Paise>("-1").is_err());
        assert!(serde_json::from_str::<Paise>("4.5").is_err());
    }

    #[test]
    fn arithmetic_never_wraps() {
        let (a, b) = (Paise::new(500), Paise::new(200));
        assert_eq!(a.saturating_sub(b), Paise::new(300));
        assert_eq!(b.saturating_sub(a), Paise::ZERO);
        assert_eq!(a.checked_sub(b), Some(Paise::new(300)));
        assert_eq!(b.checked_sub(a), None);
        assert_eq!(a.saturating_add(b), Paise::new(700));
        assert_eq!(Paise::new(u64::MAX).saturating_add(a), Paise::new(u64::MAX));
        assert_eq!([a, b, b].into_iter().sum::<Paise>(), Paise::new(900));
    }

    proptest! {
        #[test]
        fn grouping_round_trips(n in any::<u64>()) {
            let grouped = group_indian(n);
            prop_assert_eq!(grouped.replace(',', "").parse::<u64>().ok(), Some(n));
            // every group but the first has two digits, the last has three
            let groups: Vec<&str> = grouped.split(',').collect();
            if groups.len() > 1 {
                prop_assert_eq!(groups[groups.len() - 1].len(), 3);
                for g in &groups[1..groups.len() - 1] { prop_assert_eq!(g.len(), 2); }
                prop_assert!(!groups[0].is_empty() && groups[0].len() <= 2);
            }
        }

        #[test]
        fn rupees_round_trip_through_paise(p in 0u64..MAX_PAISE) {
            prop_assert_eq!(Paise::from_rupees(Paise::new(p).to_rupees()), Ok(Paise::new(p)));
        }
    }
}

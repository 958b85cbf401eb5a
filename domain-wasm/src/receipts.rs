//! Receipts (issue 13): the numbers and amounts printed on a payment's or a
//! refund's receipt.

use crate::money::group_indian;

/// A receipt's number: `MM-2026-000123` (the year it was issued, then its
/// sequence number in 6 digits or more).
pub fn receipt_number(year: i32, seq: i64) -> String {
    format!("MM-{year}-{seq:06}")
}

/// An amount on a receipt: rupees in Indian grouping with two decimals
/// (`₹1,23,456.50`, `₹1,500.00`; `-₹12.34` below zero).
pub fn rupees_label(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    let p = paise.unsigned_abs();
    format!("{sign}₹{}.{:02}", group_indian(p / 100), p % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_zero_padded_by_year() {
        assert_eq!(receipt_number(2026, 123), "MM-2026-000123");
        assert_eq!(receipt_number(2027, 1), "MM-2027-000001");
        assert_eq!(receipt_number(2026, 1_234_567), "MM-2026-1234567");
    }

    #[test]
    fn amounts_use_indian_grouping_and_two_decimals() {
        assert_eq!(rupees_label(12_345_650), "₹1,23,456.50");
        assert_eq!(rupees_label(150_000), "₹1,500.00");
        assert_eq!(rupees_label(5), "₹0.05");
        assert_eq!(rupees_label(0), "₹0.00");
        assert_eq!(rupees_label(-1_234), "-₹12.34");
        assert_eq!(rupees_label(i64::MIN), "-₹92,23,37,20,36,85,47,758.08");
    }
}

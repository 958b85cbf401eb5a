//! Mentor payouts (issue 13): the payout details a mentor keeps (bank
//! account or UPI id, checked and shown masked), when earnings become
//! available, the payout schedule, and the texts of the payout export.
//!
//! "Earnings from a completed session are released for payout 2 days after
//! the session and settled to your bank account weekly, or monthly."
//! Weekly payouts are made in the batch of the week (Monday 00:00 IST);
//! monthly ones in the first batch of a calendar month (Asia/Kolkata).
//! Pure: `now` is always an argument; amounts are integer paise.

use serde::{Deserialize, Serialize};

use crate::refunds::IST_OFFSET_MS;

crate::status::stored_status! {
    /// Where one line of a payout batch (one mentor's payout) stands.
    pub enum LineStatus ("payout line status") {
        /// Exported for the bank; not confirmed yet.
        Pending = "pending",
        /// The bank paid it.
        Paid = "paid",
        /// The bank could not pay it; its earnings are available again.
        Failed = "failed",
    }
}

const DAY_MS: i64 = 86_400_000;

/// A completed session's net becomes available this many days after its end.
pub const PAYOUT_HOLD_DAYS: i64 = 2;

/// How often a mentor is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Schedule {
    /// In the batch of every week (the default).
    #[default]
    Weekly,
    /// In the first batch of each calendar month.
    Monthly,
}

impl Schedule {
    /// `weekly` or `monthly`.
    pub fn as_str(self) -> &'static str {
        match self {
            Schedule::Weekly => "weekly",
            Schedule::Monthly => "monthly",
        }
    }

    /// The schedule of a name that [`Schedule::as_str`] gives.
    pub fn parse(name: &str) -> Option<Schedule> {
        [Schedule::Weekly, Schedule::Monthly]
            .into_iter()
            .find(|s| s.as_str() == name)
    }
}

/// Where a mentor is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Method {
    /// A bank account (account number and IFSC), paid by NEFT/IMPS.
    Bank,
    /// A UPI id.
    Upi,
}

impl Method {
    /// `bank` or `upi`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Bank => "bank",
            Method::Upi => "upi",
        }
    }

    /// The method of a name that [`Method::as_str`] gives.
    pub fn parse(name: &str) -> Option<Method> {
        [Method::Bank, Method::Upi]
            .into_iter()
            .find(|m| m.as_str() == name)
    }
}

/// Payout details as the mentor sent them (the API's `PUT` body, snake_case
/// as in the API): all text as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct PayoutDetailsInput {
    /// `bank` or `upi`.
    pub method: String,
    pub beneficiary_name: String,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub account_number: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub ifsc: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub upi_id: Option<String>,
    /// `weekly` or `monthly`; empty means weekly.
    #[serde(default)]
    pub schedule: String,
    /// The mentor's PAN, for TDS (optional: without it TDS is deducted at
    /// the higher rate of section 206AA).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub pan: Option<String>,
}

/// Checked payout details: trimmed, IFSC in capitals, the account number's
/// spaces removed; only the fields of the method are kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct PayoutDetails {
    pub method: Method,
    pub beneficiary_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub account_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub ifsc: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub upi_id: Option<String>,
    pub schedule: Schedule,
    /// In capitals ([`check_pan`]); `None` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub pan: Option<String>,
}

fn is_ifsc(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11
        && b[..4].iter().all(u8::is_ascii_uppercase)
        && b[4] == b'0'
        && b[5..]
            .iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

fn is_upi_id(s: &str) -> bool {
    let Some((name, handle)) = s.split_once('@') else {
        return false;
    };
    (2..=256).contains(&name.len())
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
        && (2..=64).contains(&handle.len())
        && handle.bytes().all(|c| c.is_ascii_alphabetic())
}

/// The given text of an optional field, trimmed; `None` when empty.
fn given(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Checks payout details: the method (`bank` or `upi`), the beneficiary's
/// name (2–100 characters, no control characters), for a bank account the
/// account number (9–18 digits; spaces ignored) and the IFSC (4 letters, a
/// zero, 6 letters or digits; any case), for UPI the id (`name@handle`:
/// 2–256 of letters, digits, `.`, `_`, `-`, then 2–64 letters) and the
/// schedule (`weekly`, the default, or `monthly`). The errors name the
/// API's fields (`beneficiary_name`, `account_number`, `ifsc`, `upi_id`, …)
/// in the mentor's words.
pub fn check_payout_details(
    i: &PayoutDetailsInput,
) -> Result<PayoutDetails, Vec<(&'static str, String)>> {
    let mut errors: Vec<(&'static str, String)> = Vec::new();
    let method = Method::parse(i.method.trim());
    if method.is_none() {
        errors.push((
            "method",
            "Choose how you want to be paid: a bank account or UPI.".to_owned(),
        ));
    }
    let name = i.beneficiary_name.trim();
    let name_len = name.chars().count();
    if name.chars().any(char::is_control) {
        errors.push((
            "beneficiary_name",
            "The account holder's name cannot contain line breaks or control characters."
                .to_owned(),
        ));
    } else if !(2..=100).contains(&name_len) {
        errors.push((
            "beneficiary_name",
            "Enter the account holder's name as the bank knows it (2 to 100 characters)."
                .to_owned(),
        ));
    }
    let schedule = match i.schedule.trim() {
        "" => Some(Schedule::Weekly),
        s => Schedule::parse(s),
    };
    if schedule.is_none() {
        errors.push(("schedule", "Choose weekly or monthly payouts.".to_owned()));
    }
    let (mut account_number, mut ifsc, mut upi_id) = (None, None, None);
    match method {
        Some(Method::Bank) => {
            match given(&i.account_number) {
                None => errors.push((
                    "account_number",
                    "Enter your bank account number.".to_owned(),
                )),
                Some(n) => {
                    let digits: String = n.chars().filter(|c| !c.is_whitespace()).collect();
                    if digits.bytes().all(|c| c.is_ascii_digit())
                        && (9..=18).contains(&digits.len())
                    {
                        account_number = Some(digits);
                    } else {
                        errors.push((
                            "account_number",
                            "An account number has 9 to 18 digits.".to_owned(),
                        ));
                    }
                }
            }
            match given(&i.ifsc) {
                None => errors.push((
                    "ifsc",
                    "Enter your branch's IFSC (it is on your cheque book or passbook).".to_owned(),
                )),
                Some(code) => {
                    let code = code.to_ascii_uppercase();
                    if is_ifsc(&code) {
                        ifsc = Some(code);
                    } else {
                        errors.push((
                            "ifsc",
                            "An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (for example SBIN0001234).".to_owned(),
                        ));
                    }
                }
            }
        }
        Some(Method::Upi) => match given(&i.upi_id) {
            None => errors.push(("upi_id", "Enter your UPI id.".to_owned())),
            Some(id) if is_upi_id(id) => upi_id = Some(id.to_owned()),
            Some(_) => errors.push((
                "upi_id",
                "A UPI id looks like name@bank (for example rahul.k@okaxis).".to_owned(),
            )),
        },
        None => {}
    }
    let pan = match given(&i.pan) {
        None => None,
        Some(p) => match check_pan(p) {
            Ok(p) => Some(p),
            Err(message) => {
                errors.push(("pan", message.to_owned()));
                None
            }
        },
    };
    match (method, schedule) {
        (Some(method), Some(schedule)) if errors.is_empty() => Ok(PayoutDetails {
            method,
            beneficiary_name: name.to_owned(),
            account_number,
            ifsc,
            upi_id,
            schedule,
            pan,
        }),
        _ => Err(errors),
    }
}

/// An account number as shown: `•••• •••• 1234` (the last 4 digits;
/// all hidden when it has fewer than 5).
pub fn mask_account(n: &str) -> String {
    let digits: Vec<char> = n.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() < 5 {
        return "••••".to_owned();
    }
    let last: String = digits[digits.len() - 4..].iter().collect();
    format!("•••• •••• {last}")
}

/// A UPI id as shown: `ra•••@okaxis` (the first 2 characters of the name,
/// 1 when the name is that short, and the handle).
pub fn mask_upi(u: &str) -> String {
    let Some((name, handle)) = u.trim().split_once('@') else {
        return "•••".to_owned();
    };
    let keep = if name.chars().count() > 2 { 2 } else { 1 };
    let head: String = name.chars().take(keep).collect();
    format!("{head}•••@{handle}")
}

/// When a completed session's net becomes available: [`PAYOUT_HOLD_DAYS`] after its end.
pub fn available_at_ms(end_ms: i64) -> i64 {
    end_ms.saturating_add(PAYOUT_HOLD_DAYS.saturating_mul(DAY_MS))
}

/// One session's earning, as the mentor's earnings need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EarningFact {
    pub booking_id: String,
    /// The mentor's net left after refunds (what the mentor account was credited for it).
    pub net_paise: i64,
    pub end_ms: i64,
    /// Whether the session is completed (stored completed, or confirmed past its end).
    pub completed: bool,
    /// Whether a refund request waits for a decision.
    pub refund_open: bool,
}

/// A mentor's earnings now, in paise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Earnings {
    /// Credited but not yet payable: sessions not completed, within the
    /// 2-day hold, or with a refund request open.
    pub pending_paise: i64,
    /// What the next payout may pay.
    pub available_paise: i64,
    /// What the mentor owes back (a refund after they were paid), deducted
    /// from later earnings.
    pub owed_paise: i64,
}

/// Whether one session's net is still pending at `now_ms`.
pub fn is_pending(f: &EarningFact, now_ms: i64) -> bool {
    !f.completed || now_ms < available_at_ms(f.end_ms) || f.refund_open
}

/// Where a session's net stands before any payout carried it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EarningState {
    /// Not yet payable: the session is not over, or within the hold.
    Pending,
    /// Past its hold, with a refund request, a dispute or a no-show report open.
    Held,
    /// Payable in the next payout.
    Available,
    /// The session was called off (cancelled): it never ended and is never
    /// "pending until" a date; its net is what the mentor keeps after the
    /// refund (usually nothing).
    Cancelled,
}

/// The state of a session's net that no payout carried: a cancelled
/// session is [`EarningState::Cancelled`] whatever its dates; otherwise
/// held, pending or available by [`is_pending`] and the hold.
pub fn earning_state(f: &EarningFact, cancelled: bool, now_ms: i64) -> EarningState {
    if cancelled {
        EarningState::Cancelled
    } else if f.refund_open && f.completed && now_ms >= available_at_ms(f.end_ms) {
        EarningState::Held
    } else if is_pending(f, now_ms) {
        EarningState::Pending
    } else {
        EarningState::Available
    }
}

/// A mentor's earnings from their sessions and the credit balance of their
/// `mentor` account: pending = the nets of sessions still pending
/// ([`is_pending`]); available = balance − pending (at least 0); owed =
/// pending − balance (at least 0).
pub fn earnings(facts: &[EarningFact], mentor_balance_paise: i64, now_ms: i64) -> Earnings {
    let pending: i64 = facts
        .iter()
        .filter(|f| is_pending(f, now_ms))
        .fold(0i64, |sum, f| sum.saturating_add(f.net_paise));
    Earnings {
        pending_paise: pending,
        available_paise: mentor_balance_paise.saturating_sub(pending).max(0),
        owed_paise: pending.saturating_sub(mentor_balance_paise).max(0),
    }
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar.
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month, day) of a count of days since 1970-01-01.
pub(crate) fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The next payout after `now_ms` (strictly later): weekly, the next Monday
/// 00:00 in Asia/Kolkata; monthly, the 1st of the next month 00:00 there.
pub fn next_payout_ms(schedule: Schedule, now_ms: i64) -> i64 {
    // Keep the arithmetic far from overflow: ±100,000 years.
    let now = now_ms.clamp(-3_000_000_000_000_000, 3_000_000_000_000_000);
    let local = now + IST_OFFSET_MS;
    let today = local.div_euclid(DAY_MS);
    let day = match schedule {
        Schedule::Weekly => {
            // 1970-01-01 was a Thursday (Monday = 0 → 3).
            let weekday = (today + 3).rem_euclid(7);
            today + (7 - weekday)
        }
        Schedule::Monthly => {
            let (y, m, _) = civil_from_days(today);
            let (y, m) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
            days_from_civil(y, m, 1)
        }
    };
    day * DAY_MS - IST_OFFSET_MS
}

/// An amount for the payout CSV: rupees with two decimals and no grouping
/// (`1234.50`; `-12.34` below zero).
pub fn rupees_csv(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    let p = paise.unsigned_abs();
    format!("{sign}{}.{:02}", p / 100, p % 100)
}

/// A payout line's reference, as the bank transfer carries it: `MMP-000012-000034`.
pub fn payout_reference(batch_id: i64, line_id: i64) -> String {
    format!("MMP-{batch_id:06}-{line_id:06}")
}

// ---- PAN and TDS (issue 20) ----------------------------------------------

/// The holder types a PAN's fourth character names (Income Tax Department,
/// "Permanent Account Number"): P individual, H Hindu undivided family,
/// C company, F firm or LLP, A association of persons, T trust, B body of
/// individuals, L local authority, J artificial juridical person,
/// G government.
pub const PAN_HOLDER_TYPES: &str = "PHCFATBLJG";

/// The answer for text that is not a PAN.
pub const PAN_FORMAT: &str =
    "A PAN has 10 characters: 5 letters, 4 digits, then a letter (for example ABCPE1234F).";
/// The answer for a PAN whose fourth letter names no holder type.
pub const PAN_HOLDER: &str = "The 4th letter of a PAN says who holds it (P for a person); please check it against your PAN card.";

/// Checks a PAN (Permanent Account Number): 10 characters, 5 letters, 4
/// digits, 1 letter, the 4th letter a holder type ([`PAN_HOLDER_TYPES`]).
/// Spaces around it are ignored and letters taken in any case; the PAN is
/// given back in capitals. (The last letter is a check character whose
/// algorithm is not published, so it is not checked.)
pub fn check_pan(s: &str) -> Result<String, &'static str> {
    let pan = s.trim().to_ascii_uppercase();
    let b = pan.as_bytes();
    let shape = b.len() == 10
        && b[..5].iter().all(u8::is_ascii_uppercase)
        && b[5..9].iter().all(u8::is_ascii_digit)
        && b[9].is_ascii_uppercase();
    if !shape {
        return Err(PAN_FORMAT);
    }
    if !PAN_HOLDER_TYPES.as_bytes().contains(&b[3]) {
        return Err(PAN_HOLDER);
    }
    Ok(pan)
}

/// A PAN as shown: `••••••234F` (the last 4 characters).
pub fn mask_pan(pan: &str) -> String {
    let chars: Vec<char> = pan.trim().chars().collect();
    if chars.len() < 5 {
        return "••••".to_owned();
    }
    let last: String = chars[chars.len() - 4..].iter().collect();
    format!("••••••{last}")
}

/// The TDS settings: the rate with a PAN, the rate without one, and the
/// year's gross below which a mentor with a PAN has nothing deducted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct TdsRates {
    /// Section 194-O: 0.1 % (10 bps) since 1 October 2024.
    pub rate_bps: i64,
    /// Section 206AA(1A): 5 % (500 bps) when no PAN (or Aadhaar) is given.
    pub no_pan_rate_bps: i64,
    /// Section 194-O(4): ₹5,00,000 gross a financial year for an individual
    /// or HUF who gave their PAN.
    pub threshold_paise: i64,
}

impl Default for TdsRates {
    fn default() -> Self {
        TdsRates {
            rate_bps: 10,
            no_pan_rate_bps: 500,
            threshold_paise: 50_000_000,
        }
    }
}

/// The TDS on one session's gross.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Tds {
    /// The part of the gross TDS is deducted on.
    pub taxable_paise: i64,
    pub rate_bps: i64,
    /// Rounded half up to the paisa.
    pub tds_paise: i64,
}

/// `a × b / d` rounded half up (non-negative inputs; `d` > 0).
fn mul_div_half_up(a: i64, b: i64, d: i64) -> i64 {
    let (a, b, d) = (
        i128::from(a.max(0)),
        i128::from(b.max(0)),
        i128::from(d.max(1)),
    );
    i64::try_from((a * b * 2 + d) / (2 * d)).unwrap_or(i64::MAX)
}

/// The TDS on a paid session of `gross_paise` (the learner's price less
/// refunds before the payout, commission included), when the mentor's
/// sessions paid earlier in the same financial year grossed
/// `year_gross_before_paise`. With a PAN: at `rate_bps` on the part of the
/// year's gross above `threshold_paise` (section 194-O(4) exempts an
/// individual or HUF with a PAN up to it). Without one: at
/// `no_pan_rate_bps` on the whole gross (the exemption needs the PAN;
/// section 206AA). Rounded half up to the paisa: the deduction is made per
/// credit, and rounding each session's 0.1 % to a rupee would deduct up to
/// ₹0.50 too much or too little on every session; section 288B's rounding
/// applies to the total when a return is filed (out of scope).
pub fn tds_on(
    gross_paise: i64,
    year_gross_before_paise: i64,
    pan_given: bool,
    rates: &TdsRates,
) -> Tds {
    let gross = gross_paise.max(0);
    let (taxable, rate) = if pan_given {
        let before = year_gross_before_paise.max(0);
        let after = before.saturating_add(gross);
        let from = before.max(rates.threshold_paise.max(0));
        (
            after.saturating_sub(from).clamp(0, gross),
            rates.rate_bps.max(0),
        )
    } else {
        (gross, rates.no_pan_rate_bps.max(0))
    };
    Tds {
        taxable_paise: taxable,
        rate_bps: rate,
        tds_paise: mul_div_half_up(taxable, rate, 10_000),
    }
}

/// How much of a session's TDS a refund gives back: the TDS in proportion
/// to the gross refunded since the deduction (`refunded_before_paise` and
/// this refund's `refund_paise`, at most the gross), rounded half up,
/// less what earlier refunds gave back (`reversed_before_paise`), so
/// partial refunds adding up to the whole give back exactly the TDS.
pub fn tds_reversal(
    tds_paise: i64,
    gross_paise: i64,
    refunded_before_paise: i64,
    refund_paise: i64,
    reversed_before_paise: i64,
) -> i64 {
    if gross_paise <= 0 || tds_paise <= 0 {
        return 0;
    }
    let refunded = refunded_before_paise
        .max(0)
        .saturating_add(refund_paise.max(0))
        .min(gross_paise);
    let due = mul_div_half_up(tds_paise, refunded, gross_paise);
    due.saturating_sub(reversed_before_paise.max(0)).clamp(
        0,
        tds_paise
            .saturating_sub(reversed_before_paise.max(0))
            .max(0),
    )
}

/// The Indian financial year (April to March, Asia/Kolkata) of `ms`, by
/// the year it starts in: 2026 for 2026-27.
pub fn financial_year(ms: i64) -> i64 {
    let (y, m, _) = civil_from_days((ms + IST_OFFSET_MS).div_euclid(DAY_MS));
    if m >= 4 { y } else { y - 1 }
}

/// The quarter of the financial year of `ms`: 1 (April–June) to 4 (January–March).
pub fn fy_quarter(ms: i64) -> u32 {
    let (_, m, _) = civil_from_days((ms + IST_OFFSET_MS).div_euclid(DAY_MS));
    (m + 8) % 12 / 3 + 1
}

/// A financial year as written: `2026-27`.
pub fn fy_label(start_year: i64) -> String {
    format!("{start_year}-{:02}", (start_year + 1).rem_euclid(100))
}

/// The financial year of a label `2026-27` (its start year); `None` for
/// anything else.
pub fn parse_fy(label: &str) -> Option<i64> {
    let (a, b) = label.trim().split_once('-')?;
    if a.len() != 4 || b.len() != 2 || !a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let start: i64 = a.parse().ok()?;
    let end: i64 = b.parse().ok()?;
    ((start + 1) % 100 == end && (1961..=9998).contains(&start)).then_some(start)
}

/// The quarter `Q1`..`Q4` (any case); `None` for anything else.
pub fn parse_quarter(label: &str) -> Option<u32> {
    match label.trim().to_ascii_uppercase().as_str() {
        "Q1" => Some(1),
        "Q2" => Some(2),
        "Q3" => Some(3),
        "Q4" => Some(4),
        _ => None,
    }
}

/// The instants (ms) a quarter of a financial year starts and ends
/// (exclusive), midnight in Asia/Kolkata.
pub fn quarter_bounds_ms(start_year: i64, quarter: u32) -> (i64, i64) {
    let q = quarter.clamp(1, 4);
    let month_of = |q: u32| -> (i64, u32) {
        // Q1 April, Q2 July, Q3 October, Q4 January of the next year, Q5 April.
        let m0 = 4 + 3 * (q - 1);
        if m0 > 12 {
            (start_year + 1, m0 - 12)
        } else {
            (start_year, m0)
        }
    };
    let (y0, m0) = month_of(q);
    let (y1, m1) = month_of(q + 1);
    (
        days_from_civil(y0, m0, 1) * DAY_MS - IST_OFFSET_MS,
        days_from_civil(y1, m1, 1) * DAY_MS - IST_OFFSET_MS,
    )
}

/// A field's problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

#[cfg(test)]
mod tests;

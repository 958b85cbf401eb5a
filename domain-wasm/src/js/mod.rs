//! The JavaScript adapters: what exists only so a rule can cross the wasm
//! boundary (one file per rule module), kept out of the rule files, which
//! hold plain Rust.
//!
//! An object argument is read by serde: a `Deserialize` argument struct
//! (`#[serde(deny_unknown_fields)]`, camelCase or the API's snake_case as
//! the argument's documented shape says) read from the argument's JSON
//! document by [`arg`], which names the field at fault in the message
//! JavaScript throws (`a booking's startMs is missing`). As JavaScript's
//! own readers do, a field that is `null` or `undefined` counts as left
//! out, and a whole number written as a float (as every number from the
//! browser is) reads as an integer.

pub mod booking;
mod de;
pub mod mentoring;
pub mod payouts;
pub mod refunds;

use serde::Deserialize;

use crate::bindings::{BadInput, bad};
use crate::json::Json;

pub use de::describe;

/// How the messages of one argument name it and its fields.
pub struct Arg {
    /// The argument as a whole: `a booking` (`a booking must be an object`).
    pub what: &'static str,
    /// What comes before a field's name: `a booking's ` (`a booking's
    /// startMs is missing`), `an application: `.
    pub field: &'static str,
    /// Whether a name that is not one of the choices is quoted after them
    /// (`…, got "booked"`).
    pub got: bool,
    /// How the messages call text (`text`, `a string`).
    pub text: &'static str,
}

/// Reads an object argument by its serde `Deserialize`, with a message in
/// `arg`'s words when it is malformed.
pub fn arg<'a, T: Deserialize<'a>>(json: &'a Json, arg: &Arg) -> Result<T, BadInput> {
    if !matches!(json, Json::Object(_)) {
        return Err(bad(format!("{} must be an object", arg.what)));
    }
    T::deserialize(json).map_err(|e| e.message(arg))
}

/// Reads a name (a string union: `"learner"`, `"weekly"`) by its serde
/// `Deserialize`; `None` for anything else.
pub fn name<'a, T: Deserialize<'a>>(json: &'a Json) -> Option<T> {
    match json {
        Json::String(_) => T::deserialize(json).ok(),
        _ => None,
    }
}

/// A whole number from JavaScript (up to ±2⁵³), or `"{what} must be a whole
/// number{unit}"`. Without the value: writing a float would add a float
/// formatter to the modules.
pub fn whole(n: f64, what: &str, unit: &str) -> Result<i64, BadInput> {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    if n.is_finite() && n.fract() == 0.0 && n.abs() <= SAFE {
        Ok(n as i64)
    } else {
        Err(bad(format!("{what} must be a whole number{unit}")))
    }
}

/// A whole number (of paise, of milliseconds) from JavaScript, or `"{what}
/// must be a whole number"`.
pub fn js_whole(n: f64, what: &str) -> Result<i64, BadInput> {
    whole(n, what, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::FromJson;
    use crate::booking::Facts;

    fn json(v: serde_json::Value) -> Json {
        Json::from_value(v)
    }

    #[test]
    fn arguments_are_read_by_serde_with_messages_naming_the_field() {
        let facts = |v| Facts::from_json(&json(v)).map_err(|e| e.0);
        let ok = facts(serde_json::json!({
            "status": "pending", "startMs": 2.0e12, "endMs": 2_000_003_600_000_i64,
            "respondByMs": null, "pricePaise": 1500.0,
        }))
        .expect("facts");
        // Whole floats read as integers; null and left out are the same.
        assert_eq!(
            (ok.start_ms, ok.price_paise, ok.respond_by_ms),
            (2_000_000_000_000, 1500, None)
        );
        assert_eq!(
            ok.pay_window_minutes,
            crate::booking::DEFAULT_PAY_WINDOW_MINUTES
        );
        assert_eq!(
            facts(
                serde_json::json!({"status": "pending", "startMs": 1, "endMs": 2, "colour": "red"})
            ),
            Err("a booking has no field \"colour\"".to_owned())
        );
        assert_eq!(
            facts(serde_json::json!({"status": "pending", "startMs": 1.5, "endMs": 2})),
            Err("a booking's startMs must be a whole number".to_owned())
        );
        assert_eq!(
            facts(serde_json::json!({"status": 3, "startMs": 1, "endMs": 2})),
            Err("a booking's status must be one of pending, payment_required, confirmed, completed, cancelled, expired, no_show, got a number".to_owned())
        );
    }

    #[test]
    fn payout_details_take_the_api_body_with_its_proof_of_who_asks() {
        use crate::payouts::PayoutDetailsInput;
        let details = |v| PayoutDetailsInput::from_json(&json(v)).map_err(|e| e.0);
        let body = serde_json::json!({
            "method": "upi", "beneficiary_name": "Asha", "account_number": null, "ifsc": null,
            "upi_id": "asha@okbank", "schedule": "weekly", "pan": null, "password": "secret",
        });
        assert_eq!(
            details(body).expect("details").upi_id.as_deref(),
            Some("asha@okbank")
        );
        assert_eq!(
            details(serde_json::json!({"method": "upi", "note": "x"})),
            Err("payout details has no field \"note\"".to_owned())
        );
    }

    #[test]
    fn whole_numbers_up_to_2_pow_53() {
        assert_eq!(
            js_whole(9_007_199_254_740_991.0, "n"),
            Ok(9_007_199_254_740_991)
        );
        assert!(js_whole(9_007_199_254_740_992.0, "n").is_err());
        assert_eq!(
            whole(f64::NAN, "nowMs", " of milliseconds").map_err(|e| e.0),
            Err("nowMs must be a whole number of milliseconds".to_owned())
        );
    }
}

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

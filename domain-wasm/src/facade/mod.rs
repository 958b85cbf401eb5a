//! The API the browser sees, in plain Rust: JavaScript-shaped arguments
//! (numbers, strings, booleans, arrays) in, plain values or a readable error
//! out. `src/wasm/` exports exactly these functions under camelCase names; the
//! native test runners call them through [`dispatch`], so both runtimes are
//! held to the same cases.
//!
//! One file per rule family. Each has a `dispatch` that maps the camelCase
//! export name and JSON arguments to the call, for the vector and
//! differential runners.

pub mod cards;
pub mod explorer;
pub mod forms;
pub mod mentors;
pub mod session;

use serde::Serialize;
use serde_json::Value;

/// An argument the caller should never have passed (a programming error in
/// the caller, not a business outcome). Business outcomes are values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadInput(pub String);

pub(crate) fn bad(msg: impl Into<String>) -> BadInput {
    BadInput(msg.into())
}

/// Calls the facade function exported to JavaScript as `function` with JSON
/// arguments and returns its result as JSON, as the wasm module would.
/// One rule family's dispatcher: `None` when it has no such function.
type Family = fn(&str, &Args) -> Option<Result<Value, BadInput>>;

pub fn dispatch(function: &str, args: &[Value]) -> Result<Value, BadInput> {
    let args = Args(args);
    let families: &[Family] = &[
        cards::dispatch,
        explorer::dispatch,
        forms::dispatch,
        mentors::dispatch,
        session::dispatch,
    ];
    families
        .iter()
        .find_map(|family| family(function, &args))
        .unwrap_or_else(|| {
            Err(bad(format!(
                "no exported function is called \"{function}\""
            )))
        })
}

/// Positional JSON arguments with typed access; a wrong type is [`BadInput`].
pub(crate) struct Args<'a>(pub &'a [Value]);

impl Args<'_> {
    fn get(&self, i: usize) -> Result<&Value, BadInput> {
        self.0
            .get(i)
            .ok_or_else(|| bad(format!("argument {i} is missing")))
    }

    pub fn f64(&self, i: usize) -> Result<f64, BadInput> {
        self.get(i)?
            .as_f64()
            .ok_or_else(|| bad(format!("argument {i} must be a number")))
    }

    pub fn u32(&self, i: usize) -> Result<u32, BadInput> {
        self.get(i)?
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| bad(format!("argument {i} must be a whole number below 2^32")))
    }

    pub fn bool(&self, i: usize) -> Result<bool, BadInput> {
        self.get(i)?
            .as_bool()
            .ok_or_else(|| bad(format!("argument {i} must be a boolean")))
    }

    pub fn str(&self, i: usize) -> Result<&str, BadInput> {
        self.get(i)?
            .as_str()
            .ok_or_else(|| bad(format!("argument {i} must be a string")))
    }

    /// `null` (or a missing trailing argument) as `None`, like JS `undefined`.
    pub fn opt_str(&self, i: usize) -> Result<Option<&str>, BadInput> {
        match self.0.get(i) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_str()
                .map(Some)
                .ok_or_else(|| bad(format!("argument {i} must be a string or null"))),
        }
    }

    pub fn opt_f64(&self, i: usize) -> Result<Option<f64>, BadInput> {
        match self.0.get(i) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_f64()
                .map(Some)
                .ok_or_else(|| bad(format!("argument {i} must be a number or null"))),
        }
    }

    pub fn json(&self, i: usize) -> Result<&Value, BadInput> {
        self.get(i)
    }

    pub fn f64_array(&self, i: usize) -> Result<Vec<f64>, BadInput> {
        self.get(i)?
            .as_array()
            .and_then(|a| a.iter().map(Value::as_f64).collect())
            .ok_or_else(|| bad(format!("argument {i} must be an array of numbers")))
    }

    pub fn u32_array(&self, i: usize) -> Result<Vec<u32>, BadInput> {
        self.get(i)?
            .as_array()
            .and_then(|a| {
                a.iter()
                    .map(|v| v.as_u64().and_then(|n| u32::try_from(n).ok()))
                    .collect()
            })
            .ok_or_else(|| {
                bad(format!(
                    "argument {i} must be an array of whole numbers below 2^32"
                ))
            })
    }

    pub fn str_array(&self, i: usize) -> Result<Vec<&str>, BadInput> {
        self.get(i)?
            .as_array()
            .and_then(|a| a.iter().map(Value::as_str).collect())
            .ok_or_else(|| bad(format!("argument {i} must be an array of strings")))
    }
}

/// A result as the JSON a JavaScript caller would see: `None` fields and
/// values vanish or become `null`, as `undefined` does in `JSON.stringify`.
pub(crate) fn to_json<T: Serialize>(value: T) -> Result<Value, BadInput> {
    serde_json::to_value(value).map_err(|e| bad(e.to_string()))
}

//! Test support: runs one `vectors/<file>.json` against a rule module's own
//! table of calls, so the vectors of rules not yet exported to JavaScript
//! are held natively too. Same format and comparison as `tests/vectors.rs`.

use serde_json::{Value, json};

/// Numbers compare by value, so `7` and `7.0` are equal, as in JavaScript.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// A module's calls: `None` for a name it does not have, `Err` for an
/// argument of the wrong type (the `throws` of a case).
pub type Call = fn(&str, &[Value]) -> Option<Result<Value, String>>;

/// Runs every case of `vectors/{file}` through `call`; panics listing the
/// failures. Returns how many cases ran.
pub fn run(file: &str, call: Call) -> usize {
    // `vectors/pending/` holds the files of rules not yet exported to
    // JavaScript (the runners of `tests/` read only `vectors/*.json`).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors");
    let path = [dir.join(file), dir.join("pending").join(file)]
        .into_iter()
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("no vectors/{file} or vectors/pending/{file}"));
    let text = std::fs::read_to_string(&path).expect("the vector file");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let cases = doc["cases"].as_array().expect("a cases array");
    assert!(!cases.is_empty(), "{file} has no cases");
    let mut failures = Vec::new();
    for case in cases {
        let function = case["fn"].as_str().expect("fn");
        let args = case["args"].as_array().expect("args");
        let outcome = call(function, args)
            .unwrap_or_else(|| Err(format!("no function is called \"{function}\"")));
        let passed = match (&outcome, case.get("throws")) {
            (Err(msg), Some(want)) => json!(msg) == *want,
            (Ok(got), None) => same(got, &case["expect"]),
            _ => false,
        };
        if !passed {
            failures.push(format!("{function}{args:?}: got {outcome:?}, want {case}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{file}: {} of {} vectors failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    cases.len()
}

/// Typed access to a case's arguments.
pub fn f64_arg(args: &[Value], i: usize) -> Result<f64, String> {
    args.get(i)
        .and_then(Value::as_f64)
        .ok_or_else(|| format!("argument {i} must be a number"))
}

pub fn str_arg(args: &[Value], i: usize) -> Result<&str, String> {
    args.get(i)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("argument {i} must be a string"))
}

pub fn bool_arg(args: &[Value], i: usize) -> Result<bool, String> {
    args.get(i)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("argument {i} must be a boolean"))
}

pub fn opt_f64_arg(args: &[Value], i: usize) -> Result<Option<f64>, String> {
    match args.get(i) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_f64()
            .map(Some)
            .ok_or_else(|| format!("argument {i} must be a number or null")),
    }
}

pub fn opt_str_arg(args: &[Value], i: usize) -> Result<Option<&str>, String> {
    match args.get(i) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_str()
            .map(Some)
            .ok_or_else(|| format!("argument {i} must be a string or null")),
    }
}

pub fn f64s_arg(args: &[Value], i: usize) -> Result<Vec<f64>, String> {
    args.get(i)
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(Value::as_f64).collect())
        .ok_or_else(|| format!("argument {i} must be an array of numbers"))
}

pub fn to_json<T: serde::Serialize>(value: T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| e.to_string())
}

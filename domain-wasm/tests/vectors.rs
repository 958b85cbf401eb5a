//! Runs every case in `vectors/*.json` against the native crate through the
//! same facade the wasm module exports. `tests/vectors.mjs` runs the same
//! files against the built wasm module in Node.

use std::path::Path;

use domain_wasm::facade::{self, BadInput};
use serde_json::{Value, json};

fn arg_f64(args: &[Value], i: usize) -> f64 {
    args[i]
        .as_f64()
        .unwrap_or_else(|| panic!("argument {i} must be a number: {args:?}"))
}

fn arg_str(args: &[Value], i: usize) -> &str {
    args[i]
        .as_str()
        .unwrap_or_else(|| panic!("argument {i} must be a string: {args:?}"))
}

fn arg_bool(args: &[Value], i: usize) -> bool {
    args[i]
        .as_bool()
        .unwrap_or_else(|| panic!("argument {i} must be a boolean: {args:?}"))
}

fn ok<T: serde::Serialize>(v: T) -> Result<Value, BadInput> {
    Ok(serde_json::to_value(v).expect("serialisable"))
}

/// Calls the facade function a vector names, as the wasm export would be called.
fn call(function: &str, a: &[Value]) -> Result<Value, BadInput> {
    match function {
        "priceLabel" => facade::price_label(arg_f64(a, 0), arg_str(a, 1)).and_then(ok),
        "ratingLabel" => ok(facade::rating_label(arg_f64(a, 0), arg_bool(a, 1))),
        "experienceLabel" => ok(facade::experience_label(arg_f64(a, 0))),
        "badgeLabel" => ok(facade::badge_label(
            arg_f64(a, 0),
            arg_f64(a, 1),
            arg_bool(a, 2),
        )),
        "slugify" => ok(facade::slugify(arg_str(a, 0))),
        "mentorPath" => facade::mentor_path(arg_f64(a, 0), arg_str(a, 1)).and_then(ok),
        "parseMentorSegment" => ok(facade::parse_mentor_segment(arg_str(a, 0))),
        "matchRoute" => ok(facade::match_route(arg_str(a, 0))),
        "cardLabels" => facade::card_labels(
            arg_f64(a, 0),
            arg_str(a, 1),
            arg_f64(a, 2),
            arg_f64(a, 3),
            arg_f64(a, 4),
        )
        .and_then(ok),
        other => panic!("vector names an unknown function {other:?}"),
    }
}

/// Numbers compare by value, so `7` and `7.0` are equal as they are in JS.
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

#[test]
fn every_vector_passes_natively() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut ran = 0;
    let mut failures = Vec::new();
    for file in &files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(file).expect("read"))
            .expect("valid JSON");
        let cases = doc["cases"].as_array().expect("a cases array");
        assert!(!cases.is_empty(), "{} has no cases", file.display());
        for case in cases {
            let function = case["fn"].as_str().expect("fn");
            let args = case["args"].as_array().expect("args");
            let outcome = call(function, args);
            let passed = match (&outcome, case.get("throws")) {
                (Err(BadInput(msg)), Some(want)) => json!(msg) == *want,
                (Ok(got), None) => same(got, &case["expect"]),
                _ => false,
            };
            if !passed {
                failures.push(format!("{function}{args:?}: got {outcome:?}, want {case}"));
            }
            ran += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let declared: usize = files
        .iter()
        .map(|f| {
            let doc: Value =
                serde_json::from_str(&std::fs::read_to_string(f).expect("read")).expect("json");
            doc["cases"].as_array().map_or(0, Vec::len)
        })
        .sum();
    assert_eq!(ran, declared);
    assert!(ran >= 70, "expected the full vector suite, ran {ran}");
    println!("vectors: {ran} cases passed natively");
}

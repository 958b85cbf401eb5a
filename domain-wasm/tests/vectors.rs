//! Runs every case in `vectors/*.json` against the native crate through the
//! table of `#[export]`ed functions (`bindings::dispatch`), by the names
//! the wasm module exports them under.
//! `tests/vectors.mjs` runs the same files against the built wasm module.

use std::path::Path;

use domain_wasm::bindings::dispatch;
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

#[test]
fn every_vector_passes_natively() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let (mut ran, mut declared) = (0, 0);
    let mut failures = Vec::new();
    for file in &files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(file).expect("read"))
            .expect("valid JSON");
        let cases = doc["cases"].as_array().expect("a cases array");
        assert!(!cases.is_empty(), "{} has no cases", file.display());
        declared += cases.len();
        for case in cases {
            let function = case["fn"].as_str().expect("fn");
            let args = case["args"].as_array().expect("args");
            let outcome = dispatch(function, args);
            let passed = match (&outcome, case.get("throws")) {
                (Err(msg), Some(want)) => json!(msg) == *want,
                // `null` stands for `undefined`, which JSON cannot write.
                (Ok(got), None) => same(got, &case["expect"]),
                _ => false,
            };
            if !passed {
                failures.push(format!(
                    "{}: {function}{args:?}: got {outcome:?}, want {case}",
                    file.display()
                ));
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
    assert_eq!(ran, declared);
    assert!(ran >= 300, "expected the full vector suite, ran {ran}");
    println!("vectors: {ran} cases passed natively");
}

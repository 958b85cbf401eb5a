//! The money vectors (`vectors/refunds.json`, written by
//! `scripts/refund-vectors.py` from its own reading of the contract) run
//! natively through the exports table, with their count and coverage held:
//! every basis and every stored status seen, eligible and not, each payout
//! field refused at least once. `tests/refunds.mjs` runs the same file
//! against the dashboards wasm module.

use std::collections::BTreeSet;
use std::path::Path;

use domain_wasm::bindings::dispatch;
use serde_json::{Value, json};

fn cases() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors/refunds.json");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("JSON");
    doc["cases"].as_array().expect("cases").clone()
}

/// Numbers compare by value (`7` and `7.0` alike), as in JavaScript.
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
fn every_money_vector_passes_natively() {
    let cases = cases();
    let mut failures = Vec::new();
    for case in &cases {
        let function = case["fn"].as_str().expect("fn");
        let args = case["args"].as_array().expect("args");
        let outcome = dispatch(function, args);
        let passed = match (&outcome, case.get("throws")) {
            (Err(msg), Some(want)) => json!(msg) == *want,
            (Ok(got), None) => same(got, &case["expect"]),
            _ => false,
        };
        if !passed {
            failures.push(format!("{}: got {outcome:?}", case["note"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        cases.len(),
        268,
        "the generator's count: rerun it and update"
    );
}

#[test]
fn the_vectors_cover_every_basis_status_and_field() {
    let cases = cases();
    let (mut bases, mut statuses, mut fields, mut functions) = (
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
    );
    let (mut eligible, mut refused, mut with_closing) = (0, 0, 0);
    for case in &cases {
        functions.insert(case["fn"].as_str().expect("fn").to_owned());
        if case.get("throws").is_some() {
            continue;
        }
        match case["fn"].as_str() {
            Some("refundEligibility") => {
                statuses.insert(
                    case["args"][0]["status"]
                        .as_str()
                        .expect("status")
                        .to_owned(),
                );
                let e = &case["expect"];
                if e["eligible"] == json!(true) {
                    eligible += 1;
                    bases.insert(e["basis"].as_str().expect("basis").to_owned());
                } else {
                    refused += 1;
                    assert_eq!(e["maxPaise"], json!(0), "{}", case["note"]);
                }
                if e.get("closesAtMs").is_some() {
                    with_closing += 1;
                }
            }
            Some("checkPayoutDetails") => {
                for err in case["expect"]["errors"].as_array().into_iter().flatten() {
                    fields.insert(err["field"].as_str().expect("field").to_owned());
                }
            }
            _ => {}
        }
    }
    let names = |xs: &[&str]| xs.iter().map(|x| (*x).to_owned()).collect::<BTreeSet<_>>();
    assert_eq!(
        bases,
        names(&[
            "mentor_cancelled",
            "mentor_no_show",
            "learner_cancelled",
            "expired",
            "overpaid",
            "unused",
            "partial"
        ])
    );
    assert_eq!(
        statuses,
        names(&[
            "pending",
            "payment_required",
            "confirmed",
            "completed",
            "cancelled",
            "expired",
            "no_show"
        ])
    );
    assert_eq!(
        fields,
        names(&[
            "method",
            "beneficiary_name",
            "account_number",
            "ifsc",
            "upi_id",
            "schedule"
        ])
    );
    assert!(eligible >= 30 && refused >= 60 && with_closing >= 20);
    assert_eq!(
        functions,
        names(&[
            "refundEligibility",
            "refundSplit",
            "refundRules",
            "checkPayoutDetails",
            "nextPayout"
        ])
    );
}

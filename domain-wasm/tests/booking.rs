//! The booking vectors (`vectors/booking.json`, written by
//! `scripts/booking-vectors.py` from its own reading of the contract) run
//! natively through the exports table, with their count and their coverage
//! of the table held: every status × party at every deadline, each action
//! seen allowed for each party that may take it. `tests/booking.mjs` and
//! `webapp/src/lib/booking.test.ts` run the same file against the wasm.

use std::collections::BTreeSet;
use std::path::Path;

use domain_wasm::bindings::dispatch;
use serde_json::{Value, json};

fn cases() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors/booking.json");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("JSON");
    doc["cases"].as_array().expect("cases").clone()
}

#[test]
fn every_booking_vector_passes_natively() {
    let cases = cases();
    let mut failures = Vec::new();
    for case in &cases {
        let function = case["fn"].as_str().expect("fn");
        let args = case["args"].as_array().expect("args");
        let outcome = dispatch(function, args);
        let passed = match (&outcome, case.get("throws")) {
            (Err(msg), Some(want)) => json!(msg) == *want,
            (Ok(got), None) => *got == case["expect"],
            _ => false,
        };
        if !passed {
            failures.push(format!("{}: got {outcome:?}", case["note"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        cases.len(),
        1304,
        "the generator's count: rerun it and update"
    );
}

#[test]
fn the_vectors_cover_every_row_of_the_table() {
    let cases = cases();
    let mut rows = BTreeSet::new();
    let mut allowed = BTreeSet::new();
    let mut functions = BTreeSet::new();
    for case in &cases {
        functions.insert(case["fn"].as_str().expect("fn").to_owned());
        if case["fn"] != "bookingActions" || case.get("throws").is_some() {
            continue;
        }
        let status = case["args"][0]["status"]
            .as_str()
            .expect("status")
            .to_owned();
        let party = case["args"][1].as_str().expect("party").to_owned();
        rows.insert((status, party.clone()));
        for action in case["expect"].as_array().expect("actions") {
            allowed.insert((party.clone(), action.as_str().expect("action").to_owned()));
        }
    }
    // 7 statuses × 3 parties.
    assert_eq!(rows.len(), 21);
    let want: BTreeSet<(String, String)> = [
        ("learner", "pay"),
        ("learner", "cancel"),
        ("learner", "reschedule"),
        ("learner", "join"),
        ("learner", "no_show"),
        ("learner", "feedback"),
        ("mentor", "accept"),
        ("mentor", "decline"),
        ("mentor", "cancel"),
        ("mentor", "reschedule"),
        ("mentor", "join"),
        ("mentor", "no_show"),
        ("admin", "cancel"),
    ]
    .into_iter()
    .map(|(p, a)| (p.to_owned(), a.to_owned()))
    .collect();
    assert_eq!(allowed, want, "each party's actions, none more");
    for f in [
        "bookingActions",
        "bookingStatus",
        "bookingTransition",
        "bookingOpening",
        "bookingRules",
    ] {
        assert!(functions.contains(f), "{f}");
    }
}

//! `GET /api/explorer/`: the server arranges the home explorer exactly as
//! the browser does from the public mentor list.

use crate::common;
use common::{Engine, spawn_app};
use domain_wasm::explorer::{self, Columns};
use serde_json::Value;

on_both_engines!(
    the_server_arranges_the_public_list_as_the_browser_would,
    arrangements_are_stable_for_a_seed_and_change_with_rotation,
    bad_parameters_are_clear_400s,
);

/// What the browser computes from `GET /api/mentors/` (webapp domain.ts).
fn browser_arrangement(list: &Value, category: &str, seed: u32, rotation: u32) -> Vec<i64> {
    let mentors = list.as_array().expect("array");
    let ratings: Vec<f64> = mentors
        .iter()
        .map(|m| m["rating"].as_f64().expect("rating"))
        .collect();
    let years: Vec<f64> = mentors
        .iter()
        .map(|m| m["experience_years"].as_f64().expect("years"))
        .collect();
    let prices: Vec<f64> = mentors
        .iter()
        .map(|m| m["services"][0]["price"].as_f64().unwrap_or(0.0))
        .collect();
    let masks: Vec<u32> = mentors
        .iter()
        .map(|m| {
            let expertise: Vec<&str> = m["expertise"]
                .as_array()
                .expect("expertise")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            explorer::category_mask(&expertise)
        })
        .collect();
    let columns = Columns {
        ratings: &ratings,
        experience_years: &years,
        prices: &prices,
        masks: &masks,
    };
    explorer::arrange(columns, category, seed, rotation)
        .expect("known category")
        .into_iter()
        .map(|i| mentors[i as usize]["id"].as_i64().expect("id"))
        .collect()
}

async fn the_server_arranges_the_public_list_as_the_browser_would(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let list = app.get_json("/api/mentors/").await;
    for (category, limit) in [("all", 16), ("technology", 12), ("mental-health", 12)] {
        let got = app
            .get_json(&format!(
                "/api/explorer/?category={category}&seed=42&rotation=3"
            ))
            .await;
        let ids: Vec<i64> = got["mentor_ids"]
            .as_array()
            .expect("ids")
            .iter()
            .filter_map(Value::as_i64)
            .collect();
        assert_eq!(
            ids,
            browser_arrangement(&list, category, 42, 3),
            "{category}"
        );
        assert!(
            !ids.is_empty() && ids.len() <= limit,
            "{category}: {} mentors",
            ids.len()
        );
        let shown: Vec<i64> = got["mentors"]
            .as_array()
            .expect("mentors")
            .iter()
            .filter_map(|m| m["id"].as_i64())
            .collect();
        assert_eq!(shown, ids, "mentors come in the same order as their ids");
        assert_eq!(
            (
                got["category"].as_str(),
                got["seed"].as_u64(),
                got["rotation"].as_u64()
            ),
            (Some(category), Some(42), Some(3))
        );
    }
    // The top-rated lead the All view.
    let all = app.get_json("/api/explorer/?seed=7").await;
    let first = all["mentors"][0]["rating"].as_f64().expect("rating");
    assert!(first > 4.5, "a top-rated mentor leads, got {first}");
}

async fn arrangements_are_stable_for_a_seed_and_change_with_rotation(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let ids = |v: Value| v["mentor_ids"].clone();
    let a = ids(app.get_json("/api/explorer/?category=all&seed=1234").await);
    let b = ids(app
        .get_json("/api/explorer/?category=all&seed=1234&rotation=0")
        .await);
    assert_eq!(a, b, "defaults: rotation 0, category all");
    let rotations: Vec<Value> = arrangements_at(
        &app,
        (1..6).map(|r| format!("/api/explorer/?seed=1234&rotation={r}")),
    )
    .await;
    assert!(
        rotations.iter().any(|r| *r != a),
        "the list reshuffles as rotations pass"
    );
}

async fn arrangements_at(app: &common::TestApp, paths: impl Iterator<Item = String>) -> Vec<Value> {
    let mut out = Vec::new();
    for path in paths {
        out.push(app.get_json(&path).await["mentor_ids"].clone());
    }
    out
}

async fn bad_parameters_are_clear_400s(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let unknown = app.get("/api/explorer/?category=cooking&seed=1").await;
    assert_eq!(unknown.status(), 400);
    let body: Value = unknown.json().await.expect("JSON");
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.contains("unknown category") && d.contains("technology")),
        "{body}"
    );
    for path in [
        "/api/explorer/",
        "/api/explorer/?seed=abc",
        "/api/explorer/?seed=-1",
        "/api/explorer/?seed=4294967296",
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 400, "{path}");
        let body: Value = resp.json().await.expect("JSON error");
        assert!(
            body["detail"].as_str().is_some_and(|d| !d.is_empty()),
            "{path}: {body}"
        );
    }
}

//! The public mentor catalogue over HTTP (SPEC §3, §7), on both engines.

use crate::common;
use std::io::Read;

use chrono::Utc;
use common::{Engine, Options, spawn_app, spawn_app_with};
use serde_json::Value;

on_both_engines!(
    lists_every_demo_mentor_as_a_json_array,
    each_mentor_has_the_fields_of_the_spec,
    one_mentor_is_served_by_id_with_or_without_the_trailing_slash,
    unknown_or_malformed_ids_are_not_found,
    an_unchanged_catalogue_answers_304_to_its_etag,
    a_changed_catalogue_gets_a_new_etag,
    bodies_are_compressed_with_gzip_or_brotli_on_request,
    the_health_check_reaches_the_database,
    production_mode_starts_with_an_empty_catalogue,
    no_public_answer_names_the_account_behind_a_profile,
);

async fn lists_every_demo_mentor_as_a_json_array(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let resp = app.get("/api/mentors/").await;
    assert_eq!(resp.status(), 200);
    let content_type = resp.headers()["content-type"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let body: Value = resp.json().await.expect("JSON");
    let mentors = body.as_array().expect("an array");
    assert!(
        mentors.len() >= 60,
        "demo catalogue has {} mentors",
        mentors.len()
    );
    let ids: Vec<i64> = mentors
        .iter()
        .map(|m| m["id"].as_i64().expect("id"))
        .collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(ids, sorted, "ids are unique and in order");
}

async fn each_mentor_has_the_fields_of_the_spec(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let body = app.get_json("/api/mentors/").await;
    for m in body.as_array().expect("array") {
        // SPEC §5: the client accepts an item only with these types.
        assert!(m["id"].is_i64(), "{m}");
        assert!(m["name"].as_str().is_some_and(|n| !n.is_empty()), "{m}");
        assert!(
            m["expertise"].as_array().is_some_and(|e| !e.is_empty()),
            "{m}"
        );
        let rating = m["rating"].as_f64().expect("rating is a number");
        assert!((0.0..=5.0).contains(&rating));
        assert!(m["experience_years"].is_i64());
        assert!(m["user_id"].is_null() || m["user_id"].is_i64());
        for list in [
            "education",
            "experience",
            "projects",
            "services",
            "available_slots",
        ] {
            assert!(m[list].is_array(), "{list} in {m}");
        }
        for object in ["contact", "social_links"] {
            assert!(m[object].is_object(), "{object} in {m}");
        }
        let image = m["image_url"].as_str().expect("image_url");
        assert!(
            image.starts_with('/'),
            "portraits come from our own server: {image}"
        );
        for s in m["services"].as_array().expect("services") {
            let paise = s["price_paise"].as_i64().expect("paise");
            let rupees = s["price"].as_f64().expect("price");
            assert_eq!(
                (rupees * 100.0).round() as i64,
                paise,
                "price and price_paise agree"
            );
        }
        for slot in m["available_slots"].as_array().expect("slots") {
            let start: chrono::DateTime<Utc> = slot["start"]
                .as_str()
                .expect("start")
                .parse()
                .expect("RFC 3339");
            let end: chrono::DateTime<Utc> = slot["end"]
                .as_str()
                .expect("end")
                .parse()
                .expect("RFC 3339");
            assert!(end > start);
        }
        assert!(m["created_at"].as_str().is_some() && m["updated_at"].as_str().is_some());
    }
}

async fn one_mentor_is_served_by_id_with_or_without_the_trailing_slash(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let list = app.get_json("/api/mentors/").await;
    let third = &list[2];
    let id = third["id"].as_i64().expect("id");
    assert_eq!(&app.get_json(&format!("/api/mentors/{id}/")).await, third);
    assert_eq!(&app.get_json(&format!("/api/mentors/{id}")).await, third);
}

async fn unknown_or_malformed_ids_are_not_found(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    for path in [
        "/api/mentors/999999/",
        "/api/mentors/abc/",
        "/api/mentors/-1/",
        "/api/mentors/99999999999999999999/",
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 404, "{path}");
        assert_eq!(
            resp.json::<Value>().await.expect("JSON"),
            serde_json::json!({"detail": "Not found."}),
            "{path}"
        );
    }
}

async fn an_unchanged_catalogue_answers_304_to_its_etag(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let first = app.get("/api/mentors/").await;
    let etag = first.headers()["etag"].to_str().expect("etag").to_owned();
    assert!(etag.starts_with("W/\""), "{etag}");
    let again = app.get_with("/api/mentors/", "If-None-Match", &etag).await;
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"].to_str().expect("etag"), etag);
    assert!(again.bytes().await.expect("body").is_empty());
    let other = app
        .get_with("/api/mentors/", "If-None-Match", "W/\"something-else\"")
        .await;
    assert_eq!(other.status(), 200);
}

async fn a_changed_catalogue_gets_a_new_etag(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let before = app.get("/api/mentors/").await;
    let etag = before.headers()["etag"].to_str().expect("etag").to_owned();
    let count = before
        .json::<Value>()
        .await
        .expect("JSON")
        .as_array()
        .map_or(0, Vec::len);
    let mut newcomer = api::demo::catalogue(Utc::now().date_naive()).remove(0);
    newcomer.name = "Nandini Verghese".into();
    newcomer.user_id = Some(common::running_account(&app.store).await);
    app.store
        .insert_mentors(&[newcomer], Utc::now())
        .await
        .expect("insert");
    let after = app.get_with("/api/mentors/", "If-None-Match", &etag).await;
    assert_eq!(after.status(), 200);
    assert_ne!(after.headers()["etag"].to_str().expect("etag"), etag);
    let mentors: Value = after.json().await.expect("JSON");
    assert_eq!(mentors.as_array().map_or(0, Vec::len), count + 1);
    assert_eq!(mentors[count]["name"], "Nandini Verghese");
}

async fn bodies_are_compressed_with_gzip_or_brotli_on_request(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let identity = app.get("/api/mentors/").await;
    let vary: Vec<_> = identity.headers().get_all("vary").iter().collect();
    assert_eq!(
        vary.len(),
        1,
        "one Vary header, not one per layer: {vary:?}"
    );
    assert!(identity.headers().get("content-encoding").is_none());
    let plain = identity.bytes().await.expect("body");
    for (encoding, decode) in [
        ("gzip", gunzip as fn(&[u8]) -> Vec<u8>),
        ("br", unbrotli as fn(&[u8]) -> Vec<u8>),
    ] {
        let resp = app
            .get_with("/api/mentors/", "Accept-Encoding", encoding)
            .await;
        assert_eq!(resp.status(), 200);
        assert_eq!(resp.headers()["content-encoding"], encoding);
        assert!(
            resp.headers()
                .get_all("vary")
                .iter()
                .any(|v| v.to_str().is_ok_and(|v| v.contains("accept-encoding"))),
            "Vary: Accept-Encoding"
        );
        let compressed = resp.bytes().await.expect("body");
        assert!(
            compressed.len() * 3 < plain.len(),
            "{encoding}: {} of {} bytes",
            compressed.len(),
            plain.len()
        );
        assert_eq!(
            decode(&compressed),
            plain.to_vec(),
            "{encoding} decodes to the same JSON"
        );
    }
}

async fn the_health_check_reaches_the_database(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    assert_eq!(
        app.get_json("/healthz").await,
        serde_json::json!({"status": "ok"})
    );
    app.store.close().await;
    assert_eq!(app.get("/healthz").await.status(), 503);
}

async fn production_mode_starts_with_an_empty_catalogue(engine: Engine) {
    let options = Options {
        demo_data: false,
        ..Options::default()
    };
    let Some(app) = spawn_app_with(engine, options).await else {
        return;
    };
    assert_eq!(app.get_json("/api/mentors/").await, serde_json::json!([]));
    assert_eq!(app.get("/mentors/1-anyone").await.status(), 404);
}

/// Issue 10, finding 9: `user_id` is `null` in every public answer (SPEC §3
/// allows it), even for profiles that have an account, so account ids are
/// not public.
async fn no_public_answer_names_the_account_behind_a_profile(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    // The demo links the demo mentor's account to one profile; link it to
    // every profile, so whichever the explorer shows has an account.
    let demo_mentor = api::demo::accounts()
        .iter()
        .find(|a| a.role == api::store::Role::Mentor)
        .expect("a demo mentor");
    let email = domain_wasm::accounts::Email::parse(&demo_mentor.email).expect("address");
    let account = app.store.user_by_email(&email).await.expect("demo mentor");
    let mentors = app.store.list_mentors().await.expect("mentors");
    assert!(
        mentors.iter().any(|m| m.user_id == Some(account.id)),
        "the demo links a profile"
    );
    let mut tx = app.store.begin().await.expect("tx");
    for m in &mentors {
        tx.link_mentor(m.id, account.id).await.expect("linked");
    }
    tx.commit().await.expect("commit");
    app.store.catalogue_written();
    let id = mentors[0].id;
    assert_eq!(
        app.store.get_mentor(id).await.expect("mentor").user_id,
        Some(account.id)
    );

    let no_account = |m: &Value| {
        assert!(m.get("user_id").is_some(), "the field stays: {m}");
        assert_eq!(m["user_id"], Value::Null, "{}", m["name"]);
    };
    let list = app.get_json("/api/mentors/").await;
    assert_eq!(list.as_array().expect("array").len(), mentors.len());
    list.as_array().expect("array").iter().for_each(no_account);
    // The compressed list is the same bytes.
    let gz = app
        .get_with("/api/mentors/", "accept-encoding", "gzip")
        .await;
    let gz: Value =
        serde_json::from_slice(&gunzip(&gz.bytes().await.expect("body"))).expect("JSON");
    assert_eq!(gz, list);
    no_account(&app.get_json(&format!("/api/mentors/{id}/")).await);
    no_account(&app.get_json(&format!("/api/mentors/{id}")).await);
    let explorer = app.get_json("/api/explorer/?seed=7").await;
    let shown = explorer["mentors"].as_array().expect("mentors");
    assert!(!shown.is_empty());
    shown.iter().for_each(no_account);
    // The server-rendered page (its JSON-LD) names no account either.
    let moved = app.get(&format!("/mentors/{id}")).await;
    let page = match moved.headers().get("location") {
        Some(location) => app.get(location.to_str().expect("ascii")).await,
        None => moved,
    };
    assert_eq!(page.status(), 200);
    let html = page.text().await.expect("HTML");
    assert!(!html.contains("user_id"), "{html}");
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(data)
        .read_to_end(&mut out)
        .expect("valid gzip");
    out
}

fn unbrotli(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli_decompressor::Decompressor::new(data, 4096)
        .read_to_end(&mut out)
        .expect("valid brotli");
    out
}

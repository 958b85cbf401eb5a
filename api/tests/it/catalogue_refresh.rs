//! The in-memory catalogue stays current: a write through this process's
//! store shows on the very next read; a write by another process (raw SQL
//! on a connection of its own, which this process's store never sees) shows
//! within a deadline, through PostgreSQL's NOTIFY or the once-a-second
//! version check; every catalogue table bumps the version; and the list
//! answered ahead of routing is the documented handler's answer.
//!
//! No test depends on speed: the cross-process tests wait for the change
//! with a 10 s deadline, which is not a latency assertion (the design
//! target is under a second).

use crate::common;
use std::time::Duration;

use api::catalogue::Catalogue;
use api::store::Store;
use chrono::Utc;
use common::{Engine, TestDb, spawn_app, write_web_fixture};
use serde_json::Value;

on_both_engines!(
    a_store_write_shows_on_the_next_read,
    another_process_write_reaches_the_loaded_catalogue,
    every_catalogue_table_bumps_the_version,
    the_list_ahead_of_routing_matches_the_documented_handler,
    two_servers_on_one_database_see_each_others_changes,
);

/// Generous: the watcher checks once a second.
const DEADLINE: Duration = Duration::from_secs(10);

/// Raw SQL on the store's pool: not counted as this process's catalogue
/// write, so only the database (NOTIFY, the version) can tell.
async fn exec(store: &Store, sql: &str) {
    match store {
        Store::Sqlite(pool) => sqlx::query(sql).execute(pool).await.map(drop),
        Store::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(drop),
    }
    .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// A listed mentor written in plain SQL (issue 21: run by an active
/// account, with a service and open hours).
async fn insert_raw_mentor(store: &Store, name: &str) {
    let now = Utc::now().to_rfc3339();
    let email = format!("{}@example.com", name.to_lowercase().replace(' ', "."));
    let rules = r#"{"time_zone":"UTC","weekly":[{"weekday":0,"start":"09:00","end":"17:00"}],"booking_window_days":30}"#;
    for sql in [
        format!(
            "INSERT INTO users (email, name, role, is_active, date_joined, updated_at) \
             VALUES ('{email}', '{name}', 'mentor', TRUE, '{now}', '{now}')"
        ),
        format!(
            "INSERT INTO mentors (user_id, name, created_at, updated_at) VALUES \
             ((SELECT id FROM users WHERE email = '{email}'), '{name}', '{now}', '{now}')"
        ),
        format!(
            "INSERT INTO mentor_services (mentor_id, position, title, duration_minutes, price_paise) \
             VALUES ((SELECT id FROM mentors WHERE name = '{name}'), 0, 'Call', 30, 0)"
        ),
        format!(
            "INSERT INTO mentor_availability (mentor_id, rules, updated_at) \
             VALUES ((SELECT id FROM mentors WHERE name = '{name}'), '{rules}', '{now}')"
        ),
    ] {
        exec(store, &sql).await;
    }
}

async fn a_store_write_shows_on_the_next_read(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let before = app.get_json("/api/mentors/").await;
    let count = before.as_array().map_or(0, Vec::len);
    let mut newcomer = api::demo::catalogue(Utc::now().date_naive()).remove(0);
    newcomer.name = "Ira Castellino".into();
    newcomer.user_id = Some(common::running_account(&app.store).await);
    let ids = app
        .store
        .insert_mentors(&[newcomer], Utc::now())
        .await
        .expect("insert");
    // No waiting: the very next requests see it.
    let one = app.get(&format!("/api/mentors/{}/", ids[0])).await;
    assert_eq!(one.status(), 200);
    let one: Value = one.json().await.expect("JSON");
    assert_eq!(one["name"], "Ira Castellino");
    let after = app.get_json("/api/mentors/").await;
    assert_eq!(after.as_array().map_or(0, Vec::len), count + 1);
    let stats = app.get_json("/api/stats/").await;
    assert_eq!(stats["mentors"].as_u64(), Some(count as u64 + 1), "{stats}");
}

async fn another_process_write_reaches_the_loaded_catalogue(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    // Two "processes": two stores (pools) and two catalogues on one database.
    let (first, second) = (db.open().await, db.open().await);
    let (one, two) = (
        Catalogue::new(first.clone()),
        Catalogue::new(second.clone()),
    );
    assert!(one.get(&first).await.expect("loads").mentors.is_empty());
    assert!(two.get(&second).await.expect("loads").mentors.is_empty());

    // A third pool writes behind both stores' backs.
    let writer = db.open().await;
    insert_raw_mentor(&writer, "Meher Bharucha").await;
    for catalogue in [&one, &two] {
        wait_for(catalogue, |names| names == ["Meher Bharucha"]).await;
    }

    exec(&writer, "UPDATE mentors SET name = 'Meher B.'").await;
    wait_for(&two, |names| names == ["Meher B."]).await;
    exec(&writer, "DELETE FROM mentors").await;
    wait_for(&one, <[String]>::is_empty).await;
}

/// Waits, without asking the database itself, until the snapshot the
/// catalogue holds has names satisfying `done`.
async fn wait_for(catalogue: &Catalogue, done: impl Fn(&[String]) -> bool) {
    let names = || -> Vec<String> {
        catalogue
            .loaded()
            .map(|s| s.mentors.iter().map(|m| m.name.clone()).collect())
            .unwrap_or_default()
    };
    let reached = tokio::time::timeout(DEADLINE, async {
        while !done(&names()) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(
        reached.is_ok(),
        "the change did not arrive within {DEADLINE:?}: {:?}",
        names()
    );
}

async fn every_catalogue_table_bumps_the_version(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let store = db.open().await;
    let mut version = store.catalogue_version().await.expect("version");
    let mut bumped = async |sql: &str| {
        exec(&store, sql).await;
        let now = store.catalogue_version().await.expect("version");
        assert!(now > version, "{sql} left the version at {version}");
        version = now;
    };
    let t = "'2030-01-01T10:00:00+00:00'";
    let u = "'2030-01-01T11:00:00+00:00'";
    bumped(&format!(
        "INSERT INTO mentors (id, name, created_at, updated_at) VALUES (1, 'A', {t}, {t})"
    ))
    .await;
    bumped("UPDATE mentors SET headline = 'B' WHERE id = 1").await;
    for (table, columns, values) in [
        ("mentor_expertise", "position, name", "0, 'Tech'"),
        (
            "mentor_contacts",
            "position, kind, value",
            "0, 'email', 'a@b.in'",
        ),
        (
            "mentor_social_links",
            "position, network, url",
            "0, 'github', 'https://github.com/a'",
        ),
        (
            "mentor_education",
            "position, degree, institution",
            "0, 'BSc', 'IISc'",
        ),
        (
            "mentor_experience",
            "position, title, company",
            "0, 'CTO', 'Acme'",
        ),
        ("mentor_projects", "position, title", "0, 'Thing'"),
        (
            "mentor_services",
            "position, title, duration_minutes, price_paise",
            "0, 'Call', 30, 0",
        ),
        (
            "mentor_available_slots",
            "starts_at, ends_at",
            &format!("{t}, {u}"),
        ),
        (
            "mentor_availability",
            "rules, updated_at",
            &format!("'{{}}', {t}"),
        ),
    ] {
        bumped(&format!(
            "INSERT INTO {table} (mentor_id, {columns}) VALUES (1, {values})"
        ))
        .await;
        bumped(&format!(
            "UPDATE {table} SET mentor_id = 1 WHERE mentor_id = 1"
        ))
        .await;
        bumped(&format!("DELETE FROM {table} WHERE mentor_id = 1")).await;
    }
    bumped("DELETE FROM mentors WHERE id = 1").await;
}

async fn the_list_ahead_of_routing_matches_the_documented_handler(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let etag = app.get("/api/mentors/").await.headers()["etag"]
        .to_str()
        .expect("etag")
        .to_owned();
    // `/api/mentors//` loses its slashes before routing and reaches the
    // documented handler; `/api/mentors/` is answered ahead of it.
    for (header, value) in [
        ("accept-encoding", "identity"),
        ("accept-encoding", "gzip"),
        ("accept-encoding", "br;q=1, gzip;q=0.5"),
        ("if-none-match", etag.as_str()),
        ("if-none-match", "W/\"other\""),
    ] {
        let fast = app.get_with("/api/mentors/", header, value).await;
        let full = app.get_with("/api/mentors//", header, value).await;
        assert_eq!(fast.status(), full.status(), "{header}: {value}");
        let shown = |r: &reqwest::Response| -> Vec<(String, String)> {
            let mut all: Vec<(String, String)> = r
                .headers()
                .iter()
                .filter(|(name, _)| name.as_str() != "date")
                .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or_default().to_owned()))
                .collect();
            all.sort();
            all
        };
        assert_eq!(shown(&fast), shown(&full), "{header}: {value}");
        assert_eq!(
            fast.bytes().await.expect("body"),
            full.bytes().await.expect("body"),
            "{header}: {value}"
        );
    }
    // A HEAD, which the documented handler answers, has the GET's headers.
    let head = app
        .client
        .head(app.url("/api/mentors/"))
        .send()
        .await
        .expect("HEAD");
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["etag"].to_str().expect("etag"), etag);
}

/// Migration 0004's trigger tells every listening process, at commit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_notifies_catalogue_changes() {
    let Some(db) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let store = db.open().await;
    let Store::Postgres(pool) = &store else {
        panic!("a PostgreSQL store");
    };
    let mut listener = sqlx::postgres::PgListener::connect_with(pool)
        .await
        .expect("listener");
    listener.listen("catalogue_changed").await.expect("LISTEN");
    insert_raw_mentor(&store, "Tara Sood").await;
    let notification = tokio::time::timeout(DEADLINE, listener.recv())
        .await
        .expect("a notification within the deadline")
        .expect("a notification");
    assert_eq!(notification.channel(), "catalogue_changed");
}

/// Two API servers on one database, as in a deployment of several
/// processes: a change made behind the second's back (raw SQL on the
/// first's pool) reaches the second's answers, which never query the
/// database per request.
async fn two_servers_on_one_database_see_each_others_changes(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let web_dir = db.dir().join("web");
    write_web_fixture(&web_dir);
    let mut settings = api::config::Settings::for_database(db.url.clone());
    settings.web_dir = web_dir;
    settings.demo_data = true;
    settings.secret_key = Some("test-secret-key-not-used-anywhere-else".into());
    let mut servers = Vec::new();
    for _ in 0..2 {
        let store = api::server::prepare(&settings).await.expect("store opens");
        let bound = api::server::bind(&settings, store.clone())
            .await
            .expect("binds a port");
        let base = format!("http://{}", bound.addr);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(bound.run(async move {
            let _ = stopped.await;
        }));
        servers.push((base, store, stop));
    }
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let (first, second) = (&servers[0], &servers[1]);
    let get = async |path: &str| -> (String, Value) {
        let resp = client
            .get(format!("{}{path}", second.0))
            .send()
            .await
            .expect("request");
        assert_eq!(resp.status(), 200, "{path}");
        let etag = resp.headers()["etag"]
            .to_str()
            .unwrap_or_default()
            .to_owned();
        (etag, resp.json().await.expect("JSON"))
    };
    let (etag, list) = get("/api/mentors/").await;
    let id = list[0]["id"].as_i64().expect("an id");
    exec(
        &first.1,
        &format!("UPDATE mentors SET name = 'Renamed Elsewhere' WHERE id = {id}"),
    )
    .await;
    let renamed = tokio::time::timeout(DEADLINE, async {
        loop {
            let (now, list) = get("/api/mentors/").await;
            if list[0]["name"] == "Renamed Elsewhere" {
                return now;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the second server shows the change within the deadline");
    assert_ne!(renamed, etag);
    let one = client
        .get(format!("{}/api/mentors/{id}/", second.0))
        .send()
        .await
        .expect("request");
    let one: Value = one.json().await.expect("JSON");
    assert_eq!(one["name"], "Renamed Elsewhere");
}

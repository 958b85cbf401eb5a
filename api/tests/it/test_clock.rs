//! The test clock (issue 12): with `TEST_CLOCK=on` the server's time stands
//! still and `POST /dev/clock/` moves it, so end-to-end tests reach
//! deadlines without waiting. Off by default; refused on a public
//! PUBLIC_URL (see cli.rs and config.rs).

use crate::common;
use chrono::{DateTime, Utc};
use common::{Engine, Options, TestApp, spawn_app_with};
use serde_json::{Value, json};

on_both_engines!(
    moving_the_clock_moves_the_time_the_api_sees,
    only_a_forward_move_of_up_to_400_days_is_taken,
    without_the_switch_there_is_no_clock_to_move,
    answers_are_dated_by_the_moved_clock,
);

async fn spawn(engine: Engine, test_clock: bool) -> Option<TestApp> {
    spawn_app_with(
        engine,
        Options {
            demo_data: false,
            test_clock,
            ..Options::default()
        },
    )
    .await
}

fn instant(v: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(v["now"].as_str().expect("now"))
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

async fn advance(app: &TestApp, body: Value) -> (u16, Value) {
    app.post("/dev/clock/", body).await
}

async fn moving_the_clock_moves_the_time_the_api_sees(engine: Engine) {
    let Some(app) = spawn(engine, true).await else {
        return;
    };
    let t0 = instant(&app.get_json("/dev/clock/").await);
    assert_eq!(
        instant(&app.get_json("/dev/clock").await),
        t0,
        "the clock stands still"
    );
    app.active_account("asha@example.com", "a long passphrase 42")
        .await;
    let (status, login) = app.login("asha@example.com", "a long passphrase 42").await;
    assert_eq!(status, 200, "{login}");
    let token = login["token"].as_str().expect("token").to_owned();
    assert_eq!(app.me(&token).await.0, 200, "a fresh token works");

    let (status, moved) = advance(&app, json!({"advance_seconds": 59 * 60})).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!((instant(&moved) - t0).num_seconds(), 59 * 60);
    assert_eq!(app.me(&token).await.0, 200, "59 minutes on: still valid");

    // An access token lasts an hour: two minutes later it has expired.
    let (status, moved) = app
        .post("/api/dev/clock/", json!({"advance_seconds": 120}))
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!((instant(&moved) - t0).num_seconds(), 61 * 60);
    assert_eq!(instant(&app.get_json("/dev/clock/").await), instant(&moved));
    let (status, body) = app.me(&token).await;
    assert_eq!(status, 401, "expired by the moved clock: {body}");

    // The clock is not part of the public API's document.
    let doc = app.get_json("/api/openapi.json").await.to_string();
    assert!(!doc.contains("dev/clock"), "undocumented");
}

async fn only_a_forward_move_of_up_to_400_days_is_taken(engine: Engine) {
    let Some(app) = spawn(engine, true).await else {
        return;
    };
    let t0 = instant(&app.get_json("/dev/clock/").await);
    for bad in [
        json!({"advance_seconds": 0}),
        json!({"advance_seconds": -60}),
        json!({"advance_seconds": 400 * 86_400 + 1}),
        json!({"advance_seconds": 1.5}),
        json!({"advance_seconds": "60"}),
        json!({}),
    ] {
        let (status, body) = advance(&app, bad.clone()).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(
            body["advance_seconds"][0].as_str().is_some(),
            "a field error: {body}"
        );
    }
    let resp = app
        .client
        .post(app.url("/dev/clock/"))
        .header("content-type", "text/plain")
        .body(r#"{"advance_seconds": 60}"#)
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status(), 415, "a plain form cannot move it");
    let (status, body) = app
        .send(
            app.client
                .post(app.url("/dev/clock/"))
                .header("content-type", "application/json")
                .body("{not json"),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["detail"].as_str().is_some(), "{body}");
    assert_eq!(
        instant(&app.get_json("/dev/clock/").await),
        t0,
        "no refusal moved it"
    );
    let (status, moved) = advance(&app, json!({"advance_seconds": 400 * 86_400})).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!((instant(&moved) - t0).num_days(), 400);
}

async fn without_the_switch_there_is_no_clock_to_move(engine: Engine) {
    let Some(app) = spawn(engine, false).await else {
        return;
    };
    let (status, body) = advance(&app, json!({"advance_seconds": 60})).await;
    assert_ne!(status, 200, "{body}");
    assert!(body.get("now").is_none(), "{body}");
    let (status, body) = app
        .post("/api/dev/clock/", json!({"advance_seconds": 60}))
        .await;
    assert_ne!(status, 200, "{body}");
    let resp = app.get("/api/dev/clock/").await;
    assert_eq!(resp.status(), 404);
}

/// The `Date` of every answer, API or page, is the test clock's: the web
/// app reads the server's time from it (`webapp/src/lib/clock.ts`).
async fn answers_are_dated_by_the_moved_clock(engine: Engine) {
    let Some(app) = spawn(engine, true).await else {
        return;
    };
    let date_of = |resp: &reqwest::Response| {
        let text = resp
            .headers()
            .get("date")
            .expect("a Date header")
            .to_str()
            .expect("ASCII")
            .to_owned();
        DateTime::parse_from_rfc2822(&text.replace("GMT", "+0000"))
            .unwrap_or_else(|e| panic!("an HTTP date, got {text:?}: {e}"))
            .with_timezone(&Utc)
    };
    let (status, moved) = advance(&app, json!({"advance_seconds": 3 * 86_400})).await;
    assert_eq!(status, 200, "{moved}");
    let now = instant(&moved);
    for path in ["/api/mentors/", "/healthz", "/"] {
        let resp = app.get(path).await;
        let date = date_of(&resp);
        assert_eq!(
            date.timestamp(),
            now.timestamp(),
            "{path}: dated {date}, the clock reads {now}"
        );
    }
}

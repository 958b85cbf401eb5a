//! Each person's time zone (issue 12): registration takes the one the
//! browser detected, the profile shows and edits it, the sign-in answer
//! carries it; anything but an IANA zone name is a field error. An account
//! made without one (issue 21) says so (`time_zone_chosen` false) and takes
//! the zone its browser detected, through the profile call, once.

use crate::common;
use common::{Engine, TestApp, spawn_with_google, spawn_without_demo};
use serde_json::json;

on_both_engines!(
    registration_takes_a_zone_and_sign_in_shows_it,
    without_a_zone_an_account_is_in_utc,
    an_unknown_zone_is_a_field_error,
    the_profile_edits_the_zone,
    a_google_sign_up_takes_the_zone_and_a_returning_one_keeps_its_own,
    an_account_made_without_a_zone_takes_the_detected_one_once,
    a_chosen_zone_even_utc_is_never_replaced_by_a_detected_one,
    a_detected_zone_that_is_no_zone_is_a_field_error,
);

const PASSWORD: &str = "a long passphrase 42";
const UNKNOWN: &str = "Choose a time zone from the list, e.g. Asia/Kolkata.";

async fn signed_in(app: &TestApp, email: &str) -> (String, serde_json::Value) {
    let (status, body) = app.activate(email).await;
    assert_eq!(status, 204, "{body}");
    let (status, login) = app.login(email, PASSWORD).await;
    assert_eq!(status, 200, "{login}");
    (
        login["token"].as_str().expect("token").to_owned(),
        login["user"].clone(),
    )
}

async fn registration_takes_a_zone_and_sign_in_shows_it(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app
        .register_with(
            "Priya Sharma",
            "priya@example.com",
            PASSWORD,
            json!({"time_zone": " Asia/Kolkata "}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (token, user) = signed_in(&app, "priya@example.com").await;
    assert_eq!(user["time_zone"], "Asia/Kolkata", "the sign-in's user");
    let (status, me) = app.me(&token).await;
    assert_eq!(status, 200);
    assert_eq!(me["time_zone"], "Asia/Kolkata", "{me}");
}

async fn without_a_zone_an_account_is_in_utc(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    for (email, more) in [
        ("a@example.com", json!({})),
        ("b@example.com", json!({"time_zone": null})),
        ("c@example.com", json!({"time_zone": "  "})),
    ] {
        let (status, body) = app.register_with("Asha Rao", email, PASSWORD, more).await;
        assert_eq!(status, 201, "{body}");
        let (token, user) = signed_in(&app, email).await;
        assert_eq!(user["time_zone"], "UTC", "{email}");
        assert_eq!(app.me(&token).await.1["time_zone"], "UTC");
    }
}

async fn an_unknown_zone_is_a_field_error(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    for zone in ["Mars/Olympus", "asia/kolkata", "IST", "+05:30"] {
        let (status, body) = app
            .register_with(
                "Asha Rao",
                "asha@example.com",
                PASSWORD,
                json!({"time_zone": zone}),
            )
            .await;
        assert_eq!(status, 400, "{zone}: {body}");
        assert_eq!(body, json!({"time_zone": [UNKNOWN]}), "{zone}");
    }
    // Nothing was created: the address is still free.
    let (status, body) = app
        .register_with(
            "Asha Rao",
            "asha@example.com",
            PASSWORD,
            json!({"time_zone": "Europe/London"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

async fn the_profile_edits_the_zone(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.register("Asha Rao", "asha@example.com", PASSWORD).await;
    let (token, _) = signed_in(&app, "asha@example.com").await;
    let patch = |body: serde_json::Value| {
        app.send(
            app.client
                .patch(app.url("/auth/users/me/"))
                .bearer_auth(&token)
                .json(&body),
        )
    };
    let (status, me) = patch(json!({"time_zone": "America/New_York"})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["time_zone"], "America/New_York");
    assert_eq!(me["name"], "Asha Rao", "other fields kept");
    // Other edits keep it.
    let (status, me) = patch(json!({"name": "Asha R. Rao"})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["time_zone"], "America/New_York");
    // An unknown zone, or none, is refused and changes nothing.
    for zone in ["Atlantis/Capital", ""] {
        let (status, body) = patch(json!({"time_zone": zone, "name": "Changed"})).await;
        assert_eq!(status, 400, "{zone:?}: {body}");
        assert_eq!(body, json!({"time_zone": [UNKNOWN]}));
    }
    let (_, me) = app.me(&token).await;
    assert_eq!(me["time_zone"], "America/New_York");
    assert_eq!(me["name"], "Asha R. Rao");
    // The next sign-in carries the new zone.
    let (_, login) = app.login("asha@example.com", PASSWORD).await;
    assert_eq!(login["user"]["time_zone"], "America/New_York");
}

async fn a_google_sign_up_takes_the_zone_and_a_returning_one_keeps_its_own(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    let sign_in = |zone: &str| {
        let credential = google.credential_for("dev@gmail.com", "google-sub-1", Some("Dev Patel"));
        let app = &app;
        let zone = zone.to_owned();
        async move {
            app.post(
                "/api/accounts/google-auth/",
                json!({"credential": credential, "time_zone": zone}),
            )
            .await
        }
    };
    let (status, body) = sign_in("Asia/Kolkata").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["time_zone"], "Asia/Kolkata", "a new account");
    let (status, body) = sign_in("Europe/London").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["time_zone"], "Asia/Kolkata", "kept on return");
    // Another new account with a name that is no zone: UTC, not refused.
    let credential = google.credential_for("ravi@gmail.com", "google-sub-2", Some("Ravi K"));
    let (status, body) = app
        .post(
            "/api/accounts/google-auth/",
            json!({"credential": credential, "time_zone": "Mars/Olympus"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["time_zone"], "UTC");
}

async fn patch_me(app: &TestApp, token: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
    app.send(
        app.client
            .patch(app.url("/auth/users/me/"))
            .bearer_auth(token)
            .json(&body),
    )
    .await
}

async fn an_account_made_without_a_zone_takes_the_detected_one_once(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.register("Asha Rao", "asha@example.com", PASSWORD).await;
    let (token, user) = signed_in(&app, "asha@example.com").await;
    assert_eq!(user["time_zone"], "UTC");
    assert_eq!(user["time_zone_chosen"], false, "never chosen: {user}");

    // First sign-in: the web app sends the browser's zone.
    let (status, me) = patch_me(&app, &token, json!({"detected_time_zone": "Asia/Kolkata"})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["time_zone"], "Asia/Kolkata");
    assert_eq!(me["time_zone_chosen"], true);

    // A later sign-in from a laptop in London does not move it.
    let (_, login) = app.login("asha@example.com", PASSWORD).await;
    assert_eq!(login["user"]["time_zone"], "Asia/Kolkata");
    assert_eq!(login["user"]["time_zone_chosen"], true);
    let (status, me) = patch_me(&app, &token, json!({"detected_time_zone": "Europe/London"})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["time_zone"], "Asia/Kolkata", "adopted once only");
    assert_eq!(app.me(&token).await.1["time_zone"], "Asia/Kolkata");

    // Choosing one in the profile still changes it.
    let (status, me) = patch_me(&app, &token, json!({"time_zone": "Europe/London"})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["time_zone"], "Europe/London");
}

async fn a_chosen_zone_even_utc_is_never_replaced_by_a_detected_one(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    // Chosen at registration.
    app.register_with(
        "Ravi K",
        "ravi@example.com",
        PASSWORD,
        json!({"time_zone": "America/New_York"}),
    )
    .await;
    let (token, user) = signed_in(&app, "ravi@example.com").await;
    assert_eq!(user["time_zone_chosen"], true, "{user}");
    let (_, me) = patch_me(&app, &token, json!({"detected_time_zone": "Asia/Kolkata"})).await;
    assert_eq!(me["time_zone"], "America/New_York");

    // UTC chosen in the profile is a choice too, told apart from "never set".
    app.register("Asha Rao", "asha@example.com", PASSWORD).await;
    let (token, _) = signed_in(&app, "asha@example.com").await;
    let (status, me) = patch_me(&app, &token, json!({"time_zone": "UTC"})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["time_zone"], "UTC");
    assert_eq!(me["time_zone_chosen"], true);
    let (_, me) = patch_me(&app, &token, json!({"detected_time_zone": "Asia/Kolkata"})).await;
    assert_eq!(me["time_zone"], "UTC", "the chosen UTC is kept");

    // Given both, the chosen zone wins.
    app.register("Dev Patel", "dev@example.com", PASSWORD).await;
    let (token, _) = signed_in(&app, "dev@example.com").await;
    let (_, me) = patch_me(
        &app,
        &token,
        json!({"detected_time_zone": "Asia/Kolkata", "time_zone": "Europe/London"}),
    )
    .await;
    assert_eq!(me["time_zone"], "Europe/London");
}

async fn a_detected_zone_that_is_no_zone_is_a_field_error(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.register("Asha Rao", "asha@example.com", PASSWORD).await;
    let (token, _) = signed_in(&app, "asha@example.com").await;
    let (status, body) =
        patch_me(&app, &token, json!({"detected_time_zone": "Mars/Olympus"})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body, json!({"detected_time_zone": [UNKNOWN]}));
    let (_, me) = app.me(&token).await;
    assert_eq!(me["time_zone"], "UTC");
    assert_eq!(me["time_zone_chosen"], false, "still never chosen");
}

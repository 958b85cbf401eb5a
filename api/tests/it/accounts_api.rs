//! Accounts over HTTP (SPEC §3-§8, djoser / SimpleJWT semantics): register,
//! activate, sign in, refresh with rotation, sign out, reset and change the
//! password, the profile, and the limits on attempts. Every test runs on
//! SQLite and PostgreSQL.

use crate::common;
use api::admin::AdminError;
use api::auth::tokens::{Keys, Purpose, TokenType, encode_uid, stored_id};
use chrono::{Duration, Utc};
use common::{
    Engine, Options, email, spawn_app_with, spawn_with_google, spawn_without_demo, uid_token,
};
use serde_json::{Value, json};

const PASSWORD: &str = "Mentor#2026";
const SECRET: &str = "test-secret-key-not-used-anywhere-else";

/// Moves every used refresh token's use a minute into the past (past the
/// grace period for a repeated refresh).
async fn age_used_refresh_tokens(store: &api::store::Store) {
    let when = Utc::now() - Duration::minutes(1);
    let sql = "UPDATE refresh_tokens SET used_at = $1 WHERE used_at IS NOT NULL";
    match store {
        api::store::Store::Sqlite(pool) => {
            sqlx::query(sql).bind(when).execute(pool).await.map(|_| ())
        }
        api::store::Store::Postgres(pool) => {
            sqlx::query(sql).bind(when).execute(pool).await.map(|_| ())
        }
    }
    .expect("age refresh tokens");
}

async fn a_learner_registers_activates_and_signs_in(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app
        .post(
            "/auth/users/",
            json!({"name": "  Asha   Rao ", "email": " Asha@Example.COM ", "password": PASSWORD,
                   "re_password": PASSWORD, "contact_number": "98765 43210"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["email"], "asha@example.com");
    assert_eq!(body["name"], "Asha Rao");

    // Not active yet: the same answer as a wrong password.
    let (status, body) = app.login("asha@example.com", PASSWORD).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (
            401,
            Some("No active account found with the given credentials")
        )
    );

    let mail = app.outbox("asha@example.com").await;
    assert_eq!(mail.len(), 1, "one activation mail: {mail:?}");
    assert_eq!(mail[0]["kind"], "activation");
    let link = app.link_to("asha@example.com", "/activate/").await;
    let (uid, token) = uid_token(&link);
    let (status, _) = app
        .post(
            "/auth/users/activation/",
            json!({"uid": uid, "token": token}),
        )
        .await;
    assert_eq!(status, 204);
    let (status, body) = app
        .post(
            "/auth/users/activation/",
            json!({"uid": uid, "token": token}),
        )
        .await;
    assert_eq!(
        (status, body),
        (403, json!({"detail": "Stale token for given user."}))
    );

    let (status, body) = app.login("ASHA@example.com", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let token = body["token"].as_str().expect("token").to_owned();
    assert!(body["refresh"].as_str().is_some_and(|r| r.len() > 20));
    assert_eq!(body["user"]["email"], "asha@example.com");
    assert_eq!(body["user"]["role"], "user");
    assert_eq!(body["user"]["contact_number"], "+919876543210");
    assert_eq!(body["user"]["is_google_user"], false);
    assert_eq!(body["user"]["profile_complete"], true);
    let (status, body) = app.me(&token).await;
    assert_eq!(
        (status, body["email"].as_str()),
        (200, Some("asha@example.com"))
    );
}

async fn registration_explains_each_bad_field(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app.post("/auth/users/", json!({})).await;
    assert_eq!(status, 400);
    for field in ["name", "email", "password"] {
        assert_eq!(
            body[field],
            json!(["This field is required."]),
            "{field}: {body}"
        );
    }
    let (status, body) = app
        .post(
            "/auth/users/",
            json!({"name": "Asha", "email": "asha@example", "password": "weakpass", "re_password": "weakpass",
                   "contact_number": "12345"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["email"], json!(["Enter a valid email address."]));
    assert_eq!(body["password"], json!(["Please use a stronger password."]));
    assert_eq!(
        body["contact_number"],
        json!(["Enter a valid phone number with its country code, e.g. +91 98765 43210."])
    );
    let (status, body) = app
        .post(
            "/auth/users/",
            json!({"name": "Asha", "email": "asha@example.com", "password": PASSWORD, "re_password": "Mentor#2027"}),
        )
        .await;
    assert_eq!(
        (status, &body["re_password"]),
        (400, &json!(["Passwords do not match."]))
    );

    assert_eq!(
        app.register("Asha Rao", "asha@example.com", PASSWORD)
            .await
            .0,
        201
    );
    let (status, body) = app.register("Asha Rao", "ASHA@example.com", PASSWORD).await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"email": ["A user with this email already exists."]})
        )
    );
}

async fn activation_refuses_bad_links(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    assert_eq!(
        app.register("Asha Rao", "ravi@example.com", PASSWORD)
            .await
            .0,
        201
    );
    let (uid, token) = uid_token(&app.link_to("ravi@example.com", "/activate/").await);
    let cases = [
        (
            json!({}),
            json!({"uid": ["This field is required."], "token": ["This field is required."]}),
        ),
        (
            json!({"uid": "!!", "token": token}),
            json!({"uid": ["Invalid user id or user doesn't exist."]}),
        ),
        (
            json!({"uid": encode_uid(999), "token": token}),
            json!({"uid": ["Invalid user id or user doesn't exist."]}),
        ),
        (
            json!({"uid": uid, "token": "1-abc"}),
            json!({"token": ["Invalid token for given user."]}),
        ),
    ];
    for (body, want) in cases {
        assert_eq!(
            app.post("/auth/users/activation/", body.clone()).await,
            (400, want),
            "{body}"
        );
    }
    // A password-reset token is not an activation token.
    let user = app
        .store
        .user_by_email(&email("ravi@example.com"))
        .await
        .expect("user");
    let reset = Keys::from_secret(SECRET).link_token(Purpose::PasswordReset, &user, Utc::now());
    let (status, _) = app
        .post(
            "/auth/users/activation/",
            json!({"uid": uid, "token": reset}),
        )
        .await;
    assert_eq!(status, 400);
}

async fn resend_activation_sends_only_to_inactive_accounts(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    assert_eq!(
        app.register("Asha Rao", "meera@example.com", PASSWORD)
            .await
            .0,
        201
    );
    for email in ["meera@example.com", "nobody@example.com"] {
        let (status, body) = app
            .post("/auth/users/resend_activation/", json!({"email": email}))
            .await;
        assert_eq!((status, body), (204, Value::Null), "{email}");
    }
    assert_eq!(app.outbox("meera@example.com").await.len(), 2);
    assert_eq!(app.outbox("nobody@example.com").await.len(), 0);
    let (status, body) = app
        .post("/auth/users/resend_activation/", json!({"email": "meera"}))
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"email": ["Enter a valid email address."]}))
    );

    app.active_account("kiran@example.com", PASSWORD).await;
    let before = app.outbox("kiran@example.com").await.len();
    app.post(
        "/auth/users/resend_activation/",
        json!({"email": "kiran@example.com"}),
    )
    .await;
    assert_eq!(
        app.outbox("kiran@example.com").await.len(),
        before,
        "no mail to an active account"
    );
}

async fn sign_in_failures_look_alike(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("active@example.com", PASSWORD).await;
    assert_eq!(
        app.register("Asha Rao", "inactive@example.com", PASSWORD)
            .await
            .0,
        201
    );
    let wrong = app.login("active@example.com", "Wrong#2026").await;
    let unknown = app.login("unknown@example.com", PASSWORD).await;
    let inactive = app.login("inactive@example.com", PASSWORD).await;
    assert_eq!(wrong.0, 401);
    assert_eq!(wrong, unknown);
    assert_eq!(wrong, inactive);
    let (status, body) = app
        .post("/api/login/", json!({"email": "active@example.com"}))
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"password": ["This field is required."]}))
    );
}

async fn refresh_tokens_rotate_and_a_replay_ends_the_session(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("tara@example.com", PASSWORD).await;
    let (_, body) = app.login("tara@example.com", PASSWORD).await;
    let access = body["token"].as_str().expect("token").to_owned();
    let first = body["refresh"].as_str().expect("refresh").to_owned();

    let (status, body) = app
        .post("/auth/jwt/refresh/", json!({"refresh": first}))
        .await;
    assert_eq!(status, 200, "{body}");
    let second = body["refresh"]
        .as_str()
        .expect("rotated refresh")
        .to_owned();
    assert_ne!(second, first);
    let new_access = body["access"].as_str().expect("access").to_owned();
    assert_eq!(app.me(&new_access).await.0, 200);

    // The used token again at once (two tabs, a retried request): refused,
    // but the session goes on.
    let (status, body) = app
        .post("/auth/jwt/refresh/", json!({"refresh": first}))
        .await;
    assert_eq!(
        (status, &body["code"]),
        (401, &json!("token_not_valid")),
        "{body}"
    );
    assert_eq!(app.me(&new_access).await.0, 200, "within the grace period");

    // Later, the used token again: someone else has a copy; the whole session ends.
    age_used_refresh_tokens(&app.store).await;
    let (status, body) = app
        .post("/auth/jwt/refresh/", json!({"refresh": first}))
        .await;
    assert_eq!(
        (status, &body["code"]),
        (401, &json!("token_not_valid")),
        "{body}"
    );
    let (status, _) = app
        .post("/auth/jwt/refresh/", json!({"refresh": second}))
        .await;
    assert_eq!(
        status, 401,
        "the thief's rotated token dies with the session"
    );
    for token in [&access, &new_access] {
        let (status, body) = app.me(token).await;
        assert_eq!((status, &body["code"]), (401, &json!("token_not_valid")));
    }

    let (status, body) = app
        .post("/auth/jwt/refresh/", json!({"refresh": "not.a.token"}))
        .await;
    assert_eq!(
        (status, body),
        (
            401,
            json!({"detail": "Token is invalid or expired", "code": "token_not_valid"})
        )
    );
    // An access token is not a refresh token.
    let (_, body) = app.login("tara@example.com", PASSWORD).await;
    let (status, _) = app
        .post("/auth/jwt/refresh/", json!({"refresh": body["token"]}))
        .await;
    assert_eq!(status, 401);
    let (status, body) = app.post("/auth/jwt/refresh/", json!({})).await;
    assert_eq!(
        (status, body),
        (400, json!({"refresh": ["This field is required."]}))
    );
}

async fn expired_tokens_are_refused(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("old@example.com", PASSWORD).await;
    let (_, body) = app.login("old@example.com", PASSWORD).await;
    let keys = Keys::from_secret(SECRET);
    let claims = keys
        .decode(
            body["token"].as_str().expect("token"),
            api::auth::tokens::TokenType::Access,
            Utc::now(),
        )
        .expect("our token");
    let stale = keys.access_token(
        claims.user_id,
        &claims.sid,
        Utc::now() - Duration::minutes(61),
    );
    let (status, body) = app.me(&stale).await;
    assert_eq!(
        (status, body),
        (
            401,
            json!({"detail": "Token is expired", "code": "token_not_valid"})
        )
    );
    let (status, body) = app.send(app.client.get(app.url("/auth/users/me/"))).await;
    assert_eq!(
        (status, body),
        (
            401,
            json!({"detail": "Authentication credentials were not provided."})
        )
    );
}

/// The server reads time from its one injected clock: moving it expires
/// tokens and sessions without waiting.
async fn tokens_expire_on_the_servers_clock(engine: Engine) {
    let (clock, hand) = api::clock::Clock::manual();
    let Some(app) = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            clock: Some(clock),
            ..Options::default()
        },
    )
    .await
    else {
        return;
    };
    app.active_account("kiran@example.com", PASSWORD).await;
    let (_, body) = app.login("kiran@example.com", PASSWORD).await;
    let access = body["token"].as_str().expect("token").to_owned();
    let refresh = body["refresh"].as_str().expect("refresh").to_owned();
    assert_eq!(app.me(&access).await.0, 200);

    hand.advance(std::time::Duration::from_secs(61 * 60));
    let (status, body) = app.me(&access).await;
    assert_eq!(
        (status, body),
        (
            401,
            json!({"detail": "Token is expired", "code": "token_not_valid"})
        )
    );
    let (status, body) = app
        .post("/auth/jwt/refresh/", json!({"refresh": refresh}))
        .await;
    assert_eq!(status, 200, "a refresh token lasts a day: {body}");
    let refresh = body["refresh"].as_str().expect("refresh").to_owned();
    assert_eq!(
        app.me(body["access"].as_str().expect("access")).await.0,
        200
    );

    // Two weeks on, the refresh token and its session have both ended.
    hand.advance(std::time::Duration::from_secs(15 * 24 * 3600));
    let (status, _) = app
        .post("/auth/jwt/refresh/", json!({"refresh": refresh}))
        .await;
    assert_eq!(status, 401);
}

async fn signing_out_ends_the_session(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("sam@example.com", PASSWORD).await;
    let (_, a) = app.login("sam@example.com", PASSWORD).await;
    let (_, b) = app.login("sam@example.com", PASSWORD).await;
    let (status, _) = app
        .post("/api/logout/", json!({"refresh": a["refresh"]}))
        .await;
    assert_eq!(status, 204);
    assert_eq!(app.me(a["token"].as_str().expect("token")).await.0, 401);
    assert_eq!(
        app.post("/auth/jwt/refresh/", json!({"refresh": a["refresh"]}))
            .await
            .0,
        401
    );
    // The other device stays signed in until it signs out with its bearer token.
    let b_token = b["token"].as_str().expect("token");
    assert_eq!(app.me(b_token).await.0, 200);
    assert_eq!(app.post_as(b_token, "/api/logout/", json!({})).await.0, 204);
    assert_eq!(app.me(b_token).await.0, 401);
    assert_eq!(
        app.post("/api/logout/", json!({"refresh": "garbage"}))
            .await
            .0,
        204
    );
}

async fn a_reset_link_works_once_and_ends_other_sessions(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app
        .post(
            "/auth/users/reset_password/",
            json!({"email": "ghost@example.com"}),
        )
        .await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"email": ["User with given email does not exist."]})
        )
    );

    app.active_account("lena@example.com", PASSWORD).await;
    let (_, session) = app.login("lena@example.com", PASSWORD).await;
    let (status, _) = app
        .post(
            "/auth/users/reset_password/",
            json!({"email": "Lena@Example.com"}),
        )
        .await;
    assert_eq!(status, 204);
    let (uid, token) = uid_token(
        &app.link_to("lena@example.com", "/password/reset/confirm/")
            .await,
    );

    let (status, body) = app
        .post(
            "/auth/users/reset_password_confirm/",
            json!({"uid": uid, "token": token, "new_password": "weak"}),
        )
        .await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"new_password": ["Please use a stronger password."]})
        )
    );
    let (status, body) = app
        .post(
            "/auth/users/reset_password_confirm/",
            json!({"uid": uid, "token": token, "new_password": "Fresh#2026", "re_new_password": "Fresh#2027"}),
        )
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"re_new_password": ["Passwords do not match."]}))
    );
    let confirm = json!({"uid": uid, "token": token, "new_password": "Fresh#2026", "re_new_password": "Fresh#2026"});
    let (status, _) = app
        .post("/auth/users/reset_password_confirm/", confirm.clone())
        .await;
    assert_eq!(status, 204);
    let (status, body) = app
        .post("/auth/users/reset_password_confirm/", confirm)
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"token": ["Invalid token for given user."]})),
        "used twice"
    );

    assert_eq!(app.login("lena@example.com", PASSWORD).await.0, 401);
    assert_eq!(app.login("lena@example.com", "Fresh#2026").await.0, 200);
    assert_eq!(
        app.me(session["token"].as_str().expect("token")).await.0,
        401,
        "old sessions end"
    );
    let kinds: Vec<Value> = app
        .outbox("lena@example.com")
        .await
        .iter()
        .map(|m| m["kind"].clone())
        .collect();
    assert_eq!(kinds.first(), Some(&json!("password_changed")), "{kinds:?}");
}

/// A password-reset link works for an hour, an activation link for three
/// days (`api::auth::tokens`), on the server's clock.
async fn reset_links_expire_after_an_hour_and_activation_links_after_three_days(engine: Engine) {
    let (clock, hand) = api::clock::Clock::manual();
    let Some(app) = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            clock: Some(clock),
            ..Options::default()
        },
    )
    .await
    else {
        return;
    };
    let minutes = |n: u64| std::time::Duration::from_secs(n * 60);
    app.active_account("omar@example.com", PASSWORD).await;
    let confirm = |(uid, token): (String, String)| json!({"uid": uid, "token": token, "new_password": "Fresh#2026", "re_new_password": "Fresh#2026"});
    let ask = json!({"email": "omar@example.com"});
    assert_eq!(
        app.post("/auth/users/reset_password/", ask.clone()).await.0,
        204
    );
    let first = uid_token(
        &app.link_to("omar@example.com", "/password/reset/confirm/")
            .await,
    );
    hand.advance(minutes(61));
    let (status, body) = app
        .post("/auth/users/reset_password_confirm/", confirm(first))
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"token": ["Invalid token for given user."]})),
        "a reset link is dead after an hour"
    );
    assert_eq!(app.post("/auth/users/reset_password/", ask).await.0, 204);
    let second = uid_token(
        &app.link_to("omar@example.com", "/password/reset/confirm/")
            .await,
    );
    hand.advance(minutes(59));
    assert_eq!(
        app.post("/auth/users/reset_password_confirm/", confirm(second))
            .await
            .0,
        204,
        "within the hour"
    );

    let activate = |(uid, token): (String, String)| json!({"uid": uid, "token": token});
    assert_eq!(
        app.register("Asha Rao", "nia@example.com", PASSWORD)
            .await
            .0,
        201
    );
    assert_eq!(
        app.register("Asha Rao", "zed@example.com", PASSWORD)
            .await
            .0,
        201
    );
    let nia = uid_token(&app.link_to("nia@example.com", "/activate/").await);
    let zed = uid_token(&app.link_to("zed@example.com", "/activate/").await);
    hand.advance(minutes(3 * 24 * 60 - 1));
    assert_eq!(
        app.post("/auth/users/activation/", activate(nia)).await.0,
        204,
        "an activation link still works after two days and 23 hours"
    );
    hand.advance(minutes(2));
    assert_eq!(
        app.post("/auth/users/activation/", activate(zed)).await.0,
        400,
        "and not after three days"
    );
}

async fn column(store: &api::store::Store, sql: &str) -> Vec<String> {
    match store {
        api::store::Store::Sqlite(pool) => sqlx::query_scalar(sql).fetch_all(pool).await,
        api::store::Store::Postgres(pool) => sqlx::query_scalar(sql).fetch_all(pool).await,
    }
    .expect("query")
}

/// Session ids and refresh token ids are stored as their SHA-256, never as
/// the tokens carry them: a copy of the database names no session.
async fn session_and_refresh_token_ids_are_stored_hashed(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("hana@example.com", PASSWORD).await;
    let (_, body) = app.login("hana@example.com", PASSWORD).await;
    let refresh = body["refresh"].as_str().expect("refresh").to_owned();
    let claims = Keys::from_secret(SECRET)
        .decode(&refresh, TokenType::Refresh, Utc::now())
        .expect("a refresh token");
    assert_eq!(
        column(&app.store, "SELECT id FROM auth_sessions").await,
        vec![stored_id(&claims.sid)]
    );
    assert_eq!(
        column(&app.store, "SELECT session_id FROM refresh_tokens").await,
        vec![stored_id(&claims.sid)]
    );
    assert_eq!(
        column(&app.store, "SELECT jti FROM refresh_tokens").await,
        vec![stored_id(&claims.jti)]
    );
    assert_ne!(stored_id(&claims.sid), claims.sid);

    // And the tokens work as before: refresh, use, sign out.
    let (status, body) = app
        .post("/auth/jwt/refresh/", json!({"refresh": refresh}))
        .await;
    assert_eq!(status, 200, "{body}");
    let access = body["access"].as_str().expect("access").to_owned();
    assert_eq!(app.me(&access).await.0, 200);
    assert_eq!(
        column(
            &app.store,
            "SELECT jti FROM refresh_tokens ORDER BY issued_at"
        )
        .await
        .len(),
        2
    );
    let (status, _) = app.post_as(&access, "/api/logout/", json!({})).await;
    assert_eq!(status, 204);
    assert_eq!(app.me(&access).await.0, 401);
}

async fn changing_the_password_invalidates_older_links_and_other_sessions(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("ivy@example.com", PASSWORD).await;
    app.post(
        "/auth/users/reset_password/",
        json!({"email": "ivy@example.com"}),
    )
    .await;
    let (uid, token) = uid_token(
        &app.link_to("ivy@example.com", "/password/reset/confirm/")
            .await,
    );
    let (_, here) = app.login("ivy@example.com", PASSWORD).await;
    let (_, elsewhere) = app.login("ivy@example.com", PASSWORD).await;
    let here = here["token"].as_str().expect("token");

    let (status, body) = app
        .post_as(here, "/auth/users/set_password/", json!({"current_password": "Nope#2026", "new_password": "Next#2026", "re_new_password": "Next#2026"}))
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"current_password": ["Invalid password."]}))
    );
    let (status, _) = app
        .post_as(here, "/auth/users/set_password/", json!({"current_password": PASSWORD, "new_password": "Next#2026", "re_new_password": "Next#2026"}))
        .await;
    assert_eq!(status, 204);
    assert_eq!(app.me(here).await.0, 200, "this session stays");
    assert_eq!(
        app.me(elsewhere["token"].as_str().expect("token")).await.0,
        401,
        "others end"
    );
    let (status, _) = app
        .post(
            "/auth/users/reset_password_confirm/",
            json!({"uid": uid, "token": token, "new_password": "Other#2026"}),
        )
        .await;
    assert_eq!(status, 400, "a link from before the change no longer works");
    assert_eq!(app.login("ivy@example.com", "Next#2026").await.0, 200);
}

async fn the_profile_can_be_read_and_edited(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    app.active_account("noor@example.com", PASSWORD).await;
    let (_, body) = app.login("noor@example.com", PASSWORD).await;
    let token = body["token"].as_str().expect("token");
    let patch = |body: Value| {
        app.client
            .patch(app.url("/auth/users/me/"))
            .bearer_auth(token)
            .json(&body)
    };
    let (status, body) = app
        .send(patch(
            json!({"name": "Noor Ali", "contact_number": "+44 20 7946 0958"}),
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["name"].as_str(), body["contact_number"].as_str()),
        (Some("Noor Ali"), Some("+442079460958"))
    );
    let (status, body) = app.send(patch(json!({"contact_number": "call me"}))).await;
    assert_eq!(status, 400);
    assert!(
        body["contact_number"][0]
            .as_str()
            .is_some_and(|m| m.starts_with("Enter a valid phone number"))
    );
    let (status, body) = app.send(patch(json!({"name": ""}))).await;
    assert_eq!(
        (status, body),
        (400, json!({"name": ["This field is required."]}))
    );
    let (_, body) = app.me(token).await;
    assert_eq!(body["name"], "Noor Ali", "a refused edit changes nothing");
    let (status, body) = app
        .post_as(token, "/api/accounts/complete-profile/", json!({}))
        .await;
    assert_eq!(
        (status, body),
        (400, json!({"contact_number": ["This field is required."]}))
    );
}

async fn the_auth_type_check_tells_google_accounts_apart(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    assert_eq!(
        app.register("Asha Rao", "pia@example.com", PASSWORD)
            .await
            .0,
        201
    );
    let check = |email: &str| {
        app.post(
            "/api/accounts/check-user-auth-type/",
            json!({"email": email}),
        )
    };
    assert_eq!(
        check("PIA@example.com").await,
        (200, json!({"exists": true, "is_google_user": false}))
    );
    assert_eq!(
        check("nobody@example.com").await,
        (200, json!({"exists": false, "is_google_user": false}))
    );
    assert_eq!(check("nope").await.0, 400);
}

async fn repeated_failures_are_limited_without_locking_the_owner_out(engine: Engine) {
    let Some(app) = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            trusted_proxies: 1,
            ..Options::default()
        },
    )
    .await
    else {
        return;
    };
    app.active_account("victim@example.com", PASSWORD).await;
    // The proxy appends the real address last; what the client put first is ignored.
    let attempt = |ip: &'static str, password: &'static str| {
        let spoofed = format!("192.0.2.{}, {ip}", rand::random::<u8>());
        app.send(
            app.client
                .post(app.url("/api/login/"))
                .header("x-forwarded-for", spoofed)
                .json(&json!({"email": "victim@example.com", "password": password})),
        )
    };
    for _ in 0..5 {
        assert_eq!(attempt("203.0.113.9", "Guess#0000").await.0, 401);
    }
    let resp = app
        .client
        .post(app.url("/api/login/"))
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({"email": "victim@example.com", "password": PASSWORD}))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status(), 429);
    let retry: i64 = resp.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=900).contains(&retry), "{retry}");
    let body: Value = resp.json().await.expect("json");
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.starts_with("Too many attempts. Please try again in ")),
        "{body}"
    );
    // The owner, elsewhere, still signs in.
    assert_eq!(attempt("198.51.100.7", PASSWORD).await.0, 200);

    // One client gets three reset e-mails an hour to an address; the
    // answer stays 204. The owner, elsewhere, still gets theirs.
    let reset_from = |ip: &'static str| {
        app.send(
            app.client
                .post(app.url("/auth/users/reset_password/"))
                .header("x-forwarded-for", ip)
                .json(&json!({"email": "victim@example.com"})),
        )
    };
    for _ in 0..5 {
        assert_eq!(reset_from("203.0.113.9").await.0, 204);
    }
    let resets = || async {
        app.outbox("victim@example.com")
            .await
            .iter()
            .filter(|m| m["kind"] == "password_reset")
            .count()
    };
    assert_eq!(resets().await, 3);
    assert_eq!(reset_from("198.51.100.7").await.0, 204);
    assert_eq!(resets().await, 4);
}

async fn demo_accounts_exist_in_demo_mode(engine: Engine) {
    let Some(app) = common::spawn_app(engine).await else {
        return;
    };
    for account in api::demo::accounts() {
        let (status, body) = app.login(&account.email, &account.password).await;
        assert_eq!(status, 200, "{}: {body}", account.email);
        assert_eq!(body["user"]["role"], account.role.as_str());
        if account.role == api::store::Role::Mentor {
            let mentor_id = body["user"]["mentor_id"]
                .as_i64()
                .expect("a linked mentor profile");
            let mentor = app.get_json(&format!("/api/mentors/{mentor_id}/")).await;
            // Linked, but the public profile does not say to which account.
            assert_eq!(mentor["user_id"], Value::Null);
        }
    }
}

async fn an_administrator_is_made_by_command(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let given = |p: &'static str| move || Ok::<_, String>(p.to_owned());
    let weak =
        api::admin::create_admin(&app.store, "root@example.com", "Root", given("weakpass")).await;
    assert!(matches!(weak, Err(AdminError::WeakPassword(_))), "{weak:?}");
    assert_eq!(
        weak.map_err(|e| e.to_string()),
        Err("ADMIN_PASSWORD: Please use a stronger password.".into())
    );
    let made = api::admin::create_admin(
        &app.store,
        "Root@Example.com",
        "Site Admin",
        given("Root#Admin2026"),
    )
    .await;
    assert_eq!(
        made.map_err(|e| e.to_string()),
        Ok("Created the administrator root@example.com.".into())
    );
    let (_, body) = app.login("root@example.com", "Root#Admin2026").await;
    assert_eq!(body["user"]["role"], "admin");

    app.active_account("promote@example.com", PASSWORD).await;
    let never = || Err::<String, String>("the password must not be asked for".into());
    let said = api::admin::create_admin(&app.store, "promote@example.com", "Promoted", never)
        .await
        .expect("promoted");
    assert!(said.contains("now an administrator"), "{said}");
    let (_, body) = app.login("promote@example.com", PASSWORD).await;
    assert_eq!(body["user"]["role"], "admin");

    // Registered by someone who never proved the address: their password
    // must not become the administrator's.
    assert_eq!(
        app.register("Asha Rao", "ops@example.com", PASSWORD)
            .await
            .0,
        201
    );
    api::admin::create_admin(&app.store, "ops@example.com", "Ops", given("Ops#Admin2026"))
        .await
        .expect("taken over");
    assert_eq!(app.login("ops@example.com", PASSWORD).await.0, 401);
    let (_, body) = app.login("ops@example.com", "Ops#Admin2026").await;
    assert_eq!(body["user"]["role"], "admin");
}

async fn oversized_bodies_are_refused(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    // A declared length over the limit is refused before the body is read.
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect");
    let head = format!(
        "POST /api/login/ HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100000\r\nConnection: close\r\n\r\n"
    );
    tokio::io::AsyncWriteExt::write_all(&mut stream, head.as_bytes())
        .await
        .expect("write");
    let mut answer = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut stream, &mut answer)
        .await
        .expect("read");
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(
        answer.ends_with(r#"{"detail":"The request body is too large."}"#),
        "{answer}"
    );
    // Without a declared length the body is cut off and fails to parse.
    let chunks = futures_chunks(format!("{{\"email\": \"{}\"}}", "a".repeat(100_000)));
    let (status, _) = app
        .send(
            app.client
                .post(app.url("/api/login/"))
                .header("content-type", "application/json")
                .body(reqwest::Body::wrap_stream(chunks)),
        )
        .await;
    assert_eq!(status, 400);
}

/// A body sent in chunks, without a Content-Length.
fn futures_chunks(
    text: String,
) -> impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = text
        .into_bytes()
        .chunks(8192)
        .map(|c| Ok(c.to_vec()))
        .collect();
    futures_util::stream::iter(chunks)
}

async fn public_config_says_what_the_web_app_may_show(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let config = app.get_json("/api/config/").await;
    assert_eq!(config["google_client_id"], Value::Null);
    assert_eq!(config["dev_outbox"], true);
    let (status, body) = app
        .post("/api/accounts/google-auth/", json!({"credential": "x"}))
        .await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"error": "Google sign-in is not set up on this server."})
        )
    );
}

async fn google_sign_in_creates_an_account_that_completes_its_profile(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    assert_eq!(
        app.get_json("/api/config/").await["google_client_id"],
        google.client_id()
    );
    let credential = google.credential_for("Dev@Gmail.com", "google-sub-1", Some("Dev Patel"));
    let (status, body) = app
        .post(
            "/api/accounts/google-auth/",
            json!({"credential": credential}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["email"], "dev@gmail.com");
    assert_eq!(body["user"]["name"], "Dev Patel");
    assert_eq!(body["user"]["is_google_user"], true);
    assert_eq!(
        (
            &body["profile_complete"],
            &body["needs_profile_completion"],
            &body["requires_contact_number"]
        ),
        (&json!(false), &json!(true), &json!(true))
    );
    let access = body["access"].as_str().expect("access").to_owned();
    assert_eq!(app.me(&access).await.0, 200);
    assert_eq!(
        app.post("/auth/jwt/refresh/", json!({"refresh": body["refresh"]}))
            .await
            .0,
        200
    );

    let (status, body) = app
        .post_as(
            &access,
            "/api/accounts/complete-profile/",
            json!({"contact_number": "+91 91234 56789"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            &body["profile_complete"],
            &body["requires_contact_number"],
            &body["user"]["contact_number"]
        ),
        (&json!(true), &json!(false), &json!("+919123456789"))
    );
    // The same Google account again is the same user, now complete.
    let again = google.credential_for("dev@gmail.com", "google-sub-1", None);
    let (_, body) = app
        .post("/api/accounts/google-auth/", json!({"credential": again}))
        .await;
    assert_eq!(
        (&body["needs_profile_completion"], &body["user"]["name"]),
        (&json!(false), &json!("Dev Patel"))
    );

    let check = app
        .post(
            "/api/accounts/check-user-auth-type/",
            json!({"email": "dev@gmail.com"}),
        )
        .await;
    assert_eq!(
        check,
        (200, json!({"exists": true, "is_google_user": true}))
    );
    let (status, body) = app
        .post(
            "/auth/users/reset_password/",
            json!({"email": "dev@gmail.com"}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["email"][0]
            .as_str()
            .is_some_and(|m| m.contains("Google")),
        "{body}"
    );
    assert_eq!(app.login("dev@gmail.com", "").await.0, 400);
    assert_eq!(app.login("dev@gmail.com", "Anything#1").await.0, 401);
}

async fn google_sign_in_links_an_existing_account_with_the_same_address(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    app.active_account("link@example.com", PASSWORD).await;
    // A Workspace account of the address's domain: Google vouches for it.
    let credential =
        google.workspace_credential_for("link@example.com", "google-sub-2", Some("Other Name"));
    let (status, body) = app
        .post(
            "/api/accounts/google-auth/",
            json!({"credential": credential}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["user"]["name"], "Asha Rao",
        "the account keeps its own name"
    );
    assert_eq!(
        body["user"]["is_google_user"], false,
        "it still has its password"
    );
    assert_eq!(app.login("link@example.com", PASSWORD).await.0, 200);
    // A different Google identity with the same address does not take it over.
    let other = google.credential_for("link@example.com", "google-sub-9", None);
    let (status, body) = app
        .post("/api/accounts/google-auth/", json!({"credential": other}))
        .await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("different Google account")),
        "{body}"
    );

    // Someone registered the address but never proved it; its owner then
    // signs in with Google. The unproven password must not keep working.
    assert_eq!(
        app.register("Asha Rao", "squatted@example.com", PASSWORD)
            .await
            .0,
        201
    );
    let credential =
        google.workspace_credential_for("squatted@example.com", "google-sub-4", Some("Real Owner"));
    let (status, body) = app
        .post(
            "/api/accounts/google-auth/",
            json!({"credential": credential}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["is_google_user"], true);
    assert_eq!(app.login("squatted@example.com", PASSWORD).await.0, 401);
}

async fn google_credentials_are_checked_for_real(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    let mut claims = google.claims_for("eve@gmail.com", "google-sub-3", None);
    let post = |credential: String| {
        app.post(
            "/api/accounts/google-auth/",
            json!({"credential": credential}),
        )
    };
    let error_of = |(status, body): (u16, Value)| {
        assert_eq!(status, 400, "{body}");
        body["error"].as_str().expect("an error field").to_owned()
    };
    claims["aud"] = json!("someone-elses-app.apps.googleusercontent.com");
    assert!(error_of(post(google.mint(claims.clone())).await).contains("not for this app"));
    let mut claims = google.claims_for("eve@gmail.com", "google-sub-3", None);
    claims["exp"] = json!(common::google::now() - 3600);
    assert!(error_of(post(google.mint(claims)).await).contains("expired"));
    let claims = google.claims_for("eve@gmail.com", "google-sub-3", None);
    assert!(error_of(post(google.mint_with_wrong_key(claims.clone())).await).contains("signature"));
    let mut unverified = claims.clone();
    unverified["email_verified"] = json!(false);
    assert!(error_of(post(google.mint(unverified)).await).contains("not verified"));
    assert_eq!(
        app.post("/api/accounts/google-auth/", json!({})).await,
        (400, json!({"error": "A Google credential is required."}))
    );
    assert_eq!(
        app.post(
            "/api/accounts/check-user-auth-type/",
            json!({"email": "eve@gmail.com"})
        )
        .await
        .1["exists"],
        false,
        "no account was made from a bad credential"
    );
}

/// A server people reach at a public address signs with a key from its
/// environment, not one it keeps in its own database.
#[tokio::test]
async fn a_public_url_needs_the_secret_key_from_the_environment() {
    let Some(db) = common::TestDb::fresh(Engine::Sqlite).await else {
        return;
    };
    let mut settings = api::config::Settings::for_database(db.url.clone());
    settings.public_url = Some("https://mentors.example.com".into());
    settings.sandbox_payments = true;
    let store = api::server::prepare(&settings).await.expect("store opens");
    let Err(error) = api::server::bind(&settings, store.clone()).await else {
        panic!("started without SECRET_KEY on a public address");
    };
    assert!(
        matches!(error, api::server::StartError::SecretRequired(_)),
        "{error}"
    );
    settings.secret_key = Some(SECRET.into());
    let bound = api::server::bind(&settings, store.clone())
        .await
        .expect("starts with SECRET_KEY");
    drop(bound);
    settings.secret_key = None;
    settings.public_url = Some("http://localhost:5173".into());
    let bound = api::server::bind(&settings, store)
        .await
        .expect("a loopback PUBLIC_URL may keep its key in the database");
    drop(bound);
}

on_both_engines!(
    tokens_expire_on_the_servers_clock,
    google_sign_in_creates_an_account_that_completes_its_profile,
    google_sign_in_links_an_existing_account_with_the_same_address,
    google_credentials_are_checked_for_real,
    a_learner_registers_activates_and_signs_in,
    registration_explains_each_bad_field,
    activation_refuses_bad_links,
    resend_activation_sends_only_to_inactive_accounts,
    sign_in_failures_look_alike,
    refresh_tokens_rotate_and_a_replay_ends_the_session,
    expired_tokens_are_refused,
    signing_out_ends_the_session,
    a_reset_link_works_once_and_ends_other_sessions,
    reset_links_expire_after_an_hour_and_activation_links_after_three_days,
    session_and_refresh_token_ids_are_stored_hashed,
    changing_the_password_invalidates_older_links_and_other_sessions,
    the_profile_can_be_read_and_edited,
    the_auth_type_check_tells_google_accounts_apart,
    repeated_failures_are_limited_without_locking_the_owner_out,
    demo_accounts_exist_in_demo_mode,
    an_administrator_is_made_by_command,
    public_config_says_what_the_web_app_may_show,
    oversized_bodies_are_refused,
);

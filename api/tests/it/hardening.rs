//! Issue 10, findings 1 and 9, over HTTP on both engines: the demo's
//! accounts go when the demo does; answers that carry tokens are never
//! stored; HSTS over https; the client's address behind trusted proxies.

use crate::common;
use std::time::Duration;

use common::google::TestGoogle;
use common::{Engine, Options, TestApp, TestDb, spawn_app, spawn_app_with, write_web_fixture};
use serde_json::{Value, json};

on_both_engines!(
    turning_the_demo_off_removes_its_accounts_and_their_sessions,
    answers_that_carry_tokens_are_never_stored,
    every_api_answer_to_a_change_is_never_stored,
    hsts_is_sent_only_when_the_public_url_is_https,
    the_client_behind_trusted_proxies_is_the_nth_address_from_the_right,
);

fn cache_control(resp: &reqwest::Response) -> String {
    resp.headers()
        .get("cache-control")
        .map(|v| v.to_str().expect("ascii").to_owned())
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------
// Finding 1: DEMO_DATA=off removes the demo accounts.

/// One server on `settings`' database, until `stop` is sent.
struct Server {
    base: String,
    stop: tokio::sync::oneshot::Sender<()>,
    done: tokio::task::JoinHandle<Result<(), api::server::StartError>>,
}

async fn serve(settings: &api::config::Settings) -> (Server, api::store::Store) {
    let store = api::server::prepare(settings).await.expect("starts");
    let bound = api::server::bind(settings, store.clone())
        .await
        .expect("binds a port");
    let base = format!("http://{}", bound.addr);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let done = tokio::spawn(bound.run(async move {
        let _ = stopped.await;
    }));
    (Server { base, stop, done }, store)
}

impl Server {
    async fn shut_down(self) {
        let _ = self.stop.send(());
        self.done.await.expect("joins").expect("stops cleanly");
    }
}

async fn post(client: &reqwest::Client, url: String, body: Value) -> (u16, Value) {
    let resp = client.post(url).json(&body).send().await.expect("request");
    let status = resp.status().as_u16();
    let text = resp.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn turning_the_demo_off_removes_its_accounts_and_their_sessions(engine: Engine) {
    let Some(db) = TestDb::fresh(engine).await else {
        return;
    };
    let web_dir = db.dir().join("web");
    write_web_fixture(&web_dir);
    let mut settings = api::config::Settings::for_database(db.url.clone());
    settings.web_dir = web_dir;
    settings.secret_key = Some("test-secret-key-not-used-anywhere-else".into());
    settings.demo_data = true;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let login = async |base: &str, email: &str, password: &str| {
        post(
            &client,
            format!("{base}/api/login/"),
            json!({"email": email, "password": password}),
        )
        .await
    };

    // The demo on: every demo account signs in with its published password.
    let (demo, store) = serve(&settings).await;
    let mut signed_in = Vec::new();
    for account in api::demo::accounts() {
        let (status, body) = login(&demo.base, &account.email, &account.password).await;
        assert_eq!(status, 200, "{}: {body}", account.email);
        signed_in.push((
            account.clone(),
            body["token"].as_str().expect("access").to_owned(),
            body["refresh"].as_str().expect("refresh").to_owned(),
        ));
    }
    let linked: Vec<i64> = store
        .list_mentors()
        .await
        .expect("mentors")
        .iter()
        .filter(|m| m.user_id.is_some())
        .map(|m| m.id)
        .collect();
    // Every demo mentor runs their profile (issue 21).
    let total = store.list_mentors().await.expect("mentors").len();
    assert_eq!(linked.len(), total, "every demo profile is run");
    demo.shut_down().await;

    // Restarted with the demo off: the accounts, their sessions and their
    // tokens are gone; the catalogue stays, its profile unlinked.
    settings.demo_data = false;
    let (plain, store) = serve(&settings).await;
    for (account, access, refresh) in &signed_in {
        let (status, body) = login(&plain.base, &account.email, &account.password).await;
        assert_eq!(status, 401, "{}: {body}", account.email);
        let me = client
            .get(format!("{}/auth/users/me/", plain.base))
            .bearer_auth(access)
            .send()
            .await
            .expect("request");
        assert_eq!(me.status(), 401, "{}'s access token", account.email);
        let (status, _) = post(
            &client,
            format!("{}/auth/jwt/refresh/", plain.base),
            json!({"refresh": refresh}),
        )
        .await;
        assert_eq!(status, 401, "{}'s refresh token", account.email);
        let email = domain_wasm::accounts::Email::parse(&account.email).expect("address");
        assert!(
            matches!(
                store.user_by_email(&email).await,
                Err(api::store::StoreError::NotFound)
            ),
            "{} removed",
            account.email
        );
    }
    let mentors = store.list_mentors().await.expect("mentors");
    assert!(mentors.len() >= 60, "the demo catalogue stays");
    assert!(mentors.iter().all(|m| m.user_id.is_none()), "unlinked");
    let list = client
        .get(format!("{}/api/mentors/", plain.base))
        .send()
        .await
        .expect("request");
    assert_eq!(list.status(), 200);
    // Nothing is left to print or to remove the next time.
    assert_eq!(api::demo::remove_accounts(&store).await.expect("again"), 0);
    plain.shut_down().await;

    // On again, they come back (with new sessions only).
    settings.demo_data = true;
    let (again, _) = serve(&settings).await;
    let account = &api::demo::accounts()[0];
    assert_eq!(
        login(&again.base, &account.email, &account.password)
            .await
            .0,
        200
    );
    again.shut_down().await;
}

// ---------------------------------------------------------------------------
// Finding 9: Cache-Control: no-store on every answer that carries a token.

async fn answers_that_carry_tokens_are_never_stored(engine: Engine) {
    let google = TestGoogle::start().await;
    let Some(app) = spawn_app_with(
        engine,
        Options {
            google: Some((google.client_id().to_owned(), google.jwks_url())),
            ..Options::default()
        },
    )
    .await
    else {
        return;
    };
    let demo = &api::demo::accounts()[0];
    let send = async |path: &str, body: Value| {
        app.client
            .post(app.url(path))
            .json(&body)
            .send()
            .await
            .expect("request")
    };

    let login = send(
        "/api/login/",
        json!({"email": demo.email, "password": demo.password}),
    )
    .await;
    assert_eq!(login.status(), 200);
    assert_eq!(cache_control(&login), "no-store", "sign-in");
    let body: Value = login.json().await.expect("JSON");
    let access = body["token"].as_str().expect("access");
    let refresh = body["refresh"].as_str().expect("refresh");

    let refreshed = send("/auth/jwt/refresh/", json!({"refresh": refresh})).await;
    assert_eq!(refreshed.status(), 200);
    assert_eq!(cache_control(&refreshed), "no-store", "refresh");
    let body: Value = refreshed.json().await.expect("JSON");
    assert!(body["access"].is_string() && body["refresh"].is_string());

    let credential = google.credential_for("Tok@Gmail.com", "google-sub-77", Some("Tok"));
    let google_auth = send(
        "/api/accounts/google-auth/",
        json!({"credential": credential}),
    )
    .await;
    assert_eq!(google_auth.status(), 200);
    assert_eq!(cache_control(&google_auth), "no-store", "Google sign-in");
    let body: Value = google_auth.json().await.expect("JSON");
    assert!(body["access"].is_string() && body["refresh"].is_string());

    // The signed-in account's own data, and a failed sign-in.
    let me = app
        .client
        .get(app.url("/auth/users/me/"))
        .bearer_auth(access)
        .send()
        .await
        .expect("request");
    assert_eq!(me.status(), 200);
    assert_eq!(cache_control(&me), "no-store", "/auth/users/me/");
    let wrong = send(
        "/api/login/",
        json!({"email": demo.email, "password": "Wrong#Pass2026"}),
    )
    .await;
    assert_eq!(wrong.status(), 401);
    assert_eq!(cache_control(&wrong), "no-store");
    // The public catalogue keeps its own caching.
    assert_eq!(cache_control(&app.get("/api/mentors/").await), "no-cache");
    assert_eq!(
        cache_control(&app.get("/api/stats/").await),
        "public, max-age=60"
    );
}

/// Every operation of the published document that is not a GET answers
/// `no-store`, whatever it answers (an endpoint added later is covered
/// without being listed here).
async fn every_api_answer_to_a_change_is_never_stored(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let doc = app.get_json("/api/openapi.json").await;
    let paths = doc["paths"].as_object().expect("paths");
    let mut walked = 0;
    for (path, operations) in paths {
        let path = path.replace("{id}", "1");
        for method in operations.as_object().expect("operations").keys() {
            let method = method.to_ascii_uppercase();
            if matches!(method.as_str(), "GET" | "HEAD" | "PARAMETERS") {
                continue;
            }
            let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
            for body in [json!({}), json!({"email": "x"})] {
                let resp = app
                    .client
                    .request(method.clone(), app.url(&path))
                    .json(&body)
                    .send()
                    .await
                    .expect("request");
                assert_eq!(
                    cache_control(&resp),
                    "no-store",
                    "{method} {path} answered {}",
                    resp.status()
                );
            }
            walked += 1;
        }
    }
    assert!(walked >= 10, "only {walked} operations");
    // Also the contract's djoser spellings and an unknown API path.
    for path in [
        "/auth/jwt/refresh/",
        "/auth/users/activation/",
        "/api/nothing/",
    ] {
        let resp = app
            .client
            .post(app.url(path))
            .json(&json!({}))
            .send()
            .await
            .expect("request");
        assert_eq!(cache_control(&resp), "no-store", "{path}");
    }
}

// ---------------------------------------------------------------------------
// Finding 9: Strict-Transport-Security when PUBLIC_URL is https.

async fn hsts_is_sent_only_when_the_public_url_is_https(engine: Engine) {
    let paths = async |app: &TestApp| {
        let mut answers = Vec::new();
        for path in [
            "/healthz",
            "/api/mentors/",
            "/",
            "/no-such-page",
            "/api/config/",
        ] {
            answers.push((path.to_owned(), app.get(path).await));
        }
        let login = app
            .client
            .post(app.url("/api/login/"))
            .json(&json!({"email": "a@example.com", "password": "x"}))
            .send()
            .await
            .expect("request");
        answers.push(("POST /api/login/".to_owned(), login));
        answers
    };
    let Some(http) = spawn_app(engine).await else {
        return;
    };
    for (path, resp) in paths(&http).await {
        assert!(
            resp.headers().get("strict-transport-security").is_none(),
            "{path} over http"
        );
    }
    drop(http);

    let Some(https) = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            public_url: Some("https://mentors.example.com".into()),
            ..Options::default()
        },
    )
    .await
    else {
        return;
    };
    for (path, resp) in paths(&https).await {
        assert_eq!(
            resp.headers()
                .get("strict-transport-security")
                .map(|v| v.to_str().expect("ascii")),
            Some("max-age=31536000; includeSubDomains"),
            "{path} ({})",
            resp.status()
        );
    }
}

// ---------------------------------------------------------------------------
// Finding 9: TRUSTED_PROXIES.

async fn the_client_behind_trusted_proxies_is_the_nth_address_from_the_right(engine: Engine) {
    let contact = |from: &str| {
        json!({
            "name": "Asha Rao",
            "email": "asha@example.com",
            "subject": "Where am I from",
            "message": format!("My mentor did not join yesterday's session (sent as {from})."),
        })
    };
    // client -> proxy A (appends the client) -> proxy B (appends A) -> us;
    // the client wrote 6.6.6.6 itself.
    let forwarded = "6.6.6.6, 203.0.113.9, 10.0.0.1";
    let mut seen = Vec::new();
    for hops in [0, 1, 2, 5] {
        let Some(app) = spawn_app_with(
            engine,
            Options {
                demo_data: false,
                trusted_proxies: hops,
                ..Options::default()
            },
        )
        .await
        else {
            return;
        };
        let (status, body) = app
            .send(
                app.client
                    .post(app.url("/api/contact/"))
                    .header("x-forwarded-for", forwarded)
                    .json(&contact(&hops.to_string())),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let stored = app
            .store
            .enquiry(body["id"].as_str().expect("id"))
            .await
            .expect("stored");
        seen.push((hops, stored.client_ip.unwrap_or_default()));
    }
    assert_eq!(
        seen,
        [
            (0, "127.0.0.1".to_owned()),
            (1, "10.0.0.1".to_owned()),
            (2, "203.0.113.9".to_owned()),
            (5, "6.6.6.6".to_owned()),
        ]
    );
}

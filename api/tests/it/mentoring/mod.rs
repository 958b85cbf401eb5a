//! What the mentor dashboard's and the commission's tests share: the demo
//! callers with their tokens, a second mentor with a profile of their own,
//! and requests of any method with an optional token and body.

#![allow(dead_code)]

use serde_json::Value;

use crate::common::{Options, TestApp, spawn_app_with};

pub const PASSWORD: &str = "Dashboard-Tests#2026";

/// A signed-in caller.
pub struct Caller {
    pub id: i64,
    pub token: String,
    /// Their mentor profile, for mentors.
    pub mentor_id: Option<i64>,
}

impl Caller {
    pub fn mentor(&self) -> i64 {
        self.mentor_id.expect("a mentor profile")
    }
}

/// The demo learner, mentor and admin, and another mentor running another
/// demo profile.
pub struct People {
    pub learner: Caller,
    pub mentor: Caller,
    pub other_mentor: Caller,
    pub admin: Caller,
}

/// A server with the demo catalogue and accounts, attempt limits off.
pub async fn spawn(engine: crate::common::Engine) -> Option<TestApp> {
    spawn_app_with(
        engine,
        Options {
            rate_limits: false,
            ..Options::default()
        },
    )
    .await
}

pub async fn sign_in(app: &TestApp, email: &str, password: &str) -> Caller {
    let (status, body) = app.login(email, password).await;
    assert_eq!(status, 200, "{email} signs in: {body}");
    Caller {
        id: body["user"]["id"].as_i64().expect("an id"),
        token: body["token"].as_str().expect("a token").to_owned(),
        mentor_id: body["user"]["mentor_id"].as_i64(),
    }
}

pub async fn people(app: &TestApp) -> People {
    let demo = |role: api::store::Role| {
        api::demo::accounts()
            .iter()
            .find(|a| a.role == role)
            .expect("a demo account")
    };
    let (l, m, a) = (
        demo(api::store::Role::User),
        demo(api::store::Role::Mentor),
        demo(api::store::Role::Admin),
    );
    let learner = sign_in(app, &l.email, &l.password).await;
    let mentor = sign_in(app, &m.email, &m.password).await;
    let admin = sign_in(app, &a.email, &a.password).await;
    let list = app.get_json("/api/mentors/").await;
    let other_profile = list
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|m| m["id"].as_i64())
        .filter(|id| Some(*id) != mentor.mentor_id)
        .max()
        .expect("another profile");
    let other_mentor = new_mentor(app, "second-mentor@example.com", other_profile).await;
    People {
        learner,
        mentor,
        other_mentor,
        admin,
    }
}

/// A registered, activated mentor account running profile `profile`.
pub async fn new_mentor(app: &TestApp, email: &str, profile: i64) -> Caller {
    let (status, body) = app.register("Second Mentor", email, PASSWORD).await;
    assert_eq!(status, 201, "{email} registers: {body}");
    let id = body["id"].as_i64().expect("an id");
    let now = chrono::Utc::now();
    let mut tx = app.store.begin().await.expect("begin");
    tx.activate_user(id, now).await.expect("activate");
    tx.set_role(id, api::store::Role::Mentor, now)
        .await
        .expect("role");
    tx.link_mentor(profile, id).await.expect("link");
    tx.commit().await.expect("commit");
    sign_in(app, email, PASSWORD).await
}

/// `method path` with an optional bearer token and JSON body: the status
/// and the JSON answer (`Null` when empty).
pub async fn call(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    app.send(request).await
}

/// The catalogue's list and its ETag.
pub async fn catalogue(app: &TestApp) -> (Value, String) {
    let resp = app.get("/api/mentors/").await;
    assert_eq!(resp.status(), 200);
    let etag = resp
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .expect("an ETag")
        .to_owned();
    (resp.json().await.expect("JSON"), etag)
}

/// One mentor of the catalogue's list.
pub fn listed(list: &Value, id: i64) -> Value {
    list.as_array()
        .expect("a list")
        .iter()
        .find(|m| m["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("mentor {id} is listed"))
}

/// Raw SQL on the test's database (for arranging what no API call does).
pub async fn exec(store: &api::store::Store, sql: &str, id: i64) {
    match store {
        api::store::Store::Sqlite(pool) => sqlx::query(sql).bind(id).execute(pool).await.map(drop),
        api::store::Store::Postgres(pool) => {
            sqlx::query(sql).bind(id).execute(pool).await.map(drop)
        }
    }
    .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

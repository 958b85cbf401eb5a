//! The API documents itself, and every error it gives is JSON.

use crate::common;
use common::{Engine, spawn_app};
use serde_json::Value;

#[tokio::test]
async fn the_openapi_document_lists_the_contract_paths() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let doc = app.get_json("/api/openapi.json").await;
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    let paths: Vec<&str> = doc["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .map(String::as_str)
        .collect();
    assert!(paths.contains(&"/api/mentors/"), "{paths:?}");
    assert!(paths.contains(&"/api/mentors/{id}/"), "{paths:?}");
    // Every call of SPEC §7, spelled as the contract spells it.
    for path in [
        "/auth/jwt/refresh/",
        "/api/login/",
        "/api/accounts/google-auth/",
        "/auth/users/activation/",
        "/api/accounts/check-user-auth-type/",
        "/auth/users/reset_password/",
        "/auth/users/reset_password_confirm/",
        "/auth/users/resend_activation/",
    ] {
        assert!(
            doc["paths"][path]["post"].is_object(),
            "POST {path} documented: {paths:?}"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["SignedIn"]["scheme"],
        "bearer"
    );
    let mentor = &doc["components"]["schemas"]["Mentor"]["properties"];
    for field in [
        "id",
        "user_id",
        "name",
        "expertise",
        "rating",
        "experience_years",
        "bio",
        "image_url",
        "contact",
        "social_links",
        "education",
        "experience",
        "projects",
        "services",
        "available_slots",
        "created_at",
        "updated_at",
    ] {
        assert!(
            mentor.get(field).is_some(),
            "Mentor schema documents {field}"
        );
    }
}

#[tokio::test]
async fn the_interactive_docs_are_served_without_outside_hosts() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let resp = app.get("/api/docs").await;
    assert_eq!(resp.status(), 200);
    let html = resp.text().await.expect("html");
    assert!(html.contains("swagger"), "Swagger UI page");
    assert!(
        !html.contains("cdn.") && !html.contains("unpkg.com"),
        "no CDN"
    );
}

#[tokio::test]
async fn api_errors_are_json_details() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let unknown = app.get("/api/no-such-thing/").await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(
        unknown.json::<Value>().await.expect("JSON"),
        serde_json::json!({"detail": "Not found."})
    );
    let wrong_method = app
        .client
        .delete(app.url("/api/mentors/"))
        .send()
        .await
        .expect("request");
    assert_eq!(wrong_method.status(), 405);
    let body: Value = wrong_method.json().await.expect("JSON");
    assert_eq!(body["detail"], "Method not allowed.");
}

#[tokio::test]
async fn responses_carry_basic_security_headers() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    for path in ["/api/mentors/", "/", "/mentors"] {
        let resp = app.get(path).await;
        assert_eq!(
            resp.headers()["x-content-type-options"],
            "nosniff",
            "{path}"
        );
        assert_eq!(resp.headers()["x-frame-options"], "DENY", "{path}");
    }
}

#[tokio::test]
async fn unreadable_bodies_are_400_never_422_or_500() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let raw = |path: &'static str, body: &'static str| {
        app.client
            .post(app.url(path))
            .header("content-type", "application/json")
            .body(body)
    };
    for (path, body) in [
        ("/api/login/", "not json"),
        ("/auth/users/", r#"{"email": 5}"#),
        ("/api/contact/", "[]"),
        (
            "/auth/users/reset_password_confirm/",
            r#"{"uid": {"x": 1}}"#,
        ),
        ("/api/b2b/quote/", ""),
    ] {
        let (status, answer) = app.send(raw(path, body)).await;
        // A general `{"detail"}` or field errors `{"field": [...]}`.
        assert_eq!(status, 400, "{path} {body}: {answer}");
        assert!(
            answer["detail"].is_string()
                || answer
                    .as_object()
                    .is_some_and(|o| o.values().all(|v| v.is_array())),
            "{path} {body}: {answer}"
        );
    }
}

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

/// The settings table of `docs/operations.md` names every setting `api
/// --help` lists, and no other (besides `RUST_LOG`, read by the log
/// filter, not the command line), with the default `--help` gives.
#[test]
fn the_settings_table_matches_the_servers_help() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_api"))
        .arg("--help")
        .output()
        .expect("api --help runs");
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).expect("utf-8 help");
    // "[env: NAME=]" or "[env: NAME]" (secrets), then "[default: X]" if any.
    let mut from_help = std::collections::BTreeMap::new();
    for option in help.split("\n      --").skip(1) {
        let option = option.split_whitespace().collect::<Vec<_>>().join(" ");
        let Some(env) = option.split("[env: ").nth(1) else {
            continue;
        };
        let name: String = env
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
            .collect();
        let default = option.split("[default: ").nth(1).map(|rest| {
            rest[..rest.find(']').expect("]")]
                .trim_matches('"')
                .to_owned()
        });
        from_help.insert(name, default);
    }
    assert!(from_help.len() >= 30, "{from_help:?}");

    let docs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/operations.md"
    ))
    .expect("docs/operations.md");
    let table = docs
        .split("| Setting | Default | Meaning |")
        .nth(1)
        .expect("the settings table");
    let mut from_docs = std::collections::BTreeMap::new();
    for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let names: Vec<&str> = cells[0]
            .trim_start_matches("| ")
            .split(", ")
            .map(|n| n.trim_matches('`'))
            .collect();
        let defaults: Vec<&str> = cells[1].split(", ").collect();
        for (i, name) in names.iter().enumerate() {
            // Rows of two settings give two defaults, in the same order.
            let default = if names.len() == defaults.len() {
                defaults[i]
            } else {
                cells[1]
            };
            from_docs.insert(name.to_string(), default.to_owned());
        }
    }
    assert!(
        from_docs.remove("RUST_LOG").is_some(),
        "RUST_LOG documented"
    );
    assert_eq!(
        from_docs.keys().collect::<Vec<_>>(),
        from_help.keys().collect::<Vec<_>>(),
        "docs/operations.md's settings are api --help's"
    );
    for (name, default) in &from_help {
        if let Some(default) = default {
            assert!(
                from_docs[name].contains(&format!("`{default}`")),
                "{name}: --help gives the default {default:?}, docs/operations.md {:?}",
                from_docs[name]
            );
        }
    }
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// turned into hyphens.
fn heading_anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == ' ' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every link between the README and `docs/` reaches a file that exists
/// and, when it names a section, a heading of that file.
#[test]
fn links_between_the_readme_and_the_docs_resolve() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    assert!(files.len() >= 5, "{files:?}");
    let anchors = |path: &std::path::Path| -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut fenced = false;
        let mut found = Vec::new();
        for line in text.lines() {
            if line.starts_with("```") {
                fenced = !fenced;
            } else if !fenced && line.starts_with('#') {
                found.push(heading_anchor(line.trim_start_matches('#')));
            }
        }
        found
    };
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        for link in text.split("](").skip(1) {
            let target = &link[..link.find(')').unwrap_or(link.len())];
            if target.starts_with("http") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
            let resolved = if path.is_empty() {
                file.clone()
            } else {
                file.parent().expect("folder").join(path)
            };
            assert!(
                resolved.exists(),
                "{}: {target} does not exist",
                file.display()
            );
            if !anchor.is_empty() {
                assert!(
                    anchors(&resolved).iter().any(|a| a == anchor),
                    "{}: no heading for #{anchor} in {}",
                    file.display(),
                    resolved.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} links checked");
}

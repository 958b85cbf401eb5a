//! The server serves the built web app (issue: walking skeleton, item 5).

use crate::common;
use common::{Engine, spawn_app};
use domain_wasm::routes::ROUTES;

/// A concrete path for a route pattern, with `mentor` for `:idSlug`.
fn example_path(pattern: &str, mentor: &str) -> String {
    pattern
        .split('/')
        .map(|seg| match seg {
            ":idSlug" => mentor,
            s if s.starts_with(':') => "Mw-abc123",
            s => s,
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn every_screen_of_the_spec_gets_the_app_with_status_200() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    assert!(ROUTES.len() >= 40, "the SPEC §2 route table");
    let twelfth = app.get_json("/api/mentors/12/").await;
    let mentor = domain_wasm::slug::mentor_path(12, twelfth["name"].as_str().expect("name"));
    let mentor = mentor.trim_start_matches("/mentors/");
    for route in ROUTES {
        let path = example_path(route.pattern, mentor);
        let resp = app.get(&path).await;
        assert_eq!(resp.status(), 200, "{path}");
        assert_eq!(resp.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            resp.headers()["content-type"]
                .to_str()
                .expect("ct")
                .starts_with("text/html")
        );
        assert!(resp.headers().contains_key("content-security-policy"));
        assert!(
            resp.text().await.expect("html").contains("<div id=root>"),
            "{path}"
        );
    }
    // with a query string and a trailing slash too
    assert_eq!(app.get("/mentors/?q=design").await.status(), 200);
}

#[tokio::test]
async fn mentor_pages_live_at_one_canonical_url() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let mentors = app.get_json("/api/mentors/").await;
    let first = &mentors[0];
    let id = first["id"].as_i64().expect("id");
    let canonical =
        domain_wasm::slug::mentor_path(id as u64, first["name"].as_str().expect("name"));
    assert_eq!(app.get(&canonical).await.status(), 200);
    for stale in [
        format!("/mentors/{id}"),
        format!("/mentors/{id}-someone-else"),
        format!("/mentors/{id}-x/"),
    ] {
        let resp = app.get(&stale).await;
        assert_eq!(resp.status(), 301, "{stale}");
        assert_eq!(resp.headers()["location"], canonical.as_str(), "{stale}");
    }
    let with_query = app.get(&format!("/mentors/{id}?tab=reviews")).await;
    assert_eq!(
        with_query.headers()["location"],
        format!("{canonical}?tab=reviews").as_str()
    );
    assert_eq!(app.get("/mentors/999999-nobody").await.status(), 404);

    // A name with letters beyond ASCII: the browser sends them percent-encoded.
    let accented = mentors
        .as_array()
        .expect("array")
        .iter()
        .find(|m| !m["name"].as_str().unwrap_or_default().is_ascii())
        .expect("the demo has a name with non-ASCII letters");
    let id = accented["id"].as_i64().expect("id");
    let path = domain_wasm::slug::mentor_path(id as u64, accented["name"].as_str().expect("name"));
    let encoded = percent_encoding::utf8_percent_encode(&path, percent_encoding::NON_ALPHANUMERIC)
        .to_string()
        .replace("%2F", "/")
        .replace("%2D", "-");
    assert_eq!(app.get(&encoded).await.status(), 200, "{encoded}");
    let moved = app.get(&format!("/mentors/{id}")).await;
    assert_eq!(moved.status(), 301);
    let location = moved.headers()["location"]
        .to_str()
        .expect("an ASCII Location header");
    assert_eq!(
        percent_encoding::percent_decode_str(location)
            .decode_utf8()
            .expect("utf-8"),
        path
    );
}

#[tokio::test]
async fn any_other_path_gets_the_apps_not_found_page_with_status_404() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    for path in [
        "/no-such-page",
        "/mentors/asha-rao",
        "/b2b",
        "/activate/only-uid",
        "/dashboard",
        "/index.html.bak",
        "/.env",
        "/assets/../index.html",
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 404, "{path}");
        let body = resp.text().await.expect("body");
        if !path.starts_with("/assets/") {
            assert!(
                body.contains("<div id=root>"),
                "{path} shows the app's not-found page"
            );
        }
    }
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_wasm_has_its_type() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let js = app.get("/assets/index-3f9a1c.js").await;
    assert_eq!(js.status(), 200);
    assert_eq!(
        js.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        js.headers()["content-type"]
            .to_str()
            .expect("ct")
            .contains("javascript")
    );
    let wasm = app.get("/assets/domain_bg-8e1d2b.wasm").await;
    assert_eq!(wasm.status(), 200);
    assert_eq!(wasm.headers()["content-type"], "application/wasm");
    assert_eq!(
        wasm.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(app.get("/assets/missing-000.js").await.status(), 404);
    let svg = app.get("/mentor-fallback.svg").await;
    assert_eq!(svg.status(), 200);
    assert_eq!(svg.headers()["content-type"], "image/svg+xml");
    assert_eq!(svg.headers()["cache-control"], "public, max-age=3600");
}

#[tokio::test]
async fn mentor_portraits_are_drawn_by_the_server() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    let first = &app.get_json("/api/mentors/1/").await;
    let resp = app
        .get(first["image_url"].as_str().expect("image_url"))
        .await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "image/svg+xml");
    let svg = resp.text().await.expect("svg");
    let initials = api::portrait::initials(first["name"].as_str().expect("name"));
    assert!(svg.contains(&format!(">{initials}</text>")), "{svg}");
    assert_eq!(app.get("/media/portraits/999999.svg").await.status(), 404);
    assert_eq!(app.get("/media/portraits/abc.svg").await.status(), 404);
    assert_eq!(app.get("/media/portraits/1.png").await.status(), 404);
}

#[tokio::test]
async fn a_missing_web_build_is_explained_not_hidden() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    std::fs::remove_dir_all(&app.web_dir).expect("remove the build");
    let resp = app.get("/mentors").await;
    assert_eq!(resp.status(), 503);
    assert!(resp.text().await.expect("text").contains("WEB_DIR"));
    // the API does not depend on the web build
    assert_eq!(app.get("/api/mentors/").await.status(), 200);
}

/// Serves the web app's own `index.html` (its markers as the build keeps them).
fn serve_the_apps_own_index(app: &common::TestApp) {
    let index = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../webapp/index.html"),
    )
    .expect("webapp/index.html");
    std::fs::write(app.web_dir.join("index.html"), index).expect("write index.html");
}

/// SPEC §2's intro screen comes with the HTML on the first page of a browser
/// session (issue 22): the server draws it, says so in a session cookie,
/// allows its one inline script by hash, and leaves it out for every later
/// page of that session, a link opened from an e-mail in a new tab included.
#[tokio::test]
async fn the_intro_screen_comes_with_the_first_page_of_a_browser_session_only() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    serve_the_apps_own_index(&app);

    let first = app.get("/my-bookings/12").await;
    assert_eq!(first.status(), 200);
    let cookie = first.headers()["set-cookie"]
        .to_str()
        .expect("cookie")
        .to_owned();
    assert!(cookie.starts_with("mb_intro=seen;"), "{cookie}");
    assert!(
        !cookie.to_ascii_lowercase().contains("max-age")
            && !cookie.to_ascii_lowercase().contains("expires"),
        "a session cookie: {cookie}"
    );
    assert!(
        first.headers()["vary"]
            .to_str()
            .expect("vary")
            .contains("Cookie")
    );
    let csp = first.headers()["content-security-policy"]
        .to_str()
        .expect("csp")
        .to_owned();
    let html = first.text().await.expect("html");
    assert!(
        html.contains("id=\"intro\"") && html.contains("Initializing"),
        "{html}"
    );
    // The inline script runs only because the policy names its hash.
    let script_start = html.find("<script>").expect("inline script") + "<script>".len();
    let script =
        &html[script_start..script_start + html[script_start..].find("</script>").expect("end")];
    let hash = {
        use base64::Engine as _;
        use sha2::Digest as _;
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script.as_bytes()))
    };
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .expect("script-src");
    assert!(script_src.contains(&format!("'sha256-{hash}'")), "{csp}");
    assert!(!script_src.contains("unsafe-inline"), "{csp}");

    // Later pages of the same browser session (the cookie comes back).
    for path in ["/", "/mentors", "/my-bookings/12", "/no-such-page"] {
        let later = app
            .get_with(path, "cookie", "theme=dark; mb_intro=seen")
            .await;
        assert!(later.headers().get("set-cookie").is_none(), "{path}");
        let csp = later.headers()["content-security-policy"]
            .to_str()
            .expect("csp")
            .to_owned();
        assert!(
            !csp.contains(&hash),
            "the intro's script is gone: {path}: {csp}"
        );
        let html = later.text().await.expect("html");
        assert!(
            !html.contains("intro-loader") && !html.contains("__introShownAt"),
            "{path}: {html}"
        );
        assert!(html.contains("<div id=\"root\"></div>"), "{path}");
    }
}

/// Issue 22: the server draws the top of the home page, the listing and a
/// mentor's page in the HTML it sends (after the app's stylesheets, before
/// its root), with the catalogue's values escaped; other screens, and a
/// mentor nobody can find, come without it.
#[tokio::test]
async fn the_first_screen_comes_drawn_in_the_html() {
    let Some(app) = spawn_app(Engine::Sqlite).await else {
        return;
    };
    serve_the_apps_own_index(&app);

    let home = app.get("/").await.text().await.expect("html");
    let drawn = home
        .find("<div id=\"first-screen\" data-pattern=\"/\"")
        .expect("the home page's first screen");
    assert!(drawn < home.find("<div id=\"root\"></div>").expect("the root"));
    assert!(home.contains("Accelerate your career with"));
    assert!(!home.contains("<!--first-screen-->"));

    // The listing keeps the search it was opened with, escaped.
    let listing = app
        .get("/mentors?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E")
        .await
        .text()
        .await
        .expect("html");
    assert!(listing.contains("data-pattern=\"/mentors\""));
    assert!(listing.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""));
    assert!(!listing.contains("<script>alert(1)"));

    // A mentor's page: their name, photo and headline from the catalogue.
    let mentor = app.get_json("/api/mentors/12/").await;
    let name = mentor["name"].as_str().expect("name");
    let path = domain_wasm::slug::mentor_path(12, name);
    let profile = app.get(&path).await.text().await.expect("html");
    assert!(profile.contains(&format!(
        "<h1 class=\"profile-hero__name\">{}</h1>",
        html_escape::encode_text(name)
    )));
    assert!(profile.contains(&format!(
        "<img src=\"{}\"",
        mentor["image_url"].as_str().expect("image_url")
    )));
    assert!(profile.contains(&*html_escape::encode_text(
        mentor["headline"].as_str().expect("headline")
    )));

    for path in ["/about", "/auth/login", "/mentors/999999-nobody"] {
        let html = app.get(path).await.text().await.expect("html");
        assert!(!html.contains("id=\"first-screen\""), "{path}");
        assert!(!html.contains("<!--first-screen-->"), "{path}");
        assert!(html.contains("<div id=\"root\"></div>"), "{path}");
    }

    // A learner's screens name the learner's wasm module; others name none
    // (the home page's), an unknown mentor included.
    let learner = "<html data-rules=\"learner\"";
    assert!(profile.contains(learner));
    for path in [
        "/my-bookings",
        "/my-bookings/7",
        "/session-confirmed/7",
        "/dashboard/user",
        "/feedback",
    ] {
        let html = app.get(path).await.text().await.expect("html");
        assert!(html.contains(learner), "{path}");
    }
    for path in [
        "/",
        "/mentors",
        "/dashboard/mentor",
        "/mentors/999999-nobody",
        "/no-such-page",
    ] {
        let html = app.get(path).await.text().await.expect("html");
        assert!(!html.contains("data-rules"), "{path}");
        assert!(html.contains("<html"), "{path}");
    }
}

//! Serves the built web app: hashed assets cached for a year, `index.html`
//! revalidated every time, and the app's HTML for every screen of SPEC §2 —
//! with status 404 for any path that is not a screen, so crawlers and
//! clients see the truth while people still get the app's not-found page.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use domain_wasm::routes::{Rules, match_route};
use domain_wasm::slug;
use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};
use poem::http::{Method, StatusCode, header};
use poem::web::StaticFileRequest;
use poem::{FromRequest, IntoResponse, Request, Response, handler, web::Data};

use crate::catalogue::Mentor;
use crate::seo;
use crate::state::AppState;

mod first_screen;
mod inline_scripts;
mod intro;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
const SHORT: &str = "public, max-age=3600";
/// A strip at the foot of every page of a staging site that runs the
/// sandbox gateway (`SANDBOX_PAYMENTS=on`): no real money moves there.
const SANDBOX_NOTICE: &str = "<div role=\"note\" data-testid=\"sandbox-notice\" style=\"position:fixed;left:0;right:0;bottom:0;z-index:2147483000;padding:6px 12px;background:#7c2d12;color:#fff;font:600 14px/1.4 system-ui,sans-serif;text-align:center\">Test site: payments here use the sandbox and no real money moves.</div>";

#[handler]
pub async fn serve(req: &Request, state: Data<&Arc<AppState>>) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = req.uri().path();
    if let Some(file) = file_in(&state.web_dir, path) {
        let cache = if path.starts_with("/assets/") {
            IMMUTABLE
        } else {
            SHORT
        };
        return static_file(req, &file, cache).await;
    }
    if path.starts_with("/assets/") {
        return (StatusCode::NOT_FOUND, "Not found.").into_response();
    }
    let route = match_route(path);
    let mut mentor = None;
    let status = match route {
        Some(route) if route.pattern == "/mentors/:idSlug" => {
            match mentor_page(&state, req).await {
                MentorPage::Canonical(shown) => {
                    mentor = shown;
                    StatusCode::OK
                }
                MentorPage::Unknown => StatusCode::NOT_FOUND,
                MentorPage::MovedTo(location) => {
                    return Response::builder()
                        .status(StatusCode::MOVED_PERMANENTLY)
                        .header(header::LOCATION, location)
                        .header(header::CACHE_CONTROL, SHORT)
                        .finish();
                }
            }
        }
        Some(_) => StatusCode::OK,
        None => StatusCode::NOT_FOUND,
    };
    // An unknown mentor gets the not-found head too.
    let route = route.filter(|_| status == StatusCode::OK);
    match tokio::fs::read(state.web_dir.join("index.html")).await {
        Ok(html) => {
            let seen = intro::seen(req);
            let html = intro::for_session(html, seen);
            // Only the build's own inline scripts are allowed, hashed before
            // anything of the request or the catalogue goes into the page.
            let csp = inline_scripts::allow(
                &state.csp,
                &inline_scripts::hashes(&String::from_utf8_lossy(&html)),
            );
            let page = seo::render(html, &seo::head_for(&state, route, mentor.as_deref()));
            // The top of the screen, drawn here so it paints before the app's code has run.
            let first = route.and_then(|r| {
                first_screen::for_route(r.pattern, mentor.as_deref(), &listing_search(req))
            });
            let page = first_screen::insert(&String::from_utf8_lossy(&page), first.as_deref());
            let page = with_rules(page, route.map_or(Rules::Home, |r| r.rules)).into_bytes();
            let page = if state.sandbox_notice {
                with_sandbox_notice(page)
            } else {
                page
            };
            let mut resp = Response::builder()
                .status(status)
                .content_type("text/html; charset=utf-8")
                .header(header::CACHE_CONTROL, REVALIDATE)
                .header(header::VARY, "Cookie")
                .header(header::CONTENT_SECURITY_POLICY, csp);
            if !seen {
                resp = resp.header(header::SET_COOKIE, intro::COOKIE_SET);
            }
            resp.body(page)
        }
        Err(_) => Response::builder()
            .status(StatusCode::SERVICE_UNAVAILABLE)
            .content_type("text/plain; charset=utf-8")
            .body(format!(
                "The web app is not built in {}. Build it with `just build`, or set WEB_DIR to a folder with the built app.\n",
                state.web_dir.display()
            )),
    }
}

/// The page naming the wasm module its screen loads first (`<html
/// data-rules="learner">`, by the crate's route table): the boot script
/// preloads it and the app awaits it before it runs. The home page's needs
/// no name.
fn with_rules(page: String, rules: Rules) -> String {
    if rules == Rules::Home {
        return page;
    }
    match page.find("<html") {
        Some(at) => format!(
            "{}<html data-rules=\"{}\"{}",
            &page[..at],
            rules.as_str(),
            &page[at + "<html".len()..]
        ),
        None => page,
    }
}

/// The listing's search in the request's query (`q`, else `search`), as the app reads it.
fn listing_search(req: &Request) -> String {
    let pairs: Vec<(String, String)> = req
        .uri()
        .query()
        .map(|q| {
            url::form_urlencoded::parse(q.as_bytes())
                .into_owned()
                .collect()
        })
        .unwrap_or_default();
    let find = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    find("q").or_else(|| find("search")).unwrap_or_default()
}

/// The page with [`SANDBOX_NOTICE`] right after its `<body>` tag (at its
/// end when it has none).
fn with_sandbox_notice(page: Vec<u8>) -> Vec<u8> {
    let Ok(page) = String::from_utf8(page) else {
        return Vec::new();
    };
    let at = page
        .find("<body")
        .and_then(|at| page[at..].find('>').map(|end| at + end + 1))
        .unwrap_or(page.len());
    format!("{}{SANDBOX_NOTICE}{}", &page[..at], &page[at..]).into_bytes()
}

enum MentorPage {
    /// The mentor, when the catalogue could be read.
    Canonical(Option<Box<Mentor>>),
    Unknown,
    MovedTo(String),
}

/// Characters a path segment cannot carry as they are.
const PATH_ESCAPES: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// `/mentors/{id}-{slug}`: only the id identifies the mentor, so a stale or
/// missing slug is sent to the canonical URL and an unknown id is not found.
async fn mentor_page(state: &AppState, req: &Request) -> MentorPage {
    let raw = req.uri().path().trim_end_matches('/');
    let Ok(path) = percent_decode_str(raw).decode_utf8() else {
        return MentorPage::Unknown;
    };
    let segment = path.rsplit('/').next().unwrap_or_default();
    let Some(id) = slug::parse_mentor_segment(segment).and_then(|id| i64::try_from(id).ok()) else {
        return MentorPage::Unknown;
    };
    // The cached catalogue (one fingerprint query) also describes the page.
    let cached = match state.mentor_list.get(&state.store).await {
        Ok(cached) => cached,
        Err(e) => {
            // Serve the page anyway; the app shows its own error state.
            tracing::error!(error = %e, "looking up a mentor page");
            return MentorPage::Canonical(None);
        }
    };
    let Ok(at) = cached.mentors.binary_search_by_key(&id, |m| m.id) else {
        return MentorPage::Unknown;
    };
    let mentor = &cached.mentors[at];
    let canonical = slug::mentor_path(id.unsigned_abs(), &mentor.name);
    if path == canonical {
        return MentorPage::Canonical(Some(Box::new(mentor.clone())));
    }
    let mut location = utf8_percent_encode(&canonical, PATH_ESCAPES).to_string();
    if let Some(query) = req.uri().query() {
        location.push('?');
        location.push_str(query);
    }
    MentorPage::MovedTo(location)
}

/// The regular file a URL path names inside `root`, if any. Paths with `..`,
/// backslashes or hidden segments never leave or peek inside the folder.
fn file_in(root: &Path, url_path: &str) -> Option<PathBuf> {
    let relative = url_path.trim_start_matches('/');
    if relative.is_empty() || relative == "index.html" {
        return None;
    }
    let safe = relative
        .split('/')
        .all(|seg| !seg.is_empty() && !seg.starts_with('.') && !seg.contains('\\'));
    if !safe {
        return None;
    }
    let candidate = root.join(relative);
    candidate.is_file().then_some(candidate)
}

async fn static_file(req: &Request, file: &Path, cache: &'static str) -> Response {
    let Ok(static_req) = StaticFileRequest::from_request_without_body(req).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    match static_req.create_response(file, true, false) {
        Ok(resp) => {
            let mut resp = resp.into_response();
            if let Ok(v) = cache.parse() {
                resp.headers_mut().insert(header::CACHE_CONTROL, v);
            }
            resp
        }
        Err(e) => poem::Error::from(e).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Rules, file_in, with_rules};

    #[test]
    fn a_learner_screen_names_the_learner_module() {
        let page = "<!doctype html>\n<html lang=\"en-IN\"><head></head></html>".to_owned();
        assert_eq!(with_rules(page.clone(), Rules::Home), page);
        assert_eq!(
            with_rules(page, Rules::Learner),
            "<!doctype html>\n<html data-rules=\"learner\" lang=\"en-IN\"><head></head></html>"
        );
    }

    #[test]
    fn paths_cannot_escape_the_web_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("assets")).expect("mkdir");
        std::fs::write(dir.path().join("assets/app.js"), "x").expect("write");
        std::fs::write(dir.path().join(".env"), "secret").expect("write");
        assert!(file_in(dir.path(), "/assets/app.js").is_some());
        assert!(file_in(dir.path(), "/assets/../assets/app.js").is_none());
        assert!(file_in(dir.path(), "/.env").is_none());
        assert!(file_in(dir.path(), "/assets").is_none());
        assert!(file_in(dir.path(), "/").is_none());
        assert!(file_in(dir.path(), "//etc/passwd").is_none());
    }
}

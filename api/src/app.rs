//! The whole HTTP surface, assembled once for the binary and the tests.

use std::sync::Arc;

use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::middleware::SetHeader;
use poem::web::{CompressionAlgo, CompressionLevel, Data};
use poem::{
    Endpoint, EndpointExt, IntoEndpoint, IntoResponse, Request, Response, Route, get, handler,
};

use crate::error::json_errors;
use crate::http::preferred_encoding;
use crate::state::AppState;
use crate::{portrait, routes, seo, web};

pub fn app(state: Arc<AppState>) -> impl Endpoint {
    let api = routes::service(state.clone());
    let spec = contract_spec(&api.spec());
    let docs = api.swagger_ui();
    let api = Arc::new(
        json_errors(
            api.into_endpoint()
                .before(strip_trailing_slash)
                .before(limit_body),
        )
        .around(not_stored),
    );
    let mut route = Route::new();
    if state.dev_outbox {
        // Only without SMTP: the messages the demo would have sent.
        let dev = Arc::new(crate::mail::dev_routes(state.mailer.clone()));
        route = route
            .nest_no_strip("/dev/outbox", dev.clone())
            .nest_no_strip("/api/dev/outbox", dev);
    }
    if state.test_clock.is_some() {
        // TEST_CLOCK=on, on this machine only: tests move time.
        route = route
            .nest_no_strip("/dev/clock", crate::dev_clock::routes())
            .nest_no_strip("/api/dev/clock", crate::dev_clock::routes());
    }
    let test_clock = state.test_clock.is_some().then(|| state.clock.clone());
    let mut headers = SetHeader::new()
        .overriding(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .overriding(header::REFERRER_POLICY, "strict-origin-when-cross-origin")
        .overriding(header::X_FRAME_OPTIONS, "DENY");
    if serves_https(&state.public_url) {
        // Browsers that once reached us over https never try http again.
        headers = headers.overriding(header::STRICT_TRANSPORT_SECURITY, HSTS);
    }
    route
        .at(
            "/api/openapi.json",
            get(poem::endpoint::make_sync(move |_| {
                Response::builder()
                    .content_type("application/json")
                    .body(spec.clone())
            })),
        )
        .nest("/api/docs", docs)
        // One documented service answers both the `/api/...` paths and
        // djoser's `/auth/users/...` and `/auth/jwt/...` paths of the
        // contract (SPEC §7); the web app's screens live beside them under
        // `/auth/` (`/auth/login`, ...).
        .nest_no_strip("/api", api.clone())
        .nest_no_strip("/auth/users", api.clone())
        .nest_no_strip("/auth/jwt", api)
        .at("/healthz", get(health))
        .at("/media/portraits/:file", get(portrait::serve))
        .at("/media/photos/:id/:file", get(routes::media::serve))
        .at("/sitemap.xml", get(seo::sitemap))
        .at("/robots.txt", get(seo::robots))
        .at("/", web::serve)
        .at("/*path", web::serve)
        .data(state.clone())
        .with(crate::contract::Contract::new(state.clone()))
        .around(compress)
        // The mentor list from memory, ahead of routing and compression.
        .with(crate::catalogue::ListFromMemory::new(
            state.mentor_list.clone(),
            state.store.clone(),
        ))
        .with(headers)
        .around(move |next, req| stamp_date(next, req, test_clock.clone()))
}

/// With the test clock, each answer's `Date` is the server's own time
/// (hyper writes the machine's otherwise, and keeps a `Date` already
/// there): the web app reads its deadlines against the server's clock
/// from that header, so a browser sees the time the tests moved to.
async fn stamp_date<E: Endpoint>(
    next: E,
    req: Request,
    clock: Option<crate::clock::Clock>,
) -> poem::Result<Response> {
    let mut resp = next.call(req).await?.into_response();
    if let Some(clock) = clock {
        let date = clock.now().format("%a, %d %b %Y %H:%M:%S GMT").to_string();
        if let Ok(value) = HeaderValue::from_str(&date) {
            resp.headers_mut().insert(header::DATE, value);
        }
    }
    Ok(resp)
}

/// `Strict-Transport-Security` when PUBLIC_URL is https: a year, and the
/// subdomains too.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Whether people reach the server over https (PUBLIC_URL's scheme).
fn serves_https(public_url: &str) -> bool {
    public_url
        .get(..8)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
}

/// No browser or proxy keeps an API answer unless its handler says it may
/// (the public catalogue does): answers carry tokens (sign-in, refresh,
/// Google sign-in), personal data (`/auth/users/me/`) or one person's
/// outcome. The answer to anything but GET or HEAD is `no-store` whatever
/// the handler said, so no endpoint that hands out a token, now or later,
/// can forget it.
async fn not_stored<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let read_only = matches!(*req.method(), Method::GET | Method::HEAD);
    let mut resp = next.call(req).await?.into_response();
    if !read_only || !resp.headers().contains_key(header::CACHE_CONTROL) {
        resp.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(resp)
}

/// The API's paths end in `/` (SPEC §7, Django style) but poem-openapi
/// routes them without it: requests lose the slash before routing, so both
/// spellings work, and the published document shows the contract's spelling.
async fn strip_trailing_slash(mut req: Request) -> poem::Result<Request> {
    let path = req.uri().path();
    if path.len() > 1 && path.ends_with('/') {
        let trimmed = path.trim_end_matches('/');
        let new = match req.uri().query() {
            Some(q) => format!("{trimmed}?{q}"),
            None => trimmed.to_owned(),
        };
        if let Ok(uri) = new.parse() {
            *req.uri_mut() = uri;
        }
    }
    Ok(req)
}

use crate::http::MAX_BODY_BYTES;

/// Refuses a declared body over [`MAX_BODY_BYTES`] with 413 and cuts an
/// undeclared (chunked) one there, so it fails to parse instead of filling
/// memory.
/// Photo uploads alone may send more ([`crate::media::body_limit`]).
async fn limit_body(mut req: Request) -> poem::Result<Request> {
    let (limit, too_large) = crate::media::body_limit(req.uri().path())
        .unwrap_or_else(|| (MAX_BODY_BYTES, "The request body is too large.".to_owned()));
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(poem::Error::from_response(crate::error::detail_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            too_large,
        )));
    }
    let body = req.take_body().into_async_read();
    req.set_body(poem::Body::from_async_read(tokio::io::AsyncReadExt::take(
        body,
        limit + 1,
    )));
    Ok(req)
}

/// The generated OpenAPI document with every path spelled as the contract
/// spells it (with a trailing slash, but for a file's name).
fn contract_spec(generated: &str) -> String {
    let Ok(mut doc) = serde_json::from_str::<serde_json::Value>(generated) else {
        return generated.to_owned();
    };
    if let Some(paths) = doc.get_mut("paths").and_then(|p| p.as_object_mut()) {
        let renamed: serde_json::Map<String, serde_json::Value> = std::mem::take(paths)
            .into_iter()
            .map(|(k, v)| {
                // A file (`.../calendar.ics`) keeps its name as it is.
                let file = k.rsplit('/').next().is_some_and(|last| last.contains('.'));
                let path = if k.ends_with('/') || file {
                    k
                } else {
                    format!("{k}/")
                };
                (path, v)
            })
            .collect();
        *paths = renamed;
    }
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| generated.to_owned())
}

/// `200 {"status": "ok"}` when the database answers, else 503.
#[handler]
async fn health(state: Data<&Arc<AppState>>) -> Response {
    match state.store.ping().await {
        Ok(()) => Response::builder()
            .content_type("application/json")
            .header(header::CACHE_CONTROL, "no-store")
            .body(r#"{"status":"ok"}"#),
        Err(e) => {
            tracing::error!(error = %e, "health check: database unreachable");
            Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .content_type("application/json")
                .header(header::CACHE_CONTROL, "no-store")
                .body(r#"{"status":"unavailable","detail":"The database is not answering."}"#)
        }
    }
}

/// Compresses successful text-like responses with brotli or gzip, as the
/// client prefers, and marks them `Vary: Accept-Encoding`. Leaves 304s,
/// errors and already-encoded bodies alone.
async fn compress<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let algo = preferred_encoding(req.headers().get(header::ACCEPT_ENCODING));
    let mut resp = next.call(req).await?.into_response();
    let compressible = resp.status() == StatusCode::OK
        && !resp.headers().contains_key(header::CONTENT_ENCODING)
        && resp.content_type().is_some_and(is_compressible);
    if !compressible {
        return Ok(resp);
    }
    let varies = resp.headers().get_all(header::VARY).iter().any(|v| {
        v.to_str()
            .is_ok_and(|v| v.to_ascii_lowercase().contains("accept-encoding"))
    });
    if !varies {
        resp.headers_mut()
            .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    Ok(match algo {
        Some(algo) => {
            // Brotli 5 and gzip 6 compress JSON 4-6x at a few ms per 100 KB.
            let level = if algo == CompressionAlgo::BR { 5 } else { 6 };
            poem::web::Compress::new(resp, algo)
                .with_quality(CompressionLevel::Precise(level))
                .into_response()
        }
        None => resp,
    })
}

fn is_compressible(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    essence.starts_with("text/")
        || matches!(
            essence,
            "application/json"
                | "application/javascript"
                | "application/wasm"
                | "image/svg+xml"
                | "application/xml"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_transport_security_follows_the_public_urls_scheme() {
        assert!(serves_https("https://mentors.example.com"));
        assert!(serves_https("HTTPS://mentors.example.com"));
        assert!(!serves_https("http://localhost:8080"));
        assert!(!serves_https("http"));
    }
}

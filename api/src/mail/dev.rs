//! The development outbox: with no SMTP server configured, the messages the
//! server would have sent are listed at `GET /dev/outbox` (a page for the
//! person running the demo, with every link clickable) and
//! `GET /api/dev/outbox/` (JSON, for tests and scripts). Mount these only
//! when [`Mailer::dev_outbox_enabled`] is true.

use std::sync::LazyLock;

use base64::Engine as _;
use html_escape::{encode_double_quoted_attribute, encode_text};
use poem::endpoint::make;
use poem::http::{StatusCode, header};
use poem::{Request, Response, Route, get};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::{BRAND, Mailer, OutboxMessage};

/// How many messages the page and the JSON list show at most.
const SHOWN: i64 = 200;

/// The routes `GET /dev/outbox` and `GET /api/dev/outbox` (with or without
/// the trailing slash), by their full paths. Attach them with
/// `nest_no_strip("/dev/outbox", ..)` and `nest_no_strip("/api/dev/outbox", ..)`,
/// or nest the whole route at `/` of an otherwise empty route.
pub fn dev_routes(mailer: Mailer) -> Route {
    let page = {
        let mailer = mailer.clone();
        make(move |req: Request| {
            let mailer = mailer.clone();
            async move { outbox_page(&mailer, &req).await }
        })
    };
    let json = make(move |req: Request| {
        let mailer = mailer.clone();
        async move { outbox_json(&mailer, &req).await }
    });
    let json = std::sync::Arc::new(json);
    Route::new()
        .at("/dev/outbox", get(page))
        .at("/api/dev/outbox", get(json.clone()))
        .at("/api/dev/outbox/", get(json))
}

/// The `?recipient=` filter, lower-cased.
fn recipient_filter(req: &Request) -> Option<String> {
    let query = req.uri().query()?;
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "recipient")
        .map(|(_, v)| v.trim().to_lowercase())
        .filter(|v| !v.is_empty())
}

fn store_failure(e: &crate::store::StoreError) -> Response {
    tracing::error!(error = %e, "development outbox: cannot read the outbox");
    Response::builder()
        .status(StatusCode::INTERNAL_SERVER_ERROR)
        .header(header::CACHE_CONTROL, "no-store")
        .content_type("application/json")
        .body(r#"{"detail":"The outbox cannot be read right now. Please try again."}"#)
}

#[derive(Serialize)]
struct OutboxItem {
    id: i64,
    kind: String,
    recipient: String,
    subject: String,
    text: String,
    html: String,
    status: &'static str,
    created_at: String,
    links: Vec<String>,
    /// The files sent with the message (a calendar invitation), content included.
    attachments: Vec<super::Attachment>,
}

async fn outbox_json(mailer: &Mailer, req: &Request) -> Response {
    let recipient = recipient_filter(req);
    let messages = match mailer.store().outbox(recipient.as_deref(), SHOWN).await {
        Ok(messages) => messages,
        Err(e) => return store_failure(&e),
    };
    let items: Vec<OutboxItem> = messages
        .into_iter()
        .map(|m| OutboxItem {
            links: links_in(&m.text, &m.html),
            attachments: m.attachments,
            id: m.id,
            kind: m.kind,
            recipient: m.recipient,
            subject: m.subject,
            text: m.text,
            html: m.html,
            status: m.status.as_str(),
            created_at: m
                .created_at
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        })
        .collect();
    match serde_json::to_string(&items) {
        Ok(body) => Response::builder()
            .header(header::CACHE_CONTROL, "no-store")
            .content_type("application/json")
            .body(body),
        Err(e) => {
            tracing::error!(error = %e, "development outbox: cannot serialise");
            StatusCode::INTERNAL_SERVER_ERROR.into()
        }
    }
}

const STYLE: &str = "\
:root{color-scheme:light dark;--fg:#111827;--muted:#4b5563;--bg:#f9fafb;--card:#fff;--line:#d1d5db;--accent:#1d4ed8}\
@media (prefers-color-scheme:dark){:root{--fg:#f3f4f6;--muted:#c0c6d0;--bg:#111827;--card:#1f2937;--line:#374151;--accent:#93c5fd}}\
*{box-sizing:border-box}\
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:var(--fg);background:var(--bg)}\
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}\
h1{font-size:1.6rem;margin:0 0 .5rem}\
h2{font-size:1.15rem;margin:0 0 .75rem;overflow-wrap:anywhere}\
p.lead{color:var(--muted);margin:0 0 1.5rem}\
ol.messages{list-style:none;margin:0;padding:0}\
article{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem;margin:0 0 1rem}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 .75rem}\
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}\
.status{display:inline-block;padding:0 .5rem;border-radius:999px;border:1px solid var(--line);font-size:.875rem}\
h3{font-size:1rem;margin:.75rem 0 .25rem}\
ul.links{margin:0;padding-left:1.25rem}\
a{color:var(--accent);overflow-wrap:anywhere}\
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}\
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg);border:1px solid var(--line);border-radius:.375rem;padding:.75rem;margin:0;font-size:.875rem}\
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:0 0 1.5rem}\
label{display:flex;flex-direction:column;font-size:.875rem;color:var(--muted)}\
input,button{font:inherit;padding:.375rem .5rem;border:1px solid var(--line);border-radius:.375rem;color:var(--fg);background:var(--card)}\
button{cursor:pointer}";

/// The page's Content-Security-Policy: nothing but its own inline style.
static CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(STYLE.as_bytes()));
    format!(
        "default-src 'none'; style-src 'sha256-{hash}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
});

async fn outbox_page(mailer: &Mailer, req: &Request) -> Response {
    let recipient = recipient_filter(req);
    let messages = match mailer.store().outbox(recipient.as_deref(), SHOWN).await {
        Ok(messages) => messages,
        Err(e) => return store_failure(&e),
    };
    Response::builder()
        .header(header::CACHE_CONTROL, "no-store")
        .header(header::CONTENT_SECURITY_POLICY, CSP.as_str())
        .header("X-Robots-Tag", "noindex")
        .content_type("text/html; charset=utf-8")
        .body(render_page(&messages, recipient.as_deref()))
}

fn render_page(messages: &[OutboxMessage], recipient: Option<&str>) -> String {
    let mut items = String::new();
    for m in messages {
        let links = links_in(&m.text, &m.html);
        let links_html = if links.is_empty() {
            "<p>No links.</p>".to_owned()
        } else {
            let lis: String = links
                .iter()
                .map(|l| {
                    format!(
                        "<li><a href=\"{}\">{}</a></li>",
                        encode_double_quoted_attribute(l),
                        encode_text(l)
                    )
                })
                .collect();
            format!("<ul class=\"links\">{lis}</ul>")
        };
        let id = m.id;
        let files_html = if m.attachments.is_empty() {
            String::new()
        } else {
            let lis: String = m
                .attachments
                .iter()
                .map(|a| {
                    format!(
                        "<li>{} <span class=\"status\">{}</span><pre>{}</pre></li>",
                        encode_text(&a.filename),
                        encode_text(&a.content_type),
                        encode_text(&a.content)
                    )
                })
                .collect();
            format!("<h3>Attachments</h3><ul class=\"links\">{lis}</ul>")
        };
        items.push_str(&format!(
            "<li><article aria-labelledby=\"m{id}\">\
             <h2 id=\"m{id}\">{subject}</h2>\
             <dl>\
             <dt>Time</dt><dd><time datetime=\"{iso}\">{shown}</time></dd>\
             <dt>To</dt><dd>{to}</dd>\
             <dt>Kind</dt><dd>{kind}</dd>\
             <dt>Status</dt><dd><span class=\"status\">{status}</span></dd>\
             </dl>\
             <h3 id=\"l{id}\">Links</h3>{links_html}\
             <h3>Plain-text part</h3><pre>{text}</pre>\
             {files_html}\
             </article></li>",
            subject = encode_text(&m.subject),
            iso = m
                .created_at
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            shown = m.created_at.format("%Y-%m-%d %H:%M:%S UTC"),
            to = encode_text(&m.recipient),
            kind = encode_text(&m.kind),
            status = m.status.as_str(),
            text = encode_text(&m.text),
        ));
    }
    let list = if messages.is_empty() {
        match recipient {
            Some(_) => "<p>No messages to this address yet.</p>".to_owned(),
            None => "<p>No messages yet. Register an account and its activation e-mail will appear here.</p>".to_owned(),
        }
    } else {
        format!("<ol class=\"messages\" reversed>{items}</ol>")
    };
    let count = match messages.len() {
        1 => "1 message".to_owned(),
        n if n as i64 >= SHOWN => format!("the newest {n} messages"),
        n => format!("{n} messages"),
    };
    let value = recipient.map_or_else(String::new, |r| {
        encode_double_quoted_attribute(r).into_owned()
    });
    format!(
        "<!DOCTYPE html>\
         <html lang=\"en\">\
         <head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>Development outbox · {BRAND}</title>\
         <style>{STYLE}</style></head>\
         <body><main>\
         <h1>Development outbox</h1>\
         <p class=\"lead\">SMTP_URL is not set, so {BRAND} records e-mail here instead of sending it. \
         Newest first; showing {count}. Open a link to act on a message, for example to activate an account.</p>\
         <form method=\"get\" action=\"/dev/outbox\" role=\"search\">\
         <label>Recipient<input type=\"email\" name=\"recipient\" value=\"{value}\" autocomplete=\"off\"></label>\
         <button type=\"submit\">Filter</button> <a href=\"/dev/outbox\">Show all</a>\
         </form>\
         {list}\
         </main></body></html>"
    )
}

/// Every `http(s)` link in a message, in order of first appearance and
/// without repeats: those in the text part, then any only in the HTML part
/// (entities decoded).
pub fn links_in(text: &str, html: &str) -> Vec<String> {
    let decoded = html_escape::decode_html_entities(html);
    let mut links: Vec<String> = Vec::new();
    for source in [text, decoded.as_ref()] {
        for link in scan_links(source) {
            if !links.iter().any(|l| l == link) {
                links.push(link.to_owned());
            }
        }
    }
    links
}

fn scan_links(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(at) = ["http://", "https://"]
        .iter()
        .filter_map(|p| rest.find(p))
        .min()
    {
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '`'))
            .unwrap_or(tail.len());
        let link = tail[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
        if link.len() > "https://".len() {
            out.push(link);
        }
        rest = &tail[end.max(1)..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::templates;

    #[test]
    fn links_come_from_both_parts_once_each() {
        let text = "Open http://localhost:8080/activate/MQ/tok-1. Then https://example.com/a?b=1&c=2, done";
        let html = "<a href=\"http://localhost:8080/activate/MQ/tok-1\">x</a>\
                    <a href=\"https://example.com/only-html?x=1&amp;y=2\">y</a>";
        assert_eq!(
            links_in(text, html),
            vec![
                "http://localhost:8080/activate/MQ/tok-1",
                "https://example.com/a?b=1&c=2",
                "https://example.com/only-html?x=1&y=2",
            ]
        );
        assert!(links_in("no links here, not even http://", "").is_empty());
    }

    #[test]
    fn a_template_yields_exactly_its_link() {
        let link = "http://localhost:8080/activate/MQ/abc?next=%2F&x=1";
        let email = templates::activation("a@example.com", "A", link);
        assert_eq!(links_in(&email.text, &email.html), vec![link]);
    }

    #[test]
    fn the_policy_allows_exactly_the_inline_style() {
        assert!(CSP.starts_with("default-src 'none'; style-src 'sha256-"));
        assert!(!CSP.contains("unsafe-inline"));
    }
}

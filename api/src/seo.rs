//! Search engines and link previews: the `<head>` of the HTML the server
//! sends for each screen (title, description, canonical URL, Open Graph,
//! robots, and JSON-LD for mentor pages), `/sitemap.xml` and `/robots.txt`.
//!
//! Titles and descriptions come from `domain-wasm/data/pages.json`, keyed by
//! the route patterns of `domain_wasm::routes::ROUTES`; the web app reads
//! the same file for its document titles, so crawlers and people see the
//! same words. Mentor pages are described from the cached catalogue (no
//! query beyond the catalogue fingerprint). Every value is escaped.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use chrono::SecondsFormat;
use domain_wasm::money::Paise;
use domain_wasm::pages as domain_pages;
use domain_wasm::pricing;
use domain_wasm::routes::{Access, ROUTES, Route};
use domain_wasm::{labels, slug};
use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Response, handler};
use serde::Deserialize;
use std::sync::Arc;

use crate::catalogue::Mentor;
use crate::mail::BRAND;
use crate::state::AppState;

/// The page metadata shared with the web app.
pub const PAGES_JSON: &str = include_str!("../../domain-wasm/data/pages.json");

/// The longest meta description, in characters (what search results show).
pub const DESCRIPTION_MAX: usize = 160;

/// One screen's metadata.
#[derive(Debug, Clone, Deserialize)]
pub struct Page {
    pub title: String,
    pub description: String,
    /// Listed in `/sitemap.xml`.
    #[serde(default)]
    pub sitemap: bool,
    #[serde(default)]
    pub priority: Option<f64>,
    #[serde(default)]
    pub changefreq: Option<String>,
    /// The path whose content this page repeats (`/how-it-work` is the home page).
    #[serde(default)]
    pub canonical: Option<String>,
    /// Kept out of search results (token links, private screens).
    #[serde(default)]
    pub noindex: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NotFoundPage {
    pub title: String,
    pub description: String,
}

/// `domain-wasm/data/pages.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Pages {
    pub site_name: String,
    /// Between a page's title and the site name (`About Us · MentorBridge`).
    pub title_separator: String,
    /// Open Graph locale (`en_IN`).
    pub locale: String,
    pub not_found: NotFoundPage,
    /// By route pattern (`/mentors/:idSlug`).
    pub pages: BTreeMap<String, Page>,
}

impl Pages {
    pub fn parse() -> Result<Pages, serde_json::Error> {
        serde_json::from_str(PAGES_JSON)
    }

    fn fallback() -> Pages {
        Pages {
            site_name: BRAND.to_owned(),
            title_separator: " · ".to_owned(),
            locale: "en_IN".to_owned(),
            not_found: NotFoundPage {
                title: "Page Not Found".to_owned(),
                description: String::new(),
            },
            pages: BTreeMap::new(),
        }
    }
}

/// The parsed file. A unit test proves it parses; should it ever not, pages
/// still get the site name as title.
pub static PAGES: LazyLock<Pages> = LazyLock::new(|| {
    Pages::parse().unwrap_or_else(|e| {
        tracing::error!(error = %e, "domain-wasm/data/pages.json does not parse; pages get generic titles");
        Pages::fallback()
    })
});

/// Characters a URL path cannot carry as they are (non-ASCII is always encoded).
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

/// The absolute canonical URL of a mentor's page.
pub fn mentor_url(state: &AppState, mentor: &Mentor) -> String {
    let path = slug::mentor_path(mentor.id.unsigned_abs(), &mentor.name);
    state.link(&utf8_percent_encode(&path, PATH_ESCAPES).to_string())
}

/// An absolute URL for a link or image that may be relative to this server.
fn absolute(state: &AppState, url: &str) -> String {
    let url = url.trim();
    if url.starts_with("https://") || url.starts_with("http://") {
        url.to_owned()
    } else if url.starts_with('/') {
        state.link(url)
    } else {
        state.link(&format!("/{url}"))
    }
}

/// What goes into `<head>` for one response.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    /// The whole document title.
    pub title: String,
    /// The title for link previews (without the site name).
    pub share_title: String,
    pub description: String,
    /// Absolute; `None` for pages kept out of search results.
    pub canonical: Option<String>,
    pub noindex: bool,
    /// `website` or `profile`.
    pub og_type: &'static str,
    /// Absolute.
    pub image: Option<String>,
    pub image_alt: Option<String>,
    /// Structured data, already serialised.
    pub json_ld: Option<String>,
}

/// The head of the screen `route` (or the not-found page for `None`);
/// `mentor` is the mentor a `/mentors/{id}-{slug}` page shows.
pub fn head_for(state: &AppState, route: Option<&Route>, mentor: Option<&Mentor>) -> Head {
    let pages = &*PAGES;
    let Some(route) = route else {
        return Head {
            title: domain_pages::not_found_title(),
            share_title: domain_pages::not_found_share_title(),
            description: pages.not_found.description.clone(),
            canonical: None,
            noindex: true,
            og_type: "website",
            image: None,
            image_alt: None,
            json_ld: None,
        };
    };
    if let Some(mentor) = mentor {
        return mentor_head(state, mentor);
    }
    let page = pages.pages.get(route.pattern);
    let noindex = route.access == Access::LoginRequired || page.is_none_or(|p| p.noindex);
    let description = page.map(|p| p.description.clone()).unwrap_or_default();
    // Only pages without parameters are indexable (the tests hold the file to that).
    let canonical = (!noindex && !route.pattern.contains(':')).then(|| {
        let path = page
            .and_then(|p| p.canonical.as_deref())
            .unwrap_or(route.pattern);
        state.link(path)
    });
    Head {
        // The title format is the domain's (`domain_wasm::pages`).
        title: domain_pages::document_title(route.pattern),
        share_title: domain_pages::share_title(route.pattern),
        description,
        canonical,
        noindex,
        og_type: "website",
        image: None,
        image_alt: None,
        json_ld: None,
    }
}

fn mentor_head(state: &AppState, mentor: &Mentor) -> Head {
    let name = one_line(&mentor.name);
    let share_title = domain_pages::mentor_share_title(&mentor.name, &mentor.headline);
    let url = mentor_url(state, mentor);
    let image = mentor.image_url.as_deref().map(|u| absolute(state, u));
    Head {
        title: domain_pages::mentor_page_title(&mentor.name, &mentor.headline),
        description: mentor_description(mentor),
        canonical: Some(url.clone()),
        noindex: false,
        og_type: "profile",
        image_alt: image.as_ref().map(|_| format!("Portrait of {name}")),
        json_ld: Some(person_json_ld(mentor, &url, image.as_deref())),
        image,
        share_title,
    }
}

/// The shown price as the cards show it (`₹1,500/session`), or `Free
/// Session`: the first service's price, free without services (both rules
/// are the domain's, `domain_wasm::pricing`).
pub fn mentor_price_label(mentor: &Mentor) -> String {
    let price = pricing::shown_price_of(mentor.services.iter().map(|s| s.price_paise));
    pricing::description_price_label(Paise::new(u64::try_from(price).unwrap_or(0)))
}

/// `₹1,500/session · Data Science, Python · 12+ years of experience · rated
/// 4.8/5. {bio}`, at most [`DESCRIPTION_MAX`] characters.
pub fn mentor_description(mentor: &Mentor) -> String {
    let mut facts: Vec<String> = Vec::new();
    facts.push(mentor_price_label(mentor));
    let expertise: Vec<String> = mentor
        .expertise
        .iter()
        .map(|e| one_line(e))
        .filter(|e| !e.is_empty())
        .take(3)
        .collect();
    if !expertise.is_empty() {
        facts.push(expertise.join(", "));
    }
    if mentor.experience_years > 0 {
        facts.push(format!(
            "{} of experience",
            labels::experience_label(mentor.experience_years as f64).to_lowercase()
        ));
    }
    if mentor.rating > 0.0 {
        facts.push(format!(
            "rated {}/5",
            labels::rating_label(mentor.rating, false)
        ));
    }
    let mut out = facts.join(" · ");
    let bio = one_line(&mentor.bio);
    if !bio.is_empty() {
        if !out.is_empty() {
            out.push_str(". ");
        }
        out.push_str(&bio);
    } else if !out.is_empty() {
        out.push('.');
    }
    if out.is_empty() {
        out = format!(
            "Book a one-on-one video session with {}.",
            one_line(&mentor.name)
        );
    }
    clip(&out, DESCRIPTION_MAX)
}

/// schema.org `Person` for a mentor's page, safe inside `<script>`.
fn person_json_ld(mentor: &Mentor, url: &str, image: Option<&str>) -> String {
    let mut person = serde_json::Map::new();
    person.insert("@context".into(), "https://schema.org".into());
    person.insert("@type".into(), "Person".into());
    person.insert("name".into(), one_line(&mentor.name).into());
    person.insert("url".into(), url.into());
    let headline = one_line(&mentor.headline);
    if !headline.is_empty() {
        person.insert("jobTitle".into(), headline.into());
    }
    let bio = one_line(&mentor.bio);
    if !bio.is_empty() {
        person.insert("description".into(), clip(&bio, 500).into());
    }
    if let Some(image) = image {
        person.insert("image".into(), image.into());
    }
    if !mentor.expertise.is_empty() {
        person.insert("knowsAbout".into(), mentor.expertise.clone().into());
    }
    let same_as: Vec<&str> = mentor
        .social_links
        .values()
        .map(|u| u.trim())
        .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
        .collect();
    if !same_as.is_empty() {
        person.insert("sameAs".into(), same_as.into());
    }
    script_safe_json(&serde_json::Value::Object(person))
}

/// JSON that cannot close its `<script>` element or open a comment.
fn script_safe_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Control characters and runs of white space become one space.
fn one_line(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// At most `max` characters, cut at a word boundary with `…` when cut
/// (the domain's rule, shared with the page titles).
pub use domain_pages::clip;

impl Head {
    /// The tags, one per line, every value escaped.
    pub fn to_html(&self) -> String {
        let pages = &*PAGES;
        let mut out = String::with_capacity(1024);
        let mut meta = |key: &str, name: &str, content: &str| {
            let _ = writeln!(out, "<meta {key}=\"{name}\" content=\"{}\">", attr(content));
        };
        meta("name", "description", &self.description);
        if self.noindex {
            meta("name", "robots", "noindex");
        }
        meta("property", "og:site_name", &pages.site_name);
        meta("property", "og:locale", &pages.locale);
        meta("property", "og:type", self.og_type);
        meta("property", "og:title", &self.share_title);
        meta("property", "og:description", &self.description);
        if let Some(url) = &self.canonical {
            meta("property", "og:url", url);
        }
        if let Some(image) = &self.image {
            meta("property", "og:image", image);
            if let Some(alt) = &self.image_alt {
                meta("property", "og:image:alt", alt);
            }
        }
        meta("name", "twitter:card", "summary");
        let mut head = format!("<title>{}</title>\n", text(&self.title));
        head.push_str(&out);
        if let Some(url) = &self.canonical {
            let _ = writeln!(head, "<link rel=\"canonical\" href=\"{}\">", attr(url));
        }
        if let Some(json) = &self.json_ld {
            let _ = writeln!(head, "<script type=\"application/ld+json\">{json}</script>");
        }
        head
    }
}

/// `index.html` with its title, description and any social or robots tags
/// replaced by `head`. Bytes that are not UTF-8 are served as they are.
pub fn render(index_html: Vec<u8>, head: &Head) -> Vec<u8> {
    match String::from_utf8(index_html) {
        Ok(html) => inject(&html, &head.to_html()).into_bytes(),
        Err(e) => e.into_bytes(),
    }
}

/// Puts `tags` into the document's head, removing the tags they replace.
pub fn inject(html: &str, tags: &str) -> String {
    let mut doc = html.to_owned();
    // `<meta name="description">`, `og:`, `twitter:`, robots and canonical
    // tags. Each removal is at or after the first, so its position stays valid.
    let mut removed_at = None;
    let mut from = 0;
    loop {
        let lower = doc.to_ascii_lowercase();
        let Some(start) = find_replaced_tag(&lower, from) else {
            break;
        };
        let Some(len) = lower[start..].find('>') else {
            break;
        };
        doc.replace_range(start..start + len + 1, "");
        removed_at.get_or_insert(start);
        from = start;
    }
    // `<title>…</title>`
    let lower = doc.to_ascii_lowercase();
    if let Some(start) = lower.find("<title")
        && let Some(len) = lower[start..].find("</title>")
    {
        doc.replace_range(start..start + len + "</title>".len(), "");
        removed_at = Some(start);
    }
    let lower = doc.to_ascii_lowercase();
    let at = lower
        .find("</head>")
        .or(removed_at)
        .or_else(|| lower.find("<head>").map(|i| i + "<head>".len()))
        .or_else(|| {
            lower
                .starts_with("<!doctype")
                .then(|| lower.find('>').map(|i| i + 1))
                .flatten()
        })
        .filter(|&at| doc.is_char_boundary(at))
        .unwrap_or(0);
    let mut out = String::with_capacity(doc.len() + tags.len());
    out.push_str(&doc[..at]);
    out.push_str(tags);
    out.push_str(&doc[at..]);
    out
}

/// The start of the next `<meta>` or `<link>` tag (in lower-cased `doc`,
/// at or after `from`) that the generated head replaces.
fn find_replaced_tag(lower: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(rel) = lower[at..].find('<') {
        let start = at + rel;
        let rest = &lower[start..];
        let end = rest.find('>').map_or(rest.len(), |e| e + 1);
        let tag = &rest[..end];
        let replaced = if tag.starts_with("<meta ") {
            [
                "name=\"description\"",
                "name='description'",
                "name=description",
                "property=\"og:",
                "name=\"twitter:",
                "name=\"robots\"",
            ]
            .iter()
            .any(|k| tag.contains(k))
        } else if tag.starts_with("<link ") {
            tag.contains("rel=\"canonical\"")
        } else {
            false
        };
        if replaced {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

/// `Disallow:` prefixes of `/robots.txt`: every screen behind the login
/// (tests check each is covered), e-mailed token links, the development
/// outbox and the API.
pub const DISALLOWED: &[&str] = &[
    "/dashboard/",
    "/my-bookings",
    "/booking-confirmation",
    "/confirmation",
    "/session-request/",
    "/session-confirmed/",
    "/session-request-pending/",
    "/session-payment-required/",
    "/session-request-cancelled/",
    "/auth/edit-profile",
    "/complete-profile",
    "/feedback",
    "/activate/",
    "/password/reset/",
    "/dev/",
    "/api/",
];

/// Public reads the web app makes while rendering pages, so crawlers that
/// run JavaScript can still see mentors.
pub const ALLOWED_API: &[&str] = &[
    "/api/mentors/",
    "/api/explorer/",
    "/api/stats/",
    "/api/config/",
];

/// `GET /robots.txt`.
#[handler]
pub async fn robots(state: Data<&Arc<AppState>>) -> Response {
    let mut body = String::from("User-agent: *\nAllow: /\n");
    for path in ALLOWED_API {
        let _ = writeln!(body, "Allow: {path}");
    }
    for path in DISALLOWED {
        let _ = writeln!(body, "Disallow: {path}");
    }
    let _ = writeln!(body, "\nSitemap: {}", state.link("/sitemap.xml"));
    Response::builder()
        .content_type("text/plain; charset=utf-8")
        .header(header::CACHE_CONTROL, "public, max-age=86400")
        .body(body)
}

/// `GET /sitemap.xml`: every page marked `sitemap` in pages.json, in the
/// route table's order, then every mentor's canonical URL.
#[handler]
pub async fn sitemap(state: Data<&Arc<AppState>>) -> Response {
    let cached = match state.mentor_list.get(&state.store).await {
        Ok(c) => c,
        Err(e) => {
            // No partial sitemap: crawlers would take missing mentors as removed.
            tracing::error!(error = %e, "sitemap: cannot read the catalogue");
            return Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .header(header::RETRY_AFTER, "60")
                .content_type("text/plain; charset=utf-8")
                .body("The sitemap is not available right now. Please try again in a minute.\n");
        }
    };
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let pages = &*PAGES;
    for route in ROUTES {
        let Some(page) = pages.pages.get(route.pattern) else {
            continue;
        };
        if !page.sitemap || route.pattern.contains(':') || route.access != Access::Public {
            continue;
        }
        let _ = write!(
            xml,
            "  <url><loc>{}</loc>",
            text(&state.link(route.pattern))
        );
        if let Some(freq) = &page.changefreq {
            let _ = write!(xml, "<changefreq>{}</changefreq>", text(freq));
        }
        if let Some(priority) = page.priority {
            let _ = write!(xml, "<priority>{:.1}</priority>", priority.clamp(0.0, 1.0));
        }
        xml.push_str("</url>\n");
    }
    for mentor in &cached.mentors {
        let _ = writeln!(
            xml,
            "  <url><loc>{}</loc><lastmod>{}</lastmod><changefreq>weekly</changefreq><priority>0.8</priority></url>",
            text(&mentor_url(&state, mentor)),
            mentor.updated_at.to_rfc3339_opts(SecondsFormat::Secs, true)
        );
    }
    xml.push_str("</urlset>\n");
    Response::builder()
        .content_type("application/xml; charset=utf-8")
        .header(header::CACHE_CONTROL, "public, max-age=3600")
        .body(xml)
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain_wasm::routes::match_route;

    /// A concrete path for a pattern.
    fn example(pattern: &str) -> String {
        pattern
            .split('/')
            .map(|s| match s {
                ":idSlug" => "7-asha-rao",
                s if s.starts_with(':') => "abc",
                s => s,
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    #[test]
    fn the_page_file_describes_every_screen_and_nothing_else() {
        let pages = Pages::parse().expect("pages.json parses");
        assert_eq!(pages.site_name, BRAND);
        for route in ROUTES {
            let page = pages
                .pages
                .get(route.pattern)
                .unwrap_or_else(|| panic!("{} has no entry in pages.json", route.pattern));
            assert!(!page.title.trim().is_empty(), "{}", route.pattern);
            let n = page.description.chars().count();
            assert!(
                (20..=DESCRIPTION_MAX).contains(&n),
                "{}: description of {n} characters",
                route.pattern
            );
            if route.access == Access::LoginRequired {
                assert!(
                    page.noindex && !page.sitemap,
                    "{} is private",
                    route.pattern
                );
            }
            if route.pattern.contains(':') && route.pattern != "/mentors/:idSlug" {
                assert!(page.noindex, "{} carries ids or tokens", route.pattern);
            }
            if page.sitemap {
                assert!(!page.noindex && !route.pattern.contains(':'));
                assert_eq!(route.access, Access::Public, "{}", route.pattern);
            }
            if let Some(c) = &page.canonical {
                assert!(match_route(c).is_some(), "{c}");
            }
            if let Some(p) = page.priority {
                assert!((0.0..=1.0).contains(&p));
            }
        }
        for pattern in pages.pages.keys() {
            assert!(
                ROUTES.iter().any(|r| r.pattern == pattern),
                "{pattern} is not a route"
            );
        }
        assert!(pages.pages["/auth/login"].sitemap.eq(&false));
        assert!(pages.pages["/activate/:uid/:token"].noindex);
    }

    #[test]
    fn robots_keeps_crawlers_out_of_private_screens_only() {
        let disallowed = |path: &str| DISALLOWED.iter().any(|d| path.starts_with(d));
        for route in ROUTES {
            let path = example(route.pattern);
            let private = route.access == Access::LoginRequired
                || route.pattern.starts_with("/activate/")
                || route.pattern.starts_with("/password/");
            assert_eq!(disallowed(&path), private, "{path}");
        }
    }

    #[test]
    fn injection_replaces_title_and_description() {
        let html = "<!doctype html>\n<html><head><meta charset=\"UTF-8\" />\n\
                    <meta name=\"description\" content=\"old\" />\n<title>Old</title>\n</head><body></body></html>";
        let out = inject(html, "<title>New</title>\n");
        assert!(!out.contains("Old") && !out.contains("\"old\""), "{out}");
        assert!(out.contains("<title>New</title>\n</head>"), "{out}");
        assert!(out.contains("<meta charset=\"UTF-8\" />"));
        // No head element: the tags go where the title was.
        let out = inject(
            "<!doctype html><title>Mentors</title><div id=root></div>",
            "<title>New</title>",
        );
        assert_eq!(out, "<!doctype html><title>New</title><div id=root></div>");
        let out = inject("<!doctype html><div id=root></div>", "<title>T</title>");
        assert_eq!(out, "<!doctype html><title>T</title><div id=root></div>");
    }

    #[test]
    fn clipping_cuts_at_words() {
        assert_eq!(clip("short", 10), "short");
        let clipped = clip("one two three four five six", 14);
        assert!(clipped.chars().count() <= 14, "{clipped}");
        assert_eq!(clipped, "one two three…");
        assert_eq!(one_line(" a\n\tb\u{7}c "), "a b c");
    }

    #[test]
    fn json_ld_cannot_close_its_script() {
        let v = serde_json::json!({"name": "</script><script>alert(1)</script> & <!--"});
        let s = script_safe_json(&v);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&s).expect("still JSON");
        assert_eq!(back, v);
    }
}

//! Page titles. Every title comes from `domain-wasm/data/pages.json` (the
//! file the server also reads for descriptions and the sitemap), composed
//! one way: `{page} · {site}`, except the home page, which puts the brand
//! first (`MentorBridge · Book 1:1 Sessions…`).
//!
//! Replaces the copies in `api/src/seo.rs` (`Pages::full_title`, the home
//! title, the mentor page's title and `clip`), `webapp/src/features/home/homeMeta.ts`
//! (`homeTitle`) and `webapp/src/lib/site.ts` (`SITE_NAME`, `pageTitle`,
//! which wrote the site name and separator a second time).
//!
//! Where the copies disagreed: a screen without an entry in the file got
//! `MentorBridge · MentorBridge` from the server and `MentorBridge` from
//! the web app; it is the site name alone (no screen lacks an entry today,
//! the server's tests hold the file to that). A mentor's page was titled
//! `{name} — {headline} · MentorBridge` by the server and `{name} ·
//! MentorBridge` by the web app; the server's title, which crawlers and
//! link previews see, is kept ([`mentor_page_title`]).

use std::sync::OnceLock;

use crate::json::{Json, ParseJson};

/// The page metadata shared by the server and the web app.
pub const PAGES_JSON: &str = include_str!("../data/pages.json");

/// The fields of [`PAGES_JSON`] that [`read_titles`] reads, extracted by
/// `build.rs`, so the wasm module does not embed the descriptions.
const TITLES_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/titles.json"));

/// The longest headline part of a mentor page's title, in characters.
pub const HEADLINE_MAX: usize = 60;

const FALLBACK_SITE_NAME: &str = "MentorBridge";
const FALLBACK_SEPARATOR: &str = " · ";

#[derive(Debug)]
struct Titles {
    site_name: String,
    title_separator: String,
    not_found: String,
    /// Route pattern and title, in the file's order.
    pages: Vec<(String, String)>,
}

/// The titles of the file (parsed with the platform's JSON parser, so the
/// wasm module carries none); `None` when the file lacks a name,
/// separator or not-found title.
fn read_titles(parser: &impl ParseJson, text: &str) -> Option<Titles> {
    let doc = parser.parse_json(text)?;
    let text_of = |v: Option<&Json>| v.and_then(Json::as_str).map(str::to_owned);
    let pages = match doc.get("pages") {
        Some(Json::Object(fields)) => fields
            .iter()
            .filter_map(|(pattern, page)| Some((pattern.clone(), text_of(page.get("title"))?)))
            .collect(),
        _ => Vec::new(),
    };
    Some(Titles {
        site_name: text_of(doc.get("site_name"))?,
        title_separator: text_of(doc.get("title_separator"))?,
        not_found: text_of(doc.get("not_found").and_then(|n| n.get("title")))?,
        pages,
    })
}

/// The parsed file. A unit test proves it parses; should it ever not, every
/// screen is titled with the site name.
fn titles() -> &'static Titles {
    static TITLES: OnceLock<Titles> = OnceLock::new();
    TITLES.get_or_init(|| {
        read_titles(&crate::bindings::PLATFORM_JSON, TITLES_JSON).unwrap_or_else(|| Titles {
            site_name: FALLBACK_SITE_NAME.to_owned(),
            title_separator: FALLBACK_SEPARATOR.to_owned(),
            not_found: "Page Not Found".to_owned(),
            pages: Vec::new(),
        })
    })
}

/// A screen's title in the file, when it has a non-blank one.
fn title_of(pattern: &str) -> Option<&'static str> {
    titles()
        .pages
        .iter()
        .find(|(p, _)| p == pattern)
        .map(|(_, t)| t.trim())
        .filter(|t| !t.is_empty())
}

/// The product's name as titles, header and footer show it (`MentorBridge`).
#[crate::export(home, learner)]
pub fn site_name() -> String {
    titles().site_name.clone()
}

/// The document title of a page called `page`: `{page} · {site}`; the site
/// name alone when `page` is blank.
#[crate::export(home, learner)]
pub fn page_title(page: &str) -> String {
    let t = titles();
    let page = page.trim();
    if page.is_empty() {
        t.site_name.clone()
    } else {
        format!("{page}{}{}", t.title_separator, t.site_name)
    }
}

/// A screen's own title from the file (`About Us`), by route pattern
/// (`/about`, `/mentors/:idSlug`); the site name when it has none. This is
/// the title link previews use (`og:title`).
#[crate::export(home, learner)]
pub fn share_title(pattern: &str) -> String {
    title_of(pattern).map_or_else(|| titles().site_name.clone(), str::to_owned)
}

/// A screen's document title by route pattern: `{title} · {site}`, the
/// home page (`/`) `{site} · {title}`, the site name alone for a screen
/// without a title in the file.
#[crate::export(home, learner)]
pub fn document_title(pattern: &str) -> String {
    let t = titles();
    let Some(title) = title_of(pattern) else {
        return t.site_name.clone();
    };
    if pattern == "/" {
        format!("{}{}{title}", t.site_name, t.title_separator)
    } else {
        page_title(title)
    }
}

/// The not-found page's own title (`Page Not Found`): its heading.
#[crate::export(home, learner)]
pub fn not_found_share_title() -> String {
    titles().not_found.clone()
}

/// The not-found page's document title (`Page Not Found · MentorBridge`).
#[crate::export(home, learner)]
pub fn not_found_title() -> String {
    page_title(&titles().not_found)
}

fn one_line(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// At most `max` characters, cut at a word boundary with `…` when cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let keep = max.saturating_sub(1);
    let kept: String = s.chars().take(keep).collect();
    let at_word_end = s.chars().nth(keep).is_some_and(char::is_whitespace);
    let cut = match kept.rfind(' ') {
        _ if at_word_end => kept.as_str(),
        Some(at) if at > kept.len() / 2 => &kept[..at],
        _ => kept.as_str(),
    };
    let cut = cut.trim_end_matches(|c: char| c.is_whitespace() || ",.;:·—-".contains(c));
    format!("{cut}…")
}

/// A mentor page's own title: `{name} — {headline}` (the headline clipped
/// to [`HEADLINE_MAX`] characters), or the name alone without a headline,
/// or the headline alone without a name (no dangling ` — `). White space is
/// collapsed.
pub fn mentor_share_title(name: &str, headline: &str) -> String {
    let name = one_line(name);
    let headline = one_line(headline);
    if headline.is_empty() {
        name
    } else if name.is_empty() {
        clip(&headline, HEADLINE_MAX)
    } else {
        format!("{name} — {}", clip(&headline, HEADLINE_MAX))
    }
}

/// A mentor page's document title: [`mentor_share_title`] · site.
#[crate::export(on_demand, learner)]
pub fn mentor_page_title(name: &str, headline: &str) -> String {
    page_title(&mentor_share_title(name, headline))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_parses() {
        let parsed = read_titles(&crate::json::SerdeJson, PAGES_JSON).expect("pages.json parses");
        assert_eq!(parsed.site_name, "MentorBridge");
        assert!(parsed.pages.iter().any(|(p, _)| p == "/"));
        for route in crate::routes::ROUTES {
            assert!(
                title_of(route.pattern).is_some(),
                "{} has a title",
                route.pattern
            );
        }
    }

    #[test]
    fn titles_are_composed_one_way() {
        assert_eq!(page_title("Edit profile"), "Edit profile · MentorBridge");
        assert_eq!(page_title("  "), "MentorBridge");
        assert_eq!(document_title("/contact"), "Contact Us · MentorBridge");
        assert_eq!(
            document_title("/"),
            "MentorBridge · Book 1:1 Sessions with Expert Mentors"
        );
        assert_eq!(document_title("/no-such-screen"), "MentorBridge");
        assert_eq!(not_found_title(), "Page Not Found · MentorBridge");
    }

    #[test]
    fn mentor_titles_clip_the_headline() {
        assert_eq!(mentor_share_title(" Asha  Rao ", ""), "Asha Rao");
        let long = "Principal engineer building distributed data platforms at scale for banks";
        let title = mentor_share_title("Asha", long);
        assert!(title.starts_with("Asha — Principal engineer"));
        assert!(title.ends_with('…'));
        assert!(title.chars().count() <= "Asha — ".chars().count() + HEADLINE_MAX);
    }

    #[test]
    fn a_mentor_without_a_name_is_titled_by_the_headline_alone() {
        // Found by the `pages` fuzz target: the title began " — ".
        assert_eq!(
            mentor_share_title("  ", " Data  engineer "),
            "Data engineer"
        );
        assert_eq!(
            mentor_page_title("", "Data engineer"),
            "Data engineer · MentorBridge"
        );
        assert_eq!(mentor_page_title("", ""), "MentorBridge");
    }
}

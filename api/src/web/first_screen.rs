//! The first screen, drawn by the server in the HTML it sends: the top of
//! the home page, of the mentor listing and of a mentor's page, painted as
//! soon as the app's stylesheets are in, before any script has run. It is
//! shown in place of the app (`#root` stays hidden behind it, see
//! `webapp/src/lib/first-screen.ts`) until the app's own screen is ready,
//! which then removes it; on the first page of a browser session the intro
//! screen covers both. Its markup is the app's own for those parts (the same
//! elements and classes, so the same stylesheets lay it out identically):
//! the header as a signed-out visitor sees it, the home hero's copy, the
//! listing's introduction, a mentor's hero. The browser test "the first
//! screen drawn by the server is the app's" holds the two equal.
//!
//! It is a picture of the screen until the app is ready: `inert` and hidden
//! from assistive technology, so nothing on it can be half-used and a
//! screen reader meets the page once, when it works; its landmarks are
//! plain elements (the app's header and main are the page's). The header's
//! account buttons keep their space unseen, so a signed-in person never sees
//! "Sign In" flash. Every value from the catalogue is escaped.

use domain_wasm::{labels, ratings};
use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use crate::catalogue::Mentor;
use crate::mail::BRAND;

/// Where the first screen goes in `index.html`: after the stylesheets.
pub const MARKER: &str = "<!--first-screen-->";

/// The first screen for a screen of the route table (`pattern`), if the
/// server draws that one; `mentor` is the mentor of a mentor's page,
/// `search` the listing's search (`?q=` or `?search=`).
pub fn for_route(pattern: &str, mentor: Option<&Mentor>, search: &str) -> Option<String> {
    let (hero, main) = match pattern {
        "/" | "/how-it-work" => (true, HOME_HERO.to_owned()),
        "/mentors" => (false, listing_intro(search)),
        "/mentors/:idSlug" => (false, mentor_hero(mentor?)?),
        _ => return None,
    };
    let shell = if hero {
        "app-shell app-shell--hero"
    } else {
        "app-shell"
    };
    Some(format!(
        "<div id=\"first-screen\" data-pattern=\"{pattern}\" class=\"{shell}\" inert aria-hidden=\"true\">{header}<div class=\"app-main\">{main}</div></div>",
        pattern = attr(pattern),
        header = header(pattern),
    ))
}

/// `page` with `first` in place of [`MARKER`] (the marker alone is dropped
/// when there is no first screen).
pub fn insert(page: &str, first: Option<&str>) -> String {
    page.replacen(MARKER, first.unwrap_or_default(), 1)
}

/// The app's header (`webapp/src/app/Header.tsx`, `Logo.tsx`) with its
/// account buttons' space kept but unseen: see-through over the home hero,
/// solid elsewhere.
fn header(pattern: &str) -> String {
    let (variant, tone) = if matches!(pattern, "/" | "/how-it-work") {
        ("site-header--overlay", "light")
    } else {
        ("site-header--solid", "dark")
    };
    // The link of the screen itself is marked, as the app's `NavLink end` does.
    let link = |to: &str, label: &str| {
        if to == pattern {
            format!(
                "<li><a aria-current=\"page\" class=\"nav-link is-active\" href=\"{to}\">{label}</a></li>"
            )
        } else {
            format!("<li><a class=\"nav-link\" href=\"{to}\">{label}</a></li>")
        }
    };
    format!(
        concat!(
            "<div class=\"site-header {variant}\"><div class=\"container site-header__bar\">",
            "<a class=\"logo logo--{tone}\" href=\"/\" aria-label=\"{brand} home\">",
            "<svg class=\"logo__mark\" viewBox=\"0 0 32 32\" width=\"32\" height=\"32\" aria-hidden=\"true\" focusable=\"false\">",
            "<defs><linearGradient id=\"first-logo-g\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#6d28d9\"></stop><stop offset=\"1\" stop-color=\"#4338ca\"></stop></linearGradient></defs>",
            "<rect width=\"32\" height=\"32\" rx=\"9\" fill=\"url(#first-logo-g)\"></rect>",
            "<path d=\"M7 21.5c3-6.5 6-9.5 9-9.5s6 3 9 9.5\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2.4\" stroke-linecap=\"round\"></path>",
            "<circle cx=\"16\" cy=\"9.5\" r=\"2.6\" fill=\"#fbbf24\"></circle></svg>",
            "<span class=\"logo__text\">{brand}</span></a>",
            "<nav class=\"site-nav\" aria-label=\"Main\"><ul class=\"site-nav__list\">{home}{mentors}",
            "<li><div class=\"dropdown\"><a class=\"nav-link dropdown__toggle\" href=\"/b2b/contact\">Business",
            "<svg class=\"chevron\" viewBox=\"0 0 20 20\" width=\"16\" height=\"16\" aria-hidden=\"true\" focusable=\"false\"><path fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"M5.5 7.5L10 12l4.5-4.5\"></path></svg>",
            "</a></div></li>{contact}</ul></nav>",
            // The account buttons' space, kept and unseen: the app shows the right ones.
            "<div class=\"site-header__actions\" aria-hidden=\"true\">",
            "<a href=\"/auth/login\" class=\"nav-link site-header__signin\" tabindex=\"-1\" style=\"visibility:hidden\">Sign In</a>",
            "<a href=\"/auth/register\" class=\"btn btn--primary site-header__cta\" tabindex=\"-1\" style=\"visibility:hidden\">Get Started</a>",
            "<span class=\"menu-toggle\">",
            "<svg viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\"><path stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" d=\"M4 7h16M4 12h16M4 17h16\"></path></svg>",
            "</span></div></div></div>"
        ),
        variant = variant,
        tone = tone,
        brand = BRAND,
        home = link("/", "Home"),
        mentors = link("/mentors", "Mentors"),
        contact = link("/contact", "Contact"),
    )
}

/// The home hero's copy and its decorative session card
/// (`webapp/src/features/home/HomePage.tsx`); the figures below it come
/// with the app.
const HOME_HERO: &str = concat!(
    "<section class=\"hero\" aria-labelledby=\"first-hero-title\"><div class=\"container hero__inner\"><div class=\"hero__copy\">",
    "<p class=\"hero__eyebrow\"><span class=\"hero__dot\" aria-hidden=\"true\"></span>One-on-one video sessions<span class=\"hero__eyebrow-more\"> · free trials available</span></p>",
    "<h1 id=\"first-hero-title\" class=\"hero__title\">Accelerate your career with <span class=\"hero__highlight\">expert mentorship</span></h1>",
    "<p class=\"hero__lead\">Learn from people who have already done it. Book a one-on-one session with an experienced professional and leave with a plan you can act on this week.</p>",
    "<div class=\"button-row\">",
    "<a class=\"btn btn--accent btn--lg\" href=\"/mentors\">Find Your Mentor",
    "<svg viewBox=\"0 0 20 20\" width=\"18\" height=\"18\" aria-hidden=\"true\" focusable=\"false\"><path fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"M4 10h12M11 5l5 5-5 5\"></path></svg></a>",
    "<a class=\"btn btn--on-dark btn--lg\" href=\"/about\">",
    "<svg viewBox=\"0 0 20 20\" width=\"18\" height=\"18\" aria-hidden=\"true\" focusable=\"false\"><circle cx=\"10\" cy=\"10\" r=\"8.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"></circle><path fill=\"currentColor\" d=\"M8.2 6.8v6.4l5-3.2z\"></path></svg>Watch 60s intro</a>",
    "</div>",
    "<ul class=\"topic-pills\" aria-label=\"Popular topics\">",
    "<li><a class=\"topic-pill\" href=\"/mentors?search=Product\">Product</a></li>",
    "<li><a class=\"topic-pill\" href=\"/mentors?search=Data+%26+AI\">Data &amp; AI</a></li>",
    "<li><a class=\"topic-pill\" href=\"/mentors?search=Design\">Design</a></li>",
    "<li><a class=\"topic-pill\" href=\"/mentors?search=Career+Growth\">Career Growth</a></li>",
    "<li><a class=\"topic-pill\" href=\"/mentors?search=Startup\">Startup</a></li>",
    "</ul></div>",
    "<div class=\"hero-visual\" aria-hidden=\"true\"><div class=\"session-card\">",
    "<div class=\"session-card__top\"><span class=\"session-card__avatar\">AR</span><div><p class=\"session-card__label\">Upcoming session</p><p class=\"session-card__title\">Career strategy session</p></div><span class=\"chip chip--success\">Confirmed</span></div>",
    "<div class=\"session-card__slots\"><span class=\"slot\">Mon · 10:00</span><span class=\"slot slot--active\">Tue · 18:30</span><span class=\"slot\">Thu · 20:00</span></div>",
    "<div class=\"session-card__row\"><span class=\"session-card__icon\"><svg viewBox=\"0 0 20 20\" width=\"18\" height=\"18\"><rect x=\"2.5\" y=\"5\" width=\"10\" height=\"10\" rx=\"2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.6\"></rect><path d=\"M12.5 9l5-3v8l-5-3z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.6\" stroke-linejoin=\"round\"></path></svg></span>Video link sent to your inbox</div>",
    "<div class=\"session-card__row\"><span class=\"session-card__icon\"><svg viewBox=\"0 0 20 20\" width=\"18\" height=\"18\"><rect x=\"2.5\" y=\"4.5\" width=\"15\" height=\"11\" rx=\"2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.6\"></rect><path d=\"M2.5 8h15\" stroke=\"currentColor\" stroke-width=\"1.6\"></path></svg></span>Paid securely with UPI</div>",
    "</div><div class=\"floating-chip floating-chip--free\">Free trial sessions</div></div>",
    "</div></section>",
);

/// The listing's introduction (`webapp/src/features/mentors/MentorsPage.tsx`)
/// as `/mentors` shows it; the filters and cards come with the app.
const LISTING_INTRO: &str = concat!(
    "<div class=\"mentors-page\"><header class=\"page-intro page-intro--listing\"><div class=\"container\">",
    "<p class=\"eyebrow\">Mentors</p>",
    "<h1 class=\"page-intro__title\">Find your mentor</h1>",
    "<p class=\"page-intro__lead\">Book a one-on-one video session with practitioners in career, business, technology, health, academics, freelancing and the creative fields. Many offer a free first session.</p>",
);

/// The listing's search box (a form of its own, as the app's is) and
/// the promises under it; `{search}` is the search the page was opened with.
fn listing_intro(search: &str) -> String {
    format!(
        concat!(
            "{intro}",
            "<form class=\"listing-search\" role=\"search\" aria-label=\"Mentors\" action=\"/mentors\" method=\"get\">",
            "<label for=\"first-mentor-search\" class=\"sr-only\">Search mentors by name or expertise</label>",
            "<span class=\"listing-search__icon\"><svg viewBox=\"0 0 20 20\" width=\"20\" height=\"20\" aria-hidden=\"true\" focusable=\"false\"><circle cx=\"9\" cy=\"9\" r=\"5.75\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\"></circle><path d=\"M13.5 13.5L17 17\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\"></path></svg></span>",
            "<input id=\"first-mentor-search\" name=\"q\" class=\"listing-search__input\" type=\"search\" enterkeyhint=\"search\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"Search by name or expertise\" value=\"{search}\">",
            "<button type=\"submit\" class=\"btn btn--primary listing-search__submit\">Search</button></form>",
            "<ul class=\"trust-row\" aria-label=\"Why learners book here\"><li>Verified mentors</li><li>Pay by UPI, card, net banking or wallet</li><li>Meeting link sent instantly</li></ul>",
            "</div></header></div>"
        ),
        intro = LISTING_INTRO,
        search = attr(search.trim()),
    )
}

/// A mentor's hero (`webapp/src/features/mentors/MentorProfilePage.tsx`):
/// breadcrumb, photo, badge, name, headline, rating, experience, expertise;
/// `None` for a mentor the app cannot show either.
fn mentor_hero(mentor: &Mentor) -> Option<String> {
    let price = mentor.services.first().map_or(0.0, |s| s.price);
    let card = labels::card_labels(
        mentor.id as f64,
        &mentor.name,
        mentor.rating,
        mentor.review_count as f64,
        mentor.experience_years as f64,
        price,
    )
    .ok()?;
    let name = text(&mentor.name);
    let photo = mentor
        .image_url
        .as_deref()
        .filter(|url| !url.is_empty())
        .unwrap_or("/mentor-fallback.svg");
    let badge = card.badge.map_or_else(String::new, |badge| {
        let pro = if badge == "PRO" {
            " profile-badge--pro"
        } else {
            ""
        };
        format!("<span class=\"profile-badge{pro}\">{}</span>", text(badge))
    });
    let headline = if mentor.headline.is_empty() {
        String::new()
    } else {
        format!(
            "<p class=\"profile-hero__headline\">{}</p>",
            text(&mentor.headline)
        )
    };
    let star = if card.reviews_label.is_some() {
        "<svg viewBox=\"0 0 20 20\" width=\"18\" height=\"18\" aria-hidden=\"true\" focusable=\"false\" class=\"profile-hero__star\"><path fill=\"currentColor\" d=\"M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z\"></path></svg>"
    } else {
        ""
    };
    let expertise = if mentor.expertise.is_empty() {
        String::new()
    } else {
        let chips: String = mentor
            .expertise
            .iter()
            .map(|field| format!("<li class=\"expertise-chip\">{}</li>", text(field)))
            .collect();
        format!("<ul class=\"expertise-chips\" aria-label=\"Expertise\">{chips}</ul>")
    };
    Some(format!(
        concat!(
            "<article class=\"profile\"><header class=\"profile-hero\"><div class=\"container\">",
            "<nav aria-label=\"Breadcrumb\" class=\"breadcrumb\"><ol><li><a href=\"/mentors\">Mentors</a></li><li aria-current=\"page\">{name}</li></ol></nav>",
            "<div class=\"profile-hero__inner\"><div class=\"profile-hero__media\">",
            "<div class=\"portrait profile-hero__photo is-loaded\"><img src=\"{photo}\" alt=\"Portrait of {alt}\" width=\"240\" height=\"240\" loading=\"eager\" fetchpriority=\"high\" decoding=\"async\"></div>",
            "{badge}</div>",
            "<div class=\"profile-hero__text\"><h1 class=\"profile-hero__name\">{name}</h1>{headline}",
            "<ul class=\"profile-hero__meta\"><li class=\"profile-hero__rating\">{star}<span>{rating}</span><span class=\"profile-hero__meta-label\">{caption}</span></li>",
            "<li><svg viewBox=\"0 0 20 20\" width=\"18\" height=\"18\" aria-hidden=\"true\" focusable=\"false\"><path fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"M3 6.5h14v9.5H3zM7 6.5V4.5h6v2M3 10.5h14\"></path></svg>",
            "<span>{experience}</span><span class=\"profile-hero__meta-label\">experience</span></li></ul>",
            "{expertise}</div></div></div></header></article>"
        ),
        name = name,
        alt = attr(&mentor.name),
        photo = attr(photo),
        badge = badge,
        headline = headline,
        star = star,
        rating = text(&card.rating_label),
        caption = text(&ratings::rating_caption(
            mentor.rating,
            mentor.review_count as f64
        )),
        experience = text(&card.experience_label),
        expertise = expertise,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_drawn_screens_have_a_first_screen() {
        assert!(for_route("/", None, "").is_some_and(|s| s.contains("hero__title")));
        assert!(for_route("/how-it-work", None, "").is_some());
        assert!(for_route("/mentors", None, "").is_some_and(|s| s.contains("page-intro__lead")));
        // A mentor's page needs its mentor.
        assert!(for_route("/mentors/:idSlug", None, "").is_none());
        assert!(for_route("/about", None, "").is_none());
        assert!(for_route("/auth/login", None, "").is_none());
    }

    #[test]
    fn the_home_hero_sits_under_the_see_through_header() {
        let home = for_route("/", None, "").expect("home");
        assert!(home.starts_with(
            "<div id=\"first-screen\" data-pattern=\"/\" class=\"app-shell app-shell--hero\" inert aria-hidden=\"true\">"
        ));
        assert!(home.contains("site-header--overlay") && home.contains("logo--light"));
        let listing = for_route("/mentors", None, "").expect("listing");
        assert!(listing.contains("site-header--solid") && listing.contains("logo--dark"));
        assert!(!listing.contains("app-shell--hero"));
    }

    #[test]
    fn the_listing_keeps_its_search_escaped() {
        let listing = for_route("/mentors", None, " <b>\"Design\" ").expect("listing");
        assert!(
            listing.contains("value=\"&lt;b&gt;&quot;Design&quot;\""),
            "{listing}"
        );
        assert!(listing.contains(
            "<a aria-current=\"page\" class=\"nav-link is-active\" href=\"/mentors\">Mentors</a>"
        ));
    }

    #[test]
    fn the_marker_is_replaced_once_or_dropped() {
        let page = "<body>a<!--first-screen-->b</body>";
        assert_eq!(insert(page, Some("<x>")), "<body>a<x>b</body>");
        assert_eq!(insert(page, None), "<body>ab</body>");
    }
}

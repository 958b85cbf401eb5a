//! The screens of the web app (SPEC §2). The server answers 200 with the app
//! for a path that matches one of these patterns and 404 for any other; the
//! browser's router is checked against the same table.

use crate::slug::parse_mentor_segment;

/// Who may see a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Access {
    /// Anyone.
    Public,
    /// Guests only: a logged-in user is sent to `/`.
    GuestOnly,
    /// Logged-in users only: a guest is sent to `/auth/login`.
    LoginRequired,
}

/// One screen: a pattern of `/`-separated segments, where `:name` matches any
/// one non-empty segment and `:idSlug` a mentor segment (`42-asha-rao`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Route {
    pub pattern: &'static str,
    pub access: Access,
    /// The wasm module a first visit of the screen loads.
    pub rules: Rules,
}

/// The wasm module (of the crate's rules) a screen's first visit loads: the
/// server names it in the page (`<html data-rules>`), which preloads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Rules {
    /// The home page's module (`#[export]`), with what other screens load on demand.
    Home,
    /// The learner's (`#[export(learner)]`): everything a learner's screen
    /// calls (a mentor's page, the booking screens, the learner's
    /// dashboard) in one module, without the IANA time zones.
    Learner,
}

impl Rules {
    /// Its name in the page and in the web app (`home`, `learner`).
    pub fn as_str(self) -> &'static str {
        match self {
            Rules::Home => "home",
            Rules::Learner => "learner",
        }
    }
}

const fn route(pattern: &'static str, access: Access) -> Route {
    Route {
        pattern,
        access,
        rules: Rules::Home,
    }
}

/// A screen a learner opens: its first visit loads the learner's module.
const fn learner(pattern: &'static str, access: Access) -> Route {
    Route {
        pattern,
        access,
        rules: Rules::Learner,
    }
}

use Access::{GuestOnly, LoginRequired, Public};

pub const ROUTES: &[Route] = &[
    route("/", Public),
    route("/how-it-work", Public),
    route("/auth/login", GuestOnly),
    route("/auth/register", GuestOnly),
    route("/contact", Public),
    route("/mentors", Public),
    learner("/mentors/:idSlug", Public),
    route("/category/technology", Public),
    route("/about", Public),
    route("/services", Public),
    route("/privacy", Public),
    route("/terms", Public),
    route("/refund", Public),
    route("/sitemap", Public),
    route("/become-mentor", Public),
    route("/why-become-mentor", Public),
    route("/b2b/corporate-mentoring", Public),
    route("/b2b/ceo-talks", Public),
    route("/b2b/strategy-consulting", Public),
    route("/b2b/industry-mentoring", Public),
    route("/b2b/startup-entrepreneurship", Public),
    route("/b2b/contact", Public),
    route("/activate/:uid/:token", Public),
    route("/auth/forgot-password", Public),
    route("/password/reset/confirm/:uid/:token", Public),
    route("/auth/email-confirmation", Public),
    route("/auth/resend-verification", Public),
    learner("/booking-confirmation", LoginRequired),
    learner("/my-bookings", LoginRequired),
    learner("/my-bookings/:id", LoginRequired),
    learner("/session-request/:requestId", LoginRequired),
    learner("/session-confirmed/:sessionId", LoginRequired),
    learner("/session-request-pending/:requestId", LoginRequired),
    learner("/session-payment-required/:requestId", LoginRequired),
    learner("/session-request-cancelled/:requestId", LoginRequired),
    learner("/dashboard/user", LoginRequired),
    route("/dashboard/mentor", LoginRequired),
    route("/dashboard/admin", LoginRequired),
    learner("/confirmation", LoginRequired),
    route("/auth/edit-profile", LoginRequired),
    route("/complete-profile", LoginRequired),
    learner("/feedback", LoginRequired),
    learner("/feedbackform", LoginRequired),
];

/// The screen a path shows, or `None` for the not-found page. The query and
/// fragment must already be removed; one trailing slash is ignored, as the
/// browser's router ignores it.
#[crate::export(home, learner)]
pub fn match_route(path: &str) -> Option<&'static Route> {
    let path = match path.strip_suffix('/') {
        Some(p) if !p.is_empty() && !p.ends_with('/') => p,
        _ => path,
    };
    ROUTES.iter().find(|r| pattern_matches(r.pattern, path))
}

fn pattern_matches(pattern: &str, path: &str) -> bool {
    if pattern == "/" {
        return path == "/";
    }
    let mut want = pattern.split('/');
    let mut got = path.split('/');
    loop {
        match (want.next(), got.next()) {
            (None, None) => return true,
            (Some(w), Some(g)) => {
                let ok = match w {
                    ":idSlug" => parse_mentor_segment(g).is_some(),
                    w if w.starts_with(':') => !g.is_empty(),
                    w => w == g,
                };
                if !ok {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// Every screen of the app with who may see it.
#[crate::export(home, learner)]
pub fn routes() -> &'static [Route] {
    ROUTES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_learners_screens_load_the_learners_module() {
        // Issue 22's list of the screens a learner can open.
        let learner = [
            "/mentors/1-ananya-krishnan",
            "/booking-confirmation",
            "/confirmation",
            "/my-bookings",
            "/my-bookings/7",
            "/session-request/7",
            "/session-request-pending/7",
            "/session-payment-required/7",
            "/session-confirmed/7",
            "/session-request-cancelled/7",
            "/feedback",
            "/feedbackform",
            "/dashboard/user",
        ];
        for path in learner {
            assert_eq!(
                match_route(path).map(|r| r.rules),
                Some(Rules::Learner),
                "{path}"
            );
        }
        let others = ROUTES.iter().filter(|r| r.rules == Rules::Home).count();
        assert_eq!(others + learner.len(), ROUTES.len());
        assert_eq!(match_route("/").map(|r| r.rules), Some(Rules::Home));
        assert_eq!(
            match_route("/dashboard/mentor").map(|r| r.rules),
            Some(Rules::Home)
        );
    }

    #[test]
    fn known_screens_match_and_others_do_not() {
        assert_eq!(match_route("/").map(|r| r.pattern), Some("/"));
        assert_eq!(
            match_route("/mentors/").map(|r| r.pattern),
            Some("/mentors")
        );
        assert_eq!(
            match_route("/mentors/12-asha-rao").map(|r| r.pattern),
            Some("/mentors/:idSlug")
        );
        assert_eq!(
            match_route("/dashboard/admin").map(|r| r.access),
            Some(Access::LoginRequired)
        );
        assert_eq!(match_route("/mentors/asha"), None);
        assert_eq!(match_route("/activate/abc"), None);
        assert_eq!(match_route("/activate//x"), None);
        assert_eq!(match_route("/nope"), None);
        assert_eq!(match_route(""), None);
        assert_eq!(match_route("//"), None);
    }
}

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
}

const fn route(pattern: &'static str, access: Access) -> Route {
    Route { pattern, access }
}

use Access::{GuestOnly, LoginRequired, Public};

pub const ROUTES: &[Route] = &[
    route("/", Public),
    route("/how-it-work", Public),
    route("/auth/login", GuestOnly),
    route("/auth/register", GuestOnly),
    route("/contact", Public),
    route("/mentors", Public),
    route("/mentors/:idSlug", Public),
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
    route("/booking-confirmation", LoginRequired),
    route("/my-bookings", LoginRequired),
    route("/my-bookings/:id", LoginRequired),
    route("/session-request/:requestId", LoginRequired),
    route("/session-confirmed/:sessionId", LoginRequired),
    route("/session-request-pending/:requestId", LoginRequired),
    route("/session-payment-required/:requestId", LoginRequired),
    route("/session-request-cancelled/:requestId", LoginRequired),
    route("/dashboard/user", LoginRequired),
    route("/dashboard/mentor", LoginRequired),
    route("/dashboard/admin", LoginRequired),
    route("/confirmation", LoginRequired),
    route("/auth/edit-profile", LoginRequired),
    route("/complete-profile", LoginRequired),
    route("/feedback", LoginRequired),
    route("/feedbackform", LoginRequired),
];

/// The screen a path shows, or `None` for the not-found page. The query and
/// fragment must already be removed; one trailing slash is ignored, as the
/// browser's router ignores it.
#[crate::export]
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
#[crate::export]
pub fn routes() -> &'static [Route] {
    ROUTES
}

#[cfg(test)]
mod tests {
    use super::*;

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

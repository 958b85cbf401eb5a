//! Where the app may send someone after login, and how long a success
//! message stays before its redirect (SPEC §4, §8, §9).
//!
//! Replaces `safeRedirect` in `webapp/src/features/auth/session.ts` and
//! `SUCCESS_REDIRECT_MS` in `webapp/src/features/auth/messages.ts`.

use crate::routes::{Access, match_route};

/// How long a success message (account verified, password reset) stays
/// before the app goes on to the login screen: 3000 ms (SPEC §8, §9).
pub const SUCCESS_REDIRECT_MS: u32 = 3000;

/// [`SUCCESS_REDIRECT_MS`], for JavaScript.
#[crate::export(home, learner)]
pub fn success_redirect_ms() -> u32 {
    SUCCESS_REDIRECT_MS
}

/// A path safe to go to after login, or `None`: a path of this site
/// (`/…`, not `//host` or `/\host`, which browsers treat as another site)
/// whose screen is not guest-only (login and register would bounce a
/// logged-in user). The query and fragment are kept; the screen is found
/// from the path before them. An unknown path is allowed: it shows the
/// not-found page.
#[crate::export(home, learner)]
pub fn safe_redirect(path: Option<&str>) -> Option<String> {
    let path = path?;
    if !path.starts_with('/') || path.starts_with("//") || path.starts_with("/\\") {
        return None;
    }
    let pathname = path.split(['?', '#']).next().unwrap_or(path);
    match match_route(pathname) {
        Some(route) if route.access == Access::GuestOnly => None,
        _ => Some(path.to_owned()),
    }
}

/// Where a learner lands after login when no path was remembered: their dashboard.
pub const LEARNER_HOME: &str = "/dashboard/user";
/// Where a mentor lands: the mentor dashboard's requests, the thing that waits on them.
pub const MENTOR_HOME: &str = "/dashboard/mentor?tab=requests";
/// Where an administrator lands: the admin dashboard.
pub const ADMIN_HOME: &str = "/dashboard/admin";

/// The home of an account's role (`"user"`, `"mentor"` or `"admin"`, as the
/// API names roles): where a login leads when no path was remembered.
/// An unknown or missing role lands on the learner's dashboard, which every
/// signed-in account may see.
#[crate::export]
pub fn role_home(role: Option<&str>) -> String {
    match role {
        Some("mentor") => MENTOR_HOME,
        Some("admin") => ADMIN_HOME,
        _ => LEARNER_HOME,
    }
    .to_owned()
}

/// Where a login (password or Google) leads (SPEC §4): the remembered path
/// wins for every role when it is safe ([`safe_redirect`]); without one,
/// the role's home ([`role_home`]).
#[crate::export(home, learner)]
pub fn after_login(remembered: Option<&str>, role: Option<&str>) -> String {
    safe_redirect(remembered).unwrap_or_else(|| role_home(role))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_path_wins_else_the_roles_home() {
        assert_eq!(
            after_login(Some("/my-bookings"), Some("admin")),
            "/my-bookings"
        );
        assert_eq!(
            after_login(Some("/my-bookings"), Some("mentor")),
            "/my-bookings"
        );
        assert_eq!(after_login(None, Some("user")), "/dashboard/user");
        assert_eq!(
            after_login(None, Some("mentor")),
            "/dashboard/mentor?tab=requests"
        );
        assert_eq!(after_login(None, Some("admin")), "/dashboard/admin");
        assert_eq!(
            after_login(Some("/auth/login"), Some("admin")),
            "/dashboard/admin"
        );
        assert_eq!(after_login(Some("//evil.example"), None), "/dashboard/user");
        for home in [LEARNER_HOME, MENTOR_HOME, ADMIN_HOME] {
            assert_eq!(
                safe_redirect(Some(home)).as_deref(),
                Some(home),
                "a home is a safe path"
            );
        }
    }

    #[test]
    fn only_this_sites_screens_that_a_user_can_see() {
        assert_eq!(
            safe_redirect(Some("/my-bookings?tab=2")).as_deref(),
            Some("/my-bookings?tab=2")
        );
        assert_eq!(safe_redirect(Some("/auth/login")), None);
        assert_eq!(safe_redirect(Some("/auth/register?x=1")), None);
        assert_eq!(safe_redirect(Some("//evil.example")), None);
        assert_eq!(safe_redirect(Some("/\\evil.example")), None);
        assert_eq!(safe_redirect(Some("https://evil.example")), None);
        assert_eq!(safe_redirect(Some("")), None);
        assert_eq!(safe_redirect(None), None);
        assert_eq!(safe_redirect(Some("/nowhere")).as_deref(), Some("/nowhere"));
        assert_eq!(SUCCESS_REDIRECT_MS, 3000);
    }
}

//! Whether an account's profile is complete (SPEC §3 `profile_complete`,
//! `requires_contact_number`): the server's flags, and the web app's
//! fallback when a sign-in answer lacks them.
//!
//! Replaces `User::profile_complete` and `User::requires_contact_number` in
//! `api/src/store/users.rs` and the fallback in
//! `webapp/src/features/auth/session.ts` (`signIn`), which ignored the name.

/// A Google account has no contact number until the person gives one, and
/// needs one before booking; a password account gave one at sign-up.
#[crate::export(home, learner)]
pub fn requires_contact_number(google_account: bool, has_contact_number: bool) -> bool {
    google_account && !has_contact_number
}

/// A profile is complete when the account has a name (not blank) and does
/// not still need a contact number. `name` is `None` when the caller does
/// not know it (a sign-in answer without the user): then only the contact
/// number decides.
#[crate::export(home, learner)]
pub fn profile_complete(name: Option<&str>, requires_contact_number: bool) -> bool {
    name.is_none_or(|n| !n.trim().is_empty()) && !requires_contact_number
}

/// What the web app stores as `profile_complete` after a sign-in: the
/// answer's own flag, else the user's flag, else [`profile_complete`] from
/// the user's name (when known) and the contact-number flag.
#[crate::export(home, learner)]
pub fn stored_profile_complete(
    answer_flag: Option<bool>,
    user_flag: Option<bool>,
    user_name: Option<&str>,
    requires_contact_number: bool,
) -> bool {
    answer_flag
        .or(user_flag)
        .unwrap_or_else(|| profile_complete(user_name, requires_contact_number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_needs_a_name_and_a_contact_number_when_google() {
        assert!(requires_contact_number(true, false));
        assert!(!requires_contact_number(true, true));
        assert!(!requires_contact_number(false, false));
        assert!(profile_complete(Some("Asha"), false));
        assert!(!profile_complete(Some("  "), false));
        assert!(!profile_complete(Some("Asha"), true));
        assert!(profile_complete(None, false));
        assert!(!stored_profile_complete(None, None, Some(" "), false));
        assert!(stored_profile_complete(
            Some(true),
            Some(false),
            Some(""),
            true
        ));
        assert!(!stored_profile_complete(
            None,
            Some(false),
            Some("Asha"),
            false
        ));
    }
}

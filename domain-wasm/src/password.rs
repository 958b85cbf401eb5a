//! Password strength (SPEC §5): one point each for a length of 8 or more,
//! an upper-case letter, a digit and a special character; 3 points are
//! needed. The browser's meter and the server's check are this one function.
//!
//! Characters are Unicode scalar values: `É` is an upper-case letter, `٣` a
//! digit, and anything that is neither a letter nor a digit (punctuation,
//! symbols, spaces, emoji) is special. Length counts characters, not bytes or
//! UTF-16 units.

/// Points needed to accept a password.
pub const STRONG_ENOUGH: u8 = 3;
/// Length that earns the length point.
pub const MIN_LENGTH: usize = 8;
/// Longest password accepted: hashing cost grows with length.
pub const MAX_LENGTH: usize = 128;

pub const LABELS: [&str; 5] = ["very weak", "weak", "medium", "strong", "very strong"];

pub const MISMATCH: &str = "Passwords do not match.";
pub const MISMATCH_INLINE: &str = "Passwords don't match";
pub const TOO_WEAK: &str = "Please use a stronger password.";
pub const TOO_LONG: &str = "Please use at most 128 characters.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Strength {
    /// 0 to 4.
    pub score: u8,
    /// `very weak` … `very strong`.
    pub label: &'static str,
    pub strong_enough: bool,
}

/// Score 0–4, label and whether it reaches the threshold of 3.
#[crate::export(js_name = "passwordStrength", on_demand)]
pub fn strength(password: &str) -> Strength {
    let length = password.chars().count() >= MIN_LENGTH;
    let upper = password.chars().any(char::is_uppercase);
    let digit = password.chars().any(char::is_numeric);
    let special = password.chars().any(|c| !c.is_alphanumeric());
    let score = [length, upper, digit, special]
        .into_iter()
        .filter(|&p| p)
        .count() as u8;
    Strength {
        score,
        label: LABELS[usize::from(score)],
        strong_enough: score >= STRONG_ENOUGH,
    }
}

/// Why a new password cannot be set, in the words the form shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum PasswordProblem {
    Mismatch,
    TooWeak,
    TooLong,
}

impl PasswordProblem {
    pub fn message(self) -> &'static str {
        match self {
            PasswordProblem::Mismatch => MISMATCH,
            PasswordProblem::TooWeak => TOO_WEAK,
            PasswordProblem::TooLong => TOO_LONG,
        }
    }
}

/// The check before a new password is submitted (reset, register, change):
/// the two entries must match, then the password must be strong enough.
pub fn check_new_password(password: &str, confirmation: &str) -> Result<(), PasswordProblem> {
    if password != confirmation {
        return Err(PasswordProblem::Mismatch);
    }
    check_strength(password)
}

/// The server's check when it sets a password (no confirmation there).
pub fn check_strength(password: &str) -> Result<(), PasswordProblem> {
    if password.chars().count() > MAX_LENGTH {
        return Err(PasswordProblem::TooLong);
    }
    if !strength(password).strong_enough {
        return Err(PasswordProblem::TooWeak);
    }
    Ok(())
}

/// The hint under the confirmation field while typing: shown once something
/// has been typed there and it differs.
#[crate::export(js_name = "inlinePasswordMismatch", on_demand)]
pub fn inline_mismatch(password: &str, confirmation: &str) -> Option<&'static str> {
    (!confirmation.is_empty() && password != confirmation).then_some(MISMATCH_INLINE)
}

/// The field of a new-password form a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum PasswordField {
    Password,
    Confirmation,
}

impl PasswordProblem {
    /// The field the form shows the problem under: a mismatch under the
    /// confirmation, anything about the password itself under the password.
    pub fn field(self) -> PasswordField {
        match self {
            PasswordProblem::Mismatch => PasswordField::Confirmation,
            PasswordProblem::TooWeak | PasswordProblem::TooLong => PasswordField::Password,
        }
    }
}

/// [`check_new_password`] as the form uses it: ok, or which field failed,
/// why, and the message to show under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum NewPasswordCheck {
    Ok,
    Error {
        field: PasswordField,
        problem: PasswordProblem,
        message: &'static str,
    },
}

/// Ok, or the field that failed (`password`: too weak or too long;
/// `confirmation`: `Passwords do not match.`) with its message.
#[crate::export(js_name = "checkNewPassword", on_demand)]
pub fn new_password_check(password: &str, confirmation: &str) -> NewPasswordCheck {
    match check_new_password(password, confirmation) {
        Ok(()) => NewPasswordCheck::Ok,
        Err(problem) => NewPasswordCheck::Error {
            field: problem.field(),
            problem,
            message: problem.message(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_rule_earns_one_point() {
        assert_eq!(strength("").score, 0);
        assert_eq!(strength("abcdefgh").score, 1);
        assert_eq!(strength("Abcdefgh").score, 2);
        assert_eq!(strength("Abcdefg1").score, 3);
        assert_eq!(strength("Abcdef1!").score, 4);
        assert_eq!(strength("A1!").score, 3);
        assert_eq!(strength("Éa١ ").label, "strong");
    }

    #[test]
    fn forms_check_match_before_strength() {
        assert_eq!(
            check_new_password("weak", "other"),
            Err(PasswordProblem::Mismatch)
        );
        assert_eq!(
            check_new_password("weak", "weak"),
            Err(PasswordProblem::TooWeak)
        );
        assert_eq!(check_new_password("Mentor2026!", "Mentor2026!"), Ok(()));
        let long = format!("A1!{}", "a".repeat(126));
        assert_eq!(check_strength(&long), Err(PasswordProblem::TooLong));
        assert_eq!(inline_mismatch("abc", ""), None);
        assert_eq!(inline_mismatch("abc", "ab"), Some("Passwords don't match"));
    }

    proptest! {
        #[test]
        fn score_is_bounded_and_labelled(p in ".{0,40}") {
            let s = strength(&p);
            prop_assert!(s.score <= 4);
            prop_assert_eq!(s.label, LABELS[usize::from(s.score)]);
            prop_assert_eq!(s.strong_enough, s.score >= 3);
        }

        #[test]
        fn adding_characters_never_lowers_the_score(p in ".{0,20}", extra in ".{0,5}") {
            let longer = p.clone() + &extra;
            prop_assert!(strength(&longer).score >= strength(&p).score);
        }
    }
}

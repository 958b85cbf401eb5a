//! Password strength (SPEC §5): one point each for a length of 8 or more,
//! an upper-case letter, a digit and a special character; 3 points are
//! needed. The browser's meter and the server's check are this one function.
//!
//! A new password must also (issue 10, ASVS 6.2.1 and 6.2.4, a deliberate
//! strengthening of SPEC §5, where a 7-character password scoring 3 passes)
//! have at least 8 characters and not be one of the common passwords of
//! `data/common-passwords/` (zxcvbn-ts's list of 49,233, MIT; compared
//! without regard to case). The SPEC's message stays for every password the
//! SPEC refuses; the two new refusals have their own, more helpful ones.
//!
//! Characters are Unicode scalar values: `É` is an upper-case letter, `٣` a
//! digit, and anything that is neither a letter nor a digit (punctuation,
//! symbols, spaces, emoji) is special. Length counts characters, not bytes or
//! UTF-16 units.
//!
//! In the browser these rules are the `passwords` wasm module
//! (`#[export(passwords)]`, feature `passwords`), which the web app loads on
//! the screens that set a password only. The list and every rule that reads
//! it are compiled for that module and natively (the server, tests, fuzzing)
//! only, so neither the home page's module nor the on-demand one can carry
//! it (`tests/modules.mjs` checks the built modules' bytes).

/// Points needed to accept a password.
pub const STRONG_ENOUGH: u8 = 3;
/// Length that earns the length point, and the shortest password accepted.
pub const MIN_LENGTH: usize = 8;
/// Longest password accepted: hashing cost grows with length.
pub const MAX_LENGTH: usize = 128;

pub const LABELS: [&str; 5] = ["very weak", "weak", "medium", "strong", "very strong"];

pub const MISMATCH: &str = "Passwords do not match.";
pub const MISMATCH_INLINE: &str = "Passwords don't match";
pub const TOO_WEAK: &str = "Please use a stronger password.";
pub const TOO_LONG: &str = "Please use at most 128 characters.";
pub const TOO_SHORT: &str = "Please use at least 8 characters.";
pub const COMMON: &str =
    "This password is one of the most common. Please choose one that is harder to guess.";

/// The common passwords that the other rules let through: of zxcvbn-ts's
/// 49,233 most common (`data/common-passwords/ranked.txt`), those that some
/// capitalisation of has 8 or more characters and a score of 3, lower-cased,
/// sorted by bytes, one a line (5,211 of them, 49 KB; the rest are refused
/// as too weak or too short anyway). The unit tests rebuild the file from the
/// ranked list. Of the wasm modules, only the `passwords` one carries it.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords/policy.txt");

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
#[crate::export(js_name = "passwordStrength", passwords)]
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
    TooShort,
    Common,
}

impl PasswordProblem {
    pub fn message(self) -> &'static str {
        match self {
            PasswordProblem::Mismatch => MISMATCH,
            PasswordProblem::TooWeak => TOO_WEAK,
            PasswordProblem::TooLong => TOO_LONG,
            PasswordProblem::TooShort => TOO_SHORT,
            PasswordProblem::Common => COMMON,
        }
    }
}

/// The check before a new password is submitted (reset, register, change):
/// the two entries must match, then the password must pass [`check_strength`].
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
pub fn check_new_password(password: &str, confirmation: &str) -> Result<(), PasswordProblem> {
    if password != confirmation {
        return Err(PasswordProblem::Mismatch);
    }
    check_strength(password)
}

/// The server's check when it sets a password (no confirmation there), in
/// this order: at most 128 characters, a score of 3 (SPEC §5: "Please use a
/// stronger password."), at least 8 characters, not a common password.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
pub fn check_strength(password: &str) -> Result<(), PasswordProblem> {
    let length = password.chars().count();
    if length > MAX_LENGTH {
        return Err(PasswordProblem::TooLong);
    }
    if !strength(password).strong_enough {
        return Err(PasswordProblem::TooWeak);
    }
    if length < MIN_LENGTH {
        return Err(PasswordProblem::TooShort);
    }
    if is_common(password) {
        return Err(PasswordProblem::Common);
    }
    Ok(())
}

/// Whether `password`, lower-cased, is on the common-password list.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
pub fn is_common(password: &str) -> bool {
    let lower = crate::bindings::lowercase(password);
    // Every entry is ASCII (a unit test holds the file to it).
    lower.is_ascii() && sorted_lines_contain(COMMON_PASSWORDS, &lower)
}

/// Binary search of `sorted`, lines sorted by bytes, each ended by `\n`,
/// for the line `word`, without an index: each step finds the line around
/// the middle byte.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
fn sorted_lines_contain(sorted: &str, word: &str) -> bool {
    let (text, word) = (sorted.as_bytes(), word.as_bytes());
    // The lines not yet ruled out start at `lo` and end before `hi`.
    let (mut lo, mut hi) = (0, text.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = text[lo..mid]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(lo, |i| lo + i + 1);
        let end = text[start..hi]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(hi, |i| start + i);
        match text[start..end].cmp(word) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    false
}

/// The hint under the confirmation field while typing: shown once something
/// has been typed there and it differs.
#[crate::export(js_name = "inlinePasswordMismatch", passwords)]
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
            PasswordProblem::TooWeak
            | PasswordProblem::TooLong
            | PasswordProblem::TooShort
            | PasswordProblem::Common => PasswordField::Password,
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

/// Ok, or the field that failed (`password`: too weak, too long, too short
/// or common; `confirmation`: `Passwords do not match.`) with its message.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
#[crate::export(js_name = "checkNewPassword", passwords)]
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

    #[test]
    fn new_passwords_need_8_characters_but_the_spec_message_stays_for_weak_ones() {
        // 7 characters scoring 3 passed SPEC §5; now too short.
        assert_eq!(check_strength("Ab1!xyz"), Err(PasswordProblem::TooShort));
        assert_eq!(check_strength("A1!"), Err(PasswordProblem::TooShort));
        assert_eq!(check_strength("Ab1!xyzw"), Ok(()));
        // What the SPEC refused keeps the SPEC's message.
        assert_eq!(check_strength("weak"), Err(PasswordProblem::TooWeak));
        assert_eq!(check_strength("abcdefg"), Err(PasswordProblem::TooWeak));
        assert_eq!(
            PasswordProblem::TooShort.message(),
            "Please use at least 8 characters."
        );
        assert_eq!(PasswordProblem::TooShort.field(), PasswordField::Password);
    }

    #[test]
    fn common_passwords_are_refused_in_any_case() {
        for p in [
            "Password1",
            "PASSWORD123",
            "Qwerty123",
            "Passw0rd",
            "Welcome1",
            "1qaz2wsX",
        ] {
            assert_eq!(check_strength(p), Err(PasswordProblem::Common), "{p}");
        }
        // Refused already as too weak, with the SPEC's message.
        for p in ["password", "qwerty123", "password1234"] {
            assert_eq!(check_strength(p), Err(PasswordProblem::TooWeak), "{p}");
        }
        assert_eq!(check_strength("Mentor2026!"), Ok(()));
        assert_eq!(check_strength("vT7#kq2!Lm9xWp4z"), Ok(()));
        assert!(is_common("pAsSwOrD1"));
        assert!(!is_common("Password1!x"));
        // A capital Kelvin sign lower-cases to an ASCII `k`.
        assert!(is_common("\u{212A}iller123"));
        assert_eq!(
            new_password_check("Password1", "Password1"),
            NewPasswordCheck::Error {
                field: PasswordField::Password,
                problem: PasswordProblem::Common,
                message: COMMON,
            }
        );
    }

    /// The published list, most common first.
    const RANKED: &str = include_str!("../data/common-passwords/ranked.txt");

    /// Whether some capitalisation of an (ASCII, lower-case) entry passes the
    /// rules other than the list: the length and a score of 3 (an upper-case
    /// letter only adds a point, so capitalising the first letter is best).
    fn could_pass_without_the_list(entry: &str) -> bool {
        let mut best = entry.to_owned();
        if let Some(i) = best.find(|c: char| c.is_ascii_lowercase()) {
            best[i..=i].make_ascii_uppercase();
        }
        best.chars().count() >= MIN_LENGTH && strength(&best).strong_enough
    }

    #[test]
    fn the_embedded_list_is_the_ranked_list_less_what_other_rules_refuse() {
        assert!(RANKED.lines().count() >= 10_000);
        let mut derived: Vec<String> = RANKED
            .lines()
            .map(str::to_lowercase)
            .filter(|e| could_pass_without_the_list(e))
            .collect();
        derived.sort();
        derived.dedup();
        let embedded: Vec<&str> = COMMON_PASSWORDS.lines().collect();
        assert!(COMMON_PASSWORDS.ends_with('\n'));
        assert!(embedded.iter().all(|e| e.is_ascii() && !e.is_empty()));
        assert_eq!(
            embedded, derived,
            "rebuild data/common-passwords/policy.txt (see its README.md)"
        );
    }

    #[test]
    fn every_password_of_the_ranked_list_is_refused() {
        for entry in RANKED.lines() {
            let capitalised = could_pass_without_the_list(entry);
            for p in [
                entry.to_owned(),
                entry.to_ascii_uppercase(),
                entry[..1].to_ascii_uppercase() + &entry[1..],
            ] {
                assert!(check_strength(&p).is_err(), "{p} (of {entry}) is accepted");
            }
            if capitalised {
                assert!(is_common(entry), "{entry}");
            }
        }
    }

    #[test]
    fn the_search_finds_every_line_and_nothing_else() {
        let lines: std::collections::HashSet<&str> = COMMON_PASSWORDS.lines().collect();
        for line in &lines {
            assert!(sorted_lines_contain(COMMON_PASSWORDS, line));
            for near in [
                &line[..line.len() - 1],
                &format!("{line}0"),
                &format!("0{line}"),
            ] {
                assert_eq!(
                    sorted_lines_contain(COMMON_PASSWORDS, near),
                    lines.contains(near),
                    "{near}"
                );
            }
        }
        assert!(!sorted_lines_contain(COMMON_PASSWORDS, ""));
        assert!(!sorted_lines_contain(COMMON_PASSWORDS, "\u{10FFFF}"));
        assert!(!sorted_lines_contain("", "a"));
        assert!(sorted_lines_contain("a\n", "a"));
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

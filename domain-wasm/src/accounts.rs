//! Account fields (SPEC §3, §5): e-mail addresses, display names and contact
//! numbers, parsed once into the form the server stores and the browser
//! shows. The registration form, the profile screens and the API's field
//! errors all use these functions, so a value the browser accepts is one the
//! server accepts.

/// Django REST framework's message for a missing field.
pub const REQUIRED: &str = "This field is required.";
pub const INVALID_EMAIL: &str = "Enter a valid email address.";
pub const NAME_TOO_LONG: &str = "Ensure this field has no more than 100 characters.";
pub const INVALID_NAME: &str = "Names cannot contain control characters.";
pub const INVALID_CONTACT_NUMBER: &str =
    "Enter a valid phone number with its country code, e.g. +91 98765 43210.";

/// Longest address SMTP carries (RFC 5321 path limit less the brackets).
pub const EMAIL_MAX: usize = 254;
pub const NAME_MAX: usize = 100;

/// Why a field was refused, as the message shown under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldProblem(pub &'static str);

impl FieldProblem {
    pub fn message(self) -> &'static str {
        self.0
    }
}

/// An e-mail address, trimmed and lower-cased: the form accounts are stored
/// and looked up by, so `Asha@Example.com ` and `asha@example.com` are one
/// account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, FieldProblem> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err(FieldProblem(REQUIRED));
        }
        if email.chars().count() > EMAIL_MAX || !plausible_address(&email) {
            return Err(FieldProblem(INVALID_EMAIL));
        }
        Ok(Email(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// `local@domain.tld`: one `@`; a local part of 1-64 visible characters
/// without leading, trailing or doubled dots; a domain of dot-separated
/// labels of letters, digits and inner hyphens, ending in a label of at
/// least two letters. Non-ASCII letters are allowed (internationalised
/// addresses).
fn plausible_address(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.chars().count() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| !c.is_whitespace() && !c.is_control() && !"@<>()[]\\,;:\"".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.chars().count() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic));
    local_ok && domain_ok
}

/// A display name: trimmed, inner runs of white space made one space,
/// 1-100 characters, no control characters.
pub fn parse_name(raw: &str) -> Result<String, FieldProblem> {
    if raw.chars().any(|c| c.is_control() && !c.is_whitespace()) {
        return Err(FieldProblem(INVALID_NAME));
    }
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(FieldProblem(REQUIRED));
    }
    if name.chars().count() > NAME_MAX {
        return Err(FieldProblem(NAME_TOO_LONG));
    }
    Ok(name)
}

/// A contact number in E.164 form (`+919876543210`). Spaces, hyphens, dots
/// and brackets are ignored. Without a country code, a ten-digit Indian
/// mobile number (first digit 6-9), optionally written with a leading 0 or
/// 91, is taken as +91. With `+`, 8 to 15 digits, the first not 0.
pub fn parse_contact_number(raw: &str) -> Result<String, FieldProblem> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(FieldProblem(REQUIRED));
    }
    let (plus, rest) = match trimmed.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, trimmed),
    };
    let mut digits = String::with_capacity(rest.len());
    for c in rest.chars() {
        match c {
            '0'..='9' => digits.push(c),
            ' ' | '-' | '.' | '(' | ')' => {}
            _ => return Err(FieldProblem(INVALID_CONTACT_NUMBER)),
        }
    }
    let indian_mobile = |d: &str| d.len() == 10 && d.starts_with(['6', '7', '8', '9']);
    let normalised = if plus {
        (8..=15).contains(&digits.len()) && !digits.starts_with('0')
    } else if let Some(national) = digits.strip_prefix("91").filter(|d| indian_mobile(d)) {
        digits = national.to_owned();
        indian_mobile(&digits)
    } else if let Some(national) = digits.strip_prefix('0').filter(|d| indian_mobile(d)) {
        digits = national.to_owned();
        true
    } else {
        indian_mobile(&digits)
    };
    if !normalised {
        return Err(FieldProblem(INVALID_CONTACT_NUMBER));
    }
    Ok(if plus {
        format!("+{digits}")
    } else {
        format!("+91{digits}")
    })
}

/// The answer to a time zone that is not an IANA zone name.
pub const UNKNOWN_TIME_ZONE: &str = "Choose a time zone from the list, e.g. Asia/Kolkata.";

/// An IANA time zone name as the crate's zone data (`chrono-tz`, the data
/// [`crate::slots`] checks mentors' zones with) knows it, e.g.
/// `Asia/Kolkata` or `UTC`; surrounding spaces are ignored. The name is
/// matched exactly (`asia/kolkata` is not a zone).
pub fn parse_time_zone(raw: &str) -> Result<String, FieldProblem> {
    raw.trim()
        .parse::<chrono_tz::Tz>()
        .map(|tz| tz.name().to_owned())
        .map_err(|_| FieldProblem(UNKNOWN_TIME_ZONE))
}

/// A form field parsed: the value to send and store, or the message shown
/// under the field.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum FieldCheck {
    Ok { value: String },
    Error { message: &'static str },
}

impl From<Result<String, FieldProblem>> for FieldCheck {
    fn from(result: Result<String, FieldProblem>) -> Self {
        match result {
            Ok(value) => FieldCheck::Ok { value },
            Err(problem) => FieldCheck::Error {
                message: problem.message(),
            },
        }
    }
}

/// An e-mail address trimmed and lower-cased, or why it is refused.
#[crate::export(on_demand)]
pub fn check_email(email: &str) -> FieldCheck {
    Email::parse(email).map(Email::into_string).into()
}

/// A display name tidied (1-100 characters), or why it is refused.
#[crate::export(on_demand)]
pub fn check_name(name: &str) -> FieldCheck {
    parse_name(name).into()
}

/// A contact number in E.164 form (+91 assumed for Indian mobiles), or why it is refused.
#[crate::export(on_demand)]
pub fn check_contact_number(number: &str) -> FieldCheck {
    parse_contact_number(number).into()
}

/// The login form's message for an empty password.
pub const PASSWORD_REQUIRED: &str = "Please enter your password.";
/// The password change's message for an empty current password.
pub const CURRENT_PASSWORD_REQUIRED: &str = "Please enter your current password.";
/// SPEC §5, §8: resend verification with an empty e-mail box.
pub const EMAIL_REQUIRED: &str = "Email is required!";

/// A password someone must type (login): as typed, not trimmed (spaces are
/// characters of a password), or [`PASSWORD_REQUIRED`] when empty.
#[crate::export(on_demand)]
pub fn check_password_given(password: &str) -> FieldCheck {
    if password.is_empty() {
        FieldCheck::Error {
            message: PASSWORD_REQUIRED,
        }
    } else {
        FieldCheck::Ok {
            value: password.to_owned(),
        }
    }
}

/// The current password of a password change: as typed, or
/// [`CURRENT_PASSWORD_REQUIRED`] when empty.
#[crate::export(on_demand)]
pub fn check_current_password(password: &str) -> FieldCheck {
    if password.is_empty() {
        FieldCheck::Error {
            message: CURRENT_PASSWORD_REQUIRED,
        }
    } else {
        FieldCheck::Ok {
            value: password.to_owned(),
        }
    }
}

/// An e-mail address where the screen words a blank box as the spec's
/// "Email is required!" (resend verification); otherwise [`check_email`].
#[crate::export(on_demand)]
pub fn check_email_required(email: &str) -> FieldCheck {
    if email.trim().is_empty() {
        FieldCheck::Error {
            message: EMAIL_REQUIRED,
        }
    } else {
        check_email(email)
    }
}

/// An optional display name: nothing (`undefined`) when left blank,
/// otherwise [`check_name`].
#[crate::export(on_demand)]
pub fn check_optional_name(name: &str) -> Option<FieldCheck> {
    (!name.trim().is_empty()).then(|| check_name(name))
}

/// An optional contact number: nothing (`undefined`) when left blank,
/// otherwise [`check_contact_number`].
#[crate::export(on_demand)]
pub fn check_optional_contact_number(number: &str) -> Option<FieldCheck> {
    (!number.trim().is_empty()).then(|| check_contact_number(number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_zone_is_an_exact_iana_name() {
        assert_eq!(
            parse_time_zone("Asia/Kolkata"),
            Ok("Asia/Kolkata".to_owned())
        );
        assert_eq!(
            parse_time_zone(" Europe/London "),
            Ok("Europe/London".to_owned())
        );
        assert_eq!(parse_time_zone("UTC"), Ok("UTC".to_owned()));
        for bad in [
            "",
            "Mars/Olympus",
            "asia/kolkata",
            "IST",
            "+05:30",
            "Asia/Kolkata\0",
        ] {
            assert_eq!(
                parse_time_zone(bad),
                Err(FieldProblem(UNKNOWN_TIME_ZONE)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn emails_are_trimmed_and_lower_cased() {
        assert_eq!(
            Email::parse("  Asha.Rao@Example.COM ").map(Email::into_string),
            Ok("asha.rao@example.com".into())
        );
        assert_eq!(
            Email::parse("priya+mentor@mail.co.in").map(Email::into_string),
            Ok("priya+mentor@mail.co.in".into())
        );
    }

    #[test]
    fn malformed_emails_are_refused() {
        for bad in [
            "asha",
            "asha@",
            "@example.com",
            "asha@example",
            "asha@@example.com",
            "as ha@example.com",
            "asha@exa mple.com",
            ".asha@example.com",
            "asha.@example.com",
            "as..ha@example.com",
            "asha@-example.com",
            "asha@example.c",
            "asha@example.123",
            "asha@example..com",
        ] {
            assert_eq!(Email::parse(bad), Err(FieldProblem(INVALID_EMAIL)), "{bad}");
        }
        assert_eq!(Email::parse("   "), Err(FieldProblem(REQUIRED)));
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(Email::parse(&long), Err(FieldProblem(INVALID_EMAIL)));
    }

    #[test]
    fn names_are_tidied_and_bounded() {
        assert_eq!(parse_name("  Asha   Rao "), Ok("Asha Rao".into()));
        assert_eq!(parse_name(" \t"), Err(FieldProblem(REQUIRED)));
        assert_eq!(parse_name("a\u{0}b"), Err(FieldProblem(INVALID_NAME)));
        assert_eq!(
            parse_name(&"é".repeat(100)).map(|n| n.chars().count()),
            Ok(100)
        );
        assert_eq!(
            parse_name(&"é".repeat(101)),
            Err(FieldProblem(NAME_TOO_LONG))
        );
    }

    #[test]
    fn contact_numbers_become_e164() {
        for (raw, want) in [
            ("98765 43210", "+919876543210"),
            ("+91 98765-43210", "+919876543210"),
            ("09876543210", "+919876543210"),
            ("919876543210", "+919876543210"),
            ("+44 20 7946 0958", "+442079460958"),
            ("+1 (415) 555-2671", "+14155552671"),
        ] {
            assert_eq!(parse_contact_number(raw).as_deref(), Ok(want), "{raw}");
        }
        for bad in [
            "12345",
            "5876543210",
            "+0123456789",
            "+1234567",
            "98765x43210",
            "+1234567890123456",
        ] {
            assert_eq!(
                parse_contact_number(bad),
                Err(FieldProblem(INVALID_CONTACT_NUMBER)),
                "{bad}"
            );
        }
        assert_eq!(parse_contact_number(" "), Err(FieldProblem(REQUIRED)));
    }

    #[test]
    fn required_and_optional_fields() {
        assert_eq!(
            check_password_given(""),
            FieldCheck::Error {
                message: PASSWORD_REQUIRED
            }
        );
        assert_eq!(
            check_password_given(" "),
            FieldCheck::Ok { value: " ".into() }
        );
        assert_eq!(
            check_email_required("  "),
            FieldCheck::Error {
                message: EMAIL_REQUIRED
            }
        );
        assert_eq!(check_optional_name(" \t"), None);
        assert_eq!(check_optional_contact_number(""), None);
        assert_eq!(
            check_optional_contact_number("98765 43210"),
            Some(FieldCheck::Ok {
                value: "+919876543210".into()
            })
        );
    }
}

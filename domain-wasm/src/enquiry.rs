//! The enquiry forms (contact, `/contact`, and custom quote, `/b2b/contact`):
//! their limits, the programme list, the team sizes, how each field is
//! cleaned and checked, and the message-length counter.
//!
//! Replaces the copies in `api/src/routes/site.rs` (limits, `Fields::line`,
//! `Fields::message`, `Fields::programme`, `one_line`),
//! `api/src/store/enquiries.rs` (`PROGRAMMES`, `programme_label`),
//! `webapp/src/features/pages/forms.tsx` (`MESSAGE_MIN`, `MESSAGE_MAX`,
//! `checkMessage`, `messageCount` with `toLocaleString("en-IN")`),
//! `ContactPage.tsx` (`SUBJECT_MAX`, the subject check), `QuotePage.tsx`
//! (`COMPANY_MAX`, `TEAM_SIZES`, `isProgramme`, the company, team-size and
//! programme checks), `programmes.ts` (`PROGRAMME_SLUGS`, `QUOTE_PROGRAMMES`,
//! `programmeFromPath`) and `webapp/src/app/navigation.ts` (the business
//! menu's slugs and names).
//!
//! Each check returns a [`Checked`] value. A problem carries both wordings
//! that exist today: `message`, the form's (shown under the field), and
//! `api_message`, the API's djoser-style field error. Where the copies
//! disagreed on cleaning, the server's reading is kept (it is what is
//! stored): white space inside one-line fields collapses, the message keeps
//! line breaks and drops other control characters, `\r\n` counts as one
//! character, and a programme is matched trimmed and lower-cased. The team
//! size is free text of at most 50 characters for the API (as documented in
//! its OpenAPI) and one of [`TEAM_SIZES`] for the form's select
//! (`choices_only`).

use serde::Serialize;

use crate::accounts::REQUIRED;
use crate::money::group_indian;

/// The message: at least this many characters…
pub const MESSAGE_MIN: u32 = 10;
/// …and at most this many.
pub const MESSAGE_MAX: u32 = 5000;
/// The contact form's optional subject, at most.
pub const SUBJECT_MAX: u32 = 150;
/// The quote form's organisation, at most.
pub const COMPANY_MAX: u32 = 150;
/// The quote form's team size (free text for the API), at most.
pub const TEAM_SIZE_MAX: u32 = 50;
/// How much of an unknown programme value the API's error message repeats.
pub const PROGRAMME_ECHO_MAX: usize = 50;

/// The enquiry forms' length limits, in characters (for JavaScript: the
/// inputs' `maxLength`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct EnquiryLimits {
    /// [`MESSAGE_MIN`].
    pub message_min: u32,
    /// [`MESSAGE_MAX`].
    pub message_max: u32,
    /// [`SUBJECT_MAX`].
    pub subject_max: u32,
    /// [`COMPANY_MAX`].
    pub company_max: u32,
    /// [`TEAM_SIZE_MAX`].
    pub team_size_max: u32,
}

/// The enquiry forms' length limits (message, subject, organisation, team size).
#[crate::export(on_demand)]
pub fn enquiry_limits() -> EnquiryLimits {
    EnquiryLimits {
        message_min: MESSAGE_MIN,
        message_max: MESSAGE_MAX,
        subject_max: SUBJECT_MAX,
        company_max: COMPANY_MAX,
        team_size_max: TEAM_SIZE_MAX,
    }
}

/// An entry of a select: the value sent and stored, and its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
}

/// The business programmes (SPEC §1, §2 business menu), one page each at
/// `/b2b/{value}`, in menu order.
pub const BUSINESS_PROGRAMMES: [Choice; 5] = [
    Choice {
        value: "corporate-mentoring",
        label: "Corporate Mentoring",
    },
    Choice {
        value: "ceo-talks",
        label: "CEO Talks",
    },
    Choice {
        value: "strategy-consulting",
        label: "Strategy Consulting",
    },
    Choice {
        value: "industry-mentoring",
        label: "Industry Mentoring",
    },
    Choice {
        value: "startup-entrepreneurship",
        label: "Startup & Entrepreneurship",
    },
];

/// What a custom quote can be for: the business programmes, then "other".
pub const PROGRAMMES: [Choice; 6] = [
    BUSINESS_PROGRAMMES[0],
    BUSINESS_PROGRAMMES[1],
    BUSINESS_PROGRAMMES[2],
    BUSINESS_PROGRAMMES[3],
    BUSINESS_PROGRAMMES[4],
    Choice {
        value: "other",
        label: "Something else",
    },
];

/// The team sizes the quote form offers, as sent and stored.
pub const TEAM_SIZES: [Choice; 5] = [
    Choice {
        value: "1-10",
        label: "1–10 people",
    },
    Choice {
        value: "11-50",
        label: "11–50 people",
    },
    Choice {
        value: "51-200",
        label: "51–200 people",
    },
    Choice {
        value: "201-1000",
        label: "201–1,000 people",
    },
    Choice {
        value: "1000+",
        label: "More than 1,000 people",
    },
];

/// [`BUSINESS_PROGRAMMES`] as a list (for JavaScript).
#[crate::export(on_demand)]
pub fn business_programmes() -> Vec<Choice> {
    BUSINESS_PROGRAMMES.to_vec()
}

/// [`PROGRAMMES`] as a list (for JavaScript): the quote form's options.
#[crate::export(on_demand)]
pub fn programmes() -> Vec<Choice> {
    PROGRAMMES.to_vec()
}

/// [`TEAM_SIZES`] as a list (for JavaScript).
#[crate::export(on_demand)]
pub fn team_sizes() -> Vec<Choice> {
    TEAM_SIZES.to_vec()
}

/// The name of a programme (`CEO Talks`), or the value itself when unknown.
#[crate::export(on_demand)]
pub fn programme_label(value: &str) -> &str {
    PROGRAMMES
        .iter()
        .find(|c| c.value == value)
        .map_or(value, |c| c.label)
}

/// The programme a value names, trimmed and lower-cased (` CEO-Talks ` is
/// `ceo-talks`); `None` when it names none.
pub fn parse_programme(raw: &str) -> Option<&'static str> {
    let value = crate::bindings::lowercase(raw.trim());
    PROGRAMMES
        .iter()
        .find(|c| c.value == value)
        .map(|c| c.value)
}

/// The business programme of a `/b2b/{slug}` path (a trailing `/` allowed),
/// or `None` (`/b2b/contact` is the quote form, not a programme).
#[crate::export(on_demand)]
pub fn programme_from_path(pathname: &str) -> Option<&'static str> {
    let slug = pathname.strip_prefix("/b2b/")?;
    let slug = slug.strip_suffix('/').unwrap_or(slug);
    BUSINESS_PROGRAMMES
        .iter()
        .find(|c| c.value == slug)
        .map(|c| c.value)
}

/// Whether a value is one of the form's team sizes, exactly.
pub fn is_team_size(value: &str) -> bool {
    TEAM_SIZES.iter().any(|c| c.value == value)
}

/// A one-line field as stored: every run of white space or control
/// characters becomes one space, and the ends are trimmed.
pub fn one_line(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The message as stored: `\r\n` becomes `\n`, control characters other
/// than line breaks and tabs are dropped, and the ends are trimmed.
pub fn clean_message(raw: &str) -> String {
    let cleaned: String = raw
        .replace("\r\n", "\n")
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect();
    cleaned.trim().to_owned()
}

fn char_count(s: &str) -> u32 {
    s.chars().count().try_into().unwrap_or(u32::MAX)
}

/// The message's length as the limits count it: characters (code points)
/// of [`clean_message`].
#[crate::export(on_demand)]
pub fn message_length(raw: &str) -> u32 {
    char_count(&clean_message(raw))
}

/// The counter under the message box: `1,234 / 5,000 characters`, numbers
/// grouped the Indian way (`1,00,000`).
#[crate::export(on_demand)]
pub fn message_count(raw: &str) -> String {
    format!(
        "{} / {} characters",
        group_indian(u64::from(message_length(raw))),
        group_indian(u64::from(MESSAGE_MAX))
    )
}

/// What is wrong with a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Problem {
    /// Empty, or only white space.
    Required,
    /// Fewer than `min` characters.
    TooShort { min: u32 },
    /// More than `max` characters.
    TooLong { max: u32 },
    /// Not one of the choices.
    NotAChoice,
}

/// The outcome of checking one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum Checked {
    /// The value to send and store, cleaned.
    Ok { value: String },
    /// An optional field left empty: send nothing.
    Absent,
    Invalid {
        problem: Problem,
        /// The form's words, shown under the field.
        message: String,
        /// The API's field error (`{"field": ["…"]}`).
        #[serde(rename = "apiMessage")]
        api_message: String,
    },
}

impl Checked {
    /// The cleaned value; `None` when absent or invalid.
    pub fn value(&self) -> Option<&str> {
        match self {
            Checked::Ok { value } => Some(value),
            _ => None,
        }
    }

    /// The API's field error, when invalid.
    pub fn api_message(&self) -> Option<&str> {
        match self {
            Checked::Invalid { api_message, .. } => Some(api_message),
            _ => None,
        }
    }
}

fn api_too_long(max: u32) -> String {
    format!("Ensure this field has no more than {max} characters.")
}

fn invalid(problem: Problem, message: String, api_message: String) -> Checked {
    Checked::Invalid {
        problem,
        message,
        api_message,
    }
}

fn required() -> Checked {
    invalid(Problem::Required, REQUIRED.to_owned(), REQUIRED.to_owned())
}

/// The message (both forms): required, [`MESSAGE_MIN`] to [`MESSAGE_MAX`]
/// characters of [`clean_message`].
#[crate::export(on_demand)]
pub fn check_message(raw: &str) -> Checked {
    let value = clean_message(raw);
    let n = char_count(&value);
    if n == 0 {
        required()
    } else if n < MESSAGE_MIN {
        invalid(
            Problem::TooShort { min: MESSAGE_MIN },
            format!("Please write at least {MESSAGE_MIN} characters so we can help."),
            format!("Ensure this field has at least {MESSAGE_MIN} characters."),
        )
    } else if n > MESSAGE_MAX {
        invalid(
            Problem::TooLong { max: MESSAGE_MAX },
            format!(
                "Please keep your message to {} characters or fewer.",
                group_indian(u64::from(MESSAGE_MAX))
            ),
            api_too_long(MESSAGE_MAX),
        )
    } else {
        Checked::Ok { value }
    }
}

/// The contact form's subject: optional, one line, at most [`SUBJECT_MAX`].
#[crate::export(on_demand)]
pub fn check_subject(raw: &str) -> Checked {
    let value = one_line(raw);
    if value.is_empty() {
        Checked::Absent
    } else if char_count(&value) > SUBJECT_MAX {
        invalid(
            Problem::TooLong { max: SUBJECT_MAX },
            format!("Please keep the subject to {SUBJECT_MAX} characters or fewer."),
            api_too_long(SUBJECT_MAX),
        )
    } else {
        Checked::Ok { value }
    }
}

/// The quote form's organisation: required, one line, at most [`COMPANY_MAX`].
#[crate::export(on_demand)]
pub fn check_company(raw: &str) -> Checked {
    let value = one_line(raw);
    if value.is_empty() {
        required()
    } else if char_count(&value) > COMPANY_MAX {
        invalid(
            Problem::TooLong { max: COMPANY_MAX },
            format!("Please keep this to {COMPANY_MAX} characters or fewer."),
            api_too_long(COMPANY_MAX),
        )
    } else {
        Checked::Ok { value }
    }
}

fn not_a_choice(raw: &str, choices: &[Choice], message: &str) -> Checked {
    let values: Vec<&str> = choices.iter().map(|c| c.value).collect();
    let echo: String = one_line(raw).chars().take(PROGRAMME_ECHO_MAX).collect();
    invalid(
        Problem::NotAChoice,
        message.to_owned(),
        format!(
            "\"{echo}\" is not a valid choice. Choose one of: {}.",
            values.join(", ")
        ),
    )
}

/// The quote form's team size: optional. With `choices_only` (the form's
/// select) it must be one of [`TEAM_SIZES`] exactly; without (the API) it
/// is free text, one line, at most [`TEAM_SIZE_MAX`] characters.
#[crate::export(on_demand)]
pub fn check_team_size(raw: &str, choices_only: bool) -> Checked {
    let value = one_line(raw);
    if value.is_empty() {
        Checked::Absent
    } else if choices_only && !is_team_size(raw) {
        not_a_choice(raw, &TEAM_SIZES, "Choose one of the team sizes.")
    } else if char_count(&value) > TEAM_SIZE_MAX {
        invalid(
            Problem::TooLong { max: TEAM_SIZE_MAX },
            format!("Please keep this to {TEAM_SIZE_MAX} characters or fewer."),
            api_too_long(TEAM_SIZE_MAX),
        )
    } else {
        Checked::Ok { value }
    }
}

const CHOOSE_PROGRAMME: &str = "Choose the programme you are interested in.";

/// The quote's programme: required, one of [`PROGRAMMES`] (trimmed and
/// lower-cased); the value is the programme's.
#[crate::export(on_demand)]
pub fn check_programme(raw: &str) -> Checked {
    if raw.trim().is_empty() {
        return invalid(
            Problem::Required,
            CHOOSE_PROGRAMME.to_owned(),
            REQUIRED.to_owned(),
        );
    }
    match parse_programme(raw) {
        Some(value) => Checked::Ok {
            value: value.to_owned(),
        },
        None => not_a_choice(raw, &PROGRAMMES, CHOOSE_PROGRAMME),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_lists() {
        assert_eq!((MESSAGE_MIN, MESSAGE_MAX), (10, 5000));
        assert_eq!((SUBJECT_MAX, COMPANY_MAX, TEAM_SIZE_MAX), (150, 150, 50));
        assert_eq!(programme_label("ceo-talks"), "CEO Talks");
        assert_eq!(programme_label("yoga"), "yoga");
        assert_eq!(PROGRAMMES[5].value, "other");
        assert_eq!(parse_programme(" CEO-Talks "), Some("ceo-talks"));
        assert_eq!(parse_programme("yoga"), None);
        assert_eq!(programme_from_path("/b2b/ceo-talks/"), Some("ceo-talks"));
        assert_eq!(programme_from_path("/b2b/contact"), None);
        assert_eq!(programme_from_path("/b2b/other"), None);
        assert!(is_team_size("1000+"));
        assert!(!is_team_size("1-10 "));
    }

    #[test]
    fn the_counter_groups_the_indian_way() {
        assert_eq!(message_count(""), "0 / 5,000 characters");
        assert_eq!(message_count("  hello \r\n"), "5 / 5,000 characters");
        assert_eq!(message_count(&"a".repeat(1234)), "1,234 / 5,000 characters");
        assert_eq!(message_count("a\r\nb"), "3 / 5,000 characters");
    }

    #[test]
    fn messages_are_cleaned_then_counted() {
        assert_eq!(check_message("   "), required());
        assert_eq!(
            check_message("too short"),
            invalid(
                Problem::TooShort { min: 10 },
                "Please write at least 10 characters so we can help.".into(),
                "Ensure this field has at least 10 characters.".into()
            )
        );
        assert_eq!(
            check_message(" ten chars!\u{7} ").value(),
            Some("ten chars!")
        );
        assert_eq!(
            check_message(&"é".repeat(5000)).value().map(str::len),
            Some(10_000)
        );
        assert_eq!(
            check_message(&"é".repeat(5001)).api_message(),
            Some("Ensure this field has no more than 5000 characters.")
        );
    }

    #[test]
    fn programme_errors_name_the_choices() {
        assert_eq!(
            check_programme("yoga").api_message(),
            Some(
                "\"yoga\" is not a valid choice. Choose one of: corporate-mentoring, ceo-talks, \
                 strategy-consulting, industry-mentoring, startup-entrepreneurship, other."
            )
        );
        assert_eq!(check_programme(" Other ").value(), Some("other"));
        assert_eq!(check_programme(" ").api_message(), Some(REQUIRED));
    }
}

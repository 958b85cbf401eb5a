//! The API's request bodies, declared once (issue 23, "parse, don't
//! validate"): each body's fields, which are required, and each field's
//! rule (length, pattern, range, choices, format). Three readers use the
//! same declarations:
//!
//! - the parsers beside them ([`accounts`], [`site`], [`bookings`],
//!   [`mentoring`], [`money`]), which turn what a client sent into a parsed
//!   value or the field errors in djoser's shape (`{"field": ["message"]}`),
//!   so a handler calls only the parser and a use case takes the parsed
//!   value (a change checked whole with what is stored, such as a
//!   profile's, is parsed by the use case once it has read the stored
//!   value);
//! - the API's OpenAPI document, whose body schemas get their `required`
//!   lists and their fields' keywords from [`BODIES`] (`api/src/contract.rs`
//!   only applies them);
//! - the web app, which reads the limits it shows from the exports here
//!   (`bookingFormLimits()`), not from numbers of its own.
//!
//! A field's rule is written in JSON Schema's words ([`Rule`] serialises to
//! them). A pattern documents a rule the crate checks with code (an e-mail
//! address is `accounts::Email::parse`): the patterns are in [`patterns`],
//! beside the functions whose rule they spell.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::accounts::{self as rules, Email};

pub mod accounts;
pub mod bookings;
pub mod mentoring;
pub mod money;
pub mod patterns;
pub mod site;
pub mod webhooks;

#[cfg(test)]
mod tests;

/// Each field with its messages (djoser's shape; SPEC §5: the first
/// message shows under the field).
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// What a field must be, in JSON Schema's keywords. Empty ([`Rule::NONE`])
/// for a field whose type says it all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<usize>,
    /// In characters (code points) of the cleaned text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiple_of: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_items: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_items: Option<usize>,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub choices: Option<&'static [&'static str]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<&'static str>,
}

impl Rule {
    pub const NONE: Rule = Rule {
        pattern: None,
        min_length: None,
        max_length: None,
        minimum: None,
        maximum: None,
        multiple_of: None,
        min_items: None,
        max_items: None,
        choices: None,
        format: None,
        description: None,
    };

    /// Text matching `pattern`.
    pub const fn pattern(pattern: &'static str) -> Rule {
        Rule {
            pattern: Some(pattern),
            ..Rule::NONE
        }
    }

    /// Text of at most `max` characters.
    pub const fn max_length(max: usize) -> Rule {
        Rule {
            max_length: Some(max),
            ..Rule::NONE
        }
    }

    /// A whole number from `min` to `max`.
    pub const fn range(min: i64, max: i64) -> Rule {
        Rule {
            minimum: Some(min),
            maximum: Some(max),
            ..Rule::NONE
        }
    }

    /// One of `choices`.
    pub const fn one_of(choices: &'static [&'static str]) -> Rule {
        Rule {
            choices: Some(choices),
            ..Rule::NONE
        }
    }

    /// An RFC 3339 instant.
    pub const DATE_TIME: Rule = Rule {
        format: Some("date-time"),
        ..Rule::NONE
    };

    /// A list of `min` to `max` items.
    pub const fn items(min: Option<usize>, max: usize) -> Rule {
        Rule {
            min_items: min,
            max_items: Some(max),
            ..Rule::NONE
        }
    }

    /// This rule, with a pattern as well.
    pub const fn and_pattern(self, pattern: &'static str) -> Rule {
        Rule {
            pattern: Some(pattern),
            ..self
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == Rule::NONE
    }
}

/// One field of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Its name in the JSON body.
    pub name: &'static str,
    pub required: bool,
    pub rule: Rule,
    /// How a message names it ("the note", "your feedback"): "Keep the
    /// note to 1000 characters or fewer."
    pub label: &'static str,
}

impl Field {
    /// An optional field.
    pub const fn optional(name: &'static str, rule: Rule) -> Field {
        Field {
            name,
            required: false,
            rule,
            label: "this",
        }
    }

    /// A field the body must carry.
    pub const fn required(name: &'static str, rule: Rule) -> Field {
        Field {
            name,
            required: true,
            rule,
            label: "this",
        }
    }

    /// The same field, named `label` in messages.
    pub const fn called(self, label: &'static str) -> Field {
        Field { label, ..self }
    }

    /// The message of a text longer than the rule's maximum.
    pub fn too_long(&self) -> String {
        format!(
            "Keep {} to {} characters or fewer.",
            self.label,
            self.rule.max_length.unwrap_or_default()
        )
    }
}

/// A request body: the name of its schema in the OpenAPI document and its
/// fields (those not listed keep the schema their type gives).
#[derive(Debug, Clone, Copy)]
pub struct Body {
    pub schema: &'static str,
    pub fields: &'static [Field],
}

impl Body {
    /// The names of the fields the body must carry.
    pub fn required(&self) -> Vec<&'static str> {
        self.fields
            .iter()
            .filter(|f| f.required)
            .map(|f| f.name)
            .collect()
    }
}

/// Every JSON request body of the API.
pub const BODIES: &[&Body] = &[
    &accounts::LOGIN,
    &accounts::REFRESH,
    &accounts::LOGOUT,
    &accounts::EMAIL,
    &accounts::UID_TOKEN,
    &accounts::REGISTER,
    &accounts::RESET_CONFIRM,
    &accounts::SET_PASSWORD,
    &accounts::GOOGLE,
    &accounts::PROFILE,
    &accounts::COMPLETE_PROFILE,
    &site::CONTACT,
    &site::QUOTE,
    &mentoring::MENTOR_PROFILE,
    &mentoring::MENTOR_SERVICE,
    &mentoring::AVAILABILITY,
    &mentoring::APPLICATION,
    &mentoring::GUEST_APPLICATION,
    &mentoring::APPLICATION_SERVICE,
    &mentoring::REJECT_APPLICATION,
    &money::COMMISSION,
    &money::COMMISSION_OVERRIDE,
    &money::MENTOR_RATE,
    &money::VERIFY,
    &money::SANDBOX_PAY,
    &bookings::NEW_BOOKING,
    &bookings::REASON,
    &bookings::RESCHEDULE,
    &bookings::NO_SHOW,
    &bookings::CONTEST,
    &bookings::DECIDE,
    &bookings::FEEDBACK,
    &money::REFUND_REQUEST,
    &money::APPROVE,
    &money::REJECT,
    &money::PAYOUT_DETAILS,
    &money::PAYOUT_BATCH,
    &money::PAYOUT_FAILED,
    &webhooks::WEBHOOK_ENDPOINT,
    &webhooks::WEBHOOK_CHANGE,
];

/// The body declared under `schema`, if any.
pub fn body(schema: &str) -> Option<&'static Body> {
    BODIES.iter().copied().find(|b| b.schema == schema)
}

/// Collects field errors while a body is read, applying the declared rules.
#[derive(Debug, Default)]
pub struct Reader {
    errors: FieldErrors,
}

impl Reader {
    pub fn add(&mut self, field: &Field, message: impl Into<String>) {
        self.errors
            .entry(field.name.to_owned())
            .or_default()
            .push(message.into());
    }

    /// A required value, or [`crate::accounts::REQUIRED`] under the field.
    pub fn present<T>(&mut self, field: &Field, value: Option<T>) -> Option<T> {
        if value.is_none() {
            self.add(field, crate::accounts::REQUIRED);
        }
        value
    }

    /// A required text: given and not blank (as sent, not trimmed), or
    /// [`crate::accounts::REQUIRED`] under the field.
    pub fn given<'a>(&mut self, field: &Field, value: Option<&'a str>) -> Option<&'a str> {
        match value {
            Some(v) if !v.trim().is_empty() => Some(v),
            _ => {
                self.add(field, crate::accounts::REQUIRED);
                None
            }
        }
    }

    /// `text` if within the field's maximum length, otherwise its message.
    pub fn within(&mut self, field: &Field, text: String) -> Option<String> {
        match field.rule.max_length {
            Some(max) if text.chars().count() > max => {
                self.add(field, field.too_long());
                None
            }
            _ => Some(text),
        }
    }

    /// An RFC 3339 instant (any offset), required.
    pub fn instant(
        &mut self,
        field: &Field,
        value: Option<&str>,
    ) -> Option<chrono::DateTime<chrono::Utc>> {
        let text = match value.map(str::trim) {
            Some(t) if !t.is_empty() => t,
            _ => {
                self.add(field, crate::accounts::REQUIRED);
                return None;
            }
        };
        chrono::DateTime::parse_from_rfc3339(text)
            .map(|t| t.with_timezone(&chrono::Utc))
            .map_err(|_| self.add(field, INSTANT_FORMAT))
            .ok()
    }

    /// A rule's field errors, each field's messages after those already
    /// under it.
    pub fn extend(&mut self, errors: FieldErrors) {
        for (field, messages) in errors {
            self.errors.entry(field).or_default().extend(messages);
        }
    }

    /// A rule's field errors, each message once: one already under its
    /// field (another rule's word on the same field) is not repeated.
    pub fn extend_once(&mut self, errors: FieldErrors) {
        for (field, messages) in errors {
            let under = self.errors.entry(field).or_default();
            for message in messages {
                if !under.contains(&message) {
                    under.push(message);
                }
            }
        }
    }

    /// A rule's field errors, each field's messages in place of those
    /// already under it (the rule's word on a field wins over the reader's,
    /// such as "required").
    pub fn overrule(&mut self, errors: FieldErrors) {
        self.errors.extend(errors);
    }

    /// The errors so far, if any.
    pub fn finish<T>(self, parsed: Option<T>) -> Result<T, FieldErrors> {
        match parsed {
            Some(value) if self.errors.is_empty() => Ok(value),
            _ => Err(self.errors),
        }
    }
}

/// Where a body's errors that belong to no one field go (djoser's name);
/// no body has such a field.
pub const NON_FIELD: Field = Field::optional("non_field_errors", Rule::NONE);

/// `parse`'s value of a field that may be left out: `Some(None)` when it is
/// missing or blank, `None` when `parse` refused it.
fn unless_blank<T>(
    value: Option<&str>,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Option<Option<T>> {
    match value.map(str::trim) {
        None | Some("") => Some(None),
        Some(raw) => parse(raw).map(Some),
    }
}

/// The readers of the account fields several bodies carry (the account
/// forms', [`accounts`], and the enquiry forms', [`site`]); each refused
/// value's message goes under its field.
impl Reader {
    /// An e-mail address by the domain's rule (`accounts::Email::parse`:
    /// trimmed, lower-cased; a missing one is required).
    pub fn email(&mut self, field: &Field, value: Option<&str>) -> Option<Email> {
        Email::parse(value.unwrap_or_default())
            .map_err(|p| self.add(field, p.message()))
            .ok()
    }

    /// A display name by the domain's rule (`accounts::parse_name`; a
    /// missing one is required).
    pub fn name(&mut self, field: &Field, value: Option<&str>) -> Option<String> {
        rules::parse_name(value.unwrap_or_default())
            .map_err(|p| self.add(field, p.message()))
            .ok()
    }

    /// A contact number by the domain's rule (`accounts::parse_contact_number`,
    /// E.164; a blank one is required).
    pub fn contact_number(&mut self, field: &Field, raw: &str) -> Option<String> {
        rules::parse_contact_number(raw)
            .map_err(|p| self.add(field, p.message()))
            .ok()
    }

    /// An optional contact number: `Some(None)` when left out or blank.
    pub fn optional_contact_number(
        &mut self,
        field: &Field,
        value: Option<&str>,
    ) -> Option<Option<String>> {
        unless_blank(value, |raw| self.contact_number(field, raw))
    }

    /// An IANA time zone name (`accounts::parse_time_zone`).
    pub fn time_zone(&mut self, field: &Field, raw: &str) -> Option<String> {
        rules::parse_time_zone(raw)
            .map_err(|p| self.add(field, p.message()))
            .ok()
    }

    /// A new password, required, by the domain's rule
    /// (`password::check_new_password`), and its confirmation under
    /// `again` when that is sent: a mismatch is answered under `again`, any
    /// other problem under `field`. As typed (a password's spaces count).
    #[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
    pub fn new_password<'a>(
        &mut self,
        field: &Field,
        again: &Field,
        value: Option<&'a str>,
        confirmation: Option<&str>,
    ) -> Option<&'a str> {
        let password = self.given(field, value)?;
        match crate::password::check_new_password(password, confirmation.unwrap_or(password)) {
            Ok(()) => Some(password),
            Err(crate::password::PasswordProblem::Mismatch) => {
                self.add(again, crate::password::MISMATCH);
                None
            }
            Err(problem) => {
                self.add(field, problem.message());
                None
            }
        }
    }
}

/// The message of an instant that is not RFC 3339.
pub const INSTANT_FORMAT: &str = "Give the time as RFC 3339, such as 2026-11-25T10:00:00Z.";

/// One field's error, as the API answers it.
pub fn one(field: &Field, message: impl Into<String>) -> FieldErrors {
    let mut r = Reader::default();
    r.add(field, message);
    r.errors
}

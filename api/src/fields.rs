//! Field errors in djoser's shape, `{"field": ["message", ...]}` (SPEC §5:
//! the first message shows under the field), collected while a request
//! body is parsed. Every form endpoint uses this one collector; an endpoint
//! adds its own parsers in an `impl Fields` block beside it.

use std::collections::BTreeMap;

use domain_wasm::accounts;

/// Each field with its messages.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, Default)]
pub struct Fields(pub FieldErrors);

impl Fields {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_owned())
            .or_default()
            .push(message.into());
    }

    pub fn one(field: &str, message: impl Into<String>) -> Fields {
        let mut f = Fields::default();
        f.add(field, message);
        f
    }

    /// Adds `other`'s messages after this one's, field by field.
    pub fn merge(&mut self, other: Fields) {
        for (field, messages) in other.0 {
            self.0.entry(field).or_default().extend(messages);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of a required field, or an error under it.
    pub fn required<'a>(&mut self, field: &str, value: &'a Option<String>) -> Option<&'a str> {
        match value.as_deref() {
            Some(v) if !v.trim().is_empty() => Some(v),
            _ => {
                self.add(field, accounts::REQUIRED);
                None
            }
        }
    }

    /// An e-mail address by the domain's rule (trimmed, lower-cased).
    pub fn email(&mut self, field: &str, value: &Option<String>) -> Option<accounts::Email> {
        accounts::Email::parse(value.as_deref().unwrap_or_default())
            .map_err(|p| self.add(field, p.message()))
            .ok()
    }

    /// A display name by the domain's rule.
    pub fn name(&mut self, field: &str, value: &Option<String>) -> Option<String> {
        accounts::parse_name(value.as_deref().unwrap_or_default())
            .map_err(|p| self.add(field, p.message()))
            .ok()
    }
}

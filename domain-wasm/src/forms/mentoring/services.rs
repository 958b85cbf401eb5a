//! A service a mentor sells (`MentorServiceBody`): a new one, or a change
//! to one of theirs, its terms checked by [`check_service`].

use super::super::{FieldErrors, Reader};
use super::{SERVICE_DURATION, SERVICE_PRICE};
use crate::mentoring::{ServiceDraft, check_service, instant_by_default};

/// A service as sent; `None` keeps the stored value (a change) or takes
/// the default (a new service: active; instant confirmation when free,
/// confirmed by the mentor when paid).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServiceEdit {
    pub title: Option<String>,
    pub description: Option<String>,
    pub duration_minutes: Option<i64>,
    pub price_paise: Option<i64>,
    pub active: Option<bool>,
    pub instant_confirmation: Option<bool>,
}

/// A service's terms, cleaned by [`check_service`], and its switches: what
/// is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceFields {
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    pub price_paise: i64,
    pub active: bool,
    pub instant_confirmation: bool,
}

impl ServiceEdit {
    /// Whether the edit changes the terms (title, description, duration,
    /// price), which the rule checks, rather than only the switches.
    fn changes_terms(&self) -> bool {
        self.title.is_some()
            || self.description.is_some()
            || self.duration_minutes.is_some()
            || self.price_paise.is_some()
    }

    /// The edit over `base`, its terms checked whole.
    fn checked(self, base: ServiceFields) -> Result<ServiceFields, FieldErrors> {
        let draft = ServiceDraft {
            title: self.title.unwrap_or(base.title),
            description: self.description.unwrap_or(base.description),
            duration_minutes: self.duration_minutes.unwrap_or(base.duration_minutes),
            price_paise: self.price_paise.unwrap_or(base.price_paise),
        };
        let clean = check_service(&draft)?;
        Ok(ServiceFields {
            title: clean.title,
            description: clean.description,
            duration_minutes: clean.duration_minutes,
            price_paise: clean.price_paise,
            active: self.active.unwrap_or(base.active),
            instant_confirmation: self
                .instant_confirmation
                .unwrap_or(base.instant_confirmation),
        })
    }
}

/// A new service: the duration and the price are required (the rule's
/// word on a field replaces "required"; a title left out is the rule's
/// "required"), the terms by [`check_service`]; active unless the mentor
/// says, and confirmed at once when free unless the mentor says
/// ([`instant_by_default`]).
pub fn parse_new_service(edit: ServiceEdit) -> Result<ServiceFields, FieldErrors> {
    let mut r = Reader::default();
    r.present(&SERVICE_DURATION, edit.duration_minutes);
    r.present(&SERVICE_PRICE, edit.price_paise);
    let base = ServiceFields {
        title: String::new(),
        description: String::new(),
        duration_minutes: 0,
        price_paise: 0,
        active: true,
        instant_confirmation: instant_by_default(edit.price_paise.unwrap_or(-1)),
    };
    match edit.checked(base) {
        Ok(fields) => r.finish(Some(fields)),
        Err(errors) => {
            r.overrule(errors);
            r.finish(None)
        }
    }
}

/// A change to the stored service `stored`. A change to its terms is
/// checked whole, stored terms included; switching `active` or
/// `instant_confirmation` alone is not checked, so a service stored before
/// the rule (some demo prices have paise or exceed the cap) can still be
/// paused without being repriced first.
pub fn parse_service_change(
    stored: ServiceFields,
    edit: ServiceEdit,
) -> Result<ServiceFields, FieldErrors> {
    if edit.changes_terms() {
        return edit.checked(stored);
    }
    Ok(ServiceFields {
        active: edit.active.unwrap_or(stored.active),
        instant_confirmation: edit
            .instant_confirmation
            .unwrap_or(stored.instant_confirmation),
        ..stored
    })
}

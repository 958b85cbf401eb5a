//! The services a mentor sells: add, change, pause (`active`) and retire
//! them, each checked by `domain_wasm::mentoring::check_service`, each
//! shown with what the platform's commission leaves the mentor
//! (`domain_wasm::commission::split` at their rate).

use chrono::{DateTime, Utc};
use domain_wasm::commission::{Split, split};
use domain_wasm::mentoring::{ServiceDraft, check_service};

use super::{MentoringError, commission};
use crate::store::Store;
use crate::store::services::{OwnService, ServiceFields};

/// The most unretired services one mentor offers.
pub const SERVICES_MAX: i64 = 20;

/// The answer when a mentor already offers [`SERVICES_MAX`] services.
pub fn too_many_services() -> String {
    format!(
        "You offer {SERVICES_MAX} services, the most there can be; retire one before adding another."
    )
}

/// A service with its price split at the mentor's rate.
#[derive(Debug, Clone)]
pub struct PricedService {
    pub service: OwnService,
    pub rate_bps: u32,
    pub split: Split,
}

fn priced(service: OwnService, rate_bps: u32) -> PricedService {
    PricedService {
        split: split(service.price_paise, rate_bps),
        service,
        rate_bps,
    }
}

/// The fields a mentor sends; `None` keeps the stored value (or, for a new
/// service, takes the default: active; instant confirmation when free,
/// confirmed by the mentor when paid).
#[derive(Debug, Clone, Default)]
pub struct ServiceEdit {
    pub title: Option<String>,
    pub description: Option<String>,
    pub duration_minutes: Option<i64>,
    pub price_paise: Option<i64>,
    pub active: Option<bool>,
    pub instant_confirmation: Option<bool>,
}

/// Checks `edit` over `base` (a stored service, or the defaults of a new one).
fn checked(edit: ServiceEdit, base: ServiceFields) -> Result<ServiceFields, MentoringError> {
    let draft = ServiceDraft {
        title: edit.title.unwrap_or(base.title),
        description: edit.description.unwrap_or(base.description),
        duration_minutes: edit.duration_minutes.unwrap_or(base.duration_minutes),
        price_paise: edit.price_paise.unwrap_or(base.price_paise),
    };
    let clean = check_service(&draft)?;
    Ok(ServiceFields {
        title: clean.title,
        description: clean.description,
        duration_minutes: clean.duration_minutes,
        price_paise: clean.price_paise,
        active: edit.active.unwrap_or(base.active),
        instant_confirmation: edit
            .instant_confirmation
            .unwrap_or(base.instant_confirmation),
    })
}

/// The mentor's unretired services, in order, priced.
pub async fn services(store: &Store, mentor_id: i64) -> Result<Vec<PricedService>, MentoringError> {
    let rate = commission::rate_of(store, mentor_id).await?;
    Ok(store
        .own_services(mentor_id)
        .await?
        .into_iter()
        .map(|s| priced(s, rate))
        .collect())
}

/// Adds a service after the others. Title, duration and price are
/// required; at most [`SERVICES_MAX`] unretired services.
pub async fn add(
    store: &Store,
    mentor_id: i64,
    edit: ServiceEdit,
    now: DateTime<Utc>,
) -> Result<PricedService, MentoringError> {
    let mut missing = crate::fields::Fields::default();
    if edit.duration_minutes.is_none() {
        missing.add("duration_minutes", domain_wasm::accounts::REQUIRED);
    }
    if edit.price_paise.is_none() {
        missing.add("price_paise", domain_wasm::accounts::REQUIRED);
    }
    let base = ServiceFields {
        title: String::new(),
        description: String::new(),
        duration_minutes: 0,
        price_paise: 0,
        active: true,
        // Unless the mentor says: a free service confirms at once, a paid
        // one waits for the mentor (`domain_wasm::mentoring`).
        instant_confirmation: domain_wasm::mentoring::instant_by_default(
            edit.price_paise.unwrap_or(-1),
        ),
    };
    let fields = match checked(edit, base) {
        Ok(fields) if missing.is_empty() => fields,
        Ok(_) => return Err(MentoringError::Invalid(missing.0)),
        Err(MentoringError::Invalid(errors)) => {
            // The domain's word on a field wins over "required".
            let mut all = missing;
            for (field, messages) in errors {
                all.0.insert(field, messages);
            }
            return Err(MentoringError::Invalid(all.0));
        }
        Err(e) => return Err(e),
    };
    let Some(added) = store
        .add_service(mentor_id, &fields, SERVICES_MAX, now)
        .await?
    else {
        return Err(MentoringError::field(
            "non_field_errors",
            too_many_services(),
        ));
    };
    let rate = commission::rate_of(store, mentor_id).await?;
    Ok(priced(added, rate))
}

/// Changes one of the mentor's services. A change to its terms (title,
/// description, duration, price) is checked whole, stored fields included;
/// switching `active` or `instant_confirmation` alone is not checked.
pub async fn change(
    store: &Store,
    mentor_id: i64,
    id: i64,
    edit: ServiceEdit,
    now: DateTime<Utc>,
) -> Result<PricedService, MentoringError> {
    let current = store.own_service(mentor_id, id).await?;
    let base = ServiceFields {
        title: current.title,
        description: current.description,
        duration_minutes: current.duration_minutes,
        price_paise: current.price_paise,
        active: current.active,
        instant_confirmation: current.instant_confirmation,
    };
    let terms_change = edit.title.is_some()
        || edit.description.is_some()
        || edit.duration_minutes.is_some()
        || edit.price_paise.is_some();
    let fields = if terms_change {
        checked(edit, base)?
    } else {
        // Pausing, resuming or switching instant confirmation changes none
        // of what the rule checks, so a service stored before the rule
        // (some demo prices have paise or exceed the cap) can still be
        // paused without being repriced first.
        ServiceFields {
            active: edit.active.unwrap_or(base.active),
            instant_confirmation: edit
                .instant_confirmation
                .unwrap_or(base.instant_confirmation),
            ..base
        }
    };
    let stored = store.update_service(mentor_id, id, &fields, now).await?;
    let rate = commission::rate_of(store, mentor_id).await?;
    Ok(priced(stored, rate))
}

/// Retires one of the mentor's services: gone from their list and the
/// catalogue, kept for the bookings that name it.
pub async fn retire(
    store: &Store,
    mentor_id: i64,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), MentoringError> {
    Ok(store.retire_service(mentor_id, id, now).await?)
}

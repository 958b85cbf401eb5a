//! The services a mentor sells: add, change, pause (`active`) and retire
//! them, each parsed by `domain_wasm::forms::mentoring` (the terms checked
//! by `domain_wasm::mentoring::check_service`), each shown with what the
//! platform's commission leaves the mentor (`domain_wasm::commission::split`
//! at their rate).

use chrono::{DateTime, Utc};
use domain_wasm::commission::{Split, split};
use domain_wasm::forms::mentoring::{ServiceEdit, parse_service_change};

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

/// Adds a service (parsed by
/// `domain_wasm::forms::mentoring::parse_new_service`) after the others;
/// at most [`SERVICES_MAX`] unretired services.
pub async fn add(
    store: &Store,
    mentor_id: i64,
    fields: ServiceFields,
    now: DateTime<Utc>,
) -> Result<PricedService, MentoringError> {
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

/// Changes one of the mentor's services: `edit` is parsed over the stored
/// service (`domain_wasm::forms::mentoring::parse_service_change`: a change
/// to its terms is checked whole, stored fields included; switching
/// `active` or `instant_confirmation` alone is not checked).
pub async fn change(
    store: &Store,
    mentor_id: i64,
    id: i64,
    edit: ServiceEdit,
    now: DateTime<Utc>,
) -> Result<PricedService, MentoringError> {
    let current = store.own_service(mentor_id, id).await?;
    let stored = ServiceFields {
        title: current.title,
        description: current.description,
        duration_minutes: current.duration_minutes,
        price_paise: current.price_paise.to_i64(),
        active: current.active,
        instant_confirmation: current.instant_confirmation,
    };
    let fields = parse_service_change(stored, edit)?;
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

//! The platform's commission: the default rate an administrator sets and
//! the rates agreed with single mentors, in basis points
//! (`domain_wasm::commission`); each change records who made it.

use chrono::{DateTime, Utc};
use domain_wasm::forms::FieldErrors;
use domain_wasm::forms::money::CommissionDraft;

use super::MentoringError;
use crate::store::Store;
use crate::store::commission::Commission;

pub async fn commission(store: &Store) -> Result<Commission, MentoringError> {
    Ok(store.commission().await?)
}

/// The rate the platform takes from this mentor: theirs, or the default.
pub async fn rate_of(store: &Store, mentor_id: i64) -> Result<u32, MentoringError> {
    let rate = store.commission_rate_of(mentor_id).await?;
    // The tables' checks keep rates from 0 to 10,000.
    Ok(u32::try_from(rate).unwrap_or(domain_wasm::commission::MAX_RATE_BPS))
}

/// Applies a change parsed by `domain_wasm::forms::money::parse_commission`
/// in one unit of work, once the store has said that every mentor it names
/// exists (the body's errors and unknown mentors are answered together).
pub async fn change(
    store: &Store,
    draft: CommissionDraft,
    by: i64,
    now: DateTime<Utc>,
) -> Result<Commission, MentoringError> {
    let unknown = store.unknown_mentors(&draft.mentors()).await?;
    let change = draft.known(&unknown)?;
    store.change_commission(&change, by, now).await?;
    Ok(store.commission().await?)
}

/// Sets one mentor's rate (`rate`: as
/// `domain_wasm::forms::money::parse_mentor_rate` read it);
/// [`MentoringError::NotFound`] when there is no such mentor, which is
/// answered before the rate's errors.
pub async fn set_override(
    store: &Store,
    mentor_id: i64,
    rate: Result<i64, FieldErrors>,
    by: i64,
    now: DateTime<Utc>,
) -> Result<Commission, MentoringError> {
    if !store.unknown_mentors(&[mentor_id]).await?.is_empty() {
        return Err(MentoringError::NotFound);
    }
    let rate = rate?;
    store
        .set_commission_override(mentor_id, rate, by, now)
        .await?;
    Ok(store.commission().await?)
}

/// Removes one mentor's rate (the default applies to them again);
/// [`MentoringError::NotFound`] when there is no such mentor. Removing a
/// rate that is not there is done already.
pub async fn remove_override(store: &Store, mentor_id: i64) -> Result<(), MentoringError> {
    if !store.unknown_mentors(&[mentor_id]).await?.is_empty() {
        return Err(MentoringError::NotFound);
    }
    store.remove_commission_override(mentor_id).await?;
    Ok(())
}

//! The profile: name, contact number and time zone, edited or completed.

use chrono::{DateTime, Utc};
pub use domain_wasm::forms::accounts::ProfileEdit;

use crate::state::AppState;
use crate::store::{StoreError, User};

/// What a profile edit stores: name, contact number, the time zone, and
/// the detected zone to adopt if the account never chose one.
pub type ProfileValues = (String, Option<String>, String, Option<String>);

/// The name, contact number and time zone to store for `user`: what the
/// edit (parsed: `forms::accounts::parse_profile`) changes, the account's
/// own values otherwise.
pub fn apply(user: &User, edit: &ProfileEdit) -> ProfileValues {
    (
        edit.name.clone().unwrap_or_else(|| user.name.clone()),
        edit.contact_number
            .clone()
            .unwrap_or_else(|| user.contact_number.clone()),
        edit.time_zone
            .clone()
            .unwrap_or_else(|| user.time_zone.clone()),
        edit.detected_time_zone.clone(),
    )
}

/// Saves the edit and answers the account as it now is.
pub async fn update(
    state: &AppState,
    user: &User,
    edit: &ProfileEdit,
    now: DateTime<Utc>,
) -> Result<User, StoreError> {
    let (name, contact_number, time_zone, detected) = apply(user, edit);
    let mut tx = state.store.begin().await?;
    tx.update_profile(user.id, &name, contact_number.as_deref(), now)
        .await?;
    if edit.time_zone.is_some() {
        // Chosen, even when it is the zone the account already had.
        tx.set_time_zone(user.id, &time_zone, now).await?;
    } else if let Some(zone) = detected {
        tx.adopt_time_zone(user.id, &zone, now).await?;
    }
    let updated = tx.user_by_id(user.id).await?;
    tx.commit().await?;
    Ok(updated)
}

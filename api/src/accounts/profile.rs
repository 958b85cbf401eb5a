//! The profile: name and contact number, edited or completed.

use chrono::{DateTime, Utc};
use domain_wasm::accounts;
use thiserror::Error;

use crate::fields::Fields;
use crate::state::AppState;
use crate::store::{StoreError, User};

/// What a profile edit asks for; `None` keeps the current value.
#[derive(Debug, Clone, Copy)]
pub struct ProfileEdit<'a> {
    pub name: Option<&'a str>,
    pub contact_number: Option<&'a str>,
    /// Completing a profile: the contact number must be given.
    pub contact_required: bool,
}

#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("the profile fields are not valid")]
    Invalid(Fields),
    #[error("cannot save the profile: {0}")]
    Store(#[from] StoreError),
}

/// The name and contact number to store for `user`, by the domain's rules.
/// A Google account cannot clear its contact number (it needs one to book).
pub fn apply(user: &User, edit: ProfileEdit<'_>) -> Result<(String, Option<String>), Fields> {
    let mut fields = Fields::default();
    let name = match edit.name {
        None => user.name.clone(),
        Some(raw) => accounts::parse_name(raw).unwrap_or_else(|p| {
            fields.add("name", p.message());
            String::new()
        }),
    };
    let contact = match edit.contact_number.map(str::trim) {
        None => user.contact_number.clone(),
        Some("") if !edit.contact_required && user.google_sub.is_none() => None,
        Some(raw) => match accounts::parse_contact_number(raw) {
            Ok(n) => Some(n),
            Err(p) => {
                fields.add("contact_number", p.message());
                None
            }
        },
    };
    if fields.is_empty() {
        Ok((name, contact))
    } else {
        Err(fields)
    }
}

/// Saves the edit and answers the account as it now is.
pub async fn update(
    state: &AppState,
    user: &User,
    edit: ProfileEdit<'_>,
    now: DateTime<Utc>,
) -> Result<User, ProfileError> {
    let (name, contact_number) = apply(user, edit).map_err(ProfileError::Invalid)?;
    let mut tx = state.store.begin().await?;
    tx.update_profile(user.id, &name, contact_number.as_deref(), now)
        .await?;
    let updated = tx.user_by_id(user.id).await?;
    tx.commit().await?;
    Ok(updated)
}

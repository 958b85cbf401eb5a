//! The profile: name, contact number and time zone, edited or completed.

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
    /// An IANA time zone name, e.g. `Asia/Kolkata`.
    pub time_zone: Option<&'a str>,
    /// The zone the browser detected: taken only by an account that never
    /// chose one ([`User::time_zone_chosen`]), ignored otherwise.
    pub detected_time_zone: Option<&'a str>,
}

/// The answer to a time zone that is not an IANA zone name.
pub const UNKNOWN_TIME_ZONE: &str = "Choose a time zone from the list, e.g. Asia/Kolkata.";

/// An IANA time zone name as the domain's zone data (`chrono-tz`, the
/// data `domain_wasm::slots` checks mentors' zones with) knows it, e.g.
/// `Asia/Kolkata` or `UTC`; surrounding spaces are ignored. The name is
/// matched exactly (`asia/kolkata` is not a zone).
pub fn parse_time_zone(raw: &str) -> Result<String, &'static str> {
    raw.trim()
        .parse::<chrono_tz::Tz>()
        .map(|tz| tz.name().to_owned())
        .map_err(|_| UNKNOWN_TIME_ZONE)
}

#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("the profile fields are not valid")]
    Invalid(Fields),
    #[error("cannot save the profile: {0}")]
    Store(#[from] StoreError),
}

/// What a profile edit stores: name, contact number, the time zone, and
/// the detected zone to adopt if the account never chose one.
pub type ProfileValues = (String, Option<String>, String, Option<String>);

/// The name, contact number and time zone to store for `user`, by the
/// domain's rules. A Google account cannot clear its contact number (it
/// needs one to book); a time zone cannot be cleared, only changed.
/// A detected zone that is not a zone is a field error like a chosen one.
pub fn apply(user: &User, edit: ProfileEdit<'_>) -> Result<ProfileValues, Fields> {
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
    let time_zone = match edit.time_zone {
        None => user.time_zone.clone(),
        Some(raw) => parse_time_zone(raw).unwrap_or_else(|message| {
            fields.add("time_zone", message);
            String::new()
        }),
    };
    let detected = match edit.detected_time_zone {
        None => None,
        Some(raw) => match parse_time_zone(raw) {
            Ok(zone) => Some(zone),
            Err(message) => {
                fields.add("detected_time_zone", message);
                None
            }
        },
    };
    if fields.is_empty() {
        Ok((name, contact, time_zone, detected))
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
    let (name, contact_number, time_zone, detected) =
        apply(user, edit).map_err(ProfileError::Invalid)?;
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
            assert_eq!(parse_time_zone(bad), Err(UNKNOWN_TIME_ZONE), "{bad:?}");
        }
    }
}

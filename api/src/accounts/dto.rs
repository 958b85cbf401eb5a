//! What the account endpoints answer, as the OpenAPI document names it.
//! Paths, operation ids and field names are the contract's (djoser and
//! SimpleJWT shapes); they live here, beside the use cases, not in `routes`.

use chrono::{DateTime, Utc};
use poem_openapi::Object;

use crate::store::User;

/// An account as its owner sees it.
#[derive(Debug, Clone, Object)]
pub struct UserOut {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// `user`, `mentor` or `admin`.
    pub role: String,
    /// Created through Google and without a password of its own.
    pub is_google_user: bool,
    /// A Google identity is connected (the account may also have a password).
    pub google_connected: bool,
    /// E.164, e.g. `+919876543210`.
    #[oai(nullable)]
    pub contact_number: Option<String>,
    pub profile_complete: bool,
    /// A Google account gives a contact number before booking.
    pub requires_contact_number: bool,
    /// The mentor profile of this account, for mentors.
    #[oai(nullable)]
    pub mentor_id: Option<i64>,
    pub date_joined: DateTime<Utc>,
    /// The IANA time zone times are shown in, e.g. `Asia/Kolkata`
    /// (`UTC` until chosen).
    pub time_zone: String,
    /// `false` while no zone was ever chosen for the account (made without
    /// one: it is in UTC). The web app then sends the browser's zone as the
    /// profile's `detected_time_zone` at the first sign-in.
    pub time_zone_chosen: bool,
}

impl From<&User> for UserOut {
    fn from(u: &User) -> Self {
        UserOut {
            id: u.id,
            email: u.email.as_str().to_owned(),
            name: u.name.clone(),
            role: u.role.as_str().to_owned(),
            is_google_user: u.is_google_user(),
            google_connected: u.google_sub.is_some(),
            contact_number: u.contact_number.clone(),
            profile_complete: u.profile_complete(),
            requires_contact_number: u.requires_contact_number(),
            mentor_id: u.mentor_id,
            date_joined: u.date_joined,
            time_zone: u.time_zone.clone(),
            time_zone_chosen: u.time_zone_chosen,
        }
    }
}

#[derive(Debug, Object)]
pub struct Registered {
    pub id: i64,
    pub email: String,
    pub name: String,
}

#[derive(Debug, Object)]
pub struct LoggedIn {
    /// The access token (send as `Authorization: Bearer ...`); lasts an hour.
    pub token: String,
    /// The refresh token: single use, replaced at each refresh.
    pub refresh: String,
    pub user: UserOut,
}

#[derive(Debug, Object)]
pub struct Refreshed {
    pub access: String,
    /// The next refresh token; the one sent is now used up.
    pub refresh: String,
}

#[derive(Debug, Object)]
pub struct TokenProblem {
    pub detail: String,
    /// Always `token_not_valid`.
    pub code: String,
}

#[derive(Debug, Object)]
pub struct AuthType {
    pub exists: bool,
    pub is_google_user: bool,
}

#[derive(Debug, Object)]
pub struct GoogleSignedIn {
    pub access: String,
    pub refresh: String,
    pub user: UserOut,
    pub profile_complete: bool,
    pub needs_profile_completion: bool,
    pub requires_contact_number: bool,
}

#[derive(Debug, Object)]
pub struct GoogleProblem {
    pub error: String,
}

#[derive(Debug, Object)]
pub struct ProfileCompleted {
    pub user: UserOut,
    pub profile_complete: bool,
    pub requires_contact_number: bool,
}

#[derive(Debug, Object)]
pub struct PublicConfig {
    /// The Google sign-in client id; `null` hides the Google button.
    #[oai(nullable)]
    pub google_client_id: Option<String>,
    /// E-mail is recorded instead of sent, and `/dev/outbox` lists it.
    pub dev_outbox: bool,
    /// Where people write for support and refund requests.
    pub support_email: String,
}

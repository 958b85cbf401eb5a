//! Registration, activation and the activation e-mail sent again.

use chrono::{DateTime, Utc};
use domain_wasm::accounts::Email;
use thiserror::Error;

use super::{Client, LinkError, account_of_link, greeting_name, may_mail};
use crate::auth::passwords;
use crate::auth::tokens::{self, Purpose};
use crate::mail::templates;
use crate::state::AppState;
use crate::store::{NewUser, Role, StoreError, Tx, User};

pub const STALE_TOKEN: &str = "Stale token for given user.";

/// A registration, as the crate's parser reads the form.
pub use domain_wasm::forms::accounts::Registration;

#[derive(Debug, Error)]
pub enum RegisterError {
    #[error("cannot hash the password: {0}")]
    Hash(String),
    /// Includes the address being taken (a `UserEmail` violation).
    #[error("cannot create the account: {0}")]
    Store(#[from] StoreError),
}

/// Creates an inactive account and e-mails its activation link, together.
pub async fn register(
    state: &AppState,
    registration: Registration,
    now: DateTime<Utc>,
) -> Result<User, RegisterError> {
    let time_zone = registration.time_zone.clone();
    let new = prepare(registration).await?;
    let mut tx = state.store.begin().await?;
    let mut user = create_inactive(state, &mut tx, &new, now).await?;
    if let Some(zone) = time_zone {
        tx.set_time_zone(user.id, &zone, now).await?;
        user.time_zone = zone;
    }
    tx.commit().await?;
    state.mailer.wake();
    Ok(user)
}

/// The account a registration makes, its password hashed (slow: done
/// before any unit of work begins).
pub async fn prepare(registration: Registration) -> Result<NewUser, RegisterError> {
    let hash = passwords::hash(registration.password)
        .await
        .map_err(|e| RegisterError::Hash(e.to_string()))?;
    Ok(NewUser {
        email: registration.email,
        name: registration.name,
        password_hash: Some(hash),
        google_sub: None,
        role: Role::User,
        is_active: false,
        contact_number: registration.contact_number,
    })
}

/// Creates the inactive account of [`prepare`] and queues its activation
/// e-mail in `tx`, so a flow that registers along the way (a guest's
/// mentor application) stores its own rows in the same unit of work.
pub async fn create_inactive(
    state: &AppState,
    tx: &mut Tx,
    new: &NewUser,
    now: DateTime<Utc>,
) -> Result<User, StoreError> {
    let user = tx.create_user(new, now).await?;
    queue_activation(state, tx, &user, now).await?;
    Ok(user)
}

async fn queue_activation(
    state: &AppState,
    tx: &mut Tx,
    user: &User,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let token = state.keys.link_token(Purpose::Activation, user, now);
    let link = state.link(&format!(
        "/activate/{}/{token}",
        tokens::encode_uid(user.id)
    ));
    // Not by name: whoever registers chooses the name, and this mail goes
    // to an address nobody has proved yet.
    let mail = templates::activation(user.email.as_str(), "there", &link);
    state.mailer.queue(tx, mail, now).await
}

#[derive(Debug, Error)]
pub enum ActivationError {
    #[error(transparent)]
    Link(#[from] LinkError),
    /// Already active: the link was used.
    #[error("{STALE_TOKEN}")]
    Stale,
    #[error("cannot activate the account: {0}")]
    Store(#[from] StoreError),
}

/// The inactive account an activation link names, checked (`Stale` when
/// it is active already: the link was used).
pub async fn account_to_activate(
    state: &AppState,
    uid: &str,
    token: &str,
    now: DateTime<Utc>,
) -> Result<User, ActivationError> {
    let user = account_of_link(state, uid, token, Purpose::Activation, now).await?;
    if user.is_active {
        return Err(ActivationError::Stale);
    }
    Ok(user)
}

/// Queues the welcome of a newly activated account, in the activation's
/// unit of work (`applications::activate_account`, which also submits a
/// guest's mentor application there: this module, below applications,
/// does not call it).
pub async fn queue_welcome(
    state: &AppState,
    tx: &mut Tx,
    user: &User,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let welcome = templates::welcome(
        user.email.as_str(),
        greeting_name(user),
        &state.link("/mentors"),
    );
    state.mailer.queue(tx, welcome, now).await
}

/// Sends the activation e-mail again to an inactive password account with
/// this address, within the e-mail limits; does nothing otherwise, so the
/// caller's answer does not tell whether the account exists.
pub async fn resend_activation(
    state: &AppState,
    client: &Client<'_>,
    email: &Email,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    match state.store.user_by_email(email).await {
        Ok(user) if !user.is_active && user.password_hash.is_some() && !user.is_disabled() => {
            if may_mail(state, client, user.id, email.as_str(), now).await? {
                let mut tx = state.store.begin().await?;
                queue_activation(state, &mut tx, &user, now).await?;
                tx.commit().await?;
                state.mailer.wake();
            }
            Ok(())
        }
        Ok(_) | Err(StoreError::NotFound) => Ok(()),
        Err(e) => Err(e),
    }
}

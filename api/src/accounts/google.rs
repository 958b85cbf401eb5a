//! Signing in with Google: the verified identity signs in the account it is
//! linked to, is linked to the account with the same verified address, or
//! creates one.

use chrono::{DateTime, Utc};
use domain_wasm::accounts::{self, Email};
use thiserror::Error;

use super::session::{Tokens, open_session};
use crate::google::{GoogleError, GoogleIdentity};
use crate::state::AppState;
use crate::store::{Constraint, NewUser, Role, StoreError, User};

/// Why Google sign-in did not sign anyone in; the text is the answer's `error`.
#[derive(Debug, Error)]
pub enum GoogleSignInError {
    #[error("Google sign-in is not set up on this server.")]
    NotConfigured,
    #[error("A Google credential is required.")]
    CredentialRequired,
    /// Not a valid Google ID token for this app; the text says why.
    #[error("{0}")]
    Invalid(String),
    /// Google's keys could not be fetched.
    #[error("{0}")]
    Unavailable(String),
    #[error("Your Google e-mail address is not verified. Verify it with Google, then try again.")]
    EmailUnverified,
    #[error("The Google account has no usable e-mail address.")]
    NoUsableEmail,
    /// The address belongs to an account linked to another Google identity
    /// (a reassigned work address must not take the account over).
    #[error(
        "This e-mail address is linked to a different Google account. Sign in with that account or with your password."
    )]
    OtherGoogleAccount,
    /// Two first sign-ins raced and the other one's account cannot be found.
    #[error("Please try signing in with Google again.")]
    TryAgain,
    #[error("This account is disabled. Please contact support.")]
    Disabled,
    #[error("cannot sign in with Google: {0}")]
    Store(#[from] StoreError),
}

impl From<GoogleError> for GoogleSignInError {
    fn from(e: GoogleError) -> Self {
        match e {
            GoogleError::Invalid(reason) => GoogleSignInError::Invalid(reason),
            GoogleError::Unavailable(reason) => GoogleSignInError::Unavailable(reason),
        }
    }
}

/// Verifies the credential and signs its account in with a new session.
pub async fn sign_in(
    state: &AppState,
    credential: Option<&str>,
    user_agent: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(User, Tokens), GoogleSignInError> {
    let google = state
        .google
        .as_ref()
        .ok_or(GoogleSignInError::NotConfigured)?;
    let credential = credential
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .ok_or(GoogleSignInError::CredentialRequired)?;
    let identity = google.verify(credential).await?;
    let user = account_for(state, &identity, now).await?;
    let tokens = open_session(state, &user, user_agent, now).await?;
    Ok((user, tokens))
}

/// The account a verified Google identity signs in: the policy of linking.
pub async fn account_for(
    state: &AppState,
    identity: &GoogleIdentity,
    now: DateTime<Utc>,
) -> Result<User, GoogleSignInError> {
    if !identity.email_verified {
        return Err(GoogleSignInError::EmailUnverified);
    }
    let email = Email::parse(&identity.email).map_err(|_| GoogleSignInError::NoUsableEmail)?;
    let user = match state.store.user_by_google_sub(&identity.subject).await {
        Ok(u) => u,
        Err(StoreError::NotFound) => match state.store.user_by_email(&email).await {
            Ok(existing) if existing.google_sub.is_some() => {
                return Err(GoogleSignInError::OtherGoogleAccount);
            }
            Ok(existing) => link(state, &existing, &identity.subject, now).await?,
            Err(StoreError::NotFound) => create(state, identity, email, now).await?,
            Err(e) => return Err(e.into()),
        },
        Err(e) => return Err(e.into()),
    };
    if !user.is_active {
        return Err(GoogleSignInError::Disabled);
    }
    Ok(user)
}

/// Links the identity to an account that has no Google identity yet.
async fn link(
    state: &AppState,
    existing: &User,
    subject: &str,
    now: DateTime<Utc>,
) -> Result<User, GoogleSignInError> {
    let mut tx = state.store.begin().await?;
    match tx.link_google(existing, subject, now).await {
        Ok(()) => {}
        // Linked to another identity meanwhile, or this identity was linked
        // to another account meanwhile.
        Err(StoreError::NotFound) => return Err(GoogleSignInError::OtherGoogleAccount),
        Err(e) if e.violated() == Some(Constraint::UserGoogleSub) => {
            return Err(GoogleSignInError::OtherGoogleAccount);
        }
        Err(e) => return Err(e.into()),
    }
    let user = tx.user_by_id(existing.id).await?;
    tx.commit().await?;
    Ok(user)
}

/// A new, active account for the identity (Google verified the address).
async fn create(
    state: &AppState,
    identity: &GoogleIdentity,
    email: Email,
    now: DateTime<Utc>,
) -> Result<User, GoogleSignInError> {
    let name = identity
        .name
        .as_deref()
        .and_then(|n| accounts::parse_name(n).ok())
        .unwrap_or_default();
    let new = NewUser {
        email,
        name,
        password_hash: None,
        google_sub: Some(identity.subject.clone()),
        role: Role::User,
        is_active: true,
        contact_number: None,
    };
    let created = async {
        let mut tx = state.store.begin().await?;
        let user = tx.create_user(&new, now).await?;
        tx.commit().await?;
        Ok::<User, StoreError>(user)
    }
    .await;
    match created {
        Ok(u) => Ok(u),
        // Two first sign-ins at once: the other one created it (or the
        // address was registered meanwhile).
        Err(e @ StoreError::Violation(_)) => {
            tracing::info!(error = %e, "Google sign-in raced another; looking the account up");
            match state.store.user_by_google_sub(&identity.subject).await {
                Ok(u) => Ok(u),
                Err(StoreError::NotFound) => Err(GoogleSignInError::TryAgain),
                Err(e) => Err(e.into()),
            }
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{state, t0, user};

    fn identity(email: &str, sub: &str) -> GoogleIdentity {
        GoogleIdentity {
            subject: sub.into(),
            email: email.into(),
            email_verified: true,
            name: Some("Asha Rao".into()),
        }
    }

    #[tokio::test]
    async fn a_new_identity_creates_an_active_account_without_a_password() {
        let state = state().await;
        let user = account_for(&state, &identity("new@example.com", "g-1"), t0())
            .await
            .expect("created");
        assert!(user.is_active && user.is_google_user());
        assert_eq!(user.name, "Asha Rao");
        let again = account_for(&state, &identity("new@example.com", "g-1"), t0())
            .await
            .expect("signed in");
        assert_eq!(again.id, user.id);
    }

    #[tokio::test]
    async fn an_unproven_account_is_linked_and_loses_its_password() {
        let state = state().await;
        let squatter = user(&state, "asha@example.com", |u| u.is_active = false).await;
        let linked = account_for(&state, &identity("asha@example.com", "g-2"), t0())
            .await
            .expect("linked");
        assert_eq!(linked.id, squatter.id);
        assert!(linked.is_active);
        assert_eq!(
            linked.password_hash, None,
            "the squatter's password is gone"
        );
        assert_eq!(linked.google_sub.as_deref(), Some("g-2"));
    }

    #[tokio::test]
    async fn an_active_account_keeps_its_password_when_linked() {
        let state = state().await;
        let owner = user(&state, "ravi@example.com", |_| {}).await;
        let linked = account_for(&state, &identity("ravi@example.com", "g-3"), t0())
            .await
            .expect("linked");
        assert_eq!(linked.id, owner.id);
        assert!(linked.password_hash.is_some());
    }

    #[tokio::test]
    async fn a_second_google_identity_for_the_address_is_refused() {
        let state = state().await;
        user(&state, "work@example.com", |u| {
            u.google_sub = Some("g-old".into());
        })
        .await;
        let refused = account_for(&state, &identity("work@example.com", "g-new"), t0()).await;
        assert!(matches!(
            refused,
            Err(GoogleSignInError::OtherGoogleAccount)
        ));
    }

    #[tokio::test]
    async fn unverified_addresses_and_disabled_accounts_do_not_sign_in() {
        let state = state().await;
        let mut unverified = identity("x@example.com", "g-4");
        unverified.email_verified = false;
        assert!(matches!(
            account_for(&state, &unverified, t0()).await,
            Err(GoogleSignInError::EmailUnverified)
        ));
        user(&state, "off@example.com", |u| {
            u.google_sub = Some("g-5".into());
            u.is_active = false;
        })
        .await;
        assert!(matches!(
            account_for(&state, &identity("off@example.com", "g-5"), t0()).await,
            Err(GoogleSignInError::Disabled)
        ));
    }
}

//! Signing in with Google: the verified identity signs in the account it is
//! linked to, is linked to the account with the same address when Google
//! vouches for that address, or creates one. Also how an account that signs
//! in with Google adds its first password: with a fresh Google credential
//! or an e-mailed link, never with a bearer token alone.

use chrono::{DateTime, Utc};
use domain_wasm::accounts::{self, Email};
use domain_wasm::forms::accounts::GOOGLE_PROOF_REQUIRED;
use thiserror::Error;

use super::session::{Tokens, open_session};
use super::{Client, greeting_name, may_mail};
use crate::auth::tokens::{self, Purpose};
use crate::auth::{ACCOUNT_DISABLED, Caller, passwords};
use crate::google::{GoogleError, GoogleIdentity};
use crate::mail::templates;
use crate::state::AppState;
use crate::store::{Constraint, NewUser, Role, StoreError, User};

/// The answer when Google does not vouch for the address of an existing
/// account: its owner must prove it with the password.
pub const PASSWORD_TO_LINK: &str =
    "An account with this email already exists. Sign in with your password to link Google.";

/// How recently a Google credential must have been issued to add a first
/// password to an account that signs in with Google.
pub const FRESH_CREDENTIAL: chrono::Duration = chrono::Duration::minutes(5);

/// Whether Google is the authority for `email`: a Gmail address, or one in
/// the Google Workspace domain the ID token names (`hd`). For any other
/// address, Google's `email_verified` only says the address was once
/// proved to Google, perhaps by someone who no longer holds it.
pub fn google_vouches_for(email: &Email, hosted_domain: Option<&str>) -> bool {
    let domain = email
        .as_str()
        .rsplit_once('@')
        .map_or("", |(_, domain)| domain);
    matches!(domain, "gmail.com" | "googlemail.com") || hosted_domain == Some(domain)
}

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
    /// A password account has the address and Google does not vouch for
    /// it ([`google_vouches_for`]).
    #[error("{PASSWORD_TO_LINK}")]
    PasswordToLink,
    /// Two first sign-ins raced and the other one's account cannot be found.
    #[error("Please try signing in with Google again.")]
    TryAgain,
    #[error("{ACCOUNT_DISABLED}")]
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
    time_zone: Option<&str>,
    client: &Client<'_>,
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
    let user = account_for(state, &identity, time_zone, now).await?;
    // Google vouched for the person: their network is known to the
    // account, so the per-account throttle never slows them (limits.rs).
    state
        .limiter
        .remember_client(user.id, client.ip, now)
        .await?;
    let tokens = open_session(state, &user, client.user_agent, now).await?;
    Ok((user, tokens))
}

/// The account a verified Google identity signs in: the policy of linking.
/// A disabled account is never linked nor signed in.
pub async fn account_for(
    state: &AppState,
    identity: &GoogleIdentity,
    time_zone: Option<&str>,
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
            Ok(existing) if existing.is_disabled() => {
                return Err(GoogleSignInError::Disabled);
            }
            Ok(_) if !google_vouches_for(&email, identity.hosted_domain.as_deref()) => {
                return Err(GoogleSignInError::PasswordToLink);
            }
            Ok(existing) => link(state, &existing, identity, now).await?,
            Err(StoreError::NotFound) => create(state, identity, email, time_zone, now).await?,
            Err(e) => return Err(e.into()),
        },
        Err(e) => return Err(e.into()),
    };
    if user.is_disabled() {
        return Err(GoogleSignInError::Disabled);
    }
    Ok(user)
}

/// Google's name for the person, if the domain's name rule accepts it.
fn google_name(identity: &GoogleIdentity) -> String {
    identity
        .name
        .as_deref()
        .and_then(|n| accounts::parse_name(n).ok())
        .unwrap_or_default()
}

/// Links the identity to an account that has no Google identity yet, and
/// tells the account's owner by e-mail in the same transaction. An account
/// never activated is taken over: see [`crate::store::Tx::link_google`].
async fn link(
    state: &AppState,
    existing: &User,
    identity: &GoogleIdentity,
    now: DateTime<Utc>,
) -> Result<User, GoogleSignInError> {
    let mut tx = state.store.begin().await?;
    match tx
        .link_google(existing, &identity.subject, &google_name(identity), now)
        .await
    {
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
    let mail = templates::google_linked(
        user.email.as_str(),
        greeting_name(&user),
        &identity.email,
        &state.link("/auth/forgot-password"),
    );
    state.mailer.queue(&mut tx, mail, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(user)
}

/// A new, active account for the identity (Google verified the address),
/// in the IANA `time_zone` the browser detected (already checked), if any.
async fn create(
    state: &AppState,
    identity: &GoogleIdentity,
    email: Email,
    time_zone: Option<&str>,
    now: DateTime<Utc>,
) -> Result<User, GoogleSignInError> {
    let name = google_name(identity);
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
        let mut user = tx.create_user(&new, now).await?;
        if let Some(zone) = time_zone {
            tx.set_time_zone(user.id, zone, now).await?;
            zone.clone_into(&mut user.time_zone);
        }
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

/// Why a signed-in account was not linked to a Google account.
#[derive(Debug, Error)]
pub enum GoogleLinkError {
    #[error("This account is already linked to a Google account.")]
    AlreadyLinked,
    #[error("This Google account signs in to another account.")]
    OtherAccount,
    #[error("This Google account's email address is not the address of this account.")]
    OtherAddress,
    #[error("This Google credential is too old: sign in with Google again.")]
    StaleCredential,
    /// Google sign-in is not set up, the credential is missing or not
    /// valid, its address is not verified, or Google's keys could not be
    /// fetched.
    #[error(transparent)]
    Google(#[from] GoogleSignInError),
}

impl From<StoreError> for GoogleLinkError {
    fn from(e: StoreError) -> Self {
        GoogleLinkError::Google(GoogleSignInError::Store(e))
    }
}

/// Whether `identity` was issued within [`FRESH_CREDENTIAL`] of `now`
/// (allowing a minute of clock skew, as the verifier does on `exp`).
fn fresh(identity: &GoogleIdentity, now: DateTime<Utc>) -> bool {
    identity
        .issued_at
        .map(|iat| now.timestamp() - iat)
        .is_some_and(|age| (-60..=FRESH_CREDENTIAL.num_seconds()).contains(&age))
}

/// Links the caller's account (signed in with its password) to the Google
/// account of `credential`: how an owner links Google when Google does not
/// vouch for the address ([`GoogleSignInError::PasswordToLink`]). The
/// credential must be fresh ([`FRESH_CREDENTIAL`]) and carry the account's
/// own address, verified by Google. The owner is e-mailed, as on every link.
pub async fn link_signed_in(
    state: &AppState,
    caller: &Caller,
    credential: Option<&str>,
    now: DateTime<Utc>,
) -> Result<User, GoogleLinkError> {
    let user = &caller.user;
    if user.google_sub.is_some() {
        return Err(GoogleLinkError::AlreadyLinked);
    }
    let google = state
        .google
        .as_ref()
        .ok_or(GoogleSignInError::NotConfigured)?;
    let credential = credential
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .ok_or(GoogleSignInError::CredentialRequired)?;
    let identity = google
        .verify(credential)
        .await
        .map_err(GoogleSignInError::from)?;
    if !identity.email_verified {
        return Err(GoogleSignInError::EmailUnverified.into());
    }
    if Email::parse(&identity.email).ok().as_ref() != Some(&user.email) {
        return Err(GoogleLinkError::OtherAddress);
    }
    if !fresh(&identity, now) {
        return Err(GoogleLinkError::StaleCredential);
    }
    match state.store.user_by_google_sub(&identity.subject).await {
        Ok(_) => return Err(GoogleLinkError::OtherAccount),
        Err(StoreError::NotFound) => {}
        Err(e) => return Err(e.into()),
    }
    match link(state, user, &identity, now).await {
        Ok(user) => Ok(user),
        Err(GoogleSignInError::OtherGoogleAccount) => Err(GoogleLinkError::OtherAccount),
        Err(e) => Err(e.into()),
    }
}

/// Why a first password was not set for an account that signs in with Google.
#[derive(Debug, Error)]
pub enum FirstPasswordError {
    /// Neither a fresh Google credential nor the e-mailed link.
    #[error("{GOOGLE_PROOF_REQUIRED}")]
    ProofRequired,
    #[error("This Google credential is for a different Google account.")]
    OtherGoogleAccount,
    #[error("This Google credential is too old: confirm with Google again.")]
    StaleCredential,
    /// The account has a password (set meanwhile, perhaps): change it instead.
    #[error("This account already has a password.")]
    HasPassword,
    /// Google sign-in is not set up, or the credential is not valid, or
    /// Google's keys could not be fetched.
    #[error(transparent)]
    Google(GoogleSignInError),
    #[error("cannot hash the password: {0}")]
    Hash(String),
    #[error("cannot set the password: {0}")]
    Store(#[from] StoreError),
}

/// Sets the first password of the caller's account, which has none (it
/// signs in with Google). A bearer token alone is not enough: `credential`
/// must be a Google ID token for the account's own Google identity, issued
/// within [`FRESH_CREDENTIAL`]. (Without one, [`request_first_password_link`]
/// mails a link instead.) Every other session ends; the owner is told.
pub async fn set_first_password(
    state: &AppState,
    caller: &Caller,
    credential: Option<&str>,
    new_password: &str,
    now: DateTime<Utc>,
) -> Result<(), FirstPasswordError> {
    let user = &caller.user;
    if user.password_hash.is_some() {
        return Err(FirstPasswordError::HasPassword);
    }
    let credential = credential
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .ok_or(FirstPasswordError::ProofRequired)?;
    let google = state
        .google
        .as_ref()
        .ok_or(FirstPasswordError::Google(GoogleSignInError::NotConfigured))?;
    let identity = google
        .verify(credential)
        .await
        .map_err(|e| FirstPasswordError::Google(e.into()))?;
    if user.google_sub.as_deref() != Some(identity.subject.as_str()) {
        return Err(FirstPasswordError::OtherGoogleAccount);
    }
    if !fresh(&identity, now) {
        return Err(FirstPasswordError::StaleCredential);
    }
    let hash = passwords::hash(new_password.to_owned())
        .await
        .map_err(|e| FirstPasswordError::Hash(e.to_string()))?;
    let mut tx = state.store.begin().await?;
    if !tx.replace_password_hash(user.id, None, &hash, now).await? {
        return Err(FirstPasswordError::HasPassword);
    }
    tx.revoke_sessions_of(user.id, Some(&caller.session_id), "password set", now)
        .await?;
    let mail = templates::password_changed(
        user.email.as_str(),
        greeting_name(user),
        &state.link("/auth/login"),
    );
    state.mailer.queue(&mut tx, mail, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

/// E-mails the caller's account, which has no password, a single-use link
/// (valid for an hour, like a reset link, and opened by the same page) to
/// choose its first password. Within the e-mail limits; past them the
/// answer is the same and nothing is sent.
pub async fn request_first_password_link(
    state: &AppState,
    caller: &Caller,
    client: &Client<'_>,
    now: DateTime<Utc>,
) -> Result<(), FirstPasswordError> {
    let user = &caller.user;
    if user.password_hash.is_some() {
        return Err(FirstPasswordError::HasPassword);
    }
    if may_mail(state, client, user.id, user.email.as_str(), now).await? {
        let token = state.keys.link_token(Purpose::PasswordReset, user, now);
        let link = state.link(&format!(
            "/password/reset/confirm/{}/{token}",
            tokens::encode_uid(user.id)
        ));
        let mut tx = state.store.begin().await?;
        let mail = templates::first_password(user.email.as_str(), greeting_name(user), &link);
        state.mailer.queue(&mut tx, mail, now).await?;
        tx.commit().await?;
        state.mailer.wake();
    }
    Ok(())
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
            issued_at: None,
            // Google vouches for every address in these tests' domain.
            hosted_domain: Some("example.com".into()),
        }
    }

    #[tokio::test]
    async fn a_new_identity_creates_an_active_account_without_a_password() {
        let state = state().await;
        let user = account_for(&state, &identity("new@example.com", "g-1"), None, t0())
            .await
            .expect("created");
        assert!(user.is_active && user.is_google_user());
        assert_eq!(user.name, "Asha Rao");
        let again = account_for(&state, &identity("new@example.com", "g-1"), None, t0())
            .await
            .expect("signed in");
        assert_eq!(again.id, user.id);
    }

    #[tokio::test]
    async fn an_unproven_account_is_linked_and_loses_its_password() {
        let state = state().await;
        let squatter = user(&state, "asha@example.com", |u| {
            u.is_active = false;
            u.name = "Typed By Someone".into();
            u.contact_number = Some("+919876543210".into());
        })
        .await;
        let linked = account_for(&state, &identity("asha@example.com", "g-2"), None, t0())
            .await
            .expect("linked");
        assert_eq!(linked.id, squatter.id);
        assert!(linked.is_active);
        assert_eq!(
            linked.password_hash, None,
            "the squatter's password is gone"
        );
        assert_eq!(linked.google_sub.as_deref(), Some("g-2"));
        assert_eq!(linked.name, "Asha Rao", "the name is Google's");
        assert_eq!(linked.contact_number, None);
    }

    #[tokio::test]
    async fn an_active_account_keeps_its_password_when_linked() {
        let state = state().await;
        let owner = user(&state, "ravi@example.com", |_| {}).await;
        let linked = account_for(&state, &identity("ravi@example.com", "g-3"), None, t0())
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
        let refused = account_for(&state, &identity("work@example.com", "g-new"), None, t0()).await;
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
            account_for(&state, &unverified, None, t0()).await,
            Err(GoogleSignInError::EmailUnverified)
        ));
        let off = user(&state, "off@example.com", |u| {
            u.google_sub = Some("g-5".into());
        })
        .await;
        let unlinked = user(&state, "off2@example.com", |_| {}).await;
        let mut tx = state.store.begin().await.expect("tx");
        tx.set_disabled(off.id, true, t0()).await.expect("disabled");
        tx.set_disabled(unlinked.id, true, t0())
            .await
            .expect("disabled");
        tx.commit().await.expect("commit");
        assert!(matches!(
            account_for(&state, &identity("off@example.com", "g-5"), None, t0()).await,
            Err(GoogleSignInError::Disabled)
        ));
        assert!(matches!(
            account_for(&state, &identity("off2@example.com", "g-6"), None, t0()).await,
            Err(GoogleSignInError::Disabled)
        ));
        let still = state.store.user_by_id(unlinked.id).await.expect("user");
        assert_eq!(still.google_sub, None, "a disabled account is not linked");
    }

    #[test]
    fn google_vouches_for_gmail_and_its_workspace_domains_only() {
        let email = |a: &str| Email::parse(a).expect("address");
        assert!(google_vouches_for(&email("a@gmail.com"), None));
        assert!(google_vouches_for(&email("a@googlemail.com"), None));
        assert!(google_vouches_for(
            &email("a@corp.example"),
            Some("corp.example")
        ));
        assert!(!google_vouches_for(&email("a@corp.example"), None));
        assert!(!google_vouches_for(
            &email("a@corp.example"),
            Some("other.example")
        ));
        assert!(!google_vouches_for(
            &email("a@sub.corp.example"),
            Some("corp.example")
        ));
        assert!(!google_vouches_for(&email("a@notgmail.com"), None));
    }

    #[tokio::test]
    async fn an_address_google_does_not_vouch_for_is_not_linked() {
        let state = state().await;
        let owner = user(&state, "ravi@corp.example", |_| {}).await;
        let mut consumer = identity("ravi@corp.example", "g-7");
        consumer.hosted_domain = None;
        assert!(matches!(
            account_for(&state, &consumer, None, t0()).await,
            Err(GoogleSignInError::PasswordToLink)
        ));
        let same = state.store.user_by_id(owner.id).await.expect("user");
        assert_eq!(same.google_sub, None);
        // The Workspace account of the domain is linked, and the owner told.
        consumer.hosted_domain = Some("corp.example".into());
        let linked = account_for(&state, &consumer, None, t0())
            .await
            .expect("linked");
        assert_eq!(linked.google_sub.as_deref(), Some("g-7"));
        let mail = state
            .store
            .outbox(Some("ravi@corp.example"), 10)
            .await
            .expect("outbox");
        assert_eq!(mail.len(), 1);
        assert_eq!(mail[0].kind, "google_linked");
    }
}

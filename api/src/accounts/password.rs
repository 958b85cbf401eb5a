//! Passwords: the reset e-mail, setting a new password with its link, and
//! changing it while signed in; and how an address signs in.

use chrono::{DateTime, Utc};
use domain_wasm::accounts::Email;
use thiserror::Error;

use super::{Client, LinkError, account_of_link, greeting_name, may_mail};
use crate::auth::Caller;
use crate::auth::limits::{self, Limited};
use crate::auth::passwords;
use crate::auth::tokens::{self, Purpose};
use crate::mail::templates;
use crate::state::AppState;
use crate::store::StoreError;

pub const EMAIL_NOT_FOUND: &str = "User with given email does not exist.";
pub const GOOGLE_ACCOUNT: &str =
    "This account signs in with Google. Use Continue with Google to sign in.";
pub const WRONG_CURRENT_PASSWORD: &str = "Invalid password.";

#[derive(Debug, Error)]
pub enum ResetRequestError {
    #[error("{EMAIL_NOT_FOUND}")]
    NoAccount,
    /// The account has no password to reset.
    #[error("{GOOGLE_ACCOUNT}")]
    GoogleAccount,
    #[error("cannot send the reset e-mail: {0}")]
    Store(#[from] StoreError),
}

/// E-mails a reset link to the password account with this address (within
/// the e-mail limits; past them the answer is the same and nothing is sent).
pub async fn request_reset(
    state: &AppState,
    client: &Client<'_>,
    email: &Email,
    now: DateTime<Utc>,
) -> Result<(), ResetRequestError> {
    let user = match state.store.user_by_email(email).await {
        Ok(u) => u,
        Err(StoreError::NotFound) => return Err(ResetRequestError::NoAccount),
        Err(e) => return Err(e.into()),
    };
    if user.password_hash.is_none() {
        return Err(ResetRequestError::GoogleAccount);
    }
    if may_mail(state, client, user.id, email.as_str(), now).await? {
        let token = state.keys.link_token(Purpose::PasswordReset, &user, now);
        let link = state.link(&format!(
            "/password/reset/confirm/{}/{token}",
            tokens::encode_uid(user.id)
        ));
        state
            .mailer
            .send(templates::password_reset(
                user.email.as_str(),
                greeting_name(&user),
                &link,
            ))
            .await?;
    }
    Ok(())
}

/// Whether a reset link opens an account (to report a bad link together
/// with a bad new password).
pub async fn check_link(
    state: &AppState,
    uid: &str,
    token: &str,
    now: DateTime<Utc>,
) -> Result<(), LinkError> {
    account_of_link(state, uid, token, Purpose::PasswordReset, now)
        .await
        .map(|_| ())
}

#[derive(Debug, Error)]
pub enum ResetError {
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error("cannot hash the password: {0}")]
    Hash(String),
    #[error("cannot set the new password: {0}")]
    Store(#[from] StoreError),
}

/// Sets a new password with an e-mailed link. In one transaction: the new
/// hash (only if the password is still the one the link was made for, so
/// of two confirmations racing with one link, one wins), the activation the
/// link proves, the end of every session, and the e-mail saying so.
pub async fn confirm_reset(
    state: &AppState,
    uid: &str,
    token: &str,
    new_password: &str,
    now: DateTime<Utc>,
) -> Result<(), ResetError> {
    let user = account_of_link(state, uid, token, Purpose::PasswordReset, now).await?;
    let hash = passwords::hash(new_password.to_owned())
        .await
        .map_err(|e| ResetError::Hash(e.to_string()))?;
    let mut tx = state.store.begin().await?;
    if !tx
        .replace_password_hash(user.id, user.password_hash.as_deref(), &hash, now)
        .await?
    {
        return Err(LinkError::Token.into());
    }
    if !user.is_active {
        // Opening the e-mailed link proves the address, as activation does;
        // whoever registered may not be its owner, so what they typed goes.
        // (A disabled account stays disabled: only `api enable-user` clears it.)
        tx.activate_user(user.id, now).await?;
        tx.clear_registration_fields(user.id, now).await?;
    }
    tx.revoke_sessions_of(user.id, None, "password reset", now)
        .await?;
    let name = if user.is_active {
        greeting_name(&user)
    } else {
        "there"
    };
    let mail = templates::password_changed(user.email.as_str(), name, &state.link("/auth/login"));
    state.mailer.queue(&mut tx, mail, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

#[derive(Debug, Error)]
pub enum ChangeError {
    #[error("{WRONG_CURRENT_PASSWORD}")]
    WrongCurrentPassword,
    #[error("too many password attempts; retry in {}s", .0.retry_after_secs)]
    Limited(Limited),
    #[error("cannot hash the password: {0}")]
    Hash(String),
    #[error("cannot change the password: {0}")]
    Store(#[from] StoreError),
}

/// Changes the caller's password. `current` is checked (and throttled like
/// a sign-in) when the account has a password; a Google account may set
/// its first one without. Every other session ends; this one stays.
pub async fn change_password(
    state: &AppState,
    caller: &Caller,
    current: Option<&str>,
    new_password: &str,
    now: DateTime<Utc>,
) -> Result<(), ChangeError> {
    let user = &caller.user;
    if let (Some(current), Some(_)) = (current, &user.password_hash) {
        let pair = limits::pair(
            std::net::IpAddr::from([0, 0, 0, 0]),
            // The stored form of the id: counters are at rest too.
            &format!("session:{}", tokens::stored_id(&caller.session_id)),
        );
        // Counted before the password is checked, in one statement:
        // requests racing each other cannot all pass.
        state
            .limiter
            .hit(limits::LOGIN_FAILURES, &pair, now)
            .await?
            .map_err(ChangeError::Limited)?;
        if !passwords::verify(current.to_owned(), user.password_hash.clone()).await {
            return Err(ChangeError::WrongCurrentPassword);
        }
        state.limiter.clear(limits::LOGIN_FAILURES, &pair).await?;
    }
    let hash = passwords::hash(new_password.to_owned())
        .await
        .map_err(|e| ChangeError::Hash(e.to_string()))?;
    let mut tx = state.store.begin().await?;
    tx.set_password_hash(user.id, &hash, now).await?;
    tx.revoke_sessions_of(user.id, Some(&caller.session_id), "password changed", now)
        .await?;
    let mail = templates::password_changed(
        user.email.as_str(),
        greeting_name(user),
        &state.link("/auth/forgot-password"),
    );
    state.mailer.queue(&mut tx, mail, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

/// How an address signs in: `(exists, is_google_user)`.
pub async fn auth_type(state: &AppState, email: &Email) -> Result<(bool, bool), StoreError> {
    match state.store.user_by_email(email).await {
        Ok(u) => Ok((true, u.is_google_user())),
        Err(StoreError::NotFound) => Ok((false, false)),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::accounts::session::open_session;
    use crate::accounts::testing::{state, t0, user};

    fn link(state: &AppState, user: &crate::store::User) -> (String, String) {
        (
            tokens::encode_uid(user.id),
            state.keys.link_token(Purpose::PasswordReset, user, t0()),
        )
    }

    #[tokio::test]
    async fn a_reset_sets_the_password_ends_every_session_and_says_so() {
        let state = state().await;
        let asha = user(&state, "asha@example.com", |_| {}).await;
        let session = open_session(&state, &asha, None, t0())
            .await
            .expect("session");
        let (uid, token) = link(&state, &asha);
        let later = t0() + Duration::minutes(5);
        confirm_reset(&state, &uid, &token, "Fresh#Pass2026", later)
            .await
            .expect("reset");

        let now = state.store.user_by_id(asha.id).await.expect("user");
        assert_ne!(now.password_hash, asha.password_hash);
        assert!(passwords::verify("Fresh#Pass2026".into(), now.password_hash).await);
        let claims = state
            .keys
            .decode(
                &session.access,
                crate::auth::tokens::TokenType::Access,
                t0(),
            )
            .expect("claims");
        let row = state.store.session(&claims.sid).await.expect("session row");
        assert_eq!(row.revoked_at, Some(later));
        let mail = state
            .store
            .outbox(Some("asha@example.com"), 10)
            .await
            .expect("outbox");
        assert_eq!(mail.len(), 1);
        assert_eq!(mail[0].kind, "password_changed");

        // The link worked once: the password it was made for is gone.
        let again = confirm_reset(&state, &uid, &token, "Other#Pass2026", later).await;
        assert!(
            matches!(again, Err(ResetError::Link(LinkError::Token))),
            "{again:?}"
        );
    }

    #[tokio::test]
    async fn a_reset_proves_the_address_of_an_unactivated_account() {
        let state = state().await;
        let omar = user(&state, "omar@example.com", |u| {
            u.is_active = false;
            u.contact_number = Some("+919876543210".into());
        })
        .await;
        let (uid, token) = link(&state, &omar);
        confirm_reset(&state, &uid, &token, "Fresh#Pass2026", t0())
            .await
            .expect("reset");
        let now = state.store.user_by_id(omar.id).await.expect("user");
        assert!(now.is_active);
        // The registrant may not be the owner: what they typed is gone.
        assert_eq!((now.name.as_str(), now.contact_number), ("", None));
    }

    #[tokio::test]
    async fn bad_links_change_nothing() {
        let state = state().await;
        let asha = user(&state, "asha@example.com", |_| {}).await;
        let (uid, token) = link(&state, &asha);
        let wrong_uid = confirm_reset(&state, "zz", &token, "Fresh#Pass2026", t0()).await;
        assert!(matches!(wrong_uid, Err(ResetError::Link(LinkError::Uid))));
        let expired = confirm_reset(
            &state,
            &uid,
            &token,
            "Fresh#Pass2026",
            t0() + Duration::days(4),
        )
        .await;
        assert!(matches!(expired, Err(ResetError::Link(LinkError::Token))));
        let same = state.store.user_by_id(asha.id).await.expect("user");
        assert_eq!(same.password_hash, asha.password_hash);
        assert!(
            state
                .store
                .outbox(Some("asha@example.com"), 10)
                .await
                .expect("outbox")
                .is_empty()
        );
    }

    #[tokio::test]
    async fn google_accounts_and_unknown_addresses_get_no_reset_mail() {
        let state = state().await;
        user(&state, "g@example.com", |u| {
            u.password_hash = None;
            u.google_sub = Some("g-1".into());
        })
        .await;
        let client = Client {
            ip: std::net::IpAddr::from([127, 0, 0, 1]),
            user_agent: None,
        };
        let google = Email::parse("g@example.com").expect("address");
        assert!(matches!(
            request_reset(&state, &client, &google, t0()).await,
            Err(ResetRequestError::GoogleAccount)
        ));
        let nobody = Email::parse("nobody@example.com").expect("address");
        assert!(matches!(
            request_reset(&state, &client, &nobody, t0()).await,
            Err(ResetRequestError::NoAccount)
        ));
    }
}

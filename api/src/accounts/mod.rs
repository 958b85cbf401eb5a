//! Account use cases (SPEC §3-§8): registration and activation, sign-in and
//! tokens, password reset and change, Google sign-in and linking, the
//! profile. Each use case is one function that takes what the request said
//! (already parsed), the application state and `now`, and answers a value or
//! its own error enum; `routes::accounts` turns those into HTTP answers.
//! Every use case that writes more than once writes in one transaction,
//! e-mail included (the outbox row commits with the change).

pub mod dto;
pub mod google;
pub mod password;
pub mod profile;
pub mod registration;
pub mod session;

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::auth::limits;
use crate::auth::tokens::{self, Purpose};
use crate::state::AppState;
use crate::store::{StoreError, User};

pub const INVALID_UID: &str = "Invalid user id or user doesn't exist.";
pub const INVALID_TOKEN: &str = "Invalid token for given user.";

pub use crate::attempt_limits::Client;

/// How e-mails greet someone: their name, or the start of their address.
pub fn greeting_name(user: &User) -> &str {
    if user.name.trim().is_empty() {
        user.email.as_str().split('@').next().unwrap_or("there")
    } else {
        &user.name
    }
}

/// Why an e-mailed link (`uid` and `token`) does not open an account.
#[derive(Debug, Error)]
pub enum LinkError {
    #[error("{INVALID_UID}")]
    Uid,
    #[error("{INVALID_TOKEN}")]
    Token,
    #[error("cannot look the account up: {0}")]
    Store(#[from] StoreError),
}

/// The account named by `uid` whose `token` for `purpose` is valid at `now`.
pub async fn account_of_link(
    state: &AppState,
    uid: &str,
    token: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<User, LinkError> {
    let id = tokens::decode_uid(uid.trim()).ok_or(LinkError::Uid)?;
    let user = match state.store.user_by_id(id).await {
        Ok(u) => u,
        Err(StoreError::NotFound) => return Err(LinkError::Uid),
        Err(e) => return Err(e.into()),
    };
    if !state
        .keys
        .check_link_token(purpose, &user, token.trim(), now)
    {
        return Err(LinkError::Token);
    }
    Ok(user)
}

/// Whether another reset or activation e-mail may go to `email` (the
/// address of account `user_id`) for this client: 3 an hour per (client,
/// address), and 10 an hour per address from clients that have not signed
/// in to the account. Past the limits the answer is the same, but no more
/// mail goes out: nobody can flood an inbox, one client cannot use up
/// another's allowance, and strangers cannot use up the allowance of a
/// client the owner signs in from.
pub async fn may_mail(
    state: &AppState,
    client: &Client<'_>,
    user_id: i64,
    email: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let pair = limits::pair(client.ip, email);
    if state
        .limiter
        .hit(limits::EMAILS_PER_CLIENT_AND_ADDRESS, &pair, now)
        .await?
        .is_err()
    {
        return Ok(false);
    }
    if state
        .limiter
        .is_known_client(user_id, client.ip, now)
        .await?
    {
        return Ok(true);
    }
    Ok(state
        .limiter
        .hit(limits::EMAILS_PER_ADDRESS, email, now)
        .await?
        .is_ok())
}

#[cfg(test)]
pub(crate) mod testing {
    //! A state over a fresh in-memory SQLite store, for use-case tests
    //! without HTTP.

    use std::sync::Arc;

    use chrono::{DateTime, TimeZone, Utc};
    use domain_wasm::accounts::Email;

    use crate::auth::TokenKeys;
    use crate::config::Settings;
    use crate::mail::Mailer;
    use crate::state::AppState;
    use crate::store::{NewUser, Role, Store, User};

    pub async fn state() -> Arc<AppState> {
        let settings = Settings::for_database("sqlite::memory:");
        let store = Store::open("sqlite::memory:").await.expect("store");
        let mailer = Mailer::new(store.clone(), &settings).expect("mailer");
        AppState::new(
            store,
            &settings,
            TokenKeys::from_secret("unit-test-secret-unit-test-secret-0123"),
            mailer,
            "http://mentors.test".into(),
        )
    }

    pub fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2030, 1, 1, 9, 0, 0)
            .single()
            .expect("time")
    }

    pub async fn user(state: &AppState, email: &str, new: impl FnOnce(&mut NewUser)) -> User {
        let mut account = NewUser {
            email: Email::parse(email).expect("address"),
            name: "Asha".into(),
            password_hash: Some("$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA".into()),
            google_sub: None,
            role: Role::User,
            is_active: true,
            contact_number: None,
        };
        new(&mut account);
        let mut tx = state.store.begin().await.expect("tx");
        let user = tx.create_user(&account, t0()).await.expect("created");
        tx.commit().await.expect("commit");
        user
    }
}

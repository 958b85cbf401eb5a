//! Signing in with a password, refreshing tokens (rotation with reuse
//! detection) and signing out.

use chrono::{DateTime, Utc};
use domain_wasm::accounts::Email;
use thiserror::Error;

use super::Client;
use crate::auth::limits::{self, Limited};
use crate::auth::passwords;
use crate::auth::tokens::{self, TokenType};
use crate::state::AppState;
use crate::store::{Rotation, StoreError, Tx, User};

pub const NO_ACCOUNT: &str = "No active account found with the given credentials";
pub const TOKEN_INVALID_OR_EXPIRED: &str = "Token is invalid or expired";

/// An access token and the first or next refresh token of a session.
#[derive(Debug, Clone)]
pub struct Tokens {
    pub access: String,
    pub refresh: String,
}

/// Opens a session for `user` in `tx`: the session row, its first refresh
/// token and the sign-in time, written together.
pub async fn start_session(
    state: &AppState,
    tx: &mut Tx,
    user: &User,
    user_agent: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Tokens, StoreError> {
    let sid = tokens::random_id();
    let agent = user_agent.map(|a| a.chars().take(300).collect::<String>());
    tx.create_session(
        &sid,
        user.id,
        agent.as_deref(),
        now,
        now + tokens::SESSION_LIFETIME,
    )
    .await?;
    let refresh = issue_refresh(state, tx, user.id, &sid, now).await?;
    tx.record_login(user.id, now).await?;
    Ok(Tokens {
        access: state.keys.access_token(user.id, &sid, now),
        refresh,
    })
}

/// [`start_session`] in a transaction of its own.
pub async fn open_session(
    state: &AppState,
    user: &User,
    user_agent: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Tokens, StoreError> {
    let mut tx = state.store.begin().await?;
    let tokens = start_session(state, &mut tx, user, user_agent, now).await?;
    tx.commit().await?;
    Ok(tokens)
}

/// Stores and signs the next refresh token of a session.
async fn issue_refresh(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    sid: &str,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    let jti = tokens::random_id();
    tx.insert_refresh_token(&jti, sid, now, now + tokens::REFRESH_LIFETIME)
        .await?;
    Ok(state.keys.refresh_token(user_id, sid, &jti, now))
}

#[derive(Debug, Error)]
pub enum LoginError {
    /// A wrong password, an unknown address and an account not yet
    /// activated are one answer.
    #[error("{NO_ACCOUNT}")]
    Refused,
    #[error("too many sign-in attempts; retry in {}s", .0.retry_after_secs)]
    Limited(Limited),
    #[error("cannot sign in: {0}")]
    Store(#[from] StoreError),
}

/// Signs in with an e-mail address (as typed) and a password, within the
/// limits of [`limits`]: 5 attempts per (client, address) in 15 minutes,
/// counted before the password is checked and forgiven by a success; and,
/// for a client that has not signed in to the account before, the
/// per-account soft throttle ([`limits::Limiter::account_gate`]). A success
/// makes the client known to the account.
pub async fn login(
    state: &AppState,
    client: &Client<'_>,
    email: &str,
    password: &str,
    now: DateTime<Utc>,
) -> Result<(User, Tokens), LoginError> {
    let typed = email;
    let email = Email::parse(typed).ok();
    // An address the rule refuses matches no account, but still counts.
    let key = limits::address_key(typed);
    let pair = limits::pair(client.ip, &key);
    // Counted before the password is checked, in one statement: requests
    // racing each other cannot all pass.
    state
        .limiter
        .hit(limits::LOGIN_FAILURES, &pair, now)
        .await?
        .map_err(LoginError::Limited)?;
    let user = match &email {
        Some(email) => match state.store.user_by_email(email).await {
            Ok(u) => Some(u),
            Err(StoreError::NotFound) => None,
            Err(e) => return Err(e.into()),
        },
        None => None,
    };
    let known = match &user {
        Some(u) => state.limiter.is_known_client(u.id, client.ip, now).await?,
        None => false,
    };
    if !known {
        state
            .limiter
            .account_gate(&key, now)
            .await?
            .map_err(LoginError::Limited)?;
    }
    let hash = user.as_ref().and_then(|u| u.password_hash.clone());
    // Verified even without an account, so every refusal takes as long.
    let matches = passwords::verify(password.to_owned(), hash).await;
    let user = match user {
        // A disabled account gets the same answer (`api disable-user`).
        Some(u) if matches && u.is_active && !u.is_disabled() => u,
        _ => return Err(LoginError::Refused),
    };
    state.limiter.clear(limits::LOGIN_FAILURES, &pair).await?;
    if !known {
        state.limiter.account_success(&key, now).await?;
    }
    state
        .limiter
        .remember_client(user.id, client.ip, now)
        .await?;
    let tokens = open_session(state, &user, client.user_agent, now).await?;
    Ok((user, tokens))
}

#[derive(Debug, Error)]
pub enum RefreshError {
    /// Unknown, expired, from an ended session or a disabled account, or
    /// used a moment ago.
    #[error("{TOKEN_INVALID_OR_EXPIRED}")]
    Invalid,
    /// Used before: someone else has a copy, so its session has ended.
    #[error("a used refresh token was presented again; its session is revoked")]
    Reused { user_id: i64 },
    #[error("cannot refresh: {0}")]
    Store(#[from] StoreError),
}

/// Uses up a refresh token and answers the next one with a new access
/// token. The rotation, the session's last use and the next token are
/// written together; a reuse revokes the session (and that is kept).
pub async fn refresh(
    state: &AppState,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Tokens, RefreshError> {
    let claims = state
        .keys
        .decode(token.trim(), TokenType::Refresh, now)
        .map_err(|_| RefreshError::Invalid)?;
    let mut tx = state.store.begin().await?;
    let outcome = match tx.rotate_refresh_token(&claims.jti, now).await? {
        // The store answers with the stored id of the session; the tokens
        // carry the id itself.
        Rotation::Rotated {
            session_id,
            user_id,
        } if session_id == tokens::stored_id(&claims.sid) && user_id == claims.user_id => {
            let session_id = &claims.sid;
            match tx.user_by_id(user_id).await {
                Ok(u) if u.is_active && !u.is_disabled() => {
                    let refresh = issue_refresh(state, &mut tx, user_id, session_id, now).await?;
                    Ok(Tokens {
                        access: state.keys.access_token(user_id, session_id, now),
                        refresh,
                    })
                }
                Ok(_) | Err(StoreError::NotFound) => Err(RefreshError::Invalid),
                Err(e) => return Err(e.into()),
            }
        }
        Rotation::Reused => Err(RefreshError::Reused {
            user_id: claims.user_id,
        }),
        _ => Err(RefreshError::Invalid),
    };
    // Kept whatever the answer: the token is used up, a reuse ends the session.
    tx.commit().await?;
    outcome
}

/// Ends the sessions the given tokens name (either may be absent, expired
/// or invalid: signing out always succeeds).
pub async fn logout(
    state: &AppState,
    refresh: Option<&str>,
    bearer: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    // An expired token still names the session to end.
    let far_past = DateTime::<Utc>::MIN_UTC;
    let sessions: Vec<String> = [(refresh, TokenType::Refresh), (bearer, TokenType::Access)]
        .into_iter()
        .filter_map(|(token, kind)| {
            let token = token?;
            state.keys.decode(token.trim(), kind, far_past).ok()
        })
        .map(|c| c.sid)
        .collect();
    if sessions.is_empty() {
        return Ok(());
    }
    let mut tx = state.store.begin().await?;
    for sid in &sessions {
        tx.revoke_session(sid, "signed out", now).await?;
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::accounts::testing::{state, t0, user};

    #[tokio::test]
    async fn a_refresh_token_works_once_and_its_reuse_ends_the_session() {
        let state = state().await;
        let asha = user(&state, "asha@example.com", |_| {}).await;
        let first = open_session(&state, &asha, Some("test"), t0())
            .await
            .expect("signed in");
        let second = refresh(&state, &first.refresh, t0() + Duration::seconds(1))
            .await
            .expect("rotated");

        // Presented again within the grace (two tabs at once): refused,
        // and the session goes on.
        let racing = refresh(&state, &first.refresh, t0() + Duration::seconds(10)).await;
        assert!(matches!(racing, Err(RefreshError::Invalid)), "{racing:?}");
        let third = refresh(&state, &second.refresh, t0() + Duration::seconds(12))
            .await
            .expect("the session is still open");

        // Presented again after the grace: a copy is loose, so the session ends.
        let replay = refresh(&state, &second.refresh, t0() + Duration::seconds(60)).await;
        assert!(
            matches!(replay, Err(RefreshError::Reused { user_id }) if user_id == asha.id),
            "{replay:?}"
        );
        let after = refresh(&state, &third.refresh, t0() + Duration::seconds(61)).await;
        assert!(matches!(after, Err(RefreshError::Invalid)), "{after:?}");
    }

    #[tokio::test]
    async fn refresh_tokens_of_a_disabled_account_are_refused() {
        let state = state().await;
        let ravi = user(&state, "ravi@example.com", |u| u.is_active = false).await;
        let tokens = open_session(&state, &ravi, None, t0())
            .await
            .expect("session");
        let refused = refresh(&state, &tokens.refresh, t0() + Duration::seconds(5)).await;
        assert!(matches!(refused, Err(RefreshError::Invalid)), "{refused:?}");
        assert!(matches!(
            refresh(&state, "not a token", t0()).await,
            Err(RefreshError::Invalid)
        ));
    }

    #[tokio::test]
    async fn signing_out_ends_the_session_of_either_token() {
        let state = state().await;
        let asha = user(&state, "asha@example.com", |_| {}).await;
        let tokens = open_session(&state, &asha, None, t0())
            .await
            .expect("session");
        logout(&state, None, Some(&tokens.access), t0())
            .await
            .expect("out");
        let refused = refresh(&state, &tokens.refresh, t0() + Duration::seconds(1)).await;
        assert!(matches!(refused, Err(RefreshError::Invalid)), "{refused:?}");
        logout(&state, Some("garbage"), None, t0())
            .await
            .expect("always fine");
    }
}

//! Accounts and sign-in: password hashing, tokens, attempt limits and the
//! bearer-token check every protected endpoint uses.

pub mod limits;
pub mod passwords;
pub mod tokens;

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem::Request;
use poem::http::StatusCode;
use poem_openapi::SecurityScheme;
use poem_openapi::auth::Bearer;

use crate::state::AppState;
use crate::store::{StoreError, User};
use tokens::{Keys, TokenError, TokenType};

/// SimpleJWT's answer for a token that is not (or no longer) valid.
pub const TOKEN_NOT_VALID: &str = "Given token not valid for any token type";

/// The answer to a disabled account (`api disable-user`).
pub const ACCOUNT_DISABLED: &str = "This account is disabled. Please contact support.";

/// A signed-in caller: the account and the session the token belongs to.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    /// The session's id as tokens carry it (stored hashed).
    pub session_id: String,
}

/// `Authorization: Bearer <access token>`, checked against the session and
/// the account on every request, so logging out or changing the password
/// ends other sessions at once.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "check_bearer")]
pub struct SignedIn(pub Caller);

/// A 401 in SimpleJWT's shape: `{"detail": ..., "code": "token_not_valid"}`.
pub fn token_not_valid(detail: &str) -> poem::Error {
    let body = serde_json::json!({ "detail": detail, "code": "token_not_valid" }).to_string();
    poem::Error::from_response(
        poem::Response::builder()
            .status(StatusCode::UNAUTHORIZED)
            .content_type("application/json")
            .header("WWW-Authenticate", "Bearer realm=\"api\"")
            .body(body),
    )
}

async fn check_bearer(req: &Request, bearer: Bearer) -> poem::Result<Caller> {
    let state = req
        .data::<Arc<AppState>>()
        .ok_or_else(|| crate::error::internal("the application state is missing"))?;
    caller_from_access_token(state, &bearer.token, state.clock.now()).await
}

/// The caller an access token stands for, if its session is still open and
/// its account active and not disabled.
pub async fn caller_from_access_token(
    state: &AppState,
    token: &str,
    now: DateTime<Utc>,
) -> poem::Result<Caller> {
    let claims = match state.keys.decode(token, TokenType::Access, now) {
        Ok(c) => c,
        Err(TokenError::Expired) => return Err(token_not_valid("Token is expired")),
        Err(_) => return Err(token_not_valid(TOKEN_NOT_VALID)),
    };
    let session = match state.store.session(&claims.sid).await {
        Ok(s) => s,
        Err(StoreError::NotFound) => return Err(token_not_valid(TOKEN_NOT_VALID)),
        Err(e) => return Err(e.into()),
    };
    if session.revoked_at.is_some()
        || session.expires_at <= now
        || session.user_id != claims.user_id
    {
        return Err(token_not_valid(
            "This session has ended. Please sign in again.",
        ));
    }
    let user = match state.store.user_by_id(claims.user_id).await {
        Ok(u) if u.is_disabled() => return Err(token_not_valid(ACCOUNT_DISABLED)),
        Ok(u) if u.is_active => u,
        Ok(_) | Err(StoreError::NotFound) => {
            return Err(token_not_valid("User is inactive"));
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Caller {
        user,
        session_id: claims.sid,
    })
}

/// The client's address: the connection's peer, or, when the server is
/// told it runs behind a proxy, the address that proxy appended last to
/// `X-Forwarded-For` (earlier entries are whatever the client sent).
pub fn client_ip(req: &Request, trust_forwarded_for: bool) -> IpAddr {
    if trust_forwarded_for
        && let Some(ip) = req
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse().ok())
    {
        return ip;
    }
    req.remote_addr()
        .as_socket_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

/// Who is asking: the client's address (see [`client_ip`]) and user agent.
pub fn client_of(req: &Request, trust_forwarded_for: bool) -> crate::accounts::Client<'_> {
    crate::accounts::Client {
        ip: client_ip(req, trust_forwarded_for),
        user_agent: req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok()),
    }
}

/// The key attempt limits count a client under: its IPv4 address, or the
/// /64 network of an IPv6 address (one subscriber holds a whole /64, so
/// counting single IPv6 addresses would count nothing).
pub fn client_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

pub use tokens::Keys as TokenKeys;

/// Shortest `SECRET_KEY` accepted (checked at start): HS256 keys shorter
/// than this can be brute-forced offline from any token.
pub const MIN_SECRET_LEN: usize = 32;

/// Makes sure the token keys exist: from `SECRET_KEY`, or made once and kept
/// in the database.
pub async fn load_keys(
    store: &crate::store::Store,
    configured: Option<&str>,
) -> Result<Keys, StoreError> {
    let secret = match configured.filter(|s| !s.trim().is_empty()) {
        Some(s) => s.to_owned(),
        None => {
            let candidate: String = (0..4).map(|_| tokens::random_id()).collect();
            store.secret_or_insert("token-signing", &candidate).await?
        }
    };
    Ok(Keys::from_secret(&secret))
}

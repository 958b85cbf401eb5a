//! Accounts and sign-in: password hashing, tokens, attempt limits and the
//! bearer-token check every protected endpoint uses.

pub use crate::attempt_limits as limits;
pub mod passwords;
pub use crate::tokens;

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

use crate::error::NOT_PERMITTED;

/// A 403 `{"detail": NOT_PERMITTED}`.
pub fn forbidden() -> poem::Error {
    poem::Error::from_response(crate::error::detail_response(
        StatusCode::FORBIDDEN,
        NOT_PERMITTED,
    ))
}

impl Caller {
    /// The administrator's account id; anyone else gets 403.
    pub fn require_admin(&self) -> poem::Result<i64> {
        match self.user.role {
            crate::store::Role::Admin => Ok(self.user.id),
            _ => Err(forbidden()),
        }
    }

    /// The id of the mentor profile this caller runs: a mentor's linked
    /// profile. Anyone else (and a mentor account without a profile) gets
    /// 403.
    pub fn require_mentor(&self) -> poem::Result<i64> {
        match (self.user.role, self.user.mentor_id) {
            (crate::store::Role::Mentor, Some(id)) => Ok(id),
            _ => Err(forbidden()),
        }
    }
}

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

/// The client's address: the connection's peer, or, behind
/// `trusted_proxies` proxies of ours, what `X-Forwarded-For` says (see
/// [`forwarded_client`]).
pub fn client_ip(req: &Request, trusted_proxies: u8) -> IpAddr {
    let peer = req
        .remote_addr()
        .as_socket_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    forwarded_client(req.headers(), peer, trusted_proxies)
}

/// The client behind `hops` proxies: each proxy appends the address it
/// was connected from to `X-Forwarded-For` (several header lines count as
/// one list, in order), so the client is the `hops`-th entry from the
/// right; entries further left are whatever the client sent and are never
/// read. With fewer entries than `hops` (a request that came through fewer
/// proxies), the leftmost; with none, or an entry that is not an address,
/// the peer.
pub fn forwarded_client(headers: &poem::http::HeaderMap, peer: IpAddr, hops: u8) -> IpAddr {
    if hops == 0 {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    let Some(entry) = entries
        .len()
        .checked_sub(usize::from(hops))
        .map_or(entries.first(), |i| entries.get(i))
    else {
        return peer;
    };
    parse_forwarded_address(entry).unwrap_or(peer)
}

/// An address as proxies write it: `203.0.113.7`, `2001:db8::1`, or with a
/// port, `203.0.113.7:4711` or `[2001:db8::1]:4711`.
fn parse_forwarded_address(entry: &str) -> Option<IpAddr> {
    let ip = entry
        .parse::<IpAddr>()
        .or_else(|_| entry.parse::<std::net::SocketAddr>().map(|a| a.ip()))
        .or_else(|_| entry.trim_matches(['[', ']']).parse::<IpAddr>())
        .ok()?;
    // An IPv4 client through an IPv6 proxy may be written mapped.
    Some(ip.to_canonical())
}

/// Who is asking: the client's address (see [`client_ip`]) and user agent.
pub fn client_of(req: &Request, trusted_proxies: u8) -> crate::attempt_limits::Client<'_> {
    crate::attempt_limits::Client {
        ip: client_ip(req, trusted_proxies),
        user_agent: req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok()),
    }
}

pub use crate::attempt_limits::client_key;

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

#[cfg(test)]
mod tests {
    use super::*;
    use poem::http::{HeaderMap, HeaderValue};

    const PEER: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    fn forwarded(lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append(
                "x-forwarded-for",
                HeaderValue::from_str(line).expect("header"),
            );
        }
        headers
    }

    fn client(lines: &[&str], hops: u8) -> String {
        forwarded_client(&forwarded(lines), PEER, hops).to_string()
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client() {
        assert_eq!(client(&[], 0), "10.0.0.2");
        assert_eq!(
            client(&["203.0.113.7"], 0),
            "10.0.0.2",
            "the header is ignored"
        );
    }

    #[test]
    fn one_proxy_the_last_entry_is_the_client() {
        assert_eq!(client(&["203.0.113.7"], 1), "203.0.113.7");
        // Whatever the client wrote itself stays to the left.
        assert_eq!(client(&["6.6.6.6, 203.0.113.7"], 1), "203.0.113.7");
        assert_eq!(client(&["6.6.6.6", "203.0.113.7"], 1), "203.0.113.7");
        assert_eq!(client(&["1.1.1.1, 6.6.6.6,203.0.113.7"], 1), "203.0.113.7");
    }

    #[test]
    fn two_proxies_the_second_entry_from_the_right_is_the_client() {
        // client -> proxy A (appends the client) -> proxy B (appends A) -> us
        assert_eq!(client(&["203.0.113.7, 10.0.0.1"], 2), "203.0.113.7");
        assert_eq!(
            client(&["6.6.6.6, 7.7.7.7, 203.0.113.7, 10.0.0.1"], 2),
            "203.0.113.7",
            "spoofed entries further left are never read"
        );
        assert_eq!(
            client(&["6.6.6.6, 203.0.113.7", "10.0.0.1"], 2),
            "203.0.113.7"
        );
    }

    #[test]
    fn fewer_entries_than_proxies_take_the_leftmost_or_the_peer() {
        assert_eq!(client(&["203.0.113.7"], 2), "203.0.113.7");
        assert_eq!(client(&["203.0.113.7, 10.0.0.1"], 5), "203.0.113.7");
        assert_eq!(client(&[], 1), "10.0.0.2");
        assert_eq!(client(&[], u8::MAX), "10.0.0.2");
        assert_eq!(client(&[""], 1), "10.0.0.2");
    }

    #[test]
    fn entries_that_are_not_addresses_leave_the_peer() {
        assert_eq!(client(&["unknown"], 1), "10.0.0.2");
        assert_eq!(client(&["203.0.113.7, garbage"], 1), "10.0.0.2");
        assert_eq!(client(&["203.0.113.7,"], 1), "10.0.0.2");
        let mut bad = HeaderMap::new();
        bad.append(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"\xff\xfe").expect("opaque bytes"),
        );
        assert_eq!(forwarded_client(&bad, PEER, 1), PEER);
    }

    #[test]
    fn ipv6_and_ports_are_understood() {
        assert_eq!(client(&["2001:db8::7"], 1), "2001:db8::7");
        assert_eq!(client(&["[2001:db8::7]:4711"], 1), "2001:db8::7");
        assert_eq!(client(&["[2001:db8::7]"], 1), "2001:db8::7");
        assert_eq!(client(&["203.0.113.7:4711"], 1), "203.0.113.7");
        assert_eq!(client(&["::ffff:203.0.113.7"], 1), "203.0.113.7");
        assert_eq!(client(&["2001:db8::7, fd00::1"], 2), "2001:db8::7");
        let v6_peer: IpAddr = "fd00::2".parse().expect("ip");
        assert_eq!(
            forwarded_client(&forwarded(&["2001:db8::7"]), v6_peer, 0),
            v6_peer
        );
    }
}

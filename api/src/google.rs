//! Google sign-in: verifies the "credential" Google Identity Services gives
//! the web app, an RS256-signed OpenID Connect ID token, against the public
//! keys Google publishes as a JWKS.
//!
//! The keys are fetched on demand and cached for as long as the JWKS
//! response's `Cache-Control: max-age` allows (an hour when it says
//! nothing). One fetch runs at a time: requests that arrive during a fetch
//! wait for it and share its outcome. A token naming a key we do not know
//! makes us refetch, at most once per [`DEFAULT_REFETCH_INTERVAL`], so a
//! stream of garbage tokens cannot make us hammer Google. When a refresh
//! fails but we still hold the (expired) keys, we keep using them rather
//! than turning everyone away, but for [`MAX_STALE`] past their expiry at
//! most: after that, tokens are refused as "Google is unavailable" until a
//! fetch succeeds, so keys Google has withdrawn (a leaked key, say) stop
//! working within a bounded time even while we cannot reach Google.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use crate::clock::Clock;

/// Google's JWKS for ID tokens.
pub const GOOGLE_JWKS_URL: &str = "https://www.googleapis.com/oauth2/v3/certs";

/// The `iss` values Google uses for ID tokens.
pub const GOOGLE_ISSUERS: [&str; 2] = ["accounts.google.com", "https://accounts.google.com"];

/// How long one JWKS fetch may take, end to end.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

/// The shortest time between two fetches caused by tokens naming an unknown
/// key (and between retries after a failed refresh while old keys still work).
pub const DEFAULT_REFETCH_INTERVAL: Duration = Duration::from_secs(30);

/// How long to keep the keys when the JWKS response gives no `max-age`.
const DEFAULT_MAX_AGE: Duration = Duration::from_secs(60 * 60);
/// Never keep keys longer than this, whatever the response says.
const MAX_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);
/// How long past their expiry cached keys are still used while refetching
/// them fails; after that, tokens are refused until a fetch succeeds.
pub const MAX_STALE: Duration = Duration::from_secs(24 * 60 * 60);
/// Clock skew tolerated on `exp` and `nbf`, in seconds.
const LEEWAY_SECS: u64 = 60;
/// Google's ID tokens are about 1 KB; anything far larger is not one.
const MAX_CREDENTIAL_LEN: usize = 16 * 1024;
/// Google's JWKS is about 1 KB.
const MAX_JWKS_LEN: usize = 256 * 1024;

const UNAVAILABLE: &str = "Google's sign-in keys could not be fetched. Please try again.";
const MALFORMED: &str = "The Google credential is malformed.";
const WRONG_AUDIENCE: &str = "The Google credential is not for this app.";
const WRONG_ISSUER: &str = "The Google credential was not issued by Google.";
const EXPIRED: &str = "The Google credential has expired.";
const NOT_YET_VALID: &str = "The Google credential is not valid yet.";
const BAD_SIGNATURE: &str = "The Google credential's signature is not valid.";
const WRONG_ALGORITHM: &str = "The Google credential is not signed the way Google signs them.";
const UNKNOWN_KEY: &str = "The Google credential was signed with a key Google does not publish.";
const NO_SUBJECT: &str = "The Google credential does not name an account.";
const NO_EMAIL: &str = "The Google credential carries no email address.";

/// Who a verified Google ID token says the person is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoogleIdentity {
    /// Google's stable account id (`sub`).
    pub subject: String,
    /// Lower-cased and trimmed.
    pub email: String,
    pub email_verified: bool,
    pub name: Option<String>,
    /// When Google issued the token (`iat`), in seconds since the epoch.
    pub issued_at: Option<i64>,
    /// The Google Workspace domain of the account (`hd`), lower-cased;
    /// `None` for consumer accounts. Google vouches for addresses in it.
    pub hosted_domain: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoogleError {
    /// The credential is not a valid Google ID token for this app; the text says why.
    #[error("{0}")]
    Invalid(String),
    /// Google's keys could not be fetched.
    #[error("{0}")]
    Unavailable(String),
}

fn invalid(reason: &str) -> GoogleError {
    GoogleError::Invalid(reason.to_owned())
}

/// Verifies Google ID tokens for one OAuth client id. Cheap to share: put it
/// in an `Arc` and call [`GoogleVerifier::verify`] from as many requests at
/// once as you like.
pub struct GoogleVerifier {
    client_id: String,
    jwks_url: String,
    /// `None` if no HTTP client could be built (no TLS support): every
    /// fetch then fails.
    http: Option<reqwest::Client>,
    refetch_interval: Duration,
    validation: Validation,
    /// The last keys fetched successfully.
    cache: RwLock<Option<Cached>>,
    /// How many fetches have finished (successfully or not); read without
    /// the gate to tell whether a fetch happened while we waited for it.
    fetches: AtomicU64,
    /// Held for the whole of a fetch, so only one runs at a time.
    gate: tokio::sync::Mutex<Gate>,
    /// Measures cache ages and refetch intervals.
    clock: Clock,
}

/// The usable keys of one JWKS, by key id.
type Keys = Arc<HashMap<String, DecodingKey>>;

struct Cached {
    keys: Keys,
    expires_at: Instant,
}

#[derive(Default)]
struct Gate {
    last_attempt: Option<Instant>,
    last_failed: bool,
}

impl std::fmt::Debug for GoogleVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GoogleVerifier")
            .field("client_id", &self.client_id)
            .field("jwks_url", &self.jwks_url)
            .field("refetch_interval", &self.refetch_interval)
            .finish_non_exhaustive()
    }
}

impl GoogleVerifier {
    /// A verifier accepting tokens issued to `client_id`, checked against
    /// the keys at `jwks_url` (normally [`GOOGLE_JWKS_URL`]).
    pub fn new(client_id: impl Into<String>, jwks_url: impl Into<String>) -> GoogleVerifier {
        let http = reqwest::Client::builder()
            .connect_timeout(FETCH_TIMEOUT)
            .timeout(FETCH_TIMEOUT)
            .build();
        if let Err(e) = &http {
            tracing::error!(error = %e, "no HTTP client for fetching Google's sign-in keys");
        }
        Self::build(client_id.into(), jwks_url.into(), http.ok())
    }

    /// Like [`GoogleVerifier::new`] with a client of your own (each fetch
    /// is still limited to [`FETCH_TIMEOUT`]).
    pub fn with_http_client(
        client_id: impl Into<String>,
        jwks_url: impl Into<String>,
        http: reqwest::Client,
    ) -> GoogleVerifier {
        Self::build(client_id.into(), jwks_url.into(), Some(http))
    }

    fn build(client_id: String, jwks_url: String, http: Option<reqwest::Client>) -> Self {
        let mut validation = Validation::new(Algorithm::RS256);
        validation.leeway = LEEWAY_SECS;
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.validate_aud = true;
        validation.set_audience(&[client_id.as_str()]);
        validation.set_issuer(&GOOGLE_ISSUERS);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        GoogleVerifier {
            client_id,
            jwks_url,
            http,
            refetch_interval: DEFAULT_REFETCH_INTERVAL,
            validation,
            cache: RwLock::new(None),
            fetches: AtomicU64::new(0),
            gate: tokio::sync::Mutex::new(Gate::default()),
            clock: Clock::system(),
        }
    }

    /// Measures cache ages and refetch intervals with `clock` (the server's
    /// injected clock; tests move it instead of sleeping).
    #[must_use]
    pub fn with_clock(mut self, clock: Clock) -> GoogleVerifier {
        self.clock = clock;
        self
    }

    /// Sets the shortest time between fetches caused by unknown key ids
    /// (default [`DEFAULT_REFETCH_INTERVAL`]); tests shorten it.
    #[must_use]
    pub fn with_refetch_interval(mut self, interval: Duration) -> GoogleVerifier {
        self.refetch_interval = interval;
        self
    }

    pub fn client_id(&self) -> &str {
        &self.client_id
    }

    pub fn jwks_url(&self) -> &str {
        &self.jwks_url
    }

    /// Checks a Google ID token: its RS256 signature by one of Google's
    /// current keys, that it was issued by Google to this app's client id,
    /// and that it has not expired (within a minute's leeway).
    pub async fn verify(&self, credential: &str) -> Result<GoogleIdentity, GoogleError> {
        let credential = credential.trim();
        if credential.is_empty() || credential.len() > MAX_CREDENTIAL_LEN {
            return Err(invalid(MALFORMED));
        }
        let header = jsonwebtoken::decode_header(credential).map_err(|_| invalid(MALFORMED))?;
        if header.alg != Algorithm::RS256 {
            return Err(invalid(WRONG_ALGORITHM));
        }
        let kid = header.kid.ok_or_else(|| invalid(MALFORMED))?;
        let keys = self.keys_with(&kid).await?;
        let key = keys.get(&kid).ok_or_else(|| invalid(UNKNOWN_KEY))?;
        let data = jsonwebtoken::decode::<Claims>(credential, key, &self.validation)
            .map_err(|e| GoogleError::Invalid(reason(e.kind()).to_owned()))?;
        identity(data.claims)
    }

    /// Keys that include `kid` if Google publishes it; fetches when the
    /// cache is empty or expired, or (rate-limited) when `kid` is unknown.
    async fn keys_with(&self, kid: &str) -> Result<Keys, GoogleError> {
        if let Some((keys, fresh)) = self.cached(self.clock.instant())
            && fresh
            && keys.contains_key(kid)
        {
            return Ok(keys);
        }

        let fetches_before = self.fetches.load(Ordering::Acquire);
        let mut gate = self.gate.lock().await;
        let now = self.clock.instant();
        let cached = self.cached(now);

        // A fetch finished while we waited for the gate: share its outcome
        // rather than fetching again.
        if self.fetches.load(Ordering::Acquire) != fetches_before {
            return match cached {
                Some((keys, _)) if keys.contains_key(kid) || !gate.last_failed => Ok(keys),
                _ => Err(GoogleError::Unavailable(UNAVAILABLE.to_owned())),
            };
        }

        let since_last = gate
            .last_attempt
            .map(|at| now.saturating_duration_since(at));
        let recently = since_last.is_some_and(|d| d < self.refetch_interval);
        match &cached {
            Some((keys, true)) if keys.contains_key(kid) => return Ok(keys.clone()),
            // An unknown key id: refetch, unless we fetched a moment ago.
            Some((keys, true)) if recently => return Ok(keys.clone()),
            // Expired keys, but refreshing them just failed: keep using them
            // for a while rather than waiting on a fetch per request.
            Some((keys, false)) if recently && gate.last_failed => {
                return if keys.contains_key(kid) {
                    Ok(keys.clone())
                } else {
                    Err(GoogleError::Unavailable(UNAVAILABLE.to_owned()))
                };
            }
            _ => {}
        }

        let result = self.fetch().await;
        gate.last_attempt = Some(self.clock.instant());
        gate.last_failed = result.is_err();
        self.fetches.fetch_add(1, Ordering::AcqRel);
        match result {
            Ok((keys, max_age)) => {
                let keys = Arc::new(keys);
                let mut slot = self.cache.write().unwrap_or_else(|e| e.into_inner());
                *slot = Some(Cached {
                    keys: keys.clone(),
                    expires_at: self.clock.instant() + max_age,
                });
                Ok(keys)
            }
            Err(reason) => {
                tracing::warn!(url = %self.jwks_url, %reason, "could not fetch Google's sign-in keys");
                match cached {
                    Some((keys, _)) if keys.contains_key(kid) => Ok(keys),
                    _ => Err(GoogleError::Unavailable(UNAVAILABLE.to_owned())),
                }
            }
        }
    }

    /// The cached keys and whether they are still fresh at `now`; `None`
    /// once they are more than [`MAX_STALE`] past their expiry.
    fn cached(&self, now: Instant) -> Option<(Keys, bool)> {
        let slot = self.cache.read().unwrap_or_else(|e| e.into_inner());
        slot.as_ref()
            .filter(|c| now < c.expires_at + MAX_STALE)
            .map(|c| (c.keys.clone(), now < c.expires_at))
    }

    /// Fetches and parses the JWKS; returns the keys and how long to keep them.
    async fn fetch(&self) -> Result<(HashMap<String, DecodingKey>, Duration), String> {
        let http = self.http.as_ref().ok_or("no HTTP client")?;
        let mut response = http
            .get(&self.jwks_url)
            .header(reqwest::header::ACCEPT, "application/json")
            .timeout(FETCH_TIMEOUT)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("status {}", response.status()));
        }
        let max_age = max_age(response.headers());
        if response
            .content_length()
            .is_some_and(|n| n > MAX_JWKS_LEN as u64)
        {
            return Err("the JWKS is too large".into());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
            if body.len() + chunk.len() > MAX_JWKS_LEN {
                return Err("the JWKS is too large".into());
            }
            body.extend_from_slice(&chunk);
        }
        let jwks: Jwks = serde_json::from_slice(&body).map_err(|e| format!("bad JWKS: {e}"))?;
        let keys = usable_keys(jwks);
        if keys.is_empty() {
            return Err("the JWKS holds no RS256 signing keys".into());
        }
        Ok((keys, max_age))
    }
}

#[derive(Deserialize)]
struct Jwks {
    keys: Vec<Jwk>,
}

#[derive(Deserialize)]
struct Jwk {
    kty: Option<String>,
    kid: Option<String>,
    alg: Option<String>,
    #[serde(rename = "use")]
    usage: Option<String>,
    n: Option<String>,
    e: Option<String>,
}

fn usable_keys(jwks: Jwks) -> HashMap<String, DecodingKey> {
    jwks.keys
        .into_iter()
        .filter(|k| k.kty.as_deref() == Some("RSA"))
        .filter(|k| k.alg.as_deref().is_none_or(|a| a == "RS256"))
        .filter(|k| k.usage.as_deref().is_none_or(|u| u == "sig"))
        .filter_map(|k| {
            let key = DecodingKey::from_rsa_components(k.n.as_deref()?, k.e.as_deref()?).ok()?;
            Some((k.kid?, key))
        })
        .collect()
}

/// `max-age` from `Cache-Control` less any `Age`, capped at a day; an hour
/// when absent.
fn max_age(headers: &reqwest::header::HeaderMap) -> Duration {
    let Some(max_age) = headers
        .get_all(reqwest::header::CACHE_CONTROL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|directive| {
            let (name, value) = directive.trim().split_once('=')?;
            if !name.trim().eq_ignore_ascii_case("max-age") {
                return None;
            }
            value.trim().trim_matches('"').parse::<u64>().ok()
        })
    else {
        return DEFAULT_MAX_AGE;
    };
    let age = headers
        .get(reqwest::header::AGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(0);
    Duration::from_secs(max_age.saturating_sub(age)).min(MAX_MAX_AGE)
}

/// The claims we read; `exp`, `iss`, `aud` and `nbf` are checked by
/// `jsonwebtoken` from the raw payload.
#[derive(Deserialize)]
struct Claims {
    sub: Option<String>,
    email: Option<String>,
    email_verified: Option<serde_json::Value>,
    name: Option<String>,
    iat: Option<i64>,
    hd: Option<String>,
}

fn identity(claims: Claims) -> Result<GoogleIdentity, GoogleError> {
    let subject = claims
        .sub
        .filter(|s| !s.trim().is_empty())
        .ok_or_else(|| invalid(NO_SUBJECT))?;
    let email = claims
        .email
        .map(|e| e.trim().to_lowercase())
        .filter(|e| !e.is_empty())
        .ok_or_else(|| invalid(NO_EMAIL))?;
    let email_verified = match claims.email_verified {
        Some(serde_json::Value::Bool(b)) => b,
        Some(serde_json::Value::String(s)) => s.trim().eq_ignore_ascii_case("true"),
        _ => false,
    };
    let name = claims
        .name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty());
    let hosted_domain = claims
        .hd
        .map(|d| d.trim().to_lowercase())
        .filter(|d| !d.is_empty());
    Ok(GoogleIdentity {
        subject,
        email,
        email_verified,
        name,
        issued_at: claims.iat,
        hosted_domain,
    })
}

/// A short, human reason for a rejected token.
fn reason(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::InvalidSignature => BAD_SIGNATURE,
        ErrorKind::ExpiredSignature => EXPIRED,
        ErrorKind::ImmatureSignature => NOT_YET_VALID,
        ErrorKind::InvalidAudience => WRONG_AUDIENCE,
        ErrorKind::InvalidIssuer => WRONG_ISSUER,
        ErrorKind::InvalidAlgorithm => WRONG_ALGORITHM,
        ErrorKind::MissingRequiredClaim(claim) => match claim.as_str() {
            "aud" => WRONG_AUDIENCE,
            "iss" => WRONG_ISSUER,
            "sub" => NO_SUBJECT,
            _ => MALFORMED,
        },
        _ => MALFORMED,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::{AGE, CACHE_CONTROL, HeaderMap, HeaderValue};

    fn headers(pairs: &[(reqwest::header::HeaderName, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name.clone(), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn max_age_reads_cache_control() {
        assert_eq!(max_age(&headers(&[])), DEFAULT_MAX_AGE);
        assert_eq!(
            max_age(&headers(&[(
                CACHE_CONTROL,
                "public, max-age=19800, must-revalidate, no-transform"
            )])),
            Duration::from_secs(19800)
        );
        assert_eq!(
            max_age(&headers(&[
                (CACHE_CONTROL, "public, Max-Age=600"),
                (AGE, "100")
            ])),
            Duration::from_secs(500)
        );
        assert_eq!(
            max_age(&headers(&[(CACHE_CONTROL, "max-age=99999999")])),
            MAX_MAX_AGE
        );
        assert_eq!(
            max_age(&headers(&[(CACHE_CONTROL, "no-cache")])),
            DEFAULT_MAX_AGE
        );
    }

    #[test]
    fn email_verified_may_be_a_string() {
        let claims = |v: serde_json::Value| Claims {
            sub: Some("1".into()),
            email: Some("  Ada@Example.COM ".into()),
            email_verified: Some(v),
            name: Some("  ".into()),
            iat: None,
            hd: Some(" Example.COM ".into()),
        };
        let id = identity(claims(serde_json::json!("true"))).expect("identity");
        assert!(id.email_verified);
        assert_eq!(id.email, "ada@example.com");
        assert_eq!(id.name, None);
        assert_eq!(id.hosted_domain.as_deref(), Some("example.com"));
        assert!(
            !identity(claims(serde_json::json!("false")))
                .expect("identity")
                .email_verified
        );
        assert!(
            identity(claims(serde_json::json!(true)))
                .expect("identity")
                .email_verified
        );
    }
}

//! A fake Google for sign-in tests: `TestGoogle::start().await` serves a JWKS
//! on 127.0.0.1 (counting fetches) and mints RS256 ID tokens signed with the
//! TEST-ONLY keys in `tests/fixtures/google/`, so the real verifier checks
//! real signatures.
//!
//! ```ignore
//! let google = TestGoogle::start().await;
//! let verifier = GoogleVerifier::new(google.client_id(), google.jwks_url());
//! let token = google.credential_for("ada@example.com", "1001", Some("Ada"));
//! ```

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::Data;
use poem::{EndpointExt, Response, Route, Server, get, handler};
use rsa::pkcs1::EncodeRsaPrivateKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::traits::PublicKeyParts;
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// The OAuth client id the fake Google issues tokens to.
pub const TEST_CLIENT_ID: &str = "test-client-id.apps.googleusercontent.com";
/// The issuer Google puts in its ID tokens.
pub const GOOGLE_ISSUER: &str = "https://accounts.google.com";

const FIRST_KEY_PEM: &str = include_str!("../../fixtures/google/test-key-1.pem");
const SECOND_KEY_PEM: &str = include_str!("../../fixtures/google/test-key-2.pem");

/// One of the two TEST-ONLY signing keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestKey {
    /// Published from the start, as kid `test-key-1`.
    First,
    /// Not published until a test says so (`publish`), as kid `test-key-2`.
    Second,
}

impl TestKey {
    pub fn kid(self) -> &'static str {
        match self {
            TestKey::First => "test-key-1",
            TestKey::Second => "test-key-2",
        }
    }
}

struct LoadedKey {
    encoding: EncodingKey,
    /// The public half as a JWK.
    jwk: Value,
}

impl LoadedKey {
    fn load(pem: &str, kid: &str) -> LoadedKey {
        let private = rsa::RsaPrivateKey::from_pkcs8_pem(pem).expect("test key PEM");
        let der = private.to_pkcs1_der().expect("test key DER");
        let jwk = json!({
            "kty": "RSA",
            "alg": "RS256",
            "use": "sig",
            "kid": kid,
            "n": URL_SAFE_NO_PAD.encode(private.n().to_bytes_be()),
            "e": URL_SAFE_NO_PAD.encode(private.e().to_bytes_be()),
        });
        LoadedKey {
            encoding: EncodingKey::from_rsa_der(der.as_bytes()),
            jwk,
        }
    }
}

/// What the fake JWKS endpoint serves; shared with its handler.
struct Jwks {
    fetches: AtomicUsize,
    failing: AtomicBool,
    published: Mutex<Vec<TestKey>>,
    cache_control: Mutex<Option<String>>,
    first: Value,
    second: Value,
}

#[handler]
fn certs(jwks: Data<&Arc<Jwks>>) -> Response {
    jwks.fetches.fetch_add(1, Ordering::SeqCst);
    if jwks.failing.load(Ordering::SeqCst) {
        return Response::builder()
            .status(poem::http::StatusCode::SERVICE_UNAVAILABLE)
            .body("down for the test");
    }
    let keys: Vec<Value> = jwks
        .published
        .lock()
        .expect("published keys")
        .iter()
        .map(|k| match k {
            TestKey::First => jwks.first.clone(),
            TestKey::Second => jwks.second.clone(),
        })
        .collect();
    let mut response = Response::builder().content_type("application/json");
    if let Some(cc) = jwks.cache_control.lock().expect("cache control").as_deref() {
        response = response.header("cache-control", cc);
    }
    response.body(json!({ "keys": keys }).to_string())
}

pub struct TestGoogle {
    base: String,
    jwks: Arc<Jwks>,
    first: LoadedKey,
    second: LoadedKey,
    stop: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<()>>,
}

impl TestGoogle {
    /// Serves a JWKS publishing the first key with
    /// `Cache-Control: public, max-age=3600`.
    pub async fn start() -> TestGoogle {
        let first = LoadedKey::load(FIRST_KEY_PEM, TestKey::First.kid());
        let second = LoadedKey::load(SECOND_KEY_PEM, TestKey::Second.kid());
        let jwks = Arc::new(Jwks {
            fetches: AtomicUsize::new(0),
            failing: AtomicBool::new(false),
            published: Mutex::new(vec![TestKey::First]),
            cache_control: Mutex::new(Some("public, max-age=3600".into())),
            first: first.jwk.clone(),
            second: second.jwk.clone(),
        });
        let acceptor = TcpListener::bind("127.0.0.1:0")
            .into_acceptor()
            .await
            .expect("bind the fake Google");
        let addr = acceptor
            .local_addr()
            .into_iter()
            .find_map(|a| a.as_socket_addr().copied())
            .expect("fake Google address");
        let app = Route::new()
            .at("/oauth2/v3/certs", get(certs))
            .data(jwks.clone());
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            let _ = Server::new_with_acceptor(acceptor)
                .run_with_graceful_shutdown(
                    app,
                    async move {
                        let _ = stopped.await;
                    },
                    Some(Duration::from_secs(1)),
                )
                .await;
        });
        TestGoogle {
            base: format!("http://{addr}"),
            jwks,
            first,
            second,
            stop: Some(stop),
            server: Some(server),
        }
    }

    pub fn jwks_url(&self) -> String {
        format!("{}/oauth2/v3/certs", self.base)
    }

    pub fn client_id(&self) -> &'static str {
        TEST_CLIENT_ID
    }

    /// How many times the JWKS has been requested.
    pub fn fetch_count(&self) -> usize {
        self.jwks.fetches.load(Ordering::SeqCst)
    }

    /// Which keys the JWKS lists from now on (key rotation).
    pub fn publish(&self, keys: &[TestKey]) {
        *self.jwks.published.lock().expect("published keys") = keys.to_vec();
    }

    /// The JWKS response's `Cache-Control` header from now on (`None`: no header).
    pub fn set_cache_control(&self, value: Option<&str>) {
        *self.jwks.cache_control.lock().expect("cache control") = value.map(str::to_owned);
    }

    /// While set, the JWKS endpoint answers 503.
    pub fn set_failing(&self, failing: bool) {
        self.jwks.failing.store(failing, Ordering::SeqCst);
    }

    /// Shuts the server down (its port then refuses connections).
    pub async fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            let _ = server.await;
        }
    }

    /// Valid claims, as Google would issue them to this app, for an hour from now.
    pub fn claims_for(&self, email: &str, sub: &str, name: Option<&str>) -> Value {
        let now = now();
        let mut claims = json!({
            "iss": GOOGLE_ISSUER,
            "azp": TEST_CLIENT_ID,
            "aud": TEST_CLIENT_ID,
            "sub": sub,
            "email": email,
            "email_verified": true,
            "nbf": now - 5,
            "iat": now,
            "exp": now + 3600,
            "jti": format!("test-{sub}-{now}"),
        });
        if let Some(name) = name {
            claims["name"] = json!(name);
        }
        claims
    }

    /// A valid credential (signed with the first key) for this person.
    pub fn credential_for(&self, email: &str, sub: &str, name: Option<&str>) -> String {
        self.mint(self.claims_for(email, sub, name))
    }

    /// A valid credential of a Google Workspace account: its `hd` claim
    /// names the domain of `email`, so Google vouches for the address.
    pub fn workspace_credential_for(&self, email: &str, sub: &str, name: Option<&str>) -> String {
        let mut claims = self.claims_for(email, sub, name);
        let domain = email.rsplit_once('@').map_or("", |(_, d)| d);
        claims["hd"] = json!(domain.trim().to_lowercase());
        self.mint(claims)
    }

    /// Signs `claims` with the first key, kid `test-key-1`.
    pub fn mint(&self, claims: Value) -> String {
        self.mint_with(TestKey::First, TestKey::First.kid(), claims)
    }

    /// Signs `claims` with the second key but names the first key's kid, so
    /// the signature does not match the published key.
    pub fn mint_with_wrong_key(&self, claims: Value) -> String {
        self.mint_with(TestKey::Second, TestKey::First.kid(), claims)
    }

    /// Signs `claims` with `key`, putting `kid` in the header.
    pub fn mint_with(&self, key: TestKey, kid: &str, claims: Value) -> String {
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(kid.to_owned());
        let key = match key {
            TestKey::First => &self.first.encoding,
            TestKey::Second => &self.second.encoding,
        };
        jsonwebtoken::encode(&header, &claims, key).expect("sign a test token")
    }
}

impl Drop for TestGoogle {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Seconds since the epoch.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// An unsigned (`alg: none`) token with `header` fields and `claims`.
pub fn unsigned_token(header: Value, claims: &Value) -> String {
    format!(
        "{}.{}.",
        URL_SAFE_NO_PAD.encode(header.to_string()),
        URL_SAFE_NO_PAD.encode(claims.to_string())
    )
}

/// `token` with its payload replaced by `claims`, keeping header and signature.
pub fn with_payload(token: &str, claims: &Value) -> String {
    let mut parts = token.split('.');
    let header = parts.next().expect("header");
    let _payload = parts.next().expect("payload");
    let signature = parts.next().expect("signature");
    format!(
        "{header}.{}.{signature}",
        URL_SAFE_NO_PAD.encode(claims.to_string())
    )
}

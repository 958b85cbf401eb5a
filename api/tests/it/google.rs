//! Google sign-in verification against a fake Google serving a JWKS, with
//! tokens really signed by TEST-ONLY RSA keys. Key-cache ages are measured
//! on a manual clock that the tests move, so nothing waits for real time.

use crate::common;
use std::sync::Arc;
use std::time::Duration;

use api::clock::Clock;
use api::google::{GoogleError, GoogleIdentity, GoogleVerifier, MAX_STALE};
use common::google::{TestGoogle, TestKey, now, unsigned_token, with_payload};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::json;

fn verifier(google: &TestGoogle) -> GoogleVerifier {
    GoogleVerifier::new(google.client_id(), google.jwks_url())
}

fn invalid(result: Result<GoogleIdentity, GoogleError>) -> String {
    match result {
        Err(GoogleError::Invalid(reason)) => reason,
        other => panic!("expected Invalid, got {other:?}"),
    }
}

#[tokio::test]
async fn a_valid_credential_gives_the_identity() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    assert_eq!(verifier.client_id(), google.client_id());
    let claims = google.claims_for("  Ada.Lovelace@Example.COM ", "1001", Some("Ada Lovelace"));
    let issued = claims["iat"].as_i64();
    let identity = verifier
        .verify(&google.mint(claims))
        .await
        .expect("valid token");
    assert_eq!(
        identity,
        GoogleIdentity {
            subject: "1001".into(),
            email: "ada.lovelace@example.com".into(),
            email_verified: true,
            name: Some("Ada Lovelace".into()),
            issued_at: issued,
            hosted_domain: None,
        }
    );
    // A Google Workspace account names its domain.
    let mut claims = google.claims_for("grace@navy.example", "1002", None);
    claims["hd"] = json!("Navy.Example");
    let identity = verifier
        .verify(&google.mint(claims))
        .await
        .expect("valid token");
    assert_eq!(identity.hosted_domain.as_deref(), Some("navy.example"));
}

#[tokio::test]
async fn both_google_issuer_spellings_are_accepted_and_name_is_optional() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let mut claims = google.claims_for("grace@example.com", "1002", None);
    claims["iss"] = json!("accounts.google.com");
    let identity = verifier
        .verify(&google.mint(claims))
        .await
        .expect("valid token");
    assert_eq!(identity.subject, "1002");
    assert_eq!(identity.name, None);
}

#[tokio::test]
async fn email_verified_may_come_as_a_string() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    for (value, expected) in [
        (json!("true"), true),
        (json!("false"), false),
        (json!(false), false),
    ] {
        let mut claims = google.claims_for("ada@example.com", "1001", None);
        claims["email_verified"] = value.clone();
        let identity = verifier
            .verify(&google.mint(claims))
            .await
            .expect("valid token");
        assert_eq!(identity.email_verified, expected, "{value}");
    }
    let mut claims = google.claims_for("ada@example.com", "1001", None);
    claims
        .as_object_mut()
        .expect("claims object")
        .remove("email_verified");
    let identity = verifier
        .verify(&google.mint(claims))
        .await
        .expect("valid token");
    assert!(!identity.email_verified);
}

#[tokio::test]
async fn a_credential_for_another_app_is_rejected() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let mut claims = google.claims_for("ada@example.com", "1001", None);
    claims["aud"] = json!("someone-else.apps.googleusercontent.com");
    let reason = invalid(verifier.verify(&google.mint(claims)).await);
    assert_eq!(reason, "The Google credential is not for this app.");

    let mut claims = google.claims_for("ada@example.com", "1001", None);
    claims.as_object_mut().expect("claims object").remove("aud");
    let reason = invalid(verifier.verify(&google.mint(claims)).await);
    assert_eq!(reason, "The Google credential is not for this app.");

    // A verifier for another client id rejects this app's tokens.
    let other = GoogleVerifier::new("other-client", google.jwks_url());
    let token = google.credential_for("ada@example.com", "1001", None);
    let reason = invalid(other.verify(&token).await);
    assert_eq!(reason, "The Google credential is not for this app.");
}

#[tokio::test]
async fn a_credential_from_another_issuer_is_rejected() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    for iss in [json!("https://evil.example.com"), json!("google.com")] {
        let mut claims = google.claims_for("ada@example.com", "1001", None);
        claims["iss"] = iss;
        let reason = invalid(verifier.verify(&google.mint(claims)).await);
        assert_eq!(reason, "The Google credential was not issued by Google.");
    }
}

#[tokio::test]
async fn an_expired_credential_is_rejected_after_the_leeway() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let mut claims = google.claims_for("ada@example.com", "1001", None);
    claims["iat"] = json!(now() - 7200);
    claims["nbf"] = json!(now() - 7200);
    claims["exp"] = json!(now() - 3600);
    let reason = invalid(verifier.verify(&google.mint(claims)).await);
    assert_eq!(reason, "The Google credential has expired.");

    // Within the minute of leeway for clock skew: still accepted.
    let mut claims = google.claims_for("ada@example.com", "1001", None);
    claims["exp"] = json!(now() - 10);
    verifier
        .verify(&google.mint(claims))
        .await
        .expect("within leeway");
}

#[tokio::test]
async fn a_credential_without_subject_or_email_is_rejected() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    for (field, expected) in [
        ("sub", "The Google credential does not name an account."),
        ("email", "The Google credential carries no email address."),
        ("exp", "The Google credential is malformed."),
    ] {
        let mut claims = google.claims_for("ada@example.com", "1001", None);
        claims.as_object_mut().expect("claims object").remove(field);
        let reason = invalid(verifier.verify(&google.mint(claims)).await);
        assert_eq!(reason, expected, "without {field}");
    }
    let mut claims = google.claims_for("ada@example.com", "1001", None);
    claims["email"] = json!("   ");
    let reason = invalid(verifier.verify(&google.mint(claims)).await);
    assert_eq!(reason, "The Google credential carries no email address.");
}

#[tokio::test]
async fn a_credential_signed_by_another_key_is_rejected() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let claims = google.claims_for("ada@example.com", "1001", None);
    let reason = invalid(verifier.verify(&google.mint_with_wrong_key(claims)).await);
    assert_eq!(reason, "The Google credential's signature is not valid.");
}

#[tokio::test]
async fn a_tampered_credential_is_rejected() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let token = google.credential_for("ada@example.com", "1001", None);
    let forged = with_payload(
        &token,
        &google.claims_for("admin@example.com", "1", Some("Admin")),
    );
    let reason = invalid(verifier.verify(&forged).await);
    assert_eq!(reason, "The Google credential's signature is not valid.");

    // The genuine token still verifies.
    verifier.verify(&token).await.expect("untouched token");
}

#[tokio::test]
async fn unsigned_and_hmac_credentials_are_rejected() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let claims = google.claims_for("ada@example.com", "1001", None);

    let none = unsigned_token(
        json!({"alg": "none", "typ": "JWT", "kid": TestKey::First.kid()}),
        &claims,
    );
    invalid(verifier.verify(&none).await);

    // HS256 keyed with the public key's JWK (the classic algorithm confusion).
    let mut header = Header::new(Algorithm::HS256);
    header.kid = Some(TestKey::First.kid().into());
    let jwks: serde_json::Value = reqwest::get(google.jwks_url())
        .await
        .expect("JWKS")
        .json()
        .await
        .expect("JWKS JSON");
    let public = jwks["keys"][0].to_string();
    let hs256 = jsonwebtoken::encode(
        &header,
        &claims,
        &EncodingKey::from_secret(public.as_bytes()),
    )
    .expect("HS256 token");
    let reason = invalid(verifier.verify(&hs256).await);
    assert_eq!(
        reason,
        "The Google credential is not signed the way Google signs them."
    );
}

#[tokio::test]
async fn garbage_is_malformed() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let too_long = "a".repeat(20_000);
    for garbage in ["", "   ", "not a token", "a.b.c", "a.b", too_long.as_str()] {
        let reason = invalid(verifier.verify(garbage).await);
        assert_eq!(
            reason, "The Google credential is malformed.",
            "{garbage:.20}"
        );
    }
    // A credential without a kid.
    let claims = google.claims_for("ada@example.com", "1001", None);
    let token = google.mint(claims);
    let header_without_kid = base64_url(&json!({"alg": "RS256", "typ": "JWT"}).to_string());
    let rest = token.split_once('.').expect("dot").1;
    let reason = invalid(
        verifier
            .verify(&format!("{header_without_kid}.{rest}"))
            .await,
    );
    assert_eq!(reason, "The Google credential is malformed.");
    // Nothing here was worth fetching keys for.
    assert_eq!(google.fetch_count(), 0);
}

fn base64_url(text: &str) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

#[tokio::test]
async fn keys_are_cached() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    assert_eq!(google.fetch_count(), 0, "no fetch before the first sign-in");
    for i in 0..3 {
        let token = google.credential_for("ada@example.com", &format!("100{i}"), None);
        verifier.verify(&token).await.expect("valid token");
    }
    assert_eq!(google.fetch_count(), 1);
    // Bad tokens with a known kid do not cause fetches either.
    let claims = google.claims_for("ada@example.com", "1001", None);
    invalid(verifier.verify(&google.mint_with_wrong_key(claims)).await);
    assert_eq!(google.fetch_count(), 1);
}

#[tokio::test]
async fn keys_are_cached_for_an_hour_without_cache_control() {
    let google = TestGoogle::start().await;
    google.set_cache_control(None);
    let verifier = verifier(&google);
    for _ in 0..2 {
        let token = google.credential_for("ada@example.com", "1001", None);
        verifier.verify(&token).await.expect("valid token");
    }
    assert_eq!(google.fetch_count(), 1);
}

#[tokio::test]
async fn keys_are_refetched_once_max_age_passes() {
    let google = TestGoogle::start().await;
    google.set_cache_control(Some("public, max-age=1, must-revalidate"));
    let (clock, hand) = Clock::manual();
    let verifier = verifier(&google).with_clock(clock);
    let token = google.credential_for("ada@example.com", "1001", None);
    verifier.verify(&token).await.expect("valid token");
    verifier.verify(&token).await.expect("valid token");
    assert_eq!(google.fetch_count(), 1);
    hand.advance(Duration::from_millis(1100));
    verifier.verify(&token).await.expect("valid token");
    assert_eq!(google.fetch_count(), 2);
}

#[tokio::test]
async fn an_unknown_kid_refetches_at_most_once_per_interval_and_rotation_works() {
    let google = TestGoogle::start().await;
    let (clock, hand) = Clock::manual();
    let verifier = verifier(&google)
        .with_refetch_interval(Duration::from_secs(1))
        .with_clock(clock);
    let token = google.credential_for("ada@example.com", "1001", None);
    verifier.verify(&token).await.expect("valid token");
    assert_eq!(google.fetch_count(), 1);

    let claims = google.claims_for("ada@example.com", "1001", None);
    let unknown = google.mint_with(TestKey::Second, TestKey::Second.kid(), claims);
    // Signing is slow in debug builds: mint the flood below up front.
    let flood: Vec<String> = (0..20)
        .map(|i| {
            let claims = google.claims_for("ada@example.com", "1001", None);
            google.mint_with(TestKey::Second, &format!("made-up-{i}"), claims)
        })
        .collect();

    // Google has not published the second key yet: after the interval, one
    // refetch, and the token is still rejected.
    hand.advance(Duration::from_millis(1100));
    let reason = invalid(verifier.verify(&unknown).await);
    assert_eq!(
        reason,
        "The Google credential was signed with a key Google does not publish."
    );
    assert_eq!(google.fetch_count(), 2);

    // A flood of tokens naming unknown keys does not hammer Google.
    for garbage in &flood {
        invalid(verifier.verify(garbage).await);
    }
    invalid(verifier.verify(&unknown).await);
    assert_eq!(google.fetch_count(), 2);

    // Google rotates: the second key is published (and later the first retired).
    google.publish(&[TestKey::First, TestKey::Second]);
    hand.advance(Duration::from_millis(1100));
    let identity = verifier.verify(&unknown).await.expect("rotated key");
    assert_eq!(identity.subject, "1001");
    assert_eq!(google.fetch_count(), 3);
    // Both keys now verify without further fetches.
    verifier.verify(&token).await.expect("first key");
    verifier.verify(&unknown).await.expect("second key");
    assert_eq!(google.fetch_count(), 3);
}

#[tokio::test]
async fn the_default_refetch_interval_holds_back_refetches() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let token = google.credential_for("ada@example.com", "1001", None);
    verifier.verify(&token).await.expect("valid token");
    google.publish(&[TestKey::First, TestKey::Second]);
    let claims = google.claims_for("ada@example.com", "1001", None);
    let second = google.mint_with(TestKey::Second, TestKey::Second.kid(), claims);
    // The keys were fetched a moment ago, so an unknown kid does not refetch.
    invalid(verifier.verify(&second).await);
    assert_eq!(google.fetch_count(), 1);
}

#[tokio::test]
async fn an_unknown_kid_on_a_fresh_verifier_fetches_once() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let claims = google.claims_for("ada@example.com", "1001", None);
    let unknown = google.mint_with(TestKey::Second, TestKey::Second.kid(), claims);
    invalid(verifier.verify(&unknown).await);
    invalid(verifier.verify(&unknown).await);
    assert_eq!(google.fetch_count(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_verifications_share_one_fetch() {
    let google = TestGoogle::start().await;
    let verifier = Arc::new(verifier(&google));
    let token = Arc::new(google.credential_for("ada@example.com", "1001", None));
    let tasks: Vec<_> = (0..16)
        .map(|_| {
            let verifier = verifier.clone();
            let token = token.clone();
            tokio::spawn(async move { verifier.verify(&token).await })
        })
        .collect();
    for task in tasks {
        task.await.expect("task").expect("valid token");
    }
    assert_eq!(google.fetch_count(), 1);
}

#[tokio::test]
async fn an_unreachable_jwks_is_unavailable() {
    let mut google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let token = google.credential_for("ada@example.com", "1001", None);
    google.stop().await;
    let result = verifier.verify(&token).await;
    assert_eq!(
        result,
        Err(GoogleError::Unavailable(
            "Google's sign-in keys could not be fetched. Please try again.".into()
        ))
    );
    assert_eq!(
        result.expect_err("unavailable").to_string(),
        "Google's sign-in keys could not be fetched. Please try again."
    );
}

#[tokio::test]
async fn a_failing_jwks_is_unavailable_until_it_recovers() {
    let google = TestGoogle::start().await;
    let verifier = verifier(&google);
    let token = google.credential_for("ada@example.com", "1001", None);
    google.set_failing(true);
    assert!(matches!(
        verifier.verify(&token).await,
        Err(GoogleError::Unavailable(_))
    ));
    // With no keys at all, the next sign-in tries again.
    google.set_failing(false);
    verifier.verify(&token).await.expect("recovered");
    assert_eq!(google.fetch_count(), 2);
}

#[tokio::test]
async fn expired_keys_keep_working_while_google_is_down() {
    let google = TestGoogle::start().await;
    google.set_cache_control(Some("max-age=1"));
    let (clock, hand) = Clock::manual();
    let verifier = verifier(&google).with_clock(clock);
    let token = google.credential_for("ada@example.com", "1001", None);
    verifier.verify(&token).await.expect("valid token");
    hand.advance(Duration::from_millis(1100));
    google.set_failing(true);
    verifier
        .verify(&token)
        .await
        .expect("stale keys still used");
    verifier
        .verify(&token)
        .await
        .expect("stale keys still used");
    // One failed refresh, then no retry within the refetch interval.
    assert_eq!(google.fetch_count(), 2);
}

#[tokio::test]
async fn stale_keys_are_used_for_a_bounded_time_only() {
    let google = TestGoogle::start().await;
    google.set_cache_control(Some("max-age=60"));
    let (clock, hand) = Clock::manual();
    let verifier = verifier(&google).with_clock(clock);
    let token = google.credential_for("ada@example.com", "1001", None);
    verifier.verify(&token).await.expect("valid token");
    google.set_failing(true);
    // Expired a minute ago, Google down: the old keys still verify, and
    // keep doing so until MAX_STALE past their expiry.
    hand.advance(Duration::from_secs(120));
    verifier
        .verify(&token)
        .await
        .expect("stale keys still used");
    hand.advance(MAX_STALE - Duration::from_secs(120));
    verifier
        .verify(&token)
        .await
        .expect("stale keys still used just before the bound");
    // Past the bound, the keys are no longer trusted.
    hand.advance(Duration::from_secs(120));
    assert_eq!(
        verifier.verify(&token).await,
        Err(GoogleError::Unavailable(
            "Google's sign-in keys could not be fetched. Please try again.".into()
        ))
    );
    let fetches = google.fetch_count();
    // Google is back: the next sign-in fetches the keys again and works.
    google.set_failing(false);
    hand.advance(Duration::from_secs(60));
    verifier.verify(&token).await.expect("fresh keys");
    assert_eq!(google.fetch_count(), fetches + 1);
}

#[tokio::test]
async fn a_jwks_that_is_not_a_jwks_is_unavailable() {
    let google = TestGoogle::start().await;
    // The fake Google serves no keys at all.
    google.publish(&[]);
    let verifier = verifier(&google);
    let token = google.credential_for("ada@example.com", "1001", None);
    assert!(matches!(
        verifier.verify(&token).await,
        Err(GoogleError::Unavailable(_))
    ));
    // A URL that serves something else entirely.
    let wrong = GoogleVerifier::new(google.client_id(), google.jwks_url() + "/nothing-here");
    assert!(matches!(
        wrong.verify(&token).await,
        Err(GoogleError::Unavailable(_))
    ));
}

// ---------- over HTTP, on both engines ----------
//
// Linking (issue 10, finding 8): an existing account is linked only when
// Google vouches for its address (Gmail, or the token's `hd` domain), its
// owner is e-mailed, and a never-activated account taken over loses what
// its registrant typed. A first password for an account that signs in with
// Google (finding 4) needs a fresh Google credential or an e-mailed link.

use api::accounts::google::PASSWORD_TO_LINK;
use api::auth::ACCOUNT_DISABLED;
use common::{Engine, TestApp, email, spawn_with_google, uid_token};
use serde_json::Value;

const PASSWORD: &str = "Mentor#2026";

/// Registers (with a name and contact number); activates when `active`.
async fn password_account(app: &TestApp, address: &str, active: bool) {
    let (status, body) = app
        .register_with(
            "Typed Name",
            address,
            PASSWORD,
            json!({"contact_number": "98765 43210"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    if active {
        let (status, body) = app.activate(address).await;
        assert_eq!(status, 204, "{body}");
    }
}

async fn google_auth(app: &TestApp, credential: String) -> (u16, Value) {
    app.post(
        "/api/accounts/google-auth/",
        json!({"credential": credential}),
    )
    .await
}

async fn google_links_only_addresses_it_vouches_for(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    // A consumer Google account claiming a company address is not linked
    // to the password account that has it.
    password_account(&app, "ravi@corp.example", true).await;
    let consumer = google.credential_for("ravi@corp.example", "g-consumer", Some("Mallory"));
    assert_eq!(
        google_auth(&app, consumer).await,
        (400, json!({"error": PASSWORD_TO_LINK}))
    );
    let ravi = app
        .store
        .user_by_email(&email("ravi@corp.example"))
        .await
        .expect("user");
    assert_eq!(ravi.google_sub, None);
    assert!(
        !app.mail_kinds("ravi@corp.example")
            .await
            .contains(&"google_linked".into())
    );
    assert_eq!(app.login("ravi@corp.example", PASSWORD).await.0, 200);

    // The company's own Workspace account (hd = corp.example) is linked,
    // and the owner is told.
    let workspace = google.workspace_credential_for("ravi@corp.example", "g-work", None);
    let (status, body) = google_auth(&app, workspace).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["user"]["name"], "Typed Name",
        "an active account keeps its name"
    );
    assert_eq!(body["user"]["is_google_user"], false);
    let mail = app
        .store
        .outbox(Some("ravi@corp.example"), 50)
        .await
        .expect("outbox");
    assert_eq!(mail[0].kind, "google_linked");
    assert!(
        mail[0].text.contains("ravi@corp.example can now sign in"),
        "{}",
        mail[0].text
    );

    // An hd naming another domain does not vouch for this one.
    password_account(&app, "asha@corp.example", true).await;
    let mut claims = google.claims_for("asha@corp.example", "g-other-hd", None);
    claims["hd"] = json!("other.example");
    assert_eq!(google_auth(&app, google.mint(claims)).await.0, 400);

    // Google is the authority for Gmail addresses.
    password_account(&app, "dev@gmail.com", true).await;
    let gmail = google.credential_for("dev@gmail.com", "g-gmail", None);
    let (status, body) = google_auth(&app, gmail).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        app.mail_kinds("dev@gmail.com")
            .await
            .contains(&"google_linked".into())
    );
    // The next sign-in is by the linked identity: no second mail.
    let again = google.credential_for("dev@gmail.com", "g-gmail", None);
    assert_eq!(google_auth(&app, again).await.0, 200);
    let links = app
        .mail_kinds("dev@gmail.com")
        .await
        .into_iter()
        .filter(|k| k == "google_linked")
        .count();
    assert_eq!(links, 1);
}

async fn link(app: &TestApp, access: &str, credential: String) -> (u16, Value) {
    app.post_as(
        access,
        "/api/accounts/google-link/",
        json!({"credential": credential}),
    )
    .await
}

/// `GET /auth/users/me/` with the bearer token.
async fn me(app: &TestApp, access: &str) -> Value {
    let (status, body) = app.me(access).await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn the_owner_links_google_after_signing_in_with_the_password(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    assert_eq!(
        app.post(
            "/api/accounts/google-link/",
            json!({"credential": google.credential_for("x@gmail.com", "g-x", None)})
        )
        .await
        .0,
        401,
        "guests are refused"
    );
    password_account(&app, "meera@corp.example", true).await;
    // Google sign-in does not link: Google does not vouch for corp.example.
    let consumer = || google.credential_for("meera@corp.example", "g-meera", None);
    assert_eq!(google_auth(&app, consumer()).await.0, 400);
    let (status, body) = app.login("meera@corp.example", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let access = body["token"].as_str().expect("token").to_owned();

    // Another address, a stale credential, an unverified address: refused.
    let other = google.credential_for("someone@corp.example", "g-someone", None);
    assert_eq!(
        link(&app, &access, other).await,
        (
            400,
            json!({"error": "This Google account's email address is not the address of this account."})
        )
    );
    let mut claims = google.claims_for("meera@corp.example", "g-meera", None);
    claims["iat"] = json!(now() - 600);
    assert_eq!(
        link(&app, &access, google.mint(claims)).await,
        (
            400,
            json!({"error": "This Google credential is too old: sign in with Google again."})
        )
    );
    let mut claims = google.claims_for("meera@corp.example", "g-meera", None);
    claims["email_verified"] = json!(false);
    assert_eq!(link(&app, &access, google.mint(claims)).await.0, 400);
    assert!(
        !app.mail_kinds("meera@corp.example")
            .await
            .contains(&"google_linked".into())
    );

    // Its own, fresh: linked, and the owner told.
    assert_eq!(me(&app, &access).await["google_connected"], false);
    let (status, body) = link(&app, &access, consumer()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["email"], "meera@corp.example");
    assert_eq!(body["google_connected"], true);
    let account = me(&app, &access).await;
    assert_eq!(
        (&account["google_connected"], &account["is_google_user"]),
        (&json!(true), &json!(false)),
        "connected, and still a password account"
    );
    assert!(
        app.mail_kinds("meera@corp.example")
            .await
            .contains(&"google_linked".into())
    );
    let (status, body) = google_auth(&app, consumer()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["email"], "meera@corp.example");
    assert_eq!(
        link(&app, &access, consumer()).await,
        (
            400,
            json!({"error": "This account is already linked to a Google account."})
        )
    );

    // A Google account that already signs in elsewhere is not linked again.
    password_account(&app, "tara@corp.example", true).await;
    let (_, body) = app.login("tara@corp.example", PASSWORD).await;
    let tara = body["token"].as_str().expect("token").to_owned();
    let mut claims = google.claims_for("tara@corp.example", "g-meera", None);
    claims["hd"] = json!("corp.example");
    assert_eq!(
        link(&app, &tara, google.mint(claims)).await,
        (
            400,
            json!({"error": "This Google account signs in to another account."})
        )
    );
}

async fn a_never_activated_account_taken_over_by_google_loses_what_was_typed(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    password_account(&app, "owner@corp.example", false).await;
    // Google does not vouch: the registration stays as it was.
    let consumer = google.credential_for("owner@corp.example", "g-1", Some("Someone"));
    assert_eq!(google_auth(&app, consumer).await.0, 400);
    // Google vouches: the owner takes the account over.
    let workspace =
        google.workspace_credential_for("owner@corp.example", "g-2", Some("Real Owner"));
    let (status, body) = google_auth(&app, workspace).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["name"], "Real Owner");
    assert_eq!(body["user"]["contact_number"], Value::Null);
    assert_eq!(body["user"]["is_google_user"], true);
    assert_eq!(app.login("owner@corp.example", PASSWORD).await.0, 401);
    assert!(
        app.mail_kinds("owner@corp.example")
            .await
            .contains(&"google_linked".into())
    );

    // Without a name from Google, the typed one goes all the same.
    password_account(&app, "quiet@gmail.com", false).await;
    let gmail = google.credential_for("quiet@gmail.com", "g-3", None);
    let (status, body) = google_auth(&app, gmail).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["name"], "");
    assert_eq!(body["user"]["contact_number"], Value::Null);
}

async fn google_neither_links_nor_signs_in_a_disabled_account(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    password_account(&app, "off@gmail.com", true).await;
    api::admin::set_disabled(&app.state, "off@gmail.com", true, None)
        .await
        .expect("disabled");
    let credential = google.credential_for("off@gmail.com", "g-off", None);
    assert_eq!(
        google_auth(&app, credential).await,
        (400, json!({"error": ACCOUNT_DISABLED}))
    );
    let user = app
        .store
        .user_by_email(&email("off@gmail.com"))
        .await
        .expect("user");
    assert_eq!(user.google_sub, None);
    assert!(user.is_disabled());

    // An account made by Google, then disabled.
    let first = google.credential_for("made@gmail.com", "g-made", None);
    assert_eq!(google_auth(&app, first).await.0, 200);
    api::admin::set_disabled(&app.state, "made@gmail.com", true, None)
        .await
        .expect("disabled");
    let again = google.credential_for("made@gmail.com", "g-made", None);
    assert_eq!(
        google_auth(&app, again).await,
        (400, json!({"error": ACCOUNT_DISABLED}))
    );
}

async fn set_password(app: &TestApp, access: &str, body: Value) -> (u16, Value) {
    app.post_as(access, "/auth/users/set_password/", body).await
}

async fn a_google_account_adds_a_password_only_with_fresh_proof(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    let (status, body) = google_auth(
        &app,
        google.credential_for("mira@gmail.com", "g-mira", None),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let access = body["access"].as_str().expect("access").to_owned();
    let new = json!({"new_password": "Fresh#Pass2026", "re_new_password": "Fresh#Pass2026"});

    // A bearer token alone does not add a password.
    let (status, body) = set_password(&app, &access, new.clone()).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["google_credential"][0]
            .as_str()
            .is_some_and(|m| m.contains("confirm with Google again")),
        "{body}"
    );
    let with = |credential: String| {
        let mut body = new.clone();
        body["google_credential"] = json!(credential);
        body
    };
    // Another Google account's credential.
    let other = google.credential_for("eve@gmail.com", "g-eve", None);
    let (status, body) = set_password(&app, &access, with(other)).await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"google_credential": ["This Google credential is for a different Google account."]})
        )
    );
    // Its own, but issued ten minutes ago.
    let mut claims = google.claims_for("mira@gmail.com", "g-mira", None);
    claims["iat"] = json!(now() - 600);
    let (status, body) = set_password(&app, &access, with(google.mint(claims))).await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"google_credential": ["This Google credential is too old: confirm with Google again."]})
        )
    );
    // Not a credential at all.
    let (status, body) = set_password(&app, &access, with("garbage".into())).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["google_credential"][0],
        "The Google credential is malformed."
    );
    assert_eq!(app.login("mira@gmail.com", "Fresh#Pass2026").await.0, 401);

    // A fresh one of its own.
    let fresh = google.credential_for("mira@gmail.com", "g-mira", None);
    let (status, body) = set_password(&app, &access, with(fresh)).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(app.login("mira@gmail.com", "Fresh#Pass2026").await.0, 200);
    assert!(
        app.mail_kinds("mira@gmail.com")
            .await
            .contains(&"password_changed".into())
    );
    // Now it changes its password like any other account.
    let (status, body) = set_password(&app, &access, new).await;
    assert_eq!(status, 400);
    assert!(body["current_password"].is_array(), "{body}");
}

async fn a_google_account_adds_a_password_with_an_emailed_link(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    assert_eq!(
        app.post("/api/accounts/set-password-link/", json!({}))
            .await
            .0,
        401,
        "guests are refused"
    );
    let (_, body) = google_auth(
        &app,
        google.credential_for("nila@gmail.com", "g-nila", None),
    )
    .await;
    let access = body["access"].as_str().expect("access").to_owned();
    let (status, body) = app
        .post_as(&access, "/api/accounts/set-password-link/", json!({}))
        .await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(
        app.mail_kinds("nila@gmail.com").await,
        vec!["first_password".to_owned()]
    );
    let (uid, token) = uid_token(
        &app.link_to("nila@gmail.com", "/password/reset/confirm/")
            .await,
    );
    let (status, body) = app
        .post(
            "/auth/users/reset_password_confirm/",
            json!({"uid": uid, "token": token, "new_password": "Fresh#Pass2026",
                   "re_new_password": "Fresh#Pass2026"}),
        )
        .await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(app.login("nila@gmail.com", "Fresh#Pass2026").await.0, 200);
    // The link worked once.
    let (status, _) = app
        .post(
            "/auth/users/reset_password_confirm/",
            json!({"uid": uid, "token": token, "new_password": "Other#Pass2026"}),
        )
        .await;
    assert_eq!(status, 400);

    // An account with a password changes it instead.
    password_account(&app, "has@example.com", true).await;
    let (_, body) = app.login("has@example.com", PASSWORD).await;
    let token = body["token"].as_str().expect("token");
    let (status, body) = app
        .post_as(token, "/api/accounts/set-password-link/", json!({}))
        .await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"current_password": ["This account already has a password."]})
        )
    );
}

/// A Google sign-in makes the person's network known to the account, so
/// the per-account throttle (api/src/auth/limits.rs) never slows them.
async fn a_google_sign_in_makes_the_client_known(engine: Engine) {
    let Some((app, google)) = spawn_with_google(engine).await else {
        return;
    };
    let credential = google.credential_for("known@gmail.com", "g-known", Some("Known"));
    let (status, body) = google_auth(&app, credential).await;
    assert_eq!(status, 200, "{body}");
    let user = app
        .store
        .user_by_email(&email("known@gmail.com"))
        .await
        .expect("user");
    assert!(
        app.store
            .is_known_client(user.id, "127.0.0.1", 0)
            .await
            .expect("known clients")
    );
    assert!(
        !app.store
            .is_known_client(user.id, "127.0.0.2", 0)
            .await
            .expect("known clients")
    );
}

on_both_engines!(
    a_google_sign_in_makes_the_client_known,
    google_links_only_addresses_it_vouches_for,
    the_owner_links_google_after_signing_in_with_the_password,
    a_never_activated_account_taken_over_by_google_loses_what_was_typed,
    google_neither_links_nor_signs_in_a_disabled_account,
    a_google_account_adds_a_password_only_with_fresh_proof,
    a_google_account_adds_a_password_with_an_emailed_link,
);

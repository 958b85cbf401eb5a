//! Google sign-in verification against a fake Google serving a JWKS, with
//! tokens really signed by TEST-ONLY RSA keys. Key-cache ages are measured
//! on a manual clock that the tests move, so nothing waits for real time.

mod common;

use std::sync::Arc;
use std::time::Duration;

use api::clock::Clock;
use api::google::{GoogleError, GoogleIdentity, GoogleVerifier};
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
    let token = google.credential_for("  Ada.Lovelace@Example.COM ", "1001", Some("Ada Lovelace"));
    let identity = verifier.verify(&token).await.expect("valid token");
    assert_eq!(
        identity,
        GoogleIdentity {
            subject: "1001".into(),
            email: "ada.lovelace@example.com".into(),
            email_verified: true,
            name: Some("Ada Lovelace".into()),
        }
    );
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

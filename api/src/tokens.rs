//! Tokens: JWT access and refresh tokens (SimpleJWT's shape, HS256), and
//! the one-time tokens of e-mailed links (Django's style: a timestamp and an
//! HMAC bound to the account's state, so a used or outdated link stops
//! working without being stored).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use domain_wasm::session;
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::store::User;

/// An access token lasts an hour: the web app refreshes 5 minutes before
/// (SPEC §9). Both come from `domain_wasm::session`, so they cannot drift.
pub const ACCESS_LIFETIME: Duration = Duration::milliseconds(session::ACCESS_TOKEN_TTL_MS as i64);
/// A refresh token lasts a day, and is replaced at each use.
pub const REFRESH_LIFETIME: Duration = Duration::milliseconds(session::REFRESH_TOKEN_TTL_MS as i64);
/// A session ends 14 days after sign-in whatever happens.
pub const SESSION_LIFETIME: Duration = Duration::milliseconds(session::SESSION_MAX_AGE_MS as i64);
/// An activation link works for 3 days.
pub const ACTIVATION_LINK_LIFETIME: Duration =
    Duration::milliseconds(session::ACTIVATION_LINK_TTL_MS as i64);
/// A password-reset link works for an hour (once). The mail templates say
/// the same, from the same constants of `domain_wasm::session`.
pub const RESET_LINK_LIFETIME: Duration = Duration::milliseconds(session::RESET_LINK_TTL_MS as i64);

type HmacSha256 = Hmac<Sha256>;

/// Keys derived from the server secret, one per purpose.
#[derive(Clone)]
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    links: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenType {
    Access,
    Refresh,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub token_type: TokenType,
    pub exp: i64,
    pub iat: i64,
    pub jti: String,
    pub user_id: i64,
    /// The login session (`auth_sessions.id`) the token belongs to.
    pub sid: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenError {
    Invalid,
    Expired,
    WrongType,
}

fn hmac(key: &[u8]) -> HmacSha256 {
    match HmacSha256::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    }
}

fn derive(secret: &[u8], purpose: &str) -> Vec<u8> {
    let mut mac = hmac(secret);
    mac.update(purpose.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

pub use crate::store::random_id;

pub use crate::store::stored_id;

impl Keys {
    pub fn from_secret(secret: &str) -> Keys {
        let jwt = derive(secret.as_bytes(), "jwt-hs256");
        Keys {
            encoding: EncodingKey::from_secret(&jwt),
            decoding: DecodingKey::from_secret(&jwt),
            links: derive(secret.as_bytes(), "one-time-links"),
        }
    }

    fn issue(
        &self,
        token_type: TokenType,
        user_id: i64,
        sid: &str,
        jti: String,
        now: DateTime<Utc>,
    ) -> String {
        let lifetime = match token_type {
            TokenType::Access => ACCESS_LIFETIME,
            TokenType::Refresh => REFRESH_LIFETIME,
        };
        let claims = Claims {
            token_type,
            exp: (now + lifetime).timestamp(),
            iat: now.timestamp(),
            jti,
            user_id,
            sid: sid.to_owned(),
        };
        // Serialising a plain struct with HS256 cannot fail.
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .unwrap_or_default()
    }

    pub fn access_token(&self, user_id: i64, sid: &str, now: DateTime<Utc>) -> String {
        self.issue(TokenType::Access, user_id, sid, random_id(), now)
    }

    /// A refresh token with the given id (stored, so it can be used once).
    pub fn refresh_token(&self, user_id: i64, sid: &str, jti: &str, now: DateTime<Utc>) -> String {
        self.issue(TokenType::Refresh, user_id, sid, jti.to_owned(), now)
    }

    /// The claims of a token of `expected` type, checked for signature and
    /// expiry at `now` (no leeway: the server issues and checks its own tokens).
    pub fn decode(
        &self,
        token: &str,
        expected: TokenType,
        now: DateTime<Utc>,
    ) -> Result<Claims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .map_err(|_| TokenError::Invalid)?;
        let claims = data.claims;
        if claims.token_type != expected {
            return Err(TokenError::WrongType);
        }
        if claims.exp <= now.timestamp() {
            return Err(TokenError::Expired);
        }
        Ok(claims)
    }

    fn link_mac(&self, purpose: Purpose, user: &User, issued: i64) -> String {
        let mut mac = hmac(&self.links);
        // Each part is length-prefixed so no two states share an input.
        for part in [
            purpose.as_str(),
            &user.id.to_string(),
            user.email.as_str(),
            user.password_hash.as_deref().unwrap_or(""),
            &issued.to_string(),
        ] {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        let bytes = mac.finalize().into_bytes();
        bytes[..20].iter().map(|b| format!("{b:02x}")).collect()
    }

    /// `{issued in base 36}-{hmac}`: bound to the account's e-mail and
    /// password, so a reset link stops working once the password changes.
    pub fn link_token(&self, purpose: Purpose, user: &User, now: DateTime<Utc>) -> String {
        let issued = now.timestamp();
        format!(
            "{}-{}",
            to_base36(issued),
            self.link_mac(purpose, user, issued)
        )
    }

    pub fn check_link_token(
        &self,
        purpose: Purpose,
        user: &User,
        token: &str,
        now: DateTime<Utc>,
    ) -> bool {
        let Some((issued, mac)) = token.split_once('-') else {
            return false;
        };
        let Some(issued) = from_base36(issued) else {
            return false;
        };
        let fresh = issued <= now.timestamp() + 60
            && now.timestamp() - issued <= purpose.lifetime().num_seconds();
        let expected = self.link_mac(purpose, user, issued);
        // Constant-time comparison of equal-length strings.
        let same = expected.len() == mac.len()
            && expected
                .bytes()
                .zip(mac.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        fresh && same
    }
}

/// What an e-mailed link is for; a token for one never works for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Activation,
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Activation => "activation",
            Purpose::PasswordReset => "password-reset",
        }
    }

    /// How long a link for this purpose works after it is made.
    pub fn lifetime(self) -> Duration {
        match self {
            Purpose::Activation => ACTIVATION_LINK_LIFETIME,
            Purpose::PasswordReset => RESET_LINK_LIFETIME,
        }
    }
}

/// The `uid` of links: the account id in URL-safe base64 (djoser's shape).
pub fn encode_uid(id: i64) -> String {
    URL_SAFE_NO_PAD.encode(id.to_string())
}

pub fn decode_uid(uid: &str) -> Option<i64> {
    let bytes = URL_SAFE_NO_PAD.decode(uid.trim_end_matches('=')).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn to_base36(mut n: i64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n <= 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn from_base36(s: &str) -> Option<i64> {
    if s.is_empty() || s.len() > 12 {
        return None;
    }
    i64::from_str_radix(s, 36).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(password_hash: Option<&str>) -> User {
        let t = DateTime::from_timestamp(1_790_000_000, 0).expect("time");
        User {
            id: 42,
            email: domain_wasm::accounts::Email::parse("asha@example.com").expect("address"),
            name: "Asha".into(),
            password_hash: password_hash.map(str::to_owned),
            google_sub: None,
            role: crate::store::Role::User,
            is_active: false,
            contact_number: None,
            date_joined: t,
            last_login: None,
            updated_at: t,
            mentor_id: None,
            disabled_at: None,
            time_zone: "UTC".into(),
            time_zone_chosen: false,
        }
    }

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000 + secs, 0).expect("time")
    }

    #[test]
    fn access_tokens_round_trip_and_expire() {
        let keys = Keys::from_secret("test secret");
        let token = keys.access_token(7, "sess", at(0));
        let claims = keys
            .decode(&token, TokenType::Access, at(10))
            .expect("valid");
        assert_eq!((claims.user_id, claims.sid.as_str()), (7, "sess"));
        assert_eq!(
            keys.decode(&token, TokenType::Refresh, at(10)),
            Err(TokenError::WrongType)
        );
        assert_eq!(
            keys.decode(&token, TokenType::Access, at(3600)),
            Err(TokenError::Expired)
        );
        let other = Keys::from_secret("another secret");
        assert_eq!(
            other.decode(&token, TokenType::Access, at(10)),
            Err(TokenError::Invalid)
        );
    }

    #[test]
    fn link_tokens_are_bound_to_purpose_password_and_time() {
        let keys = Keys::from_secret("test secret");
        let u = user(Some("$argon2id$old"));
        let token = keys.link_token(Purpose::PasswordReset, &u, at(0));
        assert!(keys.check_link_token(Purpose::PasswordReset, &u, &token, at(60)));
        assert!(!keys.check_link_token(Purpose::Activation, &u, &token, at(60)));
        assert!(!keys.check_link_token(
            Purpose::PasswordReset,
            &user(Some("$argon2id$new")),
            &token,
            at(60)
        ));
        // A reset link works for an hour; an activation link for 3 days.
        assert!(keys.check_link_token(Purpose::PasswordReset, &u, &token, at(3600)));
        assert!(!keys.check_link_token(Purpose::PasswordReset, &u, &token, at(3601)));
        let activation = keys.link_token(Purpose::Activation, &u, at(0));
        assert!(keys.check_link_token(Purpose::Activation, &u, &activation, at(3 * 86_400)));
        assert!(!keys.check_link_token(Purpose::Activation, &u, &activation, at(3 * 86_400 + 1)));
        assert!(!keys.check_link_token(Purpose::PasswordReset, &u, "zz-00", at(60)));
        assert!(!keys.check_link_token(Purpose::PasswordReset, &u, "garbage", at(60)));
    }

    #[test]
    fn stored_ids_are_sha256_of_the_id() {
        assert_eq!(
            stored_id("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let id = random_id();
        assert_ne!(stored_id(&id), id);
        assert_eq!(stored_id(&id).len(), 64);
    }

    #[test]
    fn uids_are_djoser_shaped() {
        assert_eq!(encode_uid(1), "MQ");
        assert_eq!(decode_uid("MQ"), Some(1));
        assert_eq!(decode_uid("MQ=="), Some(1));
        assert_eq!(decode_uid(&encode_uid(123_456)), Some(123_456));
        assert_eq!(decode_uid("!!"), None);
        assert_eq!(decode_uid("YWJj"), None); // "abc"
        assert_eq!(from_base36(&to_base36(1_790_000_000)), Some(1_790_000_000));
    }
}

//! Payout details at rest (issue 20): bank account numbers, UPI ids and
//! PANs are stored encrypted with ChaCha20-Poly1305 (RustCrypto's
//! `chacha20poly1305`, an authenticated cipher), a random 96-bit nonce per
//! value, as `enc1:<key id>:<base64(nonce ‖ ciphertext ‖ tag)>`. The key id
//! (8 hex digits of the key's SHA-256) says which key sealed a value, so a
//! rotation can tell old values from new ones. The associated data names
//! the field and the mentor, so a value copied into another mentor's row
//! (or another column) does not open.
//!
//! The key, in order of preference: `PAYOUT_KEY` (32 bytes, base64 or 64
//! hex digits), else one derived from `SECRET_KEY` with HKDF-SHA256 and the
//! label [`HKDF_LABEL`], else (only on a loopback site, which may run with
//! a generated `SECRET_KEY`) a random key kept in the database
//! (`server_secrets`, [`DB_KEY_NAME`]). Keys that may have sealed older
//! values open them too: `PAYOUT_KEY_PREVIOUS` (comma-separated), the
//! `SECRET_KEY`-derived key when `PAYOUT_KEY` is set, and the database's
//! key when there is one.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::config::Settings;
use crate::store::{Store, StoreError};

/// What a sealed value starts with.
pub const PREFIX: &str = "enc1:";
/// The HKDF label of the key derived from `SECRET_KEY`.
pub const HKDF_LABEL: &[u8] = b"mentor-payout-details-v1";
/// The `server_secrets` name of a loopback site's generated key.
pub const DB_KEY_NAME: &str = "payout-details-key";

/// A field that is sealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    AccountNumber,
    UpiId,
    Pan,
    /// A webhook endpoint's signing secret (its `id` in place of the
    /// mentor's): sealed at rest like payout details, with the same keys.
    WebhookSecret,
}

impl Field {
    fn label(self) -> &'static str {
        match self {
            Field::AccountNumber => "account_number",
            Field::UpiId => "upi_id",
            Field::Pan => "pan",
            Field::WebhookSecret => "webhook_secret",
        }
    }
}

/// Why a value could not be opened, or a key not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CryptoError {
    /// Sealed under a key this server was not given.
    #[error(
        "a payout detail is sealed under key {0}, which is not configured; set PAYOUT_KEY_PREVIOUS to the key it was sealed with"
    )]
    UnknownKey(String),
    /// The value was changed, or moved to another row or column.
    #[error("a payout detail does not open (changed, or moved from another row)")]
    Tampered,
    #[error("{0}")]
    BadKey(String),
}

/// One key and its id.
#[derive(Clone)]
struct Key {
    id: String,
    cipher: ChaCha20Poly1305,
}

impl Key {
    fn new(bytes: &[u8; 32]) -> Key {
        let digest = Sha256::digest(bytes);
        Key {
            id: hex::encode(&digest[..4]),
            cipher: ChaCha20Poly1305::new(chacha20poly1305::Key::from_slice(bytes)),
        }
    }
}

/// Seals and opens payout details: the current key seals; it and the
/// older keys open.
#[derive(Clone)]
pub struct PayoutCipher {
    current: Key,
    older: Vec<Key>,
}

impl std::fmt::Debug for PayoutCipher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PayoutCipher")
            .field("current", &self.current.id)
            .field(
                "older",
                &self.older.iter().map(|k| k.id.as_str()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// Reads a 32-byte key written as 64 hex digits or base64 (standard or
/// URL-safe, padded or not).
pub fn parse_key(text: &str, setting: &str) -> Result<[u8; 32], CryptoError> {
    let t = text.trim();
    let bytes = if t.len() == 64 && t.bytes().all(|c| c.is_ascii_hexdigit()) {
        hex::decode(t).ok()
    } else {
        [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
            .iter()
            .find_map(|e| e.decode(t).ok())
    };
    bytes
        .and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
        .ok_or_else(|| {
            CryptoError::BadKey(format!(
                "{setting} is not 32 bytes in base64 or hex; make one with `openssl rand -base64 32`"
            ))
        })
}

/// The key derived from `SECRET_KEY` (HKDF-SHA256, label [`HKDF_LABEL`]).
pub fn derive_from_secret(secret: &str) -> [u8; 32] {
    let hk = hkdf::Hkdf::<Sha256>::new(None, secret.as_bytes());
    let mut out = [0u8; 32];
    // 32 bytes is far below HKDF-SHA256's limit of 255 × 32.
    if hk.expand(HKDF_LABEL, &mut out).is_err() {
        unreachable!("HKDF output length is valid");
    }
    out
}

fn given(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty())
}

impl PayoutCipher {
    /// A cipher sealing with `current`, opening with `older` too.
    pub fn new(current: &[u8; 32], older: &[[u8; 32]]) -> PayoutCipher {
        let current = Key::new(current);
        let mut seen = vec![current.id.clone()];
        let older = older
            .iter()
            .map(Key::new)
            .filter(|k| {
                let fresh = !seen.contains(&k.id);
                seen.push(k.id.clone());
                fresh
            })
            .collect();
        PayoutCipher { current, older }
    }

    /// The cipher the settings name (see the module's notes); the
    /// database's key is made on a site with neither `PAYOUT_KEY` nor
    /// `SECRET_KEY` (the server refuses to start so on a live site).
    pub async fn load(store: &Store, settings: &Settings) -> Result<PayoutCipher, LoadError> {
        let payout_key = given(settings.payout_key.as_deref())
            .map(|k| parse_key(k, "PAYOUT_KEY"))
            .transpose()?;
        let derived = given(settings.secret_key.as_deref()).map(derive_from_secret);
        let mut older = Vec::new();
        for (i, k) in given(settings.payout_key_previous.as_deref())
            .map(|s| {
                s.split(',')
                    .filter(|k| !k.trim().is_empty())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
            .into_iter()
            .enumerate()
        {
            older.push(parse_key(
                k,
                &format!("PAYOUT_KEY_PREVIOUS (key {})", i + 1),
            )?);
        }
        let stored = store.secret(DB_KEY_NAME).await?;
        let current = match (payout_key, derived) {
            (Some(k), derived) => {
                older.extend(derived);
                k
            }
            (None, Some(k)) => k,
            (None, None) => {
                let mut candidate = [0u8; 32];
                rand::rng().fill_bytes(&mut candidate);
                let text = store
                    .secret_or_insert(DB_KEY_NAME, &STANDARD.encode(candidate))
                    .await?;
                parse_key(&text, DB_KEY_NAME)?
            }
        };
        if let Some(text) = stored {
            older.push(parse_key(&text, DB_KEY_NAME)?);
        }
        Ok(PayoutCipher::new(&current, &older))
    }

    /// The id of the key that seals.
    pub fn key_id(&self) -> &str {
        &self.current.id
    }

    fn aad(field: Field, mentor_id: i64) -> String {
        match field {
            Field::WebhookSecret => format!("mentorbridge/webhook-secret/{mentor_id}"),
            _ => format!("mentorbridge/payout-details/{}/{mentor_id}", field.label()),
        }
    }

    /// `clear` sealed under the current key, for `field` of `mentor_id`.
    pub fn seal(&self, field: Field, mentor_id: i64, clear: &str) -> String {
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let aad = Self::aad(field, mentor_id);
        let Ok(sealed) = self.current.cipher.encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: clear.as_bytes(),
                aad: aad.as_bytes(),
            },
        ) else {
            // ChaCha20-Poly1305 fails only past 256 GiB.
            unreachable!("a payout detail is small")
        };
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!(
            "{PREFIX}{}:{}",
            self.current.id,
            STANDARD_NO_PAD.encode(out)
        )
    }

    /// [`seal`](Self::seal) for an optional value.
    pub fn seal_opt(&self, field: Field, mentor_id: i64, clear: Option<&str>) -> Option<String> {
        clear.map(|c| self.seal(field, mentor_id, c))
    }

    /// Whether `stored` is a sealed value (not clear text from before).
    pub fn is_sealed(stored: &str) -> bool {
        stored.starts_with(PREFIX)
    }

    /// Whether `stored` is sealed under the current key.
    pub fn is_current(&self, stored: &str) -> bool {
        stored
            .strip_prefix(PREFIX)
            .and_then(|rest| rest.split_once(':'))
            .is_some_and(|(id, _)| id == self.current.id)
    }

    /// The clear text of `stored`; clear text written before encryption
    /// (until the start-up step seals it) is given back as it is.
    pub fn open(&self, field: Field, mentor_id: i64, stored: &str) -> Result<String, CryptoError> {
        let Some(rest) = stored.strip_prefix(PREFIX) else {
            return Ok(stored.to_owned());
        };
        let (id, body) = rest.split_once(':').ok_or(CryptoError::Tampered)?;
        let key = std::iter::once(&self.current)
            .chain(&self.older)
            .find(|k| k.id == id)
            .ok_or_else(|| CryptoError::UnknownKey(id.to_owned()))?;
        let bytes = STANDARD_NO_PAD
            .decode(body)
            .map_err(|_| CryptoError::Tampered)?;
        if bytes.len() < 12 + 16 {
            return Err(CryptoError::Tampered);
        }
        let (nonce, sealed) = bytes.split_at(12);
        let aad = Self::aad(field, mentor_id);
        let clear = key
            .cipher
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: sealed,
                    aad: aad.as_bytes(),
                },
            )
            .map_err(|_| CryptoError::Tampered)?;
        String::from_utf8(clear).map_err(|_| CryptoError::Tampered)
    }

    /// [`open`](Self::open) for an optional value.
    pub fn open_opt(
        &self,
        field: Field,
        mentor_id: i64,
        stored: Option<&str>,
    ) -> Result<Option<String>, CryptoError> {
        stored.map(|s| self.open(field, mentor_id, s)).transpose()
    }
}

/// Why the payout key could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Key(#[from] CryptoError),
    #[error("cannot read the payout key from the database: {0}")]
    Store(#[from] StoreError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_only_for_its_field_and_mentor() {
        let c = PayoutCipher::new(&[7; 32], &[]);
        let sealed = c.seal(Field::AccountNumber, 4, "123456789012");
        assert!(sealed.starts_with(&format!("{PREFIX}{}:", c.key_id())));
        assert!(!sealed.contains("123456789012"));
        assert_ne!(
            sealed,
            c.seal(Field::AccountNumber, 4, "123456789012"),
            "a fresh nonce"
        );
        assert_eq!(
            c.open(Field::AccountNumber, 4, &sealed).as_deref(),
            Ok("123456789012")
        );
        assert_eq!(
            c.open(Field::AccountNumber, 5, &sealed),
            Err(CryptoError::Tampered)
        );
        assert_eq!(c.open(Field::UpiId, 4, &sealed), Err(CryptoError::Tampered));
        let mut flipped = sealed.clone().into_bytes();
        let last = flipped.len() - 2;
        flipped[last] = if flipped[last] == b'A' { b'B' } else { b'A' };
        let flipped = String::from_utf8(flipped).expect("text");
        assert_eq!(
            c.open(Field::AccountNumber, 4, &flipped),
            Err(CryptoError::Tampered)
        );
        assert_eq!(
            c.open(Field::AccountNumber, 4, "9876").as_deref(),
            Ok("9876"),
            "clear from before"
        );
    }

    #[test]
    fn older_keys_open_and_unknown_keys_are_named() {
        let old = PayoutCipher::new(&[1; 32], &[]);
        let sealed = old.seal(Field::UpiId, 1, "asha@okaxis");
        let new = PayoutCipher::new(&[2; 32], &[[1; 32]]);
        assert!(!new.is_current(&sealed));
        assert_eq!(
            new.open(Field::UpiId, 1, &sealed).as_deref(),
            Ok("asha@okaxis")
        );
        let stranger = PayoutCipher::new(&[3; 32], &[]);
        assert_eq!(
            stranger.open(Field::UpiId, 1, &sealed),
            Err(CryptoError::UnknownKey(old.key_id().to_owned()))
        );
    }

    #[test]
    fn keys_are_read_from_hex_or_base64_and_derived_with_a_label() {
        let hex_key = "00".repeat(32);
        assert_eq!(parse_key(&hex_key, "PAYOUT_KEY").expect("hex"), [0; 32]);
        let b64 = STANDARD.encode([9u8; 32]);
        assert_eq!(parse_key(&b64, "PAYOUT_KEY").expect("base64"), [9; 32]);
        assert!(parse_key("short", "PAYOUT_KEY").is_err());
        assert!(parse_key(&STANDARD.encode([9u8; 31]), "PAYOUT_KEY").is_err());
        let a = derive_from_secret("a secret of thirty-two bytes or more!");
        assert_eq!(
            a,
            derive_from_secret("a secret of thirty-two bytes or more!")
        );
        assert_ne!(
            a,
            derive_from_secret("another secret of thirty-two bytes!!")
        );
        assert_ne!(
            &a[..],
            "a secret of thirty-two bytes or m".as_bytes(),
            "not the secret itself"
        );
    }
}

//! Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1
//! lane), on a blocking thread so hashing never stalls other requests.

use std::sync::{Arc, LazyLock};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// OWASP Password Storage Cheat Sheet, argon2id option 2.
pub const MEMORY_KIB: u32 = 19 * 1024;
pub const ITERATIONS: u32 = 2;
pub const LANES: u32 = 1;

fn argon2() -> Argon2<'static> {
    let params =
        Params::new(MEMORY_KIB, ITERATIONS, LANES, None).unwrap_or_else(|_| Params::default());
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

#[derive(Debug, thiserror::Error)]
#[error("cannot hash the password: {0}")]
pub struct HashError(String);

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) for `password`.
pub fn hash_blocking(password: &str) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Whether `password` matches `hash`. Without a hash (unknown account, or
/// one that signs in with Google only) the password is checked against a
/// dummy hash, so the answer takes as long as a real check.
pub fn verify_blocking(password: &str, hash: Option<&str>) -> bool {
    let (hash, real) = match hash {
        Some(h) => (h, true),
        None => (DUMMY_HASH.as_str(), false),
    };
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    // The parameters come from the stored hash, so older hashes still verify.
    let ok = argon2()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok();
    ok && real
}

static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    hash_blocking("not a password anyone has: the dummy for unknown accounts").unwrap_or_default()
});

/// At most this many hashes run at once (twice the cores): each holds
/// 19 MiB, so a burst of sign-ins queues instead of exhausting memory.
/// The permit moves into the blocking job, so a client that disconnects
/// mid-hash does not free a slot while the hash still runs.
static HASHING: LazyLock<Arc<Semaphore>> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    Arc::new(Semaphore::new(cores * 2))
});

/// Hashes on a blocking thread.
pub async fn hash(password: String) -> Result<String, HashError> {
    let permit = HASHING
        .clone()
        .acquire_owned()
        .await
        .map_err(|e| HashError(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let hashed = hash_blocking(&password);
        drop(permit);
        hashed
    })
    .await
    .map_err(|e| HashError(e.to_string()))?
}

/// Verifies on a blocking thread (see [`verify_blocking`]).
pub async fn verify(password: String, hash: Option<String>) -> bool {
    let Ok(permit) = HASHING.clone().acquire_owned().await else {
        return false;
    };
    tokio::task::spawn_blocking(move || {
        let ok = verify_blocking(&password, hash.as_deref());
        drop(permit);
        ok
    })
    .await
    .unwrap_or(false)
}

/// Computes the dummy hash now rather than on the first unknown sign-in.
pub fn warm_up() {
    LazyLock::force(&DUMMY_HASH);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let hash = hash_blocking("Mentor#2026").expect("hash");
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_blocking("Mentor#2026", Some(&hash)));
        assert!(!verify_blocking("mentor#2026", Some(&hash)));
        assert_ne!(hash, hash_blocking("Mentor#2026").expect("hash"), "salted");
    }

    #[test]
    fn no_hash_never_verifies() {
        assert!(!verify_blocking("anything", None));
        assert!(!verify_blocking(
            "not a password anyone has: the dummy for unknown accounts",
            None
        ));
        assert!(!verify_blocking("x", Some("not a phc string")));
    }
}

//! Attempt limits on the sign-in, registration and e-mail endpoints, counted
//! in the database so every API process shares them.
//!
//! Every per-client limit is keyed by [`client_key`](super::client_key): the
//! IPv4 address, or the /64 of an IPv6 address (one subscriber holds a
//! whole /64). An attempt is counted *before* the work it limits (checking
//! a password, looking an address up), in one conditional statement
//! ([`Store::count_hit`]: an upsert that answers the new count), so
//! requests racing each other cannot all slip under a limit; a sign-in that
//! succeeds then forgives its client's attempts on that address.
//!
//! A crowd is not an attack. Campuses and mobile carriers put many people
//! behind one IPv4 address, so:
//!
//! - The per-client sign-in limits ([`LOGIN_PER_CLIENT`],
//!   [`GOOGLE_PER_CLIENT`]) count *failures* only: every attempt is still
//!   counted before the work (racing guesses cannot slip past), and a
//!   success takes its own attempt back ([`Limiter::forgive`]), so any
//!   number of people sign in from one address while a guessing run from it
//!   is stopped after [`LOGIN_PER_CLIENT`]`.max` failures.
//! - An address is *shared* once [`SHARED_ADDRESS_ACCOUNTS`] distinct
//!   accounts signed in from it (password, Google or a reset link) in the
//!   last [`SHARED_ADDRESS_WINDOW_SECS`]. Its per-client limits on
//!   registration, activation and reset e-mails and link confirmations are
//!   [`SHARED_ADDRESS_FACTOR`] times the normal ones
//!   ([`Limiter::hit_raised_when_shared`]); the per-address (per-target)
//!   e-mail limits and the per-account protections below are never raised.
//!   Making an address shared takes that many accounts' passwords (or
//!   mailboxes), and buys at most the raised per-client limits.
//!
//! An attacker must not be able to lock a victim out:
//!
//! - Sign-in attempts are limited per (client, address) pair
//!   ([`LOGIN_FAILURES`]), never per address alone.
//! - The per-account soft throttle ([`ACCOUNT_ATTEMPTS`],
//!   [`Limiter::account_gate`]) counts attempts on one address from every
//!   client that is not *known* to the account. Past 10 in 15 minutes, each
//!   further attempt needs a free slot: one attempt per 2^k seconds (k = the
//!   attempts past the 10th, so 1, 2, 4, ... s) and never more than 60 s,
//!   answered 429 with `Retry-After` until then. It never locks the owner
//!   out, because a *known client* is not throttled at all: a client
//!   (same key) that signed in to the account with its password in the last
//!   30 days ([`KNOWN_CLIENT_SECS`], table `known_clients`). A stranger
//!   cannot become known without the password, however many networks they
//!   flood from. From a client that is not known, the wait for the next
//!   slot is at most 60 s (a flood may take slots first, which is why known
//!   clients do not queue). Unknown addresses are throttled the same way,
//!   so the throttle does not tell which addresses have accounts.
//! - Reset and activation e-mails: 3 an hour per (client, address), and 10
//!   an hour per address from every client not known to the account. A
//!   known client is outside the per-address cap, so strangers using it up
//!   cannot stop the owner's own client getting a reset e-mail; inbox
//!   flooding stays bounded (10 an hour from strangers, plus 3 an hour per
//!   client the owner has signed in from). Past a limit the answer is the
//!   same and nothing is sent.
//! - The answers the contract makes reveal whether an address has an
//!   account (register's "already exists", reset's 400,
//!   `check-user-auth-type`) share one strict budget per client
//!   ([`REVEALS_PER_CLIENT`]).

use std::net::IpAddr;

use chrono::{DateTime, Utc};

use crate::store::{Store, StoreError};

#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub name: &'static str,
    pub max: i64,
    pub window_secs: i64,
}

/// Failed sign-ins from one client: counted before the password is
/// checked, and a success takes its own attempt back, so only failures
/// (wrong passwords, unknown addresses, refusals by the other limits,
/// requests without the fields) stay counted.
pub const LOGIN_PER_CLIENT: Rule = Rule {
    name: "login",
    max: 30,
    window_secs: 600,
};
/// Sign-in attempts for one address from one client (also change-password
/// attempts in one session), counted before the password is checked; a
/// success clears them.
pub const LOGIN_FAILURES: Rule = Rule {
    name: "login-failed",
    max: 5,
    window_secs: 900,
};
/// New accounts from one client (raised for a shared address).
pub const REGISTER_PER_CLIENT: Rule = Rule {
    name: "register",
    max: 20,
    window_secs: 3600,
};
/// Reset and activation e-mails asked for by one client (raised for a
/// shared address).
pub const EMAILS_PER_CLIENT: Rule = Rule {
    name: "emails",
    max: 20,
    window_secs: 3600,
};
/// Reset and activation e-mails to one address asked for by one client.
pub const EMAILS_PER_CLIENT_AND_ADDRESS: Rule = Rule {
    name: "emails-to-from",
    max: 3,
    window_secs: 3600,
};
/// Reset and activation e-mails to one address from every client that has
/// not signed in to its account (inbox flooding).
pub const EMAILS_PER_ADDRESS: Rule = Rule {
    name: "emails-to",
    max: 10,
    window_secs: 3600,
};
/// Account-type lookups from one client.
pub const LOOKUPS_PER_CLIENT: Rule = Rule {
    name: "lookup",
    max: 60,
    window_secs: 600,
};
/// Answers that reveal whether an address has an account, from one client:
/// register's "already exists", reset's "not registered" (or "signs in with
/// Google"), and every `check-user-auth-type` answer, together.
pub const REVEALS_PER_CLIENT: Rule = Rule {
    name: "reveal",
    max: 10,
    window_secs: 600,
};
/// Sign-in attempts on one address from clients not known to its account;
/// past `max`, the growing delay of [`Limiter::account_gate`].
pub const ACCOUNT_ATTEMPTS: Rule = Rule {
    name: "account",
    max: 10,
    window_secs: 900,
};
/// The longest the per-account throttle makes anyone wait (seconds).
pub const ACCOUNT_DELAY_CAP_SECS: i64 = 60;
use crate::store::KNOWN_CLIENT_SECS;

/// The delay between attempts on an account after `attempts` in the
/// current window from clients not known to it: none up to
/// [`ACCOUNT_ATTEMPTS`]`.max`, then 1, 2, 4, ... seconds, at most
/// [`ACCOUNT_DELAY_CAP_SECS`].
pub fn account_delay(attempts: i64) -> Option<i64> {
    let past = attempts - ACCOUNT_ATTEMPTS.max;
    if past <= 0 {
        return None;
    }
    let k = (past - 1).min(16) as u32;
    Some((1i64 << k).min(ACCOUNT_DELAY_CAP_SECS))
}
/// Failed Google sign-ins (and links) from one client: a success takes its
/// own attempt back, as for [`LOGIN_PER_CLIENT`].
pub const GOOGLE_PER_CLIENT: Rule = Rule {
    name: "google",
    max: 30,
    window_secs: 600,
};
/// Activation and reset confirmations from one client (guessing tokens;
/// raised for a shared address).
pub const CONFIRMATIONS_PER_CLIENT: Rule = Rule {
    name: "confirm",
    max: 30,
    window_secs: 600,
};

/// An address is shared (many people behind it) once this many distinct
/// accounts signed in from it within [`SHARED_ADDRESS_WINDOW_SECS`].
pub const SHARED_ADDRESS_ACCOUNTS: i64 = 10;
/// How far back sign-ins make an address shared (24 hours, in seconds).
pub const SHARED_ADDRESS_WINDOW_SECS: i64 = 24 * 3600;
/// How many times the normal per-client limit a shared address gets for
/// registration ([`REGISTER_PER_CLIENT`]: 200 an hour), reset and
/// activation e-mails ([`EMAILS_PER_CLIENT`]: 200 an hour) and link
/// confirmations ([`CONFIRMATIONS_PER_CLIENT`]: 300 in 10 minutes).
pub const SHARED_ADDRESS_FACTOR: i64 = 10;

/// Over the limit: try again after this many seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    pub retry_after_secs: i64,
}

impl Limited {
    /// `Too many attempts. Please try again in 4 minutes.`
    pub fn message(self) -> String {
        let minutes = (self.retry_after_secs + 59) / 60;
        if self.retry_after_secs < 60 {
            format!(
                "Too many attempts. Please try again in {} second{}.",
                self.retry_after_secs,
                if self.retry_after_secs == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "Too many attempts. Please try again in {minutes} minute{}.",
                if minutes == 1 { "" } else { "s" }
            )
        }
    }
}

#[derive(Clone)]
pub struct Limiter {
    store: Store,
    enabled: bool,
}

fn bucket(rule: Rule, key: &str) -> String {
    format!("{}:{key}", rule.name)
}

fn window(rule: Rule, now: DateTime<Utc>) -> (i64, i64) {
    aligned(rule.window_secs, now)
}

fn aligned(window_secs: i64, now: DateTime<Utc>) -> (i64, i64) {
    let t = now.timestamp();
    let start = t - t.rem_euclid(window_secs);
    (start, start + window_secs)
}

/// The key an address is counted under: as the e-mail rule writes it, or
/// (an address the rule refuses) as typed, lower-cased; at most 254
/// characters, so a key never grows with the request.
pub fn address_key(typed: &str) -> String {
    match domain_wasm::accounts::Email::parse(typed) {
        Ok(email) => email.as_str().to_owned(),
        Err(_) => typed.trim().to_lowercase().chars().take(254).collect(),
    }
}

/// The key of a (client, address) pair; the address is cut to 254
/// characters so a key never grows with the request.
pub fn pair(client: IpAddr, email: &str) -> String {
    let email: String = email.chars().take(254).collect();
    format!("{}|{email}", client_key(client))
}

impl Limiter {
    pub fn new(store: Store, enabled: bool) -> Limiter {
        Limiter { store, enabled }
    }

    /// Counts an attempt; `Err(Limited)` once `rule.max` attempts were made
    /// in the current window.
    pub async fn hit(
        &self,
        rule: Rule,
        key: &str,
        now: DateTime<Utc>,
    ) -> Result<Result<(), Limited>, StoreError> {
        if !self.enabled {
            return Ok(Ok(()));
        }
        let (start, end) = window(rule, now);
        let hits = self.store.count_hit(&bucket(rule, key), start, end).await?;
        Ok(if hits > rule.max {
            Err(Limited {
                retry_after_secs: (end - now.timestamp()).max(1),
            })
        } else {
            Ok(())
        })
    }

    /// Like [`hit`](Self::hit) without counting.
    pub async fn check(
        &self,
        rule: Rule,
        key: &str,
        now: DateTime<Utc>,
    ) -> Result<Result<(), Limited>, StoreError> {
        if !self.enabled {
            return Ok(Ok(()));
        }
        let (start, end) = window(rule, now);
        let hits = self.store.hits(&bucket(rule, key), start).await?;
        Ok(if hits >= rule.max {
            Err(Limited {
                retry_after_secs: (end - now.timestamp()).max(1),
            })
        } else {
            Ok(())
        })
    }

    /// Counts an attempt by `client` under `rule` like [`hit`](Self::hit),
    /// allowing [`SHARED_ADDRESS_FACTOR`] times `rule.max` when the address
    /// is shared ([`is_shared`](Self::is_shared)). The counter is the same;
    /// whether the address is shared is looked up only past the normal max.
    pub async fn hit_raised_when_shared(
        &self,
        rule: Rule,
        client: IpAddr,
        now: DateTime<Utc>,
    ) -> Result<Result<(), Limited>, StoreError> {
        if !self.enabled {
            return Ok(Ok(()));
        }
        let (start, end) = window(rule, now);
        let key = client_key(client);
        let hits = self
            .store
            .count_hit(&bucket(rule, &key), start, end)
            .await?;
        let allowed = hits <= rule.max
            || (hits <= rule.max.saturating_mul(SHARED_ADDRESS_FACTOR)
                && self.is_shared(client, now).await?);
        Ok(if allowed {
            Ok(())
        } else {
            Err(Limited {
                retry_after_secs: (end - now.timestamp()).max(1),
            })
        })
    }

    /// Whether `client`'s address is shared: [`SHARED_ADDRESS_ACCOUNTS`]
    /// distinct accounts signed in from it in the last
    /// [`SHARED_ADDRESS_WINDOW_SECS`] (always false with limits off).
    pub async fn is_shared(&self, client: IpAddr, now: DateTime<Utc>) -> Result<bool, StoreError> {
        if !self.enabled {
            return Ok(false);
        }
        let accounts = self
            .store
            .accounts_signed_in_from(
                &client_key(client),
                now.timestamp() - SHARED_ADDRESS_WINDOW_SECS,
                SHARED_ADDRESS_ACCOUNTS,
            )
            .await?;
        Ok(accounts >= SHARED_ADDRESS_ACCOUNTS)
    }

    /// Takes back an attempt [`hit`](Self::hit) counted under `rule` at
    /// `now` (the same request's clock reading, so the same window): a
    /// success forgives its own attempt and only failures stay counted.
    pub async fn forgive(
        &self,
        rule: Rule,
        key: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if !self.enabled {
            return Ok(());
        }
        let (start, _) = window(rule, now);
        self.store.forgive_hit(&bucket(rule, key), start).await
    }

    pub async fn clear(&self, rule: Rule, key: &str) -> Result<(), StoreError> {
        if !self.enabled {
            return Ok(());
        }
        self.store.clear_hits(&bucket(rule, key)).await
    }

    /// The per-account soft throttle, for an attempt on `address` (see
    /// [`address_key`]) from a client not known to its account: counts the
    /// attempt under [`ACCOUNT_ATTEMPTS`] and, past its `max`, takes the
    /// one slot of the current [`account_delay`]-long window, or answers
    /// when the next one opens (at most [`ACCOUNT_DELAY_CAP_SECS`]). Both
    /// steps are single conditional upserts, so racing requests take a
    /// slot once.
    pub async fn account_gate(
        &self,
        address: &str,
        now: DateTime<Utc>,
    ) -> Result<Result<(), Limited>, StoreError> {
        if !self.enabled {
            return Ok(Ok(()));
        }
        let (start, end) = window(ACCOUNT_ATTEMPTS, now);
        let attempts = self
            .store
            .count_hit(&bucket(ACCOUNT_ATTEMPTS, address), start, end)
            .await?;
        let Some(delay) = account_delay(attempts) else {
            return Ok(Ok(()));
        };
        let (start, end) = aligned(delay, now);
        let slot = format!("account-slot-{delay}:{address}");
        let taken = self.store.count_hit(&slot, start, end).await?;
        Ok(if taken > 1 {
            Err(Limited {
                retry_after_secs: (end - now.timestamp()).max(1),
            })
        } else {
            Ok(())
        })
    }

    /// Takes back the attempt [`account_gate`](Self::account_gate)
    /// counted, when it was the owner signing in: successes do not slow the
    /// account down.
    pub async fn account_success(
        &self,
        address: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.forgive(ACCOUNT_ATTEMPTS, address, now).await
    }

    /// Whether `client` signed in to account `user_id` with its password in
    /// the last [`KNOWN_CLIENT_SECS`] (always false with limits off).
    pub async fn is_known_client(
        &self,
        user_id: i64,
        client: IpAddr,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        if !self.enabled {
            return Ok(false);
        }
        self.store
            .is_known_client(
                user_id,
                &client_key(client),
                now.timestamp() - KNOWN_CLIENT_SECS,
            )
            .await
    }

    /// Records a sign-in with the password by `client` to account `user_id`.
    pub async fn remember_client(
        &self,
        user_id: i64,
        client: IpAddr,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if !self.enabled {
            return Ok(());
        }
        self.store
            .remember_client(user_id, &client_key(client), now.timestamp())
            .await
    }
}

/// The key attempt limits count a client under: its IPv4 address, or the
/// /64 network of an IPv6 address (one subscriber holds a whole /64, so
/// counting single IPv6 addresses would count nothing).
pub fn client_key(ip: std::net::IpAddr) -> String {
    match ip {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// Who is asking, as attempt limits and sessions see them.
#[derive(Debug, Clone, Copy)]
pub struct Client<'a> {
    pub ip: std::net::IpAddr,
    pub user_agent: Option<&'a str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_up_to_whole_minutes() {
        assert_eq!(
            Limited {
                retry_after_secs: 61
            }
            .message(),
            "Too many attempts. Please try again in 2 minutes."
        );
        assert_eq!(
            Limited {
                retry_after_secs: 60
            }
            .message(),
            "Too many attempts. Please try again in 1 minute."
        );
        assert_eq!(
            Limited {
                retry_after_secs: 1
            }
            .message(),
            "Too many attempts. Please try again in 1 second."
        );
    }

    #[test]
    fn the_account_delay_grows_from_the_eleventh_attempt_and_is_capped() {
        let delays: Vec<Option<i64>> = (9..=19).map(account_delay).collect();
        assert_eq!(
            delays,
            [
                None,
                None,
                Some(1),
                Some(2),
                Some(4),
                Some(8),
                Some(16),
                Some(32),
                Some(60),
                Some(60),
                Some(60)
            ]
        );
        assert_eq!(account_delay(i64::MAX), Some(60));
    }

    #[test]
    fn addresses_are_keyed_as_the_rule_writes_them() {
        assert_eq!(address_key(" Asha@Example.COM "), "asha@example.com");
        assert_eq!(address_key("Not An Address"), "not an address");
        assert_eq!(address_key(&"x".repeat(400)).len(), 254);
    }

    #[tokio::test]
    async fn a_client_stays_known_for_thirty_days_per_network() {
        use crate::accounts::testing::{state, t0, user};
        let state = state().await;
        let asha = user(&state, "asha@example.com", |_| {}).await;
        let limiter = &state.limiter;
        let phone: IpAddr = "2001:db8:1:2::5".parse().expect("ip");
        let same_64: IpAddr = "2001:db8:1:2:ffff::1".parse().expect("ip");
        let elsewhere: IpAddr = "2001:db8:1:3::5".parse().expect("ip");
        assert!(
            !limiter
                .is_known_client(asha.id, phone, t0())
                .await
                .expect("known")
        );
        limiter
            .remember_client(asha.id, phone, t0())
            .await
            .expect("remembered");
        assert!(
            limiter
                .is_known_client(asha.id, same_64, t0())
                .await
                .expect("known")
        );
        assert!(
            !limiter
                .is_known_client(asha.id, elsewhere, t0())
                .await
                .expect("known")
        );
        let later = t0() + chrono::Duration::seconds(KNOWN_CLIENT_SECS);
        assert!(
            limiter
                .is_known_client(asha.id, phone, later)
                .await
                .expect("known")
        );
        let too_late = later + chrono::Duration::seconds(1);
        assert!(
            !limiter
                .is_known_client(asha.id, phone, too_late)
                .await
                .expect("known")
        );
        // Housekeeping forgets it then, and not before.
        state
            .store
            .prune_hits(later.timestamp())
            .await
            .expect("pruned");
        assert!(
            limiter
                .is_known_client(asha.id, phone, t0())
                .await
                .expect("known")
        );
        state
            .store
            .prune_hits(too_late.timestamp())
            .await
            .expect("pruned");
        assert!(
            !limiter
                .is_known_client(asha.id, phone, t0())
                .await
                .expect("known")
        );
    }

    #[tokio::test]
    async fn an_address_is_shared_once_enough_accounts_signed_in_from_it_lately() {
        use crate::accounts::testing::{state, t0, user};
        let state = state().await;
        let limiter = &state.limiter;
        let campus: IpAddr = "203.0.113.50".parse().expect("ip");
        for n in 0..SHARED_ADDRESS_ACCOUNTS {
            assert!(
                !limiter.is_shared(campus, t0()).await.expect("shared"),
                "{n}"
            );
            let learner = user(&state, &format!("learner{n}@example.com"), |_| {}).await;
            limiter
                .remember_client(learner.id, campus, t0())
                .await
                .expect("remembered");
            // One account signing in again is still one account.
            limiter
                .remember_client(learner.id, campus, t0())
                .await
                .expect("remembered");
        }
        assert!(limiter.is_shared(campus, t0()).await.expect("shared"));
        let last = t0() + chrono::Duration::seconds(SHARED_ADDRESS_WINDOW_SECS);
        assert!(limiter.is_shared(campus, last).await.expect("shared"));
        let after = last + chrono::Duration::seconds(1);
        assert!(
            !limiter.is_shared(campus, after).await.expect("shared"),
            "the sign-ins are too old"
        );
        let elsewhere: IpAddr = "203.0.113.51".parse().expect("ip");
        assert!(!limiter.is_shared(elsewhere, t0()).await.expect("shared"));
    }

    #[test]
    fn windows_are_aligned() {
        let now = DateTime::from_timestamp(1_000_000_123, 0).expect("time");
        assert_eq!(
            window(LOGIN_FAILURES, now),
            (
                1_000_000_123 - 1_000_000_123 % 900,
                1_000_000_123 - 1_000_000_123 % 900 + 900
            )
        );
    }
}

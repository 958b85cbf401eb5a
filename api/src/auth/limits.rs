//! Attempt limits on the sign-in, registration and e-mail endpoints, counted
//! in the database so every API process shares them.
//!
//! An attacker must not be able to lock a victim out. So sign-in failures
//! are counted per (address, client) pair, never per address alone; the
//! per-client limits stop one machine from guessing across many accounts;
//! and per-address limits on e-mails only stop further e-mails, with the
//! same answer as usual.

use std::net::IpAddr;

use chrono::{DateTime, Utc};

use crate::store::{Store, StoreError};

#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub name: &'static str,
    pub max: i64,
    pub window_secs: i64,
}

/// Sign-in attempts from one client.
pub const LOGIN_PER_CLIENT: Rule = Rule {
    name: "login",
    max: 30,
    window_secs: 600,
};
/// Failed sign-ins for one address from one client.
pub const LOGIN_FAILURES: Rule = Rule {
    name: "login-failed",
    max: 5,
    window_secs: 900,
};
/// New accounts from one client.
pub const REGISTER_PER_CLIENT: Rule = Rule {
    name: "register",
    max: 20,
    window_secs: 3600,
};
/// Reset and activation e-mails asked for by one client.
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
/// Reset and activation e-mails to one address from everyone (inbox flooding).
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
/// Google sign-ins from one client.
pub const GOOGLE_PER_CLIENT: Rule = Rule {
    name: "google",
    max: 30,
    window_secs: 600,
};
/// Activation and reset confirmations from one client (guessing tokens).
pub const CONFIRMATIONS_PER_CLIENT: Rule = Rule {
    name: "confirm",
    max: 30,
    window_secs: 600,
};

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
    let t = now.timestamp();
    let start = t - t.rem_euclid(rule.window_secs);
    (start, start + rule.window_secs)
}

/// The key of a (client, address) pair; the address is cut to 254
/// characters so a key never grows with the request.
pub fn pair(client: IpAddr, email: &str) -> String {
    let email: String = email.chars().take(254).collect();
    format!("{}|{email}", super::client_key(client))
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

    pub async fn clear(&self, rule: Rule, key: &str) -> Result<(), StoreError> {
        if !self.enabled {
            return Ok(());
        }
        self.store.clear_hits(&bucket(rule, key)).await
    }
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

//! When to retry the mentor-list request and how long its answer stays good
//! (SPEC §4, §9). Times are milliseconds passed in by the caller.
//!
//! The caller's loop: try; on failure ask [`after_failure`]; on
//! [`FailureDecision::GiveUp`] use the fallback, an empty list. Before asking
//! the server, ask [`cache_state`] about the cached list.

use serde::Serialize;

/// A request that takes longer is abandoned (and, being a timeout, not retried).
pub const REQUEST_TIMEOUT_MS: u32 = 10_000;
/// Attempts in all, the first included.
pub const MAX_ATTEMPTS: u32 = 3;
/// The pause before the next attempt, times the number of the attempt that failed.
pub const RETRY_DELAY_MS: u32 = 1_000;
/// A cached list older than this is not used.
pub const CACHE_TTL_MS: u32 = 300_000;
/// A cached list older than this is used but refreshed in the background.
pub const REFRESH_AFTER_MS: u32 = 240_000;

/// What to do after an attempt failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum FailureDecision {
    /// Wait `delay_ms`, then try again.
    #[serde(rename_all = "camelCase")]
    Retry { delay_ms: u32 },
    /// Stop and use the fallback (an empty list).
    GiveUp,
}

/// `attempt` is the 1-based number of the attempt that just failed. A timeout
/// is never retried; after attempt [`MAX_ATTEMPTS`] the caller gives up.
/// Attempt 0 does not exist; it gives up rather than loop (the JavaScript
/// facade rejects it as malformed input).
pub fn after_failure(attempt: u32, timed_out: bool) -> FailureDecision {
    if attempt == 0 || timed_out || attempt >= MAX_ATTEMPTS {
        FailureDecision::GiveUp
    } else {
        FailureDecision::Retry {
            delay_ms: RETRY_DELAY_MS * attempt,
        }
    }
}

/// How usable a cached mentor list is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum CacheState {
    /// Nothing cached: fetch.
    Missing,
    /// Younger than [`REFRESH_AFTER_MS`]: use it, no request.
    Fresh,
    /// Between [`REFRESH_AFTER_MS`] and [`CACHE_TTL_MS`]: use it and refresh
    /// in the background.
    Refresh,
    /// [`CACHE_TTL_MS`] old or older, or its age cannot be trusted (fetched
    /// "in the future" after a clock change, or a time that is not a finite
    /// number): fetch before use.
    Expired,
}

/// The state of a list fetched at `fetched_at_ms` (`None`: nothing cached),
/// seen at `now_ms`.
#[crate::export(home, learner)]
pub fn cache_state(fetched_at_ms: Option<f64>, now_ms: f64) -> CacheState {
    let Some(fetched_at) = fetched_at_ms else {
        return CacheState::Missing;
    };
    let age = now_ms - fetched_at;
    if !fetched_at.is_finite() || !now_ms.is_finite() || !age.is_finite() || age < 0.0 {
        CacheState::Expired
    } else if age < f64::from(REFRESH_AFTER_MS) {
        CacheState::Fresh
    } else if age < f64::from(CACHE_TTL_MS) {
        CacheState::Refresh
    } else {
        CacheState::Expired
    }
}

/// The constants, for the code that runs the requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct FetchPolicy {
    pub request_timeout_ms: u32,
    pub max_attempts: u32,
    pub cache_ttl_ms: u32,
    pub refresh_after_ms: u32,
}

/// The request timeout, attempt count and cache ages.
#[crate::export(home, learner)]
pub const fn fetch_policy() -> FetchPolicy {
    FetchPolicy {
        request_timeout_ms: REQUEST_TIMEOUT_MS,
        max_attempts: MAX_ATTEMPTS,
        cache_ttl_ms: CACHE_TTL_MS,
        refresh_after_ms: REFRESH_AFTER_MS,
    }
}

/// Retry (after `delayMs`) or give up after attempt number `attempt`
/// (1-based) failed. Throws for an attempt that is not a whole number of 1 or more.
#[crate::export(home, learner, js_name = "afterFailure")]
pub fn after_failed_attempt(
    attempt: f64,
    timed_out: bool,
) -> Result<FailureDecision, crate::bindings::BadInput> {
    if attempt.fract() == 0.0 && (1.0..=f64::from(u32::MAX)).contains(&attempt) {
        Ok(after_failure(attempt as u32, timed_out))
    } else {
        Err(crate::bindings::bad(format!(
            "an attempt number must be a whole number of 1 or more, got {}",
            crate::num::js_number(attempt)
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn failures_are_retried_twice_with_growing_delays() {
        assert_eq!(
            after_failure(1, false),
            FailureDecision::Retry { delay_ms: 1_000 }
        );
        assert_eq!(
            after_failure(2, false),
            FailureDecision::Retry { delay_ms: 2_000 }
        );
        assert_eq!(after_failure(3, false), FailureDecision::GiveUp);
        assert_eq!(after_failure(4, false), FailureDecision::GiveUp);
        assert_eq!(after_failure(u32::MAX, false), FailureDecision::GiveUp);
    }

    #[test]
    fn a_timeout_is_never_retried() {
        for attempt in 1..=3 {
            assert_eq!(after_failure(attempt, true), FailureDecision::GiveUp);
        }
    }

    #[test]
    fn attempt_zero_gives_up() {
        assert_eq!(after_failure(0, false), FailureDecision::GiveUp);
    }

    #[test]
    fn cache_ages() {
        let at = 1_700_000_000_000.0;
        let state = |age: f64| cache_state(Some(at), at + age);
        assert_eq!(cache_state(None, at), CacheState::Missing);
        assert_eq!(cache_state(None, f64::NAN), CacheState::Missing);
        assert_eq!(state(0.0), CacheState::Fresh);
        assert_eq!(state(239_999.0), CacheState::Fresh);
        assert_eq!(state(240_000.0), CacheState::Refresh);
        assert_eq!(state(299_999.0), CacheState::Refresh);
        assert_eq!(state(300_000.0), CacheState::Expired);
        assert_eq!(state(-1.0), CacheState::Expired);
        assert_eq!(cache_state(Some(f64::NAN), at), CacheState::Expired);
        assert_eq!(cache_state(Some(at), f64::INFINITY), CacheState::Expired);
        assert_eq!(
            cache_state(Some(f64::NEG_INFINITY), at),
            CacheState::Expired
        );
    }

    #[test]
    fn policy_constants() {
        assert_eq!(
            fetch_policy(),
            FetchPolicy {
                request_timeout_ms: 10_000,
                max_attempts: 3,
                cache_ttl_ms: 300_000,
                refresh_after_ms: 240_000,
            }
        );
    }

    proptest! {
        #[test]
        fn at_most_two_retries_of_at_most_two_seconds(timeouts in prop::collection::vec(any::<bool>(), 10)) {
            let mut retries = 0;
            let mut attempt = 1;
            while let FailureDecision::Retry { delay_ms } = after_failure(attempt, timeouts[attempt as usize]) {
                prop_assert!(delay_ms <= 2_000);
                retries += 1;
                attempt += 1;
            }
            prop_assert!(retries <= 2);
            prop_assert!(attempt <= MAX_ATTEMPTS);
        }

        #[test]
        fn any_attempt_waits_at_most_two_seconds(attempt in any::<u32>(), timed_out in any::<bool>()) {
            if let FailureDecision::Retry { delay_ms } = after_failure(attempt, timed_out) {
                prop_assert!(delay_ms <= 2_000 && attempt < MAX_ATTEMPTS && !timed_out);
            }
        }

        #[test]
        fn the_cache_only_ages(at in 0.0..1e13f64, a in 0.0..1e6f64, b in 0.0..1e6f64) {
            let (young, old) = if a <= b { (a, b) } else { (b, a) };
            let rank = |s: CacheState| match s {
                CacheState::Fresh => 0,
                CacheState::Refresh => 1,
                CacheState::Expired => 2,
                CacheState::Missing => 3,
            };
            prop_assert!(rank(cache_state(Some(at), at + young)) <= rank(cache_state(Some(at), at + old)));
        }
    }
}

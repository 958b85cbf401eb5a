//! The server's one clock (DESIGN: "time is an argument"). Use cases take
//! `now` as an argument; whatever calls them reads it from a [`Clock`], so a
//! test can move time (token expiry, key caches, reuse grace) without
//! waiting for it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

/// Wall-clock time for what is stored and signed, and a monotonic instant
/// for what is only measured (cache ages, intervals between fetches).
#[derive(Clone)]
pub struct Clock(Arc<dyn TimeSource>);

trait TimeSource: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
    fn instant(&self) -> Instant;
    /// The handle that moves this clock, when a test may move it.
    fn hand(self: Arc<Self>) -> Option<ManualClock> {
        None
    }
}

struct System;

impl TimeSource for System {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    fn instant(&self) -> Instant {
        Instant::now()
    }
}

impl Clock {
    /// The machine's clock.
    pub fn system() -> Clock {
        Clock(Arc::new(System))
    }

    /// A clock that stands still until [`ManualClock::advance`] moves it;
    /// starts at the machine's current time.
    pub fn manual() -> (Clock, ManualClock) {
        Clock::manual_at(Utc::now())
    }

    /// A clock that stands still at `start` until [`ManualClock::advance`]
    /// moves it: for a test whose rules count in fixed windows of the
    /// wall clock, which must not depend on when the test runs.
    pub fn manual_at(start: DateTime<Utc>) -> (Clock, ManualClock) {
        let manual = ManualClock(Arc::new(Manual {
            start,
            origin: Instant::now(),
            offset: Mutex::new(Duration::ZERO),
        }));
        (Clock(manual.0.clone()), manual)
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.0.now()
    }

    pub fn instant(&self) -> Instant {
        self.0.instant()
    }

    /// The handle that moves this clock when it is a [`Clock::manual`] one
    /// (`None` for the machine's clock).
    pub fn hand(&self) -> Option<ManualClock> {
        self.0.clone().hand()
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::system()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

struct Manual {
    start: DateTime<Utc>,
    origin: Instant,
    offset: Mutex<Duration>,
}

impl Manual {
    fn offset(&self) -> Duration {
        *self.offset.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl TimeSource for Manual {
    fn now(&self) -> DateTime<Utc> {
        self.start + self.offset()
    }

    fn instant(&self) -> Instant {
        self.origin + self.offset()
    }

    fn hand(self: Arc<Self>) -> Option<ManualClock> {
        Some(ManualClock(self))
    }
}

/// The handle that moves a [`Clock::manual`] clock.
#[derive(Clone)]
pub struct ManualClock(Arc<Manual>);

impl ManualClock {
    pub fn advance(&self, by: Duration) {
        let mut offset = self.0.offset.lock().unwrap_or_else(|e| e.into_inner());
        *offset += by;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let (clock, hand) = Clock::manual();
        let (t0, i0) = (clock.now(), clock.instant());
        assert_eq!(clock.now(), t0);
        hand.advance(Duration::from_millis(1500));
        assert_eq!(clock.now() - t0, chrono::Duration::milliseconds(1500));
        assert_eq!(clock.instant() - i0, Duration::from_millis(1500));
    }

    #[test]
    fn only_a_manual_clock_has_a_hand_and_it_moves_that_clock() {
        assert!(Clock::system().hand().is_none());
        let (clock, _) = Clock::manual();
        let t0 = clock.now();
        clock
            .hand()
            .expect("a hand")
            .advance(Duration::from_secs(60));
        assert_eq!(clock.now() - t0, chrono::Duration::seconds(60));
    }
}

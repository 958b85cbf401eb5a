//! How much of mentors' time one learner may hold at once (issue 20).
//!
//! A request waiting for the mentor's answer (`pending`) or for the
//! learner's payment (`payment_required`) holds the mentor's time, and so
//! does an upcoming free session. Without a cap one account could hold
//! every open slot of every mentor, renewing them daily, and flood mentors
//! with request e-mails. A learner holds at most:
//!
//! - [`HoldLimits::open_per_mentor`] open requests (pending or awaiting
//!   payment) with one mentor, and [`HoldLimits::open`] in all;
//! - [`HoldLimits::free_per_mentor`] upcoming free session (one by
//!   default) with one mentor, and [`HoldLimits::upcoming_free`] in all.
//!
//! Past a cap the booking is refused with a message that says what to do.

use serde::{Deserialize, Serialize};

/// The caps (settings `MAX_OPEN_REQUESTS_PER_MENTOR`, `MAX_OPEN_REQUESTS`,
/// `MAX_UPCOMING_FREE_PER_MENTOR`, `MAX_UPCOMING_FREE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldLimits {
    pub open_per_mentor: u32,
    pub open: u32,
    pub free_per_mentor: u32,
    pub upcoming_free: u32,
}

impl Default for HoldLimits {
    fn default() -> Self {
        HoldLimits {
            open_per_mentor: DEFAULT_OPEN_PER_MENTOR,
            open: DEFAULT_OPEN,
            free_per_mentor: DEFAULT_FREE_PER_MENTOR,
            upcoming_free: DEFAULT_UPCOMING_FREE,
        }
    }
}

/// `MAX_OPEN_REQUESTS_PER_MENTOR`'s default.
pub const DEFAULT_OPEN_PER_MENTOR: u32 = 2;
/// `MAX_OPEN_REQUESTS`'s default.
pub const DEFAULT_OPEN: u32 = 5;
/// `MAX_UPCOMING_FREE`'s default.
pub const DEFAULT_UPCOMING_FREE: u32 = 3;
/// `MAX_UPCOMING_FREE_PER_MENTOR`'s default.
pub const DEFAULT_FREE_PER_MENTOR: u32 = 1;

/// What the learner holds now, before the new booking.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// Open requests (pending, awaiting payment) with this mentor.
    pub open_with_mentor: u32,
    /// Open requests with any mentor.
    pub open: u32,
    /// Upcoming free sessions (requested or confirmed) with this mentor.
    pub free_with_mentor: u32,
    /// Upcoming free sessions with any mentor.
    pub free: u32,
}

/// The booking asked for: whether it opens as a request (pending or
/// awaiting payment, rather than confirmed at once) and whether it is free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asked {
    pub open: bool,
    pub free: bool,
}

/// Which cap a refusal is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cap {
    OpenPerMentor,
    Open,
    FreePerMentor,
    UpcomingFree,
}

/// A refused booking: the cap and what the learner reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldRefusal {
    pub cap: Cap,
    pub message: String,
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Whether a learner holding `held` may book `asked` under `limits`.
pub fn may_hold(limits: HoldLimits, held: Held, asked: Asked) -> Result<(), HoldRefusal> {
    let refuse = |cap, message: String| Err(HoldRefusal { cap, message });
    if asked.open && held.open_with_mentor >= limits.open_per_mentor {
        return refuse(
            Cap::OpenPerMentor,
            format!(
                "You already have {} with this mentor waiting for an answer or a payment. \
                 Wait for the mentor's answer, pay for an accepted one, or cancel one in \
                 your bookings before asking again.",
                plural(limits.open_per_mentor, "request", "requests")
            ),
        );
    }
    if asked.open && held.open >= limits.open {
        return refuse(
            Cap::Open,
            format!(
                "You already have {} waiting for an answer or a payment. Wait for the \
                 mentors' answers, pay for an accepted one, or cancel one in your bookings \
                 before asking again.",
                plural(limits.open, "request", "requests")
            ),
        );
    }
    if asked.free && held.free_with_mentor >= limits.free_per_mentor {
        let held = if limits.free_per_mentor == 1 {
            "an upcoming free session".to_owned()
        } else {
            format!("{} upcoming free sessions", limits.free_per_mentor)
        };
        return refuse(
            Cap::FreePerMentor,
            format!(
                "You already have {held} with this mentor. Book another free session after \
                 it has taken place, or choose a paid session."
            ),
        );
    }
    if asked.free && held.free >= limits.upcoming_free {
        return refuse(
            Cap::UpcomingFree,
            format!(
                "You already have {} coming up. Book another after one has taken place, \
                 or cancel one in your bookings first.",
                plural(limits.upcoming_free, "free session", "free sessions")
            ),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: HoldLimits = HoldLimits {
        open_per_mentor: 2,
        open: 5,
        free_per_mentor: 1,
        upcoming_free: 3,
    };

    fn held(open_with_mentor: u32, open: u32, free_with_mentor: u32, free: u32) -> Held {
        Held {
            open_with_mentor,
            open,
            free_with_mentor,
            free,
        }
    }

    const PAID_REQUEST: Asked = Asked {
        open: true,
        free: false,
    };
    const FREE_REQUEST: Asked = Asked {
        open: true,
        free: true,
    };
    const FREE_INSTANT: Asked = Asked {
        open: false,
        free: true,
    };
    const PAID_INSTANT_CONFIRMED: Asked = Asked {
        open: false,
        free: false,
    };

    /// (held, asked, the cap refused, or None when allowed).
    fn vectors() -> Vec<(Held, Asked, Option<Cap>)> {
        vec![
            (held(0, 0, 0, 0), PAID_REQUEST, None),
            (held(1, 4, 0, 0), PAID_REQUEST, None),
            (held(2, 2, 0, 0), PAID_REQUEST, Some(Cap::OpenPerMentor)),
            (held(1, 5, 0, 0), PAID_REQUEST, Some(Cap::Open)),
            // Both caps: the mentor's is named first.
            (held(2, 5, 0, 0), PAID_REQUEST, Some(Cap::OpenPerMentor)),
            // A session confirmed at once is not an open request.
            (held(2, 5, 0, 0), PAID_INSTANT_CONFIRMED, None),
            (held(2, 5, 0, 2), FREE_INSTANT, None),
            (held(0, 0, 1, 1), FREE_INSTANT, Some(Cap::FreePerMentor)),
            (held(0, 0, 0, 3), FREE_INSTANT, Some(Cap::UpcomingFree)),
            (held(0, 0, 0, 2), FREE_REQUEST, None),
            (held(0, 0, 1, 1), FREE_REQUEST, Some(Cap::FreePerMentor)),
            // A free request is also an open request.
            (held(2, 2, 0, 0), FREE_REQUEST, Some(Cap::OpenPerMentor)),
            // Paid bookings never meet the free caps.
            (held(0, 0, 1, 3), PAID_REQUEST, None),
        ]
    }

    #[test]
    fn the_caps_refuse_exactly_past_their_limits() {
        for (h, a, want) in vectors() {
            let got = may_hold(LIMITS, h, a).err().map(|r| r.cap);
            assert_eq!(got, want, "held {h:?}, asked {a:?}");
        }
    }

    #[test]
    fn each_refusal_says_what_to_do() {
        let open = may_hold(LIMITS, held(2, 2, 0, 0), PAID_REQUEST).expect_err("refused");
        assert!(
            open.message.contains("2 requests with this mentor"),
            "{}",
            open.message
        );
        assert!(open.message.contains("cancel one"), "{}", open.message);
        let all = may_hold(LIMITS, held(0, 5, 0, 0), PAID_REQUEST).expect_err("refused");
        assert!(
            all.message
                .starts_with("You already have 5 requests waiting")
        );
        let free = may_hold(LIMITS, held(0, 0, 0, 3), FREE_INSTANT).expect_err("refused");
        assert!(
            free.message.contains("3 free sessions coming up"),
            "{}",
            free.message
        );
        let one = HoldLimits {
            upcoming_free: 1,
            ..LIMITS
        };
        let single = may_hold(one, held(0, 0, 0, 1), FREE_INSTANT).expect_err("refused");
        assert!(
            single.message.contains("1 free session coming up"),
            "{}",
            single.message
        );
    }

    #[test]
    fn zero_caps_refuse_every_request() {
        let none = HoldLimits {
            open_per_mentor: 0,
            open: 0,
            free_per_mentor: 0,
            upcoming_free: 0,
        };
        assert!(may_hold(none, Held::default(), PAID_REQUEST).is_err());
        assert!(may_hold(none, Held::default(), FREE_INSTANT).is_err());
        assert!(may_hold(none, Held::default(), PAID_INSTANT_CONFIRMED).is_ok());
    }
}

//! Whether a mentor profile is listed: shown in the catalogue (the list,
//! the profile, the explorer, the slots, the site figures, the sitemap) and
//! bookable. One definition, used everywhere a mentor is shown or booked:
//! a profile is listed only while
//!
//! 1. an account runs it and that account is active (activated, not
//!    disabled),
//! 2. it offers at least one active (unretired, unpaused) service,
//! 3. it has open hours: availability whose weekly ranges, or a date
//!    override not yet past, give bookable time, and
//! 4. no administrator has hidden it.
//!
//! A request to a profile nobody answers would wait until it expires, so
//! the rule is what a visitor needs: someone who can answer, something to
//! book, time to book it in. Existing bookings of a profile that stops
//! being listed stay viewable and manageable (the rule decides new ones).

use serde::Serialize;

use crate::slots::Availability;

/// What the rule looks at, gathered by the caller (the API reads them from
/// its store).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListingFacts {
    /// An account runs the profile.
    pub has_account: bool,
    /// That account is activated and not disabled.
    pub account_active: bool,
    /// How many services the profile offers now (active, not retired).
    pub active_services: usize,
    /// The availability gives bookable time ([`has_open_hours`]).
    pub open_hours: bool,
    /// An administrator hid the profile.
    pub hidden: bool,
}

/// Why a profile is not listed, in the order a mentor would fix them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NotListed {
    /// No account runs the profile.
    NoAccount,
    /// The account that runs it is not activated or is disabled.
    AccountInactive,
    /// It offers no active service.
    NoService,
    /// It has no open hours.
    NoOpenHours,
    /// An administrator hid it.
    Hidden,
}

impl NotListed {
    /// The reason in the mentor's words, with what to do about it.
    pub fn message(self) -> &'static str {
        match self {
            NotListed::NoAccount => {
                "No account runs this profile, so nobody could answer a request: it is not listed."
            }
            NotListed::AccountInactive => {
                "The account that runs this profile is not active, so it is not listed. Contact support to have it enabled."
            }
            NotListed::NoService => {
                "You offer no active session yet. Add a session (or resume a paused one) so learners have something to book."
            }
            NotListed::NoOpenHours => {
                "You have no open hours yet. Set your weekly availability so learners can pick a time."
            }
            NotListed::Hidden => {
                "An administrator has hidden your profile. Contact support to find out why and what to change."
            }
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            NotListed::NoAccount => "no_account",
            NotListed::AccountInactive => "account_inactive",
            NotListed::NoService => "no_service",
            NotListed::NoOpenHours => "no_open_hours",
            NotListed::Hidden => "hidden",
        }
    }
}

/// Every reason the profile is not listed; empty: it is listed.
pub fn not_listed(facts: &ListingFacts) -> Vec<NotListed> {
    let mut why = Vec::new();
    if !facts.has_account {
        why.push(NotListed::NoAccount);
    } else if !facts.account_active {
        why.push(NotListed::AccountInactive);
    }
    if facts.active_services == 0 {
        why.push(NotListed::NoService);
    }
    if !facts.open_hours {
        why.push(NotListed::NoOpenHours);
    }
    if facts.hidden {
        why.push(NotListed::Hidden);
    }
    why
}

/// The profile is listed (and bookable).
pub fn is_listed(facts: &ListingFacts) -> bool {
    not_listed(facts).is_empty()
}

/// The availability gives bookable time on or after `today` (a local date,
/// "YYYY-MM-DD"; pass the UTC date minus a day to be safe in any zone): a
/// weekly range, or a date override with ranges not yet past. `None`: no
/// availability set.
pub fn has_open_hours(availability: Option<&Availability>, today: &str) -> bool {
    availability.is_some_and(|a| {
        !a.weekly.is_empty()
            || a.overrides
                .iter()
                .any(|o| !o.ranges.is_empty() && o.date.as_str() >= today)
    }) && availability.is_some_and(|a| a.booking_window_days > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slots::{DateOverride, TimeRange, WeeklyRange};

    fn listed() -> ListingFacts {
        ListingFacts {
            has_account: true,
            account_active: true,
            active_services: 1,
            open_hours: true,
            hidden: false,
        }
    }

    #[test]
    fn a_profile_with_an_active_account_a_service_and_hours_that_is_not_hidden_is_listed() {
        assert!(is_listed(&listed()));
        assert_eq!(not_listed(&listed()), vec![]);
    }

    #[test]
    fn each_condition_alone_unlists() {
        let cases = [
            (
                ListingFacts {
                    has_account: false,
                    account_active: false,
                    ..listed()
                },
                NotListed::NoAccount,
            ),
            (
                ListingFacts {
                    account_active: false,
                    ..listed()
                },
                NotListed::AccountInactive,
            ),
            (
                ListingFacts {
                    active_services: 0,
                    ..listed()
                },
                NotListed::NoService,
            ),
            (
                ListingFacts {
                    open_hours: false,
                    ..listed()
                },
                NotListed::NoOpenHours,
            ),
            (
                ListingFacts {
                    hidden: true,
                    ..listed()
                },
                NotListed::Hidden,
            ),
        ];
        for (facts, why) in cases {
            assert!(!is_listed(&facts), "{why:?}");
            assert_eq!(not_listed(&facts), vec![why]);
            assert!(!why.message().is_empty());
        }
    }

    #[test]
    fn every_reason_is_given_in_order() {
        let nothing = ListingFacts {
            hidden: true,
            ..ListingFacts::default()
        };
        assert_eq!(
            not_listed(&nothing),
            vec![
                NotListed::NoAccount,
                NotListed::NoService,
                NotListed::NoOpenHours,
                NotListed::Hidden
            ]
        );
    }

    fn availability(weekly: bool, override_on: Option<&str>) -> Availability {
        Availability {
            time_zone: "Asia/Kolkata".into(),
            weekly: if weekly {
                vec![WeeklyRange {
                    weekday: 0,
                    start: "18:00".into(),
                    end: "20:00".into(),
                }]
            } else {
                vec![]
            },
            overrides: override_on
                .map(|date| DateOverride {
                    date: date.into(),
                    ranges: vec![TimeRange {
                        start: "10:00".into(),
                        end: "12:00".into(),
                    }],
                })
                .into_iter()
                .collect(),
            buffer_before_minutes: 0,
            buffer_after_minutes: 0,
            minimum_notice_minutes: 0,
            booking_window_days: 30,
            max_sessions_per_day: None,
            slot_interval_minutes: None,
        }
    }

    #[test]
    fn open_hours_are_weekly_ranges_or_an_override_not_yet_past() {
        let today = "2026-03-10";
        assert!(!has_open_hours(None, today));
        assert!(has_open_hours(Some(&availability(true, None)), today));
        assert!(!has_open_hours(Some(&availability(false, None)), today));
        assert!(has_open_hours(
            Some(&availability(false, Some("2026-03-10"))),
            today
        ));
        assert!(!has_open_hours(
            Some(&availability(false, Some("2026-03-09"))),
            today
        ));
        let closed = Availability {
            booking_window_days: 0,
            ..availability(true, None)
        };
        assert!(!has_open_hours(Some(&closed), today));
    }
}

use super::*;
use crate::js::refunds::refund_rules;

const H: i64 = HOUR_MS;
const D: i64 = DAY_MS;
/// 2026-12-01T10:00Z, a Tuesday.
const S: i64 = 1_796_119_200_000;
const E: i64 = S + H;

fn paid() -> RefundFacts {
    RefundFacts {
        status: Status::Confirmed,
        start_ms: S,
        end_ms: E,
        cancelled_by: None,
        no_show_by: None,
        no_show_choice: None,
        refund_owed_paise: 0,
        captured_paise: 150_000,
        captured_at_ms: Some(S - 3 * D),
        refunded_paise: 0,
        open_request: false,
        feedback_at_ms: None,
    }
}

#[test]
fn the_split_takes_back_exactly_the_commission_over_all_refunds() {
    let (g, c) = (99_900, 14_985);
    let a = refund_split(g, c, 0, 33_333);
    let b = refund_split(g, c, 33_333, 33_333);
    let rest = refund_split(g, c, 66_666, g - 66_666);
    assert_eq!(
        a.commission_paise + b.commission_paise + rest.commission_paise,
        c
    );
    assert_eq!(a.commission_paise + a.mentor_paise, 33_333);
    assert_eq!(
        refund_split(g, c, 0, g),
        RefundSplit {
            commission_paise: c,
            mentor_paise: g - c
        }
    );
}

#[test]
fn basis_names_round_trip() {
    for b in Basis::ALL {
        assert_eq!(Basis::parse(b.as_str()), Some(b));
    }
    assert_eq!(Basis::parse("nope"), None);
}

#[test]
fn a_paid_session_before_its_start_is_refundable_on_request() {
    let e = eligibility(&paid(), S - D);
    assert!(e.eligible && !e.automatic);
    assert_eq!(e.basis, Some(Basis::Unused));
    assert_eq!(e.max_paise, 150_000);
    assert_eq!(e.closes_at_ms, Some(S + 4 * D));
}

fn at(f: RefundFacts, now: i64) -> Eligibility {
    eligibility(&f, now)
}

#[test]
fn an_open_request_blocks_a_second_one() {
    let e = at(
        RefundFacts {
            open_request: true,
            refund_owed_paise: 150_000,
            ..paid()
        },
        S - D,
    );
    assert!(!e.eligible);
    assert_eq!(e.max_paise, 0);
    assert_eq!(
        e.message,
        "Your refund request is being reviewed; we answer within 3–5 business days."
    );
}

#[test]
fn nothing_paid_or_everything_refunded_leaves_nothing() {
    let free = at(
        RefundFacts {
            captured_paise: 0,
            captured_at_ms: None,
            ..paid()
        },
        S - D,
    );
    assert!(!free.eligible);
    assert!(free.message.starts_with("Nothing was paid"));
    let done = at(
        RefundFacts {
            refunded_paise: 150_000,
            refund_owed_paise: 150_000,
            status: Status::Cancelled,
            ..paid()
        },
        S - D,
    );
    assert!(!done.eligible);
    assert!(done.message.starts_with("Everything you paid"));
}

#[test]
fn money_owed_by_the_booking_rules_is_automatic_with_no_time_limit() {
    let cancelled = |by| RefundFacts {
        status: Status::Cancelled,
        cancelled_by: by,
        refund_owed_paise: 150_000,
        ..paid()
    };
    let years_later = S + 400 * D;
    for (by, basis) in [
        (Some(Party::Mentor), Basis::MentorCancelled),
        (Some(Party::Admin), Basis::MentorCancelled),
        (None, Basis::MentorCancelled),
        (Some(Party::Learner), Basis::LearnerCancelled),
    ] {
        let e = at(cancelled(by), years_later);
        assert!(e.eligible && e.automatic, "{by:?}");
        assert_eq!(e.basis, Some(basis));
        assert_eq!(e.max_paise, 150_000);
        assert_eq!(e.closes_at_ms, None);
    }
    let no_show = RefundFacts {
        status: Status::NoShow,
        no_show_by: Some(Missed::Mentor),
        no_show_choice: Some(NoShowChoice::Refund),
        refund_owed_paise: 150_000,
        ..paid()
    };
    assert_eq!(at(no_show, years_later).basis, Some(Basis::MentorNoShow));
    let expired = RefundFacts {
        status: Status::Expired,
        refund_owed_paise: 150_000,
        ..paid()
    };
    assert_eq!(at(expired, years_later).basis, Some(Basis::Expired));
    // A second payment of a confirmed session: the extra is owed.
    let over = RefundFacts {
        captured_paise: 300_000,
        refund_owed_paise: 150_000,
        ..paid()
    };
    let e = at(over, S + D);
    assert_eq!(
        (e.basis, e.max_paise, e.automatic),
        (Some(Basis::Overpaid), 150_000, true)
    );
    assert_eq!(
        e.message,
        "You are owed ₹1,500 because you paid more than the session's price. The refund is automatic and goes back to the way you paid."
    );
}

#[test]
fn what_is_owed_counts_refunds_already_made_and_never_exceeds_what_is_left() {
    let f = RefundFacts {
        status: Status::Cancelled,
        cancelled_by: Some(Party::Mentor),
        refund_owed_paise: 150_000,
        refunded_paise: 50_000,
        ..paid()
    };
    assert_eq!(at(f.clone(), S).max_paise, 100_000);
    // Owed more than was received (should not happen): capped at what is left.
    let g = RefundFacts {
        refund_owed_paise: 900_000,
        ..f
    };
    assert_eq!(at(g, S).max_paise, 100_000);
}

#[test]
fn a_session_the_learner_missed_counts_as_used() {
    let f = RefundFacts {
        status: Status::NoShow,
        no_show_by: Some(Missed::Learner),
        ..paid()
    };
    let e = at(f, E + D);
    assert!(!e.eligible);
    assert!(e.message.contains("missed by you"));
}

#[test]
fn after_the_session_only_the_partial_refund_for_timely_feedback() {
    let given = |t| RefundFacts {
        status: Status::Completed,
        feedback_at_ms: Some(t),
        ..paid()
    };
    // Feedback at the 48-hour limit counts; asking up to 7 days after the end.
    let e = at(given(E + 48 * H), E + 7 * D);
    assert!(e.eligible && !e.automatic);
    assert_eq!(e.basis, Some(Basis::Partial));
    assert_eq!(e.max_paise, 75_000);
    assert_eq!(e.closes_at_ms, Some(E + 7 * D));
    assert!(!at(given(E + 48 * H), E + 7 * D + 1).eligible);
    // Feedback a millisecond late.
    let late = at(given(E + 48 * H + 1), E + 3 * D);
    assert!(!late.eligible);
    assert!(late.message.contains("yours came later"));
    // A confirmed session past its end (completion not yet stored) is the same.
    let stored = RefundFacts {
        status: Status::Confirmed,
        feedback_at_ms: Some(E + H),
        ..paid()
    };
    assert_eq!(at(stored, E + 2 * H).basis, Some(Basis::Partial));
    // Part already refunded: the rest of the 50 %.
    let part = RefundFacts {
        refunded_paise: 70_000,
        ..given(E + H)
    };
    assert_eq!(at(part, E + 2 * H).max_paise, 5_000);
    let all = RefundFacts {
        refunded_paise: 75_000,
        ..given(E + H)
    };
    assert!(
        at(all, E + 2 * H)
            .message
            .contains("already received the 50 % refund")
    );
}

#[test]
fn without_feedback_the_learner_is_told_how_to_get_the_partial_refund() {
    let f = RefundFacts {
        status: Status::Completed,
        ..paid()
    };
    let e = at(f.clone(), E + H);
    assert!(!e.eligible);
    assert_eq!(e.closes_at_ms, Some(E + 48 * H));
    assert!(e.message.contains("give feedback within 48 hours"));
    // During the session, too.
    assert_eq!(
        at(
            RefundFacts {
                status: Status::Confirmed,
                ..f.clone()
            },
            S + 1
        )
        .closes_at_ms,
        Some(E + 48 * H)
    );
    let gone = at(f, E + 48 * H + 1);
    assert!(!gone.eligible && gone.closes_at_ms.is_none());
    assert!(gone.message.contains("that time has passed"));
}

#[test]
fn before_the_session_within_seven_days_of_the_payment() {
    let f = RefundFacts {
        captured_at_ms: Some(S - 10 * D),
        ..paid()
    };
    let closes = S - 3 * D;
    let e = at(f.clone(), closes);
    assert_eq!(
        (e.eligible, e.basis, e.closes_at_ms),
        (true, Some(Basis::Unused), Some(closes))
    );
    let late = at(f.clone(), closes + 1);
    assert!(!late.eligible);
    assert!(
        late.message
            .starts_with("Refund requests close 7 days after the payment")
    );
    // The start is the line between "unused" and "after the session".
    assert_eq!(at(paid(), S - 1).basis, Some(Basis::Unused));
    assert!(!at(paid(), S).eligible);
    // No capture time: no request.
    assert!(
        !at(
            RefundFacts {
                captured_at_ms: None,
                ..paid()
            },
            S - D
        )
        .eligible
    );
}

#[test]
fn other_cases_get_a_clear_no() {
    let late_cancel = RefundFacts {
        status: Status::Cancelled,
        cancelled_by: Some(Party::Learner),
        ..paid()
    };
    assert!(
        at(late_cancel, S - H)
            .message
            .contains("after the free cancellation period")
    );
    let rescheduling = RefundFacts {
        status: Status::NoShow,
        no_show_by: Some(Missed::Mentor),
        no_show_choice: Some(NoShowChoice::Reschedule),
        ..paid()
    };
    assert!(at(rescheduling, E).message.contains("new time"));
    for status in Status::ALL {
        let e = at(RefundFacts { status, ..paid() }, S - D);
        assert!(!e.message.is_empty());
        assert_eq!(e.eligible, status == Status::Confirmed, "{status:?}");
        if !e.eligible {
            assert_eq!((e.max_paise, e.basis, e.automatic), (0, None, false));
        }
    }
}

#[test]
fn the_partial_amount_rounds_down() {
    assert_eq!(partial_amount(150_000), 75_000);
    assert_eq!(partial_amount(99_999), 49_999);
    assert_eq!(partial_amount(1), 0);
    assert_eq!(partial_amount(-5), 0);
    assert_eq!(partial_amount(i64::MAX), i64::MAX / 2);
}

#[test]
fn the_split_handles_odd_inputs_without_panicking() {
    assert_eq!(
        refund_split(0, 0, 0, 500),
        RefundSplit {
            commission_paise: 0,
            mentor_paise: 500
        }
    );
    assert_eq!(
        refund_split(1000, 150, 0, -5),
        RefundSplit {
            commission_paise: 0,
            mentor_paise: 0
        }
    );
    // Beyond the payment: no more commission than it had.
    assert_eq!(refund_split(1000, 150, 1000, 200).commission_paise, 0);
    assert_eq!(refund_split(1000, 150, 900, 200).commission_paise, 15);
    let _ = refund_split(i64::MAX, i64::MAX, i64::MAX, i64::MAX);
    // 1 paisa refunds of a 3-paisa payment with 1 paisa commission.
    let parts: Vec<i64> = (0..3)
        .map(|b| refund_split(3, 1, b, 1).commission_paise)
        .collect();
    assert_eq!(parts, vec![0, 0, 1]);
}

#[test]
fn approvals_are_checked_in_the_administrators_words() {
    assert_eq!(approve_problem(50_000, 150_000), None);
    assert_eq!(approve_problem(150_000, 150_000), None);
    assert_eq!(
        approve_problem(150_001, 150_000).as_deref(),
        Some("You can refund at most ₹1,500: what was paid less what was already refunded.")
    );
    assert_eq!(
        approve_problem(0, 150_000).as_deref(),
        Some("Enter an amount above ₹0.")
    );
    assert_eq!(
        approve_problem(-1, 150_000).as_deref(),
        Some("Enter an amount above ₹0.")
    );
    assert_eq!(
        approve_problem(1, 0).as_deref(),
        Some("Nothing is left to refund on this booking.")
    );
}

/// 2026-11-23 00:00 IST (a Monday) in ms since the epoch.
const MONDAY_IST: i64 = 1_795_392_000_000 - IST_OFFSET_MS;

#[test]
fn the_monday_constant_is_a_monday_midnight_in_kolkata() {
    // 2026-11-23T00:00+05:30 = 2026-11-22T18:30Z.
    assert_eq!(MONDAY_IST, 1_795_372_200_000);
    assert_eq!(
        crate::payouts::next_payout_ms(crate::payouts::Schedule::Weekly, MONDAY_IST - 1),
        MONDAY_IST
    );
}

#[test]
fn business_days_skip_weekends_in_kolkata() {
    let mon = MONDAY_IST;
    let fri = mon + 4 * D;
    assert_eq!(business_days_between(mon, mon + D - 1), 0);
    assert_eq!(business_days_between(mon, mon + D), 1);
    assert_eq!(business_days_between(mon + 10 * H, fri + 10 * H), 4);
    // Friday 18:00 to Monday 18:00: one business day.
    assert_eq!(business_days_between(fri + 18 * H, mon + 7 * D + 18 * H), 1);
    // A weekend adds nothing.
    assert_eq!(business_days_between(fri + 5 * D - 1, mon + 7 * D), 0);
    assert_eq!(business_days_between(mon + 5 * D, mon + 7 * D), 0);
    // Backwards: 0.
    assert_eq!(business_days_between(fri, mon), 0);
    assert_eq!(business_days_between(mon, mon + 14 * D), 10);
}

#[test]
fn a_review_is_due_five_business_days_later() {
    let mon = MONDAY_IST;
    // Monday 10:00 → the next Monday 10:00.
    assert_eq!(review_due_ms(mon + 10 * H), mon + 7 * D + 10 * H);
    // Wednesday 15:00 → Wednesday 15:00 a week later.
    assert_eq!(review_due_ms(mon + 2 * D + 15 * H), mon + 9 * D + 15 * H);
    // Saturday or Sunday → the end of the next Friday (Saturday 00:00 IST).
    assert_eq!(review_due_ms(mon + 5 * D + 3 * H), mon + 12 * D);
    assert_eq!(review_due_ms(mon + 6 * D + 23 * H), mon + 12 * D);
    // Monday 00:00 → that Friday's end.
    assert_eq!(review_due_ms(mon), mon + 5 * D);
    let _ = review_due_ms(i64::MAX);
    let _ = review_due_ms(i64::MIN);
}

#[test]
fn the_rules_numbers_are_published() {
    let r = refund_rules();
    assert_eq!(
        (
            r.window_days,
            r.partial_feedback_hours,
            r.partial_percent,
            r.review_days_min,
            r.review_days_max,
            r.payout_hold_days
        ),
        (7, 48, 50, 3, 5, 2)
    );
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn refunds_in_any_pieces_take_back_exactly_the_commission(
            gross in 1i64..=10_000_000,
            rate in 0u32..=10_000,
            cuts in proptest::collection::vec(1i64..=1_000_000, 1..8),
        ) {
            let c = crate::commission::split(crate::money::Paise::saturating_from(gross), rate).commission_paise;
            let (mut before, mut back) = (0i64, 0i64);
            for cut in cuts {
                let r = cut.min(gross - before);
                if r == 0 { break; }
                let s = refund_split(gross, c, before, r);
                prop_assert_eq!(s.commission_paise + s.mentor_paise, r);
                prop_assert!(s.commission_paise >= 0 && s.mentor_paise >= 0);
                before += r;
                back += s.commission_paise;
            }
            let last = refund_split(gross, c, before, gross - before);
            prop_assert_eq!(back + last.commission_paise, c);
            prop_assert!(back <= c);
        }

        #[test]
        fn the_review_is_due_after_exactly_five_business_days(t in 1_600_000_000_000i64..2_000_000_000_000) {
            let due = review_due_ms(t);
            prop_assert!(due > t);
            prop_assert_eq!(business_days_between(t, due), REVIEW_BUSINESS_DAYS_MAX);
            prop_assert_eq!(business_days_between(t, due - 1), REVIEW_BUSINESS_DAYS_MAX - 1);
            // At most a weekend beyond 5 calendar days... never more than 9.
            prop_assert!(due - t <= 9 * DAY_MS);
        }

        #[test]
        fn eligibility_never_offers_more_than_is_left(
            status in proptest::sample::select(Status::ALL.to_vec()),
            captured in 0i64..500_000,
            refunded in 0i64..500_000,
            owed in 0i64..500_000,
            now in -20i64..20,
            feedback in proptest::option::of(-2i64..20),
            open in any::<bool>(),
        ) {
            let f = RefundFacts {
                status, captured_paise: captured, refunded_paise: refunded, refund_owed_paise: owed,
                open_request: open, feedback_at_ms: feedback.map(|d| E + d * D / 2),
                ..paid()
            };
            let e = eligibility(&f, S + now * D / 2);
            prop_assert!(!e.message.is_empty());
            if e.eligible {
                prop_assert!(e.max_paise > 0 && e.max_paise <= captured - refunded);
                prop_assert!(!open);
                prop_assert_eq!(e.automatic, e.basis.is_some_and(Basis::is_automatic));
            } else {
                prop_assert_eq!(e.max_paise, 0);
            }
        }
    }
}

#[test]
fn the_partial_refund_is_of_what_the_session_cost_not_of_an_overpayment() {
    // Paid twice (300,000), the extra 150,000 owed and refunded: 50 % of 150,000.
    let f = RefundFacts {
        status: Status::Completed,
        feedback_at_ms: Some(E + H),
        captured_paise: 300_000,
        refund_owed_paise: 150_000,
        refunded_paise: 150_000,
        ..paid()
    };
    assert_eq!(at(f.clone(), E + 2 * H).max_paise, 75_000);
    // And 20,000 of the partial refund already made: 55,000 left.
    let g = RefundFacts {
        refunded_paise: 170_000,
        ..f
    };
    assert_eq!(at(g, E + 2 * H).max_paise, 55_000);
}

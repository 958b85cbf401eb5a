use proptest::prelude::*;

use super::*;

const M: i64 = MINUTE_MS;
const H: i64 = HOUR_MS;
const D: i64 = DAY_MS;
/// 2026-12-01T10:00:00Z.
const S: i64 = 1_796_119_200_000;
const E: i64 = S + H;

fn facts(status: Status) -> Facts {
    Facts {
        status,
        start_ms: S,
        end_ms: E,
        respond_by_ms: Some(S - 20 * H),
        pay_by_ms: Some(S - 19 * H),
        price_paise: 150_000,
        paid_paise: 0,
        has_feedback: false,
        reschedule_count: 0,
        no_show_by: None,
        no_show_choice: None,
        pay_window_minutes: DEFAULT_PAY_WINDOW_MINUTES,
        minimum_notice_minutes: 0,
    }
}

fn paid(status: Status) -> Facts {
    Facts {
        paid_paise: 150_000,
        ..facts(status)
    }
}

fn refused(r: Result<Change, Refusal>) -> String {
    r.expect_err("refused").message
}

// ---- start(): respond_by = min(now + 24 h, start − notice), kept ≥ now ----

#[test]
fn a_request_is_answered_within_24_hours_when_the_start_is_far() {
    let now = S - 10 * D;
    let o = start(150_000, false, now, S, 120, 240);
    assert_eq!(o.status, Status::Pending);
    assert_eq!(o.respond_by_ms, Some(now + 24 * H));
    assert_eq!(o.pay_by_ms, None);
}

#[test]
fn a_request_is_answered_by_the_start_minus_the_notice_when_sooner() {
    let now = S - 20 * H;
    let o = start(150_000, false, now, S, 120, 240);
    assert_eq!(o.respond_by_ms, Some(S - 2 * H));
    // Exactly where the two meet.
    let now = S - 26 * H;
    assert_eq!(
        start(0, false, now, S, 120, 240).respond_by_ms,
        Some(S - 2 * H)
    );
    assert_eq!(
        start(0, false, now - 1, S, 120, 240).respond_by_ms,
        Some(now - 1 + 24 * H)
    );
}

#[test]
fn a_request_inside_the_notice_still_gets_a_minute_but_never_past_the_start() {
    // The API refuses these; the rule still never gives a deadline in the past.
    let now = S - 30 * M;
    assert_eq!(
        start(150_000, false, now, S, 120, 240).respond_by_ms,
        Some(now + M)
    );
    let now = S - 20_000;
    assert_eq!(
        start(150_000, false, now, S, 120, 240).respond_by_ms,
        Some(S)
    );
    // A start already past: expired at once.
    let o = start(0, false, S + 5, S, 0, 240);
    assert_eq!(o.respond_by_ms, Some(S));
    let f = Facts {
        respond_by_ms: o.respond_by_ms,
        ..facts(o.status)
    };
    assert_eq!(current(&f, S + 5), Status::Expired);
}

#[test]
fn openings_by_price_and_instant_booking() {
    let now = S - 3 * D;
    assert_eq!(
        start(0, true, now, S, 60, 240),
        Opening {
            status: Status::Confirmed,
            respond_by_ms: None,
            pay_by_ms: None
        }
    );
    assert_eq!(start(0, false, now, S, 60, 240).status, Status::Pending);
    assert_eq!(
        start(1, true, now, S, 60, 240),
        Opening {
            status: Status::PaymentRequired,
            respond_by_ms: None,
            pay_by_ms: Some(now + 240 * M)
        }
    );
    // A negative price is no price.
    assert_eq!(start(-5, true, now, S, 60, 240).status, Status::Confirmed);
}

// ---- The unpaid hold never lasts past the start ----

#[test]
fn the_hold_never_lasts_past_the_start() {
    assert_eq!(
        start(150_000, true, S - 10 * M, S, 0, 240).pay_by_ms,
        Some(S),
        "instant"
    );
    let f = Facts {
        respond_by_ms: Some(S),
        ..facts(Status::Pending)
    };
    let c = transition(&f, Party::Mentor, &Request::Accept, S - 10 * M).expect("accept");
    assert_eq!(c.status, Status::PaymentRequired);
    assert_eq!(c.pay_by_ms, Some(S));
    let c = transition(&f, Party::Mentor, &Request::Accept, S - 5 * H).expect("accept");
    assert_eq!(c.pay_by_ms, Some(S - H));
    // A hold without a pay_by still ends at the start.
    let f = Facts {
        pay_by_ms: None,
        ..facts(Status::PaymentRequired)
    };
    assert_eq!(current(&f, S - 1), Status::PaymentRequired);
    assert_eq!(current(&f, S), Status::Expired);
}

#[test]
fn accepting_a_free_or_fully_paid_request_confirms_it() {
    let free = Facts {
        price_paise: 0,
        ..facts(Status::Pending)
    };
    let c = transition(&free, Party::Mentor, &Request::Accept, S - D).expect("accept");
    assert_eq!(c.status, Status::Confirmed);
    assert_eq!(c.pay_by_ms, free.pay_by_ms);
}

#[test]
fn deadlines_are_over_the_moment_they_are_reached() {
    let f = facts(Status::Pending);
    let rb = S - 20 * H;
    assert_eq!(current(&f, rb - 1), Status::Pending);
    assert_eq!(current(&f, rb), Status::Expired);
    assert!(transition(&f, Party::Mentor, &Request::Accept, rb - 1).is_ok());
    assert!(refused(transition(&f, Party::Mentor, &Request::Accept, rb)).contains("expired"));
    let f = facts(Status::PaymentRequired);
    assert_eq!(current(&f, S - 19 * H - 1), Status::PaymentRequired);
    assert_eq!(current(&f, S - 19 * H), Status::Expired);
    let f = facts(Status::Confirmed);
    assert_eq!(current(&f, E - 1), Status::Confirmed);
    assert_eq!(current(&f, E), Status::Completed);
    assert_eq!(
        transition(&f, Party::Admin, &Request::Complete, E)
            .expect("complete")
            .status,
        Status::Completed
    );
    assert!(transition(&f, Party::Admin, &Request::Complete, E - 1).is_err());
    assert!(transition(&f, Party::Admin, &Request::Expire, E).is_err());
    let f = facts(Status::Pending);
    assert_eq!(
        transition(&f, Party::Admin, &Request::Expire, rb)
            .expect("expire")
            .status,
        Status::Expired
    );
}

// ---- Cancellation ----

#[test]
fn the_mentor_can_cancel_until_the_start_and_the_learner_is_owed_everything() {
    let f = paid(Status::Confirmed);
    for now in [S - 10 * D, S - H, S - 1] {
        let c = transition(&f, Party::Mentor, &Request::Cancel, now).expect("cancel");
        assert_eq!(c.status, Status::Cancelled);
        assert_eq!(c.cancelled_by, Some(Party::Mentor));
        assert_eq!(c.refund_owed_paise, 150_000);
    }
    assert!(refused(transition(&f, Party::Mentor, &Request::Cancel, S)).contains("started"));
    // A pending request is declined, not cancelled.
    let p = facts(Status::Pending);
    assert!(refused(transition(&p, Party::Mentor, &Request::Cancel, S - D)).contains("Decline"));
}

#[test]
fn the_learner_cancels_a_confirmed_session_up_to_12_hours_before() {
    let f = paid(Status::Confirmed);
    let c = transition(&f, Party::Learner, &Request::Cancel, S - 12 * H - 1).expect("cancel");
    assert_eq!(c.refund_owed_paise, 150_000);
    assert_eq!(c.cancelled_by, Some(Party::Learner));
    assert_eq!(
        refused(transition(&f, Party::Learner, &Request::Cancel, S - 12 * H)),
        "This session can no longer be cancelled: cancellations close 12 hours before the start. If something came up, message your mentor; if the mentor does not come, report it from this page 10 minutes after the start."
    );
    // A request or an unpaid hold: until it ends, nothing owed.
    let c = transition(
        &facts(Status::PaymentRequired),
        Party::Learner,
        &Request::Cancel,
        S - 19 * H - 1,
    )
    .expect("cancel");
    assert_eq!(c.refund_owed_paise, 0);
}

#[test]
fn an_administrator_cancels_any_active_booking_before_its_end() {
    let f = paid(Status::Confirmed);
    let c = transition(&f, Party::Admin, &Request::Cancel, E - 1).expect("cancel");
    assert_eq!(
        (c.cancelled_by, c.refund_owed_paise),
        (Some(Party::Admin), 150_000)
    );
    assert!(transition(&f, Party::Admin, &Request::Cancel, E).is_err());
    for s in [
        Status::Cancelled,
        Status::Expired,
        Status::NoShow,
        Status::Completed,
    ] {
        assert!(transition(&paid(s), Party::Admin, &Request::Cancel, S - D).is_err());
    }
}

// ---- Rescheduling ----

fn to(start_ms: i64) -> Request {
    Request::Reschedule {
        start_ms,
        end_ms: start_ms + H,
    }
}

#[test]
fn each_side_reschedules_within_its_notice() {
    let f = facts(Status::Confirmed);
    let later = to(S + 7 * D);
    assert!(transition(&f, Party::Learner, &later, S - 12 * H - 1).is_ok());
    assert!(
        refused(transition(&f, Party::Learner, &later, S - 12 * H)).contains("12 hours before")
    );
    assert!(transition(&f, Party::Mentor, &later, S - 2 * H - 1).is_ok());
    assert!(refused(transition(&f, Party::Mentor, &later, S - 2 * H)).contains("2 hours before"));
    assert!(transition(&f, Party::Admin, &later, S - D).is_err());
    let c = transition(&f, Party::Mentor, &later, S - D).expect("reschedule");
    assert_eq!((c.status, c.rescheduled), (Status::Confirmed, true));
}

#[test]
fn a_session_is_rescheduled_at_most_three_times() {
    let later = to(S + 7 * D);
    let mut f = facts(Status::Confirmed);
    f.reschedule_count = MAX_RESCHEDULES - 1;
    assert!(transition(&f, Party::Learner, &later, S - D).is_ok());
    f.reschedule_count = MAX_RESCHEDULES;
    for party in [Party::Learner, Party::Mentor] {
        assert!(
            refused(transition(&f, party, &later, S - D)).contains("rescheduled 3 times"),
            "{party:?}"
        );
        assert!(!allowed_actions(&f, party, S - D).contains(&Action::Reschedule));
    }
}

#[test]
fn the_new_time_is_in_the_future_and_ends_after_it_starts() {
    let f = facts(Status::Confirmed);
    let now = S - D;
    assert!(refused(transition(&f, Party::Learner, &to(now), now)).contains("future"));
    assert!(transition(&f, Party::Learner, &to(now + 1), now).is_ok());
    let backwards = Request::Reschedule {
        start_ms: now + D,
        end_ms: now + D,
    };
    assert!(refused(transition(&f, Party::Learner, &backwards, now)).contains("end after"));
}

#[test]
fn after_a_mentor_no_show_the_learner_reschedules_without_notice_or_limit() {
    let f = Facts {
        no_show_by: Some(Missed::Mentor),
        no_show_choice: Some(NoShowChoice::Reschedule),
        reschedule_count: MAX_RESCHEDULES,
        ..paid(Status::NoShow)
    };
    let now = S + 3 * D;
    let c = transition(&f, Party::Learner, &to(now + D), now).expect("reschedule");
    assert_eq!((c.status, c.rescheduled), (Status::Confirmed, true));
    assert_eq!(c.refund_owed_paise, 0);
    assert!(transition(&f, Party::Mentor, &to(now + D), now).is_err());
    assert!(transition(&f, Party::Learner, &to(now), now).is_err());
    // Not after a refund choice, nor after the learner's own no-show.
    let refund = Facts {
        no_show_choice: Some(NoShowChoice::Refund),
        ..f.clone()
    };
    assert!(transition(&refund, Party::Learner, &to(now + D), now).is_err());
    let learner_missed = Facts {
        no_show_by: Some(Missed::Learner),
        no_show_choice: None,
        ..f
    };
    assert!(transition(&learner_missed, Party::Learner, &to(now + D), now).is_err());
}

// ---- No-show window ----

#[test]
fn a_no_show_is_reported_from_10_minutes_until_48_hours_after_the_start() {
    let f = paid(Status::Confirmed);
    let refund = Request::NoShow {
        choice: Some(NoShowChoice::Refund),
    };
    let opens = S + 10 * M;
    let closes = S + 48 * H;
    assert!(refused(transition(&f, Party::Learner, &refund, opens - 1)).contains("10 minutes"));
    let c = transition(&f, Party::Learner, &refund, opens).expect("no-show");
    assert_eq!(c.status, Status::NoShow);
    assert_eq!(c.no_show_by, Some(Missed::Mentor));
    assert_eq!(c.no_show_choice, Some(NoShowChoice::Refund));
    assert_eq!(c.refund_owed_paise, 150_000);
    // Completed by then, still reportable.
    assert_eq!(current(&f, closes - 1), Status::Completed);
    assert!(transition(&f, Party::Learner, &refund, closes - 1).is_ok());
    assert!(refused(transition(&f, Party::Learner, &refund, closes)).contains("48 hours"));
    // The mentor reports the learner: no refund, no choice.
    let c =
        transition(&f, Party::Mentor, &Request::NoShow { choice: None }, opens).expect("no-show");
    assert_eq!(
        (c.no_show_by, c.no_show_choice, c.refund_owed_paise),
        (Some(Missed::Learner), None, 0)
    );
}

#[test]
fn a_no_show_needs_a_choice_no_feedback_and_no_earlier_report() {
    let f = paid(Status::Confirmed);
    let now = S + H;
    assert!(
        refused(transition(
            &f,
            Party::Learner,
            &Request::NoShow { choice: None },
            now
        ))
        .contains("full refund")
    );
    let c = transition(
        &f,
        Party::Learner,
        &Request::NoShow {
            choice: Some(NoShowChoice::Reschedule),
        },
        now,
    )
    .expect("no-show");
    assert_eq!(c.refund_owed_paise, 0);
    let reviewed = Facts {
        has_feedback: true,
        ..paid(Status::Completed)
    };
    assert!(
        transition(
            &reviewed,
            Party::Mentor,
            &Request::NoShow { choice: None },
            now
        )
        .is_err()
    );
    let reported = Facts {
        no_show_by: Some(Missed::Learner),
        ..paid(Status::NoShow)
    };
    assert!(
        refused(transition(
            &reported,
            Party::Learner,
            &Request::NoShow {
                choice: Some(NoShowChoice::Refund)
            },
            now
        ))
        .contains("already")
    );
    assert!(transition(&f, Party::Admin, &Request::NoShow { choice: None }, now).is_err());
}

#[test]
fn feedback_once_after_the_session_for_30_days() {
    let f = facts(Status::Confirmed);
    assert!(transition(&f, Party::Learner, &Request::Feedback, E - 1).is_err());
    let c = transition(&f, Party::Learner, &Request::Feedback, E).expect("feedback");
    assert_eq!(c.status, Status::Completed);
    assert!(transition(&f, Party::Learner, &Request::Feedback, E + 30 * D - 1).is_ok());
    assert!(transition(&f, Party::Learner, &Request::Feedback, E + 30 * D).is_err());
    assert!(transition(&f, Party::Mentor, &Request::Feedback, E).is_err());
    let given = Facts {
        has_feedback: true,
        ..facts(Status::Completed)
    };
    assert!(refused(transition(&given, Party::Learner, &Request::Feedback, E)).contains("already"));
}

#[test]
fn names_round_trip() {
    for s in Status::ALL {
        assert_eq!(Status::parse(s.as_str()), Some(s));
        assert_eq!(
            serde_json::to_value(s).expect("json"),
            serde_json::json!(s.as_str())
        );
    }
    for a in Action::ALL {
        assert_eq!(Action::parse(a.as_str()), Some(a));
        assert_eq!(
            serde_json::to_value(a).expect("json"),
            serde_json::json!(a.as_str())
        );
    }
    assert_eq!(Status::parse("Pending"), None);
    assert!(Status::Confirmed.is_active() && !Status::NoShow.is_active());
}

// ---- The table, read again directly from BOOKING.md §1 ----

/// `current`, written independently.
fn oracle_current(f: &Facts, now: i64) -> Status {
    match f.status {
        Status::Pending if now >= f.respond_by_ms.unwrap_or(f.start_ms).min(f.start_ms) => {
            Status::Expired
        }
        Status::PaymentRequired if now >= f.pay_by_ms.unwrap_or(f.start_ms).min(f.start_ms) => {
            Status::Expired
        }
        Status::Confirmed if now >= f.end_ms => Status::Completed,
        s => s,
    }
}

/// The allowed actions as the contract states them.
fn oracle(f: &Facts, party: Party, now: i64) -> Vec<Action> {
    use Status::*;
    let cur = oracle_current(f, now);
    let (s, e) = (f.start_ms, f.end_ms);
    let (learner, mentor) = (party == Party::Learner, party == Party::Mentor);
    let after_mentor_no_show = f.status == NoShow
        && f.no_show_by == Some(Missed::Mentor)
        && f.no_show_choice == Some(NoShowChoice::Reschedule);
    let allowed = |a: Action| match a {
        Action::Accept | Action::Decline => mentor && cur == Pending,
        Action::Pay => learner && cur == PaymentRequired,
        Action::Cancel => match party {
            Party::Learner => {
                (matches!(cur, Pending | PaymentRequired) && now < s)
                    || (cur == Confirmed && now < s - 12 * H)
            }
            Party::Mentor => matches!(cur, PaymentRequired | Confirmed) && now < s,
            Party::Admin => cur.is_active() && now < e,
        },
        Action::Reschedule => {
            (cur == Confirmed
                && f.reschedule_count < 3
                && ((learner && now < s - 12 * H) || (mentor && now < s - 2 * H)))
                || (learner && after_mentor_no_show)
        }
        Action::Join => {
            !matches!(party, Party::Admin) && cur == Confirmed && now >= s - 10 * M && now < e
        }
        Action::NoShow => {
            (learner || mentor)
                && matches!(f.status, Confirmed | Completed)
                && now >= s + 10 * M
                && now < s + 48 * H
                && !f.has_feedback
        }
        Action::Feedback => learner && cur == Completed && !f.has_feedback && now < e + 30 * D,
        Action::Refund => false,
    };
    Action::ALL.into_iter().filter(|&a| allowed(a)).collect()
}

/// Every boundary of the table, just before, at and just after.
fn time_grid(f: &Facts) -> Vec<i64> {
    let (s, e) = (f.start_ms, f.end_ms);
    let mut points = vec![
        s - 12 * H,
        s - 2 * H,
        s - 10 * M,
        s,
        s + 10 * M,
        e,
        s + 48 * H,
        e + 30 * D,
        s - 10 * D,
        e + 90 * D,
    ];
    points.extend(f.respond_by_ms);
    points.extend(f.pay_by_ms);
    points.into_iter().flat_map(|t| [t - 1, t, t + 1]).collect()
}

fn every_facts() -> Vec<Facts> {
    let mut all = Vec::new();
    for status in Status::ALL {
        for (price, paid) in [(0, 0), (150_000, 0), (150_000, 150_000), (150_000, 200_000)] {
            for has_feedback in [false, true] {
                for reschedule_count in [0, 2, 3] {
                    for (no_show_by, no_show_choice) in [
                        (None, None),
                        (Some(Missed::Mentor), Some(NoShowChoice::Reschedule)),
                        (Some(Missed::Mentor), Some(NoShowChoice::Refund)),
                        (Some(Missed::Learner), None),
                    ] {
                        for (respond_by_ms, pay_by_ms) in
                            [(Some(S - 20 * H), Some(S - 19 * H)), (None, None)]
                        {
                            all.push(Facts {
                                status,
                                start_ms: S,
                                end_ms: E,
                                respond_by_ms,
                                pay_by_ms,
                                price_paise: price,
                                paid_paise: paid,
                                has_feedback,
                                reschedule_count,
                                no_show_by,
                                no_show_choice,
                                pay_window_minutes: DEFAULT_PAY_WINDOW_MINUTES,
                                minimum_notice_minutes: 0,
                            });
                        }
                    }
                }
            }
        }
    }
    all
}

/// `allowed_actions` agrees with `transition` (every allowed action
/// succeeds, every other one is refused with a message) and with the
/// contract's table, at every boundary of every kind of booking.
#[test]
fn the_allowed_actions_are_the_table_and_agree_with_the_transitions() {
    let mut checked = 0;
    for f in every_facts() {
        for now in time_grid(&f) {
            assert_eq!(current(&f, now), oracle_current(&f, now), "{f:?} at {now}");
            for party in Party::ALL {
                let allowed = allowed_actions(&f, party, now);
                assert_eq!(allowed, oracle(&f, party, now), "{f:?} {party:?} at {now}");
                check_agreement(&f, party, now, &allowed);
                checked += 1;
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

fn check_agreement(f: &Facts, party: Party, now: i64, allowed: &[Action]) {
    for action in Action::ALL {
        let Some(request) = sample_request(action, party, now) else {
            assert_eq!(
                allowed.contains(&action),
                action == Action::Join && may_join(f, party, now)
            );
            continue;
        };
        match transition(f, party, &request, now) {
            Ok(c) => {
                assert!(
                    allowed.contains(&action),
                    "{action:?} {f:?} {party:?} {now}"
                );
                assert!(c.refund_owed_paise >= 0 && c.refund_owed_paise <= f.paid_paise.max(0));
                assert_eq!(c.cancelled_by.is_some(), c.status == Status::Cancelled);
                assert!(
                    c.pay_by_ms
                        .is_none_or(|p| p <= f.start_ms || Some(p) == f.pay_by_ms)
                );
            }
            Err(r) => {
                assert!(
                    !allowed.contains(&action),
                    "{action:?} {f:?} {party:?} {now}"
                );
                assert!(
                    r.message.ends_with('.') || r.message.ends_with('!'),
                    "{}",
                    r.message
                );
                assert!(r.message.len() > 20);
            }
        }
    }
}

fn any_status() -> impl Strategy<Value = Status> {
    prop::sample::select(Status::ALL.to_vec())
}

fn any_party() -> impl Strategy<Value = Party> {
    prop::sample::select(Party::ALL.to_vec())
}

fn any_request() -> impl Strategy<Value = Request> {
    prop_oneof![
        Just(Request::Accept),
        Just(Request::Decline),
        Just(Request::Pay),
        Just(Request::Cancel),
        (any::<i64>(), any::<i64>())
            .prop_map(|(start_ms, end_ms)| Request::Reschedule { start_ms, end_ms }),
        prop::option::of(prop::sample::select(vec![
            NoShowChoice::Refund,
            NoShowChoice::Reschedule
        ]))
        .prop_map(|choice| Request::NoShow { choice }),
        Just(Request::Feedback),
        Just(Request::Complete),
        Just(Request::Expire),
    ]
}

proptest! {
    /// Any numbers at all (extreme times included): no panic, and the
    /// listed actions are exactly those `transition` accepts.
    #[test]
    fn nothing_panics_and_the_list_agrees(
        status in any_status(),
        party in any_party(),
        start_ms in any::<i64>(),
        length in any::<i64>(),
        respond_by in prop::option::of(any::<i64>()),
        pay_by in prop::option::of(any::<i64>()),
        price in any::<i64>(),
        paid in any::<i64>(),
        has_feedback in any::<bool>(),
        reschedule_count in any::<u32>(),
        now in any::<i64>(),
        request in any_request(),
    ) {
        let f = Facts {
            status,
            start_ms,
            end_ms: start_ms.saturating_add(length),
            respond_by_ms: respond_by,
            pay_by_ms: pay_by,
            price_paise: price,
            paid_paise: paid,
            has_feedback,
            reschedule_count,
            no_show_by: None,
            no_show_choice: None,
            pay_window_minutes: reschedule_count,
            minimum_notice_minutes: reschedule_count / 2,
        };
        let _ = transition(&f, party, &request, now);
        let allowed = allowed_actions(&f, party, now);
        for action in Action::ALL {
            if let Some(request) = sample_request(action, party, now) {
                prop_assert_eq!(allowed.contains(&action), transition(&f, party, &request, now).is_ok());
            }
        }
        let _ = start(price, has_feedback, now, start_ms, reschedule_count, reschedule_count);
    }

    /// The opening's deadlines: never past the start (unless the start is
    /// already past, when they are the start), and a request has at least a
    /// minute when there is one before the start.
    #[test]
    fn openings_keep_their_deadlines_in_order(
        now in -1_000_000_000_000_000i64..1_000_000_000_000_000,
        ahead in -10 * D..60 * D,
        notice in 0u32..100_000,
        price in 0i64..1_000_000,
        instant in any::<bool>(),
        window in 0u32..100_000,
    ) {
        let s = now + ahead;
        let o = start(price, instant, now, s, notice, window);
        if let Some(r) = o.respond_by_ms {
            prop_assert!(r <= s);
            prop_assert!(r <= now + 24 * H);
            prop_assert!(r >= (now + M).min(s));
        }
        if let Some(p) = o.pay_by_ms {
            prop_assert!(p <= s);
            prop_assert!(p <= (now + i64::from(window) * M).max(now + M));
            prop_assert!(p >= (now + M).min(s));
        }
    }
}

// ---- the pay window (PAY_WINDOW_MINUTES) -------------------------------

#[test]
fn the_pay_window_is_the_setting_by_default_240_minutes() {
    let f = Facts {
        respond_by_ms: Some(S),
        ..facts(Status::Pending)
    };
    let now = S - 2 * D;
    let c = transition(&f, Party::Mentor, &Request::Accept, now).expect("accept");
    assert_eq!(c.pay_by_ms, Some(now + 240 * M));
    let short = Facts {
        pay_window_minutes: 45,
        ..f
    };
    let c = transition(&short, Party::Mentor, &Request::Accept, now).expect("accept");
    assert_eq!(c.pay_by_ms, Some(now + 45 * M));
    assert_eq!(
        start(150_000, true, now, S, 0, 90).pay_by_ms,
        Some(now + 90 * M)
    );
}

#[test]
fn the_pay_window_never_runs_past_the_start_minus_the_notice() {
    let f = Facts {
        respond_by_ms: Some(S),
        minimum_notice_minutes: 120,
        ..facts(Status::Pending)
    };
    // Accepted 3 hours before: 240 minutes would pass the start; the notice
    // (2 hours) leaves one hour.
    let c = transition(&f, Party::Mentor, &Request::Accept, S - 3 * H).expect("accept");
    assert_eq!(c.pay_by_ms, Some(S - 2 * H));
    assert_eq!(
        start(150_000, true, S - 3 * H, S, 120, 240).pay_by_ms,
        Some(S - 2 * H)
    );
    // Inside the notice: still a minute, never past the start.
    assert_eq!(pay_until(S - 30 * M, S, 240, 120), S - 29 * M);
    assert_eq!(pay_until(S - 30 * 1000, S, 240, 120), S);
}

use super::*;

#[test]
fn every_body_is_declared_once_and_names_each_field_once() {
    let mut schemas: Vec<&str> = BODIES.iter().map(|b| b.schema).collect();
    schemas.sort_unstable();
    schemas.dedup();
    assert_eq!(schemas.len(), BODIES.len(), "a schema declared twice");
    for b in BODIES {
        let mut names: Vec<&str> = b.fields.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), b.fields.len(), "{}: a field twice", b.schema);
    }
    assert_eq!(
        body("NewBookingBody").map(|b| b.required()),
        Some(vec!["service_id", "start"])
    );
    assert!(body("NoSuchBody").is_none());
}

#[test]
fn rules_serialise_as_json_schema_keywords() {
    let rule = serde_json::to_value(money::PAYOUT_DETAILS.fields[2].rule).expect("parsed");
    assert_eq!(
        rule,
        serde_json::json!({ "enum": ["", "weekly", "monthly"] })
    );
    let price = mentoring::MENTOR_SERVICE.fields[2].rule;
    assert_eq!(
        serde_json::to_value(price).expect("parsed"),
        serde_json::json!({ "minimum": 0, "maximum": 10_000_000, "multipleOf": 100 })
    );
    assert!(Rule::NONE.is_empty());
    assert!(!Rule::DATE_TIME.is_empty());
}

/// The field errors of `pairs`, in djoser's shape (the parsers' tests
/// compare whole answers with it).
pub(super) fn errors(pairs: &[(&str, &str)]) -> FieldErrors {
    let mut out = FieldErrors::new();
    for (field, message) in pairs {
        out.entry((*field).to_owned())
            .or_default()
            .push((*message).to_owned());
    }
    out
}

#[test]
fn a_new_booking_needs_its_service_and_a_start_and_a_short_note() {
    let ok = bookings::parse_new_booking(
        Some(4),
        Some(" 2026-11-25T10:00:00+05:30 "),
        Some("  hi\r\n "),
    )
    .expect("parsed");
    assert_eq!(ok.service_id, 4);
    assert_eq!(ok.start.to_rfc3339(), "2026-11-25T04:30:00+00:00");
    assert_eq!(ok.note, "hi");
    assert_eq!(
        bookings::parse_new_booking(None, Some("tomorrow"), Some(&"x".repeat(1001))),
        Err(errors(&[
            ("service_id", crate::accounts::REQUIRED),
            ("start", INSTANT_FORMAT),
            ("note", "Keep the note to 1000 characters or fewer."),
        ]))
    );
    assert_eq!(
        bookings::parse_new_booking(Some(1), Some("  "), None),
        Err(errors(&[("start", crate::accounts::REQUIRED)]))
    );
    // 1000 characters (not bytes) is within the limit.
    assert!(
        bookings::parse_new_booking(
            Some(1),
            Some("2026-11-25T10:00:00Z"),
            Some(&"é".repeat(1000))
        )
        .is_ok()
    );
}

#[test]
fn reasons_are_cleaned_optional_and_limited() {
    assert_eq!(bookings::parse_reason(None), Ok(None));
    assert_eq!(bookings::parse_reason(Some("  \n ")), Ok(None));
    assert_eq!(
        bookings::parse_reason(Some(" busy ")),
        Ok(Some("busy".into()))
    );
    assert_eq!(
        bookings::parse_reason(Some(&"r".repeat(1001))),
        Err(errors(&[(
            "reason",
            "Keep the reason to 1000 characters or fewer."
        )]))
    );
}

#[test]
fn no_show_contest_and_decision_bodies() {
    assert_eq!(
        bookings::parse_no_show(Some("later"), None),
        Err(errors(&[("choice", "Choose refund or reschedule.")]))
    );
    let report = bookings::parse_no_show(Some("reschedule"), Some(" late ")).expect("parsed");
    assert_eq!(
        report.choice,
        Some(crate::booking::NoShowChoice::Reschedule)
    );
    assert_eq!(report.statement.as_deref(), Some("late"));
    assert!(bookings::parse_contest_statement(Some("   ")).is_err());
    assert_eq!(
        bookings::parse_contest_statement(Some(&"s".repeat(1001))),
        Err(errors(&[(
            "statement",
            "Keep the statement to 1000 characters or fewer."
        )]))
    );
    assert_eq!(
        bookings::parse_decide(Some("nobody"), None, None),
        Err(errors(&[(
            "outcome",
            "Choose mentor_missed, learner_missed or partial."
        )]))
    );
    let d = bookings::parse_decide(Some("partial"), Some(500), Some(" half ")).expect("parsed");
    assert_eq!(
        (d.outcome, d.amount_paise, d.reason.as_str()),
        (crate::no_show::Outcome::Partial, Some(500), "half")
    );
}

#[test]
fn feedback_needs_a_rating_from_one_to_five() {
    let stars = "Choose a rating from 1 to 5 stars.";
    assert_eq!(
        bookings::parse_feedback(None, None),
        Err(errors(&[("rating", stars)]))
    );
    assert_eq!(
        bookings::parse_feedback(Some(6), None),
        Err(errors(&[("rating", stars)]))
    );
    assert_eq!(
        bookings::parse_feedback(Some(0), Some(&"f".repeat(2001))),
        Err(errors(&[
            ("rating", stars),
            ("text", "Keep your feedback to 2000 characters or fewer."),
        ]))
    );
    let f = bookings::parse_feedback(Some(5), Some(" great ")).expect("parsed");
    assert_eq!((f.rating, f.text.as_str()), (5, "great"));
}

#[test]
fn refund_and_payout_bodies() {
    assert_eq!(money::parse_refund_request(None), Ok(String::new()));
    assert_eq!(
        money::parse_refund_request(Some(&"r".repeat(1001))),
        Err(errors(&[(
            "reason",
            "Keep the reason to 1000 characters or fewer."
        )]))
    );
    assert_eq!(
        money::parse_approve(None, Some(&"o".repeat(1001))),
        Err(errors(&[
            ("amount_paise", crate::accounts::REQUIRED),
            (
                "override_reason",
                "Keep the reason to 1000 characters or fewer."
            ),
        ]))
    );
    assert_eq!(
        money::parse_approve(Some(100), Some("  ")),
        Ok(money::Approval {
            amount_paise: 100,
            override_reason: None
        })
    );
    assert_eq!(
        money::parse_reject(Some(" ")),
        Err(errors(&[("reason", crate::accounts::REQUIRED)]))
    );
    assert_eq!(money::parse_reject(Some(" no ")), Ok("no".into()));
    assert_eq!(
        money::parse_payout_failed(Some(" bank \n said no ")),
        Ok("bank said no".into())
    );
    assert_eq!(
        money::parse_payout_failed(None),
        Err(errors(&[(
            "reason",
            "Say why the payout failed, for the mentor."
        )]))
    );
    assert_eq!(
        money::parse_payout_failed(Some(&"p".repeat(501))),
        Err(errors(&[("reason", "Keep the reason to 500 characters.")]))
    );
    assert_eq!(
        mentoring::parse_reject_application(Some("  ")),
        Err(errors(&[(
            "reason",
            "Say why the application is rejected: the applicant is told."
        )]))
    );
    assert_eq!(
        mentoring::parse_reject_application(Some(" thin ")),
        Ok("thin".into())
    );
}

#[test]
fn the_web_app_checks_booking_texts_as_the_api_does() {
    let limits = bookings::booking_form_limits();
    assert_eq!(
        (limits.note, limits.feedback),
        (bookings::NOTE_MAX, bookings::FEEDBACK_MAX)
    );
    assert_eq!(
        bookings::check_booking_text("note", &"n".repeat(1001)),
        Ok(bookings::TextCheck::Error {
            message: "Keep the note to 1000 characters or fewer.".into()
        })
    );
    assert_eq!(
        bookings::check_booking_text("feedback", " fine "),
        Ok(bookings::TextCheck::Ok {
            value: "fine".into()
        })
    );
    assert!(bookings::check_booking_text("title", "x").is_err());
}

#[test]
fn sign_in_refresh_and_link_bodies_need_their_fields_as_typed() {
    assert_eq!(
        accounts::parse_login(Some("a@b.in"), Some(" pw ")),
        Ok(("a@b.in", " pw "))
    );
    assert_eq!(
        accounts::parse_login(Some(" "), None),
        Err(errors(&[
            ("email", crate::accounts::REQUIRED),
            ("password", crate::accounts::REQUIRED),
        ]))
    );
    assert_eq!(accounts::parse_refresh(Some("r.t")), Ok("r.t"));
    assert_eq!(
        accounts::parse_refresh(None),
        Err(errors(&[("refresh", crate::accounts::REQUIRED)]))
    );
    assert_eq!(
        accounts::parse_link(Some("MQ"), Some("")),
        Err(errors(&[("token", crate::accounts::REQUIRED)]))
    );
}

#[test]
fn commission_bodies_say_each_override_by_its_position() {
    let out_of_range =
        "Enter a commission from 0 to 10000 basis points (0 % to 100 %); 10001 is out of range.";
    let draft = money::parse_commission(
        Some(10_001),
        Some(vec![
            money::OverrideInput {
                mentor_id: None,
                rate_bps: Some(100),
            },
            money::OverrideInput {
                mentor_id: Some(7),
                rate_bps: None,
            },
            money::OverrideInput {
                mentor_id: Some(7),
                rate_bps: Some(10_001),
            },
            money::OverrideInput {
                mentor_id: Some(7),
                rate_bps: Some(500),
            },
            money::OverrideInput {
                mentor_id: Some(7),
                rate_bps: Some(600),
            },
            money::OverrideInput {
                mentor_id: Some(9),
                rate_bps: Some(0),
            },
        ]),
    );
    assert_eq!(draft.mentors(), [7, 9]);
    assert_eq!(
        draft.known(&[9]),
        Err(errors(&[
            ("default_bps", out_of_range),
            ("overrides", "Override 1: choose a mentor."),
            ("overrides", "Override 2: enter a rate."),
            ("overrides", &format!("Override 3: {out_of_range}")),
            (
                "overrides",
                "Override 5: mentor 7 already has a rate above; give each mentor one."
            ),
            (
                "overrides",
                "There is no mentor 9; choose one from the list."
            ),
        ]))
    );
    let draft = money::parse_commission(Some(1200), None);
    assert!(draft.mentors().is_empty());
    assert_eq!(
        draft.known(&[]),
        Ok(money::CommissionChange {
            default_bps: Some(1200),
            overrides: None
        })
    );
    assert_eq!(
        money::parse_commission(None, Some(Vec::new())).known(&[]),
        Ok(money::CommissionChange {
            default_bps: None,
            overrides: Some(Vec::new())
        })
    );
    assert_eq!(money::parse_mentor_rate(Some(1000)), Ok(1000));
    assert_eq!(
        money::parse_mentor_rate(None),
        Err(errors(&[("rate_bps", crate::accounts::REQUIRED)]))
    );
    assert_eq!(
        money::parse_mentor_rate(Some(-1)),
        Err(errors(&[(
            "rate_bps",
            "Enter a commission from 0 to 10000 basis points (0 % to 100 %); -1 is out of range."
        )]))
    );
}

#[test]
fn payout_details_and_batches() {
    let bank = crate::payouts::PayoutDetailsInput {
        method: "bank".into(),
        beneficiary_name: "Asha Rao".into(),
        account_number: Some("1234 5678 90".into()),
        ifsc: Some("sbin0001234".into()),
        ..Default::default()
    };
    let details = money::parse_payout_details(&bank).expect("parsed");
    assert_eq!(details.account_number.as_deref(), Some("1234567890"));
    assert_eq!(details.ifsc.as_deref(), Some("SBIN0001234"));
    assert_eq!(
        money::parse_payout_details(&crate::payouts::PayoutDetailsInput {
            method: "bank".into(),
            beneficiary_name: "A".into(),
            schedule: "daily".into(),
            ..Default::default()
        }),
        Err(errors(&[
            ("account_number", "Enter your bank account number."),
            (
                "beneficiary_name",
                "Enter the account holder's name as the bank knows it (2 to 100 characters)."
            ),
            (
                "ifsc",
                "Enter your branch's IFSC (it is on your cheque book or passbook)."
            ),
            ("schedule", "Choose weekly or monthly payouts."),
        ]))
    );
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-25T10:00:00Z")
        .expect("an instant")
        .with_timezone(&chrono::Utc);
    assert_eq!(money::parse_payout_batch(None, now), Ok(now));
    let earlier = now - chrono::TimeDelta::days(1);
    assert_eq!(money::parse_payout_batch(Some(earlier), now), Ok(earlier));
    assert_eq!(
        money::parse_payout_batch(Some(now + chrono::TimeDelta::seconds(1)), now),
        Err(errors(&[(
            "period_end",
            "The period cannot end in the future."
        )]))
    );
}

#[test]
fn checkout_callbacks_and_sandbox_payments() {
    assert_eq!(
        money::parse_verify(" order_1 ", " pay_1 ", " sig "),
        Some(money::CheckoutCallback {
            order_id: "order_1",
            payment_id: "pay_1",
            signature: " sig ",
        })
    );
    assert_eq!(money::parse_verify("  ", "pay_1", "sig"), None);
    assert_eq!(money::parse_verify("order_1", "", "sig"), None);
    let long = "o".repeat(money::GATEWAY_ID_MAX + 1);
    assert_eq!(money::parse_verify(&long, "pay_1", "sig"), None);
    assert!(money::parse_verify(&long[1..], "pay_1", "sig").is_some());
    assert_eq!(money::parse_sandbox_pay(" upi "), Ok("upi"));
    assert_eq!(
        money::parse_sandbox_pay("bitcoin"),
        Err(errors(&[(
            "method",
            "Choose one of: upi, card, netbanking, wallet."
        )]))
    );
}

use super::*;

const H: i64 = 3_600_000;
const D: i64 = DAY_MS;
/// 2026-11-23 00:00 IST, a Monday.
const MONDAY_IST: i64 = 1_795_372_200_000;

fn bank(account: &str, ifsc: &str) -> PayoutDetailsInput {
    PayoutDetailsInput {
        method: "bank".into(),
        beneficiary_name: "  Asha Verma ".into(),
        account_number: Some(account.into()),
        ifsc: Some(ifsc.into()),
        upi_id: Some("ignored@upi".into()),
        schedule: String::new(),
        pan: None,
    }
}

fn upi(id: &str) -> PayoutDetailsInput {
    PayoutDetailsInput {
        method: "upi".into(),
        beneficiary_name: "Asha Verma".into(),
        account_number: Some("1234".into()),
        ifsc: None,
        upi_id: Some(id.into()),
        schedule: "monthly".into(),
        pan: None,
    }
}

fn fields(r: Result<PayoutDetails, Vec<(&'static str, String)>>) -> Vec<&'static str> {
    r.err()
        .unwrap_or_default()
        .into_iter()
        .map(|(f, _)| f)
        .collect()
}

#[test]
fn bank_details_are_normalized() {
    let d = check_payout_details(&bank("1234 5678 9012", " sbin0001234 ")).expect("valid");
    assert_eq!(
        d,
        PayoutDetails {
            method: Method::Bank,
            beneficiary_name: "Asha Verma".into(),
            account_number: Some("123456789012".into()),
            ifsc: Some("SBIN0001234".into()),
            upi_id: None,
            schedule: Schedule::Weekly,
            pan: None,
        }
    );
}

#[test]
fn ifsc_and_account_numbers_are_checked() {
    for good in ["HDFC0ABC123", "hdfc0abc123", "SBIN0001234"] {
        assert!(
            check_payout_details(&bank("123456789", good)).is_ok(),
            "{good}"
        );
    }
    for bad in [
        "SBIN1001234",
        "SBI00001234",
        "SBIN000123",
        "SBIN00012345",
        "SBIN0-01234",
        "ÄBIN0001234",
    ] {
        assert_eq!(
            fields(check_payout_details(&bank("123456789", bad))),
            vec!["ifsc"],
            "{bad}"
        );
    }
    assert!(check_payout_details(&bank(&"9".repeat(18), "SBIN0001234")).is_ok());
    for bad in [
        "12345678",
        &"9".repeat(19),
        "12345-6789",
        "１２３４５６７８９",
    ] {
        assert_eq!(
            fields(check_payout_details(&bank(bad, "SBIN0001234"))),
            vec!["account_number"],
            "{bad}"
        );
    }
    let missing = PayoutDetailsInput {
        account_number: None,
        ifsc: Some(" ".into()),
        ..bank("", "")
    };
    assert_eq!(
        fields(check_payout_details(&missing)),
        vec!["account_number", "ifsc"]
    );
}

#[test]
fn upi_ids_are_checked() {
    let d = check_payout_details(&upi(" rahul.k-1_x@okaxis ")).expect("valid");
    assert_eq!(d.upi_id.as_deref(), Some("rahul.k-1_x@okaxis"));
    assert_eq!(
        (d.account_number, d.ifsc, d.schedule),
        (None, None, Schedule::Monthly)
    );
    for bad in [
        "rahul",
        "r@okaxis",
        "rahul@o",
        "rahul@ok1axis",
        "ra hul@okaxis",
        "rahul@@okaxis",
        "rahul@okaxis@x",
        "",
    ] {
        assert_eq!(
            fields(check_payout_details(&upi(bad))),
            vec!["upi_id"],
            "{bad}"
        );
    }
    assert!(check_payout_details(&upi(&format!("{}@{}", "a".repeat(256), "b".repeat(64)))).is_ok());
    assert!(check_payout_details(&upi(&format!("{}@ok", "a".repeat(257)))).is_err());
}

#[test]
fn the_method_name_and_schedule_are_checked() {
    let i = PayoutDetailsInput {
        method: "cash".into(),
        beneficiary_name: "A".into(),
        schedule: "daily".into(),
        ..PayoutDetailsInput::default()
    };
    let errors = check_payout_details(&i).expect_err("invalid");
    assert_eq!(
        errors.iter().map(|e| e.0).collect::<Vec<_>>(),
        vec!["method", "beneficiary_name", "schedule"]
    );
    assert_eq!(
        errors[0].1,
        "Choose how you want to be paid: a bank account or UPI."
    );
    let control = PayoutDetailsInput {
        beneficiary_name: "Asha\nVerma".into(),
        ..upi("asha@okaxis")
    };
    assert_eq!(
        fields(check_payout_details(&control)),
        vec!["beneficiary_name"]
    );
    let long = PayoutDetailsInput {
        beneficiary_name: "é".repeat(101),
        ..upi("asha@okaxis")
    };
    assert_eq!(
        fields(check_payout_details(&long)),
        vec!["beneficiary_name"]
    );
    let ok = PayoutDetailsInput {
        beneficiary_name: "é".repeat(100),
        ..upi("asha@okaxis")
    };
    assert!(check_payout_details(&ok).is_ok());
}

#[test]
fn numbers_and_ids_are_masked() {
    assert_eq!(mask_account("123456789012"), "•••• •••• 9012");
    assert_eq!(mask_account("1234 5678 9"), "•••• •••• 6789");
    assert_eq!(mask_account("1234"), "••••");
    assert_eq!(mask_upi("rahul@okaxis"), "ra•••@okaxis");
    assert_eq!(mask_upi("ra@ybl"), "r•••@ybl");
    assert_eq!(mask_upi("nohandle"), "•••");
    assert_eq!(mask_upi("éèêë@upi"), "éè•••@upi");
}

fn fact(id: &str, net: i64, end: i64, completed: bool, refund_open: bool) -> EarningFact {
    EarningFact {
        booking_id: id.into(),
        net_paise: net,
        end_ms: end,
        completed,
        refund_open,
    }
}

#[test]
fn earnings_wait_two_days_and_while_a_refund_is_open() {
    let end = MONDAY_IST;
    assert_eq!(available_at_ms(end), end + 2 * D);
    let facts = [
        fact("a", 85_000, end, true, false),
        fact("b", 42_500, end + 4 * D, false, false),
    ];
    let balance = 127_500;
    assert_eq!(
        earnings(&facts, balance, end + 2 * D - 1),
        Earnings {
            pending_paise: 127_500,
            available_paise: 0,
            owed_paise: 0
        }
    );
    assert_eq!(
        earnings(&facts, balance, end + 2 * D),
        Earnings {
            pending_paise: 42_500,
            available_paise: 85_000,
            owed_paise: 0
        }
    );
    let open = [
        fact("a", 85_000, end, true, true),
        fact("b", 42_500, end + 4 * D, false, false),
    ];
    assert_eq!(earnings(&open, balance, end + 3 * D).available_paise, 0);
    // Session a paid out (balance −85,000), then refunded in full after the
    // payout (−85,000 more): the mentor owes it, and b's net will cover part.
    let after = [
        fact("a", 0, end, true, false),
        fact("b", 42_500, end + 4 * D, false, false),
    ];
    assert_eq!(
        earnings(&after, 42_500 - 85_000, end + 5 * D),
        Earnings {
            pending_paise: 42_500,
            available_paise: 0,
            owed_paise: 85_000
        }
    );
    assert_eq!(
        earnings(&[], 0, 0),
        Earnings {
            pending_paise: 0,
            available_paise: 0,
            owed_paise: 0
        }
    );
}

#[test]
fn payouts_are_on_monday_or_the_first_of_the_month_in_kolkata() {
    let mon = MONDAY_IST;
    assert_eq!(next_payout_ms(Schedule::Weekly, mon), mon + 7 * D);
    assert_eq!(next_payout_ms(Schedule::Weekly, mon - 1), mon);
    assert_eq!(
        next_payout_ms(Schedule::Weekly, mon + 3 * D + 5 * H),
        mon + 7 * D
    );
    // Sunday 23:59 IST is still that week.
    assert_eq!(
        next_payout_ms(Schedule::Weekly, mon + 7 * D - 60_000),
        mon + 7 * D
    );
    // 2026-12-01 00:00 IST = 2026-11-30T18:30Z.
    let dec1 = 1_796_083_200_000 - 5 * H - 30 * 60_000;
    assert_eq!(next_payout_ms(Schedule::Monthly, mon), dec1);
    assert_eq!(next_payout_ms(Schedule::Monthly, dec1 - 1), dec1);
    // 2027-01-01 00:00 IST.
    let jan1 = 1_798_761_600_000 - 5 * H - 30 * 60_000;
    assert_eq!(next_payout_ms(Schedule::Monthly, dec1), jan1);
    let _ = next_payout_ms(Schedule::Monthly, i64::MAX);
    let _ = next_payout_ms(Schedule::Weekly, i64::MIN);
}

#[test]
fn civil_dates_round_trip() {
    for z in (-800_000..800_000).step_by(997) {
        let (y, m, d) = civil_from_days(z);
        assert_eq!(days_from_civil(y, m, d), z);
    }
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(days_from_civil(2000, 3, 1), 11_017);
    assert_eq!(civil_from_days(days_from_civil(2024, 2, 29)), (2024, 2, 29));
}

#[test]
fn the_csv_and_references_are_exact() {
    assert_eq!(rupees_csv(123_450), "1234.50");
    assert_eq!(rupees_csv(5), "0.05");
    assert_eq!(rupees_csv(0), "0.00");
    assert_eq!(rupees_csv(-1_234), "-12.34");
    assert_eq!(rupees_csv(100_000_000), "1000000.00");
    assert_eq!(payout_reference(12, 34), "MMP-000012-000034");
    assert_eq!(payout_reference(1_234_567, 1), "MMP-1234567-000001");
}

#[test]
fn schedules_and_methods_round_trip() {
    for s in [Schedule::Weekly, Schedule::Monthly] {
        assert_eq!(Schedule::parse(s.as_str()), Some(s));
    }
    for m in [Method::Bank, Method::Upi] {
        assert_eq!(Method::parse(m.as_str()), Some(m));
    }
    assert_eq!(Schedule::default(), Schedule::Weekly);
    assert_eq!(Method::parse("Bank"), None);
}

// ---- PAN and TDS ----------------------------------------------------------

#[test]
fn a_pan_is_five_letters_four_digits_a_letter_with_a_holder_type() {
    assert_eq!(check_pan(" abcpe1234f ").as_deref(), Ok("ABCPE1234F"));
    for holder in PAN_HOLDER_TYPES.chars() {
        let pan = format!("ABC{holder}E1234F");
        assert!(check_pan(&pan).is_ok(), "{pan}");
    }
    for bad in [
        "",
        "ABCPE1234",
        "ABCPE12345",
        "ABCP11234F",
        "ABCPE123AF",
        "ABCPE1234FF",
        "ABCPÉ1234F",
        "1BCPE1234F",
    ] {
        assert_eq!(check_pan(bad), Err(PAN_FORMAT), "{bad}");
    }
    for bad in ["ABCXE1234F", "ABCDE1234F", "ABCZE1234F"] {
        assert_eq!(check_pan(bad), Err(PAN_HOLDER), "{bad}");
    }
    assert_eq!(mask_pan("ABCPE1234F"), "••••••234F");
}

#[test]
fn the_pan_is_checked_with_the_payout_details() {
    let with = PayoutDetailsInput {
        pan: Some(" abcpe1234f".into()),
        ..upi("asha@okaxis")
    };
    assert_eq!(
        check_payout_details(&with).expect("valid").pan.as_deref(),
        Some("ABCPE1234F")
    );
    let blank = PayoutDetailsInput {
        pan: Some("  ".into()),
        ..upi("asha@okaxis")
    };
    assert_eq!(check_payout_details(&blank).expect("valid").pan, None);
    let bad = PayoutDetailsInput {
        pan: Some("ABCXE1234F".into()),
        ..upi("asha@okaxis")
    };
    assert_eq!(fields(check_payout_details(&bad)), vec!["pan"]);
}

#[test]
fn tds_is_deducted_above_the_threshold_with_a_pan_and_on_everything_without() {
    let r = TdsRates::default();
    assert_eq!(
        (r.rate_bps, r.no_pan_rate_bps, r.threshold_paise),
        (10, 500, 50_000_000)
    );
    // Below the year's ₹5 lakh with a PAN: nothing.
    assert_eq!(tds_on(50_000, 0, true, &r).tds_paise, 0);
    // Crossing it: only the part above, at 0.1 %.
    let t = tds_on(100_000, 49_950_000, true, &r);
    assert_eq!((t.taxable_paise, t.rate_bps, t.tds_paise), (50_000, 10, 50));
    // Past it: the whole gross; 0.1 % of ₹500.55 is 50.055 paise: 50.
    assert_eq!(tds_on(50_055, 60_000_000, true, &r).tds_paise, 50);
    // 0.1 % of ₹500.50 is 50.05 paise, and of ₹505 50.5: half up to 51.
    assert_eq!(tds_on(50_500, 60_000_000, true, &r).tds_paise, 51);
    // Without a PAN: 5 % from the first rupee.
    let t = tds_on(50_000, 0, false, &r);
    assert_eq!(
        (t.taxable_paise, t.rate_bps, t.tds_paise),
        (50_000, 500, 2_500)
    );
    assert_eq!(tds_on(0, 0, false, &r).tds_paise, 0);
    assert_eq!(tds_on(-5, 0, false, &r).tds_paise, 0);
}

#[test]
fn a_refund_gives_back_tds_in_proportion_and_never_more() {
    // Half of ₹500 refunded: half of 2,500 paise.
    assert_eq!(tds_reversal(2_500, 50_000, 0, 25_000, 0), 1_250);
    // Then the rest: the remainder, exactly.
    assert_eq!(tds_reversal(2_500, 50_000, 25_000, 25_000, 1_250), 1_250);
    // A third, three times: 17, 16 (33.33 → 33 in all), 17 (50 in all).
    assert_eq!(tds_reversal(50, 30_000, 0, 10_000, 0), 17);
    assert_eq!(tds_reversal(50, 30_000, 10_000, 10_000, 17), 16);
    assert_eq!(tds_reversal(50, 30_000, 20_000, 10_000, 33), 17);
    // More than the gross, or nothing deducted: capped, or nothing.
    assert_eq!(tds_reversal(50, 30_000, 0, 99_000, 0), 50);
    assert_eq!(tds_reversal(0, 30_000, 0, 10_000, 0), 0);
    assert_eq!(tds_reversal(50, 0, 0, 10_000, 0), 0);
}

/// 2026-04-01 00:00 IST.
const FY_2026_START: i64 = 1_774_981_800_000;

#[test]
fn financial_years_and_quarters_run_april_to_march_in_india() {
    assert_eq!(financial_year(FY_2026_START), 2026);
    assert_eq!(financial_year(FY_2026_START - 1), 2025);
    assert_eq!(fy_quarter(FY_2026_START), 1);
    assert_eq!(fy_quarter(FY_2026_START - 1), 4);
    assert_eq!(fy_label(2026), "2026-27");
    assert_eq!(fy_label(2099), "2099-00");
    assert_eq!(parse_fy("2026-27"), Some(2026));
    for bad in ["2026-28", "2026", "26-27", "2026/27", "abcd-ef"] {
        assert_eq!(parse_fy(bad), None, "{bad}");
    }
    assert_eq!(parse_quarter("q3"), Some(3));
    assert_eq!(parse_quarter("Q5"), None);
    let (start, end) = quarter_bounds_ms(2026, 1);
    assert_eq!(start, FY_2026_START);
    assert_eq!(fy_quarter(end), 2);
    assert_eq!(fy_quarter(end - 1), 1);
    let (q3, q4) = quarter_bounds_ms(2026, 3);
    assert_eq!((fy_quarter(q3), fy_quarter(q4)), (3, 4));
    let (q4, next) = quarter_bounds_ms(2026, 4);
    assert_eq!((financial_year(q4), fy_quarter(q4)), (2026, 4));
    assert_eq!((financial_year(next), fy_quarter(next)), (2027, 1));
    // 2026-11-23 00:00 IST is in Q3 of 2026-27.
    assert_eq!(
        (financial_year(MONDAY_IST), fy_quarter(MONDAY_IST)),
        (2026, 3)
    );
}

#[test]
fn a_cancelled_session_is_cancelled_never_pending_until_its_future_end() {
    let day = 86_400_000;
    let now = 1_796_000_000_000;
    // Cancelled a week before it would have ended: not "pending until" a date.
    let future = fact("b1", 0, now + 7 * day, false, false);
    assert_eq!(earning_state(&future, true, now), EarningState::Cancelled);
    assert_eq!(earning_state(&future, false, now), EarningState::Pending);
    // Cancelled with a refund still on its way: cancelled too.
    let refunding = fact("b2", 90_000, now + day, false, true);
    assert_eq!(
        earning_state(&refunding, true, now),
        EarningState::Cancelled
    );
    // The other states are as before.
    let done = fact("b3", 90_000, now - 3 * day, true, false);
    assert_eq!(earning_state(&done, false, now), EarningState::Available);
    let held = fact("b4", 90_000, now - 3 * day, true, true);
    assert_eq!(earning_state(&held, false, now), EarningState::Held);
}

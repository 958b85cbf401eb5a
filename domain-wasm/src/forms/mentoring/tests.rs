use super::*;
use crate::accounts::REQUIRED;
use crate::forms::tests::errors;
use crate::mentoring::ProfileDraft;
use crate::slots::{Availability, DateOverride, Schedule, TimeRange};

const BIO: &str = "I have led product teams at three start-ups and love helping people ship.";

fn application() -> ApplicationInput {
    ApplicationInput {
        name: Some(" Asha  Rao ".into()),
        email: Some("Asha@Example.com".into()),
        phone: Some("+91 98765-43210".into()),
        expertise: Some(vec!["technology".into()]),
        experience_years: Some(12),
        bio: Some(BIO.into()),
        services: Some(vec![ApplicationServiceInput {
            title: Some("Career chat".into()),
            duration_minutes: Some(30),
            ..ApplicationServiceInput::default()
        }]),
        ..ApplicationInput::default()
    }
}

#[test]
fn an_application_is_cleaned_and_its_photo_trimmed() {
    let parsed = parse_application(application(), Some("  ph0to  ")).expect("parsed");
    assert_eq!(parsed.form.name, "Asha Rao");
    assert_eq!(parsed.form.email, "asha@example.com");
    assert_eq!(parsed.form.expertise, ["Technology"]);
    // A session's price left out is a free session.
    assert_eq!(parsed.form.services[0].price_paise, 0);
    assert_eq!(parsed.photo_id.as_deref(), Some("ph0to"));
    assert_eq!(
        parse_application(application(), Some("  "))
            .expect("parsed")
            .photo_id,
        None
    );
}

#[test]
fn an_application_needs_its_years_and_says_every_problem_at_once() {
    let mut input = application();
    input.experience_years = None;
    assert_eq!(
        parse_application(input, None),
        Err(errors(&[("experience_years", REQUIRED)]))
    );
    let mut input = application();
    input.experience_years = Some(61);
    input.phone = None;
    input.services = Some(vec![ApplicationServiceInput::default()]);
    assert_eq!(
        parse_application(input, None),
        Err(errors(&[
            (
                "experience_years",
                "Enter your years of experience, from 0 to 60."
            ),
            ("phone", REQUIRED),
            ("services", "Session 1: This field is required."),
            (
                "services",
                "Session 1: A session lasts from 15 to 180 minutes."
            ),
        ]))
    );
}

#[test]
fn a_guest_application_says_each_shared_message_once() {
    let registration: Result<&str, FieldErrors> = Err(errors(&[
        ("email", "Enter a valid email address."),
        ("password", "This password is too short."),
    ]));
    let mut input = application();
    input.email = Some("not an address".into());
    input.experience_years = None;
    assert_eq!(
        parse_guest_application(input, registration),
        Err(errors(&[
            ("email", "Enter a valid email address."),
            ("experience_years", REQUIRED),
            ("password", "This password is too short."),
        ]))
    );
    let guest = parse_guest_application(application(), Ok("account")).expect("parsed");
    assert_eq!(guest.registration, "account");
    assert_eq!(guest.contact_number.as_deref(), Some("+919876543210"));
    // A valid registration does not hide the application's errors.
    let mut input = application();
    input.bio = None;
    assert_eq!(
        parse_guest_application(input, Ok("account")),
        Err(errors(&[("bio", REQUIRED)]))
    );
}

fn new_service() -> ServiceEdit {
    ServiceEdit {
        title: Some(" Career   chat ".into()),
        duration_minutes: Some(30),
        price_paise: Some(0),
        ..ServiceEdit::default()
    }
}

#[test]
fn a_new_service_needs_its_terms_and_takes_the_defaults() {
    let free = parse_new_service(new_service()).expect("parsed");
    assert_eq!(free.title, "Career chat");
    assert!(free.active && free.instant_confirmation);
    let paid = parse_new_service(ServiceEdit {
        price_paise: Some(50_000),
        ..new_service()
    })
    .expect("parsed");
    assert!(paid.active && !paid.instant_confirmation);
    // A price left out is required; a duration left out is read as 0, and
    // the rule's word on it replaces "required".
    assert_eq!(
        parse_new_service(ServiceEdit::default()),
        Err(errors(&[
            (
                "duration_minutes",
                "A session lasts from 15 to 180 minutes."
            ),
            ("price_paise", REQUIRED),
            ("title", REQUIRED),
        ]))
    );
    assert_eq!(
        parse_new_service(ServiceEdit {
            price_paise: Some(12_345),
            ..new_service()
        }),
        Err(errors(&[(
            "price_paise",
            "Set the price in whole rupees, without paise."
        )]))
    );
}

#[test]
fn a_service_change_checks_the_terms_whole_and_switches_alone_not_at_all() {
    // Stored before the rule: a price with paise.
    let stored = ServiceFields {
        title: "Career chat".into(),
        description: String::new(),
        duration_minutes: 30,
        price_paise: 49_950,
        active: true,
        instant_confirmation: false,
    };
    let paused = parse_service_change(
        stored.clone(),
        ServiceEdit {
            active: Some(false),
            ..ServiceEdit::default()
        },
    )
    .expect("parsed");
    assert_eq!((paused.active, paused.price_paise), (false, 49_950));
    assert_eq!(
        parse_service_change(
            stored.clone(),
            ServiceEdit {
                title: Some("Go".into()),
                ..ServiceEdit::default()
            }
        ),
        Err(errors(&[
            (
                "price_paise",
                "Set the price in whole rupees, without paise."
            ),
            ("title", "Give the session a title of 3 to 100 characters."),
        ]))
    );
    let repriced = parse_service_change(
        stored,
        ServiceEdit {
            price_paise: Some(50_000),
            ..ServiceEdit::default()
        },
    )
    .expect("parsed");
    assert_eq!(
        (repriced.title.as_str(), repriced.price_paise),
        ("Career chat", 50_000)
    );
}

#[test]
fn a_profile_change_is_checked_with_the_stored_profile() {
    let stored = ProfileDraft {
        name: "Asha Rao".into(),
        bio: BIO.into(),
        expertise: vec!["Business".into()],
        experience_years: 12,
        ..ProfileDraft::default()
    };
    let changed = parse_mentor_profile(
        stored.clone(),
        ProfileEdit {
            headline: Some(" Product   leader ".into()),
            ..ProfileEdit::default()
        },
    )
    .expect("parsed");
    assert_eq!(
        (changed.headline.as_str(), changed.name.as_str()),
        ("Product leader", "Asha Rao")
    );
    assert_eq!(
        parse_mentor_profile(
            stored,
            ProfileEdit {
                headline: Some("h".repeat(151)),
                experience_years: Some(61),
                ..ProfileEdit::default()
            }
        ),
        Err(errors(&[
            (
                "experience_years",
                "Enter your years of experience, from 0 to 60."
            ),
            ("headline", "Keep this to 150 characters or fewer."),
        ]))
    );
}

fn availability() -> AvailabilityInput {
    AvailabilityInput {
        time_zone: Some("Asia/Kolkata".into()),
        weekly: vec![WeeklyInput {
            weekday: 0,
            start: "09:00".into(),
            end: "12:00".into(),
        }],
        booking_window_days: Some(30),
        ..AvailabilityInput::default()
    }
}

#[test]
fn an_availability_is_read_then_checked_by_the_rules() {
    let a = parse_availability(availability()).expect("parsed");
    assert_eq!((a.weekly[0].weekday, a.buffer_before_minutes), (0, 0));
    assert_eq!(a.slot_interval_minutes, None);
    // What cannot be read, every problem at once.
    assert_eq!(
        parse_availability(AvailabilityInput {
            time_zone: Some("  ".into()),
            weekly: vec![
                WeeklyInput {
                    weekday: -1,
                    ..WeeklyInput::default()
                },
                WeeklyInput {
                    weekday: 300,
                    ..WeeklyInput::default()
                },
            ],
            buffer_after_minutes: Some(-5),
            booking_window_days: None,
            ..AvailabilityInput::default()
        }),
        Err(errors(&[
            ("booking_window_days", REQUIRED),
            (
                "buffer_after_minutes",
                "Enter a whole number from 0, not -5."
            ),
            ("time_zone", REQUIRED),
            (
                "weekly",
                "Weekday -1 does not exist: use 0 for Monday through 6 for Sunday."
            ),
            (
                "weekly",
                "Weekday 300 does not exist: use 0 for Monday through 6 for Sunday."
            ),
        ]))
    );
    // Then the rules: the first refusal, under its field, as a sentence.
    assert_eq!(
        parse_availability(AvailabilityInput {
            time_zone: Some("Mars/Olympus".into()),
            ..availability()
        }),
        Err(errors(&[(
            "time_zone",
            "Unknown time zone \"Mars/Olympus\": use an IANA name such as Europe/London or Asia/Kolkata."
        )]))
    );
    assert_eq!(
        parse_availability(AvailabilityInput {
            weekly: vec![WeeklyInput {
                weekday: 7,
                start: "09:00".into(),
                end: "10:00".into(),
            }],
            ..availability()
        }),
        Err(errors(&[(
            "weekly",
            "Weekday 7 does not exist: use 0 for Monday through 6 for Sunday."
        )]))
    );
    let overlapping = parse_availability(AvailabilityInput {
        overrides: vec![DateOverride {
            date: "2026-12-01".into(),
            ranges: vec![
                TimeRange {
                    start: "09:00".into(),
                    end: "11:00".into(),
                },
                TimeRange {
                    start: "10:00".into(),
                    end: "12:00".into(),
                },
            ],
        }],
        ..availability()
    })
    .expect_err("refused");
    assert_eq!(overlapping.keys().collect::<Vec<_>>(), ["overrides"]);
}

#[test]
fn each_refusal_of_the_rules_has_its_field() {
    let base = Availability {
        time_zone: "Asia/Kolkata".into(),
        weekly: Vec::new(),
        overrides: Vec::new(),
        buffer_before_minutes: 0,
        buffer_after_minutes: 10,
        minimum_notice_minutes: 24 * 60,
        booking_window_days: 30,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    };
    assert!(Schedule::new(&base).is_ok());
    let field_of = |set: fn(&mut Availability)| {
        let mut a = base.clone();
        set(&mut a);
        slot_problem(&Schedule::new(&a).expect_err("refused"))
            .0
            .name
    };
    assert_eq!(
        field_of(|a| a.time_zone = "Mars/Olympus".into()),
        "time_zone"
    );
    assert_eq!(
        field_of(|a| a.booking_window_days = 0),
        "booking_window_days"
    );
    assert_eq!(
        field_of(|a| a.buffer_before_minutes = 999),
        "buffer_before_minutes"
    );
    assert_eq!(
        field_of(|a| a.buffer_after_minutes = 999),
        "buffer_after_minutes"
    );
    assert_eq!(
        field_of(|a| a.minimum_notice_minutes = 999_999),
        "minimum_notice_minutes"
    );
    assert_eq!(
        field_of(|a| a.max_sessions_per_day = Some(0)),
        "max_sessions_per_day"
    );
    assert_eq!(
        field_of(|a| a.slot_interval_minutes = Some(1)),
        "slot_interval_minutes"
    );
    let mut a = base.clone();
    a.booking_window_days = 0;
    let (_, message) = slot_problem(&Schedule::new(&a).expect_err("refused"));
    assert!(
        message.starts_with("The booking window must be from"),
        "{message}"
    );
    assert!(message.ends_with('.'));
}

#[test]
fn a_rejection_needs_its_reason() {
    assert_eq!(
        parse_reject_application(None),
        Err(errors(&[(
            "reason",
            "Say why the application is rejected: the applicant is told."
        )]))
    );
    assert_eq!(
        parse_reject_application(Some(&"r".repeat(1001))),
        Err(errors(&[(
            "reason",
            "Keep the reason to 1000 characters or fewer."
        )]))
    );
}

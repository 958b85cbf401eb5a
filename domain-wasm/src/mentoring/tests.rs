use proptest::prelude::*;

use super::*;
use crate::bindings::FromJson;
use crate::js::mentoring::instant_by_default_js;
use crate::json::Json;

fn service(title: &str, minutes: i64, paise: i64) -> ServiceDraft {
    ServiceDraft {
        title: title.into(),
        description: String::new(),
        duration_minutes: minutes,
        price_paise: paise,
    }
}

const BIO: &str = "I have led product teams at three start-ups and love helping people ship.";

fn application() -> ApplicationDraft {
    ApplicationDraft {
        name: "  Asha   Rao ".into(),
        email: " Asha@Example.COM".into(),
        phone: "+91 98765-43210".into(),
        expertise: vec![
            "technology".into(),
            " Product  Strategy ".into(),
            "TECHNOLOGY".into(),
            "".into(),
        ],
        experience_years: 12,
        current_role: "Head of Product".into(),
        company: "".into(),
        linkedin: "linkedin.com/in/asha-rao".into(),
        links: vec!["https://Asha.example".into(), " ".into()],
        bio: format!("  {BIO}\r\n"),
        services: vec![
            service(" Career   chat ", 30, 0),
            service("Mock interview", 60, 150_000),
        ],
    }
}

fn errors_of<T: std::fmt::Debug>(r: Result<T, FieldErrors>) -> FieldErrors {
    r.expect_err("refused")
}

#[test]
fn a_good_application_comes_back_cleaned() {
    let got = check_application(&application()).expect("accepted");
    assert_eq!(got.name, "Asha Rao");
    assert_eq!(got.email, "asha@example.com");
    assert_eq!(got.phone, "+919876543210");
    assert_eq!(got.expertise, vec!["Technology", "Product Strategy"]);
    assert_eq!(got.linkedin, "https://www.linkedin.com/in/asha-rao");
    assert_eq!(got.links, vec!["https://asha.example/"]);
    assert_eq!(got.bio, BIO);
    assert_eq!(got.services[0].title, "Career chat");
    assert_eq!(got.services[1].price_paise, 150_000);
    // Cleaning is idempotent: the cleaned application passes unchanged.
    assert_eq!(check_application(&got), Ok(got.clone()));
}

#[test]
fn every_problem_is_reported_at_once_by_field() {
    let draft = ApplicationDraft {
        name: "A".into(),
        email: "asha".into(),
        phone: "12345".into(),
        expertise: vec![" ".into()],
        experience_years: 61,
        current_role: "x".repeat(101),
        company: "y".repeat(100),
        linkedin: "https://twitter.com/asha".into(),
        links: vec!["https://ok.example".into(), "javascript:alert(1)".into()],
        bio: "Too short.".into(),
        services: vec![service("Chat", 30, 0), service("AB", 10, 50)],
    };
    let errors = errors_of(check_application(&draft));
    let keys: Vec<&str> = errors.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "bio",
            "current_role",
            "email",
            "experience_years",
            "expertise",
            "linkedin",
            "links",
            "name",
            "phone",
            "services"
        ]
    );
    assert_eq!(errors["email"], ["Enter a valid email address."]);
    assert_eq!(
        errors["expertise"],
        ["Choose at least one area of expertise."]
    );
    assert_eq!(errors["links"], [format!("Link 2: {INVALID_URL}")]);
    assert_eq!(
        errors["services"],
        [
            "Session 2: Give the session a title of 3 to 100 characters.",
            "Session 2: A session lasts from 15 to 180 minutes.",
            "Session 2: Set the price in whole rupees, without paise.",
        ]
    );
    assert_eq!(
        errors["bio"],
        ["Tell learners a little more about yourself: at least 50 characters (you have 10)."]
    );
}

#[test]
fn required_fields_say_so() {
    let errors = errors_of(check_application(&ApplicationDraft::default()));
    for field in ["name", "email", "phone", "bio"] {
        assert_eq!(errors[field], [REQUIRED], "{field}");
    }
    assert_eq!(
        errors["services"],
        ["Offer at least one session: its title, length and price."]
    );
    assert!(!errors.contains_key("linkedin") && !errors.contains_key("links"));
}

#[test]
fn phones_are_digits_with_an_optional_plus() {
    assert_eq!(parse_phone("+44 20 7946-0958"), Ok("+442079460958".into()));
    assert_eq!(parse_phone("98765 43210"), Ok("9876543210".into()));
    assert_eq!(parse_phone("+1234567890123456"), Err(INVALID_PHONE.into()));
    assert_eq!(parse_phone("987654321"), Err(INVALID_PHONE.into()));
    assert_eq!(parse_phone("(987) 654-3210"), Err(INVALID_PHONE.into()));
    assert_eq!(parse_phone("98765+43210"), Err(INVALID_PHONE.into()));
    assert_eq!(parse_phone("  "), Err(REQUIRED.into()));
}

#[test]
fn linkedin_addresses_are_profiles_on_linkedin() {
    for ok in [
        "https://www.linkedin.com/in/asha",
        "linkedin.com/in/asha",
        "http://LinkedIn.com/in/asha",
    ] {
        assert_eq!(
            parse_linkedin(ok),
            Ok("https://www.linkedin.com/in/asha".into()),
            "{ok}"
        );
    }
    for bad in [
        "https://www.linkedin.com/",
        "https://linkedin.com.evil.example/in/a",
        "https://evil.example/linkedin.com/in/a",
        "ftp://linkedin.com/in/a",
        "asha",
    ] {
        assert_eq!(parse_linkedin(bad), Err(INVALID_LINKEDIN.into()), "{bad}");
    }
}

#[test]
fn expertise_is_deduplicated_and_bounded() {
    let many: Vec<String> = (0..11).map(|i| format!("Tag {i}")).collect();
    assert_eq!(
        check_expertise(&many),
        Err(vec![
            "Choose at most 10 areas of expertise (you have 11).".to_owned()
        ])
    );
    let mut repeated = many[..10].to_vec();
    repeated.push("tag 3".into());
    assert_eq!(check_expertise(&repeated).map(|v| v.len()), Ok(10));
    let long = "x".repeat(41);
    assert!(
        check_expertise(&[long]).expect_err("too long")[0]
            .ends_with("is too long: keep each area to 40 characters.")
    );
    assert_eq!(
        check_expertise(&["mental health".into()]),
        Ok(vec!["Mental Health".into()])
    );
}

#[test]
fn services_on_their_own() {
    assert_eq!(
        check_service(&service("Career chat", 15, 0)).map(|s| s.price_paise),
        Ok(0)
    );
    assert!(check_service(&service("Career chat", 180, PRICE_MAX_PAISE)).is_ok());
    let e = errors_of(check_service(&service(
        "Career chat",
        181,
        PRICE_MAX_PAISE + 100,
    )));
    assert_eq!(
        e["duration_minutes"],
        ["A session lasts from 15 to 180 minutes."]
    );
    assert_eq!(
        e["price_paise"],
        ["Set a price from ₹0 (a free session) to ₹1,00,000."]
    );
    assert!(
        errors_of(check_service(&service("Career chat", 30, -100))).contains_key("price_paise")
    );
    let mut long = service("Career chat", 30, 0);
    long.description = "d".repeat(1001);
    assert_eq!(
        errors_of(check_service(&long))["description"],
        ["Keep this to 1,000 characters or fewer (it has 1,001)."]
    );
    assert_eq!(
        errors_of(check_service(&service("   ", 30, 0)))["title"],
        [REQUIRED]
    );
}

#[test]
fn too_many_services_and_links() {
    let mut draft = application();
    draft.services = (0..6)
        .map(|i| service(&format!("Session {i}"), 30, 0))
        .collect();
    draft.links = (0..6)
        .map(|i| format!("https://site{i}.example/"))
        .collect();
    let e = errors_of(check_application(&draft));
    assert_eq!(e["services"], ["Offer at most 5 sessions (you have 6)."]);
    assert_eq!(e["links"], ["Add at most 5 links (you have 6)."]);
}

fn profile() -> ProfileDraft {
    ProfileDraft {
        name: "Asha Rao".into(),
        headline: " Product leader ".into(),
        bio: BIO.into(),
        expertise: vec!["Business".into()],
        experience_years: 12,
        education: vec![
            EducationEntry {
                degree: "MBA".into(),
                institution: "IIM Ahmedabad".into(),
                year: Some(2010),
            },
            EducationEntry::default(),
        ],
        experience: vec![ExperienceEntry {
            title: "Head of Product".into(),
            company: "Acme".into(),
            start_year: Some(2015),
            end_year: None,
            description: "Led the product team.".into(),
        }],
        projects: vec![ProjectEntry {
            title: "Launchpad".into(),
            description: String::new(),
            url: Some("github.com/asha/launchpad".into()),
        }],
        social_links: [
            (
                "LinkedIn ".to_owned(),
                "https://www.linkedin.com/in/asha".to_owned(),
            ),
            ("github".to_owned(), "".to_owned()),
        ]
        .into(),
        contact: [
            ("email".to_owned(), "Asha@Example.com".to_owned()),
            ("phone".to_owned(), "+91 98765 43210".to_owned()),
        ]
        .into(),
    }
}

#[test]
fn a_good_profile_comes_back_cleaned() {
    let got = check_profile(&profile()).expect("accepted");
    assert_eq!(got.headline, "Product leader");
    assert_eq!(got.education.len(), 1, "the blank entry is dropped");
    assert_eq!(
        got.projects[0].url.as_deref(),
        Some("https://github.com/asha/launchpad")
    );
    assert_eq!(
        got.social_links,
        [(
            "linkedin".to_owned(),
            "https://www.linkedin.com/in/asha".to_owned()
        )]
        .into()
    );
    assert_eq!(got.contact["email"], "asha@example.com");
    assert_eq!(got.contact["phone"], "+919876543210");
    assert_eq!(check_profile(&got), Ok(got.clone()));
}

#[test]
fn profile_problems_name_their_entry() {
    let mut draft = profile();
    draft.education.push(EducationEntry {
        degree: "".into(),
        institution: "IIT".into(),
        year: Some(1800),
    });
    draft.experience[0].end_year = Some(2014);
    draft.projects[0].url = Some("javascript:alert(1)".into());
    draft
        .social_links
        .insert("myspace".into(), "https://myspace.com/asha".into());
    draft
        .social_links
        .insert("github".into(), "not a url".into());
    draft.contact.insert("email".into(), "nope".into());
    let e = errors_of(check_profile(&draft));
    assert_eq!(
        e["education"],
        [
            "Education 3: Enter the degree or qualification.",
            "Education 3: The year must be a year from 1940 to 2100."
        ]
    );
    assert_eq!(
        e["experience"],
        ["Experience 1: The end (2014) must not come before the start (2015)."]
    );
    assert_eq!(e["projects"], [format!("Project 1: {INVALID_URL}")]);
    assert_eq!(
        e["social_links"],
        [format!("GitHub: {INVALID_URL}"), "\"myspace\" is not one of: linkedin, twitter, x, github, youtube, instagram, medium, website.".to_owned()]
    );
    assert_eq!(e["contact"], ["E-mail: Enter a valid email address."]);
}

#[test]
fn profile_lists_are_bounded() {
    let mut draft = profile();
    draft.projects = (0..21)
        .map(|i| ProjectEntry {
            title: format!("P{i}"),
            ..Default::default()
        })
        .collect();
    assert_eq!(
        errors_of(check_profile(&draft))["projects"],
        ["Keep this list to 20 entries (it has 21)."]
    );
}

#[test]
fn the_categories_are_the_explorers_and_the_spec_fields() {
    for c in &crate::explorer::CATEGORIES[1..] {
        assert!(CATEGORIES.contains(&c.name), "{}", c.name);
    }
    assert!(!CATEGORIES.contains(&"All Mentors"));
    for field in [
        "Career",
        "Business",
        "Technology",
        "Health",
        "Academic",
        "Freelancing",
        "Creative",
    ] {
        assert!(CATEGORIES.contains(&field), "{field}");
    }
    let mut lower: Vec<String> = CATEGORIES.iter().map(|c| c.to_lowercase()).collect();
    lower.sort();
    lower.dedup();
    assert_eq!(lower.len(), CATEGORIES.len(), "no category twice");
    assert!(CATEGORIES.iter().all(|c| c.len() <= EXPERTISE_ITEM_MAX));
}

#[test]
fn drafts_read_from_json_with_missing_fields_empty() {
    let d = ServiceDraft::from_json(&Json::from_value(
        serde_json::json!({"title": "Chat", "duration_minutes": 30, "price_paise": 0}),
    ))
    .expect("a service");
    assert_eq!(d, service("Chat", 30, 0));
    assert!(
        ServiceDraft::from_json(&Json::from_value(
            serde_json::json!({"duration_minutes": "30"})
        ))
        .is_err()
    );
    assert!(ApplicationDraft::from_json(&Json::Null).is_err());
}

proptest! {
    #[test]
    fn checking_never_panics_and_cleaned_values_pass_again(
        title in ".{0,120}", minutes in -10i64..300, rupees in -5i64..200_000, odd in 0i64..100,
        name in ".{0,110}", phone in "[+]?[0-9 -]{0,20}", bio in ".{0,120}",
    ) {
        let s = ServiceDraft { title, description: String::new(), duration_minutes: minutes, price_paise: rupees * 100 + odd };
        if let Ok(clean) = check_service(&s) {
            prop_assert_eq!(check_service(&clean), Ok(clean.clone()));
        }
        let mut a = application();
        a.name = name;
        a.phone = phone;
        a.bio = bio;
        if let Ok(clean) = check_application(&a) {
            prop_assert_eq!(check_application(&clean), Ok(clean.clone()));
        }
    }
}

#[test]
fn every_offered_length_is_bookable_and_the_form_stops_at_the_checks_limit() {
    let limits = application_limits();
    assert!(
        limits
            .durations
            .iter()
            .all(|d| (DURATION_MIN..=DURATION_MAX).contains(d))
    );
    assert!(limits.durations.windows(2).all(|w| w[0] < w[1]));
    // The form offers as many rows as the check accepts, and no more.
    let mut a = application();
    a.services = (0..limits.max_sessions)
        .map(|i| service(&format!("Session {i}"), 60, 0))
        .collect();
    assert!(check_application(&a).is_ok());
    a.services.push(service("One more", 60, 0));
    assert!(
        check_application(&a)
            .expect_err("one session too many")
            .contains_key("services")
    );
    assert_eq!((limits.bio_min, limits.bio_max), (50, 2000));
}

#[test]
fn the_checklist_rounds_its_share_as_javascript_does() {
    let flags = |n: usize| CompletenessInput {
        has_photo: n > 0,
        headline: if n > 1 { "Lead".into() } else { " ".into() },
        bio: if n > 2 { "Bio".into() } else { String::new() },
        expertise: if n > 3 {
            vec!["Business".into()]
        } else {
            vec![]
        },
        active_services: u32::from(n > 4),
        availability_saved: n > 5,
    };
    for n in 0..=6 {
        let c = profile_completeness(flags(n));
        assert_eq!((c.done, c.total), (n as u32, 6));
        // Math.round(done / total * 100)
        assert_eq!(
            f64::from(c.percent),
            (f64::from(c.done) / 6.0 * 100.0).round()
        );
        assert_eq!(c.items.iter().filter(|i| i.done).count(), n);
    }
}

#[test]
fn a_new_free_service_confirms_instantly_by_default_and_a_paid_one_waits() {
    assert!(instant_by_default(0));
    assert!(!instant_by_default(1));
    assert!(!instant_by_default(150_000));
    assert!(instant_by_default_js(0.0));
    assert!(!instant_by_default_js(500.0));
}

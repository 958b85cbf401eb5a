use super::*;
use crate::accounts::{INVALID_CONTACT_NUMBER, INVALID_EMAIL, REQUIRED};
use crate::forms::tests::errors;

const MESSAGE_TEXT: &str = "  Hello\r\nthere\u{0}, a long enough message!  ";

#[test]
fn a_contact_message_is_cleaned_by_the_enquiry_rules() {
    assert_eq!(
        parse_contact(
            Some(" Asha  Rao "),
            Some("Asha@Example.com"),
            Some("  About \n mentoring "),
            Some(MESSAGE_TEXT),
        ),
        Ok(Contact {
            name: "Asha Rao".into(),
            email: Email::parse("asha@example.com").expect("an address"),
            subject: Some("About mentoring".into()),
            message: "Hello\nthere, a long enough message!".into(),
        })
    );
    assert_eq!(
        parse_contact(Some("Asha"), Some("a@b.in"), Some("  "), Some(MESSAGE_TEXT))
            .map(|c| c.subject),
        Ok(None)
    );
}

#[test]
fn a_contact_message_explains_each_bad_field() {
    assert_eq!(
        parse_contact(None, None, None, None),
        Err(errors(&[
            ("name", REQUIRED),
            ("email", REQUIRED),
            ("message", REQUIRED),
        ]))
    );
    assert_eq!(
        parse_contact(
            Some("Asha"),
            Some("asha@"),
            Some(&"s".repeat(151)),
            Some("too short"),
        ),
        Err(errors(&[
            ("email", INVALID_EMAIL),
            (
                "subject",
                "Ensure this field has no more than 150 characters."
            ),
            ("message", "Ensure this field has at least 10 characters."),
        ]))
    );
    assert_eq!(
        parse_contact(Some("Asha"), Some("a@b.in"), None, Some(&"m".repeat(5001))),
        Err(errors(&[(
            "message",
            "Ensure this field has no more than 5000 characters."
        )]))
    );
}

#[test]
fn a_quote_is_cleaned_by_the_enquiry_rules() {
    let quote = parse_quote(
        Some("Asha"),
        Some("asha@example.com"),
        Some("  Acme   Ltd "),
        Some("98765 43210"),
        Some(" 11-50 "),
        Some(" CEO-Talks "),
        Some(MESSAGE_TEXT),
    )
    .expect("parsed");
    assert_eq!(
        quote,
        Quote {
            name: "Asha".into(),
            email: Email::parse("asha@example.com").expect("an address"),
            company: "Acme Ltd".into(),
            phone: Some("+919876543210".into()),
            team_size: Some("11-50".into()),
            programme: "ceo-talks".into(),
            message: "Hello\nthere, a long enough message!".into(),
        }
    );
    let quote = parse_quote(
        Some("Asha"),
        Some("asha@example.com"),
        Some("Acme"),
        Some(" "),
        None,
        Some("other"),
        Some(MESSAGE_TEXT),
    )
    .expect("parsed");
    assert_eq!((quote.phone, quote.team_size), (None, None));
}

#[test]
fn a_quote_explains_each_bad_field() {
    assert_eq!(
        parse_quote(None, None, None, None, None, None, None),
        Err(errors(&[
            ("name", REQUIRED),
            ("email", REQUIRED),
            ("company", REQUIRED),
            ("programme", REQUIRED),
            ("message", REQUIRED),
        ]))
    );
    assert_eq!(
        parse_quote(
            Some("Asha"),
            Some("asha@example.com"),
            Some(&"c".repeat(151)),
            Some("12345"),
            Some(&"t".repeat(51)),
            Some(" Yoga "),
            Some(MESSAGE_TEXT),
        ),
        Err(errors(&[
            (
                "company",
                "Ensure this field has no more than 150 characters."
            ),
            ("phone", INVALID_CONTACT_NUMBER),
            (
                "team_size",
                "Ensure this field has no more than 50 characters."
            ),
            (
                "programme",
                "\"Yoga\" is not a valid choice. Choose one of: corporate-mentoring, ceo-talks, \
                 strategy-consulting, industry-mentoring, startup-entrepreneurship, other."
            ),
        ]))
    );
}

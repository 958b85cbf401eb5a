use super::*;
use crate::accounts::{
    INVALID_CONTACT_NUMBER, INVALID_EMAIL, INVALID_NAME, NAME_TOO_LONG, REQUIRED, UNKNOWN_TIME_ZONE,
};
use crate::forms::tests::errors;
use crate::password::{MISMATCH, TOO_SHORT, TOO_WEAK};

const STRONG: &str = "Mentor#2026";

fn email(address: &str) -> Email {
    Email::parse(address).expect("an address")
}

#[test]
fn an_email_body_is_an_address_trimmed_and_lower_cased() {
    assert_eq!(
        parse_email(Some(" Asha@Example.COM ")),
        Ok(email("asha@example.com"))
    );
    assert_eq!(parse_email(None), Err(errors(&[("email", REQUIRED)])));
    assert_eq!(
        parse_email(Some("asha@example")),
        Err(errors(&[("email", INVALID_EMAIL)]))
    );
}

#[test]
fn a_registration_is_parsed_with_its_optional_fields() {
    let r = parse_register(
        Some("  Asha   Rao "),
        Some("Asha@Example.com"),
        Some(STRONG),
        Some(STRONG),
        Some("98765 43210"),
        Some(" Asia/Kolkata "),
    )
    .expect("parsed");
    assert_eq!(
        r,
        Registration {
            name: "Asha Rao".into(),
            email: email("asha@example.com"),
            password: STRONG.into(),
            contact_number: Some("+919876543210".into()),
            time_zone: Some("Asia/Kolkata".into()),
        }
    );
    // Blank optional fields are left out; no confirmation is no mismatch.
    let r = parse_register(
        Some("Asha"),
        Some("asha@example.com"),
        Some(STRONG),
        None,
        Some("  "),
        Some(""),
    )
    .expect("parsed");
    assert_eq!((r.contact_number, r.time_zone), (None, None));
}

#[test]
fn a_registration_explains_each_bad_field_once() {
    assert_eq!(
        parse_register(None, None, None, None, None, None),
        Err(errors(&[
            ("name", REQUIRED),
            ("email", REQUIRED),
            ("password", REQUIRED),
        ]))
    );
    // A missing password is not compared with its confirmation.
    assert_eq!(
        parse_register(Some("A"), Some("a@b.in"), Some(" "), Some("x"), None, None),
        Err(errors(&[("password", REQUIRED)]))
    );
    assert_eq!(
        parse_register(
            Some("Asha\u{7}"),
            Some("asha@example"),
            Some("weakpass"),
            Some("weakpass"),
            Some("12345"),
            Some("Mars/Olympus"),
        ),
        Err(errors(&[
            ("name", INVALID_NAME),
            ("email", INVALID_EMAIL),
            ("password", TOO_WEAK),
            ("contact_number", INVALID_CONTACT_NUMBER),
            ("time_zone", UNKNOWN_TIME_ZONE),
        ]))
    );
    // A mismatch goes under the confirmation, before the strength is read.
    assert_eq!(
        parse_register(
            Some("Asha"),
            Some("asha@example.com"),
            Some("weakpass"),
            Some("Mentor#2027"),
            None,
            None,
        ),
        Err(errors(&[("re_password", MISMATCH)]))
    );
    assert_eq!(
        parse_register(
            Some(&"n".repeat(101)),
            Some("asha@example.com"),
            Some("Ab#1"),
            None,
            None,
            None
        ),
        Err(errors(&[("name", NAME_TOO_LONG), ("password", TOO_SHORT)]))
    );
}

#[test]
fn a_reset_confirmation_keeps_the_link_it_was_given() {
    assert_eq!(
        parse_reset_confirm(Some("MQ"), Some("t-1"), Some(STRONG), None),
        Ok(ResetConfirm {
            uid: "MQ",
            token: "t-1",
            new_password: STRONG
        })
    );
    assert_eq!(
        parse_reset_confirm(None, Some(" "), Some("weakpass"), None),
        Err(ResetConfirmRefused {
            link: None,
            errors: errors(&[
                ("uid", REQUIRED),
                ("token", REQUIRED),
                ("new_password", TOO_WEAK),
            ]),
        })
    );
    assert_eq!(
        parse_reset_confirm(Some("MQ"), Some("t-1"), Some(STRONG), Some("other")),
        Err(ResetConfirmRefused {
            link: Some(("MQ", "t-1")),
            errors: errors(&[("re_new_password", MISMATCH)]),
        })
    );
    assert_eq!(
        parse_reset_confirm(Some("MQ"), Some("t-1"), None, None),
        Err(ResetConfirmRefused {
            link: Some(("MQ", "t-1")),
            errors: errors(&[("new_password", REQUIRED)]),
        })
    );
}

#[test]
fn a_password_change_needs_the_proof_the_account_has() {
    assert_eq!(
        parse_set_password(
            true,
            Some(" old "),
            Some("ignored"),
            Some(STRONG),
            Some(STRONG)
        ),
        Ok(SetPassword {
            proof: PasswordProof::Current(" old "),
            new_password: STRONG
        })
    );
    assert_eq!(
        parse_set_password(true, Some(""), None, Some("weakpass"), None),
        Err(errors(&[
            ("current_password", REQUIRED),
            ("new_password", TOO_WEAK),
        ]))
    );
    assert_eq!(
        parse_set_password(false, Some("ignored"), Some(" cred "), Some(STRONG), None),
        Ok(SetPassword {
            proof: PasswordProof::Google(" cred "),
            new_password: STRONG
        })
    );
    assert_eq!(
        parse_set_password(false, None, Some("  "), None, None),
        Err(errors(&[
            ("google_credential", GOOGLE_PROOF_REQUIRED),
            ("new_password", REQUIRED),
        ]))
    );
    assert_eq!(
        parse_set_password(false, None, None, Some(STRONG), Some("other")),
        Err(errors(&[
            ("google_credential", GOOGLE_PROOF_REQUIRED),
            ("re_new_password", MISMATCH),
        ]))
    );
}

#[test]
fn a_google_sign_in_drops_a_time_zone_that_is_not_one() {
    assert_eq!(
        parse_google(Some("id.token"), Some(" Asia/Kolkata ")),
        GoogleSignIn {
            credential: Some("id.token"),
            time_zone: Some("Asia/Kolkata".into())
        }
    );
    assert_eq!(
        parse_google(None, Some("Mars/Olympus")),
        GoogleSignIn {
            credential: None,
            time_zone: None
        }
    );
}

#[test]
fn a_profile_edit_reads_only_what_was_sent() {
    assert_eq!(
        parse_profile(None, None, None, None, true),
        Ok(ProfileEdit::default())
    );
    assert_eq!(
        parse_profile(
            Some(" Noor  Ali "),
            Some("+44 20 7946 0958"),
            Some("Europe/London"),
            Some("Asia/Kolkata"),
            false
        ),
        Ok(ProfileEdit {
            name: Some("Noor Ali".into()),
            contact_number: Some(Some("+442079460958".into())),
            time_zone: Some("Europe/London".into()),
            detected_time_zone: Some("Asia/Kolkata".into()),
        })
    );
    // A blank number clears it, unless the account needs one.
    assert_eq!(
        parse_profile(None, Some(" "), None, None, true).map(|e| e.contact_number),
        Ok(Some(None))
    );
    assert_eq!(
        parse_profile(None, Some(" "), None, None, false),
        Err(errors(&[("contact_number", REQUIRED)]))
    );
    assert_eq!(
        parse_profile(
            Some(" "),
            Some("12345"),
            Some("IST"),
            Some("asia/kolkata"),
            true
        ),
        Err(errors(&[
            ("name", REQUIRED),
            ("contact_number", INVALID_CONTACT_NUMBER),
            ("time_zone", UNKNOWN_TIME_ZONE),
            ("detected_time_zone", UNKNOWN_TIME_ZONE),
        ]))
    );
}

#[test]
fn completing_a_profile_needs_a_contact_number() {
    assert_eq!(
        parse_complete_profile(Some("098765 43210"), None),
        Ok(ProfileEdit {
            contact_number: Some(Some("+919876543210".into())),
            ..ProfileEdit::default()
        })
    );
    assert_eq!(
        parse_complete_profile(None, Some("Dev\u{0}")),
        Err(errors(&[
            ("contact_number", REQUIRED),
            ("name", INVALID_NAME)
        ]))
    );
    assert_eq!(
        parse_complete_profile(Some(""), Some("Dev Patel")),
        Err(errors(&[("contact_number", REQUIRED)]))
    );
}

//! The account bodies (SPEC §3, §5, §8) and their parsers: each reads its
//! fields by the account rules themselves (`crate::accounts`,
//! `crate::password`), under the declared fields, so the rules the OpenAPI
//! document states for clients are the ones applied. The account fields
//! other bodies carry too (an e-mail address, a name, a contact number)
//! are read by [`Reader`]'s methods.

use super::patterns::{
    CONTACT_NUMBER, CONTACT_NUMBER_OR_BLANK, EMAIL as EMAIL_PATTERN, NAME as NAME_PATTERN,
    NON_BLANK, TIME_ZONE, TIME_ZONE_OR_BLANK,
};
use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::accounts::{self, Email};
use crate::password;

/// An e-mail address (`accounts::Email::parse`).
pub const EMAIL_RULE: Rule = Rule {
    pattern: Some(EMAIL_PATTERN),
    max_length: Some(accounts::EMAIL_MAX),
    ..Rule::NONE
};

/// A display name (`accounts::parse_name`).
pub const NAME_RULE: Rule = Rule {
    pattern: Some(NAME_PATTERN),
    max_length: Some(accounts::NAME_MAX),
    ..Rule::NONE
};

/// A new password (`password::check`).
pub const NEW_PASSWORD: Rule = Rule {
    min_length: Some(password::MIN_LENGTH),
    max_length: Some(password::MAX_LENGTH),
    description: Some(const_format::formatcp!(
        "At least {} characters, strong enough by the strength meter (a score of {} of 4: \
         length, an upper-case letter, a digit, a symbol) and not a common password.",
        password::MIN_LENGTH,
        password::STRONG_ENOUGH
    )),
    ..Rule::NONE
};

const NON_BLANK_RULE: Rule = Rule::pattern(NON_BLANK);

const LOGIN_EMAIL: Field = Field::required("email", NON_BLANK_RULE);
const LOGIN_PASSWORD: Field = Field::required("password", NON_BLANK_RULE);

pub const LOGIN: Body = Body {
    schema: "LoginBody",
    fields: &[LOGIN_EMAIL, LOGIN_PASSWORD],
};

/// A sign-in's e-mail address and password, both given (as typed: the
/// account rules read the address, and a password's spaces count).
pub fn parse_login<'a>(
    email: Option<&'a str>,
    password: Option<&'a str>,
) -> Result<(&'a str, &'a str), FieldErrors> {
    let mut r = Reader::default();
    let email = r.given(&LOGIN_EMAIL, email);
    let password = r.given(&LOGIN_PASSWORD, password);
    r.finish(email.zip(password))
}

const REFRESH_TOKEN: Field = Field::required("refresh", NON_BLANK_RULE);

pub const REFRESH: Body = Body {
    schema: "RefreshBody",
    fields: &[REFRESH_TOKEN],
};

/// A refresh token, given.
pub fn parse_refresh(refresh: Option<&str>) -> Result<&str, FieldErrors> {
    let mut r = Reader::default();
    let token = r.given(&REFRESH_TOKEN, refresh);
    r.finish(token)
}

pub const LOGOUT: Body = Body {
    schema: "LogoutBody",
    fields: &[],
};

/// A required e-mail address (also the enquiry forms', [`super::site`]).
pub(super) const EMAIL_FIELD: Field = Field::required("email", EMAIL_RULE);

/// A required display name (also the enquiry forms').
pub(super) const NAME_FIELD: Field = Field::required("name", NAME_RULE);

pub const EMAIL: Body = Body {
    schema: "EmailBody",
    fields: &[EMAIL_FIELD],
};

/// An e-mail address (a reset or an activation mail asked for, an account
/// looked up), by the domain's rule: trimmed and lower-cased.
pub fn parse_email(email: Option<&str>) -> Result<Email, FieldErrors> {
    let mut r = Reader::default();
    let email = r.email(&EMAIL_FIELD, email);
    r.finish(email)
}

const UID: Field = Field::required("uid", NON_BLANK_RULE);
const TOKEN: Field = Field::required("token", NON_BLANK_RULE);

pub const UID_TOKEN: Body = Body {
    schema: "UidToken",
    fields: &[UID, TOKEN],
};

/// The `uid` and `token` of an e-mailed link, both given.
pub fn parse_link<'a>(
    uid: Option<&'a str>,
    token: Option<&'a str>,
) -> Result<(&'a str, &'a str), FieldErrors> {
    let mut r = Reader::default();
    let uid = r.given(&UID, uid);
    let token = r.given(&TOKEN, token);
    r.finish(uid.zip(token))
}

const PASSWORD: Field = Field::required("password", NEW_PASSWORD);
/// The password again; when sent, it must match.
const RE_PASSWORD: Field = Field::optional("re_password", Rule::NONE);
const OPTIONAL_CONTACT: Field =
    Field::optional("contact_number", Rule::pattern(CONTACT_NUMBER_OR_BLANK));
const REGISTER_TIME_ZONE: Field = Field::optional("time_zone", Rule::pattern(TIME_ZONE_OR_BLANK));

pub const REGISTER: Body = Body {
    schema: "RegisterBody",
    fields: &[
        NAME_FIELD,
        EMAIL_FIELD,
        PASSWORD,
        RE_PASSWORD,
        OPTIONAL_CONTACT,
        REGISTER_TIME_ZONE,
    ],
};

/// A registration, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    pub name: String,
    pub email: Email,
    pub password: String,
    /// E.164; `None` when left out.
    pub contact_number: Option<String>,
    /// The IANA time zone the browser detected; `None` (left out) leaves
    /// the account in UTC until its owner chooses one.
    pub time_zone: Option<String>,
}

/// The registration form: a name, an e-mail address and a new password
/// (matching `re_password` when that is sent) are required; a contact
/// number and a time zone are optional (blank is left out). Each field
/// has at most one message.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
pub fn parse_register(
    name: Option<&str>,
    email: Option<&str>,
    password: Option<&str>,
    re_password: Option<&str>,
    contact_number: Option<&str>,
    time_zone: Option<&str>,
) -> Result<Registration, FieldErrors> {
    let mut r = Reader::default();
    let name = r.name(&NAME_FIELD, name);
    let email = r.email(&EMAIL_FIELD, email);
    let password = r.new_password(&PASSWORD, &RE_PASSWORD, password, re_password);
    let contact_number = r.optional_contact_number(&OPTIONAL_CONTACT, contact_number);
    let time_zone = super::unless_blank(time_zone, |raw| r.time_zone(&REGISTER_TIME_ZONE, raw));
    let parsed = match (name, email, password, contact_number, time_zone) {
        (Some(name), Some(email), Some(password), Some(contact_number), Some(time_zone)) => {
            Some(Registration {
                name,
                email,
                password: password.to_owned(),
                contact_number,
                time_zone,
            })
        }
        _ => None,
    };
    r.finish(parsed)
}

const NEW_PASSWORD_FIELD: Field = Field::required("new_password", NEW_PASSWORD);
/// The new password again; when sent, it must match.
const RE_NEW_PASSWORD: Field = Field::optional("re_new_password", Rule::NONE);

pub const RESET_CONFIRM: Body = Body {
    schema: "ResetConfirmBody",
    fields: &[UID, TOKEN, NEW_PASSWORD_FIELD, RE_NEW_PASSWORD],
};

/// A password reset's confirmation, parsed: the e-mailed link and the new
/// password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResetConfirm<'a> {
    pub uid: &'a str,
    pub token: &'a str,
    pub new_password: &'a str,
}

/// A confirmation refused: every field error, and the link when it was
/// given (whether it opens an account is worth answering with the new
/// password's errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResetConfirmRefused<'a> {
    /// `(uid, token)`, both given.
    pub link: Option<(&'a str, &'a str)>,
    pub errors: FieldErrors,
}

/// A password reset's confirmation: the link's `uid` and `token` and a
/// new password (matching `re_new_password` when that is sent), all
/// required.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
pub fn parse_reset_confirm<'a>(
    uid: Option<&'a str>,
    token: Option<&'a str>,
    new_password: Option<&'a str>,
    re_new_password: Option<&str>,
) -> Result<ResetConfirm<'a>, ResetConfirmRefused<'a>> {
    let mut r = Reader::default();
    let uid = r.given(&UID, uid);
    let token = r.given(&TOKEN, token);
    let new_password = r.new_password(
        &NEW_PASSWORD_FIELD,
        &RE_NEW_PASSWORD,
        new_password,
        re_new_password,
    );
    let link = uid.zip(token);
    match (link, new_password) {
        (Some((uid, token)), Some(new_password)) if r.errors.is_empty() => Ok(ResetConfirm {
            uid,
            token,
            new_password,
        }),
        _ => Err(ResetConfirmRefused {
            link,
            errors: r.errors,
        }),
    }
}

/// Required when the account has a password.
const CURRENT_PASSWORD: Field = Field::optional("current_password", Rule::NONE);
/// Required instead when the account has none (it signs in with Google).
const GOOGLE_CREDENTIAL: Field = Field::optional("google_credential", Rule::NONE);

pub const SET_PASSWORD: Body = Body {
    schema: "SetPasswordBody",
    fields: &[
        CURRENT_PASSWORD,
        GOOGLE_CREDENTIAL,
        NEW_PASSWORD_FIELD,
        RE_NEW_PASSWORD,
    ],
};

/// The answer to an account without a password (it signs in with Google)
/// that sets one with neither a Google credential nor the e-mailed link.
pub const GOOGLE_PROOF_REQUIRED: &str = "To add a password to an account that signs in with Google, confirm with Google again (google_credential) or ask for an e-mailed link.";

/// How the caller proves a password change is theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordProof<'a> {
    /// The account's password, as typed.
    Current(&'a str),
    /// A Google ID token (an account without a password), as sent.
    Google(&'a str),
}

/// A password change, parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetPassword<'a> {
    pub proof: PasswordProof<'a>,
    pub new_password: &'a str,
}

/// A password change by an account that has a password (`has_password`:
/// the current one is required) or has none (a Google credential is
/// required instead, [`GOOGLE_PROOF_REQUIRED`] without one); the other
/// proof is ignored. The new password must match `re_new_password` when
/// that is sent.
#[cfg(any(not(target_arch = "wasm32"), feature = "passwords"))]
pub fn parse_set_password<'a>(
    has_password: bool,
    current_password: Option<&'a str>,
    google_credential: Option<&'a str>,
    new_password: Option<&'a str>,
    re_new_password: Option<&str>,
) -> Result<SetPassword<'a>, FieldErrors> {
    let mut r = Reader::default();
    let current = if has_password {
        r.given(&CURRENT_PASSWORD, current_password)
            .map(PasswordProof::Current)
    } else {
        None
    };
    let new_password = r.new_password(
        &NEW_PASSWORD_FIELD,
        &RE_NEW_PASSWORD,
        new_password,
        re_new_password,
    );
    let proof = if has_password {
        current
    } else {
        match google_credential.filter(|c| !c.trim().is_empty()) {
            Some(credential) => Some(PasswordProof::Google(credential)),
            None => {
                r.add(&GOOGLE_CREDENTIAL, GOOGLE_PROOF_REQUIRED);
                None
            }
        }
    };
    r.finish(
        proof
            .zip(new_password)
            .map(|(proof, new_password)| SetPassword {
                proof,
                new_password,
            }),
    )
}

const CREDENTIAL: Field = Field::required("credential", NON_BLANK_RULE);

pub const GOOGLE: Body = Body {
    schema: "GoogleBody",
    fields: &[CREDENTIAL],
};

/// A Google sign-in, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoogleSignIn<'a> {
    /// As sent: the sign-in flow answers a missing one in Google's
    /// answer shape (`{"error": …}`), once it knows Google sign-in is set up.
    pub credential: Option<&'a str>,
    /// The IANA time zone the browser detected, for an account the sign-in
    /// creates; `None` when left out or not a zone (the account starts in
    /// UTC).
    pub time_zone: Option<String>,
}

/// A Google sign-in's body: never refused here (see [`GoogleSignIn`]).
pub fn parse_google<'a>(credential: Option<&'a str>, time_zone: Option<&str>) -> GoogleSignIn<'a> {
    GoogleSignIn {
        credential,
        time_zone: time_zone.and_then(|zone| accounts::parse_time_zone(zone).ok()),
    }
}

const PROFILE_NAME: Field = Field::optional("name", NAME_RULE);
const PROFILE_TIME_ZONE: Field = Field::optional("time_zone", Rule::pattern(TIME_ZONE));
const DETECTED_TIME_ZONE: Field = Field::optional("detected_time_zone", Rule::pattern(TIME_ZONE));

pub const PROFILE: Body = Body {
    schema: "ProfileBody",
    fields: &[
        PROFILE_NAME,
        OPTIONAL_CONTACT,
        PROFILE_TIME_ZONE,
        DETECTED_TIME_ZONE,
    ],
};

const COMPLETE_CONTACT: Field = Field::required("contact_number", Rule::pattern(CONTACT_NUMBER));

pub const COMPLETE_PROFILE: Body = Body {
    schema: "CompleteProfileBody",
    fields: &[COMPLETE_CONTACT, PROFILE_NAME],
};

/// A profile edit, parsed; `None` keeps the current value.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProfileEdit {
    pub name: Option<String>,
    /// `Some(None)` clears the number.
    pub contact_number: Option<Option<String>>,
    /// Chosen (even when it is the account's zone already).
    pub time_zone: Option<String>,
    /// The zone the browser detected: taken only by an account that never
    /// chose one, ignored otherwise.
    pub detected_time_zone: Option<String>,
}

/// A profile edit: each field sent is read by its rule (a name, a contact
/// number, IANA time zones). A blank contact number clears it when
/// `may_clear_contact` (an account that signs in with Google needs one to
/// book, so its blank number is refused as a missing one).
pub fn parse_profile(
    name: Option<&str>,
    contact_number: Option<&str>,
    time_zone: Option<&str>,
    detected_time_zone: Option<&str>,
    may_clear_contact: bool,
) -> Result<ProfileEdit, FieldErrors> {
    let mut r = Reader::default();
    let name = name.map(|raw| r.name(&PROFILE_NAME, Some(raw)));
    let contact_number = contact_number.map(|raw| match raw.trim() {
        "" if may_clear_contact => Some(None),
        _ => r.contact_number(&OPTIONAL_CONTACT, raw).map(Some),
    });
    let time_zone = time_zone.map(|raw| r.time_zone(&PROFILE_TIME_ZONE, raw));
    let detected_time_zone = detected_time_zone.map(|raw| r.time_zone(&DETECTED_TIME_ZONE, raw));
    // A value refused is a message in `r`: `finish` answers those.
    r.finish(Some(ProfileEdit {
        name: name.flatten(),
        contact_number: contact_number.flatten(),
        time_zone: time_zone.flatten(),
        detected_time_zone: detected_time_zone.flatten(),
    }))
}

/// Completing a profile: the contact number is required (blank is
/// missing), the name optional.
pub fn parse_complete_profile(
    contact_number: Option<&str>,
    name: Option<&str>,
) -> Result<ProfileEdit, FieldErrors> {
    let mut r = Reader::default();
    let name = name.map(|raw| r.name(&PROFILE_NAME, Some(raw)));
    let contact_number = r.contact_number(&COMPLETE_CONTACT, contact_number.unwrap_or_default());
    r.finish(Some(ProfileEdit {
        name: name.flatten(),
        contact_number: contact_number.map(Some),
        ..ProfileEdit::default()
    }))
}

#[cfg(test)]
mod tests;

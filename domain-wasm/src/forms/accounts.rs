//! The account and enquiry bodies (SPEC §3, §5, §8). Their fields are read
//! by the account rules themselves (`crate::accounts`, `crate::password`,
//! `crate::enquiry`); these declarations state the same rules for clients.

use super::patterns::{
    CONTACT_NUMBER, CONTACT_NUMBER_OR_BLANK, EMAIL as EMAIL_PATTERN, MESSAGE, NAME as NAME_PATTERN,
    NON_BLANK, TIME_ZONE, TIME_ZONE_OR_BLANK, VISIBLE,
};
use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::{accounts, enquiry, password};

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

pub const EMAIL: Body = Body {
    schema: "EmailBody",
    fields: &[Field::required("email", EMAIL_RULE)],
};

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

pub const REGISTER: Body = Body {
    schema: "RegisterBody",
    fields: &[
        Field::required("name", NAME_RULE),
        Field::required("email", EMAIL_RULE),
        Field::required("password", NEW_PASSWORD),
        Field::optional("contact_number", Rule::pattern(CONTACT_NUMBER_OR_BLANK)),
        Field::optional("time_zone", Rule::pattern(TIME_ZONE_OR_BLANK)),
    ],
};

pub const RESET_CONFIRM: Body = Body {
    schema: "ResetConfirmBody",
    fields: &[UID, TOKEN, Field::required("new_password", NEW_PASSWORD)],
};

pub const SET_PASSWORD: Body = Body {
    schema: "SetPasswordBody",
    fields: &[Field::required("new_password", NEW_PASSWORD)],
};

pub const GOOGLE: Body = Body {
    schema: "GoogleBody",
    fields: &[Field::required("credential", NON_BLANK_RULE)],
};

pub const PROFILE: Body = Body {
    schema: "ProfileBody",
    fields: &[
        Field::optional("name", NAME_RULE),
        Field::optional("contact_number", Rule::pattern(CONTACT_NUMBER_OR_BLANK)),
        Field::optional("time_zone", Rule::pattern(TIME_ZONE)),
        Field::optional("detected_time_zone", Rule::pattern(TIME_ZONE)),
    ],
};

pub const COMPLETE_PROFILE: Body = Body {
    schema: "CompleteProfileBody",
    fields: &[
        Field::required("contact_number", Rule::pattern(CONTACT_NUMBER)),
        Field::optional("name", NAME_RULE),
    ],
};

/// An enquiry's message (`enquiry::check_message`).
const MESSAGE_RULE: Rule = Rule::max_length(enquiry::MESSAGE_MAX as usize).and_pattern(MESSAGE);

pub const CONTACT: Body = Body {
    schema: "ContactBody",
    fields: &[
        Field::required("name", NAME_RULE),
        Field::required("email", EMAIL_RULE),
        Field::optional("subject", Rule::max_length(enquiry::SUBJECT_MAX as usize)),
        Field::required("message", MESSAGE_RULE),
    ],
};

/// The values of [`enquiry::PROGRAMMES`].
const PROGRAMMES: [&str; enquiry::PROGRAMMES.len()] = {
    let mut out = [""; enquiry::PROGRAMMES.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = enquiry::PROGRAMMES[i].value;
        i += 1;
    }
    out
};

pub const QUOTE: Body = Body {
    schema: "QuoteBody",
    fields: &[
        Field::required("name", NAME_RULE),
        Field::required("email", EMAIL_RULE),
        Field::required(
            "company",
            Rule::max_length(enquiry::COMPANY_MAX as usize).and_pattern(VISIBLE),
        ),
        Field::optional("phone", Rule::pattern(CONTACT_NUMBER_OR_BLANK)),
        Field::optional(
            "team_size",
            Rule::max_length(enquiry::TEAM_SIZE_MAX as usize),
        ),
        Field::required("programme", Rule::one_of(&PROGRAMMES)),
        Field::required("message", MESSAGE_RULE),
    ],
};

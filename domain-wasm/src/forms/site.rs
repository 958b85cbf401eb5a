//! The public site's enquiry bodies (SPEC §8): the contact form and the
//! custom quote. Their fields are read by the enquiry rules themselves
//! (`crate::enquiry`), their API wording under the field; the name and
//! the e-mail address by the account rules.

use super::accounts::{EMAIL_FIELD, NAME_FIELD};
use super::patterns::{CONTACT_NUMBER_OR_BLANK, MESSAGE, VISIBLE};
use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::accounts::Email;
use crate::enquiry::{self, Checked};

/// An enquiry's message (`enquiry::check_message`).
const MESSAGE_FIELD: Field = Field::required(
    "message",
    Rule::max_length(enquiry::MESSAGE_MAX as usize).and_pattern(MESSAGE),
);
const SUBJECT: Field = Field::optional("subject", Rule::max_length(enquiry::SUBJECT_MAX as usize));

pub const CONTACT: Body = Body {
    schema: "ContactBody",
    fields: &[NAME_FIELD, EMAIL_FIELD, SUBJECT, MESSAGE_FIELD],
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

const COMPANY: Field = Field::required(
    "company",
    Rule::max_length(enquiry::COMPANY_MAX as usize).and_pattern(VISIBLE),
);
const PHONE: Field = Field::optional("phone", Rule::pattern(CONTACT_NUMBER_OR_BLANK));
const TEAM_SIZE: Field = Field::optional(
    "team_size",
    Rule::max_length(enquiry::TEAM_SIZE_MAX as usize),
);
const PROGRAMME: Field = Field::required("programme", Rule::one_of(&PROGRAMMES));

pub const QUOTE: Body = Body {
    schema: "QuoteBody",
    fields: &[
        NAME_FIELD,
        EMAIL_FIELD,
        COMPANY,
        PHONE,
        TEAM_SIZE,
        PROGRAMME,
        MESSAGE_FIELD,
    ],
};

/// A message to the team, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub name: String,
    pub email: Email,
    /// One line; `None` when left out.
    pub subject: Option<String>,
    /// Cleaned (`enquiry::clean_message`).
    pub message: String,
}

/// The contact form: a name, an e-mail address and a message
/// ([`enquiry::MESSAGE_MIN`] to [`enquiry::MESSAGE_MAX`] characters) are
/// required, a subject of at most [`enquiry::SUBJECT_MAX`] optional.
pub fn parse_contact(
    name: Option<&str>,
    email: Option<&str>,
    subject: Option<&str>,
    message: Option<&str>,
) -> Result<Contact, FieldErrors> {
    let mut r = Reader::default();
    let name = r.name(&NAME_FIELD, name);
    let email = r.email(&EMAIL_FIELD, email);
    let message = r.checked(&MESSAGE_FIELD, enquiry::check_message(text(message)));
    let subject = r.checked(&SUBJECT, enquiry::check_subject(text(subject)));
    let parsed = match (name, email, message) {
        (Some(name), Some(email), Some(message)) => Some(Contact {
            name,
            email,
            subject,
            message,
        }),
        _ => None,
    };
    r.finish(parsed)
}

/// A request for a custom quote, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub name: String,
    pub email: Email,
    /// One line.
    pub company: String,
    /// E.164; `None` when left out.
    pub phone: Option<String>,
    /// One line; `None` when left out.
    pub team_size: Option<String>,
    /// One of [`enquiry::PROGRAMMES`]' values.
    pub programme: String,
    /// Cleaned (`enquiry::clean_message`).
    pub message: String,
}

/// The quote form: a name, an e-mail address, the organisation (at most
/// [`enquiry::COMPANY_MAX`] characters), the programme (one of
/// [`enquiry::PROGRAMMES`], any case) and a message are required; a phone
/// number and a team size (free text of at most [`enquiry::TEAM_SIZE_MAX`]
/// characters) optional.
pub fn parse_quote(
    name: Option<&str>,
    email: Option<&str>,
    company: Option<&str>,
    phone: Option<&str>,
    team_size: Option<&str>,
    programme: Option<&str>,
    message: Option<&str>,
) -> Result<Quote, FieldErrors> {
    let mut r = Reader::default();
    let name = r.name(&NAME_FIELD, name);
    let email = r.email(&EMAIL_FIELD, email);
    let message = r.checked(&MESSAGE_FIELD, enquiry::check_message(text(message)));
    let company = r.checked(&COMPANY, enquiry::check_company(text(company)));
    let phone = r.optional_contact_number(&PHONE, phone);
    let team_size = r.checked(&TEAM_SIZE, enquiry::check_team_size(text(team_size), false));
    let programme = r.checked(&PROGRAMME, enquiry::check_programme(text(programme)));
    let parsed = match (name, email, message, company, phone, programme) {
        (Some(name), Some(email), Some(message), Some(company), Some(phone), Some(programme)) => {
            Some(Quote {
                name,
                email,
                company,
                phone,
                team_size,
                programme,
                message,
            })
        }
        _ => None,
    };
    r.finish(parsed)
}

fn text(value: Option<&str>) -> &str {
    value.unwrap_or_default()
}

impl Reader {
    /// A field the enquiry rules checked: its cleaned value (`None` when
    /// left out or refused), the API's message under `field` when refused.
    fn checked(&mut self, field: &Field, checked: Checked) -> Option<String> {
        if let Some(message) = checked.api_message() {
            self.add(field, message);
        }
        checked.value().map(str::to_owned)
    }
}

#[cfg(test)]
mod tests;

//! An application to become a mentor (`ApplicationBody`), signed in or
//! with a new account (`GuestApplicationBody`), with the sessions it
//! offers (`ApplicationServiceBody`): read by
//! [`crate::mentoring::check_application`], the rule the browser's form
//! checks with too.

use super::super::{FieldErrors, Reader};
use super::EXPERIENCE_YEARS;
use crate::accounts::parse_contact_number;
use crate::mentoring::{ApplicationDraft, ServiceDraft, check_application};

/// A session an application offers, as sent (`ApplicationServiceBody`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApplicationServiceInput {
    pub title: Option<String>,
    pub description: Option<String>,
    pub duration_minutes: Option<i64>,
    pub price_paise: Option<i64>,
}

/// An application as sent: the fields `ApplicationBody` and
/// `GuestApplicationBody` share (the guest's account fields are the
/// registration's to read).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApplicationInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub expertise: Option<Vec<String>>,
    pub experience_years: Option<i64>,
    pub current_role: Option<String>,
    pub company: Option<String>,
    pub linkedin: Option<String>,
    pub links: Option<Vec<String>>,
    pub bio: Option<String>,
    pub services: Option<Vec<ApplicationServiceInput>>,
}

impl ApplicationInput {
    /// The draft the rule reads: a field left out is empty (a session's
    /// left-out duration or price is 0).
    fn draft(self) -> ApplicationDraft {
        ApplicationDraft {
            name: self.name.unwrap_or_default(),
            email: self.email.unwrap_or_default(),
            phone: self.phone.unwrap_or_default(),
            expertise: self.expertise.unwrap_or_default(),
            experience_years: self.experience_years.unwrap_or_default(),
            current_role: self.current_role.unwrap_or_default(),
            company: self.company.unwrap_or_default(),
            linkedin: self.linkedin.unwrap_or_default(),
            links: self.links.unwrap_or_default(),
            bio: self.bio.unwrap_or_default(),
            services: self
                .services
                .unwrap_or_default()
                .into_iter()
                .map(|s| ServiceDraft {
                    title: s.title.unwrap_or_default(),
                    description: s.description.unwrap_or_default(),
                    duration_minutes: s.duration_minutes.unwrap_or_default(),
                    price_paise: s.price_paise.unwrap_or_default(),
                })
                .collect(),
        }
    }
}

/// The application as [`check_application`] cleaned it, or every field
/// error: `experience_years` is required (a missing one is not read as 0),
/// the rule's messages after that.
fn checked(input: ApplicationInput) -> Result<ApplicationDraft, FieldErrors> {
    let mut r = Reader::default();
    r.present(&EXPERIENCE_YEARS, input.experience_years);
    match check_application(&input.draft()) {
        Ok(clean) => r.finish(Some(clean)),
        Err(errors) => {
            r.extend(errors);
            r.finish(None)
        }
    }
}

/// A signed-in person's application, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Application {
    /// Cleaned by [`check_application`].
    pub form: ApplicationDraft,
    /// The photo uploaded for it (trimmed; `None` when none was given).
    /// Whether it is the applicant's upload is the application flow's call.
    pub photo_id: Option<String>,
}

/// A signed-in person's application (`ApplicationBody`): the fields by
/// [`check_application`], `experience_years` required, and the photo's id.
pub fn parse_application(
    input: ApplicationInput,
    photo_id: Option<&str>,
) -> Result<Application, FieldErrors> {
    let photo_id = photo_id
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_owned);
    checked(input).map(|form| Application { form, photo_id })
}

/// A guest's application, parsed: the account to create and the
/// application made with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestApplication<R> {
    /// As the registration's parser read it.
    pub registration: R,
    pub form: ApplicationDraft,
    /// The account's contact number: the application's phone, when the
    /// account rule ([`parse_contact_number`]) reads it as one.
    pub contact_number: Option<String>,
}

/// A guest's application (`GuestApplicationBody`): `registration` is what
/// the registration's parser made of the account's fields (`name`,
/// `email`, `password`, `re_password`), and the application is read as
/// [`parse_application`] reads it. The fields both read (the name and the
/// e-mail address) carry each message once, the registration's first.
pub fn parse_guest_application<R>(
    input: ApplicationInput,
    registration: Result<R, FieldErrors>,
) -> Result<GuestApplication<R>, FieldErrors> {
    let application = checked(input);
    match (registration, application) {
        (Ok(registration), Ok(form)) => Ok(GuestApplication {
            contact_number: parse_contact_number(&form.phone).ok(),
            registration,
            form,
        }),
        (registration, application) => {
            let mut r = Reader::default();
            for errors in [registration.err(), application.err()]
                .into_iter()
                .flatten()
            {
                r.extend_once(errors);
            }
            r.finish(None)
        }
    }
}

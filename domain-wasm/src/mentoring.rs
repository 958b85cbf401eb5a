//! The mentors' side (issue 11): the application to become a mentor
//! (`POST /api/mentor-applications/`, the `/become-mentor` form), a
//! mentor's services (`/api/mentor/services/`) and their public profile
//! (`PATCH /api/mentor/profile/`), each cleaned and checked once here for
//! the server and the browser.
//!
//! Each check takes what the person typed and gives either the cleaned
//! value (the one to store: one-line fields trimmed with inner white space
//! collapsed, long texts trimmed with their line breaks kept, e-mail
//! addresses lower-cased, URLs written as a browser writes them, lists
//! without blank or repeated entries) or every problem at once, as djoser's
//! field errors: `{"field": ["message", …]}`, keyed by the API's field name
//! and worded for the person filling in the form.
//!
//! A problem inside a list item is reported under the list's field, its
//! message naming the item by its position as the person sees it, counting
//! from 1: `"services": ["Session 2: Give the session a title of at least 3
//! characters."]`, `"education": ["Education 1: Enter the degree."]`,
//! `"links": ["Link 3: …"]`; a map entry is named by its label:
//! `"social_links": ["GitHub: …"]`. Items left wholly blank are dropped, not
//! refused, so their positions are those of the items as sent.
//!
//! # Decisions
//!
//! - **Prices** are whole rupees: `price_paise` is a multiple of 100, from 0
//!   (a free session) to ₹1,00,000 (10,000,000 paise). Paise stay the unit
//!   of the API and the ledger, but nobody prices a session at ₹499.50, and a
//!   form asking for rupees cannot produce paise.
//! - **Durations** share the slot rules' bounds ([`DURATION_MIN`] to
//!   [`DURATION_MAX`] minutes), so every service can be booked.
//! - **Expertise** entries matching a category ([`CATEGORIES`]) regardless
//!   of case take the category's spelling (`technology` → `Technology`), so
//!   the explorer's category matching finds the mentor; other entries (free
//!   tags) are kept as written. Repeats, compared case-insensitively, are
//!   dropped (the first spelling stays).
//! - **Phone numbers** are kept as digits with their optional leading `+`
//!   (`+91 98765-43210` → `+919876543210`): 10 to 15 digits, so a number with
//!   its country code fits, and a national number of 10 digits too.
//! - **URLs** written without a scheme (`github.com/asha`) are read as
//!   `https://`; only `http:` and `https:` addresses are kept (see
//!   [`safe_url`]). A LinkedIn address must be `https://linkedin.com/…` or
//!   `https://www.linkedin.com/…` with a path (a profile, not the home page).
//! - **Years** (education, experience) run from [`YEAR_MIN`] to
//!   [`YEAR_MAX`], which leaves room for a degree still in progress; the crate
//!   reads no clock, so "not in the future" is not checked here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::accounts::{Email, NAME_MAX, REQUIRED, parse_name};
use crate::bindings::lowercase;
use crate::enquiry::{clean_message, one_line};
use crate::mentor_profile::safe_url;
use crate::money::group_indian;
use crate::slots::{DURATION_MAX, DURATION_MIN};

crate::status::stored_status! {
    /// Where an application to become a mentor is in its review.
    pub enum ApplicationStatus ("application status") {
        /// Made by a guest together with their account; submitted (pending)
        /// when the account is activated. Administrators never see drafts.
        Draft = "draft",
        /// Waiting for an administrator (the SPEC promises a decision within 24 hours).
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
    }
}

mod profile;
pub use profile::check_profile;

/// Field errors in djoser's shape, keyed by the API's field name.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// A name is at least this many characters (and at most [`NAME_MAX`]).
pub const NAME_MIN: usize = 2;
/// A phone number has at least this many digits…
pub const PHONE_DIGITS_MIN: usize = 10;
/// …and at most this many (E.164's limit).
pub const PHONE_DIGITS_MAX: usize = 15;
/// At least one area of expertise, at most this many.
pub const EXPERTISE_MAX: usize = 10;
/// Each area of expertise is at most this many characters.
pub const EXPERTISE_ITEM_MAX: usize = 40;
/// Years of experience, at most.
pub const EXPERIENCE_YEARS_MAX: i64 = 60;
/// The current role, the company, a job title: at most this many characters.
pub const LINE_MAX: usize = 100;
/// The profile's headline, at most.
pub const HEADLINE_MAX: usize = 150;
/// At most this many other links in an application.
pub const LINKS_MAX: usize = 5;
/// The bio: at least this many characters…
pub const BIO_MIN: usize = 50;
/// …and at most this many.
pub const BIO_MAX: usize = 2000;
/// An application offers at least one session, at most this many.
pub const SERVICES_MAX: usize = 5;
/// A service's title: at least this many characters…
pub const SERVICE_TITLE_MIN: usize = 3;
/// …and at most this many.
pub const SERVICE_TITLE_MAX: usize = 100;
/// A service's (or a project's, or a job's) description, at most.
pub const DESCRIPTION_MAX: usize = 1000;
/// The highest price of a session: ₹1,00,000.
pub const PRICE_MAX_PAISE: i64 = 10_000_000;
/// Prices are whole rupees: multiples of this many paise.
pub const PRICE_STEP_PAISE: i64 = 100;
/// Each list of the profile (education, experience, projects) has at most
/// this many entries.
pub const PROFILE_LIST_MAX: usize = 20;
/// A degree, an institution, a project's title: at most this many characters.
pub const ENTRY_LINE_MAX: usize = 150;
/// The earliest year an education or experience entry may give…
pub const YEAR_MIN: i64 = 1940;
/// …and the latest.
pub const YEAR_MAX: i64 = 2100;
/// A URL is at most this many characters.
pub const URL_MAX: usize = 500;

/// The networks a profile may link to (`social_links` keys), with their labels.
pub const SOCIAL_NETWORKS: &[(&str, &str)] = &[
    ("linkedin", "LinkedIn"),
    ("twitter", "X (Twitter)"),
    ("x", "X"),
    ("github", "GitHub"),
    ("youtube", "YouTube"),
    ("instagram", "Instagram"),
    ("medium", "Medium"),
    ("website", "Website"),
];

/// The ways a profile may be contacted (`contact` keys), with their labels.
pub const CONTACT_KINDS: &[(&str, &str)] = &[
    ("email", "E-mail"),
    ("phone", "Phone"),
    ("website", "Website"),
];

/// The areas of expertise the forms offer: the explorer's categories
/// (SPEC §4, without "All Mentors"), then the fields SPEC §1 names that the
/// explorer has no tab for. A mentor may add free tags besides.
pub const CATEGORIES: &[&str] = &[
    crate::explorer::CATEGORIES[1].name,
    crate::explorer::CATEGORIES[2].name,
    crate::explorer::CATEGORIES[3].name,
    crate::explorer::CATEGORIES[4].name,
    crate::explorer::CATEGORIES[5].name,
    crate::explorer::CATEGORIES[6].name,
    crate::explorer::CATEGORIES[7].name,
    crate::listing::FIELD_CATEGORIES[0].name,
    crate::listing::FIELD_CATEGORIES[1].name,
    crate::listing::FIELD_CATEGORIES[2].name,
    crate::listing::FIELD_CATEGORIES[3].name,
    crate::listing::FIELD_CATEGORIES[4].name,
];

/// A session a mentor offers (or would offer, in an application).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
// Missing fields read as empty (serde, for the server; `crate::js::mentoring`
// reads JavaScript's). Not in the wasm build, whose TypeScript types then
// say, rightly for results, that every field is there.
#[cfg_attr(not(feature = "wasm"), serde(default))]
pub struct ServiceDraft {
    pub title: String,
    pub description: String,
    pub duration_minutes: i64,
    pub price_paise: i64,
}

/// An application to become a mentor, as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[cfg_attr(not(feature = "wasm"), serde(default))]
pub struct ApplicationDraft {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub expertise: Vec<String>,
    pub experience_years: i64,
    pub current_role: String,
    pub company: String,
    /// Empty, or the applicant's LinkedIn profile.
    pub linkedin: String,
    /// Other pages about the applicant (a site, a portfolio).
    pub links: Vec<String>,
    pub bio: String,
    pub services: Vec<ServiceDraft>,
}

/// An entry of a mentor's education (as in `GET /api/mentors/{id}/`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[cfg_attr(not(feature = "wasm"), serde(default))]
pub struct EducationEntry {
    pub degree: String,
    pub institution: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub year: Option<i64>,
}

/// An entry of a mentor's work experience.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[cfg_attr(not(feature = "wasm"), serde(default))]
pub struct ExperienceEntry {
    pub title: String,
    pub company: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_year: Option<i64>,
    /// None: to this day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_year: Option<i64>,
    pub description: String,
}

/// A project a mentor shows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[cfg_attr(not(feature = "wasm"), serde(default))]
pub struct ProjectEntry {
    pub title: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// A mentor's public profile, as they edit it on `/dashboard/mentor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[cfg_attr(not(feature = "wasm"), serde(default))]
pub struct ProfileDraft {
    pub name: String,
    pub headline: String,
    pub bio: String,
    pub expertise: Vec<String>,
    pub experience_years: i64,
    pub education: Vec<EducationEntry>,
    pub experience: Vec<ExperienceEntry>,
    pub projects: Vec<ProjectEntry>,
    /// Keys from [`SOCIAL_NETWORKS`].
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string>"))]
    pub social_links: BTreeMap<String, String>,
    /// Keys from [`CONTACT_KINDS`].
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string>"))]
    pub contact: BTreeMap<String, String>,
}

/// Collects the problems of one check.
#[derive(Default)]
struct Errors(FieldErrors);

impl Errors {
    fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_owned())
            .or_default()
            .push(message.into());
    }

    /// Records `result`'s problem under `field` and gives its value (or the
    /// default, when refused: the value is only returned when nothing is).
    fn take<T: Default>(&mut self, field: &str, result: Result<T, String>) -> T {
        result.unwrap_or_else(|message| {
            self.add(field, message);
            T::default()
        })
    }

    fn finish<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self.0)
        }
    }
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A one-line field of at most `max` characters; may be empty.
fn line(raw: &str, max: usize) -> Result<String, String> {
    let value = one_line(raw);
    if chars(&value) > max {
        return Err(format!("Keep this to {max} characters or fewer."));
    }
    Ok(value)
}

/// A one-line field that must be given.
fn required_line(raw: &str, max: usize, missing: &str) -> Result<String, String> {
    let value = line(raw, max)?;
    if value.is_empty() {
        return Err(missing.to_owned());
    }
    Ok(value)
}

/// A long text (line breaks kept) of at most `max` characters; may be empty.
fn text(raw: &str, max: usize) -> Result<String, String> {
    let value = clean_message(raw);
    let n = chars(&value);
    if n > max {
        return Err(format!(
            "Keep this to {} characters or fewer (it has {}).",
            group_indian(max as u64),
            group_indian(n as u64)
        ));
    }
    Ok(value)
}

fn check_person_name(raw: &str) -> Result<String, String> {
    let name = parse_name(raw).map_err(|p| p.message().to_owned())?;
    if chars(&name) < NAME_MIN {
        return Err(format!(
            "Enter your full name: {NAME_MIN} to {NAME_MAX} characters."
        ));
    }
    Ok(name)
}

fn check_email(raw: &str) -> Result<String, String> {
    Email::parse(raw)
        .map(Email::into_string)
        .map_err(|p| p.message().to_owned())
}

/// The message for a phone number that is not one.
pub const INVALID_PHONE: &str =
    "Enter a phone number of 10 to 15 digits with its country code, such as +91 98765 43210.";

/// A phone number: digits with an optional leading `+`, spaces and dashes
/// between them, [`PHONE_DIGITS_MIN`] to [`PHONE_DIGITS_MAX`] digits; kept
/// as the `+` and the digits.
pub fn parse_phone(raw: &str) -> Result<String, String> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(REQUIRED.to_owned());
    }
    let (plus, rest) = match trimmed.strip_prefix('+') {
        Some(rest) => ("+", rest),
        None => ("", trimmed),
    };
    let mut digits = String::with_capacity(rest.len());
    for c in rest.chars() {
        match c {
            '0'..='9' => digits.push(c),
            ' ' | '-' => {}
            _ => return Err(INVALID_PHONE.to_owned()),
        }
    }
    if !(PHONE_DIGITS_MIN..=PHONE_DIGITS_MAX).contains(&digits.len()) {
        return Err(INVALID_PHONE.to_owned());
    }
    Ok(format!("{plus}{digits}"))
}

/// A web address as stored (see [`safe_url`]); one written without a
/// scheme is read as `https://`.
fn web_address(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() || chars(raw) > URL_MAX {
        return None;
    }
    let url = if raw.contains("://") {
        safe_url(raw)
    } else {
        safe_url(&format!("https://{raw}"))
    }?;
    // A host with a dot (or a bracketed address): `https://asha` is a slip.
    let host = url
        .split("://")
        .nth(1)?
        .split(['/', ':', '?', '#'])
        .next()?;
    (host.contains('.') || host.starts_with('[')).then_some(url)
}

const INVALID_URL: &str = "Enter a full web address, such as https://example.com/your-page.";

fn check_url(raw: &str) -> Result<String, String> {
    web_address(raw).ok_or_else(|| INVALID_URL.to_owned())
}

const INVALID_LINKEDIN: &str =
    "Enter your LinkedIn profile's address, such as https://www.linkedin.com/in/your-name.";

/// A LinkedIn profile's address (`https://www.linkedin.com/in/…`).
pub fn parse_linkedin(raw: &str) -> Result<String, String> {
    let url = web_address(raw).ok_or_else(|| INVALID_LINKEDIN.to_owned())?;
    let path = url
        .strip_prefix("https://www.linkedin.com/")
        .or_else(|| url.strip_prefix("https://linkedin.com/"))
        .or_else(|| url.strip_prefix("http://www.linkedin.com/"))
        .or_else(|| url.strip_prefix("http://linkedin.com/"));
    match path {
        // Kept as https: LinkedIn serves nothing else.
        Some(path) if !path.is_empty() && !path.starts_with(['?', '#']) => {
            Ok(format!("https://www.linkedin.com/{path}"))
        }
        _ => Err(INVALID_LINKEDIN.to_owned()),
    }
}

/// The linkedin field: empty, or [`parse_linkedin`].
fn optional_linkedin(raw: &str) -> Result<String, String> {
    if raw.trim().is_empty() {
        Ok(String::new())
    } else {
        parse_linkedin(raw)
    }
}

/// The areas of expertise: blank entries dropped, one line each, repeats
/// dropped (case-insensitively), categories in their own spelling.
fn check_expertise(raw: &[String]) -> Result<Vec<String>, Vec<String>> {
    let mut problems = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for item in raw {
        let value = one_line(item);
        if value.is_empty() {
            continue;
        }
        if chars(&value) > EXPERTISE_ITEM_MAX {
            let start: String = value.chars().take(20).collect();
            problems.push(format!(
                "\"{start}…\" is too long: keep each area to {EXPERTISE_ITEM_MAX} characters."
            ));
            continue;
        }
        let key = lowercase(&value);
        if seen.contains(&key) {
            continue;
        }
        let value = CATEGORIES
            .iter()
            .find(|c| lowercase(c) == key)
            .map_or(value, |c| (*c).to_owned());
        seen.push(key);
        out.push(value);
    }
    if out.is_empty() && problems.is_empty() {
        problems.push("Choose at least one area of expertise.".to_owned());
    }
    if out.len() > EXPERTISE_MAX {
        problems.push(format!(
            "Choose at most {EXPERTISE_MAX} areas of expertise (you have {}).",
            out.len()
        ));
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

fn check_experience_years(years: i64) -> Result<i64, String> {
    if (0..=EXPERIENCE_YEARS_MAX).contains(&years) {
        Ok(years)
    } else {
        Err(format!(
            "Enter your years of experience, from 0 to {EXPERIENCE_YEARS_MAX}."
        ))
    }
}

fn check_bio(raw: &str) -> Result<String, String> {
    let bio = clean_message(raw);
    let n = chars(&bio);
    if n == 0 {
        Err(REQUIRED.to_owned())
    } else if n < BIO_MIN {
        Err(format!(
            "Tell learners a little more about yourself: at least {BIO_MIN} characters (you have {n})."
        ))
    } else if n > BIO_MAX {
        Err(format!(
            "Keep your bio to {} characters or fewer (it has {}).",
            group_indian(BIO_MAX as u64),
            group_indian(n as u64)
        ))
    } else {
        Ok(bio)
    }
}

/// The other links of an application: blank ones dropped, each a web
/// address, repeats dropped, at most [`LINKS_MAX`].
fn check_links(raw: &[String]) -> Result<Vec<String>, Vec<String>> {
    let mut problems = Vec::new();
    let mut out: Vec<String> = Vec::new();
    for (i, item) in raw.iter().enumerate() {
        if item.trim().is_empty() {
            continue;
        }
        match check_url(item) {
            Ok(url) if !out.contains(&url) => out.push(url),
            Ok(_) => {}
            Err(message) => problems.push(format!("Link {}: {message}", i + 1)),
        }
    }
    if out.len() > LINKS_MAX {
        problems.push(format!(
            "Add at most {LINKS_MAX} links (you have {}).",
            out.len()
        ));
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

fn price_label(paise: i64) -> String {
    format!("₹{}", group_indian(paise.unsigned_abs() / 100))
}

/// A service a mentor offers: its title ([`SERVICE_TITLE_MIN`] to
/// [`SERVICE_TITLE_MAX`] characters, one line), description (optional, at
/// most [`DESCRIPTION_MAX`]), duration ([`DURATION_MIN`] to
/// [`DURATION_MAX`] minutes) and price (whole rupees, 0 = free, at most
/// ₹1,00,000). Errors are keyed `title`, `description`, `duration_minutes`,
/// `price_paise`.
pub fn check_service(draft: &ServiceDraft) -> Result<ServiceDraft, FieldErrors> {
    let mut errors = Errors::default();
    let title = one_line(&draft.title);
    let title = if title.is_empty() {
        errors.add("title", REQUIRED);
        title
    } else if !(SERVICE_TITLE_MIN..=SERVICE_TITLE_MAX).contains(&chars(&title)) {
        errors.add(
            "title",
            format!(
                "Give the session a title of {SERVICE_TITLE_MIN} to {SERVICE_TITLE_MAX} characters."
            ),
        );
        title
    } else {
        title
    };
    let description = errors.take("description", text(&draft.description, DESCRIPTION_MAX));
    let (min, max) = (i64::from(DURATION_MIN), i64::from(DURATION_MAX));
    if !(min..=max).contains(&draft.duration_minutes) {
        errors.add(
            "duration_minutes",
            format!("A session lasts from {min} to {max} minutes."),
        );
    }
    if !(0..=PRICE_MAX_PAISE).contains(&draft.price_paise) {
        errors.add(
            "price_paise",
            format!(
                "Set a price from ₹0 (a free session) to {}.",
                price_label(PRICE_MAX_PAISE)
            ),
        );
    } else if draft.price_paise % PRICE_STEP_PAISE != 0 {
        errors.add(
            "price_paise",
            "Set the price in whole rupees, without paise.",
        );
    }
    errors.finish(ServiceDraft {
        title,
        description,
        duration_minutes: draft.duration_minutes,
        price_paise: draft.price_paise,
    })
}

/// The fields of a service, in the form's order.
const SERVICE_FIELDS: [&str; 4] = ["title", "description", "duration_minutes", "price_paise"];

/// Every message of a service's `errors`, in the form's order, prefixed
/// with the item's name.
fn prefixed(item: &str, mut errors: FieldErrors) -> impl Iterator<Item = String> {
    SERVICE_FIELDS
        .iter()
        .flat_map(move |field| errors.remove(*field).unwrap_or_default())
        .map(move |message| format!("{item}: {message}"))
}

/// The services of an application: one to [`SERVICES_MAX`], each by
/// [`check_service`]; problems named `Session n: …`.
fn check_services(raw: &[ServiceDraft], errors: &mut Errors) -> Vec<ServiceDraft> {
    let mut out = Vec::new();
    for (i, service) in raw.iter().enumerate() {
        match check_service(service) {
            Ok(service) => out.push(service),
            Err(problems) => {
                for message in prefixed(&format!("Session {}", i + 1), problems) {
                    errors.add("services", message);
                }
            }
        }
    }
    if raw.is_empty() {
        errors.add(
            "services",
            "Offer at least one session: its title, length and price.",
        );
    } else if raw.len() > SERVICES_MAX {
        errors.add(
            "services",
            format!(
                "Offer at most {SERVICES_MAX} sessions (you have {}).",
                raw.len()
            ),
        );
    }
    out
}

/// An application to become a mentor, cleaned and checked: name (2–100
/// characters), e-mail, phone ([`parse_phone`]), expertise (1–10 areas of at
/// most 40 characters), years of experience (0–60), current role and company
/// (optional, at most 100 characters each), LinkedIn (optional,
/// [`parse_linkedin`]), other links (at most 5 web addresses), bio (50–2,000
/// characters) and the sessions offered (1–5, [`check_service`]). `Ok` is the
/// cleaned application; `Err` every problem, keyed by field.
pub fn check_application(draft: &ApplicationDraft) -> Result<ApplicationDraft, FieldErrors> {
    let mut errors = Errors::default();
    let name = errors.take("name", check_person_name(&draft.name));
    let email = errors.take("email", check_email(&draft.email));
    let phone = errors.take("phone", parse_phone(&draft.phone));
    let expertise = check_expertise(&draft.expertise).unwrap_or_else(|problems| {
        for p in problems {
            errors.add("expertise", p);
        }
        Vec::new()
    });
    let experience_years = errors.take(
        "experience_years",
        check_experience_years(draft.experience_years),
    );
    let current_role = errors.take("current_role", line(&draft.current_role, LINE_MAX));
    let company = errors.take("company", line(&draft.company, LINE_MAX));
    let linkedin = errors.take("linkedin", optional_linkedin(&draft.linkedin));
    let links = check_links(&draft.links).unwrap_or_else(|problems| {
        for p in problems {
            errors.add("links", p);
        }
        Vec::new()
    });
    let bio = errors.take("bio", check_bio(&draft.bio));
    let services = check_services(&draft.services, &mut errors);
    errors.finish(ApplicationDraft {
        name,
        email,
        phone,
        expertise,
        experience_years,
        current_role,
        company,
        linkedin,
        links,
        bio,
        services,
    })
}

/// Whether a new service confirms bookings at once unless the mentor says
/// otherwise: a free one does (a free request otherwise waits on the
/// mentor for nothing), a paid one waits for the mentor's acceptance.
pub fn instant_by_default(price_paise: i64) -> bool {
    price_paise == 0
}

// ---- The forms' limits and the dashboard's checklist -------------------

/// The session lengths the forms offer, in minutes: every one within the
/// slot rules' bounds ([`DURATION_MIN`] to [`DURATION_MAX`]), so each can be
/// booked; quarter hours up to 90 minutes, then half hours.
pub const DURATIONS: &[u32] = &[15, 30, 45, 60, 75, 90, 120, 150, 180];

/// What the application form and the mentor's service dialog offer and
/// count against, so the browser's form and the server's check share one
/// set of numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct ApplicationLimits {
    /// [`SERVICES_MAX`]: the most sessions an application offers (the form
    /// stops offering another row there).
    pub max_sessions: u32,
    /// [`DURATIONS`]: the lengths the forms' select offers, shortest first.
    pub durations: Vec<u32>,
    /// [`BIO_MIN`].
    pub bio_min: u32,
    /// [`BIO_MAX`].
    pub bio_max: u32,
}

/// The mentor forms' limits: the most sessions an application offers, the
/// session lengths offered, the bio's least and most characters.
#[crate::export(mentoring)]
pub fn application_limits() -> ApplicationLimits {
    ApplicationLimits {
        max_sessions: SERVICES_MAX as u32,
        durations: DURATIONS.to_vec(),
        bio_min: BIO_MIN as u32,
        bio_max: BIO_MAX as u32,
    }
}

/// What the mentor dashboard's overview knows of a mentor, for
/// [`profile_completeness`]: the saved profile (`GET /api/mentor/profile/`),
/// their services and their availability.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
// Read from JavaScript by `crate::js::mentoring`; serde only names the fields for
// the TypeScript type.
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct CompletenessInput {
    /// Whether the profile has a photo (its `image_url` is set).
    pub has_photo: bool,
    pub headline: String,
    pub bio: String,
    pub expertise: Vec<String>,
    /// How many of the mentor's services are active (offered to learners).
    pub active_services: u32,
    /// Whether the mentor has saved an availability (`configured`).
    pub availability_saved: bool,
}

/// One item of the profile checklist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct CompletenessItem {
    /// `photo`, `headline`, `bio`, `expertise`, `service` or `availability`.
    pub id: String,
    pub done: bool,
    /// What is done, once it is.
    pub label: String,
    /// What to do, and why, while it is not.
    pub todo: String,
}

/// The profile checklist: its items in the order a mentor would do them,
/// how many are done and the share done as a whole percentage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Completeness {
    pub items: Vec<CompletenessItem>,
    pub done: u32,
    pub total: u32,
    /// `done / total` as a percentage rounded half up (`Math.round`).
    pub percent: u32,
}

/// What makes a mentor's profile worth booking, item by item, as the
/// dashboard's overview shows it: a photo, a headline, a bio, an area of
/// expertise (blank text counts as none), an active service and a saved
/// availability (without the last two no learner can book).
#[crate::export(mentoring)]
pub fn profile_completeness(input: CompletenessInput) -> Completeness {
    let filled = |s: &str| !s.trim().is_empty();
    let steps = [
        (
            "photo",
            input.has_photo,
            "Profile photo",
            "Add a photo so learners can put a face to your name",
        ),
        (
            "headline",
            filled(&input.headline),
            "Headline",
            "Write a headline that says what you help with",
        ),
        (
            "bio",
            filled(&input.bio),
            "Bio",
            "Tell learners about your background in your bio",
        ),
        (
            "expertise",
            input.expertise.iter().any(|e| filled(e)),
            "Areas of expertise",
            "Choose your areas of expertise so learners find you",
        ),
        (
            "service",
            input.active_services > 0,
            "A service learners can book",
            "Add a service with its length and price",
        ),
        (
            "availability",
            input.availability_saved,
            "Availability",
            "Set your availability so learners can book you",
        ),
    ];
    let items: Vec<CompletenessItem> = steps
        .iter()
        .map(|&(id, done, label, todo)| CompletenessItem {
            id: id.to_owned(),
            done,
            label: label.to_owned(),
            todo: todo.to_owned(),
        })
        .collect();
    let total = items.len() as u32;
    let done = items.iter().filter(|i| i.done).count() as u32;
    Completeness {
        items,
        done,
        total,
        percent: (done * 100 + total / 2) / total,
    }
}

#[cfg(test)]
mod tests;

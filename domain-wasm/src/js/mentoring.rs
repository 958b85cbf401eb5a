//! The mentors' side's JavaScript adapters (`src/mentoring.rs`): the
//! drafts and the checklist's input read from JavaScript, the checks'
//! outcomes as tagged objects, and the exports of the mentoring module.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Arg, arg};
use crate::bindings::{BadInput, FromJson};
use crate::json::Json;
use crate::mentoring::{
    ApplicationDraft, CATEGORIES, CompletenessInput, EducationEntry, ExperienceEntry, FieldErrors,
    ProfileDraft, ProjectEntry, ServiceDraft, check_application, check_profile, check_service,
};

/// The names of an argument in messages (`an application: experience_years
/// must be a whole number`).
const fn named(what: &'static str, field: &'static str) -> Arg {
    Arg {
        what,
        field,
        got: false,
        text: "a string",
    }
}

// The drafts as JavaScript passes them: the API's JSON (snake_case), a
// field left out or `null` empty, as serde reads them for the API.

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ServiceArg {
    title: String,
    description: String,
    duration_minutes: i64,
    price_paise: i64,
}

impl From<ServiceArg> for ServiceDraft {
    fn from(s: ServiceArg) -> ServiceDraft {
        ServiceDraft {
            title: s.title,
            description: s.description,
            duration_minutes: s.duration_minutes,
            price_paise: s.price_paise,
        }
    }
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ApplicationArg {
    name: String,
    email: String,
    phone: String,
    expertise: Vec<String>,
    experience_years: i64,
    current_role: String,
    company: String,
    linkedin: String,
    links: Vec<String>,
    bio: String,
    services: Vec<ServiceArg>,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct EducationArg {
    degree: String,
    institution: String,
    year: Option<i64>,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ExperienceArg {
    title: String,
    company: String,
    start_year: Option<i64>,
    end_year: Option<i64>,
    description: String,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ProjectArg {
    title: String,
    description: String,
    url: Option<String>,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ProfileArg {
    name: String,
    headline: String,
    bio: String,
    expertise: Vec<String>,
    experience_years: i64,
    education: Vec<EducationArg>,
    experience: Vec<ExperienceArg>,
    projects: Vec<ProjectArg>,
    social_links: BTreeMap<String, String>,
    contact: BTreeMap<String, String>,
}

/// [`CompletenessInput`] as JavaScript passes it (camelCase).
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct CompletenessArg {
    has_photo: bool,
    headline: String,
    bio: String,
    expertise: Vec<String>,
    active_services: u32,
    availability_saved: bool,
}

impl FromJson for ServiceDraft {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        arg::<ServiceArg>(json, &named("a service", "a service: ")).map(ServiceDraft::from)
    }
}

impl FromJson for ApplicationDraft {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let a: ApplicationArg = arg(json, &named("an application", "an application: "))?;
        Ok(ApplicationDraft {
            name: a.name,
            email: a.email,
            phone: a.phone,
            expertise: a.expertise,
            experience_years: a.experience_years,
            current_role: a.current_role,
            company: a.company,
            linkedin: a.linkedin,
            links: a.links,
            bio: a.bio,
            services: a.services.into_iter().map(ServiceDraft::from).collect(),
        })
    }
}

impl FromJson for ProfileDraft {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let p: ProfileArg = arg(json, &named("a profile", "a profile: "))?;
        Ok(ProfileDraft {
            name: p.name,
            headline: p.headline,
            bio: p.bio,
            expertise: p.expertise,
            experience_years: p.experience_years,
            education: p
                .education
                .into_iter()
                .map(|e| EducationEntry {
                    degree: e.degree,
                    institution: e.institution,
                    year: e.year,
                })
                .collect(),
            experience: p
                .experience
                .into_iter()
                .map(|e| ExperienceEntry {
                    title: e.title,
                    company: e.company,
                    start_year: e.start_year,
                    end_year: e.end_year,
                    description: e.description,
                })
                .collect(),
            projects: p
                .projects
                .into_iter()
                .map(|e| ProjectEntry {
                    title: e.title,
                    description: e.description,
                    url: e.url,
                })
                .collect(),
            social_links: p.social_links,
            contact: p.contact,
        })
    }
}

impl FromJson for CompletenessInput {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let c: CompletenessArg = arg(
            json,
            &named(
                "a profile's completeness input",
                "a profile's completeness input: ",
            ),
        )?;
        Ok(CompletenessInput {
            has_photo: c.has_photo,
            headline: c.headline,
            bio: c.bio,
            expertise: c.expertise,
            active_services: c.active_services,
            availability_saved: c.availability_saved,
        })
    }
}

/// The outcome of [`check_application_of`]: the cleaned application, or the
/// field errors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[allow(clippy::large_enum_variant)] // made once per check and serialized at once
pub enum ApplicationCheck {
    Ok {
        value: ApplicationDraft,
    },
    Error {
        #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string[]>"))]
        errors: FieldErrors,
    },
}

/// The outcome of [`check_service_of`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum ServiceCheck {
    Ok {
        value: ServiceDraft,
    },
    Error {
        #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string[]>"))]
        errors: FieldErrors,
    },
}

/// The outcome of [`check_profile_of`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
#[allow(clippy::large_enum_variant)] // made once per check and serialized at once
pub enum ProfileCheck {
    Ok {
        value: ProfileDraft,
    },
    Error {
        #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string[]>"))]
        errors: FieldErrors,
    },
}

/// An application to become a mentor, cleaned (`{type: "ok", value}`) or
/// its problems in djoser's shape (`{type: "error", errors}`), as the API
/// checks it. Throws only for a value that is not an application.
#[crate::export(mentoring, js_name = "checkApplication")]
pub fn check_application_of(draft: ApplicationDraft) -> ApplicationCheck {
    match check_application(&draft) {
        Ok(value) => ApplicationCheck::Ok { value },
        Err(errors) => ApplicationCheck::Error { errors },
    }
}

/// A mentor's service (title, description, duration, price in whole
/// rupees), cleaned or its problems, as the API checks it.
#[crate::export(mentoring, js_name = "checkService")]
pub fn check_service_of(draft: ServiceDraft) -> ServiceCheck {
    match check_service(&draft) {
        Ok(value) => ServiceCheck::Ok { value },
        Err(errors) => ServiceCheck::Error { errors },
    }
}

/// A mentor's public profile, cleaned or its problems, as the API checks it.
#[crate::export(mentoring, js_name = "checkProfile")]
pub fn check_profile_of(draft: ProfileDraft) -> ProfileCheck {
    match check_profile(&draft) {
        Ok(value) => ProfileCheck::Ok { value },
        Err(errors) => ProfileCheck::Error { errors },
    }
}
/// [`instant_by_default`] for the service form: whether a new service of
/// this price (paise) starts with instant confirmation ticked.
#[crate::export(mentoring, js_name = "instantByDefault")]
pub fn instant_by_default_js(price_paise: f64) -> bool {
    price_paise == 0.0
}

/// The areas of expertise the mentor forms offer, in order; free tags may
/// be added besides.
#[crate::export(mentoring)]
pub fn mentor_categories() -> Vec<String> {
    CATEGORIES.iter().map(|c| (*c).to_owned()).collect()
}

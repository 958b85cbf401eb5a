//! A mentor's public profile (`PATCH /api/mentor/profile/`), cleaned and
//! checked: the profile's own fields as in an application, its lists
//! (education, experience, projects) and its maps (social links, contact).

use super::*;

fn check_year(year: Option<i64>, what: &str) -> Result<Option<i64>, String> {
    match year {
        Some(y) if !(YEAR_MIN..=YEAR_MAX).contains(&y) => Err(format!(
            "{what} must be a year from {YEAR_MIN} to {YEAR_MAX}."
        )),
        _ => Ok(year),
    }
}

/// One entry of a profile list, cleaned, or its problems (unprefixed).
type Entry<T> = Result<Option<T>, Vec<String>>;

/// Collects an entry's problems: `Ok(value)` or the messages.
#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn take<T: Default>(&mut self, result: Result<T, String>) -> T {
        result.unwrap_or_else(|message| {
            self.0.push(message);
            T::default()
        })
    }

    fn finish<T>(self, value: T) -> Entry<T> {
        if self.0.is_empty() {
            Ok(Some(value))
        } else {
            Err(self.0)
        }
    }
}

fn education_entry(e: &EducationEntry) -> Entry<EducationEntry> {
    if e.degree.trim().is_empty() && e.institution.trim().is_empty() && e.year.is_none() {
        return Ok(None);
    }
    let mut p = Problems::default();
    let degree = p.take(required_line(
        &e.degree,
        ENTRY_LINE_MAX,
        "Enter the degree or qualification.",
    ));
    let institution = p.take(required_line(
        &e.institution,
        ENTRY_LINE_MAX,
        "Enter the institution.",
    ));
    let year = p.take(check_year(e.year, "The year"));
    p.finish(EducationEntry {
        degree,
        institution,
        year,
    })
}

fn experience_entry(e: &ExperienceEntry) -> Entry<ExperienceEntry> {
    if e.title.trim().is_empty()
        && e.company.trim().is_empty()
        && e.description.trim().is_empty()
        && e.start_year.is_none()
        && e.end_year.is_none()
    {
        return Ok(None);
    }
    let mut p = Problems::default();
    let title = p.take(required_line(
        &e.title,
        LINE_MAX,
        "Enter the role or job title.",
    ));
    let company = p.take(line(&e.company, LINE_MAX));
    let start_year = p.take(check_year(e.start_year, "The start"));
    let end_year = p.take(check_year(e.end_year, "The end"));
    if let (Some(start), Some(end)) = (start_year, end_year)
        && end < start
    {
        p.0.push(format!(
            "The end ({end}) must not come before the start ({start})."
        ));
    }
    let description = p.take(text(&e.description, DESCRIPTION_MAX));
    p.finish(ExperienceEntry {
        title,
        company,
        start_year,
        end_year,
        description,
    })
}

fn project_entry(e: &ProjectEntry) -> Entry<ProjectEntry> {
    let url_given = e.url.as_deref().is_some_and(|u| !u.trim().is_empty());
    if e.title.trim().is_empty() && e.description.trim().is_empty() && !url_given {
        return Ok(None);
    }
    let mut p = Problems::default();
    let title = p.take(required_line(
        &e.title,
        ENTRY_LINE_MAX,
        "Enter the project's title.",
    ));
    let description = p.take(text(&e.description, DESCRIPTION_MAX));
    let url = match e.url.as_deref().filter(|_| url_given) {
        Some(u) => p.take(check_url(u).map(Some)),
        None => None,
    };
    p.finish(ProjectEntry {
        title,
        description,
        url,
    })
}

/// A list of the profile: blank entries dropped, each checked, at most
/// [`PROFILE_LIST_MAX`]; problems under `field`, named `{item} n: …`.
fn check_list<T>(
    raw: &[T],
    field: &str,
    item: &str,
    check: impl Fn(&T) -> Entry<T>,
    errors: &mut Errors,
) -> Vec<T> {
    let mut out = Vec::new();
    for (i, entry) in raw.iter().enumerate() {
        match check(entry) {
            Ok(Some(value)) => out.push(value),
            Ok(None) => {}
            Err(problems) => {
                for message in problems {
                    errors.add(field, format!("{item} {}: {message}", i + 1));
                }
            }
        }
    }
    if raw.len() > PROFILE_LIST_MAX {
        errors.add(
            field,
            format!(
                "Keep this list to {PROFILE_LIST_MAX} entries (it has {}).",
                raw.len()
            ),
        );
    }
    out
}

/// A map of the profile (`social_links`, `contact`): keys trimmed and
/// lower-cased, each from `known`; empty values dropped; each value checked
/// by `check` for its key; problems under `field`, named by the key's label.
fn check_map(
    raw: &BTreeMap<String, String>,
    field: &str,
    known: &[(&str, &str)],
    check: impl Fn(&str, &str) -> Result<String, String>,
    errors: &mut Errors,
) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (key, value) in raw {
        let key = lowercase(key.trim());
        let Some((key, label)) = known.iter().find(|(k, _)| *k == key) else {
            let names: Vec<&str> = known.iter().map(|(k, _)| *k).collect();
            let shown: String = key.chars().take(30).collect();
            errors.add(
                field,
                format!("\"{shown}\" is not one of: {}.", names.join(", ")),
            );
            continue;
        };
        if value.trim().is_empty() {
            continue;
        }
        match check(key, value) {
            Ok(value) => {
                out.insert((*key).to_owned(), value);
            }
            Err(message) => errors.add(field, format!("{label}: {message}")),
        }
    }
    out
}

fn social_link(network: &str, value: &str) -> Result<String, String> {
    if network == "linkedin" {
        parse_linkedin(value)
    } else {
        check_url(value)
    }
}

fn contact_entry(kind: &str, value: &str) -> Result<String, String> {
    match kind {
        "email" => check_email(value),
        "phone" => parse_phone(value),
        _ => check_url(value),
    }
}

/// A mentor's public profile, cleaned and checked: name, bio, expertise and
/// years of experience as in [`check_application`]; a headline (optional,
/// one line, at most [`HEADLINE_MAX`]); education, experience and projects
/// (at most [`PROFILE_LIST_MAX`] entries each, blank entries dropped, years
/// from [`YEAR_MIN`] to [`YEAR_MAX`], an end not before its start, project
/// URLs web addresses); social links keyed by [`SOCIAL_NETWORKS`] and contact
/// keyed by [`CONTACT_KINDS`] (an empty value removes the entry; e-mail,
/// phone and URLs checked as above).
pub fn check_profile(draft: &ProfileDraft) -> Result<ProfileDraft, FieldErrors> {
    let mut errors = Errors::default();
    let name = errors.take("name", check_person_name(&draft.name));
    let headline = errors.take("headline", line(&draft.headline, HEADLINE_MAX));
    let bio = errors.take("bio", check_bio(&draft.bio));
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
    let education = check_list(
        &draft.education,
        "education",
        "Education",
        education_entry,
        &mut errors,
    );
    let experience = check_list(
        &draft.experience,
        "experience",
        "Experience",
        experience_entry,
        &mut errors,
    );
    let projects = check_list(
        &draft.projects,
        "projects",
        "Project",
        project_entry,
        &mut errors,
    );
    let social_links = check_map(
        &draft.social_links,
        "social_links",
        SOCIAL_NETWORKS,
        social_link,
        &mut errors,
    );
    let contact = check_map(
        &draft.contact,
        "contact",
        CONTACT_KINDS,
        contact_entry,
        &mut errors,
    );
    errors.finish(ProfileDraft {
        name,
        headline,
        bio,
        expertise,
        experience_years,
        education,
        experience,
        projects,
        social_links,
        contact,
    })
}

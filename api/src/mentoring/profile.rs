//! A mentor's own public profile: read it, and change any of its fields.
//! A change is parsed against the stored profile
//! (`domain_wasm::forms::mentoring::parse_mentor_profile`, which checks the
//! profile as it would be), so a profile never becomes invalid one field at
//! a time; lists sent replace the stored ones whole.

use chrono::{DateTime, Utc};
use domain_wasm::forms::mentoring::{ProfileEdit, parse_mentor_profile};
use domain_wasm::mentoring::{EducationEntry, ExperienceEntry, ProfileDraft, ProjectEntry};

use super::MentoringError;
use crate::store::Store;
use crate::store::model::Mentor;

/// The stored profile in the form the domain checks.
pub fn draft_of(m: &Mentor) -> ProfileDraft {
    ProfileDraft {
        name: m.name.clone(),
        headline: m.headline.clone(),
        bio: m.bio.clone(),
        expertise: m.expertise.clone(),
        experience_years: m.experience_years,
        education: m
            .education
            .iter()
            .map(|e| EducationEntry {
                degree: e.degree.clone(),
                institution: e.institution.clone(),
                year: e.year,
            })
            .collect(),
        experience: m
            .experience
            .iter()
            .map(|e| ExperienceEntry {
                title: e.title.clone(),
                company: e.company.clone(),
                start_year: e.start_year,
                end_year: e.end_year,
                description: e.description.clone(),
            })
            .collect(),
        projects: m
            .projects
            .iter()
            .map(|p| ProjectEntry {
                title: p.title.clone(),
                description: p.description.clone(),
                url: p.url.clone(),
            })
            .collect(),
        social_links: m.social_links.iter().cloned().collect(),
        contact: m.contact.iter().cloned().collect(),
    }
}

/// The mentor's profile as stored.
pub async fn profile(store: &Store, mentor_id: i64) -> Result<Mentor, MentoringError> {
    Ok(store.get_mentor(mentor_id).await?)
}

/// Parses `edit` over the stored profile and stores the result (lists
/// replaced in the same unit of work); the catalogue shows it on its next
/// read. Returns the profile as now stored.
pub async fn update_profile(
    store: &Store,
    mentor_id: i64,
    edit: ProfileEdit,
    now: DateTime<Utc>,
) -> Result<Mentor, MentoringError> {
    let current = store.get_mentor(mentor_id).await?;
    let cleaned = parse_mentor_profile(draft_of(&current), edit)?;
    store
        .replace_mentor_profile(mentor_id, &cleaned, now)
        .await?;
    Ok(store.get_mentor(mentor_id).await?)
}

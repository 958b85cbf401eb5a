//! A mentor's own public profile: read it, and change any of its fields.
//! A change is checked whole (`domain_wasm::mentoring::check_profile` on
//! the profile as it would be), so a profile never becomes invalid one
//! field at a time; lists sent replace the stored ones whole.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use domain_wasm::mentoring::{
    EducationEntry, ExperienceEntry, ProfileDraft, ProjectEntry, check_profile,
};

use super::MentoringError;
use crate::store::Store;
use crate::store::model::Mentor;

/// The fields a mentor changes; `None` keeps the stored value.
#[derive(Debug, Clone, Default)]
pub struct ProfileEdit {
    pub name: Option<String>,
    pub headline: Option<String>,
    pub bio: Option<String>,
    pub expertise: Option<Vec<String>>,
    pub experience_years: Option<i64>,
    pub education: Option<Vec<EducationEntry>>,
    pub experience: Option<Vec<ExperienceEntry>>,
    pub projects: Option<Vec<ProjectEntry>>,
    pub social_links: Option<BTreeMap<String, String>>,
    pub contact: Option<BTreeMap<String, String>>,
}

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

impl ProfileEdit {
    /// `draft` with this edit's fields put in.
    pub fn applied_to(self, mut draft: ProfileDraft) -> ProfileDraft {
        macro_rules! put {
            ($($field:ident),*) => { $( if let Some(v) = self.$field { draft.$field = v; } )* };
        }
        put!(
            name,
            headline,
            bio,
            expertise,
            experience_years,
            education,
            experience,
            projects,
            social_links,
            contact
        );
        draft
    }
}

/// The mentor's profile as stored.
pub async fn profile(store: &Store, mentor_id: i64) -> Result<Mentor, MentoringError> {
    Ok(store.get_mentor(mentor_id).await?)
}

/// Applies `edit`, checks the result whole and stores it (lists replaced
/// in the same unit of work); the catalogue shows it on its next read.
/// Returns the profile as now stored.
pub async fn update_profile(
    store: &Store,
    mentor_id: i64,
    edit: ProfileEdit,
    now: DateTime<Utc>,
) -> Result<Mentor, MentoringError> {
    let current = store.get_mentor(mentor_id).await?;
    let cleaned = check_profile(&edit.applied_to(draft_of(&current)))?;
    store
        .replace_mentor_profile(mentor_id, &cleaned, now)
        .await?;
    Ok(store.get_mentor(mentor_id).await?)
}

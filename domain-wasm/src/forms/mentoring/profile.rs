//! A change to a mentor's public profile (`MentorProfileBody`). The
//! profile is checked whole, as it would be with the change
//! ([`check_profile`]), so a profile never becomes invalid one field at a
//! time: the body is parsed against the stored profile, once the profile
//! flow has read it.

use std::collections::BTreeMap;

use super::super::FieldErrors;
use crate::mentoring::{
    EducationEntry, ExperienceEntry, ProfileDraft, ProjectEntry, check_profile,
};

/// The fields a mentor changes; `None` keeps the stored value, and a list
/// or a map sent replaces the stored one whole.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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

impl ProfileEdit {
    /// `draft` with this edit's fields put in.
    fn applied_to(self, mut draft: ProfileDraft) -> ProfileDraft {
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

/// The profile as it would be with `edit` over `stored`, cleaned by
/// [`check_profile`] (the one to store), or every field error of it.
pub fn parse_mentor_profile(
    stored: ProfileDraft,
    edit: ProfileEdit,
) -> Result<ProfileDraft, FieldErrors> {
    check_profile(&edit.applied_to(stored))
}

//! The platform's commission: the default rate an administrator sets and
//! the rates agreed with single mentors, in basis points
//! (`domain_wasm::commission`); each change records who made it.

use chrono::{DateTime, Utc};
use domain_wasm::commission::rate_problem;

use super::MentoringError;
use crate::store::Store;
use crate::store::commission::{Commission, CommissionChange};

/// An override as an administrator sends it; `None` is a missing field.
#[derive(Debug, Clone, Default)]
pub struct OverrideEdit {
    pub mentor_id: Option<i64>,
    pub rate_bps: Option<i64>,
}

/// What an administrator changes: the default and/or the whole list of
/// overrides (`None` keeps it).
#[derive(Debug, Clone, Default)]
pub struct CommissionEdit {
    pub default_bps: Option<i64>,
    pub overrides: Option<Vec<OverrideEdit>>,
}

pub async fn commission(store: &Store) -> Result<Commission, MentoringError> {
    Ok(store.commission().await?)
}

/// The rate the platform takes from this mentor: theirs, or the default.
pub async fn rate_of(store: &Store, mentor_id: i64) -> Result<u32, MentoringError> {
    let rate = store.commission_rate_of(mentor_id).await?;
    // The tables' checks keep rates from 0 to 10,000.
    Ok(u32::try_from(rate).unwrap_or(domain_wasm::commission::MAX_RATE_BPS))
}

/// Checks and applies `edit` in one unit of work: every rate from 0 to
/// 10,000, every override naming an existing mentor, once.
pub async fn change(
    store: &Store,
    edit: CommissionEdit,
    by: i64,
    now: DateTime<Utc>,
) -> Result<Commission, MentoringError> {
    let mut errors = crate::fields::Fields::default();
    if let Some(problem) = edit.default_bps.and_then(rate_problem) {
        errors.add("default_bps", problem);
    }
    let mut overrides = None;
    if let Some(list) = edit.overrides {
        let mut checked: Vec<(i64, i64)> = Vec::new();
        for (i, o) in list.iter().enumerate() {
            let n = i + 1;
            match (o.mentor_id, o.rate_bps) {
                (None, _) => errors.add("overrides", format!("Override {n}: choose a mentor.")),
                (_, None) => errors.add("overrides", format!("Override {n}: enter a rate.")),
                (Some(mentor), Some(rate)) => {
                    if let Some(problem) = rate_problem(rate) {
                        errors.add("overrides", format!("Override {n}: {problem}"));
                    } else if checked.iter().any(|(m, _)| *m == mentor) {
                        errors.add(
                            "overrides",
                            format!("Override {n}: mentor {mentor} already has a rate above; give each mentor one."),
                        );
                    } else {
                        checked.push((mentor, rate));
                    }
                }
            }
        }
        let ids: Vec<i64> = checked.iter().map(|(m, _)| *m).collect();
        for unknown in store.unknown_mentors(&ids).await? {
            errors.add(
                "overrides",
                format!("There is no mentor {unknown}; choose one from the list."),
            );
        }
        overrides = Some(checked);
    }
    if !errors.is_empty() {
        return Err(MentoringError::Invalid(errors.0));
    }
    let change = CommissionChange {
        default_bps: edit.default_bps,
        overrides,
    };
    store.change_commission(&change, by, now).await?;
    Ok(store.commission().await?)
}

/// Sets one mentor's rate; [`MentoringError::NotFound`] when there is no
/// such mentor.
pub async fn set_override(
    store: &Store,
    mentor_id: i64,
    rate_bps: Option<i64>,
    by: i64,
    now: DateTime<Utc>,
) -> Result<Commission, MentoringError> {
    if !store.unknown_mentors(&[mentor_id]).await?.is_empty() {
        return Err(MentoringError::NotFound);
    }
    let Some(rate) = rate_bps else {
        return Err(MentoringError::field(
            "rate_bps",
            domain_wasm::accounts::REQUIRED,
        ));
    };
    if let Some(problem) = rate_problem(rate) {
        return Err(MentoringError::field("rate_bps", problem));
    }
    store
        .set_commission_override(mentor_id, rate, by, now)
        .await?;
    Ok(store.commission().await?)
}

/// Removes one mentor's rate (the default applies to them again);
/// [`MentoringError::NotFound`] when there is no such mentor. Removing a
/// rate that is not there is done already.
pub async fn remove_override(store: &Store, mentor_id: i64) -> Result<(), MentoringError> {
    if !store.unknown_mentors(&[mentor_id]).await?.is_empty() {
        return Err(MentoringError::NotFound);
    }
    store.remove_commission_override(mentor_id).await?;
    Ok(())
}

//! What an approved mentor runs from `/dashboard/mentor` (issue 11):
//! their public profile ([`profile`]), the services they sell with what
//! the platform's commission leaves them ([`services`]), the rules their
//! bookable slots come from ([`availability`]), and the commission an
//! administrator sets ([`commission`]). Every rule is the domain crate's
//! (`domain_wasm::mentoring`, `::commission`, `::slots`); these flows read,
//! check, write in one unit of work and tell the catalogue, which shows the
//! change on its next read.

pub mod availability;
pub mod commission;
pub mod profile;
pub mod services;

use crate::fields::FieldErrors;
use crate::store::StoreError;

/// Why a mentoring flow did not happen.
#[derive(Debug)]
pub enum MentoringError {
    /// Field errors in djoser's shape, keyed by the API's field names.
    Invalid(FieldErrors),
    /// Not the caller's object, or no such object (the two are not told
    /// apart: another mentor's service is as unknown as a missing one).
    NotFound,
    Store(StoreError),
}

impl MentoringError {
    /// One message under one field.
    pub fn field(field: &str, message: impl Into<String>) -> MentoringError {
        MentoringError::Invalid(FieldErrors::from([(
            field.to_owned(),
            vec![message.into()],
        )]))
    }
}

impl From<StoreError> for MentoringError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => MentoringError::NotFound,
            e => MentoringError::Store(e),
        }
    }
}

impl From<FieldErrors> for MentoringError {
    fn from(errors: FieldErrors) -> Self {
        MentoringError::Invalid(errors)
    }
}

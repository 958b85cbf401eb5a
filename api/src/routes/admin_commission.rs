//! The platform's commission, for administrators (issue 11):
//! `GET`/`PUT /api/admin/commission/` (the default rate and the whole list
//! of per-mentor overrides) and `PUT`/`DELETE
//! /api/admin/commission/mentors/{mentor_id}/` (one mentor's rate). Rates
//! are basis points, 0 to 10,000 (1500 = 15 %). Everyone else gets 403
//! (guests 401).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::forms::{self, money::OverrideInput};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::mentoring::{self, MentoringError};
use crate::state::AppState;
use crate::store::commission::Commission;

/// A rate agreed with one mentor.
#[derive(Debug, Object)]
pub struct MentorRate {
    pub mentor_id: i64,
    pub mentor_name: String,
    /// Basis points, 0 to 10,000.
    pub rate_bps: i64,
    pub updated_at: DateTime<Utc>,
    /// The administrator who set it (`null` when their account is gone).
    #[oai(nullable)]
    pub updated_by: Option<i64>,
}

/// The platform's commission.
#[derive(Debug, Object)]
pub struct CommissionSettings {
    /// The rate for every mentor without an override, in basis points.
    pub default_bps: i64,
    pub updated_at: DateTime<Utc>,
    /// The administrator who last set the default (`null`: never changed).
    #[oai(nullable)]
    pub updated_by: Option<i64>,
    /// Per-mentor rates, by mentor id.
    pub overrides: Vec<MentorRate>,
}

impl From<Commission> for CommissionSettings {
    fn from(c: Commission) -> Self {
        CommissionSettings {
            default_bps: c.default_bps,
            updated_at: c.updated_at,
            updated_by: c.updated_by,
            overrides: c
                .overrides
                .into_iter()
                .map(|o| MentorRate {
                    mentor_id: o.mentor_id,
                    mentor_name: o.mentor_name,
                    rate_bps: o.rate_bps,
                    updated_at: o.updated_at,
                    updated_by: o.updated_by,
                })
                .collect(),
        }
    }
}

/// One override as sent.
#[derive(Debug, Object)]
pub struct CommissionOverrideBody {
    pub mentor_id: Option<i64>,
    /// Basis points, 0 to 10,000.
    pub rate_bps: Option<i64>,
}

/// A change: the default rate, and/or the whole list of overrides
/// (replacing the stored one; `[]` removes them all). Either left out
/// stays as it is.
#[derive(Debug, Object)]
pub struct CommissionBody {
    /// Basis points, 0 to 10,000.
    pub default_bps: Option<i64>,
    pub overrides: Option<Vec<CommissionOverrideBody>>,
}

/// One mentor's rate.
#[derive(Debug, Object)]
pub struct MentorRateBody {
    /// Basis points, 0 to 10,000.
    pub rate_bps: Option<i64>,
}

role_answers!(admin, CommissionResponse {
    #[oai(status = 200)]
    Ok(Json<CommissionSettings>),
});

role_answers!(admin, CommissionUpdateResponse {
    #[oai(status = 200)]
    Ok(Json<CommissionSettings>),
    /// Field errors: `default_bps` out of range; under `overrides`, an
    /// override without a mentor or rate, out of range, repeated, or
    /// naming no mentor.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

role_answers!(admin, MentorRateResponse {
    #[oai(status = 200)]
    Ok(Json<CommissionSettings>),
    /// `rate_bps` missing or out of range.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such mentor.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(admin, MentorRateRemovedResponse {
    /// Removed (or there was none): the default applies to the mentor.
    #[oai(status = 204)]
    Removed,
    /// No such mentor.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

/// A failure no answer of the operation covers.
fn unexpected(e: MentoringError) -> poem::Error {
    match e {
        MentoringError::Invalid(_) | MentoringError::NotFound => {
            crate::store::StoreError::NotFound.into()
        }
        MentoringError::Store(e) => e.into(),
    }
}

pub struct AdminCommissionApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Admin")]
impl AdminCommissionApi {
    /// The commission
    ///
    /// The default rate and every per-mentor override, in basis points.
    #[oai(
        path = "/api/admin/commission/",
        method = "get",
        operation_id = "commission"
    )]
    async fn commission(&self, auth: SignedIn) -> poem::Result<CommissionResponse> {
        or_forbidden!(auth.0.require_admin(), CommissionResponse);
        match mentoring::commission::commission(&self.state.store).await {
            Ok(c) => Ok(CommissionResponse::Ok(Json(c.into()))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Change the commission
    ///
    /// Sets `default_bps` and/or replaces the whole list of `overrides`,
    /// in one step, recording who did it. New prices' splits use the new
    /// rates at once.
    #[oai(
        path = "/api/admin/commission/",
        method = "put",
        operation_id = "setCommission"
    )]
    async fn set_commission(
        &self,
        auth: SignedIn,
        body: Json<CommissionBody>,
    ) -> poem::Result<CommissionUpdateResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), CommissionUpdateResponse);
        let draft = forms::money::parse_commission(
            body.0.default_bps,
            body.0.overrides.map(|list| {
                list.into_iter()
                    .map(|o| OverrideInput {
                        mentor_id: o.mentor_id,
                        rate_bps: o.rate_bps,
                    })
                    .collect()
            }),
        );
        let now = self.state.clock.now();
        match mentoring::commission::change(&self.state.store, draft, admin, now).await {
            Ok(c) => Ok(CommissionUpdateResponse::Ok(Json(c.into()))),
            Err(MentoringError::Invalid(f)) => Ok(CommissionUpdateResponse::Invalid(Json(f))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Set one mentor's rate
    #[oai(
        path = "/api/admin/commission/mentors/:mentor_id/",
        method = "put",
        operation_id = "setMentorCommission"
    )]
    async fn set_mentor_rate(
        &self,
        auth: SignedIn,
        mentor_id: Path<String>,
        body: Json<MentorRateBody>,
    ) -> poem::Result<MentorRateResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), MentorRateResponse);
        let Ok(mentor_id) = mentor_id.0.parse::<i64>() else {
            return Ok(MentorRateResponse::NotFound(Json(Detail::not_found())));
        };
        let now = self.state.clock.now();
        let store = &self.state.store;
        let rate = forms::money::parse_mentor_rate(body.0.rate_bps);
        match mentoring::commission::set_override(store, mentor_id, rate, admin, now).await {
            Ok(c) => Ok(MentorRateResponse::Ok(Json(c.into()))),
            Err(MentoringError::Invalid(f)) => Ok(MentorRateResponse::Invalid(Json(f))),
            Err(MentoringError::NotFound) => {
                Ok(MentorRateResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Remove one mentor's rate
    ///
    /// The default rate applies to them again.
    #[oai(
        path = "/api/admin/commission/mentors/:mentor_id/",
        method = "delete",
        operation_id = "removeMentorCommission"
    )]
    async fn remove_mentor_rate(
        &self,
        auth: SignedIn,
        mentor_id: Path<String>,
    ) -> poem::Result<MentorRateRemovedResponse> {
        or_forbidden!(auth.0.require_admin(), MentorRateRemovedResponse);
        let Ok(mentor_id) = mentor_id.0.parse::<i64>() else {
            return Ok(MentorRateRemovedResponse::NotFound(Json(
                Detail::not_found(),
            )));
        };
        match mentoring::commission::remove_override(&self.state.store, mentor_id).await {
            Ok(()) => Ok(MentorRateRemovedResponse::Removed),
            Err(MentoringError::NotFound) => Ok(MentorRateRemovedResponse::NotFound(Json(
                Detail::not_found(),
            ))),
            Err(e) => Err(unexpected(e)),
        }
    }
}

//! The one error shape of the API: `{"detail": "..."}` with the right status
//! (djoser / Django REST framework style). A 500 is logged with its cause and
//! never shows it.

use poem::http::StatusCode;
use poem::{Endpoint, Response};
use poem_openapi::Object;

use crate::store::{Constraint, StoreError, Violation};

/// Django REST framework's answer to a signed-in caller whose role does not
/// allow the operation (403).
pub const NOT_PERMITTED: &str = "You do not have permission to perform this action.";

/// A general error: what went wrong, in words a person can act on.
#[derive(Debug, Clone, Object)]
pub struct Detail {
    pub detail: String,
}

impl Detail {
    pub fn new(detail: impl Into<String>) -> Self {
        Detail {
            detail: detail.into(),
        }
    }

    pub fn not_found() -> Self {
        Detail::new("Not found.")
    }

    /// A signed-in caller whose role does not allow the operation (403).
    pub fn not_permitted() -> Self {
        Detail::new(NOT_PERMITTED)
    }
}

pub const INTERNAL_ERROR: &str = "Something went wrong on our side. Please try again in a moment.";

/// Turns an unexpected failure into a logged 500 that hides its cause.
pub fn internal(err: impl std::fmt::Display) -> poem::Error {
    tracing::error!(error = %err, "request failed");
    poem::Error::from_status(StatusCode::INTERNAL_SERVER_ERROR)
}

/// How the API answers a write that broke a constraint: under a field in
/// djoser's shape (400 `{"field": ["message"]}`), or as a conflict (409
/// `{"detail": "..."}`). Never 422.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstraintAnswer {
    Field {
        field: &'static str,
        message: &'static str,
    },
    Conflict(&'static str),
}

pub const EMAIL_TAKEN: &str = "A user with this email already exists.";
pub const GOOGLE_TAKEN: &str = "This Google account is linked to another user.";
/// A booking's time taken by another booking meanwhile.
pub const SLOT_TAKEN: &str =
    "That time was just booked by someone else. Please choose another slot.";
pub const CONFLICT: &str = "This conflicts with a change made at the same time. Please try again.";

/// The one place a broken constraint, known by name, becomes an answer.
pub fn constraint_answer(violation: &Violation) -> ConstraintAnswer {
    match violation.constraint {
        Some(Constraint::UserEmail) => ConstraintAnswer::Field {
            field: "email",
            message: EMAIL_TAKEN,
        },
        Some(Constraint::UserGoogleSub) => ConstraintAnswer::Conflict(GOOGLE_TAKEN),
        Some(Constraint::BookingOverlap) => ConstraintAnswer::Conflict(SLOT_TAKEN),
        // A session or token whose owner went away meanwhile, or a
        // constraint with no meaning of its own.
        Some(Constraint::SessionUser | Constraint::RefreshTokenSession) | None => {
            ConstraintAnswer::Conflict(CONFLICT)
        }
    }
}

impl From<StoreError> for poem::Error {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::NotFound => json_error(StatusCode::NOT_FOUND, "Not found."),
            StoreError::Violation(v) => {
                tracing::info!(constraint = %v.name, "write refused by a constraint");
                match constraint_answer(&v) {
                    ConstraintAnswer::Field { field, message } => {
                        let body = serde_json::json!({ field: [message] }).to_string();
                        poem::Error::from_response(
                            Response::builder()
                                .status(StatusCode::BAD_REQUEST)
                                .content_type("application/json")
                                .body(body),
                        )
                    }
                    ConstraintAnswer::Conflict(detail) => json_error(StatusCode::CONFLICT, detail),
                }
            }
            // PostgreSQL gave this unit of work up for a concurrent one
            // (a deadlock or a serialisation failure): nothing was written.
            e if e.lost_a_race() => {
                tracing::info!(error = %e, "a unit of work lost a race and was rolled back");
                json_error(
                    StatusCode::CONFLICT,
                    "This changed a moment ago. Reload to see where it stands, then try again.",
                )
            }
            e @ (StoreError::Corrupt { .. } | StoreError::Other(_)) => internal(e),
        }
    }
}

fn json_error(status: StatusCode, detail: impl Into<String>) -> poem::Error {
    poem::Error::from_response(detail_response(status, detail))
}

pub fn detail_response(status: StatusCode, detail: impl Into<String>) -> Response {
    let body = serde_json::json!({ "detail": detail.into() }).to_string();
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body)
}

/// Wraps the API so that every error leaves as JSON: unknown paths, wrong
/// methods, unparsable requests and failures alike.
pub fn json_errors<E: Endpoint>(api: E) -> impl Endpoint {
    use poem::EndpointExt;
    api.catch_all_error(|err: poem::Error| async move {
        if err.is::<poem::error::NotFoundError>() {
            return detail_response(StatusCode::NOT_FOUND, "Not found.");
        }
        let status = err.status();
        if err.has_source() && status.is_server_error() {
            tracing::error!(error = %err, "request failed");
        }
        let response = err.into_response();
        let is_json = response
            .content_type()
            .is_some_and(|ct| ct.starts_with("application/json"));
        if is_json {
            return response;
        }
        let detail = match status {
            StatusCode::INTERNAL_SERVER_ERROR => INTERNAL_ERROR.to_owned(),
            StatusCode::METHOD_NOT_ALLOWED => "Method not allowed.".to_owned(),
            // poem-openapi's answer when the Authorization header is missing.
            StatusCode::UNAUTHORIZED => "Authentication credentials were not provided.".to_owned(),
            _ => {
                let text = response.into_body().into_string().await.unwrap_or_default();
                if text.trim().is_empty() {
                    status
                        .canonical_reason()
                        .unwrap_or("Request failed.")
                        .to_owned()
                } else {
                    text
                }
            }
        };
        detail_response(status, detail)
    })
}

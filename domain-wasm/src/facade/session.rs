//! The logged-in session: timers, 401/403 handling, logout, login messages.

use serde_json::Value;

use super::mentors::http_status;
use super::{Args, BadInput, bad, to_json};

use crate::json::{ParseJson, SerdeJson};
use crate::session::{
    self, AfterRefresh, GoogleFailure, ResponseAction, SessionDue, SessionTimers,
};

/// `{refreshInMs, logoutInMs}`; 0 means due now.
pub fn session_timers(
    token_set_at_ms: f64,
    last_refresh_at_ms: Option<f64>,
    now_ms: f64,
) -> SessionTimers {
    session::session_timers(token_set_at_ms, last_refresh_at_ms, now_ms)
}

/// `"ok"`, `"refresh"` or `"logout"`.
pub fn session_due(
    token_set_at_ms: f64,
    last_refresh_at_ms: Option<f64>,
    now_ms: f64,
) -> SessionDue {
    session::session_due(token_set_at_ms, last_refresh_at_ms, now_ms)
}

/// `"proceed"`, `"refreshAndRetry"` or `"logout"`.
pub fn after_response(status: f64, retried: bool) -> Result<ResponseAction, BadInput> {
    Ok(session::after_response(http_status(status)?, retried))
}

/// `"retry"` or `"logout"`.
pub fn after_refresh(ok: bool) -> AfterRefresh {
    session::after_refresh(ok)
}

pub fn session_keys() -> Vec<String> {
    session::SESSION_KEYS
        .iter()
        .map(|k| (*k).to_owned())
        .collect()
}

pub fn storage_keys() -> Vec<String> {
    session::STORAGE_KEYS
        .iter()
        .map(|k| (*k).to_owned())
        .collect()
}

/// `"/auth/login"`, or `None` when already there.
pub fn logout_destination(current_path: &str) -> Option<String> {
    session::logout_destination(current_path)
}

const KINDS: &str = r#""response", "noResponse", "other" or "missingAccess""#;

/// Reads `{kind: "response", status, body}`, `{kind: "noResponse"}`,
/// `{kind: "other", message}` or `{kind: "missingAccess"}`.
pub fn google_failure(value: &Value) -> Result<GoogleFailure, BadInput> {
    let Value::Object(fields) = value else {
        return Err(bad(format!(
            "a Google login failure must be an object whose kind is {KINDS}"
        )));
    };
    let string = |kind: &str, key: &str| {
        fields.get(key).and_then(Value::as_str).ok_or_else(|| {
            bad(format!(
                "a Google login failure of kind \"{kind}\" needs a string {key}"
            ))
        })
    };
    match fields.get("kind").and_then(Value::as_str) {
        Some("response") => {
            let status = fields
                .get("status")
                .and_then(Value::as_f64)
                .ok_or_else(|| {
                    bad("a Google login failure of kind \"response\" needs a number status")
                })?;
            Ok(GoogleFailure::Response {
                status: http_status(status)?,
                body: string("response", "body")?.to_owned(),
            })
        }
        Some("noResponse") => Ok(GoogleFailure::NoResponse),
        Some("other") => Ok(GoogleFailure::Other {
            message: string("other", "message")?.to_owned(),
        }),
        Some("missingAccess") => Ok(GoogleFailure::MissingAccess),
        _ => Err(bad(format!(
            "a Google login failure must have a kind of {KINDS}"
        ))),
    }
}

/// The message shown for a failed Google login.
pub fn google_login_error(failure: &Value) -> Result<String, BadInput> {
    google_login_error_with(&SerdeJson, failure)
}

/// [`google_login_error`] with the JSON parser given.
pub fn google_login_error_with(
    parser: &impl ParseJson,
    failure: &Value,
) -> Result<String, BadInput> {
    Ok(session::google_login_error_with(
        parser,
        &google_failure(failure)?,
    ))
}

pub fn login_failure_message() -> String {
    session::LOGIN_FAILURE_MESSAGE.to_owned()
}

pub(crate) fn dispatch(function: &str, a: &Args) -> Option<Result<Value, BadInput>> {
    let call: fn(&Args) -> Result<Value, BadInput> = match function {
        "sessionTimers" => |a| to_json(session_timers(a.f64(0)?, a.opt_f64(1)?, a.f64(2)?)),
        "sessionDue" => |a| to_json(session_due(a.f64(0)?, a.opt_f64(1)?, a.f64(2)?)),
        "afterResponse" => |a| to_json(after_response(a.f64(0)?, a.bool(1)?)?),
        "afterRefresh" => |a| to_json(after_refresh(a.bool(0)?)),
        "sessionKeys" => |_| to_json(session_keys()),
        "storageKeys" => |_| to_json(storage_keys()),
        "logoutDestination" => |a| to_json(logout_destination(a.str(0)?)),
        "googleLoginError" => |a| to_json(google_login_error(a.json(0)?)?),
        "loginFailureMessage" => |_| to_json(login_failure_message()),
        _ => return None,
    };
    Some(call(a))
}

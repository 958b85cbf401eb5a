//! The logged-in session: timers, 401/403 handling, logout, login messages.

use wasm_bindgen::prelude::*;

use super::{flat_object, to_js};
use crate::facade::session as facade;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Milliseconds until each timer fires; 0 means now. */
export interface SessionTimers { refreshInMs: number; logoutInMs: number }
export type SessionDue = "ok" | "refresh" | "logout";
export type ResponseAction = "proceed" | "refreshAndRetry" | "logout";
export type AfterRefresh = "retry" | "logout";
export type StorageKey =
  | "token"
  | "refreshToken"
  | "user"
  | "redirectPath"
  | "profile_complete"
  | "requires_contact_number";
export type GoogleFailure =
  | { kind: "response"; status: number; body: string }
  | { kind: "noResponse" }
  | { kind: "other"; message: string }
  | { kind: "missingAccess" };
"#;

/// When to refresh the token and when the forced logout falls.
#[wasm_bindgen(js_name = sessionTimers, unchecked_return_type = "SessionTimers")]
pub fn session_timers(
    #[wasm_bindgen(js_name = "tokenSetAtMs")] token_set_at_ms: f64,
    #[wasm_bindgen(js_name = "lastRefreshAtMs")] last_refresh_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
) -> Result<JsValue, JsError> {
    to_js(&facade::session_timers(
        token_set_at_ms,
        last_refresh_at_ms,
        now_ms,
    ))
}

/// What the session needs now: nothing, a token refresh, or a logout.
#[wasm_bindgen(js_name = sessionDue, unchecked_return_type = "SessionDue")]
pub fn session_due(
    #[wasm_bindgen(js_name = "tokenSetAtMs")] token_set_at_ms: f64,
    #[wasm_bindgen(js_name = "lastRefreshAtMs")] last_refresh_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
) -> Result<JsValue, JsError> {
    to_js(&facade::session_due(
        token_set_at_ms,
        last_refresh_at_ms,
        now_ms,
    ))
}

/// What to do with the answer to an authorised call. Throws for a status that
/// is not a whole number from 100 to 599.
#[wasm_bindgen(js_name = afterResponse, unchecked_return_type = "ResponseAction")]
pub fn after_response(status: f64, retried: bool) -> Result<JsValue, JsError> {
    to_js(&facade::after_response(status, retried)?)
}

/// Repeat the call after a successful token refresh; log out after a failed one.
#[wasm_bindgen(js_name = afterRefresh, unchecked_return_type = "AfterRefresh")]
pub fn after_refresh(ok: bool) -> Result<JsValue, JsError> {
    to_js(&facade::after_refresh(ok))
}

/// The storage keys a logout removes.
#[wasm_bindgen(js_name = sessionKeys, unchecked_return_type = "StorageKey[]")]
pub fn session_keys() -> Result<JsValue, JsError> {
    to_js(&facade::session_keys())
}

/// Every storage key the client uses.
#[wasm_bindgen(js_name = storageKeys, unchecked_return_type = "StorageKey[]")]
pub fn storage_keys() -> Result<JsValue, JsError> {
    to_js(&facade::storage_keys())
}

/// `/auth/login`, or undefined when the user is already there.
#[wasm_bindgen(js_name = logoutDestination)]
pub fn logout_destination(
    #[wasm_bindgen(js_name = "currentPath")] current_path: &str,
) -> Option<String> {
    facade::logout_destination(current_path)
}

/// The message shown for a failed Google login. Throws for a malformed failure.
#[wasm_bindgen(js_name = googleLoginError)]
pub fn google_login_error(
    #[wasm_bindgen(unchecked_param_type = "GoogleFailure")] failure: JsValue,
) -> Result<String, JsError> {
    Ok(facade::google_login_error_with(
        &super::BrowserJson,
        &flat_object(&failure, &["kind", "status", "body", "message"]),
    )?)
}

/// "Login failed. Please check your credentials and try again."
#[wasm_bindgen(js_name = loginFailureMessage)]
pub fn login_failure_message() -> String {
    facade::login_failure_message()
}

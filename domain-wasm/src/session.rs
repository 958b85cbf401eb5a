//! The logged-in session (SPEC §4, §8, §9): when to refresh the token, when
//! the forced logout falls, what a 401 or 403 means, what logout clears and
//! where it goes, and the words of login failures. Times are milliseconds
//! passed in by the caller.

use serde::Serialize;

use crate::json::{Json, ParseJson, SerdeJson};
use crate::routes;

/// How long an access token the server issues is valid: 60 minutes
/// (`api/src/auth/tokens.rs` issues tokens with this lifetime).
pub const ACCESS_TOKEN_TTL_MS: u32 = 3_600_000;
/// How long a refresh token is valid: 1 day (it rotates on every use).
pub const REFRESH_TOKEN_TTL_MS: u32 = 86_400_000;
/// How long an e-mailed activation link works: 3 days.
pub const ACTIVATION_LINK_TTL_MS: u32 = 259_200_000;
/// How long an e-mailed password-reset link works (once): 1 hour.
pub const RESET_LINK_TTL_MS: u32 = 3_600_000;
/// A login session ends this long after sign-in whatever happens: 14 days.
pub const SESSION_MAX_AGE_MS: u32 = 1_209_600_000;
/// A refresh token used a second time within this window of its first use
/// (two tabs refreshing at once) is refused without revoking the session:
/// 30 seconds.
pub const REFRESH_REUSE_GRACE_MS: u32 = 30_000;
/// The client refreshes this long before the access token expires.
pub const TOKEN_REFRESH_MARGIN_MS: u32 = 300_000;
/// The access token is refreshed this long after it was set or last
/// refreshed: the server's lifetime less the margin, 55 minutes
/// (3,300,000 ms, SPEC §9). Tied to [`ACCESS_TOKEN_TTL_MS`] so the two
/// cannot drift.
pub const TOKEN_REFRESH_MS: u32 = ACCESS_TOKEN_TTL_MS - TOKEN_REFRESH_MARGIN_MS;
const _: () = assert!(
    TOKEN_REFRESH_MS == 3_300_000,
    "SPEC §9: refresh after 55 minutes"
);
const _: () = assert!(TOKEN_REFRESH_MS < ACCESS_TOKEN_TTL_MS);
/// The user is logged out this long after the token was set.
pub const FORCED_LOGOUT_MS: u32 = 7_200_000;

/// Where logout goes.
pub const LOGIN_PATH: &str = "/auth/login";

/// Client storage keys a logout removes (SPEC §4).
pub const SESSION_KEYS: [&str; 4] = ["token", "refreshToken", "user", "redirectPath"];

/// Every key the client stores (SPEC §3).
pub const STORAGE_KEYS: [&str; 6] = [
    "token",
    "refreshToken",
    "user",
    "redirectPath",
    "profile_complete",
    "requires_contact_number",
];

/// The login screen's failure message (SPEC §8).
pub const LOGIN_FAILURE_MESSAGE: &str =
    "Login failed. Please check your credentials and try again.";

/// How long until each timer fires; 0 means now.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct SessionTimers {
    /// Until the token refresh: 55 minutes after the later of the time the
    /// token was set and the last refresh.
    pub refresh_in_ms: f64,
    /// Until the forced logout: 2 hours after the token was set.
    pub logout_in_ms: f64,
}

/// The timers of a session whose token was set at `token_set_at_ms` and last
/// refreshed at `last_refresh_at_ms` (`None`: never), seen at `now_ms`.
///
/// Times that cannot be trusted make their timer due now (decision): a time
/// that is not a finite number, or one in the future (the clock was set back).
/// A bad `now_ms` or `token_set_at_ms` makes both timers 0, so the session
/// ends; a bad `last_refresh_at_ms` only makes the refresh due.
#[crate::export(home, learner)]
pub fn session_timers(
    token_set_at_ms: f64,
    last_refresh_at_ms: Option<f64>,
    now_ms: f64,
) -> SessionTimers {
    let trusted = |t: f64| t.is_finite() && now_ms.is_finite() && t <= now_ms;
    // Time left of `period` started at `since`; `now_ms - since` is never
    // negative here, so the result never exceeds `period`.
    let remaining = |since: f64, period: u32| (f64::from(period) - (now_ms - since)).max(0.0);
    if !trusted(token_set_at_ms) {
        return SessionTimers {
            refresh_in_ms: 0.0,
            logout_in_ms: 0.0,
        };
    }
    let refresh_in_ms = match last_refresh_at_ms {
        Some(refreshed) if !trusted(refreshed) => 0.0,
        Some(refreshed) => remaining(refreshed.max(token_set_at_ms), TOKEN_REFRESH_MS),
        None => remaining(token_set_at_ms, TOKEN_REFRESH_MS),
    };
    SessionTimers {
        refresh_in_ms,
        logout_in_ms: remaining(token_set_at_ms, FORCED_LOGOUT_MS),
    }
}

/// What the session needs right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum SessionDue {
    Ok,
    Refresh,
    Logout,
}

/// `Logout` once the forced logout time is reached, else `Refresh` once the
/// refresh time is reached, else `Ok`. For inputs not in the future this
/// only moves forward (ok → refresh → logout) as `now_ms` grows.
#[crate::export(home, learner)]
pub fn session_due(
    token_set_at_ms: f64,
    last_refresh_at_ms: Option<f64>,
    now_ms: f64,
) -> SessionDue {
    let timers = session_timers(token_set_at_ms, last_refresh_at_ms, now_ms);
    if timers.logout_in_ms <= 0.0 {
        SessionDue::Logout
    } else if timers.refresh_in_ms <= 0.0 {
        SessionDue::Refresh
    } else {
        SessionDue::Ok
    }
}

/// What to do with the answer to an authorised call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum ResponseAction {
    /// Hand the answer to the caller.
    Proceed,
    /// Refresh the token, then repeat the call once (see [`after_refresh`]).
    RefreshAndRetry,
    /// Log the user out.
    Logout,
}

/// Any 403 logs out; a first 401 refreshes and retries; a 401 on the retried
/// call logs out; everything else proceeds.
pub fn after_response(status: u16, retried: bool) -> ResponseAction {
    match (status, retried) {
        (403, _) | (401, true) => ResponseAction::Logout,
        (401, false) => ResponseAction::RefreshAndRetry,
        _ => ResponseAction::Proceed,
    }
}

/// What to do once the refresh asked for by
/// [`ResponseAction::RefreshAndRetry`] (or by the refresh timer) finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum AfterRefresh {
    /// The token was refreshed: repeat the call (marked as retried).
    Retry,
    /// The refresh failed: log out (SPEC §4).
    Logout,
}

/// Repeat the call after a successful token refresh; log out after a failed one.
#[crate::export(home, learner)]
pub fn after_refresh(ok: bool) -> AfterRefresh {
    if ok {
        AfterRefresh::Retry
    } else {
        AfterRefresh::Logout
    }
}

/// Where logout sends the user: the login screen, unless already there
/// (`/auth/login`, with one trailing slash, a query or a fragment).
#[crate::export(home, learner)]
pub fn logout_destination(current_path: &str) -> Option<String> {
    let path = current_path.split(['?', '#']).next().unwrap_or_default();
    let on_login = routes::match_route(path).is_some_and(|r| r.pattern == LOGIN_PATH);
    (!on_login).then(|| LOGIN_PATH.to_owned())
}

/// How a Google login went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum GoogleFailure {
    /// The server answered with an error status; `body` is the raw text.
    Response { status: u16, body: String },
    /// The request was sent but nothing came back.
    NoResponse,
    /// Anything else (the request could not be made), with its message.
    Other { message: String },
    /// A successful answer without an `access` token.
    MissingAccess,
}

/// The message shown for a failed Google login (SPEC §8).
///
/// For an error response: "Google login failed. " followed by the body's
/// string `error` field; else its fields as `key: value` joined by ", " in the
/// body's order (strings as they are, arrays of strings joined by spaces,
/// anything else as compact JSON); else the trimmed body text; else
/// "Server returned {status}". Decision: an empty JSON object `{}` says
/// nothing, so it also gives "Server returned {status}".
pub fn google_login_error(failure: &GoogleFailure) -> String {
    google_login_error_with(&SerdeJson, failure)
}

/// [`google_login_error`] with the JSON parser given (the browser's
/// `JSON.parse` in the wasm build).
pub fn google_login_error_with(parser: &impl ParseJson, failure: &GoogleFailure) -> String {
    match failure {
        GoogleFailure::Response { status, body } => {
            format!(
                "Google login failed. {}",
                response_detail(parser, *status, body)
            )
        }
        GoogleFailure::NoResponse => {
            "Google login failed. No response from authentication server.".to_owned()
        }
        GoogleFailure::Other { message } => format!("Google login failed: {message}"),
        GoogleFailure::MissingAccess => "Invalid response from authentication server".to_owned(),
    }
}

fn response_detail(parser: &impl ParseJson, status: u16, body: &str) -> String {
    if let Some(Json::Object(fields)) = parser.parse_json(body) {
        if let Some((_, Json::String(error))) = fields.iter().find(|(k, _)| k == "error") {
            return error.clone();
        }
        if fields.is_empty() {
            return format!("Server returned {status}");
        }
        return fields
            .iter()
            .map(|(key, value)| format!("{key}: {}", value.as_message()))
            .collect::<Vec<_>>()
            .join(", ");
    }
    match body.trim() {
        "" => format!("Server returned {status}"),
        text => text.to_owned(),
    }
}

/// What to do with the answer to an authorised call. Throws for a status that
/// is not a whole number from 100 to 599.
#[crate::export(home, learner, js_name = "afterResponse")]
pub fn after_response_status(
    status: f64,
    retried: bool,
) -> Result<ResponseAction, crate::bindings::BadInput> {
    Ok(after_response(
        crate::bindings::http_status(status)?,
        retried,
    ))
}

/// A key the client keeps in storage ([`STORAGE_KEYS`], in that order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum StorageKey {
    #[serde(rename = "token")]
    Token,
    #[serde(rename = "refreshToken")]
    RefreshToken,
    #[serde(rename = "user")]
    User,
    #[serde(rename = "redirectPath")]
    RedirectPath,
    #[serde(rename = "profile_complete")]
    ProfileComplete,
    #[serde(rename = "requires_contact_number")]
    RequiresContactNumber,
}

impl StorageKey {
    /// Every key, in the order of [`STORAGE_KEYS`].
    pub const ALL: [StorageKey; 6] = [
        StorageKey::Token,
        StorageKey::RefreshToken,
        StorageKey::User,
        StorageKey::RedirectPath,
        StorageKey::ProfileComplete,
        StorageKey::RequiresContactNumber,
    ];

    pub fn as_str(self) -> &'static str {
        STORAGE_KEYS[self as usize]
    }
}

/// The storage keys a logout removes.
#[crate::export(home, learner)]
pub fn session_keys() -> Vec<StorageKey> {
    StorageKey::ALL
        .into_iter()
        .filter(|k| SESSION_KEYS.contains(&k.as_str()))
        .collect()
}

/// Every storage key the client uses.
#[crate::export(home, learner)]
pub fn storage_keys() -> &'static [StorageKey] {
    &StorageKey::ALL
}

const KINDS: &str = r#""response", "noResponse", "other" or "missingAccess""#;

impl crate::bindings::FromJson for GoogleFailure {
    /// Reads `{kind: "response", status, body}`, `{kind: "noResponse"}`,
    /// `{kind: "other", message}` or `{kind: "missingAccess"}`.
    fn from_json(json: &Json) -> Result<Self, crate::bindings::BadInput> {
        use crate::bindings::bad;
        if !matches!(json, Json::Object(_)) {
            return Err(bad(format!(
                "a Google login failure must be an object whose kind is {KINDS}"
            )));
        }
        let string = |kind: &str, key: &str| {
            json.get(key).and_then(Json::as_str).ok_or_else(|| {
                bad(format!(
                    "a Google login failure of kind \"{kind}\" needs a string {key}"
                ))
            })
        };
        match json.get("kind").and_then(Json::as_str) {
            Some("response") => {
                let status = json.get("status").and_then(Json::as_f64).ok_or_else(|| {
                    bad("a Google login failure of kind \"response\" needs a number status")
                })?;
                Ok(GoogleFailure::Response {
                    status: crate::bindings::http_status(status)?,
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
}

/// The message shown for a failed Google login. Throws for a malformed failure.
#[crate::export(js_name = "googleLoginError", on_demand)]
pub fn google_login_error_of(failure: GoogleFailure) -> String {
    google_login_error_with(&crate::bindings::PLATFORM_JSON, &failure)
}

/// "Login failed. Please check your credentials and try again."
#[crate::export(on_demand)]
pub fn login_failure_message() -> &'static str {
    LOGIN_FAILURE_MESSAGE
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Number;

    use crate::json::js_number;

    const MIN: f64 = 60_000.0;
    const HOUR: f64 = 60.0 * MIN;
    const T0: f64 = 1_700_000_000_000.0;

    fn timers(refresh_in_ms: f64, logout_in_ms: f64) -> SessionTimers {
        SessionTimers {
            refresh_in_ms,
            logout_in_ms,
        }
    }

    #[test]
    fn timers_from_the_token_time() {
        assert_eq!(session_timers(T0, None, T0), timers(55.0 * MIN, 2.0 * HOUR));
        assert_eq!(
            session_timers(T0, None, T0 + 55.0 * MIN - 1.0),
            timers(1.0, 65.0 * MIN + 1.0)
        );
        assert_eq!(
            session_timers(T0, None, T0 + 55.0 * MIN),
            timers(0.0, 65.0 * MIN)
        );
        assert_eq!(
            session_timers(T0, None, T0 + 55.0 * MIN + 1.0),
            timers(0.0, 65.0 * MIN - 1.0)
        );
        assert_eq!(
            session_timers(T0, None, T0 + 2.0 * HOUR - 1.0),
            timers(0.0, 1.0)
        );
        assert_eq!(session_timers(T0, None, T0 + 2.0 * HOUR), timers(0.0, 0.0));
        assert_eq!(
            session_timers(T0, None, T0 + 2.0 * HOUR + 1.0),
            timers(0.0, 0.0)
        );
    }

    #[test]
    fn a_refresh_restarts_the_refresh_timer_but_not_the_logout() {
        let refreshed = Some(T0 + 55.0 * MIN);
        assert_eq!(
            session_timers(T0, refreshed, T0 + 60.0 * MIN),
            timers(50.0 * MIN, 60.0 * MIN)
        );
        assert_eq!(
            session_due(T0, refreshed, T0 + 110.0 * MIN - 1.0),
            SessionDue::Ok
        );
        assert_eq!(
            session_due(T0, refreshed, T0 + 110.0 * MIN),
            SessionDue::Refresh
        );
        assert_eq!(
            session_due(T0, refreshed, T0 + 120.0 * MIN),
            SessionDue::Logout
        );
        // A refresh older than the token does not count.
        assert_eq!(
            session_timers(T0, Some(T0 - HOUR), T0),
            timers(55.0 * MIN, 2.0 * HOUR)
        );
    }

    #[test]
    fn untrusted_times_are_due_now() {
        assert_eq!(session_timers(T0 + 1.0, None, T0), timers(0.0, 0.0));
        assert_eq!(session_timers(f64::NAN, None, T0), timers(0.0, 0.0));
        assert_eq!(session_timers(T0, None, f64::INFINITY), timers(0.0, 0.0));
        assert_eq!(
            session_timers(T0, Some(T0 + 1.0), T0),
            timers(0.0, 2.0 * HOUR)
        );
        assert_eq!(
            session_timers(T0, Some(f64::NAN), T0),
            timers(0.0, 2.0 * HOUR)
        );
        assert_eq!(session_due(T0, Some(f64::NAN), T0), SessionDue::Refresh);
        assert_eq!(session_due(T0 + 1.0, None, T0), SessionDue::Logout);
    }

    #[test]
    fn due_at_the_boundaries() {
        assert_eq!(session_due(T0, None, T0), SessionDue::Ok);
        assert_eq!(session_due(T0, None, T0 + 55.0 * MIN - 1.0), SessionDue::Ok);
        assert_eq!(session_due(T0, None, T0 + 55.0 * MIN), SessionDue::Refresh);
        assert_eq!(
            session_due(T0, None, T0 + 55.0 * MIN + 1.0),
            SessionDue::Refresh
        );
        assert_eq!(
            session_due(T0, None, T0 + 2.0 * HOUR - 1.0),
            SessionDue::Refresh
        );
        assert_eq!(session_due(T0, None, T0 + 2.0 * HOUR), SessionDue::Logout);
        assert_eq!(
            session_due(T0, None, T0 + 2.0 * HOUR + 1.0),
            SessionDue::Logout
        );
    }

    #[test]
    fn responses() {
        assert_eq!(after_response(401, false), ResponseAction::RefreshAndRetry);
        assert_eq!(after_response(401, true), ResponseAction::Logout);
        assert_eq!(after_response(403, false), ResponseAction::Logout);
        assert_eq!(after_response(403, true), ResponseAction::Logout);
        for status in [200, 204, 400, 404, 500] {
            assert_eq!(after_response(status, false), ResponseAction::Proceed);
            assert_eq!(after_response(status, true), ResponseAction::Proceed);
        }
        assert_eq!(after_refresh(true), AfterRefresh::Retry);
        assert_eq!(after_refresh(false), AfterRefresh::Logout);
    }

    #[test]
    fn logout_goes_to_login_unless_there() {
        let login = Some("/auth/login".to_owned());
        for path in [
            "/",
            "/dashboard/user",
            "/auth/register",
            "/auth/login/x",
            "/auth/loginx",
            "/auth",
            "",
        ] {
            assert_eq!(logout_destination(path), login, "{path}");
        }
        for path in [
            "/auth/login",
            "/auth/login/",
            "/auth/login?next=%2F",
            "/auth/login/?a=1",
            "/auth/login#top",
        ] {
            assert_eq!(logout_destination(path), None, "{path}");
        }
    }

    #[test]
    fn token_lifetimes_tie_the_client_timer_to_the_server() {
        assert_eq!(ACCESS_TOKEN_TTL_MS, 60 * 60 * 1000);
        assert_eq!(TOKEN_REFRESH_MS, 55 * 60 * 1000);
        assert_eq!(REFRESH_TOKEN_TTL_MS, 24 * 60 * 60 * 1000);
        assert_eq!(SESSION_MAX_AGE_MS, 14 * 24 * 60 * 60 * 1000);
        assert_eq!(REFRESH_REUSE_GRACE_MS, 30 * 1000);
        // The forced logout (SPEC §9) falls within the refresh token's life.
        const { assert!(FORCED_LOGOUT_MS < REFRESH_TOKEN_TTL_MS) };
    }

    #[test]
    fn storage_keys() {
        assert_eq!(
            SESSION_KEYS,
            ["token", "refreshToken", "user", "redirectPath"]
        );
        assert!(SESSION_KEYS.iter().all(|k| STORAGE_KEYS.contains(k)));
        assert_eq!(STORAGE_KEYS.len(), 6);
    }

    fn response(status: u16, body: &str) -> String {
        google_login_error(&GoogleFailure::Response {
            status,
            body: body.to_owned(),
        })
    }

    #[test]
    fn google_errors_from_responses() {
        assert_eq!(
            response(400, r#"{"error": "Token expired"}"#),
            "Google login failed. Token expired"
        );
        assert_eq!(
            response(
                400,
                r#"{"credential": ["This field is required."], "detail": "x"}"#
            ),
            "Google login failed. credential: This field is required., detail: x"
        );
        assert_eq!(
            response(400, r#"{"detail": "x", "credential": ["a", "b"]}"#),
            "Google login failed. detail: x, credential: a b"
        );
        assert_eq!(
            response(
                400,
                r#"{"error": {"code": 7}, "z": 1.0, "a": [1, "x"], "n": null, "o": {"b": 2, "a": true}}"#
            ),
            r#"Google login failed. error: {"code":7}, z: 1, a: [1,"x"], n: null, o: {"b":2,"a":true}"#
        );
        assert_eq!(
            response(400, r#"{"a": 1, "a": 2, "b": 3}"#),
            "Google login failed. a: 2, b: 3"
        );
        assert_eq!(
            response(502, "  Bad Gateway\n"),
            "Google login failed. Bad Gateway"
        );
        assert_eq!(response(400, "[\"x\"]"), "Google login failed. [\"x\"]");
        assert_eq!(
            response(500, ""),
            "Google login failed. Server returned 500"
        );
        assert_eq!(
            response(500, " \n "),
            "Google login failed. Server returned 500"
        );
        assert_eq!(
            response(500, "{}"),
            "Google login failed. Server returned 500"
        );
    }

    #[test]
    fn google_errors_without_a_response() {
        assert_eq!(
            google_login_error(&GoogleFailure::NoResponse),
            "Google login failed. No response from authentication server."
        );
        assert_eq!(
            google_login_error(&GoogleFailure::Other {
                message: "Network Error".to_owned()
            }),
            "Google login failed: Network Error"
        );
        assert_eq!(
            google_login_error(&GoogleFailure::MissingAccess),
            "Invalid response from authentication server"
        );
    }

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        let n = |x: f64| js_number(&Number::from_f64(x).expect("finite"));
        assert_eq!(n(1.0), "1");
        assert_eq!(n(-0.0), "0");
        assert_eq!(n(0.5), "0.5");
        assert_eq!(n(-2.25), "-2.25");
        assert_eq!(n(1e21), "1e+21");
        assert_eq!(n(1e-7), "1e-7");
        assert_eq!(n(1.5e300), "1.5e+300");
        assert_eq!(js_number(&Number::from(u64::MAX)), "18446744073709551615");
    }

    proptest! {
        #[test]
        fn session_due_only_moves_forward(
            set_at in 0.0..1e13f64,
            refreshed_after in proptest::option::of(0.0..1e7f64),
            mut steps in prop::collection::vec(0.0..1e7f64, 1..12),
        ) {
            let refreshed = refreshed_after.map(|r| set_at + r);
            let start = refreshed.unwrap_or(set_at);
            steps.sort_by(f64::total_cmp);
            let mut previous = SessionDue::Ok;
            for step in steps {
                let due = session_due(set_at, refreshed, start + step);
                prop_assert!(due >= previous, "{previous:?} then {due:?}");
                previous = due;
            }
        }

        #[test]
        fn timers_are_never_negative(set_at in any::<f64>(), refreshed in proptest::option::of(any::<f64>()), now in any::<f64>()) {
            let t = session_timers(set_at, refreshed, now);
            prop_assert!(t.refresh_in_ms >= 0.0 && t.logout_in_ms >= 0.0);
            prop_assert!(t.refresh_in_ms <= f64::from(TOKEN_REFRESH_MS));
            prop_assert!(t.logout_in_ms <= f64::from(FORCED_LOGOUT_MS));
        }

        #[test]
        fn google_messages_never_panic(status in any::<u16>(), body in ".*") {
            let message = response(status, &body);
            prop_assert!(message.starts_with("Google login failed. "));
        }
    }
}

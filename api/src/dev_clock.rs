//! The test clock: with `TEST_CLOCK=on` (only on a server this machine
//! reaches, see [`crate::config::Settings::unsafe_in_public`]) the server's
//! clock stands still, and end-to-end tests move it instead of waiting for
//! deadlines, reminders and expiry:
//!
//! - `GET /dev/clock/` answers `{"now": "2026-11-24T12:00:00.000Z"}`;
//! - `POST /dev/clock/` with `{"advance_seconds": N}` (1 to 400 days' worth)
//!   moves the clock forward by N seconds, wakes the background workers so
//!   what fell due runs now, and answers the new `{"now": ...}`.
//!
//! Not part of the public API document (like `/dev/outbox`); also answered
//! at `/api/dev/clock/` for clients that only reach `/api`. Mount these
//! only when [`AppState::test_clock`] is set.

use std::sync::Arc;
use std::time::Duration;

use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Body, Request, Response, Route, get, handler};
use serde_json::json;

use crate::state::AppState;

/// The longest single move: 400 days, a year of booking windows and more.
pub const MAX_ADVANCE_SECONDS: i64 = 400 * 24 * 60 * 60;

/// The routes `GET`/`POST /dev/clock/` and `/api/dev/clock/` (with or
/// without the trailing slash), by their full paths.
pub fn routes() -> Route {
    Route::new()
        .at("/dev/clock", get(show).post(advance))
        .at("/dev/clock/", get(show).post(advance))
        .at("/api/dev/clock", get(show).post(advance))
        .at("/api/dev/clock/", get(show).post(advance))
}

fn answer(status: StatusCode, body: serde_json::Value) -> Response {
    Response::builder()
        .status(status)
        .header(header::CACHE_CONTROL, "no-store")
        .content_type("application/json")
        .body(body.to_string())
}

fn now_answer(state: &AppState) -> Response {
    let now = state
        .clock
        .now()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    answer(StatusCode::OK, json!({ "now": now }))
}

/// `GET /dev/clock/`: the server's time.
#[handler]
async fn show(state: Data<&Arc<AppState>>) -> Response {
    now_answer(&state)
}

/// What is wrong with a request to move the clock, in the shape of the
/// API's field errors; `Ok` with the seconds when nothing is.
fn seconds_to_advance(
    content_type: Option<&str>,
    body: &[u8],
) -> Result<i64, (StatusCode, serde_json::Value)> {
    let json_type = content_type
        .and_then(|t| t.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        // Also keeps other sites' pages from moving the clock with a plain form.
        return Err((
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            json!({"detail": "Send JSON with Content-Type: application/json, e.g. {\"advance_seconds\": 3600}."}),
        ));
    }
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(body) else {
        return Err((
            StatusCode::BAD_REQUEST,
            json!({"detail": "The body is not JSON. Send e.g. {\"advance_seconds\": 3600}."}),
        ));
    };
    let field_error = |message: &str| {
        Err((
            StatusCode::BAD_REQUEST,
            json!({ "advance_seconds": [message] }),
        ))
    };
    let Some(given) = value.as_object().and_then(|o| o.get("advance_seconds")) else {
        return field_error("This field is required.");
    };
    match given.as_i64() {
        Some(n) if n <= 0 => {
            field_error("Move the clock forward: give a whole number of seconds above 0.")
        }
        Some(n) if n <= MAX_ADVANCE_SECONDS => Ok(n),
        Some(_) => field_error(&format!(
            "Move the clock at most {MAX_ADVANCE_SECONDS} seconds (400 days) at a time."
        )),
        None if given.is_number() => {
            field_error("Give a whole number of seconds above 0, at most 400 days (34560000).")
        }
        None => field_error("Give a whole number of seconds, e.g. 3600."),
    }
}

/// `POST /dev/clock/` `{"advance_seconds": N}`: moves the clock forward.
#[handler]
async fn advance(state: Data<&Arc<AppState>>, req: &Request, body: Body) -> Response {
    let Some(hand) = state.test_clock.as_ref() else {
        return answer(StatusCode::NOT_FOUND, json!({"detail": "Not found."}));
    };
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let Ok(bytes) = body.into_bytes_limit(4096).await else {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"detail": "Send a short JSON body, e.g. {\"advance_seconds\": 3600}."}),
        );
    };
    let seconds = match seconds_to_advance(content_type, &bytes) {
        Ok(seconds) => seconds,
        Err((status, body)) => return answer(status, body),
    };
    hand.advance(Duration::from_secs(seconds.unsigned_abs()));
    tracing::info!(seconds, now = %state.clock.now(), "test clock moved forward");
    // What fell due runs now rather than at the workers' next poll.
    state.jobs.wake();
    state.mailer.wake();
    now_answer(&state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(r: Result<i64, (StatusCode, serde_json::Value)>) -> (u16, i64) {
        match r {
            Ok(n) => (200, n),
            Err((status, _)) => (status.as_u16(), 0),
        }
    }

    #[test]
    fn only_a_positive_whole_number_up_to_400_days_moves_the_clock() {
        let json = Some("application/json; charset=utf-8");
        assert_eq!(
            field(seconds_to_advance(json, br#"{"advance_seconds": 3600}"#)),
            (200, 3600)
        );
        assert_eq!(
            field(seconds_to_advance(
                json,
                br#"{"advance_seconds": 34560000}"#
            )),
            (200, MAX_ADVANCE_SECONDS)
        );
        for bad in [
            &br#"{"advance_seconds": 0}"#[..],
            br#"{"advance_seconds": -5}"#,
            br#"{"advance_seconds": 34560001}"#,
            br#"{"advance_seconds": 1.5}"#,
            br#"{"advance_seconds": "60"}"#,
            br#"{"advance_seconds": 1e30}"#,
            br#"{}"#,
            br#"[]"#,
            b"not json",
        ] {
            assert_eq!(
                field(seconds_to_advance(json, bad)).0,
                400,
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
        assert_eq!(
            field(seconds_to_advance(
                Some("text/plain"),
                br#"{"advance_seconds": 60}"#
            ))
            .0,
            415
        );
        assert_eq!(
            field(seconds_to_advance(None, br#"{"advance_seconds": 60}"#)).0,
            415
        );
    }
}

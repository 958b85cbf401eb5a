//! The mentor list: checking the API's answer, retrying and caching it.

use serde_json::Value;

use super::{Args, BadInput, bad, to_json};

use crate::fetch_policy::{self, CacheState, FailureDecision, FetchPolicy};
use crate::json::{ParseJson, SerdeJson};
use crate::mentor_response::{self, MentorResponse};

/// An HTTP status from JavaScript: a whole number from 100 to 599.
pub(crate) fn http_status(status: f64) -> Result<u16, BadInput> {
    if status.fract() == 0.0 && (100.0..=599.0).contains(&status) {
        Ok(status as u16)
    } else {
        Err(bad(format!(
            "an HTTP status must be a whole number from 100 to 599, got {}",
            crate::num::js_number(status)
        )))
    }
}

/// `{type: "ok", mentors, dropped}` or `{type: "error", message}` with the
/// spec's message.
pub fn parse_mentor_response(
    status: f64,
    status_text: &str,
    content_type: Option<&str>,
    body: &str,
) -> Result<MentorResponse, BadInput> {
    parse_mentor_response_with(&SerdeJson, status, status_text, content_type, body)
}

/// [`parse_mentor_response`] with the JSON parser given.
pub fn parse_mentor_response_with(
    parser: &impl ParseJson,
    status: f64,
    status_text: &str,
    content_type: Option<&str>,
    body: &str,
) -> Result<MentorResponse, BadInput> {
    Ok(mentor_response::parse_mentor_response_with(
        parser,
        http_status(status)?,
        status_text,
        content_type,
        body,
    ))
}

/// `{type: "retry", delayMs}` or `{type: "giveUp"}` after attempt number
/// `attempt` (1-based) failed.
pub fn after_failure(attempt: f64, timed_out: bool) -> Result<FailureDecision, BadInput> {
    if attempt.fract() == 0.0 && (1.0..=f64::from(u32::MAX)).contains(&attempt) {
        Ok(fetch_policy::after_failure(attempt as u32, timed_out))
    } else {
        Err(bad(format!(
            "an attempt number must be a whole number of 1 or more, got {}",
            crate::num::js_number(attempt)
        )))
    }
}

/// `"missing"`, `"fresh"`, `"refresh"` or `"expired"`.
pub fn cache_state(fetched_at_ms: Option<f64>, now_ms: f64) -> CacheState {
    fetch_policy::cache_state(fetched_at_ms, now_ms)
}

pub fn fetch_policy() -> FetchPolicy {
    fetch_policy::fetch_policy()
}

pub(crate) fn dispatch(function: &str, a: &Args) -> Option<Result<Value, BadInput>> {
    let call: fn(&Args) -> Result<Value, BadInput> = match function {
        "parseMentorResponse" => |a| {
            to_json(parse_mentor_response(
                a.f64(0)?,
                a.str(1)?,
                a.opt_str(2)?,
                a.str(3)?,
            )?)
        },
        "afterFailure" => |a| to_json(after_failure(a.f64(0)?, a.bool(1)?)?),
        "cacheState" => |a| to_json(cache_state(a.opt_f64(0)?, a.f64(1)?)),
        "fetchPolicy" => |_| to_json(fetch_policy()),
        _ => return None,
    };
    Some(call(a))
}

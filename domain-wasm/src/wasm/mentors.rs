//! The mentor list: checking the API's answer, retrying and caching it.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::facade::mentors as facade;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A service a mentor offers; `price` in rupees, 0 means free. Other fields pass through unchecked. */
export interface MentorService {
  id?: unknown;
  title?: unknown;
  price: number;
  [field: string]: unknown;
}
/**
 * A mentor accepted from `GET /api/mentors/` (SPEC §3). `id`, `name`, `expertise`, `rating`,
 * `experience_years` and `services` are checked and normalised; every other field is passed
 * through as the API sent it, so it is `unknown` until narrowed.
 */
export interface Mentor {
  /** Any JSON value but null; a number from the marketplace API. */
  id: NonNullable<unknown>;
  name: string;
  expertise: string[];
  rating: number;
  experience_years: number;
  services: MentorService[];
  user_id?: unknown;
  bio?: unknown;
  image?: unknown;
  image_url?: unknown;
  contact?: unknown;
  social_links?: unknown;
  education?: unknown;
  experience?: unknown;
  projects?: unknown;
  available_slots?: unknown;
  created_at?: unknown;
  updated_at?: unknown;
  [field: string]: unknown;
}
export type MentorResponse =
  | { type: "ok"; mentors: Mentor[]; dropped: number }
  | { type: "error"; message: string };
export type FailureDecision = { type: "retry"; delayMs: number } | { type: "giveUp" };
export type CacheState = "missing" | "fresh" | "refresh" | "expired";
export interface FetchPolicy {
  requestTimeoutMs: number;
  maxAttempts: number;
  cacheTtlMs: number;
  refreshAfterMs: number;
}
"#;

/// Checks and cleans the answer to `GET /api/mentors/`: the accepted mentors
/// and how many items were dropped, or the spec's error message. Throws for a
/// status that is not a whole number from 100 to 599.
#[wasm_bindgen(js_name = parseMentorResponse, unchecked_return_type = "MentorResponse")]
pub fn parse_mentor_response(
    status: f64,
    #[wasm_bindgen(js_name = "statusText")] status_text: &str,
    #[wasm_bindgen(js_name = "contentType")] content_type: Option<String>,
    body: &str,
) -> Result<JsValue, JsError> {
    to_js(&facade::parse_mentor_response_with(
        &super::BrowserJson,
        status,
        status_text,
        content_type.as_deref(),
        body,
    )?)
}

/// Retry (after `delayMs`) or give up after attempt number `attempt`
/// (1-based) failed. Throws for an attempt that is not a whole number of 1 or more.
#[wasm_bindgen(js_name = afterFailure, unchecked_return_type = "FailureDecision")]
pub fn after_failure(
    attempt: f64,
    #[wasm_bindgen(js_name = "timedOut")] timed_out: bool,
) -> Result<JsValue, JsError> {
    to_js(&facade::after_failure(attempt, timed_out)?)
}

/// How usable a mentor list fetched at `fetchedAtMs` (null: none) is at `nowMs`.
#[wasm_bindgen(js_name = cacheState, unchecked_return_type = "CacheState")]
pub fn cache_state(
    #[wasm_bindgen(js_name = "fetchedAtMs")] fetched_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
) -> Result<JsValue, JsError> {
    to_js(&facade::cache_state(fetched_at_ms, now_ms))
}

/// The request timeout, attempt count and cache ages.
#[wasm_bindgen(js_name = fetchPolicy, unchecked_return_type = "FetchPolicy")]
pub fn fetch_policy() -> Result<JsValue, JsError> {
    to_js(&facade::fetch_policy())
}

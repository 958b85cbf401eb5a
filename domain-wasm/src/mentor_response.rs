//! The answer to `GET /api/mentors/` (SPEC §5, §7, §8): checked, then
//! cleaned into a catalogue the screens can trust.
//!
//! Order of checks, each with the spec's exact message:
//! 1. a status outside 200–299: `HTTP {status}: {statusText}`;
//! 2. a missing or non-JSON content type: `Invalid response format: Expected JSON`;
//! 3. a body that is not JSON at all: the same message (decision: the server
//!    promised JSON and did not deliver it, which is the same failure as a
//!    wrong content type);
//! 4. JSON that is not an array: `Invalid API response: Expected array of mentors`;
//! 5. an array whose items were all dropped: `No valid mentor data received from API`.
//!
//! An empty array is a valid, empty catalogue (decision: a new marketplace
//! with no mentors yet shows the empty state instead of failing three times).
//!
//! Acceptance of one item (SPEC §5: "id is present, name is a string,
//! expertise is an array and rating is a number … Missing name becomes empty,
//! missing numbers become 0"). The reading taken: a *missing* `name` or
//! `rating` is filled in (`""`, `0`) and the item is kept, while a *present*
//! value of the wrong type (`"name": 5`, `"name": null`, `"rating": "4.5"`,
//! `"rating": null`) drops the item. `id` must be present and not `null` (any
//! other JSON value is accepted and passed through). `expertise` must be an
//! array. Items that are not objects are dropped.

use crate::json::{Json, ParseJson, SerdeJson};
use serde::Serialize;
use serde_json::{Number, Value};

pub const MSG_EXPECTED_JSON: &str = "Invalid response format: Expected JSON";
pub const MSG_EXPECTED_ARRAY: &str = "Invalid API response: Expected array of mentors";
pub const MSG_NO_VALID_MENTORS: &str = "No valid mentor data received from API";

/// The outcome of one mentor-list response.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum MentorResponse {
    /// The accepted mentors, normalised, in the order received, and how many
    /// items were dropped.
    Ok { mentors: Vec<Mentor>, dropped: u32 },
    /// The failure, in the spec's words; the caller retries (see
    /// [`crate::fetch_policy`]).
    Error { message: String },
}

/// A mentor accepted from `GET /api/mentors/` (SPEC §3). `id`, `name`,
/// `expertise`, `rating`, `experience_years` and `services` are checked and
/// normalised; every other field is passed through as the API sent it (in
/// its order; no map type, so the wasm module carries none).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Mentor {
    /// Any JSON value but null; a number from the marketplace API.
    #[cfg_attr(feature = "wasm", tsify(type = "NonNullable<unknown>"))]
    pub id: Json,
    pub name: String,
    pub expertise: Vec<String>,
    #[cfg_attr(feature = "wasm", tsify(type = "number"))]
    pub rating: Number,
    #[cfg_attr(feature = "wasm", tsify(type = "number"))]
    pub experience_years: Number,
    pub services: Vec<MentorService>,
    /// The fields not checked here (`bio`, `image_url`, …), unknown until narrowed.
    #[cfg_attr(feature = "wasm", serde(flatten))]
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, unknown>"))]
    pub other: Vec<(String, Json)>,
}

/// A service a mentor offers; `price` in rupees, 0 means free. Other fields
/// pass through unchecked.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct MentorService {
    #[cfg_attr(feature = "wasm", tsify(type = "number"))]
    pub price: Number,
    #[cfg_attr(feature = "wasm", serde(flatten))]
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, unknown>"))]
    pub other: Vec<(String, Json)>,
}

/// The checked fields, then the others in the order received.
impl Serialize for Mentor {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("expertise", &self.expertise)?;
        map.serialize_entry("rating", &self.rating)?;
        map.serialize_entry("experience_years", &self.experience_years)?;
        map.serialize_entry("services", &self.services)?;
        for (key, value) in &self.other {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl Serialize for MentorService {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("price", &self.price)?;
        for (key, value) in &self.other {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl MentorResponse {
    fn error(message: impl Into<String>) -> Self {
        MentorResponse::Error {
            message: message.into(),
        }
    }
}

/// Checks and cleans a mentor-list response. `content_type` is the raw
/// `Content-Type` header, `body` the raw response text.
pub fn parse_mentor_response(
    status: u16,
    status_text: &str,
    content_type: Option<&str>,
    body: &str,
) -> MentorResponse {
    parse_mentor_response_with(&SerdeJson, status, status_text, content_type, body)
}

/// [`parse_mentor_response`] with the JSON parser given (the browser's
/// `JSON.parse` in the wasm build). The body is parsed only once the status
/// and content type have passed.
pub fn parse_mentor_response_with(
    parser: &impl ParseJson,
    status: u16,
    status_text: &str,
    content_type: Option<&str>,
    body: &str,
) -> MentorResponse {
    if !(200..=299).contains(&status) {
        return MentorResponse::error(format!("HTTP {status}: {status_text}"));
    }
    if !content_type.is_some_and(is_json_media_type) {
        return MentorResponse::error(MSG_EXPECTED_JSON);
    }
    let Some(json) = parser.parse_json(body) else {
        return MentorResponse::error(MSG_EXPECTED_JSON);
    };
    let Json::Array(items) = json else {
        return MentorResponse::error(MSG_EXPECTED_ARRAY);
    };
    let total = items.len();
    let mentors: Vec<Mentor> = items.into_iter().filter_map(accept_mentor).collect();
    if total > 0 && mentors.is_empty() {
        return MentorResponse::error(MSG_NO_VALID_MENTORS);
    }
    let dropped = u32::try_from(total - mentors.len()).unwrap_or(u32::MAX);
    MentorResponse::Ok { mentors, dropped }
}

/// `application/json` or any `type/subtype+json` (RFC 6839), ignoring
/// parameters (`; charset=utf-8`), surrounding spaces and letter case.
pub fn is_json_media_type(content_type: &str) -> bool {
    let media = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let Some((kind, subtype)) = media.split_once('/') else {
        return false;
    };
    let token = |s: &str| !s.is_empty() && !s.contains(['/', ' ', '\t']);
    if !token(kind) || !token(subtype) {
        return false;
    }
    (kind == "application" && subtype == "json")
        || subtype
            .strip_suffix("+json")
            .is_some_and(|prefix| !prefix.is_empty())
}

/// Whether a raw item passes the acceptance rule of SPEC §5 (see the module
/// documentation for the reading taken).
pub fn is_acceptable(item: &Value) -> bool {
    acceptable(&Json::from_value(item.clone()))
}

fn acceptable(item: &Json) -> bool {
    if !matches!(item, Json::Object(_)) {
        return false;
    }
    let id_ok = item.get("id").is_some_and(|id| *id != Json::Null);
    let name_ok = item
        .get("name")
        .is_none_or(|name| matches!(name, Json::String(_)));
    let expertise_ok = matches!(item.get("expertise"), Some(Json::Array(_)));
    let rating_ok = item
        .get("rating")
        .is_none_or(|rating| matches!(rating, Json::Number(_)));
    id_ok && name_ok && expertise_ok && rating_ok
}

/// The number, or 0 for anything else (a missing field too).
fn number_or_zero(value: Option<Json>) -> Number {
    match value {
        Some(Json::Number(n)) => n,
        _ => Number::from(0),
    }
}

/// The normalised mentor, or `None` when the item is dropped.
fn accept_mentor(item: Json) -> Option<Mentor> {
    if !acceptable(&item) {
        return None;
    }
    let Json::Object(fields) = item else {
        return None;
    };
    let mut mentor = Mentor {
        id: Json::Null,
        name: String::new(),
        expertise: Vec::new(),
        rating: Number::from(0),
        experience_years: Number::from(0),
        services: Vec::new(),
        other: Vec::new(),
    };
    for (key, mut value) in fields {
        as_js_numbers(&mut value);
        match key.as_str() {
            "id" => mentor.id = value,
            "name" => {
                if let Json::String(name) = value {
                    mentor.name = name;
                }
            }
            "expertise" => {
                if let Json::Array(items) = value {
                    mentor.expertise = items
                        .into_iter()
                        .filter_map(|item| match item {
                            Json::String(s) => Some(s),
                            _ => None,
                        })
                        .collect();
                }
            }
            "rating" => mentor.rating = number_or_zero(Some(value)),
            "experience_years" => mentor.experience_years = number_or_zero(Some(value)),
            "services" => {
                if let Json::Array(services) = value {
                    mentor.services = services
                        .into_iter()
                        .filter_map(|service| match service {
                            Json::Object(mut other) => {
                                let price = other
                                    .iter()
                                    .position(|(k, _)| k == "price")
                                    .map(|at| other.remove(at).1);
                                Some(MentorService {
                                    price: number_or_zero(price),
                                    other,
                                })
                            }
                            // Decision: a service that is not an object is removed, so
                            // every entry has a price (the first one is shown on cards).
                            _ => None,
                        })
                        .collect();
                }
            }
            _ => mentor.other.push((key, value)),
        }
    }
    Some(mentor)
}

/// Largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// An integer beyond JavaScript's exact range as the nearest float, as
/// `JSON.parse` makes it.
fn js_number(n: &Number) -> Option<Number> {
    let unsafe_int = n.as_u64().is_some_and(|u| u > MAX_SAFE_INTEGER)
        || n.as_i64()
            .is_some_and(|i| i.unsigned_abs() > MAX_SAFE_INTEGER);
    if unsafe_int {
        n.as_f64().and_then(Number::from_f64)
    } else {
        None
    }
}

/// Integers beyond JavaScript's exact range become the nearest float, as
/// `JSON.parse` makes them, so native callers see what the browser sees.
fn as_js_numbers(value: &mut Json) {
    match value {
        Json::Number(n) => {
            if let Some(f) = js_number(n) {
                *n = f;
            }
        }
        Json::Array(items) => items.iter_mut().for_each(as_js_numbers),
        Json::Object(fields) => fields.iter_mut().for_each(|(_, v)| as_js_numbers(v)),
        _ => {}
    }
}

/// Checks and cleans the answer to `GET /api/mentors/`: the accepted mentors
/// and how many items were dropped, or the spec's error message. Throws for a
/// status that is not a whole number from 100 to 599.
#[crate::export(home, learner, js_name = "parseMentorResponse")]
pub fn check_mentor_response(
    status: f64,
    status_text: &str,
    content_type: Option<&str>,
    body: &str,
) -> Result<MentorResponse, crate::bindings::BadInput> {
    Ok(parse_mentor_response_with(
        &crate::bindings::PLATFORM_JSON,
        crate::bindings::http_status(status)?,
        status_text,
        content_type,
        body,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    const JSON: Option<&str> = Some("application/json");

    fn parse(body: &str) -> MentorResponse {
        parse_mentor_response(200, "OK", JSON, body)
    }

    fn error(message: &str) -> MentorResponse {
        MentorResponse::Error {
            message: message.to_owned(),
        }
    }

    /// What the rule does to an id, on a serde_json value.
    fn as_js_numbers(value: &mut Value) {
        match value {
            Value::Number(n) => {
                if let Some(f) = js_number(n) {
                    *n = f;
                }
            }
            Value::Array(items) => items.iter_mut().for_each(as_js_numbers),
            Value::Object(fields) => fields.values_mut().for_each(as_js_numbers),
            _ => {}
        }
    }

    fn ok(response: MentorResponse) -> (Vec<Value>, u32) {
        match response {
            MentorResponse::Ok { mentors, dropped } => {
                (mentors.into_iter().map(|m| json!(m)).collect(), dropped)
            }
            MentorResponse::Error { message } => panic!("expected ok, got error {message:?}"),
        }
    }

    #[test]
    fn only_2xx_statuses_are_read() {
        for status in [199, 300, 404, 500] {
            assert_eq!(
                parse_mentor_response(status, "Nope", JSON, "[]"),
                error(&format!("HTTP {status}: Nope"))
            );
        }
        assert_eq!(
            parse_mentor_response(503, "Service Unavailable", JSON, "[]"),
            error("HTTP 503: Service Unavailable")
        );
        assert_eq!(
            parse_mentor_response(503, "", JSON, "[]"),
            error("HTTP 503: ")
        );
        for status in [200, 299] {
            assert!(matches!(
                parse_mentor_response(status, "", JSON, "[]"),
                MentorResponse::Ok { .. }
            ));
        }
    }

    #[test]
    fn the_status_is_checked_before_the_content_type() {
        assert_eq!(
            parse_mentor_response(500, "Internal Server Error", Some("text/html"), "<html>"),
            error("HTTP 500: Internal Server Error")
        );
    }

    #[test]
    fn content_type_must_be_json() {
        for accepted in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "  application/json ;charset=UTF-8",
            "application/problem+json",
            "application/vnd.api+json",
        ] {
            assert!(is_json_media_type(accepted), "{accepted}");
        }
        for refused in [
            "text/html",
            "text/plain; charset=utf-8",
            "",
            "json",
            "application/",
            "/json",
            "application/+json",
            "application/jsonp",
            "application/json/x",
            "text/html; profile=application/json",
        ] {
            assert!(!is_json_media_type(refused), "{refused}");
        }
        assert_eq!(
            parse_mentor_response(200, "OK", Some("text/html"), "[]"),
            error(MSG_EXPECTED_JSON)
        );
        assert_eq!(
            parse_mentor_response(200, "OK", None, "[]"),
            error(MSG_EXPECTED_JSON)
        );
        assert!(matches!(
            parse_mentor_response(200, "OK", Some("Application/JSON"), "[]"),
            MentorResponse::Ok { .. }
        ));
    }

    #[test]
    fn body_must_be_a_json_array() {
        assert_eq!(parse("<!doctype html>"), error(MSG_EXPECTED_JSON));
        assert_eq!(parse(""), error(MSG_EXPECTED_JSON));
        assert_eq!(parse("[1,"), error(MSG_EXPECTED_JSON));
        assert_eq!(parse(r#"{"results": []}"#), error(MSG_EXPECTED_ARRAY));
        assert_eq!(parse("null"), error(MSG_EXPECTED_ARRAY));
        assert_eq!(parse("\"[]\""), error(MSG_EXPECTED_ARRAY));
    }

    #[test]
    fn an_empty_array_is_an_empty_catalogue() {
        assert_eq!(ok(parse(" [] \n")), (vec![], 0));
    }

    #[test]
    fn an_array_without_valid_mentors_is_an_error() {
        assert_eq!(
            parse(r#"[1, null, {"name": "x"}]"#),
            error(MSG_NO_VALID_MENTORS)
        );
    }

    #[test]
    fn acceptance_rule() {
        let base = json!({"id": 1, "name": "Asha", "expertise": [], "rating": 4.5});
        assert!(is_acceptable(&base));
        let with = |key: &str, value: Value| {
            let mut item = base.clone();
            item[key] = value;
            item
        };
        let without = |key: &str| {
            let mut item = base.clone();
            item.as_object_mut().expect("object").remove(key);
            item
        };
        assert!(is_acceptable(&with("id", json!("m-1"))));
        assert!(is_acceptable(&with("id", json!(0))));
        assert!(!is_acceptable(&with("id", Value::Null)));
        assert!(!is_acceptable(&without("id")));
        assert!(is_acceptable(&without("name")));
        assert!(!is_acceptable(&with("name", json!(5))));
        assert!(!is_acceptable(&with("name", Value::Null)));
        assert!(!is_acceptable(&without("expertise")));
        assert!(!is_acceptable(&with("expertise", json!("AI"))));
        assert!(!is_acceptable(&with("expertise", Value::Null)));
        assert!(is_acceptable(&without("rating")));
        assert!(!is_acceptable(&with("rating", json!("4.5"))));
        assert!(!is_acceptable(&with("rating", Value::Null)));
        assert!(!is_acceptable(&json!([1])));
        assert!(!is_acceptable(&json!("mentor")));
    }

    #[test]
    fn mixed_items_keep_the_valid_ones_in_order() {
        let body = r#"[
            {"id": 1, "name": "Asha", "expertise": ["AI"], "rating": 4.9},
            {"id": 2, "name": 5, "expertise": [], "rating": 4},
            {"id": 3, "expertise": ["Design", 7, null], "bio": "hi"},
            "junk",
            {"id": null, "name": "No id", "expertise": [], "rating": 1}
        ]"#;
        let (mentors, dropped) = ok(parse(body));
        assert_eq!(dropped, 3);
        assert_eq!(mentors.len(), 2);
        assert_eq!(mentors[0]["id"], 1);
        assert_eq!(
            mentors[1],
            json!({
                "id": 3, "name": "", "expertise": ["Design"], "rating": 0,
                "experience_years": 0, "services": [], "bio": "hi"
            })
        );
    }

    #[test]
    fn normalisation_fills_numbers_and_services() {
        let body = r#"[{
            "id": 7, "user_id": null, "name": "Ravi", "expertise": ["Go"], "rating": 4.2,
            "experience_years": "12",
            "services": [{"id": 1, "title": "Call", "price": 499.5}, {"title": "Chat"},
                         {"price": "100"}, "free", 3],
            "contact": {"email": "r@example.com"}, "available_slots": []
        }]"#;
        let (mentors, dropped) = ok(parse(body));
        assert_eq!(dropped, 0);
        assert_eq!(
            mentors[0],
            json!({
                "id": 7, "user_id": null, "name": "Ravi", "expertise": ["Go"], "rating": 4.2,
                "experience_years": 0,
                "services": [{"id": 1, "title": "Call", "price": 499.5}, {"title": "Chat", "price": 0},
                             {"price": 0}],
                "contact": {"email": "r@example.com"}, "available_slots": []
            })
        );
        let (mentors, _) = ok(parse(
            r#"[{"id": 1, "expertise": [], "services": {"price": 1}}]"#,
        ));
        assert_eq!(mentors[0]["services"], json!([]));
    }

    #[test]
    fn integers_beyond_javascript_range_become_floats() {
        let (mentors, _) = ok(parse(
            r#"[{"id": 12345678901234567890, "expertise": [], "n": [-9007199254740993], "s": 9007199254740991}]"#,
        ));
        assert_eq!(
            mentors[0]["id"].as_f64(),
            Some(12_345_678_901_234_567_890.0)
        );
        assert!(mentors[0]["id"].is_f64());
        assert!(mentors[0]["n"][0].is_f64());
        assert_eq!(mentors[0]["s"].as_u64(), Some(MAX_SAFE_INTEGER));
    }

    fn arb_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            ".{0,8}".prop_map(Value::from),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map("[a-z_]{1,6}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// Objects that are often, but not always, valid mentors.
    fn arb_item() -> impl Strategy<Value = Value> {
        let field = |valid: BoxedStrategy<Value>| {
            prop_oneof![
                2 => valid.prop_map(Some),
                1 => arb_json().prop_map(Some),
                1 => Just(None),
            ]
        };
        (
            field(any::<u32>().prop_map(Value::from).boxed()),
            field("[A-Za-z ]{0,8}".prop_map(Value::from).boxed()),
            field(
                prop::collection::vec(arb_json(), 0..3)
                    .prop_map(Value::from)
                    .boxed(),
            ),
            field((0.0..5.0f64).prop_map(Value::from).boxed()),
            field(
                prop::collection::vec(arb_json(), 0..3)
                    .prop_map(Value::from)
                    .boxed(),
            ),
            prop::collection::btree_map("[a-z_]{1,6}", arb_json(), 0..3),
        )
            .prop_map(|(id, name, expertise, rating, services, extra)| {
                let mut fields: serde_json::Map<String, Value> = extra.into_iter().collect();
                for (key, value) in [
                    ("id", id),
                    ("name", name),
                    ("expertise", expertise),
                    ("rating", rating),
                    ("services", services),
                ] {
                    match value {
                        Some(v) => fields.insert(key.to_owned(), v),
                        None => fields.remove(key),
                    };
                }
                Value::Object(fields)
            })
    }

    proptest! {
        #[test]
        fn never_panics_on_any_text(body in ".*", status in any::<u16>(), ct in proptest::option::of(".*")) {
            let _ = parse_mentor_response(status, "x", ct.as_deref(), &body);
            let _ = parse(&body);
        }

        #[test]
        fn never_panics_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn every_item_is_kept_or_counted(items in prop::collection::vec(
            prop_oneof![3 => arb_item(), 1 => arb_json()], 0..8)
        ) {
            let body = Value::Array(items).to_string();
            // What the parser sees (serde_json's float parsing may differ
            // from the generated value in the last bit).
            let Ok(Value::Array(items)) = serde_json::from_str::<Value>(&body) else {
                panic!("a JSON array written by serde_json parses back");
            };
            let accepted: Vec<&Value> = items.iter().filter(|i| is_acceptable(i)).collect();
            match parse(&body) {
                MentorResponse::Ok { mentors, dropped } => {
                    prop_assert_eq!(mentors.len() + dropped as usize, items.len());
                    prop_assert_eq!(mentors.len(), accepted.len());
                    let mentors: Vec<Value> = mentors.iter().map(|m| json!(m)).collect();
                    for (mentor, raw) in mentors.iter().zip(accepted) {
                        let mut id = raw["id"].clone();
                        as_js_numbers(&mut id);
                        prop_assert_eq!(&mentor["id"], &id);
                        prop_assert!(mentor["name"].is_string());
                        prop_assert!(mentor["rating"].is_number());
                        prop_assert!(mentor["experience_years"].is_number());
                        let expertise = mentor["expertise"].as_array().expect("array");
                        prop_assert!(expertise.iter().all(Value::is_string));
                        let services = mentor["services"].as_array().expect("array");
                        prop_assert!(services.iter().all(|s| s["price"].is_number()));
                        prop_assert!(is_acceptable(mentor));
                    }
                }
                MentorResponse::Error { message } => {
                    prop_assert_eq!(message, MSG_NO_VALID_MENTORS);
                    prop_assert!(!items.is_empty() && accepted.is_empty());
                }
            }
        }
    }
}

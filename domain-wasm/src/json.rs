//! JSON documents as the rules read them, and where the parsing comes from.
//!
//! Rules that read response bodies (the mentor list, Google error bodies)
//! take a [`ParseJson`]. Natively that is serde_json ([`SerdeJson`], exact
//! floats, keys in `JSON.parse` order); the wasm build passes the browser's
//! own `JSON.parse`, so the module carries no JSON parser of its own. The
//! differential test holds the two to the same results.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Turns JSON text into a [`Json`] value, or `None` when it is not JSON.
pub trait ParseJson {
    fn parse_json(&self, text: &str) -> Option<Json>;
}

/// serde_json, with object keys reordered as `JSON.parse` orders them.
pub struct SerdeJson;

impl ParseJson for SerdeJson {
    fn parse_json(&self, text: &str) -> Option<Json> {
        serde_json::from_str::<Json>(text)
            .ok()
            .map(Json::in_js_key_order)
    }
}

/// Whether `key` is an array index (a canonical decimal below 2³² − 1):
/// JavaScript lists such keys first, in ascending order.
fn array_index(key: &str) -> Option<u32> {
    let n: u32 = key.parse().ok()?;
    (n != u32::MAX && n.to_string() == key).then_some(n)
}

impl Json {
    /// Objects with their keys as `JSON.parse` leaves them: array-index
    /// keys first, ascending, then the others in the order written.
    pub fn in_js_key_order(self) -> Json {
        match self {
            Json::Array(items) => {
                Json::Array(items.into_iter().map(Json::in_js_key_order).collect())
            }
            Json::Object(fields) => {
                // Array-index keys move to the front in ascending order (by
                // ordered insertion: they are rare, and a generic sort would
                // cost the wasm module kilobytes); the others keep their order.
                let mut indexed: Vec<(u32, String, Json)> = Vec::new();
                let mut named: Vec<(String, Json)> = Vec::new();
                for (key, value) in fields {
                    let value = value.in_js_key_order();
                    match array_index(&key) {
                        Some(n) => {
                            let at = indexed.partition_point(|(m, _, _)| *m < n);
                            indexed.insert(at, (n, key, value));
                        }
                        None => named.push((key, value)),
                    }
                }
                Json::Object(
                    indexed
                        .into_iter()
                        .map(|(_, k, v)| (k, v))
                        .chain(named)
                        .collect(),
                )
            }
            other => other,
        }
    }

    /// The same document as a serde_json value.
    pub fn into_value(self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(b),
            Json::Number(n) => Value::Number(n),
            Json::String(s) => Value::String(s),
            Json::Array(items) => Value::Array(items.into_iter().map(Json::into_value).collect()),
            Json::Object(fields) => Value::Object(
                fields
                    .into_iter()
                    .map(|(k, v)| (k, v.into_value()))
                    .collect::<Map<_, _>>(),
            ),
        }
    }
}

/// A JSON value whose objects keep their keys in the order written (the
/// crate does not enable serde_json's `preserve_order`). As with
/// `JSON.parse`, a repeated key keeps its first place and its last value.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// A field value in a message: strings as they are, arrays of strings
    /// joined by spaces (`["This field is required."]`), else compact JSON.
    pub fn as_message(&self) -> String {
        match self {
            Json::String(s) => s.clone(),
            Json::Array(items) if items.iter().all(|i| matches!(i, Json::String(_))) => items
                .iter()
                .filter_map(|i| match i {
                    Json::String(s) => Some(s.as_str()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join(" "),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Json {
    /// Compact JSON, numbers written as JavaScript writes them (`1`, not `1.0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Number(n) => f.write_str(&js_number(n)),
            Json::String(s) => write_json_string(f, s),
            Json::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Json::Object(fields) => {
                f.write_str("{")?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write_json_string(f, key)?;
                    write!(f, ":{value}")?;
                }
                f.write_str("}")
            }
        }
    }
}

fn write_json_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    match serde_json::to_string(s) {
        Ok(quoted) => f.write_str(&quoted),
        Err(_) => Err(fmt::Error),
    }
}

/// A number as `JSON.stringify` writes it for the common cases: integers
/// without a fraction (`1`, not `1.0`), `-0` as `0`; other floats as
/// serde_json writes them (`0.5`, `1e+21`, `1e-7`).
pub(crate) fn js_number(n: &Number) -> String {
    match n.as_f64() {
        Some(x) if n.is_f64() && x.fract() == 0.0 && x.abs() < 1e21 => crate::num::js_number(x),
        _ => n.to_string(),
    }
}

/// As JSON, object keys in their order.
impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(n) => n.serialize(s),
            Json::String(text) => s.serialize_str(text),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (key, value) in fields {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json, E> {
        Number::from_f64(n)
            .map(Json::Number)
            .ok_or_else(|| E::custom("a number that is not finite"))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut fields: Vec<(String, Json)> = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            match fields.iter_mut().find(|(k, _)| *k == key) {
                Some(field) => field.1 = value,
                None => fields.push((key, value)),
            }
        }
        Ok(Json::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(json: &Json) -> Vec<&str> {
        match json {
            Json::Object(fields) => fields.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn keys_come_in_json_parse_order() {
        // JSON.parse('{"b":1,"10":2,"a":3,"2":4,"01":5}') has keys 2, 10, b, a, 01.
        let parsed = SerdeJson
            .parse_json(r#"{"b":1,"10":2,"a":3,"2":4,"01":5}"#)
            .expect("JSON");
        assert_eq!(keys(&parsed), ["2", "10", "b", "a", "01"]);
        assert_eq!(array_index("4294967295"), None);
        assert_eq!(array_index("4294967294"), Some(4_294_967_294));
    }

    #[test]
    fn repeated_keys_keep_their_first_place_and_last_value() {
        let parsed = SerdeJson
            .parse_json(r#"{"a":1,"b":2,"a":3}"#)
            .expect("JSON");
        assert_eq!(parsed.into_value(), serde_json::json!({"a": 3, "b": 2}));
        assert!(SerdeJson.parse_json("{").is_none());
        assert!(SerdeJson.parse_json("[1e400]").is_none());
    }
}

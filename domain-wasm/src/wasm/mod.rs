//! The JavaScript facade: [`crate::facade`] with wasm-bindgen attributes and
//! camelCase names, one file per rule family. No rule lives here.

mod cards;
mod explorer;
mod forms;
mod mentors;
mod session;

use wasm_bindgen::prelude::*;

use crate::facade::BadInput;

impl From<BadInput> for JsError {
    fn from(e: BadInput) -> Self {
        JsError::new(&e.0)
    }
}

/// Serialises a result for JavaScript: maps become plain objects, `None`
/// fields are left out.
pub(crate) fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(false)
        .serialize_maps_as_objects(true);
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Reads the string and number fields `keys` of a flat JavaScript object as
/// a JSON object for the facade (a non-object reads as `null`; other field
/// types are left out, so the facade reports them as missing). Reading
/// fields directly keeps serde's generic deserializer out of the module.
pub(crate) fn flat_object(value: &JsValue, keys: &[&str]) -> serde_json::Value {
    use serde_json::{Map, Number, Value};
    if !value.is_object() {
        return Value::Null;
    }
    let mut fields = Map::new();
    for &key in keys {
        let field =
            js_sys::Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
        if let Some(s) = field.as_string() {
            fields.insert(key.to_owned(), Value::String(s));
        } else if let Some(n) = field.as_f64().and_then(Number::from_f64) {
            fields.insert(key.to_owned(), Value::Number(n));
        }
    }
    Value::Object(fields)
}

/// The browser's own `JSON.parse` as the rules' JSON parser, so the module
/// carries no parser of its own (and numbers are exactly what JavaScript
/// reads). Non-finite numbers (`1e400`) fail the parse, as in serde_json.
pub(crate) struct BrowserJson;

impl crate::json::ParseJson for BrowserJson {
    fn parse_json(&self, text: &str) -> Option<crate::json::Json> {
        js_sys::JSON::parse(text)
            .ok()
            .and_then(|value| json_of(&value))
    }
}

fn json_of(value: &JsValue) -> Option<crate::json::Json> {
    use crate::json::Json;
    if value.is_null() {
        Some(Json::Null)
    } else if let Some(b) = value.as_bool() {
        Some(Json::Bool(b))
    } else if let Some(n) = value.as_f64() {
        serde_json::Number::from_f64(n).map(Json::Number)
    } else if let Some(s) = value.as_string() {
        Some(Json::String(s))
    } else if js_sys::Array::is_array(value) {
        js_sys::Array::from(value)
            .iter()
            .map(|item| json_of(&item))
            .collect::<Option<Vec<_>>>()
            .map(Json::Array)
    } else {
        // JSON.parse makes only plain objects here; keys come in its order.
        let object = js_sys::Object::from(value.clone());
        js_sys::Object::keys(&object)
            .iter()
            .map(|key| {
                let field = js_sys::Reflect::get(value, &key).ok()?;
                Some((key.as_string()?, json_of(&field)?))
            })
            .collect::<Option<Vec<_>>>()
            .map(Json::Object)
    }
}

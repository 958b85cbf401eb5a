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

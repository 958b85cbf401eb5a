//! How a rule reaches JavaScript: `#[export]` (`crate::export`, from
//! `macros/`) beside the rule, and the little runtime it expands to.
//!
//! In the wasm build each exported function gets a wasm-bindgen export;
//! results that are not plain values cross as JSON text (serde_json, then
//! `JSON.parse`) and their TypeScript types are declared by `tsify` from the
//! Rust types.
//! Natively each export is registered by its JS name in a table that
//! [`dispatch`] reads, so `tests/vectors.rs` and `examples/dispatch.rs` call
//! exactly what JavaScript calls, with JSON arguments.
//!
//! Conventions: business outcomes are values (tagged enums such as
//! `{type: "ok", …}` / `{type: "error", field, message}`); an `Err` is
//! [`BadInput`], an argument no caller should pass, and throws in
//! JavaScript with its message.

use std::fmt;

use crate::json::Json;

/// An argument the caller should never have passed (a programming error in
/// the caller, not a business outcome). Thrown in JavaScript as an `Error`
/// with this message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

pub fn bad(msg: impl Into<String>) -> BadInput {
    BadInput(msg.into())
}

/// An argument type that JavaScript passes as an object or a string union
/// (not a plain number, string or array): read from the JSON document of the
/// value, the same way in the browser and natively.
pub trait FromJson: Sized {
    fn from_json(json: &Json) -> Result<Self, BadInput>;
}

/// An object argument read by its serde `Deserialize` (the API's reading of
/// the same JSON). JavaScript has one kind of number, so a whole number
/// that arrives as a float (as every number from the browser does) is read
/// as an integer first, natively and in wasm alike. `what` names the
/// argument in the message of malformed input (`an availability is
/// malformed: …`).
pub fn serde_arg<T: serde::de::DeserializeOwned>(json: &Json, what: &str) -> Result<T, BadInput> {
    serde_json::from_value(integral(json)).map_err(|e| bad(format!("{what} is malformed: {e}")))
}

/// `json` as a serde_json value whose whole numbers within ±2⁵³ are integers.
fn integral(json: &Json) -> serde_json::Value {
    use serde_json::Value;
    const SAFE: f64 = 9_007_199_254_740_991.0;
    match json {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match n.as_f64() {
            Some(x) if n.is_f64() && x.fract() == 0.0 && x.abs() <= SAFE => {
                Value::Number((x as i64).into())
            }
            _ => Value::Number(n.clone()),
        },
        Json::String(s) => Value::String(s.clone()),
        Json::Array(items) => Value::Array(items.iter().map(integral).collect()),
        Json::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(k, v)| (k.clone(), integral(v)))
                .collect(),
        ),
    }
}

/// The JSON parser of the build: the browser's `JSON.parse` in wasm (no
/// parser in the module), serde_json natively.
#[cfg(all(feature = "wasm", target_arch = "wasm32"))]
pub(crate) const PLATFORM_JSON: BrowserJson = BrowserJson;
#[cfg(not(all(feature = "wasm", target_arch = "wasm32")))]
pub(crate) const PLATFORM_JSON: crate::json::SerdeJson = crate::json::SerdeJson;

/// An HTTP status from JavaScript: a whole number from 100 to 599.
pub fn http_status(status: f64) -> Result<u16, BadInput> {
    if status.fract() == 0.0 && (100.0..=599.0).contains(&status) {
        Ok(status as u16)
    } else {
        Err(bad(format!(
            "an HTTP status must be a whole number from 100 to 599, got {}",
            crate::num::js_number(status)
        )))
    }
}

/// A count from JavaScript: a whole number from 0 to 2³² − 1.
pub fn count(n: f64, what: &str) -> Result<u32, BadInput> {
    if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) {
        Ok(n as u32)
    } else {
        Err(bad(format!(
            "{what} must be a whole number, got {}",
            crate::num::js_number(n)
        )))
    }
}

/// `s` in lower case, as Rust's `str::to_lowercase` (Unicode, final sigma
/// included) gives it. In the wasm build, text that is not ASCII is lowered
/// by the browser's `String.prototype.toLowerCase`, which follows the same
/// Unicode rules, so the module carries no case tables (about 15 KB); the
/// differential test holds the two to the same results.
pub fn lowercase(s: &str) -> String {
    #[cfg(all(feature = "wasm", target_arch = "wasm32"))]
    if !s.is_ascii() {
        return String::from(js_sys::JsString::from(s).to_lower_case());
    }
    #[cfg(all(feature = "wasm", target_arch = "wasm32"))]
    return s.to_ascii_lowercase();
    #[cfg(not(all(feature = "wasm", target_arch = "wasm32")))]
    s.to_lowercase()
}

/// Appends `c` in lower case, as `char::to_lowercase` gives it (one
/// character on its own: no final-sigma context).
pub fn push_lowercase(out: &mut String, c: char) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
    } else {
        #[cfg(all(feature = "wasm", target_arch = "wasm32"))]
        out.push_str(&lowercase(c.encode_utf8(&mut [0; 4])));
        #[cfg(not(all(feature = "wasm", target_arch = "wasm32")))]
        out.extend(c.to_lowercase());
    }
}

#[cfg(feature = "wasm")]
pub use wasm::*;

#[cfg(feature = "wasm")]
mod wasm {
    use wasm_bindgen::prelude::*;

    use super::{FromJson, Json};

    /// A result for JavaScript: written as JSON by serde_json and read by
    /// the browser's `JSON.parse`, so the module carries one small
    /// serializer (and no JS-object one). Fields that are `None` are left
    /// out by `skip_serializing_if` (the crate's convention); non-finite
    /// numbers become `null`, as in `JSON.stringify`.
    pub fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
        serde_json::to_string(value)
            .ok()
            .and_then(|text| js_sys::JSON::parse(&text).ok())
            .ok_or_else(|| JsError::new("a result could not be converted for JavaScript"))
    }

    /// An optional result: `undefined` for `None`.
    pub fn to_js_option<T: serde::Serialize>(value: &Option<T>) -> Result<JsValue, JsError> {
        match value {
            Some(value) => to_js(value),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Reads an object or string argument through its JSON document.
    pub fn from_js<T: FromJson>(value: &JsValue) -> Result<T, JsError> {
        T::from_json(&json_of(value).unwrap_or(Json::Null)).map_err(|e| JsError::new(&e.0))
    }

    /// The browser's own `JSON.parse` as the rules' JSON parser, so the
    /// module carries no parser of its own (and numbers are exactly what
    /// JavaScript reads). Non-finite numbers (`1e400`) fail the parse, as in
    /// serde_json.
    pub struct BrowserJson;

    impl crate::json::ParseJson for BrowserJson {
        fn parse_json(&self, text: &str) -> Option<Json> {
            js_sys::JSON::parse(text)
                .ok()
                .and_then(|value| json_of(&value))
        }
    }

    /// A JavaScript value as a JSON document (keys in `Object.keys` order);
    /// `None` for what JSON cannot hold (functions, non-finite numbers).
    pub fn json_of(value: &JsValue) -> Option<Json> {
        if value.is_null() || value.is_undefined() {
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
        } else if value.is_object() {
            let object = js_sys::Object::from(value.clone());
            js_sys::Object::keys(&object)
                .iter()
                .map(|key| {
                    let field = js_sys::Reflect::get(value, &key).ok()?;
                    Some((key.as_string()?, json_of(&field)?))
                })
                .collect::<Option<Vec<_>>>()
                .map(Json::Object)
        } else {
            None
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use serde::Serialize;
    use serde_json::Value;

    use super::{FromJson, Json};

    /// One exported function: its JavaScript name and a caller taking and
    /// giving JSON (`Err`: the message JavaScript would throw).
    pub struct Export {
        pub name: &'static str,
        pub call: fn(&[Value]) -> Result<Value, String>,
    }

    impl Export {
        pub const fn new(name: &'static str, call: fn(&[Value]) -> Result<Value, String>) -> Self {
            Export { name, call }
        }
    }

    inventory::collect!(Export);

    /// Every `#[export]`ed function.
    pub fn exports() -> impl Iterator<Item = &'static Export> {
        inventory::iter::<Export>.into_iter()
    }

    /// Calls the function exported to JavaScript as `function` with JSON
    /// arguments and returns its result as JSON, as the wasm module would
    /// (`null` for `undefined`).
    pub fn dispatch(function: &str, args: &[Value]) -> Result<Value, String> {
        match exports().find(|e| e.name == function) {
            Some(export) => (export.call)(args),
            None => Err(format!("no exported function is called \"{function}\"")),
        }
    }

    /// A positional JSON argument as a plain Rust value.
    pub trait NativeArg<'a>: Sized {
        fn from_arg(value: Option<&'a Value>, i: usize) -> Result<Self, String>;
    }

    fn need<'a, T>(
        value: Option<&'a Value>,
        i: usize,
        what: &str,
        read: impl FnOnce(&'a Value) -> Option<T>,
    ) -> Result<T, String> {
        let value = value.ok_or_else(|| format!("argument {i} is missing"))?;
        read(value).ok_or_else(|| format!("argument {i} must be {what}"))
    }

    fn as_u32(v: &Value) -> Option<u32> {
        v.as_u64().and_then(|n| u32::try_from(n).ok())
    }

    impl NativeArg<'_> for f64 {
        fn from_arg(v: Option<&Value>, i: usize) -> Result<Self, String> {
            need(v, i, "a number", Value::as_f64)
        }
    }

    impl NativeArg<'_> for u32 {
        fn from_arg(v: Option<&Value>, i: usize) -> Result<Self, String> {
            need(v, i, "a whole number below 2^32", as_u32)
        }
    }

    impl NativeArg<'_> for bool {
        fn from_arg(v: Option<&Value>, i: usize) -> Result<Self, String> {
            need(v, i, "a boolean", Value::as_bool)
        }
    }

    impl<'a> NativeArg<'a> for &'a str {
        fn from_arg(v: Option<&'a Value>, i: usize) -> Result<Self, String> {
            need(v, i, "a string", Value::as_str)
        }
    }

    impl NativeArg<'_> for String {
        fn from_arg(v: Option<&Value>, i: usize) -> Result<Self, String> {
            need(v, i, "a string", |v| v.as_str().map(str::to_owned))
        }
    }

    /// `null` (or a missing trailing argument) as `None`, like JS `undefined`.
    impl<'a, T: NativeArg<'a>> NativeArg<'a> for Option<T> {
        fn from_arg(v: Option<&'a Value>, i: usize) -> Result<Self, String> {
            match v {
                None | Some(Value::Null) => Ok(None),
                Some(v) => T::from_arg(Some(v), i).map(Some),
            }
        }
    }

    impl<'a, T: NativeArg<'a>> NativeArg<'a> for Vec<T> {
        fn from_arg(v: Option<&'a Value>, i: usize) -> Result<Self, String> {
            need(v, i, "an array", Value::as_array)?
                .iter()
                .map(|item| T::from_arg(Some(item), i))
                .collect()
        }
    }

    pub fn arg<'a, T: NativeArg<'a>>(args: &'a [Value], i: usize) -> Result<T, String> {
        T::from_arg(args.get(i), i)
    }

    /// An object or string argument, read as the wasm build reads it.
    pub fn json_arg<T: FromJson>(args: &[Value], i: usize) -> Result<T, String> {
        let json = args
            .get(i)
            .map_or(Json::Null, |v| Json::from_value(v.clone()));
        T::from_json(&json).map_err(|e| e.0)
    }

    /// A result as the JSON a JavaScript caller would see.
    pub fn ret<T: Serialize>(value: T) -> Result<Value, String> {
        serde_json::to_value(value).map_err(|e| e.to_string())
    }
}

impl Json {
    /// A serde_json value as a document (object keys in the value's order).
    pub fn from_value(value: serde_json::Value) -> Json {
        use serde_json::Value;
        match value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(b),
            Value::Number(n) => Json::Number(n),
            Value::String(s) => Json::String(s),
            Value::Array(items) => Json::Array(items.into_iter().map(Json::from_value).collect()),
            Value::Object(fields) => Json::Object(
                fields
                    .into_iter()
                    .map(|(k, v)| (k, Json::from_value(v)))
                    .collect(),
            ),
        }
    }

    /// The field `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => n.as_f64(),
            _ => None,
        }
    }
}

//! serde's `Deserializer` over the crate's [`Json`] document: what
//! [`super::arg`] reads an argument with. Its errors remember the field at
//! fault, so a message can name it.

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::Arg;
use crate::bindings::{BadInput, bad};
use crate::json::Json;

/// Why an argument could not be read, and in which field.
#[derive(Debug)]
pub struct Error {
    /// The field at fault (the innermost one, in a nested object).
    key: Option<String>,
    /// What is wrong with it: `is missing`, `must be a whole number`.
    problem: String,
    /// The name given where one of the choices belongs.
    got: Option<String>,
    /// A field the argument does not have.
    unknown: bool,
    /// Text was expected (each argument words it: `text`, `a string`).
    text: bool,
}

impl Error {
    fn new(problem: String) -> Error {
        Error {
            key: None,
            problem,
            got: None,
            unknown: false,
            text: false,
        }
    }

    /// The message JavaScript throws, in `arg`'s words.
    pub(super) fn message(self, arg: &Arg) -> BadInput {
        let Some(key) = self.key else {
            return bad(format!("{} is malformed: {}", arg.what, self.problem));
        };
        if self.unknown {
            return bad(format!("{} has no field \"{key}\"", arg.what));
        }
        let problem = if self.text {
            format!("must be {}", arg.text)
        } else {
            self.problem
        };
        match self.got.filter(|_| arg.got) {
            Some(got) => bad(format!("{}{key} {problem}, got {got}", arg.field)),
            None => bad(format!("{}{key} {problem}", arg.field)),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.key {
            Some(key) => write!(f, "{key} {}", self.problem),
            None => f.write_str(&self.problem),
        }
    }
}

impl std::error::Error for Error {}

/// What serde expects, in the words of the messages.
fn kind(expected: &dyn de::Expected) -> String {
    let expected = expected.to_string();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match expected.as_str() {
        "a boolean" => "true or false".to_owned(),
        "a string" => "text".to_owned(),
        "a sequence" => "an array".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        e if e.starts_with('i') && digits(&e[1..]) => "a whole number".to_owned(),
        e if e.starts_with('u') && digits(&e[1..]) => "a count from 0".to_owned(),
        e if e.starts_with("struct ") || e.starts_with("a map") => "an object".to_owned(),
        _ => expected,
    }
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(msg.to_string())
    }

    fn invalid_type(_: de::Unexpected<'_>, expected: &dyn de::Expected) -> Error {
        let kind = kind(expected);
        Error {
            text: kind == "text",
            ..Error::new(format!("must be {kind}"))
        }
    }

    fn invalid_value(_: de::Unexpected<'_>, expected: &dyn de::Expected) -> Error {
        Error::new(format!("must be {}", kind(expected)))
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
        Error {
            got: Some(format!("\"{variant}\"")),
            ..Error::new(format!("must be one of {}", expected.join(", ")))
        }
    }

    fn unknown_field(field: &str, _: &'static [&'static str]) -> Error {
        Error {
            key: Some(field.to_owned()),
            unknown: true,
            ..Error::new("is not a field".to_owned())
        }
    }

    fn missing_field(field: &'static str) -> Error {
        Error {
            key: Some(field.to_owned()),
            ..Error::new("is missing".to_owned())
        }
    }
}

/// A value in a message: a string in quotes, else its kind (not the JSON
/// text, whose number formatting would grow the modules).
pub fn describe(v: &Json) -> String {
    match v {
        Json::String(s) => format!("\"{s}\""),
        Json::Number(_) => "a number".to_owned(),
        Json::Bool(_) => "true or false".to_owned(),
        Json::Array(_) => "an array".to_owned(),
        Json::Object(_) => "an object".to_owned(),
        Json::Null => "null".to_owned(),
    }
}

impl<'de> Deserializer<'de> for &'de Json {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // Up to 2⁵³: every whole number JavaScript holds exactly.
        const SAFE: f64 = 9_007_199_254_740_991.0;
        match self {
            Json::Null => visitor.visit_unit(),
            Json::Bool(b) => visitor.visit_bool(*b),
            Json::Number(n) => {
                if let Some(u) = n.as_u64() {
                    visitor.visit_u64(u)
                } else if let Some(i) = n.as_i64() {
                    visitor.visit_i64(i)
                } else {
                    match n.as_f64() {
                        Some(x) if x.fract() == 0.0 && x.abs() <= SAFE => {
                            if x >= 0.0 {
                                visitor.visit_u64(x as u64)
                            } else {
                                visitor.visit_i64(x as i64)
                            }
                        }
                        Some(x) => visitor.visit_f64(x),
                        None => Err(Error::new("is not a number".to_owned())),
                    }
                }
            }
            Json::String(s) => visitor.visit_borrowed_str(s),
            Json::Array(items) => visitor.visit_seq(Items(items.iter())),
            Json::Object(fields) => visitor.visit_map(Fields {
                fields: fields.iter(),
                current: None,
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Json::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self {
            Json::String(s) => visitor.visit_enum(BorrowedStrDeserializer::new(s)),
            other => Err(Error {
                got: Some(describe(other)),
                ..Error::new(format!("must be one of {}", variants.join(", ")))
            }),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

struct Items<'de>(std::slice::Iter<'de, Json>);

impl<'de> SeqAccess<'de> for Items<'de> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        self.0.next().map(|item| seed.deserialize(item)).transpose()
    }
}

/// An object's fields; those that are `null` are left out, as if missing.
struct Fields<'de> {
    fields: std::slice::Iter<'de, (String, Json)>,
    /// The field whose key was just read.
    current: Option<&'de (String, Json)>,
}

impl<'de> MapAccess<'de> for Fields<'de> {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some(field) = self.fields.by_ref().find(|(_, v)| !matches!(v, Json::Null)) else {
            return Ok(None);
        };
        self.current = Some(field);
        seed.deserialize(BorrowedStrDeserializer::new(&field.0))
            .map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let Some((key, value)) = self.current.take() else {
            return Err(Error::new("a value without its key".to_owned()));
        };
        seed.deserialize(value).map_err(|mut e| {
            // The innermost field names the problem.
            e.key.get_or_insert_with(|| key.clone());
            e
        })
    }
}

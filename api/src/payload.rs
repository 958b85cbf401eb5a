//! A JSON response serialised ahead of time (for cached bodies), documented
//! with the schema of the value it was made from.

use std::marker::PhantomData;

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Payload;
use poem_openapi::registry::{MetaSchemaRef, Registry};
use poem_openapi::types::Type;

pub struct PreSerialized<T> {
    body: Bytes,
    _schema: PhantomData<fn() -> T>,
}

impl<T> PreSerialized<T> {
    /// `body` must be the JSON serialisation of a `T`.
    pub fn new(body: Bytes) -> Self {
        PreSerialized {
            body,
            _schema: PhantomData,
        }
    }
}

const JSON: &str = "application/json; charset=utf-8";

impl<T: Type> Payload for PreSerialized<T> {
    const CONTENT_TYPE: &'static str = JSON;

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T> IntoResponse for PreSerialized<T> {
    fn into_response(self) -> Response {
        Response::builder().content_type(JSON).body(self.body)
    }
}

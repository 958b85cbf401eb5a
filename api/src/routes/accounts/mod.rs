//! The account endpoints (SPEC §3-§8), one module per flow. Paths and
//! payloads follow djoser and SimpleJWT, which the contract's client was
//! written against: field errors are `{"field": ["message"]}`, general ones
//! `{"detail": "..."}`. A handler parses the body with its parser in
//! `domain_wasm::forms::accounts`, calls one use case of [`crate::accounts`]
//! with the parsed value and maps that use case's error to an answer.

pub mod google;
pub mod password;
pub mod profile;
pub mod registration;
pub mod session;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem::Request;
use poem_openapi::Object;
use poem_openapi::payload::Json;

use crate::accounts::{Client, LinkError};
use crate::auth::limits::{Limited, Rule};
use crate::error::Detail;
use crate::fields::Fields;
use crate::state::AppState;

/// Too many attempts: `Retry-After` seconds and a message saying when.
pub(crate) type TooMany = (Json<Detail>, String);

pub(crate) fn too_many(l: Limited) -> TooMany {
    (
        Json(Detail::new(l.message())),
        l.retry_after_secs.to_string(),
    )
}

/// An answer type with the two answers every account endpoint may give:
/// field errors (400) and too many attempts (429).
macro_rules! responses {
    ($name:ident { $($body:tt)* }) => {
        #[derive(poem_openapi::ApiResponse)]
        pub enum $name {
            $($body)*
            /// Field errors: `{"field": ["message"]}`.
            #[oai(status = 400)]
            Invalid(poem_openapi::payload::Json<crate::fields::FieldErrors>),
            /// Too many attempts; `Retry-After` says when to try again.
            #[oai(status = 429)]
            TooMany(
                poem_openapi::payload::Json<crate::error::Detail>,
                #[oai(header = "Retry-After")] String,
            ),
        }
        impl From<crate::fields::Fields> for $name {
            fn from(f: crate::fields::Fields) -> Self { $name::Invalid(poem_openapi::payload::Json(f.0)) }
        }
        impl From<crate::fields::FieldErrors> for $name {
            fn from(f: crate::fields::FieldErrors) -> Self { $name::Invalid(poem_openapi::payload::Json(f)) }
        }
        impl From<crate::auth::limits::Limited> for $name {
            fn from(l: crate::auth::limits::Limited) -> Self {
                let (d, r) = crate::routes::accounts::too_many(l);
                $name::TooMany(d, r)
            }
        }
    };
}
pub(crate) use responses;

responses!(NoContentResponse {
    #[oai(status = 204)]
    Done,
});

// An e-mailed link: the account's `uid` and its `token`.
#[derive(Debug, Object)]
pub struct UidToken {
    pub uid: Option<String>,
    pub token: Option<String>,
}

#[derive(Debug, Object)]
pub struct EmailBody {
    pub email: Option<String>,
}

/// What every account endpoint holds: the application state.
#[derive(Clone)]
pub struct Accounts {
    pub state: Arc<AppState>,
}

impl Accounts {
    pub(crate) fn client<'r>(&self, req: &'r Request) -> Client<'r> {
        crate::auth::client_of(req, self.state.trusted_proxies)
    }

    /// Counts an attempt by this client under `rule`; `Some` when over it.
    pub(crate) async fn throttle(
        &self,
        rule: Rule,
        req: &Request,
        now: DateTime<Utc>,
    ) -> poem::Result<Option<Limited>> {
        let key = crate::auth::client_key(self.client(req).ip);
        Ok(self.state.limiter.hit(rule, &key, now).await?.err())
    }

    /// Like [`throttle`](Self::throttle), with `rule`'s limit raised for a
    /// shared address ([`Limiter::hit_raised_when_shared`]).
    ///
    /// [`Limiter::hit_raised_when_shared`]: crate::auth::limits::Limiter::hit_raised_when_shared
    pub(crate) async fn throttle_raised_when_shared(
        &self,
        rule: Rule,
        req: &Request,
        now: DateTime<Utc>,
    ) -> poem::Result<Option<Limited>> {
        let ip = self.client(req).ip;
        Ok(self
            .state
            .limiter
            .hit_raised_when_shared(rule, ip, now)
            .await?
            .err())
    }

    /// Takes back the attempt [`throttle`](Self::throttle) counted under
    /// `rule` for this request (`now` as it read): it succeeded.
    pub(crate) async fn forgive(
        &self,
        rule: Rule,
        req: &Request,
        now: DateTime<Utc>,
    ) -> poem::Result<()> {
        let key = crate::auth::client_key(self.client(req).ip);
        Ok(self.state.limiter.forgive(rule, &key, now).await?)
    }

    /// Now, by the server's one clock.
    pub(crate) fn now(&self) -> DateTime<Utc> {
        self.state.clock.now()
    }
}

/// The answer to a link that opens no account: the field it is wrong in.
pub(crate) fn link_problem(e: LinkError) -> poem::Result<Fields> {
    match e {
        LinkError::Uid => Ok(Fields::one("uid", crate::accounts::INVALID_UID)),
        LinkError::Token => Ok(Fields::one("token", crate::accounts::INVALID_TOKEN)),
        LinkError::Store(e) => Err(e.into()),
    }
}

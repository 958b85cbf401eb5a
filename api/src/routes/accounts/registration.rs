//! `POST /auth/users/`, `/auth/users/activation/`, `/auth/users/resend_activation/`.

use domain_wasm::forms;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{Accounts, EmailBody, NoContentResponse, UidToken, link_problem, responses};
use crate::accounts::dto::Registered;
use crate::accounts::registration::{self, ActivationError, RegisterError};
use crate::auth::limits;
use crate::error::Detail;
use crate::fields::Fields;
use crate::routes::ApiTags;
use crate::store::{Constraint, StoreError};

#[derive(Debug, Object)]
pub struct RegisterBody {
    pub name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    /// The password again; when sent, it must match.
    pub re_password: Option<String>,
    /// Optional at registration.
    pub contact_number: Option<String>,
    /// Optional: the IANA time zone the browser detected, e.g.
    /// `Asia/Kolkata` (times in e-mails and on screens use it); `UTC`
    /// when not given. Editable later in the profile.
    pub time_zone: Option<String>,
}

responses!(RegisterResponse {
    /// The account exists, inactive until the e-mailed link is opened.
    #[oai(status = 201)]
    Created(Json<Registered>),
});

responses!(ActivationResponse {
    #[oai(status = 204)]
    Activated,
    /// Already active: `{"detail": "Stale token for given user."}`.
    #[oai(status = 403)]
    Stale(Json<Detail>),
});

pub struct RegistrationApi(pub Accounts);

#[OpenApi(tag = "ApiTags::Accounts")]
impl RegistrationApi {
    /// Register
    ///
    /// Creates an inactive account and e-mails an activation link to
    /// `{PUBLIC_URL}/activate/{uid}/{token}`. The 400 for an address that
    /// has an account counts against the client's budget of answers that
    /// reveal accounts (10 in 10 minutes, shared with the password reset
    /// request and `check-user-auth-type`); past it, 429.
    #[oai(path = "/auth/users/", method = "post", operation_id = "register")]
    async fn register(
        &self,
        req: &Request,
        body: Json<RegisterBody>,
    ) -> poem::Result<RegisterResponse> {
        let now = self.0.now();
        if let Some(l) = self
            .0
            .throttle_raised_when_shared(limits::REGISTER_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let registration = match forms::accounts::parse_register(
            body.name.as_deref(),
            body.email.as_deref(),
            body.password.as_deref(),
            body.re_password.as_deref(),
            body.contact_number.as_deref(),
            body.time_zone.as_deref(),
        ) {
            Ok(r) => r,
            Err(errors) => return Ok(Fields(errors).into()),
        };
        match registration::register(&self.0.state, registration, now).await {
            Ok(user) => Ok(RegisterResponse::Created(Json(Registered {
                id: user.id,
                email: user.email.into_string(),
                name: user.name,
            }))),
            // A taken address is a constraint answer (400 under `email`),
            // which tells whether the address has an account: within the
            // client's budget of such answers only.
            Err(RegisterError::Store(e)) => {
                if let StoreError::Violation(v) = &e
                    && v.constraint == Some(Constraint::UserEmail)
                    && let Some(l) = self
                        .0
                        .throttle(limits::REVEALS_PER_CLIENT, req, now)
                        .await?
                {
                    return Ok(l.into());
                }
                Err(e.into())
            }
            Err(e @ RegisterError::Hash(_)) => Err(crate::error::internal(e)),
        }
    }

    /// Activate an account
    ///
    /// With the `uid` and `token` of the e-mailed link. 403 when the account
    /// is already active.
    #[oai(
        path = "/auth/users/activation/",
        method = "post",
        operation_id = "activate"
    )]
    async fn activate(
        &self,
        req: &Request,
        body: Json<UidToken>,
    ) -> poem::Result<ActivationResponse> {
        let now = self.0.now();
        if let Some(l) = self
            .0
            .throttle_raised_when_shared(limits::CONFIRMATIONS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let (uid, token) =
            match forms::accounts::parse_link(body.uid.as_deref(), body.token.as_deref()) {
                Ok(link) => link,
                Err(errors) => return Ok(errors.into()),
            };
        match crate::applications::activate_account(&self.0.state, uid, token, now).await {
            Ok(()) => Ok(ActivationResponse::Activated),
            Err(e @ ActivationError::Stale) => {
                Ok(ActivationResponse::Stale(Json(Detail::new(e.to_string()))))
            }
            Err(ActivationError::Link(e)) => Ok(link_problem(e)?.into()),
            Err(ActivationError::Store(e)) => Err(e.into()),
        }
    }

    /// Send the activation e-mail again
    ///
    /// Always 204 for a well-formed address, so the answer does not tell
    /// whether an account exists; only inactive password accounts get mail.
    #[oai(
        path = "/auth/users/resend_activation/",
        method = "post",
        operation_id = "resendActivation"
    )]
    async fn resend_activation(
        &self,
        req: &Request,
        body: Json<EmailBody>,
    ) -> poem::Result<NoContentResponse> {
        let now = self.0.now();
        if let Some(l) = self
            .0
            .throttle_raised_when_shared(limits::EMAILS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let email = match forms::accounts::parse_email(body.email.as_deref()) {
            Ok(email) => email,
            Err(errors) => return Ok(errors.into()),
        };
        registration::resend_activation(&self.0.state, &self.0.client(req), &email, now).await?;
        Ok(NoContentResponse::Done)
    }
}

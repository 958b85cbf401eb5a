//! `POST /auth/users/reset_password/`, `/auth/users/reset_password_confirm/`,
//! `/auth/users/set_password/` and `/api/accounts/check-user-auth-type/`.

use domain_wasm::forms;
use domain_wasm::forms::accounts::{PasswordProof, ResetConfirm, ResetConfirmRefused};
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{Accounts, EmailBody, NoContentResponse, link_problem, responses};
use crate::accounts::dto::AuthType;
use crate::accounts::google::{self, FirstPasswordError, GoogleSignInError};
use crate::accounts::password::{self, ChangeError, ResetError, ResetRequestError};
use crate::auth::SignedIn;
use crate::auth::limits;
use crate::fields::Fields;
use crate::routes::ApiTags;

#[derive(Debug, Object)]
pub struct ResetConfirmBody {
    pub uid: Option<String>,
    pub token: Option<String>,
    pub new_password: Option<String>,
    /// The new password again; when sent, it must match.
    pub re_new_password: Option<String>,
}

#[derive(Debug, Object)]
pub struct SetPasswordBody {
    /// Required when the account has a password.
    pub current_password: Option<String>,
    /// Required instead when an account that signs in with Google sets its
    /// first password: a Google ID token for the account's own Google
    /// identity, issued within the last 5 minutes (sign in with Google
    /// again to get one). Without one, ask for an e-mailed link
    /// (`POST /api/accounts/set-password-link/`).
    pub google_credential: Option<String>,
    pub new_password: Option<String>,
    pub re_new_password: Option<String>,
}

responses!(AuthTypeResponse {
    #[oai(status = 200)]
    Ok(Json<AuthType>),
});

pub struct PasswordApi(pub Accounts);

#[OpenApi(tag = "ApiTags::Accounts")]
impl PasswordApi {
    /// Ask for a password-reset e-mail
    ///
    /// 204 when sent; 400 when no account has the address, or the account
    /// signs in with Google (counted against the client's budget of answers
    /// that reveal accounts: 10 in 10 minutes, shared with registration and
    /// `check-user-auth-type`; past it, 429).
    #[oai(
        path = "/auth/users/reset_password/",
        method = "post",
        operation_id = "resetPassword"
    )]
    async fn reset_password(
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
        match password::request_reset(&self.0.state, &self.0.client(req), &email, now).await {
            Ok(()) => Ok(NoContentResponse::Done),
            Err(e @ (ResetRequestError::NoAccount | ResetRequestError::GoogleAccount)) => {
                // Tells whether the address has an account: within the
                // client's budget of such answers only.
                if let Some(l) = self
                    .0
                    .throttle(limits::REVEALS_PER_CLIENT, req, now)
                    .await?
                {
                    return Ok(l.into());
                }
                Ok(Fields::one("email", e.to_string()).into())
            }
            Err(ResetRequestError::Store(e)) => Err(e.into()),
        }
    }

    /// Set a new password with an e-mailed link
    ///
    /// The link works once and for an hour. Every session of the account ends.
    /// The client that sets the password is exempt from the account's
    /// sign-in throttle from then on (it proved the mailbox).
    #[oai(
        path = "/auth/users/reset_password_confirm/",
        method = "post",
        operation_id = "resetPasswordConfirm"
    )]
    async fn reset_password_confirm(
        &self,
        req: &Request,
        body: Json<ResetConfirmBody>,
    ) -> poem::Result<NoContentResponse> {
        let now = self.0.now();
        if let Some(l) = self
            .0
            .throttle_raised_when_shared(limits::CONFIRMATIONS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let ResetConfirm {
            uid,
            token,
            new_password,
        } = match forms::accounts::parse_reset_confirm(
            body.uid.as_deref(),
            body.token.as_deref(),
            body.new_password.as_deref(),
            body.re_new_password.as_deref(),
        ) {
            Ok(confirm) => confirm,
            Err(ResetConfirmRefused { link: None, errors }) => return Ok(errors.into()),
            // A bad link is reported before a bad password, and with it.
            Err(ResetConfirmRefused {
                link: Some((uid, token)),
                errors,
            }) => {
                return match password::check_link(&self.0.state, uid, token, now).await {
                    Ok(()) => Ok(errors.into()),
                    Err(e) => {
                        let mut answer = link_problem(e)?;
                        answer.merge(Fields(errors));
                        Ok(answer.into())
                    }
                };
            }
        };
        match password::confirm_reset(&self.0.state, uid, token, new_password, now).await {
            Ok(()) => {
                // The link proves the mailbox: this client is now known to
                // the account, so the per-account throttle never stands
                // between the owner and signing in with the new password.
                if let Some(id) = crate::auth::tokens::decode_uid(uid.trim()) {
                    let client = self.0.client(req);
                    self.0
                        .state
                        .limiter
                        .remember_client(id, client.ip, now)
                        .await?;
                }
                Ok(NoContentResponse::Done)
            }
            Err(ResetError::Link(e)) => Ok(link_problem(e)?.into()),
            Err(ResetError::Store(e)) => Err(e.into()),
            Err(e @ ResetError::Hash(_)) => Err(crate::error::internal(e)),
        }
    }

    /// Change my password
    ///
    /// Every other session of the account ends; this one stays. An account
    /// that signs in with Google and has no password yet proves it is its
    /// owner with `google_credential` (a bearer token alone is refused with
    /// 400 on `google_credential`), or uses the e-mailed link of
    /// `POST /api/accounts/set-password-link/`.
    #[oai(
        path = "/auth/users/set_password/",
        method = "post",
        operation_id = "setPassword"
    )]
    async fn set_password(
        &self,
        auth: SignedIn,
        body: Json<SetPasswordBody>,
    ) -> poem::Result<NoContentResponse> {
        let now = self.0.now();
        let caller = &auth.0;
        let change = match forms::accounts::parse_set_password(
            caller.user.password_hash.is_some(),
            body.current_password.as_deref(),
            body.google_credential.as_deref(),
            body.new_password.as_deref(),
            body.re_new_password.as_deref(),
        ) {
            Ok(change) => change,
            Err(errors) => return Ok(errors.into()),
        };
        let new = change.new_password;
        let current = match change.proof {
            PasswordProof::Current(current) => current,
            PasswordProof::Google(credential) => {
                return match google::set_first_password(
                    &self.0.state,
                    caller,
                    Some(credential),
                    new,
                    now,
                )
                .await
                {
                    Ok(()) => Ok(NoContentResponse::Done),
                    Err(FirstPasswordError::Store(e)) => Err(e.into()),
                    Err(FirstPasswordError::Google(GoogleSignInError::Store(e))) => Err(e.into()),
                    Err(e @ FirstPasswordError::Hash(_)) => Err(crate::error::internal(e)),
                    Err(e @ FirstPasswordError::HasPassword) => {
                        Ok(Fields::one("current_password", e.to_string()).into())
                    }
                    Err(e) => Ok(Fields::one("google_credential", e.to_string()).into()),
                };
            }
        };
        match password::change_password(&self.0.state, caller, Some(current), new, now).await {
            Ok(()) => Ok(NoContentResponse::Done),
            Err(e @ ChangeError::WrongCurrentPassword) => {
                Ok(Fields::one("current_password", e.to_string()).into())
            }
            Err(ChangeError::Limited(l)) => Ok(l.into()),
            Err(ChangeError::Store(e)) => Err(e.into()),
            Err(e @ ChangeError::Hash(_)) => Err(crate::error::internal(e)),
        }
    }

    /// How an address signs in
    ///
    /// `{exists, is_google_user}`: the forgot-password screen steers Google
    /// accounts to Google sign-in. Each answer counts against the client's
    /// budget of answers that reveal accounts (10 in 10 minutes, shared with
    /// registration and the password reset request); past it, 429.
    #[oai(
        path = "/api/accounts/check-user-auth-type/",
        method = "post",
        operation_id = "checkUserAuthType"
    )]
    async fn check_user_auth_type(
        &self,
        req: &Request,
        body: Json<EmailBody>,
    ) -> poem::Result<AuthTypeResponse> {
        let now = self.0.now();
        if let Some(l) = self
            .0
            .throttle(limits::LOOKUPS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let email = match forms::accounts::parse_email(body.email.as_deref()) {
            Ok(email) => email,
            Err(errors) => return Ok(errors.into()),
        };
        // Every answer tells whether the address has an account.
        if let Some(l) = self
            .0
            .throttle(limits::REVEALS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let (exists, is_google_user) = password::auth_type(&self.0.state, &email).await?;
        Ok(AuthTypeResponse::Ok(Json(AuthType {
            exists,
            is_google_user,
        })))
    }
}

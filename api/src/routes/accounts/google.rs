//! `POST /api/accounts/google-auth/`, `/api/accounts/google-link/` and
//! `/api/accounts/set-password-link/`.

use domain_wasm::forms;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{Accounts, NoContentResponse, too_many};
use crate::accounts::dto::{GoogleProblem, GoogleSignedIn, UserOut};
use crate::accounts::google::{self, FirstPasswordError, GoogleLinkError, GoogleSignInError};
use crate::auth::{SignedIn, limits};
use crate::error::Detail;
use crate::fields::Fields;
use crate::routes::ApiTags;

#[derive(Debug, Object)]
pub struct GoogleBody {
    /// The ID token from Google Identity Services.
    pub credential: Option<String>,
    /// Optional: the IANA time zone the browser detected, e.g.
    /// `Asia/Kolkata`, for an account this sign-in creates (an existing
    /// account keeps its own; a name that is not a zone is ignored and the
    /// new account starts in UTC, editable in the profile).
    pub time_zone: Option<String>,
}

#[derive(ApiResponse)]
pub enum GoogleResponse {
    #[oai(status = 200)]
    Ok(Json<GoogleSignedIn>),
    /// The credential is missing or not a valid Google ID token for this
    /// app; or the account is disabled; or a password account has the
    /// address and Google does not vouch for it (not a Gmail address, and
    /// no `hd` claim naming its domain): its owner signs in with the password.
    #[oai(status = 400)]
    Invalid(Json<GoogleProblem>),
    /// Too many attempts.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
    /// Google's keys could not be fetched.
    #[oai(status = 503)]
    Unavailable(Json<GoogleProblem>),
}

#[derive(ApiResponse)]
pub enum GoogleLinkResponse {
    /// Linked: the account as it is now.
    #[oai(status = 200)]
    Ok(Json<UserOut>),
    /// The credential is missing, not valid, not fresh, or for another
    /// address; or the account or the Google account is linked already.
    #[oai(status = 400)]
    Invalid(Json<GoogleProblem>),
    /// Too many attempts.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
    /// Google's keys could not be fetched.
    #[oai(status = 503)]
    Unavailable(Json<GoogleProblem>),
}

pub struct GoogleApi(pub Accounts);

#[OpenApi(tag = "ApiTags::Accounts")]
impl GoogleApi {
    /// Sign in with Google
    ///
    /// Verifies the Google ID token (signature against Google's published
    /// keys, audience, issuer, expiry), then signs in the account with that
    /// Google identity, links it to the account with the same address (only
    /// when Google vouches for the address: Gmail, or the token's `hd`
    /// Workspace domain; the owner is e-mailed), or creates one.
    #[oai(
        path = "/api/accounts/google-auth/",
        method = "post",
        operation_id = "googleAuth"
    )]
    async fn google_auth(
        &self,
        req: &Request,
        body: Json<GoogleBody>,
    ) -> poem::Result<GoogleResponse> {
        let now = self.0.now();
        if let Some(l) = self.0.throttle(limits::GOOGLE_PER_CLIENT, req, now).await? {
            let (d, r) = too_many(l);
            return Ok(GoogleResponse::TooMany(d, r));
        }
        let client = self.0.client(req);
        let problem = |e: GoogleSignInError| GoogleProblem {
            error: e.to_string(),
        };
        let sign_in =
            forms::accounts::parse_google(body.credential.as_deref(), body.time_zone.as_deref());
        match google::sign_in(
            &self.0.state,
            sign_in.credential,
            sign_in.time_zone.as_deref(),
            &client,
            now,
        )
        .await
        {
            Ok((user, tokens)) => {
                // Only failures count against the client (see login).
                self.0.forgive(limits::GOOGLE_PER_CLIENT, req, now).await?;
                let out = UserOut::from(&user);
                Ok(GoogleResponse::Ok(Json(GoogleSignedIn {
                    access: tokens.access,
                    refresh: tokens.refresh,
                    profile_complete: out.profile_complete,
                    needs_profile_completion: !out.profile_complete,
                    requires_contact_number: out.requires_contact_number,
                    user: out,
                })))
            }
            Err(e @ GoogleSignInError::Unavailable(_)) => {
                tracing::error!(reason = %e, "Google sign-in keys unavailable");
                Ok(GoogleResponse::Unavailable(Json(problem(e))))
            }
            Err(GoogleSignInError::Store(e)) => Err(e.into()),
            Err(e) => Ok(GoogleResponse::Invalid(Json(problem(e)))),
        }
    }

    /// E-mail me a link to set my first password
    ///
    /// For a signed-in account that signs in with Google and has no
    /// password: e-mails a single-use link, valid for an hour, that opens
    /// the password reset page (`/auth/users/reset_password_confirm/`).
    /// 204 also past the e-mail limits (then nothing is sent); 400 when the
    /// account already has a password.
    #[oai(
        path = "/api/accounts/set-password-link/",
        method = "post",
        operation_id = "setPasswordLink"
    )]
    async fn set_password_link(
        &self,
        req: &Request,
        auth: SignedIn,
    ) -> poem::Result<NoContentResponse> {
        let now = self.0.now();
        let client = self.0.client(req);
        match google::request_first_password_link(&self.0.state, &auth.0, &client, now).await {
            Ok(()) => Ok(NoContentResponse::Done),
            Err(e @ FirstPasswordError::HasPassword) => {
                Ok(Fields::one("current_password", e.to_string()).into())
            }
            Err(FirstPasswordError::Store(e)) => Err(e.into()),
            Err(e) => Err(crate::error::internal(e)),
        }
    }

    /// Link my account to Google
    ///
    /// For an account signed in with its password whose address Google does
    /// not vouch for (so Google sign-in answered "Sign in with your password
    /// to link Google"): `credential` is a Google ID token issued within the
    /// last 5 minutes whose verified address is the account's. The owner is
    /// e-mailed. Afterwards the account also signs in with Google.
    #[oai(
        path = "/api/accounts/google-link/",
        method = "post",
        operation_id = "googleLink"
    )]
    async fn google_link(
        &self,
        req: &Request,
        auth: SignedIn,
        body: Json<GoogleBody>,
    ) -> poem::Result<GoogleLinkResponse> {
        let now = self.0.now();
        if let Some(l) = self.0.throttle(limits::GOOGLE_PER_CLIENT, req, now).await? {
            let (d, r) = too_many(l);
            return Ok(GoogleLinkResponse::TooMany(d, r));
        }
        let problem = |e: GoogleLinkError| {
            Json(GoogleProblem {
                error: e.to_string(),
            })
        };
        match google::link_signed_in(&self.0.state, &auth.0, body.credential.as_deref(), now).await
        {
            Ok(user) => {
                self.0.forgive(limits::GOOGLE_PER_CLIENT, req, now).await?;
                Ok(GoogleLinkResponse::Ok(Json(UserOut::from(&user))))
            }
            Err(GoogleLinkError::Google(GoogleSignInError::Store(e))) => Err(e.into()),
            Err(e @ GoogleLinkError::Google(GoogleSignInError::Unavailable(_))) => {
                tracing::error!(reason = %e, "Google sign-in keys unavailable");
                Ok(GoogleLinkResponse::Unavailable(problem(e)))
            }
            Err(e) => Ok(GoogleLinkResponse::Invalid(problem(e))),
        }
    }
}

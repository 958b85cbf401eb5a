//! `POST /api/accounts/google-auth/`.

use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{Accounts, too_many};
use crate::accounts::dto::{GoogleProblem, GoogleSignedIn, UserOut};
use crate::accounts::google::{self, GoogleSignInError};
use crate::auth::limits;
use crate::error::Detail;
use crate::routes::ApiTags;

#[derive(Debug, Object)]
pub struct GoogleBody {
    /// The ID token from Google Identity Services.
    pub credential: Option<String>,
}

#[derive(ApiResponse)]
pub enum GoogleResponse {
    #[oai(status = 200)]
    Ok(Json<GoogleSignedIn>),
    /// The credential is missing or not a valid Google ID token for this app.
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
    /// Google identity, links it to the account with the same verified
    /// address, or creates one.
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
        let user_agent = self.0.client(req).user_agent;
        let problem = |e: GoogleSignInError| GoogleProblem {
            error: e.to_string(),
        };
        match google::sign_in(&self.0.state, body.credential.as_deref(), user_agent, now).await {
            Ok((user, tokens)) => {
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
}

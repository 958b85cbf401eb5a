//! `POST /api/login/`, `/auth/jwt/refresh/`, `/api/logout/`.

use domain_wasm::forms;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{Accounts, responses};
use crate::accounts::dto::{LoggedIn, Refreshed, TokenProblem, UserOut};
use crate::accounts::session::{self, LoginError, RefreshError};
use crate::auth::limits;
use crate::error::Detail;
use crate::routes::ApiTags;

#[derive(Debug, Object)]
pub struct LoginBody {
    pub email: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Object)]
pub struct RefreshBody {
    pub refresh: Option<String>,
}

#[derive(Debug, Object)]
pub struct LogoutBody {
    pub refresh: Option<String>,
}

responses!(LoginResponse {
    #[oai(status = 200)]
    Ok(Json<LoggedIn>),
    /// Wrong e-mail or password, or an account not yet activated (one answer for all three).
    #[oai(status = 401)]
    Refused(Json<Detail>),
});

responses!(RefreshResponse {
    #[oai(status = 200)]
    Ok(Json<Refreshed>),
    /// Invalid, expired or already used (which also ends the session).
    #[oai(status = 401)]
    Refused(Json<TokenProblem>),
});

#[derive(ApiResponse)]
pub enum LogoutResponse {
    /// Signed out (also when the token was already invalid).
    #[oai(status = 204)]
    Done,
}

pub struct SessionApi(pub Accounts);

#[OpenApi(tag = "ApiTags::Accounts")]
impl SessionApi {
    /// Sign in with e-mail and password
    ///
    /// Answers `{token, refresh, user}`. A wrong password, an unknown
    /// address and an account not yet activated get the same answer in
    /// about the same time. 429 with `Retry-After` past the attempt limits:
    /// failed sign-ins per client (successes are not counted, so many
    /// people can sign in from one address), per (client, address), and the
    /// per-account throttle (clients that signed in to the account before
    /// are exempt).
    #[oai(path = "/api/login/", method = "post", operation_id = "login")]
    async fn login(&self, req: &Request, body: Json<LoginBody>) -> poem::Result<LoginResponse> {
        let now = self.0.now();
        let client = self.0.client(req);
        if let Some(l) = self.0.throttle(limits::LOGIN_PER_CLIENT, req, now).await? {
            return Ok(l.into());
        }
        let (email, password) =
            match forms::accounts::parse_login(body.email.as_deref(), body.password.as_deref()) {
                Ok(given) => given,
                Err(errors) => return Ok(errors.into()),
            };
        match session::login(&self.0.state, &client, email, password, now).await {
            Ok((user, tokens)) => {
                // Only failures count against the client: many people
                // sign in from one address (a campus, a carrier's NAT).
                self.0.forgive(limits::LOGIN_PER_CLIENT, req, now).await?;
                Ok(LoginResponse::Ok(Json(LoggedIn {
                    token: tokens.access,
                    refresh: tokens.refresh,
                    user: UserOut::from(&user),
                })))
            }
            Err(e @ LoginError::Refused) => {
                Ok(LoginResponse::Refused(Json(Detail::new(e.to_string()))))
            }
            Err(LoginError::Limited(l)) => Ok(l.into()),
            Err(LoginError::Store(e)) => Err(e.into()),
        }
    }

    /// Refresh the access token
    ///
    /// Uses up the refresh token and answers a new access token and the next
    /// refresh token. Presenting a used refresh token again ends its session
    /// (someone else has a copy).
    #[oai(
        path = "/auth/jwt/refresh/",
        method = "post",
        operation_id = "refreshToken"
    )]
    async fn refresh(&self, body: Json<RefreshBody>) -> poem::Result<RefreshResponse> {
        let now = self.0.now();
        let token = match forms::accounts::parse_refresh(body.refresh.as_deref()) {
            Ok(token) => token,
            Err(errors) => return Ok(errors.into()),
        };
        match session::refresh(&self.0.state, token, now).await {
            Ok(tokens) => Ok(RefreshResponse::Ok(Json(Refreshed {
                access: tokens.access,
                refresh: tokens.refresh,
            }))),
            Err(e @ (RefreshError::Invalid | RefreshError::Reused { .. })) => {
                if let RefreshError::Reused { user_id } = e {
                    tracing::warn!(user_id, "{e}");
                }
                Ok(RefreshResponse::Refused(Json(TokenProblem {
                    detail: session::TOKEN_INVALID_OR_EXPIRED.to_owned(),
                    code: "token_not_valid".into(),
                })))
            }
            Err(RefreshError::Store(e)) => Err(e.into()),
        }
    }

    /// Sign out
    ///
    /// Ends the session of the refresh token in the body and of the bearer
    /// token, if any. Always 204.
    #[oai(path = "/api/logout/", method = "post", operation_id = "logout")]
    async fn logout(&self, req: &Request, body: Json<LogoutBody>) -> poem::Result<LogoutResponse> {
        let bearer = req
            .headers()
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        session::logout(&self.0.state, body.refresh.as_deref(), bearer, self.0.now()).await?;
        Ok(LogoutResponse::Done)
    }
}

//! Accounts (SPEC §3-§8): registration and activation, sign-in with a
//! password or Google, token refresh with rotation, password reset, the
//! profile and sign-out. Paths and payloads follow djoser and SimpleJWT,
//! which the contract's client was written against: field errors are
//! `{"field": ["message"]}`, general ones `{"detail": "..."}`.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain_wasm::{accounts, password};
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use super::fields::{FieldErrors, Fields};
use crate::auth::limits::{self, Limited, Rule};
use crate::auth::tokens::{self, Purpose, TokenType};
use crate::auth::{self as authn, SignedIn, passwords};
use crate::error::Detail;
use crate::google::GoogleError;
use crate::mail::templates;
use crate::state::AppState;
use crate::store::{NewUser, Role, Rotation, StoreError, User};

const INVALID_UID: &str = "Invalid user id or user doesn't exist.";
const INVALID_TOKEN: &str = "Invalid token for given user.";
const STALE_TOKEN: &str = "Stale token for given user.";
const NO_ACCOUNT: &str = "No active account found with the given credentials";
const TOKEN_INVALID_OR_EXPIRED: &str = "Token is invalid or expired";
const EMAIL_NOT_FOUND: &str = "User with given email does not exist.";
const GOOGLE_ACCOUNT: &str =
    "This account signs in with Google. Use Continue with Google to sign in.";
const WRONG_CURRENT_PASSWORD: &str = "Invalid password.";
const GOOGLE_CREDENTIAL_REQUIRED: &str = "A Google credential is required.";
const GOOGLE_OTHER_ACCOUNT: &str = "This e-mail address is linked to a different Google account. Sign in with that account or with your password.";
const GOOGLE_NOT_CONFIGURED: &str = "Google sign-in is not set up on this server.";
const GOOGLE_EMAIL_UNVERIFIED: &str =
    "Your Google e-mail address is not verified. Verify it with Google, then try again.";

/// An account as its owner sees it.
#[derive(Debug, Clone, Object)]
pub struct UserOut {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// `user`, `mentor` or `admin`.
    pub role: String,
    /// Created through Google and without a password of its own.
    pub is_google_user: bool,
    /// E.164, e.g. `+919876543210`.
    pub contact_number: Option<String>,
    pub profile_complete: bool,
    /// A Google account gives a contact number before booking.
    pub requires_contact_number: bool,
    /// The mentor profile of this account, for mentors.
    pub mentor_id: Option<i64>,
    pub date_joined: DateTime<Utc>,
}

impl From<&User> for UserOut {
    fn from(u: &User) -> Self {
        UserOut {
            id: u.id,
            email: u.email.clone(),
            name: u.name.clone(),
            role: u.role().as_str().to_owned(),
            is_google_user: u.is_google_user(),
            contact_number: u.contact_number.clone(),
            profile_complete: u.profile_complete(),
            requires_contact_number: u.requires_contact_number(),
            mentor_id: u.mentor_id,
            date_joined: u.date_joined,
        }
    }
}

#[derive(Debug, Object)]
pub struct RegisterBody {
    pub name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    /// The password again; when sent, it must match.
    pub re_password: Option<String>,
    /// Optional at registration.
    pub contact_number: Option<String>,
}

#[derive(Debug, Object)]
pub struct Registered {
    pub id: i64,
    pub email: String,
    pub name: String,
}

#[derive(Debug, Object)]
pub struct UidToken {
    pub uid: Option<String>,
    pub token: Option<String>,
}

#[derive(Debug, Object)]
pub struct EmailBody {
    pub email: Option<String>,
}

#[derive(Debug, Object)]
pub struct LoginBody {
    pub email: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Object)]
pub struct LoggedIn {
    /// The access token (send as `Authorization: Bearer ...`); lasts an hour.
    pub token: String,
    /// The refresh token: single use, replaced at each refresh.
    pub refresh: String,
    pub user: UserOut,
}

#[derive(Debug, Object)]
pub struct RefreshBody {
    pub refresh: Option<String>,
}

#[derive(Debug, Object)]
pub struct Refreshed {
    pub access: String,
    /// The next refresh token; the one sent is now used up.
    pub refresh: String,
}

#[derive(Debug, Object)]
pub struct TokenProblem {
    pub detail: String,
    /// Always `token_not_valid`.
    pub code: String,
}

#[derive(Debug, Object)]
pub struct LogoutBody {
    pub refresh: Option<String>,
}

#[derive(Debug, Object)]
pub struct ResetConfirmBody {
    pub uid: Option<String>,
    pub token: Option<String>,
    pub new_password: Option<String>,
    /// The new password again; when sent, it must match.
    pub re_new_password: Option<String>,
}

#[derive(Debug, Object)]
pub struct AuthType {
    pub exists: bool,
    pub is_google_user: bool,
}

#[derive(Debug, Object)]
pub struct GoogleBody {
    /// The ID token from Google Identity Services.
    pub credential: Option<String>,
}

#[derive(Debug, Object)]
pub struct GoogleSignedIn {
    pub access: String,
    pub refresh: String,
    pub user: UserOut,
    pub profile_complete: bool,
    pub needs_profile_completion: bool,
    pub requires_contact_number: bool,
}

#[derive(Debug, Object)]
pub struct GoogleProblem {
    pub error: String,
}

#[derive(Debug, Object)]
pub struct ProfileBody {
    pub name: Option<String>,
    /// Empty clears it (not for Google accounts, which need one).
    pub contact_number: Option<String>,
}

#[derive(Debug, Object)]
pub struct SetPasswordBody {
    /// Not needed by a Google account setting its first password.
    pub current_password: Option<String>,
    pub new_password: Option<String>,
    pub re_new_password: Option<String>,
}

#[derive(Debug, Object)]
pub struct CompleteProfileBody {
    pub contact_number: Option<String>,
    pub name: Option<String>,
}

#[derive(Debug, Object)]
pub struct ProfileCompleted {
    pub user: UserOut,
    pub profile_complete: bool,
    pub requires_contact_number: bool,
}

#[derive(Debug, Object)]
pub struct PublicConfig {
    /// The Google sign-in client id; `null` hides the Google button.
    pub google_client_id: Option<String>,
    /// E-mail is recorded instead of sent, and `/dev/outbox` lists it.
    pub dev_outbox: bool,
    /// Where people write for support and refund requests.
    pub support_email: String,
}

/// Too many attempts: `Retry-After` seconds and a message saying when.
type TooMany = (Json<Detail>, String);

fn too_many(l: Limited) -> TooMany {
    (
        Json(Detail::new(l.message())),
        l.retry_after_secs.to_string(),
    )
}

macro_rules! responses {
    ($name:ident { $($body:tt)* }) => {
        #[derive(ApiResponse)]
        pub enum $name {
            $($body)*
            /// Field errors: `{"field": ["message"]}`.
            #[oai(status = 400)]
            Invalid(Json<FieldErrors>),
            /// Too many attempts; `Retry-After` says when to try again.
            #[oai(status = 429)]
            TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
        }
        impl From<Fields> for $name {
            fn from(f: Fields) -> Self { $name::Invalid(Json(f.0)) }
        }
        impl From<Limited> for $name {
            fn from(l: Limited) -> Self { let (d, r) = too_many(l); $name::TooMany(d, r) }
        }
    };
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

responses!(NoContentResponse {
    #[oai(status = 204)]
    Done,
});

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

responses!(AuthTypeResponse {
    #[oai(status = 200)]
    Ok(Json<AuthType>),
});

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

responses!(MeResponse {
    #[oai(status = 200)]
    Ok(Json<UserOut>),
});

responses!(CompleteProfileResponse {
    #[oai(status = 200)]
    Ok(Json<ProfileCompleted>),
});

#[derive(ApiResponse)]
pub enum ConfigResponse {
    #[oai(status = 200)]
    Ok(Json<PublicConfig>),
}

#[derive(ApiResponse)]
pub enum LogoutResponse {
    /// Signed out (also when the token was already invalid).
    #[oai(status = 204)]
    Done,
}

/// The account endpoints' own field parsers.
impl Fields {
    /// A new password and its optional confirmation, by the domain's rule.
    fn new_password<'a>(
        &mut self,
        field: &str,
        again_field: &str,
        value: &'a Option<String>,
        again: &Option<String>,
    ) -> Option<&'a str> {
        let pw = self.required(field, value)?;
        let confirmation = again.as_deref().unwrap_or(pw);
        match password::check_new_password(pw, confirmation) {
            Ok(()) => Some(pw),
            Err(password::PasswordProblem::Mismatch) => {
                self.add(again_field, password::MISMATCH);
                None
            }
            Err(problem) => {
                self.add(field, problem.message());
                None
            }
        }
    }
}

pub struct AuthApi {
    pub state: Arc<AppState>,
}

fn user_agent(req: &Request) -> Option<&str> {
    req.headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
}

impl AuthApi {
    fn ip(&self, req: &Request) -> std::net::IpAddr {
        authn::client_ip(req, self.state.trust_forwarded_for)
    }

    /// Counts an attempt by this client under `rule`; `Some` when over it.
    async fn throttle(
        &self,
        rule: Rule,
        req: &Request,
        now: DateTime<Utc>,
    ) -> poem::Result<Option<Limited>> {
        Ok(self.limit(rule, &self.client(req), now).await?.err())
    }

    /// The client as attempt limits count it.
    fn client(&self, req: &Request) -> String {
        authn::client_key(self.ip(req))
    }

    /// Whether another reset or activation e-mail may go to `email` for
    /// this client: 3 an hour per (client, address), 10 an hour per address.
    async fn may_mail(&self, req: &Request, email: &str, now: DateTime<Utc>) -> poem::Result<bool> {
        let pair = limits::pair(self.ip(req), email);
        Ok(self
            .limit(limits::EMAILS_PER_CLIENT_AND_ADDRESS, &pair, now)
            .await?
            .is_ok()
            && self
                .limit(limits::EMAILS_PER_ADDRESS, email, now)
                .await?
                .is_ok())
    }

    async fn limit(
        &self,
        rule: Rule,
        key: &str,
        now: DateTime<Utc>,
    ) -> poem::Result<Result<(), Limited>> {
        Ok(self.state.limiter.hit(rule, key, now).await?)
    }

    async fn send_activation(&self, user: &User, now: DateTime<Utc>) -> Result<(), StoreError> {
        let token = self.state.keys.link_token(Purpose::Activation, user, now);
        let link = self.state.link(&format!(
            "/activate/{}/{token}",
            tokens::encode_uid(user.id)
        ));
        self.state
            .mailer
            // Not by name: whoever registers chooses the name, and this mail
            // goes to an address nobody has proved yet.
            .send(templates::activation(&user.email, "there", &link))
            .await
    }

    /// The account named by `uid` whose `token` for `purpose` is valid, or
    /// the field errors to answer with.
    async fn account_of_link(
        &self,
        body: &UidToken,
        purpose: Purpose,
        now: DateTime<Utc>,
    ) -> poem::Result<Result<User, Fields>> {
        let mut fields = Fields::default();
        let uid = fields.required("uid", &body.uid);
        let token = fields.required("token", &body.token);
        let (Some(uid), Some(token)) = (uid, token) else {
            return Ok(Err(fields));
        };
        let Some(id) = tokens::decode_uid(uid.trim()) else {
            return Ok(Err(Fields::one("uid", INVALID_UID)));
        };
        let user = match self.state.store.user_by_id(id).await {
            Ok(u) => u,
            Err(StoreError::NotFound) => return Ok(Err(Fields::one("uid", INVALID_UID))),
            Err(e) => return Err(e.into()),
        };
        if !self
            .state
            .keys
            .check_link_token(purpose, &user, token.trim(), now)
        {
            return Ok(Err(Fields::one("token", INVALID_TOKEN)));
        }
        Ok(Ok(user))
    }

    async fn tokens_for_session(
        &self,
        user: &User,
        req: &Request,
        now: DateTime<Utc>,
    ) -> poem::Result<(String, String)> {
        Ok(authn::start_session(&self.state, user, user_agent(req), now).await?)
    }
}

/// How e-mails greet someone: their name, or the start of their address.
fn greeting_name(user: &User) -> &str {
    if user.name.trim().is_empty() {
        user.email.split('@').next().unwrap_or("there")
    } else {
        &user.name
    }
}

#[OpenApi(tag = "ApiTags::Accounts")]
impl AuthApi {
    /// Register
    ///
    /// Creates an inactive account and e-mails an activation link to
    /// `{PUBLIC_URL}/activate/{uid}/{token}`.
    #[oai(path = "/auth/users/", method = "post", operation_id = "register")]
    async fn register(
        &self,
        req: &Request,
        body: Json<RegisterBody>,
    ) -> poem::Result<RegisterResponse> {
        let now = Utc::now();
        if let Some(l) = self.throttle(limits::REGISTER_PER_CLIENT, req, now).await? {
            return Ok(l.into());
        }
        let mut fields = Fields::default();
        let name = fields.name("name", &body.name);
        let email = fields.email("email", &body.email);
        let password =
            fields.new_password("password", "re_password", &body.password, &body.re_password);
        let contact_number = match body.contact_number.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => match accounts::parse_contact_number(raw) {
                Ok(n) => Some(n),
                Err(p) => {
                    fields.add("contact_number", p.message());
                    None
                }
            },
        };
        let (Some(name), Some(email), Some(password), true) =
            (name, email, password, fields.is_empty())
        else {
            return Ok(fields.into());
        };
        let hash = passwords::hash(password.to_owned())
            .await
            .map_err(crate::error::internal)?;
        let new = NewUser {
            email: email.into_string(),
            name,
            password_hash: Some(hash),
            google_sub: None,
            role: Role::User,
            is_active: false,
            contact_number,
        };
        let user = match self.state.store.create_user(&new, now).await {
            Ok(u) => u,
            Err(StoreError::Conflict(msg)) => return Ok(Fields::one("email", msg).into()),
            Err(e) => return Err(e.into()),
        };
        self.send_activation(&user, now).await?;
        Ok(RegisterResponse::Created(Json(Registered {
            id: user.id,
            email: user.email,
            name: user.name,
        })))
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
        let now = Utc::now();
        if let Some(l) = self
            .throttle(limits::CONFIRMATIONS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let user = match self
            .account_of_link(&body, Purpose::Activation, now)
            .await?
        {
            Ok(u) => u,
            Err(fields) => return Ok(fields.into()),
        };
        if user.is_active {
            return Ok(ActivationResponse::Stale(Json(Detail::new(STALE_TOKEN))));
        }
        self.state.store.activate_user(user.id, now).await?;
        let welcome = templates::welcome(
            &user.email,
            greeting_name(&user),
            &self.state.link("/mentors"),
        );
        self.state.mailer.send(welcome).await?;
        Ok(ActivationResponse::Activated)
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
        let now = Utc::now();
        if let Some(l) = self.throttle(limits::EMAILS_PER_CLIENT, req, now).await? {
            return Ok(l.into());
        }
        let mut fields = Fields::default();
        let Some(email) = fields.email("email", &body.email) else {
            return Ok(fields.into());
        };
        match self.state.store.user_by_email(email.as_str()).await {
            Ok(user) if !user.is_active && user.password_hash.is_some() => {
                if self.may_mail(req, email.as_str(), now).await? {
                    self.send_activation(&user, now).await?;
                }
            }
            Ok(_) | Err(StoreError::NotFound) => {}
            Err(e) => return Err(e.into()),
        }
        Ok(NoContentResponse::Done)
    }

    /// Sign in with e-mail and password
    ///
    /// Answers `{token, refresh, user}`. A wrong password, an unknown
    /// address and an account not yet activated get the same answer in
    /// about the same time.
    #[oai(path = "/api/login/", method = "post", operation_id = "login")]
    async fn login(&self, req: &Request, body: Json<LoginBody>) -> poem::Result<LoginResponse> {
        let now = Utc::now();
        let ip = self.ip(req);
        if let Err(l) = self
            .limit(limits::LOGIN_PER_CLIENT, &ip.to_string(), now)
            .await?
        {
            return Ok(l.into());
        }
        let mut fields = Fields::default();
        let email = fields.required("email", &body.email);
        let password = fields.required("password", &body.password);
        let (Some(email), Some(password)) = (email, password) else {
            return Ok(fields.into());
        };
        let email = accounts::Email::parse(email)
            .map(accounts::Email::into_string)
            .unwrap_or_else(|_| email.trim().to_lowercase());
        let pair = limits::pair(ip, &email);
        if let Err(l) = self
            .state
            .limiter
            .check(limits::LOGIN_FAILURES, &pair, now)
            .await?
        {
            return Ok(l.into());
        }
        let user = match self.state.store.user_by_email(&email).await {
            Ok(u) => Some(u),
            Err(StoreError::NotFound) => None,
            Err(e) => return Err(e.into()),
        };
        let hash = user.as_ref().and_then(|u| u.password_hash.clone());
        let matches = passwords::verify(password.to_owned(), hash).await;
        let user = match user {
            Some(u) if matches && u.is_active => u,
            _ => {
                if let Err(l) = self
                    .state
                    .limiter
                    .hit(limits::LOGIN_FAILURES, &pair, now)
                    .await?
                {
                    return Ok(l.into());
                }
                return Ok(LoginResponse::Refused(Json(Detail::new(NO_ACCOUNT))));
            }
        };
        self.state
            .limiter
            .clear(limits::LOGIN_FAILURES, &pair)
            .await?;
        let (token, refresh) = self.tokens_for_session(&user, req, now).await?;
        Ok(LoginResponse::Ok(Json(LoggedIn {
            token,
            refresh,
            user: UserOut::from(&user),
        })))
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
        let now = Utc::now();
        let mut fields = Fields::default();
        let Some(token) = fields.required("refresh", &body.refresh) else {
            return Ok(fields.into());
        };
        let refused = |detail: &str| {
            Ok(RefreshResponse::Refused(Json(TokenProblem {
                detail: detail.to_owned(),
                code: "token_not_valid".into(),
            })))
        };
        let Ok(claims) = self
            .state
            .keys
            .decode(token.trim(), TokenType::Refresh, now)
        else {
            return refused(TOKEN_INVALID_OR_EXPIRED);
        };
        match self
            .state
            .store
            .rotate_refresh_token(&claims.jti, now)
            .await?
        {
            Rotation::Rotated {
                session_id,
                user_id,
            } if session_id == claims.sid && user_id == claims.user_id => {
                match self.state.store.user_by_id(user_id).await {
                    Ok(u) if u.is_active => {}
                    Ok(_) | Err(StoreError::NotFound) => return refused(TOKEN_INVALID_OR_EXPIRED),
                    Err(e) => return Err(e.into()),
                }
                let refresh = authn::issue_refresh(&self.state, user_id, &session_id, now).await?;
                Ok(RefreshResponse::Ok(Json(Refreshed {
                    access: self.state.keys.access_token(user_id, &session_id, now),
                    refresh,
                })))
            }
            Rotation::Reused => {
                tracing::warn!(
                    user_id = claims.user_id,
                    "a used refresh token was presented again; its session is revoked"
                );
                refused(TOKEN_INVALID_OR_EXPIRED)
            }
            _ => refused(TOKEN_INVALID_OR_EXPIRED),
        }
    }

    /// Sign out
    ///
    /// Ends the session of the refresh token in the body and of the bearer
    /// token, if any. Always 204.
    #[oai(path = "/api/logout/", method = "post", operation_id = "logout")]
    async fn logout(&self, req: &Request, body: Json<LogoutBody>) -> poem::Result<LogoutResponse> {
        let now = Utc::now();
        let mut sessions = Vec::new();
        if let Some(token) = body.refresh.as_deref() {
            // An expired refresh token still names the session to end.
            let far_past = DateTime::<Utc>::MIN_UTC;
            if let Ok(c) = self
                .state
                .keys
                .decode(token.trim(), TokenType::Refresh, far_past)
            {
                sessions.push(c.sid);
            }
        }
        let bearer = req
            .headers()
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        if let Some(token) = bearer
            && let Ok(c) =
                self.state
                    .keys
                    .decode(token.trim(), TokenType::Access, DateTime::<Utc>::MIN_UTC)
        {
            sessions.push(c.sid);
        }
        for sid in sessions {
            self.state
                .store
                .revoke_session(&sid, "signed out", now)
                .await?;
        }
        Ok(LogoutResponse::Done)
    }

    /// Ask for a password-reset e-mail
    ///
    /// 204 when sent; 400 when no account has the address, or the account
    /// signs in with Google.
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
        let now = Utc::now();
        if let Some(l) = self.throttle(limits::EMAILS_PER_CLIENT, req, now).await? {
            return Ok(l.into());
        }
        let mut fields = Fields::default();
        let Some(email) = fields.email("email", &body.email) else {
            return Ok(fields.into());
        };
        let user = match self.state.store.user_by_email(email.as_str()).await {
            Ok(u) => u,
            Err(StoreError::NotFound) => return Ok(Fields::one("email", EMAIL_NOT_FOUND).into()),
            Err(e) => return Err(e.into()),
        };
        if user.password_hash.is_none() {
            return Ok(Fields::one("email", GOOGLE_ACCOUNT).into());
        }
        // Past the limits the answer is the same, but no more mail goes
        // out: nobody can flood an inbox, and one client cannot use up
        // another's allowance.
        if self.may_mail(req, email.as_str(), now).await? {
            let token = self
                .state
                .keys
                .link_token(Purpose::PasswordReset, &user, now);
            let link = self.state.link(&format!(
                "/password/reset/confirm/{}/{token}",
                tokens::encode_uid(user.id)
            ));
            self.state
                .mailer
                .send(templates::password_reset(
                    &user.email,
                    greeting_name(&user),
                    &link,
                ))
                .await?;
        }
        Ok(NoContentResponse::Done)
    }

    /// Set a new password with an e-mailed link
    ///
    /// The link works once and for 3 days. Every session of the account ends.
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
        let now = Utc::now();
        if let Some(l) = self
            .throttle(limits::CONFIRMATIONS_PER_CLIENT, req, now)
            .await?
        {
            return Ok(l.into());
        }
        let link = UidToken {
            uid: body.uid.clone(),
            token: body.token.clone(),
        };
        let mut fields = Fields::default();
        let password = fields.new_password(
            "new_password",
            "re_new_password",
            &body.new_password,
            &body.re_new_password,
        );
        let user = match self
            .account_of_link(&link, Purpose::PasswordReset, now)
            .await?
        {
            Ok(u) => u,
            Err(mut link_fields) => {
                for (k, v) in fields.0 {
                    link_fields.0.entry(k).or_default().extend(v);
                }
                return Ok(link_fields.into());
            }
        };
        let Some(password) = password else {
            return Ok(fields.into());
        };
        let hash = passwords::hash(password.to_owned())
            .await
            .map_err(crate::error::internal)?;
        // Only if the password is still the one the link was made for: of
        // two confirmations racing with one link, one wins.
        let replaced = self
            .state
            .store
            .replace_password_hash(user.id, user.password_hash.as_deref(), &hash, now)
            .await?;
        if !replaced {
            return Ok(Fields::one("token", INVALID_TOKEN).into());
        }
        if !user.is_active {
            // Opening the e-mailed link proves the address, as activation does.
            self.state.store.activate_user(user.id, now).await?;
        }
        self.state
            .store
            .revoke_sessions_of(user.id, None, "password reset", now)
            .await?;
        self.state
            .mailer
            .send(templates::password_changed(
                &user.email,
                greeting_name(&user),
                &self.state.link("/auth/login"),
            ))
            .await?;
        Ok(NoContentResponse::Done)
    }

    /// How an address signs in
    ///
    /// `{exists, is_google_user}`: the forgot-password screen steers Google
    /// accounts to Google sign-in.
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
        let now = Utc::now();
        if let Some(l) = self.throttle(limits::LOOKUPS_PER_CLIENT, req, now).await? {
            return Ok(l.into());
        }
        let mut fields = Fields::default();
        let Some(email) = fields.email("email", &body.email) else {
            return Ok(fields.into());
        };
        let answer = match self.state.store.user_by_email(email.as_str()).await {
            Ok(u) => AuthType {
                exists: true,
                is_google_user: u.is_google_user(),
            },
            Err(StoreError::NotFound) => AuthType {
                exists: false,
                is_google_user: false,
            },
            Err(e) => return Err(e.into()),
        };
        Ok(AuthTypeResponse::Ok(Json(answer)))
    }

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
        let now = Utc::now();
        let problem = |msg: &str| {
            Ok(GoogleResponse::Invalid(Json(GoogleProblem {
                error: msg.to_owned(),
            })))
        };
        if let Some(l) = self.throttle(limits::GOOGLE_PER_CLIENT, req, now).await? {
            let (d, r) = too_many(l);
            return Ok(GoogleResponse::TooMany(d, r));
        }
        let Some(google) = self.state.google.as_ref() else {
            return problem(GOOGLE_NOT_CONFIGURED);
        };
        let Some(credential) = body
            .credential
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        else {
            return problem(GOOGLE_CREDENTIAL_REQUIRED);
        };
        let identity = match google.verify(credential).await {
            Ok(i) => i,
            Err(GoogleError::Invalid(msg)) => return problem(&msg),
            Err(GoogleError::Unavailable(msg)) => {
                tracing::error!(reason = %msg, "Google sign-in keys unavailable");
                return Ok(GoogleResponse::Unavailable(Json(GoogleProblem {
                    error: msg,
                })));
            }
        };
        if !identity.email_verified {
            return problem(GOOGLE_EMAIL_UNVERIFIED);
        }
        let Ok(email) = accounts::Email::parse(&identity.email) else {
            return problem("The Google account has no usable e-mail address.");
        };
        let user = match self.state.store.user_by_google_sub(&identity.subject).await {
            Ok(u) => u,
            Err(StoreError::NotFound) => match self.state.store.user_by_email(email.as_str()).await
            {
                // Linked to another Google account already: a second Google
                // identity holding the same address (a reassigned work
                // address) must not take the account over.
                Ok(existing) if existing.google_sub.is_some() => {
                    return problem(GOOGLE_OTHER_ACCOUNT);
                }
                Ok(existing) => {
                    match self
                        .state
                        .store
                        .link_google(&existing, &identity.subject, now)
                        .await
                    {
                        Ok(()) => {}
                        Err(StoreError::Conflict(_) | StoreError::NotFound) => {
                            return problem(GOOGLE_OTHER_ACCOUNT);
                        }
                        Err(e) => return Err(e.into()),
                    }
                    self.state.store.user_by_id(existing.id).await?
                }
                Err(StoreError::NotFound) => {
                    let name = identity
                        .name
                        .as_deref()
                        .and_then(|n| accounts::parse_name(n).ok())
                        .unwrap_or_default();
                    let new = NewUser {
                        email: email.into_string(),
                        name,
                        password_hash: None,
                        google_sub: Some(identity.subject.clone()),
                        role: Role::User,
                        is_active: true,
                        contact_number: None,
                    };
                    match self.state.store.create_user(&new, now).await {
                        Ok(u) => u,
                        // Two first sign-ins at once: the other one created it
                        // (or the address was registered meanwhile).
                        Err(StoreError::Conflict(_)) => {
                            match self.state.store.user_by_google_sub(&identity.subject).await {
                                Ok(u) => u,
                                Err(StoreError::NotFound) => {
                                    return problem("Please try signing in with Google again.");
                                }
                                Err(e) => return Err(e.into()),
                            }
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
                Err(e) => return Err(e.into()),
            },
            Err(e) => return Err(e.into()),
        };
        if !user.is_active {
            return problem("This account is disabled. Please contact support.");
        }
        let (access, refresh) = self.tokens_for_session(&user, req, now).await?;
        let out = UserOut::from(&user);
        Ok(GoogleResponse::Ok(Json(GoogleSignedIn {
            access,
            refresh,
            profile_complete: out.profile_complete,
            needs_profile_completion: !out.profile_complete,
            requires_contact_number: out.requires_contact_number,
            user: out,
        })))
    }

    /// My account
    #[oai(path = "/auth/users/me/", method = "get", operation_id = "me")]
    async fn me(&self, auth: SignedIn) -> poem::Result<MeResponse> {
        Ok(MeResponse::Ok(Json(UserOut::from(&auth.0.user))))
    }

    /// Edit my profile
    ///
    /// Name and contact number; the e-mail address cannot change here.
    #[oai(path = "/auth/users/me/", method = "patch", operation_id = "updateMe")]
    async fn update_me(&self, auth: SignedIn, body: Json<ProfileBody>) -> poem::Result<MeResponse> {
        let user = &auth.0.user;
        let (name, contact_number) = match parse_profile(
            user,
            body.name.as_deref(),
            body.contact_number.as_deref(),
            false,
        ) {
            Ok(v) => v,
            Err(fields) => return Ok(fields.into()),
        };
        let now = Utc::now();
        self.state
            .store
            .update_profile(user.id, &name, contact_number.as_deref(), now)
            .await?;
        let updated = self.state.store.user_by_id(user.id).await?;
        Ok(MeResponse::Ok(Json(UserOut::from(&updated))))
    }

    /// Change my password
    ///
    /// Every other session of the account ends; this one stays.
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
        let now = Utc::now();
        let user = &auth.0.user;
        let mut fields = Fields::default();
        let current = if user.password_hash.is_some() {
            fields.required("current_password", &body.current_password)
        } else {
            None
        };
        let new = fields.new_password(
            "new_password",
            "re_new_password",
            &body.new_password,
            &body.re_new_password,
        );
        if !fields.is_empty() {
            return Ok(fields.into());
        }
        if let Some(current) = current {
            // Throttled like sign-in: this is a password check too.
            let pair = limits::pair(
                std::net::IpAddr::from([0, 0, 0, 0]),
                &format!("session:{}", auth.0.session_id),
            );
            if let Err(l) = self
                .state
                .limiter
                .check(limits::LOGIN_FAILURES, &pair, now)
                .await?
            {
                return Ok(l.into());
            }
            if !passwords::verify(current.to_owned(), user.password_hash.clone()).await {
                self.state
                    .limiter
                    .hit(limits::LOGIN_FAILURES, &pair, now)
                    .await?
                    .ok();
                return Ok(Fields::one("current_password", WRONG_CURRENT_PASSWORD).into());
            }
        }
        let Some(new) = new else {
            return Ok(fields.into());
        };
        let hash = passwords::hash(new.to_owned())
            .await
            .map_err(crate::error::internal)?;
        self.state
            .store
            .set_password_hash(user.id, &hash, now)
            .await?;
        self.state
            .store
            .revoke_sessions_of(user.id, Some(&auth.0.session_id), "password changed", now)
            .await?;
        self.state
            .mailer
            .send(templates::password_changed(
                &user.email,
                greeting_name(user),
                &self.state.link("/auth/forgot-password"),
            ))
            .await?;
        Ok(NoContentResponse::Done)
    }

    /// Complete my profile
    ///
    /// The contact number (required) and, optionally, the name. Google
    /// accounts do this before their first booking.
    #[oai(
        path = "/api/accounts/complete-profile/",
        method = "post",
        operation_id = "completeProfile"
    )]
    async fn complete_profile(
        &self,
        auth: SignedIn,
        body: Json<CompleteProfileBody>,
    ) -> poem::Result<CompleteProfileResponse> {
        let user = &auth.0.user;
        let contact = body.contact_number.as_deref().unwrap_or_default();
        let (name, contact_number) =
            match parse_profile(user, body.name.as_deref(), Some(contact), true) {
                Ok(v) => v,
                Err(fields) => return Ok(fields.into()),
            };
        self.state
            .store
            .update_profile(user.id, &name, contact_number.as_deref(), Utc::now())
            .await?;
        let updated = self.state.store.user_by_id(user.id).await?;
        let out = UserOut::from(&updated);
        Ok(CompleteProfileResponse::Ok(Json(ProfileCompleted {
            profile_complete: out.profile_complete,
            requires_contact_number: out.requires_contact_number,
            user: out,
        })))
    }

    /// Public settings of the web app
    #[oai(path = "/api/config/", method = "get", operation_id = "publicConfig")]
    async fn config(&self) -> ConfigResponse {
        ConfigResponse::Ok(Json(PublicConfig {
            google_client_id: self.state.google.as_ref().map(|g| g.client_id().to_owned()),
            dev_outbox: self.state.dev_outbox,
            support_email: self.state.support_email.clone(),
        }))
    }
}

/// The name and contact number to store, from what was sent (absent: keep).
fn parse_profile(
    user: &User,
    name: Option<&str>,
    contact_number: Option<&str>,
    contact_required: bool,
) -> Result<(String, Option<String>), Fields> {
    let mut fields = Fields::default();
    let name = match name {
        None => user.name.clone(),
        Some(raw) => accounts::parse_name(raw).unwrap_or_else(|p| {
            fields.add("name", p.message());
            String::new()
        }),
    };
    let contact = match contact_number.map(str::trim) {
        None => user.contact_number.clone(),
        Some("") if !contact_required && user.google_sub.is_none() => None,
        Some(raw) => match accounts::parse_contact_number(raw) {
            Ok(n) => Some(n),
            Err(p) => {
                fields.add("contact_number", p.message());
                None
            }
        },
    };
    if fields.is_empty() {
        Ok((name, contact))
    } else {
        Err(fields)
    }
}

//! `GET`/`PATCH /auth/users/me/`, `POST /api/accounts/complete-profile/`,
//! and the web app's public settings (`GET /api/config/`).

use domain_wasm::forms;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{Accounts, responses};
use crate::accounts::dto::{ProfileCompleted, PublicConfig, UserOut};
use crate::accounts::profile;
use crate::auth::SignedIn;
use crate::routes::ApiTags;

#[derive(Debug, Object)]
pub struct ProfileBody {
    pub name: Option<String>,
    /// Empty clears it (not for Google accounts, which need one).
    pub contact_number: Option<String>,
    /// An IANA time zone name, e.g. `Asia/Kolkata`: times in e-mails and
    /// on screens are shown in it.
    pub time_zone: Option<String>,
    /// The IANA zone the browser is in, sent at sign-in: it becomes the
    /// account's zone only while none was ever chosen (`time_zone_chosen`
    /// false, the first sign-in of an account made without one); otherwise
    /// it is ignored. `time_zone` wins when both are given.
    pub detected_time_zone: Option<String>,
}

#[derive(Debug, Object)]
pub struct CompleteProfileBody {
    pub contact_number: Option<String>,
    pub name: Option<String>,
}

responses!(MeResponse {
    #[oai(status = 200)]
    Ok(Json<UserOut>),
});

responses!(CompleteProfileResponse {
    #[oai(status = 200)]
    Ok(Json<ProfileCompleted>),
});

/// Reading my account takes no input and no attempt limit: 200 (or the
/// token check's 401).
#[derive(ApiResponse)]
pub enum MyAccountResponse {
    #[oai(status = 200)]
    Ok(Json<UserOut>),
}

#[derive(ApiResponse)]
pub enum ConfigResponse {
    #[oai(status = 200)]
    Ok(Json<PublicConfig>),
}

pub struct ProfileApi(pub Accounts);

#[OpenApi(tag = "ApiTags::Accounts")]
impl ProfileApi {
    /// My account
    #[oai(path = "/auth/users/me/", method = "get", operation_id = "me")]
    async fn me(&self, auth: SignedIn) -> MyAccountResponse {
        MyAccountResponse::Ok(Json(UserOut::from(&auth.0.user)))
    }

    /// Edit my profile
    ///
    /// Name, contact number and time zone; the e-mail address cannot
    /// change here. `detected_time_zone` sets the zone of an account that
    /// never chose one (its first sign-in) and is ignored afterwards.
    #[oai(path = "/auth/users/me/", method = "patch", operation_id = "updateMe")]
    async fn update_me(&self, auth: SignedIn, body: Json<ProfileBody>) -> poem::Result<MeResponse> {
        // A Google account cannot clear its contact number: it needs one to book.
        let edit = match forms::accounts::parse_profile(
            body.name.as_deref(),
            body.contact_number.as_deref(),
            body.time_zone.as_deref(),
            body.detected_time_zone.as_deref(),
            auth.0.user.google_sub.is_none(),
        ) {
            Ok(edit) => edit,
            Err(errors) => return Ok(errors.into()),
        };
        let user = profile::update(&self.0.state, &auth.0.user, &edit, self.0.now()).await?;
        Ok(MeResponse::Ok(Json(UserOut::from(&user))))
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
        let edit = match forms::accounts::parse_complete_profile(
            body.contact_number.as_deref(),
            body.name.as_deref(),
        ) {
            Ok(edit) => edit,
            Err(errors) => return Ok(errors.into()),
        };
        let user = profile::update(&self.0.state, &auth.0.user, &edit, self.0.now()).await?;
        let out = UserOut::from(&user);
        Ok(CompleteProfileResponse::Ok(Json(ProfileCompleted {
            profile_complete: out.profile_complete,
            requires_contact_number: out.requires_contact_number,
            user: out,
        })))
    }

    /// Public settings of the web app
    #[oai(path = "/api/config/", method = "get", operation_id = "publicConfig")]
    async fn config(&self) -> ConfigResponse {
        let state = &self.0.state;
        ConfigResponse::Ok(Json(PublicConfig {
            google_client_id: state.google.as_ref().map(|g| g.client_id().to_owned()),
            dev_outbox: state.dev_outbox,
            support_email: state.support_email.clone(),
        }))
    }
}

//! Photo uploads (`multipart/form-data`, field `photo`): an applicant's
//! (`POST /api/mentor-applications/photo/`) and a mentor's own
//! (`POST /api/mentor/photo/`, which also becomes their profile photo at
//! once), and serving the stored sizes at `/media/photos/{id}/{size}.jpg`
//! (outside the documented API, beside `/media/portraits/`). What is
//! checked and how the files are made: `crate::media`.

use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{Response, handler};
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::{ApiTags, or_forbidden};
use crate::auth::SignedIn;
use crate::auth::limits::Limited;
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::media::{self, MAX_UPLOAD_BYTES, PhotoError, SIZES, UploadError};
use crate::state::AppState;
use crate::store::media::{MediaImage, MediaPurpose};

/// Without the `photo` field: 400 under it (djoser's shape), as for a file
/// that is no photo.
pub const PHOTO_REQUIRED: &str = "Choose a photo to upload.";

/// A photo to upload.
#[derive(Debug, Multipart)]
pub struct PhotoUpload {
    /// A JPEG, PNG or WebP image of at most 5 MB and 40 megapixels, at
    /// least 64 pixels on its shorter side. Its format is read from its
    /// bytes; the centre square is kept.
    // Required, as the document says (`contract::MULTIPART_REQUIRED`):
    // optional here only so that the handler, not the framework, words
    // its absence.
    pub photo: Option<Upload>,
}

/// An uploaded photo, as stored.
#[derive(Debug, Object)]
pub struct UploadedPhoto {
    /// Refer to the photo by this id (`photo_id` of an application).
    pub photo_id: String,
    /// The photo as the site shows it (square JPEG, `width` × `height`).
    pub url: String,
    /// A tiny blurred version as a `data:image/jpeg;base64,…` URL, to show
    /// while `url` loads.
    pub placeholder: String,
    pub width: i64,
    pub height: i64,
}

impl From<MediaImage> for UploadedPhoto {
    fn from(m: MediaImage) -> Self {
        UploadedPhoto {
            url: media::public_url(&m.id),
            photo_id: m.id,
            placeholder: m.placeholder,
            width: m.width,
            height: m.height,
        }
    }
}

/// An answer type with what every upload may answer.
macro_rules! answers {
    ($name:ident { $($body:tt)* }) => {
        #[derive(ApiResponse)]
        pub enum $name {
            /// Stored under a new id.
            #[oai(status = 201)]
            Created(Json<UploadedPhoto>),
            /// The file is refused: `{"photo": ["message"]}`, saying why
            /// (no file sent, not a JPEG, PNG or WebP image, too many
            /// pixels, too small, damaged).
            #[oai(status = 400)]
            Invalid(Json<FieldErrors>),
            $($body)*
            /// The photo is larger than 5 MB.
            #[oai(status = 413)]
            TooLarge(Json<Detail>),
            /// Too many uploads (20 an hour); `Retry-After` says when to try again.
            #[oai(status = 429)]
            TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
        }

        impl From<Outcome> for $name {
            fn from(o: Outcome) -> Self {
                match o {
                    Outcome::Stored(m) => $name::Created(Json(m.into())),
                    Outcome::Refused(e) => $name::Invalid(Json(Fields::one("photo", e.to_string()).0)),
                    Outcome::Missing => $name::Invalid(Json(Fields::one("photo", PHOTO_REQUIRED).0)),
                    Outcome::TooLarge(e) => $name::TooLarge(Json(Detail::new(e.to_string()))),
                    Outcome::Limited(l) => {
                        let (d, r) = super::accounts::too_many(l);
                        $name::TooMany(d, r)
                    }
                }
            }
        }
    };
}

answers!(ApplicationPhotoResponse {});

answers!(MentorPhotoResponse {
    /// Signed in, but not as a mentor with a profile.
    #[oai(status = 403)]
    Forbidden(Json<Detail>),
});

/// How an upload went, before it is worded for one operation.
enum Outcome {
    Stored(MediaImage),
    Refused(PhotoError),
    /// No `photo` field.
    Missing,
    TooLarge(PhotoError),
    Limited(Limited),
}

pub struct MediaApi {
    pub state: Arc<AppState>,
}

impl MediaApi {
    /// Counts the upload against the account's limit, reads and stores it.
    async fn upload(
        &self,
        user_id: i64,
        purpose: MediaPurpose,
        body: PhotoUpload,
    ) -> poem::Result<Outcome> {
        // Nothing sent: nothing to count against the limit.
        let Some(photo) = body.photo else {
            return Ok(Outcome::Missing);
        };
        let now = self.state.clock.now();
        if let Err(l) = self
            .state
            .limiter
            .hit(media::UPLOADS_PER_USER, &user_id.to_string(), now)
            .await?
        {
            return Ok(Outcome::Limited(l));
        }
        if photo.size() > MAX_UPLOAD_BYTES {
            return Ok(Outcome::TooLarge(PhotoError::TooLarge));
        }
        let bytes = photo.into_vec().await.map_err(crate::error::internal)?;
        match media::upload(&self.state, user_id, purpose, bytes, now).await {
            Ok(m) => Ok(Outcome::Stored(m)),
            Err(UploadError::Photo(PhotoError::TooLarge)) => {
                Ok(Outcome::TooLarge(PhotoError::TooLarge))
            }
            Err(UploadError::Photo(e)) => Ok(Outcome::Refused(e)),
            Err(UploadError::Store(e)) => Err(e.into()),
            Err(e) => Err(crate::error::internal(e)),
        }
    }
}

#[OpenApi]
impl MediaApi {
    /// Upload a photo for an application
    ///
    /// For the application to become a mentor: send the returned
    /// `photo_id` with it. The photo is cut square and stored in the sizes
    /// the site shows; metadata (such as location) is not kept.
    #[oai(
        path = "/api/mentor-applications/photo/",
        method = "post",
        operation_id = "uploadApplicationPhoto",
        tag = "ApiTags::MentorApplications"
    )]
    async fn application_photo(
        &self,
        auth: SignedIn,
        body: PhotoUpload,
    ) -> poem::Result<ApplicationPhotoResponse> {
        let outcome = self
            .upload(auth.0.user.id, MediaPurpose::Application, body)
            .await?;
        Ok(outcome.into())
    }

    /// Upload my profile photo
    ///
    /// Becomes the mentor's photo at once: `GET /api/mentors/` and the
    /// profile page show it (`image_url`). The photo is cut square and
    /// stored in the sizes the site shows; metadata is not kept.
    #[oai(
        path = "/api/mentor/photo/",
        method = "post",
        operation_id = "uploadMentorPhoto",
        tag = "ApiTags::MentorDashboard"
    )]
    async fn mentor_photo(
        &self,
        auth: SignedIn,
        body: PhotoUpload,
    ) -> poem::Result<MentorPhotoResponse> {
        let mentor_id = or_forbidden!(auth.0.require_mentor(), MentorPhotoResponse);
        let outcome = self
            .upload(auth.0.user.id, MediaPurpose::Mentor, body)
            .await?;
        if let Outcome::Stored(m) = &outcome {
            let now = self.state.clock.now();
            self.state
                .store
                .set_mentor_photo(mentor_id, &m.id, &media::public_url(&m.id), now)
                .await?;
        }
        Ok(outcome.into())
    }
}

/// Browsers and proxies keep a stored photo for a year without asking
/// again: a new upload is a new id, so a file never changes.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `GET /media/photos/{id}/{size}.jpg`: one stored size of a photo.
#[handler]
pub async fn serve(
    Path((id, file)): Path<(String, String)>,
    state: Data<&Arc<AppState>>,
) -> poem::Result<Response> {
    let not_found = || crate::error::detail_response(StatusCode::NOT_FOUND, "Not found.");
    let size = file
        .strip_suffix(".jpg")
        .and_then(|s| s.parse::<u32>().ok())
        .filter(|s| SIZES.contains(s));
    let valid_id = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let Some(size) = size.filter(|_| valid_id) else {
        return Ok(not_found());
    };
    match state.media.get(&media::key(&id, size)).await {
        Ok(Some(bytes)) => Ok(Response::builder()
            .content_type("image/jpeg")
            .header(header::CACHE_CONTROL, IMMUTABLE)
            .body(bytes)),
        Ok(None) => Ok(not_found()),
        Err(e) => {
            tracing::error!(error = %e, "media storage: cannot read a photo");
            Err(crate::error::internal(e))
        }
    }
}

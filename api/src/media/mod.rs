//! Uploaded photos: checked, decoded and re-encoded by the server into the
//! sizes the site shows plus a tiny blurred placeholder ([`process`]), kept
//! behind one storage interface ([`MediaStorage`], on disk by default), and
//! served under `/media/photos/` with long cache lifetimes (a new upload
//! gets a new id, so a stored file never changes).

pub mod process;
pub use crate::media_storage as storage;

use chrono::{DateTime, Utc};
use thiserror::Error;

pub use process::{MAX_UPLOAD_BYTES, PhotoError};
pub use storage::{DiskStorage, MediaStorage};

use crate::auth::limits::Rule;
use crate::state::AppState;
use crate::store::StoreError;
use crate::store::media::{MediaImage, MediaPurpose};

/// The square sizes stored for each photo, in pixels: an avatar, the
/// cards and the profile page (twice the CSS size for sharp screens).
pub const SIZES: &[u32] = &[96, 240, 480];

/// The size [`public_url`] points at.
pub const MAIN_SIZE: u32 = 480;

/// The URL the site shows for an uploaded photo (the main size).
pub fn public_url(photo_id: &str) -> String {
    size_url(photo_id, MAIN_SIZE)
}

/// The URL of one stored size of a photo.
pub fn size_url(photo_id: &str, size: u32) -> String {
    format!("/media/photos/{photo_id}/{size}.jpg")
}

/// The API paths that take a photo: their bodies may be as large as
/// [`MAX_UPLOAD_BODY_BYTES`]; every other request keeps the API's small
/// limit (`crate::http::MAX_BODY_BYTES`).
pub const UPLOAD_PATHS: &[&str] = &["/api/mentor-applications/photo", "/api/mentor/photo"];

/// The largest body of an upload: the photo and the multipart framing.
pub const MAX_UPLOAD_BODY_BYTES: u64 = MAX_UPLOAD_BYTES as u64 + 64 * 1024;

/// The largest request body read at `path`, and what a larger one is told.
pub fn body_limit(path: &str) -> Option<(u64, String)> {
    UPLOAD_PATHS
        .contains(&path.trim_end_matches('/'))
        .then(|| (MAX_UPLOAD_BODY_BYTES, PhotoError::TooLarge.to_string()))
}

/// The storage key of one stored size of a photo.
pub fn key(photo_id: &str, size: u32) -> String {
    format!("photos/{photo_id}/{size}.jpg")
}

/// Photo uploads by one account: enough to try a few crops, not enough to
/// fill the disk.
pub const UPLOADS_PER_USER: Rule = Rule {
    name: "photo-upload",
    max: 20,
    window_secs: 3600,
};

/// Why an upload failed.
#[derive(Debug, Error)]
pub enum UploadError {
    /// The file is refused; the message is for the `photo` field.
    #[error(transparent)]
    Photo(#[from] PhotoError),
    #[error("media storage: {0}")]
    Storage(#[from] std::io::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("image processing stopped: {0}")]
    Task(#[from] tokio::task::JoinError),
}

/// Checks and re-encodes an uploaded photo (off the async threads), stores
/// every size, then records it under a new id. A failure after the files
/// were written removes them again.
pub async fn upload(
    state: &AppState,
    owner_user_id: i64,
    purpose: MediaPurpose,
    bytes: Vec<u8>,
    now: DateTime<Utc>,
) -> Result<MediaImage, UploadError> {
    let processed = tokio::task::spawn_blocking(move || process::process(&bytes)).await??;
    let id = crate::auth::tokens::random_id();
    let mut written = Vec::new();
    let stored: Result<MediaImage, UploadError> = async {
        for (size, jpeg) in processed.sizes {
            let key = key(&id, size);
            state.media.put(&key, jpeg).await?;
            written.push(key);
        }
        let image = MediaImage {
            id: id.clone(),
            owner_user_id,
            purpose,
            width: i64::from(processed.width),
            height: i64::from(processed.height),
            placeholder: processed.placeholder,
            created_at: now,
        };
        state.store.insert_media_image(&image).await?;
        Ok(image)
    }
    .await;
    if stored.is_err() {
        for key in &written {
            let _ = state.media.delete(key).await;
        }
    }
    stored
}

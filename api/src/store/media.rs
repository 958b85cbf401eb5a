//! Uploaded images (`media_images`): one row per upload, under a new random
//! id, describing files that live behind the media storage interface
//! (`crate::media::MediaStorage`). The row is written after the files, so a
//! row always has its files; files without a row (an upload that failed
//! half-way) are never linked to.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::{Store, StoreError, on_pool};

/// Who an image was uploaded for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaPurpose {
    /// A photo attached to an application to become a mentor.
    Application,
    /// A mentor's profile photo.
    Mentor,
}

impl MediaPurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            MediaPurpose::Application => "application",
            MediaPurpose::Mentor => "mentor",
        }
    }

    pub fn parse(s: &str) -> Option<MediaPurpose> {
        match s {
            "application" => Some(MediaPurpose::Application),
            "mentor" => Some(MediaPurpose::Mentor),
            _ => None,
        }
    }
}

/// An uploaded image as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaImage {
    pub id: String,
    pub owner_user_id: i64,
    pub purpose: MediaPurpose,
    /// Of the largest stored size, in pixels (the images are square).
    pub width: i64,
    pub height: i64,
    /// A tiny blurred version as a `data:` URL, shown while the image loads.
    pub placeholder: String,
    pub created_at: DateTime<Utc>,
}

#[derive(FromRow)]
struct MediaRow {
    id: String,
    owner_user_id: i64,
    purpose: String,
    width: i64,
    height: i64,
    placeholder: String,
    created_at: DateTime<Utc>,
}

impl TryFrom<MediaRow> for MediaImage {
    type Error = StoreError;

    fn try_from(r: MediaRow) -> Result<Self, StoreError> {
        let purpose = MediaPurpose::parse(&r.purpose).ok_or(StoreError::Corrupt {
            what: "media purpose",
            value: r.purpose.clone(),
        })?;
        Ok(MediaImage {
            id: r.id,
            owner_user_id: r.owner_user_id,
            purpose,
            width: r.width,
            height: r.height,
            placeholder: r.placeholder,
            created_at: r.created_at,
        })
    }
}

impl Store {
    /// The uploaded image with this id; [`StoreError::NotFound`] when there is none.
    pub async fn media_image(&self, id: &str) -> Result<MediaImage, StoreError> {
        let row = on_pool!(self, pool => sqlx::query_as::<_, MediaRow>(
            "SELECT id, owner_user_id, purpose, width, height, placeholder, created_at \
             FROM media_images WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await)?;
        row.ok_or(StoreError::NotFound)?.try_into()
    }

    /// Records an uploaded image (its files are already stored).
    pub async fn insert_media_image(&self, image: &MediaImage) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query(
            "INSERT INTO media_images (id, owner_user_id, purpose, width, height, placeholder, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&image.id)
        .bind(image.owner_user_id)
        .bind(image.purpose.as_str())
        .bind(image.width)
        .bind(image.height)
        .bind(&image.placeholder)
        .bind(image.created_at)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Makes an uploaded image this mentor's photo: `photo_id` and the
    /// `image_url` the catalogue shows, then marks the catalogue written so
    /// `GET /api/mentors/` shows it at once. [`StoreError::NotFound`] when
    /// there is no such mentor.
    pub async fn set_mentor_photo(
        &self,
        mentor_id: i64,
        photo_id: &str,
        image_url: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let done = on_pool!(self, pool => sqlx::query(
            "UPDATE mentors SET photo_id = $1, image_url = $2, updated_at = $3 WHERE id = $4",
        )
        .bind(photo_id)
        .bind(image_url)
        .bind(now)
        .bind(mentor_id)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        self.catalogue_written();
        Ok(())
    }
}

//! Uploaded photos: checked, decoded and re-encoded by the server into the
//! sizes the site shows plus a tiny blurred placeholder ([`process`]), kept
//! behind one storage interface ([`MediaStorage`], on disk by default), and
//! served under `/media/photos/` with long cache lifetimes (a new upload
//! gets a new id, so a stored file never changes).

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

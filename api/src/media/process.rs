//! From uploaded bytes to the stored sizes: the format is read from the
//! bytes themselves (a browser's `Content-Type` and the file's name prove
//! nothing), the decoder is held to [`MAX_PIXELS`] before it allocates (a
//! few kilobytes can claim a gigapixel), the camera's EXIF orientation is
//! applied, the centre square is cut and re-encoded as JPEG at each of
//! [`SIZES`](super::SIZES). Re-encoding keeps only pixels, so whatever
//! metadata came with the file (location, camera serial) is dropped.
//!
//! All of it is CPU work: the caller runs it off the async threads
//! (`tokio::task::spawn_blocking`).

use std::io::Cursor;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{
    DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits, Rgb, RgbImage,
};
use thiserror::Error;

use super::{MAIN_SIZE, SIZES};

/// The largest upload read, in bytes (5 MB).
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

/// The most pixels a photo may decode to (40 megapixels: any phone camera).
pub const MAX_PIXELS: u64 = 40_000_000;

/// The fewest pixels on a photo's shorter side.
pub const MIN_SIDE: u32 = 64;

/// JPEG quality of the stored sizes: no visible loss at these sizes.
pub const JPEG_QUALITY: u8 = 82;

/// The side of the blurred placeholder, in pixels.
pub const PLACEHOLDER_SIZE: u32 = 16;

/// A photo ready to store.
#[derive(Debug, Clone)]
pub struct Processed {
    /// `(side in pixels, JPEG bytes)` for each of [`SIZES`].
    pub sizes: Vec<(u32, Vec<u8>)>,
    /// The tiny blurred version as a `data:image/jpeg;base64,…` URL.
    pub placeholder: String,
    /// Of the main size (square).
    pub width: u32,
    pub height: u32,
}

/// Why an upload is refused; each message says what to do, for the
/// `photo` field.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PhotoError {
    #[error("The photo is empty. Choose an image file.")]
    Empty,
    #[error("The photo is larger than 5 MB. Choose a smaller image.")]
    TooLarge,
    #[error("This file is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.")]
    NotAnImage,
    #[error(
        "The image is too large: at most 40 megapixels (for example 7,700 × 5,200 pixels). Choose a smaller image."
    )]
    TooManyPixels,
    #[error("The image is too small: at least 64 × 64 pixels. Choose a larger photo.")]
    TooSmall,
    #[error("The image could not be read; the file may be damaged. Try another photo.")]
    Damaged,
}

/// Which of the accepted formats these bytes are, by their signature.
pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

/// Checks, decodes and re-encodes an uploaded photo.
pub fn process(bytes: &[u8]) -> Result<Processed, PhotoError> {
    let image = decode(bytes)?;
    let (w, h) = (image.width(), image.height());
    if w.min(h) < MIN_SIDE {
        return Err(PhotoError::TooSmall);
    }
    let side = w.min(h);
    // `DynamicImage`'s own methods, not the generic `imageops` functions:
    // those would be compiled (unoptimised in a debug build) in this crate.
    let square = image.crop_imm((w - side) / 2, (h - side) / 2, side, side);
    // Largest first, each from the one before: a 6,000-pixel photo is
    // resampled in full once, not once per size.
    let mut order: Vec<u32> = SIZES.to_vec();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let mut sizes: Vec<(u32, Vec<u8>)> = Vec::with_capacity(order.len());
    let mut source = square;
    for (i, size) in order.into_iter().enumerate() {
        let resized = source.resize_exact(size, size, FilterType::Lanczos3);
        // Flattened once, at the largest size (the smaller ones come from it).
        source = if i == 0 {
            DynamicImage::ImageRgb8(flatten(resized))
        } else {
            resized
        };
        sizes.push((size, jpeg(&source, JPEG_QUALITY)?));
    }
    sizes.sort_unstable_by_key(|(size, _)| *size);
    let tiny = source
        .resize_exact(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, FilterType::Triangle)
        .blur(1.2);
    let placeholder = format!(
        "data:image/jpeg;base64,{}",
        STANDARD.encode(jpeg(&tiny, 60)?)
    );
    Ok(Processed {
        sizes,
        placeholder,
        width: MAIN_SIZE,
        height: MAIN_SIZE,
    })
}

/// Decodes within the limits, the right way up.
fn decode(bytes: &[u8]) -> Result<DynamicImage, PhotoError> {
    if bytes.is_empty() {
        return Err(PhotoError::Empty);
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(PhotoError::TooLarge);
    }
    let format = sniff(bytes).ok_or(PhotoError::NotAnImage)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    // The decoded RGBA buffer of the largest allowed photo, and room for
    // the decoder's own working memory.
    limits.max_alloc = Some(MAX_PIXELS * 4 + 64 * 1024 * 1024);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (w, h) = decoder.dimensions();
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels);
    }
    // A missing or unreadable orientation leaves the photo as it is.
    let orientation = decoder.orientation().ok();
    let mut image = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    if let Some(orientation) = orientation {
        image.apply_orientation(orientation);
    }
    Ok(image)
}

/// A decoder's refusal in the uploader's terms.
fn refusal(e: ImageError) -> PhotoError {
    match e {
        ImageError::Limits(_) => PhotoError::TooManyPixels,
        ImageError::Unsupported(_) => PhotoError::NotAnImage,
        _ => PhotoError::Damaged,
    }
}

/// RGB on white: transparent parts of a PNG or WebP become white, not the
/// black their hidden colour channels often hold.
fn flatten(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let mut out = RgbImage::new(rgba.width(), rgba.height());
    for (dst, src) in out.pixels_mut().zip(rgba.pixels()) {
        let a = u16::from(src[3]);
        let over = |c: u8| ((u16::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        *dst = Rgb([over(src[0]), over(src[1]), over(src[2])]);
    }
    out
}

fn jpeg(image: &DynamicImage, quality: u8) -> Result<Vec<u8>, PhotoError> {
    let mut out = Vec::new();
    image
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
        .map_err(|_| PhotoError::Damaged)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, format).expect("encodes");
        out.into_inner()
    }

    #[test]
    fn knows_the_accepted_formats_by_their_bytes() {
        let png = encoded(DynamicImage::new_rgb8(4, 4), ImageFormat::Png);
        let jpg = encoded(DynamicImage::new_rgb8(4, 4), ImageFormat::Jpeg);
        assert_eq!(sniff(&png), Some(ImageFormat::Png));
        assert_eq!(sniff(&jpg), Some(ImageFormat::Jpeg));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(ImageFormat::WebP));
        assert_eq!(sniff(b"GIF89a"), None);
        assert_eq!(sniff(b"hello, this is text"), None);
    }

    #[test]
    fn makes_every_size_square_from_the_centre() {
        // A wide photo: red left and right, green in the centre square.
        let mut img = RgbImage::from_pixel(300, 100, Rgb([255, 0, 0]));
        for x in 100..200 {
            for y in 0..100 {
                img.put_pixel(x, y, Rgb([0, 255, 0]));
            }
        }
        let out =
            process(&encoded(DynamicImage::ImageRgb8(img), ImageFormat::Png)).expect("processed");
        assert_eq!(
            out.sizes.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
            SIZES.to_vec()
        );
        for (size, bytes) in &out.sizes {
            let back = image::load_from_memory(bytes).expect("a JPEG").into_rgb8();
            assert_eq!((back.width(), back.height()), (*size, *size));
            let corner = back.get_pixel(0, 0);
            assert!(corner[1] > 200 && corner[0] < 60, "{corner:?}");
        }
        assert!(out.placeholder.starts_with("data:image/jpeg;base64,"));
        assert!(out.placeholder.len() < 2000, "{}", out.placeholder.len());
    }

    #[test]
    fn transparency_becomes_white() {
        let img = DynamicImage::new_rgba8(80, 80);
        let out = process(&encoded(img, ImageFormat::Png)).expect("processed");
        let back = image::load_from_memory(&out.sizes[0].1)
            .expect("a JPEG")
            .into_rgb8();
        assert!(back.get_pixel(40, 40)[0] > 245);
    }

    #[test]
    fn refuses_what_is_not_a_photo() {
        assert_eq!(process(b"").expect_err("refused"), PhotoError::Empty);
        assert_eq!(
            process(b"just some text").expect_err("refused"),
            PhotoError::NotAnImage
        );
        let small = encoded(DynamicImage::new_rgb8(20, 200), ImageFormat::Png);
        assert_eq!(process(&small).expect_err("refused"), PhotoError::TooSmall);
        let mut png = encoded(DynamicImage::new_rgb8(100, 100), ImageFormat::Png);
        png.truncate(60);
        assert_eq!(process(&png).expect_err("refused"), PhotoError::Damaged);
    }

    #[test]
    fn refuses_a_decompression_bomb_before_decoding_it() {
        assert_eq!(
            process(&bomb_png(100_000, 100_000)).expect_err("refused"),
            PhotoError::TooManyPixels
        );
    }

    /// A PNG whose header claims `w × h` pixels, with no pixel data.
    pub fn bomb_png(w: u32, h: u32) -> Vec<u8> {
        fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
            out.extend_from_slice(&(data.len() as u32).to_be_bytes());
            let mut crc_input = kind.to_vec();
            crc_input.extend_from_slice(data);
            out.extend_from_slice(&crc_input);
            out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &ihdr);
        // The start of the pixels: a megabyte of zeros in a kilobyte.
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut z, &vec![0u8; 1 << 20]).expect("compresses");
        chunk(&mut out, b"IDAT", &z.finish().expect("compressed"));
        chunk(&mut out, b"IEND", &[]);
        out
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
}

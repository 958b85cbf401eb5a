//! Photo uploads over HTTP (issue 11): an applicant's and a mentor's,
//! real PNG and JPEG files made here, the stored sizes served back with
//! long cache lifetimes, and every refusal (not an image, too large, a
//! decompression bomb, too many uploads, the wrong caller, unknown and
//! crafted paths). Runs on SQLite and PostgreSQL.

use crate::{common, mentoring};
use std::io::Cursor;

use common::{Engine, Options, TestApp, spawn_app_with};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use mentoring::{People, catalogue, listed, people, spawn};
use serde_json::Value;

on_both_engines!(
    an_applicant_uploads_a_png_and_every_size_is_served,
    a_mentor_uploads_a_jpeg_and_the_catalogue_shows_it_at_once,
    a_file_that_is_not_an_image_is_refused_under_the_photo_field,
    a_photo_over_five_megabytes_is_refused_with_a_clear_message,
    a_decompression_bomb_is_refused_before_it_is_decoded,
    only_the_right_callers_may_upload,
    unknown_and_crafted_photo_paths_are_not_found,
    uploads_are_limited_per_account,
);

/// A `multipart/form-data` body with `bytes` as the `field` file.
fn multipart(field: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "media-test-boundary-5c1e";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Uploads `bytes` as the `photo` field to `path`: the status and the answer.
async fn upload(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    file_name: &str,
    bytes: &[u8],
) -> (u16, Value) {
    let (content_type, body) = multipart("photo", file_name, "image/png", bytes);
    let mut request = app
        .client
        .post(app.url(path))
        .header("content-type", content_type)
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    app.send(request).await
}

fn encoded(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).expect("encodes");
    out.into_inner()
}

/// A `w × h` photo: blue, with a yellow square in its centre.
fn photo(w: u32, h: u32) -> DynamicImage {
    let mut img = RgbImage::from_pixel(w, h, Rgb([30, 60, 200]));
    let side = w.min(h) / 2;
    for x in (w - side) / 2..(w + side) / 2 {
        for y in (h - side) / 2..(h + side) / 2 {
            img.put_pixel(x, y, Rgb([250, 220, 40]));
        }
    }
    DynamicImage::ImageRgb8(img)
}

/// Checks an upload's answer and fetches every stored size.
async fn check_served(app: &TestApp, answer: &Value) {
    let id = answer["photo_id"].as_str().expect("a photo id");
    assert_eq!(answer["url"], format!("/media/photos/{id}/480.jpg"));
    assert_eq!(
        (answer["width"].as_i64(), answer["height"].as_i64()),
        (Some(480), Some(480))
    );
    let placeholder = answer["placeholder"].as_str().expect("a placeholder");
    let encoded = placeholder
        .strip_prefix("data:image/jpeg;base64,")
        .expect("a JPEG data URL");
    let tiny = base64_decode(encoded);
    let tiny = image::load_from_memory(&tiny).expect("the placeholder is a JPEG");
    assert_eq!((tiny.width(), tiny.height()), (16, 16));
    for size in [96u32, 240, 480] {
        let resp = app.get(&format!("/media/photos/{id}/{size}.jpg")).await;
        assert_eq!(resp.status(), 200, "size {size}");
        let header = |name: &str| {
            resp.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        assert_eq!(header("content-type").as_deref(), Some("image/jpeg"));
        assert_eq!(
            header("cache-control").as_deref(),
            Some("public, max-age=31536000, immutable")
        );
        let bytes = resp.bytes().await.expect("bytes");
        assert_eq!(image::guess_format(&bytes).ok(), Some(ImageFormat::Jpeg));
        let served = image::load_from_memory(&bytes)
            .expect("decodes")
            .into_rgb8();
        assert_eq!((served.width(), served.height()), (size, size));
        // The centre square was kept: yellow in the middle, blue at the edge.
        let centre = served.get_pixel(size / 2, size / 2);
        let edge = served.get_pixel(1, size / 2);
        assert!(centre[0] > 200 && centre[2] < 100, "centre {centre:?}");
        assert!(edge[2] > 150 && edge[0] < 100, "edge {edge:?}");
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD
        .decode(s)
        .expect("base64")
}

async fn an_applicant_uploads_a_png_and_every_size_is_served(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { learner, .. } = people(&app).await;
    let png = encoded(photo(900, 600), ImageFormat::Png);
    let (status, answer) = upload(
        &app,
        "/api/mentor-applications/photo/",
        Some(&learner.token),
        "me.png",
        &png,
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    check_served(&app, &answer).await;
    let id = answer["photo_id"].as_str().expect("an id");
    let stored = app.store.media_image(id).await.expect("recorded");
    assert_eq!(stored.owner_user_id, learner.id);
    assert_eq!(stored.purpose, api::store::media::MediaPurpose::Application);
    assert_eq!(
        stored.placeholder,
        answer["placeholder"].as_str().unwrap_or_default()
    );
    // The slash-less spelling is the same operation.
    let (status, again) = upload(
        &app,
        "/api/mentor-applications/photo",
        Some(&learner.token),
        "me.png",
        &png,
    )
    .await;
    assert_eq!(status, 201, "{again}");
    assert_ne!(again["photo_id"], answer["photo_id"], "a new id per upload");
}

async fn a_mentor_uploads_a_jpeg_and_the_catalogue_shows_it_at_once(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let id = mentor.mentor();
    let (_, etag_before) = catalogue(&app).await;
    // Tall, sent with a misleading name and type: the bytes decide.
    let jpeg = encoded(photo(500, 800), ImageFormat::Jpeg);
    let (status, answer) = upload(
        &app,
        "/api/mentor/photo/",
        Some(&mentor.token),
        "me.png",
        &jpeg,
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    check_served(&app, &answer).await;
    let url = answer["url"].as_str().expect("a url");
    let (list, etag_after) = catalogue(&app).await;
    assert_ne!(etag_before, etag_after, "the catalogue changed");
    assert_eq!(listed(&list, id)["image_url"], url);
    let profile = app.get_json(&format!("/api/mentors/{id}/")).await;
    assert_eq!(profile["image_url"], url);
    let stored = app
        .store
        .media_image(answer["photo_id"].as_str().unwrap_or_default())
        .await
        .expect("recorded");
    assert_eq!(stored.purpose, api::store::media::MediaPurpose::Mentor);
}

async fn a_file_that_is_not_an_image_is_refused_under_the_photo_field(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People {
        learner, mentor, ..
    } = people(&app).await;
    let path = "/api/mentor-applications/photo/";
    let token = Some(learner.token.as_str());
    let (status, body) = upload(
        &app,
        path,
        token,
        "notes.png",
        b"These are my notes, not a photo.",
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let message = body["photo"][0].as_str().expect("a message under photo");
    assert!(message.contains("JPEG, PNG or WebP"), "{message}");
    // A GIF is an image, but not one the site takes.
    let gif = encoded(photo(100, 100), ImageFormat::Png);
    let mut gif_like = b"GIF89a".to_vec();
    gif_like.extend_from_slice(&gif[6..]);
    let (status, body) = upload(&app, path, token, "me.gif", &gif_like).await;
    assert_eq!(status, 400, "{body}");
    // Too small to show, and a damaged file, each say so.
    let tiny = encoded(photo(32, 32), ImageFormat::Png);
    let (status, body) = upload(&app, path, token, "tiny.png", &tiny).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["photo"][0]
            .as_str()
            .unwrap_or_default()
            .contains("too small"),
        "{body}"
    );
    let mut cut = encoded(photo(200, 200), ImageFormat::Png);
    cut.truncate(cut.len() / 2);
    let (status, body) = upload(&app, path, token, "cut.png", &cut).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["photo"][0]
            .as_str()
            .unwrap_or_default()
            .contains("damaged"),
        "{body}"
    );
    // Without the photo field at all: 400 under it, on both uploads.
    for (path, caller) in [(path, &learner), ("/api/mentor/photo/", &mentor)] {
        let (content_type, bytes) = multipart("picture", "me.png", "image/png", &tiny);
        let (status, body) = app
            .send(
                app.client
                    .post(app.url(path))
                    .bearer_auth(&caller.token)
                    .header("content-type", content_type)
                    .body(bytes),
            )
            .await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            body,
            serde_json::json!({ "photo": ["Choose a photo to upload."] }),
            "{path}"
        );
    }
    // Not multipart.
    let (status, body) = app
        .post_as(&learner.token, path, serde_json::json!({"photo": "x"}))
        .await;
    assert_eq!(status, 415, "{body}");
}

async fn a_photo_over_five_megabytes_is_refused_with_a_clear_message(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People {
        learner, mentor, ..
    } = people(&app).await;
    // Just over 5 MB of noise after a PNG signature: refused by its size
    // (the body as a whole is within the upload's allowance).
    let mut big = b"\x89PNG\r\n\x1a\n".to_vec();
    big.resize(5 * 1024 * 1024 + 1, 7);
    let (status, body) = upload(
        &app,
        "/api/mentor-applications/photo/",
        Some(&learner.token),
        "big.png",
        &big,
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(
        body["detail"],
        "The photo is larger than 5 MB. Choose a smaller image."
    );
    // Far over: refused by its declared length before a byte of it is read
    // (the client sends only the headers).
    let (status, body) = headers_only(
        &app,
        "POST /api/mentor/photo/",
        &mentor.token,
        8 * 1024 * 1024,
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(
        body["detail"],
        "The photo is larger than 5 MB. Choose a smaller image."
    );
    // Every other operation keeps the small limit.
    let (status, body) = headers_only(
        &app,
        "PATCH /api/mentor/profile/",
        &mentor.token,
        200 * 1024,
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["detail"], "The request body is too large.");
}

/// Sends only the headers of a multipart request declaring `length` bytes
/// of body, and reads the answer (the server must not wait for the body).
async fn headers_only(
    app: &TestApp,
    request_line: &str,
    token: &str,
    length: usize,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let (method, path) = request_line.split_once(' ').expect("a request line");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {length}\r\n\
         Connection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("writes");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("reads");
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// A PNG whose header claims `w × h` pixels, with a kilobyte that inflates
/// to a megabyte of zeros as its pixels.
fn bomb_png(w: u32, h: u32) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut typed = kind.to_vec();
        typed.extend_from_slice(data);
        out.extend_from_slice(&typed);
        let mut crc = 0xFFFF_FFFFu32;
        for &b in &typed {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        out.extend_from_slice(&(!crc).to_be_bytes());
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = w.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut z, &vec![0u8; 1 << 20]).expect("compresses");
    chunk(&mut out, b"IDAT", &z.finish().expect("compressed"));
    chunk(&mut out, b"IEND", &[]);
    out
}

async fn a_decompression_bomb_is_refused_before_it_is_decoded(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { learner, .. } = people(&app).await;
    for (w, h) in [(100_000, 100_000), (8_000, 6_000)] {
        let bomb = bomb_png(w, h);
        assert!(bomb.len() < 10_000);
        let (status, body) = upload(
            &app,
            "/api/mentor-applications/photo/",
            Some(&learner.token),
            "bomb.png",
            &bomb,
        )
        .await;
        assert_eq!(status, 400, "{w}×{h}: {body}");
        let message = body["photo"][0].as_str().unwrap_or_default();
        assert!(message.contains("40 megapixels"), "{message}");
    }
}

async fn only_the_right_callers_may_upload(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { learner, admin, .. } = people(&app).await;
    let png = encoded(photo(100, 100), ImageFormat::Png);
    for path in ["/api/mentor-applications/photo/", "/api/mentor/photo/"] {
        let (status, body) = upload(&app, path, None, "me.png", &png).await;
        assert_eq!(status, 401, "{path}: {body}");
    }
    for who in [&learner, &admin] {
        let (status, body) =
            upload(&app, "/api/mentor/photo/", Some(&who.token), "me.png", &png).await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(
            body["detail"],
            "You do not have permission to perform this action."
        );
    }
}

async fn unknown_and_crafted_photo_paths_are_not_found(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { learner, .. } = people(&app).await;
    let png = encoded(photo(100, 100), ImageFormat::Png);
    let (status, answer) = upload(
        &app,
        "/api/mentor-applications/photo/",
        Some(&learner.token),
        "me.png",
        &png,
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["photo_id"].as_str().expect("an id");
    for path in [
        "/media/photos/AAAAAAAAAAAAAAAAAAAAAA/480.jpg".to_owned(),
        format!("/media/photos/{id}/100.jpg"),
        format!("/media/photos/{id}/480.png"),
        format!("/media/photos/{id}/480"),
        "/media/photos/..%2F..%2Fmentorship.db/480.jpg".to_owned(),
        "/media/photos/%2E%2E/480.jpg".to_owned(),
        format!("/media/photos/{id}%2F..%2F{id}/480.jpg"),
    ] {
        let resp = app.get(&path).await;
        assert_eq!(resp.status(), 404, "{path}");
    }
}

async fn uploads_are_limited_per_account(engine: Engine) {
    let Some(app) = spawn_app_with(engine, Options::default()).await else {
        return;
    };
    let People {
        learner, mentor, ..
    } = people(&app).await;
    let path = "/api/mentor-applications/photo/";
    // Refused files count too: each costs the server a look.
    for _ in 0..20 {
        let (status, body) =
            upload(&app, path, Some(&learner.token), "x.png", b"not an image").await;
        assert_eq!(status, 400, "{body}");
    }
    let resp = {
        let (content_type, body) = multipart("photo", "x.png", "image/png", b"not an image");
        app.client
            .post(app.url(path))
            .bearer_auth(&learner.token)
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .expect("request")
    };
    assert_eq!(resp.status(), 429);
    let retry: i64 = resp
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((1..=3600).contains(&retry), "{retry}");
    // Someone else's allowance is their own.
    let png = encoded(photo(100, 100), ImageFormat::Png);
    let (status, body) = upload(
        &app,
        "/api/mentor/photo/",
        Some(&mentor.token),
        "me.png",
        &png,
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

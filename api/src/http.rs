//! HTTP details the handlers, the catalogue's fast path and the
//! composition root share, with no dependency on any of them: which
//! compression a client accepts, how large a body the API reads, and the
//! pages' Content-Security-Policy.

use poem::http::HeaderValue;
use poem::web::CompressionAlgo;

/// The largest request body the API reads: its JSON bodies are small, and
/// nobody should make the server buffer megabytes.
pub const MAX_BODY_BYTES: u64 = 64 * 1024;

/// The page's Content-Security-Policy, composed from what is configured:
/// the app loads only its own scripts (and compiles its own wasm module),
/// talks only to this server and cannot be framed; Google Identity
/// Services' origins are added when Google sign-in is configured, and
/// Razorpay Checkout's when it takes the payments: the origin of its script
/// (`RAZORPAY_CHECKOUT_URL`) in `script-src` and `frame-src`, the origin of
/// its API (`RAZORPAY_API_URL`) in `frame-src` and `connect-src`. Nothing
/// else.
pub fn content_security_policy(google: bool, razorpay: Option<(&str, &str)>) -> String {
    let own = |sources: &[&str]| sources.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let mut script = own(&["'self'", "'wasm-unsafe-eval'"]);
    let mut style = own(&["'self'", "'unsafe-inline'"]);
    let mut connect = own(&["'self'"]);
    let mut frame: Vec<String> = Vec::new();
    if google {
        script.push("https://accounts.google.com/gsi/client".into());
        style.push("https://accounts.google.com/gsi/style".into());
        connect.push("https://accounts.google.com/gsi/".into());
        frame.push("https://accounts.google.com/gsi/".into());
    }
    if let Some((checkout, api)) = razorpay {
        let add = |list: &mut Vec<String>, origin: Option<String>| {
            if let Some(origin) = origin
                && !list.contains(&origin)
            {
                list.push(origin);
            }
        };
        add(&mut script, origin_of(checkout));
        add(&mut frame, origin_of(checkout));
        add(&mut frame, origin_of(api));
        add(&mut connect, origin_of(api));
    }
    let mut policy = format!(
        "default-src 'self'; script-src {}; style-src {}; img-src 'self' data: blob:; connect-src {}; ",
        script.join(" "),
        style.join(" "),
        connect.join(" ")
    );
    if !frame.is_empty() {
        policy.push_str(&format!("frame-src {}; ", frame.join(" ")));
    }
    policy
        .push_str("object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
    policy
}

/// `https://host[:port]` of an http(s) URL; `None` for anything else.
fn origin_of(url: &str) -> Option<String> {
    let url = url::Url::parse(url.trim()).ok()?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return None;
    }
    Some(url.origin().ascii_serialization())
}

/// Brotli or gzip from `Accept-Encoding`, honouring q-values (q=0 refuses).
pub fn preferred_encoding(header: Option<&HeaderValue>) -> Option<CompressionAlgo> {
    let header = header?.to_str().ok()?;
    let mut best: Option<(u16, u8, CompressionAlgo)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let q = parts
            .find_map(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|v| v.trim().parse::<f32>().ok())
            })
            .unwrap_or(1.0);
        let weight = (q.clamp(0.0, 1.0) * 1000.0) as u16;
        let (rank, algo) = match name.as_str() {
            "br" => (2, CompressionAlgo::BR),
            "gzip" | "x-gzip" => (1, CompressionAlgo::GZIP),
            _ => continue,
        };
        if weight > 0 && best.is_none_or(|(w, r, _)| (weight, rank) > (w, r)) {
            best = Some((weight, rank, algo));
        }
    }
    best.map(|(_, _, algo)| algo)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(h: &str) -> Option<CompressionAlgo> {
        preferred_encoding(Some(&HeaderValue::from_str(h).expect("header")))
    }

    #[test]
    fn honours_the_clients_preference() {
        assert_eq!(pick("gzip, deflate, br"), Some(CompressionAlgo::BR));
        assert_eq!(pick("gzip"), Some(CompressionAlgo::GZIP));
        assert_eq!(pick("br;q=0.5, gzip;q=0.8"), Some(CompressionAlgo::GZIP));
        assert_eq!(pick("br;q=0, identity"), None);
        assert_eq!(pick("identity"), None);
        assert_eq!(preferred_encoding(None), None);
    }
}

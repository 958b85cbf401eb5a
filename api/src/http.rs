//! HTTP details the handlers, the catalogue's fast path and the
//! composition root share, with no dependency on any of them: which
//! compression a client accepts, and how large a body the API reads.

use poem::http::HeaderValue;
use poem::web::CompressionAlgo;

/// The largest request body the API reads: its JSON bodies are small, and
/// nobody should make the server buffer megabytes.
pub const MAX_BODY_BYTES: u64 = 64 * 1024;

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

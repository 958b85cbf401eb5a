//! The page's own inline scripts (the intro screen's clock and the line
//! that fetches the app's code once the page has painted, both written into
//! `index.html` by the web build) run under a Content-Security-Policy
//! without `'unsafe-inline'`: each is allowed by the SHA-256 of its text,
//! taken from the built `index.html` before anything of the request or the
//! catalogue goes into the page, so nothing injected into it can run.

use base64::Engine;
use sha2::{Digest, Sha256};

/// The policy's `'sha256-…'` source of every inline `<script>` (one without
/// `src`) in `html`, in page order; JSON data blocks
/// (`type="application/ld+json"`) are not scripts and are skipped.
pub fn hashes(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<script") {
        let Some(open_len) = rest[at..].find('>') else {
            break;
        };
        let open_end = at + open_len + 1;
        let Some(close_len) = rest[open_end..].find("</script>") else {
            break;
        };
        let close = open_end + close_len;
        let tag = &rest[at..open_end];
        if !tag.contains("src=") && !tag.contains("application/ld+json") {
            let digest = Sha256::digest(&rest.as_bytes()[open_end..close]);
            out.push(format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        rest = &rest[close..];
    }
    out
}

/// `policy` with `sources` added to its `script-src`.
pub fn allow(policy: &str, sources: &[String]) -> String {
    if sources.is_empty() {
        return policy.to_owned();
    }
    policy.replacen(
        "script-src ",
        &format!("script-src {} ", sources.join(" ")),
        1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_inline_script_is_allowed_by_its_hash_and_nothing_else() {
        let page = "<head><script type=\"application/ld+json\">{\"a\":1}</script>\
            <script type=\"module\" src=\"/assets/app.js\"></script></head>\
            <body><script>window.__introShownAt = Date.now();</script><p>x</p><script>boot()</script></body>";
        // echo -n 'window.__introShownAt = Date.now();' | openssl dgst -sha256 -binary | base64
        // echo -n 'boot()' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            hashes(page),
            [
                "'sha256-3TDrHFEpdTGCUv4nODAuRheJmNygC1J/kfRj8adQo5g='",
                "'sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY='",
            ]
        );
        assert_eq!(
            allow(
                "default-src 'self'; script-src 'self'; style-src 'self'",
                &hashes(page)[..1]
            ),
            "default-src 'self'; script-src 'sha256-3TDrHFEpdTGCUv4nODAuRheJmNygC1J/kfRj8adQo5g=' 'self'; style-src 'self'"
        );
        assert_eq!(allow("script-src 'self'", &[]), "script-src 'self'");
        assert!(hashes("<body><p>no scripts</p><script>unclosed").is_empty());
    }
}

//! What a mentor's profile page shows besides the card: which links are
//! safe to show, which open slots are still ahead, and how durations and
//! years are written.
//!
//! Replaces `safeUrl`, `upcomingSlots` (its filter and order),
//! `durationLabel` and `yearsLabel` in
//! `webapp/src/features/mentors/profile.ts`, and the copy of "No valid
//! mentor data received from API" in `webapp/src/features/mentors/api.ts`
//! ([`no_valid_mentor_data`], the crate's
//! [`crate::mentor_response::MSG_NO_VALID_MENTORS`]).

use std::fmt::Write as _;

use crate::mentor_response::MSG_NO_VALID_MENTORS;

/// The message for an answer that carries no usable mentor (SPEC §8).
#[crate::export(on_demand, learner)]
pub fn no_valid_mentor_data() -> &'static str {
    MSG_NO_VALID_MENTORS
}

/// Characters percent-encoded in a path, query or fragment (besides
/// controls, space and non-ASCII), as the WHATWG URL serializer does.
fn escape(out: &mut String, part: &str, extra: &[u8]) {
    for ch in part.chars() {
        if ch.is_ascii() && !ch.is_ascii_control() && ch != ' ' && !extra.contains(&(ch as u8)) {
            out.push(ch);
        } else {
            let mut buf = [0u8; 4];
            for b in ch.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
}

/// `/a/./b/../c` → `/a/c` (a path of a special URL, `\` already `/`).
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let last = segments.len().saturating_sub(1);
    for (i, seg) in segments.iter().enumerate() {
        let lower = seg.to_ascii_lowercase();
        let dot = *seg == "." || lower == "%2e";
        let dotdot = matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e");
        if dotdot {
            out.pop();
            if i == last {
                out.push("");
            }
        } else if dot {
            if i == last {
                out.push("");
            }
        } else {
            out.push(seg);
        }
    }
    format!("/{}", out.join("/"))
}

/// The address when it is a plain `http:` or `https:` URL (never
/// `javascript:`, `data:` and the like), written as a browser writes it
/// (`https://Atlas.example` → `https://atlas.example/`): scheme and host
/// lower-cased, a default port dropped, an empty path made `/`, dot
/// segments resolved, spaces and non-ASCII characters percent-encoded.
/// `None` for anything else.
///
/// Decisions where this differs from the web app's `new URL(value).href`:
/// an address with a user name or password (`https://bank.example@evil`)
/// is refused, since it only serves to mislead; a non-ASCII host is kept
/// as written (lower-cased) rather than converted to punycode, which the
/// browser does when the link is followed.
#[crate::export(on_demand, learner)]
pub fn safe_url(value: &str) -> Option<String> {
    // The URL parser drops leading and trailing controls and spaces, and
    // tabs and line breaks anywhere.
    let value: String = value
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let colon = value.find(':')?;
    let scheme = value[..colon].to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => "80",
        "https" => "443",
        _ => return None,
    };
    let rest = value[colon + 1..].trim_start_matches(['/', '\\']);
    let authority_end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    if authority.contains('@') {
        return None;
    }
    let (host, port) = match authority.rfind(':') {
        Some(i) if !authority.ends_with(']') => (&authority[..i], Some(&authority[i + 1..])),
        _ => (authority, None),
    };
    let host = host.to_lowercase();
    const FORBIDDEN: &str = " #%/:<>?@[\\]^|";
    // A bracketed IPv6 address holds hex digits, colons and (for an
    // embedded IPv4 address) dots, nothing else: the browser refuses
    // `[<x>]` or `[:\u{c}]`, so they are not passed on.
    let ipv6 = host.len() > 2
        && host.starts_with('[')
        && host.ends_with(']')
        && host[1..host.len() - 1].contains(':')
        && host[1..host.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
    if host.is_empty()
        || (!ipv6
            && host
                .chars()
                .any(|c| c.is_control() || c.is_whitespace() || FORBIDDEN.contains(c)))
    {
        return None;
    }
    let port = match port {
        None | Some("") => None,
        Some(p) if p.bytes().all(|b| b.is_ascii_digit()) => {
            let digits = p.trim_start_matches('0');
            if digits.len() > 5 {
                return None;
            }
            let n: u32 = digits.parse().unwrap_or(0);
            if n > 65_535 {
                return None;
            }
            let n = n.to_string();
            (n != default_port).then_some(n)
        }
        Some(_) => return None,
    };
    let (before_fragment, fragment) = match tail.find('#') {
        Some(i) => (&tail[..i], Some(&tail[i + 1..])),
        None => (tail, None),
    };
    let (path, query) = match before_fragment.find('?') {
        Some(i) => (&before_fragment[..i], Some(&before_fragment[i + 1..])),
        None => (before_fragment, None),
    };
    let path = path.replace('\\', "/");
    let path = if path.is_empty() {
        "/".to_owned()
    } else {
        remove_dot_segments(&path)
    };
    let mut out = format!("{scheme}://{host}");
    if let Some(port) = port {
        out.push(':');
        out.push_str(&port);
    }
    escape(&mut out, &path, b"\"#<>?`{}");
    if let Some(q) = query {
        out.push('?');
        escape(&mut out, q, b"\"#<>'");
    }
    if let Some(f) = fragment {
        out.push('#');
        escape(&mut out, f, b"\"<>`");
    }
    Some(out)
}

/// The open slots still ahead at `now_ms`, soonest first, at most `limit`,
/// as indices into the columns (`starts_ms[i]`, `ends_ms[i]`: slot `i`, in
/// milliseconds since the epoch; the caller parses the API's times). A
/// slot is left out when a time is missing or not a number, when it does
/// not end after it starts, or when it has started (start ≤ now). Equal
/// starts keep the API's order.
#[crate::export(on_demand, learner)]
pub fn upcoming_slots(starts_ms: &[f64], ends_ms: &[f64], now_ms: f64, limit: u32) -> Vec<u32> {
    let mut ahead: Vec<(u32, f64, f64)> = starts_ms
        .iter()
        .zip(ends_ms)
        .enumerate()
        .filter(|(_, (s, e))| s.is_finite() && e.is_finite() && *e > *s && **s > now_ms)
        .filter_map(|(i, (s, _))| Some((u32::try_from(i).ok()?, *s, 0.0)))
        .collect();
    // By start; equal starts by position, the API's order.
    crate::listing::sort_keyed(&mut ahead);
    ahead
        .into_iter()
        .take(limit as usize)
        .map(|(i, _, _)| i)
        .collect()
}

/// A session's length: `45 min`, `1 hr`, `1 hr 30 min`. Minutes are whole
/// and positive (the API's `duration_minutes`; others are not shown, so
/// they are floored and taken as 0 below 0).
#[crate::export(on_demand, learner)]
pub fn duration_label(minutes: f64) -> String {
    let minutes = if minutes.is_finite() && minutes > 0.0 {
        minutes.floor() as u64
    } else {
        0
    };
    let (hours, rest) = (minutes / 60, minutes % 60);
    match (hours, rest) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} hr"),
        (h, m) => format!("{h} hr {m} min"),
    }
}

/// The years of a role: `2021 – Present` (no end: current), `2017 – 2021`,
/// `2019` (only an end), or "" (neither).
#[crate::export(on_demand, learner)]
pub fn years_label(start_year: Option<f64>, end_year: Option<f64>) -> String {
    let year = |y: f64| crate::num::js_number(y);
    match (start_year, end_year) {
        (None, None) => String::new(),
        (None, Some(end)) => year(end),
        (Some(start), None) => format!("{} – Present", year(start)),
        (Some(start), Some(end)) => format!("{} – {}", year(start), year(end)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_web_addresses_are_safe() {
        assert_eq!(
            safe_url("https://atlas.example").as_deref(),
            Some("https://atlas.example/")
        );
        assert_eq!(
            safe_url("  HTTPS://Atlas.Example:443/a/./b/../c?q=1 2#x ").as_deref(),
            Some("https://atlas.example/a/c?q=1%202#x")
        );
        assert_eq!(
            safe_url("http://x.example:8080").as_deref(),
            Some("http://x.example:8080/")
        );
        assert_eq!(safe_url("javascript:alert(1)"), None);
        assert_eq!(safe_url("data:text/html,hi"), None);
        assert_eq!(safe_url("ftp://x.example"), None);
        assert_eq!(safe_url(""), None);
        assert_eq!(safe_url("https://"), None);
        assert_eq!(safe_url("https://a b.example"), None);
        assert_eq!(safe_url("https://x.example:99999"), None);
        // Found by the `urls` fuzz target: anything between brackets passed
        // as an IPv6 host, controls and markup included.
        assert_eq!(safe_url("http://[:\u{c}\u{c}]/y"), None);
        assert_eq!(safe_url("http://[<b>]/"), None);
        // Also found by it: white space other than ASCII's (U+3000) in a host.
        assert_eq!(safe_url("http://a\u{3000}b.example/"), None);
        assert_eq!(safe_url("http://a\u{a0}b.example/"), None);
        assert_eq!(safe_url("http://[\"x]/"), None);
        assert_eq!(
            safe_url("http://[::1]:8080/").as_deref(),
            Some("http://[::1]:8080/")
        );
        assert_eq!(
            safe_url("http://[::FFFF:127.0.0.1]/").as_deref(),
            Some("http://[::ffff:127.0.0.1]/")
        );
        assert_eq!(safe_url("https://bank.example@evil.example"), None);
        assert_eq!(
            safe_url("https://www.linkedin.com/in/pallavi-demo").as_deref(),
            Some("https://www.linkedin.com/in/pallavi-demo")
        );
    }

    #[test]
    fn slots_ahead_soonest_first() {
        let starts = [300.0, 100.0, 50.0, 200.0, f64::NAN, 200.0];
        let ends = [400.0, 150.0, 60.0, 190.0, 500.0, 260.0];
        assert_eq!(upcoming_slots(&starts, &ends, 50.0, 10), vec![1, 5, 0]);
        assert_eq!(upcoming_slots(&starts, &ends, 50.0, 2), vec![1, 5]);
    }

    #[test]
    fn labels() {
        assert_eq!(duration_label(45.0), "45 min");
        assert_eq!(duration_label(60.0), "1 hr");
        assert_eq!(duration_label(90.0), "1 hr 30 min");
        assert_eq!(years_label(Some(2021.0), None), "2021 – Present");
        assert_eq!(years_label(None, Some(2019.0)), "2019");
        assert_eq!(years_label(None, None), "");
    }
}

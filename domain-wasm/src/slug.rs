//! Mentor URLs: `/mentors/{id}-{slug}`.
//!
//! The slug is the mentor's name in lower case. Letters and digits of any
//! script are kept (`José Núñez` → `josé-núñez`; browsers show them as typed
//! and percent-encode them on the wire); every run of anything else — spaces,
//! punctuation, symbols — becomes one `-`, with none at either end. A name
//! with no letters or digits has an empty slug and the URL is `/mentors/{id}`.
//! Only the id identifies the mentor: a stale or missing slug is redirected
//! to the canonical one.

/// The URL slug of a mentor's name.
#[crate::export]
pub fn slugify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_dash = false;
    for c in name.chars() {
        if c.is_alphanumeric() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            let start = out.len();
            crate::bindings::push_lowercase(&mut out, c);
            // `İ` lower-cases to `i` and a combining dot (U+0307), which is
            // not a letter: keep the letters only, so a slug is letters,
            // digits and dashes and slugifying it again changes nothing.
            if !out[start..].chars().all(char::is_alphanumeric) {
                let letters: String = out[start..]
                    .chars()
                    .filter(|c| c.is_alphanumeric())
                    .collect();
                out.truncate(start);
                out.push_str(&letters);
            }
        } else {
            pending_dash = true;
        }
    }
    out
}

/// The canonical path of a mentor's page.
pub fn mentor_path(id: u64, name: &str) -> String {
    let slug = slugify(name);
    if slug.is_empty() {
        format!("/mentors/{id}")
    } else {
        format!("/mentors/{id}-{slug}")
    }
}

/// The mentor id in the last segment of `/mentors/{id}-{slug}` (`"42-asha-rao"`
/// → 42, `"42"` → 42). `None` when the segment does not start with an id.
pub fn parse_mentor_segment(segment: &str) -> Option<u64> {
    let digits_end = segment
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(segment.len());
    if digits_end == 0 {
        return None;
    }
    let rest = &segment[digits_end..];
    if !(rest.is_empty() || rest.starts_with('-')) {
        return None;
    }
    segment[..digits_end].parse().ok()
}

/// Largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// `/mentors/{id}-{slug}`. Throws for an id that is not a whole number.
#[crate::export(home, learner, js_name = "mentorPath")]
pub fn mentor_path_of(id: f64, name: &str) -> Result<String, crate::bindings::BadInput> {
    if id.is_finite() && id >= 0.0 && id.fract() == 0.0 && id <= MAX_SAFE_INTEGER as f64 {
        Ok(mentor_path(id as u64, name))
    } else {
        Err(crate::bindings::bad(format!(
            "a mentor id must be a whole number, got {}",
            crate::num::js_number(id)
        )))
    }
}

/// The id in `42-asha-rao`, or undefined.
#[crate::export(home, learner, js_name = "parseMentorSegment")]
pub fn mentor_id_in(segment: &str) -> Option<f64> {
    parse_mentor_segment(segment)
        .filter(|id| *id <= MAX_SAFE_INTEGER)
        .map(|id| id as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn slugs_read_like_names() {
        assert_eq!(slugify("Asha Rao"), "asha-rao");
        assert_eq!(slugify("  Dr. K. S. Iyer, PhD "), "dr-k-s-iyer-phd");
        assert_eq!(slugify("José Núñez"), "josé-núñez");
        assert_eq!(slugify("!!!"), "");
        assert_eq!(mentor_path(7, "!!!"), "/mentors/7");
    }

    #[test]
    fn a_letter_that_lower_cases_with_a_mark_keeps_only_letters() {
        // Found by the `slug` fuzz target: `İ` gave `i` + U+0307, and the
        // mark became a dash when the slug was slugified again.
        assert_eq!(slugify("İlker Öz"), "ilker-öz");
        assert_eq!(slugify(&slugify("İlker Öz")), "ilker-öz");
    }

    #[test]
    fn segments_parse_back_to_ids() {
        assert_eq!(parse_mentor_segment("42-asha-rao"), Some(42));
        assert_eq!(parse_mentor_segment("42"), Some(42));
        assert_eq!(parse_mentor_segment("42x"), None);
        assert_eq!(parse_mentor_segment("asha"), None);
        assert_eq!(parse_mentor_segment("99999999999999999999999"), None);
    }

    proptest! {
        #[test]
        fn every_mentor_path_parses_back(id in any::<u64>(), name in ".{0,40}") {
            let path = mentor_path(id, &name);
            let segment = path.strip_prefix("/mentors/").unwrap_or_default();
            prop_assert_eq!(parse_mentor_segment(segment), Some(id));
            prop_assert!(!path.contains(' ') && !path.contains('/') || path.matches('/').count() == 2);
        }
    }
}

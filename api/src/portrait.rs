//! Portraits for mentors without a photo: their initials on a colour drawn
//! from their id, as SVG served by this server (no outside image hosts).

use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{IntoResponse, Response, handler};

use crate::state::AppState;
use crate::store::StoreError;

/// Background gradients; each pair keeps white initials above 4.5:1 contrast.
const PALETTE: &[(&str, &str)] = &[
    ("#4338ca", "#6d28d9"),
    ("#0f766e", "#115e59"),
    ("#b45309", "#9a3412"),
    ("#be123c", "#9f1239"),
    ("#1d4ed8", "#1e40af"),
    ("#7c3aed", "#5b21b6"),
    ("#047857", "#065f46"),
    ("#c2410c", "#9a3412"),
];

/// Honorifics skipped when taking initials.
const TITLES: &[&str] = &["dr", "prof", "mr", "mrs", "ms", "mx", "ca", "adv"];

pub fn initials(name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| c.is_whitespace())
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .filter(|w| {
            let bare: String = w.chars().filter(|c| c.is_alphanumeric()).collect();
            !TITLES.contains(&bare.to_lowercase().as_str())
        })
        .collect();
    let first_letter = |w: &str| {
        w.chars()
            .find(|c| c.is_alphanumeric())
            .map(|c| c.to_uppercase().collect::<String>())
    };
    match words.as_slice() {
        [] => "?".to_owned(),
        [only] => first_letter(only).unwrap_or_default(),
        [first, .., last] => format!(
            "{}{}",
            first_letter(first).unwrap_or_default(),
            first_letter(last).unwrap_or_default()
        ),
    }
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub fn portrait_svg(id: i64, name: &str) -> String {
    let (from, to) = PALETTE[id.unsigned_abs() as usize % PALETTE.len()];
    let text = escape_xml(&initials(name));
    let label = escape_xml(name);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="{label}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/><circle cx="330" cy="70" r="120" fill="#fff" fill-opacity=".08"/><text x="200" y="200" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="112" font-weight="600" letter-spacing="4" fill="#fff">{text}</text></svg>"##
    )
}

#[handler]
pub async fn serve(
    Path(file): Path<String>,
    state: Data<&Arc<AppState>>,
) -> poem::Result<Response> {
    let not_found = || StatusCode::NOT_FOUND.into_response();
    let Some(id) = file
        .strip_suffix(".svg")
        .and_then(|s| s.parse::<i64>().ok())
    else {
        return Ok(not_found());
    };
    match state.store.mentor_name(id).await {
        Ok(name) => Ok(Response::builder()
            .content_type("image/svg+xml")
            .header(header::CACHE_CONTROL, "public, max-age=86400")
            .body(portrait_svg(id, &name))),
        Err(StoreError::NotFound) => Ok(not_found()),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_skip_titles_and_punctuation() {
        assert_eq!(initials("Asha Rao"), "AR");
        assert_eq!(initials("Dr. Kavita S. Iyer"), "KI");
        assert_eq!(initials("zoë"), "Z");
        assert_eq!(initials("  "), "?");
    }

    #[test]
    fn names_cannot_inject_markup() {
        let svg = portrait_svg(1, "<script>alert(1)</script> & co");
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;"));
    }
}

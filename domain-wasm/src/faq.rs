//! The home page FAQ (SPEC §2, §9): how many questions show before "Show
//! More Questions", how long answers are cut, and which one is open.

/// Questions shown collapsed on phones, tablets and touch screens.
pub const COLLAPSED: u32 = 4;
/// Questions shown collapsed on large screens without touch.
pub const COLLAPSED_LARGE: u32 = 6;
/// A "large screen" is at least this wide in CSS pixels.
pub const LARGE_MIN_WIDTH: f64 = 1024.0;
/// Answers longer than this many characters are cut behind "Read More".
pub const TRUNCATE_AT: usize = 300;
/// A paragraph is cut part-way only when at least this many characters of
/// the budget remain; otherwise the preview stops at the previous paragraph.
pub const MIN_PARTIAL: usize = 20;

pub const READ_MORE: &str = "Read More";
pub const READ_LESS: &str = "Read Less";

/// How many questions show before the list is expanded.
#[crate::export(js_name = "faqCollapsedCount", on_demand)]
pub fn collapsed_count(viewport_width: f64, touch: bool) -> u32 {
    if viewport_width >= LARGE_MIN_WIDTH && !touch {
        COLLAPSED_LARGE
    } else {
        COLLAPSED
    }
}

/// `Show More Questions (N more)`, or `None` when every question shows.
pub fn show_more_label(total: u32, visible: u32) -> Option<String> {
    (total > visible).then(|| format!("Show More Questions ({} more)", total - visible))
}

/// One answer open at a time: clicking the open one closes it, clicking
/// another opens it instead.
pub fn toggle(open: Option<u32>, clicked: u32) -> Option<u32> {
    if open == Some(clicked) {
        None
    } else {
        Some(clicked)
    }
}

/// An answer as first shown.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Preview {
    pub text: String,
    /// Whether "Read More" is offered.
    pub truncated: bool,
}

/// The preview of an answer. Answers of at most 300 characters show whole.
/// Longer ones keep whole paragraphs (separated by blank lines) while they
/// fit in 300 characters; the paragraph that does not fit is cut at a word
/// boundary and ends with `…` if at least 20 characters of the budget
/// remain, and left out otherwise (so no preview ends on a sliver). A first
/// paragraph longer than 300 characters is always cut part-way.
#[crate::export(js_name = "faqPreview", on_demand)]
pub fn preview(answer: &str) -> Preview {
    if answer.chars().count() <= TRUNCATE_AT {
        return Preview {
            text: answer.to_owned(),
            truncated: false,
        };
    }
    let mut budget = TRUNCATE_AT;
    let mut kept: Vec<String> = Vec::new();
    for paragraph in answer
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let len = paragraph.chars().count();
        if len <= budget {
            kept.push(paragraph.to_owned());
            budget -= len;
            continue;
        }
        if budget >= MIN_PARTIAL || kept.is_empty() {
            kept.push(cut_at_word(paragraph, budget));
        }
        break;
    }
    Preview {
        text: kept.join("\n\n"),
        truncated: true,
    }
}

/// At most `limit` characters of `text` ending at a word boundary, then `…`.
fn cut_at_word(text: &str, limit: usize) -> String {
    let end = text
        .char_indices()
        .nth(limit)
        .map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    // Cut at the last space when the limit falls inside a word.
    let inside_word = text[end..].starts_with(|c: char| !c.is_whitespace());
    let head = match head.rfind(char::is_whitespace) {
        Some(space) if inside_word && space > 0 => &head[..space],
        _ => head,
    };
    let head = head
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '-' | '–'));
    format!("{head}…")
}

/// `Show More Questions (N more)`, or undefined when all show.
#[crate::export(on_demand)]
pub fn faq_show_more_label(
    total: f64,
    visible: f64,
) -> Result<Option<String>, crate::bindings::BadInput> {
    use crate::bindings::count;
    Ok(show_more_label(
        count(total, "total")?,
        count(visible, "visible")?,
    ))
}

/// The open question after a click (undefined: none open).
#[crate::export(on_demand)]
pub fn faq_toggle(
    open: Option<f64>,
    clicked: f64,
) -> Result<Option<u32>, crate::bindings::BadInput> {
    use crate::bindings::count;
    let open = open.map(|o| count(o, "open")).transpose()?;
    Ok(toggle(open, count(clicked, "clicked")?))
}

/// `Read More` / `Read Less`.
#[crate::export(on_demand)]
pub fn faq_read_toggle_label(expanded: bool) -> &'static str {
    if expanded { READ_LESS } else { READ_MORE }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn large_non_touch_screens_show_six() {
        assert_eq!(collapsed_count(1280.0, false), 6);
        assert_eq!(collapsed_count(1280.0, true), 4);
        assert_eq!(collapsed_count(1023.0, false), 4);
        assert_eq!(
            show_more_label(15, 4).as_deref(),
            Some("Show More Questions (11 more)")
        );
        assert_eq!(show_more_label(15, 15), None);
    }

    #[test]
    fn one_answer_open_at_a_time() {
        assert_eq!(toggle(None, 2), Some(2));
        assert_eq!(toggle(Some(2), 2), None);
        assert_eq!(toggle(Some(2), 5), Some(5));
    }

    #[test]
    fn answers_at_the_limit_show_whole() {
        let exact = "a".repeat(300);
        assert_eq!(
            preview(&exact),
            Preview {
                text: exact.clone(),
                truncated: false
            }
        );
        let over = format!("{} {}", "word ".repeat(60).trim_end(), "tail"); // 299 + 5 = 304 chars
        assert_eq!(over.chars().count(), 304);
        let p = preview(&over);
        assert!(p.truncated);
        assert!(p.text.ends_with('…') && p.text.chars().count() <= 301);
        assert!(!p.text.contains("tail"));
    }

    #[test]
    fn a_sliver_of_a_paragraph_is_left_out() {
        let first = "x".repeat(285); // leaves 15 < 20
        let answer =
            format!("{first}\n\nSecond paragraph that is long enough to be cut somewhere.");
        assert_eq!(preview(&answer).text, first);
        let first = "x".repeat(270); // leaves 30 ≥ 20
        let answer =
            format!("{first}\n\nSecond paragraph that is long enough to be cut somewhere.");
        assert_eq!(
            preview(&answer).text,
            format!("{first}\n\nSecond paragraph that is long…")
        );
    }

    proptest! {
        #[test]
        fn previews_never_exceed_the_budget(words in proptest::collection::vec("[a-zé]{1,12}", 0..120), breaks in any::<u64>()) {
            let mut answer = String::new();
            for (i, w) in words.iter().enumerate() {
                if i > 0 { answer.push_str(if breaks >> (i % 64) & 1 == 1 && i % 7 == 0 { "\n\n" } else { " " }); }
                answer.push_str(w);
            }
            let p = preview(&answer);
            prop_assert_eq!(p.truncated, answer.chars().count() > TRUNCATE_AT);
            if p.truncated {
                // the budget counts paragraph text; the ellipsis and separators come on top
                let body: usize = p.text.split("\n\n").map(|s| s.trim_end_matches('…').chars().count()).sum();
                prop_assert!(body <= TRUNCATE_AT);
            } else {
                prop_assert_eq!(p.text, answer);
            }
        }
    }
}

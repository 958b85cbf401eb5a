//! The home page's figures (SPEC §2 items 1 and 2): reading the answer of
//! `GET /api/stats/`, writing each figure (`150+`, `4.8/5`, `98%`, `<24h`,
//! Indian digit grouping), which figures show, and the count-up's timing
//! (SPEC §9: 2000 ms).
//!
//! Replaces `webapp/src/features/home/stats.ts` (`parseSiteStats`, the
//! formats, `countUpStats`, `heroFigures`, `toLocaleString("en-IN")`,
//! `easeOutCubic`, `countUpFraction`, `countUpValue`, `COUNT_UP_MS`) and the
//! timing of `useCountUp.ts`. Every figure shown is one the database
//! supports: a figure the API sends as null is left out, never replaced by
//! a marketing number; the only fixed item is the `<24h` response time.

use serde::Serialize;

use crate::bindings::{BadInput, FromJson, bad};
use crate::json::{Json, ParseJson};
use crate::labels::rating_label;
use crate::money::group_indian;
use crate::num::js_number;

/// How long the figures count up (SPEC §9).
pub const COUNT_UP_MS: u32 = 2000;
/// The fixed average response time (a service promise, not a measurement).
pub const RESPONSE_TIME: &str = "<24h";

/// Below these a figure is left out rather than shown small (issue 21: the
/// home page announced "6 sessions completed"): at least this many mentors…
pub const MIN_MENTORS: f64 = 10.0;
/// …rated mentors behind an average rating…
pub const MIN_RATED_MENTORS: f64 = 5.0;
/// …completed sessions…
pub const MIN_COMPLETED_SESSIONS: f64 = 100.0;
/// …and countries.
pub const MIN_COUNTRIES: f64 = 5.0;

/// The smallest value of each figure the home page shows (`mentors`,
/// `rated_mentors`, `completed_sessions`, `countries`); the vectors of
/// `heroFigures` and `countUpStats` hold them at and under each. The share of positive feedback has its own threshold on
/// the server (enough feedback to be a share), which sends null below it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FigureThresholds {
    pub mentors: f64,
    pub rated_mentors: f64,
    pub completed_sessions: f64,
    pub countries: f64,
}

/// [`MIN_MENTORS`] and the other thresholds in one object.
pub fn figure_thresholds() -> FigureThresholds {
    FigureThresholds {
        mentors: MIN_MENTORS,
        rated_mentors: MIN_RATED_MENTORS,
        completed_sessions: MIN_COMPLETED_SESSIONS,
        countries: MIN_COUNTRIES,
    }
}

/// [`COUNT_UP_MS`], for JavaScript.
#[crate::export]
pub fn count_up_ms() -> u32 {
    COUNT_UP_MS
}

/// The answer of `GET /api/stats/`, checked (field names as the API's).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct SiteStats {
    pub mentors: f64,
    pub rated_mentors: f64,
    /// `None` (left out) when unknown or above 5.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average_rating: Option<f64>,
    pub completed_sessions: f64,
    /// `None` (left out) when unknown or above 100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positive_feedback_percent: Option<f64>,
    /// `None` (left out) when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub countries: Option<f64>,
}

fn count(v: Option<&Json>) -> Option<f64> {
    v?.as_f64().filter(|n| n.is_finite() && *n >= 0.0)
}

/// `Some(None)` for null (or a missing field when `missing_is_null`),
/// `Some(Some(n))` for a count, `None` otherwise.
fn optional(v: Option<&Json>, missing_is_null: bool) -> Option<Option<f64>> {
    match v {
        Some(Json::Null) => Some(None),
        None if missing_is_null => Some(None),
        other => count(other).map(Some),
    }
}

/// The stats from the API's JSON, or `None` when the answer is not what
/// the API documents (then no figure is shown at all): every count a
/// finite number ≥ 0, the optional ones such a number or null. An average
/// above 5 or a percentage above 100 is read as unknown.
pub fn site_stats_of(json: &Json) -> Option<SiteStats> {
    read_stats(json, false)
}

/// The optional figures must be present (as null) in the API's answer; in
/// stats handed back by JavaScript they may be left out.
fn read_stats(json: &Json, missing_is_null: bool) -> Option<SiteStats> {
    if !matches!(json, Json::Object(_)) {
        return None;
    }
    let average = optional(json.get("average_rating"), missing_is_null)?;
    let positive = optional(json.get("positive_feedback_percent"), missing_is_null)?;
    Some(SiteStats {
        mentors: count(json.get("mentors"))?,
        rated_mentors: count(json.get("rated_mentors"))?,
        average_rating: average.filter(|a| *a <= 5.0),
        completed_sessions: count(json.get("completed_sessions"))?,
        positive_feedback_percent: positive.filter(|p| *p <= 100.0),
        countries: optional(json.get("countries"), missing_is_null)?,
    })
}

/// [`site_stats_of`] with the given JSON parser.
pub fn parse_site_stats_with(parser: &impl ParseJson, json_text: &str) -> Option<SiteStats> {
    site_stats_of(&parser.parse_json(json_text)?)
}

/// The stats from the answer's text (`undefined` when it is not JSON or
/// not what the API documents; see [`site_stats_of`]).
#[crate::export]
pub fn parse_site_stats(json_text: &str) -> Option<SiteStats> {
    parse_site_stats_with(&crate::bindings::PLATFORM_JSON, json_text)
}

/// Stats from JavaScript: `undefined`/`null` for none, else an object as
/// [`parse_site_stats`] returns it (unknown figures left out or null).
impl FromJson for Option<SiteStats> {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        match json {
            Json::Null => Ok(None),
            other => read_stats(other, true)
                .map(Some)
                .ok_or_else(|| bad("site stats must be what parseSiteStats returns")),
        }
    }
}

/// `Math.round`: half rounds up.
fn js_round(v: f64) -> f64 {
    (v + 0.5).floor()
}

/// A count as `toLocaleString("en-IN")` writes it: Indian digit grouping
/// (`1,23,456`), at most three decimals.
#[crate::export(home, learner)]
pub fn format_count(value: f64) -> String {
    if !value.is_finite() {
        return js_number(value);
    }
    let negative = value < 0.0;
    let thousandths = js_round(value.abs() * 1000.0);
    if thousandths >= 9.0e18 {
        return js_number(value);
    }
    let thousandths = thousandths as u64;
    let (whole, frac) = (thousandths / 1000, thousandths % 1000);
    let mut out = String::new();
    if negative && thousandths != 0 {
        out.push('-');
    }
    out.push_str(&group_indian(whole));
    if frac != 0 {
        let f = format!("{frac:03}");
        out.push('.');
        out.push_str(f.trim_end_matches('0'));
    }
    out
}

/// `150+`.
#[crate::export]
pub fn format_mentors(value: f64) -> String {
    format!("{}+", js_number(js_round(value)))
}

/// `4.8/5`, one decimal by the rating rule.
#[crate::export]
pub fn format_rating(value: f64) -> String {
    format!("{}/5", rating_label(value, false))
}

/// `98%`.
#[crate::export]
pub fn format_percent(value: f64) -> String {
    format!("{}%", js_number(js_round(value)))
}

/// The figures of the count-up band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum StatId {
    Mentors,
    Rating,
    Positive,
    Response,
}

impl FromJson for StatId {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        match json.as_str() {
            Some("mentors") => Ok(StatId::Mentors),
            Some("rating") => Ok(StatId::Rating),
            Some("positive") => Ok(StatId::Positive),
            Some("response") => Ok(StatId::Response),
            _ => Err(bad(format!(
                "unknown figure {json}: use \"mentors\", \"rating\", \"positive\" or \"response\""
            ))),
        }
    }
}

/// The text of a figure for a value on its way to its target (and for
/// the target itself).
#[crate::export]
pub fn format_stat(id: StatId, value: f64) -> String {
    match id {
        StatId::Mentors => format_mentors(value),
        StatId::Rating => format_rating(value),
        StatId::Positive => format_percent(value),
        StatId::Response => RESPONSE_TIME.to_owned(),
    }
}

/// One figure of the count-up band.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct CountUpStat {
    pub id: StatId,
    pub label: String,
    /// What the figure means, in a sentence.
    pub detail: String,
    /// The value counted up to; `None` (left out) for a fixed text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<f64>,
    /// The final text, as screen readers read it from the start.
    #[serde(rename = "final")]
    pub final_text: String,
}

/// The count-up band's figures in spec order: active mentors, average
/// rating, positive response (each only when the database has it and it
/// reaches its threshold, [`figure_thresholds`]), then the fixed `<24h`
/// response time.
#[crate::export]
pub fn count_up_stats(stats: Option<SiteStats>) -> Vec<CountUpStat> {
    let mut items = Vec::new();
    let mut push = |id, label: &str, detail: String, target: Option<f64>| {
        let final_text = format_stat(id, target.unwrap_or(0.0));
        items.push(CountUpStat {
            id,
            label: label.to_owned(),
            detail,
            target,
            final_text,
        });
    };
    if let Some(s) = stats {
        if s.mentors >= MIN_MENTORS {
            push(
                StatId::Mentors,
                "Active mentors",
                "Vetted practitioners, each reviewed before their first booking".to_owned(),
                Some(s.mentors),
            );
        }
        if let Some(avg) = s
            .average_rating
            .filter(|_| s.rated_mentors >= MIN_RATED_MENTORS)
        {
            push(
                StatId::Rating,
                "Average rating",
                format!(
                    "Across {} mentors rated by their mentees",
                    js_number(s.rated_mentors)
                ),
                Some(avg),
            );
        }
        if let Some(p) = s.positive_feedback_percent {
            push(
                StatId::Positive,
                "Positive response",
                "Of session feedback from mentees".to_owned(),
                Some(p),
            );
        }
    }
    push(
        StatId::Response,
        "Average response time",
        "For your questions and for mentor applications".to_owned(),
        None,
    );
    items
}

/// One of the hero's stat cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct HeroFigure {
    pub id: &'static str,
    pub value: String,
    pub label: String,
}

/// The hero's stat cards: only figures the database has (SPEC §2 item 1)
/// and that reach their threshold ([`figure_thresholds`]).
#[crate::export]
pub fn hero_figures(stats: Option<SiteStats>) -> Vec<HeroFigure> {
    let Some(s) = stats else {
        return Vec::new();
    };
    let mut figures = Vec::new();
    let mut push = |id, value, label: String| figures.push(HeroFigure { id, value, label });
    if s.mentors >= MIN_MENTORS {
        push(
            "mentors",
            js_number(s.mentors),
            "Vetted mentors to choose from".to_owned(),
        );
    }
    if let Some(avg) = s
        .average_rating
        .filter(|_| s.rated_mentors >= MIN_RATED_MENTORS)
    {
        push(
            "rating",
            format_rating(avg),
            format!(
                "Average rating across {} rated mentors",
                js_number(s.rated_mentors)
            ),
        );
    }
    if s.completed_sessions >= MIN_COMPLETED_SESSIONS {
        push(
            "sessions",
            format_count(s.completed_sessions),
            "Sessions completed".to_owned(),
        );
    }
    if let Some(p) = s.positive_feedback_percent {
        push(
            "positive",
            format_percent(p),
            "Positive session feedback".to_owned(),
        );
    }
    if let Some(c) = s.countries.filter(|c| *c >= MIN_COUNTRIES) {
        push(
            "countries",
            js_number(c),
            "Countries our mentors work from".to_owned(),
        );
    }
    figures
}

/// Fast start, gentle landing: `1 − (1 − t)³`, `t` clamped to 0..1.
pub fn ease_out_cubic(t: f64) -> f64 {
    let c = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    1.0 - (1.0 - c).powi(3)
}

/// How far (0..1, eased) the count-up is `elapsed_ms` after it started,
/// over `duration_ms` ([`COUNT_UP_MS`] on the home page); 1 when the
/// duration is not positive.
#[crate::export]
pub fn count_up_fraction(elapsed_ms: f64, duration_ms: f64) -> f64 {
    if duration_ms.is_nan() || duration_ms <= 0.0 {
        return 1.0;
    }
    ease_out_cubic(elapsed_ms / duration_ms)
}

/// The value shown for `target` at `fraction` of the way (the target
/// itself from 1 on).
#[crate::export]
pub fn count_up_value(target: f64, fraction: f64) -> f64 {
    if fraction >= 1.0 {
        target
    } else {
        target * fraction
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: SiteStats = SiteStats {
        mentors: 150.0,
        rated_mentors: 140.0,
        average_rating: Some(4.8),
        completed_sessions: 1520.0,
        positive_feedback_percent: Some(98.0),
        countries: Some(12.0),
    };

    #[test]
    fn formats() {
        assert_eq!(format_mentors(65.0), "65+");
        assert_eq!(format_rating(4.0), "4.0/5");
        assert_eq!(format_percent(97.6), "98%");
        assert_eq!(format_percent(97.5), "98%");
        assert_eq!(format_count(1520.0), "1,520");
        assert_eq!(format_count(12_345_678.0), "1,23,45,678");
        assert_eq!(format_count(1234.5678), "1,234.568");
        assert_eq!(format_count(0.0), "0");
    }

    #[test]
    fn figures_only_from_the_database() {
        let ids: Vec<StatId> = count_up_stats(Some(FULL)).iter().map(|s| s.id).collect();
        assert_eq!(
            ids,
            [
                StatId::Mentors,
                StatId::Rating,
                StatId::Positive,
                StatId::Response
            ]
        );
        assert_eq!(count_up_stats(None).len(), 1);
        let values: Vec<String> = hero_figures(Some(FULL))
            .into_iter()
            .map(|f| f.value)
            .collect();
        assert_eq!(values, ["150", "4.8/5", "1,520", "98%", "12"]);
    }

    #[test]
    fn a_figure_under_its_threshold_is_left_out() {
        let small = SiteStats {
            mentors: 9.0,
            rated_mentors: 4.0,
            average_rating: Some(4.9),
            completed_sessions: 6.0,
            positive_feedback_percent: None,
            countries: Some(4.0),
        };
        assert!(
            hero_figures(Some(small)).is_empty(),
            "not \"6 sessions completed\""
        );
        assert_eq!(
            count_up_stats(Some(small)).len(),
            1,
            "only the fixed response time"
        );
        let at = SiteStats {
            mentors: MIN_MENTORS,
            rated_mentors: MIN_RATED_MENTORS,
            average_rating: Some(4.9),
            completed_sessions: MIN_COMPLETED_SESSIONS,
            positive_feedback_percent: None,
            countries: Some(MIN_COUNTRIES),
        };
        let ids: Vec<&str> = hero_figures(Some(at)).iter().map(|f| f.id).collect();
        assert_eq!(ids, ["mentors", "rating", "sessions", "countries"]);
    }

    #[test]
    fn parsing_refuses_what_the_api_does_not_send() {
        assert_eq!(parse_site_stats("[]"), None);
        assert_eq!(parse_site_stats("not json"), None);
        let ok = r#"{"mentors":3,"rated_mentors":2,"average_rating":6,"completed_sessions":0,"positive_feedback_percent":null,"countries":null}"#;
        assert_eq!(parse_site_stats(ok).map(|s| s.average_rating), Some(None));
        let bad = r#"{"mentors":-1,"rated_mentors":2,"average_rating":null,"completed_sessions":0,"positive_feedback_percent":null,"countries":null}"#;
        assert_eq!(parse_site_stats(bad), None);
    }

    #[test]
    fn the_count_up_eases_to_its_target() {
        assert_eq!(count_up_fraction(0.0, 2000.0), 0.0);
        assert_eq!(count_up_fraction(1000.0, 2000.0), 0.875);
        assert_eq!(count_up_fraction(2500.0, 2000.0), 1.0);
        assert_eq!(count_up_fraction(5.0, 0.0), 1.0);
        assert_eq!(count_up_value(150.0, 0.5), 75.0);
        assert_eq!(count_up_value(150.0, 1.0), 150.0);
    }
}

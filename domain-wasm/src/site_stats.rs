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

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::labels::rating_label;
use crate::money::group_indian;
use crate::num::js_number;

/// How long the figures count up (SPEC §9).
pub const COUNT_UP_MS: u32 = 2000;
/// The fixed average response time (a service promise, not a measurement).
pub const RESPONSE_TIME: &str = "<24h";

/// The answer of `GET /api/stats/`, checked.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SiteStats {
    pub mentors: f64,
    pub rated_mentors: f64,
    /// `None` when unknown or above 5.
    pub average_rating: Option<f64>,
    pub completed_sessions: f64,
    /// `None` when unknown or above 100.
    pub positive_feedback_percent: Option<f64>,
    pub countries: Option<f64>,
}

fn count(v: Option<&Value>) -> Option<f64> {
    v?.as_f64().filter(|n| n.is_finite() && *n >= 0.0)
}

/// `Some(None)` for null, `Some(Some(n))` for a count, `None` otherwise.
fn optional(v: Option<&Value>) -> Option<Option<f64>> {
    match v {
        Some(Value::Null) => Some(None),
        other => count(other).map(Some),
    }
}

/// The stats from the API's JSON value, or `None` when the answer is not
/// what the API documents (then no figure is shown at all): every count a
/// finite number ≥ 0, the optional ones such a number or null. An average
/// above 5 or a percentage above 100 is read as unknown.
pub fn site_stats_from_value(json: &Value) -> Option<SiteStats> {
    let o = json.as_object()?;
    let average = optional(o.get("average_rating"))?;
    let positive = optional(o.get("positive_feedback_percent"))?;
    Some(SiteStats {
        mentors: count(o.get("mentors"))?,
        rated_mentors: count(o.get("rated_mentors"))?,
        average_rating: average.filter(|a| *a <= 5.0),
        completed_sessions: count(o.get("completed_sessions"))?,
        positive_feedback_percent: positive.filter(|p| *p <= 100.0),
        countries: optional(o.get("countries"))?,
    })
}

/// [`site_stats_from_value`] on the answer's text; `None` when it is not JSON.
pub fn parse_site_stats(json_text: &str) -> Option<SiteStats> {
    site_stats_from_value(&serde_json::from_str(json_text).ok()?)
}

/// `Math.round`: half rounds up.
fn js_round(v: f64) -> f64 {
    (v + 0.5).floor()
}

/// A count as `toLocaleString("en-IN")` writes it: Indian digit grouping
/// (`1,23,456`), at most three decimals.
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
pub fn format_mentors(value: f64) -> String {
    format!("{}+", js_number(js_round(value)))
}

/// `4.8/5`, one decimal by the rating rule.
pub fn format_rating(value: f64) -> String {
    format!("{}/5", rating_label(value, false))
}

/// `98%`.
pub fn format_percent(value: f64) -> String {
    format!("{}%", js_number(js_round(value)))
}

/// The figures of the count-up band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StatId {
    Mentors,
    Rating,
    Positive,
    Response,
}

/// The text of a figure for a value on its way to its target (and for
/// the target itself).
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
pub struct CountUpStat {
    pub id: StatId,
    pub label: String,
    /// What the figure means, in a sentence.
    pub detail: String,
    /// The value counted up to; `None` for a fixed text.
    pub target: Option<f64>,
    /// The final text, as screen readers read it from the start.
    #[serde(rename = "final")]
    pub final_text: String,
}

/// The count-up band's figures in spec order: active mentors, average
/// rating, positive response (each only when the database has it), then
/// the fixed `<24h` response time.
pub fn count_up_stats(stats: Option<&SiteStats>) -> Vec<CountUpStat> {
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
        if s.mentors > 0.0 {
            push(
                StatId::Mentors,
                "Active mentors",
                "Vetted practitioners, each reviewed before their first booking".to_owned(),
                Some(s.mentors),
            );
        }
        if let Some(avg) = s.average_rating.filter(|_| s.rated_mentors > 0.0) {
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
pub struct HeroFigure {
    pub id: &'static str,
    pub value: String,
    pub label: String,
}

/// The hero's stat cards: only figures the database has (SPEC §2 item 1).
pub fn hero_figures(stats: Option<&SiteStats>) -> Vec<HeroFigure> {
    let Some(s) = stats else {
        return Vec::new();
    };
    let mut figures = Vec::new();
    let mut push = |id, value, label: String| figures.push(HeroFigure { id, value, label });
    if s.mentors > 0.0 {
        push(
            "mentors",
            js_number(s.mentors),
            "Vetted mentors to choose from".to_owned(),
        );
    }
    if let Some(avg) = s.average_rating.filter(|_| s.rated_mentors > 0.0) {
        push(
            "rating",
            format_rating(avg),
            format!(
                "Average rating across {} rated mentors",
                js_number(s.rated_mentors)
            ),
        );
    }
    if s.completed_sessions > 0.0 {
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
    if let Some(c) = s.countries.filter(|c| *c > 0.0) {
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
pub fn count_up_fraction(elapsed_ms: f64, duration_ms: f64) -> f64 {
    if duration_ms.is_nan() || duration_ms <= 0.0 {
        return 1.0;
    }
    ease_out_cubic(elapsed_ms / duration_ms)
}

/// The value shown for `target` at `fraction` of the way (the target
/// itself from 1 on).
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
    use crate::rule_vectors::{self, f64_arg, str_arg, to_json};

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
        let ids: Vec<StatId> = count_up_stats(Some(&FULL)).iter().map(|s| s.id).collect();
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
        let values: Vec<String> = hero_figures(Some(&FULL))
            .into_iter()
            .map(|f| f.value)
            .collect();
        assert_eq!(values, ["150", "4.8/5", "1,520", "98%", "12"]);
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

    fn stats_arg(args: &[Value], i: usize) -> Result<Option<SiteStats>, String> {
        match args.get(i) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => serde_json::from_value(v.clone())
                .map(Some)
                .map_err(|e| e.to_string()),
        }
    }

    fn call(name: &str, args: &[Value]) -> Option<Result<Value, String>> {
        Some(match name {
            "parseSiteStats" => str_arg(args, 0).and_then(|t| to_json(parse_site_stats(t))),
            "formatCount" => f64_arg(args, 0).and_then(|v| to_json(format_count(v))),
            "formatStat" => (|| {
                let id: StatId = serde_json::from_value(args.first().cloned().unwrap_or_default())
                    .map_err(|e| e.to_string())?;
                to_json(format_stat(id, f64_arg(args, 1)?))
            })(),
            "countUpStats" => stats_arg(args, 0).and_then(|s| to_json(count_up_stats(s.as_ref()))),
            "heroFigures" => stats_arg(args, 0).and_then(|s| to_json(hero_figures(s.as_ref()))),
            "countUpFraction" => {
                (|| to_json(count_up_fraction(f64_arg(args, 0)?, f64_arg(args, 1)?)))()
            }
            "countUpValue" => (|| to_json(count_up_value(f64_arg(args, 0)?, f64_arg(args, 1)?)))(),
            _ => return None,
        })
    }

    #[test]
    fn vectors() {
        rule_vectors::run("site_stats.json", call);
    }
}

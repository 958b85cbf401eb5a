//! Mentor cards: price, rating and experience labels, badges, mentor URLs,
//! and the table of screens.

use serde::Serialize;
use serde_json::Value;

use super::{Args, BadInput, bad, to_json};

use crate::labels::{self, Badge};
use crate::money::{self, Paise, PriceContext};
use crate::routes::{self, Access};
use crate::slug;

pub fn price_label(price_rupees: f64, context: &str) -> Result<String, BadInput> {
    let context = PriceContext::parse(context).ok_or_else(|| {
        bad(format!(
            "unknown price context \"{context}\": use \"card\" or \"explorer\""
        ))
    })?;
    let price = Paise::from_rupees(price_rupees).map_err(|e| bad(e.to_string()))?;
    Ok(money::price_label(price, context))
}

pub fn rating_label(rating: f64, new_when_zero: bool) -> String {
    labels::rating_label(rating, new_when_zero)
}

pub fn experience_label(years: f64) -> String {
    labels::experience_label(years)
}

pub fn badge_label(rating: f64, experience_years: f64, compact: bool) -> Option<String> {
    Badge::for_mentor(rating, experience_years).map(|b| b.label(compact).to_owned())
}

fn mentor_id(id: f64) -> Result<u64, BadInput> {
    if id.is_finite() && id >= 0.0 && id.fract() == 0.0 && id <= 9_007_199_254_740_991.0 {
        Ok(id as u64)
    } else {
        Err(bad(format!(
            "a mentor id must be a whole number, got {}",
            crate::num::js_number(id)
        )))
    }
}

pub fn slugify(name: &str) -> String {
    slug::slugify(name)
}

pub fn mentor_path(id: f64, name: &str) -> Result<String, BadInput> {
    Ok(slug::mentor_path(mentor_id(id)?, name))
}

pub fn parse_mentor_segment(segment: &str) -> Option<f64> {
    slug::parse_mentor_segment(segment)
        .filter(|id| *id <= 9_007_199_254_740_991)
        .map(|id| id as f64)
}

/// A screen as the browser's router sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RouteInfo {
    pub pattern: &'static str,
    /// `"public"`, `"guestOnly"` or `"loginRequired"`.
    pub access: &'static str,
}

fn route_info(r: &routes::Route) -> RouteInfo {
    RouteInfo {
        pattern: r.pattern,
        access: match r.access {
            Access::Public => "public",
            Access::GuestOnly => "guestOnly",
            Access::LoginRequired => "loginRequired",
        },
    }
}

pub fn routes() -> Vec<RouteInfo> {
    routes::ROUTES.iter().map(route_info).collect()
}

pub fn match_route(path: &str) -> Option<RouteInfo> {
    routes::match_route(path).map(route_info)
}

/// Everything a mentor card shows that a rule decides, in one call.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CardLabels {
    pub price_label: String,
    pub rating_label: String,
    pub experience_label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge: Option<String>,
    pub path: String,
}

/// The labels of a mentor card (SPEC §2): price of the first service, rating
/// to one decimal, `N+ Years`, the Top Mentor / PRO badge and the page URL.
pub fn card_labels(
    id: f64,
    name: &str,
    rating: f64,
    experience_years: f64,
    price_rupees: f64,
) -> Result<CardLabels, BadInput> {
    Ok(CardLabels {
        price_label: price_label(price_rupees, "card")?,
        rating_label: rating_label(rating, false),
        experience_label: experience_label(experience_years),
        badge: badge_label(rating, experience_years, false),
        path: mentor_path(id, name)?,
    })
}

pub(crate) fn dispatch(function: &str, a: &Args) -> Option<Result<Value, BadInput>> {
    let call: fn(&Args) -> Result<Value, BadInput> = match function {
        "priceLabel" => |a| to_json(price_label(a.f64(0)?, a.str(1)?)?),
        "ratingLabel" => |a| to_json(rating_label(a.f64(0)?, a.bool(1)?)),
        "experienceLabel" => |a| to_json(experience_label(a.f64(0)?)),
        "badgeLabel" => |a| to_json(badge_label(a.f64(0)?, a.f64(1)?, a.bool(2)?)),
        "slugify" => |a| to_json(slugify(a.str(0)?)),
        "mentorPath" => |a| to_json(mentor_path(a.f64(0)?, a.str(1)?)?),
        "parseMentorSegment" => |a| to_json(parse_mentor_segment(a.str(0)?)),
        "routes" => |_| to_json(routes()),
        "matchRoute" => |a| to_json(match_route(a.str(0)?)),
        "cardLabels" => |a| {
            to_json(card_labels(
                a.f64(0)?,
                a.str(1)?,
                a.f64(2)?,
                a.f64(3)?,
                a.f64(4)?,
            )?)
        },
        _ => return None,
    };
    Some(call(a))
}

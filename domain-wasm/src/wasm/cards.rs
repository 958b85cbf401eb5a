//! Mentor cards, URLs and screens.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::facade::cards as facade;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export type PriceContext = "card" | "explorer";
export type RouteAccess = "public" | "guestOnly" | "loginRequired";
export interface RouteInfo { pattern: string; access: RouteAccess }
export interface CardLabels {
  priceLabel: string;
  ratingLabel: string;
  experienceLabel: string;
  badge?: string;
  path: string;
}
"#;

/// `✨ Free Trial Session` / `Free Session` for 0, else `₹1,23,456` (+ `/session` on cards).
/// Throws for a negative or non-finite price or an unknown context.
#[wasm_bindgen(js_name = priceLabel)]
pub fn price_label(
    price: f64,
    #[wasm_bindgen(unchecked_param_type = "PriceContext")] context: &str,
) -> Result<String, JsError> {
    Ok(facade::price_label(price, context)?)
}

/// The rating to one decimal; `New` for 0 when `newWhenZero`.
#[wasm_bindgen(js_name = ratingLabel)]
pub fn rating_label(
    rating: f64,
    #[wasm_bindgen(js_name = "newWhenZero")] new_when_zero: bool,
) -> String {
    facade::rating_label(rating, new_when_zero)
}

/// `N+ Years`.
#[wasm_bindgen(js_name = experienceLabel)]
pub fn experience_label(years: f64) -> String {
    facade::experience_label(years)
}

/// `Top Mentor` (or `TOP` when compact), `PRO`, or undefined.
#[wasm_bindgen(js_name = badgeLabel)]
pub fn badge_label(
    rating: f64,
    #[wasm_bindgen(js_name = "experienceYears")] experience_years: f64,
    compact: bool,
) -> Option<String> {
    facade::badge_label(rating, experience_years, compact)
}

/// The URL slug of a mentor's name.
#[wasm_bindgen]
pub fn slugify(name: &str) -> String {
    facade::slugify(name)
}

/// `/mentors/{id}-{slug}`. Throws for an id that is not a whole number.
#[wasm_bindgen(js_name = mentorPath)]
pub fn mentor_path(id: f64, name: &str) -> Result<String, JsError> {
    Ok(facade::mentor_path(id, name)?)
}

/// The id in `42-asha-rao`, or undefined.
#[wasm_bindgen(js_name = parseMentorSegment)]
pub fn parse_mentor_segment(segment: &str) -> Option<f64> {
    facade::parse_mentor_segment(segment)
}

/// Every screen of the app with who may see it.
#[wasm_bindgen(unchecked_return_type = "RouteInfo[]")]
pub fn routes() -> Result<JsValue, JsError> {
    to_js(&facade::routes())
}

/// The screen a path (without query) shows, or undefined for not-found.
#[wasm_bindgen(js_name = matchRoute, unchecked_return_type = "RouteInfo | undefined")]
pub fn match_route(path: &str) -> Result<JsValue, JsError> {
    match facade::match_route(path) {
        Some(info) => to_js(&info),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// All labels of a mentor card in one call.
#[wasm_bindgen(js_name = cardLabels, unchecked_return_type = "CardLabels")]
pub fn card_labels(
    id: f64,
    name: &str,
    rating: f64,
    #[wasm_bindgen(js_name = "experienceYears")] experience_years: f64,
    price: f64,
) -> Result<JsValue, JsError> {
    to_js(&facade::card_labels(
        id,
        name,
        rating,
        experience_years,
        price,
    )?)
}

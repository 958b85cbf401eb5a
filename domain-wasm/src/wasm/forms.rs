//! Password strength and checks, and the FAQ.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::facade::forms as facade;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export type PasswordLabel = "very weak" | "weak" | "medium" | "strong" | "very strong";
export interface PasswordStrength { score: 0 | 1 | 2 | 3 | 4; label: PasswordLabel; strongEnough: boolean }
export type FormCheck = { type: "ok" } | { type: "error"; message: string };
export type FieldCheck = { type: "ok"; value: string } | { type: "error"; message: string };
export interface FaqPreview { text: string; truncated: boolean }
"#;

/// Score 0–4, label and whether it reaches the threshold of 3.
#[wasm_bindgen(js_name = passwordStrength, unchecked_return_type = "PasswordStrength")]
pub fn password_strength(password: &str) -> Result<JsValue, JsError> {
    to_js(&facade::password_strength(password))
}

/// `Passwords do not match.`, `Please use a stronger password.` or ok.
#[wasm_bindgen(js_name = checkNewPassword, unchecked_return_type = "FormCheck")]
pub fn check_new_password(password: &str, confirmation: &str) -> Result<JsValue, JsError> {
    to_js(&facade::check_new_password(password, confirmation))
}

/// `Passwords don't match` while the confirmation differs, else undefined.
#[wasm_bindgen(js_name = inlinePasswordMismatch)]
pub fn inline_password_mismatch(password: &str, confirmation: &str) -> Option<String> {
    facade::inline_password_mismatch(password, confirmation).map(str::to_owned)
}

/// An e-mail address trimmed and lower-cased, or why it is refused.
#[wasm_bindgen(js_name = checkEmail, unchecked_return_type = "FieldCheck")]
pub fn check_email(email: &str) -> Result<JsValue, JsError> {
    to_js(&facade::check_email(email))
}

/// A display name tidied (1-100 characters), or why it is refused.
#[wasm_bindgen(js_name = checkName, unchecked_return_type = "FieldCheck")]
pub fn check_name(name: &str) -> Result<JsValue, JsError> {
    to_js(&facade::check_name(name))
}

/// A contact number in E.164 form (+91 assumed for Indian mobiles), or why it is refused.
#[wasm_bindgen(js_name = checkContactNumber, unchecked_return_type = "FieldCheck")]
pub fn check_contact_number(number: &str) -> Result<JsValue, JsError> {
    to_js(&facade::check_contact_number(number))
}

/// 6 on large screens without touch, else 4.
#[wasm_bindgen(js_name = faqCollapsedCount)]
pub fn faq_collapsed_count(
    #[wasm_bindgen(js_name = "viewportWidth")] viewport_width: f64,
    touch: bool,
) -> u32 {
    facade::faq_collapsed_count(viewport_width, touch)
}

/// `Show More Questions (N more)`, or undefined when all show.
#[wasm_bindgen(js_name = faqShowMoreLabel)]
pub fn faq_show_more_label(total: f64, visible: f64) -> Result<Option<String>, JsError> {
    Ok(facade::faq_show_more_label(total, visible)?)
}

/// The open question after a click (undefined: none open).
#[wasm_bindgen(js_name = faqToggle)]
pub fn faq_toggle(open: Option<f64>, clicked: f64) -> Result<Option<u32>, JsError> {
    Ok(facade::faq_toggle(open, clicked)?)
}

/// An answer as first shown, and whether Read More is offered.
#[wasm_bindgen(js_name = faqPreview, unchecked_return_type = "FaqPreview")]
pub fn faq_preview(answer: &str) -> Result<JsValue, JsError> {
    to_js(&facade::faq_preview(answer))
}

/// `Read More` / `Read Less`.
#[wasm_bindgen(js_name = faqReadToggleLabel)]
pub fn faq_read_toggle_label(expanded: bool) -> String {
    facade::faq_read_toggle_label(expanded).to_owned()
}

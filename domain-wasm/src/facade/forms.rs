//! Forms: password strength and checks, and the FAQ.

use serde::Serialize;
use serde_json::Value;

use super::{Args, BadInput, bad, to_json};
use crate::{accounts, faq, password};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordStrength {
    pub score: u8,
    pub label: &'static str,
    pub strong_enough: bool,
}

pub fn password_strength(password: &str) -> PasswordStrength {
    let s = password::strength(password);
    PasswordStrength {
        score: s.score,
        label: s.label,
        strong_enough: s.strong_enough,
    }
}

/// A business outcome: ok, or the message the form shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Check {
    Ok,
    Error { message: &'static str },
}

pub fn check_new_password(password: &str, confirmation: &str) -> Check {
    match password::check_new_password(password, confirmation) {
        Ok(()) => Check::Ok,
        Err(problem) => Check::Error {
            message: problem.message(),
        },
    }
}

pub fn inline_password_mismatch(password: &str, confirmation: &str) -> Option<&'static str> {
    password::inline_mismatch(password, confirmation)
}

fn count(n: f64, what: &str) -> Result<u32, BadInput> {
    if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) {
        Ok(n as u32)
    } else {
        Err(bad(format!(
            "{what} must be a whole number, got {}",
            crate::num::js_number(n)
        )))
    }
}

pub fn faq_collapsed_count(viewport_width: f64, touch: bool) -> u32 {
    faq::collapsed_count(viewport_width, touch)
}

pub fn faq_show_more_label(total: f64, visible: f64) -> Result<Option<String>, BadInput> {
    Ok(faq::show_more_label(
        count(total, "total")?,
        count(visible, "visible")?,
    ))
}

pub fn faq_toggle(open: Option<f64>, clicked: f64) -> Result<Option<u32>, BadInput> {
    let open = open.map(|o| count(o, "open")).transpose()?;
    Ok(faq::toggle(open, count(clicked, "clicked")?))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FaqPreview {
    pub text: String,
    pub truncated: bool,
}

pub fn faq_preview(answer: &str) -> FaqPreview {
    let p = faq::preview(answer);
    FaqPreview {
        text: p.text,
        truncated: p.truncated,
    }
}

pub fn faq_read_toggle_label(expanded: bool) -> &'static str {
    if expanded {
        faq::READ_LESS
    } else {
        faq::READ_MORE
    }
}

/// A form field parsed: the value to send and store, or the message shown
/// under the field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum FieldCheck {
    Ok { value: String },
    Error { message: &'static str },
}

impl From<Result<String, accounts::FieldProblem>> for FieldCheck {
    fn from(result: Result<String, accounts::FieldProblem>) -> Self {
        match result {
            Ok(value) => FieldCheck::Ok { value },
            Err(problem) => FieldCheck::Error {
                message: problem.message(),
            },
        }
    }
}

pub fn check_email(raw: &str) -> FieldCheck {
    accounts::Email::parse(raw)
        .map(accounts::Email::into_string)
        .into()
}

pub fn check_name(raw: &str) -> FieldCheck {
    accounts::parse_name(raw).into()
}

pub fn check_contact_number(raw: &str) -> FieldCheck {
    accounts::parse_contact_number(raw).into()
}

pub(crate) fn dispatch(function: &str, a: &Args) -> Option<Result<Value, BadInput>> {
    let call: fn(&Args) -> Result<Value, BadInput> = match function {
        "passwordStrength" => |a| to_json(password_strength(a.str(0)?)),
        "checkNewPassword" => |a| to_json(check_new_password(a.str(0)?, a.str(1)?)),
        "inlinePasswordMismatch" => |a| to_json(inline_password_mismatch(a.str(0)?, a.str(1)?)),
        "checkEmail" => |a| to_json(check_email(a.str(0)?)),
        "checkName" => |a| to_json(check_name(a.str(0)?)),
        "checkContactNumber" => |a| to_json(check_contact_number(a.str(0)?)),
        "faqCollapsedCount" => |a| to_json(faq_collapsed_count(a.f64(0)?, a.bool(1)?)),
        "faqShowMoreLabel" => |a| to_json(faq_show_more_label(a.f64(0)?, a.f64(1)?)?),
        "faqToggle" => |a| to_json(faq_toggle(a.opt_f64(0)?, a.f64(1)?)?),
        "faqPreview" => |a| to_json(faq_preview(a.str(0)?)),
        "faqReadToggleLabel" => |a| to_json(faq_read_toggle_label(a.bool(0)?)),
        _ => return None,
    };
    Some(call(a))
}

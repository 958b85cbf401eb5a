//! The payout rules' JavaScript adapters (`src/payouts.rs`): payout
//! details and schedules read from JavaScript, amounts and times as
//! JavaScript's numbers, and the exports of the dashboards' module.

use serde::{Deserialize, Serialize};

use super::{Arg, arg, js_whole, name};
use crate::bindings::{BadInput, FromJson, bad};
use crate::json::Json;
use crate::payouts::{
    FieldError, PayoutDetails, PayoutDetailsInput, Schedule, Tds, TdsRates, check_pan,
    check_payout_details, financial_year, fy_label, fy_quarter, next_payout_ms, tds_on,
    tds_reversal,
};

/// [`PayoutDetailsInput`] as JavaScript passes it: the API's body
/// (`PayoutDetailsBody`, snake_case; a field left out or `null` is empty).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PayoutDetailsArg {
    /// The body's proof of who is asking (issue 20), which the payout
    /// details form checks with the rest: read and left to the server.
    #[serde(default, rename = "password")]
    _password: Option<serde::de::IgnoredAny>,
    #[serde(default, rename = "google_credential")]
    _google_credential: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    method: String,
    #[serde(default)]
    beneficiary_name: String,
    account_number: Option<String>,
    ifsc: Option<String>,
    upi_id: Option<String>,
    #[serde(default)]
    schedule: String,
    pan: Option<String>,
}

/// The outcome of [`check_payout_details_js`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum PayoutDetailsCheck {
    /// The details as they would be stored.
    Ok { value: PayoutDetails },
    /// One message per field that is wrong, in the form's order, keyed by
    /// the API's field names.
    Invalid { errors: Vec<FieldError> },
}

impl FromJson for PayoutDetailsInput {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        let d: PayoutDetailsArg = arg(
            json,
            &Arg {
                what: "payout details",
                field: "the payout details' ",
                got: false,
                text: "text",
            },
        )?;
        Ok(PayoutDetailsInput {
            method: d.method,
            beneficiary_name: d.beneficiary_name,
            account_number: d.account_number,
            ifsc: d.ifsc,
            upi_id: d.upi_id,
            schedule: d.schedule,
            pan: d.pan,
        })
    }
}

impl FromJson for Schedule {
    fn from_json(json: &Json) -> Result<Self, BadInput> {
        name(json).ok_or_else(|| bad("a payout schedule must be \"weekly\" or \"monthly\""))
    }
}

/// Checks payout details as the API does (`{method, beneficiary_name,
/// account_number, ifsc, upi_id, schedule}`): `{type: "ok", value}` with
/// the details as stored, or `{type: "invalid", errors: [{field, message}]}`.
#[crate::export(dashboards, js_name = "checkPayoutDetails")]
pub fn check_payout_details_js(input: PayoutDetailsInput) -> PayoutDetailsCheck {
    match check_payout_details(&input) {
        Ok(value) => PayoutDetailsCheck::Ok { value },
        Err(errors) => PayoutDetailsCheck::Invalid {
            errors: errors
                .into_iter()
                .map(|(field, message)| FieldError {
                    field: field.to_owned(),
                    message,
                })
                .collect(),
        },
    }
}

/// When the next payout on `schedule` is made after `nowMs` (ms since the
/// epoch): weekly, the next Monday 00:00 IST; monthly, the 1st of the next
/// month 00:00 IST.
#[crate::export(dashboards, js_name = "nextPayout")]
pub fn next_payout(schedule: Schedule, now_ms: f64) -> Result<f64, BadInput> {
    Ok(next_payout_ms(schedule, js_whole(now_ms, "nowMs")?) as f64)
}

/// The outcome of [`check_pan_js`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub enum PanCheck {
    /// The PAN in capitals.
    Ok {
        value: String,
    },
    Invalid {
        message: String,
    },
}

/// Checks a PAN as the API does: `{type: "ok", value}` in capitals, or
/// `{type: "invalid", message}`.
#[crate::export(dashboards, js_name = "checkPan")]
pub fn check_pan_js(pan: String) -> PanCheck {
    match check_pan(&pan) {
        Ok(value) => PanCheck::Ok { value },
        Err(message) => PanCheck::Invalid {
            message: message.to_owned(),
        },
    }
}

/// The TDS on a session's `grossPaise` after `yearGrossBeforePaise` this
/// financial year, with or without a PAN, at the given rates ([`tds_on`]).
#[crate::export(dashboards, js_name = "tdsOn")]
pub fn tds_on_js(
    gross_paise: f64,
    year_gross_before_paise: f64,
    pan_given: bool,
    rate_bps: f64,
    no_pan_rate_bps: f64,
    threshold_paise: f64,
) -> Result<Tds, BadInput> {
    let rates = TdsRates {
        rate_bps: js_whole(rate_bps, "rateBps")?,
        no_pan_rate_bps: js_whole(no_pan_rate_bps, "noPanRateBps")?,
        threshold_paise: js_whole(threshold_paise, "thresholdPaise")?,
    };
    Ok(tds_on(
        js_whole(gross_paise, "grossPaise")?,
        js_whole(year_gross_before_paise, "yearGrossBeforePaise")?,
        pan_given,
        &rates,
    ))
}

/// The TDS a refund gives back ([`tds_reversal`]).
#[crate::export(dashboards, js_name = "tdsReversal")]
pub fn tds_reversal_js(
    tds_paise: f64,
    gross_paise: f64,
    refunded_before_paise: f64,
    refund_paise: f64,
    reversed_before_paise: f64,
) -> Result<f64, BadInput> {
    Ok(tds_reversal(
        js_whole(tds_paise, "tdsPaise")?,
        js_whole(gross_paise, "grossPaise")?,
        js_whole(refunded_before_paise, "refundedBeforePaise")?,
        js_whole(refund_paise, "refundPaise")?,
        js_whole(reversed_before_paise, "reversedBeforePaise")?,
    ) as f64)
}

/// The financial year (`2026-27`) and quarter (1–4) of `nowMs`, India time.
#[crate::export(dashboards, js_name = "financialQuarter")]
pub fn financial_quarter_js(now_ms: f64) -> Result<FinancialQuarter, BadInput> {
    let ms = js_whole(now_ms, "nowMs")?;
    Ok(FinancialQuarter {
        fy: fy_label(financial_year(ms)),
        quarter: fy_quarter(ms),
    })
}

/// A quarter of an Indian financial year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct FinancialQuarter {
    pub fy: String,
    pub quarter: u32,
}

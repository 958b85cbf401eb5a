//! `GET /api/me/attention/` (issue 21): what waits for the caller, for the
//! dashboards' banners and the header's count, until in-app notifications
//! exist. The operation itself is in [`super::bookings::BookingsApi`].

use chrono::{DateTime, Utc};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object};

use crate::bookings::attention::Item;

/// What the caller must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename_all = "snake_case",
    remote = "domain_wasm::attention::WaitingKind"
)]
pub enum AttentionKind {
    /// As the mentor: accept or decline a request before its deadline.
    AnswerRequest,
    /// As the learner: pay for a session before the payment window ends.
    Pay,
}

/// One thing waiting for the caller.
#[derive(Debug, Clone, Object)]
pub struct AttentionItem {
    pub kind: AttentionKind,
    /// The booking: its page is `/my-bookings/{id}`.
    pub booking_id: String,
    /// Act before then (RFC 3339, UTC), or the booking expires: the
    /// request's answer deadline or the payment window's end, as stored,
    /// never past the start.
    pub deadline: DateTime<Utc>,
    /// The session's start (RFC 3339, UTC).
    pub start: DateTime<Utc>,
    /// The service's title when booked.
    pub service_title: String,
    /// Who the session is with: the learner (for a request) or the mentor
    /// (for a payment).
    pub with_name: String,
}

/// Everything waiting for the caller, soonest deadline first.
#[derive(Debug, Clone, Object)]
pub struct Attention {
    /// How many items there are (the header's badge).
    pub count: i64,
    pub items: Vec<AttentionItem>,
}

#[derive(ApiResponse)]
pub enum AttentionResponse {
    #[oai(status = 200)]
    Ok(Json<Attention>),
}

impl Attention {
    pub fn of(items: Vec<Item>) -> Self {
        let items: Vec<AttentionItem> = items
            .into_iter()
            .map(|i| AttentionItem {
                kind: i.kind.into(),
                booking_id: i.booking_id,
                deadline: i.deadline,
                start: i.start,
                service_title: i.service_title,
                with_name: i.with_name,
            })
            .collect();
        Attention {
            count: i64::try_from(items.len()).unwrap_or(i64::MAX),
            items,
        }
    }
}

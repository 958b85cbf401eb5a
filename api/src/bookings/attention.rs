//! Things waiting for the caller (issue 21), until in-app notifications
//! exist: the requests they must answer as a mentor and the sessions they
//! must pay for as a learner, each with its deadline as stored. One query
//! ([`crate::store::Store::attention`]); the crate's rule
//! ([`domain_wasm::attention::waiting`]) keeps what still waits now.

use chrono::{DateTime, Utc};
use domain_wasm::attention::{Hold, WaitingKind, waiting_list};
use domain_wasm::booking::{Party, Status};

use crate::auth::Caller;
use crate::state::AppState;
use crate::store::StoreError;

/// One thing waiting for the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub kind: WaitingKind,
    pub booking_id: String,
    /// Act before then, or the booking expires.
    pub deadline: DateTime<Utc>,
    pub start: DateTime<Utc>,
    pub service_title: String,
    /// The learner (for a request) or the mentor (for a payment).
    pub with_name: String,
}

/// What waits for `caller` at `now`, soonest deadline first.
pub async fn waiting_for(
    state: &AppState,
    caller: &Caller,
    now: DateTime<Utc>,
) -> Result<Vec<Item>, StoreError> {
    let mentor = caller.require_mentor().ok();
    let rows = state.store.attention(caller.user.id, mentor).await?;
    let holds = rows.iter().enumerate().filter_map(|(i, r)| {
        let status = Status::parse(&r.status)?;
        let party = if r.as_mentor {
            Party::Mentor
        } else {
            Party::Learner
        };
        let hold = Hold {
            status,
            start_ms: r.start_at.timestamp_millis(),
            respond_by_ms: r.respond_by.map(|t| t.timestamp_millis()),
            pay_by_ms: r.pay_by.map(|t| t.timestamp_millis()),
            payment_confirming: r.payment_confirming,
        };
        Some((i, hold, party))
    });
    Ok(waiting_list(holds, now.timestamp_millis())
        .into_iter()
        .filter_map(|(i, w)| {
            let r = &rows[i];
            Some(Item {
                kind: w.kind,
                booking_id: r.id.clone(),
                deadline: DateTime::from_timestamp_millis(w.deadline_ms)?,
                start: r.start_at,
                service_title: r.service_title.clone(),
                with_name: r.with_name.clone(),
            })
        })
        .collect())
}

//! Signed webhooks, for administrators (issue 25):
//! `GET`/`POST /api/admin/webhooks/`, `PATCH`/`DELETE
//! /api/admin/webhooks/{id}/` and `GET /api/admin/webhooks/{id}/deliveries/`.
//! What is sent and how it is signed: [`crate::webhooks`]. Everyone else
//! gets 403 (guests 401).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{ApiTags, or_forbidden, role_answers};
use crate::auth::SignedIn;
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::state::AppState;
use crate::store::webhooks::{AttemptRow, DeliveryRow, EndpointRow};
use crate::webhooks::{self, WebhookError};

/// A registered endpoint (its secret is never shown after it is made).
#[derive(Debug, Object)]
pub struct WebhookEndpoint {
    pub id: i64,
    pub url: String,
    /// The events it receives, in the order of the list of events.
    pub events: Vec<String>,
    pub description: String,
    /// A paused endpoint is sent nothing (events meanwhile are not kept for it).
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<EndpointRow> for WebhookEndpoint {
    fn from(e: EndpointRow) -> Self {
        WebhookEndpoint {
            events: e.event_names(),
            id: e.id,
            url: e.url,
            description: e.description,
            active: e.active,
            created_at: e.created_at,
            updated_at: e.updated_at,
        }
    }
}

/// An endpoint with its signing secret: the answer that made it (or made
/// its secret anew), the only one that shows it.
#[derive(Debug, Object)]
pub struct WebhookEndpointWithSecret {
    #[oai(flatten)]
    pub endpoint: WebhookEndpoint,
    /// Sign-check deliveries with it; it is not shown again.
    pub secret: String,
}

/// A new endpoint.
#[derive(Debug, Object)]
pub struct WebhookEndpointBody {
    /// Where deliveries are POSTed. On a public site: `https`, and a host
    /// that is not this machine or a private network.
    pub url: Option<String>,
    /// The events it receives (see `docs/api.md`), at least one.
    pub events: Option<Vec<String>>,
    pub description: Option<String>,
    /// At least 16 characters; one is made when left out.
    pub secret: Option<String>,
    /// `true` unless sent `false` (registered paused).
    pub active: Option<bool>,
}

/// A change to an endpoint: what is left out stays as it is.
#[derive(Debug, Object)]
pub struct WebhookChangeBody {
    pub url: Option<String>,
    pub events: Option<Vec<String>>,
    pub description: Option<String>,
    pub active: Option<bool>,
    /// `true`: a new secret is made (and shown in the answer); the old one
    /// signs nothing from now on.
    pub rotate_secret: Option<bool>,
}

/// One attempt at a delivery.
#[derive(Debug, Object)]
pub struct WebhookAttempt {
    pub attempted_at: DateTime<Utc>,
    /// The receiver's HTTP status; absent when no answer came.
    #[oai(skip_serializing_if_is_none)]
    pub status_code: Option<i64>,
    /// The start of the receiver's answer, or why none came.
    pub answer: String,
    pub duration_ms: i64,
}

impl From<AttemptRow> for WebhookAttempt {
    fn from(a: AttemptRow) -> Self {
        WebhookAttempt {
            attempted_at: a.attempted_at,
            status_code: a.status_code,
            answer: a.answer,
            duration_ms: a.duration_ms,
        }
    }
}

/// One event's delivery to the endpoint, with every attempt.
#[derive(Debug, Object)]
pub struct WebhookDelivery {
    pub id: i64,
    /// The event's id (`evt_...`), the body's `id`.
    pub event_id: String,
    pub event: String,
    /// `pending` (sent again later), `delivered` or `failed` (given up).
    pub status: String,
    pub attempts: i64,
    pub created_at: DateTime<Utc>,
    #[oai(skip_serializing_if_is_none)]
    pub delivered_at: Option<DateTime<Utc>>,
    /// The exact body sent, as JSON text.
    pub payload: String,
    pub log: Vec<WebhookAttempt>,
}

impl WebhookDelivery {
    fn of(d: DeliveryRow, attempts: &mut Vec<AttemptRow>) -> Self {
        let (mine, rest): (Vec<_>, Vec<_>) =
            attempts.drain(..).partition(|a| a.delivery_id == d.id);
        *attempts = rest;
        WebhookDelivery {
            id: d.id,
            event_id: d.event_id,
            event: d.event,
            status: d.status.as_str().to_owned(),
            attempts: d.attempts,
            created_at: d.created_at,
            delivered_at: d.delivered_at,
            payload: d.payload,
            log: mine.into_iter().map(Into::into).collect(),
        }
    }
}

/// An event an endpoint can receive.
#[derive(Debug, Object)]
pub struct WebhookEvent {
    /// Its name, as `events` and the body's `event` spell it.
    pub event: String,
    /// What it tells.
    pub label: String,
}

role_answers!(admin, EventsResponse {
    #[oai(status = 200)]
    Ok(Json<Vec<WebhookEvent>>),
});

role_answers!(admin, EndpointsResponse {
    #[oai(status = 200)]
    Ok(Json<Vec<WebhookEndpoint>>),
});

role_answers!(admin, EndpointCreatedResponse {
    #[oai(status = 201)]
    Created(Json<WebhookEndpointWithSecret>),
    /// Field errors: `url` missing, unreadable or not allowed; `events`
    /// missing, empty or naming no event; `description` too long;
    /// `secret` too short or too long.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
});

role_answers!(admin, EndpointChangedResponse {
    /// The endpoint, with `secret` when it was made anew.
    #[oai(status = 200)]
    Ok(Json<WebhookEndpointChanged>),
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No such endpoint.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(admin, EndpointRemovedResponse {
    /// Removed, with its delivery log; deliveries not yet sent are not.
    #[oai(status = 204)]
    Removed,
    /// No such endpoint.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

role_answers!(admin, DeliveriesResponse {
    #[oai(status = 200)]
    Ok(Json<Vec<WebhookDelivery>>),
    /// `limit` is not from 1 to 100, or `before` not a whole number from 1.
    #[oai(status = 400)]
    Invalid(Json<Detail>),
    /// No such endpoint.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
});

/// An endpoint after a change.
#[derive(Debug, Object)]
pub struct WebhookEndpointChanged {
    #[oai(flatten)]
    pub endpoint: WebhookEndpoint,
    /// The new secret, when `rotate_secret` was sent `true`.
    #[oai(skip_serializing_if_is_none)]
    pub secret: Option<String>,
}

fn unexpected(e: WebhookError) -> poem::Error {
    match e {
        WebhookError::Store(e) => e.into(),
        other => {
            tracing::error!(error = %other, "webhooks: unexpected");
            poem::Error::from_status(poem::http::StatusCode::SERVICE_UNAVAILABLE)
        }
    }
}

pub struct AdminWebhooksApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Admin")]
impl AdminWebhooksApi {
    /// Webhook endpoints
    ///
    /// Every registered endpoint, oldest first; a bare array.
    #[oai(
        path = "/api/admin/webhooks/",
        method = "get",
        operation_id = "webhookEndpoints"
    )]
    async fn endpoints(&self, auth: SignedIn) -> poem::Result<EndpointsResponse> {
        or_forbidden!(auth.0.require_admin(), EndpointsResponse);
        let rows = self.state.store.webhook_endpoints().await?;
        Ok(EndpointsResponse::Ok(Json(
            rows.into_iter().map(Into::into).collect(),
        )))
    }

    /// Webhook events
    ///
    /// Every event an endpoint can receive, in the order endpoints list
    /// them, with what each tells; a bare array.
    #[oai(
        path = "/api/admin/webhooks/events/",
        method = "get",
        operation_id = "webhookEvents"
    )]
    async fn events(&self, auth: SignedIn) -> poem::Result<EventsResponse> {
        or_forbidden!(auth.0.require_admin(), EventsResponse);
        Ok(EventsResponse::Ok(Json(
            domain_wasm::webhooks::EVENTS
                .iter()
                .map(|e| WebhookEvent {
                    event: (*e).to_owned(),
                    label: domain_wasm::webhooks::label(e).to_owned(),
                })
                .collect(),
        )))
    }

    /// Register a webhook endpoint
    ///
    /// Each event it receives is POSTed to `url` with
    /// `X-MentorBridge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
    /// "<t>.<raw body>">` under its secret; the answer shows the secret
    /// once.
    #[oai(
        path = "/api/admin/webhooks/",
        method = "post",
        operation_id = "createWebhookEndpoint"
    )]
    async fn create(
        &self,
        auth: SignedIn,
        body: Json<WebhookEndpointBody>,
    ) -> poem::Result<EndpointCreatedResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), EndpointCreatedResponse);
        let b = body.0;
        let draft = match domain_wasm::forms::webhooks::parse_endpoint(
            b.url.as_deref(),
            b.events.as_deref(),
            b.description.as_deref(),
            b.secret.as_deref(),
        ) {
            Ok(d) => d,
            Err(f) => return Ok(EndpointCreatedResponse::Invalid(Json(f))),
        };
        let now = self.state.clock.now();
        match webhooks::register(&self.state, admin, draft, b.active.unwrap_or(true), now).await {
            Ok((row, secret)) => Ok(EndpointCreatedResponse::Created(Json(
                WebhookEndpointWithSecret {
                    endpoint: row.into(),
                    secret,
                },
            ))),
            Err(WebhookError::Invalid(f)) => Ok(EndpointCreatedResponse::Invalid(Json(f))),
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Change a webhook endpoint
    #[oai(
        path = "/api/admin/webhooks/:id/",
        method = "patch",
        operation_id = "changeWebhookEndpoint"
    )]
    async fn change(
        &self,
        auth: SignedIn,
        id: Path<String>,
        body: Json<WebhookChangeBody>,
    ) -> poem::Result<EndpointChangedResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), EndpointChangedResponse);
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(EndpointChangedResponse::NotFound(Json(Detail::not_found())));
        };
        let b = body.0;
        let draft = match domain_wasm::forms::webhooks::parse_endpoint_change(
            b.url.as_deref(),
            b.events.as_deref(),
            b.description.as_deref(),
        ) {
            Ok(d) => d,
            Err(f) => return Ok(EndpointChangedResponse::Invalid(Json(f))),
        };
        let now = self.state.clock.now();
        let rotate = b.rotate_secret.unwrap_or(false);
        match webhooks::change(&self.state, admin, id, draft, b.active, rotate, now).await {
            Ok((row, secret)) => Ok(EndpointChangedResponse::Ok(Json(WebhookEndpointChanged {
                endpoint: row.into(),
                secret,
            }))),
            Err(WebhookError::Invalid(f)) => Ok(EndpointChangedResponse::Invalid(Json(f))),
            Err(WebhookError::NotFound) => {
                Ok(EndpointChangedResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(unexpected(e)),
        }
    }

    /// Remove a webhook endpoint
    #[oai(
        path = "/api/admin/webhooks/:id/",
        method = "delete",
        operation_id = "removeWebhookEndpoint"
    )]
    async fn remove(
        &self,
        auth: SignedIn,
        id: Path<String>,
    ) -> poem::Result<EndpointRemovedResponse> {
        let admin = or_forbidden!(auth.0.require_admin(), EndpointRemovedResponse);
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(EndpointRemovedResponse::NotFound(Json(Detail::not_found())));
        };
        let now = self.state.clock.now();
        match webhooks::remove(&self.state, admin, id, now).await {
            Ok(()) => Ok(EndpointRemovedResponse::Removed),
            Err(WebhookError::NotFound) => {
                Ok(EndpointRemovedResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(unexpected(e)),
        }
    }

    /// An endpoint's delivery log
    ///
    /// Its deliveries, newest first (`before` a delivery id, `limit` 1–100,
    /// 50 by default), each with every attempt and the receiver's answer.
    #[oai(
        path = "/api/admin/webhooks/:id/deliveries/",
        method = "get",
        operation_id = "webhookDeliveries"
    )]
    async fn deliveries(
        &self,
        auth: SignedIn,
        id: Path<String>,
        #[oai(validator(minimum(value = "1")))] before: Query<Option<i64>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))] limit: Query<Option<i64>>,
    ) -> poem::Result<DeliveriesResponse> {
        or_forbidden!(auth.0.require_admin(), DeliveriesResponse);
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(DeliveriesResponse::NotFound(Json(Detail::not_found())));
        };
        let store = &self.state.store;
        match store.webhook_endpoint(id).await {
            Ok(_) => {}
            Err(crate::store::StoreError::NotFound) => {
                return Ok(DeliveriesResponse::NotFound(Json(Detail::not_found())));
            }
            Err(e) => return Err(e.into()),
        }
        let rows = store
            .webhook_deliveries(id, before.0, limit.0.unwrap_or(50))
            .await?;
        let ids: Vec<i64> = rows.iter().map(|d| d.id).collect();
        let mut attempts = store.webhook_attempts(&ids).await?;
        Ok(DeliveriesResponse::Ok(Json(
            rows.into_iter()
                .map(|d| WebhookDelivery::of(d, &mut attempts))
                .collect(),
        )))
    }
}

//! `GET /api/mentors/` and `GET /api/mentors/{id}/` (SPEC §3, §7), and a
//! mentor's open slots, `GET /api/mentors/{id}/slots/` (issue 11).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem::web::CompressionAlgo;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::catalogue::Mentor;
use crate::catalogue::etag_matches;
use crate::catalogue::slots::{period, slots_between};
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::payload::PreSerialized;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum ListResponse {
    /// Every mentor, by id.
    #[oai(status = 200)]
    Ok(
        PreSerialized<Vec<Mentor>>,
        #[oai(header = "ETag")] String,
        #[oai(header = "Cache-Control")] String,
        /// `br` or `gzip` when the client accepts it.
        #[oai(header = "Content-Encoding")]
        Option<String>,
        #[oai(header = "Vary")] String,
    ),
    /// The catalogue has not changed since the `If-None-Match` ETag.
    #[oai(status = 304)]
    NotModified(
        #[oai(header = "ETag")] String,
        #[oai(header = "Cache-Control")] String,
    ),
}

#[derive(ApiResponse)]
pub enum GetResponse {
    #[oai(status = 200)]
    Ok(PreSerialized<Mentor>),
    /// No mentor has this id: `{"detail": "Not found."}`.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

/// An open slot: when a session of the service asked for can be booked.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
pub struct OpenSlot {
    /// Start, UTC (RFC 3339).
    pub start: DateTime<Utc>,
    /// End, UTC (RFC 3339): the start plus the service's duration.
    pub end: DateTime<Utc>,
}

#[derive(ApiResponse)]
pub enum SlotsResponse {
    /// The open slots in the period, soonest first (a bare array; empty
    /// while the mentor has set no availability).
    #[oai(status = 200)]
    Ok(
        Json<Vec<OpenSlot>>,
        /// The mentor's IANA time zone (such as `Asia/Kolkata`), in which
        /// their availability and the dates `from` and `to` are read; absent
        /// while they have set no availability.
        #[oai(header = "X-Mentor-Time-Zone")]
        Option<String>,
        /// How many days ahead (of 24 hours from now) the mentor takes
        /// bookings: no slot starts later.
        #[oai(header = "X-Booking-Window-Days")]
        Option<u32>,
    ),
    /// Field errors: `service` missing or not one the mentor offers;
    /// `from` or `to` neither a date nor an instant; a period that does not
    /// end after it starts or is longer than 92 days (on `to`).
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// No mentor has this id: `{"detail": "Not found."}`.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

pub struct MentorsApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Mentors")]
impl MentorsApi {
    /// List mentors
    ///
    /// The whole public catalogue as a JSON array. No authorisation needed.
    /// Send the last `ETag` in `If-None-Match` to get `304 Not Modified`
    /// while nothing changed.
    ///
    /// (A plain `GET` is answered by `catalogue::ListFromMemory` ahead of
    /// this handler, with the same response; this one serves the rest,
    /// such as `HEAD`, and documents the operation.)
    #[oai(path = "/api/mentors/", method = "get", operation_id = "listMentors")]
    async fn list(
        &self,
        #[oai(name = "If-None-Match")] if_none_match: Header<Option<String>>,
        #[oai(name = "Accept-Encoding")] accept_encoding: Header<Option<String>>,
    ) -> poem::Result<ListResponse> {
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        if if_none_match
            .0
            .as_deref()
            .is_some_and(|h| etag_matches(h, &cached.etag))
        {
            return Ok(ListResponse::NotModified(
                cached.etag.clone(),
                "no-cache".to_owned(),
            ));
        }
        let algo = accept_encoding
            .0
            .as_deref()
            .and_then(|h| poem::http::HeaderValue::from_str(h).ok())
            .and_then(|h| crate::http::preferred_encoding(Some(&h)));
        let (body, encoding) = match algo {
            Some(algo) => match cached.compressed(algo).await {
                Some(bytes) => (
                    bytes,
                    Some(if algo == CompressionAlgo::BR {
                        "br"
                    } else {
                        "gzip"
                    }),
                ),
                None => (cached.body.clone(), None),
            },
            None => (cached.body.clone(), None),
        };
        Ok(ListResponse::Ok(
            PreSerialized::new(body),
            cached.etag.clone(),
            "no-cache".to_owned(),
            encoding.map(str::to_owned),
            "accept-encoding".to_owned(),
        ))
    }

    /// Get one mentor
    #[oai(path = "/api/mentors/:id/", method = "get", operation_id = "getMentor")]
    async fn get(&self, id: Path<String>) -> poem::Result<GetResponse> {
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(GetResponse::NotFound(Json(Detail::not_found())));
        };
        // The profile's JSON, prepared with the catalogue's snapshot.
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        match cached.detail(id) {
            Some(body) => Ok(GetResponse::Ok(PreSerialized::new(body))),
            None => Ok(GetResponse::NotFound(Json(Detail::not_found()))),
        }
    }

    /// List a mentor's open slots
    ///
    /// When a session of one of the mentor's services can be booked, from
    /// their weekly availability and date overrides (in their own time zone,
    /// returned in `X-Mentor-Time-Zone`), buffers, minimum notice, booking
    /// window and sessions already booked. No authorisation needed.
    ///
    /// `from` and `to` are dates (`YYYY-MM-DD`) or RFC 3339 instants. A date
    /// is a whole day in the mentor's time zone: `from=2026-03-29` starts at
    /// the start of that local day, and `to=2026-03-29` includes that day
    /// (the period ends at the start of the next local day). Without
    /// `from`, the period starts now; without `to`, it lasts 14 days. At most
    /// 92 days at a time. A slot is listed when it starts in the period.
    #[oai(
        path = "/api/mentors/:id/slots/",
        method = "get",
        operation_id = "listMentorSlots"
    )]
    async fn slots(
        &self,
        id: Path<String>,
        /// The id of one of the mentor's services (required): slots last as
        /// long as its sessions.
        service: Query<Option<String>>,
        /// The start of the period: a date (the start of that day in the
        /// mentor's zone) or an instant; default now.
        from: Query<Option<String>>,
        /// The end of the period: a date (that day included, in the
        /// mentor's zone) or an instant (excluded); default 14 days after
        /// `from`.
        to: Query<Option<String>>,
    ) -> poem::Result<SlotsResponse> {
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(SlotsResponse::NotFound(Json(Detail::not_found())));
        };
        // The mentor and the services they offer, from the catalogue in
        // memory; only the availability is read from the database.
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        let Some(mentor) = cached
            .mentors
            .binary_search_by_key(&id, |m| m.id)
            .ok()
            .and_then(|at| cached.mentors.get(at))
        else {
            return Ok(SlotsResponse::NotFound(Json(Detail::not_found())));
        };
        let service = match service.0.as_deref().map(str::trim) {
            None | Some("") => Err(Fields::one("service", "This field is required.")),
            Some(text) => text
                .parse::<i64>()
                .ok()
                .and_then(|sid| mentor.services.iter().find(|s| s.id == sid))
                .ok_or_else(|| {
                    Fields::one(
                        "service",
                        "This mentor offers no such service: use the id of one of the services on their profile.",
                    )
                }),
        };
        let service = match service {
            Ok(s) => s,
            Err(errors) => return Ok(SlotsResponse::Invalid(Json(errors.0))),
        };
        let availability = self.state.store.availability(id).await?;
        let now = self.state.clock.now();
        let schedule = availability
            .as_ref()
            .and_then(|a| domain_wasm::slots::Schedule::new(a).ok());
        // Dates are read in the mentor's zone; without availability (the
        // answer is empty) in UTC, so that the same query is refused alike.
        let asked = match &schedule {
            Some(s) => period(&s.time_zone(), from.0.as_deref(), to.0.as_deref(), now),
            None => period(&Utc, from.0.as_deref(), to.0.as_deref(), now),
        };
        let (from, to) = match asked {
            Ok(p) => p,
            Err(errors) => return Ok(SlotsResponse::Invalid(Json(errors.0))),
        };
        let (Some(availability), Some(schedule)) = (availability, schedule) else {
            return Ok(SlotsResponse::Ok(Json(Vec::new()), None, None));
        };
        let busy = self.state.store.busy_intervals(id, from, to, now).await?;
        let open = slots_between(&schedule, service.duration_minutes, now, (from, to), busy)
            .into_iter()
            .map(|s| OpenSlot {
                start: s.start,
                end: s.end,
            })
            .collect();
        Ok(SlotsResponse::Ok(
            Json(open),
            Some(availability.time_zone.clone()),
            Some(availability.booking_window_days),
        ))
    }
}

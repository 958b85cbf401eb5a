//! `GET /api/mentors/` and `GET /api/mentors/{id}/` (SPEC §3, §7).

use std::sync::Arc;

use poem::web::CompressionAlgo;
use poem_openapi::param::{Header, Path};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::ApiTags;
use crate::catalogue::Mentor;
use crate::catalogue::etag_matches;
use crate::error::Detail;
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
            .and_then(|h| crate::app::preferred_encoding(Some(&h)));
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
}

//! `GET /api/mentors/` straight from the snapshot, ahead of the API's
//! routing and middleware: the hottest request of the site, answered with
//! prepared bytes and headers. The response is the one the documented
//! handler (`routes::mentors`) gives; any other request, and this one
//! before the catalogue could be loaded, goes on to the full stack.

use std::sync::Arc;

use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::web::CompressionAlgo;
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};

use super::Catalogue;
use super::{Snapshot, etag_matches};
use crate::store::Store;

/// The middleware; see the module documentation. It holds the catalogue
/// and the store it reads from, nothing else of the server's state.
pub struct ListFromMemory {
    catalogue: Catalogue,
    store: Store,
}

impl ListFromMemory {
    pub fn new(catalogue: Catalogue, store: Store) -> Self {
        ListFromMemory { catalogue, store }
    }
}

impl<E: Endpoint> Middleware<E> for ListFromMemory {
    type Output = ListFromMemoryEndpoint<E>;

    fn transform(&self, next: E) -> Self::Output {
        ListFromMemoryEndpoint {
            catalogue: self.catalogue.clone(),
            store: self.store.clone(),
            next,
        }
    }
}

pub struct ListFromMemoryEndpoint<E> {
    catalogue: Catalogue,
    store: Store,
    next: E,
}

pub const JSON: &str = "application/json; charset=utf-8";
const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");
const ACCEPT_ENCODING: HeaderValue = HeaderValue::from_static("accept-encoding");

impl<E: Endpoint> Endpoint for ListFromMemoryEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() == Method::GET
            && matches!(req.uri().path(), "/api/mentors/" | "/api/mentors")
            && readable(&req, header::IF_NONE_MATCH)
            && readable(&req, header::ACCEPT_ENCODING)
            && let Ok(snapshot) = self.catalogue.get(&self.store).await
        {
            return Ok(list(&snapshot, &req).await);
        }
        self.next.call(req).await.map(IntoResponse::into_response)
    }
}

/// The header is absent or text: anything else goes to the documented
/// handler, which has its own answer for it.
fn readable(req: &Request, name: header::HeaderName) -> bool {
    req.headers().get(name).is_none_or(|h| h.to_str().is_ok())
}

/// The list, or 304 when `If-None-Match` has its ETag; compressed as the
/// client prefers.
async fn list(snapshot: &Arc<Snapshot>, req: &Request) -> Response {
    let headers = req.headers();
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| etag_matches(h, &snapshot.etag))
    {
        return Response::builder()
            .status(StatusCode::NOT_MODIFIED)
            .header(header::ETAG, snapshot.etag_header.clone())
            .header(header::CACHE_CONTROL, NO_CACHE)
            .finish();
    }
    let encoded = match crate::http::preferred_encoding(headers.get(header::ACCEPT_ENCODING)) {
        Some(algo) => snapshot.compressed(algo).await.map(|body| (algo, body)),
        None => None,
    };
    let builder = Response::builder()
        .content_type(JSON)
        .header(header::ETAG, snapshot.etag_header.clone())
        .header(header::CACHE_CONTROL, NO_CACHE);
    match encoded {
        Some((algo, body)) => builder
            .header(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(if algo == CompressionAlgo::BR {
                    "br"
                } else {
                    "gzip"
                }),
            )
            .header(header::VARY, ACCEPT_ENCODING)
            .body(body),
        None => builder
            .header(header::VARY, ACCEPT_ENCODING)
            .body(snapshot.body.clone()),
    }
}

//! The framework's ceiling for `just bench-api`: a minimal Poem server
//! answering `GET /api/mentors/` with fixed bytes from memory (gzip when the
//! client accepts it), on the same runtime and listener as the API, with no
//! middleware. The API's mentor list is measured against it.
//!
//! `cargo run --release -p api --example bench_static -- PORT BODY GZIP_BODY`

use bytes::Bytes;
use poem::http::{HeaderValue, header};
use poem::listener::TcpListener;
use poem::web::Data;
use poem::{EndpointExt, Request, Response, Route, Server, get, handler};

#[derive(Clone)]
struct Bodies {
    plain: Bytes,
    gzip: Bytes,
}

#[handler]
fn list(req: &Request, bodies: Data<&Bodies>) -> Response {
    let gzip = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("gzip"));
    let builder = Response::builder().content_type("application/json; charset=utf-8");
    if gzip {
        builder
            .header(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"))
            .body(bodies.gzip.clone())
    } else {
        builder.body(bodies.plain.clone())
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [port, plain, gzip] = args.as_slice() else {
        eprintln!("usage: bench_static PORT BODY GZIP_BODY");
        std::process::exit(2);
    };
    let bodies = Bodies {
        plain: std::fs::read(plain)?.into(),
        gzip: std::fs::read(gzip)?.into(),
    };
    let app = Route::new().at("/api/mentors/", get(list)).data(bodies);
    Server::new(TcpListener::bind(format!("127.0.0.1:{port}")))
        .run(app)
        .await
}

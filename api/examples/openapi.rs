//! Prints the API's OpenAPI document exactly as `GET /api/openapi.json`
//! serves it, from a server built over an in-memory SQLite store. The web
//! app's request and response types are generated from it (`just api-types`).
//!
//! `cargo run -q -p api --example openapi > openapi.json`

use std::io::Write;

use api::config::Settings;
use api::{app, server};
use poem::{Endpoint, IntoResponse, Request};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    if let Err(message) = run().await {
        eprintln!("openapi: {message}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), String> {
    let settings = Settings::for_database("sqlite::memory:");
    let store = server::prepare(&settings)
        .await
        .map_err(|e| format!("cannot open the in-memory store: {e}"))?;
    let bound = server::bind(&settings, store)
        .await
        .map_err(|e| format!("cannot build the server: {e}"))?;
    let endpoint = app::app(bound.state().clone());
    let response = endpoint
        .call(Request::builder().uri_str("/api/openapi.json").finish())
        .await
        .map_err(|e| format!("GET /api/openapi.json failed: {e}"))?
        .into_response();
    if !response.status().is_success() {
        return Err(format!(
            "GET /api/openapi.json answered {}",
            response.status()
        ));
    }
    let body = response
        .into_body()
        .into_string()
        .await
        .map_err(|e| format!("cannot read the document: {e}"))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{body}").map_err(|e| format!("cannot write the document: {e}"))
}

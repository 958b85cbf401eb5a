//! Business rules of the mentorship marketplace, written once.
//!
//! The browser runs this crate as WebAssembly (feature `wasm`, see
//! [`facade`] for the exported API); the API server links it natively. The
//! crate does no I/O and never reads the clock: callers pass time in.

pub mod facade;
pub mod labels;
pub mod money;
pub mod routes;
pub mod slug;

#[cfg(feature = "wasm")]
mod wasm;

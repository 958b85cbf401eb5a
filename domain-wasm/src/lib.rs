//! Business rules of the mentorship marketplace, written once.
//!
//! The browser runs this crate as WebAssembly (feature `wasm`, see
//! [`facade`] for the exported API); the API server links it natively. The
//! crate does no I/O and never reads the clock: callers pass time in.

pub mod accounts;
pub mod enquiry;
pub mod explorer;
pub mod facade;
pub mod faq;
pub mod fetch_policy;
pub mod intro;
pub mod json;
pub mod labels;
pub mod listing;
pub mod mentor_profile;
pub mod mentor_response;
pub mod money;
pub mod num;
pub mod pages;
pub mod password;
pub mod pricing;
pub mod profile_completion;
pub mod ratings;
pub mod redirects;
pub mod routes;
#[cfg(test)]
mod rule_vectors;
pub mod session;
pub mod site_stats;
pub mod slug;

#[cfg(feature = "wasm")]
mod wasm;

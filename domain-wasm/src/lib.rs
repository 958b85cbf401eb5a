//! Business rules of the mentorship marketplace, written once.
//!
//! The browser runs this crate as WebAssembly (feature `wasm`): a rule is
//! exposed to JavaScript by `#[export]` beside it (see [`bindings`]), with
//! TypeScript types generated from the Rust types. The API server links it
//! natively. The
//! crate does no I/O and never reads the clock: callers pass time in.

/// `#[export]`: exposes the function it annotates to JavaScript (see [`bindings`]).
pub use domain_macros::export;

pub mod accounts;
pub mod attention;
pub mod bindings;
pub mod booking;
pub mod commission;
pub mod enquiry;
pub mod explorer;
pub mod faq;
pub mod fetch_policy;
pub mod forms;
pub mod gateway;
pub mod holds;
pub mod intro;
pub mod js;
pub mod json;
pub mod labels;
pub mod ledger;
pub mod listed;
pub mod listing;
pub mod mentor_profile;
pub mod mentor_response;
pub mod mentoring;
pub mod money;
pub mod naming;
pub mod no_show;
pub mod notifications;
pub mod num;
pub mod pages;
pub mod password;
pub mod payments;
pub mod payouts;
pub mod pricing;
pub mod profile_completion;
pub mod ratings;
pub mod receipts;
pub mod redirects;
pub mod refunds;
pub mod routes;
pub mod session;
pub mod site_stats;
pub mod slots;
pub mod slug;
pub mod status;
pub mod webhooks;

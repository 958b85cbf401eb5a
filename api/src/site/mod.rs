//! The public site's use cases: the home page's figures and the enquiries
//! from the contact and custom-quote forms. The form rules (limits, the
//! programme list, cleaning) are the domain crate's (`domain_wasm::enquiry`);
//! the figures' rules too (`domain_wasm::ratings`).

pub mod dto;
pub mod enquiries;
pub mod stats;

//! The mentorship marketplace's server: a documented JSON API (poem-openapi)
//! over one store interface (SQLite or PostgreSQL), serving the built web app.

pub mod accounts;
pub mod admin;
pub mod app;
pub mod applications;
pub mod auth;
pub mod bookings;
pub mod catalogue;
pub mod clock;
pub mod config;
pub mod contract;
pub mod demo;
pub mod demo_money;
pub mod dev_clock;
pub mod error;
pub mod fields;
pub mod google;
pub mod jobs;
pub mod ledger;
pub mod mail;
pub mod media;
pub mod mentoring;
pub mod notifications;
pub mod payload;
pub mod payments;
pub mod payouts;
pub mod portrait;
pub mod receipts;
pub mod refunds;
pub mod routes;
pub mod seo;
pub mod server;
pub mod site;
pub mod state;
pub mod store;
pub mod web;

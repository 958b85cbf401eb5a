//! The mentorship marketplace's server: a documented JSON API (poem-openapi)
//! over one store interface (SQLite or PostgreSQL), serving the built web app.

pub mod accounts;
pub mod admin;
pub mod app;
pub mod applications;
pub mod auth;
pub mod catalogue;
pub mod clock;
pub mod config;
pub mod contract;
pub mod demo;
pub mod error;
pub mod fields;
pub mod google;
pub mod mail;
pub mod media;
pub mod mentoring;
pub mod payload;
pub mod portrait;
pub mod routes;
pub mod seo;
pub mod server;
pub mod site;
pub mod state;
pub mod store;
pub mod web;

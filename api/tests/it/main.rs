//! The api's integration tests, one test binary (linking the api and its
//! dependencies once instead of once per file): each module is one story,
//! `common` and the fixtures modules are what they share.

#[macro_use]
mod common;
mod booking_fixtures;
mod bookings;
mod mentoring;

mod account_states;
mod accounts_api;
mod applications;
mod attention;
mod authorization;
mod booking_flow;
mod booking_mail;
mod booking_races;
mod bookings_api;
mod catalogue_refresh;
mod cli;
mod commission;
mod documentation;
mod explorer_api;
mod google;
mod hardening;
mod honest_catalogue;
mod jobs;
mod layers;
mod ledger;
mod limits;
mod listed;
mod live_site;
mod mail;
mod media;
mod mentor_dashboard;
mod mentors_api;
mod money_pressure;
mod no_show_contest;
mod notifications;
mod passwords_api;
mod payments;
mod payouts;
mod razorpay;
mod razorpay_standin;
mod receipts;
mod refund_gateway;
mod refunds;
mod reviews;
mod schema;
mod site_api;
mod slots_api;
mod store;
mod test_clock;
mod time_zones;
mod web_app;
mod webhooks;

//! What the booking tests share: a mentor with an account, offering
//! services on an availability, and activated accounts of any role.

#![allow(dead_code)]

use api::store::Role;
use api::store::model::{NewMentor, NewService};
use chrono::Utc;
use domain_wasm::money::Paise;
use domain_wasm::slots::{Availability, WeeklyRange};

use crate::common::TestApp;
use crate::mentoring;

/// One service a mentor offers.
pub struct Offer {
    pub title: &'static str,
    pub minutes: i64,
    pub price_paise: i64,
    /// Confirmed (or due for payment) at once, without the mentor's answer.
    pub instant: bool,
}

/// Every day from `start` to `end` in `zone`; no buffers, an hour's
/// notice, a month ahead.
pub fn daily(zone: &str, start: &str, end: &str) -> Availability {
    Availability {
        time_zone: zone.into(),
        weekly: (0..7)
            .map(|weekday| WeeklyRange {
                weekday,
                start: start.into(),
                end: end.into(),
            })
            .collect(),
        overrides: Vec::new(),
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        minimum_notice_minutes: 60,
        booking_window_days: 30,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    }
}

/// A registered, activated account with `role`; its id. The password is
/// [`mentoring::PASSWORD`].
pub async fn account(app: &TestApp, name: &str, email: &str, role: Role) -> i64 {
    let (status, body) = app.register(name, email, mentoring::PASSWORD).await;
    assert_eq!(status, 201, "{email} registers: {body}");
    let id = body["id"].as_i64().expect("an id");
    let mut tx = app.store.begin().await.expect("begin");
    tx.activate_user(id, Utc::now()).await.expect("activate");
    if role != Role::User {
        tx.set_role(id, role, Utc::now()).await.expect("role");
    }
    tx.commit().await.expect("commit");
    id
}

/// A mentor named `name` offering `offers` on `availability`, run by an
/// active account at `email` (so listed): the profile's id and the
/// services' ids, in order.
pub async fn mentor(
    app: &TestApp,
    name: &str,
    email: &str,
    offers: &[Offer],
    availability: Availability,
) -> (i64, Vec<i64>) {
    // Run by an active account from the start: only then is it listed.
    let user = account(app, name, email, Role::Mentor).await;
    let ids = app
        .store
        .insert_mentors(
            &[NewMentor {
                user_id: Some(user),
                name: name.into(),
                headline: "Mentor".into(),
                expertise: vec!["Technology".into()],
                rating: 0.0,
                experience_years: 12,
                bio: "Helps people grow.".into(),
                image_url: None,
                contact: vec![],
                social_links: vec![],
                education: vec![],
                experience: vec![],
                projects: vec![],
                services: offers
                    .iter()
                    .map(|o| NewService {
                        title: o.title.into(),
                        description: String::new(),
                        duration_minutes: o.minutes,
                        price_paise: Paise::try_from(o.price_paise).expect("a price"),
                        instant_confirmation: o.instant,
                    })
                    .collect(),
                availability: Some(availability),
            }],
            Utc::now(),
        )
        .await
        .expect("insert");
    let mentor_id = ids[0];
    // In the order offered (the public profile lists them cheapest first).
    let services: Vec<i64> = app
        .store
        .own_services(mentor_id)
        .await
        .expect("services")
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(services.len(), offers.len(), "every service is offered");
    let profile = app.get_json(&format!("/api/mentors/{mentor_id}/")).await;
    assert_eq!(
        profile["services"].as_array().map(Vec::len),
        Some(offers.len()),
        "every service is listed"
    );
    (mentor_id, services)
}

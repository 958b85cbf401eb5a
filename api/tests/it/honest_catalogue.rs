//! Honest prices and ratings in the catalogue (issue 21), on both engines:
//! services cheapest first (so the shown price is the lowest and "free"
//! means a free service exists), the number of reviews beside the rating,
//! and demo ratings that are the mean of the demo's reviews.

use crate::common;
use std::collections::BTreeMap;

use api::store::model::{NewMentor, NewService};
use api::store::{NewUser, Role, Store};
use chrono::{Duration, Utc};
use common::{Engine, spawn_app, spawn_without_demo};
use domain_wasm::accounts::Email;
use domain_wasm::listing::{listing_filter, search_haystack};
use domain_wasm::money::Paise;
use domain_wasm::pricing::{has_free_service, is_free, shown_price};
use serde_json::Value;

on_both_engines!(
    services_are_listed_cheapest_first_so_a_free_call_shows_and_filters_as_free,
    review_count_is_how_many_reviews_the_mentor_has,
    every_demo_rating_is_the_mean_of_the_demo_reviews,
);

/// A listed mentor (issue 21: run by an active account, with open hours).
async fn mentor(store: &Store, name: &str, services: &[(&str, i64)]) -> NewMentor {
    NewMentor {
        user_id: Some(common::running_account(store).await),
        name: name.into(),
        headline: "Coach".into(),
        expertise: vec!["Business".into()],
        rating: 0.0,
        experience_years: 12,
        bio: String::new(),
        image_url: None,
        contact: vec![],
        social_links: vec![],
        education: vec![],
        experience: vec![],
        projects: vec![],
        services: services
            .iter()
            .map(|(title, price_paise)| NewService {
                title: (*title).into(),
                description: String::new(),
                duration_minutes: 30,
                price_paise: Paise::try_from(*price_paise).expect("a price"),
                instant_confirmation: false,
            })
            .collect(),
        availability: Some(common::open_hours()),
    }
}

fn prices(m: &Value) -> Vec<f64> {
    m["services"]
        .as_array()
        .expect("services")
        .iter()
        .map(|s| s["price"].as_f64().expect("price"))
        .collect()
}

async fn services_are_listed_cheapest_first_so_a_free_call_shows_and_filters_as_free(
    engine: Engine,
) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    // Entered dearest first: a ₹1,00,000 programme, then a free call.
    let ids = app
        .store
        .insert_mentors(
            &[
                mentor(
                    &app.store,
                    "Ira Sen",
                    &[
                        ("Programme", 10_000_000),
                        ("Intro call", 0),
                        ("Review", 150_000),
                    ],
                )
                .await,
                mentor(
                    &app.store,
                    "Om Das",
                    &[("Deep dive", 250_000), ("Call", 99_900)],
                )
                .await,
            ],
            Utc::now(),
        )
        .await
        .expect("insert");
    let ira = app.get_json(&format!("/api/mentors/{}/", ids[0])).await;
    let titles: Vec<&str> = ira["services"]
        .as_array()
        .expect("services")
        .iter()
        .map(|s| s["title"].as_str().expect("title"))
        .collect();
    assert_eq!(titles, ["Intro call", "Review", "Programme"]);
    assert_eq!(prices(&ira), [0.0, 1500.0, 100_000.0]);
    // The first service's price (SPEC §3) is the lowest: free.
    assert!(is_free(shown_price(&prices(&ira))));

    let list = app.get_json("/api/mentors/").await;
    let list = list.as_array().expect("array");
    let om = &list[1];
    assert_eq!(prices(om), [999.0, 2500.0]);
    // The listing's free filter, as the web app runs it (the crate's rules).
    let haystacks: Vec<String> = list
        .iter()
        .map(|m| search_haystack(m["name"].as_str().expect("name"), &[]))
        .collect();
    let haystacks: Vec<&str> = haystacks.iter().map(String::as_str).collect();
    let shown: Vec<f64> = list.iter().map(|m| shown_price(&prices(m))).collect();
    assert_eq!(listing_filter(&haystacks, &shown, "", true), vec![0]);
    assert!(has_free_service(&prices(&list[0])) && !has_free_service(&prices(om)));
}

/// A learner's completed session with the mentor and their review of it.
async fn reviewed(store: &Store, mentor: i64, learner: i64, n: usize, stars: i64) {
    let ended = Utc::now() - Duration::days(3 + n as i64);
    let services = store.list_mentors().await.expect("mentors");
    let service = services
        .iter()
        .find(|m| m.id == mentor)
        .and_then(|m| m.services.first())
        .expect("a service")
        .clone();
    let id = format!("honest-{mentor}-{n}");
    let mut tx = store.begin().await.expect("tx");
    tx.insert_past_reviews(&[api::store::reviews::PastReview {
        booking: api::store::bookings::NewBookingRow {
            id: id.clone(),
            learner_id: learner,
            mentor_id: mentor,
            service_id: service.id,
            service_title: service.title.clone(),
            duration_minutes: 30,
            price_paise: service.price_paise,
            commission_bps: 0,
            status: domain_wasm::booking::Status::Completed,
            start_at: ended - Duration::minutes(30),
            end_at: ended,
            held_from: ended - Duration::minutes(30),
            held_until: ended,
            note: String::new(),
            respond_by: None,
            pay_by: None,
            meeting_url: None,
        },
        booked_at: ended - Duration::days(2),
        rating: stars,
        text: "Helpful.".into(),
        given_at: ended,
    }])
    .await
    .expect("a completed session and its review");
    tx.refresh_rating(mentor, Utc::now()).await.expect("rating");
    tx.commit().await.expect("commit");
    store.catalogue_written();
}

/// A learner account to review with.
async fn learner(store: &Store) -> i64 {
    let mut tx = store.begin().await.expect("tx");
    let user = tx
        .create_user(
            &NewUser {
                email: Email::parse("asha@example.com").expect("an address"),
                name: "Asha Rao".into(),
                password_hash: None,
                google_sub: None,
                role: Role::User,
                is_active: true,
                contact_number: None,
            },
            Utc::now(),
        )
        .await
        .expect("a learner");
    tx.commit().await.expect("commit");
    user.id
}

async fn review_count_is_how_many_reviews_the_mentor_has(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let ids = app
        .store
        .insert_mentors(
            &[mentor(&app.store, "Ira Sen", &[("Call", 0)]).await],
            Utc::now(),
        )
        .await
        .expect("insert");
    let fresh = app.get_json(&format!("/api/mentors/{}/", ids[0])).await;
    assert_eq!(fresh["review_count"], 0, "{fresh}");
    assert_eq!(fresh["rating"], 0.0);

    let learner = learner(&app.store).await;
    for (n, stars) in [5, 4, 4].into_iter().enumerate() {
        reviewed(&app.store, ids[0], learner, n, stars).await;
    }
    let rated = app.get_json(&format!("/api/mentors/{}/", ids[0])).await;
    assert_eq!(rated["review_count"], 3, "{rated}");
    let rating = rated["rating"].as_f64().expect("rating");
    assert!((rating - 13.0 / 3.0).abs() < 1e-9, "{rating}");
    let list = app.get_json("/api/mentors/").await;
    assert_eq!(list[0]["review_count"], 3);
}

async fn every_demo_rating_is_the_mean_of_the_demo_reviews(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let today = app.state.clock.now().date_naive();
    let data: BTreeMap<String, f64> = api::demo::catalogue(today)
        .into_iter()
        .map(|m| (m.name, m.rating))
        .collect();
    let list = app.get_json("/api/mentors/").await;
    let mut reviewed_mentors = 0;
    for m in list.as_array().expect("array") {
        let name = m["name"].as_str().expect("name");
        let Some(&wanted) = data.get(name) else {
            continue;
        };
        let count = m["review_count"].as_i64().expect("review_count");
        let rating = m["rating"].as_f64().expect("rating");
        if wanted == 0.0 {
            assert_eq!(count, 0, "{name} stays New");
            continue;
        }
        // Every review, page by page.
        let mut stars = Vec::new();
        loop {
            let page = app
                .get_json(&format!(
                    "/api/mentors/{}/reviews/?offset={}",
                    m["id"],
                    stars.len()
                ))
                .await;
            assert_eq!(page["count"], count, "{name}");
            let reviews = page["reviews"].as_array().expect("reviews");
            if reviews.is_empty() {
                break;
            }
            for r in reviews {
                stars.push(r["rating"].as_f64().expect("stars"));
                let who = r["learner_name"].as_str().expect("name");
                assert!(who.ends_with('.') && who.contains(' '), "{who}");
                let at: chrono::DateTime<Utc> = r["created_at"]
                    .as_str()
                    .expect("date")
                    .parse()
                    .expect("RFC 3339");
                assert!(
                    at.date_naive() < today,
                    "{name}: reviewed before the seed day"
                );
            }
        }
        assert!(count >= 6, "{name}: {count} reviews");
        assert_eq!(stars.len() as i64, count, "{name}");
        let mean = stars.iter().sum::<f64>() / stars.len() as f64;
        let one = |x: f64| domain_wasm::labels::rating_label(x, false);
        assert_eq!(
            one(rating),
            one(mean),
            "{name}: the card shows the reviews' mean"
        );
        assert_eq!(one(rating), one(wanted), "{name}: the data's rating");
        assert!((rating - mean).abs() < 1e-9, "{name}: {rating} vs {mean}");
        reviewed_mentors += 1;
    }
    assert!(
        reviewed_mentors >= 55,
        "{reviewed_mentors} demo mentors reviewed"
    );

    let again = api::demo_reviews::ensure(&app.store, app.state.clock.now())
        .await
        .expect("seeding again");
    assert_eq!(again, 0, "a second start adds nothing");
}

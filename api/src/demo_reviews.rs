//! Demo reviews (issue 21): the demo mentors' ratings come from reviews
//! that match them.
//!
//! Each demo mentor with a rating in `api/data/demo.json` gets reviews
//! whose mean, to one decimal, is that rating and whose number is their
//! `review_count`; the mentor's stored rating is then set to the exact mean
//! of their reviews (as after any review), so what a card shows ("4.7 · 23
//! reviews") is what their reviews say. Mentors the data leaves unrated
//! (rating 0) get none and show as `New`.
//!
//! A review belongs to a session (the `feedback` table's key is a booking),
//! so each review comes with a completed session of the mentor's cheapest
//! service, before the seed day, booked by one of a few fictional
//! reviewers: accounts with no password that are not active (like the demo
//! money's paying learner), so nobody signs in as them, and they are not
//! the demo learner, whose bookings stay empty. No payment and no ledger
//! row is made: the money screens and figures, which read payments and the
//! ledger, do not see these sessions. The home page's "sessions completed"
//! counts them, as it counts every session that took place.
//!
//! Deterministic: no randomness and no clock reads; the dates are counted
//! back from `today`. Seeding happens once per mentor: a demo mentor who
//! has any review already (seeded before, or real) is left alone, so a
//! second start changes nothing.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use domain_wasm::accounts::Email;
use domain_wasm::labels::{TOP_MENTOR_RATING, rating_label};

use crate::store::bookings::NewBookingRow;
use crate::store::reviews::PastReview;
use crate::store::{NewUser, Role, Store, StoreError};

/// The fictional reviewers: first name and surname (a review shows
/// `Priya S.`).
const REVIEWERS: [(&str, &str); 24] = [
    ("Aarav", "Sharma"),
    ("Priya", "Nair"),
    ("Rohan", "Gupta"),
    ("Ananya", "Iyer"),
    ("Vikram", "Reddy"),
    ("Sneha", "Kulkarni"),
    ("Arjun", "Menon"),
    ("Kavya", "Joshi"),
    ("Siddharth", "Bose"),
    ("Meera", "Pillai"),
    ("Karthik", "Subramanian"),
    ("Ishita", "Banerjee"),
    ("Aditya", "Deshpande"),
    ("Pooja", "Agarwal"),
    ("Rahul", "Chatterjee"),
    ("Divya", "Krishnan"),
    ("Nikhil", "Patil"),
    ("Tanvi", "Mehra"),
    ("Harsh", "Vora"),
    ("Neha", "Saxena"),
    ("Manoj", "Rao"),
    ("Ritika", "Sethi"),
    ("Farhan", "Qureshi"),
    ("Simran", "Kaur"),
];

/// What the reviewers wrote, by stars (index 0: one star).
const TEXTS: [&[&str]; 5] = [
    &[
        "The session did not cover what I had asked for.",
        "Started late and felt rushed.",
    ],
    &[
        "Some useful pointers, but mostly generic advice.",
        "Not quite what I needed at my stage.",
        "",
    ],
    &[
        "Decent session; I would have liked more specific examples.",
        "Good overview, a little short on depth.",
        "Helpful in parts. The follow-up notes were useful.",
        "",
    ],
    &[
        "Clear, practical advice. I left with a plan for the next month.",
        "Very helpful. Asked good questions before giving suggestions.",
        "Good session. Shared resources afterwards too.",
        "Solid feedback on my resume and how I present my work.",
        "Knows the field well; a couple of ideas I will try this week.",
        "",
    ],
    &[
        "Excellent! Honest feedback and a clear roadmap.",
        "One of the most useful hours I have spent on my career.",
        "Patient, sharp and very generous with their time.",
        "Exactly the guidance I was looking for. Highly recommend.",
        "Helped me prepare for my interview; I got the offer!",
        "Listened carefully and gave concrete next steps.",
        "Thoughtful and practical. Booking again next month.",
        "",
    ],
];

/// The e-mail address of reviewer `n` (reserved for the demo, not a
/// mailbox anyone reads).
pub fn reviewer_email(n: usize) -> String {
    format!("reviewer-{:02}@demo.mentorbridge.in", n + 1)
}

/// The stars of the reviews of the demo mentor at catalogue position
/// `index` whose data gives `rating`: between 6 and about 60 reviews of 1
/// to 5 stars whose mean shows as `rating` does (to one decimal) and
/// earns the same badge. Empty for a rating of 0 (or one no reviews can
/// give).
pub fn stars_for(index: usize, rating: f64) -> Vec<u8> {
    if !domain_wasm::ratings::is_rated(rating) || !(1.0..=5.0).contains(&rating) {
        return Vec::new();
    }
    let shown = rating_label(rating, false);
    let first = 6 + (index * 13) % 35;
    for n in first..first + 60 {
        let n_f = n as f64;
        let sum = (rating * n_f).round();
        let mean = sum / n_f;
        if sum < n_f
            || sum > 5.0 * n_f
            || rating_label(mean, false) != shown
            || (mean > TOP_MENTOR_RATING) != (rating > TOP_MENTOR_RATING)
        {
            continue;
        }
        // `sum` stars over `n` reviews: `low` and `low + 1` stars.
        let (sum, n) = (sum as usize, n);
        let low = sum / n;
        let higher = sum % n;
        let mut stars: Vec<u8> = (0..n)
            .map(|k| if k < higher { low + 1 } else { low })
            .map(|s| u8::try_from(s).unwrap_or(5))
            .collect();
        // A little spread, same sum: two middling reviews become one lower
        // and one higher.
        let at_low = n - higher;
        if (2..5).contains(&low) && at_low >= 4 && n >= 10 {
            stars[n - 1] -= 1;
            stars[n - 2] += 1;
        }
        // Interleave deterministically (a step coprime with `n`).
        let step = (1..n)
            .rev()
            .find(|s| gcd(*s, n) == 1 && *s <= 7)
            .unwrap_or(1);
        let shift = index % n;
        return (0..n).map(|k| stars[(k * step + shift) % n]).collect();
    }
    Vec::new()
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn corrupt(what: &'static str, value: impl Into<String>) -> StoreError {
    StoreError::Corrupt {
        what,
        value: value.into(),
    }
}

/// Seeds the demo reviews (see the module's documentation) for the demo
/// catalogue seeded as of `now`'s day; returns how many reviews were
/// added.
pub async fn ensure(store: &Store, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let today = now.date_naive();
    let email_of = |contact: &[(String, String)]| {
        contact
            .iter()
            .find(|(kind, _)| kind == "email")
            .map(|(_, value)| value.clone())
    };
    // The data's rating of each demo mentor, with their position.
    let demo: HashMap<String, (usize, f64)> = crate::demo::catalogue(today)
        .into_iter()
        .enumerate()
        .filter_map(|(i, m)| Some((email_of(&m.contact)?, (i, m.rating))))
        .collect();
    let reviewed = store.review_counts().await?;
    let mut reviewers: Vec<Option<i64>> = vec![None; REVIEWERS.len()];
    let mut added = 0;
    for mentor in store.list_mentors().await? {
        if reviewed.contains_key(&mentor.id) {
            continue;
        }
        let Some(&(index, rating)) = email_of(&mentor.contact).and_then(|e| demo.get(&e)) else {
            continue;
        };
        let stars = stars_for(index, rating);
        // Their cheapest service (free first).
        let Some(service) = mentor.services.iter().min_by_key(|s| s.price_paise) else {
            continue;
        };
        if stars.is_empty() {
            continue;
        }
        let mut learners = Vec::with_capacity(stars.len());
        for k in 0..stars.len() {
            let who = (index * 5 + k * 7) % REVIEWERS.len();
            let id = match reviewers[who] {
                Some(id) => id,
                None => {
                    let id = reviewer(store, who, now).await?;
                    reviewers[who] = Some(id);
                    id
                }
            };
            learners.push((who, id));
        }
        let span = 330 / i64::try_from(stars.len()).unwrap_or(1).max(1);
        let mut reviews = Vec::with_capacity(stars.len());
        for (k, (&star, &(who, learner))) in stars.iter().zip(&learners).enumerate() {
            let k_i = i64::try_from(k).unwrap_or(0);
            let index_i = i64::try_from(index).unwrap_or(0);
            // Newest first going back from two days before the seed day,
            // at a daytime hour in India (UTC here).
            let day = today - TimeDelta::days(2 + k_i * span.max(1) + index_i % 5);
            let end = at(day, 6 + (k_i * 3 + index_i) % 10);
            let start = end - TimeDelta::minutes(service.duration_minutes);
            let given = end + TimeDelta::hours(2 + (k_i % 20));
            let booked = start - TimeDelta::days(3);
            let texts = TEXTS[usize::from(star.clamp(1, 5) - 1)];
            reviews.push(PastReview {
                booking: NewBookingRow {
                    id: format!("demo-review-{}-{}", mentor.id, k + 1),
                    learner_id: learner,
                    mentor_id: mentor.id,
                    service_id: service.id,
                    service_title: service.title.clone(),
                    duration_minutes: service.duration_minutes,
                    price_paise: service.price_paise,
                    commission_bps: 0,
                    status: domain_wasm::booking::Status::Completed,
                    start_at: start,
                    end_at: end,
                    held_from: start,
                    held_until: end,
                    note: String::new(),
                    respond_by: None,
                    pay_by: None,
                    meeting_url: None,
                },
                booked_at: booked,
                rating: i64::from(star),
                text: texts[(index * 3 + k * 5 + who) % texts.len()].to_owned(),
                given_at: given,
            });
        }
        let mut tx = store.begin().await?;
        tx.insert_past_reviews(&reviews).await?;
        tx.refresh_rating(mentor.id, now).await?;
        tx.commit().await?;
        added += stars.len();
    }
    if added > 0 {
        store.catalogue_written();
    }
    Ok(added)
}

fn at(day: NaiveDate, hour: i64) -> DateTime<Utc> {
    day.and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc())
        .unwrap_or_default()
        + TimeDelta::hours(hour)
}

/// Reviewer `n`'s account id, made if missing (no password, not active).
async fn reviewer(store: &Store, n: usize, now: DateTime<Utc>) -> Result<i64, StoreError> {
    let (first, last) = REVIEWERS[n];
    let email = Email::parse(&reviewer_email(n))
        .map_err(|p| corrupt("demo reviewer's e-mail address", p.message()))?;
    match store.user_by_email(&email).await {
        Err(StoreError::NotFound) => {}
        found => return found.map(|u| u.id),
    }
    let mut tx = store.begin().await?;
    let new = NewUser {
        email: email.clone(),
        name: format!("{first} {last}"),
        password_hash: None,
        google_sub: None,
        role: Role::User,
        is_active: false,
        contact_number: None,
    };
    match tx.create_user(&new, now).await {
        Ok(u) => {
            tx.commit().await?;
            Ok(u.id)
        }
        // Another process made it meanwhile.
        Err(StoreError::Violation(_)) => {
            drop(tx);
            store.user_by_email(&email).await.map(|u| u.id)
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mean(stars: &[u8]) -> f64 {
        stars.iter().map(|s| f64::from(*s)).sum::<f64>() / stars.len() as f64
    }

    #[test]
    fn every_demo_rating_gets_reviews_that_show_it() {
        let today = NaiveDate::from_ymd_opt(2025, 3, 1).expect("a date");
        let mut counts = Vec::new();
        for (i, m) in crate::demo::catalogue(today).iter().enumerate() {
            let stars = stars_for(i, m.rating);
            if m.rating == 0.0 {
                assert!(stars.is_empty(), "{}: New stays without reviews", m.name);
                continue;
            }
            assert!(stars.len() >= 6, "{}: {} reviews", m.name, stars.len());
            assert!(stars.iter().all(|s| (1..=5).contains(s)));
            assert_eq!(
                rating_label(mean(&stars), false),
                rating_label(m.rating, false),
                "{}",
                m.name
            );
            assert_eq!(
                mean(&stars) > TOP_MENTOR_RATING,
                m.rating > TOP_MENTOR_RATING
            );
            assert_eq!(stars, stars_for(i, m.rating), "deterministic");
            counts.push(stars.len());
        }
        counts.sort_unstable();
        counts.dedup();
        assert!(counts.len() >= 10, "review counts vary: {counts:?}");
    }

    #[test]
    fn reviewers_have_distinct_addresses() {
        let mut emails: Vec<String> = (0..REVIEWERS.len()).map(reviewer_email).collect();
        emails.dedup();
        assert_eq!(emails.len(), REVIEWERS.len());
        assert!(emails.iter().all(|e| Email::parse(e).is_ok()));
    }
}

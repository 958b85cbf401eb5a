//! The demo catalogue: 65 fictional mentors used to seed an empty store so
//! that the marketplace can be browsed, filtered and booked straight away,
//! and the demo accounts. The hand-written data lives in `api/data/demo.json`
//! (embedded at build time); this module reads it and derives the rest.
//!
//! Every mentor belongs to one of the seven browse categories (Technology,
//! Business, Leadership, Management, Marketing, Mental Health, Psychology),
//! which is always the first entry of their `expertise`, so a category
//! filter that matches on expertise finds them. A handful also cover Career
//! Growth, Freelancing, Health & Fitness, academic and creative careers.
//!
//! The catalogue is fully deterministic: contacts, social links and slots
//! are derived from a mentor's position and handle by plain arithmetic. No
//! randomness and no clock reads, so the same `today` always gives the same
//! catalogue. Only the bookable slots depend on `today`; they fall in the 14
//! days after it, between 09:00 and 21:00 IST. A mentor's handle is the
//! crate's slug of their name (`domain_wasm::slug::slugify`), unless the data
//! gives one (names whose slug is not plain ASCII, or starts with a title).
//!
//! The people are invented. Headlines never claim current employment at a
//! real company ("ex-" or a generic description instead), e-mail addresses
//! and websites use reserved example domains, social handles end in `-demo`
//! or `_demo`, and phone numbers follow the fictitious `+91 98765 0XXXX`
//! pattern. `image_url` is left `None` so the store points each mentor at
//! a generated portrait.

use std::sync::LazyLock;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};
use domain_wasm::accounts::Email;
use serde::Deserialize;

use crate::store::model::{Education, Experience, NewMentor, NewService, NewSlot, Project};
use crate::store::{NewUser, Role as AccountRole, Store, StoreError};

/// The demo data, as written in `api/data/demo.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DemoData {
    #[allow(dead_code)]
    about: String,
    accounts: Vec<AccountSeed>,
    categories: Vec<Category>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AccountSeed {
    role: String,
    email: String,
    name: String,
    password: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Category {
    category: String,
    mentors: Vec<Seed>,
}

/// The hand-written part of a mentor.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Seed {
    name: String,
    /// The handle of e-mail addresses and profile URLs, when the slug of
    /// the name will not do.
    handle: Option<String>,
    headline: String,
    /// The category first, then 1 to 3 specialities.
    expertise: Vec<String>,
    rating: f64,
    years: i64,
    bio: String,
    education: Vec<EducationSeed>,
    /// Most recent first; `end` is `null` for the current role.
    roles: Vec<RoleSeed>,
    projects: Vec<ProjectSeed>,
    /// The first service is the one shown on cards.
    services: Vec<ServiceSeed>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EducationSeed {
    degree: String,
    institution: String,
    year: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleSeed {
    title: String,
    company: String,
    start: i64,
    end: Option<i64>,
    description: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProjectSeed {
    title: String,
    description: String,
    url: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ServiceSeed {
    title: String,
    description: String,
    minutes: i64,
    price_paise: i64,
}

static DATA: LazyLock<DemoData> = LazyLock::new(|| {
    // Embedded at build time and checked by the tests below: a broken file
    // never reaches a running server.
    let data: DemoData = serde_json::from_str(include_str!("../data/demo.json"))
        .unwrap_or_else(|e| panic!("api/data/demo.json is not valid demo data: {e}"));
    for category in &data.categories {
        for mentor in &category.mentors {
            assert!(
                mentor.expertise.first() == Some(&category.category),
                "api/data/demo.json: {} must list {} first in expertise",
                mentor.name,
                category.category
            );
        }
    }
    data
});

/// A demo account: who it is and how to sign in as them.
#[derive(Debug, Clone)]
pub struct DemoAccount {
    pub role: AccountRole,
    pub email: String,
    pub name: String,
    /// Demo only: printed at start and in the README, never used outside demo mode.
    pub password: String,
}

static ACCOUNTS: LazyLock<Vec<DemoAccount>> = LazyLock::new(|| {
    DATA.accounts
        .iter()
        .map(|a| DemoAccount {
            role: AccountRole::parse(&a.role)
                .unwrap_or_else(|| panic!("demo account {}: unknown role {:?}", a.email, a.role)),
            email: a.email.clone(),
            name: a.name.clone(),
            password: a.password.clone(),
        })
        .collect()
});

/// The learner, mentor and administrator of demo mode.
pub fn accounts() -> &'static [DemoAccount] {
    &ACCOUNTS
}

/// The deterministic demo catalogue. `today` is the UTC date the catalogue is
/// seeded on; only the available slots depend on it (they fall in the 14 days after it).
pub fn catalogue(today: NaiveDate) -> Vec<NewMentor> {
    // Interleave the categories so that the first page of an unfiltered
    // listing already shows every kind of mentor.
    let groups = &DATA.categories;
    let rounds = groups.iter().map(|g| g.mentors.len()).max().unwrap_or(0);
    let seeds =
        (0..rounds).flat_map(|round| groups.iter().filter_map(move |g| g.mentors.get(round)));
    seeds
        .enumerate()
        .map(|(index, seed)| mentor(index, seed, today))
        .collect()
}

/// How many slots a mentor offers, cycled by catalogue position.
const SLOT_COUNTS: [usize; 7] = [3, 5, 2, 6, 0, 4, 1];
/// Slot days are `1 + (index + k * SLOT_DAY_STEP) % 14` for the k-th slot;
/// the step is coprime with 14, so one mentor's slots fall on distinct days
/// and can never overlap.
const SLOT_DAY_STEP: usize = 5;
/// 03:30 UTC, 09:00 IST: the earliest start.
const FIRST_START_MINUTE: i64 = 3 * 60 + 30;
/// Starts are on the half hour from 03:30 to 13:00 UTC, so even a 90-minute
/// session ends by 14:30 UTC (20:00 IST).
const START_CHOICES: usize = 20;

/// The mentor's handle: given in the data, or the crate's slug of the name.
fn handle(seed: &Seed) -> String {
    seed.handle
        .clone()
        .unwrap_or_else(|| domain_wasm::slug::slugify(&seed.name))
}

fn mentor(index: usize, seed: &Seed, today: NaiveDate) -> NewMentor {
    let slug = handle(seed);
    let is_tech = seed.expertise.first().map(String::as_str) == Some("Technology");

    let mut contact = vec![(
        "email".to_owned(),
        format!("{}@mentors.example", slug.replace('-', ".")),
    )];
    if index % 4 == 1 {
        contact.push((
            "website".to_owned(),
            format!("https://example.com/mentors/{slug}"),
        ));
    }
    if index % 6 == 3 {
        contact.push(("phone".to_owned(), format!("+91 98765 {:05}", index + 1)));
    }

    let mut social_links = vec![(
        "linkedin".to_owned(),
        format!("https://www.linkedin.com/in/{slug}-demo"),
    )];
    if index % 3 != 2 {
        social_links.push((
            "twitter".to_owned(),
            format!("https://twitter.com/{}_demo", slug.replace('-', "_")),
        ));
    }
    if is_tech {
        social_links.push((
            "github".to_owned(),
            format!("https://github.com/{slug}-demo"),
        ));
    }

    NewMentor {
        user_id: None,
        name: seed.name.clone(),
        headline: seed.headline.clone(),
        expertise: seed.expertise.clone(),
        rating: seed.rating,
        experience_years: seed.years,
        bio: seed.bio.clone(),
        image_url: None,
        contact,
        social_links,
        education: seed
            .education
            .iter()
            .map(|e| Education {
                degree: e.degree.clone(),
                institution: e.institution.clone(),
                year: Some(e.year),
            })
            .collect(),
        experience: seed
            .roles
            .iter()
            .map(|r| Experience {
                title: r.title.clone(),
                company: r.company.clone(),
                start_year: Some(r.start),
                end_year: r.end,
                description: r.description.clone(),
            })
            .collect(),
        projects: seed
            .projects
            .iter()
            .map(|p| Project {
                title: p.title.clone(),
                description: p.description.clone(),
                url: p.url.clone(),
            })
            .collect(),
        services: seed
            .services
            .iter()
            .map(|s| NewService {
                title: s.title.clone(),
                description: s.description.clone(),
                duration_minutes: s.minutes,
                price_paise: s.price_paise,
            })
            .collect(),
        available_slots: slots(index, seed, today),
    }
}

/// Up to six slots on distinct days in the 14 days after `today`, each as
/// long as one of the mentor's services, in chronological order. Mentors
/// without reviews yet get none or two.
fn slots(index: usize, seed: &Seed, today: NaiveDate) -> Vec<NewSlot> {
    if seed.services.is_empty() {
        return Vec::new();
    }
    let count = if seed.rating <= 0.0 {
        if index % 2 == 1 { 2 } else { 0 }
    } else {
        SLOT_COUNTS[index % SLOT_COUNTS.len()]
    };
    let midnight = today.and_time(NaiveTime::MIN).and_utc();
    let mut slots: Vec<NewSlot> = (0..count)
        .map(|k| {
            let day = 1 + (index + k * SLOT_DAY_STEP) % 14;
            let half_hours = (index * 7 + k * 3) % START_CHOICES;
            let minutes = seed.services[k % seed.services.len()].minutes;
            let starts_at = midnight
                + TimeDelta::days(day as i64)
                + TimeDelta::minutes(FIRST_START_MINUTE + 30 * half_hours as i64);
            NewSlot {
                starts_at,
                ends_at: starts_at + TimeDelta::minutes(minutes),
            }
        })
        .collect();
    slots.sort_by_key(|slot| slot.starts_at);
    slots
}

/// Creates the demo accounts that do not exist yet (active, with their
/// demo passwords) and links the demo mentor account to the first mentor
/// profile without an account. Returns how many were created.
pub async fn ensure_accounts(store: &Store, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let mut created = 0;
    for account in accounts() {
        let email = Email::parse(&account.email).map_err(|p| StoreError::Corrupt {
            what: "demo e-mail address",
            value: format!("{}: {}", account.email, p.message()),
        })?;
        let user = match store.user_by_email(&email).await {
            Ok(u) => u,
            Err(StoreError::NotFound) => {
                let hash = crate::auth::passwords::hash(account.password.clone())
                    .await
                    .map_err(|e| StoreError::Corrupt {
                        what: "demo password hash",
                        value: e.to_string(),
                    })?;
                let new = NewUser {
                    email: email.clone(),
                    name: account.name.clone(),
                    password_hash: Some(hash),
                    google_sub: None,
                    role: account.role,
                    is_active: true,
                    contact_number: Some("+919876543210".to_owned()),
                };
                let mut tx = store.begin().await?;
                match tx.create_user(&new, now).await {
                    Ok(u) => {
                        tx.commit().await?;
                        created += 1;
                        u
                    }
                    // Another process made it meanwhile.
                    Err(StoreError::Violation(_)) => {
                        drop(tx);
                        store.user_by_email(&email).await?
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        };
        if account.role == AccountRole::Mentor
            && user.mentor_id.is_none()
            && let Some(first) = store
                .list_mentors()
                .await?
                .iter()
                .find(|m| m.user_id.is_none())
        {
            let mut tx = store.begin().await?;
            tx.link_mentor(first.id, user.id).await?;
            tx.commit().await?;
        }
    }
    Ok(created)
}

/// Removes the demo accounts, with their sessions and refresh tokens, and
/// unlinks the demo mentor's profile (the demo mentors stay in the
/// catalogue: they are public, fictional and hold no credentials). For a
/// server whose demo is off: nobody may sign in with the published demo
/// passwords. Returns how many accounts were removed.
pub async fn remove_accounts(store: &Store) -> Result<usize, StoreError> {
    let mut removed = 0;
    for account in accounts() {
        let Ok(email) = Email::parse(&account.email) else {
            continue;
        };
        let user = match store.user_by_email(&email).await {
            Ok(u) => u,
            Err(StoreError::NotFound) => continue,
            Err(e) => return Err(e),
        };
        // In one transaction; the store has no method for deleting an
        // account, as nothing else may.
        let steps = [
            "UPDATE mentors SET user_id = NULL WHERE user_id = $1",
            "DELETE FROM refresh_tokens WHERE session_id IN \
             (SELECT id FROM auth_sessions WHERE user_id = $1)",
            "DELETE FROM auth_sessions WHERE user_id = $1",
            "DELETE FROM users WHERE id = $1",
        ];
        crate::store::on_pool!(store, pool => {
            let mut tx = pool.begin().await?;
            for sql in steps {
                sqlx::query(sql).bind(user.id).execute(&mut *tx).await?;
            }
            tx.commit().await
        })?;
        if user.mentor_id.is_some() {
            store.catalogue_written();
        }
        removed += 1;
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashSet};

    use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};

    use super::catalogue;
    use crate::store::model::NewMentor;

    const CATEGORIES: [&str; 7] = [
        "Technology",
        "Business",
        "Leadership",
        "Management",
        "Marketing",
        "Mental Health",
        "Psychology",
    ];
    const DURATIONS: [i64; 5] = [15, 30, 45, 60, 90];
    /// The year the role histories were written against.
    const REFERENCE_YEAR: i64 = 2025;
    /// Real employers that may only appear as "ex-Name", never as a current job.
    const REAL_COMPANIES: [&str; 42] = [
        "Google",
        "Alphabet",
        "Microsoft",
        "Amazon",
        "AWS",
        "Flipkart",
        "Infosys",
        "TCS",
        "Wipro",
        "HCL",
        "Cognizant",
        "Accenture",
        "Deloitte",
        "KPMG",
        "PwC",
        "EY",
        "McKinsey",
        "BCG",
        "Bain",
        "Swiggy",
        "Zomato",
        "Razorpay",
        "Paytm",
        "PhonePe",
        "CRED",
        "Zerodha",
        "Freshworks",
        "Zoho",
        "Myntra",
        "Nykaa",
        "Ola",
        "Uber",
        "Meta",
        "Facebook",
        "Apple",
        "Netflix",
        "Oracle",
        "IBM",
        "Unilever",
        "HUL",
        "Ogilvy",
        "Reliance",
    ];

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 3, 14).expect("valid date")
    }

    fn mentors() -> Vec<NewMentor> {
        catalogue(today())
    }

    fn category(m: &NewMentor) -> &str {
        m.expertise.first().map(String::as_str).unwrap_or_default()
    }

    fn first_price(m: &NewMentor) -> i64 {
        m.services
            .first()
            .expect("every mentor has a service")
            .price_paise
    }

    fn midnight(date: NaiveDate) -> DateTime<Utc> {
        date.and_time(NaiveTime::MIN).and_utc()
    }

    /// Sentences end in `.`, `!` or `?` followed by whitespace or the end.
    fn sentence_count(text: &str) -> usize {
        let chars: Vec<char> = text.chars().collect();
        chars
            .iter()
            .enumerate()
            .filter(|&(i, c)| {
                matches!(c, '.' | '!' | '?') && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
            })
            .count()
    }

    /// Words naming a real company without the "ex-" prefix.
    fn real_company_claims(text: &str) -> Vec<String> {
        text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ';' | ':' | '/'))
            .map(|word| {
                word.trim_end_matches('.')
                    .trim_end_matches("'s")
                    .trim_end_matches('\'')
            })
            .filter(|word| REAL_COMPANIES.contains(word))
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn test_helpers_spot_what_they_should() {
        assert_eq!(
            real_company_claims("Staff Engineer at Flipkart"),
            ["Flipkart"]
        );
        assert_eq!(
            real_company_claims("Architect (AWS), formerly at McKinsey's Delhi office."),
            ["AWS", "McKinsey"]
        );
        assert!(real_company_claims("Principal Data Scientist, ex-Flipkart").is_empty());
        assert!(real_company_claims("Olam and Olay are not Ola").len() == 1);
        assert_eq!(sentence_count("One. Two, with 2.5 GB! Three?"), 3);
        assert_eq!(sentence_count("No full stop"), 0);
    }

    #[test]
    fn catalogue_has_at_least_64_mentors() {
        let mentors = mentors();
        assert!(mentors.len() >= 64, "only {} mentors", mentors.len());
    }

    #[test]
    fn every_category_has_at_least_six_mentors() {
        let mentors = mentors();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for m in &mentors {
            *counts.entry(category(m)).or_default() += 1;
        }
        for c in CATEGORIES {
            let n = counts.get(c).copied().unwrap_or(0);
            assert!(n >= 6, "{c} has only {n} mentors: {counts:?}");
        }
        assert_eq!(
            counts.len(),
            CATEGORIES.len(),
            "unexpected categories: {counts:?}"
        );
    }

    #[test]
    fn expertise_starts_with_category_and_has_two_to_four_entries() {
        for m in &mentors() {
            assert!(
                (2..=4).contains(&m.expertise.len()),
                "{}: {:?}",
                m.name,
                m.expertise
            );
            assert!(
                CATEGORIES.contains(&category(m)),
                "{}: first expertise {:?}",
                m.name,
                m.expertise
            );
            let unique: HashSet<&String> = m.expertise.iter().collect();
            assert_eq!(
                unique.len(),
                m.expertise.len(),
                "{}: duplicate expertise",
                m.name
            );
            assert!(
                m.expertise.iter().all(|e| !e.trim().is_empty()),
                "{}: empty expertise",
                m.name
            );
        }
    }

    #[test]
    fn cross_domain_mentors_are_present() {
        let mentors = mentors();
        let has = |needle: &str| {
            mentors
                .iter()
                .filter(|m| m.expertise.iter().any(|e| e.contains(needle)))
                .count()
        };
        for domain in [
            "Career Growth",
            "Freelancing",
            "Health & Fitness",
            "Academic",
            "Creative",
        ] {
            assert!(has(domain) >= 1, "no mentor covers {domain}");
        }
        assert!(has("Career Growth") + has("Freelancing") + has("Health & Fitness") >= 5);
    }

    #[test]
    fn names_are_unique_and_varied() {
        let mentors = mentors();
        let names: HashSet<&str> = mentors.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names.len(), mentors.len(), "duplicate names");
        assert!(
            mentors.iter().any(|m| !m.name.is_ascii()),
            "no name with a non-ASCII letter"
        );
        assert!(
            mentors
                .iter()
                .any(|m| m.name.starts_with("Dr. ") || m.name.starts_with("Prof. ")),
            "no name with a title"
        );
        assert!(
            mentors.iter().any(|m| m.name.contains('\'')),
            "no name with an apostrophe"
        );
        for m in &mentors {
            assert_eq!(m.name.trim(), m.name);
            assert!(
                m.name.split_whitespace().count() >= 2,
                "{} needs a surname",
                m.name
            );
        }
    }

    #[test]
    fn headlines_are_specific_and_claim_no_current_job_at_a_real_company() {
        for m in &mentors() {
            assert!(
                (15..=90).contains(&m.headline.chars().count()),
                "{}: headline {:?}",
                m.name,
                m.headline
            );
            for text in [m.headline.as_str(), m.bio.as_str()] {
                assert_eq!(
                    real_company_claims(text),
                    Vec::<String>::new(),
                    "{}: {text:?}",
                    m.name
                );
            }
            for role in &m.experience {
                let claims = real_company_claims(&format!("{} {}", role.company, role.description));
                assert_eq!(
                    claims,
                    Vec::<String>::new(),
                    "{}: role at {:?}",
                    m.name,
                    role.company
                );
            }
        }
        assert!(
            mentors().iter().any(|m| m.headline.contains("ex-")),
            "no ex- headline"
        );
    }

    #[test]
    fn ratings_are_varied_and_in_range() {
        let ratings: Vec<f64> = mentors().iter().map(|m| m.rating).collect();
        for &r in &ratings {
            assert!((0.0..=5.0).contains(&r), "rating {r}");
            assert!(
                ((r * 100.0).round() - r * 100.0).abs() < 1e-9,
                "rating {r} has more than two decimals"
            );
        }
        assert!(
            ratings.iter().filter(|&&r| r == 0.0).count() >= 4,
            "need 4 new mentors"
        );
        assert!(
            ratings.iter().filter(|&&r| r > 4.5).count() >= 10,
            "need 10 above 4.5"
        );
        assert!(ratings.contains(&4.5), "need one exactly 4.5");
        assert!(
            ratings.iter().filter(|&&r| (3.5..4.5).contains(&r)).count() >= 5,
            "need some in 3.5..4.5"
        );
        assert!(
            ratings
                .iter()
                .any(|&r| ((r * 10.0).round() - r * 10.0).abs() > 1e-9),
            "need a two-decimal rating"
        );
        let distinct: HashSet<u64> = ratings.iter().map(|r| r.to_bits()).collect();
        assert!(
            distinct.len() >= 15,
            "only {} distinct ratings",
            distinct.len()
        );
    }

    #[test]
    fn experience_years_are_varied() {
        let mentors = mentors();
        let years: Vec<i64> = mentors.iter().map(|m| m.experience_years).collect();
        assert!(years.iter().all(|y| (1..=30).contains(y)), "{years:?}");
        assert!(years.iter().filter(|&&y| y > 10).count() >= 8);
        assert!(years.iter().filter(|&&y| y > 15).count() >= 4);
        assert!(
            years.iter().filter(|&&y| y <= 5).count() >= 3,
            "need some early-career mentors"
        );
        let distinct: HashSet<i64> = years.iter().copied().collect();
        assert!(
            distinct.len() >= 15,
            "only {} distinct values",
            distinct.len()
        );
    }

    #[test]
    fn some_mentors_qualify_for_the_pro_badge() {
        let pro = mentors()
            .iter()
            .filter(|m| m.rating > 0.0 && m.rating <= 4.5 && m.experience_years > 10)
            .count();
        assert!(
            pro >= 3,
            "only {pro} reviewed mentors with rating <= 4.5 and over 10 years"
        );
    }

    #[test]
    fn experience_years_match_role_history() {
        for m in &mentors() {
            let first = m
                .experience
                .iter()
                .filter_map(|e| e.start_year)
                .min()
                .expect("a start year");
            let span = REFERENCE_YEAR - first;
            assert!(
                (span - m.experience_years).abs() <= 2,
                "{}: {} years but first role in {first}",
                m.name,
                m.experience_years
            );
        }
    }

    #[test]
    fn bios_are_two_to_four_real_sentences() {
        let mentors = mentors();
        let bios: HashSet<&str> = mentors.iter().map(|m| m.bio.as_str()).collect();
        assert_eq!(bios.len(), mentors.len(), "bios must not repeat");
        for m in &mentors {
            let n = sentence_count(&m.bio);
            assert!((2..=4).contains(&n), "{}: {n} sentences", m.name);
            assert!(
                m.bio.ends_with(['.', '!', '?']),
                "{}: unfinished bio",
                m.name
            );
            assert!(m.bio.len() >= 150, "{}: bio too short", m.name);
            let lower = m.bio.to_lowercase();
            for filler in ["lorem", "ipsum", "todo", "placeholder"] {
                assert!(!lower.contains(filler), "{}: {filler}", m.name);
            }
        }
    }

    #[test]
    fn images_and_user_ids_are_left_to_the_store() {
        for m in &mentors() {
            assert_eq!(m.image_url, None, "{}", m.name);
            assert!(
                !m.image_url
                    .as_deref()
                    .unwrap_or_default()
                    .starts_with("http")
            );
            assert_eq!(m.user_id, None, "{}", m.name);
        }
    }

    #[test]
    fn contact_uses_example_domains_only() {
        let mentors = mentors();
        let mut emails = HashSet::new();
        let mut phones = 0;
        for m in &mentors {
            let email: Vec<&str> = m
                .contact
                .iter()
                .filter(|(k, _)| k == "email")
                .map(|(_, v)| v.as_str())
                .collect();
            assert_eq!(email.len(), 1, "{}: exactly one email", m.name);
            for (kind, value) in &m.contact {
                match kind.as_str() {
                    "email" => {
                        let (local, domain) = value.split_once('@').expect("an address");
                        assert_eq!(domain, "mentors.example", "{value}");
                        assert!(!local.is_empty() && local.is_ascii(), "{value}");
                        assert!(emails.insert(value.clone()), "duplicate email {value}");
                    }
                    "website" => assert!(value.starts_with("https://example.com/"), "{value}"),
                    "phone" => {
                        phones += 1;
                        let rest = value
                            .strip_prefix("+91 98765 0")
                            .expect("fictitious prefix");
                        assert!(
                            rest.len() == 4 && rest.chars().all(|c| c.is_ascii_digit()),
                            "{value}"
                        );
                    }
                    other => panic!("{}: unexpected contact kind {other}", m.name),
                }
            }
        }
        assert!(
            mentors
                .iter()
                .any(|m| m.contact.iter().any(|(k, _)| k == "website"))
        );
        assert!(phones < mentors.len() / 2, "phones should be the exception");
    }

    #[test]
    fn social_links_use_fictitious_handles_on_real_networks() {
        for m in &mentors() {
            let networks: Vec<&str> = m.social_links.iter().map(|(n, _)| n.as_str()).collect();
            assert!(networks.contains(&"linkedin"), "{}: no linkedin", m.name);
            let unique: HashSet<&&str> = networks.iter().collect();
            assert_eq!(
                unique.len(),
                networks.len(),
                "{}: duplicate network",
                m.name
            );
            for (network, url) in &m.social_links {
                let host = match network.as_str() {
                    "linkedin" => "https://www.linkedin.com/in/",
                    "twitter" => "https://twitter.com/",
                    "github" => "https://github.com/",
                    other => panic!("{}: unexpected network {other}", m.name),
                };
                let handle = url.strip_prefix(host).expect("the network's host");
                assert!(
                    handle.ends_with("-demo") || handle.ends_with("_demo"),
                    "{url}"
                );
                assert!(
                    handle.is_ascii() && !handle.contains(['/', ' ', '.']),
                    "{url}"
                );
            }
            let is_tech = m.expertise.first().is_some_and(|e| e == "Technology");
            assert_eq!(
                networks.contains(&"github"),
                is_tech,
                "{}: github only for tech mentors",
                m.name
            );
        }
    }

    #[test]
    fn education_entries_are_plausible() {
        for m in &mentors() {
            assert!((1..=2).contains(&m.education.len()), "{}", m.name);
            for e in &m.education {
                assert!(
                    !e.degree.is_empty() && !e.institution.is_empty(),
                    "{}",
                    m.name
                );
                let year = e.year.expect("a year");
                assert!(
                    (1985..=REFERENCE_YEAR).contains(&year),
                    "{}: {year}",
                    m.name
                );
            }
        }
        let institutions: HashSet<String> = mentors()
            .iter()
            .flat_map(|m| m.education.iter().map(|e| e.institution.clone()))
            .collect();
        for known in [
            "IIT Madras",
            "IIM Ahmedabad",
            "NIMHANS, Bengaluru",
            "Tata Institute of Social Sciences",
        ] {
            assert!(institutions.contains(known), "missing {known}");
        }
    }

    #[test]
    fn experience_entries_are_well_formed() {
        for m in &mentors() {
            assert!((1..=3).contains(&m.experience.len()), "{}", m.name);
            let current = m.experience.iter().filter(|e| e.end_year.is_none()).count();
            assert_eq!(current, 1, "{}: exactly one current role", m.name);
            assert!(
                m.experience[0].end_year.is_none(),
                "{}: current role first",
                m.name
            );
            for e in &m.experience {
                let start = e.start_year.expect("a start year");
                assert!(start <= REFERENCE_YEAR, "{}", m.name);
                if let Some(end) = e.end_year {
                    assert!(
                        end >= start && end <= REFERENCE_YEAR,
                        "{}: {start}-{end}",
                        m.name
                    );
                }
                assert!(!e.title.is_empty() && !e.company.is_empty(), "{}", m.name);
                assert_eq!(
                    sentence_count(&e.description),
                    1,
                    "{}: {:?}",
                    m.name,
                    e.description
                );
            }
            let starts: Vec<i64> = m.experience.iter().filter_map(|e| e.start_year).collect();
            assert!(
                starts.windows(2).all(|w| w[0] >= w[1]),
                "{}: roles not most recent first",
                m.name
            );
        }
    }

    #[test]
    fn projects_are_optional_and_use_example_urls() {
        let mentors = mentors();
        for m in &mentors {
            assert!(m.projects.len() <= 2, "{}", m.name);
            for p in &m.projects {
                assert!(
                    !p.title.is_empty() && !p.description.is_empty(),
                    "{}",
                    m.name
                );
                if let Some(url) = &p.url {
                    assert!(url.starts_with("https://example.com/"), "{url}");
                }
            }
        }
        assert!(mentors.iter().any(|m| m.projects.is_empty()));
        assert!(mentors.iter().any(|m| !m.projects.is_empty()));
    }

    #[test]
    fn services_have_allowed_durations_and_prices() {
        for m in &mentors() {
            assert!((1..=3).contains(&m.services.len()), "{}", m.name);
            let titles: HashSet<&str> = m.services.iter().map(|s| s.title.as_str()).collect();
            assert_eq!(
                titles.len(),
                m.services.len(),
                "{}: duplicate service",
                m.name
            );
            for s in &m.services {
                assert!(
                    DURATIONS.contains(&s.duration_minutes),
                    "{}: {}",
                    m.name,
                    s.duration_minutes
                );
                assert!(s.price_paise >= 0, "{}", m.name);
                assert!(
                    !s.title.is_empty() && !s.description.is_empty(),
                    "{}",
                    m.name
                );
                if s.price_paise == 0 {
                    assert!(
                        s.duration_minutes <= 30,
                        "{}: free sessions are short",
                        m.name
                    );
                }
            }
        }
    }

    #[test]
    fn first_service_prices_are_spread() {
        let prices: Vec<i64> = mentors().iter().map(first_price).collect();
        let paid: Vec<i64> = prices.iter().copied().filter(|&p| p > 0).collect();
        assert!(
            prices.iter().filter(|&&p| p == 0).count() >= 8,
            "need 8 free first services"
        );
        let mid = paid
            .iter()
            .filter(|p| (49_900..=1_500_000).contains(*p))
            .count();
        assert!(
            mid * 2 > paid.len(),
            "most paid prices should be ₹499..₹15,000"
        );
        assert!(
            prices.iter().filter(|&&p| p >= 10_000_000).count() >= 3,
            "need 3 at ₹1,00,000+"
        );
        assert!(
            prices.iter().any(|p| p % 100 != 0),
            "need a price with paise"
        );
        assert!(prices.contains(&99_900), "need ₹999");
        assert!(prices.contains(&100_000), "need ₹1,000");
        assert!(
            paid.iter().all(|&p| p >= 49_900),
            "paid prices start at ₹499"
        );
    }

    #[test]
    fn slots_fall_in_the_next_fourteen_days_in_ist_working_hours() {
        let today = today();
        let window_start = midnight(today + TimeDelta::days(1));
        let window_end = midnight(today + TimeDelta::days(15));
        let earliest = NaiveTime::from_hms_opt(3, 30, 0).expect("valid time");
        let latest = NaiveTime::from_hms_opt(15, 30, 0).expect("valid time");
        for m in &mentors() {
            for s in &m.available_slots {
                assert!(
                    s.starts_at > midnight(today),
                    "{}: slot not in the future",
                    m.name
                );
                assert!(
                    s.starts_at >= window_start && s.ends_at <= window_end,
                    "{}: {s:?}",
                    m.name
                );
                assert!(s.ends_at > s.starts_at, "{}: {s:?}", m.name);
                assert_eq!(
                    s.starts_at.date_naive(),
                    s.ends_at.date_naive(),
                    "{}",
                    m.name
                );
                assert!(
                    s.starts_at.time() >= earliest && s.ends_at.time() <= latest,
                    "{}: {s:?}",
                    m.name
                );
            }
        }
    }

    #[test]
    fn slots_match_a_service_and_do_not_overlap() {
        for m in &mentors() {
            let durations: Vec<i64> = m.services.iter().map(|s| s.duration_minutes).collect();
            for s in &m.available_slots {
                let minutes = (s.ends_at - s.starts_at).num_minutes();
                assert!(
                    durations.contains(&minutes),
                    "{}: {minutes}-minute slot",
                    m.name
                );
            }
            for pair in m.available_slots.windows(2) {
                assert!(
                    pair[0].ends_at <= pair[1].starts_at,
                    "{}: overlapping or unsorted slots",
                    m.name
                );
            }
        }
    }

    #[test]
    fn slot_counts_vary_and_some_mentors_have_none() {
        let mentors = mentors();
        assert!(mentors.iter().all(|m| m.available_slots.len() <= 6));
        assert!(mentors.iter().any(|m| m.available_slots.is_empty()));
        assert!(mentors.iter().any(|m| m.available_slots.len() == 6));
        let bookable = mentors
            .iter()
            .filter(|m| !m.available_slots.is_empty())
            .count();
        assert!(
            bookable * 3 >= mentors.len() * 2,
            "only {bookable} mentors are bookable"
        );
    }

    #[test]
    fn catalogue_is_deterministic() {
        assert_eq!(catalogue(today()), catalogue(today()));
        let other = NaiveDate::from_ymd_opt(2031, 12, 25).expect("valid date");
        assert_eq!(catalogue(other), catalogue(other));
    }

    #[test]
    fn only_the_slots_depend_on_the_date() {
        let today = today();
        let tomorrow = today + TimeDelta::days(1);
        let strip = |mut ms: Vec<NewMentor>| {
            for m in &mut ms {
                m.available_slots.clear();
            }
            ms
        };
        assert_eq!(strip(catalogue(today)), strip(catalogue(tomorrow)));
        // The slots move with the date: the same offsets from the new day.
        for (a, b) in catalogue(today).iter().zip(catalogue(tomorrow).iter()) {
            assert_eq!(a.available_slots.len(), b.available_slots.len());
            for (x, y) in a.available_slots.iter().zip(&b.available_slots) {
                assert_eq!(y.starts_at - x.starts_at, TimeDelta::days(1));
                assert_eq!(y.ends_at - x.ends_at, TimeDelta::days(1));
            }
        }
    }

    #[test]
    fn categories_are_interleaved_in_catalogue_order() {
        let mentors = mentors();
        let first: HashSet<&str> = mentors
            .iter()
            .take(CATEGORIES.len())
            .map(category)
            .collect();
        assert_eq!(
            first.len(),
            CATEGORIES.len(),
            "the first page should show every category"
        );
    }
}

#[cfg(test)]
mod data_file {
    use super::*;

    #[test]
    fn the_data_file_reads_and_every_handle_is_plain_ascii() {
        assert_eq!(DATA.categories.len(), 7);
        assert_eq!(accounts().len(), 3);
        for seed in DATA.categories.iter().flat_map(|c| &c.mentors) {
            let h = handle(seed);
            assert!(
                !h.is_empty()
                    && h.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}: handle {h:?} must be plain ASCII (give \"handle\" in the data)",
                seed.name
            );
            if let Some(given) = &seed.handle {
                assert_ne!(
                    given,
                    &domain_wasm::slug::slugify(&seed.name),
                    "{}: the slug of the name would do; drop \"handle\"",
                    seed.name
                );
            }
        }
        for (category, group) in DATA.categories.iter().map(|c| (&c.category, &c.mentors)) {
            assert!(
                group.iter().all(|m| m.expertise.first() == Some(category)),
                "every {category} mentor lists it first"
            );
        }
    }
}

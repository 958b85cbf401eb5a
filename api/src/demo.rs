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
//! The catalogue is fully deterministic: contacts, social links and
//! availability are derived from a mentor's position and handle by plain
//! arithmetic. No randomness and no clock reads, so the same `today` always
//! gives the same catalogue. Every mentor has weekly availability (weekday
//! evenings and weekend mornings, most in Asia/Kolkata, one in Europe/London
//! and one in America/New_York), so their bookable slots, computed from it,
//! never run out; only a few date overrides depend on `today`. A mentor's handle is the
//! crate's slug of their name (`domain_wasm::slug::slugify`), unless the data
//! gives one (names whose slug is not plain ASCII, or starts with a title).
//!
//! The people are invented. Headlines never claim current employment at a
//! real company ("ex-" or a generic description instead), e-mail addresses
//! and websites use reserved example domains, social handles end in `-demo`
//! or `_demo`, and phone numbers follow the fictitious `+91 98765 0XXXX`
//! pattern. `image_url` is left `None` so the store points each mentor at
//! a generated portrait.

use std::collections::HashMap;
use std::sync::LazyLock;

use chrono::{DateTime, Datelike, NaiveDate, TimeDelta, Utc};
use domain_wasm::accounts::Email;
use domain_wasm::money::Paise;
use domain_wasm::slots::{Availability, DateOverride, TimeRange, WeeklyRange};
use serde::Deserialize;

use crate::store::model::{Education, Experience, NewMentor, NewService, Project};
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
    /// A negative price does not read.
    price_paise: Paise,
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
/// seeded on; only the availability's date overrides depend on it (a day off
/// or extra hours in the fortnight after it).
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

/// The catalogue positions of the mentors who live outside India (the
/// others are in Asia/Kolkata): one where the clocks change in spring and
/// autumn on Europe's dates, one on America's.
const LONDON: usize = 3;
const NEW_YORK: usize = 10;
/// Weekday evenings start at one of these local hours and last three hours.
const EVENING_STARTS: [u32; 3] = [17, 18, 19];

/// A mentor's weekly availability: weekday evenings (every weekday, or
/// Monday, Wednesday and Friday, or Tuesday and Thursday) and weekend
/// mornings (Saturday 09:00–12:00, Sunday 10:00–13:00, or both), 15-minute
/// buffers, 12 hours' notice, bookings open 60 days ahead. Every mentor has
/// at least two ranges a week, each long enough for a 90-minute session
/// with its buffers. Some take a day off three days after `today`; some add
/// an afternoon nine days after it.
fn availability(index: usize, today: NaiveDate) -> Availability {
    let time_zone = match index {
        LONDON => "Europe/London",
        NEW_YORK => "America/New_York",
        _ => "Asia/Kolkata",
    };
    let range = |start: u32, end: u32| (format!("{start:02}:00"), format!("{end:02}:00"));
    let evening_days: &[u8] = match index % 3 {
        0 => &[0, 1, 2, 3, 4],
        1 => &[0, 2, 4],
        _ => &[1, 3],
    };
    let evening = EVENING_STARTS[(index / 3) % EVENING_STARTS.len()];
    let mut weekly: Vec<WeeklyRange> = evening_days
        .iter()
        .map(|&weekday| {
            let (start, end) = range(evening, evening + 3);
            WeeklyRange {
                weekday,
                start,
                end,
            }
        })
        .collect();
    let (saturday, sunday) = match index % 4 {
        1 => (true, false),
        2 => (false, true),
        _ => (true, true),
    };
    for (weekday, wanted, start) in [(5, saturday, 9), (6, sunday, 10)] {
        if wanted {
            let (start, end) = range(start, start + 3);
            weekly.push(WeeklyRange {
                weekday,
                start,
                end,
            });
        }
    }
    let ranges_of = |date: NaiveDate| -> Vec<TimeRange> {
        let weekday = date.weekday().num_days_from_monday() as u8;
        weekly
            .iter()
            .filter(|r| r.weekday == weekday)
            .map(|r| TimeRange {
                start: r.start.clone(),
                end: r.end.clone(),
            })
            .collect()
    };
    let overrides = match index % 5 {
        0 => vec![DateOverride {
            date: (today + TimeDelta::days(3)).format("%Y-%m-%d").to_string(),
            ranges: Vec::new(),
        }],
        1 => {
            // The usual ranges and an afternoon, which ends before any
            // evening starts and begins after any morning ends.
            let date = today + TimeDelta::days(9);
            let (start, end) = range(14, 17);
            let mut ranges = ranges_of(date);
            ranges.push(TimeRange { start, end });
            vec![DateOverride {
                date: date.format("%Y-%m-%d").to_string(),
                ranges,
            }]
        }
        _ => Vec::new(),
    };
    Availability {
        time_zone: time_zone.to_owned(),
        weekly,
        overrides,
        buffer_before_minutes: 15,
        buffer_after_minutes: 15,
        minimum_notice_minutes: 12 * 60,
        booking_window_days: 60,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    }
}

/// Whether a demo service confirms at once: every free one (introduction
/// calls), and the paid ones of every third mentor (the second, fifth …),
/// so that a visitor can book a free session or pay for one without anyone
/// acting. The first mentor, whose profile the demo mentor account runs,
/// takes paid sessions by request: signed in as them, a visitor answers
/// requests.
fn instant(index: usize, price: Paise) -> bool {
    domain_wasm::mentoring::instant_by_default(price.to_i64()) || index % 3 == 1
}

/// The e-mail domain of the demo mentors (their profiles' contact and their
/// accounts): reserved (RFC 2606), nobody else has it.
pub const MENTOR_DOMAIN: &str = "mentors.example";

/// The time zone of the demo mentors' accounts.
pub const MENTOR_TIME_ZONE: &str = "Asia/Kolkata";

/// A demo mentor's profile: its contact e-mail is on [`MENTOR_DOMAIN`].
pub fn is_demo_profile(m: &crate::store::model::Mentor) -> bool {
    m.contact
        .iter()
        .any(|(kind, value)| kind == "email" && value.ends_with(&format!("@{MENTOR_DOMAIN}")))
}

/// The demo mentor's e-mail address for a profile (its handle's dots, on
/// [`MENTOR_DOMAIN`]): their profile's contact e-mail and their account's.
fn mentor_email(handle: &str) -> String {
    format!("{}@{MENTOR_DOMAIN}", handle.replace('-', "."))
}

/// The mentor's handle: given in the data, or the crate's slug of the name.
fn handle(seed: &Seed) -> String {
    seed.handle
        .clone()
        .unwrap_or_else(|| domain_wasm::slug::slugify(&seed.name))
}

fn mentor(index: usize, seed: &Seed, today: NaiveDate) -> NewMentor {
    let slug = handle(seed);
    let is_tech = seed.expertise.first().map(String::as_str) == Some("Technology");

    let mut contact = vec![("email".to_owned(), mentor_email(&slug))];
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
                instant_confirmation: instant(index, s.price_paise),
            })
            .collect(),
        availability: Some(availability(index, today)),
    }
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
                let hash =
                    password_hash(&account.password)
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
                        if account.role == AccountRole::Mentor {
                            tx.set_time_zone(u.id, MENTOR_TIME_ZONE, now).await?;
                        }
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
    Ok(created + ensure_mentor_accounts(store, now).await?)
}

/// The password of every demo mentor's account: the demo mentor's (demo
/// only, published in the README).
pub fn mentor_password() -> &'static str {
    accounts()
        .iter()
        .find(|a| a.role == AccountRole::Mentor)
        .map_or("Mentor#2026", |a| a.password.as_str())
}

/// The argon2id hash of a demo password, made once per process: the
/// passwords are published and the same at every start, so a second
/// database prepared by the same process (the tests prepare hundreds)
/// reuses the hash instead of spending a hash's time and memory again.
async fn password_hash(password: &str) -> Result<String, crate::auth::passwords::HashError> {
    static MADE: LazyLock<tokio::sync::Mutex<HashMap<String, String>>> =
        LazyLock::new(Default::default);
    let mut made = MADE.lock().await;
    if let Some(hash) = made.get(password) {
        return Ok(hash.clone());
    }
    let hash = crate::auth::passwords::hash(password.to_owned()).await?;
    made.insert(password.to_owned(), hash.clone());
    Ok(hash)
}

/// Gives every demo mentor profile without an account one (active, a
/// mentor, in [`MENTOR_TIME_ZONE`]), signing in with its contact e-mail
/// (`{handle with dots}@mentors.example`) and [`mentor_password`], so that
/// each can answer requests and every demo mentor is listed. One password
/// hash for all of them, made once per start and only when some account is
/// missing (argon2id is slow in debug builds); one transaction. Returns how
/// many were created.
async fn ensure_mentor_accounts(store: &Store, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let mut missing = Vec::new();
    for m in store.list_mentors().await? {
        if m.user_id.is_some() {
            continue;
        }
        if !is_demo_profile(&m) {
            continue;
        }
        let Some((_, address)) = m.contact.iter().find(|(kind, _)| kind == "email") else {
            continue;
        };
        let Ok(email) = Email::parse(address) else {
            continue;
        };
        // An account of that address that runs no profile (made by hand):
        // left alone rather than given a demo profile.
        match store.user_by_email(&email).await {
            Err(StoreError::NotFound) => missing.push((m.id, m.name, email)),
            Ok(_) => {}
            Err(e) => return Err(e),
        }
    }
    if missing.is_empty() {
        return Ok(0);
    }
    let hash = password_hash(mentor_password())
        .await
        .map_err(|e| StoreError::Corrupt {
            what: "demo password hash",
            value: e.to_string(),
        })?;
    let mut tx = store.begin().await?;
    for (profile, name, email) in &missing {
        let new = NewUser {
            email: email.clone(),
            name: name.clone(),
            password_hash: Some(hash.clone()),
            google_sub: None,
            role: AccountRole::Mentor,
            is_active: true,
            contact_number: None,
        };
        let user = match tx.create_user(&new, now).await {
            Ok(u) => u,
            // Another process made them meanwhile.
            Err(StoreError::Violation(_)) => return Ok(0),
            Err(e) => return Err(e),
        };
        tx.set_time_zone(user.id, MENTOR_TIME_ZONE, now).await?;
        tx.link_mentor(*profile, user.id).await?;
    }
    tx.commit().await?;
    store.catalogue_written();
    Ok(missing.len())
}

/// Gives each demo mentor without availability the demo's weekly
/// availability (as of `now`), so a database seeded before availability was
/// stored (seeding only fills an empty catalogue) still shows their slots.
/// A demo mentor is recognised by the contact e-mail the demo gave them (on
/// the reserved `mentors.example` domain, which nobody else has); one who
/// set their own availability keeps it, so a second start changes nothing.
/// Returns how many got it.
pub async fn ensure_availability(store: &Store, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let email_of = |contact: &[(String, String)]| {
        contact
            .iter()
            .find(|(kind, _)| kind == "email")
            .map(|(_, value)| value.clone())
    };
    let mut demo: HashMap<String, Availability> = catalogue(now.date_naive())
        .into_iter()
        .filter_map(|m| Some((email_of(&m.contact)?, m.availability?)))
        .collect();
    let missing: Vec<(i64, Availability)> = store
        .list_mentors()
        .await?
        .into_iter()
        .filter(|m| m.availability.is_none())
        .filter_map(|m| Some((m.id, demo.remove(&email_of(&m.contact)?)?)))
        .collect();
    store.add_missing_availability(&missing, now).await
}

/// Removes the demo accounts (the demo mentors' too), with their sessions
/// and refresh tokens, and unlinks the profiles they ran (the demo mentors
/// stay in the database, but with nobody to answer them they are not
/// listed: `domain_wasm::listed`). For a
/// server whose demo is off: nobody may sign in with the published demo
/// passwords. Returns how many accounts were removed.
pub async fn remove_accounts(store: &Store) -> Result<usize, StoreError> {
    let mut removed = 0;
    // The three demo accounts and the demo mentors' (on their reserved
    // domain, which nobody else has).
    let mut emails: Vec<String> = accounts().iter().map(|a| a.email.clone()).collect();
    let pattern = format!("%@{MENTOR_DOMAIN}");
    let mentors: Vec<(String,)> = crate::store::on_pool!(store, pool =>
        sqlx::query_as("SELECT email FROM users WHERE email LIKE $1 ORDER BY id")
            .bind(&pattern)
            .fetch_all(pool)
            .await)?;
    emails.extend(mentors.into_iter().map(|(e,)| e));
    for address in &emails {
        let Ok(email) = Email::parse(address) else {
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
    use domain_wasm::slots::{Interval, Schedule, SlotQuery, slots};

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
            .to_i64()
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
                assert!(
                    !s.title.is_empty() && !s.description.is_empty(),
                    "{}",
                    m.name
                );
                if s.price_paise.is_zero() {
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
            prices
                .iter()
                .filter(|&&p| p == domain_wasm::mentoring::PRICE_MAX_PAISE)
                .count()
                >= 3,
            "need 3 at the highest price a service may have, ₹1,00,000"
        );
        assert!(
            prices
                .iter()
                .all(|p| p % domain_wasm::mentoring::PRICE_STEP_PAISE == 0),
            "prices are in whole rupees, as the service rule has them"
        );
        assert!(prices.contains(&99_900), "need ₹999");
        assert!(prices.contains(&100_000), "need ₹1,000");
        assert!(
            paid.iter().all(|&p| p >= 49_900),
            "paid prices start at ₹499"
        );
    }

    /// The slots of a mentor's first service in `days` days from `now`.
    fn first_service_slots(m: &NewMentor, now: DateTime<Utc>, days: i64) -> Vec<Interval> {
        let availability = m
            .availability
            .as_ref()
            .expect("every mentor has availability");
        let service = m.services.first().expect("every mentor has a service");
        let query = SlotQuery {
            duration_minutes: u32::try_from(service.duration_minutes).expect("a duration"),
            now,
            from: now,
            to: now + TimeDelta::days(days),
            busy: Vec::new(),
        };
        slots(availability, &query).expect("the demo availability is valid")
    }

    #[test]
    fn every_mentor_has_valid_availability_mostly_in_india() {
        let mentors = mentors();
        let mut zones: BTreeMap<String, usize> = BTreeMap::new();
        for m in &mentors {
            let a = m.availability.as_ref().expect("availability");
            let schedule = Schedule::new(a);
            assert!(schedule.is_ok(), "{}: {schedule:?}", m.name);
            assert_eq!((a.buffer_before_minutes, a.buffer_after_minutes), (15, 15));
            assert_eq!(a.minimum_notice_minutes, 12 * 60);
            assert_eq!(a.booking_window_days, 60);
            *zones.entry(a.time_zone.clone()).or_default() += 1;
        }
        assert_eq!(zones.get("Europe/London"), Some(&1), "{zones:?}");
        assert_eq!(zones.get("America/New_York"), Some(&1), "{zones:?}");
        assert_eq!(zones.get("Asia/Kolkata"), Some(&(mentors.len() - 2)));
    }

    #[test]
    fn ranges_are_weekday_evenings_and_weekend_mornings() {
        for m in &mentors() {
            let a = m.availability.as_ref().expect("availability");
            assert!(a.weekly.len() >= 3, "{}: {:?}", m.name, a.weekly);
            for r in &a.weekly {
                let evening = r.weekday < 5 && r.start.as_str() >= "17:00";
                let morning = r.weekday >= 5 && r.end.as_str() <= "13:00";
                assert!(evening || morning, "{}: {r:?}", m.name);
            }
        }
    }

    #[test]
    fn every_mentor_has_slots_in_every_week_of_the_window() {
        // From a morning in IST, when the notice reaches into the evening.
        let now = midnight(today()) + TimeDelta::hours(5);
        for m in &mentors() {
            let found = first_service_slots(m, now, 92);
            assert!(found.len() >= 10, "{}: {} slots", m.name, found.len());
            for week in 0..8 {
                let (from, to) = (
                    now + TimeDelta::days(7 * week),
                    now + TimeDelta::days(7 * (week + 1)),
                );
                assert!(
                    found.iter().any(|s| s.start >= from && s.start < to),
                    "{}: no slot in week {week}",
                    m.name
                );
            }
            // The window is 60 days of 24 hours.
            assert!(found.iter().all(|s| s.start < now + TimeDelta::days(60)));
            assert!(found.iter().all(|s| s.start >= now + TimeDelta::hours(12)));
        }
    }

    #[test]
    fn some_mentors_take_a_day_off_and_some_add_hours() {
        let mentors = mentors();
        let overrides = |m: &NewMentor| {
            m.availability
                .as_ref()
                .map(|a| a.overrides.clone())
                .unwrap_or_default()
        };
        assert!(
            mentors
                .iter()
                .any(|m| overrides(m).iter().any(|o| o.ranges.is_empty()))
        );
        assert!(
            mentors
                .iter()
                .any(|m| overrides(m).iter().any(|o| o.ranges.len() >= 2))
        );
        assert!(mentors.iter().any(|m| overrides(m).is_empty()));
    }

    #[test]
    fn catalogue_is_deterministic() {
        assert_eq!(catalogue(today()), catalogue(today()));
        let other = NaiveDate::from_ymd_opt(2031, 12, 25).expect("valid date");
        assert_eq!(catalogue(other), catalogue(other));
    }

    #[test]
    fn only_the_date_overrides_depend_on_the_date() {
        let today = today();
        let tomorrow = today + TimeDelta::days(1);
        let strip = |mut ms: Vec<NewMentor>| {
            for m in &mut ms {
                if let Some(a) = &mut m.availability {
                    a.overrides.clear();
                }
            }
            ms
        };
        assert_eq!(strip(catalogue(today)), strip(catalogue(tomorrow)));
        // An override is the same number of days after the new date.
        for (a, b) in catalogue(today).iter().zip(catalogue(tomorrow).iter()) {
            let dates = |m: &NewMentor| -> Vec<NaiveDate> {
                m.availability
                    .iter()
                    .flat_map(|a| &a.overrides)
                    .map(|o| NaiveDate::parse_from_str(&o.date, "%Y-%m-%d").expect("a date"))
                    .collect()
            };
            let moved: Vec<NaiveDate> = dates(a)
                .into_iter()
                .map(|d| d + TimeDelta::days(1))
                .collect();
            assert_eq!(moved, dates(b));
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

//! One story for the store, told on SQLite and on PostgreSQL.

use crate::common;
use api::store::model::{Education, Experience, NewMentor, NewService, Project};
use api::store::{Constraint, NewUser, Role, Store, StoreError, ViolationKind};
use chrono::{Duration, TimeZone, Utc};
use common::{Engine, TestDb};
use domain_wasm::accounts::Email;
use domain_wasm::money::Paise;
use domain_wasm::slots::{Availability, DateOverride, TimeRange, WeeklyRange};

on_both_engines!(
    mentors_come_back_exactly_as_they_were_stored,
    a_failed_insert_leaves_nothing_behind,
    the_demo_catalogue_is_seeded_once_even_by_racing_processes,
    opening_an_existing_database_keeps_its_data,
    a_unit_of_work_commits_all_or_nothing,
    broken_constraints_are_known_by_name_on_both_engines,
    stored_values_that_the_code_cannot_read_are_errors,
    disabled_is_kept_apart_from_activation,
    linking_google_to_an_unproven_account_drops_what_its_registrant_typed,
);

async fn db(engine: Engine) -> Option<TestDb> {
    TestDb::fresh(engine).await
}

fn sample(name: &str) -> NewMentor {
    NewMentor {
        user_id: None,
        name: name.into(),
        headline: "Product lead, ex-fintech".into(),
        expertise: vec!["Business".into(), "Product Strategy".into()],
        rating: 4.7,
        experience_years: 12,
        bio: "Helps first-time PMs ship.".into(),
        image_url: None,
        contact: vec![
            ("email".into(), "p@mentors.example".into()),
            ("website".into(), "https://example.com/p".into()),
        ],
        social_links: vec![(
            "linkedin".into(),
            "https://www.linkedin.com/in/p-demo".into(),
        )],
        education: vec![Education {
            degree: "MBA".into(),
            institution: "IIM Ahmedabad".into(),
            year: Some(2012),
        }],
        experience: vec![
            Experience {
                title: "Head of Product".into(),
                company: "A payments startup".into(),
                start_year: Some(2019),
                end_year: None,
                description: "Leads product.".into(),
            },
            Experience {
                title: "PM".into(),
                company: "A marketplace".into(),
                start_year: Some(2014),
                end_year: Some(2019),
                description: String::new(),
            },
        ],
        projects: vec![Project {
            title: "PM playbook".into(),
            description: "Open templates.".into(),
            url: Some("https://example.com/playbook".into()),
        }],
        services: vec![
            NewService {
                title: "Intro call".into(),
                description: "15 minutes".into(),
                duration_minutes: 15,
                price_paise: Paise::ZERO,
                instant_confirmation: false,
            },
            NewService {
                title: "Deep dive".into(),
                description: "60 minutes".into(),
                duration_minutes: 60,
                price_paise: Paise::new(149_950),
                instant_confirmation: false,
            },
        ],
        availability: Some(Availability {
            time_zone: "Europe/London".into(),
            weekly: vec![WeeklyRange {
                weekday: 0,
                start: "09:00".into(),
                end: "12:30".into(),
            }],
            overrides: vec![DateOverride {
                date: "2030-01-07".into(),
                ranges: vec![TimeRange {
                    start: "14:00".into(),
                    end: "15:00".into(),
                }],
            }],
            buffer_before_minutes: 10,
            buffer_after_minutes: 5,
            minimum_notice_minutes: 720,
            booking_window_days: 60,
            max_sessions_per_day: Some(3),
            slot_interval_minutes: None,
        }),
    }
}

async fn mentors_come_back_exactly_as_they_were_stored(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = Store::open(&db.url).await.expect("open");
    assert_eq!(store.engine(), engine);
    assert!(store.list_mentors().await.expect("list").is_empty());
    let empty = store.catalogue_fingerprint().await.expect("fingerprint");
    assert_eq!((empty.count, empty.latest), (0, None));

    let now = Utc
        .with_ymd_and_hms(2026, 11, 1, 10, 0, 0)
        .single()
        .expect("valid time");
    let input = vec![sample("Asha Rao"), sample("José Núñez")];
    let ids = store.insert_mentors(&input, now).await.expect("insert");
    assert_eq!(ids.len(), 2);

    let listed = store.list_mentors().await.expect("list");
    assert_eq!(listed.len(), 2);
    for (stored, (given, id)) in listed.iter().zip(input.iter().zip(&ids)) {
        assert_eq!(stored.id, *id);
        assert_eq!(stored.name, given.name);
        assert_eq!(stored.expertise, given.expertise);
        assert_eq!(stored.rating, given.rating);
        assert_eq!(stored.contact, given.contact);
        assert_eq!(stored.social_links, given.social_links);
        assert_eq!(stored.education, given.education);
        assert_eq!(stored.experience, given.experience);
        assert_eq!(stored.projects, given.projects);
        assert_eq!(
            stored
                .services
                .iter()
                .map(|s| (s.title.clone(), s.price_paise))
                .collect::<Vec<_>>(),
            given
                .services
                .iter()
                .map(|s| (s.title.clone(), s.price_paise))
                .collect::<Vec<_>>()
        );
        // the availability comes back as it was given
        assert_eq!(stored.availability, given.availability);
        assert_eq!(
            stored.image_url.as_deref(),
            Some(format!("/media/portraits/{id}.svg").as_str())
        );
        assert_eq!((stored.created_at, stored.updated_at), (now, now));
        assert_eq!(&store.get_mentor(*id).await.expect("get"), stored);
    }
    let after = store.catalogue_fingerprint().await.expect("fingerprint");
    assert_eq!((after.count, after.latest), (2, Some(now)));
    assert!(matches!(
        store.get_mentor(ids[1] + 1000).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(store.mentor_name(ids[1]).await.expect("name"), "José Núñez");
}

async fn a_failed_insert_leaves_nothing_behind(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = Store::open(&db.url).await.expect("open");
    let mut bad = sample("Broken Price");
    bad.services[1].duration_minutes = 0;
    let result = store
        .insert_mentors(&[sample("Fine Mentor"), bad], Utc::now())
        .await;
    assert!(
        matches!(result, Err(StoreError::Other(_))),
        "a session of no minutes violates the schema"
    );
    assert!(
        store.list_mentors().await.expect("list").is_empty(),
        "the whole batch rolled back"
    );
}

async fn the_demo_catalogue_is_seeded_once_even_by_racing_processes(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let first = Store::open(&db.url).await.expect("open");
    let second = Store::open(&db.url).await.expect("open");
    let catalogue = api::demo::catalogue(Utc::now().date_naive());
    assert!(catalogue.len() >= 60);
    let now = Utc::now();
    let (a, b) = tokio::join!(
        first.seed_if_empty(&catalogue, now),
        second.seed_if_empty(&catalogue, now)
    );
    let inserted = a.expect("seed") + b.expect("seed");
    assert_eq!(inserted, catalogue.len());
    assert_eq!(
        first.list_mentors().await.expect("list").len(),
        catalogue.len()
    );
}

async fn opening_an_existing_database_keeps_its_data(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = Store::open(&db.url).await.expect("open");
    store
        .insert_mentors(&[sample("Asha Rao")], Utc::now())
        .await
        .expect("insert");
    store.close().await;
    let reopened = Store::open(&db.url)
        .await
        .expect("reopen runs migrations again");
    assert_eq!(reopened.list_mentors().await.expect("list").len(), 1);
}

fn account(email: &str, google_sub: Option<&str>) -> NewUser {
    NewUser {
        email: Email::parse(email).expect("address"),
        name: "Asha".into(),
        password_hash: None,
        google_sub: google_sub.map(str::to_owned),
        role: Role::User,
        is_active: true,
        contact_number: None,
    }
}

async fn a_unit_of_work_commits_all_or_nothing(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = db.open().await;
    let now = Utc::now();
    let address = Email::parse("asha@example.com").expect("address");

    let mut tx = store.begin().await.expect("begin");
    let user = tx
        .create_user(&account("asha@example.com", None), now)
        .await
        .expect("create");
    tx.set_role(user.id, Role::Admin, now).await.expect("role");
    drop(tx);
    assert!(
        matches!(
            store.user_by_email(&address).await,
            Err(StoreError::NotFound)
        ),
        "dropped without commit: nothing was written"
    );

    let mut tx = store.begin().await.expect("begin");
    let user = tx
        .create_user(&account("asha@example.com", None), now)
        .await
        .expect("create");
    tx.set_role(user.id, Role::Mentor, now).await.expect("role");
    tx.commit().await.expect("commit");
    let stored = store.user_by_email(&address).await.expect("stored");
    assert_eq!(stored.role, Role::Mentor);
    assert_eq!(stored.email, address);
}

async fn broken_constraints_are_known_by_name_on_both_engines(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = db.open().await;
    let now = Utc::now();
    let mut tx = store.begin().await.expect("begin");
    tx.create_user(&account("asha@example.com", Some("g-1")), now)
        .await
        .expect("create");
    tx.commit().await.expect("commit");

    for (new, constraint) in [
        (account("asha@example.com", None), Constraint::UserEmail),
        (
            account("other@example.com", Some("g-1")),
            Constraint::UserGoogleSub,
        ),
    ] {
        let mut tx = store.begin().await.expect("begin");
        let err = tx.create_user(&new, now).await.expect_err("refused");
        let StoreError::Violation(v) = &err else {
            panic!("a violation, not {err:?}");
        };
        assert_eq!(v.kind, ViolationKind::Unique);
        assert_eq!(v.constraint, Some(constraint), "{v:?}");
    }

    let mut tx = store.begin().await.expect("begin");
    let err = tx
        .create_session("s-1", 999_999, None, now, now)
        .await
        .expect_err("no such user");
    let StoreError::Violation(v) = &err else {
        panic!("a violation, not {err:?}");
    };
    assert_eq!(v.kind, ViolationKind::ForeignKey);
    if engine == Engine::Postgres {
        // SQLite does not say which foreign key failed.
        assert_eq!(v.constraint, Some(Constraint::SessionUser));
    }
}

async fn stored_values_that_the_code_cannot_read_are_errors(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = db.open().await;
    let now = Utc::now();
    let mut tx = store.begin().await.expect("begin");
    let user = tx
        .create_user(&account("asha@example.com", None), now)
        .await
        .expect("create");
    tx.commit().await.expect("commit");
    // Someone edits the database by hand, past the CHECK via a new role name
    // the code does not know yet.
    let edited = match &store {
        Store::Sqlite(pool) => {
            let mut conn = pool.acquire().await.expect("connection");
            sqlx::query("PRAGMA ignore_check_constraints = ON")
                .execute(&mut *conn)
                .await
                .expect("pragma");
            sqlx::query("UPDATE users SET role = 'owner' WHERE id = $1")
                .bind(user.id)
                .execute(&mut *conn)
                .await
                .map(|r| r.rows_affected())
        }
        Store::Postgres(pool) => {
            sqlx::query("ALTER TABLE users DROP CONSTRAINT users_role_check")
                .execute(pool)
                .await
                .expect("drop check");
            sqlx::query("UPDATE users SET role = 'owner' WHERE id = $1")
                .bind(user.id)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        }
    };
    assert_eq!(edited.expect("edited"), 1);
    let read = store.user_by_id(user.id).await;
    assert!(
        matches!(read, Err(StoreError::Corrupt { what: "role", .. })),
        "never a silent user: {read:?}"
    );
}

async fn disabled_is_kept_apart_from_activation(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = db.open().await;
    let t0 = Utc
        .with_ymd_and_hms(2030, 1, 1, 9, 0, 0)
        .single()
        .expect("time");
    let mut tx = store.begin().await.expect("begin");
    let mut new = account("asha@example.com", None);
    new.is_active = false;
    let user = tx.create_user(&new, t0).await.expect("create");
    assert_eq!(user.disabled_at, None);
    tx.set_disabled(user.id, true, t0).await.expect("disable");
    // Disabling again keeps the first time; activating leaves it alone.
    tx.set_disabled(user.id, true, t0 + Duration::hours(1))
        .await
        .expect("disable again");
    tx.activate_user(user.id, t0 + Duration::hours(2))
        .await
        .expect("activate");
    tx.commit().await.expect("commit");
    let read = store.user_by_id(user.id).await.expect("read");
    assert_eq!(read.disabled_at, Some(t0));
    assert!(read.is_active && read.is_disabled());

    let mut tx = store.begin().await.expect("begin");
    tx.set_disabled(user.id, false, t0 + Duration::hours(3))
        .await
        .expect("enable");
    tx.commit().await.expect("commit");
    let read = store.user_by_id(user.id).await.expect("read");
    assert_eq!(read.disabled_at, None);
    assert!(read.is_active);

    let mut tx = store.begin().await.expect("begin");
    assert!(matches!(
        tx.set_disabled(user.id + 100, true, t0).await,
        Err(StoreError::NotFound)
    ));
}

async fn linking_google_to_an_unproven_account_drops_what_its_registrant_typed(engine: Engine) {
    let Some(db) = db(engine).await else { return };
    let store = db.open().await;
    let now = Utc::now();
    let mut tx = store.begin().await.expect("begin");
    let mut typed = account("squat@example.com", None);
    typed.is_active = false;
    typed.password_hash = Some("$argon2id$typed".into());
    typed.contact_number = Some("+919876543210".into());
    let unproven = tx.create_user(&typed, now).await.expect("create");
    let mut owned = account("owner@example.com", None);
    owned.password_hash = Some("$argon2id$owned".into());
    owned.contact_number = Some("+919876543211".into());
    let active = tx.create_user(&owned, now).await.expect("create");
    tx.link_google(&unproven, "g-1", "Real Owner", now)
        .await
        .expect("link");
    tx.link_google(&active, "g-2", "Google Name", now)
        .await
        .expect("link");
    // Linked meanwhile: not linked again.
    assert!(matches!(
        tx.link_google(&active, "g-3", "", now).await,
        Err(StoreError::NotFound)
    ));
    tx.commit().await.expect("commit");

    let taken = store.user_by_id(unproven.id).await.expect("read");
    assert_eq!(
        (
            taken.name.as_str(),
            taken.contact_number.as_deref(),
            taken.password_hash.as_deref(),
            taken.google_sub.as_deref(),
            taken.is_active
        ),
        ("Real Owner", None, None, Some("g-1"), true)
    );
    let kept = store.user_by_id(active.id).await.expect("read");
    assert_eq!(
        (
            kept.name.as_str(),
            kept.contact_number.as_deref(),
            kept.password_hash.as_deref(),
            kept.google_sub.as_deref()
        ),
        (
            "Asha",
            Some("+919876543211"),
            Some("$argon2id$owned"),
            Some("g-2")
        )
    );

    let mut tx = store.begin().await.expect("begin");
    tx.clear_registration_fields(active.id, now)
        .await
        .expect("clear");
    tx.commit().await.expect("commit");
    let cleared = store.user_by_id(active.id).await.expect("read");
    assert_eq!((cleared.name.as_str(), cleared.contact_number), ("", None));
}

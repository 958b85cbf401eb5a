//! Becoming a mentor (issue 11): a signed-in person applies, a guest
//! applies with a new account (submitted when it is activated), an
//! administrator approves or rejects from the queue, and an approval makes
//! the account a mentor listed in the catalogue at once. Every path, its
//! refusals and its e-mails, on SQLite and PostgreSQL.

use crate::common;
use std::time::Duration;

use api::applications::{ADMIN_CANNOT_APPLY, ALREADY_DECIDED, ALREADY_MENTOR, ALREADY_OPEN};
use common::{Engine, Options, TestApp, spawn_app_with};
use serde_json::{Value, json};

const PASSWORD: &str = "Mentor-Apply#2026";

/// A server with the demo accounts (an administrator, a mentor, a learner)
/// and attempt limits off; with `clock` when a test moves time.
async fn spawn(engine: Engine, clock: Option<api::clock::Clock>) -> Option<TestApp> {
    spawn_app_with(
        engine,
        Options {
            rate_limits: false,
            clock,
            ..Options::default()
        },
    )
    .await
}

fn demo(role: &str) -> (&'static str, &'static str) {
    let a = api::demo::accounts()
        .iter()
        .find(|a| a.role.as_str() == role)
        .expect("a demo account");
    (a.email.as_str(), a.password.as_str())
}

async fn token_of(app: &TestApp, email: &str, password: &str) -> String {
    let (status, body) = app.login(email, password).await;
    assert_eq!(status, 200, "{email} signs in: {body}");
    body["token"].as_str().expect("a token").to_owned()
}

async fn admin_token(app: &TestApp) -> String {
    let (email, password) = demo("admin");
    token_of(app, email, password).await
}

/// A new, active learner account and its token.
async fn learner(app: &TestApp, email: &str) -> String {
    app.active_account(email, PASSWORD).await;
    token_of(app, email, PASSWORD).await
}

/// A complete, valid application.
fn application(name: &str, email: &str) -> Value {
    json!({
        "name": name,
        "email": email,
        "phone": "+91 98765-43210",
        "expertise": ["technology", "Rust"],
        "experience_years": 8,
        "current_role": "Staff Engineer",
        "company": "Acme Payments",
        "linkedin": "https://www.linkedin.com/in/asha-rao",
        "links": ["https://github.com/asha-rao"],
        "bio": "Eight years building payment systems in Rust and Go; I help engineers grow into senior roles.",
        "services": [
            {"title": "Career chat", "description": "Where to go next.", "duration_minutes": 30, "price_paise": 150000},
            {"title": "Code review", "duration_minutes": 60, "price_paise": 0},
        ],
    })
}

async fn get_as(app: &TestApp, token: Option<&str>, path: &str) -> (u16, Value) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    app.send(request).await
}

async fn post_maybe(app: &TestApp, token: Option<&str>, path: &str, body: Value) -> (u16, Value) {
    match token {
        Some(t) => app.post_as(t, path, body).await,
        None => app.post(path, body).await,
    }
}

async fn apply(app: &TestApp, token: &str, name: &str, email: &str) -> Value {
    let (status, body) = app
        .post_as(token, "/api/mentor-applications/", application(name, email))
        .await;
    assert_eq!(status, 201, "{body}");
    body
}

async fn a_signed_in_learner_applies_and_the_applicant_and_admins_are_told(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let token = learner(&app, "asha@example.com").await;
    let body = apply(&app, &token, "Asha Rao", "asha.rao@example.com").await;
    assert_eq!(body["status"], "pending");
    let id = body["id"].as_str().expect("an id");
    assert!(id.len() >= 20, "an unguessable id: {id}");
    assert_eq!(body["name"], "Asha Rao");
    assert_eq!(body["phone"], "+919876543210", "cleaned by the domain rule");
    assert_eq!(body["expertise"], json!(["Technology", "Rust"]));
    assert_eq!(body["services"][0]["price_paise"], 150000);
    assert_eq!(body["services"][1]["title"], "Code review");
    assert!(body["submitted_at"].is_string());
    assert_eq!(body["photo_id"], Value::Null);
    assert_eq!(body["reason"], Value::Null);

    assert_eq!(
        app.mail_kinds("asha@example.com").await[0],
        "application_received",
        "the acknowledgement goes to the account's address"
    );
    let ack = &app
        .store
        .outbox(Some("asha@example.com"), 1)
        .await
        .expect("outbox")[0];
    assert!(
        ack.text.contains("/become-mentor#apply\n"),
        "the status shows on the Become a Mentor page: {}",
        ack.text
    );
    let (admin, _) = demo("admin");
    assert_eq!(app.mail_kinds(admin).await, vec!["application_admin"]);
    let notice = &app.store.outbox(Some(admin), 1).await.expect("outbox")[0];
    assert!(notice.text.contains("/dashboard/admin"), "{}", notice.text);
    assert!(notice.text.contains("Asha Rao"));

    let (status, mine) = get_as(&app, Some(&token), "/api/mentor-applications/mine/").await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["id"], id);
    assert_eq!(mine["status"], "pending");
    // The list form answers 200 either way: here, the one application.
    let (status, list) = get_as(&app, Some(&token), "/api/mentor-applications/").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list[0]["id"], id);

    // Only one open application at a time.
    let (status, again) = app
        .post_as(
            &token,
            "/api/mentor-applications/",
            application("Asha Rao", "asha.rao@example.com"),
        )
        .await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(again["detail"], ALREADY_OPEN);
}

async fn bad_fields_get_field_errors(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let token = learner(&app, "ravi@example.com").await;
    let mut body = application("Ravi", "ravi@example.com");
    body["bio"] = json!("Too short.");
    body["services"] = json!([]);
    body["linkedin"] = json!("https://example.com/ravi");
    body.as_object_mut()
        .expect("object")
        .remove("experience_years");
    let (status, errors) = app.post_as(&token, "/api/mentor-applications/", body).await;
    assert_eq!(status, 400, "{errors}");
    for field in ["bio", "services", "linkedin", "experience_years"] {
        assert!(
            errors[field][0].is_string(),
            "an error under {field}: {errors}"
        );
    }
    // A photo that is not one of the caller's application uploads.
    let mut body = application("Ravi", "ravi@example.com");
    body["photo_id"] = json!("no-such-photo");
    let (status, errors) = app.post_as(&token, "/api/mentor-applications/", body).await;
    assert_eq!(status, 400, "{errors}");
    assert!(errors["photo_id"][0].is_string(), "{errors}");
    // Nothing was stored, nothing sent.
    let (status, _) = get_as(&app, Some(&token), "/api/mentor-applications/mine/").await;
    assert_eq!(status, 404);
    assert!(
        !app.mail_kinds("ravi@example.com")
            .await
            .contains(&"application_received".to_owned())
    );
}

async fn guests_wrong_roles_and_mentors_are_refused(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let body = application("Guest", "guest@example.com");
    let (status, _) = app.post("/api/mentor-applications/", body.clone()).await;
    assert_eq!(status, 401);
    let (status, _) = get_as(&app, None, "/api/mentor-applications/mine/").await;
    assert_eq!(status, 401);

    let (mentor_email, mentor_password) = demo("mentor");
    let mentor = token_of(&app, mentor_email, mentor_password).await;
    let (status, answer) = app
        .post_as(&mentor, "/api/mentor-applications/", body.clone())
        .await;
    assert_eq!(
        (status, answer["detail"].clone()),
        (409, json!(ALREADY_MENTOR))
    );

    let admin = admin_token(&app).await;
    let (status, answer) = app
        .post_as(&admin, "/api/mentor-applications/", body.clone())
        .await;
    assert_eq!(
        (status, answer["detail"].clone()),
        (409, json!(ADMIN_CANNOT_APPLY))
    );

    let (learner_email, learner_password) = demo("user");
    let learner = token_of(&app, learner_email, learner_password).await;
    let (status, answer) = get_as(&app, Some(&learner), "/api/mentor-applications/mine/").await;
    assert_eq!(status, 404);
    assert_eq!(answer, json!({"detail": "Not found."}));
    // Someone who never applied gets an empty list, not an error.
    let (status, answer) = get_as(&app, Some(&learner), "/api/mentor-applications/").await;
    assert_eq!((status, answer), (200, json!([])));
    let (status, _) = get_as(&app, None, "/api/mentor-applications/").await;
    assert_eq!(status, 401);

    for token in [Some(learner.as_str()), Some(mentor.as_str()), None] {
        let expected = if token.is_some() { 403 } else { 401 };
        let (status, _) = get_as(&app, token, "/api/admin/mentor-applications/").await;
        assert_eq!(status, expected);
        let (status, _) = get_as(&app, token, "/api/admin/mentor-applications/x/").await;
        assert_eq!(status, expected);
        let (status, _) = post_maybe(
            &app,
            token,
            "/api/admin/mentor-applications/x/approve/",
            json!({}),
        )
        .await;
        assert_eq!(status, expected);
        let (status, answer) = post_maybe(
            &app,
            token,
            "/api/admin/mentor-applications/x/reject/",
            json!({"reason": "No."}),
        )
        .await;
        assert_eq!(status, expected);
        if token.is_some() {
            assert_eq!(
                answer["detail"],
                "You do not have permission to perform this action."
            );
        }
    }
}

fn guest_application(email: &str) -> Value {
    let mut body = application("Meera Iyer", email);
    body["password"] = json!(PASSWORD);
    body["re_password"] = json!(PASSWORD);
    body
}

async fn a_guest_applies_with_an_account_and_activation_submits_it(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let (admin_email, _) = demo("admin");
    let (status, draft) = app
        .post(
            "/api/mentor-applications/with-account/",
            guest_application("meera@example.com"),
        )
        .await;
    assert_eq!(status, 201, "{draft}");
    assert_eq!(draft["status"], "draft");
    assert_eq!(draft["submitted_at"], Value::Null);
    assert_eq!(
        app.mail_kinds("meera@example.com").await,
        vec!["activation"],
        "the account's activation e-mail, as registration sends it"
    );
    assert!(app.mail_kinds(admin_email).await.is_empty());
    let (status, _) = app.login("meera@example.com", PASSWORD).await;
    assert_ne!(status, 200, "inactive until activated");
    let admin = admin_token(&app).await;
    let (_, queue) = get_as(
        &app,
        Some(&admin),
        "/api/admin/mentor-applications/?status=all",
    )
    .await;
    assert_eq!(queue, json!([]), "administrators never see drafts");
    let path = format!(
        "/api/admin/mentor-applications/{}/",
        draft["id"].as_str().expect("id")
    );
    let (status, _) = get_as(&app, Some(&admin), &path).await;
    assert_eq!(status, 404);

    // The same address again: registration's answer.
    let (status, errors) = app
        .post(
            "/api/mentor-applications/with-account/",
            guest_application("meera@example.com"),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(errors["email"][0], "A user with this email already exists.");

    let (status, body) = app.activate("meera@example.com").await;
    assert_eq!(status, 204, "{body}");
    let kinds = app.mail_kinds("meera@example.com").await;
    assert!(
        kinds.contains(&"application_received".to_owned()),
        "{kinds:?}"
    );
    assert!(kinds.contains(&"welcome".to_owned()), "{kinds:?}");
    assert_eq!(app.mail_kinds(admin_email).await, vec!["application_admin"]);

    let token = token_of(&app, "meera@example.com", PASSWORD).await;
    let (status, mine) = get_as(&app, Some(&token), "/api/mentor-applications/mine/").await;
    assert_eq!(status, 200);
    assert_eq!(mine["id"], draft["id"]);
    assert_eq!(mine["status"], "pending");
    assert!(mine["submitted_at"].is_string());
    let (_, queue) = get_as(&app, Some(&admin), "/api/admin/mentor-applications/").await;
    assert_eq!(queue[0]["id"], draft["id"]);
    assert_eq!(queue[0]["user_email"], "meera@example.com");
}

async fn a_guests_bad_fields_come_from_both_rules(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let mut body = guest_application("kiran@example.com");
    body["password"] = json!("short");
    body["re_password"] = json!("short");
    body["bio"] = json!("Too short.");
    body["email"] = json!("not an address");
    let (status, errors) = app
        .post("/api/mentor-applications/with-account/", body)
        .await;
    assert_eq!(status, 400, "{errors}");
    assert!(errors["password"][0].is_string(), "{errors}");
    assert!(errors["bio"][0].is_string(), "{errors}");
    let email = errors["email"].as_array().expect("email errors");
    let distinct: std::collections::BTreeSet<String> = email.iter().map(Value::to_string).collect();
    assert_eq!(distinct.len(), email.len(), "each message once: {errors}");
    assert!(app.mail_kinds("kiran@example.com").await.is_empty());
}

async fn approval_makes_a_listed_mentor_with_the_services_they_offered(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let token = learner(&app, "asha@example.com").await;
    let id = apply(&app, &token, "Asha Rao", "asha.rao@example.com").await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let admin = admin_token(&app).await;
    let (_, me_admin) = app.me(&admin).await;

    let (status, decided) = app
        .post_as(
            &admin,
            &format!("/api/admin/mentor-applications/{id}/approve/"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{decided}");
    assert_eq!(decided["status"], "approved");
    assert_eq!(decided["decided_by"], me_admin["id"]);
    assert!(decided["decided_at"].is_string());
    let mentor_id = decided["mentor_id"].as_i64().expect("a profile");

    // The applicant's existing session sees the new role at once.
    let (status, me) = app.me(&token).await;
    assert_eq!(status, 200);
    assert_eq!(me["role"], "mentor");
    assert_eq!(me["mentor_id"], mentor_id);

    // Published without open hours it would take requests nobody can
    // book a time for: it stays unlisted, and the mentor is told why.
    let list = app.get_json("/api/mentors/").await;
    assert!(
        !list
            .as_array()
            .expect("a list")
            .iter()
            .any(|m| m["id"] == mentor_id),
        "not listed before the hours are set"
    );
    let own = app
        .client
        .get(app.url("/api/mentor/profile/"))
        .bearer_auth(&token)
        .send()
        .await
        .expect("own profile");
    let own: Value = own.json().await.expect("JSON");
    assert_eq!(own["listed"], false, "{own}");
    assert_eq!(own["not_listed"][0]["reason"], "no_open_hours", "{own}");
    app.store
        .put_availability(mentor_id, &common::open_hours(), chrono::Utc::now())
        .await
        .expect("hours set");

    let list = app.get_json("/api/mentors/").await;
    let mentor = list
        .as_array()
        .expect("a list")
        .iter()
        .find(|m| m["id"] == mentor_id)
        .unwrap_or_else(|| panic!("the new mentor is listed: {list}"));
    assert_eq!(mentor["name"], "Asha Rao");
    assert_eq!(mentor["headline"], "Staff Engineer at Acme Payments");
    assert_eq!(mentor["expertise"], json!(["Technology", "Rust"]));
    assert_eq!(mentor["experience_years"], 8);
    // The catalogue lists services cheapest first (issue 21): the free code
    // review the application named second comes first.
    assert_eq!(mentor["services"][0]["title"], "Code review");
    assert_eq!(mentor["services"][0]["price_paise"], 0);
    assert_eq!(mentor["services"][1]["title"], "Career chat");
    assert_eq!(mentor["services"][1]["price_paise"], 150000);
    assert_eq!(mentor["contact"]["email"], "asha.rao@example.com");
    assert_eq!(
        mentor["social_links"]["linkedin"],
        "https://www.linkedin.com/in/asha-rao"
    );
    assert_eq!(
        mentor["social_links"]["github"],
        "https://github.com/asha-rao"
    );

    let kinds = app.mail_kinds("asha@example.com").await;
    assert_eq!(kinds[0], "application_approved", "{kinds:?}");
    let mail = &app
        .store
        .outbox(Some("asha@example.com"), 1)
        .await
        .expect("outbox")[0];
    assert!(mail.text.contains("/dashboard/mentor"), "{}", mail.text);

    // Decided once.
    for action in ["approve", "reject"] {
        let (status, answer) = app
            .post_as(
                &admin,
                &format!("/api/admin/mentor-applications/{id}/{action}/"),
                json!({"reason": "Changed my mind."}),
            )
            .await;
        assert_eq!(
            (status, answer["detail"].clone()),
            (409, json!(ALREADY_DECIDED))
        );
    }
    // A mentor now: no second application.
    let (status, answer) = app
        .post_as(
            &token,
            "/api/mentor-applications/",
            application("Asha Rao", "asha.rao@example.com"),
        )
        .await;
    assert_eq!(
        (status, answer["detail"].clone()),
        (409, json!(ALREADY_MENTOR))
    );
    let (_, mine) = get_as(&app, Some(&token), "/api/mentor-applications/mine/").await;
    assert_eq!(mine["status"], "approved");
}

async fn rejection_tells_the_reason_and_allows_a_new_application(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let token = learner(&app, "dev@example.com").await;
    let id = apply(&app, &token, "Dev Patel", "dev@example.com").await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let admin = admin_token(&app).await;
    let path = format!("/api/admin/mentor-applications/{id}/reject/");
    for reason in [
        json!({}),
        json!({"reason": "   "}),
        json!({"reason": "x".repeat(1001)}),
    ] {
        let (status, errors) = app.post_as(&admin, &path, reason).await;
        assert_eq!(status, 400, "{errors}");
        assert!(errors["reason"][0].is_string());
    }
    let reason = "Please add the sessions you have given before & a fuller bio.";
    let (status, decided) = app
        .post_as(&admin, &path, json!({"reason": format!("  {reason} ")}))
        .await;
    assert_eq!(status, 200, "{decided}");
    assert_eq!(decided["status"], "rejected");
    assert_eq!(decided["reason"], reason);

    let (_, mine) = get_as(&app, Some(&token), "/api/mentor-applications/mine/").await;
    assert_eq!(mine["status"], "rejected");
    assert_eq!(mine["reason"], reason);
    let mail = &app
        .store
        .outbox(Some("dev@example.com"), 1)
        .await
        .expect("outbox")[0];
    assert_eq!(mail.kind, "application_rejected");
    assert!(mail.text.contains(reason), "{}", mail.text);
    assert!(
        mail.text.contains("/become-mentor#apply\n"),
        "apply again from the form: {}",
        mail.text
    );
    let (_, me) = app.me(&token).await;
    assert_eq!(me["role"], "user");

    // Applying again is allowed, and the new one is the latest.
    let again = apply(&app, &token, "Dev Patel", "dev@example.com").await;
    let (_, mine) = get_as(&app, Some(&token), "/api/mentor-applications/mine/").await;
    assert_eq!(mine["id"], again["id"]);
    assert_eq!(mine["status"], "pending");
    // The list keeps both, each with its own status.
    let (_, list) = get_as(&app, Some(&token), "/api/mentor-applications/").await;
    let mut statuses: Vec<&str> = list
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|a| a["status"].as_str())
        .collect();
    statuses.sort_unstable();
    assert_eq!(statuses, ["pending", "rejected"], "{list}");
}

async fn unknown_applications_are_not_found(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let admin = admin_token(&app).await;
    let (status, body) = get_as(&app, Some(&admin), "/api/admin/mentor-applications/nope/").await;
    assert_eq!((status, body), (404, json!({"detail": "Not found."})));
    let (status, _) = app
        .post_as(
            &admin,
            "/api/admin/mentor-applications/nope/approve/",
            json!({}),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post_as(
            &admin,
            "/api/admin/mentor-applications/nope/reject/",
            json!({"reason": "No such thing."}),
        )
        .await;
    assert_eq!(status, 404);
}

async fn the_queue_is_oldest_first_and_flags_overdue_ones(engine: Engine) {
    let (clock, hand) = api::clock::Clock::manual();
    // (Attempt limits are off, so signing in again after each move is fine.)
    let Some(app) = spawn(engine, Some(clock)).await else {
        return;
    };
    let first_token = learner(&app, "first@example.com").await;
    let first = apply(&app, &first_token, "First Applicant", "first@example.com").await;
    hand.advance(Duration::from_secs(3600));
    let second_token = learner(&app, "second@example.com").await;
    let second = apply(
        &app,
        &second_token,
        "Second Applicant",
        "second@example.com",
    )
    .await;
    hand.advance(Duration::from_secs(60));

    let admin = admin_token(&app).await;
    let (status, queue) = get_as(&app, Some(&admin), "/api/admin/mentor-applications/").await;
    assert_eq!(status, 200, "{queue}");
    let ids: Vec<&Value> = queue
        .as_array()
        .expect("a bare array")
        .iter()
        .map(|a| &a["id"])
        .collect();
    assert_eq!(ids, vec![&first["id"], &second["id"]], "oldest first");
    assert_eq!(queue[0]["age_minutes"], 61);
    assert_eq!(queue[1]["age_minutes"], 1);
    assert_eq!(queue[0]["overdue"], false);
    assert_eq!(queue[0]["user_email"], "first@example.com");
    assert!(queue[0]["user_id"].is_i64());

    hand.advance(Duration::from_secs(23 * 3600));
    // Access tokens expire meanwhile: sign in again.
    let admin = admin_token(&app).await;
    let (_, queue) = get_as(
        &app,
        Some(&admin),
        "/api/admin/mentor-applications/?status=pending",
    )
    .await;
    assert_eq!(queue[0]["overdue"], true, "pending for 24 h 1 min");
    assert_eq!(queue[1]["overdue"], false, "pending for 23 h 1 min");
    hand.advance(Duration::from_secs(3600));
    let admin = admin_token(&app).await;
    let (_, one) = get_as(
        &app,
        Some(&admin),
        &format!(
            "/api/admin/mentor-applications/{}/",
            second["id"].as_str().expect("id")
        ),
    )
    .await;
    assert_eq!(one["overdue"], true, "moved 25 h past its submission");

    let (status, _) = app
        .post_as(
            &admin,
            &format!(
                "/api/admin/mentor-applications/{}/approve/",
                first["id"].as_str().expect("id")
            ),
            json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, pending) = get_as(&app, Some(&admin), "/api/admin/mentor-applications/").await;
    assert_eq!(pending.as_array().expect("array").len(), 1);
    let (_, approved) = get_as(
        &app,
        Some(&admin),
        "/api/admin/mentor-applications/?status=approved",
    )
    .await;
    assert_eq!(approved[0]["id"], first["id"]);
    assert_eq!(
        approved[0]["overdue"], false,
        "decided ones are never overdue"
    );
    let (_, all) = get_as(
        &app,
        Some(&admin),
        "/api/admin/mentor-applications/?status=all",
    )
    .await;
    assert_eq!(all.as_array().expect("array").len(), 2);
    // Only the documented choices, exactly: not an empty or padded one.
    for query in ["bogus", "", "%20all"] {
        let path = format!("/api/admin/mentor-applications/?status={query}");
        let (status, errors) = get_as(&app, Some(&admin), &path).await;
        assert_eq!(status, 400, "{query:?}");
        assert!(errors["status"][0].is_string(), "{query:?}");
    }
}

/// Records an uploaded image as the media module does (the upload itself
/// is the media tests' subject).
async fn uploaded(app: &TestApp, id: &str, owner: i64, purpose: &str) {
    let sql = "INSERT INTO media_images (id, owner_user_id, purpose, width, height, placeholder, created_at) \
               VALUES ($1, $2, $3, 400, 400, 'data:image/jpeg;base64,', $4)";
    let now = chrono::Utc::now();
    match &app.store {
        api::store::Store::Sqlite(pool) => sqlx::query(sql)
            .bind(id)
            .bind(owner)
            .bind(purpose)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ()),
        api::store::Store::Postgres(pool) => sqlx::query(sql)
            .bind(id)
            .bind(owner)
            .bind(purpose)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ()),
    }
    .expect("an image row");
}

async fn the_applications_photo_becomes_the_mentors_photo(engine: Engine) {
    let Some(app) = spawn(engine, None).await else {
        return;
    };
    let token = learner(&app, "asha@example.com").await;
    let me = app.me(&token).await.1["id"].as_i64().expect("id");
    let (learner_email, _) = demo("user");
    let other = app
        .store
        .user_by_email(&common::email(learner_email))
        .await
        .expect("the demo learner")
        .id;
    uploaded(&app, "photo-of-someone-else", other, "application").await;
    uploaded(&app, "photo-for-a-profile", me, "mentor").await;
    uploaded(&app, "photo-for-the-application", me, "application").await;
    for wrong in ["photo-of-someone-else", "photo-for-a-profile"] {
        let mut body = application("Asha Rao", "asha@example.com");
        body["photo_id"] = json!(wrong);
        let (status, errors) = app.post_as(&token, "/api/mentor-applications/", body).await;
        assert_eq!(status, 400, "{wrong}: {errors}");
        assert!(errors["photo_id"][0].is_string());
    }
    let mut body = application("Asha Rao", "asha@example.com");
    body["photo_id"] = json!("photo-for-the-application");
    let (status, applied) = app.post_as(&token, "/api/mentor-applications/", body).await;
    assert_eq!(status, 201, "{applied}");
    let url = api::media::public_url("photo-for-the-application");
    assert_eq!(applied["photo_id"], "photo-for-the-application");
    assert_eq!(applied["photo_url"], url);

    let admin = admin_token(&app).await;
    let id = applied["id"].as_str().expect("id");
    let (status, decided) = app
        .post_as(
            &admin,
            &format!("/api/admin/mentor-applications/{id}/approve/"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{decided}");
    let mentor_id = decided["mentor_id"].as_i64().expect("a profile");
    app.store
        .put_availability(mentor_id, &common::open_hours(), chrono::Utc::now())
        .await
        .expect("hours set: listed");
    let mentor = app.get_json(&format!("/api/mentors/{mentor_id}/")).await;
    assert_eq!(mentor["image_url"], url);
}

on_both_engines!(
    a_signed_in_learner_applies_and_the_applicant_and_admins_are_told,
    bad_fields_get_field_errors,
    guests_wrong_roles_and_mentors_are_refused,
    a_guest_applies_with_an_account_and_activation_submits_it,
    a_guests_bad_fields_come_from_both_rules,
    approval_makes_a_listed_mentor_with_the_services_they_offered,
    rejection_tells_the_reason_and_allows_a_new_application,
    unknown_applications_are_not_found,
    the_queue_is_oldest_first_and_flags_overdue_ones,
    the_applications_photo_becomes_the_mentors_photo,
);

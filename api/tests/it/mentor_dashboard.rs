//! The mentor's dashboard over HTTP (issue 11): their own profile,
//! services and availability at `/api/mentor/...`. Each success shows in
//! the public catalogue at once (a new ETag); each refusal is checked:
//! 400 under the field, 401 for a guest, 403 for a learner and an admin,
//! 404 for another mentor's service. Runs on SQLite and PostgreSQL.

use crate::{common, mentoring};
use common::{Engine, TestApp};
use mentoring::{People, call, catalogue, exec, listed, people, spawn};
use serde_json::{Value, json};

on_both_engines!(
    a_mentor_reads_and_edits_their_profile_and_the_catalogue_shows_it_at_once,
    a_profile_edit_that_breaks_a_rule_is_refused_under_its_field_and_changes_nothing,
    only_a_mentor_reaches_the_dashboard,
    services_are_added_changed_paused_and_retired_with_their_commission,
    a_service_that_breaks_a_rule_is_refused_under_its_field,
    another_mentors_service_is_not_found,
    a_mentor_offers_at_most_twenty_services,
    availability_starts_as_a_documented_default_and_is_replaced_whole,
    availability_that_breaks_a_rule_is_refused_under_its_field,
    a_service_stored_before_the_rule_can_be_paused_but_is_repriced_to_change_its_terms,
);

async fn get(app: &TestApp, path: &str, token: &str) -> (u16, Value) {
    call(app, "GET", path, Some(token), None).await
}

fn field_errors(body: &Value) -> Vec<String> {
    body.as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

// ---- Profile -----------------------------------------------------------

async fn a_mentor_reads_and_edits_their_profile_and_the_catalogue_shows_it_at_once(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let id = mentor.mentor();
    let (status, before) = get(&app, "/api/mentor/profile/", &mentor.token).await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(before["id"], id);
    let (list, etag) = catalogue(&app).await;
    assert_eq!(listed(&list, id)["name"], before["name"]);
    assert_eq!(before["rating"], listed(&list, id)["rating"]);

    let edit = json!({
        "headline": "Principal engineer, payments at scale",
        "education": [{"degree": "B.Tech, Computer Science", "institution": "IIT Madras", "year": 2008}],
        "projects": [{"title": "Open ledger", "description": "A double-entry ledger library.", "url": "https://example.com/ledger"}],
        "social_links": {"github": "https://github.com/example-mentor"},
    });
    let (status, after) = call(
        &app,
        "PATCH",
        "/api/mentor/profile/",
        Some(&mentor.token),
        Some(edit),
    )
    .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["headline"], "Principal engineer, payments at scale");
    // Fields left out stay.
    assert_eq!(after["name"], before["name"]);
    assert_eq!(after["bio"], before["bio"]);
    assert_eq!(after["expertise"], before["expertise"]);
    assert_eq!(after["contact"], before["contact"]);
    // Lists sent are replaced whole.
    assert_eq!(after["education"].as_array().map(Vec::len), Some(1));
    assert_eq!(after["education"][0]["institution"], "IIT Madras");
    assert_eq!(
        after["social_links"],
        json!({"github": "https://github.com/example-mentor"})
    );

    let (list, new_etag) = catalogue(&app).await;
    assert_ne!(new_etag, etag, "the catalogue's ETag changes");
    let shown = listed(&list, id);
    assert_eq!(shown["headline"], "Principal engineer, payments at scale");
    let one = app.get_json(&format!("/api/mentors/{id}/")).await;
    assert_eq!(one["projects"][0]["title"], "Open ledger");
    assert_eq!(one["education"][0]["year"], 2008);
    // And the dashboard reads back what it wrote.
    let (_, again) = get(&app, "/api/mentor/profile/", &mentor.token).await;
    assert_eq!(again["headline"], after["headline"]);
    assert_eq!(again["projects"], after["projects"]);
}

async fn a_profile_edit_that_breaks_a_rule_is_refused_under_its_field_and_changes_nothing(
    engine: Engine,
) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let (_, before) = get(&app, "/api/mentor/profile/", &mentor.token).await;
    let (_, etag) = catalogue(&app).await;
    for (body, field) in [
        (json!({"name": ""}), "name"),
        (json!({"bio": "Too short."}), "bio"),
        (json!({"experience_years": -1}), "experience_years"),
        (json!({"experience_years": 500}), "experience_years"),
        (json!({"expertise": []}), "expertise"),
        (json!({"headline": "x".repeat(400)}), "headline"),
        (
            json!({"education": [{"degree": "BSc", "institution": "Delhi University", "year": 1800}]}),
            "education",
        ),
        (
            json!({"projects": [{"title": "Site", "description": "", "url": "javascript:alert(1)"}]}),
            "projects",
        ),
        (
            json!({"social_links": {"myspace": "https://myspace.com/x"}}),
            "social_links",
        ),
        (json!({"contact": {"email": "not an address"}}), "contact"),
    ] {
        let (status, answer) = call(
            &app,
            "PATCH",
            "/api/mentor/profile/",
            Some(&mentor.token),
            Some(body.clone()),
        )
        .await;
        assert_eq!(status, 400, "{body} is refused: {answer}");
        assert!(
            answer[field].as_array().is_some_and(|m| !m.is_empty()),
            "{body}: a message under {field}: {answer}"
        );
        assert_eq!(
            field_errors(&answer),
            vec![field.to_owned()],
            "{body}: only {field}"
        );
    }
    // A refused edit changes nothing, even with a valid field beside it.
    let (status, _) = call(
        &app,
        "PATCH",
        "/api/mentor/profile/",
        Some(&mentor.token),
        Some(json!({"headline": "Changed", "bio": "Too short."})),
    )
    .await;
    assert_eq!(status, 400);
    let (_, after) = get(&app, "/api/mentor/profile/", &mentor.token).await;
    assert_eq!(after, before);
    let (_, same) = catalogue(&app).await;
    assert_eq!(same, etag, "nothing was written");
}

async fn only_a_mentor_reaches_the_dashboard(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let people = people(&app).await;
    let service = json!({"title": "Career chat", "duration_minutes": 30, "price_paise": 50000});
    let availability = json!({"time_zone": "Asia/Kolkata", "booking_window_days": 30});
    let calls: [(&str, &str, Option<Value>); 8] = [
        ("GET", "/api/mentor/profile/", None),
        (
            "PATCH",
            "/api/mentor/profile/",
            Some(json!({"headline": "x"})),
        ),
        ("GET", "/api/mentor/services/", None),
        ("POST", "/api/mentor/services/", Some(service.clone())),
        ("PATCH", "/api/mentor/services/1/", Some(service)),
        ("DELETE", "/api/mentor/services/1/", None),
        ("GET", "/api/mentor/availability/", None),
        ("PUT", "/api/mentor/availability/", Some(availability)),
    ];
    for (method, path, body) in calls {
        let (status, answer) = call(&app, method, path, None, body.clone()).await;
        assert_eq!(status, 401, "{method} {path} as a guest: {answer}");
        for (who, caller) in [("learner", &people.learner), ("admin", &people.admin)] {
            let (status, answer) =
                call(&app, method, path, Some(&caller.token), body.clone()).await;
            assert_eq!(status, 403, "{method} {path} as the {who}: {answer}");
            assert_eq!(
                answer["detail"],
                "You do not have permission to perform this action."
            );
        }
    }
}

// ---- Services ----------------------------------------------------------

async fn services_are_added_changed_paused_and_retired_with_their_commission(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let id = mentor.mentor();
    let (status, before) = get(&app, "/api/mentor/services/", &mentor.token).await;
    assert_eq!(status, 200, "{before}");
    let before = before.as_array().expect("a bare array").clone();
    for s in &before {
        assert_eq!(s["commission_bps"], 1500, "the default rate: {s}");
        let price = s["price_paise"].as_i64().expect("a price");
        let commission = s["commission_paise"].as_i64().expect("a commission");
        assert_eq!(commission, (price * 1500 + 5000) / 10_000, "{s}");
        assert_eq!(
            s["mentor_receives_paise"].as_i64(),
            Some(price - commission)
        );
    }
    let (_, etag) = catalogue(&app).await;

    // Added: 201, priced, in the catalogue at once.
    let (status, added) = call(
        &app,
        "POST",
        "/api/mentor/services/",
        Some(&mentor.token),
        Some(json!({
            "title": "  System design  review ",
            "description": "Bring a design; leave with a plan.",
            "duration_minutes": 60,
            "price_paise": 150_000,
            "instant_confirmation": true,
        })),
    )
    .await;
    assert_eq!(status, 201, "{added}");
    let service = added["id"].as_i64().expect("an id");
    assert_eq!(
        added["title"], "System design review",
        "cleaned by the rule"
    );
    assert_eq!(added["price"], 1500.0);
    assert_eq!(added["active"], true);
    assert_eq!(added["instant_confirmation"], true);
    assert_eq!(added["commission_bps"], 1500);
    assert_eq!(added["commission_paise"], 22_500);
    assert_eq!(added["mentor_receives_paise"], 127_500);
    let (_, list) = get(&app, "/api/mentor/services/", &mentor.token).await;
    assert_eq!(list.as_array().map(Vec::len), Some(before.len() + 1));
    assert_eq!(list[before.len()]["id"], service, "added after the others");
    let (catalogue_list, etag2) = catalogue(&app).await;
    assert_ne!(etag2, etag);
    let shown = listed(&catalogue_list, id);
    let public = shown["services"]
        .as_array()
        .expect("services")
        .iter()
        .find(|s| s["id"] == service)
        .cloned()
        .expect("the new service is public");
    assert_eq!(public["price_paise"], 150_000);
    assert_eq!(public["price"], 1500.0);

    // Changed: only what is sent; the split follows the new price.
    let (status, changed) = call(
        &app,
        "PATCH",
        &format!("/api/mentor/services/{service}/"),
        Some(&mentor.token),
        Some(json!({"price_paise": 99_900})),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["title"], "System design review");
    assert_eq!(changed["duration_minutes"], 60);
    assert_eq!(changed["commission_paise"], 14_985);
    assert_eq!(changed["mentor_receives_paise"], 84_915);
    let one = app.get_json(&format!("/api/mentors/{id}/")).await;
    let public = one["services"]
        .as_array()
        .expect("services")
        .iter()
        .find(|s| s["id"] == service)
        .cloned()
        .expect("still public");
    assert_eq!(public["price_paise"], 99_900, "the new price shows at once");
    assert_eq!(public["price"], 999.0);

    // Paused: kept in the mentor's list, gone from the catalogue.
    let (status, paused) = call(
        &app,
        "PATCH",
        &format!("/api/mentor/services/{service}/"),
        Some(&mentor.token),
        Some(json!({"active": false})),
    )
    .await;
    assert_eq!(status, 200, "{paused}");
    assert_eq!(paused["active"], false);
    let (_, list) = get(&app, "/api/mentor/services/", &mentor.token).await;
    assert!(
        list.as_array()
            .expect("a list")
            .iter()
            .any(|s| s["id"] == service)
    );
    let one = app.get_json(&format!("/api/mentors/{id}/")).await;
    assert!(
        !one["services"]
            .as_array()
            .expect("services")
            .iter()
            .any(|s| s["id"] == service),
        "a paused service is not offered: {}",
        one["services"]
    );

    // Retired: 204, gone from both, and no longer the mentor's to change.
    let (_, etag3) = catalogue(&app).await;
    let path = format!("/api/mentor/services/{service}/");
    let (status, body) = call(&app, "DELETE", &path, Some(&mentor.token), None).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(body, Value::Null);
    let (_, list) = get(&app, "/api/mentor/services/", &mentor.token).await;
    assert!(
        !list
            .as_array()
            .expect("a list")
            .iter()
            .any(|s| s["id"] == service)
    );
    assert_eq!(list.as_array().map(Vec::len), Some(before.len()));
    let (catalogue_list, etag4) = catalogue(&app).await;
    assert_ne!(etag4, etag3);
    assert!(
        !listed(&catalogue_list, id)["services"]
            .as_array()
            .expect("services")
            .iter()
            .any(|s| s["id"] == service)
    );
    let (status, _) = call(&app, "DELETE", &path, Some(&mentor.token), None).await;
    assert_eq!(status, 404, "retired already");
    let (status, _) = call(
        &app,
        "PATCH",
        &path,
        Some(&mentor.token),
        Some(json!({"title": "Back again"})),
    )
    .await;
    assert_eq!(status, 404, "a retired service cannot be changed");

    // Retiring keeps the row for the bookings that name it.
    let kept: (Option<String>,) = match &app.store {
        api::store::Store::Sqlite(pool) => {
            sqlx::query_as("SELECT CAST(retired_at AS TEXT) FROM mentor_services WHERE id = $1")
                .bind(service)
                .fetch_one(pool)
                .await
                .expect("kept")
        }
        api::store::Store::Postgres(pool) => {
            sqlx::query_as("SELECT CAST(retired_at AS TEXT) FROM mentor_services WHERE id = $1")
                .bind(service)
                .fetch_one(pool)
                .await
                .expect("kept")
        }
    };
    assert!(kept.0.is_some(), "retired_at is set");
}

async fn a_service_that_breaks_a_rule_is_refused_under_its_field(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let (_, before) = get(&app, "/api/mentor/services/", &mentor.token).await;
    let (status, answer) = call(
        &app,
        "POST",
        "/api/mentor/services/",
        Some(&mentor.token),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        field_errors(&answer),
        vec!["duration_minutes", "price_paise", "title"]
    );
    assert_eq!(answer["price_paise"][0], "This field is required.");
    let good = json!({"title": "Mock interview", "duration_minutes": 45, "price_paise": 80_000});
    for (change, field) in [
        (json!({"title": ""}), "title"),
        (json!({"title": "ab"}), "title"),
        (json!({"description": "x".repeat(1001)}), "description"),
        (json!({"duration_minutes": 10}), "duration_minutes"),
        (json!({"duration_minutes": 181}), "duration_minutes"),
        (json!({"price_paise": -100}), "price_paise"),
        (json!({"price_paise": 80_050}), "price_paise"),
        (json!({"price_paise": 10_000_100}), "price_paise"),
    ] {
        let mut body = good.clone();
        for (k, v) in change.as_object().expect("an object") {
            body[k] = v.clone();
        }
        let (status, answer) = call(
            &app,
            "POST",
            "/api/mentor/services/",
            Some(&mentor.token),
            Some(body.clone()),
        )
        .await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(field_errors(&answer), vec![field.to_owned()], "{body}");
        // The same rule holds for a change to a stored service.
        let first = before[0]["id"].as_i64().expect("a service");
        let (status, answer) = call(
            &app,
            "PATCH",
            &format!("/api/mentor/services/{first}/"),
            Some(&mentor.token),
            Some(change.clone()),
        )
        .await;
        assert_eq!(status, 400, "PATCH {change}: {answer}");
        assert_eq!(field_errors(&answer), vec![field.to_owned()]);
    }
    let (_, after) = get(&app, "/api/mentor/services/", &mentor.token).await;
    assert_eq!(after, before, "nothing was written");
    // Free is a price.
    let mut free = good.clone();
    free["price_paise"] = json!(0);
    let (status, answer) = call(
        &app,
        "POST",
        "/api/mentor/services/",
        Some(&mentor.token),
        Some(free),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["price"], 0.0);
    assert_eq!(answer["commission_paise"], 0);
    assert_eq!(answer["mentor_receives_paise"], 0);
}

async fn another_mentors_service_is_not_found(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People {
        mentor,
        other_mentor,
        ..
    } = people(&app).await;
    let (_, mine) = get(&app, "/api/mentor/services/", &mentor.token).await;
    let service = mine[0]["id"].as_i64().expect("a service");
    let path = format!("/api/mentor/services/{service}/");
    let (status, answer) = call(
        &app,
        "PATCH",
        &path,
        Some(&other_mentor.token),
        Some(json!({"price_paise": 100})),
    )
    .await;
    assert_eq!(status, 404, "{answer}");
    assert_eq!(answer["detail"], "Not found.");
    let (status, _) = call(&app, "DELETE", &path, Some(&other_mentor.token), None).await;
    assert_eq!(status, 404);
    // Nor is it in their list; and the owner's is untouched.
    let (_, theirs) = get(&app, "/api/mentor/services/", &other_mentor.token).await;
    assert!(
        !theirs
            .as_array()
            .expect("a list")
            .iter()
            .any(|s| s["id"] == service)
    );
    let (_, again) = get(&app, "/api/mentor/services/", &mentor.token).await;
    assert_eq!(again, mine);
    // An id that is no id, or names nothing.
    for path in ["/api/mentor/services/abc/", "/api/mentor/services/999999/"] {
        let (status, _) = call(&app, "DELETE", path, Some(&mentor.token), None).await;
        assert_eq!(status, 404, "{path}");
    }
}

async fn a_mentor_offers_at_most_twenty_services(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let (_, list) = get(&app, "/api/mentor/services/", &mentor.token).await;
    let have = list.as_array().map_or(0, Vec::len);
    assert!(have < 20);
    for n in have..20 {
        let (status, answer) = call(
            &app,
            "POST",
            "/api/mentor/services/",
            Some(&mentor.token),
            Some(json!({"title": format!("Session {n}"), "duration_minutes": 30, "price_paise": 10_000})),
        )
        .await;
        assert_eq!(status, 201, "service {n}: {answer}");
    }
    let (status, answer) = call(
        &app,
        "POST",
        "/api/mentor/services/",
        Some(&mentor.token),
        Some(json!({"title": "One too many", "duration_minutes": 30, "price_paise": 10_000})),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["non_field_errors"][0]
            .as_str()
            .is_some_and(|m| m.contains("20")),
        "{answer}"
    );
    // Retired services do not count.
    let (_, list) = get(&app, "/api/mentor/services/", &mentor.token).await;
    let first = list[0]["id"].as_i64().expect("a service");
    let (status, _) = call(
        &app,
        "DELETE",
        &format!("/api/mentor/services/{first}/"),
        Some(&mentor.token),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (status, answer) = call(
        &app,
        "POST",
        "/api/mentor/services/",
        Some(&mentor.token),
        Some(json!({"title": "Now it fits", "duration_minutes": 30, "price_paise": 10_000})),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
}

// ---- Availability ------------------------------------------------------

async fn availability_starts_as_a_documented_default_and_is_replaced_whole(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let id = mentor.mentor();
    // A mentor who never set any (the demo catalogue gives demo mentors some).
    exec(
        &app.store,
        "DELETE FROM mentor_availability WHERE mentor_id = $1",
        id,
    )
    .await;
    let (status, default) = get(&app, "/api/mentor/availability/", &mentor.token).await;
    assert_eq!(status, 200, "{default}");
    assert_eq!(
        default,
        json!({
            "time_zone": "Asia/Kolkata",
            "weekly": [],
            "overrides": [],
            "buffer_before_minutes": 0,
            "buffer_after_minutes": 10,
            "minimum_notice_minutes": 1440,
            "booking_window_days": 30,
            "max_sessions_per_day": null,
            "slot_interval_minutes": null,
            "configured": false,
        })
    );

    let (_, etag) = catalogue(&app).await;
    let rules = json!({
        "time_zone": "Europe/London",
        "weekly": [
            {"weekday": 0, "start": "09:00", "end": "12:00"},
            {"weekday": 0, "start": "14:00", "end": "17:30"},
            {"weekday": 4, "start": "18:00", "end": "24:00"},
        ],
        "overrides": [
            {"date": "2026-12-25", "ranges": []},
            {"date": "2026-12-27", "ranges": [{"start": "10:00", "end": "11:00"}]},
        ],
        "buffer_before_minutes": 5,
        "buffer_after_minutes": 15,
        "minimum_notice_minutes": 120,
        "booking_window_days": 60,
        "max_sessions_per_day": 4,
    });
    let (status, stored) = call(
        &app,
        "PUT",
        "/api/mentor/availability/",
        Some(&mentor.token),
        Some(rules.clone()),
    )
    .await;
    assert_eq!(status, 200, "{stored}");
    let mut expected = rules.clone();
    expected["slot_interval_minutes"] = Value::Null;
    expected["configured"] = json!(true);
    assert_eq!(stored, expected);
    let (_, read) = get(&app, "/api/mentor/availability/", &mentor.token).await;
    assert_eq!(read, expected);
    let (_, new_etag) = catalogue(&app).await;
    assert_ne!(new_etag, etag, "the catalogue's slots follow");

    // Replaced whole: what is left out takes its default.
    let (status, stored) = call(
        &app,
        "PUT",
        "/api/mentor/availability/",
        Some(&mentor.token),
        Some(json!({"time_zone": "Asia/Kolkata", "booking_window_days": 7, "slot_interval_minutes": 30})),
    )
    .await;
    assert_eq!(status, 200, "{stored}");
    assert_eq!(stored["weekly"], json!([]));
    assert_eq!(stored["overrides"], json!([]));
    assert_eq!(stored["buffer_after_minutes"], 0);
    assert_eq!(stored["max_sessions_per_day"], Value::Null);
    assert_eq!(stored["slot_interval_minutes"], 30);
    let stored_rules = app.store.availability(id).await.expect("read");
    assert_eq!(stored_rules.map(|a| a.booking_window_days), Some(7));
    // No weekly hours: no open hours, so the profile is not listed (issue 21).
    let one = app.get(&format!("/api/mentors/{id}/")).await;
    assert_eq!(one.status(), 404, "no hours, not listed");

    // Every hour of every day: the profile offers slots at once, of its
    // first service.
    let all_week: Vec<Value> = (0..7)
        .map(|d| json!({"weekday": d, "start": "00:00", "end": "24:00"}))
        .collect();
    let (status, stored) = call(
        &app,
        "PUT",
        "/api/mentor/availability/",
        Some(&mentor.token),
        Some(json!({"time_zone": "UTC", "weekly": all_week, "booking_window_days": 7})),
    )
    .await;
    assert_eq!(status, 200, "{stored}");
    let one = app.get_json(&format!("/api/mentors/{id}/")).await;
    let slots = one["available_slots"].as_array().expect("slots");
    assert!(!slots.is_empty(), "slots from the new hours: {one}");
    assert_eq!(slots[0]["service_id"], one["services"][0]["id"]);
}

async fn availability_that_breaks_a_rule_is_refused_under_its_field(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let (_, before) = get(&app, "/api/mentor/availability/", &mentor.token).await;
    let good = json!({
        "time_zone": "Asia/Kolkata",
        "weekly": [{"weekday": 1, "start": "09:00", "end": "17:00"}],
        "booking_window_days": 30,
    });
    let cases = [
        (
            json!({"time_zone": null}),
            "time_zone",
            "This field is required.",
        ),
        (
            json!({"booking_window_days": null}),
            "booking_window_days",
            "This field is required.",
        ),
        (
            json!({"time_zone": "Mars/Olympus_Mons"}),
            "time_zone",
            "Unknown time zone",
        ),
        (
            json!({"time_zone": "asia/kolkata"}),
            "time_zone",
            "Unknown time zone",
        ),
        (
            json!({"weekly": [{"weekday": 7, "start": "09:00", "end": "10:00"}]}),
            "weekly",
            "Weekday 7",
        ),
        (
            json!({"weekly": [{"weekday": -1, "start": "09:00", "end": "10:00"}]}),
            "weekly",
            "Weekday -1",
        ),
        (
            json!({"weekly": [{"weekday": 0, "start": "9am", "end": "10:00"}]}),
            "weekly",
            "Monday",
        ),
        (
            json!({"weekly": [{"weekday": 2, "start": "11:00", "end": "10:00"}]}),
            "weekly",
            "Wednesday",
        ),
        (
            json!({"weekly": [{"weekday": 3, "start": "09:00", "end": "11:00"}, {"weekday": 3, "start": "10:00", "end": "12:00"}]}),
            "weekly",
            "overlap",
        ),
        (
            json!({"overrides": [{"date": "2026-02-30", "ranges": []}]}),
            "overrides",
            "not a date",
        ),
        (
            json!({"overrides": [{"date": "2026-12-01", "ranges": [{"start": "10:00", "end": "25:00"}]}]}),
            "overrides",
            "2026-12-01",
        ),
        (
            json!({"overrides": [{"date": "2026-12-01", "ranges": []}, {"date": "2026-12-01", "ranges": []}]}),
            "overrides",
            "more than one override",
        ),
        (
            json!({"buffer_before_minutes": -5}),
            "buffer_before_minutes",
            "from 0",
        ),
        (
            json!({"buffer_before_minutes": 181}),
            "buffer_before_minutes",
            "buffer before",
        ),
        (
            json!({"buffer_after_minutes": 181}),
            "buffer_after_minutes",
            "buffer after",
        ),
        (
            json!({"minimum_notice_minutes": 43_201}),
            "minimum_notice_minutes",
            "minimum notice",
        ),
        (
            json!({"booking_window_days": 0}),
            "booking_window_days",
            "booking window",
        ),
        (
            json!({"booking_window_days": 366}),
            "booking_window_days",
            "booking window",
        ),
        (
            json!({"max_sessions_per_day": 0}),
            "max_sessions_per_day",
            "sessions a day",
        ),
        (
            json!({"slot_interval_minutes": 1}),
            "slot_interval_minutes",
            "slot interval",
        ),
    ];
    for (change, field, words) in cases {
        let mut body = good.clone();
        for (k, v) in change.as_object().expect("an object") {
            body[k] = v.clone();
        }
        let (status, answer) = call(
            &app,
            "PUT",
            "/api/mentor/availability/",
            Some(&mentor.token),
            Some(body.clone()),
        )
        .await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(
            field_errors(&answer),
            vec![field.to_owned()],
            "{body}: {answer}"
        );
        let message = answer[field][0].as_str().expect("a message");
        assert!(
            message.contains(words),
            "{body}: {message:?} says {words:?}"
        );
        assert!(message.ends_with('.'), "{message:?} is a sentence");
    }
    let (_, after) = get(&app, "/api/mentor/availability/", &mentor.token).await;
    assert_eq!(after, before, "nothing was written");
}

/// Every demo profile passes the profile rule as it stands, so a demo
/// mentor's first edit is refused only for what they send.
#[tokio::test]
async fn every_demo_profile_passes_the_profile_rule() {
    let Some(app) = common::spawn_app(Engine::Sqlite).await else {
        return;
    };
    let mut problems = Vec::new();
    for m in app.store.list_mentors().await.expect("mentors") {
        let draft = api::mentoring::profile::draft_of(&m);
        if let Err(e) = domain_wasm::mentoring::check_profile(&draft) {
            problems.push(format!("{} ({}): {e:?}", m.name, m.id));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every demo service passes the service rule as it stands (whole rupees,
/// at most ₹1,00,000, an allowed length), so the demo shows only what a
/// mentor could offer, and a demo mentor can pause or edit one without
/// first repricing it.
#[tokio::test]
async fn every_demo_service_passes_the_service_rule() {
    let Some(app) = common::spawn_app(Engine::Sqlite).await else {
        return;
    };
    let mut problems = Vec::new();
    for m in app.store.list_mentors().await.expect("mentors") {
        for s in &m.services {
            let draft = domain_wasm::mentoring::ServiceDraft {
                title: s.title.clone(),
                description: s.description.clone(),
                duration_minutes: s.duration_minutes,
                price_paise: s.price_paise.to_i64(),
            };
            if let Err(e) = domain_wasm::mentoring::check_service(&draft) {
                problems.push(format!("{} ({}): {}: {e:?}", m.name, m.id, s.title));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

async fn a_service_stored_before_the_rule_can_be_paused_but_is_repriced_to_change_its_terms(
    engine: Engine,
) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, .. } = people(&app).await;
    let (_, list) = get(&app, "/api/mentor/services/", &mentor.token).await;
    let service = list[0]["id"].as_i64().expect("a service");
    // A price with paise, as services stored before the rule may have.
    exec(
        &app.store,
        "UPDATE mentor_services SET price_paise = 99950 WHERE id = $1",
        service,
    )
    .await;
    let path = format!("/api/mentor/services/{service}/");
    let (status, paused) = call(
        &app,
        "PATCH",
        &path,
        Some(&mentor.token),
        Some(json!({"active": false, "instant_confirmation": true})),
    )
    .await;
    assert_eq!(status, 200, "{paused}");
    assert_eq!(paused["active"], false);
    assert_eq!(paused["instant_confirmation"], true);
    assert_eq!(paused["price_paise"], 99_950, "kept as it was");
    let (status, answer) = call(
        &app,
        "PATCH",
        &path,
        Some(&mentor.token),
        Some(json!({"title": "A new title"})),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(field_errors(&answer), vec!["price_paise"]);
    let (status, answer) = call(
        &app,
        "PATCH",
        &path,
        Some(&mentor.token),
        Some(json!({"title": "A new title", "price_paise": 100_000})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["title"], "A new title");
}

//! The platform's commission over HTTP (issue 11): an administrator sets
//! the default rate and per-mentor overrides (`/api/admin/commission/`),
//! and every mentor's services show the split at their rate at once,
//! rounded half up to the paisa. Refusals: 400 under the field (nothing
//! changes), 404 for an unknown mentor, 403 for learners and mentors, 401
//! for guests. Runs on SQLite and PostgreSQL.

use crate::{common, mentoring};
use common::{Engine, TestApp};
use mentoring::{Caller, People, call, people, spawn};
use serde_json::{Value, json};

on_both_engines!(
    the_default_rate_applies_until_an_administrator_changes_it,
    an_override_applies_to_its_mentor_alone,
    one_mentors_rate_is_set_and_removed_on_its_own,
    a_change_that_breaks_a_rule_is_refused_whole,
    only_an_administrator_sets_the_commission,
    the_split_rounds_half_up_to_the_paisa,
);

async fn commission(app: &TestApp, admin: &Caller) -> Value {
    let (status, body) = call(
        app,
        "GET",
        "/api/admin/commission/",
        Some(&admin.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn put(app: &TestApp, admin: &Caller, body: Value) -> (u16, Value) {
    call(
        app,
        "PUT",
        "/api/admin/commission/",
        Some(&admin.token),
        Some(body),
    )
    .await
}

/// The mentor's services as their dashboard shows them.
async fn services(app: &TestApp, mentor: &Caller) -> Vec<Value> {
    let (status, body) = call(
        app,
        "GET",
        "/api/mentor/services/",
        Some(&mentor.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body.as_array().expect("a bare array").clone()
}

/// Every service of `mentor` shows `rate` and the split it gives.
async fn assert_rate(app: &TestApp, mentor: &Caller, rate: i64) {
    let list = services(app, mentor).await;
    assert!(!list.is_empty());
    for s in list {
        let price = s["price_paise"].as_i64().expect("a price");
        let commission = (price * rate + 5_000) / 10_000;
        assert_eq!(s["commission_bps"], rate, "{s}");
        assert_eq!(s["commission_paise"], commission, "{s}");
        assert_eq!(s["mentor_receives_paise"], price - commission, "{s}");
    }
}

async fn the_default_rate_applies_until_an_administrator_changes_it(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People {
        mentor,
        other_mentor,
        admin,
        ..
    } = people(&app).await;
    let start = commission(&app, &admin).await;
    assert_eq!(start["default_bps"], 1500);
    assert_eq!(start["overrides"], json!([]));
    assert_eq!(start["updated_by"], Value::Null);
    assert_rate(&app, &mentor, 1500).await;

    let (status, changed) = put(&app, &admin, json!({"default_bps": 2000})).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["default_bps"], 2000);
    assert_eq!(changed["updated_by"], admin.id, "who set it is recorded");
    assert_eq!(commission(&app, &admin).await, changed);
    assert_rate(&app, &mentor, 2000).await;
    assert_rate(&app, &other_mentor, 2000).await;
}

async fn an_override_applies_to_its_mentor_alone(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People {
        mentor,
        other_mentor,
        admin,
        ..
    } = people(&app).await;
    let (status, changed) = put(
        &app,
        &admin,
        json!({"overrides": [{"mentor_id": mentor.mentor(), "rate_bps": 1000}]}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["default_bps"], 1500, "the default stays");
    let overrides = changed["overrides"].as_array().expect("a list");
    assert_eq!(overrides.len(), 1);
    assert_eq!(overrides[0]["mentor_id"], mentor.mentor());
    assert_eq!(overrides[0]["rate_bps"], 1000);
    assert_eq!(overrides[0]["updated_by"], admin.id);
    let profile = app
        .get_json(&format!("/api/mentors/{}/", mentor.mentor()))
        .await;
    assert_eq!(overrides[0]["mentor_name"], profile["name"]);
    assert_rate(&app, &mentor, 1000).await;
    assert_rate(&app, &other_mentor, 1500).await;

    // Both at once: the default moves, the override holds.
    let (status, changed) = put(
        &app,
        &admin,
        json!({"default_bps": 1800, "overrides": [{"mentor_id": other_mentor.mentor(), "rate_bps": 0}]}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(
        changed["overrides"].as_array().map(Vec::len),
        Some(1),
        "replaced whole"
    );
    assert_rate(&app, &mentor, 1800).await;
    assert_rate(&app, &other_mentor, 0).await;

    // An empty list removes them all.
    let (status, changed) = put(&app, &admin, json!({"overrides": []})).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["overrides"], json!([]));
    assert_rate(&app, &other_mentor, 1800).await;
}

async fn one_mentors_rate_is_set_and_removed_on_its_own(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People {
        mentor,
        other_mentor,
        admin,
        ..
    } = people(&app).await;
    let path = format!("/api/admin/commission/mentors/{}/", mentor.mentor());
    let (status, changed) = call(
        &app,
        "PUT",
        &path,
        Some(&admin.token),
        Some(json!({"rate_bps": 500})),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["overrides"][0]["rate_bps"], 500);
    assert_rate(&app, &mentor, 500).await;
    // Setting it again replaces it; others keep theirs.
    let other_path = format!("/api/admin/commission/mentors/{}/", other_mentor.mentor());
    let (status, _) = call(
        &app,
        "PUT",
        &other_path,
        Some(&admin.token),
        Some(json!({"rate_bps": 2500})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, changed) = call(
        &app,
        "PUT",
        &path,
        Some(&admin.token),
        Some(json!({"rate_bps": 700})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(changed["overrides"].as_array().map(Vec::len), Some(2));
    assert_rate(&app, &mentor, 700).await;
    assert_rate(&app, &other_mentor, 2500).await;

    let (status, body) = call(&app, "DELETE", &path, Some(&admin.token), None).await;
    assert_eq!(status, 204, "{body}");
    assert_rate(&app, &mentor, 1500).await;
    assert_rate(&app, &other_mentor, 2500).await;
    // Removing it again is done already.
    let (status, _) = call(&app, "DELETE", &path, Some(&admin.token), None).await;
    assert_eq!(status, 204);

    // Refusals: an unknown mentor, a rate missing or out of range.
    for unknown in [
        "/api/admin/commission/mentors/999999/",
        "/api/admin/commission/mentors/abc/",
    ] {
        let (status, _) = call(
            &app,
            "PUT",
            unknown,
            Some(&admin.token),
            Some(json!({"rate_bps": 100})),
        )
        .await;
        assert_eq!(status, 404, "PUT {unknown}");
        let (status, _) = call(&app, "DELETE", unknown, Some(&admin.token), None).await;
        assert_eq!(status, 404, "DELETE {unknown}");
    }
    for body in [
        json!({}),
        json!({"rate_bps": -1}),
        json!({"rate_bps": 10_001}),
    ] {
        let (status, answer) =
            call(&app, "PUT", &path, Some(&admin.token), Some(body.clone())).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["rate_bps"][0].is_string(), "{answer}");
    }
    assert_rate(&app, &mentor, 1500).await;
}

async fn a_change_that_breaks_a_rule_is_refused_whole(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, admin, .. } = people(&app).await;
    let before = commission(&app, &admin).await;
    let m = mentor.mentor();
    for (body, field, words) in [
        (json!({"default_bps": -1}), "default_bps", "0 to 10000"),
        (json!({"default_bps": 10_001}), "default_bps", "10001"),
        (
            json!({"default_bps": 1000, "overrides": [{"mentor_id": 999_999, "rate_bps": 100}]}),
            "overrides",
            "no mentor 999999",
        ),
        (
            json!({"overrides": [{"mentor_id": m, "rate_bps": 10_001}]}),
            "overrides",
            "Override 1",
        ),
        (
            json!({"overrides": [{"mentor_id": m, "rate_bps": 100}, {"mentor_id": m, "rate_bps": 200}]}),
            "overrides",
            "Override 2",
        ),
        (
            json!({"overrides": [{"rate_bps": 100}]}),
            "overrides",
            "choose a mentor",
        ),
        (
            json!({"overrides": [{"mentor_id": m}]}),
            "overrides",
            "enter a rate",
        ),
    ] {
        let (status, answer) = put(&app, &admin, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        let keys: Vec<&String> = answer.as_object().expect("errors").keys().collect();
        assert_eq!(keys, vec![field], "{body}: {answer}");
        let message = answer[field][0].as_str().expect("a message");
        assert!(
            message.contains(words),
            "{body}: {message:?} says {words:?}"
        );
    }
    assert_eq!(commission(&app, &admin).await, before, "nothing changed");
    // Rates at the bounds are fine.
    let (status, answer) = put(
        &app,
        &admin,
        json!({"default_bps": 0, "overrides": [{"mentor_id": m, "rate_bps": 10_000}]}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let list = services(&app, &mentor).await;
    assert_eq!(list[0]["mentor_receives_paise"], 0, "100 % to the platform");
}

async fn only_an_administrator_sets_the_commission(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let people = people(&app).await;
    let one = format!("/api/admin/commission/mentors/{}/", people.mentor.mentor());
    let calls: [(&str, &str, Option<Value>); 4] = [
        ("GET", "/api/admin/commission/", None),
        (
            "PUT",
            "/api/admin/commission/",
            Some(json!({"default_bps": 1})),
        ),
        ("PUT", &one, Some(json!({"rate_bps": 1}))),
        ("DELETE", &one, None),
    ];
    for (method, path, body) in calls {
        let (status, answer) = call(&app, method, path, None, body.clone()).await;
        assert_eq!(status, 401, "{method} {path} as a guest: {answer}");
        for (who, caller) in [
            ("learner", &people.learner),
            ("mentor", &people.mentor),
            ("other mentor", &people.other_mentor),
        ] {
            let (status, answer) =
                call(&app, method, path, Some(&caller.token), body.clone()).await;
            assert_eq!(status, 403, "{method} {path} as the {who}: {answer}");
            assert_eq!(
                answer["detail"],
                "You do not have permission to perform this action."
            );
        }
    }
    let after = commission(&app, &people.admin).await;
    assert_eq!(after["default_bps"], 1500);
    assert_eq!(after["overrides"], json!([]));
}

async fn the_split_rounds_half_up_to_the_paisa(engine: Engine) {
    let Some(app) = spawn(engine).await else {
        return;
    };
    let People { mentor, admin, .. } = people(&app).await;
    let (status, _) = put(
        &app,
        &admin,
        json!({"overrides": [{"mentor_id": mentor.mentor(), "rate_bps": 50}]}),
    )
    .await;
    assert_eq!(status, 200);
    // ₹1 at 0.5 %: half a paisa, rounded up to one.
    let (status, one) = call(
        &app,
        "POST",
        "/api/mentor/services/",
        Some(&mentor.token),
        Some(json!({"title": "Quick question", "duration_minutes": 15, "price_paise": 100})),
    )
    .await;
    assert_eq!(status, 201, "{one}");
    assert_eq!(one["commission_bps"], 50);
    assert_eq!(one["commission_paise"], 1);
    assert_eq!(one["mentor_receives_paise"], 99);
    // ₹3 at 0.5 %: 1.5 paise, rounded up to 2.
    let id = one["id"].as_i64().expect("an id");
    let (status, three) = call(
        &app,
        "PATCH",
        &format!("/api/mentor/services/{id}/"),
        Some(&mentor.token),
        Some(json!({"price_paise": 300})),
    )
    .await;
    assert_eq!(status, 200, "{three}");
    assert_eq!(three["commission_paise"], 2);
    assert_eq!(three["mentor_receives_paise"], 298);
}

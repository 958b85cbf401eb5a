//! Disabled is its own state, apart from never activated (issue 10, finding
//! 5): an operator disables an account (`api::admin::set_disabled`, behind
//! `api disable-user` and `api enable-user`), which ends its sessions; a
//! disabled account cannot sign in, refresh or use a token, and no
//! self-service flow (password reset, an old activation link, resending
//! it) enables it again. Every test runs on SQLite and PostgreSQL.

use crate::common;
use api::admin::{AdminError, set_disabled};
use api::auth::ACCOUNT_DISABLED;
use chrono::Utc;
use common::{Engine, TestApp, email, spawn_without_demo, uid_token};
use serde_json::{Value, json};

const PASSWORD: &str = "Mentor#2026";

/// Registers with a contact number.
async fn register(app: &TestApp, address: &str) {
    let (status, body) = app
        .register_with(
            "Asha Rao",
            address,
            PASSWORD,
            json!({"contact_number": "98765 43210"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

async fn refresh(app: &TestApp, token: &Value) -> u16 {
    app.post("/auth/jwt/refresh/", json!({"refresh": token}))
        .await
        .0
}

/// Disables the account in the store only, leaving its sessions open: what
/// the token checks themselves do about a disabled account.
async fn mark_disabled(app: &TestApp, address: &str) {
    let user = app
        .store
        .user_by_email(&email(address))
        .await
        .expect("user");
    let mut tx = app.store.begin().await.expect("tx");
    tx.set_disabled(user.id, true, Utc::now())
        .await
        .expect("disabled");
    tx.commit().await.expect("commit");
}

async fn a_disabled_account_cannot_use_its_tokens_or_sign_in(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    register(&app, "asha@example.com").await;
    assert_eq!(app.activate("asha@example.com").await.0, 204);
    let (status, body) = app.login("asha@example.com", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let access = body["token"].as_str().expect("token").to_owned();
    let refresh_token = body["refresh"].clone();
    assert_eq!(app.me(&access).await.0, 200);

    // Even with its session still open, the account's tokens stop working.
    mark_disabled(&app, "asha@example.com").await;
    let (status, body) = app.me(&access).await;
    assert_eq!(
        (status, &body["detail"], &body["code"]),
        (401, &json!(ACCOUNT_DISABLED), &json!("token_not_valid"))
    );
    assert_eq!(refresh(&app, &refresh_token).await, 401);
    assert_eq!(app.login("asha@example.com", PASSWORD).await.0, 401);
    // Still verified: disabled is not "never activated".
    let user = app
        .store
        .user_by_email(&email("asha@example.com"))
        .await
        .expect("user");
    assert!(user.is_active && user.is_disabled());
}

async fn disabling_ends_sessions_and_refresh_is_refused(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    register(&app, "ravi@example.com").await;
    assert_eq!(app.activate("ravi@example.com").await.0, 204);
    let (_, second) = app.login("ravi@example.com", PASSWORD).await;
    mark_disabled(&app, "ravi@example.com").await;

    // The operator's command also ends every session.
    let said = set_disabled(&app.state, " Ravi@Example.com ", true, None)
        .await
        .expect("disabled");
    assert!(
        said.contains("ravi@example.com was already disabled; their sessions were ended"),
        "{said}"
    );
    let (status, body) = app.me(second["token"].as_str().expect("token")).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(refresh(&app, &second["refresh"]).await, 401);

    let said = set_disabled(&app.state, "ravi@example.com", false, None)
        .await
        .expect("enabled");
    assert_eq!(said, "Enabled ravi@example.com.");
    let (status, body) = app.login("ravi@example.com", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    // Ended sessions stay ended.
    assert_eq!(refresh(&app, &second["refresh"]).await, 401);
}

async fn the_operator_command_disables_and_enables(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    register(&app, "omar@example.com").await;
    assert_eq!(app.activate("omar@example.com").await.0, 204);
    let (_, session) = app.login("omar@example.com", PASSWORD).await;

    let said = set_disabled(&app.state, "omar@example.com", true, None)
        .await
        .expect("disabled");
    assert_eq!(
        said,
        "Disabled omar@example.com; their sessions were ended (1 open)."
    );
    let (status, _) = app.me(session["token"].as_str().expect("token")).await;
    assert_eq!(status, 401);
    assert_eq!(app.login("omar@example.com", PASSWORD).await.0, 401);

    let unknown = set_disabled(&app.state, "nobody@example.com", true, None).await;
    assert!(
        matches!(unknown, Err(AdminError::UnknownUser(_))),
        "{unknown:?}"
    );
    assert_eq!(
        unknown.map_err(|e| e.to_string()),
        Err("--email: no account has the e-mail address nobody@example.com".into())
    );
    let bad = set_disabled(&app.state, "not an address", false, None).await;
    assert!(matches!(bad, Err(AdminError::Email(_))), "{bad:?}");
    let not_disabled = set_disabled(&app.state, "nobody@example.com", false, None).await;
    assert!(matches!(not_disabled, Err(AdminError::UnknownUser(_))));

    assert_eq!(
        set_disabled(&app.state, "omar@example.com", false, None)
            .await
            .expect("enabled"),
        "Enabled omar@example.com."
    );
    assert_eq!(
        set_disabled(&app.state, "omar@example.com", false, None)
            .await
            .expect("nothing to do"),
        "omar@example.com was not disabled; nothing changed."
    );
    assert_eq!(app.login("omar@example.com", PASSWORD).await.0, 200);
}

async fn a_password_reset_does_not_enable_a_disabled_account(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    register(&app, "kiran@example.com").await;
    assert_eq!(app.activate("kiran@example.com").await.0, 204);
    set_disabled(&app.state, "kiran@example.com", true, None)
        .await
        .expect("disabled");

    let (status, _) = app
        .post(
            "/auth/users/reset_password/",
            json!({"email": "kiran@example.com"}),
        )
        .await;
    assert_eq!(status, 204);
    let (uid, token) = uid_token(
        &app.link_to("kiran@example.com", "/password/reset/confirm/")
            .await,
    );
    let (status, body) = app
        .post(
            "/auth/users/reset_password_confirm/",
            json!({"uid": uid, "token": token, "new_password": "Fresh#Pass2026",
                   "re_new_password": "Fresh#Pass2026"}),
        )
        .await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(
        app.login("kiran@example.com", "Fresh#Pass2026").await.0,
        401
    );
    let user = app
        .store
        .user_by_email(&email("kiran@example.com"))
        .await
        .expect("user");
    assert!(user.is_disabled(), "the reset did not enable it");

    set_disabled(&app.state, "kiran@example.com", false, None)
        .await
        .expect("enabled");
    assert_eq!(
        app.login("kiran@example.com", "Fresh#Pass2026").await.0,
        200
    );
}

async fn an_old_activation_link_does_not_enable_a_disabled_account(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    // Registered, never activated, then disabled by an operator.
    register(&app, "lata@example.com").await;
    let said = set_disabled(&app.state, "lata@example.com", true, None)
        .await
        .expect("disabled");
    assert!(said.starts_with("Disabled lata@example.com"), "{said}");

    // Resending the activation e-mail sends nothing to a disabled account.
    let before = app.mail_kinds("lata@example.com").await;
    let (status, _) = app
        .post(
            "/auth/users/resend_activation/",
            json!({"email": "lata@example.com"}),
        )
        .await;
    assert_eq!(status, 204);
    assert_eq!(app.mail_kinds("lata@example.com").await, before);

    // The old link still proves the address, but the account stays disabled.
    let (status, body) = app.activate("lata@example.com").await;
    assert!(matches!(status, 204 | 400 | 403), "{status} {body}");
    assert_eq!(app.login("lata@example.com", PASSWORD).await.0, 401);
    let user = app
        .store
        .user_by_email(&email("lata@example.com"))
        .await
        .expect("user");
    assert!(user.is_disabled());

    let said = set_disabled(&app.state, "lata@example.com", false, None)
        .await
        .expect("enabled");
    assert!(said.starts_with("Enabled lata@example.com"), "{said}");
    assert_eq!(app.login("lata@example.com", PASSWORD).await.0, 200);
}

on_both_engines!(
    a_disabled_account_cannot_use_its_tokens_or_sign_in,
    disabling_ends_sessions_and_refresh_is_refused,
    the_operator_command_disables_and_enables,
    a_password_reset_does_not_enable_a_disabled_account,
    an_old_activation_link_does_not_enable_a_disabled_account,
);

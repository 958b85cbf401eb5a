//! Attempt limits over HTTP (issue 10, findings 3, 9 and 10): attempts are
//! counted before the password is checked, so racing requests cannot slip
//! past a limit; every per-client limit counts an IPv6 client by its /64;
//! the per-account soft throttle slows strangers down but never locks the
//! owner out; strangers cannot use up the owner's reset e-mails; and the
//! answers that reveal whether an address has an account share one strict
//! budget per client. A crowd is not an attack (issue 21): per-client
//! sign-in limits count failures only, and an address many accounts sign
//! in from gets raised registration and e-mail limits while the per-account
//! and per-address protections hold. Time moves only through the server's
//! manual clock. Every test runs on SQLite and PostgreSQL.

use crate::common;
use std::time::Duration;

use api::auth::limits::{
    CONFIRMATIONS_PER_CLIENT, EMAILS_PER_CLIENT, LOGIN_PER_CLIENT, REGISTER_PER_CLIENT,
    SHARED_ADDRESS_ACCOUNTS, SHARED_ADDRESS_FACTOR,
};
use api::clock::{Clock, ManualClock};
use api::store::{NewUser, Role};
use common::{Engine, Options, TestApp, spawn_app_with};
use futures_util::future::join_all;
use serde_json::{Value, json};

const PASSWORD: &str = "Mentor#2026";
const WRONG: &str = "Guess#0000";

/// A server behind one proxy (the test names each request's client in
/// `X-Forwarded-For`) on a clock that moves only when told. It starts at a
/// fixed instant, a second into an hour: the limits count in fixed windows
/// of up to an hour, so a test started near a window's end would see its
/// counters reset when it moves the clock (it failed so once in CI).
async fn app(engine: Engine) -> Option<(TestApp, ManualClock)> {
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-23T03:00:01Z")
        .expect("a fixed instant")
        .with_timezone(&chrono::Utc);
    let (clock, hand) = Clock::manual_at(start);
    let app = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            trusted_proxies: 1,
            clock: Some(clock),
            ..Options::default()
        },
    )
    .await?;
    Some((app, hand))
}

/// POSTs `body` to `path` as the client at `ip`: the status, the
/// `Retry-After` seconds (if any) and the JSON answer.
async fn post_from(
    app: &TestApp,
    ip: &str,
    path: &str,
    body: Value,
    bearer: Option<&str>,
) -> (u16, Option<i64>, Value) {
    let mut request = app
        .client
        .post(app.url(path))
        .header("x-forwarded-for", ip)
        .json(&body);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let resp = request.send().await.expect("request");
    let status = resp.status().as_u16();
    let retry = resp
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().expect("ascii").parse().expect("seconds"));
    let text = resp.text().await.expect("body");
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    (status, retry, json)
}

async fn login_from(app: &TestApp, ip: &str, email: &str, password: &str) -> (u16, Option<i64>) {
    let (status, retry, _) = post_from(
        app,
        ip,
        "/api/login/",
        json!({"email": email, "password": password}),
        None,
    )
    .await;
    (status, retry)
}

fn assert_too_many(answer: (u16, Option<i64>), longest: i64, what: &str) {
    assert_eq!(answer.0, 429, "{what}");
    let retry = answer.1.unwrap_or_else(|| panic!("{what}: no Retry-After"));
    assert!(
        (1..=longest).contains(&retry),
        "{what}: Retry-After {retry}"
    );
}

/// Five attempts per (client, address) are counted before the password is
/// checked: of eight wrong passwords sent at once, exactly five are
/// checked (401) and three refused (429), however the requests interleave.
async fn racing_sign_ins_are_counted_before_the_password_is_checked(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    app.active_account("asha@example.com", PASSWORD).await;
    let answers =
        join_all((0..8).map(|_| login_from(&app, "203.0.113.9", "asha@example.com", WRONG))).await;
    let refused = answers.iter().filter(|a| a.0 == 401).count();
    let limited = answers.iter().filter(|a| a.0 == 429).count();
    assert_eq!((refused, limited), (5, 3), "{answers:?}");
    // The right password is limited too, until the window ends.
    assert_too_many(
        login_from(&app, "203.0.113.9", "asha@example.com", PASSWORD).await,
        900,
        "the sixth attempt",
    );
}

/// Changing the password checks the current one under the same count, per
/// session: eight wrong ones at once give five 400s and three 429s.
async fn racing_password_changes_are_counted_before_the_password_is_checked(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    app.active_account("ravi@example.com", PASSWORD).await;
    let (status, _, body) = post_from(
        &app,
        "198.51.100.7",
        "/api/login/",
        json!({"email": "ravi@example.com", "password": PASSWORD}),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let token = body["token"].as_str().expect("token").to_owned();
    let change = json!({
        "current_password": WRONG,
        "new_password": "Fresh#Pass2026x",
        "re_new_password": "Fresh#Pass2026x",
    });
    let answers = join_all((0..8).map(|_| {
        post_from(
            &app,
            "198.51.100.7",
            "/auth/users/set_password/",
            change.clone(),
            Some(&token),
        )
    }))
    .await;
    let wrong = answers
        .iter()
        .filter(|a| a.0 == 400 && a.2 == json!({"current_password": ["Invalid password."]}))
        .count();
    let limited = answers
        .iter()
        .filter(|a| a.0 == 429 && a.1.is_some_and(|r| (1..=900).contains(&r)))
        .count();
    assert_eq!((wrong, limited), (5, 3), "{answers:?}");
}

/// Every per-client limit counts an IPv6 client by its /64: addresses in
/// one /64 share the sign-in limits, another /64 has its own.
async fn one_ipv6_64_is_one_client(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    app.active_account("lena@example.com", PASSWORD).await;

    // Sign-in attempts per client (30 in 10 minutes), each from another
    // address of 2001:db8:1:2::/64 (a missing password: no hash to check).
    for n in 1..=30 {
        let (status, _, body) = post_from(
            &app,
            &format!("2001:db8:1:2::{n:x}"),
            "/api/login/",
            json!({"email": "lena@example.com"}),
            None,
        )
        .await;
        assert_eq!(status, 400, "attempt {n}: {body}");
    }
    let (status, retry, _) = post_from(
        &app,
        "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
        "/api/login/",
        json!({"email": "lena@example.com"}),
        None,
    )
    .await;
    assert_too_many((status, retry), 600, "the 31st attempt from the /64");
    let (status, _, _) = post_from(
        &app,
        "2001:db8:1:3::1",
        "/api/login/",
        json!({"email": "lena@example.com"}),
        None,
    )
    .await;
    assert_eq!(status, 400, "the next /64 is another client");

    // Attempts per (client, address): five wrong passwords from five
    // addresses of one /64 use up that /64's attempts on the address.
    for n in 1..=5 {
        let ip = format!("2001:db8:5:6::{n}");
        assert_eq!(
            login_from(&app, &ip, "lena@example.com", WRONG).await.0,
            401
        );
    }
    assert_too_many(
        login_from(&app, "2001:db8:5:6:ffff::1", "lena@example.com", PASSWORD).await,
        900,
        "the sixth attempt from the /64",
    );
    assert_eq!(
        login_from(&app, "2001:db8:5:7::1", "lena@example.com", PASSWORD)
            .await
            .0,
        200,
        "another /64 signs in"
    );
}

/// Strangers flooding one account from many /64s slow every client that
/// has not signed in to it down to one attempt per slot (at most 60 s
/// apart), and unknown addresses alike; the owner is never locked out:
/// from a client that signed in before, at once; from a new one after at
/// most the bounded wait; and from a network that set a new password with
/// an e-mailed reset link, at once.
async fn the_account_throttle_slows_strangers_but_never_locks_the_owner_out(engine: Engine) {
    let Some((app, hand)) = app(engine).await else {
        return;
    };
    app.active_account("owner@example.com", PASSWORD).await;
    // The owner's phone signs in once: its /64 is known to the account.
    assert_eq!(
        login_from(&app, "2001:db8:aaaa:1::5", "owner@example.com", PASSWORD)
            .await
            .0,
        200
    );

    // Strangers: 4 wrong passwords from each of 10 /64s (each under its
    // own per-client limits), on the account and on an address without one.
    let mut statuses = Vec::new();
    for address in ["owner@example.com", "nobody@example.com"] {
        let mut seen = Vec::new();
        for net in 0..10 {
            for _ in 0..4 {
                let ip = format!("2001:db8:bad:{net:x}::1");
                let answer = login_from(&app, &ip, address, WRONG).await;
                if answer.0 == 429 {
                    assert_too_many(answer, 60, "a throttled stranger");
                } else {
                    assert_eq!(answer.0, 401, "{address}");
                }
                seen.push(answer.0);
            }
        }
        statuses.push(seen);
    }
    let checked = statuses[0].iter().filter(|s| **s == 401).count();
    assert!(
        (10..=20).contains(&checked),
        "the first 10 attempts and one per growing slot are checked, the rest wait: {:?}",
        statuses[0]
    );
    assert_eq!(
        statuses[0], statuses[1],
        "an address without an account is throttled the same way"
    );

    // The owner, from the known /64 (another address in it), at once.
    assert_eq!(
        login_from(&app, "2001:db8:aaaa:1::77", "owner@example.com", PASSWORD)
            .await
            .0,
        200,
        "a known client is never throttled"
    );

    // The owner from a new network waits at most 60 s, then gets in.
    let answer = login_from(&app, "2001:db8:cccc:1::1", "owner@example.com", PASSWORD).await;
    assert_too_many(answer, 60, "a new client during the flood");
    hand.advance(Duration::from_secs(answer.1.expect("retry") as u64));
    assert_eq!(
        login_from(&app, "2001:db8:cccc:1::1", "owner@example.com", PASSWORD)
            .await
            .0,
        200,
        "after the bounded wait"
    );

    // And at any time, however long the flood lasts: the owner resets the
    // password from a new network, which proves the mailbox and makes that
    // network known, then signs in at once while strangers still wait.
    assert_too_many(
        login_from(&app, "2001:db8:bad:ff::1", "owner@example.com", WRONG).await,
        60,
        "the flood goes on",
    );
    let phone = "2001:db8:dddd:1::1";
    let (status, _, _) = post_from(
        &app,
        phone,
        "/auth/users/reset_password/",
        json!({"email": "owner@example.com"}),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let link = app
        .link_to("owner@example.com", "/password/reset/confirm/")
        .await;
    let parts: Vec<&str> = link.trim_start_matches('/').split('/').collect();
    let (status, _, body) = post_from(
        &app,
        phone,
        "/auth/users/reset_password_confirm/",
        json!({"uid": parts[3], "token": parts[4], "new_password": "Fresh#Pass2026x"}),
        None,
    )
    .await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(
        login_from(&app, phone, "owner@example.com", "Fresh#Pass2026x")
            .await
            .0,
        200,
        "the network that reset the password is known"
    );
}

async fn resets_sent_to(app: &TestApp, email: &str) -> usize {
    app.outbox(email)
        .await
        .iter()
        .filter(|m| m["kind"] == "password_reset")
        .count()
}

/// Reset e-mails: strangers using up the per-address cap from many clients
/// do not stop the owner's own client getting one; the inbox still gets at
/// most 10 an hour from strangers.
async fn strangers_cannot_use_up_the_owners_reset_emails(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    app.active_account("mira@example.com", PASSWORD).await;
    assert_eq!(
        login_from(&app, "198.51.100.7", "mira@example.com", PASSWORD)
            .await
            .0,
        200
    );
    let reset_from = |ip: String| {
        let app = &app;
        async move {
            post_from(
                app,
                &ip,
                "/auth/users/reset_password/",
                json!({"email": "mira@example.com"}),
                None,
            )
            .await
            .0
        }
    };
    // Six strangers ask five times each: 3 per client, 10 in all.
    for n in 1..=6 {
        for _ in 0..5 {
            assert_eq!(reset_from(format!("203.0.113.{n}")).await, 204);
        }
    }
    assert_eq!(resets_sent_to(&app, "mira@example.com").await, 10);
    assert_eq!(reset_from("2001:db8:77::1".into()).await, 204);
    assert_eq!(
        resets_sent_to(&app, "mira@example.com").await,
        10,
        "no more from strangers"
    );
    // The owner's own client still gets one.
    assert_eq!(reset_from("198.51.100.7".into()).await, 204);
    assert_eq!(resets_sent_to(&app, "mira@example.com").await, 11);
}

/// The answers that tell whether an address has an account.
#[derive(Debug, Clone, Copy)]
enum Reveal {
    Register,
    Reset,
    AuthType,
}

async fn reveal(app: &TestApp, ip: &str, kind: Reveal, n: usize) -> (u16, Option<i64>) {
    let (path, body, expected) = match kind {
        Reveal::Register => (
            "/auth/users/",
            json!({"name": "Someone", "email": "taken@example.com", "password": PASSWORD}),
            400,
        ),
        Reveal::Reset => (
            "/auth/users/reset_password/",
            json!({"email": format!("nobody{n}@example.com")}),
            400,
        ),
        Reveal::AuthType => (
            "/api/accounts/check-user-auth-type/",
            json!({"email": format!("someone{n}@example.com")}),
            200,
        ),
    };
    let (status, retry, answer) = post_from(app, ip, path, body, None).await;
    if status != 429 {
        assert_eq!(status, expected, "{kind:?}: {answer}");
    }
    if let (Reveal::Register, 400) = (kind, status) {
        assert_eq!(
            answer,
            json!({"email": ["A user with this email already exists."]})
        );
    }
    (status, retry)
}

/// Each answer that reveals an account is limited per client: 10 in 10
/// minutes, then 429 with `Retry-After`; other clients keep their own.
async fn limits_each_revealing_answer(engine: Engine, kind: Reveal) {
    let Some((app, hand)) = app(engine).await else {
        return;
    };
    app.active_account("taken@example.com", PASSWORD).await;
    for n in 0..10 {
        assert_ne!(reveal(&app, "203.0.113.20", kind, n).await.0, 429, "{n}");
    }
    let answer = reveal(&app, "203.0.113.20", kind, 10).await;
    assert_too_many(answer, 600, "the 11th revealing answer");
    assert_ne!(
        reveal(&app, "203.0.113.21", kind, 11).await.0,
        429,
        "another client"
    );
    hand.advance(Duration::from_secs(answer.1.expect("retry") as u64));
    assert_ne!(
        reveal(&app, "203.0.113.20", kind, 12).await.0,
        429,
        "the next window"
    );
}

async fn the_taken_address_answer_of_registration_is_limited(engine: Engine) {
    limits_each_revealing_answer(engine, Reveal::Register).await;
}

async fn the_not_registered_answer_of_reset_is_limited(engine: Engine) {
    limits_each_revealing_answer(engine, Reveal::Reset).await;
}

async fn the_auth_type_check_is_limited(engine: Engine) {
    limits_each_revealing_answer(engine, Reveal::AuthType).await;
}

/// The three answers share one budget per client (a /64 for IPv6).
async fn revealing_answers_share_one_budget(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    app.active_account("taken@example.com", PASSWORD).await;
    let kinds = [Reveal::AuthType, Reveal::Register, Reveal::Reset];
    for n in 0..10 {
        let ip = format!("2001:db8:42:1::{n}");
        assert_ne!(reveal(&app, &ip, kinds[n % 3], n).await.0, 429, "{n}");
    }
    for (n, kind) in kinds.into_iter().enumerate() {
        assert_too_many(
            reveal(&app, "2001:db8:42:1::ff", kind, 20 + n).await,
            600,
            "over the shared budget",
        );
    }
    // A wrong-password sign-in reveals nothing and is not in the budget;
    // well-formed answers that reveal nothing (204 resets) neither.
    let (status, _, _) = post_from(
        &app,
        "2001:db8:42:1::ff",
        "/auth/users/reset_password/",
        json!({"email": "taken@example.com"}),
        None,
    )
    .await;
    assert_eq!(status, 204);
}

/// A campus, or a mobile carrier's NAT: one IPv4 address, many people.
const CAMPUS: &str = "203.0.113.50";
/// A household's address: nobody else signs in from it.
const HOME: &str = "198.51.100.80";

/// `n` active learners, `learner{i}@campus.example`, written straight into
/// the store. Their password hash uses argon2id at its smallest cost (the
/// server verifies a hash with the parameters it was made with), so
/// hundreds of sign-ins stay fast in a debug build.
async fn learners(app: &TestApp, from: usize, n: usize) -> Vec<String> {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let cheap = argon2::Argon2::new(
        argon2::Algorithm::Argon2id,
        argon2::Version::V0x13,
        argon2::Params::new(8, 1, 1, None).expect("params"),
    );
    let hash = cheap
        .hash_password(PASSWORD.as_bytes(), &SaltString::generate(&mut OsRng))
        .expect("hash")
        .to_string();
    let now = app.state.clock.now();
    let mut tx = app.store.begin().await.expect("tx");
    let mut emails = Vec::new();
    for i in from..from + n {
        let email = format!("learner{i}@campus.example");
        tx.create_user(
            &NewUser {
                email: common::email(&email),
                name: format!("Learner {i}"),
                password_hash: Some(hash.clone()),
                google_sub: None,
                role: Role::User,
                is_active: true,
                contact_number: None,
            },
            now,
        )
        .await
        .expect("a learner");
        emails.push(email);
    }
    tx.commit().await.expect("commit");
    emails
}

/// Signs each of `emails` in from `ip`, one after another.
async fn sign_in_all(app: &TestApp, ip: &str, emails: &[String]) {
    for email in emails {
        assert_eq!(login_from(app, ip, email, PASSWORD).await.0, 200, "{email}");
    }
}

/// POSTs `body(n)` to `path` from `ip` for n = 0, 1, ... until the answer
/// is 429, at most `most` times: how many were answered otherwise.
async fn passes_until_limited(
    app: &TestApp,
    ip: &str,
    path: &str,
    most: usize,
    body: impl Fn(usize) -> Value,
) -> usize {
    for n in 0..most {
        let (status, retry, answer) = post_from(app, ip, path, body(n), None).await;
        if status == 429 {
            assert!(
                retry.is_some_and(|r| (1..=3600).contains(&r)),
                "{path}: {retry:?}"
            );
            return n;
        }
        assert!(status < 500, "{path} #{n}: {status} {answer}");
    }
    most
}

/// 200 learners sign in from one address within one window of the
/// per-client limit (the clock never moves), ten at a time, all 200; a
/// guessing run from the same address, mixed in among them, is still
/// stopped after the per-client failure limit. (Before, successes counted:
/// the 31st learner was refused.)
async fn a_crowd_signs_in_from_one_address_while_guessing_from_it_is_stopped(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    let crowd = learners(&app, 0, 200).await;
    let failures = LOGIN_PER_CLIENT.max as usize;
    // One wrong password on another learner's address between each batch:
    // no (client, address) pair nor account sees more than a few.
    let mut guesses = crowd.iter().rev().map(|victim| {
        let app = &app;
        async move { login_from(app, CAMPUS, victim, WRONG).await }
    });
    let mut guessed = 0;
    for (n, batch) in crowd.chunks(10).enumerate() {
        if n > 0 {
            let answer = guesses.next().expect("a guess").await;
            assert_eq!(answer.0, 401, "guess {guessed}");
            guessed += 1;
        }
        let answers = join_all(batch.iter().map(|e| login_from(&app, CAMPUS, e, PASSWORD))).await;
        assert!(answers.iter().all(|a| a.0 == 200), "batch {n}: {answers:?}");
    }
    assert_eq!(guessed, 19);
    // The run goes on: wrong passwords up to the limit are checked, then refused.
    while guessed < failures {
        let answer = guesses.next().expect("a guess").await;
        assert_eq!(answer.0, 401, "guess {guessed}");
        guessed += 1;
    }
    assert_too_many(
        guesses.next().expect("a guess").await,
        LOGIN_PER_CLIENT.window_secs,
        "the guess past the failure limit",
    );
    // Another address is another client.
    assert_eq!(login_from(&app, HOME, &crowd[0], PASSWORD).await.0, 200);
}

/// Guessing one account's password is stopped whatever the addresses: from
/// one address (even a shared one) after 5 wrong passwords, and from a new
/// address each time by the per-account throttle after 10 attempts (then
/// one per slot of 1, 2, 4 ... 60 s: the clock stands still), while the
/// owner's known network still signs in at once.
async fn guessing_one_account_is_stopped_whatever_the_addresses(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    let crowd = learners(&app, 0, SHARED_ADDRESS_ACCOUNTS as usize).await;
    sign_in_all(&app, CAMPUS, &crowd).await;
    let target = &crowd[0];
    assert_eq!(login_from(&app, HOME, target, PASSWORD).await.0, 200);

    for n in 0..5 {
        assert_eq!(login_from(&app, CAMPUS, target, WRONG).await.0, 401, "{n}");
    }
    assert_too_many(
        login_from(&app, CAMPUS, target, WRONG).await,
        900,
        "the sixth guess from the shared address",
    );

    let answers: Vec<(u16, Option<i64>)> = join_all((1..=40).map(|n| {
        let app = &app;
        async move { login_from(app, &format!("192.0.2.{n}"), target, WRONG).await }
    }))
    .await;
    let checked = answers.iter().filter(|a| a.0 == 401).count();
    assert!(
        (10..=17).contains(&checked),
        "10 attempts and one per growing slot are checked: {answers:?}"
    );
    for answer in answers.iter().filter(|a| a.0 != 401) {
        assert_too_many(*answer, 60, "a throttled guess");
    }
    let late = login_from(&app, "192.0.2.200", target, WRONG).await;
    assert_too_many(late, 60, "the run goes on from yet another address");
    assert_eq!(
        login_from(&app, HOME, target, PASSWORD).await.0,
        200,
        "the owner's known network"
    );
}

/// Registration: an ordinary address gets 20 an hour; once
/// `SHARED_ADDRESS_ACCOUNTS` (10) distinct accounts signed in from one, it
/// gets `SHARED_ADDRESS_FACTOR` (10) times as many, counted from the same
/// attempts. Nine accounts do not make an address shared.
async fn registration_from_a_shared_address_gets_the_raised_limit(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    let normal = REGISTER_PER_CLIENT.max as usize;
    let raised = normal * SHARED_ADDRESS_FACTOR as usize;
    let crowd = learners(&app, 0, SHARED_ADDRESS_ACCOUNTS as usize).await;
    let (first, tenth) = crowd.split_at(crowd.len() - 1);
    sign_in_all(&app, CAMPUS, first).await;
    // Bodies without the fields: counted before they are read, and cheap.
    let register = |_| json!({});

    assert_eq!(
        passes_until_limited(&app, HOME, "/auth/users/", raised + 1, register).await,
        normal,
        "an ordinary address"
    );
    assert_eq!(
        passes_until_limited(&app, CAMPUS, "/auth/users/", raised + 1, register).await,
        normal,
        "nine accounts are not a crowd"
    );

    // The tenth account signs in: the address is shared, and the attempts
    // counted so far are within the raised limit.
    sign_in_all(&app, CAMPUS, tenth).await;
    let (status, _, body) = post_from(
        &app,
        CAMPUS,
        "/auth/users/",
        json!({
            "name": "New Learner",
            "email": "new@campus.example",
            "password": PASSWORD,
            "re_password": PASSWORD,
        }),
        None,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let more = passes_until_limited(&app, CAMPUS, "/auth/users/", raised + 1, register).await;
    assert_eq!(normal + 2 + more, raised, "the raised limit, all told");

    // A mentor application with a new account is a registration too.
    let (status, _, _) = post_from(
        &app,
        CAMPUS,
        "/api/mentor-applications/with-account/",
        json!({}),
        None,
    )
    .await;
    assert_eq!(status, 429, "the same count");
    // The ordinary address is still held to the normal one.
    let (status, _, _) = post_from(&app, HOME, "/auth/users/", json!({}), None).await;
    assert_eq!(status, 429);
}

async fn resets_and_activations_sent_to(app: &TestApp, email: &str) -> usize {
    app.outbox(email)
        .await
        .iter()
        .filter(|m| m["kind"] == "password_reset" || m["kind"] == "activation")
        .count()
}

/// Reset and activation e-mails and link confirmations: a shared address
/// gets the raised per-client limits, an ordinary one the normal ones;
/// the per-address e-mail limits do not change (3 an hour to one address
/// from one client, then the same answer and nothing sent).
async fn emails_from_a_shared_address_get_raised_limits_and_per_address_ones_hold(engine: Engine) {
    let Some((app, _hand)) = app(engine).await else {
        return;
    };
    let crowd = learners(&app, 0, SHARED_ADDRESS_ACCOUNTS as usize).await;
    sign_in_all(&app, CAMPUS, &crowd).await;

    // Resending activation answers 204 for any well-formed address.
    let emails = EMAILS_PER_CLIENT.max as usize;
    let resend = |n| json!({"email": format!("someone{n}@example.com")});
    let path = "/auth/users/resend_activation/";
    let factor = SHARED_ADDRESS_FACTOR as usize;
    assert_eq!(
        passes_until_limited(&app, HOME, path, emails * factor + 1, resend).await,
        emails
    );
    assert_eq!(
        passes_until_limited(&app, CAMPUS, path, emails * factor + 1, resend).await,
        emails * factor
    );
    let (status, _, _) = post_from(
        &app,
        CAMPUS,
        "/auth/users/reset_password/",
        json!({"email": crowd[1]}),
        None,
    )
    .await;
    assert_eq!(status, 429, "resets share the count");

    // Link confirmations (a wrong token answers 400).
    let confirms = CONFIRMATIONS_PER_CLIENT.max as usize;
    let activate = |_| json!({"uid": "MQ", "token": "not-a-token"});
    let path = "/auth/users/activation/";
    assert_eq!(
        passes_until_limited(&app, HOME, path, confirms * factor + 1, activate).await,
        confirms
    );
    assert_eq!(
        passes_until_limited(&app, CAMPUS, path, confirms * factor + 1, activate).await,
        confirms * factor
    );

    // Per address: from another shared /64, five resets to one account
    // send three.
    let (campus_64, phone_64) = ("2001:db8:ca:1::", "2001:db8:ca:1::ffff");
    let others = learners(&app, 100, SHARED_ADDRESS_ACCOUNTS as usize).await;
    for (n, email) in others.iter().enumerate() {
        assert_eq!(
            login_from(&app, &format!("{campus_64}{n:x}"), email, PASSWORD)
                .await
                .0,
            200
        );
    }
    for _ in 0..5 {
        let (status, _, body) = post_from(
            &app,
            phone_64,
            "/auth/users/reset_password/",
            json!({"email": others[0]}),
            None,
        )
        .await;
        assert_eq!(status, 204, "{body}");
    }
    assert_eq!(resets_and_activations_sent_to(&app, &others[0]).await, 3);
}

on_both_engines!(
    racing_sign_ins_are_counted_before_the_password_is_checked,
    racing_password_changes_are_counted_before_the_password_is_checked,
    one_ipv6_64_is_one_client,
    the_account_throttle_slows_strangers_but_never_locks_the_owner_out,
    strangers_cannot_use_up_the_owners_reset_emails,
    the_taken_address_answer_of_registration_is_limited,
    the_not_registered_answer_of_reset_is_limited,
    the_auth_type_check_is_limited,
    revealing_answers_share_one_budget,
    a_crowd_signs_in_from_one_address_while_guessing_from_it_is_stopped,
    guessing_one_account_is_stopped_whatever_the_addresses,
    registration_from_a_shared_address_gets_the_raised_limit,
    emails_from_a_shared_address_get_raised_limits_and_per_address_ones_hold,
);

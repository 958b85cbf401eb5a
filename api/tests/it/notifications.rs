//! In-app notifications (issue 24): an event that e-mails a person leaves
//! them a notification in the same unit of work; the list, the unread
//! count and the read marks are the owner's alone; the e-mail preferences
//! turn off only what may be; and the live stream delivers each new one,
//! resumes after the last id without losing any, and reaches a stream held
//! on another api process on the same PostgreSQL.

use std::time::Duration;

use crate::{bookings, common, mentoring};
use api::clock::{Clock, ManualClock};
use bookings::Offer;
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use futures_util::StreamExt;
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    an_accept_tells_the_learner_in_the_app_and_only_them,
    read_marks_are_the_owners_and_count_down,
    preferences_turn_off_only_what_may_be_and_hold_back_that_email,
    the_stream_delivers_what_happens_and_resumes_after_the_last_id,
);

/// A guard against a hang, never a wait: every step below ends as soon as
/// what it waits for arrives.
const DEADLINE: Duration = Duration::from_secs(60);

struct World {
    app: TestApp,
    _hand: ManualClock,
    mentor: Caller,
    learner: Caller,
    stranger: Caller,
    mentor_id: i64,
    /// A paid service the mentor answers.
    paid: i64,
    /// A free one, confirmed at once.
    free: i64,
}

async fn world_on(db: TestDb) -> World {
    let (clock, hand) = Clock::manual();
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits: false,
            clock: Some(clock),
            tweak: Some(common::no_hold_caps),
            ..Options::default()
        },
    )
    .await;
    let (mentor_id, services) = bookings::mentor(
        &app,
        "Meera Nair",
        "meera@example.com",
        &[
            Offer {
                title: "Career plan",
                minutes: 45,
                price_paise: 75_000,
                instant: false,
            },
            Offer {
                title: "Intro call",
                minutes: 30,
                price_paise: 0,
                instant: true,
            },
        ],
        bookings::daily("Asia/Kolkata", "09:00", "17:00"),
    )
    .await;
    use api::store::Role;
    bookings::account(&app, "Lata Learner", "lata@example.com", Role::User).await;
    bookings::account(&app, "Sid Stranger", "sid@example.com", Role::User).await;
    let mentor = sign_in(&app, "meera@example.com", mentoring::PASSWORD).await;
    let learner = sign_in(&app, "lata@example.com", mentoring::PASSWORD).await;
    let stranger = sign_in(&app, "sid@example.com", mentoring::PASSWORD).await;
    World {
        app,
        _hand: hand,
        mentor,
        learner,
        stranger,
        mentor_id,
        paid: services[0],
        free: services[1],
    }
}

async fn world(engine: Engine) -> Option<World> {
    Some(world_on(TestDb::fresh(engine).await?).await)
}

impl World {
    async fn get(&self, who: &Caller, path: &str) -> Value {
        let (status, body) = call(&self.app, "GET", path, Some(&who.token), None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    async fn list(&self, who: &Caller) -> Vec<Value> {
        self.get(who, "/api/notifications/")
            .await
            .as_array()
            .expect("a bare array")
            .clone()
    }

    async fn unread(&self, who: &Caller) -> i64 {
        self.get(who, "/api/notifications/unread-count/").await["count"]
            .as_i64()
            .expect("a count")
    }

    /// Books the `n`th open slot of `service` as the learner.
    async fn book(&self, service: i64, n: usize) -> String {
        let slots = self
            .get(
                &self.learner,
                &format!("/api/mentors/{}/slots/?service={service}", self.mentor_id),
            )
            .await;
        let start = slots[n]["start"].as_str().expect("an open slot").to_owned();
        let (status, body) = call(
            &self.app,
            "POST",
            "/api/bookings/",
            Some(&self.learner.token),
            Some(json!({"service_id": service, "start": start, "note": "Hello"})),
        )
        .await;
        assert_eq!(status, 201, "books: {body}");
        body["id"].as_str().expect("an id").to_owned()
    }

    async fn accept(&self, booking: &str) {
        let (status, body) = call(
            &self.app,
            "POST",
            &format!("/api/bookings/{booking}/accept/"),
            Some(&self.mentor.token),
            None,
        )
        .await;
        assert_eq!(status, 200, "accepts: {body}");
    }

    /// The learner's stream, after `last` when given.
    async fn stream(&self, base: &str, who: &Caller, last: Option<i64>) -> Events {
        let query = last
            .map(|id| format!("?last_event_id={id}"))
            .unwrap_or_default();
        let response = self
            .app
            .client
            .get(format!("{base}/api/notifications/stream/{query}"))
            .bearer_auth(&who.token)
            .timeout(DEADLINE)
            .send()
            .await
            .expect("the stream opens");
        assert_eq!(response.status(), 200);
        let headers = response.headers();
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap_or_default()
                .starts_with("text/event-stream")
        );
        assert_eq!(headers["x-accel-buffering"], "no");
        Events {
            bytes: Box::pin(response.bytes_stream()),
            buffer: String::new(),
        }
    }
}

/// The events of a stream as they arrive.
struct Events {
    bytes:
        std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buffer: String,
}

impl Events {
    /// The next event: its `id:` and its JSON `data:` (heartbeats skipped).
    async fn next(&mut self) -> (i64, Value) {
        tokio::time::timeout(DEADLINE, async {
            loop {
                if let Some(end) = self.buffer.find("\n\n") {
                    let block: String = self.buffer.drain(..end + 2).collect();
                    let field = |name: &str| {
                        block
                            .lines()
                            .find_map(|l| l.strip_prefix(name))
                            .map(|v| v.trim_start().to_owned())
                    };
                    let (Some(id), Some(data)) = (field("id:"), field("data:")) else {
                        continue; // a heartbeat comment
                    };
                    assert_eq!(field("event:").as_deref(), Some("notification"));
                    let data: Value = serde_json::from_str(&data).expect("JSON data");
                    return (id.parse().expect("a numeric id"), data);
                }
                let chunk = self
                    .bytes
                    .next()
                    .await
                    .expect("the stream goes on")
                    .expect("bytes");
                self.buffer.push_str(&String::from_utf8_lossy(&chunk));
            }
        })
        .await
        .expect("an event before the deadline")
    }
}

async fn an_accept_tells_the_learner_in_the_app_and_only_them(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let booking = w.book(w.paid, 0).await;
    let mentor_sees = w.list(&w.mentor).await;
    assert_eq!(mentor_sees.len(), 1, "{mentor_sees:?}");
    assert_eq!(mentor_sees[0]["kind"], "booking_request");
    assert_eq!(
        mentor_sees[0]["link"],
        format!("/session-request/{booking}")
    );
    assert!(mentor_sees[0].get("read_at").is_none(), "unread");
    let before = w.unread(&w.learner).await;
    w.accept(&booking).await;
    let learner_sees = w.list(&w.learner).await;
    assert_eq!(w.unread(&w.learner).await, before + 1);
    let newest = &learner_sees[0];
    assert_eq!(newest["kind"], "booking_payment_due");
    assert_eq!(
        newest["link"],
        format!("/session-payment-required/{booking}")
    );
    assert!(
        newest["title"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Meera Nair accepted"),
        "{newest}"
    );
    assert!(!newest["body"].as_str().unwrap_or_default().is_empty());
    // Newest first, by id.
    let ids: Vec<i64> = learner_sees
        .iter()
        .map(|n| n["id"].as_i64().expect("id"))
        .collect();
    assert!(ids.windows(2).all(|p| p[0] > p[1]), "{ids:?}");
    // Someone else sees none of it.
    assert!(w.list(&w.stranger).await.is_empty());
    assert_eq!(w.unread(&w.stranger).await, 0);
    // A guest is told to sign in.
    let (status, _) = call(&w.app, "GET", "/api/notifications/", None, None).await;
    assert_eq!(status, 401);
    // Pages: `limit` and `before`.
    let (status, page) = call(
        &w.app,
        "GET",
        &format!("/api/notifications/?limit=1&before={}", ids[0]),
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(page[0]["id"].as_i64(), ids.get(1).copied());
    let (status, _) = call(
        &w.app,
        "GET",
        "/api/notifications/?limit=0",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 400);
}

async fn read_marks_are_the_owners_and_count_down(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    w.book(w.free, 0).await;
    w.book(w.free, 1).await;
    let mine = w.list(&w.learner).await;
    let count = w.unread(&w.learner).await;
    assert!(count >= 2, "two confirmations at least: {mine:?}");
    let first = mine[0]["id"].as_i64().expect("id");
    // Not theirs: 404, and nothing changes.
    let (status, _) = call(
        &w.app,
        "POST",
        &format!("/api/notifications/{first}/read/"),
        Some(&w.stranger.token),
        None,
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(w.unread(&w.learner).await, count);
    // Theirs: 204, once or twice, and the count goes down by one.
    for _ in 0..2 {
        let (status, _) = call(
            &w.app,
            "POST",
            &format!("/api/notifications/{first}/read/"),
            Some(&w.learner.token),
            None,
        )
        .await;
        assert_eq!(status, 204);
    }
    assert_eq!(w.unread(&w.learner).await, count - 1);
    let read = w.list(&w.learner).await;
    assert!(read[0]["read_at"].is_string(), "{}", read[0]);
    // All of them.
    let (status, _) = call(
        &w.app,
        "POST",
        "/api/notifications/read-all/",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(w.unread(&w.learner).await, 0);
    // The mentor's are theirs still.
    assert!(w.unread(&w.mentor).await >= 2);
}

async fn preferences_turn_off_only_what_may_be_and_hold_back_that_email(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let prefs = w.get(&w.learner, "/api/notifications/preferences/").await;
    assert_eq!(prefs["booking_request_sent"]["email"], true);
    assert_eq!(
        prefs["booking_request_sent"]["label"],
        "Your session request was sent"
    );
    assert!(
        prefs.get("booking_confirmed").is_none(),
        "always sent: {prefs}"
    );
    // Only kinds that may be turned off.
    let (status, errors) = call(
        &w.app,
        "PUT",
        "/api/notifications/preferences/",
        Some(&w.learner.token),
        Some(json!({"booking_confirmed": {"email": false}, "nonsense": {"email": false}})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        errors["booking_confirmed"][0],
        domain_wasm::notifications::ALWAYS_SENT
    );
    assert_eq!(
        errors["nonsense"][0],
        domain_wasm::notifications::UNKNOWN_KIND
    );
    let (status, saved) = call(
        &w.app,
        "PUT",
        "/api/notifications/preferences/",
        Some(&w.learner.token),
        Some(json!({"booking_request_sent": {"email": false}})),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["booking_request_sent"]["email"], false);
    assert_eq!(saved["booking_declined"]["email"], true);
    // A paid request: the "request sent" e-mail is held back, the
    // notification is not; the mentor's e-mail (a deadline) goes out.
    w.book(w.paid, 0).await;
    let kinds = w.app.mail_kinds("lata@example.com").await;
    assert!(
        !kinds.iter().any(|k| k == "booking_request_sent"),
        "{kinds:?}"
    );
    assert_eq!(w.list(&w.learner).await[0]["kind"], "booking_request_sent");
    let mentor_kinds = w.app.mail_kinds("meera@example.com").await;
    assert!(
        mentor_kinds.iter().any(|k| k == "booking_request"),
        "{mentor_kinds:?}"
    );
    // Someone else's choices are their own.
    let theirs = w.get(&w.stranger, "/api/notifications/preferences/").await;
    assert_eq!(theirs["booking_request_sent"]["email"], true);
}

async fn the_stream_delivers_what_happens_and_resumes_after_the_last_id(engine: Engine) {
    let Some(w) = world(engine).await else {
        return;
    };
    let base = w.app.base.clone();
    let booking = w.book(w.paid, 0).await;
    // Opened now: it starts with what comes next.
    let mut live = w.stream(&base, &w.learner, None).await;
    w.accept(&booking).await;
    let (id, event) = live.next().await;
    assert_eq!(event["kind"], "booking_payment_due");
    assert_eq!(event["id"].as_i64(), Some(id));
    // The connection drops; two things happen meanwhile.
    drop(live);
    let second = w.book(w.free, 0).await;
    let third = w.book(w.free, 1).await;
    // Reconnecting after the last id it saw gets both, in order, once.
    let mut again = w.stream(&base, &w.learner, Some(id)).await;
    let (a, first_missed) = again.next().await;
    let (b, second_missed) = again.next().await;
    assert!(id < a && a < b, "{id} {a} {b}");
    assert!(
        first_missed["link"]
            .as_str()
            .unwrap_or_default()
            .contains(&second)
    );
    assert!(
        second_missed["link"]
            .as_str()
            .unwrap_or_default()
            .contains(&third)
    );
    // What everyone else does reaches none of their streams.
    let mut strangers = w.stream(&base, &w.stranger, None).await;
    let own = w.book(w.free, 2).await;
    let (_, next) = again.next().await;
    assert!(next["link"].as_str().unwrap_or_default().contains(&own));
    assert!(
        tokio::time::timeout(Duration::from_millis(50), strangers.next())
            .await
            .is_err(),
        "the stranger's stream stays quiet"
    );
    // A bad last id is a clear 400.
    let (status, body) = call(
        &w.app,
        "GET",
        "/api/notifications/stream/?last_event_id=-3",
        Some(&w.learner.token),
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
}

/// Two api processes on one PostgreSQL: an event raised on this process
/// (the test's server) reaches a stream held on another (the api binary,
/// run as a child process), through `NOTIFY notifications_added`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_on_one_process_reaches_a_stream_on_another() {
    let Some(db) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let url = db.url.clone();
    let w = world_on(db).await;
    let other = OtherProcess::start(&url, &w.app.web_dir);
    let booking = w.book(w.paid, 0).await;
    let mut live = w.stream(&other.base, &w.learner, None).await;
    w.accept(&booking).await;
    let (_, event) = live.next().await;
    assert_eq!(event["kind"], "booking_payment_due");
    assert!(
        event["link"]
            .as_str()
            .unwrap_or_default()
            .contains(&booking)
    );
}

/// The api binary serving the same database, killed when dropped.
struct OtherProcess {
    child: std::process::Child,
    base: String,
}

impl OtherProcess {
    fn start(database_url: &str, web_dir: &std::path::Path) -> OtherProcess {
        use std::io::{BufRead, BufReader};
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_api"))
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("RUST_LOG", "warn")
            .env("DATABASE_URL", database_url)
            .env("WEB_DIR", web_dir)
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("SECRET_KEY", "test-secret-key-not-used-anywhere-else")
            .env("RATE_LIMITS", "off")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the api binary runs");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut printed = String::new();
        let mut line = String::new();
        while stdout.read_line(&mut line).expect("reads") > 0 {
            printed.push_str(&line);
            line.clear();
            if printed.contains("Listening on http://") {
                break;
            }
        }
        let addr = printed
            .split("Listening on http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no address in {printed:?}"))
            .to_owned();
        // Keep reading what it prints, so it never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = String::new();
            while stdout.read_line(&mut sink).unwrap_or(0) > 0 {
                sink.clear();
            }
        });
        OtherProcess {
            child,
            base: format!("http://{addr}"),
        }
    }
}

impl Drop for OtherProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// PostgreSQL hears of a notification only when its unit of work commits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_announces_a_notification_at_commit_only() {
    let Some(db) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let store = db.open().await;
    let api::store::Store::Postgres(pool) = &store else {
        panic!("a PostgreSQL store");
    };
    let mut listener = sqlx::postgres::PgListener::connect_with(pool)
        .await
        .expect("listener");
    listener
        .listen(api::store::notifications::CHANNEL)
        .await
        .expect("LISTEN");
    let user = common::running_account(&store).await;
    let notice = api::store::notifications::Notice {
        kind: "booking_confirmed",
        title: "Confirmed".into(),
        body: "See you then.".into(),
        link: "/my-bookings/b1".into(),
    };
    let now = chrono::Utc::now();
    // Rolled back: nothing is announced, nothing is kept.
    let mut tx = store.begin().await.expect("begin");
    tx.notify(user, &notice, now).await.expect("notify");
    drop(tx);
    let mut tx = store.begin().await.expect("begin");
    tx.notify(user, &notice, now).await.expect("notify");
    tx.commit().await.expect("commit");
    let heard = tokio::time::timeout(DEADLINE, listener.recv())
        .await
        .expect("a notification within the deadline")
        .expect("a notification");
    assert_eq!(heard.payload(), user.to_string());
    let kept = store.notifications(user, None, 10).await.expect("list");
    assert_eq!(kept.len(), 1, "the rolled-back one is not kept");
}

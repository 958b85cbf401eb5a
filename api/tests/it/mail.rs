//! The e-mail outbox and its delivery worker, on both engines: delivery to a
//! real (minimal, in-test) SMTP server, retries when the server cannot be
//! reached, recording without SMTP, exclusive claims by several workers, and
//! the development outbox routes.

use crate::common;
use std::time::Duration;

use api::clock::Clock;
use api::config::{AutoSwitch, Settings};
use api::mail::{
    DeliveryStatus, Email, MAX_ATTEMPTS, Mailer, OutboxMessage, REDACTED_HTML, REDACTED_TEXT,
    dev_routes, links_in, templates,
};
use api::store::Store;
use base64::Engine as _;
use common::{Engine, TestDb};
use poem::http::StatusCode;
use poem::test::TestClient;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const LINK: &str = "http://localhost:8080/activate/MQ/c2VjcmV0-token?next=%2Fmentors&ref=mail";

/// A fresh database (the common guard) and its store.
struct Db {
    url: String,
    store: Store,
    _db: TestDb,
}

async fn database(engine: Engine) -> Option<Db> {
    let db = TestDb::fresh(engine).await?;
    let store = db.open().await;
    Some(Db {
        url: db.url.clone(),
        store,
        _db: db,
    })
}

fn settings(db: &Db, smtp_url: Option<String>) -> Settings {
    let mut settings = Settings::for_database(db.url.clone());
    settings.smtp_url = smtp_url;
    settings.mail_from = "MentorBridge <no-reply@mentorbridge.local>".into();
    settings
}

/// The one message to `recipient` once it satisfies `done`, checked after
/// each pass of `mailer`'s delivery worker (no polling: each check follows a
/// finished pass). The timeout only bounds a failing test.
async fn wait_for(
    mailer: &Mailer,
    store: &Store,
    recipient: &str,
    done: impl Fn(&OutboxMessage) -> bool,
) -> OutboxMessage {
    let mut passes = mailer.worker_passes();
    loop {
        passes.borrow_and_update();
        let rows = store.outbox(Some(recipient), 10).await.expect("outbox");
        assert!(rows.len() <= 1, "one message to {recipient}: {rows:?}");
        let row = rows.into_iter().next();
        if let Some(row) = &row
            && done(row)
        {
            return row.clone();
        }
        if tokio::time::timeout(Duration::from_secs(60), passes.changed())
            .await
            .is_err()
        {
            panic!("the worker made no further pass; the message to {recipient} is {row:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// A minimal SMTP server: enough of RFC 5321 for one client to hand over mail.

#[derive(Debug)]
struct Received {
    mail_from: String,
    rcpt_to: Vec<String>,
    data: String,
}

/// The address inside `<...>` of a `MAIL FROM:` / `RCPT TO:` argument.
fn path_of(arg: &str) -> String {
    let start = arg.find('<').map_or(0, |i| i + 1);
    let end = arg[start..].find('>').map_or(arg.len(), |i| start + i);
    arg[start..end].to_owned()
}

async fn fake_smtp_server() -> (u16, mpsc::UnboundedReceiver<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut reply = async |line: &str| {
                    write
                        .write_all(format!("{line}\r\n").as_bytes())
                        .await
                        .expect("write");
                };
                reply("220 fake.test ESMTP ready").await;
                let (mut from, mut to) = (String::new(), Vec::new());
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        reply("250-fake.test greets you").await;
                        reply("250-8BITMIME").await;
                        reply("250 SIZE 10000000").await;
                    } else if upper.starts_with("MAIL FROM:") {
                        from = path_of(&line[10..]);
                        to.clear();
                        reply("250 2.1.0 OK").await;
                    } else if upper.starts_with("RCPT TO:") {
                        to.push(path_of(&line[8..]));
                        reply("250 2.1.5 OK").await;
                    } else if upper == "DATA" {
                        reply("354 End data with <CR><LF>.<CR><LF>").await;
                        let mut data = String::new();
                        while let Ok(Some(line)) = lines.next_line().await {
                            if line == "." {
                                break;
                            }
                            // Undo dot-stuffing.
                            let line = line.strip_prefix('.').unwrap_or(&line);
                            data.push_str(line);
                            data.push_str("\r\n");
                        }
                        let _ = tx.send(Received {
                            mail_from: std::mem::take(&mut from),
                            rcpt_to: std::mem::take(&mut to),
                            data,
                        });
                        reply("250 2.0.0 queued").await;
                    } else if upper == "RSET" || upper == "NOOP" {
                        reply("250 OK").await;
                    } else if upper == "QUIT" {
                        reply("221 Bye").await;
                        break;
                    } else {
                        reply("502 5.5.2 Command not implemented").await;
                    }
                }
            });
        }
    });
    (port, rx)
}

// ---------------------------------------------------------------------------
// Just enough MIME to read the parts back.

struct Part {
    content_type: String,
    body: String,
}

fn header<'a>(headers: &'a str, name: &str) -> Option<&'a str> {
    headers.split("\r\n").find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// Headers unfolded (continuation lines joined), then the body.
fn split_entity(entity: &str) -> (String, &str) {
    let (head, body) = entity.split_once("\r\n\r\n").unwrap_or((entity, ""));
    (head.replace("\r\n ", " ").replace("\r\n\t", " "), body)
}

fn decode_quoted_printable(body: &str) -> String {
    let joined = body.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("ascii");
            out.push(u8::from_str_radix(hex, 16).expect("=XX escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("utf-8")
}

fn decode(body: &str, encoding: Option<&str>) -> String {
    match encoding.map(str::to_ascii_lowercase).as_deref() {
        Some("quoted-printable") => decode_quoted_printable(body),
        Some("base64") => {
            let compact: String = body.split_whitespace().collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(compact)
                .expect("base64");
            String::from_utf8(bytes).expect("utf-8")
        }
        _ => body.to_owned(),
    }
}

/// The top-level headers and the decoded parts of a multipart message.
fn parse_mime(data: &str) -> (String, Vec<Part>) {
    let (headers, body) = split_entity(data);
    let content_type = header(&headers, "Content-Type").expect("Content-Type");
    let boundary = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
        .expect("a boundary")
        .trim_matches('"')
        .to_owned();
    let parts = body
        .split(&format!("--{boundary}"))
        .skip(1)
        .filter(|p| !p.starts_with("--"))
        .map(|p| {
            let (head, body) = split_entity(p.trim_start_matches("\r\n"));
            Part {
                content_type: header(&head, "Content-Type").unwrap_or("").to_owned(),
                body: decode(body, header(&head, "Content-Transfer-Encoding")),
            }
        })
        .collect();
    (headers, parts)
}

// ---------------------------------------------------------------------------

async fn delivers_over_smtp(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let (port, mut inbox) = fake_smtp_server().await;
    let settings = settings(&db, Some(format!("smtp://127.0.0.1:{port}?tls=none")));
    let mailer = Mailer::new(db.store.clone(), &settings).expect("SMTP_URL is usable");
    assert!(!mailer.dev_outbox_enabled());
    let worker = mailer.spawn_worker();

    mailer
        .send(templates::activation(
            "asha@example.com",
            "Dr. <Asha>&Co Rao",
            LINK,
        ))
        .await
        .expect("recorded");

    let got = tokio::time::timeout(Duration::from_secs(15), inbox.recv())
        .await
        .expect("the SMTP server receives the message in time")
        .expect("a message");
    assert_eq!(got.mail_from, "no-reply@mentorbridge.local");
    assert_eq!(got.rcpt_to, vec!["asha@example.com".to_owned()]);
    let (headers, parts) = parse_mime(&got.data);
    assert_eq!(
        header(&headers, "Subject"),
        Some("Activate your MentorBridge account")
    );
    assert_eq!(
        header(&headers, "From"),
        Some("MentorBridge <no-reply@mentorbridge.local>")
    );
    assert_eq!(header(&headers, "To"), Some("asha@example.com"));
    assert!(
        header(&headers, "Message-ID").is_some_and(|id| id.ends_with("@mentorbridge.local>")),
        "{headers}"
    );
    assert!(
        header(&headers, "Content-Type").is_some_and(|t| t.starts_with("multipart/alternative")),
        "{headers}"
    );
    let text = parts
        .iter()
        .find(|p| p.content_type.starts_with("text/plain"))
        .expect("a text/plain part");
    let html = parts
        .iter()
        .find(|p| p.content_type.starts_with("text/html"))
        .expect("a text/html part");
    assert!(text.body.contains(LINK), "{}", text.body);
    // Greeted by the short name: the title skipped, the rest kept as typed.
    assert!(text.body.contains("Hi <Asha>&Co,"), "{}", text.body);
    assert!(
        html.body
            .contains(&format!("href=\"{}\"", LINK.replace('&', "&amp;"))),
        "{}",
        html.body
    );
    assert!(html.body.contains("Hi &lt;Asha&gt;&amp;Co,"));

    let row = wait_for(&mailer, &db.store, "asha@example.com", |m| {
        m.status == DeliveryStatus::Sent
    })
    .await;
    assert_eq!(row.attempts, 1);
    assert_eq!(row.kind, "activation");
    assert!(row.last_error.is_none());
    assert!(row.sent_at.is_some_and(|t| t >= row.created_at));
    worker.abort();
}

async fn keeps_mail_for_later_when_the_server_is_unreachable(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    // A port nobody listens on: connections are refused at once.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("address").port()
    };
    let settings = settings(&db, Some(format!("smtp://127.0.0.1:{port}?tls=none")));
    let mailer = Mailer::new(db.store.clone(), &settings).expect("SMTP_URL is usable");
    let worker = mailer.spawn_worker();

    mailer
        .send(templates::password_reset("ravi@example.com", "Ravi", LINK))
        .await
        .expect("recorded");

    let row = wait_for(&mailer, &db.store, "ravi@example.com", |m| {
        m.last_error.is_some()
    })
    .await;
    worker.abort();
    assert_eq!(row.status, DeliveryStatus::Pending, "not lost, not failed");
    assert_eq!(row.attempts, 1);
    let error = row.last_error.as_deref().expect("an error");
    assert!(error.contains(&format!("127.0.0.1:{port}")), "{error}");
    // The next attempt waits about a minute.
    let wait = row.next_attempt_at - row.created_at;
    assert!(
        wait >= chrono::TimeDelta::seconds(55) && wait <= chrono::TimeDelta::seconds(70),
        "{wait}"
    );
    // Nothing else is due now, so a new pass does not touch it.
    assert_eq!(mailer.deliver_due().await.expect("pass"), 0);
    let again = db.store.outbox_message(row.id).await.expect("row");
    assert_eq!(again.attempts, 1);

    // Each failure reschedules it, until the last attempt gives up on it.
    for attempt in 2..=MAX_ATTEMPTS {
        let due_now = chrono::Utc::now() - chrono::TimeDelta::seconds(1);
        make_due(&db.store, row.id, "earlier failure", due_now).await;
        assert_eq!(mailer.deliver_due().await.expect("pass"), 1);
        let row = db.store.outbox_message(row.id).await.expect("row");
        assert_eq!(row.attempts, attempt);
        let expected = if attempt < MAX_ATTEMPTS {
            DeliveryStatus::Pending
        } else {
            DeliveryStatus::Failed
        };
        assert_eq!(row.status, expected, "after attempt {attempt}");
        assert_ne!(row.last_error.as_deref(), Some("earlier failure"));
    }
    assert_eq!(
        mailer.deliver_due().await.expect("pass"),
        0,
        "failed stays failed"
    );
}

async fn records_mail_without_smtp_and_lists_it(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let mailer = Mailer::new(db.store.clone(), &settings(&db, None)).expect("no SMTP is fine");
    assert!(mailer.dev_outbox_enabled());
    let worker = mailer.spawn_worker();

    mailer
        .send(templates::activation(
            "asha@example.com",
            "<script>alert(1)</script>",
            LINK,
        ))
        .await
        .expect("recorded");
    wait_for(&mailer, &db.store, "asha@example.com", |m| {
        m.status == DeliveryStatus::Logged
    })
    .await;
    mailer
        .send(Email {
            kind: "welcome",
            to: "Ravi@Example.com".into(),
            subject: "Welcome".into(),
            text: "Hi, see https://mentors.example/start.".into(),
            html: "<p>Hi, see <a href=\"https://mentors.example/start\">start</a>.</p>".into(),
            attachments: Vec::new(),
            in_app: None,
        })
        .await
        .expect("recorded");
    let ravi = wait_for(&mailer, &db.store, "ravi@example.com", |m| {
        m.status == DeliveryStatus::Logged
    })
    .await;
    assert!(ravi.sent_at.is_some());
    worker.abort();

    let client = TestClient::new(dev_routes(mailer.clone()));

    let resp = client.get("/api/dev/outbox/").send().await;
    resp.assert_status_is_ok();
    resp.assert_header("cache-control", "no-store");
    resp.assert_content_type("application/json");
    let list = resp.json().await;
    let list = list.value().array();
    assert_eq!(list.len(), 2);
    let newest = list.get(0).object();
    newest.get("recipient").assert_string("Ravi@Example.com");
    newest.get("kind").assert_string("welcome");
    newest.get("status").assert_string("logged");
    let links = newest.get("links").array();
    assert_eq!(links.len(), 1);
    links.get(0).assert_string("https://mentors.example/start");
    let oldest = list.get(1).object();
    oldest
        .get("subject")
        .assert_string("Activate your MentorBridge account");
    oldest.get("kind").assert_string("activation");
    oldest.get("recipient").assert_string("asha@example.com");
    oldest.get("links").array().get(0).assert_string(LINK);
    assert!(oldest.get("text").string().contains(LINK));
    assert!(oldest.get("html").string().contains("&lt;script&gt;"));
    assert!(
        oldest.get("id").i64() < newest.get("id").i64(),
        "newest first"
    );
    let created = oldest.get("created_at").string().to_owned();
    assert!(
        chrono::DateTime::parse_from_rfc3339(&created).is_ok(),
        "{created}"
    );

    // The filter matches whole addresses, whatever their case.
    let resp = client
        .get("/api/dev/outbox")
        .query("recipient", &"RAVI@example.COM")
        .send()
        .await;
    resp.assert_status_is_ok();
    let filtered = resp.json().await;
    let filtered = filtered.value().array();
    assert_eq!(filtered.len(), 1);
    filtered
        .get(0)
        .object()
        .get("recipient")
        .assert_string("Ravi@Example.com");
    let resp = client
        .get("/api/dev/outbox/")
        .query("recipient", &"ravi@example")
        .send()
        .await;
    resp.json().await.value().array().assert_is_empty();

    // The page: newest first, escaped, every link clickable, locked down.
    let resp = client.get("/dev/outbox").send().await;
    resp.assert_status_is_ok();
    resp.assert_header("cache-control", "no-store");
    resp.assert_content_type("text/html; charset=utf-8");
    let csp = resp
        .0
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .expect("a Content-Security-Policy")
        .to_owned();
    assert!(csp.starts_with("default-src 'none'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    let page = resp.0.into_body().into_string().await.expect("page");
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<html lang=\"en\">"));
    assert!(
        page.contains(&format!(
            "<a href=\"{0}\">{0}</a>",
            LINK.replace('&', "&amp;")
        )),
        "the activation link is an anchor"
    );
    assert!(page.contains("<a href=\"https://mentors.example/start\">"));
    assert!(!page.contains("<script>"), "names are escaped");
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    let welcome_at = page.find("Welcome").expect("the welcome message");
    let activation_at = page
        .find("Activate your MentorBridge account")
        .expect("the activation message");
    assert!(welcome_at < activation_at, "newest first");
    assert!(page.contains("Ravi@Example.com"));
    assert!(page.contains(">logged<"));

    let resp = client
        .get("/dev/outbox")
        .query("recipient", &"asha@example.com")
        .send()
        .await;
    let page = resp.0.into_body().into_string().await.expect("page");
    assert!(!page.contains("Ravi@Example.com"));
    assert!(page.contains("asha@example.com"));
}

async fn several_workers_deliver_each_message_once(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    // Two "processes": separate pools on one database, no SMTP.
    let other = Store::open(&db.url).await.expect("second store");
    let settings = settings(&db, None);
    let a = Mailer::new(db.store.clone(), &settings).expect("mailer a");
    let b = Mailer::new(other.clone(), &settings).expect("mailer b");
    for n in 0..30 {
        a.send(templates::welcome(
            &format!("member{n}@example.com"),
            "Member",
            "http://localhost:8080/",
        ))
        .await
        .expect("recorded");
    }
    let (da, db_) = tokio::join!(a.deliver_due(), b.deliver_due());
    let (da, db_) = (da.expect("a delivers"), db_.expect("b delivers"));
    assert_eq!(da + db_, 30, "a handled {da}, b handled {db_}");
    let rows = db.store.outbox(None, 100).await.expect("outbox");
    assert_eq!(rows.len(), 30);
    for row in rows {
        assert_eq!(row.status, DeliveryStatus::Logged, "{row:?}");
        assert_eq!(row.attempts, 1, "claimed once: {row:?}");
    }
    assert_eq!(a.deliver_due().await.expect("nothing left"), 0);
    other.close().await;
}

async fn a_claimed_message_is_not_claimed_again(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let id = db
        .store
        .enqueue_email(
            &templates::welcome("a@example.com", "A", "http://localhost:8080/"),
            chrono::Utc::now(),
        )
        .await
        .expect("recorded")
        .expect("an account e-mail is always sent");
    let now = chrono::Utc::now();
    let lease = now + chrono::TimeDelta::minutes(5);
    let first = db.store.claim_email(id, now, lease).await.expect("claim");
    assert_eq!(first.map(|m| m.attempts), Some(1));
    assert!(
        db.store
            .claim_email(id, now, lease)
            .await
            .expect("claim")
            .is_none(),
        "held by the first worker"
    );
    assert!(
        db.store
            .due_email_ids(now, 10)
            .await
            .expect("due")
            .is_empty()
    );
    // Once the lease has run out (the first worker died), another may take it.
    let later = lease + chrono::TimeDelta::seconds(1);
    assert_eq!(
        db.store.due_email_ids(later, 10).await.expect("due"),
        vec![id]
    );
    let second = db
        .store
        .claim_email(id, later, later + chrono::TimeDelta::minutes(5))
        .await
        .expect("claim");
    assert_eq!(second.as_ref().map(|m| m.attempts), Some(2));
    // A finished message is never claimed again.
    assert!(
        db.store
            .finish_email(&second.expect("claimed"), DeliveryStatus::Sent, later)
            .await
            .expect("finish")
    );
    let much_later = later + chrono::TimeDelta::hours(1);
    assert!(
        db.store
            .claim_email(id, much_later, much_later)
            .await
            .expect("claim")
            .is_none()
    );
}

/// A worker that died holding a message (or stalled past its lease): once
/// the lease lapses another worker claims the message, and the first
/// worker's late outcome, whatever it is, leaves the newer attempt's alone.
async fn a_lapsed_claim_cannot_overwrite_the_newer_claims_outcome(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let t = chrono::Utc::now();
    let id = db
        .store
        .enqueue_email(&plain_note("a@example.com"), t)
        .await
        .expect("recorded")
        .expect("a message without a kind of notification is always sent");
    let first = db
        .store
        .claim_email(id, t, t + chrono::TimeDelta::minutes(5))
        .await
        .expect("claim")
        .expect("claimed");
    let after = t + chrono::TimeDelta::minutes(6);
    let second = db
        .store
        .claim_email(id, after, after + chrono::TimeDelta::minutes(5))
        .await
        .expect("claim")
        .expect("taken over");
    assert_eq!((first.attempts, second.attempts), (1, 2));

    // While the second holds it, the first can record nothing.
    let store = &db.store;
    let retry_at = after + chrono::TimeDelta::hours(1);
    assert!(
        !store
            .retry_email(&first, "late", retry_at)
            .await
            .expect("retry")
    );
    assert!(!store.fail_email(&first, "late").await.expect("fail"));
    assert!(
        !store
            .finish_email(&first, DeliveryStatus::Sent, after)
            .await
            .expect("finish")
    );
    assert!(
        !store
            .finish_email_redacted(&first, DeliveryStatus::Sent, after, "x", "<p>x</p>")
            .await
            .expect("finish")
    );
    let row = store.outbox_message(id).await.expect("row");
    assert_eq!((row.status, row.attempts), (DeliveryStatus::Pending, 2));
    assert_eq!(row.last_error, None);
    assert_eq!(row.claim(), second.claim(), "still held by the second");

    // The second's outcome stands, and the first's late one does not undo it.
    assert!(
        store
            .retry_email(&second, "refused", retry_at)
            .await
            .expect("retry")
    );
    assert!(
        !store
            .finish_email(&first, DeliveryStatus::Sent, after)
            .await
            .expect("finish")
    );
    assert!(!store.fail_email(&first, "late").await.expect("fail"));
    let row = store.outbox_message(id).await.expect("row");
    assert_eq!(row.status, DeliveryStatus::Pending);
    assert_eq!(row.last_error.as_deref(), Some("refused"));
    assert_eq!(row.next_attempt_at.timestamp(), retry_at.timestamp());
    assert_eq!((row.claimed_until, row.sent_at), (None, None));
    // A claim settles once: the second cannot record a second outcome.
    assert!(!store.fail_email(&second, "again").await.expect("fail"));
    assert_eq!(
        store
            .outbox_message(id)
            .await
            .expect("row")
            .last_error
            .as_deref(),
        Some("refused")
    );
}

/// Makes a message due at `at` as a worker's earlier failed attempt left
/// it (its error kept, no claim), without counting an attempt.
async fn make_due(store: &Store, id: i64, error: &str, at: chrono::DateTime<chrono::Utc>) {
    let sql = "UPDATE email_outbox SET last_error = $1, next_attempt_at = $2, claimed_until = NULL \
               WHERE id = $3";
    let done = match store {
        Store::Sqlite(pool) => sqlx::query(sql)
            .bind(error)
            .bind(at)
            .bind(id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()),
        Store::Postgres(pool) => sqlx::query(sql)
            .bind(error)
            .bind(at)
            .bind(id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()),
    };
    assert_eq!(done.expect("make it due"), 1);
}

/// A message with no link, to tell "carries links" apart.
fn plain_note(to: &str) -> Email {
    Email {
        kind: "password_changed",
        to: to.into(),
        subject: "Your password was changed".into(),
        text: "Your password was changed just now.".into(),
        html: "<p>Your password was changed just now.</p>".into(),
        attachments: Vec::new(),
        in_app: None,
    }
}

/// Once a message that carries links is accepted by the SMTP server, the
/// outbox keeps who it went to and when, not the links.
async fn links_are_redacted_once_sent_over_smtp(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let (port, mut inbox) = fake_smtp_server().await;
    let settings = settings(&db, Some(format!("smtp://127.0.0.1:{port}?tls=none")));
    let mailer = Mailer::new(db.store.clone(), &settings).expect("SMTP_URL is usable");
    mailer
        .send(templates::password_reset("ravi@example.com", "Ravi", LINK))
        .await
        .expect("recorded");
    mailer
        .send(plain_note("asha@example.com"))
        .await
        .expect("recorded");
    assert_eq!(mailer.deliver_due().await.expect("pass"), 2);
    let got = inbox.recv().await.expect("the reset message");
    let (_, parts) = parse_mime(&got.data);
    assert!(
        parts.iter().any(|p| p.body.contains(LINK)),
        "delivered with its link"
    );

    let rows = db
        .store
        .outbox(Some("ravi@example.com"), 10)
        .await
        .expect("outbox");
    let reset = &rows[0];
    assert_eq!(reset.status, DeliveryStatus::Sent);
    assert_eq!(reset.kind, "password_reset");
    assert_eq!(reset.subject, "Reset your MentorBridge password");
    assert!(reset.sent_at.is_some());
    assert_eq!(
        (reset.text.as_str(), reset.html.as_str()),
        (REDACTED_TEXT, REDACTED_HTML)
    );
    assert!(links_in(&reset.text, &reset.html).is_empty());
    let rows = db
        .store
        .outbox(Some("asha@example.com"), 10)
        .await
        .expect("outbox");
    assert_eq!(rows[0].status, DeliveryStatus::Sent);
    assert_eq!(
        rows[0].text, "Your password was changed just now.",
        "no link, kept"
    );
}

/// The log lines written on the thread that made it, while it lives.
///
/// One subscriber, the process's global one, installed once: a scoped
/// subscriber per test (`set_default`) loses events when tests run in
/// parallel, because tracing caches each call site's interest process-wide
/// and a test thread without a subscriber can register a call site as
/// never-enabled between another test's `set_default` and its event (seen:
/// the dev-outbox line missing on PostgreSQL under `--test-threads=6`).
/// With one global subscriber every call site is registered against it, and
/// its writer hands each line to the capture of the thread that wrote it.
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

thread_local! {
    static CAPTURE: std::cell::RefCell<Option<std::sync::Arc<std::sync::Mutex<Vec<u8>>>>> =
        const { std::cell::RefCell::new(None) };
}

/// The global subscriber's writer: this thread's capture, if it has one.
struct ThreadCapture;

impl std::io::Write for ThreadCapture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        CAPTURE.with(|capture| {
            if let Some(buffer) = capture.borrow().as_ref() {
                buffer.lock().expect("log buffer").extend_from_slice(buf);
            }
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn start() -> Self {
        static GLOBAL: std::sync::Once = std::sync::Once::new();
        GLOBAL.call_once(|| {
            let subscriber = tracing_subscriber::fmt()
                .with_ansi(false)
                .with_max_level(tracing::Level::INFO)
                .with_writer(|| ThreadCapture)
                .finish();
            tracing::subscriber::set_global_default(subscriber)
                .expect("no other global subscriber in the test binary");
        });
        let buffer = std::sync::Arc::default();
        CAPTURE.with(|capture| *capture.borrow_mut() = Some(std::sync::Arc::clone(&buffer)));
        Self(buffer)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("log buffer")).into_owned()
    }
}

impl Drop for Captured {
    fn drop(&mut self) {
        CAPTURE.with(|capture| capture.borrow_mut().take());
    }
}

/// Without SMTP, links reach the log and stay in the outbox only while the
/// development outbox is on (it shows them); with it off, neither keeps them.
async fn links_stay_out_of_the_log_and_the_outbox_without_the_dev_outbox(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let log = Captured::start();

    let mut off = settings(&db, None);
    off.dev_outbox = AutoSwitch::Off;
    let quiet = Mailer::new(db.store.clone(), &off).expect("mailer");
    quiet
        .send(templates::activation("asha@example.com", "Asha", LINK))
        .await
        .expect("recorded");
    assert_eq!(quiet.deliver_due().await.expect("pass"), 1);
    let text = log.text();
    assert!(text.contains("e-mail recorded, not sent"), "{text}");
    assert!(!text.contains("/activate/"), "no link in the log: {text}");
    let rows = db
        .store
        .outbox(Some("asha@example.com"), 1)
        .await
        .expect("outbox");
    let row = &rows[0];
    assert_eq!(row.status, DeliveryStatus::Logged);
    assert_eq!(
        (row.text.as_str(), row.html.as_str()),
        (REDACTED_TEXT, REDACTED_HTML)
    );

    // The development outbox on (a loopback HOST): the log names the link,
    // and the message keeps it for the page, housekeeping or not.
    let shown = settings(&db, None);
    assert!(shown.dev_outbox_shown());
    let dev = Mailer::new(db.store.clone(), &shown).expect("mailer");
    dev.send(templates::activation("ravi@example.com", "Ravi", LINK))
        .await
        .expect("recorded");
    assert_eq!(dev.deliver_due().await.expect("pass"), 1);
    assert!(log.text().contains(LINK), "{}", log.text());
    assert_eq!(dev.tidy_outbox().await.expect("tidy"), (0, 0));
    let rows = db
        .store
        .outbox(Some("ravi@example.com"), 1)
        .await
        .expect("outbox");
    let row = &rows[0];
    assert!(row.text.contains(LINK));

    // A server started later without it redacts what was kept.
    assert_eq!(quiet.tidy_outbox().await.expect("tidy"), (1, 0));
    let rows = db
        .store
        .outbox(Some("ravi@example.com"), 1)
        .await
        .expect("outbox");
    let row = &rows[0];
    assert_eq!(row.text, REDACTED_TEXT);
}

/// Finished messages are deleted 30 days after they were written; pending
/// ones stay until delivered or given up.
async fn finished_mail_is_pruned_after_thirty_days(engine: Engine) {
    let Some(db) = database(engine).await else {
        return;
    };
    let (clock, hand) = Clock::manual();
    let mut settings = settings(&db, None);
    settings.clock = clock;
    let mailer = Mailer::new(db.store.clone(), &settings).expect("mailer");
    mailer
        .send(templates::activation("asha@example.com", "Asha", LINK))
        .await
        .expect("recorded");
    mailer
        .send(plain_note("ravi@example.com"))
        .await
        .expect("recorded");
    assert_eq!(mailer.deliver_due().await.expect("pass"), 2);
    hand.advance(Duration::from_secs(29 * 24 * 3600));
    mailer
        .send(plain_note("tara@example.com"))
        .await
        .expect("recorded");
    assert_eq!(mailer.tidy_outbox().await.expect("tidy"), (0, 0));
    assert_eq!(db.store.outbox(None, 10).await.expect("outbox").len(), 3);

    hand.advance(Duration::from_secs(2 * 24 * 3600));
    assert_eq!(mailer.tidy_outbox().await.expect("tidy"), (0, 2));
    let left = db.store.outbox(None, 10).await.expect("outbox");
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].recipient, "tara@example.com");
    assert_eq!(left[0].status, DeliveryStatus::Pending);
}

on_both_engines!(
    delivers_over_smtp,
    keeps_mail_for_later_when_the_server_is_unreachable,
    records_mail_without_smtp_and_lists_it,
    several_workers_deliver_each_message_once,
    a_claimed_message_is_not_claimed_again,
    a_lapsed_claim_cannot_overwrite_the_newer_claims_outcome,
    links_are_redacted_once_sent_over_smtp,
    links_stay_out_of_the_log_and_the_outbox_without_the_dev_outbox,
    finished_mail_is_pruned_after_thirty_days,
);

#[test]
fn an_unusable_smtp_url_fails_at_start_without_the_password() {
    let settings = {
        let mut s = Settings::for_database("sqlite::memory:");
        s.smtp_url = Some("smtp://mailer:hunter2@mail.example.com?tls=sometimes".into());
        s
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let store = runtime
        .block_on(Store::open("sqlite::memory:"))
        .expect("store");
    let Err(error) = Mailer::new(store.clone(), &settings) else {
        panic!("the URL is refused")
    };
    let message = error.to_string();
    assert!(message.starts_with("SMTP_URL is not usable: "), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
    assert!(!message.contains('\n'), "{message}");

    let mut settings = settings;
    settings.smtp_url = Some("smtp://127.0.0.1:2525?tls=none".into());
    settings.mail_from = "not an address".into();
    let Err(error) = Mailer::new(store.clone(), &settings) else {
        panic!("the sender is refused")
    };
    assert!(error.to_string().contains("MAIL_FROM"), "{error}");

    // An empty SMTP_URL counts as unset.
    settings.smtp_url = Some("  ".into());
    let mailer = Mailer::new(store, &settings).expect("no SMTP");
    assert!(mailer.dev_outbox_enabled());
}

#[tokio::test]
async fn the_dev_routes_take_precedence_over_a_catch_all_api() {
    // The way the app mounts them: beside a service nested at /api and a
    // catch-all web app.
    let store = Store::open("sqlite::memory:").await.expect("store");
    let mailer = Mailer::new(store, &Settings::for_database("sqlite::memory:")).expect("mailer");
    let dev = std::sync::Arc::new(dev_routes(mailer));
    let app = poem::Route::new()
        .nest_no_strip(
            "/api",
            poem::endpoint::make_sync(|_| StatusCode::IM_A_TEAPOT),
        )
        .nest_no_strip("/api/dev/outbox", dev.clone())
        .nest_no_strip("/dev/outbox", dev)
        .at(
            "/*path",
            poem::endpoint::make_sync(|_| StatusCode::NOT_FOUND),
        );
    let client = TestClient::new(app);
    for path in ["/api/dev/outbox", "/api/dev/outbox/", "/dev/outbox"] {
        client.get(path).send().await.assert_status_is_ok();
    }
    client
        .get("/api/mentors")
        .send()
        .await
        .assert_status(StatusCode::IM_A_TEAPOT);
    client
        .get("/dev/outbox/other")
        .send()
        .await
        .assert_status(StatusCode::NOT_FOUND);
}

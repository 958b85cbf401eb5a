//! `spawn_app()`: a real server on a random port with a fresh database, for
//! black-box tests over HTTP. `Engine::Postgres` needs a PostgreSQL server at
//! `TEST_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`);
//! each test gets its own database, dropped afterwards. Without a server the
//! PostgreSQL tests skip with a printed reason, except under CI, where they fail.

#![allow(dead_code)]

pub mod google;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use api::config::Settings;
use api::server;
pub use api::store::Engine;
use sqlx::Connection;
use tokio::sync::oneshot;

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub store: api::store::Store,
    pub web_dir: PathBuf,
    /// The running server's state (its gateway, its job queue).
    pub state: std::sync::Arc<api::state::AppState>,
    stop: Option<oneshot::Sender<()>>,
    /// Dropped last: the server stops before its database goes.
    _db: TestDb,
}

pub struct Options {
    pub demo_data: bool,
    pub rate_limits: bool,
    /// `(client id, JWKS URL)` of a stand-in Google.
    pub google: Option<(String, String)>,
    pub secret_key: Option<String>,
    pub smtp_url: Option<String>,
    /// `TRUSTED_PROXIES`: how many proxies' `X-Forwarded-For` entries to trust.
    pub trusted_proxies: u8,
    /// `PUBLIC_URL`; `None` is `http://localhost:PORT`.
    pub public_url: Option<String>,
    /// The server's clock; a test that moves time passes `Clock::manual()`'s.
    pub clock: Option<api::clock::Clock>,
    /// `TEST_CLOCK=on`: the clock stands still and `/dev/clock/` moves it.
    pub test_clock: bool,
    /// `PAYMENT_GATEWAY=razorpay` at a stand-in: its API's and its checkout
    /// script's URLs, with [`RAZORPAY_KEYS`].
    pub razorpay: Option<(String, String)>,
    /// Any other settings, changed last.
    pub tweak: Option<fn(&mut Settings)>,
}

/// The Razorpay keys of the tests' stand-in: key id, key secret, webhook secret.
pub const RAZORPAY_KEYS: (&str, &str, &str) = (
    "rzp_test_StandIn0001",
    "EnLs21M47BllR3X8PSFtjtbd",
    "stand-in-webhook-secret",
);

impl Default for Options {
    fn default() -> Self {
        Options {
            demo_data: true,
            rate_limits: true,
            google: None,
            secret_key: Some("test-secret-key-not-used-anywhere-else".into()),
            smtp_url: None,
            trusted_proxies: 0,
            public_url: None,
            clock: None,
            test_clock: false,
            razorpay: None,
            tweak: None,
        }
    }
}

pub fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh database for one test, migrated and otherwise empty: a SQLite
/// file in a temporary folder, or a PostgreSQL database of its own, each a
/// copy of a template that the migrations made once (see
/// [`migrations_digest`]). Dropping it drops the PostgreSQL database and
/// deletes the folder. The one test-database guard every test file uses.
pub struct TestDb {
    pub url: String,
    pub engine: Engine,
    pg_db: Option<String>,
    dir: tempfile::TempDir,
}

impl TestDb {
    /// `None` when PostgreSQL is not reachable outside CI (the test skips
    /// with a printed reason); under CI an unreachable server fails.
    pub async fn fresh(engine: Engine) -> Option<TestDb> {
        let dir = tempfile::tempdir().expect("temp dir");
        match engine {
            Engine::Sqlite => {
                let path = dir.path().join("test.db");
                std::fs::copy(sqlite_template().await, &path).expect("copy the migrated template");
                let url = format!("sqlite:{}", path.display());
                Some(TestDb {
                    url,
                    engine,
                    pg_db: None,
                    dir,
                })
            }
            Engine::Postgres => {
                let admin = admin_url();
                let mut conn = match sqlx::PgConnection::connect(&admin).await {
                    Ok(c) => c,
                    Err(e) if std::env::var_os("CI").is_none() => {
                        eprintln!(
                            "skipping a PostgreSQL test: cannot reach {admin} ({e}); set TEST_DATABASE_URL"
                        );
                        return None;
                    }
                    Err(e) => {
                        panic!("PostgreSQL is required under CI but {admin} is unreachable: {e}")
                    }
                };
                let name = format!(
                    "mentors_test_{}_{}_{}",
                    std::process::id(),
                    COUNTER.fetch_add(1, Ordering::Relaxed),
                    rand::random::<u32>()
                );
                let template = postgres_template(&mut conn).await;
                sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
                    .execute(&mut conn)
                    .await
                    .expect("create test database");
                let base = admin
                    .rsplit_once('/')
                    .map_or(admin.as_str(), |(b, _)| b)
                    .to_owned();
                Some(TestDb {
                    url: format!("{base}/{name}"),
                    engine,
                    pg_db: Some(name),
                    dir,
                })
            }
        }
    }

    /// The store on this database, migrated.
    pub async fn open(&self) -> api::store::Store {
        api::store::Store::open(&self.url)
            .await
            .expect("store opens")
    }

    /// A temporary folder that lives as long as the database.
    pub fn dir(&self) -> &std::path::Path {
        self.dir.path()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some(name) = self.pg_db.take() {
            drop_pg_database(&name);
        }
    }
}

fn drop_pg_database(name: &str) {
    let name = name.to_owned();
    // Drop runs outside any async context, so use a runtime of its own.
    let _ = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async {
            if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url()).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn)
                    .await;
            }
        });
    })
    .join();
}

/// A digest of one engine's migration files (names and contents): the
/// templates are named by it, so a changed or added migration makes a new
/// template, and an unchanged tree reuses the one a previous run made.
fn migrations_digest(engine: &str) -> String {
    use sha2::{Digest, Sha256};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(engine);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the migrations folder")
        .map(|e| e.expect("a migration").path())
        .collect();
    files.sort();
    let mut hash = Sha256::new();
    for file in files {
        hash.update(file.file_name().expect("a name").as_encoded_bytes());
        hash.update(std::fs::read(&file).expect("a migration's text"));
    }
    hex::encode(&hash.finalize()[..8])
}

/// The migrated SQLite template, made once (per migration tree) in the
/// tests' target folder: migrated under a temporary name, then renamed, so
/// no test ever copies a half-made one. Every SQLite test starts from a
/// copy instead of running the 17 migrations again.
async fn sqlite_template() -> &'static std::path::Path {
    static TEMPLATE: tokio::sync::OnceCell<PathBuf> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
            let path = dir.join(format!(
                "sqlite-template-{}.db",
                migrations_digest("sqlite")
            ));
            if !path.exists() {
                let scratch = tempfile::tempdir_in(dir).expect("a scratch folder");
                let made = scratch.path().join("template.db");
                let store = api::store::Store::open(&format!("sqlite:{}", made.display()))
                    .await
                    .expect("the template migrates");
                // The last connection closed checkpoints the journal into the file.
                store.close().await;
                std::fs::rename(&made, &path).expect("the template moves into place");
            }
            path
        })
        .await
}

/// The migrated PostgreSQL template's name, made once (per migration tree)
/// on the tests' server: migrated under a temporary name and renamed, so a
/// test clones only a whole one; a run that finds it (an earlier run made
/// it) uses it as it is. `CREATE DATABASE … TEMPLATE` copies it in a
/// fraction of the migrations' time.
async fn postgres_template(admin: &mut sqlx::PgConnection) -> &'static str {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let name = format!("mentors_template_{}", migrations_digest("postgres"));
            let exists: Option<(i32,)> =
                sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
                    .bind(&name)
                    .fetch_optional(&mut *admin)
                    .await
                    .expect("look for the template");
            if exists.is_none() {
                let scratch = format!(
                    "mentors_template_making_{}_{}",
                    std::process::id(),
                    rand::random::<u32>()
                );
                sqlx::query(&format!("CREATE DATABASE {scratch}"))
                    .execute(&mut *admin)
                    .await
                    .expect("create the template");
                let base = admin_url()
                    .rsplit_once('/')
                    .map_or(admin_url(), |(b, _)| b.to_owned());
                let store = api::store::Store::open(&format!("{base}/{scratch}"))
                    .await
                    .expect("the template migrates");
                store.close().await;
                // A closed connection's server process may still be on its way
                // out, and a database is renamed only with no one in it.
                sqlx::query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = $1 AND pid <> pg_backend_pid()",
                )
                .bind(&scratch)
                .execute(&mut *admin)
                .await
                .expect("end the template's sessions");
                let mut tries = 0;
                loop {
                    let renamed =
                        sqlx::query(&format!("ALTER DATABASE {scratch} RENAME TO {name}"))
                            .execute(&mut *admin)
                            .await;
                    match renamed {
                        Ok(_) => break,
                        // Another test process made it first: theirs is as good.
                        Err(e) if pg_code(&e).as_deref() == Some("42P04") => {
                            drop_pg_database(&scratch);
                            break;
                        }
                        // Still in use (55006): PostgreSQL waited five seconds already.
                        Err(e) if pg_code(&e).as_deref() == Some("55006") && tries < 5 => {
                            tries += 1
                        }
                        Err(e) => panic!("the template {scratch} cannot become {name}: {e}"),
                    }
                }
            }
            name
        })
        .await
}

/// The SQLSTATE of a database error.
fn pg_code(e: &sqlx::Error) -> Option<String> {
    e.as_database_error()
        .and_then(|db| db.code())
        .map(|code| code.into_owned())
}

/// A minimal built web app: what `vite build` leaves in `dist/`.
pub fn write_web_fixture(dir: &std::path::Path) {
    std::fs::create_dir_all(dir.join("assets")).expect("assets dir");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Mentors</title><div id=root></div>",
    )
    .expect("index");
    std::fs::write(dir.join("assets/index-3f9a1c.js"), "console.log('app')").expect("js");
    std::fs::write(dir.join("assets/domain_bg-8e1d2b.wasm"), b"\0asm\x01\0\0\0").expect("wasm");
    std::fs::write(
        dir.join("mentor-fallback.svg"),
        "<svg xmlns='http://www.w3.org/2000/svg'/>",
    )
    .expect("svg");
}

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    spawn_app_with(engine, Options::default()).await
}

/// Settings for stories about other rules that book many sessions for one
/// learner: the holding caps (issue 20) out of the way.
pub fn no_hold_caps(settings: &mut Settings) {
    settings.max_open_requests_per_mentor = 1000;
    settings.max_open_requests = 1000;
    settings.max_upcoming_free_per_mentor = 1000;
    settings.max_upcoming_free = 1000;
}

/// A server without the demo accounts, otherwise as `spawn_app`.
pub async fn spawn_without_demo(engine: Engine) -> Option<TestApp> {
    spawn_app_with(
        engine,
        Options {
            demo_data: false,
            ..Options::default()
        },
    )
    .await
}

/// A server without the demo accounts that trusts a stand-in Google.
pub async fn spawn_with_google(engine: Engine) -> Option<(TestApp, google::TestGoogle)> {
    let google = google::TestGoogle::start().await;
    let app = spawn_app_with(
        engine,
        Options {
            demo_data: false,
            google: Some((google.client_id().to_owned(), google.jwks_url())),
            ..Options::default()
        },
    )
    .await?;
    Some((app, google))
}

/// A valid address as the store keys it.
pub fn email(address: &str) -> domain_wasm::accounts::Email {
    domain_wasm::accounts::Email::parse(address).expect("an address")
}

/// The `(uid, token)` that end an e-mailed link (`/activate/{uid}/{token}`).
pub fn uid_token(link: &str) -> (String, String) {
    let parts: Vec<&str> = link.trim_start_matches('/').split('/').collect();
    let n = parts.len();
    (parts[n - 2].to_owned(), parts[n - 1].to_owned())
}

pub async fn spawn_app_with(engine: Engine, options: Options) -> Option<TestApp> {
    let db = TestDb::fresh(engine).await?;
    Some(spawn_app_on(db, options).await)
}

/// A server started on a database the test prepared (a store written as an
/// older version left it, say), otherwise as `spawn_app_with`.
pub async fn spawn_app_on(db: TestDb, options: Options) -> TestApp {
    let web_dir = db.dir().join("web");
    write_web_fixture(&web_dir);
    let mut settings = Settings::for_database(db.url.clone());
    settings.web_dir = web_dir.clone();
    settings.media_dir = db.dir().join("media");
    settings.demo_data = options.demo_data;
    settings.rate_limits = options.rate_limits;
    settings.secret_key = options.secret_key.clone();
    settings.smtp_url = options.smtp_url.clone();
    settings.trusted_proxies = Some(options.trusted_proxies);
    settings.public_url = options.public_url.clone();
    // A public-looking test server runs the sandbox as a staging site would.
    settings.sandbox_payments = settings.is_live();
    if let Some((api_url, checkout_url)) = &options.razorpay {
        settings.payment_gateway = api::config::PaymentGateway::Razorpay;
        settings.razorpay_key_id = Some(RAZORPAY_KEYS.0.into());
        settings.razorpay_key_secret = Some(RAZORPAY_KEYS.1.into());
        settings.razorpay_webhook_secret = Some(RAZORPAY_KEYS.2.into());
        settings.razorpay_api_url = api_url.clone();
        settings.razorpay_checkout_url = checkout_url.clone();
    }
    if let Some(clock) = &options.clock {
        settings.clock = clock.clone();
    }
    settings.test_clock = options.test_clock;
    if let Some(tweak) = options.tweak {
        tweak(&mut settings);
    }
    settings.start_test_clock();
    if let Some((client_id, jwks_url)) = &options.google {
        settings.google_client_id = Some(client_id.clone());
        settings.google_jwks_url = jwks_url.clone();
    }
    let store = server::prepare(&settings).await.expect("store opens");
    let bound = server::bind(&settings, store.clone())
        .await
        .expect("binds a port");
    let base = format!("http://{}", bound.addr);
    let state = bound.state().clone();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(bound.run(async move {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .no_gzip()
        .no_brotli()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        base,
        client,
        store,
        web_dir,
        state,
        stop: Some(stop),
        _db: db,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    /// GET with one extra request header.
    pub async fn get_with(&self, path: &str, header: &str, value: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .header(header, value)
            .send()
            .await
            .expect("request")
    }

    /// POST a JSON body; returns the status and the JSON answer (`Null` when empty).
    pub async fn post(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        self.send(self.client.post(self.url(path)).json(&body))
            .await
    }

    /// POST a JSON body with a bearer token.
    pub async fn post_as(
        &self,
        token: &str,
        path: &str,
        body: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        self.send(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .json(&body),
        )
        .await
    }

    pub async fn send(&self, request: reqwest::RequestBuilder) -> (u16, serde_json::Value) {
        let resp = request.send().await.expect("request");
        let status = resp.status().as_u16();
        let text = resp.text().await.expect("body");
        let json = if text.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))
        };
        (status, json)
    }

    /// The messages recorded for `recipient`, newest first (development outbox).
    pub async fn outbox(&self, recipient: &str) -> Vec<serde_json::Value> {
        let v = self
            .get_json(&format!("/api/dev/outbox/?recipient={recipient}"))
            .await;
        v.as_array().expect("an array").clone()
    }

    /// The newest link in mail to `recipient` whose path starts with `prefix`.
    pub async fn link_to(&self, recipient: &str, prefix: &str) -> String {
        for message in self.outbox(recipient).await {
            for link in message["links"].as_array().into_iter().flatten() {
                let link = link.as_str().unwrap_or_default();
                if let Some(at) = link.find(prefix) {
                    return link[at..].to_owned();
                }
            }
        }
        panic!("no link starting {prefix} in mail to {recipient}");
    }

    /// Registers `email` (`re_password` repeats `password`).
    pub async fn register(
        &self,
        name: &str,
        email: &str,
        password: &str,
    ) -> (u16, serde_json::Value) {
        self.register_with(name, email, password, serde_json::json!({}))
            .await
    }

    /// Registers with the fields of `more` (an object) added to the form.
    pub async fn register_with(
        &self,
        name: &str,
        email: &str,
        password: &str,
        more: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let mut body = serde_json::json!(
            {"name": name, "email": email, "password": password, "re_password": password}
        );
        for (key, value) in more.as_object().expect("an object") {
            body[key] = value.clone();
        }
        self.post("/auth/users/", body).await
    }

    /// Follows the newest activation link e-mailed to `email`.
    pub async fn activate(&self, email: &str) -> (u16, serde_json::Value) {
        let (uid, token) = uid_token(&self.link_to(email, "/activate/").await);
        self.post(
            "/auth/users/activation/",
            serde_json::json!({"uid": uid, "token": token}),
        )
        .await
    }

    /// Registers (as Asha Rao) and activates through the e-mailed link.
    pub async fn active_account(&self, email: &str, password: &str) {
        let (status, body) = self.register("Asha Rao", email, password).await;
        assert_eq!(status, 201, "registration of {email}: {body}");
        let (status, body) = self.activate(email).await;
        assert_eq!(status, 204, "activation of {email}: {body}");
    }

    /// Signs in: the status and the answer (with `token` and `refresh`).
    pub async fn login(&self, email: &str, password: &str) -> (u16, serde_json::Value) {
        self.post(
            "/api/login/",
            serde_json::json!({"email": email, "password": password}),
        )
        .await
    }

    /// `GET /auth/users/me/` with `token`.
    pub async fn me(&self, token: &str) -> (u16, serde_json::Value) {
        self.send(
            self.client
                .get(self.url("/auth/users/me/"))
                .bearer_auth(token),
        )
        .await
    }

    /// The kinds of the mail stored for `address`, newest first.
    pub async fn mail_kinds(&self, address: &str) -> Vec<String> {
        self.store
            .outbox(Some(address), 50)
            .await
            .expect("outbox")
            .into_iter()
            .map(|m| m.kind)
            .collect()
    }

    pub async fn get_json(&self, path: &str) -> serde_json::Value {
        let resp = self.get(path).await;
        assert_eq!(resp.status(), 200, "GET {path}");
        resp.json().await.expect("JSON body")
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Runs each named async test body once per engine:
/// `on_both_engines!(lists_mentors, ...)` makes `sqlite::lists_mentors` and
/// `postgres::lists_mentors` from `async fn lists_mentors(engine: Engine)`.
#[macro_export]
macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
               async fn $name() { super::$name($crate::common::Engine::Sqlite).await } )*
        }
        mod postgres {
            $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
               async fn $name() { super::$name($crate::common::Engine::Postgres).await } )*
        }
    };
}

/// An active mentor account (no password) for a profile a test inserts to
/// be run by: only a profile an active account runs is listed (issue 21).
/// Its id; each call makes a new one.
pub async fn running_account(store: &api::store::Store) -> i64 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let new = api::store::NewUser {
        email: email(&format!("runs-profile-{n}@example.com")),
        name: format!("Profile Runner {n}"),
        password_hash: None,
        google_sub: None,
        role: api::store::Role::Mentor,
        is_active: true,
        contact_number: None,
    };
    let mut tx = store.begin().await.expect("begin");
    let user = tx
        .create_user(&new, chrono::Utc::now())
        .await
        .expect("an account");
    tx.commit().await.expect("commit");
    user.id
}

/// Open hours every day (09:00 to 17:00 UTC, an hour's notice, a month
/// ahead): with a service and an active account, a profile is listed.
pub fn open_hours() -> domain_wasm::slots::Availability {
    domain_wasm::slots::Availability {
        time_zone: "UTC".into(),
        weekly: (0..7)
            .map(|weekday| domain_wasm::slots::WeeklyRange {
                weekday,
                start: "09:00".into(),
                end: "17:00".into(),
            })
            .collect(),
        overrides: Vec::new(),
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        minimum_notice_minutes: 60,
        booking_window_days: 30,
        max_sessions_per_day: None,
        slot_interval_minutes: None,
    }
}

/// Serves `app` on a free port of this machine (a stand-in for an outside
/// service, or a receiver): its address, and the sender whose drop stops it.
pub async fn serve_locally(
    app: impl poem::Endpoint + 'static,
) -> (std::net::SocketAddr, oneshot::Sender<()>) {
    use poem::listener::{Acceptor, Listener, TcpListener};
    let acceptor = TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .expect("a port");
    let addr = acceptor
        .local_addr()
        .into_iter()
        .find_map(|a| a.as_socket_addr().copied())
        .expect("an address");
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(
        poem::Server::new_with_acceptor(acceptor).run_with_graceful_shutdown(
            app,
            async move {
                let _ = stopped.await;
            },
            None,
        ),
    );
    (addr, stop)
}

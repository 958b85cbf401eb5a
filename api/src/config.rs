//! Settings, from the command line or the environment.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "api",
    version,
    about = "The mentorship marketplace: API and web server."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the web app (the default).
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Create an administrator account (or make an existing account one).
    /// The password is read from ADMIN_PASSWORD or, if unset, from standard input.
    CreateAdmin {
        /// The administrator's e-mail address.
        #[arg(long)]
        email: String,
        /// The administrator's display name.
        #[arg(long, default_value = "Administrator")]
        name: String,
    },
    /// Stop an account from signing in (operators, until the admin screens).
    DisableUser {
        /// The account's e-mail address.
        #[arg(long)]
        email: String,
        /// Why (kept in the audit log).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Let a disabled account sign in again.
    EnableUser {
        /// The account's e-mail address.
        #[arg(long)]
        email: String,
    },
    /// Print the ledger's totals (captured, refunded, paid out, held,
    /// commission, each account) and whether it balances; fails when not.
    LedgerReport,
    /// Seal every stored payout detail (bank account numbers, UPI ids,
    /// PANs, of the details and of payout lines) under the current payout
    /// key, PAYOUT_KEY (or the one derived from SECRET_KEY); the old key
    /// is given in PAYOUT_KEY_PREVIOUS. Audited; safe to run again.
    RotatePayoutKey,
}

#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// The database: `sqlite:PATH` (created if missing) or `postgres://USER@HOST:PORT/DB`.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite:data/mentorship.db",
        global = true
    )]
    pub database_url: String,
    /// The address to listen on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1", global = true)]
    pub host: String,
    /// The port to listen on (0 picks a free one).
    #[arg(long, env = "PORT", default_value_t = 8080, global = true)]
    pub port: u16,
    /// The folder of the built web app.
    #[arg(long, env = "WEB_DIR", default_value = "webapp/dist", global = true)]
    pub web_dir: PathBuf,
    /// Where uploaded photos are kept (created if missing). Several API
    /// processes must share it.
    #[arg(long, env = "MEDIA_DIR", default_value = "data/media", global = true)]
    pub media_dir: PathBuf,
    /// The demo: `on` fills an empty catalogue with demo mentors and makes
    /// the demo accounts (their passwords are published); `off` (the
    /// default) removes the demo accounts and their sessions. Only for a
    /// server on this machine: refused when PUBLIC_URL is not a loopback
    /// address.
    #[arg(long, env = "DEMO_DATA", default_value = "off", value_parser = |s: &str| parse_switch(s, "DEMO_DATA"), global = true)]
    pub demo_data: bool,
    /// The address people reach the web app at, for links in e-mails
    /// (default: http://localhost:PORT).
    #[arg(long, env = "PUBLIC_URL", global = true)]
    pub public_url: Option<String>,
    /// Signs tokens and e-mailed links. Required when PUBLIC_URL is not a
    /// loopback address; unset on a loopback PUBLIC_URL, the server makes
    /// one on first start and keeps it in the database, so every process
    /// agrees on it.
    #[arg(long, env = "SECRET_KEY", global = true, hide_env_values = true)]
    pub secret_key: Option<String>,
    /// Encrypts payout details at rest (bank account numbers, UPI ids,
    /// PANs): 32 random bytes in base64 or hex (`openssl rand -base64 32`).
    /// Unset, a key derived from SECRET_KEY is used; a site that is not on
    /// this machine refuses to start with neither.
    #[arg(long, env = "PAYOUT_KEY", global = true, hide_env_values = true)]
    pub payout_key: Option<String>,
    /// Earlier payout keys (comma-separated), which still open details
    /// sealed under them; `api rotate-payout-key` (or the next start)
    /// seals those again under PAYOUT_KEY.
    #[arg(
        long,
        env = "PAYOUT_KEY_PREVIOUS",
        global = true,
        hide_env_values = true
    )]
    pub payout_key_previous: Option<String>,
    /// TDS under section 194-O on each paid session's gross, in basis
    /// points, when the mentor gave a PAN (0.1 % since 1 October 2024).
    #[arg(long, env = "TDS_RATE_BPS", default_value_t = 10, global = true)]
    pub tds_rate_bps: u32,
    /// TDS when no PAN is given, in basis points (5 %, section 206AA(1A)).
    #[arg(
        long,
        env = "TDS_RATE_NO_PAN_BPS",
        default_value_t = 500,
        global = true
    )]
    pub tds_rate_no_pan_bps: u32,
    /// The gross a mentor with a PAN earns in a financial year without TDS,
    /// in paise (₹5,00,000, section 194-O(4)).
    #[arg(
        long,
        env = "TDS_THRESHOLD_PAISE",
        default_value_t = 50_000_000,
        global = true
    )]
    pub tds_threshold_paise: i64,
    /// Deliver e-mail over SMTP: `smtp://USER:PASS@HOST:587` (STARTTLS),
    /// `smtps://...:465` (TLS) or `smtp://HOST:PORT?tls=none` (plain, local
    /// relays only). Unset, e-mail is recorded and shown at /dev/outbox.
    #[arg(long, env = "SMTP_URL", global = true, hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of every e-mail.
    #[arg(
        long,
        env = "MAIL_FROM",
        default_value = "MentorBridge <no-reply@mentorbridge.local>",
        global = true
    )]
    pub mail_from: String,
    /// The OAuth client id of the Google sign-in button; unset hides the button.
    #[arg(long, env = "GOOGLE_CLIENT_ID", global = true)]
    pub google_client_id: Option<String>,
    /// Where Google publishes its token signing keys.
    #[arg(
        long,
        env = "GOOGLE_JWKS_URL",
        default_value = "https://www.googleapis.com/oauth2/v3/certs",
        global = true
    )]
    pub google_jwks_url: String,
    /// Limit attempts on the sign-in, registration and e-mail endpoints: `on` or `off`.
    #[arg(long, env = "RATE_LIMITS", default_value = "on", value_parser = |s: &str| parse_switch(s, "RATE_LIMITS"), global = true)]
    pub rate_limits: bool,
    /// Requests (pending or awaiting payment) one learner may hold with one
    /// mentor at once.
    #[arg(long, env = "MAX_OPEN_REQUESTS_PER_MENTOR", default_value_t = domain_wasm::holds::DEFAULT_OPEN_PER_MENTOR, global = true)]
    pub max_open_requests_per_mentor: u32,
    /// Requests one learner may hold with all mentors at once.
    #[arg(long, env = "MAX_OPEN_REQUESTS", default_value_t = domain_wasm::holds::DEFAULT_OPEN, global = true)]
    pub max_open_requests: u32,
    /// Upcoming free sessions one learner may hold with one mentor.
    #[arg(long, env = "MAX_UPCOMING_FREE_PER_MENTOR", default_value_t = domain_wasm::holds::DEFAULT_FREE_PER_MENTOR, global = true)]
    pub max_upcoming_free_per_mentor: u32,
    /// Upcoming free sessions one learner may hold with all mentors.
    #[arg(long, env = "MAX_UPCOMING_FREE", default_value_t = domain_wasm::holds::DEFAULT_UPCOMING_FREE, global = true)]
    pub max_upcoming_free: u32,
    /// New bookings one account may make in an hour (with RATE_LIMITS on).
    #[arg(long, env = "BOOKINGS_PER_HOUR", default_value_t = 20, global = true)]
    pub bookings_per_hour: u32,
    /// Minutes a learner has to pay once a mentor accepts a paid request (or
    /// books a paid instant session), never past the start minus the
    /// mentor's minimum notice.
    #[arg(long, env = "PAY_WINDOW_MINUTES", default_value_t = domain_wasm::booking::DEFAULT_PAY_WINDOW_MINUTES, value_parser = clap::value_parser!(u32).range(1..=43_200), global = true)]
    pub pay_window_minutes: u32,
    /// How many reverse proxies of yours stand in front of the server (default
    /// 0: the connecting address is the client). With N, the client is the
    /// Nth address from the right of `X-Forwarded-For`: each proxy appends
    /// the address it was connected from, and whatever the client sent
    /// itself is further left.
    #[arg(long, env = "TRUSTED_PROXIES", global = true)]
    pub trusted_proxies: Option<u8>,
    /// Deprecated: `on` means TRUSTED_PROXIES=1 (when TRUSTED_PROXIES is unset).
    #[arg(long, env = "TRUST_FORWARDED_FOR", default_value = "off", value_parser = |s: &str| parse_switch(s, "TRUST_FORWARDED_FOR"), global = true, hide = true)]
    pub trust_forwarded_for: bool,
    /// The development outbox page (`/dev/outbox`), which shows every
    /// e-mail, password-reset links included, when no SMTP server is
    /// configured: `off` (the default), `on` (refused when PUBLIC_URL is
    /// not a loopback address), or `auto`: on only while both PUBLIC_URL
    /// and HOST are loopback addresses.
    #[arg(long, env = "DEV_OUTBOX", default_value = "off", value_parser = parse_auto_switch, global = true)]
    pub dev_outbox: AutoSwitch,
    /// Where contact and custom-quote enquiries are e-mailed.
    #[arg(
        long,
        env = "OPERATOR_EMAIL",
        default_value = "support@mentorbridge.in",
        global = true
    )]
    pub operator_email: String,
    /// The support address people see, e.g. for refund requests on the refund page.
    #[arg(
        long,
        env = "SUPPORT_EMAIL",
        default_value = "support@mentorbridge.in",
        global = true
    )]
    pub support_email: String,
    /// Where meeting rooms are made: each confirmed session gets a Jitsi
    /// Meet room with an unguessable name under this address.
    #[arg(
        long,
        env = "MEETING_BASE_URL",
        default_value = "https://meet.jit.si",
        global = true
    )]
    pub meeting_base_url: String,
    /// A clock that stands still until moved with `POST /dev/clock/`
    /// (end-to-end tests of deadlines, reminders and expiry): `on` or `off`
    /// (the default). Only for a server on this machine: refused when
    /// PUBLIC_URL is not a loopback address.
    #[arg(long, env = "TEST_CLOCK", default_value = "off", value_parser = |s: &str| parse_switch(s, "TEST_CLOCK"), global = true)]
    pub test_clock: bool,
    /// The payment gateway: `sandbox` (the default: a built-in checkout
    /// page that never moves money) or `razorpay` (needs RAZORPAY_KEY_ID,
    /// RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET).
    #[arg(long, env = "PAYMENT_GATEWAY", default_value = "sandbox", value_parser = parse_payment_gateway, global = true)]
    pub payment_gateway: PaymentGateway,
    /// Razorpay's key id (`rzp_live_...` or `rzp_test_...`).
    #[arg(long, env = "RAZORPAY_KEY_ID", global = true)]
    pub razorpay_key_id: Option<String>,
    /// Razorpay's key secret: creates orders and checks the checkout's signatures.
    #[arg(
        long,
        env = "RAZORPAY_KEY_SECRET",
        global = true,
        hide_env_values = true
    )]
    pub razorpay_key_secret: Option<String>,
    /// The secret of the Razorpay webhook (`/api/payments/webhooks/razorpay/`).
    #[arg(
        long,
        env = "RAZORPAY_WEBHOOK_SECRET",
        global = true,
        hide_env_values = true
    )]
    pub razorpay_webhook_secret: Option<String>,
    /// Where Razorpay's API is (its orders API: `{url}/v1/orders`).
    #[arg(
        long,
        env = "RAZORPAY_API_URL",
        default_value = "https://api.razorpay.com",
        global = true
    )]
    pub razorpay_api_url: String,
    /// Where Razorpay Checkout's script is loaded from (its origin is added
    /// to the page's Content-Security-Policy when PAYMENT_GATEWAY=razorpay).
    #[arg(
        long,
        env = "RAZORPAY_CHECKOUT_URL",
        default_value = "https://checkout.razorpay.com/v1/checkout.js",
        global = true
    )]
    pub razorpay_checkout_url: String,
    /// `on` lets a site people reach at another address than this machine
    /// (a staging site) run the sandbox gateway, which never moves money;
    /// every page then says so. `off` (the default): `api serve` refuses
    /// the sandbox on such a site.
    #[arg(long, env = "SANDBOX_PAYMENTS", default_value = "off", value_parser = |s: &str| parse_switch(s, "SANDBOX_PAYMENTS"), global = true)]
    pub sandbox_payments: bool,
    /// The server's one clock: the machine's, or one a test moves.
    #[arg(skip)]
    pub clock: crate::clock::Clock,
    /// Whether `serve` runs the job queue's worker (always, but for tests
    /// that run due jobs themselves with `jobs::run_due`, step by step).
    #[arg(skip = true)]
    pub job_worker: bool,
}

impl Settings {
    /// How much of mentors' time one learner may hold.
    pub fn hold_limits(&self) -> domain_wasm::holds::HoldLimits {
        domain_wasm::holds::HoldLimits {
            open_per_mentor: self.max_open_requests_per_mentor,
            open: self.max_open_requests,
            free_per_mentor: self.max_upcoming_free_per_mentor,
            upcoming_free: self.max_upcoming_free,
        }
    }

    /// Settings for tests and tools: the binary's defaults, then the given
    /// database, except that the development outbox is `auto` (on, as
    /// the default PUBLIC_URL and HOST are loopback).
    pub fn for_database(database_url: impl Into<String>) -> Settings {
        Settings {
            database_url: database_url.into(),
            host: "127.0.0.1".into(),
            port: 0,
            web_dir: PathBuf::from("webapp/dist"),
            media_dir: PathBuf::from("data/media"),
            demo_data: false,
            public_url: None,
            secret_key: None,
            payout_key: None,
            payout_key_previous: None,
            tds_rate_bps: 10,
            tds_rate_no_pan_bps: 500,
            tds_threshold_paise: 50_000_000,
            smtp_url: None,
            mail_from: "MentorBridge <no-reply@mentorbridge.local>".into(),
            google_client_id: None,
            google_jwks_url: "https://www.googleapis.com/oauth2/v3/certs".into(),
            rate_limits: true,
            max_open_requests_per_mentor: domain_wasm::holds::DEFAULT_OPEN_PER_MENTOR,
            max_open_requests: domain_wasm::holds::DEFAULT_OPEN,
            max_upcoming_free_per_mentor: domain_wasm::holds::DEFAULT_FREE_PER_MENTOR,
            max_upcoming_free: domain_wasm::holds::DEFAULT_UPCOMING_FREE,
            bookings_per_hour: 20,
            pay_window_minutes: domain_wasm::booking::DEFAULT_PAY_WINDOW_MINUTES,
            trusted_proxies: None,
            trust_forwarded_for: false,
            dev_outbox: AutoSwitch::Auto,
            operator_email: "support@mentorbridge.in".into(),
            support_email: "support@mentorbridge.in".into(),
            meeting_base_url: "https://meet.jit.si".into(),
            test_clock: false,
            payment_gateway: PaymentGateway::Sandbox,
            razorpay_key_id: None,
            razorpay_key_secret: None,
            razorpay_webhook_secret: None,
            razorpay_api_url: "https://api.razorpay.com".into(),
            razorpay_checkout_url: "https://checkout.razorpay.com/v1/checkout.js".into(),
            sandbox_payments: false,
            clock: crate::clock::Clock::system(),
            job_worker: true,
        }
    }
}

/// Which payment gateway takes the learners' payments (`PAYMENT_GATEWAY`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentGateway {
    /// The built-in sandbox: a checkout page that never moves money.
    Sandbox,
    /// Razorpay, with the RAZORPAY_* settings.
    Razorpay,
}

fn parse_payment_gateway(s: &str) -> Result<PaymentGateway, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "sandbox" => Ok(PaymentGateway::Sandbox),
        "razorpay" => Ok(PaymentGateway::Razorpay),
        _ => Err(format!(
            "expected sandbox or razorpay (set PAYMENT_GATEWAY), got {s:?}"
        )),
    }
}

impl Settings {
    /// Why the payment settings cannot work, in words naming the settings
    /// to set: Razorpay chosen without its keys. `None` when they can.
    pub fn payment_settings_problem(&self) -> Option<String> {
        if self.payment_gateway != PaymentGateway::Razorpay {
            return None;
        }
        let blank = |v: &Option<String>| v.as_deref().is_none_or(|s| s.trim().is_empty());
        let missing: Vec<&str> = [
            ("RAZORPAY_KEY_ID", &self.razorpay_key_id),
            ("RAZORPAY_KEY_SECRET", &self.razorpay_key_secret),
            ("RAZORPAY_WEBHOOK_SECRET", &self.razorpay_webhook_secret),
        ]
        .into_iter()
        .filter(|(_, v)| blank(v))
        .map(|(name, _)| name)
        .collect();
        if !missing.is_empty() {
            return Some(format!(
                "PAYMENT_GATEWAY is razorpay, but {} {} not set; set {} from the Razorpay dashboard (Account & Settings > API keys, and Webhooks), or PAYMENT_GATEWAY=sandbox",
                missing.join(", "),
                if missing.len() == 1 { "is" } else { "are" },
                if missing.len() == 1 { "it" } else { "them" },
            ));
        }
        match url::Url::parse(self.razorpay_api_url.trim()) {
            Ok(url) if matches!(url.scheme(), "http" | "https") => None,
            _ => Some(format!(
                "RAZORPAY_API_URL {:?} is not an http(s) URL; leave it unset for https://api.razorpay.com",
                self.razorpay_api_url
            )),
        }
    }
}

/// A setting `api serve` refuses on a live site ([`Settings::live_refusal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiveRefusal {
    DevOutbox,
    TestClock,
    SandboxGateway,
    /// Neither PAYOUT_KEY nor SECRET_KEY: payout details would be sealed
    /// with a key kept in the database they protect. (With a public
    /// PUBLIC_URL, `bind` already requires SECRET_KEY, which derives one.)
    PayoutKey,
}

impl LiveRefusal {
    /// The setting, as the environment names it.
    pub fn setting(self) -> &'static str {
        match self {
            LiveRefusal::DevOutbox => "DEV_OUTBOX",
            LiveRefusal::TestClock => "TEST_CLOCK",
            LiveRefusal::SandboxGateway => "PAYMENT_GATEWAY",
            LiveRefusal::PayoutKey => "PAYOUT_KEY",
        }
    }

    /// The refusal in one line: the setting, where the site is reached,
    /// why, and the fix.
    pub fn message(self, settings: &Settings) -> String {
        let at = format!(
            "PUBLIC_URL {:?} and HOST {:?} are not both loopback addresses",
            settings.public_url.as_deref().unwrap_or("(unset)"),
            settings.host
        );
        match self {
            LiveRefusal::DevOutbox => format!(
                "DEV_OUTBOX is on, and {at}; set DEV_OUTBOX=off (the default) or SMTP_URL: /dev/outbox shows every password-reset link"
            ),
            LiveRefusal::TestClock => format!(
                "TEST_CLOCK is on, and {at}; set TEST_CLOCK=off (the default): anyone could move the server's time"
            ),
            LiveRefusal::SandboxGateway => format!(
                "PAYMENT_GATEWAY is sandbox (the default), and {at}; set PAYMENT_GATEWAY=razorpay with its keys to take real payments, or SANDBOX_PAYMENTS=on for a staging site where no real money moves"
            ),
            LiveRefusal::PayoutKey => format!(
                "neither PAYOUT_KEY nor SECRET_KEY is set, and {at}; set PAYOUT_KEY to 32 random bytes (`openssl rand -base64 32`): bank account numbers and UPI ids must not be sealed with a key kept in the database beside them"
            ),
        }
    }
}

/// A switch that can also be left to the server: `auto`, `on` or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoSwitch {
    Auto,
    On,
    Off,
}

fn parse_auto_switch(s: &str) -> Result<AutoSwitch, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(AutoSwitch::Auto);
    }
    parse_switch(s, "DEV_OUTBOX")
        .map(|on| if on { AutoSwitch::On } else { AutoSwitch::Off })
        .map_err(|_| format!("expected auto, on or off (set DEV_OUTBOX), got {s:?}"))
}

impl Settings {
    /// Whether HOST is a loopback address (only this machine can connect).
    pub fn loopback_only(&self) -> bool {
        let host = self.host.trim_matches(['[', ']']);
        host.eq_ignore_ascii_case("localhost")
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }

    /// Whether `PUBLIC_URL` names this machine (unset counts: the default
    /// is `http://localhost:PORT`). A server people reach at any other
    /// address is a deployment, whatever `HOST` it listens on.
    pub fn public_url_is_loopback(&self) -> bool {
        self.public_url
            .as_deref()
            .is_none_or(|public| url_is_loopback(public.trim()))
    }

    /// Whether `SECRET_KEY` is set to something (blank counts as unset).
    pub fn secret_key_set(&self) -> bool {
        self.secret_key
            .as_deref()
            .is_some_and(|s| !s.trim().is_empty())
    }

    /// Whether `/dev/outbox` exists: never with SMTP; otherwise as
    /// DEV_OUTBOX says, `auto` meaning while PUBLIC_URL and HOST are both
    /// loopback addresses.
    pub fn dev_outbox_shown(&self) -> bool {
        let no_smtp = self.smtp_url.as_deref().is_none_or(|u| u.trim().is_empty());
        no_smtp
            && match self.dev_outbox {
                AutoSwitch::Auto => self.loopback_only() && self.public_url_is_loopback(),
                AutoSwitch::On => true,
                AutoSwitch::Off => false,
            }
    }

    /// Whether the demo accounts should exist: DEMO_DATA=on and a server
    /// only this machine reaches (HOST a loopback address; PUBLIC_URL is
    /// one too, or the server refuses to start, see [`Settings::unsafe_in_public`]).
    pub fn demo_accounts_wanted(&self) -> bool {
        self.demo_data && self.loopback_only()
    }

    /// The setting that must not be on, for any command, when people
    /// reach the server at another address than this machine's (PUBLIC_URL
    /// not a loopback address): the demo (published passwords). `None`
    /// when it is not. What only `api serve` refuses is
    /// [`Settings::live_refusal`].
    pub fn unsafe_in_public(&self) -> Option<&'static str> {
        if self.public_url_is_loopback() {
            None
        } else if self.demo_data {
            Some("DEMO_DATA")
        } else {
            None
        }
    }

    /// Whether this is a live site: people reach it at another address
    /// than this machine's (PUBLIC_URL or HOST is not a loopback address).
    pub fn is_live(&self) -> bool {
        !(self.public_url_is_loopback() && self.loopback_only())
    }

    /// What `api serve` refuses on a live site ([`Settings::is_live`]): the
    /// development outbox switched on, the test clock, or the sandbox
    /// gateway (by default or by choice) unless SANDBOX_PAYMENTS=on says
    /// this is a staging site. Other subcommands are unaffected.
    pub fn live_refusal(&self) -> Option<LiveRefusal> {
        if !self.is_live() {
            None
        } else if self.dev_outbox == AutoSwitch::On && self.dev_outbox_shown() {
            Some(LiveRefusal::DevOutbox)
        } else if self.test_clock {
            Some(LiveRefusal::TestClock)
        } else if self.payment_gateway == PaymentGateway::Sandbox && !self.sandbox_payments {
            Some(LiveRefusal::SandboxGateway)
        } else if self.public_url_is_loopback()
            && !self.secret_key_set()
            && self
                .payout_key
                .as_deref()
                .is_none_or(|k| k.trim().is_empty())
        {
            Some(LiveRefusal::PayoutKey)
        } else {
            None
        }
    }

    /// Whether every page says that no real money moves: a live site that
    /// runs the sandbox (SANDBOX_PAYMENTS=on).
    pub fn sandbox_notice(&self) -> bool {
        self.payment_gateway == PaymentGateway::Sandbox && self.is_live()
    }

    /// With TEST_CLOCK on, makes the server's clock a manual one (starting
    /// at the machine's time) unless it already is; `/dev/clock/` moves it.
    /// Call before [`crate::server::prepare`].
    pub fn start_test_clock(&mut self) {
        if self.test_clock && self.clock.hand().is_none() {
            self.clock = crate::clock::Clock::manual().0;
        }
    }

    /// How many proxies' `X-Forwarded-For` entries to trust:
    /// TRUSTED_PROXIES, or 1 for the deprecated TRUST_FORWARDED_FOR=on.
    pub fn proxy_hops(&self) -> u8 {
        self.trusted_proxies
            .unwrap_or(u8::from(self.trust_forwarded_for))
    }
}

/// Whether `url` names this machine (`localhost`, a `.localhost` name or a
/// loopback address); an unreadable URL does not.
pub fn url_is_loopback(url: &str) -> bool {
    let Ok(url) = url::Url::parse(url) else {
        return false;
    };
    match url.host() {
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

fn parse_switch(s: &str, setting: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" => Ok(false),
        _ => Err(format!("expected on or off (set {setting}), got {s:?}")),
    }
}

/// The TDS rates of the settings.
pub fn tds_rates(settings: &Settings) -> domain_wasm::payouts::TdsRates {
    domain_wasm::payouts::TdsRates {
        rate_bps: i64::from(settings.tds_rate_bps),
        no_pan_rate_bps: i64::from(settings.tds_rate_no_pan_bps),
        threshold_paise: settings.tds_threshold_paise,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dev_outbox_shows_only_on_this_machine_unless_asked() {
        let mut s = Settings::for_database("sqlite::memory:");
        for (host, shown) in [
            ("127.0.0.1", true),
            ("localhost", true),
            ("::1", true),
            ("0.0.0.0", false),
            ("10.0.0.5", false),
        ] {
            s.host = host.into();
            assert_eq!(s.dev_outbox_shown(), shown, "{host}");
        }
        // `auto` behind a proxy on the same machine: HOST is loopback, but
        // people come from elsewhere.
        s.host = "127.0.0.1".into();
        s.public_url = Some("https://mentors.example.com".into());
        assert!(!s.dev_outbox_shown(), "auto with a public PUBLIC_URL");
        s.public_url = None;
        s.host = "10.0.0.5".into();
        s.dev_outbox = AutoSwitch::On;
        assert!(s.dev_outbox_shown(), "DEV_OUTBOX=on on a public host");
        s.smtp_url = Some("smtp://mail.example.com".into());
        assert!(!s.dev_outbox_shown(), "never with SMTP");
        s.host = "127.0.0.1".into();
        s.smtp_url = None;
        s.dev_outbox = AutoSwitch::Off;
        assert!(!s.dev_outbox_shown(), "DEV_OUTBOX=off");
    }

    #[test]
    fn the_binary_defaults_to_no_demo_and_no_dev_outbox() {
        let cli = Cli::try_parse_from(["api"]).expect("no arguments");
        assert!(!cli.settings.demo_data, "DEMO_DATA defaults to off");
        assert_eq!(cli.settings.dev_outbox, AutoSwitch::Off, "DEV_OUTBOX");
        assert!(!cli.settings.dev_outbox_shown());
        assert_eq!(cli.settings.proxy_hops(), 0, "TRUSTED_PROXIES");
        let on = Cli::try_parse_from(["api", "--demo-data", "--dev-outbox", "on"])
            .expect("explicit switches");
        assert!(on.settings.demo_data && on.settings.dev_outbox_shown());
    }

    #[test]
    fn the_demo_and_the_dev_outbox_are_refused_on_a_public_url() {
        let mut s = Settings::for_database("sqlite::memory:");
        s.dev_outbox = AutoSwitch::On;
        s.demo_data = true;
        assert_eq!(s.unsafe_in_public(), None, "PUBLIC_URL unset: this machine");
        s.public_url = Some("http://127.0.0.1:8080".into());
        assert_eq!(s.unsafe_in_public(), None);
        s.public_url = Some("https://mentors.example.com".into());
        assert_eq!(s.unsafe_in_public(), Some("DEMO_DATA"));
        s.demo_data = false;
        assert_eq!(s.unsafe_in_public(), None, "the rest is serve's");
    }

    fn refusal(s: &Settings) -> Option<LiveRefusal> {
        s.live_refusal()
    }

    #[test]
    fn a_live_site_refuses_the_outbox_the_test_clock_and_the_sandbox() {
        let mut s = Settings::for_database("sqlite::memory:");
        s.secret_key = Some("a-secret-key-of-at-least-32-bytes!!".into());
        s.dev_outbox = AutoSwitch::On;
        s.test_clock = true;
        assert!(!s.is_live(), "PUBLIC_URL unset and HOST 127.0.0.1");
        assert_eq!(refusal(&s), None, "this machine may run anything");
        for (public_url, host) in [
            (Some("https://mentors.example.com"), "127.0.0.1"),
            (None, "0.0.0.0"),
            (Some("http://localhost:8080"), "10.0.0.5"),
        ] {
            let mut s = s.clone();
            s.public_url = public_url.map(str::to_owned);
            s.host = host.into();
            assert!(s.is_live(), "{public_url:?} {host}");
            assert_eq!(refusal(&s), Some(LiveRefusal::DevOutbox));
            let message = LiveRefusal::DevOutbox.message(&s);
            assert!(
                message.contains(host) && message.contains("DEV_OUTBOX=off"),
                "{message}"
            );
            s.dev_outbox = AutoSwitch::Auto;
            assert_eq!(refusal(&s), Some(LiveRefusal::TestClock));
            s.test_clock = false;
            assert_eq!(
                refusal(&s),
                Some(LiveRefusal::SandboxGateway),
                "the sandbox by default"
            );
            s.sandbox_payments = true;
            assert_eq!(refusal(&s), None, "a staging site, said so");
            assert!(s.sandbox_notice(), "whose pages say no real money moves");
            s.sandbox_payments = false;
            s.payment_gateway = PaymentGateway::Razorpay;
            assert_eq!(refusal(&s), None, "a real gateway");
            assert!(!s.sandbox_notice());
            // SANDBOX_PAYMENTS lifts the sandbox's refusal only.
            s.payment_gateway = PaymentGateway::Sandbox;
            s.sandbox_payments = true;
            s.test_clock = true;
            assert_eq!(refusal(&s), Some(LiveRefusal::TestClock));
        }
        // With SMTP there is no outbox page to expose; `auto` and `off` never refuse.
        let mut s = Settings::for_database("sqlite::memory:");
        s.secret_key = Some("a-secret-key-of-at-least-32-bytes!!".into());
        s.public_url = Some("https://mentors.example.com".into());
        s.payment_gateway = PaymentGateway::Razorpay;
        s.dev_outbox = AutoSwitch::On;
        s.smtp_url = Some("smtp://mail.example.com".into());
        assert_eq!(refusal(&s), None);
        s.smtp_url = None;
        for quiet in [AutoSwitch::Auto, AutoSwitch::Off] {
            s.dev_outbox = quiet;
            assert_eq!(refusal(&s), None, "{quiet:?}");
        }
    }

    #[test]
    fn a_live_site_refuses_to_seal_payout_details_with_a_key_in_the_database() {
        for (public_url, host) in [
            (None, "0.0.0.0"),
            (Some("http://localhost:8080"), "10.0.0.5"),
        ] {
            let mut s = Settings::for_database("sqlite::memory:");
            s.public_url = public_url.map(str::to_owned);
            s.host = host.into();
            s.payment_gateway = PaymentGateway::Razorpay;
            assert_eq!(refusal(&s), Some(LiveRefusal::PayoutKey), "{host}");
            let message = LiveRefusal::PayoutKey.message(&s);
            assert!(message.contains("PAYOUT_KEY"), "{message}");
            s.payout_key = Some("  ".into());
            assert_eq!(refusal(&s), Some(LiveRefusal::PayoutKey), "blank is unset");
            s.payout_key = Some("a".repeat(44));
            assert_eq!(refusal(&s), None, "PAYOUT_KEY");
            s.payout_key = None;
            s.secret_key = Some("a-secret-key-of-at-least-32-bytes!!".into());
            assert_eq!(refusal(&s), None, "a key derived from SECRET_KEY");
        }
        let mut s = Settings::for_database("sqlite::memory:");
        assert_eq!(
            refusal(&s),
            None,
            "this machine may keep it in the database"
        );
        // A public PUBLIC_URL needs SECRET_KEY anyway (`bind` says so first).
        s.public_url = Some("https://mentors.example.com".into());
        s.payment_gateway = PaymentGateway::Razorpay;
        assert_eq!(refusal(&s), None);
    }

    #[test]
    fn tds_settings_default_to_the_law_in_force() {
        let cli = Cli::try_parse_from(["api"]).expect("no arguments");
        let s = &cli.settings;
        assert_eq!(
            (s.tds_rate_bps, s.tds_rate_no_pan_bps, s.tds_threshold_paise),
            (10, 500, 50_000_000)
        );
        let t = Settings::for_database("sqlite::memory:");
        assert_eq!(
            (t.tds_rate_bps, t.tds_rate_no_pan_bps, t.tds_threshold_paise),
            (10, 500, 50_000_000)
        );
    }

    #[test]
    fn the_test_clock_is_off_by_default() {
        let cli = Cli::try_parse_from(["api"]).expect("no arguments");
        assert!(!cli.settings.test_clock, "TEST_CLOCK defaults to off");
        assert!(
            !cli.settings.sandbox_payments,
            "SANDBOX_PAYMENTS defaults to off"
        );
        let mut on = Cli::try_parse_from(["api", "--test-clock"])
            .expect("an explicit switch")
            .settings;
        assert!(on.test_clock);
        on.start_test_clock();
        assert!(on.clock.hand().is_some(), "the clock is a manual one");
        let mut off = Settings::for_database("sqlite::memory:");
        off.start_test_clock();
        assert!(off.clock.hand().is_none(), "off: the machine's clock");
    }

    #[test]
    fn razorpay_is_refused_without_its_keys() {
        let cli = Cli::try_parse_from(["api"]).expect("no arguments");
        assert_eq!(cli.settings.payment_gateway, PaymentGateway::Sandbox);
        assert_eq!(cli.settings.payment_settings_problem(), None);
        let mut s = Cli::try_parse_from(["api", "--payment-gateway", "razorpay"])
            .expect("razorpay")
            .settings;
        let problem = s.payment_settings_problem().expect("keys missing");
        assert!(
            problem.contains("RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET"),
            "{problem}"
        );
        s.razorpay_key_id = Some("rzp_test_x".into());
        s.razorpay_key_secret = Some("secret".into());
        s.razorpay_webhook_secret = Some("  ".into());
        let problem = s.payment_settings_problem().expect("blank webhook secret");
        assert!(
            problem.contains("RAZORPAY_WEBHOOK_SECRET is not set"),
            "{problem}"
        );
        s.razorpay_webhook_secret = Some("hook".into());
        assert_eq!(s.payment_settings_problem(), None);
        s.razorpay_api_url = "api.razorpay.com".into();
        assert!(s.payment_settings_problem().is_some(), "not a URL");
        assert!(Cli::try_parse_from(["api", "--payment-gateway", "stripe"]).is_err());
    }

    #[test]
    fn trusted_proxies_takes_over_from_trust_forwarded_for() {
        let hops = |args: &[&str]| {
            let mut all = vec!["api"];
            all.extend_from_slice(args);
            Cli::try_parse_from(all)
                .expect("parses")
                .settings
                .proxy_hops()
        };
        assert_eq!(hops(&[]), 0);
        assert_eq!(hops(&["--trusted-proxies", "2"]), 2);
        assert_eq!(hops(&["--trust-forwarded-for"]), 1, "deprecated");
        assert_eq!(
            hops(&["--trust-forwarded-for", "--trusted-proxies", "0"]),
            0,
            "TRUSTED_PROXIES wins"
        );
        assert!(Cli::try_parse_from(["api", "--trusted-proxies", "-1"]).is_err());
        assert!(Cli::try_parse_from(["api", "--trusted-proxies", "many"]).is_err());
    }

    #[test]
    fn a_public_url_is_loopback_only_when_it_names_this_machine() {
        let mut s = Settings::for_database("sqlite::memory:");
        assert!(s.public_url_is_loopback(), "unset: http://localhost:PORT");
        for (url, loopback) in [
            ("http://localhost:8080", true),
            ("http://LOCALHOST.", true),
            ("http://app.localhost:5173", true),
            ("http://127.0.0.1:8080", true),
            ("http://127.8.9.10", true),
            ("http://[::1]:8080", true),
            ("https://mentors.example.com", false),
            ("http://localhost.example.com", false),
            ("http://10.0.0.5:8080", false),
            ("http://[2001:db8::1]", false),
            ("not a url", false),
        ] {
            s.public_url = Some(url.into());
            assert_eq!(s.public_url_is_loopback(), loopback, "{url}");
        }
    }
}

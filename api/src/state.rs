//! What every handler shares.

use std::path::PathBuf;
use std::sync::Arc;

use crate::attempt_limits::Limiter;
use crate::catalogue::Catalogue;
use crate::config::Settings;
use crate::google::GoogleVerifier;
use crate::mail::Mailer;
use crate::store::Store;
use crate::tokens::Keys;

pub struct AppState {
    pub store: Store,
    /// The public mentor catalogue, in memory (see [`Catalogue`]).
    pub mentor_list: Catalogue,
    /// The built web app (`index.html`, `assets/`).
    pub web_dir: PathBuf,
    /// Signs and checks access, refresh and e-mailed-link tokens.
    pub keys: Keys,
    pub limiter: Limiter,
    pub mailer: Mailer,
    /// Google sign-in, when a client id is configured.
    pub google: Option<GoogleVerifier>,
    /// Where people reach the web app, without a trailing slash (links in e-mails).
    pub public_url: String,
    /// How many of our proxies' `X-Forwarded-For` entries to trust
    /// (`Settings::proxy_hops`, see [`crate::auth::client_ip`]).
    pub trusted_proxies: u8,
    /// `/dev/outbox` is mounted (see `Settings::dev_outbox_shown`).
    pub dev_outbox: bool,
    /// Where contact and custom-quote enquiries are e-mailed (`OPERATOR_EMAIL`).
    pub operator_email: String,
    /// The support address shown to people (`SUPPORT_EMAIL`).
    pub support_email: String,
    /// The server's one clock (`Settings::clock`): handlers read `now` here.
    pub clock: crate::clock::Clock,
    /// With TEST_CLOCK on, the handle that moves [`AppState::clock`];
    /// `/dev/clock/` is mounted (see [`crate::dev_clock`]).
    pub test_clock: Option<crate::clock::ManualClock>,
    /// Where uploaded photos are kept (`MEDIA_DIR` on disk by default).
    pub media: Arc<dyn crate::media_storage::MediaStorage>,
    /// Takes the learners' payments (`PAYMENT_GATEWAY`; see [`crate::payments`]).
    pub payments: Arc<dyn crate::gateway::Gateway>,
    /// Where meeting rooms are made (`MEETING_BASE_URL`, no trailing slash).
    pub meeting_base_url: String,
    /// Wakes and watches the durable job queue's worker ([`crate::jobs`]).
    pub jobs: crate::job_queue::Jobs,
    /// The web app's Content-Security-Policy, composed from the settings
    /// ([`crate::http::content_security_policy`]).
    pub csp: String,
    /// Whether every page says no real money moves (a staging site on the
    /// sandbox, [`Settings::sandbox_notice`]).
    pub sandbox_notice: bool,
    /// How much of mentors' time one learner may hold (issue 20).
    pub hold_limits: domain_wasm::holds::HoldLimits,
    /// New bookings one account may make in an hour (`BOOKINGS_PER_HOUR`).
    pub bookings_per_hour: u32,
    /// Minutes a learner has to pay after an accept (`PAY_WINDOW_MINUTES`).
    pub pay_window_minutes: u32,
    /// Seals payout details at rest (issue 20): loaded by
    /// [`crate::server::bind`] (the key may live in the database).
    pub payout_cipher: std::sync::OnceLock<crate::payout_crypto::PayoutCipher>,
    /// TDS under section 194-O (`TDS_RATE_BPS`, `TDS_RATE_NO_PAN_BPS`,
    /// `TDS_THRESHOLD_PAISE`).
    pub tds_rates: domain_wasm::payouts::TdsRates,
}

impl AppState {
    pub fn new(
        store: Store,
        settings: &Settings,
        keys: Keys,
        mailer: Mailer,
        public_url: String,
    ) -> Arc<Self> {
        Arc::new(AppState {
            limiter: Limiter::new(store.clone(), settings.rate_limits),
            payments: crate::gateway::from_settings(settings, store.clone()),
            mentor_list: Catalogue::with_clock(store.clone(), settings.clock.clone()),
            store,
            web_dir: settings.web_dir.clone(),
            keys,
            mailer,
            google: settings
                .google_client_id
                .as_deref()
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .map(|id| {
                    GoogleVerifier::new(id, settings.google_jwks_url.clone())
                        .with_clock(settings.clock.clone())
                }),
            public_url: public_url.trim_end_matches('/').to_owned(),
            trusted_proxies: settings.proxy_hops(),
            dev_outbox: settings.dev_outbox_shown(),
            operator_email: settings.operator_email.trim().to_owned(),
            support_email: settings.support_email.trim().to_owned(),
            clock: settings.clock.clone(),
            test_clock: settings.test_clock.then(|| settings.clock.hand()).flatten(),
            media: Arc::new(crate::media_storage::DiskStorage::new(
                settings.media_dir.clone(),
            )),
            meeting_base_url: settings
                .meeting_base_url
                .trim()
                .trim_end_matches('/')
                .to_owned(),
            jobs: crate::job_queue::Jobs::new(),
            csp: crate::http::content_security_policy(
                settings
                    .google_client_id
                    .as_deref()
                    .is_some_and(|id| !id.trim().is_empty()),
                (settings.payment_gateway == crate::config::PaymentGateway::Razorpay).then_some((
                    settings.razorpay_checkout_url.as_str(),
                    settings.razorpay_api_url.as_str(),
                )),
            ),
            sandbox_notice: settings.sandbox_notice(),
            hold_limits: settings.hold_limits(),
            bookings_per_hour: settings.bookings_per_hour,
            pay_window_minutes: settings.pay_window_minutes,
            payout_cipher: std::sync::OnceLock::new(),
            tds_rates: crate::config::tds_rates(settings),
        })
    }

    /// Whether the sandbox's money counts (payouts, figures, the ledger
    /// report): on a site that runs the sandbox, where it is all there is;
    /// never on a site that runs a real gateway (issue 19).
    pub fn counts_sandbox_money(&self) -> bool {
        self.payments.name() == "sandbox"
    }

    /// A link into the web app, e.g. `link("/activate/MQ/abc")`.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }
}

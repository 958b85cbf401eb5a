//! Starting and stopping the server.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use poem::Server;
use poem::listener::{Acceptor, AcceptorExt, Listener, TcpListener};
use thiserror::Error;

use crate::clock::Clock;
use crate::config::Settings;
use crate::mail::{MailConfigError, Mailer};
use crate::state::AppState;
use crate::store::{OpenError, Store, StoreError};
use crate::{app, auth, demo};

#[derive(Debug, Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] OpenError),
    #[error("cannot fill the demo catalogue: {0}; set DEMO_DATA=off to start without it")]
    Demo(StoreError),
    #[error("cannot listen on {addr}: {reason}; set PORT (or HOST) to a free address")]
    Listen { addr: String, reason: String },
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
    #[error("cannot load the token signing key from the database: {0}")]
    Keys(StoreError),
    #[error(transparent)]
    Mail(#[from] MailConfigError),
    #[error(
        "PUBLIC_URL {0:?} is not an http(s) URL; set it to the address people open, e.g. https://mentors.example.com"
    )]
    PublicUrl(String),
    #[error(transparent)]
    Admin(#[from] crate::admin::AdminError),
    /// `api ledger-report`: the ledger could not be read, or does not balance.
    #[error("ledger report: {0}")]
    Ledger(String),
    #[error(
        "SECRET_KEY is {0} bytes; use at least 32 random bytes, e.g. `openssl rand -base64 48`"
    )]
    WeakSecret(usize),
    #[error("cannot create the demo accounts: {0}; set DEMO_DATA=off to start without them")]
    DemoAccounts(StoreError),
    #[error(
        "SECRET_KEY is not set, and PUBLIC_URL {0:?} is not a loopback address; set SECRET_KEY to at least 32 random bytes, e.g. `openssl rand -base64 48` (a key kept in the database is only for a server on this machine)"
    )]
    SecretRequired(String),
    #[error(
        "DEMO_DATA is on, and PUBLIC_URL {0:?} is not a loopback address; set DEMO_DATA=off (the default): the demo accounts' passwords are published"
    )]
    DemoInPublic(String),
    /// The payout key is malformed, or a stored payout detail does not open.
    #[error("payout details: {0}")]
    PayoutKey(String),
    /// `api serve` on a live site with a setting only this machine may
    /// run ([`Settings::live_refusal`]): the message names it and the fix.
    #[error("{0}")]
    Live(String),
    #[error("cannot remove the demo accounts: {0}")]
    DemoRemoval(StoreError),
    /// The payment settings cannot work (Razorpay without its keys).
    #[error("{0}")]
    Payments(String),
}

/// Opens the store and, when asked, fills an empty catalogue with the demo
/// and makes the demo accounts; otherwise removes them. Refuses the demo
/// and the development outbox on a server people reach at another address
/// than this machine's.
pub async fn prepare(settings: &Settings) -> Result<Store, StartError> {
    if let Some(setting) = settings.unsafe_in_public() {
        let public_url = settings.public_url.clone().unwrap_or_default();
        tracing::debug!(setting, "refused on a public server");
        return Err(StartError::DemoInPublic(public_url));
    }
    let store = Store::open(&settings.database_url).await?;
    if !settings.demo_accounts_wanted() {
        // Published passwords must not outlive the demo.
        let removed = demo::remove_accounts(&store)
            .await
            .map_err(StartError::DemoRemoval)?;
        if removed > 0 {
            tracing::info!(
                accounts = removed,
                "removed the demo accounts and their sessions (DEMO_DATA is off)"
            );
        }
    }
    if settings.demo_data {
        let now = settings.clock.now();
        let inserted = store
            .seed_if_empty(&demo::catalogue(now.date_naive()), now)
            .await
            .map_err(StartError::Demo)?;
        if inserted > 0 {
            tracing::info!(
                mentors = inserted,
                "filled the empty catalogue with demo mentors (DEMO_DATA=off to disable)"
            );
        }
        // A catalogue seeded before availability was stored: its demo
        // mentors would have no slots.
        let given = demo::ensure_availability(&store, now)
            .await
            .map_err(StartError::Demo)?;
        if given > 0 {
            tracing::info!(
                mentors = given,
                "gave the demo mentors without availability the demo's weekly hours"
            );
        }
        // The demo mentors' ratings, from reviews that match them.
        let reviews = crate::demo_reviews::ensure(&store, now)
            .await
            .map_err(StartError::Demo)?;
        if reviews > 0 {
            tracing::info!(reviews, "added the demo mentors' reviews");
        }
        // Demo accounts have published passwords: only for a server that
        // only this machine can reach.
        if settings.demo_accounts_wanted() {
            demo::ensure_accounts(&store, now)
                .await
                .map_err(StartError::DemoAccounts)?;
            // Paid sessions that took place, so a payout can be run at once.
            let sessions = crate::demo_money::ensure(&store, now)
                .await
                .map_err(StartError::Demo)?;
            if sessions > 0 {
                tracing::info!(
                    sessions,
                    "added the demo's paid sessions and payout details"
                );
            }
        } else {
            tracing::warn!(host = %settings.host, "not creating the demo accounts: HOST is not a loopback address");
        }
    }
    Ok(store)
}

/// Refuses, before anything is opened, what `api serve` may not run on a
/// live site (see [`Settings::live_refusal`]).
pub fn refuse_unsafe_live(settings: &Settings) -> Result<(), StartError> {
    if settings.unsafe_in_public().is_some() {
        // The demo, refused for every command, is named first.
        return Err(StartError::DemoInPublic(
            settings.public_url.clone().unwrap_or_default(),
        ));
    }
    match settings.live_refusal() {
        Some(refusal) => Err(StartError::Live(refusal.message(settings))),
        None => Ok(()),
    }
}

/// A server bound to its port and ready to run.
pub struct Bound {
    pub addr: SocketAddr,
    acceptor: poem::listener::BoxAcceptor,
    state: Arc<AppState>,
    /// `Settings::job_worker`.
    job_worker: bool,
}

pub async fn bind(settings: &Settings, store: Store) -> Result<Bound, StartError> {
    refuse_unsafe_live(settings)?;
    let addr = format!("{}:{}", settings.host, settings.port);
    let acceptor = TcpListener::bind(addr.clone())
        .into_acceptor()
        .await
        .map_err(|e| StartError::Listen {
            addr: addr.clone(),
            reason: e.to_string(),
        })?;
    let local = acceptor
        .local_addr()
        .into_iter()
        .find_map(|a| a.as_socket_addr().copied())
        .ok_or_else(|| StartError::Listen {
            addr,
            reason: "no socket address".into(),
        })?;
    let public_url = match &settings.public_url {
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => url.clone(),
        Some(url) => return Err(StartError::PublicUrl(url.clone())),
        None => format!("http://localhost:{}", local.port()),
    };
    // A deployment's signing key comes from its environment, not from the
    // database it signs sessions for.
    if !settings.public_url_is_loopback() && !settings.secret_key_set() {
        return Err(StartError::SecretRequired(public_url));
    }
    if let Some(secret) = settings
        .secret_key
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        && secret.len() < auth::MIN_SECRET_LEN
    {
        return Err(StartError::WeakSecret(secret.len()));
    }
    if let Some(problem) = settings.payment_settings_problem() {
        return Err(StartError::Payments(problem));
    }
    let keys = auth::load_keys(&store, settings.secret_key.as_deref())
        .await
        .map_err(StartError::Keys)?;
    if settings.trust_forwarded_for && settings.trusted_proxies.is_none() {
        tracing::warn!("TRUST_FORWARDED_FOR is deprecated: set TRUSTED_PROXIES=1 instead");
    }
    let (cipher, _) =
        load_payout_cipher(&store, settings, crate::store::audit::Actor::System).await?;
    let mailer = Mailer::new(store.clone(), settings)?;
    auth::passwords::warm_up();
    let state = AppState::new(store, settings, keys, mailer, public_url);
    let _ = state.payout_cipher.set(cipher);
    Ok(Bound {
        addr: local,
        acceptor: acceptor.boxed(),
        state,
        job_worker: settings.job_worker,
    })
}

/// The application's state for a command that changes what the server
/// serves (`api disable-user`): the same store, keys, mail outbox and
/// settings as `api serve`, without listening. What it plans (e-mails,
/// refunds, jobs) is written to the database, where a running server's
/// workers take it up.
pub async fn command_state(
    settings: &Settings,
    store: Store,
) -> Result<std::sync::Arc<AppState>, StartError> {
    let keys = auth::load_keys(&store, settings.secret_key.as_deref())
        .await
        .map_err(StartError::Keys)?;
    let mailer = Mailer::new(store.clone(), settings)?;
    let public_url = settings
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://localhost:{}", settings.port));
    let cipher = crate::payouts::crypto::PayoutCipher::load(&store, settings)
        .await
        .map_err(|e| StartError::PayoutKey(e.to_string()))?;
    let state = AppState::new(store, settings, keys, mailer, public_url);
    let _ = state.payout_cipher.set(cipher);
    Ok(state)
}

/// Loads the payout key (issue 20) and seals what is stored in clear or
/// under an older key (`api rotate-payout-key` does the same on its own).
pub async fn load_payout_cipher(
    store: &Store,
    settings: &Settings,
    actor: crate::store::audit::Actor,
) -> Result<(crate::payouts::crypto::PayoutCipher, crate::payouts::Sealed), StartError> {
    let cipher = crate::payouts::crypto::PayoutCipher::load(store, settings)
        .await
        .map_err(|e| StartError::PayoutKey(e.to_string()))?;
    let done = crate::payouts::seal_stored(store, &cipher, actor, settings.clock.now())
        .await
        .map_err(|e| StartError::PayoutKey(e.to_string()))?;
    if done != crate::payouts::Sealed::default() {
        tracing::info!(
            key = cipher.key_id(),
            from_clear = done.from_clear,
            resealed = done.rotated,
            "sealed stored payout details under the current payout key"
        );
    }
    Ok((cipher, done))
}

impl Bound {
    /// Serves until `shutdown` completes, then finishes in-flight requests.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<(), StartError> {
        let store = self.state.store.clone();
        // The gateway's own refunds and disputes are checked at start, then
        // every six hours (one job however many processes start).
        let now = self.state.clock.now();
        if let Err(e) = crate::payments::reconciliation::plan(&self.state, now, now).await {
            tracing::warn!(error = %e, "cannot plan the gateway's reconciliation");
        }
        let worker = self.state.mailer.spawn_worker();
        let listener = store.spawn_notification_listener();
        let jobs_worker = self
            .job_worker
            .then(|| crate::jobs::spawn_worker(self.state.clone()));
        let housekeeping = tokio::spawn(housekeeping(
            store.clone(),
            self.state.mailer.clone(),
            self.state.clock.clone(),
        ));
        let result = Server::new_with_acceptor(self.acceptor)
            .run_with_graceful_shutdown(
                app::app(self.state),
                shutdown,
                Some(Duration::from_secs(10)),
            )
            .await;
        worker.abort();
        if let Some(jobs_worker) = jobs_worker {
            jobs_worker.abort();
        }
        housekeeping.abort();
        if let Some(listener) = listener {
            listener.abort();
        }
        store.close().await;
        result.map_err(StartError::Serve)
    }

    pub fn state(&self) -> &Arc<AppState> {
        &self.state
    }
}

/// Hourly: forgets ended sessions and old attempt counters, redacts
/// and prunes the e-mail outbox ([`Mailer::tidy_outbox`]), and deletes jobs
/// finished more than [`crate::jobs::RETENTION`] ago.
async fn housekeeping(store: Store, mailer: Mailer, clock: Clock) {
    let mut every = tokio::time::interval(Duration::from_secs(3600));
    loop {
        every.tick().await;
        let now = clock.now();
        if let Err(e) = store.prune_sessions(now).await {
            tracing::warn!(error = %e, "could not prune ended sessions");
        }
        if let Err(e) = store.prune_hits(now.timestamp()).await {
            tracing::warn!(error = %e, "could not prune attempt counters");
        }
        if let Err(e) = mailer.tidy_outbox().await {
            tracing::warn!(error = %e, "could not redact or prune the e-mail outbox");
        }
        if let Err(e) = store.prune_jobs(now - crate::jobs::RETENTION).await {
            tracing::warn!(error = %e, "could not prune finished jobs");
        }
    }
}

//! Starting and stopping the server.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use poem::Server;
use poem::listener::{Acceptor, AcceptorExt, Listener, TcpListener};
use thiserror::Error;

use crate::config::Settings;
use crate::state::AppState;
use crate::store::{OpenError, Store, StoreError};
use crate::{app, demo};

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
}

/// Opens the store and, when asked, fills an empty catalogue with the demo.
pub async fn prepare(settings: &Settings) -> Result<Store, StartError> {
    let store = Store::open(&settings.database_url).await?;
    if settings.demo_data {
        let now = Utc::now();
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
    }
    Ok(store)
}

/// A server bound to its port and ready to run.
pub struct Bound {
    pub addr: SocketAddr,
    acceptor: poem::listener::BoxAcceptor,
    state: Arc<AppState>,
}

pub async fn bind(settings: &Settings, store: Store) -> Result<Bound, StartError> {
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
    Ok(Bound {
        addr: local,
        acceptor: acceptor.boxed(),
        state: AppState::new(store, settings.web_dir.clone()),
    })
}

impl Bound {
    /// Serves until `shutdown` completes, then finishes in-flight requests.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<(), StartError> {
        let store = self.state.store.clone();
        let result = Server::new_with_acceptor(self.acceptor)
            .run_with_graceful_shutdown(
                app::app(self.state),
                shutdown,
                Some(Duration::from_secs(10)),
            )
            .await;
        store.close().await;
        result.map_err(StartError::Serve)
    }
}

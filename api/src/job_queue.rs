//! The job queue's handle: how the server wakes its job worker, registers
//! what runs each kind of job, and how a test watches the worker's passes.
//! The worker and the built-in jobs are in `jobs`; the queue's rows in
//! `store::jobs`.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use futures_util::future::BoxFuture;
use tokio::sync::{Notify, watch};

use crate::store::jobs::Job;

/// The worker's wake-up call and progress, kept in the server's state (`AppState::jobs`):
/// whoever plans a job due now wakes the worker after committing, and
/// whoever waits for the worker (a test) watches its passes.
#[derive(Clone)]
pub struct Jobs {
    inner: Arc<Inner>,
}

struct Inner {
    wake: Notify,
    passes: watch::Sender<u64>,
    handlers: RwLock<HashMap<String, Handler>>,
}

/// Runs a job of a kind registered with [`Jobs::handle`].
pub type Handler = Arc<dyn Fn(Job) -> BoxFuture<'static, Result<(), String>> + Send + Sync>;

impl Default for Jobs {
    fn default() -> Self {
        Jobs::new()
    }
}

impl Jobs {
    pub fn new() -> Jobs {
        Jobs {
            inner: Arc::new(Inner {
                wake: Notify::new(),
                passes: watch::Sender::new(0),
                handlers: RwLock::new(HashMap::new()),
            }),
        }
    }

    /// Tells the worker there may be due jobs (after a commit that planned
    /// one, or after a test moved the clock).
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// Runs jobs of `kind` with `handler` (kinds beyond the built-in ones:
    /// an extension's, or a test's).
    pub fn handle(&self, kind: &str, handler: Handler) {
        self.inner
            .handlers
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(kind.to_owned(), handler);
    }

    /// The handler registered for `kind`, if any.
    pub fn handler(&self, kind: &str) -> Option<Handler> {
        self.inner
            .handlers
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(kind)
            .cloned()
    }

    /// Resolves when [`Jobs::wake`] is called (or was, since the last wait).
    pub async fn woken(&self) {
        self.inner.wake.notified().await;
    }

    /// The worker finished a pass: tells whoever watches [`Jobs::worker_passes`].
    pub fn pass_done(&self) {
        self.inner.passes.send_modify(|n| *n += 1);
    }

    /// Changes each time the worker finishes a pass: a job due when a pass
    /// starts has been handled (run, retried or failed) when it ends.
    pub fn worker_passes(&self) -> watch::Receiver<u64> {
        self.inner.passes.subscribe()
    }
}

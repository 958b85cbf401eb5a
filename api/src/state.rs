//! What every handler shares.

use std::path::PathBuf;
use std::sync::Arc;

use bytes::Bytes;
use poem::web::CompressionAlgo;
use poem_openapi::types::ToJSON;
use sha2::{Digest, Sha256};
use tokio::sync::{Mutex, OnceCell};

use crate::auth::TokenKeys as Keys;
use crate::auth::limits::Limiter;
use crate::config::Settings;
use crate::google::GoogleVerifier;
use crate::mail::Mailer;
use crate::routes::mentors::Mentor;
use crate::store::{CatalogueFingerprint, Store, StoreError};

pub struct AppState {
    pub store: Store,
    pub mentor_list: MentorListCache,
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
    pub trust_forwarded_for: bool,
    /// `/dev/outbox` is mounted (see `Settings::dev_outbox_shown`).
    pub dev_outbox: bool,
    /// Where contact and custom-quote enquiries are e-mailed (`OPERATOR_EMAIL`).
    pub operator_email: String,
    /// The support address shown to people (`SUPPORT_EMAIL`).
    pub support_email: String,
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
            store,
            mentor_list: MentorListCache::default(),
            web_dir: settings.web_dir.clone(),
            keys,
            mailer,
            google: settings
                .google_client_id
                .as_deref()
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .map(|id| GoogleVerifier::new(id, settings.google_jwks_url.clone())),
            public_url: public_url.trim_end_matches('/').to_owned(),
            trust_forwarded_for: settings.trust_forwarded_for,
            dev_outbox: settings.dev_outbox_shown(),
            operator_email: settings.operator_email.trim().to_owned(),
            support_email: settings.support_email.trim().to_owned(),
        })
    }

    /// A link into the web app, e.g. `link("/activate/MQ/abc")`.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }
}

/// The serialised mentor list and its ETag, rebuilt only when the
/// catalogue's fingerprint changes (one cheap query per request instead of
/// nine plus serialisation). Correct with several API processes on one
/// database, since the fingerprint comes from the database.
#[derive(Default)]
pub struct MentorListCache {
    current: Mutex<Option<Arc<CachedList>>>,
}

pub struct CachedList {
    pub fingerprint: CatalogueFingerprint,
    pub mentors: Vec<Mentor>,
    pub body: Bytes,
    pub etag: String,
    pub columns: ExplorerColumns,
    brotli: OnceCell<Bytes>,
    gzip: OnceCell<Bytes>,
}

impl CachedList {
    /// The body compressed with `algo` (brotli or gzip), compressed once per
    /// catalogue version on a blocking thread and kept: compressing 140 KB
    /// on every request held the endpoint to about 500 requests a second.
    pub async fn compressed(self: &Arc<Self>, algo: CompressionAlgo) -> Option<Bytes> {
        let (cell, brotli) = match algo {
            CompressionAlgo::BR => (&self.brotli, true),
            CompressionAlgo::GZIP => (&self.gzip, false),
            _ => return None,
        };
        let body = self.body.clone();
        cell.get_or_try_init(|| async move {
            tokio::task::spawn_blocking(move || compress(&body, brotli)).await
        })
        .await
        .ok()
        .cloned()
    }
}

fn compress(body: &[u8], brotli: bool) -> Bytes {
    use std::io::Write;
    let mut out = Vec::with_capacity(body.len() / 4);
    if brotli {
        let params = brotli::enc::BrotliEncoderParams {
            quality: 9,
            lgwin: 22,
            ..Default::default()
        };
        // Writing to a Vec cannot fail.
        let _ = brotli::BrotliCompress(&mut &body[..], &mut out, &params);
    } else {
        let mut encoder = flate2::write::GzEncoder::new(&mut out, flate2::Compression::best());
        let _ = encoder.write_all(body);
        let _ = encoder.finish();
    }
    Bytes::from(out)
}

/// The explorer's view of the list, in list order: what the browser builds
/// from the same JSON (see webapp `src/lib/domain.ts`).
pub struct ExplorerColumns {
    pub ratings: Vec<f64>,
    pub experience_years: Vec<f64>,
    /// The first service's price in rupees, 0 without services.
    pub prices: Vec<f64>,
    pub masks: Vec<u32>,
}

impl ExplorerColumns {
    fn of(mentors: &[Mentor]) -> Self {
        ExplorerColumns {
            ratings: mentors.iter().map(|m| m.rating).collect(),
            experience_years: mentors.iter().map(|m| m.experience_years as f64).collect(),
            prices: mentors
                .iter()
                .map(|m| m.services.first().map_or(0.0, |s| s.price))
                .collect(),
            masks: mentors
                .iter()
                .map(|m| {
                    let expertise: Vec<&str> = m.expertise.iter().map(String::as_str).collect();
                    domain_wasm::explorer::category_mask(&expertise)
                })
                .collect(),
        }
    }

    pub fn view(&self) -> domain_wasm::explorer::Columns<'_> {
        domain_wasm::explorer::Columns {
            ratings: &self.ratings,
            experience_years: &self.experience_years,
            prices: &self.prices,
            masks: &self.masks,
        }
    }
}

impl MentorListCache {
    pub async fn get(&self, store: &Store) -> Result<Arc<CachedList>, StoreError> {
        let fingerprint = store.catalogue_fingerprint().await?;
        // Holding the lock while rebuilding makes concurrent misses share one rebuild.
        let mut current = self.current.lock().await;
        if let Some(cached) = current.as_ref().filter(|c| c.fingerprint == fingerprint) {
            return Ok(cached.clone());
        }
        let mentors: Vec<Mentor> = store
            .list_mentors()
            .await?
            .into_iter()
            .map(Mentor::from)
            .collect();
        let body = Bytes::from(mentors.to_json_string());
        let etag = etag_of(&body);
        let columns = ExplorerColumns::of(&mentors);
        let fresh = Arc::new(CachedList {
            fingerprint,
            mentors,
            body,
            etag,
            columns,
            brotli: OnceCell::new(),
            gzip: OnceCell::new(),
        });
        *current = Some(fresh.clone());
        Ok(fresh)
    }
}

/// A weak ETag (the body may be sent compressed) from the body's SHA-256.
pub fn etag_of(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

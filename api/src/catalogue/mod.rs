//! The public mentor catalogue, held in memory.
//!
//! `GET /api/mentors/`, `GET /api/mentors/{id}/`, the explorer, the site
//! figures and the page metadata all read one [`Snapshot`]: the mentors, their
//! JSON (the list and each profile), its ETag and, once asked for, its gzip
//! and brotli bodies, built once per catalogue version. A read is a pointer
//! clone under a lock that is never held across an `await`; it makes no
//! database round trip.
//!
//! The snapshot follows the database's `catalogue_version` (bumped by
//! triggers on every catalogue table, migration 0004):
//!
//! - a catalogue write made through this process's store counts itself
//!   ([`Store::catalogue_written`]); the next read sees that count moved,
//!   checks the version and reloads before answering, so a write is visible
//!   to the very next read, and the watcher reloads at once in the
//!   background so that readers usually find the new snapshot ready;
//! - on PostgreSQL the trigger also sends `NOTIFY catalogue_changed`, which
//!   the watcher (one task per catalogue, see `watch.rs`) LISTENs for, so
//!   other processes on the same database reload within moments;
//! - the watcher checks the version once a second as well, in case a
//!   notification was lost (a dropped connection) or a write bypassed the
//!   store. SQLite serves one process, so there the local count does the
//!   work, on the same code path.
//!
//! Only listed mentors are in it ([`listed_only`], the one definition of
//! `domain_wasm::listed`); its inputs are all catalogue tables or bump the
//! version by trigger (the running account's state, migration 0015), so a
//! profile leaves or rejoins the catalogue on the next read.
//!
//! A snapshot also holds only for a while: each mentor's `available_slots`
//! (the next slots of their first service, [`slots::next_slots`]) depends
//! on the time, so a snapshot says until when its slots hold
//! ([`Snapshot::valid_through`]: the earliest instant any mentor's list can
//! change, at most [`slots::LONGEST_VALID`] ahead), read against the
//! server's clock (`state.clock`, which tests move). The first read after
//! that rebuilds it, through the same path as a version change; reads of a
//! snapshot that holds stay lock-free, and the ETag changes when the JSON
//! does.

mod fast;
pub mod slots;
mod types;
mod watch;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use bytes::{BufMut, Bytes, BytesMut};
use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::slots::{Interval, MAX_PERIOD_DAYS};
use poem::http::HeaderValue;
use poem::web::CompressionAlgo;
use poem_openapi::types::ToJSON;
use sha2::{Digest, Sha256};
use tokio::sync::{Mutex, OnceCell};

pub use fast::ListFromMemory;
pub use types::{Education, Experience, Mentor, Project, Service, Slot};

use crate::clock::Clock;
use crate::store::{Store, StoreError, model};

/// The catalogue of one API process: the current snapshot and the task that
/// keeps it current. Clones share them.
#[derive(Clone)]
pub struct Catalogue {
    shared: Arc<Shared>,
}

struct Shared {
    store: Store,
    /// The server's clock: slots are computed at its `now`.
    clock: Clock,
    current: RwLock<Option<Arc<Snapshot>>>,
    /// The store's local write count ([`Store::catalogue_writes`]) when
    /// `current` was last checked against the database's version.
    checked_writes: AtomicU64,
    /// Held while checking the version and reloading, so that concurrent
    /// readers that need a reload share one. Readers of a current snapshot
    /// never take it.
    reload: Mutex<()>,
    watching: AtomicBool,
}

impl Catalogue {
    /// An empty catalogue over `store`, on the machine's clock; the first
    /// read loads it and starts its watcher.
    pub fn new(store: Store) -> Self {
        Catalogue::with_clock(store, Clock::system())
    }

    /// An empty catalogue whose slots follow `clock` (the server's one).
    pub fn with_clock(store: Store, clock: Clock) -> Self {
        Catalogue {
            shared: Arc::new(Shared {
                store,
                clock,
                current: RwLock::new(None),
                checked_writes: AtomicU64::new(u64::MAX),
                reload: Mutex::new(()),
                watching: AtomicBool::new(false),
            }),
        }
    }

    /// The current snapshot. From memory, except for the first read, the
    /// first read after a catalogue write through this process's store (one
    /// version query, and a reload when the version moved) and the first
    /// read after the snapshot's slots stopped holding (a reload). `_store` is the
    /// one the catalogue was made with; it is accepted for the callers'
    /// convenience.
    pub async fn get(&self, _store: &Store) -> Result<Arc<Snapshot>, StoreError> {
        if let Some(snapshot) = self.shared.checked() {
            return Ok(snapshot);
        }
        self.start_watching();
        let _reloading = self.shared.reload.lock().await;
        if let Some(snapshot) = self.shared.checked() {
            return Ok(snapshot);
        }
        match self.shared.refresh_locked().await {
            Ok(snapshot) => Ok(snapshot),
            // The database is unreachable: what we have beats an error.
            Err(e) => match self.shared.snapshot() {
                Some(stale) => {
                    tracing::warn!(error = %e, "cannot check the catalogue's version; serving the last one loaded");
                    Ok(stale)
                }
                None => Err(e),
            },
        }
    }

    /// The current snapshot without checking anything: `None` before the
    /// first load. Never waits.
    pub fn loaded(&self) -> Option<Arc<Snapshot>> {
        self.shared.snapshot()
    }

    /// Checks the database's version now and reloads if it moved (what the
    /// watcher does on a notification or once a second).
    pub async fn refresh(&self) -> Result<Arc<Snapshot>, StoreError> {
        self.start_watching();
        self.shared.refresh().await
    }

    fn start_watching(&self) {
        if !self.shared.watching.swap(true, Ordering::SeqCst) {
            watch::spawn(Arc::downgrade(&self.shared), self.shared.store.clone());
        }
    }
}

impl Shared {
    fn snapshot(&self) -> Option<Arc<Snapshot>> {
        // Poisoning needs a panic while the pointer is swapped, which cannot
        // leave it half-written; carry on with what is there.
        self.current
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The snapshot, if no catalogue write happened in this process since it
    /// was last checked against the database and its slots still hold.
    fn checked(&self) -> Option<Arc<Snapshot>> {
        // Read the count before the pointer: a reload stores the pointer
        // first, so a matching count always comes with its snapshot.
        let checked = self.checked_writes.load(Ordering::SeqCst);
        let snapshot = self.snapshot()?;
        (checked == self.store.catalogue_writes() && snapshot.holds_at(self.clock.now()))
            .then_some(snapshot)
    }

    async fn refresh(&self) -> Result<Arc<Snapshot>, StoreError> {
        let _reloading = self.reload.lock().await;
        self.refresh_locked().await
    }

    /// Checks the version and reloads when it moved or the slots stopped
    /// holding. The caller holds `reload`.
    async fn refresh_locked(&self) -> Result<Arc<Snapshot>, StoreError> {
        // The write count before the version, the version before the rows:
        // a write landing in between makes a later check reload again rather
        // than label new rows with an old version.
        let writes = self.store.catalogue_writes();
        let version = self.store.catalogue_version().await?;
        let now = self.clock.now();
        let previous = self.snapshot();
        let snapshot = match previous
            .as_ref()
            .filter(|s| s.version == version && s.holds_at(now))
        {
            Some(same) => same.clone(),
            None => {
                let mentors = self.store.list_mentors().await?;
                let mentors = listed_only(mentors, now);
                let busy = busy_of(&self.store, &mentors, now).await?;
                let reviews = self.store.review_counts().await?;
                let fresh = Arc::new(Snapshot::at(version, mentors, now, &busy, &reviews));
                *self
                    .current
                    .write()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(fresh.clone());
                if let Some(previous) = previous {
                    fresh.warm_like(&previous);
                }
                fresh
            }
        };
        self.checked_writes.store(writes, Ordering::SeqCst);
        Ok(snapshot)
    }
}

/// The mentors the public sees and may book: those listed as of `now`
/// (`domain_wasm::listed`: an active account runs the profile, it offers a
/// service, it has open hours, no administrator hid it).
pub fn listed_only(mentors: Vec<model::Mentor>, now: DateTime<Utc>) -> Vec<model::Mentor> {
    mentors.into_iter().filter(|m| m.is_listed(now)).collect()
}

/// The busy intervals of the mentors whose slots are shown, over the
/// period `available_slots` looks at.
async fn busy_of(
    store: &Store,
    mentors: &[model::Mentor],
    now: DateTime<Utc>,
) -> Result<HashMap<i64, Vec<Interval>>, StoreError> {
    let to = now + TimeDelta::days(MAX_PERIOD_DAYS);
    let mut busy = HashMap::new();
    for m in mentors {
        if m.availability.is_some() && !m.services.is_empty() {
            busy.insert(m.id, store.busy_intervals(m.id, now, to, now).await?);
        }
    }
    Ok(busy)
}

/// One version of the catalogue, ready to send.
pub struct Snapshot {
    /// The database's `catalogue_version` this was loaded at.
    pub version: i64,
    /// The last instant its `available_slots` hold (see [`slots::NextSlots`]);
    /// `None`: for ever (no mentor has slots that time can change).
    pub valid_through: Option<DateTime<Utc>>,
    /// Every mentor, by id.
    pub mentors: Vec<Mentor>,
    /// Each mentor's JSON, in `mentors` order (slices of `body`).
    pub details: Vec<Bytes>,
    /// The list's JSON.
    pub body: Bytes,
    pub etag: String,
    pub etag_header: HeaderValue,
    pub columns: ExplorerColumns,
    brotli: OnceCell<Bytes>,
    gzip: OnceCell<Bytes>,
}

impl Snapshot {
    /// The catalogue of the stored `mentors` at `now`: each with their
    /// services cheapest first (the crate's
    /// [`domain_wasm::pricing::sort_cheapest_first`], so the first service's
    /// price, the one cards show, is the lowest and free means a free
    /// service exists), the next slots of their first service given their
    /// busy intervals, and their number of reviews (`review_counts`, by
    /// mentor id; none when absent).
    pub fn at(
        version: i64,
        mentors: Vec<model::Mentor>,
        now: DateTime<Utc>,
        busy: &HashMap<i64, Vec<Interval>>,
        review_counts: &HashMap<i64, i64>,
    ) -> Snapshot {
        let mut valid_through: Option<DateTime<Utc>> = None;
        let public = mentors
            .into_iter()
            .map(|mut m| {
                domain_wasm::pricing::sort_cheapest_first(&mut m.services, |s| s.price_paise);
                let next = slots::next_slots(&m, now, busy.get(&m.id).map_or(&[], Vec::as_slice));
                valid_through = match (valid_through, next.valid_through) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let review_count = review_counts.get(&m.id).copied().unwrap_or(0);
                Mentor {
                    review_count,
                    ..Mentor::public(m, next.slots)
                }
            })
            .collect();
        Snapshot {
            valid_through,
            ..Snapshot::build(version, public)
        }
    }

    /// Its slots still hold at `now`.
    pub fn holds_at(&self, now: DateTime<Utc>) -> bool {
        self.valid_through.is_none_or(|t| now <= t)
    }

    /// The catalogue of these public profiles, as they are (for ever).
    pub fn build(version: i64, mentors: Vec<Mentor>) -> Snapshot {
        // The list is its mentors' JSON, comma-separated in brackets: what
        // serialising the Vec gives, with each profile a slice of it.
        let mut body = BytesMut::with_capacity(mentors.len() * 2048 + 2);
        let mut spans = Vec::with_capacity(mentors.len());
        body.put_u8(b'[');
        for (i, mentor) in mentors.iter().enumerate() {
            if i > 0 {
                body.put_u8(b',');
            }
            let start = body.len();
            body.put_slice(mentor.to_json_string().as_bytes());
            spans.push(start..body.len());
        }
        body.put_u8(b']');
        let body = body.freeze();
        let details = spans.into_iter().map(|span| body.slice(span)).collect();
        let etag = etag_of(&body);
        let etag_header =
            HeaderValue::from_str(&etag).unwrap_or_else(|_| HeaderValue::from_static("W/\"\""));
        Snapshot {
            version,
            valid_through: None,
            columns: ExplorerColumns::of(&mentors),
            mentors,
            details,
            body,
            etag,
            etag_header,
            brotli: OnceCell::new(),
            gzip: OnceCell::new(),
        }
    }

    /// One mentor's JSON, by id.
    pub fn detail(&self, id: i64) -> Option<Bytes> {
        let at = self.mentors.binary_search_by_key(&id, |m| m.id).ok()?;
        self.details.get(at).cloned()
    }

    /// The list compressed with `algo` (brotli or gzip), compressed once per
    /// catalogue version on a blocking thread and kept: compressing 140 KB
    /// on every request held the endpoint to about 500 requests a second.
    pub async fn compressed(self: &Arc<Self>, algo: CompressionAlgo) -> Option<Bytes> {
        if let Some(ready) = self.compressed_now(algo) {
            return Some(ready);
        }
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

    /// The compressed list if it is already made.
    pub fn compressed_now(&self, algo: CompressionAlgo) -> Option<Bytes> {
        match algo {
            CompressionAlgo::BR => self.brotli.get().cloned(),
            CompressionAlgo::GZIP => self.gzip.get().cloned(),
            _ => None,
        }
    }

    /// Compresses, in the background, the encodings clients asked of
    /// `previous`, so that they find this version's ready too.
    fn warm_like(self: &Arc<Self>, previous: &Snapshot) {
        let wanted: Vec<CompressionAlgo> = [CompressionAlgo::GZIP, CompressionAlgo::BR]
            .into_iter()
            .filter(|&algo| previous.compressed_now(algo).is_some())
            .collect();
        if wanted.is_empty() {
            return;
        }
        let fresh = self.clone();
        tokio::spawn(async move {
            for algo in wanted {
                fresh.compressed(algo).await;
            }
        });
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
    /// The shown price in rupees: the first service's in the cheapest-first
    /// order (the lowest), 0 without services.
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
                .map(|m| domain_wasm::pricing::shown_price_of(m.services.iter().map(|s| s.price)))
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

/// A weak ETag (the body may be sent compressed) from the body's SHA-256.
pub fn etag_of(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

/// `If-None-Match` compared weakly (RFC 9110 §13.1.2): `*` or any listed tag
/// with the same opaque value.
pub fn etag_matches(header: &str, etag: &str) -> bool {
    let opaque = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let ours = opaque(etag);
    header
        .split(',')
        .any(|t| t.trim() == "*" || opaque(t) == ours)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mentor(id: i64, name: &str) -> Mentor {
        let now = chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap_or_default();
        Mentor {
            id,
            user_id: None,
            name: name.into(),
            headline: "Head \"of\" things".into(),
            expertise: vec!["Technology".into(), "Leadership".into()],
            rating: 4.5,
            review_count: 2,
            experience_years: 12,
            bio: "Ünïcode and </script>".into(),
            image_url: None,
            contact: [("email".to_owned(), "a@b.in".to_owned())].into(),
            social_links: Default::default(),
            education: vec![],
            experience: vec![],
            projects: vec![],
            services: vec![Service {
                id: 3,
                title: "Call".into(),
                description: String::new(),
                duration_minutes: 30,
                price: 1500.5,
                price_paise: 150_050,
                instant_confirmation: false,
            }],
            available_slots: vec![],
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn the_list_and_each_profile_are_what_serialising_gives() {
        for mentors in [
            vec![],
            vec![mentor(1, "A")],
            vec![mentor(1, "A"), mentor(7, "B")],
        ] {
            let snapshot = Snapshot::build(3, mentors.clone());
            assert_eq!(&snapshot.body[..], mentors.to_json_string().as_bytes());
            for m in &mentors {
                assert_eq!(
                    snapshot.detail(m.id).as_deref(),
                    Some(m.to_json_string().as_bytes())
                );
            }
            assert_eq!(snapshot.detail(2), None);
            assert_eq!(snapshot.etag, etag_of(&snapshot.body));
            assert_eq!(snapshot.etag_header, snapshot.etag.as_str());
        }
    }

    #[test]
    fn if_none_match_compares_weakly() {
        assert!(etag_matches("W/\"abc\"", "W/\"abc\""));
        assert!(etag_matches("\"abc\"", "W/\"abc\""));
        assert!(etag_matches("\"x\", W/\"abc\"", "W/\"abc\""));
        assert!(etag_matches("*", "W/\"abc\""));
        assert!(!etag_matches("W/\"abd\"", "W/\"abc\""));
        assert!(!etag_matches("", "W/\"abc\""));
    }
}

//! The mentor catalogue: reading whole profiles and inserting them.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use sqlx::FromRow;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;

use super::model::{Education, Experience, Mentor, NewMentor, Project, Service};
use super::{Store, StoreError, on_pool};

/// Catalogue writes made by this process, counted for the in-memory
/// catalogue (`crate::catalogue`): a count that moved makes the next read
/// check the database's version first. Process-wide rather than per
/// database, so that `Store` stays a plain pool: a write to one database
/// makes the catalogues of the others (tests run many) check their version
/// once, which is cheap.
static LOCAL_WRITES: AtomicU64 = AtomicU64::new(0);
/// The same count, for tasks waiting on a change.
static LOCAL_WRITE_SIGNAL: LazyLock<tokio::sync::watch::Sender<u64>> =
    LazyLock::new(|| tokio::sync::watch::Sender::new(0));

/// Changes whenever the catalogue does: every write to a mentor or any of
/// its lists sets the mentor's `updated_at`, and inserts and deletes change
/// the count. The in-memory catalogue follows [`Store::catalogue_version`]
/// instead, which triggers bump for any change to any catalogue table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct CatalogueFingerprint {
    pub count: i64,
    pub latest: Option<DateTime<Utc>>,
}

#[derive(FromRow)]
struct MentorRow {
    id: i64,
    user_id: Option<i64>,
    name: String,
    headline: String,
    rating: f64,
    experience_years: i64,
    bio: String,
    image_url: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    has_account: bool,
    account_active: bool,
    hidden: bool,
}

/// The listing facts of the account that runs a profile and of its hiding
/// (`domain_wasm::listed`): an account exists; it is activated and not
/// disabled; an administrator hid the profile. Columns of `mentors`.
pub const LISTING_COLUMNS: &str = "\
     EXISTS (SELECT 1 FROM users u WHERE u.id = mentors.user_id) AS has_account, \
     EXISTS (SELECT 1 FROM users u WHERE u.id = mentors.user_id AND u.is_active \
       AND u.disabled_at IS NULL) AS account_active, \
     (mentors.hidden_at IS NOT NULL) AS hidden";

#[derive(FromRow)]
struct TextRow {
    mentor_id: i64,
    value: String,
}

#[derive(FromRow)]
struct PairRow {
    mentor_id: i64,
    key: String,
    value: String,
}

#[derive(FromRow)]
struct EducationRow {
    mentor_id: i64,
    degree: String,
    institution: String,
    year: Option<i64>,
}

#[derive(FromRow)]
struct ExperienceRow {
    mentor_id: i64,
    title: String,
    company: String,
    start_year: Option<i64>,
    end_year: Option<i64>,
    description: String,
}

#[derive(FromRow)]
struct ProjectRow {
    mentor_id: i64,
    title: String,
    description: String,
    url: Option<String>,
}

#[derive(FromRow)]
struct ServiceRow {
    id: i64,
    mentor_id: i64,
    title: String,
    description: String,
    duration_minutes: i64,
    #[sqlx(try_from = "i64")]
    price_paise: Paise,
    instant_confirmation: bool,
}

/// Rows of one list, grouped by mentor, in their stored order.
fn group<R, T>(
    rows: Vec<R>,
    mentor_id: impl Fn(&R) -> i64,
    map: impl Fn(R) -> T,
) -> HashMap<i64, Vec<T>> {
    let mut out: HashMap<i64, Vec<T>> = HashMap::new();
    for row in rows {
        out.entry(mentor_id(&row)).or_default().push(map(row));
    }
    out
}

/// The path of the portrait the server draws for a mentor without a photo.
pub fn portrait_path(id: i64) -> String {
    format!("/media/portraits/{id}.svg")
}

impl Store {
    async fn rows<R>(&self, sql: &str, mentor: Option<i64>) -> Result<Vec<R>, StoreError>
    where
        R: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        Ok(on_pool!(self, pool => {
            let query = sqlx::query_as::<_, R>(sql);
            let query = match mentor { Some(id) => query.bind(id), None => query };
            query.fetch_all(pool).await
        })?)
    }

    /// Every mentor with all their lists, by id. One query per table.
    pub async fn list_mentors(&self) -> Result<Vec<Mentor>, StoreError> {
        self.load(None).await
    }

    /// One mentor with all their lists.
    pub async fn get_mentor(&self, id: i64) -> Result<Mentor, StoreError> {
        self.load(Some(id)).await?.pop().ok_or(StoreError::NotFound)
    }

    async fn load(&self, only: Option<i64>) -> Result<Vec<Mentor>, StoreError> {
        let (by_id, by_mentor) = match only {
            Some(_) => ("WHERE id = $1", "WHERE mentor_id = $1"),
            None => ("", ""),
        };
        let mentors: Vec<MentorRow> = self
            .rows(
                &format!(
                    "SELECT id, user_id, name, headline, rating, experience_years, bio, image_url, \
                     created_at, updated_at, {LISTING_COLUMNS} FROM mentors {by_id} ORDER BY id"
                ),
                only,
            )
            .await?;
        if mentors.is_empty() {
            return Ok(Vec::new());
        }
        let list = |cols: &str, table: &str, order: &str| {
            format!("SELECT mentor_id, {cols} FROM {table} {by_mentor} ORDER BY mentor_id, {order}")
        };
        let mut expertise = group(
            self.rows::<TextRow>(&list("name AS value", "mentor_expertise", "position"), only)
                .await?,
            |r| r.mentor_id,
            |r| r.value,
        );
        let mut contact = group(
            self.rows::<PairRow>(
                &list("kind AS key, value", "mentor_contacts", "position"),
                only,
            )
            .await?,
            |r| r.mentor_id,
            |r| (r.key, r.value),
        );
        let mut social = group(
            self.rows::<PairRow>(
                &list(
                    "network AS key, url AS value",
                    "mentor_social_links",
                    "position",
                ),
                only,
            )
            .await?,
            |r| r.mentor_id,
            |r| (r.key, r.value),
        );
        let mut education = group(
            self.rows::<EducationRow>(
                &list("degree, institution, year", "mentor_education", "position"),
                only,
            )
            .await?,
            |r| r.mentor_id,
            |r| Education {
                degree: r.degree,
                institution: r.institution,
                year: r.year,
            },
        );
        let mut experience = group(
            self.rows::<ExperienceRow>(
                &list(
                    "title, company, start_year, end_year, description",
                    "mentor_experience",
                    "position",
                ),
                only,
            )
            .await?,
            |r| r.mentor_id,
            |r| Experience {
                title: r.title,
                company: r.company,
                start_year: r.start_year,
                end_year: r.end_year,
                description: r.description,
            },
        );
        let mut projects = group(
            self.rows::<ProjectRow>(
                &list("title, description, url", "mentor_projects", "position"),
                only,
            )
            .await?,
            |r| r.mentor_id,
            |r| Project {
                title: r.title,
                description: r.description,
                url: r.url,
            },
        );
        // The public sees the services offered now: paused and retired
        // ones stay with the mentor (and the bookings that name them).
        let offered = match only {
            Some(_) => "AND active AND retired_at IS NULL",
            None => "WHERE active AND retired_at IS NULL",
        };
        let mut services = group(
            self.rows::<ServiceRow>(
                &format!(
                    "SELECT mentor_id, id, title, description, duration_minutes, price_paise, \
                     instant_confirmation FROM mentor_services {by_mentor} {offered} \
                     ORDER BY mentor_id, position, id"
                ),
                only,
            )
            .await?,
            |r| r.mentor_id,
            |r| Service {
                id: r.id,
                title: r.title,
                description: r.description,
                duration_minutes: r.duration_minutes,
                price_paise: r.price_paise,
                instant_confirmation: r.instant_confirmation,
            },
        );
        // Slots are computed from these rules when the catalogue is built
        // (`crate::catalogue`); the rows of `mentor_available_slots` are no
        // longer read (the table stays until a migration drops it).
        let mut availability = match only {
            Some(id) => self
                .availability(id)
                .await?
                .map(|a| (id, a))
                .into_iter()
                .collect(),
            None => self.all_availability().await?,
        };
        Ok(mentors
            .into_iter()
            .map(|m| Mentor {
                expertise: expertise.remove(&m.id).unwrap_or_default(),
                contact: contact.remove(&m.id).unwrap_or_default(),
                social_links: social.remove(&m.id).unwrap_or_default(),
                education: education.remove(&m.id).unwrap_or_default(),
                experience: experience.remove(&m.id).unwrap_or_default(),
                projects: projects.remove(&m.id).unwrap_or_default(),
                services: services.remove(&m.id).unwrap_or_default(),
                availability: availability.remove(&m.id),
                id: m.id,
                user_id: m.user_id,
                name: m.name,
                headline: m.headline,
                rating: m.rating,
                experience_years: m.experience_years,
                bio: m.bio,
                image_url: m.image_url,
                created_at: m.created_at,
                updated_at: m.updated_at,
                has_account: m.has_account,
                account_active: m.account_active,
                hidden: m.hidden,
            })
            .collect())
    }

    /// See [`CatalogueFingerprint`].
    pub async fn catalogue_fingerprint(&self) -> Result<CatalogueFingerprint, StoreError> {
        Ok(
            on_pool!(self, pool => sqlx::query_as::<_, CatalogueFingerprint>(
            "SELECT COUNT(*) AS count, MAX(updated_at) AS latest FROM mentors"
        ).fetch_one(pool).await)?,
        )
    }

    /// The catalogue's version: bumped in the same transaction by every write
    /// to any catalogue table (triggers of migration 0004).
    pub async fn catalogue_version(&self) -> Result<i64, StoreError> {
        let (version,): (i64,) = on_pool!(self, pool =>
            sqlx::query_as("SELECT version FROM catalogue_version WHERE id = 1").fetch_one(pool).await)?;
        Ok(version)
    }

    /// Records, after its commit, a write this process made to the
    /// catalogue, so that the in-memory catalogue shows it on the next read.
    /// Every store method that changes a catalogue table calls it.
    pub fn catalogue_written(&self) {
        let count = LOCAL_WRITES.fetch_add(1, Ordering::SeqCst) + 1;
        LOCAL_WRITE_SIGNAL.send_replace(count);
    }

    /// How many catalogue writes this process has made (see
    /// [`Store::catalogue_written`]).
    pub fn catalogue_writes(&self) -> u64 {
        LOCAL_WRITES.load(Ordering::SeqCst)
    }

    /// Wakes on every catalogue write this process makes.
    pub fn catalogue_write_signal(&self) -> tokio::sync::watch::Receiver<u64> {
        LOCAL_WRITE_SIGNAL.subscribe()
    }

    /// The pool was closed (the server is stopping).
    pub fn is_closed(&self) -> bool {
        on_pool!(self, pool => pool.is_closed())
    }

    /// The name of a mentor, for their generated portrait.
    pub async fn mentor_name(&self, id: i64) -> Result<String, StoreError> {
        let name: Option<(String,)> = on_pool!(self, pool =>
            sqlx::query_as("SELECT name FROM mentors WHERE id = $1").bind(id).fetch_optional(pool).await)?;
        name.map(|(n,)| n).ok_or(StoreError::NotFound)
    }

    /// Inserts mentors in one transaction and returns their ids in order.
    pub async fn insert_mentors(
        &self,
        mentors: &[NewMentor],
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>, StoreError> {
        self.insert_mentors_if(mentors, now, false)
            .await
            .map(Option::unwrap_or_default)
    }

    /// Inserts the demo catalogue unless the catalogue already has mentors.
    /// Safe when several processes start at once: the check and the inserts
    /// happen under a table lock. Returns how many were inserted.
    pub async fn seed_if_empty(
        &self,
        mentors: &[NewMentor],
        now: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        Ok(self
            .insert_mentors_if(mentors, now, true)
            .await?
            .map_or(0, |ids| ids.len()))
    }

    async fn insert_mentors_if(
        &self,
        mentors: &[NewMentor],
        now: DateTime<Utc>,
        only_if_empty: bool,
    ) -> Result<Option<Vec<i64>>, StoreError> {
        let inserted = self
            .insert_mentors_if_inner(mentors, now, only_if_empty)
            .await?;
        if inserted.as_ref().is_some_and(|ids| !ids.is_empty()) {
            self.catalogue_written();
        }
        Ok(inserted)
    }

    async fn insert_mentors_if_inner(
        &self,
        mentors: &[NewMentor],
        now: DateTime<Utc>,
        only_if_empty: bool,
    ) -> Result<Option<Vec<i64>>, StoreError> {
        let lock = match self {
            // A write statement takes SQLite's write lock for the rest of the
            // transaction, even when it changes no row.
            Store::Sqlite(_) => "UPDATE mentors SET id = id WHERE 1 = 0",
            Store::Postgres(_) => "LOCK TABLE mentors IN SHARE ROW EXCLUSIVE MODE",
        };
        Ok(on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            if only_if_empty {
                sqlx::query(lock).execute(&mut *tx).await?;
                let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM mentors").fetch_one(&mut *tx).await?;
                if count > 0 {
                    return Ok(None);
                }
            }
            let mut ids = Vec::with_capacity(mentors.len());
            for m in mentors {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO mentors (user_id, name, headline, rating, experience_years, bio, image_url, \
                     created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                )
                .bind(m.user_id)
                .bind(&m.name)
                .bind(&m.headline)
                .bind(m.rating)
                .bind(m.experience_years)
                .bind(&m.bio)
                .bind(&m.image_url)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
                if m.image_url.is_none() {
                    sqlx::query("UPDATE mentors SET image_url = $1 WHERE id = $2")
                        .bind(portrait_path(id)).bind(id).execute(&mut *tx).await?;
                }
                for (pos, name) in m.expertise.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_expertise (mentor_id, position, name) VALUES ($1, $2, $3)")
                        .bind(id).bind(pos as i64).bind(name).execute(&mut *tx).await?;
                }
                for (pos, (kind, value)) in m.contact.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_contacts (mentor_id, position, kind, value) VALUES ($1, $2, $3, $4)")
                        .bind(id).bind(pos as i64).bind(kind).bind(value).execute(&mut *tx).await?;
                }
                for (pos, (network, url)) in m.social_links.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_social_links (mentor_id, position, network, url) VALUES ($1, $2, $3, $4)")
                        .bind(id).bind(pos as i64).bind(network).bind(url).execute(&mut *tx).await?;
                }
                for (pos, e) in m.education.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_education (mentor_id, position, degree, institution, year) VALUES ($1, $2, $3, $4, $5)")
                        .bind(id).bind(pos as i64).bind(&e.degree).bind(&e.institution).bind(e.year)
                        .execute(&mut *tx).await?;
                }
                for (pos, e) in m.experience.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_experience (mentor_id, position, title, company, start_year, end_year, description) \
                                 VALUES ($1, $2, $3, $4, $5, $6, $7)")
                        .bind(id).bind(pos as i64).bind(&e.title).bind(&e.company).bind(e.start_year).bind(e.end_year)
                        .bind(&e.description).execute(&mut *tx).await?;
                }
                for (pos, p) in m.projects.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_projects (mentor_id, position, title, description, url) VALUES ($1, $2, $3, $4, $5)")
                        .bind(id).bind(pos as i64).bind(&p.title).bind(&p.description).bind(&p.url)
                        .execute(&mut *tx).await?;
                }
                for (pos, s) in m.services.iter().enumerate() {
                    sqlx::query("INSERT INTO mentor_services (mentor_id, position, title, description, duration_minutes, price_paise, instant_confirmation) \
                                 VALUES ($1, $2, $3, $4, $5, $6, $7)")
                        .bind(id).bind(pos as i64).bind(&s.title).bind(&s.description).bind(s.duration_minutes)
                        .bind(s.price_paise.to_i64()).bind(s.instant_confirmation).execute(&mut *tx).await?;
                }
                if let Some(rules) = &m.availability {
                    // Plain strings and numbers: serialising cannot fail.
                    sqlx::query("INSERT INTO mentor_availability (mentor_id, rules, updated_at) VALUES ($1, $2, $3)")
                        .bind(id).bind(serde_json::to_string(rules).unwrap_or_default()).bind(now)
                        .execute(&mut *tx).await?;
                }
                ids.push(id);
            }
            tx.commit().await?;
            Ok::<_, sqlx::Error>(Some(ids))
        })?)
    }
}

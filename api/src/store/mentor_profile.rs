//! A mentor rewriting their own public profile: the `mentors` row and its
//! lists (expertise, contact, social links, education, experience,
//! projects), replaced whole in one unit of work so the catalogue never
//! shows half a change. Reading it is [`Store::get_mentor`].

use chrono::{DateTime, Utc};
use domain_wasm::mentoring::ProfileDraft;

use super::services::TOUCH_MENTOR;
use super::{Store, StoreError, on_pool};

/// The lists a profile rewrite replaces, by table.
const LISTS: [&str; 6] = [
    "mentor_expertise",
    "mentor_contacts",
    "mentor_social_links",
    "mentor_education",
    "mentor_experience",
    "mentor_projects",
];

impl Store {
    /// Replaces the mentor's profile with `profile` (already checked and
    /// cleaned by `domain_wasm::mentoring::check_profile`). Services,
    /// rating, photo and availability stay as they are.
    pub async fn replace_mentor_profile(
        &self,
        mentor_id: i64,
        profile: &ProfileDraft,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let found = on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let updated = sqlx::query(
                "UPDATE mentors SET name = $2, headline = $3, bio = $4, experience_years = $5 \
                 WHERE id = $1",
            )
            .bind(mentor_id)
            .bind(&profile.name)
            .bind(&profile.headline)
            .bind(&profile.bio)
            .bind(profile.experience_years)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated == 0 {
                return Err(StoreError::NotFound);
            }
            sqlx::query(TOUCH_MENTOR).bind(now).bind(mentor_id).execute(&mut *tx).await?;
            for table in LISTS {
                sqlx::query(&format!("DELETE FROM {table} WHERE mentor_id = $1"))
                    .bind(mentor_id)
                    .execute(&mut *tx)
                    .await?;
            }
            for (pos, name) in profile.expertise.iter().enumerate() {
                sqlx::query("INSERT INTO mentor_expertise (mentor_id, position, name) VALUES ($1, $2, $3)")
                    .bind(mentor_id).bind(pos as i64).bind(name).execute(&mut *tx).await?;
            }
            for (pos, (kind, value)) in profile.contact.iter().enumerate() {
                sqlx::query("INSERT INTO mentor_contacts (mentor_id, position, kind, value) VALUES ($1, $2, $3, $4)")
                    .bind(mentor_id).bind(pos as i64).bind(kind).bind(value).execute(&mut *tx).await?;
            }
            for (pos, (network, url)) in profile.social_links.iter().enumerate() {
                sqlx::query("INSERT INTO mentor_social_links (mentor_id, position, network, url) VALUES ($1, $2, $3, $4)")
                    .bind(mentor_id).bind(pos as i64).bind(network).bind(url).execute(&mut *tx).await?;
            }
            for (pos, e) in profile.education.iter().enumerate() {
                sqlx::query("INSERT INTO mentor_education (mentor_id, position, degree, institution, year) VALUES ($1, $2, $3, $4, $5)")
                    .bind(mentor_id).bind(pos as i64).bind(&e.degree).bind(&e.institution).bind(e.year)
                    .execute(&mut *tx).await?;
            }
            for (pos, e) in profile.experience.iter().enumerate() {
                sqlx::query("INSERT INTO mentor_experience (mentor_id, position, title, company, start_year, end_year, description) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(mentor_id).bind(pos as i64).bind(&e.title).bind(&e.company).bind(e.start_year).bind(e.end_year)
                    .bind(&e.description).execute(&mut *tx).await?;
            }
            for (pos, p) in profile.projects.iter().enumerate() {
                sqlx::query("INSERT INTO mentor_projects (mentor_id, position, title, description, url) VALUES ($1, $2, $3, $4, $5)")
                    .bind(mentor_id).bind(pos as i64).bind(&p.title).bind(&p.description).bind(&p.url)
                    .execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(true)
        })?;
        if found {
            self.catalogue_written();
        }
        Ok(())
    }
}

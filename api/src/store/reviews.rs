//! What learners said after their sessions (the `feedback` table), as the
//! public sees it: a mentor's reviews, and the marketplace's figures on the
//! home page (sessions completed, share of positive ratings).

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use super::bookings::NewBookingRow;
use super::{Store, StoreError, Tx, on_pool, on_tx};

/// One review as the public sees it.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct Review {
    /// 1 to 5.
    pub rating: i64,
    pub text: String,
    /// The learner's name as they gave it; the API shortens it.
    pub learner_name: String,
    pub created_at: DateTime<Utc>,
}

/// A session that took place and the review its learner gave, as the demo
/// seeds them ([`Tx::insert_past_reviews`]).
#[derive(Debug, Clone)]
pub struct PastReview {
    /// Stored completed at its end, whatever its `status` says.
    pub booking: NewBookingRow,
    pub booked_at: DateTime<Utc>,
    /// 1 to 5.
    pub rating: i64,
    pub text: String,
    pub given_at: DateTime<Utc>,
}

/// A page of a mentor's reviews and the totals over all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewPage {
    /// How many reviews the mentor has.
    pub count: i64,
    /// The mean rating over all of them; `None` while there is none.
    pub average: Option<f64>,
    /// Newest first.
    pub reviews: Vec<Review>,
}

/// What the home page's session figures are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SessionFigures {
    /// Sessions that took place: stored `completed`, or `confirmed` and
    /// ended (the job that marks them completed may not have run yet).
    pub completed: i64,
    /// Feedback given.
    pub reviews: i64,
    /// Feedback with a rating of 4 or 5.
    pub positive: i64,
}

#[derive(FromRow)]
struct Totals {
    count: i64,
    average: Option<f64>,
}

#[derive(FromRow)]
struct Figures {
    completed: i64,
    reviews: i64,
    positive: i64,
}

impl Store {
    /// The mentor's reviews, newest first, `limit` of them after skipping
    /// `offset`, with the count and mean rating over all of them.
    pub async fn mentor_reviews(
        &self,
        mentor_id: i64,
        offset: i64,
        limit: i64,
    ) -> Result<ReviewPage, StoreError> {
        let totals: Totals = on_pool!(self, pool => {
            sqlx::query_as(
                "SELECT COUNT(*) AS count, CAST(AVG(rating) AS DOUBLE PRECISION) AS average \
                 FROM feedback WHERE mentor_id = $1",
            )
            .bind(mentor_id)
            .fetch_one(pool)
            .await
        })?;
        let reviews: Vec<Review> = if totals.count == 0 {
            Vec::new()
        } else {
            on_pool!(self, pool => {
                sqlx::query_as(
                    "SELECT f.rating AS rating, f.text AS text, u.name AS learner_name, \
                     f.created_at AS created_at \
                     FROM feedback f JOIN users u ON u.id = f.learner_id \
                     WHERE f.mentor_id = $1 \
                     ORDER BY f.created_at DESC, f.booking_id DESC LIMIT $2 OFFSET $3",
                )
                .bind(mentor_id)
                .bind(limit)
                .bind(offset)
                .fetch_all(pool)
                .await
            })?
        };
        Ok(ReviewPage {
            count: totals.count,
            average: totals.average.filter(|_| totals.count > 0),
            reviews,
        })
    }

    /// How many reviews each mentor has, by mentor id (mentors without
    /// reviews are absent): the catalogue's `review_count`.
    pub async fn review_counts(&self) -> Result<std::collections::HashMap<i64, i64>, StoreError> {
        let rows: Vec<(i64, i64)> = on_pool!(self, pool => {
            sqlx::query_as("SELECT mentor_id, COUNT(*) FROM feedback GROUP BY mentor_id")
                .fetch_all(pool)
                .await
        })?;
        Ok(rows.into_iter().collect())
    }

    /// The home page's session figures as of `now`; sessions paid through
    /// the sandbox count only `with_sandbox` (a site that runs it).
    pub async fn session_figures(
        &self,
        now: DateTime<Utc>,
        with_sandbox: bool,
    ) -> Result<SessionFigures, StoreError> {
        let f: Figures = on_pool!(self, pool => {
            sqlx::query_as(
                "SELECT \
                 (SELECT COUNT(*) FROM bookings b WHERE (b.status = 'completed' \
                    OR (b.status = 'confirmed' AND b.end_at <= $1)) \
                    AND ($2 OR NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id \
                      AND p.gateway = 'sandbox' AND p.payment_id IS NOT NULL))) AS completed, \
                 (SELECT COUNT(*) FROM feedback) AS reviews, \
                 (SELECT COUNT(*) FROM feedback WHERE rating >= 4) AS positive",
            )
            .bind(now)
            .bind(with_sandbox)
            .fetch_one(pool)
            .await
        })?;
        Ok(SessionFigures {
            completed: f.completed,
            reviews: f.reviews,
            positive: f.positive,
        })
    }
}

impl Tx {
    /// Stores sessions that took place (each completed at its end) with
    /// the review each learner gave (the demo's seeded reviews,
    /// `demo_reviews`), many rows to a statement: a demo start writes about
    /// 1,400 of them, one statement each took most of its time. The
    /// mentors' ratings follow with [`Tx::refresh_rating`].
    pub async fn insert_past_reviews(&mut self, reviews: &[PastReview]) -> Result<(), StoreError> {
        // 17 and 6 parameters a row: well under SQLite's 32,766 a statement.
        for chunk in reviews.chunks(500) {
            let sql = format!(
                "INSERT INTO bookings (id, learner_id, mentor_id, service_id, service_title, \
                 duration_minutes, price_paise, commission_bps, start_at, end_at, held_from, \
                 held_until, note, created_at, confirmed_at, completed_at, updated_at, status) \
                 VALUES {}",
                super::values_placeholders(chunk.len(), 17, ", 'completed'")
            );
            on_tx!(self, conn => {
                let mut q = sqlx::query(&sql);
                for r in chunk {
                    let b = &r.booking;
                    q = q
                        .bind(&b.id)
                        .bind(b.learner_id)
                        .bind(b.mentor_id)
                        .bind(b.service_id)
                        .bind(&b.service_title)
                        .bind(b.duration_minutes)
                        .bind(b.price_paise.to_i64())
                        .bind(b.commission_bps)
                        .bind(b.start_at)
                        .bind(b.end_at)
                        .bind(b.held_from)
                        .bind(b.held_until)
                        .bind(&b.note)
                        .bind(r.booked_at)
                        .bind(r.booked_at)
                        .bind(b.end_at)
                        .bind(b.end_at);
                }
                q.execute(conn).await.map(|_| ())
            })?;
            let sql = format!(
                "INSERT INTO feedback (booking_id, mentor_id, learner_id, rating, text, created_at) \
                 VALUES {}",
                super::values_placeholders(chunk.len(), 6, "")
            );
            on_tx!(self, conn => {
                let mut q = sqlx::query(&sql);
                for r in chunk {
                    q = q
                        .bind(&r.booking.id)
                        .bind(r.booking.mentor_id)
                        .bind(r.booking.learner_id)
                        .bind(r.rating)
                        .bind(&r.text)
                        .bind(r.given_at);
                }
                q.execute(conn).await.map(|_| ())
            })?;
        }
        Ok(())
    }

    /// Sets the mentor's rating to the mean of their reviews and their
    /// review count to how many there are (as a new review does).
    pub async fn refresh_rating(
        &mut self,
        mentor_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "UPDATE mentors SET \
             review_count = (SELECT COUNT(*) FROM feedback WHERE mentor_id = $1), \
             rating = COALESCE((SELECT CAST(AVG(CAST(rating AS DOUBLE PRECISION)) AS DOUBLE PRECISION) \
               FROM feedback WHERE mentor_id = $1), rating), \
             updated_at = $2 WHERE id = $1",
        )
        .bind(mentor_id)
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

//! What learners said after their sessions (the `feedback` table), as the
//! public sees it: a mentor's reviews, and the marketplace's figures on the
//! home page (sessions completed, share of positive ratings).

use chrono::{DateTime, Utc};
use sqlx::FromRow;

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
    /// Stores a review of a booking as it was given at `at` (the demo's
    /// seeded reviews, `demo_reviews`); the mentor's rating follows with
    /// [`Tx::refresh_rating`].
    pub async fn insert_demo_review(
        &mut self,
        booking_id: &str,
        mentor_id: i64,
        learner_id: i64,
        rating: i64,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_tx!(self, conn => sqlx::query(
            "INSERT INTO feedback (booking_id, mentor_id, learner_id, rating, text, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(booking_id)
        .bind(mentor_id)
        .bind(learner_id)
        .bind(rating)
        .bind(text)
        .bind(at)
        .execute(conn)
        .await
        .map(|_| ()))?;
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

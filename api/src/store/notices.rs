//! What the notifications of a booking need to know about it: the booking
//! row, both people's names, addresses and time zones
//! ([`crate::notifications`]). Read inside the caller's unit of work, so it
//! sees the change that is being announced.

use chrono::{DateTime, Utc};
use domain_wasm::money::Paise;
use sqlx::FromRow;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// Someone an e-mail goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub name: String,
    pub email: String,
    /// Their IANA time zone (`users.time_zone`); times in their mail use it.
    pub time_zone: String,
}

/// One booking as its notifications see it.
#[derive(Debug, Clone)]
pub struct BookingNotice {
    pub id: String,
    /// The stored status.
    pub status: domain_wasm::booking::Status,
    pub service_title: String,
    pub duration_minutes: i64,
    pub price_paise: Paise,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub note: String,
    pub respond_by: Option<DateTime<Utc>>,
    pub pay_by: Option<DateTime<Utc>>,
    pub meeting_url: Option<String>,
    /// The calendar file's SEQUENCE.
    pub sequence: i64,
    pub cancelled_by: Option<String>,
    pub cancel_reason: Option<String>,
    pub no_show_by: Option<String>,
    pub no_show_choice: Option<String>,
    pub refund_owed_paise: Paise,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// The mentor's name as the catalogue shows it.
    pub mentor_name: String,
    pub learner: Recipient,
    /// The mentor's account, when the mentor has one (demo mentors do not).
    pub mentor: Option<Recipient>,
}

#[derive(FromRow)]
struct NoticeRow {
    id: String,
    #[sqlx(try_from = "String")]
    status: domain_wasm::booking::Status,
    service_title: String,
    duration_minutes: i64,
    #[sqlx(try_from = "i64")]
    price_paise: Paise,
    start_at: DateTime<Utc>,
    end_at: DateTime<Utc>,
    note: String,
    respond_by: Option<DateTime<Utc>>,
    pay_by: Option<DateTime<Utc>>,
    meeting_url: Option<String>,
    sequence: i64,
    cancelled_by: Option<String>,
    cancel_reason: Option<String>,
    no_show_by: Option<String>,
    no_show_choice: Option<String>,
    #[sqlx(try_from = "i64")]
    refund_owed_paise: Paise,
    confirmed_at: Option<DateTime<Utc>>,
    mentor_name: String,
    learner_name: String,
    learner_email: String,
    learner_zone: String,
    mentor_user_name: Option<String>,
    mentor_email: Option<String>,
    mentor_zone: Option<String>,
}

const SELECT: &str = "SELECT b.id, b.status, b.service_title, b.duration_minutes, b.price_paise, \
       b.start_at, b.end_at, b.note, b.respond_by, b.pay_by, b.meeting_url, b.sequence, \
       b.cancelled_by, b.cancel_reason, b.no_show_by, b.no_show_choice, b.refund_owed_paise, \
       b.confirmed_at, m.name AS mentor_name, \
       lu.name AS learner_name, lu.email AS learner_email, lu.time_zone AS learner_zone, \
       mu.name AS mentor_user_name, mu.email AS mentor_email, mu.time_zone AS mentor_zone \
     FROM bookings b \
     JOIN users lu ON lu.id = b.learner_id \
     JOIN mentors m ON m.id = b.mentor_id \
     LEFT JOIN users mu ON mu.id = m.user_id \
     WHERE b.id = $1";

impl From<NoticeRow> for BookingNotice {
    fn from(r: NoticeRow) -> BookingNotice {
        let mentor = match (r.mentor_email, r.mentor_zone) {
            (Some(email), Some(time_zone)) => Some(Recipient {
                // The account's name, or the catalogue's when it has none.
                name: r
                    .mentor_user_name
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| r.mentor_name.clone()),
                email,
                time_zone,
            }),
            _ => None,
        };
        BookingNotice {
            id: r.id,
            status: r.status,
            service_title: r.service_title,
            duration_minutes: r.duration_minutes,
            price_paise: r.price_paise,
            start: r.start_at,
            end: r.end_at,
            note: r.note,
            respond_by: r.respond_by,
            pay_by: r.pay_by,
            meeting_url: r.meeting_url,
            sequence: r.sequence,
            cancelled_by: r.cancelled_by,
            cancel_reason: r.cancel_reason,
            no_show_by: r.no_show_by,
            no_show_choice: r.no_show_choice,
            refund_owed_paise: r.refund_owed_paise,
            confirmed_at: r.confirmed_at,
            mentor_name: r.mentor_name,
            learner: Recipient {
                name: r.learner_name,
                email: r.learner_email,
                time_zone: r.learner_zone,
            },
            mentor,
        }
    }
}

impl Tx {
    /// Booking `id` with its people, as this unit of work sees it.
    pub async fn booking_notice(&mut self, id: &str) -> Result<Option<BookingNotice>, StoreError> {
        let row: Option<NoticeRow> = on_tx!(self, conn => sqlx::query_as(SELECT)
            .bind(id)
            .fetch_optional(conn)
            .await)?;
        Ok(row.map(BookingNotice::from))
    }
}

impl Store {
    /// Booking `id` with its people.
    pub async fn booking_notice(&self, id: &str) -> Result<Option<BookingNotice>, StoreError> {
        let row: Option<NoticeRow> = on_pool!(self, pool => sqlx::query_as(SELECT)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        Ok(row.map(BookingNotice::from))
    }
}

//! In-app notifications (issue 24): the caller's list, unread count, read
//! marks and e-mail preferences, and the live stream of new ones. Every
//! operation is the signed-in caller's own; no one reads another's.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain_wasm::notifications::{self as rules, DEFAULT_PAGE, MAX_PAGE};
use futures_util::stream::{self, BoxStream, StreamExt};
use poem::web::sse::Event;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::{EventStream, Json};
use poem_openapi::types::ToJSON;
use poem_openapi::{ApiResponse, Object, OpenApi};
use tokio::sync::broadcast;
use tokio::time::Instant;

use super::ApiTags;
use crate::auth::{Caller, SignedIn};
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::state::AppState;
use crate::store::Role;
use crate::store::notifications::Notification;
use crate::store::{Store, StoreError};

/// How often a stream says it is alive when nothing happens (a comment
/// line, which clients ignore and proxies see as traffic).
pub const HEARTBEAT: Duration = Duration::from_secs(15);
/// How often a stream reads again without being woken: what a lost wake
/// (PostgreSQL's connection dropped) costs at most.
const RECHECK: Duration = Duration::from_secs(10);
/// How long one stream lives: then the client connects again with its
/// current token and the last id, so a session that ended stops hearing.
pub const LIFETIME: Duration = Duration::from_secs(300);

pub struct NotificationsApi {
    pub state: Arc<AppState>,
}

/// One notification.
#[derive(Debug, Clone, Object)]
pub struct NotificationOut {
    /// Increases with each notification; the stream's event id.
    pub id: i64,
    /// What it is about: one of the kinds of the preferences, or another
    /// kind whose e-mail is always sent (`booking_confirmed`, `payout_paid`, …).
    pub kind: String,
    pub title: String,
    pub body: String,
    /// The page it is about: a path in the web app (`/my-bookings/…`).
    pub link: String,
    /// RFC 3339, UTC.
    pub created_at: DateTime<Utc>,
    /// When it was first marked read; absent while unread.
    #[oai(skip_serializing_if_is_none)]
    pub read_at: Option<DateTime<Utc>>,
}

impl From<Notification> for NotificationOut {
    fn from(n: Notification) -> Self {
        NotificationOut {
            id: n.id,
            kind: n.kind,
            title: n.title,
            body: n.body,
            link: n.link,
            created_at: n.created_at,
            read_at: n.read_at,
        }
    }
}

/// How many are unread.
#[derive(Debug, Clone, Object)]
pub struct UnreadCount {
    pub count: i64,
}

/// Whether a kind's e-mail is sent as well as the in-app notification.
#[derive(Debug, Clone, Object)]
pub struct EmailChoice {
    pub email: bool,
    /// What the kind is about, in the preferences' words.
    pub label: String,
    /// Where it comes in the preferences' list (from 1).
    pub position: i64,
}

/// A choice as sent: whether to send this kind's e-mail too.
#[derive(Debug, Clone, Object)]
pub struct EmailChoiceIn {
    pub email: bool,
}

#[derive(ApiResponse)]
pub enum ListResponse {
    /// Newest first.
    #[oai(status = 200)]
    Ok(Json<Vec<NotificationOut>>),
    /// `limit` is not from 1 to 100, or `before` not a whole number from 1.
    #[oai(status = 400)]
    Invalid(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum CountResponse {
    #[oai(status = 200)]
    Ok(Json<UnreadCount>),
}

#[derive(ApiResponse)]
pub enum ReadResponse {
    #[oai(status = 204)]
    Read,
    /// Not one of the caller's notifications.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum AllReadResponse {
    #[oai(status = 204)]
    Read,
}

#[derive(ApiResponse)]
pub enum PreferencesResponse {
    /// Every kind whose e-mail may be turned off, with the caller's choice.
    #[oai(status = 200)]
    Ok(Json<BTreeMap<String, EmailChoice>>),
    /// Under a kind: there is no such kind, or its e-mail is always sent.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
}

#[derive(ApiResponse)]
pub enum StreamResponse {
    /// Each new notification as an event (`id:` its id, `event:
    /// notification`, `data:` its JSON), oldest first, then a heartbeat
    /// comment every 15 seconds; the stream ends after five minutes and
    /// the client connects again with the last id.
    #[oai(status = 200)]
    Ok(
        EventStream<BoxStream<'static, NotificationOut>>,
        /// `no`: a proxy (nginx) passes events on at once.
        #[oai(header = "X-Accel-Buffering")]
        String,
        #[oai(header = "Cache-Control")] String,
    ),
    /// `last_event_id` is not a whole number from 0.
    #[oai(status = 400)]
    Invalid(Json<Detail>),
}

#[OpenApi(prefix_path = "/api/notifications", tag = "ApiTags::Notifications")]
impl NotificationsApi {
    /// The caller's notifications, newest first: `limit` of them (20 when
    /// not given, at most 100), before the id `before` when given (the
    /// next page starts before the last one's id).
    #[oai(path = "/", method = "get", operation_id = "listNotifications")]
    async fn list(
        &self,
        auth: SignedIn,
        #[oai(validator(minimum(value = "1")))] before: Query<Option<i64>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))] limit: Query<Option<i64>>,
    ) -> poem::Result<ListResponse> {
        // The schema holds it from 1 to MAX_PAGE; kept in range regardless.
        let limit = limit.0.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_PAGE);
        let list = self
            .state
            .store
            .notifications(auth.0.user.id, before.0, limit)
            .await?;
        Ok(ListResponse::Ok(Json(
            list.into_iter().map(NotificationOut::from).collect(),
        )))
    }

    /// How many of the caller's notifications are unread (the bell's count).
    #[oai(
        path = "/unread-count/",
        method = "get",
        operation_id = "countUnreadNotifications"
    )]
    async fn unread_count(&self, auth: SignedIn) -> poem::Result<CountResponse> {
        let count = self
            .state
            .store
            .unread_notifications(auth.0.user.id)
            .await?;
        Ok(CountResponse::Ok(Json(UnreadCount { count })))
    }

    /// Marks one of the caller's notifications read.
    #[oai(
        path = "/:id/read/",
        method = "post",
        operation_id = "markNotificationRead"
    )]
    async fn read(&self, auth: SignedIn, id: Path<String>) -> poem::Result<ReadResponse> {
        // An id that is not a number names no notification.
        let Ok(id) = id.0.parse::<i64>() else {
            return Ok(ReadResponse::NotFound(Json(Detail::not_found())));
        };
        let now = self.state.clock.now();
        match self
            .state
            .store
            .mark_notification_read(auth.0.user.id, id, now)
            .await
        {
            Ok(()) => Ok(ReadResponse::Read),
            Err(StoreError::NotFound) => Ok(ReadResponse::NotFound(Json(Detail::not_found()))),
            Err(e) => Err(e.into()),
        }
    }

    /// Marks every notification of the caller's read.
    #[oai(
        path = "/read-all/",
        method = "post",
        operation_id = "markAllNotificationsRead"
    )]
    async fn read_all(&self, auth: SignedIn) -> poem::Result<AllReadResponse> {
        let now = self.state.clock.now();
        self.state
            .store
            .mark_all_notifications_read(auth.0.user.id, now)
            .await?;
        Ok(AllReadResponse::Read)
    }

    /// Which e-mails the caller receives besides the in-app notifications:
    /// every kind that may be turned off (`true` unless they did). E-mails
    /// that carry money, a meeting link or a deadline are always sent and
    /// are not listed.
    #[oai(
        path = "/preferences/",
        method = "get",
        operation_id = "getNotificationPreferences"
    )]
    async fn preferences(&self, auth: SignedIn) -> poem::Result<PreferencesResponse> {
        Ok(PreferencesResponse::Ok(Json(
            choices(&self.state.store, &auth.0).await?,
        )))
    }

    /// Changes the caller's choices, kind by kind (kinds not sent keep
    /// theirs); answers with all of them.
    #[oai(
        path = "/preferences/",
        method = "put",
        operation_id = "setNotificationPreferences"
    )]
    async fn set_preferences(
        &self,
        auth: SignedIn,
        body: Json<BTreeMap<String, EmailChoiceIn>>,
    ) -> poem::Result<PreferencesResponse> {
        let sent: BTreeMap<String, bool> = body.0.into_iter().map(|(k, c)| (k, c.email)).collect();
        let parsed = match rules::parse_preferences(&sent) {
            Ok(parsed) => parsed,
            Err(errors) => return Ok(PreferencesResponse::Invalid(Json(errors))),
        };
        self.state
            .store
            .set_notification_preferences(auth.0.user.id, &parsed)
            .await?;
        Ok(PreferencesResponse::Ok(Json(
            choices(&self.state.store, &auth.0).await?,
        )))
    }

    /// The caller's new notifications as they happen (server-sent events),
    /// with the `Authorization` header like every call (a client reads it
    /// with `fetch`). It starts after `last_event_id` (or a `Last-Event-ID`
    /// header that holds an id) when given, so a reconnect misses nothing;
    /// otherwise with what comes next.
    #[oai(
        path = "/stream/",
        method = "get",
        operation_id = "streamNotifications"
    )]
    async fn stream(
        &self,
        auth: SignedIn,
        #[oai(validator(minimum(value = "0")))] last_event_id: Query<Option<i64>>,
        #[oai(name = "Last-Event-ID")] last_event_header: Header<Option<String>>,
    ) -> poem::Result<StreamResponse> {
        // The header is as the browser kept it: an empty or foreign one is
        // no id (the stream starts with what comes next).
        let given = last_event_id.0.or_else(|| {
            last_event_header
                .0
                .as_deref()
                .and_then(|h| h.trim().parse::<i64>().ok())
                .filter(|id| *id >= 0)
        });
        let user = auth.0.user.id;
        let store = self.state.store.clone();
        // Woken first, read second: nothing committed in between is missed.
        let wakes = store.notification_signal();
        let after = match given {
            Some(id) if id < 0 => return Ok(invalid_last_id()),
            Some(id) => id,
            None => store.latest_notification_id(user).await?,
        };
        let events = live(store, user, after, wakes).boxed();
        Ok(StreamResponse::Ok(
            EventStream::new(events)
                .keep_alive(HEARTBEAT)
                .to_event(|n: NotificationOut| {
                    Event::message(n.to_json_string())
                        .event_type("notification")
                        .id(n.id.to_string())
                }),
            "no".to_owned(),
            "no-cache".to_owned(),
        ))
    }
}

fn invalid_last_id() -> StreamResponse {
    StreamResponse::Invalid(Json(Detail::new(
        "last_event_id must be a whole number from 0.",
    )))
}

/// Every kind whose e-mail may be turned off and that can reach this
/// person (a mentor's kinds for mentors, an administrator's for them), with
/// their choice.
async fn choices(
    store: &Store,
    caller: &Caller,
) -> Result<BTreeMap<String, EmailChoice>, StoreError> {
    let user = caller.user.id;
    let mentor = caller.user.role == Role::Mentor || caller.user.mentor_id.is_some();
    let admin = caller.user.role == Role::Admin;
    let stored: BTreeMap<String, bool> = store
        .notification_preferences(user)
        .await?
        .into_iter()
        .collect();
    Ok(rules::optional_kinds()
        .filter(|k| rules::reaches(k, mentor, admin))
        .zip(1..)
        .map(|(k, position)| {
            let email = stored.get(k.kind).copied().unwrap_or(true);
            let label = k.label.to_owned();
            (
                k.kind.to_owned(),
                EmailChoice {
                    email,
                    label,
                    position,
                },
            )
        })
        .collect())
}

/// What a stream holds between events.
struct Live {
    store: Store,
    user: i64,
    /// The last id sent (or the one it started after).
    after: i64,
    wakes: broadcast::Receiver<i64>,
    pending: VecDeque<NotificationOut>,
    ends: Instant,
}

/// The person's notifications after `after`, as they are committed: read
/// again when this process commits one of theirs (or PostgreSQL says
/// another did), and every few seconds regardless; ends after [`LIFETIME`]
/// or when the store cannot be read.
fn live(
    store: Store,
    user: i64,
    after: i64,
    wakes: broadcast::Receiver<i64>,
) -> impl futures_util::Stream<Item = NotificationOut> + Send + 'static {
    let start = Live {
        store,
        user,
        after,
        wakes,
        pending: VecDeque::new(),
        ends: Instant::now() + LIFETIME,
    };
    stream::unfold((start, true), |(mut live, mut read_now)| async move {
        loop {
            if let Some(next) = live.pending.pop_front() {
                return Some((next, (live, read_now)));
            }
            if read_now {
                match live
                    .store
                    .notifications_after(live.user, live.after, MAX_PAGE)
                    .await
                {
                    Ok(found) => {
                        if let Some(last) = found.last() {
                            live.after = last.id;
                        }
                        // A full page: read again straight after sending it.
                        read_now = i64::try_from(found.len()).unwrap_or(0) == MAX_PAGE;
                        live.pending
                            .extend(found.into_iter().map(NotificationOut::from));
                        continue;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "a notification stream cannot read; it ends");
                        return None;
                    }
                }
            }
            tokio::select! {
                woken = live.wakes.recv() => match woken {
                    // Theirs, or everyone's (0: the listener reconnected).
                    Ok(user) if user == live.user || user == 0 => read_now = true,
                    Ok(_) => {}
                    Err(broadcast::error::RecvError::Lagged(_)) => read_now = true,
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                () = tokio::time::sleep(RECHECK) => read_now = true,
                () = tokio::time::sleep_until(live.ends) => return None,
            }
        }
    })
}

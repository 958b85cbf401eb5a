//! The authorization matrix (issue 10): every operation of the served
//! OpenAPI document, called by every kind of caller, with the answer each
//! must get. Callers are real accounts with real tokens from
//! `POST /api/login/`: the demo learner, mentor and admin, another learner
//! and another mentor (with a mentor profile of their own), and a guest
//! without a token. Path parameters are real ids: the caller's own object
//! or someone else's. A forged token, a refresh token sent as an access
//! token and a token that is no token get what a guest gets.
//!
//! An operation in the document without a row fails the test, and so does
//! a row without an operation: every endpoint a change adds must say here
//! who may call it. Every answer seen must also be one the document lists
//! for the operation.
//!
//! One server per engine, attempt limits off; runs on SQLite and PostgreSQL.

use crate::common;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use common::{Engine, Options, TestApp, spawn_app_with};
use serde_json::{Value, json};

/// What a caller gets from an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Served: a 2xx, or an answer about the request itself that the
    /// document lists (400 for a bad body, 409), never 401, 403 or 404.
    Allowed,
    /// 401: not signed in (or not a valid signature).
    Unauthenticated,
    /// 403: signed in, but not this caller's role.
    Forbidden,
    /// 404: someone else's object (its existence is not revealed).
    NotFound,
}

const A: Answer = Answer::Allowed;
const U: Answer = Answer::Unauthenticated;
const F: Answer = Answer::Forbidden;
const N: Answer = Answer::NotFound;

impl Answer {
    fn admits(self, status: u16) -> bool {
        match self {
            Answer::Allowed => matches!(status, 200..=399 | 400 | 409),
            Answer::Unauthenticated => status == 401,
            Answer::Forbidden => status == 403,
            Answer::NotFound => status == 404,
        }
    }
}

/// The people who call the API, in the order of a row's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Who {
    Guest,
    Learner,
    OtherLearner,
    Mentor,
    OtherMentor,
    Admin,
}

const PEOPLE: [Who; 6] = [
    Who::Guest,
    Who::Learner,
    Who::OtherLearner,
    Who::Mentor,
    Who::OtherMentor,
    Who::Admin,
];

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Who::Guest => "guest",
            Who::Learner => "learner",
            Who::OtherLearner => "another learner",
            Who::Mentor => "mentor",
            Who::OtherMentor => "another mentor",
            Who::Admin => "admin",
        })
    }
}

/// A call from outside (a payment provider's webhook), signed instead of
/// signed in. None exists yet; a row for one says how a body is signed and
/// what a valid and a bad signature get (a bad one is a real signature of
/// another body). The people's answers for such a row are usually 401.
struct Webhook {
    /// The header and value that sign `body` correctly.
    sign: fn(body: &[u8]) -> (&'static str, String),
    valid: Answer,
    bad: Answer,
}

/// One operation: who may call it.
struct Row {
    method: &'static str,
    /// As the document spells it, e.g. `/api/mentors/{id}/`.
    path: &'static str,
    /// Guest, learner, another learner, mentor, another mentor, admin.
    people: [Answer; 6],
    /// `Some` for a webhook.
    webhook: Option<Webhook>,
    /// What each caller sends: the path with real ids, a query, a body.
    call: fn(&World, Who) -> Call,
}

/// A request of a row, for one caller.
#[derive(Default)]
struct Call {
    /// The path with its parameters (and query); the row's path when `None`.
    path: Option<String>,
    body: Option<Value>,
    /// A bearer token instead of the caller's usual one.
    token: Option<String>,
    /// A body that is not JSON: its `Content-Type` and bytes (an upload).
    raw: Option<(String, Vec<u8>)>,
}

fn plain(_: &World, _: Who) -> Call {
    Call::default()
}

fn at(path: String) -> Call {
    Call {
        path: Some(path),
        ..Call::default()
    }
}

/// A `multipart/form-data` body with a small real PNG in its `photo`
/// field, as the photo uploads take.
fn photo(_: &World, _: Who) -> Call {
    let mut png = std::io::Cursor::new(Vec::new());
    image::DynamicImage::new_rgb8(64, 64)
        .write_to(&mut png, image::ImageFormat::Png)
        .expect("a PNG");
    let boundary = "matrix-boundary-7d2f";
    let mut bytes = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    bytes.extend_from_slice(png.get_ref());
    bytes.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    Call {
        raw: Some((format!("multipart/form-data; boundary={boundary}"), bytes)),
        ..Call::default()
    }
}

fn body(value: Value) -> Call {
    Call {
        body: Some(value),
        ..Call::default()
    }
}

/// Every operation of the API and who may call it. Add a row with each
/// new operation.
fn matrix() -> Vec<Row> {
    let public = [A, A, A, A, A, A];
    let signed_in = [U, A, A, A, A, A];
    let admin_only = [U, F, F, F, F, A];
    let mentors_only = [U, F, F, A, A, F];
    let row = |method, path, people, call| Row {
        method,
        path,
        people,
        webhook: None,
        call,
    };
    vec![
        // In-app notifications (issue 24): each caller's own.
        row("GET", "/api/notifications/", signed_in, plain),
        row("GET", "/api/notifications/unread-count/", signed_in, plain),
        row("POST", "/api/notifications/read-all/", signed_in, plain),
        row("GET", "/api/notifications/preferences/", signed_in, plain),
        row(
            "PUT",
            "/api/notifications/preferences/",
            signed_in,
            |_, _| body(json!({"booking_declined": {"email": false}})),
        ),
        row("GET", "/api/notifications/stream/", signed_in, |_, _| {
            at("/api/notifications/stream/?last_event_id=0".into())
        }),
        // Only the learner's own notification is there for them.
        row(
            "POST",
            "/api/notifications/{id}/read/",
            [U, A, N, N, N, N],
            |w, _| {
                at(format!(
                    "/api/notifications/{}/read/",
                    w.learner_notification
                ))
            },
        ),
        // The public catalogue and site.
        row("GET", "/api/mentors/", public, plain),
        // A mentor reads their own public profile; everyone else the demo
        // mentor's (someone else's, and public all the same).
        row("GET", "/api/mentors/{id}/", public, |w, who| {
            at(format!("/api/mentors/{}/", w.profile_for(who)))
        }),
        // Anyone reads a mentor's open slots (issue 11): here the demo
        // mentor's, of the service they keep.
        row("GET", "/api/mentors/{id}/slots/", public, |w, _| {
            at(format!(
                "/api/mentors/{}/slots/?service={}",
                w.profile_for(Who::Mentor),
                w.mentor_services.own
            ))
        }),
        // Anyone reads a mentor's reviews (issue 12).
        row("GET", "/api/mentors/{id}/reviews/", public, |w, _| {
            at(format!(
                "/api/mentors/{}/reviews/",
                w.profile_for(Who::Mentor)
            ))
        }),
        row("GET", "/api/explorer/", public, |_, _| {
            at("/api/explorer/?category=technology&seed=7&rotation=1".into())
        }),
        row("GET", "/api/stats/", public, plain),
        row("GET", "/api/config/", public, plain),
        row("POST", "/api/contact/", public, |w, who| {
            body(json!({
                "name": "Matrix Caller",
                "email": w.email_of(who),
                "subject": "Who may write",
                "message": "Anyone may send the team a message.",
            }))
        }),
        row("POST", "/api/b2b/quote/", public, |w, who| {
            body(json!({
                "name": "Matrix Caller",
                "email": w.email_of(who),
                "company": "Matrix Ltd",
                "programme": "ceo-talks",
                "message": "Anyone may ask for a custom quote.",
            }))
        }),
        // Accounts: the forms anyone may send (signed in or not).
        row("POST", "/auth/users/", public, |_, who| {
            body(json!({
                "name": "New Person",
                "email": format!("new-{}@example.com", slug(who)),
                "password": PASSWORD,
                "re_password": PASSWORD,
            }))
        }),
        // A link that opens nothing: 400 under `uid`, for anyone.
        row("POST", "/auth/users/activation/", public, |_, _| {
            body(json!({"uid": "nobody", "token": "no-token"}))
        }),
        row(
            "POST",
            "/auth/users/resend_activation/",
            public,
            |w, who| body(json!({"email": w.email_of(who)})),
        ),
        row("POST", "/api/login/", public, |w, who| {
            let (email, password) = w.credentials_for(who);
            body(json!({"email": email, "password": password}))
        }),
        // The caller's own refresh token (a guest has none: 400).
        row("POST", "/auth/jwt/refresh/", public, |w, who| {
            match w.account(who) {
                Some(a) => body(json!({"refresh": a.refresh})),
                None => body(json!({})),
            }
        }),
        // Ends a spare session of the caller's, so the usual one lives on.
        row("POST", "/api/logout/", public, |w, who| {
            match w.account(who) {
                Some(a) => Call {
                    body: Some(json!({"refresh": a.spare_refresh})),
                    token: Some(a.spare_token.clone()),
                    ..Call::default()
                },
                None => body(json!({})),
            }
        }),
        row("POST", "/auth/users/reset_password/", public, |w, who| {
            body(json!({"email": w.email_of(who)}))
        }),
        row(
            "POST",
            "/auth/users/reset_password_confirm/",
            public,
            |_, _| body(json!({"uid": "nobody", "token": "no-token", "new_password": PASSWORD})),
        ),
        row(
            "POST",
            "/api/accounts/check-user-auth-type/",
            public,
            |w, who| body(json!({"email": w.email_of(who)})),
        ),
        // Google is not set up on the test server: 400 for anyone.
        row("POST", "/api/accounts/google-auth/", public, |_, _| {
            body(json!({"credential": "not-a-google-token"}))
        }),
        // Accounts: the signed-in caller's own account (no id in the path:
        // nobody can name someone else's).
        row("GET", "/auth/users/me/", signed_in, plain),
        row("PATCH", "/auth/users/me/", signed_in, |w, who| {
            body(json!({"name": w.account(who).map_or("Nobody", |a| a.name.as_str())}))
        }),
        row(
            "POST",
            "/api/accounts/complete-profile/",
            signed_in,
            |_, _| body(json!({"contact_number": "+919876500123"})),
        ),
        // Google is not set up on the test server: 400 once signed in.
        row("POST", "/api/accounts/google-link/", signed_in, |_, _| {
            body(json!({"credential": "not-a-google-token"}))
        }),
        // Only for an account that signs in with Google and has no password
        // yet (it e-mails a link); the others are told they have one (400).
        row("POST", "/api/accounts/set-password-link/", signed_in, plain),
        // An empty body: 400 (fields required) once past the token check;
        // the password itself stays as it is.
        row("POST", "/auth/users/set_password/", signed_in, |_, _| {
            body(json!({}))
        }),
        // Becoming a mentor (issue 11). Learners apply (201); mentors and
        // administrators may not (409).
        row("POST", "/api/mentor-applications/", signed_in, |w, who| {
            body(mentor_application(&w.email_of(who)))
        }),
        // A guest applies with a new account; the endpoint reads no token,
        // so anyone may (each with an address of their own).
        row(
            "POST",
            "/api/mentor-applications/with-account/",
            public,
            |_, who| {
                let mut b = mentor_application(&format!("applicant-{}@example.com", slug(who)));
                b["password"] = json!(PASSWORD);
                body(b)
            },
        ),
        // The caller's own applications: a list for everyone signed in
        // (empty for those who never applied).
        row("GET", "/api/mentor-applications/", signed_in, plain),
        // The caller's own latest application: the learners applied in the
        // row above; the others have none (404).
        row(
            "GET",
            "/api/mentor-applications/mine/",
            [U, A, A, N, N, N],
            plain,
        ),
        // Photo uploads (issue 11): anyone signed in for an application;
        // a mentor for their own profile.
        row("POST", "/api/mentor-applications/photo/", signed_in, photo),
        row("POST", "/api/mentor/photo/", mentors_only, photo),
        // The administrators' queue. The application is one an
        // administrator already rejected: 409 to deciding it again.
        row("GET", "/api/admin/mentor-applications/", admin_only, plain),
        row(
            "GET",
            "/api/admin/mentor-applications/{id}/",
            admin_only,
            |w, _| {
                at(format!(
                    "/api/admin/mentor-applications/{}/",
                    w.application_id
                ))
            },
        ),
        row(
            "POST",
            "/api/admin/mentor-applications/{id}/approve/",
            admin_only,
            |w, _| {
                at(format!(
                    "/api/admin/mentor-applications/{}/approve/",
                    w.application_id
                ))
            },
        ),
        row(
            "POST",
            "/api/admin/mentor-applications/{id}/reject/",
            admin_only,
            |w, _| Call {
                path: Some(format!(
                    "/api/admin/mentor-applications/{}/reject/",
                    w.application_id
                )),
                body: Some(json!({"reason": "Decided already."})),
                ..Call::default()
            },
        ),
        // The mentor's dashboard (issue 11): the caller's own profile,
        // services and availability, for mentors only. A service id is
        // the demo mentor's: another mentor gets 404.
        row("GET", "/api/mentor/profile/", mentors_only, plain),
        row("PATCH", "/api/mentor/profile/", mentors_only, |_, _| {
            body(json!({}))
        }),
        row("GET", "/api/mentor/services/", mentors_only, plain),
        row("POST", "/api/mentor/services/", mentors_only, |_, _| {
            body(json!({"title": "Matrix session", "duration_minutes": 30, "price_paise": 50000}))
        }),
        row(
            "PATCH",
            "/api/mentor/services/{id}/",
            [U, F, F, A, N, F],
            |w, _| Call {
                path: Some(format!("/api/mentor/services/{}/", w.mentor_services.own)),
                body: Some(json!({"active": true})),
                ..Call::default()
            },
        ),
        // A service made for this row: the demo mentor retires it (204).
        row(
            "DELETE",
            "/api/mentor/services/{id}/",
            [U, F, F, A, N, F],
            |w, _| at(format!("/api/mentor/services/{}/", w.mentor_services.spare)),
        ),
        row("GET", "/api/mentor/availability/", mentors_only, plain),
        row("PUT", "/api/mentor/availability/", mentors_only, |_, _| {
            body(json!({
                "time_zone": "Asia/Kolkata",
                "weekly": [{"weekday": 0, "start": "09:00", "end": "17:00"}],
                "booking_window_days": 30,
            }))
        }),
        // The platform's commission, for administrators.
        row("GET", "/api/admin/commission/", admin_only, plain),
        row("PUT", "/api/admin/commission/", admin_only, |_, _| {
            body(json!({"default_bps": 1500}))
        }),
        row(
            "PUT",
            "/api/admin/commission/mentors/{mentor_id}/",
            admin_only,
            |w, _| Call {
                path: Some(format!(
                    "/api/admin/commission/mentors/{}/",
                    w.profile_for(Who::Mentor)
                )),
                body: Some(json!({"rate_bps": 1200})),
                ..Call::default()
            },
        ),
        row(
            "DELETE",
            "/api/admin/commission/mentors/{mentor_id}/",
            admin_only,
            |w, _| {
                at(format!(
                    "/api/admin/commission/mentors/{}/",
                    w.profile_for(Who::Mentor)
                ))
            },
        ),
        // Bookings (issue 12). Anyone signed in books (the demo mentor's
        // own service is a 400, a slot already taken a 409); a booking is
        // seen by its learner (the demo learner), its mentor (the demo
        // mentor) and administrators; anyone else gets 404. What the
        // transition table refuses is a 409 (allowed: the caller was heard).
        row("POST", "/api/bookings/", signed_in, |w, _| {
            body(json!({
                "service_id": w.booking.service_id,
                "start": w.booking.open_slot,
            }))
        }),
        row("GET", "/api/bookings/", signed_in, plain),
        // What waits for the caller (issue 21): their own, for anyone signed in.
        row("GET", "/api/me/attention/", signed_in, plain),
        row("GET", "/api/bookings/{id}/", [U, A, N, A, N, A], |w, _| {
            at(format!("/api/bookings/{}/", w.booking.id))
        }),
        row(
            "GET",
            "/api/bookings/{id}/calendar.ics",
            [U, A, N, A, N, N],
            |w, _| at(format!("/api/bookings/{}/calendar.ics", w.booking.id)),
        ),
        row(
            "POST",
            "/api/bookings/{id}/accept/",
            [U, A, N, A, N, A],
            |w, _| at(format!("/api/bookings/{}/accept/", w.booking.id)),
        ),
        row(
            "POST",
            "/api/bookings/{id}/decline/",
            [U, A, N, A, N, A],
            |w, _| booking_call(w, "decline", json!({"reason": "Matrix"})),
        ),
        row(
            "POST",
            "/api/bookings/{id}/reschedule/",
            [U, A, N, A, N, A],
            |w, _| booking_call(w, "reschedule", json!({"start": w.booking.open_slot})),
        ),
        row(
            "POST",
            "/api/bookings/{id}/no-show/",
            [U, A, N, A, N, A],
            |w, _| booking_call(w, "no-show", json!({"choice": "refund"})),
        ),
        row(
            "POST",
            "/api/bookings/{id}/feedback/",
            [U, A, N, A, N, A],
            |w, _| booking_call(w, "feedback", json!({"rating": 5, "text": "Matrix"})),
        ),
        row(
            "POST",
            "/api/bookings/{id}/cancel/",
            [U, A, N, A, N, A],
            |w, _| booking_call(w, "cancel", json!({"reason": "Matrix"})),
        ),
        // Payments (issue 12). Only the booking's learner pays: its mentor
        // and administrators get 403, anyone else 404. The callback of an
        // order nobody could have signed is a 400 for everyone signed in.
        // The sandbox's order (the fixture's) is its learner's alone.
        row(
            "POST",
            "/api/bookings/{id}/checkout/",
            [U, A, N, F, N, F],
            |w, _| booking_call(w, "checkout", json!({})),
        ),
        row("POST", "/api/payments/verify/", signed_in, |_, _| {
            body(json!({
                "razorpay_order_id": "order_matrix",
                "razorpay_payment_id": "pay_matrix",
                "razorpay_signature": "00",
            }))
        }),
        row(
            "GET",
            "/api/payments/sandbox/{order_id}/",
            [U, A, N, N, N, N],
            |w, _| {
                at(format!(
                    "/api/payments/sandbox/{}/",
                    w.booking.sandbox_order
                ))
            },
        ),
        row(
            "POST",
            "/api/payments/sandbox/{order_id}/pay/",
            [U, A, N, N, N, N],
            |w, _| Call {
                path: Some(format!(
                    "/api/payments/sandbox/{}/pay/",
                    w.booking.sandbox_order
                )),
                body: Some(json!({"method": "upi", "outcome": "success"})),
                ..Call::default()
            },
        ),
        // Money (issue 13). Only the booking's learner asks for a refund
        // (the fixture's open request makes it a 409); its parties and an
        // administrator see its refunds; receipts are the learner's.
        row(
            "POST",
            "/api/bookings/{id}/refund-request/",
            [U, A, N, N, N, N],
            |w, _| booking_call(w, "refund-request", json!({"reason": "Matrix"})),
        ),
        row(
            "GET",
            "/api/bookings/{id}/refunds/",
            [U, A, N, A, N, A],
            |w, _| at(format!("/api/bookings/{}/refunds/", w.booking.id)),
        ),
        row(
            "GET",
            "/api/bookings/{id}/receipts/",
            [U, A, N, N, N, A],
            |w, _| at(format!("/api/bookings/{}/receipts/", w.booking.id)),
        ),
        row(
            "GET",
            "/api/receipts/{number}/",
            [U, A, N, N, N, A],
            |_, _| at(format!("/api/receipts/{MATRIX_RECEIPT}/")),
        ),
        row("GET", "/api/admin/refunds/", admin_only, plain),
        // An amount of 0 and an empty reason are the administrator's 400s:
        // the fixture's request stays open for every caller.
        row(
            "POST",
            "/api/admin/refunds/{id}/approve/",
            admin_only,
            |_, _| Call {
                path: Some("/api/admin/refunds/matrix-refund/approve/".into()),
                body: Some(json!({"amount_paise": 0})),
                ..Call::default()
            },
        ),
        row(
            "POST",
            "/api/admin/refunds/{id}/reject/",
            admin_only,
            |_, _| Call {
                path: Some("/api/admin/refunds/matrix-refund/reject/".into()),
                body: Some(json!({"reason": ""})),
                ..Call::default()
            },
        ),
        // No-shows settled by contest (issue 20). A booking's report is
        // seen by its parties and administrators (the fixture has none: an
        // empty answer); the contest is heard from them (nothing reported
        // is a 409); the dispute queue and its decisions are the
        // administrators' (no outcome is their 400).
        row(
            "GET",
            "/api/bookings/{id}/no-show/report/",
            [U, A, N, A, N, A],
            |w, _| at(format!("/api/bookings/{}/no-show/report/", w.booking.id)),
        ),
        row(
            "POST",
            "/api/bookings/{id}/no-show/contest/",
            [U, A, N, A, N, A],
            |w, _| booking_call(w, "no-show/contest", json!({"statement": "Matrix"})),
        ),
        row("GET", "/api/admin/disputes/", admin_only, plain),
        row(
            "POST",
            "/api/admin/disputes/{id}/decide/",
            admin_only,
            |w, _| Call {
                path: Some(format!("/api/admin/disputes/{}/decide/", w.booking.id)),
                body: Some(json!({})),
                ..Call::default()
            },
        ),
        // Signed webhooks (issue 25): administrators only.
        row("GET", "/api/admin/webhooks/", admin_only, plain),
        row("GET", "/api/admin/webhooks/events/", admin_only, plain),
        row("POST", "/api/admin/webhooks/", admin_only, |_, _| {
            body(json!({"url": "http://127.0.0.1:9/hooks", "events": ["booking.confirmed"]}))
        }),
        row("PATCH", "/api/admin/webhooks/{id}/", admin_only, |w, _| {
            Call {
                path: Some(format!("/api/admin/webhooks/{}/", w.webhook_endpoint)),
                body: Some(json!({"description": "Changed"})),
                ..Call::default()
            }
        }),
        // Another endpoint: the one the others use stays.
        row("DELETE", "/api/admin/webhooks/{id}/", admin_only, |w, _| {
            at(format!("/api/admin/webhooks/{}/", w.webhook_endpoint + 1))
        }),
        row(
            "GET",
            "/api/admin/webhooks/{id}/deliveries/",
            admin_only,
            |w, _| {
                at(format!(
                    "/api/admin/webhooks/{}/deliveries/",
                    w.webhook_endpoint
                ))
            },
        ),
        row("GET", "/api/admin/ledger/", admin_only, plain),
        row(
            "GET",
            "/api/mentor/payout-details/",
            [U, F, F, A, N, F],
            plain,
        ),
        row(
            "PUT",
            "/api/mentor/payout-details/",
            mentors_only,
            |_, _| {
                body(json!({
                    "method": "upi",
                    "beneficiary_name": "Matrix Mentor",
                    "upi_id": "matrix@okaxis",
                    "schedule": "weekly",
                }))
            },
        ),
        // Nothing pending: mentors get 404 (the matrix's mentors have no details).
        row(
            "DELETE",
            "/api/mentor/payout-details/pending/",
            [U, F, F, N, N, F],
            plain,
        ),
        row(
            "GET",
            "/api/mentor/payouts/tds-statement/",
            mentors_only,
            |_, _| at("/api/mentor/payouts/tds-statement/?fy=2026-27&quarter=Q3".into()),
        ),
        row("GET", "/api/mentor/earnings/", mentors_only, plain),
        row("POST", "/api/admin/payouts/", admin_only, |_, _| {
            body(json!({}))
        }),
        row("GET", "/api/admin/payouts/", admin_only, plain),
        // The sandbox keeps no books to compare: the administrator's 200.
        row("GET", "/api/admin/reconciliation/", admin_only, plain),
        // A batch that does not exist: the role is checked first.
        row(
            "GET",
            "/api/admin/payouts/{id}/",
            [U, F, F, F, F, N],
            |_, _| at("/api/admin/payouts/999999/".into()),
        ),
        row(
            "GET",
            "/api/admin/payouts/{id}/export.csv",
            [U, F, F, F, F, N],
            |_, _| at("/api/admin/payouts/999999/export.csv".into()),
        ),
        row(
            "POST",
            "/api/admin/payouts/{id}/lines/{line_id}/paid/",
            [U, F, F, F, F, N],
            |_, _| at("/api/admin/payouts/999999/lines/1/paid/".into()),
        ),
        row(
            "POST",
            "/api/admin/payouts/{id}/lines/{line_id}/failed/",
            [U, F, F, F, F, N],
            |_, _| Call {
                path: Some("/api/admin/payouts/999999/lines/1/failed/".into()),
                body: Some(json!({"reason": "Matrix"})),
                ..Call::default()
            },
        ),
        // Razorpay's webhook is signed, not signed in: without a valid
        // X-Razorpay-Signature over the raw body everyone gets 400
        // (BOOKING.md), with one 200 (an order not ours: ignored).
        Row {
            method: "POST",
            path: "/api/payments/webhooks/razorpay/",
            people: public,
            webhook: Some(Webhook {
                sign: |body| {
                    let sandbox = api::payments::SandboxGateway::with_server_secret(
                        "test-secret-key-not-used-anywhere-else",
                    );
                    (
                        "x-razorpay-signature",
                        sandbox.sign_webhook_now(body).unwrap_or_default(),
                    )
                },
                valid: A,
                bad: A,
            }),
            call: |_, _| {
                body(json!({
                    "event": "payment.captured",
                    "payload": {"payment": {"entity": {
                        "id": "pay_matrix", "order_id": "order_matrix", "amount": 100,
                    }}},
                }))
            },
        },
    ]
}

/// `POST /api/bookings/{id}/{action}/` of the fixture booking with `value`.
fn booking_call(w: &World, action: &str, value: Value) -> Call {
    Call {
        path: Some(format!("/api/bookings/{}/{action}/", w.booking.id)),
        body: Some(value),
        ..Call::default()
    }
}

const PASSWORD: &str = "Matrix-Rows#2026";

/// A valid application to become a mentor.
fn mentor_application(email: &str) -> Value {
    json!({
        "name": "Matrix Applicant",
        "email": email,
        "phone": "+919876500123",
        "expertise": ["Technology"],
        "experience_years": 5,
        "bio": "Five years of building web services; I help new engineers find their feet.",
        "services": [{"title": "Career chat", "duration_minutes": 30, "price_paise": 50000}],
    })
}

fn slug(who: Who) -> String {
    who.to_string().replace(' ', "-")
}

/// A signed-in caller.
struct Account {
    id: i64,
    email: String,
    password: String,
    name: String,
    token: String,
    refresh: String,
    /// A second session, for the operations that end one.
    spare_token: String,
    spare_refresh: String,
    /// Their mentor profile, for mentors.
    mentor_id: Option<i64>,
}

/// The callers and their objects on one server.
struct World {
    accounts: BTreeMap<Who, Account>,
    /// Tokens that must count for nothing, with who sends them.
    bad_tokens: Vec<(&'static str, String)>,
    /// A mentor application an administrator already rejected.
    application_id: String,
    /// Services of the demo mentor's.
    mentor_services: MentorServices,
    /// A booking of the demo learner's with the demo mentor.
    booking: BookingFixture,
    /// A notification of the demo learner's (about that booking).
    learner_notification: i64,
    /// A webhook endpoint an administrator registered (and another, whose
    /// id is one more, for the removal).
    webhook_endpoint: i64,
}

/// The demo learner's booking of the demo mentor's first service, and
/// another open slot of that service.
struct BookingFixture {
    id: String,
    /// A sandbox order of the booking (payments).
    sandbox_order: String,
    service_id: i64,
    open_slot: String,
}

async fn booking_fixture(app: &TestApp, learner: &Account, mentor: &Account) -> BookingFixture {
    let mentor_id = mentor.mentor_id.expect("the demo mentor has a profile");
    let profile = app.get_json(&format!("/api/mentors/{mentor_id}/")).await;
    let service_id = profile["services"][0]["id"].as_i64().expect("a service");
    let slots = app
        .get_json(&format!(
            "/api/mentors/{mentor_id}/slots/?service={service_id}"
        ))
        .await;
    let start = |n: usize| {
        slots[n]["start"]
            .as_str()
            .unwrap_or_else(|| panic!("the demo mentor has open slots: {slots}"))
            .to_owned()
    };
    let (status, booking) = app
        .post_as(
            &learner.token,
            "/api/bookings/",
            json!({"service_id": service_id, "start": start(0)}),
        )
        .await;
    assert_eq!(status, 201, "the fixture booking: {booking}");
    let id = booking["id"].as_str().expect("an id").to_owned();
    app.store
        .insert_payment(
            &api::store::payments::NewPayment {
                id: "matrix-payment",
                booking_id: &id,
                gateway: "sandbox",
                order_id: "order_sbx_matrix",
                amount_paise: domain_wasm::money::Paise::new(100),
                currency: "INR",
            },
            chrono::Utc::now(),
        )
        .await
        .expect("a sandbox order");
    // A refund request waiting for an administrator, and a receipt of the
    // learner's (issue 13), so their operations meet real objects.
    let mut tx = app.store.begin().await.expect("a unit of work");
    tx.insert_refund(
        &api::store::refunds::NewRefund {
            id: "matrix-refund",
            booking_id: &id,
            payment_id: "matrix-payment",
            learner_id: learner.id,
            automatic: false,
            basis: "unused",
            reason: "Matrix",
            requested_paise: domain_wasm::money::Paise::new(100),
            amount_paise: None,
            status: domain_wasm::refunds::RefundStatus::Requested,
            gateway: "sandbox",
        },
        chrono::Utc::now(),
    )
    .await
    .expect("a refund request");
    tx.insert_receipt(
        MATRIX_RECEIPT,
        api::store::receipts::ReceiptFor::Payment {
            payment_id: "matrix-payment",
        },
        &id,
        learner.id,
        domain_wasm::money::Paise::new(100),
        chrono::Utc::now(),
    )
    .await
    .expect("a receipt");
    tx.commit().await.expect("committed");
    BookingFixture {
        sandbox_order: "order_sbx_matrix".into(),
        id,
        service_id,
        open_slot: start(3),
    }
}

/// The number of the fixture's receipt.
const MATRIX_RECEIPT: &str = "MM-2026-900001";

/// Two services of the demo mentor's: one they have, one made to be retired.
struct MentorServices {
    own: i64,
    spare: i64,
}

async fn mentor_services(app: &TestApp, mentor: &Account) -> MentorServices {
    let list = app
        .send(
            app.client
                .get(app.url("/api/mentor/services/"))
                .bearer_auth(&mentor.token),
        )
        .await;
    assert_eq!(list.0, 200, "the demo mentor's services: {}", list.1);
    let own = list.1[0]["id"].as_i64().expect("a service");
    let (status, spare) = app
        .post_as(
            &mentor.token,
            "/api/mentor/services/",
            json!({"title": "To be retired", "duration_minutes": 30, "price_paise": 0}),
        )
        .await;
    assert_eq!(status, 201, "a spare service: {spare}");
    MentorServices {
        own,
        spare: spare["id"].as_i64().expect("an id"),
    }
}

impl World {
    fn account(&self, who: Who) -> Option<&Account> {
        self.accounts.get(&who)
    }

    fn email_of(&self, who: Who) -> String {
        self.account(who)
            .map_or_else(|| "guest@example.com".to_owned(), |a| a.email.clone())
    }

    /// Their own e-mail and password; a guest signs in as a fresh learner.
    fn credentials_for(&self, who: Who) -> (String, String) {
        let who = if who == Who::Guest {
            Who::OtherLearner
        } else {
            who
        };
        let a = &self.accounts[&who];
        (a.email.clone(), a.password.clone())
    }

    /// The caller's own mentor profile, or else the demo mentor's.
    fn profile_for(&self, who: Who) -> i64 {
        self.account(who)
            .and_then(|a| a.mentor_id)
            .or_else(|| self.accounts[&Who::Mentor].mentor_id)
            .expect("the demo mentor has a profile")
    }
}

async fn login(app: &TestApp, email: &str, password: &str) -> Value {
    let (status, body) = app
        .post("/api/login/", json!({"email": email, "password": password}))
        .await;
    assert_eq!(status, 200, "{email} signs in: {body}");
    body
}

async fn sign_in(app: &TestApp, email: &str, password: &str) -> Account {
    let first = login(app, email, password).await;
    let spare = login(app, email, password).await;
    let text = |v: &Value| v.as_str().expect("a token").to_owned();
    Account {
        id: first["user"]["id"].as_i64().expect("an id"),
        email: email.to_owned(),
        password: password.to_owned(),
        name: first["user"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        token: text(&first["token"]),
        refresh: text(&first["refresh"]),
        spare_token: text(&spare["token"]),
        spare_refresh: text(&spare["refresh"]),
        mentor_id: first["user"]["mentor_id"].as_i64(),
    }
}

/// A registered, activated account with `role`, linked to mentor profile
/// `profile` when given.
async fn new_account(
    app: &TestApp,
    email: &str,
    role: api::store::Role,
    profile: Option<i64>,
) -> Account {
    let (status, body) = app
        .post(
            "/auth/users/",
            json!({"name": "Other Person", "email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{email} registers: {body}");
    let id = body["id"].as_i64().expect("an id");
    let now = chrono::Utc::now();
    let mut tx = app.store.begin().await.expect("begin");
    tx.activate_user(id, now).await.expect("activate");
    tx.set_role(id, role, now).await.expect("role");
    if let Some(mentor) = profile {
        tx.link_mentor(mentor, id).await.expect("link profile");
    }
    tx.commit().await.expect("commit");
    let account = sign_in(app, email, PASSWORD).await;
    assert_eq!(account.mentor_id, profile, "{email}'s profile");
    account
}

async fn world(app: &TestApp) -> World {
    let mut accounts = BTreeMap::new();
    for demo in api::demo::accounts() {
        let who = match demo.role {
            api::store::Role::User => Who::Learner,
            api::store::Role::Mentor => Who::Mentor,
            api::store::Role::Admin => Who::Admin,
        };
        accounts.insert(who, sign_in(app, &demo.email, &demo.password).await);
    }
    let demo_profile = accounts[&Who::Mentor].mentor_id;
    assert!(demo_profile.is_some(), "the demo mentor has a profile");
    // Another mentor: the listed profile with the highest id that is not
    // the demo mentor's.
    let list = app.get_json("/api/mentors/").await;
    let other_profile = list
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|m| m["id"].as_i64())
        .filter(|id| Some(*id) != demo_profile)
        .max()
        .expect("another mentor profile");
    accounts.insert(
        Who::OtherLearner,
        new_account(
            app,
            "other-learner@example.com",
            api::store::Role::User,
            None,
        )
        .await,
    );
    accounts.insert(
        Who::OtherMentor,
        new_account(
            app,
            "other-mentor@example.com",
            api::store::Role::Mentor,
            Some(other_profile),
        )
        .await,
    );
    let ids: BTreeSet<i64> = accounts.values().map(|a| a.id).collect();
    assert_eq!(ids.len(), 5, "five different accounts");
    World {
        bad_tokens: bad_tokens(app, &accounts).await,
        application_id: decided_application(app, &accounts[&Who::Admin]).await,
        mentor_services: mentor_services(app, &accounts[&Who::Mentor]).await,
        booking: booking_fixture(app, &accounts[&Who::Learner], &accounts[&Who::Mentor]).await,
        learner_notification: learner_notification(app, &accounts[&Who::Learner]).await,
        webhook_endpoint: webhook_endpoint(app, &accounts[&Who::Admin]).await,
        accounts,
    }
}

/// The id of a webhook endpoint registered by `admin`.
async fn webhook_endpoint(app: &TestApp, admin: &Account) -> i64 {
    let (status, body) = app
        .post_as(
            &admin.token,
            "/api/admin/webhooks/",
            json!({"url": "http://127.0.0.1:9/hooks", "events": ["booking.requested"]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let first = body["id"].as_i64().expect("an id");
    let (status, body) = app
        .post_as(
            &admin.token,
            "/api/admin/webhooks/",
            json!({"url": "http://127.0.0.1:9/other", "events": ["booking.requested"]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["id"].as_i64(), Some(first + 1));
    first
}

/// The id of the learner's newest notification (their booking left one).
async fn learner_notification(app: &TestApp, learner: &Account) -> i64 {
    app.store
        .notifications(learner.id, None, 1)
        .await
        .expect("the learner's notifications")
        .first()
        .map(|n| n.id)
        .expect("the learner's booking left them a notification")
}

/// The id of a mentor application of a further account, rejected by `admin`.
async fn decided_application(app: &TestApp, admin: &Account) -> String {
    let applicant = new_account(app, "applicant@example.com", api::store::Role::User, None).await;
    let (status, body) = app
        .post_as(
            &applicant.token,
            "/api/mentor-applications/",
            mentor_application(&applicant.email),
        )
        .await;
    assert_eq!(status, 201, "the fixture application: {body}");
    let id = body["id"].as_str().expect("an id").to_owned();
    let (status, body) = app
        .post_as(
            &admin.token,
            &format!("/api/admin/mentor-applications/{id}/reject/"),
            json!({"reason": "A fixture."}),
        )
        .await;
    assert_eq!(status, 200, "the fixture is rejected: {body}");
    id
}

/// A forged token (the admin's claims under the learner's signature), a
/// refresh token of a live session used as an access token, and a token
/// that is no token at all.
async fn bad_tokens(
    app: &TestApp,
    accounts: &BTreeMap<Who, Account>,
) -> Vec<(&'static str, String)> {
    let learner = &accounts[&Who::Learner];
    let admin = &accounts[&Who::Admin];
    let (admin_claims, _) = admin.token.rsplit_once('.').expect("a JWT");
    let (_, learner_signature) = learner.token.rsplit_once('.').expect("a JWT");
    let live = login(app, &learner.email, &learner.password).await;
    let refresh = live["refresh"]
        .as_str()
        .expect("a refresh token")
        .to_owned();
    vec![
        (
            "a forged token (the admin's claims, the learner's signature)",
            format!("{admin_claims}.{learner_signature}"),
        ),
        ("a refresh token sent as an access token", refresh),
        ("a token that is not one", "not-a-token".to_owned()),
    ]
}

/// `(method, path)` of every operation in the document, and the statuses
/// it lists for each.
fn operations(doc: &Value) -> BTreeMap<(String, String), BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            if !matches!(
                method.as_str(),
                "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace"
            ) {
                continue;
            }
            let statuses = op["responses"]
                .as_object()
                .map(|r| r.keys().cloned().collect())
                .unwrap_or_default();
            out.insert((method.to_uppercase(), path.clone()), statuses);
        }
    }
    out
}

fn lists(statuses: &BTreeSet<String>, status: u16) -> bool {
    let class = format!("{}XX", status / 100);
    statuses.contains(&status.to_string())
        || statuses.contains(&class)
        || statuses.contains(&class.to_lowercase())
        || statuses.contains("default")
}

async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    call: &Call,
    token: Option<&str>,
    header: Option<(&str, &str)>,
) -> u16 {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some((name, value)) = header {
        request = request.header(name, value);
    }
    if let Some(body) = &call.body {
        request = request.json(body);
    }
    if let Some((content_type, bytes)) = &call.raw {
        request = request
            .header("content-type", content_type)
            .body(bytes.clone());
    }
    request.send().await.expect("request").status().as_u16()
}

async fn every_operation_answers_each_caller_as_the_matrix_says(engine: Engine) {
    let options = Options {
        rate_limits: false,
        ..Options::default()
    };
    let Some(app) = spawn_app_with(engine, options).await else {
        return;
    };
    let doc = app.get_json("/api/openapi.json").await;
    let documented = operations(&doc);
    let rows = matrix();
    let mut problems = Vec::new();

    let mut seen = BTreeSet::new();
    for row in &rows {
        let key = (row.method.to_owned(), row.path.to_owned());
        if !seen.insert(key.clone()) {
            problems.push(format!(
                "two rows for {} {} in api/tests/it/authorization.rs",
                row.method, row.path
            ));
        }
        if !documented.contains_key(&key) {
            problems.push(format!(
                "the row for {} {} in api/tests/it/authorization.rs matches no operation of the \
                 OpenAPI document: remove it or correct its method and path",
                row.method, row.path
            ));
        }
    }
    for (method, path) in documented.keys() {
        if !seen.contains(&(method.clone(), path.clone())) {
            problems.push(format!(
                "add a row for {method} {path} to api/tests/it/authorization.rs (who may call \
                 it: guest, learner, another learner, mentor, another mentor, admin)"
            ));
        }
    }

    let world = world(&app).await;
    for row in &rows {
        let Some(statuses) = documented.get(&(row.method.to_owned(), row.path.to_owned())) else {
            continue;
        };
        let mut check = |caller: &str, expected: Answer, status: u16, path: &str| {
            if !expected.admits(status) {
                problems.push(format!(
                    "{} {} ({path}) as {caller}: expected {expected:?}, got {status}",
                    row.method, row.path
                ));
            } else if !lists(statuses, status) {
                problems.push(format!(
                    "{} {} as {caller} answered {status}, which the OpenAPI document does not list",
                    row.method, row.path
                ));
            }
        };
        for (who, expected) in PEOPLE.into_iter().zip(row.people) {
            let call = (row.call)(&world, who);
            let path = call.path.clone().unwrap_or_else(|| row.path.to_owned());
            let token = call
                .token
                .clone()
                .or_else(|| world.account(who).map(|a| a.token.clone()));
            let status = send(&app, row.method, &path, &call, token.as_deref(), None).await;
            check(&who.to_string(), expected, status, &path);
        }
        // A bad token is no better than none: the guest's answer.
        for (caller, token) in &world.bad_tokens {
            let call = (row.call)(&world, Who::Guest);
            let path = call.path.clone().unwrap_or_else(|| row.path.to_owned());
            let status = send(&app, row.method, &path, &call, Some(token), None).await;
            check(caller, row.people[0], status, &path);
        }
        if let Some(hook) = &row.webhook {
            let call = (row.call)(&world, Who::Guest);
            let path = call.path.clone().unwrap_or_else(|| row.path.to_owned());
            let bytes = call.body.as_ref().map(Value::to_string).unwrap_or_default();
            let (name, good) = (hook.sign)(bytes.as_bytes());
            let (_, bad) = (hook.sign)(b"another body");
            for (caller, signature, expected) in [
                ("a webhook with a valid signature", good, hook.valid),
                ("a webhook with a bad signature", bad, hook.bad),
            ] {
                let status = send(
                    &app,
                    row.method,
                    &path,
                    &call,
                    None,
                    Some((name, &signature)),
                )
                .await;
                check(caller, expected, status, &path);
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the authorization matrix:\n  {}",
        problems.join("\n  ")
    );
}

on_both_engines!(every_operation_answers_each_caller_as_the_matrix_says);

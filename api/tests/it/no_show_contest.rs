//! No-shows settled by contest and approvals that re-check the rules
//! (issue 20) on both engines, over HTTP: a report moves no money until
//! its 48-hour window closes (the job, run twice, settles it once); the
//! other side contests with a statement (never the reporter, never after
//! the window); an administrator decides from the dispute queue (the
//! mentor missed it, the learner did, or a partial refund within the
//! feedback rule's share), audited; a learner's new time is booked at
//! once; the mentor's share is held from payouts until the report
//! settles; approving a refund beyond the rules needs a reason and is
//! audited. Time moves on a manual clock from a fixed instant.

use crate::{bookings, common, mentoring};
use std::sync::Arc;

use api::clock::{Clock, ManualClock};
use api::config::Settings;
use api::state::AppState;
use api::store::{Role, Store};
use bookings::Offer;
use chrono::{DateTime, TimeDelta, Utc};
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};
use mentoring::{Caller, call, sign_in};
use serde_json::{Value, json};

on_both_engines!(
    an_uncontested_report_takes_effect_once_when_its_window_closes,
    a_contest_waits_for_the_administrator_who_finds_the_mentor_missed_it,
    the_administrator_finds_the_learner_missed_it,
    a_partial_decision_stays_within_the_feedback_share,
    a_new_time_is_booked_at_once_and_no_money_moves,
    the_mentors_share_is_held_until_the_report_settles,
    approving_beyond_the_rules_needs_a_reason_and_is_audited,
);

const PAID: i64 = 50_000;
const SECRET: &str = "contest-test-secret-key-0123456789abcdef";

macro_rules! on_store {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite($pool) => $body,
            Store::Postgres($pool) => $body,
        }
    };
}

struct World {
    app: TestApp,
    hand: ManualClock,
    clock: Clock,
    /// A second state on the same database: runs jobs as the worker does.
    state: Arc<AppState>,
    mentor_id: i64,
    mentor: Caller,
    learner: Caller,
    admin: Caller,
    service: i64,
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

fn text(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {v}"))
        .to_owned()
}

async fn world(engine: Engine) -> Option<World> {
    // A fixed Monday morning (IST), a second into the hour.
    let (clock, hand) = Clock::manual_at(at("2030-01-07T04:00:01Z"));
    let db = TestDb::fresh(engine).await?;
    let url = db.url.clone();
    let media = db.dir().join("media2");
    let app = spawn_app_on(
        db,
        Options {
            demo_data: false,
            rate_limits: false,
            secret_key: Some(SECRET.into()),
            clock: Some(clock.clone()),
            ..Options::default()
        },
    )
    .await;
    let mut settings = Settings::for_database(url);
    settings.media_dir = media;
    settings.secret_key = Some(SECRET.into());
    settings.clock = clock.clone();
    let store = api::server::prepare(&settings).await.expect("store opens");
    let bound = api::server::bind(&settings, store).await.expect("binds");
    let state = bound.state().clone();
    let (mentor_id, services) = bookings::mentor(
        &app,
        "Asha Rao",
        "asha@example.com",
        &[Offer {
            title: "Mock interview",
            minutes: 60,
            price_paise: PAID,
            instant: true,
        }],
        bookings::daily("Asia/Kolkata", "00:00", "24:00"),
    )
    .await;
    bookings::account(&app, "Lena Learner", "lena@example.com", Role::User).await;
    bookings::account(&app, "Ada Admin", "ada@example.com", Role::Admin).await;
    Some(World {
        mentor: sign_in(&app, "asha@example.com", mentoring::PASSWORD).await,
        learner: sign_in(&app, "lena@example.com", mentoring::PASSWORD).await,
        admin: sign_in(&app, "ada@example.com", mentoring::PASSWORD).await,
        app,
        hand,
        clock,
        state,
        mentor_id,
        service: services[0],
    })
}

impl World {
    async fn post(&self, who: &Caller, path: &str, body: Value) -> (u16, Value) {
        call(&self.app, "POST", path, Some(&who.token), Some(body)).await
    }

    async fn get(&self, who: &Caller, path: &str) -> (u16, Value) {
        call(&self.app, "GET", path, Some(&who.token), None).await
    }

    /// Moves the clock by `by`; everyone signs in again (tokens last an hour).
    async fn wait(&mut self, by: TimeDelta) {
        self.hand.advance(by.to_std().expect("forward"));
        self.mentor = sign_in(&self.app, "asha@example.com", mentoring::PASSWORD).await;
        self.learner = sign_in(&self.app, "lena@example.com", mentoring::PASSWORD).await;
        self.admin = sign_in(&self.app, "ada@example.com", mentoring::PASSWORD).await;
    }

    /// Moves the clock to `t`.
    async fn wait_until(&mut self, t: DateTime<Utc>) {
        let by = t - self.clock.now();
        self.wait(by).await;
    }

    async fn slots(&self) -> Vec<String> {
        let (status, slots) = call(
            &self.app,
            "GET",
            &format!(
                "/api/mentors/{}/slots/?service={}",
                self.mentor_id, self.service
            ),
            None,
            None,
        )
        .await;
        assert_eq!(status, 200, "slots: {slots}");
        slots
            .as_array()
            .expect("a list")
            .iter()
            .map(|s| s["start"].as_str().expect("a start").to_owned())
            .collect()
    }

    /// The learner books the session about `ahead` from now and pays it
    /// through the sandbox: the confirmed booking's id.
    async fn paid_booking(&self, ahead: TimeDelta) -> String {
        let earliest = self.clock.now() + ahead;
        let start = self
            .slots()
            .await
            .into_iter()
            .find(|s| at(s) >= earliest)
            .expect("an open slot");
        let (status, booking) = self
            .post(
                &self.learner,
                "/api/bookings/",
                json!({"service_id": self.service, "start": start}),
            )
            .await;
        assert_eq!(status, 201, "{booking}");
        let id = text(&booking, "id");
        let (status, checkout) = self
            .post(
                &self.learner,
                &format!("/api/bookings/{id}/checkout/"),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{checkout}");
        let order = checkout["order_id"].as_str().expect("an order");
        let (status, signed) = self
            .post(
                &self.learner,
                &format!("/api/payments/sandbox/{order}/pay/"),
                json!({"method": "upi", "outcome": "success"}),
            )
            .await;
        assert_eq!(status, 200, "{signed}");
        let (status, confirmed) = self
            .post(&self.learner, "/api/payments/verify/", signed)
            .await;
        assert_eq!(status, 200, "{confirmed}");
        assert_eq!(confirmed["status"], "confirmed");
        id
    }

    /// A paid booking whose session started 15 minutes ago (the clock moved there).
    async fn missed_session(&mut self) -> String {
        let id = self.paid_booking(TimeDelta::days(2)).await;
        let (_, b) = self
            .get(&self.learner, &format!("/api/bookings/{id}/"))
            .await;
        self.wait_until(at(&text(&b, "start")) + TimeDelta::minutes(15))
            .await;
        id
    }

    async fn report(&self, who: &Caller, booking: &str, body: Value) -> (u16, Value) {
        self.post(who, &format!("/api/bookings/{booking}/no-show/"), body)
            .await
    }

    async fn contest(&self, who: &Caller, booking: &str, body: Value) -> (u16, Value) {
        self.post(
            who,
            &format!("/api/bookings/{booking}/no-show/contest/"),
            body,
        )
        .await
    }

    async fn decide(&self, booking: &str, body: Value) -> (u16, Value) {
        self.post(
            &self.admin,
            &format!("/api/admin/disputes/{booking}/decide/"),
            body,
        )
        .await
    }

    async fn seen_report(&self, who: &Caller, booking: &str) -> Value {
        let (status, body) = self
            .get(who, &format!("/api/bookings/{booking}/no-show/report/"))
            .await;
        assert_eq!(status, 200, "{body}");
        body["report"].clone()
    }

    async fn refunds(&self, booking: &str) -> Vec<Value> {
        let (status, body) = self
            .get(&self.learner, &format!("/api/bookings/{booking}/refunds/"))
            .await;
        assert_eq!(status, 200, "{body}");
        body["refunds"].as_array().expect("refunds").clone()
    }

    /// Runs the due jobs at the clock's time, as the worker does.
    async fn run_jobs(&self) {
        api::jobs::run_due(&self.state).await.expect("jobs run");
    }

    async fn scalar(&self, sql: &str, key: &str) -> i64 {
        let (n,): (i64,) = on_store!(&self.app.store, pool => sqlx::query_as(sql)
            .bind(key)
            .fetch_one(pool)
            .await)
        .expect("a number");
        n
    }

    /// The audit rows about an object: (action, reason, after).
    async fn audit(&self, object_type: &str, id: &str) -> Vec<(String, Option<String>, Value)> {
        self.app
            .store
            .audit_of(object_type, id)
            .await
            .expect("audit")
            .into_iter()
            .map(|r| {
                let after = r
                    .after_json
                    .as_deref()
                    .map(|j| serde_json::from_str(j).expect("JSON"))
                    .unwrap_or(Value::Null);
                (r.action, r.reason, after)
            })
            .collect()
    }

    async fn kinds(&self, address: &str) -> Vec<String> {
        self.app.mail_kinds(address).await
    }

    async fn earning_state(&self, booking: &str) -> String {
        let (status, e) = self.get(&self.mentor, "/api/mentor/earnings/").await;
        assert_eq!(status, 200, "{e}");
        let s = e["sessions"]
            .as_array()
            .expect("sessions")
            .iter()
            .find(|s| s["booking_id"] == booking)
            .unwrap_or_else(|| panic!("the session in {e}"))
            .clone();
        text(&s, "state")
    }
}

// ---- The window --------------------------------------------------------

async fn an_uncontested_report_takes_effect_once_when_its_window_closes(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.missed_session().await;
    let (status, body) = w
        .report(
            &w.learner,
            &booking,
            json!({"choice": "refund", "statement": "I waited 15 minutes; nobody came."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "no_show");

    // Nothing moves on the learner's word alone, and the page says when it will.
    assert!(w.refunds(&booking).await.is_empty(), "no refund yet");
    let (_, seen) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/refunds/"))
        .await;
    assert!(
        text(&seen["eligibility"], "message").contains("48 hours to contest your report"),
        "{seen}"
    );
    let report = w.seen_report(&w.learner, &booking).await;
    assert_eq!(report["state"], "open", "{report}");
    assert_eq!(report["reporter"], "learner");
    assert_eq!(report["missed"], "mentor");
    assert_eq!(
        report["report_statement"],
        "I waited 15 minutes; nobody came."
    );
    assert_eq!(report["may_contest"], false);
    let closes = at(&text(&report, "contest_closes_at"));
    assert_eq!(closes, w.clock.now() + TimeDelta::hours(48));
    let mentors = w.seen_report(&w.mentor, &booking).await;
    assert_eq!(mentors["may_contest"], true, "{mentors}");
    assert!(
        w.kinds("asha@example.com")
            .await
            .contains(&"booking_no_show".to_owned())
    );
    assert!(
        w.kinds("lena@example.com")
            .await
            .contains(&"no_show_report_received".to_owned())
    );

    // The reporter cannot contest their own report.
    let (status, body) = w
        .contest(
            &w.learner,
            &booking,
            json!({"statement": "Changed my mind."}),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        text(&body, "detail").contains("You made this no-show report"),
        "{body}"
    );

    // A minute before the window closes: still nothing.
    w.wait_until(closes - TimeDelta::minutes(1)).await;
    w.run_jobs().await;
    assert!(w.refunds(&booking).await.is_empty());

    // Closed: too late to contest, whether or not the server's own worker
    // has run the job yet (the crate's vectors hold the window's edge).
    w.wait_until(closes + TimeDelta::seconds(1)).await;
    let (status, body) = w
        .contest(&w.mentor, &booking, json!({"statement": "I was there."}))
        .await;
    assert_eq!(status, 409, "{body}");
    let detail = text(&body, "detail");
    assert!(
        detail.contains("that time has passed") || detail.contains("already settled"),
        "{body}"
    );
    // The report takes effect, the full refund goes back, once.
    w.run_jobs().await;
    api::bookings::no_show::on_due(&w.state, &booking, w.clock.now())
        .await
        .expect("a second run");
    w.run_jobs().await;
    let refunds = w.refunds(&booking).await;
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(refunds[0]["basis"], "mentor_no_show");
    assert_eq!(refunds[0]["amount_paise"], PAID);
    let report = w.seen_report(&w.learner, &booking).await;
    assert_eq!(report["state"], "settled", "{report}");
    assert_eq!(report["outcome"], "mentor_missed");
    assert_eq!(report["refund_paise"], PAID);

    // Too late to contest now.
    let (status, body) = w
        .contest(&w.mentor, &booking, json!({"statement": "I was there."}))
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(text(&body, "detail").contains("already settled"), "{body}");
}

// ---- Contest and decision ---------------------------------------------

async fn a_contest_waits_for_the_administrator_who_finds_the_mentor_missed_it(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.missed_session().await;
    let (status, body) = w
        .report(
            &w.mentor,
            &booking,
            json!({"statement": "The learner never joined."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // Statements: required and short; only the other side; only in time.
    let (status, body) = w
        .contest(&w.learner, &booking, json!({"statement": "   "}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["statement"].is_array(), "{body}");
    let (status, body) = w
        .contest(&w.learner, &booking, json!({"statement": "x".repeat(1001)}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["statement"].is_array(), "{body}");
    let (status, body) = w
        .contest(&w.mentor, &booking, json!({"statement": "Mine."}))
        .await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = w
        .contest(&w.admin, &booking, json!({"statement": "Admin."}))
        .await;
    assert_eq!(status, 409, "{body}");

    w.wait(TimeDelta::hours(47)).await;
    let (status, report) = w
        .contest(
            &w.learner,
            &booking,
            json!({"statement": "I was in the meeting room; the mentor never came."}),
        )
        .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["state"], "contested");
    assert!(
        w.kinds("lena@example.com")
            .await
            .contains(&"no_show_contested".to_owned())
    );
    assert!(
        w.kinds("asha@example.com")
            .await
            .contains(&"no_show_contested".to_owned())
    );
    let (status, body) = w
        .contest(&w.learner, &booking, json!({"statement": "Again."}))
        .await;
    assert_eq!(status, 409, "{body}");

    // The window closing changes nothing for a contested report.
    w.wait(TimeDelta::hours(2)).await;
    w.run_jobs().await;
    assert!(w.refunds(&booking).await.is_empty());

    // The queue: administrators only, both statements, the money.
    let (status, _) = w.get(&w.learner, "/api/admin/disputes/").await;
    assert_eq!(status, 403);
    let (status, queue) = w.get(&w.admin, "/api/admin/disputes/").await;
    assert_eq!(status, 200, "{queue}");
    let row = queue
        .as_array()
        .expect("a list")
        .iter()
        .find(|d| d["id"] == booking.as_str())
        .expect("queued")
        .clone();
    assert_eq!(
        row["report"]["report_statement"],
        "The learner never joined."
    );
    assert_eq!(
        row["report"]["contest_statement"],
        "I was in the meeting room; the mentor never came."
    );
    assert_eq!(row["learner_name"], "Lena Learner");
    assert_eq!(row["mentor_name"], "Asha Rao");
    assert_eq!(row["captured_paise"], PAID);
    assert_eq!(row["partial_max_paise"], PAID / 2);

    // Decide: the mentor missed it; the learner gets it all back.
    let (status, body) = w.decide(&booking, json!({"outcome": "nobody"})).await;
    assert_eq!(status, 400, "{body}");
    let (status, report) = w
        .decide(&booking, json!({"outcome": "mentor_missed"}))
        .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["state"], "settled");
    assert_eq!(report["outcome"], "mentor_missed");
    let refunds = w.refunds(&booking).await;
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(refunds[0]["basis"], "mentor_no_show");
    assert_eq!(refunds[0]["amount_paise"], PAID);
    let (_, b) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/"))
        .await;
    assert_eq!(b["no_show_by"], "mentor", "{b}");
    let audit = w.audit("booking", &booking).await;
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].0, "dispute.decided");
    assert_eq!(audit[0].2["outcome"], "mentor_missed");
    assert_eq!(audit[0].2["refund_paise"], PAID);
    assert!(
        w.kinds("asha@example.com")
            .await
            .contains(&"no_show_decided".to_owned())
    );
    assert!(
        w.kinds("lena@example.com")
            .await
            .contains(&"no_show_decided".to_owned())
    );

    // Decided once; the queue is empty again.
    let (status, body) = w
        .decide(&booking, json!({"outcome": "learner_missed"}))
        .await;
    assert_eq!(status, 409, "{body}");
    let (_, queue) = w.get(&w.admin, "/api/admin/disputes/").await;
    assert_eq!(queue, json!([]));
}

async fn the_administrator_finds_the_learner_missed_it(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.missed_session().await;
    let (status, body) = w
        .report(&w.learner, &booking, json!({"choice": "refund"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = w
        .contest(
            &w.mentor,
            &booking,
            json!({"statement": "I was there; the call log shows the learner never joined."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // A decision on a contested report needs no reason; a reason is kept.
    let (status, report) = w
        .decide(
            &booking,
            json!({"outcome": "learner_missed", "reason": "The call log shows only the mentor."}),
        )
        .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["outcome"], "learner_missed");
    assert_eq!(report["refund_paise"], 0);
    assert!(w.refunds(&booking).await.is_empty(), "no refund");
    let (_, b) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/"))
        .await;
    assert_eq!(b["no_show_by"], "learner", "{b}");
    let audit = w.audit("booking", &booking).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(
        audit[0].1.as_deref(),
        Some("The call log shows only the mentor.")
    );
    // The window's job finds nothing left to do.
    w.wait(TimeDelta::hours(49)).await;
    w.run_jobs().await;
    assert!(w.refunds(&booking).await.is_empty());
}

async fn a_partial_decision_stays_within_the_feedback_share(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.missed_session().await;
    let (status, _) = w.report(&w.mentor, &booking, json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = w
        .contest(
            &w.learner,
            &booking,
            json!({"statement": "We both had network trouble."}),
        )
        .await;
    assert_eq!(status, 200);
    let max = domain_wasm::refunds::partial_amount(PAID);

    let (status, body) = w
        .decide(
            &booking,
            json!({"outcome": "partial", "amount_paise": 10_000}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["reason"].is_array(), "{body}");
    let (status, body) = w
        .decide(
            &booking,
            json!({"outcome": "partial", "amount_paise": max + 1, "reason": "Both had trouble."}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["amount_paise"].is_array(), "{body}");
    let (status, body) = w
        .decide(
            &booking,
            json!({"outcome": "partial", "reason": "Both had trouble."}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        w.audit("booking", &booking).await.is_empty(),
        "refusals are not audited"
    );

    let (status, report) = w
        .decide(
            &booking,
            json!({"outcome": "partial", "amount_paise": 20_000, "reason": "Neither side is shown; both had network trouble."}),
        )
        .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["outcome"], "partial");
    assert_eq!(report["refund_paise"], 20_000);
    let refunds = w.refunds(&booking).await;
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0]["basis"], "partial");
    assert_eq!(refunds[0]["amount_paise"], 20_000);
    let audit = w.audit("booking", &booking).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(
        audit[0].1.as_deref(),
        Some("Neither side is shown; both had network trouble.")
    );
    assert_eq!(audit[0].2["refund_paise"], 20_000);
}

// ---- The learner's new time ----------------------------------------------

async fn a_new_time_is_booked_at_once_and_no_money_moves(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.missed_session().await;
    let (status, body) = w
        .report(&w.learner, &booking, json!({"choice": "reschedule"}))
        .await;
    assert_eq!(status, 200, "{body}");
    // At once, inside the contest window.
    let later = w.clock.now() + TimeDelta::days(1);
    let start = w
        .slots()
        .await
        .into_iter()
        .find(|s| at(s) >= later)
        .expect("a slot");
    let (status, moved) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{booking}/reschedule/"),
            json!({"start": start}),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["status"], "confirmed");
    assert_eq!(at(&text(&moved, "start")), at(&start));
    let report = w.seen_report(&w.mentor, &booking).await;
    assert_eq!(report["state"], "open");
    assert_eq!(report["choice"], "reschedule");
    // The window closes: the report settles, nothing goes back.
    w.wait(TimeDelta::hours(49)).await;
    w.run_jobs().await;
    let report = w.seen_report(&w.learner, &booking).await;
    assert_eq!(report["state"], "settled", "{report}");
    assert_eq!(report["refund_paise"], 0);
    assert!(w.refunds(&booking).await.is_empty());
}

// ---- Payouts -------------------------------------------------------------

async fn the_mentors_share_is_held_until_the_report_settles(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    let booking = w.missed_session().await;
    let (status, _) = w.report(&w.mentor, &booking, json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = w
        .contest(
            &w.learner,
            &booking,
            json!({"statement": "I joined; the mentor did not."}),
        )
        .await;
    assert_eq!(status, 200);
    // Well past the session's end and the 2-day hold: still held.
    w.wait(TimeDelta::days(5)).await;
    assert_eq!(w.earning_state(&booking).await, "held");
    let (status, _) = w
        .decide(&booking, json!({"outcome": "learner_missed"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(w.earning_state(&booking).await, "available");
    let open: i64 = w
        .scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM no_show_reports WHERE booking_id = $1 AND state <> 'settled'",
            &booking,
        )
        .await;
    assert_eq!(open, 0);
}

// ---- Approvals that re-check the rules ---------------------------------

async fn approving_beyond_the_rules_needs_a_reason_and_is_audited(engine: Engine) {
    let Some(mut w) = world(engine).await else {
        return;
    };
    // A request for a session not yet held, approved after it started.
    let booking = w.paid_booking(TimeDelta::days(2)).await;
    let (status, refund) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{booking}/refund-request/"),
            json!({"reason": "Plans changed."}),
        )
        .await;
    assert_eq!(status, 201, "{refund}");
    let rid = text(&refund, "id");
    let (_, b) = w
        .get(&w.learner, &format!("/api/bookings/{booking}/"))
        .await;
    w.wait_until(at(&text(&b, "start")) + TimeDelta::minutes(5))
        .await;
    let approve = format!("/api/admin/refunds/{rid}/approve/");
    let (status, body) = w
        .post(&w.admin, &approve, json!({"amount_paise": PAID}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["override_reason"][0]
            .as_str()
            .expect("a message")
            .contains("already started"),
        "{body}"
    );
    assert!(w.audit("refund", &rid).await.is_empty());
    let (status, body) = w
        .post(
            &w.admin,
            &approve,
            json!({"amount_paise": PAID, "override_reason": "The mentor asked us to refund it."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The answer reads the refund back after the approval's commit, by when
    // the job worker may already have paid it: queued or paid, never anything
    // else. What the approval itself wrote is the audit entry's "pending".
    assert!(
        body["status"] == "pending" || body["status"] == "processed",
        "{body}"
    );
    let audit = w.audit("refund", &rid).await;
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].0, "refund.approved");
    assert_eq!(
        audit[0].1.as_deref(),
        Some("The mentor asked us to refund it.")
    );
    assert_eq!(audit[0].2["status"], "pending");
    assert_eq!(audit[0].2["amount_paise"], PAID);
    assert!(audit[0].2["beyond_rules"].is_string(), "{:?}", audit[0].2);

    // A partial refund above its share: a reason, or no.
    let other = w.paid_booking(TimeDelta::days(2)).await;
    let (_, b) = w.get(&w.learner, &format!("/api/bookings/{other}/")).await;
    w.wait_until(at(&text(&b, "end")) + TimeDelta::hours(1))
        .await;
    let (status, body) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{other}/feedback/"),
            json!({"rating": 2, "text": "Not what I hoped."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, refund) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{other}/refund-request/"),
            json!({"reason": "It was not useful."}),
        )
        .await;
    assert_eq!(status, 201, "{refund}");
    assert_eq!(refund["basis"], "partial");
    let pid = text(&refund, "id");
    let max = domain_wasm::refunds::partial_amount(PAID);
    let approve = format!("/api/admin/refunds/{pid}/approve/");
    let (status, body) = w
        .post(&w.admin, &approve, json!({"amount_paise": max + 1}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["override_reason"].is_array(), "{body}");
    // Within the share: no reason needed, and none recorded.
    let (status, body) = w
        .post(&w.admin, &approve, json!({"amount_paise": max}))
        .await;
    assert_eq!(status, 200, "{body}");
    let audit = w.audit("refund", &pid).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].1, None);
    assert_eq!(audit[0].2["amount_paise"], max);

    // A rejection is audited with its reason, before and after.
    let third = w.paid_booking(TimeDelta::days(3)).await;
    let (status, refund) = w
        .post(
            &w.learner,
            &format!("/api/bookings/{third}/refund-request/"),
            json!({"reason": "Plans changed."}),
        )
        .await;
    assert_eq!(status, 201, "{refund}");
    let tid = text(&refund, "id");
    let (status, body) = w
        .post(
            &w.admin,
            &format!("/api/admin/refunds/{tid}/reject/"),
            json!({"reason": "You can still reschedule it."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let audit = w.audit("refund", &tid).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].0, "refund.rejected");
    assert_eq!(audit[0].1.as_deref(), Some("You can still reschedule it."));
    assert_eq!(audit[0].2["status"], "rejected");
}

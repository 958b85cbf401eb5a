//! Demo money (issue 13): with the demo data on, a few paid sessions that
//! already took place, so the money screens have something to show and an
//! administrator can run a payout on a fresh start.
//!
//! A fictional learner of the demo (`DEMO_CUSTOMER`, an account with no
//! password that nobody can sign in to, so it outlives the demo accounts,
//! which are removed when the demo is turned off) paid the demo mentor
//! account's profile for four
//! sessions (ended 10, 6 and 3 days ago: available; and yesterday: still
//! within the 2-day hold) and two other demo mentors for one each (4 days
//! ago). Each payment goes through the real steps: the order is stored,
//! claimed and captured as a gateway's delivery would be, and
//! `ledger::record_capture` fixes the commission at the mentor's rate and
//! posts the capture to the ledger. Each of these mentors gets payout
//! details (the demo mentor a bank account, the others UPI ids), checked by
//! the crate's rule, unless they have some.
//!
//! Seeding happens once: the bookings have fixed ids (`demo-money-…`), and
//! one that exists is left alone, so a second start changes nothing.

use chrono::{DateTime, TimeDelta, Utc};
use domain_wasm::accounts::Email;
use domain_wasm::money::Paise;
use domain_wasm::payouts::{PayoutDetailsInput, check_payout_details};

use crate::store::bookings::NewBookingRow;
use crate::store::model::Mentor;
use crate::store::payments::NewPayment;
use crate::store::payouts::NewPayoutDetails;
use crate::store::{NewUser, Role, Store, StoreError};

/// How long ago each demo session ended, in hours, for the demo mentor
/// account's profile.
const DEMO_MENTOR_SESSIONS: [i64; 4] = [240, 144, 72, 24];
/// How long ago the other demo mentors' session ended, in hours.
const OTHER_SESSIONS: [i64; 1] = [96];
/// How many other demo mentors get money.
const OTHERS: usize = 2;
/// How many paid, completed sessions the demo adds (the home page's
/// "sessions completed" counts them in demo mode).
pub const SESSIONS: usize = DEMO_MENTOR_SESSIONS.len() + OTHERS * OTHER_SESSIONS.len();
/// The learner who paid for the demo's sessions: no password, not active.
pub const DEMO_CUSTOMER: (&str, &str) = ("paid-sessions@demo.mentorbridge.in", "Kabir Mehta");

fn corrupt(what: &'static str, value: impl Into<String>) -> StoreError {
    StoreError::Corrupt {
        what,
        value: value.into(),
    }
}

/// Seeds the demo money (see the module's documentation); returns how many
/// sessions were added. Needs the demo mentor account; without it it adds
/// nothing.
pub async fn ensure(store: &Store, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let account = |role: Role| {
        crate::demo::accounts()
            .iter()
            .find(|a| a.role == role)
            .and_then(|a| Email::parse(&a.email).ok())
    };
    let Some(mentor_email) = account(Role::Mentor) else {
        return Ok(0);
    };
    let demo_mentor = match store.user_by_email(&mentor_email).await {
        Ok(u) => u.mentor_id,
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e),
    };
    let Some(demo_mentor) = demo_mentor else {
        return Ok(0);
    };
    let learner = customer(store, now).await?;
    let mentors = store.list_mentors().await?;
    let paid = |m: &&Mentor| m.services.iter().any(|s| !s.price_paise.is_zero());
    let mut chosen: Vec<(&Mentor, &[i64])> = Vec::new();
    if let Some(m) = mentors.iter().filter(paid).find(|m| m.id == demo_mentor) {
        chosen.push((m, &DEMO_MENTOR_SESSIONS));
    }
    // Others with an ordinary session (up to 5,000 rupees) among their services.
    let ordinary = |m: &&Mentor| {
        m.services
            .iter()
            .any(|s| !s.price_paise.is_zero() && s.price_paise <= Paise::new(500_000))
    };
    for m in mentors
        .iter()
        .filter(ordinary)
        // Demo profiles (each run by its demo account since issue 21), on
        // their reserved domain: never a real mentor's.
        .filter(|m| m.id != demo_mentor && crate::demo::is_demo_profile(m))
        .take(OTHERS)
    {
        chosen.push((m, &OTHER_SESSIONS));
    }
    let mut added = 0;
    for (index, (mentor, ended_hours_ago)) in chosen.into_iter().enumerate() {
        // Their cheapest paid service: an ordinary session.
        let Some(service) = mentor
            .services
            .iter()
            .filter(|s| !s.price_paise.is_zero())
            .min_by_key(|s| s.price_paise)
        else {
            continue;
        };
        for (n, hours) in ended_hours_ago.iter().enumerate() {
            let id = format!("demo-money-{}-{}", mentor.id, n + 1);
            match store.booking(&id).await {
                Ok(_) => continue,
                Err(StoreError::NotFound) => {}
                Err(e) => return Err(e),
            }
            let end = now - TimeDelta::hours(*hours);
            let start = end - TimeDelta::minutes(service.duration_minutes);
            let booked = start - TimeDelta::days(3);
            let paid_at = booked + TimeDelta::minutes(5);
            let mut tx = store.begin().await?;
            tx.insert_booking(
                &NewBookingRow {
                    id: id.clone(),
                    learner_id: learner.id,
                    mentor_id: mentor.id,
                    service_id: service.id,
                    service_title: service.title.clone(),
                    duration_minutes: service.duration_minutes,
                    price_paise: service.price_paise,
                    commission_bps: 0,
                    status: domain_wasm::booking::Status::Confirmed,
                    start_at: start,
                    end_at: end,
                    held_from: start,
                    held_until: end,
                    note: String::new(),
                    respond_by: None,
                    pay_by: None,
                    meeting_url: Some(format!("https://meet.jit.si/mentorbridge-{id}")),
                },
                booked,
            )
            .await?;
            tx.commit().await?;
            let payment_id = format!("demo-payment-{}-{}", mentor.id, n + 1);
            let order_id = format!("order_demo{}x{}", mentor.id, n + 1);
            store
                .insert_payment(
                    &NewPayment {
                        id: &payment_id,
                        booking_id: &id,
                        gateway: "sandbox",
                        order_id: &order_id,
                        amount_paise: service.price_paise,
                        currency: crate::payments::CURRENCY,
                    },
                    booked,
                )
                .await?;
            let mut tx = store.begin().await?;
            let gateway_payment = format!("pay_demo{}x{}", mentor.id, n + 1);
            if tx
                .claim_payment(&order_id, &gateway_payment, Some("upi"))
                .await?
            {
                tx.mark_captured(&order_id, paid_at).await?;
                crate::ledger::record_capture(
                    &mut tx,
                    &payment_id,
                    &id,
                    mentor.id,
                    service.price_paise,
                    true,
                    paid_at,
                )
                .await?;
            }
            tx.complete_at_end(&id).await?;
            tx.commit().await?;
            added += 1;
        }
        ensure_details(store, mentor, index, now).await?;
    }
    Ok(added)
}

/// Gives a demo mentor payout details unless they have some: the demo
/// mentor account's profile (index 0) a bank account, the others UPI ids.
async fn ensure_details(
    store: &Store,
    mentor: &Mentor,
    index: usize,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let mut tx = store.begin().await?;
    if tx.payout_details(mentor.id).await?.is_some() {
        return Ok(());
    }
    let input = if index == 0 {
        PayoutDetailsInput {
            method: "bank".into(),
            beneficiary_name: mentor.name.clone(),
            account_number: Some(format!("5010 0{:03} 4321", mentor.id % 1000)),
            ifsc: Some("HDFC0001234".into()),
            upi_id: None,
            schedule: "weekly".into(),
            // The demo mentor gave a (made-up) PAN; the others did not, so
            // the demo shows both TDS rates.
            pan: Some("ABCPD1234E".into()),
        }
    } else {
        PayoutDetailsInput {
            method: "upi".into(),
            beneficiary_name: mentor.name.clone(),
            account_number: None,
            ifsc: None,
            upi_id: Some(format!("demo.mentor{}@okaxis", mentor.id)),
            schedule: "weekly".into(),
            pan: None,
        }
    };
    let d = check_payout_details(&input)
        .map_err(|e| corrupt("demo payout details", format!("{}: {e:?}", mentor.name)))?;
    tx.set_payout_details(
        mentor.id,
        &NewPayoutDetails {
            method: d.method.as_str(),
            beneficiary_name: &d.beneficiary_name,
            account_number: d.account_number.as_deref(),
            ifsc: d.ifsc.as_deref(),
            upi_id: d.upi_id.as_deref(),
            schedule: d.schedule.as_str(),
            // Written in clear: the server seals it at start, before serving.
            pan: d.pan.as_deref(),
        },
        now,
    )
    .await?;
    tx.commit().await
}

/// The demo's paying learner ([`DEMO_CUSTOMER`]), made if missing.
async fn customer(store: &Store, now: DateTime<Utc>) -> Result<crate::store::User, StoreError> {
    let email = Email::parse(DEMO_CUSTOMER.0)
        .map_err(|p| corrupt("demo customer's e-mail address", p.message()))?;
    match store.user_by_email(&email).await {
        Err(StoreError::NotFound) => {}
        found => return found,
    }
    let mut tx = store.begin().await?;
    let new = NewUser {
        email: email.clone(),
        name: DEMO_CUSTOMER.1.to_owned(),
        password_hash: None,
        google_sub: None,
        role: Role::User,
        is_active: false,
        contact_number: None,
    };
    match tx.create_user(&new, now).await {
        Ok(u) => {
            tx.commit().await?;
            Ok(u)
        }
        // Another process made it meanwhile.
        Err(StoreError::Violation(_)) => {
            drop(tx);
            store.user_by_email(&email).await
        }
        Err(e) => Err(e),
    }
}

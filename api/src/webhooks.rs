//! Signed webhooks (issue 25): what happens to bookings, payments, refunds
//! and mentor applications, sent to the endpoints administrators register.
//!
//! - **Written with the event.** [`booking_written`], [`payment_captured`],
//!   [`refund_processed`] and [`mentor_approved`] run inside the unit of
//!   work of the change and write one delivery per endpoint that receives
//!   the event ([`Tx::emit_webhook`]), with its job: nothing is sent for a
//!   change that rolls back, and nothing is lost when a process dies.
//! - **Sent by the job queue** (`webhook_deliver`, the delivery's id): a
//!   2xx answer within [`TIMEOUT`] delivers it; anything else is retried
//!   with the queue's backoff (1 min, 5 min, 30 min, 2 h) up to the
//!   queue's five attempts, then the delivery is failed.
//!   Every attempt and its answer is kept for the delivery log.
//! - **Signed.** `X-MentorBridge-Signature: t=<unix seconds>,v1=<hex
//!   HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret, the time
//!   of the attempt, so a receiver rejects replays older than five minutes;
//!   the body's `id` is the same on every attempt, so it drops repeats.
//! - **No server-side request forgery.** On a public site (PUBLIC_URL not
//!   this machine) an endpoint must be `https` and its host must resolve
//!   only to public addresses, checked when it is registered and again at
//!   each attempt (the request goes to the address that was checked, so a
//!   name that changes its answer cannot lead it inside). A site on this
//!   machine (development, tests) may send to loopback receivers.
//!
//! The body: `{"id": "evt_…", "event": "booking.confirmed", "created_at":
//! RFC 3339, "data": {"booking": {…}}}` (see `docs/api.md`).

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use chrono::{DateTime, SecondsFormat, Utc};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::state::AppState;
use crate::store::bookings::BookingRow;
use crate::store::payments::PaymentRow;
use crate::store::refunds::RefundRow;
use crate::store::webhooks::Attempt;
use crate::store::{StoreError, Tx};

pub use crate::store::webhooks::DELIVER_JOB;

/// How long a receiver has to answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The signature's header.
pub const SIGNATURE_HEADER: &str = "X-MentorBridge-Signature";

/// The most of a receiver's answer kept in the log, in characters.
const ANSWER_CHARS: usize = 500;

/// `t=<t>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under `secret`.
pub fn signature(secret: &str, t: i64, body: &[u8]) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        unreachable!("HMAC takes a key of any length")
    };
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// A new event id: `evt_` and 32 hex digits.
fn event_id() -> String {
    format!("evt_{}", uuid::Uuid::new_v4().simple())
}

fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Writes `event` with `data` for every endpoint that receives it.
async fn emit(tx: &mut Tx, event: &str, data: Value, now: DateTime<Utc>) -> Result<(), StoreError> {
    let id = event_id();
    let body = json!({
        "id": id,
        "event": event,
        "created_at": time(now),
        "data": data,
    })
    .to_string();
    tx.emit_webhook(event, &id, &body, now).await?;
    Ok(())
}

/// A booking as integrators see it.
fn booking_json(b: &BookingRow) -> Value {
    json!({
        "id": b.id,
        "status": b.status.as_str(),
        "start": time(b.start_at),
        "end": time(b.end_at),
        "mentor_id": b.mentor_id,
        "mentor_name": b.mentor_name,
        "learner_id": b.learner_id,
        "learner_name": b.learner_name,
        "service_id": b.service_id,
        "service_title": b.service_title,
        "duration_minutes": b.duration_minutes,
        "price_paise": b.price_paise.to_i64(),
        "cancelled_by": b.cancelled_by,
        "cancel_reason": b.cancel_reason,
        "reschedule_count": b.reschedule_count,
    })
}

/// After booking `id` was written in `tx` (`before`: as it was read, `None`
/// when new): the events the change raises
/// ([`domain_wasm::webhooks::booking_events`]).
pub async fn booking_written(
    tx: &mut Tx,
    id: &str,
    before: Option<&BookingRow>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let after = tx.booking(id).await?;
    let moved = before.is_some_and(|b| b.start_at != after.start_at);
    let events =
        domain_wasm::webhooks::booking_events(before.map(|b| b.status), after.status, moved);
    for event in events {
        emit(tx, event, json!({ "booking": booking_json(&after) }), now).await?;
    }
    Ok(())
}

/// A payment captured on `payment` (our row, as it was before the capture)
/// as the gateway's `gateway_payment_id`.
pub async fn payment_captured(
    tx: &mut Tx,
    payment: &PaymentRow,
    gateway_payment_id: &str,
    method: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let data = json!({
        "payment": {
            "id": payment.id,
            "booking_id": payment.booking_id,
            "gateway": payment.gateway,
            "order_id": payment.order_id,
            "gateway_payment_id": gateway_payment_id,
            "amount_paise": payment.amount_paise.to_i64(),
            "currency": payment.currency,
            "method": method,
            "sandbox": payment.gateway == "sandbox",
        }
    });
    emit(tx, "payment.captured", data, now).await
}

/// A refund paid back (`amount` of refund `r`).
pub async fn refund_processed(
    tx: &mut Tx,
    r: &RefundRow,
    amount: domain_wasm::money::Paise,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let data = json!({
        "refund": {
            "id": r.id,
            "booking_id": r.booking_id,
            "payment_id": r.payment_id,
            "amount_paise": amount.to_i64(),
            "basis": r.basis,
            "automatic": r.automatic,
        }
    });
    emit(tx, "refund.processed", data, now).await
}

/// An application approved: mentor `mentor_id` is listed for account
/// `user_id`.
pub async fn mentor_approved(
    tx: &mut Tx,
    application_id: &str,
    mentor_id: i64,
    user_id: i64,
    name: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let data = json!({
        "mentor": {
            "id": mentor_id,
            "user_id": user_id,
            "name": name,
            "application_id": application_id,
        }
    });
    emit(tx, "mentor.approved", data, now).await
}

/// Why an endpoint URL is refused (the field error under `url`).
pub fn check_url(url: &str, public_site: bool) -> Result<url::Url, &'static str> {
    let parsed = url::Url::parse(url.trim()).map_err(|_| "Enter a valid URL.")?;
    match parsed.scheme() {
        "https" => {}
        "http" if !public_site => {}
        "http" => return Err("Use an https:// address: deliveries carry booking details."),
        _ => return Err("Enter an http:// or https:// URL."),
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err("Put no user name or password in the URL; the signature authenticates us.");
    }
    let Some(host) = parsed.host() else {
        return Err("Enter a valid URL.");
    };
    if public_site {
        let private = match host {
            url::Host::Ipv4(ip) => !is_public(IpAddr::V4(ip)),
            url::Host::Ipv6(ip) => !is_public(IpAddr::V6(ip)),
            url::Host::Domain(name) => {
                let name = name.trim_end_matches('.').to_ascii_lowercase();
                name == "localhost" || name.ends_with(".localhost") || !name.contains('.')
            }
        };
        if private {
            return Err("Use a public address: this machine and private networks are not allowed.");
        }
    }
    Ok(parsed)
}

/// Whether `ip` is a public internet address (not loopback, private,
/// link-local, shared, documentation, multicast or unspecified).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.is_multicast()
                || a == 0
                // 100.64.0.0/10, carrier-grade NAT.
                || (a == 100 && (64..128).contains(&b))
                // 198.18.0.0/15, benchmarking.
                || (a == 198 && (b == 18 || b == 19))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                // fc00::/7 unique local, fe80::/10 link-local.
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                // 2001:db8::/32 documentation.
                || (first == 0x2001 && v6.segments()[1] == 0x0db8))
        }
    }
}

/// Whether this server counts as a public site for the URL policy.
pub fn public_site(state: &AppState) -> bool {
    !crate::config::url_is_loopback(&state.public_url)
}

/// The job: one attempt at delivery `key` (`last`: the queue will not try
/// again, so a failure fails the delivery). `Ok` when it is delivered, or
/// there is nothing left to send (the endpoint was removed or paused, the
/// delivery done); `Err` to be tried again.
pub async fn deliver(state: &AppState, key: &str, last: bool) -> Result<(), String> {
    let Ok(id) = key.parse::<i64>() else {
        return Ok(());
    };
    let store = &state.store;
    let delivery = match store.webhook_delivery(id).await {
        Ok(Some(d)) if d.status == domain_wasm::webhooks::DeliveryStatus::Pending => d,
        Ok(_) => return Ok(()),
        Err(e) => return Err(format!("cannot read delivery {id}: {e}")),
    };
    let endpoint = match store.webhook_endpoint(delivery.endpoint_id).await {
        Ok(e) if e.active => e,
        Ok(_) | Err(StoreError::NotFound) => return Ok(()),
        Err(e) => {
            return Err(format!(
                "cannot read endpoint {}: {e}",
                delivery.endpoint_id
            ));
        }
    };
    let secret = match state.payout_cipher.get() {
        Some(cipher) => cipher
            .open(
                crate::payout_crypto::Field::WebhookSecret,
                endpoint.id,
                &endpoint.secret,
            )
            .map_err(|e| format!("endpoint {}: {e}", endpoint.id))?,
        None => return Err("the secrets' key is not loaded".to_owned()),
    };
    let started = Instant::now();
    let at = state.clock.now();
    let result = send(state, &endpoint.url, &delivery, &secret, at).await;
    let duration_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let (status_code, answer) = match &result {
        Ok((code, text)) => (Some(*code), clip(text)),
        Err(why) => (None, clip(why)),
    };
    let delivered = status_code.is_some_and(|c| (200..300).contains(&c));
    let attempt = Attempt {
        status_code,
        answer: answer.clone(),
        duration_ms,
        delivered,
        last,
    };
    store
        .record_webhook_attempt(id, &attempt, at)
        .await
        .map_err(|e| format!("cannot record the attempt at delivery {id}: {e}"))?;
    if delivered {
        Ok(())
    } else {
        Err(match status_code {
            Some(code) => format!("the receiver answered {code}: {answer}"),
            None => answer,
        })
    }
}

/// One POST of the delivery's body; the receiver's status and the start
/// of its answer, or why none came.
async fn send(
    state: &AppState,
    url: &str,
    delivery: &crate::store::webhooks::DeliveryRow,
    secret: &str,
    at: DateTime<Utc>,
) -> Result<(u16, String), String> {
    let public = public_site(state);
    let parsed = check_url(url, public).map_err(str::to_owned)?;
    let host = parsed.host_str().ok_or("the URL has no host")?.to_owned();
    let port = parsed
        .port_or_known_default()
        .ok_or("the URL has no port")?;
    let mut builder = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent("MentorBridge-Webhooks/1");
    if public {
        // Resolve once, check every address, and connect to what was checked.
        let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), port))
            .await
            .map_err(|e| format!("cannot resolve {host}: {e}"))?
            .collect();
        if addrs.is_empty() || addrs.iter().any(|a| !is_public(a.ip())) {
            return Err(format!(
                "{host} resolves to an address that is not public; not sent"
            ));
        }
        builder = builder.resolve_to_addrs(&host, &addrs);
    }
    let client = builder
        .build()
        .map_err(|e| format!("cannot make the HTTP client: {e}"))?;
    let body = delivery.payload.clone().into_bytes();
    let response = client
        .post(parsed)
        .header("content-type", "application/json")
        .header(SIGNATURE_HEADER, signature(secret, at.timestamp(), &body))
        .header("X-MentorBridge-Event", &delivery.event)
        .header("X-MentorBridge-Delivery", delivery.id.to_string())
        .body(body)
        .send()
        .await
        .map_err(|e| format!("no answer: {e}"))?;
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    Ok((status, text))
}

/// At most [`ANSWER_CHARS`] characters.
fn clip(text: &str) -> String {
    match text.char_indices().nth(ANSWER_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_hmac_sha256_of_time_dot_body() {
        // RFC 4231 test case 2's key and message, split at a dot: the MAC
        // covers "<t>.<body>" exactly.
        let sig = signature("Jefe", 1_700_000_000, b"{\"a\":1}");
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(b"Jefe") else {
            unreachable!()
        };
        mac.update(b"1700000000.{\"a\":1}");
        let expected = hex::encode(mac.finalize().into_bytes());
        assert_eq!(sig, format!("t=1700000000,v1={expected}"));
        // RFC 4231 test case 2 itself, through the same function's HMAC.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(b"Jefe") else {
            unreachable!()
        };
        mac.update(b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(mac.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_ne!(sig, signature("Jefe", 1_700_000_001, b"{\"a\":1}"));
        assert_ne!(sig, signature("jefe", 1_700_000_000, b"{\"a\":1}"));
    }

    #[test]
    fn a_public_site_sends_only_to_public_https_addresses() {
        assert!(check_url("https://hooks.example.com/in", true).is_ok());
        for bad in [
            "http://hooks.example.com/in",
            "https://localhost/in",
            "https://127.0.0.1/in",
            "https://10.0.0.5/in",
            "https://192.168.1.2/in",
            "https://169.254.169.254/latest",
            "https://[::1]/in",
            "https://[fd00::1]/in",
            "https://[::ffff:127.0.0.1]/in",
            "https://intranet/in",
            "https://user:pw@hooks.example.com/in",
            "ftp://hooks.example.com/in",
            "not a url",
        ] {
            assert!(check_url(bad, true).is_err(), "{bad}");
        }
        // On this machine (development, tests): loopback receivers over http.
        assert!(check_url("http://127.0.0.1:9000/in", false).is_ok());
        assert!(check_url("ftp://127.0.0.1/in", false).is_err());
    }

    #[test]
    fn public_addresses_are_told_from_private_ones() {
        for ip in ["8.8.8.8", "1.1.1.1", "2606:4700::1111"] {
            assert!(
                is_public(ip.parse().unwrap_or(IpAddr::from([0, 0, 0, 0]))),
                "{ip}"
            );
        }
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.0.1",
            "100.64.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "224.0.0.1",
            "::1",
            "fe80::1",
            "fc00::1",
            "::ffff:10.0.0.1",
        ] {
            assert!(
                !is_public(ip.parse().unwrap_or(IpAddr::from([8, 8, 8, 8]))),
                "{ip}"
            );
        }
    }
}

// ---- Administering endpoints ----------------------------------------------

/// Why an endpoint could not be registered or changed.
#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    #[error("invalid")]
    Invalid(crate::fields::FieldErrors),
    #[error("no such endpoint")]
    NotFound,
    #[error("the secrets' key is not loaded")]
    NoKey,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A new random secret: `whsec_` and 48 hex digits.
fn new_secret() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    format!("whsec_{}", hex::encode(bytes))
}

fn sealed(state: &AppState, id: i64, secret: &str) -> Result<String, WebhookError> {
    let cipher = state.payout_cipher.get().ok_or(WebhookError::NoKey)?;
    Ok(cipher.seal(crate::payout_crypto::Field::WebhookSecret, id, secret))
}

fn url_errors(url: &str, public: bool) -> Result<(), WebhookError> {
    check_url(url, public).map(|_| ()).map_err(|why| {
        WebhookError::Invalid(crate::fields::FieldErrors::from([(
            "url".to_owned(),
            vec![why.to_owned()],
        )]))
    })
}

/// An endpoint as the console shows it (never its secret).
fn shown(e: &crate::store::webhooks::EndpointRow) -> Value {
    json!({
        "id": e.id,
        "url": e.url,
        "events": e.event_names(),
        "description": e.description,
        "active": e.active,
        "created_at": time(e.created_at),
        "updated_at": time(e.updated_at),
    })
}

/// Registers an endpoint for administrator `admin`; gives it with its
/// secret (shown this once).
pub async fn register(
    state: &AppState,
    admin: i64,
    draft: domain_wasm::forms::webhooks::EndpointDraft,
    active: bool,
    now: DateTime<Utc>,
) -> Result<(crate::store::webhooks::EndpointRow, String), WebhookError> {
    url_errors(&draft.url, public_site(state))?;
    state.payout_cipher.get().ok_or(WebhookError::NoKey)?;
    let secret = draft.secret.clone().unwrap_or_else(new_secret);
    let mut tx = state.store.begin().await?;
    let new = crate::store::webhooks::NewEndpoint {
        url: &draft.url,
        events: &draft.events,
        description: &draft.description,
        active,
        created_by: admin,
    };
    let id = tx.insert_webhook_endpoint(&new, now).await?;
    let change = crate::store::webhooks::EndpointChange {
        secret: Some(sealed(state, id, &secret)?),
        ..Default::default()
    };
    tx.update_webhook_endpoint(id, &change, now).await?;
    let row = tx.webhook_endpoint(id).await?;
    let entry = crate::store::audit::AuditEntry::new(
        crate::store::audit::Actor::Admin(admin),
        crate::store::audit::AuditAction::WebhookCreated,
        "webhook",
        id,
    )
    .change(None, Some(shown(&row)));
    tx.audit(&entry, now).await?;
    tx.commit().await?;
    Ok((row, secret))
}

/// Changes endpoint `id`; gives it, and its new secret when `rotate`.
pub async fn change(
    state: &AppState,
    admin: i64,
    id: i64,
    draft: domain_wasm::forms::webhooks::EndpointChangeDraft,
    active: Option<bool>,
    rotate: bool,
    now: DateTime<Utc>,
) -> Result<(crate::store::webhooks::EndpointRow, Option<String>), WebhookError> {
    if let Some(url) = &draft.url {
        url_errors(url, public_site(state))?;
    }
    let mut tx = state.store.begin().await?;
    let before = match tx.webhook_endpoint(id).await {
        Ok(row) => row,
        Err(StoreError::NotFound) => return Err(WebhookError::NotFound),
        Err(e) => return Err(e.into()),
    };
    let secret = rotate.then(new_secret);
    let change = crate::store::webhooks::EndpointChange {
        url: draft.url,
        events: draft.events,
        description: draft.description,
        active,
        secret: secret
            .as_deref()
            .map(|s| sealed(state, id, s))
            .transpose()?,
    };
    tx.update_webhook_endpoint(id, &change, now).await?;
    let after = tx.webhook_endpoint(id).await?;
    let mut after_shown = shown(&after);
    if rotate {
        after_shown["secret"] = json!("made anew");
    }
    let entry = crate::store::audit::AuditEntry::new(
        crate::store::audit::Actor::Admin(admin),
        crate::store::audit::AuditAction::WebhookChanged,
        "webhook",
        id,
    )
    .change(Some(shown(&before)), Some(after_shown));
    tx.audit(&entry, now).await?;
    tx.commit().await?;
    Ok((after, secret))
}

/// Removes endpoint `id` with its delivery log.
pub async fn remove(
    state: &AppState,
    admin: i64,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), WebhookError> {
    let mut tx = state.store.begin().await?;
    let before = match tx.webhook_endpoint(id).await {
        Ok(row) => row,
        Err(StoreError::NotFound) => return Err(WebhookError::NotFound),
        Err(e) => return Err(e.into()),
    };
    tx.delete_webhook_endpoint(id).await?;
    let entry = crate::store::audit::AuditEntry::new(
        crate::store::audit::Actor::Admin(admin),
        crate::store::audit::AuditAction::WebhookDeleted,
        "webhook",
        id,
    )
    .change(Some(shown(&before)), None);
    tx.audit(&entry, now).await?;
    tx.commit().await?;
    Ok(())
}

//! Operator commands: `api create-admin` makes an administrator account, or
//! gives an existing account the administrator role; `api disable-user` and
//! `api enable-user` disable an account (ending its sessions, calling off
//! its upcoming bookings, stopping its profile taking bookings) or enable
//! it again.

use std::io::BufRead;

use chrono::Utc;
use domain_wasm::{accounts, password};
use thiserror::Error;

use serde_json::json;

use crate::auth::passwords;
use crate::bookings::{self, DisabledSide};
use crate::state::AppState;
use crate::store::audit::{Actor, AuditAction, AuditEntry};
use crate::store::{NewUser, Role, Store, StoreError};

/// Why no administrator was made; each says what to change.
#[derive(Debug, Error)]
pub enum AdminError {
    #[error("--email: {0}")]
    Email(&'static str),
    #[error("--name: {0}")]
    Name(&'static str),
    #[error("ADMIN_PASSWORD: {0}")]
    WeakPassword(&'static str),
    /// No password could be read (see [`read_password`]).
    #[error("{0}")]
    NoPassword(String),
    #[error("cannot hash the password: {0}")]
    Hash(String),
    /// No account has this e-mail address.
    #[error("--email: no account has the e-mail address {0}")]
    UnknownUser(String),
    #[error("the database refused: {0}")]
    Store(#[from] StoreError),
}

/// Disables the account with this e-mail address, or enables it again.
/// Disabling, in one unit of work (issue 20): ends its sessions (its access
/// and refresh tokens stop working at once); calls off its bookings that
/// have not started ([`bookings::call_off_for_disabled`]: a disabled
/// mentor's requests are declined and their sessions cancelled with a full
/// refund; a disabled learner's are cancelled as an administrator's
/// cancellation, refunded by the rules); stops the mentor's profile taking
/// bookings; and writes the audit log (`reason` beside it). Disabled is its
/// own state: the account keeps whether it was ever activated, and no
/// self-service flow (password reset, Google, an activation link) clears
/// it. Returns the line to print.
pub async fn set_disabled(
    state: &AppState,
    email: &str,
    disabled: bool,
    reason: Option<String>,
) -> Result<String, AdminError> {
    let store = &state.store;
    let email = accounts::Email::parse(email).map_err(|p| AdminError::Email(p.message()))?;
    let shown = email.as_str().to_owned();
    let user = match store.user_by_email(&email).await {
        Ok(user) => user,
        Err(StoreError::NotFound) => return Err(AdminError::UnknownUser(shown)),
        Err(e) => return Err(e.into()),
    };
    let now = state.clock.now();
    let mut tx = store.begin().await?;
    tx.set_disabled(user.id, disabled, now).await?;
    let (ended, called_off) = if disabled {
        let ended = tx
            .revoke_sessions_of(user.id, None, "account disabled", now)
            .await?;
        let mut called_off = 0;
        for id in tx.active_booking_ids(user.id, user.mentor_id).await? {
            let b = tx.booking(&id).await?;
            let side = if Some(b.mentor_id) == user.mentor_id {
                DisabledSide::Mentor
            } else {
                DisabledSide::Learner
            };
            if bookings::call_off_for_disabled(state, &mut tx, &id, side, now).await? {
                called_off += 1;
            }
        }
        (ended, called_off)
    } else {
        (0, 0)
    };
    if let Some(mentor_id) = user.mentor_id {
        // The catalogue (in every process) shows the profile's slots go or
        // come back.
        tx.touch_mentor(mentor_id, now).await?;
    }
    let action = if disabled {
        AuditAction::AccountDisabled
    } else {
        AuditAction::AccountEnabled
    };
    let entry = AuditEntry::new(Actor::CommandLine, action, "user", user.id)
        .reason(reason)
        .change(
            Some(json!({ "disabled": user.is_disabled() })),
            Some(json!({
                "disabled": disabled,
                "sessions_ended": ended,
                "bookings_called_off": called_off,
            })),
        );
    tx.audit(&entry, now).await?;
    tx.commit().await?;
    store.catalogue_written();
    state.mailer.wake();
    state.jobs.wake();
    let bookings = match called_off {
        0 => String::new(),
        1 => " 1 upcoming booking was called off.".to_owned(),
        n => format!(" {n} upcoming bookings were called off."),
    };
    Ok(match (disabled, user.is_disabled()) {
        (true, false) => {
            format!("Disabled {shown}; their sessions were ended ({ended} open).{bookings}")
        }
        (true, true) => {
            format!(
                "{shown} was already disabled; their sessions were ended ({ended} open).{bookings}"
            )
        }
        (false, true) if user.is_active => format!("Enabled {shown}."),
        (false, true) => {
            format!("Enabled {shown} (it was never activated: its owner must still activate it).")
        }
        (false, false) => format!("{shown} was not disabled; nothing changed."),
    })
}

/// Creates (or promotes) the administrator; `password` is asked for only
/// when one is needed (the binary passes [`read_password`]: `ADMIN_PASSWORD`
/// or the first line of standard input). Returns the line to print. Every
/// path that writes more than once writes in one transaction.
pub async fn create_admin(
    store: &Store,
    email: &str,
    name: &str,
    password: impl FnOnce() -> Result<String, String>,
) -> Result<String, AdminError> {
    let email = accounts::Email::parse(email).map_err(|p| AdminError::Email(p.message()))?;
    let name = accounts::parse_name(name).map_err(|p| AdminError::Name(p.message()))?;
    let password = || password().map_err(AdminError::NoPassword);
    let now = Utc::now();
    let shown = email.as_str().to_owned();
    match store.user_by_email(&email).await {
        Ok(user) if user.is_active => {
            let mut tx = store.begin().await?;
            tx.set_role(user.id, Role::Admin, now).await?;
            tx.commit().await?;
            Ok(format!(
                "{shown} is now an administrator (password unchanged)."
            ))
        }
        // Never activated: whoever registered it has not proved they own
        // the address, so their password must not become an admin's.
        Ok(user) => {
            let hash = strong_password_hash(password()?).await?;
            let mut tx = store.begin().await?;
            tx.set_password_hash(user.id, &hash, now).await?;
            tx.revoke_sessions_of(user.id, None, "made administrator", now)
                .await?;
            tx.set_role(user.id, Role::Admin, now).await?;
            tx.activate_user(user.id, now).await?;
            tx.commit().await?;
            Ok(format!(
                "{shown} was registered but never activated: it is now an administrator with the new password."
            ))
        }
        Err(StoreError::NotFound) => {
            let hash = strong_password_hash(password()?).await?;
            let new = NewUser {
                email,
                name,
                password_hash: Some(hash),
                google_sub: None,
                role: Role::Admin,
                is_active: true,
                contact_number: None,
            };
            let mut tx = store.begin().await?;
            tx.create_user(&new, now).await?;
            tx.commit().await?;
            Ok(format!("Created the administrator {shown}."))
        }
        Err(e) => Err(e.into()),
    }
}

/// The administrator's password, checked by the domain's strength rule and hashed.
async fn strong_password_hash(password: String) -> Result<String, AdminError> {
    password::check_new_password(&password, &password)
        .map_err(|p| AdminError::WeakPassword(p.message()))?;
    passwords::hash(password)
        .await
        .map_err(|e| AdminError::Hash(e.to_string()))
}

/// `ADMIN_PASSWORD`, or the first line of standard input.
pub fn read_password() -> Result<String, String> {
    if let Ok(p) = std::env::var("ADMIN_PASSWORD")
        && !p.is_empty()
    {
        return Ok(p);
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("cannot read the password from standard input: {e}"))?;
    let password = line.trim_end_matches(['\r', '\n']).to_owned();
    if password.is_empty() {
        return Err("no password: set ADMIN_PASSWORD or pipe it on standard input".into());
    }
    Ok(password)
}

//! `api create-admin`: makes an administrator account, or gives an existing
//! account the administrator role.

use std::io::BufRead;

use chrono::Utc;
use domain_wasm::{accounts, password};

use crate::auth::passwords;
use crate::store::{NewUser, Role, Store, StoreError};

/// Creates (or promotes) the administrator; `password` is asked for only
/// when one is needed (the binary passes [`read_password`]: `ADMIN_PASSWORD`
/// or the first line of standard input). Returns the line to print, or a
/// one-line reason.
pub async fn create_admin(
    store: &Store,
    email: &str,
    name: &str,
    password: impl FnOnce() -> Result<String, String>,
) -> Result<String, String> {
    let email = accounts::Email::parse(email)
        .map_err(|p| format!("--email: {}", p.message()))?
        .into_string();
    let name = accounts::parse_name(name).map_err(|p| format!("--name: {}", p.message()))?;
    let now = Utc::now();
    match store.user_by_email(&email).await {
        Ok(user) if user.is_active => {
            store
                .set_role(user.id, Role::Admin, now)
                .await
                .map_err(|e| e.to_string())?;
            Ok(format!(
                "{email} is now an administrator (password unchanged)."
            ))
        }
        // Never activated: whoever registered it has not proved they own
        // the address, so their password must not become an admin's.
        Ok(user) => {
            let hash = strong_password_hash(password()?).await?;
            let failed = |e: StoreError| e.to_string();
            store
                .set_password_hash(user.id, &hash, now)
                .await
                .map_err(failed)?;
            store
                .revoke_sessions_of(user.id, None, "made administrator", now)
                .await
                .map_err(failed)?;
            store
                .set_role(user.id, Role::Admin, now)
                .await
                .map_err(failed)?;
            store.activate_user(user.id, now).await.map_err(failed)?;
            Ok(format!(
                "{email} was registered but never activated: it is now an administrator with the new password."
            ))
        }
        Err(StoreError::NotFound) => {
            let hash = strong_password_hash(password()?).await?;
            let new = NewUser {
                email: email.clone(),
                name,
                password_hash: Some(hash),
                google_sub: None,
                role: Role::Admin,
                is_active: true,
                contact_number: None,
            };
            store
                .create_user(&new, now)
                .await
                .map_err(|e| e.to_string())?;
            Ok(format!("Created the administrator {email}."))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// The administrator's password, checked by the domain's strength rule and hashed.
async fn strong_password_hash(password: String) -> Result<String, String> {
    password::check_new_password(&password, &password)
        .map_err(|p| format!("ADMIN_PASSWORD: {}", p.message()))?;
    passwords::hash(password).await.map_err(|e| e.to_string())
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

//! `api create-admin`: makes an administrator account, or gives an existing
//! account the administrator role.

use std::io::BufRead;

use chrono::Utc;
use domain_wasm::{accounts, password};

use crate::auth::passwords;
use crate::store::{NewUser, Role, Store, StoreError};

/// Creates (or promotes) the administrator; the password comes from
/// `ADMIN_PASSWORD` or the first line of standard input. Returns the line to
/// print, or a one-line reason.
pub async fn create_admin(store: &Store, email: &str, name: &str) -> Result<String, String> {
    let email = accounts::Email::parse(email)
        .map_err(|p| format!("--email: {}", p.message()))?
        .into_string();
    let name = accounts::parse_name(name).map_err(|p| format!("--name: {}", p.message()))?;
    let now = Utc::now();
    match store.user_by_email(&email).await {
        Ok(user) => {
            store
                .set_role(user.id, Role::Admin, now)
                .await
                .map_err(|e| e.to_string())?;
            store
                .activate_user(user.id, now)
                .await
                .map_err(|e| e.to_string())?;
            Ok(format!(
                "{email} is now an administrator (password unchanged)."
            ))
        }
        Err(StoreError::NotFound) => {
            let password = read_password()?;
            password::check_new_password(&password, &password)
                .map_err(|p| format!("ADMIN_PASSWORD: {}", p.message()))?;
            let hash = passwords::hash(password).await.map_err(|e| e.to_string())?;
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

fn read_password() -> Result<String, String> {
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

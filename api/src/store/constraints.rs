//! The constraints the code relies on, by name, and how a database error
//! is recognised as breaking one. PostgreSQL reports the constraint's name;
//! SQLite reports only the table and columns (`UNIQUE constraint failed:
//! users.email`), so each constraint is listed with both and the two
//! engines give the same answer. `tests/it/schema.rs` checks the list against
//! both migrated schemas.

/// A constraint the code gives a meaning to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    /// One account per e-mail address.
    UserEmail,
    /// One account per Google identity.
    UserGoogleSub,
    /// A session belongs to an existing account.
    SessionUser,
    /// A refresh token belongs to an existing session.
    RefreshTokenSession,
    /// No two active bookings of a mentor hold overlapping time
    /// (PostgreSQL's exclusion constraint; SQLite re-checks in its one
    /// write transaction instead, see `store::bookings`).
    BookingOverlap,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViolationKind {
    Unique,
    ForeignKey,
    /// An exclusion constraint (PostgreSQL only, SQLSTATE 23P01).
    Exclusion,
}

/// One known constraint: its name (as PostgreSQL reports it), and the
/// table and columns SQLite reports instead.
#[derive(Debug, Clone, Copy)]
pub struct Known {
    pub constraint: Constraint,
    pub kind: ViolationKind,
    pub name: &'static str,
    pub table: &'static str,
    pub columns: &'static [&'static str],
}

pub const KNOWN: &[Known] = &[
    Known {
        constraint: Constraint::UserEmail,
        kind: ViolationKind::Unique,
        name: "users_email_key",
        table: "users",
        columns: &["email"],
    },
    Known {
        constraint: Constraint::UserGoogleSub,
        kind: ViolationKind::Unique,
        name: "users_google_sub_key",
        table: "users",
        columns: &["google_sub"],
    },
    Known {
        constraint: Constraint::SessionUser,
        kind: ViolationKind::ForeignKey,
        name: "auth_sessions_user_id_fkey",
        table: "auth_sessions",
        columns: &["user_id"],
    },
    Known {
        constraint: Constraint::RefreshTokenSession,
        kind: ViolationKind::ForeignKey,
        name: "refresh_tokens_session_id_fkey",
        table: "refresh_tokens",
        columns: &["session_id"],
    },
    Known {
        constraint: Constraint::BookingOverlap,
        kind: ViolationKind::Exclusion,
        name: "bookings_no_overlap",
        table: "bookings",
        columns: &["mentor_id", "held_from", "held_until"],
    },
];

/// A write refused by a unique or foreign-key constraint.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind:?} constraint {name} violated")]
pub struct Violation {
    pub kind: ViolationKind,
    /// `None` for a constraint the code gives no meaning to.
    pub constraint: Option<Constraint>,
    /// The constraint's name, or (SQLite) what the engine said instead.
    pub name: String,
}

impl Violation {
    /// The violation a database error reports, if it is one.
    pub fn of(e: &sqlx::Error) -> Option<Violation> {
        let sqlx::Error::Database(db) = e else {
            return None;
        };
        let kind = if db.is_unique_violation() {
            ViolationKind::Unique
        } else if db.is_foreign_key_violation() {
            ViolationKind::ForeignKey
        } else if db.code().as_deref() == Some("23P01") {
            ViolationKind::Exclusion
        } else {
            return None;
        };
        let known = match db.constraint() {
            Some(name) => KNOWN.iter().find(|k| k.name == name),
            None => sqlite_columns(db.message())
                .and_then(|(table, columns)| by_columns(kind, table, &columns)),
        };
        Some(Violation {
            kind,
            constraint: known.map(|k| k.constraint),
            name: known.map_or_else(
                || db.constraint().unwrap_or(db.message()).to_owned(),
                |k| k.name.to_owned(),
            ),
        })
    }
}

fn by_columns(kind: ViolationKind, table: &str, columns: &[&str]) -> Option<&'static Known> {
    KNOWN
        .iter()
        .find(|k| k.kind == kind && k.table == table && k.columns == columns)
}

/// `UNIQUE constraint failed: users.email, users.x` → `("users", ["email", "x"])`.
fn sqlite_columns(message: &str) -> Option<(&str, Vec<&str>)> {
    let list = message.split_once("constraint failed: ")?.1;
    let mut table = None;
    let mut columns = Vec::new();
    for item in list.split(',') {
        let (t, c) = item.trim().split_once('.')?;
        if table.is_some_and(|seen| seen != t) {
            return None;
        }
        table = Some(t);
        columns.push(c);
    }
    Some((table?, columns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_messages_name_table_and_columns() {
        assert_eq!(
            sqlite_columns("UNIQUE constraint failed: users.email"),
            Some(("users", vec!["email"]))
        );
        assert_eq!(
            sqlite_columns("UNIQUE constraint failed: t.a, t.b"),
            Some(("t", vec!["a", "b"]))
        );
        assert_eq!(sqlite_columns("FOREIGN KEY constraint failed"), None);
        assert_eq!(
            by_columns(ViolationKind::Unique, "users", &["email"]).map(|k| k.constraint),
            Some(Constraint::UserEmail)
        );
    }
}

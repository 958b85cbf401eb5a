//! The two migration trees (`migrations/sqlite`, `migrations/postgres`)
//! describe one schema. After migrating a fresh database of each engine,
//! this test reads the schema back from the engines themselves and compares
//! tables, columns, type families, nullability, primary, unique and foreign
//! keys, so the trees cannot drift apart unnoticed.
//!
//! Type families: SQLite keeps timestamps as text (that is how sqlx stores
//! `DateTime<Utc>` there), so a PostgreSQL `timestamptz` column matches a
//! SQLite `TEXT` one; every other family must match exactly.

use crate::common;
use std::collections::{BTreeMap, BTreeSet};

use api::store::Store;
use common::{Engine, TestDb};
use sqlx::Row;

/// A column as both engines can describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Column {
    family: Family,
    nullable: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Family {
    Text,
    Integer,
    Real,
    Bool,
    Timestamp,
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct ForeignKey {
    columns: Vec<String>,
    references: String,
    referenced_columns: Vec<String>,
    /// `cascade`, `no action`, `restrict`, `set null`, `set default`.
    on_delete: String,
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Table {
    columns: BTreeMap<String, Column>,
    primary_key: Vec<String>,
    unique: BTreeSet<Vec<String>>,
    foreign_keys: BTreeSet<ForeignKey>,
}

type Schema = BTreeMap<String, Table>;

fn pg_family(data_type: &str) -> Family {
    match data_type {
        "text" | "character varying" | "character" => Family::Text,
        "bigint" | "integer" | "smallint" => Family::Integer,
        "double precision" | "real" | "numeric" => Family::Real,
        "boolean" => Family::Bool,
        "timestamp with time zone" | "timestamp without time zone" | "date" => Family::Timestamp,
        _ => Family::Other,
    }
}

/// SQLite's type affinity rules (§3.1 of its datatype page), plus the
/// declared names that say "time".
fn sqlite_family(declared: &str) -> Family {
    let t = declared.to_ascii_uppercase();
    if t.contains("INT") {
        Family::Integer
    } else if t.contains("TIMESTAMP") || t.contains("DATETIME") || t == "DATE" {
        Family::Timestamp
    } else if t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT") {
        Family::Text
    } else if t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB") {
        Family::Real
    } else if t.contains("BOOL") {
        Family::Bool
    } else {
        Family::Other
    }
}

fn split(list: &str) -> Vec<String> {
    list.split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

async fn schema_of(store: &Store) -> Schema {
    match store {
        Store::Sqlite(pool) => sqlite_schema(pool).await,
        Store::Postgres(pool) => postgres_schema(pool).await,
    }
}

async fn sqlite_schema(pool: &sqlx::SqlitePool) -> Schema {
    let mut schema = Schema::new();
    let columns = sqlx::query(
        "SELECT m.name AS tbl, p.name AS col, p.type AS ty, p.\"notnull\" AS nn, p.pk AS pk \
         FROM sqlite_master m, pragma_table_info(m.name) p \
         WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%' \
         ORDER BY m.name, p.pk",
    )
    .fetch_all(pool)
    .await
    .expect("columns");
    for row in columns {
        let table = schema.entry(row.get::<String, _>("tbl")).or_default();
        let name: String = row.get("col");
        let pk: i64 = row.get("pk");
        let not_null: i64 = row.get("nn");
        if pk > 0 {
            table.primary_key.push(name.clone());
        }
        table.columns.insert(
            name,
            Column {
                family: sqlite_family(&row.get::<String, _>("ty")),
                // A primary key column never holds NULL in practice
                // (`INTEGER PRIMARY KEY` is the rowid).
                nullable: not_null == 0 && pk == 0,
            },
        );
    }
    let indexes = sqlx::query(
        "SELECT m.name AS tbl, il.name AS idx FROM sqlite_master m, pragma_index_list(m.name) il \
         WHERE m.type = 'table' AND il.\"unique\" = 1 AND il.origin <> 'pk' \
           AND m.name NOT LIKE '_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .expect("indexes");
    for row in indexes {
        let idx: String = row.get("idx");
        let cols: Vec<String> =
            sqlx::query_scalar("SELECT name FROM pragma_index_info($1) ORDER BY seqno")
                .bind(&idx)
                .fetch_all(pool)
                .await
                .expect("index columns");
        schema
            .entry(row.get::<String, _>("tbl"))
            .or_default()
            .unique
            .insert(cols);
    }
    let fks = sqlx::query(
        "SELECT m.name AS tbl, f.id AS id, f.\"table\" AS ref, f.\"from\" AS col, f.\"to\" AS refcol, \
                lower(f.on_delete) AS on_delete \
         FROM sqlite_master m, pragma_foreign_key_list(m.name) f \
         WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq",
    )
    .fetch_all(pool)
    .await
    .expect("foreign keys");
    let mut grouped: BTreeMap<(String, i64), ForeignKey> = BTreeMap::new();
    for row in fks {
        let key = (row.get::<String, _>("tbl"), row.get::<i64, _>("id"));
        let fk = grouped.entry(key).or_insert_with(|| ForeignKey {
            columns: Vec::new(),
            references: row.get("ref"),
            referenced_columns: Vec::new(),
            on_delete: row.get("on_delete"),
        });
        fk.columns.push(row.get("col"));
        fk.referenced_columns
            .push(row.get::<Option<String>, _>("refcol").unwrap_or_default());
    }
    for ((table, _), fk) in grouped {
        schema.entry(table).or_default().foreign_keys.insert(fk);
    }
    schema
}

/// The names of a constraint's or index's columns, in order, as `a,b`.
const PG_COLUMNS: &str = "array_to_string(ARRAY(SELECT a.attname FROM unnest({keys}) \
     WITH ORDINALITY k(attnum, ord) JOIN pg_attribute a ON a.attrelid = {rel} AND a.attnum = k.attnum \
     ORDER BY k.ord), ',')";

fn pg_columns(keys: &str, rel: &str) -> String {
    PG_COLUMNS.replace("{keys}", keys).replace("{rel}", rel)
}

async fn postgres_schema(pool: &sqlx::PgPool) -> Schema {
    let mut schema = Schema::new();
    let columns = sqlx::query(
        "SELECT table_name::text AS tbl, column_name::text AS col, data_type::text AS ty, \
                is_nullable::text AS nullable \
         FROM information_schema.columns \
         WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .expect("columns");
    for row in columns {
        let table = schema.entry(row.get::<String, _>("tbl")).or_default();
        table.columns.insert(
            row.get("col"),
            Column {
                family: pg_family(&row.get::<String, _>("ty")),
                nullable: row.get::<String, _>("nullable") == "YES",
            },
        );
    }
    let indexes = sqlx::query(&format!(
        "SELECT c.relname::text AS tbl, ix.indisprimary AS is_pk, {} AS cols \
         FROM pg_index ix JOIN pg_class c ON c.oid = ix.indrelid \
         JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE n.nspname = 'public' AND ix.indisunique AND c.relname NOT LIKE '\\_sqlx%'",
        pg_columns("ix.indkey", "c.oid")
    ))
    .fetch_all(pool)
    .await
    .expect("indexes");
    for row in indexes {
        let table = schema.entry(row.get::<String, _>("tbl")).or_default();
        let cols = split(&row.get::<String, _>("cols"));
        if row.get::<bool, _>("is_pk") {
            table.primary_key = cols;
        } else {
            table.unique.insert(cols);
        }
    }
    let fks = sqlx::query(&format!(
        "SELECT cl.relname::text AS tbl, rc.relname::text AS ref, {} AS cols, {} AS refcols, \
                CASE con.confdeltype WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null' \
                  WHEN 'd' THEN 'set default' WHEN 'r' THEN 'restrict' ELSE 'no action' END AS on_delete \
         FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid \
         JOIN pg_class rc ON rc.oid = con.confrelid JOIN pg_namespace n ON n.oid = cl.relnamespace \
         WHERE con.contype = 'f' AND n.nspname = 'public'",
        pg_columns("con.conkey", "con.conrelid"),
        pg_columns("con.confkey", "con.confrelid"),
    ))
    .fetch_all(pool)
    .await
    .expect("foreign keys");
    for row in fks {
        schema
            .entry(row.get::<String, _>("tbl"))
            .or_default()
            .foreign_keys
            .insert(ForeignKey {
                columns: split(&row.get::<String, _>("cols")),
                references: row.get("ref"),
                referenced_columns: split(&row.get::<String, _>("refcols")),
                on_delete: row.get("on_delete"),
            });
    }
    schema
}

/// SQLite's stand-in for a PostgreSQL family.
fn same_family(sqlite: Family, postgres: Family) -> bool {
    sqlite == postgres || (sqlite == Family::Text && postgres == Family::Timestamp)
}

/// Every difference, one line each.
fn differences(sqlite: &Schema, postgres: &Schema) -> Vec<String> {
    let mut out = Vec::new();
    let names: BTreeSet<&String> = sqlite.keys().chain(postgres.keys()).collect();
    for name in names {
        let (Some(s), Some(p)) = (sqlite.get(name), postgres.get(name)) else {
            let only = if sqlite.contains_key(name) {
                "SQLite"
            } else {
                "PostgreSQL"
            };
            out.push(format!("table {name}: only on {only}"));
            continue;
        };
        let columns: BTreeSet<&String> = s.columns.keys().chain(p.columns.keys()).collect();
        for column in columns {
            match (s.columns.get(column), p.columns.get(column)) {
                (Some(sc), Some(pc)) => {
                    if !same_family(sc.family, pc.family) {
                        out.push(format!(
                            "{name}.{column}: SQLite {:?}, PostgreSQL {:?}",
                            sc.family, pc.family
                        ));
                    }
                    if sc.nullable != pc.nullable {
                        out.push(format!(
                            "{name}.{column}: nullable on SQLite {}, on PostgreSQL {}",
                            sc.nullable, pc.nullable
                        ));
                    }
                    if sc.family == Family::Other || pc.family == Family::Other {
                        out.push(format!(
                            "{name}.{column}: a type this test does not know; add it to a family"
                        ));
                    }
                }
                (Some(_), None) => out.push(format!("{name}.{column}: only on SQLite")),
                _ => out.push(format!("{name}.{column}: only on PostgreSQL")),
            }
        }
        if s.primary_key != p.primary_key {
            out.push(format!(
                "{name}: primary key {:?} on SQLite, {:?} on PostgreSQL",
                s.primary_key, p.primary_key
            ));
        }
        if s.unique != p.unique {
            out.push(format!(
                "{name}: unique keys {:?} on SQLite, {:?} on PostgreSQL",
                s.unique, p.unique
            ));
        }
        if s.foreign_keys != p.foreign_keys {
            out.push(format!(
                "{name}: foreign keys {:?} on SQLite, {:?} on PostgreSQL",
                s.foreign_keys, p.foreign_keys
            ));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_migration_trees_make_the_same_schema() {
    let Some(pg) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let lite = TestDb::fresh(Engine::Sqlite).await.expect("SQLite");
    let sqlite = schema_of(&lite.open().await).await;
    let postgres = schema_of(&pg.open().await).await;
    assert!(
        sqlite.contains_key("users") && sqlite.contains_key("mentors"),
        "the schema was read: {:?}",
        sqlite.keys()
    );
    assert!(
        sqlite["users"].unique.contains(&vec!["email".to_owned()]),
        "unique keys are read: {:?}",
        sqlite["users"]
    );
    assert!(
        !postgres["auth_sessions"].foreign_keys.is_empty(),
        "foreign keys are read"
    );
    let diff = differences(&sqlite, &postgres);
    assert!(
        diff.is_empty(),
        "the migration trees differ:\n  {}",
        diff.join("\n  ")
    );
}

/// The constraints the code answers by name (`store::constraints`) exist
/// under that name on PostgreSQL and as those columns on both engines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_constraints_the_code_names_exist() {
    use api::store::ViolationKind;
    use api::store::constraints::KNOWN;
    let Some(pg) = TestDb::fresh(Engine::Postgres).await else {
        return;
    };
    let lite = TestDb::fresh(Engine::Sqlite).await.expect("SQLite");
    let pg_store = pg.open().await;
    for schema in [
        schema_of(&lite.open().await).await,
        schema_of(&pg_store).await,
    ] {
        for known in KNOWN {
            let table = &schema[known.table];
            let columns: Vec<String> = known.columns.iter().map(|c| (*c).to_owned()).collect();
            let present = match known.kind {
                ViolationKind::Unique => table.unique.contains(&columns),
                ViolationKind::ForeignKey => {
                    table.foreign_keys.iter().any(|f| f.columns == columns)
                }
                // PostgreSQL's only, found by name below.
                ViolationKind::Exclusion => table.columns.contains_key("held_from"),
            };
            assert!(present, "{known:?} is not in the schema: {table:?}");
        }
    }
    let Store::Postgres(pool) = &pg_store else {
        unreachable!()
    };
    for known in KNOWN {
        let found: Option<String> =
            sqlx::query_scalar("SELECT conname::text FROM pg_constraint WHERE conname = $1")
                .bind(known.name)
                .fetch_optional(pool)
                .await
                .expect("constraint lookup");
        assert!(
            found.is_some(),
            "PostgreSQL has no constraint {}",
            known.name
        );
    }
}

#[test]
fn a_drift_is_reported() {
    let column = |family, nullable| Column { family, nullable };
    let mut sqlite = Schema::new();
    let mut t = Table::default();
    t.columns.insert("at".into(), column(Family::Text, false));
    t.columns.insert("n".into(), column(Family::Integer, true));
    sqlite.insert("things".into(), t.clone());
    let mut postgres = Schema::new();
    t.columns
        .insert("at".into(), column(Family::Timestamp, false));
    t.columns.insert("n".into(), column(Family::Integer, false));
    t.unique.insert(vec!["n".into()]);
    postgres.insert("things".into(), t);
    let diff = differences(&sqlite, &postgres);
    assert_eq!(diff.len(), 2, "{diff:?}");
    assert!(diff[0].contains("things.n: nullable"), "{diff:?}");
    assert!(diff[1].contains("unique keys"), "{diff:?}");
}

//! Bad settings stop the binary with one clear line naming the setting,
//! never a panic or a backtrace.

use std::process::{Command, Output};

fn api(envs: &[(&str, &str)], args: &[&str]) -> Output {
    let tmp = tempfile::tempdir().expect("temp dir");
    Command::new(env!("CARGO_BIN_EXE_api"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "warn")
        .env(
            "DATABASE_URL",
            format!("sqlite:{}", tmp.path().join("db.sqlite").display()),
        )
        .env("WEB_DIR", tmp.path())
        .envs(envs.iter().copied())
        .output()
        .expect("the api binary runs")
}

/// The binary failed with exactly one line of error naming `setting`.
fn assert_one_clear_line(out: &Output, setting: &str, says: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "should fail: {stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    assert!(lines[0].contains(setting), "names {setting}: {stderr}");
    assert!(lines[0].contains(says), "says {says}: {stderr}");
}

#[test]
fn a_malformed_database_url_is_named() {
    let out = api(&[("DATABASE_URL", "mysql://localhost/x")], &[]);
    assert_one_clear_line(&out, "DATABASE_URL", "not a database URL");
    let out = api(&[("DATABASE_URL", "postgres://u:pw@[bad/x")], &[]);
    assert_one_clear_line(&out, "DATABASE_URL", "not a database URL");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains(":pw@"),
        "passwords stay out of messages"
    );
}

#[test]
fn an_unreachable_postgres_is_named() {
    let out = api(
        &[(
            "DATABASE_URL",
            "postgres://nobody:secret@127.0.0.1:1/nothing",
        )],
        &[],
    );
    assert_one_clear_line(
        &out,
        "DATABASE_URL",
        "cannot connect to PostgreSQL at 127.0.0.1:1/nothing",
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("secret"));
}

#[test]
fn an_unwritable_sqlite_path_is_named() {
    let out = api(
        &[("DATABASE_URL", "sqlite:/proc/self/forbidden/db.sqlite")],
        &[],
    );
    assert_one_clear_line(&out, "DATABASE_URL", "cannot open the SQLite database");
}

#[test]
fn a_port_in_use_is_named() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").port().to_string();
    let out = api(
        &[("HOST", "127.0.0.1"), ("PORT", &port), ("DEMO_DATA", "off")],
        &[],
    );
    assert_one_clear_line(&out, "PORT", &format!("cannot listen on 127.0.0.1:{port}"));
}

#[test]
fn a_malformed_port_or_switch_is_named() {
    let out = api(&[("PORT", "eighty")], &[]);
    assert_one_clear_line(&out, "PORT", "eighty");
    let out = api(&[("DEMO_DATA", "maybe")], &[]);
    assert_one_clear_line(&out, "DEMO_DATA", "on or off");
}

/// Like [`api`], but a server that starts anyway (the bug) is stopped
/// after a while instead of running forever.
fn api_that_should_stop(envs: &[(&str, &str)]) -> Output {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_api"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "warn")
        .env(
            "DATABASE_URL",
            format!("sqlite:{}", tmp.path().join("db.sqlite").display()),
        )
        .env("WEB_DIR", tmp.path())
        .envs(envs.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the api binary runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "the server started: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn a_public_server_needs_its_secret_key_from_the_environment() {
    let out = api_that_should_stop(&[
        ("PUBLIC_URL", "https://mentors.example.com"),
        ("HOST", "127.0.0.1"),
        ("PORT", "0"),
        ("DEMO_DATA", "off"),
    ]);
    assert_one_clear_line(&out, "SECRET_KEY", "is not a loopback address");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("https://mentors.example.com"),
        "names PUBLIC_URL's value"
    );
    // A blank SECRET_KEY is no key.
    let out = api_that_should_stop(&[
        ("PUBLIC_URL", "https://mentors.example.com"),
        ("SECRET_KEY", "  "),
        ("PORT", "0"),
        ("DEMO_DATA", "off"),
    ]);
    assert_one_clear_line(&out, "SECRET_KEY", "is not a loopback address");
}

#[test]
fn migrate_brings_a_new_database_up_to_date() {
    let out = api(&[], &["migrate"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("up to date"));
}

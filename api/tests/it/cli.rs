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
        ("SANDBOX_PAYMENTS", "on"),
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
        ("SANDBOX_PAYMENTS", "on"),
    ]);
    assert_one_clear_line(&out, "SECRET_KEY", "is not a loopback address");
}

/// Issue 10, finding 1: demo accounts (published passwords) and the
/// development outbox (every reset link) only on a server people reach at
/// this machine's address.
#[test]
fn the_demo_and_the_dev_outbox_are_refused_on_a_public_server() {
    let public = [
        ("PUBLIC_URL", "https://mentors.example.com"),
        ("SECRET_KEY", "a-secret-key-of-at-least-thirty-two-bytes"),
        ("HOST", "127.0.0.1"),
        ("PORT", "0"),
        ("SANDBOX_PAYMENTS", "on"),
    ];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut envs = public.to_vec();
        envs.extend_from_slice(extra);
        api_that_should_stop(&envs)
    };
    let out = with(&[("DEMO_DATA", "on")]);
    assert_one_clear_line(&out, "DEMO_DATA", "is not a loopback address");
    assert!(String::from_utf8_lossy(&out.stderr).contains("https://mentors.example.com"));
    let out = with(&[("DEV_OUTBOX", "on")]);
    assert_one_clear_line(&out, "DEV_OUTBOX", "are not both loopback addresses");
    // Anyone could move the server's time (issue 12).
    let out = with(&[("TEST_CLOCK", "on")]);
    assert_one_clear_line(&out, "TEST_CLOCK", "are not both loopback addresses");
    let out = with(&[("TEST_CLOCK", "sometimes")]);
    assert_one_clear_line(&out, "TEST_CLOCK", "on or off");
    // Behind a proxy on the same machine (HOST loopback) it is the same.
    let out = with(&[("DEMO_DATA", "on"), ("DEV_OUTBOX", "on")]);
    assert_one_clear_line(&out, "DEMO_DATA", "is not a loopback address");
    // Refused before the database is touched, for every command.
    let out = api(
        &[
            ("PUBLIC_URL", "https://mentors.example.com"),
            ("DEMO_DATA", "on"),
        ],
        &["migrate"],
    );
    assert_one_clear_line(&out, "DEMO_DATA", "is not a loopback address");
}

/// Issue 19: one rule for a live site (PUBLIC_URL or HOST not a loopback
/// address): `api serve` refuses the sandbox gateway, by default or by
/// choice, unless SANDBOX_PAYMENTS=on says it is a staging site; the other
/// commands are unaffected.
#[test]
fn a_live_site_cannot_run_the_sandbox_unless_it_says_it_is_staging() {
    let secret = ("SECRET_KEY", "a-secret-key-of-at-least-thirty-two-bytes");
    for envs in [
        vec![
            ("PUBLIC_URL", "https://mentors.example.com"),
            ("HOST", "127.0.0.1"),
        ],
        vec![("HOST", "0.0.0.0")],
        vec![
            ("PUBLIC_URL", "https://mentors.example.com"),
            ("PAYMENT_GATEWAY", "sandbox"),
        ],
    ] {
        let mut envs = envs.clone();
        envs.extend([("PORT", "0"), secret]);
        let out = api_that_should_stop(&envs);
        assert_one_clear_line(&out, "PAYMENT_GATEWAY", "SANDBOX_PAYMENTS=on");
        let said = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(
            said.contains("PAYMENT_GATEWAY=razorpay"),
            "names the fix: {said}"
        );
    }
    // A live site refuses the development outbox and the test clock when
    // only HOST is public too.
    let out = api_that_should_stop(&[
        ("HOST", "0.0.0.0"),
        ("PORT", "0"),
        secret,
        ("DEV_OUTBOX", "on"),
    ]);
    assert_one_clear_line(&out, "DEV_OUTBOX", "loopback");
    let out = api_that_should_stop(&[
        ("HOST", "0.0.0.0"),
        ("PORT", "0"),
        secret,
        ("TEST_CLOCK", "on"),
    ]);
    assert_one_clear_line(&out, "TEST_CLOCK", "loopback");
    // Another command on the same settings is unaffected.
    let out = api(
        &[("PUBLIC_URL", "https://mentors.example.com"), secret],
        &["migrate"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A server reads its first lines: where it listens, then what it says
/// about the demo and e-mail, until `ready` says enough; then it is stopped.
fn first_lines_of_a_server(envs: &[(&str, &str)]) -> (String, [String; 2]) {
    use std::io::{BufRead, BufReader, Read, Write};
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
        .env("HOST", "127.0.0.1")
        .env("PORT", "0")
        .envs(envs.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the api binary runs");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut printed = String::new();
    let mut line = String::new();
    while stdout.read_line(&mut line).expect("reads") > 0 {
        printed.push_str(&line);
        line.clear();
        if printed.contains("Listening on http://") {
            break;
        }
    }
    let addr = printed
        .split("Listening on http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {printed:?}"))
        .to_owned();
    // The rest of what it prints at start comes before it answers.
    let get = |path: &str| {
        let mut stream = std::net::TcpStream::connect(&addr).expect("connects");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .expect("writes");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        answer
    };
    let answers = [get("/api/mentors/"), get("/api/dev/outbox/")];
    let _ = child.kill();
    let _ = child.wait();
    let mut rest = String::new();
    let _ = stdout.read_to_string(&mut rest);
    (printed + &rest, answers)
}

#[test]
fn the_binary_starts_without_the_demo_or_the_dev_outbox() {
    let (printed, [list, outbox]) = first_lines_of_a_server(&[]);
    assert!(!printed.contains("Demo accounts"), "{printed}");
    assert!(!printed.contains("/dev/outbox"), "{printed}");
    assert!(printed.contains("E-mail is not sent"), "{printed}");
    assert!(
        list.starts_with("HTTP/1.1 200") && list.ends_with("[]"),
        "{list}"
    );
    assert!(outbox.starts_with("HTTP/1.1 404"), "{outbox}");

    // `just run` turns both on.
    let (printed, [list, outbox]) =
        first_lines_of_a_server(&[("DEMO_DATA", "on"), ("DEV_OUTBOX", "on")]);
    assert!(printed.contains("Demo accounts"), "{printed}");
    assert!(
        printed.contains("learner@demo.mentorbridge.in"),
        "{printed}"
    );
    assert!(printed.contains("/dev/outbox"), "{printed}");
    assert!(
        list.starts_with("HTTP/1.1 200") && list.contains("Ananya"),
        "{list}"
    );
    assert!(outbox.starts_with("HTTP/1.1 200"), "{outbox}");
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

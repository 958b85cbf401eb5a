use std::process::ExitCode;

use api::config::{Cli, Command};
use api::server;
use clap::Parser as _;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,poem=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One line naming the setting, e.g. "invalid value 'x' for '--port <PORT>'".
            let text = e.to_string();
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments");
            eprintln!("{} (see --help)", first.trim());
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> Result<(), server::StartError> {
    let mut settings = cli.settings;
    settings.start_test_clock();
    if matches!(cli.command, None | Some(Command::Serve)) {
        server::refuse_unsafe_live(&settings)?;
    }
    let store = server::prepare(&settings).await?;
    match cli.command {
        Some(Command::Migrate) => {
            store.close().await;
            println!("The database schema is up to date.");
            return Ok(());
        }
        Some(Command::CreateAdmin { email, name }) => {
            let result =
                api::admin::create_admin(&store, &email, &name, api::admin::read_password).await;
            store.close().await;
            return result
                .map(|line| println!("{line}"))
                .map_err(server::StartError::Admin);
        }
        Some(Command::DisableUser { email, reason }) => {
            return set_disabled(&settings, store, &email, true, reason).await;
        }
        Some(Command::EnableUser { email }) => {
            return set_disabled(&settings, store, &email, false, None).await;
        }
        Some(Command::LedgerReport) => {
            let with_sandbox = settings.payment_gateway == api::config::PaymentGateway::Sandbox;
            let result = api::ledger::report(&store, with_sandbox).await;
            store.close().await;
            return match result {
                Ok(report) => {
                    print!("{}", api::ledger::report_text(&report));
                    if report.balanced {
                        Ok(())
                    } else {
                        Err(server::StartError::Ledger(
                            "the ledger does not balance".to_owned(),
                        ))
                    }
                }
                Err(e) => Err(server::StartError::Ledger(e.to_string())),
            };
        }
        Some(Command::RotatePayoutKey) => {
            let result = server::load_payout_cipher(
                &store,
                &settings,
                api::store::audit::Actor::CommandLine,
            )
            .await;
            store.close().await;
            return result.map(|(c, done)| {
                println!(
                    "Payout details are sealed under key {}: {} sealed from clear text, {} sealed again from older keys.",
                    c.key_id(),
                    done.from_clear,
                    done.rotated
                );
            });
        }
        Some(Command::Serve) | None => {}
    }
    let bound = server::bind(&settings, store).await?;
    println!(
        "Listening on http://{} (database: {})",
        bound.addr,
        api::store::redact(&settings.database_url)
    );
    if settings.demo_accounts_wanted() {
        println!("Demo accounts (DEMO_DATA=on; starting with it off removes them):");
        for account in api::demo::accounts() {
            println!(
                "  {:<7} {:<30} password {}",
                account.role.as_str(),
                account.email,
                account.password
            );
        }
    }
    if bound.state().dev_outbox {
        println!(
            "E-mail is not sent (no SMTP_URL): read it at {}/dev/outbox",
            bound.state().public_url
        );
    } else if bound.state().mailer.dev_outbox_enabled() {
        // No SMTP server: messages are recorded, their links redacted.
        println!(
            "E-mail is not sent (no SMTP_URL): set SMTP_URL to deliver it (or DEV_OUTBOX=on to read it, on this machine only)"
        );
    }
    if bound.state().test_clock.is_some() {
        println!(
            "The clock stands still (TEST_CLOCK=on): move it with POST {}/dev/clock/ {{\"advance_seconds\": N}}",
            bound.state().public_url
        );
    }
    bound.run(shutdown_signal()).await
}

/// `api disable-user` / `api enable-user`: prints the line, or fails with it.
async fn set_disabled(
    settings: &api::config::Settings,
    store: api::store::Store,
    email: &str,
    disabled: bool,
    reason: Option<String>,
) -> Result<(), server::StartError> {
    let state = server::command_state(settings, store.clone()).await?;
    let result = api::admin::set_disabled(&state, email, disabled, reason).await;
    store.close().await;
    result
        .map(|line| println!("{line}"))
        .map_err(server::StartError::Admin)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
    tracing::info!("shutting down");
}

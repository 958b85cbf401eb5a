//! Runs the Razorpay stand-in ([`api::payments::standin`]) as a process,
//! for the browser tests: prints `RAZORPAY_STANDIN_URL=http://127.0.0.1:PORT`
//! on stdout once it listens, then serves until killed (or Ctrl-C). Logs go
//! to stderr.
//!
//! `cargo run -p api --example razorpay_standin -- [--bind 127.0.0.1:0]
//! [--webhook-url URL] [--key-id ..] [--key-secret ..] [--webhook-secret ..]`

use std::io::Write;

use api::payments::standin::{RazorpayStandIn, StandInConfig};
use clap::Parser;

/// The stand-in's settings; unset ones are [`StandInConfig::default`]'s.
#[derive(Parser)]
#[command(about = "A local stand-in for Razorpay's API, checkout and webhooks")]
struct Args {
    /// The address to listen on.
    #[arg(long)]
    bind: Option<String>,
    /// Where to POST signed webhooks (none when unset).
    #[arg(long)]
    webhook_url: Option<String>,
    #[arg(long)]
    key_id: Option<String>,
    #[arg(long)]
    key_secret: Option<String>,
    #[arg(long)]
    webhook_secret: Option<String>,
}

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
    let args = Args::parse();
    let default = StandInConfig::default();
    let config = StandInConfig {
        key_id: args.key_id.unwrap_or(default.key_id),
        key_secret: args.key_secret.unwrap_or(default.key_secret),
        webhook_secret: args.webhook_secret.unwrap_or(default.webhook_secret),
        webhook_url: args.webhook_url,
        bind: args.bind.unwrap_or(default.bind),
    };
    let bind = config.bind.clone();
    let stand_in = match RazorpayStandIn::start(config).await {
        Ok(stand_in) => stand_in,
        Err(e) => {
            eprintln!("razorpay_standin: cannot listen on {bind}: {e}");
            std::process::exit(1);
        }
    };
    let mut out = std::io::stdout().lock();
    let printed =
        writeln!(out, "RAZORPAY_STANDIN_URL={}", stand_in.url()).and_then(|()| out.flush());
    drop(out);
    if let Err(e) = printed {
        eprintln!("razorpay_standin: cannot write to stdout: {e}");
        std::process::exit(1);
    }
    if let Err(e) = tokio::signal::ctrl_c().await {
        eprintln!("razorpay_standin: cannot wait for Ctrl-C: {e}");
    }
    stand_in.stop();
}

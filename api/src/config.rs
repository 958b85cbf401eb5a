//! Settings, from the command line or the environment.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "api",
    version,
    about = "The mentorship marketplace: API and web server."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the web app (the default).
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
}

#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// The database: `sqlite:PATH` (created if missing) or `postgres://USER@HOST:PORT/DB`.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite:data/mentorship.db",
        global = true
    )]
    pub database_url: String,
    /// The address to listen on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1", global = true)]
    pub host: String,
    /// The port to listen on (0 picks a free one).
    #[arg(long, env = "PORT", default_value_t = 8080, global = true)]
    pub port: u16,
    /// The folder of the built web app.
    #[arg(long, env = "WEB_DIR", default_value = "webapp/dist", global = true)]
    pub web_dir: PathBuf,
    /// Fill an empty catalogue with demo mentors at start: `on` or `off` (use off in production).
    #[arg(long, env = "DEMO_DATA", default_value = "on", value_parser = parse_switch, global = true)]
    pub demo_data: bool,
}

fn parse_switch(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" => Ok(false),
        _ => Err(format!(
            "expected on or off (set DEMO_DATA or --demo-data), got {s:?}"
        )),
    }
}

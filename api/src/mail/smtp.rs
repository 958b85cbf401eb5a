//! `SMTP_URL`: what it may say and the lettre transport it makes.
//!
//! - `smtp://USER:PASS@HOST[:PORT]`: STARTTLS, required (port 587 by default);
//! - `smtps://USER:PASS@HOST[:PORT]`: TLS from the first byte (port 465);
//! - `smtp://HOST:PORT?tls=none`: no encryption, for a relay on the same
//!   machine or network only. `?tls=opportunistic` upgrades when offered.
//!
//! lettre's own `from_url` reads a plain `smtp://` as unencrypted and has no
//! `tls=none`; this reading makes the short form the safe one.

use std::borrow::Cow;
use std::fmt;
use std::time::Duration;

use lettre::transport::smtp::PoolConfig;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, Tokio1Executor};

use super::MailConfigError;

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// Plain connection upgraded with STARTTLS; refuses to go on without it.
    StartTls,
    /// Upgraded with STARTTLS when the server offers it, plain otherwise.
    Opportunistic,
    /// TLS from the start (SMTPS).
    ImplicitTls,
    /// No encryption at all.
    None,
}

/// A parsed `SMTP_URL`. `Display` shows it without credentials.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpTarget {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// User name and password, percent-decoded.
    pub credentials: Option<(String, String)>,
}

impl fmt::Debug for SmtpTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpTarget")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.credentials.as_ref().map(|(user, _)| user))
            .finish_non_exhaustive()
    }
}

impl fmt::Display for SmtpTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = match self.security {
            Security::ImplicitTls => "smtps",
            _ => "smtp",
        };
        write!(f, "{scheme}://{}:{}", self.host, self.port)?;
        match self.security {
            Security::None => f.write_str(" (unencrypted)"),
            Security::Opportunistic => f.write_str(" (STARTTLS when offered)"),
            Security::StartTls => f.write_str(" (STARTTLS)"),
            Security::ImplicitTls => Ok(()),
        }
    }
}

fn bad(reason: impl Into<String>) -> MailConfigError {
    MailConfigError(reason.into())
}

const FORMS: &str = "use smtp://USER:PASS@HOST:587 (STARTTLS), smtps://USER:PASS@HOST:465 (TLS) or smtp://HOST:PORT?tls=none (unencrypted, local relays only)";

impl SmtpTarget {
    /// Reads an `SMTP_URL`. Errors name what is wrong and never repeat the
    /// URL itself, which may hold a password.
    pub fn parse(url: &str) -> Result<SmtpTarget, MailConfigError> {
        let parsed = url::Url::parse(url.trim())
            .map_err(|e| bad(format!("it is not a URL ({e}); {FORMS}")))?;
        let mut tls: Option<String> = None;
        for (key, value) in parsed.query_pairs() {
            match key.as_ref() {
                "tls" => tls = Some(value.to_ascii_lowercase()),
                other => {
                    return Err(bad(format!(
                        "unknown parameter {other:?} (only tls=none, tls=opportunistic or tls=required are understood)"
                    )));
                }
            }
        }
        let (security, default_port) = match (parsed.scheme(), tls.as_deref()) {
            ("smtp", None | Some("required" | "starttls")) => (Security::StartTls, 587),
            ("smtp", Some("opportunistic")) => (Security::Opportunistic, 587),
            ("smtp", Some("none" | "off" | "plain")) => (Security::None, 25),
            ("smtps", None | Some("wrapper" | "implicit")) => (Security::ImplicitTls, 465),
            ("smtp" | "smtps", Some(other)) => {
                return Err(bad(format!(
                    "tls={other:?} is not understood with {}://; {FORMS}",
                    parsed.scheme()
                )));
            }
            (scheme, _) => {
                return Err(bad(format!(
                    "the scheme {scheme:?} is not smtp or smtps; {FORMS}"
                )));
            }
        };
        let host = parsed
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| bad(format!("it names no server; {FORMS}")))?;
        // An IPv6 literal comes back in brackets; the transport wants it bare.
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let port = parsed.port().unwrap_or(default_port);
        let decode = |part: &str, what: &str| -> Result<String, MailConfigError> {
            percent_encoding::percent_decode_str(part)
                .decode_utf8()
                .map(Cow::into_owned)
                .map_err(|_| {
                    bad(format!(
                        "the {what} is not valid UTF-8 once percent-decoded"
                    ))
                })
        };
        let credentials = match (parsed.username(), parsed.password()) {
            ("", None) => None,
            ("", Some(_)) => return Err(bad("it has a password but no user name")),
            (_, None) => {
                return Err(bad(
                    "it has a user name but no password (write smtp://USER:PASS@HOST; percent-encode special characters)",
                ));
            }
            (user, Some(pass)) => Some((decode(user, "user name")?, decode(pass, "password")?)),
        };
        Ok(SmtpTarget {
            host,
            port,
            security,
            credentials,
        })
    }

    /// The TLS settings for this target; fails when TLS cannot be set up.
    pub fn tls(&self) -> Result<Tls, MailConfigError> {
        let tls_parameters = || {
            TlsParameters::new(self.host.clone())
                .map_err(|e| bad(format!("cannot set up TLS for {}: {e}", self.host)))
        };
        Ok(match self.security {
            Security::None => Tls::None,
            Security::StartTls => Tls::Required(tls_parameters()?),
            Security::Opportunistic => Tls::Opportunistic(tls_parameters()?),
            Security::ImplicitTls => Tls::Wrapper(tls_parameters()?),
        })
    }

    /// The lettre transport for this target, with a small connection pool.
    /// Nothing connects yet, but the pool needs a Tokio runtime: call this
    /// from async code.
    pub fn transport(
        &self,
        timeout: Duration,
    ) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailConfigError> {
        let mut builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(self.host.as_str())
                .port(self.port)
                .tls(self.tls()?)
                .timeout(Some(timeout))
                .pool_config(
                    PoolConfig::new()
                        .max_size(4)
                        .idle_timeout(Duration::from_secs(30)),
                );
        if let Some((user, pass)) = &self.credentials {
            builder = builder.credentials(Credentials::new(user.clone(), pass.clone()));
        }
        Ok(builder.build())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(url: &str) -> SmtpTarget {
        SmtpTarget::parse(url).expect("a usable SMTP_URL")
    }

    fn error(url: &str) -> String {
        SmtpTarget::parse(url)
            .expect_err("an unusable SMTP_URL")
            .to_string()
    }

    #[test]
    fn plain_smtp_means_required_starttls_on_the_submission_port() {
        let t = parse("smtp://mailer%40example.com:p%40ss@smtp.example.com");
        assert_eq!(t.host, "smtp.example.com");
        assert_eq!(t.port, 587);
        assert_eq!(t.security, Security::StartTls);
        assert_eq!(
            t.credentials,
            Some(("mailer@example.com".into(), "p@ss".into()))
        );
    }

    #[test]
    fn smtps_is_implicit_tls_on_465() {
        let t = parse("smtps://u:p@smtp.example.com");
        assert_eq!((t.port, t.security), (465, Security::ImplicitTls));
        let t = parse("smtps://u:p@smtp.example.com:2465");
        assert_eq!(t.port, 2465);
    }

    #[test]
    fn tls_none_is_an_unencrypted_relay_without_credentials() {
        let t = parse("smtp://127.0.0.1:2525?tls=none");
        assert_eq!(t.host, "127.0.0.1");
        assert_eq!((t.port, t.security), (2525, Security::None));
        assert_eq!(t.credentials, None);
        assert_eq!(t.to_string(), "smtp://127.0.0.1:2525 (unencrypted)");
        let t = parse("smtp://relay?tls=opportunistic");
        assert_eq!(t.security, Security::Opportunistic);
    }

    #[tokio::test]
    async fn transports_build_for_every_form() {
        for url in [
            "smtp://u:p@smtp.example.com:587",
            "smtps://u:p@smtp.example.com",
            "smtp://127.0.0.1:2525?tls=none",
            "smtp://[::1]:2525?tls=none",
        ] {
            assert!(
                parse(url).transport(Duration::from_secs(5)).is_ok(),
                "{url}"
            );
        }
    }

    #[test]
    fn unusable_urls_say_why_and_name_the_setting() {
        for (url, why) in [
            ("http://mail.example.com", "scheme \"http\""),
            ("not a url", "not a URL"),
            ("smtp://mail.example.com?tls=sometimes", "tls=\"sometimes\""),
            (
                "smtp://mail.example.com?port=25",
                "unknown parameter \"port\"",
            ),
            ("smtp://user@mail.example.com", "no password"),
            ("smtps://:pw@mail.example.com", "no user name"),
        ] {
            let message = error(url);
            assert!(message.starts_with("SMTP_URL is not usable: "), "{message}");
            assert!(message.contains(why), "{url}: {message}");
            assert!(!message.contains('\n'), "one line: {message}");
        }
    }

    #[test]
    fn passwords_never_reach_messages() {
        for url in [
            "ftp://user:hunter2@mail.example.com",
            "smtp://user:hunter2@mail.example.com?tls=maybe",
            "smtp://user:hunter2@mail.example.com?x=1",
            "smtp://user:hunter2@:25",
        ] {
            let message = error(url);
            assert!(!message.contains("hunter2"), "{message}");
        }
        let t = parse("smtp://user:hunter2@mail.example.com");
        assert!(!t.to_string().contains("hunter2"));
        assert!(!format!("{t:?}").contains("hunter2"));
    }
}

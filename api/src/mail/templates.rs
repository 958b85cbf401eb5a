//! The messages the product sends. Each is written once as a list of
//! blocks and rendered twice: a plain-text part and a simple, inline-styled
//! HTML part that mail clients display reliably. Every interpolated value
//! is HTML-escaped in the HTML part.

use html_escape::{encode_double_quoted_attribute, encode_text};

use domain_wasm::session;

use super::{BRAND, Email};

/// How long a link works, in words ("3 days", "1 hour"), from the same
/// constants the server checks links against (`crate::auth::tokens`).
/// A link's lifetime from the session rules (milliseconds).
fn link_lifetime(ms: u32) -> chrono::Duration {
    chrono::Duration::milliseconds(i64::from(ms))
}

fn lifetime_in_words(lifetime: chrono::Duration) -> String {
    let plural = |n: i64, unit: &str| {
        if n == 1 {
            format!("1 {unit}")
        } else {
            format!("{n} {unit}s")
        }
    };
    if lifetime.num_hours() >= 24 && lifetime.num_hours() % 24 == 0 {
        plural(lifetime.num_days(), "day")
    } else if lifetime.num_minutes() >= 60 && lifetime.num_minutes() % 60 == 0 {
        plural(lifetime.num_hours(), "hour")
    } else {
        plural(lifetime.num_minutes(), "minute")
    }
}

/// One piece of a message.
enum Block {
    /// A paragraph.
    Para(String),
    /// A call to action: a button in HTML, the bare link in text.
    Action { label: &'static str, link: String },
    /// A bulleted list.
    List(Vec<String>),
    /// A smaller, secondary paragraph.
    Note(String),
}

struct Message<'a> {
    kind: &'static str,
    to: &'a str,
    subject: String,
    /// The first line a mail client previews.
    preheader: String,
    name: &'a str,
    blocks: Vec<Block>,
}

/// A person's name fit for a greeting: their short name (the crate's
/// `short_name`: "Dr. Asha Rao" is Asha), no control characters, at most
/// 80 characters; "there" when empty.
fn greeting_name(name: &str) -> String {
    let cleaned = domain_wasm::naming::short_name(name);
    let clipped: String = cleaned.chars().take(80).collect();
    if clipped.is_empty() {
        "there".to_owned()
    } else {
        clipped
    }
}

const FONT: &str = "font-family:Arial,Helvetica,sans-serif;";
/// The brand colour of links and buttons in every message.
pub(super) const ACCENT: &str = "#1d4ed8";

impl Message<'_> {
    fn render(self) -> Email {
        let name = greeting_name(self.name);
        Email {
            kind: self.kind,
            to: self.to.trim().to_owned(),
            text: self.text(&name),
            html: self.html(&name),
            subject: self.subject,
            attachments: Vec::new(),
            in_app: None,
        }
    }

    fn text(&self, name: &str) -> String {
        let mut out = format!("Hi {name},\n\n");
        for block in &self.blocks {
            match block {
                Block::Para(p) | Block::Note(p) => out.push_str(p),
                Block::Action { link, .. } => out.push_str(link),
                Block::List(items) => {
                    let lines: Vec<String> = items.iter().map(|i| format!("- {i}")).collect();
                    out.push_str(&lines.join("\n"));
                }
            }
            out.push_str("\n\n");
        }
        out.push_str(&format!("The {BRAND} team\n\n-- \n{}\n", footer()));
        out
    }

    fn html(&self, name: &str) -> String {
        let mut body = String::new();
        body.push_str(&format!(
            "<p style=\"margin:0 0 16px 0;\">Hi {},</p>\n",
            encode_text(name)
        ));
        for block in &self.blocks {
            match block {
                Block::Para(p) => body.push_str(&format!(
                    "<p style=\"margin:0 0 16px 0;\">{}</p>\n",
                    encode_text(p)
                )),
                Block::Note(p) => body.push_str(&format!(
                    "<p style=\"margin:0 0 16px 0;font-size:14px;line-height:20px;color:#4b5563;\">{}</p>\n",
                    encode_text(p)
                )),
                Block::List(items) => {
                    body.push_str("<ul style=\"margin:0 0 16px 0;padding:0 0 0 20px;\">\n");
                    for item in items {
                        body.push_str(&format!(
                            "<li style=\"margin:0 0 8px 0;\">{}</li>\n",
                            encode_text(item)
                        ));
                    }
                    body.push_str("</ul>\n");
                }
                Block::Action { label, link } => {
                    let href = encode_double_quoted_attribute(link);
                    body.push_str(&format!(
                        "<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"margin:8px 0 24px 0;\">\
                         <tr><td style=\"border-radius:6px;background-color:{ACCENT};\">\
                         <a href=\"{href}\" style=\"display:inline-block;padding:12px 24px;{FONT}font-size:16px;font-weight:bold;\
                         color:#ffffff;text-decoration:none;border-radius:6px;\">{}</a></td></tr></table>\n\
                         <p style=\"margin:0 0 16px 0;font-size:14px;line-height:20px;color:#4b5563;\">\
                         If the button does not work, copy this address into your browser:<br>\
                         <a href=\"{href}\" style=\"color:{ACCENT};word-break:break-all;\">{}</a></p>\n",
                        encode_text(label),
                        encode_text(link),
                    ));
                }
            }
        }
        body.push_str(&format!("<p style=\"margin:0;\">The {BRAND} team</p>\n"));
        document(&self.subject, &self.preheader, &body, &footer())
    }
}

/// The HTML part's document around `body` (markup already escaped): the
/// brand, the subject as the heading, and the footer. Every message the
/// product sends uses it, so they all look alike.
pub(super) fn document(subject: &str, preheader: &str, body: &str, footer: &str) -> String {
    format!(
        "<!DOCTYPE html>\n\
         <html lang=\"en\">\n\
         <head>\n\
         <meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light\">\n\
         <title>{subject}</title>\n\
         </head>\n\
         <body style=\"margin:0;padding:0;background-color:#f3f4f6;\">\n\
         <div style=\"display:none;max-height:0;overflow:hidden;\">{preheader}</div>\n\
         <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"background-color:#f3f4f6;\">\n\
         <tr><td align=\"center\" style=\"padding:24px 12px;\">\n\
         <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"max-width:560px;background-color:#ffffff;border-radius:8px;\">\n\
         <tr><td style=\"padding:24px 32px 0 32px;{FONT}font-size:20px;font-weight:bold;color:{ACCENT};\">{BRAND}</td></tr>\n\
         <tr><td style=\"padding:16px 32px 32px 32px;{FONT}font-size:16px;line-height:24px;color:#1f2937;\">\n\
         <h1 style=\"margin:0 0 16px 0;font-size:22px;line-height:30px;color:#111827;\">{subject}</h1>\n\
         {body}\
         </td></tr>\n\
         </table>\n\
         <p style=\"max-width:560px;margin:16px auto 0 auto;{FONT}font-size:12px;line-height:18px;color:#6b7280;\">{footer}</p>\n\
         </td></tr>\n\
         </table>\n\
         </body>\n\
         </html>\n",
        subject = encode_text(subject),
        preheader = encode_text(preheader),
        footer = encode_text(footer),
    )
}

fn footer() -> String {
    format!(
        "You are receiving this message because of an account at {BRAND}, the place to find and book one-on-one sessions with mentors. It was sent automatically; replies to this address are not read."
    )
}

/// Asks a new member to confirm their address; the link activates the account.
pub fn activation(to: &str, name: &str, link: &str) -> Email {
    let lifetime = lifetime_in_words(link_lifetime(session::ACTIVATION_LINK_TTL_MS));
    Message {
        kind: "activation",
        to,
        name,
        subject: format!("Activate your {BRAND} account"),
        preheader: format!("Confirm your e-mail address to start booking sessions. The link works for {lifetime}."),
        blocks: vec![
            Block::Para(format!(
                "Thank you for joining {BRAND}! Please confirm that this is your e-mail address to activate your account."
            )),
            Block::Action {
                label: "Activate my account",
                link: link.to_owned(),
            },
            Block::Para(format!(
                "The link works for {lifetime}. If it has expired, you can ask for a new one from the sign-in page."
            )),
            Block::Para(
                "Once your account is active you can browse mentors in career, business, technology and many other fields, and book one-on-one video sessions with them."
                    .to_owned(),
            ),
            Block::Note(format!(
                "If you did not create a {BRAND} account, you can safely ignore this e-mail: no account will be activated."
            )),
        ],
    }
    .render()
}

/// Sends a single-use link to choose a new password.
pub fn password_reset(to: &str, name: &str, link: &str) -> Email {
    let lifetime = lifetime_in_words(link_lifetime(session::RESET_LINK_TTL_MS));
    Message {
        kind: "password_reset",
        to,
        name,
        subject: format!("Reset your {BRAND} password"),
        preheader: format!("Choose a new password. The link works once and for {lifetime}."),
        blocks: vec![
            Block::Para(format!(
                "We received a request to reset the password of your {BRAND} account. Use the button below to choose a new one."
            )),
            Block::Action {
                label: "Choose a new password",
                link: link.to_owned(),
            },
            Block::Para(format!(
                "The link works only once and for {lifetime}. Need another? Ask for a new link from the sign-in page."
            )),
            Block::Note(
                "If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is and nobody can change it without this link."
                    .to_owned(),
            ),
        ],
    }
    .render()
}

/// Confirms a password change and tells the member what to do if it was not them.
pub fn password_changed(to: &str, name: &str, login_link: &str) -> Email {
    Message {
        kind: "password_changed",
        to,
        name,
        subject: format!("Your {BRAND} password was changed"),
        preheader: "Your password was just changed. If this was you, there is nothing to do."
            .to_owned(),
        blocks: vec![
            Block::Para(format!(
                "The password of your {BRAND} account was just changed. If this was you, there is nothing more to do: sign in with your new password."
            )),
            Block::Action {
                label: "Sign in",
                link: login_link.to_owned(),
            },
            Block::Para(
                "If you did not change your password, someone else may have access to your account. Use \"Forgot password\" on the sign-in page to choose a new one right away, and contact our support team."
                    .to_owned(),
            ),
        ],
    }
    .render()
}

/// Tells the owner that Google sign-in was linked to their account (sent on
/// every link, so a link they did not make does not go unnoticed).
pub fn google_linked(to: &str, name: &str, google_email: &str, reset_link: &str) -> Email {
    Message {
        kind: "google_linked",
        to,
        name,
        subject: format!("Google sign-in was added to your {BRAND} account"),
        preheader: "You can now sign in with Google. If this was you, there is nothing to do."
            .to_owned(),
        blocks: vec![
            Block::Para(format!(
                "The Google account {google_email} can now sign in to your {BRAND} account with \"Continue with Google\". If this was you, there is nothing more to do."
            )),
            Block::Para(
                "If you did not do this, someone else may have access to your account: choose a new password right away and contact our support team."
                    .to_owned(),
            ),
            Block::Action {
                label: "Choose a new password",
                link: reset_link.to_owned(),
            },
        ],
    }
    .render()
}

/// Sends a signed-in Google account a single-use link to set its first
/// password (a bearer token alone may not add one).
pub fn first_password(to: &str, name: &str, link: &str) -> Email {
    let lifetime = lifetime_in_words(link_lifetime(session::RESET_LINK_TTL_MS));
    Message {
        kind: "first_password",
        to,
        name,
        subject: format!("Set a password for your {BRAND} account"),
        preheader: format!("Choose a password to sign in without Google. The link works once and for {lifetime}."),
        blocks: vec![
            Block::Para(format!(
                "You asked to add a password to your {BRAND} account, which signs in with Google. Use the button below to choose one; you can keep signing in with Google as well."
            )),
            Block::Action {
                label: "Choose a password",
                link: link.to_owned(),
            },
            Block::Para(format!(
                "The link works only once and for {lifetime}."
            )),
            Block::Note(
                "If you did not ask for this, you can ignore this e-mail: no password is added without this link. Someone may be signed in to your account, though: sign out of the devices you do not recognise and contact our support team."
                    .to_owned(),
            ),
        ],
    }
    .render()
}

/// Greets a member whose account has just become active.
pub fn welcome(to: &str, name: &str, site_link: &str) -> Email {
    Message {
        kind: "welcome",
        to,
        name,
        subject: format!("Welcome to {BRAND}"),
        preheader: "Your account is active. Here is how to find the right mentor.".to_owned(),
        blocks: vec![
            Block::Para(format!(
                "Your {BRAND} account is active. We are glad you are here! A few ways to get started:"
            )),
            Block::List(vec![
                "Browse mentors across career, business, technology, health, academic, freelancing and creative fields.".to_owned(),
                "Compare experience, ratings and prices on each profile; some mentors offer a free first session.".to_owned(),
                "Book a one-on-one video session at a time that suits you.".to_owned(),
                "Have expertise to share? Apply to become a mentor yourself.".to_owned(),
            ]),
            Block::Action {
                label: "Find your mentor",
                link: site_link.to_owned(),
            },
            Block::Para(
                "Questions along the way? Our support team is one click away on the Contact page."
                    .to_owned(),
            ),
        ],
    }
    .render()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str = "http://localhost:8080/activate/MQ/abc-123?next=%2F&x=1";

    fn all(name: &str) -> Vec<Email> {
        vec![
            activation("asha@example.com", name, LINK),
            password_reset("asha@example.com", name, LINK),
            password_changed("asha@example.com", name, LINK),
            welcome("asha@example.com", name, LINK),
            google_linked("asha@example.com", name, "asha@gmail.com", LINK),
            first_password("asha@example.com", name, LINK),
        ]
    }

    #[test]
    fn every_template_has_both_parts_and_the_link() {
        for email in all("Asha") {
            assert_eq!(email.to, "asha@example.com");
            assert!(email.subject.contains(BRAND), "{}", email.subject);
            assert!(email.text.contains("Hi Asha,"), "{}", email.kind);
            assert!(email.html.contains("Hi Asha,"), "{}", email.kind);
            // The text part carries the link as is; the HTML part escapes `&`
            // in both the button's href and the visible copy.
            assert!(email.text.contains(LINK), "{}", email.kind);
            let escaped = LINK.replace('&', "&amp;");
            assert!(
                email.html.contains(&format!("href=\"{escaped}\"")),
                "{}",
                email.kind
            );
            assert_eq!(
                email.html.matches(&escaped).count(),
                3,
                "{}: button href, fallback href and visible URL",
                email.kind
            );
            assert!(email.html.starts_with("<!DOCTYPE html>"));
            assert!(email.html.trim_end().ends_with("</html>"));
            assert!(
                !email.text.contains('<'),
                "{}: no markup in text",
                email.kind
            );
        }
    }

    #[test]
    fn names_are_escaped_in_html_and_kept_in_text() {
        let name = r#"<script>alert("x")&"Co"</script><b>"#;
        for email in all(name) {
            assert!(!email.html.contains("<script>"), "{}", email.kind);
            assert!(!email.html.contains("<b>"), "{}", email.kind);
            assert!(
                email
                    .html
                    .contains("&lt;script&gt;alert(\"x\")&amp;\"Co\"&lt;/script&gt;&lt;b&gt;"),
                "{}",
                email.kind
            );
            assert!(
                email.text.contains(&format!("Hi {name},")),
                "{}",
                email.kind
            );
        }
    }

    #[test]
    fn a_link_cannot_break_out_of_its_attribute() {
        let email = activation("a@example.com", "A", "http://x/\"><script>1</script>");
        assert!(!email.html.contains("\"><script>"));
        assert!(
            email
                .html
                .contains("href=\"http://x/&quot;&gt;&lt;script&gt;1&lt;/script&gt;\"")
        );
    }

    #[test]
    fn names_lose_control_characters_and_empty_ones_become_there() {
        let email = welcome("a@example.com", "  Ravi\r\nBcc: x@y\t Kumar ", LINK);
        assert!(email.text.starts_with("Hi Ravi,\n"));
        let email = welcome("a@example.com", "Dr. Asha Rao", LINK);
        assert!(email.text.starts_with("Hi Asha,\n"), "{}", email.text);
        assert!(email.html.contains("Hi Asha,"));
        let email = welcome("a@example.com", "Dr.", LINK);
        assert!(email.text.starts_with("Hi Dr.,\n"));
        let email = welcome("a@example.com", " \n ", LINK);
        assert!(email.text.starts_with("Hi there,\n"));
        assert!(email.html.contains("Hi there,"));
    }

    #[test]
    fn subjects_and_kinds() {
        let cases = [
            (
                activation("a@x.io", "A", LINK),
                "activation",
                "Activate your MentorBridge account",
            ),
            (
                password_reset("a@x.io", "A", LINK),
                "password_reset",
                "Reset your MentorBridge password",
            ),
            (
                password_changed("a@x.io", "A", LINK),
                "password_changed",
                "Your MentorBridge password was changed",
            ),
            (
                welcome("a@x.io", "A", LINK),
                "welcome",
                "Welcome to MentorBridge",
            ),
            (
                google_linked("a@x.io", "A", "a@gmail.com", LINK),
                "google_linked",
                "Google sign-in was added to your MentorBridge account",
            ),
            (
                first_password("a@x.io", "A", LINK),
                "first_password",
                "Set a password for your MentorBridge account",
            ),
        ];
        for (email, kind, subject) in cases {
            assert_eq!(email.kind, kind);
            assert_eq!(email.subject, subject);
            assert!(email.html.contains(&format!("<title>{subject}</title>")));
        }
    }

    #[test]
    fn link_lifetimes_are_stated() {
        let a = activation("a@x.io", "A", LINK);
        assert!(a.text.contains("works for 3 days"));
        assert!(a.html.contains("works for 3 days"));
        let r = password_reset("a@x.io", "A", LINK);
        assert!(r.text.contains("works only once and for 1 hour"));
        assert!(r.html.contains("works only once and for 1 hour"));
        assert_eq!(
            lifetime_in_words(chrono::Duration::minutes(90)),
            "90 minutes"
        );
        assert!(
            r.text
                .contains("If you did not ask to reset your password, you can ignore this e-mail")
        );
    }
}

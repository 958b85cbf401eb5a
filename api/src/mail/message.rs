//! What every templated message is made of: blocks (paragraphs, notes,
//! labelled values, quotes, a button) rendered once into both parts of an
//! [`Email`], plain text and HTML in the common document
//! ([`super::templates::document`]). The mentoring and booking messages
//! build their blocks and call [`render`].

use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use super::templates::{ACCENT, document};
use super::{Attachment, BRAND, Email};
use crate::store::outbox::InApp;

/// One line: control characters and runs of white space become one space,
/// at most `max` characters.
pub fn one_line(s: &str, max: usize) -> String {
    let line = s
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if line.chars().count() <= max {
        return line;
    }
    let mut cut: String = line.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// A greeting's name: "there" when empty.
pub fn greeting(name: &str) -> String {
    let name = one_line(name, 80);
    if name.is_empty() {
        "there".to_owned()
    } else {
        name
    }
}

/// One piece of a message.
pub enum Block {
    Para(String),
    /// Smaller, secondary text.
    Note(String),
    /// Labelled values, one a line.
    Table(Vec<(&'static str, String)>),
    /// Text kept as written, line breaks included (a note, a reason, a bio).
    Quote(String),
    /// A button in HTML, the bare link in text.
    Action {
        label: &'static str,
        link: String,
    },
}

/// A message ready to render: `name` is the greeting's (`None` for messages
/// to the team, which have none); the subject is kept to one line.
pub struct Parts<'a> {
    pub kind: &'static str,
    pub to: &'a str,
    pub name: Option<&'a str>,
    pub subject: String,
    pub preheader: String,
    pub blocks: Vec<Block>,
    pub footer: String,
    pub attachments: Vec<Attachment>,
}

/// Both parts of the message, escaped for HTML where they go into it.
pub fn render(parts: Parts<'_>) -> Email {
    let Parts {
        kind,
        to,
        name,
        subject,
        preheader,
        blocks,
        footer,
        attachments,
    } = parts;
    let mut txt = String::new();
    let mut body = String::new();
    if let Some(name) = name {
        // Addressed by the short name: "Dr. Asha Rao" is Asha.
        let hi = format!("Hi {},", greeting(&domain_wasm::naming::short_name(name)));
        txt.push_str(&format!("{hi}\n\n"));
        body.push_str(&format!(
            "<p style=\"margin:0 0 16px 0;\">{}</p>\n",
            text(&hi)
        ));
    }
    for block in &blocks {
        match block {
            Block::Para(p) => {
                txt.push_str(&format!("{p}\n\n"));
                body.push_str(&format!(
                    "<p style=\"margin:0 0 16px 0;\">{}</p>\n",
                    text(p)
                ));
            }
            Block::Note(p) => {
                txt.push_str(&format!("{p}\n\n"));
                body.push_str(&format!(
                        "<p style=\"margin:0 0 16px 0;font-size:14px;line-height:20px;color:#4b5563;\">{}</p>\n",
                        text(p)
                    ));
            }
            Block::Table(rows) => {
                body.push_str("<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"margin:0 0 16px 0;\">\n");
                for (label, value) in rows {
                    let value = one_line(value, 500);
                    txt.push_str(&format!("{label}: {value}\n"));
                    let shown = if value.starts_with("https://") || value.starts_with("http://") {
                        format!(
                            "<a href=\"{}\" style=\"color:{ACCENT};word-break:break-all;\">{}</a>",
                            attr(&value),
                            text(&value)
                        )
                    } else {
                        text(&value).into_owned()
                    };
                    body.push_str(&format!(
                            "<tr><td style=\"padding:2px 16px 2px 0;color:#4b5563;vertical-align:top;\">{}</td>\
                             <td style=\"padding:2px 0;\">{shown}</td></tr>\n",
                            text(label),
                        ));
                }
                body.push_str("</table>\n");
                txt.push('\n');
            }
            Block::Quote(q) => {
                txt.push_str(&format!("{q}\n\n"));
                body.push_str(&format!(
                        "<div style=\"margin:0 0 16px 0;padding:12px 16px;background-color:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;white-space:pre-wrap;\">{}</div>\n",
                        text(q)
                    ));
            }
            Block::Action { label, link } => {
                txt.push_str(&format!("{label}: {link}\n\n"));
                body.push_str(&format!(
                        "<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"margin:8px 0 24px 0;\">\
                         <tr><td style=\"border-radius:6px;background-color:{ACCENT};\">\
                         <a href=\"{href}\" style=\"display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;font-weight:bold;\
                         color:#ffffff;text-decoration:none;border-radius:6px;\">{label}</a></td></tr></table>\n\
                         <p style=\"margin:0 0 16px 0;font-size:14px;line-height:20px;color:#4b5563;\">\
                         If the button does not work, copy this address into your browser:<br>\
                         <a href=\"{href}\" style=\"color:{ACCENT};word-break:break-all;\">{shown}</a></p>\n",
                        href = attr(link),
                        label = text(label),
                        shown = text(link),
                    ));
            }
        }
    }
    txt.push_str(&format!("The {BRAND} team\n\n-- \n{footer}\n"));
    body.push_str(&format!("<p style=\"margin:0;\">The {BRAND} team</p>\n"));
    let subject = one_line(&subject, 150);
    // The in-app notification: the subject, the summary, and the page the
    // message's first button opens.
    let link = blocks
        .iter()
        .find_map(|b| match b {
            Block::Action { link, .. } => Some(app_path(link)),
            _ => None,
        })
        .unwrap_or_else(|| "/".to_owned());
    let in_app = InApp {
        title: subject.clone(),
        body: one_line(&preheader, 300),
        link,
    };
    Email {
        kind,
        to: to.trim().to_owned(),
        html: document(&subject, &preheader, &body, &footer),
        text: txt,
        subject,
        attachments,
        in_app: Some(in_app),
    }
}

/// The path (and query) of a link into the web app, as the in-app
/// notification keeps it: `https://site/my-bookings/b1` is `/my-bookings/b1`.
fn app_path(link: &str) -> String {
    match url::Url::parse(link) {
        Ok(url) => match url.query() {
            Some(query) => format!("{}?{query}", url.path()),
            None => url.path().to_owned(),
        },
        Err(_) if link.starts_with('/') => link.to_owned(),
        Err(_) => "/".to_owned(),
    }
}

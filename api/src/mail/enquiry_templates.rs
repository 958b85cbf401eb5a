//! The messages the contact and custom-quote forms send: the enquiry to the
//! operator, and an acknowledgment to the sender. Both have a plain-text and
//! an inline-styled HTML part; every value from the form is escaped in the
//! HTML part and kept to one line in subjects.
//!
//! [`Email`] carries no Reply-To header, so the operator's message opens
//! with the sender's address (a `mailto:` link in HTML). The acknowledgment
//! never repeats the message: anyone can type anyone's address into a form,
//! and the product must not relay their words to it.

use chrono::{DateTime, Utc};
use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use super::{BRAND, Email};
use domain_wasm::enquiry::programme_label;

use crate::store::enquiries::{EnquiryKind, NewEnquiry};

use super::templates::ACCENT;
/// The reply promise of SPEC §1.
pub const REPLY_WITHIN: &str = "24 hours";
/// The longest subject line, in characters.
const SUBJECT_MAX: usize = 150;

/// One line: control characters and runs of white space become one space.
fn one_line(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A subject line of at most [`SUBJECT_MAX`] characters.
fn subject_line(s: &str) -> String {
    let s = one_line(s);
    if s.chars().count() <= SUBJECT_MAX {
        return s;
    }
    let mut cut: String = s.chars().take(SUBJECT_MAX - 1).collect();
    cut.push('…');
    cut
}

/// The labelled fields of an enquiry, in the order the operator reads them.
fn fields(e: &NewEnquiry) -> Vec<(&'static str, String)> {
    let mut out = vec![("Name", e.name.clone()), ("E-mail", e.email.clone())];
    let optional = [
        ("Phone", e.phone.clone()),
        ("Company", e.company.clone()),
        ("Team size", e.team_size.clone()),
        (
            "Programme",
            e.programme
                .as_deref()
                .map(|p| programme_label(p).to_owned()),
        ),
        ("Subject", e.subject.clone()),
    ];
    out.extend(
        optional
            .into_iter()
            .filter_map(|(label, value)| value.map(|v| (label, v))),
    );
    out
}

/// A complete HTML document around `body` (already escaped markup), in
/// the same frame as every other message.
fn layout(subject: &str, preheader: &str, body: &str, footer: &str) -> String {
    super::templates::document(subject, preheader, body, footer)
}

fn para(s: &str) -> String {
    format!("<p style=\"margin:0 0 16px 0;\">{}</p>\n", text(s))
}

/// The enquiry, for the operator at `to`.
pub fn to_operator(to: &str, e: &NewEnquiry, received_at: DateTime<Utc>) -> Email {
    let name = one_line(&e.name);
    let (kind, subject, intro) = match e.kind {
        EnquiryKind::Contact => {
            let topic = e
                .subject
                .as_deref()
                .map(one_line)
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| one_line(&e.message).chars().take(60).collect());
            (
                "enquiry_contact",
                subject_line(&format!("Contact form: {topic} — {name}")),
                format!("A new message arrived through the contact form at {BRAND}."),
            )
        }
        EnquiryKind::Quote => {
            let programme = e
                .programme
                .as_deref()
                .map_or("Custom quote", programme_label);
            let company = e.company.as_deref().map(one_line).unwrap_or_default();
            (
                "enquiry_quote",
                subject_line(&format!("Custom quote request: {programme} — {company}")),
                format!("A new custom-quote request arrived through the business page at {BRAND}."),
            )
        }
    };
    let reply_to = format!("{name} <{}>", e.email);
    let when = received_at.format("%Y-%m-%d %H:%M UTC").to_string();
    let reply_promise = format!(
        "Please answer within {REPLY_WITHIN}, as the site promises. Replying to this e-mail does not reach the sender: write to the address above."
    );
    let fields = fields(e);

    let mut txt = format!("{intro}\n\nREPLY TO: {reply_to}\n{reply_promise}\n\n");
    for (label, value) in &fields {
        txt.push_str(&format!("{label}: {}\n", one_line(value)));
    }
    txt.push_str(&format!("\nMessage:\n{}\n\n", e.message));
    txt.push_str(&format!("Reference: {}\nReceived: {when}\n", e.id));
    if let Some(ip) = &e.client_ip {
        txt.push_str(&format!("Client address: {ip}\n"));
    }

    let mailto = format!("mailto:{}", e.email);
    let mut body = para(&intro);
    body.push_str(&format!(
        "<p style=\"margin:0 0 8px 0;padding:12px 16px;background-color:#eff6ff;border-left:4px solid {ACCENT};\">\
         <strong>Reply to:</strong> {} &lt;<a href=\"{}\" style=\"color:{ACCENT};\">{}</a>&gt;</p>\n",
        text(&name),
        attr(&mailto),
        text(&e.email),
    ));
    body.push_str(&format!(
        "<p style=\"margin:0 0 16px 0;font-size:14px;line-height:20px;color:#4b5563;\">{}</p>\n",
        text(&reply_promise)
    ));
    body.push_str("<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"margin:0 0 16px 0;\">\n");
    for (label, value) in &fields {
        body.push_str(&format!(
            "<tr><td style=\"padding:2px 16px 2px 0;color:#4b5563;vertical-align:top;\">{}</td>\
             <td style=\"padding:2px 0;\">{}</td></tr>\n",
            text(label),
            text(&one_line(value))
        ));
    }
    body.push_str("</table>\n");
    body.push_str(&format!(
        "<div style=\"margin:0 0 16px 0;padding:12px 16px;background-color:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;white-space:pre-wrap;\">{}</div>\n",
        text(&e.message)
    ));
    let mut meta = format!("Reference {} · received {when}", e.id);
    if let Some(ip) = &e.client_ip {
        meta.push_str(&format!(" · client address {ip}"));
    }
    body.push_str(&format!(
        "<p style=\"margin:0;font-size:14px;line-height:20px;color:#4b5563;\">{}</p>\n",
        text(&meta)
    ));
    let footer = format!(
        "Sent by {BRAND} to the operator address (OPERATOR_EMAIL) because someone used a form on the site."
    );
    txt.push_str(&format!("\n-- \n{footer}\n"));
    Email {
        kind,
        to: to.trim().to_owned(),
        html: layout(&subject, &format!("From {reply_to}"), &body, &footer),
        text: txt,
        subject,
        attachments: Vec::new(),
        in_app: None,
    }
}

/// Tells the sender their enquiry arrived and when to expect an answer.
pub fn acknowledgment(e: &NewEnquiry, mentors_link: &str) -> Email {
    let name = one_line(&e.name);
    let (kind, subject, lines) = match e.kind {
        EnquiryKind::Contact => (
            "enquiry_contact_ack",
            format!("We received your message — {BRAND}"),
            vec![
                format!("Thank you for writing to {BRAND}. Your message has reached our team."),
                format!(
                    "We reply to every message within {REPLY_WITHIN}, to this e-mail address. If your question is about a booking or a refund, keep your booking details at hand."
                ),
            ],
        ),
        EnquiryKind::Quote => {
            let programme = e
                .programme
                .as_deref()
                .filter(|p| *p != "other")
                .map(programme_label);
            let about = programme.map_or_else(
                || "our business programmes".to_owned(),
                |p| format!("{p} for your team"),
            );
            (
                "enquiry_quote_ack",
                format!("We received your custom quote request — {BRAND}"),
                vec![
                    format!(
                        "Thank you for your interest in {about}. Your request has reached our business team."
                    ),
                    format!(
                        "We will reply within {REPLY_WITHIN} to this e-mail address with a custom quote, or with a few questions about your team's goals so we can shape the right programme."
                    ),
                ],
            )
        }
    };
    let reference = format!("Your reference: {}", e.id);
    let browse = "Meanwhile, you can browse our mentors in career, business, technology, health, academic, freelancing and creative fields:";
    let ignore = format!(
        "If you did not contact {BRAND}, someone may have typed your address by mistake: you can ignore this e-mail."
    );
    let footer = format!(
        "You are receiving this message because this address was entered in a form at {BRAND}. It was sent automatically; replies to this address are not read."
    );

    let mut txt = format!("Hi {name},\n\n");
    for line in &lines {
        txt.push_str(&format!("{line}\n\n"));
    }
    txt.push_str(&format!(
        "{reference}\n\n{browse}\n{mentors_link}\n\n{ignore}\n\n"
    ));
    txt.push_str(&format!("The {BRAND} team\n\n-- \n{footer}\n"));

    let mut body = para(&format!("Hi {name},"));
    for line in &lines {
        body.push_str(&para(line));
    }
    body.push_str(&para(&reference));
    body.push_str(&format!(
        "<p style=\"margin:0 0 16px 0;\">{} <a href=\"{}\" style=\"color:{ACCENT};\">{}</a></p>\n",
        text(browse),
        attr(mentors_link),
        text(mentors_link)
    ));
    body.push_str(&format!(
        "<p style=\"margin:0 0 16px 0;font-size:14px;line-height:20px;color:#4b5563;\">{}</p>\n",
        text(&ignore)
    ));
    body.push_str(&format!("<p style=\"margin:0;\">The {BRAND} team</p>\n"));
    Email {
        kind,
        to: e.email.trim().to_owned(),
        html: layout(&subject, &lines[0], &body, &footer),
        text: txt,
        subject,
        attachments: Vec::new(),
        in_app: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enquiry(kind: EnquiryKind) -> NewEnquiry {
        NewEnquiry {
            id: "abc123".into(),
            kind,
            name: "Asha <b>Rao</b>".into(),
            email: "asha@example.com".into(),
            phone: Some("+919876543210".into()),
            company: (kind == EnquiryKind::Quote).then(|| "Acme & Sons".into()),
            team_size: Some("11-50".into()),
            programme: (kind == EnquiryKind::Quote).then(|| "ceo-talks".into()),
            subject: Some("Line one\r\nBcc: evil@example.com".into()),
            message: "<script>alert(1)</script>\nSecond line".into(),
            client_ip: Some("203.0.113.9".into()),
            user_agent: None,
        }
    }

    #[test]
    fn the_operator_sees_who_to_reply_to_and_nothing_unescaped() {
        for kind in [EnquiryKind::Contact, EnquiryKind::Quote] {
            let e = enquiry(kind);
            let mail = to_operator("ops@example.com", &e, Utc::now());
            assert_eq!(mail.to, "ops@example.com");
            assert!(!mail.subject.contains('\n') && !mail.subject.contains('\r'));
            assert!(
                mail.text
                    .contains("REPLY TO: Asha <b>Rao</b> <asha@example.com>")
            );
            assert!(mail.text.contains("<script>alert(1)</script>\nSecond line"));
            assert!(mail.html.contains("href=\"mailto:asha@example.com\""));
            assert!(!mail.html.contains("<script>") && !mail.html.contains("<b>"));
            assert!(mail.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
            assert!(mail.text.contains("Reference: abc123"));
        }
        let quote = to_operator("ops@example.com", &enquiry(EnquiryKind::Quote), Utc::now());
        assert_eq!(
            quote.subject,
            "Custom quote request: CEO Talks — Acme & Sons"
        );
        assert!(quote.html.contains("Acme &amp; Sons"));
    }

    #[test]
    fn the_acknowledgment_promises_a_reply_and_does_not_echo_the_message() {
        for kind in [EnquiryKind::Contact, EnquiryKind::Quote] {
            let mail = acknowledgment(&enquiry(kind), "http://localhost/mentors");
            assert_eq!(mail.to, "asha@example.com");
            assert!(mail.subject.contains(BRAND));
            assert!(mail.text.contains("within 24 hours"), "{}", mail.text);
            assert!(mail.text.contains("Your reference: abc123"));
            assert!(!mail.text.contains("alert") && !mail.html.contains("alert"));
            assert!(mail.html.contains("Hi Asha &lt;b&gt;Rao&lt;/b&gt;,"));
            assert!(mail.html.starts_with("<!DOCTYPE html>"));
        }
    }
}

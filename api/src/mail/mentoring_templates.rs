//! The messages of an application to become a mentor: the acknowledgement
//! to the applicant, the notice to every administrator, and the decision
//! (approved or rejected with the reason) to the applicant. Each has a
//! plain-text and an inline-styled HTML part in the frame every message
//! shares ([`super::templates::document`]); every value the applicant or an
//! administrator typed is escaped in the HTML part and kept to one line in
//! subjects.

use chrono::{DateTime, Utc};

use super::message::{Block, Parts, one_line, render};
use super::{BRAND, Email};
use crate::store::applications::Application;

/// The SPEC's promise: a decision within this long.
pub const DECISION_WITHIN: &str = "24 hours";

struct Message<'a> {
    kind: &'static str,
    to: &'a str,
    subject: String,
    preheader: String,
    /// `None` for messages to the team (no greeting).
    name: Option<&'a str>,
    blocks: Vec<Block>,
    footer: String,
}

impl Message<'_> {
    fn render(self) -> Email {
        render(Parts {
            kind: self.kind,
            to: self.to,
            name: self.name,
            subject: self.subject,
            preheader: self.preheader,
            blocks: self.blocks,
            footer: self.footer,
            attachments: Vec::new(),
        })
    }
}

fn applicant_footer() -> String {
    format!(
        "You are receiving this message because this address applied to become a mentor at {BRAND}. It was sent automatically; replies to this address are not read."
    )
}

fn when(t: Option<DateTime<Utc>>) -> String {
    t.map_or_else(String::new, |t| t.format("%Y-%m-%d %H:%M UTC").to_string())
}

/// Tells the applicant (at their account's address) that the application
/// arrived and when to expect the decision.
pub fn received(to: &str, a: &Application, status_link: &str) -> Email {
    Message {
        kind: "application_received",
        to,
        subject: format!("We received your mentor application — {BRAND}"),
        preheader: format!("An administrator will review it within {DECISION_WITHIN}."),
        name: Some(&a.form.name),
        blocks: vec![
            Block::Para(format!(
                "Thank you for applying to mentor on {BRAND}. Your application has reached our team."
            )),
            Block::Para(format!(
                "An administrator reviews every application within {DECISION_WITHIN}. We will e-mail you the decision; you can also follow it on your application's page:"
            )),
            Block::Action {
                label: "See my application",
                link: status_link.to_owned(),
            },
            Block::Note(format!("Your reference: {}", a.id)),
        ],
        footer: applicant_footer(),
    }
    .render()
}

/// Tells one administrator that an application waits for them.
pub fn to_admin(to: &str, a: &Application, queue_link: &str) -> Email {
    let f = &a.form;
    let name = one_line(&f.name, 80);
    let services = f
        .services
        .iter()
        .map(|s| {
            let price = if s.price_paise.is_zero() {
                "free".to_owned()
            } else {
                s.price_paise.to_string()
            };
            format!("{} ({} min, {price})", s.title, s.duration_minutes)
        })
        .collect::<Vec<_>>()
        .join("; ");
    let mut rows = vec![
        ("Name", name.clone()),
        ("E-mail", f.email.clone()),
        ("Phone", f.phone.clone()),
        ("Account", a.user_email.clone()),
        ("Expertise", f.expertise.join(", ")),
        ("Experience", format!("{} years", f.experience_years)),
    ];
    let role = match (f.current_role.trim(), f.company.trim()) {
        ("", "") => String::new(),
        (r, "") => r.to_owned(),
        ("", c) => c.to_owned(),
        (r, c) => format!("{r} at {c}"),
    };
    if !role.is_empty() {
        rows.push(("Current role", role));
    }
    if !f.linkedin.is_empty() {
        rows.push(("LinkedIn", f.linkedin.clone()));
    }
    if !f.links.is_empty() {
        rows.push(("Links", f.links.join(" ")));
    }
    rows.push(("Sessions", services));
    rows.push(("Submitted", when(a.submitted_at)));
    rows.push(("Reference", a.id.clone()));
    Message {
        kind: "application_admin",
        to,
        subject: one_line(&format!("New mentor application: {name}"), 150),
        preheader: format!("Please decide within {DECISION_WITHIN}, as the site promises."),
        name: None,
        blocks: vec![
            Block::Para(format!(
                "A new application to become a mentor arrived at {BRAND}. Please approve or reject it within {DECISION_WITHIN}, as the site promises applicants."
            )),
            Block::Table(rows),
            Block::Quote(f.bio.clone()),
            Block::Action {
                label: "Open the applications queue",
                link: queue_link.to_owned(),
            },
        ],
        footer: format!(
            "Sent by {BRAND} to every administrator when someone applies to become a mentor."
        ),
    }
    .render()
}

/// Tells the applicant they are a mentor now and where to run their profile.
pub fn approved(to: &str, a: &Application, dashboard_link: &str) -> Email {
    Message {
        kind: "application_approved",
        to,
        subject: format!("You are now a mentor on {BRAND}"),
        preheader: "Your application was approved and your profile is live.".to_owned(),
        name: Some(&a.form.name),
        blocks: vec![
            Block::Para(format!(
                "Good news: your application to mentor on {BRAND} was approved. Your profile, with the sessions you offered, is now listed among our mentors."
            )),
            Block::Para(
                "From your mentor dashboard you can polish your profile, add a photo, adjust your sessions and prices, and set the hours when learners can book you:"
                    .to_owned(),
            ),
            Block::Action {
                label: "Open my mentor dashboard",
                link: dashboard_link.to_owned(),
            },
            Block::Note(
                "Set your availability first: learners can only book the times you open."
                    .to_owned(),
            ),
        ],
        footer: applicant_footer(),
    }
    .render()
}

/// Tells the applicant their application was not accepted, and why.
pub fn rejected(to: &str, a: &Application, reason: &str, apply_link: &str) -> Email {
    Message {
        kind: "application_rejected",
        to,
        subject: format!("About your mentor application — {BRAND}"),
        preheader: "Your application was reviewed. Here is the decision and the reason.".to_owned(),
        name: Some(&a.form.name),
        blocks: vec![
            Block::Para(format!(
                "Thank you for applying to mentor on {BRAND}. We reviewed your application and cannot accept it at this time, for this reason:"
            )),
            Block::Quote(reason.to_owned()),
            Block::Para(
                "If you can address this, you are welcome to apply again:".to_owned(),
            ),
            Block::Action {
                label: "Apply again",
                link: apply_link.to_owned(),
            },
        ],
        footer: applicant_footer(),
    }
    .render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::applications::{ApplicationForm, ApplicationStatus, OfferedService};
    use domain_wasm::money::Paise;

    fn application() -> Application {
        Application {
            id: "ref123".into(),
            user_id: 7,
            user_email: "asha@example.com".into(),
            status: ApplicationStatus::Pending,
            form: ApplicationForm {
                name: "Asha <b>Rao</b>".into(),
                email: "asha.rao@example.com".into(),
                phone: "+919876543210".into(),
                expertise: vec!["Technology".into()],
                experience_years: 8,
                current_role: "Staff Engineer".into(),
                company: "Acme & Sons".into(),
                linkedin: "https://linkedin.com/in/asha".into(),
                links: vec![],
                bio: "<script>alert(1)</script>\nSecond line".into(),
                services: vec![OfferedService {
                    title: "Career chat".into(),
                    description: String::new(),
                    duration_minutes: 30,
                    price_paise: Paise::new(150_000),
                }],
            },
            photo_id: None,
            reason: None,
            created_at: Utc::now(),
            submitted_at: Some(Utc::now()),
            decided_at: None,
            decided_by: None,
            mentor_id: None,
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn every_message_has_both_parts_its_link_and_nothing_unescaped() {
        let a = application();
        let link = "http://localhost/x?a=1&b=2";
        let mails = [
            received("asha@example.com", &a, link),
            to_admin("admin@example.com", &a, link),
            approved("asha@example.com", &a, link),
            rejected("asha@example.com", &a, "Tell us <more>", link),
        ];
        for m in &mails {
            assert!(m.html.starts_with("<!DOCTYPE html>"), "{}", m.kind);
            assert!(m.text.contains(link), "{}", m.kind);
            assert!(m.html.contains("href=\"http://localhost/x?a=1&amp;b=2\""));
            assert!(!m.html.contains("<b>") && !m.html.contains("<script>"));
            assert!(!m.subject.contains('\n'));
        }
        assert!(mails[0].text.contains("within 24 hours"));
        assert!(mails[1].text.contains("Staff Engineer at Acme & Sons"));
        assert!(mails[1].text.contains("Career chat (30 min, ₹1,500)"));
        assert!(mails[1].html.contains("&lt;script&gt;"));
        assert!(mails[3].text.contains("Tell us <more>"));
        assert!(mails[3].html.contains("Tell us &lt;more&gt;"));
    }
}

//! The public site's API: the home page's figures (`GET /api/stats/`) and
//! the forms that reach someone: contact (`POST /api/contact/`) and custom
//! quote (`POST /api/b2b/quote/`). Field errors are `{"field": ["message"]}`
//! as everywhere else.
//!
//! Both forms carry a honeypot field, `website`, that people never see or
//! fill: when it is filled the answer is the usual 201, but nothing is
//! stored or sent. Accepted submissions are limited per client, all
//! attempts more loosely, and acknowledgments per recipient address (anyone
//! can type anyone's address into a form).

use std::net::IpAddr;
use std::sync::Arc;

use base64::Engine as _;
use chrono::{DateTime, Utc};
use domain_wasm::accounts;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use super::mentors::Mentor;
use crate::auth::limits::{Limited, Rule};
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
use crate::mail::enquiry_templates;
use crate::state::AppState;
use crate::store::enquiries::{EnquiryKind, NewEnquiry, PROGRAMMES};

/// Accepted enquiries from one client, per form.
pub const ENQUIRIES_PER_CLIENT: Rule = Rule {
    name: "enquiry",
    max: 5,
    window_secs: 3600,
};
/// Submissions from one client, accepted or not (both forms).
pub const ENQUIRY_ATTEMPTS_PER_CLIENT: Rule = Rule {
    name: "enquiry-attempt",
    max: 30,
    window_secs: 600,
};
/// Acknowledgments sent to one address; further enquiries are still stored
/// and forwarded, only not acknowledged.
pub const ACKS_PER_ADDRESS: Rule = Rule {
    name: "enquiry-ack",
    max: 3,
    window_secs: 3600,
};

pub const MESSAGE_MIN: usize = 10;
pub const MESSAGE_MAX: usize = 5000;
pub const SUBJECT_MAX: usize = 150;
pub const COMPANY_MAX: usize = 150;
pub const TEAM_SIZE_MAX: usize = 50;
const USER_AGENT_MAX: usize = 500;

/// What the database can honestly say about the marketplace. A figure the
/// data cannot support yet is `null`; new figures will be added as fields.
#[derive(Debug, Clone, PartialEq, Object)]
pub struct SiteStats {
    /// Mentors listed in the catalogue.
    pub mentors: i64,
    /// Listed mentors with a rating (a rating of 0 means no reviews yet).
    pub rated_mentors: i64,
    /// The mean rating of rated mentors, to one decimal; `null` while none is rated.
    pub average_rating: Option<f64>,
    /// Sessions that took place. There is no bookings table yet, so this is
    /// 0 until bookings exist.
    pub completed_sessions: i64,
    /// The share of session feedback that is positive, in percent. `null`:
    /// no feedback is collected yet (there are no bookings yet).
    pub positive_feedback_percent: Option<f64>,
    /// How many countries mentors are based in; `null` while mentor
    /// profiles carry no country.
    pub countries: Option<i64>,
}

/// The figures of a catalogue.
pub fn stats_of(mentors: &[Mentor]) -> SiteStats {
    let rated: Vec<f64> = mentors
        .iter()
        .map(|m| m.rating)
        .filter(|r| r.is_finite() && *r > 0.0)
        .collect();
    let average_rating = (!rated.is_empty()).then(|| {
        let mean = rated.iter().sum::<f64>() / rated.len() as f64;
        (mean * 10.0).round() / 10.0
    });
    SiteStats {
        mentors: mentors.len() as i64,
        rated_mentors: rated.len() as i64,
        average_rating,
        completed_sessions: 0,
        positive_feedback_percent: None,
        countries: None,
    }
}

#[derive(Debug, Object)]
pub struct ContactBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// Optional; at most 150 characters.
    pub subject: Option<String>,
    /// 10 to 5000 characters.
    pub message: Option<String>,
    /// Leave empty: a field hidden from people, which only spam robots fill.
    pub website: Option<String>,
}

#[derive(Debug, Object)]
pub struct QuoteBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// The organisation asking; required, at most 150 characters.
    pub company: Option<String>,
    /// Optional; with its country code, or a ten-digit Indian mobile number.
    pub phone: Option<String>,
    /// Optional, free text of at most 50 characters (e.g. `11-50`).
    pub team_size: Option<String>,
    /// `corporate-mentoring`, `ceo-talks`, `strategy-consulting`,
    /// `industry-mentoring`, `startup-entrepreneurship` or `other`.
    pub programme: Option<String>,
    /// 10 to 5000 characters.
    pub message: Option<String>,
    /// Leave empty: a field hidden from people, which only spam robots fill.
    pub website: Option<String>,
}

/// The enquiry arrived.
#[derive(Debug, Object)]
pub struct Received {
    /// The reference the sender is told.
    pub id: String,
    pub received_at: DateTime<Utc>,
}

#[derive(ApiResponse)]
pub enum StatsResponse {
    #[oai(status = 200)]
    Ok(Json<SiteStats>, #[oai(header = "Cache-Control")] String),
}

#[derive(ApiResponse)]
pub enum EnquiryResponse {
    /// Stored; the operator and the sender are e-mailed.
    #[oai(status = 201)]
    Created(Json<Received>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// Too many enquiries; `Retry-After` says when to try again.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
}

impl From<Limited> for EnquiryResponse {
    fn from(l: Limited) -> Self {
        EnquiryResponse::TooMany(
            Json(Detail::new(l.message())),
            l.retry_after_secs.to_string(),
        )
    }
}

/// The enquiry forms' own field parsers.
impl Fields {
    /// A one-line text field: white space collapsed; `None` when absent or
    /// blank (an error when `required`) or too long.
    fn line(
        &mut self,
        field: &str,
        raw: &Option<String>,
        required: bool,
        max: usize,
    ) -> Option<String> {
        let value = one_line(raw.as_deref().unwrap_or_default());
        if value.is_empty() {
            if required {
                self.add(field, accounts::REQUIRED);
            }
            return None;
        }
        if value.chars().count() > max {
            self.add(field, too_long(max));
            return None;
        }
        Some(value)
    }

    /// The message: line breaks kept, other control characters dropped,
    /// trimmed, [`MESSAGE_MIN`] to [`MESSAGE_MAX`] characters.
    fn message(&mut self, raw: &Option<String>) -> Option<String> {
        let cleaned: String = raw
            .as_deref()
            .unwrap_or_default()
            .replace("\r\n", "\n")
            .chars()
            .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
            .collect();
        let message = cleaned.trim().to_owned();
        let n = message.chars().count();
        if n == 0 {
            self.add("message", accounts::REQUIRED);
            None
        } else if n < MESSAGE_MIN {
            self.add(
                "message",
                format!("Ensure this field has at least {MESSAGE_MIN} characters."),
            );
            None
        } else if n > MESSAGE_MAX {
            self.add("message", too_long(MESSAGE_MAX));
            None
        } else {
            Some(message)
        }
    }

    fn phone(&mut self, raw: &Option<String>) -> Option<String> {
        match raw.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => accounts::parse_contact_number(raw)
                .map_err(|p| self.add("phone", p.message()))
                .ok(),
        }
    }

    fn programme(&mut self, raw: &Option<String>) -> Option<String> {
        let value = raw.as_deref().unwrap_or_default().trim().to_lowercase();
        if value.is_empty() {
            self.add("programme", accounts::REQUIRED);
            return None;
        }
        if PROGRAMMES.iter().any(|(slug, _)| *slug == value) {
            return Some(value);
        }
        let choices: Vec<&str> = PROGRAMMES.iter().map(|(slug, _)| *slug).collect();
        self.add(
            "programme",
            format!(
                "\"{}\" is not a valid choice. Choose one of: {}.",
                one_line(raw.as_deref().unwrap_or_default())
                    .chars()
                    .take(50)
                    .collect::<String>(),
                choices.join(", ")
            ),
        );
        None
    }
}

fn too_long(max: usize) -> String {
    format!("Ensure this field has no more than {max} characters.")
}

fn one_line(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A random, unguessable reference (22 characters, URL-safe).
fn new_reference() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>())
}

/// The fields both forms share, parsed.
struct Common {
    name: Option<String>,
    email: Option<String>,
    message: Option<String>,
}

pub struct SiteApi {
    pub state: Arc<AppState>,
}

impl SiteApi {
    fn ip(&self, req: &Request) -> IpAddr {
        crate::auth::client_ip(req, self.state.trust_forwarded_for)
    }

    /// The limits that apply before looking at the fields.
    async fn admit(
        &self,
        kind: EnquiryKind,
        ip: IpAddr,
        now: DateTime<Utc>,
    ) -> poem::Result<Result<(), Limited>> {
        let limiter = &self.state.limiter;
        if let Err(l) = limiter
            .hit(
                ENQUIRY_ATTEMPTS_PER_CLIENT,
                &crate::auth::client_key(ip),
                now,
            )
            .await?
        {
            return Ok(Err(l));
        }
        Ok(limiter
            .check(ENQUIRIES_PER_CLIENT, &client_key(kind, ip), now)
            .await?)
    }

    /// Counts, stores and mails a valid enquiry; a honeypot catch is only
    /// counted and logged.
    async fn accept(
        &self,
        req: &Request,
        mut enquiry: NewEnquiry,
        honeypot: &Option<String>,
        ip: IpAddr,
        now: DateTime<Utc>,
    ) -> poem::Result<EnquiryResponse> {
        if let Err(l) = self
            .state
            .limiter
            .hit(ENQUIRIES_PER_CLIENT, &client_key(enquiry.kind, ip), now)
            .await?
        {
            return Ok(l.into());
        }
        let received = Received {
            id: enquiry.id.clone(),
            received_at: now,
        };
        if honeypot.as_deref().is_some_and(|v| !v.trim().is_empty()) {
            tracing::info!(kind = enquiry.kind.as_str(), client = %ip,
                "enquiry with the honeypot field filled: answered as usual, nothing stored or sent");
            return Ok(EnquiryResponse::Created(Json(received)));
        }
        enquiry.client_ip = Some(ip.to_string());
        enquiry.user_agent = req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok())
            .map(|ua| one_line(ua).chars().take(USER_AGENT_MAX).collect());
        let state = &self.state;
        state.store.insert_enquiry(&enquiry, now).await?;
        tracing::info!(id = %enquiry.id, kind = enquiry.kind.as_str(), "enquiry received");
        state
            .mailer
            .send(enquiry_templates::to_operator(
                &state.operator_email,
                &enquiry,
                now,
            ))
            .await?;
        if state
            .limiter
            .hit(ACKS_PER_ADDRESS, &enquiry.email, now)
            .await?
            .is_ok()
        {
            state
                .mailer
                .send(enquiry_templates::acknowledgment(
                    &enquiry,
                    &state.link("/mentors"),
                ))
                .await?;
        }
        Ok(EnquiryResponse::Created(Json(received)))
    }
}

/// The per-form key of a client (IPv6 counted by /64, as everywhere).
fn client_key(kind: EnquiryKind, ip: IpAddr) -> String {
    format!("{}:{}", kind.as_str(), crate::auth::client_key(ip))
}

fn common(
    problems: &mut Fields,
    name: &Option<String>,
    email: &Option<String>,
    message: &Option<String>,
) -> Common {
    Common {
        name: problems.name("name", name),
        email: problems
            .email("email", email)
            .map(accounts::Email::into_string),
        message: problems.message(message),
    }
}

#[OpenApi(tag = "ApiTags::Site")]
impl SiteApi {
    /// Marketplace figures for the home page
    ///
    /// Only what the database can say: listed mentors, how many are rated
    /// and their mean rating. `completed_sessions` is 0 and
    /// `positive_feedback_percent` `null` because there is no bookings
    /// table yet; `countries` is `null` while profiles carry no country.
    /// Show only the figures that are not `null`.
    #[oai(path = "/api/stats/", method = "get", operation_id = "siteStats")]
    async fn stats(&self) -> poem::Result<StatsResponse> {
        // Computed from the cached catalogue: no query beyond its fingerprint.
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        Ok(StatsResponse::Ok(
            Json(stats_of(&cached.mentors)),
            "public, max-age=60".to_owned(),
        ))
    }

    /// Send a message to the team
    ///
    /// Stores the message, e-mails it to the operator and acknowledges it
    /// to the sender (we reply within 24 hours). Five accepted messages per
    /// client per hour.
    #[oai(path = "/api/contact/", method = "post", operation_id = "contact")]
    async fn contact(
        &self,
        req: &Request,
        body: Json<ContactBody>,
    ) -> poem::Result<EnquiryResponse> {
        let now = Utc::now();
        let ip = self.ip(req);
        if let Err(l) = self.admit(EnquiryKind::Contact, ip, now).await? {
            return Ok(l.into());
        }
        let mut problems = Fields::default();
        let common = common(&mut problems, &body.name, &body.email, &body.message);
        let subject = problems.line("subject", &body.subject, false, SUBJECT_MAX);
        let (Some(name), Some(email), Some(message), true) = (
            common.name,
            common.email,
            common.message,
            problems.0.is_empty(),
        ) else {
            return Ok(EnquiryResponse::Invalid(Json(problems.0)));
        };
        let enquiry = NewEnquiry {
            id: new_reference(),
            kind: EnquiryKind::Contact,
            name,
            email,
            phone: None,
            company: None,
            team_size: None,
            programme: None,
            subject,
            message,
            client_ip: None,
            user_agent: None,
        };
        self.accept(req, enquiry, &body.website, ip, now).await
    }

    /// Ask for a custom quote
    ///
    /// For the business programmes (`/b2b/...`). Stores the request, e-mails
    /// it to the operator and acknowledges it to the sender (we reply within
    /// 24 hours). Five accepted requests per client per hour.
    #[oai(
        path = "/api/b2b/quote/",
        method = "post",
        operation_id = "requestQuote"
    )]
    async fn quote(&self, req: &Request, body: Json<QuoteBody>) -> poem::Result<EnquiryResponse> {
        let now = Utc::now();
        let ip = self.ip(req);
        if let Err(l) = self.admit(EnquiryKind::Quote, ip, now).await? {
            return Ok(l.into());
        }
        let mut problems = Fields::default();
        let common = common(&mut problems, &body.name, &body.email, &body.message);
        let company = problems.line("company", &body.company, true, COMPANY_MAX);
        let phone = problems.phone(&body.phone);
        let team_size = problems.line("team_size", &body.team_size, false, TEAM_SIZE_MAX);
        let programme = problems.programme(&body.programme);
        let (Some(name), Some(email), Some(message), Some(company), Some(programme), true) = (
            common.name,
            common.email,
            common.message,
            company,
            programme,
            problems.0.is_empty(),
        ) else {
            return Ok(EnquiryResponse::Invalid(Json(problems.0)));
        };
        let enquiry = NewEnquiry {
            id: new_reference(),
            kind: EnquiryKind::Quote,
            name,
            email,
            phone,
            company: Some(company),
            team_size,
            programme: Some(programme),
            subject: None,
            message,
            client_ip: None,
            user_agent: None,
        };
        self.accept(req, enquiry, &body.website, ip, now).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_cleaned_and_bounded() {
        let mut p = Fields::default();
        assert_eq!(
            p.message(&Some("  Hello\r\nthere\u{0}!  ".into()))
                .as_deref(),
            Some("Hello\nthere!")
        );
        assert!(p.message(&Some("too short".into())).is_none());
        assert!(p.message(&Some("x".repeat(MESSAGE_MAX + 1))).is_none());
        assert!(p.message(&None).is_none());
        assert_eq!(p.0["message"].len(), 3);
    }

    #[test]
    fn programmes_are_a_closed_list() {
        let mut p = Fields::default();
        assert_eq!(
            p.programme(&Some(" CEO-Talks ".into())).as_deref(),
            Some("ceo-talks")
        );
        assert!(p.programme(&Some("yoga".into())).is_none());
        assert!(p.0["programme"][0].contains("\"yoga\" is not a valid choice"));
    }

    #[test]
    fn references_are_long_and_distinct() {
        let a = new_reference();
        assert_eq!(a.len(), 22);
        assert_ne!(a, new_reference());
    }
}
